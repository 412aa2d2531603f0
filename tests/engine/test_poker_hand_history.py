"""A Poker hand exported as a round sheet and as a Poker Hand History (PHH) file settles, read back,
to the same lines and stacks; pokerkit itself reads the PHH to the same finishing stacks."""

from __future__ import annotations

import pytest
from poker_play import GAME, HOLDEM_ALL_INS, STUD_HILO, STUD_HILO_SPLIT, actions, play
from pokerkit import HandHistory

from games.engine.core.records import Refused
from games.engine.money import Cents
from games.engine.round_sheet import SheetError, settle_sheet, sheet_from_log

HOLDEM = HOLDEM_ALL_INS + "close"
STUD = STUD_HILO_SPLIT + "close"
STRADDLED = """
    sit 1 100
    sit 3 100
    sit 5 100
    start
    straddle
    deal
    1 call
    3 call
    5 check
    flop 2c 7d 9h
    1 bet 4
    3 fold
    5 fold
    close
"""
HANDS = [("no-limit Hold'em, two all-ins", HOLDEM, {}), ("Stud high-low", STUD, STUD_HILO),
         ("a Straddle, then folds to a bet", STRADDLED, {"straddle": True})]


def settled(rnd) -> tuple[list, dict[int, Cents]]:
    return [line.as_dict() for line in rnd.lines], rnd.final_stacks()


@pytest.mark.parametrize("script, rules", [(s, r) for _, s, r in HANDS], ids=[name for name, _, _ in HANDS])
def test_the_round_sheet_settles_to_the_hands_own_lines_and_stacks(script, rules):
    rnd = play(script, rules)
    sheet = sheet_from_log("poker", rules, actions(script, rules))
    settlement = settle_sheet(sheet)
    assert settlement["lines"] == [line.as_dict() for line in rnd.lines]
    assert settlement["stacks"] == {str(seat): f"{stack / 100:.2f}" for seat, stack in rnd.final_stacks().items()}


@pytest.mark.parametrize("script, rules", [(s, r) for _, s, r in HANDS], ids=[name for name, _, _ in HANDS])
def test_a_hand_history_round_trips_through_phh(script, rules):
    rnd = play(script, rules)
    text = GAME.hand_history(rnd, table="P-1", hand=7)
    assert "variant = " in text and "_dealer_assist_rules" in text
    sheet = GAME.sheet_from_hand_history(text)
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in rnd.lines]


def test_pokerkit_reads_the_exported_phh_to_the_same_finishing_stacks():
    # pokerkit replays the file by itself (with no rake): its final stacks are the file's.
    rnd = play(HOLDEM.replace("close", ""), {"rake_method": "none"})
    history = HandHistory.loads(GAME.hand_history(rnd))
    *_, final = iter(history)
    assert list(final.stacks) == list(history.finishing_stacks) == [99, 0, 120, 211]
    assert rnd.final_stacks() == {1: 99_00, 3: 0, 5: 120_00, 8: 211_00}


def test_a_phh_file_from_elsewhere_is_settled_with_no_rake():
    text = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 10', 'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cc',
           'p3 cbr 20', 'p2 cc', 'd db Js', 'p2 cc', 'p3 cc', 'd db 3d', 'p2 cc', 'p3 cc', 'p2 sm AcAd', 'p3 sm']
"""
    settlement = settle_sheet(GAME.sheet_from_hand_history(text))
    # p1 (seat 1) folds its $1 small blind; p2 and p3 put in $10 and $20 each: $61, all to seat 2.
    assert [(line["seat"], line["wager"], line["amount_cents"]) for line in settlement["lines"]] == [
        (2, "main_pot", 61_00)]
    assert settlement["stacks"] == {"1": "99.00", "2": "131.00", "3": "70.00"}


def test_what_phh_cannot_write_is_refused_and_a_bad_file_is_named():
    with pytest.raises(Refused, match="PHH has no code for Texas Hold'em in pot limit"):
        GAME.hand_history(play("sit 1 100\nsit 2 100\nstart\ndeal", {"structure": "pot_limit"}))
    with pytest.raises(SheetError, match="not a Poker Hand History"):
        GAME.sheet_from_hand_history("variant = ")
    with pytest.raises(SheetError, match="does not follow the rules here"):
        GAME.sheet_from_hand_history("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
                                     "starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', "
                                     "'p1 cbr 1']\n")


# One short hand for each PHH code of a chapter's game (§ 637a.9(a)) the HANDS above do not write.
BOARD_HAND = """
    sit 1 100
    sit 2 100
    sit 3 100
    start
    deal
    3 call
    1 call
    2 check
    flop 2c 7d 9h
    1 check
    2 bet {bet}
    3 fold
    1 fold
    close
