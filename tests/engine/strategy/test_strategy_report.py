"""The house edge report (games/engine/strategy/report.py) and its kept figures.

The full-deck analyses take seconds to a minute, too long for the suite: their figures are kept in
games/engine/strategy/figures.json by ``manage.py house_edge_report --write-figures``.  These tests
stay honest in two ways: a kept figure carries the fingerprint of every source its computation
reads, and the first test fails as soon as one of them changes until the figures are recomputed;
and the same code is checked here, on reduced decks, against dealing every hand one by one
(test_strategy_caribbean_stud.py, test_strategy_let_it_ride.py).
"""

import json
import os
from fractions import Fraction
from functools import partial
from io import StringIO

import pytest

from games.engine.strategy import caribbean_stud, crazy_4_poker, let_it_ride, mississippi_stud, report
from games.engine.strategy.dealing import Deck

SMALL = Deck((9, 10, 11, 12, 13, 14), 2)


@pytest.mark.parametrize("analysis", report.ANALYSES, ids=lambda a: f"{a.game} {a.paytable}".strip())
def test_every_figure_is_kept_and_computed_from_the_sources_as_they_are(analysis):
    assert report.kept_figure(analysis) is not None, (
        f"the kept figure of {analysis.game} {analysis.paytable} is missing or its sources changed: "
        "run python manage.py house_edge_report --write-figures"
    )


@pytest.mark.parametrize("game, letter, percent", [  # each a house edge per initial unit
    ("caribbean-stud", "", "5.22"), ("let-it-ride", "A", "3.51"), ("mississippi-stud", "", "4.91"),
])
def test_the_published_figures_are_matched_at_their_printed_precision(game, letter, percent):
    analysis = next(a for a in report.ANALYSES if (a.game, a.paytable) == (game, letter))
    edge = report.kept_figure(analysis)
    assert edge.published.percent == percent
    assert edge.agrees
    assert f"{float(edge.edge) * 100:.2f}" == percent


def test_caribbean_stud_bets_about_half_the_time_and_risks_2_56_percent_of_the_action():
    # Wizard of Odds: element of risk 2.56%, 2.04 units wagered on average.
    edge = report.kept_figure(report.ANALYSES[0])
    assert f"{float(edge.element_of_risk) * 100:.2f}" == "2.56"
    assert f"{float(edge.average_wagered):.2f}" == "2.04"


def test_crazy_4_poker_risks_the_published_1_09_percent_of_the_action():
    analysis = next(a for a in report.ANALYSES if a.game == "crazy-4-poker")
    edge = report.kept_figure(analysis)
    assert edge.published.measure == "element of risk" and edge.agrees
    assert f"{float(edge.element_of_risk) * 100:.2f}" == "1.09"


def test_mississippi_stud_wagers_3_59_antes_on_average_as_published():
    analysis = next(a for a in report.ANALYSES if a.game == "mississippi-stud")
    assert f"{float(report.kept_figure(analysis).average_wagered):.2f}" == "3.59"


def test_let_it_ride_paytable_b_says_why_no_published_figure_applies():
    analysis = next(a for a in report.ANALYSES if (a.game, a.paytable) == ("let-it-ride", "B"))
    edge = report.kept_figure(analysis)
    assert edge.published is None and "500 to 1" in edge.note
    assert edge.edge > report.kept_figure(report.ANALYSES[1]).edge  # half the royal: a higher edge


def test_every_game_analysed_has_a_decision_at_the_table():
    assert set(report.DECISIONS) == set(report.games())


def test_the_management_command_prints_the_kept_figures():
    if "DJANGO_SETTINGS_MODULE" not in os.environ:
        pytest.skip("Django is not configured (run without -p no:django)")
    from django.core.management import call_command

    out = StringIO()
    call_command("house_edge_report", "--json", stdout=out)
    entries = {(entry["game"], entry["paytable"]): entry for entry in json.loads(out.getvalue())}
    cs = entries[("caribbean-stud", "Paytable")]
    assert (cs["published"], cs["agrees"], cs["computed_now"]) == ("5.22", True, False)
    assert Fraction(cs["edge_exact"]) == report.kept_figure(report.ANALYSES[0]).edge
    assert entries[("let-it-ride", "Paytable B")]["agrees"] is None


@pytest.mark.parametrize("house_edge", [caribbean_stud.house_edge, crazy_4_poker.house_edge,
                                        mississippi_stud.house_edge, partial(let_it_ride.house_edge, "A")],
                         ids=["caribbean-stud", "crazy-4-poker", "mississippi-stud", "let-it-ride"])
def test_every_strategy_is_exported_as_csv_one_row_per_class_of_deal(house_edge):
    edge = house_edge(deck=SMALL)
    lines = edge.strategy.csv().splitlines()
    assert lines[0].split(",") == list(edge.strategy.header)
    assert len(lines) == 1 + len(edge.strategy.rows) > 1
    decisions = {row[edge.strategy.header.index(column)] for row in edge.strategy.rows
                 for column in edge.strategy.header if column in ("decision", "third street")}
    assert decisions  # every row says what to do
