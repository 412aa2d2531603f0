"""The pots at the end of a hand: the rake, the jackpot drops, and each pot divided among its winners.

pokerkit forms the main pot and the side pots (§ 637a.8(b)(5)) and judges the hands; what the
dealer takes and pushes is decided here, in the order of § 637a.7(e)(6):

* the rake (§ 637a.17) is taken pot by pot, main pot first, and its cap holds for the whole hand:
  pokerkit's rake callback is called once per pot, so a cap given to it would be taken from every
  pot again (tests/engine/poker/test_pots.py shows it);
* the Bad Beat and High Hand drops (§§ 637a.15-637a.16) come out of the main pot after the rake;
* a pot that cannot be divided equally leaves an excess of less than one chip per winner, given
  a chip at a time in the order the chapter or the Rules Submission names (§ 637a.10(i),
  § 637a.11(k)).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from pokerkit import Card as PokerkitCard
from pokerkit import Hand

from games.engine.core.records import AWARD, DROP, RAKE, RETURNED, SettlementLine
from games.engine.money import Cents, dollars
from games.engine.poker.options import HIGH_CARD_BY_SUIT, INCREMENTAL, PERCENT, TableOptions
from games.engine.poker.variants import HIGH, LOW

HOUSE = 0  # the seat number of the house's lines: the rake and the drops
# Suits from highest to lowest: spades, hearts, diamonds, clubs (§ 637a.10(d), § 637a.10(i)(3)(iv)).
SUIT_RANK = {"s": 4, "h": 3, "d": 2, "c": 1}
HIGH_RANKS = "23456789TJQKA"
LOW_RANKS = "A23456789TJQK"  # an ace is the lowest card of a low hand (§ 637a.6(c))


@dataclass(frozen=True)
class Pot:
    """A pot as pokerkit formed it: its amount, the seats that may win it (in the order of the deal)
    and what each seat put into it."""

    index: int  # 0: the main pot; 1, 2...: the side pots in the order they formed
    amount: Cents
    seats: tuple[int, ...]
    stakes: dict[int, Cents] = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return "main_pot" if self.index == 0 else f"side_pot_{self.index}"

    @property
    def label(self) -> str:
        return "the main pot" if self.index == 0 else f"side pot {self.index}"


@dataclass(frozen=True)
class Showing:
    """A seat's hands at the showdown: one per half it is judged on (None: no hand qualifies)."""

    seat: int
    hands: dict[str, Hand | None]
    hole: tuple[str, ...] = ()  # the seat's own cards, for the Rules Submission's odd-chip rule


def wager_label(slug: str) -> str:
    """ "side_pot_2_low" -> "Side pot 2, low half". """
    labels = {"pot": "In the pot", "rake": "Rake", "uncalled_bet": "Uncalled bet returned",
              "time_charge": "Time charge", "bad_beat_drop": "Bad Beat jackpot drop",
              "high_hand_drop": "High Hand jackpot drop", "bad_beat_losing_hand": "Bad Beat jackpot: the losing hand",
              "bad_beat_winning_hand": "Bad Beat jackpot: the winning hand",
              "bad_beat_table_share": "Bad Beat jackpot: the table's share", "high_hand_jackpot": "High Hand jackpot"}
    if slug in labels:
        return labels[slug]
    for half in (HIGH, LOW):
        if slug.endswith(f"_{half}"):
            return f"{wager_label(slug.removesuffix(f'_{half}'))}, {half} half"
    if slug == "main_pot":
        return "Main pot"
    if slug.startswith("side_pot_"):
        return f"Side pot {slug.removeprefix('side_pot_')}"
    return slug


# -- the rake and the drops ---------------------------------------------------------------------

