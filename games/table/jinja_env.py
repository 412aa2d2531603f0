"""The Jinja2 environment of the table's fragment (``templates/jinja2``).

The fragment is rendered after every tap, once per role variant, and pushed to every tablet
(``games.table.push``): Django's template language took most of a tap's render time there, so that
one fragment and the layouts it draws are Jinja2 templates; every page stays a Django template.

The fragment reads as the Django template did:
- the same filters (``games.templatetags.dealer_assist``, and the few of Django's it uses);
- every value escaped, with Django's spelling of a quote and an apostrophe (``render``), a value
  marked safe by a filter left as it is;
- a missing value, or an attribute of one, shows as nothing;
- numbers as they are, never localized: the Django fragment turned localization off.
"""

from __future__ import annotations

from typing import Any

from django.template import defaultfilters, engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from jinja2 import ChainableUndefined, Environment

from games.templatetags.dealer_assist import register


def url(name: str, *args: Any) -> str:
    return reverse(name, args=args)


# MarkupSafe writes a quote as "&#34;" and an apostrophe as "&#39;"; Django as "&quot;" and "&#x27;".
# Both spellings can come only from escaping (an "&" typed by anyone is itself escaped), so the
# fragment is rewritten to Django's after its render: the same bytes as the Django template wrote,
# at the cost of two replaces rather than a Python call for every value.
DJANGO_SPELLING = (("&#34;", "&quot;"), ("&#39;", "&#x27;"))


def django_spelling(text: str) -> str:
    for markupsafe, django in DJANGO_SPELLING:
        text = text.replace(markupsafe, django)
    return text


def render(template: str, context: dict[str, Any]) -> SafeString:
    """The fragment template's HTML for this context, escaped as Django escapes."""
    # Autoescaped by Jinja2: safe to place in a page.
    return mark_safe(django_spelling(engines["jinja2"].get_template(template).render(context)))  # noqa: S308


def environment(**options: Any) -> Environment:
    # Django's backend asks for autoescape already; it is never turned off here.  Its ``undefined``
    # would refuse an attribute of a missing value, which a Django template shows as nothing.
    options.pop("autoescape", None)
    options.update(undefined=ChainableUndefined)
    env = Environment(**options, autoescape=True)
    env.filters.update(register.filters)  # dollars, card, suit, tojson (ours, not Jinja's), ...
    env.filters.update({
        "pluralize": defaultfilters.pluralize,
        "slugify": defaultfilters.slugify,
        "cut": defaultfilters.cut,
        "default_if_none": defaultfilters.default_if_none,
    })
    env.globals["url"] = url
    return env
