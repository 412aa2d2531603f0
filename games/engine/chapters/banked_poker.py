"""The machinery the banked poker chapters (643a, 647a, 677a and their siblings) share.

Their sections are numbered alike: § .8 a manual dealing shoe, § .9 dealing from the hand,
§ .10 an automated dealing shoe (§ .10(g) one that reshuffles), § .12 payouts and the aggregate
payout limit, § .13 irregularities.  Only the paragraph letters differ from chapter to chapter,
so a game states them once in a ``DealingSections`` and gets its options, prompts and
irregularities from here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine.core.game import Game, RuleOption
from games.engine.core.records import CAPPED, LOSE, PUSH, WIN, Choice, Irregularity, Prompt, Refused, SettlementLine
from games.engine.core.schema import NAME, ActionSchema, accepts
from games.engine.core.state import Seat
from games.engine.core.steps import Betting, Step
from games.engine.core.wagers import BEFORE_DEAL
from games.engine.money import Cents, MoneyError, Odds, dollars, parse_dollars
from games.engine.paytables import PayRow, Paytable

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState

METHODS = ("manual_shoe", "hand", "automated_shoe", "reshuffling_shoe")
AUTOMATED_SHOES = ("automated_shoe", "reshuffling_shoe")
DEALING_METHOD_CHOICES = (
    ("manual_shoe", "Manual dealing shoe"),
    ("hand", "From the hand"),
    ("automated_shoe", "Automated dealing shoe"),
    ("reshuffling_shoe", "Automated shoe that reshuffles (community cards may come first)"),
)
# § .13(a), (c), (f) of the chapters that print them (§§ 647a.13, 677a.13, 643a.13).
IRREGULARITY_PARAGRAPHS = {"card_face_up": "13(a)", "wrong_card_count": "13(c)", "shoe_jam": "13(f)"}
STATUTORY_PAYOUT_LIMIT = 5_000_000  # $50,000, the floor of every chapter's aggregate payout limit


# The Rules Submission's choice of the positions the Lucky position is drawn from (§ 647a.1, § 643a.1
# say only "the position randomly selected by the table game system").
LUCKY_POSITIONS = RuleOption(
    "lucky_positions", "Lucky position drawn from", "choice", "",
    (("all", "every betting position"), ("playing", "the positions in play this round")),
    help="With a Five Card Hand Bonus: where the table game system may draw the Lucky Bonus")


# The irregularities of § 643a.13, for a deal that deals every card of the round at once, the
# community cards face down (Let It Ride; Mississippi Stud, whose § 655a.13 is not available,
# follows it).
DEAL_AT_ONCE_IRREGULARITIES = {
    "card_face_up": Irregularity(
        "card_face_up", "Card found face up in the shoe or deck while dealing", "§ 643a.13(a)", void=False,
        asks=("card",)),
    "wrong_card_count": Irregularity(
        "wrong_card_count", "A player or the community area dealt an incorrect number of cards",
        "§ 643a.13(c)", void=True),
    "community_card_exposed": Irregularity(
        "community_card_exposed", "Community card exposed before the dealer turned it", "§ 643a.13(d)",
        void=True),
}
DEAL_AT_ONCE_MULTIPLE_FACE_UP = Irregularity(
    "cards_face_up", "More than one card found face up while dealing", "§ 643a.13(a)", void=True)


@dataclass(frozen=True)
class DealingSections:
    """Where one chapter says each dealing method's steps, as paragraph paths after "§ 647a."."""

    chapter: str
    announce: Mapping[str, str]  # "no more bets", per method
    deal: Mapping[str, str]  # the initial deal, per method
    stub_count: Mapping[str, str]  # counting the stub (no reshuffling shoe: it counts itself)
    misdeal: Mapping[str, str]  # what a wrong stub count means
    # Where § .13 says each dealing irregularity: a card found face up, a wrong number of cards, a
    # jammed shoe.  A chapter whose § .13 is not available cites the section alone ("13").
    irregularity: Mapping[str, str] = field(default_factory=lambda: dict(IRREGULARITY_PARAGRAPHS))

    def cite(self, paragraphs: Mapping[str, str], method: str) -> str:
        return f"§ {self.chapter}.{paragraphs[method]}"

    @property
    def range(self) -> str:
        return f"§ {self.chapter}.8-§ {self.chapter}.10"


