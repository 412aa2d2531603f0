"""Settle a round sheet with the tablets' engine and print the settlement sheet as JSON."""

import json
import sys
from decimal import Decimal

from django.core.management.base import BaseCommand, CommandError

from games.engine.round_sheet import SheetError, settle_sheet


class Command(BaseCommand):
    help = "Read a round sheet (JSON file, or - for standard input) and print its settlement sheet."

    def add_arguments(self, parser):
        parser.add_argument("sheet", help="path of the round sheet, or - to read standard input")

    def handle(self, *args, sheet: str, **options):
        try:
            text = sys.stdin.read() if sheet == "-" else open(sheet, encoding="utf-8").read()  # noqa: SIM115
        except OSError as error:
            raise CommandError(f"cannot read {sheet}: {error.strerror}", returncode=2) from None
        try:
            data = json.loads(text, parse_float=Decimal)  # amounts stay exact
        except json.JSONDecodeError as error:
            raise CommandError(f"the round sheet is not valid JSON: {error}", returncode=2) from None
        try:
            settlement = settle_sheet(data)
        except SheetError as error:
            raise CommandError(f"the round sheet is refused: {error}", returncode=2) from None
        self.stdout.write(json.dumps(settlement, indent=2, ensure_ascii=False))
