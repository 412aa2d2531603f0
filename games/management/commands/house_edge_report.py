"""The house edge of every main game under optimal strategy: a thin wrapper around
``games.engine.strategy.report``."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.engine.strategy.report import format_report, games, house_edges, write_figures


class Command(BaseCommand):
    help = (
        "Print, for every main game analysed and every paytable option, the exact house edge under the strategy "
        "that maximises the player's return (per initial unit), the average total wagered, the element of risk and "
        "the published figure beside it. Kept figures are used while their sources are unchanged."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="one game's slug, e.g. caribbean-stud")
        parser.add_argument("--recompute", action="store_true", help="compute every figure, kept or not")
        parser.add_argument("--write-figures", action="store_true",
                            help="recompute and keep the figures in games/engine/strategy/figures.json")
        parser.add_argument("--csv", metavar="DIRECTORY",
                            help="recompute and write each optimal strategy as <game>-<paytable>.csv there")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of text")

    def handle(self, *args, **options):
        game = options["game"]
        if game is not None and game not in games():
            raise CommandError(f"no analysis of {game!r}: choose one of {', '.join(games())}")
        directory = Path(options["csv"]) if options["csv"] else None
        if directory is not None and not directory.is_dir():
            raise CommandError(f"{directory} is not a directory: create it first")
        recompute = options["recompute"] or options["write_figures"] or directory is not None
        results = house_edges(game, recompute=recompute)
        if options["write_figures"]:
            write_figures(edge for edge, _ in results)
        if directory is not None:
            for edge, _ in results:
                name = f"{edge.game}-{edge.paytable.removeprefix('Paytable').strip() or 'only'}.csv"
                with (directory / name).open("w", encoding="utf-8", newline="") as out:
                    edge.strategy.write_csv(out)
        if options["as_json"]:
            self.stdout.write(json.dumps([{
                "game": edge.game, "paytable": edge.paytable, "section": edge.section,
                "edge": float(edge.edge), "edge_exact": str(edge.edge),
                "average_wagered": float(edge.average_wagered), "average_wagered_exact": str(edge.average_wagered),
                "element_of_risk": float(edge.element_of_risk),
                "published": edge.published.percent if edge.published else None,
                "published_measure": edge.published.measure if edge.published else None,
                "agrees": edge.agrees, "note": edge.note, "computed_now": computed,
            } for edge, computed in results], indent=2, ensure_ascii=False))
        else:
            self.stdout.write(format_report(results))
