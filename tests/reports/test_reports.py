"""The supervisor's reports: every figure of a small gaming day computed by hand, the gaming
day and shifts on the casino's clock, training rounds apart, hit frequency against the exact
return report with its binomial flag, and bad filters refused by name."""

import csv
import io
from datetime import datetime, timedelta
from decimal import Decimal
from fractions import Fraction
from math import comb
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from games.common import calendar
from games.engine.chapters.banked_poker import paytable_line
from games.engine.core.records import LOSE, RETURNED, VOID, WIN, totals
from games.engine.core.records import SettlementLine as Line
from games.engine.paytables import paytable
from games.floor import services as floor_services
from games.models import Approval, Meter, MeterEntry, Round, RoundEvent, SettlementLine, Table
from games.reports import figures, paytable_hits
from games.reports import report as reports
from games.reports.binomial import BOUND, two_sided_p_value
from games.reports.filters import report_filter
from tests.conftest import OPENING, REST_OF_ROUND, play

pytestmark = pytest.mark.django_db

NY = ZoneInfo("America/New_York")
DAY = "2026-11-02"  # a Monday; the clocks went back the day before, so New York is UTC-5


def at(day: int, hour: int, minute: int = 0, second: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, second, tzinfo=NY)


def make_round(table, dealer, started, lines=(), *, status="closed", training=False, void=""):
    number = Round.objects.filter(table=table).count() + 1
    record = {"page": {"void": {"label": void, "section": "§ 601a.9"} if void else None}}
    rnd = Round.objects.create(table=table, number=number, game=table.game, rules=table.rules, dealer=dealer,
                               status=status, shoe_order=["Ah"] if training else None,
                               closed_at=None if status == "open" else started + timedelta(minutes=3),
                               record=None if status == "open" else record)
    SettlementLine.objects.bulk_create([
        SettlementLine(round=rnd, position=i, seat=line.seat, hand_no=line.hand_no, wager=line.wager,
                       stage=line.stage, stake=line.stake, outcome=line.outcome, amount=line.amount,
                       odds=line.odds, section=line.section, hand=line.hand, stake_collected=line.stake_collected,
                       payer=line.payer)
        for i, line in enumerate(lines)])
    paid, collected = totals(lines)
    Round.objects.filter(pk=rnd.pk).update(started_at=started, total_paid=paid, total_collected=collected)
    rnd.refresh_from_db()
    return rnd


BONUS_A = paytable("texas-holdem-bonus", "bonus", "A")


def bonus(seat: int, stake: int, row: str | None, cards: str) -> Line:
    """The Bonus Wager's line as the engine writes it (§ 647a.11(h)(3), Paytable A of § 647a.12(b))."""
    return paytable_line(SimpleNamespace(number=seat, wagers={"bonus": stake}), "bonus", BONUS_A,
                         BONUS_A.row(row) if row else None, cards)


@pytest.fixture
def day(cast):
    return build_day(cast)


