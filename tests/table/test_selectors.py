"""How the settlement is laid out for the dealer."""

from games.engine.core import RoundState
from games.engine.registry import game_for
from games.table.selectors import in_wager_order
from tests.engine.play import tap


def test_a_seats_lines_follow_the_settlement_order_with_decided_wagers_among_them():
    rnd = RoundState(game_for("texas-holdem-bonus"), {})
    for action in [
        {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
        {"type": "place_wager", "seat": 1, "wager": "bonus", "amount": "5"},
        {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"},
        {"type": "place_wager", "seat": 2, "wager": "bonus", "amount": "5"},
        {"type": "no_more_bets"}, {"type": "deal"},
        {"type": "decide", "seat": 1, "choice": "flop"}, {"type": "decide", "seat": 2, "choice": "fold"},
        {"type": "cards", "target": "board", "cards": ["2c", "7d", "9s"]},
        {"type": "decide", "seat": 1, "choice": "check"},
        {"type": "cards", "target": "board", "cards": ["Jh"]},
        {"type": "decide", "seat": 1, "choice": "check"},
        {"type": "cards", "target": "board", "cards": ["3s"]},
        {"type": "cards", "target": "dealer", "cards": ["Kc", "Qc"]},
        {"type": "cards", "target": "seat:1", "cards": ["As", "Ad"]},
        {"type": "cards", "target": "seat:2", "cards": ["8h", "8d"]},
    ]:
        rnd = tap(rnd, action)
    # § 647a.11(h)(2)-(3): the Ante and Flop Wager first, then the Bonus Wager, although the Bonus
    # was placed second; the folded seat's Ante, collected at the fold (§ 647a.11(b)(2)), comes
    # before its Bonus, settled at the end.
    assert [line.wager for line in in_wager_order(rnd, 1)] == ["ante", "flop", "bonus"]
    assert [(line.wager, line.stage) for line in in_wager_order(rnd, 2)] == [("ante", "decision"),
                                                                             ("bonus", "settle")]


def test_the_card_picker_follows_the_games_deck():
    from types import SimpleNamespace

    from games.engine.cards import Deck, parse_cards
    from games.table.selectors import card_picker

    # Two decks without tens: a card already used once is still offered; used twice, it is greyed out.
    deck = Deck(decks=2, without_ranks=(10,), section="§ 635a.3")
    state = SimpleNamespace(deck=deck, used_cards=lambda: list(parse_cards("7s 7s 9h", repeats=True)))
    cards = {c["code"]: (c["used"], c["out"]) for row in card_picker(state) for c in row}
    assert len(cards) == 48 and "Ts" not in cards
    assert (cards["7s"], cards["9h"], cards["Ah"]) == ((True, 2), (False, 1), (False, 0))
