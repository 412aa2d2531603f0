"""The examples in docstrings are run, so they cannot drift from the code."""

import doctest
import importlib
import pkgutil

import pytest

import games.engine

MODULES = [info.name for info in pkgutil.walk_packages(games.engine.__path__, "games.engine.")]
MODULES.append("games.templatetags.dealer_assist")
# The history's cursor and casino midnight; the strict readers of input; the chain's canonical form;
# the seal's keys; the audit trail's words.
MODULES += ["games.table.selectors", "games.history.filters", "games.common.filters", "games.history.record",
            "games.table.inputs", "games.history.chain", "games.common.hashing", "games.history.keys",
            "games.people.audit"]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.IGNORE_EXCEPTION_DETAIL | doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
