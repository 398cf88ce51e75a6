"""The door of groups' web layer for the web layer above it (events): a Skill cell as the season
page shows it. Nothing else of groups' web layer is events' to import (pyproject.toml holds it)."""

from groups.web.season_rows import rating_cell

__all__ = ["rating_cell"]
