"""The odd chip (§ 637a.11(k)): a pot the tied players cannot share equally is divided in the table's
smallest chip, the excess a chip at a time to the players the Rules Submission names; so every amount
that goes into or comes out of a pot is whole chips, and an option finer than the chip is refused."""

from __future__ import annotations

import random

import pytest
from poker_play import play, refuse, run
from pokerkit import EightOrBetterLowHand, StandardHighHand

from games.engine.core.records import AWARD, DROP, RAKE, Refused
from games.engine.money import parse_dollars, plain_dollars
from games.engine.poker.options import read_options
from games.engine.poker.pots import HandEnd, Pot, Showing, divide, settle
from games.engine.poker.variants import HIGH, LOW

CHIPS = (1, 5, 10, 25, 50, 100)  # the table's smallest chip, in cents: at most $1 (§ 637a.11(k))
SUITS = {"c": 1, "d": 2, "h": 3, "s": 4}  # spades highest, clubs lowest (§ 637a.10(d))
DECK = [rank + suit for rank in "23456789TJQKA" for suit in SUITS]
# Every tied player's hand is the board's (§ 637a.11(k): "comprised of the five community cards").
BOARD_HIGH, BOARD_LOW = StandardHighHand("AsKsQsJsTs"), EightOrBetterLowHand("Ah2d3c4s5h")


def random_table(rng: random.Random) -> tuple[dict[str, object], int, set[str]]:
    """A table's options with a random chip, rake and drops, and the options in use that are finer than the chip."""
    chip = rng.choice(CHIPS)
    rules: dict[str, object] = {
        "variant": rng.choice(["holdem", "omaha", "omaha_hilo"]), "chip_unit": plain_dollars(chip),
        "small_blind": plain_dollars(chip), "big_blind": plain_dollars(2 * chip),
        "rake_method": rng.choice(["none", "percent", "incremental"]), "rake_percent": rng.choice(["2.5", "5", "10"]),
        "rake_unit": plain_dollars(rng.choice(CHIPS)), "rake_increment": plain_dollars(rng.choice(CHIPS)),
        "rake_every": plain_dollars(rng.choice([5_00, 10_00, 20_00])),
        "rake_cap": rng.choice(["", plain_dollars(rng.choice(CHIPS) * rng.randint(1, 8))]),
        "bad_beat_drop": plain_dollars(rng.choice([0, 0, 5, 25, 50, 100])), "drop_minimum_pot": "0.00",
        "odd_chip": rng.choice(["left_of_button", "highest_card_by_suit"]),
    }
    in_use = {"percent": ["rake_unit", "rake_cap"], "incremental": ["rake_increment", "rake_cap"]}.get(
        str(rules["rake_method"]), []) + ["bad_beat_drop"]
    finer = {key for key in in_use if rules[key] and parse_dollars(str(rules[key])) % chip}
    return rules, chip, finer


def expected_order(seats: tuple[int, ...], holes: dict[int, list[str]], half: str, odd_chip: str) -> list[int]:
    """Who is first for the excess: the first tied player clockwise from the button (the order of the deal),
    or the one with the highest card by suit of the player's own (the lowest, for the low half)."""
    if odd_chip == "left_of_button":
        return list(seats)
    if half == HIGH:
        key = {seat: max(("23456789TJQKA".index(c[0]), SUITS[c[1]]) for c in holes[seat]) for seat in seats}
        return sorted(seats, key=lambda seat: key[seat], reverse=True)
    key = {seat: min(("A23456789TJQK".index(c[0]), SUITS[c[1]]) for c in holes[seat]) for seat in seats}
    return sorted(seats, key=lambda seat: key[seat])


def check_shares(shares: dict[int, int], order: list[int], total: int, chip: int) -> None:
    """§ 637a.11(k) on one pot (or half pot) divided among tied players."""
    assert sum(shares.values()) == total  # nothing lost, nothing made
    assert all(share % chip == 0 for share in shares.values())  # whole chips
    assert max(shares.values()) - min(shares.values()) <= chip  # equal but for one chip
    odd = total // chip % len(order)  # the chips an equal division leaves over
    assert [seat for seat in order if shares[seat] > min(shares.values())] == order[:odd]  # each to the next named


