from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Club nights: many tables, one evening"

    def ready(self) -> None:
        from events import selectors, tables
        from rounds.public import (
            session_changing,
            session_hosted_page,
            session_published,
            session_saved,
            sessions_kept,
        )

        sessions_kept.connect(selectors.table_ids, dispatch_uid="events.tables-kept")
        session_changing.connect(tables.table_write, dispatch_uid="events.table-write")
        session_saved.connect(tables.table_saved, dispatch_uid="events.table-saved")
        session_published.connect(tables.table_changed, dispatch_uid="events.table-changed")
        session_hosted_page.connect(tables.table_page, dispatch_uid="events.table-page")
