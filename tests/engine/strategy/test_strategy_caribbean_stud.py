"""Caribbean Stud Poker under optimal strategy (games/engine/strategy/caribbean_stud.py).

Payouts per Ante (§ 639a.11(c)(3), § 639a.12(a)-(b)): a dealer below ace-king does not qualify,
+1 (the Ante wins 1 to 1, the Bet of two Antes is returned); a qualifying dealer the player beats,
+1 + 2b with b the Bet's odds (1 for a pair or less); a tie, 0; a dealer who beats the player, -3.
Folding loses the Ante: -1.
"""

import time
from fractions import Fraction
from itertools import combinations

import pytest

from games.engine.cards import FULL_DECK, CardError, parse_cards
from games.engine.hands.high import ACE_KING, rank_value
from games.engine.strategy import caribbean_stud
from games.engine.strategy.dealing import Deck


def unseen_only(player, up, unseen):
    """The cards seen besides the player's and the up card, so that only ``unseen`` are left."""
    kept = set(parse_cards(f"{player} {up} {unseen}"))
    return [card for card in FULL_DECK if card not in kept]


def value(player, up, unseen):
    (up_card,) = parse_cards(up)
    return caribbean_stud.decision(parse_cards(player), up_card, seen=unseen_only(player, up, unseen))


def test_five_unseen_cards_by_hand_two_beaten_two_not_qualifying_one_flush():
    # Pair of 5s against the 2c; the dealer's four hole cards are four of Ac Kc 9c 7c Qd (five ways):
    #   without Qd: 2c Ac Kc 9c 7c, a club flush: beats the pair           -3
    #   without Ac: K-Q high, without Kc: A-Q high: the dealer does not qualify, +1 each
    #   without 9c: A-K-Q-7-2, without 7c: A-K-Q-9-2: qualify, lose to the pair, +3 each
    # bet = (-3 + 1 + 1 + 3 + 3) / 5 = 1
    decision = value("5h 5d Kh 8s 3d", "2c", "Ac Kc 9c 7c Qd")
    assert decision.options == (("fold", -1), ("bet", 1))
    assert decision.best == "bet"


def test_five_unseen_cards_by_hand_a_tie_and_a_dealer_not_qualifying():
    # A-K-Q-J-9 offsuit against the Ac; hole cards four of Ks Qc Jd 9h 2s:
    #   without Ks: A-Q-J-9-2 does not qualify +1; without Qc: A-K-J-9-2, without Jd: A-K-Q-9-2,
    #   without 9h: A-K-Q-J-2 qualify and lose, +3 each; without 2s: A-K-Q-J-9 ties, 0.
    # bet = (1 + 3 + 3 + 3 + 0) / 5 = 2
    assert value("Ah Kh Qd Js 9c", "Ac", "Ks Qc Jd 9h 2s").ev("bet") == 2


def test_five_unseen_cards_by_hand_the_dealer_pairs_four_times_out_of_five():
    # The same hand against the Ac with Ks Qc Jd 9h As unseen: every hole holding the As makes a
    # pair of aces (-3, four ways); without it, A-K-Q-J-9 ties (0).  bet = -12/5: fold.
    decision = value("Ah Kh Qd Js 9c", "Ac", "Ks Qc Jd 9h As")
    assert (decision.ev("bet"), decision.best) == (Fraction(-12, 5), "fold")


# The published strategy (Wizard of Odds): every pair or better bets, less than ace-king folds, and an
# ace-king bets when the up card (2 to Q) matches one of the player's cards, when the up card is an ace or
# king and the player holds a queen or jack, or with a queen when the up card is below the fourth
# highest card.
@pytest.mark.parametrize("player, up, best", [
    ("As Kd Jc 8h 3s", "8c", "bet"),   # matches the 8
    ("As Kd Jc 8h 3s", "7c", "fold"),  # no match, no queen
    ("As Kd Jc 8h 3s", "Qc", "fold"),  # no match
    ("As Kd Jc 8h 3s", "Ac", "bet"),   # ace up, the player holds a jack
    ("As Kd 9c 8h 3s", "Kc", "fold"),  # king up, no queen nor jack
    ("As Kd Qc 8h 3s", "7c", "bet"),   # a queen, the 7 below the fourth card (8)
    ("As Kd Qc 8h 3s", "9c", "fold"),  # a queen, the 9 above the fourth card
    ("As Qd Jc 9h 8s", "2c", "fold"),  # less than ace-king
    ("2s 2d 4c 5h 7s", "Ac", "bet"),   # the least pair, against an ace
])
def test_the_published_strategy_boundary_hands(player, up, best):
    (up_card,) = parse_cards(up)
    assert caribbean_stud.decision(parse_cards(player), up_card).best == best


def brute_force(deck):
    """Every deal of the player's five, the up card and the dealer's four, one by one."""
    odds = caribbean_stud.bet_odds()
    cards = deck.indices()
    total, deals, bets = Fraction(0), 0, 0
    for player in combinations(cards, 5):
        mine = rank_value(player)
        rest = [card for card in cards if card not in player]
        for up in rest:
            won = lost = 0
            holes = list(combinations([card for card in rest if card != up], 4))
            for hole in holes:
                dealer = rank_value((up, *hole))
                if dealer < ACE_KING:
                    won += 1
                elif dealer < mine:
                    won += 1 + 2 * odds(mine)
                elif dealer > mine:
                    lost += 3
            bet = Fraction(won - lost, len(holes))
            total += max(bet, -1)
            deals += 1
            bets += bet > -1
    return -total / deals, 1 + Fraction(2 * bets, deals)


@pytest.mark.parametrize("deck", [Deck((9, 10, 11, 12, 13, 14), 2), Deck((2, 3, 4, 5, 13, 14), 2)],
                         ids=["9 to ace, two suits", "2 to 5, king, ace, two suits"])
def test_the_counted_edge_is_the_edge_of_dealing_every_hand_of_a_reduced_deck(deck):
    edge = caribbean_stud.house_edge(deck)
    assert (edge.edge, edge.average_wagered) == brute_force(deck)
    assert edge.strategy.rows and edge.published is None


def test_a_decision_on_a_reduced_deck_is_the_brute_force_one():
    deck = Deck((9, 10, 11, 12, 13, 14), 2)
    player, up = parse_cards("As Ks Qh 9s 9h"), parse_cards("Th")[0]
    decision = caribbean_stud.decision(player, up, deck=deck)
    unseen = [i for i in deck.indices() if i not in {c.index for c in (*player, up)}]
    mine = rank_value([c.index for c in player])
    results = []
    for hole in combinations(unseen, 4):
        dealer = rank_value((up.index, *hole))
        results.append(1 if dealer < ACE_KING else 3 if dealer < mine else 0 if dealer == mine else -3)
    assert decision.ev("bet") == Fraction(sum(results), len(results))


def test_cards_that_cannot_be_dealt_are_refused_by_name():
    player = parse_cards("As Kd Jc 8h 3s")
    with pytest.raises(CardError, match="both in the player's hand and among the dealer's up card"):
        caribbean_stud.decision(player, parse_cards("As")[0])
    with pytest.raises(CardError, match="formed from 5 cards, not 4"):
        caribbean_stud.decision(player[:4], parse_cards("2c")[0])


def test_a_decision_is_valued_in_under_50_ms():
    player, up = parse_cards("As Kd Jc 8h 3s"), parse_cards("8c")[0]
    times = []
    for _ in range(5):
        start = time.perf_counter()
        caribbean_stud.decision(player, up)
        times.append(time.perf_counter() - start)
    assert min(times) < 0.05
