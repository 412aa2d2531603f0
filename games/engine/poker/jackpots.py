"""The Bad Beat and High Hand jackpots, paid from the funds the drops build (§§ 637a.15, 637a.16).

§§ 637a.15 and 637a.16 are not available: what is here is the jackpots as commonly played in
licensed card rooms, each point a rules option (docs/poker.md).  What the chapter's text and the
2012 preamble do say is kept: a Bad Beat is a predesignated high hand held as a losing hand
(§ 637a.1 "Bad Beat"); a High Hand Jackpot is the contributions of a qualifying period, paid to the
best qualifying high hand of the period (§ 637a.1 "High Hand Jackpot payout", "Qualifying
period"); both are paid from the cage, never from a table inventory container (2012 preamble on
§ 637a.16(h)).

Each table keeps its own funds: the drops of every hand are added to them and carried from hand to
hand with the seats (``seating.Positions.jackpots``), and a payout takes the whole fund.  A payout
waits for a floorperson's approval; refused, nothing is paid and the fund stays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from pokerkit import Hand, StandardHighHand

from games.engine.core.records import CAGE, WIN, SettlementLine
from games.engine.money import Cents, dollars
from games.engine.poker.options import (
    BAD_BEAT_SECTION,
    BOTH,
    HIGH_HAND_SECTION,
    LOSING_HAND,
    MINIMUM_HANDS,
    STAYS,
    TableOptions,
)
from games.engine.poker.pots import HIGH, Showing

BAD_BEAT, HIGH_HAND = "bad_beat", "high_hand"
SECTIONS = {BAD_BEAT: BAD_BEAT_SECTION, HIGH_HAND: HIGH_HAND_SECTION}
LABELS = {BAD_BEAT: "Bad Beat jackpot", HIGH_HAND: "High Hand jackpot"}
# The lines of a Bad Beat payout, by share.
LOSING, WINNING, TABLE = "bad_beat_losing_hand", "bad_beat_winning_hand", "bad_beat_table_share"
JACKPOT_WAGERS = {LOSING: BAD_BEAT, WINNING: BAD_BEAT, TABLE: BAD_BEAT, "high_hand_jackpot": HIGH_HAND}


def qualifies(hand: Hand, minimum: str) -> bool:
    """Whether a high hand is at least the minimum hand named (``MINIMUM_HANDS``).

    >>> from pokerkit import StandardHighHand
    >>> qualifies(StandardHighHand("KsKhKdKc2s"), "aces_full_of_tens"), qualifies(
    ...     StandardHighHand("AsAhAdTsTh"), "four_tens")
    (True, False)
    """
    return StandardHighHand(hand.cards) >= StandardHighHand(MINIMUM_HANDS[minimum][1])


def hole_cards_play(showing: Showing, rule: str, board_game: bool) -> bool:
    """Whether enough of the player's own cards are in the five of the hand: both, or one.  In Omaha
    exactly two always play; Stud has no board, so the rule does not apply."""
    if not board_game:
        return True
    hand = showing.hands[HIGH]
    used = sum(1 for card in hand.cards if repr(card) in showing.hole)
    return used >= (2 if rule == BOTH else 1)


def hand_text(hand: Hand) -> str:
    return f"{hand.entry.label.value} ({' '.join(repr(card) for card in hand.cards)})"


@dataclass(frozen=True)
class BadBeatRules:
    minimum: str
    hole_cards: str
    min_players: int
    losing: Decimal  # percent of the fund to the losing hand
    winning: Decimal  # to the hand that beat it
    table: Decimal  # shared equally by the other players dealt in
    odd_cents: str  # LOSING_HAND: to the losing hand; STAYS: left in the fund

    @classmethod
    def of(cls, o: TableOptions) -> BadBeatRules:
        return cls(o.bad_beat_hand, o.bad_beat_hole_cards, o.bad_beat_min_players, *o.bad_beat_shares,
                   o.bad_beat_odd_cents)


def bad_beat(showings: Sequence[Showing], dealt_in: Sequence[int], fund: Cents, rules: BadBeatRules, *,
             board_game: bool) -> list[SettlementLine]:
    """The Bad Beat payout of a hand, or none: the best losing high hand at the showdown qualifies (and
    the hole-card rule holds for it and for the hand that beat it), with at least ``min_players``
    dealt in.  The fund is divided by the shares of the Rules Submission, each to the cent below;
    a share several players hold is divided equally, to the cent below; the cents none of this
    divides go to the losing hand (the first in the order of the deal, if tied) or stay in the fund.
    ``dealt_in``: the seats dealt in, in the order of the deal."""
    shown = [s for s in showings if s.hands.get(HIGH) is not None]
    if fund <= 0 or len(dealt_in) < rules.min_players or len(shown) < 2:
        return []
    best = max(s.hands[HIGH] for s in shown)
    winners = [s for s in shown if s.hands[HIGH] == best]
    losers_all = [s for s in shown if s.hands[HIGH] != best]
    if not losers_all:
        return []
    second = max(s.hands[HIGH] for s in losers_all)
    losers = [s for s in losers_all if s.hands[HIGH] == second]
    if not qualifies(second, rules.minimum) or not all(
            hole_cards_play(s, rules.hole_cards, board_game) for s in (*losers, *winners)):
        return []
    held = {s.seat for s in (*losers, *winners)}
    others = [seat for seat in dealt_in if seat not in held]
    losing_share = _share(fund, rules.losing)
    winning_share = _share(fund, rules.winning)
    table_share = _share(fund, rules.table)
    if not others:  # no one else was dealt in: the table share goes with the losing hand
        losing_share, table_share = losing_share + table_share, 0
    paid: dict[str, dict[int, Cents]] = {
        LOSING: _equal(losing_share, [s.seat for s in losers]),
        WINNING: _equal(winning_share, [s.seat for s in winners]),
        TABLE: _equal(table_share, others),
    }
    odd = fund - sum(sum(parts.values()) for parts in paid.values())
    if odd and rules.odd_cents == LOSING_HAND:
        first = losers[0].seat
        paid[LOSING][first] += odd
    minimum = MINIMUM_HANDS[rules.minimum][0]
    reading = f"the fund of {dollars(fund)}"
    stays = f"; {dollars(odd)} the shares cannot divide stays in the fund" if odd and rules.odd_cents == STAYS else ""
    notes = {
        LOSING: f"{rules.losing.normalize():f}% of {reading} to the losing hand ({minimum} beaten){stays}",
        WINNING: f"{rules.winning.normalize():f}% of {reading} to the hand that beat it",
        TABLE: f"{rules.table.normalize():f}% of {reading}, shared equally by the other players dealt in",
    }
    hands = {s.seat: hand_text(s.hands[HIGH]) for s in (*losers, *winners)}
    return [SettlementLine(seat, slug, 0, WIN, amount, BAD_BEAT_SECTION, hand=hands.get(seat, ""),
                           note=f"{notes[slug]}: the cage pays it", payer=CAGE, must_validate=True)
            for slug, parts in paid.items() for seat, amount in parts.items() if amount]


def _share(fund: Cents, percent: Decimal) -> Cents:
    return int(Decimal(fund) * percent / 100)  # to the cent below: a fund never pays more than it holds


def _equal(amount: Cents, seats: Sequence[int]) -> dict[int, Cents]:
    """``amount`` divided equally to the cent below (the cents left over follow the odd-cent rule)."""
    return {seat: amount // len(seats) for seat in seats} if seats else {}


@dataclass(frozen=True)
class HighHand:
    """The best qualifying high hand of the period so far: whose, and its five cards."""

    seat: int
    cards: tuple[str, ...]

    @property
    def hand(self) -> Hand:
        return StandardHighHand("".join(self.cards))

    def as_option(self) -> dict[str, object]:
        return {"seat": self.seat, "cards": list(self.cards)}


def best_high_hand(showings: Sequence[Showing], leader: HighHand | None, minimum: str, hole_cards: str, *,
                   board_game: bool) -> HighHand | None:
    """The period's High Hand after this hand's showdown: a shown hand that qualifies, with the
    hole-card rule, and beats the one standing (a tie leaves the earlier hand standing)."""
    best = leader
    for showing in showings:
        hand = showing.hands.get(HIGH)
        if hand is None or not qualifies(hand, minimum) or not hole_cards_play(showing, hole_cards, board_game):
            continue
        if best is None or StandardHighHand(hand.cards) > best.hand:
            best = HighHand(showing.seat, tuple(repr(card) for card in hand.cards))
    return best


def high_hand_payout(leader: HighHand, fund: Cents) -> SettlementLine:
    """The period's High Hand Jackpot: the whole fund to the best qualifying hand, paid by the cage."""
    return SettlementLine(leader.seat, "high_hand_jackpot", 0, WIN, fund, HIGH_HAND_SECTION,
                          hand=hand_text(leader.hand),
                          note=f"The qualifying period's best high hand: the fund of {dollars(fund)}; the cage pays "
                               "it, and holds it for a winner who has left", payer=CAGE, must_validate=True)
