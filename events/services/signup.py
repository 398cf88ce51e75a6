"""Sign-up before the night (SPEC 13): the organizer opens the night, and until the first draw a
player adds themselves on the follow page ("I'm in"). Keyword-only services, atomic; a refusal
names what is wrong and changes nothing.

- open or close: the organizer, before the first draw (the draw closes it: events/services/event_writes.py);
- sign up: while open and before the first draw, a name cleaned and matched as every player
  name (rounds/rules/names.py), not already in the event, within the event's 200 players; at a
  club's night a new name also within the group's 200 players (it joins the group at the first
  draw, events/reads/club.py, unless the organizer removes it first).
"""

from __future__ import annotations

from django.db import transaction

from events.models import MAX_EVENT_PLAYERS, Event, EventPlayer
from events.services.event_writes import EVENT_FULL, EventConflict, current_round, locked, touched
from groups.public import GROUP_FULL, MAX_GROUP_PLAYERS, GroupPlayer
from rounds.public import ServiceError, clean_name
from rounds.rules.names import NameMessages, NameRoll, name_key
from toolkit.messages import gettext_noop

SIGNUP_NAME = NameMessages(
    blank=gettext_noop("Name: type your name, or pick it from the list"),
    unseen=gettext_noop("Name: the name needs at least one visible character"),
    hidden=gettext_noop("Name: the name has a character that cannot be shown"),
    too_long=gettext_noop("Name: a name has at most 40 characters"),
    duplicate=gettext_noop("Name: %(name)s is already in tonight's list"),
)
SIGNUP_OFF = gettext_noop("Sign-up: this night is not open for sign-up; ask the organizer to add you")
SIGNUP_DRAWN = gettext_noop("Sign-up: round 1 is drawn, so sign-up has closed; ask the organizer to add you")
SWITCH_DRAWN = gettext_noop("Sign-up: round 1 is drawn; sign-up can only be opened or closed before it")


class SignupOff(ServiceError):
    """The night is not open for sign-up: only the organizer adds players."""

    status = 403


@transaction.atomic
def event_signup_switch(*, event: Event, on: bool) -> Event:
    """Open or close the night for sign-up, before the first draw."""
    event = locked(event)
    if current_round(event) is not None:
        raise EventConflict(SWITCH_DRAWN, field="signup")
    if event.signup != on:
        Event.objects.filter(pk=event.pk).update(signup=on)
        touched(event, "event.signup")
    return event


@transaction.atomic
def event_signup(*, event: Event, name: object) -> EventPlayer:
    """A player adds themselves: 409 after the first draw, 403 while sign-up is off, 400 for a
    bad name or one already in the event (dropped players too: the organizer brings them back)."""
    event = locked(event)
    if current_round(event) is not None:
        raise EventConflict(SIGNUP_DRAWN, field="signup")
    if not event.signup:
        raise SignupOff(SIGNUP_OFF, field="signup")
    cleaned = clean_name(name, messages=SIGNUP_NAME, field="name")
    key = name_key(cleaned)
    roll = NameRoll(EventPlayer.objects.filter(event=event).values_list("name", flat=True))
    if (there := roll.repeats(cleaned)) is not None:  # said as the list says it: "ann" is Ann
        raise ServiceError(SIGNUP_NAME.duplicate, field="name", name=there)
    if len(roll) >= MAX_EVENT_PLAYERS:
        raise EventConflict(EVENT_FULL, field="name", most=MAX_EVENT_PLAYERS, name=cleaned)
    check_club_room(event, cleaned, key)
    player = EventPlayer.objects.create(event=event, name=cleaned, name_key=key, signed_up=True)
    touched(event, "event.players")
    return player


def check_club_room(event: Event, name: str, key: str) -> None:
    """At a club's night, a new name joins the group at the first draw: refused now, naming it,
    when the group has no room left for it and the other new names waiting to join."""
    if event.group_id is None:
        return
    members = GroupPlayer.objects.filter(group_id=event.group_id)
    if members.filter(name_key=key).exists():
        return
    waiting = (
        EventPlayer.objects.filter(event=event, member__isnull=True, dropped=False)
        .exclude(name_key__in=members.values("name_key"))
        .count()
    )
    if members.count() + waiting >= MAX_GROUP_PLAYERS:
        raise ServiceError(GROUP_FULL, field="name", most=MAX_GROUP_PLAYERS, name=name)
