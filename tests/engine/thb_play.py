"""Play Texas Hold 'Em Bonus Poker rounds from a compact description (Chapter 647a).

A round is described the way a floorperson would write it down: each seat's wagers, its
decisions and its two cards, the board and the dealer's cards.  ``round_actions`` turns that
into the dealer's actions in the order the regulation prescribes:

* wagers, then "no more bets" and the deal (§ 647a.8(b)-(d));
* Flop Wager or fold, clockwise from the dealer's left = ascending seats (§ 647a.11(b));
* the Flop (§ 647a.11(c)); Turn Wager or check by the seats with a Flop Wager (§ 647a.11(d));
  the Turn (§ 647a.11(e)); River Wager or check (§ 647a.11(f)); the River (§ 647a.11(g));
* the dealer's reveal, then each seat with a Flop Wager from the dealer's right =
  descending seats (§ 647a.11(h)); then the folded seats with a Bonus Wager, whose cards
  waited under it (§ 647a.11(b)(2)(i)(A)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from play import Round, outcomes, play_round, refuse, state, tap, turn_cards

from games.engine.core import RoundState
from games.engine.registry import game_for

__all__ = ["BOARD", "DEALER", "GAME", "ROUND", "TABLE", "Hand", "at", "outcomes", "play", "refuse", "round_actions",
           "state", "tap", "turn_cards"]

GAME = game_for("texas-holdem-bonus")

# A board and dealer's hand for tests where the main game does not matter: no ace, king, queen,
# jack, ten or two, so any two-card Bonus hand can be dealt beside them.
BOARD = "3c 4d 8h 9s 7c"
DEALER = "5h 5s"


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (and Bonus Wager), its decisions, its two cards.

    ``plays`` lists the decisions in order: "fold", or "flop" followed by "turn"/"check"
    and "river"/"check".
    """

    ante: str
    cards: str
    bonus: str | None = None
    plays: str = "flop check check"
    progressive: str | None = None  # the Progressive Payout Wager (§ 647a.7(d)(3)), needs a meter
    hand_bonus: str | None = None  # the Five Card Hand Bonus Wager on the player's hand (§ 647a.7(d)(4))
    dealer_hand_bonus: str | None = None  # the same wager on the dealer's hand (§ 647a.7(d)(4))

    @property
    def any_hand_bonus(self) -> bool:
        return self.hand_bonus is not None or self.dealer_hand_bonus is not None

    @property
    def folds(self) -> bool:
        return self.plays.split()[0] == "fold"


# A round that reaches every step of the chapter: seat 1 makes every wager and wins with a flush,
# seat 3 loses, seat 5 folds and its cards wait under its Bonus Wager.  The checks every game
# shares play it, and so do this game's irregularity and procedure tests.
ROUND = Round({1: Hand("10", "Ah Kh", bonus="5", plays="flop turn river"),
               3: Hand("25", "4c 5d", plays="flop check check"),
               5: Hand("5", "Kc Kd", bonus="5", plays="fold")}, "2h 7h 9h Jc 3d", "Qs Qd")

