"""Tournaments: every pair of players over the same deals, and ratings with uncertainty.

The ratings are a Bradley-Terry fit on the Elo scale. Each duplicate deal of a match is a
game between its two players: the one whose deal score (points a hand, over the seatings)
is higher wins it, an equal score is half a win each. Every pair also gets one virtual
drawn deal, so a player that won every deal still has a finite rating. Player ``i``'s
strength ``p_i`` is fitted by maximum likelihood (``P(i beats j) = p_i / (p_i + p_j)``,
Hunter's MM iterations), its rating is ``400·log10(p_i)`` shifted so that the ratings
average 0, and the uncertainty comes from the fit's Fisher information: the standard
error of each rating (with the mean held at 0) from the pseudo-inverse of the weighted
Laplacian ``n_ij·P_ij·(1 - P_ij)``, scaled to Elo points. The interval is ± 1.96 standard
errors.

The table shows the ratings in whole Elo points, and the ranks follow what it shows:
players whose ratings round to the same whole number share a rank (1, 1, 3) and are listed
in the order given, so the table never ranks one above another on a difference it does not
show.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle.arena._backends import open_backend
from pinochle.arena._match import (
    Progress,
    _checked,
    _play_match,
    check_players,
)
from pinochle.arena._play import PlayerSpec
from pinochle.arena._results import MatchResult
from pinochle.errors import NotFoundError
from pinochle.variant import Variant

__all__ = ["Rating", "TournamentResult", "bradley_terry", "run_tournament"]

ELO = 400 / math.log(10)
"""Elo points per natural-log unit of strength."""


@attrs.frozen
class Rating:
    """A player's rating in a tournament.

    Attributes:
        player: The player's name.
        rating: Elo-scale rating; the tournament's ratings average 0.
        error: Its standard error (Elo points).
        deals: Deals the player played.
        score: Deals won, a drawn deal counting half (virtual draws not included).
    """

    player: str
    rating: float
    error: float
    deals: int
    score: float

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the rating, ``rating ± 1.96·error``."""
        return (self.rating - 1.96 * self.error, self.rating + 1.96 * self.error)


@attrs.frozen
class TournamentResult:
    """Every pair of players over the same deals, with ratings.

    Equal (``==``) when the matches' results are equal (see `MatchResult`).

    Attributes:
        variant: The profile's name.
        players: The players' names, in the order given.
        matches: One match per pair ``(i, j)``, ``i < j``, player ``i`` as A.
        ratings: One per player, strongest first (players with equal ratings in whole Elo
            points in the order given; see `ranks`).
    """

    variant: str
    players: tuple[str, ...]
    matches: tuple[MatchResult, ...]
    ratings: tuple[Rating, ...]

    @property
    def ranks(self) -> tuple[int, ...]:
        """Each rating's rank, in the order of `ratings`: 1 + the players shown above it.

        Ratings are compared as the table shows them, in whole Elo points: players whose
        ratings round alike share a rank (``(1, 1, 3)``).
        """
        shown = [shown_rating(r.rating) for r in self.ratings]
        return tuple(1 + sum(other > mine for other in shown) for mine in shown)

    def mean(self, first: str, second: str) -> float:
        """Mean points a hand of ``first`` minus ``second`` in their match.

        Raises:
            NotFoundError: The two met in no match (a `KeyError`).
        """
        for match in self.matches:
            if (match.a, match.b) == (first, second):
                return match.mean
            if (match.a, match.b) == (second, first):
                return -match.mean
        raise NotFoundError((first, second))

    @property
    def means(self) -> tuple[tuple[float | None, ...], ...]:
        """The pairwise means, row player minus column player (None on the diagonal)."""
        return tuple(
            tuple(None if i == j else self.mean(p, q) for j, q in enumerate(self.players))
            for i, p in enumerate(self.players)
        )

    def table(self) -> str:
        """The ratings and the pairwise means as two Markdown tables."""
        lines = [
            "| Rank | Player | Rating | 95% interval | Deals | Deals won |",
            "|---:|---|---:|---|---:|---:|",
        ]
        for rank, r in zip(self.ranks, self.ratings, strict=True):
            low, high = r.interval
            lines.append(
                f"| {rank} | {r.player} | {shown_rating(r.rating):+d} | [{low:+.0f}, {high:+.0f}] "
                f"| {r.deals} | {r.score:g} |"
            )
        order = [r.player for r in self.ratings]
        lines += ["", "| A \\ B | " + " | ".join(order) + " |", "|---|" + "---:|" * len(order)]
        for p in order:
            cells = ["" if p == q else f"{self.mean(p, q):+.1f}" for q in order]
            lines.append(f"| {p} | " + " | ".join(cells) + " |")
        return "\n".join(lines)

    def to_dict(self, *, deals: bool = False) -> dict[str, Any]:
        """The tournament as JSON-ready data (the matches without their deals by default)."""
        return {
            "format": "pinochle.tournament",
            "variant": self.variant,
            "players": list(self.players),
            "ratings": [
                attrs.asdict(r) | {"rank": rank}
                for rank, r in zip(self.ranks, self.ratings, strict=True)
            ],
            "means": [list(row) for row in self.means],
            "matches": [m.to_dict(deals=deals) for m in self.matches],
        }

    def to_json(self, *, indent: int | None = 1, deals: bool = False) -> str:
        """The tournament as a JSON document (see `to_dict`)."""
        return json.dumps(self.to_dict(deals=deals), indent=indent, allow_nan=False)


