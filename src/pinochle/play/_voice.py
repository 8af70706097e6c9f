"""How the table speaks to one person: everyone's names and sides as that person reads them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pinochle._words import counted
from pinochle.actions import Action, Bury, Declare, PassCards
from pinochle.cards import Card, Suit, format_cards, sort_cards
from pinochle.demo import person_names, side_name
from pinochle.state import Hand
from pinochle.variant import Variant


class Voice:
    """The people's names as the person being written for reads them ("You" for that person).

    Attributes:
        variant: The rules.
        people: The persons the people at the screen play.
        plain: Every person's name, as a third party reads it.
        me: The person whose view the lines being written take.
    """

    def __init__(self, variant: Variant, people: tuple[int, ...]) -> None:
        self.variant = variant
        self.people = people
        self.plain = person_names(variant)
        self.me = people[0]

    @property
    def names(self) -> tuple[str, ...]:
        """Each person's name as the person whose view is being written reads it."""
        return tuple("You" if p == self.me else n for p, n in enumerate(self.plain))

    def name(self, persons: Sequence[int], seat: int) -> str:
        """The name of whoever sits at ``seat`` (``persons``: the hand's seating)."""
        return self.names[persons[seat]]

    def does(self, persons: Sequence[int], seat: int, verb: str, own: str) -> str:
        """``West names`` or, for the person, ``You name`` (``own`` is that form)."""
        name = self.name(persons, seat)
        return f"You {own}" if name == "You" else f"{name} {verb}"

    def calls(self, persons: Sequence[int], auction: Sequence[tuple[int, Action]]) -> str:
        return ", ".join(f"{self.name(persons, seat)} {call}" for seat, call in auction)

    def my_seat(self, hand: Hand) -> int | None:
        return hand.persons.index(self.me) if self.me in hand.persons else None

    def side(self, side: int) -> str:
        label = side_name(self.variant, side)
        mine = self.variant.side_of(self.me)
        if side != mine:
            return label
        return f"{label} (you)" if self.variant.deal.partnerships else "You"

    def scores(self, values: Sequence[int]) -> str:
        return "  ".join(f"{self.side(i)} {v}" for i, v in enumerate(values))

    def introduce(self, person: int) -> str:
        """Who ``person`` is at the table, for the screen they have just taken.

        ``You are South, partner North (computer), against West and East (computer).``:
        the other person at the screen first, then the computer players in playing order.
        """
        seated = self.variant.deal.seated
        partner = (self.variant.partners_of(person) or (None,))[0]
        later = [(person + k) % seated for k in range(1, seated)]  # playing order from here
        others = sorted(
            (p for p in later if p != partner), key=lambda p: p not in self.people
        )  # the other person first: sorted() keeps the playing order among equals
        line = f"You are {self.plain[person]}"
        if partner is not None:
            line += f", partner {self._who(partner)}"
        return f"{line}, against {join([self._who(p) for p in others])}."

    def _who(self, person: int) -> str:
        name = self.plain[person]
        return name if person in self.people else f"{name} (computer)"


def cards_text(cards: Iterable[Card], trump: Suit | None) -> str:
    """Cards as every screen lists them: `sort_cards` order, trump first once it is known."""
    return format_cards(sort_cards(cards, trump))


def action_text(action: Action, trump: Suit | None) -> str:
    """An action as the screen writes it: its cards in the screen's order, not the action's.

    An action keeps its cards in `Card.index` order (``declare marriage: Q♥ K♥``); the screen
    lists them as it lists a hand (``declare marriage: K♥ Q♥``), a declaration's as every
    meld is written (without trump first: ``pinochle Q♠ J♦``). The text reads back as the
    same action.
    """
    if isinstance(action, Declare):
        return f"declare {action.kind}: {cards_text(action.cards, None)}"
    if isinstance(action, PassCards):
        return f"pass-cards {cards_text(action.cards, trump)}"
    if isinstance(action, Bury):
        return f"bury {cards_text(action.cards, trump)}"
    return str(action)  # a share keeps its order: the card kept, then one a seat


def join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def count(n: int) -> str:
    return counted(n, "card")
