"""Cards turned face up and wagers settled: a zone's cards as they are turned (the community
cards, the dealer's hand), each seat in settlement order, and passes that see every hand at once."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine.core import floor
from games.engine.core.records import (
    LOSE,
    SETTLE,
    TABLE,
    Choice,
    Prompt,
    Refused,
    SettlementLine,
)
from games.engine.core.schema import PLACE, ActionSchema, Cards, accepts
from games.engine.core.state import Seat
from games.engine.core.steps import Step

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


# The cards of a place, entered or turned.
TURN = ActionSchema("cards", {"target": PLACE}, {"cards": Cards()})
# The dealer confirms a step whose cards no wager is decided on, without entering them.
CONFIRM = ActionSchema("confirm")
# What the prompt adds where the cards may go unentered.
UNNEEDED = "No wager is decided on these cards in this round: confirm once they are face up, or enter them."


class ZoneCards(Step):
    """Cards of a zone become face up: the community cards as they are turned, the dealer's hand
    at the reveal, bonus cards.  The dealer enters them as they are turned; cards a card-reading
    (or virtual) shoe placed face down at the deal are only turned.

    ``decides`` says whether a wager is decided on these cards in the round (None: always).  The
    chapters deal and turn the cards whatever the players decided (§ 647a.11(c), (e), (g), (h),
    § 639a.11(c)), so the step comes even when none is, after every seat has folded: the dealer then
    confirms it with one tap (``confirm``), or enters the cards; a round sheet may give them or not.
    """

    actions = accepts(TURN, CONFIRM)
    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "board": ("the community cards", "Community card turned"),
        "dealer": ("the dealer's cards", "Dealer's cards turned"),
    }

    def __init__(self, step_id: str, section: str, text: str, count: int, *, zone: str = "board", burn: int = 0,
                 what: str = "", turned: str = "", applies: Callable[[RoundState], bool] | None = None,
                 decides: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, text, applies)
        self.decides = decides
        self.count = count
        self.zone = zone
        self.burn = burn  # cards the virtual shoe burns before these
        default_what, default_turned = self.NAMES.get(zone, (zone, f"{zone} turned"))
        self.what = what or default_what  # for the dealer: "the dealer's cards are due now"
        self.turned = turned or default_turned  # the button when a shoe read the cards already

    @property
    def what_at_start(self) -> str:
        """``what`` to begin a sentence with."""
        return self.what[0].upper() + self.what[1:]

    def unneeded(self, rnd: RoundState) -> bool:
        """Whether the dealer may confirm the step without entering its cards: no wager is decided on
        them in this round, and no shoe read them at the deal (those are turned with one tap anyway)."""
        return self.decides is not None and not rnd.zone(self.zone).down_cards and not self.decides(rnd)

    def prompt(self, rnd: RoundState) -> Prompt:
        answer = self.action("cards", target=self.zone)
        if rnd.zone(self.zone).down_cards:
            return Prompt(self.id, self.section, self.text, (Choice(self.turned, answer),))
        choices: tuple[Choice, ...] = (Choice("Deal from the virtual shoe", answer),) if rnd.shoe is not None else ()
        text = self.text
        if self.unneeded(rnd):
            done = "Community cards dealt" if self.zone == "board" else self.turned
            choices = (Choice(f"{done}: no entry needed", self.action("confirm")), *choices)
            text = f"{text} {UNNEEDED}"
        return Prompt(self.id, self.section, text, choices, cards_for=self.zone, cards_label=self.what,
                      cards_needed=self.count)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        if rnd.zone(self.zone).down_cards:
            return self.action("cards", target=self.zone)
        if self.unneeded(rnd) and not sheet.gives_zone_cards(self.zone):
            return self.action("confirm")  # the sheet leaves out cards no wager was decided on
        return self.action("cards", target=self.zone, cards=sheet.zone_cards(self.zone, self.count, self.id))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        zone = rnd.zone(self.zone)
        if self.zone == "board":
            sheet["board"] = [card.code for card in zone.up_cards]
        elif zone.shown:
            sheet[self.zone] = [card.code for card in zone.cards]

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action["type"] == CONFIRM.type:
            self.check_unneeded(rnd)
        else:
            self.reveal(rnd, action)
        rnd.completed_steps.add(self.id)

    def check_unneeded(self, rnd: RoundState) -> None:
        """Refuse to confirm the step without its cards where a wager is decided on them."""
        what = self.what_at_start
        if rnd.zone(self.zone).down_cards:
            raise Refused(f"{what} were read by the shoe at the deal: turn them", self.section)
        if not self.unneeded(rnd):
            raise Refused(f"{what} decide wagers in this round: enter them", self.section)

    def reveal(self, rnd: RoundState, action: Action) -> None:
        """Turn the zone's face-down cards, or enter the cards turned."""
        what = self.what_at_start
        if action.get("target") != self.zone:
            named = f"not {action['target']}'s" if action.get("target") else "name them (target)"
            raise Refused(f"{what} are due now: {named}", self.section)
        zone = rnd.zone(self.zone)
        codes = action.get("cards")
        if zone.down_cards:
            if codes:
                raise Refused(f"{what} were read by the shoe at the deal: turn them, enter nothing", self.section)
            zone.turn_up(self.count)
        else:
            if not codes and rnd.shoe is not None:
                rnd.shoe.draw(self.burn)
                codes = [card.code for card in rnd.shoe.draw(self.count)]
            # Community cards are named by their street ("the flop"), other zones by what they hold.
            what = f"the {self.id.replace('_', ' ')}" if self.zone == "board" else self.what
            zone.place(rnd.checked_cards(codes or [], self.count, what), face_up=True)


