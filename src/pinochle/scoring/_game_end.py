"""The game's end (rules/game-end): whether the running totals end the game, and who won.

A meld that wins the game outright (``meld.quadruple_wins``: a quadruple run, royal
marriage or pinochle) ends it first, whatever the scores. A chip game never ends by
score. Otherwise, in this order: a side at or below
``game.lose_at`` loses, and the best of the others wins; a side at or above the target
(``game.target``, or the raised one in force) wins, counting only the bidders under
``game.bid_and_out``. When several sides reach it, ``game.both_reach`` decides: the
bidders win when they are among them (``"bidder-wins"``, ``"bidder-first"``), the target rises by
``game.raise_target_by`` and play goes on (``"raise-target"``), or the higher score wins,
with another hand after a tie.

Two house endings come before and after those: under ``game.all_tricks_win`` ("pinochling")
a side that took every trick of the hand wins at once, from any score; under ``game.hands``
the game ends once that many hands are settled, if nobody won sooner, and the highest
score wins (a tie plays on, hand by hand, until it is broken).

Under ``game.bid_and_out``, ``game.slide_out`` ("slide-out") lets a side at or over the
target win without bidding once the other sides have failed that many bids in the game
(`failed_bids` counts them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pinochle.scoring._results import GameEnd, HandResult, Outcome
from pinochle.variant import BothReach, GameScoring, Variant


def game_end(
    variant: Variant,
    scores: Sequence[int],
    *,
    bidder: int | None,
    target: int | None = None,
    hands: int | None = None,
    swept: int | None = None,
    outright: int | None = None,
    winning_meld: str = "a quadruple",
    failed: Sequence[int] | None = None,
) -> GameEnd:
    """Whether the game is over after a hand, and who won.

    Args:
        variant: The rules.
        scores: Every side's running total after the hand.
        bidder: The side that bid this hand (None without an auction).
        target: The target in force (default ``game.target``; it may have risen).
        hands: How many hands the game has settled, this one included (for
            ``game.hands``; None: not counted).
        swept: The side that took every trick of this hand, if one did (for
            ``game.all_tricks_win``).
        outright: The side that melded a quadruple that wins the game outright
            (``meld.quadruple_wins``; `Meld.wins`), or None.
        winning_meld: What it melded, for the reason (``"quadruple pinochle"``).
        failed: How many bids each side has failed in the game, this hand included
            (`failed_bids`; for ``game.slide_out``; None: not counted).

    Returns:
        The winner (or None) and the target for the next hand.
    """
    g = variant.game
    target = g.target if target is None else target
    if outright is not None:  # rules/meld#quadruple-wins: it wins whatever the scores
        return GameEnd(outright, target, f"side {outright} melded {winning_meld}: it wins the game")
    if swept is not None and g.all_tricks_win:
        return GameEnd(swept, target, f"side {swept} took every trick")
    end = _by_score(variant, scores, bidder, target)
    if end.winner is None and g.slide_out is not None and failed is not None:
        end = _slide_out(scores, end, failed, g.slide_out)
    if end.winner is None and g.hands is not None and hands is not None and hands >= g.hands:
        return _after_last_hand(scores, end.target, g.hands)
    return end


def swept_by(
    tricks: Sequence[int] | None, bidder: int | None = None, partner: int | None = None
) -> int | None:
    """The side that took every trick of the hand, or None (``game.all_tricks_win``).

    With a called partner (five hands, rules/settlement#called-partner) the bidder and the
    partner are one side for the hand, so the pair takes every trick between them; the
    game has one winner, and the pair's is the bidder, who called the partner
    (rules/game-end#other-endings).

    Args:
        tricks: Tricks won by each side (None: the hand was not played).
        bidder: The bidder's side.
        partner: The called partner's side, or None.
    """
    if not tricks:
        return None
    total = sum(tricks)
    if partner is not None and bidder is not None and tricks[bidder] + tricks[partner] == total:
        return bidder
    return next((i for i, n in enumerate(tricks) if n == total), None)


_FAILED = frozenset({Outcome.SET, Outcome.NOT_ON_BOARD, Outcome.THROWN_IN, Outcome.NO_MARRIAGE})
"""The outcomes in which the bidders lose their bid."""


def failed_bids(results: Iterable[HandResult], sides: int) -> tuple[int, ...]:
    """How many bids each side failed in these hands (``game.slide_out`` counts them).

    A failed bid is a hand the side bid and was set, not on the board, thrown in or
    surrendered for want of a marriage.

    Args:
        results: The hands' results, in any order.
        sides: How many sides the game has.
    """
    failed = [0] * sides
    for result in results:
        if result.bidder is not None and result.outcome in _FAILED:
            failed[result.bidder] += 1
    return tuple(failed)


def _slide_out(scores: Sequence[int], end: GameEnd, failed: Sequence[int], needed: int) -> GameEnd:
    """``game.slide_out`` (WP's bid-out rules, rules/game-end#slide-out).

    "A team over the target wins without bidding once opponents fail their bid three
    times": a side at or over the target wins once the other sides together have failed
    ``needed`` bids in the game. Several such sides: the higher score wins; a tie plays on.
    """
    target = end.target
    if target is None:
        return end
    total = sum(failed)
    over = [i for i, s in enumerate(scores) if s >= target and total - failed[i] >= needed]
    if not over:
        return end
    top = max(scores[i] for i in over)
    leaders = [i for i in over if scores[i] == top]
    if len(leaders) > 1:
        return GameEnd(None, target, f"sides {leaders} slide out at {top} together: another hand")
    side = leaders[0]
    reason = f"side {side} is over {target} and the others failed {total - failed[side]} bids"
    return GameEnd(side, target, f"{reason}: it slides out")


def _after_last_hand(scores: Sequence[int], target: int | None, hands: int) -> GameEnd:
    """``game.hands``: the game's hands are played; the highest score wins, a tie plays on."""
    top = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == top]
    if len(leaders) == 1:
        return GameEnd(leaders[0], target, f"{hands} hands played: the highest score wins")
    return GameEnd(None, target, f"{hands} hands played, sides {leaders} tie: another hand")


def _by_score(
    variant: Variant, scores: Sequence[int], bidder: int | None, target: int | None
) -> GameEnd:
    """The ending by the running totals: the floor, then the target."""
    g = variant.game
    if g.scoring is GameScoring.CHIPS or target is None:
        return GameEnd(None, target)
    if g.lose_at is not None:
        fallen = [i for i, s in enumerate(scores) if s <= g.lose_at]
        if fallen:
            others = [i for i in range(len(scores)) if i not in fallen]
            best = max(others, key=lambda i: scores[i]) if others else None
            return GameEnd(best, target, f"side {fallen[0]} fell to {g.lose_at} or below")
    reached = [i for i, s in enumerate(scores) if s >= target]
    if g.bid_and_out:
        reached = [i for i in reached if i == bidder]
    if not reached:
        return GameEnd(None, target)
    if len(reached) == 1:
        return GameEnd(reached[0], target, f"side {reached[0]} reached {target}")
    if g.both_reach in (BothReach.BIDDER_WINS, BothReach.BIDDER_FIRST) and bidder in reached:
        return GameEnd(bidder, target, f"several sides reached {target}: the bidders win")
    if g.both_reach is BothReach.RAISE_TARGET:
        raised = target + g.raise_target_by
        return GameEnd(
            None, raised, f"several sides reached {target}: the target rises to {raised}"
        )
    top = max(scores[i] for i in reached)
    leaders = [i for i in reached if scores[i] == top]
    if len(leaders) == 1:
        return GameEnd(leaders[0], target, f"several sides reached {target}: the higher score wins")
    return GameEnd(None, target, f"sides {leaders} tie at {top}: another hand is played")
