"""A club's roster (issue 38): players added by name before any evening, over the API
(`POST /api/groups/<id>/players {"names": [...]}`, edit key; `DELETE .../players/<id>` for one
who never played) and on the group page (typed one by one or pasted one a line); capped at the
group's 200 players; the name rules of everywhere, refusals naming the name; counted against
RATE_LIMIT_ROSTER per group; the club night's *Who came tonight* lists them."""

from __future__ import annotations

import html
import re

import pytest

from groups.models import Group, GroupPlayer
from rounds.rules.names import name_key
from tests.groups.helpers import club_night, new_group

pytestmark = pytest.mark.django_db


def add(api, group, names):
    return api.post(f"/api/groups/{group['id']}/players", {"names": names})


def names_of(reply) -> list[str]:
    return [player["name"] for player in reply.json()["players"]]


def test_names_added_before_any_evening_answer_the_group_as_get_shows_it(api):
    group = new_group(api)
    added = add(api, group, ["Ann", "  Ben  Lee ", "Ｃat"])
    assert added.status_code == 201, added.content
    assert added.json() == api.get(f"/api/groups/{group['id']}").json()
    assert names_of(added) == ["Ann", "Ben Lee", "Cat"]
    assert [name_key(name) for name in GroupPlayer.objects.values_list("name", flat=True)] == list(
        GroupPlayer.objects.values_list("name_key", flat=True)
    )
    assert names_of(add(api, group, ["Dan"])) == ["Ann", "Ben Lee", "Cat", "Dan"]


@pytest.mark.parametrize(
    ("names", "status", "player", "error"),
    [
        ([], 400, None, "Names: give 1 to 200 names, one per player"),
        ("Ann", 400, None, "Names: give 1 to 200 names, one per player"),
        (["Eve", "ann"], 400, 1, "Name 2: Ann is already a player of this group"),
        (["Eve", "Z\u0435d"], 400, 1, "Name 2: Zed is already a player of this group"),  # Cyrillic е
        (["Eve", "Fay", "EVE"], 400, 2, "Name 3: Eve is in the list twice"),
        (["Eve", "   "], 400, 1, "Name 2: the name is blank"),
        (["Eve", 7], 400, 1, "Name 2: the name is blank"),
        (["Eve", "A\u202eB"], 400, 1, "Name 2: the name has a character that cannot be shown"),
        (["x" * 41], 400, 0, "Name 1: a name has at most 40 characters"),
    ],
)
def test_bad_names_are_refused_naming_the_name_and_nothing_is_added(api, names, status, player, error):
    group = new_group(api)
    add(api, group, ["Ann", "Zed"])
    refused = add(api, group, names)
    assert refused.status_code == status
    assert refused.json() == {"error": error, "field": "names", "player": player}
    assert sorted(GroupPlayer.objects.values_list("name", flat=True)) == ["Ann", "Zed"]


def test_the_200th_player_fits_and_the_201st_is_refused_naming_the_cap(api):
    group = new_group(api)
    assert add(api, group, [f"Member {number}" for number in range(1, 191)]).status_code == 201
    refused = add(api, group, [f"Late {number}" for number in range(1, 12)])
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "Players: this group already has 200 players, the most a group can have, so Late 11 cannot join",
        "field": "names",
        "player": 10,
    }
    assert GroupPlayer.objects.count() == 190  # none of the eleven
    assert add(api, group, [f"Late {number}" for number in range(1, 11)]).status_code == 201
    assert GroupPlayer.objects.count() == 200


def test_only_the_edit_key_adds_and_removes(api):
    group = new_group(api)
    add(api, group, ["Ann"])
    ann = GroupPlayer.objects.get()
    follow = api.post(f"/api/groups/{group['view_id']}/players", {"names": ["Ben"]})
    assert (follow.status_code, follow.json()["field"]) == (403, "key")
    assert api.delete(f"/api/groups/{group['view_id']}/players/{ann.pk}").status_code == 403
    assert GroupPlayer.objects.count() == 1


