"""Spanish 21 (Chapter 635a) on the dealer's page: every amount shown at the prompt that asks for it,
the dealer's cards and total as cards, refusals on screen, and what Undo or a confirming tap covers."""

import re

import pytest

from games.models import Table
from tests.table.test_spanish21_pages import started, tap

pytestmark = pytest.mark.django_db


@pytest.fixture
def spanish(db):
    return Table.objects.create(name="S21-10", game="spanish-21", rules={"match_the_dealer": True, "decks": "6"})


def deal(client, rnd, seat_1: str, seat_3: str, up: str) -> str:
    """Seat 1 ($10, Match-the-Dealer $5) and seat 3 ($25) dealt, then the up card: the page after."""
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:1"}, cards=seat_1)
    tap(client, rnd, {"type": "cards", "step": "deal", "target": "seat:3"}, cards=seat_3)
    return tap(client, rnd, {"type": "cards", "step": "deal", "target": "dealer"}, cards=up)


def rows(page: str) -> list[tuple[str, str, str, str]]:
    """The settlement table's lines: (seat, wager, outcome, cents)."""
    return re.findall(r'<tr class="outcome-[^"]*"[^>]*data-seat="(\d)" data-hand="\d" data-wager="(\w+)" '
                      r'data-outcome="(\w+)" data-amount="(-?\d+)"', page)


def test_the_match_the_dealer_settlement_is_on_the_page_with_its_prompt(client, cast, spanish):
    # § 635a.7(f): seat 1's 9s 4d has no card of the up card 7h's rank: its $5.00 is collected.
    rnd = started(client, cast, spanish)
    page = deal(client, rnd, "9s 4d", "5h 6c", "7h")
    assert 'data-step="match"' in page and "collect each losing Match-the-Dealer Wager" in page
    assert rows(page) == [("1", "match_the_dealer", "lose", "500")]
    assert "collect $5.00" in page


def test_a_hole_card_contradicting_dealer_blackjack_is_refused_on_screen(client, cast, spanish):
    rnd = started(client, cast, spanish)
    deal(client, rnd, "9s 4d", "5h 6c", "Kh")
    tap(client, rnd, {"type": "settle", "step": "match"})
    tap(client, rnd, {"type": "input", "step": "peek", "value": "yes"})
    page = tap(client, rnd, {"type": "cards", "step": "hole_card", "target": "dealer"}, cards="9c")
    alert = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.DOTALL).group(1)
    # § 635a.7(g): against a king up card only an ace makes the Blackjack the reader showed.
    assert ('The card reader showed the dealer&#x27;s Blackjack, but the hole card <span class="suit-c">9♣</span> '
            'makes none with the up card <span class="suit-h">K♥</span>: the hole card must be an ace') in alert
    assert "§ 635a.7(g)" in alert
    assert 'data-step="hole_card"' in page  # nothing changed: the hole card is still asked for


def test_the_up_card_is_shown_as_a_card_and_the_dealers_total_once_the_hole_card_is_turned(client, cast, spanish):
    rnd = started(client, cast, spanish)
    deal(client, rnd, "As Kd", "5h 6c", "9h")
    tap(client, rnd, {"type": "settle", "step": "match"})
    # § 635a.7(h)(1)(i): a Blackjack against a 2-9 up card is paid at once, 3 to 2 (§ 635a.12(a)): $15.00.
    page = tap(client, rnd, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "pay_blackjack"})
    assert 'against the up card <span class="suit-h">9♥</span>' in page
    assert ("1", "main", "win", "1500") in rows(page)
    tap(client, rnd, {"type": "play", "step": "play", "seat": 3, "hand": 1, "move": "stand"})
    page = tap(client, rnd, {"type": "cards", "step": "hole_card", "target": "dealer"}, cards="5d")
    assert re.search(r'id="zone-dealer-state">hard 14<', page)


def test_surrender_on_a_low_up_card_asks_for_a_confirming_tap_and_a_stand_is_undone(client, cast, spanish):
    rnd = started(client, cast, spanish)
    deal(client, rnd, "9s 7d", "5h 6c", "6h")
    page = tap(client, rnd, {"type": "settle", "step": "match"})
    surrender = re.search(r'<button class="big danger" type="submit"[^>]*>Seat 1: Surrender half</button>', page)
    stand = re.search(r'<button class="big secondary" type="submit"[^>]*>Seat 1: Stand</button>', page)
    assert "data-confirm" in surrender.group(0) and "data-confirm" not in stand.group(0)
    page = tap(client, rnd, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "stand"})
    assert re.search(r'<form class="undo" id="undo-\d+"', page) and "Undo: seat 1 hand 1: stand" in page
    page = tap(client, rnd, {"type": "undo", "step": "play"})
    assert 'data-step="play" data-seat="1"' in page


def test_dealer_blackjack_is_undone_on_the_page(client, cast, spanish):
    rnd = started(client, cast, spanish)
    deal(client, rnd, "9s 4d", "5h 6c", "Kh")
    tap(client, rnd, {"type": "settle", "step": "match"})
    page = tap(client, rnd, {"type": "input", "step": "peek", "value": "yes"})
    assert "Undo: the answer Dealer Blackjack" in page
    page = tap(client, rnd, {"type": "undo", "step": "hole_card"})
    assert 'data-step="peek"' in page
