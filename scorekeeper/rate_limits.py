"""The rate limits a stranger meets, one line each: the scope the code counts under, the
environment variable that sets it ("COUNT/SECONDS") and its default.

Read by the settings (RATE_LIMITS) and by the test servers and benchmarks that lift every limit,
so a new limit is named here once. Plain Python: importing it sets nothing up.
"""

from __future__ import annotations

from typing import Final

# Counted in the database across workers (rounds/services/ratelimit.py). Per client address: a stranger's
# new sessions, new groups, paper-log imports (one each, however many tables) and rematches of a
# session outside a group; new events, and the tables their draws make (each a session: a night of
# 50 tables x 5 rounds is 250). Per group: its new evenings, rematches of them included. Per
# event: its draws and its players added, dropped or swapped. Per address: players signing
# themselves up for a night (a club's room behind one address signs up a few dozen), and exports
# (a group's export.txt and league.csv, an event's export.csv: each kept once built, but a loop of
# them still costs a read of every evening's versions). Per session: the entry lock taken,
# renewed or taken over, over HTTP and the socket alike (a holder renews every 10 s at most while
# typing; each renewal is a write, and a burst of them was sent on to every follower). Per group:
# its players added or removed on its roster (a paste of names is one; typed one by one, a club's
# 200 members fit in an hour).
RATE_LIMIT_VARIABLES: Final = {
    "session": ("RATE_LIMIT_SESSIONS", "30/3600"),
    "group": ("RATE_LIMIT_GROUPS", "10/3600"),
    "import": ("RATE_LIMIT_IMPORTS", "30/3600"),
    "rematch": ("RATE_LIMIT_REMATCHES", "120/3600"),
    "evening": ("RATE_LIMIT_EVENINGS", "120/3600"),
    "event": ("RATE_LIMIT_EVENTS", "10/3600"),
    "event_change": ("RATE_LIMIT_EVENT_CHANGES", "600/3600"),
    "event_table": ("RATE_LIMIT_EVENT_TABLES", "300/3600"),
    "signup": ("RATE_LIMIT_SIGNUPS", "60/3600"),
    "export": ("RATE_LIMIT_EXPORTS", "60/3600"),
    "lock": ("RATE_LIMIT_LOCKS", "60/60"),
    "roster": ("RATE_LIMIT_ROSTER", "240/3600"),
}
