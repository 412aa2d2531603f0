"""The harness's cast, tables and round script, and its view of the database (the truth it
checks the server's answers against).  Django is set up in this process on the throwaway
cluster, after the stack has started."""

from __future__ import annotations

import os

from tests.conftest import OPENING, REST_OF_ROUND
from tests.reliability.client import PASSWORD

# A table's name is free text in the admin, and Django's validator allows a user named "+1+1": the
# CSV exports must write both as text, not formulas.
FORMULA_TABLE = '=HYPERLINK("http://x.example","y")'
FORMULA_DEALER = "+1+1"

# Users, by role (Django groups).  "both" holds the dealer and floorperson roles: segregation of
# duties must stop them deciding a round they dealt.  "admin" is a superuser with no role.
CAST = {
    "dealer": ["dealer"],
    "dealer2": ["dealer"],
    "floor": ["floorperson"],
    "super": ["supervisor"],
    "both": ["dealer", "floorperson"],
    "stranger": [],
    "admin": [],
    # An administrator (the Django group): manages users and tables, opens no table.
    "administrator": ["administrator"],
    # A dealer whose name a spreadsheet would run as a formula (Django's validator allows it).
    FORMULA_DEALER: ["dealer"],
    # Lose their rights while their sockets are open.
    "leaver": ["dealer"],
    "demoted": ["dealer", "floorperson"],
    "deactivated": ["dealer"],
    "removed": ["dealer"],
    "repassworded": ["dealer"],
    # Lose the floorperson role with their pit sockets open: their group renamed (roles are group
    # names), or their membership row deleted directly (no signal at all).
    "renamed": ["floorperson"],
    "unlisted": ["floorperson"],
}

RULES = {"bonus_paytable": "A", "approval_threshold": "100.00"}
TABLES = [
    "RL-1",
    "RL-2",
    "RL-3",
    "RL-4",
    "RACE",
    "INPUT",
    "APPROVE",
    "CONFIG",
    "ACCESS",
    "ACCESS-2",
    "SEGREGATION",
    "STALE",
    "PIT",
    "PIT-2",
    FORMULA_TABLE,
]

# A dealer deals at one table at a time: the fault scenarios, which play tables at once, give each
# table its own dealer.
TABLE_DEALERS = {table: f"dealer-{table.lower()}" for table in TABLES if table != FORMULA_TABLE}
CAST.update({username: ["dealer"] for username in TABLE_DEALERS.values()})

# One Texas Hold 'Em Bonus round, as the dealer taps it (the test suite's round): seat 1 Ante $10
# + Bonus $5, seat 3 Ante $25; seat 1 wins $115, over the table's $100 threshold, so a floorperson
# approves it before the round closes.
SCRIPT = [*OPENING, *REST_OF_ROUND]
CLOSE = {"type": "close", "step": "close"}


def setup_django(env: dict[str, str]) -> None:
    # The harness reads the database without a pool: a connection broken by a restart is simply closed.
    os.environ.update(env, DB_POOL_SIZE="0")
    import django

    django.setup()


def create_world() -> dict:
    """The cast (one password hash for all: hashing is slow on purpose) and the tables."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group, User

    from games.models import Table
    from games.people.roles import ADMINISTRATOR, ROLES

    groups = {name: Group.objects.get_or_create(name=name)[0] for name in (*ROLES, ADMINISTRATOR)}
    password = make_password(PASSWORD)
    users = {}
    for username, roles in CAST.items():
        admin = username == "admin"
        user = User.objects.create(username=username, password=password, is_staff=admin, is_superuser=admin)
        user.groups.set([groups[role] for role in roles])
        users[username] = user.pk
    tables = {
        name: {"id": Table.objects.create(name=name, game="texas-holdem-bonus", rules=RULES).pk, "name": name}
        for name in TABLES
    }
    return {"users": users, "tables": tables, "progressives": create_progressives(users)}


def create_progressives(users: dict[str, int]) -> dict:
    """A link (down) feeding table PROG, with one meter, and a meter of table PROG-2: the progressives
    page's forms are tried on them."""
    from django.contrib.auth.models import User

    from games.models import Table
    from games.progressives import services as progressives

    supervisor = User.objects.get(pk=users["super"])
    table, other = (Table.objects.create(name=name, game="texas-holdem-bonus", rules=RULES) for name in
                    ("PROG", "PROG-2"))
    link = progressives.link_create(user=supervisor, name="PROG-LINK")
    progressives.link_add_table(link_id=link.id, table_id=table.id, user=supervisor)
    meter = progressives.meter_create(user=supervisor, name="PROG-METER", game="texas-holdem-bonus",
                                      wager="progressive", link_id=link.id, seed="10000", reset="10000",
                                      rate="10", reserve_rate="0", wager_amount="5.00")
    own = progressives.meter_create(user=supervisor, name="PROG-2-METER", game="texas-holdem-bonus",
                                    wager="progressive", table_id=other.id, seed="10000", reset="10000",
                                    rate="10", reserve_rate="0", wager_amount="5.00")
    return {"link": link.id, "meter": meter.id, "other_meter": own.id}


def table_options(**changes: str) -> dict[str, str]:
    """The configuration form of the tables, filled in as their rules are, with ``changes``."""
    from games.engine.registry import GAMES

    rules = {**GAMES["texas-holdem-bonus"].default_rules, **RULES, **changes}
    return {key: value for key, value in rules.items() if value is not False}


def reconnect() -> None:
    from django.db import connection

    connection.close()


def snapshot() -> tuple:
    """Everything a request could change: meters, their ledgers and links, rounds, their logs, rows,
    approvals, tables, accounts."""
    from django.contrib.auth.models import User

    from games.models import Approval, Link, Meter, MeterEntry, Round, RoundEvent, SettlementLine, Table, Wager

    reconnect()
    return (
        list(Meter.objects.order_by("id").values_list("id", "name", "amount", "reset_amount", "rate", "reserve_rate")),
        MeterEntry.objects.count(),
        list(Link.objects.order_by("id").values_list("id", "name", "operating", "down_reason")),
        list(Round.objects.order_by("id").values_list("id", "seq", "status", "total_paid", "total_collected")),
        RoundEvent.objects.count(),
        list(RoundEvent.objects.order_by("-id").values_list("id", "action")[:3]),
        list(Wager.objects.order_by("id").values_list("id", "amount")),
        SettlementLine.objects.count(),
        list(Approval.objects.order_by("id").values_list("id", "status", "note")),
        list(Table.objects.order_by("id").values_list("id", "name", "rules", "training")),
        list(User.objects.order_by("id").values_list("id", "is_active", "password")),
    )


def events(round_id: int) -> dict[int, dict]:
    from games.models import RoundEvent

    reconnect()
    return dict(RoundEvent.objects.filter(round_id=round_id).values_list("seq", "action"))
