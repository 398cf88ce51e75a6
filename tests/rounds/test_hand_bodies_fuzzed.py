"""Any body a client may send as a hand, to a session of each game of the family (API.md "Tiến lên
and the rest of the family"): a Big Two round, 锄大地's ♠2 and bombs, a Tiến lên hand, typed scores.
Each is stored (201) or refused (400 naming the field) with nothing stored, never a 500; and a
stored hand dropped nothing it was sent: each hand key sent with a value shows in the round."""

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rounds.models import Round

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
GAMES = {
    "big_two": {"covering_rule": True, "twos": {"points_per_two": 2}},
    "chu_da_di": {"preset": "chu-da-di"},
    "tien_len": {"game": "tien_len"},
    "own_scores": {"mode": "own_scores"},
}
HAND_KEYS = ("cards", "twos", "covering", "spade_two", "bombs", "scores", "order", "killed", "instant")

player = st.integers(-1, 4)
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.text(max_size=3),
    st.lists(st.integers(-1, 14), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
ITEMS = st.sampled_from(["black_two", "red_two", "three_pairs", "four_of_a_kind", "four_pairs", "x"])
VALUES = {
    "cards": st.one_of(st.lists(st.integers(0, 13), min_size=4, max_size=4), anything),
    "twos": st.one_of(st.lists(st.integers(0, 4), min_size=4, max_size=4), anything),
    "covering": st.one_of(player, anything),
    "spade_two": st.one_of(player, anything),
    "bombs": st.one_of(st.integers(0, 4), anything),
    "scores": st.one_of(st.lists(st.integers(-9, 9), min_size=4, max_size=4), anything),
    "order": st.one_of(st.permutations(range(4)).map(list), st.lists(player, max_size=5), anything),
    "killed": st.one_of(st.lists(player, max_size=3), anything),
    "left": st.one_of(
        st.lists(
            st.fixed_dictionaries({"player": player}, optional={"red_two": st.integers(0, 2)}), max_size=2
        ),
        anything,
    ),
    "chops": st.one_of(
        st.lists(
            st.fixed_dictionaries({"by": player, "from": player, "items": st.lists(ITEMS, max_size=3)}),
            max_size=2,
        ),
        anything,
    ),
    "instant": st.one_of(player, anything),
}
hands = st.dictionaries(st.sampled_from(sorted(VALUES)), st.none(), max_size=5).flatmap(
    lambda keys: st.fixed_dictionaries({key: VALUES[key] for key in keys})
)


def has_a_value(value: object, key: str) -> bool:
    """Null and [] are nothing, and so are no bombs."""
    return value is not None and value != [] and not (key == "bombs" and type(value) is int and value == 0)


@examples(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(GAMES)), hand=hands)
def test_a_hand_is_stored_whole_or_refused_naming_its_field(api, game, hand):
    key = api.post("/api/sessions", {"players": PLAYERS, **GAMES[game]}).json()["id"]
    token = api.post(f"/api/sessions/{key}/lock", {"device": "Fuzzer"}).json()["token"]
    response = api.post(f"/api/sessions/{key}/rounds", hand, token=token)
    assert response.status_code in (201, 400), response.content
    stored = Round.objects.filter(session__edit_key=key)
    if response.status_code == 400:
        assert response.json()["field"], response.json()
        assert not stored.exists()
        return
    shown = api.get(f"/api/sessions/{key}").json()["rounds"][0]
    for name in HAND_KEYS:
        if has_a_value(hand.get(name), name):
            assert has_a_value(shown.get(name), name), (name, hand, shown)
