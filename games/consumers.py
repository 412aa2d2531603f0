"""Websockets: authenticate, join the table's (or the pit's) group, and forward.

Every change is pushed as the re-rendered fragment, so a tablet always shows the state as
PostgreSQL has it; the channel layer only says that something changed.  A tablet that
reconnects is sent the current state at once.  Actions may also arrive over the socket;
they go through the same services, with the same role checks, as the pages' POSTs.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string

from games import roles, selectors, services
from games.engine.core import Refused
from games.inputs import parse_socket_message
from games.live_rights import LiveRightsMixin
from games.models import Round, Table


class TableConsumer(LiveRightsMixin, AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        if not await database_sync_to_async(self._allowed)(user):
            await self.rights_refuse_connect()
            return
        self.group = services.table_group(self.table_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.rights_join()
        await self.accept()
        await self.send_state()

    def _allowed(self, user) -> bool:
        return bool(roles.roles_of(user)) and Table.objects.filter(pk=self.table_id).exists()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.rights_leave()

    async def table_changed(self, event: dict) -> None:
        await self.send_state()

    async def send_state(self, error: str = "") -> None:
        await self.send(text_data=await database_sync_to_async(self._render)(error))

    def _render(self, error: str) -> str:
        table = Table.objects.get(pk=self.table_id)
        context = selectors.table_state(table, self.scope["user"], error=error)
        return render_to_string("games/table.html#table-state", context)

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
            await self.send(text_data=json.dumps({"refused": str(refusal)}))

    def _act(self, user, round_id: int, seq: int | None, action: dict) -> None:
        if not Round.objects.filter(pk=round_id, table_id=self.table_id).exists():
            raise Refused(f"Round {round_id} is not a round of this table")
        services.round_act(round_id=round_id, user=user, actions=[action], expected_seq=seq)


class PitConsumer(LiveRightsMixin, AsyncWebsocketConsumer):
    group = services.PIT_GROUP
    socket_roles = frozenset({roles.FLOORPERSON, roles.SUPERVISOR})

    async def connect(self) -> None:
        user_roles = await database_sync_to_async(roles.roles_of)(self.scope.get("user"))
        if not user_roles & self.socket_roles:
            await self.rights_refuse_connect()
            return
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.rights_join()
        await self.accept()
        await self.pit_changed({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.rights_leave()

    async def pit_changed(self, event: dict) -> None:
        html = await database_sync_to_async(
            lambda: render_to_string("games/pit.html#pit-state", selectors.pit_state()))()
        await self.send(text_data=html)
