"""Browser tests: a live ASGI server, Debian's chromium driven by Playwright, and tablets.

The live server
---------------
``asgi_server`` (session scope) starts the server in a child process (``tests/e2e/asgi_server.py``)
on a free port of 127.0.0.1, pointed at the test database pytest-django created, and stops it
before that database is destroyed.  A child process rather than a thread, so that the server
runs exactly as in production: its own event loop and threads, its own environment (without
the DJANGO_ALLOW_ASYNC_UNSAFE these tests need, see below), and the channel layer the settings
choose — Redis when REDIS_URL is set, as in CI, so the pushes go through Redis.

The child must see the rows the test writes, so the tests use ``transactional_db`` (committed
rows, tables flushed after each test) and the test database must be one two processes can
open: PostgreSQL is; SQLite's default test database is in memory, so when the suite runs on
SQLite this conftest puts it in a file instead (below).  That applies to the whole session in
which tests/e2e is collected, which is harmless: a file SQLite database behaves like the
in-memory one, a little slower.

Playwright's sync API runs an event loop in the test's thread, and Django then refuses ORM
calls there (SynchronousOnlyOperation).  ``_async_unsafe_allowed`` sets
DJANGO_ALLOW_ASYNC_UNSAFE for the tests of this directory only, and only while each runs.

Tablets
-------
``tablet(username, path)`` opens a new browser context (its own cookies: one person's tablet),
logs in through the login page, opens ``path`` and, when the page has a websocket, waits until
it is connected and has received its first push; a dealer's tablet on a table page then taps
"I'm dealing this table" (a dealer acts only at their table).  ``Tablet.tap(label)`` taps a button of the
table page and waits until the tap's answer is on screen *and* the websocket push of the same
state has arrived; without that second wait, a push arriving late would redraw the wager forms
while the next seat's amounts are being typed.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

BASE_DIR = Path(__file__).resolve().parents[2]
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TABLET = {"width": 1280, "height": 800}  # a 10" tablet in landscape
PORTRAIT = {"width": 800, "height": 1280}  # the same tablet turned upright
PASSWORD = "e2e-pass-2026"
# Screenshots go where E2E_SCREENSHOTS says (`E2E_SCREENSHOTS=docs/screenshots` refreshes the
# ones the docs show); by default to a scratch folder, so a test run leaves the checkout alone.
SCREENSHOTS = Path(os.environ.get("E2E_SCREENSHOTS") or Path(tempfile.gettempdir()) / "dealer-assist-screenshots")
SERVER_START_TIMEOUT = 30  # seconds
CONFIRM_GAP_MS = 400  # a confirming tap comes this long after the first (static/js/dealer-assist.js: 350 ms)
ACTION_TIMEOUT = 15_000  # ms: the most a tap's answer, a push or a page load may take (CI machines are busy)

expect.set_options(timeout=ACTION_TIMEOUT)

TARGET_PX = 48  # the least a touch target measures each way
# Every visible control's box, and the page's width against the screen's.
MEASURE = """
() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== "hidden"; };
  const controls = [...document.querySelectorAll(
    "a[href], button, select, summary, input:not([type=hidden]):not([type=checkbox]):not([type=radio])")]
    .concat([...document.querySelectorAll("input[type=checkbox]")].map((box) => box.closest("label") || box));
  const small = controls.filter(visible).map((el) => {
    const r = el.getBoundingClientRect();
    return {what: `${el.tagName.toLowerCase()} ${(el.textContent || el.name || "").trim().slice(0, 40)}`,
            width: Math.round(r.width), height: Math.round(r.height)};
  }).filter((box) => box.width < TARGET || box.height < TARGET);
  return {page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth, small};
}
""".replace("TARGET", str(TARGET_PX))


# -- the test database in a file when it is SQLite ------------------------------------------------

def _sqlite_test_database_on_disk() -> None:
    """Give SQLite's test database a file name, so that the server's process can open it too.

    Runs when this conftest is imported, before pytest-django creates the test databases; the
    TEST dict is the one the database connection reads, so this holds even if a connection
    object exists already.
    """
    database = settings.DATABASES["default"]
    if not database["ENGINE"].endswith("sqlite3"):
        return
    test = database.setdefault("TEST", {})
    if not test.get("NAME") or str(test["NAME"]).startswith((":memory:", "file:memorydb")):
        test["NAME"] = str(Path(tempfile.gettempdir()) / f"dealer_assist_e2e_{os.getpid()}.sqlite3")


_sqlite_test_database_on_disk()


# -- the live ASGI server ---------------------------------------------------------------------------

@dataclass
class LiveServer:
    url: str
    command: list[str]
    env: dict[str, str]
    log: Path
    process: subprocess.Popen | None = None
    _read: int = field(default=0)

    def start(self) -> None:
        with self.log.open("a") as out:
            begun = out.tell()
            self.process = subprocess.Popen(self.command, cwd=BASE_DIR, env=self.env, stdout=out,
                                            stderr=subprocess.STDOUT)
        _wait_until_serving(self.url, self.process, self.log, begun)

    def stop(self) -> None:
        """Stop the server, as a restart or a lost connection does to every tablet's socket."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def new_log(self) -> str:
        """What the server logged since the last call."""
        text = self.log.read_text(errors="replace")
        new, self._read = text[self._read:], len(text)
        return new


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PortTaken(RuntimeError):
    """The server could not listen: another process took the free port first (another worker's
    server, or any connection's local port, between ``_free_port`` and the server's bind)."""


