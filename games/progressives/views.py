"""The progressives page (links, meters and every change a supervisor may make to them) and a
meter's ledger.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.engine.core import Refused
from games.engine.registry import GAMES
from games.models import Meter
from games.people import roles
from games.people.access import log_if_not_allowed, role_required
from games.progressives import ledger, selectors
from games.progressives import services as progressives
from games.table.inputs import parse_id, parse_note


def _progressive_change(request: HttpRequest) -> str:
    """One change of the progressives page, by its ``op``; returns what was done."""
    post, user = request.POST, request.user
    op = post.get("op", "")
    ids = {key: parse_id(post[key], key) for key in ("link", "table", "meter", "to") if post.get(key)}
    if op == "link_create":
        link = progressives.link_create(user=user, name=post.get("name", ""))
        return f"Link {link.name} created (down until put in operation)"
    if op in ("link_up", "link_down"):
        link = progressives.link_set_operating(link_id=ids.get("link", 0), user=user, operating=op == "link_up",
                                               reason=post.get("reason", ""))
        return f"Link {link.name} is {'in operation' if link.operating else 'down'}"
    if op == "link_add_table":
        member = progressives.link_add_table(link_id=ids.get("link", 0), table_id=ids.get("table", 0), user=user)
        return f"Table {member.table.name} is on the link {member.link.name}"
    if op in ("table_off", "table_on"):
        member = progressives.link_table_set(link_id=ids.get("link", 0), table_id=ids.get("table", 0), user=user,
                                             on_link=op == "table_on")
        return f"Table {member.table.name} is {'back on' if member.on_link else 'off'} the link {member.link.name}"
    if op == "meter_create":
        owner = post.get("owner", "")
        kind, _, pk = owner.partition(":")
        if kind not in ("table", "link") or not pk.isdigit():
            raise Refused("Choose the table or the link the meter belongs to")
        game, _, wager = post.get("wager", "").partition(":")
        meter = progressives.meter_create(
            user=user, name=post.get("name", ""), game=game, wager=wager, tier=post.get("tier", ""),
            table_id=int(pk) if kind == "table" else None, link_id=int(pk) if kind == "link" else None,
            seed=post.get("seed", ""), reset=post.get("reset", ""), rate=post.get("rate", ""),
            reserve_rate=post.get("reserve_rate", "") or "0", wager_amount=post.get("wager_amount", ""))
        return f"Meter {meter.name} created at its initial amount"
    if op == "meter_configure":
        meter = progressives.meter_configure(meter_id=ids.get("meter", 0), user=user, reset=post.get("reset", ""),
                                             rate=post.get("rate", ""),
                                             reserve_rate=post.get("reserve_rate", "") or "0")
        return f"Meter {meter.name}'s parameters saved"
    if op == "meter_transfer":
        progressives.meter_transfer(from_id=ids.get("meter", 0), to_id=ids.get("to", 0), amount=post.get("amount", ""),
                                    user=user, approval=parse_note(post.get("note", "")))
        return "Transfer recorded"
    if op == "meter_correct":
        progressives.meter_correct(meter_id=ids.get("meter", 0), amount=post.get("amount", ""), user=user,
                                   explanation=parse_note(post.get("note", "")), add=post.get("direction") != "off")
        return "Correction recorded"
    raise Refused(f"Unknown change {op!r:.40}")


@role_required(roles.SUPERVISOR)
def progressives_page(request: HttpRequest) -> HttpResponse:
    """Links and meters: their parameters, amounts and payout meters, and every change a supervisor
    may make to them (each refused with the rule it would break)."""
    error, done = "", ""
    if request.method == "POST":
        try:
            done = _progressive_change(request)
        except ObjectDoesNotExist:
            error = "That link, table or meter does not exist"
        except Refused as refusal:
            log_if_not_allowed(request, refusal)
            error = str(refusal)
    wagers = [(f"{game.slug}:{w.slug}", f"{game.name}: {w.label}") for game in GAMES.values() for w in game.wagers
              if w.progressive]
    return render(request, "games/progressives/progressives.html", {**selectors.progressives_overview(), "error": error,
                                                       "done": done, "wagers": wagers})


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def meter_ledger(request: HttpRequest, meter_id: int) -> HttpResponse:
    meter = get_object_or_404(Meter, pk=meter_id)
    entries = meter.ledger.select_related("round", "round__table", "user").order_by("-seq")[:500]
    return render(request, "games/progressives/meter_ledger.html", {"meter": meter, "entries": entries,
                                                       "problems": ledger.meter_audit(meter)})
