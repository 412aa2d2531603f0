"""The shapes every strategy analysis shares (games/engine/strategy/core.py)."""

from fractions import Fraction

import pytest

from games.engine.money import Odds
from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy, net


def test_the_best_option_is_the_one_worth_most_and_of_equal_values_the_first_offered():
    decision = DecisionValue((("fold", Fraction(-1)), ("bet", Fraction(-28, 30))))
    assert (decision.best, decision.value, decision.ev("fold")) == ("bet", Fraction(-14, 15), -1)
    assert DecisionValue((("pull", Fraction(0)), ("ride", Fraction(0)))).best == "pull"


def test_an_option_not_offered_is_refused_by_name():
    with pytest.raises(KeyError, match="no option 'raise': the options are fold, bet"):
        DecisionValue((("fold", Fraction(-1)), ("bet", Fraction(0)))).ev("raise")


def test_a_published_figure_agrees_at_its_printed_precision_only():
    published = Published("5.22", "an analysis", average_wagered="3.59")
    assert published.agrees(Fraction(5224, 100_000), Fraction(359, 100))  # 5.224% prints 5.22
    assert not published.agrees(Fraction(5226, 100_000), Fraction(359, 100))  # 5.226% prints 5.23
    assert not published.agrees(Fraction(5224, 100_000), Fraction(358, 100))


def test_the_element_of_risk_is_the_edge_per_unit_wagered_in_all():
    edge = HouseEdge("g", "Paytable A", "§ 1", Fraction(1, 20), Fraction(5, 2), Strategy(("a",), ()))
    assert edge.element_of_risk == Fraction(1, 50)
    assert edge.agrees is None


def test_a_strategy_is_written_as_csv():
    assert Strategy(("hand", "decision"), [("A K J 8 3", "bet")]).csv() == "hand,decision\nA K J 8 3,bet\n"


@pytest.mark.parametrize("odds, won", [(Odds(8, 1), 8), (Odds(9, 1, "for"), 8), (Odds(3, 2), Fraction(3, 2))])
def test_a_payout_nets_what_a_unit_wager_gains(odds, won):
    assert net(odds) == won
