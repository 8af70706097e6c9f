"""Check that a profile makes a game that works: `check_variant` and its `CheckReport`.

`check_variant` plays seeded random legal games under a profile and checks, at every
step, every invariant the engine promises (see `CHECKS`); it reports what held and, for
what failed, the shortest prefix of the failing game as a `GameRecord`. It needs no
hypothesis, so the ``pinochle check`` command can run it; `pinochle.testing` re-exports
it for test suites.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle import engine, scoring
from pinochle.actions import (
    PLAYS,
    Action,
    Bid,
    Bury,
    CallMisdeal,
    Concede,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.arguments import number
from pinochle.auction import next_bid
from pinochle.cards import CARDS, Card, Rank, Suit, make_deck
from pinochle.engine import apply, bid_limit, legal_actions, new_game
from pinochle.errors import IllegalActionError, PinochleError, VariantError
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.scoring import HandResult
from pinochle.state import Game, Hand, Observation, Phase, State
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import CountingMethod, GameScoring, PassingOrder, Variant, load_variant

__all__ = [
    "CHECKS",
    "CheckHooks",
    "CheckReport",
    "CheckResult",
    "Failure",
    "check_variant",
    "play_problem",
    "play_random_game",
]

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

_KEPT = 3  # failures kept per check (each holds a record); all are counted
_EXTRA_ACCEPTED = 2  # listed actions tried per state besides the one played
_ILLEGAL_TRIED = 3  # illegal candidates tried per state
_COUNTERS = frozenset((Rank.ACE, Rank.TEN, Rank.KING))


# --- The random players -------------------------------------------------------------------


def _choose(state: State, legal: Sequence[Action], rng: random.Random) -> int:
    """The index of a cautious random player's action.

    In the auction it passes three times in four, else makes the lowest bid (uniform bids
    are absurd and the hand is never played); elsewhere any legal action, uniformly.
    """
    if state.phase is Phase.AUCTION:
        can_pass = isinstance(legal[0], Pass)
        if can_pass and rng.random() < 0.75:
            return 0
        return 1 if can_pass and len(legal) > 1 else 0  # the lowest bid (or the pass)
    return rng.randrange(len(legal))


def play_random_game(variant: Variant | str, seed: int, *, max_hands: int = 100) -> list[State]:
    """Every state of one random but reproducible game, the dealt state first.

    The game is dealt from ``seed`` and played by seeded random players who bid cautiously
    (pass three times in four, else the lowest bid) and otherwise choose uniformly among
    their legal actions. Plain Python, not a hypothesis strategy: for tests that walk a whole
    game. `check_variant` plays the same games.

    Args:
        variant: The profile (a `Variant` or a built-in name or file).
        seed: The game's seed; the players' choices are drawn from it too.
        max_hands: Stop when this many deals have been dealt (redeals count), even if nobody
            has won: random players can wander a long time under a profile without a floor.

    Returns:
        The states in order; the last one is over, or starts deal number ``max_hands``.
    """
    v = load_variant(variant) if isinstance(variant, str) else variant
    rng = random.Random(seed)
    state = new_game(v, seed)
    states = [state]
    while not state.is_over and state.hand.number < max_hands:
        legal = legal_actions(state)
        state = apply(state, legal[_choose(state, legal, rng)])
        states.append(state)
    return states


def _hand_action_bound(variant: Variant) -> int:
    """More actions than any hand can take under the profile with cautious random players.

    Every bid up to a thousand (cautious players rarely raise; a profile may allow a
    million bids), a pass each, and for each card a play, a draw and a meld turn's few
    declarations. A hand that takes more has hung.
    """
    bids = (bid_limit(variant) - variant.bidding.minimum) // max(variant.bidding.step, 1)
    return min(bids, 1000) + 2 * variant.deal.players + 6 * variant.deck_size + 10


def play_problem(
    variant: Variant, *, games: int = 3, seed: int = 0, max_hands: int = 3
) -> str | None:
    """Why a profile cannot be played, from a few short random games, or None if it can.

    Plays ``games`` games (seeds ``seed``, ``seed + 1``, ...) as `play_random_game` does,
    each until it is over or ``max_hands`` deals have been dealt. A game fails if the engine
    raises, offers no action before the end, or lets a hand run on for more actions than
    any hand can take (a hang). Much quicker than `check_variant`, which checks every
    invariant: ``pinochle variants check`` runs it on every profile it validates.

    Args:
        variant: The profile.
        games: How many games to play.
        seed: The first game's seed.
        max_hands: Stop a game after this many deals.

    Returns:
        None when every game ended or reached the hand cap; else what went wrong, where.
    """
    bound = _hand_action_bound(variant)
    for game in range(games):
        game_seed = seed + game
        rng = random.Random(game_seed)
        where = f"game {game + 1} (seed {game_seed})"
        try:
            state = new_game(variant, game_seed)
            actions = 0
            while not state.is_over and state.hand.number < max_hands:
                legal = legal_actions(state)
                if not legal:
                    hand = state.hand.number + 1
                    return f"{where}, hand {hand}: no legal action in {state.phase}"
                after = apply(state, legal[_choose(state, legal, rng)])
                actions = 0 if after.hand.number != state.hand.number else actions + 1
                if actions > bound:
                    return (
                        f"{where}, hand {after.hand.number + 1}: still going after {bound} "
                        f"actions, in {after.phase}"
                    )
                state = after
        except Exception as exc:  # any crash of the engine is the finding
            return f"{where}: the engine raised {_describe(exc)}"
    return None


# --- The report ----------------------------------------------------------------------------


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
            f"{self.check}: game {self.game} (seed {self.seed}), after {steps} actions: "
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
        """The result of the invariant called ``name``."""
        for check in self.checks:
            if check.name == name:
                return check
        raise KeyError(name)

    def summary(self) -> str:
        """The report as text: a headline, one line per invariant, then the failures."""
        failed = [c for c in self.checks if not c.ok]
        held = "every invariant held" if not failed else f"{len(failed)} invariant(s) failed"
        lines = [
            f"{self.variant.name}: {self.games} games from seed {self.seed}, at most "
            f"{self.max_hands} hands each: {held}"
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
        return "\n".join(lines)

    def raise_if_failed(self) -> None:
        """Do nothing if every invariant held, else fail with the summary and a record.

        Raises:
            AssertionError: An invariant failed; the message is the summary followed by the
                JSON record of the first failure (save it and `replay` it to reproduce).
        """
        if self.ok:
            return
        first = self.failures[0]
        raise AssertionError(
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
        settle: Replaces the engine's `pinochle.settle_hand` (same signature) while the check
            runs. It patches the engine module, so do not play other games in other threads
            meanwhile.
        observe: Replaces `pinochle.observe` in the observation check.
    """

    settle: Callable[..., HandResult] | None = None
    observe: Callable[[State, int], Observation] | None = None


