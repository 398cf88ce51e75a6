from django.apps import AppConfig


class RoundsConfig(AppConfig):
    name = "rounds"
    verbose_name = "Big Two rounds"
