"""A round's hands are kept in one place, on the round (issue 20): the database refuses hands out of
range, and the migration that dropped the Hand rows keeps every round's hands, both ways."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from rounds import services
from rounds.models import Round
from rounds.rules.ruleset import MAX_CARDS, TWOS_IN_DECK
from rounds.rules.scoring import RoundEntry
from tests.factories import add_rounds, grab_lock, make_session

BEFORE = [("rounds", "0007_covering_style")]
AFTER = [("rounds", "0008_hands_on_round")]


def stored(session, cards, twos=None) -> bool:
    try:
        with transaction.atomic():
            Round.objects.create(session=session, number=9, cards=cards, twos=twos)
    except IntegrityError:
        return False
    return True


@pytest.mark.django_db
def test_the_database_refuses_hands_no_deal_can_leave():
    session = make_session()
    assert stored(session, [5, 0, MAX_CARDS, 1], [1, 0, TWOS_IN_DECK, 0])
    Round.objects.filter(number=9).delete()
    refused = [
        ([5, 0, MAX_CARDS + 1, 1], None),  # more cards than a hand holds
        ([5, 0, -1, 1], None),
        ([5, 0, 1, 1, 2], None),  # a fifth player
        (["5", 0, 1, 1], None),  # not a count
        ([5, 0, 11, 13], [TWOS_IN_DECK + 1, 0, 0, 0]),  # more 2s than the deck has
        ([1, 0, 11, 13], [2, 0, 0, 0]),  # more 2s than cards left
    ]
    assert [stored(session, cards, twos) for cards, twos in refused] == [False] * len(refused)


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_every_rounds_hands_both_ways():
    session = make_session(twos={"points_per_two": 2})
    token = grab_lock(session)
    add_rounds(session, [5, 0, 11, 13], [0, 3, 9, 2], token=token)
    services.round_edit(
        session=session, token=token, number=2, entry=RoundEntry(cards=(0, 3, 9, 4), twos=(0, 1, 2, 1))
    )
    kept = list(Round.objects.order_by("number").values_list("cards", "twos"))
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        hands = old.get_model("rounds", "Hand").objects.order_by("round__number", "player_index")
        assert [(hand.round.number, hand.cards_left, hand.twos_held) for hand in hands] == [
            (number, cards, twos[index])
            for number, (cards_of, twos) in enumerate(kept, start=1)
            for index, cards in enumerate(cards_of)
        ]
        old.get_model("rounds", "Round").objects.update(cards=[], twos=None)  # as if never copied
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    assert list(Round.objects.order_by("number").values_list("cards", "twos")) == kept
