"""Whether a value read from a document is one the game can hold: the wire reader's checks.

A document can spell a well-formed `Observation` that no game produces: a seat that does
not exist, five A♠ in a single deck, a trick led out of turn. Every consumer of an
observation (the sampler, the bots, the pictures, the encodings) relies on what the engine
guarantees, so `pinochle.wire` refuses such a document here, at the edge, and the engine's
hot paths stay free of checks.

`observation_problems` checks the seats, the lengths of the per-seat and per-side lists,
the phase's fields, the tricks' order and winners, and that the cards add up to the deck
(the accounting of `pinochle.sampling`, the reader the sampler itself uses).
`state_problems` checks the same of a state read without replaying its history: every
seat's observation of it, and that its cards are exactly the deck.

Each problem is ``(where, what)``: the field's path in the document and what is wrong
with its value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pinochle.actions import Bid, CorrectRenege
from pinochle.arguments import LIMIT
from pinochle.cards import Card, Rank, make_deck
from pinochle.errors import PinochleError
from pinochle.state import CompletedTrick, Observation, Phase, State, _kitty_apart
from pinochle.tricks import trick_winner
from pinochle.variant import Partner

if TYPE_CHECKING:
    from pinochle.scoring import HandResult

__all__ = ["observation_problems", "result_problems", "state_problems", "where_cards_are"]

Problem = tuple[str, str]
"""Where in the document (``trick[1][0]``) and what is wrong there."""

_NO_TRUMP_YET = frozenset({Phase.MISDEAL, Phase.AUCTION, Phase.TRUMP})
_AFTER_TRUMP = frozenset(Phase) - _NO_TRUMP_YET - {Phase.GAME_OVER}
_IN_ORDER = "expected the cards in deck order, as the engine holds them"


class _Found:
    """The problems found so far, in document order."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, where: str, problem: str) -> None:
        self.problems.append((where, problem))

    def seat(self, where: str, value: int | None, players: int, *, optional: bool = False) -> None:
        """A seat must be one of the table's ``players`` (or None where that is allowed)."""
        if value is None:
            if not optional:
                self.add(where, "expected a seat, found null")
        elif not 0 <= value < players:
            self.add(where, f"seat {value} does not exist (seats 0 to {players - 1})")

    def side(self, where: str, value: int | None, sides: int) -> None:
        if value is not None and not 0 <= value < sides:
            self.add(where, f"side {value} does not exist (sides 0 to {sides - 1})")

    def length(self, where: str, values: Sequence[object], *allowed: int) -> bool:
        """A list must have one of the ``allowed`` lengths; say so and answer False if not."""
        if len(values) in allowed:
            return True
        expected = " or ".join(map(str, sorted(set(allowed))))
        self.add(where, f"expected {expected} entries, found {len(values)}")
        return False

    def at_least(self, where: str, value: int, low: int) -> None:
        if value < low:
            self.add(where, f"expected at least {low}, found {value}")

    def score(self, where: str, value: int | None) -> None:
        """A score, a bid or a target is within the library's ±`LIMIT`."""
        if value is not None and not -LIMIT <= value <= LIMIT:
            self.add(where, f"expected a number within ±{LIMIT:,}, found {value}")


# --- Observations ------------------------------------------------------------------------


def observation_problems(view: Observation, *, cards: bool = True) -> list[Problem]:
    """Every way ``view`` differs from an observation the engine can produce (see above).

    Checks that need a sound structure (the tricks' winners, the cards' count) run only
    once the seats and lengths are right, so no check fails on another's bad value.
    ``cards=False`` leaves out the count of the cards (a state counts its own).
    """
    found = _Found()
    _shape(found, view)
    if found.problems:
        return found.problems
    _phase(found, view)
    _auction(found, view)
    _tricks(found, view)
    if cards and not found.problems:
        _cards(found, view)
    return found.problems


def _announced(found: _Found, view: Observation) -> None:
    """Announced burials (``kitty.bury_trump_aces = false``): trump or aces, buried."""
    announced = view.buried_announced
    if not announced:
        return
    if view.variant.kitty.bury_trump_aces:
        found.add("buried_announced", "expected []: the profile announces no burial")
    elif len(announced) > view.variant.deal.kitty:
        kitty = view.variant.deal.kitty
        found.add("buried_announced", f"{len(announced)} cards; the bidder buries {kitty}")
    elif any(c.suit is not view.trump and c.rank is not Rank.ACE for c in announced):
        found.add("buried_announced", "only trump and aces are announced")
    elif view.seat == view.bidder and Counter(announced) - Counter(view.buried):
        found.add("buried_announced", "holds cards the bidder did not bury")


