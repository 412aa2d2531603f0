"""How the server, with the project's settings, treats a websocket message it must refuse: a
message over its 1 MB limit closes the socket with a close frame, code 1009 and a reason, not a
dropped connection, so that the tablet, and whoever reads its log, learns why.  Messages under that
limit but over a tap's size are the consumer's to refuse (with a message)."""

import asyncio

import pytest
import uvicorn
import websockets

from dealer_assist.server import SETTINGS, WEBSOCKET_MESSAGE_LIMIT


async def echo(scope, receive, send):
    """A websocket application answering every text message with its length."""
    assert scope["type"] == "websocket"
    while True:
        message = await receive()
        if message["type"] == "websocket.connect":
            await send({"type": "websocket.accept"})
        elif message["type"] == "websocket.receive":
            await send({"type": "websocket.send", "text": str(len(message["text"]))})
        else:
            return


@pytest.fixture
async def serving():
    """uvicorn with the project's settings, serving ``echo`` (which has no lifespan) on a port the
    system picks."""
    server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=0, **{**SETTINGS, "lifespan": "off"}))
    task = asyncio.create_task(server.serve())
    while not server.started:
        assert not task.done(), "the server stopped before it listened"
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"ws://127.0.0.1:{port}/"
    server.should_exit = True
    await asyncio.wait_for(task, 10)


async def test_a_message_at_the_limit_is_received(serving):
    async with websockets.connect(serving, max_size=None) as tablet:
        await tablet.send("x" * WEBSOCKET_MESSAGE_LIMIT)
        assert await asyncio.wait_for(tablet.recv(), 10) == str(WEBSOCKET_MESSAGE_LIMIT)


async def test_a_message_over_the_limit_closes_the_socket_with_a_reason(serving):
    async with websockets.connect(serving, max_size=None) as tablet:
        await tablet.send("x" * (WEBSOCKET_MESSAGE_LIMIT + 1))
        with pytest.raises(websockets.ConnectionClosedError) as closed:
            await asyncio.wait_for(tablet.recv(), 10)
    assert closed.value.rcvd is not None, "the server dropped the connection without a close frame"
    assert closed.value.rcvd.code == 1009  # "message too big"
    assert "exceeds limit of 1048576 bytes" in closed.value.rcvd.reason
