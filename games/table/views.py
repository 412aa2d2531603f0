"""Pages and htmx fragments.  Views read through selectors and change things only through services."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import wraps

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST

from games.engine.core import Refused
from games.engine.registry import GAMES, game_for
from games.engine.round_sheet import sheet_from_log
from games.floor import selectors as floor_selectors
from games.history import chain
from games.history import selectors as history_selectors
from games.history.filters import history_filter
from games.history.record import recompute, round_page
from games.models import Meter, Round, Table
from games.people import logins, roles
from games.people.security import request_address, security_event
from games.progressives import selectors as progressives_selectors
from games.progressives import services as progressives
from games.table import push, selectors, services
from games.table.inputs import parse_action_field, parse_actions_field, parse_id, parse_note


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


@role_required(*ANY_ROLE, roles.ADMINISTRATOR)
def home(request: HttpRequest) -> HttpResponse:
    held = roles.roles_of(request.user)
    return render(request, "games/home.html", {
        "tables": floor_selectors.tables_with_status(),
        "roles": sorted(held),
        "at_tables": bool(held & set(ANY_ROLE)),  # an administrator alone opens no table's page
    })


# -- the table ------------------------------------------------------------------------------------

def _table_fragment(request: HttpRequest, table: Table, error: str = "", *, changed: bool = False) -> HttpResponse:
    """The table's fragment: a refusal is drawn for this request alone; otherwise the answer is
    the render the tablets are pushed (made once for the change, or the latest)."""
    if not error:
        html = push.table_html(table.id, request.user, changed=changed)
        if html is not None:
            return HttpResponse(html)
    return HttpResponse(push.render_fragment(selectors.table_state(table, request.user, error=error)))


@role_required(*ANY_ROLE)
def table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    context = selectors.table_state(table, request.user)
    return render(request, "games/table.html", {**context, "table_state_html": push.render_fragment(context),
                                                **floor_selectors.dealer_seat(table, request.user)})


@require_POST
@role_required(roles.DEALER)
def dealer_sign_in(request: HttpRequest, table_id: int) -> HttpResponse:
    """"I'm dealing this table": the dealer's assignment moves here; the answer is their bar."""
    table = get_object_or_404(Table, pk=table_id)
    error = ""
    try:
        services.dealer_sign_in(table_id=table.id, user=request.user)
    except Refused as refusal:
        _log_if_not_allowed(request, refusal)
        error = str(refusal)
    seat = floor_selectors.dealer_seat(table, request.user, error=error)
    return render(request, "games/table.html#dealer-seat", seat)


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
        _log_if_not_allowed(request, refusal)
        return _table_fragment(request, table, str(refusal))
    return _table_fragment(request, table, changed=True)


def _actions_from_post(request: HttpRequest, required_wager: Callable[[], tuple[str, ...]]) -> list[dict]:
    """The actions one tap sends: a JSON ``action``, or a seat's wagers, or picked cards."""
    post = request.POST
    if "actions" in post:
        # One tap that does several things (a shortcut: games.table.shortcuts), all or none.
        return parse_actions_field(post["actions"])
    if "action" in post:
        action = parse_action_field(post["action"])
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
        if "seq" not in request.POST:
            raise Refused("The tap carries no sequence number (seq): the screen has been refreshed")
        seq = parse_id(request.POST["seq"], "seq")
        actions = _actions_from_post(request, required_wager)
        rnd = services.round_act(round_id=round_id, user=request.user, actions=actions, expected_seq=seq)
    except Round.DoesNotExist:
        raise Http404("No such round") from None
    except Refused as refusal:
        _log_if_not_allowed(request, refusal)
        # By the round's key, as the approvals' look-up below: Django finds no row for an id past any
        # integer column's range instead of asking the database (SQLite cannot bind it).
        return _table_fragment(request, get_object_or_404(Table, rounds__pk=round_id), str(refusal))
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


