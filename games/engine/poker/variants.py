"""The Poker games of § 637a.9(a) the tables deal, as pokerkit streets and hand types.

Each variant says how its cards are dealt (community cards or Stud streets), which hands win
(high, low, or both halves of a split pot), who acts first, and the section that says so.
pokerkit runs the betting and evaluates the hands; the variants are data.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerkit import (
    BettingStructure,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    Opening,
    RegularLowHand,
    StandardHighHand,
    Street,
)

LIMIT, POT_LIMIT, NO_LIMIT = "limit", "pot_limit", "no_limit"
STRUCTURES = {
    LIMIT: ("Limit", BettingStructure.FIXED_LIMIT),
    POT_LIMIT: ("Pot limit", BettingStructure.POT_LIMIT),
    NO_LIMIT: ("No limit", BettingStructure.NO_LIMIT),
}
HIGH, LOW = "high", "low"


@dataclass(frozen=True)
class StreetDeal:
    """What is dealt before a betting round: a burn, cards to the board, or cards to each player
    (face up or down, in the order dealt)."""

    name: str  # "preflop", "flop", "third street"...
    section: str
    burn: bool = False
    board: int = 0
    hole: tuple[bool, ...] = ()  # True: face up
    big_bet: bool = False  # the limit game's larger bet applies from this street on


@dataclass(frozen=True)
class Variant:
    key: str
    label: str
    section: str  # where § 637a.9 or its own section describes it
    streets: tuple[StreetDeal, ...]
    halves: tuple[str, ...]  # HIGH, LOW: which hands share the pot
    hand_types: tuple[type[Hand], ...]
    max_players: int
    max_players_section: str
    showdown_section: str
    odd_chip_section: str
    first_opening: Opening = Opening.POSITION
    later_opening: Opening = Opening.POSITION
    first_to_act: str = ""  # the rule, as the dealer is told
    later_to_act: str = ""
    to_act_sections: tuple[str, str] = ("§ 637a.11(g)", "§ 637a.11(h)")  # the first round, the later ones
    structures: tuple[str, ...] = (LIMIT, POT_LIMIT, NO_LIMIT)
    qualifier: str = ""  # the low half's qualifier, as the dealer is told

    @property
    def stud(self) -> bool:
        return not any(street.board for street in self.streets)

    @property
    def hole_count(self) -> int:
        return sum(len(street.hole) for street in self.streets)

    @property
    def down_count(self) -> int:
        return sum(1 for street in self.streets for up in street.hole if not up)

    def pokerkit_streets(self, small_bet: int, big_bet: int, max_raises: int | None,
                         spread_raises: int | None = None) -> tuple[Street, ...]:
        """pokerkit's streets, each with the cap on its bets and raises (``bet_cap``)."""
        streets = []
        for index, street in enumerate(self.streets):
            opening = self.first_opening if index == 0 else self.later_opening
            streets.append(Street(street.burn, street.hole, street.board, False, opening,
                                  big_bet if street.big_bet else small_bet,
                                  self.bet_cap(index, max_raises, spread_raises)))
        return tuple(streets)

    def bet_cap(self, index: int, max_raises: int | None, spread_raises: int | None) -> int | None:
        """The most bets and raises pokerkit lets street ``index`` take, which counts only those made in the
        round.  The limit's cap (``max_raises``) counts the big blind as the first bet before the flop, as
        card rooms post it; the spread's (``spread_raises``, § 637a.8(k)) counts the raises after the first
        bet: the big blind before the flop, else the first bet or, in Stud, the completion."""
        blind_is_the_bet = index == 0 and not self.stud
        caps = [cap for cap in (None if max_raises is None else max_raises - blind_is_the_bet,
                                None if spread_raises is None else spread_raises + (not blind_is_the_bet))
                if cap is not None]
        return min(caps) if caps else None


def _board_streets(hole: int, section: str) -> tuple[StreetDeal, ...]:
    return (
        StreetDeal("preflop", f"{section}(f)", hole=(False,) * hole),
        StreetDeal("flop", f"{section}(h)", burn=True, board=3),
        StreetDeal("turn", f"{section}(i)", burn=True, board=1, big_bet=True),
        StreetDeal("river", f"{section}(j)", burn=True, board=1, big_bet=True),
    )