def _shared(found: _Found, view: Observation) -> None:
    """A shared kitty (``kitty.share``): one card to a receiver, the rest seen by the bidder."""
    to_me, by_me = view.shared_to_me, view.shared_by_me
    if not to_me and not by_me:
        return
    if not view.variant.kitty.share:
        name = "shared_to_me" if to_me else "shared_by_me"
        found.add(name, "expected []: the profile shares no kitty (kitty.share)")
        return
    if to_me and (view.seat == view.bidder or len(to_me) != 1):
        found.add("shared_to_me", "one card, given to a seat other than the bidder")
    if by_me and (view.seat != view.bidder or len(by_me) != view.variant.deal.players - 1):
        players = view.variant.deal.players
        found.add("shared_by_me", f"the bidder's {players - 1} cards, one to each other seat")
    elif by_me and Counter(by_me) - Counter(view.kitty):
        found.add("shared_by_me", "holds cards the kitty did not")


def _called(found: _Found, view: Observation) -> None:
    """A called card and partner (five hands).

    Called (WP): a trump card, and the partner a seat that has played it. Asked (the house
    game, rules/deck-and-deal#two-winners): any card, and the partner named at once, a seat
    other than the bidder (or none: the bidder holds every copy).
    """
    if view.called is None and view.partner is None:
        return
    how = view.variant.deal.partner
    if how is Partner.NONE:
        found.add(
            "called" if view.called is not None else "partner",
            "only a profile with deal.partner = 'called' or 'asked' calls a partner",
        )
        return
    if view.called is None:
        found.add("partner", "a partner without a called card")
        return
    if view.bidder is None or (how is Partner.CALLED and view.called.suit is not view.trump):
        found.add("called", f"the bidder calls a trump card, found {view.called}")
    if view.partner is not None:
        found.seat("partner", view.partner, view.variant.deal.players)
    if how is Partner.ASKED:
        if view.partner is not None and view.partner == view.bidder:
            found.add("partner", f"the partner is a seat other than the bidder's ({view.bidder})")
        return
    plays = [play for trick in view.tricks for play in trick.plays]
    plays.extend(view.trick)
    first = next((s for s, c in plays if c == view.called and s != view.bidder), None)
    if first != view.partner:
        found.add(
            "partner",
            f"the partner is the first other player of {view.called}: expected {first}, "
            f"found {view.partner}",
        )