class StubCount(Step):
    """Count the stub at least once every five rounds without a counting shuffler."""

    actions = accepts(ActionSchema("stub_count", {"result": NAME}))
    RESULTS = ("correct", "misdealt", "incorrect")

    def __init__(self, step_id: str, section: str, text: str, misdeal_section: str):
        super().__init__(step_id, section, text)
        self.misdeal_section = misdeal_section  # each dealing method has its own misdeal rule

    def applies(self, rnd: RoundState) -> bool:
        return bool(rnd.rules.get("stub_count_due"))

    def prompt(self, rnd: RoundState) -> Prompt:
        return Prompt(self.id, self.section, self.text, (
            Choice("52 cards: stub to the discard rack", self.action("stub_count", result="correct")),
            Choice("Wrong count, cards misdealt (52 present)", self.action("stub_count", result="misdealt"), "danger"),
            Choice("Wrong count, cards missing or extra", self.action("stub_count", result="incorrect"), "danger"),
        ))

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("stub_count", result=sheet.stub_count())

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if self.id in rnd.step_results:
            sheet["stub_count"] = rnd.step_results[self.id]
        # The floorperson's answer to the void a wrong count asked for, where it was a refusal (the
        # round then went on): without it the sheet would settle as a void the table never had.
        asked = rnd.step_results.get(f"{self.id}_void")
        if any(approval.id == asked and approval.status == "refused" for approval in rnd.approvals):
            sheet["stub_count_void"] = "refused"

    def apply(self, rnd: RoundState, action: Action) -> None:
        from games.engine.core.floor import request_void

        result = action.get("result")
        if result not in self.RESULTS:
            raise Refused(f"A stub count is one of {', '.join(self.RESULTS)}, not {result!r}", self.section)
        rnd.completed_steps.add(self.id)
        rnd.step_results[self.id] = result
        if result != "correct":
            misdeal = rnd.game.irregularities[f"stub_{result}"]
            request_void(rnd, dataclasses.replace(misdeal, section=self.misdeal_section), "")
            rnd.step_results[f"{self.id}_void"] = rnd.approvals[-1].id  # whose answer the sheet records


class EqualWagersBetting(Betting):
    """The wagers before "no more bets", where a seat plays only with its required wager and another
    equal to it: the Odds Wager of § 677a.7(d)(1), the Super Bonus Wager of § 657a.7(d)(1).

    The wager that must be equal is the one whose definition says so (``WagerDef.equals``).  Another
    amount is refused when it is placed; a required wager changed afterwards (the dealer correcting
    both amounts in turn) is refused at "no more bets" until the two agree again.
    """

    @staticmethod
    def paired(rnd: RoundState) -> list[Any]:
        return [w for w in rnd.game.wagers if w.equals and w.placed == BEFORE_DEAL
                and w.slug in rnd.game.betting_wagers(rnd.rules)]

    def check_closing(self, rnd: RoundState) -> None:
        super().check_closing(rnd)
        for number in rnd.playing_seats():
            for wager in self.paired(rnd):
                self.check_equal(rnd, number, wager, rnd.seats[number].wagers.get(wager.slug))

    def apply(self, rnd: RoundState, action: Action) -> None:
        wager = next((w for w in self.paired(rnd) if w.slug == action.get("wager")), None)
        if action["type"] == "place_wager" and wager is not None:
            number = rnd.seat_number(action.get("seat"))
            if wager.equals not in rnd.seats.get(number, Seat(number)).wagers:
                raise Refused(f"Seat {number} must place its {rnd.game.wager_label(wager.equals)} before its "
                              f"{wager.label}", wager.section)
            self.check_equal(rnd, number, wager, rnd.amount(action.get("amount"), f"seat {number}'s {wager.label}"))
        super().apply(rnd, action)

    @staticmethod
    def check_equal(rnd: RoundState, number: int, wager: Any, amount: Cents | None) -> None:
        other = rnd.game.wager_label(wager.equals)
        base = rnd.seats[number].wagers[wager.equals]
        if amount is None:
            article = "an" if wager.label[0] in "AEIOU" else "a"
            raise Refused(f"Seat {number} has an {other} of {dollars(base)} but no {wager.label}: a player places an "
                          f"{other} and {article} {wager.label} equal to it", wager.section)
        if amount != base:
            raise Refused(f"Seat {number}'s {wager.label} must equal its {other} ({dollars(base)}), not "
                          f"{dollars(amount)}", wager.section)


