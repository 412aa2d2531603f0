"""A Poker hand in the dealer's words: each entry as the Undo button and the floorperson name it
("seat 3's fold", "the flop: Ah Kd 7c"), each moment as the line under the prompt names it, and
that line itself: what comes next, found by trying the dealer's choices on a copy of the hand."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from games.engine.cards import CardError
from games.engine.core.records import Refused
from games.engine.money import MoneyError, dollars, parse_dollars
from games.engine.poker.moments import Action, Moment

SEATING = {"add": "chips added to seat {seat}", "away": "seat {seat} marked away", "back": "seat {seat} back",
           "leave": "seat {seat} leaves", "time_charge": "the time charge",
           "high_hand_payout": "the High Hand jackpot's payout"}
CHOICES = {"fold": "fold", "check": "check", "call": "call", "bring_in": "Forced Bet", "all_in": "all-in",
           "straddle": "Straddle", "no_straddle": "no Straddle", "muck": "muck", "show": "show"}
# Each hand's last next line, kept beside the hand rather than in it: it is derived, not the hand's state
# (a refused action must leave the state exactly as it was, and finding the line changes nothing).
_NEXT_LINES: WeakKeyDictionary = WeakKeyDictionary()


class PokerWords:
    """The words of a ``PokerRound``, on the round's state."""

    def entry_words(self, action: Action) -> str:
        """An entry of the hand as the dealer says it: "seat 3's fold", "seat 5's raise to $10.00"."""
        kind, seat = action.get("type"), action.get("seat")
        if kind == "start_hand":
            return "the start of the hand"
        if kind == "seating":
            do = action.get("do")
            if do == "sit":
                return f"seat {seat} sits with {_money(action.get('amount'))}"
            words = SEATING.get(do, "")
            return words.format(seat=seat) + (f": {_money(action['amount'])}" if do == "add" and "amount" in action
                                              else "")
        if kind == "input":
            return f"the button to seat {action.get('value')}"
        if kind == "deal":
            return "the deal" + (" (its cards entered)" if action.get("cards") else "")
        if kind == "decide":
            choice = str(action.get("choice", ""))
            if choice in ("bet", "raise", "complete") and action.get("amount") not in (None, ""):
                said = f"{'bet of' if choice == 'bet' else choice + ' to'} {_money(action['amount'])}"
            else:
                said = CHOICES.get(choice, choice.replace("_", " "))
            return f"seat {seat}'s {said}"
        if kind == "cards":
            cards = " ".join(map(str, action.get("cards") or ())) or "from the virtual shoe"
            step = str(action.get("step", ""))
            if action.get("target") == "board":
                street = "common card" if step.startswith("common.") else step.replace("_", " ")
                return f"the {street}: {cards}"
            target = str(action.get("target", "")).replace("seat:", "seat ")
            return f"{target}'s {'cards shown' if step.startswith('show.') else 'up card'}: {cards}"
        return ""

    def moment_words(self, moment: Moment) -> str:
        """A moment of the hand as the line under the prompt names it."""
        street = self.street.name if self.state is not None else ""
        return {
            "seating": "between hands",
            "button": "the button, to the highest card dealt",
            "straddle": f"seat {moment.seat}'s Straddle Bet or not",
            "deal": f"the deal: {street}" if self.options.stud else "the deal of the hole cards",
            "up_card": f"seat {moment.seat}'s up card ({street})",
            "board": f"the {street}",
            "common": "the common card",
            "bet": f"seat {moment.seat} to act",
            "show": f"the showdown: seat {moment.seat} shows",
            "close": "the void: each player's chips returned" if self.void is not None else "the pots awarded",
        }[moment.kind]

    def next_line(self, moment: Moment, choices: tuple[Any, ...] = ()) -> str:
        """What comes next, after this moment: the moment each kind of choice leads to, tried on a copy
        of the hand.  Where the choices lead apart, each is named: "next: the flop; if seat 3 raises:
        seat 5 to act"."""
        key = (len(self.log), moment.id)
        cached = _NEXT_LINES.get(self)
        if cached is not None and cached[0] == key:
            return cached[1]
        line = self._next_line(moment, choices)
        _NEXT_LINES[self] = (key, line)
        return line

    def _next_line(self, moment: Moment, choices: tuple[Any, ...]) -> str:
        if moment.kind == "close":
            return "" if self.void is not None else "next: the next hand"
        tries = self._tries(moment, choices)
        found: list[tuple[str, str]] = []  # (what the dealer does, what comes of it)
        for what, action in tries:
            after = self._after(action, moment)
            if after is not None and all(words != after for _, words in found):
                found.append((what, after))
        if not found:
            return ""
        first = found[0][1]
        if moment.kind == "button" and first.endswith("Straddle Bet or not"):
            first = "the Straddle Bet or not, of the player left of the big blind"
        return "next: " + "; ".join([first, *(f"if {what}: {words}" for what, words in found[1:])])

    def _tries(self, moment: Moment, choices: tuple[Any, ...]) -> list[tuple[str, Action]]:
        """The actions to try at this moment, each with what the dealer does: one for each kind of
        choice that can lead elsewhere, the passive one first."""
        base = {"step": moment.id}
        if moment.kind == "seating":
            return [("", {**base, "type": "start_hand"})]
        if moment.kind == "deal":
            return [("", {**base, "type": "deal"})]
        if moment.kind in ("board", "common", "up_card"):
            target = "board" if moment.kind != "up_card" else f"seat:{moment.seat}"
            count = 1 if moment.kind != "board" else self.street.board
            return [("", {**base, "type": "cards", "target": target, "cards": self._spare_cards(count)})]
        if moment.kind == "show":
            missing = sum(1 for card in self.known[moment.seat] if card is None)
            if missing:
                return [("", {**base, "type": "cards", "target": f"seat:{moment.seat}",
                              "cards": self._spare_cards(missing)})]
        tried: dict[str, tuple[str, Action]] = {}  # by what the choice does: the passive one, a raise, a fold
        for choice in choices:
            action, decided = choice.action, choice.action.get("choice")
            kind = "raise" if decided in ("bet", "raise", "complete", "all_in") else "fold" if decided == "fold" \
                else "passive"
            said = {"raise": f"seat {moment.seat} bets or raises", "fold": f"seat {moment.seat} folds"}.get(kind, "")
            tried.setdefault(kind, (said, action))
        return [tried[kind] for kind in ("passive", "raise", "fold") if kind in tried]

    def _after(self, action: Action, now: Moment) -> str | None:
        """The words of the moment ``action`` leads to, tried on a copy; None if it is refused."""
        try:
            after = self.apply(dict(action))
        except (Refused, CardError, MoneyError):
            return None
        moment = after.moment()
        if moment is None:
            return None
        if moment.kind == "bet" and self.options.stud and action.get("type") == "cards" \
                and action.get("target") != "board":
            # Who acts first in Stud follows from the up card about to be entered (§ 637a.10).
            return "the Forced Bet: the lowest up card brings it in" if after.state.street_index == 0 \
                else "the betting: the best hand showing acts first"
        if moment.kind == "show" and now.kind == "show":
            return f"seat {moment.seat} shows"  # the showdown goes on
        return after.moment_words(moment)

    def _spare_cards(self, count: int) -> list[str]:
        """Cards not yet seen in this hand, to try a card entry with (which cards does not change what comes next)."""
        used = set(self.used_cards())
        return [card.code for card in self.deck.cards() if card not in used][:count]


def _money(value: Any) -> str:
    try:
        return dollars(parse_dollars(value))
    except Exception:  # an entry accepted once: show what it holds rather than fail
        return str(value)

