"""Strategy analysis: each main game's decisions valued exactly, and its house edge under the
strategy that maximises the player's expected return.

``core`` holds the shapes every game shares (a decision point valued option by option, a house
edge with its strategy); ``dealing`` counts unseen cards by rank multiset and by suit class; one
module per game (``caribbean_stud``, ``let_it_ride``, ``mississippi_stud``, ``crazy_4_poker``)
reads its paytables as data and its hands with the engine's evaluators; ``report`` lists every
game and paytable option analysed, with the published figures.  Pure Python, exact: integer counts
and ``fractions.Fraction``, no simulation.
"""

from games.engine.strategy.core import DecisionValue, HouseEdge, Published, Strategy

__all__ = ["DecisionValue", "HouseEdge", "Published", "Strategy"]
