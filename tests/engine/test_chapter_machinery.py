"""What every banked poker chapter words alike (games/engine/chapters/banked_poker.py), checked once
over each game: the dealing methods of §§ .8-.10 and the sections their prompts cite, the stub
count and its misdeals, the irregularities of § .13 every chapter has (a card found face up, a
wrong number of cards, a jammed automated shoe) with the floorperson's part in a void, and that
every section the engine can cite exists in the chapter.

Each game supplies, in ``CHAPTERS``, the round its play helper plays (one that reaches every step)
and the paragraphs its chapter gives each step, copied by hand from the chapter: the expected
sections are written out here, never computed by the code under test.  What only one chapter
says (§ 647a.13(d), § 643a.13(d), which wagers a void keeps alive) stays in that game's files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import lir_play
import pytest
import thb_play
import wpt_play
from citations import Chapter as Outline
from play import approve_void, assert_every_wager_returned, refuse, tap
from sections import OUTLINES

from games.engine.core import Irregularity, Refused, RoundState
from games.engine.paytables import all_paytables

TH, WH, LH = thb_play.Hand, wpt_play.Hand, lir_play.Hand


@dataclass(frozen=True)
class Chapter:
    """One game's chapter, as it words the machinery every banked poker chapter shares."""

    helper: ModuleType  # the game's play helper: GAME, ROUND (a round reaching every step), play, round_actions
    rules: dict[str, Any]  # the table's rules for that round
    placed: dict[int, tuple[str, ...]]  # the wagers each seat of the round places before the deal
    # §§ .8-.10, per dealing method: ("no more bets", the deal, the stub count, a wrong stub count)
    dealing: dict[str, tuple[str, str, str | None, str | None]]
    steps: frozenset[tuple[str, str]]  # every other (step, section) the round prompts
    close: str  # cards to the discard rack, each hand reconstructible
    irregularities: dict[str, str]  # every irregularity the game knows, and its section
    stub_between: tuple[str, str]  # the stub is counted after the first step, before the second ...
    stub_board: int  # ... with this many community cards face up
    spare: tuple[str, str]  # two cards the round never deals, to be found face up
    reused: tuple[str, str, dict[str, Any]]  # a card of the round found face up at the deal, entered later
    dealt_at: tuple[str, ...]  # steps once every card is dealt: a card found face up is no irregularity
    void_at: tuple[str, ...]  # steps at which a void may be reported (a shoe jams at the first)
    # For the citation check, beyond the round: rounds of the game's own, refused actions (at a step
    # of the round), voids (kind, step), and how many distinct sections the engine cites at least.
    rounds: Callable[[], list[RoundState]] = list
    refused: tuple[tuple[str, dict[str, Any]], ...] = ()
    voids: tuple[tuple[str, str], ...] = ()
    least: int = 0
    outline: tuple[tuple[str, ...], tuple[str, ...]] = field(default=((), ()))  # (real citations, not real)

    @property
    def game(self):
        return self.helper.GAME

    @property
    def round(self):
        return self.helper.ROUND

    def at(self, phase: str | None = None, *, rules: dict[str, Any] | None = None, **kwargs: Any) -> RoundState:
        """The round just before the first action of ``phase`` (the whole round without one)."""
        return self.helper.play(*self.round, rules={**self.rules, **(rules or {})}, until=phase, **kwargs)


def decide(seat, choice, **extra):
    return {"type": "decide", "seat": seat, "choice": choice, **extra}


def wager(seat, name, amount):
    return {"type": "place_wager", "seat": seat, "wager": name, "amount": amount}


def irregularity(kind, **extra):
    return {"type": "irregularity", "kind": kind, **extra}


