"""The bot's side of the protocol: one seat's observation rebuilt from what it is told.

A program that speaks the protocol hears its deal and each action as its seat sees them,
never a hidden card. Our own bots choose from an `Observation`, so `pinochle engine` rebuilds
one: it keeps a *world*, a whole state with the hidden cards made up, that its seat cannot
tell from the real game. Each action is tried in the world; when the world cannot have
produced what the seat was told (an opponent plays a card the world gave someone else, a
meld shown is not the world's), the world is dealt again from the seat's last observation
(`pinochle.sample_state`), the cards the action showed are put where they must be, and the
action is tried again. Every step is checked against the very tokens the host sent
(`pinochle.notation.view_moves`), so the observation handed to the bot is the real one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from pinochle.actions import (
    Action,
    Bury,
    Declare,
    Draw,
    ExchangeDix,
    PassCards,
    Play,
    ShareKitty,
    TakeTurnUp,
)
from pinochle.cards import CARDS, Card, Rank
from pinochle.engine import apply, legal_actions, observe
from pinochle.errors import PinochleError
from pinochle.notation import Deal, Hidden, Move, Revealed
from pinochle.notation._deal import _seen  # what a seat sees of an action, from its views
from pinochle.sampling import Knowledge, knowledge, sample_state
from pinochle.state import Observation, State, _kitty_apart
from pinochle.variant import Variant

__all__ = ["Follower"]

TRIES = 400
"""Worlds dealt again for one step before stepping back a step."""
SWAPS = 6
"""Cards swapped to mend a world for one card played, before dealing it again."""
FIXES = 12
"""Cards moved to make the melds a step shows exact, before dealing again."""
BUDGET = 4000
"""Worlds dealt again for one decision before the follower gives up."""


class _LostError(PinochleError):
    """No world could be found that shows what the seat was told (a bug or a bad host)."""


_GO = Hidden("pass", 0)
"""The move of the last step `Follower.observation` checks: none, the seat is to act."""


@attrs.define
class _Step:
    """One action as the seat was told it: who acted, the action (or `Hidden`), what it saw."""

    actor: int
    move: Action | Hidden
    seen: list[Revealed] = attrs.field(factory=list)
    table: dict[int, tuple[Card, ...]] = attrs.field(factory=dict)

    @property
    def tokens(self) -> tuple[Move, ...]:
        return (self.move, *self.seen)


def _index(card: Card) -> int:
    return card.index


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_index))


class Follower:
    """One seat's game as it is told: the deal, each action, each card it comes to see.

    Args:
        seed: Seeds the made-up hidden cards (they never change what the bot is given).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.variant: Variant | None = None
        self.seat = 0
        self.end: State | None = None  # the world at the end of the last hand followed
        self.deal: Deal | None = None
        self.worlds: list[State] = []  # worlds[0]: the deal; worlds[i]: after step i
        self.deal_seen: list[Revealed] = []  # cards seen as the deal was made
        self.seed_of_games = self.rng.getrandbits(63)
        self._views: tuple[State | None, Observation | None] = (None, None)
        self.steps: list[_Step] = []
        self.budget = BUDGET

    # --- What the host says ----------------------------------------------------------

    def new_game(self, variant: Variant) -> None:
        """A new game under these rules."""
        self.variant = variant
        self.end = None
        self.deal = None
        self.worlds, self.steps = [], []

    def new_hand(self, seat: int, deal: Deal) -> None:
        """A new deal, as the seat sees it (its own hand, the others hidden)."""
        if self.deal is not None and self.steps:
            try:  # the last hand's world, carried on: its scores, results and tricks
                self._advance()
                self.end = self.worlds[-1]
            except _LostError:
                self.end = None
        self.seat = seat
        self.deal = deal
        self.deal_seen = []
        self.steps = []
        self.worlds = []

    def played(self, actor: int, move: Action | Hidden) -> None:
        """An action (a `Hidden` one for a pass or burial the seat did not see)."""
        self.steps.append(_Step(actor, move))

    def saw(self, revealed: Revealed) -> None:
        """Cards the seat came to see with the last action (before any: at the deal)."""
        if self.steps:
            self.steps[-1].seen.append(revealed)
        else:
            self.deal_seen.append(revealed)

    def table(self, seat: int, cards: Sequence[Card]) -> None:
        """Two-hand: the cards face up on a seat's table after the last action."""
        if self.steps:
            self.steps[-1].table[seat] = _sorted(cards)

    def observation(self) -> Observation:
        """The seat's observation now.

        Raises:
            _LostError: No world shows what the seat was told.
        """
        self.budget = BUDGET
        self.steps.append(_Step(self.seat, _GO))  # the seat is to act now: check that too
        try:
            self._advance()
        finally:
            self.steps.pop()
            del self.worlds[len(self.steps) + 1 :]
        return self._view(self.worlds[-1])

    # --- The deal ----------------------------------------------------------------------

    def _dealt(self) -> State:
        """A world at the start of the deal: the seat's cards, the others made up.

        Where meld is shown as the cards are dealt (a turned trump), the made-up hands show
        the very meld the seat saw.
        """
        shown = {r.seat: Counter(r.cards) for r in self.deal_seen if r.what == "meld"}
        world = self._start(self._filled(shown))
        for _ in range(TRIES):
            filled = self._filled(shown)
            deal: Deal | None = filled
            for _ in range(FIXES):
                if deal is None:
                    break
                world = self._start(deal)
                extra = self._extra_meld(world, shown)
                if not extra:
                    if not self.steps or world.to_act == self.steps[0].actor:
                        return world
                    break  # who is asked first depends on the cards (a dix to exchange)
                deal = self._moved(deal, self.rng.choice(extra), shown)
            self.budget -= 1
            if self.budget <= 0:
                break
        raise _LostError(
            "no deal of the hidden cards shows what the seat was told at the deal (its meld "
            "shown, or who acts first)"
        )

    def _start(self, filled: Deal) -> State:
        """The world of a filled deal: the last hand's world carried on, or a new game."""
        from pinochle.engine._course import _redeal
        from pinochle.notation._deal import _deck_order

        end = self.end
        deal = self.deal
        assert deal is not None
        if (
            end is not None
            and end.to_act is not None
            and end.hand.dealer_person == deal.dealer
            and (deal.scores is None or end.game.scores == deal.scores)
        ):
            return _redeal(end, _deck_order(filled))
        return filled.start(self.seed_of_games)

    def _extra_meld(
        self, world: State, shown: dict[int | None, Counter[Card]]
    ) -> list[tuple[int, Card]]:
        """The cards of the world's melds at the deal that the seat did not see shown."""
        extra: list[tuple[int, Card]] = []
        for seat, meld in enumerate(world.hand.melds):
            if seat == self.seat:
                continue
            made = Counter(meld.cards) if meld is not None else Counter()
            extra += [(seat, c) for c in (made - shown.get(seat, Counter())).elements()]
            if shown.get(seat, Counter()) - made and made:  # another meld than the one shown
                extra.append((seat, self.rng.choice(list(made.elements()))))
        return extra

    def _moved(
        self, filled: Deal, extra: tuple[int, Card], shown: dict[int | None, Counter[Card]]
    ) -> Deal | None:
        """The filled deal with a card of a meld too big swapped into another hidden hand."""
        seat, card = extra
        deal = self.deal
        assert deal is not None
        hidden = [s for s, hand in enumerate(deal.hands) if hand is None and s != seat]
        choices = [
            (other, c)
            for other in hidden
            for c in set(filled.hands[other] or ())
            if c != card
            and (filled.hands[other] or ()).count(c) > shown.get(other, Counter())[c]
            and not (other == _dealer_seat(deal) and c == deal.up)
        ]
        if (
            not choices
            or card not in (filled.hands[seat] or ())
            or (seat == _dealer_seat(deal) and card == deal.up)
        ):
            return None
        other, give = self.rng.choice(choices)
        hands = [list(h or ()) for h in filled.hands]
        hands[seat].remove(card)
        hands[seat].append(give)
        hands[other].remove(give)
        hands[other].append(card)
        return attrs.evolve(filled, hands=[_sorted(h) for h in hands])

    def _filled(self, shown: dict[int | None, Counter[Card]] | None = None) -> Deal:
        """The deal with every hidden hand and pile dealt at random from the cards left.

        Each hidden hand gets the meld shown for it first (``shown``, by seat).
        """
        from pinochle.cards import make_deck

        deal = self.deal
        assert deal is not None
        shown = shown or {}
        rules = deal.variant.deal
        left = Counter(make_deck(rules.deck))
        for hand in deal.hands:
            left.subtract(hand or ())
        left.subtract(deal.kitty or ())
        left.subtract(deal.stock or ())
        dealer = _dealer_seat(deal)
        if deal.up is not None and rules.stock:
            left[deal.up] -= 1
        if deal.up is not None and not rules.stock and deal.hands[dealer] is None:
            left[deal.up] -= 1  # the dealer's turned card is seen
        first: dict[int, list[Card]] = {}
        for seat, cards in shown.items():
            if seat is None or deal.hands[seat] is not None:
                continue
            wanted = Counter(cards)
            if deal.up is not None and not rules.stock and seat == dealer:
                wanted[deal.up] -= 1
            wanted = +wanted
            if wanted - left:
                raise _LostError("the meld shown at the deal holds cards the seat can see")
            left -= wanted
            first[seat] = list(wanted.elements())
        pool = list(left.elements())
        self.rng.shuffle(pool)
        hands: list[tuple[Card, ...]] = []
        for seat, hand in enumerate(deal.hands):
            if hand is not None:
                hands.append(hand)
                continue
            held = first.get(seat, [])
            if deal.up is not None and not rules.stock and seat == dealer:
                held = [deal.up, *held]
            size = rules.hand - len(held)
            hands.append(_sorted([*held, *pool[:size]]))
            del pool[:size]
        kitty = deal.kitty
        if kitty is None:
            kitty, pool = _sorted(pool[: rules.kitty]), pool[rules.kitty :]
        stock = deal.stock
        if stock is None:
            stock, pool = tuple(pool), []
        return attrs.evolve(deal, hands=hands, kitty=kitty, stock=stock, seat=None)

    # --- Following the steps -----------------------------------------------------------

    def _advance(self) -> None:
        """Bring the worlds up to the last step, dealing again where a world goes wrong."""
        forced = False  # the last world was dropped: its step is dealt again with the next
        if not self.worlds:
            self.worlds = [self._dealt()]
        while len(self.worlds) <= len(self.steps):
            k = len(self.worlds)
            before = self.worlds[-1]
            if forced:
                pair = self._repair(before, self.steps[k - 1], self.steps[k])
                if pair is not None:
                    self.worlds += pair
                    forced = False
                    continue
            else:
                step = self.steps[k - 1]
                after = (
                    self._try(before, step)
                    or self._swapped(before, step)
                    or self._repair_one(before, step)
                )
                if after is not None:
                    self.worlds.append(after)
                    continue
            if self.budget <= 0:
                raise _LostError(
                    f"step {k} of the deal cannot be followed: {self.steps[k - 1].tokens}"
                )
            if k == 1:  # the deal itself is wrong (who is asked first may depend on the cards)
                self.worlds = [self._dealt()]
                self.budget -= 1
                forced = False
                continue
            del self.worlds[-1]  # the world before the failing step is wrong: step back
            forced = True

    def _try(self, before: State, step: _Step) -> State | None:
        """The world after the step, if ``before`` shows exactly what the seat was told."""
        if step.move is _GO:
            return before if before.to_act == step.actor else None
        found = self._apply(before, step)
        if found is None:
            return None
        action, after = found
        now = observe(after, self.seat)
        if tuple(_seen(self._view(before), before.to_act, action, now)) != step.tokens:
            return None
        self._views = (after, now)
        for seat, cards in step.table.items():
            if _sorted(after.hand.table[seat]) != cards:
                return None
        return after

    def _view(self, world: State) -> Observation:
        """The seat's observation of a world (the last one made is kept)."""
        kept, seen = self._views
        if kept is world and seen is not None:
            return seen
        view = observe(world, self.seat)
        self._views = (world, view)
        return view

    def _apply(self, before: State, step: _Step) -> tuple[Action, State] | None:
        """The step's action in ``before`` and the world after it (None: not legal there)."""
        if before.to_act != step.actor or step.move is _GO:
            return None
        move = step.move
        if isinstance(move, Hidden):
            action = self._hidden(before, step)
            if action is None:
                return None
        else:
            action = move
            if action not in legal_actions(before):
                return None
        try:
            return action, apply(before, action)
        except PinochleError:
            return None

    def _hidden(self, before: State, step: _Step) -> Action | None:
        """A pass or burial the seat did not see: some cards, those the reveals need first."""
        legal = legal_actions(before)
        if not len(legal):  # a `CardChoices`, or a list (a forced burial: kitty.bury_trump_aces)
            return None
        move = step.move
        if not isinstance(move, Hidden):
            return None
        if move.action == "share":
            return self._share(legal, step, before)
        actor = step.actor
        hand = list(before.hands[actor])
        count, verb = move.count, move.action
        needs = _needs(step, before, self.seat)
        must = Counter(needs.get(("passing", actor), ()))
        keep = Counter(needs.get(("hand", actor), ())) - must
        first: list[Card] = []
        spare: list[Card] = []
        others: list[Card] = []
        for card in hand:
            if must[card] > 0:
                must[card] -= 1
                first.append(card)
            elif keep[card] > 0:
                keep[card] -= 1
                others.append(card)
            else:
                spare.append(card)
        self.rng.shuffle(spare)
        self.rng.shuffle(others)
        chosen = (first + spare + others)[:count]
        action: Action = PassCards(_sorted(chosen)) if verb == "pass" else Bury(_sorted(chosen))
        return action if action in legal else None

    def _share(self, legal: Sequence[Action], step: _Step, before: State) -> Action | None:
        """A share the seat did not see (``kitty.share``): any giving the seat its card."""
        players = before.variant.deal.players
        mine = (self.seat - step.actor) % players
        got = [r.cards[0] for r in step.seen if r.what == "shared"]
        shares = [
            a for a in legal if isinstance(a, ShareKitty) and (not got or a.cards[mine] == got[0])
        ]
        return self.rng.choice(shares) if shares else None

    def _swapped(self, before: State, step: _Step) -> State | None:
        """An opponent's card play the world cannot show, mended by swapping a few cards.

        The card played comes from whoever the world gave it to, for a card of the player's
        that the other holder may hold; cards that would have made the play illegal (a
        suit to follow, a card to beat with) go to holders that may hold them. Each swap
        keeps to what the seat knows (`pinochle.knowledge`), so most plays need no new
        deal of the world.
        """
        move = step.move
        actor = step.actor
        if not isinstance(move, Play) or actor == self.seat or before.to_act != actor:
            return None
        known = knowledge(self._view(before))
        world = before
        for _ in range(SWAPS):
            legal = legal_actions(world)
            if move in legal:
                return self._try(world, step)
            places = _Places(world, self.seat)
            fixed = Counter(known.holds[actor])
            mine = places.piles[("hand", actor)]
            if move.card not in mine:
                wanted, unwanted = move.card, None
            else:  # holding it, the player would have had to play another card
                others = [a.card for a in legal if isinstance(a, Play) and a.card != move.card]
                others = [c for c in others if mine.count(c) > fixed[c]]
                if not others:
                    return None
                wanted, unwanted = None, self.rng.choice(others)
            if not self._swap(places, actor, wanted, unwanted, known):
                return None
            world = places.state()
        return None

    def _swap(
        self,
        places: _Places,
        actor: int,
        wanted: Card | None,
        unwanted: Card | None,
        known: Knowledge,
    ) -> bool:
        """Swap one card between the actor's hand and another seat's.

        ``wanted`` comes in, or ``unwanted`` goes out; each holder gets only a card it may
        hold.
        """
        mine = places.piles[("hand", actor)]
        fixed = Counter(known.holds[actor])
        options: list[tuple[_Place, Card, Card]] = []
        for place, cards in places.piles.items():
            if place[0] != "hand" or place[1] == actor or place[1] is None:
                continue
            other = place[1]
            kept = Counter(known.holds[other])
            if wanted is not None:
                if cards.count(wanted) <= kept[wanted]:
                    continue
                gives = [
                    c
                    for c in set(mine)
                    if mine.count(c) > fixed[c] and c != wanted and _may_hold(known, other, c)
                ]
                options += [(place, wanted, give) for give in gives]
            else:
                assert unwanted is not None
                if not _may_hold(known, other, unwanted):
                    continue
                takes = [
                    c
                    for c in set(cards)
                    if cards.count(c) > kept[c]
                    and c.suit != unwanted.suit
                    and _may_hold(known, actor, c)
                ]
                options += [(place, take, unwanted) for take in takes]
        if not options:
            return False
        place, take, give = self.rng.choice(options)
        theirs = places.piles[place]
        theirs.remove(take)
        theirs.append(give)
        mine.remove(give)
        mine.append(take)
        return True

    def _repair_one(self, before: State, step: _Step) -> State | None:
        """Deal the world again from the seat's observation until it shows the step."""
        view = observe(before, self.seat)
        try:
            known = knowledge(view)
        except PinochleError:
            return None
        for _ in range(TRIES):
            if self.budget <= 0:
                return None
            self.budget -= 1
            try:
                sampled = sample_state(view, self.rng)
            except PinochleError:
                return None
            world = self._place(sampled, step, known.holds)
            for _ in range(FIXES):
                if world is None:
                    break
                after = self._try(world, step)
                if after is not None:
                    return after
                world = self._fix_melds(world, step, known.holds)
        return None

    def _repair(self, before: State, last: _Step, step: _Step) -> list[State] | None:
        """Deal the world before ``last`` again, until both steps show as told."""
        view = observe(before, self.seat)
        try:
            known = knowledge(view)
        except PinochleError:
            return None
        for _ in range(TRIES):
            if self.budget <= 0:
                return None
            self.budget -= 1
            try:
                world = sample_state(view, self.rng)
            except PinochleError:
                return None
            placed = self._place(world, last, known.holds)
            middle = None
            for _ in range(FIXES):
                if placed is None:
                    break
                middle = self._try(placed, last)
                if middle is not None:
                    break
                placed = self._fix_melds(placed, last, known.holds)
            if middle is None:
                continue
            after = self._try(middle, step) or self._repair_one(middle, step)
            if after is not None:
                return [middle, after]
        return None

    def _fix_melds(
        self, world: State, step: _Step, holds: Sequence[Sequence[Card]]
    ) -> State | None:
        """The world with a card that makes a meld shown too big given to another holder.

        None when the step shows no meld, or the world's melds are not the trouble.
        """
        shown = {r.seat: Counter(r.cards) for r in step.seen if r.what == "meld"}
        if not shown:
            return None
        found = self._apply(world, step)
        if found is None:
            return None
        after = found[1]
        if after.hand.number != world.hand.number:
            return None
        extra: list[tuple[int, Card]] = []
        for seat, cards in shown.items():
            if seat is None:
                continue
            meld = after.hand.melds[seat] if after.hand.melds else None
            made = Counter(meld.cards) if meld is not None else Counter()
            extra += [(seat, c) for c in (made - cards).elements()]
        if not extra:
            return None
        seat, card = self.rng.choice(extra)
        needs = _needs(step, world, self.seat)
        keep = _kept(needs, holds, self.seat)
        places = _Places(world, self.seat)
        sources = [
            place
            for place in (("hand", seat), *(("hand", p) for p in world.variant.partners_of(seat)))
            if place in places.piles
            and places.count(place, card) > keep.get(place, Counter()).get(card, 0)
        ]
        if not sources:
            return None
        if not places.send(sources[0], card, keep, self.rng):
            return None
        return places.state()

    def _place(self, world: State, step: _Step, holds: Sequence[Sequence[Card]]) -> State | None:
        """The world with the cards the step shows moved where they must be."""
        needs = _needs(step, world, self.seat)
        if not needs:
            return world
        places = _Places(world, self.seat)
        keep = _kept(needs, holds, self.seat)
        for place, cards in needs.items():
            if place[0] in _NOT_PILES:
                continue
            if place not in places.piles and place[0] != "passed":
                return None
            for card, count in Counter(cards).items():
                while places.count(place, card) < count:
                    if not places.fetch(place, card, keep, self.rng):
                        return None
        for place, cards in needs.items():
            if place[0] == "no-more":  # a copy the seat must not hold hidden
                hand = ("hand", place[1])
                limit = len(cards)
                while hand in places.piles and places.count(hand, cards[0]) > limit:
                    if not places.send(hand, cards[0], keep, self.rng):
                        return None
            elif place[0] == "stock-at":
                places.to_index(cards[0], place[1] or 0)
        return places.state()


