"""Finishing an imagined hand quickly: the inner loop of the Expert.

`play_out` plays the rest of a hand from a full `State` (a deal imagined by
`pinochle.sample_state`) with a fast full-information policy for every seat, and returns
how the settled hand scored for one side against the others.

Trick play is finished off the engine on per-suit lists of ranks, with the same choices as
`quick_card` over `pinochle.legal_plays`, and settled with `settle_play` (`Settlements`
settles each distinct outcome of one decision's play-outs once): three to four times as
fast as the earlier play-out on lists of cards, which was itself about twice as fast as
stepping the engine. The two-hand stock game's tricks, meld turns and draws are played on
card counts (`pinochle.bots.stock_play.through_stock`, the same moves as stepping the
engine) until the stock is gone; the last tricks are then played on lists as well.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from pinochle import (
    CARDS,
    EMPTY_TRICK,
    Action,
    Card,
    Declare,
    ExchangeDix,
    Phase,
    Play,
    Rank,
    State,
    Suit,
    Variant,
    apply,
    card_points,
    legal_actions,
    settle_play,
    trick_rule,
    trick_winner,
)
from pinochle.bots.stock_play import Starts, through_stock

__all__ = [
    "Settlements",
    "margin",
    "play_out",
    "played_out",
    "quick_card",
    "sides",
    "trick_points",
    "with_partner",
]

_COUNTERS = frozenset((Rank.ACE, Rank.TEN, Rank.KING))


def sides(state: State) -> tuple[int, ...]:
    """The side (score index) of every seat of the state's hand."""
    return tuple(state.side_of(seat) for seat in state.seats())


def _sides(state: State) -> Sequence[int]:
    """`sides`, read from the profile and the hand's persons (as `State.side_of` does).

    At five hands a called partner already revealed plays on the bidder's side: its seat
    is given the bidder's side (its points count for the pair, which settles as one).
    """
    deal = state.variant.deal
    if deal.partnerships:
        return _TEAMS[deal.teams]
    hand = state.hand
    if hand.partner is not None and hand.bidder is not None:
        return _joined(hand.persons, hand.partner, hand.bidder)
    return hand.persons


def _called(state: State) -> tuple[int, int]:
    """The called card's `Card.index` and the bidder, while the partner is unknown; else -1s.

    Five hands: the first seat other than the bidder to play a copy becomes the bidder's
    partner (rules/deck-and-deal#five-hands), which a play-out must follow as it goes.
    """
    hand = state.hand
    if hand.called is None or hand.partner is not None or hand.bidder is None:
        return -1, -1
    return hand.called.index, hand.bidder


def _joined(mine: Sequence[int], partner: int, bidder: int) -> list[int]:
    """Each seat's side once ``partner`` has shown: the bidder's side from now on."""
    joined = list(mine)
    joined[partner] = joined[bidder]
    return joined


def with_partner(state: State, partner: int | None) -> State:
    """The state with ``partner`` as the bidder's called partner (None: as it is).

    A play-out that reveals the partner settles the hand on a state that names it, as the
    engine would have (`pinochle.settle_play` reads it from the hand).
    """
    if partner is None or state.hand.partner is not None:
        return state
    return attrs.evolve(state, hand=attrs.evolve(state.hand, partner=partner))


# Seat s plays for team s % teams, as State.side_of (no sit-outs with partnerships).
_TEAMS = {teams: tuple(seat % teams for seat in range(8)) for teams in range(2, 5)}


def margin(scores: Sequence[int], side: int) -> float:
    """A side's score for the hand less the mean of the other sides'."""
    others = [s for i, s in enumerate(scores) if i != side]
    return scores[side] - sum(others) / len(others)


def play_out(state: State, card: Card, side: int) -> float:
    """Play ``card`` for the seat to act, finish the hand, and return ``side``'s margin."""
    return Settlements().play_out(state, card, side)


