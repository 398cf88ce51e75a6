"""A session's history keeps at most MAX_SESSION_CHANGES versions (issue 29: 6,000 edits made a
3.7 MB history and an 11 MB export): past it every write is refused naming `history`, and
nothing changes."""

from __future__ import annotations

import pytest

from rounds import services
from rounds.errors import HISTORY_FULL
from rounds.models import MAX_SESSION_CHANGES, Round, RoundVersion, Session
from rounds.rules.scoring import RoundEntry
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db


def near_the_cap(room: int) -> tuple[Session, str]:
    """A session of two rounds whose history has room for `room` more changes."""
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13], [0, 3, 7, 10])
    assert Session.objects.get(pk=session.pk).history_size == 2  # every write counts its version
    Session.objects.filter(pk=session.pk).update(history_size=MAX_SESSION_CHANGES - room)
    return session, token


def test_every_kind_of_write_counts_one_change():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    services.round_edit(session=session, token=token, number=1, entry=RoundEntry(cards=(6, 0, 11, 13)))
    delete = services.round_delete(session=session, token=token, number=1)
    services.round_restore(session=session, token=token, version_id=delete.version_id)
    services.session_update(session=session, token=token, changes={"tiers": [[1, 2]]}, rescore=True)
    assert (
        Session.objects.get(pk=session.pk).history_size
        == RoundVersion.objects.filter(session=session).count()
        == 5
    )


def test_the_last_change_fits_and_the_next_is_refused_naming_the_history(api):
    session, token = near_the_cap(room=1)
    added = api.post(f"/api/sessions/{session.edit_key}/rounds", {"cards": [1, 0, 2, 3]}, token=token)
    assert added.status_code == 201
    before = api.get(f"/api/sessions/{session.edit_key}/history").json()
    for method, path, body in [
        ("post", "rounds", {"cards": [4, 0, 2, 3]}),
        ("put", "rounds/1", {"cards": [9, 0, 2, 3]}),
        ("delete", "rounds/2", None),
    ]:
        refused = getattr(api, method)(f"/api/sessions/{session.edit_key}/{path}", body, token=token)
        assert refused.status_code == 409, path
        assert refused.json()["field"] == "history"
        assert refused.json()["error"] == HISTORY_FULL % {"most": f"{MAX_SESSION_CHANGES:,}"}
    assert api.get(f"/api/sessions/{session.edit_key}/history").json() == before
    assert [r.cards for r in Round.objects.filter(session=session).order_by("number")] == [
        [5, 0, 11, 13],
        [0, 3, 7, 10],
        [1, 0, 2, 3],
    ]


def test_a_rescore_that_would_pass_the_cap_is_refused_whole(api):
    session, token = near_the_cap(room=1)
    refused = api.patch(
        f"/api/sessions/{session.edit_key}", {"tiers": [[1, 2]], "rescore": True}, token=token
    )
    assert (refused.status_code, refused.json()["field"]) == (409, "history")
    assert [r.scores for r in Round.objects.filter(session=session).order_by("number")] == [
        [5, 0, 22, 39],
        [0, 3, 7, 20],
    ]
    assert Session.objects.get(pk=session.pk).history_size == MAX_SESSION_CHANGES - 1
