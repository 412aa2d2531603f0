"""What the services, views, history and round sheets ask of every game, whatever its family.

A family of games is a way of running a round: the banked games (``Game`` and ``RoundState``:
wagers against the house, paytables, steps in the chapter's order) and nonbanked Poker
(``games.engine.poker``: players against each other, pots, a rake).  Both answer these two
protocols; nothing outside the engine needs to know which family a game is, except to pick the
layout its tablets draw (``family``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

from games.engine.cards import Card, Deck
from games.engine.core.records import Approval, Claim, Irregularity, Prompt, SettlementLine
from games.engine.money import Cents


@runtime_checkable
class GameRound(Protocol):
    """One round, rebuilt from its log; ``apply`` checks an action on a copy and returns the new
    round, or raises ``Refused`` and changes nothing."""

    game: TableGame
    rules: dict[str, Any]
    seq: int
    log: tuple[Mapping[str, Any], ...]  # every action applied, in order, undos and corrections included
    closed: bool
    void: Irregularity | None
    lines: list[SettlementLine]
    approvals: list[Approval]
    claims: list[Claim]

    @property
    def prompt(self) -> Prompt | None: ...

    @property
    def board(self) -> tuple[Card, ...]: ...

    def apply(self, action: Mapping[str, Any], *, logged: bool = False) -> GameRound: ...

    def current_step(self) -> Any:
        """The step the round is at (``id``, the ``actions`` it takes), or None."""

    def used_cards(self) -> list[Card]: ...

    def wagers(self) -> dict[tuple[int, int, str], Cents]: ...


@runtime_checkable
class TableGame(Protocol):
    """A game the registry knows: its options, its rounds, its sheets."""

    family: str  # "banked" or "poker": the layout the tablets draw
    slug: str
    name: str
    chapter: str
    seat_count: int
    table_section: str
    wager_section: str
    deck: Deck
    irregularities: dict[str, Irregularity]
    default_rules: dict[str, Any]
    rule_options: tuple[Any, ...]
    required_wager: str  # the wager that makes a seat play, "" where table stakes do
    carries_options: bool  # a round starts from what the last one left (``carried_options``)

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]: ...

    def fixed_by_chapter(self, rules: Mapping[str, Any]) -> list[tuple[str, Cents, str]]: ...

    def wager_label(self, wager: str) -> str: ...

    def describe(self, rules: Mapping[str, Any]) -> str: ...

    def new_round(self, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None) -> GameRound: ...

    def replay(self, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]], *,
               shoe_order: Iterable[str] | None = None) -> GameRound: ...

    def carried_options(self, previous: GameRound | None) -> dict[str, Any]: ...

    def hand_history(self, rnd: Any, *, table: str = "", hand: int | None = None) -> str | None: ...

    def settle_sheet(self, sheet: Mapping[str, Any]) -> dict[str, Any]: ...

    def sheet_from_log(self, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
                       shoe_order: list[str] | None = None, closing: GameRound | None = None) -> dict[str, Any]:
        """The round sheet of a recorded round.  ``closing``: the round its actions lead to, when the
        caller holds it already (the close); a game may write the sheet from it instead of replaying."""