class Settlements:
    """Play-outs of one decision's sampled deals, sharing their settlements.

    A hand settles on its public facts (bid, bidder, meld shown, trump) and on the
    totals its tricks reached, plus the buried cards: every sampled deal of one
    observation shares the public facts, and play-outs often end on the same totals
    (pinochlerun: one settlement for ten play-outs), so each distinct outcome is settled
    once. Use one instance per observation. (A two-hand play-out's meld turns change
    the meld shown: its meld points are part of the outcome.) It also keeps the start of
    each deal `through_stock` plays (two-hand), for the deal's next card.
    """

    def __init__(self) -> None:
        self._settled: dict[tuple[object, ...], tuple[int, ...]] = {}
        self._starts: Starts = {}

    def play_out(self, state: State, card: Card, side: int) -> float:
        """Play ``card`` for the seat to act, finish the hand, return ``side``'s margin."""
        if state.hand.turn_up is not None or state.phase is not Phase.TRICKS:
            after = through_stock(state, card, self._starts)  # the stock phase on integers
            if after is not None:
                return margin(self.scores(after, None), side)
            settled = len(state.results)
            state = _engine_until_tricks(state, Play(card))
            if len(state.results) != settled:
                return margin(state.results[-1].scores, side)
            # Its meld turns changed the meld shown: settled apart from the shared ones.
            return margin(_list_play_out(state, None), side)
        return margin(self.scores(state, card), side)

    def scores(self, state: State, card: Card | None) -> tuple[int, ...]:
        """Each side's score for the hand once its tricks are played out on lists.

        ``state`` must be one of the observation's sampled deals (in its trick play), or
        one `through_stock` reached from such a deal.
        """
        points, won, counters, partner = _list_tricks(state, card)
        return self.settle(state, points, won, counters, partner)

    def settle(
        self,
        state: State,
        points: list[int],
        won: list[int],
        counters: list[bool],
        partner: int | None = None,
    ) -> tuple[int, ...]:
        """`settle_play`'s scores for these totals, worked out once per distinct outcome.

        A two-hand play-out's meld turns change the meld shown, so it is part of the key;
        so is ``partner``, the called partner the play-out revealed (five hands).
        """
        key = (*points, *won, *counters, state.hand.buried, state.hand.meld_points, partner)
        scores = self._settled.get(key)
        if scores is None:
            scores = settle_play(with_partner(state, partner), points, won, counters).scores
            self._settled[key] = scores
        return scores


@functools.lru_cache(maxsize=32)
def _values(variant: Variant) -> tuple[int, ...]:
    """Each card's trick points under the profile, by `Card.index`."""
    return tuple(card_points([card], variant) for card in CARDS)


def quick_card(
    cards: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    trump: Suit | None,
    mine: Sequence[int],
    seat: int,
    values: Sequence[int],
) -> Card:
    """A fast, sensible choice among legal ``cards`` when every hand is known.

    Lead an ace outside trump (else the lowest card of the longest side suit); smear the
    most valuable card on a partner's winning trick; win with the cheapest card that wins;
    otherwise throw the least valuable card.
    """
    if len(cards) == 1:
        return cards[0]
    if not trick:
        side = [c for c in cards if c.suit is not trump]
        if not side:
            return max(cards, key=lambda c: c.rank)
        for c in side:
            if c.rank is Rank.ACE:
                return c
        length = {suit: 0 for suit in Suit}
        for c in side:
            length[c.suit] += 1
        return min(side, key=lambda c: (-length[c.suit], c.rank))
    played = [c for _, c in trick]
    at = trick_winner(played, trump)
    top = played[at]
    if mine[trick[at][0]] == mine[seat]:
        return max(cards, key=lambda c: (values[c.index], c.suit is not trump, -c.rank))
    winners = [c for c in cards if (c.rank > top.rank if c.suit is top.suit else c.suit is trump)]
    if winners:
        return min(winners, key=lambda c: (c.suit is trump, c.rank))
    return min(cards, key=lambda c: (values[c.index], c.suit is trump, c.rank))


