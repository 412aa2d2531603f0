"""A server process: uvicorn serving ``dealer_assist.asgi:application`` with this project's settings.

    python -m dealer_assist.server --host 0.0.0.0 --port 8000 [uvicorn's other options]

``scripts/run``, the Dockerfile and ``docker-compose.yml`` start it so.  Every option is uvicorn's;
``SETTINGS`` are its defaults here; an option on the command line, or uvicorn's ``UVICORN_*``
environment variable for it, overrides one.  Before it listens, the process gets ready
(``dealer_assist.lifespan``).
"""

import sys

from uvicorn import main as uvicorn_command  # its command line (click)

APPLICATION = "dealer_assist.asgi:application"

# A tablet's websocket carries a tap or a page of HTML: a message over 1 MB is no tablet's, and
# the socket is closed with 1009 ("message too big").  Frames are not compressed: the tablets
# are on the casino's network, and compressing every push for every socket cost CPU on each.
WEBSOCKET_MESSAGE_LIMIT = 1024 * 1024

SETTINGS = {
    "loop": "uvloop",
    "http": "httptools",
    # websockets' sans-I/O protocol, closing so that a refused client reads why (dealer_assist.websocket).
    "ws": "dealer_assist.websocket:WebSocketProtocol",
    "ws_max_size": WEBSOCKET_MESSAGE_LIMIT,
    "ws_per_message_deflate": False,
    # Startup must succeed before the process serves: it builds what every close needs.
    "lifespan": "on",
    # The client's address and scheme come from X-Forwarded-For and -Proto only behind a proxy,
    # asked for with --proxy-headers and --forwarded-allow-ips (docker-compose.yml does).
    "proxy_headers": False,
    # Requests are logged by the proxy in front; the server logs what goes wrong.
    "access_log": False,
    "server_header": False,
}


def main(argv: list[str]) -> None:
    uvicorn_command.main(args=[*argv, APPLICATION], default_map=SETTINGS, prog_name="python -m dealer_assist.server")


if __name__ == "__main__":
    main(sys.argv[1:])