_NOT_PILES = ("passing", "no-more", "stock-at")
"""Needs that name no pile: cards to pass, copies not held, a card's place in the stock."""


_Place = tuple[str, int | None]
"""A hidden pile of a world: ``("hand", seat)``, ``("kitty", None)``, ``("stock", None)``..."""


def _kept(
    needs: dict[_Place, list[Card]], holds: Sequence[Sequence[Card]], seat: int
) -> dict[_Place, Counter[Card]]:
    """The cards each pile must keep: those the step needs there, and those known held."""
    keep: dict[_Place, Counter[Card]] = {
        ("hand", s): Counter(cards) for s, cards in enumerate(holds) if s != seat
    }
    for place, cards in needs.items():
        if place[0] not in _NOT_PILES:
            keep.setdefault(place, Counter()).update(cards)
    return keep


def _may_hold(known: Knowledge, seat: int, card: Card) -> bool:
    """Whether the seat may hold the card, as far as its play has shown (its ceilings)."""
    return card.rank <= known.ceilings[seat][card.suit]


def _dealer_seat(deal: Deal) -> int:
    """The dealer's seat (the engine's seating of the persons)."""
    from pinochle.engine._dealing import _seating

    return _seating(deal.variant, deal.dealer)[1]


def _needs(step: _Step, world: State, seat: int) -> dict[tuple[str, int | None], list[Card]]:
    """Where the cards the step shows must be before it: a hand, the kitty, the stock's top.

    The seat's own hand is known, and not among them.
    """
    needs: dict[tuple[str, int | None], list[Card]] = {}
    move = step.move
    if isinstance(move, Play):
        needs.setdefault(("hand", step.actor), []).append(move.card)
        table = world.hand.table[step.actor] if world.hand.table else ()
        on = table.count(move.card)
        left = step.table.get(step.actor)
        if on and left is not None:  # two-hand: the copy played came from the table or not
            if left.count(move.card) == on:
                needs[("hand", step.actor)] += [move.card] * on
            else:
                needs[("no-more", step.actor)] = [move.card] * on
    elif isinstance(move, Declare | PassCards | Bury):  # a pass to the seat, or its own
        needs.setdefault(("hand", step.actor), []).extend(move.cards)
    passing = isinstance(move, PassCards) or (isinstance(move, Hidden) and move.action == "pass")
    receiver = (step.actor + 2) % 4 if passing else None
    gained: dict[int, Counter[Card]] = {}
    if isinstance(move, ExchangeDix):
        # the exchanger gives a dix for the card turned up (three-hand: the dealer's)
        hand = world.hand
        turned = hand.turn_up if world.variant.deal.stock else hand.turned_up
        if turned is not None:
            dix = CARDS[turned.suit * 6 + Rank.NINE]
            needs.setdefault(("hand", step.actor), []).append(dix)
            gained[step.actor] = Counter([turned])
            if not world.variant.deal.stock:
                gained[hand.dealer] = Counter([dix])
    for seen in step.seen:
        if seen.what == "meld" and seen.seat is not None:
            held = Counter(seen.cards) - gained.get(seen.seat, Counter())
            if seen.seat == receiver and isinstance(move, PassCards):
                held -= Counter(move.cards)  # they come with the pass
            elif seen.seat == receiver:
                # some may come with the pass: the passer holds them now
                from_passer = held - Counter(world.hands[seen.seat])
                held -= from_passer
                needs.setdefault(("passing", step.actor), []).extend(from_passer.elements())
            needs.setdefault(("hand", seen.seat), []).extend(held.elements())
        elif seen.what in ("kitty", "shared"):  # the card shared came from the kitty
            needs.setdefault(("kitty", None), []).extend(seen.cards)
        elif seen.what == "drew" and isinstance(move, Draw | TakeTurnUp):
            # both draw, the trick winner (the actor) first; the last time the turned card
            # goes to whoever does not take the last face-down one
            stock = world.hand.stock
            if len(stock) >= 2 or (len(stock) == 1 and seen.cards[0] != world.hand.turn_up):
                index = 0 if (step.actor == seat) == isinstance(move, Draw) else 1
                needs.setdefault(("stock", None), []).extend(seen.cards)
                needs[("stock-at", min(index, len(stock) - 1))] = list(seen.cards)
        elif seen.what == "passed":
            partner = (step.actor + 2) % 4
            needs.setdefault(("hand", partner), []).extend(seen.cards)
            needs.setdefault(("passed", partner), []).extend(seen.cards)
    needs.pop(("hand", seat), None)
    passing_cards = needs.pop(("passing", step.actor), None)
    if passing_cards and step.actor != seat:  # the passer holds them until it passes them
        needs.setdefault(("hand", step.actor), []).extend(passing_cards)
        needs[("passing", step.actor)] = passing_cards
    return needs