def _list_play_out(state: State, card: Card | None) -> tuple[int, ...]:
    """Finish the tricks on lists of cards and settle the hand (four- and three-hand)."""
    points, won, counters, partner = _list_tricks(state, card)
    return settle_play(with_partner(state, partner), points, won, counters).scores


def trick_points(state: State) -> list[int]:
    """Each side's trick points once the quick policy has played out the tricks.

    The state must be in the trick play of a four- or three-hand game; buried cards count
    for the bidder where the profile says so.
    """
    return played_out(state)[0]


def played_out(state: State) -> tuple[list[int], int | None]:
    """`trick_points`, and the called partner the play-out revealed (five hands), else None.

    The partner's points are its own side's, as in the engine: the pair's are the bidder's
    side's plus the partner's.
    """
    points, _, _, partner = _list_tricks(state, None)
    hand, variant = state.hand, state.variant
    if hand.bidder is not None and hand.buried and variant.kitty.buried_count:
        points[sides(state)[hand.bidder]] += card_points(hand.buried, variant)
    return points, partner


# --- The play-out on small integers ------------------------------------------------------
#
# Inside a play-out a hand is four lists of ranks (0-5, ascending), one per suit, so the
# cards a player must follow with are one list, and comparing or removing a card costs no
# Python-level method call. The trick in progress is a few numbers (suit led, the winning
# seat, suit and rank, and its state in `pinochle.tricks`' tabulated duty, which the legal
# ranks are read from) updated as each card falls. The choices are exactly those of
# `quick_card` over `pinochle.legal_plays`: candidates are
# scanned in the hand's order (suit, then rank) and the first best one is kept, as `min`
# and `max` keep the first of equal keys.

_ACE = int(Rank.ACE)
_SUIT = tuple(int(c.suit) for c in CARDS)  # by Card.index
_RANK = tuple(int(c.rank) for c in CARDS)


class _Policy:
    """One profile's and trump's rules and values for the play-outs.

    ``rule`` is the trick duty (`pinochle.tricks`' tabulated rule): a play-out steps each
    trick's state through it and reads what the next card must do from it.
    """

    __slots__ = ("bonus", "players", "rule", "trump", "value")

    def __init__(self, variant: Variant, trump: Suit | None) -> None:
        self.trump = -1 if trump is None else int(trump)
        values = _values(variant)
        self.value = tuple(values[rank] for rank in range(6))  # points by rank
        self.rule = trick_rule(variant.play, trump)
        self.players = variant.deal.players
        self.bonus = variant.counting.last_trick


@functools.lru_cache(maxsize=64)
def _policy(variant: Variant, trump: Suit | None) -> _Policy:
    return _Policy(variant, trump)


def _lead(hand: list[list[int]], trump: int) -> tuple[int, int]:
    """`quick_card`'s lead: an ace outside trump, else low from the longest side suit."""
    best_suit, best_key = -1, 0
    for suit in range(4):
        ranks = hand[suit]
        if suit == trump or not ranks:
            continue
        if ranks[-1] == _ACE:
            return suit, _ACE
        key = (32 - len(set(ranks))) * 8 + ranks[0]  # longest (distinct cards), then lowest
        if best_suit < 0 or key < best_key:
            best_suit, best_key = suit, key
    if best_suit < 0:
        return trump, hand[trump][-1]  # only trumps: the highest
    return best_suit, hand[best_suit][0]