class SettleSeats(Step):
    """Each seat in settlement order: turn its cards (enter them), then settle wager by wager.

    ``reveal`` is a zone some seats' wagers are judged on that is turned during the settlement,
    right after the first such seat's other wagers are settled (Let It Ride's Six Card Bonus
    cards, § 643a.11(g)(6)); ``reveal_for`` says which seats need it.
    """

    actions = accepts(TURN)

    def __init__(self, step_id: str, section: str, text: str, eligible: Callable[[RoundState, Seat], bool],
                 order: str = "counterclockwise", cards_each: int = 2, reveal: ZoneCards | None = None,
                 reveal_for: Callable[[RoundState, Seat], bool] | None = None):
        super().__init__(step_id, section, text)
        self.eligible = eligible
        self.order = order
        self.cards_each = cards_each
        self.reveal = reveal
        self.reveal_for = reveal_for

    def awaits_reveal(self, rnd: RoundState, seat: Seat) -> bool:
        """The seat's cards are turned and its other wagers settled; the zone is still to be turned."""
        return (self.reveal is not None and seat.cards_shown and self.reveal_for(rnd, seat)
                and not rnd.zone(self.reveal.zone).shown)

    def pending(self, rnd: RoundState) -> list[int]:
        return [n for n in rnd.seats_in_order(self.order)
                if self.eligible(rnd, rnd.seats[n]) and not rnd.seats[n].settled]

    def done(self, rnd: RoundState) -> bool:
        return not self.pending(rnd)

    def prompt(self, rnd: RoundState) -> Prompt:
        seat_no, *rest = self.pending(rnd)
        seat = rnd.seats[seat_no]
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        text = refused_payout(rnd, seat_no) + self.text.format(seat=seat_no)
        target = f"seat:{seat_no}"
        if self.awaits_reveal(rnd, seat):
            reveal = self.reveal.prompt(rnd)
            choices = tuple(Choice(c.label, {**c.action, "step": self.id}) for c in reveal.choices)
            return Prompt(self.id, reveal.section, f"Seat {seat_no}: {reveal.text}", choices, seat=seat_no,
                          cards_for=reveal.cards_for, cards_label=reveal.cards_label,
                          cards_needed=reveal.cards_needed, upcoming=upcoming)
        if seat.cards:
            return Prompt(self.id, self.section, text,
                          (Choice(f"Seat {seat_no}'s cards turned", self.action("cards", target=target)),),
                          seat=seat_no, upcoming=upcoming)
        return Prompt(self.id, self.section, text, seat=seat_no, cards_for=target, cards_label=f"seat {seat_no}",
                      cards_needed=self.cards_each, upcoming=upcoming)

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if self.reveal is not None:
            self.reveal.write_sheet(rnd, sheet)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        seat_no = self.pending(rnd)[0]
        if self.awaits_reveal(rnd, rnd.seats[seat_no]):
            return {**self.reveal.sheet_action(rnd, sheet), "step": self.id}
        if rnd.seats[seat_no].cards:
            return self.action("cards", target=f"seat:{seat_no}")
        return self.action("cards", target=f"seat:{seat_no}", cards=sheet.seat_cards(seat_no))

    def apply(self, rnd: RoundState, action: Action) -> None:
        seat_no, *_ = self.pending(rnd)
        target = action.get("target")
        seat = rnd.seats[seat_no]
        if self.awaits_reveal(rnd, seat):
            if target != self.reveal.zone:
                raise Refused(f"{self.reveal.what[0].upper()}{self.reveal.what[1:]} are turned now, before seat "
                              f"{seat_no}'s {rnd.game.wager_label(self.reveal.zone)} is settled", self.reveal.section)
            self.reveal.reveal(rnd, action)
            self.finish(rnd, seat, rnd.game.settle_after_reveal(rnd, seat))
            return
        if target != f"seat:{seat_no}":
            raise Refused(f"Seat {seat_no} is settled now (in the order of {self.section}), not {target}",
                          self.section)
        if not seat.cards:
            rnd.set_seat_cards(target, action.get("cards") or [], self.cards_each)
        elif action.get("cards"):
            raise Refused(f"Seat {seat_no}'s cards were dealt from the shoe already", self.section)
        seat.cards_shown = True
        if rnd.void is not None:
            self.finish(rnd, seat, rnd.game.settle_void(rnd, seat, rnd.void))
            return
        lines = rnd.game.settle(rnd, seat)
        if self.awaits_reveal(rnd, seat):
            rnd.lines += lines  # the rest waits for the zone to be turned
            return
        self.finish(rnd, seat, lines)

    @staticmethod
    def finish(rnd: RoundState, seat: Seat, lines: list[SettlementLine]) -> None:
        """The seat's last lines: it is settled, and its payout goes to a floorperson if it must."""
        rnd.lines += lines
        seat.settled = True
        floor.request_payout_approvals(rnd, seat.number, [line for line in rnd.lines if line.seat == seat.number
                                                          and line.stage == SETTLE])


