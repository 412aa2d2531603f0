"""ASGI entry point: HTTP goes to Django, websockets to the games app's consumers.

Served by uvicorn, started through ``python -m dealer_assist.server`` (``scripts/run`` does); the
lifespan's startup gets each process ready before it serves.
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

from dealer_assist.lifespan import lifespan  # noqa: E402
from dealer_assist.observe import Observed  # noqa: E402
from dealer_assist.probes import Probes  # noqa: E402
from games.people.origins import TrustedOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

# The probes (/healthz, /readyz, /metrics) are answered first, unlogged: a load balancer calls them
# every few seconds.  Every other request gets its id, its access line and its counts.
application = Probes(Observed(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A websocket whose full Origin (scheme, host, port) is neither its own nor one of
        # CSRF_TRUSTED_ORIGINS is refused before it reaches a consumer (games.people.origins); the
        # session cookie then identifies the user (scope["user"]).
        "websocket": TrustedOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        "lifespan": lifespan,
    }
)))

# Everything loaded by now (Django, the apps, pokerkit's hand tables: about 130,000 objects) lives as
# long as the process.  Frozen, it is left out of the collector's full passes, which otherwise scan
# it all every few seconds under load and pause every request of the process for 100-170 ms.
gc.freeze()
