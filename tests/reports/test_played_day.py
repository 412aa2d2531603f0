"""A played gaming day's figures computed by hand, as a table games manager reads them: handle
(not "drop"), win with the stake a cage-paid jackpot leaves in the table, hold before and after
progressives, the hands of a Let It Ride seat that pulled Bet 1, a void that adds nothing, the
history's CSV giving the same handle and win as the report, and a table chosen exactly."""

import csv
import html
import io
import re
from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from games.common import calendar
from games.engine.core.records import CAGE, LOSE, PUSH, RETURNED, VOID, WIN
from games.engine.core.records import SettlementLine as Line
from games.models import Meter, MeterEntry, RoundEvent, Table
from games.reports import daily, paytable_hits
from games.reports import report as reports
from games.reports.filters import report_filter
from tests.reports.test_reports import _query, at, make_round

pytestmark = pytest.mark.django_db

DAY = "2026-11-02"


def build_played_day(cast):
    """2026-11-02 (from 06:00), four tables:

    R1 TH-1 (Texas Hold 'Em Bonus), dealer, 10:00.  Seat 1: Ante $10 and Flop $20 won 1 to 1
       ($10 + $20, § 647a.11(h)(1)); a $5 Progressive Payout Wager on a royal flush: 100% of the
       meter (§ 647a.12(d)(1)), $12,000.00, which the cage pays (§ 647a.11(i)(4)); the $5 went
       into the table at "no more bets" and stays there.  Seat 2: Ante $25 and Flop $50 lost
       (§ 647a.11(h)(2)); its $5 Progressive lost (collected before the deal) and an Envy Bonus
       for seat 1's royal flush on the $5 schedule, $5,000.00 (§ 647a.12(d)(5)).  The meter's
       ledger: $1.00 in from each $5 wager, the $12,000.00 jackpot out.
    R2 TH-1, dealer2, 11:00: voided after a wrong number of cards was dealt; seat 1's Ante $10 void.
    R3 LR-1 (Let It Ride), dealer, 12:00.  Seat 1 pulls Bet 1 (§ 643a.7(c), returned) and loses Bet 2
       and Bet 3, $10 each; seat 2 loses its three $10 bets (§ 643a.11).
    R4 UTH-1 (Ultimate Texas Hold 'Em), dealer2, 13:00.  Seat 1 loses Ante $10 and Blind $10.
    """
    th1 = Table.objects.create(name="TH-1", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    lr1 = Table.objects.create(name="LR-1", game="let-it-ride", rules={"let_it_ride_paytable": "A"})
    uth1 = Table.objects.create(name="UTH-1", game="ultimate-texas-holdem", rules={})
    dealer, dealer2 = cast["dealer"], cast["dealer2"]
    r1 = make_round(th1, dealer, at(2, 10), [
        Line(1, "ante", 10_00, WIN, 10_00, "§ 647a.11(h)(1)", odds="1 to 1"),
        Line(1, "flop", 20_00, WIN, 20_00, "§ 647a.11(h)(1)", odds="1 to 1"),
        Line(1, "progressive", 5_00, WIN, 12_000_00, "§ 647a.12(d)(1)", hand="Royal flush", payer=CAGE,
             stake_collected=True),
        Line(2, "ante", 25_00, LOSE, 25_00, "§ 647a.11(h)(2)"),
        Line(2, "flop", 50_00, LOSE, 50_00, "§ 647a.11(h)(2)"),
        Line(2, "progressive", 5_00, LOSE, 5_00, "§ 647a.11(b)(2)(i)(B)", stake_collected=True),
        Line(2, "progressive_envy", 0, WIN, 5_000_00, "§ 647a.12(d)(5)", odds="$5 schedule")])
    r2 = make_round(th1, dealer2, at(2, 11), [Line(1, "ante", 10_00, VOID, 0, "§ 647a.13")], status="void",
                    void="Misdeal")
    RoundEvent.objects.create(round=r1, seq=1, actor=dealer, role="dealer",
                              action={"type": "place_wager", "seat": 1, "wager": "progressive", "amount": 5_00})
    RoundEvent.objects.create(round=r2, seq=1, actor=dealer2, role="dealer",
                              action={"type": "irregularity", "step": "deal", "kind": "wrong_card_count"})
    make_round(lr1, dealer, at(2, 12), [
        Line(1, "bet1", 10_00, RETURNED, 0, "§ 643a.7(c)", stage="decision"),
        Line(1, "bet2", 10_00, LOSE, 10_00, "§ 643a.11"), Line(1, "bet3", 10_00, LOSE, 10_00, "§ 643a.11"),
        Line(2, "bet1", 10_00, LOSE, 10_00, "§ 643a.11"), Line(2, "bet2", 10_00, LOSE, 10_00, "§ 643a.11"),
        Line(2, "bet3", 10_00, LOSE, 10_00, "§ 643a.11")])
    make_round(uth1, dealer2, at(2, 13), [
        Line(1, "ante", 10_00, LOSE, 10_00, "§ 677a.12"), Line(1, "blind", 10_00, LOSE, 10_00, "§ 677a.12")])
    meter = Meter.objects.create(name="TH-1 progressive", game="texas-holdem-bonus", wager="progressive", table=th1,
                                 seed_amount=10_000_00, reset_amount=10_000_00, rate=Decimal("20.00"),
                                 wager_amount=5_00)
    for seq, (kind, amount) in enumerate((("contribution", 1_00), ("contribution", 1_00), ("payout", -12_000_00)),
                                         start=1):
        MeterEntry.objects.create(meter=meter, seq=seq, pool="meter", kind=kind, amount=amount, balance_after=0,
                                  round=r1, seat=1)
    return r1


def report(**query):
    filters = report_filter(_query({"from": DAY, "to": DAY, **query}))
    assert filters.is_valid(), filters.form.messages()
    return reports.Report(filters.qs), filters


def row(rep, level, name):
    return next(f for f in rep.rows(level) if f.name == name)


def test_the_figures_of_a_played_day_computed_by_hand(cast):
    build_played_day(cast)
    rep, filters = report()
    th1 = row(rep, "table", "TH-1")
    # Handle: seat 1 $10 + $20 + $5, seat 2 $25 + $50 + $5 = $115 (the Envy Bonus has no stake;
    # the void R2 adds nothing).  Paid $10 + $20 + $12,000 + $5,000 = $17,030; collected $25 + $50
    # + $5 = $80; kept: seat 1's $5 Progressive, whose jackpot the cage paid.
    assert (th1.rounds, th1.voids, th1.hands, th1.handle) == (1, 1, 2, 115_00)
    assert (th1.paid, th1.collected, th1.kept) == (17_030_00, 80_00, 5_00)
    # Win $80 + $5 − $17,030 = −$16,945; hold −16,945 ÷ 115 = −14,734.78%.
    assert (th1.win, th1.hold) == (-16_945_00, Decimal("-14734.78"))
    # The progressive lines: handle $10; win $5 lost + $5 kept − $12,000 − $5,000 = −$16,990.
    assert (th1.progressive_handle, th1.progressive_win) == (10_00, -16_990_00)
    # The table's own wagers: handle $105, win $75 − $30 = $45, hold before progressives 42.86%.
    assert (th1.own_handle, th1.own_win, th1.own_hold) == (105_00, 45_00, Decimal("42.86"))
    assert (th1.contributed, th1.jackpots, th1.jackpots_paid) == (2_00, 1, 12_000_00)
    # Let It Ride: two seats played, one of them after pulling Bet 1: two hands; handle $50 (the
    # pulled $10 is not wagered), win $50, hold 100%.
    lr1 = row(rep, "table", "LR-1")
    assert (lr1.hands, lr1.handle, lr1.win, lr1.hold, lr1.own_hold) == (2, 50_00, 50_00, Decimal("100.00"),
                                                                          Decimal("100.00"))
    # The floor: handle $115 + $50 + $20 = $185, win −$16,945 + $50 + $20 = −$16,875, hold
    # −9,121.62%; before progressives: handle $175, win $45 + $50 + $20 = $115, 65.71%.
    floor = rep.rows("floor")[0]
    assert (floor.rounds, floor.voids, floor.hands) == (3, 1, 5)
    assert (floor.handle, floor.win, floor.hold) == (185_00, -16_875_00, Decimal("-9121.62"))
    assert (floor.own_handle, floor.own_win, floor.own_hold) == (175_00, 115_00, Decimal("65.71"))
    # The dealers add up to the floor.
    dealers = rep.rows("dealer")
    assert sum(f.handle for f in dealers) == floor.handle and sum(f.win for f in dealers) == floor.win
    # The charts' day: the same handle and win.
    day = daily.by_gaming_day(filters.qs)["floor"]["Floor"][date(2026, 11, 2)]
    assert (day.handle, day.win) == (185_00, -16_875_00)
    # Summed from the lines (any other set of rounds), the same figures.
    summed = reports.Report(filters.qs.all())
    assert row(summed, "table", "TH-1") == th1 and summed.rows("floor")[0] == floor


def test_the_report_page_and_csv_speak_of_handle_and_hold_before_progressives(client, cast):
    build_played_day(cast)
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY, "by": "table"}).content.decode()
    assert "<th>Handle</th>" in page and "<th>Hold before progressives</th>" in page
    assert ">Drop<" not in page
    summary = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "section": "summary"}).content.decode())))
    th1 = next(r for r in summary if r["level"] == "table" and r["name"] == "TH-1")
    assert (th1["handle"], th1["win"], th1["hold_percent"], th1["hold_before_progressives_percent"]) == (
        "115.00", "-16945.00", "-14734.78", "42.86")
    assert "drop" not in summary[0]