def _in_suit(
    ranks: list[int], suit: int, trump: int, value: tuple[int, ...], aim: int, win: tuple[int, int]
) -> int:
    """`quick_card` among cards of one suit: smear (aim 0), win cheaply, else throw low."""
    if aim == 0:  # the partner wins: the most valuable card, then the lowest
        best, key = -1, -1
        for r in ranks:
            k = value[r] * 8 + 5 - r
            if k > key:
                best, key = r, k
        return best
    win_suit, win_rank = win
    if win_suit == suit:
        for r in ranks:  # ascending: the first higher card is the cheapest winner
            if r > win_rank:
                return r
    elif suit == trump:
        return ranks[0]  # any trump beats a plain card: the lowest
    best, key = -1, 99
    for r in ranks:
        k = value[r] * 8 + r
        if k < key:
            best, key = r, k
    return best


def _anywhere(
    hand: list[list[int]], trump: int, value: tuple[int, ...], aim: int, win: tuple[int, int]
) -> tuple[int, int]:
    """`quick_card` among the whole hand, for a player void in the suit led."""
    if aim == 0:  # smear: most valuable, plain before trump, then the lowest
        best, key = (-1, -1), -1
        for suit in range(4):
            plain = 8 if suit != trump else 0
            for r in hand[suit]:
                k = value[r] * 16 + plain + 5 - r
                if k > key:
                    best, key = (suit, r), k
        return best
    win_suit, win_rank = win
    if trump >= 0 and hand[trump]:  # only a trump can win (the suit led is void)
        for r in hand[trump]:
            if win_suit != trump or r > win_rank:
                return trump, r
    best, key = (-1, -1), 999
    for suit in range(4):
        dear = 8 if suit == trump else 0
        for r in hand[suit]:
            k = value[r] * 16 + dear + r
            if k < key:
                best, key = (suit, r), k
    return best


def _list_tricks(
    state: State, card: Card | None
) -> tuple[list[int], list[int], list[bool], int | None]:
    """Finish the tricks on rank lists: each side's points, tricks and counters.

    Also the called partner the play-out revealed (five hands), else None: from its card
    on it plays on the bidder's side.
    """
    policy = _policy(state.variant, state.hand.trump)
    value, trump, players = policy.value, policy.trump, policy.players
    steps, duties = policy.rule.steps, policy.rule.duties
    mine = _sides(state)
    (called, bidder), partner = _called(state), None
    hands: list[list[list[int]]] = []
    for cards in state.hands:  # in index order: suit by suit, ranks ascending
        hand: list[list[int]] = [[], [], [], []]
        for c in cards:
            i = c.index
            hand[_SUIT[i]].append(_RANK[i])
        hands.append(hand)
    left = [len(cards) for cards in state.hands]
    points, won, counters = list(state.points), list(state.tricks_won), list(state.counters)
    seat = state.to_act
    assert seat is not None
    # The trick in progress: suit led, winning seat, suit and rank, and its state for the
    # duty (pinochle.tricks).
    played = led = win_seat = win_suit = win_rank = taken = 0
    trick = EMPTY_TRICK
    counter = False
    for s, c in state.trick:
        suit, rank = int(c.suit), int(c.rank)
        if not played:
            led, win_seat, win_suit, win_rank = suit, s, suit, rank
        elif suit == win_suit:
            if rank > win_rank:
                win_seat, win_rank = s, rank
        elif suit == trump:
            win_seat, win_suit, win_rank = s, suit, rank
        trick = steps[trick + c.index]
        taken += value[rank]
        counter = counter or rank >= 3  # K, 10, A
        played += 1
    forced = card
    while True:
        hand = hands[seat]
        if forced is not None:
            suit, rank, forced = int(forced.suit), int(forced.rank), None
        elif not played:
            suit, rank = _lead(hand, trump)
        else:
            aim = 0 if mine[win_seat] == mine[seat] else 1
            win = (win_suit, win_rank)
            _, beat, ruff, over, discard = duties[trick]  # legal_plays' duty
            suited = hand[led]
            if suited:  # follow suit, above ``beat`` if it can
                ranks = suited
                if beat >= 0:
                    ranks = [r for r in suited if r > beat] or suited
                suit, rank = led, _in_suit(ranks, led, trump, value, aim, win)
            elif ruff < 0 or not hand[trump]:  # (a duty to ruff is in trump)
                suit, rank = _anywhere(hand, trump, value, aim, win)
            else:  # trump, above ``over`` if it can (else any trump, or any card)
                ranks = hand[trump]
                if over >= 0:
                    higher = [r for r in ranks if r > over]
                    if higher:
                        ranks = higher
                    elif discard:
                        ranks = []
                if ranks:
                    suit, rank = trump, _in_suit(ranks, trump, trump, value, aim, win)
                else:
                    suit, rank = _anywhere(hand, trump, value, aim, win)
        hand[suit].remove(rank)
        left[seat] -= 1
        index = suit * 6 + rank
        trick = steps[trick + index]
        if index == called and seat != bidder:  # five hands: the partner shows
            mine, partner, called = _joined(mine, seat, bidder), seat, -1
        if not played:
            led, win_seat, win_suit, win_rank = suit, seat, suit, rank
            taken, counter = value[rank], rank >= 3
        else:
            if suit == win_suit:
                if rank > win_rank:
                    win_seat, win_rank = seat, rank
            elif suit == trump:
                win_seat, win_suit, win_rank = seat, suit, rank
            taken += value[rank]
            counter = counter or rank >= 3  # K, 10, A
        played += 1
        if played < players:
            seat = (seat + 1) % players
            continue
        seat = win_seat
        side = mine[seat]
        last = not left[seat]
        points[side] += taken + (policy.bonus if last else 0)
        won[side] += 1
        counters[side] = counters[side] or last or counter
        played, trick = 0, EMPTY_TRICK
        if last:
            return points, won, counters, partner


