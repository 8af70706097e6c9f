"""Pictures of hands, tricks, meld and the table, as SVG text (standard library only).

Like python-chess's ``chess.svg``: each function returns a complete SVG document (an
``<svg xmlns=...>`` element with a ``viewBox``) that a browser, a notebook or a document
shows as it is. In Jupyter, an `Observation`, a `Meld` and a `CompletedTrick` draw
themselves (``_repr_svg_``).

```python
import pinochle as pn
from pinochle import svg

state = pn.new_game(pn.load_variant("pinochlerun"), seed=7)
picture = svg.table(pn.observe(state, 0))  # seat 0's view: its hand, the others' backs
svg.hand("AH TH KH QH JH 9S", raised=pn.parse_cards("AH TH"), trump="H")
```

A picture of the table is drawn from an `Observation` only, so it never shows a card the
seat may not see: the other seats' hidden cards are card backs with a count.

Every face-up card is an element ``<g class="card ..." data-card="10♥">`` (``data-legal="true"``
when it stands up as a legal play, ``data-trump="true"`` when it is a trump), every card back a
``<g class="card-back">``; the parts of a table are groups with a ``class`` (``"hand"``,
``"meld"``, ``"trick"``, ``"last-trick"``, ``"seat"``, ``"kitty"``, ...) and a ``data-seat``
where they belong to a seat, so tests and style sheets can find them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from pinochle._words import counted
from pinochle.actions import Bid, Play
from pinochle.cards import Card, Suit, parse_cards, parse_suit, sort_cards
from pinochle.errors import ArgumentError
from pinochle.meld import Meld
from pinochle.state import CompletedTrick, Observation, Phase

__all__ = ["hand", "meld", "table", "trick"]

CARD_WIDTH = 56
"""A card's width in SVG units at scale 1."""
CARD_HEIGHT = 80
"""A card's height in SVG units at scale 1."""

_FONT = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols, Arial, sans-serif"
_RED = "#c8102e"
_BLACK = "#111111"
_EDGE = "#444444"
_LEGAL_EDGE = "#f2b800"
_TRUMP_FACE = "#fff6d6"
_BACK = "#2b4c8c"
_FELT = "#2e7d4f"
_INK = "#f4f4f4"
_RAISE = 16  # how far a legal card stands up
_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


# --- Drawing primitives ------------------------------------------------------------------


