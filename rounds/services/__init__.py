"""Every write to a session and its rounds. Keyword-only and transactional.

A round write locks the session's EntryLock row and checks, inside its
transaction, that the caller's token is the current unexpired one (fencing), so
a device that lost its lease can never write. The lease itself is in
rounds/services/locking.py; its services are re-exported here with the rest.
"""

from rounds.reads.replies import RoundWrite
from rounds.services.history import HISTORY_WRITES, round_restore, round_undo
from rounds.services.locking import (
    LockGrant,
    lock_acquire,
    lock_disconnect,
    lock_release,
    lock_renew,
    lock_takeover,
)
from rounds.services.round_writes import round_add, round_add_once, round_delete, round_edit
from rounds.services.seating import session_seat_players
from rounds.services.sessions import (
    session_close,
    session_create,
    session_finish,
    session_rematch,
    session_reopen,
    session_update,
    session_update_once,
)

__all__ = [
    "HISTORY_WRITES",
    "LockGrant",
    "RoundWrite",
    "lock_acquire",
    "lock_disconnect",
    "lock_release",
    "lock_renew",
    "lock_takeover",
    "round_add",
    "round_add_once",
    "round_delete",
    "round_edit",
    "round_restore",
    "round_undo",
    "session_close",
    "session_create",
    "session_finish",
    "session_rematch",
    "session_reopen",
    "session_seat_players",
    "session_update",
    "session_update_once",
]
