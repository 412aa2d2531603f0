"""A meter is shown live (§ 605a.7(a)(1)): a change of its ledger is pushed to the tablets of every
table it feeds and to the pit, and a stale push is dropped."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.progressives import services as progressives
from games.table import push
from tests.progressives.progressive_play import linked_tables, thb_table
from tests.table.test_table_consumer import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio, pytest.mark.redis, pytest.mark.postgres]


async def receive_meter(tablet, meter_id):
    """The next message that is the meter's fragment (a table's tablet is sent its state first)."""
    for _ in range(5):
        message = await tablet.receive_from(timeout=5)
        if f'id="meter-{meter_id}"' in message:
            return message
    raise AssertionError("no meter push arrived")


async def test_a_meter_change_reaches_every_linked_table_and_the_pit(cast):
    _, meter, (table, other) = await sync_to_async(linked_tables)(cast["super"], "TH-1", "TH-2")
    tablets = [(await connect(f"/ws/tables/{t.id}/", cast["dealer"]))[0] for t in (table, other)]
    pit = (await connect("/ws/pit/", cast["floor"]))[0]
    for tablet in [*tablets, pit]:
        assert "$10,000.00" in await receive_meter(tablet, meter.id)  # the current amount, on connect
    await sync_to_async(progressives.meter_correct)(
        meter_id=meter.id, amount="250", user=cast["super"],
        explanation="Meter display reset by a power failure; whole amount restored")
    for tablet in [*tablets, pit]:
        assert "$10,250.00" in await receive_meter(tablet, meter.id)
        await tablet.disconnect()


async def test_a_stale_meter_push_is_dropped(cast):
    _, meter, (table,) = await sync_to_async(linked_tables)(cast["super"], "TH-1")
    tablet = (await connect(f"/ws/tables/{table.id}/", cast["dealer"]))[0]
    await receive_meter(tablet, meter.id)  # seq 1: the initial amount
    layer = get_channel_layer()
    await layer.group_send(push.meter_group(meter.id), {"type": "meter.state", "meter": meter.id, "seq": 1,
                                                        "html": "old"})
    assert await tablet.receive_nothing(timeout=0.5)
    await tablet.disconnect()


async def test_a_table_joining_a_link_shows_its_meter_without_reconnecting(cast):
    link, meter, _ = await sync_to_async(linked_tables)(cast["super"], "TH-1")
    newcomer = await sync_to_async(thb_table)("TH-2")
    tablet = (await connect(f"/ws/tables/{newcomer.id}/", cast["dealer"]))[0]
    await sync_to_async(progressives.link_set_operating)(link_id=link.id, user=cast["super"], operating=False,
                                                          reason="adding table TH-2")
    await sync_to_async(progressives.link_add_table)(link_id=link.id, table_id=newcomer.id, user=cast["super"])
    assert "$10,000.00" in await receive_meter(tablet, meter.id)  # shown as soon as it feeds the table
    await sync_to_async(progressives.meter_correct)(
        meter_id=meter.id, amount="250", user=cast["super"],
        explanation="Meter display reset by a power failure; whole amount restored")
    assert "$10,250.00" in await receive_meter(tablet, meter.id)
    await tablet.disconnect()


async def test_a_meter_created_for_a_table_is_followed_by_its_open_tablets(cast):
    table = await sync_to_async(thb_table)("TH-3")
    tablet = (await connect(f"/ws/tables/{table.id}/", cast["dealer"]))[0]
    meter = await sync_to_async(progressives.meter_create)(
        user=cast["super"], name="TH-3 FCHB", game="texas-holdem-bonus", wager="five_card_hand_bonus",
        table_id=table.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    assert "$10,000.00" in await receive_meter(tablet, meter.id)
    await tablet.disconnect()
