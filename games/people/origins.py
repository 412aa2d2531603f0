"""The websocket Origin check: the full origin (scheme, host and port) must be trusted.

A browser sends the Origin of the page that opens a socket, and the socket carries the user's
session cookie, so a page of another site must not be able to open one.  Channels'
AllowedHostsOriginValidator compares only the host name with ALLOWED_HOSTS, so
``http://localhost:9999`` or ``https://`` instead of ``http://`` passed.  The rule here is
Django's CSRF rule for forms, so one setting governs both:

* the Origin is the socket's own origin: same scheme (``ws`` goes with ``http``, ``wss`` with
  ``https``), same host and port as its Host header, and that host is in ALLOWED_HOSTS; or
* the Origin is listed in CSRF_TRUSTED_ORIGINS (``https://tables.example.com``, or
  ``https://*.example.com`` for its subdomains), scheme and port included.

Behind a proxy that terminates TLS, run the server with ``--proxy-headers`` (and
``--forwarded-allow-ips`` naming the proxy) so that the socket's scheme is ``wss`` as the browser
sees it, or list the public origin in CSRF_TRUSTED_ORIGINS.
A refused socket is closed before it reaches a consumer and logged as ``origin_refused``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from games.people.security import scope_address, security_event

_DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(text: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin like ``https://host:port``, or None if it is not one."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") or parts.query:
        return None
    return parts.scheme, parts.hostname, port or _DEFAULT_PORTS[parts.scheme]


def _trusted(origin: tuple[str, str, int], trusted: str) -> bool:
    scheme, _, rest = trusted.partition("://")
    wildcard = rest.startswith("*.")
    allowed = _origin(f"{scheme}://{rest[2:] if wildcard else rest}")
    if allowed is None or allowed[0] != origin[0] or allowed[2] != origin[2]:
        return False
    return origin[1].endswith("." + allowed[1]) if wildcard else origin[1] == allowed[1]


def origin_allowed(origin_header: str, host_header: str, socket_scheme: str) -> bool:
    origin = _origin(origin_header)
    if origin is None:
        return False
    if any(_trusted(origin, trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS):
        return True
    scheme = "https" if socket_scheme == "wss" else "http"
    own = _origin(f"{scheme}://{host_header}")
    domain, _ = split_domain_port(host_header)
    return own == origin and bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


class TrustedOriginValidator:
    """ASGI middleware refusing a websocket whose Origin is not trusted (see the module's doc)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            origin, host = _header(scope, b"origin"), _header(scope, b"host")
            if not origin_allowed(origin, host, scope.get("scheme", "ws")):
                security_event("origin_refused", address=scope_address(scope), origin=origin[:200],
                               host=host[:200], path=scope.get("path", ""))
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
