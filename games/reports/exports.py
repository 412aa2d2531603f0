"""A report's sections as CSV rows: the summary, wagers, payouts, approvals, irregularities and
hit frequency, dollars and percentages written plainly (12.50).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from decimal import Decimal

from games.common import spreadsheet
from games.engine.money import plain_dollars
from games.engine.registry import GAMES
from games.reports.figures import (
    LEVELS,
    wager_label,
)
from games.reports.paytable_hits import PaytableHits
from games.reports.report import Report

SECTIONS = ("summary", "wagers", "payouts", "approvals", "irregularities", "hits")


def _money(cents: int | Decimal | None) -> str:
    return "" if cents is None else plain_dollars(int(cents))


def csv_rows(section: str, report: Report | None, level: str, hits: list[PaytableHits] | None) -> Iterator[list]:
    """The rows of one section of the report as CSV (dollars as 12.50, percentages as 12.50)."""
    if section == "summary":
        yield ["level", "name", "rounds", "hands", "handle", "win", "hold_percent", "own_handle", "own_win",
               "hold_before_progressives_percent", "progressive_handle", "progressive_win", "average_bet",
               "table_hours", "rounds_per_hour", "voids", "approvals", "irregularities", "progressive_contributions",
               "jackpots", "jackpots_paid"]
        for level_name, _ in LEVELS:
            for f in report.rows(level_name):
                yield [level_name, f.name, f.rounds, f.hands, _money(f.handle), _money(f.win), f.hold or "",
                       _money(f.own_handle), _money(f.own_win), f.own_hold or "", _money(f.progressive_handle),
                       _money(f.progressive_win), _money(f.average_bet), f.table_hours, f.rounds_per_hour or "",
                       f.voids, f.approval_count, f.irregularity_count, _money(f.contributed), f.jackpots,
                       _money(f.jackpots_paid)]
    elif section == "wagers":
        yield ["level", "name", "game", "wager", "wagers", "handle", "paid", "collected", "win", "hold_percent"]
        for f in report.rows(level):
            for w in f.wager_rows():
                game = GAMES.get(w["game"])
                yield [level, f.name, game.name if game else w["game"], w["label"].split(" · ", 1)[-1], w["wagers"],
                       _money(w["handle"]), _money(w["paid"]), _money(w["collected"]), _money(w["win"]),
                       w["hold"] if w["hold"] is not None else ""]
    elif section == "payouts":
        yield ["level", "name", "band", "payouts", "paid"]
        for f in report.rows(level):
            for band in f.band_rows():
                yield [level, f.name, band["band"], band["count"], _money(band["paid"])]
    elif section == "approvals":
        yield ["level", "name", "approvals", "approved", "refused", "pending", "median_wait_seconds",
               "longest_wait_seconds"]
        for f in report.rows(level):
            median, longest = f.median_wait, f.longest_wait
            yield [level, f.name, f.approval_count, f.approvals["approved"], f.approvals["refused"],
                   f.approvals["pending"], "" if median is None else int(median.total_seconds()),
                   "" if longest is None else int(longest.total_seconds())]
    elif section == "irregularities":
        yield ["level", "name", "what", "kind", "count"]
        for f in report.rows(level):
            for what, kind, count in f.kind_rows():
                yield [level, f.name, what.lower(), kind, count]
    elif section == "hits":
        yield ["table", "game", "wager", "paytable", "section", "hand", "payout", "probability", "trials",
               "observed", "expected", "p_value", "flagged", "observed_return_percent",
               "theoretical_return_percent"]
        for entry in hits:
            for hit in entry.rows:
                yield [entry.table, GAMES[entry.game].name, wager_label((entry.game, entry.wager)).split(" · ", 1)[-1],
                       entry.letter, entry.section, hit.name, hit.payout,
                       "" if hit.probability is None else str(hit.probability), hit.trials, hit.observed,
                       "" if hit.expected is None else hit.expected,
                       "" if hit.p_value is None else f"{hit.p_value:.6g}", "yes" if hit.flagged else "no",
                       entry.observed_return or "", entry.theoretical_percent or ""]


def as_csv(rows: Iterable[list]) -> str:
    out = io.StringIO()
    spreadsheet.Writer(out).writerows(rows)
    return out.getvalue()
