"""How the server, with the project's settings, treats a websocket message it must refuse: a
message over its 1 MB limit closes the socket with a close frame, code 1009 and a reason, not a
dropped connection, so that the tablet, and whoever reads its log, learns why.  Messages under that
limit but over a tap's size are the consumer's to refuse (with a message)."""

import asyncio
import threading
import time

import pytest
import uvicorn
import websockets
import websockets.sync.client

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
def serving():
    """uvicorn with the project's settings, serving ``echo`` (which has no lifespan) on a port the
    system picks, on a thread and event loop of its own: the client and the server then read and
    write at the same time, as across two machines."""
    server = uvicorn.Server(uvicorn.Config(echo, host="127.0.0.1", port=0, **{**SETTINGS, "lifespan": "off"}))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server stopped or never listened"
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"ws://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join(10)


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


def test_a_refused_client_still_sending_reads_why(serving):
    """A message well over the limit: the server refuses it on its first bytes, while the client is
    still sending the rest.  Closed at once, the socket answered those bytes with a reset that
    could destroy the close frame on its way (the tablet saw 1006 and no reason, about one time in
    four); the server now ends its side and drops the rest until the client closes.  The client
    blocks in its send, as a browser's does, until the server's answer ends it."""
    for attempt in range(40):
        with websockets.sync.client.connect(serving, max_size=None, close_timeout=5) as tablet:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                tablet.send("x" * (2 * WEBSOCKET_MESSAGE_LIMIT))
                tablet.recv(timeout=10)
        assert closed.value.rcvd is not None, f"attempt {attempt}: the close frame was lost"
        assert closed.value.rcvd.code == 1009 and "exceeds limit" in closed.value.rcvd.reason
