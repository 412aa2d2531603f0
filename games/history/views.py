"""The history's pages: the search, its CSV, and each round's page, round sheet, recomputed
settlement and hand history (PHH).  A round whose chain or seal is broken is shown so and logged.
"""

from __future__ import annotations

from collections.abc import Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render

from games.common import downloads
from games.common.filters import names_to_pick
from games.engine.registry import GAMES
from games.engine.round_sheet import sheet_from_log
from games.history import chain, selectors
from games.history.filters import history_filter
from games.history.record import recompute, round_page
from games.models import Round
from games.people import roles
from games.people.access import role_required
from games.people.security import request_address, security_event
from games.table.replay import engine_round

HISTORY_SELECTS = (("status", "Status"), ("wager", "Wager"), ("approval", "Approval"),
                   ("irregularity", "Irregularity"), ("training", "Training rounds"), ("shift", "Shift"),
                   ("jackpot", "Jackpots"))


def _history_selects(search) -> list[tuple[str, str, list, str]]:
    """(name, label, choices, chosen) of each of the history's lists, as the search's form offers them."""
    return [(name, label, list(search.form.fields[name].choices), search.data.get(name, ""))
            for name, label in HISTORY_SELECTS]


@role_required(roles.SUPERVISOR, roles.FLOORPERSON)
def history(request: HttpRequest) -> HttpResponse:
    search = history_filter(request.GET)
    context = {"games": GAMES, "query": request.GET, "selects": _history_selects(search),
               "picks": names_to_pick(roles.DEALER),
               "kept": request.GET.urlencode() if search.is_valid() else ""}
    if not search.is_valid():
        return render(request, "games/history/history.html", {**context, "errors": search.form.messages()}, status=400)
    page = selectors.history_page(search.qs, **search.page_from())
    checked = selectors.page_checks(page.rounds)
    for rnd in page.rounds:  # a round found by what was edited in it is flagged where it is listed
        rnd.broken = str(checked[rnd.id][0]) if rnd.id in checked else ""
        if rnd.id in checked:
            _log_tampered(request, rnd, checked[rnd.id], "search")
    kept = request.GET.copy()
    for key in ("older", "newer"):
        kept.pop(key, None)
    return render(request, "games/history/history.html", {**context, "page": page, "kept": kept.urlencode(),
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

    chunks = _read_in_transaction(selectors.history_csv(search.qs, on_broken=broken))
    response = StreamingHttpResponse(_streamed(request, chunks), content_type="text/csv")
    response["Content-Disposition"] = downloads.attachment("rounds.csv")
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
        page = rnd.record["page"] if rnd.record is not None else round_page(rnd, engine_round(rnd))
    except Exception as error:
        if not breaks:
            raise
        # A log edited into one the engine refuses: the page still shows what is stored, and why.
        page, extra = {}, {**extra, "error": f"This round's log cannot be replayed: {error}"}
    broken_seqs = {b.seq for b in breaks if b.seq is not None}
    return render(request, "games/history/round_detail.html", {
        "round": rnd, **page,
        "recorded": rnd.record is not None,
        "breaks": breaks,
        "unkeyed": chain.unkeyed(rnd),
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
    response["Content-Disposition"] = downloads.attachment(f"{rnd.table.name}-round-{rnd.number}.json")
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
    response["Content-Disposition"] = downloads.attachment(f"{rnd.table.name}-hand-{rnd.number}.phh")
    return response
