"""The engine's modules import each other in one direction: no module imports itself back.

The registry and the returns report know the games, the games know the core, and the core knows
no game: a game declares what its returns need as data (``WagerDef.returns``), and the core plays
a banked round's sheet without the registry.  The graph is read with ``ast`` from every import
statement, those inside functions included: a late import only hides a cycle.  Importing
``a.b.c`` runs the packages ``a.b`` and ``a`` first, so it leads to them too, unless the importer
is inside them already.  Imports under ``if TYPE_CHECKING:`` are for annotations and never run.
"""

import ast

import pytest

from tests.import_graph import ROOT, a_cycle, imported_from, module_name, named_modules, the_way, within

ENGINE = ROOT / "games" / "engine"

REGISTRY = "games.engine.registry"
# What knows every game: the core never leads to it.
KNOWS_THE_GAMES = (REGISTRY, "games.engine.round_sheet", "games.engine.returns")
MODULES = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def is_package(module):
    return module in MODULES and MODULES[module].name == "__init__.py"


def run_by_importing(name, importer):
    """The engine modules importing ``name`` runs: it and each package above it the importer is not in."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        module = ".".join(parts[:end])
        if module in MODULES and module != importer and not importer.startswith(module + "."):
            yield module


def import_graph(sources):
    """Each module of ``sources`` (module -> source) and the engine modules its imports run."""
    graph = {}
    for module, source in sources.items():
        package = module if is_package(module) else module.rpartition(".")[0]
        graph[module] = sorted({run for name in named_modules(source, package, MODULES)
                                for run in run_by_importing(name, module)})
    return graph


def game_homes(registry_source):
    """The module or package each game the registry lists is defined in, from the registry's
    ``from ... import GAME``: ``games.engine.poker`` for ``games.engine.poker.game``."""
    homes = set()
    for node in ast.walk(ast.parse(registry_source)):
        if isinstance(node, ast.ImportFrom) and any(alias.name == "GAME" for alias in node.names):
            top = imported_from(node, "games.engine").removeprefix("games.engine.").split(".")[0]
            homes.add(f"games.engine.{top}")
    return homes


GRAPH = import_graph({module: path.read_text(encoding="utf-8") for module, path in MODULES.items()})
GAME_HOMES = game_homes(MODULES[REGISTRY].read_text(encoding="utf-8"))
CORE = sorted(module for module in MODULES if within(module, ["games.engine.core"]))


def test_the_graph_has_the_engine_and_its_games():
    assert {"games.engine.core.machine", "games.engine.poker.round", REGISTRY} <= set(GRAPH)
    assert {"games.engine.texas_holdem_bonus", "games.engine.spanish21", "games.engine.poker"} <= GAME_HOMES
    assert "games.engine.core.game" in CORE


def test_no_engine_module_imports_itself_back():
    cycle = a_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("module", CORE)
def test_the_core_leads_to_no_game_nor_to_what_knows_the_games(module):
    way = the_way(GRAPH, module, lambda imported: within(imported, [*GAME_HOMES, *KNOWS_THE_GAMES]))
    assert way is None, "the core reaches a game or the registry: " + " -> ".join(way)


# As if the sources were modules of games/engine/: the checks catch what they are for.

@pytest.mark.parametrize("sources, cycle", [
    ({"games.engine.core.game": "def settle_sheet():\n    from games.engine import round_sheet\n",
      "games.engine.round_sheet": "from games.engine.registry import game_for\n",
      "games.engine.registry": "from games.engine.core.game import Game\n"},
     ["games.engine.core.game", "games.engine.round_sheet", "games.engine.registry", "games.engine.core.game"]),
    ({"games.engine.texas_holdem_bonus": "from games.engine.returns.counting import five_card_hands\n",
      "games.engine.returns": "from games.engine.registry import GAMES\n",
      "games.engine.registry": "from .texas_holdem_bonus import GAME\n"},
     ["games.engine.texas_holdem_bonus", "games.engine.returns", "games.engine.registry",
      "games.engine.texas_holdem_bonus"]),
], ids=["a late import inside a function", "a module of a package runs the package"])
def test_the_cycles_python_would_run_are_found(sources, cycle):
    assert a_cycle(import_graph(sources)) == cycle


def test_an_import_for_annotations_only_is_no_edge():
    graph = import_graph({"games.engine.core.steps": "from typing import TYPE_CHECKING\n"
                                                     "if TYPE_CHECKING:\n"
                                                     "    from games.engine.core.machine import RoundState\n"})
    assert graph == {"games.engine.core.steps": []}


def test_a_core_module_reaching_a_game_is_named_with_the_way():
    graph = import_graph({"games.engine.core.game": "from games.engine.core import sheets\n",
                          "games.engine.core.sheets": "from games.engine.let_it_ride import GAME\n"})
    way = the_way(graph, "games.engine.core.game", lambda imported: within(imported, GAME_HOMES))
    assert way == ["games.engine.core.game", "games.engine.core.sheets", "games.engine.let_it_ride"]
