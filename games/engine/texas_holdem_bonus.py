"""Texas Hold 'Em Bonus Poker, Chapter 647a.

Each player plays an Ante against the dealer, then a Flop Wager (twice the Ante) or folds,
then may add a Turn and a River Wager (each equal to the Ante) or check.  The optional Texas
Hold 'Em Bonus Wager pays on the player's first two cards alone (§ 647a.12(b)).  The
Progressive Payout and Five Card Hand Bonus Wagers need progressive meters and are not
offered by this module yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.hands import Category, high_hand
from games.engine.hands.high import against_dealer
from games.engine.hands.two_card import holdem_bonus_hand
from games.engine.money import EVEN_MONEY, Cents, dollars, parse_dollars
from games.engine.paytables import paytable
from games.engine.procedure import (
    CAPPED,
    LOSE,
    PUSH,
    RETURNED,
    WIN,
    Betting,
    Close,
    CommunityCards,
    Deal,
    DealerReveal,
    Game,
    Irregularity,
    Option,
    Refused,
    Round,
    RuleOption,
    Seat,
    SeatDecision,
    SettlementLine,
    SettleSeats,
    Step,
    StubCount,
    dealing_irregularities,
    dealing_options,
)

# § 647a.8 manual dealing shoe, § 647a.9 from the hand, § 647a.10 automated dealing shoe,
# § 647a.10(g) an automated shoe that reshuffles and may dispense the community cards first.
ANTE_THRESHOLDS = {"straight": Category.STRAIGHT, "flush": Category.FLUSH}
MAIN_WAGERS = ("ante", "flop", "turn", "river")
STATUTORY_PAYOUT_LIMIT = 5_000_000  # $50,000, § 647a.12(c)


def _has_flop_wager(rnd: Round, seat: Seat) -> bool:
    return "flop" in seat.wagers


def _folded_with_bonus(rnd: Round, seat: Seat) -> bool:
    return seat.folded and "bonus" in seat.wagers


class TexasHoldemBonus(Game):
    slug = "texas-holdem-bonus"
    name = "Texas Hold 'Em Bonus Poker"
    chapter = "647a"
    seat_count = 6  # § 647a.2(a)
    table_section = "§ 647a.2(a)"
    required_wager = "ante"
    wager_section = "§ 647a.7(d)"
    wager_labels = {
        "ante": "Ante",
        "flop": "Flop Wager",
        "turn": "Turn Wager",
        "river": "River Wager",
        "bonus": "Texas Hold 'Em Bonus Wager",
        "payout_limit": "Payout limit",
    }
    default_rules: dict[str, Any] = {
        "bonus_paytable": "A",  # "A", "B", or "" when the Bonus Wager is not offered (§ 647a.7(d)(2))
        "ante_returned_below": "straight",  # § 647a.11(h)(2)(ii)
        "min_ante": "5.00",
        "max_ante": "500.00",
        "min_bonus": "1.00",
        "max_bonus": "100.00",
        "payout_limit": "50000.00",  # § 647a.12(c)
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count (§ 647a.8(f))
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
    }
    rule_options = (
        RuleOption("bonus_paytable", "Texas Hold 'Em Bonus Wager", "choice", "§ 647a.12(b)",
                   (("A", "Paytable A"), ("B", "Paytable B"), ("", "Not offered")), paytable_wager="bonus"),
        RuleOption("ante_returned_below", "Ante returned when the winning hand is below", "choice",
                   "§ 647a.11(h)(2)(ii)", (("straight", "a straight"), ("flush", "a flush"))),
        RuleOption("min_ante", "Minimum Ante", "money", "§ 647a.7"),
        RuleOption("max_ante", "Maximum Ante", "money", "§ 647a.7"),
        RuleOption("min_bonus", "Minimum Bonus Wager", "money", "§ 647a.7"),
        RuleOption("max_bonus", "Maximum Bonus Wager", "money", "§ 647a.7"),
        RuleOption("payout_limit", "Aggregate payout limit per hand", "money", "§ 647a.12(c)",
                   help="At least $50,000 or the most one patron can win betting the minimum"),
        *dealing_options("647a", counting_shuffler_section="§ 647a.8(f)"),
    )
    irregularities = {
        **dealing_irregularities("647a", stub_section="§ 647a.8(h)"),
        "dealer_card_exposed": Irregularity(
            "dealer_card_exposed", "Dealer's card exposed before every decision was made", "§ 647a.13(d)",
            void=True, surviving_wagers=("bonus",)),
    }
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up while dealing", "§ 647a.13(a)", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up after the initial two cards", "§ 647a.13(a)",
        void=True, surviving_wagers=("bonus",))

    # -- rules ----------------------------------------------------------------------------------

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        merged = super().validate_rules(rules)
        if merged["bonus_paytable"] not in ("A", "B", ""):
            raise Refused(f"Texas Hold 'Em Bonus paytable must be A or B, not {merged['bonus_paytable']!r}",
                          "§ 647a.12(b)")
        if merged["ante_returned_below"] not in ANTE_THRESHOLDS:
            raise Refused("The Ante is returned on a winning hand below a straight or below a flush "
                          f"('straight' or 'flush'), not {merged['ante_returned_below']!r}", "§ 647a.11(h)(2)(ii)")
        self.validate_amounts(merged, limits={"ante": "§ 647a.7", "bonus": "§ 647a.7"},
                              payout_limit_section="§ 647a.12(c)")
        return merged

    def minimum_payout_limit(self, rules: Mapping[str, Any]) -> Cents:
        """§ 647a.12(c): $50,000, or what one patron could win in a round betting the minimum, if more.

        Betting the minimum Ante m, the Flop Wager is 2m and the Turn and River m each; all four
        win at 1 to 1 (5m), and the Bonus Wager at its minimum may win its top row at the same time.
        """
        ante = parse_dollars(rules["min_ante"])
        most = EVEN_MONEY.winnings(ante) * 5
        if rules["bonus_paytable"]:
            table = paytable(self.slug, "bonus", rules["bonus_paytable"])
            most += max(row.payout.winnings(parse_dollars(rules["min_bonus"])) for row in table.rows)
        return max(STATUTORY_PAYOUT_LIMIT, most)

    def betting_wagers(self, rules: Mapping[str, Any]) -> tuple[str, ...]:
        return ("ante", "bonus") if rules["bonus_paytable"] else ("ante",)

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        announce = {
            "manual_shoe": "§ 647a.8(b)", "hand": "§ 647a.9(b)",
            "automated_shoe": "§ 647a.10(a)(2)", "reshuffling_shoe": "§ 647a.10(a)(2)",
        }[method]
        bonus = " and optional Texas Hold 'Em Bonus Wager" if rules["bonus_paytable"] else ""
        deal_text = {
            "manual_shoe": "Deal one card at a time face down from the shoe, clockwise from the dealer's left, "
                           "to seats {seats} and to the dealer under the cover card, until each has two cards.",
            "hand": "Deal one card at a time face down from the hand, clockwise from the dealer's left, "
                    "to seats {seats} and to the dealer under the cover card, until each has two cards.",
            "automated_shoe": "Deliver a stack of two cards face down to seats {seats}, clockwise from the "
                              "dealer's left, then a stack of two under the cover card to the dealer.",
            "reshuffling_shoe": "The shoe may dispense the five community cards first; deliver a stack of two "
                                "cards face down to seats {seats}, clockwise from the dealer's left, then a stack "
                                "of two under the cover card to the dealer.",
        }[method]
        deal_section = {"manual_shoe": "§ 647a.8(d)", "hand": "§ 647a.9(b)",
                        "automated_shoe": "§ 647a.10(b)", "reshuffling_shoe": "§ 647a.10(g)"}[method]
        burn = 0 if method == "reshuffling_shoe" else 1
        burn_text = "Burn one card, then deal" if burn else "Turn"
        ante = self.wager_label("ante")
        steps: list[Step] = [
            Betting("wagers", announce,
                    f"Wagers are placed (Ante{bonus}). Announce \"no more bets\"."),
            Deal("deal", deal_section, deal_text, cards_each=2, dealer_cards=2),
            SeatDecision("flop_decision", "§ 647a.11(b)", (
                Option("flop", "Flop Wager", wager="flop", amount=lambda rnd, seat: 2 * seat.wagers["ante"],
                       rule=f"twice the {ante}", section="§ 647a.11(b)"),
                Option("fold", "Fold", folds=True),
            ), eligible=lambda rnd, seat: "ante" in seat.wagers),
            CommunityCards("flop", "§ 647a.11(c)", f"{burn_text} the Flop face up: enter its three cards.", 3, burn),
            SeatDecision("turn_decision", "§ 647a.11(d)", (
                Option("turn", "Turn Wager", wager="turn", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule=f"equal to the {ante}", section="§ 647a.11(d)"),
                Option("check", "Check"),
            ), eligible=_has_flop_wager),
            CommunityCards("turn", "§ 647a.11(e)", f"{burn_text} the Turn card face up: enter it.", 1, burn),
            SeatDecision("river_decision", "§ 647a.11(f)", (
                Option("river", "River Wager", wager="river", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule=f"equal to the {ante}", section="§ 647a.11(f)"),
                Option("check", "Check"),
            ), eligible=_has_flop_wager),
            CommunityCards("river", "§ 647a.11(g)", f"{burn_text} the River card face up: enter it.", 1, burn),
        ]
        if method != "reshuffling_shoe" and not rules["counting_shuffler"]:
            stub_section = {"manual_shoe": "§ 647a.8(f)", "hand": "§ 647a.9(d)",
                            "automated_shoe": "§ 647a.10(d)"}[method]
            misdeal_section = {"manual_shoe": "§ 647a.8(h)", "hand": "§ 647a.9(f)",
                               "automated_shoe": "§ 647a.10(f)"}[method]
            steps.append(StubCount("stub_count", stub_section,
                                    "Count the stub face down on the layout (due at least once every 5 rounds).",
                                    misdeal_section))
        steps += [
            DealerReveal("reveal", "§ 647a.11(h)",
                         "Remove the cover card and turn the dealer's two cards face up: enter them."),
            SettleSeats("settle", "§ 647a.11(h)",
                        "Turn seat {seat}'s two cards face up and settle its wagers, right to left.",
                        eligible=_has_flop_wager),
            SettleSeats("settle_bonus", "§ 647a.11(b)(2)(i)(A)",
                        "Folded seat {seat}: turn its cards from under the Bonus Wager and settle it.",
                        eligible=_folded_with_bonus),
            Close("close", "§ 647a.11(k)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]
        return steps

    def deal_from_shoe(self, rnd: Round, step: Deal) -> dict[str, list[str]]:
        """Training mode: one card at a time, clockwise, the dealer last, twice (§ 647a.8(d))."""
        hands: dict[str, list[str]] = {f"seat:{n}": [] for n in rnd.playing_seats()}
        hands["dealer"] = []
        for _ in range(2):
            for target in hands:
                hands[target].append(rnd.shoe.draw()[0].code)
        return hands

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: Round, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        if irregularity.kind == "dealer_card_exposed":
            decisions_done = all(step.done(rnd) for step in rnd.steps
                                 if isinstance(step, SeatDecision))
            if decisions_done:
                raise Refused("§ 647a.13(d) applies only to a dealer's card exposed after the deal and before "
                              "every player has folded or made the Flop, Turn and River decisions",
                              irregularity.section)
        if irregularity.kind == "card_face_up" and len(rnd.board) == 5:
            # § 647a.13(a) is about a card found face up "while the cards are being dealt".
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    def void_steps(self, rnd: Round) -> list[Step]:
        # Paytable A's "Ace-ace (dealer and player)" row pays on the dealer's cards too.
        if "bonus" not in rnd.void.surviving_wagers or not rnd.rules["bonus_paytable"]:
            return []
        has_row = paytable(self.slug, "bonus", rnd.rules["bonus_paytable"]).row("ace_ace_dealer_and_player")
        if has_row is None or not any("bonus" in seat.wagers for seat in rnd.seats.values()):
            return []
        return [DealerReveal("void_dealer_cards", rnd.void.section,
                             "Void: turn the dealer's two cards face up and enter them; the Bonus Wager's "
                             "'Ace-ace (dealer and player)' pays on them too.")]

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: Round, seat: Seat) -> list[SettlementLine]:
        return [SettlementLine(seat.number, "ante", seat.wagers["ante"], LOSE, seat.wagers["ante"],
                               "§ 647a.11(b)(2)", note="Folded: Ante collected", stage="decision")]

    def settle(self, rnd: Round, seat: Seat) -> list[SettlementLine]:
        lines: list[SettlementLine] = []
        player = high_hand(seat.cards + rnd.board)
        if not seat.folded:
            dealer = high_hand(rnd.dealer_cards + rnd.board)
            versus = against_dealer(player, dealer)
            threshold = ANTE_THRESHOLDS[rnd.rules["ante_returned_below"]]
            for wager in MAIN_WAGERS:
                stake = seat.wagers.get(wager)
                if stake is None:
                    continue
                if player.value < dealer.value:
                    lines.append(SettlementLine(seat.number, wager, stake, LOSE, stake, "§ 647a.11(h)(2)(i)",
                                                hand=versus))
                elif player.value == dealer.value:
                    lines.append(SettlementLine(seat.number, wager, stake, PUSH, 0, "§ 647a.11(h)(2)(iii)",
                                                hand=versus))
                elif wager == "ante" and player.category < threshold:
                    lines.append(SettlementLine(
                        seat.number, wager, stake, RETURNED, 0, "§ 647a.11(h)(2)(ii)", hand=versus,
                        note=f"Ante returned: the winning hand is below a {rnd.rules['ante_returned_below']}"))
                else:
                    lines.append(SettlementLine(seat.number, wager, stake, WIN, EVEN_MONEY.winnings(stake),
                                                "§ 647a.12(a)", odds=str(EVEN_MONEY), hand=versus))
        if "bonus" in seat.wagers:
            lines.append(self.settle_bonus(rnd, seat))
        return lines + self.payout_limit(rnd, seat, lines)

    def settle_bonus(self, rnd: Round, seat: Seat) -> SettlementLine:
        """§ 647a.11(h)(3): the Bonus Wager is decided by the player's two cards alone."""
        stake = seat.wagers["bonus"]
        table = paytable(self.slug, "bonus", rnd.rules["bonus_paytable"])
        hand = holdem_bonus_hand(seat.cards, rnd.dealer_cards)
        row = table.row(hand) if hand else None
        if row is None and hand == "ace_ace_dealer_and_player":
            row = table.row("ace_ace")  # Paytable B has no dealer-and-player row
        cards = " ".join(card.code for card in seat.cards)
        if row is None:
            return SettlementLine(seat.number, "bonus", stake, LOSE, stake, table.section,
                                  hand=f"{cards}: no paying hand on {table.title}")
        return SettlementLine(seat.number, "bonus", stake, WIN, row.payout.winnings(stake), table.section,
                              odds=str(row.payout), hand=f"{cards}: {row.label} ({table.title})")

    def payout_limit(self, rnd: Round, seat: Seat, lines: list[SettlementLine]) -> list[SettlementLine]:
        """§ 647a.12(c): the aggregate payout on Ante, Flop, Turn, River and Bonus Wagers of a hand is capped."""
        limit = parse_dollars(rnd.rules["payout_limit"])
        covered = sum(line.amount for line in lines if line.outcome == WIN and line.wager in (*MAIN_WAGERS, "bonus"))
        if covered <= limit:
            return []
        return [SettlementLine(seat.number, "payout_limit", 0, CAPPED, limit - covered, "§ 647a.12(c)",
                               note=f"Winnings of {dollars(covered)} on the Ante, Flop, Turn, River and Bonus "
                                    f"Wagers are capped at the table's payout limit of {dollars(limit)}")]

    def settle_surviving(self, rnd: Round, seat: Seat, wager: str) -> SettlementLine:
        return self.settle_bonus(rnd, seat)  # the Bonus Wager is the only one a void leaves


GAME = TexasHoldemBonus()
