"""Every CSV the product writes, read as a spreadsheet reads it: no cell may run as a formula.

A round is first played at the table whose name is ``=HYPERLINK(...)`` by the dealer named ``+1+1``
(both allowed as free text), so that their names are in the history, the audit trail and every
section of the reports.  A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return and is not a plain number is one a spreadsheet would run (OWASP's CSV injection)."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from tests.reliability import world
from tests.reliability.client import Session
from tests.reliability.tablets import Ledger, Tablet

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


@dataclass
class Export:
    name: str
    status: int
    cells: int
    formulas: list[str]
    names_shown: bool  # the formula-named table or dealer is in it (as text)


@dataclass
class ExportResults:
    exports: list[Export] = field(default_factory=list)

    @property
    def formula_cells(self) -> int:
        return sum(len(export.formulas) for export in self.exports)


def is_formula(value: str) -> bool:
    return value.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(value)


class Exports:
    def __init__(self, base_url: str, data: dict):
        self.super = Session(base_url)
        self.super.login("super")
        dealer, floor = Session(base_url), Session(base_url)
        dealer.login(world.FORMULA_DEALER)
        floor.login("floor")
        ledger = Ledger()
        table = data["tables"][world.FORMULA_TABLE]
        tablet = Tablet(dealer, table, ledger)
        tablet.start_round()
        for action in world.SCRIPT:
            tablet.tap(action)
        approving = Tablet(floor, table, ledger)
        approving.decide(approving.approval_ids()[0])
        tablet.sync()
        tablet.tap(world.CLOSE)

    def paths(self) -> list[tuple[str, str, dict]]:
        from games.reports import charts, exports

        reports = [(f"report {section}, by {by}", "/reports.csv", {"section": section, "by": by})
                   for section in (*exports.SECTIONS, *charts.SECTIONS) for by in ("table", "dealer")]
        return [("history", "/history.csv", {}), ("audit trail", "/audit.csv", {}), *reports]

    def run(self) -> ExportResults:
        results = ExportResults()
        for name, path, query in self.paths():
            reply = self.super.get(path, **query)
            values = [value for row in csv.reader(io.StringIO(reply.body)) for value in row] if reply.status == 200 \
                else []
            shown = any(value.lstrip("'").startswith((world.FORMULA_TABLE, world.FORMULA_DEALER)) for value in values)
            results.exports.append(Export(name, reply.status, len(values), [v for v in values if is_formula(v)],
                                          shown))
        return results
