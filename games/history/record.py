"""A round's history record: what its page and sheet show, written once, when it closes or is voided.

A supervisor trusts the history because a past round shows what the table was told when it was
settled.  Replaying the log with today's engine would not: a changed paytable, a renamed rules
option or a reworked procedure would silently change (or break) every past round.  So the close
writes the record (the seats, cards, settlement lines and void as the page shows them, the round
sheet and the settlement sheet) with the engine version that settled it; the page, the CSV and
the sheet read that, and the round's closing hash seals it with its log (``games.history.chain``).  A
record written before the chain also holds a ``log_digest``, which nothing reads any more.
``recompute`` is the separate, explicit question
"what would today's engine pay?", answered from the recorded sheet, with the differences.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from games.common import rows
from games.engine import ENGINE_VERSION
from games.engine.core import Refused
from games.engine.round_sheet import SheetError, settle_sheet, settlement_sheet, sheet_from_log
from games.history import chain
from games.models import Round
from games.table import selectors

logger = logging.getLogger(__name__)


def round_page(rnd: Round, state) -> dict[str, Any]:
    """What the round page shows of a round, as plain data: the labels and instructions are the
    words of the engine that settled it, so a later rename does not reach them."""
    view = selectors.round_view(rnd, state)
    game = state.game
    return {
        "game": {"slug": game.slug, "name": game.name, "dealer_hand": game.dealer_hand},
        "seats": [{"number": seat.number, "wagers": seat.wagers, "cards": seat.cards, "folded": seat.folded,
                   "decisions": seat.decisions,
                   "hands": [{"number": hand.number, "cards": hand.cards, "wagers": hand.wagers, "state": hand.state,
                              "plays": hand.plays}
                             for hand in getattr(seat, "hands", ())]}  # a Poker seat plays no banked hands
                  for seat in view["seats"] if seat.wagers],
        "has_board": view.get("has_board", bool(view["board"])),
        "board": view["board"],
        "dealer_cards": view["dealer_cards"],
        "dealer_shown": view["dealer_shown"],
        "zones": view["zones"],
        "settlement": [[seat_no, [_line(game, line) for line in lines]] for seat_no, lines in view["settlement"]],
        "void": {"label": view["void"].label, "section": view["void"].section} if view["void"] else None,
    }


def _line(game, line) -> dict[str, Any]:
    return {"seat": line.seat, "hand_no": line.hand_no, "wager": line.wager,
            "wager_label": game.wager_label(line.wager), "stage": line.stage, "stake": line.stake,
            "outcome": line.outcome, "amount": line.amount,
            "instruction": line.instruction, "odds": line.odds, "hand": line.hand, "note": line.note,
            "section": line.section, "payer": line.payer}


def round_record(rnd: Round, state) -> dict[str, Any]:
    """The record of a round that has just closed or been voided, from its replayed ``state``."""
    record: dict[str, Any] = {
        "page": round_page(rnd, state),
        "settlement": settlement_sheet(state),
        "sheet": None,
        "sheet_error": "",
    }
    try:
        actions = list(rnd.events.order_by("seq").values_list("action", flat=True))
        # Written from the closing state: a second replay of the log would find the same round.
        record["sheet"] = sheet_from_log(rnd.game, rnd.rules, actions, rnd.shoe_order, closing=state)
    except Exception as error:  # the round closes even when its sheet cannot be written: the page says why
        logger.exception("The round sheet of round %s could not be written", rnd.pk)
        record["sheet_error"] = f"{type(error).__name__}: {error}"
    try:
        # A standard hand history besides the sheet, where the game's family has one (Poker's PHH).
        record["hand_history"] = state.game.hand_history(state, table=rnd.table.name, hand=rnd.number)
    except Refused as refusal:
        record["hand_history"], record["hand_history_error"] = None, refusal.message
    return record


def record_round(rnd: Round, state) -> None:
    """Write the record of ``rnd``, closing or voided now, in the caller's transaction."""
    # As the database will give it back: its digest, which the closing hash seals, is of this copy.
    rnd.record, rnd.engine_version = chain.storable(round_record(rnd, state)), ENGINE_VERSION
    rnd.record_hash = chain.record_digest(rnd.record)
    # Written here, not left to the caller's save, so that it is stored whichever columns that saves.
    rows.update(rnd, ["record", "engine_version", "record_hash"])


# -- recompute ---------------------------------------------------------------------------------------

LINE_FIELDS = ("outcome", "amount_cents", "stake", "odds", "section")


def _keyed(lines: Iterable[Mapping[str, Any]]) -> dict[tuple, Mapping[str, Any]]:
    """Lines by (seat, wager, n): the n-th line of that seat and wager (a split hand has two)."""
    seen: Counter = Counter()
    keyed = {}
    for line in lines:
        seen[line["seat"], line["wager"]] += 1
        keyed[line["seat"], line["wager"], seen[line["seat"], line["wager"]]] = line
    return keyed


def _said(line: Mapping[str, Any] | None) -> str:
    if line is None:
        return "no line"
    return f"{line['outcome']} {line['amount']} on {line['stake']} ({line['section']})"


def recompute(record: Mapping[str, Any]) -> dict[str, Any]:
    """Today's engine's settlement of the recorded round sheet, and how it differs from the record."""
    result: dict[str, Any] = {"engine_version": ENGINE_VERSION, "error": "", "differences": [], "totals": None}
    if record.get("sheet") is None:
        result["error"] = f"No round sheet was recorded ({record.get('sheet_error') or 'none'})"
        return result
    try:
        today = settle_sheet(record["sheet"])
    except SheetError as error:
        result["error"] = f"Today's engine cannot settle this round's sheet: {error}"
        return result
    recorded = record["settlement"]
    then, now = _keyed(recorded["lines"]), _keyed(today["lines"])
    for key in sorted(then.keys() | now.keys(), key=lambda k: (k[0], str(k[1]), k[2])):
        before, after = then.get(key), now.get(key)
        if before is None or after is None or any(before.get(f) != after.get(f) for f in LINE_FIELDS):
            result["differences"].append({"seat": key[0], "wager": key[1], "recorded": _said(before),
                                          "today": _said(after)})
    if recorded["totals"] != today["totals"]:
        result["totals"] = {"recorded": recorded["totals"], "today": today["totals"]}
    if recorded["void"] != today["void"]:
        result["differences"].append({"seat": "", "wager": "void", "recorded": str(recorded["void"]),
                                      "today": str(today["void"])})
    return result
