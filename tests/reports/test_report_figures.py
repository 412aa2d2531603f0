"""The report's figures stored as rounds close (games/reports/cells.py): the same as summed
from the rounds' lines, approvals, events and ledgers on each request, added in the closing
transaction, recomputed identically by the rebuild, and cut by the gaming day and shifts of
the settings the rebuild ran under."""

from dataclasses import asdict
from datetime import date, timedelta
from importlib import import_module

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.core.records import LOSE, WIN
from games.engine.core.records import SettlementLine as Line
from games.floor import services as floor_services
from games.models import (
    Approval,
    ReportCell,
    ReportCount,
    ReportGameCell,
    ReportGameCount,
    ReportHit,
    Round,
    RoundEvent,
    Table,
)
from games.reports import cell_reads, daily, figures, paytable_hits, paytable_rows
from games.reports import cells as report_figures
from games.reports import report as reports
from games.reports.filters import report_filter
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play, seal_loaded
from tests.reports.test_reports import _query, at, bonus, bonus_rounds, build_day, expected_counts, make_round

# The stored figures are PostgreSQL's (report_figures.enabled): elsewhere reports add up the lines.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def build_two_days(cast):
    """``build_day``'s 2026-11-02 (R1-R8: shifts 1 and 2, a void with an irregularity, a training
    round, approvals approved, refused and pending, meter entries), and on 2026-11-03 at TH-9:
    R9 at 23:30 (shift 3) by dealer2, Ante $30 lost, Bonus $5 paid 3 to 1, an approval waiting
    2:00 like R1's; R10 at 02:15 on the 4th (still the 3rd's gaming day, shift 3), voided with
    no recorded reason."""
    day = build_day(cast)
    r9 = make_round(day.th9, cast["dealer2"], at(3, 23, 30), [
        Line(1, "ante", 30_00, LOSE, 30_00, "§ 647a.11(h)(2)"), bonus(1, 5_00, "pair_ten_to_two", "9h 9d")])
    Approval.objects.create(round=r9, number=1, kind="payout", seat=1, reason="$15", section="§ 647a.11",
                            status="approved", requested_at=at(3, 23, 31), decided_by=cast["floor"],
                            decided_at=at(3, 23, 33))
    r10 = make_round(day.th9, cast["dealer2"], at(4, 2, 15), status="void")
    Round.objects.filter(pk=r10.pk).update(record={"page": {"void": None}})
    RoundEvent.objects.create(round=r9, seq=1, actor=cast["dealer2"], role="dealer",
                              action={"type": "irregularity", "step": "deal"})
    return day


def snapshot(report: reports.Report) -> dict:
    """Every figure of every row of every level (the waits in order: their order means nothing)."""
    return {level: [{**asdict(f), "waits": sorted(f.waits)} for f in report.rows(level)]
            for level, _ in figures.LEVELS}


def hit_snapshot(hits) -> list:
    return [(h.table, h.game, h.wager, h.letter, h.trials, h.staked, h.won, h.lost, h.unmatched,
             [(r.name, r.observed) for r in h.rows]) for h in hits]


QUERIES = [
    {"from": "2026-11-02", "to": "2026-11-02"},
    {"from": "2026-11-03", "to": "2026-11-03"},
    {"from": "2026-11-01", "to": "2026-11-04"},
    {"from": "2026-11-01", "to": "2026-11-04", "shift": "1"},
    {"from": "2026-11-01", "to": "2026-11-04", "shift": "2"},
    {"from": "2026-11-01", "to": "2026-11-04", "shift": "3"},
    {"from": "2026-11-01", "to": "2026-11-04", "training": "only"},
    {"from": "2026-11-01", "to": "2026-11-04", "table": "th-9"},
    {"from": "2026-11-01", "to": "2026-11-04", "dealer": "DEALER2"},
    {"from": "2026-11-01", "to": "2026-11-04", "game": "let-it-ride"},
]


