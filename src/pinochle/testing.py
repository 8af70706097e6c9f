"""Hypothesis strategies and the house-rules check for property-testing pinochle programs.

Install with the ``testing`` extra (``pip install ".[testing]"`` from the source); importing
`pinochle` alone never imports hypothesis. The library's own property tests use these
same strategies. `check_variant` (from `pinochle.checking`, which needs no hypothesis)
plays random games under a profile and checks every invariant of the engine::

    from pinochle.testing import check_variant

    def test_house_rules():
        check_variant(pinochle.load_variant("house.toml")).raise_if_failed()

Under pytest, ``pytest_plugins = ["pinochle.testing"]`` in a ``conftest.py`` also gives
the `check_profile` fixture, which writes the failures' records into the test's
temporary directory.
"""

from __future__ import annotations

import enum
import functools
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from pinochle.actions import Action, Concede, Pass, PlayOn, ThrowIn
from pinochle.auction import bid_problem, next_bid
from pinochle.cards import CARDS, Card, DeckKind, Rank, Suit, deck_has_nines, deck_size, make_deck
from pinochle.checking import CheckReport, check_variant, play_problem, play_random_game
from pinochle.engine import apply, legal_actions, new_game, observe
from pinochle.errors import ExtraMissingError, TurnError, VariantError
from pinochle.meld import meld_values
from pinochle.records import record_of
from pinochle.state import Observation, Phase, State
from pinochle.tricks import card_points, deck_points
from pinochle.variant import (
    MAX_NUMBER,
    AllPass,
    Beat,
    Doubles,
    FirstLead,
    GameScoring,
    OpeningLead,
    OutOfReach,
    Partner,
    SaveApplies,
    SaveMeld,
    SetRule,
    ThrowInAt,
    TrumpRule,
    Variant,
    WhoMelds,
    WithoutMarriage,
    builtin_variants,
    load_variant,
)

try:
    from hypothesis import assume, note
    from hypothesis import strategies as st
except ImportError as _exc:  # the one optional dependency of this module: name its extra
    raise ExtraMissingError(
        "pinochle.testing needs hypothesis, which is not installed: "
        'pip install "pinochle-rules[testing]" (from a source checkout: pip install ".[testing]")',
        name=_exc.name,
    ) from _exc

__all__ = [
    "CheckReport",
    "actions",
    "cards",
    "check_profile",
    "check_variant",
    "deals",
    "games",
    "hand_facts",
    "hands",
    "observations",
    "play_problem",
    "play_random_game",
    "profile_documents",
    "suits",
    "trumps",
    "variants",
]


def suits() -> st.SearchStrategy[Suit]:
    """Any suit."""
    return st.sampled_from(list(Suit))


def trumps() -> st.SearchStrategy[Suit | None]:
    """Any suit, or None (trump not named yet)."""
    return st.one_of(st.none(), suits())


