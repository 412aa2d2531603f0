"""Who may do what.  Roles are Django groups; a user may hold more than one."""

from __future__ import annotations

DEALER, FLOORPERSON, SUPERVISOR = "dealer", "floorperson", "supervisor"
ROLES = (DEALER, FLOORPERSON, SUPERVISOR)
# The role a round's log gives what the table game system answered itself (a meter's amount at a
# player's turn), in the transaction of the tap that asked; no user holds it.
SYSTEM = "system"

# Actions a dealer takes at the table; a floorperson decides approvals.  A supervisor oversees
# the floor and may decide approvals too, but never deals.
DEALER_ACTIONS = frozenset({
    "place_wager", "remove_wager", "no_more_bets", "same_player", "own_player", "deal", "decide", "cards", "stub_count",
    "irregularity", "close", "undo", "correct", "cancel",
    "input", "settle", "play",
    "seating", "start_hand",  # Poker: seats and table stakes between hands, and the start of a hand
})
FLOOR_ACTIONS = frozenset({"approve", "refuse"})


def roles_of(user) -> set[str]:
    if not user or not user.is_authenticated:
        return set()
    cached = getattr(user, "_dealer_assist_roles", None)
    if cached is None:
        cached = set(user.groups.filter(name__in=ROLES).values_list("name", flat=True))
        user._dealer_assist_roles = cached
    return cached


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
