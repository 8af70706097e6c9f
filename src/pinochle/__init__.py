"""pinochle-rules: the rules of pinochle, every table's version of them.

Load a table's rules with `load_variant`, read cards with `parse_cards`, score meld with
`score_meld` and count tricks with `card_points`. Everything is typed and immutable.
"""

from pinochle.cards import (
    CARDS,
    Card,
    DeckKind,
    Rank,
    Suit,
    check_in_deck,
    format_cards,
    make_deck,
    parse_cards,
    parse_suit,
    sort_cards,
)
from pinochle.errors import CardParseError, DeckError, PinochleError, VariantError
from pinochle.meld import Meld, MeldItem, MeldType, meld_by_trump, meld_values, score_meld
from pinochle.scoring import (
    GameEnd,
    HandResult,
    MeldStatus,
    Outcome,
    SettlementError,
    SideResult,
    chip_payment,
    game_end,
    settle_hand,
)
from pinochle.tricks import card_points, deck_points, round_trick_points, trick_winner
from pinochle.variant import Variant, builtin_variants, load_variant

__all__ = [
    "CARDS",
    "Card",
    "CardParseError",
    "DeckError",
    "DeckKind",
    "GameEnd",
    "HandResult",
    "Meld",
    "MeldItem",
    "MeldStatus",
    "MeldType",
    "Outcome",
    "PinochleError",
    "Rank",
    "SettlementError",
    "SideResult",
    "Suit",
    "Variant",
    "VariantError",
    "builtin_variants",
    "card_points",
    "check_in_deck",
    "chip_payment",
    "deck_points",
    "format_cards",
    "game_end",
    "load_variant",
    "make_deck",
    "meld_by_trump",
    "meld_values",
    "parse_cards",
    "parse_suit",
    "round_trick_points",
    "score_meld",
    "settle_hand",
    "sort_cards",
    "trick_winner",
]

__version__ = "0.1.0.dev0"