class _Places:
    """The hidden piles of a world, to move cards between them."""

    def __init__(self, world: State, seat: int) -> None:
        self.world = world
        self.seat = seat
        self.piles: dict[tuple[str, int | None], list[Card]] = {}
        for s, cards in enumerate(world.hands):
            if s != seat:
                self.piles[("hand", s)] = list(cards)
        hand = world.hand
        if hand.kitty and _kitty_apart(world.variant, world.phase):
            self.piles[("kitty", None)] = list(hand.kitty)
        if hand.buried and hand.bidder != seat:
            self.piles[("buried", None)] = list(hand.buried)
        if hand.stock:
            self.piles[("stock", None)] = list(hand.stock)
        self.passed = list(hand.passed_cards)

    def count(self, place: tuple[str, int | None], card: Card) -> int:
        if place[0] == "passed":
            return self.passed.count(card)
        return self.piles[place].count(card)

    def fetch(
        self,
        place: tuple[str, int | None],
        card: Card,
        keep: dict[tuple[str, int | None], Counter[Card]],
        rng: random.Random,
    ) -> bool:
        """Swap a copy of ``card`` from another hidden pile into ``place``."""
        if place[0] == "passed":
            self.passed.append(card)
            return True
        target = self.piles[place]
        wanted = keep.get(place, Counter())
        spare = [c for c in set(target) if target.count(c) > wanted.get(c, 0) and c != card]
        if not spare:
            return False
        sources = [
            where
            for where, cards in self.piles.items()
            if where != place and cards.count(card) > keep.get(where, Counter()).get(card, 0)
        ]
        if not sources:
            return False
        source = rng.choice(sources)
        give = rng.choice(spare)
        self.piles[source].remove(card)
        self.piles[source].append(give)
        target.remove(give)
        target.append(card)
        return True

    def send(
        self,
        place: tuple[str, int | None],
        card: Card,
        keep: dict[tuple[str, int | None], Counter[Card]],
        rng: random.Random,
    ) -> bool:
        """Swap a copy of ``card`` out of ``place`` for a card of another hidden pile."""
        others = []
        for where, cards in self.piles.items():
            if where == place or (where[0] == "stock" and False):
                continue
            wanted = keep.get(where, Counter())
            spare = [c for c in set(cards) if c != card and cards.count(c) > wanted.get(c, 0)]
            others += [(where, c) for c in spare]
        if not others:
            return False
        where, give = rng.choice(others)
        self.piles[where].remove(give)
        self.piles[where].append(card)
        self.piles[place].remove(card)
        self.piles[place].append(give)
        return True

    def to_index(self, card: Card, index: int) -> None:
        """Put ``card`` at ``index`` in the stock (its order is hidden from every seat)."""
        stock = self.piles[("stock", None)]
        stock.remove(card)
        stock.insert(index, card)

    def state(self) -> State:
        world = self.world
        hands = tuple(
            world.hands[s] if s == self.seat else _sorted(self.piles[("hand", s)])
            for s in range(len(world.hands))
        )
        hand = world.hand
        piles = self.piles
        hand = attrs.evolve(
            hand,
            kitty=_sorted(piles[("kitty", None)]) if ("kitty", None) in piles else hand.kitty,
            buried=_sorted(piles[("buried", None)]) if ("buried", None) in piles else hand.buried,
            stock=tuple(piles[("stock", None)]) if ("stock", None) in piles else hand.stock,
            passed_cards=_sorted(self.passed[-len(hand.passed_cards) :])
            if hand.passed_cards
            else hand.passed_cards,
        )
        return attrs.evolve(world, hands=hands, hand=hand, legal_cache=None)
