"""What every game shares: records, state, steps, the round machine and the floor workflow.

    records   refusals, settlement lines, approvals, prompts and choices
    state     seats holding hands, zones holding cards
    steps     the step base and the steps every game uses: betting, the deal, a logged input, the close
    decisions   each seat's decision in turn: a wager placed, a fold, a check
    settling    cards turned face up, each seat settled in order, settlement passes over the table
    card_steps  steps of games whose cards are seen as dealt: an open deal, hands in turn, draws to a rule
    game      the Game base class and its rules options
    logged    LoggedRound: a round of any family replayed from its log, the dealer's undo
    machine   RoundState: the banked round rebuilt from its log, one action at a time
    floor     irregularities, voids and approvals
    sheets    a banked round on paper: played into a round, and written from its log
"""

from games.engine.core import progressive
from games.engine.core.card_steps import DrawToRule, HandTurns, Move, OpenDeal
from games.engine.core.decisions import Option, SeatDecision
from games.engine.core.game import Game, RuleOption
from games.engine.core.machine import Action, RoundState
from games.engine.core.records import (
    ACCOUNT,
    CAGE,
    CAPPED,
    DECISION,
    IMMEDIATE,
    LOSE,
    PUSH,
    RETURNED,
    SETTLE,
    TABLE,
    TABLE_INVENTORY,
    VOID,
    WIN,
    Approval,
    Choice,
    Claim,
    Irregularity,
    Prompt,
    Refused,
    SettlementLine,
    handed,
    instruction,
)
from games.engine.core.settling import SettlementPass, SettleSeats, ZoneCards
from games.engine.core.state import Hand, Seat, Zone, ZoneSpec
from games.engine.core.steps import AskInput, Betting, Close, Deal, Step, SystemDraw

__all__ = [
    "ACCOUNT", "CAGE", "CAPPED", "DECISION", "IMMEDIATE", "LOSE", "PUSH", "RETURNED", "SETTLE", "TABLE",
    "TABLE_INVENTORY", "VOID", "WIN", "Action", "Approval", "AskInput", "Betting", "Choice", "Claim", "Close", "Deal",
    "DrawToRule", "Game", "Hand", "HandTurns", "Irregularity", "Move", "OpenDeal", "Option",
    "Prompt", "Refused",
    "RoundState", "RuleOption", "Seat", "SeatDecision", "SettleSeats", "SettlementLine", "SettlementPass", "Step",
    "SystemDraw", "Zone", "ZoneCards", "ZoneSpec", "handed", "instruction", "progressive",
]
