"""Meld: the value tables of every profile and the meld finder (rules/meld).

A card serves in melds of different types but only once within a type, so a hand's meld is
a sum of independent best choices: type I (runs, marriages, dix) in each suit on its own,
the pinochles, and each rank around. Every choice is small, so it is solved once per
profile for every possible holding and kept in tables:

- a hand's code has one small binary digit per card (its count) and is the sum of one
  weight per card; each suit's part of it looks up the suit's best type I meld, as trump
  and as a plain suit (a count the deck cannot hold finds no entry, or carries into the
  next digit and so changes the number of cards seen);
- the same look-up gives a bit mask with ``count >= k`` bits for the around ranks and the
  pinochle cards; AND-ing the four suits' masks gives the minimum over the suits, that is
  how many copies of each around (and of the pinochle) the hand holds.

Scoring a hand is one pass over its cards, four look-ups and an AND. The items (names and
cards) are built the first time a holding needs them and then reused.
"""

from __future__ import annotations

import enum
import functools
import itertools
import typing
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from pinochle._pickles import fills_new_fields
from pinochle.cards import (
    CARDS,
    Card,
    DeckKind,
    Rank,
    Suit,
    check_in_deck,
    copies_in_deck,
    deck_has_nines,
    format_cards,
    parse_cards,
    parse_suit,
    sort_cards,
)
from pinochle.errors import VARIANT_EXPECTED, ArgumentError, InvariantError
from pinochle.variant import Checks, Doubles, MeldRules, MeldTable, QuadrupleWin, Variant

__all__ = [
    "Meld",
    "MeldItem",
    "MeldType",
    "highest_meld",
    "meld_by_trump",
    "meld_total",
    "meld_totals",
    "meld_values",
    "score_meld",
]


class MeldType(enum.Enum):
    """The three meld types (rules/meld#combining); a card serves only once within a type."""

    RUNS_AND_MARRIAGES = 1
    """Type I: runs, royal marriages, marriages and the dix."""
    PINOCHLES = 2
    """Type II: Q♠ J♦."""
    AROUNDS = 3
    """Type III: one ace (king, queen, jack) of each suit."""


@fills_new_fields
@attrs.frozen
class MeldItem:
    """One scoring combination of a hand.

    Attributes:
        name: What it is: ``"run"``, ``"royal marriage"``, ``"double aces around"``, ...
        type: Its meld type.
        cards: Exactly the cards it uses (twins repeated).
        points: What it scores, on the profile's scale.
    """

    name: str
    type: MeldType
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.name} {format_cards(self.cards)}: {self.points}"