# § 637a.12 (Omaha) is not in any available text: its streets follow Hold'em's, as card rooms deal it.
_OMAHA = _board_streets(4, "§ 637a.11")
_STUD = (
    StreetDeal("third street", "§ 637a.10(c)", hole=(False, False, True)),
    StreetDeal("fourth street", "§ 637a.10(f)", burn=True, hole=(True,)),
    StreetDeal("fifth street", "§ 637a.10(h)", burn=True, hole=(True,), big_bet=True),
    StreetDeal("sixth street", "§ 637a.10(h)", burn=True, hole=(True,), big_bet=True),
    StreetDeal("seventh street", "§ 637a.10(h)", burn=True, hole=(False,), big_bet=True),
)
_BLINDS_TO_ACT = "left of the blinds (or the Straddle) first, then clockwise; after the first round, the first " \
                 "player left of the button"

VARIANTS: dict[str, Variant] = {variant.key: variant for variant in (
    Variant("holdem", "Texas Hold'em", "§ 637a.11", _board_streets(2, "§ 637a.11"), (HIGH,), (StandardHighHand,),
            10, "§ 637a.11(b)", "§ 637a.11(k)", "§ 637a.11(k)",
            first_to_act=_BLINDS_TO_ACT, later_to_act=_BLINDS_TO_ACT),
    Variant("omaha", "Omaha High", "§ 637a.12", _OMAHA, (HIGH,), (OmahaHoldemHand,),
            10, "§ 637a.2(a)", "§ 637a.12", "§ 637a.12",
            first_to_act=_BLINDS_TO_ACT, later_to_act=_BLINDS_TO_ACT),
    Variant("omaha_hilo", "Omaha High-low Split Eight or Better", "§ 637a.12", _OMAHA, (HIGH, LOW),
            (OmahaHoldemHand, OmahaEightOrBetterLowHand), 10, "§ 637a.2(a)", "§ 637a.12", "§ 637a.12",
            first_to_act=_BLINDS_TO_ACT, later_to_act=_BLINDS_TO_ACT,
            qualifier="a low of five different cards, 8 or lower, two from the hand and three from the board"),
    Variant("stud", "Seven-card Stud High", "§ 637a.10", _STUD, (HIGH,), (StandardHighHand,),
            8, "§ 637a.10(b)", "§ 637a.10(i)(1)", "§ 637a.6(e)",
            first_opening=Opening.LOW_CARD, later_opening=Opening.HIGH_HAND,
            first_to_act="the lowest up card makes the Forced Bet (suits: spades, hearts, diamonds, clubs)",
            later_to_act="the highest high hand showing; a tie: the player nearest the dealer's left",
            to_act_sections=("§ 637a.10(d)(1)", "§ 637a.10(f)(1)"), structures=(LIMIT,)),
    Variant("razz", "Seven-card Stud Low (Razz)", "§ 637a.10", _STUD, (LOW,), (RegularLowHand,),
            8, "§ 637a.10(b)", "§ 637a.10(i)(2)", "§ 637a.6(e)",
            first_opening=Opening.HIGH_CARD, later_opening=Opening.LOW_HAND,
            first_to_act="the highest up card makes the Forced Bet (ace low; suits: spades, hearts, diamonds, clubs)",
            later_to_act="the best low hand showing; a tie: the player nearest the dealer's left",
            to_act_sections=("§ 637a.10(d)(2)", "§ 637a.10(f)(2)"), structures=(LIMIT,)),
    Variant("stud_hilo", "Seven-card Stud High-low Split", "§ 637a.10", _STUD, (HIGH, LOW),
            (StandardHighHand, RegularLowHand), 8, "§ 637a.10(b)", "§ 637a.10(i)(3)", "§ 637a.10(i)(3)",
            first_opening=Opening.HIGH_CARD, later_opening=Opening.HIGH_HAND,
            first_to_act="the highest up card makes the Forced Bet (an ace ranks below a two)",
            later_to_act="the highest high hand showing; a tie: the player nearest the dealer's left",
            to_act_sections=("§ 637a.10(d)(3)", "§ 637a.10(f)(1)"), structures=(LIMIT,)),
    Variant("stud_hilo8", "Seven-card Stud High-low Split Eight or Better", "§ 637a.10", _STUD, (HIGH, LOW),
            (StandardHighHand, EightOrBetterLowHand), 8, "§ 637a.10(b)", "§ 637a.10(i)(3)", "§ 637a.10(i)(3)",
            first_opening=Opening.LOW_CARD, later_opening=Opening.HIGH_HAND,
            first_to_act="the lowest up card makes the Forced Bet (an ace ranks highest)",
            later_to_act="the highest high hand showing; a tie: the player nearest the dealer's left",
            to_act_sections=("§ 637a.10(d)(4)", "§ 637a.10(f)(1)"), structures=(LIMIT,),
            qualifier="a low of five different cards, 8 or lower (§ 637a.10(j))"),
)}
