"""docs/poker.md and the engine agree: its example sheet settles to the lines, totals and stacks it
shows, and it documents every rules option and irregularity."""

import json
import re
from pathlib import Path

from games.engine.poker.game import GAME
from games.engine.round_sheet import settle_sheet

DOC = (Path(__file__).resolve().parents[2] / "docs" / "poker.md").read_text(encoding="utf-8")


def block(kind: str) -> dict:
    return json.loads(re.search(rf"<!-- {kind}: example -->\n```json\n(.*?)\n```", DOC, flags=re.DOTALL).group(1))


def test_the_example_sheet_settles_to_what_the_docs_show():
    settlement = settle_sheet(block("poker-sheet"))
    shown = block("poker-settlement")
    assert {key: settlement[key] for key in shown} == shown


def test_the_docs_list_every_rules_option_with_its_default_and_name_every_irregularity():
    rows = [line.split("|") for line in DOC.splitlines() if line.startswith("| `")]
    documented = {cells[1].strip(): cells[2].strip() for cells in rows if len(cells) > 4}
    for option in GAME.rule_options:
        assert documented.get(f"`{option.key}`") == f"`{json.dumps(GAME.default_rules[option.key])}`", option.key
    for kind in GAME.irregularities:
        assert f"`{kind}`" in DOC, kind
