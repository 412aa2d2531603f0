"""Pages and htmx fragments.  Views read through selectors and change things only through services."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import wraps

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from games import forms, logins, push, roles, selectors, services
from games.engine.core import Refused
from games.engine.registry import GAMES, game_for
from games.engine.round_sheet import sheet_from_log
from games.history import log_changed, recompute, round_page
from games.inputs import parse_action_field, parse_id, parse_note
from games.models import Round, Table
from games.security import request_address, security_event


def role_required(*allowed: str):
    """Only users holding one of these roles may open the page (everyone else gets 403)."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapper(request: HttpRequest, *args, **kwargs):
            if not roles.roles_of(request.user) & set(allowed):
                security_event("role_refused", user=request.user, address=request_address(request),
                               path=request.path, needs=list(allowed))
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


def _actions_from_post(request: HttpRequest, required_wager: Callable[[], str]) -> list[dict]:
    """The actions one tap sends: a JSON ``action``, or a seat's wagers, or picked cards."""
    post = request.POST
    if "action" in post:
        action = parse_action_field(post["action"])
        if "cards" in post:
            action["cards"] = post["cards"].split()
        if post.get("note"):
            action["note"] = parse_note(post["note"])
        for field in ("card", "amount"):
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
        # One player on adjacent boxes (§ 677a.7(e)): marked, or unmarked by clearing the box.
        if post.get("player") and not post.get("had_player"):
            actions.append({"type": "same_player", "seat": post["seat"], "with": post["player"]})
        elif post.get("had_player") and not post.get("player"):
            actions.append({"type": "own_player", "seat": post["seat"]})
        # The wager that makes the seat play (the Ante, Bet 1) is removed last: the others depend on it.
        if any(action["type"] == "remove_wager" for action in actions):
            last = required_wager()
            actions.sort(key=lambda a: (a["type"] == "remove_wager" and a["wager"] == last))
        return actions
    raise Refused("Nothing to do")


@require_POST
@role_required(roles.DEALER, roles.FLOORPERSON, roles.SUPERVISOR)
def round_act(request: HttpRequest, round_id: int) -> HttpResponse:
    # The service reads (and locks) the round and its table: a tap reads nothing more first.
    def required_wager() -> str:
        game = Round.objects.filter(pk=round_id).values_list("game", flat=True).first()
        if game is None:
            raise Http404("No such round")
        return game_for(game).required_wager

    try:
        # Every tap carries the sequence number of the screen it was decided on: a repeated or
        # stale tap is refused instead of applied twice.
        if "seq" not in request.POST:
            raise Refused("The tap carries no sequence number (seq): the screen has been refreshed")
        seq = parse_id(request.POST["seq"], "seq")
        actions = _actions_from_post(request, required_wager)
        rnd = services.round_act(round_id=round_id, user=request.user, actions=actions, expected_seq=seq)
    except Round.DoesNotExist:
        raise Http404("No such round") from None
    except Refused as refusal:
        _log_if_not_allowed(request, refusal)
        return _table_fragment(request, get_object_or_404(Table, rounds=round_id), str(refusal))
    return _table_fragment(request, rnd.table, changed=True)


def _log_if_not_allowed(request: HttpRequest, refusal: Refused) -> None:
    if isinstance(refusal, services.NotAllowed):
        security_event("role_refused", user=request.user, address=request_address(request), path=request.path,
                       reason=str(refusal))


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
        "fixed": game.fixed_by_chapter(game.validate_rules(table.rules)),
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


DECISIONS = {"approve": True, "refuse": False}


@require_POST
@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def approval_decide(request: HttpRequest, approval_id: int) -> HttpResponse:
    error = ""
    try:
        # Only an explicit answer counts: a missing or garbled decision must never refuse a payout.
        decisions = request.POST.getlist("decision")
        if len(decisions) != 1 or decisions[0] not in DECISIONS:
            raise Refused(f"The decision must be approve or refuse, got {', '.join(decisions) or 'none'!r:.60}; "
                          "nothing was decided")
        services.approval_decide(approval_id=approval_id, user=request.user, approve=DECISIONS[decisions[0]],
                                 note=parse_note(request.POST.get("note", "")))
    except Refused as refusal:
        _log_if_not_allowed(request, refusal)
        error = str(refusal)
    table = Table.objects.filter(rounds__approvals__pk=approval_id).first()
    if request.POST.get("from") == "table" and table is not None:
        return _table_fragment(request, table, error, changed=not error)
    if not error and (pit := push.current_pit()) is not None:
        return HttpResponse(pit["html"])
    return render(request, "games/pit.html#pit-state", {**selectors.pit_state(), "error": error})



# -- locked logins --------------------------------------------------------------------------------

