"""The state a round is replayed into: seats holding hands, and cards in named zones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from games.engine.cards import Card
from games.engine.money import Cents


@dataclass
class Hand:
    """One hand of a seat: its cards, its wagers and its decisions.  A seat starts with one; a
    Spanish 21 split makes another, with its own wager."""

    number: int = 1
    wagers: dict[str, Cents] = field(default_factory=dict)
    decisions: dict[str, str] = field(default_factory=dict)  # step id -> choice key
    # A step that asks a hand again and again (hit, hit, stand) records each answer here, in order,
    # with the cards it dealt the hand: what a round sheet writes for the hand.
    plays: list[str] = field(default_factory=list)
    cards: tuple[Card, ...] = ()
    shown: bool = False  # turned face up for settlement
    folded: bool = False
    settled: bool = False


@dataclass
class Seat:
    """A betting position.  Games with one hand per seat read and write its first hand through
    the properties below; a game that splits hands walks ``hands``."""

    number: int
    hands: list[Hand] = field(default_factory=lambda: [Hand()])
    # The seat of the player who also wagers on this box, where a chapter lets one player wager on
    # adjacent boxes (§ 677a.7(e)); 0: the box is its own player's.
    player: int = 0

    @property
    def player_seat(self) -> int:
        return self.player or self.number

    @property
    def hand(self) -> Hand:
        return self.hands[0]

    @property
    def wagers(self) -> dict[str, Cents]:
        return self.hands[0].wagers

    @property
    def decisions(self) -> dict[str, str]:
        return self.hands[0].decisions

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hands[0].cards

    @cards.setter
    def cards(self, cards: tuple[Card, ...]) -> None:
        self.hands[0].cards = cards

    @property
    def cards_shown(self) -> bool:
        return self.hands[0].shown

    @cards_shown.setter
    def cards_shown(self, shown: bool) -> None:
        self.hands[0].shown = shown

    @property
    def folded(self) -> bool:
        return self.hands[0].folded

    @folded.setter
    def folded(self, folded: bool) -> None:
        self.hands[0].folded = folded

    @property
    def settled(self) -> bool:
        return all(hand.settled for hand in self.hands)

    @settled.setter
    def settled(self, settled: bool) -> None:
        for hand in self.hands:
            hand.settled = settled

    def split(self, wager: str, amount: Cents, after: Hand | None = None) -> Hand:
        """A new hand for this seat with its own wager (a split pair, § 635a.11): numbered after the
        seat's others, and placed right after ``after`` (the hand split), else last.  ``hands`` is in
        the order the hands are played."""
        hand = Hand(number=len(self.hands) + 1, wagers={wager: amount})
        position = self.hands.index(after) + 1 if after is not None else len(self.hands)
        self.hands.insert(position, hand)
        return hand

    def hand_numbered(self, number: int) -> Hand | None:
        return next((hand for hand in self.hands if hand.number == number), None)


@dataclass(frozen=True)
class ZoneSpec:
    """A place on the layout where cards lie: the board, the dealer's hand, bonus cards."""

    name: str
    label: str
    # How many cards the zone holds once dealt, where the layout shows them before they are known
    # (the dealer's five, one face up: the up card and four covers); 0 where it does not say.
    cards: int = 0


@dataclass
class Zone:
    """The cards of one zone in the order they were placed, each face up or face down."""

    name: str
    cards: list[Card] = field(default_factory=list)
    face_up: list[bool] = field(default_factory=list)

    def place(self, cards: Iterable[Card], *, face_up: bool) -> None:
        for card in cards:
            self.cards.append(card)
            self.face_up.append(face_up)

    def turn_up(self, count: int | None = None) -> tuple[Card, ...]:
        """Turn the first ``count`` face-down cards (all, by default) face up; return them."""
        turned = []
        for index, up in enumerate(self.face_up):
            if not up and (count is None or len(turned) < count):
                self.face_up[index] = True
                turned.append(self.cards[index])
        return tuple(turned)

    @property
    def up_cards(self) -> tuple[Card, ...]:
        return tuple(card for card, up in zip(self.cards, self.face_up, strict=True) if up)

    @property
    def down_cards(self) -> tuple[Card, ...]:
        return tuple(card for card, up in zip(self.cards, self.face_up, strict=True) if not up)

    @property
    def shown(self) -> bool:
        return bool(self.cards) and all(self.face_up)
