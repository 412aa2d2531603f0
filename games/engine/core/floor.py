"""What a floorperson decides: irregularities that void a round, voids, and payout approvals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.engine.core.records import Approval, Irregularity, Prompt, Refused, SettlementLine
from games.engine.money import dollars, parse_dollars

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


def reported(rnd: Any, action: Action) -> Irregularity:
    """The irregularity an action reports, refused if the round is over or already being voided, or if
    the game knows no such irregularity (a stub count's result is reported by its own step)."""
    if rnd.closed:
        raise Refused("The round is closed")
    if rnd.void is not None or rnd.void_pending is not None:
        raise Refused("The round is already being voided")
    if any(a.kind == "correction" and a.status == "pending" for a in rnd.approvals):
        raise Refused("The round waits for a floorperson to decide a correction: report the irregularity once it "
                      "is decided")
    kind = action.get("kind")
    irregularity = rnd.game.irregularities.get(kind) if isinstance(kind, str) else None
    if irregularity is None or kind.startswith("stub_"):
        known = ", ".join(k for k in rnd.game.irregularities if not k.startswith("stub_"))
        raise Refused(f"Unknown irregularity {kind!r} (known: {known})")
    return irregularity


def void_pending_prompt(rnd: Any) -> Prompt | None:
    """While a void waits for a floorperson, that is all the round shows."""
    if rnd.void_pending is None:
        return None
    return Prompt("void_pending", rnd.void_pending.section,
                  f"{rnd.void_pending.label}: waiting for a floorperson to confirm the void", waiting_for_floor=True)


def report_irregularity(rnd: RoundState, action: Action) -> None:
    irregularity = reported(rnd, action)
    kind = irregularity.kind
    # No game's irregularity can happen before the deal.
    if not rnd.bets_closed:
        raise Refused("No cards are being dealt yet: the round is still taking wagers", irregularity.section)
    rnd.game.check_irregularity(rnd, irregularity, action)
    if kind == "card_face_up":
        if action.get("card"):
            card = rnd.checked_cards([action["card"]], 1, "the card found face up")[0]
            rnd.discarded.append(card)
            if rnd.shoe is not None and card in rnd.shoe.cards:
                rnd.shoe.cards.remove(card)  # out of play: the virtual shoe must not deal it again
        rnd.face_up_found += 1
        if rnd.face_up_found == 1:
            return  # one card: discard it and go on
        irregularity = rnd.game.multiple_face_up(rnd)
    elif not irregularity.void:
        rnd.game.note_irregularity(rnd, irregularity, action)
        return
    request_void(rnd, irregularity, action.get("note", ""))


def request_void(rnd: RoundState, irregularity: Irregularity, note: str) -> None:
    rnd.void_pending = irregularity
    rnd.approvals.append(Approval(len(rnd.approvals) + 1, "void", None,
                                  f"Void the round: {irregularity.label}", irregularity.section, note=note))


def payout_needs_approval(rnd: RoundState, lines: list[SettlementLine]) -> tuple[str, str] | None:
    """Why a seat's new ``lines`` wait for a floorperson before they are paid, and the section: the
    table's threshold reached by what they hand over, or a line a floorperson must validate whatever
    its amount (a jackpot); None when they need no approval."""
    threshold = rnd.rules.get("approval_threshold")
    total = sum(line.handed for line in lines if line.pays)
    must = [line for line in lines if line.must_validate]
    over = threshold not in (None, "") and total > 0 and total >= parse_dollars(threshold)
    if not over and not must:
        return None
    winners = [line for line in lines if line.outcome == "win"]
    largest = must[0] if must else max(winners, key=lambda line: line.handed)
    seat_no = lines[0].seat
    # A jackpot's reason says what is paid and who pays it; the hand and the meter's reading are on its line.
    reason = (f"Seat {seat_no}: payout of {dollars(total)} (table requires approval from "
              f"{dollars(parse_dollars(threshold))})" if over else
              f"Seat {seat_no}: {rnd.game.wager_label(largest.wager)} payout to validate: {largest.instruction}")
    return reason, largest.section  # the section of the largest payout, which the floorperson validates


def request_payout_approvals(rnd: RoundState, seat_no: int, lines: list[SettlementLine]) -> None:
    """A seat's payout at or above the table's threshold, or a line a floorperson must validate
    whatever its amount (a jackpot), waits for a floorperson before it is paid.  The approval holds
    those lines only: what the seat was paid before stays paid."""
    found = payout_needs_approval(rnd, lines) if lines else None
    if found is not None:
        rnd.approvals.append(Approval(len(rnd.approvals) + 1, "payout", seat_no, *found,
                                      lines=tuple(line.key for line in lines if line.pays)))


def held_lines(rnd: Any) -> set[tuple[int, int, str, str]]:
    """The keys of the lines a pending payout approval holds: not to be paid yet.  An approval that
    names no line (asked before approvals named them) holds every line of its seat."""
    held = set()
    for approval in rnd.approvals:
        if approval.kind == "payout" and approval.status == "pending" and approval.seat is not None:
            held |= set(approval.lines) or {line.key for line in rnd.lines if line.seat == approval.seat}
    return held


def answer(approvals: list[Approval], action: Action) -> Approval:
    """Record a floorperson's answer (approve or refuse) on the pending approval it names."""
    approval_id = action.get("approval")
    approval = next((a for a in approvals if a.id == approval_id and not isinstance(approval_id, bool)), None)
    if approval is None:
        raise Refused(f"There is no approval {approval_id!r} in this round")
    if approval.status != "pending":
        raise Refused(f"Approval {approval.id} was already {approval.status}")
    approval.status = "approved" if action["type"] == "approve" else "refused"
    approval.note = action.get("note", "") or approval.note
    return approval


def decide_approval(rnd: RoundState, action: Action) -> None:
    approval = answer(rnd.approvals, action)
    if approval.kind == "void":
        if approval.status == "approved":
            rnd.void = rnd.void_pending
            rnd.lines = [line for line in rnd.lines if rnd.game.kept_through_void(line)]
            for seat in rnd.seats.values():
                seat.settled = False
        rnd.void_pending = None
        if rnd.void is not None:
            for seat in rnd.seats.values():
                if not any(w in seat.wagers for w in rnd.void.surviving_wagers):
                    rnd.lines += rnd.game.settle_void(rnd, seat, rnd.void)
    elif approval.kind == "claim":
        pass  # the service pays a held claim from the last reading once approved (games.progressives.ledger)
    elif approval.kind != "payout":
        rnd.game.floor_decided(rnd, approval)  # an irregularity the game leaves to the floor (§ 657a.11(b))
    elif approval.status == "refused":
        rnd.game.payout_refused(rnd, approval)
