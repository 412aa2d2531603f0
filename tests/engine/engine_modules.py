"""The engine's modules as the import tests read them: each path's module name, and what its
imports name, relative imports resolved against its package."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "games" / "engine"


def module_name(path):
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def package_of(path):
    return module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]


def imported_from(node, package):
    """The module a ``from ... import`` names, a relative one resolved: ``from ..models import Round``
    in ``games.engine`` names ``games.models``."""
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parent = ".".join(parts[:len(parts) - node.level + 1])
        base = f"{parent}.{base}" if base else parent
    return base

