"""Spanish 21 settlement lines, each with the section that decides it and the one that pays it.

Wagers settled as the round goes: Match-the-Dealer right after the deal (§ 635a.7(f)), losing
Insurance at the peek (§ 635a.8(d)), even money (§ 635a.8(e)), a Blackjack paid at once
(§ 635a.7(h)(1)(i)), a surrender (§ 635a.9), a rescue (§ 635a.10(d)), a hand called dead
(§ 635a.13); then every hand against the dealer's (§ 635a.7(n)-(p), § 635a.12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.core.records import DECISION, IMMEDIATE, LOSE, PUSH, RETURNED, WIN, SettlementLine
from games.engine.core.state import Hand, Seat
from games.engine.hands.blackjack import spanish21_bonus
from games.engine.money import EVEN_MONEY, Cents, Odds, dollars
from games.engine.paytables import FixedAmount, paytable
from games.engine.spanish21 import hands as h

if TYPE_CHECKING:
    from games.engine.core.machine import RoundState

SLUG = "spanish-21"
MAIN = paytable(SLUG, "main")
INSURANCE = paytable(SLUG, "insurance")
# § 635a.12(b): the paragraph of each bonus row.
BONUS_PARAGRAPHS = {
    "six_seven_eight_mixed": "(b)(1)", "six_seven_eight_suited": "(b)(2)", "six_seven_eight_spades": "(b)(2)",
    "three_sevens_mixed": "(b)(3)", "three_sevens_suited": "(b)(4)", "three_sevens_spades": "(b)(4)",
    "five_card_21": "(b)(5)", "six_card_21": "(b)(6)", "seven_or_more_card_21": "(b)(7)",
}
SEVENS_LOW, SEVENS_HIGH = 5_00, 25_00  # § 635a.12(c)(1)-(2): the original wager's bands


def cards(hand_cards) -> str:
    return " ".join(card.code for card in hand_cards)


def half(stake: Cents) -> Cents:
    """Half a wager, as a surrender collects it (§ 635a.9(a)): an odd cent stays with the player."""
    return stake // 2


# -- settled as the round goes -------------------------------------------------------------------

def match_the_dealer(rnd: RoundState, decks: int) -> list[SettlementLine]:
    """§ 635a.7(f): from the dealer's right, each player's first two cards against the up card; each
    card of its rank is paid on § 635a.12(e) (a king matches only a king, (f)(1)), both when both
    match ((f)(2))."""
    table = paytable(SLUG, "match_the_dealer", f"{decks} decks")
    suited, offsuit = table.row("match_same_suit"), table.row("match_different_suit")
    up = h.up_card(rnd)
    lines = []
    for number in reversed(rnd.playing_seats()):
        seat = rnd.seats[number]
        if "match_the_dealer" not in seat.wagers or h.seat_dead(seat):
            continue
        stake = seat.wagers["match_the_dealer"]
        matches = [suited if card == up else offsuit for card in seat.cards[:2] if card.rank == up.rank]
        shown = f"{cards(seat.cards[:2])} against the dealer's up card {up.code}"
        if not matches:
            lines.append(SettlementLine(number, "match_the_dealer", stake, LOSE, stake, "§ 635a.7(f)",
                                        hand=f"{shown}: no card of its rank", stage=IMMEDIATE))
            continue
        won = sum(row.payout.winnings(stake) for row in matches)
        section = "§ 635a.7(f)(2)" if len(matches) == 2 else table.section
        named = [row.label.lower().removeprefix("each ") for row in matches]
        if len(named) == 2 and named[0] == named[1]:
            named = [named[0].replace("matching card", "two matching cards")]
        lines.append(SettlementLine(
            number, "match_the_dealer", stake, WIN, won, section, odds=" + ".join(str(r.payout) for r in matches),
            hand=f"{shown}: " + " and ".join(named) + f" ({table.letter} of 48 cards, § 635a.12(e))",
            stage=IMMEDIATE))
    return lines


def insurance_lost(rnd: RoundState) -> list[SettlementLine]:
    """§ 635a.8(d): the card reader shows no Blackjack; losing Insurance is collected before any draw.
    The line says what decided it, the reader's answer: a hole card turned later may still make a
    Blackjack the reader missed, and the Insurance stays collected."""
    return [SettlementLine(n, "insurance", rnd.seats[n].wagers["insurance"], LOSE, rnd.seats[n].wagers["insurance"],
                           "§ 635a.8(d)", hand="The card reader shows no Blackjack", stage=IMMEDIATE)
            for n in reversed(rnd.playing_seats()) if "insurance" in rnd.seats[n].wagers]


def even_money(seat: Seat) -> SettlementLine:
    stake = seat.wagers["main"]
    return SettlementLine(seat.number, "main", stake, WIN, EVEN_MONEY.winnings(stake), "§ 635a.8(e)",
                          odds=str(EVEN_MONEY), hand=f"Blackjack {cards(seat.cards)}",
                          note="Even money instead of Insurance: the cards are removed", stage=DECISION)


def blackjack_at_once(rnd: RoundState, seat: Seat) -> SettlementLine:
    """§ 635a.7(h)(1)(i): the up card is 2-9, so no dealer's hand can beat or tie it: paid 3 to 2 now."""
    stake = seat.wagers["main"]
    row = MAIN.row("blackjack")
    return SettlementLine(seat.number, "main", stake, WIN, row.payout.winnings(stake), "§ 635a.12(a)",
                          odds=str(row.payout), hand=f"Blackjack {cards(seat.cards)} against the up card "
                          f"{h.up_card(rnd).code}", note="Paid at once and the cards removed (§ 635a.7(h)(1)(i))",
                          stage=IMMEDIATE)


