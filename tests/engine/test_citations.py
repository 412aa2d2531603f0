"""Every section the engine can cite exists in its chapter, for each game; and the facts the
check reads (``sections.OUTLINES``) and the check itself (``citations.Chapter``) are sound.

The conformance suite checks the citations of its example rounds; this goes further for each
game: every dealing method, every paytable, the voids the game knows and the refusals and rounds
its own rules bring (a capped payout, a push, a bad beat), listed below per game.
"""

from __future__ import annotations

import c4_play
import cs_play
import fcp_play
import lir_play
import ms_play
import pytest
import thb_play
import uth_play
import wpt_play
from citations import Chapter
from play import approve_void, tap
from sections import OUTLINES

from games.engine.core import Irregularity, Refused
from games.engine.paytables import all_paytables

TH, WH, LH, MH, CH, UH = thb_play.Hand, wpt_play.Hand, lir_play.Hand, ms_play.Hand, c4_play.Hand, uth_play.Hand
MS_PROGRESSIVE = {"progressive_paytable": "A", "progressives": {"progressive": {
    "amount": "5.00", "meters": {"": {"id": 1, "name": "Mississippi Stud Royal"}}}}}
CSH, FH = cs_play.Hand, fcp_play.Hand
# A table offers one of the two progressives (§ 605a.7(e)(2)): each is played at a table of its own.
FCP_FOUR = {"progressives": {"four_card_progressive": {"amount": "1.00", "meters": {"": {"id": 6, "name": "FCP-4"}}}}}
FCP_FIVE = {"progressives": {"five_card_progressive": {"amount": "1.00", "meters": {"": {"id": 7, "name": "FCP-5"}}}}}
LIR_RULES = {"five_card_bonus_paytable": "B", "three_card_bonus_paytable": "A", "six_card_bonus_paytable": "A",
             "approval_threshold": "1", "payout_limit": "50000"}


def decide(seat, choice, **extra):
    return {"type": "decide", "seat": seat, "choice": choice, **extra}


def wager(seat, name, amount):
    return {"type": "place_wager", "seat": seat, "wager": name, "amount": amount}


def irregularity(kind):
    return {"type": "irregularity", "kind": kind}


def cards(target, *codes):
    return {"type": "cards", "target": target, "cards": list(codes)}


