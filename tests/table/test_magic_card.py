"""The table game system's draw for the Five Card Hand Bonus (§ 647a.1 Magic Card and Lucky Bonus):
drawn with ``secrets`` in the transaction of the "no more bets" tap, logged, uniform, and never
drawn again on a retry or a restart."""

import pytest
from django.db import connection

from games.engine.core import Refused, RoundState, SystemDraw
from games.engine.registry import game_for
from games.models import MeterEntry, Round, RoundEvent, Table
from games.people import access
from games.progressives import services as progressives
from games.progressives.ledger import meter_audit
from games.table import services
from tests.conftest import play, start_round
from tests.progressives.progressive_play import thb_table

pytestmark = pytest.mark.django_db

GAME = game_for("texas-holdem-bonus")
RULES = {"progressives": {"five_card_hand_bonus": {"amount": "5.00", "meters": {"": {"id": 1, "name": "FCHB"}}}}}


def chi_square(counts, expected):
    return sum((count - expected) ** 2 / expected for count in counts)


def test_the_magic_card_and_the_lucky_position_are_drawn_uniformly():
    step = next(step for step in GAME.steps(GAME.validate_rules(RULES)) if isinstance(step, SystemDraw))
    rnd = RoundState(GAME, RULES)
    cards, positions = {}, {}
    draws = 52 * 200
    for _ in range(draws):
        drawn = step.draw(rnd, services._SYSTEM_RANDOM)
        cards[drawn["magic_card"]] = cards.get(drawn["magic_card"], 0) + 1
        positions[drawn["lucky"]] = positions.get(drawn["lucky"], 0) + 1
    assert len(cards) == 52 and set(positions) == {1, 2, 3, 4, 5, 6, "dealer"}
    # Chi-square against the uniform: 51 and 6 degrees of freedom; the bounds are exceeded by a fair
    # draw about once in a million runs (Wilson-Hilferty: 114.5 for 51, 39.7 for 6, at p = 1e-6).
    assert chi_square(cards.values(), draws / 52) < 114.5
    assert chi_square(positions.values(), draws / 7) < 39.7


@pytest.mark.django_db(transaction=True)  # the restart drops the connection
def test_the_draw_is_logged_with_no_more_bets_and_never_drawn_again(cast):
    table = thb_table("TH-1")
    progressives.meter_create(user=cast["super"], name="FCHB", game="texas-holdem-bonus", wager="five_card_hand_bonus",
                              table_id=table.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    rnd = start_round(table, cast["dealer"])
    rnd = play(rnd, cast["dealer"], {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
               {"type": "place_wager", "seat": 1, "wager": "five_card_hand_bonus", "amount": "5"})
    seq = rnd.seq
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "no_more_bets", "step": "wagers"}],
                       expected_seq=seq)
    (draw,) = RoundEvent.objects.filter(round=rnd, action__type="system_draw")
    assert draw.role == "system" and draw.seq == seq + 2  # in the same transaction, right after the tap
    with pytest.raises(Refused, match="moved on"):  # the tap sent again: refused, nothing drawn again
        services.round_act(round_id=rnd.id, user=cast["dealer"],
                           actions=[{"type": "no_more_bets", "step": "wagers"}], expected_seq=seq)
    with pytest.raises(access.NotAllowed):  # nobody draws by hand
        services.round_act(round_id=rnd.id, user=cast["dealer"], expected_seq=seq + 2,
                           actions=[{"type": "system_draw", "step": "magic_draw", "magic_card": "As", "lucky": 1}])
    connection.close()  # a restart: only the database is left
    state = services.engine_round(Round.objects.get(pk=rnd.id))
    assert state.step_results["magic_draw"] == {"magic_card": draw.action["magic_card"], "lucky": draw.action["lucky"]}
    assert state.prompt.step == "deal"
    play(Round.objects.get(pk=rnd.id), cast["dealer"], {"type": "deal"})
    assert RoundEvent.objects.filter(round=rnd, action__type="system_draw").count() == 1


