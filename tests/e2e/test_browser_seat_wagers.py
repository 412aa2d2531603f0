"""Two dealer tablets at one table: a seat's wagers set from one are never silently replaced by what
was typed on the other before it saw them.

A tablet keeps what its dealer typed through every push (a redraw never wipes a typed field), and
its wager form remembers the seat's wagers it was drawn with when the typing began.  Setting the
seat from it after the other tablet changed that seat is refused, saying what the seat has now,
and the form shows the seat's current wagers beside the typed ones meanwhile; tapped again, the
typed amounts are set.  A change at another seat does not refuse it.
"""

import pytest
from playwright.sync_api import expect

from games.models import Round, Table, Wager

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db) -> Table:
    return Table.objects.create(name="TH-TWO", game="texas-holdem-bonus",
                                rules={"bonus_paytable": "A", "counting_shuffler": True})


def wagers(table: Table) -> dict[tuple[int, str], int]:
    rnd = Round.objects.get(table=table, status="open")
    return {(w.seat, w.wager): w.amount for w in Wager.objects.filter(round=rnd)}


def test_a_set_from_a_tablet_that_did_not_see_the_seats_new_wagers_is_refused_and_shows_them(tablet, table):
    first = tablet("dealer", f"/tables/{table.id}/")
    second = tablet("dealer2", f"/tables/{table.id}/")
    first.tap("Start round 1")
    expect(second.page.locator("h1")).to_contain_text("round 1")
    seat1 = second.page.locator("form.seat-wagers[data-seat='1']")
    ante = seat1.locator("input[name=amount_ante]")
    changed = seat1.locator(".seat-now")

    # Another seat's chip, from the other tablet, while seat 1's Ante is being typed here: no
    # matter, seat 1's wagers are still what this tablet drew.
    ante.fill("25")
    first.tap("Seat 2 Ante $10")
    expect(second.state).to_have_attribute("data-seq", first.state.get_attribute("data-seq"))
    expect(changed).to_be_hidden()
    second.tap("Set seat 1")
    assert wagers(table) == {(1, "ante"): 2500, (2, "ante"): 1000}

    # Seat 1 set from the other tablet while a new amount is typed here: the typed one stays, with
    # the seat's wagers as they are now beside it.
    ante.fill("50")
    first.set_seat(1, "10", "5")
    expect(second.state).to_have_attribute("data-seq", first.state.get_attribute("data-seq"))
    expect(ante).to_have_value("50")
    expect(changed).to_be_visible()
    expect(changed).to_contain_text("seat 1 now has Ante $10.00, Texas Hold 'Em Bonus Wager $5.00")
    expect(seat1.locator("[data-now-wager=ante]")).to_have_text("now $10.00")
    expect(seat1.locator("[data-now-wager=bonus]")).to_have_text("now $5.00")
    second.screenshot_of("form.seat-wagers[data-seat='1']", "wagers-changed-on-another-tablet.png")

    # Set from here: refused, naming what the seat has; nothing changes and nothing typed is lost.
    seq = second.state.get_attribute("data-seq")
    second.wait_for_guard()
    seat1.get_by_role("button", name="Set seat 1").click()
    error = second.state.locator(".error")
    expect(error).to_contain_text("Seat 1's wagers changed since this tablet drew them")
    expect(error).to_contain_text("now Ante $10.00, Texas Hold 'Em Bonus Wager $5.00. Nothing was set")
    assert wagers(table) == {(1, "ante"): 1000, (1, "bonus"): 500, (2, "ante"): 1000}
    assert second.state.get_attribute("data-seq") == seq
    expect(ante).to_have_value("50")

    # Tapped again, now that this tablet has been shown them: the typed amount is set (the Bonus
    # field, filled by the other tablet's Set, is kept as drawn).
    second.tap("Set seat 1")
    assert wagers(table) == {(1, "ante"): 5000, (1, "bonus"): 500, (2, "ante"): 1000}
    expect(first.page.locator("form.seat-wagers[data-seat='1'] input[name=amount_ante]")).to_have_value("50.00")
    expect(changed).to_be_hidden()
