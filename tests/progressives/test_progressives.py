"""Progressive meters and links through the services (§ 605a.7, § 605a.8, § 647a.11(i), § 647a.12(d)).

Every expected meter amount is worked out here by hand: a $5 Progressive Payout Wager on a meter
fed at 10% adds 50¢ (and at a 2% reserve rate 10¢ to the reserve pool); a royal flush is paid 100%
of the meter and a straight flush 10% of it, to the cent below (§ 647a.12(d)(1)).
"""

import pytest

from games.engine.core import Refused
from games.floor import services as floor_services
from games.models import Meter, MeterEntry, RoundEvent, SettlementLine, Table
from games.progressives import services as progressives
from games.progressives.ledger import meter_audit
from games.table import push, services
from games.table.selectors import table_context
from tests.conftest import play, start_round
from tests.progressives.progressive_play import (
    NOTHING,
    ROYAL,
    STRAIGHT_FLUSH,
    finish,
    full_round,
    linked_tables,
    opening,
    settle,
    thb_table,
    to_settlement,
)

pytestmark = pytest.mark.django_db


def ledger(meter):
    return list(MeterEntry.objects.filter(meter=meter).order_by("seq").values_list("kind", "pool", "amount"))


def test_a_meter_starts_at_its_initial_amount_with_a_reset_entry(cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    meter.refresh_from_db()
    assert meter.amount == 10_000_00 and ledger(meter) == [("reset", "meter", 10_000_00)]
    assert meter_audit(meter) == []


def test_a_reset_amount_below_the_chapters_minimum_is_refused(cast):
    table = thb_table("TH-1")
    with pytest.raises(Refused, match=r"below the \$10,000.00 the chapter requires") as refusal:
        progressives.meter_create(user=cast["super"], name="M", game="texas-holdem-bonus", wager="progressive",
                                  table_id=table.id, seed="10000", reset="9999.99", rate="10", wager_amount="5")
    assert refusal.value.section == "§ 647a.12(d)(3)"
    assert not Meter.objects.exists()


def test_a_rate_that_does_not_give_whole_cents_per_wager_is_refused(cast):
    table = thb_table("TH-1")
    with pytest.raises(Refused, match="not a whole number of cents"):  # 4.5% of $5.00 is 22.5¢
        progressives.meter_create(user=cast["super"], name="M", game="texas-holdem-bonus", wager="progressive",
                                  table_id=table.id, seed="10000", reset="10000", rate="4.5", wager_amount="5")


def test_only_a_supervisor_configures_meters(cast):
    with pytest.raises(progressives.NotAllowed):
        progressives.link_create(user=cast["floor"], name="L")


def test_a_table_offers_one_progressive(cast):
    link, _, (linked,) = linked_tables(cast["super"], "TH-1")
    own = thb_table("TH-2")
    progressives.meter_create(user=cast["super"], name="OWN", game="texas-holdem-bonus", wager="progressive",
                              table_id=own.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="adding TH-2")
    with pytest.raises(Refused, match="has a progressive of its own") as refusal:
        progressives.link_add_table(link_id=link.id, table_id=own.id, user=cast["super"])
    assert refusal.value.section == "§ 605a.7(e)(2)"
    with pytest.raises(Refused, match="is on the link TH-1-LINK") as refusal:
        progressives.meter_create(user=cast["super"], name="SECOND", game="texas-holdem-bonus", wager="progressive",
                                  table_id=linked.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    assert refusal.value.section == "§ 605a.7(e)(2)"
    with pytest.raises(Refused, match="Meter OWN already feeds this progressive"):
        progressives.meter_create(user=cast["super"], name="SECOND", game="texas-holdem-bonus", wager="progressive",
                                  table_id=own.id, seed="10000", reset="10000", rate="10", wager_amount="5")


def test_a_table_of_another_game_cannot_join_the_link(cast):
    link, _, _ = linked_tables(cast["super"], "TH-1")
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="adding a table")
    wpt = Table.objects.create(name="WPT-1", game="wpt-heads-up", rules={})
    with pytest.raises(Refused, match="feeds Texas Hold 'Em Bonus Poker, not World Poker Tour"):
        progressives.link_add_table(link_id=link.id, table_id=wpt.id, user=cast["super"])


def test_parameters_do_not_change_while_the_link_operates(cast):
    link, meter, _ = linked_tables(cast["super"], "TH-1", "TH-2")
    with pytest.raises(Refused, match="in operation: its progressive parameters cannot change") as refusal:
        progressives.meter_configure(meter_id=meter.id, user=cast["super"], reset="12000", rate="12")
    assert refusal.value.section == "§ 605a.8(b)(4)"
    meter.refresh_from_db()
    assert (meter.reset_amount, meter.rate) == (10_000_00, 10)
    with pytest.raises(Refused, match="take it down before changing its tables"):
        progressives.link_add_table(link_id=link.id, table_id=thb_table("TH-3").id, user=cast["super"])
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="new rate")
    progressives.meter_configure(meter_id=meter.id, user=cast["super"], reset="12000", rate="12")
    meter.refresh_from_db()
    assert (meter.reset_amount, meter.rate, meter.amount) == (12_000_00, 12, 10_000_00)  # the amount stays


