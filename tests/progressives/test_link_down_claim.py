"""A jackpot claimed while the link is down (§ 605a.8(c)): never paid from the meter on its own; a
floorperson decides it by the casino's procedure, with the link's state and the meter's last
reading before them: pay from the last reading, recorded as such, or wait for the link.

Worked out by hand: the meter starts at $10,000.00; seat 1's $5 Progressive Payout Wager adds 10%,
50¢, at "no more bets": $10,000.50.  Ah Kh with the Flop Th Jh Qh is a royal flush, 100% of the
meter (§ 647a.12(d)(1)): $10,000.50, after which the meter restarts at its $10,000.00 reset amount.
"""

import pytest

from games.floor import services as floor_services
from games.floor.selectors import pit_state
from games.models import MeterEntry
from games.progressives import services as progressives
from games.table import services
from tests.conftest import play, start_round
from tests.progressives.progressive_play import ROYAL, linked_tables, opening, settle, to_settlement

pytestmark = pytest.mark.django_db


def royal_while_down(cast):
    link, meter, (table,) = linked_tables(cast["super"], "TH-1")
    seats = {1: True}
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening(seats), *to_settlement(seats))
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="controller lost")
    return link, meter, play(rnd, cast["dealer"], settle(1, ROYAL))


def payouts(meter):
    return list(MeterEntry.objects.filter(meter=meter, kind="payout").values_list("amount", "note"))


def decide(rnd, floor, approve):
    (approval,) = rnd.approvals.filter(status="pending")
    floor_services.approval_decide(approval_id=approval.id, user=floor, approve=approve)
    rnd.refresh_from_db()
    return rnd


def test_a_claim_while_the_link_is_down_is_held_then_paid_from_the_last_reading(cast):
    link, meter, rnd = royal_while_down(cast)
    meter.refresh_from_db()
    assert meter.amount == 10_000_50 and payouts(meter) == []  # nothing left the meter
    (item,) = pit_state()["items"]
    assert item.approval.kind == "claim" and item.approval.section == "§ 605a.8(c)"
    assert "the link TH-1-LINK is down (controller lost)" in item.approval.reason
    assert "Last reading $10,000.50" in item.approval.reason
    assert services.engine_round(rnd).prompt.waiting_for_floor

    rnd = decide(rnd, cast["floor"], approve=True)
    meter.refresh_from_db()
    ((amount, note),) = payouts(meter)
    assert amount == -10_000_50 and "paid from the last reading while the link TH-1-LINK is down" in note
    assert meter.amount == 10_000_00  # reset after a jackpot of the whole meter
    state = services.engine_round(rnd)
    assert [line.handed for line in state.lines if line.wager == "progressive"] == [10_000_50]
    assert [a.kind for a in state.approvals if a.status == "pending"] == ["payout"]  # the jackpot is validated


def test_a_claim_the_floorperson_has_wait_is_paid_from_the_meter_once_the_link_is_back(cast):
    link, meter, rnd = royal_while_down(cast)
    rnd = decide(rnd, cast["floor"], approve=False)  # wait for the link
    meter.refresh_from_db()
    assert payouts(meter) == [] and meter.amount == 10_000_50
    prompt = services.engine_round(rnd).prompt
    assert [choice.label for choice in prompt.choices] == ["The link is back: pay seat 1 from the meter"]

    rnd = play(rnd, cast["dealer"], {"type": "link_back"})  # too early: the link is still down
    assert payouts(meter) == [] and rnd.approvals.filter(kind="claim", status="pending").count() == 1
    rnd = decide(rnd, cast["floor"], approve=False)

    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=True)
    rnd = play(rnd, cast["dealer"], {"type": "link_back"})
    meter.refresh_from_db()
    ((amount, note),) = payouts(meter)
    assert amount == -10_000_50 and "last reading" not in note
    assert meter.amount == 10_000_00


def test_the_pit_the_meter_bar_and_the_wager_prompt_say_the_link_is_down(cast):
    from django.template.loader import render_to_string

    from games.table.selectors import table_context

    link, meter, (table,) = linked_tables(cast["super"], "TH-1")
    start_round(table, cast["dealer"])
    assert "progressive" in [field.slug for field in table_context(table)["wager_fields"]]
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="controller lost")
    # Taken down while the round takes wagers: neither the field nor its chip is offered.
    assert "progressive" not in [field.slug for field in table_context(table)["wager_fields"]]
    meter.refresh_from_db()
    bar = render_to_string("games/progressives/meters.html#meter", {"meter": meter})
    assert "link TH-1-LINK down: wagers refused (§ 605a.8(c))" in bar


def test_a_request_from_a_table_whose_link_is_down_says_so(cast):
    _, _, rnd = royal_while_down(cast)
    (item,) = pit_state()["items"]
    assert item.link_down == "the link TH-1-LINK is down (controller lost)"


def test_last_rounds_progressive_wager_is_not_offered_again_while_the_link_is_down(cast):
    from games.table.selectors import table_context
    from tests.progressives.progressive_play import NOTHING, full_round

    link, _, (table,) = linked_tables(cast["super"], "TH-1")
    full_round(table, cast["dealer"], cast["floor"], {1: (True, NOTHING[1])})
    start_round(table, cast["dealer"])
    assert [slug for slug, _, _ in table_context(table)["repeats"][1].wagers] == ["ante", "progressive"]
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="controller lost")
    assert [slug for slug, _, _ in table_context(table)["repeats"][1].wagers] == ["ante"]