@role_required(roles.SUPERVISOR, roles.ADMINISTRATOR)
def dealer_assignments(request: HttpRequest) -> HttpResponse:
    """The page of dealers and their tables (a supervisor's, or an administrator's, who manages
    users' table assignments): assign a dealer, or end an assignment."""
    error, done = "", ""
    if request.method == "POST":
        try:
            dealer_id = parse_id(request.POST.get("dealer", ""), "dealer")
            table = request.POST.get("table", "")
            table_id = parse_id(table, "table") if table else None
            assignment = services.dealer_assign(dealer_id=dealer_id, table_id=table_id, user=request.user)
            done = (f"{assignment.dealer.get_username()} is assigned to table {assignment.table.name}" if assignment
                    else "The assignment is ended")
        except Refused as refusal:
            _log_if_not_allowed(request, refusal)
            error = str(refusal)
    return render(request, "games/dealers.html", {**floor_selectors.dealer_roster(), "error": error, "done": done},
                  status=400 if error else 200)


# -- the pit ---------------------------------------------------------------------------------------

@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_page(request: HttpRequest) -> HttpResponse:
    # The meters are drawn once here, outside the pit's pushed fragment: each is pushed on its own.
    return render(request, "games/pit.html", {**floor_selectors.pit_state(), "meters": list(Meter.objects.all())})


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "games/pit.html#pit-state", floor_selectors.pit_state())


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_waiting(request: HttpRequest) -> JsonResponse:
    """How many requests wait in the live pit, and the newest: what a floorperson's page away from
    the pit checks now and then to update its badge and sound the alert (one query)."""
    return JsonResponse(floor_selectors.live_pending())


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
    return render(request, "games/pit.html#pit-state", {**floor_selectors.pit_state(), "error": error})



# -- progressive meters -----------------------------------------------------------------------------

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
            _log_if_not_allowed(request, refusal)
            error = str(refusal)
    wagers = [(f"{game.slug}:{w.slug}", f"{game.name}: {w.label}") for game in GAMES.values() for w in game.wagers
              if w.progressive]
    return render(request, "games/progressives.html", {**progressives_selectors.progressives_overview(), "error": error,
                                                       "done": done, "wagers": wagers})


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def meter_ledger(request: HttpRequest, meter_id: int) -> HttpResponse:
    meter = get_object_or_404(Meter, pk=meter_id)
    entries = meter.ledger.select_related("round", "round__table", "user").order_by("-seq")[:500]
    return render(request, "games/meter_ledger.html", {"meter": meter, "entries": entries,
                                                       "problems": progressives.meter_audit(meter)})


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

HISTORY_SELECTS = (("status", "Status"), ("wager", "Wager"), ("approval", "Approval"),
                   ("irregularity", "Irregularity"), ("training", "Training rounds"))


def _history_selects(search) -> list[tuple[str, str, list, str]]:
    """(name, label, choices, chosen) of each of the history's lists, as the search's form offers them."""
    return [(name, label, list(search.form.fields[name].choices), search.data.get(name, ""))
            for name, label in HISTORY_SELECTS]


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history(request: HttpRequest) -> HttpResponse:
    search = history_filter(request.GET)
    context = {"games": GAMES, "query": request.GET, "selects": _history_selects(search),
               "kept": request.GET.urlencode() if search.is_valid() else ""}
    if not search.is_valid():
        return render(request, "games/history.html", {**context, "errors": search.form.messages()}, status=400)
    page = history_selectors.history_page(search.qs, **search.page_from())
    kept = request.GET.copy()
    for key in ("older", "newer"):
        kept.pop(key, None)
    return render(request, "games/history.html", {**context, "page": page, "kept": kept.urlencode(),
                                                  "training": search.form.cleaned_data["training"]})


