"""Services: sessions, rounds, corrections with history, rules per round, the end of a session."""

from decimal import Decimal

import pytest

from rounds import services
from rounds.bodies import RequestReused
from rounds.errors import LOCK_NEEDED, LockRefused, RoundMissing, ServiceError, SessionFinished
from rounds.inputs import clean_settings
from rounds.models import EntryLock, Player, Round, RoundVersion, Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.rules.refusal import ScoringError
from rounds.rules.scoring import RoundEntry
from rounds.services.locking import lock_acquire, lock_release
from tests.factories import add_rounds, grab_lock, make_session

pytestmark = pytest.mark.django_db


def state(session):
    return table_state(Session.objects.get(pk=session.pk), viewer=Viewer.EDITOR)


def entry(*cards, **fields):
    return RoundEntry(cards=tuple(cards), **fields)


def test_session_keys_are_unguessable_and_distinct():
    session = make_session()
    assert session.edit_key != session.view_key
    # 18 random bytes in URL-safe base64: 144 bits each.
    assert len(session.edit_key) == len(session.view_key) == 24


def test_session_create_stores_players_in_order_with_seats_and_a_free_lock():
    session = make_session(players=["Ann", "Ben", "Cat"])
    assert [(p.index, p.name, p.seat) for p in session.players.all()] == [
        (0, "Ann", 0),
        (1, "Ben", 1),
        (2, "Cat", 2),
    ]
    assert EntryLock.objects.get(session=session).token == ""


def test_randomized_seats_are_a_permutation():
    session = make_session(randomize_seats=True)
    assert sorted(session.players.values_list("seat", flat=True)) == [0, 1, 2, 3]


def test_preset_fills_settings_and_explicit_fields_override():
    session = make_session(preset="points-50", target=80, value_per_point="0.25", currency="hkd")
    assert (session.rules.mode, session.target, session.value_per_point, session.currency) == (
        "points",
        80,
        Decimal("0.25"),
        "HKD",
    )


@pytest.mark.parametrize(
    ("players", "message", "player"),
    [
        (["Ann"], "Players: give 2 to 4 names", None),
        (["Ann", "Ben", "Cat", "Dan", "Eve"], "Players: give 2 to 4 names", None),
        (["Ann", "  "], "Player 2: the name is blank", 1),
        (["Ann", "ann"], "Player 2: Ann is already playing; give each player a different name", 1),
        (["Ann", "x" * 41], "Player 2: a name has at most 40 characters", 1),
        (["Ann", "Be\x07n"], "Player 2: the name has a character that cannot be shown", 1),
    ],
)
def test_bad_player_names_are_refused_and_nothing_is_stored(players, message, player):
    with pytest.raises(ServiceError) as refused:
        make_session(players=players)
    assert (str(refused.value), refused.value.player) == (message, player)
    assert Session.objects.count() == 0
    assert Player.objects.count() == 0


def test_round_add_scores_under_the_current_rules_and_records_the_device():
    session = make_session()
    token = grab_lock(session, "Cat's phone")
    write = services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13))
    assert write.number == 1
    assert state(session)["totals"] == [5, 0, 22, 39]
    version = RoundVersion.objects.get()
    assert (version.action, version.device, version.scores) == ("added", "Cat's phone", [5, 0, 22, 39])


def test_bad_round_changes_nothing():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    before = state(session)
    with pytest.raises(ScoringError) as refused:
        services.round_add(session=session, token=token, entry=entry(0, 14, 1, 2))
    assert (refused.value.field, refused.value.player, refused.value.params["cards"]) == ("cards", 1, 14)
    assert state(session)["version"] == before["version"]
    assert Round.objects.count() == 1
    assert RoundVersion.objects.count() == 1


def test_round_write_without_the_lock_is_refused_and_changes_nothing():
    session = make_session()
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token=None, entry=entry(5, 0, 11, 13))
    assert refused.value.template == LOCK_NEEDED
    assert Round.objects.count() == 0


def test_round_write_while_another_device_holds_the_lock_names_it():
    session = make_session()
    grab_lock(session, "Ann's phone")
    with pytest.raises(LockRefused) as refused:
        services.round_add(session=session, token="not-the-token", entry=entry(5, 0, 11, 13))
    assert str(refused.value) == "Round 1 is being entered on Ann's phone"
    assert refused.value.holder == "Ann's phone"
    assert Round.objects.count() == 0


