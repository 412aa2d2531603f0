"""Round sheets: a whole round on paper, settled by the same engine as the tablets.

A sheet names the game, the table's rules options, each seat's wagers, decisions and cards,
the dealer's cards and the board (see docs/round-sheets.md).  ``settle_sheet`` plays it
through the engine, prompt by prompt, and returns the settlement sheet.  ``sheet_from_log``
writes the sheet of a recorded round, so any past round can be settled again.

These find the game by the slug the sheet names, in the registry, and leave the sheet to it: a
banked game plays and writes it with ``games.engine.core.sheets``, Poker with
``games.engine.poker.sheet``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine.core.machine import RoundState
from games.engine.core.records import Refused
from games.engine.core.sheets import SheetError, play_banked_sheet, require, settlement_sheet
from games.engine.registry import game_for

__all__ = ["SheetError", "play_sheet", "settle_sheet", "settlement_sheet", "sheet_from_log"]


def settle_sheet(sheet: Any) -> dict[str, Any]:
    """The settlement sheet of a round sheet, by the engine of the game it names."""
    try:
        game = game_for(require(sheet, "game", str, "the sheet"))
        return game.settle_sheet(sheet)
    except Refused as refusal:
        raise SheetError(str(refusal)) from None
    except KeyError as error:
        raise SheetError(str(error.args[0])) from None


def play_sheet(sheet: Any) -> tuple[RoundState, list[dict[str, Any]]]:
    """The round a banked game's sheet describes, played through the engine, and the actions that played it."""
    try:
        return play_banked_sheet(game_for(require(sheet, "game", str, "the sheet")), sheet)
    except Refused as refusal:
        raise SheetError(str(refusal)) from None
    except KeyError as error:
        raise SheetError(str(error.args[0])) from None


def sheet_from_log(slug: str, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
                   shoe_order: list[str] | None = None, closing: Any = None) -> dict[str, Any]:
    """The round sheet of a recorded round: settling it gives the round's own settlement.
    ``closing``: the round the actions lead to, when the caller holds it already."""
    return game_for(slug).sheet_from_log(rules, actions, shoe_order, closing)
