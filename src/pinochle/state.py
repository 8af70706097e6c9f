"""The immutable game state, its phases, and what one seat may observe of it.

A `State` is a value: the engine's `apply` returns a new one and never changes the old.
It is split in three layers that change at different speeds, so that playing a card
builds two small objects, not one large one:

- `Game`: the profile, the seed, running scores and finished hands (changes once a hand);
- `Hand`: the deal, the auction, trump, passed cards and meld (changes during bidding);
- `State` itself: the phase, whose turn it is, the hands, the trick and the tricks.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from pinochle.actions import Action, Bid, Pass
from pinochle.cards import Card, Suit
from pinochle.meld import Meld
from pinochle.scoring import HandResult
from pinochle.stock import Shown
from pinochle.variant import Variant

if TYPE_CHECKING:  # annotations only: pathlib costs `import pinochle` milliseconds
    from pathlib import Path

__all__ = ["CompletedTrick", "Game", "Hand", "Observation", "Phase", "State", "with_history"]


class Phase(enum.StrEnum):
    """Where a hand is; every phase but `GAME_OVER` waits for `State.to_act`."""

    AUCTION = "auction"
    """Players bid or pass, starting on the dealer's left."""
    TRUMP = "trump"
    """The high bidder names trump."""
    BURY = "bury"
    """The bidder, having taken the kitty, buries as many cards (three-hand)."""
    PASS = "pass"
    """The bidder's partner passes cards to the bidder."""
    RETURN = "return"
    """The bidder returns as many cards to the partner."""
    MELD = "meld"
    """Two-hand: the trick winner may meld (and exchange the dix), then both draw."""
    DIX_EXCHANGE = "dix exchange"
    """Turned trump (``trump.dix_exchange``): a dix holder may swap it for the turned card."""
    THROW_IN = "throw-in"
    """After meld (or, with ``settlement.throw_in_at = "after-trump"``, right after naming
    trump), the bidder throws in or plays on (profiles with ``settlement.throw_in``)."""
    CONCEDE = "concede"
    """After meld, each opponent in turn concedes or plays on (``settlement.opponents_concede``).

    The hand is conceded when every opponent concedes; the first to play on starts the play.
    """
    TRICKS = "tricks"
    """The tricks are played."""
    GAME_OVER = "game over"
    """The game has a winner; no one acts."""
    MISDEAL = "misdeal"
    """Right after the deal (``deal.misdeal``): each seat from the dealer's left keeps its
    hand or, if it qualifies, calls a misdeal; the same dealer then deals again."""


_GAME_OVER = Phase.GAME_OVER
"""A global: reading a member off its enum class is several times slower (`State.is_over`
runs once a decision in most players' loops)."""


@attrs.frozen
class CompletedTrick:
    """A finished trick.

    Attributes:
        plays: ``(seat, card)`` in play order; the first is the lead.
        winner: The seat that won it.
        points: Its trick points (the last trick's bonus included).
    """

    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int

    @property
    def leader(self) -> int:
        """The seat that led."""
        return self.plays[0][0]

    def _repr_svg_(self) -> str:
        """The trick as a picture, for Jupyter (see `pinochle.svg.trick`)."""
        from pinochle import svg

        return svg.trick(self)


