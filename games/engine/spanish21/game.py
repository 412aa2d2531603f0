"""Spanish 21, Chapter 635a: the game's data, its rules options and its procedure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.engine.cards import Deck
from games.engine.core import (
    DECISION,
    IMMEDIATE,
    Betting,
    Close,
    Game,
    Irregularity,
    OpenDeal,
    Refused,
    RoundState,
    RuleOption,
    Seat,
    SettlementLine,
    Step,
    ZoneSpec,
)
from games.engine.core.state import Hand
from games.engine.core.wagers import BY_DECISION, Limits, WagerDef
from games.engine.money import MoneyError, parse_dollars
from games.engine.return_models import DECISIONS, MatchTheDealer
from games.engine.spanish21 import hands as h
from games.engine.spanish21 import irregularities, settlement
from games.engine.spanish21.play import (
    CardReaderPeek,
    DealerDraws,
    HoleCard,
    InsuranceOffer,
    Pass,
    PlayHands,
    deferred_surrenders,
    surrender_lines,
)

SETTLEMENT_ORDERS = (
    ("collect_then_pay", "Collect all losing wagers, then pay all winning wagers (§ 635a.7(p)(1))"),
    ("right_to_left", "From the dealer's right, counterclockwise, each player paid or collected (§ 635a.7(p)(2))"),
)
SPLITS = (("0", "None"), ("1", "One"), ("2", "Two"), ("3", "Three"))
BOXES = (("1", "One"), ("2", "Two"), ("3", "Three"))


def _in_play(rnd: RoundState, seat: Seat) -> bool:
    return not h.seat_dead(seat)


def _any_in_play(rnd: RoundState) -> bool:
    return any(_in_play(rnd, rnd.seats[n]) for n in rnd.playing_seats())


def dealer_hand(rnd: RoundState) -> str:
    """The dealer's total once the hole card is turned ("hard 18"), as the dealer announces it
    (§ 635a.7(k)); "" before."""
    zone = rnd.zone("dealer")
    return str(h.dealer_total(rnd)) if len(zone.cards) >= 2 and all(zone.face_up) else ""


def _dealer_stands(rnd: RoundState) -> str:
    """What the settlement's prompt says of the dealer's hand: its total, and, below 17, why no card
    was drawn: no hand's outcome depends on it (§ 635a.7(m))."""
    shown = dealer_hand(rnd)
    if not shown:
        return ""
    count = h.dealer_total(rnd)
    if count.total < 17 and not h.peeked_blackjack(rnd):
        return (f"You stand on {shown}: every hand is decided whatever you draw, so you draw no card "
                "(§ 635a.7(m)).")
    return f"You have {shown}."


def _dealer_draws(rnd: RoundState) -> bool:
    """§ 635a.7(l)-(m): to a hard or soft 17, and only while a hand still depends on it.  Before the
    hole card is turned the draws are still ahead wherever a hand depends on them (what the "next"
    line names); the steps before come first all the same."""
    if h.peeked_blackjack(rnd) or not any(not h.decided_without_dealer(rnd.seats[n], hand)
                                          for n in rnd.playing_seats() for hand in rnd.seats[n].hands):
        return False
    return "hole_card" not in rnd.completed_steps or h.dealer_total(rnd).total < 17


