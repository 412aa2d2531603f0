"""ASGI entry point: HTTP goes to Django, websockets to the games app's consumers.

Served by daphne, started through ``python -m dealer_assist.server`` (``scripts/run`` does), which
gets the process ready before it serves.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_assist.settings")

# Set up Django (settings, app registry) before importing anything that may touch models:
# the consumers behind games.routing import them at module level.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.origins import TrustedOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402


def close_sockets_with_a_reason() -> None:
    """A socket daphne must fail (a message over its 1 MB limit) gets a close frame with the code
    and the reason (1009, "message exceeds payload limit"), not a dropped connection: the tablet,
    and whoever reads its log, learns why.  Autobahn drops by default (``failByDrop``); daphne has
    no option for it, so it is set on its factory here, which daphne imports before serving.
    Messages under that limit but over a tap's size are refused by the consumer, with a message."""
    from daphne.ws_protocol import WebSocketFactory

    if getattr(WebSocketFactory, "closes_with_a_reason", False):
        return
    built = WebSocketFactory.__init__

    def __init__(self, *args, **kwargs):
        built(self, *args, **kwargs)
        self.setProtocolOptions(failByDrop=False)

    WebSocketFactory.__init__ = __init__
    WebSocketFactory.closes_with_a_reason = True


close_sockets_with_a_reason()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A websocket whose full Origin (scheme, host, port) is neither its own nor one of
        # CSRF_TRUSTED_ORIGINS is refused before it reaches a consumer (games.origins); the
        # session cookie then identifies the user (scope["user"]).
        "websocket": TrustedOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# Everything loaded by now (Django, the apps, pokerkit's hand tables: about 130,000 objects) lives as
# long as the process.  Frozen, it is left out of the collector's full passes, which otherwise scan
# it all every few seconds under load and pause every request of the process for 100-170 ms.
gc.freeze()