@attrs.frozen
class Hand:
    """One deal: everything decided before the first card, fixed once play starts.

    Attributes:
        number: The deal's number in the game, from 0.
        dealer: The dealer's seat (with sit-outs: the last active seat, who speaks last).
        dealt: Each seat's cards as dealt, in `Card.index` order.
        auction: ``(seat, Bid or Pass)`` in order.
        passed: For each seat, whether it has passed in the auction.
        bidder: The high bidder's seat (None while nobody has bid).
        bid: The high bid (0 while nobody has bid).
        trump: The trump suit, once named.
        passed_cards: The cards the partner passed to the bidder.
        returned_cards: The cards the bidder returned.
        melds: Each seat's shown meld, once meld is laid down.
        kitty: The kitty (widow) as dealt; the high bidder takes it.
        buried: The cards the bidder buried from the hand plus kitty.
        persons: The person (score index) playing at each seat: seat ``i`` is person
            ``persons[i]``; with sit-outs some people do not play this hand.
        dealer_person: The person who deals (and, with sit-outs, may sit out).
        turned_up: Two-hand: the card turned up for trump at the deal.
        turn_up: Two-hand: the face-up card under the stock now (the dix after an exchange);
            None once drawn.
        stock: Two-hand: the face-down stock, top card first.
        table: Two-hand: each seat's melded cards lying face up (still in its hand).
        shown: Two-hand: each seat's melds declared this hand, in order.
        meld_points: Two-hand: each seat's meld score this hand.
        turn_melded: Two-hand: whether the trick winner has declared a meld (not a dix) this
            turn.
        last_turn_up: Two-hand: who took the turn-up at the last draw, and which card it was.
        dix_exchanger: Turned trump without a stock (``trump.dix_exchange``): the seat that
            exchanged its dix for the turned card (the dealer now holds the dix).
    """

    number: int
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    persons: tuple[int, ...] = ()
    dealer_person: int = 0
    auction: tuple[tuple[int, Bid | Pass], ...] = ()
    passed: tuple[bool, ...] = ()
    bidder: int | None = None
    bid: int = 0
    trump: Suit | None = None
    passed_cards: tuple[Card, ...] = ()
    returned_cards: tuple[Card, ...] = ()
    melds: tuple[Meld | None, ...] = ()
    kitty: tuple[Card, ...] = ()
    buried: tuple[Card, ...] = ()
    turned_up: Card | None = None
    turn_up: Card | None = None
    stock: tuple[Card, ...] = ()
    table: tuple[tuple[Card, ...], ...] = ()
    shown: tuple[tuple[Shown, ...], ...] = ()
    meld_points: tuple[int, ...] = ()
    turn_melded: bool = False
    last_turn_up: tuple[int, Card] | None = None
    dix_exchanger: int | None = None


@attrs.frozen
class Game:
    """The game around the hands: the rules, the seed, the scores and the finished hands.

    Attributes:
        variant: The rules.
        seed: The seed every deal is drawn from.
        first_dealer: The dealer of the first hand.
        start_hands: The first hand's cards when the game started from given hands.
        start_scores: The scores the game started from.
        scores: The running scores, by side.
        target: The target in force (it may rise under ``game.both_reach = "raise-target"``).
        results: The settlement of every finished hand, in order.
        winner: The winning side once the game is over.
        last_hand: The previous hand's deal, auction, trump and meld (None before one ends).
        last_tricks: The previous hand's tricks (empty if it was not played).
    """

    variant: Variant
    seed: int
    first_dealer: int
    start_hands: tuple[tuple[Card, ...], ...] | None
    start_scores: tuple[int, ...]
    scores: tuple[int, ...]
    target: int | None
    results: tuple[HandResult, ...] = ()
    winner: int | None = None
    last_hand: Hand | None = None
    last_tricks: tuple[CompletedTrick, ...] = ()


History: TypeAlias = "tuple[Action, History] | None"
"""The actions of the game so far, newest first, as nested pairs (O(1) to extend)."""