def test_split_pots_over_random_tables_follow_the_odd_chip_rule():
    rng = random.Random(63711)
    refused = settled = 0
    for _ in range(3000):
        rules, chip, finer = random_table(rng)
        try:
            options = read_options(rules)
        except Refused as refusal:
            # Refused only for an option finer than the chip, and the refusal names it and the section.
            assert finer and any(f"({key}," in str(refusal) for key in finer), (rules, refusal)
            assert refusal.section == "§ 637a.11(k)"
            refused += 1
            continue
        assert not finer, rules
        seats = tuple(rng.sample(range(1, 11), rng.randint(2, 9)))
        cards = iter(rng.sample(DECK, 4 * len(seats)))
        holes = {seat: [next(cards) for _ in range(4 if rules["variant"] != "holdem" else 2)] for seat in seats}
        split = rules["variant"] == "omaha_hilo"
        showings = {seat: Showing(seat, {HIGH: BOARD_HIGH, **({LOW: BOARD_LOW} if split else {})}, tuple(holes[seat]))
                    for seat in seats}
        pots, eligible = [], list(seats)
        for index in range(rng.randint(1, 3)):
            if len(eligible) < 2:
                break
            pots.append(Pot(index, rng.randint(1, 300) * chip, tuple(eligible)))
            eligible = [seat for seat in eligible if rng.random() < 0.7]  # who put more in, for a side pot
        lines, pushed = settle(HandEnd(tuple(pots), showings, {}, first_round_only=False, contested=True), options)
        taken = [line.amount for line in lines if line.outcome in (RAKE, DROP)]
        assert all(amount % chip == 0 for amount in taken)
        assert sum(taken) + sum(pushed.values()) == sum(pot.amount for pot in pots)
        for pot in pots:
            halves = [f"{pot.slug}_high", f"{pot.slug}_low"] if split else [pot.slug]
            totals = []
            for half, slug in zip((HIGH, LOW), halves, strict=False):
                shares = {line.seat: line.amount for line in lines if line.wager == slug and line.outcome == AWARD}
                assert set(shares) == set(pot.seats)
                totals.append(sum(shares.values()))
                check_shares(shares, expected_order(pot.seats, holes, half, rules["odd_chip"]), totals[-1], chip)
            if split:  # the excess of a pot halved goes with the high half (§ 637a.10(i)(3)(i))
                assert totals[0] - totals[1] in (0, chip)
        settled += 1
    assert refused > 100 and settled > 1000  # both kinds were tried, many times


@pytest.mark.parametrize("option, value, named", [
    ({"rake_unit": "0.25"}, "$0.25", "rake_unit"),
    ({"rake_method": "incremental", "rake_increment": "0.50"}, "$0.50", "rake_increment"),
    ({"rake_cap": "4.50"}, "$4.50", "rake_cap"),
    ({"bad_beat_drop": "0.50"}, "$0.50", "bad_beat_drop"),
    ({"rake_method": "time", "time_charge": "5.50"}, "$5.50", "time_charge"),
    ({"min_buy_in": "40.50"}, "$40.50", "min_buy_in"),
])
def test_an_option_finer_than_the_smallest_chip_is_refused_by_name(option, value, named):
    # At the $1.00 chip, a 10% rake of $23 rounded down to $0.25 would be $2.25, leaving $20.75 for two tied
    # players: $10.75 and $10.00 at best, a share no chip makes.  The option is refused instead.
    with pytest.raises(Refused, match=rf"\({named}, {value.replace('$', '[$]')}\) is finer than the smallest chip "
                                      r"in play \(\$1.00\)") as refusal:
        read_options(option)
    assert refusal.value.section == "§ 637a.11(k)"


