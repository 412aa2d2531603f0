"""Every template compiles: a filter or tag used without its library loaded fails here, not on
the first supervisor who opens that page."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import get_template

TEMPLATES = Path(settings.BASE_DIR) / "templates"


@pytest.mark.parametrize("name", sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")))
def test_the_template_compiles(name):
    assert get_template(name) is not None