def _shape(found: _Found, view: Observation) -> None:
    """Seats in range, lists of the table's and the sides' lengths, counts not negative."""
    variant = view.variant
    deal = variant.deal
    players, sides = deal.players, variant.sides
    found.seat("seat", view.seat, players)
    found.seat("to_act", view.to_act, players, optional=True)
    found.seat("dealer", view.dealer, players)
    found.seat("bidder", view.bidder, players, optional=True)
    found.seat("dix_exchanger", view.dix_exchanger, players, optional=True)
    if view.moon and (view.bidder is None or not variant.settlement.shoot_the_moon):
        found.add("moon", "only a high bidder under settlement.shoot_the_moon shoots the moon")
    _called(found, view)
    if view.last_turn_up is not None:
        found.seat("last_turn_up[0]", view.last_turn_up[0], players)
    found.at_least("hand_number", view.hand_number, 0)
    found.at_least("bid", view.bid, 0)
    for name in ("hand_number", "bid", "target"):
        found.score(name, getattr(view, name))
    for name in ("points", "scores"):
        for i, value in enumerate(getattr(view, name)):
            found.score(f"{name}[{i}]", value)
    found.at_least("stock_size", view.stock_size, 0)
    if found.length("persons", view.persons, players):
        for i, person in enumerate(view.persons):
            if not 0 <= person < deal.seated:
                seated = f"0 to {deal.seated - 1}"
                found.add(f"persons[{i}]", f"person {person} is not seated ({seated})")
        if len(set(view.persons)) < players:
            found.add("persons", f"a person plays two seats: {list(view.persons)}")
    if found.length("hand_sizes", view.hand_sizes, players):
        for i, size in enumerate(view.hand_sizes):
            found.at_least(f"hand_sizes[{i}]", size, 0)
        if 0 <= view.seat < players and view.hand_sizes[view.seat] != len(view.hand):
            found.add(
                "hand",
                f"holds {len(view.hand)} cards, but hand_sizes[{view.seat}] is "
                f"{view.hand_sizes[view.seat]}",
            )
    found.length("melds", view.melds, 0, players)
    found.length("kitty", view.kitty, 0, deal.kitty)
    found.length("table", view.table, 0, players)
    found.length("shown", view.shown, 0, players)
    found.length("points", view.points, sides)
    found.length("scores", view.scores, sides)
    for i, size in enumerate(view.points):
        found.at_least(f"points[{i}]", size, 0)
    found.side("winner", view.winner, sides)
    for i, result in enumerate(view.results):
        for where, problem in result_problems(result, sides):
            found.add(f"results[{i}].{where}", problem)
    if view.hand != tuple(sorted(view.hand, key=_index)):
        found.add("hand", _IN_ORDER)
    if not deal.stock:
        for name in ("turn_up", "last_turn_up"):
            if getattr(view, name) is not None:
                found.add(name, "expected null: the profile deals no stock")
        if view.stock_size:
            found.add("stock_size", "expected 0: the profile deals no stock")
    elif view.stock_size > variant.stock_size:
        found.add("stock_size", f"the profile's stock has {variant.stock_size} cards")
    if view.buried and view.seat != view.bidder:
        found.add("buried", f"seat {view.seat} is not the bidder and buried nothing")
    if len(view.buried) > deal.kitty:
        found.add("buried", f"{len(view.buried)} cards; the bidder buries {deal.kitty}")
    _announced(found, view)
    _shared(found, view)
    passed = variant.passing.cards if deal.partnerships else 0
    found.length("passed_to_me", view.passed_to_me, 0, passed)
    found.length("passed_by_me", view.passed_by_me, 0, passed)
    _plays(found, "trick", view.trick, players)
    if len(view.trick) >= players:
        found.add("trick", f"{len(view.trick)} cards in a trick of {players} seats")
    for name in ("tricks", "last_tricks"):
        for i, trick in enumerate(getattr(view, name)):
            _plays(found, f"{name}[{i}].plays", trick.plays, players)
            if len(trick.plays) != players:
                found.add(f"{name}[{i}].plays", f"{len(trick.plays)} cards; a trick has {players}")
            found.seat(f"{name}[{i}].winner", trick.winner, players)
            found.at_least(f"{name}[{i}].points", trick.points, 0)
    if len(view.tricks) > variant.tricks_per_hand:
        found.add("tricks", f"{len(view.tricks)} tricks; a hand has {variant.tricks_per_hand}")


def _plays(found: _Found, where: str, plays: Sequence[tuple[int, Card]], players: int) -> None:
    """Each card played by a seat of the table, the seats in turn to its left."""
    for i, (seat, _) in enumerate(plays):
        found.seat(f"{where}[{i}][0]", seat, players)
        if i and 0 <= seat < players and seat != (plays[i - 1][0] + 1) % players:
            found.add(
                f"{where}[{i}][0]",
                f"seat {seat} plays after seat {plays[i - 1][0]}, out of turn",
            )


def _index(card: Card) -> int:
    return card.index


def _phase(found: _Found, view: Observation) -> None:
    """Who acts, trump, the winner and the legal actions as the phase has them."""
    phase = view.phase
    if phase is Phase.GAME_OVER:
        if view.to_act is not None:
            found.add("to_act", f"expected null once the game is over, found {view.to_act}")
    elif view.to_act is None:
        found.add("to_act", f"expected the seat to act in phase {phase.value!r}, found null")
    if view.winner is not None and phase is not Phase.GAME_OVER:
        found.add("winner", f"the game has no winner in phase {phase.value!r}")
    if phase in _NO_TRUMP_YET and view.trump is not None:
        found.add("trump", f"no trump is named yet in phase {phase.value!r}")
    if phase in _AFTER_TRUMP and view.trump is None:
        found.add("trump", f"expected the trump suit in phase {phase.value!r}")
    if view.trick and phase is not Phase.TRICKS:
        found.add("trick", f"no trick is under way in phase {phase.value!r}")
    if view.to_act != view.seat and not all(
        type(a) is CorrectRenege and a.seat == view.seat for a in view.legal_actions
    ):  # renege.correction: a seat may correct its own renege out of turn
        found.add("legal_actions", f"seat {view.seat} is not to act and has none")
    if not view.variant.renege.correction and any(
        type(a) is CorrectRenege for a in view.legal_actions
    ):
        found.add("legal_actions", "a correction without renege.correction")
    if not view.legal_actions and view.to_act == view.seat:
        found.add("legal_actions", f"seat {view.seat} is to act: expected its legal actions")