# --- Checking one game ---------------------------------------------------------------------


class _FailedError(Exception):
    """An invariant failed at a state: the message and the record that shows it."""

    def __init__(self, message: str, record: GameRecord) -> None:
        super().__init__(message)
        self.message = message
        self.record = record


def _fail(message: str, state: State, *then: Action) -> _FailedError:
    record = record_of(state)
    return _FailedError(message, attrs.evolve(record, actions=(*record.actions, *then)))


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class _Game:
    """One game under check: plays it and runs every invariant at each step."""

    def __init__(self, variant: Variant, seed: int, max_hands: int, hooks: CheckHooks) -> None:
        self.variant = variant
        self.seed = seed
        self.max_hands = max_hands
        self.observe = hooks.observe or engine.observe
        self.rng = random.Random(f"pinochle-check:{seed}")  # apart from the players' choices
        self.failed: dict[str, _FailedError] = {}
        self.hidden: dict[Any, Any] = {}  # see _behind_markers
        self.states: list[State] = []
        self.indices: list[int] = []
        self.deck = Counter(make_deck(variant.deal.deck))
        self.deck_points = deck_points(variant)
        self.hand_bound = _hand_action_bound(variant)

    def run(self, checks: Sequence[str]) -> None:
        """Play the game, checking at every step; then replay it and switch its scale."""
        self._play()
        self._run("record-replay", self._check_replay)
        if "scale-switch" in checks:
            self._run("scale-switch", self._check_scale)

    def _run(self, name: str, check: Callable[..., None], *states: State) -> None:
        """Run one invariant's check unless it already failed in this game."""
        if name in self.failed:
            return
        try:
            check(*states)
        except _FailedError as failed:
            self.failed[name] = failed
        except Exception as exc:  # a crash in the engine is a failure too
            self.failed[name] = _fail(f"raised {_describe(exc)}", self.states[-1])

    def _play(self) -> None:
        rng = random.Random(self.seed)  # the players of play_random_game
        state = new_game(self.variant, self.seed)
        self.states.append(state)
        actions_this_hand = 0
        while True:
            self._step_checks(state)
            if state.is_over or state.hand.number >= self.max_hands:
                return
            legal = legal_actions(state)
            if not legal:
                return  # reported by the legal-actions check
            index = _choose(state, legal, rng)
            action = legal[index]
            try:
                after = apply(state, action)
            except Exception as exc:
                message = f"the listed action {action} was refused: {_describe(exc)}"
                self.failed.setdefault("legal-actions", _fail(message, state, action))
                return
            self.indices.append(index)
            self.states.append(after)
            if len(after.results) > len(state.results):
                self._run("deck-totals", self._check_deck, state, after)
                self._run("settlement", self._check_settlement, state, after)
                self._run("termination", self._check_game_end, state, after)
            actions_this_hand = 0 if after.hand.number != state.hand.number else actions_this_hand
            actions_this_hand += 1
            if actions_this_hand > self.hand_bound:
                message = f"hand {after.hand.number} has gone on for {self.hand_bound} actions"
                self.failed.setdefault("termination", _fail(message, after))
                return
            state = after

    def _step_checks(self, state: State) -> None:
        self._run("conservation", self._check_cards, state)
        self._run("legal-actions", self._check_legal, state)
        self._run("illegal-actions", self._check_illegal, state)
        self._run("observations", self._check_observation, state)

    # --- Per step

    def _check_cards(self, state: State) -> None:
        found = _where_cards_are(state)
        if found != self.deck:
            extra = sorted(map(str, (found - self.deck).elements()))
            missing = sorted(map(str, (self.deck - found).elements()))
            raise _fail(
                f"in {state.phase}: cards made {extra or 'none'}, lost {missing or 'none'}", state
            )
        for seat, table in enumerate(state.hand.table):
            off = Counter(table) - Counter(state.hands[seat])
            if off:
                raise _fail(f"seat {seat} has {sorted(map(str, off))} on the table only", state)

    def _check_legal(self, state: State) -> None:
        legal = legal_actions(state)
        if bool(legal) is state.is_over:
            words = "offers actions after" if state.is_over else "offers no action before"
            raise _fail(f"in {state.phase}: the engine {words} the game is over", state)
        if (state.to_act is None) is not state.is_over:
            raise _fail(f"in {state.phase}: to_act is {state.to_act}", state)
        if isinstance(legal, tuple) and len(set(legal)) != len(legal):
            twice = [str(a) for a, n in Counter(legal).items() if n > 1]
            raise _fail(f"in {state.phase}: {twice} listed more than once", state)
        if not legal:
            return
        for index in self.rng.sample(range(len(legal)), min(_EXTRA_ACCEPTED, len(legal))):
            action = legal[index]
            try:
                after = apply(state, action)
            except Exception as exc:
                message = f"the listed action {action} was refused: {_describe(exc)}"
                raise _fail(message, state, action) from None
            if after.history is None or after.history[0] != action:
                raise _fail(f"{action} was accepted but not recorded", state, action)

    def _check_illegal(self, state: State) -> None:
        legal = legal_actions(state)
        candidates = _illegal_candidates(state)
        tried = [a for a in self.rng.sample(candidates, 2 * _ILLEGAL_TRIED) if a not in legal]
        before = attrs.astuple(state, recurse=False)[:-1]  # all but the legal-action cache
        listed = len(legal)
        for action in tried[:_ILLEGAL_TRIED]:
            try:
                apply(state, action)
            except IllegalActionError as exc:
                if exc.action != str(action) or not exc.reason:
                    message = f"{action} was refused without its text and a reason: {exc!r}"
                    raise _fail(message, state) from None
            except Exception as exc:
                message = f"{action} raised {_describe(exc)}, not IllegalActionError"
                raise _fail(message, state) from None
            else:
                raise _fail(f"the illegal action {action} was accepted in {state.phase}", state)
        after = attrs.astuple(state, recurse=False)[:-1]
        if any(a is not b for a, b in zip(before, after, strict=True)) or (
            len(legal_actions(state)) != listed
        ):
            raise _fail(f"refusing {', '.join(map(str, tried))} changed the state", state)

    def _check_observation(self, state: State) -> None:
        seat = len(self.states) % self.variant.deal.players  # a different seat at each step
        hidden = _behind_markers(state, seat, self.hidden)
        view = self.observe(hidden, seat)
        seen: list[Card] = []
        _collect_cards(view, seen, _public(hidden))
        own = state.hands[seat]
        known: set[Card] | None = None
        for card in seen:
            hidden_card = id(card) in _MARKER_IDS
            if not hidden_card and card in own:
                continue
            known = _knowable(state, seat) if known is None else known
            if hidden_card or card not in known:
                path = next(p for p, c in _every_card(view) if c is card)
                words = "a hidden" if hidden_card else "a card it cannot know,"
                raise _fail(f"seat {seat} sees {words} {card} at {path}", state)
        if view.hand != own:
            raise _fail(f"seat {seat} is shown {view.hand} as its hand", state)

    # --- Per settlement

    def _check_deck(self, before: State, after: State) -> None:
        variant = self.variant
        hand, tricks = after.game.last_hand, after.game.last_tricks
        assert hand is not None
        if len(tricks) != variant.tricks_per_hand:
            return  # not played: nothing was counted
        last = len(tricks) - 1
        for i, trick in enumerate(tricks):
            counted = card_points([c for _, c in trick.plays], variant)
            counted += variant.counting.last_trick if i == last else 0
            if trick.points != counted:
                message = f"hand {hand.number}, trick {i + 1}: {trick.points} points, not {counted}"
                raise _fail(message, after)
        buried = card_points(hand.buried, variant)
        total = sum(t.points for t in tricks) + buried
        if total != self.deck_points:
            message = (
                f"hand {hand.number}: the tricks and buried cards hold {total} points, "
                f"the deck {self.deck_points}"
            )
            raise _fail(message, after)
        won = _won(before, hand, tricks)
        settled = tuple(side.points for side in after.results[-1].sides)
        expected = tuple(round_trick_points(p, variant) for p in won)
        if settled != expected:
            message = (
                f"hand {hand.number}: the sides were credited {settled} trick points for "
                f"tricks worth {expected}"
            )
            raise _fail(message, after)

    def _check_settlement(self, before: State, after: State) -> None:
        result = after.results[-1]
        facts = _facts(before, after)
        expected = scoring.settle_hand(self.variant, **facts)
        number = after.game.last_hand.number if after.game.last_hand else "?"
        if result != expected:
            message = (
                f"hand {number}: the engine settled {result.scores} ({result.reason}), "
                f"settle_hand gives {expected.scores} ({expected.reason}) for {facts}"
            )
            raise _fail(message, after)
        added = tuple(s + d for s, d in zip(before.scores, result.scores, strict=True))
        if after.scores != added or after.results[:-1] != before.results:
            message = f"hand {number}: scores {before.scores} + {result.scores} gave {after.scores}"
            raise _fail(message, after)

    def _check_game_end(self, before: State, after: State) -> None:
        g = self.variant.game
        scores = after.scores
        fallen = g.lose_at is not None and min(scores) <= g.lose_at
        if after.is_over:
            winner, target = after.winner, before.game.target
            reached = winner is not None and target is not None and scores[winner] >= target
            if g.scoring is GameScoring.CHIPS or winner is None or not (fallen or reached):
                message = f"the game ended with scores {scores} and winner {winner}"
                raise _fail(message, after)
        elif fallen:
            raise _fail(f"the game went on with a side at {min(scores)} <= {g.lose_at}", after)

    # --- Per game

    def _check_replay(self) -> None:
        final = self.states[-1]
        record = record_of(final)
        again = GameRecord.from_json(record.to_json())
        if again != record:
            raise _fail("the record changed in a JSON round trip", final)
        replayed = replay_states(again)
        for state in self.states:
            try:
                twin = next(replayed, None)
            except PinochleError as exc:
                raise _fail(f"the record does not replay: {exc}", state) from None
            if twin != state:
                raise _fail("the replayed state differs from the played one", state)

    def _check_scale(self) -> None:
        variant = self.variant
        other = variant.with_scale(10 if variant.scale == 1 else 1)
        chips = variant.game.scoring is GameScoring.CHIPS
        mine, theirs = variant.scale, other.scale

        def scaled(a: Sequence[int], b: Sequence[int]) -> bool:
            return [x * theirs for x in a] == [y * mine for y in b]

        def same(a: Sequence[int], b: Sequence[int]) -> bool:  # chips do not scale
            return tuple(a) == tuple(b) if chips else scaled(a, b)

        state = new_game(other, self.seed)
        previous = None
        for step, (played, index) in enumerate(zip(self.states[1:], self.indices, strict=False)):
            legal = legal_actions(state)
            if index >= len(legal):
                message = f"step {step + 1}: {len(legal)} actions on scale {theirs}"
                raise _fail(message, played)
            state = apply(state, legal[index])
            if len(state.results) != len(played.results):
                message = f"on scale {theirs}, {len(state.results)} hands were settled"
                raise _fail(message, played)
            if state.results and state.results[-1] is not previous:
                a, b = played.results[-1], state.results[-1]
                if not (scaled([a.bid], [b.bid]) and same(a.scores, b.scores)):
                    message = (
                        f"hand {len(state.results) - 1} scores bid {b.bid}: {b.scores} on "
                        f"scale {theirs}, bid {a.bid}: {a.scores} on scale {mine}"
                    )
                    raise _fail(message, played)
                previous = b
            if state.is_over is not played.is_over or not same(played.scores, state.scores):
                message = f"on scale {theirs} the scores are {state.scores}, over: {state.is_over}"
                raise _fail(message, played)


