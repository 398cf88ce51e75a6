from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends and their seasons"

    def ready(self) -> None:
        from groups import live

        live.connect()
