"""The dead button and new players' big blinds (§ 637a.11(c)-(d); the rest of the rule is not in the
available text: as card rooms play it, and each point a rules option): the big blind moves one player
a hand, the small blind and the button follow it onto empty seats; a new player, or one who missed
the big blind while away, posts a big blind (and the missed small blind, dead) or waits for it."""

from __future__ import annotations

from poker_play import GAME, actions, play, refuse, run

from games.engine.round_sheet import settle_sheet, sheet_from_log

NO_RAKE = {"rake_method": "none"}


def positions(stacks: dict[int, int], button: int, blinds: list[int], **flags: dict[str, bool]) -> dict:
    seats = {str(seat): {"stack": stack * 100, **flags.get(f"s{seat}", {})} for seat, stack in stacks.items()}
    return {"seats": seats, "button": button, "moves": True, "blinds": blinds}


FOUR = {1: 100, 3: 100, 5: 100, 7: 100}


def test_the_button_goes_to_the_empty_seat_of_the_last_small_blind():
    # Last hand: button 1, small blind 3, big blind 5.  Seat 3 left: the big blind moves on to seat 7,
    # seat 5 (the last big blind) posts the small blind and the button is dead on seat 3's empty seat.
    table = positions({1: 100, 5: 100, 7: 100}, 1, [3, 5])
    rnd = play("start\ndeal", NO_RAKE, table)
    assert rnd.button == 3 and rnd.blind_seats == (5, 7)
    assert rnd.order == (5, 7, 1)  # the deal starts left of the dead button
    assert rnd.put_in == {5: 1_00, 7: 2_00, 1: 0}
    assert rnd.prompt.seat == 1  # first to act: left of the big blind
    rnd = run(rnd, "1 call\n5 call\n7 check\nflop 2c 7d 9h")
    assert rnd.prompt.seat == 5  # after the flop the first player left of the (dead) button acts first
    assert GAME.carried_options(rnd)["positions"]["blinds"] == [5, 7]


def test_a_small_blind_whose_player_left_is_dead():
    # Last hand: button 1, small blind 3, big blind 5; seat 5 left.  The big blind moves on to seat 7;
    # the small blind falls on seat 5's empty seat: no one posts it; the button moves to seat 3.
    table = positions({1: 100, 3: 100, 7: 100}, 1, [3, 5])
    rnd = play("start\ndeal", NO_RAKE, table)
    assert rnd.button == 3 and rnd.blind_seats == (5, 7)
    assert rnd.order == (7, 1, 3)
    assert rnd.put_in == {7: 2_00, 1: 0, 3: 0}
    assert rnd.prompt.seat == 1
    # Seat 1 and the button call $2; the big blind checks: $6 in the pot, with no small blind in it.
    rnd = run(rnd, "1 call\n3 call\n7 check\nflop 2c 7d 9h\n7 bet 2\n1 fold\n3 fold\nclose")
    assert rnd.final_stacks() == {1: 98_00, 3: 98_00, 7: 104_00}


def test_a_new_player_posts_a_live_big_blind_and_acts_first_with_the_option_to_check():
    # Last hand: button 1, small blind 3, big blind 5.  Seat 9 sits down (between seat 7 and the
    # button): the big blind is seat 7's, and seat 9 posts $2 of its own to be dealt in at once.
    rnd = play("sit 9 100\nstart\ndeal", NO_RAKE, positions(FOUR, 1, [3, 5]))
    assert rnd.button == 3 and rnd.blind_seats == (5, 7)
    assert rnd.order == (5, 7, 9, 1, 3)
    assert rnd.put_in == {5: 1_00, 7: 2_00, 9: 2_00, 1: 0, 3: 0}
    # The action starts left of the big blind: seat 9, whose $2 is live, may check.
    assert rnd.prompt.seat == 9
    assert {c.action["choice"] for c in rnd.prompt.choices} >= {"check", "raise"}
    # Everyone else folds to seat 9's check, then the big blind checks: seat 9's $2 and seat 7's $2 and
    # the small blind's $1 make $5.
    rnd = run(rnd, "9 check\n1 fold\n3 fold\n5 fold\n7 check\nflop 2c 7d 9h\n7 bet 2\n9 fold\nclose")
    assert rnd.final_stacks()[7] == 103_00 and rnd.final_stacks()[9] == 98_00
    assert "new" not in GAME.carried_options(rnd)["positions"]["seats"]["9"]


def test_a_new_player_who_waits_for_the_big_blind_is_dealt_in_when_it_comes():
    rules = {**NO_RAKE, "new_player_posts": "wait"}
    rnd = play("sit 9 100", rules, positions(FOUR, 1, [3, 5]))
    assert "Seats 1, 3, 5, 7 will be dealt in. Waiting for the big blind: seat 9." in rnd.prompt.text
    rnd = run(rnd, "start")
    assert rnd.order == (5, 7, 1, 3) and 9 not in rnd.put_in
    rnd = run(rnd, "deal\n1 fold\n3 fold\n5 fold\nclose")
    carried = GAME.carried_options(rnd)["positions"]
    assert carried["seats"]["9"] == {"stack": 100_00, "new": True} and carried["blinds"] == [5, 7]
    # The next hand's big blind is seat 9's: it is dealt in, posting the big blind and nothing more.
    rnd = play("start", rules, carried)
    assert rnd.button == 5 and rnd.blind_seats == (7, 9)
    assert rnd.put_in == {7: 1_00, 9: 2_00, 1: 0, 3: 0, 5: 0}


