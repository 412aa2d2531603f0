"""Render once, push HTML: one render per change for every tablet, stale pushes dropped, the
latest state from the cache on (re)connect, the pit pushed only when an approval changes."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.floor import services as floor_services
from games.table import push, services
from tests.conftest import OPENING, REST_OF_ROUND
from tests.table.test_table_consumer import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.redis, pytest.mark.postgres]

# Seat 1 wins $115 with ace-king against the dealer's queens: over the table's $100 threshold.
TO_APPROVAL, SEAT_1_CARDS = REST_OF_ROUND[:-1], REST_OF_ROUND[-1]


def act(rnd_id, user, action):
    """One tap through the services, as the POST makes it (the push runs when it commits)."""
    from games.models import Round

    seq = Round.objects.get(pk=rnd_id).seq
    services.round_act(round_id=rnd_id, user=user, actions=[action], expected_seq=seq)


def position_of(html: str) -> tuple[str, str]:
    seq = html.split('data-seq="', 1)[1].split('"', 1)[0]
    round_id = html.split('data-round="', 1)[1].split('"', 1)[0]
    return round_id, seq


async def test_a_change_is_rendered_once_for_every_tablet_of_the_table(cast, table, renders):
    dealers = [(await connect(f"/ws/tables/{table.id}/", cast[name]))[0] for name in ("dealer", "dealer2")]
    floors = [(await connect(f"/ws/tables/{table.id}/", cast[name]))[0] for name in ("floor", "super")]
    for tablet in dealers + floors:
        await tablet.receive_from(timeout=5)
    before = renders["table"]
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    await sync_to_async(act)(rnd.id, cast["dealer"], OPENING[0])
    pushed = {tablet: [await tablet.receive_from(timeout=5), await tablet.receive_from(timeout=5)]
              for tablet in dealers + floors}
    assert renders["table"] - before == 2  # the start and the wager, each rendered once for four tablets
    for tablet in dealers:
        assert position_of(pushed[tablet][1]) == (str(rnd.id), "1")
        assert "Set seat 1" in pushed[tablet][1]  # the dealer's screen has the wager forms
    for tablet in floors:
        assert position_of(pushed[tablet][1]) == (str(rnd.id), "1")
        assert "Ante $10.00" in pushed[tablet][1] and "Set seat 1" not in pushed[tablet][1]
    for tablet in dealers + floors:
        assert await tablet.receive_nothing(timeout=0.3)
        await tablet.disconnect()


async def test_a_message_that_is_not_newer_than_the_last_sent_is_dropped(cast, table):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    await sync_to_async(act)(rnd.id, cast["dealer"], OPENING[0])
    tablet, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    current = await tablet.receive_from(timeout=5)
    assert position_of(current) == (str(rnd.id), "1")
    layer = get_channel_layer()
    group = services.table_group(table.id)
    html = {"dealer": "<section id='table-state'>old</section>", "floor": "old"}
    # Seq 0 of the same round: a push that a slower server process delivers late.
    await layer.group_send(group, {"type": "table.state", "round": rnd.id, "seq": 0, "stamp": 1, "html": html})
    assert await tablet.receive_nothing(timeout=0.5)
    newer = {"dealer": "newer", "floor": "newer"}
    await layer.group_send(group, {"type": "table.state", "round": rnd.id, "seq": 2, "stamp": 1, "html": newer})
    assert await tablet.receive_from(timeout=5) == "newer"
    await tablet.disconnect()


async def test_a_push_is_forwarded_on_the_event_loop_without_a_worker_thread(cast, table, monkeypatch):
    from asgiref.sync import SyncToAsync

    tablet, _ = await connect(f"/ws/tables/{table.id}/", cast["floor"])
    await tablet.receive_from(timeout=5)
    handed_over = []
    original = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        handed_over.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    html = {"dealer": "for the dealer", "floor": "for the floor"}
    await get_channel_layer().group_send(services.table_group(table.id),
                                         {"type": "table.state", "round": 1, "seq": 1, "stamp": 1, "html": html})
    assert await tablet.receive_from(timeout=5) == "for the floor"
    assert handed_over == []  # channels' own dispatch went to a thread to close database connections
    await tablet.disconnect()


async def test_a_reconnecting_tablet_gets_the_current_state_from_the_cache(cast, table, renders):
    tablet, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    await tablet.receive_from(timeout=5)
    await tablet.disconnect()
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    for action in OPENING[:3]:
        await sync_to_async(act)(rnd.id, cast["dealer"], action)
    before = renders["table"]
    again, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    html = await again.receive_from(timeout=5)
    assert position_of(html) == (str(rnd.id), "3") and "Ante $25.00" in html
    assert renders["table"] == before  # served from the cache, not rendered again
    await again.disconnect()


async def test_a_reconnect_storm_renders_a_stale_table_once(cast, table, renders):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    await sync_to_async(act)(rnd.id, cast["dealer"], OPENING[0])
    await sync_to_async(push.cache.clear)()  # as after a Redis restart
    before = renders["table"]
    tablets = [(await connect(f"/ws/tables/{table.id}/", cast["dealer" if n % 2 else "floor"]))[0] for n in range(6)]
    for tablet in tablets:
        assert position_of(await tablet.receive_from(timeout=5)) == (str(rnd.id), "1")
    assert renders["table"] - before == 1
    for tablet in tablets:
        await tablet.disconnect()


async def test_a_cached_render_older_than_the_database_is_not_served(cast, table):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    stale = await sync_to_async(push.cache.get)(push.table_key(table.id))
    await sync_to_async(act)(rnd.id, cast["dealer"], OPENING[0])
    # The push of seq 1 never reached the cache (Redis was down at that moment): it holds seq 0.
    await sync_to_async(push.cache.set)(push.table_key(table.id), stale)
    tablet, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    assert position_of(await tablet.receive_from(timeout=5)) == (str(rnd.id), "1")
    await tablet.disconnect()


async def test_the_pit_is_pushed_only_when_an_approval_changes(cast, table, renders):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    pit, _ = await connect("/ws/pit/", cast["floor"])
    assert "Nothing waits for a floorperson" in await pit.receive_from(timeout=5)
    before = renders["pit"]
    for action in OPENING + TO_APPROVAL:
        await sync_to_async(act)(rnd.id, cast["dealer"], action)
    assert await pit.receive_nothing(timeout=0.5)
    assert renders["pit"] == before  # seventeen taps, no approval: the pit was not even rendered
    await sync_to_async(act)(rnd.id, cast["dealer"], SEAT_1_CARDS)
    requested = await pit.receive_from(timeout=5)
    assert "payout of $115.00" in requested
    approval = await sync_to_async(lambda: rnd.approvals.get())()
    await sync_to_async(floor_services.approval_decide)(approval_id=approval.id, user=cast["floor"], approve=True)
    assert "Nothing waits for a floorperson" in await pit.receive_from(timeout=5)
    assert renders["pit"] - before == 2
    await pit.disconnect()


async def test_a_socket_action_is_pushed_to_the_table_once(cast, table):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    tablet, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    await tablet.receive_from(timeout=5)
    await tablet.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": OPENING[0]}))
    assert position_of(await tablet.receive_from(timeout=5)) == (str(rnd.id), "1")
    assert await tablet.receive_nothing(timeout=0.3)
    await tablet.disconnect()


async def test_a_round_starting_or_ending_sends_the_pit_that_tables_status_alone(cast, table, renders):
    pit, _ = await connect("/ws/pit/", cast["floor"])
    first = await pit.receive_from(timeout=5)
    assert f'id="pit-table-{table.id}-status"' in first and ">idle</span>" in first
    before = renders["pit"]
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    started = await pit.receive_from(timeout=5)
    assert started.startswith(f'<span class="table-status status-in-play" id="pit-table-{table.id}-status"')
    assert position_of(started) == (str(rnd.id), "0") and ">in play</span>" in started
    # A pit tablet opening now is served the statuses as they are, not the render cached before the start.
    # (The stale render is redone once, and pushed to every pit tablet, as a table's is.)
    late, _ = await connect("/ws/pit/", cast["super"])
    for tablet in (late, pit):
        assert ">in play</span>" in await tablet.receive_from(timeout=5)
    await sync_to_async(act)(rnd.id, cast["dealer"], {"type": "cancel", "step": "wagers"})
    for tablet in (pit, late):
        ended = await tablet.receive_from(timeout=5)
        assert position_of(ended) == (str(rnd.id), "1") and ">idle</span>" in ended
    assert renders["pit"] - before == 1  # the stale cache's: the start and the end sent their status alone
    for tablet in (pit, late):
        assert await tablet.receive_nothing(timeout=0.3)
        await tablet.disconnect()
