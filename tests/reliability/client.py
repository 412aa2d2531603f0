"""A tablet as the harness plays it: an HTTP session (cookies, CSRF) and websockets, with no
browser.  Nothing here retries: the scenarios decide what a failure means."""

from __future__ import annotations

import html
import http.client
import json
import re
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

PASSWORD = "reliability-harness-pw"  # noqa: S105 - the throwaway cluster's accounts

SEQ = re.compile(r'id="table-state"[^>]*data-seq="(\d+)" data-round="(\d*)" data-status="(\w*)"')
ALERT = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)


@dataclass
class Reply:
    status: int  # 0: no answer (connection refused, reset or timed out)
    body: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    problem: str = ""

    @property
    def error(self) -> str:
        """The refusal the page shows, if any."""
        found = ALERT.search(self.body)
        return html.unescape(found[1]).strip() if found else ""

    @property
    def position(self) -> tuple[int, int | None, str] | None:
        """(seq, round, status) of the table fragment in the body."""
        found = SEQ.search(self.body)
        return (int(found[1]), int(found[2]) if found[2] else None, found[3]) if found else None


class Session:
    """One browser's cookies against the server."""

    def __init__(self, base_url: str, timeout: float = 15):
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        self.origin = base_url
        self.cookies: dict[str, str] = {}
        self.timeout = timeout
        self.lock = threading.Lock()

    def copy(self) -> Session:
        other = Session(self.origin, self.timeout)
        other.cookies = dict(self.cookies)
        return other

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, Any] | list | None = None,
        *,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        sent = {"Host": f"{self.host}:{self.port}", "Origin": self.origin, "Referer": self.origin + "/"}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if "csrftoken" in self.cookies:
            sent["X-CSRFToken"] = self.cookies["csrftoken"]
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as error:
            return Reply(0, problem=f"{type(error).__name__}: {error}")
        finally:
            connection.close()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
        return Reply(response.status, text, {k.lower(): v for k, v in response.getheaders()})

    def get(self, path: str, **params: Any) -> Reply:
        query = ("?" + urllib.parse.urlencode(params, doseq=True)) if params else ""
        return self.request("GET", path + query)

    def post(self, path: str, data: dict[str, Any] | list | None = None, **kwargs: Any) -> Reply:
        return self.request("POST", path, data if data is not None else {}, **kwargs)

    def login(self, username: str) -> Reply:
        self.get("/accounts/login/")
        reply = self.post(
            "/accounts/login/",
            {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")},
        )
        if reply.status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"{username} could not log in: {reply.status} {reply.problem}")
        return reply

    def logout(self) -> Reply:
        return self.post("/accounts/logout/")

    # -- websockets -------------------------------------------------------------------------------

    def socket(self, path: str, timeout: float = 10) -> ClientConnection:
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return connect(
            f"ws://{self.host}:{self.port}{path}",
            origin=self.origin,
            additional_headers={"Cookie": cookie} if cookie else None,
            open_timeout=timeout,
            compression=None,
            proxy=None,
            max_size=8 * 1024 * 1024,
            close_timeout=2,
        )


@dataclass
class SocketReply:
    kind: str  # "refused", "state", "closed", "silent" (nothing within the time), "refused_connect"
    text: str = ""
    code: int | None = None
    reason: str = ""
    raw: str = ""  # the frame as it came, before any JSON decoding

    @property
    def position(self) -> tuple[int, int | None, str] | None:
        return Reply(200, self.text).position


def open_socket(session: Session, path: str) -> tuple[ClientConnection | None, SocketReply]:
    """Connect; returns the socket and what it sent first (the state on connect), or None and why not."""
    try:
        ws = session.socket(path)
    except InvalidStatus as error:
        return None, SocketReply("refused_connect", code=error.response.status_code)
    except (OSError, TimeoutError) as error:
        return None, SocketReply("closed", reason=str(error))
    first = receive(ws, 5)
    if first.kind == "closed":
        return None, first
    return ws, first


def receive(ws: ClientConnection, timeout: float) -> SocketReply:
    try:
        text = ws.recv(timeout=timeout)
    except TimeoutError:
        return SocketReply("silent")
    except ConnectionClosed as closed:
        frame = closed.rcvd
        return SocketReply("closed", code=frame.code if frame else None, reason=frame.reason if frame else "")
    if isinstance(text, bytes):
        text = text.decode(errors="replace")
    if text.startswith("{"):
        try:
            message = json.loads(text)
        except ValueError:
            message = {}
        if "refused" in message:
            return SocketReply("refused", message["refused"], raw=text)
    return SocketReply("state", text, raw=text)


def answer(ws: ClientConnection, timeout: float = 5) -> SocketReply:
    """The socket's answer to a message: the first refusal or close, skipping state pushes unless
    nothing else comes."""
    last = SocketReply("silent")
    while True:
        reply = receive(ws, timeout)
        if reply.kind in ("refused", "closed"):
            return reply
        if reply.kind == "silent":
            return last
        last = reply
        timeout = 0.5  # a push came: wait a little more for a refusal behind it


def send(ws: ClientConnection, message: str | bytes) -> SocketReply | None:
    try:
        ws.send(message)
    except ConnectionClosed as closed:
        frame = closed.rcvd
        return SocketReply("closed", code=frame.code if frame else None, reason=frame.reason if frame else "")
    return None


def close_quietly(ws: ClientConnection | None) -> None:
    if ws is not None:
        try:
            ws.close()
        except Exception:  # noqa: S110 - a socket the server already dropped
            pass
