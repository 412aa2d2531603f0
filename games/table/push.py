"""Render once, push HTML.

After a change commits, the table's fragment is rendered once per role variant (the dealer's
screen, and the floor's: ``selectors.role_flags``) from one read of the database, remembered in
the cache (Redis when ``REDIS_URL`` is set, so every server process shares it) and sent, HTML
and all, in one group message.  Consumers only pick their variant and forward it; they drop a
message that is not newer than the last state they sent, by its position (round id, seq), with
the render's time stamp breaking ties (a configuration change moves no round).  The pit is
rendered and pushed the same way, only when an approval was requested or decided or a table's
configuration changed; a round starting or ending sends the pit that table's status alone.

A tablet that connects gets the latest render from the cache, checked against the database's
position of the table with one small query; a render that is missing or stale is redone once
per table (and pushed to the whole table, since its tablets may have missed it too).

Redis is only the messenger: PostgreSQL holds the truth.  If the cache or the channel layer
fails after a commit, the failure is logged and the request still succeeds; tablets catch up
when they reconnect or ask again with the position they show (``current_table``).

Nothing per user is in a pushed fragment: the CSRF token comes from the page (base.html).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import caches
from django.db.models import Count, Max, OuterRef, Q, Subquery, Sum
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.common import metrics, sql
from games.floor import selectors as floor_selectors
from games.models import Approval, Meter, Round, Table
from games.table import cache as kept_cache
from games.table import jinja_env, selectors

logger = logging.getLogger(__name__)

DEALER, FLOOR = "dealer", "floor"
VARIANTS = {DEALER: {"is_dealer": True, "is_floor": False}, FLOOR: {"is_dealer": False, "is_floor": True}}
PIT_GROUP = "pit"
PIT_KEY = "dealer-assist:pit"
CACHE_SECONDS = 24 * 3600  # a table left alone for a day is rendered again when a tablet opens it

# The table's fragment and its layouts are Jinja2 templates (games.table.jinja_env).
TABLE_TEMPLATE = "games/table/table_state.html"
# Layouts that show every role the same (Poker's shows the dealer its seating forms): rendered once.
SHARED_LAYOUTS = frozenset({"games/table/layouts/banked.html"})
PIT_TEMPLATE = "games/floor/pit.html#pit-state"
TABLE_STATUS_TEMPLATE = "games/floor/pit.html#table-status"

# One cache backend for the whole process (``django.core.cache.cache`` is one per request under
# ASGI; with Redis, they share their connections: ``games.table.cache``).
cache = caches.create_connection("default")

# What this thread rendered last, per table: the view that made the change answers with it
# without a round trip to the cache (and even if the cache is down).
_here = threading.local()


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def table_key(table_id: int) -> str:
    return f"dealer-assist:table:{table_id}"


def variant_of(user) -> str | None:
    flags = selectors.role_flags(user)
    return DEALER if flags["is_dealer"] else FLOOR if flags["is_floor"] else None


def order(payload: dict[str, Any]) -> tuple[int, int, int]:
    return payload["round"], payload["seq"], payload["stamp"]


# -- the table ------------------------------------------------------------------------------------

def render_fragment(context: dict[str, Any], template: str = TABLE_TEMPLATE) -> SafeString:
    """The table's fragment (or one of its layouts) for this context: HTML, safe to place in a page."""
    return jinja_env.render(template, context)


def _position_query(table_id: int):
    latest = Round.objects.filter(table=OuterRef("pk")).order_by("-number")
    return (Table.objects.filter(pk=table_id)
            .annotate(round_id=Subquery(latest.values("id")[:1]), round_seq=Subquery(latest.values("seq")[:1]))
            .values("name", "game", "rules", "training", "round_id", "round_seq"))