def _engine_play_out(state: State, card: Card, side: int) -> float:
    """Play ``card`` and finish the hand through the engine (the two-hand stock game)."""
    settled = len(state.results)
    state = apply(state, Play(card))
    values = _values(state.variant)
    while len(state.results) == settled and not state.is_over:
        actions = legal_actions(state)
        if state.phase is Phase.TRICKS:
            cards = [a.card for a in actions if isinstance(a, Play)]
            seat = state.to_act
            assert seat is not None
            mine = _sides(state)  # five hands: a partner who shows plays with the bidder
            chosen = quick_card(cards, state.trick, state.hand.trump, mine, seat, values)
            state = apply(state, Play(chosen))
        else:
            state = apply(state, _meld_turn(actions))
    return margin(state.results[-1].scores, side)


def _engine_until_tricks(state: State, action: Action) -> State:
    """Apply ``action``, then step the engine until the stock is gone and cards remain.

    The two-hand stock game's draws and meld turns go through the engine (the quick
    policy plays the cards, `_meld_turn` the meld turns); once the stock is used up the
    tricks are plain trick play, which the list play-out finishes. A state whose hand has
    settled (the results grew) is returned as it is.
    """
    settled = len(state.results)
    state = apply(state, action)
    mine = sides(state)
    values = _values(state.variant)
    while len(state.results) == settled and not state.is_over:
        if state.phase is Phase.TRICKS and state.hand.turn_up is None:
            return state
        actions = legal_actions(state)
        if state.phase is Phase.TRICKS:
            cards = [a.card for a in actions if isinstance(a, Play)]
            seat = state.to_act
            assert seat is not None
            chosen = quick_card(cards, state.trick, state.hand.trump, mine, seat, values)
            state = apply(state, Play(chosen))
        else:
            state = apply(state, _meld_turn(actions))
    return state


def _meld_turn(actions: Sequence[Action]) -> Action:
    """Declare the biggest meld, exchange the dix, then draw."""
    declares = [a for a in actions if isinstance(a, Declare)]
    if declares:
        return max(declares, key=lambda a: len(a.cards))
    exchange = [a for a in actions if isinstance(a, ExchangeDix)]
    return exchange[0] if exchange else actions[-1]  # Draw is always the last choice
