"""A table game: its wagers, zones, deck, steps and settlement.  One subclass per chapter."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.engine.cards import STANDARD_DECK, Deck
from games.engine.core import progressive, sheets
from games.engine.core.machine import Action, RoundState
from games.engine.core.records import IMMEDIATE, SETTLE, VOID, Approval, Irregularity, Refused, SettlementLine
from games.engine.core.state import Hand, Seat, ZoneSpec
from games.engine.core.steps import Step
from games.engine.core.wagers import BEFORE_DEAL, WagerDef, derived_rules
from games.engine.money import Cents, MoneyError, parse_dollars
from games.engine.paytables import paytables_for

# Options a round carries that no Rules Submission sets: whether the stub is due, training mode,
# the progressive meters the round's wagers feed (written when the round starts).
ROUND_OPTIONS = frozenset({"stub_count_due", "training", progressive.OPTION})


@dataclass(frozen=True)
class RuleOption:
    """One option of a table's Rules Submission, as the configuration page shows it."""

    key: str
    label: str
    kind: str  # "choice", "money" or "bool"
    section: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    paytable_wager: str = ""  # the choice is this wager's paytable letter: the page shows its return
    paytable_letter: str = "{}"  # the paytable's letter for a choice, where the choice says it otherwise ("{} decks")


@dataclass(frozen=True)
class NotInText:
    """A wager, bonus or paytable the chapter has that no available text gives enough of to offer:
    the configuration page lists it, and a table's rules naming it (``key``) are refused by name."""

    key: str  # the option a table's rules would name it by; "" where it is a choice's letter, refused there
    label: str
    why: str
    section: str


def five_card_hand_bonus(chapter: str) -> NotInText:
    """The current chapters' Five Card Hand Bonus Wager, where no available text gives it."""
    return NotInText("five_card_hand_bonus", "Five Card Hand Bonus Wager",
                     "the current chapter's wager and its paytable are in no available text", f"§ {chapter}.7")


