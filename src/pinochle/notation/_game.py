"""A whole game in the PGN manner: tag pairs, then the moves hand by hand, with comments.

::

    [Event "Club night"]
    [Profile "pinochlerun"]
    [Seed "7"]
    [Dealer "0"]
    [Result "side 0"]
    [FinalScores "152,97"]

    1. 25 p 26 p p p
       trump:H pass:AS,TS,KS,QS pass:9C,9C,JD,QC {meld 24,6,4,0}
       AH TH KH QH
       ...

Everything a `GameRecord` holds is in the tags ``Profile``, ``Seed``, ``Dealer``, ``Scores``
and ``Hands`` and in the moves; the hand numbers, the line breaks, the comments and the
other tags are for people and are not needed to read the game back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar, cast

from pinochle import arguments
from pinochle.actions import Action
from pinochle.cards import Card
from pinochle.errors import ArgumentError, NotationError
from pinochle.notation._moves import read_token, write_move
from pinochle.notation._profile import parse_profile, write_profile
from pinochle.notation._syntax import (
    decode,
    fail,
    problem,
    read_hand,
    read_int,
    where,
    write_card_list,
    write_hand,
)
from pinochle.records import GameRecord, replay_states
from pinochle.state import Phase, State
from pinochle.variant import Variant

__all__ = ["read_game", "read_tags", "write_game"]

RECORD_TAGS = ("Profile", "Seed", "Dealer", "Scores", "Hands")
"""The tags that hold the record (the moves hold the rest)."""
WRITTEN_TAGS = (*RECORD_TAGS, "Result", "FinalScores")
"""The tags `write_game` writes itself; a caller's ``tags`` may not name them."""
MAX_TAG_CHARS = 10_000
"""The longest tag value `write_game` writes (a house profile's keys are far shorter)."""

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_BEFORE_PLAY = (Phase.AUCTION, Phase.MISDEAL)
_IN_PLAY = (Phase.TRICKS, Phase.MELD)


# --- Writing -----------------------------------------------------------------------------


