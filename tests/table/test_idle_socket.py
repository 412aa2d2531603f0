"""Idle sockets stay open on the Redis channel layer (they were closed with 1011 about once a minute)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from games.table import services
from tests.people.test_socket_rights import logged_in_client, open_table

# Three minutes: with redis-py's default timeout all 8 sockets were dropped within 40 s (and 11
# of 12 within 60 s in the probe); long enough to catch the fault, short enough for every run.
IDLE_SECONDS = 180
SOCKETS = 8


@pytest.mark.redis
def test_the_redis_connections_outlast_any_read_and_notice_a_dead_redis():
    # The publish/subscribe layer polls for messages 0.1 s at a time; the list-based layer blocked
    # for 5 s, exactly redis-py's default socket timeout.  Either way the timeout must be longer,
    # and a dead Redis is found by the health check and TCP keepalive, not by a timed-out read.
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "games.table.channel_layer.ResyncingPubSubChannelLayer"
    (host,) = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert host["socket_timeout"] >= 15 and host["health_check_interval"] > 0


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
async def test_idle_sockets_stay_open_for_minutes(cast, table):
    client = await logged_in_client(cast["floor"])
    tablets = [await open_table(table, client) for _ in range(SOCKETS)]
    await asyncio.sleep(IDLE_SECONDS)
    # A consumer whose channel-layer read failed has finished (with the error) by now.
    assert [tablet.future.done() for tablet in tablets] == [False] * SOCKETS
    await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    for tablet in tablets:
        assert 'data-round="' in await tablet.receive_from(timeout=10)
    for tablet in tablets:
        await tablet.disconnect()
    assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)