def refused_payout(rnd: RoundState, seat_no: int) -> str:
    """What the dealer is told first when a floorperson refused the seat's payout, disputing its
    hand, and nothing of it has been settled again since: why, and the floorperson's note."""
    last = next((a for a in reversed(rnd.approvals) if a.kind == "payout" and a.seat == seat_no), None)
    if last is None or last.status != "refused":
        return ""
    why = last.reason.removeprefix(f"Seat {seat_no}: ")
    note = f" The floorperson's note: {last.note}." if last.note else ""
    return (f"The floorperson refused seat {seat_no}'s payout: check and re-enter seat {seat_no}'s cards (refused: "
            f"{why}).{note} ")


class SettlementPass(Step):
    """A settlement that sees every hand at once: settled right after the deal (Match-the-Dealer,
    a blackjack paid at once), or table-wide at the end (Envy Bonuses, "collect all losers, then
    pay all winners").  The game's ``settle_pass`` gives the lines; with ``losers_first`` every
    losing wager is collected before any winner is paid.

    The lines are written the moment the pass becomes the round's step (``arrive``), as a seat's
    are the moment its cards are in (``SettleSeats``): the prompt that tells the dealer to collect
    and pay lists every line (the seat paid, the amount, why), and any payout a floorperson must
    approve is asked for and held from then on.  While one is held the step waits: the dealer's
    tap that the table is settled comes after the floorperson's release."""

    actions = accepts(ActionSchema("settle"))
    SETTLED = "settled"  # in ``step_results``: the pass's lines are written

    def __init__(self, step_id: str, section: str, text: str, *, stage: str = TABLE, losers_first: bool = False,
                 label: str = "Settled", applies: Callable[[RoundState], bool] | None = None,
                 note: Callable[[RoundState], str] | None = None):
        super().__init__(step_id, section, text, applies)
        self.stage = stage
        self.losers_first = losers_first
        self.label = label
        self.note = note  # what the prompt adds about this round ("you stand on 14: ..."); "" for nothing

    def written(self, rnd: RoundState) -> bool:
        """Whether the pass's lines are written (it is the round's step, or it was)."""
        return rnd.step_results.get(self.id) == self.SETTLED

    def applies(self, rnd: RoundState) -> bool:
        # Once its lines are written the pass stays until confirmed, whatever its condition says now
        # (the surrenders it settles are no longer waiting).
        return self.written(rnd) or super().applies(rnd)

    def lines(self, rnd: RoundState) -> list[SettlementLine]:
        """The pass's lines as they stand now, in the order they are settled."""
        lines = [dataclasses.replace(line, stage=self.stage) for line in rnd.game.settle_pass(rnd, self)]
        if self.losers_first:
            lines.sort(key=lambda line: line.outcome != LOSE)  # stable: each group keeps the chapter's order
        return lines

    def written_lines(self, rnd: RoundState) -> tuple[SettlementLine, ...]:
        """The lines it wrote as it arrived (a game's pass may claim a meter: it is never run twice)."""
        keys = set(rnd.step_results.get(f"{self.id}:lines", ()))
        return tuple(line for line in rnd.lines if line.key in keys)

    def approvals(self, rnd: RoundState, status: str) -> list[Any]:
        """The payout approvals of this status that hold lines of this pass."""
        keys = {line.key for line in self.written_lines(rnd)}
        return [a for a in rnd.approvals if a.kind == "payout" and a.status == status and keys & set(a.lines)]

    def prompt(self, rnd: RoundState) -> Prompt:
        note = self.note(rnd) if self.note is not None else ""
        text = f"{note} {self.text}" if note else self.text
        lines = self.written_lines(rnd)
        held = self.approvals(rnd, "pending")
        if held:
            return Prompt(self.id, held[0].section, f"{text} Do not pay yet: a floorperson approves them first ("
                          + "; ".join(a.reason for a in held) + ").", lines=lines, waiting_for_floor=True)
        if self.approvals(rnd, "approved"):
            text = f"{text} The floorperson released them: pay them now."
        return Prompt(self.id, self.section, text, (Choice(self.label, self.action("settle")),), lines=lines)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("settle")

    def arrive(self, rnd: RoundState) -> None:
        if self.written(rnd):
            return
        lines = self.lines(rnd)
        rnd.lines += lines
        for seat_no in dict.fromkeys(line.seat for line in lines):
            floor.request_payout_approvals(rnd, seat_no, [line for line in lines if line.seat == seat_no])
        rnd.step_results[self.id] = self.SETTLED
        rnd.step_results[f"{self.id}:lines"] = tuple(line.key for line in lines)

    def check_new(self, rnd: RoundState, action: Action) -> None:
        held = self.approvals(rnd, "pending")
        if held:
            raise Refused("Not yet: a floorperson has not released " + "; ".join(a.reason for a in held),
                          held[0].section)

    def apply(self, rnd: RoundState, action: Action) -> None:
        self.arrive(rnd)  # written already, unless the step was never arrived at (an older log)
        rnd.completed_steps.add(self.id)
