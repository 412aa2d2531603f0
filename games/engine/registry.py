"""The games the engine knows, by slug."""

from games.engine.procedure import Game
from games.engine.texas_holdem_bonus import GAME as TEXAS_HOLDEM_BONUS

GAMES: dict[str, Game] = {game.slug: game for game in (TEXAS_HOLDEM_BONUS,)}


def game_for(slug: str) -> Game:
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}: known games are {', '.join(sorted(GAMES))}") from None
