"""Spanish 21 round sheets: exported rounds settle to their own lines, bad sheets are refused, and
docs/round-sheets.md shows what the engine does."""

import copy
import json
import re
from pathlib import Path

import pytest
from s21_play import GAME, Box, actions

from games.engine.cards import Shoe
from games.engine.core import RoundState
from games.engine.hands.blackjack import blackjack_total
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

DOC = Path(__file__).resolve().parents[2] / "docs" / "round-sheets.md"


def docs() -> str:
    """The Spanish 21 part of the page, from its heading to the next game's or the end."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"^# Spanish 21 \(`spanish-21`\)\n(.*?)(?=^# |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, "docs/round-sheets.md has no Spanish 21 section"
    return match.group(1)


def blocks(kind: str) -> dict:
    found = re.findall(rf"<!-- spanish-21 {kind}: ([\w-]+) -->\n```json\n(.*?)\n```", docs(), flags=re.DOTALL)
    return {name: json.loads(body) for name, body in found}


def subsection(title: str) -> str:
    match = re.search(rf"^#+ Spanish 21: {re.escape(title)}\n(.*?)(?=^#+ |\Z)", docs(), flags=re.MULTILINE | re.DOTALL)
    assert match, f"the Spanish 21 docs have no {title!r} section"
    return match.group(1)


def exported(rules, played, shoe_order=None):
    rnd = RoundState.replay(GAME, rules, played, shoe_order=shoe_order)
    sheet = sheet_from_log(GAME.slug, rules, [*played, {"type": "close", "step": "close"}], shoe_order=shoe_order)
    return rnd, sheet


def test_the_docs_show_a_full_example_and_a_void_example():
    assert set(blocks("sheet")) == set(blocks("settlement")) == {"example", "void"}


@pytest.mark.parametrize("name", ["example", "void"])
def test_each_example_in_the_docs_settles_to_the_output_the_docs_show(name):
    assert settle_sheet(blocks("sheet")[name]) == blocks("settlement")[name]


def test_the_full_example_uses_every_field_a_seat_may_have_but_player():
    example = blocks("sheet")["example"]
    assert {field for seat in example["seats"].values() for field in seat} == {"wagers", "cards", "decisions", "hands"}


def test_the_docs_describe_every_rules_option_with_its_default():
    rows = [line.split("|") for line in subsection("rules options").splitlines() if line.startswith("| `")]
    documented = {cells[1].strip(): cells[2].strip() for cells in rows}
    assert documented == {f"`{option}`": f"`{json.dumps(default)}`" for option, default in GAME.default_rules.items()}


def test_the_docs_name_every_irregularity_and_every_step_an_irregularity_can_be_at():
    documented = subsection("irregularities")
    for kind, irregularity in GAME.irregularities.items():
        assert f"`{kind}` ({irregularity.section})" in documented
    at_row = next(line for line in documented.splitlines() if line.startswith("| `at` |"))
    steps = {step.id for step in RoundState(GAME, {"match_the_dealer": True}).steps} - {"wagers", "close"}
    assert set(re.findall(r"`(\w+)`", at_row.split("|")[2])) == steps


def test_the_refusals_the_docs_show_are_the_engines():
    documented = re.findall(r"\$ # (.*)\nCommandError: the round sheet is refused: (.*)", subsection("refusals"))
    changes = {
        "seat 4's Insurance written as \"15\"": lambda s: s["seats"]["4"]["decisions"].update(insurance="15"),
        "seat 2's Double Down written as \"double 20\"": lambda s: s["seats"]["2"]["hands"][0].__setitem__(
            2, "double 20"),
        "seat 5 surrendering after a hit: \"hands\": [[\"4h\", \"surrender\"]]": lambda s: s["seats"]["5"].update(
            hands=[["4h", "surrender"]]),
        "seat 7 hitting a 21: \"hands\": [[\"7s\", \"2c\"]]": lambda s: s["seats"]["7"].update(hands=[["7s", "2c"]]),
        "\"even_money\": false while seat 1 takes even money": lambda s: s["rules"].update(even_money=False),
        "a ten in the dealer's cards: [\"As\", \"Tc\", \"5h\"]": lambda s: s.update(dealer=["As", "Tc", "5h"]),
        "the card reader's answer left out": lambda s: s.pop("inputs"),
    }
    assert [change for change, _ in documented] == list(changes)
    for change, message in documented:
        sheet = copy.deepcopy(blocks("sheet")["example"])
        changes[change](sheet)
        with pytest.raises(SheetError) as refusal:
            settle_sheet(sheet)
        assert str(refusal.value) == message, change


# -- exported rounds -------------------------------------------------------------------------------

@pytest.mark.parametrize("boxes, dealer, peek", [
    ({1: Box("10", "8s 8d", ("split 8c split 3h stand", "Kh stand", "9c double 2c rescue")),
      4: Box("15", "As Kd", "")}, "9h 7d Kc", None),
    ({2: Box("10", "9c 7c", "surrender", insurance="5"), 3: Box("20", "5c 6c", "double=10 Ks stand", insurance="no")},
     "Ah 6d", "no"),
    ({1: Box("10", "Qs 9s", "", insurance="no"), 2: Box("25", "7h 7h", "", insurance="12")}, "Ad Kc", "yes"),
])
def test_a_played_round_exports_a_sheet_that_settles_to_its_own_lines(boxes, dealer, peek):
    rules = {"match_the_dealer": False}
    rnd, sheet = exported(rules, actions(boxes, dealer, peek=peek, rules=rules))
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_a_round_dealt_from_the_virtual_shoe_exports_a_sheet_that_settles_to_its_own_lines():
    rules = {"decks": "8"}
    order = Shoe(GAME.deck_for(GAME.validate_rules(rules)).cards()).order()
    rnd = RoundState(GAME, rules, shoe_order=order)
    played = []
    for action in ([{"type": "place_wager", "step": "wagers", "seat": n, "wager": "main", "amount": "10"}
                    for n in (2, 5)] + [{"type": "no_more_bets", "step": "wagers"}]):
        rnd = rnd.apply(action)
        played.append(action)
    while rnd.prompt is not None and rnd.prompt.step != "close":
        prompt = rnd.prompt
        # The virtual shoe deals; a hand that may draw stands once it has 17.
        stand = next((c.action for c in prompt.choices if c.action.get("move") == "stand"), None)
        hand = rnd.seats[prompt.seat].hand_numbered(prompt.hand) if prompt.hand else None
        if stand and hand is not None and blackjack_total(hand.cards).total >= 17:
            action = stand
        else:
            action = next(c.action for c in prompt.choices)
        rnd = rnd.apply(action)
        played.append(action)
    sheet = sheet_from_log(GAME.slug, rules, [*played, {"type": "close", "step": "close"}], shoe_order=order)
    assert sheet["dealer"] == [card.code for card in rnd.zone("dealer").cards]
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_a_void_round_exports_a_sheet_that_settles_to_its_own_lines():
    played = actions({3: Box("10", "9c 4c", "")}, "7h", irregularities=[
        {"at": "play", "kind": "card_reader_shown", "approved": True}])
    rnd, sheet = exported({}, played)
    assert sheet["irregularities"] == [{"at": "play", "kind": "card_reader_shown", "approved": True}]
    assert settle_sheet(sheet)["void"] == {"reason": rnd.void.label, "section": "§ 635a.13(j)(1)"}
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]
