"""A player's cell of a hand, written one way for the rounds list, its template tags and a club
night's score slips (rounds/rules/hands.py hand_cell; static/js/render.js handCell mirrors it)."""

import pytest

from rounds.rules.hands import hand_cell


@pytest.mark.parametrize(
    ("hand", "cells"),
    [
        ({"cards": [5, 0, 11, 13]}, [("5", ""), ("0", ""), ("11", ""), ("13", "")]),
        (
            {"order": [2, 0, 3, 1], "killed": [1], "instant": None},
            [("2", ""), ("4", "✕"), ("1", ""), ("3", "")],
        ),
        ({"order": [0, 1, 2], "killed": [], "instant": 2}, [("", ""), ("", ""), ("", "★")]),
        ({"order": [1, 0, 2]}, [("2", ""), ("1", ""), ("3", "")]),  # a stored hand without killed
        ({"cards": None, "scores": [3, -3]}, [("", ""), ("", "")]),  # typed scores: the score is the hand
    ],
    ids=["cards", "killed", "instant", "no killed key", "typed scores"],
)
def test_each_games_cell(hand, cells):
    assert [hand_cell(hand, seat) for seat in range(len(cells))] == cells
