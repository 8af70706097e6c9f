"""A sheet's JSON document: what it stores, how it is written, and how reading checks it.

The document (``format = "pinochle.sheet"``, `VERSION` 1; the tag used before 0.1,
``"pinochle-score-sheet"``, still reads) stores only what the table recorded: the
profile, fully resolved, the start scores, ``strict_bids`` when set, and each hand's facts
(bidder, bid and meld always, the rest only when given: a renege hand adds ``renege``,
``called_by`` and, for a call not proven, ``proven = false``; a sheet written before them
reads as it did). Totals, settlements and the game's
end are never stored: reading replays every hand through `ScoreSheet.record`, so they are
recomputed, and a hand-edited file is checked hand by hand.

Reading reports every problem it finds, up to `MAX_PROBLEMS`, in one `SheetError`: a key
it does not know, a hand that cannot be recorded (it is skipped, and the next ones are
checked without it), hands after the game was won. The profile may extend a built-in one,
never a file: a document never makes the library read another file. Writing puts one key
on a line and each hand on one line, so a sheet is easy to read and to correct by hand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pinochle.documents import parse_json
from pinochle.errors import SheetError, VariantError
from pinochle.sheet._facts import FACT_KEYS, HandRecord, show
from pinochle.sheet._model import ScoreSheet
from pinochle.variant import Variant

FORMAT = "pinochle.sheet"
"""The ``format`` tag of a score sheet's JSON document."""
EARLIER_FORMATS = ("pinochle-score-sheet",)
"""The tags of earlier releases (before 0.1): still read."""
VERSION = 1
"""The version of the JSON document this library writes and reads."""
MAX_PROBLEMS = 20
"""How many problems of a sheet document a `SheetError` lists at most."""

DOCUMENT_KEYS = ("format", "version", "variant", "scores", "strict_bids", "hands")
"""The keys of the document's top level."""


# --- Writing ------------------------------------------------------------------------------


def write(sheet: ScoreSheet) -> str:
    """The document of a sheet (`ScoreSheet.to_json`)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "variant": sheet.variant.to_dict(),
        "scores": list(sheet.start),
        **({"strict_bids": True} if sheet.strict_bids else {}),
        "hands": [_facts_data(hand.record) for hand in sheet.hands],
    }
    return _dump(document) + "\n"


def _facts_data(facts: HandRecord) -> dict[str, Any]:
    """The facts as JSON data: bidder, bid and meld always; the rest only when given."""
    data: dict[str, Any] = {"bidder": facts.bidder, "bid": facts.bid, "meld": list(facts.meld)}
    for name in ("points", "tricks", "counters", "nines_only"):
        values = getattr(facts, name)
        if values is not None:
            data[name] = list(values)
    if facts.thrown_in:
        data["thrown_in"] = True
    if facts.no_marriage:
        data["no_marriage"] = True
    if facts.trump is not None:
        data["trump"] = facts.trump.letter
    if facts.conceded:
        data["conceded"] = True
    if facts.renege is not None:
        data["renege"] = facts.renege
        data["called_by"] = facts.called_by
    if not facts.proven:
        data["proven"] = False
    if facts.checks is not None:
        data["checks"] = list(facts.checks)
    if facts.outright is not None:
        data["outright"] = facts.outright
    if facts.moon:
        data["moon"] = True
    if facts.partner is not None:
        data["partner"] = facts.partner
    return data


def _dump(value: Any, depth: int = 0) -> str:
    """JSON with one key per line, but each list of numbers and each hand on a single line."""
    pad = "  " * (depth + 1)
    if isinstance(value, dict) and value and depth < 3:
        items = [f"{pad}{json.dumps(k)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        items = [pad + json.dumps(v, ensure_ascii=False) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
    return json.dumps(value, ensure_ascii=False)


# --- Reading ------------------------------------------------------------------------------


class _Problems:
    """The problems of one document, up to `MAX_PROBLEMS`."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.found: list[tuple[int | None, str]] = []
        self.truncated = False

    @property
    def full(self) -> bool:
        return len(self.found) >= MAX_PROBLEMS

    def add(self, hand: int | None, problem: str) -> None:
        if self.full:
            self.truncated = True
        else:
            self.found.append((hand, problem))

    def error(self) -> SheetError:
        (hand, problem), *others = self.found
        return SheetError(
            problem, hand=hand, path=self.path, others=others, truncated=self.truncated
        )

    def stop(self, hand: int | None, problem: str) -> SheetError:
        """The error to raise now, with this last problem."""
        self.add(hand, problem)
        return self.error()