def write_game(record: GameRecord, *, tags: Mapping[str, str] | None = None) -> str:
    """The game as text: tag pairs, then the moves hand by hand (`read_game` reads it back).

    The record is replayed to lay the moves out hand by hand and to write the result: each
    hand starts with its number (``2.``), the auction on its line, what comes before the
    first lead on the next, then a line a trick; comments give each seat's meld and each
    hand's scores.

    Args:
        record: The game.
        tags: More tag pairs, written first in the order given: ``Event``, ``Site``,
            ``Date`` (``2025.01.31``), ``Round``, ``Player0``, ``Player1``, ... (the person
            at each place), ``Annotator``, anything (a name of letters, digits and ``_``
            that starts with a letter). Values are one line of printable text.

    Raises:
        ArgumentError: ``record`` is not a `GameRecord`; a tag's name is not a name, is one
            `write_game` writes itself (``Profile``, ``Seed``, ``Dealer``, ``Scores``,
            ``Hands``, ``Result``, ``FinalScores``), or its value is not one line of text.
        RecordError: The record does not replay.
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError("record", "a GameRecord", record)
    lines = [_tag(name, value) for name, value in _checked_tags(tags)]
    states = list(replay_states(record))
    last = states[-1]
    lines.append(_tag("Profile", write_profile(record.variant)))
    lines.append(_tag("Seed", str(record.seed)))
    lines.append(_tag("Dealer", str(record.dealer)))
    if record.scores is not None:
        lines.append(_tag("Scores", ",".join(map(str, record.scores))))
    if record.hands is not None:
        lines.append(_tag("Hands", _write_hands(record.hands)))
    result = f"side {last.game.winner}" if last.game.winner is not None else "*"
    lines.append(_tag("Result", result))
    lines.append(_tag("FinalScores", ",".join(map(str, last.game.scores))))
    body = list(_movetext(states, record.actions))
    return "\n".join(lines) + "\n" + ("\n" + "\n".join(body) + "\n" if body else "")


def _checked_tags(tags: Mapping[str, str] | None) -> Iterator[tuple[str, str]]:
    if tags is None:
        return
    if not isinstance(tags, Mapping):
        raise ArgumentError("tags", "a mapping of tag names to text", tags)
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise ArgumentError(
                "tags", "names of letters, digits and _ that start with a letter", name
            )
        if name in WRITTEN_TAGS:
            raise ArgumentError(
                f"tags[{name!r}]", f"a tag other than {', '.join(WRITTEN_TAGS)}", name
            )
        if not isinstance(value, str) or len(value) > MAX_TAG_CHARS or not value.isprintable():
            raise ArgumentError(
                f"tags[{name!r}]", f"one line of printable text (at most {MAX_TAG_CHARS})", value
            )
        yield name, value


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _write_hands(hands: tuple[tuple[Card, ...], ...]) -> str:
    """The first hand's cards: by suit in deck order (the engine's), else as lists.

    Either way the record reads back with its cards in the same order.
    """
    if all(list(h) == sorted(h, key=_index) for h in hands):
        return "/".join(write_hand(h) for h in hands)
    return "/".join(write_card_list(h) for h in hands)


def _index(card: Card) -> int:
    return card.index


def _movetext(states: list[State], actions: tuple[Action, ...]) -> Iterator[str]:
    """The moves' lines: a hand's number, then its auction, the setup and a line a trick."""
    line: list[str] = []
    indent = margin = ""
    current: tuple[int, str] | None = None
    for before, action, after in zip(states, actions, states[1:], strict=False):
        number, kind = before.hand.number, _group(before)
        if current is None or current[0] != number:
            if line:
                yield indent + " ".join(line)
                yield ""
            marker = f"{number + 1}."
            line, indent, margin = [marker], "", " " * (len(marker) + 1)
        elif current[1] != kind or (before.phase is Phase.TRICKS and not before.trick):
            yield indent + " ".join(line)
            line, indent = [], margin
        current = (number, kind)
        line.append(write_move(action))
        line.extend(_comments(before, after))
    if line:
        yield indent + " ".join(line)


def _group(state: State) -> str:
    if state.phase in _BEFORE_PLAY:
        return "auction"
    if state.phase in _IN_PLAY:
        return "trick"
    return "setup"


def _comments(before: State, after: State) -> Iterator[str]:
    """What a person reading the game would like to see after an action."""
    melds, was = after.hand.melds, before.hand.melds
    same_hand = after.hand.number == before.hand.number
    if same_hand and all(m is None for m in was) and any(m is not None for m in melds):
        totals = ",".join("-" if m is None else str(m.total) for m in melds)
        yield f"{{meld {totals}}}"
    if len(after.game.results) > len(before.game.results):
        scores = ",".join(map(str, after.game.results[-1].scores))
        totals = ",".join(map(str, after.game.scores))
        yield f"{{hand {scores}; scores {totals}}}"


# --- Reading -----------------------------------------------------------------------------


def read_tags(text: str | bytes) -> dict[str, str]:
    """The tag pairs of a game, by name (the moves are not read).

    Raises:
        NotationError: A tag pair is malformed or given twice.
        ArgumentError: ``text`` is neither text nor bytes.
    """
    source = decode(text)
    tags, _ = _read_tags(source)
    return {name: value for name, (value, _) in tags.items()}


def read_game(text: str | bytes) -> GameRecord:
    """Read a game (the output of `write_game`) as the record it holds.

    The tags ``Profile`` and ``Seed`` are needed; ``Dealer`` (default 0), ``Scores`` and
    ``Hands`` are read when there; every other tag, the hand numbers and the comments are
    skipped. The moves are read, not played: `pinochle.records.replay` plays them.

    Raises:
        NotationError: The text is not a game: the line and column of the first problem.
        ArgumentError: ``text`` is neither text nor bytes.
    """
    source = decode(text)
    tags, at = _read_tags(source)
    if "Profile" not in tags or "Seed" not in tags:
        missing = "Profile" if "Profile" not in tags else "Seed"
        raise problem(source, at, f'a game needs the tag [{missing} "..."] before its moves')
    variant = _in_tag(source, tags["Profile"], _whole_profile)
    seed = _in_tag(source, tags["Seed"], _number("a seed", 0, arguments.SEED_LIMIT - 1))
    dealer = 0
    if "Dealer" in tags:
        dealer = _in_tag(source, tags["Dealer"], _number("the dealer", 0, variant.deal.seated - 1))
    scores = None
    if "Scores" in tags:
        scores = _in_tag(source, tags["Scores"], _scores(variant))
    hands = None
    if "Hands" in tags:
        hands = _in_tag(source, tags["Hands"], _hands(variant))
    actions = tuple(_moves(source, at))
    return GameRecord(variant, seed, dealer, scores, hands, actions)


_Tags = dict[str, tuple[str, list[int]]]
"""Each tag's value, with where in the text each of its characters was (and its end)."""


def _read_tags(text: str) -> tuple[_Tags, int]:
    """The tag pairs at the start of the text, and where the moves start."""
    tags: _Tags = {}
    at = _skip(text, 0)
    while text.startswith("[", at):
        start = at
        name = _TAG_NAME.match(text, at + 1)
        if name is None:
            raise fail(text, at + 1, "a tag's name such as Event or Profile")
        at = name.end()
        gap = at
        while text[at : at + 1] in (" ", "\t"):
            at += 1
        if at == gap or not text.startswith('"', at):
            raise fail(text, at, 'a space and the tag\'s value in double quotes: [Event "..."]')
        value, places, at = _tag_value(text, at)
        while text[at : at + 1] in (" ", "\t"):
            at += 1
        if not text.startswith("]", at):
            raise fail(text, at, "']' to end the tag pair")
        if name.group() in tags:
            raise problem(text, start, f"the tag {name.group()} is given twice", name.group())
        tags[name.group()] = (value, places)
        at = _skip(text, at + 1)
    return tags, at