class _Canvas:
    """SVG elements collected in drawing order."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = names  # a name per person, instead of "Seat N" (`table`)
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def open(self, cls: str, **data: object) -> None:
        attributes = "".join(
            f" data-{key.replace('_', '-')}={quoteattr(str(value))}" for key, value in data.items()
        )
        self.add(f"<g class={quoteattr(cls)}{attributes}>")

    def close(self) -> None:
        self.add("</g>")

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 14,
        anchor: str = "start",
        fill: str = _INK,
        bold: bool = False,
        cls: str = "label",
    ) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.add(
            f'<text class={quoteattr(cls)} x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"'
            f' text-anchor="{anchor}" fill="{fill}"{weight}>{escape(content)}</text>'
        )

    def card(
        self,
        x: float,
        y: float,
        card: Card,
        *,
        scale: float = 1.0,
        legal: bool = False,
        trump: Suit | None = None,
        extra: str = "",
        data: Mapping[str, object] | None = None,
    ) -> None:
        """A card face with its top-left corner at (x, y)."""
        colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
        is_trump = trump is not None and card.suit is trump
        classes = f"card {_SUIT_NAMES[card.suit]}" + (" legal" if legal else "")
        classes += (" trump" if is_trump else "") + (f" {extra}" if extra else "")
        attributes = f" data-card={quoteattr(str(card))}"
        if legal:
            attributes += ' data-legal="true"'
        if is_trump:
            attributes += ' data-trump="true"'
        attributes += "".join(
            f" data-{key.replace('_', '-')}={quoteattr(str(value))}"
            for key, value in (data or {}).items()
        )
        face = _TRUMP_FACE if is_trump else "#ffffff"
        edge, width = (_LEGAL_EDGE, 3.5) if legal else (_EDGE, 1.2)
        label = card.rank.label
        rank_size = 19 if len(label) == 1 else 17
        self.add(
            f"<g class={quoteattr(classes)}{attributes}"
            f' transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})">'
            f"<title>{escape(str(card))}</title>"
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="{face}"'
            f' stroke="{edge}" stroke-width="{width}"/>'
            f'<text x="4" y="20" font-size="{rank_size}" font-weight="bold" fill="{colour}">'
            f"{escape(label)}</text>"
            f'<text x="5" y="38" font-size="17" fill="{colour}">{card.suit.symbol}</text>'
            f'<text x="{CARD_WIDTH / 2 + 4}" y="70" font-size="32" text-anchor="middle"'
            f' fill="{colour}">{card.suit.symbol}</text>'
            "</g>"
        )

    def back(self, x: float, y: float, *, scale: float = 1.0) -> None:
        """A card back with its top-left corner at (x, y)."""
        self.add(
            f'<g class="card-back" transform="translate({_n(x)} {_n(y)}) scale({_n(scale)})">'
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="{_BACK}"'
            ' stroke="#ffffff" stroke-width="2"/>'
            f'<rect x="6" y="6" width="{CARD_WIDTH - 12}" height="{CARD_HEIGHT - 12}" rx="3"'
            ' fill="none" stroke="#9fb4e0" stroke-width="1.5"/>'
            "</g>"
        )

    def document(self, width: float, height: float, title: str, *, felt: bool = True) -> str:
        background = (
            f'<rect class="felt" width="{_n(width)}" height="{_n(height)}" rx="10" fill="{_FELT}"/>'
            if felt
            else ""
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg"'
            f' viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" height="{_n(height)}"'
            f' font-family={quoteattr(_FONT)} role="img">'
            f"<title>{escape(title)}</title>"
            f"{background}{''.join(self.parts)}</svg>\n"
        )


def _n(value: float) -> str:
    """A number as short SVG text: ``12``, ``12.5``."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _step(count: int, width: float, room: float, gap: float = 4) -> float:
    """The distance between card left edges so that ``count`` cards fit in ``room``."""
    if count < 2:
        return 0
    return min(width + gap, (room - width) / (count - 1))


# --- Reading inputs ----------------------------------------------------------------------


