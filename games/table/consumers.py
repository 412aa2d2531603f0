"""Websockets: authenticate, join the table's (or the pit's) group, and forward.

Every change arrives already rendered, once per role variant, in the group message
(``games.table.push``): a consumer picks its variant and sends it, with no database work, unless it
is not newer than what it sent last (messages from several server processes can arrive out of
order).  A tablet that connects or reconnects is sent the latest render from the cache.
Actions may also arrive over the socket; they go through the same services, with the same role
checks, as the pages' POSTs.
"""

from __future__ import annotations

import asyncio
import json

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError

from games.common import metrics
from games.engine.core import Refused
from games.models import Round, Table
from games.people import roles
from games.people.live_rights import LiveRightsMixin
from games.table import channel_layer, push, services
from games.table.inputs import parse_socket_message

# The latest-render look-ups under way in this process, per table (None: the pit).  A reconnect
# storm (every tablet of the floor at once) then costs one look-up, and at most one render, per
# table rather than one per socket.
_lookups: dict[int | None, asyncio.Future] = {}


async def _latest(table_id: int | None) -> dict | None:
    lookup = _lookups.get(table_id)
    if lookup is None:
        find = push.current_pit if table_id is None else lambda: push.current_table(table_id)
        lookup = asyncio.ensure_future(database_sync_to_async(find)())
        _lookups[table_id] = lookup
        lookup.add_done_callback(lambda _: _lookups.pop(table_id, None))
    return await asyncio.shield(lookup)


# A refusal quotes what was sent, and the page's websocket extension reads every message as HTML:
# the quote must not be markup ("<script>" is sent as "\u003cscript\u003e", still the same JSON).
_INERT = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def refusal_message(refusal: Refused) -> str:
    return json.dumps({"refused": str(refusal)}).translate(_INERT)


class MeterMixin:
    """The progressive meters a socket shows: it joins each meter's group, is sent their current
    amounts when it connects, and forwards each later push unless it is not newer than the last."""

    meter_groups: tuple[str, ...] = ()

    def meter_payloads(self) -> list[dict]:
        """The current render of every meter this screen shows (read on a worker thread)."""
        raise NotImplementedError

    async def meters_join(self, payloads: list[dict]) -> None:
        self.meter_seen: dict[int, tuple[int, int]] = {}
        await self._meters_follow(payloads)

    async def _meters_follow(self, payloads: list[dict]) -> None:
        groups = tuple(push.meter_group(payload["meter"]) for payload in payloads)
        for group in set(self.meter_groups) - set(groups):
            await self.channel_layer.group_discard(group, self.channel_name)
        for group in set(groups) - set(self.meter_groups):
            await self.channel_layer.group_add(group, self.channel_name)
        self.meter_groups = groups

    async def meters_rejoin(self, event: dict) -> None:
        """The meters feeding this screen changed (``push.feeds_changed``): follow the new set and
        show each one's amount now."""
        payloads = await database_sync_to_async(self.meter_payloads)()
        await self._meters_follow(payloads)
        await self.meters_send(payloads)

    async def meters_send(self, payloads: list[dict]) -> None:
        for payload in payloads:
            await self.meter_state(payload)

    async def meters_leave(self) -> None:
        for group in self.meter_groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        self.meter_groups = ()

    async def meter_state(self, event: dict) -> None:
        order = (event["seq"], event.get("link", 0))  # the link's state is drawn with the meter
        if order <= self.meter_seen.get(event["meter"], (-1, 0)):
            return
        self.meter_seen[event["meter"]] = order
        await self.send(text_data=event["html"])


class ForwardsRenders:
    """Channels closes stale database connections before it dispatches any message to a consumer,
    on a worker thread: a hop from the event loop and back for every push to every socket.  A
    rendered push touches no database, so it is forwarded at once; everything else that reads
    the database does it through ``database_sync_to_async``, which closes them itself."""

    renders = frozenset({"table.state", "pit.state", "pit.table_status", "meter.state"})

    async def dispatch(self, message: dict) -> None:
        if message["type"] in self.renders:
            await getattr(self, get_handler_name(message))(message)
        else:
            await super().dispatch(message)


