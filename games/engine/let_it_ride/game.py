"""Let It Ride Poker, Chapter 643a: the game's data, its rules options and its procedure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import (
    DEAL_AT_ONCE_IRREGULARITIES,
    DEAL_AT_ONCE_MULTIPLE_FACE_UP,
    LUCKY_POSITIONS,
    BankedPoker,
    DealingSections,
)
from games.engine.core import (
    Close,
    Irregularity,
    RoundState,
    RuleOption,
    Seat,
    SettlementLine,
    SettlementPass,
    SettleSeats,
    Step,
    SystemDraw,
    ZoneCards,
    ZoneSpec,
    progressive,
)
from games.engine.core.progressive import Progressive
from games.engine.core.wagers import Limits, PaytableChoice, WagerDef
from games.engine.hands import counting
from games.engine.let_it_ride import settlement
from games.engine.let_it_ride.steps import BETS, LetItRideDeal, PullOrRide, ThreeEqualBets, plays, six_card_bonus_placed
from games.engine.money import Cents, dollars, parse_dollars
from games.engine.paytables import paytable
from games.engine.return_models import DECISIONS, FIVE, Dealt

SIDE_WAGERS = ("five_card_bonus", "three_card_bonus", "six_card_bonus")  # § 643a.7(e), (f), (j)


def _hand_bonus_at_table(rnd: RoundState) -> bool:
    return any("five_card_hand_bonus" in seat.wagers for seat in rnd.seats.values())


# -- the game ---------------------------------------------------------------------------------------

# Bet 3 cannot be withdrawn, so the return report values it on the cards alone.
BET_3_RETURNS = Dealt(counting.five_card_hands, "Bet Number 3 cannot be withdrawn (§ 643a.7(d)), so it stands on the "
                      "cards alone; Bets 1 and 2 do not.")


class LetItRide(BankedPoker):
    slug = "let-it-ride"
    name = "Let It Ride Poker"
    chapter = "643a"
    seat_count = 7  # § 643a.2(a)
    table_section = "§ 643a.2(a)"
    wager_section = "§ 643a.7(d)"
    # No dealer's hand: two community cards, and the Six Card Bonus cards (§ 643a.11(g)(6)).
    zones = (ZoneSpec("board", "Community cards"), ZoneSpec("six_card_bonus", "Six Card Bonus cards"))
    # § 643a.8 manual dealing shoe, § 643a.9 from the hand, § 643a.10 automated dealing shoe,
    # § 643a.10(g) an automated shoe that reshuffles and may dispense the community cards first.
    dealing = DealingSections(
        "643a",
        announce={"manual_shoe": "8(b)", "hand": "9(a)(3)", "automated_shoe": "10(a)(2)",
                  "reshuffling_shoe": "10(a)(2)"},
        deal={"manual_shoe": "8(d)", "hand": "9(b)", "automated_shoe": "10(b)", "reshuffling_shoe": "10(g)"},
        # § 643a.8(e)-(f): the stub comes out of the shoe as soon as the cards are dealt.
        stub_count={"manual_shoe": "8(f)", "hand": "9(d)", "automated_shoe": "10(d)"},
        misdeal={"manual_shoe": "8(h)", "hand": "9(f)", "automated_shoe": "10(f)"},
    )
    # § 643a.12(h): the table's optional most payable on a single hand, on the Let It Ride Wagers only.
    payout_limit_section = "§ 643a.12(h)"
    payout_limit_scope = " per hand"
    # § 643a.13(a) is about a card found face up "while the cards are being dealt"; every card of the
    # round is dealt at once, and the stub then leaves the shoe (§ 643a.8(e)).
    community_cards_at_deal = 2
    wagers = (
        *(WagerDef(bet, f"Bet {bet[-1]}", "§ 643a.7(d)", required=bet == "bet1", equals="" if bet == "bet1" else "bet1",
                   capped=True, judged_on="the player's three cards and the two community cards",
                   limits=Limits("5.00", "500.00", "§ 643a.7(d)", key="bet", label="of each Let It Ride Wager"),
                   paytable=PaytableChoice("A", "§ 643a.12(a)", optional=False, option="let_it_ride_paytable",
                                           label="Let It Ride Wagers"),
                   returns=DECISIONS if bet != "bet3" else BET_3_RETURNS)
          for bet in BETS),
        WagerDef("five_card_bonus", "Five Card Bonus Wager", "§ 643a.7(e)",
                 judged_on="the player's three cards and the two community cards",
                 limits=Limits("1.00", "25.00", "§ 643a.7(e)"),
                 paytable=PaytableChoice("", "§ 643a.12(b)",
                                         help="Payouts printed \"X to 1\" are paid X for 1, the wager included"),
                 returns=FIVE),
        WagerDef("three_card_bonus", "Three Card Bonus Wager", "§ 643a.7(f)", judged_on="the player's three cards",
                 limits=Limits("1.00", "100.00", "§ 643a.7(f)"),
                 paytable=PaytableChoice("", "§ 643a.12(c)", help="D, E and F pay the mini-royal apart"),
                 returns=Dealt(counting.three_card_hands)),
        WagerDef("three_card_progressive", "Three-Card Progressive Payout Wager", "§ 643a.7(g)",
                 judged_on="the player's three cards", paytable=PaytableChoice("", "§ 643a.12(d)(1)"),
                 progressive=Progressive("§ 643a.2(d)", envy="three_card_progressive_envy",
                                         envy_label="Three-Card Envy Bonus", envy_section="§ 643a.12(d)(5)"),
                 returns=Dealt(counting.three_card_hands)),
        WagerDef("five_card_progressive", "Five-Card Progressive Payout Wager", "§ 643a.7(h)",
                 judged_on="the player's three cards and the two community cards",
                 paytable=PaytableChoice("", "§ 643a.12(e)(1)", help="B, C and D have mega, major and minor meters"),
                 progressive=Progressive("§ 643a.2(d)", envy="five_card_progressive_envy",
                                         envy_label="Five-Card Envy Bonus", envy_section="§ 643a.12(e)(5)"),
                 returns=FIVE),
        WagerDef("five_card_hand_bonus", "Five Card Hand Bonus Wager", "§ 643a.7(i)",
                 judged_on="the player's three cards and the two community cards", returns=FIVE,
                 progressive=Progressive("§ 643a.2(e)")),
        WagerDef("six_card_bonus", "Six Card Bonus Wager", "§ 643a.7(j)",
                 judged_on="the player's three cards and the three Six Card Bonus cards",
                 limits=Limits("1.00", "100.00", "§ 643a.7(j)"),
                 paytable=PaytableChoice("", "§ 643a.12(g)", help="E pays the six-card royal flush apart"),
                 returns=Dealt(counting.six_card_hands)),
    )
    own_rules: dict[str, Any] = {
        # Five Card Bonus Wagers taken by a table game system are collected at "no more bets" (§ 643a.8(b)(1)).
        "five_card_bonus_table_game_system": False,
        "payout_limit": "",  # § 643a.12(h): optional; "" for none
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count (§ 643a.8(f))
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
        "lucky_positions": "all",
    }
    own_options = (
        LUCKY_POSITIONS,
        RuleOption("five_card_bonus_table_game_system", "Five Card Bonus Wagers taken by a table game system",
                   "bool", "§ 643a.8(b)(1)", help="The dealer collects them before the deal and pays a win in full"),
        RuleOption("payout_limit", "Payout limit per hand on the Let It Ride Wagers", "money", "§ 643a.12(h)",
                   help="Empty for none; else at least $50,000 or the most one patron can win betting the minimum"),
    )
    irregularities = DEAL_AT_ONCE_IRREGULARITIES
    MULTIPLE_FACE_UP = DEAL_AT_ONCE_MULTIPLE_FACE_UP

    # -- rules ----------------------------------------------------------------------------------

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """§ 643a.12(h): what one patron could win in a round betting the minimum.

        The limit covers only the Let It Ride Wagers, so the most is theirs: the three bets at the
        minimum, all let ride, paid the paytable's top row (a royal flush, 1,000 to 1 on A).  The side
        wagers are outside the limit and do not raise its floor.
        """
        table = paytable(self.slug, "bet3", rules["let_it_ride_paytable"])
        return len(BETS) * max(row.payout.winnings(parse_dollars(rules["min_bet"])) for row in table.rows)

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        sides = [self.wager_label(w) for w in SIDE_WAGERS if rules[f"{w}_paytable"]]
        sides += [f"{self.wager_label(feed.wager)} of {dollars(feed.amount)}"
                  for feed in progressive.attachments(rules).values() if not feed.down]
        offered = f"; optional {', '.join(sides)}" if sides else ""
        return [
            ThreeEqualBets("wagers", self.dealing.cite(self.dealing.announce, method),
                           f"Wagers are placed (Bet 1, Bet 2 and Bet 3, equal{offered}). Announce \"no more bets\"."
                           + self.table_game_system_text(rules, method),
                           "Place each seat's wagers: a seat plays with three equal wagers, Bet 1, Bet 2 and Bet 3."),
            SystemDraw("magic_draw", "§ 643a.2(e)", "The table game system draws the Magic Card and the Lucky "
                       "position before any card is dealt.", applies=_hand_bonus_at_table, dealer=False),
            LetItRideDeal("deal", self.dealing.cite(self.dealing.deal, method), self.deal_texts(method)),
            *self.stub_count_steps(rules),
            PullOrRide("bet1_decision", "§ 643a.11(b)", "bet1", "§ 643a.11(b)(2)"),
            ZoneCards("first_community_card", "§ 643a.11(c)",
                      "Turn the community card on your left face up and place it to the right of the "
                      "other: enter it (the first community card).", 1),
            PullOrRide("bet2_decision", "§ 643a.11(d)", "bet2", "§ 643a.11(d)(2)"),
            ZoneCards("second_community_card", "§ 643a.11(e)", "Every player's cards are now face down on the "
                      "layout, not to be touched again (§ 643a.11(a)(3)). Turn the second community card face up: "
                      "enter it.", 1).said_next("turn the second community card face up"),
            # § 643a.11(g)(6): the Six Card Bonus cards are turned once the first seat with that
            # wager has its Let It Ride and other bonus wagers settled.
            SettleSeats("settle", "§ 643a.11(f)",
                        "Turn seat {seat}'s three cards face up and settle its wagers, right to left.",
                        eligible=plays, cards_each=3,
                        reveal=ZoneCards("six_card_bonus_cards", "§ 643a.11(g)(6)",
                                         "turn the three Six Card Bonus cards face up: enter them (they settle "
                                         "every Six Card Bonus Wager).", 3, zone="six_card_bonus",
                                         what="the Six Card Bonus cards", turned="Six Card Bonus cards turned"),
                        reveal_for=lambda rnd, seat: "six_card_bonus" in seat.wagers),
            SettlementPass("envy", "§ 643a.11(g)(4)(v)" if progressive.attachment(rules, "five_card_progressive")
                           else "§ 643a.11(g)(3)(v)",
                           "Pay the Envy Bonuses: each Progressive Payout Wager is paid for every other player's "
                           "qualifying hand (never its own).", label="Envy Bonuses paid",
                           applies=lambda rnd: bool(rnd.game.envy(rnd))),
            Close("close", "§ 643a.11(h)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]

    def table_game_system_text(self, rules: Mapping[str, Any], method: str) -> str:
        """§ 643a.8(b)(1), § 643a.9(a)(3)(i), § 643a.10(a)(2)(i): with a table game system the Five Card
        Bonus Wagers are collected, counted against the system and dropped before any card is dealt;
        (b)(2), (ii): the Progressive Payout Wagers likewise, once the progressive system locks them out."""
        text = ""
        announce = self.dealing.cite(self.dealing.announce, method)
        manual = method == "manual_shoe"
        if rules["five_card_bonus_paytable"] and rules["five_card_bonus_table_game_system"]:
            text += (" Then collect the Five Card Bonus Wagers, check on the layout in front of the table inventory "
                     "container that the chips match the wagers the table game system accepted, and drop them "
                     f"({announce}{'(1)' if manual else '(i)'}).")
        feeds = {feed.wager for feed in progressive.attachments(rules).values() if not feed.down}
        if feeds - {"five_card_hand_bonus"}:
            text += (" Lock out the Progressive Payout Wagers on the progressive table game system, collect them, "
                     "check that the chips match the wagers it accepted, and drop them "
                     f"({announce}{'(2)' if manual else '(ii)'}).")
        if "five_card_hand_bonus" in feeds:
            # Placed on each position's electronic wagering system, not in chips (§ 643a.2(e)).
            text += (" Lock out the Five Card Hand Bonus Wagers on the electronic wagering system "
                     f"({announce}{'(3)' if manual else '(iii)'}).")
        return text

    @staticmethod
    def deal_texts(method: str) -> tuple[str, str]:
        """The deal's prompt without and with Six Card Bonus cards, for each dealing method."""
        one_by_one = ("one card at a time face down, clockwise from the dealer's left: one to seats {seats}, "
                      "one to the community area, a second to each seat, a second community card to the right "
                      "of the first, a third to each seat.")
        six_first = "Deal three cards face down to the Six Card Bonus area, then "
        stacks = ("Deliver a stack of three cards face down to seats {seats}, clockwise from the dealer's left, "
                  "then a stack of three to the community area, top card to your right; discard the card on "
                  "your left unseen.")
        six_last = " Then place the next stack of three on the Six Card Bonus area."
        match method:
            case "manual_shoe" | "hand":
                source = "shoe" if method == "manual_shoe" else "hand"
                return (f"Deal from the {source} " + one_by_one, six_first + f"from the {source} " + one_by_one)
            case "automated_shoe":
                return stacks, stacks + six_last
            case _:
                reshuffling = ("The shoe may dispense the two community cards first (place them face down in the "
                               "community area); deliver a stack of three cards face down to seats {seats}, "
                               "clockwise from the dealer's left.")
                return reshuffling, reshuffling + six_last

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode: the virtual shoe deals in the order of the table's dealing method.

        Manual shoe and hand (§ 643a.8(d), § 643a.9(b)): the Six Card Bonus cards first, then one card
        at a time around the table, a community card after the first and the second round.  Automated
        shoe (§ 643a.10(b)): a stack of three to each seat, a stack of three for the community area whose
        bottom card (on the dealer's left) is discarded unseen, then the Six Card Bonus stack.  Reshuffling
        shoe (§ 643a.10(g)): the two community cards first, then the seats' stacks and the Six Card Bonus stack.
        """
        method = rnd.rules["dealing_method"]

        def draw(count: int = 1) -> list[str]:
            return [card.code for card in rnd.shoe.draw(count)]

        seats = [f"seat:{n}" for n in rnd.playing_seats()]
        hands: dict[str, list[str]] = {target: [] for target in seats}
        six_cards: list[str] = []
        community: list[str] = []
        if method in ("manual_shoe", "hand"):
            if six_card_bonus_placed(rnd):
                six_cards = draw(3)
            for turn in range(3):
                for target in seats:
                    hands[target] += draw()
                if turn < 2:
                    community += draw()
        else:
            if method == "reshuffling_shoe":
                community = draw(2)
            for target in seats:
                hands[target] = draw(3)
            if method == "automated_shoe":
                community = draw(3)[1:]  # the bottom card of the stack goes to the discard rack unseen
            if six_card_bonus_placed(rnd):
                six_cards = draw(3)
        return {**hands, "board": community, **({"six_card_bonus": six_cards} if six_cards else {})}

    # -- irregularities -------------------------------------------------------------------------

    def multiple_face_up(self, rnd: RoundState) -> Irregularity:
        return self.MULTIPLE_FACE_UP

    # -- settlement -----------------------------------------------------------------------------

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 643a.11(f)-(g): the Let It Ride Wagers first, then the side wagers in the order of (g)."""
        return settlement.settle(self, rnd, seat)

    def settle_after_reveal(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 643a.11(g)(6): last, the Six Card Bonus Wager on the three Six Card Bonus cards."""
        return settlement.after_reveal(self, rnd, seat)

    def envy(self, rnd: RoundState) -> list[SettlementLine]:
        """§ 643a.11(g)(3)(v), (4)(v): the Envy Bonuses, once every seat is settled."""
        return settlement.envy(self, rnd)

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        return self.envy(rnd)


GAME = LetItRide()
