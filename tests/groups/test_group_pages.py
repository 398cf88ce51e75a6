"""The group's pages without JavaScript: season page, sorting links, ranges, new evening, rename."""

import re

import pytest
from django.utils import timezone

from groups.models import Group, GroupEvening
from groups.services import group_writes as services
from rounds.inputs import clean_settings
from rounds.services import session_create
from tests.factories import add_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    group = services.group_create(name="Thursday <table>")
    session = services.group_session_create(
        group=group,
        players=["Ann", "<b>Ben</b>", "Cat"],
        settings=clean_settings({"preset": "classic-points"}),
    )
    add_rounds(session, [5, 0, 11], [0, 3, 10], [2, 0, 1], [0, 6, 13])
    return group


def row_names(html):
    return re.findall(r'data-season-player="([^"]*)"', html)


def test_season_page_shows_the_table_chart_head_to_head_and_evenings(client, group):
    page = client.get(f"/g/{group.edit_key}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Thursday &lt;table&gt;" in html
    assert "<b>Ben</b>" not in html
    assert row_names(html) == ["Ann", "&lt;b&gt;Ben&lt;/b&gt;", "Cat"]  # by net, highest first
    assert "data-season-chart" in html
    assert "data-head-to-head" in html
    assert html.count("data-evening>") == 1
    assert "data-new-evening" in html
    assert 'data-action="import-log"' in html


def chart_days(html):
    """The chart's day labels, each with the side of its text that stands at its x."""
    chart = re.search(r"<svg[^>]*data-season-chart.*?</svg>", html).group(0)
    return re.findall(r'text-anchor="(start|end)">(\d{4}-\d\d-\d\d)<', chart)


def test_the_charts_days_are_the_first_and_last_evenings_once_each(client, group):
    today = timezone.localdate()
    # One evening: its step is the chart's right edge, so its day ends there (not starts, cut off).
    assert chart_days(client.get(f"/g/{group.edit_key}/").content.decode()) == [("end", today.isoformat())]
    second = services.group_session_create(
        group=group, players=["Ann", "Cat"], settings=clean_settings({"preset": "classic-points"})
    )
    add_rounds(second, [0, 4])
    # Two evenings on the same day: the day once, not at both ends.
    assert chart_days(client.get(f"/g/{group.edit_key}/").content.decode()) == [("end", today.isoformat())]
    GroupEvening.objects.exclude(session=second).update(played_on=today.replace(year=2001))
    days = chart_days(client.get(f"/g/{group.edit_key}/").content.decode())
    assert days == [("start", today.replace(year=2001).isoformat()), ("end", today.isoformat())]


def row_colours(html):
    return dict(
        (name, colour) for colour, name in re.findall(r'<tr class="p(\d)" data-season-player="([^"]*)"', html)
    )


def test_a_players_colour_stays_theirs_whatever_the_dates(client, group):
    later = services.group_session_create(
        group=group, players=["Cat", "Dan"], settings=clean_settings({"preset": "classic-points"})
    )
    add_rounds(later, [0, 4])
    GroupEvening.objects.exclude(session=later).update(played_on=timezone.localdate().replace(year=2001))
    everything = row_colours(client.get(f"/g/{group.edit_key}/").content.decode())
    this_year = row_colours(client.get(f"/g/{group.edit_key}/?range=year").content.decode())
    assert everything == {"Ann": "0", "&lt;b&gt;Ben&lt;/b&gt;": "1", "Cat": "2", "Dan": "3"}
    assert this_year == {"Cat": "2", "Dan": "3"}


def test_sorting_links_work_without_javascript(client, group):
    html = client.get(f"/g/{group.edit_key}/?sort=name&dir=asc").content.decode()
    assert row_names(html) == ["&lt;b&gt;Ben&lt;/b&gt;", "Ann", "Cat"]  # "<" sorts before letters
    html = client.get(f"/g/{group.edit_key}/?sort=fries&dir=desc").content.decode()
    assert row_names(html)[0] == "Cat"
    assert 'aria-sort="descending"' in html
    html = client.get(f"/g/{group.edit_key}/?sort=%3Cscript%3E&range=nope&dir=x").content.decode()
    assert len(row_names(html)) == 3
    assert "<script>" not in html


def test_ranges_and_a_bad_custom_range(client, group):
    GroupEvening.objects.filter(group=group).update(played_on=timezone.localdate().replace(year=2001))
    html = client.get(f"/g/{group.edit_key}/?range=year").content.decode()
    assert "data-season-empty" in html
    html = client.get(f"/g/{group.edit_key}/?range=custom&from=2001-01-01&to=2001-12-31").content.decode()
    assert len(row_names(html)) == 3
    bad = client.get(f"/g/{group.edit_key}/?range=custom&from=2001-02-31")
    assert bad.status_code == 200
    assert "From: give a date" in bad.content.decode()


def test_follow_link_sees_the_season_but_no_forms(client, group):
    html = client.get(f"/g/{group.view_key}/").content.decode()
    assert len(row_names(html)) == 3
    assert "data-new-evening" not in html
    assert group.edit_key not in html
    assert client.post(f"/g/{group.view_key}/evenings/new", {"players": []}).status_code == 404
    assert client.get("/g/unknown-key/").status_code == 404


def test_start_an_evening_from_the_group(client, group):
    ann, ben = group.players.get(name="Ann"), group.players.get(name="<b>Ben</b>")
    reply = client.post(
        f"/g/{group.edit_key}/evenings/new", {"players": [ann.pk, ben.pk], "new_1": "Dan", "preset": ""}
    )
    assert reply.status_code == 302
    evening = GroupEvening.objects.filter(group=group).order_by("-pk").first()
    assert reply["Location"] == f"/s/{evening.session.edit_key}/"
    assert list(evening.session.players.values_list("name", flat=True)) == ["Ann", "<b>Ben</b>", "Dan"]
    assert evening.session.rules_json["mode"] == "points"  # the rules of the last evening
    assert list(group.players.values_list("name", flat=True)) == ["Ann", "<b>Ben</b>", "Cat", "Dan"]


def test_a_bad_new_evening_is_refused_with_a_message(client, group):
    ann = group.players.get(name="Ann")
    reply = client.post(f"/g/{group.edit_key}/evenings/new", {"players": [ann.pk], "preset": "wta-flat"})
    assert reply.status_code == 400
    assert "give 2 to 4 names" in reply.content.decode()
    reply = client.post(f"/g/{group.edit_key}/evenings/new", {"players": [ann.pk], "new_1": "ANN"})
    assert reply.status_code == 400
    assert "already playing" in reply.content.decode()
    assert GroupEvening.objects.filter(group=group).count() == 1


def test_rename_from_the_page(client, group):
    cat = group.players.get(name="Cat")
    assert (
        client.post(f"/g/{group.edit_key}/players/rename", {"player": cat.pk, "name": "Kat"}).status_code
        == 302
    )
    html = client.get(f"/g/{group.edit_key}/").content.decode()
    assert "Kat" in row_names(html)
    refused = client.post(f"/g/{group.edit_key}/players/rename", {"player": cat.pk, "name": "ann"})
    assert refused.status_code == 400
    assert "already a player" in refused.content.decode()


def test_new_group_from_the_home_page(client):
    home = client.get("/").content.decode()
    assert 'action="/g/new"' in home
    reply = client.post("/g/new", {"name": "Sunday lunch"})
    group = Group.objects.get(name="Sunday lunch")
    assert reply["Location"] == f"/g/{group.edit_key}/"
    assert client.post("/g/new", {"name": "   "}).status_code == 400


def test_season_partial_is_the_season_alone(client, group):
    html = client.get(f"/g/{group.view_key}/season?sort=wins").content.decode()
    assert html.lstrip().startswith('<section class="season"')
    assert len(row_names(html)) == 3


def test_season_page_speaks_chinese(client, group):
    html = client.get(f"/g/{group.edit_key}/", headers={"accept-language": "zh-TW"}).content.decode()
    assert "賽季" in html
    assert "對戰" in html
    refused = client.get(
        f"/api/groups/{group.edit_key}/season?from=2026-02-31", headers={"accept-language": "zh-TW"}
    )
    assert refused.json()["error"].startswith("起始：")


def test_import_pressed_twice_imports_the_log_once(client, group):
    log = "2026-01-02\nAnn Ben\n0 5\n"
    url = f"/g/{group.edit_key}/import"
    preview = client.post(url, {"log": log})
    assert preview.status_code == 200
    assert 'data-action="commit-import"' in preview.content.decode()
    assert client.post(url, {"log": log, "commit": "1"}).status_code == 302
    assert GroupEvening.objects.filter(group=group).count() == 2
    again = client.post(url, {"log": log, "commit": "1"})
    assert again.status_code == 409
    assert "already imported" in again.content.decode()
    assert GroupEvening.objects.filter(group=group).count() == 2
    preview_again = client.post(url, {"log": log})
    assert preview_again.status_code == 409
    assert 'data-action="commit-import"' not in preview_again.content.decode()


def test_an_evening_of_a_group_links_to_its_season_read_only(client, group):
    evening = GroupEvening.objects.get(group=group).session
    for key in (evening.edit_key, evening.view_key):
        html = client.get(f"/s/{key}/").content.decode()
        link = f'href="/g/{group.view_key}/" data-session-link="season">Season of Thursday &lt;table&gt;</a>'
        assert link in html
        # ...and in the links without JavaScript and under the final standings (shown once finished).
        assert html.count(f'href="/g/{group.view_key}/"') == 3
        assert group.edit_key not in html
    other = session_create(players=["Ann", "Ben"], settings=clean_settings({"preset": "classic-points"}))
    assert "data-session-link" not in client.get(f"/s/{other.edit_key}/").content.decode()