"""
STUD_HAND = """
    sit 2 40
    sit 4 40
    sit 6 40
    start
    up 2 Ks
    up 4 3c
    up 6 5d
    {forced} bring-in
    {second} fold
    {third} fold
    close
"""
LIMIT_RULES = {"structure": "limit", "small_bet": "2.00", "big_bet": "4.00"}
STUD_RULES = {**STUD_HILO, "variant": "stud"}
CODED = [
    ("FT", BOARD_HAND.format(bet=2), {"variant": "holdem", **LIMIT_RULES}, 2, 6_00),
    ("PO", BOARD_HAND.format(bet=4), {"variant": "omaha", "structure": "pot_limit"}, 2, 6_00),
    ("FO/8", BOARD_HAND.format(bet=2), {"variant": "omaha_hilo", **LIMIT_RULES}, 2, 6_00),
    # Stud: the lowest up card (3c) brings it in, the highest (Ks) in Razz (§ 637a.10(d)(1), (d)(2)).
    ("F7S", STUD_HAND.format(forced=4, second=6, third=2), STUD_RULES, 4, 75),
    ("FR", STUD_HAND.format(forced=2, second=4, third=6), {**STUD_RULES, "variant": "razz"}, 2, 75),
]


@pytest.mark.parametrize("code, script, rules, winner, pot", CODED, ids=[c[0] for c in CODED])
def test_every_coded_game_round_trips_through_phh(code, script, rules, winner, pot):
    # Hold'em and Omaha: $1 + $2 blinds, a call of $2 and the small blind's $1 more make $6; the bet on
    # the flop is uncalled and goes back.  Stud: three $0.25 Antes make $0.75; the $0.50 Forced Bet,
    # uncalled, goes back.  Neither pot is raked: 10% of it is less than the $1.00 rake chip (§ 637a.17).
    rnd = play(script, rules)
    text = GAME.hand_history(rnd)
    assert f"variant = '{code}'" in text
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines if line.amount] == [(winner, "main_pot", pot)]
    assert settle_sheet(GAME.sheet_from_hand_history(text))["lines"] == [line.as_dict() for line in rnd.lines]


UNCODED = [("holdem", "pot_limit", "Texas Hold'em in pot limit"), ("omaha", "limit", "Omaha High in limit"),
           ("omaha", "no_limit", "Omaha High in no limit"),
           ("omaha_hilo", "pot_limit", "Omaha High-low Split Eight or Better in pot limit"),
           ("omaha_hilo", "no_limit", "Omaha High-low Split Eight or Better in no limit"),
           ("stud_hilo", "limit", "Seven-card Stud High-low Split in limit")]


@pytest.mark.parametrize("variant, structure, named", UNCODED, ids=[f"{v}-{s}" for v, s, _ in UNCODED])
def test_a_game_phh_has_no_code_for_is_refused_naming_the_codes_it_has(variant, structure, named):
    rules = {"variant": variant, "structure": structure} | (
        {**STUD_RULES, "variant": variant} if variant.startswith("stud") else {})
    # Stud High-low without a qualifier: the highest up card (Ks) brings it in (§ 637a.10(d)(3)).
    script = STUD_HAND.format(forced=2, second=4, third=6) if variant.startswith("stud") else \
        BOARD_HAND.format(bet=4 if structure != "limit" else 2)
    rnd = play(script, rules)
    before = [line.as_dict() for line in rnd.lines]
    with pytest.raises(Refused, match=f"PHH has no code for {named} \\(its specification names FT, NT, NS, PO, "):
        GAME.hand_history(rnd)
    assert [line.as_dict() for line in rnd.lines] == before


# A big-blind Ante: PHH's `antes` has one entry a player, and one Ante for the whole table is a single
# non-zero entry, the big blind's (p2; the blinds are listed the same way).  The file comes from elsewhere:
# no rake.
BIG_BLIND_ANTE_PHH = """
variant = 'NT'
ante_trimming_status = false
antes = [0, 2, 0]
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 20]
finishing_stacks = [110, 48, 62]
min_bet = 2
actions = ['d dh p1 KsKh', 'd dh p2 QsQh', 'd dh p3 AsAh', 'p3 cbr 20', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cbr 30',
           'p2 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'd db 4d', 'p1 cc', 'p2 cc', 'p1 sm KsKh', 'p2 sm QsQh', 'p3 sm AsAh']
"""


def test_a_big_blind_ante_from_elsewhere_is_posted_by_the_big_blind_alone():
    # § 637a.11(b): the Rules Submission says who places the Ante; here the big blind (p2, seat 2) posts $2
    # for the table, besides its $2 big blind.  p3 (seat 3) is all-in for $20; p1 and p2 call it and each put
    # $30 more on the flop.  The main pot: 3 × $20 + the $2 Ante = $62, to p3's aces; the side pot 2 × $30 =
    # $60, to p1's kings over p2's queens (§ 637a.8(b)(5)).  Stacks: p1 $100 − $50 + $60 = $110; p2 $100 −
    # $50 − $2 = $48; p3 $62.  (Read as an Ante from each player, p1 and p3 would have paid $2 each too.)
    settlement = settle_sheet(GAME.sheet_from_hand_history(BIG_BLIND_ANTE_PHH))
    assert [(line["seat"], line["wager"], line["amount_cents"]) for line in settlement["lines"]] == [
        (1, "side_pot_1", 60_00), (3, "main_pot", 62_00)]
    assert settlement["stacks"] == {"1": "110.00", "2": "48.00", "3": "62.00"}
    assert settlement["rules"]["big_blind_ante"] is True and settlement["rules"]["ante"] == "2.00"
    # pokerkit, replaying the file by itself, agrees.
    history = HandHistory.loads(BIG_BLIND_ANTE_PHH)
    *_, final = iter(history)
    assert list(final.stacks) == list(history.finishing_stacks) == [110, 48, 62]


def test_antes_that_are_neither_each_players_nor_the_big_blinds_are_refused():
    with pytest.raises(SheetError, match=r"the PHH file's Antes \(\$0.00, \$0.00, \$2.00\) are neither one from each "
                                         r"player nor one from the big blind"):
        GAME.sheet_from_hand_history(BIG_BLIND_ANTE_PHH.replace("antes = [0, 2, 0]", "antes = [0, 0, 2]"))


def test_a_tables_big_blind_ante_is_written_to_phh_as_one_entry_and_read_back():
    # Seats 1, 3, 5; the button on seat 5 (the dealer's right): seat 1 posts the $1 small blind, seat 3 the $2
    # big blind and the table's $1 Ante.  Seat 5 raises to $6, seat 1 folds, seat 3 calls; seat 3 bets $10 on
    # the flop and seat 5 folds: the $10 goes back uncalled.  The pot: $1 + $1 + $6 + $6 = $14, no rake
    # (rake_method none).  Stacks: seat 1 $99; seat 3 $100 − $7 + $14 = $107; seat 5 $94.
    rules = {"big_blind_ante": True, "ante": "1.00", "rake_method": "none"}
    script = """
        sit 1 100
        sit 3 100
        sit 5 100
        start
        deal
        5 raise 6
        1 fold
        3 call
        flop 2c 7d 9h
        3 bet 10
        5 fold
        close
    """
    started = play("sit 1 100\nsit 3 100\nsit 5 100\nstart", rules)
    assert started.put_in == {1: 1_00, 3: 3_00, 5: 0}
    assert started.prompt.text.startswith("The big blind, seat 3, posts the Ante of $1.00 for the table.")
    rnd = play(script, rules)
    assert rnd.final_stacks() == {1: 99_00, 3: 107_00, 5: 94_00}
    text = GAME.hand_history(rnd)
    assert "antes = [0, 1, 0]" in text and "ante_trimming_status = false" in text
    settlement = settle_sheet(GAME.sheet_from_hand_history(text))
    assert settlement["lines"] == [line.as_dict() for line in rnd.lines]
    assert settlement["stacks"] == {"1": "99.00", "3": "107.00", "5": "94.00"}
    history = HandHistory.loads(text)
    *_, final = iter(history)
    assert list(final.stacks) == list(history.finishing_stacks) == [99, 107, 94]


def test_stud_has_no_big_blind_ante():
    with pytest.raises(Refused, match="has no big blind to post a big-blind Ante") as refusal:
        GAME.new_round({**STUD_RULES, "big_blind_ante": True})
    assert refusal.value.section == "§ 637a.10(b)"
