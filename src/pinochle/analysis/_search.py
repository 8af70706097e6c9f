"""The double-dummy search: exact trick points of an open-hand position, on small ints.

A position is every seat's hand in view, the trick in progress and the seat to act. The
search values it for one *team* (team 0: the bidder's side, see `_teams`) as the trick
points that team takes from here to the hand's end with best play by every seat: the
seats of team 0 maximise it, the others minimise it (a point team 0 does not take goes
to the other team).

How it is fast enough in pure Python (each measured with ``benchmarks/solve.py``):

- the hands are one int of 3-bit copy counts, a field per seat and distinct card, and
  a mask of the distinct cards it holds; the legal cards are a few mask operations on
  tables made from the trick rule's duties (`pinochle.trick_rule`, the one statement of
  the ``[play]`` obligations);
- equivalent cards are searched once: the copies of a card, and cards of one suit and one
  value that no other hand and no card of the trick in progress separates (every card
  ranked between them is played or in the same hand);
- a transposition table keyed by the hands and the leader at each trick's start keeps a
  lower and an upper bound of the value there, and the card that led to the best value;
- alpha-beta (fail-soft), driven by null-window searches (MTD(f)) over the point totals,
  counted in the profile's smallest point unit;
- a cheap bound: no team takes more than the points still in the hands.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from pinochle.cards import CARDS, Card
from pinochle.tricks import EMPTY_TRICK, TrickRule, card_points, trick_rule
from pinochle.variant import Play, Variant

_KINDS = len(CARDS)
_BITS = 3  # a copy count's field: up to 4 copies of a card in one hand (double deck)
_FIELD = (1 << _BITS) - 1
_BIT = tuple(1 << k for k in range(_KINDS))
_SUIT_MASK = tuple(0b111111 << (6 * s) for s in range(4))
# _ABOVE[suit * 6 + rank]: the cards of the suit ranked above the rank.
_ABOVE = tuple(_SUIT_MASK[s] & ~((1 << (6 * s + r + 1)) - 1) for s in range(4) for r in range(6))
# _BETWEEN[low * 24 + high]: the cards from kind ``low`` to kind ``high`` (one suit), ends in.
_BETWEEN = tuple(
    ((1 << (high + 1)) - (1 << low)) if low <= high else 0
    for low in range(_KINDS)
    for high in range(_KINDS)
)
_INFINITY = 1 << 30
_ORDER_FROM = (
    3  # order the cards only with more left a hand: near the end it costs more than it saves
)
_NEAR = 4  # bounds this close (units): step the window, else halve the gap


class Duties:
    """The trick rule's duties as masks, by trick state (see `pinochle.TrickRule`).

    For a trick state ``s``: a hand's legal cards are those of ``follow[s]`` it holds,
    narrowed to ``beat[s]`` if it holds any of those; holding none of ``follow[s]``, those
    of ``ruff[s]``, narrowed to ``over[s]``, or, holding trumps none of them over, the
    whole hand when ``discard[s]``; else the whole hand.
    """

    __slots__ = ("beat", "discard", "follow", "over", "ruff", "steps", "trump")

    def __init__(self, rule: TrickRule) -> None:
        size = EMPTY_TRICK + _KINDS
        follow, beat, ruff, over = [0] * size, [0] * size, [0] * size, [0] * size
        discard = [False] * size
        for state in range(0, size, _KINDS):
            led, above, trump, over_rank, free = rule.duties[state]
            if led < 0:
                continue
            follow[state] = _SUIT_MASK[led]
            beat[state] = _ABOVE[led * 6 + above] if above >= 0 else _SUIT_MASK[led]
            if trump >= 0:
                ruff[state] = _SUIT_MASK[trump]
                over[state] = _ABOVE[trump * 6 + over_rank] if over_rank >= 0 else ruff[state]
                discard[state] = free
        self.follow, self.beat, self.ruff = tuple(follow), tuple(beat), tuple(ruff)
        self.over, self.discard = tuple(over), tuple(discard)
        self.steps = rule.steps
        self.trump = rule.trump


@functools.lru_cache(maxsize=64)
def duties_of(rules: Play, trump: int) -> Duties:
    """The `Duties` of a ``[play]`` section under a trump (-1: none), kept."""
    return Duties(trick_rule(rules, trump))


@functools.lru_cache(maxsize=16)
def _values(variant: Variant) -> tuple[tuple[int, ...], int, int]:
    """Each card's points and the last trick's bonus in the profile's point unit, and the unit."""
    points = [card_points((card,), variant) for card in CARDS]
    bonus = variant.counting.last_trick
    unit = functools.reduce(math.gcd, [*points, bonus]) or 1
    return tuple(p // unit for p in points), bonus // unit, unit


@functools.lru_cache(maxsize=8)
def _beats(trump: int) -> tuple[bool, ...]:
    """``beats[best * 24 + card]``: whether ``card`` played now takes a trick won by ``best``."""
    table = []
    for best in CARDS:
        for card in CARDS:
            if card.suit is best.suit:
                table.append(card.rank > best.rank)
            else:
                table.append(card.suit == trump)
    return tuple(table)


def _length(cells: int) -> int:
    """How many cards the six copy counts in the low bits of ``cells`` make (one suit)."""
    return sum((cells >> (_BITS * rank)) & _FIELD for rank in range(6))


class Search:
    """One deal's double-dummy search: the hands change in place as cards are tried.

    Args:
        variant: The profile (its ``[play]`` duties and counting).
        trump: The trump suit (0-3), -1 for none.
        hands: Each seat's cards.
        trick: The trick in progress, ``(seat, Card.index)`` in play order.
        seat: The seat to act.
        teams: Each seat's team, 0 or 1 (team 0's points are the value).

    Points are counted in the profile's point unit (``unit``: 10 on the tens scale with
    counters, so a hand of the single deck has 25 units). `play` and `undo` move the
    position a card on and back; `exact`, `at_least` and `value` search it.
    """

    def __init__(
        self,
        variant: Variant,
        trump: int,
        hands: Sequence[Sequence[Card]],
        trick: Sequence[tuple[int, int]],
        seat: int,
        teams: Sequence[int],
    ) -> None:
        self.players = len(hands)
        self.teams = tuple(teams)
        self.values, self.bonus, self.unit = _values(variant)
        self.duties = duties_of(variant.play, trump)
        self.beats_table = _beats(trump)
        players = self.players
        # Every hand's copy counts in one int, suit by suit: suit s, seat p, rank r at
        # bit 3 * (6 * (players * s + p) + r), so a suit's column of every hand is one
        # slice (the transposition key reads it) and the whole deal hashes as one int.
        self.cells = 0
        self.place = tuple(
            _BITS * (6 * (players * (kind // 6) + seat) + kind % 6)
            for seat in range(players)
            for kind in range(_KINDS)
        )
        self.ones = tuple(1 << place for place in self.place)  # one copy, by seat and card
        self.column = 18 * players  # the bits of one suit's column
        self.present = [0] * self.players
        self.in_hands = 0  # the points (units) of the cards in the hands
        for s, cards in enumerate(hands):
            for card in cards:
                self.cells += self.ones[s * _KINDS + card.index]
                self.present[s] |= _BIT[card.index]
                self.in_hands += self.values[card.index]
        # Cards each hand held at the trick's start (the hands that played hold one less).
        self.left = max((len(cards) for cards in hands), default=0)
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.nodes = 0
        self.trick = list(trick)
        self.seat = seat
        self._undo: list[tuple[list[tuple[int, int]], int, int]] = []
        self.canon: dict[int, int] = {}
        # Relative ranks merge positions only where two ranks of a suit share a value (on
        # the classic count every rank has its own): else the hands themselves are the key.
        self.merges = len(set(self.values[:6])) < 6
        self.lead = -1  # the best lead of the last trick searched from its start
        self.full = -1  # the cards a hand holds at a first lead that must be trump (lead_trump)

    # --- The position ---------------------------------------------------------------

    def remaining(self) -> int:
        """The points (units) still to take: the hands', the trick's and the bonus."""
        values = self.values
        return (
            self.in_hands
            + sum(values[kind] for _, kind in self.trick)
            + (self.bonus if self.left else 0)
        )

    def legal(self, seat: int, state: int) -> int:
        """The distinct cards (a mask over `Card.index`) ``seat`` may play to ``state``."""
        duties = self.duties
        held = self.present[seat]
        cards = held & duties.follow[state]
        if cards:
            return cards & duties.beat[state] or cards
        cards = held & duties.ruff[state]
        if cards:
            return cards & duties.over[state] or (held if duties.discard[state] else cards)
        return held

    def lead_trump(self) -> None:
        """The position is a hand's first lead, which must be a trump (`leads_trump`).

        Only the position's own lead is narrowed (the full hands never come back), so
        its legal cards are read through `_opening` while every other position keeps the
        plain `legal`: the search's inner loop pays nothing for the rule.
        """
        if self.duties.trump >= 0:
            self.full = self.left
            self.legal = self._opening  # type: ignore[method-assign]

    def _opening(self, seat: int, state: int) -> int:
        """`legal`, with the first lead of the hand narrowed to trumps where the seat holds one."""
        held = Search.legal(self, seat, state)
        if state == EMPTY_TRICK and self.left == self.full:
            return held & _SUIT_MASK[self.duties.trump] or held
        return held

    def moves(self) -> list[int]:
        """The distinct legal cards (`Card.index`) of the seat to act, highest first."""
        mask = self.legal(self.seat, self._facts()[0])
        return [k for k in range(_KINDS - 1, -1, -1) if mask >> k & 1]

    def _facts(self) -> tuple[int, int, int, int, int]:
        """The trick in progress as (state, winning seat, winning kind, points, cards mask)."""
        steps, beats, values = self.duties.steps, self.beats_table, self.values
        state, win_seat, win_kind, taken, shown = EMPTY_TRICK, -1, -1, 0, 0
        for seat, kind in self.trick:
            if win_kind < 0 or beats[win_kind * _KINDS + kind]:
                win_seat, win_kind = seat, kind
            state = steps[state + kind]
            taken += values[kind]
            shown |= _BIT[kind]
        return state, win_seat, win_kind, taken, shown

    def play(self, kind: int) -> int:
        """Play the seat to act's card ``kind``; team 0's points (units) it completes."""
        seat = self.seat
        self.cells -= self.ones[seat * _KINDS + kind]
        if not (self.cells >> self.place[seat * _KINDS + kind]) & _FIELD:
            self.present[seat] ^= _BIT[kind]
        self.in_hands -= self.values[kind]
        gained = 0
        self._undo.append((self.trick, seat, kind))
        trick = [*self.trick, (seat, kind)]
        if len(trick) < self.players:
            self.trick, self.seat = trick, (seat + 1) % self.players
            return 0
        self.trick = trick
        _, winner, _, taken, _ = self._facts()
        self.left -= 1
        if not self.left:
            taken += self.bonus
        if self.teams[winner] == 0:
            gained = taken
        self.trick, self.seat = [], winner
        return gained

    def undo(self) -> None:
        """Take back the last card `play` played."""
        trick, seat, kind = self._undo.pop()
        if not self.trick:
            self.left += 1
        self.trick, self.seat = trick, seat
        self.cells += self.ones[seat * _KINDS + kind]
        self.present[seat] |= _BIT[kind]
        self.in_hands += self.values[kind]

    # --- The search -----------------------------------------------------------------

    def value(self, alpha: int, beta: int) -> int:
        """Team 0's points (units) from the position, fail-soft within ``(alpha, beta)``."""
        if not self.trick:
            return self._start(self.seat, alpha, beta)
        state, win_seat, win_kind, taken, shown = self._facts()
        return self._ply(
            len(self.trick), self.seat, state, win_seat, win_kind, taken, shown, alpha, beta
        )

    def exact(self, guess: int | None = None) -> int:
        """Team 0's exact points (units) from the position.

        Null-window searches (MTD(f)) from ``guess`` (by default `guess`'s play-out):
        each pass proves a bound, and the window moves to the value a pass returned;
        while the bounds are far apart it moves to their middle instead (a few halvings
        beat many steps of one point on the wide scales).
        """
        lower, upper = 0, self.remaining()
        value = self.guess() if guess is None else guess
        value = min(max(value, lower), upper)
        while lower < upper:
            beta = value + 1 if value == lower else value
            value = self.value(beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
            if upper - lower > _NEAR:
                value = (lower + upper + 1) // 2
        return lower

    def guess(self) -> int:
        """Team 0's points (units) if every seat played the card it would try first.

        A cheap first guess for `exact` (the searches converge in fewer passes the
        closer it is).
        """
        gained, played = self.advance(0)
        for _ in played:
            self.undo()
        return gained

    def advance(self, left: int) -> tuple[int, list[int]]:
        """Play on, each seat its first-tried card, until a trick starts with ``left`` cards a hand.

        The play-out of `guess` stopped early: the hint's quick play of the tricks before
        the exact search. Returns team 0's points (units) taken on the way and the cards
        played (`undo` each to come back).
        """
        gained = 0
        played: list[int] = []
        while self.trick or self.left > left:
            trick = self.trick
            state, win_seat, win_kind, _, _ = self._facts()
            cards = [k for k in range(_KINDS - 1, -1, -1) if self.legal(self.seat, state) >> k & 1]
            if not cards:
                break
            if len(cards) > 1:
                team = self.teams[self.seat]
                if not trick:
                    cards = self._leads(cards, team)
                else:
                    cards = self._order(cards, len(trick), team, win_seat, win_kind, -1)
            gained += self.play(cards[0])
            played.append(cards[0])
        return gained, played

    def at_least(self, points: int) -> bool:
        """Whether team 0 takes at least ``points`` (units) from the position."""
        return self.value(points - 1, points) >= points

    def _start(self, leader: int, alpha: int, beta: int) -> int:
        """Team 0's points from the start of a trick led by ``leader``."""
        left = self.left
        if left <= 1:
            return self._last(leader) if left else 0
        self.nodes += 1
        key = self._key(leader) if self.merges else (leader, self.cells)
        entry = self.table.get(key)
        if entry is not None:
            low, high = entry[0], entry[1]
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
        else:
            high = self.in_hands + self.bonus  # no team takes more than is left
            low = 0
            sure = self._sure(leader)
            if sure:
                if self.teams[leader] == 0:
                    low = sure
                else:
                    high -= sure
            entry = self.table[key] = [low, high, -1]
            if high <= alpha:
                return high
            if low >= beta:
                return low
        value = self._ply(0, leader, EMPTY_TRICK, -1, -1, 0, 0, alpha, beta, entry[2])
        entry[2] = self.lead
        if value < beta and value < entry[1]:
            entry[1] = value
        if value > alpha and value > entry[0]:
            entry[0] = value
        return value

    def _sure(self, leader: int) -> int:
        """Points (units) the leader's team surely takes: the leader's sure winners cashed.

        In trump, the leader's trumps no opponent's trump outranks (a copy led first
        wins); in another suit, its cards no opponent's card of the suit outranks, as many
        rounds as every opponent holding trump can follow (one more would be trumped),
        all only while the partners cannot trump them or overtake them in the suit and
        take the lead away (a partner who holds a higher card of the suit ends the count
        after that round). Only the cards led are counted (what the others add is not
        known).
        """
        present, teams, values = self.present, self.teams, self.values
        team = teams[leader]
        trump = self.duties.trump
        held = present[leader]
        cells, place = self.cells, self.place
        total = 0
        for suit in range(4):
            mine = held & _SUIT_MASK[suit]
            if not mine:
                continue
            top = mine.bit_length() - 1
            rounds = 99  # the rounds before an opponent may trump
            ruffed = 99  # the round a partner must trump (the team wins it, the lead goes)
            higher = 0
            over = 0  # the partners' cards of the suit: one above the card led may take it
            for seat in range(self.players):
                if seat == leader:
                    continue
                cards = present[seat]
                opponent = teams[seat] != team
                if opponent:
                    higher |= cards & _SUIT_MASK[suit]
                else:
                    over |= cards & _SUIT_MASK[suit]
                if suit != trump and trump >= 0 and cards & _SUIT_MASK[trump]:
                    length = _length(cells >> place[seat * _KINDS + suit * 6])
                    if opponent:
                        rounds = min(rounds, length)
                    else:
                        ruffed = min(ruffed, length + 1)
            floor = higher.bit_length() - 1  # the leader's cards above it are sure
            base = leader * _KINDS
            cashed = 0
            last = min(rounds, ruffed)
            kind = top
            while kind > floor and kind >= suit * 6 and cashed < last:
                copies = (cells >> place[base + kind]) & _FIELD
                while copies and cashed < last:
                    total += values[kind]
                    cashed += 1
                    copies -= 1
                    if over >> (kind + 1):
                        # A partner may (with a duty to beat, must) overtake: the team wins
                        # this round, but the lead is no longer the leader's.
                        return total
                kind -= 1
            if cashed == ruffed:
                return total  # the partner trumped: the lead is no longer the leader's
        return total

    def _last(self, leader: int) -> int:
        """Team 0's points from the last trick: every card is forced."""
        present, values, beats = self.present, self.values, self.beats_table
        players = self.players
        win_seat = leader
        win_kind = present[leader].bit_length() - 1
        taken = values[win_kind] + self.bonus
        for i in range(1, players):
            seat = (leader + i) % players
            kind = present[seat].bit_length() - 1
            taken += values[kind]
            if beats[win_kind * _KINDS + kind]:
                win_seat, win_kind = seat, kind
        return taken if self.teams[win_seat] == 0 else 0

    def _key(self, leader: int) -> tuple[int, ...]:
        """The position at a trick's start by relative ranks (the transposition key).

        Two positions that differ only in which cards of a suit are gone share a key so
        long as the cards left in it lie in the same hands in the same order with the same
        values: the play from both is the same.
        """
        cells, width, canon = self.cells, self.column, self.canon
        mask = (1 << width) - 1
        first = canon.get(cells & mask)
        second = canon.get(cells >> width & mask)
        third = canon.get(cells >> 2 * width & mask)
        fourth = canon.get(cells >> 3 * width)
        if first is None or second is None or third is None or fourth is None:
            first, second, third, fourth = (
                self._compact(cells >> suit * width & mask) for suit in range(4)
            )
        return (leader, first, second, third, fourth)

    def _compact(self, column: int) -> int:
        """A suit's column of copy counts with the ranks no hand holds left out (kept)."""
        compact = self.canon.get(column)
        if compact is not None:
            return compact
        players = self.players
        values = self.values  # the same for every suit
        packed = 0
        signature = 0
        for rank in range(6):
            slot = 0
            for p in range(players):
                slot = slot << 3 | (column >> (18 * p + 3 * rank)) & 7
            if slot:
                packed = packed << (3 * players) | slot
                signature = signature * 64 + values[rank] + 1
        compact = self.canon[column] = packed << 40 | signature
        return compact

    def _ply(
        self,
        played: int,
        seat: int,
        state: int,
        win_seat: int,
        win_kind: int,
        taken: int,
        shown: int,
        alpha: int,
        beta: int,
        first: int = -1,
    ) -> int:
        """Team 0's points from ``seat``'s card, the ``played``-th of the trick, on.

        ``first``: a card to try first (the best lead found here before). The best card
        of a lead is left in ``lead``.
        """
        players = self.players
        present = self.present
        ones, place = self.ones, self.place
        base_seat = seat * _KINDS
        moves = self.legal(seat, state)
        values, steps, beats = self.values, self.duties.steps, self.beats_table
        teams = self.teams
        team = teams[seat]
        # The distinct cards worth trying, one of each run of equivalent cards.
        others = shown
        for other in range(players):
            if other != seat:
                others |= present[other]
        cards = []
        previous = -1
        while moves:
            kind = moves.bit_length() - 1
            moves ^= _BIT[kind]
            if not (
                previous >= 0
                and kind // 6 == previous // 6
                and not others & _BETWEEN[kind * _KINDS + previous]
                and values[kind] == values[previous]
            ):
                cards.append(kind)
            previous = kind
        if len(cards) > 1 and self.left > _ORDER_FROM:
            cards = self._order(cards, played, team, win_seat, win_kind, first)
        maximise = team == 0
        best = -_INFINITY if maximise else _INFINITY
        best_kind = -1
        last_card = played == players - 1
        next_seat = (seat + 1) % players
        for kind in cards:
            self.cells -= ones[base_seat + kind]
            if not (self.cells >> place[base_seat + kind]) & _FIELD:
                present[seat] ^= _BIT[kind]
            value_kind = values[kind]
            self.in_hands -= value_kind
            if win_kind < 0 or beats[win_kind * _KINDS + kind]:
                now_seat, now_kind = seat, kind
            else:
                now_seat, now_kind = win_seat, win_kind
            now_taken = taken + value_kind
            if last_card:
                self.left -= 1
                if not self.left:
                    now_taken += self.bonus
                gain = now_taken if teams[now_seat] == 0 else 0
                value = gain + self._start(now_seat, alpha - gain, beta - gain)
                self.left += 1
            else:
                value = self._ply(
                    played + 1,
                    next_seat,
                    steps[state + kind],
                    now_seat,
                    now_kind,
                    now_taken,
                    shown | _BIT[kind],
                    alpha,
                    beta,
                )
            self.in_hands += value_kind
            self.cells += ones[base_seat + kind]
            present[seat] |= _BIT[kind]
            if maximise:
                if value > best:
                    best, best_kind = value, kind
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best, best_kind = value, kind
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        if not played:
            self.lead = best_kind
        return best

    def _leads(self, cards: list[int], team: int) -> list[int]:
        """Leads in the order to try them: sure winners (the most valuable first) first.

        A sure winner: no opponent holds a higher card of its suit, nor, void in it,
        a trump.
        """
        present, teams = self.present, self.teams
        opponents = 0
        trump = self.duties.trump
        for seat in range(self.players):
            if teams[seat] != team:
                opponents |= present[seat]
        sure: list[int] = []
        rest: list[int] = []
        values = self.values
        for kind in cards:
            suit = kind // 6
            if opponents & _ABOVE[kind]:
                rest.append(kind)
                continue
            if trump >= 0 and suit != trump:
                ruffs = False
                for seat in range(self.players):
                    held = present[seat]
                    if (
                        teams[seat] != team
                        and not held & _SUIT_MASK[suit]
                        and held & _SUIT_MASK[trump]
                    ):
                        ruffs = True
                        break
                if ruffs:
                    rest.append(kind)
                    continue
            sure.append(kind)
        sure.sort(key=lambda k: -values[k])
        rest.sort(key=lambda k: (-(k % 6),))
        return sure + rest

    def _order(
        self, cards: list[int], played: int, team: int, win_seat: int, win_kind: int, first: int
    ) -> list[int]:
        """The cards in the order to try them: the likely best first (more cut-offs).

        A lead: the card that led best here before, then high cards. A follower whose
        side wins the trick so far: the most valuable card that does not take it over;
        against an opponent's card: a card that takes it (the highest, which later seats
        beat least often, or the most valuable when no one plays after), else the least
        valuable. (Each order was measured against the others on the bench positions.)
        """
        if not played:
            cards = self._leads(cards, team)
            if first >= 0 and first in cards:
                cards.remove(first)
                cards.insert(0, first)
            return cards
        values, beats = self.values, self.beats_table
        base = win_kind * _KINDS
        if self.teams[win_seat] == team:
            return sorted(cards, key=lambda k: (beats[base + k], -values[k], k))
        if played == self.players - 1:
            return sorted(
                cards,
                key=lambda k: (
                    not beats[base + k],
                    -values[k] if beats[base + k] else values[k],
                    k,
                ),
            )
        return sorted(
            cards,
            key=lambda k: (not beats[base + k], values[k] if not beats[base + k] else -(k % 6), k),
        )