def test_a_player_away_when_the_big_blind_passed_posts_it_and_the_small_blind_dead():
    # Last hand: button 1, small blind 3, big blind 5; seat 7 is away.  The big blind passes seat 7 to
    # seat 9: seat 7 missed it.
    five = {1: 100, 3: 100, 5: 100, 7: 100, 9: 100}
    table = positions(five, 1, [3, 5], s7={"away": True})
    rnd = run(play("start", NO_RAKE, table), "deal\n1 fold\n3 fold\n5 fold\nclose")
    assert rnd.blind_seats == (5, 9)
    carried = GAME.carried_options(rnd)["positions"]
    assert carried["seats"]["7"] == {"stack": 100_00, "away": True, "missed": True}
    # Back the next hand, seat 7 sits between the button (5) and the small blind (9): it waits.
    rnd = play("back 7\nstart", NO_RAKE, carried)
    assert rnd.button == 5 and rnd.blind_seats == (9, 1) and 7 not in rnd.order
    # The big blind is seat 1's: seat 3 acts first, then the button, then the small blind.
    rnd = run(rnd, "deal\n3 fold\n5 fold\n9 fold\nclose")
    # The hand after, the button has passed it: seat 7 posts $2 live and the missed $1 small blind dead.
    rnd = play("start\ndeal", NO_RAKE, GAME.carried_options(rnd)["positions"])
    assert rnd.button == 9 and rnd.blind_seats == (1, 3)
    assert rnd.put_in[7] == 3_00
    # Seat 5 folds; seat 7 checks its live $2; 9 and 1 fold; the big blind checks.  The pot: seat 1's
    # $1, seat 3's $2 and seat 7's $2 + $1 dead = $6.  On the flop seat 7's $2 bet is not called.
    rnd = run(rnd, "5 fold\n7 check\n9 fold\n1 fold\n3 check\nflop 2c 7d 9h\n3 check\n7 bet 2\n3 fold\nclose")
    stacks = rnd.final_stacks()
    # Seat 1 won the last hand's $1 small blind as the big blind, then lost its own $1 small blind here.
    assert stacks[7] == 100_00 - 3_00 + 6_00 and stacks[1] == 101_00 - 1_00 and stacks[3] == 98_00


def test_with_the_option_off_the_button_simply_moves_and_every_player_is_dealt_in():
    rnd = play("sit 9 100\nstart", {**NO_RAKE, "dead_button": False}, positions(FOUR, 1, [3, 5]))
    assert rnd.button == 3 and rnd.order == (5, 7, 9, 1, 3)
    assert rnd.put_in == {5: 1_00, 7: 2_00, 9: 0, 1: 0, 3: 0}


def test_a_misdeal_deals_again_from_the_same_button_and_blinds():
    table = positions({1: 100, 5: 100, 7: 100}, 1, [3, 5])
    rnd = run(play("start\ndeal", NO_RAKE, table), "misdeal\napprove\nclose")
    carried = GAME.carried_options(rnd)["positions"]
    assert carried["moves"] is False and carried["button"] == 3 and carried["blinds"] == [5, 7]
    rnd = play("start", NO_RAKE, carried)
    assert rnd.button == 3 and rnd.blind_seats == (5, 7) and rnd.put_in == {5: 1_00, 7: 2_00, 1: 0}


def test_malformed_positions_are_refused_naming_what_is_wrong():
    for value, match in (({"seats": {}, "blinds": [3]}, "The last blinds are"),
                         ({"seats": {"1": {"stack": 5, "new": "yes"}}}, "whether it is away, new"),
                         ({"seats": {}, "funds": {"bad_beat": -1}}, "The jackpot funds are cents")):
        try:
            GAME.new_round({"positions": value})
        except Exception as error:  # noqa: BLE001 - the message is what is checked
            assert match in str(error)
        else:
            raise AssertionError(value)
    refuse(play("sit 1 100"), {"type": "seating", "do": "sideways", "seat": 1}, "A seating action is")


