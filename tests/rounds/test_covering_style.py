"""The session's covering rule (SPEC 3.4 or 3.5) through the API, the forms and the pages."""

import pytest

from rounds.models import Round, RoundVersion, Session
from rounds.reads.selectors import current_settings
from tests.factories import add_rounds, make_session
from tests.rounds.test_api import add, create, token_for
from tests.rounds.test_pages import NEW_EVENING, settings_post, text_of

pytestmark = pytest.mark.django_db

WHOLE_LOSS = {"covering_rule": True, "covering_style": "takes_whole_loss"}


def test_a_new_session_pays_for_everyone_unless_told_otherwise(api):
    settings = create(api, covering_rule=True)["settings"]
    assert (settings["covering_rule"], settings["covering_style"]) == (True, "pays_for_everyone")


def test_taking_the_whole_loss_scores_spec_3_5_through_the_api(api):
    state = create(api, preset="pay-difference", **WHOLE_LOSS)
    key = state["id"]
    assert state["settings"]["covering_style"] == "takes_whole_loss"
    token = token_for(api, key)
    reply = add(api, key, token, [5, 0, 11, 13], covering=0)
    assert reply.status_code == 201
    round_ = reply.json()["round"]
    assert (round_["penalties"], round_["scores"]) == ([5, 0, 11, 13], [-87, 29, 29, 29])
    stored = reply.json()["state"]["rounds"][0]
    assert stored["rules"] == {
        "mode": "pay_difference",
        "tiers": [[1, 1]],
        "twos": None,
        "covering_style": "takes_whole_loss",
    }
    assert reply.json()["state"]["totals"] == [-87, 29, 29, 29]
    history = api.get(f"/api/sessions/{key}/history").json()["versions"]
    assert history[0]["rules"]["covering_style"] == "takes_whole_loss"


def test_the_preview_scores_under_the_sessions_covering_rule(api):
    key = create(api, preset="wta-flat", **WHOLE_LOSS)["id"]
    response = api.post(f"/api/sessions/{key}/preview", {"cards": [5, 0, 11, 13], "covering": 0})
    assert response.json()["round"]["scores"] == [-29, 29, 0, 0]


def test_a_new_covering_rule_applies_from_the_next_round_and_rescore_rewrites_the_old(api):
    key = create(api, preset="pay-difference", covering_rule=True)["id"]
    token = token_for(api, key)
    assert add(api, key, token, [5, 0, 11, 13], covering=0).json()["round"]["scores"] == [-31, 29, 2, 0]
    api.patch(f"/api/sessions/{key}", {"covering_style": "takes_whole_loss"}, token=token)
    assert add(api, key, token, [5, 0, 11, 13], covering=0).status_code == 201
    state = api.get(f"/api/sessions/{key}").json()  # the add's reply carries its round only
    assert [r["scores"] for r in state["rounds"]] == [[-31, 29, 2, 0], [-87, 29, 29, 29]]
    assert [r["rules"]["covering_style"] for r in state["rounds"]] == [
        "pays_for_everyone",
        "takes_whole_loss",
    ]
    state = api.patch(
        f"/api/sessions/{key}", {"covering_style": "takes_whole_loss", "rescore": True}, token=token
    ).json()
    assert [r["scores"] for r in state["rounds"]] == [[-87, 29, 29, 29]] * 2
    assert state["totals"] == [-174, 58, 58, 58]
    assert [stored["covering_style"] for stored in Round.objects.values_list("rules_json", flat=True)] == [
        "takes_whole_loss"
    ] * 2


def test_a_correction_keeps_the_covering_rule_the_round_was_scored_under(api):
    key = create(api, preset="pay-difference", **WHOLE_LOSS)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13], covering=0)
    api.patch(f"/api/sessions/{key}", {"covering_style": "pays_for_everyone"}, token=token)
    response = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [5, 0, 11, 13], "covering": 2}, token=token)
    assert response.json()["round"]["scores"] == [29, 29, -87, 29]


def test_turning_covering_off_keeps_it_on_rounds_played_with_it_until_they_are_rescored(api):
    key = create(api, preset="pay-difference", covering_rule=True)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13], covering=0)
    api.patch(f"/api/sessions/{key}", {"covering_rule": False}, token=token)
    # A new round cannot name covering any more...
    refused = add(api, key, token, [0, 3, 2, 4], covering=1)
    assert (refused.status_code, refused.json()["field"]) == (400, "covering")
    # ...but a correction of a round played with it keeps it (the panel has no chip to take it off),
    preview = api.post(f"/api/sessions/{key}/preview", {"cards": [6, 0, 11, 13], "covering": 0, "number": 1})
    assert preview.json()["round"]["scores"] == [-32, 30, 2, 0]
    corrected = api.put(
        f"/api/sessions/{key}/rounds/1", {"cards": [6, 0, 11, 13], "covering": 0}, token=token
    )
    assert corrected.json()["round"]["scores"] == [-32, 30, 2, 0]
    # and may not move it to another player.
    moved = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [6, 0, 11, 13], "covering": 2}, token=token)
    assert (moved.status_code, moved.json()["field"]) == (400, "covering")
    # Rescoring every round under the rules without covering takes it off the old rounds too.
    state = api.patch(f"/api/sessions/{key}", {"rescore": True}, token=token).json()
    assert [(r["covering"], r["scores"]) for r in state["rounds"]] == [(None, [6, 30, -14, -22])]
    assert Round.objects.get().covering is None


