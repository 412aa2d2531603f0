"""A Poker table's screen through the services: one tap starts the next hand, the seats dealt in read so
with the button and the blinds marked, the Undo names the entry it takes back in words, and a
correction goes to a floorperson."""

import re

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.floor import services as floor_services
from games.models import Round, RoundEvent, Table
from games.table import services
from tests.conftest import deal_at, play
from tests.table.test_poker_services import HAND

pytestmark = pytest.mark.django_db


def poker_table(cast, **rules) -> Table:
    table = Table.objects.create(name="P-9", game="poker", rules={"rake_cap": "3.00", **rules})
    deal_at(table, cast["dealer"], cast["dealer2"])
    return table


def seat_html(html: str, seat: int) -> str:
    return re.search(rf'<div class="poker-seat[^"]*" id="seat-{seat}".*?<div class="status">.*?</div>', html, re.S)[0]


def start_the_hand(table, user) -> Round:
    """The one tap of the screen between hands: the round opens and its hand starts."""
    return services.round_start(table_id=table.id, user=user, first=[{"type": "start_hand", "step": "seating"}])


def test_one_tap_starts_the_next_hand(client, cast):
    table = poker_table(cast)
    first = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *HAND)
    assert first.status == Round.Status.CLOSED
    client.force_login(cast["dealer"])
    html = client.get(reverse("table", args=[table.id])).content.decode()
    assert "Start the hand (round 2)" in html and "Players with the table stakes a hand needs: seats 2, 4, 7" in html
    assert "Start round 2" not in html
    client.post(reverse("round-start", args=[table.id]), {"action": '{"type": "start_hand", "step": "seating"}'})
    second = table.rounds.get(number=2)
    state = services.engine_round(second)
    # The round opened and its hand started in the one tap: the button moved on to seat 2 (§ 637a.11(c)(2)).
    assert second.status == Round.Status.OPEN and state.started and state.button == 2
    assert list(RoundEvent.objects.filter(round=second).values_list("action__type", "role")) == [
        ("start_hand", "dealer")]
    assert state.prompt.step == "deal"


def test_a_hand_that_cannot_start_opens_no_round_and_a_table_without_players_starts_a_round_to_seat_them(
        client, cast):
    table = poker_table(cast)
    with pytest.raises(Refused, match="at least two players"):
        start_the_hand(table, cast["dealer"])
    assert not table.rounds.exists()
    client.force_login(cast["dealer"])
    html = client.get(reverse("table", args=[table.id])).content.decode()
    assert "Start round 1" in html and "Start the hand" not in html


def test_the_seats_dealt_in_read_in_the_hand_with_the_button_and_the_blinds_marked(client, cast):
    # The Straddle is offered before the deal: the hand has started, but no card is dealt yet.  The
    # button is seat 7 (the first to the dealer's right, § 637a.11(c)(1)(i)), the blinds seats 2 and 4
    # (§ 637a.11(d)); seat 9 sits away.
    table = poker_table(cast, straddle=True)
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *HAND[:3],
               {"type": "seating", "seat": 9, "do": "sit", "amount": "100"},
               {"type": "seating", "seat": 9, "do": "away"}, {"type": "start_hand"})
    assert services.engine_round(rnd).prompt.step == "straddle"
    client.force_login(cast["dealer"])
    html = client.get(reverse("table", args=[table.id])).content.decode()
    for seat in (2, 4, 7):
        assert "sitting out" not in seat_html(html, seat)
    assert "in the hand" in seat_html(html, 2) and "in the hand" in seat_html(html, 4)
    assert "to act" in seat_html(html, 7)  # the button, left of the big blind: its Straddle or not
    assert 'class="dealer-button"' in seat_html(html, 7)
    assert '<span class="blind blind-small" title="Small blind">SB</span>' in seat_html(html, 2)
    assert '<span class="blind blind-big" title="Big blind">BB</span>' in seat_html(html, 4)
    assert "away" in seat_html(html, 9) and "blind" not in seat_html(html, 9)


def test_the_undo_names_the_fold_and_a_correction_waits_for_a_floorperson(client, cast):
    table = poker_table(cast)
    rnd = play(start_the_hand_after_seating(table, cast), cast["dealer"], {"type": "deal"},
               {"type": "decide", "seat": 7, "choice": "fold"})
    client.force_login(cast["dealer"])
    html = client.get(reverse("table", args=[table.id])).content.decode()
    assert "Undo: seat 7&#x27;s fold" in html
    rnd = play(rnd, cast["dealer"], {"type": "undo", "step": "bet.preflop.2"})
    state = services.engine_round(rnd)
    assert state.prompt.seat == 7 and state.state.statuses[state.order.index(7)]
    rnd = play(rnd, cast["dealer"], {"type": "decide", "seat": 7, "choice": "fold"},
               {"type": "decide", "seat": 2, "choice": "call"})
    html = client.get(reverse("table", args=[table.id])).content.decode()
    assert "Undo: seat 2&#x27;s call" in html and "seat 7&#x27;s fold</button>" in html  # in "Correct an entry"
    entry = services.engine_round(rnd).correction_offers()[0]
    rnd = play(rnd, cast["dealer"], entry[2])
    approval = rnd.approvals.get()
    assert approval.kind == "correction" and "seat 7's fold" in approval.reason
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    rnd.refresh_from_db()
    state = services.engine_round(rnd)
    assert state.prompt.seat == 7 and state.put_in[2] == 1_00  # seat 2's call taken back with the fold


def start_the_hand_after_seating(table, cast) -> Round:
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *HAND[:4])


def test_a_round_opened_by_mistake_is_cancelled_and_the_next_starts_from_the_same_seats(client, cast):
    table = poker_table(cast)
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *HAND)
    opened = services.round_start(table_id=table.id, user=cast["dealer"])
    client.force_login(cast["dealer"])
    assert "Cancel round: started by mistake" in client.get(reverse("table", args=[table.id])).content.decode()
    cancelled = play(opened, cast["dealer"], {"type": "cancel", "step": "seating"})
    assert cancelled.status == Round.Status.CANCELLED
    third = services.round_start(table_id=table.id, user=cast["dealer"])
    assert third.rules["positions"] == opened.rules["positions"]