def test_the_history_csv_gives_the_reports_handle_and_win(client, cast):
    build_played_day(cast)
    client.force_login(cast["super"])
    response = client.get(reverse("history-csv"), {"from": DAY, "to": DAY})
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    by_table = {}
    for line in rows:
        handle, win = by_table.get(line["table"], (0, 0))
        by_table[line["table"]] = (handle + Decimal(line["handle"]), win + Decimal(line["win"]))
    # As the report: TH-1 $115 (the void's $10 is not handle) and −$16,945 (the $5 kept is won).
    assert by_table == {"TH-1": (Decimal("115.00"), Decimal("-16945.00")), "LR-1": (Decimal("50.00"), Decimal("50.00")),
                        "UTH-1": (Decimal("20.00"), Decimal("20.00"))}
    r1 = next(line for line in rows if line["table"] == "TH-1" and line["status"] == "Closed")
    assert (r1["paid"], r1["collected"], r1["kept"]) == ("17030.00", "80.00", "5.00")


def test_no_internal_name_reaches_the_report_or_the_round_page(client, cast):
    r1 = build_played_day(cast)
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY}).content.decode()
    # Games word this irregularity differently: the report, adding them up, names it in words.
    assert "<td>Irregularity</td><td>Wrong card count</td><td>1</td>" in page and "wrong_card_count" not in page
    exported = client.get(reverse("reports-csv"), {"from": DAY, "to": DAY, "section": "irregularities"})
    assert "irregularity,Wrong card count,1" in exported.content.decode()
    r2 = r1.table.rounds.get(number=2)
    # The round's own page names it as its game does (§ 647a.13(c)), and the wager by its name.
    shown = client.get(reverse("round-detail", args=[r2.pk])).content.decode()
    assert "Irregularity · Incorrect number of cards dealt · at deal" in shown
    shown = client.get(reverse("round-detail", args=[r1.pk])).content.decode()
    assert "Wager · seat 1 · wager Progressive Payout Wager · amount $5.00" in shown


