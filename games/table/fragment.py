"""The answer to a table's htmx request: the render its tablets are pushed, or a refusal drawn for
the one request that caused it.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from games.models import Table
from games.table import push, selectors


def fragment_response(request: HttpRequest, table: Table, error: str = "", *, changed: bool = False) -> HttpResponse:
    """The table's fragment: a refusal is drawn for this request alone; otherwise the answer is
    the render the tablets are pushed (made once for the change, or the latest)."""
    if not error:
        html = push.table_html(table.id, request.user, changed=changed)
        if html is not None:
            return HttpResponse(html)
    return HttpResponse(push.render_fragment(selectors.table_state(table, request.user, error=error)))