def test_adding_can_hand_the_lock_back_in_the_same_transaction():
    session = make_session()
    token = grab_lock(session)
    services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13), release_lock=True)
    assert state(session)["lock"] is None
    assert lock_acquire(session=session, device="Ben's phone").holder == "Ben's phone"


def test_the_same_request_id_stores_the_round_once():
    session = make_session()
    token = grab_lock(session)
    first = services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13), request_id="r-1")
    again = services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13), request_id="r-1")
    assert (first.replayed, again.replayed, again.number) == (False, True, 1)
    assert Round.objects.count() == 1


def test_a_retry_after_the_lock_was_handed_back_still_gets_its_reply():
    session = make_session()
    token = grab_lock(session)
    services.round_add(
        session=session, token=token, entry=entry(5, 0, 11, 13), request_id="r-1", release_lock=True
    )
    again = services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13), request_id="r-1")
    assert again.replayed
    assert Round.objects.count() == 1


def test_the_same_request_id_with_a_different_round_is_refused():
    session = make_session()
    token = grab_lock(session)
    services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13), request_id="r-1")
    with pytest.raises(RequestReused):
        services.round_add(session=session, token=token, entry=entry(6, 0, 11, 13), request_id="r-1")
    assert state(session)["totals"] == [5, 0, 22, 39]


def test_editing_a_round_moves_the_totals_and_keeps_the_old_values_in_history():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], token=grab_lock(session, "Ann's phone"))
    lock_release(session=session, token=token)
    token = grab_lock(session, "Ben's phone")
    services.round_edit(session=session, token=token, number=1, entry=entry(5, 0, 10, 13))
    assert state(session)["totals"] == [5, 2, 23, 43]
    history = list(Round.objects.get(number=1).versions.values_list("action", "cards", "device"))
    assert history == [
        ("added", [5, 0, 11, 13], "Ann's phone"),
        ("edited", [5, 0, 10, 13], "Ben's phone"),
    ]
    assert state(session)["rounds"][0]["edited"] is True


def test_editing_a_missing_round_is_refused():
    session = make_session()
    token = grab_lock(session)
    with pytest.raises(RoundMissing) as refused:
        services.round_edit(session=session, token=token, number=3, entry=entry(5, 0, 10, 13))
    assert (refused.value.field, refused.value.params) == ("number", {"number": 3})


def test_deleting_a_round_renumbers_the_later_ones_and_totals_follow():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], [1, 1, 0, 1])
    services.round_delete(session=session, token=token, number=1)
    current = state(session)
    assert [r["number"] for r in current["rounds"]] == [1, 2]
    assert [r["cards"] for r in current["rounds"]] == [[0, 2, 3, 4], [1, 1, 0, 1]]
    assert current["totals"] == [1, 3, 3, 5]
    deleted = RoundVersion.objects.get(action="deleted")
    assert (deleted.number, deleted.cards, deleted.round) == (1, [5, 0, 11, 13], None)


def test_deleting_twice_with_one_request_id_deletes_one_round():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4])
    services.round_delete(session=session, token=token, number=1, request_id="d-1")
    again = services.round_delete(session=session, token=token, number=1, request_id="d-1")
    assert again.replayed
    assert again.deleted
    assert Round.objects.count() == 1


def patch(session, **changes):
    token = grab_lock(session, "Host")
    rescore = changes.pop("rescore", False)
    updated = services.session_update(session=session, token=token, changes=changes, rescore=rescore)
    lock_release(session=session, token=token)
    return updated


def test_new_rules_apply_from_the_next_round_and_old_rounds_keep_theirs():
    session = make_session(preset="classic-points")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    patch(session, tiers=[[1, 1]])
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    current = state(session)
    assert [r["scores"] for r in current["rounds"]] == [[5, 0, 22, 39], [5, 0, 11, 13]]
    assert current["rounds"][0]["rules"]["tiers"] == [[1, 1], [10, 2], [13, 3]]


def test_a_correction_is_scored_by_the_rules_of_its_own_round():
    session = make_session(preset="classic-points")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    patch(session, tiers=[[1, 1]])
    token = grab_lock(session)
    services.round_edit(session=session, token=token, number=1, entry=entry(5, 0, 12, 13))
    assert state(session)["rounds"][0]["scores"] == [5, 0, 24, 39]


