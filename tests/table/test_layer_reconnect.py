"""When the channel layer's connection to Redis comes back, every socket is sent the latest state:
the pushes made while Redis was away (or before this process had subscribed again) are lost."""

import os

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games.table import services
from tests.conftest import OPENING, play
from tests.people.test_socket_rights import logged_in_client, open_table, started

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def drop_subscription_connection() -> None:
    """Redis closes this process's subscription connection, as a restart of Redis would."""
    (shard,) = get_channel_layer()._get_layer()._shards
    host, port = shard._pubsub.connection._writer.get_extra_info("sockname")[:2]
    redis.Redis.from_url(os.environ["REDIS_URL"]).client_kill(f"{host}:{port}")


async def test_a_tablet_that_missed_a_push_is_sent_the_latest_state_when_the_layer_reconnects(cast, table, monkeypatch):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["floor"]))
    # A tap recorded while its push could not reach this process: the tablet does not see it.
    monkeypatch.setattr(services, "_on_commit_push", lambda table_id, pit=False, **kwargs: None)
    await sync_to_async(play)(rnd, cast["dealer"], OPENING[0])
    assert await tablet.receive_nothing(timeout=0.5)
    drop_subscription_connection()
    assert 'data-seq="1"' in await tablet.receive_from(timeout=10)
    await tablet.disconnect()
