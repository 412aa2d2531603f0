"""How the import tests read the app's modules: each path's module name, the modules its import
statements name (relative ones resolved; those inside functions included, a late import only hides
a cycle; those under ``if TYPE_CHECKING:`` left out, they are for annotations and never run), and a
graph of them in which a cycle, or the way from one module to another, is found."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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


def type_checking_nodes(tree):
    """The nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    nodes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            nodes.update(id(inner) for statement in node.body for inner in ast.walk(statement))
    return nodes


def named_modules(source, package, modules):
    """The modules a source's import statements name, relative imports resolved: for
    ``from x import y``, ``x``, and ``x.y`` too where it is a module."""
    tree = ast.parse(source)
    skipped = type_checking_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules)


def a_cycle(graph):
    """One cycle of the graph as the modules along it, the first one again at the end; None if none."""
    done, path, on_path = set(), [], set()

    def visit(module):
        path.append(module)
        on_path.add(module)
        for imported in graph.get(module, ()):
            if imported in on_path:
                return path[path.index(imported):] + [imported]
            if imported not in done:
                cycle = visit(imported)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(module)
        done.add(module)
        return None

    for module in graph:
        if module not in done:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


def the_way(graph, start, reaches):
    """The modules from ``start`` to the first module it leads to for which ``reaches`` holds; None if none."""
    came_from, queue = {start: None}, [start]
    while queue:
        module = queue.pop(0)
        if module != start and reaches(module):
            way = [module]
            while came_from[way[-1]] is not None:
                way.append(came_from[way[-1]])
            return way[::-1]
        for imported in graph.get(module, ()):
            if imported not in came_from:
                came_from[imported] = module
                queue.append(imported)
    return None


def within(module, names):
    return any(module == name or module.startswith(name + ".") for name in names)