def history_rounds(client, url: str) -> set[tuple[str, int]]:
    """The (table, number) of the rounds a history page lists."""
    page = client.get(url).content.decode()
    assert "The search was refused" not in page, page
    return set(re.findall(r"<tr><td>([^<]+)</td><td><a href=\"/rounds/\d+/\">(\d+)</a>", page))


def test_a_table_chosen_exactly_leaves_uth1_out_of_th1(client, cast):
    build_played_day(cast)
    rep, _ = report(table="TH-1")
    # Only TH-1's figures: UTH-1's $20 is not among them (its name contains "TH-1").
    assert [f.name for f in rep.rows("table")] == ["TH-1"]
    assert (rep.rows("floor")[0].handle, rep.rows("floor")[0].rounds) == (115_00, 1)
    client.force_login(cast["super"])
    assert history_rounds(client, reverse("history") + "?table=th-1") == {("TH-1", "1"), ("TH-1", "2")}
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY}).content.decode()
    # Chosen from a list of the tables, not typed as part of a name.
    assert re.search(r'<select name="table">.*<option value="TH-1" >TH-1</option>.*<option value="UTH-1" >', page,
                     re.S)


def test_each_figure_leads_to_the_rounds_behind_it(client, cast):
    build_played_day(cast)
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY, "by": "table"}).content.decode()
    assert '<a href="/reports/">Reports</a>' in page  # in the navigation
    links = {html.unescape(name): link for name, link in
             re.findall(r'<tr data-name="([^"]+)"><td><a class="to-history" href="([^"]+)"', page)}
    base = f"/history/?from={DAY}&amp;to={DAY}&amp;training=exclude"
    assert links["TH-1"] == base + "&amp;table=TH-1"
    assert links["Texas Hold 'Em Bonus Poker"] == base + "&amp;game=texas-holdem-bonus"
    assert links["dealer2"] == base + "&amp;dealer=dealer2"
    unescaped = {name: link.replace("&amp;", "&") for name, link in links.items()}
    # The table's row: its closed round and its void; the floor's: every round of the day.
    assert history_rounds(client, unescaped["TH-1"]) == {("TH-1", "1"), ("TH-1", "2")}
    assert history_rounds(client, unescaped["Floor"]) == {("TH-1", "1"), ("TH-1", "2"), ("LR-1", "1"),
                                                          ("UTH-1", "1")}
    assert history_rounds(client, unescaped["dealer2"]) == {("TH-1", "2"), ("UTH-1", "1")}
    # The jackpot: its round.
    jackpot = re.search(r'<tr data-name="TH-1">.*?<a class="to-jackpots" href="([^"]+)"', page).group(1)
    assert history_rounds(client, jackpot.replace("&amp;", "&")) == {("TH-1", "1")}
    # A day of a chart's numbers: that gaming day's rounds.
    assert f'<a href="/history/?from={DAY}&amp;to={DAY}&amp;training=exclude">{DAY}</a>' in page


