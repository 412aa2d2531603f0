"""Texas Hold 'Em Bonus rounds on tables fed by a progressive meter, played through the services.

Every round is dealt the same community cards, Th Jh Qh 2d 3s, and the dealer 5s 5c: a seat
holding Ah Kh has a royal flush on the Flop (100% of the meter, § 647a.12(d)(1)), a seat holding
8h 9h a straight flush (10% of the meter), and the other seats' cards below make no Progressive
Payout Hand (they play the Flop Wager, then check).
"""

from __future__ import annotations

from games.floor import services as floor_services
from games.models import Round, Table
from games.progressives import services as progressives
from games.table import services
from tests.conftest import play, start_round

BOARD = ["Th", "Jh", "Qh", "2d", "3s"]
DEALER = ["5s", "5c"]
ROYAL, STRAIGHT_FLUSH = "Ah Kh", "8h 9h"
NOTHING = {1: "4c 6d", 2: "7c 9d", 3: "4s 6s", 4: "7s 9s", 5: "4d 6c", 6: "7d 9c"}
RULES = {"bonus_paytable": "", "counting_shuffler": True}  # no stub count: it would add a step every 5 rounds
RESET = "10000.00"  # § 647a.12(d)(3): at least $10,000


def thb_table(name: str) -> Table:
    return Table.objects.create(name=name, game="texas-holdem-bonus", rules=dict(RULES))


def linked_tables(supervisor, *names: str, rate="10", reserve_rate="0", seed=RESET, reset=RESET, amount="5.00"):
    """A link in operation feeding the tables, with one meter: (link, meter, tables)."""
    tables = [thb_table(name) for name in names]
    link = progressives.link_create(user=supervisor, name=f"{names[0]}-LINK")
    for table in tables:
        progressives.link_add_table(link_id=link.id, table_id=table.id, user=supervisor)
    meter = progressives.meter_create(user=supervisor, name=f"{names[0]}-METER", game="texas-holdem-bonus",
                                      wager="progressive", link_id=link.id, seed=seed, reset=reset, rate=rate,
                                      reserve_rate=reserve_rate, wager_amount=amount)
    link = progressives.link_set_operating(link_id=link.id, user=supervisor, operating=True)
    return link, meter, tables


def opening(seats: dict[int, bool], amount: str = "5") -> list[dict]:
    """Wagers (an Ante of $10 each, a Progressive Payout Wager where ``seats`` says so), "no more bets"."""
    actions = []
    for seat, progressive in sorted(seats.items()):
        actions.append({"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
        if progressive:
            actions.append({"type": "place_wager", "seat": seat, "wager": "progressive", "amount": amount})
    return [*actions, {"type": "no_more_bets"}]


def to_settlement(seats: dict[int, bool]) -> list[dict]:
    """From the deal to the dealer's reveal: every seat makes the Flop Wager, then checks."""
    actions = [{"type": "deal"}]
    actions += [{"type": "decide", "seat": seat, "choice": "flop"} for seat in sorted(seats)]
    actions.append({"type": "cards", "target": "board", "cards": BOARD[:3]})
    actions += [{"type": "decide", "seat": seat, "choice": "check"} for seat in sorted(seats)]
    actions.append({"type": "cards", "target": "board", "cards": BOARD[3:4]})
    actions += [{"type": "decide", "seat": seat, "choice": "check"} for seat in sorted(seats)]
    actions.append({"type": "cards", "target": "board", "cards": BOARD[4:]})
    actions.append({"type": "cards", "target": "dealer", "cards": DEALER})
    return actions


def settle(seat: int, cards: str) -> dict:
    return {"type": "cards", "target": f"seat:{seat}", "cards": cards.split()}


def finish(rnd: Round, dealer, floor) -> Round:
    """The Envy Bonuses if any, every approval approved, the round closed."""
    rnd.refresh_from_db()
    if services.engine_round(rnd).prompt.step == "envy":
        rnd = play(rnd, dealer, {"type": "settle"})
    for approval in rnd.approvals.filter(status="pending"):
        floor_services.approval_decide(approval_id=approval.id, user=floor, approve=True)
    return play(rnd, dealer, {"type": "close"})


def full_round(table: Table, dealer, floor, hands: dict[int, tuple[bool, str]]) -> Round:
    """One round: ``hands`` maps a seat to (whether it wagers on the progressive, its cards)."""
    seats = {seat: progressive for seat, (progressive, _) in hands.items()}
    rnd = start_round(table, dealer)
    rnd = play(rnd, dealer, *opening(seats), *to_settlement(seats),
               *[settle(seat, cards) for seat, (_, cards) in sorted(hands.items(), reverse=True)])
    return finish(rnd, dealer, floor)
