"""docs/round-sheets.md and the engine agree: its examples settle to the output it shows, and it
documents every rules option, irregularity and step a sheet can name."""

import json
import re
from pathlib import Path

import pytest
from thb_play import Hand, play

from games.engine.registry import game_for
from games.engine.round_sheet import settle_sheet

DOC = Path(__file__).resolve().parents[2] / "docs" / "round-sheets.md"
GAME = game_for("texas-holdem-bonus")


def blocks(kind):
    """{name: parsed JSON} of the ```json blocks marked <!-- kind: name --> in the docs."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(rf"<!-- {kind}: ([\w-]+) -->\n```json\n(.*?)\n```", text, flags=re.DOTALL)
    return {name: json.loads(body) for name, body in found}


def section(title):
    """The text of one "## " or "### " section of the docs."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^#+ {re.escape(title)}\n(.*?)(?=^#+ |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"docs/round-sheets.md has no section {title!r}"
    return match.group(1)


def test_the_docs_show_a_full_example_and_a_void_example():
    assert set(blocks("sheet")) == set(blocks("settlement")) == {"example", "void"}


@pytest.mark.parametrize("name", ["example", "void"])
def test_each_example_in_the_docs_settles_to_the_output_the_docs_show(name):
    assert settle_sheet(blocks("sheet")[name]) == blocks("settlement")[name]


def test_the_full_example_uses_every_field_of_a_seat():
    example = blocks("sheet")["example"]
    assert {field for seat in example["seats"].values() for field in seat} == {"wagers", "decisions", "cards"}


def test_the_docs_describe_every_rules_option_with_its_default():
    rows = [line.split("|") for line in section("Rules options").splitlines() if line.startswith("| `")]
    documented = {cells[1].strip(): cells[2].strip() for cells in rows}
    assert documented == {f"`{option}`": f"`{json.dumps(default)}`" for option, default in GAME.default_rules.items()}


def test_the_docs_name_every_irregularity_a_sheet_can_give():
    documented = section("Irregularities")
    for kind, irregularity in GAME.irregularities.items():
        if not kind.startswith("stub_"):  # a stub count is the sheet's stub_count field
            assert f"`{kind}` ({irregularity.section})" in documented


def test_the_steps_the_docs_list_for_at_are_the_steps_of_a_round():
    at_row = next(line for line in section("Irregularities").splitlines() if line.startswith("| `at` |"))
    documented = set(re.findall(r"`(\w+)`", at_row.split("|")[2]))
    prompts = []
    play({1: Hand("10", "Ah Kh"), 2: Hand("10", "Kc Kd", bonus="5", plays="fold")}, "2h 7h 9h Jc 3d", "Qs Qd",
         rules={"stub_count_due": True}, stub_count="correct", prompts=prompts)
    steps = {prompt.step for prompt in prompts} - {"wagers"}  # "no more bets" closes the wagers first
    assert documented == steps
