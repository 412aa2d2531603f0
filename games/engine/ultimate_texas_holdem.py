"""Ultimate Texas Hold 'Em Poker, Chapter 653a.

What survives of the Pennsylvania text is the specification: the rankings (§ 653a.6), the Ante and
Play Wagers paid at 1 to 1 (§ 653a.12(a)), the Blind Wager's paytables (§ 653a.12(b)) and the Trips
Wager's (§ 653a.12(c)).  The wagers and the play (§§ 653a.7-653a.11) and the irregularities
(§ 653a.13) are not available: the round follows the game as it is commonly played, and each
prompt that does says so (``COMMONLY``).  Where that procedure is the one the hold'em chapters
share, the prompt cites World Poker Tour Heads-Up Hold 'Em's section, the chapter whose round is
shaped like this one (Ante and an equal second wager, a single raise of up to three times, twice,
then once the Ante, the Turn and River dealt together): its dealing methods (§§ 677a.8-677a.10)
and its irregularities (§ 677a.13).

Each player places an Ante and an equal Blind, and may place the Trips Wager.  Once, and only
once, the player makes the Play Wager: four (or, where the table allows it, three) times the Ante
before the Flop, twice the Ante after it, once the Ante after the Turn and River, or folds, losing
the Ante and the Blind.  The dealer's hand opens with a pair or better; otherwise the Ante pushes.
A winning hand is paid 1 to 1 on the Ante and the Play, the Blind on its table for the hands it
lists, pushing on a lesser winning hand; the dealer's winning hand takes all three; a tie pushes
them.  The Trips Wager is paid on the player's final hand whatever the dealer holds, a folded
player's too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.chapters.banked_poker import (
    BankedPoker,
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
from games.engine.core.game import NotInText, five_card_hand_bonus
from games.engine.core.wagers import BY_DECISION, Limits, PaytableChoice, WagerDef
from games.engine.hands import Category, high_hand
from games.engine.hands.compare import against_dealer
from games.engine.money import EVEN_MONEY, Cents, Odds, parse_dollars
from games.engine.paytables import Paytable, paytable
from games.engine.return_models import DECISIONS, SEVEN
from games.engine.wpt_heads_up import WptHeadsUp

SLUG = "ultimate-texas-holdem"
COMMONLY = "(Procedure as commonly played; the Pennsylvania section is not available.)"
ROUND_SECTION = "§ 653a.11"  # its paragraphs are not available, only (j) of the 2014 text
WAGERS_SECTION = "§ 653a.7(d)"  # known to list the wagers: (d)(3) Progressive, (d)(6) Bad Beat
MAIN_WAGERS = ("ante", "blind", "play")  # settled in this order, then the Trips Wager
PREFLOP_MULTIPLES = {"4_or_3": (4, 3), "4": (4,)}


def _playing(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers


def _not_played(rnd: RoundState, seat: Seat) -> bool:
    return "ante" in seat.wagers and "play" not in seat.wagers


def _played(rnd: RoundState, seat: Seat) -> bool:
    return "play" in seat.wagers


def _played_anywhere(rnd: RoundState) -> bool:
    """The dealer's hand decides only the seats that made a Play Wager: when all folded, it stays down."""
    return any("play" in rnd.seats[n].wagers for n in rnd.playing_seats())


def _folded_with_trips(rnd: RoundState, seat: Seat) -> bool:
    return seat.folded and "trips" in seat.wagers and rnd.rules["trips_after_fold"] == "settled"


