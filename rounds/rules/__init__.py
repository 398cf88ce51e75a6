"""The rules of Big Two scoring as pure functions and values: no Django, no channels (SPEC 1-10).

import-linter holds it (pyproject.toml): nothing in this package imports Django, channels or asgiref.
"""
