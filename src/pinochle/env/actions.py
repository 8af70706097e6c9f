"""The fixed action index: every action of a profile as an integer ``0 .. n-1``.

The layout is the same for every profile except its tail, the bids (the docs' page
"Reinforcement learning and OpenSpiel" has the full table):

| index | action |
|---|---|
| 0 | ``pass`` (the auction) |
| 1-4 | ``trump ♣``, ``trump ♦``, ``trump ♥``, ``trump ♠`` |
| 5-28 | ``play CARD``, by face: ``5 + Card.index`` (9♣ 5, J♣ 6, ... A♠ 28) |
| 29-52 | pick a card to pass, return or bury, by face: ``29 + Card.index`` |
| 53-61 | the actions without arguments, `SIMPLE_ACTIONS` (``throw in`` ... ``draw turn-up``) |
| 62-83 | two-hand declarations (`DECLARATIONS`) |
| 84- | ``bid AMOUNT``, every amount the profile can bid, lowest first (`ActionIndex.bids`) |
| last | ``shoot the moon``, only under ``settlement.shoot_the_moon`` (`ActionIndex.moon`) |

Choosing cards (``pass-cards``, ``bury``) is a sequence of single-card picks: the seat picks
one card at a time, and the pick that completes the choice decodes to the library's
`PassCards` or `Bury` action. The picks so far are passed to `ActionIndex.mask` and
`ActionIndex.decode` as ``picked``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

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
    ShootTheMoon,
    TakeTurnUp,
    ThrowIn,
)
from pinochle.auction import next_bid
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.choices import BidChoices, CardChoices
from pinochle.engine import bid_limit
from pinochle.errors import VARIANT_EXPECTED, ArgumentError, IllegalActionError
from pinochle.state import Observation, Phase
from pinochle.variant import Partner, Variant

__all__ = [
    "BID_BASE",
    "DECLARATIONS",
    "DECLARE_BASE",
    "MAX_BIDS",
    "PICK_BASE",
    "PLAY_BASE",
    "SIMPLE_ACTIONS",
    "ActionIndex",
]

PLAY_BASE: Final = 5
"""Index of ``play 9♣``; ``play CARD`` is ``PLAY_BASE + card.index``."""
PICK_BASE: Final = 29
"""Index of the pick of 9♣; picking ``CARD`` is ``PICK_BASE + card.index``."""
SIMPLE_BASE: Final = 53
"""Index of the first of `SIMPLE_ACTIONS`."""
DECLARE_BASE: Final = 62
"""Index of the first of `DECLARATIONS`."""
BID_BASE: Final = 84
"""Index of the lowest bid; ``ActionIndex.bids[i]`` is at ``BID_BASE + i``."""
MAX_BIDS: Final = 1024
"""The most bid amounts an index holds: a profile with more (a huge ``bidding.maximum``)
keeps its lowest 1024, and higher bids have no index (they are never in the mask)."""

SIMPLE_ACTIONS: tuple[Action, ...] = (
    ThrowIn(),
    PlayOn(),
    Concede(),
    CallMisdeal(),
    KeepHand(),
    ExchangeDix(),
    KeepDix(),
    Draw(),
    TakeTurnUp(),
)
"""The actions without arguments (but `Pass`), at ``53 + position``."""

_SUITS = tuple(Suit)  # ♣ ♦ ♥ ♠: Suit order


def _declarations() -> tuple[Declare, ...]:
    def card(suit: Suit, rank: Rank) -> Card:
        return CARDS[suit * 6 + rank]

    run = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    found: list[Declare] = []
    found += [Declare("run", [card(s, r) for r in run]) for s in _SUITS]
    for kind in ("royal marriage", "marriage"):
        found += [Declare(kind, [card(s, Rank.KING), card(s, Rank.QUEEN)]) for s in _SUITS]
    found += [Declare("dix", [card(s, Rank.NINE)]) for s in _SUITS]
    for name, rank in (
        ("aces", Rank.ACE),
        ("kings", Rank.KING),
        ("queens", Rank.QUEEN),
        ("jacks", Rank.JACK),
    ):
        found.append(Declare(f"{name} around", [card(s, rank) for s in _SUITS]))
    pinochle = [card(Suit.SPADES, Rank.QUEEN), card(Suit.DIAMONDS, Rank.JACK)]
    found.append(Declare("pinochle", pinochle))
    found.append(Declare("double pinochle", pinochle * 2))
    return tuple(found)


DECLARATIONS: tuple[Declare, ...] = _declarations()
"""Every two-hand meld declaration, at ``62 + position``: run ♣ ♦ ♥ ♠ (62-65), royal
marriage ♣ ♦ ♥ ♠ (66-69), marriage ♣ ♦ ♥ ♠ (70-73), dix ♣ ♦ ♥ ♠ (74-77), aces, kings,
queens and jacks around (78-81), pinochle (82), double pinochle (83)."""

_FIXED: dict[Action, int] = {
    Pass(): 0,
    **{NameTrump(s): 1 + i for i, s in enumerate(_SUITS)},
    **{a: SIMPLE_BASE + i for i, a in enumerate(SIMPLE_ACTIONS)},
    **{d: DECLARE_BASE + i for i, d in enumerate(DECLARATIONS)},
}
_BY_INDEX: dict[int, Action] = {i: a for a, i in _FIXED.items()}
_PICKING = frozenset({Phase.PASS, Phase.RETURN, Phase.BURY})


@functools.lru_cache(maxsize=128)
def _bid_amounts(variant: Variant) -> tuple[int, ...]:
    """Every amount the profile can bid, lowest first, at most `MAX_BIDS` of them.

    The dealer's amounts under the minimum (``bidding.dealer_minimum``) first, then the grid
    from ``bidding.minimum`` up to `pinochle.bid_limit` (``step``, then ``step_above`` from
    ``step_threshold``), as `pinochle.auction.next_bid` walks it.
    """
    rules = variant.bidding
    amounts: list[int] = []
    if rules.dealer_minimum is not None:
        amounts += range(rules.dealer_minimum, rules.minimum, rules.step)[:MAX_BIDS]
    limit = bid_limit(variant)
    amount = next_bid(variant, None)
    while amount is not None and amount <= limit and len(amounts) < MAX_BIDS:
        amounts.append(amount)
        amount = next_bid(variant, amount)
    return tuple(amounts)


@attrs.frozen(eq=False)
class ActionIndex:
    """The fixed mapping between a profile's actions and the integers ``0 .. n-1``.

    A pure function of the profile: two indexes of equal profiles are equal and agree on
    every index. The layout is in the module docstring (and the docs' table): the same for
    every profile up to index 83, then the bids, then (only in a profile with
    ``settlement.shoot_the_moon``) ``shoot the moon``: the other profiles' indexes are
    the same as without the rule.

    Cards to pass, return or bury are chosen by single-card picks (indices 29-52): `mask`
    and `decode` take the cards ``picked`` so far, and `decode` returns None until the pick
    that completes the choice, which decodes to the `PassCards` or `Bury` action.

    ``ActionIndex(variant)`` raises `ArgumentError` if ``variant`` is not a `Variant`, or
    is a referee's profile (``renege.accept``): a renege call names a seat and a renege is
    an illegal card, neither of which the fixed action space holds; or shares the kitty
    (``kitty.share``): a share is an ordered choice (which card to keep, which to give each
    seat), which the single-card picks cannot express; or a five-hand profile with a called
    partner (``deal.partner = "called"``): the call is not in the space and the sides change
    with every hand.

    Attributes:
        variant: The rules.
        bids: Every bid amount with an index, lowest first: ``bid bids[i]`` is ``84 + i``.
        moon: The index of ``shoot the moon`` (``84 + len(bids)``, the last), or None in a
            profile without ``settlement.shoot_the_moon``.
    """

    variant: Variant = attrs.field()
    bids: tuple[int, ...] = attrs.field(init=False)
    moon: int | None = attrs.field(init=False)
    _bid_at: dict[int, int] = attrs.field(init=False, repr=False)
    _bid_array: npt.NDArray[np.int64] = attrs.field(init=False, repr=False)

    @variant.validator
    def _check(self, attribute: attrs.Attribute[Variant], value: object) -> None:
        if not isinstance(value, Variant):
            raise ArgumentError("variant", VARIANT_EXPECTED, value)
        if value.renege.accept:
            raise ArgumentError(
                "variant",
                "a profile without renege.accept (the fixed action space has no renege "
                "call; rules/reneges)",
                value.name,
            )
        if value.kitty.share:
            raise ArgumentError(
                "variant",
                "a profile without kitty.share (the fixed action space has no ordered "
                "share of the kitty; rules/passing-and-kitty#share)",
                value.name,
            )
        if value.deal.partner is not Partner.NONE:
            raise ArgumentError(
                "variant",
                "a profile without a called partner (deal.partner = 'none': the fixed action "
                "space has no call and fixed sides; rules/deck-and-deal#five-hands)",
                value.name,
            )

    def __attrs_post_init__(self) -> None:
        bids = _bid_amounts(self.variant)
        object.__setattr__(self, "bids", bids)
        moon = BID_BASE + len(bids) if self.variant.settlement.shoot_the_moon else None
        object.__setattr__(self, "moon", moon)
        object.__setattr__(self, "_bid_at", {a: BID_BASE + i for i, a in enumerate(bids)})
        object.__setattr__(self, "_bid_array", np.array(bids, dtype=np.int64))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionIndex):
            return NotImplemented
        return self.variant == other.variant

    def __hash__(self) -> int:
        return hash(self.variant)

    def __reduce__(self) -> tuple[type[ActionIndex], tuple[Variant]]:
        return ActionIndex, (self.variant,)

    @property
    def n(self) -> int:
        """How many indices there are: ``84 + len(bids)``, one more with `moon`."""
        return BID_BASE + len(self.bids) + (self.moon is not None)

    @property
    def groups(self) -> dict[str, range]:
        """The index ranges by kind.

        The kinds: ``pass``, ``trump``, ``play``, ``pick``, ``simple``, ``declare``, ``bid``,
        and ``moon`` in a profile with `moon`.
        """
        groups = {
            "pass": range(0, 1),
            "trump": range(1, PLAY_BASE),
            "play": range(PLAY_BASE, PICK_BASE),
            "pick": range(PICK_BASE, SIMPLE_BASE),
            "simple": range(SIMPLE_BASE, DECLARE_BASE),
            "declare": range(DECLARE_BASE, BID_BASE),
            "bid": range(BID_BASE, BID_BASE + len(self.bids)),
        }
        if self.moon is not None:
            groups["moon"] = range(self.moon, self.moon + 1)
        return groups

    # --- Actions to indices --------------------------------------------------------

    def encode(self, action: Action) -> int:
        """The index of a single-index action (every action but `PassCards` and `Bury`).

        Raises:
            ArgumentError: ``action`` is no action, a bid off the profile's grid or above
                its highest indexed bid, or a card choice (encode those with `picks`).
        """
        if type(action) is Play:
            return PLAY_BASE + action.card.index
        if type(action) is Bid:
            found = self._bid_at.get(action.amount)
            if found is None:
                raise ArgumentError("action", f"a bid in the index ({self._bid_range()})", action)
            return found
        if isinstance(action, PassCards | Bury):
            raise ArgumentError(
                "action",
                "a single-index action (a card choice is a sequence of picks: use picks())",
                action,
            )
        if type(action) is ShootTheMoon and self.moon is not None:
            return self.moon
        try:
            return _FIXED[action]
        except (KeyError, TypeError):
            raise ArgumentError("action", "an action of the index", action) from None

    def picks(self, action: Action) -> tuple[int, ...]:
        """The indices that choose ``action``, in order.

        One pick per card (in `Card.index` order) for `PassCards` and `Bury`, else
        ``(encode(action),)``.

        Raises:
            ArgumentError: As for `encode`.
        """
        if isinstance(action, PassCards | Bury):
            return tuple(PICK_BASE + card.index for card in action.cards)
        return (self.encode(action),)

    # --- Indices to actions --------------------------------------------------------

    def card(self, index: int) -> Card:
        """The card of a play (5-28) or pick (29-52) index.

        Raises:
            ArgumentError: ``index`` is neither a play nor a pick.
        """
        if (type(index) is int or isinstance(index, np.integer)) and (
            PLAY_BASE <= index < SIMPLE_BASE
        ):
            return CARDS[(int(index) - PLAY_BASE) % 24]
        raise ArgumentError("index", f"a play or pick index ({PLAY_BASE}-{SIMPLE_BASE - 1})", index)

    def action(self, index: int) -> Action:
        """The action at an index, legal now or not (picks are not actions: see `decode`).

        Raises:
            ArgumentError: ``index`` is outside ``0 .. n-1`` or a pick (29-52).
        """
        index = self._checked(index)
        if PLAY_BASE <= index < PICK_BASE:
            return PLAYS[index - PLAY_BASE]
        if index == self.moon:
            return ShootTheMoon()
        if index >= BID_BASE:
            return Bid(self.bids[index - BID_BASE])
        if index in _BY_INDEX:
            return _BY_INDEX[index]
        raise ArgumentError("index", "an index that is an action on its own (not a pick)", index)

    def describe(self, index: int) -> str:
        """The index in words: ``"play 10♣"``, ``"pick 10♣"``, ``"bid 250"``.

        Raises:
            ArgumentError: ``index`` is outside ``0 .. n-1``.
        """
        index = self._checked(index)
        if PICK_BASE <= index < SIMPLE_BASE:
            return f"pick {CARDS[index - PICK_BASE]}"
        return str(self.action(index))

    def picks_needed(self, observation: Observation) -> int:
        """How many cards the seat's decision picks: the cards to pass, return or bury, else 0."""
        legal = self._legal(observation)
        return legal.k if isinstance(legal, CardChoices) else 0

    def decode(
        self, index: int, observation: Observation, picked: Sequence[Card] = ()
    ) -> Action | None:
        """The action a legal index stands for now, for the seat that observes.

        Args:
            index: An index the `mask` allows.
            observation: The acting seat's observation (its ``legal_actions`` decide).
            picked: The cards picked so far in a card choice (empty otherwise).

        Returns:
            The action; or None for a pick that does not complete the choice (the caller
            adds ``card(index)`` to ``picked`` and asks again).

        Raises:
            IllegalActionError: The index is not legal now (its mask entry is 0).
            ArgumentError: ``index`` is outside ``0 .. n-1``, ``observation`` is not an
                `Observation`, or ``picked`` is not a possible start of a choice.
        """
        index = self._checked(index)
        legal = self._legal(observation)
        if isinstance(legal, CardChoices):
            card = CARDS[index - PICK_BASE] if PICK_BASE <= index < SIMPLE_BASE else None
            if card is None or card not in self._pickable(legal, picked):
                raise self._illegal(index)
            chosen = (*picked, card)
            if len(chosen) < legal.k:
                return None
            made: Action = legal.make(chosen)
            return made
        if picked:
            raise ArgumentError("picked", "no cards: this decision is not a card choice", picked)
        if PICK_BASE <= index < SIMPLE_BASE:
            raise self._illegal(index)
        action = self.action(index)
        if action not in legal:
            raise self._illegal(index)
        return action

    def mask(self, observation: Observation, picked: Sequence[Card] = ()) -> npt.NDArray[np.int8]:
        """The legal indices now: an ``int8`` array of ``n`` zeros and ones.

        All zeros when the observing seat is not to act (or the game is over). In a card
        choice only picks are legal: each card the seat may still add to ``picked``.

        Raises:
            ArgumentError: ``observation`` is not an `Observation`, or ``picked`` is not a
                possible start of the seat's card choice (or is given outside one).
        """
        mask = np.zeros(self.n, dtype=np.int8)
        legal = self._legal(observation)
        if isinstance(legal, CardChoices):
            for card in self._pickable(legal, picked):
                mask[PICK_BASE + card.index] = 1
            return mask
        if picked:
            raise ArgumentError("picked", "no cards: this decision is not a card choice", picked)
        if isinstance(legal, BidChoices):
            if legal.can_pass:
                mask[0] = 1
            amounts = self._bid_array
            for run in legal.amounts:
                hits = (amounts >= run.start) & (amounts < run.stop)
                hits &= (amounts - run.start) % run.step == 0
                mask[BID_BASE : BID_BASE + len(amounts)][hits] = 1  # the moon's index follows
            return mask
        bid_at = self._bid_at
        for action in legal:
            kind = type(action)
            if kind is Play:
                mask[PLAY_BASE + action.card.index] = 1  # type: ignore[union-attr]
            elif kind is Bid:
                at = bid_at.get(action.amount)  # type: ignore[union-attr]
                if at is not None:  # only bids above the cap lack an index
                    mask[at] = 1
            else:
                mask[self.encode(action)] = 1
        return mask

    def legal_indices(self, observation: Observation, picked: Sequence[Card] = ()) -> list[int]:
        """The indices the `mask` allows, in increasing order."""
        return [int(i) for i in np.flatnonzero(self.mask(observation, picked))]

    # --- Helpers -------------------------------------------------------------------

    def _illegal(self, index: int) -> IllegalActionError:
        return IllegalActionError(f"index {index} ({self.describe(index)})", "not legal now")

    def _checked(self, index: object) -> int:
        if (type(index) is int or isinstance(index, np.integer)) and 0 <= index < self.n:
            return int(index)
        raise ArgumentError("index", f"an action index from 0 to {self.n - 1}", index)

    def _bid_range(self) -> str:
        if not self.bids:
            return "none"
        return f"{self.bids[0]} to {self.bids[-1]} on the profile's grid"

    def _legal(self, observation: Observation) -> Sequence[Action]:
        if not isinstance(observation, Observation):
            raise ArgumentError("observation", "an Observation (pinochle.observe)", observation)
        if observation.variant is not self.variant and observation.variant != self.variant:
            raise ArgumentError(
                "observation", f"an observation of {self.variant.name!r}", observation.variant.name
            )
        legal = observation.legal_actions
        if observation.phase in _PICKING and legal and not isinstance(legal, CardChoices):
            # A hand-made list of card choices: the same picking rules, one choice at a time.
            return _ChoiceList(legal)
        return legal

    @staticmethod
    def _pickable(legal: CardChoices[Any] | _ChoiceList, picked: Sequence[Card]) -> list[Card]:
        """The cards that may be picked next (each face once)."""
        if isinstance(legal, _ChoiceList):
            return legal.pickable(picked)
        want = Counter(picked)
        try:
            bad = len(picked) >= legal.k or any(type(c) is not Card for c in picked)
        except TypeError:
            bad = True
        left = Counter(legal.cards) - want
        if bad or (want - Counter(legal.cards)):
            raise ArgumentError(
                "picked", f"fewer than {legal.k} of the cards to choose from", picked
            )
        return sorted(left, key=lambda c: c.index)


class _ChoiceList(CardChoices[Action]):
    """Card choices given as an explicit list (not the engine's lazy `CardChoices`)."""

    def __init__(self, choices: Sequence[Action]) -> None:
        cards = [getattr(a, "cards", ()) for a in choices]
        k = len(cards[0])
        kind = type(choices[0])
        super().__init__(
            [c for cs in cards for c in cs],
            k,
            kind,
            lambda a: getattr(a, "cards", None),
        )
        self._choices = [Counter(cs) for cs in cards]

    def pickable(self, picked: Sequence[Card]) -> list[Card]:
        want = Counter(picked)
        if len(picked) >= self.k:
            raise ArgumentError("picked", f"fewer than {self.k} cards", picked)
        fits = [c for c in self._choices if not want - c]
        if not fits:
            raise ArgumentError("picked", "the start of one of the legal card choices", picked)
        faces = {card for c in fits for card in (c - want)}
        return sorted(faces, key=lambda c: c.index)
