"""Start a game from given hands (a puzzle or an analysis), and look at it from one seat.

North (seat 0) holds the seed's meld example; the other hands are fixed too. North opens,
everyone passes, North names hearts and leads Q♠, and East must beat it.
"""

from __future__ import annotations

import pinochle as pn

HANDS = [
    "AH TH KH KH QH QH JH 9H QS JD KD KC",  # North (seat 0): run, royal marriage, dix, pinochle
    "AS AS TS TS KS QS JS 9S 9S AD AD TD",  # East
    "AH TH JH 9H AC AC TC TC KC QC QC JC",  # South
    "KS JS JD QD QD 9D 9D TD KD JC 9C 9C",  # West
]


def main() -> None:
    rules = pn.load_variant("pinochlerun").override({"passing": {"cards": 0}})
    hands = [pn.parse_cards(h) for h in HANDS]
    state = pn.new_game(rules, hands=hands, dealer=3)  # West deals, North bids first
    for action in (pn.Bid(30), pn.Pass(), pn.Pass(), pn.Pass(), pn.NameTrump(pn.Suit.HEARTS)):
        state = pn.apply(state, action)
    north_meld = state.hand.melds[0]
    assert north_meld is not None
    print(f"North's meld with hearts trump: {north_meld.total}")
    for item in north_meld.items:
        print(f"  {item}")
    state = pn.apply(state, pn.Play(pn.parse_cards("QS")[0]))  # North leads the queen of spades
    east = pn.observe(state, 1)
    print(f"East holds {pn.format_cards(east.hand)}")
    print(f"trick so far: {[(seat, str(card)) for seat, card in east.trick]}")
    print(f"East may play: {', '.join(str(a) for a in east.legal_actions)}")
    try:
        pn.apply(state, pn.Play(pn.parse_cards("9S")[0]))
    except pn.IllegalActionError as error:
        print(f"East tries 9♠: {error.reason}")


if __name__ == "__main__":
    main()