def _auction(found: _Found, view: Observation) -> None:
    """The high bid and its bidder are the auction's last bid, while it runs."""
    bids = [(seat, action) for seat, action in view.auction if isinstance(action, Bid)]
    for i, (seat, _) in enumerate(view.auction):
        found.seat(f"auction[{i}][0]", seat, view.variant.deal.players)
    if not bids or view.phase is Phase.MISDEAL:
        return
    seat, last = bids[-1]
    if view.bidder != seat or view.bid != last.amount:
        found.add(
            "bidder",
            f"the auction's high bid is seat {seat}'s {last.amount}, not "
            f"{'nobody' if view.bidder is None else f'seat {view.bidder}'}'s {view.bid}",
        )


def _tricks(found: _Found, view: Observation) -> None:
    """Each trick won by its winning card, each led by the last one's winner."""
    leader = None
    for i, trick in enumerate(view.tricks):
        if leader is not None and trick.leader != leader:
            found.add(f"tricks[{i}].plays[0][0]", f"seat {trick.leader} leads; seat {leader} won")
        _winner(found, f"tricks[{i}]", trick, view)
        leader = trick.winner
    if view.trick and leader is not None and view.trick[0][0] != leader:
        found.add("trick[0][0]", f"seat {view.trick[0][0]} leads; seat {leader} won the last")
    if view.trick and view.to_act is not None and view.phase is Phase.TRICKS:
        after = (view.trick[-1][0] + 1) % view.variant.deal.players
        if view.to_act != after:
            found.add("to_act", f"seat {view.to_act} acts; seat {after} plays next to the trick")


def _winner(found: _Found, where: str, trick: CompletedTrick, view: Observation) -> None:
    seats = [seat for seat, _ in trick.plays]
    if trick.winner not in seats:
        found.add(f"{where}.winner", f"seat {trick.winner} did not play to the trick")
        return
    cards = [card for _, card in trick.plays]
    winner = seats[trick_winner(cards, view.trump)]
    if trick.winner != winner:
        found.add(f"{where}.winner", f"seat {winner} won it, not seat {trick.winner}")


def _cards(found: _Found, view: Observation) -> None:
    """The cards seen and the hidden ones add up to the deck (the sampler's reading)."""
    from pinochle.sampling import _Reading  # the sampler is needed only here

    try:
        _Reading(view)
    except PinochleError as exc:
        found.add("hand", str(exc))


# --- States and results --------------------------------------------------------------------


def where_cards_are(state: State) -> Counter[Card]:
    """Every card of the state, each place counted once (table cards are in the hands)."""
    hand = state.hand
    found = Counter(c for cards in state.hands for c in cards)
    found.update(c for _, c in state.trick)
    found.update(c for trick in state.tricks for _, c in trick.plays)
    if _kitty_apart(state.variant, state.phase):  # later the kitty is in the hands
        found.update(hand.kitty)
    found.update(hand.buried)
    found.update(hand.stock)
    if hand.turn_up is not None:
        found[hand.turn_up] += 1
    return found