def _streamed(request: HttpRequest, chunks: Iterator[bytes]):
    """``chunks`` as its server consumes them without buffering: under ASGI an async
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
    search = history_filter(request.GET)
    if not search.is_valid():
        return HttpResponse("\n".join(["The export was refused:", *search.form.messages()]) + "\n",
                            status=400, content_type="text/plain; charset=utf-8")

    def broken(rnd: Round, breaks: list[chain.Break]) -> None:
        _log_tampered(request, rnd, breaks, "csv")

    chunks = _read_in_transaction(history_selectors.history_csv(search.qs, on_broken=broken))
    response = StreamingHttpResponse(_streamed(request, chunks), content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="rounds.csv"'
    return response


def _log_tampered(request: HttpRequest, rnd: Round, breaks: list[chain.Break], source: str) -> None:
    """A round whose history fails its check, as a security event (the first break, and how many)."""
    first = breaks[0]
    security_event("history_tampered", user=request.user, address=request_address(request), path=request.path,
                   source=source, round=rnd.id, table=rnd.table.name, number=rnd.number, seq=first.seq,
                   problem=first.problem, breaks=len(breaks))


def _round_page(request: HttpRequest, rnd: Round, **extra) -> HttpResponse:
    """A closed round as recorded when it closed; an open one (or one closed before records were
    kept) as its log replays today.  Its chain is checked first: a break is shown, never hidden."""
    events = list(rnd.events.select_related("actor"))
    approvals = list(rnd.approvals.select_related("requested_by", "decided_by"))
    breaks = chain.verify(rnd, events, approvals)
    if breaks:
        _log_tampered(request, rnd, breaks, "page")
    try:
        page = rnd.record["page"] if rnd.record is not None else round_page(rnd, services.engine_round(rnd))
    except Exception as error:
        if not breaks:
            raise
        # A log edited into one the engine refuses: the page still shows what is stored, and why.
        page, extra = {}, {**extra, "error": f"This round's log cannot be replayed: {error}"}
    broken_seqs = {b.seq for b in breaks if b.seq is not None}
    return render(request, "games/round_detail.html", {
        "round": rnd, **page,
        "recorded": rnd.record is not None,
        "breaks": breaks,
        "can_recompute": rnd.record is not None and roles.SUPERVISOR in roles.roles_of(request.user),
        "events": [(event, event.seq in broken_seqs) for event in events],
        "approvals": approvals,
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
    breaks = chain.verify(rnd, rnd.events.values_list(*chain.EVENT_FIELDS, named=True),
                          rnd.approvals.values_list(*chain.APPROVAL_FIELDS, named=True))
    if breaks:
        _log_tampered(request, rnd, breaks, "sheet")
        return HttpResponse(f"This round's history fails its check ({breaks[0]}); its sheet is not exported. "
                            "The round's page shows what is stored.\n",
                            status=409, content_type="text/plain; charset=utf-8")
    if rnd.record is not None:
        if rnd.record["sheet"] is None:
            return HttpResponse(f"No round sheet was recorded for this round: {rnd.record['sheet_error']}\n",
                                status=409, content_type="text/plain; charset=utf-8")
        sheet = rnd.record["sheet"]
    else:
        actions = [event.action for event in rnd.events.order_by("seq")]
        sheet = sheet_from_log(rnd.game, rnd.rules, actions, rnd.shoe_order)
    if rnd.shoe_order is not None:
        # Marked, so a training round's sheet is never taken for live play (settling ignores the key).
        sheet = {**sheet, "training": True}
    response = JsonResponse(sheet, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{rnd.table.name}-round-{rnd.number}.json"'
    return response


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def round_hand_history(request: HttpRequest, round_id: int) -> HttpResponse:
    """A closed Poker hand as the Poker Hand History (PHH) file written when it closed."""
    rnd = _round(round_id)
    text = (rnd.record or {}).get("hand_history")
    if text is None:
        why = (rnd.record or {}).get("hand_history_error") or "this round has no standard hand history"
        return HttpResponse(f"No hand history was recorded for this round: {why}\n", status=409,
                            content_type="text/plain; charset=utf-8")
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{rnd.table.name}-hand-{rnd.number}.phh"'
    return response
