"""The meld scorer, trick counter and score keeper of `pinochle serve` (seed 002's web tool).

No HTTP here: `pinochle.serve.GameStore` hands these a request's JSON object and its way of
choosing a profile, and they answer JSON-ready dicts or raise `RequestError` with the status
and a message naming what was wrong. Every number comes from the library: `score_meld` and
`meld_by_trump` for meld, `card_points` for counting, `ScoreSheet` for the sheets, so the
pages compute nothing themselves.

The switches of the seed (Ones/Tens, Dailey's run extras, the keeper's target, going set
and saving meld) are profile overrides (`Variant.override`), so a sheet file embeds the
profile it was kept under and ``pinochle score`` reads it as its own: a sheet is one file,
``sheets/NAME.json`` in the server's folder, in the format of ``pinochle score``, changed
under the file's lock (`pinochle.sheet.update_file`) and only from the version the writer
last saw (its ``ETag``), so of two tabs posting at once one wins and the other gets 412.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pinochle.cards import (
    Card,
    Rank,
    Suit,
    check_in_deck,
    copies_in_deck,
    make_deck,
    parse_cards,
    parse_suit,
)
from pinochle.errors import PinochleError, RequestError, SheetError, VariantError
from pinochle.meld import Meld, meld_by_trump, score_meld
from pinochle.scoring import MeldStatus
from pinochle.sheet import ScoreSheet, SheetHand, update_file
from pinochle.sheet._facts import FACT_KEYS
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import GameScoring, Variant

__all__ = [
    "COUNT_FORMAT",
    "MELD_FORMAT",
    "RULES_FORMAT",
    "SHEET_FORMAT",
    "SheetStore",
    "count",
    "meld",
    "rules",
]

Profiles = Callable[[object], Variant]
"""How a request's ``variant`` becomes a profile (the server's own, or a built-in one)."""

RULES_FORMAT = "pinochle.table-rules"
"""The ``format`` of the answer to ``POST /api/rules``: what the pages need of a profile."""

MELD_FORMAT = "pinochle.table-meld"
"""The ``format`` of the answer to ``POST /api/meld``."""

COUNT_FORMAT = "pinochle.table-count"
"""The ``format`` of the answer to ``POST /api/count``."""

SHEET_FORMAT = "pinochle.table-sheet"
"""The ``format`` of a sheet's answer (``/api/sheets/NAME``)."""

SHEET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
"""A sheet's name: its file is ``sheets/NAME.json`` in the server's folder."""

# The counting methods of seed 002's "Counting tricks" (docs/reference/counting.md).
_METHODS = (
    ("counters", 1, "Counters, ones: A, 10, K 1 each"),
    ("counters", 10, "Counters, tens: A, 10, K 10 each"),
    ("classic", 10, "Classic: A 11, 10 10, K 4, Q 3, J 2"),
    ("simplified", 10, "Simplified: A 10, 10 10, K 5, Q 5"),
)
_SETS = ("minus-bid", "opponents-score-bid")  # going set: the bid off, or chips' version
_MELD_NOTES = {
    MeldStatus.LOST: "meld lost",
    MeldStatus.NINES: "meld saved by nines",
    MeldStatus.BELOW_MINIMUM: "meld below minimum",
}


# --- Reading a request --------------------------------------------------------------------


def _object(data: object, known: tuple[str, ...], what: str) -> Mapping[str, Any]:
    """A request's JSON object with only known keys (400 naming the first unknown one)."""
    if not isinstance(data, dict):
        raise RequestError(400, f"{what}: expected a JSON object")
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise RequestError(400, f"{what}: unknown key {unknown[0]!r}; known: {', '.join(known)}")
    return data


def _flag(data: Mapping[str, Any], key: str) -> bool | None:
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise RequestError(400, f"{key}: expected true or false, found {_shown(value)}")
    return value


def _scale(data: Mapping[str, Any]) -> int | None:
    value = data.get("scale")
    if value is not None and (type(value) is not int or value not in (1, 10)):
        raise RequestError(400, f"scale: expected 1 (ones) or 10 (tens), found {_shown(value)}")
    return value