def surrender(rnd: RoundState, seat: Seat, hand: Hand, stage: str) -> SettlementLine:
    """§ 635a.9(a): half the wager collected and half returned; the whole of it when the dealer's
    hole card gives a Blackjack ((a)(2))."""
    stake = hand.wagers["main"]
    up = h.up_card(rnd)
    if h.dealer_blackjack(rnd):
        return SettlementLine(seat.number, "main", stake, LOSE, stake, "§ 635a.9(a)(2)", hand_no=hand.number,
                              hand=f"Surrendered {cards(hand.cards)}; the dealer has Blackjack", stage=stage)
    section = "§ 635a.9(a)(2)" if up.rank in h.PEEK_RANKS else "§ 635a.9(a)(1)"
    return SettlementLine(seat.number, "main", stake, LOSE, half(stake), section, hand_no=hand.number,
                          hand=f"Surrendered {cards(hand.cards)}",
                          note=f"Half collected, {dollars(stake - half(stake))} returned", stage=stage)


def rescue(seat: Seat, hand: Hand) -> list[SettlementLine]:
    """§ 635a.10(d): the Double Down Wager is taken back, the original wager forfeited."""
    own = h.own_wager(hand)
    shown = f"{cards(hand.cards)} ({h.total(hand)})"
    return [SettlementLine(seat.number, own, hand.wagers[own], LOSE, hand.wagers[own], "§ 635a.10(d)",
                           hand_no=hand.number, hand=shown, note="Rescued: the original wager is forfeited",
                           stage=DECISION),
            SettlementLine(seat.number, "double_down", hand.wagers["double_down"], RETURNED, 0, "§ 635a.10(d)",
                           hand_no=hand.number, hand=shown, note="Rescued: the Double Down Wager is taken back",
                           stage=DECISION)]


def returned(rnd: RoundState, seat: Seat, hand: Hand, section: str, why: str) -> list[SettlementLine]:
    """A hand called dead: its wagers still in action go back (§ 635a.13(h), (i)); one settled
    already (Match-the-Dealer, losing Insurance) stays settled."""
    settled = {(line.hand_no, line.wager) for line in rnd.lines if line.seat == seat.number}
    return [SettlementLine(seat.number, wager, stake, RETURNED, 0, section, hand_no=hand.number, note=why,
                           stage=DECISION)
            for wager, stake in hand.wagers.items() if (hand.number, wager) not in settled]


# -- the end of the round --------------------------------------------------------------------------

