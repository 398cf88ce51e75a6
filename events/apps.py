from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Club nights: many tables, one evening"

    def ready(self) -> None:
        from events.reads import club, selectors
        from events.services import tables
        from groups.public import club_signals as clubs
        from rounds.signals import (
            session_changing,
            session_hosted_page,
            session_published,
            session_saved,
            sessions_kept,
        )

        sessions_kept.connect(selectors.table_ids, dispatch_uid="events.services.tables-kept")
        session_changing.connect(tables.table_write, dispatch_uid="events.table-write")
        session_saved.connect(tables.table_saved, dispatch_uid="events.table-saved")
        session_published.connect(tables.table_changed, dispatch_uid="events.table-changed")
        session_hosted_page.connect(tables.table_page, dispatch_uid="events.table-page")
        clubs.club_tables.connect(club.club_tables, dispatch_uid="events.reads.club-tables")
        clubs.club_nights.connect(club.club_nights, dispatch_uid="events.reads.club-nights")
        clubs.club_sessions.connect(club.club_sessions, dispatch_uid="events.reads.club-sessions")
        clubs.club_used.connect(club.club_used, dispatch_uid="events.reads.club-used")
        clubs.club_of_session.connect(club.club_of_session, dispatch_uid="events.reads.club-of-session")
        clubs.club_members.connect(club.club_members, dispatch_uid="events.reads.club-members")
        clubs.club_state.connect(club.club_state, dispatch_uid="events.reads.club-state")