def _shown(value: object) -> str:
    text = repr(value) if not isinstance(value, bool) else str(value).lower()
    return text if len(text) <= 60 else f"{text[:57]}..."


def _cards(data: Mapping[str, Any], variant: Variant) -> tuple[Card, ...]:
    value = data.get("cards", [])
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise RequestError(
            400, f'cards: expected a list of cards such as "A♥", found {_shown(value)}'
        )
    try:
        cards = parse_cards(value)
        check_in_deck(cards, variant.deal.deck)
    except (ValueError, PinochleError) as exc:
        raise RequestError(400, f"cards: {exc}") from None
    return cards


@functools.lru_cache(maxsize=128)
def _overridden(variant: Variant, changes: tuple[tuple[str, str, object], ...]) -> Variant:
    """The profile with some keys changed; the same request twice reuses it."""
    tree: dict[str, Any] = {}
    for table, key, value in changes:
        if table:
            tree.setdefault(table, {})[key] = value
        else:
            tree[key] = value
    return variant.override(tree)


def _override(variant: Variant, changes: tuple[tuple[str, str, object], ...]) -> Variant:
    """`_overridden`, its refusal a 400 that says which setting the profile cannot take."""
    if not changes:
        return variant
    try:
        return _overridden(variant, changes)
    except VariantError as exc:
        key, problem = exc.problems[-1]
        raise RequestError(400, f"{key or 'profile'}: {problem}") from None


def _switched(profiles: Profiles, data: Mapping[str, Any]) -> Variant:
    """The profile a request names, on the scale it asks for, with Dailey's switch set."""
    variant = profiles(data.get("variant"))
    changes: list[tuple[str, str, object]] = []
    scale = _scale(data)
    if scale is not None and scale != variant.scale:
        changes.append(("", "scale", scale))
    extras = _flag(data, "run_extras")
    if extras is not None and extras != variant.meld.run_extras:
        changes.append(("meld", "run_extras", extras))
    return _override(variant, tuple(changes))


# --- What a page needs of a profile ----------------------------------------------------------


