"""What ``hint`` and ``--review`` say at the table: `pinochle.analysis` in the person's words.

Both are built from the person's own observation only (`pinochle.observe` for their seat),
never from the state: a hint values the person's legal actions over deals of the cards
they cannot see, and a review replays their decisions against the hint from what they
knew then. So every card they name is one of the person's own (their hand, what they
passed or buried).
"""

from __future__ import annotations

from pinochle._words import counted
from pinochle.actions import Action, Bury, Pass, PassCards, Play
from pinochle.analysis import Hint, hint, hintable, review
from pinochle.play._voice import cards_text
from pinochle.records import GameRecord
from pinochle.state import Observation, Phase
from pinochle.tricks import deck_points

OTHERS = 2
"""How many actions besides the best one a hint line names."""

_NOT_VALUED = {
    Phase.MELD: "declaring meld, exchanging the dix or drawing",
    Phase.DIX_EXCHANGE: "exchanging the dix",
    Phase.THROW_IN: "throwing in",
    Phase.CONCEDE: "conceding",
    Phase.MOON: "shooting the moon",
    Phase.CALL: "calling a partner",
    Phase.MISDEAL: "calling a misdeal",
    Phase.SHARE: "sharing the kitty",
}
"""The decisions a hint does not value, in words (`pinochle.analysis.hintable`)."""

VALUED = "bids, trump, the cards to pass, return or bury, and card play"
"""The decisions a hint values, in words."""


def hint_lines(view: Observation, worlds: int | None) -> list[str]:
    """The answer to ``hint`` at the person's prompt: the suggestion and its measure.

    ``view`` is the person's own observation; nothing else is looked at, so the lines
    name only the person's own cards.
    """
    if not hintable(view):
        return [f"  No hint for this decision: {no_hint_reason(view)}."]
    legal = view.legal_actions
    if len(legal) == 1 or (view.phase is Phase.TRICKS and len(set(legal)) == 1):
        return [f"  Hint: {_head(legal[0], view)} (your only choice)"]
    found = hint(view, worlds=worlds)
    return [f"  Hint: {hint_text(found, view)}", f"  ({_measure(found, view)})"]


def no_hint_reason(view: Observation) -> str:
    """Why `pinochle.analysis.hint` does not value the decision ``view`` waits for."""
    if view.stock_size:
        return "with a stock, hints start once the stock is gone"
    what = _NOT_VALUED.get(view.phase, f"the {view.phase} phase")
    return f"hints value {VALUED}, not {what}"


def hint_text(found: Hint, view: Observation) -> str:
    """``play A♠ (about 14 trick points from here; K♠ 12, 9♠ 11)``: the best and the next.

    The best action and the `OTHERS` next ones, with passing in the auction whatever its
    place.
    """
    tenths = deck_points(view.variant) < 100
    signed = found.measure != "trick points"

    def number(value: float) -> str:
        return _number(value, tenths=tenths, signed=signed)

    best = found.best
    if found.measure == "trick points":
        value = f"about {number(best.value)} trick points from here"
    else:
        value = f"score margin about {number(best.value)}"
    shown = list(found.actions[1 : 1 + OTHERS])
    passing = [e for e in found.actions[1 + OTHERS :] if isinstance(e.action, Pass)]
    shown += passing  # in the auction, what passing would bring is always worth seeing
    others = ", ".join(f"{_short(entry.action, view)} {number(entry.value)}" for entry in shown)
    return f"{_head(best.action, view)} ({value}{'; ' + others if others else ''})"


def _measure(found: Hint, view: Observation) -> str:
    """What the numbers count and what they assume, in one sentence."""
    deals = f"over {counted(found.worlds, 'deal')} of the cards you cannot see"
    if found.measure == "trick points":
        whose = "your side's trick points"
        if view.variant.sides > 2 and view.bidder is not None and view.bidder != view.seat:
            whose = "the defenders' trick points together"
        return f"{whose}, this trick included, {deals}"
    other = "the other side's" if view.variant.sides == 2 else "the best other side's"
    return f"{deals}; margin: your side's hand score minus {other}"


def _head(action: Action, view: Observation) -> str:
    """The suggested action as the person reads it: ``play A♠``, ``pass A♠ ...``, ``bid 26``."""
    if isinstance(action, Play):
        return f"play {action.card}"
    if isinstance(action, PassCards):
        verb = "pass" if view.phase is Phase.PASS else "return"
        return f"{verb} {cards_text(action.cards, view.trump)}"
    if isinstance(action, Bury):
        return f"bury {cards_text(action.cards, view.trump)}"
    return str(action)


def _short(action: Action, view: Observation) -> str:
    """Another action, after the best, without the verb the prompt already says."""
    if isinstance(action, Play):
        return str(action.card)
    if isinstance(action, PassCards | Bury):
        return cards_text(action.cards, view.trump)
    return str(action)


def _number(value: float, *, tenths: bool, signed: bool) -> str:
    """A hint's value: ``14`` or ``+12``; ``14.3`` where a hand has few points (ones scale)."""
    sign = "+" if signed else ""
    if tenths:
        return f"{round(value, 1) + 0.0:{sign}.1f}"  # + 0.0: never "-0.0"
    return f"{round(value):{sign}d}"


# --- The review after a hand -----------------------------------------------------------


def review_head(hand: int) -> list[str]:
    """The review's title, said before it is worked out (it takes a few seconds)."""
    return ["", f"Review of hand {hand}: your decisions against the hint from what you saw"]


def review_lines(record: GameRecord, hand: int, seat: int, worlds: int | None) -> list[str]:
    """The review of ``seat``'s decisions in hand ``hand`` (from 1), under `review_head`.

    The hand's summary line, then each decision marked ``?`` or ``??`` with what it cost.
    ``record`` is the game so far (the hand over); the review sees, at each decision, only
    the seat's own observation.
    """
    found = review(record, seat, hand=hand, worlds=worlds).hands
    if not found:
        return [f"  You made no decision a hint values ({VALUED})."]
    reviewed = found[0]
    marked = [d for d in reviewed.decisions if d.mark]
    lines = [f"  {reviewed.summary}", *(f"  {d.mark:<2} {d.text}" for d in marked)]
    decisions = counted(len(reviewed.decisions), "decision")
    if marked:
        lines.append(
            f"  {decisions} reviewed, {len(marked)} marked (? lost at least a tenth of the"
            " hand's trick points, ?? a third)."
        )
    else:
        lines.append(f"  {decisions} reviewed, none marked ? or ??.")
    return lines
