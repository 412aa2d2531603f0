"""Texas Hold 'Em Bonus Poker, Chapter 647a.

Each player plays an Ante against the dealer, then a Flop Wager (twice the Ante) or folds,
then may add a Turn and a River Wager (each equal to the Ante) or check.  The optional Texas
Hold 'Em Bonus Wager pays on the player's first two cards alone (§ 647a.12(b)).  The optional
Progressive Payout Wager (§ 647a.7(d)(3)) is offered while a progressive meter feeds the table: it
pays on the player's two cards and the three-card Flop, a royal or straight flush a share of the
meter at the player's turn (§ 647a.12(d)(4)), and its wagerers an Envy Bonus for each other
player's straight flush or better (§ 647a.11(i)(5)).  The optional Five Card Hand Bonus Wager on
the player's hand (§ 647a.7(d)(4)), taken and paid by an electronic wagering system, is offered
while a meter feeds it: the table game system draws a Magic Card and a Lucky position before the
deal (§ 647a.1), and the wager is settled after the Progressive Payout Wager (§ 647a.11(j)).  The
same wager on the dealer's hand, whose jackpot is divided among its wagerers (§ 647a.12(e)(2)), is
not offered yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import LUCKY_POSITIONS, BankedPoker, DealingSections, paytable_line
from games.engine.core import (
    DECISION,
    LOSE,
    PUSH,
    RETURNED,
    WIN,
    Betting,
    Close,
    Deal,
    Irregularity,
    Option,
    Refused,
    RoundState,
    RuleOption,
    Seat,
    SeatDecision,
    SettlementLine,
    SettlementPass,
    SettleSeats,
    Step,
    SystemDraw,
    ZoneCards,
    progressive,
)
from games.engine.core.progressive import Progressive
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import Category, counting, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.hands.high import HighHand
from games.engine.hands.two_card import holdem_bonus_hand
from games.engine.money import EVEN_MONEY, Cents, dollars, parse_dollars
from games.engine.paytables import paytable
from games.engine.return_models import Dealt, two_card_counts

ANTE_THRESHOLDS = {"straight": Category.STRAIGHT, "flush": Category.FLUSH}
MAIN_WAGERS = ("ante", "flop", "turn", "river")


def _has_flop_wager(rnd: RoundState, seat: Seat) -> bool:
    return "flop" in seat.wagers


def _folded_with_bonus(rnd: RoundState, seat: Seat) -> bool:
    return seat.folded and "bonus" in seat.wagers


def _progressive_at_table(rnd: RoundState) -> bool:
    return any("progressive" in seat.wagers for seat in rnd.seats.values())


# The Five Card Hand Bonus Wagers, on the player's hand and on the dealer's (§ 647a.7(d)(4)).
HAND_BONUSES = ("five_card_hand_bonus", "five_card_hand_bonus_dealer")


def _has_hand_bonus(seat: Seat) -> bool:
    return any(wager in seat.wagers for wager in HAND_BONUSES)


def _hand_bonus_at_table(rnd: RoundState) -> bool:
    return any(_has_hand_bonus(seat) for seat in rnd.seats.values())


def _folded_kept_for_progressive(rnd: RoundState, seat: Seat) -> bool:
    """A folded seat without a Bonus Wager whose cards stay on the table: for its own Progressive
    Payout Wager's Envy Bonuses (§ 647a.11(b)(2)(i)(B)) or Five Card Hand Bonus Wager ((b)(2)(i)(C)),
    or because another player placed a Progressive Payout Wager (§ 647a.11(b)(2)(ii)): its hand
    may be an Envy Bonus Qualifying Hand."""
    return seat.folded and "bonus" not in seat.wagers and (
        _progressive_at_table(rnd) or _has_hand_bonus(seat))


def _hands_in_play(rnd: RoundState) -> bool:
    """Whether any seat still plays against the dealer.  Once every seat has folded the Turn and the
    River are still dealt (§ 647a.8(e), § 647a.11(e), (g)), but no wager is decided on them."""
    return any(not rnd.seats[n].folded for n in rnd.playing_seats())


def _flop_needed(rnd: RoundState) -> bool:
    """The Flop decides the hands in play, and the Progressive Payout and Envy Bonus Qualifying Hands,
    which are the two cards and the three-card Flop (§ 647a.11(i)), folded players' included."""
    return _hands_in_play(rnd) or _progressive_at_table(rnd) or _hand_bonus_at_table(rnd)


