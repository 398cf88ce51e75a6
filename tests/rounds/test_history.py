"""The session's history (SPEC 4 Editing): deleted rounds kept, restore at the old number, undo."""

import pytest

from rounds import services
from rounds.bodies import RequestReused
from rounds.errors import UNDO_RESCORE, LockRefused, VersionMissing, VersionRefused
from rounds.models import Round, RoundVersion
from rounds.reads.selectors import Viewer, round_history, scored_session, session_history
from rounds.reads.state import table_state
from rounds.rules.scoring import RoundEntry
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

ROUNDS = ([5, 0, 11, 13], [0, 3, 7, 10], [2, 4, 0, 1], [9, 0, 8, 6])


def cards_by_number(session):
    return [(round_.number, list(entry.cards)) for round_, entry, _ in scored_session(session).rounds]


def totals(session):
    return scored_session(session).totals


def version(session, action, number):
    return RoundVersion.objects.get(session=session, action=action, number=number)


def evening(*card_lists):
    session = make_session()
    token = add_rounds(session, *(card_lists or ROUNDS))
    return session, token


# --- the history keeps deleted rounds -----------------------------------------------


def test_a_deleted_round_stays_in_the_session_history_with_its_number_and_values():
    session, token = evening()
    services.round_delete(session=session, token=token, number=2)
    history = session_history(session)
    assert [(v["action"], v["number"], v["cards"]) for v in history] == [
        ("deleted", 2, [0, 3, 7, 10]),
        ("added", 4, [9, 0, 8, 6]),
        ("added", 3, [2, 4, 0, 1]),
        ("added", 2, [0, 3, 7, 10]),
        ("added", 1, [5, 0, 11, 13]),
    ]
    assert [v["restorable"] for v in history] == [True, False, False, True, False]
    assert history[0]["scores"] == [0, 3, 7, 20]  # 10 cards count double
    assert history[0]["device"] == "Ann's phone"
    # The deleted round's versions share one identity, and none of the live rounds' do.
    assert history[0]["lineage"] == history[3]["lineage"] != history[2]["lineage"]


def test_the_history_of_a_round_follows_it_when_earlier_rounds_are_deleted():
    session, token = evening()
    services.round_edit(session=session, token=token, number=3, entry=RoundEntry(cards=(2, 4, 0, 3)))
    services.round_delete(session=session, token=token, number=1)
    # Old round 3 is round 2 now; its history is its own, with the numbers it had then.
    assert [(v["action"], v["number"], v["cards"]) for v in round_history(session, 2)] == [
        ("added", 3, [2, 4, 0, 1]),
        ("edited", 3, [2, 4, 0, 3]),
    ]


# --- restore ------------------------------------------------------------------------


def test_restore_puts_a_deleted_round_back_at_its_old_number_and_later_rounds_move_up():
    session, token = evening()
    before = totals(session)
    services.round_delete(session=session, token=token, number=2)
    write = services.round_restore(session=session, token=token, version_id=version(session, "deleted", 2).pk)
    assert (write.number, write.deleted) == (2, False)
    assert cards_by_number(session) == list(enumerate(map(list, ROUNDS), start=1))
    assert totals(session) == before
    restored = RoundVersion.objects.get(pk=write.version_id)
    assert (restored.action, restored.number, restored.device) == ("restored", 2, "Ann's phone")


def test_restoring_the_first_round_moves_every_round_up():
    session, token = evening()
    services.round_delete(session=session, token=token, number=1)
    services.round_restore(session=session, token=token, version_id=version(session, "deleted", 1).pk)
    assert cards_by_number(session) == list(enumerate(map(list, ROUNDS), start=1))


def test_a_restored_round_goes_last_when_fewer_rounds_remain_than_its_old_number():
    session, token = evening()
    services.round_delete(session=session, token=token, number=4)
    services.round_delete(session=session, token=token, number=3)
    services.round_restore(session=session, token=token, version_id=version(session, "deleted", 4).pk)
    assert cards_by_number(session) == [(1, ROUNDS[0]), (2, ROUNDS[1]), (3, ROUNDS[3])]