def rake_by_pot(amounts: Sequence[Cents], options: TableOptions, *, first_round_only: bool) -> list[Cents]:
    """The rake of each pot, main pot first, with the cap held across the whole hand.

    >>> from games.engine.poker.options import read_options
    >>> rake_by_pot([4000, 3000], read_options({"rake_percent": "10", "rake_cap": "5.00"}), first_round_only=False)
    [400, 100]
    """
    if options.rake_method not in (PERCENT, INCREMENTAL) or (options.no_flop_no_drop and first_round_only):
        return [0] * len(amounts)
    taken, rakes = 0, []
    for amount in amounts:
        if options.rake_method == PERCENT:
            share = Decimal(amount) * options.rake_percent / 100
            raw = int(share // options.rake_unit) * options.rake_unit
        else:
            raw = amount // options.rake_every * options.rake_increment
        if options.rake_cap is not None:
            raw = min(raw, options.rake_cap - taken)
        rakes.append(raw)
        taken += raw
    return rakes


def drops(total: Cents, main_after_rake: Cents, options: TableOptions, *,
          first_round_only: bool) -> list[tuple[str, Cents]]:
    """The jackpot drops taken from the main pot, after the rake (§ 637a.7(e)(6)(iv))."""
    if (options.no_flop_no_drop and first_round_only) or total < options.drop_minimum_pot:
        return []
    taken = []
    for slug, amount in (("bad_beat_drop", options.bad_beat_drop), ("high_hand_drop", options.high_hand_drop)):
        amount = min(amount, main_after_rake)
        if amount > 0:
            taken.append((slug, amount))
            main_after_rake -= amount
    return taken


# -- dividing a pot -----------------------------------------------------------------------------

def divide(amount: Cents, winners: Sequence[int], unit: Cents) -> dict[int, Cents]:
    """Divide ``amount`` equally in chips of ``unit``; the excess goes a chip at a time to the
    winners in the order given (§ 637a.11(k)).

    The table's options and bets keep every pot whole chips.  A pot with part of a chip (table stakes
    carried from before the table's chip grew) gives that part to the next winner in the order after
    the odd chips, so that still no winner is more than one chip ahead of another.

    >>> divide(1100, [4, 7, 2], 100)
    {4: 400, 7: 400, 2: 300}
    >>> divide(1150, [4, 7], 100)
    {4: 600, 7: 550}
    """
    chips, part = divmod(amount, unit)
    each, odd = divmod(chips, len(winners))
    shares = {seat: (each + (index < odd)) * unit for index, seat in enumerate(winners)}
    shares[winners[odd]] += part
    return shares


def halves(amount: Cents, unit: Cents) -> tuple[Cents, Cents]:
    """A split pot's high and low halves: the excess chip, if any, goes with the high half
    (§ 637a.10(i)(3)(i)); part of a chip (see ``divide``) with the half that has no excess chip.

    >>> halves(2500, 100), halves(2550, 100)
    ((1300, 1200), (1300, 1250))
    """
    chips, part = divmod(amount, unit)
    high, low = (chips - chips // 2) * unit, chips // 2 * unit
    return (high, low + part) if chips % 2 else (high + part, low)


def _card_key(code: str, half: str) -> tuple[int, int]:
    ranks = HIGH_RANKS if half == HIGH else LOW_RANKS
    return ranks.index(code[0]), SUIT_RANK[code[1]]


def _codes(cards: Sequence[PokerkitCard | str]) -> list[str]:
    return [repr(card) if isinstance(card, PokerkitCard) else card for card in cards]


def by_card_and_suit(showing: Showing, half: str, cards_of: str) -> tuple[int, int]:
    """The key that orders tied players for the excess chip: the high half's goes to the highest card by
    suit, the low half's to the lowest (§ 637a.10(i)(3)(ii)-(iv)).  ``cards_of``: "hand" (the five
    cards of the hand) or "hole" (the player's own cards)."""
    hand = showing.hands[half]
    cards = _codes(hand.cards) if cards_of == "hand" and hand is not None else list(showing.hole)
    keys = [_card_key(code, half) for code in cards]
    if half == HIGH:
        best = max(keys)
        return -best[0], -best[1]
    return min(keys)


@dataclass(frozen=True)
class OddChipRule:
    """Who among tied winners receives the excess: a key per half, and the words and section that say so."""

    order: Callable[[Showing, str], tuple[int, int]] | None  # None: the order of the deal
    reason: dict[str, str]
    section: str


def odd_chip_rule(options: TableOptions) -> OddChipRule:
    variant = options.variant
    if variant.stud:
        return OddChipRule(lambda showing, half: by_card_and_suit(showing, half, "hand"),
                           {HIGH: "the highest card by suit", LOW: "the lowest card by suit"},
                           "§ 637a.10(i)(3)")
    if options.odd_chip == HIGH_CARD_BY_SUIT:
        return OddChipRule(lambda showing, half: by_card_and_suit(showing, half, "hole"),
                           {HIGH: "the highest card by suit", LOW: "the lowest card by suit"}, variant.odd_chip_section)
    reason = "the first tied player clockwise from the button"
    return OddChipRule(None, {HIGH: reason, LOW: reason}, variant.odd_chip_section)


# -- the settlement -----------------------------------------------------------------------------

@dataclass(frozen=True)
class HandEnd:
    """What the hand left: its pots, the hands shown, who put in more than the pots hold (an
    uncalled bet), and whether it ended in its first betting round."""

    pots: tuple[Pot, ...]
    showings: dict[int, Showing]
    returned: dict[int, Cents]
    first_round_only: bool
    contested: bool  # more than one player reached the showdown


def _hand_text(hand: Hand | None) -> str:
    if hand is None:
        return ""
    return f"{hand.entry.label.value} ({' '.join(_codes(hand.cards))})"


def settle(end: HandEnd, options: TableOptions) -> tuple[list[SettlementLine], dict[int, Cents]]:
    """The hand's lines in the order of § 637a.7(e)(6), and what each seat is pushed."""
    lines = [SettlementLine(seat, "uncalled_bet", amount, RETURNED, 0, "§ 637a.7(d)",
                            note="Uncalled: no player called this much of the bet")
             for seat, amount in sorted(end.returned.items()) if amount]
    rakes = rake_by_pot([pot.amount for pot in end.pots], options, first_round_only=end.first_round_only)
    total = sum(pot.amount for pot in end.pots)
    taken = drops(total, end.pots[0].amount - rakes[0], options,
                  first_round_only=end.first_round_only) if end.pots else []
    pushed: dict[int, Cents] = {}
    awards: dict[int, list[SettlementLine]] = {}
    for pot, rake in zip(end.pots, rakes, strict=True):
        left = pot.amount - rake - (sum(amount for _, amount in taken) if pot.index == 0 else 0)
        awards[pot.index] = _award(pot, left, end, options)
        for line in awards[pot.index]:
            pushed[line.seat] = pushed.get(line.seat, 0) + line.amount
    for index in sorted(awards, reverse=True):
        if index:
            lines += awards[index]  # the side pots are awarded first (§ 637a.7(e)(6)(ii))
    if any(rakes):
        per_pot = ", ".join(f"{pot.label} {dollars(rake)}" for pot, rake in zip(end.pots, rakes, strict=True) if rake)
        cap = f", at most {dollars(options.rake_cap)} a hand" if options.rake_cap is not None else ""
        lines.append(SettlementLine(HOUSE, "rake", total, RAKE, sum(rakes), "§ 637a.7(e)(6)(iii)",
                                    note=f"{_rake_rule(options)}{cap} (§ 637a.17): {per_pot}"))
    for slug, amount in taken:
        section = "§ 637a.15" if slug == "bad_beat_drop" else "§ 637a.16"
        lines.append(SettlementLine(HOUSE, slug, total, DROP, amount, "§ 637a.7(e)(6)(iv)",
                                    note=f"From the main pot ({section}): {dollars(amount)}"))
    lines += awards.get(0, [])
    for seat, amount in end.returned.items():
        pushed[seat] = pushed.get(seat, 0) + amount
    return lines, pushed


def _rake_rule(options: TableOptions) -> str:
    if options.rake_method == PERCENT:
        return f"{options.rake_percent.normalize():f}% of each pot, rounded down to {dollars(options.rake_unit)}"
    return f"{dollars(options.rake_increment)} for every {dollars(options.rake_every)} of each pot"


def _award(pot: Pot, amount: Cents, end: HandEnd, options: TableOptions) -> list[SettlementLine]:
    """The lines of one pot: to its only remaining seat, or to the best hand of each half."""
    variant = options.variant
    if not end.contested or len(pot.seats) == 1:
        seat = pot.seats[0]
        return [SettlementLine(seat, pot.slug, pot.stakes.get(seat, 0), AWARD, amount, "§ 637a.7(d)",
                               note=f"Every other player folded: {pot.label} is not contested")]
    split = variant.halves == (HIGH, LOW)
    showings = [end.showings[seat] for seat in pot.seats]
    lows = [s for s in showings if s.hands.get(LOW) is not None] if LOW in variant.halves else []
    if split and not lows:
        note = "No hand qualifies for low: the whole pot goes to the high hand"
        section = "§ 637a.10(j)" if variant.stud else variant.showdown_section
        return _half(pot, amount, showings, HIGH, options, f"{pot.slug}_high", section, note)
    if split:
        high_half, low_half = halves(amount, options.chip_unit)
        note = f"Divided between high and low ({dollars(amount)}); any excess goes with the high half"
        return (_half(pot, high_half, showings, HIGH, options, f"{pot.slug}_high", variant.showdown_section, note)
                + _half(pot, low_half, lows, LOW, options, f"{pot.slug}_low", variant.showdown_section, ""))
    half = variant.halves[0]
    return _half(pot, amount, showings, half, options, pot.slug, variant.showdown_section, "")


def _half(pot: Pot, amount: Cents, showings: list[Showing], half: str, options: TableOptions, slug: str,
          section: str, note: str) -> list[SettlementLine]:
    best = max(s.hands[half] for s in showings)
    winners = [s for s in showings if s.hands[half] == best]
    rule = odd_chip_rule(options)
    ordered = winners if rule.order is None else sorted(winners, key=lambda s: rule.order(s, half))
    shares = divide(amount, [s.seat for s in ordered], options.chip_unit)
    notes = [note] if note else []
    if len(winners) > 1:
        least = min(shares.values())
        extra = ", ".join(f"{dollars(shares[s.seat] - least)} to seat {s.seat}" for s in ordered
                          if shares[s.seat] > least)
        notes.append(f"Tied {len(winners)} ways" + (
            f": the excess {extra} ({rule.reason[half]}, {rule.section})" if extra else ""))
    return [SettlementLine(s.seat, slug, pot.stakes.get(s.seat, 0), AWARD, shares[s.seat], section,
                           hand=_hand_text(s.hands[half]), note="; ".join(notes))
            for s in ordered]
