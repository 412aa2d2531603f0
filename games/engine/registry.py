"""The games the engine knows, by slug."""

from games.engine.core.contract import TableGame
from games.engine.let_it_ride import GAME as LET_IT_RIDE
from games.engine.poker.game import GAME as POKER
from games.engine.texas_holdem_bonus import GAME as TEXAS_HOLDEM_BONUS
from games.engine.wpt_heads_up import GAME as WPT_HEADS_UP

GAMES: dict[str, TableGame] = {game.slug: game
                               for game in (TEXAS_HOLDEM_BONUS, WPT_HEADS_UP, LET_IT_RIDE, POKER)}


def game_for(slug: str) -> TableGame:
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}: known games are {', '.join(sorted(GAMES))}") from None