# A whole table of $10 Antes against the dealer's pair of queens: seats 2 and 4 fold keeping their
# Bonus Wagers, seat 6 folds without one; seat 1's flush wins, seat 3 loses, seat 5's three jacks win.
TABLE = Round({1: Hand("10", "Ah Kh", plays="flop turn river"), 2: Hand("10", "Kc Kd", bonus="5", plays="fold"),
               3: Hand("10", "4c 5d"), 4: Hand("10", "Ac Ad", bonus="5", plays="fold"), 5: Hand("10", "Js Jd"),
               6: Hand("10", "8c 8d", plays="fold")}, "2h 7h 9h Jc 3d", "Qs Qd")


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, bonus_on_dealer_cards: bool = True,
                  draw: tuple[str, int | str] | None = None,
                  enter_all: bool = False) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the regulation's order.

    With ``card_reader`` the shoe reads every card as it is dealt: the deal carries the seats'
    and the dealer's cards, and turning them face up later enters nothing new.  Cards no wager is
    decided on (the board and the dealer's cards once every seat has folded) are confirmed with one
    tap, or entered with ``enter_all``.
    """
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        hand = seats[number]
        actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "ante", "amount": hand.ante}))
        if hand.bonus is not None:
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "bonus",
                                       "amount": hand.bonus}))
        if hand.progressive is not None:
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "progressive",
                                       "amount": hand.progressive}))
        if hand.hand_bonus is not None:
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "five_card_hand_bonus",
                                       "amount": hand.hand_bonus}))
        if hand.dealer_hand_bonus is not None:
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "five_card_hand_bonus_dealer",
                                       "amount": hand.dealer_hand_bonus}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"dealer": dealer.split()}
    actions.append(("no_more_bets", {"type": "no_more_bets"}))
    if draw is not None:  # what the table game system drew (the service draws it with secrets)
        actions.append(("magic_draw", {"type": "system_draw", "magic_card": draw[0], "lucky": draw[1]}))
    actions.append(("deal", deal))
    in_play = [n for n in sorted(seats) if not seats[n].folds]
    for number in sorted(seats):
        choice = "fold" if seats[number].folds else "flop"
        actions.append(("flop_decision", {"type": "decide", "seat": number, "choice": choice}))
    cards = board.split()
    progressive = any(seats[n].progressive is not None or seats[n].any_hand_bonus for n in seats)
    # The community cards are dealt even once every seat has folded (§ 647a.8(e)); a street no wager
    # is decided on is then confirmed with one tap.  The Flop still decides a Progressive Payout Wager
    # and the Five Card Hand Bonus Wagers (§ 647a.11(i), (j)).
    confirm = {"type": "confirm"}
    flop = {"type": "cards", "target": "board", "cards": cards[:3]}
    actions.append(("flop", flop if in_play or progressive or enter_all else confirm))
    for index, street in ((1, "turn"), (2, "river")):
        for number in in_play:
            choice = seats[number].plays.split()[index]
            actions.append((f"{street}_decision", {"type": "decide", "seat": number, "choice": choice}))
        turn = {"type": "cards", "target": "board", "cards": [cards[index + 2]]}
        actions.append((street, turn if in_play or enter_all else confirm))
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    # The dealer's cards decide the hands in play, and Paytable A's "Ace-ace (dealer and player)" row
    # of a folded seat's Bonus Wager, and the Five Card Hand Bonus Wagers on the dealer's hand.
    # They are turned even when none of these is left (§ 647a.11(h)): the dealer then confirms the step.
    needed = in_play or (bonus_on_dealer_cards and any(seats[n].bonus is not None for n in seats)) \
        or any(seats[n].dealer_hand_bonus is not None for n in seats)
    actions.append(("reveal", turned("dealer", dealer) if needed or card_reader or enter_all else confirm))
    for number in sorted(in_play, reverse=True):
        actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    for number in sorted(seats, reverse=True):
        if seats[number].folds and seats[number].bonus is not None:
            actions.append(("settle_bonus", turned(f"seat:{number}", seats[number].cards)))
    # A folded hand stays on the table while a Progressive Payout Wager is unsettled (§ 647a.11(b)(2)),
    # or under its own Five Card Hand Bonus Wager ((b)(2)(i)(C)).
    at_table = any(seats[n].progressive is not None for n in seats)
    for number in sorted(seats, reverse=True):
        kept = at_table or seats[number].any_hand_bonus
        if kept and seats[number].folds and seats[number].bonus is None:
            actions.append(("settle_folded", turned(f"seat:{number}", seats[number].cards)))
    return actions


def play(seats: dict[int, Hand], board: str = BOARD, dealer: str = DEALER, *, rules: dict[str, Any] | None = None,
         **options: Any) -> RoundState:
    """Play the round through the engine (``options``: see ``play.play_round``; ``draw`` is the
    Magic Card and Lucky position the table game system drew)."""
    on_dealer_cards = GAME.pays_on_dealer_cards(GAME.validate_rules(rules or {}))
    return play_round(GAME, round_actions, Round(seats, board, dealer), rules=rules,
                      bonus_on_dealer_cards=on_dealer_cards, **options)


def at(phase: str | None = None, *, seats: dict[int, Hand] = ROUND.seats, **kwargs: Any) -> RoundState:
    """ROUND (with other ``seats``, if given) just before the first action of ``phase`` (all of it without one)."""
    return play(seats, ROUND.board, ROUND.cards, until=phase, **kwargs)
