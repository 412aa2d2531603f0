"""The games the engine knows, by slug, and the actions their rounds take, by type."""

from collections.abc import Mapping
from typing import Any

from games.engine.caribbean_stud import GAME as CARIBBEAN_STUD
from games.engine.core import Step
from games.engine.core.contract import TableGame
from games.engine.core.schema import ROUND_ACTIONS, ActionSchema, check_action
from games.engine.crazy_4_poker import GAME as CRAZY_4_POKER
from games.engine.four_card_poker import GAME as FOUR_CARD_POKER
from games.engine.let_it_ride import GAME as LET_IT_RIDE
from games.engine.mississippi_stud import GAME as MISSISSIPPI_STUD
from games.engine.poker.game import ACTIONS as POKER_ACTIONS
from games.engine.poker.game import GAME as POKER
from games.engine.spanish21 import GAME as SPANISH_21
from games.engine.texas_holdem_bonus import GAME as TEXAS_HOLDEM_BONUS
from games.engine.ultimate_texas_holdem import GAME as ULTIMATE_TEXAS_HOLDEM
from games.engine.wpt_heads_up import GAME as WPT_HEADS_UP

GAMES: dict[str, TableGame] = {game.slug: game
                               for game in (TEXAS_HOLDEM_BONUS, WPT_HEADS_UP, LET_IT_RIDE, SPANISH_21, POKER,
                                            MISSISSIPPI_STUD, CRAZY_4_POKER, ULTIMATE_TEXAS_HOLDEM, CARIBBEAN_STUD,
                                            FOUR_CARD_POKER)}


def game_for(slug: str) -> TableGame:
    try:
        return GAMES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}: known games are {', '.join(sorted(GAMES))}") from None


def _step_classes(base: type[Step] = Step) -> list[type[Step]]:
    found = []
    for cls in base.__subclasses__():
        found += [cls, *_step_classes(cls)]
    return found


def _action_schemas() -> dict[str, ActionSchema]:
    """Every action type a round of any game takes, from the steps that declare them.  A type that
    several steps take has one schema, their keys together (``ActionSchema.merged``): a tablet's
    action is checked before the round is read, so before it is known which step it is for."""
    schemas: dict[str, ActionSchema] = dict(ROUND_ACTIONS)
    for cls in _step_classes():
        if not isinstance(cls.actions, Mapping):
            raise TypeError(f"{cls.__qualname__}.actions must declare each action type with its keys "
                            "(schema.accepts(ActionSchema(...)))")
    # A family of games whose rounds are not made of steps (Poker) declares its actions as a whole.
    declared = [(cls.__qualname__, cls.actions) for cls in _step_classes()] + [("Poker", POKER_ACTIONS)]
    for name, actions in declared:
        for kind, schema in actions.items():
            try:
                schemas[kind] = schemas[kind].merged(schema) if kind in schemas else schema
            except TypeError as error:
                raise TypeError(f"{name}: {error}") from None
    return schemas


ACTIONS: Mapping[str, ActionSchema] = _action_schemas()


def check_shape(action: Any) -> None:
    """Refuse an action whose type is unknown, or whose keys or values are not its type's (``Refused``)."""
    check_action(action, ACTIONS)
