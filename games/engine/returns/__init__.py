"""Exact theoretical returns of every paytable: the analyst's report for a Rules Submission.

For each game, wager and paytable letter: the exact probability of every paying hand (a
``Fraction`` over every deal of the cards that decide the wager) and the expected return
per unit wagered (-0.0351 is a 3.51% house edge).  A wager whose result depends on the
player's decisions (or on something else than the cards: a random pick by the table game
system, the dealer's cards where the dealing procedure is missing) is reported as such,
with no number.

Progressive rows are valued with each meter at its seed ("N for 1" of the wager, where the
chapter fixes it) or at the least reset amount the chapter allows on a $1 wager; where the
chapter also fixes the incrementation rates, ``long_run`` adds them: in the long run every
cent put on a meter is paid out, plus the reseed the house adds after each jackpot.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from games.engine.hands import counting
from games.engine.money import Odds, dollars
from games.engine.paytables import FixedAmount, MeterShare, Paytable, Push, all_paytables, paytable
from games.engine.registry import GAMES
from games.engine.return_models import (
    DECISIONS,
    PLAYED,
    Counts,
    Dealt,
    Envy,
    MatchTheDealer,
    Model,
    NotStated,
)

LOSES = "loses"


@dataclass(frozen=True)
class HandLine:
    name: str
    count: int  # deals that make this hand
    total: int  # all deals
    payout: str

    @property
    def probability(self) -> Fraction:
        return Fraction(self.count, self.total)


@dataclass(frozen=True)
class PaytableReturn:
    game: str
    wager: str
    paytable: str  # the letter, "" for a chapter's only table
    section: str
    hands: tuple[HandLine, ...] = ()
    expected: Fraction | None = None  # per unit wagered; None when it cannot be stated
    note: str = ""
    long_run: Fraction | None = None  # with the chapter's incrementation rates, where it fixes them
    per_other_player: bool = False  # an Envy Bonus: the return per other player at the table
    reading: str = ""  # how the paytable was read where the source is damaged

    def as_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "wager": self.wager,
            "paytable": self.paytable,
            "section": self.section,
            "return": None if self.expected is None else float(self.expected),
            "return_exact": None if self.expected is None else str(self.expected),
            "long_run_return": None if self.long_run is None else float(self.long_run),
            "per_other_player": self.per_other_player,
            "note": self.note,
            "reading": self.reading,
            "hands": [
                {
                    "name": line.name,
                    "probability": float(line.probability),
                    "count": line.count,
                    "total": line.total,
                    "payout": line.payout,
                }
                for line in self.hands
            ],
        }


# --- What decides each wager ---------------------------------------------------------------

# The paytables of wagers no game on the tablets offers yet (chapters still to come, progressive
# wagers): a game's own wagers carry their model in their definition (``WagerDef.returns``).
NOT_YET_OFFERED: dict[tuple[str, str], Model] = {
    ("texas-holdem-bonus", "progressive_envy"): Envy(counting.five_card_hands),
    ("texas-holdem-bonus", "five_card_hand_bonus_extras"): NotStated("depends on the table game system's random pick"),
    ("wpt-heads-up", "odds_bad_beat"): DECISIONS,
    ("let-it-ride", "three_card_progressive_envy"): Envy(counting.three_card_hands),
    ("let-it-ride", "five_card_progressive_envy"): Envy(counting.five_card_hands),
    ("let-it-ride", "five_card_hand_bonus_extras"): NotStated("depends on the table game system's random pick"),
    ("spanish-21", "main_seven_sevens_bonus"): NotStated(
        "not a wager of its own: a fixed payout on a winning Spanish 21 Wager of three 7s of one suit against an up "
        "card 7, neither doubled nor split, so it depends on player decisions (a pair of 7s may be split, doubled "
        "or hit); Chapter 635a has no separate sevens side wager to value on the cards alone"
    ),
    ("four-card-poker", "ante_bonus"): DECISIONS,
    ("four-card-poker", "four_card_progressive_envy"): Envy(counting.four_card_hands),
    ("four-card-poker", "five_card_progressive_envy"): Envy(counting.five_card_hands),
    ("crazy-4-poker", "four_card_progressive_envy"): Envy(counting.four_card_hands),
    ("crazy-4-poker", "five_card_progressive_envy"): Envy(counting.five_card_hands),
    ("caribbean-stud", "progressive_envy"): Envy(counting.five_card_hands),
    ("ultimate-texas-holdem", "progressive"): Dealt(counting.five_card_hands, PLAYED),
    ("ultimate-texas-holdem", "bad_beat"): NotStated(
        "depends on the dealer's hand and on the player's decisions; its rules (§ 653a.12(h)) are not available"
    ),
}

# Wagers paid at even money against the dealer: no paytable, and always the player's decisions.
EVEN_MONEY_WAGERS = (
    ("texas-holdem-bonus", "ante, flop, turn, river", "§ 647a.12(a)"),
    ("wpt-heads-up", "ante, raise", "§ 677a.12(a)"),
    ("four-card-poker", "ante, play", "§ 641a.12(a)"),
    ("crazy-4-poker", "ante, play", "§ 657a.12(a)"),
    ("caribbean-stud", "ante", "§ 639a.12(a)"),
    ("ultimate-texas-holdem", "ante, play", "§ 653a.12(a)"),
    ("spanish-21", "double_down, split", "§ 635a.10, § 635a.11"),
)


# --- Valuing a row -------------------------------------------------------------------------


class UnknownMeter(ValueError):
    """A meter row whose meter amount the chapter does not fix."""


def _meter_units(table: Paytable, share: MeterShare) -> tuple[Fraction, str]:
    """The meter payout in units of the wager, and how it was taken."""
    meter = next((meter for meter in table.meters if meter.name == share.meter), None)
    if meter is not None and meter.seed_for_1 is not None:
        return Fraction(share.percent) / 100 * meter.seed_for_1, f"meters at their seed ({meter.seed_for_1:,} for 1)"
    if meter is not None and meter.least_reset is not None:
        units = Fraction(meter.least_reset, 100)  # on a $1 wager
        return Fraction(
            share.percent
        ) / 100 * units, f"meter at its least reset amount, {dollars(meter.least_reset)} on a $1 wager"
    raise UnknownMeter(f"{share} cannot be valued: the meter's amount is not in the available text")


def gross(table: Paytable, payout: object) -> Fraction:
    """What the house hands back per unit wagered (the stake included) for a hand paid ``payout``."""
    match payout:
        case Odds(numerator, denominator, "to"):
            return 1 + Fraction(numerator, denominator)
        case Odds(numerator, denominator, _):
            return Fraction(numerator, denominator)
        case Push():
            return Fraction(1)
        case MeterShare():
            return _meter_units(table, payout)[0]
    raise TypeError(f"{payout!r} is not a payout of a wager")


def _lines(table: Paytable, counts: Counts) -> tuple[list[HandLine], dict[str, int], int]:
    total = counting.total(counts)
    by_row: Counter[str] = Counter()
    for slugs, count in counts.items():
        row = table.pay_row(slugs)
        by_row[row.hand if row else LOSES] += count
    lines = [HandLine(row.label, by_row[row.hand], total, str(row.payout)) for row in table.rows]
    if table.missing:  # the hands of the lost rows are among these: say so rather than call them losers
        lines.append(HandLine("Any other hand, the lost rows' hands included", by_row[LOSES], total, "unknown"))
    else:
        lines.append(HandLine("Any other hand", by_row[LOSES], total, LOSES))
    return lines, by_row, total


def dealt_return(table: Paytable, model: Dealt) -> PaytableReturn:
    lines, by_row, total = _lines(table, model.counts())
    notes = [table.note, model.remark]
    if table.missing:
        notes.append(f"Not valued: the rows {', '.join(table.missing)} were lost in the source.")
        return _entry(table, lines, None, notes)
    try:
        returned = sum((by_row[row.hand] * gross(table, row.payout) for row in table.rows), Fraction(0))
        meters = sorted(
            {_meter_units(table, row.payout)[1] for row in table.rows if isinstance(row.payout, MeterShare)}
        )
    except UnknownMeter as error:
        return _entry(table, lines, None, [*notes, str(error)])
    expected = returned / total - 1
    long_run = None
    if meters:
        notes.append(f"Valued with {'; '.join(meters)}.")
        long_run = _long_run(table, by_row, total)
    return _entry(table, lines, expected, notes, long_run=long_run)


def _long_run(table: Paytable, by_row: dict[str, int], total: int) -> Fraction | None:
    """Fixed rows, plus every rate put on the meters, plus the reseed after each 100% jackpot."""
    if not table.meters or any(meter.primary_rate is None or meter.reseed_for_1 is None for meter in table.meters):
        return None
    fixed = sum(
        (by_row[row.hand] * gross(table, row.payout) for row in table.rows if not isinstance(row.payout, MeterShare)),
        Fraction(0),
    )
    rates = sum(Fraction(meter.primary_rate) + Fraction(meter.reserve_rate or 0) for meter in table.meters) / 100
    reseeds = Fraction(0)
    for row in table.rows:
        if isinstance(row.payout, MeterShare) and row.payout.percent == 100:
            meter = next(meter for meter in table.meters if meter.name == row.payout.meter)
            reseeds += by_row[row.hand] * meter.reseed_for_1
    return (fixed + reseeds) / total + rates - 1


def envy_return(table: Paytable, model: Envy) -> PaytableReturn:
    lines, by_row, total = _lines(table, model.counts())
    stake = int(re.search(r"\$(\d+)", table.letter)[1]) * 100
    bonus = sum(
        (Fraction(by_row[row.hand] * row.payout.amount) for row in table.rows if isinstance(row.payout, FixedAmount)),
        Fraction(0),
    )
    note = f"Expected Envy Bonus per other player at the table, per unit of a ${stake // 100} wager; not a wager."
    return _entry(table, lines[:-1], bonus / total / stake, [table.note, note], per_other_player=True)


def match_the_dealer_return(table: Paytable) -> PaytableReturn:
    """§ 635a.12(e) over 6 or 8 decks of 48 cards: the dealer's up card, then the player's first two.

    Of the 48d - 1 cards left after the up card, d - 1 match it in rank and suit, 3d in rank
    only, 44d not at all; each matching card is paid.
    """
    decks = int(table.letter.split()[0])
    same, other, none = decks - 1, 3 * decks, 44 * decks
    suited, offsuit = (gross(table, table.row(slug).payout) - 1 for slug in ("match_same_suit", "match_different_suit"))
    outcomes = [  # (name, deals, net winnings per unit)
        ("Two matching cards of the same suit", comb(same, 2), 2 * suited),
        ("One of the same suit and one of a different suit", same * other, suited + offsuit),
        ("Two matching cards of different suits", comb(other, 2), 2 * offsuit),
        ("One matching card of the same suit", same * none, suited),
        ("One matching card of a different suit", other * none, offsuit),
        ("No matching card", comb(none, 2), Fraction(-1)),
    ]
    total = comb(48 * decks - 1, 2)
    lines = [HandLine(name, deals, total, f"{net} to 1" if net > 0 else LOSES) for name, deals, net in outcomes]
    expected = sum((deals * net for _, deals, net in outcomes), Fraction(0)) / total
    return _entry(table, lines, expected, [table.note])


def _entry(
    table: Paytable, lines: Iterable[HandLine], expected: Fraction | None, notes: Iterable[str], **extra
) -> PaytableReturn:
    note = " ".join(part for part in notes if part)
    return PaytableReturn(
        table.game,
        table.wager,
        table.letter,
        table.section,
        tuple(lines),
        expected,
        note,
        reading=table.reading,
        **extra,
    )


def models() -> dict[tuple[str, str], Model]:
    """How each (game, wager)'s paytables are valued: from the wager's definition where a game on
    the tablets offers it, else from ``NOT_YET_OFFERED``."""
    offered = {(game.slug, w.slug): w.returns for game in GAMES.values() for w in game.wagers if w.returns}
    return {**NOT_YET_OFFERED, **offered}


def paytable_return(table: Paytable) -> PaytableReturn:
    """The exact return of one paytable (what the supervisor's configuration page shows)."""
    model = models().get((table.game, table.wager), NotStated("no model of this wager"))
    match model:
        case Dealt():
            return dealt_return(table, model)
        case Envy():
            return envy_return(table, model)
        case MatchTheDealer():
            return match_the_dealer_return(table)
    return _entry(table, (), None, [model.why.capitalize() + ".", table.note])


@functools.cache
def paytable_return_of(game: str, wager: str, letter: str) -> PaytableReturn:
    """``paytable_return`` of a paytable by its name, kept: the counts behind it are exact
    enumerations, asked for again by every configuration page and hit-frequency report."""
    return paytable_return(paytable(game, wager, letter))


def report(game: str | None = None) -> list[PaytableReturn]:
    """Every paytable of every game (or of ``game``), in game, wager, letter order."""
    entries = [
        PaytableReturn(slug, wagers, "", section, note="Paid 1 to 1 against the dealer: depends on player decisions.")
        for slug, wagers, section in EVEN_MONEY_WAGERS
    ]
    entries += [paytable_return(table) for table in all_paytables()]
    return sorted(
        (entry for entry in entries if game in (None, entry.game)),
        key=lambda entry: (entry.game, entry.wager, entry.paytable),
    )


def games() -> list[str]:
    return sorted({table.game for table in all_paytables()})


# --- Printing --------------------------------------------------------------------------------


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:+.4f}%"


def format_report(entries: Iterable[PaytableReturn]) -> str:
    """The report as text: one block per paytable, each paying hand with its probability."""
    out: list[str] = []
    for entry in entries:
        title = f"{entry.game} · {entry.wager}" + (f" · Paytable {entry.paytable}" if entry.paytable else "")
        out.append(f"{title} ({entry.section})")
        for line in entry.hands:
            out.append(f"    {line.name:<52} {float(line.probability):>12.8f}  {line.payout}")
        if entry.expected is None:
            out.append("    return: —")
        else:
            label = "per other player" if entry.per_other_player else "return"
            out.append(f"    {label}: {float(entry.expected):+.6f} ({_percent(entry.expected)})")
        if entry.long_run is not None:
            out.append(f"    long-run return with the meters' rates: {float(entry.long_run):+.6f}")
        if entry.note:
            out.append(f"    {entry.note}")
        if entry.reading:
            out.append(f"    Reading of the source: {entry.reading}")
        out.append("")
    return "\n".join(out)


__all__ = [
    "HandLine",
    "PaytableReturn",
    "format_report",
    "games",
    "paytable_return",
    "report",
]
