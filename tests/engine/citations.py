"""Check that a citation like "§ 647a.11(h)(2)(iii)" names a real section of its chapter.

The chapters' outlines (``sections.OUTLINES``) are facts copied into the project, so the check
needs nothing outside it.
"""

from __future__ import annotations

import re

from sections import BORROWED, OUTLINES


class Chapter:
    @classmethod
    def of(cls, game) -> Chapters:
        """What a game may cite: its chapter, and the sibling chapter whose dealing sections stand in
        where its own are not available (Mississippi Stud's dealing is Let It Ride's, § 643a.8-.10)."""
        dealing = getattr(game, "dealing", None)
        return Chapters([cls(game.chapter)] + ([cls(dealing.chapter)] if dealing and dealing.chapter != game.chapter
                                               else []))

    def __init__(self, number: str):
        self.number = number
        self.sections = {section: labels.split() for section, labels in OUTLINES[number].items()}

    def names_a_real_section(self, citation: str) -> bool:
        """The section exists and so does each cited paragraph, in order, after the one before it.

        (The check of the deeper levels is approximate: the outline does not record the levels,
        so a paragraph is looked for after its parent rather than inside it.)
        """
        paths = [(int(number), re.findall(r"\(([^)]+)\)", subs))
                 for number, subs in re.findall(rf"{self.number}\.(\d+)((?:\([0-9a-zA-Z]+\))*)", citation)]
        if not paths:
            return any(Chapter(other).names_a_real_section(citation) for other in BORROWED.get(self.number, ()))
        for number, subsections in paths:
            if number not in self.sections:
                return False
            labels, position = self.sections[number], 0
            for label in subsections:
                try:
                    position = labels.index(label, position) + 1
                except ValueError:
                    return False
        return True


class Chapters:
    def __init__(self, chapters: list[Chapter]):
        self.chapters = chapters

    def names_a_real_section(self, citation: str) -> bool:
        return any(chapter.names_a_real_section(citation) for chapter in self.chapters)