def versus(rnd: RoundState, seat: Seat, hand: Hand) -> tuple[str, str, str]:
    """(outcome, section, why) of a hand against the dealer's (§ 635a.7(n)-(o))."""
    player, dealer = h.total(hand), h.dealer_total(rnd)
    if player.bust:
        return LOSE, "§ 635a.7(p)", f"over 21 ({player.total})"
    if h.is_blackjack(seat, hand):
        if dealer.total == 21:
            return WIN, "§ 635a.7(n)(3)", "a Blackjack beats a dealer's 21 in two or more cards"
        return WIN, "§ 635a.7(n)(1)" if dealer.bust else "§ 635a.7(n)(2)", "Blackjack"
    if h.dealer_blackjack(rnd):
        if player.total == 21 and len(hand.cards) > 2:
            return LOSE, "§ 635a.7(o)", "a dealer's Blackjack beats 21 in more than two cards"
        if player.total == 21:
            return PUSH, "§ 635a.7(o)", "21 ties the dealer's 21"
        return LOSE, "§ 635a.7(p)", "the dealer has Blackjack"
    if dealer.bust:
        return WIN, "§ 635a.7(n)(1)", f"the dealer is over 21 ({dealer.total})"
    if player.total == dealer.total == 21 and len(hand.cards) > 2 and len(rnd.zone("dealer").cards) > 2:
        return WIN, "§ 635a.7(n)(4)", "21 in more than two cards beats the dealer's 21 in more than two"
    if player.total > dealer.total:
        return WIN, "§ 635a.7(n)(2)", f"{player.total} beats {dealer.total}"
    if player.total == dealer.total:
        return PUSH, "§ 635a.7(o)", f"{player.total} ties"
    return LOSE, "§ 635a.7(p)", f"{player.total} is below {dealer.total}"


def hand_lines(rnd: RoundState, seat: Seat, hand: Hand) -> list[SettlementLine]:
    """The hand's own wager (and its Double Down Wager) against the dealer's hand."""
    outcome, section, why = versus(rnd, seat, hand)
    own, stake = h.own_wager(hand), hand.wagers[h.own_wager(hand)]
    dealer = rnd.zone("dealer").cards
    shown = (f"{cards(hand.cards)} ({h.shown_total(seat, hand)}) against the dealer's {cards(dealer)} "
             f"({h.dealer_total(rnd)}): {why}")
    doubled = h.doubled(hand)
    lines = []
    if outcome == WIN:
        odds, paid_by, row_label = bonus_odds(seat, hand)
        lines.append(SettlementLine(seat.number, own, stake, WIN, odds.winnings(stake), paid_by, odds=str(odds),
                                    hand=shown + (f" · {row_label}" if row_label else ""), hand_no=hand.number,
                                    note=f"Decided by {section}"))
        if doubled:
            lines.append(SettlementLine(seat.number, "double_down", hand.wagers["double_down"], WIN,
                                        EVEN_MONEY.winnings(hand.wagers["double_down"]), "§ 635a.10(c)",
                                        odds=str(EVEN_MONEY), hand=shown, hand_no=hand.number))
        return lines
    if outcome == PUSH:
        return [SettlementLine(seat.number, wager, hand.wagers[wager], PUSH, 0, section, hand=shown,
                               hand_no=hand.number) for wager in (own, "double_down") if wager in hand.wagers]
    if h.dealer_blackjack(rnd) and own == "split":
        # § 635a.11(d): a dealer's Blackjack takes only the original wager, not the split one.
        lines.append(SettlementLine(seat.number, own, stake, RETURNED, 0, "§ 635a.11(d)", hand=shown,
                                    hand_no=hand.number, note="The dealer's Blackjack takes only the original wager"))
    else:
        lines.append(SettlementLine(seat.number, own, stake, LOSE, stake, section, hand=shown, hand_no=hand.number))
    if doubled:
        if h.dealer_blackjack(rnd):
            lines.append(SettlementLine(seat.number, "double_down", hand.wagers["double_down"], RETURNED, 0,
                                        "§ 635a.10(b)", hand=shown, hand_no=hand.number,
                                        note="The dealer's Blackjack takes only the original wager"))
        else:
            lines.append(SettlementLine(seat.number, "double_down", hand.wagers["double_down"], LOSE,
                                        hand.wagers["double_down"], section, hand=shown, hand_no=hand.number))
    return lines


def bonus_odds(seat: Seat, hand: Hand) -> tuple[Odds, str, str]:
    """(odds, section, row) a winning hand's own wager is paid at: 3 to 2 for a Blackjack, a
    § 635a.12(b) bonus unless the hand was doubled or split, else 1 to 1."""
    if h.is_blackjack(seat, hand):
        return MAIN.row("blackjack").payout, "§ 635a.12(a)", ""
    if h.doubled(hand):
        return EVEN_MONEY, "§ 635a.12(b)", "doubled down: 1 to 1 whatever its shape"
    if h.split_seat(seat):
        return EVEN_MONEY, "§ 635a.11(e)", "a split hand: no bonus"
    shape = spanish21_bonus(hand.cards)
    if shape is None:
        return EVEN_MONEY, "§ 635a.12(a)", ""
    row = MAIN.row(shape)
    return row.payout, f"§ 635a.12{BONUS_PARAGRAPHS[shape]}", row.label


