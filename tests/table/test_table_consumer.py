"""Websockets over the real application stack: sessions, origin check, groups and pushes."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from dealer_assist.asgi import application
from games.table import services
from tests.conftest import OPENING

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(path: str, user=None, origin: bytes = b"http://testserver"):
    headers = [(b"origin", origin), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await session_cookie(user)))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def test_it_sends_the_current_state_on_connect(cast, table):
    communicator, connected = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    assert connected
    html = await communicator.receive_from(timeout=5)
    assert 'id="table-state"' in html and "Start round 1" in html
    await communicator.disconnect()


async def test_it_refuses_a_user_without_a_role(cast, table):
    _, connected = await connect(f"/ws/tables/{table.id}/", cast["stranger"])
    assert not connected


async def test_it_refuses_an_anonymous_visitor(cast, table):
    _, connected = await connect(f"/ws/tables/{table.id}/")
    assert not connected


async def test_it_refuses_a_foreign_origin(cast, table):
    _, connected = await connect(f"/ws/tables/{table.id}/", cast["dealer"], origin=b"http://evil.example")
    assert not connected


async def test_the_pit_is_for_floorpersons(cast, table):
    _, dealer_connected = await connect("/ws/pit/", cast["dealer"])
    floor, floor_connected = await connect("/ws/pit/", cast["floor"])
    assert (dealer_connected, floor_connected) == (False, True)
    assert "Nothing waits for a floorperson" in await floor.receive_from(timeout=5)
    await floor.disconnect()


async def test_a_floorperson_cannot_deal_over_the_socket(cast, table):
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    floor, _ = await connect(f"/ws/tables/{table.id}/", cast["floor"])
    await floor.receive_from(timeout=5)
    await floor.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": OPENING[0]}))
    reply = json.loads(await floor.receive_from(timeout=5))
    assert "Only a dealer" in reply["refused"]
    assert await sync_to_async(rnd.events.count)() == 0
    await floor.disconnect()


@pytest.mark.redis
async def test_every_tablet_of_the_table_receives_the_same_push(cast, table):
    first, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer"])
    second, _ = await connect(f"/ws/tables/{table.id}/", cast["dealer2"])
    floor, _ = await connect(f"/ws/tables/{table.id}/", cast["floor"])
    for tablet in (first, second, floor):
        await tablet.receive_from(timeout=5)  # the state on connect
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    await first.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": OPENING[0]}))
    pushes = []
    for tablet in (first, second, floor):
        html = await tablet.receive_from(timeout=5)  # round started
        if "Ante $10.00" not in html:
            html = await tablet.receive_from(timeout=5)  # the wager
        pushes.append(html)
    assert all('data-seq="1"' in html and "Ante $10.00" in html for html in pushes)
    for tablet in (first, second, floor):
        await tablet.disconnect()