def read(text: str | bytes, path: str | None) -> ScoreSheet:
    """The sheet of a document, every hand replayed (`ScoreSheet.from_json`).

    Args:
        text: The document.
        path: The file it came from, for the error (None for text).

    Raises:
        SheetError: Every problem found, up to `MAX_PROBLEMS`.
    """
    problems = _Problems(path)
    data = parse_json(text, lambda problem: SheetError(problem, path=path))
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *EARLIER_FORMATS):
        raise problems.stop(None, f"not a score sheet: expected an object with format = {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise problems.stop(
            None, f"version: this library reads version {VERSION}, found {show(version)}"
        )
    problem = _keys_problem(data, DOCUMENT_KEYS, "the sheet")
    if problem is not None:
        problems.add(None, problem)
    variant_data = data.get("variant")
    if not isinstance(variant_data, dict):
        raise problems.stop(
            None, f"variant: expected the profile as an object, found {show(variant_data)}"
        )
    try:
        # No base_dir: a document may extend a built-in profile, never make us read a file.
        variant = Variant.from_dict(variant_data, source="score sheet")
    except VariantError as exc:  # every problem of the profile, each under "variant"
        for key, problem in exc.problems[:-1]:
            problems.add(None, f"variant: {key or 'profile'}: {problem}")
        key, problem = exc.problems[-1]
        raise problems.stop(None, f"variant: {key or 'profile'}: {problem}") from None
    strict = data.get("strict_bids", False)
    if not isinstance(strict, bool):
        problems.add(None, f"strict_bids: expected true or false, found {show(strict)}")
        strict = False
    try:
        sheet = ScoreSheet(variant, data.get("scores"), strict_bids=strict)
    except SheetError as exc:
        problems.add(None, exc.problem)
        sheet = ScoreSheet(variant, strict_bids=strict)  # check the hands from zero
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        problems.add(None, f"hands: expected a list of hands, found {show(hands)}")
        hands = []
    for number, facts in enumerate(hands, start=1):
        if sheet.is_over:
            last = sheet.last
            assert last is not None
            later = "this hand" if number == len(hands) else f"hands {number} to {len(hands)}"
            problems.add(
                number,
                f"the game is over: side {last.end.winner} won ({last.end.reason}); "
                f"{later} cannot be recorded after it",
            )
            break
        if not isinstance(facts, dict):
            problems.add(number, f"expected an object of facts, found {show(facts)}")
            continue
        problem = _keys_problem(facts, FACT_KEYS, "a hand")
        if problem is None and "meld" not in facts:
            problem = "meld: missing (give each side's meld)"
        if problem is not None:
            problems.add(number, problem)
            continue
        try:
            sheet = sheet.record(**facts)
        except SheetError as exc:
            problems.add(number, exc.problem)
    if problems.found:
        raise problems.error()
    return sheet


def _keys_problem(data: Mapping[str, Any], known: Sequence[str], what: str) -> str | None:
    unknown = [key for key in data if key not in known]
    if not unknown:
        return None
    names = ", ".join(show(key) for key in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
    keys = "key" if len(unknown) == 1 else "keys"
    return f"unknown {keys} {names} in {what} (known keys: {', '.join(known)})"
