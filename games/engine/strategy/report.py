"""The house edge of every main game analysed, for every paytable option its chapter allows, with
the published figure beside it.

Each analysis is exact and takes from seconds to a minute; its figures do not change unless its
code, the evaluator or the paytable does.  So the figures are kept in ``figures.json`` beside this
module, each with the fingerprint (SHA-256) of every source file its computation reads: a kept
figure is used only while its fingerprint matches, and ``manage.py house_edge_report
--write-figures`` recomputes and rewrites them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path

from games.engine.strategy import caribbean_stud, crazy_4_poker, let_it_ride, mississippi_stud
from games.engine.strategy.core import DecisionValue, HouseEdge, Published

ENGINE = Path(__file__).resolve().parent.parent
FIGURES = Path(__file__).with_name("figures.json")
_SHARED = ("strategy/core.py", "strategy/dealing.py", "hands/high.py", "paytables/__init__.py", "money.py",
           "cards.py")


@dataclass(frozen=True)
class Analysis:
    game: str
    paytable: str  # the option's letter, "" where the chapter has one table
    compute: Callable[[], HouseEdge]
    sources: tuple[str, ...]  # under games/engine/, what the computation reads
    published: Published | None = None  # what the computation is compared with
    note: str = ""

    def fingerprint(self) -> str:
        digest = hashlib.sha256()
        for source in sorted((*_SHARED, *self.sources)):
            digest.update(source.encode() + b"\0" + (ENGINE / source).read_bytes())
        return digest.hexdigest()


ANALYSES = (
    Analysis("caribbean-stud", "", caribbean_stud.house_edge,
             ("strategy/caribbean_stud.py", "paytables/ch639a.py"), caribbean_stud.PUBLISHED, caribbean_stud.NOTE),
    *(Analysis("let-it-ride", letter, partial(let_it_ride.house_edge, letter),
               ("strategy/let_it_ride.py", "paytables/ch643a.py"), let_it_ride.PUBLISHED.get(letter),
               let_it_ride.NOTES.get(letter, "")) for letter in "AB"),
    Analysis("crazy-4-poker", "", crazy_4_poker.house_edge,
             ("strategy/crazy_4_poker.py", "paytables/ch657a.py", "hands/four_card.py", "hands/counting.py"),
             crazy_4_poker.PUBLISHED, crazy_4_poker.NOTE),
    Analysis("mississippi-stud", "", mississippi_stud.house_edge,
             ("strategy/mississippi_stud.py", "paytables/ch655a.py"), mississippi_stud.PUBLISHED,
             mississippi_stud.NOTE),
)

# A decision's value at the table, by game: each returns a ``DecisionValue``.
DECISIONS: dict[str, Callable[..., DecisionValue]] = {
    "caribbean-stud": caribbean_stud.decision,
    "crazy-4-poker": crazy_4_poker.decision,
    "let-it-ride": let_it_ride.decision,
    "mississippi-stud": mississippi_stud.decision,
}


# What to build once per process before valuing decisions at the table, by game: a decision is
# then milliseconds (benchmarks/house_edge_time.py).  The other games need nothing built.
PREPARE: dict[str, Callable[[], None]] = {
    "crazy-4-poker": crazy_4_poker.prepare,
    "mississippi-stud": mississippi_stud.prepare,
}


def games() -> list[str]:
    return sorted({analysis.game for analysis in ANALYSES})


def _kept() -> dict[tuple[str, str], dict]:
    if not FIGURES.exists():
        return {}
    return {(entry["game"], entry["paytable"]): entry for entry in json.loads(FIGURES.read_text(encoding="utf-8"))}


def kept_figure(analysis: Analysis) -> HouseEdge | None:
    """The analysis's kept figure, if its fingerprint is the sources' as they are now."""
    entry = _kept().get((analysis.game, analysis.paytable))
    if entry is None or entry["fingerprint"] != analysis.fingerprint():
        return None
    return HouseEdge(analysis.game, entry["paytable_title"], entry["section"], Fraction(entry["edge"]),
                     Fraction(entry["average_wagered"]), strategy=None, published=analysis.published,
                     note=analysis.note)


def house_edges(game: str | None = None, *, recompute: bool = False) -> list[tuple[HouseEdge, bool]]:
    """Every analysis (or ``game``'s): its house edge and whether it was computed now (False: kept)."""
    results = []
    for analysis in ANALYSES:
        if game not in (None, analysis.game):
            continue
        kept = None if recompute else kept_figure(analysis)
        results.append((kept, False) if kept is not None else (analysis.compute(), True))
    return results


def write_figures(edges: Iterable[HouseEdge]) -> None:
    """Keep the figures of ``edges`` (computed now), each with its analysis's fingerprint."""
    by_key = {(analysis.game, analysis.paytable): analysis for analysis in ANALYSES}
    kept = _kept()
    for edge in edges:
        analysis = by_key[(edge.game, _letter(edge.paytable))]
        kept[(edge.game, analysis.paytable)] = {
            "game": edge.game, "paytable": analysis.paytable, "paytable_title": edge.paytable,
            "section": edge.section, "edge": str(edge.edge), "average_wagered": str(edge.average_wagered),
            "fingerprint": analysis.fingerprint(),
        }
    text = json.dumps([kept[key] for key in sorted(kept)], indent=2, ensure_ascii=False)
    FIGURES.write_text(text + "\n", encoding="utf-8")


def _letter(title: str) -> str:
    return title.removeprefix("Paytable").strip()


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.4f}%"


def format_report(results: Iterable[tuple[HouseEdge, bool]]) -> str:
    out = []
    for edge, computed in results:
        out.append(f"{edge.game} · {edge.paytable} ({edge.section})")
        out.append(f"    house edge per initial unit: {_percent(edge.edge)} ({edge.edge})")
        out.append(f"    average wagered: {float(edge.average_wagered):.4f} units")
        out.append(f"    element of risk (per unit wagered): {_percent(edge.element_of_risk)}")
        if edge.published is not None:
            verdict = "agrees" if edge.agrees else "DIFFERS"
            published = edge.published
            figure = f"{published.percent}% {published.measure}" + (
                f", {published.average_wagered} units wagered" if published.average_wagered else "")
            out.append(f"    published: {figure} ({published.source}): {verdict}")
        else:
            out.append("    published: none for this paytable")
        if edge.note:
            out.append(f"    {edge.note}")
        out.append("    " + ("computed now" if computed else "kept figure (its sources unchanged since computed)"))
        out.append("")
    return "\n".join(out)
