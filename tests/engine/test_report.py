"""The paytable report: exact counts, and returns worked out by hand from them."""

import ast
import os
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from games.engine.hands.counting import four_card_value_counts, high_value_counts, six_card_hands
from games.engine.hands.four_card import FourCardCategory
from games.engine.hands.four_card import category_of as four_card_category
from games.engine.hands.high import Category, category_of
from games.engine.paytables import all_paytables, paytable, paytables_for
from games.engine.registry import GAMES
from games.engine.returns import NOT_YET_OFFERED, format_report, models, paytable_return, report

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"


def by_category(counts, category_of_value):
    totals = {}
    for value, count in counts.items():
        category = category_of_value(value)
        totals[category] = totals.get(category, 0) + count
    return totals


def return_of(game, wager, letter=""):
    return paytable_return(paytable(game, wager, letter)).expected


def test_it_counts_all_133784560_seven_card_hands_by_category_without_dealing_them_one_by_one():
    assert by_category(high_value_counts(7), category_of) == {
        Category.ROYAL_FLUSH: 4_324,
        Category.STRAIGHT_FLUSH: 37_260,
        Category.FOUR_OF_A_KIND: 224_848,
        Category.FULL_HOUSE: 3_473_184,
        Category.FLUSH: 4_047_644,
        Category.STRAIGHT: 6_180_020,
        Category.THREE_OF_A_KIND: 6_461_620,
        Category.TWO_PAIR: 31_433_400,
        Category.PAIR: 58_627_800,
        Category.HIGH_CARD: 23_294_460,
    }


def test_its_five_and_six_card_counts_agree_with_the_known_tables():
    assert by_category(high_value_counts(5), category_of)[Category.HIGH_CARD] == 1_302_540
    assert by_category(high_value_counts(6), category_of) == {
        Category.ROYAL_FLUSH: 188,
        Category.STRAIGHT_FLUSH: 1_656,
        Category.FOUR_OF_A_KIND: 14_664,
        Category.FULL_HOUSE: 165_984,
        Category.FLUSH: 205_792,
        Category.STRAIGHT: 361_620,
        Category.THREE_OF_A_KIND: 732_160,
        Category.TWO_PAIR: 2_532_816,
        Category.PAIR: 9_730_740,
        Category.HIGH_CARD: 6_612_900,
    }
    assert sum(high_value_counts(6).values()) == comb(52, 6)


def test_its_four_card_counts_agree_with_dealing_every_five_card_hand():
    # The same numbers as test_it_counts_every_four_card_class_over_all_2598960_five_card_deals.
    assert by_category(four_card_value_counts(5), four_card_category) == {
        FourCardCategory.FOUR_OF_A_KIND: 624,
        FourCardCategory.STRAIGHT_FLUSH: 2_072,
        FourCardCategory.THREE_OF_A_KIND: 58_656,
        FourCardCategory.FLUSH: 114_616,
        FourCardCategory.STRAIGHT: 101_808,
        FourCardCategory.TWO_PAIR: 123_552,
        FourCardCategory.PAIR: 1_047_552,
        FourCardCategory.HIGH_CARD: 1_150_080,
    }


def test_ultimate_texas_holdem_trips_b_returns_what_the_seven_card_counts_give_by_hand():
    # 50, 40, 30, 8, 6, 5, 3 to 1: a winning hand returns the stake plus the odds.
    returned = (
        4_324 * 51 + 37_260 * 41 + 224_848 * 31 + 3_473_184 * 9 + 4_047_644 * 7 + 6_180_020 * 6 + 6_461_620 * 4
    )
    expected = Fraction(returned, 133_784_560) - 1
    assert return_of("ultimate-texas-holdem", "trips", "B") == expected
    assert round(float(expected), 6) == -0.019040


def test_pocket_bonus_a_returns_what_the_1326_starting_hands_give_by_hand():
    # Aces 6 hands at 30 to 1; A-K/Q/J suited 12 at 20 to 1; offsuit 36 at 10 to 1; other pairs 72 at 5 to 1.
    returned = 6 * 31 + 12 * 21 + 36 * 11 + 72 * 6
    assert return_of("wpt-heads-up", "pocket_bonus", "A") == Fraction(returned, 1_326) - 1 == Fraction(-60, 1_326)


def test_three_card_bonus_a_pays_a_mini_royal_as_a_straight_flush():
    # 48 straight flushes (mini-royals included) at 40 to 1, 52 trips at 30, 720 straights at 6,
    # 1,096 flushes at 4 and 3,744 pairs at 1 to 1, over 22,100 hands.
    returned = 48 * 41 + 52 * 31 + 720 * 7 + 1_096 * 5 + 3_744 * 2
    assert return_of("let-it-ride", "three_card_bonus", "A") == Fraction(returned, 22_100) - 1
    # Paytable D pays the 4 mini-royals 50 to 1 and the other 44 straight flushes 40 to 1.
    returned_d = 4 * 51 + 44 * 41 + 52 * 31 + 720 * 7 + 1_096 * 5 + 3_744 * 2
    assert return_of("let-it-ride", "three_card_bonus", "D") == Fraction(returned_d, 22_100) - 1


