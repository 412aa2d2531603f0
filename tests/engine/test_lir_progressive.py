"""Let It Ride's Three- and Five-Card Progressive Payout Wagers and their Envy Bonuses
(§ 643a.7(g)-(h), § 643a.11(g)(3)-(4), § 643a.12(d)-(e)).

Each expected amount is worked out here from § 643a.12(d) and (e), in cents: "X for 1" is X times
the wager in all (the wager went into the table inventory at "no more bets", § 643a.8(b)(2)), the
Envy Bonus schedules of (d)(5) and (e)(5) for $1 and $5 wagers, and the meters' seeds and rates of
(d)(3) and (e)(3).
"""

from decimal import Decimal

import pytest
from lir_play import Hand, play, refuse, tap

from games.engine.core import Refused, RoundState
from games.engine.core.progressive import MeterParameters, check_meter
from games.engine.registry import game_for

GAME = game_for("let-it-ride")
BOARD = "2c 7d"  # community cards that make nothing with the seats' cards below


def three_card(letter="A", amount="1.00"):
    return {"three_card_progressive_paytable": letter,
            "progressives": {"three_card_progressive": {"amount": amount,
                                                        "meters": {"": {"id": 3, "name": "LIR-3"}}}}}


def five_card(letter="D", amount="1.00"):
    tiers = {"A": [""], "B": ["mega", "major"]}.get(letter, ["mega", "major", "minor"])
    return {"five_card_progressive_paytable": letter,
            "progressives": {"five_card_progressive": {
                "amount": amount, "meters": {tier: {"id": n, "name": f"LIR-{tier or 'ONE'}"}
                                             for n, tier in enumerate(tiers, start=10)}}}}


def line_of(rnd, seat, wager):
    (line,) = [line for line in rnd.lines if line.seat == seat and line.wager == wager]
    return line


@pytest.mark.parametrize("letter, cards, won, odds", [
    ("A", "Ah Kh Qh", 499_00, "500 for 1"),  # § 643a.12(d)(1) A: a mini-royal in hearts, 500 for 1 on $1 = $500
    ("A", "9c Tc Jc", 69_00, "70 for 1"),  # A: straight flush, 70 for 1 = $70
    ("B", "9c Tc Jc", 99_00, "100 for 1"),  # B: straight flush, 100 for 1 = $100
    ("A", "5s 5h 5c", 59_00, "60 for 1"),  # A: three-of-a-kind, 60 for 1 = $60
    ("A", "4s 5h 6c", 5_00, "6 for 1"),  # A: straight, 6 for 1 = $6
])
def test_the_three_card_progressive_pays_on_the_players_three_cards(letter, cards, won, odds):
    rnd = play({1: Hand("10", cards, three_card_progressive="1")}, BOARD, rules=three_card(letter))
    line = line_of(rnd, 1, "three_card_progressive")
    assert (line.outcome, line.amount, line.odds) == ("win", won, odds)
    assert line.stake_collected and line.must_validate  # § 643a.11(g)(3)(iii): a floorperson validates it


def test_paytable_b_pays_no_straight():
    rnd = play({1: Hand("10", "4s 5h 6c", three_card_progressive="1")}, BOARD, rules=three_card("B"))
    assert line_of(rnd, 1, "three_card_progressive").outcome == "lose"  # § 643a.12(d)(1) B: no Straight row


def test_a_spade_mini_royal_claims_the_three_card_meter():
    rnd = play({1: Hand("10", "As Ks Qs", three_card_progressive="1")}, BOARD, rules=three_card())
    (claim,) = rnd.claims
    assert (claim.share, claim.tier, claim.meter, claim.section) == ("100% of meter", "", "LIR-3", "§ 643a.12(d)(4)")


@pytest.mark.parametrize("cards, board, tier", [
    ("As Ks Qs", "Js Ts", "mega"),  # § 643a.12(e)(1) D: royal flush, 100% mega jackpot
    ("9h 8h 7h", "6h 5h", "major"),  # straight flush, 100% major jackpot
    ("9h 9s 9c", "9d 2s", "minor"),  # four-of-a-kind, 100% minor jackpot
])
def test_the_five_card_progressive_claims_the_meter_of_its_tier(cards, board, tier):
    rnd = play({1: Hand("10", cards, five_card_progressive="1")}, board, rules=five_card("D"))
    (claim,) = rnd.claims
    assert (claim.share, claim.tier, claim.meter) == (f"100% {tier} jackpot", tier, f"LIR-{tier}")


def test_the_five_card_progressive_pays_a_full_house_at_50_for_1():
    rnd = play({1: Hand("10", "9h 9s 2c", five_card_progressive="5")}, "9d 2s", rules=five_card("D", "5.00"))
    # § 643a.12(e)(1) D: full house, 50 for 1 on $5 = $250 in all, $245 beyond the wager.
    assert (line_of(rnd, 1, "five_card_progressive").amount, rnd.claims) == (245_00, [])


def test_a_meter_must_cover_every_tier_its_paytable_reads():
    rules = five_card("D")
    del rules["progressives"]["five_card_progressive"]["meters"]["minor"]
    with pytest.raises(Refused, match="paytable reads 'mega', 'major', 'minor'"):
        GAME.validate_rules(rules)


def test_a_progressive_wager_of_another_amount_is_refused():
    rnd = tap(RoundState(GAME, three_card(amount="5.00")),
              {"type": "place_wager", "seat": 1, "wager": "bet1", "amount": "10"})
    refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "three_card_progressive", "amount": "1"},
           r"must be \$5.00")


