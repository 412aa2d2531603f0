"""A correction the dealer cannot make alone: asked by the dealer, decided by a floorperson.

An ``undo`` takes back the last entry while nothing depends on it.  Once something does (the next
step has started, the entry settled wagers or asked for a floorperson), the dealer asks for a
``correct`` naming the entry (its position in the log, which is its event's number).  The request
is an approval of kind ``correction`` that holds the round until a floorperson decides it.  On
approval the round is rolled back to just before that entry: it is what the log up to that entry
makes it, and the dealer enters everything again from there.  The log keeps every entry, the
request and the decision; nothing earlier is edited.  A refusal changes nothing but the approval.

A correction is refused, naming why, when it would take back what is no longer the dealer's to
take back: a seat already paid (its settlement was shown with no floorperson holding it), a
floorperson's decision, an irregularity, a draw or a meter's amount the table game system gave,
"no more bets" on a round that fed progressive meters, or anything once the round is closed or
being voided.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.core import progressive
from games.engine.core.records import DECISION, Approval, Prompt, Refused, seat_total
from games.engine.money import dollars, parse_dollars

CORRECT = "correct"
KIND = "correction"
# An approval asked after the corrected entry and still pending: the entry it was asked for is gone.
WITHDRAWN = "withdrawn"
# What the table game system entered itself: a correction cannot have it drawn or read again.
SYSTEM_ENTRIES = {"system_draw": "the table game system drew",
                  "resolve_claim": "a progressive meter's amount was given",
                  "hold_claim": "a claim was held while the progressive was unplayable"}


def pending(rnd: Any) -> Approval | None:
    """The correction the round waits on, if any: while it is pending the dealer enters nothing."""
    return next((a for a in rnd.approvals if a.kind == KIND and a.status == "pending"), None)


def pending_prompt(rnd: Any) -> Prompt | None:
    """While a correction waits for a floorperson, that is all the round shows."""
    correction = pending(rnd)
    if correction is None:
        return None
    return Prompt("correction_pending", correction.section,
                  f"Waiting for a floorperson to decide the correction. {correction.reason}", waiting_for_floor=True)


def decides(rnd: Any, action: Any) -> bool:
    """Whether ``action`` is a floorperson's answer to one of the round's corrections."""
    if not isinstance(action, Mapping) or action.get("type") not in ("approve", "refuse"):
        return False
    number = action.get("approval")
    return not isinstance(number, bool) and any(a.id == number and a.kind == KIND for a in rnd.approvals)


def described(rnd: Any, action: Mapping[str, Any]) -> str:
    """An entry as the dealer and the floorperson read it, whatever its type: "seat 3's Ante $25",
    "seat 5's Fold instead of a Flop Wager", "cards of the dealer: Qs Qd", "the stub count: correct";
    in a game's own words where it has them (Poker: "seat 3's fold")."""
    words = rnd.entry_words(action)
    if words:
        return words
    kind = action.get("type", "?")
    seat = f"seat {action['seat']}" if "seat" in action else ""
    if kind == "decide":
        return f"{seat}'s {_decision(rnd, action)}"
    words = _WORDS.get(kind)
    if words is not None:
        return words(rnd, action, seat)
    # A type no description is written for yet: its values, in words as far as they go.
    values = ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in action.items() if k not in ("type", "step"))
    return str(kind).replace("_", " ") + (f" ({values})" if values else "")


def _label(rnd: Any, wager: Any) -> str:
    return rnd.game.wager_label(wager) if isinstance(wager, str) else str(wager)


def _step(rnd: Any, step_id: Any) -> Any:
    return next((step for step in getattr(rnd, "steps", ()) if step.id == step_id), None)


def _words_of(value: Any) -> str:
    return str(value).replace("_", " ")


def _in_sentence(label: str) -> str:
    """A label in the middle of a sentence: "Community cards" -> "community cards"; a name with
    capitals of its own ("Six Card Bonus cards", "Envy Bonuses paid") keeps them all."""
    return label if any(c.isupper() for c in label[1:]) else label[:1].lower() + label[1:]


