"""Handle: what the players wagered, as casinos count it, and which lines are progressive.

Defined once, for the reports (``games.reports.figures``) and the history's CSV
(``games.history.selectors``), so that a round's handle in one is its handle in the other.

- A line counts in the handle when it was settled with action: won, lost, pushed, or returned at
  the settlement (Texas Hold 'Em Bonus returns an Ante that ties or is below a straight: a push).
  A wager withdrawn or returned by a decision (Let It Ride's pulled bets, a Spanish 21 rescue or
  dead hand), a Play Wager's part above the Ante handed back (Crazy 4, a line that is no wager of
  its own) and the wagers of a voided round are not in it.  (Drop, in a casino, is what the
  count team finds in the table's drop box: cash and markers, not the chips wagered.)
- A progressive line is one of a progressive wager (its meters are the casino's liability, not
  the table's), the Envy Bonuses paid on one, and the bonuses paid beside the Five Card Hand
  Bonus (Magic Card and Lucky, § 647a.12(e)(3)).
"""

from __future__ import annotations

from django.db.models import Q

from games.engine.core.records import CAGE, DECISION, LOSE, PUSH, RETURNED, WIN
from games.engine.registry import GAMES

ACTION = (WIN, LOSE, PUSH)  # the house had action on a line settled so


# Lines that are no wager of their own (a bonus paid beside a wager, a Play Wager's excess).
NOT_WAGERS = sorted({slug for game in GAMES.values() for slug in getattr(game, "line_labels", {})})


# A line with action: the handle's.
ACTED = Q(outcome__in=ACTION) | (Q(outcome=RETURNED) & ~Q(stage=DECISION) & ~Q(wager__in=NOT_WAGERS))


# A progressive wager's stake went into the table at "no more bets"; when the cage pays its
# jackpot (not the dealer, stake included, from the table inventory), that stake stays with the
# house: it is won, as a losing wager's stake is collected.
KEPT = Q(outcome=WIN, stake_collected=True, payer=CAGE)


def _progressive_lines() -> frozenset[tuple[str, str]]:
    lines = set()
    for slug, game in GAMES.items():
        wagers = [wager for wager in getattr(game, "wagers", ()) if wager.progressive]
        for wager in wagers:
            lines.add((slug, wager.slug))
            if getattr(wager.progressive, "envy", None):
                lines.add((slug, wager.progressive.envy))
        if any(wager.slug == "five_card_hand_bonus" for wager in wagers):
            # Magic Card and Lucky Bonuses ride on the Five Card Hand Bonus Wager.
            lines.update((slug, line) for line in getattr(game, "line_labels", {})
                         if line.startswith(("magic_card_bonus", "lucky_bonus")))
    return frozenset(lines)


PROGRESSIVE_LINES = _progressive_lines()  # (game, line's wager)


def is_progressive(game: str, wager: str) -> bool:
    return (game, wager) in PROGRESSIVE_LINES
