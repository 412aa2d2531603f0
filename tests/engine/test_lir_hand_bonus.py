"""Let It Ride's Five Card Hand Bonus Wager with its Magic Card and Lucky Bonuses (§ 643a.1,
§ 643a.7(i), § 643a.11(g)(5), § 643a.12(f)).

Worked out by hand from § 643a.12(f): the paytable of (f)(1) on the player's three cards and the two
community cards, "X for 1" credited X times the wager in all to the player's game account (the
electronic wagering system took the wager); the Magic Card 20 for 1 and the Lucky Bonus 5 for 1 of
(f)(3), X times the wager, paid besides; the meter's seed, reseed and rates "N for 1" of (f)(4).
"""

from decimal import Decimal

import pytest
from lir_play import Hand, play, refuse

from games.engine.core import ACCOUNT, CAGE, Refused
from games.engine.core.progressive import MeterParameters, check_meter
from games.engine.registry import game_for

GAME = game_for("let-it-ride")
RULES = {"progressives": {"five_card_hand_bonus": {"amount": "1.00", "meters": {"": {"id": 7, "name": "LIR-FCHB"}}}}}
NO_DRAW = ("Ks", 4)  # a Magic Card in no hand below and an empty seat: no extra bonus


def won(rnd, seat=1):
    return {line.wager: (line.outcome, line.amount) for line in rnd.lines if line.seat == seat
            and line.wager in ("five_card_hand_bonus", "magic_card_bonus", "lucky_bonus")}


@pytest.mark.parametrize("cards, board, expected", [
    # § 643a.12(f)(1) on a $1 wager: four-of-a-kind 500 for 1 = $500 in all, $499 beyond the wager
    ("8s 8d 8c", "8h 2c", ("win", 499_00)),
    ("8s 8d 8c", "2h 2c", ("win", 99_00)),  # full house, 100 for 1 = $100
    ("2h 5h 9h", "Jh 3h", ("win", 49_00)),  # flush, 50 for 1 = $50
    ("4s 5h 6c", "7d 8c", ("lose", 1_00)),  # a straight pays nothing: the table starts at a flush
])
def test_the_hand_bonus_pays_on_the_players_five_cards(cards, board, expected):
    rnd = play({1: Hand("10", cards, five_card_hand_bonus="1")}, board, rules=RULES, draw=NO_DRAW)
    assert won(rnd)["five_card_hand_bonus"] == expected
    if expected[0] == "win":
        line = next(line for line in rnd.lines if line.wager == "five_card_hand_bonus")
        assert line.payer == ACCOUNT
        # § 643a.11(g)(5)(ii): a floorperson verifies a payout at 500 for 1.
        assert line.must_validate == (expected[1] == 499_00)


def test_a_royal_flush_claims_the_meter_paid_by_the_cage():
    rnd = play({1: Hand("10", "Ah Kh Qh", five_card_hand_bonus="1")}, "Jh Th", rules=RULES, draw=NO_DRAW)
    (claim,) = rnd.claims
    assert (claim.wager, claim.share, claim.meter, claim.section) == (
        "five_card_hand_bonus", "100% of meter", "LIR-FCHB", "§ 643a.12(f)(1)")
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 10_000_00, "meter_amount": 10_000_00})
    line = next(line for line in paid.lines if line.wager == "five_card_hand_bonus")
    assert (line.amount, line.payer) == (10_000_00, CAGE)  # § 643a.11(g)(5)(iii): not to the game account


@pytest.mark.parametrize("draw, extras", [
    (("Th", 4), {"magic_card_bonus": ("win", 20_00)}),  # Th is a community card: 20 for 1 on $1 = $20
    (("3c", 4), {"magic_card_bonus": ("win", 20_00)}),  # 3c is one of the player's three cards
    (("Ks", 1), {"lucky_bonus": ("win", 5_00)}),  # seat 1 is the Lucky position: 5 for 1 on $1 = $5
])
def test_the_magic_card_and_lucky_bonuses_are_paid_even_on_a_losing_hand(draw, extras):
    rnd = play({1: Hand("10", "3c 5d 9s", five_card_hand_bonus="1")}, "Th 2h", rules=RULES, draw=draw)
    paid = won(rnd)
    assert paid.pop("five_card_hand_bonus") == ("lose", 1_00)
    assert paid == extras


def test_let_it_ride_has_no_dealers_position_to_draw():
    """§ 643a.1: the Lucky Bonus is on "the position" the player is seated in; there is no dealer's hand."""
    rnd = play({1: Hand("10", "3c 5d 9s", five_card_hand_bonus="1")}, "Th 2h", rules=RULES, until="magic_draw",
               draw=NO_DRAW)
    refuse(rnd, {"type": "system_draw", "magic_card": "Ks", "lucky": "dealer"}, "one of 1, 2, 3, 4, 5, 6, 7, not")


def test_the_lucky_position_can_be_drawn_among_the_positions_in_play():
    rules = {**RULES, "lucky_positions": "playing"}
    rnd = play({1: Hand("10", "3c 5d 9s", five_card_hand_bonus="1"), 5: Hand("10", "4c 6d Ts")}, "Th 2h",
               rules=rules, until="magic_draw", draw=NO_DRAW)
    refuse(rnd, {"type": "system_draw", "magic_card": "Ks", "lucky": 4}, "one of 1, 5, not 4")
    step = next(step for step in rnd.steps if step.id == "magic_draw")
    assert step.positions(rnd) == [1, 5]


def test_the_dealer_is_told_to_lock_out_the_wagers_and_the_system_draws_before_the_deal():
    rnd = play({1: Hand("10", "3c 5d 9s", five_card_hand_bonus="1")}, "Th 2h", rules=RULES, until="magic_draw",
               draw=NO_DRAW)
    assert rnd.prompt.step == "magic_draw"
    refuse(rnd, {"type": "deal"}, "Not now")
    assert "Lock out the Five Card Hand Bonus Wagers on the electronic wagering system (§ 643a.8(b)(3))" in \
        next(step for step in rnd.steps if step.id == "wagers").text


def test_the_meter_follows_the_chapters_seed_reseed_and_rates():
    """§ 643a.12(f)(4): $10,000 for 1 initially, reseeded at $0, 13% to the meter and 8% to the reserve."""
    good = MeterParameters("", seed=10_000_00, reset=0, rate=Decimal(13), reserve_rate=Decimal(8), wager_amount=1_00)
    check_meter(GAME, "five_card_hand_bonus", {}, good)
    with pytest.raises(Refused, match="must be 13%"):
        check_meter(GAME, "five_card_hand_bonus", {}, MeterParameters("", 10_000_00, 0, Decimal(10), Decimal(8), 1_00))
    with pytest.raises(Refused, match=r"\$10,000 for 1"):
        check_meter(GAME, "five_card_hand_bonus", {}, MeterParameters("", 5_000_00, 0, Decimal(13), Decimal(8), 1_00))