def test_rescore_applies_the_new_rules_to_every_round_and_says_so_in_history():
    session = make_session(preset="classic-points")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    patch(session, mode="winner_takes_all", tiers=[[1, 1]], rescore=True)
    assert state(session)["rounds"][0]["scores"] == [-5, 29, -11, -13]
    assert RoundVersion.objects.filter(action="rescored").count() == 1


def test_value_per_point_applies_to_the_whole_session():
    session = make_session(value_per_point="0.50")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    patch(session, value_per_point="1.00")
    assert state(session)["settlement"]["net"] == ["46.00", "66.00", "-22.00", "-90.00"]


def test_a_fixed_length_finishes_the_session_and_refuses_another_round():
    session = make_session(preset="quick-3")
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], [1, 1, 0, 1])
    assert state(session)["finished"] is True
    with pytest.raises(SessionFinished):
        services.round_add(session=session, token=token, entry=entry(5, 0, 11, 13))
    assert Round.objects.count() == 3


def test_a_finished_session_can_still_be_corrected():
    session = make_session(preset="quick-3")
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], [1, 1, 0, 1])
    services.round_edit(session=session, token=token, number=2, entry=entry(0, 1, 1, 1))
    assert state(session)["finished"] is True
    assert state(session)["totals"] == [6, 2, 23, 41]


def test_deleting_the_last_round_of_a_finished_game_opens_it_again():
    session = make_session(preset="quick-3")
    token = add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], [1, 1, 0, 1])
    services.round_delete(session=session, token=token, number=3)
    assert state(session)["finished"] is False


def test_reopening_plays_one_more_round_unless_the_length_grows():
    session = make_session(preset="quick-3")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13], [0, 2, 3, 4], [1, 1, 0, 1]))
    token = grab_lock(session)
    services.session_reopen(session=session, token=token)
    assert state(session)["finished"] is False
    services.round_add(session=session, token=token, entry=entry(0, 1, 1, 1))
    assert state(session)["finished"] is True
    services.session_update(session=session, token=token, changes={"finished": False, "rounds": 7})
    services.round_add(session=session, token=token, entry=entry(0, 1, 1, 1))
    assert (state(session)["finished"], len(state(session)["rounds"])) == (False, 5)


def test_reaching_the_target_finishes_and_the_highest_crosser_loses():
    session = make_session(preset="points-50")
    token = add_rounds(session, [5, 0, 13, 12], [0, 5, 4, 12])
    current = state(session)
    assert current["totals"] == [5, 5, 43, 48]
    assert current["finished"] is False
    add_rounds(session, [1, 0, 10, 3], token=token)
    current = state(session)
    assert current["totals"] == [6, 5, 63, 51]
    assert current["finished"] is True
    assert current["target_losers"] == [2]
    assert current["standings"][0] == {"player": 1, "rank": 1, "total": 5}


def test_an_open_evening_can_be_ended_by_hand():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    services.session_finish(session=session, token=token)
    assert state(session)["finished"] is True


def test_a_target_needs_points_mode():
    with pytest.raises(ServiceError, match="only works in Points mode"):
        clean_settings({"preset": "points-50", "mode": "winner_takes_all"})


def test_rescoring_without_the_twos_rule_drops_the_twos_held():
    session = make_session(preset="house-tiers")
    token = grab_lock(session)
    services.round_add(session=session, token=token, entry=entry(7, 0, 8, 13, twos=(1, 0, 0, 2)))
    lock_release(session=session, token=token)
    assert state(session)["rounds"][0]["scores"] == [-18, 115, -24, -73]
    patch(session, twos=None, rescore=True)
    round_ = state(session)["rounds"][0]
    assert (round_["twos"], round_["scores"]) == (None, [-14, 103, -24, -65])


def test_rescoring_with_the_twos_rule_starts_everyone_at_none():
    session = make_session(preset="classic-points")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    patch(session, twos={"points_per_two": 4}, rescore=True)
    round_ = state(session)["rounds"][0]
    assert (round_["twos"], round_["scores"]) == ([0, 0, 0, 0], [5, 0, 22, 39])
