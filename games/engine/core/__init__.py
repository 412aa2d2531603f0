"""What every game shares: records, state, steps, the round machine and the floor workflow.

    records   refusals, settlement lines, approvals, prompts and choices
    state     seats holding hands, zones holding cards
    steps     the dealing-procedure steps every game uses
    game      the Game base class and its rules options
    machine   RoundState: the round rebuilt from its log, one action at a time
    floor     irregularities, voids and approvals
"""

from games.engine.core import progressive
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
    instruction,
)
from games.engine.core.state import Hand, Seat, Zone, ZoneSpec
from games.engine.core.steps import (
    AskInput,
    Betting,
    Close,
    Deal,
    Option,
    SeatDecision,
    SettlementPass,
    SettleSeats,
    Step,
    SystemDraw,
    ZoneCards,
)

__all__ = [
    "ACCOUNT", "CAGE", "CAPPED", "DECISION", "IMMEDIATE", "LOSE", "PUSH", "RETURNED", "SETTLE", "TABLE",
    "TABLE_INVENTORY", "VOID", "WIN", "Action", "Approval", "AskInput", "Betting", "Choice", "Claim", "Close", "Deal",
    "Game", "Hand", "Irregularity", "Option", "Prompt", "Refused", "RoundState", "RuleOption", "Seat", "SeatDecision",
    "SettleSeats", "SettlementLine", "SettlementPass", "Step", "SystemDraw", "Zone", "ZoneCards", "ZoneSpec",
    "instruction", "progressive",
]
