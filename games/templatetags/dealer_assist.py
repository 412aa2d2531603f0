import re

from django import template
from django.utils import dateformat, timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games.common.filters import humanized, irregularity_label
from games.engine.core import records
from games.engine.money import dollars as format_dollars
from games.engine.registry import GAMES
from games.floor import selectors
from games.table.selectors import card_label

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
    """Whether the dealer's choice asks for a confirming tap: by its kind, or because the engine
    says Undo cannot take it back (a surrender settled at once, even money)."""
    return getattr(choice, "confirm", False) or needs_confirm_action(choice.action)


@register.filter
def seat_net(lines) -> str:
    """The one figure a seat is settled by at the table: "pay $40.00", "collect $15.00", "even"."""
    what, amount = records.seat_net(lines)
    return "even: nothing to pay or collect" if what == "even" else f"{what} {format_dollars(amount)}"


@register.filter
def seat_quiz(lines) -> dict:
    """What training mode asks the trainee before showing a seat's settlement: the question and
    the answer in cents ("What do you pay seat 3?"; a seat that is collected from is asked that)."""
    what, amount = records.seat_net(lines)
    seat = next(iter(lines)).seat
    question = f"What do you collect from seat {seat}?" if what == "collect" else f"What do you pay seat {seat}?"
    return {"question": question, "answer": amount}


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
def when(moment, part: str = "") -> str:
    """A moment in the casino's time zone, with its zone, so no screen leaves it to be guessed:
    "2026-11-24 09:15:02 EST", or with ``part`` "time" "09:15:02 EST"."""
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    return dateformat.format(local, "H:i:s T" if part == "time" else "Y-m-d H:i:s T")


ACTION_NAMES = {
    "place_wager": "Wager", "remove_wager": "Wager removed", "no_more_bets": "No more bets", "deal": "Deal",
    "decide": "Decision", "play": "Play", "cards": "Cards", "confirm": "Confirmed without its cards",
    "settle": "Settle", "close": "Close", "irregularity": "Irregularity",
    "approve": "Approved", "refuse": "Refused", "resolve_claim": "Meter amount", "system_draw": "System draw",
    "hold_claim": "Claim held: the progressive is unplayable", "link_back": "The link is back",
    "stub_count": "Stub count", "input": "Input", "start_hand": "Hand started", "seating": "Seating",
    "undo": "Undo: the last entry taken back",
    "correct": "Correction asked", "cancel": "Round cancelled: started by mistake",
}


@register.filter
def wager_of(slug: str, game: str) -> str:
    """A wager's name in the game of that slug ("progressive" -> "Progressive Payout Wager")."""
    engine = GAMES.get(game)
    return engine.wager_label(slug) if engine is not None and hasattr(engine, "wager_label") else humanized(slug)


@register.filter
def action_text(action, game: str = "") -> str:
    """A logged action as a person reads it: "Wager · seat 1 · wager Ante · $10" (the raw record
    stays beside it); with the round's ``game``, its wagers and irregularities by their names."""
    if not isinstance(action, dict):
        return str(action)
    parts = [ACTION_NAMES.get(action.get("type"), str(action.get("type", "?")).replace("_", " ").capitalize())]
    for key, value in action.items():
        if key in ("type", "step"):
            continue
        if key == "seat":
            parts.append(f"seat {value}")
        elif key == "cards" and isinstance(value, list):
            parts.append(" ".join(map(str, value)))
        elif key == "cards" and isinstance(value, dict):
            parts.append("; ".join(f"{place}: {' '.join(map(str, cards))}" for place, cards in value.items()))
        elif key in ("amount", "meter_amount") and isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{key.replace('_', ' ')} {format_dollars(value)}")
        elif key == "amount":
            parts.append(f"${value}")
        elif key == "wager" and game:
            parts.append(f"wager {wager_of(str(value), game)}")
        elif key == "kind" and action.get("type") == "irregularity":
            parts.append(irregularity_label(str(value), game))
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    if action.get("step"):
        parts.append(f"at {str(action['step']).replace('_', ' ')}")
    return " · ".join(parts)


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
# unless a colon follows it, as a split hand's one card does ("8s: split"), or it follows "card"
# ("the up card 9h", "the hole card 5c").
CARD_RUN = re.compile(r"\b[2-9TJQKA][shdc](?:(?:\s+(?:\+\s+)?[2-9TJQKA][shdc])+\b|(?=:))"
                      r"|(?<=\bcard )[2-9TJQKA][shdc]\b")


@register.filter
def cards_in_text(text: str) -> str:
    """Card codes in a hand's description shown as on the layout, each in its suit's colour
    (``suit-s`` and so on: four colours, so a diamond is never read as a heart).

    >>> cards_in_text("Td 9h: a pair")
    '<span class="suit-d">10♦</span> <span class="suit-h">9♥</span>: a pair'
    >>> cards_in_text("Full house, 9s over 8s (9c 8h)")
    'Full house, 9s over 8s (<span class="suit-c">9♣</span> <span class="suit-h">8♥</span>)'
    >>> cards_in_text("Seat 1 hand 2 (8d: split) <b>")
    'Seat 1 hand 2 (<span class="suit-d">8♦</span>: split) &lt;b&gt;'
    >>> cards_in_text("Blackjack against the up card 9h")
    'Blackjack against the up card <span class="suit-h">9♥</span>'
    """
    shown, at = [], 0
    for run in CARD_RUN.finditer(text):
        shown.append(escape(text[at:run.start()]))
        shown.append(CARD_CODE.sub(lambda code: f'<span class="suit-{code[0][1]}">{card_label(code[0])}</span>',
                                   run[0]))
        at = run.end()
    shown.append(escape(text[at:]))
    return mark_safe("".join(shown))  # noqa: S308 - every part that is not a card was escaped above


@register.simple_tag
def roles_of(user) -> set[str]:
    """The user's roles, for the navigation: each link shows only to the roles that may open it."""
    from games.people import roles

    return roles.roles_of(user)


@register.simple_tag
def pit_waiting(user) -> dict[str, int] | None:
    """What the navigation's pit badge shows a floorperson or supervisor (one query); None for others."""
    from games.people import roles

    if not roles.roles_of(user) & {roles.FLOORPERSON, roles.SUPERVISOR}:
        return None
    return selectors.live_pending()
