"""Checking one game: play it step by step and test every invariant at every step."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from pinochle import engine, scoring
from pinochle._words import counted
from pinochle.actions import (
    PLAYS,
    Action,
    Bid,
    Bury,
    CallMisdeal,
    CallRenege,
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
    ShareKitty,
    ShootTheMoon,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.auction import next_bid
from pinochle.cards import CARDS, Card, Rank, Suit, make_deck
from pinochle.checking._knowledge import (
    MARKER_IDS,
    behind_markers,
    collect_cards,
    every_card,
    knowable,
    public_ids,
    where_cards_are,
)
from pinochle.checking._players import choose, describe_error, hand_action_bound
from pinochle.checking._report import CheckHooks
from pinochle.engine import apply, bid_limit, legal_actions, new_game
from pinochle.errors import IllegalActionError, PinochleError
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.scoring._settle import HandFacts, settle_facts
from pinochle.state import CompletedTrick, Hand, Phase, State
from pinochle.tricks import card_points, deck_points, round_trick_points
from pinochle.variant import GameScoring, Partner, Variant

_EXTRA_ACCEPTED = 2  # listed actions tried per state besides the one played
_ILLEGAL_TRIED = 3  # illegal candidates tried per state
_COUNTERS = frozenset((Rank.ACE, Rank.TEN, Rank.KING))


class _FailedError(Exception):
    """An invariant failed at a state: the message and the record that shows it."""

    def __init__(self, message: str, record: GameRecord) -> None:
        super().__init__(message)
        self.message = message
        self.record = record


def _fail(message: str, state: State, *then: Action) -> _FailedError:
    record = record_of(state)
    return _FailedError(message, attrs.evolve(record, actions=(*record.actions, *then)))


class GameCheck:
    """One game under check: plays it and runs every invariant at each step."""

    def __init__(self, variant: Variant, seed: int, max_hands: int, hooks: CheckHooks) -> None:
        self.variant = variant
        self.seed = seed
        self.max_hands = max_hands
        self.observe = hooks.observe or engine.observe
        self.rng = random.Random(f"pinochle-check:{seed}")  # apart from the players' choices
        self.failed: dict[str, _FailedError] = {}
        self.hidden: dict[Any, Any] = {}  # see behind_markers
        self.states: list[State] = []
        self.indices: list[int] = []
        self.deck = Counter(make_deck(variant.deal.deck))
        self.deck_points = deck_points(variant)
        self.hand_bound = hand_action_bound(variant)

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
            self.failed[name] = _fail(f"raised {describe_error(exc)}", self.states[-1])

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
            index = choose(state, legal, rng)
            action = legal[index]
            try:
                after = apply(state, action)
            except Exception as exc:
                message = f"the listed action {action} was refused: {describe_error(exc)}"
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
        found = where_cards_are(state)
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
                message = f"the listed action {action} was refused: {describe_error(exc)}"
                raise _fail(message, state, action) from None
            if after.history is None or after.history[0] != action:
                raise _fail(f"{action} was accepted but not recorded", state, action)

    def _check_illegal(self, state: State) -> None:
        legal = legal_actions(state)
        candidates = _illegal_candidates(state)
        tried = [
            a
            for a in self.rng.sample(candidates, 2 * _ILLEGAL_TRIED)
            if a not in legal and not _a_renege(state, a)
        ]
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
                message = f"{action} raised {describe_error(exc)}, not IllegalActionError"
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
        hidden = behind_markers(state, seat, self.hidden)
        view = self.observe(hidden, seat)
        seen: list[Card] = []
        collect_cards(view, seen, public_ids(hidden))
        own = state.hands[seat]
        known: set[Card] | None = None
        for card in seen:
            hidden_card = id(card) in MARKER_IDS
            if not hidden_card and card in own:
                continue
            known = knowable(state, seat) if known is None else known
            if hidden_card or card not in known:
                path = next(p for p, c in every_card(view) if c is card)
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
        call = after.history[0] if after.history is not None else None
        if isinstance(call, CallRenege):
            # The kit plays only listed actions, so nobody reneged: every call is unproven.
            assert facts.bidder is not None  # a renege table needs an auction (variant checks)
            expected = scoring.settle_renege(
                self.variant,
                bidder=facts.bidder,
                bid=facts.bid,
                meld=facts.meld,
                offender=before.side_of(call.seat),
                caller=before.side_of(before.to_act),  # type: ignore[arg-type]
                proven=False,
            )
        else:
            expected = settle_facts(self.variant, facts)
        if after.is_over:  # the game's winner gains its checks on the last hand
            end = scoring.GameEnd(after.winner, after.game.target)
            expected = scoring.with_game_checks(self.variant, expected, end)
        number = after.game.last_hand.number if after.game.last_hand else "?"
        if result != expected:
            message = (
                f"hand {number}: the engine settled {result.scores} ({result.reason}), "
                f"settle_hand gives {expected.scores} ({expected.reason}) for {facts.keywords()}"
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
        hand = after.game.last_hand
        # A quadruple that wins (meld.quadruple_wins) ends the game whatever the scores.
        outright = {
            before.side_of(seat)
            for seat, meld in enumerate(hand.melds if hand is not None else ())
            if meld is not None and meld.wins is not None
        }
        if outright and not after.is_over:
            raise _fail(f"the game went on after side(s) {sorted(outright)} melded to win", after)
        if after.is_over:
            winner, target = after.winner, before.game.target
            reached = winner is not None and target is not None and scores[winner] >= target
            reached = reached or winner in outright
            if outright and winner not in outright:
                message = f"side {winner} won, but side(s) {sorted(outright)} melded to win"
                raise _fail(message, after)
            # The house endings: every trick taken, or the game's number of hands played.
            # A called pair takes every trick between them (rules/game-end#other-endings).
            tricks = after.game.last_tricks
            pair = {hand.bidder, _partner_seat(self.variant, hand, tricks)} if hand else set()
            takers = (
                {
                    "pair" if t.winner in pair else self.variant.side_of(hand.persons[t.winner])
                    for t in tricks
                }
                if hand
                else set()
            )
            swept = g.all_tricks_win and len(tricks) == self.variant.tricks_per_hand
            swept = swept and len(takers) == 1
            last = g.hands is not None and len(after.results) >= g.hands
            ended = fallen or reached or swept or last
            if winner is None or not ended or (g.scoring is GameScoring.CHIPS and not last):
                message = f"the game ended with scores {scores} and winner {winner}"
                raise _fail(message, after)
        elif fallen:
            raise _fail(f"the game went on with a side at {min(scores)} <= {g.lose_at}", after)
        elif g.slide_out is not None and after.results != before.results:
            self._check_no_slide_out(after, g.slide_out)

    def _check_no_slide_out(self, after: State, needed: int) -> None:
        """A game that goes on has no side slid out (rules/game-end#slide-out).

        That is a side alone over the target whose opponents failed ``game.slide_out`` bids.
        """
        target = after.game.target
        failed = scoring.failed_bids(after.results, self.variant.sides)
        scores = after.scores
        out = [
            i
            for i, score in enumerate(scores)
            if target is not None and score >= target and sum(failed) - failed[i] >= needed
        ]
        if len(out) == 1:
            message = (
                f"the game went on though side {out[0]} is over {target} and the others "
                f"failed {sum(failed) - failed[out[0]]} bids (game.slide_out = {needed})"
            )
            raise _fail(message, after)

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
                message = f"step {step + 1}: {counted(len(legal), 'action')} on scale {theirs}"
                raise _fail(message, played)
            state = apply(state, legal[index])
            if len(state.results) != len(played.results):
                settled = len(state.results)
                verb = "was" if settled == 1 else "were"
                message = f"on scale {theirs}, {counted(settled, 'hand')} {verb} settled"
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


# --- Illegal candidates -------------------------------------------------------------------


_ANY_STATE: tuple[Action, ...] = (
    Pass(),
    ThrowIn(),
    Concede(),
    PlayOn(),
    ShootTheMoon(),
    CallMisdeal(),
    KeepHand(),
    Draw(),
    ExchangeDix(),
    TakeTurnUp(),
    KeepDix(),
    *(NameTrump(suit) for suit in Suit),
    *PLAYS,
)


def _a_renege(state: State, action: Action) -> bool:
    """A held card played against the duty, which ``renege.accept`` takes as a renege."""
    return (
        state.variant.renege.accept
        and state.phase is Phase.TRICKS
        and isinstance(action, Play)
        and state.to_act is not None
        and action.card in state.hands[state.to_act]
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
        # A share short of the kitty, with a card the kitty lacks, or the kitty twice.
        *(ShareKitty(cards) for cards in (hand.kitty[1:], (absent, *hand.kitty[1:]))),
        ShareKitty(hand.kitty * 2),
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


def _facts(before: State, after: State) -> HandFacts:
    """The facts of the hand just settled, from what happened (not from the engine's own)."""
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
    checks = [0] * n
    for seat, laid in enumerate(hand.melds):
        if laid is not None:
            checks[before.side_of(seat)] += laid.checks
    return HandFacts(
        bidder=bidder,
        bid=hand.bid,
        meld=tuple(meld),
        points=tuple(_won(before, hand, tricks)) if played else None,
        tricks=tuple(count) if played else None,
        counters=tuple(counters) if played else None,
        nines_only=tuple(k == {"dix"} for k in kinds),
        thrown_in=thrown_in,
        no_marriage=bidder is not None and not played and not thrown_in and hand.trump is None,
        trump=hand.trump,
        conceded=conceded,
        checks=tuple(checks) if variant.checks.played else None,
        moon=hand.moon,
        partner=_partner_fact(before, hand, tricks),
    )


def _partner_fact(before: State, hand: Hand, tricks: Sequence[CompletedTrick]) -> int | None:
    """The called partner's side (five hands), or None."""
    seat = _partner_seat(before.variant, hand, tricks)
    return before.side_of(seat) if seat is not None else None


def _partner_seat(variant: Variant, hand: Hand, tricks: Sequence[CompletedTrick]) -> int | None:
    """The called partner's seat (five hands): the first other player of the called card.

    Read from the tricks as played, not from `Hand.partner` (rules/deck-and-deal#five-hands).
    An asked card (rules/deck-and-deal#two-winners): the first other holder of a copy in the
    hands as dealt, asking from the bidder's right (the seat before it) round.
    """
    if hand.called is None:
        return None
    if variant.deal.partner is Partner.ASKED and hand.bidder is not None:
        players = len(hand.dealt)
        for k in range(1, players):
            seat = (hand.bidder - k) % players
            if hand.called in hand.dealt[seat]:
                return seat
        return None
    for trick in tricks:
        for seat, card in trick.plays:
            if card == hand.called and seat != hand.bidder:
                return seat
    return None