def _cards(name: str, cards: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    found = tuple(cards)
    for card in found:
        if type(card) is not Card:
            raise ArgumentError(name, "cards (Card values or text such as 'AH 10H')", card)
    return found


def _observation(value: object) -> Observation:
    if not isinstance(value, Observation):
        raise ArgumentError("observation", "an Observation (from pinochle.observe)", value)
    return value


def _legal_cards(view: Observation) -> frozenset[Card]:
    """The cards the seat may play now (its legal `Play` actions)."""
    if view.phase is not Phase.TRICKS or not view.legal_actions:
        return frozenset()
    return frozenset(action.card for action in view.legal_actions if isinstance(action, Play))


def _seat_name(view: Observation, seat: int, names: Sequence[str] | None = None) -> str:
    if seat == view.seat:
        return "You"
    return f"Seat {seat}" if names is None else names[view.persons[seat]]


def _side_names(view: Observation, names: Sequence[str] | None = None) -> list[str]:
    variant = view.variant
    if variant.deal.partnerships:  # by person: a team is a person and its partners
        teams = [(side, *variant.partners_of(side)) for side in range(variant.sides)]
        if names is not None:
            return [" & ".join(names[p] for p in team) for team in teams]
        return ["Seats " + " & ".join(str(p) for p in sorted(team)) for team in teams]
    if names is not None:
        return list(names[: len(view.scores)])
    return [f"Player {person}" for person in range(len(view.scores))]


# --- A hand ------------------------------------------------------------------------------


def hand(
    cards: Iterable[Card] | str,
    *,
    raised: Collection[Card] | str = (),
    trump: Suit | str | None = None,
) -> str:
    """A row of overlapping cards, the ``raised`` ones standing up with a yellow edge.

    Args:
        cards: The cards, in the order drawn (`Card` values, or text such as ``"AH 10H"``).
        raised: The cards to stand up, such as the legal plays; every copy of a raised card
            stands up.
        trump: The trump suit, if any: its cards get a tinted face and ``data-trump="true"``.

    Returns:
        A complete SVG document.

    Raises:
        ArgumentError: Something that is not a card, or not a suit.
        CardParseError: Card text that does not read.
    """
    shown = _cards("cards", cards)
    up = frozenset(_cards("raised", raised))
    suit = None if trump is None else parse_suit(trump)
    step = _step(len(shown), CARD_WIDTH, 860)
    width = 16 + CARD_WIDTH + step * max(len(shown) - 1, 0)
    canvas = _Canvas()
    canvas.open("hand")
    for number, card in enumerate(shown):
        legal = card in up
        y = 8 if legal else 8 + _RAISE
        canvas.card(8 + number * step, y, card, legal=legal, trump=suit)
    canvas.close()
    title = " ".join(str(card) for card in shown) or "no cards"
    return canvas.document(width, CARD_HEIGHT + _RAISE + 16, title, felt=False)


# --- A trick -----------------------------------------------------------------------------


def _positions(players: int) -> dict[int, str]:
    """Where each seat sits, counted to the left of the viewer (who sits at the bottom).

    Two to four seats sit at the table's sides; five or more (six- and eight-hand tables)
    round it, evenly spaced clockwise from the bottom (``"k/n"``: see `_around`).
    """
    if players == 2:
        return {0: "bottom", 1: "top"}
    if players == 3:
        return {0: "bottom", 1: "left", 2: "right"}
    if players == 4:
        return {0: "bottom", 1: "left", 2: "top", 3: "right"}
    return {0: "bottom", **{k: f"{k}/{players}" for k in range(1, players)}}


def _around(position: str) -> tuple[float, float]:
    """A round-the-table position ``"k/n"`` as a direction from the centre (y grows down)."""
    k, n = map(int, position.split("/"))
    angle = math.pi / 2 + 2 * math.pi * k / n  # from the bottom, to the viewer's left
    return math.cos(angle), math.sin(angle)


_TRICK_OFFSETS = {"bottom": (0, 1), "left": (-1, 0), "top": (0, -1), "right": (1, 0)}


def _trick_offset(position: str) -> tuple[float, float]:
    """Where a seat's card lies in the trick, as a direction from the trick's centre."""
    found = _TRICK_OFFSETS.get(position)
    return found if found is not None else _around(position)


def _draw_trick(
    canvas: _Canvas,
    cx: float,
    cy: float,
    plays: Sequence[tuple[int, Card]],
    *,
    players: int,
    viewer: int,
    trump: Suit | None,
    winner: int | None,
    cls: str,
    scale: float = 0.85,
    names: dict[int, str] | None = None,
) -> None:
    """The plays of a trick around (cx, cy), each at its seat's side, the lead marked."""
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    seats = _positions(players)
    canvas.open(cls, **({"winner": winner} if winner is not None else {}))
    for order, (seat, card) in enumerate(plays):
        dx, dy = _trick_offset(seats[(seat - viewer) % players])
        x = cx + dx * (w * 1.3) - w / 2
        y = cy + dy * (h * 0.72) - h / 2
        data: dict[str, object] = {"seat": seat, "order": order}
        marks = []
        if order == 0:
            data["leader"] = "true"
            marks.append("led")
        if winner == seat:
            data["winner"] = "true"
            marks.append("won")
        canvas.card(
            x, y, card, scale=scale, trump=trump, extra="leader" if order == 0 else "", data=data
        )
        label = (names or {}).get(seat, f"Seat {seat}")
        if marks:
            label += " · " + ", ".join(marks)
        ty = y + h + 15 if dy > 0 else y - 5
        canvas.text(
            x + w / 2, ty, label, size=12, anchor="middle", bold=order == 0, cls="trick-label"
        )
    canvas.close()


def trick(source: Observation | CompletedTrick) -> str:
    """The current trick, each card at its seat's place around the table, the leader marked.

    Args:
        source: An observation (its current trick, seen from its seat at the bottom; while
            no card of a new trick is down, the hand's last finished trick, marked as such),
            or a `CompletedTrick` (seat 0 at the bottom, the winner marked too).

    Returns:
        A complete SVG document.

    Raises:
        ArgumentError: Neither an observation nor a completed trick.
    """
    canvas = _Canvas()
    width, height = 340.0, 300.0
    if isinstance(source, CompletedTrick):
        seats = max(len(source.plays), *(seat + 1 for seat, _ in source.plays))
        players = min(max(seats, 2), 4)
        _draw_trick(
            canvas,
            width / 2,
            height / 2,
            source.plays,
            players=players,
            viewer=0,
            trump=None,
            winner=source.winner,
            cls="trick",
        )
        points = counted(source.points, "point")
        canvas.text(width / 2, height - 8, points, size=13, anchor="middle")
        title = "Trick: " + " ".join(str(card) for _, card in source.plays)
        return canvas.document(width, height, title)
    view = _observation(source)
    _trick_of(canvas, view, width / 2, height / 2 - 6)
    title = "Trick: " + (" ".join(str(card) for _, card in view.trick) or "no card led")
    return canvas.document(width, height, title)


def _trick_of(canvas: _Canvas, view: Observation, cx: float, cy: float) -> None:
    players = view.variant.deal.players
    names = {seat: _seat_name(view, seat, canvas.names) for seat in range(players)}
    if view.trick:
        _draw_trick(
            canvas,
            cx,
            cy,
            view.trick,
            players=players,
            viewer=view.seat,
            trump=view.trump,
            winner=None,
            cls="trick",
            names=names,
        )
    elif view.tricks:
        last = view.tricks[-1]
        _draw_trick(
            canvas,
            cx,
            cy,
            last.plays,
            players=players,
            viewer=view.seat,
            trump=view.trump,
            winner=last.winner,
            cls="last-trick",
            names=names,
        )
        canvas.text(cx, cy + 4, "last trick", size=13, anchor="middle", cls="caption")
    else:
        canvas.text(cx, cy + 5, "no card led", size=14, anchor="middle", cls="caption")


# --- Meld --------------------------------------------------------------------------------


def meld(value: Meld) -> str:
    """A hand's meld: one row per combination, with its name and points, and the total.

    Args:
        value: A meld from `pinochle.score_meld` (or an observation's shown meld).

    Returns:
        A complete SVG document.

    Raises:
        ArgumentError: Not a `Meld`.
    """
    if not isinstance(value, Meld):
        raise ArgumentError("meld", "a Meld (from pinochle.score_meld)", value)
    scale = 0.6
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    step = w * 0.72
    canvas = _Canvas()
    trump = f", {value.trump.symbol} trump" if value.trump is not None else ""
    canvas.text(12, 24, f"Meld {value.total}{trump}", size=16, bold=True)
    widest = 240.0
    y = 36.0
    for number, item in enumerate(value.items):
        canvas.open("meld-item", name=item.name, points=item.points, item=number)
        for index, card in enumerate(item.cards):
            canvas.card(12 + index * step, y, card, scale=scale, trump=value.trump)
        right = 12 + max(len(item.cards) - 1, 0) * step + w + 10
        canvas.text(right, y + h / 2 + 5, f"{item.name}  {item.points}", size=14)
        widest = max(widest, right + 8 * (len(item.name) + 4) + 12)
        canvas.close()
        y += h + 8
    if not value.items:
        canvas.text(12, y + 18, "no meld", size=14, cls="caption")
        y += 30
    return canvas.document(widest, y + 6, f"Meld {value.total}")


# --- The table ---------------------------------------------------------------------------

_TABLE_WIDTH = 900
_TABLE_HEIGHT = 720
_SMALL = 0.55  # the scale of other seats' cards and of shown meld
_ANCHORS = {"left": (140.0, 250.0), "top": (450.0, 92.0), "right": (760.0, 250.0)}


def _anchor(position: str) -> tuple[float, float]:
    """A seat's place at the table: the centre of its cards and the top of its label."""
    found = _ANCHORS.get(position)
    if found is not None:
        return found
    dx, dy = _around(position)  # round an ellipse inside the table, below the header
    return 450.0 + 320.0 * dx, max(92.0, 260.0 + 170.0 * dy)


def _meld_cards(view: Observation, seat: int) -> tuple[tuple[Card, ...], int | None]:
    """A seat's face-up meld: the cards and the points (None when it has shown none).

    Once play starts a shown meld keeps its points but only the cards still in the hand:
    a card the seat has played lies in a trick, not in its meld.
    """
    shown = view.melds[seat] if seat < len(view.melds) else None
    if shown is not None:
        played = Counter(card for trick in view.tricks for who, card in trick.plays if who == seat)
        played.update(card for who, card in view.trick if who == seat)
        held = []
        for card in shown.cards:
            if played[card]:
                played[card] -= 1
            else:
                held.append(card)
        return tuple(held), shown.total
    if view.table and view.table[seat]:
        points = sum(item.points for item in view.shown[seat]) if view.shown else 0
        return view.table[seat], points
    return (), None


def _draw_small_row(
    canvas: _Canvas, x: float, y: float, cards: Sequence[Card], trump: Suit | None, per_row: int
) -> float:
    """Small face-up cards from (x, y), wrapped every ``per_row``; returns the bottom."""
    w, h = CARD_WIDTH * _SMALL, CARD_HEIGHT * _SMALL
    step = w * 0.68
    bottom = y
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        canvas.card(x + column * step, y + row * (h + 4), card, scale=_SMALL, trump=trump)
        bottom = y + (row + 1) * (h + 4)
    return bottom


def _row_width(count: int, per_row: int) -> float:
    w = CARD_WIDTH * _SMALL
    return w + (min(count, per_row) - 1) * w * 0.68 if count else 0


def _seat_marks(view: Observation, seat: int, names: Sequence[str] | None) -> str:
    marks = []
    if seat == view.dealer:
        marks.append("dealer")
    if seat == view.bidder:
        marks.append(f"bid {view.bid}")
    if view.partner is not None and seat == view.partner:  # five hands, once known
        marks.append("partner")
    if seat == view.to_act and view.phase is not Phase.GAME_OVER:
        marks.append("to act")
    return " · ".join([_seat_name(view, seat, names), *marks])


def _draw_other_seat(canvas: _Canvas, view: Observation, seat: int, cx: float, top: float) -> None:
    size = view.hand_sizes[seat]
    face_up = len(view.table[seat]) if view.table else 0
    hidden = max(size - face_up, 0)
    canvas.open("seat", seat=seat, cards=size, hidden=hidden)
    to_act = seat == view.to_act and view.phase is not Phase.GAME_OVER
    marks = _seat_marks(view, seat, canvas.names)
    canvas.text(cx, top + 14, marks, size=15, anchor="middle", bold=to_act)
    w, h = CARD_WIDTH * _SMALL, CARD_HEIGHT * _SMALL
    step = min(7.0, 150 / max(hidden, 1))
    span = w + step * max(hidden - 1, 0)
    left = cx - (span + 70) / 2
    canvas.open("hidden", seat=seat, count=hidden)
    for index in range(hidden):
        canvas.back(left + index * step, top + 22, scale=_SMALL)
    canvas.close()
    canvas.text(left + span + 8, top + 22 + h / 2 + 5, counted(size, "card"), size=14, cls="count")
    canvas.close()
    _draw_meld_of(canvas, view, seat, cx, top + 22 + h + 6, per_row=10)


def _draw_meld_of(
    canvas: _Canvas, view: Observation, seat: int, cx: float, top: float, *, per_row: int
) -> None:
    cards, points = _meld_cards(view, seat)
    if points is None:
        return
    canvas.open("meld", seat=seat, points=points)
    width = _row_width(len(cards), per_row)
    label = f"meld {points}"
    total = width + 8 + 7.5 * len(label)
    left = min(max(cx - total / 2, 8), _TABLE_WIDTH - 8 - total)  # kept inside the table
    canvas.text(left, top + 16, label, size=13, cls="meld-label")
    _draw_small_row(
        canvas, left + 7.5 * len(label) + 8, top, sort_cards(cards), view.trump, per_row
    )
    canvas.close()


def _header(canvas: _Canvas, view: Observation) -> None:
    canvas.add(f'<rect class="header" width="{_TABLE_WIDTH}" height="56" rx="10" fill="#1d5535"/>')
    phase = view.phase.value
    act = ""
    if view.to_act is not None and view.phase is not Phase.GAME_OVER:
        who = _seat_name(view, view.to_act, canvas.names)
        act = " · your turn" if who == "You" else f" · {who} to act"
    canvas.text(
        14,
        22,
        f"{view.variant.name} · hand {view.hand_number + 1} · {phase}{act}",
        size=16,
        bold=True,
    )
    trump = f"Trump {view.trump.symbol}" if view.trump is not None else "Trump not named"
    bid = ""
    if view.bidder is not None:
        bid = f" · Bid {view.bid} by {_seat_name(view, view.bidder, canvas.names)}"
    elif view.phase is Phase.AUCTION:
        bid = " · No bid yet"
    sides = _side_names(view, canvas.names)
    scores = ", ".join(f"{sides[i]} {score}" for i, score in enumerate(view.scores))
    target = f" (to {view.target})" if view.target is not None else ""
    canvas.text(14, 45, f"{trump}{bid} · Scores: {scores}{target}", size=15, cls="scores")
    if view.points and any(view.points):
        taken = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(view.points))
        canvas.text(_TABLE_WIDTH - 14, 22, f"Taken: {taken}", size=13, anchor="end", cls="points")
    if view.winner is not None:
        canvas.text(
            _TABLE_WIDTH - 14, 45, f"{sides[view.winner]} won", size=15, anchor="end", bold=True
        )