def _decision(rnd: Any, action: Mapping[str, Any]) -> str:
    """A seat's decision as its button said it: "Flop Wager $20", "Check instead of a Turn Wager",
    "Let It Ride on Bet 1"; a game with no options listed (Poker) by its choice, "raise $12"."""
    amount = f" {_chip(action['amount'])}" if "amount" in action else ""
    options = getattr(_step(rnd, action.get("step")), "options", ())
    option = next((o for o in options if o.key == action.get("choice")), None)
    if option is None:
        return f"{_words_of(action.get('choice'))}{amount}"
    if option.wager:
        return f"{option.label}{amount}"
    wagered = next((o for o in options if o.wager), None)
    if wagered is not None:
        return f"{option.label} instead of a {wagered.label}"
    pulled = next((o for o in options if o.returns), None)
    if pulled is not None and not option.returns:
        return f"{option.label} on {_label(rnd, pulled.returns)}"
    return option.label


def _cards(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    target = str(action.get("target", ""))
    if target.startswith("seat:"):
        place = f"seat {target.removeprefix('seat:')}" + (f" hand {action['hand']}" if "hand" in action else "")
        place += "'s cards"
    else:
        label = {spec.name: spec.label for spec in getattr(rnd.game, "zones", ())}.get(target, _words_of(target))
        label = _in_sentence(label)
        place = f"the {label}" if label.endswith("cards") else f"the {label}'s cards"
    cards = action.get("cards")
    return f"{place}: " + (" ".join(map(str, cards)) if isinstance(cards, list | tuple) and cards else "turned")


def _irregularity(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    known = getattr(rnd.game, "irregularities", {}).get(action.get("kind"))
    what = known.label if known is not None else _words_of(action.get("kind"))
    card = f" ({action['card']})" if action.get("card") else ""
    return f"the irregularity {_in_sentence(what)}{card}" + (f", {seat}" if seat else "")


def _input(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    value = action.get("value")
    answers = dict(getattr(_step(rnd, action.get("step")), "answers", ()))
    if value in answers:
        return f"the answer {answers[value]}"
    return f"the answer seat {value}" if isinstance(value, int) else f"the answer {_words_of(value)}"


def _seating(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    amount = f" {_chip(action['amount'])}" if "amount" in action else ""
    return f"{seat or 'the table'}: {_words_of(action.get('do'))}{amount}"


def _play(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    amount = f" {_chip(action['amount'])}" if "amount" in action else ""
    return f"{seat} hand {action.get('hand', 1)}: {_words_of(action.get('move'))}{amount}"


def _system_draw(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    lucky = action.get("lucky")
    return (f"the Magic Card {action.get('magic_card')} and the Lucky position "
            f"{'the dealer' if lucky == 'dealer' else f'seat {lucky}'}")


def _settle(rnd: Any, action: Mapping[str, Any], seat: str) -> str:
    label = getattr(_step(rnd, action.get("step")), "label", "")
    return f"the settlement: {label}" if label else "the settlement"


_WORDS = {
    "place_wager": lambda rnd, a, seat: f"{seat}'s {_label(rnd, a.get('wager'))} {_chip(a.get('amount'))}",
    "remove_wager": lambda rnd, a, seat: f"{seat}'s {_label(rnd, a.get('wager'))} removed",
    "same_player": lambda rnd, a, seat: f"{seat} wagered on by seat {a.get('with')}'s player",
    "own_player": lambda rnd, a, seat: f"{seat} its own player's again",
    "no_more_bets": lambda rnd, a, seat: "no more bets",
    "deal": lambda rnd, a, seat: "the deal" + (", its cards read by the shoe" if a.get("cards") else ""),
    "cards": _cards,
    "confirm": lambda rnd, a, seat: f"the {_words_of(a.get('step', ''))} confirmed without its cards",
    "stub_count": lambda rnd, a, seat: f"the stub count: {_words_of(a.get('result'))}",
    "input": _input,
    "play": _play,
    "settle": _settle,
    "close": lambda rnd, a, seat: "the close of the round",
    "irregularity": _irregularity,
    "system_draw": _system_draw,
    "approve": lambda rnd, a, seat: f"the floorperson's approval of request {a.get('approval')}",
    "refuse": lambda rnd, a, seat: f"the floorperson's refusal of request {a.get('approval')}",
    "resolve_claim": lambda rnd, a, seat: f"the meter's amount {_chip(a.get('amount'))} for claim {a.get('claim')}",
    "hold_claim": lambda rnd, a, seat: (f"claim {a.get('claim')} held for a floorperson, the meter's last reading "
                                        f"{_chip(a.get('meter_amount'))}"),
    "link_back": lambda rnd, a, seat: "the link back: the claims that waited for it asked again",
    "undo": lambda rnd, a, seat: "the last entry taken back",
    "correct": lambda rnd, a, seat: f"a correction of entry {a.get('entry')} asked",
    "cancel": lambda rnd, a, seat: "the round cancelled, started by mistake",
    "seating": _seating,
    "start_hand": lambda rnd, a, seat: "the start of the hand",
}


def described_tap(rnd: Any, actions: Sequence[Mapping[str, Any]]) -> str:
    """Entries the dealer made in one tap, as short as a button can say them: "seat 2's Ante $10 and
    Bonus $5", "wagers of seats 1–3, 5 ($70 in all)", "seats 1, 3's Check instead of a Turn Wager";
    otherwise each entry's description in turn."""
    seats = sorted({int(a["seat"]) for a in actions if str(a.get("seat", "")).isdigit()})
    kinds = {a.get("type") for a in actions}
    if kinds <= {"place_wager", "remove_wager"} and seats:
        if len(seats) == 1:
            parts = [f"{rnd.game.wager_label(a['wager'])} {_chip(a.get('amount'))}" if a["type"] == "place_wager"
                     else f"{rnd.game.wager_label(a['wager'])} removed" for a in actions]
            return f"seat {seats[0]}'s " + _listed(parts)
        total = sum(_cents(a.get("amount")) for a in actions if a["type"] == "place_wager")
        return f"wagers of seats {seat_runs(seats)}" + (f" ({_chip(total)} in all)" if total else "")
    if kinds == {"decide"} and len(seats) > 1 and len({(a.get("step"), a.get("choice")) for a in actions}) == 1 \
            and not any("amount" in a for a in actions):
        return f"seats {', '.join(map(str, seats))}'s {_decision(rnd, actions[0])}"
    return "; ".join(described(rnd, a) for a in actions)


def seat_runs(seats: Sequence[int]) -> str:
    """Seat numbers with their runs joined: "1–3, 5".

    >>> seat_runs([1, 2, 3, 5]), seat_runs([2, 4])
    ('1–3, 5', '2, 4')
    """
    runs: list[list[int]] = []
    for seat in sorted(seats):
        if runs and seat == runs[-1][-1] + 1:
            runs[-1].append(seat)
        else:
            runs.append([seat])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cents(value: Any) -> int:
    try:
        return parse_dollars(value)
    except Exception:  # the entry was accepted once: an amount that no longer reads counts for nothing
        return 0


def _chip(value: Any) -> str:
    """An amount as a chip shows it: "$10", "$2.50"."""
    cents = value if isinstance(value, int) and not isinstance(value, bool) else _cents(value)
    return dollars(cents).removesuffix(".00")


def entry_of(rnd: Any, entry: Any) -> tuple[int, Mapping[str, Any]]:
    """(log index, action) of the entry numbered ``entry`` (1 is the round's first), refused unless it
    is still standing and one the dealer enters."""
    if isinstance(entry, bool) or not isinstance(entry, int) or not 1 <= entry <= len(rnd.log):
        raise Refused(f"There is no entry {entry!r} in this round: its entries are numbered 1 to {len(rnd.log)}")
    action = rnd.log[entry - 1]
    if not any(index == entry - 1 for index, _ in rnd.standing_entries()):
        raise Refused(f"Entry {entry} ({described(rnd, action)}) was already taken back")
    if action.get("type") not in rnd.correctable:
        raise Refused(f"Entry {entry} ({described(rnd, action)}) is not a card, wager or decision the dealer "
                      "entered: it cannot be corrected")
    return entry - 1, action


def check_open(rnd: Any) -> None:
    """A correction is for a round in play, once wagers are closed: before that the dealer sets a seat's
    wagers again on its form, with no floorperson."""
    if rnd.closed:
        raise Refused("The round is closed: its seats are paid, so nothing in it can be corrected")
    if rnd.void is not None or rnd.void_pending is not None:
        raise Refused("The round is being voided: it is settled as the void says, not corrected")
    if not getattr(rnd, "bets_closed", True):
        raise Refused("The round is still taking wagers: set the seat's wagers again on its form, no floorperson "
                      "is needed")


def rolled_back(rnd: Any, entry: Any) -> Any:
    """The round as it was just before entry ``entry``, if a floorperson may take it back and everything
    after it; otherwise ``Refused``, naming what stands in the way."""
    index, what = _nothing_decided_since(rnd, entry)
    before = rnd.rebuilt(index)
    _nothing_paid_since(rnd, what, len(before.claims), before.lines)
    return before


def _nothing_decided_since(rnd: Any, entry: Any) -> tuple[int, str]:
    """(log index, description) of entry ``entry``, refused if anything after it cannot be taken back: an
    irregularity, a system draw, a floorperson's decision, or bets closed on progressive meters."""
    check_open(rnd)
    index, action = entry_of(rnd, entry)
    what = f"entry {entry} ({described(rnd, action)})"
    kinds = {a.id: a.kind for a in rnd.approvals}
    for number, later in enumerate(rnd.log[index + 1:], start=index + 2):
        kind = later.get("type")
        if kind == "irregularity":
            raise Refused(f"An irregularity was reported after {what} (entry {number}): the round goes on as it "
                          "stands, and the floorperson handles it")
        if kind in SYSTEM_ENTRIES:
            raise Refused(f"After {what}, {SYSTEM_ENTRIES[kind]} (entry {number}): that cannot be taken back")
        if kind in ("approve", "refuse") and kinds.get(later.get("approval")) != KIND:
            raise Refused(f"A floorperson decided approval {later.get('approval')} after {what} (entry {number}): "
                          "that decision stands")
        if kind == "no_more_bets" and rnd.rules.get(progressive.OPTION):
            raise Refused(f"\"No more bets\" came after {what}, and the progressive wagers were then contributed to "
                          "the meters: it cannot be taken back", "§ 605a.7(a)(1)")
    return index, what


def _paid_lines(rnd: Any) -> list[Any]:
    """The lines that paid or collected a wager (not a decision's, nor a payout still waiting for a floorperson)."""
    held = {a.seat for a in rnd.approvals if a.kind == "payout" and a.status == "pending"}
    return [line for line in rnd.lines if line.stage != DECISION and line.seat not in held]


def _nothing_paid_since(rnd: Any, what: str, claims_before: int, lines_before: Sequence[Any]) -> None:
    """Refused if a meter was claimed or a seat paid since the round had ``claims_before`` claims and
    ``lines_before`` (a payout still waiting for a floorperson is not paid)."""
    if len(rnd.claims) > claims_before:
        claim = rnd.claims[claims_before]
        raise Refused(f"Seat {claim.seat}'s share of meter {claim.meter} was claimed after {what}: it cannot be "
                      "taken back", claim.section)
    for line in _paid_lines(rnd):
        if line not in lines_before:
            shown = seat_total([x for x in rnd.lines if x.seat == line.seat and x not in lines_before])
            raise Refused(f"Seat {line.seat} has been paid since {what} ({shown}): a paid seat is not taken back, "
                          "so the round goes on as it stands", line.section)


def requested(rnd: Any, action: Mapping[str, Any], *, new_action: bool) -> Any:
    """The dealer's request: an approval of kind ``correction`` saying what it would take back."""
    entry = action.get("entry")
    if new_action:
        check_open(rnd)
        if pending(rnd) is not None:
            raise Refused(f"A correction already waits for a floorperson: {pending(rnd).reason}")
        check_step(rnd, action, "correction")
        index, entered = entry_of(rnd, entry)
        offer = rnd.undo_offer()
        if offer is not None and offer[0] is entered:
            raise Refused(f"Entry {entry} ({described(rnd, entered)}) is the last, and nothing depends on it yet: "
                          "take it back with Undo, no floorperson is needed")
        rolled_back(rnd, entry)
    index, entered = entry_of(rnd, entry)
    after = [a for i, a in rnd.standing_entries() if i > index and a.get("type") != CORRECT]
    reason = f"Correction asked: take back entry {entry} ({described(rnd, entered)})"
    if after:
        shown = "; ".join(described(rnd, a) for a in after[:6]) + ("; …" if len(after) > 6 else "")
        reason += f" and the {len(after)} entr{'y' if len(after) == 1 else 'ies'} after it ({shown})"
    reason += "; the dealer enters them again from there"
    if len(reason) > 300:
        reason = reason[:299] + "…"
    step = next((s for s in getattr(rnd, "steps", ()) if s.id == entered.get("step")), None)
    named = str(entered.get("seat", ""))  # a wager form sends the seat as text
    seat = int(named) if named.isascii() and named.isdigit() else None
    new = rnd.copied()
    new.approvals.append(Approval(len(rnd.approvals) + 1, KIND, seat, reason, step.section if step else "",
                                  note=action.get("note", ""), entry=entry))
    new.log = (*rnd.log, action)
    new.quiet = False
    new.seq = rnd.seq + 1
    return new


def decided(rnd: Any, action: Mapping[str, Any]) -> Any:
    """A floorperson's answer to a correction: approved, the round rolled back to just before its entry
    (re-checked now); refused, nothing changes but the approval."""
    approval = next(a for a in rnd.approvals if a.id == action.get("approval"))
    if approval.status != "pending":
        raise Refused(f"Approval {approval.id} was already {approval.status}")
    note = action.get("note", "") or approval.note
    if action["type"] == "refuse":
        new = rnd.copied()
        new.approvals = [dataclasses.replace(a, status="refused", note=note) if a.id == approval.id else a
                         for a in new.approvals]
    else:
        try:
            new = rolled_back(rnd, approval.entry)
        except Refused as refusal:
            raise Refused(f"The correction can no longer be made: {refusal.message}", refusal.section) from None
        kept = len(new.approvals)  # the approvals asked before the entry stay as they are
        new.approvals = [
            dataclasses.replace(a) if i < kept
            else dataclasses.replace(a, status="approved", note=note) if a.id == approval.id
            else dataclasses.replace(a, status=WITHDRAWN, note=f"withdrawn by correction {approval.id}")
            if a.status == "pending" else dataclasses.replace(a)
            for i, a in enumerate(rnd.approvals)]
        new.corrections = (*rnd.corrections, (approval.entry - 1, len(rnd.log) + 1))
    new.log = (*rnd.log, action)
    new.seq = rnd.seq + 1
    return new


def check_step(rnd: Any, action: Mapping[str, Any], what: str) -> None:
    """A dealer's request names the step on the screen it was decided on (a stale tablet is refused)."""
    step = rnd.current_step()
    at = step.id if step else "its end"
    if "step" not in action:
        raise Refused(f"The {what} does not name its step: the round is at {at}")
    if action["step"] != (step.id if step else None):
        raise Refused(f"The {what} was decided on the {action['step']} step, but the round is at {at}: the screen "
                      "now shows where it stands")


def offers(rnd: Any, most: int = 8) -> list[tuple[int, str, dict[str, Any]]]:
    """The entries the dealer may ask to correct now, latest first, as (entry, what it is, the request):
    the dealer's entries still standing that Undo would not take.  What stands in the way of one
    entry's correction (a paid seat, a decision, an irregularity) stands in the way of every earlier
    one's, so the walk back stops at the first refused."""
    step = rnd.current_step()
    if step is None or rnd.closed or rnd.void is not None or rnd.void_pending is not None or pending(rnd):
        return []
    undo = rnd.undo_offer()
    found: list[tuple[int, str, dict[str, Any]]] = []
    # Before anything is claimed or paid (every tap before the settlement) no entry's correction is
    # refused for a payment since: the round is not replayed to find what was paid before each.
    paid = bool(rnd.claims) or bool(_paid_lines(rnd))
    # (claims, lines) before each entry: as the round kept them, or else from one replay (not one per entry).
    effects = rnd.tracked_effects() if paid else None
    for index, action in reversed(rnd.standing_entries()):
        if len(found) == most:
            break
        if action.get("type") not in rnd.correctable or (
                undo is not None and undo[0] is action):
            continue
        if effects is None and paid:
            effects = [(len(before.claims), list(before.lines)) for before in
                       type(rnd).replaying(rnd.game, rnd.rules, rnd.log, **rnd.replay_options)]
        try:
            _, what = _nothing_decided_since(rnd, index + 1)
            if paid:
                _nothing_paid_since(rnd, what, *effects[index])
        except Refused:
            break
        found.append((index + 1, described(rnd, action), {"type": CORRECT, "step": step.id, "entry": index + 1}))
    return found