def build_day(cast):
    """One gaming day (2026-11-02, from 06:00) at two tables, with rounds around it:

    R1 TH-9 (Texas Hold 'Em Bonus), dealer, 10:00. Seat 1: Ante $10 won 1 to 1 ($10), Flop $20
       won ($20), Bonus $5 on Ah As, "Ace-ace" 30 to 1 ($150, § 647a.12(b) A). Seat 3: Ante $25
       and Flop $50 lost. Paid $180, collected $75. An approval of the $150, asked 10:05:00,
       approved 10:07:00. $0.50 to a meter and $0.10 to its reserve.
    R2 TH-9, dealer2, 11:30. Seat 2: Ante $10 returned below a straight (a push, § 647a.11(h)(2)(ii)),
       Bonus $5 lost (7c 2d). Collected $5. An approval still pending. A $250 jackpot paid from the meter.
    R3 LR-1 (Let It Ride), dealer, 15:00 (shift 2). Seat 1: Bet 1 $100 won 1 to 1, Bet 2 $100
       pulled (returned), Bet 3 $100 won 1 to 1 on a pair of kings. Paid $200. An approval asked
       15:02:00, refused 15:07:00.
    R4 LR-1, dealer, 16:00: voided ("Misdeal") after an irregularity "card_exposed"; Bet 1 $50 void.
    Outside the report: R5 a training round at TH-9 (Ante $1,000 lost), R6 the next gaming day
    (11-03 06:30), R7 the one before (11-02 05:59), R8 a round still open at LR-1.
    """
    th9 = Table.objects.create(name="TH-9", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    lr1 = Table.objects.create(name="LR-1", game="let-it-ride", rules={"let_it_ride_paytable": "A"})
    dealer, dealer2, floor = cast["dealer"], cast["dealer2"], cast["floor"]
    r1 = make_round(th9, dealer, at(2, 10), [
        Line(1, "ante", 10_00, WIN, 10_00, "§ 647a.11(h)(1)", odds="1 to 1"),
        Line(1, "flop", 20_00, WIN, 20_00, "§ 647a.11(h)(1)", odds="1 to 1"),
        bonus(1, 5_00, "ace_ace", "Ah As"),
        Line(3, "ante", 25_00, LOSE, 25_00, "§ 647a.11(h)(2)"),
        Line(3, "flop", 50_00, LOSE, 50_00, "§ 647a.11(h)(2)")])
    r2 = make_round(th9, dealer2, at(2, 11, 30), [
        Line(2, "ante", 10_00, RETURNED, 0, "§ 647a.11(h)(2)(ii)"),
        bonus(2, 5_00, None, "7c 2d")])
    r3 = make_round(lr1, dealer, at(2, 15), [
        Line(1, "bet1", 100_00, WIN, 100_00, "§ 643a.12(a)", odds="1 to 1",
             hand="Pair of kings (Kh Kd 4c + 9s 2h): Pair of tens, jacks, queens, kings or aces (Paytable A)"),
        Line(1, "bet2", 100_00, RETURNED, 0, "§ 643a.9", stage="decision"),
        Line(1, "bet3", 100_00, WIN, 100_00, "§ 643a.12(a)", odds="1 to 1",
             hand="Pair of kings (Kh Kd 4c + 9s 2h): Pair of tens, jacks, queens, kings or aces (Paytable A)")])
    r4 = make_round(lr1, dealer, at(2, 16), [Line(1, "bet1", 50_00, VOID, 0, "§ 643a.13")],
                    status="void", void="Misdeal")
    RoundEvent.objects.create(round=r4, seq=1, actor=dealer, role="dealer",
                              action={"type": "irregularity", "step": "deal", "kind": "card_exposed"})
    make_round(th9, dealer, at(2, 12), [Line(1, "ante", 1000_00, LOSE, 1000_00, "§ 647a.11")], training=True)
    make_round(th9, dealer, at(3, 6, 30), [Line(1, "ante", 10_00, LOSE, 10_00, "§ 647a.11")])
    make_round(th9, dealer, at(2, 5, 59), [Line(1, "ante", 10_00, LOSE, 10_00, "§ 647a.11")])
    make_round(lr1, dealer2, at(2, 17), status="open")
    Approval.objects.create(round=r1, number=1, kind="payout", seat=1, reason="$150", section="§ 647a.11",
                            status="approved", requested_at=at(2, 10, 5), decided_by=floor, decided_at=at(2, 10, 7))
    Approval.objects.create(round=r2, number=1, kind="payout", seat=2, reason="?", section="§ 647a.11",
                            requested_at=at(2, 11, 31))
    Approval.objects.create(round=r3, number=1, kind="payout", seat=1, reason="$200", section="§ 643a.11",
                            status="refused", requested_at=at(2, 15, 2), decided_by=floor, decided_at=at(2, 15, 7))
    meter = Meter.objects.create(name="TH-9 progressive", game="texas-holdem-bonus", wager="progressive", table=th9,
                                 seed_amount=10_000_00, reset_amount=10_000_00, rate=Decimal("50.00"),
                                 wager_amount=1_00)
    entries = [("meter", "contribution", 50, r1), ("reserve", "contribution", 10, r1), ("meter", "payout", -250_00, r2)]
    for seq, (pool, kind, amount, rnd) in enumerate(entries, start=1):
        MeterEntry.objects.create(meter=meter, seq=seq, pool=pool, kind=kind, amount=amount, balance_after=0, round=rnd,
                                  seat=1)
    return SimpleNamespace(th9=th9, lr1=lr1)


def report_of(**query):
    filters = report_filter(_query({"from": DAY, "to": DAY, **query}))
    assert filters.is_valid(), filters.form.messages()
    return reports.Report(filters.qs), filters


def _query(values):
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    query.update(values)
    return query


def row(report, level, name):
    return next(f for f in report.rows(level) if f.name == name)


def test_the_floor_figures_of_a_gaming_day_computed_by_hand(day):
    report, _ = report_of()
    floor = row(report, "floor", "Floor")
    assert floor.rounds == 3  # R1, R2, R3; R4 is a void, R5-R8 outside
    assert floor.voids == 1
    # Seats played: R1 seats 1 and 3, R2 seat 2 (its Ante returned at the settlement is a push), R3 seat 1.
    assert floor.hands == 4
    # Drop: R1 10 + 20 + 5 + 25 + 50 = $110; R2 10 + 5 = $15; R3 Bet 1 100 + Bet 3 100 = $200
    # (the pulled Bet 2 and the void's returned Bet 1 are not in action): $325.
    assert floor.handle == 325_00
    # Paid: R1 10 + 20 + 150 (§ 647a.12(b) A: Ace-ace 30 to 1, $5 x 30 = $150) + R3 100 + 100 = $380.
    # Collected: R1 25 + 50 + R2 5 = $80.  Win = 80 - 380 = -$300.
    assert (floor.paid, floor.collected, floor.win) == (380_00, 80_00, -300_00)
    assert floor.hold == Decimal("-92.31")  # -300 / 325 = -0.923076...
    assert floor.average_bet == Decimal(8125)  # $325 / 4 hands = $81.25
    # Table-hours: TH-9 at 10h and 11h, LR-1 at 15h and 16h (the void was dealt too): 4.
    assert floor.table_hours == 4
    assert floor.rounds_per_hour == Decimal("0.8")  # 3 / 4 = 0.75, to the tenth
    assert floor.approvals == {"approved": 1, "refused": 1, "pending": 1}
    # Waits: 2:00 and 5:00; the median of two is their mean, 3:30.
    assert (floor.median_wait, floor.longest_wait) == (timedelta(minutes=3, seconds=30), timedelta(minutes=5))
    assert floor.void_kinds == {"Misdeal": 1}
    assert floor.irregularities == {"card_exposed": 1}
    assert (floor.contributed, floor.jackpots, floor.jackpots_paid) == (60, 1, 250_00)
    # Wins by size: $10 and $20 under $100; $150, $100 and $100 from $100 to $999.99.
    assert [(b["count"], b["paid"]) for b in floor.band_rows()] == [(2, 30_00), (3, 350_00), (0, 0), (0, 0)]


def test_the_figures_per_table_game_and_dealer(day):
    report, _ = report_of()
    th9, lr1 = row(report, "table", "TH-9"), row(report, "table", "LR-1")
    # TH-9: R1 and R2. Drop 110 + 15 = $125; win (75 + 5) - 180 = -$100; hold -100 / 125 = -80%.
    assert (th9.rounds, th9.hands, th9.handle, th9.win, th9.hold) == (2, 3, 125_00, -100_00, Decimal("-80.00"))
    # LR-1: R3 (and the void R4). Drop $200, win -$200, hold -100%; Bet 1 makes the hand.
    assert (lr1.rounds, lr1.voids, lr1.hands, lr1.handle, lr1.win, lr1.hold) == (1, 1, 1, 200_00, -200_00,
                                                                              Decimal("-100.00"))
    assert row(report, "game", "Let It Ride Poker").handle == lr1.handle
    # dealer: R1, R3 (and R4): drop 110 + 200 = $310, win 75 - 380 = -$305, hold -98.387...%.
    dealer = row(report, "dealer", "dealer")
    assert (dealer.rounds, dealer.handle, dealer.win, dealer.hold) == (2, 310_00, -305_00, Decimal("-98.39"))
    # dealer2: R2: drop $15, win $5, hold 33.33%; the median of its one wait: none was decided.
    dealer2 = row(report, "dealer", "dealer2")
    assert (dealer2.handle, dealer2.win, dealer2.hold, dealer2.median_wait) == (15_00, 5_00, Decimal("33.33"), None)
    # By wager kind at TH-9: the Ante $10 + $25 + $10 = $45 over three wagers, paid $10, collected $25.
    ante = next(w for w in th9.wager_rows() if w["wager"] == "ante")
    assert (ante["wagers"], ante["handle"], ante["paid"], ante["collected"], ante["win"]) == (3, 45_00, 10_00, 25_00,
                                                                                           15_00)


def test_training_rounds_are_shown_apart_and_shifts_cut_the_day(day):
    training, _ = report_of(training="only")
    floor = row(training, "floor", "Floor")
    # R5 alone: Ante $1,000 lost: drop $1,000, win $1,000, hold 100%.
    assert (floor.rounds, floor.handle, floor.win, floor.hold) == (1, 1000_00, 1000_00, Decimal("100.00"))
    # Shift 2 runs 14:00 to 22:00: R3 and the void R4 only.
    second, _ = report_of(shift="2")
    assert [(f.name, f.rounds, f.voids) for f in second.rows("table")] == [("LR-1", 1, 1)]
    # Shift 3 (22:00 to 06:00 the next morning) of the 2nd: nothing; R6 (06:30 on the 3rd) is the 3rd's.
    assert report_of(shift="3")[0].rows("table") == []
    assert [f.rounds for f in report_of(**{"from": "2026-11-03", "to": "2026-11-03"})[0].rows("table")] == [1]
    # The 1st, 06:00 to the 2nd, 06:00: R7 (05:59 on the 2nd) is in the 1st's gaming day.
    assert [f.rounds for f in report_of(**{"from": "2026-11-01", "to": "2026-11-01"})[0].rows("table")] == [1]


def test_a_table_and_a_dealer_named_exactly_narrow_the_report(day):
    report, _ = report_of(table="th-9")  # in any case
    assert [f.name for f in report.rows("table")] == ["TH-9"]
    part = report_filter(_query({"from": DAY, "to": DAY, "table": "th"}))  # part of a name is no table
    assert not part.is_valid() and part.form.messages() == ["Table: No table is named 'th'."]
    report, _ = report_of(dealer="DEALER2")
    assert [(f.name, f.rounds) for f in report.rows("dealer")] == [("dealer2", 1)]


def test_hit_frequency_beside_the_exact_probabilities(day):
    _, filters = report_of()
    hits = paytable_hits.hit_frequency(filters.qs)
    # TH-9's Bonus Wagers on Paytable A: R1's Ace-ace and R2's loser; LR-1's Bet 3, its pair of
    # kings, and Bet 1 beside it (Bet 2 was pulled: no trial), counted without probabilities (it
    # depends on the player's decisions).
    assert [(h.table, h.wager, h.letter, h.trials, h.without_theory) for h in hits] == [
        ("LR-1", "bet1", "A", 1, True), ("LR-1", "bet3", "A", 1, False), ("TH-9", "bonus", "A", 2, False)]
    assert {row.name: row.observed for row in hits[0].rows if row.observed} == {
        "Pair of tens, jacks, queens, kings or aces": 1}
    hits = hits[1:]
    th9 = hits[1]
    observed = {hit.name: hit.observed for hit in th9.rows}
    assert observed["Ace-ace"] == 1 and observed["Any other hand"] == 1 and sum(observed.values()) == 2
    ace_ace = next(hit for hit in th9.rows if hit.name == "Ace-ace")
    assert ace_ace.probability == Fraction(7344, 1624350)  # the report's count of two-card hands
    # Observed return: won $150, lost $5, on $10 wagered: +1,450%.  Theoretical: -13873/162435 = -8.54%.
    assert th9.observed_return == Decimal("1450.00")
    assert th9.theoretical_percent == Decimal("-8.54")
    pair = next(hit for hit in hits[0].rows if hit.name.startswith("Pair of tens"))
    assert pair.observed == 1


def test_a_round_played_through_the_services_is_reported(cast, table):
    """TH-9 (tests/conftest.py): seat 1 Ante $10, Bonus $5, Flop $20, Turn $10, River $10; seat 3
    Ante $25, Flop $50, checks twice.  Board Ah Kd 7c 2s 9s, dealer Qs Qd."""
    from games.table import services

    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    filters = report_filter(_query({}))  # today's gaming day
    assert filters.is_valid()
    floor = row(reports.Report(filters.qs), "floor", "Floor")
    # Seat 1 (two pair) beats the queens: Flop, Turn and River 1 to 1 (§ 647a.12(a)) $40, the Ante
    # pushes below a straight (§ 647a.11(h)(2)(ii)), Bonus ace-king offsuit 15 to 1 (§ 647a.12(b) A)
    # $75.  Seat 3 (three aces) wins its Flop $50 at 1 to 1; its Ante pushes too.
    # Drop: 10 + 5 + 20 + 10 + 10 + 25 + 50 = $130; paid 40 + 75 + 50 = $165; collected 0.
    assert (floor.rounds, floor.hands, floor.handle, floor.paid, floor.collected) == (1, 2, 130_00, 165_00, 0)
    assert floor.hold == Decimal("-126.92")  # -165 / 130
    assert floor.approvals == {"approved": 1}
    hits = paytable_hits.hit_frequency(filters.qs)
    ace_king = next(hit for hit in hits[0].rows if hit.name == "Ace-king (different suits)")
    assert (hits[0].wager, hits[0].trials, ace_king.observed) == ("bonus", 1, 1)


def test_progressive_jackpots_are_told_apart_by_the_row_their_line_names(cast):
    """A jackpot paid from the meter carries no odds: its line names its row ("Royal flush (...)
    (Paytable)", as games.engine.core.progressive writes it).  Texas Hold 'Em Bonus has one
    Progressive paytable (§ 647a.12(d)), chosen by no option."""
    table = Table.objects.create(name="TH-P", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    make_round(table, cast["dealer"], at(2, 10), [
        Line(1, "progressive", 5_00, WIN, 10_000_50, "§ 647a.12(d)", hand="Royal flush (Ah Kh + Th Jh Qh) (Paytable)",
             stake_collected=True, payer="cage"),
        Line(2, "progressive", 5_00, WIN, 1_000_00, "§ 647a.12(d)",
             hand="Straight flush, 9 high (9s 8s + 7s 6s 5s) (Paytable)", stake_collected=True, payer="cage"),
        Line(3, "progressive", 5_00, WIN, 1_495_00, "§ 647a.12(d)", odds="300 for 1", stake_collected=True,
             hand="Four of a kind, kings (Kh Kd + Ks Kc 2d): Four-of-a-kind (Paytable)"),
        Line(4, "progressive", 5_00, LOSE, 5_00, "§ 647a.11", hand="Pair of 2s: no paying hand on Paytable",
             stake_collected=True)])
    hits = paytable_hits.hit_frequency(Round.objects.all())
    progressive = next(entry for entry in hits if entry.wager == "progressive")
    observed = {hit.name: hit.observed for hit in progressive.rows if hit.observed}
    assert observed == {"Royal flush": 1, "Straight flush": 1, "Four-of-a-kind": 1, "Any other hand": 1}
    assert (progressive.trials, progressive.unmatched) == (4, 0)


def bonus_rounds(table, dealer, counts: dict[str | None, int], started):
    """Rounds of one Bonus Wager each ($5), paid under the rows named (None: a loser), all started
    at ``started``."""
    lines = [bonus(1, 5_00, row_slug, "As Ad" if row_slug else "7c 2d")
             for row_slug, count in counts.items() for _ in range(count)]
    rounds = Round.objects.bulk_create([
        Round(table=table, number=n, game=table.game, rules=table.rules, dealer=dealer, status="closed",
              closed_at=started, total_paid=totals([line])[0], total_collected=totals([line])[1])
        for n, line in enumerate(lines, start=1)])
    Round.objects.filter(table=table).update(started_at=started)
    SettlementLine.objects.bulk_create([
        SettlementLine(round=rnd, position=0, seat=1, wager="bonus", stake=line.stake, outcome=line.outcome,
                       amount=line.amount, odds=line.odds, section=line.section, hand=line.hand)
        for rnd, line in zip(rounds, lines, strict=True)])


def expected_counts(n: int) -> dict[str | None, int]:
    """n wagers split as the exact probabilities say (each row's count rounded), losers the rest."""
    from games.engine import returns

    hands = returns.paytable_return(BONUS_A).hands
    counts = {row.hand: round(n * hand.probability) for row, hand in zip(BONUS_A.rows, hands, strict=False)}
    counts[None] = n - sum(counts.values())
    return counts


def test_a_rigged_sample_is_flagged_and_a_fair_one_is_not(cast):
    fair = Table.objects.create(name="FAIR", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    rigged = Table.objects.create(name="RIGGED", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    bonus_rounds(fair, cast["dealer"], expected_counts(2000), at(2, 12))
    # 2,000 wagers; Ace-ace has probability 7344/1624350 = 0.45%: about 9 expected.  Rigged: 30,
    # taken from the losers.
    counts = expected_counts(2000)
    assert counts["ace_ace"] == 9  # 2000 x 7344 / 1624350 = 9.04
    counts["ace_ace"], counts[None] = 30, counts[None] - 21
    bonus_rounds(rigged, cast["dealer2"], counts, at(2, 12))
    rounds = Round.objects.all()
    hits = {entry.table: entry for entry in paytable_hits.hit_frequency(rounds, Decimal("0.001"))}
    assert not hits["FAIR"].flagged
    flagged = [(row.name, row.observed, row.direction) for row in hits["RIGGED"].rows if row.flagged]
    assert flagged == [("Ace-ace", 30, "more often than theory")]


def test_the_binomial_p_value_agrees_with_the_exact_sum():
    def exact(k, n, p):
        probability = [comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
        return sum(q for q in probability if q <= probability[k])

    for k, n, p in [(0, 10, Fraction(1, 2)), (3, 10, Fraction(1, 6)), (9, 40, Fraction(7344, 1624350)),
                    (0, 57, Fraction(1, 20)), (57, 57, Fraction(19, 20)), (12, 30, Fraction(2, 5))]:
        want = exact(k, n, p)
        got = two_sided_p_value(k, n, p)
        assert abs(got - Decimal(want.numerator) / Decimal(want.denominator)) < Decimal("1e-25"), (k, n, p)
    # 0 heads in 10 tosses, or 10: 2 / 1024.
    assert two_sided_p_value(0, 10, Fraction(1, 2)) == Decimal("0.001953125")
    # Beyond what the walk keeps: the bound.
    assert two_sided_p_value(0, 1_000_000, Fraction(1, 2)) == BOUND
    with pytest.raises(ValueError):
        two_sided_p_value(11, 10, Fraction(1, 2))


def test_a_kept_p_value_is_the_one_computed_afresh():
    # The same (count, trials, probability) asked twice is answered from the cache, with the
    # value the walk computes anew; other arguments are computed, not confused with them.
    two_sided_p_value.cache_clear()
    cases = [(3, 40, Fraction(1, 20)), (0, 40, Fraction(1, 20)), (9, 40, Fraction(1, 20)), (3, 41, Fraction(1, 20))]
    first = [two_sided_p_value(*case) for case in cases]
    again = [two_sided_p_value(*case) for case in cases]
    assert two_sided_p_value.cache_info().hits == len(cases)
    assert again == first == [two_sided_p_value.__wrapped__(*case) for case in cases]
    # 0 of 40 at 1/20: P(0) = (19/20)^40 ≈ 0.1285, the lone count as unlikely or less among
    # 0..40 being those from 4 up (P(4) ≈ 0.0901), P(X >= 4) ≈ 0.1381, so p ≈ 0.267.
    assert Decimal("0.26") < first[1] < Decimal("0.27")
    assert len(set(first)) == len(cases)


@pytest.mark.parametrize(("query", "message"), [
    ({"from": "2026-02-30"}, "From: Enter a real date as YYYY-MM-DD."),
    ({"from": "2026-11-03", "to": "2026-11-01"}, "The dates run backwards: from 2026-11-03 to 2026-11-01."),
    ({"shift": "9"}, "Shift: Select a valid choice. 9 is not one of the available choices."),
    ({"table": "ZZ"}, "Table: No table is named 'ZZ'."),
    ({"dealer": "nobody"}, "Dealer: Nobody is named 'nobody'."),
    ({"game": "chess"}, "Game: Select a valid choice. chess is not one of the available choices."),
    ({"training": "both"}, "Training: Select a valid choice. both is not one of the available choices."),
    ({"significance": "2"}, "Significance: Ensure this value is less than or equal to 0.5."),
    ({"significance": "lots"}, "Significance: Enter a number."),
])
def test_a_bad_filter_is_refused_by_name_on_the_page_and_the_csv(client, cast, day, query, message):
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), query)
    assert page.status_code == 400
    assert message in page.content.decode().replace("&#x27;", "'")
    assert "Drop and win by wager" not in page.content.decode()
    export = client.get(reverse("reports-csv"), query)
    assert export.status_code == 400
    assert message in export.content.decode()


def test_the_page_is_for_supervisors_and_each_section_exports_as_csv(client, cast, day):
    client.force_login(cast["floor"])
    assert client.get(reverse("reports")).status_code == 403
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY, "by": "table"})
    assert page.status_code == 200
    assert "<td>−92.31%</td>" in page.content.decode()
    summary = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {"from": DAY, "to": DAY}
                                                         ).content.decode())))
    floor = next(r for r in summary if r["level"] == "floor")
    assert (floor["handle"], floor["win"], floor["hold_percent"], floor["average_bet"]) == ("325.00", "-300.00",
                                                                                          "-92.31", "81.25")
    wagers = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "by": "table", "section": "wagers"}).content.decode())))
    assert {(r["name"], r["wager"], r["handle"]) for r in wagers} >= {("TH-9", "Texas Hold 'Em Bonus Wager", "10.00"),
                                                                   ("LR-1", "Bet 3", "100.00")}
    hits = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "section": "hits"}).content.decode())))
    assert {(r["table"], r["hand"], r["observed"]) for r in hits} >= {("TH-9", "Ace-ace", "1")}
    assert client.get(reverse("reports-csv"), {"section": "everything"}).status_code == 400


