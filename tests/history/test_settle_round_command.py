"""``python manage.py settle_round FILE|-``: the settlement sheet as JSON, or exit status 2 and
the problem named (docs/round-sheets.md)."""

import copy
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "round-sheets.md"

SHEET = {
    "game": "texas-holdem-bonus",
    "rules": {"bonus_paytable": "B"},
    "seats": {
        "2": {"wagers": {"ante": "10", "bonus": "5"}, "decisions": {"flop": "20", "turn": "check", "river": "10"},
              "cards": ["As", "Ah"]},
        "5": {"wagers": {"ante": "10"}, "decisions": {"flop": "fold"}},
    },
    "dealer": ["Ad", "Ac"],
    "board": ["Ks", "9s", "5s", "2s", "7d"],
}


def settle_round(argument, stdin=""):
    """Run the command as a user would: its exit status, standard output and standard error."""
    result = subprocess.run([sys.executable, "manage.py", "settle_round", argument], cwd=ROOT, input=stdin,
                            capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


def test_it_prints_the_settlement_of_a_sheet_read_from_standard_input():
    status, out, err = settle_round("-", json.dumps(SHEET))
    assert (status, err) == (0, "")
    settlement = json.loads(out)
    # Seat 2's As + Ks 9s 5s 2s: a flush against the dealer's pair of aces.
    assert [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settlement["lines"]] == [
        (5, "ante", "lose", 10_00),  # § 647a.11(b)(2): the folded seat's Ante
        (2, "ante", "win", 10_00),  # § 647a.12(a): 1 to 1 on $10; a flush is above a straight
        (2, "flop", "win", 20_00),  # § 647a.12(a): 1 to 1 on $20
        (2, "river", "win", 10_00),  # § 647a.12(a): 1 to 1 on $10
        (2, "bonus", "win", 150_00),  # § 647a.12(b) B: no dealer-and-player row; Ace-ace 30 to 1 on $5 = $150
    ]
    assert settlement["totals"] == {"paid": "$190.00", "collected": "$10.00"}


def test_it_refuses_malformed_json_with_exit_status_2(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text('{"game": "texas-holdem-bonus", "seats": {', encoding="utf-8")
    status, out, err = settle_round(str(path))
    assert (status, out) == (2, "")
    assert "the round sheet is not valid JSON" in err


def test_it_refuses_a_bad_sheet_with_exit_status_2_and_names_the_problem(tmp_path):
    bad = copy.deepcopy(SHEET)
    bad["seats"]["2"]["decisions"]["flop"] = "15"
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    status, out, err = settle_round(str(path))
    assert (status, out) == (2, "")
    assert "Seat 2's Flop Wager must be twice the Ante ($20.00), not $15.00 — § 647a.11(b)" in err


def test_it_refuses_a_file_it_cannot_read_with_return_code_2(tmp_path):
    with pytest.raises(CommandError, match="cannot read") as error:
        call_command("settle_round", str(tmp_path / "missing.json"))
    assert error.value.returncode == 2


def test_call_command_prints_the_settlement_of_a_file(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(SHEET), encoding="utf-8")
    out = io.StringIO()
    call_command("settle_round", str(path), stdout=out)
    assert json.loads(out.getvalue())["void"] is None


def test_call_command_raises_a_command_error_with_return_code_2(tmp_path):
    bad = copy.deepcopy(SHEET)
    bad["seats"]["7"] = bad["seats"].pop("5")
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(CommandError, match="There is no seat 7") as error:
        call_command("settle_round", str(path))
    assert error.value.returncode == 2


# -- The refusals docs/round-sheets.md shows are the command's own --------------------------------


def documented_example():
    text = DOC.read_text(encoding="utf-8")
    return re.search(r"<!-- sheet: example -->\n```json\n(.*?)\n```", text, flags=re.DOTALL).group(1)


def documented_refusals():
    text = DOC.read_text(encoding="utf-8")
    console = re.search(r"^## Refusals\n.*?```console\n(.*?)```", text, flags=re.MULTILINE | re.DOTALL).group(1)
    return [line for line in console.splitlines() if line.startswith("CommandError: ")]


def changed(change):
    sheet = json.loads(documented_example())
    change(sheet)
    return json.dumps(sheet)


# In the order the docs show them.
DOCUMENTED_CHANGES = [
    lambda: changed(lambda s: s["seats"]["6"]["decisions"].update(flop="30")),
    lambda: changed(lambda s: s.update(dealer=["Qs", "2h"])),
    lambda: changed(lambda s: s["seats"].update({"7": s["seats"].pop("6")})),
    lambda: changed(lambda s: s["board"].pop()),
    lambda: changed(lambda s: s["seats"]["6"].update(cards=["4c", "5d", "6d"])),
    lambda: changed(lambda s: s["seats"]["6"]["wagers"].update(ante="2")),
    lambda: changed(lambda s: s["rules"].update(bonus_paytable="")),
    lambda: changed(lambda s: s["seats"]["2"]["decisions"].update(turn="25")),
    lambda: documented_example().replace('"river": "10"},', '"river": "10"}', 1),
]


def test_the_docs_show_one_refusal_per_documented_change():
    assert len(documented_refusals()) == len(DOCUMENTED_CHANGES)


@pytest.mark.parametrize("index", range(len(DOCUMENTED_CHANGES)))
def test_each_refusal_in_the_docs_is_the_message_the_command_gives(index, tmp_path):
    path = tmp_path / "sheet.json"
    path.write_text(DOCUMENTED_CHANGES[index](), encoding="utf-8")
    with pytest.raises(CommandError) as error:
        call_command("settle_round", str(path))
    assert f"CommandError: {error.value}" == documented_refusals()[index]


POKER_PHH = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
seats = [2, 5, 9]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cbr 10',
           'p3 f']
"""


def test_it_settles_a_poker_hand_history_file(tmp_path):
    # Seat 9 (p3, the button) raises to $6, seat 2 (small blind) folds, seat 5 calls; on the flop seat 5 bets
    # $10 and seat 9 folds: the bet goes back uncalled, the $1 + $6 + $6 = $13 pot to seat 5 (§ 637a.7(d)).
    path = tmp_path / "hand.phh"
    path.write_text(POKER_PHH, encoding="utf-8")
    status, out, err = settle_round(str(path))
    assert (status, err) == (0, "")
    settlement = json.loads(out)
    assert [(line["seat"], line["wager"], line["outcome"], line["amount_cents"]) for line in settlement["lines"]] == [
        (5, "uncalled_bet", "returned", 0), (5, "main_pot", "award", 13_00)]
    assert settlement["stacks"] == {"2": "99.00", "5": "107.00", "9": "94.00"}


def test_a_poker_hand_history_that_breaks_the_rules_is_refused_with_exit_status_2(tmp_path):
    path = tmp_path / "hand.phh"
    path.write_text(POKER_PHH.replace("'p3 f'", "'p1 f'"), encoding="utf-8")
    status, out, err = settle_round(str(path))
    assert (status, out) == (2, "")
    assert "does not follow the rules here" in err


def test_a_poker_hand_history_with_a_single_posted_blind_is_refused_with_exit_status_2(tmp_path):
    # § 637a.11(d): the first blind, and the additional blinds a Rules Submission asks for.  The tables here
    # post a small and a big blind; a file with one blind is refused by name, not with a traceback.
    path = tmp_path / "hand.phh"
    path.write_text(POKER_PHH.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [2, 0, 0]"),
                    encoding="utf-8")
    status, out, err = settle_round(str(path))
    assert (status, out) == (2, "")
    assert "Traceback" not in err
    assert "the PHH file posts one blind ($2.00): the tables here post a small blind and a big blind" in err
    assert "§ 637a.11(d)" in err