def sevens_bonus(rnd: RoundState, seat: Seat, hand: Hand) -> bool:
    """§ 635a.12(c): three 7s of one suit, winning, neither doubled nor split, the up card a 7."""
    return (len(hand.cards) == 3 and len({card.suit for card in hand.cards}) == 1
            and all(card.rank == h.SEVEN for card in hand.cards) and h.up_card(rnd).rank == h.SEVEN
            and not h.doubled(hand) and not h.split_seat(seat) and versus(rnd, seat, hand)[0] == WIN)


def sevens_lines(rnd: RoundState, winners: list[int]) -> list[SettlementLine]:
    """§ 635a.12(c): the fixed payout on the winner's original wager, and $50 to each other player at
    the table who wagered in the round, per such hand."""
    lines = []
    for number in winners:
        stake = rnd.seats[number].wagers["main"]
        band = "$25 or more" if stake >= SEVENS_HIGH else "$5 to $24.99" if stake >= SEVENS_LOW else ""
        if band:
            row = paytable(SLUG, "main_seven_sevens_bonus", band).rows[0]
            section = "§ 635a.12(c)(2)" if stake >= SEVENS_HIGH else "§ 635a.12(c)(1)"
            lines.append(SettlementLine(number, "seven_sevens_bonus", stake, WIN, fixed(row.payout), section,
                                        odds=str(row.payout), hand=f"{row.label}: original wager {dollars(stake)}"))
    players: dict[int, int] = {}  # each player's first box -> the winners other than the player
    for number in rnd.playing_seats():
        player = rnd.seats[number].player_seat
        others = sum(1 for winner in winners if rnd.seats[winner].player_seat != player)
        if others:
            players.setdefault(min(n for n in rnd.playing_seats() if rnd.seats[n].player_seat == player), others)
    share = fixed(paytable(SLUG, "main_seven_sevens_bonus", "other players").rows[0].payout)
    for number, count in sorted(players.items(), reverse=True):
        lines.append(SettlementLine(number, "seven_sevens_share", 0, WIN, share * count, "§ 635a.12(c)(3)",
                                    odds=f"{dollars(share)} × {count}" if count > 1 else dollars(share),
                                    hand=f"Another player's three suited 7s against the dealer's 7 "
                                         f"(seat {', '.join(str(w) for w in winners)})"))
    return lines


def fixed(payout: object) -> Cents:
    if not isinstance(payout, FixedAmount):
        raise TypeError(f"§ 635a.12(c) pays fixed amounts, not {payout!r}")
    return payout.amount


def final(rnd: RoundState) -> list[SettlementLine]:
    """Every hand still in action against the dealer's, from the dealer's right (§ 635a.7(p)), with
    Insurance won on a dealer's Blackjack (§ 635a.8(c), § 635a.12(d)) and the fixed payouts of
    § 635a.12(c) last."""
    lines: list[SettlementLine] = []
    winners = []
    settled = {(line.seat, line.wager) for line in rnd.lines}
    for number in reversed(rnd.playing_seats()):
        seat = rnd.seats[number]
        if "insurance" in seat.wagers and (number, "insurance") not in settled:
            stake = seat.wagers["insurance"]
            row = INSURANCE.row("dealer_blackjack")
            lines.append(SettlementLine(number, "insurance", stake, WIN, row.payout.winnings(stake), INSURANCE.section,
                                        odds=str(row.payout), hand=f"The dealer's {cards(rnd.zone('dealer').cards)}: "
                                        "Blackjack") if h.dealer_blackjack(rnd) else
                         SettlementLine(number, "insurance", stake, LOSE, stake, "§ 635a.8(d)",
                                        hand="The dealer has no Blackjack"))
        for hand in seat.hands:
            if h.settled_early(seat, hand):
                continue
            lines += hand_lines(rnd, seat, hand)
            if sevens_bonus(rnd, seat, hand):
                winners.append(number)
    return lines + sevens_lines(rnd, winners)
