"""Pages and htmx fragments.  Views read through selectors and change things only through services."""

from __future__ import annotations

import csv
import json
from datetime import date
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from games import push, roles, selectors, services
from games.engine.money import plain_dollars
from games.engine.procedure import Refused
from games.engine.registry import GAMES
from games.engine.round_sheet import sheet_from_log
from games.models import Round, Table


def role_required(*allowed: str):
    """Only users holding one of these roles may open the page (everyone else gets 403)."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapper(request: HttpRequest, *args, **kwargs):
            if not roles.roles_of(request.user) & set(allowed):
                raise PermissionDenied(f"This page is for: {', '.join(allowed)}")
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


ANY_ROLE = roles.ROLES


@role_required(*ANY_ROLE)
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html", {
        "tables": Table.objects.all(),
        "roles": sorted(roles.roles_of(request.user)),
    })


# -- the table ------------------------------------------------------------------------------------

def _table_fragment(request: HttpRequest, table: Table, error: str = "", *, changed: bool = False) -> HttpResponse:
    """The table's fragment: a refusal is drawn for this request alone; otherwise the answer is
    the render the tablets are pushed (made once for the change, or the latest)."""
    if not error:
        html = push.table_html(table.id, request.user, changed=changed)
        if html is not None:
            return HttpResponse(html)
    context = selectors.table_state(table, request.user, error=error)
    return render(request, "games/table.html#table-state", context)


@role_required(*ANY_ROLE)
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    return render(request, "games/table.html", selectors.table_state(table, request.user))


@role_required(*ANY_ROLE)
def table_fragment(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's state.  A tablet that says which round and seq it shows is answered 204 (no
    content) when that is still the latest: the cheap check of a tablet that may have missed a push."""
    table = get_object_or_404(Table, pk=table_id)
    seen = request.GET.get("round", ""), request.GET.get("seq", "")
    where = push.position(table.id)
    if where is not None and seen == (str(where[0] or ""), str(where[1])):
        return HttpResponse(status=204)
    return _table_fragment(request, table)


@require_POST
@role_required(roles.DEALER)
def round_start(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    try:
        services.round_start(table_id=table.id, user=request.user)
    except Refused as refusal:
        return _table_fragment(request, table, str(refusal))
    return _table_fragment(request, table, changed=True)


def _actions_from_post(request: HttpRequest) -> list[dict]:
    """The actions one tap sends: a JSON ``action``, or a seat's wagers, or picked cards."""
    post = request.POST
    if "action" in post:
        try:
            action = json.loads(post["action"])
        except json.JSONDecodeError:
            raise Refused("The action is not valid JSON") from None
        if "cards" in post:
            action["cards"] = post["cards"].split()
        for field in ("card", "note", "amount"):
            if post.get(field):
                action[field] = post[field]
        return [action]
    if "seat" in post:
        actions = []
        for wager in post.getlist("wager"):
            amount = post.get(f"amount_{wager}", "").strip()
            if amount:
                actions.append({"type": "place_wager", "seat": post["seat"], "wager": wager, "amount": amount})
            elif post.get(f"had_{wager}"):
                actions.append({"type": "remove_wager", "seat": post["seat"], "wager": wager})
        # Removing the Ante last: the Bonus Wager depends on it.
        actions.sort(key=lambda a: (a["type"] == "remove_wager" and a["wager"] == "ante"))
        return actions
    raise Refused("Nothing to do")


@require_POST
@role_required(roles.DEALER, roles.FLOORPERSON, roles.SUPERVISOR)
def round_act(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
    try:
        seq = int(request.POST.get("seq", ""))
    except ValueError:
        return _table_fragment(request, rnd.table, "The screen is out of date; it has been refreshed")
    try:
        services.round_act(round_id=rnd.id, user=request.user, actions=_actions_from_post(request), expected_seq=seq)
    except Refused as refusal:
        return _table_fragment(request, rnd.table, str(refusal))
    return _table_fragment(request, rnd.table, changed=True)


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
        try:
            services.table_configure(table_id=table.id, user=request.user, rules=submitted,
                                     training="training" in request.POST)
            saved = True
            table.refresh_from_db()
        except Refused as refusal:
            error = str(refusal)
        rules = {**rules, **submitted}
    return render(request, "games/configure.html", {
        "table": table, "game": game, "error": error, "saved": saved,
        "options": [(option, rules.get(option.key),
                     selectors.paytable_returns(game, option) if option.paytable_wager else [])
                    for option in game.rule_options],
    })


# -- the pit ---------------------------------------------------------------------------------------

@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_page(request: HttpRequest) -> HttpResponse:
    return render(request, "games/pit.html", selectors.pit_state())


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "games/pit.html#pit-state", selectors.pit_state())


@require_POST
@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def approval_decide(request: HttpRequest, approval_id: int) -> HttpResponse:
    error = ""
    try:
        services.approval_decide(approval_id=approval_id, user=request.user,
                                 approve=request.POST.get("decision") == "approve",
                                 note=request.POST.get("note", ""))
    except Refused as refusal:
        error = str(refusal)
    if request.POST.get("from") == "table":
        table = get_object_or_404(Table, rounds__approvals__pk=approval_id)
        return _table_fragment(request, table, error, changed=not error)
    if not error and (pit := push.current_pit()) is not None:
        return HttpResponse(pit["html"])
    return render(request, "games/pit.html#pit-state", {**selectors.pit_state(), "error": error})


# -- history ---------------------------------------------------------------------------------------

def _parse_date(value: str) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def _searched_rounds(request: HttpRequest):
    get = request.GET
    return selectors.search_rounds(
        table=get.get("table", "").strip(), dealer=get.get("dealer", "").strip(), game=get.get("game", ""),
        date_from=_parse_date(get.get("from", "")), date_to=_parse_date(get.get("to", "")),
        status=get.get("status", ""),
    )


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history(request: HttpRequest) -> HttpResponse:
    page = Paginator(_searched_rounds(request), 50).get_page(request.GET.get("page"))
    return render(request, "games/history.html", {
        "page": page, "games": GAMES, "query": request.GET, "statuses": Round.Status.choices,
        "querystring": request.GET.urlencode(),
    })


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history_csv(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="rounds.csv"'
    writer = csv.writer(response)
    writer.writerow(["table", "round", "game", "dealer", "started", "closed", "status", "paid", "collected"])
    for rnd in _searched_rounds(request):
        writer.writerow([rnd.table.name, rnd.number, rnd.game, rnd.dealer.username, rnd.started_at.isoformat(),
                         rnd.closed_at.isoformat() if rnd.closed_at else "", rnd.status,
                         plain_dollars(rnd.total_paid), plain_dollars(rnd.total_collected)])
    return response


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def round_detail(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = get_object_or_404(Round.objects.select_related("table", "dealer"), pk=round_id)
    state = services.engine_round(rnd)
    events = list(rnd.events.select_related("actor"))
    return render(request, "games/round_detail.html", {
        "round": rnd, **selectors.round_view(rnd, state),
        "events": events,
        "approvals": list(rnd.approvals.select_related("decided_by")),
        "game": state.game,
    })


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def round_sheet(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = get_object_or_404(Round.objects.select_related("table"), pk=round_id)
    actions = [event.action for event in rnd.events.order_by("seq")]
    sheet = sheet_from_log(rnd.game, rnd.rules, actions, rnd.shoe_order)
    response = JsonResponse(sheet, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{rnd.table.name}-round-{rnd.number}.json"'
    return response
