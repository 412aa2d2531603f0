"""A progressive jackpot on the tablets, in Debian's chromium: a royal flush at one table of a link
is paid from the meter at the player's turn; the other table's tablet sees the meter reset without
reloading; the floorperson validates the hit in the pit, where the packet shows the table, the
seat, the cards and hand, the meter's amount at the player's turn and what the cage pays.

Worked out by hand (§ 647a.12(d)): the meter starts at $10,000.00; seat 1's $5 Progressive Payout
Wager adds 10%, 50¢, at "no more bets" (§ 605a.7(a)(1)): $10,000.50.  Ah Kh with the Flop Th Jh Qh
is a royal flush, 100% of the meter (§ 647a.12(d)(1)): the cage pays $10,000.50 and the meter
restarts at its $10,000.00 reset amount.
"""

import pytest
from playwright.sync_api import expect

from games.models import Approval
from tests.conftest import play, start_round
from tests.progressives.progressive_play import ROYAL, linked_tables, opening, to_settlement

pytestmark = pytest.mark.browser


def test_a_floorperson_validates_a_jackpot_while_the_other_tables_tablet_sees_the_meter_reset(tablet, people):
    _, meter, (table, other) = linked_tables(people["super"], "TH-1", "TH-2")
    seats = {1: True}
    rnd = play(start_round(table, people["dealer"]), people["dealer"], *opening(seats),
               *to_settlement(seats))
    dealer = tablet("dealer", f"/tables/{table.id}/")
    neighbour = tablet("dealer2", f"/tables/{other.id}/")
    floor = tablet("floor", "/pit/")
    shown = f"#meter-{meter.id} .meter-amount"
    for device in (dealer, neighbour, floor):
        expect(device.page.locator(shown)).to_have_text("$10,000.50")

    dealer.enter_cards(*ROYAL.split())  # seat 1's cards turned: its settlement, the claim answered

    expect(neighbour.page.locator(shown)).to_have_text("$10,000.00")  # reset, pushed without a reload
    expect(floor.page.locator(shown)).to_have_text("$10,000.00")
    expect(dealer.state.locator(".cage-paid")).to_contain_text(
        "the cage pays $10,000.50 (not from the table inventory). Keep seat 1's cards on the layout until the "
        "documentation is complete")
    item = floor.page.locator(".pit-item", has_text="Progressive Payout Wager payout to validate")
    expect(item).to_contain_text("Table TH-1")
    expect(item).to_contain_text("Seat 1: Progressive Payout Wager payout to validate: the cage pays $10,000.50")
    expect(item).to_contain_text("Royal flush (A♥ K♥ + 10♥ J♥ Q♥) (Paytable)")
    expect(item).to_contain_text("$10,000.50 on the meter at seat 1's turn")
    floor.screenshot("pit-progressive-validation.png", full_page=False)
    dealer.screenshot("table-progressive-jackpot.png")

    item.get_by_role("button", name="Approve").click()
    expect(floor.page.locator(".pit-item", has_text="Progressive Payout Wager")).to_have_count(0)
    assert Approval.objects.get(round=rnd, seat=1).status == "approved"
    expect(dealer.prompt).to_contain_text("Close the round")  # no other hand qualifies for an Envy Bonus
