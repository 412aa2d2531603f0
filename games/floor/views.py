"""The floor's pages: the home page's tables, the pit where approvals are decided, and the dealers
at tables.  They read through the floor's selectors and change things only through its services.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.engine.core import Refused
from games.floor import selectors, services
from games.models import Meter, Table
from games.people import roles
from games.people.access import ANY_ROLE, log_if_not_allowed, role_required
from games.people.security import request_address
from games.table import push
from games.table.fragment import fragment_response
from games.table.inputs import one_value, parse_choice, parse_id, parse_note


@role_required(*ANY_ROLE, roles.ADMINISTRATOR)
def home(request: HttpRequest) -> HttpResponse:
    held = roles.roles_of(request.user)
    return render(request, "games/floor/home.html", {
        "tables": selectors.tables_with_status(),
        "roles": sorted(held),
        "at_tables": bool(held & set(ANY_ROLE)),  # an administrator alone opens no table's page
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
            assignment = services.dealer_assign(dealer_id=dealer_id, table_id=table_id, user=request.user,
                                                 address=request_address(request))
            done = (f"{assignment.dealer.get_username()} is assigned to table {assignment.table.name}" if assignment
                    else "The assignment is ended")
        except Refused as refusal:
            log_if_not_allowed(request, refusal)
            error = str(refusal)
    return render(request, "games/floor/dealers.html", {**selectors.dealer_roster(), "error": error, "done": done},
                  status=400 if error else 200)


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_page(request: HttpRequest) -> HttpResponse:
    # The meters are drawn once here, outside the pit's pushed fragment: each is pushed on its own.
    meters = list(Meter.objects.select_related("link"))
    return render(request, "games/floor/pit.html", {**selectors.pit_state(), "meters": meters})


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_fragment(request: HttpRequest) -> HttpResponse:
    return render(request, "games/floor/pit.html#pit-state", selectors.pit_state())


@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def pit_waiting(request: HttpRequest) -> JsonResponse:
    """How many requests wait in the live pit, and the newest: what a floorperson's page away from
    the pit checks now and then to update its badge and sound the alert (one query)."""
    return JsonResponse(selectors.live_pending())


DECISIONS = {"approve": True, "refuse": False}


@require_POST
@role_required(roles.FLOORPERSON, roles.SUPERVISOR)
def approval_decide(request: HttpRequest, approval_id: int) -> HttpResponse:
    error = ""
    try:
        # Only an explicit answer counts: a missing or garbled decision must never refuse a payout.
        approve = parse_choice(request.POST, "decision", DECISIONS, "The decision", "nothing was decided")
        services.approval_decide(approval_id=approval_id, user=request.user, approve=approve,
                                 note=parse_note(one_value(request.POST, "note") or ""))
    except Refused as refusal:
        log_if_not_allowed(request, refusal)
        error = str(refusal)
    table = Table.objects.filter(rounds__approvals__pk=approval_id).first()
    if request.POST.get("from") == "table" and table is not None:
        return fragment_response(request, table, error, changed=not error)
    if not error and (pit := push.current_pit()) is not None:
        return HttpResponse(pit["html"])
    return render(request, "games/floor/pit.html#pit-state", {**selectors.pit_state(), "error": error})