def _auction(canvas: _Canvas, view: Observation) -> None:
    if not view.auction and view.phase is not Phase.AUCTION:
        return  # a table without an auction (two-hand, turned trump)
    canvas.open("auction", bids=len(view.auction))
    canvas.text(14, 80, "Auction", size=14, bold=True)
    entries = view.auction[-9:]
    if len(view.auction) > len(entries):
        canvas.text(14, 98, "…", size=13)
    for number, (seat, action) in enumerate(entries):
        said = str(action.amount) if isinstance(action, Bid) else "pass"
        y = 116 + number * 17 if len(view.auction) > len(entries) else 98 + number * 17
        canvas.text(14, y, f"{_seat_name(view, seat, canvas.names)}: {said}", size=13, cls="bid")
    if not view.auction:
        canvas.text(14, 98, "no bids", size=13, cls="caption")
    canvas.close()


def _extras(canvas: _Canvas, view: Observation) -> None:
    """The kitty, the turn-up and stock, the buried and passed cards, top right."""
    right = _TABLE_WIDTH - 14
    y = 70.0
    h = CARD_HEIGHT * _SMALL

    def row(cls: str, label: str, cards: Sequence[Card]) -> None:
        nonlocal y
        canvas.open(cls)
        width = _row_width(len(cards), 8)
        canvas.text(right, y + 14, label, size=13, anchor="end")
        _draw_small_row(canvas, right - width, y + 20, cards, view.trump, 8)
        canvas.close()
        y += 20 + h + 8

    if view.turn_up is not None:
        row("turn-up", f"Turn-up · stock {view.stock_size}", (view.turn_up,))
    elif view.stock_size:
        canvas.text(right, y + 14, f"Stock {view.stock_size}", size=13, anchor="end", cls="stock")
        y += 24
    elif view.turned_up is not None:
        row("turned-up", "Turned up", (view.turned_up,))
    if view.kitty:
        row("kitty", "Kitty", view.kitty)
    if view.buried:
        row("buried", "You buried", view.buried)
    if view.passed_by_me:
        row("passed-by-me", "You passed", view.passed_by_me)
    if view.passed_to_me:
        row("passed-to-me", "Passed to you", view.passed_to_me)