class UltimateTexasHoldem(BankedPoker):
    slug = SLUG
    name = "Ultimate Texas Hold 'Em Poker"
    chapter = "653a"
    seat_count = 6  # the common layout; § 653a.2 is not available
    not_in_text = (
        NotInText("progressive", "Progressive Wager", "the current chapter's progressive rows and meters (its mega, "
                  "major and minor jackpots) are not in the available text", "§ 653a.7(d)(3)"),
        NotInText("bad_beat", "Bad Beat Bonus Wager", "its paytable and rules (§ 653a.12(h)) are not in the "
                  "available text", "§ 653a.7(d)(6)"),
        five_card_hand_bonus("653a"),
    )
    table_section = "§ 653a.2"
    wager_section = WAGERS_SECTION
    # §§ 653a.8-653a.10 are not available: the dealing methods are the hold'em chapters' shared ones,
    # cited from Chapter 677a, whose Turn and River are dealt together as here.
    dealing = WptHeadsUp.dealing
    # § 653a.12 is titled "payout limitation"; its paragraph was not available.  Like § 677a.12(f),
    # a limit the table may set, on the wagers played against the dealer.
    payout_limit_section = "§ 653a.12"
    board_wagers = ("trips",)
    wagers = (
        WagerDef("ante", "Ante", WAGERS_SECTION, required=True, capped=True,
                 limits=Limits("5.00", "500.00", WAGERS_SECTION, label="Ante (the Blind Wager equals it)")),
        WagerDef("blind", "Blind Wager", WAGERS_SECTION, equals="ante", capped=True,
                 judged_on="the best five of the player's two cards and the five community cards, when it beats "
                           "the dealer's",
                 paytable=PaytableChoice("A", "§ 653a.12(b)", optional=False), returns=DECISIONS),
        WagerDef("play", "Play Wager", ROUND_SECTION, placed=BY_DECISION, capped=True),
        WagerDef("trips", "Trips Wager", WAGERS_SECTION, survives_fold=True,
                 judged_on="the best five of the player's two cards and the five community cards",
                 limits=Limits("1.00", "100.00", WAGERS_SECTION),
                 paytable=PaytableChoice("B", "§ 653a.12(c)"), returns=SEVEN),
    )
    own_rules: dict[str, Any] = {
        "preflop_play": "4_or_3",  # the Play Wager before the Flop: four or three times the Ante, or four only
        "trips_after_fold": "settled",  # a folded player's Trips Wager: settled on the final hand, or lost
        "payout_limit": "",  # "" = none
        "dealing_method": "manual_shoe",
        "counting_shuffler": False,  # a shuffler that counts 52 cards: no stub count (§ 677a.8(e))
        "approval_threshold": "",  # any seat's payout of this much or more waits for a floorperson
    }
    own_options = (
        RuleOption("preflop_play", "Play Wager before the Flop", "choice", ROUND_SECTION,
                   (("4_or_3", "Four or three times the Ante"), ("4", "Four times the Ante only")),
                   help="Procedure as commonly played; § 653a.11 is not available"),
        RuleOption("trips_after_fold", "A folded player's Trips Wager", "choice", ROUND_SECTION,
                   (("settled", "Settled on the player's final hand"), ("lost", "Lost with the Ante and the Blind")),
                   help="Procedure as commonly played: settled; § 653a.11 is not available"),
        RuleOption("payout_limit", "Aggregate payout limit per player per round (Ante, Blind and Play)", "money",
                   "§ 653a.12", help="Leave empty for none; else at least $50,000 or the most one patron can win "
                                     "on those wagers betting the minimum (the paragraph is not available)"),
    )
    irregularities = {
        "dealer_card_exposed": Irregularity(
            "dealer_card_exposed", "Dealer's card exposed before each player folded or made the Play Wager",
            "§ 677a.13(d)", void=True, surviving_wagers=("trips",)),
    }
    MULTIPLE_FACE_UP_BEFORE_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up while dealing", "§ 677a.13(a)", void=True)
    MULTIPLE_FACE_UP_AFTER_DEAL = Irregularity(
        "cards_face_up", "More than one card found face up after the initial two cards", "§ 677a.13(a)",
        void=True, surviving_wagers=("trips",))

    # -- rules ----------------------------------------------------------------------------------

    def check_rules(self, merged: Mapping[str, Any]) -> None:
        super().check_rules(merged)
        if merged["trips_after_fold"] not in ("settled", "lost"):
            raise Refused("A folded player's Trips Wager is 'settled' or 'lost', not "
                          f"{merged['trips_after_fold']!r}", ROUND_SECTION)
        if merged["preflop_play"] not in PREFLOP_MULTIPLES:
            raise Refused("The Play Wager before the Flop is four or three times the Ante ('4_or_3') or four "
                          f"times only ('4'), not {merged['preflop_play']!r}", ROUND_SECTION)

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        """What one patron could win on the Ante, Blind and Play Wagers betting the minimum.

        At the minimum Ante m: the Ante at 1 to 1 (m), the largest Play Wager, four times the Ante, at
        1 to 1 (4m), and the Blind's top row, a royal flush at 500 to 1 on either table (500m): 505m.
        They are all won in one hand (a royal flush against a dealer's pair).
        """
        ante = parse_dollars(rules["min_ante"])
        blind = max(row.payout.winnings(ante) for row in self.blind_table(rules).rows if isinstance(row.payout, Odds))
        return EVEN_MONEY.winnings(ante) + EVEN_MONEY.winnings(4 * ante) + blind

    def blind_table(self, rules: Mapping[str, Any]) -> Paytable:
        return paytable(self.slug, "blind", rules["blind_paytable"])

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        method = rules["dealing_method"]
        trips = ", optional Trips Wager" if rules["trips_paytable"] else ""
        texts = heads_up_deal_texts(method, "an Ante and a Blind")
        multiples = PREFLOP_MULTIPLES[rules["preflop_play"]]
        preflop_rule = " or ".join(("four", "three")[4 - m] for m in multiples) + " times the Ante"
        return [
            EqualWagersBetting("wagers", self.dealing.cite(self.dealing.announce, method),
                               f"Wagers are placed (Ante and Blind{trips}). Announce \"no more bets\". {COMMONLY}",
                               "Place each seat's wagers: a seat plays with an Ante and a Blind Wager equal to it. "
                               + COMMONLY),
            Deal("deal", self.dealing.cite(self.dealing.deal, method), f"{texts.deal} {COMMONLY}", cards_each=2,
                 zones={"dealer": 2}),
            SeatDecision("preflop_decision", ROUND_SECTION, (
                Option("play", "Play Wager", wager="play",
                       amounts=lambda rnd, seat: tuple(m * seat.wagers["ante"] for m in multiples),
                       rule=preflop_rule, section=ROUND_SECTION),
                Option("check", "Check"),
            ), eligible=_playing, note=COMMONLY),
            ZoneCards("flop", ROUND_SECTION, f"{texts.flop} {COMMONLY}", 3, burn=texts.burn),
            SeatDecision("flop_decision", ROUND_SECTION, (
                Option("play", "Play Wager", wager="play", amount=lambda rnd, seat: 2 * seat.wagers["ante"],
                       rule="twice the Ante", section=ROUND_SECTION),
                Option("check", "Check"),
            ), eligible=_not_played, note=COMMONLY),
            ZoneCards("turn_river", ROUND_SECTION, f"{texts.turn_river} {COMMONLY}", 2, burn=texts.burn),
            *self.stub_count_steps(rules),
            SeatDecision("river_decision", ROUND_SECTION, (
                Option("play", "Play Wager", wager="play", amount=lambda rnd, seat: seat.wagers["ante"],
                       rule="equal to the Ante", section=ROUND_SECTION),
                Option("fold", "Fold", folds=True),
            ), eligible=_not_played, note=COMMONLY),
            ZoneCards("reveal", ROUND_SECTION,
                      "Turn the dealer's two cards face up and enter them: with the five community cards they make "
                      f"the dealer's hand. {COMMONLY}", 2, zone="dealer", applies=_played_anywhere),
            SettleSeats("settle", ROUND_SECTION,
                        "Turn seat {seat}'s two cards face up and settle its wagers, from the dealer's right. "
                        + COMMONLY, eligible=_played),
            SettleSeats("settle_trips", ROUND_SECTION,
                        "Folded seat {seat}: turn its cards from under its Trips Wager and settle it. " + COMMONLY,
                        eligible=_folded_with_trips).said_next(
                "turn each folded seat's cards from under its Trips Wager and settle it"),
            Close("close", ROUND_SECTION,
                  f"All wagers settled: place the cards in the discard rack so each hand can be reconstructed. "
                  f"{COMMONLY}"),
        ]

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        super().check_irregularity(rnd, irregularity, action)
        if irregularity.kind == "dealer_card_exposed":
            if not any(_not_played(rnd, rnd.seats[n]) and not rnd.seats[n].folded for n in rnd.playing_seats()):
                raise Refused("A dealer's card exposed voids the round only before each player has folded or "
                              "made the Play Wager", irregularity.section)
        if irregularity.kind == "card_face_up" and len(rnd.board) == 5:
            # § 677a.13(a) is about a card found face up "while the cards are being dealt".
            raise Refused("Every card of the round has been dealt: a card found face up now does not void it",
                          irregularity.section)

    # -- settlement -----------------------------------------------------------------------------

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """A fold loses the Ante and the Blind at once, and the Trips Wager where the table's rules say
        so; the cards go to the discard rack, or under the Trips Wager until it is settled."""
        kept = _folded_with_trips(rnd, seat)
        lost = ["ante", "blind"] + (["trips"] if "trips" in seat.wagers and not kept else [])
        cards = "tuck the cards under the Trips Wager" if kept else "cards to the discard rack"
        return [SettlementLine(seat.number, wager, seat.wagers[wager], LOSE, seat.wagers[wager], ROUND_SECTION,
                               note=f"Folded: {self.wager_label(wager)} collected" + (f"; {cards}" if first else ""),
                               stage=DECISION)
                for first, wager in zip((True, False, False), lost, strict=False)]

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        lines: list[SettlementLine] = []
        if not seat.folded:
            lines += self.settle_main(rnd, seat)
            lines += self.cap(rnd, seat, lines, "the Ante, Blind and Play Wagers")
        if "trips" in seat.wagers:
            lines.append(self.settle_trips(rnd, seat))
        return lines

    def settle_main(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """The Ante, Blind and Play Wagers against the dealer's hand, which opens with a pair or better."""
        player = high_hand(seat.cards + rnd.board)
        dealer = high_hand(rnd.dealer_cards + rnd.board)
        versus = against_dealer(player, dealer)
        opens = dealer.category >= Category.PAIR

        def line(wager: str, outcome: str, note: str = "") -> SettlementLine:
            stake = seat.wagers[wager]
            return SettlementLine(seat.number, wager, stake, outcome, stake if outcome == LOSE else 0,
                                  ROUND_SECTION, hand=versus, note=note)

        def paid(wager: str) -> SettlementLine:
            return SettlementLine(seat.number, wager, seat.wagers[wager], WIN,
                                  EVEN_MONEY.winnings(seat.wagers[wager]), "§ 653a.12(a)", odds=str(EVEN_MONEY),
                                  hand=versus)

        if player.value > dealer.value:
            ante = paid("ante") if opens else line("ante", PUSH, "The dealer does not open (less than a pair): "
                                                                 "the Ante pushes")
            blind = winning_hand_line(seat, "blind", "Blind Wager", self.blind_table(rnd.rules), player, versus)
            return [ante, blind, paid("play")]
        if player.value == dealer.value:
            return [line(wager, PUSH, "A tie: the wager pushes") for wager in MAIN_WAGERS]
        if not opens:
            return [line("ante", PUSH, "The dealer does not open (less than a pair): the Ante pushes"),
                    line("blind", LOSE), line("play", LOSE)]
        return [line(wager, LOSE) for wager in MAIN_WAGERS]

    def settle_trips(self, rnd: RoundState, seat: Seat) -> SettlementLine:
        """§ 653a.12(c): three-of-a-kind or better in the best five of the player's two cards and the
        board, whatever the dealer holds and whether or not the player folded."""
        table = paytable(self.slug, "trips", rnd.rules["trips_paytable"])
        hand = high_hand(seat.cards + rnd.board)
        row = table.pay_row(hand.slugs) if hand.category >= Category.THREE_OF_A_KIND else None
        return paytable_line(seat, "trips", table, row, hand.name, losing_section="§ 653a.12(c)",
                             losing_hand=f"{hand.name}: below three-of-a-kind", row_named=False)

    def settle_surviving(self, rnd: RoundState, seat: Seat, wager: str) -> SettlementLine:
        return self.settle_trips(rnd, seat)  # the Trips Wager is the only one a void leaves


GAME = UltimateTexasHoldem()