def test_restore_from_an_earlier_version_brings_back_those_values():
    session, token = evening()
    services.round_edit(session=session, token=token, number=2, entry=RoundEntry(cards=(0, 1, 1, 1)))
    services.round_delete(session=session, token=token, number=2)
    services.round_restore(session=session, token=token, version_id=version(session, "added", 2).pk)
    assert cards_by_number(session)[1] == (2, [0, 3, 7, 10])


def test_a_restored_round_keeps_the_rules_it_was_scored_under():
    session, token = evening([5, 0, 11, 13])
    services.round_delete(session=session, token=token, number=1)
    services.session_update(session=session, token=token, changes={"tiers": [[1, 1]]})
    services.round_restore(session=session, token=token, version_id=version(session, "deleted", 1).pk)
    round_ = Round.objects.get(session=session, number=1)
    assert round_.rules_json["tiers"] == [[1, 1], [10, 2], [13, 3]]
    assert totals(session) == [5, 0, 22, 39]  # classic: 11 doubled, 13 tripled


def test_a_restored_round_gets_its_whole_history_back_and_is_not_marked_corrected():
    session, token = evening()
    services.round_delete(session=session, token=token, number=3)
    services.round_restore(session=session, token=token, version_id=version(session, "deleted", 3).pk)
    assert [v["action"] for v in round_history(session, 3)] == ["added", "deleted", "restored"]
    assert table_state(session, viewer=Viewer.EDITOR)["rounds"][2]["edited"] is False
    assert not any(v["restorable"] for v in session_history(session))


def test_restoring_a_round_that_still_exists_is_refused_and_changes_nothing():
    session, token = evening()
    with pytest.raises(VersionRefused) as refused:
        services.round_restore(session=session, token=token, version_id=version(session, "added", 2).pk)
    assert (refused.value.status, str(refused.value)) == (
        409,
        "Round 2 is still in the session: only a deleted round can be restored",
    )
    assert RoundVersion.objects.filter(session=session).count() == 4


def test_restoring_twice_is_refused_the_second_time():
    session, token = evening()
    services.round_delete(session=session, token=token, number=2)
    deleted = version(session, "deleted", 2).pk
    services.round_restore(session=session, token=token, version_id=deleted)
    with pytest.raises(VersionRefused):
        services.round_restore(session=session, token=token, version_id=deleted)
    assert Round.objects.filter(session=session).count() == 4


def test_an_unknown_version_or_one_of_another_session_is_missing():
    session, token = evening()
    other, _ = evening()
    for version_id in (999_999, version(other, "added", 1).pk):
        with pytest.raises(VersionMissing) as missing:
            services.round_restore(session=session, token=token, version_id=version_id)
        assert missing.value.status == 404
        assert str(missing.value) == f"There is no version {version_id} in this session's history"


def test_restore_needs_the_lock():
    session, token = evening()
    services.round_delete(session=session, token=token, number=2, release_lock=True)
    with pytest.raises(LockRefused):
        services.round_restore(session=session, token=token, version_id=version(session, "deleted", 2).pk)
    assert Round.objects.filter(session=session).count() == 3


def test_restore_with_the_same_request_id_restores_once():
    session, token = evening()
    services.round_delete(session=session, token=token, number=2)
    deleted = version(session, "deleted", 2).pk
    first = services.round_restore(session=session, token=token, version_id=deleted, request_id="r-1")
    again = services.round_restore(session=session, token=token, version_id=deleted, request_id="r-1")
    assert (again.replayed, again.number, again.version_id) == (True, 2, first.version_id)
    assert Round.objects.filter(session=session).count() == 4
    with pytest.raises(RequestReused):
        services.round_undo(session=session, token=token, version_id=deleted, request_id="r-1")


def test_restoring_a_round_of_a_reopened_evening_keeps_it_open():
    session = make_session(rounds=2)
    token = add_rounds(session, *ROUNDS[:2])
    services.session_reopen(session=session, token=token)
    services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(ROUNDS[2])))
    services.round_delete(session=session, token=token, number=1)
    services.round_restore(session=session, token=token, version_id=version(session, "deleted", 1).pk)
    session.refresh_from_db()
    assert (session.finished, len(cards_by_number(session))) == (False, 3)


# --- undo ---------------------------------------------------------------------------


