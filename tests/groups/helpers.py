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