def _wait_until_serving(url: str, process: subprocess.Popen, log: Path, begun: int = 0) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = log.read_text()[begun:][-3000:]  # what this start wrote
            if "address already in use" in said.lower():
                raise PortTaken(said)
            raise RuntimeError(f"the server exited with status {process.returncode}:\n{said}")
        try:
            with urllib.request.urlopen(f"{url}/accounts/login/", timeout=2) as response:  # noqa: S310 - our URL
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server did not answer on {url} within {SERVER_START_TIMEOUT} s:\n"
                       f"{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, tmp_path_factory) -> Iterator[LiveServer]:
    """uvicorn serving dealer_assist.asgi (HTTP and websockets) on the test database."""
    from django.db import connections

    database = dict(connections["default"].settings_dict)  # NAME is the test database's by now
    log = tmp_path_factory.mktemp("e2e-server") / "server.log"
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update({
        "DEALER_ASSIST_E2E_DATABASE": json.dumps(database, default=str),
        "DJANGO_SETTINGS_MODULE": "dealer_assist.settings",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(BASE_DIR), env.get("PYTHONPATH")])),
        "PYTHONUNBUFFERED": "1",
    })
    # The port is free when chosen but not held: with the suite on several workers, each starting a
    # server, another process may take it first; then the server starts again on another.
    for attempt in range(3):
        port = _free_port()
        command = [sys.executable, str(Path(__file__).with_name("asgi_server.py")), str(port)]
        server = LiveServer(f"http://127.0.0.1:{port}", command, env, log)
        try:
            server.start()
            break
        except PortTaken:
            if attempt == 2:
                raise
    try:
        yield server
    finally:
        # Stopped before pytest-django drops the test database (PostgreSQL refuses to drop a
        # database with open connections).
        server.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.e2e_failed = report.failed
    return report


@pytest.fixture(autouse=True)
def _server_log_on_failure(request, asgi_server: LiveServer) -> Iterator[None]:
    """A failing browser test prints what the server logged meanwhile (shown with the failure)."""
    asgi_server.new_log()
    yield
    if getattr(request.node, "e2e_failed", False):
        print(f"--- server log ({asgi_server.url}) ---\n{asgi_server.new_log()}")