class Spanish21(Game):
    slug = "spanish-21"
    name = "Spanish 21"
    chapter = "635a"
    seat_count = 7  # § 635a.2(a): betting positions for no more than seven players
    table_section = "§ 635a.2(a)"
    wager_section = "§ 635a.6"
    zones = (ZoneSpec("dealer", "Dealer"),)
    deck = Deck(decks=6, without_ranks=(10,), section="§ 635a.3(a)")
    adjacent_boxes_section = "§ 635a.6(f)"
    wagers = (
        WagerDef("main", "Spanish 21 Wager", "§ 635a.6(d)", required=True,
                 limits=Limits("5.00", "500.00", "§ 635a.6(d)"), returns=DECISIONS),
        WagerDef("match_the_dealer", "Match-the-Dealer Wager", "§ 635a.6(e)", offered_by="match_the_dealer",
                 judged_on="the player's first two cards against the dealer's up card",
                 limits=Limits("1.00", "100.00", "§ 635a.6(e)"), returns=MatchTheDealer()),
        WagerDef("insurance", "Insurance Wager", "§ 635a.8", placed=BY_DECISION, returns=DECISIONS),
        WagerDef("double_down", "Double Down Wager", "§ 635a.10", placed=BY_DECISION),
        WagerDef("split", "Split Wager", "§ 635a.11(a)", placed=BY_DECISION, equals="main"),
    )
    # Lines that are not a wager of their own: the fixed payouts of § 635a.12(c).
    EXTRA_LABELS: ClassVar[dict[str, str]] = {
        "seven_sevens_bonus": "Three suited 7s bonus",
        "seven_sevens_share": "Three suited 7s, other players' $50",
    }
    own_rules: dict[str, Any] = {
        "decks": "6",
        "match_the_dealer": False,
        "even_money": False,
        "additional_splits": "2",
        "settlement_order": "collect_then_pay",
        "adjacent_boxes": "1",
        "smallest_chip": "1.00",
        "approval_threshold": "",
    }
    own_options = (
        RuleOption("decks", "Decks in the shoe (48 cards each, the tens removed)", "choice", "§ 635a.3(a)",
                   (("6", "Six"), ("8", "Eight")), help="Match-the-Dealer is paid on the table for this number",
                   paytable_wager="match_the_dealer", paytable_letter="{} decks"),
        RuleOption("match_the_dealer", "Match-the-Dealer Wager offered", "bool", "§ 635a.6(e)"),
        RuleOption("even_money", "Even money offered to a Blackjack instead of Insurance", "bool", "§ 635a.8(e)"),
        RuleOption("additional_splits", "Additional times a player may split pairs (aces included)", "choice",
                   "§ 635a.11(c)", SPLITS),
        RuleOption("settlement_order", "Order of collecting and paying", "choice", "§ 635a.7(p)", SETTLEMENT_ORDERS),
        RuleOption("adjacent_boxes", "Adjacent boxes one player may wager on in a round", "choice", "§ 635a.6(f)",
                   BOXES),
        RuleOption("smallest_chip", "Smallest chip (an Insurance Wager may round half the wager up to it)", "money",
                   "§ 635a.8(b)"),
        RuleOption("approval_threshold", "Floorperson approval for a seat's payout from", "money",
                   help="Leave empty for none"),
    )
    irregularities = irregularities.IRREGULARITIES

    # -- rules ----------------------------------------------------------------------------------

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        merged = super().validate_rules(rules)
        self.check_wager_options(merged)
        for key, choices, section in (("decks", ("6", "8"), "§ 635a.3(a)"),
                                      ("additional_splits", dict(SPLITS), "§ 635a.11(c)"),
                                      ("settlement_order", dict(SETTLEMENT_ORDERS), "§ 635a.7(p)"),
                                      ("adjacent_boxes", dict(BOXES), self.adjacent_boxes_section)):
            if merged[key] not in choices:
                raise Refused(f"The {key.replace('_', ' ')} option must be one of {', '.join(choices)}, "
                              f"not {merged[key]!r}", section)
        for key in ("match_the_dealer", "even_money"):
            if not isinstance(merged[key], bool):
                raise Refused(f"The {key.replace('_', ' ')} option is yes or no (true or false), not {merged[key]!r}",
                              "§ 635a.6(e)" if key == "match_the_dealer" else "§ 635a.8(e)")
        try:
            chip = parse_dollars(merged["smallest_chip"])
        except MoneyError as error:
            raise Refused(f"Smallest chip: {error}", "§ 635a.8(b)") from None
        if chip <= 0:
            raise Refused("The smallest chip must be more than $0.00", "§ 635a.8(b)")
        return merged

    def deck_for(self, rules: Mapping[str, Any]) -> Deck:
        """§ 635a.3(a): six or eight decks of 48 cards, as the table's Rules Submission says."""
        return Deck(decks=int(rules.get("decks", "6")), without_ranks=(10,), section="§ 635a.3(a)")

    def describe(self, rules: Mapping[str, Any]) -> str:
        decks = {"6": "Six", "8": "Eight"}.get(str(rules.get("decks", "6")), "Six")
        return f"{decks} decks of 48 cards (no tens), dealt from a shoe"

    def wager_label(self, wager: str) -> str:
        return self.EXTRA_LABELS.get(wager) or super().wager_label(wager)

    def describe_hand(self, rnd: RoundState, seat: Seat, hand: Hand) -> str:
        return h.describe(rnd, seat, hand)

    def describe_zone(self, rnd: RoundState, zone: str) -> str:
        return dealer_hand(rnd) if zone == "dealer" else ""

    # -- procedure ------------------------------------------------------------------------------

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        optional = "; optional Match-the-Dealer Wager" if rules["match_the_dealer"] else ""
        losers_first = rules["settlement_order"] == "collect_then_pay"
        settle_text = ("Collect all losing wagers, then pay all winning wagers." if losers_first else
                       "From your right, counterclockwise, pay each winning wager and collect each losing one, "
                       "losing chips straight into the table inventory (never to pay a winner).")
        return [
            Betting("wagers", "§ 635a.6(c)",
                    f"Wagers are placed (a Spanish 21 Wager per box{optional}). Announce \"no more bets\".",
                    "Place each seat's wagers: a box plays with its Spanish 21 Wager."),
            OpenDeal("deal", "§ 635a.7(e)",
                     "Deal from the shoe, clockwise from your left: (1) a card face up to each box (seats {seats}); "
                     "(2) your up card, face up; (3) a second card face up to each box; (4) your hole card face "
                     "down. Then enter them: each box's first and second card, then your up card (the hole card "
                     "when you turn it).", 2, {"dealer": (1, 1)}, eligible=_in_play),
            Pass("match", "§ 635a.7(f)",
                 "Before any other card and before the card reader: from your right, counterclockwise, "
                 "collect each losing Match-the-Dealer Wager and pay each matching card (§ 635a.12(e)).",
                 brief="settle the Match-the-Dealer Wagers",
                 stage=IMMEDIATE, label="Match-the-Dealer Wagers settled",
                 applies=lambda rnd: any("match_the_dealer" in rnd.seats[n].wagers
                                         and _in_play(rnd, rnd.seats[n]) for n in rnd.playing_seats())),
            InsuranceOffer(),
            CardReaderPeek(),
            Pass("insurance_lost", "§ 635a.8(d)",
                 "No dealer's Blackjack: collect every Insurance Wager now, before any card is drawn.",
                 brief="collect every Insurance Wager (the card reader shows no Blackjack)",
                 stage=IMMEDIATE, label="Insurance Wagers collected",
                 applies=lambda rnd: rnd.step_results.get("peek") == "no" and any(
                     "insurance" in rnd.seats[n].wagers for n in rnd.playing_seats())),
            PlayHands(),
            HoleCard(applies=_any_in_play),
            Pass("surrenders", "§ 635a.9(a)(2)",
                 "The hole card is turned: settle each surrendered wager that was waiting on it.",
                 brief="settle the surrenders that waited on the hole card",
                 stage=IMMEDIATE, label="Surrenders settled",
                 applies=lambda rnd: bool(deferred_surrenders(rnd))),
            DealerDraws("dealer_draws", "§ 635a.7(l)",
                        "You have {state}: draw a card face up, enter it and announce your total (stand on any 17).",
                        "dealer", _dealer_draws, lambda rnd: str(h.dealer_total(rnd))),
            Pass("settle", "§ 635a.7(p)(1)" if losers_first else "§ 635a.7(p)(2)", settle_text,
                 brief="settle every hand: " + settle_text[0].lower() + settle_text[1:].rstrip("."),
                 losers_first=losers_first, label="Every hand settled", applies=_any_in_play,
                 note=_dealer_stands),
            Close("close", "§ 635a.7(q)",
                  "Place the cards in the discard rack so each hand can be reconstructed: all wagers are settled."),
        ]

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode, § 635a.7(e): a card to each box, the up card, a second to each box, the hole card."""
        seats = [f"seat:{n}" for n in rnd.playing_seats() if _in_play(rnd, rnd.seats[n])]
        dealt: dict[str, list[str]] = {target: [] for target in [*seats, "dealer"]}
        for _ in range(2):
            for target in dealt:
                dealt[target].append(rnd.shoe.draw()[0].code)
        return dealt

    # -- settlement -----------------------------------------------------------------------------

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        match step.id:
            case "match":
                return settlement.match_the_dealer(rnd, rnd.deck.decks)
            case "insurance_lost":
                return settlement.insurance_lost(rnd)
            case "surrenders":
                return surrender_lines(rnd)
        return settlement.final(rnd)

    def kept_through_void(self, line: SettlementLine) -> bool:
        """A wager paid or collected before the void (Match-the-Dealer, a Blackjack paid at once, a
        surrender, a rescue) was settled at the table: the void returns only what is still in action."""
        return line.stage in (IMMEDIATE, DECISION)

    # -- irregularities -------------------------------------------------------------------------

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        irregularities.check(rnd, irregularity, action)

    def note_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
        irregularities.note(rnd, irregularity, action)

    def multiple_face_up(self, rnd: RoundState) -> Irregularity:
        return irregularities.CARDS_FACE_UP

    def payout_refused(self, rnd: RoundState, approval: Any) -> None:
        """Every card was entered face up as it fell, so a refused payout is not re-entered: the lines
        stand as the record of the cards, and the dispute is settled from the round sheet."""


GAME = Spanish21()
