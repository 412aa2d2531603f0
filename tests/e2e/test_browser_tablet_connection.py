"""A tablet says whether it is connected, and a tap made while it is offline is refused at once,
on screen, and not sent: nothing is recorded, and once the tablet is back the dealer taps again
from the state the table is really in (a tap carrying an old sequence number is refused).

What tests/e2e/test_browser_connection.py covers already: the live status when the server goes
away and comes back, a tap that cannot reach the server, a server error.
"""

import pytest
from playwright.sync_api import expect

from games.models import Round, Table

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-OFF", game="texas-holdem-bonus",
                                rules={"bonus_paytable": "A", "counting_shuffler": True})


def test_a_tap_made_offline_is_refused_at_once_and_nothing_is_recorded(tablet, table):
    dealer = tablet("dealer", f"/tables/{table.id}/")
    live = dealer.page.locator(".live-status")
    expect(live).to_have_attribute("data-live", "1")
    sent = []
    dealer.page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)

    dealer.page.context.set_offline(True)
    expect(live).to_have_attribute("data-live", "0")
    expect(live).to_contain_text("Offline")
    dealer.wait_for_guard()
    dealer.state.get_by_role("button", name="Start round 1").click()
    problem = dealer.page.locator("#net-error")
    expect(problem).to_be_visible(timeout=1_000)  # at once, not after a network timeout
    expect(problem).to_contain_text("offline: the tap was NOT sent")
    assert sent == [] and not Round.objects.filter(table=table).exists()

    dealer.page.context.set_offline(False)
    expect(live).to_have_attribute("data-live", "1", timeout=20_000)
    dealer.tap("Start round 1")
    expect(problem).to_be_hidden()
    assert Round.objects.filter(table=table).count() == 1


def test_a_tablet_back_online_catches_up_and_a_late_tap_is_refused_by_its_sequence_number(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first.tap("Start round 1")
    expect(second.page.locator("h1")).to_contain_text("round 1")

    # The second tablet goes offline, and the round moves on without it.
    second.page.context.set_offline(True)
    expect(second.page.locator(".live-status")).to_have_attribute("data-live", "0")
    first.set_seat(1, "10")
    first.tap("No more bets")
    second.page.context.set_offline(False)
    expect(second.page.locator(".live-status")).to_have_attribute("data-live", "1", timeout=20_000)
    expect(second.state).to_have_attribute("data-seq", first.state.get_attribute("data-seq"))
    expect(second.prompt).to_have_attribute("data-step", "deal")

    # A tap that left before the round moved on (it carries the old sequence number) is refused,
    # on screen, and changes nothing.
    rnd = Round.objects.get(table=table)
    events = rnd.events.count()
    stale_seq = str(rnd.seq - 1)  # drawn before the last tap of the first tablet
    button = second.state.get_by_role("button", name="Cards dealt", exact=True)
    second.wait_for_guard()
    button.evaluate("(b, seq) => { b.form.querySelector('input[name=seq]').value = seq; }", stale_seq)
    button.click()
    expect(second.state.locator(".error")).to_be_visible()
    assert rnd.events.count() == events
    second.tap("Cards dealt")  # from the screen as it is: accepted
    assert rnd.events.count() == events + 1