# -- Django's async guard, for these tests only -----------------------------------------------------

@pytest.fixture(autouse=True)
def _async_unsafe_allowed(monkeypatch) -> None:
    """Playwright's sync API keeps an event loop in this thread; allow the ORM here, in these tests."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# -- people and the browser -------------------------------------------------------------------------

@pytest.fixture(scope="session")
def _password_hash() -> str:
    # The server checks passwords with the production hashers; the suite's own test settings
    # (tests/conftest.py) use a fast hasher the server does not know, so hash with PBKDF2 here.
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    hasher = PBKDF2PasswordHasher()
    return hasher.encode(PASSWORD, hasher.salt())


@pytest.fixture
def people(transactional_db, _password_hash):
    """One user per role, and a second dealer, committed so that the server sees them."""
    from django.contrib.auth.models import Group, User

    from games.people.roles import DEALER, FLOORPERSON, ROLES, SUPERVISOR

    groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
    cast = {}
    for username, role in [("dealer", DEALER), ("dealer2", DEALER), ("floor", FLOORPERSON), ("super", SUPERVISOR)]:
        user = User.objects.create(username=username, password=_password_hash)
        user.groups.add(groups[role])
        cast[username] = user
    return cast


@pytest.fixture
def chromium(transactional_db, _async_unsafe_allowed):
    from django.db import connections
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            # While Playwright's loop runs, Django keeps this thread's connections apart (asgiref
            # stores them per context when a loop is running), and pytest-django's teardown,
            # which runs after, would never close them: PostgreSQL would then refuse to drop the
            # test database.  Close them here, while they can still be seen.
            connections.close_all()
            browser.close()


# Records, in each page, what the htmx websocket extension does: the socket opened, each message,
# and the (round, seq) of the last table state pushed.  ``token`` changes on every load, so an
# unchanged token proves that the page was not reloaded.
INIT_SCRIPT = """
(() => {
  const e2e = window.__e2e = {
    token: Math.random().toString(36).slice(2), wsOpen: 0, messages: 0, lastPush: null, inflight: 0, answered: 0,
  };
  document.addEventListener("htmx:wsOpen", () => { e2e.wsOpen += 1; });
  // A person's taps and typed keys on this page (Playwright's clicks and keys are trusted events):
  // what a scripted round costs the dealer (tests/e2e/test_browser_taps.py).
  e2e.taps = 0; e2e.keys = 0;
  document.addEventListener("click", (event) => { if (event.isTrusted) e2e.taps += 1; }, true);
  document.addEventListener("keydown", (event) => { if (event.isTrusted) e2e.keys += 1; }, true);
  document.addEventListener("input", (event) => {
    const typed = event.target.matches("input:not([type=checkbox]):not([type=radio]), textarea");
    if (event.isTrusted && typed) e2e.keys += 1;
  }, true);
  // Counted on the element that sent the request: a redraw may have taken it out of the page
  // by the time its answer comes, and an event there no longer reaches the document.
  document.addEventListener("htmx:beforeSend", (event) => {
    e2e.inflight += 1;
    event.target.addEventListener("htmx:afterRequest", () => { e2e.inflight -= 1; e2e.answered += 1; }, {once: true});
  });
  document.addEventListener("htmx:wsAfterMessage", (event) => {
    e2e.messages += 1;
    const html = String(event.detail.message);
    const seq = /data-seq="(\\d*)"/.exec(html), round = /data-round="(\\d*)"/.exec(html);
    if (seq && round) e2e.lastPush = {round: round[1], seq: seq[1]};
  });
})();
"""

# Whether a tap has been answered: "ok", the refusal's text, or false while waiting.
#
# A tap posts its form; the answer is morphed into #table-state, and so is the push of the new
# state (sent when the change commits), in either order (the page never draws an older position
# over a newer one).  So the screen is settled once the tap's request is answered, the state
# moved on, and the push of that state has arrived: nothing of this tap can redraw the page
# after that.  A refused tap moves nothing and pushes nothing: its answer shows the refusal.
SETTLED = """
(before) => {
  const state = document.querySelector("#table-state");
  if (!state || window.__e2e.inflight > 0 || window.__e2e.answered <= before.answered) return false;
  const now = {round: state.dataset.round, seq: state.dataset.seq};
  if (now.round === before.round && now.seq === before.seq) {
    const error = state.querySelector(".error");
    return error ? "refused: " + error.textContent.trim() : false;
  }
  const push = window.__e2e.lastPush;
  return push !== null && push.round === now.round && push.seq === now.seq ? "ok" : false;
}
"""


class Tablet:
    """One person's browser (a context of its own) showing one page."""

    def __init__(self, page, username: str, base_url: str):
        self.page = page
        self.username = username
        self.base_url = base_url

    def __repr__(self) -> str:
        return f"<Tablet {self.username} {self.page.url}>"

    # -- navigation and the socket

    def open(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.wait_for_socket()

    def sign_in_to_deal(self) -> None:
        """Tap "I'm dealing this table" on a table page (a dealer acts only at their table)."""
        bar = self.page.locator("#dealer-seat")
        bar.get_by_role("button", name="I'm dealing this table").click()
        expect(bar).to_contain_text("You are dealing this table")

    def wait_for_socket(self) -> None:
        """Wait until the page's websocket is open and its first push (the current state) arrived."""
        if self.page.locator("[ws-connect]").count():
            self.page.wait_for_function("window.__e2e.wsOpen > 0 && window.__e2e.messages > 0")

    @property
    def token(self) -> str:
        return self.page.evaluate("window.__e2e.token")

    # -- the table page

    @property
    def state(self):
        return self.page.locator("#table-state")

    @property
    def prompt(self):
        return self.page.locator("#prompt")

    def _position(self) -> dict[str, str]:
        return self.state.evaluate(
            "el => ({round: el.dataset.round, seq: el.dataset.seq, answered: window.__e2e.answered})")

    def tap(self, label: str) -> None:
        """Tap the button with exactly this label and wait for its answer (and the push)."""
        before = self._position()
        button = self.state.get_by_role("button", name=label, exact=True).element_handle()
        self.wait_for_guard()
        button.click()
        if button.get_attribute("data-confirm") is not None:
            # An irreversible action: the first tap armed it ("Tap again to confirm"); confirm it.
            self.page.wait_for_timeout(CONFIRM_GAP_MS)
            button.click()
        self._settled(before, label)

    def _settled(self, before: dict[str, str], label: str) -> None:
        """Wait until what was tapped since ``before`` is answered, and its push has arrived."""
        try:
            outcome = self.page.wait_for_function(SETTLED, arg=before).json_value()
        except PlaywrightTimeoutError:
            seen = self.page.evaluate("[window.__e2e, document.querySelector('#table-state')?.dataset]")
            raise AssertionError(f"{self.username} tapped {label!r} at {before}: no settled answer; "
                                 f"page saw {seen}") from None
        assert outcome == "ok", f"{self.username} tapped {label!r}: {outcome}"

    def wait_for_guard(self) -> None:
        """A person takes in a changed screen before tapping: the page refuses a tap landing, within
        half a second of the last, on a control drawn since where that one landed (the double-tap guard)."""
        self.page.wait_for_function("() => performance.now() - window.dealerAssist.drawnAt >= 500")

    def set_seat(self, seat: int, ante: str, bonus: str = "") -> None:
        form = self.page.locator(f"form.seat-wagers[data-seat='{seat}']")
        form.locator("input[name=amount_ante]").fill(ante)
        form.locator("input[name=amount_bonus]").fill(bonus)
        self.tap(f"Set seat {seat}")

    def set_wagers(self, seat: int, **amounts: str) -> None:
        """Fill the seat's ``amount_<wager>`` fields of any game (``bet1="10"``, ``pocket_bonus="5"``;
        an empty string clears a field), then tap "Set seat N"."""
        form = self.page.locator(f"form.seat-wagers[data-seat='{seat}']")
        for wager, amount in amounts.items():
            if form.locator(f"[data-follows-wager='{wager}']").count():
                continue  # a wager equal to another (the Odds Wager, Bets 2 and 3) is placed with it
            form.locator(f"input[name=amount_{wager}]").fill(amount)
        self.tap(f"Set seat {seat}")

    def counts(self) -> tuple[int, int]:
        """(taps, typed keys) on this page since it was loaded."""
        return tuple(self.page.evaluate("[window.__e2e.taps, window.__e2e.keys]"))

    def place_amount(self, amount: str) -> None:
        """Type an amount in the prompt's amount field (a wager of any amount up to a limit) and tap "Place"."""
        self.prompt.locator("form.amount-entry input[name=amount]").fill(amount)
        self.tap("Place")

    def enter_cards(self, *codes: str) -> None:
        """Tap the cards on the picker: the tap that completes the count sends them by itself after
        a moment (static/js/dealer-assist.js); wait for that answer (and the push)."""
        before = self._position()
        self.wait_for_guard()
        for code in codes:
            self.page.locator(f"form.picker button.pick[data-card='{code}']").click()
        self._settled(before, f"the cards {' '.join(codes)}")

    def settlement(self) -> list[tuple[int, str, str, int]]:
        """The settlement lines on screen: (seat, wager, outcome, amount in cents), in order."""
        rows = self.page.locator("#settlement tr[data-seat]").evaluate_all(
            "rows => rows.map(r => [r.dataset.seat, r.dataset.wager, r.dataset.outcome, r.dataset.amount])")
        return [(int(seat), wager, outcome, int(amount)) for seat, wager, outcome, amount in rows]

    def screenshot(self, name: str, *, full_page: bool = True, until: str = "") -> Path:
        """Save SCREENSHOTS/NAME: the whole page, or the viewport, or the page down to the bottom
        of the element ``until`` selects."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / name
        clip = None
        if until:
            box = self.page.locator(until).bounding_box()
            width = self.page.evaluate("document.documentElement.clientWidth")
            clip = {"x": 0, "y": 0, "width": width, "height": box["y"] + box["height"] + 16}
        self.page.screenshot(path=str(path), full_page=full_page or bool(clip), clip=clip,
                             animations="disabled", caret="hide")
        return path

    def screenshot_of(self, selector: str, name: str) -> Path:
        """Save SCREENSHOTS/NAME: the element ``selector`` selects, cut from the whole page (where
        the bar that stays at the top of the screen is at the top of the page, not over it)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / name
        box = self.page.locator(selector).evaluate(
            "e => { const r = e.getBoundingClientRect();"
            " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; }")
        self.page.screenshot(path=str(path), full_page=True, clip=box, animations="disabled", caret="hide")
        return path


def sign_in(browser, base_url: str, username: str, path: str = "/") -> Tablet:
    """A new browser context (one person's tablet), logged in as ``username`` through the login
    page, on ``path``; a dealer arriving at a table signs in there first, as on the floor."""
    context = browser.new_context(viewport=TABLET, base_url=base_url)
    context.set_default_timeout(ACTION_TIMEOUT)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    device = Tablet(page, username, base_url)
    device.open(path)
    if page.get_by_role("button", name="I'm dealing this table").count():
        device.sign_in_to_deal()
    return device


@pytest.fixture
def tablet(chromium, asgi_server: LiveServer, people) -> Callable[..., Tablet]:
    """``tablet(username, path)``: a new browser context, logged in as ``username``, on ``path``."""

    def open_tablet(username: str, path: str = "/") -> Tablet:
        return sign_in(chromium, asgi_server.url, username, path)

    return open_tablet
