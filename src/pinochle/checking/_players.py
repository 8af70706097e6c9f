"""The random players of the checks: reproducible, cautious bidders, uniform elsewhere."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle.actions import (
    Action,
    Pass,
)
from pinochle.engine import apply, bid_limit, legal_actions, new_game
from pinochle.state import Phase, State
from pinochle.variant import Variant, load_variant


def choose(state: State, legal: Sequence[Action], rng: random.Random) -> int:
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
        state = apply(state, legal[choose(state, legal, rng)])
        states.append(state)
    return states


def hand_action_bound(variant: Variant) -> int:
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
    invariant: ``pinochle variants validate`` runs it on every profile it validates.

    Args:
        variant: The profile.
        games: How many games to play.
        seed: The first game's seed.
        max_hands: Stop a game after this many deals.

    Returns:
        None when every game ended or reached the hand cap; else what went wrong, where.
    """
    bound = hand_action_bound(variant)
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
                after = apply(state, legal[choose(state, legal, rng)])
                actions = 0 if after.hand.number != state.hand.number else actions + 1
                if actions > bound:
                    return (
                        f"{where}, hand {after.hand.number + 1}: still going after {bound} "
                        f"actions, in {after.phase}"
                    )
                state = after
        except Exception as exc:  # any crash of the engine is the finding
            return f"{where}: the engine raised {describe_error(exc)}"
    return None


def describe_error(exc: BaseException) -> str:
    """An exception as one line: its type and message."""
    return f"{type(exc).__name__}: {exc}"
