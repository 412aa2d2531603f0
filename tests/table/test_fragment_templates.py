"""The table's fragment is a Jinja2 template (games.table.jinja_env) that writes what the Django
template wrote: Django's spelling of escaped quotes, nothing for a missing value, the same filters."""

from django.template import engines
from django.utils.html import escape

from games.table import jinja_env


def render_string(source: str, **context) -> str:
    return jinja_env.django_spelling(engines["jinja2"].from_string(source).render(context))


def test_a_value_is_escaped_exactly_as_django_escapes_it(monkeypatch):
    note = """She said "split" & it's <done>"""
    monkeypatch.setattr(engines["jinja2"], "get_template", lambda name: engines["jinja2"].from_string("{{ note }}"))
    assert jinja_env.render("any.html", {"note": note}) == escape(note) == (
        "She said &quot;split&quot; &amp; it&#x27;s &lt;done&gt;")


def test_an_entity_typed_by_someone_stays_escaped_and_is_not_rewritten():
    # A note that literally reads "&#39;" must show those characters, not an apostrophe.
    assert render_string("{{ note }}", note="&#39; &#34;") == "&amp;#39; &amp;#34;"


def test_a_missing_value_or_an_attribute_of_one_shows_nothing():
    assert render_string("[{{ round.seq }}][{{ round.id or '' }}][{{ prompt.seat|default_if_none('') }}]",
                         round=None) == "[][][]"


def test_the_fragment_filters_are_the_django_templates_own():
    assert render_string("{{ 123456|dollars }} {{ 'Td'|card }} {{ {'a': 1}|tojson }} {{ 2|pluralize }}") == (
        "$1,234.56 10♦ {&quot;a&quot;: 1} s")
    assert render_string("{{ 'Td 9h: a pair'|cards_in_text }}") == (
        '<span class="suit-d">10♦</span> <span class="suit-h">9♥</span>: a pair')


def test_a_url_is_reversed_with_its_arguments():
    assert render_string("{{ url('round-act', 7) }}") == "/rounds/7/act/"
