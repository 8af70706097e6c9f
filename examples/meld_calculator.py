"""Score a hand's meld for every trump suit, as a bidding screen would, and count tricks."""

from __future__ import annotations

import pinochle as pn


def main() -> None:
    rules = pn.load_variant("pagat-partnership")
    hand = pn.parse_cards("AH TH KH KH QH QH JH 9H QS JD KD KC")
    print(f"hand: {pn.format_cards(pn.sort_cards(hand))}  ({rules.name}, {rules.title})")
    for suit, meld in pn.meld_by_trump(hand, rules).items():
        print(f"  {suit} trump: {meld.total}")
    best = pn.score_meld(hand, trump="H", variant=rules)
    print(f"with hearts trump: {best.total}")
    for item in best.items:
        print(f"  {item.name:<16}{pn.format_cards(item.cards):<20}{item.points:>5}")
    won = pn.parse_cards("AS TS KS QD JC 9H AH TH")
    print(f"trick points of {pn.format_cards(won)}: {pn.card_points(won, rules)}")
    print(f"all trick points in a hand, last trick included: {pn.deck_points(rules)}")


if __name__ == "__main__":
    main()
