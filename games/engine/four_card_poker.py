"""Four Card Poker, Chapter 641a.

Each player makes an Ante, an Aces Up Wager, or both (§ 641a.7(d)(1)-(3)), and is dealt five cards;
the dealer six, one of them face up (as commonly played).  A player with an Ante makes a Play Wager
of one to three times it, or folds and forfeits the Ante but keeps the Aces Up Wager
(§ 641a.11(b)).  The best four of the player's five cards meet the best four of the dealer's six:
a hand higher than or equal to the dealer's wins the Ante and Play 1 to 1, a lower one loses
(§ 641a.11(c)(3), § 641a.12(a)); a player who made the Play Wager is paid the Ante Bonus on three
of a kind or better whatever the dealer holds (§ 641a.12(b)).  The Aces Up Wager is paid on its
table (§ 641a.12(c)); the Four- and Five-Card Progressive Payout Wagers with their Envy Bonuses
(§ 641a.12(d)-(e)) and the Bad Beat Bonus Wager (§ 641a.12(f)) where the table offers them.

Only the 2014 text of §§ 641a.1-641a.2, 641a.6-641a.7 and 641a.11-641a.12 (44 Pa.B. 5463) is
available.  The dealing procedures (§§ 641a.8-641a.10) and the irregularities (§ 641a.13) follow
the game as commonly played and the sibling banked poker chapters; every prompt that rests on them
says so.  The current chapter's Five Card Hand Bonus Wager is in no available text and is not
offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import AUTOMATED_SHOES, BankedPoker, DealingSections, paytable_line
from games.engine.core import (
    DECISION,
    LOSE,
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
from games.engine.core.game import NotInText, five_card_hand_bonus
from games.engine.core.progressive import Progressive
from games.engine.core.state import ZoneSpec
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import Category, FourCardCategory, FourCardHand, counting, four_card_hand, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.money import EVEN_MONEY, Cents, parse_dollars
from games.engine.paytables import paytable
from games.engine.return_models import FOUR_OF_FIVE, PLAYED, Dealt, NotStated

SLUG = "four-card-poker"
COMMON = "Procedure as commonly played; the Pennsylvania section is not available."
PROGRESSIVES = ("four_card_progressive", "five_card_progressive")
# § 641a.12(d)(5): the Four-Card Envy Bonus schedule, A or B, is "selected by the certificate holder"
# apart from the Four-Card Progressive paytable of (d)(1) (Crazy 4 Poker ties the two, § 657a.12(d)(5)).
# "" takes the paytable's letter.  The Five-Card Envy Bonus has one schedule (§ 641a.12(e)(5)).
ENVY_OPTION = "four_card_envy_paytable"
ENVY_LETTERS = ("", "A", "B")


def _has_ante(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers


def _in_play(rnd: RoundState, seat: Seat) -> bool:
    """Turned for settlement with the others: a seat that made the Play Wager, or one that played
    without an Ante (the Aces Up Wager alone, § 641a.7(d)(2))."""
    return not seat.folded


def _folded_with_aces_up(rnd: RoundState, seat: Seat) -> bool:
    return seat.folded and "aces_up" in seat.wagers


def _dealer_needed(rnd: RoundState) -> bool:
    """The dealer's hand decides the Ante and Play Wagers and the Bad Beat Bonus Wagers.  Where there are
    none (every seat folded) it is still revealed (§ 641a.11(c)), but no wager is decided on it."""
    return any(not seat.folded and ("play" in seat.wagers or "bad_beat" in seat.wagers)
               for seat in rnd.seats.values())


def _envy_at_table(rnd: RoundState) -> bool:
    return any(slug in seat.wagers for seat in rnd.seats.values() for slug in PROGRESSIVES)


class FourCardPoker(BankedPoker):
    slug = SLUG
    name = "Four Card Poker"
    chapter = "641a"
    seat_count = 7  # § 641a.2(a)
    not_in_text = (
        NotInText("", "Aces Up Paytables D, E and F", "their Two pair and Pair of aces rows are lost in the "
                  "available text: the Aces Up paytable option refuses them", "§ 641a.12(c)"),
        five_card_hand_bonus("641a"),
    )
    table_section = "§ 641a.2(a)"
    wager_section = "§ 641a.7(d)"
    # The dealer's six cards, one dealt face up (as commonly played); no community cards.
    zones = (ZoneSpec("dealer", "Dealer", cards=6),)
    plays_alone = ("aces_up",)  # § 641a.7(d)(2): the Aces Up Wager alone
    dealing = DealingSections(
        "641a",
        announce={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        deal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10", "reshuffling_shoe": "10"},
        stub_count={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
        misdeal={"manual_shoe": "8", "hand": "9", "automated_shoe": "10"},
        irregularity={"card_face_up": "13", "wrong_card_count": "13", "shoe_jam": "13"},
    )
    # The 2014 § 641a.12 has no aggregate payout limit: the table may set one on the Ante, Play and
    # Ante Bonus, as the sibling chapters let it (§ 677a.12(f), § 643a.12(h)).
    payout_limit_section = "§ 641a.12"
    adjacent_boxes_section = "§ 641a.7(e)"
    wagers = (
        WagerDef("ante", "Ante", "§ 641a.7(d)(1)", required=True, capped=True,
                 limits=Limits("5.00", "500.00", "§ 641a.7(d)(1)")),
        WagerDef("play", "Play Wager", "§ 641a.11(b)", placed=BY_DECISION, capped=True),
        WagerDef("aces_up", "Aces Up Wager", "§ 641a.7(d)(2)", survives_fold=True,
                 judged_on="the best four of the player's five cards",
                 limits=Limits("5.00", "500.00", "§ 641a.7(d)(2)"),
                 paytable=PaytableChoice("A", "§ 641a.12(c)", optional=False,
                                         help="D, E and F lost their Two pair and Pair of aces rows in the source"),
                 returns=FOUR_OF_FIVE),
        WagerDef("four_card_progressive", "Four-Card Progressive Payout Wager", "§ 641a.7(d)(4)",
                 judged_on="the best four of the player's five cards",
                 paytable=PaytableChoice("A", "§ 641a.12(d)(1)", optional=False),
                 returns=Dealt(counting.four_card_hands, PLAYED),
                 progressive=Progressive("§ 641a.2(c)", envy="four_card_progressive_envy",
                                         envy_label="Four-Card Envy Bonus", envy_section="§ 641a.12(d)(5)",
                                         envy_option=ENVY_OPTION)),
        WagerDef("five_card_progressive", "Five-Card Progressive Payout Wager", "§ 641a.7(d)(5)",
                 judged_on="the player's five cards", returns=Dealt(counting.five_card_hands, PLAYED),
                 progressive=Progressive("§ 641a.2(c)", envy="five_card_progressive_envy",
                                         envy_label="Five-Card Envy Bonus", envy_section="§ 641a.12(e)(5)")),
        WagerDef("bad_beat", "Bad Beat Bonus Wager", "§ 641a.7(d)(6)",
                 judged_on="the losing hand of the player's and the dealer's",
                 limits=Limits("1.00", "100.00", "§ 641a.7(d)(6)"),
                 paytable=PaytableChoice("", "§ 641a.12(f)"),
                 returns=NotStated("depends on the dealer's six cards and on the player's Play decision")),
    )
    line_labels = {"ante_bonus": "Ante Bonus"}
    own_rules: dict[str, Any] = {
        "adjacent_boxes": "1",
        "payout_limit": "",
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,
        "approval_threshold": "",
        ENVY_OPTION: "",
    }
    own_options = (
        RuleOption("adjacent_boxes", "Adjacent boxes one player may wager on in a round", "choice", "§ 641a.7(e)",
                   (("1", "One"), ("2", "Two"), ("3", "Three"))),
        RuleOption(ENVY_OPTION, "Four-Card Envy Bonus schedule", "choice", "§ 641a.12(d)(5)",
                   (("", "As the Four-Card Progressive paytable"), ("A", "Paytable A"), ("B", "Paytable B")),
                   help="Paytable B pays no Envy Bonus on a straight flush"),
        RuleOption("payout_limit", "Aggregate payout limit per player per round (Ante, Play and Ante Bonus)",
                   "money", "§ 641a.12", help="Leave empty for none; else at least $50,000 or the most one patron "
                                              "can win on those wagers betting the minimum. " + COMMON),
    )
    irregularities = {
        "dealer_card_exposed": Irregularity(
            "dealer_card_exposed", "Dealer's hole card exposed before every player made the Play decision",
            "§ 641a.13", void=True, surviving_wagers=("aces_up",)),
    }
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up while dealing", "§ 641a.13", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up after the deal", "§ 641a.13", void=True,
        surviving_wagers=("aces_up",))

    # -- rules ----------------------------------------------------------------------------------

    def check_rules(self, merged: Mapping[str, Any]) -> None:
        super().check_rules(merged)
        table = paytable(self.slug, "aces_up", merged["aces_up_paytable"])
        if table.missing:
            raise Refused(f"Aces Up {table.title} lost its {' and '.join(table.missing)} rows in the available "
                          "text: it cannot be offered until the current § 641a.12(c) is read", "§ 641a.12(c)")
        if merged["adjacent_boxes"] not in ("1", "2", "3"):
            raise Refused(f"Adjacent boxes per player must be 1, 2 or 3, not {merged['adjacent_boxes']!r}",
                          self.adjacent_boxes_section)
        if merged[ENVY_OPTION] not in ENVY_LETTERS:
            raise Refused(f"The Four-Card Envy Bonus schedule is A or B, or \"\" for the Four-Card Progressive "
                          f"paytable's letter, not {merged[ENVY_OPTION]!r}", "§ 641a.12(d)(5)")

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """At the minimum Ante m: the Ante 1 to 1 (m), a Play of 3m 1 to 1 (3m) and the Ante Bonus's top
        row, four-of-a-kind 25 to 1 (25m): 29m."""
        ante = parse_dollars(rules["min_ante"])
        bonus = max(row.payout.winnings(ante) for row in paytable(self.slug, "ante_bonus").rows)
        return EVEN_MONEY.winnings(ante) + EVEN_MONEY.winnings(3 * ante) + bonus

    def covered_by_limit(self, line: SettlementLine) -> bool:
        return super().covered_by_limit(line) or line.wager == "ante_bonus"

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        offered = " and/or ".join(self.wager_label(w) for w in self.playing_wagers)
        optional = [self.wager_label(w) for w in self.betting_wagers(rules) if w not in self.playing_wagers]
        offered += f", optional {' and '.join(optional)}" if optional else ""
        one_at_a_time = ("Deal one card at a time face down {source}, clockwise from the dealer's left, five to "
                         "seats {{seats}} and six to the dealer; turn the dealer's last card face up. Enter the "
                         "dealer's up card.")
        stacks = ("Deliver a stack of five cards face down to seats {seats}, clockwise from the dealer's left, then "
                  "a stack of six to the dealer, and turn one of the dealer's cards face up. Enter the dealer's up "
                  "card.")
        deal_text = {"manual_shoe": one_at_a_time.format(source="from the shoe"),
                     "hand": one_at_a_time.format(source="from the hand"),
                     "automated_shoe": stacks, "reshuffling_shoe": stacks}[method]
        ante = self.wager_label("ante")
        return [
            Betting("wagers", self.dealing.cite(self.dealing.announce, method),
                    f"Wagers are placed ({offered}). Announce \"no more bets\". {COMMON}",
                    f"Place each seat's wagers: a seat plays with an {self.playing_label()}."),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), f"{deal_text} {COMMON}", cards_each=5,
                 zones={"dealer": 6}, face_up={"dealer": 1}),
            *self.stub_count_steps(rules),
            SeatDecision("play_decision", "§ 641a.11(b)", (
                Option("play", "Play Wager", wager="play", up_to=lambda rnd, seat: 3 * seat.wagers["ante"],
                       at_least=lambda rnd, seat: seat.wagers["ante"], multiples=(1, 2, 3),
                       rule=f"three times the {ante}", section="§ 641a.7(d)(1)"),
                Option("fold", "Fold", folds=True),
            ), eligible=_has_ante),
            ZoneCards("reveal", "§ 641a.11(c)", "Collect the forfeited wagers and the folded cards (a folded hand "
                      "stays under its Aces Up Wager). Turn the dealer's five hole cards face up and enter them: "
                      "the dealer's hand is the best four of its six cards.", 5, zone="dealer",
                      what="the dealer's hole cards", turned="Dealer's hole cards turned", decides=_dealer_needed
                      ).said_next("collect the forfeited wagers and the folded cards, then turn the dealer's five hole "
                                  "cards face up"),
            SettleSeats("settle", "§ 641a.11(c)", "Turn seat {seat}'s five cards face up and settle its wagers, "
                        "from the dealer's right.", eligible=_in_play, cards_each=5),
            SettleSeats("settle_aces_up", "§ 641a.11(b)(1)", "Folded seat {seat}: turn its cards from under the "
                        "Aces Up Wager and settle it.", eligible=_folded_with_aces_up, cards_each=5).said_next(
                "turn each folded seat's cards from under its Aces Up Wager and settle it"),
            SettlementPass("envy", "§ 641a.11(c)(5)(v)", "Pay the Envy Bonuses: each Progressive Payout Wager is "
                           "paid for every other player's qualifying hand (never its own, never the dealer's).",
                           label="Envy Bonuses paid", applies=_envy_at_table),
            Close("close", "§ 641a.11(d)", "All wagers settled: place the cards in the discard rack so each hand "
                  "can be reconstructed."),
        ]

    def stub_count_steps(self, rules: Mapping[str, Any]) -> list[Step]:
        steps = super().stub_count_steps(rules)
        for step in steps:
            step.text = f"{step.text} Every card of the round is dealt at the deal. {COMMON}"
        return steps

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode: one card at a time clockwise, five rounds to every seat and the dealer and a
        sixth to the dealer, whose last card is turned face up; or stacks of five, then the dealer's
        six, its first card turned.  The dealer's face-up card is given first (``Deal``)."""
        seats = [f"seat:{n}" for n in rnd.playing_seats()]
        hands: dict[str, list[str]] = {target: [] for target in [*seats, "dealer"]}
        if rnd.rules["dealing_method"] in AUTOMATED_SHOES:
            for target in seats:
                hands[target] = [card.code for card in rnd.shoe.draw(5)]
            hands["dealer"] = [card.code for card in rnd.shoe.draw(6)]
        else:
            for _ in range(5):
                for target in [*seats, "dealer"]:
                    hands[target].append(rnd.shoe.draw()[0].code)
            hands["dealer"].append(rnd.shoe.draw()[0].code)
            hands["dealer"] = hands["dealer"][-1:] + hands["dealer"][:-1]
        return hands

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "dealer_card_exposed":
            step = rnd.current_step()
            if "deal" not in rnd.completed_steps or step is None or step.id != "play_decision":
                raise Refused("A dealer's hole card exposed voids the round only after the deal and before every "
                              "player has made the Play decision", irregularity.section)
        if irregularity.kind == "card_face_up" and "deal" in rnd.completed_steps:
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 641a.11(b): a fold forfeits the Ante, and the Progressive Payout Wagers (keeping the Envy
        Bonuses), never the Aces Up Wager ((b)(1)); the Bad Beat Bonus Wager compares the hand with the
        dealer's, which a fold gives up (as commonly played)."""
        lines = []
        for wager, section in (("ante", "§ 641a.11(b)"), ("four_card_progressive", "§ 641a.11(b)(2)"),
                               ("five_card_progressive", "§ 641a.11(b)(2)"), ("bad_beat", "§ 641a.11(b)")):
            if wager not in seat.wagers:
                continue
            note = f"Folded: {self.wager_label(wager)} forfeited"
            if wager in PROGRESSIVES:
                note += "; the seat is still paid any Envy Bonus"
            if wager == "ante" and "aces_up" in seat.wagers:
                note += "; the cards stay under the Aces Up Wager (§ 641a.11(b)(1))"
            if wager == "bad_beat":
                note += f" with the hand. {COMMON}"
            lines.append(SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager], section,
                                        note=note, stage=DECISION, stake_collected=wager in PROGRESSIVES))
        return lines

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 641a.11(c)(3)-(6): the Ante and Play Wagers and the Ante Bonus, then the Aces Up Wager,
        the Progressive Payout Wagers and the Bad Beat Bonus Wager."""
        player = four_card_hand(seat.cards)
        if seat.folded:  # its other wagers were settled at the fold (§ 641a.11(b))
            return [self.settle_aces_up(rnd, seat, player)]
        lines: list[SettlementLine] = []
        if "play" in seat.wagers:
            lines += self.settle_main(rnd, seat, player)
            lines += self.cap(rnd, seat, lines, "the Ante and Play Wagers and the Ante Bonus")
        if "aces_up" in seat.wagers:
            lines.append(self.settle_aces_up(rnd, seat, player))
        lines += self.settle_progressives(rnd, seat, player)
        if "bad_beat" in seat.wagers:
            lines.append(self.settle_bad_beat(rnd, seat, player))
        return lines

    def dealers_best_four(self, rnd: RoundState) -> FourCardHand:
        return four_card_hand(rnd.dealer_cards)

    def versus(self, seat: Seat, player: FourCardHand, dealer: FourCardHand) -> str:
        return against_dealer(player, dealer)

    def settle_main(self, rnd: RoundState, seat: Seat, player: FourCardHand) -> list[SettlementLine]:
        dealer = self.dealers_best_four(rnd)
        versus = self.versus(seat, player, dealer)
        lines = []
        for wager in ("ante", "play"):
            stake = seat.wagers[wager]
            if player.value < dealer.value:
                lines.append(SettlementLine(seat.number, wager, stake, LOSE, stake, "§ 641a.11(c)(3)(i)", hand=versus))
            else:
                note = "A tie goes to the player (§ 641a.11(c)(3)(ii))" if player.value == dealer.value else ""
                lines.append(SettlementLine(seat.number, wager, stake, WIN, EVEN_MONEY.winnings(stake), "§ 641a.12(a)",
                                            odds=str(EVEN_MONEY), hand=versus, note=note))
        table = paytable(self.slug, "ante_bonus")
        row = table.pay_row(player.slugs)
        if row is not None:
            ante = seat.wagers["ante"]
            lines.append(SettlementLine(seat.number, "ante_bonus", 0, WIN, row.payout.winnings(ante), table.section,
                                        odds=str(row.payout), hand=f"{player.name}: {row.label}",
                                        note=f"On the {rnd.game.wager_label('ante')} of seat {seat.number}, "
                                             "whatever the dealer holds"))
        return lines

    @staticmethod
    def shown(seat: Seat, hand: Any) -> str:
        return f"{hand.name} ({' '.join(card.code for card in seat.cards)})"

    def settle_aces_up(self, rnd: RoundState, seat: Seat, player: FourCardHand) -> SettlementLine:
        """§ 641a.11(c)(4): paid on the player's four-card hand, whatever the dealer holds."""
        table = paytable(self.slug, "aces_up", rnd.rules["aces_up_paytable"])
        return paytable_line(seat, "aces_up", table, table.pay_row(player.slugs), self.shown(seat, player),
                             losing_section="§ 641a.11(c)(4)", row_named=False)

    def settle_progressives(self, rnd: RoundState, seat: Seat, player: FourCardHand) -> list[SettlementLine]:
        """§ 641a.11(c)(5): the Four-Card Progressive on the best four cards, the Five-Card on all five."""
        lines = []
        for slug, hand, turn in (("four_card_progressive", player, "§ 641a.12(d)(4)"),
                                 ("five_card_progressive", high_hand(seat.cards), "§ 641a.12(e)(4)")):
            if slug not in seat.wagers or seat.folded:
                continue
            wager = self.wager(slug)
            line = progressive.settle(rnd, seat, wager, progressive.wager_paytable(self, rnd.rules, wager),
                                      hand.slugs, self.shown(seat, hand), losing_section="§ 641a.11(c)(5)",
                                      turn_section=turn)
            lines += [line] if line is not None else []
        return lines

    def settle_bad_beat(self, rnd: RoundState, seat: Seat, player: FourCardHand) -> SettlementLine:
        """§ 641a.11(c)(6): paid on the rank of the losing hand, when the player's two pair or better
        loses to the dealer or the dealer's two pair or better loses to the player."""
        table = paytable(self.slug, "bad_beat", rnd.rules["bad_beat_paytable"])
        dealer = self.dealers_best_four(rnd)
        versus = self.versus(seat, player, dealer)
        losing = player if player.value < dealer.value else dealer if dealer.value < player.value else None
        stake = seat.wagers["bad_beat"]
        if losing is None or losing.category < FourCardCategory.TWO_PAIR:
            why = "a tie" if losing is None else "the losing hand is below two pair"
            return SettlementLine(seat.number, "bad_beat", stake, LOSE, stake, "§ 641a.11(c)(6)",
                                  hand=f"{versus}: {why}")
        row = table.pay_row(losing.slugs)
        whose = "the player's" if losing is player else "the dealer's"
        return SettlementLine(seat.number, "bad_beat", stake, WIN, row.payout.winnings(stake), table.section,
                              odds=str(row.payout), hand=f"{versus}: {whose} {row.label.lower()} lost")

    def settle_surviving(self, rnd: RoundState, seat: Seat, wager: str) -> SettlementLine:
        return self.settle_aces_up(rnd, seat, four_card_hand(seat.cards))  # the only wager a void leaves

    def envy(self, rnd: RoundState) -> list[SettlementLine]:
        """§ 641a.11(c)(5)(v): each Four-Card Progressive wagerer is paid for every other player's
        four-card hand its schedule pays (four aces, four-of-a-kind, a straight flush on Paytable A:
        § 641a.1, § 641a.12(d)(5)); each Five-Card wagerer for every other player's straight flush or
        better of five (§ 641a.12(e)(5)).  Only hands turned for settlement are seen."""
        order = rnd.seats_in_order("counterclockwise")
        lines: list[SettlementLine] = []
        for slug in PROGRESSIVES:
            if not any(slug in rnd.seats[n].wagers for n in order):
                continue
            qualifying = {}
            for number in order:
                seat = rnd.seats[number]
                if not seat.cards_shown or seat.folded and "aces_up" not in seat.wagers:
                    continue
                if slug == "four_card_progressive":
                    hand = four_card_hand(seat.cards)
                    if hand.category >= FourCardCategory.STRAIGHT_FLUSH:
                        qualifying[number] = (hand.slugs[0], self.shown(seat, hand))
                else:
                    five = high_hand(seat.cards)
                    if five.category >= Category.STRAIGHT_FLUSH:
                        qualifying[number] = (five.slugs[0], self.shown(seat, five))
            lines += progressive.envy_lines(rnd, self.wager(slug), qualifying, order)
        return lines

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        return self.envy(rnd)


GAME = FourCardPoker()
