"""Mississippi Stud, Chapter 655a.

There is no dealer's hand.  Each player places an Ante and is dealt two cards; three community
cards lie face down.  The player then makes a 3rd Street Wager of one, two or three times the Ante
or folds; the dealer turns up the first community card; a 4th Street Wager likewise; the second
community card; a 5th Street Wager likewise; the third (§ 655a.1, "3rd Street Wager", "4th Street
Wager", "5th Street Wager", "Fold").  A player still in is paid on the two cards and the three
community cards, the Ante and each Street Wager alike on the chapter's one table (§ 655a.12(a)):
a pair of 6s to 10s pushes, anything below it loses (2014 § 655a.11(i)(1)-(2)).  The total payout
on one hand is capped at $50,000 or the most one patron could win betting the minimum, whichever
is greater (§ 655a.12(b)).

The Progressive Payout Wager (§ 655a.7(d)(3), § 655a.2(c)) is offered while a meter feeds the
table: paid on the same five cards by the table's Paytable A-D (§ 655a.12(c)(1)-(2)), settled
after the Mississippi Stud wagers (2014 § 655a.11(i)(4)), forfeited by a fold (2014 § 655a.11(h)).

What the available texts do not give
------------------------------------
Only §§ 655a.1, 655a.6(a)-(c)(1) and 655a.12(a)-(c)(2) of the current chapter survive, with the
2014 text of § 655a.2(c) and § 655a.11(h)-(j).  So:

* The dealing procedure (§§ 655a.8-655a.10) and the irregularities (§ 655a.13) are the shared ones
  of the banked poker chapters: the steps cite their sibling Let It Ride Poker (Chapter 643a),
  which deals every card of the round at once, the community cards face down, and turns them one
  at a time as this game does.  Each such prompt says "procedure as commonly played; the
  Pennsylvania section is not available".
* The street decisions follow the definitions of § 655a.1; that they are asked clockwise from the
  dealer's left is common practice.
* Not offered: the Three Card Bonus Wager (§ 655a.7(d)(4): its hands in § 655a.6(c) stop at the
  mini-royal and its paytable, § 655a.12(d), is missing), the Envy Bonus (its amounts, § 655a.12(c)(5)
  in the 2014 text, are missing) and the Five Card Hand Bonus Wager (missing altogether).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import (
    DEAL_AT_ONCE_IRREGULARITIES,
    DEAL_AT_ONCE_MULTIPLE_FACE_UP,
    BankedPoker,
    DealingSections,
)
from games.engine.core import (
    DECISION,
    LOSE,
    PUSH,
    WIN,
    Betting,
    Close,
    Deal,
    Irregularity,
    Option,
    Prompt,
    RoundState,
    Seat,
    SeatDecision,
    SettlementLine,
    SettleSeats,
    Step,
    ZoneCards,
    ZoneSpec,
    progressive,
)
from games.engine.core.game import NotInText, five_card_hand_bonus
from games.engine.core.progressive import Progressive
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import counting, high_hand
from games.engine.money import Cents, dollars, parse_dollars
from games.engine.paytables import Push, paytable
from games.engine.return_models import DECISIONS, PLAYED, Dealt

COMMON = "Procedure as commonly played; the Pennsylvania section is not available."
STREETS = ("third_street", "fourth_street", "fifth_street")
MAIN_WAGERS = ("ante", *STREETS)  # paid on § 655a.12(a)
STREET_LABELS = {"third_street": "3rd Street Wager", "fourth_street": "4th Street Wager",
                 "fifth_street": "5th Street Wager"}


def common(text: str) -> str:
    """A prompt whose procedure stands in for a missing Pennsylvania section, marked as such."""
    return f"{text} ({COMMON})"


def _in_play(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers and not seat.folded


def _hands_in_play(rnd: RoundState) -> bool:
    """Once every seat has folded no wager waits on a community card: none is turned."""
    return any(not rnd.seats[n].folded for n in rnd.playing_seats())


class StreetDecision(SeatDecision):
    """§ 655a.1: a Street Wager of one, two or three times the Ante, or a fold; asked of each seat
    still in, clockwise from the dealer's left (common practice)."""

    def __init__(self, street: str, after: str):
        label = STREET_LABELS[street]
        super().__init__(f"{street}_decision", "§ 655a.1", (
            Option("bet", label, wager=street,
                   amounts=lambda rnd, seat: tuple(m * seat.wagers["ante"] for m in (1, 2, 3)),
                   rule="one, two or three times the Ante", section="§ 655a.1"),
            Option("fold", "Fold", folds=True, section="§ 655a.1"),
        ), eligible=_in_play)
        self.after = after

    def prompt(self, rnd: RoundState) -> Prompt:
        prompt = super().prompt(rnd)
        return dataclasses.replace(prompt, text=f"{prompt.text} Once {self.after}, each seat in turn clockwise from "
                                                f"the dealer's left ({COMMON})")


