"""Shared by the tests of a group's own rules (SPEC 5 "Our rules")."""

# Hong Kong-like tiers (×2 from 8, ×3 from 10, ×4 at 13), 2 points a 2, twelve rounds at HK$0.50.
HONG_KONG_LIKE = {
    "mode": "pay_difference",
    "tiers": [[1, 1], [8, 2], [10, 3], [13, 4]],
    "twos": {"points_per_two": 2},
    "rounds": 12,
    "value_per_point": "0.50",
    "currency": "hkd",
}


def new_group(api, rules=None):
    """A group made over the API, with `rules` as its own rules if given."""
    reply = api.post("/api/groups", {"name": "Thursday table"})
    assert reply.status_code == 201, reply.content
    group = reply.json()
    if rules is not None:
        reply = api.patch(f"/api/groups/{group['id']}", {"rules": rules})
        assert reply.status_code == 200, reply.content
    return group


def rate_hand(model, ratings, played, names, cards):
    """openskill's own rating of one hand, the oracle of the ratings tests: each player a team of
    one, ranked by cards left (ties share a rank); `ratings` and `played` (hands each) updated."""
    ranks = [sorted(cards).index(count) + 1 for count in cards]
    teams = [[ratings.get(name, model.rating())] for name in names]
    for name, (after,) in zip(names, model.rate(teams, ranks=ranks), strict=True):
        ratings[name] = after
        played[name] = played.get(name, 0) + 1


def club_night(api, group_key, players, *, rounds=1, hands=2, cards_of=None, name="Club night"):
    """A club's night over the API (an event made with the group's edit key), every round drawn
    and every table played through its hands. `cards_of(round, table, hand, size)`: the cards
    left of one hand (default: seat `hand - 1` wins, the others 3, 4, 5...). Answers the event
    and its hands in the order they are rated: (names in seat order, cards) by round, table, hand."""
    reply = api.post(
        "/api/events",
        {"name": name, "players": list(players), "rounds": rounds, "hands": hands, "group": group_key},
    )
    assert reply.status_code == 201, reply.content
    event = reply.json()
    played = []
    for number in range(1, rounds + 1):
        drawn = api.post(f"/api/events/{event['id']}/rounds", {})
        assert drawn.status_code == 201, drawn.content
        for table in drawn.json()["tables"]:
            size = len(table["players"])
            key = table["session"]
            token = api.post(f"/api/sessions/{key}/lock", {"device": "Table phone"}).json()["token"]
            for hand in range(1, hands + 1):
                if cards_of is None:
                    cards = [0 if seat == (hand - 1) % size else 3 + seat for seat in range(size)]
                else:
                    cards = cards_of(number, table["table"], hand, size)
                added = api.post(f"/api/sessions/{key}/rounds", {"cards": cards}, token=token)
                assert added.status_code == 201, added.content
                played.append((tuple(table["players"]), tuple(cards)))
            api.call("delete", f"/api/sessions/{key}/lock", token=token)
    return event, played
