"""Expert's card search: a Hard-like play-out on integers and an exact endgame search.

`card_tricks` finishes the tricks of a full `State` (an imagined deal) with the Hard
player's rules of thumb (`pinochle.bots.play`) played with every hand in view: a card is
*sure* when no later opponent actually holds a higher card of its suit, nor a trump while
void in it. Unlike `pinochle.bots.rollout.quick_card` it does not win a trick with a card
a later opponent beats, it smears only on a partner's sure trick, and the side holding
the bid draws trumps.

`best_line` searches the last tricks exactly (minimax with alpha-beta pruning over every
legal card of every seat, hands in view): the trick points a side can make against best
defence. `endgame_tricks` plays the tricks out along such a line.

Both work on the play-out's representation (`pinochle.bots.rollout`): a hand is four
lists of ranks (0-5, ascending), one per suit, and the legal cards are those of
`pinochle.legal_plays` (follow suit, head the trick, trump, overtrump as the profile says):
the trick's state is stepped through `pinochle.tricks`' tabulated rule, whose duty
`legal_ranks` applies to the rank lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle import EMPTY_TRICK, Card, State
from pinochle.bots.rollout import _RANK, _SUIT, Settlements, _called, _joined, _policy, _sides

__all__ = [
    "PlayoutSettlements",
    "Tricks",
    "best_line",
    "card_tricks",
    "endgame_tricks",
    "legal_ranks",
]

Hand = list[list[int]]


def _hands(state: State) -> list[Hand]:
    hands: list[Hand] = []
    for cards in state.hands:  # in index order: suit by suit, ranks ascending
        hand: Hand = [[], [], [], []]
        for c in cards:
            i = c.index
            hand[_SUIT[i]].append(_RANK[i])
        hands.append(hand)
    return hands


def legal_ranks(hand: Hand, duty: tuple[int, int, int, int, bool] | None) -> list[tuple[int, int]]:
    """The legal cards (suit, rank) of ``hand``, each distinct card once.

    Args:
        hand: Four rank lists, one per suit, each ascending.
        duty: What the card must do, as `pinochle.tricks` answers for the trick in
            progress (``(follow, beat, ruff, over, discard)``: follow suit, above ``beat``
            if it can; else trump, above ``over`` if it can, else any trump or, with
            ``discard``, any card); None for a lead.
    """
    if duty is not None:
        follow, beat, ruff, over, discard = duty
        suited = hand[follow]
        if suited:
            ranks = suited
            if beat >= 0:
                ranks = [r for r in suited if r > beat] or suited
            return [(follow, r) for r in _distinct(ranks)]
        if ruff >= 0 and hand[ruff]:
            ranks = hand[ruff]
            if over >= 0:
                higher = [r for r in ranks if r > over]
                if higher:
                    ranks = higher
                elif discard:
                    ranks = []
            if ranks:
                return [(ruff, r) for r in _distinct(ranks)]
    return [(s, r) for s in range(4) for r in _distinct(hand[s])]


def _distinct(ranks: list[int]) -> list[int]:
    out: list[int] = []
    for r in ranks:
        if not out or out[-1] != r:
            out.append(r)
    return out


class Tricks:
    """The rest of one imagined deal's trick play, on rank lists (hands in view).

    Built from a `State` in trick play (no stock left); `play` plays the seat to act's
    card, `legal` lists its legal cards, `choose` picks one by Hard's rules of thumb.
    ``points``, ``won`` and ``counters`` are each side's running totals (the arguments
    of `pinochle.settle_play` once the last trick is over); ``partner`` is the called
    partner the play revealed (five hands), else None.
    """

    __slots__ = (
        "bidder",
        "called",
        "counter",
        "counters",
        "hands",
        "holds_bid",
        "led",
        "left",
        "mine",
        "partner",
        "played",
        "players",
        "points",
        "policy",
        "seat",
        "taken",
        "trick",
        "win_rank",
        "win_seat",
        "win_suit",
        "won",
    )

    def __init__(self, state: State) -> None:
        self.policy = policy = _policy(state.variant, state.hand.trump)
        self.players = policy.players
        self.mine = _sides(state)
        self.called, self.bidder = _called(state)  # five hands, until the partner shows
        self.partner: int | None = None
        self.hands = _hands(state)
        self.left = [len(cards) for cards in state.hands]
        self.points = list(state.points)
        self.won = list(state.tricks_won)
        self.counters = list(state.counters)
        bidder = state.hand.bidder
        self.holds_bid = -1 if bidder is None else self.mine[bidder]
        seat = state.to_act
        assert seat is not None
        self.seat = seat
        self.played = self.led = self.win_seat = self.win_suit = self.win_rank = 0
        self.taken = 0
        self.trick = EMPTY_TRICK  # the trick's state for its duty (pinochle.tricks)
        self.counter = False
        for s, c in state.trick:
            self.seat = s
            self._add(int(c.suit), int(c.rank))
        self.seat = seat

    def _add(self, suit: int, rank: int) -> None:
        """Record ``seat``'s card in the trick (not its removal from the hand)."""
        policy, seat = self.policy, self.seat
        value, trump = policy.value, policy.trump
        if not self.played:
            self.led, self.win_seat, self.win_suit, self.win_rank = suit, seat, suit, rank
            self.trick = policy.rule.steps[EMPTY_TRICK + suit * 6 + rank]
            self.taken, self.counter = value[rank], rank >= 3
        else:
            if suit == self.win_suit:
                if rank > self.win_rank:
                    self.win_seat, self.win_rank = seat, rank
            elif suit == trump:
                self.win_seat, self.win_suit, self.win_rank = seat, suit, rank
            self.trick = policy.rule.steps[self.trick + suit * 6 + rank]
            self.taken += value[rank]
            self.counter = self.counter or rank >= 3
        self.played += 1

    def play(self, suit: int, rank: int) -> bool:
        """Play the seat to act's card; True when the hand's last trick is over."""
        seat = self.seat
        self.hands[seat][suit].remove(rank)
        self.left[seat] -= 1
        self._add(suit, rank)
        if suit * 6 + rank == self.called and seat != self.bidder:  # the partner shows
            self.mine, self.partner, self.called = _joined(self.mine, seat, self.bidder), seat, -1
        if self.played < self.players:
            self.seat = (seat + 1) % self.players
            return False
        seat = self.seat = self.win_seat
        side = self.mine[seat]
        last = not self.left[seat]
        self.points[side] += self.taken + (self.policy.bonus if last else 0)
        self.won[side] += 1
        self.counters[side] = self.counters[side] or last or self.counter
        self.played = 0
        return last

    def legal(self) -> list[tuple[int, int]]:
        """The legal cards of the seat to act."""
        duty = self.policy.rule.duties[self.trick] if self.played else None
        return legal_ranks(self.hands[self.seat], duty)

    # --- Hard's rules of thumb, every hand in view ----------------------------------

    def _beats(self, other: int, led: int, suit: int, rank: int) -> bool:
        """Whether seat ``other`` holds a card that beats (suit, rank) in a trick ``led``."""
        hand = self.hands[other]
        if hand[led]:
            return suit == led and hand[led][-1] > rank
        trump = self.policy.trump
        if trump < 0 or led == trump or not hand[trump]:
            return False
        return suit != trump or hand[trump][-1] > rank

    def _safe(self, led: int, suit: int, rank: int) -> bool:
        """Whether (suit, rank) wins the trick: no later opponent of the seat beats it."""
        seat, players, mine = self.seat, self.players, self.mine
        side = mine[seat]
        for i in range(1, players - self.played):
            other = (seat + i) % players
            if mine[other] != side and self._beats(other, led, suit, rank):
                return False
        return True

    def _sure_lead(self, suit: int, rank: int) -> bool:
        """Whether (suit, rank), led, wins whatever the opponents hold."""
        side = self.mine[self.seat]
        for other in range(self.players):
            if self.mine[other] != side and self._beats(other, suit, suit, rank):
                return False
        return True

    def choose(self) -> tuple[int, int]:
        """The seat to act's card by Hard's rules of thumb (`pinochle.bots.play`)."""
        cards = self.legal()
        if len(cards) == 1:
            return cards[0]
        if not self.played:
            return self._lead(cards)
        trump, value = self.policy.trump, self.policy.value
        led = self.led
        side = self.mine[self.seat]
        if self.mine[self.win_seat] == side and self._safe(led, self.win_suit, self.win_rank):
            best, key = (-1, -1), -1
            for s, r in cards:  # smear: the most valuable counter that is not a sure winner
                if value[r] > 0 and (led == trump or s != trump) and not self._sure_lead(s, r):
                    k = value[r] * 16 + (8 if s != trump else 0) + r
                    if k > key:
                        best, key = (s, r), k
            if key >= 0:
                return best
            return self._throw_low(cards)
        ws, wr = self.win_suit, self.win_rank
        best, key = (-1, -1), 99
        for s, r in cards:  # the cheapest sure winner
            beats = (s == ws and r > wr) or (s == trump and ws != trump)
            if beats and self.taken + value[r] > 0 and self._safe(led, s, r):
                k = (8 if s == trump else 0) + r
                if k < key:
                    best, key = (s, r), k
        if key < 99:
            return best
        return self._throw_low(cards)

    def _throw_low(self, cards: Sequence[tuple[int, int]]) -> tuple[int, int]:
        trump, value = self.policy.trump, self.policy.value
        best, key = cards[0], 999
        for s, r in cards:
            k = value[r] * 16 + (8 if s == trump else 0) + r
            if k < key:
                best, key = (s, r), k
        return best

    def _lead(self, cards: Sequence[tuple[int, int]]) -> tuple[int, int]:
        trump, value = self.policy.trump, self.policy.value
        seat, mine, players = self.seat, self.mine, self.players
        side = mine[seat]
        trumps = [c for c in cards if c[0] == trump]
        plain = [c for c in cards if c[0] != trump]
        if (
            trumps
            and side == self.holds_bid
            and any(mine[o] != side and self.hands[o][trump] for o in range(players))
        ):  # draw trumps: the lowest sure trump, else the lowest
            return self._lead_trump(trumps)
        best, key = (-1, -1), -1
        for s, r in plain:  # cash a sure winner: the most valuable, the highest
            if self._sure_lead(s, r):
                k = value[r] * 8 + r
                if k > key:
                    best, key = (s, r), k
        if key >= 0:
            return best
        if plain:
            best, low = plain[0], 9999
            for s, r in plain:  # low, no counter, to the partner's suit
                k = (value[r] > 0) * 1000 + self._partner_chance(s) * 100 + value[r] * 8 + r
                if k < low:
                    best, low = (s, r), k
            return best
        return self._lead_trump(trumps)

    def _lead_trump(self, trumps: Sequence[tuple[int, int]]) -> tuple[int, int]:
        for s, r in trumps:  # ascending
            if self._sure_lead(s, r):
                return s, r
        return self._throw_low(trumps)

    def _partner_chance(self, suit: int) -> int:
        """0 when a partner wins a lead of ``suit`` against the opponents, else 2."""
        seat, mine, players, hands = self.seat, self.mine, self.players, self.hands
        side = mine[seat]
        top = -1
        for o in range(players):
            if mine[o] != side and hands[o][suit]:
                top = max(top, hands[o][suit][-1])
        trump = self.policy.trump
        for p in range(players):
            if p == seat or mine[p] != side:
                continue
            held = hands[p][suit]
            if held and held[-1] > top:
                return 0
            if not held and trump >= 0 and suit != trump and hands[p][trump]:
                return 0
        return 2