# Per game: its play helper (whose ``at`` plays a round reaching every step), the rounds of its own
# rules, the actions it refuses (at a step of that round), the voids it knows (kind, step) and how
# many distinct sections it cites at least.
GAMES = {
    "texas-holdem-bonus": (thb_play, lambda: [
        thb_play.play({1: TH("500", "As Ah", bonus="100", plays="flop turn river"),
                       2: TH("10", "2c 3c", plays="flop turn river")}, "Ks 9s 5s 2s 7d", "Ad Ac"),  # capped, lost
        thb_play.play({1: TH("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"),  # a push
        thb_play.play({1: TH("10", "9c 9d")}),  # the Ante returned below a straight
    ], [
        ("flop_decision", decide(1, "flop", amount="15")), ("flop_decision", decide(3, "flop")),
        ("turn_decision", decide(1, "turn", amount="1")), ("settle", cards("seat:1", "Ah", "Kh")),
        ("reveal", irregularity("dealer_card_exposed")), ("flop", irregularity("shoe_jam")),
        ("wagers", wager(7, "ante", "10")), ("wagers", wager(1, "ante", "1")),
    ], [("wrong_card_count", "flop"), ("dealer_card_exposed", "turn_decision")], 20),
    "wpt-heads-up": (wpt_play, lambda: [
        wpt_play.play({1: WH("100", "As Ks", plays="300")}, "Qs Js Ts 4d 4c", "2h 3c",
                      rules={"payout_limit": "50000"}),  # capped
        wpt_play.play({1: WH("10", "Ac Td")}, "Jh Qh Ks 2h 3h", "9h 4c"),  # a bad beat
        wpt_play.play({1: WH("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"),  # a tie
        wpt_play.play({1: WH("10", "Ac Td"), 2: WH("10", "5c 6c")}, "Jh Qd Ks 2c 7d", "9s 4h"),  # dealer: no pair
        wpt_play.play({1: WH("10", "2c 3d")}, "As Kd 9h 7c 4s", "2d 3c"),  # a tie below a pair
        wpt_play.play({1: WH("10", "2c 3d", pocket_bonus="5")}, "As Kd 9h 7c 5s", "Qd 4c"),  # a loss below a pair
    ], [
        ("preflop_decision", decide(1, "raise", amount="40")), ("flop_decision", decide(1, "raise", amount="10")),
        ("river_decision", decide(5, "raise", amount="1")), ("settle", cards("seat:1", "Ah", "Kh")),
        ("reveal", irregularity("dealer_card_exposed")), ("flop", irregularity("shoe_jam")),
        ("no_more_bets", wager(1, "odds", "5")), ("wagers", wager(7, "ante", "10")), ("wagers", wager(1, "ante", "1")),
    ], [("wrong_card_count", "flop"), ("dealer_card_exposed", "preflop_decision"),
        ("dealer_card_exposed", "river_decision")], 35),
    "ultimate-texas-holdem": (uth_play, lambda: [
        uth_play.play({1: UH("100", "As Ks", plays="400")}, "Qs Js Ts 4d 4c", "2h 3c",
                      rules={"payout_limit": "50000"}),  # capped
        uth_play.play({1: UH("10", "Ac 7d", trips="5"), 2: UH("10", "2c 5d")}, "3c 4d 8h 9s Kc",
                      "2h 6s"),  # the dealer does not open: the Ante pushes; a win, a loss
        uth_play.play({1: UH("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"),  # a tie
        uth_play.play({1: UH("10", "2c 7d", plays="check check fold", trips="5")}),  # a fold keeping Trips
    ], [
        ("preflop_decision", decide(1, "play", amount="35")), ("flop_decision", decide(3, "play", amount="10")),
        ("river_decision", decide(5, "check")), ("settle", cards("seat:1", "Ah", "Kh")),
        ("reveal", irregularity("dealer_card_exposed")), ("flop", irregularity("shoe_jam")),
        ("no_more_bets", wager(1, "blind", "5")), ("wagers", wager(7, "ante", "10")),
        ("wagers", wager(1, "ante", "1")), ("wagers", wager(2, "blind", "10")),
    ], [("wrong_card_count", "flop"), ("dealer_card_exposed", "preflop_decision"),
        ("dealer_card_exposed", "river_decision")], 20),
    "let-it-ride": (lir_play, lambda: [
        lir_play.play({1: LH("25", "As Ks Qs", five_card_bonus="5", three_card_bonus="5", six_card_bonus="5")},
                      "Js Ts", "2c 3d 4h", rules=LIR_RULES),  # capped; the six-card wager loses
        lir_play.play({1: LH("25", "Ah Kd 2c", five_card_bonus="5", three_card_bonus="5")}, "Ac 7d",
                      rules=LIR_RULES),  # a pair of aces: 1 for 1, a push; three cards lose
        lir_play.play({1: LH("25", "2h 3d 7c", five_card_bonus="5")}, "9s Jd", rules=LIR_RULES),  # all lose
    ], [
        ("bet2_decision", decide(2, "pull", step="bet1_decision")), ("bet1_decision", decide(5, "pull")),
        ("settle", cards("seat:2", "Ah", "Kh", "4c")), ("settle", irregularity("community_card_exposed")),
        ("settle", irregularity("card_face_up")), ("deal", irregularity("shoe_jam")),
        ("deal", {"type": "deal", "cards": {"dealer": ["2c", "3c", "4c"]}}),
        ("six_card_bonus_cards", cards("board", "2c")), ("no_more_bets", wager(2, "bet1", "1")),
        ("wagers", wager(8, "bet1", "10")), ("wagers", wager(1, "five_card_bonus", "1")),
    ], [("wrong_card_count", "settle"), ("community_card_exposed", "bet2_decision")], 30),
    "mississippi-stud": (ms_play, lambda: [
        ms_play.play({1: MH("500", "As Ks", plays="3x 3x 3x", progressive="5")}, "Qs Js Ts",
                     rules=MS_PROGRESSIVE),  # capped; a share of the meter claimed
        ms_play.play({1: MH("10", "7c 7d", progressive="5"), 2: MH("10", "2c 3d", plays="fold", progressive="5")},
                     "Ks 9h 4s", rules=MS_PROGRESSIVE),  # a push; a fold forfeits the progressive
        ms_play.play({1: MH("10", "7c 8d", plays="1x 1x fold")}, "Ks 9h 4s"),  # a fold on 5th Street
    ], [
        ("third_street_decision", decide(1, "bet", amount="15")), ("third_street_decision", decide(1, "bet")),
        ("third_street_decision", decide(4, "fold")), ("settle", cards("seat:1", "Ah", "Kh")),
        ("settle", irregularity("community_card_exposed")), ("settle", irregularity("card_face_up")),
        ("deal", irregularity("shoe_jam")), ("no_more_bets", wager(1, "ante", "1")),
        ("wagers", wager(7, "ante", "10")), ("wagers", wager(1, "progressive", "5")),
    ], [("wrong_card_count", "settle"), ("community_card_exposed", "fourth_street_decision")], 14),
    "crazy-4-poker": (c4_play, lambda: [
        c4_play.play({1: CH("500", "Ah Ad Ac As 2c", play="1500", queens_up="100")},
                     rules={"payout_limit": "50000"}),  # capped
        c4_play.play({1: CH("10", "Jc 8d 6h 4s 2c", queens_up="5")}, "Qh Jd 9c 7s 3d"),  # dealer below king high
        c4_play.play({1: CH("10", "Jc 8d 6h 4s 2c")}, "Kh Qd 9c 7s 3d"),  # a loss
        c4_play.play({1: CH("10", "5c 6d 7h 8s Kd")}, "Ks Kh Kc 2d 3s"),  # a losing straight's Super Bonus
        c4_play.play({1: CH("10", "9c 9d Ah Kc 2s")}, "9h 9s Ad Kd 3c"),  # a tie
        c4_play.play({1: CH("10", "Kc Kh 8d 4s 2c", play="30")}, approvals={1: "approve"}),  # the floor decides
        c4_play.play({1: CH("10", "8c 8d 8h 8s 2c", four_card_progressive="5"),
                      3: CH("10", "Ah Kh Qh Jh Th", four_card_progressive="5")},
                     rules={"progressives": {
                         "four_card_progressive": {"amount": "5", "meters": {"": {"id": 1, "name": "4"}}}}},
                     envy=True),
        c4_play.play({1: CH("10", "8c 8d 8h 8s 2c", five_card_progressive="1"),
                      3: CH("10", "Ah Kh Qh Jh Th", five_card_progressive="1")},
                     rules={"progressives": {
                         "five_card_progressive": {"amount": "1", "meters": {"": {"id": 2, "name": "5"}}}}},
                     envy=True),
    ], [
        ("play_decision", decide(1, "play", amount="40")), ("play_decision", decide(1, "play", amount="5")),
        ("play_decision", decide(3, "play")), ("settle", cards("seat:1", "Ah", "Kh", "2c", "3c", "4c")),
        ("deal", irregularity("shoe_jam")), ("play_decision", irregularity("card_face_up")),
        ("no_more_bets", wager(1, "super_bonus", "5")), ("wagers", wager(7, "ante", "10")),
        ("wagers", wager(1, "ante", "1")),
    ], [("wrong_card_count", "play_decision"), ("wrong_card_count", "settle")], 25),
    "caribbean-stud": (cs_play, lambda: [
        cs_play.play({1: CSH("500", "Ts Js Qs Ks As", bonus="5")}, rules={"payout_limit": "50000"}),  # capped
        cs_play.play({1: CSH("10", "7h 5d 4c 3s 2h", bonus="5")}, dealer="Qd Jc 9h 6s 3c"),  # no qualifying hand
        cs_play.play({1: CSH("10", "Kc Ah 9d 6c 3h")}),  # a tie
        cs_play.play({1: CSH("10", "As Qc Jh 8d 4c")}),  # a loss
        cs_play.play(*cs_play.TABLE, rules=cs_play.METER),  # the Progressive, its claims and the Envy Bonuses
        cs_play.play({1: CSH("10", "8c 8d Qs 5h 2h", decision="fold", bonus="5", progressive="1"),
                      2: CSH("10", "7c 7d 7h 7s 2d", progressive="1")}, rules=cs_play.METER),  # a fold; four sevens
    ], [
        ("bet_decision", decide(1, "bet", amount="15")), ("settle", cards("seat:1", "Ah", "Kh")),
        ("reveal", irregularity("dealer_card_exposed")), ("deal", irregularity("shoe_jam")),
        ("deal", {"type": "deal"}), ("deal", cards("board", "Kd")),
        ("wagers", wager(8, "ante", "10")), ("wagers", wager(1, "ante", "1")),
        ("wagers", wager(1, "progressive", "1")),
    ], [("wrong_card_count", "bet_decision"), ("dealer_card_exposed", "bet_decision")], 20),
    "four-card-poker": (fcp_play, lambda: [
        fcp_play.play({1: FH("2000", "As Ac Ah Ad 2c", "6000")}, rules={"max_ante": "5000",
                                                                       "payout_limit": "50000"}),  # capped
        fcp_play.play({1: FH("10", "7s 7h 4c 4d 2h", "10", bad_beat="5"),
                       2: FH("10", "3s 5h 8c Td Qh", "10", bad_beat="5")}, rules={"bad_beat_paytable": "A"}),
        fcp_play.play({1: FH("10", "2s 3s 4s 5s 9c", "10", four_card_progressive="1"),
                       2: FH("10", "8h 8d 8c 8s Th", "fold", four_card_progressive="1")},
                      rules=FCP_FOUR),  # the Four-Card Progressive, a folded progressive, Envy Bonuses
        fcp_play.play({1: FH("10", "2s 3s 4s 5s 9c", "10", five_card_progressive="1"),
                       3: FH(None, "Ts Js Qs As 7d", aces_up="5", five_card_progressive="1")},
                      rules=FCP_FIVE),  # the Five-Card Progressive and its Envy Bonus
    ], [
        ("play_decision", decide(1, "play", amount="35")), ("play_decision", decide(1, "play", amount="5")),
        ("settle", cards("seat:1", "Ah", "Kh")), ("reveal", irregularity("dealer_card_exposed")),
        ("deal", irregularity("shoe_jam")), ("wagers", wager(8, "ante", "10")),
        ("wagers", wager(1, "ante", "1")), ("wagers", wager(1, "bad_beat", "5")),
    ], [("wrong_card_count", "deal"), ("dealer_card_exposed", "play_decision")], 20),
}

# Citations a chapter's outline must accept, and some it must not (§ 677a.8(h): Chapter 647a's
# misdeal paragraph, not 677a's).
REAL = ["§ 647a.11(h)(2)(iii)", "§ 677a.11(h)(2)(iii)(B)", "§ 677a.10(a)(2)", "§ 643a.11(g)(6)(i)"]
NOT_REAL = ["§ 657a.13(a)", "§ 657a.8(b)",
            "§ 647a.14", "§ 647a.13(h)", "§ 647a.13(c)(1)", "§ 677a.14", "§ 677a.13(h)", "§ 677a.12(g)",
            "§ 677a.8(h)", "§ 643a.14", "§ 643a.13(h)", "§ 643a.12(i)"]
REAL = ["§ 647a.11(h)(2)(iii)", "§ 677a.11(h)(2)(iii)(B)", "§ 677a.10(a)(2)", "§ 643a.11(g)(6)(i)",
        "§ 639a.11(c)(3)(ii)(C)", "§ 639a.8"]
NOT_REAL = ["§ 647a.14", "§ 647a.13(h)", "§ 647a.13(c)(1)", "§ 677a.14", "§ 677a.13(h)", "§ 677a.12(g)",
            "§ 677a.8(h)", "§ 643a.14", "§ 643a.13(h)", "§ 643a.12(i)",
            # 639a: of §§ 639a.8-639a.10 and 639a.13 only the titles are known, never a paragraph.
            "§ 639a.13(a)", "§ 639a.8(b)", "§ 639a.12(e)"]


# The banked chapters have thirteen sections; Chapter 637a (Poker) has eighteen; of the temporary
# Chapter 653b only §§ 653b.1-653b.3 are known.
LAST_SECTION = {"637a": 18, "653b": 3}


@pytest.mark.parametrize("number", sorted(OUTLINES))
def test_each_chapters_outline_gives_its_sections(number):
    assert sorted(Chapter(number).sections) == list(range(1, LAST_SECTION.get(number, 13) + 1))


@pytest.mark.parametrize("citation", REAL)
def test_the_citation_check_accepts_a_paragraph_the_chapter_has(citation):
    assert Chapter(citation[2:6]).names_a_real_section(citation)


@pytest.mark.parametrize("citation", NOT_REAL)
def test_the_citation_check_rejects_a_section_the_chapter_does_not_have(citation):
    assert not Chapter(citation[2:6]).names_a_real_section(citation)


def every_citation(slug: str) -> set[str]:
    """The sections of every prompt, settlement line, approval, irregularity, refusal, rules option
    and paytable the engine can show for the game."""
    helper, own_rounds, refused, voids, _ = GAMES[slug]
    game = helper.GAME
    citations = {irr.section for irr in game.irregularities.values()} | {game.wager_section, game.table_section}
    citations |= {value.section for value in (getattr(game, name) for name in dir(game))
                  if isinstance(value, Irregularity)}  # the voids a second card found face up brings
    citations |= {option.section for option in game.rule_options if option.section}
    citations |= {table.section for table in all_paytables() if table.game == slug}
    prompts, rounds = [], own_rounds()
    phases = [phase for phase, _ in helper.round_actions(*helper.ROUND, stub_count="misdealt")]
    after_stub = phases[phases.index("stub_count") + 1]  # where a misdealt stub leaves the round waiting
    for method in ("manual_shoe", "hand", "automated_shoe", "reshuffling_shoe"):
        rules = {"dealing_method": method, "stub_count_due": True, "approval_threshold": "1"}
        counted = method != "reshuffling_shoe"  # which counts the cards itself
        rounds.append(helper.at(rules=rules, stub_count="correct" if counted else None, prompts=prompts))
        if counted:
            misdealt = helper.at(after_stub, rules=rules, stub_count="misdealt", prompts=prompts)
            rounds.append(approve_void(misdealt, helper.ROUND, prompts))
    for kind, phase in voids:
        rnd = tap(helper.at(phase), irregularity(kind))
        prompts.append(rnd.prompt)
        rounds.append(approve_void(rnd, helper.ROUND, prompts))
    for phase, action in refused:
        with pytest.raises(Refused) as refusal:
            tap(helper.at(phase), action)
        citations.add(refusal.value.section)
    citations |= {p.section for p in prompts}
    for rnd in rounds:
        citations |= {line.section for line in rnd.lines} | {a.section for a in rnd.approvals}
        citations.add(rnd.prompt.section)
    return citations


@pytest.mark.parametrize("slug", GAMES)
def test_every_section_the_engine_cites_exists_in_the_games_chapter(slug):
    citations = every_citation(slug)
    assert len(citations) > GAMES[slug][-1]
    assert sorted(c for c in citations if not Chapter.of(GAMES[slug][0].GAME).names_a_real_section(c)) == []
