"""The engine is pure Python: nothing under games/engine/ imports Django, Channels or the database.

The rules must run the same on a tablet, in ``settle_round`` and in a test without a database
(STYLE.md, "What we take" 1).  Imports are read with ``ast``, relative ones resolved, so
``from ..models import Round`` is caught as ``games.models``.
"""

import ast
import subprocess
import sys

import pytest

from tests.import_graph import ROOT, imported_from, module_name, package_of

ENGINE = ROOT / "games" / "engine"

FORBIDDEN = ("django", "channels", "channels_redis", "daphne", "uvicorn", "psycopg", "psycopg2", "redis",
             "asgiref", "dealer_assist")


def imported_modules(source, package):
    """Every module some source imports, relative imports resolved against its package."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in
              ("__import__", "import_module") and node.args and isinstance(node.args[0], ast.Constant)):
            yield str(node.args[0].value)


def is_forbidden(module):
    """A library of the web side, or any module of the app outside the engine."""
    outside_the_engine = module.startswith("games.") and not (module == "games.engine"
                                                              or module.startswith("games.engine."))
    return outside_the_engine or any(module == name or module.startswith(name + ".") for name in FORBIDDEN)


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))


def test_the_engine_has_modules_to_scan():
    expected = {"machine.py", "banked_poker.py", "texas_holdem_bonus.py", "round_sheet.py", "cards.py"}
    assert expected <= {p.name for p in ENGINE_FILES}


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda path: str(path.relative_to(ENGINE)))
def test_no_engine_module_imports_django_channels_or_the_database(path):
    source = path.read_text(encoding="utf-8")
    assert [module for module in imported_modules(source, package_of(path)) if is_forbidden(module)] == []


@pytest.mark.parametrize("source, offender", [
    ("import django.db", "django.db"),
    ("from channels.layers import get_channel_layer", "channels.layers"),
    ("import psycopg", "psycopg"),
    ("from redis import Redis", "redis"),
    ("from games.models import Round", "games.models"),
    ("from ..models import Round", "games.models"),
    ("from .. import services", "games.services"),
    ("from games.table import push", "games.table.push"),
    ("importlib.import_module('django.conf')", "django.conf"),
])
def test_the_scan_catches_every_kind_of_forbidden_import(source, offender):
    # As if the source were a module of games/engine/.
    assert offender in [module for module in imported_modules(source, "games.engine") if is_forbidden(module)]


def test_importing_the_engine_loads_no_django():
    # Every engine module imported in a fresh interpreter without Django settings.
    modules = [module_name(path) for path in ENGINE_FILES]
    code = ("import importlib, sys\n"
            f"for name in {modules!r}: importlib.import_module(name)\n"
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'psycopg', 'redis'))\n"
            "print(loaded)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
