import re

from django import template

from games.engine.core import records
from games.engine.money import dollars as format_dollars
from games.selectors import card_label

register = template.Library()


@register.filter
def seat_total(lines) -> str:
    """One total per seat: what the dealer pays and collects, a payout limit's reduction included."""
    return records.seat_total(lines)


# Actions that cannot be taken back take one more tap (static/js/dealer-assist.js): "no more bets"
# closes the wagers for the round, a stub count found wrong voids it, an irregularity (marked in
# its template, as is a floorperson's refusal) may void it.  A player's decision (a fold, a pulled
# bet) is one tap: the double-tap guard keeps it from landing on the next seat.
def needs_confirm_action(action) -> bool:
    kind = action.get("type")
    return (kind in {"no_more_bets", "irregularity", "void"}
            or (kind == "stub_count" and action.get("result") != "correct"))


@register.filter
def needs_confirm(choice) -> bool:
    """Whether the dealer's choice asks for a confirming tap."""
    return needs_confirm_action(choice.action)


@register.filter
def seat_net(lines) -> str:
    """The one figure a seat is settled by at the table: "pay $40.00", "collect $15.00", "even"."""
    what, amount = records.seat_net(lines)
    return "even: nothing to pay or collect" if what == "even" else f"{what} {format_dollars(amount)}"


@register.filter
def dollars(cents: int) -> str:
    return format_dollars(int(cents))


@register.filter
def card(code: str) -> str:
    return card_label(code)


@register.filter
def suit(code: str) -> str:
    return code[1] if code else ""


@register.filter
def tojson(value) -> str:
    import json

    return json.dumps(value)


@register.filter
def split(text: str) -> list[str]:
    return text.split()


@register.filter
def wager_label(slug: str, game) -> str:
    return game.wager_label(slug)


CARD_CODE = re.compile(r"\b[2-9TJQKA][shdc]\b")
# Card codes stand in groups ("As Kd", "4c 4s Qd + Qs 7d"); a lone "9s" is a plural ("9s over 8s"),
# unless a colon follows it, as a split hand's one card does ("8s: split").
CARD_RUN = re.compile(r"\b[2-9TJQKA][shdc](?:(?:\s+(?:\+\s+)?[2-9TJQKA][shdc])+\b|(?=:))")


@register.filter
def cards_in_text(text: str) -> str:
    """Card codes in a hand's description shown as on the layout.

    >>> cards_in_text("Td 9h: a pair")
    '10♦ 9♥: a pair'
    >>> cards_in_text("Full house, 9s over 8s (9c 9d + 8h 8s 9h)")
    'Full house, 9s over 8s (9♣ 9♦ + 8♥ 8♠ 9♥)'
    >>> cards_in_text("Seat 1 hand 2 (8d: split, waiting for its second card)")
    'Seat 1 hand 2 (8♦: split, waiting for its second card)'
    """
    return CARD_RUN.sub(lambda run: CARD_CODE.sub(lambda code: card_label(code[0]), run[0]), text)


@register.simple_tag
def roles_of(user) -> set[str]:
    """The user's roles, for the navigation: each link shows only to the roles that may open it."""
    from games import roles

    return roles.roles_of(user)
