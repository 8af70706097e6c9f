"""The line that says why: the current decision of a seat, in one short sentence.

`explain_legal` reads an `Observation` and says what its seat may do now and why, in a
player's words: ``Follow clubs and beat the K♣: A♣ or 10♣``, ``No clubs and no trump: any
card``, ``Bid at least 26, or pass``. A terminal or a browser shows it above the hand (the
seed game's "the line at the top tells you why").

The sentence agrees with the observation's `legal_actions`: where it names cards (after its
last colon, high to low, each distinct card once), they are exactly the cards the seat may
play; where it says "any card", the whole hand is legal. Every sentence is one line of
fewer than 90 characters. When the seat is not to act (or the game is over) it is the empty
string: the observation alone cannot say what another seat is waiting to do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pinochle._words import counted
from pinochle.actions import (
    Bid,
    CallMisdeal,
    CallRenege,
    Declare,
    ExchangeDix,
    NameTrump,
    Pass,
    Play,
    TakeTurnUp,
)
from pinochle.auction import _trump_suits
from pinochle.cards import CARDS, Card, Rank, Suit
from pinochle.choices import CardChoices
from pinochle.errors import ArgumentError
from pinochle.state import Observation, Phase
from pinochle.tricks import _allowed, _state, _unruffed, leads_trump, trick_rule
from pinochle.variant import Partner, PassingOrder, TrumpRule

__all__ = ["explain_legal"]

_SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def explain_legal(observation: Observation) -> str:
    """One short sentence saying what the observing seat may do now, and why.

    The cases, by phase (``N`` the profile's numbers, ``X`` cards, high to low):

    - tricks: ``Lead any card``; two-hand while the stock lasts, ``Any card while the stock
      lasts``; ``Follow clubs and beat the K♣: A♣ or 10♣``; ``Follow clubs (you cannot beat
      the A♣): 10♣ or 9♣``; ``Follow clubs (the trick is trumped): ...``; ``Follow clubs:
      ...`` (no duty to beat); ``No clubs, you must trump: ...``; ``No clubs, trump and beat
      the 10♠: A♠``; ``No clubs, trump (you cannot beat the A♠): ...``; ``No clubs and you
      cannot beat the A♠: any card``; ``No clubs: any card (you need not trump)``; ``No clubs
      and no trump: any card``; under ``renege.accept``, while a renege may be called,
      ``Call a renege, or follow clubs: ...``;
    - auction: ``Bid at least 26, or pass``; ``Bid 26, or pass`` (no jump bids); ``You must
      bid: at least 25`` (everyone else passed, or meld must open); ``Pass: no bid can top
      N``;
    - trump: ``Name trump: any suit``; ``Name trump: you need a marriage in it: ♥ or ♠``;
      ``Name trump: any suit (you hold no marriage)``;
    - passing: ``Pass 4 cards to your partner``; ``Return 4 cards to your partner``;
      ``Pass 4 cards to your partner (you see theirs after)`` (simultaneous passing);
    - kitty: ``Bury 3 cards (not from your meld)``, or ``Bury 3 cards`` where meld may go;
      under ``kitty.bury_trump_aces = false`` ``Bury 3 cards (no trump or ace, not from
      your meld)``, and when forced ``Bury 3 cards: all but trump and aces, then trump or
      aces``;
    - two-hand meld turn: ``Meld, exchange the dix, or draw`` (naming only what is legal),
      and at the last draw ``Last draw: take the turned-up 10♥, or draw``;
    - ``Throw in or play on``; ``Concede or play on (conceded only if all opponents
      concede)``; ``Exchange the dix for the turned-up A♥, or keep it``; ``Call a misdeal or
      keep your hand``, ``Keep your hand (it is no misdeal)``; ``Shoot the moon (promise every
      trick) or play on``;
    - five hands (``deal.partner``): ``Call a trump card: the first other player to play a copy
      is your partner``, or under ``"asked"`` ``Ask for any card: the first player from your
      right holding a copy is your partner``;
    - a shared kitty (``kitty.share``): ``Share the kitty: keep one card, then give one to
      each other player from your left: A♠, 10♥, K♣ or 9♦``.

    Cards named after the sentence's last colon are exactly the legal cards; "any card"
    means the whole hand.

    Args:
        observation: What the seat sees (`pinochle.observe`).

    Returns:
        The sentence, or ``""`` when the seat is not to act (someone else's turn, or the
        game is over).

    Raises:
        ArgumentError: ``observation`` is not an `Observation`.
    """
    if not isinstance(observation, Observation):
        raise ArgumentError(
            "observation", "an Observation (from pinochle.observe(state, seat))", observation
        )
    view = observation
    if view.to_act != view.seat or not view.legal_actions:
        return ""
    return _BY_PHASE[view.phase](view)


# --- Tricks ----------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    """Distinct cards, high to low, as ``A♣, 10♣ or 9♣``."""
    ordered = sorted(set(cards), key=lambda c: (-c.rank, c.suit))
    names = [str(c) for c in ordered]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _trick(view: Observation) -> str:
    sentence = _card_duty(view)
    if any(type(a) is CallRenege for a in view.legal_actions):  # renege.accept
        return f"Call a renege, or {sentence[0].lower()}{sentence[1:]}"
    return sentence


def _card_duty(view: Observation) -> str:
    if not view.trick:
        if not view.tricks and leads_trump(view.variant, view.bid):
            trumps = [c for c in view.hand if c.suit == view.trump]
            if trumps:
                return f"The first lead must be a trump: {_cards(trumps)}"
        return "Lead any card"
    if view.turn_up is not None:  # two-hand: the stock is not drawn out yet
        return "Any card while the stock lasts"
    legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
    # The duty, from the one trick rule; the words say which part of it chose the cards.
    rule = trick_rule(view.variant.play, view.trump)
    state = _state(view.trick, rule)
    follow, beat, ruff, over, _ = rule.duties[state]
    _, part = _allowed(view.hand, rule.duties[state])
    suit = _SUIT_NAMES[Suit(follow)]
    if part == "beat":
        return f"Follow {suit} and beat the {CARDS[follow * 6 + beat]}: {_cards(legal)}"
    if part == "follow":
        if beat >= 0:
            return (
                f"Follow {suit} (you cannot beat the {CARDS[follow * 6 + beat]}): {_cards(legal)}"
            )
        before = _unruffed(state)
        if before != state and rule.duties[before][1] >= 0:  # the ruff lifted the duty
            return f"Follow {suit} (the trick is trumped): {_cards(legal)}"
        return f"Follow {suit}: {_cards(legal)}"
    if part == "overtrump":
        return f"No {suit}, trump and beat the {CARDS[ruff * 6 + over]}: {_cards(legal)}"
    if part == "trump":
        if over >= 0:
            high = CARDS[ruff * 6 + over]
            return f"No {suit}, trump (you cannot beat the {high}): {_cards(legal)}"
        return f"No {suit}, you must trump: {_cards(legal)}"
    # part == "any": the whole hand
    if not any(c.suit == view.trump for c in view.hand):
        return f"No {suit} and no trump: any card"
    if ruff < 0:
        return f"No {suit}: any card (you need not trump)"
    return f"No {suit} and you cannot beat the {CARDS[ruff * 6 + over]}: any card"


# --- Before the tricks -----------------------------------------------------------------


def _auction(view: Observation) -> str:
    legal = view.legal_actions
    may_pass = isinstance(legal[0], Pass)
    bids = len(legal) - may_pass
    if not bids:
        return f"Pass: no bid can top {view.bid}"
    lowest = legal[1 if may_pass else 0]
    assert isinstance(lowest, Bid)
    amount = f"at least {lowest.amount}" if bids > 1 else f"{lowest.amount}"
    if not may_pass:
        return f"You must bid: {amount}"
    return f"Bid {amount}, or pass"


def _trump(view: Observation) -> str:
    suits = [a.suit for a in view.legal_actions if isinstance(a, NameTrump)]
    rule = view.variant.trump.rule
    if rule is TrumpRule.MARRIAGE or rule is TrumpRule.RUN_MARRIAGE_OR_DIX:
        need = "a marriage" if rule is TrumpRule.MARRIAGE else "a run, marriage or dix"
        if len(suits) == len(Suit) and not _trump_suits(view.variant, view.hand):
            return f"Name trump: any suit (you hold no {need[2:]})"
        names = [s.symbol for s in sorted(suits)]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        return f"Name trump: you need {need} in it: {listed}"
    return "Name trump: any suit"


def _passing(view: Observation) -> str:
    n = counted(view.variant.passing.cards, "card")
    if view.phase is Phase.PASS:
        return f"Pass {n} to your partner"
    if view.variant.passing.order is PassingOrder.SIMULTANEOUS and not view.passed_to_me:
        return f"Pass {n} to your partner (you see theirs after)"
    return f"Return {n} to your partner"


def _bury(view: Observation) -> str:
    legal = view.legal_actions
    plain_only = not view.variant.kitty.bury_trump_aces
    if not isinstance(legal, CardChoices):  # kitty.bury_trump_aces: forced to bury trump
        n = len(view.kitty)
        return f"Bury {counted(n, 'card')}: all but trump and aces, then trump or aces"
    n = legal.k
    kept = Counter(view.hand) - Counter(legal.cards)  # the cards that may not go, and why
    trump = view.trump
    trump_or_ace = [plain_only and (c.suit is trump or c.rank is Rank.ACE) for c in kept]
    reasons = ["no trump or ace"] if any(trump_or_ace) else []
    if not all(trump_or_ace):
        reasons.append("not from your meld")
    return (
        f"Bury {counted(n, 'card')} ({', '.join(reasons)})"
        if kept
        else f"Bury {counted(n, 'card')}"
    )


def _meld_turn(view: Observation) -> str:
    legal = view.legal_actions
    parts = []
    if any(isinstance(a, Declare) for a in legal):
        parts.append("meld")
    if any(isinstance(a, ExchangeDix) for a in legal):
        parts.append("exchange the dix")
    last = any(isinstance(a, TakeTurnUp) for a in legal)
    if last:
        parts.append(f"take the turned-up {view.turn_up}")
    parts.append("draw")
    if len(parts) == 1:
        text = parts[0]
    elif len(parts) == 2:
        text = f"{parts[0]} or {parts[1]}"
    else:
        text = ", ".join(parts[:-1]) + ", or " + parts[-1]
    return f"Last draw: {text}" if last else text[0].upper() + text[1:]


def _misdeal(view: Observation) -> str:
    if any(isinstance(a, CallMisdeal) for a in view.legal_actions):
        return "Call a misdeal or keep your hand"
    return "Keep your hand (it is no misdeal)"


def _dix_exchange(view: Observation) -> str:
    return f"Exchange the dix for the turned-up {view.turned_up}, or keep it"


def _share(view: Observation) -> str:
    """``kitty.share``: any kitty card may be kept; the rest go one a seat from the left."""
    return (
        "Share the kitty: keep one card, then give one to each other player from your left: "
        + _cards(view.kitty)
    )


def _call(view: Observation) -> str:
    """Five hands: the bidder calls a trump card, or asks for any card (``deal.partner``)."""
    if view.variant.deal.partner is Partner.ASKED:
        return "Ask for any card: the first player from your right holding a copy is your partner"
    return "Call a trump card: the first other player to play a copy is your partner"


_BY_PHASE = {
    Phase.MISDEAL: _misdeal,
    Phase.AUCTION: _auction,
    Phase.TRUMP: _trump,
    Phase.BURY: _bury,
    Phase.PASS: _passing,
    Phase.RETURN: _passing,
    Phase.THROW_IN: lambda view: "Throw in or play on",
    Phase.CONCEDE: lambda view: "Concede or play on (conceded only if all opponents concede)",
    Phase.MOON: lambda view: "Shoot the moon (promise every trick) or play on",
    Phase.CALL: _call,
    Phase.MELD: _meld_turn,
    Phase.DIX_EXCHANGE: _dix_exchange,
    Phase.TRICKS: _trick,
    Phase.SHARE: _share,
}