def table(observation: Observation, *, names: Sequence[str] | None = None) -> str:
    """The table as one seat sees it.

    The seat's own hand along the bottom, its legal cards standing up; the other seats
    around the table as card backs with a count, each with the meld it has shown (once
    play starts, the points and the meld's cards still in that hand); the
    current trick in the middle (or, between tricks, the last one); the auction so far, the
    trump, the bid and the scores along the top; the kitty, the turn-up and stock, and the
    cards this seat passed, received or buried where it may see them.

    Args:
        observation: What the seat may know (`pinochle.observe`); nothing else is drawn.
        names: A name for each person at the table (``observation.persons`` maps seats to
            persons), such as ``("North", "East", "South", "West")``, written instead of
            "Seat 2" (and "North & South" instead of "Seats 0 & 2"); the observing seat is
            always "You". Default: seat numbers.

    Returns:
        A complete SVG document.

    Raises:
        ArgumentError: Not an observation.
    """
    view = _observation(observation)
    players = view.variant.deal.players
    if names is not None:
        names = tuple(names)
        seated = view.variant.deal.seated
        if len(names) != seated or not all(isinstance(name, str) for name in names):
            raise ArgumentError("names", f"{seated} names, one per person", names)
    canvas = _Canvas(names)
    _header(canvas, view)
    _auction(canvas, view)
    _extras(canvas, view)
    positions = _positions(players)
    for seat in range(players):
        if seat == view.seat:
            continue
        cx, top = _anchor(positions[(seat - view.seat) % players])
        _draw_other_seat(canvas, view, seat, cx, top)
    _trick_of(canvas, view, _TABLE_WIDTH / 2, 345)
    _draw_meld_of(canvas, view, view.seat, _TABLE_WIDTH / 2, 470, per_row=20)
    # The seat's own hand.
    legal = _legal_cards(view)
    cards = view.hand
    step = _step(len(cards), CARD_WIDTH, _TABLE_WIDTH - 40)
    span = CARD_WIDTH + step * max(len(cards) - 1, 0)
    left = (_TABLE_WIDTH - span) / 2
    top = _TABLE_HEIGHT - CARD_HEIGHT - 22
    canvas.open("seat", seat=view.seat, cards=len(cards), hidden=0)
    to_act = view.seat == view.to_act and view.phase is not Phase.GAME_OVER
    canvas.text(
        _TABLE_WIDTH / 2,
        top - _RAISE - 10,
        _seat_marks(view, view.seat, canvas.names),
        size=15,
        anchor="middle",
        bold=to_act,
    )
    canvas.close()
    canvas.open("hand", seat=view.seat)
    for number, card in enumerate(cards):
        up = card in legal
        canvas.card(
            left + number * step, top - (_RAISE if up else 0), card, legal=up, trump=view.trump
        )
    canvas.close()
    title = (
        f"Seat {view.seat}: {view.variant.name}, hand {view.hand_number + 1}, {view.phase.value}"
    )
    return canvas.document(_TABLE_WIDTH, _TABLE_HEIGHT, title)