def _targets(variant: Variant) -> list[int]:
    """The games the keeper offers (seed 002): Pagat's 1,500, Wikipedia's 1,000, 500 double deck.

    On the ones scale the single deck's are 150 and 100; the double deck's tens setting is
    Pagat's 500 times ten, 5,000 (the seed's reading). The profile's own target comes too.
    """
    if variant.game.scoring is GameScoring.CHIPS:
        return []
    offered = [1500, 1000] if variant.deal.deck.value == "single" else [5000]
    if variant.scale == 1:
        offered = [target // 10 for target in offered]
    own = variant.game.target
    return sorted({*offered, *([own] if own else [])}, reverse=True)


def _facts(variant: Variant) -> dict[str, Any]:
    """A profile as the pages show it: deck, scale, switches and the keeper's settings."""
    kind = variant.deal.deck
    ranks = sorted({card.rank for card in make_deck(kind)}, reverse=True)
    return {
        "variant": variant.name,
        "title": variant.title,
        "deck": kind.value,
        "copies": copies_in_deck(kind),
        "ranks": [str(rank) for rank in ranks],
        "suits": [suit.symbol for suit in Suit],
        "scale": variant.scale,
        "run_extras": variant.meld.run_extras,
        "sides": variant.sides,
        "auction": variant.has_auction,
        "chips": variant.game.scoring is GameScoring.CHIPS,
        "target": variant.game.target or None,
        "targets": _targets(variant),
        "set": str(variant.settlement.set),
        "save_meld": str(variant.settlement.save_meld) != "none",
        "counting": str(variant.counting.method),
        "last_trick": variant.counting.last_trick,
        "deck_points": deck_points(variant),
    }


def rules(profiles: Profiles, data: object) -> dict[str, Any]:
    """``POST /api/rules``: a profile's facts (`_facts`), on the scale asked for.

    Args:
        profiles: Turns the request's ``variant`` into a profile.
        data: The request: ``variant``, ``scale`` (1 or 10) and ``run_extras``, all optional.
    """
    request = _object(data, ("variant", "scale", "run_extras"), "rules")
    return {"format": RULES_FORMAT, "version": 1, **_facts(_switched(profiles, request))}


# --- The meld scorer ---------------------------------------------------------------------


def _meld_data(found: Meld) -> dict[str, Any]:
    items = [
        {
            "name": item.name,
            "type": item.type.name.lower(),
            "cards": [str(card) for card in item.cards],
            "points": item.points,
        }
        for item in found.items
    ]
    return {"total": found.total, "items": items}


def meld(profiles: Profiles, data: object) -> dict[str, Any]:
    """``POST /api/meld``: a hand's meld with the chosen trump, and with each suit as trump.

    Args:
        profiles: Turns the request's ``variant`` into a profile.
        data: ``cards`` (a list of card texts), ``trump`` (a suit or null) and the switches
            of `rules`: ``variant``, ``scale``, ``run_extras``.

    Raises:
        RequestError: A key, card, suit or switch that is wrong (400), named.
    """
    request = _object(data, ("variant", "scale", "run_extras", "cards", "trump"), "meld")
    variant = _switched(profiles, request)
    cards = _cards(request, variant)
    trump: Suit | None = None
    if request.get("trump") is not None:
        if not isinstance(request["trump"], str):
            raise RequestError(400, f"trump: expected a suit, found {_shown(request['trump'])}")
        try:
            trump = parse_suit(request["trump"])
        except ValueError as exc:
            raise RequestError(400, f"trump: {exc}") from None
    return {
        "format": MELD_FORMAT,
        "version": 1,
        **_facts(variant),
        "cards": [str(card) for card in cards],
        "trump": None if trump is None else trump.symbol,
        "meld": _meld_data(score_meld(cards, trump, variant)),
        "by_trump": {s.symbol: _meld_data(m) for s, m in meld_by_trump(cards, variant).items()},
    }


# --- The counter ----------------------------------------------------------------------


def count(profiles: Profiles, data: object) -> dict[str, Any]:
    """``POST /api/count``: a side's trick points, by the profile and by each counting method.

    Args:
        profiles: Turns the request's ``variant`` into a profile.
        data: ``cards`` (what the side took), ``last_trick`` (whether it took the last
            trick), ``variant`` and ``scale``.

    Raises:
        RequestError: A key, card or switch that is wrong (400), named.
    """
    request = _object(data, ("variant", "scale", "cards", "last_trick"), "count")
    variant = _switched(profiles, request)
    cards = _cards(request, variant)
    last = bool(_flag(request, "last_trick"))
    methods = []
    for method, scale, name in _METHODS:
        # Each method on its scale, the profile's last trick converted, nothing rounded.
        changes = (("", "scale", scale), ("counting", "method", method))
        counted = _override(variant, (*changes, ("counting", "rounding", "none")))
        bonus = counted.counting.last_trick if last else 0
        methods.append(
            {
                "method": method,
                "scale": scale,
                "name": name,
                "values": {str(r): card_points([Card(Suit.SPADES, r)], counted) for r in Rank},
                "last_trick": counted.counting.last_trick,
                "points": card_points(cards, counted) + bonus,
                "deck_points": deck_points(counted),
            }
        )
    points = card_points(cards, variant)
    bonus = variant.counting.last_trick if last else 0
    return {
        "format": COUNT_FORMAT,
        "version": 1,
        **_facts(variant),
        "cards": [str(card) for card in cards],
        "took_last_trick": last,
        "card_points": points,
        "last_trick_points": bonus,
        "rounding": str(variant.counting.rounding),
        "points": round_trick_points(points + bonus, variant),
        "methods": methods,
    }


# --- The score keeper ----------------------------------------------------------------------


def sheet_tag(sheet: ScoreSheet) -> str:
    """A sheet's version, its ``ETag``: a digest of its document, so any change shows."""
    return hashlib.sha256(sheet.to_json().encode()).hexdigest()[:16]


class SheetStore:
    """Score sheets kept as ``pinochle score`` files in a folder, one per table.

    Args:
        folder: Where the sheets are (``sheets`` in the server's folder); made on first use.
        profiles: Turns a request's ``variant`` into a profile.
    """

    def __init__(self, folder: Path, profiles: Profiles) -> None:
        self.folder = folder
        self._profiles = profiles

    def path(self, name: str) -> Path:
        """The file of a sheet; a name that cannot be one is 404."""
        if not isinstance(name, str) or not SHEET_NAME.fullmatch(name):
            raise RequestError(404, f"no such sheet: {_shown(name)}")
        return self.folder / f"{name}.json"

    def list(self) -> dict[str, Any]:
        """Every sheet, by name: its profile, hands, scores and standing."""
        sheets = []
        files = sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []
        for file in files:
            if not SHEET_NAME.fullmatch(file.stem):
                continue
            entry: dict[str, Any] = {"name": file.stem}
            try:
                sheet = ScoreSheet.load(file)
            except SheetError as exc:  # one damaged file does not hide the others
                entry["error"] = str(exc)
            else:
                entry |= {
                    "variant": sheet.variant.name,
                    "hands": len(sheet),
                    "scores": list(sheet.scores),
                    "status": _standing(sheet),
                }
            sheets.append(entry)
        return {"format": "pinochle.table-sheets", "version": 1, "sheets": sheets}

    def create(self, data: object) -> dict[str, Any]:
        """A new sheet with the seed's settings; 409 if the name is taken.

        Args:
            data: ``name``; ``variant`` and ``scale`` (the profile and its points);
                ``target`` (the game); ``set`` (``"minus-bid"``, or the chip version
                ``"opponents-score-bid"``); ``save_meld`` (true or false); ``strict_bids``.
        """
        known = ("name", "variant", "scale", "target", "set", "save_meld", "strict_bids")
        request = _object(data, known, "sheet")
        name = request.get("name")
        if not isinstance(name, str) or not SHEET_NAME.fullmatch(name):
            raise RequestError(
                400,
                "name: expected 1 to 40 letters, digits, '-' or '_' (first a letter or a "
                f"digit), found {_shown(name)}",
            )
        variant = self._settings(request)
        strict = bool(_flag(request, "strict_bids"))
        sheet = ScoreSheet(variant, strict_bids=strict)
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            sheet.save(self.path(name))
        except SheetError as exc:
            if exc.problem == "already exists":
                raise RequestError(409, f"a sheet named {name!r} already exists") from None
            raise RequestError(503, f"cannot save the sheet: {exc.problem}") from None
        return sheet_document(name, sheet)

    def _settings(self, request: Mapping[str, Any]) -> Variant:
        variant = self._profiles(request.get("variant"))
        scale = _scale(request)
        if scale is not None and scale != variant.scale:
            variant = _override(variant, (("", "scale", scale),))
        changes: list[tuple[str, str, object]] = []
        target = request.get("target")
        if target is not None:
            if variant.game.scoring is GameScoring.CHIPS:
                raise RequestError(400, f"target: {variant.name} settles every hand in chips")
            if type(target) is not int or not 1 <= target <= 1_000_000:
                raise RequestError(
                    400,
                    f"target: expected a whole number from 1 to 1000000, found {_shown(target)}",
                )
            changes.append(("game", "target", target))
        going_set = request.get("set")
        if going_set is not None:
            if going_set not in _SETS:
                raise RequestError(
                    400, f"set: expected one of {', '.join(_SETS)}, found {_shown(going_set)}"
                )
            changes.append(("settlement", "set", going_set))
        save = _flag(request, "save_meld")
        own = str(variant.settlement.save_meld)
        if save is False and own != "none":
            changes.append(("settlement", "save_meld", "none"))
        elif save is True and own == "none":
            changes.append(("settlement", "save_meld", "counter"))
        return _override(variant, tuple(changes))

    def get(self, name: str) -> dict[str, Any]:
        """A sheet's document (404 if there is none)."""
        return sheet_document(name, self._load(name))

    def add(self, name: str, hand: object, expected: str) -> dict[str, Any]:
        """Record a hand (a hand of the sheet file: ``bidder``, ``bid``, ``meld``, ``points``...).

        Applied only to the version ``expected`` (the ``ETag`` the page saw): 412 otherwise.
        """
        facts = _object(hand, FACT_KEYS, "hand")
        if "meld" not in facts:
            raise RequestError(400, "hand: meld: missing (give each side's meld)")

        def record(sheet: ScoreSheet) -> ScoreSheet:
            _check_tag(sheet, expected)
            try:
                return sheet.record(**facts)
            except SheetError as exc:
                raise RequestError(400, str(exc)) from None

        return sheet_document(name, self._update(name, record))

    def undo(self, name: str, expected: str) -> dict[str, Any]:
        """Take back the last hand, of the version ``expected`` only (412 otherwise)."""

        def undo(sheet: ScoreSheet) -> ScoreSheet:
            _check_tag(sheet, expected)
            if not sheet.hands:
                raise RequestError(409, "the sheet has no hand to undo")
            return sheet.undo()

        return sheet_document(name, self._update(name, undo))

    def _load(self, name: str) -> ScoreSheet:
        path = self.path(name)
        try:
            return ScoreSheet.load(path)
        except SheetError as exc:
            raise _file_error(name, exc) from None

    def _update(self, name: str, change: Callable[[ScoreSheet], ScoreSheet]) -> ScoreSheet:
        path = self.path(name)
        try:
            return update_file(path, change)
        except SheetError as exc:
            raise _file_error(name, exc) from None


def _file_error(name: str, exc: SheetError) -> RequestError:
    if exc.problem == "no such file":
        return RequestError(404, f"no such sheet: {name!r}")
    return RequestError(500, f"the sheet {name!r} cannot be used: {exc.problem}")


def _check_tag(sheet: ScoreSheet, expected: str) -> None:
    if sheet_tag(sheet) != expected:
        raise RequestError(
            412,
            "the sheet has changed since you loaded it (another tab or the command line)"
            "; load it again",
        )


def _reason(hand: SheetHand) -> str:
    """The settlement's reason, what became of unusual meld, and any game event."""
    parts = [hand.result.reason]
    for i, side in enumerate(hand.result.sides):
        note = _MELD_NOTES.get(side.meld_status)
        if note:
            parts.append(f"side {i} {note} ({side.meld})")
    if hand.end.reason:
        parts.append(hand.end.reason)
    return "; ".join(parts)


def _standing(sheet: ScoreSheet) -> str:
    """Who won, or who leads, as ``pinochle score`` says it."""
    if sheet.winner is not None:
        return f"side {sheet.winner} won ({sheet.hands[-1].end.reason})"
    scores = sheet.scores
    leaders = [i for i, s in enumerate(scores) if s == max(scores)]
    lead = f"side {leaders[0]} leads" if len(leaders) == 1 else "tied"
    goal = "chips, settled every hand" if sheet.target is None else f"game {sheet.target}"
    return f"{lead} ({goal})"


def sheet_document(name: str, sheet: ScoreSheet) -> dict[str, Any]:
    """A sheet as the page shows it: settings, hands, running totals, standing, version."""
    hands = []
    for number, hand in enumerate(sheet.hands, start=1):
        record, result = hand.record, hand.result
        hands.append(
            {
                "number": number,
                "bidder": result.bidder,
                "bid": result.bid,
                "meld": list(record.meld),
                "points": None if record.points is None else list(record.points),
                "outcome": str(result.outcome),
                "scores": list(result.scores),
                "totals": list(hand.totals),
                "reason": _reason(hand),
            }
        )
    return {
        "format": SHEET_FORMAT,
        "version": 1,
        "name": name,
        "file": f"sheets/{name}.json",
        "etag": sheet_tag(sheet),
        **_facts(sheet.variant),
        "strict_bids": sheet.strict_bids,
        "start": list(sheet.start),
        "scores": list(sheet.scores),
        "target": sheet.target,
        "winner": sheet.winner,
        "over": sheet.is_over,
        "status": _standing(sheet),
        "hands": hands,
    }