def run_tournament(
    variant: Variant | str,
    players: Sequence[PlayerSpec] | Mapping[str, PlayerSpec],
    *,
    deals: int,
    seed: int = 0,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    records: str | os.PathLike[str] | None = None,
    play: str = "hand",
    progress: Progress | None = None,
) -> TournamentResult:
    """Play every pair of players over the same ``deals`` duplicate deals, and rate them.

    Args:
        variant: The rules (a `Variant`, a profile's name or a .toml path).
        players: Level names or zero-argument callables (see `run_match`); a mapping
            names them (``{"mine": my_bot, "hard": "hard"}``). At least two, names unique.
        deals: Deals of every match.
        seed: Every match plays the deals of game seeds ``seed`` to ``seed + deals - 1``.
        backend: As in `run_match`; one backend (pool or Ray) serves every match.
        workers: As in `run_match`.
        address: As in `run_match`.
        records: A folder: each match writes its records in a subfolder ``A-vs-B``.
        play: ``"hand"`` or ``"game"``, as in `run_match`.
        progress: Called with (deals done, deals) within each match.

    Returns:
        The `TournamentResult`, ratings strongest first.

    Raises:
        ArgumentError: A bad argument, named.
        MatchInterrupted: Ctrl-C; ``result`` is the interrupted match, ``finished`` the
            matches before it.
    """
    entrants = check_players(players)
    names = tuple(name for _, name in entrants)
    pairs = [(i, j) for i in range(len(entrants)) for j in range(i + 1, len(entrants))]
    checked = [
        _checked(
            variant,
            entrants[i][0],
            entrants[j][0],
            deals,
            seed,
            None if records is None else Path(records) / f"{names[i]}-vs-{names[j]}",
            play,
        )
        for i, j in pairs
    ]
    matches: list[MatchResult] = []
    with open_backend(backend, workers, address) as runner:
        for (i, j), (rules, specs, _, count, first, folder, games) in zip(
            pairs, checked, strict=True
        ):
            match = _play_match(
                runner,
                rules,
                specs,
                (names[i], names[j]),
                count,
                first,
                folder,
                games,
                progress,
                matches,  # a MatchInterrupted carries the matches before it
            )
            matches.append(match)
    return TournamentResult(checked[0][0].name, names, tuple(matches), tuple(rate(names, matches)))


def rate(players: Sequence[str], matches: Sequence[MatchResult]) -> list[Rating]:
    """Ratings of the players from their matches' deals, strongest first (ties: as given)."""
    index = {name: k for k, name in enumerate(players)}
    k = len(players)
    wins = [[0.0] * k for _ in range(k)]  # wins[i][j]: deals i won against j
    played = [0] * k
    scored = [0.0] * k
    for match in matches:
        i, j = index[match.a], index[match.b]
        for margin in match.margins:
            share = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
            wins[i][j] += share
            wins[j][i] += 1 - share
            scored[i] += share
            scored[j] += 1 - share
        played[i] += match.n
        played[j] += match.n
        wins[i][j] += 0.5  # the virtual drawn deal
        wins[j][i] += 0.5
    ratings, errors = bradley_terry(wins)
    found = [
        Rating(name, ratings[n], errors[n], played[n], scored[n]) for n, name in enumerate(players)
    ]
    # Strongest first as the table shows them; a tie there keeps the order given.
    return sorted(found, key=lambda r: -shown_rating(r.rating))


def shown_rating(rating: float) -> int:
    """A rating in whole Elo points, as the table shows and ranks it.

    Rounded to a millionth first, so two players the fit rates alike (equal but for the
    float arithmetic's last bits) never round apart.
    """
    return round(round(rating, 6))


def bradley_terry(wins: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """Elo-scale ratings (mean 0) and their standard errors from a matrix of wins.

    Args:
        wins: ``wins[i][j]`` is how often ``i`` beat ``j`` (a draw is half to each); the
            players must be connected by games won both ways (add a virtual draw per pair).
    """
    k = len(wins)
    games = [[wins[i][j] + wins[j][i] for j in range(k)] for i in range(k)]
    total = [sum(row) for row in wins]
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(total[i] / denominator if denominator else strength[i])
        centre = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / centre for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(s) for s in strength]
    laplacian = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = games[i][j] * p * (1 - p)
                laplacian[i][j] -= w
                laplacian[i][i] += w
    # The pseudo-inverse of a connected graph's Laplacian: (L + J/k)^-1 - J/k.
    shifted = [[laplacian[i][j] + 1 / k for j in range(k)] for i in range(k)]
    inverse = _inverse(shifted)
    errors = [ELO * math.sqrt(max(inverse[i][i] - 1 / k, 0.0)) for i in range(k)]
    return [ELO * t for t in theta], errors


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting)."""
    k = len(matrix)
    rows = [
        [*map(float, row), *(1.0 if i == j else 0.0 for j in range(k))]
        for i, row in enumerate(matrix)
    ]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[k:] for row in rows]