class BankedPoker(Game):
    """A banked poker game dealt by one of the four methods of §§ .8-.10."""

    dealing: ClassVar[DealingSections]
    # The aggregate payout limit: which wagers it covers, and whether the chapter fixes it (§ 647a.12(c))
    # or lets the casino set one or none (§ 677a.12(f), § 643a.12(h)).
    payout_limit_section: ClassVar[str]
    payout_limit_wagers: ClassVar[tuple[str, ...]]  # derived from the wagers marked ``capped``
    payout_limit_fixed: ClassVar[bool] = False
    payout_limit_scope: ClassVar[str] = ""  # " per hand", where the chapter says so
    # Wagers decided on the five community cards, which a void that keeps them alive must deal.
    board_wagers: ClassVar[tuple[str, ...]] = ()
    # Before the deal is complete a second card found face up voids everything; after it, the
    # chapter keeps some wagers alive (§ 647a.13(a), § 677a.13(a)).
    MULTIPLE_FACE_UP_BEFORE_DEAL: ClassVar[Irregularity]
    MULTIPLE_FACE_UP_AFTER_DEAL: ClassVar[Irregularity]
    # The community cards dealt face down with the players' cards, every card of the round at once
    # (§ 643a.8(d)); 0 where the community cards are dealt later (§ 647a.11(c)).
    community_cards_at_deal: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any):
        # Every chapter of the family offers the dealing options and recognises the dealing
        # irregularities; a game lists only its own (and may restate one, as 643a.13(a) does).
        super().__init_subclass__(**kwargs)
        if "wagers" in cls.__dict__:
            cls.payout_limit_wagers = tuple(w.slug for w in cls.wagers if w.capped)
        if "dealing" in cls.__dict__:
            cls.rule_options = (*cls.rule_options, *cls.dealing_options())
            cls.irregularities = {**cls.dealing_irregularities(), **cls.irregularities}

    @classmethod
    def dealing_options(cls) -> tuple[RuleOption, ...]:
        """The dealing method, whether the shuffler counts the cards, and the approval threshold."""
        counting = cls.dealing.cite(cls.dealing.stub_count, "manual_shoe")
        return (
            RuleOption("dealing_method", "Dealing method", "choice", cls.dealing.range, DEALING_METHOD_CHOICES),
            RuleOption("counting_shuffler", "Shuffler counts 52 cards after each shuffle", "bool", counting,
                       help="Without one, the stub is counted at least once every 5 rounds"),
            RuleOption("approval_threshold", "Floorperson approval for a seat's payout from", "money",
                       help="Leave empty for none"),
        )

    @classmethod
    def dealing_irregularities(cls) -> dict[str, Irregularity]:
        """A card found face up (§ .13(a)), a wrong number of cards (§ .13(c)), a jammed automated
        shoe (§ .13(f)) and a wrong stub count; ``StubCount`` cites the dealing method's own section."""
        paragraph = cls.dealing.irregularity
        stub_section = cls.dealing.cite(cls.dealing.misdeal, "manual_shoe")
        return {
            "card_face_up": Irregularity(
                "card_face_up", "Card found face up in the shoe or deck", cls.dealing.cite(paragraph, "card_face_up"),
                void=False, asks=("card",)),
            "wrong_card_count": Irregularity(
                "wrong_card_count", "Incorrect number of cards dealt", cls.dealing.cite(paragraph, "wrong_card_count"),
                void=True),
            "shoe_jam": Irregularity(
                "shoe_jam", "Automated dealing shoe jammed or failed to deal", cls.dealing.cite(paragraph, "shoe_jam"),
                void=True),
            "stub_misdealt": Irregularity(
                "stub_misdealt", "Stub count wrong: cards misdealt, 52 cards in the deck", stub_section, void=True),
            "stub_incorrect": Irregularity(
                "stub_incorrect", "Stub count wrong: the deck does not hold 52 cards; remove the deck",
                stub_section, void=True, removes_deck=True),
        }

    # -- rules ----------------------------------------------------------------------------------

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        merged = super().validate_rules(rules)
        if merged["dealing_method"] not in METHODS:
            raise Refused(f"Dealing method must be one of {', '.join(METHODS)}, not {merged['dealing_method']!r}",
                          self.dealing.range)
        self.check_rules(merged)
        self.validate_payout_limit(merged)  # last: its floor reads the limits and paytables checked above
        return merged

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        """The wagers' paytable letters and limits, then the game's own options."""
        self.check_wager_options(rules)

    def minimum_payout_limit(self, rules: Mapping[str, Any]) -> Cents:
        """$50,000, or the most one patron could win in a round betting the minimum, if more."""
        return max(STATUTORY_PAYOUT_LIMIT, self.most_won_at_minimum(rules))

    def most_won_at_minimum(self, rules: Mapping[str, Any]) -> Cents:
        raise NotImplementedError

    def validate_payout_limit(self, rules: Mapping[str, Any]) -> None:
        """A payout limit the table sets is no lower than the least the chapter allows; a chapter
        that fixes it (§ 647a.12(c)) takes no option at all."""
        if self.payout_limit_fixed:
            return
        try:
            limit = parse_dollars(rules["payout_limit"]) if rules["payout_limit"] not in ("", None) else None
        except MoneyError as error:
            raise Refused(f"Payout limit: {error}", self.payout_limit_section) from None
        if limit is None:
            return
        floor = self.minimum_payout_limit(rules)
        if limit < floor:
            raise Refused(f"The payout limit of {dollars(limit)} is below the least the regulation allows: "
                          f"{dollars(floor)} ($50,000 or the most one patron can win betting the minimum, "
                          "whichever is greater)", self.payout_limit_section)

    def fixed_by_chapter(self, rules: Mapping[str, Any]) -> list[tuple[str, Cents, str]]:
        if not self.payout_limit_fixed:
            return []
        return [("Aggregate payout limit per hand, fixed by the chapter", self.minimum_payout_limit(rules),
                 self.payout_limit_section)]

    def payout_limit(self, rnd: RoundState) -> Cents | None:
        if self.payout_limit_fixed:
            return self.minimum_payout_limit(rnd.rules)
        value = rnd.rules.get("payout_limit")
        return None if value in ("", None) else parse_dollars(value)

    # -- procedure ------------------------------------------------------------------------------

    def stub_count_steps(self, rules: Mapping[str, Any]) -> list[Step]:
        """The stub count, unless the shuffler counts the cards or the shoe reshuffles (it counts
        them itself): due at least once every 5 rounds, cited per dealing method."""
        method = rules["dealing_method"]
        if method == "reshuffling_shoe" or rules["counting_shuffler"]:
            return []
        return [StubCount("stub_count", self.dealing.cite(self.dealing.stub_count, method),
                          "Count the stub face down on the layout (due at least once every 5 rounds).",
                          self.dealing.cite(self.dealing.misdeal, method))]

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Action) -> None:
        """A jam needs an automated shoe (§ .13(f)).  A game that deals every card of the round at
        the deal, the community cards face down (``community_cards_at_deal``, § 643a.8(d)-(e)), can no
        longer find a card face up "while the cards are being dealt" (§ .13(a)) or jam once they are
        dealt, nor expose a community card once the dealer has turned them all.  Games add their own
        checks after this one."""
        if irregularity.kind == "shoe_jam" and rnd.rules.get("dealing_method") not in AUTOMATED_SHOES:
            raise Refused("This table does not deal from an automated shoe", irregularity.section)
        if not self.community_cards_at_deal:
            return
        dealt = "deal" in rnd.completed_steps
        if irregularity.kind == "card_face_up" and dealt:
            raise Refused("Every card of the round has been dealt: a card found face up now is not one found "
                          "while dealing", irregularity.section)
        if irregularity.kind == "shoe_jam" and dealt:
            raise Refused("The automated shoe dispensed every card of the round at the deal: it can no "
                          "longer fail to deal them", irregularity.section)
        if irregularity.kind == "community_card_exposed" and len(rnd.board) == self.community_cards_at_deal:
            every = "Both" if self.community_cards_at_deal == 2 else f"All {self.community_cards_at_deal}"
            raise Refused(f"{every} community cards have been turned face up by the dealer already",
                          irregularity.section)

    def void_steps(self, rnd: RoundState) -> list[Step]:
        """A void that keeps a wager decided on the five community cards alive (the Trips Plus
        Wager, § 677a.13(d)) deals the rest of the board first, when the round had not."""
        from games.engine.core.settling import ZoneCards

        missing = 5 - len(rnd.board)
        kept = [wager for wager in self.board_wagers if wager in rnd.void.surviving_wagers
                and any(wager in seat.wagers for seat in rnd.seats.values())]
        if not kept or missing <= 0:
            return []
        labels = " and ".join(f"{self.wager(wager).label}s" for wager in kept)
        return [ZoneCards("void_board", rnd.void.section,
                          f"Void: deal the remaining {missing} community card{'s' if missing > 1 else ''} "
                          f"face up to settle the {labels}: enter them.", missing)]

    def multiple_face_up(self, rnd: RoundState) -> Irregularity:
        """The void of a second card found face up: whether it leaves a wager standing depends on
        whether everyone had their first cards."""
        return self.MULTIPLE_FACE_UP_AFTER_DEAL if "deal" in rnd.completed_steps else self.MULTIPLE_FACE_UP_BEFORE_DEAL

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        """Training mode for the hold'em chapters: the cards in the order the dealing method gives them.

        One card at a time clockwise, the dealer last, twice (§ .8, § .9); or a stack of two per
        seat, clockwise, then the dealer's (§ .10(b)).  A reshuffling shoe dispenses the five
        community cards first (§ .10(g)): they are set aside, face down, and revealed later in
        their order, so they go back on top of the virtual shoe.
        """
        targets = [f"seat:{n}" for n in rnd.playing_seats()] + ["dealer"]
        method = rnd.rules["dealing_method"]
        community = rnd.shoe.draw(5) if method == "reshuffling_shoe" else ()
        hands: dict[str, list[str]] = {target: [] for target in targets}
        if method in AUTOMATED_SHOES:
            for target in targets:
                hands[target] = [card.code for card in rnd.shoe.draw(2)]
        else:
            for _ in range(2):
                for target in targets:
                    hands[target].append(rnd.shoe.draw()[0].code)
        rnd.shoe.cards[:0] = community
        return hands

    # -- settlement -----------------------------------------------------------------------------

    def cap(self, rnd: RoundState, seat: Seat, lines: list[SettlementLine], covered: str) -> list[SettlementLine]:
        """The aggregate payout limit: winnings of the wagers it covers above it come off in one line.
        ``covered`` names those wagers for the dealer ("the Ante, Flop, Turn, River and Bonus Wagers")."""
        limit = self.payout_limit(rnd)
        if limit is None:
            return []
        # A player wagering on adjacent boxes is capped once for all of them (§ 677a.12(f) "per
        # player"): what the boxes settled before this one won, less what was already taken off.
        boxes = [n for n, other in rnd.seats.items() if other.player_seat == seat.player_seat]
        earlier = [line for line in rnd.lines if line.seat in boxes and line.seat != seat.number]
        won = sum(line.amount for line in lines + earlier if line.outcome == WIN and self.covered_by_limit(line))
        taken = sum(line.amount for line in earlier if line.outcome == CAPPED)
        if won + taken <= limit:
            return []
        player = f" for the player of seats {', '.join(map(str, sorted(boxes)))}" if len(boxes) > 1 else ""
        return [SettlementLine(seat.number, "payout_limit", 0, CAPPED, limit - won - taken,
                               self.payout_limit_section,
                               note=f"Winnings of {dollars(won)} on {covered} are capped at the table's payout "
                                    f"limit of {dollars(limit)}{self.payout_limit_scope}{player}")]

    def covered_by_limit(self, line: SettlementLine) -> bool:
        return line.wager in self.payout_limit_wagers