def assert_stored_equal_summed():
    for query in QUERIES:
        filters = report_filter(_query(query))
        assert filters.is_valid(), filters.form.messages()
        stored_rounds = filters.qs
        assert cell_reads.selection_of(stored_rounds) is not None  # read from the stored figures
        summed_rounds = stored_rounds.all()  # a copy carries no selection: summed from the lines
        assert cell_reads.selection_of(summed_rounds) is None
        assert snapshot(reports.Report(stored_rounds)) == snapshot(reports.Report(summed_rounds)), query
        assert (hit_snapshot(paytable_hits.hit_frequency(stored_rounds))
                == hit_snapshot(paytable_hits.hit_frequency(summed_rounds))), query
        # The charts' figures by gaming day, per floor, game, table and dealer.
        assert daily.by_gaming_day(stored_rounds) == daily.by_gaming_day(summed_rounds), query
        # The floor and the games alone: from their roll-up without tables and dealers (but for a
        # table or dealer filter), the same as those levels of the whole report.
        games = ("floor", "game")
        whole = snapshot(reports.Report(summed_rounds))
        assert snapshot(reports.Report(stored_rounds, games)) == {**whole, "table": [], "dealer": []}, query
        assert snapshot(reports.Report(summed_rounds, games)) == {**whole, "table": [], "dealer": []}, query
        by_day = daily.by_gaming_day(summed_rounds)
        assert daily.by_gaming_day(stored_rounds, games) == {**by_day, "table": {}, "dealer": {}}, query
        assert reports.breadth(stored_rounds) == reports.breadth(summed_rounds), query


def test_the_stored_figures_equal_the_figures_summed_from_the_rounds(cast):
    build_two_days(cast)
    assert_stored_equal_summed()
    # The 3rd by hand: R9 (dealer2, 23:30, shift 3) and the void R10 (02:15 on the 4th, the 3rd's
    # gaming day); R6 (06:30, shift 1, dealer).  Drop R9 30 + 5 + R6 10 = $45; paid R9's Bonus
    # 3 to 1 on a pair (§ 647a.12(b) Paytable A) $15; collected R9 $30 + R6 $10.
    filters = report_filter(_query({"from": "2026-11-03", "to": "2026-11-03"}))
    assert filters.is_valid()
    floor = reports.Report(filters.qs).rows("floor")[0]
    assert (floor.rounds, floor.voids, floor.handle, floor.paid, floor.collected) == (2, 1, 45_00, 15_00, 40_00)
    assert floor.void_kinds == {"(not recorded)": 1} and floor.irregularities == {"(unnamed)": 1}
    # Table-hours: TH-9 at 06h, 23h and 02h.
    assert floor.table_hours == 3
    assert (floor.approvals, floor.median_wait) == ({"approved": 1}, timedelta(minutes=2))


def test_a_table_dealing_two_games_in_one_hour_counts_it_once_for_the_floor(cast):
    """The roll-up counts the floor's table-hours per table: an hour in which TH-9 dealt Let It
    Ride as well (after a change of its game) is one table-hour of the floor, one of each game."""
    day = build_two_days(cast)
    for started, game in ((at(2, 10, 40), "let-it-ride"), (at(2, 11, 5), "let-it-ride"),
                          (at(2, 11, 20), "texas-holdem-bonus")):
        rnd = make_round(day.th9, cast["dealer2"], started, [Line(1, "ante", 10_00, LOSE, 10_00, "§ 647a.11(h)(2)")])
        Round.objects.filter(pk=rnd.pk).update(game=game)
        report_figures.catch_up()  # one round at a time, as closes store them
    assert_stored_equal_summed()
    # The overlap is there: the floor's table-hours are fewer than the games' added up (10:00 and
    # 11:00 at TH-9 are one each for the floor, and one for each game).
    filters = report_filter(_query({"from": "2026-11-02", "to": "2026-11-02"}))
    assert filters.is_valid()
    for report in (reports.Report(filters.qs, ("floor", "game")), reports.Report(filters.qs.all())):
        games = sum(f.table_hours for f in report.rows("game"))
        assert report.rows("floor")[0].table_hours == games - 2


def test_a_cell_holds_its_rounds_by_gaming_day_and_shift(cast):
    day = build_two_days(cast)
    report_figures.catch_up()
    assert not Round.objects.filter(figures_stored=False).exclude(status="open").exists()
    assert not Round.objects.filter(figures_stored=True, status="open").exists()
    cells = {(c.gaming_day, c.shift, c.table.name, c.dealer.username, c.training): c
             for c in ReportCell.objects.select_related("table", "dealer")}
    # R1 (10:00) alone in its cell: paid $180, collected $75; 10:00 is the gaming day's 5th hour
    # (from 06:00): bit 4.  Its meter: 50 + 10 cents in.
    r1 = cells[date(2026, 11, 2), 1, "TH-9", "dealer", False]
    assert (r1.rounds, r1.voids, r1.paid, r1.collected, r1.hours, r1.contributed) == (1, 0, 180_00, 75_00, 1 << 4, 60)
    # R3 (15:00) and the void R4 (16:00) share LR-1's shift-2 cell: hours 9 and 10.
    lr1 = cells[date(2026, 11, 2), 2, "LR-1", "dealer", False]
    assert (lr1.rounds, lr1.voids, lr1.hours) == (1, 1, (1 << 9) | (1 << 10))
    # R7 (05:59 on the 2nd) is the 1st's last hour; R10 (02:15 on the 4th) the 3rd's shift 3.
    assert cells[date(2026, 11, 1), 3, "TH-9", "dealer", False].hours == 1 << 23
    assert cells[date(2026, 11, 3), 3, "TH-9", "dealer2", False].voids == 1
    assert cells[date(2026, 11, 2), 1, "TH-9", "dealer", True].collected == 1000_00  # the training round
    waits = ReportCount.objects.filter(kind="wait").values_list("name", "count")
    assert sorted(waits) == [("120000000", 1), ("120000000", 1), ("300000000", 1)]  # R1's, R9's, R3's
    assert day.th9.name == "TH-9"