def test_contributions_are_written_at_no_more_bets_in_the_same_transaction(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1", reserve_rate="2")
    rnd = start_round(table, cast["dealer"])
    *wagers, close = opening({1: True, 2: False, 3: True})
    rnd = play(rnd, cast["dealer"], *wagers)
    meter.refresh_from_db()
    assert meter.amount == 10_000_00  # nothing before "no more bets"
    rnd = play(rnd, cast["dealer"], close)
    meter.refresh_from_db()
    # Seats 1 and 3 wager $5 each: 10% = 50¢ each to the meter, 2% = 10¢ each to the reserve.
    assert (meter.amount, meter.reserve) == (10_001_00, 20)
    entries = MeterEntry.objects.filter(meter=meter, kind="contribution")
    assert sorted(entries.values_list("seat", "pool", "amount")) == [
        (1, "meter", 50), (1, "reserve", 10), (3, "meter", 50), (3, "reserve", 10)]
    assert {entry.round_id for entry in entries} == {rnd.id}
    assert meter_audit(meter) == []


def test_a_tap_refused_after_no_more_bets_writes_no_contribution(cast, monkeypatch):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening({1: True})[:-1])

    def broken(*args, **kwargs):
        raise RuntimeError("the database failed while writing the approvals")

    monkeypatch.setattr(services, "_write_approvals", broken)
    with pytest.raises(RuntimeError):
        play(rnd, cast["dealer"], {"type": "no_more_bets"})
    meter.refresh_from_db()
    assert meter.amount == 10_000_00 and not MeterEntry.objects.filter(kind="contribution").exists()


def test_no_wager_is_placed_after_no_more_bets(cast):
    _, _, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening({1: False}))
    with pytest.raises(Refused, match="Not now"):
        # A tablet still showing the wagers step.
        play(rnd, cast["dealer"], {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "progressive",
                                   "amount": "5"})
    assert not rnd.wagers.filter(wager="progressive").exists()


def test_a_link_that_is_down_refuses_progressive_wagers_and_the_base_game_goes_on(cast):
    link, meter, (table,) = linked_tables(cast["super"], "TH-1")
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="controller fault")
    rnd = start_round(table, cast["dealer"])
    assert rnd.rules["progressives"]["progressive"]["down"] == "the link TH-1-LINK is down (controller fault)"
    with pytest.raises(Refused, match="not accepted: the link TH-1-LINK is down") as refusal:
        play(rnd, cast["dealer"], {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
             {"type": "place_wager", "seat": 1, "wager": "progressive", "amount": "5"})
    assert refusal.value.section == "§ 605a.8(c)"
    for variant in ("is_dealer", "is_floor"):  # the notice is on the dealer's and the floorperson's screens
        assert "Progressive wagers are not accepted: the link TH-1-LINK is down" in push_html(table, variant)
    rnd = play(rnd, cast["dealer"], {"type": "no_more_bets"}, *to_settlement({1: False}), settle(1, NOTHING[1]))
    rnd = finish(rnd, cast["dealer"], cast["floor"])
    assert rnd.status == "closed"  # the base game went on
    meter.refresh_from_db()
    assert meter.amount == 10_000_00


def test_a_link_that_goes_down_mid_round_refuses_the_wagers_already_on_the_layout_at_no_more_bets(cast):
    link, _, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening({1: True})[:-1])
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="power failure")
    with pytest.raises(Refused, match=r"remove the Progressive Payout Wagers of seats 1 before \"no more bets\""):
        play(rnd, cast["dealer"], {"type": "no_more_bets"})
    rnd = play(rnd, cast["dealer"], {"type": "remove_wager", "seat": 1, "wager": "progressive"},
               {"type": "no_more_bets"})
    assert services.engine_round(rnd).prompt.step == "deal"