class Game:
    """A table game.  Subclasses declare the chapter's data and the rules that are its own.

    Each wager is defined once in ``wagers``; its labels, the paytable and limit options with
    their defaults and checks, and what is offered before the deal are derived from that.  A game
    adds the options that are not about one wager in ``own_rules`` and ``own_options``.
    """

    family: ClassVar[str] = "banked"  # the house banks every wager (games.engine.core.contract)
    carries_options: ClassVar[bool] = False  # each banked round stands alone
    wagers: ClassVar[tuple[WagerDef, ...]] = ()
    # Labels of settlement lines that are no wager of their own (a bonus paid beside a wager).
    line_labels: ClassVar[dict[str, str]] = {}
    # Where the chapter lets one player wager on adjacent boxes, the section and the option that says how many.
    adjacent_boxes_section: ClassVar[str] = ""
    own_rules: ClassVar[dict[str, Any]] = {}
    own_options: ClassVar[tuple[RuleOption, ...]] = ()
    # What the chapter has and the available texts do not give enough of to offer (docs/paytables.md).
    not_in_text: ClassVar[tuple[NotInText, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if "wagers" not in cls.__dict__:
            return
        cls.wager_labels = {w.slug: w.label for w in cls.wagers} | {
            w.limits_key: w.limits.label or w.label for w in cls.wagers if w.limits and w.limits.key
        } | {w.progressive.envy: w.progressive.envy_label for w in cls.wagers if w.progressive and w.progressive.envy
             } | cls.line_labels | {"payout_limit": "Payout limit"}
        cls.required_wager = next(w.slug for w in cls.wagers if w.required)
        cls.paytable_letters = {w.slug: "".join(t.letter for t in paytables_for(cls.slug, w.slug))
                                for w in cls.wagers if w.paytable}
        unregistered = [slug for slug, letters in cls.paytable_letters.items() if not letters]
        if unregistered:
            raise LookupError(f"{cls.__name__}: no paytable is registered for {', '.join(unregistered)}")
        cls.default_rules = {**derived_rules(cls.wagers), **cls.own_rules}
        cls.rule_options = (*cls.paytable_options(), *cls.limit_options(), *cls.own_options)

    @classmethod
    def paytable_options(cls) -> list[RuleOption]:
        options = []
        for wager in cls.wagers:
            choice = wager.paytable
            if choice is None or any(option.key == wager.paytable_option for option in options):
                continue
            letters = tuple((letter, f"Paytable {letter}") for letter in cls.paytable_letters[wager.slug])
            options.append(RuleOption(wager.paytable_option, choice.label or wager.label, "choice", choice.section,
                                      letters + ((("", "Not offered"),) if choice.optional else ()),
                                      help=choice.help, paytable_wager=wager.slug))
        return options

    @classmethod
    def limit_options(cls) -> list[RuleOption]:
        options: list[RuleOption] = []
        for wager in cls.wagers:
            if wager.limits is None or any(option.key == f"min_{wager.limits_key}" for option in options):
                continue
            noun = wager.limits.label or wager.label
            options += [RuleOption(f"min_{wager.limits_key}", f"Minimum {noun}", "money", wager.limits.section),
                        RuleOption(f"max_{wager.limits_key}", f"Maximum {noun}", "money", wager.limits.section)]
        return options

    def wager(self, slug: str) -> WagerDef:
        return next(w for w in self.wagers if w.slug == slug)

    def adjacent_boxes(self, rules: Mapping[str, Any]) -> int:
        """How many adjacent boxes one player may wager on (1 unless the chapter lets the table say)."""
        return int(rules.get("adjacent_boxes", "1")) if self.adjacent_boxes_section else 1

    def kept_after_fold(self, seat: Seat) -> bool:
        """Whether a folded seat still has a wager to settle (its cards wait under it)."""
        return any(w.survives_fold and w.slug in seat.wagers for w in self.wagers)

    def check_wager_options(self, rules: Mapping[str, Any]) -> None:
        """Each paytable option holds one of its letters (or "" where the wager is optional), and
        each wager's limits satisfy 0 < minimum ≤ maximum."""
        for wager in self.wagers:
            choice = wager.paytable
            if choice is None:
                continue
            letter, offered = rules.get(wager.paytable_option), self.paytable_letters[wager.slug]
            if not ((choice.optional and letter == "")
                    or (isinstance(letter, str) and len(letter) == 1 and letter in offered)):
                letters = ", ".join(offered) + (' or "" (not offered)' if choice.optional else "")
                raise Refused(f"The {choice.label or wager.label} paytable must be one of {letters}, not {letter!r}",
                              choice.section)
        self.validate_limits(rules, {w.limits_key: w.limits.section for w in self.wagers if w.limits})

    slug: ClassVar[str]
    name: ClassVar[str]
    chapter: ClassVar[str]
    seat_count: ClassVar[int]
    table_section: ClassVar[str]
    required_wager: ClassVar[str]  # the wager that makes a seat play (the Ante)
    # Other wagers a seat may play with instead of the required one: Four Card Poker's Aces Up
    # Wager alone (§ 641a.7(d)(2)).  A seat holding any of ``playing_wagers`` is dealt cards.
    plays_alone: ClassVar[tuple[str, ...]] = ()

    @property
    def playing_wagers(self) -> tuple[str, ...]:
        return (self.required_wager, *self.plays_alone)

    def playing_label(self) -> str:
        """"Ante", or "Ante or Aces Up Wager": what a seat needs to play."""
        return " or ".join(self.wager_label(w) for w in self.playing_wagers)
    wager_labels: ClassVar[dict[str, str]]
    paytable_letters: ClassVar[dict[str, str]]  # wager -> the letters of its registered paytables
    wager_section: ClassVar[str]  # where the wagers are defined
    irregularities: ClassVar[dict[str, Irregularity]]
    # The rules options a table sets from its Rules Submission, with defaults.
    default_rules: ClassVar[dict[str, Any]]
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    zones: ClassVar[tuple[ZoneSpec, ...]] = (ZoneSpec("board", "Board"), ZoneSpec("dealer", "Dealer"))
    deck: ClassVar[Deck] = STANDARD_DECK

    def wager_label(self, wager: str) -> str:
        return self.wager_labels.get(wager, wager)

    def deck_for(self, rules: Mapping[str, Any]) -> Deck:
        """The cards a table deals, where its Rules Submission chooses how many decks (§ 635a.3(a))."""
        return self.deck

    def describe_hand(self, rnd: RoundState, seat: Seat, hand: Hand) -> str:
        """What the seat's view says of a hand beside its cards ("soft 17", "bust"); "" for nothing."""
        return ""

    def describe_zone(self, rnd: RoundState, zone: str) -> str:
        """What the layout says of a zone beside its cards (the dealer's total); "" for nothing."""
        return ""

    @property
    def dealer_hand(self) -> bool:
        """Whether the dealer plays a hand (Let It Ride's does not)."""
        return any(zone.name == "dealer" for zone in self.zones)

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """Complete the table's options with defaults and refuse values the chapter does not allow."""
        unknown = set(rules) - set(self.default_rules) - ROUND_OPTIONS
        for missing in self.not_in_text:
            if missing.key and missing.key in unknown:
                raise Refused(f"{self.name}: the {missing.label} is not offered: {missing.why}", missing.section)
        if unknown:
            raise Refused(f"Unknown rules option(s) for {self.name}: {', '.join(sorted(unknown))}")
        merged = {**self.default_rules, **rules}
        threshold = merged.get("approval_threshold")
        if threshold not in (None, ""):
            try:
                cents = parse_dollars(threshold)
            except MoneyError as error:
                raise Refused(f"Floorperson approval threshold: {error}") from None
            if cents <= 0:
                raise Refused("The floorperson approval threshold must be more than $0.00, or empty for none: "
                              "every payout would otherwise wait for a floorperson")
        progressive.check_attachments(self, merged)
        return merged

    def validate_limits(self, rules: Mapping[str, Any], limits: Mapping[str, str]) -> None:
        """Each wager's limits (0 < minimum ≤ maximum); ``limits`` maps wager to the section that sets them."""
        for wager, section in limits.items():
            try:
                low, high = parse_dollars(rules[f"min_{wager}"]), parse_dollars(rules[f"max_{wager}"])
            except MoneyError as error:
                raise Refused(f"The {self.wager_label(wager)} limits: {error}", section) from None
            if not 0 < low <= high:
                raise Refused(f"The {self.wager_label(wager)} limits must satisfy 0 < minimum ≤ maximum "
                              f"(minimum {rules[f'min_{wager}']}, maximum {rules[f'max_{wager}']})", section)

    def fixed_by_chapter(self, rules: Mapping[str, Any]) -> list[tuple[str, Cents, str]]:
        """Amounts the chapter derives from the options rather than letting a table set them:
        (label, amount, section), for the configuration page."""
        return []

    def betting_wagers(self, rules: Mapping[str, Any]) -> tuple[str, ...]:
        """The wagers placed before "no more bets" that the table offers, in the chapter's order."""
        return tuple(w.slug for w in self.wagers if w.placed == BEFORE_DEAL and w.offered(rules))

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        raise NotImplementedError

    # -- what every game answers (games.engine.core.contract) ---------------------------------

    def new_round(self, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None) -> RoundState:
        return RoundState(self, rules, shoe_order=shoe_order)

    def replay(self, rules: Mapping[str, Any], actions: Iterable[Action], *,
               shoe_order: Iterable[str] | None = None) -> RoundState:
        return RoundState.replay(self, rules, actions, shoe_order=shoe_order)

    def carried_options(self, previous: RoundState | None) -> dict[str, Any]:
        """Round options a new round takes from the last one: none, each banked round stands alone."""
        return {}

    def describe(self, rules: Mapping[str, Any]) -> str:
        """What the table's header adds to the game's name: nothing, the paytables are on the page."""
        return ""

    def hand_history(self, rnd: RoundState, *, table: str = "", hand: int | None = None) -> str | None:
        """A standard hand history of the round, where the family has one (Poker's PHH): none here."""
        return None

    def settle_sheet(self, sheet: Mapping[str, Any]) -> dict[str, Any]:
        return sheets.settle_banked_sheet(self, sheet)

    def sheet_from_log(self, rules: Mapping[str, Any], actions: Iterable[Action],
                       shoe_order: list[str] | None = None, closing: RoundState | None = None) -> dict[str, Any]:
        return sheets.banked_sheet_from_log(self, rules, actions, shoe_order, closing)

    def settle(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        raise NotImplementedError

    def settle_after_reveal(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        """A seat's wagers judged on a zone turned during its settlement (``SettleSeats.reveal``)."""
        raise NotImplementedError

    def settle_pass(self, rnd: RoundState, step: Step) -> list[SettlementLine]:
        """The lines of a settlement pass (``SettlementPass``) over every hand of the table."""
        raise NotImplementedError

    def kept_through_void(self, line: SettlementLine) -> bool:
        """Whether a line settled before a void stands: one paid or collected at a named step (a
        Match-the-Dealer Wager right after the deal) was implemented at the table already."""
        return line.stage == IMMEDIATE

    def settle_void(self, rnd: RoundState, seat: Seat, irregularity: Irregularity) -> list[SettlementLine]:
        """A void returns every wager of every hand of the seat but those the irregularity's section
        still settles and those already settled for good (``kept_through_void``)."""
        done = {(line.hand_no, line.wager) for line in rnd.lines if line.seat == seat.number}
        lines = [SettlementLine(seat.number, wager, stake, VOID, 0, irregularity.section,
                                note=f"Void: {irregularity.label}; wager returned{self._kept_on_meter(rnd, wager)}",
                                hand_no=hand.number)
                 for hand in seat.hands for wager, stake in hand.wagers.items()
                 if wager not in irregularity.surviving_wagers and (hand.number, wager) not in done]
        for wager in irregularity.surviving_wagers:
            if wager in seat.wagers:
                line = self.settle_surviving(rnd, seat, wager)
                if line.outcome != VOID:
                    note = f"Settled although the round is void ({irregularity.section})"
                    line = dataclasses.replace(line, note=note)
                lines.append(line)
        return lines

    def _kept_on_meter(self, rnd: RoundState, wager: str) -> str:
        """A progressive wager returned by a void after "no more bets" already fed its meter, and a
        meter is never turned back but for a jackpot paid, a transfer or a malfunction (§ 605a.7(d)):
        the contribution stays, funded by the house."""
        defined = next((w for w in self.wagers if w.slug == wager), None)
        if not (defined and defined.progressive and rnd.bets_closed):
            return ""
        return ("; its contribution stays on the meter, funded by the house: a meter is never turned back "
                "(§ 605a.7(d))")

    def settle_surviving(self, rnd: RoundState, seat: Seat, wager: str) -> SettlementLine:
        """Settle a wager that a void leaves standing (e.g. the Bonus Wager, § 647a.13(a) and (d))."""
        raise NotImplementedError

    def fold_lines(self, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
        raise NotImplementedError

    def void_steps(self, rnd: RoundState) -> list[Step]:
        """What a void still needs before the wagers it leaves standing are settled: the cards they
        are decided on (the dealer's, the rest of the board).  Each is asked once, in order."""
        return []

    def check_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Action) -> None:
        """Refuse an irregularity that cannot have happened at this point of the round."""

    def note_irregularity(self, rnd: RoundState, irregularity: Irregularity, action: Action) -> None:
        """An irregularity that does not void the round (other than a card found face up): what it
        does to the round (a hand called dead, a card discarded), or a void it leads to."""
        raise NotImplementedError

    def payout_refused(self, rnd: RoundState, approval: Approval) -> None:
        """A floorperson refused a seat's payout, disputing the hand: the seat's cards are entered
        again and the seat re-settled."""
        seat = rnd.seats[approval.seat]
        seat.cards, seat.cards_shown, seat.settled = (), False, False
        rnd.lines = [line for line in rnd.lines if line.seat != approval.seat or line.stage != SETTLE]

    def floor_decided(self, rnd: RoundState, approval: Approval) -> None:
        """A floorperson answered a question of the game's own (an approval neither a payout nor a
        void): what the answer does to the round."""
        raise NotImplementedError

    def multiple_face_up(self, rnd: RoundState) -> Irregularity:
        raise NotImplementedError

    def deal_from_shoe(self, rnd: RoundState, step: Step) -> dict[str, list[str]]:
        raise NotImplementedError

    def limits(self, rules: Mapping[str, Any], wager: str) -> tuple[Cents, Cents] | None:
        """(minimum, maximum) for a wager, or None when the table sets none."""
        key = next((w.limits_key for w in self.wagers if w.slug == wager and w.limits), wager)
        low, high = rules.get(f"min_{key}"), rules.get(f"max_{key}")
        if low is None or high is None:
            return None
        return parse_dollars(low), parse_dollars(high)
