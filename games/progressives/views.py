"""The progressives page (links, meters and every change a supervisor may make to them) and a
meter's ledger.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.engine.core import Refused
from games.engine.money import plain_dollars
from games.engine.registry import GAMES
from games.models import Meter
from games.people import roles
from games.people.access import log_if_not_allowed, role_required
from games.progressives import ledger, selectors
from games.progressives import services as progressives
from games.table.inputs import one_value, parse_amount, parse_choice, parse_id, parse_note, parse_rate, parse_text

NAME_MOST = 40  # a link's or a meter's name (their columns)
TIER_MOST = 10
REASON_MOST = 300  # why a link is down: its column, shown on the tables' tablets
CORRECTIONS = {"on": True, "off": False}  # put an amount back on the meter, or take one off


class _Form:
    """The page's POST, each field read once by the shared readers (``games.table.inputs``): a
    field sent twice, a control character, an amount or a rate that is not one is refused by the
    field's name before any service is called."""

    def __init__(self, post):
        self.post = post

    def text(self, key: str, what: str, most: int) -> str:
        return parse_text(one_value(self.post, key) or "", what, most)

    def note(self, key: str, what: str) -> str:
        return parse_note(one_value(self.post, key) or "", what)

    def amount(self, key: str, what: str) -> str:
        # As plain dollars ("1000.50"), the form in which the services read an amount.
        return plain_dollars(parse_amount(one_value(self.post, key) or "", what))

    def rate(self, key: str, what: str) -> str:
        return str(parse_rate(one_value(self.post, key) or "", what))

    def id(self, key: str) -> int:
        value = one_value(self.post, key)
        return parse_id(value, key) if value else 0


def _progressive_change(request: HttpRequest) -> str:
    """One change of the progressives page, by its ``op``; returns what was done."""
    form, user = _Form(request.POST), request.user
    op = one_value(request.POST, "op") or ""
    if op == "link_create":
        link = progressives.link_create(user=user, name=form.text("name", "The link's name", NAME_MOST))
        return f"Link {link.name} created (down until put in operation)"
    if op in ("link_up", "link_down"):
        reason = form.text("reason", "The reason the link is down", REASON_MOST) if op == "link_down" else ""
        link = progressives.link_set_operating(link_id=form.id("link"), user=user, operating=op == "link_up",
                                               reason=reason)
        return f"Link {link.name} is {'in operation' if link.operating else 'down'}"
    if op == "link_add_table":
        member = progressives.link_add_table(link_id=form.id("link"), table_id=form.id("table"), user=user)
        return f"Table {member.table.name} is on the link {member.link.name}"
    if op in ("table_off", "table_on"):
        member = progressives.link_table_set(link_id=form.id("link"), table_id=form.id("table"), user=user,
                                             on_link=op == "table_on")
        return f"Table {member.table.name} is {'back on' if member.on_link else 'off'} the link {member.link.name}"
    if op == "meter_create":
        owner = one_value(request.POST, "owner") or ""
        kind, _, pk = owner.partition(":")
        if kind not in ("table", "link"):
            raise Refused("Choose the table or the link the meter belongs to")
        owner_id = parse_id(pk, f"The meter's {kind}")
        game, _, wager = (one_value(request.POST, "wager") or "").partition(":")
        meter = progressives.meter_create(
            user=user, name=form.text("name", "The meter's name", NAME_MOST), game=game, wager=wager,
            tier=form.text("tier", "The tier", TIER_MOST),
            table_id=owner_id if kind == "table" else None, link_id=owner_id if kind == "link" else None,
            seed=form.amount("seed", "The initial amount"), reset=form.amount("reset", "The reset amount"),
            rate=form.rate("rate", "The rate of progression"),
            reserve_rate=form.rate("reserve_rate", "The reserve rate"),
            wager_amount=form.amount("wager_amount", "The wager amount"))
        return f"Meter {meter.name} created at its initial amount"
    if op == "meter_configure":
        meter = progressives.meter_configure(meter_id=form.id("meter"), user=user,
                                             reset=form.amount("reset", "The reset amount"),
                                             rate=form.rate("rate", "The rate of progression"),
                                             reserve_rate=form.rate("reserve_rate", "The reserve rate"))
        return f"Meter {meter.name}'s parameters saved"
    if op == "meter_transfer":
        progressives.meter_transfer(from_id=form.id("meter"), to_id=form.id("to"),
                                    amount=form.amount("amount", "The amount transferred"), user=user,
                                    approval=form.note("note", "The written approval"))
        return "Transfer recorded"
    if op == "meter_correct":
        # Only the two directions the form offers: a garbled or missing one never adds to the meter.
        add = parse_choice(request.POST, "direction", CORRECTIONS, "The correction's direction")
        progressives.meter_correct(meter_id=form.id("meter"), amount=form.amount("amount", "The correction"),
                                   user=user, explanation=form.note("note", "The written explanation"), add=add)
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
