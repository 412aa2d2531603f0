"""The table's pages and htmx fragments: its screen, its rules, a round's start and each tap.  Views
read through selectors and change things only through services."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from games.engine.core import Refused
from games.engine.registry import game_for
from games.floor import selectors as floor_selectors
from games.floor import services as floor_services
from games.models import Round, Table
from games.people import roles
from games.people.access import ANY_ROLE, log_if_not_allowed, role_required
from games.people.security import request_address
from games.table import push, selectors, services
from games.table.fragment import fragment_response
from games.table.inputs import one_value, parse_action_field, parse_actions_field, parse_id, parse_note

logger = logging.getLogger(__name__)

# -- the table ------------------------------------------------------------------------------------


@role_required(*ANY_ROLE)
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    context = selectors.table_state(table, request.user)
    return render(request, "games/table/table.html", {**context, "table_state_html": push.render_fragment(context),
                                                **floor_selectors.dealer_seat(table, request.user)})


@require_POST
@role_required(roles.DEALER)
def dealer_sign_in(request: HttpRequest, table_id: int) -> HttpResponse:
    """"I'm dealing this table": the dealer's assignment moves here; the answer is their bar."""
    table = get_object_or_404(Table, pk=table_id)
    error = ""
    try:
        floor_services.dealer_sign_in(table_id=table.id, user=request.user, address=request_address(request))
    except Refused as refusal:
        log_if_not_allowed(request, refusal)
        error = str(refusal)
    seat = floor_selectors.dealer_seat(table, request.user, error=error)
    return render(request, "games/table/table.html#dealer-seat", seat)


@role_required(*ANY_ROLE)
def table_fragment(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's state.  A tablet that says which round and seq it shows is answered 204 (no
    content) when that is still the latest: the cheap check of a tablet that may have missed a push."""
    table = get_object_or_404(Table, pk=table_id)
    seen = request.GET.get("round", ""), request.GET.get("seq", "")
    where = push.position(table.id)
    if where is not None and seen == (str(where[0] or ""), str(where[1])):
        return HttpResponse(status=204)
    return fragment_response(request, table)


@require_POST
@role_required(roles.DEALER)
def round_start(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    try:
        # The round's first tap, where the screen offers one with the start (Poker's "Start the hand").
        first = [parse_action_field(request.POST["action"])] if request.POST.get("action") else []
        services.round_start(table_id=table.id, user=request.user, first=first)
    except Refused as refusal:
        log_if_not_allowed(request, refusal)
        return fragment_response(request, table, str(refusal))
    return fragment_response(request, table, changed=True)


def _actions_from_post(request: HttpRequest, required_wager: Callable[[], tuple[str, ...]]) -> list[dict]:
    """The actions one tap sends: a JSON ``action``, or a seat's wagers, or picked cards."""
    post = request.POST
    if "actions" in post:
        # One tap that does several things (a shortcut: games.table.shortcuts), all or none.
        return parse_actions_field(one_value(post, "actions"))
    if "action" in post:
        action = parse_action_field(one_value(post, "action"))
        if "cards" in post:
            action["cards"] = post["cards"].split()
        if post.get("note"):
            action["note"] = parse_note(post["note"])
        for field in ("card", "amount", "choice"):
            if post.get(field):
                action[field] = post[field]
        # The seat and hand an irregularity happened to (§ 635a.13(h), (i)), typed beside its button.
        for field in ("seat", "hand"):
            if post.get(field) and field not in action:
                action[field] = parse_id(post[field].strip(), field)
        return [action]
    if "seat" in post:
        # The step the form was drawn at; without it every action is refused (it names no step).
        step = {"step": post["step"]} if "step" in post else {}
        amounts = {wager: post.get(f"amount_{wager}", "").strip() for wager in post.getlist("wager")}
        # A chip tapped: its wager's amount, whatever its field held ("ante 10.00").
        quick_wager, _, quick_amount = post.get("quick", "").partition(" ")
        if quick_wager in amounts:
            amounts[quick_wager] = quick_amount.strip()
        # A wager that must equal another (the Odds Wager the Ante, § 677a.7(d)(1); Bet 2 and 3 Bet 1,
        # § 643a.7(d)) has no field of its own: it takes the other's amount.
        for wager in amounts:
            follows = post.get(f"follows_{wager}", "")
            if not amounts[wager] and follows in amounts:
                amounts[wager] = amounts[follows]
        actions = []
        for wager, amount in amounts.items():
            if amount:
                actions.append({"type": "place_wager", **step, "seat": post["seat"], "wager": wager, "amount": amount})
            elif post.get(f"had_{wager}"):
                actions.append({"type": "remove_wager", **step, "seat": post["seat"], "wager": wager})
        # One player on adjacent boxes (§ 677a.7(e)): marked, or unmarked by clearing the box.
        if post.get("player") and not post.get("had_player"):
            actions.append({"type": "same_player", **step, "seat": post["seat"], "with": post["player"]})
        elif post.get("had_player") and not post.get("player"):
            actions.append({"type": "own_player", **step, "seat": post["seat"]})
        # The wagers that make the seat play (the Ante, Bet 1) are removed last: the others depend on them.
        if any(action["type"] == "remove_wager" for action in actions):
            last = required_wager()
            actions.sort(key=lambda a: (a["type"] == "remove_wager" and a["wager"] in last))
        return actions
    raise Refused("Nothing to do")