def test_a_player_who_never_played_is_removed_and_one_who_played_stays(api):
    group = new_group(api)
    add(api, group, ["Ann", "Ben", "Typo", "Cat", "Dan"])
    api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben"]})
    typo, ann = GroupPlayer.objects.get(name="Typo"), GroupPlayer.objects.get(name="Ann")
    removed = api.delete(f"/api/groups/{group['id']}/players/{typo.pk}")
    assert removed.status_code == 200
    assert names_of(removed) == ["Ann", "Ben", "Cat", "Dan"]
    kept = api.delete(f"/api/groups/{group['id']}/players/{ann.pk}")
    assert kept.status_code == 409
    assert kept.json() == {
        "error": "Ann has played with this group (an evening or a club night), so they stay; rename them instead",
        "field": "player",
        "player": None,
    }
    gone = api.delete(f"/api/groups/{group['id']}/players/{typo.pk}")
    assert (gone.status_code, gone.json()["error"]) == (404, "There is no such player in this group")
    assert GroupPlayer.objects.count() == 4


def test_a_player_a_club_night_holds_stays(api):
    group = new_group(api)
    add(api, group, ["Ann", "Ben", "Cat", "Dan", "Eve"])
    club_night(api, group["id"], ["Ann", "Ben", "Cat", "Dan", "Eve"])  # 5 players: one sits out
    for player in GroupPlayer.objects.all():
        refused = api.delete(f"/api/groups/{group['id']}/players/{player.pk}")
        assert refused.status_code == 409, player.name
    assert GroupPlayer.objects.count() == 5


def test_the_roster_is_counted_per_group(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "roster": (2, 3600)}
    group, other = new_group(api), new_group(api)
    assert add(api, group, ["Ann"]).status_code == 201
    typo = GroupPlayer.objects.get()
    assert api.delete(f"/api/groups/{group['id']}/players/{typo.pk}").status_code == 200
    refused = add(api, group, ["Ben"])
    assert refused.status_code == 429
    assert re.fullmatch(
        r"Too many changes to this group's players; try again in \d+ minutes?", refused.json()["error"]
    )
    assert refused["Retry-After"]
    assert add(api, other, ["Ben"]).status_code == 201  # another group is not refused


def test_the_group_page_adds_names_typed_or_pasted_one_a_line(client, api):
    group = new_group(api)
    page = client.get(f"/g/{group['id']}/").content.decode()
    assert 'data-action="add-players"' in page
    assert "0 players; a group holds up to 200." in page
    pasted = client.post(f"/g/{group['id']}/players/add", {"names": "Ann\r\n\r\n  Ben \r\nＣat\r\n"})
    assert pasted.status_code == 302
    page = client.get(pasted["Location"]).content.decode()
    assert "Added 3 players to the group." in page
    assert "3 players; a group holds up to 200." in page
    listed = re.findall(r'data-group-player="\d+">\s*<span class="player-name">([^<]+)<', page)
    assert listed == ["Ann", "Ben", "Cat"]
    assert page.count('data-action="remove-player"') == 3
    typed = client.post(f"/g/{group['id']}/players/add", {"names": "Dan"})
    assert typed.status_code == 302
    assert sorted(Group.objects.get().players.values_list("name", flat=True)) == ["Ann", "Ben", "Cat", "Dan"]


def test_the_group_page_says_what_is_wrong_and_keeps_what_was_typed(client, api):
    group = new_group(api)
    add(api, group, ["Ann"])
    refused = client.post(f"/g/{group['id']}/players/add", {"names": "Ben\nANN\n"})
    assert refused.status_code == 400
    page = html.unescape(refused.content.decode())
    assert "Name 2: Ann is already a player of this group" in page
    assert re.search(r"<textarea[^>]*data-roster-names>Ben\nANN\n</textarea>", page)
    assert GroupPlayer.objects.count() == 1
    ann = GroupPlayer.objects.get()
    api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben"]})
    page = client.get(f"/g/{group['id']}/").content.decode()
    assert page.count('data-action="remove-player"') == 0  # both played: nobody to take off
    stays = client.post(f"/g/{group['id']}/players/remove", {"player": str(ann.pk)})
    assert stays.status_code == 409
    assert "Ann has played with this group" in html.unescape(stays.content.decode())


def test_the_follow_link_shows_no_roster_form(client, api):
    group = new_group(api)
    page = client.get(f"/g/{group['view_id']}/").content.decode()
    assert "data-roster-add" not in page
    assert client.post(f"/g/{group['view_id']}/players/add", {"names": "Ann"}).status_code == 404


def test_a_new_club_night_lists_the_roster_to_tick(client, api):
    group = new_group(api)
    add(api, group, ["Eve", "ann", "Ben", "Dan", "Cat"])
    form = client.get(f"/e/new/{group['id']}").content.decode()
    ticks = re.findall(r'<input type="checkbox" name="roster" value="([^"]+)"', form)
    assert ticks == ["ann", "Ben", "Cat", "Dan", "Eve"]
