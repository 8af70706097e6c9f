"""A deal and a position on one line, the whole table's or one seat's view.

``pinochlerun 0 AKQ9.T9.AQJ.KJ9/... scores=0,0`` is a deal: the profile, the dealer, each
seat's hand by suit (``?`` for one not seen), the piles the profile has (``kitty=``,
``up=``, ``stock=``), the scores and, in a seat's view, ``seat=``. A position is a deal and
the moves made on it since, one token each.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs

from pinochle import arguments
from pinochle.actions import Action, Bury, Draw, PassCards, ShareKitty, TakeTurnUp
from pinochle.cards import Card, check_in_deck, make_deck
from pinochle.engine import apply, new_game, observe
from pinochle.errors import (
    ArgumentError,
    DeckError,
    IllegalActionError,
    RecordError,
)
from pinochle.notation._moves import Hidden, Move, Revealed, read_token, write_move
from pinochle.notation._profile import parse_profile, write_profile
from pinochle.notation._syntax import (
    decode,
    fail,
    problem,
    read_card,
    read_card_list,
    read_hand,
    read_int,
    write_card_list,
    write_hand,
)
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.state import Observation, State
from pinochle.variant import Variant

__all__ = [
    "Deal",
    "Position",
    "deal_of",
    "position_of",
    "read_deal",
    "read_position",
    "view_moves",
    "write_deal",
    "write_position",
]

HIDDEN = "?"
"""A hand or pile not seen (``-`` is read as the same)."""


def _hand(value: object) -> tuple[Card, ...] | None:
    """A known hand in `Card.index` order, or None for one not seen."""
    if value is None:
        return None
    return tuple(sorted(arguments.cards("hand", value), key=_index))


def _hands(value: object) -> tuple[tuple[Card, ...] | None, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError("hands", "one hand (cards, or None if not seen) per seat", value)
    return tuple(_hand(hand) for hand in value)


def _up(value: object) -> Card | None:
    """The turned card: a `Card`, or its text (``"AH"``)."""
    if value is None or type(value) is Card:
        return value
    cards = arguments.cards("up", value)
    if len(cards) != 1:
        raise ArgumentError("up", "one card", value)
    return cards[0]


def _stock(value: object) -> tuple[Card, ...] | None:
    return None if value is None else arguments.cards("stock", value)


def _scores(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError("scores", "whole numbers, one per side", value)
    return tuple(arguments.number(f"scores[{i}]", s) for i, s in enumerate(value))


def _index(card: Card) -> int:
    return card.index


def _is_variant(instance: object, attribute: attrs.Attribute[Variant], value: object) -> None:
    arguments.variant(value)


@attrs.frozen
class Deal:
    """One deal: the profile, the dealer, each seat's cards and the piles beside them.

    A hand or pile is None where it is not seen (a seat's view). Cards may be given as
    cards or as card text (``"AS TS 10♥"``, as `pinochle.new_game` takes hands); hands and
    the kitty are kept in `Card.index` order, the stock in its order, top card first.

    Attributes:
        variant: The rules.
        dealer: The person who deals (0 to ``deal.seated - 1``).
        hands: Each seat's cards as dealt, in seat order (seat 0 is the dealer's left), or
            None for a hand not seen.
        kitty: The kitty (widow) as dealt, None if not seen; empty if the profile has none.
        up: The card turned up for trump (two-hand, and profiles that turn trump: it is the
            last card dealt to the dealer), else None.
        stock: Two-hand: the face-down stock, top card first (the turned-up card is not in
            it), None if not seen; else empty.
        scores: The scores by side when the deal was made, if given.
        seat: In a seat's view, that seat; None when every card is written.
    """

    variant: Variant = attrs.field(validator=_is_variant)
    dealer: int = 0
    hands: tuple[tuple[Card, ...] | None, ...] = attrs.field(default=(), converter=_hands)
    kitty: tuple[Card, ...] | None = attrs.field(default=(), converter=_hand)
    up: Card | None = attrs.field(default=None, converter=_up)
    stock: tuple[Card, ...] | None = attrs.field(default=(), converter=_stock)
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_scores)
    seat: int | None = None

    @property
    def complete(self) -> bool:
        """Whether every card of the deal is known (a game can start from it)."""
        return all(h is not None for h in self.hands) and None not in (self.kitty, self.stock)

    def start(self, seed: int = 0) -> State:
        """A new game whose first deal is this one, from the given scores.

        Later deals come from ``seed``. Where `pinochle.new_game` can take the deal as
        ``hands=`` (four-hand, three-hand with a kitty, a turned trump that is the dealer's
        highest card), the game's record replays it; otherwise (a two-hand stock, another
        turned card) the deal is dealt as written and the game's record does not hold it.

        Raises:
            RecordError: A card of the deal is not seen (a seat's view).
            DeckError: The cards are not a deal of the profile.
            ArgumentError: A bad seed, dealer or scores.
        """
        if not self.complete:
            raise RecordError("a seat's view cannot start a game: some of its cards are hidden")
        for field, reason in _problems(self):
            raise DeckError(f"{field}: {reason}")  # the first problem
        hands = [h for h in self.hands if h is not None]
        state = new_game(self.variant, seed, self.dealer, hands=hands, scores=self.scores)
        if _same_deal(state, self):
            return state
        from pinochle.engine._course import _redeal  # a deal in the order written

        state = new_game(self.variant, seed, self.dealer, scores=self.scores)
        return _redeal(state, _deck_order(self))


def _same_deal(state: State, deal: Deal) -> bool:
    hand = state.hand
    stock = hand.stock if deal.variant.deal.stock else ()
    return hand.turned_up == deal.up and stock == deal.stock and _sorted(hand.kitty) == deal.kitty


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_index))


def _deck_order(deal: Deal) -> list[Card]:
    """The whole deck in the order the engine deals it so that it deals ``deal``."""
    from pinochle.engine._dealing import _deal_order, _pile_positions, _seating

    variant = deal.variant
    _, dealer = _seating(variant, deal.dealer)
    positions = _pile_positions(variant, dealer)
    deck: list[Card | None] = [None] * variant.deck_size
    piles: list[list[Card]] = [list(h or ()) for h in deal.hands]
    if deal.up is not None and not variant.deal.stock:
        piles[dealer].remove(deal.up)  # the turned card is the last one dealt to the dealer
        piles[dealer].append(deal.up)
    piles.append(list(deal.kitty or ()))
    for pile, places in zip(piles, positions, strict=True):
        for place, card in zip(places, pile, strict=True):
            deck[place] = card
    dealt = len(_deal_order(variant, dealer))
    if variant.deal.stock:
        assert deal.up is not None
        deck[dealt:] = [deal.up, *(deal.stock or ())]
    assert None not in deck
    return [card for card in deck if card is not None]


def _problems(deal: Deal) -> Iterator[tuple[str, str]]:
    """What makes ``deal`` no deal of its profile: (field, problem), the first first."""
    rules = deal.variant.deal
    players = rules.players
    if type(deal.dealer) is not int or not 0 <= deal.dealer < rules.seated:
        yield "dealer", f"expected a person from 0 to {rules.seated - 1}, found {deal.dealer!r}"
    if len(deal.hands) != players:
        yield "hands", f"expected {players} hands, one per seat, found {len(deal.hands)}"
    for seat, hand in enumerate(deal.hands):
        if hand is not None and len(hand) != rules.hand:
            yield f"hands[{seat}]", f"expected a hand of {rules.hand} cards, found {len(hand)}"
    if rules.kitty and deal.kitty is not None and len(deal.kitty) != rules.kitty:
        yield "kitty", f"expected a kitty of {rules.kitty} cards, found {len(deal.kitty)}"
    if not rules.kitty and deal.kitty != ():
        yield "kitty", "the profile deals no kitty"
    if _turns(deal.variant) and deal.up is None:
        yield "up", "expected the card turned up for trump"
    if not _turns(deal.variant) and deal.up is not None:
        yield "up", "the profile turns up no card"
    if deal.up is not None and type(deal.up) is not Card:
        yield "up", f"expected a card, found {deal.up!r}"
    size = deal.variant.stock_size - 1
    if rules.stock and deal.stock is not None and len(deal.stock) != size:
        yield (
            "stock",
            f"expected a stock of {size} cards (the turned-up card apart), found {len(deal.stock)}",
        )
    if not rules.stock and deal.stock != ():
        yield "stock", "the profile deals no stock"
    sides = deal.variant.sides
    if deal.scores is not None and len(deal.scores) != sides:
        yield "scores", f"expected {sides} scores, one per side, found {len(deal.scores)}"
    if deal.seat is not None and (type(deal.seat) is not int or not 0 <= deal.seat < players):
        yield "seat", f"expected a seat from 0 to {players - 1}, found {deal.seat!r}"
    known = [c for h in deal.hands if h is not None for c in h]
    known += [*(deal.kitty or ()), *(deal.stock or ())]
    if rules.stock and type(deal.up) is Card:
        known.append(deal.up)
    try:
        check_in_deck(known, rules.deck)
    except DeckError as exc:
        yield "hands", str(exc)
        return
    if deal.complete and len(deal.hands) == players:
        missing = Counter(make_deck(rules.deck)) - Counter(known)
        if missing:
            yield "hands", f"the cards are not the whole deck: missing {_names(missing)}"
    if _turns(deal.variant) and not rules.stock and type(deal.up) is Card:
        _, dealer = _seating_of(deal)
        held = deal.hands[dealer] if len(deal.hands) == players else None
        if held is not None and deal.up not in held:
            yield "up", f"the turned card {deal.up.ascii} is not in the dealer's hand"


def _turns(variant: Variant) -> bool:
    """Whether the profile turns a card up for trump (two-hand, or no auction)."""
    return variant.deal.stock or not variant.has_auction


def _seating_of(deal: Deal) -> tuple[tuple[int, ...], int]:
    from pinochle.engine._dealing import _seating

    dealer = deal.dealer if 0 <= deal.dealer < deal.variant.deal.seated else 0
    return _seating(deal.variant, dealer)


def _names(cards: Counter[Card]) -> str:
    return " ".join(card.ascii for card in sorted(cards.elements(), key=_index))


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ArgumentError("moves", "a sequence of actions (or Hidden, Revealed)", value)
    return tuple(value)


@attrs.frozen
class Position:
    """A deal and the moves made on it since, in order.

    Attributes:
        deal: The deal (in a seat's view, `Deal.seat` is set and hidden cards are None).
        moves: Every action since the deal; in a seat's view also `Hidden` (a pass or burial
            the seat did not see) and `Revealed` (cards the seat came to see).
    """

    deal: Deal
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The moves that are actions (every move, in a position of the whole table)."""
        return tuple(m for m in self.moves if not isinstance(m, Hidden | Revealed))

    def state(self, seed: int = 0) -> State:
        """The position as a game: `Deal.start`, then every move applied.

        Raises:
            RecordError: The position is a seat's view with hidden cards, or a move is
                illegal (the message names the move, from 1, and why).
        """
        state = self.deal.start(seed)
        for number, move in enumerate(self.moves, start=1):
            if isinstance(move, Hidden | Revealed):
                raise RecordError(f"move {number} ({write_move(move)}): a seat's view")
            try:
                state = apply(state, move)
            except IllegalActionError as exc:
                raise RecordError(f"move {number} ({write_move(move)}): {exc.reason}") from None
        return state


# --- From a game -------------------------------------------------------------------------


def _deal_states(source: State | GameRecord) -> list[tuple[State, Action | None]]:
    """The states of the source's current deal, each with the action that led to it.

    Raises:
        ArgumentError: A state whose history does not lead to it (sampled, or read from a
            wire document without its history).
        RecordError: A record that does not replay.
    """
    if isinstance(source, State):
        record = record_of(source)
    elif isinstance(source, GameRecord):
        record = source
    else:
        raise ArgumentError("source", "a State or a GameRecord", source)
    found: list[tuple[State, Action | None]] = []
    actions = (None, *record.actions)
    for action, state in zip(actions, replay_states(record), strict=False):
        if not found or state.hand.number != found[-1][0].hand.number:
            found = []
        found.append((state, action))
    if isinstance(source, State) and found[-1][0] != source:
        raise ArgumentError(
            "state",
            "a state with its history (not a sampled state, nor one read without it)",
            source,
        )
    return found


def _deal_from(start: State, seat: int | None) -> Deal:
    hand, variant = start.hand, start.variant
    hands: list[tuple[Card, ...] | None] = list(hand.dealt)
    kitty: tuple[Card, ...] | None = hand.kitty if variant.deal.kitty else ()
    stock: tuple[Card, ...] | None = hand.stock if variant.deal.stock else ()
    if seat is not None:
        seat = arguments.seat("seat", seat, variant.deal.players)
        hands = [h if s == seat else None for s, h in enumerate(hands)]
        kitty = None if variant.deal.kitty else ()
        stock = None if variant.deal.stock else ()
    return Deal(
        variant,
        hand.dealer_person,
        hands,
        kitty,
        hand.turned_up,
        stock,
        start.game.scores,
        seat,
    )


def deal_of(source: State | GameRecord, *, seat: int | None = None) -> Deal:
    """The deal of a game's current hand (the last deal, after a misdeal the new one).

    Args:
        source: A state (with its history) or a game record (its last state).
        seat: Only what this seat saw when the cards were dealt: its own hand.

    Raises:
        ArgumentError: Not a state or record, a state without its history, a bad seat.
        RecordError: A record that does not replay.
    """
    return _deal_from(_deal_states(source)[0][0], seat)


def position_of(source: State | GameRecord, *, seat: int | None = None) -> Position:
    """The position of a game: its current deal and every move since.

    Args:
        source: A state (with its history) or a game record (its last state).
        seat: Only what this seat may see: its own cards, the cards passed to it or by it,
            the meld shown, the kitty once shown, the cards played, its draws; a pass or a
            burial it did not see is `Hidden`, cards it came to see are `Revealed`.

    Raises:
        ArgumentError: Not a state or record, a state without its history, a bad seat.
        RecordError: A record that does not replay.
    """
    states = _deal_states(source)
    deal = _deal_from(states[0][0], seat)
    if seat is None:
        return Position(deal, tuple(a for _, a in states[1:] if a is not None))
    return Position(deal, tuple(_view_moves(states, seat)))


def _view_moves(states: Sequence[tuple[State, Action | None]], seat: int) -> Iterator[Move]:
    before = states[0][0]
    seen = observe(before, seat)
    for state, action in states[1:]:
        assert action is not None
        now = observe(state, seat)
        yield from _seen(seen, before.to_act, action, now)
        before, seen = state, now


def view_moves(before: State, action: Action, after: State, seat: int) -> tuple[Move, ...]:
    """What one seat sees of one action: the action (or `Hidden`), then any `Revealed`.

    The tokens `write_position` writes in a seat's view for that action, one at a time:
    what a program telling a player of the game as it goes sends to that seat.

    Args:
        before: The state the action was applied to.
        action: The action.
        after: ``apply(before, action)``.
        seat: The seat that looks on.

    Raises:
        ArgumentError: Not states, or not a seat.
    """
    if not isinstance(before, State) or not isinstance(after, State):
        raise ArgumentError("before, after", "the states before and after the action", before)
    return tuple(_seen(observe(before, seat), before.to_act, action, observe(after, seat)))


def _seen(seen: Observation, actor: int | None, action: Action, now: Observation) -> Iterator[Move]:
    """The moves a seat sees of an action, from its observations before and after."""
    passed = now.passed_to_me != seen.passed_to_me and bool(now.passed_to_me)
    if isinstance(action, PassCards) and actor != now.seat:
        if passed and _sorted(now.passed_to_me) == action.cards:
            yield action  # passed to this seat: it sees them now
            passed = False
        else:
            yield Hidden("pass", len(action.cards))
    elif isinstance(action, Bury) and actor != now.seat:
        yield Hidden("bury", len(action.cards))
    elif isinstance(action, ShareKitty) and actor != now.seat:
        yield Hidden("share", len(action.cards))
    else:
        yield action
    yield from _revealed(seen, now, action, passed)


def _revealed(
    seen: Observation, now: Observation, action: Action, passed: bool
) -> Iterator[Revealed]:
    """The cards a seat comes to see with one action, other than the action's own."""
    if now.hand_number != seen.hand_number:
        return
    if now.kitty and not seen.kitty:
        yield Revealed("kitty", now.kitty)
    if passed:
        yield Revealed("passed", now.passed_to_me)
    if now.shared_to_me and not seen.shared_to_me:  # kitty.share: the card given this seat
        yield Revealed("shared", now.shared_to_me)
    for seat, (old, new) in enumerate(zip(seen.melds, now.melds, strict=True)):
        if seat != now.seat and new is not None and new != old and new.cards:
            yield Revealed("meld", new.cards, seat)
    if isinstance(action, Draw | TakeTurnUp):
        for card in (Counter(now.hand) - Counter(seen.hand)).elements():
            yield Revealed("drew", (card,))


# --- Writing -----------------------------------------------------------------------------


def write_deal(source: Deal | State | GameRecord, *, seat: int | None = None) -> str:
    """A deal on one line: ``PROFILE DEALER HANDS [kitty=] [up=] [stock=] [scores=] [seat=]``.

    Args:
        source: A `Deal`, or a state or record (its current deal: see `deal_of`).
        seat: Write only what this seat saw of the deal (not with a `Deal`: give it ``seat``).

    Raises:
        DeckError: A `Deal` that is not a deal of its profile (the field and why).
        ArgumentError: A state without its history, or a seat with a `Deal`.
        RecordError: A record that does not replay.
    """
    if isinstance(source, Deal):
        if seat is not None:
            raise ArgumentError("seat", "None with a Deal (a Deal holds its seat)", seat)
        deal = source
    elif isinstance(source, State | GameRecord):
        deal = deal_of(source, seat=seat)
    else:
        raise ArgumentError("source", "a Deal, a State or a GameRecord", source)
    for field, reason in _problems(deal):
        raise DeckError(f"{field}: {reason}")  # the first problem
    return _write_deal(deal)


def _write_deal(deal: Deal) -> str:
    rules = deal.variant.deal
    fields = [
        write_profile(deal.variant),
        str(deal.dealer),
        "/".join(HIDDEN if h is None else write_hand(h) for h in deal.hands),
    ]
    if rules.kitty:
        fields.append(f"kitty={HIDDEN if deal.kitty is None else write_hand(deal.kitty)}")
    if deal.up is not None:
        fields.append(f"up={deal.up.ascii}")
    if rules.stock:
        fields.append(f"stock={HIDDEN if deal.stock is None else write_card_list(deal.stock)}")
    if deal.scores is not None:
        fields.append("scores=" + ",".join(map(str, deal.scores)))
    if deal.seat is not None:
        fields.append(f"seat={deal.seat}")
    return " ".join(fields)


def write_position(source: Position | State | GameRecord, *, seat: int | None = None) -> str:
    """A position on one line: the deal, then each move since, one token each.

    Args:
        source: A `Position`, or a state or record (see `position_of`).
        seat: Write only what this seat may see (see `position_of`); never a card hidden
            from it.

    Raises:
        ArgumentError: As `write_deal`; a move that has no token.
        RecordError: A record that does not replay.
    """
    if isinstance(source, Position):
        if seat is not None:
            raise ArgumentError("seat", "None with a Position (its deal holds its seat)", seat)
        position = source
    elif isinstance(source, State | GameRecord):
        position = position_of(source, seat=seat)
    else:
        raise ArgumentError("source", "a Position, a State or a GameRecord", source)
    text = write_deal(position.deal)
    if not position.moves:
        return text
    return text + " " + " ".join(write_move(move) for move in position.moves)


# --- Reading -----------------------------------------------------------------------------

_TOKEN = re.compile(r"\S+")
_FIELDS = ("kitty", "up", "stock", "scores", "seat")


def read_deal(text: str | bytes) -> Deal:
    """Read a deal (the output of `write_deal`).

    Raises:
        NotationError: The text is not a deal of its profile; the line and column say where.
        ArgumentError: ``text`` is neither text nor bytes.
    """
    source = decode(text)
    deal, moves = _read(source)
    if moves:
        raise problem(
            source,
            moves[0],
            "a deal has no moves (read a deal and its moves with read_position)",
            source[moves[0] : moves[0] + 40],
        )
    return deal


def read_position(text: str | bytes) -> Position:
    """Read a position (the output of `write_position`).

    The moves are read, not played: `Position.state` plays them.

    Raises:
        NotationError: The text is not a position; the line and column say where.
        ArgumentError: ``text`` is neither text nor bytes.
    """
    source = decode(text)
    deal, starts = _read(source)
    view = deal.seat is not None
    moves = []
    for start in starts:
        end = _TOKEN.match(source, start)
        assert end is not None
        moves.append(read_token(source, start, end.end(), view=view))
    return Position(deal, tuple(moves))


def _read(text: str) -> tuple[Deal, list[int]]:
    """The deal at the start of the text, and where each token after it starts."""
    start = len(text) - len(text.lstrip())
    if start == len(text):
        raise fail(text, start, "a deal: a profile, the dealer and the hands", "")
    variant, at = parse_profile(text, start)
    if at < len(text) and not text[at].isspace():
        raise fail(text, at, "a space after the profile")
    tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text, at)]
    if len(tokens) < 2:
        what = "the dealer" if not tokens else "the hands, joined by '/'"
        raise fail(text, tokens[-1][1] if tokens else at, what, "")
    rules = variant.deal
    dealer = read_int(text, *tokens[0], "the dealer", 0, rules.seated - 1)
    hands = _read_hands(text, *tokens[1], rules.players)
    places: dict[str, int] = {"hands": tokens[1][0], "dealer": tokens[0][0]}
    values: dict[str, object] = {}
    moves: list[int] = []
    for start, end in tokens[2:]:
        equals = text.find("=", start, end)
        if equals < 0:
            moves.append(start)
            continue
        name = text[start:equals].lower()
        if name not in _FIELDS:
            raise fail(text, start, "a field kitty=, up=, stock=, scores= or seat=, or a move")
        if moves:
            raise problem(
                text, start, f"the deal's field {name}= comes before the moves", text[start:end]
            )
        if name in values:
            raise problem(text, start, f"the field {name}= is given twice", text[start:end])
        places[name] = start
        values[name] = _read_field(text, name, equals + 1, end, variant)
    end = tokens[-1][1] if not moves else moves[0]
    for name, needed in (
        ("kitty", f"the profile deals a kitty of {rules.kitty}" if rules.kitty else ""),
        ("up", "the card turned up for trump" if _turns(variant) else ""),
        ("stock", "the profile deals a stock" if rules.stock else ""),
    ):
        if needed and name not in places:
            raise fail(text, end, f"the field {name}= ({needed}; {HIDDEN} if not seen)", "")
    deal = Deal(
        variant,
        dealer,
        [hand for hand, _ in hands],
        values.get("kitty", ()),
        values.get("up"),
        values.get("stock", ()),
        values.get("scores"),
        values.get("seat"),  # type: ignore[arg-type]
    )
    places.update((f"hands[{i}]", at) for i, (_, at) in enumerate(hands))
    for field, reason in _problems(deal):
        raise problem(text, places.get(field, places["hands"]), f"{field}: {reason}")
    return deal, moves