def paytable_line(seat: Seat, wager: str, table: Paytable, row: PayRow | None, hand: str, *,
                  losing_section: str = "", losing_hand: str = "", note: str = "",
                  row_named: bool = True) -> SettlementLine:
    """A wager settled on its own paytable: the row it is paid under, or it loses.

    ``hand`` describes the hand; the row's label follows it unless ``row_named`` is false (the
    hand's own name already says it).  A "1 for 1" row gives the wager back and nothing more: the
    line is a push.
    """
    stake = seat.wagers[wager]
    if row is None:
        return SettlementLine(seat.number, wager, stake, LOSE, stake, losing_section or table.section,
                              hand=losing_hand or f"{hand}: no paying hand on {table.title}")
    odds = row.payout
    described = f"{hand}: {row.label} ({table.title})" if row_named else f"{hand} ({table.title})"
    won = odds.winnings(stake)
    if won == 0:
        return SettlementLine(seat.number, wager, stake, PUSH, 0, table.section, odds=str(odds), hand=described,
                              note=f"{note}: the wager comes back, nothing more" if note else
                              "The wager comes back, nothing more")
    return SettlementLine(seat.number, wager, stake, WIN, won, table.section, odds=str(odds), hand=described,
                          note=note)


def winning_hand_line(seat: Seat, wager: str, label: str, table: Paytable, hand: Any, versus: str) -> SettlementLine:
    """A wager paid on its own table when the player's hand beats the dealer's: the row of the hand,
    or a push on the table's "Push" row below it (the Odds Wager, § 677a.12(b); the Blind Wager,
    § 653a.12(b))."""
    stake = seat.wagers[wager]
    row = table.pay_row(hand.slugs)
    if row is None or not isinstance(row.payout, Odds):
        return SettlementLine(seat.number, wager, stake, PUSH, 0, table.section,
                              odds=str(row.payout) if row is not None else "", hand=versus,
                              note=f"The {label} pushes: {table.title} pays no {hand.name.lower()}")
    return SettlementLine(seat.number, wager, stake, WIN, row.payout.winnings(stake), table.section,
                          odds=str(row.payout), hand=versus)