def test_undo_of_an_add_deletes_the_round_and_says_so_in_the_history():
    session, token = evening(ROUNDS[0])
    added = services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(ROUNDS[1])))
    write = services.round_undo(session=session, token=token, version_id=added.version_id)
    assert (write.deleted, write.number) == (True, 2)
    assert cards_by_number(session) == [(1, ROUNDS[0])]
    assert totals(session) == [5, 0, 22, 39]
    assert [(v["action"], v["number"]) for v in session_history(session)[:2]] == [
        ("deleted", 2),
        ("added", 2),
    ]


def test_undo_of_a_correction_puts_the_values_before_it_back():
    session, token = evening()
    before = totals(session)
    edited = services.round_edit(session=session, token=token, number=2, entry=RoundEntry(cards=(0, 1, 1, 1)))
    services.round_undo(session=session, token=token, version_id=edited.version_id)
    assert cards_by_number(session)[1] == (2, [0, 3, 7, 10])
    assert totals(session) == before
    assert [(v["action"], v["cards"]) for v in round_history(session, 2)] == [
        ("added", [0, 3, 7, 10]),
        ("edited", [0, 1, 1, 1]),
        ("edited", [0, 3, 7, 10]),
    ]


def test_undo_of_a_delete_restores_the_round_at_its_old_number():
    session, token = evening()
    deleted = services.round_delete(session=session, token=token, number=3)
    write = services.round_undo(session=session, token=token, version_id=deleted.version_id)
    assert (write.deleted, write.number) == (False, 3)
    assert cards_by_number(session) == list(enumerate(map(list, ROUNDS), start=1))
    assert RoundVersion.objects.get(pk=write.version_id).action == "restored"


def test_undo_of_a_restore_deletes_the_round_again():
    session, token = evening()
    services.round_delete(session=session, token=token, number=1)
    restored = services.round_restore(
        session=session, token=token, version_id=version(session, "deleted", 1).pk
    )
    services.round_undo(session=session, token=token, version_id=restored.version_id)
    assert [cards for _, cards in cards_by_number(session)] == list(map(list, ROUNDS[1:]))


def test_undo_of_the_add_that_finished_the_evening_opens_it_again():
    session = make_session(rounds=2)
    token = add_rounds(session, ROUNDS[0])
    added = services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(ROUNDS[1])))
    session.refresh_from_db()
    assert session.finished
    services.round_undo(session=session, token=token, version_id=added.version_id)
    session.refresh_from_db()
    assert not session.finished


def test_undo_only_takes_back_a_rounds_last_change():
    session, token = evening(ROUNDS[0])
    added = services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(ROUNDS[1])))
    services.round_edit(session=session, token=token, number=2, entry=RoundEntry(cards=(0, 1, 1, 1)))
    with pytest.raises(VersionRefused) as refused:
        services.round_undo(session=session, token=token, version_id=added.version_id)
    assert (refused.value.status, str(refused.value)) == (
        409,
        "Round 2 has changed since; only its last change can be undone",
    )
    assert cards_by_number(session)[1] == (2, [0, 1, 1, 1])


def test_a_rescore_cannot_be_undone():
    session, token = evening(ROUNDS[0])
    services.session_update(session=session, token=token, changes={"tiers": [[1, 1]]}, rescore=True)
    rescored = RoundVersion.objects.get(session=session, action="rescored")
    with pytest.raises(VersionRefused) as refused:
        services.round_undo(session=session, token=token, version_id=rescored.pk)
    assert (refused.value.template, refused.value.field) == (UNDO_RESCORE, "version")


def test_undo_needs_the_lock_and_is_idempotent_by_request_id():
    session, token = evening(ROUNDS[0])
    added = services.round_add(session=session, token=token, entry=RoundEntry(cards=tuple(ROUNDS[1])))
    with pytest.raises(LockRefused):
        services.round_undo(session=session, token="not-the-token", version_id=added.version_id)
    first = services.round_undo(session=session, token=token, version_id=added.version_id, request_id="u")
    again = services.round_undo(session=session, token=token, version_id=added.version_id, request_id="u")
    assert (again.replayed, again.deleted, again.number) == (True, True, 2)
    assert again.version_id == first.version_id
    assert len(cards_by_number(session)) == 1
