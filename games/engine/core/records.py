"""What a round produces and shows: refusals, settlement lines, approvals, prompts and choices."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.engine.money import Cents, dollars


class Refused(Exception):
    """An action the regulation or the round's state does not allow.  Nothing was changed."""

    def __init__(self, message: str, section: str = ""):
        self.message = message
        self.section = section
        super().__init__(f"{message} — {section}" if section else message)


# Outcomes of a settlement line.
WIN, LOSE, PUSH, RETURNED, VOID, CAPPED = "win", "lose", "push", "returned", "void", "capped"
# Outcomes of a game the players play against each other (nonbanked Poker): a pot pushed to a
# player comes from the pot, not from the house; the rake and the jackpot drops are what the
# dealer takes from it for the house and for the jackpot funds.
AWARD, RAKE, DROP = "award", "rake", "drop"

# Settlement passes (a line's ``stage``): a wager settled by a seat's decision (a fold, a pulled
# bet), by the seat's settlement in the chapter's order, by a table-wide pass that sees every
# hand, or at once at a named step (Match-the-Dealer, a blackjack paid at once).
DECISION, SETTLE, TABLE, IMMEDIATE = "decision", "settle", "table", "immediate"

# Who pays a winning line: the dealer from the table inventory, the cage (an attendant brings
# a jackpot), or the electronic wagering system, which credits the player's game account (§ 605a.2(d)).
TABLE_INVENTORY, CAGE, ACCOUNT = "table", "cage", "account"


@dataclass(frozen=True)
class SettlementLine:
    """One wager of one seat, settled: what the dealer collects, returns or pays."""

    seat: int
    wager: str  # wager slug; "payout_limit" for the aggregate cap adjustment
    stake: Cents
    outcome: str  # win, lose, push, returned, void, capped
    amount: Cents  # paid (win), collected (lose), 0 when the stake goes back, negative for a cap
    section: str
    odds: str = ""
    hand: str = ""
    note: str = ""
    stage: str = SETTLE
    # The wager's chips went into the table inventory container at "no more bets" (a wager taken by
    # a table game system, e.g. § 643a.8(b)(1)): a win is paid in full, the stake included.
    stake_collected: bool = False
    # Which of the seat's hands the wager rides on (a split makes a second hand).  With seat,
    # wager and stage it names the line: (seat, hand_no, wager, stage) is unique in a round.
    hand_no: int = 1
    payer: str = TABLE_INVENTORY
    # A floorperson validates this payout whatever the table's approval threshold (a jackpot).
    must_validate: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "wager": self.wager,
            "stake": dollars(self.stake),
            "outcome": self.outcome,
            "odds": self.odds,
            "amount": dollars(self.amount),
            "amount_cents": self.amount,
            "section": self.section,
            "hand": self.hand,
            "note": self.note,
        } | ({"stake_collected": True} if self.stake_collected else {}) | (
            {"hand_no": self.hand_no} if self.hand_no != 1 else {}) | (
            {"payer": self.payer} if self.payer != TABLE_INVENTORY else {})

    @property
    def instruction(self) -> str:
        return instruction(self.outcome, self.amount, self.stake, self.stake_collected, self.payer)

    @property
    def handed(self) -> Cents:
        """What leaves the table for this line: the figure every screen shows for it (``handed``)."""
        return handed(self.outcome, self.amount, self.stake, self.stake_collected, self.payer)

    @property
    def key(self) -> tuple[int, int, str, str]:
        """The line's name in its round: (seat, hand, wager, stage) is unique."""
        return (self.seat, self.hand_no, self.wager, self.stage)

    @property
    def pays(self) -> bool:
        """Whether the line changes what the house pays (a win, or a cap taken off a win)."""
        return self.outcome in (WIN, CAPPED)


def handed(outcome: str, amount: Cents, stake: Cents, stake_collected: bool = False,
           payer: str = TABLE_INVENTORY) -> Cents:
    """The one figure every screen shows for a paying line: what is handed to the player (or
    credited), the wager collected before the deal paid back with its win; a cap's reduction is
    negative; 0 for a line that pays nothing.  The cage pays a share of a meter as it reads.

    >>> handed("win", 145_00, 5_00, stake_collected=True), handed("win", 25_00, 5_00)
    (15000, 2500)
    >>> handed("win", 10_000_50, 5_00, stake_collected=True, payer="cage"), handed("lose", 5_00, 5_00)
    (1000050, 0)
    """
    if outcome == CAPPED:
        return amount
    if outcome != WIN:
        return 0
    return amount + (stake if stake_collected and payer != CAGE else 0)


