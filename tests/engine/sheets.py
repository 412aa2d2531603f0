"""What the round-sheet tests of every game share: a sheet with some fields changed, its
settlement in short, and the parts of docs/round-sheets.md a test reads."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

DOC = Path(__file__).resolve().parents[2] / "docs" / "round-sheets.md"


def edited(sheet: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """``sheet`` with some fields replaced; ``seat_N`` replaces seat N (None removes it)."""
    new = copy.deepcopy(sheet)
    for key, value in changes.items():
        if key.startswith("seat_"):
            number = key.removeprefix("seat_")
            if value is None:
                del new["seats"][number]
            else:
                new["seats"][number] = value
        else:
            new[key] = value
    return new


def summary(settlement: dict[str, Any]) -> list[tuple[int, str, str, int]]:
    """(seat, wager, outcome, cents) of each line of a settlement."""
    return [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settlement["lines"]]


def blocks(marker: str, kind: str) -> dict[str, Any]:
    """{name: parsed JSON} of the ```json blocks marked <!-- {marker}{kind}: name --> in the docs
    (the marker names the game: "let-it-ride ", or nothing for the first game documented)."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(rf"<!-- {re.escape(marker)}{kind}: ([\w-]+) -->\n```json\n(.*?)\n```", text, flags=re.DOTALL)
    return {name: json.loads(body) for name, body in found}


def section(title: str) -> str:
    """The text of the first "#" section of the docs with this title, up to the next heading."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#+ |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"docs/round-sheets.md has no section {title!r}"
    return match.group(1)
