"""The Envy Bonuses of a linked Texas Hold 'Em Bonus round, shown before they are paid, approved
first where the table's threshold asks it, and paid after the release; the seat's earlier lines,
released and paid, stay so (§ 647a.11(i)(5), § 647a.12(d)).

Worked out by hand.  The table asks a floorperson's approval from $1,000.00.  Both seats wager
an Ante of $10 and a $5 Progressive Payout Wager, make the $20 Flop Wager and check; the Flop is
Th Jh Qh, the dealer holds 5s 5c (a pair of fives with the board).
- Seat 2, Ah Kh: a royal flush on the Flop, 100% of the meter (§ 647a.12(d)(1)): $10,000.00 plus
  two 50¢ contributions (10% of $5) is $10,001.00, which the cage pays.
- Seat 1, 9c 8d: a straight, 8 to queen: "30 for 1" on $5 is $150.00 handed to the player, the
  wager having been collected before the deal; its Ante and Flop Wager win even money against
  the dealer's pair: $10 + $20.  Seat 1 in all: $180.00.
- Seat 1's Envy Bonus for seat 2's royal flush, on the $5 schedule: $5,000.00 (§ 647a.12(d)(5));
  seat 2 gets none for its own hand.
"""

import pytest

from games.engine.core import Refused
from games.floor import services as floor_services
from games.floor.selectors import pit_state
from games.table import services
from games.table.jinja_env import render
from games.table.selectors import held_view, table_state
from tests.conftest import play, start_round
from tests.progressives.progressive_play import ROYAL, linked_tables, opening, settle, to_settlement

pytestmark = pytest.mark.django_db

STRAIGHT = "9c 8d"
ENVY = (1, 1, "progressive_envy", "table")


def approve(rnd, floor, *numbers):
    for approval in rnd.approvals.filter(status="pending", number__in=numbers):
        floor_services.approval_decide(approval_id=approval.id, user=floor, approve=True)
    rnd.refresh_from_db()
    return rnd


def envy_round(cast):
    _, _, (table, _) = linked_tables(cast["super"], "TH-1", "TH-2")
    table.rules = {**table.rules, "approval_threshold": "1000.00"}
    table.save()
    seats = {1: True, 2: True}
    return play(start_round(table, cast["dealer"]), cast["dealer"], *opening(seats), *to_settlement(seats),
                settle(2, ROYAL), settle(1, STRAIGHT))


def dealer_screen(rnd, dealer) -> str:
    return render("games/table/table_state.html", table_state(rnd.table, dealer))


def test_the_envy_lines_are_shown_and_held_then_paid_after_the_release_and_released_lines_stay_paid(cast):
    rnd = envy_round(cast)
    state = services.engine_round(rnd)
    prompt = state.prompt
    # The Envy step lists what it pays and has asked the floorperson already: no "paid" before the release.
    assert prompt.step == "envy" and prompt.waiting_for_floor and prompt.choices == ()
    assert [(line.seat, line.wager, line.handed) for line in prompt.lines] == [(1, "progressive_envy", 5_000_00)]
    assert "seat 2: Royal flush" in prompt.lines[0].hand and prompt.lines[0].odds == "$5 schedule"
    envy = state.approvals[-1]
    assert (envy.seat, envy.status, envy.lines) == (1, "pending", (ENVY,))
    assert "Envy Bonus" in dealer_screen(rnd, cast["dealer"])

    rnd = approve(rnd, cast["floor"], 1, 2)  # the jackpot and seat 1's straight released and paid
    state = services.engine_round(rnd)
    assert [a.status for a in state.approvals] == ["approved", "approved", "pending"]
    view = held_view(state)
    assert view["held_lines"] == {ENVY} and view["held_seats"] == [1]
    screen = dealer_screen(rnd, cast["dealer"])
    assert "then <strong class=\"net\">pay $5,000.00</strong>" in screen
    assert "$5,180.00</strong>" not in screen  # the $180.00 paid before is not asked again
    assert "Paid apart from the held lines: pay $180.00" in screen
    (item,) = pit_state()["items"]
    assert item.amount == 5_000_00 and [line.wager for line in item.lines] == ["progressive_envy"]
    with pytest.raises(Refused, match="a floorperson has not released"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "settle", "step": "envy"}],
                           expected_seq=rnd.seq)

    rnd = approve(rnd, cast["floor"], 3)
    prompt = services.engine_round(rnd).prompt
    assert [choice.label for choice in prompt.choices] == ["Envy Bonuses paid"]
    assert "released them: pay them now" in prompt.text
    rnd = play(rnd, cast["dealer"], {"type": "settle"})
    assert services.engine_round(rnd).prompt.step == "close"


def test_a_line_shows_one_figure_on_the_dealers_screen_and_in_the_pit(cast):
    _, _, (table,) = linked_tables(cast["super"], "TH-1")
    seats = {1: True}
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *opening(seats), *to_settlement(seats),
               settle(1, STRAIGHT))
    screen = dealer_screen(rnd, cast["dealer"])
    # "30 for 1" on $5: $150.00 leaves the table, never $145.00 (the winnings alone).
    assert "$150.00 once approved" in screen and "$145.00" not in screen
    assert "then <strong class=\"net\">pay $180.00</strong>" in screen
    (item,) = pit_state()["items"]
    assert "pay $150.00" in item.approval.reason and item.amount == 180_00
