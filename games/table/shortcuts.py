"""What saves the dealer's taps: quick amounts beside each wager, last round's wagers again, and
one tap for every remaining seat that decides alike.

Each shortcut sends the same actions the dealer could send one by one (``place_wager``,
``decide``), in one tap: the services apply them all or none (``services.round_act``), and the
engine checks each as it always does, so a shortcut never allows what a tap would not.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Subquery

from games.engine.core import Choice, Refused, RoundState
from games.engine.core.game import Game
from games.engine.money import Cents, dollars, plain_dollars
from games.models import Round, Wager

# The chips a dealer reaches for most: the table's minimum and these multiples of it, up to its maximum.
QUICK_MULTIPLES = (1, 2, 5, 10)


@dataclass(frozen=True)
class QuickAmount:
    cents: Cents
    value: str  # as the form sends it: "10.00"
    label: str  # as the chip shows it: "$10", "$2.50"


@dataclass(frozen=True)
class WagerField:
    """One wager of a seat's betting form: its limits and chips, or the wager it must equal (then
    it is filled in from that one and not asked for)."""

    slug: str
    label: str
    low: Cents | None = None
    high: Cents | None = None
    quick: tuple[QuickAmount, ...] = ()
    follows: str = ""
    follows_label: str = ""

    @property
    def limits(self) -> str:
        """ "$5–$500", as printed beside the field."""
        return f"{chip_label(self.low)}–{chip_label(self.high)}" if self.low is not None else ""


def chip_label(cents: Cents) -> str:
    """A chip's amount without the cents when there are none.

    >>> chip_label(1000), chip_label(250), chip_label(50000)
    ('$10', '$2.50', '$500')
    """
    return dollars(cents).removesuffix(".00")


def quick_amounts(low: Cents, high: Cents, multiples: Sequence[int] = QUICK_MULTIPLES) -> tuple[QuickAmount, ...]:
    """The table's minimum and its multiples that do not pass the maximum.

    >>> [q.label for q in quick_amounts(500, 50000)]
    ['$5', '$10', '$25', '$50']
    >>> [q.value for q in quick_amounts(2500, 10000)]
    ['25.00', '50.00']
    """
    amounts = [low * multiple for multiple in multiples if low * multiple <= high]
    return tuple(QuickAmount(cents, plain_dollars(cents), chip_label(cents)) for cents in amounts)


def wager_fields(game: Game, rules: Mapping[str, Any], *, down: str = "") -> list[WagerField]:
    """The fields of a seat's betting form, in the chapter's order.  A progressive wager is the one
    amount its meter requires (§ 605a.7(e)(3)): that amount is its only chip.  While the progressive
    is unplayable (``down``, or when the round started, § 605a.8(c)) it is not offered at all."""
    from games.engine.core.progressive import attachment

    fields = []
    definitions = {wager.slug: wager for wager in game.wagers}
    for slug in game.betting_wagers(rules):
        definition = definitions[slug]
        label = game.wager_label(slug)
        if definition.equals:
            fields.append(WagerField(slug, label, follows=definition.equals,
                                     follows_label=game.wager_label(definition.equals)))
            continue
        attached = attachment(rules, slug) if definition.progressive else None
        if attached is not None and (down or attached.down):
            continue
        if attached is not None:
            amount = attached.amount
            fields.append(WagerField(slug, label, amount, amount, quick_amounts(amount, amount, (1,))))
            continue
        limits = game.limits(rules, slug)
        if limits is None:
            fields.append(WagerField(slug, label))
            continue
        low, high = limits
        fields.append(WagerField(slug, label, low, high, quick_amounts(low, high)))
    return fields


# -- last round's wagers ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Repeat:
    """A seat's wagers of the table's previous closed round, as the actions that place them again."""

    seat: int
    wagers: list[tuple[str, str, Cents]]  # (slug, label, cents)
    actions: list[dict[str, Any]]

    @property
    def text(self) -> str:
        return " · ".join(f"{label} {dollars(amount)}" for _, label, amount in self.wagers)


# What ``previous_wagers`` read, per round id, in this process.  It never changes while the round
# lives: every earlier round of its table has ended (only the latest may be open) and an ended
# round's wagers and status are never written again.
_previous: OrderedDict[int, dict[int, dict[str, Cents]]] = OrderedDict()
_previous_lock = threading.Lock()
PREVIOUS_ROUNDS = 512


def forget_all() -> None:
    with _previous_lock:
        _previous.clear()


def previous_wagers(rnd: Round) -> dict[int, dict[str, Cents]]:
    """Each seat's wagers (its first hand's) in the table's latest closed round of the same game
    before this one: one query per round and process (none for a table's first round).  Callers
    never change what it returns."""
    if rnd.number <= 1:
        return {}
    with _previous_lock:
        if rnd.id in _previous:
            _previous.move_to_end(rnd.id)
            return _previous[rnd.id]
    placed = _read_previous_wagers(rnd)
    with _previous_lock:
        _previous[rnd.id] = placed
        while len(_previous) > PREVIOUS_ROUNDS:
            _previous.popitem(last=False)
    return placed


def _read_previous_wagers(rnd: Round) -> dict[int, dict[str, Cents]]:
    last = (Round.objects.filter(table_id=rnd.table_id, game=rnd.game, status=Round.Status.CLOSED,
                                 number__lt=rnd.number).order_by("-number").values("id")[:1])
    placed: dict[int, dict[str, Cents]] = {}
    rows = Wager.objects.filter(round_id=Subquery(last), hand_no=1).order_by().values_list("seat", "wager", "amount")
    for seat, wager, amount in rows:
        placed.setdefault(seat, {})[wager] = amount
    return placed


def repeats(rnd: Round, state: RoundState, step: str, *, down: str = "") -> list[Repeat]:
    """Per seat, last round's wagers that the table still offers before the deal, where the seat
    does not hold exactly those already; a progressive wager not while it is unplayable (``down``,
    § 605a.8(c)).  Amounts are not checked against today's limits here: the engine refuses one
    that no longer fits, naming the limits, and places none."""
    from games.engine.core.progressive import unavailable

    game = state.game
    offered = [slug for slug in game.betting_wagers(state.rules)
               if not (game.wager(slug).progressive and (down or unavailable(game, state.rules, slug)))]
    found = []
    for seat, placed in sorted(previous_wagers(rnd).items()):
        wagers = [(slug, game.wager_label(slug), placed[slug]) for slug in offered if slug in placed]
        if not any(slug in game.playing_wagers for slug, _, _ in wagers):
            continue
        held = state.seats[seat].wagers if seat in state.seats else {}
        if {slug: amount for slug, _, amount in wagers} == dict(held):
            continue
        actions = [{"type": "place_wager", "step": step, "seat": seat, "wager": slug,
                    "amount": plain_dollars(amount)} for slug, _, amount in wagers]
        found.append(Repeat(seat, wagers, actions))
    return found


# -- every remaining seat alike -----------------------------------------------------------------------

@dataclass(frozen=True)
class SameForAll:
    label: str
    actions: list[dict[str, Any]]


def same_for_all(state: RoundState) -> list[SameForAll]:
    """For a decision asked of each seat in turn: one button per choice that every seat still to
    decide at this step has with the same words ("Check", "Flop Wager $20.00", "3rd Street Wager 1×
    each Ante": each seat's own Ante once, whatever its amount), when two seats or more remain.  A
    choice that folds a seat or withdraws a wager is never offered for all: those stay one seat, one
    tap."""
    prompt = state.prompt
    if (state.game.family != "banked" or prompt is None or prompt.seat is None or prompt.cards_needed
            or prompt.wagers_open):
        return []
    offers = []
    for choice in prompt.choices:
        if choice.action.get("type") != "decide" or choice.style == "danger":
            continue
        words = _words(choice)
        seats: list[int] = []
        actions: list[dict[str, Any]] = []
        # Each seat's choice tried in turn on one copy of the round, not a copy per seat.
        current, pending = state.copied(), choice
        while pending is not None:
            try:
                current.apply_in_place(dict(pending.action))
            except Refused:
                break
            seat_no = pending.action["seat"]
            if current.seats[seat_no].folded:
                break
            seats.append(seat_no)
            actions.append(dict(pending.action))
            following = current.prompt
            pending = None
            if following is not None and following.step == prompt.step and following.seat not in (None, *seats):
                pending = next((c for c in following.choices if c.action.get("type") == "decide"
                                and c.action.get("choice") == choice.action.get("choice") and _words(c) == words),
                               None)
        if len(actions) >= 2:
            offers.append(SameForAll(f"Seats {', '.join(map(str, seats))}: {words}", actions))
    return offers


def _words(choice: Choice) -> str:
    """ "Check" of "Seat 3: Check"; a multiple of the seat's wager as a multiple, not its amount."""
    return choice.alike or choice.label.split(": ", 1)[-1]


def offers(rnd: Round, state: RoundState, *, down: str = "") -> dict[str, Any]:
    """What the table's fragment shows of the shortcuts at the round's current prompt; ``down``: why
    the table's progressive is unplayable now, if it is."""
    prompt = state.prompt
    if state.game.family != "banked" or prompt is None:
        return {}
    if prompt.wagers_open:
        again = repeats(rnd, state, prompt.step, down=down)
        return {"wager_fields": wager_fields(state.game, state.rules, down=down), "repeats": {r.seat: r for r in again},
                "repeat_all": [action for r in again for action in r.actions] if len(again) > 1 else []}
    return {"same_for_all": same_for_all(state)}