def _seat_seen_from_post(request: HttpRequest) -> tuple[int, str] | None:
    """The seat and its wagers as the tapped seat's wager form was drawn (``inputs.seat_seen``)."""
    post = request.POST
    if "action" in post or "actions" in post or "seat" not in post or "seen" not in post:
        return None
    return parse_id(post["seat"], "seat"), post["seen"]


@require_POST
@role_required(roles.DEALER, roles.FLOORPERSON, roles.SUPERVISOR)
def round_act(request: HttpRequest, round_id: int) -> HttpResponse:
    # The service reads (and locks) the round and its table: a tap reads nothing more first.
    def required_wager() -> str:
        game = Round.objects.filter(pk=round_id).values_list("game", flat=True).first()
        if game is None:
            raise Http404("No such round")
        found = game_for(game)
        return getattr(found, "playing_wagers", (found.required_wager,))

    try:
        # Every tap carries the sequence number of the screen it was decided on: a repeated or
        # stale tap is refused instead of applied twice.
        # Sent twice, the tap's screen is unknown: refused as a repeated decision is.
        sent_seq = one_value(request.POST, "seq")
        if sent_seq is None:
            raise Refused("The tap carries no sequence number (seq): the screen has been refreshed")
        seq = parse_id(sent_seq, "seq")
        actions = _actions_from_post(request, required_wager)
        # A seat's wager form is checked against the seat's wagers it was drawn with rather than the
        # round's seq: chips tapped at other seats meanwhile, here or on another tablet, do not refuse it.
        seen = _seat_seen_from_post(request)
        rnd = services.round_act(round_id=round_id, user=request.user, actions=actions,
                                 expected_seq=None if seen else seq, seat_seen=seen)
    except Round.DoesNotExist:
        raise Http404("No such round") from None
    except Refused as refusal:
        log_if_not_allowed(request, refusal)
        # By the round's key, as the approvals' look-up below: Django finds no row for an id past any
        # integer column's range instead of asking the database (SQLite cannot bind it).
        return fragment_response(request, get_object_or_404(Table, rounds__pk=round_id), str(refusal))
    except DatabaseError:
        # The database stopped answering, perhaps after it committed the tap: whether it stood is
        # unknown here, so the tablet is told to check the round before tapping again.
        logger.exception("The database failed during a tap of round %s", round_id)
        return HttpResponse(UNKNOWN_OUTCOME, status=503, headers={"Retry-After": "2"},
                            content_type="text/plain; charset=utf-8")
    try:
        return fragment_response(request, rnd.table, changed=True)
    except DatabaseError:
        # The tap is committed: the answer says so, even though the screen cannot be drawn now.
        logger.exception("The database failed drawing round %s after its tap was recorded", round_id)
        return HttpResponse(format_html(RECORDED_UNDRAWN, seq=rnd.seq, round=rnd.pk, status=rnd.status,
                                        number=rnd.number, url=reverse("table-state", args=[rnd.table_id])))


UNKNOWN_OUTCOME = ("The database did not answer: this tap may or may not have been recorded. Check the round "
                   "on the screen once it shows the current state, before tapping again.\n")
# The fragment of a tap recorded whose screen could not be drawn: its position (so the tablet knows
# it was applied), what happened, and a fetch of the whole state a moment later.
RECORDED_UNDRAWN = ('<section id="table-state" class="table-state" data-seq="{seq}" data-round="{round}" '
                    'data-status="{status}" hx-get="{url}" hx-trigger="load delay:3s" hx-swap="outerHTML">'
                    '<p class="notice" role="status">Recorded: this tap is entry {seq} of round {number}. The '
                    'screen could not be drawn (the database stopped answering); it is drawn again as soon as '
                    'the database answers.</p></section>')


@role_required(roles.SUPERVISOR)
def table_configure(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's Rules Submission options; saved only when the chapter allows them."""
    table = get_object_or_404(Table, pk=table_id)
    game = table.game_engine
    rules = {**game.default_rules, **table.rules}
    error, saved = "", False
    if request.method == "POST":
        submitted = {}
        for option in game.rule_options:
            if option.kind == "bool":
                submitted[option.key] = option.key in request.POST
            else:
                submitted[option.key] = request.POST.get(option.key, "").strip()
        # An option the chapter has but no available text gives: sent, it is refused by name.
        submitted |= {missing.key: request.POST[missing.key] for missing in getattr(game, "not_in_text", ())
                      if missing.key and request.POST.get(missing.key)}
        try:
            services.table_configure(table_id=table.id, user=request.user, rules=submitted,
                                     training="training" in request.POST)
            saved = True
            table.refresh_from_db()
        except Refused as refusal:
            error = str(refusal)
        rules = {**rules, **{key: value for key, value in submitted.items() if key in game.default_rules}}
    return render(request, "games/table/configure.html", {
        "table": table, "game": game, "error": error, "saved": saved,
        "fixed": game.fixed_by_chapter(game.validate_rules(table.rules)),
        "options": [(option, rules.get(option.key),
                     selectors.paytable_returns(game, option) if option.paytable_wager else [])
                    for option in game.rule_options],
    })


# -- the pit ---------------------------------------------------------------------------------------


# -- progressive meters -----------------------------------------------------------------------------


# -- locked logins --------------------------------------------------------------------------------