@fills_new_fields
@attrs.frozen
class Meld:
    """A hand's meld: the best total and the combinations that make it.

    Attributes:
        total: The meld's value on the profile's scale; the items' points add up to it.
        items: The combinations: type I by suit (trump first), then pinochles, then arounds
            (aces, kings, queens, jacks), then the roundhouse bonus.
        trump: The trump suit it was scored for, or None (before trump is named).
        wins: The meld that wins the game outright under ``meld.quadruple_wins``
            (``"quadruple run"``, ``"quadruple royal marriage"``, ``"quadruple pinochle"``),
            else None.
        checks: The checks the hand earns under ``[checks]`` (check pinochle): its meld's,
            and seven nines; 0 in a profile without checks.
    """

    total: int
    items: tuple[MeldItem, ...]
    trump: Suit | None
    wins: str | None = attrs.field(default=None, metadata={"wire": "optional"})
    checks: int = attrs.field(default=0, metadata={"wire": "optional"})

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards the meld uses, in `Card.index` order.

        A card serves in melds of different types but only once within a type
        (rules/meld#combining), so a jack in both the run and jacks around is one card here,
        while a double run's two jacks of trump are two. Per card, that is the most copies
        any one type uses.
        """
        by_type: dict[MeldType, Counter[Card]] = {}
        for item in self.items:
            by_type.setdefault(item.type, Counter()).update(item.cards)
        needed: Counter[Card] = Counter()
        for counted in by_type.values():
            needed |= counted
        return tuple(sorted(needed.elements(), key=lambda card: card.index))

    def _repr_svg_(self) -> str:
        """The meld as a picture, for Jupyter (see `pinochle.svg.meld`)."""
        from pinochle import svg

        return svg.meld(self)


# --- Value tables (rules/meld), ones scale, by number of copies ------------------------

_AROUNDS = ("aces", "kings", "queens", "jacks")
_AROUND_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_KEYS = ("run", "royal_marriage", "marriage", "dix", *_AROUNDS, "pinochle")
_EXTRAS = ("run_extra_one", "run_extra_both")
_GRAND = ("grand_pinochle",)
_MULTIPLIED = ("run", *_AROUNDS, "pinochle")  # the melds whose multiples may be special

_SINGLE: dict[str, tuple[int, ...]] = {
    "run": (15, 150),
    "royal_marriage": (4, 8),
    "marriage": (2, 4),
    "dix": (1, 2),
    "aces": (10, 100),
    "kings": (8, 80),
    "queens": (6, 60),
    "jacks": (4, 40),
    "pinochle": (4, 30),
    "run_extra_one": (19,),
    "run_extra_both": (23,),
}
_DOUBLE_PAGAT: dict[str, tuple[int, ...]] = {
    "run": (15, 150, 225, 300),
    "royal_marriage": (4, 8, 12, 16),
    "marriage": (2, 4, 6, 8),
    "aces": (10, 100, 150, 200),
    "kings": (8, 80, 120, 160),
    "queens": (6, 60, 90, 120),
    "jacks": (4, 40, 60, 80),
    "pinochle": (4, 30, 60, 90),
}
_NPA = {"run": (25, 150, 225, 300), "pinochle": (15, 30, 60, 90)}  # rules/meld#choice-npa-meld
_TABLES: dict[MeldTable, dict[str, tuple[int, ...]]] = {
    MeldTable.SINGLE: _SINGLE,
    MeldTable.DOUBLE_PAGAT: _DOUBLE_PAGAT,
    MeldTable.DOUBLE_NPA: _DOUBLE_PAGAT | _NPA,
    MeldTable.DOUBLE_MANY_BOOKS: _DOUBLE_PAGAT | {"pinochle": (4, 30, 45, 300)},
}


def meld_values(variant: Variant) -> dict[str, tuple[int, ...]]:
    """The profile's effective meld table, on its own scale.

    The base table (``meld.table``), with ``meld.doubles = "additive"`` applied, times the
    scale, then the ``meld.values`` overrides.

    Args:
        variant: The profile.

    Returns:
        For each meld (``run``, ``royal_marriage``, ``marriage``, ``dix`` (decks with
        nines), ``aces``, ``kings``, ``queens``, ``jacks``, ``pinochle``) the value of one,
        two, ... copies, one entry per copy the deck holds; with ``meld.run_extras`` also
        ``run_extra_one`` and ``run_extra_both``, with ``meld.grand_pinochle`` also
        ``grand_pinochle`` (one value each).
    """
    return dict(_effective_values(variant.meld, variant.scale, variant.deal.deck))


@functools.lru_cache(maxsize=64)
def _effective_values(
    rules: MeldRules, scale: int, deck: DeckKind
) -> Mapping[str, tuple[int, ...]]:
    base = dict(_TABLES[rules.table])
    copies = copies_in_deck(deck)
    if "dix" not in base and deck_has_nines(deck):
        # The 96-card deck's nines: each dix is worth the single deck's, as the single deck
        # counts its two (rules/meld#bigger-tables).
        base["dix"] = tuple(n * _SINGLE["dix"][0] for n in range(1, copies + 1))
    values: dict[str, tuple[int, ...]] = {}
    if rules.grand_pinochle:  # Parlett's K♠ Q♠ J♦ 6 (rules/meld#other-extras), every deck
        base = base | {"grand_pinochle": (6,)}
    for key in (*_KEYS, *_EXTRAS, *_GRAND):
        if key not in base or (key in _EXTRAS and not rules.run_extras):
            continue
        row = base[key]
        if rules.doubles is Doubles.ADDITIVE and key in _MULTIPLIED:
            row = tuple(n * row[0] for n in range(1, len(row) + 1))
        override = getattr(rules.values, key)
        if override is None:
            values[key] = tuple(x * scale for x in _split_up(row, copies))
        else:  # already on the profile's scale
            values[key] = override if isinstance(override, tuple) else (override,)
    return values


def _split_up(row: tuple[int, ...], copies: int) -> tuple[int, ...]:
    """A row fitted to ``copies`` entries: more copies than it lists score as a split.

    The triple deck's five or six copies of a meld score as the best split into melds the
    double-deck table lists: WP's twenty aces (five in each suit) count "double aces and
    triple aces combined" (rules/meld#bigger-tables). A deck and a half (three copies) keeps
    the table's first three values: its triple is the double deck's triple.
    """
    if len(row) == 1:  # one value: the run extras, never multiplied
        return row
    if len(row) >= copies:
        return row[:copies]
    value = [0, *row]
    for n in range(len(row) + 1, copies + 1):
        value.append(max(row[k - 1] + value[n - k] for k in range(1, len(row) + 1)))
    return tuple(value[1:])


# --- Compiled tables -------------------------------------------------------------------

_PREFIX = ("", "", "double ", "triple ", "quadruple ", "quintuple ", "sextuple ")
_EXTRA_NAMES = {(1, 0): "extra king", (0, 1): "extra queen", (1, 1): "extra king and queen"}
# Suits in item order: trump first, then as `sort_cards` shows a hand (♠ ♥ ♦ ♣).
_DISPLAY = tuple(sorted(Suit, reverse=True))
_ORDER = {None: _DISPLAY} | {t: (t, *(s for s in _DISPLAY if s is not t)) for t in Suit}
_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)

_TrumpPlan = tuple[int, int, int, int, int]  # runs, extra K, extra Q, royal marriages, dixes


class _Holding:
    """One suit's holding: its best type I meld as a plain suit and as trump."""

    __slots__ = (
        "delta",
        "mask",
        "nines",
        "plain",
        "plain_checks",
        "plain_items",
        "size",
        "trump_checks",
        "trump_items",
        "trump_plan",
        "trump_wins",
    )

    def __init__(self, size: int, plain: int, trump: int, plan: _TrumpPlan, mask: int) -> None:
        self.size = size  # cards held in the suit
        self.plain = plain
        self.delta = trump - plain  # what naming this suit trump adds
        self.trump_plan = plan
        self.mask = mask  # count >= k bits of the around ranks and this suit's pinochle card
        self.plain_items: tuple[MeldItem, ...] | None = None
        self.trump_items: tuple[MeldItem, ...] | None = None
        # Read only when the profile marks melds (`_Tables.marked`).
        self.trump_wins: str | None = None  # the quadruple that wins the game, as trump
        self.plain_checks = self.trump_checks = self.nines = 0


class _Group:
    """The pinochles and arounds of one AND-ed mask."""

    __slots__ = ("checks", "held", "items", "plan", "value", "wins")

    def __init__(self, held: tuple[int, ...], value: int, plan: tuple[int, int]) -> None:
        # Copies held of aces, kings, queens, jacks around, pinochles (and grand pinochles).
        self.held = held
        self.value = value
        self.plan = plan  # pinochles melded as one multiple, grand pinochles
        self.items: tuple[MeldItem, ...] | None = None
        self.wins: str | None = None
        self.checks = 0


class _Tables:
    """Everything `score_meld` needs for one profile's meld rules, scale, deck and checks."""

    def __init__(self, rules: MeldRules, scale: int, deck: DeckKind, checks: Checks) -> None:
        self.deck = deck
        self.copies = copies = copies_in_deck(deck)
        # A hand code has one digit per card, just wide enough to show one copy too many;
        # more copies carry into the next digit, which the holdings' sizes then reveal.
        digit = copies.bit_length()
        self.weights = tuple(1 << (digit * index) for index in range(24))  # by Card.index
        self.suit_bits = 6 * digit
        self.suit_mask = (1 << self.suit_bits) - 1
        self.absorbs = rules.run_absorbs_royal_marriage
        self.joins = rules.run_joins_marriages
        table = _effective_values(rules, scale, deck)
        # By number of copies, from 0; the double and triple decks have no dix row (no nines).
        self.rows = {key: (0, *table.get(key, (0,) * copies)) for key in _KEYS}
        self.extras = {key: table[key][0] for key in _EXTRAS if key in table}
        self.grand = table["grand_pinochle"][0] if "grand_pinochle" in table else None
        self.bonus = rules.roundhouse_bonus
        wins = set(rules.quadruple_wins)
        self.win_run = QuadrupleWin.RUN in wins
        self.win_royal = QuadrupleWin.ROYAL_MARRIAGE in wins
        self.win_pinochle = QuadrupleWin.PINOCHLE in wins
        self.checks = checks
        # Whether `_meld` must fill in `Meld.wins` and `Meld.checks`: never by default.
        self.marked = bool(wins) or checks.played

        ranks = range(copies + 1)
        nines = ranks if deck_has_nines(deck) else (0,)
        holdings = itertools.product(nines, ranks, ranks, ranks, ranks, ranks)
        trumps: dict[tuple[int, ...], tuple[int, _TrumpPlan]] = {
            counts: self._best_trump(counts) for counts in holdings
        }
        self.suits = tuple(self._suit_table(suit, trumps, digit) for suit in Suit)

        # A sixth group of bits, with grand pinochle only: min(K♠, Q♠, J♦) copies.
        self.groups: dict[int, _Group] = {}
        for held in itertools.product(ranks, repeat=5 if self.grand is None else 6):
            mask = sum(((1 << n) - 1) << (g * copies) for g, n in enumerate(held))
            value, plan = self.group_value(held)
            group = self.groups[mask] = _Group(held, value, plan)
            if self.marked:
                self._mark_group(group)

    def group_value(self, held: tuple[int, ...]) -> tuple[int, tuple[int, int]]:
        """The value of the pinochles and arounds held, and how the pinochles are melded."""
        a, k, q, j, pinochles = held[:5]
        value = sum(
            max(self.rows[key][: n + 1]) for key, n in zip(_AROUNDS, (a, k, q, j), strict=True)
        )
        row = self.rows["pinochle"]
        if self.win_pinochle and pinochles == self.copies:  # it wins: meld it whole
            best, plan = row[pinochles], (pinochles, 0)
        else:
            best, plan = max(row[: pinochles + 1]), (_best_count(row, pinochles), 0)
        # Grand pinochles (K♠ Q♠ J♦): a card serves once within a type, so each one takes a
        # pinochle, and the rest meld as pinochles (rules/meld#other-extras).
        for grands in range(1, min(held[5], pinochles) + 1 if len(held) > 5 else 1):
            assert self.grand is not None
            rest = pinochles - grands
            if grands * self.grand + max(row[: rest + 1]) > best:
                best = grands * self.grand + max(row[: rest + 1])
                plan = (_best_count(row, rest), grands)
        # The roundhouse bonus (WP): each K Q in every suit, on top of its parts.
        return value + best + self.bonus * min(k, q), plan

    def _suit_table(
        self, suit: Suit, trumps: Mapping[tuple[int, ...], tuple[int, _TrumpPlan]], digit: int
    ) -> dict[int, _Holding]:
        """Every holding of one suit by its code."""
        full = (1 << self.copies) - 1
        pinochle_card = {Suit.SPADES: Rank.QUEEN, Suit.DIAMONDS: Rank.JACK}.get(suit)
        table = {}
        for counts, (trump, plan) in trumps.items():
            code = sum(n << (digit * rank) for rank, n in enumerate(counts))
            pairs = min(counts[Rank.KING], counts[Rank.QUEEN])
            plain = max(self.rows["marriage"][: pairs + 1])
            bits = [(1 << counts[rank]) - 1 for rank in _AROUND_RANKS]
            # A suit without a pinochle card sets all the pinochle bits: the AND ignores it.
            bits.append(full if pinochle_card is None else (1 << counts[pinochle_card]) - 1)
            if self.grand is not None:  # K♠ Q♠ in spades, J♦ in diamonds
                grand = {Suit.SPADES: pairs, Suit.DIAMONDS: counts[Rank.JACK]}.get(suit)
                bits.append(full if grand is None else (1 << grand) - 1)
            mask = sum(b << (g * self.copies) for g, b in enumerate(bits))
            holding = table[code] = _Holding(sum(counts), plain, trump, plan, mask)
            if self.marked:
                self._mark_holding(holding, counts)
        return table

    def _best_trump(self, counts: tuple[int, ...]) -> tuple[int, _TrumpPlan]:
        """The best type I meld of a trump suit holding, maximised over every assignment.

        A quadruple that wins the game (``meld.quadruple_wins``) is always melded whole.
        """
        rows, kings, queens = self.rows, counts[Rank.KING], counts[Rank.QUEEN]
        held = min(counts[r] for r in _RUN_RANKS)
        whole = self.copies
        best, plan = -1, (0, 0, 0, 0, 0)
        for runs in range(held + 1):
            if self.win_run and held == whole and runs < whole:
                continue
            royal = 0 if self.absorbs else rows["royal_marriage"][runs]
            options = [(rows["run"][runs] + royal, 0, 0)]
            if self.extras and runs == 1:
                one, both = self.extras["run_extra_one"], self.extras["run_extra_both"]
                options += [(one + royal, 1, 0), (one + royal, 0, 1), (both + royal, 1, 1)]
            for run_value, extra_k, extra_q in options:
                spare = min(kings - runs - extra_k, queens - runs - extra_q)
                for pairs in range(spare + 1):  # none when the extras are not there
                    if self.win_royal and min(kings, queens) == whole and runs + pairs < whole:
                        continue
                    # A house table joins the run's K Q to the spare ones (run + 1 = 45).
                    joined = runs + pairs if self.joins and runs and pairs else pairs
                    value = run_value + rows["royal_marriage"][joined]
                    if value > best:
                        best, plan = value, (runs, extra_k, extra_q, pairs, 0)
        dixes = _best_count(rows["dix"], counts[Rank.NINE])
        return best + rows["dix"][dixes], (*plan[:4], dixes)

    # Marks: what wins the game and the checks, worked out once per holding.

    def _mark_holding(self, holding: _Holding, counts: tuple[int, ...]) -> None:
        """A holding's winning quadruple as trump and its checks (``[checks]``)."""
        checks, whole = self.checks, self.copies
        runs = min(counts[r] for r in _RUN_RANKS)
        pairs = min(counts[Rank.KING], counts[Rank.QUEEN])
        if self.win_run and runs == whole:
            holding.trump_wins = "quadruple run"
        elif self.win_royal and pairs == whole:
            holding.trump_wins = "quadruple royal marriage"
        # Two marriages in one suit; in trump, beside the K Q a run holds.
        holding.plain_checks = checks.double_marriage if pairs >= 2 else 0
        double = checks.double_marriage if pairs - runs >= 2 else 0
        holding.trump_checks = (checks.run if runs else 0) + double
        holding.nines = counts[Rank.NINE]

    def _mark_group(self, group: _Group) -> None:
        """A group's winning quadruple pinochle and its checks (``[checks]``)."""
        checks = self.checks
        a, k, q, j, pinochles = group.held[:5]
        if self.win_pinochle and pinochles == self.copies:
            group.wins = "quadruple pinochle"
        # A double around takes its own checks, as it takes its own meld value.
        total = checks.aces if a == 1 else 0
        total += checks.double_around * sum(n >= 2 for n in (a, k, q, j))
        total += checks.roundhouse if k and q else 0
        total += checks.double_pinochle if pinochles >= 2 else 0
        group.checks = total

    # Items, built on first use.

    def suit_items(self, suit: Suit, holding: _Holding, trump: bool) -> tuple[MeldItem, ...]:
        """The type I items of one suit's holding."""
        cached = holding.trump_items if trump else holding.plain_items
        if cached is not None:
            return cached
        rows, kq = self.rows, _cards(suit, "KQ")
        if trump:
            runs, extra_k, extra_q, pairs, dixes = holding.trump_plan
            joined = pairs if self.joins and runs else 0
            run = [self._run(suit, runs, extra_k, extra_q, joined)] if runs else []
            royal = _copies("royal marriage", kq, pairs - joined, rows["royal_marriage"])
            dix = _copies("dix", _cards(suit, "9"), dixes, rows["dix"])
            holding.trump_items = (*run, *royal, *dix)
            return holding.trump_items
        pairs = rows["marriage"].index(holding.plain)
        holding.plain_items = tuple(_copies("marriage", kq, pairs, rows["marriage"]))
        return holding.plain_items

    def _run(self, suit: Suit, runs: int, extra_k: int, extra_q: int, joined: int) -> MeldItem:
        """The run item, with Dailey's extras or the royal marriages it scores or joins."""
        parts = []
        points = self.rows["run"][runs]
        if extra_k or extra_q:  # Dailey's value replaces the run's
            parts.append(_EXTRA_NAMES[extra_k, extra_q])
            points = self.extras["run_extra_both" if extra_k and extra_q else "run_extra_one"]
        if not self.absorbs:  # the run's own K and Q also score as a royal marriage
            parts.insert(0, "royal marriage")
            points += self.rows["royal_marriage"][runs]
        if joined:  # the run's K Q and the spare ones: one multiple royal marriage
            parts.append(_PREFIX[runs + joined] + "royal marriage")
            points += self.rows["royal_marriage"][runs + joined]
        name = _PREFIX[runs] + "run" + (" with " + " and ".join(parts) if parts else "")
        ranks = "ATKQJ" * runs + "K" * extra_k + "Q" * extra_q + "KQ" * joined
        return MeldItem(name, MeldType.RUNS_AND_MARRIAGES, _cards(suit, ranks), points)

    def group_items(self, group: _Group) -> tuple[MeldItem, ...]:
        """The pinochle and around items of an AND-ed mask, then the roundhouse bonus."""
        if group.items is not None:
            return group.items
        a, k, q, j = group.held[:4]
        pinochles, grands = group.plan
        items: list[MeldItem | None] = []
        if grands:
            assert self.grand is not None
            items += [MeldItem("grand pinochle", MeldType.PINOCHLES, _GRAND_CARDS, self.grand)]
            items *= grands
        if pinochles:
            row = self.rows["pinochle"]
            one = sort_cards(_PINOCHLE * pinochles)
            items.append(
                MeldItem(_PREFIX[pinochles] + "pinochle", MeldType.PINOCHLES, one, row[pinochles])
            )
        for rank, key, held in zip(_AROUND_RANKS, _AROUNDS, (a, k, q, j), strict=True):
            one = tuple(Card(suit, rank) for suit in _DISPLAY)
            items.append(_multiple(f"{key} around", MeldType.AROUNDS, one, held, self.rows[key]))
        if self.bonus and k and q:  # its cards are the kings and queens around already shown
            items += [MeldItem("roundhouse bonus", MeldType.AROUNDS, (), self.bonus)] * min(k, q)
        group.items = tuple(item for item in items if item is not None)
        return group.items


_PINOCHLE = (Card(Suit.SPADES, Rank.QUEEN), Card(Suit.DIAMONDS, Rank.JACK))
_GRAND_CARDS = sort_cards((Card(Suit.SPADES, Rank.KING), *_PINOCHLE))


@functools.cache
def _cards(suit: Suit, ranks: str) -> tuple[Card, ...]:
    """The shared cards of these ranks (letters, "9JQKTA") in one suit, sorted for display."""
    return sort_cards(CARDS[suit * 6 + "9JQKTA".index(r)] for r in ranks)


def _best_count(row: tuple[int, ...], held: int) -> int:
    """How many copies to meld: a player may always meld fewer (rules/meld#double-deck-tables)."""
    best = max(row[: held + 1])
    return row.index(best)


def _multiple(
    name: str, kind: MeldType, one: tuple[Card, ...], held: int, row: tuple[int, ...]
) -> MeldItem | None:
    """One item for the best number of copies ("double aces around"), or None."""
    n = _best_count(row, held)
    if not n:
        return None
    return MeldItem(_PREFIX[n] + name, kind, sort_cards(one * n), row[n])


def _copies(name: str, one: tuple[Card, ...], n: int, row: tuple[int, ...]) -> list[MeldItem]:
    """Marriages and dixes: one item per copy when the values add up, else one multiple."""
    if not n:
        return []
    kind = MeldType.RUNS_AND_MARRIAGES
    if row[n] == n * row[1]:
        return [MeldItem(name, kind, one, row[1])] * n
    return [MeldItem(_PREFIX[n] + name, kind, sort_cards(one * n), row[n])]


_NO_CHECKS = Checks()


@functools.lru_cache(maxsize=64)
def _compile(rules: MeldRules, scale: int, deck: DeckKind, checks: Checks = _NO_CHECKS) -> _Tables:
    return _Tables(rules, scale, deck, checks)


@functools.lru_cache(maxsize=64)
def _tables(variant: Variant) -> _Tables:
    try:
        return _compile(variant.meld, variant.scale, variant.deal.deck, variant.checks)
    except AttributeError:
        raise ArgumentError("variant", VARIANT_EXPECTED, variant) from None


# --- Scoring ---------------------------------------------------------------------------


def _holdings(cards: Iterable[Card] | str, tables: _Tables) -> tuple[_Holding, ...]:
    """The hand's four suit holdings, clubs to spades."""
    if isinstance(cards, str):
        hand = parse_cards(cards)
    else:
        try:
            hand = tuple(cards)
        except TypeError:
            raise ArgumentError("cards", "card text or an iterable of cards", cards) from None
    weights = tables.weights
    try:
        code = sum([weights[card.index] for card in hand])
    except (AttributeError, TypeError):
        return _holdings(_read_tokens(hand), tables)
    bits, mask = tables.suit_bits, tables.suit_mask
    clubs, diamonds, hearts, spades = tables.suits
    try:
        c, d, h, s = (
            clubs[code & mask],
            diamonds[(code >> bits) & mask],
            hearts[(code >> 2 * bits) & mask],
            spades[code >> 3 * bits],
        )
    except KeyError:  # a count above the deck's copies, or a nine in the double deck
        _not_in_deck(hand, tables.deck)
    if c.size + d.size + h.size + s.size != len(hand):  # a count overflowed its digit
        _not_in_deck(hand, tables.deck)
    return c, d, h, s


def _held_meld(cards: Sequence[Card], trump: Suit | None, tables: _Tables) -> Meld:
    """`score_meld` of a hand the engine holds: cards of the profile's deck, no text.

    The engine scores every seat's meld once a hand; its hands need none of `_holdings`'
    reading and checking (text, names, a count above the deck's copies), only the sum of
    the cards' weights and the four suit look-ups.
    """
    weights = tables.weights
    code = 0
    for card in cards:
        code += weights[card.index]
    bits, mask = tables.suit_bits, tables.suit_mask
    clubs, diamonds, hearts, spades = tables.suits
    holdings = (
        clubs[code & mask],
        diamonds[(code >> bits) & mask],
        hearts[(code >> 2 * bits) & mask],
        spades[code >> 3 * bits],
    )
    return _meld(holdings, trump, tables)


def _not_in_deck(hand: tuple[Card, ...], deck: DeckKind) -> typing.NoReturn:
    check_in_deck(hand, deck)  # raises DeckError, naming the card
    raise InvariantError(f"the meld tables reject a hand the {deck} deck allows: {hand}")


def _read_tokens(hand: tuple[object, ...]) -> tuple[Card, ...]:
    """Cards given as a mix of cards and names ("AS"); anything else is an `ArgumentError`."""
    return parse_cards(typing.cast(tuple[Card | str, ...], hand))


def _meld(holdings: tuple[_Holding, ...], trump: Suit | None, tables: _Tables) -> Meld:
    c, d, h, s = holdings
    group = tables.groups[c.mask & d.mask & h.mask & s.mask]
    total = c.plain + d.plain + h.plain + s.plain + group.value
    if trump is not None:
        total += holdings[trump].delta
    items: tuple[MeldItem, ...] = ()
    for suit in _ORDER[trump]:
        # The items cached on the holding, read here without a call (the hot path).
        held = holdings[suit]
        part = held.trump_items if suit is trump else held.plain_items
        items += tables.suit_items(suit, held, suit is trump) if part is None else part
    shown = group.items
    items += tables.group_items(group) if shown is None else shown
    if tables.marked:  # a quadruple that wins, or checks: never in the default profile
        return _marked(holdings, trump, group, tables, total, items)
    return Meld(total, items, trump)


def _marked(
    holdings: tuple[_Holding, ...],
    trump: Suit | None,
    group: _Group,
    tables: _Tables,
    total: int,
    items: tuple[MeldItem, ...],
) -> Meld:
    """The meld with what wins the game and its checks (`Meld.wins`, `Meld.checks`)."""
    wins = group.wins
    checks = group.checks + sum(h.plain_checks for h in holdings)
    if trump is not None:
        held = holdings[trump]
        wins = held.trump_wins or wins
        checks += held.trump_checks - held.plain_checks
    if sum(h.nines for h in holdings) >= 7:  # seven nines (WP), whether melded or not
        checks += tables.checks.seven_nines
    return Meld(total, items, trump, wins, checks)


def _trump(trump: Suit | str | None) -> Suit | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    if isinstance(trump, str):
        return parse_suit(trump)
    raise ArgumentError("trump", "a Suit, a suit's text such as 'H', or None", trump)


def score_meld(cards: Iterable[Card] | str, trump: Suit | str | None, variant: Variant) -> Meld:
    """Score a hand's meld (rules/meld), maximised over every way to use the cards.

    Args:
        cards: Any number of cards, or text that `parse_cards` reads (``"AH TH KH"``).
        trump: The trump suit (a `Suit`, ``"H"``, ``"♥"`` or ``"hearts"``), or None before
            trump is named: then there is no run, no dix and every marriage is plain.
        variant: The profile whose meld rules, values and scale apply.

    Returns:
        The total and the items that make it.

    Raises:
        DeckError: The cards cannot all come from the profile's deck.
        CardParseError: The text holds something that is not a card.
        SuitParseError: ``trump`` is text that is not a suit.
        ArgumentError: ``cards`` holds something that is neither a card nor a card name,
            ``trump`` is neither a suit nor text, or ``variant`` is not a `Variant`.
    """
    tables = _tables(variant)
    return _meld(_holdings(cards, tables), _trump(trump), tables)


def meld_by_trump(cards: Iterable[Card] | str, variant: Variant) -> dict[Suit, Meld]:
    """Score a hand's meld for each possible trump suit (for bidding).

    Args:
        cards: As for `score_meld`.
        variant: The profile.

    Returns:
        The meld for each suit, in `Suit` order.

    Raises:
        DeckError: The cards cannot all come from the profile's deck.
    """
    tables = _tables(variant)
    holdings = _holdings(cards, tables)
    return {suit: _meld(holdings, suit, tables) for suit in Suit}


def meld_total(cards: Iterable[Card] | str, trump: Suit | str | None, variant: Variant) -> int:
    """A hand's meld points: ``score_meld(cards, trump, variant).total``, without the items.

    The same look-ups as `score_meld`; it builds no `Meld` (the names and cards of each
    item), so it suits a player that only compares totals.

    Args:
        cards: As for `score_meld`.
        trump: As for `score_meld` (None: before trump is named).
        variant: The profile.

    Raises:
        DeckError: The cards cannot all come from the profile's deck.
        CardParseError: The text holds something that is not a card.
        SuitParseError: ``trump`` is text that is not a suit.
        ArgumentError: As for `score_meld`.
    """
    tables = _tables(variant)
    holdings = _holdings(cards, tables)
    plain, suit = _plain(holdings, tables), _trump(trump)
    return plain if suit is None else plain + holdings[suit].delta


def meld_totals(cards: Iterable[Card] | str, variant: Variant) -> dict[Suit | None, int]:
    """A hand's meld points with each suit as trump, and before trump is named (key None).

    ``meld_totals(cards, variant)[suit] == score_meld(cards, suit, variant).total`` for
    every `Suit` and for None; the hand is read once and no `Meld` is built, so a bidder
    values its hand for every trump at the cost of about one `score_meld`.

    Args:
        cards: As for `score_meld`.
        variant: The profile.

    Returns:
        The totals in `Suit` order, then None's.

    Raises:
        DeckError: The cards cannot all come from the profile's deck.
        CardParseError: The text holds something that is not a card.
        ArgumentError: As for `score_meld`.
    """
    tables = _tables(variant)
    return _totals(_holdings(cards, tables), tables)


def _plain(holdings: tuple[_Holding, ...], tables: _Tables) -> int:
    """The meld with no trump (as `_meld` sums it); a trump suit adds its holding's delta."""
    c, d, h, s = holdings
    return (
        c.plain
        + d.plain
        + h.plain
        + s.plain
        + tables.groups[c.mask & d.mask & h.mask & s.mask].value
    )


def _totals(holdings: tuple[_Holding, ...], tables: _Tables) -> dict[Suit | None, int]:
    """The totals of `_meld` for every trump: the plain meld, plus the trump suit's delta."""
    plain = _plain(holdings, tables)
    c, d, h, s = holdings
    return {
        Suit.CLUBS: plain + c.delta,
        Suit.DIAMONDS: plain + d.delta,
        Suit.HEARTS: plain + h.delta,
        Suit.SPADES: plain + s.delta,
        None: plain,
    }


# --- The highest meld a hand can hold (bid limits) -------------------------------------


def highest_meld(variant: Variant, cards: int) -> int:
    """The highest meld any hand of ``cards`` cards from the profile's deck can score.

    Exact, not an estimate: the maximum over every hand of that size and every trump suit
    (or the whole deck's best, for more cards than the deck holds). Computed once per
    profile's meld rules, scale, deck and size, then cached (a few milliseconds for the
    single deck, under a second for the double deck).

    How it is derived, from the same per-suit tables `score_meld` reads: a hand's meld is
    the sum of each suit's type I value (a plain suit's marriages, or the trump suit's
    runs, royal marriages and dixes) plus the value of its arounds and pinochles, and that
    last part depends only on the *levels* ``(a, k, q, j, p)``: how many aces, kings,
    queens and jacks around and pinochles the hand holds (the fewest copies of the rank in
    any suit; the fewer of Q♠ and J♦). For each level, every suit must hold at least
    ``a`` aces, ``k`` kings, ``q`` queens and ``j`` jacks (spades ``max(q, p)`` queens,
    diamonds ``max(j, p)`` jacks; with ``meld.grand_pinochle`` a sixth level ``g``, the
    grand pinochles, asks spades for ``max(k, g)`` kings; the roundhouse bonus follows from
    ``k`` and ``q``); subject to that, the four suits are independent, so
    the best type I value of each suit for each number of cards is a table lookup, and
    the four suits are combined by a max-plus knapsack over the number of cards. The best
    over every level and every trump suit is the answer: every hand is counted at its own
    level, and the value found at a level is one a hand of at most that size scores
    (meld never falls when a card is added, so "at most" is "exactly"). Levels that need
    more cards than the hand holds are skipped.

    Args:
        variant: The profile (its meld table, doubles rule, value overrides, scale, deck).
        cards: The number of cards in the hand (for a bidder with a kitty: hand plus kitty).

    Raises:
        ArgumentError: ``variant`` is not a `Variant`.
    """
    tables = _tables(variant)
    size = min(max(cards, 0), 24 * tables.copies)
    return _highest_meld(variant.meld, variant.scale, variant.deal.deck, size)


@functools.lru_cache(maxsize=64)
def _highest_meld(rules: MeldRules, scale: int, deck: DeckKind, size: int) -> int:
    tables = _compile(rules, scale, deck)
    copies = tables.copies
    grand = tables.grand is not None
    digit = copies.bit_length()
    levels = range(copies + 1)
    # best[trump][(a, k, q, j)][n]: a suit's best type I value with at least a aces, k
    # kings, q queens and j jacks, in at most n cards; trump 0 plain, 1 the trump suit.
    exact: tuple[dict[tuple[int, int, int, int], list[int]], ...] = ({}, {})
    low = -(10**12)  # no holding
    for code, holding in tables.suits[Suit.CLUBS].items():
        counts = [(code >> (digit * rank)) & ((1 << digit) - 1) for rank in Rank]
        key = (counts[Rank.ACE], counts[Rank.KING], counts[Rank.QUEEN], counts[Rank.JACK])
        for trump, value in ((0, holding.plain), (1, holding.plain + holding.delta)):
            row = exact[trump].setdefault(key, [low] * (size + 1))
            if holding.size <= size and value > row[holding.size]:
                row[holding.size] = value
    best: list[dict[tuple[int, int, int, int], list[int]]] = []
    for trump in (0, 1):
        table = exact[trump]
        for row in table.values():  # at most n cards
            for n in range(1, size + 1):
                row[n] = max(row[n], row[n - 1])
        for axis in range(4):  # at least a, k, q, j: the best of every holding above
            for key in sorted(table, key=lambda k: -k[axis]):
                if key[axis] < copies:
                    up = list(key)
                    up[axis] += 1
                    above = table[(up[0], up[1], up[2], up[3])]
                    table[key] = [max(x, y) for x, y in zip(table[key], above, strict=True)]
        best.append(table)
    plain, trumped = best
    found = 0
    for level in itertools.product(levels, repeat=6 if grand else 5):
        a, k, q, j, p = level[:5]
        g = level[5] if grand else 0  # grand pinochles: K♠ with a pinochle
        if g > p or 4 * (a + k + q + j) + max(p - q, 0) + max(p - j, 0) + max(g - k, 0) > size:
            continue
        group = tables.group_value(level)[0]
        spades, diamonds = (a, max(k, g), max(q, p), j), (a, k, q, max(j, p))
        other = (a, k, q, j)  # clubs and hearts
        p_other, p_spades, p_diamonds = plain[other], plain[spades], plain[diamonds]
        both_others = _max_plus(p_other, p_other)
        # Trump clubs (or hearts, the same): the trump suit, the other plain suit, ♠ and ♦.
        rest = _max_plus(_max_plus(p_other, p_spades), p_diamonds)
        value = max(
            _max_plus_at(trumped[other], rest, size),
            _max_plus_at(trumped[spades], _max_plus(both_others, p_diamonds), size),
            _max_plus_at(trumped[diamonds], _max_plus(both_others, p_spades), size),
        )
        found = max(found, value + group)
    return found


def _max_plus(x: list[int], y: list[int]) -> list[int]:
    """``z[n] = max(x[i] + y[n - i])``: two suits' best values in at most n cards."""
    return [max(x[i] + y[n - i] for i in range(n + 1)) for n in range(len(x))]


def _max_plus_at(x: list[int], y: list[int], n: int) -> int:
    return max(x[i] + y[n - i] for i in range(n + 1))
