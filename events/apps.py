from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Club nights: many tables, one evening"