def state_problems(state: State) -> list[Problem]:
    """Every way ``state`` (read without its history replayed) is not a possible state.

    Its lists have the table's lengths, its cards are exactly the profile's deck, and each
    seat's observation of it is a possible one.
    """
    from pinochle.engine import observe

    found = _Found()
    variant, hand = state.variant, state.hand
    players = variant.deal.players
    found.length("hands", state.hands, players)
    found.length("hand.dealt", hand.dealt, players)
    found.length("hand.persons", hand.persons, players)
    found.length("tricks_won", state.tricks_won, variant.sides)
    found.length("counters", state.counters, variant.sides)
    found.length("hand.passed", hand.passed, 0, players)
    found.length("hand.meld_points", hand.meld_points, 0, players)
    found.seat("hand.bidder", hand.bidder, players, optional=True)
    found.seat("to_act", state.to_act, players, optional=True)
    found.seat("game.first_dealer", state.game.first_dealer, variant.deal.seated)
    found.length("game.scores", state.game.scores, variant.sides)
    found.length("game.start_scores", state.game.start_scores, variant.sides)
    if found.problems:
        return found.problems
    deck = Counter(make_deck(variant.deal.deck))
    held = where_cards_are(state)
    if held != deck:
        extra = sorted((held - deck).elements(), key=_index)
        missing = sorted((deck - held).elements(), key=_index)
        found.add("hands", f"the cards are not the deck: {_cards_text(extra, missing)}")
        return found.problems
    for seat, cards in enumerate(state.hands):
        if cards != tuple(sorted(cards, key=_index)):
            found.add(f"hands[{seat}]", _IN_ORDER)
    if found.problems:
        return found.problems
    # One seat's view holds all the public facts; the cards were counted above.
    seat = 0 if state.to_act is None else state.to_act
    try:
        view = observe(state, seat)
    except (PinochleError, IndexError, KeyError, ValueError, TypeError) as exc:
        found.add("state", f"not a position of the game: {exc!r}")
        return found.problems
    for where, problem in observation_problems(view, cards=False):
        found.add(_state_path(where), problem)
    return found.problems


def _cards_text(extra: list[Card], missing: list[Card]) -> str:
    parts = []
    if extra:
        parts.append("extra " + " ".join(map(str, extra[:8])))
    if missing:
        parts.append("missing " + " ".join(map(str, missing[:8])))
    return "; ".join(parts)


_STATE_PLACE = {
    "hand_number": "hand.number",
    "dealer": "hand.dealer",
    "persons": "hand.persons",
    "hand": "hands",
    "hand_sizes": "hands",
    "auction": "hand.auction",
    "bidder": "hand.bidder",
    "bid": "hand.bid",
    "trump": "hand.trump",
    "melds": "hand.melds",
    "kitty": "hand.kitty",
    "buried": "hand.buried",
    "turn_up": "hand.turn_up",
    "stock_size": "hand.stock",
    "table": "hand.table",
    "shown": "hand.shown",
    "passed_to_me": "hand.passed_cards",
    "passed_by_me": "hand.returned_cards",
    "scores": "game.scores",
    "results": "game.results",
    "last_tricks": "game.last_tricks",
    "target": "game.target",
    "winner": "game.winner",
    "turned_up": "hand.turned_up",
    "melded_this_turn": "hand.turn_melded",
    "last_turn_up": "hand.last_turn_up",
    "dix_exchanger": "hand.dix_exchanger",
    "buried_announced": "hand.buried",
    "moon": "hand.moon",
    "shared_to_me": "hand.shared",
    "shared_by_me": "hand.shared",
    "called": "hand.called",
    "partner": "hand.partner",
    "variant": "game.variant",
}


def _state_path(where: str) -> str:
    """An observation's field path as the state document's path."""
    head, dot, rest = where.partition(".")
    head, bracket, index = head.partition("[")
    place = _STATE_PLACE.get(head, head)
    return place + bracket + index + dot + rest


def result_problems(result: HandResult, sides: int | None = None) -> list[Problem]:
    """A hand's result names existing sides (of ``sides``, when the profile is known)."""
    found = _Found()
    if sides is not None:
        found.length("sides", result.sides, sides)
    if len(result.sides) < 2:
        count = len(result.sides)
        found.add("sides", f"expected a result for each of 2 sides or more, found {count}")
    found.side("bidder", result.bidder, len(result.sides) if sides is None else sides)
    if result.partner is not None:
        found.side("partner", result.partner, len(result.sides) if sides is None else sides)
        if result.partner == result.bidder:
            found.add("partner", "the partner is a side other than the bidder's")
    found.at_least("bid", result.bid, 0)
    found.score("bid", result.bid)
    for i, side in enumerate(result.sides):
        for name in ("meld", "points", "score"):
            found.score(f"sides[{i}].{name}", getattr(side, name))
    if result.checks:  # check pinochle: one count per side
        found.length("checks", result.checks, len(result.sides))
        for i, count in enumerate(result.checks):
            found.score(f"checks[{i}]", count)
    return found.problems