def test_the_rebuild_gives_the_same_figures_each_time(cast, monkeypatch):
    monkeypatch.setattr(report_figures, "BATCH", 3)  # the rounds folded in a few at a time
    build_two_days(cast)
    report_figures.catch_up()

    def stored():
        return [sorted(model.objects.values_list(*[f.name for f in model._meta.fields if f.name != "id"]))
                for model in (ReportCell, ReportCount, ReportGameCell, ReportGameCount, ReportHit)]

    before = stored()
    # The migration that added the roll-up fills it from the cells alike.
    for model in (ReportGameCell, ReportGameCount, ReportHit):
        model.objects.all().delete()
    with connection.cursor() as cursor:
        for sql in import_module("games.migrations.0014_report_rollups").FROM_THE_CELLS:
            cursor.execute(sql)
    assert stored() == before
    seal_loaded()
    call_command("rebuild_report_figures", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert stored() == before
    call_command("rebuild_report_figures", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert stored() == before
    assert_stored_equal_summed()


def test_changed_gaming_day_hours_need_the_rebuild(cast, settings):
    build_two_days(cast)
    report_figures.catch_up()
    settings.GAMING_DAY_START, settings.SHIFT_STARTS = 8, [8, 20]
    report_figures.rebuild({})
    # From 08:00, shifts 08:00 and 20:00: R6 (06:30 on the 3rd) is now the 2nd's shift 2, R7
    # (05:59 on the 2nd) the 1st's shift 2; R1 (10:00) is still the 2nd's shift 1.
    th9 = ReportCell.objects.filter(table__name="TH-9", dealer=cast["dealer"], training=False)
    assert sorted(th9.values_list("gaming_day", "shift", "rounds")) == [
        (date(2026, 11, 1), 2, 1), (date(2026, 11, 2), 1, 1), (date(2026, 11, 2), 2, 1)]
    # 10:00 is now the gaming day's 3rd hour (bit 2); 06:30 its 23rd (bit 22).
    assert sorted(th9.values_list("hours", flat=True)) == [1 << 2, 1 << 21, 1 << 22]
    for query in ({"from": "2026-11-01", "to": "2026-11-04", "shift": "2"},
                  {"from": "2026-11-02", "to": "2026-11-02"}):
        filters = report_filter(_query(query))
        assert filters.is_valid()
        assert snapshot(reports.Report(filters.qs)) == snapshot(reports.Report(filters.qs.all())), query


def today_report() -> reports.Report:
    filters = report_filter(_query({}))
    assert filters.is_valid()
    return reports.Report(filters.qs)


def test_a_round_adds_its_figures_in_the_transaction_that_closes_it(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    assert not ReportCell.objects.exists()  # open: nothing yet
    play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    rnd.refresh_from_db()
    assert rnd.status == "closed" and rnd.figures_stored
    cell = ReportCell.objects.get()  # stored by the close itself, before any report
    # Paid: Flop, Turn, River $40 + the Bonus's ace-king 15 to 1 $75 (§ 647a.12(b) A) + seat 3's Flop $50.
    assert (cell.rounds, cell.paid, cell.collected, cell.dealer, cell.table) == (1, 165_00, 0, cast["dealer"], table)
    assert ReportCount.objects.get(kind="approval").name == "approved"
    assert ReportCount.objects.get(kind="wager", wager="ante").amount == 35_00  # $10 + $25
    assert today_report().rows("floor")[0].handle == 130_00


def test_a_failed_close_leaves_the_figures_as_they_were(cast, table, monkeypatch):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    store = report_figures.store_round

    def store_then_fail(round_id, game):
        store(round_id, game)
        assert ReportCell.objects.get().rounds == 1  # written inside the close's transaction...
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(report_figures, "store_round", store_then_fail)
    rnd.refresh_from_db()
    with pytest.raises(RuntimeError):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                           expected_seq=rnd.seq)
    # ...and gone with it.
    rnd.refresh_from_db()
    assert rnd.status == "open" and not rnd.figures_stored
    assert not ReportCell.objects.exists() and not ReportCount.objects.exists()
    assert today_report().rows("floor")[0].rounds == 0


def test_a_round_written_without_the_services_is_folded_in_by_the_next_report(cast):
    day = build_day(cast)
    make_round(day.th9, cast["dealer"], at(2, 13), [Line(1, "ante", 40_00, WIN, 40_00, "§ 647a.11(h)(1)",
                                                          odds="1 to 1")])
    assert not ReportCell.objects.exists()
    filters = report_filter(_query({"from": "2026-11-02", "to": "2026-11-02", "table": "TH-9"}))
    assert filters.is_valid()
    # R1 and R2 ($125 of drop, test_reports) and this $40 Ante.
    assert reports.Report(filters.qs).rows("floor")[0].handle == 165_00
    assert ReportCell.objects.exists()
    assert report_figures.catch_up() == 0  # nothing left


def test_a_close_runs_statements_built_once_per_game_and_stores_its_own_round(cast, table):
    report_figures._round_statements.cache_clear()
    for _ in range(2):
        play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
        rnd = Round.objects.get(status="open")
        floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
        rnd.refresh_from_db()
        with CaptureQueriesContext(connection) as ran:
            services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                               expected_seq=rnd.seq)
        stored = [query["sql"] for query in ran.captured_queries if query["sql"].startswith("WITH u AS")]
        assert len(stored) == 2 and all(f"= {rnd.id}" in sql for sql in stored)  # this round's, by its id
        assert not any(str(report_figures._ANY_ROUND) in sql for sql in stored)
    built = report_figures._round_statements.cache_info()
    assert (built.misses, built.hits) == (1, 1)  # built for the first close, reused for the second
    if connection.vendor == "postgresql":  # the statements' constants are written into them: only the id is sent
        statements = report_figures._round_statements(table.game, settings.GAMING_DAY_START,
                                                      tuple(settings.SHIFT_STARTS), settings.TIME_ZONE)
        assert {param for _, params in statements for param in params} == {report_figures._ANY_ROUND}
    cell = ReportCell.objects.get()
    assert (cell.rounds, cell.paid) == (2, 2 * Round.objects.filter(status="closed").first().total_paid)



def test_rounds_folded_in_together_judge_their_hits_once_per_game(cast, monkeypatch):
    built = []
    hit_rows = paytable_rows.HitRows
    monkeypatch.setattr(paytable_rows, "HitRows", lambda games: built.append(sorted(games)) or hit_rows(games))
    table = Table.objects.create(name="TH-FOLD", game="texas-holdem-bonus", rules={"bonus_paytable": "A"})
    bonus_rounds(table, cast["dealer"], expected_counts(40), at(4, 12))
    assert report_figures.catch_up() == 40
    # One game, named once: a row per round here once made the statement thousands of rows long.
    assert built == [["texas-holdem-bonus"]]


def closing_statements_prepared() -> list[tuple[int, int]]:
    """(generic plans, custom plans) of each statement prepared on this connection that adds a
    closing round to the figures."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT generic_plans, custom_plans FROM pg_prepared_statements "
                       "WHERE statement LIKE 'WITH u AS%%' ORDER BY name")
        return cursor.fetchall()


def close_a_round(cast, table) -> None:
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    rnd = Round.objects.get(status="open")
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    play(rnd, cast["dealer"], {"type": "close", "step": "close"})


def test_the_closing_statements_are_prepared_once_and_planned_once_a_close(cast, table):
    """DB_PREPARE_CLOSE (on by default): prepared on the connection by the first close, and each
    close after runs the prepared statement (a plan per run, none of them a new statement)."""
    connection.ensure_connection()
    if connection.connection.prepare_threshold is None:
        pytest.fail("the connection prepares nothing: DB_PREPARE_CLOSE is on by default")
    with connection.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")  # what earlier tests prepared on this connection
    close_a_round(cast, table)
    first = closing_statements_prepared()
    close_a_round(cast, table)
    assert len(first) == 2 and [sum(plans) for plans in first] == [1, 1]
    assert [sum(plans) for plans in closing_statements_prepared()] == [2, 2]
    cell = ReportCell.objects.get()
    assert (cell.rounds, cell.paid) == (2, 2 * Round.objects.filter(status="closed").first().total_paid)