@pytest.mark.parametrize("amount, spades, others", [
    ("1", 100_00, 25_00),  # § 643a.12(d)(5), $1: mini-royal in spades $100, in another suit $25
    ("5", 500_00, 125_00),  # § 643a.12(d)(5), $5: $500 and $125
])
def test_three_card_envy_bonuses_are_paid_for_every_other_players_mini_royal(amount, spades, others):
    seats = {1: Hand("10", "As Ks Qs", three_card_progressive=amount),
             2: Hand("10", "Ah Kh Qh", three_card_progressive=amount),
             3: Hand("10", "4c 6d 8s", three_card_progressive=amount),
             4: Hand("10", "Ad Kd Qd")}  # a mini-royal without the wager: it still earns the others a bonus
    rnd = play(seats, BOARD, rules=three_card(amount=f"{amount}.00"))
    rnd = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 1_000_00, "meter_amount": 1_000_00})
    rnd = tap(rnd, {"type": "settle"})
    assert {line.seat: line.amount for line in rnd.lines if line.wager == "three_card_progressive_envy"} == {
        1: others + others,  # seats 2 and 4 (never its own spades)
        2: spades + others,  # seat 1's spades and seat 4's diamonds
        3: spades + others + others,  # seats 1, 2 and 4
    }


def test_five_card_envy_bonuses_are_paid_for_every_other_straight_flush_or_better():
    # Community Ts Js: seat 1's As Ks Qs makes a royal flush, seat 2's 9s 8s 7s a straight flush.
    seats = {1: Hand("10", "As Ks Qs", five_card_progressive="5"), 2: Hand("10", "9s 8s 7s", five_card_progressive="5"),
             3: Hand("10", "2h 3d 5c", five_card_progressive="5")}
    rnd = play(seats, "Ts Js", rules=five_card("A", "5.00"))
    for claim in rnd.claims:  # seat 2's 10% and seat 1's 100% of the meter
        rnd = rnd.apply({"type": "resolve_claim", "claim": claim.id, "amount": 1_000_00 if claim.seat == 2 else
                         9_000_00, "meter_amount": 10_000_00 if claim.seat == 2 else 9_000_00})
    rnd = tap(rnd, {"type": "settle"})
    # § 643a.12(e)(5), $5: royal flush $5,000, straight flush $1,500.
    assert {line.seat: line.amount for line in rnd.lines if line.wager == "five_card_progressive_envy"} == {
        1: 1_500_00, 2: 5_000_00, 3: 6_500_00}


@pytest.mark.parametrize("tier, seed, reset, rate, ok", [
    ("mega", 10_000_00, 10_000_00, "9", True),  # § 643a.12(e)(3) C: $10,000 for 1, 9%
    ("major", 1_000_00, 1_000_00, "7", True),  # $1,000 for 1, 7%
    ("minor", 250_00, 250_00, "3", True),  # $250 for 1, 3%
    ("mega", 12_000_00, 10_000_00, "9", False),  # the seed is fixed
    ("major", 1_000_00, 1_000_00, "8", False),  # so is the rate
])
def test_the_chapter_fixes_the_five_card_meters_seeds_and_rates(tier, seed, reset, rate, ok):
    params = MeterParameters(tier, seed, reset, Decimal(rate), Decimal(0), 1_00)
    rules = GAME.validate_rules({"five_card_progressive_paytable": "C"})
    if ok:
        check_meter(GAME, "five_card_progressive", rules, params)
    else:
        with pytest.raises(Refused) as refusal:
            check_meter(GAME, "five_card_progressive", rules, params)
        assert refusal.value.section == "§ 643a.12(e)(3)"


def test_a_five_dollar_three_card_meter_seeds_at_5000():
    rules = GAME.validate_rules({"three_card_progressive_paytable": "B"})
    # § 643a.12(d)(3) B: seed and reseed $1,000 for 1, so $5,000 on a $5 wager; 20%.
    check_meter(GAME, "three_card_progressive", rules, MeterParameters("", 5_000_00, 5_000_00, Decimal(20),
                                                                       Decimal(0), 5_00))
    with pytest.raises(Refused, match=r"must be \$1,000 for 1 of the wager, \$5,000.00 on a \$5.00 wager"):
        check_meter(GAME, "three_card_progressive", rules, MeterParameters("", 1_000_00, 1_000_00, Decimal(20),
                                                                           Decimal(0), 5_00))


@pytest.mark.parametrize("rules, which", [({}, "has no paytable chosen"),
                                          ({"three_card_progressive_paytable": "Z"}, "has no Paytable Z")])
def test_a_progressive_without_its_paytable_is_refused_in_words(rules, which):
    """The table's rules name a paytable of § 643a.12(d) that is not there: the refusal names the
    game, the wager and the paytables to choose from, never the registry's slugs."""
    from games.engine.core.progressive import wager_paytable

    with pytest.raises(Refused) as refused:
        wager_paytable(GAME, rules, GAME.wager("three_card_progressive"))
    assert refused.value.message == (f"Let It Ride Poker's Three-Card Progressive Payout Wager {which}: its Rules "
                                     "Submission chooses one of Paytables A, B")
    assert "three_card_progressive" not in str(refused.value) and "let-it-ride" not in str(refused.value)