def test_four_card_progressive_b_values_four_aces_at_the_least_reset_meter():
    # Four aces: 4 aces and any of 48 other cards = 48 hands, paid the $1,000 meter on a $1 wager;
    # the other 624 - 48 four-of-a-kinds 300 for 1, 2,072 straight flushes 100 for 1, 58,656 trips 15 for 1.
    returned = 48 * 1_000 + 576 * 300 + 2_072 * 100 + 58_656 * 15
    assert return_of("four-card-poker", "four_card_progressive", "B") == Fraction(returned, 2_598_960) - 1


def test_six_card_bonus_e_pays_the_diamond_six_card_royal_apart():
    counts = six_card_hands()
    assert sum(counts.values()) == 20_358_520
    # Of the 188 six-card hands holding a royal flush, 4 are A-K-Q-J-10-9 of one suit (1 in diamonds).
    returned = (
        1 * 200_001
        + 3 * 20_001
        + 184 * 1_001
        + 1_656 * 201
        + 14_664 * 51
        + 165_984 * 21
        + 205_792 * 16
        + 361_620 * 11
        + 732_160 * 6
    )
    assert return_of("let-it-ride", "six_card_bonus", "E") == Fraction(returned, 20_358_520) - 1


def test_holdem_bonus_a_pays_ace_ace_for_player_and_dealer_from_their_four_cards():
    # Player's 1,326 two-card hands times the dealer's 1,225 from the other 50 cards.  The player's
    # 6 ace-aces meet the dealer's ace-ace once in 1,225: 1,000 to 1; otherwise 30 to 1.
    returned = (6 * 1 * 1_001 + 6 * 1_224 * 31) + 1_225 * (4 * 26 + 8 * 21 + 12 * 16 + 18 * 11 + 24 * 6 + 54 * 4)
    assert return_of("texas-holdem-bonus", "bonus", "A") == Fraction(returned, 1_326 * 1_225) - 1


@pytest.mark.parametrize(("decks", "suited", "offsuit"), [(6, 9, 4), (8, 12, 3)])
def test_match_the_dealer_counts_each_matching_card_over_48_card_decks(decks, suited, offsuit):
    same, other, rest = decks - 1, 3 * decks, 44 * decks  # of the 48d - 1 cards left after the up card
    winnings = (
        comb(same, 2) * 2 * suited
        + same * other * (suited + offsuit)
        + comb(other, 2) * 2 * offsuit
        + same * rest * suited
        + other * rest * offsuit
        - comb(rest, 2)
    )
    assert return_of("spanish-21", "match_the_dealer", f"{decks} decks") == Fraction(winnings, comb(48 * decks - 1, 2))


def test_a_table_with_lost_rows_is_not_valued():
    entry = paytable_return(paytable("four-card-poker", "aces_up", "D"))
    assert entry.expected is None
    assert "Two pair, Pair of aces were lost" in entry.note


def test_wagers_that_depend_on_decisions_say_so_rather_than_print_a_number():
    for game, wager in [("let-it-ride", "bet1"), ("ultimate-texas-holdem", "blind"), ("wpt-heads-up", "odds")]:
        for table in [t for t in all_paytables() if (t.game, t.wager) == (game, wager)]:
            entry = paytable_return(table)
            assert entry.expected is None
            assert "depends on player decisions" in entry.note.lower()


def test_every_registered_paytable_has_a_model_and_a_section_of_its_chapter():
    chapters = {
        "texas-holdem-bonus": "647a", "wpt-heads-up": "677a", "let-it-ride": "643a", "spanish-21": "635a",
        "four-card-poker": "641a", "crazy-4-poker": "657a", "caribbean-stud": "639a",
        "ultimate-texas-holdem": "653", "mississippi-stud": "655a",
    }
    for table in all_paytables():
        assert (table.game, table.wager) in models(), table
        assert table.section.startswith(f"§ {chapters[table.game]}"), table


def test_a_game_on_the_tablets_values_its_wagers_paytables_from_their_definitions_alone():
    for game in GAMES.values():
        for wager in game.wagers:
            registered = paytables_for(game.slug, wager.slug)
            assert (wager.returns is not None) == bool(registered), (game.slug, wager.slug)
            assert (game.slug, wager.slug) not in NOT_YET_OFFERED, "defined twice"


def test_the_report_covers_every_game_and_prints_its_json_fields():
    entries = report()
    assert {entry.game for entry in entries} == {
        "texas-holdem-bonus", "wpt-heads-up", "let-it-ride", "spanish-21", "four-card-poker", "crazy-4-poker",
        "caribbean-stud", "ultimate-texas-holdem", "mississippi-stud",
    }
    fields = entries[0].as_json()
    assert {"game", "wager", "paytable", "return", "hands"} <= set(fields)
    assert "-1.9040%" in format_report(report("ultimate-texas-holdem"))


def test_the_engine_imports_nothing_from_django():
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(name.split(".")[0] in {"django", "channels"} for name in names), path


def test_the_management_command_prints_json_with_the_report_fields():
    if "DJANGO_SETTINGS_MODULE" not in os.environ:
        pytest.skip("Django is not configured (run without -p no:django)")
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("paytable_report", "--game", "wpt-heads-up", "--json", stdout=out)
    entries = json.loads(out.getvalue())
    trips = next(entry for entry in entries if (entry["wager"], entry["paytable"]) == ("trips_plus", "A"))
    assert trips["hands"][0] == {
        "name": "Royal flush", "probability": 4_324 / 133_784_560, "count": 4_324, "total": 133_784_560,
        "payout": "100 to 1",
    }