def _dealer_cards_needed(rnd: RoundState) -> bool:
    """The dealer's cards decide the hands in play, Paytable A's "Ace-ace (dealer and player)" row of
    the Bonus Wagers of folded seats, and the Five Card Hand Bonus Wagers on the dealer's hand."""
    return _hands_in_play(rnd) or (rnd.game.pays_on_dealer_cards(rnd.rules)
                                   and any("bonus" in seat.wagers for seat in rnd.seats.values())) \
        or any("five_card_hand_bonus_dealer" in seat.wagers for seat in rnd.seats.values())


class TexasHoldemBonus(BankedPoker):
    slug = "texas-holdem-bonus"
    name = "Texas Hold 'Em Bonus Poker"
    chapter = "647a"
    seat_count = 6  # § 647a.2(a)
    table_section = "§ 647a.2(a)"
    wager_section = "§ 647a.7(d)"
    # § 647a.8 manual dealing shoe, § 647a.9 from the hand, § 647a.10 automated dealing shoe,
    # § 647a.10(g) an automated shoe that reshuffles and may dispense the community cards first.
    dealing = DealingSections(
        "647a",
        announce={"manual_shoe": "8(b)", "hand": "9(b)", "automated_shoe": "10(a)(2)", "reshuffling_shoe": "10(a)(2)"},
        deal={"manual_shoe": "8(d)", "hand": "9(b)", "automated_shoe": "10(b)", "reshuffling_shoe": "10(g)"},
        stub_count={"manual_shoe": "8(f)", "hand": "9(d)", "automated_shoe": "10(d)"},
        misdeal={"manual_shoe": "8(h)", "hand": "9(f)", "automated_shoe": "10(f)"},
    )
    # § 647a.12(c): the limit is $50,000 or the most one patron could win betting the minimum,
    # whichever is greater; the chapter fixes it, so it is derived, not a table's option.
    payout_limit_section = "§ 647a.12(c)"
    payout_limit_fixed = True
    wagers = (
        WagerDef("ante", "Ante", "§ 647a.7(d)(1)", required=True, capped=True,
                 limits=Limits("5.00", "500.00", "§ 647a.7")),
        WagerDef("flop", "Flop Wager", "§ 647a.11(b)", placed=BY_DECISION, capped=True),
        WagerDef("turn", "Turn Wager", "§ 647a.11(d)", placed=BY_DECISION, capped=True),
        WagerDef("river", "River Wager", "§ 647a.11(f)", placed=BY_DECISION, capped=True),
        WagerDef("bonus", "Texas Hold 'Em Bonus Wager", "§ 647a.7(d)(2)", capped=True, survives_fold=True,
                 judged_on="the player's two cards (and, on Paytable A, the dealer's)",
                 limits=Limits("1.00", "100.00", "§ 647a.7", label="Bonus Wager"),
                 paytable=PaytableChoice("A", "§ 647a.12(b)"),
                 returns=Dealt(two_card_counts(holdem_bonus_hand, with_dealer=True))),
        WagerDef("progressive", "Progressive Payout Wager", "§ 647a.7(d)(3)", survives_fold=True,
                 judged_on="the player's two cards and the three-card Flop",
                 returns=Dealt(counting.five_card_hands, "Assumes the player makes the Flop Wager (a fold is not "
                                                         "eligible, § 647a.11(b)(2)(i)(B))."),
                 progressive=Progressive("§ 647a.2(c)", envy="progressive_envy", envy_label="Envy Bonus",
                                         envy_section="§ 647a.12(d)(5)")),
        WagerDef("five_card_hand_bonus", "Five Card Hand Bonus Wager", "§ 647a.7(d)(4)", survives_fold=True,
                 judged_on="the player's two cards and the three-card Flop", returns=Dealt(counting.five_card_hands),
                 progressive=Progressive("§ 647a.2(d)")),
        # The same wager on the dealer's hand, placed besides or instead of the one on the player's
        # (§ 647a.7(d)(4)); it feeds the same meter and is paid on the same table (§ 647a.12(e)(2)), so
        # the return report values that table once, under the player's wager.
        WagerDef("five_card_hand_bonus_dealer", "Five Card Hand Bonus Wager on the dealer's hand", "§ 647a.7(d)(4)",
                 survives_fold=True, judged_on="the dealer's two cards and the three-card Flop",
                 progressive=Progressive("§ 647a.2(d)", same_meter_as="five_card_hand_bonus")),
    )
    # Lines that are no wager of their own: the Magic Card and Lucky Bonuses a Five Card Hand Bonus
    # Wager is paid besides its hand (§ 647a.12(e)(3)), on the player's hand or the dealer's.
    line_labels = {"magic_card_bonus": "Magic Card Bonus", "lucky_bonus": "Lucky Bonus",
                   "magic_card_bonus_dealer": "Magic Card Bonus on the dealer's hand",
                   "lucky_bonus_dealer": "Lucky Bonus on the dealer's hand"}
    own_rules: dict[str, Any] = {
        "ante_returned_below": "straight",  # § 647a.11(h)(2)(ii)
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count (§ 647a.8(f))
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
        "lucky_positions": "all",
    }
    own_options = (
        LUCKY_POSITIONS,
        RuleOption("ante_returned_below", "Ante returned when the winning hand is below", "choice",
                   "§ 647a.11(h)(2)(ii)", (("straight", "a straight"), ("flush", "a flush"))),
    )
    irregularities = {
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

    def check_rules(self, merged: Mapping[str, Any]) -> None:
        super().check_rules(merged)
        if merged["ante_returned_below"] not in ANTE_THRESHOLDS:
            raise Refused("The Ante is returned on a winning hand below a straight or below a flush "
                          f"('straight' or 'flush'), not {merged['ante_returned_below']!r}", "§ 647a.11(h)(2)(ii)")

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """§ 647a.12(c): what one patron could win in a round betting the minimum.

        Betting the minimum Ante m, the Flop Wager is 2m and the Turn and River m each; all four
        win at 1 to 1 (5m), and the Bonus Wager at its minimum may win its top row at the same time.
        """
        ante = parse_dollars(rules["min_ante"])
        most = EVEN_MONEY.winnings(ante) * 5
        if rules["bonus_paytable"]:
            table = paytable(self.slug, "bonus", rules["bonus_paytable"])
            most += max(row.payout.winnings(parse_dollars(rules["min_bonus"])) for row in table.rows)
        return most

    def pays_on_dealer_cards(self, rules: Mapping[str, Any]) -> bool:
        """Paytable A's "Ace-ace (dealer and player)" row pays a Bonus Wager on the dealer's cards too."""
        letter = rules["bonus_paytable"]
        return bool(letter) and paytable(self.slug, "bonus", letter).row("ace_ace_dealer_and_player") is not None

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        bonus = " and optional Texas Hold 'Em Bonus Wager" if rules["bonus_paytable"] else ""
        closing = ""
        feed = progressive.attachment(rules, "progressive")
        if feed is not None and not feed.down:
            bonus += f", Progressive Payout Wager of {dollars(feed.amount)}"
            # § 647a.9(b): the system locks out further Progressive Payout Wagers, and the dealer
            # collects them into the table inventory container, checking their count.
            closing = (" Lock out the Progressive Payout Wagers on the progressive table game system, then "
                       "collect them into the table inventory container, checking that the chips match the "
                       "wagers it accepted.")
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
        burn = 0 if method == "reshuffling_shoe" else 1
        burn_text = "Burn one card, then deal" if burn else "Turn"
        # § 647a.10(c): after the stacks, the rest of the cards leave the automated shoe and the
        # community cards are dealt from the hand.
        take_out = ("Take the remaining cards out of the shoe and deal the community cards from your hand "
                    "(§ 647a.10(c)). " if method == "automated_shoe" else "")
        ante = self.wager_label("ante")
        return [
            Betting("wagers", self.dealing.cite(self.dealing.announce, method),
                    f"Wagers are placed (Ante{bonus}). Announce \"no more bets\".{closing}"),
            SystemDraw("magic_draw", "§ 647a.2(d)", "The table game system draws the Magic Card and the Lucky "
                       "position before any card is dealt.", applies=_hand_bonus_at_table),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), deal_text, cards_each=2, zones={"dealer": 2}),
            SeatDecision("flop_decision", "§ 647a.11(b)", (
                Option("flop", "Flop Wager", wager="flop", amount=lambda rnd, seat: 2 * seat.wagers["ante"],
                       rule=f"twice the {ante}", section="§ 647a.11(b)"),
                Option("fold", "Fold", folds=True),
            ), eligible=lambda rnd, seat: "ante" in seat.wagers),
            ZoneCards("flop", "§ 647a.11(c)", f"{take_out}{burn_text} the Flop face up: enter its three cards.", 3,
                      burn=burn, decides=_flop_needed),
            SeatDecision("turn_decision", "§ 647a.11(d)", (
                Option("turn", "Turn Wager", wager="turn", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule=f"equal to the {ante}", section="§ 647a.11(d)"),
                Option("check", "Check"),
            ), eligible=_has_flop_wager),
            ZoneCards("turn", "§ 647a.11(e)", f"{burn_text} the Turn card face up: enter it.", 1, burn=burn,
                      decides=_hands_in_play),
            SeatDecision("river_decision", "§ 647a.11(f)", (
                Option("river", "River Wager", wager="river", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule=f"equal to the {ante}", section="§ 647a.11(f)"),
                Option("check", "Check"),
            ), eligible=_has_flop_wager),
            ZoneCards("river", "§ 647a.11(g)", f"{burn_text} the River card face up: enter it.", 1, burn=burn,
                      decides=_hands_in_play),
            *self.stub_count_steps(rules),
            ZoneCards("reveal", "§ 647a.11(h)", "Remove the cover card and turn the dealer's two cards face up: "
                      "enter them.", 2, zone="dealer", decides=_dealer_cards_needed),
            SettleSeats("settle", "§ 647a.11(h)",
                        "Turn seat {seat}'s two cards face up and settle its wagers, right to left.",
                        eligible=_has_flop_wager),
            SettleSeats("settle_bonus", "§ 647a.11(b)(2)(i)(A)",
                        "Folded seat {seat}: turn its cards from under the Bonus Wager and settle it.",
                        eligible=_folded_with_bonus).said_next(
                "turn each folded seat's cards from under its Bonus Wager and settle it"),
            SettleSeats("settle_folded", "§ 647a.11(b)(2)(i)(B)",
                        "Folded seat {seat}: turn its cards, kept face down on the table for the Progressive "
                        "Payout Wagers, and settle it.", eligible=_folded_kept_for_progressive).said_next(
                "turn each folded seat's cards, kept for the Progressive Payout Wagers, and settle it"),
            SettlementPass("envy", "§ 647a.11(i)(5)", "Pay the Envy Bonuses: each Progressive Payout Wager is "
                           "paid for every other player's straight flush or better (never its own, never the "
                           "dealer's).", label="Envy Bonuses paid", applies=lambda rnd: bool(rnd.game.envy(rnd))),
            Close("close", "§ 647a.11(k)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "dealer_card_exposed":
            decisions_done = all(step.done(rnd) for step in rnd.steps if isinstance(step, SeatDecision))
            if decisions_done:
                raise Refused("§ 647a.13(d) applies only to a dealer's card exposed after the deal and before "
                              "every player has folded or made the Flop, Turn and River decisions",
                              irregularity.section)
        if irregularity.kind == "card_face_up" and (len(rnd.board) == 5 or "river" in rnd.completed_steps):
            # § 647a.13(a) is about a card found face up "while the cards are being dealt".
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    def void_steps(self, rnd: RoundState) -> list[Step]:
        # Paytable A's "Ace-ace (dealer and player)" row pays on the dealer's cards too.
        if "bonus" not in rnd.void.surviving_wagers or not self.pays_on_dealer_cards(rnd.rules):
            return []
        if not any("bonus" in seat.wagers for seat in rnd.seats.values()):
            return []
        return [ZoneCards("void_dealer_cards", rnd.void.section,
                          "Void: turn the dealer's two cards face up and enter them; the Bonus Wager's "
                          "'Ace-ace (dealer and player)' pays on them too.", 2, zone="dealer",
                          applies=lambda rnd: not rnd.dealer_shown)]

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 647a.11(b)(2): the Ante is collected; the cards wait under a Bonus Wager, or on the table
        while a Progressive Payout Wager is unsettled, else go to the rack."""
        if "bonus" in seat.wagers:
            cards = "place the cards face down under the Bonus Wager (§ 647a.11(b)(2)(i)(A))"
        elif "progressive" in seat.wagers:
            cards = ("not eligible for a Progressive Payout; the cards stay face down on the table for the "
                     "Envy Bonuses (§ 647a.11(b)(2)(i)(B))")
        elif _has_hand_bonus(seat):
            cards = ("the cards stay face down on the table for the Five Card Hand Bonus Wager "
                     "(§ 647a.11(b)(2)(i)(C))")
        elif _progressive_at_table(rnd):
            cards = ("the cards stay on the table: another player placed a Progressive Payout Wager "
                     "(§ 647a.11(b)(2)(ii))")
        else:
            cards = "cards to the discard rack (§ 647a.11(b)(2)(ii))"
        return [SettlementLine(seat.number, "ante", seat.wagers["ante"], LOSE, seat.wagers["ante"],
                               "§ 647a.11(b)(2)", note=f"Folded: Ante collected; {cards}", stage=DECISION)]

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        lines: list[SettlementLine] = []
        if not seat.folded:
            player = high_hand(seat.cards + rnd.board)
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
        lines += self.cap(rnd, seat, lines, "the Ante, Flop, Turn, River and Bonus Wagers")
        if "progressive" in seat.wagers:
            lines += self.settle_progressive(rnd, seat)
        if "five_card_hand_bonus" in seat.wagers:
            lines += self.settle_hand_bonus(rnd, seat)
        if "five_card_hand_bonus_dealer" in seat.wagers:
            lines += self.settle_dealer_hand_bonus(rnd, seat)
        return lines

    def settle_hand_bonus(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 647a.11(j), § 647a.12(e): the Five Card Hand Bonus on the player's two cards and the Flop,
        a folded player's too, then the Magic Card and Lucky Bonuses on it."""
        hand, shown = self.progressive_hand(rnd, seat)
        return progressive.hand_bonus(rnd, seat, self.wager("five_card_hand_bonus"), hand.slugs, shown,
                                      [*seat.cards, *rnd.board[:3]], position=seat.number,
                                      losing_section="§ 647a.11(j)", turn_section="§ 647a.12(e)(1)")

    def settle_dealer_hand_bonus(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 647a.12(e)(2): the Five Card Hand Bonus on the dealer's two cards and the Flop.  A share of
        the meter won on the dealer's hand is one jackpot divided equally among every player who
        wagered on it: it is claimed once, at the first such player's turn, for all of them still owed
        it; each is paid the other bonuses at their own turn."""
        slug = "five_card_hand_bonus_dealer"
        flop = rnd.board[:3]
        hand = high_hand([*rnd.dealer_cards, *flop])
        shown = (f"Dealer's {hand.name[:1].lower()}{hand.name[1:]} ({' '.join(c.code for c in rnd.dealer_cards)} + "
                 f"{' '.join(c.code for c in flop)})")
        wagerers = [n for n in rnd.seats_in_order("counterclockwise") if slug in rnd.seats[n].wagers]
        claimed = {n for c in rnd.claims if c.wager == slug and c.pending for n in c.shared_by}
        paid = {line.seat for line in rnd.lines if line.wager == slug}
        owed = tuple(n for n in wagerers if n not in claimed | paid)
        return progressive.hand_bonus(rnd, seat, self.wager(slug), hand.slugs, shown, [*rnd.dealer_cards, *flop],
                                      position="dealer", losing_section="§ 647a.11(j)",
                                      turn_section="§ 647a.12(e)(2)", shared_by=owed, divisor=len(wagerers),
                                      settled=seat.number in claimed | paid)

    def progressive_hand(self, rnd: RoundState, seat: Seat) -> tuple[HighHand, str]:
        """§ 647a.11(i): the Progressive Payout Wager is decided by the player's two cards and the
        three-card Flop, whatever the dealer holds."""
        flop = rnd.board[:3]
        hand = high_hand(seat.cards + flop)
        return hand, f"{hand.name} ({' '.join(c.code for c in seat.cards)} + {' '.join(c.code for c in flop)})"

    def settle_progressive(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 647a.11(i)(1)-(4), after the Bonus Wager; a folded player is not eligible (§ 647a.11(b)(2)(i)(B))."""
        wager = self.wager("progressive")
        stake = seat.wagers["progressive"]
        if seat.folded:
            return [SettlementLine(seat.number, "progressive", stake, LOSE, stake, "§ 647a.11(b)(2)(i)(B)",
                                   stake_collected=True, note="Folded: not eligible for a Progressive Payout; "
                                                              "the seat's Envy Bonuses are still paid")]
        hand, shown = self.progressive_hand(rnd, seat)
        table = progressive.wager_paytable(self, rnd.rules, wager)
        line = progressive.settle(rnd, seat, wager, table, hand.slugs, shown, losing_section="§ 647a.11(i)",
                                  turn_section="§ 647a.12(d)(4)")
        return [line] if line is not None else []

    def envy(self, rnd: RoundState) -> list[SettlementLine]:
        """§ 647a.11(i)(5), § 647a.12(d)(5): the Envy Bonuses, once every hand at the table is known.

        An Envy Bonus Qualifying Hand (§ 647a.1) is read on the same five cards as the Progressive
        Payout Hand it goes with, the player's two cards and the three-card Flop (§ 647a.11(i)), and
        any player's counts, a folded one's too: § 647a.11(b)(2) keeps a folded player's cards on the
        table "pending the resolution" of the Progressive Payout Wagers.
        """
        if not _progressive_at_table(rnd):
            return []
        qualifying = {}
        for number in rnd.playing_seats():
            seat = rnd.seats[number]
            if not seat.cards or len(rnd.board) < 3:
                continue
            hand, shown = self.progressive_hand(rnd, seat)
            if hand.category >= Category.STRAIGHT_FLUSH:
                qualifying[number] = (hand.slugs[0], shown)
        return progressive.envy_lines(rnd, self.wager("progressive"), qualifying,
                                      rnd.seats_in_order("counterclockwise"))

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        return self.envy(rnd)

    def settle_bonus(self, rnd: RoundState, seat: Seat) -> SettlementLine:
        """§ 647a.11(h)(3): the Bonus Wager is decided by the player's two cards alone."""
        table = paytable(self.slug, "bonus", rnd.rules["bonus_paytable"])
        hand = holdem_bonus_hand(seat.cards, rnd.dealer_cards)
        row = table.row(hand) if hand else None
        if row is None and hand == "ace_ace_dealer_and_player":
            row = table.row("ace_ace")  # Paytable B has no dealer-and-player row
        return paytable_line(seat, "bonus", table, row, " ".join(card.code for card in seat.cards))

    def settle_surviving(self, rnd: RoundState, seat: Seat, wager: str) -> SettlementLine:
        return self.settle_bonus(rnd, seat)  # the Bonus Wager is the only one a void leaves


GAME = TexasHoldemBonus()