def cards(deck: DeckKind | str = DeckKind.SINGLE) -> st.SearchStrategy[Card]:
    """Any card that the deck holds (no nines in the double and triple decks)."""
    if deck_has_nines(deck):
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
    nines = deck_has_nines(v.deal.deck)
    pool = [c for c in CARDS if nines or c.rank is not Rank.NINE]
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
    ("meld", "roundhouse_bonus"): st.sampled_from([0, 1]),
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
    ("settlement", "throw_in_at"): st.sampled_from([o.value for o in ThrowInAt]),
    ("game", "both_reach"): st.sampled_from(["bidder-wins", "bidder-first", "higher-score"]),
    ("bidding", "rounds"): st.sampled_from([False, 1, 2]),
    ("play", "opening_lead"): st.sampled_from([o.value for o in OpeningLead]),
    ("game", "all_tricks_win"): st.booleans(),
    ("meld", "grand_pinochle"): st.booleans(),
    ("kitty", "bury_trump_aces"): st.booleans(),
    ("kitty", "trump_first"): st.booleans(),
    ("settlement", "shoot_the_moon"): st.booleans(),
    ("game", "slide_out"): st.sampled_from([False, 1, 3]),
    ("kitty", "share"): st.booleans(),
    ("deal", "partner"): st.sampled_from(["called", "asked"]),
    ("settlement", "defenders_pool_tricks"): st.booleans(),
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

    A double-deck base may also move to a deck of one and a half packs (60 or 72 cards)
    where that deck deals evenly round its table, with the hand size it leaves.

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
    switches = _deck_switches(parent) if keys is None or ("deal", "deck") in keys else ()
    if switches:  # a deck of one and a half packs, where it deals evenly
        switch: bool = draw(st.booleans())
        if switch:
            changes.setdefault("deal", {}).update(draw(st.sampled_from(switches)))
    if parent.deal.deck is not DeckKind.SINGLE:
        changes.get("meld", {}).pop("doubles", None)
    if parent.deal.stock:  # the stock game's first lead is free (no duty while it lasts)
        changes.get("play", {}).pop("opening_lead", None)
    if not parent.has_auction or parent.game.scoring is GameScoring.CHIPS:
        changes.get("settlement", {}).pop("shoot_the_moon", None)  # a bidder's points rule
        changes.get("game", {}).pop("slide_out", None)
    elif changes.get("game", {}).get("slide_out"):
        changes["game"]["bid_and_out"] = True  # slide-out is a bid-and-out rule
    if parent.deal.partner is Partner.NONE:  # a called or asked partner: five hands only
        changes.get("deal", {}).pop("partner", None)
        changes.get("settlement", {}).pop("defenders_pool_tricks", None)
    kitty = changes.get("kitty", {})
    if kitty.get("share") and parent.deal.kitty != parent.deal.players:
        del kitty["share"]  # BC-PA's share needs one kitty card a seat
    elif kitty.get("share"):
        kitty.update(shown=False, trump_first=False)  # given face down, seen before trump
    bidding = changes.get("bidding", {})
    if parent.bidding.maximum is not None and "minimum" in bidding:
        bidding["maximum"] = max(parent.bidding.maximum, bidding["minimum"])
    game = changes.get("game", {})
    if parent.game.lose_at is not None and "target" in game:
        game["lose_at"] = min(parent.game.lose_at, -game["target"])
    try:
        variant = parent.override(
            {**changes, "name": f"{parent.name}-house"}, source="<variants()>"
        )
        note(f"profile:\n{variant.to_toml()}")  # a failing example prints the house profile
        return variant
    except VariantError:  # pragma: no cover - the choices above are meant to be valid
        assume(False)
        raise


_THREE_COPIES = (DeckKind.ONE_AND_A_HALF, DeckKind.ONE_AND_A_HALF_NINES)


@functools.lru_cache(maxsize=64)
def _deck_switches(parent: Variant) -> tuple[dict[str, Any], ...]:
    """The ``[deal]`` changes that move a profile to a deck of one and a half packs.

    Only from a double-deck table (the 60- and 72-card decks score its first three columns),
    only where the new deck deals evenly round the same table with the same kitty, and only
    where the rest of the profile still loads (a per-copy meld row or a dix exchange may
    not); each change sets the deck, the hand that deck leaves and a packet that fits it.
    """
    deal = parent.deal
    if deal.deck is DeckKind.SINGLE or deal.stock:
        return ()
    switches: list[dict[str, Any]] = []
    for deck in _THREE_COPIES:
        left = deck_size(deck) - deal.kitty
        if deck is deal.deck or left % deal.players:
            continue
        hand = left // deal.players
        change = {"deck": deck.value, "hand": hand, "packet": min(deal.packet, hand)}
        try:
            parent.override({"deal": change})
        except VariantError:
            continue
        switches.append(change)
    return tuple(switches)


# --- House profile documents, valid or not ------------------------------------------------

_INTERESTING = (-1, 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24, 25, 40, 48, 80, 100, 250)