def instruction(outcome: str, amount: Cents, stake: Cents, stake_collected: bool = False,
                payer: str = TABLE_INVENTORY) -> str:
    """What the dealer does with the chips of a settled wager.

    >>> instruction("win", 2500, 500), instruction("win", 2500, 500, stake_collected=True)
    ('pay $25.00', 'pay $30.00 (the wager was collected before the deal)')
    >>> instruction("win", 1_000_000, 500, stake_collected=True, payer="cage")
    'the cage pays $10,000.00 (not from the table inventory)'
    """
    paid = handed(outcome, amount, stake, stake_collected, payer)
    if outcome == "win" and payer == CAGE:
        return f"the cage pays {dollars(paid)} (not from the table inventory)"
    if outcome == "win" and payer == ACCOUNT:
        return f"the system credits {dollars(paid)} to the player's game account"
    if payer == ACCOUNT:
        return "nothing: the system took the wager from the player's game account"
    match outcome:
        case "win" if stake_collected:
            return f"pay {dollars(paid)} (the wager was collected before the deal)"
        case "win":
            return f"pay {dollars(paid)}"
        case "lose" if stake_collected:
            return f"nothing: the {dollars(amount)} was collected before the deal"
        case "lose":
            return f"collect {dollars(amount)}"
        case "capped":
            return f"reduce by {dollars(-amount)}"
        case "award":
            return f"push {dollars(amount)}"
        case "rake":
            return f"take {dollars(amount)} to the rake"
        case "drop":
            return f"put {dollars(amount)} in the jackpot box"
        case _ if stake_collected:
            return f"pay back {dollars(stake)} (the wager was collected before the deal)"
        case _:
            return f"return {dollars(stake)}"


# What the house takes in: a losing wager, a rake, a jackpot drop.
COLLECTED = frozenset({LOSE, RAKE, DROP})


def totals(lines: Iterable[SettlementLine]) -> tuple[Cents, Cents]:
    """What the house paid (wins less any payout limit's reduction) and collected, in cents.  A pot
    pushed to a player is neither: it is the players' money."""
    lines = list(lines)
    return (sum(line.amount for line in lines if line.pays),
            sum(line.amount for line in lines if line.outcome in COLLECTED))


def seat_total(lines: Iterable[SettlementLine]) -> str:
    """What the dealer hands over and takes in for a seat, all its lines together: a payout limit's
    reduction comes off the winnings, a wager collected before the deal is paid back with its win.

    >>> seat_total([SettlementLine(4, "ante", 500_00, WIN, 500_00, ""),
    ...             SettlementLine(4, "bonus", 100_00, WIN, 100_000_00, ""),
    ...             SettlementLine(4, "payout_limit", 0, CAPPED, -50_500_00, "")])
    'pay $50,000.00'
    >>> seat_total([SettlementLine(1, "ante", 10_00, LOSE, 10_00, ""),
    ...             SettlementLine(1, "bonus", 5_00, WIN, 50_00, "")])
    'pay $50.00 · collect $10.00'
    >>> seat_total([SettlementLine(2, "progressive", 5_00, WIN, 12_000_00, "", payer=CAGE, stake_collected=True)])
    'the cage pays $12,000.00'
    >>> seat_total([SettlementLine(3, "side_pot_1", 40_00, AWARD, 120_00, ""),
    ...             SettlementLine(3, "main_pot", 30_00, AWARD, 87_00, "")])
    'push $207.00'
    """
    pay, collect, cage, credit, push = _seat_sums(lines)
    parts = ([f"pay {dollars(pay)}"] if pay else []) + ([f"push {dollars(push)}"] if push else []) + (
        [f"collect {dollars(collect)}"] if collect else []) + (
        [f"the cage pays {dollars(cage)}"] if cage else []) + (
        [f"the system credits {dollars(credit)}"] if credit else [])
    return " · ".join(parts) or "nothing to pay or collect"


def _seat_sums(lines: Iterable[SettlementLine]) -> tuple[Cents, Cents, Cents, Cents, Cents]:
    """(pay, collect, cage, credit, push) of a seat's lines: what ``seat_total`` and ``seat_net`` say."""
    pay = collect = cage = credit = push = 0
    for line in lines:
        if line.outcome == WIN and line.payer == CAGE:
            cage += line.handed
        elif line.payer == ACCOUNT:
            credit += line.handed
        elif line.outcome in (WIN, CAPPED):
            pay += line.handed
        elif line.outcome in COLLECTED and not line.stake_collected:
            collect += line.amount
        elif line.outcome == AWARD:
            push += line.amount
    return pay, collect, cage, credit, push


def seat_net(lines: Iterable[SettlementLine]) -> tuple[str, Cents]:
    """The one figure the dealer settles a seat by at the table: the chips paid from the table
    inventory less the chips collected, as ("pay", amount), ("collect", amount) or ("even", 0).
    What the cage pays or a game account is credited is not the dealer's, and is left out.

    >>> seat_net([SettlementLine(1, "ante", 10_00, LOSE, 10_00, ""),
    ...           SettlementLine(1, "bonus", 5_00, WIN, 50_00, "")])
    ('pay', 4000)
    >>> seat_net([SettlementLine(6, "ante", 5_00, LOSE, 5_00, ""),
    ...           SettlementLine(6, "flop", 10_00, LOSE, 10_00, "")])
    ('collect', 1500)
    >>> seat_net([SettlementLine(1, "ante", 10_00, RETURNED, 0, "")])
    ('even', 0)
    """
    pay, collect, _cage, _credit, _push = _seat_sums(lines)
    net = pay - collect
    return ("pay", net) if net > 0 else ("collect", -net) if net < 0 else ("even", 0)