def _tag_value(text: str, quote: int) -> tuple[str, list[int], int]:
    """A tag's value from its opening quote: the text, its characters' places, the end."""
    chars: list[str] = []
    places: list[int] = []
    at = quote + 1
    while True:
        char = text[at : at + 1]
        if char in ("", "\n", "\r"):
            raise problem(text, quote, "a tag value that is never closed (a '\"' is missing)", '"')
        if char == '"':
            places.append(at)
            return "".join(chars), places, at + 1
        if char == "\\":
            escaped = text[at + 1 : at + 2]
            if escaped not in ("\\", '"'):
                raise fail(text, at, 'an escape \\" or \\\\ in a tag value', text[at : at + 2])
            chars.append(escaped)
            places.append(at)
            at += 2
            continue
        chars.append(char)
        places.append(at)
        at += 1


T = TypeVar("T")


def _in_tag(text: str, tag: tuple[str, list[int]], read: Callable[[str], T]) -> T:
    """Read a tag's value; a problem in it is reported where it is in the whole text."""
    value, places = tag
    try:
        return read(value)
    except NotationError as exc:
        offset = places[min(exc.column - 1, len(places) - 1)]
        line, column = where(text, offset)
        raise NotationError(line, column, exc.reason, exc.text) from None


def _whole_profile(value: str) -> Variant:
    variant, end = parse_profile(value, 0)
    if end != len(value):
        raise fail(value, end, "the end of the profile")
    return variant


def _number(what: str, low: int, high: int) -> Callable[[str], int]:
    return lambda value: read_int(value, 0, len(value), what, low, high)


def _scores(variant: Variant) -> Callable[[str], tuple[int, ...]]:
    def read(value: str) -> tuple[int, ...]:
        scores: list[int] = []
        at = 0
        while True:
            comma = value.find(",", at)
            stop = len(value) if comma < 0 else comma
            scores.append(read_int(value, at, stop, "a score", -arguments.LIMIT, arguments.LIMIT))
            if comma < 0:
                break
            at = comma + 1
        if len(scores) != variant.sides:
            raise fail(value, 0, f"{variant.sides} scores joined by ',' (one per side)", value)
        return tuple(scores)

    return read


def _hands(variant: Variant) -> Callable[[str], tuple[tuple[Card, ...], ...]]:
    def read(value: str) -> tuple[tuple[Card, ...], ...]:
        hands: list[tuple[Card, ...]] = []
        at = 0
        while True:
            slash = value.find("/", at)
            stop = len(value) if slash < 0 else slash
            hand = read_hand(value, at, stop)
            if len(hand) != variant.deal.hand:
                raise fail(value, at, f"a hand of {variant.deal.hand} cards", value[at:stop])
            hands.append(hand)
            if slash < 0:
                break
            at = slash + 1
        if len(hands) != variant.deal.players:
            raise fail(value, 0, f"{variant.deal.players} hands joined by '/'", value)
        return tuple(hands)

    return read


def _skip(text: str, at: int) -> int:
    """Past the spaces and comments at ``at``."""
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if not text.startswith("{", at):
            return at
        at = _comment_end(text, at)


def _comment_end(text: str, start: int) -> int:
    """Where the comment that opens at ``start`` ends (comments do not nest)."""
    close = text.find("}", start + 1)
    inner = text.find("{", start + 1, close if close >= 0 else len(text))
    if inner >= 0:
        raise problem(text, inner, "a '{' inside a comment: comments do not nest", "{")
    if close < 0:
        raise problem(text, start, "a comment that is never closed (a '}' is missing)", "{")
    return close + 1


_MOVE_END = re.compile(r"[\s{}\[\]]")
_MARKER = re.compile(r"[0-9]+\.")


def _moves(text: str, at: int) -> Iterator[Action]:
    """The actions of the moves that start at ``at``, the hand numbers and comments skipped."""
    hand = 0
    while True:
        at = _skip(text, at)
        if at >= len(text):
            return
        char = text[at]
        if char == "[":
            raise problem(text, at, "a tag pair after the moves: tags come first", "[")
        if char in "]}":
            raise problem(text, at, f"a {char!r} that closes nothing", char)
        found = _MOVE_END.search(text, at)
        end = found.start() if found else len(text)
        if _MARKER.fullmatch(text, at, end):
            number = read_int(text, at, end - 1, "a hand's number", 1, 10**9)
            if number != hand + 1:
                raise problem(
                    text, at, f"hand {number} where hand {hand + 1} comes next", text[at:end]
                )
            hand = number
        else:
            yield cast(Action, read_token(text, at, end, view=False))  # no view's token
        at = end
