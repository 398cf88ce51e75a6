"""What other apps can follow of a session without the rounds app knowing them (groups does).

- `session_published` (session_id=, kinds=, session=): once per change, after its commit
  (rounds/services/publish.py); `session` as the change left it.
- `session_rematched` (session=, rematch=): inside a rematch's transaction; the evening's ties
  carry over to the next one (a group's evening rematched is the group's next evening).
- `session_links` (session=): while the session page is drawn; a receiver may answer with a
  link for its menu, `{"url": ..., "label": ..., "kind": ...}`, or None.
- `rematch_counted` (session=): before a rematch; a receiver may answer `(scope, subject)` to
  count the rematch against (a group's evening: the group's evenings), else it counts against
  the address's rematches.
- `rematch_rules` (session=): before a rematch; a receiver may answer with the SessionSettings
  the rematch starts from (a group's evening: the group's own rules), else it keeps the evening's.
- `sessions_kept` (): asked by `purge_sessions`; a receiver answers with a query of the session
  ids it keeps (a group's evenings live and go with their group), never purged on their own.
- `session_hosted` (field=, key=): `POST /api/sessions` names another app's owner of the new
  session (`"group": <edit key>`); the app that knows `field` answers with a SessionHost or
  refuses the key (a ProtocolError naming the field). A field nobody answers is unknown.
- `session_changing` (session=, action=): inside a write's transaction, before it changes anything
  (action: "add", "edit", "delete", "restore", "undo", "settings", "reopen", "finish",
  "rematch" or "paid": a payment ticked, asked before the request's body is read). The app that owns the session's rules may refuse the write by raising a
  ServiceError (an event's table: its length, rules and players are the event's), or answer
  LAST_WRITE: the write ends the session (a round whose time is up: the hand in play is the last).
- `session_saved` (session=): inside a change's transaction, once the session's sums, version
  and end are saved (before its commit): what another app keeps of the session changes with it.
- `session_hosted_page` (session=): while the session page is drawn, the app that owns the session
  may answer a PageHost (what the page shows of it; see below), else the page is the plain one.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.dispatch import Signal

session_published = Signal()
session_rematched = Signal()
session_links = Signal()
sessions_kept = Signal()
rematch_counted = Signal()
rematch_rules = Signal()
session_hosted = Signal()
session_changing = Signal()
session_saved = Signal()
session_hosted_page = Signal()

# A receiver of session_changing answers this when the write it allows is the session's last.
LAST_WRITE = "last"


@dataclass(frozen=True)
class SessionHost:
    """Who a new session belongs to, as its app answers: what the new session counts against
    (`scope`, `subject`: see rounds/services/ratelimit.py) and how it is made: `create(players=,
    settings=, randomize_seats=)` returns the session; `settings_of(body)` reads the creation
    fields sent over the host's own rules, answering (settings, randomize_seats)."""

    scope: str
    subject: str | None
    create: Callable[..., object]
    settings_of: Callable[[dict], tuple[object, bool]]


HOST_FIELDS = ("group",)


def session_host(field: str, key: object) -> SessionHost | None:
    """The host `key` names in `field` of a new session, or None when the field is absent."""
    if key is None:
        return None
    for _receiver, answer in session_hosted.send(sender=None, field=field, key=key):
        if answer is not None:
            return answer
    return None


def rematch_rate(session: object) -> tuple[str, str | None]:
    """What a rematch of this session counts against: `(scope, subject)`; None is the address."""
    for _receiver, answer in rematch_counted.send(sender=type(session), session=session):
        if answer:
            return answer
    return "rematch", None


def rematch_settings(session: object) -> object | None:
    """The settings another app gives a rematch of this session, or None: keep the evening's."""
    for _receiver, answer in rematch_rules.send(sender=type(session), session=session):
        if answer is not None:
            return answer
    return None


def page_links(session: object) -> list[dict]:
    """The links other apps add to this session's page, in the order they answered."""
    return [link for _receiver, link in session_links.send(sender=type(session), session=session) if link]


def write_checked(session: object, action: str) -> bool:
    """Ask the app that owns the session whether it takes this write (it raises when not);
    True when the write is to end the session."""
    answers = session_changing.send(sender=type(session), session=session, action=action)
    return any(answer == LAST_WRITE for _receiver, answer in answers)


@dataclass(frozen=True)
class PageHost:
    """What the session page shows of the app that owns the session (an event's table): a
    `banner` above the totals (HTML it rendered), `hands`: a deal is called a hand on this page
    (the host's own round is something else), `fixed`: the rules, length and players are the
    host's, so the page offers no settings, reopen, end or rematch; `closed`: its rounds stay as
    they are (the banner carries the sentence a tap on one says, in `data-corrections-closed`);
    `final_title`: the heading of the finished session's standings, when the host's own are the
    final ones (an event's table is "Table 3": the night's standings are in the banner)."""

    banner: str = ""
    hands: bool = False
    fixed: bool = False
    closed: bool = False
    final_title: str = ""


def page_host(session: object) -> PageHost:
    for _receiver, answer in session_hosted_page.send(sender=type(session), session=session):
        if answer is not None:
            return answer
    return PageHost()