@attrs.frozen
class State:
    """A whole game at one moment. Immutable: `pinochle.apply` returns a new state.

    Attributes:
        phase: Where the hand is.
        to_act: The seat whose decision the engine waits for (None when the game is over).
        hands: Each seat's cards, in `Card.index` order.
        trick: The current trick: ``(seat, card)`` in play order.
        tricks: The finished tricks of this hand.
        points: Trick points taken so far this hand, by side.
        tricks_won: Tricks taken so far this hand, by side.
        counters: Whether each side has taken a counter (A, 10, K) or the last trick.
        hand: The current deal (auction, trump, meld).
        game: The game around it (rules, seed, scores, finished hands).
    """

    phase: Phase
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[CompletedTrick, ...]
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    counters: tuple[bool, ...]
    hand: Hand
    game: Game
    history: History = attrs.field(default=None, eq=False, repr=False)
    legal_cache: Sequence[Action] | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def variant(self) -> Variant:
        """The rules."""
        return self.game.variant

    @property
    def scores(self) -> tuple[int, ...]:
        """The running scores, by side."""
        return self.game.scores

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is _GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over."""
        return self.game.winner

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The settlement of every finished hand."""
        return self.game.results

    @property
    def dealer(self) -> int:
        """The current dealer's seat."""
        return self.hand.dealer

    @property
    def bidder(self) -> int | None:
        """The high bidder's seat, once there is one."""
        return self.hand.bidder

    @property
    def bid(self) -> int:
        """The high bid (0 before any bid)."""
        return self.hand.bid

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once named."""
        return self.hand.trump

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the game began, in order."""
        found: list[Action] = []
        node = self.history
        while node is not None:
            action, node = node
            found.append(action)
        return tuple(reversed(found))

    def __reduce__(self) -> tuple[Callable[..., State], tuple[object, ...]]:
        # The history is a chain of pairs as deep as the game is long: pickle and deepcopy
        # would recurse once a link and fail on a long game. It crosses flat, as a tuple;
        # the legal-action cache is left behind (it is rebuilt on demand).
        return _restore_state, (
            self.phase,
            self.to_act,
            self.hands,
            self.trick,
            self.tricks,
            self.points,
            self.tricks_won,
            self.counters,
            self.hand,
            self.game,
            self.actions,
        )

    # The wire format (`pinochle.wire`, imported on first use: the core stays lean).

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-ready wire document: the whole game, hidden cards included."""
        from pinochle import wire

        return wire.to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The state as a JSON wire document (see `pinochle.wire`)."""
        from pinochle import wire

        return wire.to_json(self, indent=indent)

    @classmethod
    def from_dict(
        cls, data: Any, *, base_dir: Path | str | None = None, verify: bool = True
    ) -> State:
        """Read a state document; by default its history must replay to it exactly.

        Raises:
            WireError: Not a state document, or a field missing, unknown or malformed, or
                (with ``verify``) a state its history does not lead to, or (without) one no
                game can hold: a seat that does not exist, a list of the wrong length,
                cards that are not the profile's deck.
        """
        from pinochle import wire

        state: State = wire.from_dict("state", data, base_dir=base_dir, verify=verify)
        return state

    @classmethod
    def from_json(
        cls, text: str | bytes, *, base_dir: Path | str | None = None, verify: bool = True
    ) -> State:
        """Read a state from JSON text or UTF-8 bytes (see `from_dict`)."""
        from pinochle import wire

        state: State = wire.from_json("state", text, base_dir=base_dir, verify=verify)
        return state

    def side_of(self, seat: int) -> int:
        """The side (score index) a seat plays for: its person's (`Variant.side_of`)."""
        return self.game.variant.side_of(self.hand.persons[seat])

    def seats(self) -> Iterator[int]:
        """Every seat, from 0."""
        return iter(range(self.game.variant.deal.players))


def _restore_state(*fields: Any) -> State:
    """A pickled or copied `State` back, its flat history relinked (see `State.__reduce__`)."""
    return with_history(State(*fields[:-1]), fields[-1])


def with_history(state: State, actions: Sequence[Action]) -> State:
    """The same state with this history (`State.actions`): how a stored state is rebuilt.

    The history is not checked against the state; `pinochle.wire` replays it to verify.
    """
    history: History = None
    for action in actions:
        history = (action, history)
    return attrs.evolve(state, history=history, legal_cache=None)