def card_tricks(state: State, card: Card | None) -> tuple[list[int], list[int], list[bool]]:
    """Play ``card`` (if given), finish the tricks by Hard's rules with hands in view.

    Returns each side's trick points, tricks won and whether it took a counter (the
    arguments of `pinochle.settle_play`). The state must be in trick play with no stock.
    """
    game = _by_rules(state, card)
    return game.points, game.won, game.counters


def _by_rules(state: State, card: Card | None) -> Tricks:
    """`card_tricks`' finished game (its ``partner`` too)."""
    game = Tricks(state)
    if card is not None and game.play(int(card.suit), int(card.rank)):
        return game
    while not game.play(*game.choose()):
        pass
    return game


def best_line(game: Tricks, side: int, alpha: int, beta: int) -> int:
    """``side``'s trick points from here to the hand's end with best play by all seats.

    Minimax with alpha-beta pruning: the seats of ``side`` maximise its points, the others
    minimise them (each point the side does not take goes to an opponent).
    """
    seat = game.seat
    maximise = game.mine[seat] == side
    moves = game.legal()
    best = -1 if maximise else 1 << 30
    for suit, rank in moves:
        saved = _save(game)
        before = game.points[side]
        if game.play(suit, rank):
            value = game.points[side] - before
        else:
            gained = game.points[side] - before
            value = gained + best_line(game, side, alpha - gained, beta - gained)
        _restore(game, saved, seat, suit, rank)
        if maximise:
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
        elif value < best:
            best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