class TableConsumer(ForwardsRenders, MeterMixin, LiveRightsMixin, AsyncWebsocketConsumer):
    last: tuple = (-1, -1, -1)  # (round, seq, stamp) of the state this socket sent last

    async def connect(self) -> None:
        user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        if not await database_sync_to_async(self._allowed)(user):
            await self.rights_refuse_connect()
            return
        self.variant = push.variant_of(user)  # the roles are already read by _allowed
        self.group = services.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        meters = await database_sync_to_async(self.meter_payloads)()
        await self.meters_join(meters)
        await self.rights_join()
        await self.accept()
        channel_layer.watch(self)
        await self.send_latest()
        await self.meters_send(meters)

    def _allowed(self, user) -> bool:
        # A tablet role: an administrator alone opens no table (and has no screen to be sent).
        return bool(roles.roles_of(user) & self.socket_roles) and Table.objects.filter(pk=self.table_id).exists()

    def meter_payloads(self) -> list[dict]:
        return push.table_meters(self.table_id)

    async def disconnect(self, code: int) -> None:
        channel_layer.unwatch(self)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.meters_leave()
        await self.rights_leave()

    async def send_latest(self) -> None:
        payload = await _latest(self.table_id)
        if payload is not None:
            await self.table_state(payload)

    async def table_state(self, event: dict) -> None:
        """A change, rendered: forward this tablet's variant unless it is not newer than the last sent."""
        position = push.order(event)
        if position <= self.last:
            return
        self.last = position
        if "type" in event:  # a push, not the latest render sent on connecting
            metrics.delivered("table", event["stamp"])
        await self.send(text_data=event["html"][self.variant])

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """An action sent over the socket: ``{"round": id, "seq": n, "action": {...}}``, acted on
        with the user's rights as they are now (a socket whose rights are gone is closed)."""
        try:
            round_id, seq, action = parse_socket_message(text_data, bytes_data)
            user = await self.rights_user()
            if user is None:
                return
            await database_sync_to_async(self._act)(user, round_id, seq, action)
        except Refused as refusal:
            self.rights_log_refusal(refusal)
            await self.send(text_data=refusal_message(refusal))

    def _act(self, user, round_id: int, seq: int | None, action: dict) -> None:
        if not Round.objects.filter(pk=round_id, table_id=self.table_id).exists():
            raise Refused(f"Round {round_id} is not a round of this table")
        services.round_act(round_id=round_id, user=user, actions=[action], expected_seq=seq)


class PitConsumer(ForwardsRenders, MeterMixin, LiveRightsMixin, AsyncWebsocketConsumer):
    """The live pit: every table's status and the pending requests, which only a floorperson or a
    supervisor may see.  A role can go without any signal (a membership row deleted directly), so
    the rights are read again before each push is forwarded, not only when a signal says so."""

    group = services.PIT_GROUP
    socket_roles = frozenset({roles.FLOORPERSON, roles.SUPERVISOR})
    last = -1  # the stamp of the render this socket sent last

    async def connect(self) -> None:
        user_roles = await database_sync_to_async(roles.roles_of)(self.scope.get("user"))
        if not user_roles & self.socket_roles:
            await self.rights_refuse_connect()
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        meters = await database_sync_to_async(self.meter_payloads)()
        await self.meters_join(meters)
        await self.rights_join()
        await self.accept()
        channel_layer.watch(self)
        await self.send_latest()
        await self.meters_send(meters)

    def meter_payloads(self) -> list[dict]:
        return push.all_meters()

    async def send_latest(self) -> None:
        payload = await _latest(None)
        if payload is not None:
            await self.pit_state(payload)

    async def disconnect(self, code: int) -> None:
        channel_layer.unwatch(self)
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.meters_leave()
        await self.rights_leave()

    async def _still_allowed(self) -> bool:
        try:
            return await self.rights_user() is not None
        except DatabaseError:
            return False  # the rights cannot be read now: the push is held back (the pit catches up later)

    async def pit_state(self, event: dict) -> None:
        if event["stamp"] <= self.last or not await self._still_allowed():
            return
        self.last = event["stamp"]
        if "type" in event:  # a push, not the latest render sent on connecting
            metrics.delivered("pit", event["stamp"])
        await self.send(text_data=event["html"])

    async def pit_table_status(self, event: dict) -> None:
        # Ordered on the tablet by the status's own position (data-round, data-seq).
        if await self._still_allowed():
            await self.send(text_data=event["html"])

    async def meter_state(self, event: dict) -> None:
        if await self._still_allowed():
            await super().meter_state(event)
