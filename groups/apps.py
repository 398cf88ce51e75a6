from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends and their seasons"

    def ready(self) -> None:
        from groups import live, services
        from rounds.services.sessions import session_rematched

        live.connect()
        session_rematched.connect(services.evening_rematched, dispatch_uid="groups.rematch")
