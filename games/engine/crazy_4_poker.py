"""Crazy 4 Poker, Chapter 657a.

Each player places an Ante and a Super Bonus Wager of the same amount (§ 657a.7(d)(1)), and may
add a Queens Up Wager (§ 657a.7(d)(2)) and, where a progressive table game system feeds them, a
Four-Card or Five-Card Progressive Payout Wager (§ 657a.7(d)(3)-(4)).  Player and dealer are
dealt five cards each and play the best four (§ 657a.6(b), § 657a.11(c)(2)).  Each player folds,
forfeiting the Ante, the Super Bonus and the side wagers, or makes a Play Wager equal to the Ante,
or up to three times the Ante with a pair of aces or better (§ 657a.11(b)).  The dealer does not
see the player's cards before they are turned for settlement, so a Play Wager above the Ante on a
lesser hand is found only then: it is an irregularity a floorperson decides.

The dealer's hand qualifies with king high or better (§ 657a.11(c)(3)); otherwise the Ante is
returned and the Play paid.  The Super Bonus is paid on its table for a straight or better
whatever the dealer holds, returned on a lesser hand that wins, ties or faces a dealer who does
not qualify, and lost with the Ante otherwise (§ 657a.11(c)(3), § 657a.12(b)).  Then the Queens
Up Wager (§ 657a.11(d)), the progressive wagers and the Envy Bonuses (§ 657a.11(e)).

The rules are the 2014 text of §§ 657a.1, .2, .6, .7, .11 and .12 (44 Pa.B. 5463) and the current
§ 657a.6(a)-(c).  The dealing procedures (§§ 657a.8-657a.10) and the irregularities (§ 657a.13)
are not available: the deal and the irregularities follow the procedure as commonly played, the
one the sibling poker chapters share (§§ 647a.8-647a.10, § 647a.13), and say so.  The current
§ 657a.12 is not available either: the 2014 text sets no aggregate payout limit, so a table's
limit is an option of its Rules Submission, none by default.  The Five Card Hand Bonus Wager of
the current § 657a.1 (its Lucky and Magic Card Bonuses) is not offered: its wager and payout
sections are not available.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import BankedPoker, DealingSections, EqualWagersBetting, paytable_line
from games.engine.core import (
    DECISION,
    LOSE,
    PUSH,
    RETURNED,
    WIN,
    Action,
    Approval,
    Close,
    Deal,
    Irregularity,
    Option,
    Prompt,
    Refused,
    RoundState,
    RuleOption,
    Seat,
    SeatDecision,
    SettlementLine,
    SettlementPass,
    SettleSeats,
    Step,
    ZoneCards,
    ZoneSpec,
    progressive,
)
from games.engine.core.game import five_card_hand_bonus
from games.engine.core.progressive import Progressive
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import counting, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.hands.four_card import FourCardCategory, FourCardHand, crazy4_dealer_qualifies, four_card_hand
from games.engine.hands.high import Category
from games.engine.money import EVEN_MONEY, Cents, dollars, parse_dollars
from games.engine.paytables import paytable
from games.engine.return_models import DECISIONS, PLAYED, Dealt

SLUG = "crazy-4-poker"
COMMON = "procedure as commonly played; the Pennsylvania section is not available"
PLAY_SECTION = "§ 657a.11(b)"
PLAY_QUESTION = "play_wager"  # the kind of the floorperson's approval of a Play Wager above the Ante
CARDS = 5  # five cards to each player and to the dealer; each plays its best four (§ 657a.6(b))


def _playing(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers


def _played(rnd: RoundState, seat: Seat) -> bool:
    return "play" in seat.wagers


def _hands_in_play(rnd: RoundState) -> bool:
    """The dealer's cards decide only the wagers of the players who made a Play Wager.  When every seat
    folded they are still revealed (§ 657a.11(c)), but no wager is decided on them."""
    return any("play" in rnd.seats[n].wagers for n in rnd.playing_seats())


def aces_or_better(hand: FourCardHand) -> bool:
    """§ 657a.11(b): "a pair of aces or better" in the best four of the player's five cards."""
    return hand.category > FourCardCategory.PAIR or "pair_of_aces" in hand.slugs


def over_ante(seat: Seat) -> Cents:
    """How much of the seat's Play Wager is above its Ante."""
    return seat.wagers.get("play", 0) - seat.wagers["ante"]