@role_required(roles.SUPERVISOR)
def locked_logins(request: HttpRequest) -> HttpResponse:
    """The usernames and addresses locked out after failed logins; a supervisor resets them."""
    error, done = "", ""
    if request.method == "POST":
        try:
            kind, value = request.POST.get("kind", ""), request.POST.get("value", "")
            if kind not in ("username", "address"):
                raise Refused(f"Unlock a username or an address, got {kind!r:.40}")
            logins.login_unlock(by=request.user, by_address=request_address(request), **{kind: value})
            done = f"Unlocked {value}"
        except Refused as refusal:
            error = str(refusal)
    return render(request, "games/locked_logins.html",
                  {"locks": logins.locked_logins(), "error": error, "done": done})


# -- history ---------------------------------------------------------------------------------------

def _history_filter(request: HttpRequest) -> forms.HistoryFilter:
    return forms.HistoryFilter(request.GET)


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history(request: HttpRequest) -> HttpResponse:
    search = _history_filter(request)
    context = {"games": GAMES, "query": request.GET, "statuses": Round.Status.choices,
               "filters": request.GET.urlencode() if search.is_valid() else ""}
    if not search.is_valid():
        return render(request, "games/history.html", {**context, "errors": search.messages()}, status=400)
    rounds = selectors.search_rounds(**search.search())
    page = selectors.history_page(rounds, older=search.cleaned_data["older"], newer=search.cleaned_data["newer"])
    kept = request.GET.copy()
    for key in ("older", "newer"):
        kept.pop(key, None)
    return render(request, "games/history.html", {**context, "page": page, "filters": kept.urlencode()})


def _streamed(request: HttpRequest, chunks: Iterator[bytes]):
    """``chunks`` as its server consumes them without buffering: under ASGI (daphne) an async
    iterator, each chunk read on the request's thread, where the database cursor lives; Django
    would otherwise read a sync iterator to its end before sending a byte.  Under WSGI, as is."""
    if not isinstance(request, ASGIRequest):
        return chunks

    async def each():
        try:
            while (chunk := await sync_to_async(next)(chunks, None)) is not None:
                yield chunk
        finally:
            await sync_to_async(chunks.close)()

    return each()


def _read_in_transaction(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """Inside a transaction a server-side cursor streams; outside one, Django declares it WITH
    HOLD, which makes PostgreSQL run the whole query before the first row is sent."""
    with transaction.atomic():
        yield from chunks


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history_csv(request: HttpRequest) -> HttpResponseBase:
    search = _history_filter(request)
    if not search.is_valid():
        return HttpResponse("\n".join(["The export was refused:", *search.messages()]) + "\n",
                            status=400, content_type="text/plain; charset=utf-8")
    chunks = _read_in_transaction(selectors.history_csv(selectors.search_rounds(**search.search())))
    response = StreamingHttpResponse(_streamed(request, chunks), content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="rounds.csv"'
    return response


def _round_page(request: HttpRequest, rnd: Round, **extra) -> HttpResponse:
    """A closed round as recorded when it closed; an open one (or one closed before records were
    kept) as its log replays today."""
    page = rnd.record["page"] if rnd.record is not None else round_page(rnd, services.engine_round(rnd))
    return render(request, "games/round_detail.html", {
        "round": rnd, **page,
        "recorded": rnd.record is not None,
        "log_changed": log_changed(rnd),
        "can_recompute": rnd.record is not None and roles.SUPERVISOR in roles.roles_of(request.user),
        "events": list(rnd.events.select_related("actor")),
        "approvals": list(rnd.approvals.select_related("decided_by")),
        **extra,
    })


def _round(round_id: int) -> Round:
    return get_object_or_404(Round.objects.select_related("table", "dealer"), pk=round_id)


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def round_detail(request: HttpRequest, round_id: int) -> HttpResponse:
    return _round_page(request, _round(round_id))


@role_required(roles.SUPERVISOR)
def round_recompute(request: HttpRequest, round_id: int) -> HttpResponse:
    """Today's engine's settlement of a closed round's recorded sheet, beside the record.  It
    changes nothing: the record stays what the table was told."""
    rnd = _round(round_id)
    if rnd.record is None:
        return _round_page(request, rnd, error="Only a round closed with a record can be recomputed: this one "
                                               "is in play, or was closed before records were kept.")
    return _round_page(request, rnd, recompute=recompute(rnd.record))


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def round_sheet(request: HttpRequest, round_id: int) -> HttpResponse:
    rnd = _round(round_id)
    if rnd.record is not None:
        if rnd.record["sheet"] is None:
            return HttpResponse(f"No round sheet was recorded for this round: {rnd.record['sheet_error']}\n",
                                status=409, content_type="text/plain; charset=utf-8")
        sheet = rnd.record["sheet"]
    else:
        actions = [event.action for event in rnd.events.order_by("seq")]
        sheet = sheet_from_log(rnd.game, rnd.rules, actions, rnd.shoe_order)
    response = JsonResponse(sheet, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{rnd.table.name}-round-{rnd.number}.json"'
    return response
