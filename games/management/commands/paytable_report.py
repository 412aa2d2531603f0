"""The theoretical return of every paytable: a thin wrapper around ``games.engine.returns``."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.engine.returns import format_report, games, report


class Command(BaseCommand):
    help = (
        "Print, for every game, wager and paytable letter, each paying hand's exact probability and payout and "
        "the expected return per unit wagered (-0.0351 is a 3.51% house edge)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="one game's slug, e.g. texas-holdem-bonus")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of text")

    def handle(self, *args, **options):
        game = options["game"]
        if game is not None and game not in games():
            raise CommandError(f"no game {game!r}: choose one of {', '.join(games())}")
        entries = report(game)
        if options["as_json"]:
            self.stdout.write(json.dumps([entry.as_json() for entry in entries], indent=2, ensure_ascii=False))
        else:
            self.stdout.write(format_report(entries))
