import re

from django import template

from games.engine.money import dollars as format_dollars
from games.selectors import card_label

register = template.Library()


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
def wager_label(slug: str, game) -> str:
    return game.wager_label(slug)


CARD_CODE = re.compile(r"\b([2-9TJQKA][shdc])\b")


@register.filter
def cards_in_text(text: str) -> str:
    """Card codes in a hand's description shown as on the layout: "As Kd: ..." -> "A♠ K♦: ...".

    >>> cards_in_text("Td 9h: a pair")
    '10♦ 9♥: a pair'
    """
    return CARD_CODE.sub(lambda match: card_label(match[1]), text)
