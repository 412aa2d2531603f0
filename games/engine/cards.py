"""Cards, card codes and shoes.

A card is written as two characters, rank then suit: ``As``, ``Td``, ``9h``, ``2c``.
Ranks are ``A K Q J T 9 8 7 6 5 4 3 2`` and suits ``s h d c``.  The engine takes the
cards the dealer reports; a ``Shoe`` (``secrets.SystemRandom``) only supplies them in
training mode.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "shdc"
# Ranks in words, as the dealer says them: "four nines", "pair of sixes", "king-queen-nine high".  A
# rank is never written "9s": on the screen that reads as the nine of spades.
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
    11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURALS = {rank: ("sixes" if rank == 6 else f"{name}s") for rank, name in RANK_NAMES.items()}
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


class CardError(ValueError):
    """A card code that is malformed, duplicated or not allowed where it was given."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card.  ``rank`` runs 2..14 (ace high), ``suit`` is one of ``s h d c``."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a card code such as ``"As"`` or ``"td"``.

        >>> Card.parse("Td")
        Card(rank=10, suit='d')
        >>> Card.parse("10d")
        Traceback (most recent call last):
        ...
        games.engine.cards.CardError: '10d' is not a card code: write rank then suit, like 'Td' or 'As'
        """
        if not isinstance(code, str) or len(code) != 2:
            raise CardError(f"{code!r} is not a card code: write rank then suit, like 'Td' or 'As'")
        rank_char, suit_char = code[0].upper(), code[1].lower()
        if rank_char not in RANK_CHARS:
            raise CardError(f"{code!r} has no rank {code[0]!r}: ranks are {' '.join(reversed(RANK_CHARS))}")
        if suit_char not in SUIT_CHARS:
            raise CardError(f"{code!r} has no suit {code[1]!r}: suits are s h d c")
        return cls(RANK_CHARS.index(rank_char) + 2, suit_char)

    @property
    def code(self) -> str:
        return RANK_CHARS[self.rank - 2] + self.suit

    @property
    def index(self) -> int:
        """0..51, a dense number for table look-ups."""
        return (self.rank - 2) * 4 + SUIT_CHARS.index(self.suit)

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code


FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(14, 1, -1) for suit in SUIT_CHARS)


def parse_cards(codes: Iterable[str] | str, *, count: int | None = None, what: str = "cards",
                repeats: bool = False) -> tuple[Card, ...]:
    """Parse card codes, refusing malformed codes, duplicates (unless ``repeats``: a shoe of
    several decks) and a wrong count.

    ``codes`` may be a list of codes or one string of codes separated by spaces.
    ``what`` names the cards in messages ("seat 3's cards", "the Flop").
    """
    if isinstance(codes, str):
        codes = codes.split()
    cards = tuple(Card.parse(code) for code in codes)
    seen: set[Card] = set()
    for card in cards:
        if card in seen and not repeats:
            raise CardError(f"{card.code} appears twice in {what}")
        seen.add(card)
    if count is not None and len(cards) != count:
        raise CardError(f"{what} must be {count} card{'s' if count != 1 else ''}, not {len(cards)}")
    return cards


def deck(*, without_ranks: Iterable[int] = ()) -> list[Card]:
    """One deck in a fixed order; Spanish 21 passes ``without_ranks=(10,)``."""
    removed = set(without_ranks)
    return [card for card in FULL_DECK if card.rank not in removed]


@dataclass(frozen=True)
class Deck:
    """The cards a game deals: how many decks, which ranks are removed, and the section that says so.

    >>> spanish = Deck(decks=6, without_ranks=(10,), section="§ 635a.3")
    >>> len(spanish.cards()), spanish.copies(Card.parse("7s")), spanish.copies(Card.parse("Ts"))
    (288, 6, 0)
    """

    decks: int = 1
    without_ranks: tuple[int, ...] = ()
    section: str = ""

    def copies(self, card: Card) -> int:
        return 0 if card.rank in self.without_ranks else self.decks

    def cards(self) -> list[Card]:
        return deck(without_ranks=self.without_ranks) * self.decks

    def check(self, card: Card, used: int, what: str) -> None:
        """Refuse a card this deck does not hold, or one more copy of it than the decks hold."""
        copies = self.copies(card)
        if copies == 0:
            raise CardError(f"{card.code} is not in this game's deck: the {RANK_PLURALS[card.rank]} are removed"
                            + (f" ({self.section})" if self.section else ""))
        if used >= copies:
            where = "on the table in this round" if copies == 1 else f"on the table {used} times, all {copies} decks"
            raise CardError(f"{card.code} is already {where}: it cannot also be in {what}")


STANDARD_DECK = Deck()


class Shoe:
    """A shuffled virtual shoe for training mode, drawn from the top."""

    def __init__(self, cards: Iterable[Card] | None = None, *, rng: secrets.SystemRandom | None = None):
        self.cards = list(cards) if cards is not None else deck()
        (rng or secrets.SystemRandom()).shuffle(self.cards)

    @classmethod
    def from_order(cls, codes: Iterable[str]) -> Shoe:
        """A shoe whose order was shuffled earlier and recorded (a round is replayed from its log)."""
        shoe = cls.__new__(cls)
        shoe.cards = list(parse_cards(list(codes), what="the shoe", repeats=True))
        return shoe

    def order(self) -> list[str]:
        return [card.code for card in self.cards]

    def draw(self, count: int = 1) -> tuple[Card, ...]:
        if count > len(self.cards):
            raise CardError(f"the shoe holds {len(self.cards)} cards, {count} were asked for")
        drawn, self.cards = self.cards[:count], self.cards[count:]
        return tuple(drawn)

    def __len__(self) -> int:
        return len(self.cards)
