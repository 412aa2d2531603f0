"""Poker (Chapter 637a), the nonbanked family: the players play each other and the house takes a rake.

It answers what the services, views, history and round sheets ask of every game
(``games.engine.core.contract``) without the banked games' wagers, paytables or payout limits:
its rounds are hands (``PokerRound``), its rules options are the Rules Submission's game, stakes,
rake and jackpot drops (``options``), and a round carries the table's seats, stakes and button on
to the next.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from games.engine.cards import STANDARD_DECK
from games.engine.core.records import Irregularity
from games.engine.core.schema import (
    ANSWER,
    NAME,
    PLACE,
    SEAT,
    ActionSchema,
    Amount,
    Cards,
    CardsByPlace,
    Either,
    accepts,
)
from games.engine.core.state import ZoneSpec
from games.engine.money import Cents
from games.engine.poker import phh
from games.engine.poker import sheet as poker_sheet
from games.engine.poker.options import DEFAULT_RULES, POSITIONS, RULE_OPTIONS, read_options
from games.engine.poker.pots import wager_label
from games.engine.poker.round import PokerRound
from games.engine.poker.seating import read_positions

# The actions a hand takes, with their keys (checked before anything reaches the log): seating
# and stakes between hands, the start of a hand, the button's seat, each player's action, the
# cards, the close.
ACTIONS = accepts(
    ActionSchema("seating", {"do": NAME}, {"seat": SEAT, "amount": Amount()}),
    ActionSchema("start_hand"),
    ActionSchema("input", {"value": Either(ANSWER, SEAT)}),
    ActionSchema("decide", {"seat": SEAT, "choice": NAME}, {"amount": Amount()}),
    ActionSchema("deal", optional={"cards": CardsByPlace()}),
    ActionSchema("cards", {"target": PLACE}, {"cards": Cards()}),
    ActionSchema("close"),
)

# § 637a.18 after (e), where the chapter's irregularities would be, is not available: these
# follow the common practice of licensed card rooms (docs/poker.md).
IRREGULARITIES: dict[str, Irregularity] = {
    "misdeal": Irregularity("misdeal", "Misdeal", "§ 637a.18", void=True),
    "wrong_card_count": Irregularity("wrong_card_count", "The deck or stub counts a wrong number of cards",
                                     "§ 637a.7(e)(5)", void=True, removes_deck=True),
    "exposed_card": Irregularity("exposed_card", "A card exposed by the dealer", "§ 637a.18", void=False,
                                 asks=("card",)),
    "wrong_hole_count": Irregularity("wrong_hole_count", "A player dealt a wrong number of cards", "§ 637a.18",
                                     void=False, asks=("seat",)),
    "out_of_turn": Irregularity("out_of_turn", "A player acted out of turn", "§ 637a.8(c)", void=False,
                                asks=("seat", "choice", "amount")),
}


class PokerGame:
    family: ClassVar[str] = "poker"
    carries_options: ClassVar[bool] = True  # the seats, stakes and button pass from round to round
    slug: ClassVar[str] = "poker"
    name: ClassVar[str] = "Poker"
    chapter: ClassVar[str] = "637a"
    seat_count: ClassVar[int] = 10  # § 637a.2(a)
    table_section: ClassVar[str] = "§ 637a.2(a)"
    wager_section: ClassVar[str] = "§ 637a.8"
    deck = STANDARD_DECK  # one deck (§ 637a.3(a))
    zones: ClassVar[tuple[ZoneSpec, ...]] = (ZoneSpec("board", "Board"),)
    dealer_hand: ClassVar[bool] = False
    irregularities: ClassVar[dict[str, Irregularity]] = IRREGULARITIES
    default_rules: ClassVar[dict[str, Any]] = DEFAULT_RULES
    rule_options = RULE_OPTIONS
    required_wager: ClassVar[str] = ""  # no wager makes a seat play: its table stakes do
    wagers: ClassVar[tuple] = ()  # nothing is wagered against the house: the return report has nothing to value

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        read_options(rules)
        read_positions(rules.get(POSITIONS))
        return {**DEFAULT_RULES, **rules}

    def fixed_by_chapter(self, rules: Mapping[str, Any]) -> list[tuple[str, Cents, str]]:
        options = read_options(rules)
        fixed = [("Table stakes a player needs to be dealt in", options.stake_needed, "§ 637a.8(b)(4)")]
        if options.straddle and not options.stud:
            fixed.append(("Straddle Bet (twice the big blind)", options.straddle_amount, "§ 637a.11(e)"))
        return fixed

    def deck_for(self, rules: Mapping[str, Any]) -> Any:
        """One standard deck (§ 637a.7(a))."""
        return self.deck

    def kept_through_void(self, line: Any) -> bool:
        """Nothing of a hand stands through its void: every chip goes back where it was."""
        return False

    def wager_label(self, wager: str) -> str:
        return wager_label(wager)

    def describe(self, rules: Mapping[str, Any]) -> str:
        return read_options(rules).describe()

    def new_round(self, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None) -> PokerRound:
        return PokerRound(self, rules, shoe_order=shoe_order)

    def replay(self, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]], *,
               shoe_order: Iterable[str] | None = None) -> PokerRound:
        return PokerRound.replay(self, rules, actions, shoe_order=shoe_order)

    def carried_options(self, previous: PokerRound | None) -> dict[str, Any]:
        """The seats, stakes and button a new round starts from: those the last round ended with."""
        if previous is None:
            return {}
        return {POSITIONS: previous.carried().as_option()}

    def settle_sheet(self, sheet: Mapping[str, Any]) -> dict[str, Any]:
        return poker_sheet.settle(self, sheet)

    def hand_history(self, rnd: PokerRound, *, table: str = "", hand: int | None = None) -> str:
        """The hand as a Poker Hand History (PHH) file."""
        return phh.export(rnd, table=table, hand=hand)

    def sheet_from_hand_history(self, text: str) -> dict[str, Any]:
        """The round sheet of a PHH file."""
        return phh.to_sheet(self, text)

    def sheet_from_log(self, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
                       shoe_order: list[str] | None = None, closing: Any = None) -> dict[str, Any]:
        # Replayed whatever the caller holds: the sheet writes each action with the cards it dealt.
        return poker_sheet.from_log(self, rules, actions, shoe_order)


GAME = PokerGame()
