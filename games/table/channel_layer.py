"""The Redis channel layer, with one addition: tablets catch up as soon as it reconnects.

Redis publish/subscribe delivers at most once, and only to subscribers connected at that moment.
While Redis is down, or in the second after it comes back and before this process has
subscribed again, every push to the tablets of this process is lost: they would keep showing an
old state, while their sockets stay open and say "Live", until the next change or their periodic
check.  So when the layer's subscription connection is re-established (redis-py subscribes
again to every channel it had), each socket of the process is sent the latest state of what it
shows (``TableConsumer.send_latest``: one look-up per table, sent only if newer than what the
socket last sent).
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from channels_redis.utils import create_pool
from redis.asyncio import Redis
from redis.asyncio.client import PubSub

logger = logging.getLogger(__name__)

# The sockets of this process that show something pushed (consumers with ``send_latest``).
_watching: weakref.WeakSet = weakref.WeakSet()


def watch(consumer) -> None:
    _watching.add(consumer)


def unwatch(consumer) -> None:
    _watching.discard(consumer)


def resync_all() -> None:
    """Send every watching socket of this process the latest state (in this event loop)."""
    consumers = list(_watching)
    if consumers:
        logger.warning(
            "The channel layer reconnected to Redis: resending the latest state to %d socket(s)", len(consumers)
        )
    for consumer in consumers:
        asyncio.ensure_future(consumer.send_latest())


class _ResyncingPubSub(PubSub):
    async def on_connect(self, connection) -> None:
        # redis-py calls this on every (re)connection of the subscription connection, to subscribe
        # again to the channels it had; the first connection has none yet.
        reconnected = bool(self.channels)
        await super().on_connect(connection)
        if reconnected:
            resync_all()


class _ResyncingRedis(Redis):
    def pubsub(self, **kwargs) -> PubSub:
        return _ResyncingPubSub(self.connection_pool, event_dispatcher=self._event_dispatcher, **kwargs)


class _ResyncingShard(RedisSingleShardConnection):
    def _ensure_redis(self) -> None:
        # As channels_redis does, with the client above.
        if self._redis is None:
            self._redis = _ResyncingRedis(connection_pool=create_pool(self.host))
            self._pubsub = self._redis.pubsub()


class ResyncingPubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's publish/subscribe layer whose shards resync the sockets on reconnection."""

    def _get_layer(self):
        loop = asyncio.get_running_loop()
        if loop in self._layers:
            return self._layers[loop]
        layer = super()._get_layer()
        # Replaced before first use: a shard connects lazily, on the first subscribe or publish.
        layer._shards = [_ResyncingShard(shard.host, layer) for shard in layer._shards]
        return layer
