"""A club night's players as members of its club (SPEC 13), written in the changes of the night
that bring players (the night made, players added, a draw), and the night's date, its first
draw's day."""

from __future__ import annotations

from datetime import date

from events.models import Event, EventPlayer
from groups.public import Group, group_players_for


def join_club(event: Event, *, signed_up: bool = False) -> None:
    """Each player of a club's night is a group player, under the group's name for them: matched
    by name (as everywhere: "josé" is "José"), or joining the group
    (refused, naming the player, once the group is full). Called in the write's transaction
    whenever players come: the event made, players added, a draw. Those who signed themselves up
    join at the draw (`signed_up`), not before: the organizer may still remove them; a player
    dropped joins nobody (a sign-up removed never enters the club's list)."""
    if event.group_id is None:
        return
    loose = EventPlayer.objects.filter(event=event, member__isnull=True, dropped=False)
    if not signed_up:
        loose = loose.filter(signed_up=False)
    loose = list(loose.order_by("pk"))
    if not loose:
        return
    group = Group.objects.get(pk=event.group_id)
    members = group_players_for(group, [player.name for player in loose])
    for player, member in zip(loose, members, strict=True):
        player.member, player.name = member, member.name  # shown as the group knows them
    EventPlayer.objects.bulk_update(loose, ["member", "name"])


def first_draw_day(event: Event, day: date) -> None:
    """A night is dated by its first draw (it may have been made days before, for sign-up)."""
    if event.played_on != day:
        Event.objects.filter(pk=event.pk).update(played_on=day)
        event.played_on = day
