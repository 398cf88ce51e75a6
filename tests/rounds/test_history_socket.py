"""Restore and undo over the WebSocket: the same services, and every follower sees them live."""

import pytest

from rounds.models import RoundVersion
from tests.rounds.test_consumers import channel_layer, new_session, table, totals  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.django_db(transaction=True)


async def test_undo_and_restore_over_the_socket_reach_a_follower():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        await ann.request("round.add", cards=[5, 0, 11, 13])
        added = await ann.request("round.add", cards=[0, 3, 7, 10])
        assert isinstance(added["version_id"], int)
        await ben.event("round.added", where=lambda state: state["next"]["round"] == 3)

        reply = await ann.request("round.undo", version=added["version_id"])
        assert (reply["ok"], reply["deleted"], reply["number"]) == (True, True, 2)
        assert totals(await ben.event("round.deleted")) == [5, 0, 22, 39]

        deleted = await ann.request("round.delete", number=1)
        await ben.event("round.deleted")
        reply = await ann.request("round.restore", version=deleted["version_id"], release_lock=True)
        assert (reply["ok"], reply["number"], reply["deleted"]) == (True, 1, False)
        restored = await ben.event("round.restored")
        assert totals(restored) == [5, 0, 22, 39]
        assert restored["state"]["lock"] is None
        action = await RoundVersion.objects.aget(pk=reply["version_id"])
        assert action.action == "restored"


async def test_a_bad_or_unknown_version_over_the_socket_is_refused():
    session = await new_session()
    async with table(session.edit_key, session.view_key) as (ann, ben):
        await ann.acquire()
        for version, status, field in (
            ("7", 400, "version"),
            (None, 400, "version"),
            (424242, 404, "version"),
        ):
            reply = await ann.request("round.undo", version=version)
            assert (reply["ok"], reply["status"], reply["field"]) == (False, status, field)
        reply = await ben.request("round.restore", version=1)
        assert (reply["ok"], reply["status"]) == (False, 403)
