"""Test data, made through the same services the app uses."""

from rounds import services
from rounds.inputs import clean_settings
from rounds.models import Session
from rounds.rules.scoring import RoundEntry
from rounds.services.locking import lock_acquire

NAMES = ("Ann", "Ben", "Cat", "Dan")


def make_session(players=NAMES, *, randomize_seats=False, **fields) -> Session:
    return services.session_create(
        players=list(players), settings=clean_settings(fields), randomize_seats=randomize_seats
    )


def grab_lock(session: Session, device: str = "Ann's phone") -> str:
    return lock_acquire(session=session, device=device).token


def add_rounds(session: Session, *card_lists, token: str | None = None, **entry_fields) -> str:
    """Add rounds in order under one lock; returns the token, still held."""
    token = token or grab_lock(session)
    for cards in card_lists:
        services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(cards), **entry_fields))
    return token
