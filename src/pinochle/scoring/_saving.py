"""Whether a side's meld counts (rules/settlement#saving-meld, #defenders).

In this order:

1. A side without meld has none (`MeldStatus.NONE`); meld under
   ``settlement.minimum_meld`` never counts (`MeldStatus.BELOW_MINIMUM`).
2. Meld counts only if the side then takes what the profile's saving rule asks
   (``settlement.save_meld``): a counter or the last trick (``"counter"``), any trick
   (``"trick"``: the number of tricks must be known when a side took no trick points),
   a trick with points in it (``"scoring-trick"``), that many trick points (a number: the
   double-deck rule), or nothing at all (``"none"``). The rule binds the defenders only
   unless ``settlement.save_meld_applies_to = "both"`` (every side, in a game without an
   auction); a hand not played binds nobody.
3. Meld that is only dixes saves itself when ``settlement.nines_save_themselves`` is on
   (`MeldStatus.NINES`).
4. A side under ``settlement.min_trick_points`` (the double-deck 20-point rule) scores
   nothing for the hand: its meld is lost even where it was saved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from pinochle.errors import SettlementError
from pinochle.scoring._results import MeldStatus
from pinochle.variant import SaveMeld, Variant


@attrs.frozen
class Take:
    """What one side took in tricks, as far as the saving rules need it."""

    points: int
    tricks: int | None  # None: not known
    counter: bool  # a counter (A, 10, K) or the last trick


def _took_trick(take: Take) -> bool:
    if take.tricks is not None:
        return take.tricks > 0
    if take.points > 0:
        return True
    raise SettlementError(
        "this profile saves meld with any trick: say how many tricks each side won (tricks=...)"
    )


_SAVE_RULES: dict[SaveMeld, Callable[[Take], bool]] = {
    SaveMeld.COUNTER: lambda take: take.counter,
    SaveMeld.TRICK: _took_trick,
    SaveMeld.SCORING_TRICK: lambda take: take.points > 0,
    SaveMeld.NONE: lambda take: True,
}


def _saves_meld(variant: Variant, take: Take) -> bool:
    rule = variant.settlement.save_meld
    if isinstance(rule, SaveMeld):
        return _SAVE_RULES[rule](take)
    return take.points >= rule  # double deck: that many trick points


def meld_status(
    variant: Variant, meld: int, take: Take | None, bound: bool, nines_only: bool
) -> MeldStatus:
    """Whether a side's meld counts: the minimum meld, then the saving rule if it binds."""
    s = variant.settlement
    if meld == 0:
        return MeldStatus.NONE
    if meld < s.minimum_meld:
        return MeldStatus.BELOW_MINIMUM
    if take is None or not bound:
        return MeldStatus.SAVED
    if _saves_meld(variant, take):
        return MeldStatus.SAVED
    if nines_only and s.nines_save_themselves:
        return MeldStatus.NINES
    return MeldStatus.LOST


def short_of_trick_points(variant: Variant, points: Sequence[int]) -> frozenset[int]:
    """The sides under ``settlement.min_trick_points``: they score nothing for the hand.

    The double-deck 20-point rule (rules/settlement#defenders, rules/settlement#saving-meld):
    a side with fewer trick points scores nothing, meld included, and bidders under it are
    set.
    """
    least = variant.settlement.min_trick_points
    if not least:
        return frozenset()
    return frozenset(i for i, p in enumerate(points) if p < least)


def short_status(status: MeldStatus) -> MeldStatus:
    """A meld that would count is lost when its side is short of the trick points."""
    return MeldStatus.LOST if status in (MeldStatus.SAVED, MeldStatus.NINES) else status


def counted_meld(variant: Variant, meld: int) -> int:
    """The meld that counts toward the bid: none under ``settlement.minimum_meld``."""
    return meld if meld >= variant.settlement.minimum_meld else 0