@dataclass
class Approval:
    """Something only a floorperson may decide: a payout to validate, a void to confirm, a correction."""

    id: int
    kind: str  # "payout", "void", "correction", or a game's own question
    seat: int | None
    reason: str
    section: str
    status: str = "pending"  # pending, approved, refused; withdrawn when a correction took back what asked it
    note: str = ""
    entry: int | None = None  # a correction's: the log entry (1 is the first) it takes back
    # A payout's: the keys (``SettlementLine.key``) of the lines it holds.  A line released by an
    # earlier approval stays released when the same seat is held again for new lines.
    lines: tuple[tuple[int, int, str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "seat": self.seat,
            "reason": self.reason,
            "section": self.section,
            "status": self.status,
            "note": self.note,
        }


@dataclass(frozen=True)
class Claim:
    """A payout the engine cannot compute: a share of a progressive meter owed to a hand "when it is
    the player's turn to be paid" (§ 605a.7).  The service reads the meter and answers with a
    ``resolve_claim`` action carrying the amount, which the log keeps, so a replay is the same."""

    id: int
    seat: int
    wager: str
    meter: str
    share: str  # as the paytable prints it: "100%", "10%"
    section: str
    reason: str
    hand_no: int = 1
    amount: int | None = None  # cents, once resolved
    tier: str = ""  # the paytable tier whose meter it reads ("mega", "major", "minor"), "" for a lone meter
    # A jackpot on a hand several players wagered on, divided equally among them (§ 647a.12(e)(2)):
    # the seats it is paid to now, and how many share it (each is paid amount // divisor).
    shared_by: tuple[int, ...] = ()
    divisor: int = 1
    # Claimed while the progressive was unplayable (§ 605a.8(c)): why, the meter's last reading, and
    # the approval by which a floorperson pays it from that reading or has it wait for the link.
    held: str = ""
    last_reading: int | None = None
    approval: int = 0

    @property
    def pending(self) -> bool:
        return self.amount is None

    def parts(self, amount: int) -> dict[int, int]:
        """What each seat is paid of the claim's ``amount``: all of it, or its equal part of a divided
        jackpot to the cent below (the odd cents stay on the meter, which never pays more than it shows)."""
        seats = self.shared_by or (self.seat,)
        return {seat: amount // self.divisor for seat in seats}


@dataclass(frozen=True)
class Choice:
    """A button on the dealer's screen: an action with its label."""

    label: str
    action: dict[str, Any]
    style: str = "primary"
    # The dealer's Undo cannot take it back (it settles wagers at once): the screen asks for a
    # confirming tap, as for "no more bets".
    confirm: bool = False
    # The choice in words that hold for every seat ("3rd Street Wager 1× each Ante"), where its
    # label names an amount that is one seat's own: seats whose labels match may still differ.
    alike: str = ""


@dataclass(frozen=True)
class Prompt:
    """What the dealer must do now, the section that says so, and how to answer."""

    step: str
    section: str
    text: str
    choices: tuple[Choice, ...] = ()
    seat: int | None = None
    cards_for: str = ""  # a zone ("board", "dealer", ...) or "seat:N" when cards are to be entered
    cards_label: str = ""  # what the picker names: "the board", "seat 3", "the Six Card Bonus cards"
    cards_needed: int = 0
    wagers_open: bool = False  # the betting form is shown
    upcoming: str = ""
    waiting_for_floor: bool = False
    amount_entry: tuple[str, str, Cents] | None = None  # (choice, label, most) for a wager of any amount
    amount_action: dict[str, Any] | None = None  # the action the amount entry sends, its "amount" added
    hand: int | None = None  # the seat's hand the prompt is about, where a seat holds several

    @property
    def card_action(self) -> dict[str, Any]:
        """The action the card picker sends, its "cards" added: the cards for ``cards_for`` (and
        the hand, where the prompt names one)."""
        return {"type": "cards", "step": self.step, "target": self.cards_for} | (
            {"hand": self.hand} if self.hand is not None else {})
    amount_least: Cents = 0  # the least that amount may be (a raise's minimum)
    seating_open: bool = False  # the seating form is shown: players sit, add to their stakes, step away
    # The lines a table-wide pass settles (the Envy Bonuses), shown with the prompt before they are paid.
    lines: tuple[SettlementLine, ...] = ()


@dataclass(frozen=True)
class Irregularity:
    """An irregularity the game recognises, with what it does to the round."""

    kind: str
    label: str
    section: str
    void: bool  # voids the round (after a floorperson confirms)
    # Wagers still settled on their own table when the round is void (e.g. the Bonus Wager).
    surviving_wagers: tuple[str, ...] = ()
    removes_deck: bool = False
    # What the dealer gives with it besides its kind: "card" (the card found), "seat", "hand", "choice", "amount".
    asks: tuple[str, ...] = ()
