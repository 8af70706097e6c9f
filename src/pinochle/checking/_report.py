"""What a check found: the invariants' names, one result per invariant, the failures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import attrs

from pinochle._text import printable
from pinochle._words import counted
from pinochle.errors import InvariantError, NotFoundError
from pinochle.records import GameRecord
from pinochle.scoring import HandResult
from pinochle.state import Observation, State
from pinochle.variant import Variant

CHECKS: Mapping[str, str] = {
    "conservation": "every card is in exactly one place at every step",
    "deck-totals": "a played hand's tricks (and buried cards) hold the deck's trick points",
    "termination": "every hand ends; the game ends or reaches the hand cap",
    "legal-actions": "legal actions are offered until the game is over, and each is accepted",
    "illegal-actions": "illegal actions are refused and leave the state unchanged",
    "observations": "an observation holds no card its seat may not know",
    "record-replay": "the game's record replays to the same states",
    "settlement": "each hand's result is settle_hand of its facts, and the scores add up",
    "scale-switch": "the game on the other scale scores exactly 10x (or 1/10; chips the same)",
}
"""Every invariant `check_variant` checks: its name and what it promises."""


@attrs.frozen
class Failure:
    """One invariant that failed in one game.

    Attributes:
        check: The invariant's name (a key of `CHECKS`).
        game: The game's number in the run, from 0.
        seed: The game's seed (``play_random_game(variant, seed)`` plays it again).
        message: What went wrong, and where.
        record: The shortest prefix of the game that shows the failure; `replay` plays it.
    """

    check: str
    game: int
    seed: int
    message: str
    record: GameRecord

    def __str__(self) -> str:
        steps = len(self.record.actions)
        return (
            f"{self.check}: game {self.game} (seed {self.seed}), after {counted(steps, 'action')}: "
            f"{self.message}"
        )


@attrs.frozen
class CheckResult:
    """How one invariant fared over the games.

    Attributes:
        name: The invariant's name (a key of `CHECKS`).
        description: What it promises.
        passed: Games in which it held throughout.
        failed: Games in which it failed.
        failures: The first few failures (at most one per game), in game order.
        note: More about the result: for the termination check, how many games ended;
            why a check did not apply.
    """

    name: str
    description: str
    passed: int
    failed: int
    failures: tuple[Failure, ...] = ()
    note: str = ""

    @property
    def ok(self) -> bool:
        """Whether it held in every game where it applies."""
        return self.failed == 0


@attrs.frozen
class CheckReport:
    """What `check_variant` found: per invariant, the games where it held and failed.

    Attributes:
        variant: The profile checked.
        games: How many games were played.
        seed: The seed of the first game (game ``i`` has seed ``seed + i``).
        max_hands: The hand cap of each game.
        checks: One result per invariant, in the order of `CHECKS`.
    """

    variant: Variant
    games: int
    seed: int
    max_hands: int
    checks: tuple[CheckResult, ...]

    @property
    def ok(self) -> bool:
        """Whether every invariant held in every game."""
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> tuple[Failure, ...]:
        """The kept failures of every invariant, in the order of `CHECKS`."""
        return tuple(f for check in self.checks for f in check.failures)

    def __getitem__(self, name: str) -> CheckResult:
        """The result of the invariant called ``name``.

        Raises:
            NotFoundError: No invariant has that name (a `KeyError`).
        """
        for check in self.checks:
            if check.name == name:
                return check
        raise NotFoundError(name)

    def summary(self) -> str:
        """The report as text: a headline, one line per invariant, then the failures.

        Control characters of the profile's name or a failure's message are shown escaped
        (see `pinochle._text.printable`), so the text is safe to print on a terminal.
        """
        failed = [c for c in self.checks if not c.ok]
        held = (
            "every invariant held" if not failed else f"{counted(len(failed), 'invariant')} failed"
        )
        lines = [
            f"{self.variant.name}: {counted(self.games, 'game')} from seed {self.seed}, at most "
            f"{counted(self.max_hands, 'hand')} each: {held}"
        ]
        width = max(len(c.name) for c in self.checks)
        for c in self.checks:
            if c.passed + c.failed == 0:
                status, counts = "n/a ", "-"
            else:
                status, counts = ("ok  " if c.ok else "FAIL"), f"{c.passed}/{c.passed + c.failed}"
            note = f" ({c.note})" if c.note else ""
            lines.append(f"  {status}  {c.name:<{width}}  {counts:>9}  {c.description}{note}")
        for f in self.failures:
            lines.append(f"  - {f}")
        # The profile's name and a failure's message can hold a file's control characters.
        return "\n".join(printable(line) for line in lines)

    def raise_if_failed(self) -> None:
        """Do nothing if every invariant held, else fail with the summary and a record.

        Raises:
            InvariantError: An invariant failed (an `AssertionError`); the message is the
                summary followed by the JSON record of the first failure (save it and
                `replay` it to reproduce).
        """
        if self.ok:
            return
        first = self.failures[0]
        raise InvariantError(
            f"{self.summary()}\n\nrecord of the first failure ({first.check}):\n"
            f"{first.record.to_json()}"
        )

    def write_failures(self, directory: Path | str, stem: str | None = None) -> tuple[Path, ...]:
        """Write the first failure of each failed invariant as a record file.

        The files are ``<stem>-failure-<n>.json`` (n from 1, in the order of `CHECKS`);
        existing files of those names are replaced.

        Args:
            directory: Where to write.
            stem: The start of the file names (default: the profile's name).

        Returns:
            The paths written, one per failed invariant.
        """
        stem = stem or self.variant.name
        paths = []
        firsts = [check.failures[0] for check in self.checks if check.failures]
        for n, failure in enumerate(firsts, start=1):
            path = Path(directory) / f"{stem}-failure-{n}.json"
            path.write_text(failure.record.to_json() + "\n", encoding="utf-8")
            paths.append(path)
        return tuple(paths)


@attrs.frozen
class CheckHooks:
    """Broken rules to plug into `check_variant`: for testing the kit itself, not for users.

    Attributes:
        settle: Replaces the engine's `pinochle.settle_hand` (same signature) in the games
            the check plays. Only those: games played meanwhile in other threads settle as
            always.
        observe: Replaces `pinochle.observe` in the observation check.
    """

    settle: Callable[..., HandResult] | None = None
    observe: Callable[[State, int], Observation] | None = None
