"""Let It Ride settlement lines, § 643a.11(f)-(g): the Let It Ride Wagers on the table's paytable,
under the payout limit; then the side wagers in the order of (g), each on its own table; and the
Envy Bonuses once every seat is settled."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from games.engine.chapters.banked_poker import paytable_line
from games.engine.core import progressive
from games.engine.core.records import LOSE, WIN, SettlementLine
from games.engine.core.state import Seat
from games.engine.hands import Category, HighHand, high_hand, three_card_hand
from games.engine.hands.six_card import six_card_hand
from games.engine.let_it_ride.steps import BETS, withdrawn
from games.engine.paytables import paytable

if TYPE_CHECKING:
    from games.engine.core.machine import RoundState
    from games.engine.let_it_ride.game import LetItRide


def settle(game: LetItRide, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
    """§ 643a.11(f)-(g): the Let It Ride Wagers first, then the side wagers in the order of (g)."""
    hand = high_hand(seat.cards + rnd.board)
    shown = f"{hand.name} ({' '.join(c.code for c in seat.cards)} + {' '.join(c.code for c in rnd.board)})"
    table = paytable(game.slug, "bet3", rnd.rules["let_it_ride_paytable"])
    row = table.pay_row(hand.slugs)
    lines: list[SettlementLine] = []
    for bet in BETS:
        stake = seat.wagers[bet]
        if withdrawn(seat, bet):
            continue  # returned when the player withdrew it
        if row is None:
            lines.append(SettlementLine(seat.number, bet, stake, LOSE, stake, "§ 643a.11(f)(1)",
                                        hand=f"{shown}: below a pair of tens"))
        else:
            lines.append(SettlementLine(seat.number, bet, stake, WIN, row.payout.winnings(stake), table.section,
                                        odds=str(row.payout), hand=f"{shown}: {row.label} ({table.title})"))
    lines += game.cap(rnd, seat, lines, "the Let It Ride Wagers")
    if "five_card_bonus" in seat.wagers:
        lines.append(five_card_bonus(game, rnd, seat, hand, shown))
    if "three_card_bonus" in seat.wagers:
        lines.append(three_card_bonus(game, rnd, seat))
    lines += progressives(game, rnd, seat, hand, shown)
    if "five_card_hand_bonus" in seat.wagers:
        # § 643a.11(g)(5): on the same five cards, with the Magic Card and Lucky Bonuses (§ 643a.1).
        lines += progressive.hand_bonus(rnd, seat, game.wager("five_card_hand_bonus"), hand.slugs, shown,
                                        [*seat.cards, *rnd.board], position=seat.number,
                                        losing_section="§ 643a.11(g)(5)", turn_section="§ 643a.12(f)(1)")
    if rnd.zone("six_card_bonus").shown:
        lines += game.settle_after_reveal(rnd, seat)
    return lines


def after_reveal(game: LetItRide, rnd: RoundState, seat: Seat) -> list[SettlementLine]:
    """§ 643a.11(g)(6): last, the Six Card Bonus Wager on the three Six Card Bonus cards."""
    return [six_card_bonus(game, rnd, seat)] if "six_card_bonus" in seat.wagers else []


def five_card_bonus(game: LetItRide, rnd: RoundState, seat: Seat, hand: HighHand, shown: str) -> SettlementLine:
    """§ 643a.11(g)(1): the same five cards as the Let It Ride Wagers, paid X for 1 (the reading in
    ``games.engine.let_it_ride``'s docstring)."""
    table = paytable(game.slug, "five_card_bonus", rnd.rules["five_card_bonus_paytable"])
    # The chapter prints "X to 1"; ch643a reads it "X for 1" (as above): the line says both.
    row = table.pay_row(hand.slugs)
    note = (f"Printed “{row.payout.numerator:,} to {row.payout.denominator:,}”, paid {row.payout}, "
            "the wager included") if row is not None else ""
    line = paytable_line(seat, "five_card_bonus", table, row, shown, losing_section="§ 643a.11(g)(1)(ii)",
                         note=note)
    return dataclasses.replace(line, stake_collected=bool(rnd.rules["five_card_bonus_table_game_system"]))


def three_card_bonus(game: LetItRide, rnd: RoundState, seat: Seat) -> SettlementLine:
    """§ 643a.11(g)(2): the player's three cards alone; a mini-royal is a straight flush on A-C."""
    table = paytable(game.slug, "three_card_bonus", rnd.rules["three_card_bonus_paytable"])
    hand = three_card_hand(seat.cards)
    shown = f"{hand.name} ({' '.join(c.code for c in seat.cards)})"
    return paytable_line(seat, "three_card_bonus", table, table.pay_row(hand.slugs), shown,
                         losing_section="§ 643a.11(g)(2)(ii)")


def progressives(game: LetItRide, rnd: RoundState, seat: Seat, hand: HighHand, shown: str) -> list[SettlementLine]:
    """§ 643a.11(g)(3)-(4): the Three-Card Progressive on the player's three cards, the Five-Card on
    the five; a share of a meter is claimed at the player's turn (§ 643a.12(d)(4), (e)(4))."""
    lines = []
    three = three_card_hand(seat.cards)
    judged = {"three_card_progressive": (three.slugs, f"{three.name} ({' '.join(c.code for c in seat.cards)})",
                                         "§ 643a.11(g)(3)", "§ 643a.12(d)(4)"),
              "five_card_progressive": (hand.slugs, shown, "§ 643a.11(g)(4)", "§ 643a.12(e)(4)")}
    for slug, (slugs, described, losing, turn) in judged.items():
        if slug not in seat.wagers:
            continue
        wager = game.wager(slug)
        line = progressive.settle(rnd, seat, wager, progressive.wager_paytable(game, rnd.rules, wager), slugs,
                                  described, losing_section=losing, turn_section=turn)
        lines += [line] if line is not None else []
    return lines


def envy(game: LetItRide, rnd: RoundState) -> list[SettlementLine]:
    """§ 643a.11(g)(3)(v), (4)(v): once every seat is settled, each Progressive Payout wagerer is paid
    for every other player's qualifying hand: a mini-royal of three cards (Three-Card), a straight
    flush or better of five (Five-Card); never for its own."""
    lines: list[SettlementLine] = []
    order = rnd.seats_in_order("counterclockwise")
    for slug, qualifies in (("three_card_progressive", three_card_envy_hand),
                            ("five_card_progressive", five_card_envy_hand)):
        if not any(slug in rnd.seats[n].wagers for n in order):
            continue
        qualifying = {n: found for n in order if rnd.seats[n].cards_shown and (found := qualifies(rnd, n))}
        lines += progressive.envy_lines(rnd, game.wager(slug), qualifying, order)
    return lines


def three_card_envy_hand(rnd: RoundState, number: int) -> tuple[str, str] | None:
    cards = rnd.seats[number].cards
    hand = three_card_hand(cards)
    minis = ("mini_royal_spades", "mini_royal_other_suits")
    return (hand.slugs[0], f"{hand.name} ({' '.join(c.code for c in cards)})") if hand.slugs[0] in minis else None


def five_card_envy_hand(rnd: RoundState, number: int) -> tuple[str, str] | None:
    cards = rnd.seats[number].cards + rnd.board
    hand = high_hand(cards)
    if hand.category < Category.STRAIGHT_FLUSH:
        return None
    return hand.slugs[0], f"{hand.name} ({' '.join(c.code for c in cards)})"


def six_card_bonus(game: LetItRide, rnd: RoundState, seat: Seat) -> SettlementLine:
    """§ 643a.11(g)(6): the player's three cards and the three Six Card Bonus cards."""
    table = paytable(game.slug, "six_card_bonus", rnd.rules["six_card_bonus_paytable"])
    bonus_cards = tuple(rnd.zone("six_card_bonus").cards)
    hand = six_card_hand(seat.cards + bonus_cards)
    shown = f"{hand.name} ({' '.join(c.code for c in seat.cards)} + {' '.join(c.code for c in bonus_cards)})"
    return paytable_line(seat, "six_card_bonus", table, table.pay_row(hand.slugs), shown,
                         losing_section="§ 643a.11(g)(6)(i)")
