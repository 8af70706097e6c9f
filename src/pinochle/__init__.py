"""pinochle-rules: the rules of pinochle, every table's version of them.

Load a table's rules with `load_variant`, read cards with `parse_cards`, score meld with
`score_meld` and count tricks with `card_points`. Everything is typed and immutable.
"""

from typing import TYPE_CHECKING, Any

from pinochle.actions import (
    Action,
    Bid,
    Bury,
    CallMisdeal,
    CallPartner,
    CallRenege,
    Concede,
    CorrectRenege,
    Declare,
    Draw,
    ExchangeDix,
    KeepDix,
    KeepHand,
    NameTrump,
    Pass,
    PassCards,
    Play,
    PlayOn,
    ShareKitty,
    ShootTheMoon,
    TakeTurnUp,
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
from pinochle.engine import apply, bid_limit, legal_actions, new_game, observe, settle_play
from pinochle.errors import (
    ActionParseError,
    ArenaError,
    ArgumentError,
    BotError,
    CardParseError,
    DeckError,
    ExtraMissingError,
    IllegalActionError,
    InvariantError,
    NotationError,
    NotFoundError,
    ObservationError,
    ParseError,
    PinochleError,
    RecordError,
    ReplyError,
    RequestError,
    SettlementError,
    SheetError,
    SuitParseError,
    TooManyTriesError,
    TurnError,
    VariantError,
    WireError,
)
from pinochle.meld import (
    Meld,
    MeldItem,
    MeldType,
    highest_meld,
    meld_by_trump,
    meld_total,
    meld_totals,
    meld_values,
    score_meld,
)
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
from pinochle.state import CompletedTrick, Game, Hand, Observation, Phase, State, build_state
from pinochle.tricks import (
    EMPTY_TRICK,
    TrickRule,
    card_points,
    deck_points,
    leads_trump,
    legal_plays,
    round_trick_points,
    trick_rule,
    trick_winner,
)
from pinochle.variant import Variant, builtin_variants, load_variant

if TYPE_CHECKING:
    from pinochle import svg as svg
    from pinochle.explain import explain_legal
    from pinochle.sampling import (
        Knowledge,
        KnowledgeTracker,
        knowledge,
        sample_state,
        sample_states,
    )
    from pinochle.sheet import HandRecord, ScoreSheet, SheetHand

__all__ = [
    "CARDS",
    "EMPTY_TRICK",
    "Action",
    "ActionParseError",
    "ArenaError",
    "ArgumentError",
    "Bid",
    "BotError",
    "Bury",
    "CallMisdeal",
    "CallPartner",
    "CallRenege",
    "Card",
    "CardParseError",
    "CompletedTrick",
    "Concede",
    "CorrectRenege",
    "DeckError",
    "DeckKind",
    "Declare",
    "Draw",
    "ExchangeDix",
    "ExtraMissingError",
    "Game",
    "GameEnd",
    "Hand",
    "HandRecord",
    "HandResult",
    "IllegalActionError",
    "InvariantError",
    "KeepDix",
    "KeepHand",
    "Knowledge",
    "KnowledgeTracker",
    "Meld",
    "MeldItem",
    "MeldStatus",
    "MeldType",
    "NameTrump",
    "NotFoundError",
    "NotationError",
    "Observation",
    "ObservationError",
    "Outcome",
    "ParseError",
    "Pass",
    "PassCards",
    "Phase",
    "PinochleError",
    "Play",
    "PlayOn",
    "Rank",
    "RecordError",
    "ReplyError",
    "RequestError",
    "ScoreSheet",
    "SettlementError",
    "ShareKitty",
    "SheetError",
    "SheetHand",
    "ShootTheMoon",
    "SideResult",
    "State",
    "Suit",
    "SuitParseError",
    "TakeTurnUp",
    "ThrowIn",
    "TooManyTriesError",
    "TrickRule",
    "TurnError",
    "Variant",
    "VariantError",
    "WireError",
    "apply",
    "bid_limit",
    "build_state",
    "builtin_variants",
    "card_points",
    "check_in_deck",
    "chip_payment",
    "deck_points",
    "explain_legal",
    "format_cards",
    "game_end",
    "highest_meld",
    "knowledge",
    "leads_trump",
    "legal_actions",
    "legal_plays",
    "load_variant",
    "make_deck",
    "meld_by_trump",
    "meld_total",
    "meld_totals",
    "meld_values",
    "new_game",
    "observe",
    "parse_action",
    "parse_cards",
    "parse_suit",
    "round_trick_points",
    "sample_state",
    "sample_states",
    "schema",
    "score_meld",
    "settle_hand",
    "settle_play",
    "sort_cards",
    "trick_rule",
    "trick_winner",
]


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a kind of document.

    The kinds: ``"observation"``, ``"state"``, ``"result"``, ``"record"``, ``"sheet"`` and
    ``"variant"``. See `pinochle.schemas` (imported on first use: ``import pinochle`` stays
    lean).

    Raises:
        ArgumentError: Not a kind of document.
    """
    from pinochle import schemas

    return schemas.schema(kind)


_LAZY_NAMES = {
    "HandRecord": "sheet",
    "ScoreSheet": "sheet",
    "SheetHand": "sheet",
    "explain_legal": "explain",
    "Knowledge": "sampling",
    "KnowledgeTracker": "sampling",
    "knowledge": "sampling",
    "sample_state": "sampling",
    "sample_states": "sampling",
}
"""Public names whose modules load on first use (the score keeper, the line that says why,
world sampling): ``import pinochle`` stays as quick as the engine needs."""

if not TYPE_CHECKING:  # the type checker sees the imports above, and rejects a misspelt name

    def __getattr__(name: str) -> Any:
        # `pinochle.svg` without an import: the pictures load only when asked for; the names
        # of `_LAZY_NAMES` load their module the first time they are read (then stay).
        import importlib

        if name == "svg":
            return importlib.import_module("pinochle.svg")
        module = _LAZY_NAMES.get(name)
        if module is not None:
            value = getattr(importlib.import_module(f"pinochle.{module}"), name)
            globals()[name] = value
            return value
        raise AttributeError(f"module 'pinochle' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__version__ = "0.1.0.dev0"
