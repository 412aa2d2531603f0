"""Play Crazy 4 Poker rounds from a compact description (Chapter 657a).

A round is written the way a floorperson would: each seat's wagers, its decision and its five
cards, and the dealer's five cards.  ``round_actions`` turns that into the dealer's actions in the
regulation's order:

* wagers (Ante, an equal Super Bonus, the optional Queens Up and progressives), "no more bets" and
  the deal of five cards each (procedure as commonly played: §§ 657a.8-657a.10 are not available);
  the stub count when due;
* a Play Wager or a fold, clockwise = ascending seats (§ 657a.11(b));
* the dealer's five cards turned, then each seat with a Play Wager from the dealer's right =
  descending seats (§ 657a.11(c)); then the Envy Bonuses (§ 657a.11(e)(5)) where any is due.

Each action carries its phase, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["DEALER", "GAME", "ROUND", "Hand", "at", "outcomes", "play", "refuse", "round_actions", "state", "tap",
           "turn_cards"]

GAME = game_for("crazy-4-poker")

# A dealer's hand that qualifies with a pair of sevens (best four: 7 7 Q 6).
DEALER = "7s 7d Qc 6c 3d"


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (the Super Bonus equals it), its Play (an amount, "play" for one equal to
    the Ante, or "fold"), its five cards, its optional wagers."""

    ante: str
    cards: str
    play: str = "play"
    queens_up: str | None = None
    four_card_progressive: str | None = None
    five_card_progressive: str | None = None
    super_bonus: str | None = None

    @property
    def folds(self) -> bool:
        return self.play == "fold"

    def wagers(self) -> dict[str, str]:
        placed = {"ante": self.ante, "super_bonus": self.super_bonus or self.ante}
        for wager in ("queens_up", "four_card_progressive", "five_card_progressive"):
            if getattr(self, wager) is not None:
                placed[wager] = getattr(self, wager)
        return placed

    def decision(self, seat: int) -> dict[str, Any]:
        action = {"type": "decide", "step": "play_decision", "seat": seat}
        if self.play == "fold":
            return action | {"choice": "fold"}
        return action | {"choice": "play", "amount": self.ante if self.play == "play" else self.play}


# A round that reaches every step: seat 1 plays three times its Ante on a pair of aces, seat 3
# plays its Ante, seat 5 folds.
ROUND = Round({1: Hand("10", "Ah Ad 9c 5d 2h", play="30", queens_up="5"),
               3: Hand("25", "Kc Kh 8d 4s 2c"),
               5: Hand("5", "Qs 6h 5c 4d 3s", play="fold", queens_up="5")},
              "", "Ac Jd Tc 8h 6s")


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, approvals: dict[int, str] | None = None,
                  envy: bool = False, enter_all: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions, each with its phase.  ``approvals`` maps a seat whose Play Wager a
    floorperson must look at to the answers in turn ("refuse approve": the cards entered again are
    the same, so the question comes again); approval numbers follow the order seats are settled in;
    ``envy`` adds the Envy Bonus pass.  With ``enter_all`` the dealer enters the dealer's cards even
    where no wager is decided on them."""
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        for wager, amount in seats[number].wagers().items():
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": wager, "amount": amount}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"dealer": dealer.split()}
    actions += [("no_more_bets", {"type": "no_more_bets"}), ("deal", deal)]
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))
    for number in sorted(seats):
        actions.append(("play_decision", seats[number].decision(number)))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    # § 657a.11(c): the dealer's cards are revealed even when every seat folded; no wager is then
    # decided on them, and the dealer confirms the reveal with one tap.
    needed = not all(hand.folds for hand in seats.values())
    actions.append(("reveal", turned("dealer", dealer) if needed or card_reader or enter_all else {"type": "confirm"}))
    approval = 0
    for number in sorted(seats, reverse=True):
        if seats[number].folds:
            continue
        actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
        for answer in (approvals or {}).get(number, "").split():
            approval += 1
            actions.append(("settle", {"type": answer, "approval": approval}))
            if answer == "refuse":  # the cards are entered again, and checked again
                actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    if envy:
        actions.append(("envy", {"type": "settle"}))
    return actions


def play(seats: dict[int, Hand], *cards: str, **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``).  ``cards``: the
    dealer's five cards (DEALER if none), or, as a ``Round`` is written, the board (none in this
    game) and then the dealer's cards."""
    if len(cards) > 1 and cards[0]:
        raise ValueError(f"Crazy 4 Poker has no community cards, got {cards[0]!r}")
    return play_round(GAME, round_actions, Round(seats, "", cards[-1] if cards else DEALER), **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase``."""
    return play(seats, ROUND.cards, until=phase, **kwargs)