def test_a_restored_round_keeps_its_covering_rule(api):
    key = create(api, preset="wta-flat", **WHOLE_LOSS)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13], covering=2)
    api.delete(f"/api/sessions/{key}/rounds/1", token=token)
    api.patch(f"/api/sessions/{key}", {"covering_style": "pays_for_everyone"}, token=token)
    deleted = RoundVersion.objects.get(action="deleted")
    response = api.post(f"/api/sessions/{key}/history/{deleted.pk}/restore", {}, token=token)
    assert response.status_code == 201, response.json()
    assert response.json()["round"]["scores"] == [0, 29, -29, 0]
    assert Round.objects.get().rules.covering_style == "takes_whole_loss"


@pytest.mark.parametrize("bad", ["both", "", None, True, ["takes_whole_loss"], "TAKES_WHOLE_LOSS"])
def test_an_unknown_covering_style_is_refused_naming_the_field(api, bad):
    response = api.post("/api/sessions", {"players": ["Ann", "Ben"], "covering_style": bad})
    assert response.status_code == 400
    assert response.json() == {
        "error": "covering_style: choose pays_for_everyone or takes_whole_loss",
        "field": "covering_style",
        "player": None,
    }
    assert Session.objects.count() == 0


def test_the_new_session_form_takes_the_covering_rule(client):
    client.post("/", {**NEW_EVENING, "covering_rule": "on", "covering_style": "takes_whole_loss"})
    session = Session.objects.get()
    assert (current_settings(session).covering_rule, session.rules.covering_style) == (
        True,
        "takes_whole_loss",
    )


def test_the_new_session_form_refuses_an_unknown_covering_style(client):
    response = client.post("/", {**NEW_EVENING, "covering_rule": "on", "covering_style": "half"})
    assert response.status_code == 400
    assert "Select a valid choice" in text_of(response)
    assert Session.objects.count() == 0


def test_the_settings_sheet_changes_the_covering_rule_and_keeps_it_when_not_sent(client):
    session = make_session(players=["Ann", "Ben", "Cat", "Dan"], preset="pay-difference", covering_rule=True)
    token = add_rounds(session, [5, 0, 11, 13], covering=0)
    response = settings_post(
        client, session, token, mode="pay_difference", covering_rule="on", covering_style="takes_whole_loss"
    )
    assert response.json()["settings"]["covering_style"] == "takes_whole_loss"
    assert response.json()["rounds"][0]["scores"] == [-31, 29, 2, 0]  # round 1 keeps its rule
    # A page from before the choice existed sends no style: the session keeps its own.
    response = settings_post(client, session, token, mode="pay_difference", covering_rule="on")
    assert response.json()["settings"]["covering_style"] == "takes_whole_loss"


def test_the_plain_round_form_scores_a_whole_loss(client):
    session = make_session(players=["Ann", "Ben", "Cat", "Dan"], preset="pay-difference", **WHOLE_LOSS)
    response = client.post(
        f"/s/{session.edit_key}/rounds/add", {"cards": ["5", "0", "11", "13"], "covering": "3"}
    )
    assert response.status_code == 302
    assert Round.objects.get().scores == [29, 29, 29, -87]


def test_the_entry_panel_says_which_covering_rule_applies(client):
    whole = make_session(**WHOLE_LOSS)
    page = text_of(client.get(f"/s/{whole.edit_key}/"))
    assert "covering takes the whole loss" in page
    assert page.count('title="Covering: takes the whole loss"') == 4
    assert "takes all" in page
    assert "pays all" not in page
    pays = make_session(covering_rule=True)
    page = text_of(client.get(f"/s/{pays.edit_key}/"))
    assert "covering pays for everyone" in page
    assert page.count('title="Covering: pays for everyone"') == 4
    off = make_session()
    assert "covering pays" not in text_of(client.get(f"/s/{off.edit_key}/"))


def test_the_settings_sheet_shows_the_sessions_covering_style(client):
    session = make_session(**WHOLE_LOSS)
    page = client.get(f"/s/{session.edit_key}/settings").content.decode()  # fetched when the sheet opens
    assert 'name="covering_style" value="takes_whole_loss" checked' in page
    assert 'name="covering_style" value="pays_for_everyone" >' in page
