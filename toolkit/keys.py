"""The keys in a link: unguessable when made, and what a key in a URL may look like."""

from __future__ import annotations

import re
import secrets

# A key a URL may carry (every key made here is 24 characters; older and test keys are shorter).
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_key() -> str:
    """An unguessable session key: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)
