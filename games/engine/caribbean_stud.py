"""Caribbean Stud Poker, Chapter 639a.

Each player makes an Ante and plays five cards against the dealer's five, one of which the dealer
turns face up at the deal (§ 639a.1 "hole card": the dealer's four face-down cards).  Having seen
the up card, each player makes a Bet Wager of twice the Ante or folds, forfeiting every wager
(§ 639a.11(b)).  The dealer qualifies with ace-king or better: otherwise the Ante is paid 1 to 1
and the Bet returned; a qualifying dealer's hand is compared with the player's, and a winning Bet
is paid on the hand's table (§ 639a.11(c)(3), § 639a.12(a)-(b)).  The optional Caribbean Stud
Bonus Wager is paid on the player's hand whatever the dealer holds (§ 639a.11(c)(4),
§ 639a.12(c)); the optional Progressive Payout Wager too, with an Envy Bonus for every other
player's straight flush or better where the table selects Paytable D (§ 639a.11(c)(5),
§ 639a.12(d)).

Only the 2014 text of §§ 639a.11 and 639a.12 (44 Pa.B. 5463) and parts of §§ 639a.1-639a.2 are
available.  The dealing procedures (§§ 639a.8-639a.10), the irregularities (§ 639a.13) and any
aggregate payout limit are taken from the game as commonly played and from the sibling banked
poker chapters (§§ 647a.8-647a.10, 647a.13); every prompt that rests on them says so.  The current
chapter's Five Card Hand Bonus Wager is in no available text and is not offered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import AUTOMATED_SHOES, BankedPoker, DealingSections, paytable_line
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
    ZoneCards,
    progressive,
)
from games.engine.core.game import five_card_hand_bonus
from games.engine.core.progressive import Progressive
from games.engine.core.state import ZoneSpec
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import Category, counting, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.hands.high import HighHand, at_least_ace_king
from games.engine.money import EVEN_MONEY, Cents, parse_dollars
from games.engine.paytables import paytable
from games.engine.return_models import DECISIONS, PLAYED, Dealt

SLUG = "caribbean-stud"
# Said of every prompt and option that rests on no Pennsylvania text.
COMMON = "Procedure as commonly played; the Pennsylvania section is not available."
ENVY_PAYTABLE = "D"  # § 639a.12(d)(6): Envy Bonuses only with Paytable D


def _playing(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers


def _has_bet(rnd: RoundState, seat: Seat) -> bool:
    return "bet" in seat.wagers


def _hands_in_play(rnd: RoundState) -> bool:
    """The dealer's hole cards decide the Ante and Bet Wagers of the seats that made the Bet Wager.  When
    every seat folded they are still revealed (§ 639a.11(c)), but no wager is decided on them."""
    return any(not rnd.seats[n].folded for n in rnd.playing_seats())


def _envy_offered(rnd: RoundState) -> bool:
    return (progressive.envy_offered(rnd.game.wager("progressive"), rnd.rules)
            and any("progressive" in seat.wagers for seat in rnd.seats.values()))


class CaribbeanStud(BankedPoker):
    slug = SLUG
    name = "Caribbean Stud Poker"
    chapter = "639a"
    seat_count = 7  # as commonly played: seven betting positions (§ 639a.2 is not available)
    not_in_text = (five_card_hand_bonus("639a"),)
    table_section = "§ 639a.2"
    wager_section = "§ 639a.7"
    # The dealer's five cards, one dealt face up (§ 639a.1 "hole card"); no community cards.
    zones = (ZoneSpec("dealer", "Dealer", cards=5),)
    # §§ 639a.8-639a.10 and 639a.13 are not available: each step cites the section alone, and the
    # prompts say the procedure is the game's as commonly played (the sibling chapters' §§ .8-.10, .13).
    dealing = DealingSections(
        "639a",
        announce={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        deal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        stub_count={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
        misdeal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
        irregularity={"card_face_up": "13", "wrong_card_count": "13", "shoe_jam": "13"},
    )
    # No aggregate payout limit survives in the available text (the 2014 § 639a.12 has none): the
    # table may set one, as the sibling chapters let it (§ 677a.12(f), § 643a.12(h)), on the Ante and Bet.
    payout_limit_section = "§ 639a.12"
    wagers = (
        WagerDef("ante", "Ante", "§ 639a.7", required=True, capped=True,
                 limits=Limits("5.00", "500.00", "§ 639a.7", label="Ante (the Bet Wager is twice it)")),
        WagerDef("bet", "Bet Wager", "§ 639a.11(b)", placed=BY_DECISION, capped=True, returns=DECISIONS),
        WagerDef("bonus", "Caribbean Stud Bonus Wager", "§ 639a.7", judged_on="the player's five cards",
                 limits=Limits("1.00", "100.00", "§ 639a.7", label="Caribbean Stud Bonus Wager"),
                 paytable=PaytableChoice("A", "§ 639a.12(c)"), returns=Dealt(counting.five_card_hands, PLAYED)),
        WagerDef("progressive", "Progressive Payout Wager", "§ 639a.7(d)(2)", judged_on="the player's five cards",
                 paytable=PaytableChoice("D", "§ 639a.12(d)(1)", optional=False,
                                         help="Only D may be linked across tables, and only D pays Envy Bonuses"),
                 returns=Dealt(counting.five_card_hands, PLAYED),
                 progressive=Progressive("§ 639a.2(c)", envy="progressive_envy", envy_label="Envy Bonus",
                                         envy_section="§ 639a.12(d)(6)", envy_paytables=(ENVY_PAYTABLE,),
                                         linked_paytables=(ENVY_PAYTABLE,), linked_section="§ 639a.12(d)(3)")),
    )
    own_rules: dict[str, Any] = {
        "payout_limit": "",  # "" = none
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,
        "approval_threshold": "",
    }
    own_options = (
        RuleOption("payout_limit", "Aggregate payout limit per player per round (Ante and Bet Wagers)", "money",
                   "§ 639a.12", help="Leave empty for none; else at least $50,000 or the most one patron can win "
                                     "on those wagers betting the minimum. " + COMMON),
    )
    irregularities = {
        "dealer_card_exposed": Irregularity(
            "dealer_card_exposed", "Dealer's hole card exposed before every player made the Bet decision",
            "§ 639a.13", void=True),
    }
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up while dealing", "§ 639a.13", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up after the deal", "§ 639a.13", void=True)

    # -- rules ----------------------------------------------------------------------------------

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """What one patron could win on the Ante and Bet Wagers betting the minimum Ante m: the Ante at
        1 to 1 (m) and the Bet, twice the Ante, on the top row of § 639a.12(b), a royal flush at 100 to 1
        (200m): 201m."""
        ante = parse_dollars(rules["min_ante"])
        top = max(row.payout.winnings(2 * ante) for row in paytable(self.slug, "bet").rows)
        return EVEN_MONEY.winnings(ante) + top

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        optional = [self.wager_label(w) for w in self.betting_wagers(rules) if w != "ante"]
        offered = f"Ante{', optional ' + ' and '.join(optional) if optional else ''}"
        closing = ""
        feed = progressive.attachment(rules, "progressive")
        if feed is not None and not feed.down:
            closing = (" Lock out the Progressive Payout Wagers on the progressive table game system and collect "
                       "them, checking that the chips match the wagers it accepted (§ 639a.2(c)).")
        one_at_a_time = ("Deal five cards face down one at a time {source}, clockwise from the dealer's left, to "
                         "seats {{seats}} and to the dealer; turn the dealer's last card face up. Enter the "
                         "dealer's up card.")
        stacks = ("Deliver a stack of five cards face down to seats {seats}, clockwise from the dealer's left, then "
                  "a stack of five to the dealer, and turn one of the dealer's cards face up. Enter the dealer's up "
                  "card.")
        deal_text = {"manual_shoe": one_at_a_time.format(source="from the shoe"),
                     "hand": one_at_a_time.format(source="from the hand"),
                     "automated_shoe": stacks, "reshuffling_shoe": stacks}[method]
        ante = self.wager_label("ante")
        return [
            Betting("wagers", self.dealing.cite(self.dealing.announce, method),
                    f"Wagers are placed ({offered}). Announce \"no more bets\".{closing} {COMMON}"),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), f"{deal_text} {COMMON}", cards_each=5,
                 zones={"dealer": 5}, face_up={"dealer": 1}),
            *self.stub_count_steps(rules),
            SeatDecision("bet_decision", "§ 639a.11(b)", (
                Option("bet", "Bet Wager", wager="bet", amount=lambda rnd, seat: 2 * seat.wagers["ante"],
                       rule=f"twice the {ante}", section="§ 639a.11(b)"),
                Option("fold", "Fold", folds=True),
            ), eligible=_playing),
            ZoneCards("reveal", "§ 639a.11(c)", "Collect the forfeited wagers and the folded cards. Turn the "
                      "dealer's four hole cards face up and enter them: the dealer's hand is the best five-card "
                      "hand.", 4, zone="dealer", what="the dealer's hole cards", turned="Dealer's hole cards turned",
                      decides=_hands_in_play).said_next("collect the forfeited wagers and the folded cards, then turn "
                                                        "the dealer's four hole cards face up"),
            SettleSeats("settle", "§ 639a.11(c)", "Turn seat {seat}'s five cards face up and settle its wagers, "
                        "from the dealer's right.", eligible=_has_bet, cards_each=5),
            SettlementPass("envy", "§ 639a.11(c)(5)(v)", "Pay the Envy Bonuses (Paytable D): each Progressive Payout "
                           "Wager is paid for every other player's straight flush or better (never its own, never "
                           "the dealer's).", label="Envy Bonuses paid", applies=_envy_offered),
            Close("close", "§ 639a.11(d)", "All wagers settled: place the cards in the discard rack so each hand "
                  "can be reconstructed."),
        ]

    def stub_count_steps(self, rules: Mapping[str, Any]) -> list[Step]:
        steps = super().stub_count_steps(rules)
        for step in steps:
            step.text = f"{step.text} Every card of the round is dealt at the deal. {COMMON}"
        return steps

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode: five cards one at a time clockwise, the dealer last, the dealer's last card
        turned face up; or a stack of five per seat, then the dealer's, its first card turned.  The
        dealer's face-up card is given first (``Deal``)."""
        targets = [f"seat:{n}" for n in rnd.playing_seats()] + ["dealer"]
        hands: dict[str, list[str]] = {target: [] for target in targets}
        if rnd.rules["dealing_method"] in AUTOMATED_SHOES:
            for target in targets:
                hands[target] = [card.code for card in rnd.shoe.draw(5)]
        else:
            for _ in range(5):
                for target in targets:
                    hands[target].append(rnd.shoe.draw()[0].code)
            hands["dealer"] = hands["dealer"][-1:] + hands["dealer"][:-1]
        return hands

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "dealer_card_exposed":
            if "deal" not in rnd.completed_steps or rnd.current_step().id != "bet_decision":
                raise Refused("A dealer's hole card exposed voids the round only after the deal and before every "
                              "player has made the Bet decision", irregularity.section)
        if irregularity.kind == "card_face_up" and "deal" in rnd.completed_steps:
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 639a.11(b): a player who does not make the Bet Wager forfeits every wager, the Bonus and
        Progressive Payout Wagers too, but keeps the right to an Envy Bonus; the dealer collects the
        forfeited wagers and the cards before the reveal (§ 639a.11(c))."""
        envy = "progressive" in seat.wagers and progressive.envy_offered(self.wager("progressive"), rnd.rules)
        lines = []
        for wager in ("ante", "bonus", "progressive"):
            if wager not in seat.wagers:
                continue
            note = f"Folded: {self.wager_label(wager)} forfeited"
            if wager == "progressive" and envy:
                note += "; the seat is still paid any Envy Bonus"
            lines.append(SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager],
                                        "§ 639a.11(b)", note=note, stage=DECISION,
                                        stake_collected=wager == "progressive"))
        return lines

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 639a.11(c): the Ante and Bet Wagers ((3)), then the Bonus Wager ((4)), then the
        Progressive Payout Wager ((5))."""
        player = high_hand(seat.cards)
        lines = self.settle_main(rnd, seat, player)
        lines += self.cap(rnd, seat, lines, "the Ante and Bet Wagers")
        if "bonus" in seat.wagers:
            lines.append(self.settle_bonus(rnd, seat, player))
        if "progressive" in seat.wagers:
            lines += self.settle_progressive(rnd, seat, player)
        return lines

    def settle_main(self, rnd: RoundState, seat: Seat, player: HighHand) -> list[SettlementLine]:
        dealer = high_hand(rnd.dealer_cards)
        versus = against_dealer(player, dealer)
        ante, bet = seat.wagers["ante"], seat.wagers["bet"]
        paid_ante = SettlementLine(seat.number, "ante", ante, WIN, EVEN_MONEY.winnings(ante), "§ 639a.12(a)",
                                   odds=str(EVEN_MONEY), hand=versus)
        if not at_least_ace_king(dealer):
            return [
                dataclasses.replace(paid_ante, note="The dealer does not qualify (lower than ace-king): the Ante "
                                                    "is paid 1 to 1 (§ 639a.11(c)(3)(i))"),
                SettlementLine(seat.number, "bet", bet, RETURNED, 0, "§ 639a.11(c)(3)(i)", hand=versus,
                               note="The dealer does not qualify: the Bet Wager is returned"),
            ]
        if player.value < dealer.value:
            return [SettlementLine(seat.number, wager, stake, LOSE, stake, "§ 639a.11(c)(3)(ii)(A)", hand=versus)
                    for wager, stake in (("ante", ante), ("bet", bet))]
        if player.value == dealer.value:
            return [SettlementLine(seat.number, wager, stake, PUSH, 0, "§ 639a.11(c)(3)(ii)(C)", hand=versus)
                    for wager, stake in (("ante", ante), ("bet", bet))]
        table = paytable(self.slug, "bet")
        row = table.pay_row(player.slugs) or table.row("any_other_hand")
        return [paid_ante, SettlementLine(seat.number, "bet", bet, WIN, row.payout.winnings(bet), table.section,
                                          odds=str(row.payout), hand=f"{versus}: {row.label}")]

    def settle_bonus(self, rnd: RoundState, seat: Seat, player: HighHand) -> SettlementLine:
        """§ 639a.11(c)(4): paid on the player's hand, whatever the dealer holds."""
        table = paytable(self.slug, "bonus", rnd.rules["bonus_paytable"])
        return paytable_line(seat, "bonus", table, table.pay_row(player.slugs), self.shown(seat, player),
                             losing_section="§ 639a.11(c)(4)", row_named=False)

    @staticmethod
    def shown(seat: Seat, hand: HighHand) -> str:
        return f"{hand.name} ({' '.join(card.code for card in seat.cards)})"

    def settle_progressive(self, rnd: RoundState, seat: Seat, player: HighHand) -> list[SettlementLine]:
        """§ 639a.11(c)(5): paid on the player's hand whatever the dealer holds, validated by a
        floorperson; a share of the meter is the amount on it at the player's turn (§ 639a.12(d)(5)),
        paid from the cage, not the table inventory ((5)(iv))."""
        wager = self.wager("progressive")
        table = progressive.wager_paytable(self, rnd.rules, wager)
        line = progressive.settle(rnd, seat, wager, table, player.slugs, self.shown(seat, player),
                                  losing_section="§ 639a.11(c)(5)", turn_section="§ 639a.12(d)(5)")
        return [line] if line is not None else []

    def envy(self, rnd: RoundState) -> list[SettlementLine]:
        """§ 639a.11(c)(5)(v), § 639a.12(d)(6): with Paytable D, each Progressive Payout Wager is paid for
        every other player's straight flush or better (an Envy Bonus Qualifying Hand, § 639a.1), a
        folded player's wager too ((b)); a folded hand goes to the rack unseen and qualifies for none."""
        if not _envy_offered(rnd):
            return []
        order = rnd.seats_in_order("counterclockwise")
        qualifying = {}
        for number in order:
            seat = rnd.seats[number]
            if seat.folded or not seat.cards_shown:
                continue
            hand = high_hand(seat.cards)
            if hand.category >= Category.STRAIGHT_FLUSH:
                qualifying[number] = (hand.slugs[0], self.shown(seat, hand))
        return progressive.envy_lines(rnd, self.wager("progressive"), qualifying, order)

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        return self.envy(rnd)


GAME = CaribbeanStud()