def test_the_gaming_day_follows_its_settings(settings):
    settings.GAMING_DAY_START, settings.SHIFT_STARTS = 8, [8, 20]
    assert calendar.gaming_day_of(at(2, 7, 59)) == datetime(2026, 11, 1).date()
    assert calendar.shift_choices() == [(1, "Shift 1 (08:00 to 20:00)"), (2, "Shift 2 (20:00 to 08:00)")]
    start, end = calendar.windows(datetime(2026, 11, 2).date(), datetime(2026, 11, 2).date(), 2)[0]
    assert (start, end) == (at(2, 20), at(3, 8))


@pytest.mark.parametrize("name", ["games.common.calendar", "games.reports.figures", "games.reports.binomial",
                                  "games.templatetags.reports"])
def test_the_docstring_examples_hold(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)  # SET LOCAL ends with the transaction, not with a savepoint
def test_a_report_is_planned_for_its_own_period_without_jit():
    """Inside a report's transaction PostgreSQL neither JIT-compiles nor uses a prepared statement's
    generic plan (planned for no period in particular); outside it, the connection's own settings."""
    from django.db import connection

    def setting(name: str) -> str:
        with connection.cursor() as cursor:
            cursor.execute(f"SHOW {name}")
            return cursor.fetchone()[0]

    before = {name: setting(name) for name in ("jit", "work_mem", "plan_cache_mode")}
    assert before["plan_cache_mode"] == "auto"
    with figures.without_jit():
        assert (setting("jit"), setting("work_mem"), setting("plan_cache_mode")) == ("off", "32MB",
                                                                                        "force_custom_plan")
    assert {name: setting(name) for name in before} == before