def test_the_presets_are_today_yesterday_the_previous_shift_and_this_month(client, cast, monkeypatch):
    # 2026-11-03 at 07:30 in New York: the 3rd's gaming day (from 06:00), its first shift.
    monkeypatch.setattr(calendar, "now", lambda: at(3, 7, 30))
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"by": "table", "table": ""}).content.decode()
    shown = page.split('id="report-presets"')[1].split("</p>")[0]
    presets = {label: link.replace("&amp;", "&")
               for link, label in re.findall(r'<a href="\?([^"]+)">([^<]+)</a>', shown)}
    assert presets == {
        "Today": "by=table&table=&from=2026-11-03&to=2026-11-03&shift=",
        "Yesterday": "by=table&table=&from=2026-11-02&to=2026-11-02&shift=",
        # Shift 1 of the 3rd started at 06:00: the one before is the 2nd's shift 3 (22:00 to 06:00).
        "Previous shift (shift 3 of 2026-11-02)": "by=table&table=&from=2026-11-02&to=2026-11-02&shift=3",
        "This month": "by=table&table=&from=2026-11-01&to=2026-11-03&shift="}


def test_every_paytable_played_is_in_the_hit_frequency(cast):
    """The Blind of Ultimate Texas Hold 'Em pays on Paytable A of § 653a.12(b) only when the player
    beats the dealer: no exact probability per row, but its counts are there, saying why."""
    build_played_day(cast)
    uth1 = Table.objects.get(name="UTH-1")
    # R5: seat 1's Blind $10 wins 3 to 2 on a flush ($15); seat 2's Blind $10 is returned below a
    # straight (a push).  R4's Blind $10 lost.
    make_round(uth1, cast["dealer2"], at(2, 14), [
        Line(1, "blind", 10_00, WIN, 15_00, "§ 653a.12(b)", odds="3 to 2", hand="Flush (Paytable A)"),
        Line(2, "blind", 10_00, PUSH, 0, "§ 653a.12(b)")])
    _, filters = report(table="UTH-1")
    for rounds in (filters.qs, filters.qs.all()):  # stored, and summed from the lines
        (blind,) = paytable_hits.hit_frequency(rounds)
        assert (blind.table, blind.wager, blind.letter, blind.trials, blind.without_theory) == (
            "UTH-1", "blind", "A", 3, True)
        counts = {row.name: row.observed for row in blind.rows if row.observed}
        assert counts == {"Flush": 1, "Pushed (the wager returned)": 1, "Any other hand (lost)": 1}
        assert all(row.probability is None and not row.flagged for row in blind.rows)
        assert "Depends on player decisions" in blind.note