CHAPTERS = {
    "647a": Chapter(
        thb_play, {}, {1: ("ante", "bonus"), 3: ("ante",), 5: ("ante", "bonus")},
        dealing={
            "manual_shoe": ("§ 647a.8(b)", "§ 647a.8(d)", "§ 647a.8(f)", "§ 647a.8(h)"),
            "hand": ("§ 647a.9(b)", "§ 647a.9(b)", "§ 647a.9(d)", "§ 647a.9(f)"),
            "automated_shoe": ("§ 647a.10(a)(2)", "§ 647a.10(b)", "§ 647a.10(d)", "§ 647a.10(f)"),
            "reshuffling_shoe": ("§ 647a.10(a)(2)", "§ 647a.10(g)", None, None),
        },
        steps=frozenset({
            ("flop_decision", "§ 647a.11(b)"), ("flop", "§ 647a.11(c)"), ("turn_decision", "§ 647a.11(d)"),
            ("turn", "§ 647a.11(e)"), ("river_decision", "§ 647a.11(f)"), ("river", "§ 647a.11(g)"),
            ("reveal", "§ 647a.11(h)"), ("settle", "§ 647a.11(h)"), ("settle_bonus", "§ 647a.11(b)(2)(i)(A)"),
        }),
        close="§ 647a.11(k)",
        irregularities={"card_face_up": "§ 647a.13(a)", "wrong_card_count": "§ 647a.13(c)",
                        "dealer_card_exposed": "§ 647a.13(d)", "shoe_jam": "§ 647a.13(f)",
                        "stub_misdealt": "§ 647a.8(h)", "stub_incorrect": "§ 647a.8(h)"},
        stub_between=("river", "reveal"), stub_board=5,  # § 647a.8(e)-(f): once the community cards are dealt
        spare=("7c", "8c"),
        reused=("Jc", "flop", {"type": "cards", "target": "board", "cards": ["2h", "7h", "Jc"]}),
        dealt_at=("reveal", "settle"),
        void_at=("flop",),
        rounds=lambda: [
            thb_play.play({1: TH("500", "As Ah", bonus="100", plays="flop turn river"),
                           2: TH("10", "2c 3c", plays="flop turn river")}, "Ks 9s 5s 2s 7d", "Ad Ac"),  # capped, lost
            thb_play.play({1: TH("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"),  # a push
            thb_play.play({1: TH("10", "9c 9d")}),  # the Ante returned below a straight
        ],
        refused=(("flop_decision", decide(1, "flop", amount="15")), ("flop_decision", decide(3, "flop")),
                 ("turn_decision", decide(1, "turn", amount="1")),
                 ("settle", {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]}),
                 ("reveal", irregularity("dealer_card_exposed")), ("flop", irregularity("shoe_jam")),
                 ("wagers", wager(7, "ante", "10")), ("wagers", wager(1, "ante", "1"))),
        voids=(("wrong_card_count", "flop"), ("dealer_card_exposed", "turn_decision")),
        least=20,
        outline=(("§ 647a.11(h)(2)(iii)",), ("§ 647a.14", "§ 647a.13(h)", "§ 647a.13(c)(1)")),
    ),
    "677a": Chapter(
        wpt_play, {}, {1: ("ante", "odds", "pocket_bonus"), 3: ("ante", "odds", "trips_plus"),
                       5: ("ante", "odds", "pocket_bonus", "trips_plus")},
        dealing={
            "manual_shoe": ("§ 677a.8(b)", "§ 677a.8(c)", "§ 677a.8(e)", "§ 677a.8(g)"),
            "hand": ("§ 677a.9(b)", "§ 677a.9(b)", "§ 677a.9(d)", "§ 677a.9(f)"),
            "automated_shoe": ("§ 677a.10(a)(2)", "§ 677a.10(b)", "§ 677a.10(d)", "§ 677a.10(f)"),
            "reshuffling_shoe": ("§ 677a.10(a)(2)", "§ 677a.10(g)", None, None),
        },
        steps=frozenset({
            ("preflop_decision", "§ 677a.11(b)"), ("flop", "§ 677a.11(c)"), ("flop_decision", "§ 677a.11(d)"),
            ("turn_river", "§ 677a.11(e)"), ("river_decision", "§ 677a.11(f)"), ("reveal", "§ 677a.11(g)"),
            ("settle", "§ 677a.11(g)"), ("settle_optional", "§ 677a.11(f)"),
        }),
        close="§ 677a.11(j)",
        irregularities={"card_face_up": "§ 677a.13(a)", "wrong_card_count": "§ 677a.13(c)",
                        "dealer_card_exposed": "§ 677a.13(d)", "shoe_jam": "§ 677a.13(f)",
                        "stub_misdealt": "§ 677a.8(g)", "stub_incorrect": "§ 677a.8(g)"},
        stub_between=("turn_river", "river_decision"), stub_board=5,  # § 677a.8(d): after all community cards
        spare=("8c", "8d"),
        reused=("Jc", "turn_river", {"type": "cards", "target": "board", "cards": ["Jc", "3d"]}),
        dealt_at=("reveal", "settle"),
        void_at=("flop", "flop_decision"),
        rounds=lambda: [
            wpt_play.play({1: WH("100", "As Ks", plays="300")}, "Qs Js Ts 4d 4c", "2h 3c",
                          rules={"payout_limit": "50000"}),  # capped
            wpt_play.play({1: WH("10", "Ac Td")}, "Jh Qh Ks 2h 3h", "9h 4c"),  # a bad beat
            wpt_play.play({1: WH("10", "2c 3d")}, "As Ks Qd Jc Th", "4c 5d"),  # a tie
            wpt_play.play({1: WH("10", "Ac Td"), 2: WH("10", "5c 6c")}, "Jh Qd Ks 2c 7d",
                          "9s 4h"),  # no pair for the dealer
            wpt_play.play({1: WH("10", "2c 3d")}, "As Kd 9h 7c 4s", "2d 3c"),  # a tie below a pair
            wpt_play.play({1: WH("10", "2c 3d", pocket_bonus="5")}, "As Kd 9h 7c 5s", "Qd 4c"),  # a loss below a pair
        ],
        refused=(("preflop_decision", decide(1, "raise", amount="40")),
                 ("flop_decision", decide(1, "raise", amount="10")), ("river_decision", decide(5, "raise", amount="1")),
                 ("settle", {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh"]}),
                 ("reveal", irregularity("dealer_card_exposed")), ("flop", irregularity("shoe_jam")),
                 ("no_more_bets", wager(1, "odds", "5")), ("wagers", wager(7, "ante", "10")),
                 ("wagers", wager(1, "ante", "1"))),
        voids=(("wrong_card_count", "flop"), ("dealer_card_exposed", "preflop_decision"),
               ("dealer_card_exposed", "river_decision")),
        least=35,
        outline=(("§ 677a.11(h)(2)(iii)(B)", "§ 677a.10(a)(2)"),
                 ("§ 677a.14", "§ 677a.13(h)", "§ 677a.12(g)",
                  "§ 677a.8(h)")),  # § 677a.8(h): Chapter 647a's misdeal paragraph, not 677a's
    ),
    "643a": Chapter(
        lir_play, lir_play.ROUND_RULES, {2: ("bet1", "bet2", "bet3", "five_card_bonus"),
                                         5: ("bet1", "bet2", "bet3", "three_card_bonus", "six_card_bonus")},
        dealing={
            "manual_shoe": ("§ 643a.8(b)", "§ 643a.8(d)", "§ 643a.8(f)", "§ 643a.8(h)"),
            "hand": ("§ 643a.9(a)(3)", "§ 643a.9(b)", "§ 643a.9(d)", "§ 643a.9(f)"),
            "automated_shoe": ("§ 643a.10(a)(2)", "§ 643a.10(b)", "§ 643a.10(d)", "§ 643a.10(f)"),
            "reshuffling_shoe": ("§ 643a.10(a)(2)", "§ 643a.10(g)", None, None),
        },
        steps=frozenset({
            ("bet1_decision", "§ 643a.11(b)"), ("first_community_card", "§ 643a.11(c)"),
            ("bet2_decision", "§ 643a.11(d)"), ("second_community_card", "§ 643a.11(e)"), ("settle", "§ 643a.11(f)"),
            ("settle", "§ 643a.11(g)(6)"),  # the Six Card Bonus cards, turned within the settlement
        }),
        close="§ 643a.11(h)",
        irregularities={"card_face_up": "§ 643a.13(a)", "wrong_card_count": "§ 643a.13(c)",
                        "community_card_exposed": "§ 643a.13(d)", "shoe_jam": "§ 643a.13(f)",
                        "stub_misdealt": "§ 643a.8(h)", "stub_incorrect": "§ 643a.8(h)"},
        # § 643a.8(e)-(f): the stub leaves the shoe once the cards are dealt, before any decision.
        stub_between=("deal", "bet1_decision"), stub_board=0,
        spare=("Qs", "Qd"),
        reused=("Qs", "settle", {"type": "cards", "target": "seat:5", "cards": ["Qs", "Td", "2s"]}),
        # Every card of the round is dealt at once (§ 643a.8(d)-(e)): none is dealt after the deal.
        dealt_at=("bet1_decision", "second_community_card", "settle"),
        void_at=("deal", "bet2_decision", "settle"),
        rounds=lambda: [
            lir_play.play({1: LH("25", "As Ks Qs", five_card_bonus="5", three_card_bonus="5", six_card_bonus="5")},
                          "Js Ts", "2c 3d 4h", rules=LIR_RULES),  # capped; the six-card wager loses
            lir_play.play({1: LH("25", "Ah Kd 2c", five_card_bonus="5", three_card_bonus="5")}, "Ac 7d",
                          rules=LIR_RULES),  # a pair of aces: 1 for 1, a push; three cards lose
            lir_play.play({1: LH("25", "2h 3d 7c", five_card_bonus="5")}, "9s Jd", rules=LIR_RULES),  # all lose
        ],
        refused=(("bet2_decision", decide(2, "pull", step="bet1_decision")), ("bet1_decision", decide(5, "pull")),
                 ("settle", {"type": "cards", "target": "seat:2", "cards": ["Ah", "Kh", "4c"]}),
                 ("settle", irregularity("community_card_exposed")), ("settle", irregularity("card_face_up")),
                 ("deal", irregularity("shoe_jam")),
                 ("deal", {"type": "deal", "cards": {"dealer": ["2c", "3c", "4c"]}}),
                 ("six_card_bonus_cards", {"type": "cards", "target": "board", "cards": ["2c"]}),
                 ("no_more_bets", wager(2, "bet1", "1")), ("wagers", wager(8, "bet1", "10")),
                 ("wagers", wager(1, "five_card_bonus", "1"))),
        voids=(("wrong_card_count", "settle"), ("community_card_exposed", "bet2_decision")),
        least=30,
        outline=(("§ 643a.11(g)(6)(i)",), ("§ 643a.14", "§ 643a.13(h)", "§ 643a.12(i)")),
    ),
}
LIR_RULES = {"five_card_bonus_paytable": "B", "three_card_bonus_paytable": "A", "six_card_bonus_paytable": "A",
             "approval_threshold": "1", "payout_limit": "50000"}

EACH = pytest.mark.parametrize("chapter", CHAPTERS.values(), ids=CHAPTERS)


def each(attribute: str, *, having: str = ""):
    """Parametrise over (chapter, one item of its ``attribute``); with ``having``, only the dealing
    methods that have that step (a reshuffling shoe counts the cards itself: it has no stub count)."""
    position = ("announce", "deal", "stub_count", "misdeal").index(having) if having else None
    cases = [(chapter, item) for chapter in CHAPTERS.values() for item in getattr(chapter, attribute)
             if position is None or chapter.dealing[item][position]]
    ids = [f"{chapter.game.chapter}-{item}" for chapter, item in cases]
    return pytest.mark.parametrize("chapter, item", cases, ids=ids)


# -- The chapters' outlines and the citation check -------------------------------------------------


@pytest.mark.parametrize("number", sorted(OUTLINES))
def test_each_chapters_outline_gives_its_thirteen_sections(number):
    assert sorted(Outline(number).sections) == list(range(1, 14))


@pytest.mark.parametrize("citation", [c for chapter in CHAPTERS.values() for c in chapter.outline[0]])
def test_the_citation_check_accepts_a_paragraph_the_chapter_has(citation):
    assert Outline(citation[2:6]).names_a_real_section(citation)


@pytest.mark.parametrize("citation", [c for chapter in CHAPTERS.values() for c in chapter.outline[1]])
def test_the_citation_check_rejects_a_section_the_chapter_does_not_have(citation):
    assert not Outline(citation[2:6]).names_a_real_section(citation)


@EACH
def test_every_section_written_in_this_table_exists_in_the_chapter(chapter):
    written = {s for sections in chapter.dealing.values() for s in sections if s} | {s for _, s in chapter.steps}
    written |= {chapter.close, *chapter.irregularities.values()}
    assert sorted(s for s in written if not Outline(chapter.game.chapter).names_a_real_section(s)) == []


# -- The dealing methods of §§ .8-.10 --------------------------------------------------------------


@each("dealing")
def test_each_prompt_names_the_section_of_the_tables_dealing_method(chapter, item):
    prompts = []
    announce, deal, stub, _ = chapter.dealing[item]
    rnd = chapter.at(rules={"dealing_method": item, "stub_count_due": True}, stub_count="correct" if stub else None,
                     prompts=prompts)
    expected = {("wagers", announce), ("deal", deal), *chapter.steps} | ({("stub_count", stub)} if stub else set())
    assert {(p.step, p.section) for p in prompts} == expected  # a reshuffling shoe counts the cards itself
    assert rnd.prompt.section == chapter.close


# -- The stub count: §§ .8-.10 (d)-(h) --------------------------------------------------------------

STUB_DUE = {"stub_count_due": True}


@EACH
def test_the_stub_count_is_prompted_where_the_chapter_puts_it_when_it_is_due(chapter):
    prompts = []
    rnd = chapter.at("stub_count", rules=STUB_DUE, stub_count="correct", prompts=prompts)
    assert (rnd.prompt.step, rnd.prompt.section) == ("stub_count", chapter.dealing["manual_shoe"][2])
    assert prompts[-1].step == chapter.stub_between[0] and len(rnd.board) == chapter.stub_board
    assert [c.action["result"] for c in rnd.prompt.choices] == ["correct", "misdealt", "incorrect"]


@pytest.mark.parametrize("rules", [{}, {"stub_count_due": True, "counting_shuffler": True},
                                   {"stub_count_due": True, "dealing_method": "reshuffling_shoe"}],
                         ids=["not due", "counting shuffler", "reshuffling shoe"])
@EACH
def test_no_stub_count_is_prompted_when_not_due_with_a_counting_shuffler_or_a_reshuffling_shoe(chapter, rules):
    prompts = []
    chapter.at(rules=rules, prompts=prompts)
    assert "stub_count" not in {p.step for p in prompts}


@EACH
def test_a_correct_stub_count_lets_the_round_go_on(chapter):
    rnd = chapter.at(chapter.stub_between[1], rules=STUB_DUE, stub_count="correct")
    assert rnd.prompt.step == chapter.stub_between[1] and rnd.void_pending is None


@pytest.mark.parametrize("result, deck_removed", [("misdealt", False), ("incorrect", True)])
@EACH
def test_a_wrong_stub_count_voids_the_round_and_returns_every_wager(chapter, result, deck_removed):
    rnd = chapter.at(chapter.stub_between[1], rules=STUB_DUE, stub_count=result)
    assert rnd.prompt.waiting_for_floor
    # If the cards were not misdealt, the entire deck is removed from the table (§ 647a.8(h), § 677a.8(g)).
    assert rnd.void_pending.removes_deck is deck_removed
    rnd = approve_void(rnd, chapter.round)
    assert_every_wager_returned(rnd, chapter.dealing["manual_shoe"][3], chapter.placed)
    assert rnd.void.removes_deck is deck_removed


@each("dealing", having="misdeal")
def test_a_wrong_stub_count_cites_the_misdeal_rule_of_the_tables_dealing_method(chapter, item):
    misdeal = chapter.dealing[item][3]
    rnd = chapter.at(chapter.stub_between[1], rules={**STUB_DUE, "dealing_method": item}, stub_count="misdealt")
    assert (rnd.void_pending.section, rnd.approvals[0].section) == (misdeal, misdeal)


@EACH
def test_an_unknown_stub_count_result_is_refused(chapter):
    rnd = chapter.at("stub_count", rules=STUB_DUE, stub_count="correct")
    refuse(rnd, {"type": "stub_count", "result": "about right"}, "correct, misdealt")


# -- Irregularities: § .13 ----------------------------------------------------------------------------


@EACH
def test_the_game_knows_the_irregularities_of_its_chapter_each_with_its_section(chapter):
    assert {kind: irr.section for kind, irr in chapter.game.irregularities.items()} == chapter.irregularities


@EACH
def test_an_irregularity_while_the_round_is_taking_wagers_is_refused(chapter):
    rnd = chapter.at("no_more_bets")
    for kind, section in chapter.irregularities.items():
        if not kind.startswith("stub_"):  # a stub count is reported as such, never as an irregularity
            assert refuse(rnd, irregularity(kind), "still taking wagers").section == section


@EACH
def test_an_unknown_irregularity_is_refused(chapter):
    refuse(chapter.at("deal"), irregularity("spilled_drink"), "Unknown irregularity 'spilled_drink'")


@EACH
def test_one_card_found_face_up_is_taken_out_of_play_and_the_round_goes_on(chapter):
    before = chapter.at("deal")
    rnd = tap(before, irregularity("card_face_up", card=chapter.spare[0]))
    assert rnd.void_pending is None and rnd.void is None
    assert rnd.prompt.step == before.prompt.step == "deal"
    assert [card.code for card in rnd.discarded] == [chapter.spare[0]]
    assert rnd.approvals == []


@EACH
def test_the_card_found_face_up_cannot_be_used_later_in_the_round(chapter):
    card, phase, action = chapter.reused
    rnd = chapter.at(phase, before={"deal": [irregularity("card_face_up", card=card)]})
    refuse(rnd, action, f"{card} is already on the table")


@EACH
def test_a_card_found_face_up_in_the_virtual_shoe_is_never_dealt(chapter):
    # The card "may not be used in that round of play" (§ .13(a)).  Training mode's shoe holds the
    # ace of spades next; reported face up, it goes to the discards and the deal skips it: every seat
    # and zone gets what a shoe without it would have dealt.
    rest = [card.code for card in chapter.game.deck.cards() if card.code != "As"]
    wagers = [action for phase, action in chapter.helper.round_actions(*chapter.helper.ROUND) if phase == "wagers"]

    def dealt(order, found):
        rnd = RoundState(chapter.game, chapter.rules, shoe_order=order)
        for action in [*wagers, {"type": "no_more_bets"}, *found, {"type": "deal"}]:
            rnd = tap(rnd, action)
        return rnd

    skipped = dealt(["As", *rest], [irregularity("card_face_up", card="As")])
    assert [card.code for card in skipped.discarded] == ["As"]
    cards = [card for card in skipped.used_cards() if card not in skipped.discarded]
    assert cards and cards == dealt(rest, []).used_cards()


@EACH
def test_more_than_one_card_found_face_up_while_dealing_voids_the_round_and_returns_every_wager(chapter):
    first, second = chapter.spare
    rnd = tap(tap(chapter.at("deal"), irregularity("card_face_up", card=first)), irregularity("card_face_up",
                                                                                             card=second))
    section = chapter.irregularities["card_face_up"]
    assert rnd.void_pending.label == "More than one card found face up while dealing"
    assert rnd.prompt.waiting_for_floor and rnd.prompt.section == section
    (approval,) = rnd.approvals
    assert (approval.kind, approval.status, approval.section) == ("void", "pending", section)
    refuse(rnd, {"type": "deal"}, "waits for a floorperson")
    assert_every_wager_returned(approve_void(rnd, chapter.round), section, chapter.placed)


@each("dealt_at")
def test_a_card_found_face_up_once_every_card_is_dealt_is_refused(chapter, item):
    # The rule is about a card found face up "while the cards are being dealt" (§ .13(a)).
    refusal = refuse(chapter.at(item), irregularity("card_face_up", card=chapter.spare[0]),
                     "Every card of the round has been dealt")
    assert refusal.section == chapter.irregularities["card_face_up"]


@each("void_at")
def test_an_incorrect_number_of_cards_voids_the_round_and_returns_every_wager(chapter, item):
    section = chapter.irregularities["wrong_card_count"]
    rnd = tap(chapter.at(item), irregularity("wrong_card_count"))
    assert rnd.approvals[0].section == section
    assert_every_wager_returned(approve_void(rnd, chapter.round), section, chapter.placed)


@each("void_at")
def test_a_void_refused_by_the_floorperson_lets_the_round_go_on_at_the_same_prompt(chapter, item):
    before = chapter.at(item)
    rnd = tap(tap(before, irregularity("wrong_card_count")), {"type": "refuse", "approval": 1})
    assert rnd.void is None and rnd.void_pending is None and rnd.prompt == before.prompt
    assert rnd.approvals[0].status == "refused"
    refused = [irregularity("wrong_card_count"), {"type": "refuse", "approval": 1}]
    assert chapter.at(before={item: refused}).lines == chapter.at().lines  # and it settles as if nothing happened


@each("void_at")
def test_a_void_round_refuses_a_second_irregularity(chapter, item):
    rnd = tap(chapter.at(item), irregularity("wrong_card_count"))
    for kind in chapter.irregularities:
        refuse(rnd, irregularity(kind), "already being voided")


@each("void_at")
def test_a_void_round_closes_without_a_payout_approval_for_the_returned_wagers(chapter, item):
    rnd = tap(chapter.at(item, rules={"approval_threshold": "1"}), irregularity("wrong_card_count"))
    rnd = tap(approve_void(rnd, chapter.round), {"type": "close"})
    assert rnd.closed and [a.kind for a in rnd.approvals] == ["void"]


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
@EACH
def test_a_shoe_jam_is_refused_on_a_table_without_an_automated_shoe(chapter, method):
    rnd = chapter.at(chapter.void_at[0], rules={"dealing_method": method})
    refusal = refuse(rnd, irregularity("shoe_jam"), "does not deal from an automated shoe")
    assert refusal.section == chapter.irregularities["shoe_jam"]


@pytest.mark.parametrize("method", ["automated_shoe", "reshuffling_shoe"])
@EACH
def test_a_shoe_jam_voids_the_round_and_returns_every_wager_the_side_wagers_too(chapter, method):
    rnd = tap(chapter.at(chapter.void_at[0], rules={"dealing_method": method}), irregularity("shoe_jam"))
    assert_every_wager_returned(approve_void(rnd, chapter.round), chapter.irregularities["shoe_jam"], chapter.placed)


# -- Every citation names a real section of the chapter --------------------------------------------


def every_citation(chapter: Chapter) -> set[str]:
    """The sections of every prompt, settlement line, approval, irregularity, refusal, rules option
    and paytable the engine can show for the game."""
    game = chapter.game
    citations = {irr.section for irr in game.irregularities.values()} | {game.wager_section, game.table_section}
    citations |= {value.section for value in (getattr(game, name) for name in dir(game))
                  if isinstance(value, Irregularity)}  # the voids a second card found face up brings
    citations |= {option.section for option in game.rule_options if option.section}
    citations |= {table.section for table in all_paytables() if table.game == game.slug}
    prompts, rounds = [], chapter.rounds()
    for method, (_, _, stub, _) in chapter.dealing.items():
        rules = {"dealing_method": method, "stub_count_due": True, "approval_threshold": "1"}
        rounds.append(chapter.at(rules=rules, stub_count="correct" if stub else None, prompts=prompts))
        if stub:
            misdealt = chapter.at(chapter.stub_between[1], rules=rules, stub_count="misdealt")
            rounds.append(approve_void(misdealt, chapter.round, prompts))
    for kind, phase in chapter.voids:
        rnd = tap(chapter.at(phase), irregularity(kind))
        prompts.append(rnd.prompt)
        rounds.append(approve_void(rnd, chapter.round, prompts))
    for phase, action in chapter.refused:
        with pytest.raises(Refused) as refusal:
            tap(chapter.at(phase), action)
        citations.add(refusal.value.section)
    citations |= {p.section for p in prompts}
    for rnd in rounds:
        citations |= {line.section for line in rnd.lines} | {a.section for a in rnd.approvals}
        citations.add(rnd.prompt.section)
    return citations


@EACH
def test_every_section_the_engine_cites_exists_in_the_chapter(chapter):
    citations = every_citation(chapter)
    assert len(citations) > chapter.least
    assert sorted(c for c in citations if not Outline(chapter.game.chapter).names_a_real_section(c)) == []