def _save(game: Tricks) -> tuple[object, ...]:
    return (
        game.played,
        game.led,
        game.win_seat,
        game.win_suit,
        game.win_rank,
        game.trick,
        game.taken,
        game.counter,
        list(game.points),
        list(game.won),
        list(game.counters),
        game.mine,
        game.partner,
        game.called,
    )


def _restore(game: Tricks, saved: tuple[object, ...], seat: int, suit: int, rank: int) -> None:
    (
        game.played,
        game.led,
        game.win_seat,
        game.win_suit,
        game.win_rank,
        game.trick,
        game.taken,
        game.counter,
        game.points,
        game.won,
        game.counters,
        game.mine,
        game.partner,
        game.called,
    ) = saved  # type: ignore[assignment]
    hand = game.hands[seat][suit]
    hand.append(rank)
    hand.sort()
    game.left[seat] += 1
    game.seat = seat


def endgame_tricks(
    state: State, card: Card | None, depth: int
) -> tuple[list[int], list[int], list[bool]]:
    """`card_tricks`, with the last ``depth`` tricks played along a best line.

    Once every seat holds at most ``depth`` cards (at a trick's start), each card is the
    one `best_line` values best for the seat's side.
    """
    game = _by_line(state, card, depth)
    return game.points, game.won, game.counters


