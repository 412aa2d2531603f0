"""World Poker Tour Heads-Up Hold 'Em, Chapter 677a.

Each player plays an Ante and an Odds Wager equal to it against the dealer's hand (§ 677a.7(d)(1)).
Once, and only once, the player may place a Raise Wager: up to three times the Ante before the
Flop (§ 677a.11(b)), up to twice the Ante after it (§ 677a.11(d)), or, after the Turn and River
are dealt together, one equal to the Ante, or fold (§ 677a.11(f)).  The dealer's hand needs a
pair for the Ante to play (§ 677a.11(h)(1)); the Odds Wager is paid on its own table when the
player wins (§ 677a.12(b)) and carries the Bad Beat Bonus when a straight or better loses
(§ 677a.11(h)(2)(iii)(B), § 677a.12(c)).  The optional Pocket Bonus Wager is decided by the
player's two cards alone (§ 677a.12(d)), the optional Trips Plus Wager by the best five of the
player's seven (§ 677a.12(e)).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import (
    BankedPoker,
    DealingSections,
    EqualWagersBetting,
    heads_up_deal_texts,
    paytable_line,
    winning_hand_line,
)
from games.engine.core import (
    DECISION,
    LOSE,
    PUSH,
    WIN,
    Action,
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
    SettleSeats,
    Step,
    ZoneCards,
)
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import Category, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.hands.two_card import pocket_bonus_hand
from games.engine.money import EVEN_MONEY, Cents, Odds, dollars, parse_dollars
from games.engine.paytables import Paytable, paytable
from games.engine.return_models import DECISIONS, SEVEN, Dealt, two_card_counts

SLUG = "wpt-heads-up"
# § 677a.8 manual dealing shoe, § 677a.9 from the hand, § 677a.10 automated dealing shoe, and
# § 677a.10(g) an automated shoe that reshuffles and dispenses the five community cards first.
MAIN_WAGERS = ("ante", "raise", "odds")  # settled in this order, then the optional ones (§ 677a.11(i))
OPTIONAL_WAGERS = ("pocket_bonus", "trips_plus")


def _playing(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers


def _not_raised(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers and "raise" not in seat.wagers


def _raised(rnd: RoundState, seat: Seat) -> bool:
    return "raise" in seat.wagers


def _raised_anywhere(rnd: RoundState) -> bool:
    """The dealer's hand decides only the seats that raised.  When every seat folded it is still turned
    (§ 677a.11(g)), but no wager is decided on it."""
    return any("raise" in rnd.seats[n].wagers for n in rnd.playing_seats())


def _folded_with_optional_wager(rnd: RoundState, seat: Seat) -> bool:
    return seat.folded and rnd.game.kept_after_fold(seat)


class RaiseDecision(SeatDecision):
    """A Raise Wager decision, asked only of the seats that have not raised (§ 677a.11(d), (f)).

    The shared step would answer a seat that raised earlier with "has no decision to make here";
    the dealer is told why instead.
    """

    def apply(self, rnd: RoundState, action: Action) -> None:
        number = rnd.seat_number(action.get("seat"))
        seat = rnd.seats.get(number)
        if seat is not None and "raise" in seat.wagers and self.id not in seat.decisions:
            raise Refused(f"Seat {number} has already placed a Raise Wager of {dollars(seat.wagers['raise'])}: "
                          "only a player who has not raised is asked again", self.section)
        super().apply(rnd, action)


class WptHeadsUp(BankedPoker):
    slug = SLUG
    name = "World Poker Tour Heads-Up Hold 'Em"
    chapter = "677a"
    seat_count = 6  # § 677a.2(a)
    table_section = "§ 677a.2(a)"
    wager_section = "§ 677a.7(d)"
    dealing = DealingSections(
        "677a",
        announce={"manual_shoe": "8(b)", "hand": "9(b)", "automated_shoe": "10(a)(2)", "reshuffling_shoe": "10(a)(2)"},
        deal={"manual_shoe": "8(c)", "hand": "9(b)", "automated_shoe": "10(b)", "reshuffling_shoe": "10(g)"},
        # After all five community cards are dealt the stub goes to the discard rack, counted at least
        # once every 5 rounds; a reshuffling shoe counts the cards itself (§ 677a.5(g)).
        stub_count={"manual_shoe": "8(e)", "hand": "9(d)", "automated_shoe": "10(d)"},
        misdeal={"manual_shoe": "8(g)", "hand": "9(f)", "automated_shoe": "10(f)"},
    )
    # § 677a.12(f): an optional limit per player per round, on the Ante, Raise and Odds Wagers only
    # (not on a Bad Beat Bonus, a Pocket Bonus or a Trips Plus Wager).
    payout_limit_section = "§ 677a.12(f)"
    board_wagers = ("trips_plus",)  # § 677a.13(d) still settles it, on the five community cards (§ 677a.7(d)(3))
    wagers = (
        WagerDef("ante", "Ante", "§ 677a.7(d)(1)", required=True, capped=True,
                 limits=Limits("5.00", "500.00", "§ 677a.7(d)(1)", label="Ante (the Odds Wager equals it)")),
        WagerDef("raise", "Raise Wager", "§ 677a.11(b)", placed=BY_DECISION, capped=True),
        WagerDef("odds", "Odds Wager", "§ 677a.7(d)(1)", equals="ante", capped=True, returns=DECISIONS),
        WagerDef("pocket_bonus", "Pocket Bonus Wager", "§ 677a.7(d)(2)", survives_fold=True,
                 judged_on="the player's two cards", limits=Limits("1.00", "100.00", "§ 677a.7(d)(2)"),
                 paytable=PaytableChoice("A", "§ 677a.12(d)"), returns=Dealt(two_card_counts(pocket_bonus_hand))),
        WagerDef("trips_plus", "Trips Plus Wager", "§ 677a.7(d)(3)", survives_fold=True,
                 judged_on="the best five of the player's two cards and the five community cards",
                 limits=Limits("1.00", "100.00", "§ 677a.7(d)(3)"),
                 paytable=PaytableChoice("A", "§ 677a.12(e)"), returns=SEVEN),
    )
    adjacent_boxes_section = "§ 677a.7(e)"
    own_rules: dict[str, Any] = {
        "adjacent_boxes": "1",  # § 677a.7(e): adjacent boxes one player may wager on in a round
        "payout_limit": "",  # "" = none; the optional aggregate limit of § 677a.12(f)
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count (§ 677a.8(e))
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
    }
    own_options = (
        RuleOption("adjacent_boxes", "Adjacent boxes one player may wager on in a round", "choice", "§ 677a.7(e)",
                   (("1", "One"), ("2", "Two"), ("3", "Three")),
                   help="Boxes of one player share the per-player payout limit"),
        RuleOption("payout_limit", "Aggregate payout limit per player per round (Ante, Raise and Odds)", "money",
                   "§ 677a.12(f)", help="Leave empty for none; else at least $50,000 or the most one patron can "
                                        "win on those wagers betting the minimum"),
    )
    irregularities = {
        "dealer_card_exposed": Irregularity(
            "dealer_card_exposed", "Dealer's card exposed before each player folded or raised", "§ 677a.13(d)",
            void=True, surviving_wagers=OPTIONAL_WAGERS),
    }
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up while dealing", "§ 677a.13(a)", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up after the initial two cards", "§ 677a.13(a)",
        void=True, surviving_wagers=("pocket_bonus",))

    # -- rules ----------------------------------------------------------------------------------

    def check_rules(self, merged: Mapping[str, Any]) -> None:
        super().check_rules(merged)
        if merged["adjacent_boxes"] not in ("1", "2", "3"):
            raise Refused(f"Adjacent boxes per player must be 1, 2 or 3, not {merged['adjacent_boxes']!r}",
                          self.adjacent_boxes_section)

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """§ 677a.12(f): what one patron could win on the Ante, Raise and Odds Wagers betting the minimum.

        At the minimum Ante m: the Ante at 1 to 1 (m), the largest Raise, three times the Ante, at
        1 to 1 (3m), and the Odds Wager's top row, a royal flush at 500 to 1 (500m): 504m.  They
        can all be won in one hand (a royal flush against a dealer's pair).
        """
        ante = parse_dollars(rules["min_ante"])
        odds = max(row.payout.winnings(ante) for row in self.odds_table.rows if isinstance(row.payout, Odds))
        return EVEN_MONEY.winnings(ante) + EVEN_MONEY.winnings(3 * ante) + odds

    def covered_by_limit(self, line: SettlementLine) -> bool:
        return super().covered_by_limit(line) and line.section != self.bad_beat_table.section

    @property
    def odds_table(self) -> Paytable:
        return paytable(self.slug, "odds")

    @property
    def bad_beat_table(self) -> Paytable:
        return paytable(self.slug, "odds_bad_beat")

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        optional = " and ".join(self.wager_label(wager) for wager in self.betting_wagers(rules)[2:])
        optional = f", optional {optional}" if optional else ""
        texts = heads_up_deal_texts(method, "an Ante and an Odds Wager")
        ante = self.wager_label("ante")
        return [
            EqualWagersBetting("wagers", self.dealing.cite(self.dealing.announce, method),
                               f"Wagers are placed (Ante and Odds Wager{optional}). Announce \"no more bets\".",
                               "Place each seat's wagers: a seat plays with an Ante and an Odds Wager equal to it."),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), texts.deal, cards_each=2, zones={"dealer": 2}),
            RaiseDecision("preflop_decision", "§ 677a.11(b)", (
                Option("raise", "Raise Wager", wager="raise", up_to=lambda rnd, seat: 3 * seat.wagers["ante"],
                       multiples=(1, 2, 3), rule=f"three times the {ante}", section="§ 677a.11(b)"),
                Option("check", "Check"),
            ), eligible=_playing),
            ZoneCards("flop", "§ 677a.11(c)", texts.flop, 3, burn=texts.burn),
            RaiseDecision("flop_decision", "§ 677a.11(d)", (
                Option("raise", "Raise Wager", wager="raise", up_to=lambda rnd, seat: 2 * seat.wagers["ante"],
                       multiples=(1, 2), rule=f"twice the {ante}", section="§ 677a.11(d)"),
                Option("check", "Check"),
            ), eligible=_not_raised),
            ZoneCards("turn_river", "§ 677a.11(e)", texts.turn_river, 2, burn=texts.burn),
            *self.stub_count_steps(rules),
            RaiseDecision("river_decision", "§ 677a.11(f)", (
                Option("raise", "Raise Wager", wager="raise", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule=f"equal to the {ante}", section="§ 677a.11(f)"),
                Option("fold", "Fold", folds=True),
            ), eligible=_not_raised),
            ZoneCards("reveal", "§ 677a.11(g)",
                      "Turn the dealer's two cards face up and enter them: with the five community cards "
                      "they make the dealer's hand.", 2, zone="dealer", decides=_raised_anywhere),
            SettleSeats("settle", "§ 677a.11(g)",
                        "Turn seat {seat}'s two cards face up and settle its wagers, from the dealer's right.",
                        eligible=_raised),
            SettleSeats("settle_optional", "§ 677a.11(f)",
                        "Wagers kept under folded hands: turn seat {seat}'s cards from under its Pocket Bonus "
                        "or Trips Plus Wager and settle that wager.", eligible=_folded_with_optional_wager).said_next(
                "turn each folded seat's cards from under its Pocket Bonus or Trips Plus Wager and settle that wager"),
            Close("close", "§ 677a.11(j)",
                  "All wagers settled: place the cards in the discard rack so each hand can be reconstructed."),
        ]

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "dealer_card_exposed":
            undecided = [n for n in rnd.playing_seats()
                         if not rnd.seats[n].folded and "raise" not in rnd.seats[n].wagers]
            if not undecided:
                raise Refused("§ 677a.13(d) applies only to a dealer's card exposed before each player has either "
                              "folded or placed a Raise Wager", irregularity.section)
        if irregularity.kind == "card_face_up" and len(rnd.board) == 5:
            # § 677a.13(a) is about a card found face up "while the cards are being dealt".
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 677a.11(f): a fold loses the Ante and the Odds Wager at once; the cards go to the discard
        rack, or under the player's Pocket Bonus or Trips Plus Wager until it is settled."""
        cards = ("tuck the cards under the Pocket Bonus or Trips Plus Wager" if self.kept_after_fold(seat)
                 else "cards to the discard rack")
        return [SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager], "§ 677a.11(f)",
                               note=f"Folded: {self.wager_label(wager)} collected" + (f"; {cards}" if first else ""),
                               stage=DECISION)
                for first, wager in ((True, "ante"), (False, "odds"))]

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        lines: list[SettlementLine] = []
        if not seat.folded:
            lines += self.settle_main(rnd, seat)
            lines += self.cap(rnd, seat, lines, "the Ante, Raise and Odds Wagers")
        return lines + self.settle_optional(rnd, seat)

    def settle_main(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 677a.11(h): the Ante, Raise and Odds Wagers against the dealer's hand."""
        player = high_hand(seat.cards + rnd.board)
        dealer = high_hand(rnd.dealer_cards + rnd.board)
        versus = against_dealer(player, dealer)
        stakes = {wager: seat.wagers[wager] for wager in MAIN_WAGERS}

        def line(wager: str, outcome: str, section: str, amount: Cents | None = None, **extra: str) -> SettlementLine:
            stake = stakes[wager]
            if amount is None:
                amount = stake if outcome == LOSE else 0
            return SettlementLine(seat.number, wager, stake, outcome, amount, section, hand=versus, **extra)

        # § 677a.12(b): a winning hand's Odds Wager is paid on its own table, or pushes below a straight.
        odds = winning_hand_line(seat, "odds", "Odds Wager", self.odds_table, player, versus)

        def paid(wager: str) -> SettlementLine:
            return line(wager, WIN, "§ 677a.12(a)", EVEN_MONEY.winnings(stakes[wager]), odds=str(EVEN_MONEY))

        if dealer.category < Category.PAIR:
            # § 677a.11(h)(1): the dealer has less than a pair; the Ante pushes whatever the player holds.
            lines = [line("ante", PUSH, "§ 677a.11(h)(1)", note="The dealer has less than a pair: the Ante pushes")]
            if player.value > dealer.value:
                return lines + [paid("raise"), odds]
            if player.value == dealer.value:
                return lines + [line(w, PUSH, "§ 677a.11(h)(1)(ii)") for w in ("raise", "odds")]
            return lines + [line(w, LOSE, "§ 677a.11(h)(1)(iii)") for w in ("raise", "odds")]
        # § 677a.11(h)(2): the dealer has a pair or better.
        if player.value > dealer.value:
            return [paid("ante"), paid("raise"), odds]
        if player.value == dealer.value:
            return [line(w, PUSH, "§ 677a.11(h)(2)(ii)") for w in MAIN_WAGERS]
        lines = [line("ante", LOSE, "§ 677a.11(h)(2)(iii)")]
        if player.category < Category.STRAIGHT:
            return lines + [line(w, LOSE, "§ 677a.11(h)(2)(iii)(A)") for w in ("raise", "odds")]
        lines.append(line("raise", LOSE, "§ 677a.11(h)(2)(iii)(B)"))
        table = self.bad_beat_table
        row = table.pay_row(player.slugs)
        if row is None:  # pragma: no cover - a straight or better has a row; a royal flush cannot lose
            return lines + [line("odds", LOSE, "§ 677a.11(h)(2)(iii)(B)")]
        return lines + [line("odds", WIN, table.section, row.payout.winnings(stakes["odds"]), odds=str(row.payout),
                             note=f"Bad Beat Bonus: {row.label.lower()} lost to the dealer "
                                  "(§ 677a.11(h)(2)(iii)(B))")]

    def settle_optional(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """§ 677a.11(i): after the other wagers, the Pocket Bonus and then the Trips Plus Wager."""
        lines = []
        if "pocket_bonus" in seat.wagers:
            lines.append(self.settle_pocket_bonus(rnd, seat))
        if "trips_plus" in seat.wagers:
            lines.append(self.settle_trips_plus(rnd, seat))
        return lines

    def settle_pocket_bonus(self, rnd: RoundState, seat: Seat) -> SettlementLine:
        """§ 677a.11(i)(1): a pair, or an ace with a king, queen or jack, in the player's two cards."""
        table = paytable(self.slug, "pocket_bonus", rnd.rules["pocket_bonus_paytable"])
        hand = pocket_bonus_hand(seat.cards)
        cards = " ".join(card.code for card in seat.cards)
        return paytable_line(seat, "pocket_bonus", table, table.row(hand) if hand else None, cards,
                             losing_section="§ 677a.11(i)(1)(ii)",
                             losing_hand=f"{cards}: neither a pair nor an ace with a king, queen or jack")

    def settle_trips_plus(self, rnd: RoundState, seat: Seat) -> SettlementLine:
        """§ 677a.11(i)(2): three-of-a-kind or better in the best five of the player's two cards and the board."""
        table = paytable(self.slug, "trips_plus", rnd.rules["trips_plus_paytable"])
        hand = high_hand(seat.cards + rnd.board)
        row = table.pay_row(hand.slugs) if hand.category >= Category.THREE_OF_A_KIND else None
        return paytable_line(seat, "trips_plus", table, row, hand.name, losing_section="§ 677a.11(i)(2)(ii)",
                             losing_hand=f"{hand.name}: below three-of-a-kind", row_named=False)

    def settle_surviving(self, rnd: RoundState, seat: Seat, wager: str) -> SettlementLine:
        return self.settle_pocket_bonus(rnd, seat) if wager == "pocket_bonus" else self.settle_trips_plus(rnd, seat)


GAME = WptHeadsUp()
