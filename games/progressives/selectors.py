"""Read-only views of the progressives: the meters feeding a table, and the facility's links and
meters with the payout meters of § 605a.7(a).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.core import CAGE
from games.models import (
    Link,
    LinkedTable,
    Meter,
    Table,
)


@dataclass
class Feed:
    """The progressive meters feeding a table (its own, or its link's), and why its progressive is
    unplayable now: the link is down or the table is off it (§ 605a.8(c)); "" while it operates."""

    meters: list[Meter]
    link: Link | None
    down: str


def table_feed(table: Table) -> Feed:
    membership = LinkedTable.objects.filter(table=table).select_related("link", "table").first()
    meters = list(Meter.objects.filter(table=table).select_related("link").order_by("tier", "pk"))
    down = ""
    link = None
    if membership is not None:
        link = membership.link
        meters += list(Meter.objects.filter(link=link).select_related("link").order_by("tier", "pk"))
        down = membership.unplayable
    return Feed(meters, link, down)


@dataclass
class MeterView:
    meter: Meter
    fed: list[str]  # the tables it feeds
    attendant_paid: int  # § 605a.7(a)(3): jackpots paid by an attendant (the cage), in cents
    table_paid: int  # § 605a.7(a)(2): paid by the table itself (an electronic table; 0 at a live table)
    cumulative: int  # § 605a.7(a)(4): every jackpot paid


def progressives_overview() -> dict[str, Any]:
    """The links and meters of the facility, with the payout meters of § 605a.7(a)(2)-(4) summed
    from each ledger (kept as entries, never as a separate counter that could drift)."""
    from django.db.models import Sum

    from games.models import MeterEntry

    paid = {(row["meter"], row["payer"]): -row["total"] for row in
            MeterEntry.objects.filter(kind="payout").values("meter", "payer").annotate(total=Sum("amount"))}
    links = list(Link.objects.prefetch_related("members__table"))
    members = {link.pk: [m.table.name for m in link.members.all() if m.on_link] for link in links}
    views = []
    for meter in Meter.objects.select_related("table", "link"):
        fed = [meter.table.name] if meter.table_id else members.get(meter.link_id, [])
        attendant = paid.get((meter.pk, CAGE), 0)
        table = sum(total for (pk, payer), total in paid.items() if pk == meter.pk and payer != CAGE)
        views.append(MeterView(meter, fed, attendant, table, attendant + table))
    linked = set(LinkedTable.objects.values_list("table_id", flat=True))
    own = set(Meter.objects.filter(table__isnull=False).values_list("table_id", flat=True))
    return {"links": links, "meters": views,
            "free_tables": [t for t in Table.objects.all() if t.pk not in linked and t.pk not in own],
            "tables": list(Table.objects.all())}
