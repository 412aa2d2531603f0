"""Every CSV the product writes goes through one writer, which keeps a text cell from being read
as a formula when the file is opened in a spreadsheet (CSV injection, as OWASP describes it).

Names and notes are free text: a table named ``=HYPERLINK(...)`` or a user named ``+1+1`` would
otherwise run as a formula in the reader's spreadsheet.  A text cell that starts with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return is written with a leading apostrophe, which spreadsheets
take as "this is text" and do not show.  A number stays a number: the product's own amounts
(``-5.00``) and counts are data, not formulas.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, TextIO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A plain number as the product writes one: an amount, a count, a percentage ("-5.00", "12", "-0.5").
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def cell(value: Any) -> Any:
    """The value as a CSV cell: a text that a spreadsheet would take for a formula is made text.

    >>> cell("=HYPERLINK(\\"http://x.example\\",\\"y\\")")
    '\\'=HYPERLINK("http://x.example","y")'
    >>> cell("+1+1"), cell("-5.00"), cell(-5), cell("TH-1")
    ("'+1+1", '-5.00', -5, 'TH-1')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


class Writer:
    """``csv.writer`` with every cell passed through ``cell``."""

    def __init__(self, out: TextIO):
        self._writer = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)
