"""Every screen, for the role that uses it, on a 10" tablet in landscape (1280 x 800) and in
portrait (800 x 1280): no wider than the screen, every control at least 48 px each way, showing
what it is for, and saved as ``<screen>-landscape.png`` / ``<screen>-portrait.png``
(``E2E_SCREENSHOTS=docs/screenshots`` refreshes the ones docs/tablets.md links to).

One floor for the whole module, made through the services before the browser starts: table TH-1
with a closed round and a round at its settlement, table TH-2 with a round at the Turn decisions
(dealt by the second dealer: a dealer deals at one table), and a training table.  The rounds are
tests/conftest.py's OPENING (and REST_OF_ROUND on TH-1): seat 1 is paid $115.00 (§ 647a.12), over
the tables' $100.00 threshold, so it waits for a floorperson.  One browser and one login per
person, each page reused from screen to screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.conftest import OPENING, REST_OF_ROUND, deal_at, play
from tests.e2e.conftest import (
    ACTION_TIMEOUT,
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    INIT_SCRIPT,
    MEASURE,
    PORTRAIT,
    TABLET,
    TARGET_PX,
    Tablet,
    sign_in,
)

# The floor is made once for the module (``floor``); the marker has pytest-django create the test
# database even when this module runs alone, and each test only reads.
pytestmark = [pytest.mark.browser, pytest.mark.django_db]

SIZES = {"landscape": TABLET, "portrait": PORTRAIT}
RULES = {"bonus_paytable": "A", "approval_threshold": "100.00"}
CLOSE = {"type": "close", "step": "close"}
# The elements that reach past the screen's right edge, outermost first: what a failure names.
PAST_THE_EDGE = """
() => [...document.querySelectorAll("body *")]
  .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .slice(0, 6)
  .map((el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string"
    ? "." + el.className.trim().split(/\\s+/).join(".") : ""} (${Math.round(el.getBoundingClientRect().right)} px)`)
"""


@dataclass(frozen=True)
class Screen:
    who: str  # the username whose tablet shows it; "" for nobody signed in
    path: str  # formatted with the floor's ids
    shows: str  # a selector of what the screen is for, which must be visible
    status: int = 200
    # Drawn as production (DEBUG off) serves it: the server of these tests runs with DEBUG on,
    # where Django answers a missing page with its own debugging page.
    debug_off: bool = False


SCREENS = {
    "home": Screen("dealer", "/", "a[href='/tables/{waiting_table}/']"),
    "table-mid-round": Screen("dealer2", "/tables/{mid_table}/", "#prompt[data-step='turn_decision']"),
    "table-settlement": Screen("dealer", "/tables/{waiting_table}/", "#settlement tr[data-held='1']"),
    "pit": Screen("floor", "/pit/", "article.pit-item"),
    "history": Screen("floor", "/history/", "table.history a[href='/rounds/{closed}/']"),
    "round": Screen("floor", "/rounds/{closed}/", "table.settlement-lines"),
    "reports": Screen("super", "/reports/", "table[data-level=floor] tr[data-name=Floor]"),
    "audit": Screen("super", "/audit/", "table.audit tr[data-kind]"),
    "dealers": Screen("super", "/dealers/", "tr[data-dealer=dealer2]"),
    "progressives": Screen("super", "/progressives/", "h1"),
    "configure": Screen("super", "/tables/{waiting_table}/configure/", "select#bonus_paytable"),
    "login": Screen("", "/accounts/login/", "input[name=username]"),
    "forbidden": Screen("dealer", "/pit/", "a:text('Back to the tables')", 403),
    "not-found": Screen("floor", "/rounds/0/", "a:text('Back to the tables')", 404, debug_off=True),
}


@pytest.fixture(scope="module")
def floor(django_db_setup, django_db_blocker, _password_hash) -> Iterator[dict[str, int]]:
    """The floor's rows, committed for the server; emptied afterwards, as ``transactional_db`` does."""
    from django.contrib.auth.models import Group, User

    from games.floor import services as floor_services
    from games.models import Table
    from games.people.roles import DEALER, FLOORPERSON, ROLES, SUPERVISOR
    from games.table import services

    with django_db_blocker.unblock():
        groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
        cast = {}
        for username, role in [("dealer", DEALER), ("dealer2", DEALER), ("floor", FLOORPERSON),
                               ("super", SUPERVISOR)]:
            cast[username] = User.objects.create(username=username, password=_password_hash)
            cast[username].groups.add(groups[role])
        th1 = Table.objects.create(name="TH-1", game="texas-holdem-bonus", rules=RULES)
        th2 = Table.objects.create(name="TH-2", game="texas-holdem-bonus", rules=RULES)
        Table.objects.create(name="TH-T", game="texas-holdem-bonus", rules=RULES, training=True)
        deal_at(th1, cast["dealer"])
        deal_at(th2, cast["dealer2"])
        closed = play(services.round_start(table_id=th1.id, user=cast["dealer"]), cast["dealer"],
                      *OPENING, *REST_OF_ROUND)
        floor_services.approval_decide(approval_id=closed.approvals.get().id, user=cast["floor"], approve=True)
        closed = play(closed, cast["dealer"], CLOSE)
        waiting = play(services.round_start(table_id=th1.id, user=cast["dealer"]), cast["dealer"],
                       *OPENING, *REST_OF_ROUND)
        assert waiting.approvals.get().status == "pending"
        play(services.round_start(table_id=th2.id, user=cast["dealer2"]), cast["dealer2"], *OPENING)
    yield {"waiting_table": th1.id, "mid_table": th2.id, "closed": closed.id}
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(scope="module")
def tablets(floor, asgi_server) -> Iterator[dict[str, Tablet]]:
    """One tablet per person of SCREENS, signed in once, and one nobody is signed in to."""
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright's loop stays in this thread for the whole module: pytest-django's per-test
    # transaction (the marker above) is opened while it runs (see conftest's _async_unsafe_allowed).
    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS)
        try:
            devices = {who: sign_in(browser, asgi_server.url, who)
                       for who in sorted({screen.who for screen in SCREENS.values()} - {""})}
            context = browser.new_context(viewport=TABLET, base_url=asgi_server.url)
            context.set_default_timeout(ACTION_TIMEOUT)
            context.add_init_script(INIT_SCRIPT)
            devices[""] = Tablet(context.new_page(), "nobody", asgi_server.url)
            yield devices
        finally:
            connections.close_all()  # the ones opened while the loop ran (conftest's ``chromium``)
            browser.close()


def served_with_debug_off(username: str, path: str) -> tuple[int, bytes]:
    """The status and page Django gives ``username`` for ``path`` with DEBUG off."""
    from django.contrib.auth.models import User
    from django.test import Client, override_settings

    client = Client()
    client.force_login(User.objects.get(username=username))
    with override_settings(DEBUG=False):
        response = client.get(path)
    return response.status_code, response.content


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(SCREENS))
def test_each_screen_fits_the_tablet_and_is_saved(tablets, floor, name, size):
    screen = SCREENS[name]
    tablet = tablets[screen.who]
    page = tablet.page
    page.set_viewport_size(SIZES[size])
    url = tablet.base_url + screen.path.format(**floor)
    if screen.debug_off:
        status, html = served_with_debug_off(tablet.username, screen.path.format(**floor))
        page.route(url, lambda route: route.fulfill(status=status, body=html, content_type="text/html; charset=utf-8"))
    response = page.goto(url)
    page.unroute(url)
    assert response.status == screen.status, f"{name}: {response.status}"
    tablet.wait_for_socket()
    expect(page.locator(screen.shows.format(**floor)).first).to_be_visible()

    measured = page.evaluate(MEASURE)
    assert measured["page"] <= measured["screen"], (
        f"{name} ({size}): the page is {measured['page']} px wide on a {measured['screen']} px screen; "
        f"past its edge: {page.evaluate(PAST_THE_EDGE)}")
    assert measured["small"] == [], f"{name} ({size}): touch targets under {TARGET_PX} px: {measured['small']}"
    tablet.screenshot(f"{name}-{size}.png", full_page=False)