def play_question(rnd: RoundState, seat_no: int, *statuses: str) -> Approval | None:
    """The floorperson's question about the seat's Play Wager, in one of ``statuses``."""
    return next((a for a in rnd.approvals if a.kind == PLAY_QUESTION and a.seat == seat_no and a.status in statuses),
                None)


class PlayDecision(SeatDecision):
    """§ 657a.11(b): a Play Wager equal to the Ante, or up to three times it with a pair of aces or
    better; or fold.  The dealer does not see the cards now: the hand is checked when it is turned."""

    def apply(self, rnd: RoundState, action: Action) -> None:
        number = rnd.seat_number(action.get("seat"))
        seat = rnd.seats.get(number)
        if action.get("choice") == "play" and seat is not None and action.get("amount") not in (None, "") \
                and "ante" in seat.wagers:
            given = rnd.amount(action["amount"], f"seat {number}'s Play Wager")
            if given < seat.wagers["ante"]:
                raise Refused(f"Seat {number}'s Play Wager must be at least its Ante ({dollars(seat.wagers['ante'])}), "
                              f"not {dollars(given)}", self.section)
        super().apply(rnd, action)


class SettleWithPlayCheck(SettleSeats):
    """Each seat that made a Play Wager, from the dealer's right (§ 657a.11(c)): its five cards are
    turned; a Play Wager above the Ante on less than a pair of aces (§ 657a.11(b)) waits for a
    floorperson before the seat is settled."""

    def prompt(self, rnd: RoundState) -> Prompt:
        pending = self.pending(rnd)
        question = play_question(rnd, pending[0], "pending") if pending and rnd.void is None else None
        if question is not None:
            return Prompt(self.id, question.section, f"Waiting for a floorperson: {question.reason}",
                          seat=question.seat, waiting_for_floor=True)
        return super().prompt(rnd)

    def apply(self, rnd: RoundState, action: Action) -> None:
        seat_no = self.pending(rnd)[0]
        seat = rnd.seats[seat_no]
        if play_question(rnd, seat_no, "pending") is not None:
            raise Refused(f"Seat {seat_no}'s Play Wager waits for a floorperson", PLAY_SECTION)
        if rnd.void is None and over_ante(seat) > 0 and play_question(rnd, seat_no, "approved") is None \
                and action.get("target") == f"seat:{seat_no}":
            if seat.cards and action.get("cards"):
                raise Refused(f"Seat {seat_no}'s cards were dealt from the shoe already", self.section)
            cards = seat.cards or rnd.checked_cards(action.get("cards") or [], self.cards_each,
                                                    f"seat {seat_no}'s cards")
            hand = four_card_hand(cards)
            if not aces_or_better(hand):
                seat.cards, seat.cards_shown = cards, True
                play, ante = dollars(seat.wagers["play"]), dollars(seat.wagers["ante"])
                rnd.approvals.append(Approval(
                    len(rnd.approvals) + 1, PLAY_QUESTION, seat_no,
                    f"Seat {seat_no}: Play Wager of {play} on {hand.name.lower()}, above the {ante} Ante without a "
                    f"pair of aces or better. Approve: the Play stands at {ante}, {dollars(over_ante(seat))} "
                    f"returned ({COMMON}). Refuse: the cards were misread, enter them again", PLAY_SECTION))
                return
        super().apply(rnd, action)


