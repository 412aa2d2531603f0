"""Check that a citation like "§ 647a.11(h)(2)(iii)" names a real section of its chapter's text."""

from __future__ import annotations

import functools
import re
from pathlib import Path

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


class Chapter:
    def __init__(self, number: str, seed: str):
        self.number = number
        self.seed = SEEDS / seed

    @functools.cached_property
    def sections(self) -> dict[int, str]:
        """{section number: its text}, from the "§ 647a.N." headings (some printed as "# §")."""
        text = self.seed.read_text(encoding="utf-8")
        parts = re.split(rf"^#*\s*§ {self.number}\.(\d+)\. ", text, flags=re.MULTILINE)
        return {int(number): body for number, body in zip(parts[1::2], parts[2::2], strict=True)}

    def names_a_real_section(self, citation: str) -> bool:
        """The section exists and so does each cited subsection, in order, after the one before it.

        (The check of the deeper levels is approximate: the scanned text does not indent them
        reliably, so a paragraph is looked for after its parent rather than inside it.)
        """
        paths = [(int(number), re.findall(r"\(([^)]+)\)", subs))
                 for number, subs in re.findall(rf"{self.number}\.(\d+)((?:\([0-9a-zA-Z]+\))*)", citation)]
        if not paths:
            return False
        for number, subsections in paths:
            if number not in self.sections:
                return False
            body, position = self.sections[number], 0
            for label in subsections:
                found = re.compile(rf"^[\s\-]*\({re.escape(label)}\) ", re.MULTILINE).search(body, position)
                if found is None:
                    return False
                position = found.end()
        return True