def _by_line(state: State, card: Card | None, depth: int) -> Tricks:
    """`endgame_tricks`' finished game (its ``partner`` too)."""
    game = Tricks(state)
    if card is not None and game.play(int(card.suit), int(card.rank)):
        return game
    while True:
        move = game.choose() if max(game.left) > depth else _best_move(game)
        if game.play(*move):
            return game


def _best_move(game: Tricks) -> tuple[int, int]:
    """The legal card whose best line gives the seat's side most trick points."""
    moves = game.legal()
    if len(moves) == 1:
        return moves[0]
    seat = game.seat
    side = game.mine[seat]
    best, best_value = moves[0], -1
    for suit, rank in moves:
        saved = _save(game)
        before = game.points[side]
        if game.play(suit, rank):
            value = game.points[side] - before
        else:
            gained = game.points[side] - before
            value = gained + best_line(game, side, best_value - gained, 1 << 30)
        _restore(game, saved, seat, suit, rank)
        if value > best_value:
            best, best_value = (suit, rank), value
    return best


class PlayoutSettlements(Settlements):
    """`Settlements` whose play-outs follow Hard's rules (and search the last tricks).

    Args:
        depth: Play the last ``depth`` tricks along a best line (`best_line`); 0: never.
    """

    def __init__(self, depth: int = 0) -> None:
        super().__init__()
        self.depth = depth
        self._lines: dict[tuple[object, ...], Tricks] = {}

    def scores(self, state: State, card: Card | None) -> tuple[int, ...]:
        """Each side's score for the hand once its tricks are played out."""
        if self.depth:
            # Late in the hand few deals fit what the seat knows: many samples repeat one,
            # and the search is the same for the same cards.
            line = (state.hands, state.trick, card)
            game = self._lines.get(line)
            if game is None:
                game = self._lines[line] = _by_line(state, card, self.depth)
        else:
            game = _by_rules(state, card)
        return self.settle(state, game.points, game.won, game.counters, game.partner)
