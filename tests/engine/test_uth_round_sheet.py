"""Round sheets of Ultimate Texas Hold 'Em Poker: the refusals documented in docs/round-sheets.md
exactly as the engine gives them, and a Play Wager written as the word.  What round sheets do for
every game (the docs' examples settled, exported rounds) is in test_round_sheet.py."""

import copy
import re

import pytest
from sheets import blocks, section, summary

from games.engine.round_sheet import SheetError, settle_sheet

EXAMPLE = blocks("ultimate-texas-holdem ", "sheet")["example"]


def changed(change):
    sheet = copy.deepcopy(EXAMPLE)
    change(sheet)
    return sheet


# The changes the docs list, in their order, each made to the full example.
DOCUMENTED_CHANGES = [
    lambda s: s["seats"]["6"]["wagers"].update(blind="5"),
    lambda s: s["seats"]["6"]["wagers"].pop("blind"),
    lambda s: s["seats"]["1"]["decisions"].update(preflop="35"),
    lambda s: s["seats"]["3"]["decisions"].update(flop="45"),
    lambda s: s["seats"]["6"]["decisions"].update(river="20"),
    lambda s: s["rules"].update(preflop_play="4"),
    lambda s: s["rules"].update(trips_paytable=""),
]


def documented_refusals():
    console = re.search(r"```console\n(.*?)```", section("Ultimate Texas Hold 'Em: refusals"),
                        flags=re.DOTALL).group(1)
    return re.findall(r"^CommandError: the round sheet is refused: (.*)$", console, flags=re.MULTILINE)


def test_the_docs_show_one_refusal_per_documented_change():
    assert len(documented_refusals()) == len(DOCUMENTED_CHANGES)


@pytest.mark.parametrize("index", range(len(DOCUMENTED_CHANGES)))
def test_each_refusal_in_the_docs_is_the_message_the_engine_gives(index):
    with pytest.raises(SheetError) as refusal:
        settle_sheet(changed(DOCUMENTED_CHANGES[index]))
    assert str(refusal.value) == documented_refusals()[index]


def test_a_play_wager_after_the_flop_or_the_river_may_be_written_as_the_word_play():
    sheet = changed(lambda s: (s["seats"]["3"]["decisions"].update(flop="play"),
                               s["seats"]["6"]["decisions"].update(river="play")))
    lines = summary(settle_sheet(sheet))
    assert (3, "play", "win", 30_00) in lines  # twice seat 3's $15 Ante, 1 to 1 (§ 653a.12(a))
    assert (6, "play", "lose", 10_00) in lines  # seat 6's $10 Ante again, lost to the dealer's flush