class MississippiStud(BankedPoker):
    slug = "mississippi-stud"
    name = "Mississippi Stud"
    chapter = "655a"
    seat_count = 6  # § 655a.2 is not available; six is the common table
    not_in_text = (
        NotInText("progressive_envy", "Envy Bonus", "its amounts (§ 655a.12(c)(5) of the 2014 text) are not in the "
                  "available text", "§ 655a.12(c)(5)"),
        NotInText("three_card_bonus", "Three Card Bonus Wager", "its hands stop at the mini-royal (§ 655a.6(c)) "
                  "and its paytable (§ 655a.12(d)) is not in the available text", "§ 655a.12(d)"),
        five_card_hand_bonus("655a"),
    )
    table_section = "§ 655a.2"
    wager_section = "§ 655a.7"
    zones = (ZoneSpec("board", "Community cards"),)
    # §§ 655a.8-655a.10 are not available: the dealing is Let It Ride's (§§ 643a.8-643a.10), which
    # deals every card at once, the community cards face down.
    dealing = DealingSections(
        "643a",
        announce={"manual_shoe": "8(b)", "hand": "9(a)(3)", "automated_shoe": "10(a)(2)",
                  "reshuffling_shoe": "10(a)(2)"},
        deal={"manual_shoe": "8(d)", "hand": "9(b)", "automated_shoe": "10(b)", "reshuffling_shoe": "10(g)"},
        stub_count={"manual_shoe": "8(f)", "hand": "9(d)", "automated_shoe": "10(d)"},
        misdeal={"manual_shoe": "8(h)", "hand": "9(f)", "automated_shoe": "10(f)"},
    )
    community_cards_at_deal = 3
    # § 655a.12(b): $50,000 or the most one patron could win betting the minimum, whichever is
    # greater; the chapter fixes it.
    payout_limit_section = "§ 655a.12(b)"
    payout_limit_fixed = True
    wagers = (
        WagerDef("ante", "Ante", "§ 655a.7", required=True, capped=True,
                 judged_on="the player's two cards and the three community cards",
                 limits=Limits("5.00", "500.00", "§ 655a.7"), returns=DECISIONS),
        *(WagerDef(street, STREET_LABELS[street], "§ 655a.1", placed=BY_DECISION, capped=True,
                   judged_on="the player's two cards and the three community cards", returns=DECISIONS)
          for street in STREETS),
        WagerDef("progressive", "Progressive Payout Wager", "§ 655a.7(d)(3)",
                 judged_on="the player's two cards and the three community cards",
                 paytable=PaytableChoice("", "§ 655a.12(c)(1)", help="B, C and D have mega, major and minor meters"),
                 progressive=Progressive("§ 655a.2(c)"), returns=Dealt(counting.five_card_hands, PLAYED)),
    )
    own_rules: dict[str, Any] = {
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
    }
    # § 655a.13 is not available: Let It Ride's (§ 643a.13), every card being dealt at once as there.
    irregularities = DEAL_AT_ONCE_IRREGULARITIES
    MULTIPLE_FACE_UP_BEFORE_DEAL = MULTIPLE_FACE_UP_AFTER_DEAL = DEAL_AT_ONCE_MULTIPLE_FACE_UP

    # -- rules ----------------------------------------------------------------------------------

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """§ 655a.12(b): what one patron could win in a round betting the minimum.

        Betting the minimum is the least Ante m and the least Street Wager each time, one times the
        Ante: 4m, all paid the top of § 655a.12(a), a royal flush at 500 to 1.  The progressive is
        paid on its own table and is no "payout under subsection (a)"."""
        table = paytable(self.slug, "ante")
        ante = parse_dollars(rules["min_ante"])
        return len(MAIN_WAGERS) * max(row.payout.winnings(ante) for row in table.rows if not isinstance(
            row.payout, Push))

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        feed = progressive.attachment(rules, "progressive")
        offered = closing = ""
        if feed is not None and not feed.down:
            offered = f"; optional Progressive Payout Wager of {dollars(feed.amount)}"
            closing = (" Lock out the Progressive Payout Wagers on the progressive table game system (§ 655a.2(c)), "
                       "collect them, check that the chips match the wagers it accepted, and drop them.")
        return [
            Betting("wagers", self.dealing.cite(self.dealing.announce, method),
                    common(f"Wagers are placed (Ante{offered}). Announce \"no more bets\".{closing}")),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), common(self.deal_text(method)), cards_each=2,
                 zones={"board": 3}),
            *self.stub_count_steps(rules),
            StreetDecision("third_street", "the player has two cards"),
            ZoneCards("first_community_card", "§ 655a.1", common("Turn the first community card face up: enter it."),
                      1, applies=_hands_in_play),
            StreetDecision("fourth_street", "the first community card is up"),
            ZoneCards("second_community_card", "§ 655a.1",
                      common("Turn the second community card face up: enter it."), 1, applies=_hands_in_play),
            StreetDecision("fifth_street", "the second community card is up"),
            ZoneCards("third_community_card", "§ 655a.11(i)",
                      common("Turn the third community card face up: enter it."), 1, applies=_hands_in_play),
            SettleSeats("settle", "§ 655a.11(i)",
                        "Turn seat {seat}'s two cards face up, announce its best five-card hand with the three "
                        "community cards and settle its wagers, right to left.", eligible=_in_play),
            Close("close", "§ 655a.11(j)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]

    def stub_count_steps(self, rules: Mapping[str, Any]) -> list[Step]:
        return [_marked(step) for step in super().stub_count_steps(rules)]

    @staticmethod
    def deal_text(method: str) -> str:
        match method:
            case "manual_shoe" | "hand":
                source = "shoe" if method == "manual_shoe" else "hand"
                return (f"Deal from the {source} one card at a time face down, clockwise from the dealer's left: "
                        "one to seats {seats}, a second to each, then three community cards face down in a row.")
            case "automated_shoe":
                return ("Deliver a stack of two cards face down to seats {seats}, clockwise from the dealer's left, "
                        "then three community cards face down in a row.")
            case _:
                return ("The shoe may dispense the three community cards first (place them face down in a row); "
                        "deliver a stack of two cards face down to seats {seats}, clockwise from the dealer's left.")

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode: the virtual shoe deals in the order of the table's dealing method: the seats'
        cards one at a time, or in stacks of two, then the three community cards; a reshuffling shoe
        dispenses the community cards first."""
        method = rnd.rules["dealing_method"]

        def draw(count: int = 1) -> list[str]:
            return [card.code for card in rnd.shoe.draw(count)]

        seats = [f"seat:{n}" for n in rnd.playing_seats()]
        community = draw(3) if method == "reshuffling_shoe" else []
        hands: dict[str, list[str]] = {target: [] for target in seats}
        if method in ("manual_shoe", "hand"):
            for _ in range(2):
                for target in seats:
                    hands[target] += draw()
        else:
            for target in seats:
                hands[target] = draw(2)
        return {**hands, "board": community or draw(3)}

    def multiple_face_up(self, rnd: RoundState) -> Irregularity:
        return self.MULTIPLE_FACE_UP_BEFORE_DEAL

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 655a.1 "Fold", 2014 § 655a.11(h): a player who makes no Street Wager forfeits the Ante, the
        Street Wagers already made and the Progressive Payout Wager; the cards go to the discard rack."""
        lines = [SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager], "§ 655a.11(h)",
                                note="Folded: collected", stage=DECISION)
                 for wager in MAIN_WAGERS if wager in seat.wagers]
        if "progressive" in seat.wagers:
            lines.append(SettlementLine(seat.number, "progressive", seat.wagers["progressive"], LOSE,
                                        seat.wagers["progressive"], "§ 655a.11(h)", stake_collected=True,
                                        note="Folded: the Progressive Payout Wager is forfeited", stage=DECISION))
        return lines

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """2014 § 655a.11(i): the Ante and the Street Wagers on § 655a.12(a), capped by § 655a.12(b); then
        the Progressive Payout Wager (§ 655a.11(i)(4))."""
        hand = high_hand(seat.cards + rnd.board)
        shown = f"{hand.name} ({' '.join(c.code for c in seat.cards)} + {' '.join(c.code for c in rnd.board)})"
        table = paytable(self.slug, "ante")
        row = table.pay_row(hand.slugs)
        lines: list[SettlementLine] = []
        for wager in MAIN_WAGERS:
            stake = seat.wagers[wager]
            if row is None:
                lines.append(SettlementLine(seat.number, wager, stake, LOSE, stake, "§ 655a.11(i)(1)",
                                            hand=f"{shown}: below a pair of sixes"))
            elif isinstance(row.payout, Push):
                lines.append(SettlementLine(seat.number, wager, stake, PUSH, 0, "§ 655a.11(i)(2)",
                                            odds=str(row.payout), hand=f"{shown}: {row.label}"))
            else:
                lines.append(SettlementLine(seat.number, wager, stake, WIN, row.payout.winnings(stake), table.section,
                                            odds=str(row.payout), hand=f"{shown}: {row.label}"))
        lines += self.cap(rnd, seat, lines, "the Ante and the 3rd, 4th and 5th Street Wagers")
        if "progressive" in seat.wagers:
            wager = self.wager("progressive")
            line = progressive.settle(rnd, seat, wager, progressive.wager_paytable(self, rnd.rules, wager),
                                      hand.slugs, shown, losing_section="§ 655a.11(i)(4)",
                                      turn_section="§ 655a.11(i)(4)(i)(D)")
            lines += [line] if line is not None else []
        return lines


def _marked(step: Step) -> Step:
    step.text = common(step.text)
    return step


GAME = MississippiStud()
