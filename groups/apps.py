from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends and their seasons"

    def ready(self) -> None:
        from groups.reads import selectors
        from groups.services import group_writes as services
        from groups.services import publish as live
        from groups.web import api
        from rounds.signals import (
            rematch_counted,
            rematch_rules,
            session_hosted,
            session_links,
            session_rematched,
            sessions_kept,
        )

        live.connect()
        session_rematched.connect(services.evening_rematched, dispatch_uid="groups.rematch")
        session_links.connect(selectors.season_link, dispatch_uid="groups.rules.season-link")
        sessions_kept.connect(selectors.evening_ids, dispatch_uid="groups.evenings-kept")
        rematch_counted.connect(services.evening_rematch_rate, dispatch_uid="groups.rematch-rate")
        rematch_rules.connect(services.evening_rematch_rules, dispatch_uid="groups.rematch-rules")
        session_hosted.connect(api.session_host, dispatch_uid="groups.session-host")
