"""Settle a round sheet with the tablets' engine and print the settlement sheet as JSON.

A Poker hand may be given as a Poker Hand History file instead (``--phh``, or a name ending in
``.phh``): it is read into the Poker round sheet and settled the same way.
"""

import json
import sys
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError

from games.engine.poker.game import GAME as POKER
from games.engine.round_sheet import SheetError, settle_sheet


class Command(BaseCommand):
    help = "Read a round sheet (JSON file, or - for standard input) and print its settlement sheet."

    def add_arguments(self, parser):
        parser.add_argument("sheet", help="path of the round sheet, or - to read standard input")
        parser.add_argument("--phh", action="store_true",
                            help="the file is a Poker Hand History (PHH) of a Poker hand (implied by a .phh name)")

    def handle(self, *args, sheet: str, phh: bool = False, **options):
        try:
            text = sys.stdin.read() if sheet == "-" else open(sheet, encoding="utf-8").read()  # noqa: SIM115
        except OSError as error:
            raise CommandError(f"cannot read {sheet}: {error.strerror}", returncode=2) from None
        try:
            if phh or sheet.endswith(".phh"):
                data = POKER.sheet_from_hand_history(text)
            else:
                try:
                    data = json.loads(text, parse_float=Decimal)  # amounts stay exact
                except json.JSONDecodeError as error:
                    raise CommandError(f"the round sheet is not valid JSON: {error}", returncode=2) from None
            settlement = settle_sheet(data)
        except SheetError as error:
            raise CommandError(f"the round sheet is refused: {error}", returncode=2) from None
        self.stdout.write(json.dumps(settlement, indent=2, ensure_ascii=False))
