"""A round rebuilt from its log, whatever the family of its game.

A round is the ordered list of actions the dealer and the floorperson took.  ``LoggedRound``
replays them in order and checks one more on a copy, takes back the dealer's mis-entries with an
``undo`` and hands a correction to ``games.engine.core.corrections``; ``check_step_action`` is what
every round checks before its current step takes an action.  The banked games' ``RoundState``
(``games.engine.core.machine``) and nonbanked Poker's round are both built on them.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from games.engine.core import corrections
from games.engine.core.records import Refused

Action = Mapping[str, Any]


def check_step_action(rnd: Any, action: Action, new_action: bool) -> None:
    """What every round checks before its current step takes an action: the round is in play and not
    waiting for a floorperson, the step takes actions of this type, and the action names the step.
    ``rnd`` is any round of the contract (``games.engine.core.contract``)."""
    if rnd.closed:
        raise Refused("The round is closed")
    if rnd.void_pending is not None:
        raise Refused(f"The round waits for a floorperson to confirm the void ({rnd.void_pending.label})",
                      rnd.void_pending.section)
    if (correction := corrections.pending(rnd)) is not None:
        raise Refused(f"The round waits for a floorperson to decide the correction ({correction.reason})",
                      correction.section)
    step = rnd.current_step()
    if step is None:
        raise Refused("The round is complete")
    if action["type"] not in step.actions:
        raise Refused(f"Not now: the round is at '{rnd.prompt.text}'", step.section)
    if new_action and "step" not in action:
        # Every action names the step it was decided on, so that a stale tablet or a second tap
        # cannot land on the step that replaced it.  (Logs written before this rule replay as
        # they were accepted.)
        raise Refused(f"The action does not name its step: the round is at the {step.id} step "
                      f"('{rnd.prompt.text}')", step.section)
    named = action.get("step", step.id)
    if named != step.id:
        # A stale tablet or a second tap: the action was meant for a step that is over.
        raise Refused(f"The {named} step is not current: the round is at the {step.id} step "
                      f"('{rnd.prompt.text}')", step.section)


UNDO = "undo"


class LoggedRound:
    """A round rebuilt from its log: ``replay`` applies the actions in order, ``apply`` checks one more on a
    copy.  A subclass's ``_apply`` takes one action or raises ``Refused``.

    The dealer corrects a mis-entry with an ``undo``: a new event of the log, never an edit of the
    old one.  It takes back the last entry still standing, while nothing depends on it: an entry of
    a kind the dealer may take back (``undoable``) that settled no wager, asked for no approval and
    claimed nothing from a meter.  The round is then what the log without that entry makes it.
    Once something depends on the entry, a floorperson approves its correction
    (``games.engine.core.corrections``)."""

    log: tuple[Action, ...] = ()  # every action applied, undos and corrections included, in order
    # Whether the last entry standing added no line, approval or claim: what an undo needs.
    quiet: bool = False
    replay_options: Mapping[str, Any] = {}  # how the round was built (a training shoe's order)
    undoable: frozenset[str] = frozenset()  # the dealer's entries an undo may take back
    # The log's entries approved corrections took back: (first index, index after the approval).
    corrections: tuple[tuple[int, int], ...] = ()
    # How many claims, and which lines, there were before each entry of the log, kept as the log grows
    # entry by entry (``_extend``): what the correction offers weigh at the settlement, without
    # replaying the round on every tap.  A round whose log grew otherwise (an undo, a correction)
    # no longer matches its log, and is replayed for them (``corrections.offers``).
    effects_before: tuple[tuple[int, tuple[Any, ...]], ...] = ()

    @classmethod
    def replay(cls, game: Any, rules: Mapping[str, Any], actions: Iterable[Action], **kwargs: Any) -> Any:
        return deque(cls.replaying(game, rules, actions, **kwargs), maxlen=1)[0]

    @classmethod
    def replaying(cls, game: Any, rules: Mapping[str, Any], actions: Iterable[Action], **kwargs: Any) -> Iterator[Any]:
        """The round before each of ``actions``, then after them all, from one replay in place: a
        round yielded goes on changing, so read what is needed of it before the next."""
        rnd = cls(game, rules, **kwargs)
        rnd.replay_options = kwargs
        for action in actions:
            yield rnd
            if rnd._works_on_log(action):
                rnd = rnd._logged_only(action, new_action=False)
            else:
                rnd._extend(action, new_action=False)
        yield rnd

    def apply(self, action: Action, *, logged: bool = False) -> Any:
        """Check and apply an action on a copy; return the new round or raise ``Refused``.
        ``logged``: the action comes from a round's log, where it was accepted once."""
        if self._works_on_log(action):
            return self._logged_only(action, new_action=not logged)
        new = self.copied()
        new._extend(action, new_action=not logged)
        return new

    def apply_in_place(self, action: Action) -> None:
        """Check and apply a dealer's new action on this round itself, for a caller that tries a
        run of actions on a copy of its own (``copied``) rather than copying the round for each: a
        refusal may leave the round half changed, to be thrown away."""
        if self._works_on_log(action):
            raise ValueError("An undo or a correction rebuilds the round from its log: use apply")
        self._extend(action, new_action=True)

    def _works_on_log(self, action: Action) -> bool:
        return isinstance(action, Mapping) and action.get("type") in (UNDO, corrections.CORRECT) \
            or corrections.decides(self, action)

    def _extend(self, action: Action, *, new_action: bool) -> None:
        """Apply an action in place and log it."""
        before = self._effects()
        tracked = len(self.effects_before) == len(self.log)
        effects_before = (len(self.claims), tuple(self.lines)) if tracked else None
        self._apply(action, new_action=new_action)
        self.log = (*self.log, action)
        self.quiet = self._effects() == before
        if effects_before is not None:
            self.effects_before = (*self.effects_before, effects_before)

    def tracked_effects(self) -> tuple[tuple[int, tuple[Any, ...]], ...] | None:
        """``effects_before``, when it follows the log entry by entry; otherwise None."""
        return self.effects_before if len(self.effects_before) == len(self.log) else None

    def _logged_only(self, action: Action, *, new_action: bool) -> Any:
        """The actions that work on the log rather than on the state: an undo, a correction asked or decided."""
        if action["type"] == UNDO:
            return self._undone(action, new_action=new_action)
        if action["type"] == corrections.CORRECT:
            return corrections.requested(self, action, new_action=new_action)
        return corrections.decided(self, action)

    def _effects(self) -> tuple[int, int, int]:
        """How many lines, approvals and claims the round has: an entry that adds none is one nothing
        depends on yet."""
        return len(self.lines), len(self.approvals), len(self.claims)

    def undo_offer(self) -> tuple[Action, Action] | None:
        """(the last entry still standing, the undo that would take it back) when the dealer may take
        it back: its kind is one the dealer may, and it added no line, approval or claim."""
        step = self.current_step()
        kept = self.standing()
        if step is None or self.closed or not self.quiet or not kept or kept[-1].get("type") not in self.undoable:
            return None
        return kept[-1], {"type": UNDO, "step": step.id}

    def undos(self, most: int) -> tuple[list[tuple[Action, Action]], str]:
        """Up to ``most`` of the last entries still standing, latest first, as far as the dealer may take
        them back one after the other now (``undo_offer`` at each): each with the undo that takes it back,
        naming the step the round is at by then, so that the undos, sent in order as one tap, are each
        accepted.  When that stops short of ``most``: why the next entry cannot be taken back, as its
        undo would be refused."""
        found: list[tuple[Action, Action]] = []
        rnd = self
        while len(found) < most:
            offer = rnd.undo_offer()
            if offer is None:
                return found, rnd._undo_refusal()
            found.append(offer)
            if len(found) < most:
                try:
                    rnd = rnd.apply(offer[1])
                except Refused as refusal:  # the offer and the undo apply the same rules: a backstop
                    found.pop()
                    return found, refusal.message
        return found, ""

    def _undo_refusal(self) -> str:
        """Why an undo now would be refused."""
        step = self.current_step()
        if step is None or self.closed:
            return "The round is complete: nothing in it is taken back by the dealer alone"
        try:
            self._undone({"type": UNDO, "step": step.id}, new_action=True)
        except Refused as refusal:
            return refusal.message
        return "It cannot be taken back by the dealer alone"

    @property
    def correctable(self) -> frozenset[str]:
        """The dealer's entries a floorperson may approve the correction of: those an undo may take back,
        unless a game keeps some of them to the undo alone (Poker's seating, once the hand is dealt)."""
        return self.undoable

    def entry_words(self, action: Action) -> str:
        """An entry as the dealer says it, where the game words its own ("seat 3's fold"); "" leaves it
        to the description every game shares (``corrections.described``)."""
        return ""

    def correction_offers(self) -> list[tuple[int, str, dict[str, Any]]]:
        """The entries the dealer may ask a floorperson to correct (``corrections.offers``)."""
        return corrections.offers(self)

    def standing(self) -> list[Action]:
        """The log without what undos and corrections took back."""
        return [action for _, action in self.standing_entries()]

    def standing_entries(self) -> list[tuple[int, Action]]:
        """(index in the log, action) of each entry still standing."""
        kept: list[tuple[int, Action]] = []
        ends = {end: start for start, end in self.corrections}
        for index, action in enumerate(self.log):
            if action.get("type") == UNDO:
                kept.pop()
            else:
                kept.append((index, action))
            if index + 1 in ends:
                kept = [(i, a) for i, a in kept if i < ends[index + 1]]
        return kept

    def rebuilt(self, index: int) -> Any:
        """The round as it was just before the log's entry ``index``: what the log up to it replays to."""
        return type(self).replay(self.game, self.rules, self.log[:index], **self.replay_options)

    def _undone(self, action: Action, *, new_action: bool = False) -> Any:
        kept = self.standing_entries()
        if new_action:
            corrections.check_step(self, action, "undo")
        if not kept:
            raise Refused("Nothing has been entered in this round: there is nothing to take back")
        index, last = kept[-1]
        what = corrections.described(self, last)
        if last.get("type") not in self.undoable:
            raise Refused(f"The last entry ({what}) cannot be taken back by the dealer: a floorperson corrects "
                          "it, or the round goes on as it stands")
        if not self.quiet:
            raise Refused(f"The last entry ({what}) settled wagers or asked for a floorperson: it can no longer be "
                          "taken back by the dealer alone")
        rebuilt = self.rebuilt(index)
        # What corrections approved since stays on record (an undo never follows an approval it could lose).
        rebuilt.approvals = [*rebuilt.approvals, *self.approvals[len(rebuilt.approvals):]]
        rebuilt.corrections = self.corrections
        rebuilt.log = (*self.log, action)
        rebuilt.seq = self.seq + 1
        return rebuilt

    def copied(self) -> Any:
        """A copy an action may change without changing this round."""
        return copy.deepcopy(self)

    def _apply(self, action: Action, *, new_action: bool = False) -> None:
        raise NotImplementedError
