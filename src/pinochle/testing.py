"""Hypothesis strategies for property-testing pinochle programs and house rules.

Install with the ``testing`` extra (``pip install pinochle-rules[testing]``); importing
`pinochle` alone never imports hypothesis. The library's own property tests use these
same strategies.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from pinochle.cards import CARDS, Card, DeckKind, Rank, Suit
from pinochle.errors import VariantError
from pinochle.variant import (
    AllPass,
    Beat,
    Doubles,
    FirstLead,
    OutOfReach,
    SaveApplies,
    SaveMeld,
    SetRule,
    Variant,
    builtin_variants,
    load_variant,
)

__all__ = ["cards", "hands", "suits", "trumps", "variants"]


def suits() -> st.SearchStrategy[Suit]:
    """Any suit."""
    return st.sampled_from(list(Suit))


def trumps() -> st.SearchStrategy[Suit | None]:
    """Any suit, or None (trump not named yet)."""
    return st.one_of(st.none(), suits())


def cards(deck: DeckKind | str = DeckKind.SINGLE) -> st.SearchStrategy[Card]:
    """Any card that the deck holds (no nines in the double deck)."""
    if DeckKind(deck) is DeckKind.SINGLE:
        return st.sampled_from(CARDS)
    return st.sampled_from([c for c in CARDS if c.rank is not Rank.NINE])


def hands(
    variant: Variant | None = None, *, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands that one deck of the variant can hold (no card more often than its copies).

    Args:
        variant: The rules (default: the default profile); its deck decides the cards.
        min_size: Fewest cards.
        max_size: Most cards (default: the variant's hand size).
    """
    v = variant or load_variant()
    deck = v.deal.deck
    pool = [c for c in CARDS if deck is DeckKind.SINGLE or c.rank is not Rank.NINE]
    slots = [card for card in pool for _ in range(v.copies)]
    size = v.deal.hand if max_size is None else max_size
    indices = st.lists(
        st.integers(0, len(slots) - 1), unique=True, min_size=min_size, max_size=size
    )
    return indices.map(lambda ix: tuple(sorted(slots[i] for i in ix)))


# Keys a house may plausibly change, each with the values it may take. Scale-dependent
# numbers are drawn on the ones scale and multiplied by the profile's scale.
_SCALED_CHOICES: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("bidding", "minimum"): st.integers(10, 60),
    ("bidding", "step"): st.sampled_from([1, 2, 5]),
    ("game", "target"): st.sampled_from([100, 150, 250, 500]),
}
_PLAIN_CHOICES: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("bidding", "all_pass"): st.sampled_from([o.value for o in AllPass]),
    ("bidding", "jumps"): st.booleans(),
    ("bidding", "maximum_ends_auction"): st.booleans(),
    ("meld", "doubles"): st.sampled_from([o.value for o in Doubles]),
    ("meld", "run_absorbs_royal_marriage"): st.booleans(),
    ("play", "first_lead"): st.sampled_from([o.value for o in FirstLead]),
    ("play", "beat"): st.sampled_from([o.value for o in Beat]),
    ("play", "beat_after_trump"): st.booleans(),
    ("play", "must_trump"): st.booleans(),
    ("play", "must_overtrump"): st.booleans(),
    ("play", "trump_when_cannot_overtrump"): st.booleans(),
    ("settlement", "set"): st.sampled_from([o.value for o in SetRule]),
    ("settlement", "save_meld"): st.sampled_from([o.value for o in SaveMeld]),
    ("settlement", "save_meld_applies_to"): st.sampled_from([o.value for o in SaveApplies]),
    ("settlement", "nines_save_themselves"): st.booleans(),
    ("settlement", "out_of_reach"): st.sampled_from([o.value for o in OutOfReach]),
    ("settlement", "throw_in"): st.booleans(),
    ("game", "both_reach"): st.sampled_from(["bidder-wins", "bidder-first", "higher-score"]),
}


@st.composite
def variants(
    draw: st.DrawFn,
    base: Variant | str | None = None,
    *,
    keys: frozenset[tuple[str, str]] | None = None,
    scale: bool = True,
) -> Variant:
    """Random valid profiles: a base profile with a random subset of its keys changed.

    Args:
        draw: Supplied by hypothesis (call ``variants(...)`` without it).
        base: The profile to build on (a `Variant` or a built-in name); default: a random
            built-in points-game profile.
        keys: Limit the changes to these ``(table, key)`` pairs; default: every key the
            strategy knows how to vary.
        scale: Whether the strategy may switch the profile between ones and tens.
    """
    if base is None:
        names = [n for n in builtin_variants() if load_variant(n).game.scoring.value == "points"]
        base = draw(st.sampled_from(names))
    parent = load_variant(base) if isinstance(base, str) else base
    if scale and parent.counting.method.value == "counters" and draw(st.booleans()):
        parent = parent.with_scale(draw(st.sampled_from([1, 10])))
    changes: dict[str, dict[str, Any]] = {}
    for (table, key), values in {**_PLAIN_CHOICES, **_SCALED_CHOICES}.items():
        if keys is not None and (table, key) not in keys:
            continue
        if draw(st.booleans()):
            value = draw(values)
            if (table, key) in _SCALED_CHOICES:
                value *= parent.scale
            changes.setdefault(table, {})[key] = value
    if parent.deal.deck is DeckKind.DOUBLE:
        changes.get("meld", {}).pop("doubles", None)
    bidding = changes.get("bidding", {})
    if parent.bidding.maximum is not None and "minimum" in bidding:
        bidding["maximum"] = max(parent.bidding.maximum, bidding["minimum"])
    game = changes.get("game", {})
    if parent.game.lose_at is not None and "target" in game:
        game["lose_at"] = min(parent.game.lose_at, -game["target"])
    try:
        return parent.override({**changes, "name": f"{parent.name}-house"}, source="<variants()>")
    except VariantError:  # pragma: no cover - the choices above are meant to be valid
        assume(False)
        raise