@attrs.frozen
class Observation:
    """What one seat may know: its own cards and the public history, nothing more.

    Attributes:
        seat: The observing seat.
        phase: Where the hand is.
        to_act: Whose decision the engine waits for.
        variant: The rules.
        hand_number: The deal's number in the game, from 0.
        dealer: The dealer's seat.
        persons: The person (score index) at each seat (sit-outs: see `Hand.persons`).
        hand: The observer's own cards.
        hand_sizes: How many cards each seat holds.
        auction: ``(seat, Bid or Pass)`` in order.
        bidder: The high bidder's seat, once there is one.
        bid: The high bid.
        trump: The trump suit, once named.
        melds: Each seat's shown meld (with its cards), once laid down.
        kitty: The kitty, once the bidder has shown it (to the bidder: once taken).
        buried: The cards this seat buried (the bidder only).
        turn_up: Two-hand: the face-up trump card under the stock (None once drawn).
        stock_size: Two-hand: face-down cards left in the stock.
        table: Two-hand: each seat's melded cards lying face up.
        shown: Two-hand: each seat's melds declared this hand.
        passed_to_me: Cards this seat received from its partner.
        passed_by_me: Cards this seat gave its partner.
        trick: The current trick as ``(seat, card)`` in play order.
        tricks: The finished tricks of this hand.
        points: Trick points taken so far this hand, by side.
        scores: The running scores, by side.
        results: The settlement of every finished hand.
        last_tricks: The previous hand's tricks (every card in them was played face up).
        legal_actions: The seat's legal actions when it is to act, else empty.
        target: The score that wins the game (None: the profile plays no target).
        turned_up: The card turned for trump at the deal (two-hand, and turned-trump
            profiles without an auction), else None.
        melded_this_turn: Two-hand: whether the trick winner has already declared a meld
            (not a dix) this turn.
        winner: The winning side once the game is over.
        last_turn_up: Two-hand: who took the turn-up at the last draw, and which card.
        dix_exchanger: Turned trump: the seat that exchanged its dix for the turned card
            (it holds the turned card, the dealer the dix), else None.
    """

    seat: int
    phase: Phase
    to_act: int | None
    variant: Variant
    hand_number: int
    dealer: int
    persons: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, Bid | Pass], ...]
    bidder: int | None
    bid: int
    trump: Suit | None
    melds: tuple[Meld | None, ...]
    kitty: tuple[Card, ...]
    buried: tuple[Card, ...]
    turn_up: Card | None
    stock_size: int
    table: tuple[tuple[Card, ...], ...]
    shown: tuple[tuple[Shown, ...], ...]
    passed_to_me: tuple[Card, ...]
    passed_by_me: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[CompletedTrick, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    last_tricks: tuple[CompletedTrick, ...]
    legal_actions: Sequence[Action]
    target: int | None = None
    turned_up: Card | None = None
    melded_this_turn: bool = False
    winner: int | None = None
    last_turn_up: tuple[int, Card] | None = None
    dix_exchanger: int | None = None

    # The wire format (`pinochle.wire`, imported on first use: the core stays lean).

    def to_dict(self) -> dict[str, Any]:
        """The observation as a JSON-ready wire document: only what the seat may know."""
        from pinochle import wire

        return wire.to_dict(self)

    def to_json(self, *, indent: int | None = None) -> str:
        """The observation as a JSON wire document (see `pinochle.wire`)."""
        from pinochle import wire

        return wire.to_json(self, indent=indent)

    @classmethod
    def from_dict(cls, data: Any, *, base_dir: Path | str | None = None) -> Observation:
        """Read an observation document.

        An observation that reads is one the engine can produce (see "What the reader
        checks" in the wire format docs), so every consumer of observations can take it.

        Raises:
            WireError: Not an observation document, or a field missing, unknown or
                malformed, or a position no game reaches: a seat that does not exist, a list
                of the wrong length, a trick played out of turn, more copies of a card than
                the deck. Each problem names its field and the value.
        """
        from pinochle import wire

        view: Observation = wire.from_dict("observation", data, base_dir=base_dir)
        return view

    @classmethod
    def from_json(cls, text: str | bytes, *, base_dir: Path | str | None = None) -> Observation:
        """Read an observation from JSON text or UTF-8 bytes (see `from_dict`)."""
        from pinochle import wire

        view: Observation = wire.from_json("observation", text, base_dir=base_dir)
        return view

    def side_of(self, seat: int) -> int:
        """The side (score index) a seat plays for: its person's (`Variant.side_of`).

        ``view.side_of(view.seat)`` is the observer's own side, the index of its score in
        `scores` and of its trick points in `points`.
        """
        return self.variant.side_of(self.persons[seat])

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, for Jupyter (see `pinochle.svg.table`)."""
        from pinochle import svg

        return svg.table(self)
