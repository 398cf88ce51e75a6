"""Paying by place and the house over the JSON API (SPEC 3.6, API.md): the settings, the state's
house total and each round's house, the settlement with the house as a party, the preview."""

import pytest

from rounds.models import Round, Session
from rounds.rules.ruleset import Mode, Places, RoundRules
from rounds.rules.scoring import RoundEntry, score_round

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
SPEC_ROUNDS = [[3, 0, 7, 5], [3, 0, 11, 5], [4, 0, 4, 9]]  # SPEC 3.6: plain, heavy, a tie


def create(api, **fields):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 201, response.json()
    return response.json()


def token_for(api, key):
    response = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"})
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def play(api, key, rounds):
    token = token_for(api, key)
    for cards in rounds:
        response = api.post(f"/api/sessions/{key}/rounds", {"cards": cards}, token=token)
        assert response.status_code == 201, response.json()
    return token


def engine(cards, places=None):
    return score_round(
        RoundEntry(tuple(cards)), PLAYERS, RoundRules(Mode.BY_PLACE, places=places or Places())
    )


def test_by_place_defaults_are_the_taiwan_tables(api):
    state = create(api, mode="by_place")
    assert state["settings"]["places"] == {
        "pays": [100, 200, 300],
        "heavy_pays": [200, 400, 600],
        "heavy_from": 10,
        "house_cut": 100,
    }
    assert state["settings"]["house_name"] == ""
    assert state["house"] == 0


def test_the_house_keeps_its_own_total_and_everyone_with_it_sums_to_zero(api):
    state = create(api, preset="taiwan-place", value_per_point="0.10")
    play(api, state["id"], SPEC_ROUNDS)
    state = api.get(f"/api/sessions/{state['id']}").json()
    expected = [engine(cards) for cards in SPEC_ROUNDS]
    assert [round_["scores"] for round_ in state["rounds"]] == [list(scored.scores) for scored in expected]
    assert [round_["house"] for round_ in state["rounds"]] == [0, 100, 0]
    assert state["rounds"][1]["scores"] == [-200, 1100, -600, -400]  # SPEC 3.6, the heavy round
    assert state["rounds"][2]["scores"] == [-150, 600, -150, -300]  # the tie shares 100 + 200
    assert state["totals"] == [sum(column) for column in zip(*(s.scores for s in expected), strict=True)]
    assert state["house"] == 100
    assert sum(state["totals"]) + state["house"] == 0


def test_the_settlement_has_the_house_as_a_party(api):
    state = create(api, preset="taiwan-place", value_per_point="0.10")
    play(api, state["id"], SPEC_ROUNDS[:2])  # totals A -300, B +1700, C -900, D -600; house +100
    settlement = api.get(f"/api/sessions/{state['id']}").json()["settlement"]
    assert settlement["net"] == ["-30.00", "170.00", "-90.00", "-60.00"]
    assert settlement["house"]["net"] == "10.00"
    assert settlement["house"]["pairwise"] == ["0.00", "10.00", "0.00", "0.00"]
    moved = {}
    for transfer in settlement["transfers"]:
        moved[transfer["from"]] = moved.get(transfer["from"], 0) - float(transfer["amount"])
        moved[transfer["to"]] = moved.get(transfer["to"], 0) + float(transfer["amount"])
    assert moved == {0: -30.0, 1: 170.0, 2: -90.0, 3: -60.0, "house": 10.0}
    assert any(transfer["to"] == "house" for transfer in settlement["transfers"])


def test_a_transfer_to_the_house_can_be_ticked_off(api):
    state = create(api, preset="taiwan-place", value_per_point="1")
    play(api, state["id"], [[3, 0, 11, 5]])
    transfer = next(
        t
        for t in api.get(f"/api/sessions/{state['id']}").json()["settlement"]["transfers"]
        if t["to"] == "house"
    )
    response = api.post(
        f"/api/sessions/{state['id']}/transfers/paid",
        {"from": transfer["from"], "to": "house", "amount": transfer["amount"], "paid": True},
    )
    assert response.status_code == 200, response.json()
    paid = [t for t in response.json()["settlement"]["transfers"] if t["to"] == "house"]
    assert paid[0]["paid"] is True


def test_covering_pays_every_losers_amount(api):
    state = create(api, preset="taiwan-place", covering_rule=True)
    token = token_for(api, state["id"])
    response = api.post(
        f"/api/sessions/{state['id']}/rounds", {"cards": [3, 0, 11, 5], "covering": 2}, token=token
    )
    assert response.status_code == 201, response.json()
    assert response.json()["round"]["scores"] == [0, 1100, -1200, 0]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        (
            {"places": {"pays": [50, 100, 150]}},
            "places applies only when paying by place (mode by_place), not in points",
        ),
        (
            {"preset": "wta-flat", "house_name": "Bank"},
            "house_name applies only when paying by place (mode by_place), not in winner_takes_all",
        ),
        (
            {"preset": "taiwan-place", "mode": "points", "house_name": "Mei"},
            "house_name applies only when paying by place (mode by_place), not in points",
        ),
    ],
)
def test_what_only_paying_by_place_uses_is_refused_in_another_mode(api, fields, words):
    before = Session.objects.count()
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == next(name for name in ("places", "house_name") if name in fields)
    assert response.json()["error"] == words
    assert Session.objects.count() == before


