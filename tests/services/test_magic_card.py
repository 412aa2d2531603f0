"""The table game system's draw for the Five Card Hand Bonus (§ 647a.1 Magic Card and Lucky Bonus):
drawn with ``secrets`` in the transaction of the "no more bets" tap, logged, uniform, and never
drawn again on a retry or a restart."""

import pytest
from django.db import connection

from games import progressives, services
from games.engine.core import Refused, RoundState, SystemDraw
from games.engine.registry import game_for
from games.models import Round, RoundEvent
from tests.conftest import play, start_round
from tests.services.progressive_play import thb_table

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
    with pytest.raises(services.NotAllowed):  # nobody draws by hand
        services.round_act(round_id=rnd.id, user=cast["dealer"], expected_seq=seq + 2,
                           actions=[{"type": "system_draw", "step": "magic_draw", "magic_card": "As", "lucky": 1}])
    connection.close()  # a restart: only the database is left
    state = services.engine_round(Round.objects.get(pk=rnd.id))
    assert state.step_results["magic_draw"] == {"magic_card": draw.action["magic_card"], "lucky": draw.action["lucky"]}
    assert state.prompt.step == "deal"
    play(Round.objects.get(pk=rnd.id), cast["dealer"], {"type": "deal"})
    assert RoundEvent.objects.filter(round=rnd, action__type="system_draw").count() == 1