# --- Where the cards are, and who may know them -------------------------------------------


def _where_cards_are(state: State) -> Counter[Card]:
    """Every card of the state, each place counted once (table cards are in the hands)."""
    hand = state.hand
    found = Counter(c for cards in state.hands for c in cards)
    found.update(c for _, c in state.trick)
    found.update(c for trick in state.tricks for _, c in trick.plays)
    if state.phase in (Phase.MISDEAL, Phase.AUCTION):  # later the kitty is the bidder's
        found.update(hand.kitty)
    found.update(hand.buried)
    found.update(hand.stock)
    if hand.turn_up is not None:
        found[hand.turn_up] += 1
    return found


def _partners_of_the_pass(hand: Hand) -> tuple[int, ...]:
    return (
        () if hand.bidder is None or not hand.passed_cards else (hand.bidder, (hand.bidder + 2) % 4)
    )


def _passed_hidden_from_bidder(state: State) -> bool:
    """Simultaneous passing: the bidder chooses without seeing the partner's cards."""
    return state.phase is Phase.RETURN and state.variant.passing.order is PassingOrder.SIMULTANEOUS


def _kitty_known(state: State, seat: int) -> bool:
    hand = state.hand
    taken = state.phase is not Phase.AUCTION and hand.bidder is not None
    return taken and (state.variant.kitty.shown or seat == hand.bidder)