def _read_hands(
    text: str, start: int, end: int, players: int
) -> list[tuple[tuple[Card, ...] | None, int]]:
    """Each hand (None if not seen) and where it starts."""
    hands: list[tuple[tuple[Card, ...] | None, int]] = []
    at = start
    while True:
        slash = text.find("/", at, end)
        stop = end if slash < 0 else slash
        if text[at:stop] in ("?", "-"):
            hands.append((None, at))
        else:
            hands.append((read_hand(text, at, stop), at))
        if slash < 0:
            break
        at = slash + 1
    if len(hands) != players:
        raise fail(text, start, f"{players} hands joined by '/' (one per seat)", text[start:end])
    return hands


def _read_field(text: str, name: str, start: int, end: int, variant: Variant) -> object:
    hidden = text[start:end] in ("?", "-")
    if name == "kitty":
        return None if hidden else read_hand(text, start, end)
    if name == "stock":
        return None if hidden else read_card_list(text, start, end)
    if name == "up":
        return read_card(text, start, end)
    if name == "seat":
        return read_int(text, start, end, "a seat", 0, variant.deal.players - 1)
    scores = []
    at = start
    while True:
        comma = text.find(",", at, end)
        stop = end if comma < 0 else comma
        scores.append(read_int(text, at, stop, "a score", -arguments.LIMIT, arguments.LIMIT))
        if comma < 0:
            return tuple(scores)
        at = comma + 1
