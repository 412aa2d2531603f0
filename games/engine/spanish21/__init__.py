"""Spanish 21, Chapter 635a (42 Pa.B. 2686).

Six or eight decks of 48 cards, the tens removed (§ 635a.3).  Each box plays a Spanish 21 Wager
against the dealer's hand, with an optional Match-the-Dealer Wager on its first two cards
(§ 635a.6).  Every card a player gets is dealt face up and entered as it falls; the dealer's up
card too, the hole card when it is turned (§ 635a.7(e), (k)).

The round: Match-the-Dealer settled right after the deal (§ 635a.7(f)); Insurance offered on an
ace (§ 635a.8); the card reader's peek on an ace or face card, an input of the log (§ 635a.7(g));
each hand in turn: a Blackjack paid at once on a 2-9 up card, else surrender, double down (with
the rescue of § 635a.10(d)), split (§ 635a.11), stand or hit (§ 635a.7(h)-(j)); the hole card;
the dealer's draws to 17, none when no hand depends on them (§ 635a.7(l)-(m)); then every hand
against the dealer's, in the order the table's Rules Submission picks (§ 635a.7(p)), with the
bonus 21s of § 635a.12(b) and the fixed payouts of § 635a.12(c).

    game            the game's data, rules options and procedure
    hands           what a hand is now (Blackjack, doubled, split, surrendered, dead)
    play            the Insurance offer, the peek, each hand's turn
    settlement      the settlement lines
    irregularities  § 635a.13
"""

from games.engine.spanish21.game import GAME, Spanish21

__all__ = ["GAME", "Spanish21"]