def _config(table: dict[str, Any]) -> str:
    """A fingerprint of what the table's header shows besides the round."""
    text = json.dumps([table["name"], table["game"], table["rules"], table["training"]], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def position(table_id: int) -> tuple[int, int, str] | None:
    """Where the table is, as the database has it: (round id, seq, configuration), one query."""
    row = _position_query(table_id).first()
    if row is None:
        return None
    return row["round_id"] or 0, row["round_seq"] or 0, _config(row)


def render_table(table_id: int, committed: selectors.Committed | None = None) -> dict[str, Any]:
    """The table's fragment in each variant, from one read of the database, or from the round and
    engine state a service has just committed (``committed``: the table's current round, its
    table row loaded with it), which are what that read would return."""
    stamp = time.time_ns()  # before the reads: a later stamp never shows an older state
    if committed is None:
        table = Table.objects.annotate(fed=sql.meters_feed(Table, "id")).get(pk=table_id)
        context = selectors.table_context(table)
    else:
        table = committed[0].table
        context = selectors.table_context(table, current=committed)
    rnd = context["round"]
    if rnd is not None and context.get("layout_template") in SHARED_LAYOUTS:
        # What every role sees alike (the layout, the settlement): rendered once.
        context["shared_html"] = render_fragment(context, context["layout_template"])
    html = {variant: render_fragment({**context, **flags}) for variant, flags in VARIANTS.items()}
    config = _config({"name": table.name, "game": table.game, "rules": table.rules, "training": table.training})
    return {"table": table_id, "round": rnd.id if rnd else 0, "seq": rnd.seq if rnd else 0, "stamp": stamp,
            "config": config, "html": html}


def _remember(key: str, payload: dict[str, Any], order=order) -> None:
    """Keep the newest render: one atomic step on Redis (``games.table.cache.set_if_newer``)."""
    try:
        kept_cache.set_if_newer(cache, key, payload, order(payload), CACHE_SECONDS)
    except Exception:
        logger.exception("Could not store the latest render in the cache (%s)", key)


def _send(group: str, message: dict[str, Any]) -> bool:
    layer = get_channel_layer()
    if layer is None:
        return True
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        # The change is committed; the tablets catch up when they reconnect or check their position.
        logger.exception("Push to %s failed; its tablets will catch up by their position", group)
        return False
    return True


def publish_table(table_id: int, committed: selectors.Committed | None = None) -> dict[str, Any] | None:
    """Render the table, remember the render and push it to the table's tablets.  Never raises:
    it runs after the change has committed, and the change stands whatever happens here."""
    try:
        payload = render_table(table_id, committed)
    except Exception:
        logger.exception("Could not render table %s after a change", table_id)
        return None
    _remember(table_key(table_id), payload)
    if _send(table_group(table_id), {"type": "table.state", **payload}):
        metrics.pushed("table")
    return payload


def table_changed(table_id: int, *, pit: bool = False, committed: selectors.Committed | None = None,
                  status: bool = False) -> None:
    """What a service runs when its transaction commits (``committed``: see ``render_table``;
    ``status``: a round started or ended, and the pit is not rendered again for that)."""
    if not hasattr(_here, "tables"):
        _here.tables = {}
    _here.tables.pop(table_id, None)
    payload = publish_table(table_id, committed)
    if payload is not None:
        _here.tables[table_id] = payload
    if pit:
        publish_pit()  # its tables' statuses with it
    elif status:
        table_status_changed(table_id, committed)


def rendered_here(table_id: int) -> dict[str, Any] | None:
    """The render this thread made of the table, once: the answer to the request that changed it."""
    return getattr(_here, "tables", {}).pop(table_id, None)


def current_table(table_id: int) -> dict[str, Any] | None:
    """The latest render of the table: the cached one if it shows the table's position in the
    database, otherwise a new one (pushed to the table's tablets, which may have missed it)."""
    where = position(table_id)
    if where is None:
        return None
    try:
        payload = cache.get(table_key(table_id))
    except Exception:
        logger.exception("Could not read the latest render of table %s from the cache", table_id)
        payload = None
    if payload is not None and (payload["round"], payload["seq"], payload["config"]) == where:
        return payload
    return publish_table(table_id)


def table_html(table_id: int, user, *, changed: bool = False) -> str | None:
    """The table's fragment for this user: after a change this request made (``changed``), the
    render made for the push; otherwise the latest."""
    payload = (rendered_here(table_id) if changed else None) or current_table(table_id)
    variant = variant_of(user)
    return None if payload is None or variant is None else payload["html"][variant]


# -- the pit ----------------------------------------------------------------------------------------

def pit_position() -> tuple[int, ...]:
    """The newest approval and how many are pending and decided, and which rounds are open (how
    many, and their ids' sum): the pit (its requests, and its tables' statuses) changes only when
    one of these does.  Two small queries (the open rounds through the status index)."""
    pending = Q(status=Approval.Status.PENDING)
    counts = Approval.objects.aggregate(last=Max("id"), pending=Count("id", filter=pending),
                                        decided=Count("id", filter=~pending))
    playing = Round.objects.filter(status=Round.Status.OPEN).aggregate(open=Count("id"), ids=Sum("id"))
    return counts["last"] or 0, counts["pending"], counts["decided"], playing["open"], int(playing["ids"] or 0)


def render_pit() -> dict[str, Any]:
    stamp = time.time_ns()
    where = pit_position()
    return {"stamp": stamp, "position": where, "html": render_to_string(PIT_TEMPLATE, floor_selectors.pit_state())}


def publish_pit() -> dict[str, Any] | None:
    try:
        payload = render_pit()
    except Exception:
        logger.exception("Could not render the pit after a change")
        return None
    _remember(PIT_KEY, payload, order=lambda pit: (pit["stamp"],))
    if _send(PIT_GROUP, {"type": "pit.state", **payload}):
        metrics.pushed("pit")
    return payload


def table_status_changed(table_id: int, committed: selectors.Committed | None = None) -> None:
    """A round started or ended at the table: its status alone goes to the pit (a fragment
    swapped by its id), not a render of the whole pit; from the round just ``committed`` (see
    ``render_table``) when the service holds it."""
    try:
        if committed is not None:
            table = floor_selectors.table_with_status(committed[0].table, committed[0], committed[1])
        else:
            table = floor_selectors.tables_with_status(Table.objects.filter(pk=table_id))[0]
        html = render_to_string(TABLE_STATUS_TEMPLATE, {"table": table})
    except Exception:
        logger.exception("Could not render table %s's status for the pit", table_id)
        return
    _send(PIT_GROUP, {"type": "pit.table_status", "html": html})


def current_pit() -> dict[str, Any] | None:
    try:
        payload = cache.get(PIT_KEY)
    except Exception:
        logger.exception("Could not read the latest render of the pit from the cache")
        payload = None
    if payload is not None and tuple(payload["position"]) == pit_position():
        return payload
    return publish_pit()


# -- progressive meters ------------------------------------------------------------------------------
# Each meter has its own group: the tablets of every table it feeds and the pit join it, and every
# change of its ledger pushes its amount, a fragment swapped in by its element id.  A tablet drops
# a push whose ledger position (``seq``) is not newer than the last it was sent.

METER_TEMPLATE = "games/progressives/meters.html#meter"


def meter_group(meter_id: int) -> str:
    return f"meter.{meter_id}"


def render_meters(meters) -> list[dict[str, Any]]:
    """Each meter's render, ordered by its ledger's last entry and, where it is on a link, the link's
    last change (its state is shown with it)."""
    return [{"meter": meter.pk, "seq": meter.entries, "html": render_to_string(METER_TEMPLATE, {"meter": meter}),
             "link": int(meter.link.changed_at.timestamp() * 1_000_000) if meter.link_id else 0}
            for meter in meters.select_related("link")]


def meters_changed(meter_ids) -> None:
    """What a meter's ledger runs when its transaction commits.  Never raises: the change stands."""
    try:
        payloads = render_meters(Meter.objects.filter(pk__in=meter_ids))
    except Exception:
        logger.exception("Could not render meters %s after a change", meter_ids)
        return
    for payload in payloads:
        _send(meter_group(payload["meter"]), {"type": "meter.state", **payload})


def feeds_changed(table_ids) -> None:
    """Which meters feed which tables changed (a meter created, a table joining or leaving a link):
    every socket of those tables, and the pit's, joins the meters' groups it now shows, with no
    reconnect."""
    for table_id in table_ids:
        _send(table_group(table_id), {"type": "meters.rejoin"})
    _send(PIT_GROUP, {"type": "meters.rejoin"})


def table_meters(table_id: int) -> list[dict[str, Any]]:
    """The current render of every meter feeding a table (a tablet that connects is sent them)."""
    return render_meters(Meter.objects.filter(Q(table_id=table_id) | Q(link__members__table_id=table_id)))


def all_meters() -> list[dict[str, Any]]:
    return render_meters(Meter.objects.all())
