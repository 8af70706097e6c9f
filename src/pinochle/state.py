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
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from pinochle._pickles import fills_new_fields
from pinochle.actions import Action, Bid, Pass
from pinochle.cards import Card, Suit
from pinochle.meld import Meld
from pinochle.scoring import HandResult
from pinochle.stock import Shown
from pinochle.variant import Variant

if TYPE_CHECKING:  # annotations only: pathlib costs `import pinochle` milliseconds
    from pathlib import Path

__all__ = [
    "CompletedTrick",
    "Game",
    "Hand",
    "Observation",
    "Phase",
    "State",
    "build_state",
    "with_history",
]


_HOUSE = {"wire": "optional"}
"""The metadata of a field a house rule added: the wire writes it only when it is not its
default, so the documents of every profile without the rule are unchanged."""


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
    MOON = "moon"
    """After meld (and the throw-in), before the first lead, the bidder shoots the moon
    (promises every trick) or plays on (profiles with ``settlement.shoot_the_moon``)."""
    SHARE = "share"
    """Right after the auction (``kitty.share``, BC-PA): the bidder keeps one kitty card and
    gives one face down to each other player, then names trump."""
    CALL = "call"
    """Five hands (``deal.partner = "called"``): after naming trump, the bidder calls a trump
    card; the first other player to play a copy is the bidder's partner for the hand."""


_GAME_OVER = Phase.GAME_OVER
"""A global: reading a member off its enum class is several times slower (`State.is_over`
runs once a decision in most players' loops)."""


@fills_new_fields
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