def _wide_ints(default: Any) -> st.SearchStrategy[int]:
    """Integers from everywhere: mostly near the default, else small, edge cases or huge."""
    small = st.one_of(st.sampled_from(_INTERESTING), st.integers(-10, 60))
    wild = st.one_of(
        st.integers(-MAX_NUMBER - 10, MAX_NUMBER + 10),
        st.sampled_from([MAX_NUMBER, MAX_NUMBER + 1, -MAX_NUMBER - 1, 10**9, 10**30, -(10**30)]),
    )
    if not isinstance(default, int) or isinstance(default, bool):
        return st.one_of(small, small, wild)
    near = st.one_of(
        st.integers(default - 3, default + 3),
        st.sampled_from([default * 2, default // 2, default * 10, default // 10 or 1]),
    )
    return st.integers(0, 9).flatmap(lambda k: near if k < 6 else small if k < 9 else wild)


def _wide_value(hint: Any, default: Any) -> st.SearchStrategy[Any]:
    """Any value a house might write for a key of this type, and some it should not."""
    args = typing.get_args(hint) or (hint,)
    options: list[st.SearchStrategy[Any]] = []
    for arg in args:
        if arg is type(None):
            options.append(st.just(False))
        elif arg is bool:
            options.append(st.booleans())
        elif arg is int:
            options.append(_wide_ints(default))
        elif isinstance(arg, type) and issubclass(arg, enum.Enum):
            options.append(st.sampled_from([m.value for m in arg]))
        elif typing.get_origin(arg) is tuple:
            options.append(st.lists(_wide_ints(None), min_size=1, max_size=5))
    if not options:  # pragma: no cover - a key of a type this strategy does not know
        return st.just(default)
    return st.one_of(*options)


@st.composite
def _schedules(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Chip schedules: rows of bids and payments, mostly in order, now and then not."""
    bids = st.one_of(st.sampled_from([0, 20, 25, 30, 250, 300, 350, 400]), _wide_ints(None))
    pays = st.one_of(st.integers(-2, 12), _wide_ints(None))
    rows = draw(st.lists(st.fixed_dictionaries({"bid": bids, "pays": pays}), max_size=4))
    if draw(st.integers(0, 3)):
        rows.sort(key=lambda row: row["bid"])
    return rows


@st.composite
def _deal_shapes(draw: st.DrawFn) -> dict[str, Any]:
    """A deal that fits its deck: players, kitty or stock, and the hand size they leave."""
    deck = draw(st.sampled_from([kind.value for kind in DeckKind]))
    size = deck_size(deck)
    players = draw(st.sampled_from([2, 3, 4, 2, 3, 4, 6, 8]))
    stock = players == 2 and draw(st.booleans())
    if stock:
        hand, kitty = draw(st.integers(1, size // 2 - 1)), 0
    else:
        fits = [k for k in range(0, 13) if (size - k) % players == 0]
        kitty = draw(st.sampled_from(fits))
        hand = (size - kitty) // players
    seated = players if players != 3 else draw(st.sampled_from([3, 3, 4, 5]))
    teams = [t for t in range(2, players // 2 + 1) if players % t == 0]
    return {
        "deck": deck,
        "players": players,
        "seated": seated,
        "partnerships": players in (4, 6, 8) and draw(st.booleans()),
        "teams": draw(st.sampled_from(teams or [2])),
        "hand": hand,
        "packet": draw(st.integers(1, min(hand, 5))),
        "kitty": kitty,
        "stock": stock,
    }


_DOUBLE_TABLES = ("double-pagat", "double-npa", "double-many-books")


def _schema_keys() -> list[tuple[str, str]]:
    return [
        (table, f.name)
        for table, cls in typing.get_type_hints(Variant).items()
        if attrs.has(cls)
        for f in attrs.fields(cls)
    ]


@st.composite
def profile_documents(
    draw: st.DrawFn, *, extends: bool = True, max_keys: int = 8
) -> dict[str, Any]:
    """House profile documents (TOML-shaped mappings) over wide ranges of every key.

    Meant for testing a loader: many documents are *not* valid profiles. A document writes
    up to ``max_keys`` keys of any table, each drawn mostly near its default, else from
    small numbers and edge cases (0, -1, a full hand), numbers far out of range (beyond
    ``MAX_NUMBER``, 10**30), every option of an option key, and now and then a value of
    the wrong type; a chip schedule gets random rows, meld values random lists. One
    document in three deals a deck that fits (coherent players, hand and kitty or stock,
    with the meld table of the deck), so that unusual deals load too; most documents
    extend a random built-in profile. Build each with `Variant.from_dict`: the library
    promises that a document either raises `VariantError` or gives a profile whose games
    play to the end (see `play_problem`).

    Args:
        draw: Supplied by hypothesis (call ``profile_documents(...)`` without it).
        extends: Whether the document may extend a built-in profile.
        max_keys: The most keys a document writes (a coherent deal counts as one).
    """
    doc: dict[str, Any] = {}
    if extends and draw(st.integers(0, 3)):
        doc["extends"] = draw(st.sampled_from(builtin_variants()))
    if draw(st.integers(0, 7)) == 0:
        doc["scale"] = draw(st.sampled_from([1, 10, 1, 10, 0]))
    defaults = Variant()
    keys = draw(st.lists(st.sampled_from(_schema_keys()), max_size=max_keys, unique=True))
    for table, key in keys:
        cls = type(getattr(defaults, table))
        default = getattr(getattr(defaults, table), key)
        hint = typing.get_type_hints(cls)[key]
        value: Any
        if key == "schedule":
            value = draw(_schedules())
        elif attrs.has(hint):
            sub = typing.get_type_hints(hint)
            names = draw(st.lists(st.sampled_from(list(sub)), min_size=1, unique=True))
            value = {n: draw(_wide_value(sub[n], getattr(default, n))) for n in names}
        else:
            value = draw(_wide_value(hint, default))
        if draw(st.integers(0, 39)) == 0:  # now and then a value of the wrong type
            value = draw(st.sampled_from(["", "x", 1.5, [], {}, True]))
        doc.setdefault(table, {})[key] = value
    if draw(st.integers(0, 2)) == 0:
        deal = draw(_deal_shapes())
        doc.setdefault("deal", {}).update(deal)
        single = deal["deck"] == "single"
        table = "single" if single else draw(st.sampled_from(_DOUBLE_TABLES))
        doc.setdefault("meld", {})["table"] = table
        if not deal["partnerships"] or deal["players"] != 4:
            doc.setdefault("passing", {})["cards"] = 0
        if deal["stock"]:
            doc.setdefault("trump", {})["rule"] = "turn-up"
    note(f"profile document: {doc!r}"[:2000])
    return doc


# --- Hand facts for settle_hand -------------------------------------------------------

_COUNTERS = (Rank.ACE, Rank.TEN, Rank.KING)


def _legal_bids(variant: Variant, limit: int) -> list[int]:
    """Every bid up to ``limit`` that an auction can end on: the chain of smallest raises."""
    bids: list[int] = []
    current: int | None = None
    while (amount := next_bid(variant, current)) is not None and amount <= limit:
        if bid_problem(variant, amount, current) is None:
            bids.append(amount)
        current = amount
    if variant.game.scoring is GameScoring.CHIPS:
        lowest = variant.chips.schedule[0].bid
        bids = [b for b in bids if b >= lowest]  # a bid the schedule cannot pay is moot
    return bids


@st.composite
def _tricks(
    draw: st.DrawFn, variant: Variant, bidder: int | None
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """Deal the whole deck into tricks: (points, tricks, counters) per side, before rounding."""
    n, total = variant.sides, variant.tricks_per_hand
    # integers() favours 0 and the maximum (sides that take nothing or everything); a random
    # order of drawing spreads that over the sides.
    counts = [0] * n
    order = draw(st.permutations(range(n)))
    for side in order[:-1]:
        counts[side] = draw(st.integers(0, total - sum(counts)))
    counts[order[-1]] = total - sum(counts)
    winners = draw(st.permutations([side for side, c in enumerate(counts) for _ in range(c)]))
    deck = draw(st.permutations(make_deck(variant.deal.deck)))
    taken: list[list[Card]] = [[] for _ in range(n)]
    size = variant.deal.players
    for k, side in enumerate(winners):
        taken[side].extend(deck[k * size : (k + 1) * size])
    # Cards never played (a buried widow) count for the bidder (rules/passing-and-kitty#kitty).
    taken[0 if bidder is None else bidder].extend(deck[len(winners) * size :])
    last = winners[-1]
    points = tuple(
        card_points(cards, variant) + (variant.counting.last_trick if side == last else 0)
        for side, cards in enumerate(taken)
    )
    counters = tuple(
        side == last or any(c.rank in _COUNTERS for c in cards) for side, cards in enumerate(taken)
    )
    return points, tuple(counts), counters


@st.composite
def hand_facts(draw: st.DrawFn, variant: Variant) -> dict[str, Any]:
    """The facts of one hand that could happen under the profile, as ``settle_hand`` keywords.

    Use as ``settle_hand(variant, **draw(hand_facts(variant)))``. The keys are ``bidder``,
    ``bid``, ``meld``, ``points``, ``tricks``, ``counters``, ``nines_only``, ``thrown_in``,
    ``no_marriage``, ``trump``, ``conceded`` and ``moon``, always consistent with each other
    and with the profile:

    - ``bidder`` is a side, or None (and ``bid`` 0) in a game without an auction;
    - ``bid`` is a bid an auction can end on (`pinochle.auction.bid_problem`), within the chip
      schedule in a chip game;
    - ``meld`` is 0 to twice the deck's trick points per side, in multiples of the scale
      (only the bidder's side melds when ``meld.who = "bidder"``); ``nines_only`` marks a meld
      of dixes alone (a one-dix meld is always marked);
    - a played hand deals the whole deck into ``tricks`` (summing to the profile's tricks per
      hand): ``points`` per side sum to `deck_points` (multiples of the scale when counters
      count), a side with points won a trick (but the cards of a buried widow count for
      the bidder, who may win none), and ``counters`` says which sides took an A, 10 or K
      or the last trick;
    - a hand is not played (``points``, ``tricks`` and ``counters`` None) when the bid is out of
      reach under ``out_of_reach = "no-play"`` or the bidders' meld is under
      ``settlement.bidder_minimum_meld``, and sometimes when the profile lets the bidder
      throw in (``thrown_in``), the opponents concede (``conceded``, where
      ``settlement.opponents_concede``) or the bidder surrenders for want of a marriage
      (``no_marriage``); and always when the bidder's meld alone reaches the bid under
      ``settlement.meld_makes_bid`` (won without play);
    - ``trump`` is any suit, or None after a surrender for want of a marriage;
    - ``moon``: under ``settlement.shoot_the_moon`` the bidder of a played hand sometimes
      shot the moon, and then half the time its side took every trick.

    Args:
        draw: Supplied by hypothesis (call ``hand_facts(variant)`` without it).
        variant: The profile the hand is played under.
    """
    n, scale, s = variant.sides, variant.scale, variant.settlement
    total = deck_points(variant)
    bidder = draw(st.integers(0, n - 1)) if variant.has_auction else None
    dixes = meld_values(variant).get("dix", ())
    cap = 2 * total // scale
    meld: list[int] = []
    nines: list[bool] = []
    for side in range(n):
        if variant.meld.who is WhoMelds.BIDDER and side != bidder:
            meld.append(0)
        elif len(dixes) > 0 and draw(st.sampled_from([False] * 5 + [True])):
            meld.append(draw(st.sampled_from(dixes)))  # now and then, a meld of dixes alone
        else:
            meld.append(draw(st.integers(0, cap)) * scale)
        nines.append(meld[-1] in dixes and (meld[-1] == dixes[0] or draw(st.booleans())))

    points, tricks, counters = draw(_tricks(variant, bidder))
    bid = 0
    ways = ["played"]
    if bidder is not None:
        bids = _legal_bids(variant, cap * scale + total)
        assume(bids)
        counted = meld[bidder] if meld[bidder] >= s.minimum_meld else 0
        # Half the time a bid the bidders' meld and tricks reach, else any bid (hopeless ones
        # included), so that made and set hands are both common.
        reached = [b for b in bids if b <= counted + points[bidder]]
        bid = draw(st.sampled_from(reached if draw(st.booleans()) and reached else bids))
        surrenders = (
            variant.trump.rule in (TrumpRule.MARRIAGE, TrumpRule.RUN_MARRIAGE_OR_DIX)
            and variant.trump.without_marriage is WithoutMarriage.SURRENDER
        )
        if meld[bidder] < s.bidder_minimum_meld or (
            s.out_of_reach is OutOfReach.NO_PLAY and counted + total < bid
        ):
            ways = ["out of reach"]
        elif s.meld_makes_bid and counted >= bid:
            ways = ["made on meld", *(["no marriage"] if surrenders else [])]
        else:
            if s.throw_in:
                ways.append("thrown in")
            if s.opponents_concede:
                ways.append("conceded")
            if surrenders:
                ways.append("no marriage")
    way = draw(st.sampled_from(ways))
    played = way == "played"
    moon = played and bidder is not None and s.shoot_the_moon and draw(st.booleans())
    if moon and bidder is not None and draw(st.booleans()):  # every trick to the bidders
        tricks = tuple(variant.tricks_per_hand if i == bidder else 0 for i in range(n))
        points = tuple(sum(points) if i == bidder else 0 for i in range(n))
        counters = tuple(i == bidder for i in range(n))
    return {
        "bidder": bidder,
        "bid": bid,
        "meld": tuple(meld),
        "points": points if played else None,
        "tricks": tricks if played else None,
        "counters": counters if played else None,
        "nines_only": tuple(nines),
        "thrown_in": way == "thrown in",
        "no_marriage": way == "no marriage",
        "trump": None if way == "no marriage" else draw(suits()),
        "conceded": way == "conceded",
        "moon": moon,
    }


# --- Games: random legal play through the engine ----------------------------------------


def _four_hand_names() -> list[str]:
    return [n for n in builtin_variants() if load_variant(n).deal.players == 4]


def actions(state: State) -> st.SearchStrategy[Action]:
    """One of the state's legal actions, drawn by index (it shrinks towards the first).

    Works with the lazy sequence of the passing phases: only the drawn choice is built.

    Args:
        state: A state of a game that is not over.

    Raises:
        TurnError: The game is over: there is no legal action.
    """
    legal = legal_actions(state)
    if not legal:
        raise TurnError("the game is over: there is no legal action")
    return st.integers(0, len(legal) - 1).map(legal.__getitem__)


def _lowest_bid(legal: Sequence[Action]) -> Action:
    """The lowest bid on offer, or the pass when no bid is left (the maximum was bid)."""
    return legal[1] if isinstance(legal[0], Pass) and len(legal) > 1 else legal[0]


@st.composite
def _biased_actions(draw: st.DrawFn, state: State) -> Action:
    """A legal action, biased so that most hands are played; every legal action stays possible.

    Uniform bidding jumps to absurd bids that are never played (out of reach) or always set,
    and a uniform bidder throws in half its hands. So in the auction a player mostly passes,
    else mostly makes the lowest bid, and now and then (about 1 draw in 20) takes any legal action;
    after meld the bidder (and the opponents, where they may concede) mostly plays on. Each
    choice shrinks to a pass or a throw-in (or a concession).
    """
    legal = legal_actions(state)
    if state.phase is Phase.AUCTION:
        kind = draw(st.integers(0, 19))
        if kind < 12 and isinstance(legal[0], Pass):
            return legal[0]
        if kind < 19:
            return _lowest_bid(legal)
    elif state.phase is Phase.THROW_IN:
        return ThrowIn() if draw(st.integers(0, 9)) == 0 else PlayOn()
    elif state.phase is Phase.MISDEAL and draw(st.integers(0, 3)):
        return legal[0]  # mostly keep the hand
    elif state.phase is Phase.CONCEDE:
        return Concede() if draw(st.integers(0, 9)) == 0 else PlayOn()
    return legal[draw(st.integers(0, len(legal) - 1))]


def _start_scores(variant: Variant) -> st.SearchStrategy[tuple[int, ...] | None]:
    """Mostly no scores (a new game); now and then scores a hand or two short of the target."""
    target = variant.game.target
    if target is None or variant.game.scoring is not GameScoring.POINTS:
        return st.none()
    step = variant.scale
    band = 2 * deck_points(variant) // step
    near = st.tuples(
        *(st.integers(1, band).map(lambda k: target - k * step) for _ in range(variant.sides))
    )
    return st.integers(0, 3).flatmap(lambda k: near if k == 3 else st.none())


@st.composite
def games(
    draw: st.DrawFn, variant: Variant | str | None = None, *, max_actions: int = 250
) -> State:
    """States reached by random legal play from a freshly dealt game.

    The seed, the first dealer, the number of actions and every action are drawn by
    hypothesis, so a failing game shrinks to a short one. About one game in five starts a
    hand or two short of the target (``new_game(..., scores=)``), so that finished games
    are common. In the auction the players mostly pass or make the lowest bid (uniform
    bidding makes absurd bids that are never played) and after meld the bidder mostly
    plays on, but every legal action stays reachable; elsewhere any legal action is drawn.

    Args:
        draw: Supplied by hypothesis (call ``games(...)`` without it).
        variant: The four-hand profile (a `Variant` or a built-in name); default: a random
            built-in four-hand profile.
        max_actions: The most actions played after the deal (a single-deck hand takes
            about 55, a double-deck hand about 85).
    """
    if variant is None:
        variant = draw(st.sampled_from(_four_hand_names()))
    v = load_variant(variant) if isinstance(variant, str) else variant
    seed = draw(st.integers(0, 2**32 - 1))
    dealer = draw(st.integers(0, v.deal.players - 1))
    state = new_game(v, seed, dealer, scores=draw(_start_scores(v)))
    for _ in range(draw(st.integers(0, max_actions))):
        if state.is_over:
            break
        state = apply(state, draw(_biased_actions(state)))
    # A failing example prints the game as a record (profile, seed, actions) to replay.
    note(f"game record: {record_of(state).to_json(indent=None)}")
    return state


@st.composite
def deals(draw: st.DrawFn, variant: Variant | str | None = None) -> tuple[tuple[Card, ...], ...]:
    """Complete deals under a profile: each seat's hand, for ``new_game(v, hands=...)``.

    The cards not dealt to a seat become the kitty (or the two-hand stock). Draws shrink
    towards the unshuffled deck, so a failing deal is easy to read.

    Args:
        draw: Supplied by hypothesis (call ``deals(...)`` without it).
        variant: The profile (a `Variant` or a built-in name); default: the default profile.
    """
    v = variant if isinstance(variant, Variant) else load_variant(variant or "pinochlerun")
    deck = make_deck(v.deal.deck)
    order = draw(st.permutations(range(len(deck))))
    size = v.deal.hand
    return tuple(
        tuple(sorted((deck[i] for i in order[seat * size : (seat + 1) * size]), key=_index))
        for seat in range(v.deal.players)
    )


def _index(card: Card) -> int:
    return card.index


@st.composite
def observations(draw: st.DrawFn, variant: Variant | str | None = None) -> Observation:
    """What one seat sees of a random game state (`games`): ``observe(state, seat)``.

    Args:
        draw: Supplied by hypothesis (call ``observations(...)`` without it).
        variant: As for `games`.
    """
    state = draw(games(variant))
    return observe(state, draw(st.integers(0, state.variant.deal.players - 1)))


# --- A pytest fixture -------------------------------------------------------------------

try:  # pytest is not a dependency of the testing extra: the fixture exists where it does
    import pytest
except ImportError:  # pragma: no cover - pytest is installed wherever tests run
    pass
else:

    @pytest.fixture
    def check_profile(tmp_path: Path) -> Callable[..., CheckReport]:
        """Check a profile, failing the test with the report if an invariant fails.

        Use it with ``pytest_plugins = ["pinochle.testing"]`` in ``conftest.py``::

            def test_house_rules(check_profile):
                check_profile("house.toml", games=50)

        The returned function takes a `Variant`, a built-in name or a file, and the
        keywords of `check_variant`; it returns the report. On a failure it writes each
        failed invariant's record into the test's ``tmp_path`` and names the files in the
        error.
        """

        def check(variant: Variant | str | Path, **options: Any) -> CheckReport:
            v = variant if isinstance(variant, Variant) else load_variant(variant)
            report = check_variant(v, **options)
            if not report.ok:
                paths = report.write_failures(tmp_path)
                files = "\n".join(f"  {path}" for path in paths)
                pytest.fail(f"{report.summary()}\n\nreproducing records:\n{files}")
            return report

        return check
