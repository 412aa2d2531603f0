"""Who may do what.  Roles are Django groups; a user may hold more than one."""

from __future__ import annotations

DEALER, FLOORPERSON, SUPERVISOR = "dealer", "floorperson", "supervisor"
ROLES = (DEALER, FLOORPERSON, SUPERVISOR)
# Manages users, their roles and the tables in the Django admin (/admin/), and dealers' assignments
# to tables; holds no tablet role (an administrator who also deals is given the dealer role too).
ADMINISTRATOR = "administrator"
# The administrator group's permissions ("app_label.codename"), given by ``grant_administrator``.
# History, meters and the audit trail are viewed only: the admin never writes them.
ADMINISTRATOR_PERMISSIONS = (
    "auth.add_user", "auth.change_user", "auth.view_user",
    "auth.add_group", "auth.change_group", "auth.view_group", "auth.view_permission",
    "games.add_table", "games.change_table", "games.view_table",
    "games.view_dealerassignment", "games.view_auditentry",
)
# The role a round's log gives what the table game system answered itself (a meter's amount at a
# player's turn), in the transaction of the tap that asked; no user holds it.
SYSTEM = "system"

# Actions a dealer takes at the table; a floorperson decides approvals.  A supervisor oversees
# the floor and may decide approvals too, but never deals.
DEALER_ACTIONS = frozenset({
    "place_wager", "remove_wager", "no_more_bets", "same_player", "own_player", "deal", "decide", "cards", "stub_count",
    "irregularity", "close", "undo", "correct", "cancel",
    "input", "settle", "play", "confirm", "link_back",
    "seating", "start_hand",  # Poker: seats and table stakes between hands, and the start of a hand
})
FLOOR_ACTIONS = frozenset({"approve", "refuse"})


def roles_of(user) -> set[str]:
    """The user's roles, read once per user object (``games.people.backends`` reads them with the user)."""
    if not user or not user.is_authenticated:
        return set()
    cached = getattr(user, "_dealer_assist_roles", None)
    if cached is None:
        cached = set(user.groups.filter(name__in=(*ROLES, ADMINISTRATOR)).values_list("name", flat=True))
        remember(user, cached)
    return cached


def remember(user, held: set[str]) -> None:
    user._dealer_assist_roles = held


def can_act(user, action_type: str) -> bool:
    roles = roles_of(user)
    if action_type in DEALER_ACTIONS:
        return DEALER in roles
    if action_type in FLOOR_ACTIONS:
        return bool(roles & {FLOORPERSON, SUPERVISOR})
    return False


def acting_role(user, action_type: str) -> str:
    roles = roles_of(user)
    if action_type in DEALER_ACTIONS:
        return DEALER
    return FLOORPERSON if FLOORPERSON in roles else SUPERVISOR


def grant_administrator():
    """The administrator group, with exactly its permissions (created if missing); returns it."""
    from django.contrib.auth.models import Group, Permission
    from django.db.models import Q

    group, _ = Group.objects.get_or_create(name=ADMINISTRATOR)
    wanted = Q(pk__in=[])
    for permission in ADMINISTRATOR_PERMISSIONS:
        app_label, codename = permission.split(".")
        wanted |= Q(content_type__app_label=app_label, codename=codename)
    group.permissions.set(Permission.objects.filter(wanted))
    return group