def test_a_jackpot_on_the_dealers_hand_is_divided_among_its_wagerers_and_the_meter_resets(cast):
    """§ 647a.12(e)(2) through the services.  Three $5 wagers on the dealer's hand feed the Five Card
    Hand Bonus meter at 10%: $10,000.00 + 3 x 50¢ = $10,001.50 at "no more bets".  The dealer's Ah Kh
    with the Flop Th Jh Qh is a royal flush, 100% of the meter, divided equally among the three:
    1,000,150¢ / 3 = 333,383¢ ($3,333.83) each, the odd cent staying; then the meter restarts at its
    reset amount with that cent on it: $10,000.01."""
    table = thb_table("TH-1")
    meter = progressives.meter_create(user=cast["super"], name="FCHB", game="texas-holdem-bonus",
                                      wager="five_card_hand_bonus", table_id=table.id, seed="10000", reset="10000",
                                      rate="10", wager_amount="5")
    seats = (1, 3, 5)
    wagers = [action for seat in seats for action in (
        {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"},
        {"type": "place_wager", "seat": seat, "wager": "five_card_hand_bonus_dealer", "amount": "5"})]
    decide = [{"type": "decide", "seat": seat, "choice": choice} for choice in ("flop",) for seat in seats]
    checks = [{"type": "decide", "seat": seat, "choice": "check"} for seat in seats]
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"], *wagers, {"type": "no_more_bets"},
               {"type": "deal"}, *decide, {"type": "cards", "target": "board", "cards": ["Th", "Jh", "Qh"]},
               *checks, {"type": "cards", "target": "board", "cards": ["2c"]},
               *checks, {"type": "cards", "target": "board", "cards": ["3d"]},
               {"type": "cards", "target": "dealer", "cards": ["Ah", "Kh"]},
               *[{"type": "cards", "target": f"seat:{seat}", "cards": cards.split()}
                 for seat, cards in ((5, "4d 6c"), (3, "4s 6s"), (1, "4c 6d"))])
    meter.refresh_from_db()
    assert meter.amount == 10_000_01
    payouts = MeterEntry.objects.filter(meter=meter, kind="payout").order_by("seq")
    assert sorted(payouts.values_list("seat", "amount")) == [(1, -3_333_83), (3, -3_333_83), (5, -3_333_83)]
    assert {entry.line.amount for entry in payouts} == {3_333_83}
    assert RoundEvent.objects.filter(round=rnd, action__type="resolve_claim").count() == 1
    assert sorted(rnd.approvals.filter(kind="payout").values_list("seat", flat=True)) == [1, 3, 5]
    assert meter_audit(meter) == []


def test_a_let_it_ride_hand_bonus_feeds_its_meter_and_gets_its_draw_at_no_more_bets(cast):
    """§ 643a.12(f)(4): a $1 Five Card Hand Bonus Wager adds 13% (13¢) to the meter and 8% (8¢) to
    the reserve; the meter starts at $10,000 for 1 and is reseeded at $0.  The table game system
    draws in the "no more bets" tap (§ 643a.1)."""
    table = Table.objects.create(name="LIR-1", game="let-it-ride", rules={"counting_shuffler": True})
    meter = progressives.meter_create(user=cast["super"], name="LIR-FCHB", game="let-it-ride",
                                      wager="five_card_hand_bonus", table_id=table.id, seed="10000", reset="0",
                                      rate="13", reserve_rate="8", wager_amount="1")
    rnd = play(start_round(table, cast["dealer"]), cast["dealer"],
               *[{"type": "place_wager", "seat": 2, "wager": bet, "amount": "10"} for bet in ("bet1", "bet2", "bet3")],
               {"type": "place_wager", "seat": 2, "wager": "five_card_hand_bonus", "amount": "1"},
               {"type": "no_more_bets"})
    meter.refresh_from_db()
    assert (meter.amount, meter.reserve) == (10_000_13, 8)
    (draw,) = RoundEvent.objects.filter(round=rnd, action__type="system_draw")
    assert draw.role == "system" and services.engine_round(rnd).prompt.step == "deal"