class Crazy4Poker(BankedPoker):
    slug = SLUG
    name = "Crazy 4 Poker"
    chapter = "657a"
    seat_count = 6  # § 657a.2(a)
    not_in_text = (five_card_hand_bonus("657a"),)
    table_section = "§ 657a.2(a)"
    wager_section = "§ 657a.7(d)"
    # No community cards: the dealer's five, face down until the reveal.
    zones = (ZoneSpec("dealer", "Dealer", cards=CARDS),)
    # §§ 657a.8-657a.10 are not available: each method's steps are cited by the section alone.
    dealing = DealingSections(
        "657a",
        announce={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        deal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        stub_count={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
        misdeal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
    )
    # The 2014 § 657a.12 has no aggregate payout limit and the current one is not available: a
    # table's limit is its Rules Submission's, none by default.
    payout_limit_section = "§ 657a.12"
    payout_limit_scope = " (the 2014 § 657a.12 sets no limit; the current § 657a.12 is not available)"
    wagers = (
        WagerDef("ante", "Ante", "§ 657a.7(d)(1)", required=True, capped=True,
                 limits=Limits("5.00", "500.00", "§ 657a.7(d)(1)", label="Ante (the Super Bonus equals it)")),
        WagerDef("super_bonus", "Super Bonus Wager", "§ 657a.7(d)(1)", equals="ante", capped=True,
                 judged_on="the best four of the player's five cards, against the dealer's", returns=DECISIONS),
        WagerDef("play", "Play Wager", PLAY_SECTION, placed=BY_DECISION, capped=True),
        WagerDef("queens_up", "Queens Up Wager", "§ 657a.7(d)(2)", capped=True,
                 judged_on="the best four of the player's five cards, whatever the dealer holds",
                 limits=Limits("1.00", "100.00", "§ 657a.7(d)(2)"),
                 paytable=PaytableChoice("A", "§ 657a.12(c)"),
                 returns=Dealt(counting.four_card_hands, PLAYED)),
        WagerDef("four_card_progressive", "Four-Card Progressive Payout Wager", "§ 657a.7(d)(3)",
                 judged_on="the best four of the player's five cards",
                 paytable=PaytableChoice("A", "§ 657a.12(d)(1)", label="Four-Card Progressive Payout Wager"),
                 returns=Dealt(counting.four_card_hands, PLAYED),
                 progressive=Progressive("§ 657a.2(c)", envy="four_card_progressive_envy",
                                         envy_label="Four-Card Envy Bonus", envy_section="§ 657a.12(d)(5)")),
        WagerDef("five_card_progressive", "Five-Card Progressive Payout Wager", "§ 657a.7(d)(4)",
                 judged_on="all five of the player's cards (§ 657a.11(e))",
                 returns=Dealt(counting.five_card_hands, PLAYED),
                 progressive=Progressive("§ 657a.2(c)", envy="five_card_progressive_envy",
                                         envy_label="Five-Card Envy Bonus", envy_section="§ 657a.12(e)(5)")),
    )
    line_labels = {"play_excess": "Play Wager above the Ante"}
    own_rules: dict[str, Any] = {
        "payout_limit": "",  # "" = none: the 2014 § 657a.12 sets none
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,
        "approval_threshold": "",
    }
    own_options = (
        RuleOption("payout_limit", "Aggregate payout limit per player per round (Ante, Play, Super Bonus and "
                   "Queens Up)", "money", "§ 657a.12",
                   help="Leave empty for none (the 2014 § 657a.12 sets none); else at least $50,000 or the most one "
                        "patron can win on those wagers betting the minimum"),
    )
    irregularities: dict[str, Irregularity] = {}
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", f"More than one card found face up while dealing ({COMMON})", "§ 657a.13", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = MULTIPLE_FACE_UP_BEFORE_DEAL  # every card is dealt at once: nothing survives

    @classmethod
    def dealing_irregularities(cls) -> dict[str, Irregularity]:
        """The shared ones of the poker chapters' § .13 (§ 647a.13(a), (c), (f)), cited by the section
        alone and marked as commonly played: § 657a.13 is not available."""
        shared = super().dealing_irregularities()
        return {kind: dataclasses.replace(irregularity, section="§ 657a.13", label=f"{irregularity.label} ({COMMON})")
                if irregularity.section.startswith("§ 657a.13") else irregularity
                for kind, irregularity in shared.items()}

    # -- rules ----------------------------------------------------------------------------------

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """What one patron could win on the Ante, Play, Super Bonus and Queens Up at the minimum.

        At the minimum Ante m: the Ante at 1 to 1 (m), the largest Play, three times the Ante, at
        1 to 1 (3m), the Super Bonus's four aces at 200 to 1 (200m); and at the minimum Queens Up q,
        four-of-a-kind at 50 to 1 (50q).  Four aces win them all at once.
        """
        ante = parse_dollars(rules["min_ante"])
        bonus = max(row.payout.winnings(ante) for row in paytable(self.slug, "super_bonus").rows)
        most = EVEN_MONEY.winnings(ante) + EVEN_MONEY.winnings(3 * ante) + bonus
        if rules["queens_up_paytable"]:
            table = paytable(self.slug, "queens_up", rules["queens_up_paytable"])
            most += max(row.payout.winnings(parse_dollars(rules["min_queens_up"])) for row in table.rows)
        return most

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        optional = [self.wager_label(w) for w in self.betting_wagers(rules)[2:]]
        offered = f", optional {' and '.join(optional)}" if optional else ""
        closing = ""
        if any(progressive.attachment(rules, w) is not None for w in ("four_card_progressive",
                                                                       "five_card_progressive")):
            closing = (" Lock out the Progressive Payout Wagers on the progressive table game system and collect "
                       "them into the table inventory container, checking that the chips match the wagers it "
                       "accepted.")
        deal_text = {
            "manual_shoe": "Deal one card at a time face down from the shoe, clockwise from the dealer's left, to "
                           "seats {seats} and to the dealer, until each has five cards.",
            "hand": "Deal one card at a time face down from the hand, clockwise from the dealer's left, to seats "
                    "{seats} and to the dealer, until each has five cards.",
            "automated_shoe": "Deliver a stack of five cards face down to seats {seats}, clockwise from the dealer's "
                              "left, then a stack of five to the dealer.",
            "reshuffling_shoe": "Deliver a stack of five cards face down to seats {seats}, clockwise from the "
                                "dealer's left, then a stack of five to the dealer.",
        }[method]
        stub = self.stub_count_steps(rules)
        for step in stub:
            step.text = f"{step.text} ({COMMON})"
        ante = self.wager_label("ante")
        return [
            EqualWagersBetting("wagers", self.dealing.cite(self.dealing.announce, method),
                               f"Wagers are placed (Ante and an equal Super Bonus Wager{offered}). Announce \"no "
                               f"more bets\".{closing} ({COMMON})",
                               "Place each seat's wagers: a seat plays with an Ante and a Super Bonus Wager equal "
                               "to it."),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), f"{deal_text} ({COMMON})", cards_each=CARDS,
                 zones={"dealer": CARDS}),
            *stub,
            PlayDecision("play_decision", PLAY_SECTION, (
                Option("play", "Play Wager", wager="play", up_to=lambda rnd, seat: 3 * seat.wagers["ante"],
                       multiples=(1, 2, 3), section=PLAY_SECTION,
                       rule=f"three times the {ante}, and more than the {ante} only with a pair of aces or better"),
                Option("fold", "Fold", folds=True),
            ), eligible=_playing),
            ZoneCards("reveal", "§ 657a.11(c)",
                      "Collect the forfeited wagers and their cards. Turn the dealer's five cards face up and form "
                      "the dealer's best four-card hand: enter them.", CARDS, zone="dealer", decides=_hands_in_play
                      ).said_next("collect the forfeited wagers and their cards, then turn the dealer's five cards "
                                  "face up"),
            SettleWithPlayCheck("settle", "§ 657a.11(c)",
                                "Turn seat {seat}'s five cards face up, form its best four-card hand and settle its "
                                "wagers, from the dealer's right.", eligible=_played, cards_each=CARDS),
            SettlementPass("envy", "§ 657a.11(e)(5)",
                           "Pay the Envy Bonuses: each Progressive Payout Wager is paid for every other player's "
                           "qualifying hand (never its own, never the dealer's).", label="Envy Bonuses paid",
                           applies=lambda rnd: bool(rnd.game.envy(rnd))),
            Close("close", "§ 657a.11(f)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode: one card at a time around the table, the dealer last, five times (manual
        shoe, hand), or a stack of five to each seat, then the dealer's (automated shoes)."""
        targets = [f"seat:{n}" for n in rnd.playing_seats()] + ["dealer"]
        hands: dict[str, list[str]] = {target: [] for target in targets}
        if rnd.rules["dealing_method"] in ("automated_shoe", "reshuffling_shoe"):
            for target in targets:
                hands[target] = [card.code for card in rnd.shoe.draw(CARDS)]
        else:
            for _ in range(CARDS):
                for target in targets:
                    hands[target].append(rnd.shoe.draw()[0].code)
        return hands

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "card_face_up" and "deal" in rnd.completed_steps:
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    def floor_decided(self, rnd: RoundState, approval: Approval) -> None:
        """The floorperson's answer about a Play Wager above the Ante on a lesser hand: approved, the
        seat is settled with the Play at the Ante and the rest returned; refused (the cards were
        misread), the seat's cards are entered again and checked again."""
        seat = rnd.seats[approval.seat]
        if rnd.void is not None or seat.settled:
            return  # the round was voided meanwhile: the seat's wagers are returned, nothing is left to decide
        if approval.status == "refused":
            seat.cards, seat.cards_shown = (), False
            return
        SettleSeats.finish(rnd, seat, self.settle(rnd, seat))

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 657a.11(b)(1)-(2): a player who does not make a Play Wager forfeits the Ante, the Super
        Bonus and the Queens Up and Progressive Payout Wagers, but not an Envy Bonus."""
        lines = []
        for wager in ("ante", "super_bonus", "queens_up", "four_card_progressive", "five_card_progressive"):
            if wager not in seat.wagers:
                continue
            wagered = self.wager(wager)
            section = "§ 657a.11(b)(2)" if wagered.progressive else "§ 657a.11(b)(1)"
            note = f"Folded: {wagered.label} forfeited"
            if wagered.progressive and wagered.progressive.envy:
                note += f"; the seat's {wagered.progressive.envy_label}es are still paid"
            lines.append(SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager], section,
                                        note=note, stage=DECISION, stake_collected=bool(wagered.progressive)))
        return lines

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 657a.11(c)-(e): the Ante, Play and Super Bonus, the Queens Up, then the progressives."""
        lines = self.settle_main(rnd, seat)
        if "queens_up" in seat.wagers:
            lines.append(self.settle_queens_up(rnd, seat))
        lines += self.cap(rnd, seat, lines, "the Ante, Play, Super Bonus and Queens Up Wagers")
        if "four_card_progressive" in seat.wagers:
            lines += self.settle_progressive(rnd, seat, "four_card_progressive")
        if "five_card_progressive" in seat.wagers:
            lines += self.settle_progressive(rnd, seat, "five_card_progressive")
        return lines

    def settle_main(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 657a.11(c)(3): the Ante, Play and Super Bonus Wagers against the dealer's best four cards."""
        player = four_card_hand(seat.cards)
        dealer = four_card_hand(rnd.dealer_cards)
        versus = against_dealer(player, dealer)
        lines: list[SettlementLine] = []
        play = seat.wagers["play"]
        excess = over_ante(seat) if play_question(rnd, seat.number, "approved") is not None else 0
        if excess > 0:
            play -= excess
            lines.append(SettlementLine(seat.number, "play_excess", excess, RETURNED, 0, PLAY_SECTION, hand=versus,
                                        note=f"A floorperson found a Play Wager above the Ante on {player.name.lower()}"
                                             f": {dollars(excess)} returned, the Play Wager stands at "
                                             f"{dollars(play)} ({COMMON})"))
        stakes = {"ante": seat.wagers["ante"], "play": play}

        def line(wager: str, outcome: str, section: str, **extra: Any) -> SettlementLine:
            stake = stakes[wager]
            amount = {WIN: EVEN_MONEY.winnings(stake), LOSE: stake}.get(outcome, 0)
            odds = str(EVEN_MONEY) if outcome == WIN else ""
            return SettlementLine(seat.number, wager, stake, outcome, amount, section, odds=odds, hand=versus,
                                  **extra)

        if not crazy4_dealer_qualifies(dealer):
            # § 657a.11(c)(3)(i): the dealer has less than king high.
            return lines + [line("ante", PUSH, "§ 657a.11(c)(3)(i)",
                                 note="The dealer does not qualify (less than king high): the Ante is returned"),
                            line("play", WIN, "§ 657a.12(a)"),
                            self.super_bonus_line(seat, player, versus, PUSH, "§ 657a.11(c)(3)(i)")]
        if player.value < dealer.value:
            return lines + [line("ante", LOSE, "§ 657a.11(c)(3)(ii)(A)"), line("play", LOSE, "§ 657a.11(c)(3)(ii)(A)"),
                            self.super_bonus_line(seat, player, versus, LOSE, "§ 657a.11(c)(3)(ii)(A)")]
        if player.value > dealer.value:
            return lines + [line("ante", WIN, "§ 657a.12(a)"), line("play", WIN, "§ 657a.12(a)"),
                            self.super_bonus_line(seat, player, versus, PUSH, "§ 657a.11(c)(3)(ii)(B)")]
        return lines + [line("ante", PUSH, "§ 657a.11(c)(3)(ii)(C)"), line("play", PUSH, "§ 657a.11(c)(3)(ii)(C)"),
                        self.super_bonus_line(seat, player, versus, PUSH, "§ 657a.11(c)(3)(ii)(C)")]

    def super_bonus_line(self, seat: Seat, player: FourCardHand, versus: str, otherwise: str,
                         section: str) -> SettlementLine:
        """§ 657a.12(b): a straight or better is paid on the Super Bonus table in every case; a lesser
        hand is returned, or lost when the dealer's qualifying hand beats it (``otherwise``)."""
        table = paytable(self.slug, "super_bonus")
        stake = seat.wagers["super_bonus"]
        row = table.pay_row(player.slugs) if player.category >= FourCardCategory.STRAIGHT else None
        if row is not None:
            named = versus if player.name.lower().startswith(row.label.lower()) else f"{versus}: {row.label}"
            return SettlementLine(seat.number, "super_bonus", stake, WIN, row.payout.winnings(stake), table.section,
                                  odds=str(row.payout), hand=named)
        note = ("Less than a straight: the Super Bonus Wager is returned" if otherwise == PUSH
                else "Less than a straight, beaten by the dealer: the Super Bonus Wager is collected")
        return SettlementLine(seat.number, "super_bonus", stake, otherwise, stake if otherwise == LOSE else 0,
                              section, hand=versus, note=note)

    def settle_queens_up(self, rnd: RoundState, seat: Seat) -> SettlementLine:
        """§ 657a.11(d): a pair of queens or better in the player's best four cards, whatever the dealer holds."""
        table = paytable(self.slug, "queens_up", rnd.rules["queens_up_paytable"])
        hand = four_card_hand(seat.cards)
        return paytable_line(seat, "queens_up", table, table.pay_row(hand.slugs), hand.name,
                             losing_section="§ 657a.11(d)",
                             losing_hand=f"{hand.name}: less than a pair of queens")

    def progressive_hand(self, seat: Seat, wager: str) -> tuple[Any, str]:
        """§ 657a.11(e): the Five-Card Progressive is judged on all five cards (§ 657a.6(d)); the
        Four-Card on the best four (§ 657a.6(b))."""
        cards = " ".join(card.code for card in seat.cards)
        hand = high_hand(seat.cards) if wager == "five_card_progressive" else four_card_hand(seat.cards)
        return hand, f"{hand.name} ({cards})"

    def settle_progressive(self, rnd: RoundState, seat: Seat, slug: str) -> list[SettlementLine]:
        """§ 657a.11(e)(1)-(4), paid whatever the dealer holds; a share of the meter is read at the
        player's turn (§ 657a.12(d)(4), (e)(4))."""
        wager = self.wager(slug)
        hand, shown = self.progressive_hand(seat, slug)
        table = progressive.wager_paytable(self, rnd.rules, wager)
        turn = "§ 657a.12(d)(4)" if slug == "four_card_progressive" else "§ 657a.12(e)(4)"
        line = progressive.settle(rnd, seat, wager, table, hand.slugs, shown, losing_section="§ 657a.11(e)",
                                  turn_section=turn)
        return [line] if line is not None else []

    def envy(self, rnd: RoundState) -> list[SettlementLine]:
        """§ 657a.11(e)(5): for each other player's qualifying hand, every Four-Card (four-of-a-kind,
        or a straight flush where the schedule pays one) or Five-Card (straight flush or better)
        Progressive Payout wagerer is paid its Envy Bonus, folded wagerers too (§ 657a.11(b)(2)).
        Only the hands turned count: a folded player's cards went to the discard rack (§ 657a.11(c))."""
        lines = []
        for slug, least in (("four_card_progressive", FourCardCategory.STRAIGHT_FLUSH),
                            ("five_card_progressive", Category.STRAIGHT_FLUSH)):
            if not any(slug in seat.wagers for seat in rnd.seats.values()):
                continue
            qualifying = {}
            for number in rnd.playing_seats():
                seat = rnd.seats[number]
                if not seat.cards_shown or not seat.cards:
                    continue
                hand, shown = self.progressive_hand(seat, slug)
                if hand.category >= least:
                    qualifying[number] = (hand.slugs[0], shown)
            lines += progressive.envy_lines(rnd, self.wager(slug), qualifying, rnd.seats_in_order("counterclockwise"))
        return lines

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        return self.envy(rnd)


GAME = Crazy4Poker()
