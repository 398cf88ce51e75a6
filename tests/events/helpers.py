"""Events made and played through the JSON API, as an organizer's script would."""

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def new_event(api, players=NAMES, **fields):
    body = {"name": "Friday club", "players": list(players), "rounds": 2, "hands": 2, "seating": "random"}
    reply = api.post("/api/events", {**body, **fields})
    assert reply.status_code == 201, reply.content
    return reply.json()


def draw(api, key, **body):
    reply = api.post(f"/api/events/{key}/rounds", body)
    assert reply.status_code == 201, reply.content
    return reply.json()


def play_table(api, session_key, *hands):
    """Add each hand (cards left in the table's player order) under one lock."""
    token = api.post(f"/api/sessions/{session_key}/lock", {"device": "Table phone"}).json()["token"]
    for cards in hands:
        reply = api.post(f"/api/sessions/{session_key}/rounds", {"cards": cards}, token=token)
        assert reply.status_code == 201, reply.content
    api.call("delete", f"/api/sessions/{session_key}/lock", token=token)


def hand_for(size, winner=0, base=3):
    """A hand at a table of `size`: `winner` holds 0, the others base, base+1, ..."""
    return [0 if seat == winner else base + seat for seat in range(size)]
