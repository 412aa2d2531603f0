"""Every template compiles: a filter or tag used without its library loaded fails here, not on
the first supervisor who opens that page.  The table's fragment and its layouts are Jinja2's
(``templates/jinja2``), where an unknown filter fails at compile time too."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines

TEMPLATES = Path(settings.BASE_DIR) / "templates"
JINJA2 = TEMPLATES / "jinja2"


def _names(root: Path, *, skip: Path | None = None) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.html") if skip is None or skip not in p.parents)


@pytest.mark.parametrize("name", _names(TEMPLATES, skip=JINJA2))
def test_the_template_compiles(name):
    assert engines["django"].get_template(name) is not None


@pytest.mark.parametrize("name", _names(JINJA2))
def test_the_fragment_template_compiles(name):
    assert engines["jinja2"].get_template(name) is not None


def test_an_unknown_filter_in_a_fragment_template_fails_to_compile():
    from jinja2 import TemplateAssertionError

    with pytest.raises(TemplateAssertionError, match="No filter named 'no_such_filter'"):
        engines["jinja2"].from_string("{{ 1|no_such_filter }}")
