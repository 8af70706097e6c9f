"""The protocol's lines: what the host tells a seat, and the legal moves of ``go``.

Every card the host writes comes from `pinochle.notation.view_moves` and the seat's own
view of the deal, so a line never holds a card the seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pinochle.actions import Action, Bid, Bury
from pinochle.cards import Card
from pinochle.choices import BidChoices, CardChoices
from pinochle.engine import observe
from pinochle.notation import Revealed, write_deal, write_move, write_profile
from pinochle.state import State
from pinochle.variant import Variant

__all__ = [
    "MAX_LINE",
    "MAX_OUTPUT",
    "VERSION",
    "deal_lines",
    "game_lines",
    "legal_words",
    "step_lines",
]

VERSION = 1
"""The protocol's version: the host's first line is ``pinochle 1``."""
MAX_LINE = 16 * 1024
"""The longest line a bot may write, in bytes (its newline apart)."""
MAX_OUTPUT = 1024 * 1024
"""The most bytes a bot may write from one ``go`` (or the handshake) to its answer."""
RUN = 3
"""Bids in a row, at one step apart, written as a range ``LOW..HIGH``."""


def game_lines(variant: Variant, seed: int | None) -> list[str]:
    """A game begins: ``newgame [SEED]`` and ``profile PROFILE``."""
    return ["newgame" if seed is None else f"newgame {seed}", f"profile {write_profile(variant)}"]


def deal_lines(start: State, seat: int) -> list[str]:
    """A deal begins, as ``seat`` sees it: ``newhand``, ``seat``, ``deal`` and what it sees.

    ``start`` is the state as the cards were dealt (no action of the deal applied yet).
    Meld shown as the cards are dealt (a turned trump without an auction) follows as
    ``seen +meld:...`` lines.
    """
    from pinochle.notation._deal import _deal_from  # the deal of a state just dealt

    lines = ["newhand", f"seat {seat}", f"deal {write_deal(_deal_from(start, seat))}"]
    view = observe(start, seat)
    for other, meld in enumerate(view.melds):
        if other != seat and meld is not None and meld.cards:
            lines.append(f"seen {write_move(Revealed('meld', meld.cards, other))}")
    return lines


def step_lines(before: State, action: Action, after: State, seat: int) -> list[str]:
    """One action as ``seat`` sees it: ``played``, then ``seen`` and ``table`` lines.

    ``table SEAT CARDS`` follows a two-hand card played by a seat that had a copy of it
    face up on its table: the cards on that table now (whether the copy played was the
    one on the table shows).
    """
    from pinochle.notation import view_moves

    actor = before.to_act
    moves = view_moves(before, action, after, seat)
    lines = [f"played {actor} {write_move(moves[0])}"]
    lines += [f"seen {write_move(move)}" for move in moves[1:]]
    table = before.hand.table
    card = getattr(action, "card", None)
    if (
        table
        and card is not None
        and actor is not None
        and card in table[actor]
        and after.hand.number == before.hand.number
    ):
        lines.append(f"table {actor} {_cards(after.hand.table[actor])}")
    return lines


def _cards(cards: Sequence[Card]) -> str:
    return ",".join(c.ascii for c in sorted(cards, key=_index)) or "-"


def _index(card: Card) -> int:
    return card.index


def legal_words(legal: Sequence[Action]) -> str:
    """The legal moves, as ``go`` lists them: each move's token, with two short forms.

    A run of three or more bids a step apart is ``LOW..HIGH`` (step 1) or
    ``LOW..HIGH/STEP``; a choice of cards (a pass, a burial) is ``pass:4of:CARDS``: any 4
    of those cards (twins repeated).
    """
    if isinstance(legal, CardChoices):
        verb = "bury" if legal.make is Bury else "pass"
        return f"{verb}:{legal.k}of:{','.join(c.ascii for c in legal.cards)}"
    if isinstance(legal, BidChoices):
        words = ["p"] if legal.can_pass else []
        for amounts in legal.amounts:
            words += _run(amounts.start, amounts.step, len(amounts))
        return " ".join(words)
    return " ".join(_words(legal))


def _words(legal: Sequence[Action]) -> Iterator[str]:
    """Each action's token, runs of bids joined into ranges."""
    bids: list[int] = []
    for action in legal:
        if type(action) is Bid:
            if len(bids) >= 2 and action.amount - bids[-1] != bids[1] - bids[0]:
                yield from _bids(bids)
                bids = []
            bids.append(action.amount)
            continue
        if bids:
            yield from _bids(bids)
            bids = []
        yield write_move(action)
    yield from _bids(bids)


def _bids(amounts: list[int]) -> list[str]:
    """Bids a step apart (at least two make the step), as words."""
    if len(amounts) < 2:
        return [str(a) for a in amounts]
    return _run(amounts[0], amounts[1] - amounts[0], len(amounts))


def _run(start: int, step: int, count: int) -> list[str]:
    if count < RUN:
        return [str(start + i * step) for i in range(count)]
    last = start + (count - 1) * step
    return [f"{start}..{last}" if step == 1 else f"{start}..{last}/{step}"]