@dataclass(frozen=True)
class HeadsUpDealTexts:
    deal: str
    flop: str
    turn_river: str
    burn: int  # cards burned before the Flop and before the Turn and River


def heads_up_deal_texts(method: str, each_with: str) -> HeadsUpDealTexts:
    """The deal, the Flop and the Turn and River dealt together, for each dealing method, as § 677a.8-
    § 677a.10 have them (Ultimate Texas Hold 'Em deals alike); ``each_with`` names the wagers a seat
    is dealt for ("an Ante and an Odds Wager").  § 677a.10(g): a reshuffling shoe dispenses the
    community cards before the hands, so they are only turned, nothing burned."""
    one_at_a_time = (f"Deal one card at a time face down {{source}}, clockwise from the dealer's left, to seats "
                     f"{{{{seats}}}} (each with {each_with}) and to the dealer's area, until each has two cards.")
    stacks = (f"deliver a stack of two cards face down to seats {{seats}} (each with {each_with}), clockwise from "
              "the dealer's left, then a stack of two to the dealer's area.")
    deal = {
        "manual_shoe": one_at_a_time.format(source="from the shoe"),
        "hand": one_at_a_time.format(source="from the hand"),
        "automated_shoe": "As the shoe dispenses them, " + stacks,
        "reshuffling_shoe": "The shoe dispenses the five community cards first: set them face down in the "
                            "community card area. Then " + stacks,
    }[method]
    if method == "reshuffling_shoe":
        return HeadsUpDealTexts(deal, "Turn three of the five community cards face up: the Flop. Enter them.",
                                "Turn the last two community cards face up: the Turn and the River. Enter them.", 0)
    take_out = ("Take the remaining cards out of the shoe and hold them as when dealing from the hand "
                "(§ 677a.10(c)). " if method == "automated_shoe" else "")
    return HeadsUpDealTexts(deal, take_out + "Burn one card, then deal the three-card Flop face up: enter its three "
                                             "cards.",
                            "Burn one card, then deal the Turn and the River face up together: enter both.", 1)