# One stand-in per card: equal to it, but an object no state ever holds.
_MARKERS = tuple(Card(c.suit, c.rank) for c in CARDS)
_MARKER_IDS = frozenset(map(id, _MARKERS))


def _behind_markers(state: State, seat: int, cache: dict[tuple[int, int], Any]) -> State:
    """The state with every card ``seat`` may not know replaced by its marker (`_MARKERS`).

    Hidden are the other seats' hands and deals, the stock, the kitty until it is shown,
    the buried cards and the passed cards (unless the seat took part), and the whole of the
    previous hand but the seat's own deal. An observation that takes public cards from
    public places (tricks, meld, table) holds no marker. ``cache`` keeps the hidden hand
    and game between steps (they change a few times a hand).
    """

    def mark(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(_MARKERS[c.index] for c in cards)

    def others(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards if s == seat else mark(cards) for s, cards in enumerate(hands))

    def hide(hand: Hand, current: bool) -> Hand:
        passing = current and seat in _partners_of_the_pass(hand)
        sees_passed = passing and not (seat == hand.bidder and _passed_hidden_from_bidder(state))
        return attrs.evolve(
            hand,
            dealt=others(hand.dealt),
            stock=mark(hand.stock),
            buried=hand.buried if current and seat == hand.bidder else mark(hand.buried),
            kitty=hand.kitty if current and _kitty_known(state, seat) else mark(hand.kitty),
            passed_cards=hand.passed_cards if sees_passed else mark(hand.passed_cards),
            returned_cards=hand.returned_cards if passing else mark(hand.returned_cards),
        )

    def hide_game(game: Game) -> Game:
        return attrs.evolve(
            game,
            start_hands=others(game.start_hands) if game.start_hands is not None else None,
            last_hand=hide(game.last_hand, False) if game.last_hand is not None else None,
        )

    def cached(value: Any, make: Callable[[Any], Any], key: Any) -> Any:
        # Keyed by id: the value is kept with its stand-in, so the id is not reused.
        entry = cache.get(key)
        if entry is None or entry[0] is not value:
            entry = cache[key] = (value, make(value))
        return entry[1]

    kitty_known = _kitty_known(state, seat)
    hand = cached(state.hand, lambda h: hide(h, True), (id(state.hand), seat, kitty_known))
    game = cached(state.game, hide_game, (id(state.game), seat))
    return attrs.evolve(state, hands=others(state.hands), hand=hand, game=game, legal_cache=None)


def _knowable(state: State, seat: int) -> set[Card]:
    """The cards ``seat`` may know, by value.

    They are its own, the played ones, shown meld and table cards, the turn-up, the kitty
    once shown, its buried cards, and the cards passed to or by it.
    """
    hand = state.hand
    known = set(state.hands[seat]) | set(hand.dealt[seat])
    known.update(c for _, c in state.trick)
    for trick in (*state.tricks, *state.game.last_tricks):
        known.update(c for _, c in trick.plays)
    for meld in hand.melds:
        if meld is not None:
            known.update(c for item in meld.items for c in item.cards)
    for shown in hand.shown:
        known.update(c for m in shown for c in m.cards)
    known.update(c for table in hand.table for c in table)
    known.update(c for c in (hand.turn_up, hand.turned_up) if c is not None)
    if _kitty_known(state, seat):
        known.update(hand.kitty)
    if seat == hand.bidder:
        known.update(hand.buried)
    if seat in _partners_of_the_pass(hand):
        known.update(hand.returned_cards)
        if seat != hand.bidder or not _passed_hidden_from_bidder(state):
            known.update(hand.passed_cards)
    return known


_NO_CARDS = frozenset({"variant", "results"})  # fields that hold no card (and are large)
_ATOMS = (bool, int, float, str, enum.Enum)


@functools.cache
def _field_names(kind: Any) -> tuple[str, ...]:
    fields: Any = attrs.fields(kind)
    return tuple(f.name for f in fields if f.name not in _NO_CARDS)


def _fields(value: object) -> tuple[str, ...]:
    """The names of an attrs value's fields that may hold cards."""
    kind: Any = type(value)
    return _field_names(kind)


def _public(state: State) -> frozenset[int]:
    """The ids of the state's public values: an observation may pass them on as they are.

    They hold only cards every seat knows (tricks, laid meld, the two-hand table), so the
    walk need not enter them; a copy rebuilt from elsewhere is walked like anything else.
    """
    hand = state.hand
    values = (state.trick, state.tricks, state.game.last_tricks, hand.melds, hand.table)
    return frozenset(map(id, (*values, hand.shown)))


def _collect_cards(value: object, out: list[Card], skip: frozenset[int]) -> None:
    """Append every card in ``value`` to ``out``, but none in the values ``skip`` names."""
    if id(value) in skip:
        return
    if isinstance(value, tuple | list):
        for item in value:
            kind = type(item)
            if kind is Card:
                out.append(item)
            elif kind is not int:
                _collect_cards(item, out, skip)
    elif type(value) is Card:
        out.append(value)
    elif value is None or isinstance(value, _ATOMS):
        return
    elif isinstance(value, Play):  # shared, slotted objects
        out.append(value.card)
    elif attrs.has(type(value)):
        for name in _fields(value):
            _collect_cards(getattr(value, name), out, skip)
    elif not isinstance(value, Sequence):  # a lazy Sequence: choices of the seat's own cards
        raise TypeError(f"cannot look inside {type(value).__name__}")


def _every_card(value: object, path: str = "observation") -> Iterator[tuple[str, Card]]:
    """Every card in ``value`` with its path (slow: to name where a bad card is)."""
    if isinstance(value, Card):
        yield path, value
    elif isinstance(value, tuple | list):
        for i, item in enumerate(value):
            yield from _every_card(item, f"{path}[{i}]")
    elif isinstance(value, Play):
        yield f"{path}.card", value.card
    elif attrs.has(type(value)):
        for name in _fields(value):
            yield from _every_card(getattr(value, name), f"{path}.{name}")


# --- Illegal candidates -------------------------------------------------------------------


_ANY_STATE: tuple[Action, ...] = (
    Pass(),
    ThrowIn(),
    Concede(),
    PlayOn(),
    CallMisdeal(),
    KeepHand(),
    Draw(),
    ExchangeDix(),
    TakeTurnUp(),
    KeepDix(),
    *(NameTrump(suit) for suit in Suit),
    *PLAYS,
)


def _illegal_candidates(state: State) -> list[Action]:
    """Actions of every kind, most of them illegal in any one state.

    Cards not held or not allowed, bids off the grid or out of range, the wrong number of
    cards to pass or bury, melds not held, and the actions of other phases.
    """
    variant, hand = state.variant, state.hand
    held = state.hands[state.to_act] if state.to_act is not None else ()
    absent = next((c for c in CARDS if c not in held), CARDS[0])
    n = variant.passing.cards or 3
    step = variant.bidding.step
    following = next_bid(variant, hand.bid if hand.bidder is not None else None) or 0
    amounts = (0, variant.bidding.minimum - 1, bid_limit(variant) + step, hand.bid, following - 1)
    groups = (held[: n - 1], held[: n + 1], (*held[: n - 1], absent), held[:1] * n)
    return [
        *_ANY_STATE,
        *(Bid(a) for a in amounts),
        *(PassCards(cards) for cards in groups),
        *(Bury(cards) for cards in groups),
        Declare("run", tuple(held[:3])),
        Declare("pinochle", (absent, absent)),
    ]


# --- The facts of a hand ------------------------------------------------------------------


def _won(before: State, hand: Hand, tricks: Sequence[Any]) -> list[int]:
    """Each side's trick points, the buried cards counted for the bidder where they count."""
    variant = before.variant
    won = [0] * variant.sides
    for trick in tricks:
        won[before.side_of(trick.winner)] += trick.points
    if hand.bidder is not None and variant.kitty.buried_count:
        won[before.side_of(hand.bidder)] += card_points(hand.buried, variant)
    return won


def _facts(before: State, after: State) -> dict[str, Any]:
    """The facts of the hand just settled, from what happened, as settle_hand keywords."""
    variant = before.variant
    hand, tricks = after.game.last_hand, after.game.last_tricks
    assert hand is not None
    n = variant.sides
    played = len(tricks) == variant.tricks_per_hand
    meld, kinds = [0] * n, [set[str]() for _ in range(n)]
    for seat, points in enumerate(hand.meld_points):  # two-hand: meld scored as declared
        meld[before.side_of(seat)] += points
    for seat, shown in enumerate(hand.shown):
        kinds[before.side_of(seat)].update(m.kind for m in shown)
    for seat, laid in enumerate(hand.melds):
        if laid is not None:
            meld[before.side_of(seat)] += laid.total
            kinds[before.side_of(seat)].update(item.name for item in laid.items)
    count, counters = [0] * n, [False] * n
    for i, trick in enumerate(tricks):
        side = before.side_of(trick.winner)
        count[side] += 1
        last = i == len(tricks) - 1
        counters[side] |= last or any(c.rank in _COUNTERS for _, c in trick.plays)
    thrown_in = after.history is not None and isinstance(after.history[0], ThrowIn)
    conceded = after.history is not None and isinstance(after.history[0], Concede)
    bidder = before.side_of(hand.bidder) if hand.bidder is not None else None
    return {
        "bidder": bidder,
        "bid": hand.bid,
        "meld": tuple(meld),
        "points": tuple(_won(before, hand, tricks)) if played else None,
        "tricks": tuple(count) if played else None,
        "counters": tuple(counters) if played else None,
        "nines_only": tuple(k == {"dix"} for k in kinds),
        "thrown_in": thrown_in,
        "no_marriage": bidder is not None and not played and not thrown_in and hand.trump is None,
        "trump": hand.trump,
        "conceded": conceded,
    }


# --- The whole check ----------------------------------------------------------------------


def _scale_note(variant: Variant) -> str:
    """Why the scale switch does not apply to the profile ("" when it does)."""
    if variant.counting.method is not CountingMethod.COUNTERS:
        return f"{variant.counting.method.value} counting exists on the tens scale only"
    try:
        variant.with_scale(10 if variant.scale == 1 else 1)
    except VariantError as exc:
        return f"no other scale: {exc}"
    return ""


def check_variant(
    variant: Variant,
    *,
    games: int = 200,
    seed: int = 0,
    max_hands: int = 20,
    progress: Callable[[int, int], None] | None = None,
    _hooks: CheckHooks | None = None,
) -> CheckReport:
    """Play random legal games under a profile and check every invariant of `CHECKS`.

    Game ``i`` is ``play_random_game(variant, seed + i, max_hands=max_hands)``: dealt from
    its seed and played by seeded random players who bid cautiously, so most hands are
    played. At every step the kit also tries a few other listed actions and a few illegal
    ones, and looks at one seat's observation; at every settlement it counts the deck and
    settles the hand again; at the end it replays the game's record, and (counters profiles)
    plays the same game, action for action, on the other scale. A run is reproducible.

    Args:
        variant: The profile.
        games: How many games to play.
        seed: The first game's seed.
        max_hands: Stop a game after this many deals (chip games never end; random players
            may wander under a profile without a floor). Such games are reported, not failed.
        progress: Called with (games done, games) after each game.
        _hooks: Broken rules, for testing the kit itself (see `CheckHooks`).

    Returns:
        What held and what failed, with a reproducing record for each failure.

    Raises:
        ArgumentError: ``games`` or ``max_hands`` is not a positive whole number.
    """
    number("games", games, 1)
    number("max_hands", max_hands, 1)
    hooks = _hooks or CheckHooks()
    scale_note = _scale_note(variant)
    names = [name for name in CHECKS if name != "scale-switch" or not scale_note]
    tally: dict[str, list[Failure]] = {name: [] for name in CHECKS}
    failed = Counter[str]()
    ended = 0
    patch: contextlib.AbstractContextManager[object] = contextlib.nullcontext()
    if hooks.settle is not None:
        patch = _patched(engine, "settle_hand", hooks.settle)
    with patch:
        for i in range(games):
            game = _Game(variant, seed + i, max_hands, hooks)
            game.run(names)
            ended += game.states[-1].is_over
            for name, problem in game.failed.items():
                failed[name] += 1
                if len(tally[name]) < _KEPT:
                    tally[name].append(Failure(name, i, seed + i, problem.message, problem.record))
            if progress is not None:
                progress(i + 1, games)
    results = []
    for name, description in CHECKS.items():
        if name not in names:
            results.append(CheckResult(name, description, 0, 0, note=scale_note))
            continue
        note = f"{ended} ended, {games - ended} stopped at the cap" if name == "termination" else ""
        passed = games - failed[name]
        results.append(
            CheckResult(name, description, passed, failed[name], tuple(tally[name]), note)
        )
    return CheckReport(variant, games, seed, max_hands, tuple(results))


@contextlib.contextmanager
def _patched(module: object, name: str, value: object) -> Iterator[None]:
    """Set a module attribute for the duration, then put the old one back."""
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)