def test_a_settings_change_with_the_house_in_another_mode_changes_nothing(api):
    state = create(api, preset="taiwan-place", house_name="Mei")
    token = token_for(api, state["id"])
    response = api.patch(
        f"/api/sessions/{state['id']}", {"mode": "points", "house_name": "Auntie"}, token=token
    )
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "house_name"
    assert api.get(f"/api/sessions/{state['id']}").json()["settings"] == state["settings"]
    # Left empty they mean nothing, as the form and a saved setup send them; a preset's places too.
    assert create(api, mode="points", places=None, house_name="")["settings"]["mode"] == "points"
    assert create(api, preset="taiwan-place", mode="points")["settings"]["mode"] == "points"


def test_the_house_can_be_renamed_and_other_modes_show_no_house(api):
    state = create(api, preset="taiwan-place", house_name="Mei")
    assert state["settings"]["house_name"] == "Mei"
    token = token_for(api, state["id"])
    response = api.patch(f"/api/sessions/{state['id']}", {"house_name": "Auntie"}, token=token)
    assert response.status_code == 200, response.json()
    assert response.json()["settings"]["house_name"] == "Auntie"
    plain = create(api, preset="classic-points", value_per_point="1")
    play(api, plain["id"], [[5, 0, 11, 13]])
    plain = api.get(f"/api/sessions/{plain['id']}").json()
    assert "house" not in plain
    assert "house_name" not in plain["settings"]
    assert "places" not in plain["settings"]
    assert "house" not in plain["rounds"][0]
    assert "house" not in plain["settlement"]


def test_the_preview_shows_places_amounts_heavy_and_the_house(api):
    state = create(api, preset="taiwan-place")
    response = api.post(f"/api/sessions/{state['id']}/preview", {"cards": [4, 0, 4, 11]})
    assert response.status_code == 200, response.json()
    preview = response.json()["round"]
    scored = engine([4, 0, 4, 11])
    assert preview["places"] == [2, 1, 2, 4]
    assert preview["amounts"] == list(scored.penalties) == [300, 0, 300, 600]
    assert preview["heavy"] is True
    assert preview["house"] == 100
    assert preview["scores"] == list(scored.scores) == [-300, 1100, -300, -600]


def test_the_preview_shows_the_doubling_of_each_two(api):
    state = create(api, preset="hong-kong")
    assert state["settings"]["twos"] == {"doubles": True}
    assert state["settings"]["tiers"] == [[1, 1], [8, 2], [10, 3], [13, 4]]
    response = api.post(
        f"/api/sessions/{state['id']}/preview", {"cards": [8, 0, 10, 7], "twos": [2, 0, 1, 0]}
    )
    preview = response.json()["round"]
    assert preview["doubling"] == [{"base": 16, "twos": 2}, None, {"base": 30, "twos": 1}, None]
    assert preview["penalties"] == [64, 0, 60, 7]


def test_rules_changed_mid_evening_keep_the_old_rounds(api):
    state = create(api, preset="classic-points")
    token = play(api, state["id"], [[5, 0, 11, 13]])
    response = api.patch(f"/api/sessions/{state['id']}", {"preset": "taiwan-place"}, token=token)
    assert response.status_code == 200, response.json()
    api.post(f"/api/sessions/{state['id']}/rounds", {"cards": [3, 0, 11, 5]}, token=token)
    rounds = Round.objects.filter(session__edit_key=state["id"]).order_by("number")
    assert [round_.rules.mode for round_ in rounds] == [Mode.POINTS, Mode.BY_PLACE]
    state = api.get(f"/api/sessions/{state['id']}").json()
    assert state["rounds"][0]["scores"] == [5, 0, 22, 39]
    assert state["rounds"][1]["house"] == 100


REFUSED = [
    ({"mode": "by_place", "places": {"pays": [200, 100]}}, "places.pays"),
    ({"mode": "by_place", "places": {"pays": [-100, 200, 300]}}, "places.pays"),
    ({"mode": "by_place", "places": {"heavy_pays": [100, 200, 300, 400]}}, "places.heavy_pays"),
    ({"mode": "by_place", "places": {"heavy_from": 0}}, "places.heavy_from"),
    ({"mode": "by_place", "places": {"heavy_from": 14}}, "places.heavy_from"),
    ({"mode": "by_place", "places": {"house_cut": 250}}, "places.house_cut"),
    ({"mode": "by_place", "places": {"house_cut": -1}}, "places.house_cut"),
    ({"mode": "by_place", "places": {"colour": 1}}, "places"),
    ({"mode": "by_place", "twos": {"points_per_two": 4}}, "twos"),
    ({"mode": "by_place", "twos": {"doubles": True}}, "twos"),
    ({"twos": {"doubles": False}}, "twos"),
    ({"twos": {"doubles": "yes"}}, "twos"),
    ({"tiers": [[n, n] for n in range(1, 15)]}, "tiers"),
    ({"mode": "by_place", "places": {"pays": [100]}}, "places.pays"),  # four players, one amount
]


