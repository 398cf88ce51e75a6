from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Club nights: many tables, one evening"

    def ready(self) -> None:
        from events import selectors
        from rounds.signals import sessions_kept

        sessions_kept.connect(selectors.table_ids, dispatch_uid="events.tables-kept")
