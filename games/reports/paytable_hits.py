"""Hit frequency against theory: how often each paytable row paid, beside its exact probability,
with the rows whose count is improbable under the paytable flagged (an exact two-sided binomial
test), from the stored figures or the lines.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum

from games.engine.core.records import LOSE, WIN
from games.models import Round, SettlementLine
from games.reports import cell_reads
from games.reports.binomial import two_sided_p_value
from games.reports.figures import (
    HUNDREDTH,
    SIGNIFICANCE,
    hold_percent,
    wager_label,
    without_jit,
)
from games.reports.paytable_rows import PUSHED, UNKNOWN, HitRow, HitRows, _hand_lines


@dataclass
class PaytableHits:
    table: str
    game: str
    wager: str
    letter: str
    section: str
    trials: int  # wagers judged on their cards
    staked: int
    won: int
    lost: int
    rows: list[HitRow]
    unmatched: int  # lines paid under a row the report could not tell (none, unless a format changed)
    theoretical_return: Fraction | None
    note: str
    without_theory: bool = False  # no exact probability per row: the player's decisions play on it

    @property
    def label(self) -> str:
        return wager_label((self.game, self.wager)) + (f" · Paytable {self.letter}" if self.letter else "")

    @property
    def observed_return(self) -> Decimal | None:  # per unit wagered, as a percentage
        return hold_percent(self.won - self.lost, self.staked)

    @property
    def theoretical_percent(self) -> Decimal | None:
        if self.theoretical_return is None:
            return None
        value = self.theoretical_return * 100
        return (Decimal(value.numerator) / value.denominator).quantize(HUNDREDTH, ROUND_HALF_UP)

    @property
    def flagged(self) -> bool:
        return any(row.flagged for row in self.rows)


def hit_frequency(rounds: QuerySet[Round], significance: Decimal = SIGNIFICANCE) -> list[PaytableHits]:
    """Per table and paytable played: how often each row paid, beside its exact probability
    (``games.engine.returns``), with the two-sided binomial test's p-value, flagged below
    ``significance``; and the observed return beside the theoretical one.  The trials are the
    wagers judged on their cards: a wager forfeited by a fold or returned is not one."""
    selection = cell_reads.selection_of(rounds)
    if selection is not None:

        with without_jit():
            games, counted = cell_reads.hit_counts(selection)
        return _hit_report(games, counted, significance)
    games = list(rounds.order_by().values_list("game", flat=True).distinct())
    hits = HitRows(games)
    if not hits.keys:
        return []
    lines = (hits.lines(SettlementLine.objects.filter(round__in=rounds.values("id"))).order_by()
             .values_list("round__table__name", "round__game", "wager", "letter", "row")
             .annotate(count=Count("id"), staked=Sum("stake"), won=Sum("amount", filter=Q(outcome=WIN)),
                       lost=Sum("amount", filter=Q(outcome=LOSE))))
    with without_jit():
        lines = list(lines)
    return _hit_report(games, lines, significance, hits)


def _hit_report(games: Iterable[str], lines: Iterable[tuple], significance: Decimal,
                hits: HitRows | None = None) -> list[PaytableHits]:
    """The report of the counted lines: (table, game, wager, letter, row, count, staked, won, lost)."""
    hits = hits or HitRows(games)
    known = hits.known
    groups: dict[tuple, dict[str, Any]] = defaultdict(lambda: {"rows": Counter(), "staked": 0, "won": 0, "lost": 0})
    for table_name, game, wager, table_letter, row, count, staked, won, lost in lines:
        key = (table_name, game, wager, table_letter)
        if key[1:] not in known and key[1:] not in hits.observed:
            continue
        group = groups[key]
        group["rows"][row] += count
        group["staked"] += staked or 0
        group["won"] += won or 0
        group["lost"] += lost or 0
    report = []
    for (table_name, game, wager, table_letter), group in sorted(groups.items()):
        theory = (game, wager, table_letter) in known
        table, entry = (known if theory else hits.observed)[game, wager, table_letter]
        counts = group["rows"]
        trials = sum(counts.values())
        rows = []
        losers = trials - sum(counts[row.hand] for row in table.rows) - counts[UNKNOWN] - counts[PUSHED]
        if theory:
            for pay_row, (name, payout, probability) in zip([*table.rows, None],
                                                            _hand_lines(game, wager, table_letter), strict=True):
                observed = counts[pay_row.hand] if pay_row is not None else losers + counts[PUSHED]
                p_value = two_sided_p_value(observed, trials, probability)
                rows.append(HitRow(name, payout, probability, observed, trials, p_value, p_value < significance))
        else:  # counted, beside no probability (entry.note says why); the pushes together, whichever row
            rows = [HitRow(row.label, str(row.payout), None, counts[row.hand], trials, None, False)
                    for row in table.rows if str(row.payout) != "Push"]
            if counts[PUSHED] or any(str(row.payout) == "Push" for row in table.rows):
                rows.append(HitRow("Pushed (the wager returned)", "Push", None, counts[PUSHED], trials, None, False))
            rows.append(HitRow("Any other hand (lost)", "loses", None, losers, trials, None, False))
        report.append(PaytableHits(table_name, game, wager, table_letter, table.section, trials, group["staked"],
                                   group["won"], group["lost"], rows, counts[UNKNOWN], entry.expected, entry.note,
                                   without_theory=not theory))
    return report
