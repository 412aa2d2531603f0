"""Filters of the supervisor's reports page."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from html import escape as _escape
from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from games.engine.registry import GAMES
from games.reports.figures import duration
from games.reports.paytable_hits import PaytableHits
from games.templatetags.dealer_assist import dollars

register = template.Library()


@register.filter
def wait(value: timedelta | None) -> str:
    """An approval's wait as minutes:seconds, or a dash."""
    return duration(value) or "—"


@register.filter
def pvalue(value: Decimal | None) -> str:
    """A p-value to three significant digits ("< 1e-50" for the test's bound; a dash for none).

    >>> pvalue(Decimal("0.0019531")), pvalue(Decimal(1)), pvalue(Decimal("1e-50")), pvalue(None)
    ('0.00195', '1', '< 1e-50', '—')
    """
    from games.reports.binomial import BOUND

    if value is None:
        return "—"
    if value <= BOUND:
        return f"< {BOUND:.0e}"
    return f"{value:.3g}"


@register.filter
def one_in(significance: Decimal) -> str:
    """α = 0.001 is "1,000": one row in that many.

    >>> one_in(Decimal("0.001")), one_in(Decimal("0.05"))
    ('1,000', '20')
    """
    return f"{round(1 / significance):,}"


@register.filter
def percent(value: Decimal | None, missing: str = "—") -> str:
    """A percentage with the minus sign the dollar amounts use.

    >>> percent(Decimal("-92.31")), percent(Decimal("12.50")), percent(None), percent(None, "not stated")
    ('−92.31%', '12.50%', '—', 'not stated')
    """
    if value is None:
        return missing
    return f"−{-value}%" if value < 0 else f"{value}%"


@register.simple_tag
def hits_brief_row(entry: PaytableHits) -> SafeString:
    """One row of the hit frequency in brief, formatted here: a month has a row per table (a
    template node, or ``format_html``, per figure costs more than the figures).  Every value is
    escaped as the template would."""
    flagged = "".join(f"<strong>{_escape(hit.name)}</strong> {hit.observed} of {hit.expected} expected, "
                      f"p {_escape(pvalue(hit.p_value))} ({_escape(hit.direction)}); "
                      for hit in entry.rows if hit.flagged)
    cells = (entry.table, entry.label, entry.trials, dollars(entry.staked), percent(entry.observed_return),
             percent(entry.theoretical_percent, "not stated"))
    opening = '<tr class="flagged">' if flagged else "<tr>"
    return mark_safe(opening + "".join(f"<td>{_escape(str(cell))}</td>" for cell in cells)  # noqa: S308 (escaped)
                     + f"<td>{flagged}</td></tr>")


# A game's row is named by the game's name; the history filters by its slug.
GAME_SLUGS = {game.name: slug for slug, game in GAMES.items()}


@register.simple_tag
def history_of(base: dict, level: str, name: str, **more) -> str:
    """The history's address for the rounds behind a report row: the report's filters (``base``),
    the row's table, dealer or game, and ``more`` (jackpot="yes": the rounds that paid one)."""
    query = dict(base)
    if level == "table":
        query["table"] = name
    elif level == "dealer":
        query["dealer"] = name
    elif level == "game":
        query["game"] = GAME_SLUGS.get(name, name)
    query.update(more)
    return reverse("history") + "?" + urlencode({key: value for key, value in query.items() if value})
