"""pinochle-rules: the rules of pinochle, every table's version of them.

Load a table's rules with `load_variant`, read cards with `parse_cards`, score meld with
`score_meld` and count tricks with `card_points`. Everything is typed and immutable.
"""

from pinochle.actions import (
    Action,
    Bid,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ThrowIn,
    parse_action,
)
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
from pinochle.engine import apply, bid_limit, legal_actions, new_game, observe
from pinochle.errors import (
    CardParseError,
    DeckError,
    IllegalActionError,
    PinochleError,
    SettlementError,
    SheetError,
    VariantError,
)
from pinochle.meld import Meld, MeldItem, MeldType, meld_by_trump, meld_values, score_meld
from pinochle.sampling import Knowledge, knowledge, sample_state, sample_states
from pinochle.scoring import (
    GameEnd,
    HandResult,
    MeldStatus,
    Outcome,
    SideResult,
    chip_payment,
    game_end,
    settle_hand,
)
from pinochle.sheet import HandRecord, ScoreSheet, SheetHand
from pinochle.state import CompletedTrick, Game, Hand, Observation, Phase, State
from pinochle.tricks import (
    card_points,
    deck_points,
    legal_plays,
    round_trick_points,
    trick_winner,
)
from pinochle.variant import Variant, builtin_variants, load_variant

__all__ = [
    "CARDS",
    "Action",
    "Bid",
    "Card",
    "CardParseError",
    "CompletedTrick",
    "DeckError",
    "DeckKind",
    "Game",
    "GameEnd",
    "Hand",
    "HandRecord",
    "HandResult",
    "IllegalActionError",
    "Knowledge",
    "Meld",
    "MeldItem",
    "MeldStatus",
    "MeldType",
    "NameTrump",
    "Observation",
    "Outcome",
    "Pass",
    "PassCards",
    "Phase",
    "PinochleError",
    "Play",
    "PlayOn",
    "Rank",
    "ScoreSheet",
    "SettlementError",
    "SheetError",
    "SheetHand",
    "SideResult",
    "State",
    "Suit",
    "ThrowIn",
    "Variant",
    "VariantError",
    "apply",
    "bid_limit",
    "builtin_variants",
    "card_points",
    "check_in_deck",
    "chip_payment",
    "deck_points",
    "format_cards",
    "game_end",
    "knowledge",
    "legal_actions",
    "legal_plays",
    "load_variant",
    "make_deck",
    "meld_by_trump",
    "meld_values",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "parse_suit",
    "round_trick_points",
    "sample_state",
    "sample_states",
    "score_meld",
    "settle_hand",
    "sort_cards",
    "trick_winner",
]

__version__ = "0.1.0.dev0"