@fills_new_fields
@attrs.frozen
class Hand:
    """One deal: everything decided before the first card, fixed once play starts.

    Attributes:
        number: The deal's number in the game, from 0.
        dealer: The dealer's seat (with sit-outs: the last active seat, who speaks last).
        dealt: Each seat's cards as dealt, in `Card.index` order.
        auction: ``(seat, Bid or Pass)`` in order.
        passed: For each seat, whether it is out of the auction: it passed (or, under
            ``bidding.rounds``, made its last bid).
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
        moon: The bidder shot the moon: its side promised every trick
            (``settlement.shoot_the_moon``).
        shared: ``kitty.share``: the kitty as the bidder shared it, the card it kept first,
            then the card given to each seat from its left (empty until shared).
        called: Five hands (``deal.partner = "called"``): the trump card the bidder called
            (``"asked"``: the card it asked for).
        partner: The bidder's partner for the hand: the first seat other than the bidder
            to play a copy of the called card (None until then, and for a lone bidder);
            under ``deal.partner = "asked"`` the first holder from the bidder's right, from
            the ask on.
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
    moon: bool = attrs.field(default=False, metadata=_HOUSE)
    shared: tuple[Card, ...] = attrs.field(default=(), metadata=_HOUSE)
    called: Card | None = attrs.field(default=None, metadata=_HOUSE)
    partner: int | None = attrs.field(default=None, metadata=_HOUSE)


@fills_new_fields
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


@fills_new_fields
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
        return _restore_state, (_PLAIN_VALUES(self), self.actions)

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


_PLAIN: Final = tuple(
    field.name for field in attrs.fields(State) if field.name not in ("history", "legal_cache")
)
"""The fields a state is built from (`build_state`'s required keywords)."""

_PLAIN_VALUES: Final = operator.attrgetter(*_PLAIN)


def _restore_state(values: tuple[object, ...], actions: Sequence[Action]) -> State:
    """A pickled or copied `State` back, its flat history relinked (see `State.__reduce__`)."""
    fields: dict[str, Any] = dict(zip(_PLAIN, values, strict=True))
    return build_state(**fields, history=_linked(actions))


def with_history(state: State, actions: Sequence[Action]) -> State:
    """The same state with this history (`State.actions`): how a stored state is rebuilt.

    The history is not checked against the state; `pinochle.wire` replays it to verify.
    """
    return attrs.evolve(state, history=_linked(actions), legal_cache=None)


def _linked(actions: Sequence[Action]) -> History:
    """``actions`` (oldest first) as the nested pairs of `State.history`."""
    history: History = None
    for action in actions:
        history = (action, history)
    return history


# --- Building the values fast -------------------------------------------------------------
#
# The engine builds a state on every decision, and a hand on most decisions of the auction.
# `attrs.evolve` looks the fields up on every call, and the classes' own constructors set
# each field through a by-name `object.__setattr__`; these builders are written out once,
# here beside the classes, and a test holds each to its class's fields.

_STATE_SLOTS = State.__dict__
_set_phase = _STATE_SLOTS["phase"].__set__
_set_to_act = _STATE_SLOTS["to_act"].__set__
_set_hands = _STATE_SLOTS["hands"].__set__
_set_trick = _STATE_SLOTS["trick"].__set__
_set_tricks = _STATE_SLOTS["tricks"].__set__
_set_points = _STATE_SLOTS["points"].__set__
_set_tricks_won = _STATE_SLOTS["tricks_won"].__set__
_set_counters = _STATE_SLOTS["counters"].__set__
_set_hand = _STATE_SLOTS["hand"].__set__
_set_game = _STATE_SLOTS["game"].__set__
_set_history = _STATE_SLOTS["history"].__set__
_set_legal_cache = _STATE_SLOTS["legal_cache"].__set__
_new = object.__new__


def build_state(
    *,
    phase: Phase,
    to_act: int | None,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[tuple[int, Card], ...],
    tricks: tuple[CompletedTrick, ...],
    points: tuple[int, ...],
    tricks_won: tuple[int, ...],
    counters: tuple[bool, ...],
    hand: Hand,
    game: Game,
    history: History = None,
) -> State:
    """A new `State` from its fields, by name: what ``State(...)`` builds, faster.

    The engine builds every state through it, and so do `pinochle.sample_state` and the
    computer players' play-outs: a new field of `State` is added here, once. Nothing is
    checked (the engine's values are sound); the legal-action cache starts empty.

    Args:
        phase: Where the hand is.
        to_act: The seat to act (None when the game is over).
        hands: Each seat's cards, in `Card.index` order.
        trick: The current trick: ``(seat, card)`` in play order.
        tricks: The finished tricks of this hand.
        points: Trick points taken so far this hand, by side.
        tricks_won: Tricks taken so far this hand, by side.
        counters: Whether each side has taken a counter (A, 10, K) or the last trick.
        hand: The current deal.
        game: The game around it.
        history: The actions so far, newest first, as nested pairs (see `State.actions`);
            None for a state no actions lead to (a sampled deal).
    """
    # The slots set directly: the class's constructor sets each by name, on every decision.
    state = _new(State)
    _set_phase(state, phase)
    _set_to_act(state, to_act)
    _set_hands(state, hands)
    _set_trick(state, trick)
    _set_tricks(state, tricks)
    _set_points(state, points)
    _set_tricks_won(state, tricks_won)
    _set_counters(state, counters)
    _set_hand(state, hand)
    _set_game(state, game)
    _set_history(state, history)
    _set_legal_cache(state, None)
    return state


class _Same(enum.Enum):
    """The default of the ``_with`` builders' fields: keep the old value."""

    SAME = enum.auto()


_SAME: Final = _Same.SAME


def _kitty_face_down(variant: Variant, phase: Phase) -> bool:
    """Whether the kitty still lies face down, a pile apart from the bidder's hand.

    It does until the auction is won (and in the misdeal phase before it); under
    ``kitty.trump_first`` (BC-3D's five-card widow, rules/trump#widow-timing) also while
    the bidder names trump, for trump is named before the widow is seen.
    """
    if phase is Phase.AUCTION or phase is Phase.MISDEAL:
        return True
    return phase is Phase.TRUMP and variant.kitty.trump_first


def _kitty_apart(variant: Variant, phase: Phase) -> bool:
    """Whether the kitty is a pile of its own, in no hand: face down, or being shared.

    Under ``kitty.share`` (BC-PA) the bidder sees the kitty while sharing it, but its cards
    join the hands only with the share.
    """
    return phase is Phase.SHARE or _kitty_face_down(variant, phase)


def _hand_with(
    hand: Hand,
    *,
    number: int | _Same = _SAME,
    dealer: int | _Same = _SAME,
    dealt: tuple[tuple[Card, ...], ...] | _Same = _SAME,
    persons: tuple[int, ...] | _Same = _SAME,
    dealer_person: int | _Same = _SAME,
    auction: tuple[tuple[int, Bid | Pass], ...] | _Same = _SAME,
    passed: tuple[bool, ...] | _Same = _SAME,
    bidder: int | _Same | None = _SAME,
    bid: int | _Same = _SAME,
    trump: Suit | _Same | None = _SAME,
    passed_cards: tuple[Card, ...] | _Same = _SAME,
    returned_cards: tuple[Card, ...] | _Same = _SAME,
    melds: tuple[Meld | None, ...] | _Same = _SAME,
    kitty: tuple[Card, ...] | _Same = _SAME,
    buried: tuple[Card, ...] | _Same = _SAME,
    turned_up: Card | _Same | None = _SAME,
    turn_up: Card | _Same | None = _SAME,
    stock: tuple[Card, ...] | _Same = _SAME,
    table: tuple[tuple[Card, ...], ...] | _Same = _SAME,
    shown: tuple[tuple[Shown, ...], ...] | _Same = _SAME,
    meld_points: tuple[int, ...] | _Same = _SAME,
    turn_melded: bool | _Same = _SAME,
    last_turn_up: tuple[int, Card] | _Same | None = _SAME,
    dix_exchanger: int | _Same | None = _SAME,
    moon: bool | _Same = _SAME,
    shared: tuple[Card, ...] | _Same = _SAME,
    called: Card | _Same | None = _SAME,
    partner: int | _Same | None = _SAME,
) -> Hand:
    """`attrs.evolve` for a `Hand`: the fields named changed, the others kept."""
    return Hand(  # positionally, in the class's order (a test holds it to the fields)
        hand.number if number is _SAME else number,
        hand.dealer if dealer is _SAME else dealer,
        hand.dealt if dealt is _SAME else dealt,
        hand.persons if persons is _SAME else persons,
        hand.dealer_person if dealer_person is _SAME else dealer_person,
        hand.auction if auction is _SAME else auction,
        hand.passed if passed is _SAME else passed,
        hand.bidder if bidder is _SAME else bidder,
        hand.bid if bid is _SAME else bid,
        hand.trump if trump is _SAME else trump,
        hand.passed_cards if passed_cards is _SAME else passed_cards,
        hand.returned_cards if returned_cards is _SAME else returned_cards,
        hand.melds if melds is _SAME else melds,
        hand.kitty if kitty is _SAME else kitty,
        hand.buried if buried is _SAME else buried,
        hand.turned_up if turned_up is _SAME else turned_up,
        hand.turn_up if turn_up is _SAME else turn_up,
        hand.stock if stock is _SAME else stock,
        hand.table if table is _SAME else table,
        hand.shown if shown is _SAME else shown,
        hand.meld_points if meld_points is _SAME else meld_points,
        hand.turn_melded if turn_melded is _SAME else turn_melded,
        hand.last_turn_up if last_turn_up is _SAME else last_turn_up,
        hand.dix_exchanger if dix_exchanger is _SAME else dix_exchanger,
        hand.moon if moon is _SAME else moon,
        hand.shared if shared is _SAME else shared,
        hand.called if called is _SAME else called,
        hand.partner if partner is _SAME else partner,
    )


def _game_with(
    game: Game,
    *,
    variant: Variant | _Same = _SAME,
    seed: int | _Same = _SAME,
    first_dealer: int | _Same = _SAME,
    start_hands: tuple[tuple[Card, ...], ...] | _Same | None = _SAME,
    start_scores: tuple[int, ...] | _Same = _SAME,
    scores: tuple[int, ...] | _Same = _SAME,
    target: int | _Same | None = _SAME,
    results: tuple[HandResult, ...] | _Same = _SAME,
    winner: int | _Same | None = _SAME,
    last_hand: Hand | _Same | None = _SAME,
    last_tricks: tuple[CompletedTrick, ...] | _Same = _SAME,
) -> Game:
    """`attrs.evolve` for a `Game`: the fields named changed, the others kept."""
    return Game(  # positionally, in the class's order (a test holds it to the fields)
        game.variant if variant is _SAME else variant,
        game.seed if seed is _SAME else seed,
        game.first_dealer if first_dealer is _SAME else first_dealer,
        game.start_hands if start_hands is _SAME else start_hands,
        game.start_scores if start_scores is _SAME else start_scores,
        game.scores if scores is _SAME else scores,
        game.target if target is _SAME else target,
        game.results if results is _SAME else results,
        game.winner if winner is _SAME else winner,
        game.last_hand if last_hand is _SAME else last_hand,
        game.last_tricks if last_tricks is _SAME else last_tricks,
    )


@fills_new_fields
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
        buried_announced: Under ``kitty.bury_trump_aces = false``: the trump and aces the
            bidder was forced to bury, announced to every seat (rules/passing-and-kitty#kitty).
        moon: The bidder has shot the moon this hand (every seat sees the declaration).
        shared_to_me: ``kitty.share``: the kitty card the bidder gave this seat (face down:
            no other seat but the bidder sees it), else empty.
        shared_by_me: ``kitty.share``, the bidder only: the kitty cards it gave, one to each
            seat from its left, else empty.
        called: Five hands: the trump card the bidder called (every seat hears the call).
        partner: Five hands: the bidder's partner, once it has played a copy of the called
            card (None before, in every seat's observation: the partner stays hidden until
            the card shows); under ``deal.partner = "asked"`` from the ask on.
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
    buried_announced: tuple[Card, ...] = attrs.field(default=(), metadata=_HOUSE)
    moon: bool = attrs.field(default=False, metadata=_HOUSE)
    shared_to_me: tuple[Card, ...] = attrs.field(default=(), metadata=_HOUSE)
    shared_by_me: tuple[Card, ...] = attrs.field(default=(), metadata=_HOUSE)
    called: Card | None = attrs.field(default=None, metadata=_HOUSE)
    partner: int | None = attrs.field(default=None, metadata=_HOUSE)

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
