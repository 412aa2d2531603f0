"""The rules of the house (docs/architecture.md): what each domain of ``games/`` may import, no
module that imports itself back, the round's write path reached only from where a round is
played, no view imported but by the URLs, and no module too long to read.

The graph is read with ``ast`` from every import statement of the app (``tests.import_graph``),
those inside functions included; a domain is the first package under ``games`` (``games.table``,
``games.reports``, ...).  The engine's own, stricter rules are in tests/engine/.
"""

import pytest

from tests.import_graph import ROOT, a_cycle, module_name, named_modules, package_of, the_way

APP = ROOT / "games"
# What each domain may import besides itself, lowest first.  The app's own modules (urls, admin,
# apps, templatetags, management commands: what Django looks for by name) may import any; a
# domain imports none of them but the template filters, which the table's Jinja2 environment
# shares with Django's templates.
MAY_IMPORT = {
    "engine": set(),
    "models": {"engine"},
    "common": {"engine", "models"},
    "people": {"engine", "models", "common"},
    "reports": {"engine", "models", "common", "people"},
    "history": {"engine", "models", "common", "people", "table"},
    "progressives": {"engine", "models", "common", "people", "table"},
    "floor": {"engine", "models", "common", "people", "table"},
    "table": {"engine", "models", "common", "people", "floor", "progressives", "history", "reports"},
}
# The round's write path and what pushes it: played from the table, and from the floor, whose
# answer to an approval is a tap of the round.  Never from the history, the reports or the people.
WRITE_PATH = ("games.table.services", "games.table.push", "games.table.consumers", "games.floor.services",
              "games.progressives.services", "games.progressives.ledger")
READ_ONLY = ("history", "reports", "people")
TEMPLATE_FILTERS = "games.templatetags."
MAX_LINES = 500
# Data, not code: the paytables as the chapters print them, and the migrations as they ran.
LONG_DATA = ("games/engine/paytables/", "games/migrations/")

MODULES = {module_name(path): path for path in sorted(APP.rglob("*.py")) if "migrations" not in path.parts}


def domain(module):
    """The domain of an app module: ``table`` for ``games.table.services``; None for the app's own
    modules (``games.urls``) and anything outside it."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "games" and parts[1] in MAY_IMPORT else None


def import_graph(sources):
    """Each module of ``sources`` (module -> source) and the app modules its imports name, but the
    packages it is in (``from games.engine.core import floor`` in ``games.engine.core.steps``: the
    package is being imported already)."""
    modules = set(MODULES) | set(sources)
    graph = {}
    for module, source in sources.items():
        package = module if MODULES.get(module, APP).name == "__init__.py" else module.rpartition(".")[0]
        graph[module] = sorted({name for name in named_modules(source, package, modules)
                                if name in modules and name != module and not module.startswith(name + ".")})
    return graph


def not_allowed(graph):
    """Each (importer, imported) across domains that the rules forbid."""
    for module, imported in graph.items():
        for name in imported:
            mine, theirs = domain(module), domain(name)
            if mine is None:
                continue
            if theirs is None and name != "games" and not name.startswith(TEMPLATE_FILTERS):
                yield module, name
            elif theirs is not None and theirs != mine and theirs not in MAY_IMPORT[mine]:
                yield module, name
            elif mine in READ_ONLY and name in WRITE_PATH:
                yield module, name
            elif name.endswith(".views") and not module.endswith(".urls"):
                yield module, name


GRAPH = import_graph({module: path.read_text(encoding="utf-8") for module, path in MODULES.items()})


def test_the_graph_has_every_domain():
    assert {domain(module) for module in GRAPH} == {*MAY_IMPORT, None}
    assert "games.table.services" in GRAPH["games.floor.services"]


def test_no_module_of_the_app_imports_itself_back():
    cycle = a_cycle(GRAPH)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("module", sorted(module for module in GRAPH if domain(module)))
def test_each_domain_imports_only_what_it_may(module):
    assert [(module, name) for importer, name in not_allowed({module: GRAPH[module]})] == []


def test_the_history_and_the_reports_never_reach_the_write_path():
    for module in GRAPH:
        if domain(module) in ("history", "reports"):
            way = the_way(GRAPH, module, lambda name: name in WRITE_PATH)
            assert way is None, "a read-only domain reaches the write path: " + " -> ".join(way)


CODE = sorted(path for path in APP.rglob("*.py") if not path.relative_to(ROOT).as_posix().startswith(LONG_DATA))


@pytest.mark.parametrize("path", CODE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_is_too_long_to_read(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by what it does"


# As if the sources were modules of the app: the checks catch what they are for.

@pytest.mark.parametrize("sources, offence", [
    ({"games.reports.report": "from games.table import services\n"}, ("games.reports.report", "games.table.services")),
    ({"games.history.record": "def close():\n    from games.table.push import table_changed\n"},
     ("games.history.record", "games.table.push")),
    ({"games.people.audit": "from ..history import chain\n"}, ("games.people.audit", "games.history.chain")),
    ({"games.engine.cards": "from games.models import Round\n"}, ("games.engine.cards", "games.models")),
    ({"games.floor.selectors": "from games.table.views import table_page\n"},
     ("games.floor.selectors", "games.table.views")),
    ({"games.table.selectors": "from games import urls\n"}, ("games.table.selectors", "games.urls")),
], ids=["a service of another domain", "a late import of the push", "a relative import upwards",
        "the engine importing the models", "a view", "the app's urls"])
def test_a_forbidden_import_is_named(sources, offence):
    assert offence in list(not_allowed(import_graph(sources)))


def test_an_allowed_import_is_not_named():
    assert list(not_allowed(import_graph({"games.floor.services": "from games.table.services import round_act\n",
                                          "games.history.record": "from games.table import selectors\n"}))) == []


def test_a_cycle_across_domains_is_found():
    graph = import_graph({"games.reports.report": "from games.reports import cell_reads\n",
                          "games.reports.cell_reads": "def read():\n    from games.reports.report import Report\n"})
    assert a_cycle(graph) == ["games.reports.report", "games.reports.cell_reads", "games.reports.report"]


def test_package_of_is_what_relative_imports_resolve_against():
    assert package_of(APP / "table" / "services.py") == "games.table"