def test_a_pot_that_is_not_whole_chips_still_leaves_no_tied_player_more_than_a_chip_ahead():
    # Stacks carried from before a table's chip grew may leave a pot of part of a chip: $11.50 in $1 chips
    # between two is $5 each, the odd $1 to the first named and the $0.50 to the next ($6.00 and $5.50, not
    # $6.50 and $5.00); $1.50 is $1.00 and $0.50 (not $1.50 and nothing).
    assert divide(1150, [4, 7], 100) == {4: 600, 7: 550}
    assert divide(150, [4, 7], 100) == {4: 100, 7: 50}
    assert divide(1050, [4, 7, 2], 100) == {4: 400, 7: 350, 2: 300}


HAND = """
    sit 1 100
    sit 3 100
    sit 5 100
    start
    deal
"""


def test_table_stakes_and_bets_are_whole_chips():
    # § 637a.11(k): the pots are divided in the table's smallest chip, so what goes into them is made of it.
    rnd = play("sit 1 100", {"chip_unit": "1.00"})
    refuse(rnd, "sit 3 40.50", r"Seat 3's table stakes \(\$40.50\) are not whole chips of \$1.00", "§ 637a.11(k)")
    refuse(rnd, "add 1 0.50", r"The chips added to seat 1 \(\$0.50\) are not whole chips of \$1.00", "§ 637a.11(k)")
    rnd = play(HAND, {"rake_method": "none"})
    refuse(rnd, "5 raise 6.50", r"Seat 5's raise to \$6.50 is not whole chips of \$1.00", "§ 637a.11(k)")
    rnd = run(rnd, "5 raise 6")
    assert rnd.put_in[5] == 6_00


@pytest.mark.parametrize("out_of_turn", ["not_binding", "binding_if_unchanged"])
def test_a_raise_out_of_turn_is_whole_chips_too(out_of_turn):
    # No limit, the smallest chip $1.00 (§ 637a.11(k)): seat 5 is first to act; seat 1 says "raise to $4.50"
    # out of turn.  No chip makes $4.50: refused as it would be in turn, rather than held as the seat's only
    # choice (binding) and refused when its turn came.
    rnd = play(HAND, {"rake_method": "none", "out_of_turn": out_of_turn})
    refuse(rnd, "out of turn 1 raise 4.50", r"Seat 1's raise to \$4.50 is not whole chips of \$1.00", "§ 637a.11(k)")
    refuse(rnd, "out of turn 1 raise 400", r"Seat 1 has \$100.00 in table stakes", "§ 637a.8(b)(1)")
    rnd = run(rnd, "out of turn 1 raise 6\n5 call\n1 raise 6")
    assert rnd.put_in[1] == 6_00


def test_a_tie_on_a_table_of_quarters_splits_the_raked_pot_in_quarters():
    # Chip $0.25, rake 10% rounded down to $0.25.  Every player calls $2 and checks to the river: the pot is
    # $6, the rake $0.60 rounded down to $0.50, $5.50 left: 22 quarters among three tied players is 7 each
    # and one over, to the first tied player clockwise from the button (seat 1, § 637a.11(k)): $2.00, $1.75,
    # $1.75.  Stacks: seat 1 $98 + $2.00 = $100.00; seats 3 and 5 $99.75.
    rules = {"chip_unit": "0.25", "small_blind": "1.00", "big_blind": "2.00", "rake_unit": "0.25"}
    checks = "1 check\n3 check\n5 check"
    rnd = play(HAND + f"5 call\n1 call\n3 check\nflop 2c 7d 9h\n{checks}\nturn Jc\n{checks}\nriver 3s\n{checks}\n"
                      "1 shows As Kd\n3 shows Ac Kh\n5 shows Ad Ks\nclose", rules)
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines] == [
        (0, "rake", 50), (1, "main_pot", 2_00), (3, "main_pot", 1_75), (5, "main_pot", 1_75)]
    assert rnd.final_stacks() == {1: 100_00, 3: 99_75, 5: 99_75}