@pytest.mark.parametrize(("fields", "field"), REFUSED)
def test_bad_rules_are_refused_naming_the_field_and_nothing_is_stored(api, fields, field):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert Session.objects.count() == 0
    state = create(api, preset="classic-points")
    token = token_for(api, state["id"])
    response = api.patch(f"/api/sessions/{state['id']}", fields, token=token)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert api.get(f"/api/sessions/{state['id']}").json()["settings"] == state["settings"]


def test_a_by_place_evening_is_exported_as_a_paper_log_that_says_so(api):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    created = api.post(
        "/api/sessions", {"players": PLAYERS, "group": group["id"], "preset": "taiwan-place"}
    ).json()
    play(api, created["id"], [[3, 0, 11, 5]])
    lines = api.get(f"/api/groups/{group['id']}/export.txt").content.decode().splitlines()
    assert lines[1:] == [
        "# played under other rules (by_place): the counts as reported, which this log scores as pay the difference",
        "Ann Ben Cat Dan",
        "3 0 11 5",
    ]  # F=10 is the default: heavy_from 10 fries like it


def test_a_season_counts_by_place_money_fries_from_heavy_from_and_what_each_paid(api):
    group = api.post("/api/groups", {"name": "Thursday"}).json()
    created = api.post(
        "/api/sessions",
        {"players": PLAYERS, "group": group["id"], "preset": "taiwan-place", "places": {"heavy_from": 11}},
    ).json()
    play(api, created["id"], [[3, 0, 11, 5], [10, 0, 7, 5], [4, 0, 4, 9]])
    season = api.get(f"/api/groups/{group['id']}/season").json()
    rounds = [engine(cards, Places(heavy_from=11)) for cards in ([3, 0, 11, 5], [10, 0, 7, 5], [4, 0, 4, 9])]
    by_name = {line["name"]: line for line in season["players"]}
    assert by_name["Cat"]["fries"] == 1  # 11 held; Ann's 10 is under heavy_from 11
    assert by_name["Ann"]["fries"] == 0
    assert [by_name[name]["real_losses"] for name in PLAYERS] == [
        sum(scored.penalties[index] for scored in rounds) for index in range(4)
    ]
    assert [by_name[name]["net_score"] for name in PLAYERS] == [
        sum(scored.scores[index] for scored in rounds) for index in range(4)
    ]  # Ben's net is less the 100 he gave the house
    assert by_name["Ben"]["net_score"] == 200 + 400 + 600 - 100 + 100 + 200 + 300 + 150 + 150 + 300
    pairs = {tuple(pair["players"]): pair["net"] for pair in season["head_to_head"]}
    names = [line["name"] for line in season["players"]]
    ann, ben = names.index("Ann"), names.index("Ben")
    gained = pairs[(min(ann, ben), max(ann, ben))] * (1 if ann < ben else -1)
    assert gained == -(200 + 300 + 150)  # what Ann paid Ben, by place


def test_the_new_presets_are_listed_with_their_rules_in_both_languages(api, client):
    presets = {preset["id"]: preset for preset in api.get("/api/presets").json()}
    assert presets["hong-kong"]["mode"] == "pay_difference"
    assert presets["hong-kong"]["tiers"] == [[1, 1], [8, 2], [10, 3], [13, 4]]
    assert presets["hong-kong"]["twos"] == {"doubles": True}
    assert presets["taiwan-place"]["mode"] == "by_place"
    assert presets["taiwan-place"]["twos"] is None
    assert presets["taiwan-place"]["places"] == Places().to_json()
    chinese = {
        preset["id"]: preset["name"]
        for preset in client.get("/api/presets", headers={"accept-language": "zh-hant"}).json()
    }
    for preset_id in ("hong-kong", "taiwan-place"):
        assert chinese[preset_id] != presets[preset_id]["name"]
        assert any("\u4e00" <= character <= "\u9fff" for character in chinese[preset_id])


@pytest.mark.parametrize("name", ["x" * 41, "   ", "\u200b"])
def test_a_bad_house_name_is_refused_naming_the_field(api, name):
    response = api.post("/api/sessions", {"players": PLAYERS, "preset": "taiwan-place", "house_name": name})
    assert response.status_code == 400
    assert response.json()["field"] == "house_name"
    assert Session.objects.count() == 0