def test_a_table_taken_off_the_link_refuses_progressive_wagers(cast):
    link, _, (table, other) = linked_tables(cast["super"], "TH-1", "TH-2")
    progressives.link_table_set(link_id=link.id, table_id=table.id, user=cast["super"], on_link=False)
    rnd = start_round(table, cast["dealer"])
    with pytest.raises(Refused, match="table TH-1 is off the link TH-1-LINK"):
        play(rnd, cast["dealer"], *opening({1: True})[:2])
    # The other table of the link still takes them.
    play(start_round(other, cast["dealer"]), cast["dealer"], *opening({1: True}))


def test_a_royal_flush_is_paid_the_meter_at_the_players_turn_then_the_meter_resets(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = start_round(table, cast["dealer"])
    seats = {1: True, 4: True}
    rnd = play(rnd, cast["dealer"], *opening(seats), *to_settlement(seats), settle(4, NOTHING[4]), settle(1, ROYAL))
    # $10,000 + two contributions of 50¢ = $10,001.00, all of it to seat 1 (§ 647a.12(d)(1), (4)).
    answer = RoundEvent.objects.get(round=rnd, action__type="resolve_claim")
    assert answer.role == "system"
    assert {k: answer.action[k] for k in ("claim", "amount", "meter_amount")} == {
        "claim": 1, "amount": 10_001_00, "meter_amount": 10_001_00}
    line = SettlementLine.objects.get(round=rnd, seat=1, wager="progressive")
    assert (line.outcome, line.amount, line.payer) == ("win", 10_001_00, "cage")
    assert line.instruction.startswith("the cage pays $10,001.00")
    payout = MeterEntry.objects.get(meter=meter, kind="payout")
    assert (payout.amount, payout.line_id, payout.seat, payout.round_id) == (-10_001_00, line.id, 1, rnd.id)
    meter.refresh_from_db()
    assert meter.amount == 10_000_00  # reset to the reset amount: the next hit reads it
    assert ledger(meter)[-2:] == [("payout", "meter", -10_001_00), ("reset", "meter", 10_000_00)]
    # A floorperson validates it whatever the threshold; the screen says the cage pays and the cards stay.
    approval = rnd.approvals.get(seat=1)
    assert "Progressive Payout Wager payout to validate" in approval.reason
    html = push_html(table)
    assert "Keep seat 1's cards on the layout until the documentation is complete" in html
    rnd = play(rnd, cast["dealer"], {"type": "settle"})
    # § 647a.12(d)(5), $5 wager: seat 4 is paid $5,000 for seat 1's royal flush; seat 1 nothing for its own.
    assert list(rnd.lines.filter(wager="progressive_envy").values_list("seat", "amount")) == [(4, 5_000_00)]
    with pytest.raises(Refused, match="approval is pending"):
        play(rnd, cast["dealer"], {"type": "close"})
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    assert meter_audit(meter) == []


def push_html(table, variant="is_dealer"):
    return push.render_fragment({**table_context(table), variant: True})


def test_a_straight_flush_is_paid_ten_percent_and_the_meter_keeps_the_rest(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1", seed="12345.67", reset="10000")
    rnd = start_round(table, cast["dealer"])
    rnd = play(rnd, cast["dealer"], *opening({2: True}), *to_settlement({2: True}), settle(2, STRAIGHT_FLUSH))
    # $12,345.67 + 50¢ = $12,346.17; 10% is $1,234.617, paid $1,234.61; $11,111.56 stays.
    assert SettlementLine.objects.get(round=rnd, seat=2, wager="progressive").amount == 1_234_61
    meter.refresh_from_db()
    assert meter.amount == 11_111_56


def test_a_refused_validation_puts_the_payout_back_until_the_seat_is_settled_again(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = start_round(table, cast["dealer"])
    rnd = play(rnd, cast["dealer"], *opening({1: True}), *to_settlement({1: True}), settle(1, ROYAL))
    meter.refresh_from_db()
    assert meter.amount == 10_000_00
    approval = rnd.approvals.get(seat=1)
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=False, note="not a royal")
    meter.refresh_from_db()
    assert meter.amount == 10_000_50  # the $10,000.50 paid goes back, the $10,000 reset comes off
    assert [kind for kind, _, _ in ledger(meter)][-2:] == ["correction", "correction"]
    rnd = play(rnd, cast["dealer"], settle(1, NOTHING[1]))  # the floorperson read the hand again
    meter.refresh_from_db()
    assert meter.amount == 10_000_50 and meter_audit(meter) == []


def test_a_transfer_needs_its_written_approval_and_moves_the_amount_whole(cast):
    _, first, _ = linked_tables(cast["super"], "TH-1")
    _, second, _ = linked_tables(cast["super"], "TH-2")
    with pytest.raises(Refused, match="Name the written approval"):
        progressives.meter_transfer(from_id=first.id, to_id=second.id, amount="500", user=cast["super"], approval="ok")
    progressives.meter_transfer(from_id=first.id, to_id=second.id, amount="500", user=cast["super"],
                                approval="Executive Director approval 2026-114, § 605a.7(d)(2)")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.amount, second.amount) == (9_500_00, 10_500_00)
    with pytest.raises(Refused, match="cannot give"):
        progressives.meter_transfer(from_id=first.id, to_id=second.id, amount="9500.01", user=cast["super"],
                                    approval="Executive Director approval 2026-115, § 605a.7(d)(2)")


def test_a_correction_needs_a_written_explanation(cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    with pytest.raises(Refused, match="written explanation") as refusal:
        progressives.meter_correct(meter_id=meter.id, amount="100", user=cast["super"], explanation="oops")
    assert refusal.value.section == "§ 605a.7(d)(3)"
    progressives.meter_correct(meter_id=meter.id, amount="100", user=cast["super"],
                               explanation="Meter display reset by a power failure at 21:04; amount restored")
    meter.refresh_from_db()
    assert meter.amount == 10_100_00


def test_the_ledger_is_append_only(cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    entry = MeterEntry.objects.get(meter=meter)
    entry.amount = 1
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()


def test_a_round_on_a_table_without_a_meter_offers_no_progressive(cast):
    table = thb_table("TH-1")
    rnd = start_round(table, cast["dealer"])
    assert "progressives" not in rnd.rules
    with pytest.raises(Refused, match="not a wager this table offers"):
        play(rnd, cast["dealer"], *opening({1: True})[:2])


def test_full_round_helper_closes_a_round(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = full_round(table, cast["dealer"], cast["floor"], {1: (True, NOTHING[1]), 2: (False, NOTHING[2])})
    meter.refresh_from_db()
    assert rnd.status == "closed" and meter.amount == 10_000_50


def test_a_let_it_ride_table_feeds_its_three_tier_meters_and_a_straight_flush_empties_the_major(cast):
    """§ 643a.12(e)(1) C and (3): a $1 Five-Card Progressive Payout Wager adds 9¢ to the mega meter,
    7¢ to the major and 3¢ to the minor; a straight flush is paid 100% of the major jackpot, which
    restarts at its $1,000 reseed."""
    table = Table.objects.create(name="LIR-1", game="let-it-ride",
                                 rules={"five_card_progressive_paytable": "C", "counting_shuffler": True})
    meters = {}
    for tier, seed, rate in (("mega", "10000", "9"), ("major", "1000", "7"), ("minor", "250", "3")):
        meters[tier] = progressives.meter_create(
            user=cast["super"], name=f"LIR-{tier}", game="let-it-ride", wager="five_card_progressive",
            table_id=table.id, tier=tier, seed=seed, reset=seed, rate=rate, wager_amount="1")
    rnd = start_round(table, cast["dealer"])
    wagers = [{"type": "place_wager", "seat": 1, "wager": bet, "amount": "10"} for bet in ("bet1", "bet2", "bet3")]
    rnd = play(rnd, cast["dealer"], *wagers,
               {"type": "place_wager", "seat": 1, "wager": "five_card_progressive", "amount": "1"},
               {"type": "no_more_bets"}, {"type": "deal"}, {"type": "decide", "seat": 1, "choice": "ride"},
               {"type": "cards", "target": "board", "cards": ["6h"]}, {"type": "decide", "seat": 1, "choice": "ride"},
               {"type": "cards", "target": "board", "cards": ["5h"]},
               {"type": "cards", "target": "seat:1", "cards": ["9h", "8h", "7h"]})
    for meter in meters.values():
        meter.refresh_from_db()
    # The major meter read $1,000.07 at seat 1's turn and paid it all; it restarts at $1,000.00.
    assert (meters["mega"].amount, meters["major"].amount, meters["minor"].amount) == (10_000_09, 1_000_00, 250_03)
    line = SettlementLine.objects.get(round=rnd, seat=1, wager="five_card_progressive")
    assert (line.amount, line.payer) == (1_000_07, "cage")
    assert all(meter_audit(meter) == [] for meter in meters.values())


def test_a_linked_table_cannot_change_the_paytable_its_link_shares(cast):
    tables = [Table.objects.create(name=name, game="let-it-ride", rules={"three_card_progressive_paytable": "A"})
              for name in ("LIR-1", "LIR-2")]
    link = progressives.link_create(user=cast["super"], name="LIR-LINK")
    for table in tables:
        progressives.link_add_table(link_id=link.id, table_id=table.id, user=cast["super"])
    # § 643a.12(d)(3) A: $1,000 for 1 and 14% on a $1 wager.
    progressives.meter_create(user=cast["super"], name="LIR-3", game="let-it-ride", wager="three_card_progressive",
                              link_id=link.id, seed="1000", reset="1000", rate="14", wager_amount="1")
    with pytest.raises(Refused, match="paytable must stay the one LIR-2 use") as refusal:
        services.table_configure(table_id=tables[0].id, user=cast["super"],
                                 rules={"three_card_progressive_paytable": "B"}, training=False)
    assert refusal.value.section == "§ 605a.8(g)(1)"
    tables[0].refresh_from_db()
    assert tables[0].rules == {"three_card_progressive_paytable": "A"}


def test_a_void_after_no_more_bets_returns_the_wager_and_leaves_the_meter_as_it_was(cast, client):
    """§ 647a.13(c): all wagers are returned, the Progressive Payout Wager too; § 605a.7(d): the meter
    is never turned back but for a jackpot paid, a transfer or a malfunction, so seat 1's 50¢ (10% of
    $5) stays on it, funded by the house, and the ledger says so."""
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening({1: True, 2: False}),
               {"type": "irregularity", "step": "deal", "kind": "wrong_card_count"})
    floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close"})
    meter.refresh_from_db()
    assert rnd.status == "void" and meter.amount == 10_000_50
    assert ledger(meter)[-1] == ("contribution", "meter", 50) and meter_audit(meter) == []
    returned = rnd.lines.get(seat=1, wager="progressive")
    assert (returned.outcome, returned.amount) == ("void", 0)
    assert "stays on the meter" in returned.note and "§ 605a.7(d)" in returned.note
    assert "stays on the meter" not in rnd.lines.get(seat=1, wager="ante").note
    client.force_login(cast["super"])
    page = client.get(f"/progressives/meters/{meter.id}/").content.decode()
    assert "Round voided: the wager was returned" in page

