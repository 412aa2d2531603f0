"""How daphne, as this project runs it, treats a websocket it must fail."""

from daphne.ws_protocol import WebSocketFactory

import dealer_assist.asgi  # noqa: F401 - configures daphne's websocket factory


def test_a_socket_failed_by_the_server_is_closed_with_a_reason_not_dropped():
    factory = WebSocketFactory(None, server="daphne")
    # As daphne's Server.run sets it up (its default limit: 1 MB).
    factory.setProtocolOptions(allowNullOrigin=True, maxMessagePayloadSize=1024 * 1024)
    assert factory.failByDrop is False
    assert factory.maxMessagePayloadSize == 1024 * 1024