def test_a_hand_with_a_dead_small_blind_and_a_posted_big_blind_round_trips_through_its_sheet_and_phh():
    # Last hand: button 1, small blind 3, big blind 5; seat 5 left and seat 9 sat down.  The small blind
    # is dead on seat 5's seat, seat 7 has the big blind and seat 9 posts $2 of its own.
    table = positions({1: 100, 3: 100, 7: 100}, 1, [3, 5])
    script = ("sit 9 100\nstart\ndeal\n9 check\n1 call\n3 call\n7 check\nflop 2c 7d 9h\n7 bet 4\n9 fold\n1 fold\n"
              "3 fold\nclose")
    rnd = play(script, NO_RAKE, table)
    # $2 from each of seats 7, 9, 1 and 3: $8 to seat 7; its $4 bet is not called.
    assert rnd.final_stacks() == {1: 98_00, 3: 98_00, 7: 106_00, 9: 98_00}
    rules = {**NO_RAKE, "positions": table}
    sheet = sheet_from_log("poker", rules, actions(script, rules))
    assert sheet["blinds"] == [3, 5]
    assert settle_sheet(sheet)["stacks"] == {"1": "98.00", "3": "98.00", "7": "106.00", "9": "98.00"}
    text = GAME.hand_history(rnd)
    assert "blinds_or_straddles = [2, 2, 0, 0]" in text  # seat 7's big blind, seat 9's posted one
    assert settle_sheet(GAME.sheet_from_hand_history(text))["lines"] == [line.as_dict() for line in rnd.lines]


def test_the_deal_prompt_says_where_the_blinds_are_dead_and_who_posts():
    table = positions({1: 100, 3: 100, 7: 100}, 1, [3, 5], s1={"missed": True})
    rnd = play("sit 9 100\nstart", NO_RAKE, table)
    # Button 3 (its player sits), small blind dead on seat 5's empty seat, big blind seat 7; seat 9 new
    # and seat 1 owing the big blind post: $2 each, and seat 1 $1 dead.
    assert rnd.put_in == {7: 2_00, 9: 2_00, 1: 3_00, 3: 0}
    assert rnd.prompt.text.startswith("The small blind is dead (seat 5 is empty). Seat 9 posts a big blind of "
                                      "$2.00 (a new player). Seat 1 posts a big blind of $2.00 and the missed "
                                      "small blind, $1.00 dead, into the pot.")


def test_a_misdeal_leaves_a_new_players_big_blind_owed_and_deals_the_same_seats_again():
    # Seat 9 posts as a new player; the hand is void: its $2 goes back and it still owes the big blind;
    # the redeal has the same button (3), blinds (5, 7) and seat 9's post.
    rnd = run(play("sit 9 100\nstart\ndeal", NO_RAKE, positions(FOUR, 1, [3, 5])), "misdeal\napprove\nclose")
    carried = GAME.carried_options(rnd)["positions"]
    assert carried["seats"]["9"] == {"stack": 100_00, "new": True}
    rnd = play("start", NO_RAKE, carried)
    assert rnd.button == 3 and rnd.blind_seats == (5, 7) and rnd.put_in[9] == 2_00


def test_the_straddle_is_the_player_left_of_the_big_blind_when_the_small_blind_is_dead():
    # § 637a.11(e): the small blind dead on seat 5, the big blind seat 7; seat 1, left of it, may straddle
    # $4, and the action starts left of the Straddle: seat 3, the button.
    table = positions({1: 100, 3: 100, 7: 100}, 1, [3, 5])
    rnd = play("start", {**NO_RAKE, "straddle": True}, table)
    assert rnd.prompt.seat == 1
    rnd = run(rnd, "straddle\ndeal")
    assert rnd.put_in == {7: 2_00, 1: 4_00, 3: 0} and rnd.prompt.seat == 3


def test_a_missed_small_blind_posted_dead_is_in_the_pot_at_the_showdown():
    # Last hand: button 1, blinds 3 and 5.  Seat 9 missed the big blind: it posts $2 live and the missed $1
    # dead.  Seat 5 posts the $1 small blind, seat 7 the $2 big blind; everyone calls $2 and checks to the
    # showdown: 5 × $2 + the dead $1 = $11, all in the one pot (the dead chip is no one's bet), to seat 5's
    # aces.  Stacks: seat 5 $100 − $2 + $11 = $109; seat 9 $100 − $3 = $97; the others $98.
    seats = {**positions(FOUR, 1, [3, 5])["seats"], "9": {"stack": 100_00, "missed": True}}
    rnd = play("start\ndeal", NO_RAKE, {"seats": seats, "button": 1, "moves": True, "blinds": [3, 5]})
    assert rnd.order == (5, 7, 9, 1, 3) and rnd.put_in == {5: 1_00, 7: 2_00, 9: 3_00, 1: 0, 3: 0}
    checks = "\n".join(f"{seat} check" for seat in (5, 7, 9, 1, 3))
    rnd = run(rnd, f"9 check\n1 call\n3 call\n5 call\n7 check\nflop 2c 7d 9h\n{checks}\nturn 2d\n{checks}\n"
                   f"river 3s\n{checks}\n5 shows Ac Ad\n7 mucks\n9 mucks\n1 mucks\n3 mucks\nclose")
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines] == [(5, "main_pot", 11_00)]
    assert rnd.final_stacks() == {1: 98_00, 3: 98_00, 5: 109_00, 7: 98_00, 9: 97_00}
