"""The app's models, a module per domain; every model is imported here, where Django and the rest
of the app look for them (``from games.models import Round``)."""

from games.models.audit import AuditEntry, AuditQuerySet
from games.models.floor import DealerAssignment
from games.models.progressives import Link, LinkedTable, Meter, MeterEntry
from games.models.reports import (
    RARE_COUNTS,
    BandFigures,
    NamedFigures,
    ReportCell,
    ReportCount,
    ReportGameCell,
    ReportGameCount,
    ReportGameKey,
    ReportHit,
    ReportKey,
    WithheldRound,
)
from games.models.rounds import Approval, ReliefDealer, Round, RoundEvent, SettlementLine, Table, Wager

__all__ = [
    "RARE_COUNTS", "Approval", "AuditEntry", "AuditQuerySet", "BandFigures", "DealerAssignment", "Link",
    "LinkedTable", "Meter", "MeterEntry", "NamedFigures", "ReliefDealer", "ReportCell", "ReportCount",
    "ReportGameCell", "ReportGameCount", "ReportGameKey", "ReportHit", "ReportKey", "Round", "RoundEvent",
    "SettlementLine", "Table", "Wager", "WithheldRound",
]
