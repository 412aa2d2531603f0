"""Let It Ride Poker, Chapter 643a.

Each player places three equal wagers, Bet Number 1, 2 and 3 (§ 643a.7(d)), and is dealt three
cards; two community cards lie face down in front of the dealer.  Before the first community
card is turned each player withdraws Bet 1 or lets it ride (§ 643a.11(b)); before the second,
Bet 2 (§ 643a.11(d)).  Bet 3 always stays.  There is no dealer's hand: the player's three cards
and the two community cards win on a pair of 10s or better, on the table's paytable
(§ 643a.11(f), § 643a.12(a)), subject to the optional per-hand payout limit of § 643a.12(h).

The optional side wagers the table selects are settled after the Let It Ride Wagers, each on
its own table and untouched by a withdrawn bet or the payout limit (§ 643a.7(k), § 643a.12(h)):
the Five Card Bonus on the same five cards (§ 643a.12(b)), the Three Card Bonus on the player's
three cards (§ 643a.12(c)) and the Six Card Bonus on the player's three cards with the three
Six Card Bonus cards (§ 643a.12(g)).

The Three- and Five-Card Progressive Payout Wagers (§ 643a.7(g), (h)) are offered while a
progressive meter feeds the table (one of them: a table offers one progressive, § 605a.7(e)(2)):
settled after the bonus wagers on the player's three cards, or on the five cards, a top hand paid
a share of its tier's meter at the player's turn (§ 643a.12(d)(4), (e)(4)), and their wagerers an
Envy Bonus for each other player's qualifying hand (§ 643a.11(g)(3)(v), (4)(v)).  The Five Card Hand
Bonus Wager (Magic Card, Lucky Bonus) needs an electronic wagering system and is not offered yet.

    game        the game's data, rules options and procedure
    steps       three equal bets, the deal with the Six Card Bonus cards, each bet withdrawn or let ride
    settlement  the settlement lines and the Envy Bonuses

Reading of § 643a.12(b), the Five Card Bonus: paid "X for 1", not "X to 1"
---------------------------------------------------------------------------------------
The current chapter prints these payouts as "20,000 to 1" ... "2 to 1".  Read literally
("to 1" returns the stake and X times it), Paytables A, B, D and E would return more than is
wagered: +19.0%, +10.8%, +9.3% and +0.4% to the player, a table no Rules Submission could be
approved with.  The regulation's own text says how the figures were meant:

* § 643a.8(b)(1), § 643a.9(a)(3)(i) and § 643a.10(a)(2)(i): on a table game system the dealer
  collects every Five Card Bonus Wager into the table inventory container before a card is
  dealt.  Nothing of the wager is left on the layout to be returned with a win: what the
  paytable gives is everything the player receives.
* The same tables as amended in 2014 (44 Pa.B. 5463) printed the same numbers as dollar amounts
  ("$20,000", "$2", and "$0" where the cell is now empty) for the $1 wager, paid "at the
  amounts" in the table: $2 for a $1 wager is 2 for 1.  The 2019 text generalised the $1 wager
  to any amount ("at the odds") without changing a figure.

So each printed "X to 1" is paid as "X for 1": X times the wager in all, the wager included.
Every table then holds a house edge (A 4.9%, B 13.1%, C 13.8%, D 14.6%, E 7.2%, F 15.3%,
G 24.1%); C's 13.8% is the long-published figure of the classic $1 Let It Ride Bonus with the
same payouts.  A pair of 10s on Paytables B and D, "1 to 1", so gives the wager back and
nothing more: it is shown as a push.  The paytables module (ch643a) carries this reading.
"""

from games.engine.let_it_ride.game import GAME, LetItRide

__all__ = ["GAME", "LetItRide"]
