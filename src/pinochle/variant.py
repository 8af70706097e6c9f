"""Variant profiles: the typed rule set of one table, loaded from and written to TOML.

A `Variant` is a frozen value made of one frozen section per TOML table (`Deal`,
`Bidding`, `Trump`, ...). Every table difference is a key; every key has a default (the
default profile, ``pinochlerun``), so a house file only writes what it changes and may
``extends`` a built-in profile or another file.

Numbers are written on the profile's own scale: a tens-scale profile says
``minimum = 250``. Changing ``scale`` in a profile that extends another converts every
inherited number (bids, targets, meld values, last trick, floors) for you.
"""

from __future__ import annotations

import difflib
import enum
import functools
import os
import reprlib
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Union

import attrs

from pinochle.cards import DeckKind, Suit, copies_in_deck
from pinochle.documents import MAX_PATH_CHARS, check_path, parse_toml, read_text
from pinochle.errors import MAX_PROBLEMS, VariantError

__all__ = [
    "AllPass",
    "Beat",
    "Bidding",
    "BothReach",
    "ChipStep",
    "Chips",
    "Counting",
    "CountingMethod",
    "Deal",
    "DixExchange",
    "Doubles",
    "FirstLead",
    "Game",
    "GameScoring",
    "Kitty",
    "LastDraw",
    "MadeRule",
    "MeldRules",
    "MeldTable",
    "MeldValues",
    "Misdeal",
    "OutOfReach",
    "Passing",
    "PassingOrder",
    "Play",
    "Rounding",
    "SaveApplies",
    "SaveMeld",
    "SetRule",
    "Settlement",
    "Stock",
    "SuitMultipliers",
    "SurrenderScore",
    "ThrowInAt",
    "Trump",
    "TrumpRule",
    "Variant",
    "WhoMelds",
    "WithoutMarriage",
    "builtin_variants",
    "load_variant",
]

DEFAULT_VARIANT = "pinochlerun"
"""The name of the default profile."""

MAX_NUMBER = 1_000_000
"""The largest number (in size) any key of a profile may hold, on the profile's own scale."""

MAX_EXTENDS = 32
"""How many profiles a chain of ``extends`` may hold, the profile itself included."""


def _scaled(default: Any, doc: str) -> Any:
    """A field whose number is on the profile's scale (converted when `scale` changes)."""
    return attrs.field(default=default, metadata={"scaled": True, "doc": doc})


def _key(default: Any, doc: str) -> Any:
    return attrs.field(default=default, metadata={"doc": doc})


# --- Options ---------------------------------------------------------------------------


class AllPass(enum.StrEnum):
    """What happens when nobody bids."""

    DEALER_FORCED = "dealer-forced"
    """The dealer (the last player to speak) takes the bid at the minimum."""
    LAST_MUST_BID = "last-must-bid"
    """The last player to speak must bid, any legal amount (S1's "the fourth must bid")."""
    REDEAL = "redeal"
    """The hand is thrown in and the next dealer deals."""


class Misdeal(enum.StrEnum):
    """Which dealt hands their holder may throw in for a redeal by the same dealer.

    rules/deck-and-deal#misdeals
    """

    NONE = "none"
    """No misdeal for the cards dealt."""
    FIVE_NINES = "five-nines"
    """Five or more nines (WP, some versions; a popular app offers it)."""
    FIVE_NINES_NO_ACE = "five-nines-no-ace"
    """WP's variation: five or more nines and no ace, or six or more nines and at most one ace."""
    SIX_NINES_ONE_ACE = "six-nines-one-ace"
    """Six or more nines with at most one ace (the second branch of WP's variation alone)."""
    TECHNICAL = "technical"
    """WP's double-deck "technical misdeal": 13 or more non-counters (Q, J, and 9 in the
    single deck) and no ace."""


class TrumpRule(enum.StrEnum):
    """How trump is chosen."""

    ANY = "any"
    """The high bidder names any suit."""
    MARRIAGE = "marriage"
    """The high bidder may name only a suit in which they hold a king and queen."""
    TURN_UP = "turn-up"
    """The suit of a card turned up at the deal; there is no auction."""


class WithoutMarriage(enum.StrEnum):
    """Under `TrumpRule.MARRIAGE`, what a high bidder holding no marriage does."""

    SURRENDER = "surrender"
    """The hand ends after meld as a surrender (see `Settlement.surrender_defenders_score`)."""
    ANY_SUIT = "any-suit"
    """The bidder may then name any suit."""


class MeldTable(enum.StrEnum):
    """The base meld value table; `MeldValues` overrides single entries."""

    SINGLE = "single"
    """Single deck (rules/meld#single-deck-table): run 15, double run 150, ... on the ones scale."""
    DOUBLE_PAGAT = "double-pagat"
    """Double deck, Pagat's main table (rules/meld#double-deck-tables)."""
    DOUBLE_NPA = "double-npa"
    """Double deck, Pagat's table with the NPA run 25 and pinochle 15 (provisional)."""
    DOUBLE_MANY_BOOKS = "double-many-books"
    """Double deck, Pagat's table with triple pinochle 45 and quadruple pinochle 300."""


class Doubles(enum.StrEnum):
    """How a doubled run, around or pinochle scores."""

    SPECIAL = "special"
    """Its own value: double run 150, double aces 100, double pinochle 30 (ones)."""
    ADDITIVE = "additive"
    """As that many singles: double run 30, double aces 20, double pinochle 8 (ones)."""


class WhoMelds(enum.StrEnum):
    """Who lays down meld."""

    ALL = "all"
    """Every player, after trump (and passing) and before the first trick."""
    BIDDER = "bidder"
    """Only the high bidder (three-hand auction)."""
    TRICK_WINNER = "trick-winner"
    """The winner of a trick, during the stock phase (two-hand)."""


class FirstLead(enum.StrEnum):
    """Who leads the first trick."""

    BIDDER = "bidder"
    """The high bidder."""
    DEALER_LEFT = "dealer-left"
    """The player on the dealer's left (the non-dealer in two-hand)."""


class Beat(enum.StrEnum):
    """When a player following suit must beat ("head") the best card in the trick."""

    ALWAYS = "always"
    """Whenever they can, even over their partner (the older rule)."""
    TRUMP_LED = "trump-led"
    """Only when trump was led (most books since 1945)."""
    NEVER = "never"
    """Never: following suit is enough."""


class CountingMethod(enum.StrEnum):
    """How the cards won in tricks are counted."""

    COUNTERS = "counters"
    """A, 10, K count 1 each (10 each on the tens scale); Q, J, 9 nothing."""
    CLASSIC = "classic"
    """A 11, 10 10, K 4, Q 3, J 2, 9 nothing; tens scale only."""
    SIMPLIFIED = "simplified"
    """A 10, 10 10, K 5, Q 5, J and 9 nothing; tens scale only."""


class Rounding(enum.StrEnum):
    """How a side's trick-point total is rounded after the hand."""

    NONE = "none"
    """Kept exactly."""
    NEAREST_TEN = "nearest-ten"
    """Rounded to a multiple of ten, 7-9 up and 1-6 down (two-hand books)."""


class MadeRule(enum.StrEnum):
    """What bidders who make their bid score."""

    ALL = "all"
    """Everything they earned: meld plus trick points."""
    BID = "bid"
    """Only the amount of the bid."""


class SetRule(enum.StrEnum):
    """What happens when the bidders fall short."""

    MINUS_BID = "minus-bid"
    """The bidders lose the bid; their meld and tricks are thrown out."""
    OPPONENTS_SCORE_BID = "opponents-score-bid"
    """Chip scoring: the bidders score nothing and the opponents score the bid."""
    NPA = "npa"
    """NPA tournaments: the bidders lose the bid and the opponents also score the bid."""
    ZERO = "zero"
    """The bidders simply score nothing for the hand."""


class SaveMeld(enum.StrEnum):
    """What a side must take in tricks to keep its meld (an integer means trick points)."""

    COUNTER = "counter"
    """At least one counter (A, 10, K) or the last trick."""
    TRICK = "trick"
    """At least one trick, even a pointless one."""
    SCORING_TRICK = "scoring-trick"
    """At least one trick holding points."""
    NONE = "none"
    """Meld always counts."""


class SaveApplies(enum.StrEnum):
    """Which sides the saving-meld rule applies to."""

    DEFENDERS = "defenders"
    """Only the side(s) that did not win the bid."""
    BOTH = "both"
    """Every side, the bidders included (each player in a three-hand game)."""


class OutOfReach(enum.StrEnum):
    """A bid above the bidders' meld plus every trick point."""

    NO_PLAY = "no-play"
    """The hand ends after meld: bidders lose the bid, defenders score their meld."""
    PLAY = "play"
    """The hand is played out anyway."""


class SurrenderScore(enum.StrEnum):
    """What the defenders score when the hand ends without play (throw-in, out of reach)."""

    MELD = "meld"
    """Their meld (plus `Settlement.surrender_bonus`)."""
    NOTHING = "nothing"
    """Nothing (plus `Settlement.surrender_bonus`)."""


class ThrowInAt(enum.StrEnum):
    """When a bidder who may throw in (``settlement.throw_in``) decides."""

    AFTER_MELD = "after-meld"
    """After everyone's meld is shown (and the kitty buried): PG-P."""
    AFTER_TRUMP = "after-trump"
    """Right after taking the kitty and naming trump, before anyone melds or buries (WP
    three-hand: "concede after seeing the kitty"; trump is still named)."""


class BothReach(enum.StrEnum):
    """Who wins when more than one side reaches the target on the same hand."""

    BIDDER_WINS = "bidder-wins"
    """The bidding side wins, even with fewer points."""
    BIDDER_FIRST = "bidder-first"
    """The bidders' score is counted first; if it reaches the target they win."""
    HIGHER_SCORE = "higher-score"
    """The higher score wins; a tie plays another hand."""
    RAISE_TARGET = "raise-target"
    """Nobody wins yet: the target rises by `Game.raise_target_by`."""


class GameScoring(enum.StrEnum):
    """How a hand's result is kept."""

    POINTS = "points"
    """Running point totals towards a target."""
    CHIPS = "chips"
    """Each hand is settled in chips (three-hand auction); see `Chips`."""


class DixExchange(enum.StrEnum):
    """Turned trump without a stock: who may exchange a dix for the turned card."""

    NONE = "none"
    """Nobody: the turned card stays in the dealer's hand."""
    FIRST_HOLDER = "first-holder"
    """The first player from the dealer's left holding a dix may, before meld (PAR)."""


class PassingOrder(enum.StrEnum):
    """The order in which partners pass cards."""

    PARTNER_FIRST = "partner-first"
    """The partner passes, then the bidder returns (may include cards just received)."""
    SIMULTANEOUS = "simultaneous"
    """Both choose from their own dealt hands; the cards change hands at once (WP)."""


class LastDraw(enum.StrEnum):
    """Two-hand: who takes what when the stock's last face-down card is drawn."""

    FACE_DOWN = "face-down"
    """The trick winner takes the face-down card, the loser the turn-up (BC-2)."""
    WINNER_CHOOSES = "winner-chooses"
    """The trick winner takes either; the loser gets the other (dorogaved)."""


# --- Sections --------------------------------------------------------------------------


@attrs.frozen
class Deal:
    """``[deal]``: the deck, the players and how the cards are dealt."""

    deck: DeckKind = _key(DeckKind.SINGLE, "'single' (48 cards) or 'double' (80, no nines)")
    players: int = _key(4, "players in each hand: 2, 3 or 4")
    seated: int = _key(4, "people at the table: more than players means sit-outs (3 of 4 or 5)")
    partnerships: bool = _key(True, "true: two sides of two partners (four players only)")
    hand: int = _key(12, "cards dealt to each player")
    packet: int = _key(3, "cards dealt at a time")
    kitty: int = _key(0, "cards dealt to a widow / kitty")
    stock: bool = _key(False, "true: the undealt cards form a stock (two-hand)")
    misdeal: Misdeal = _key(
        Misdeal.NONE,
        "'none', 'five-nines', 'five-nines-no-ace', 'six-nines-one-ace' or 'technical'",
    )


@attrs.frozen
class Bidding:
    """``[bidding]``: the auction (unused when trump is turned up)."""

    minimum: int = _scaled(25, "the lowest opening bid")
    step: int = _scaled(1, "the smallest raise")
    step_threshold: int | None = _scaled(None, "from this bid on, raises use step_above")
    step_above: int | None = _scaled(None, "the smallest raise from step_threshold on")
    maximum: int | None = _scaled(100, "the highest bid allowed, or false")
    maximum_ends_auction: bool = _key(True, "true: a bid of the maximum closes the auction")
    jumps: bool = _key(True, "true: a bid may be any legal amount above the last")
    all_pass: AllPass = _key(AllPass.DEALER_FORCED, "'dealer-forced', 'last-must-bid' or 'redeal'")
    meld_must_open: bool = _key(False, "true: while nobody has bid, a player holding meld must bid")
    dealer_minimum: int | None = _scaled(
        None, "the dealer's lowest bid when everyone else passed (below minimum), or false"
    )


@attrs.frozen
class Trump:
    """``[trump]``: how trump is named."""

    rule: TrumpRule = _key(TrumpRule.ANY, "'any', 'marriage' or 'turn-up'")
    without_marriage: WithoutMarriage = _key(
        WithoutMarriage.SURRENDER, "under 'marriage': 'surrender' or 'any-suit'"
    )
    dix_exchange: DixExchange = _key(
        DixExchange.NONE, "turned trump, no stock: 'none' or 'first-holder' (swap a dix for it)"
    )


@attrs.frozen
class Stock:
    """``[stock]``: the two-hand stock game (used when ``deal.stock`` is true)."""

    dix_exchange: bool = _key(True, "a trick winner may swap the dix for the turned-up card")
    dealer_dix: bool = _key(True, "the dealer scores the dix when the turned-up card is one")
    last_draw: LastDraw = _key(LastDraw.FACE_DOWN, "'face-down' or 'winner-chooses'")
    first_dix_exchanged: bool = _key(False, "the first dix melded must be exchanged")


@attrs.frozen
class Passing:
    """``[passing]``: cards passed between partners after trump is named."""

    cards: int = _key(4, "partner passes this many to the bidder, who returns as many; 0 = none")
    order: PassingOrder = _key(PassingOrder.PARTNER_FIRST, "'partner-first' or 'simultaneous'")


@attrs.frozen
class Kitty:
    """``[kitty]``: the widow (cat, kitty) of ``deal.kitty`` cards, taken by the high bidder.

    The bidder shows it (or not), adds it to the hand, names trump, melds, then buries as
    many cards as the kitty held.
    """

    shown: bool = _key(True, "the bidder shows the kitty to everyone before taking it")
    buried_count: bool = _key(True, "the buried cards' points count for the bidder")
    bury_meld: bool = _key(False, "the bidder may bury cards used in meld")


@attrs.frozen
class MeldValues:
    """``[meld.values]``: overrides of single entries of the meld table, on the profile's scale.

    Each list gives the value of one, two (three, four) copies of the meld; a missing key
    keeps the table's value.
    """

    run: tuple[int, ...] | None = _scaled(None, "A T K Q J of trump")
    royal_marriage: tuple[int, ...] | None = _scaled(None, "K Q of trump")
    marriage: tuple[int, ...] | None = _scaled(None, "K Q of another suit")
    dix: tuple[int, ...] | None = _scaled(None, "9 of trump (single deck)")
    aces: tuple[int, ...] | None = _scaled(None, "aces around")
    kings: tuple[int, ...] | None = _scaled(None, "kings around")
    queens: tuple[int, ...] | None = _scaled(None, "queens around")
    jacks: tuple[int, ...] | None = _scaled(None, "jacks around")
    pinochle: tuple[int, ...] | None = _scaled(None, "Q♠ J♦")
    run_extra_one: int | None = _scaled(None, "run_extras: run + an extra K or Q of trump")
    run_extra_both: int | None = _scaled(None, "run_extras: run + an extra K and Q of trump")


@attrs.frozen
class MeldRules:
    """``[meld]``: which meld counts and for how much."""

    table: MeldTable = _key(MeldTable.SINGLE, "the base value table")
    doubles: Doubles = _key(Doubles.SPECIAL, "'special' or 'additive'")
    run_absorbs_royal_marriage: bool = _key(True, "false: a run also scores its royal marriage")
    run_extras: bool = _key(False, "Dailey: run + extra K or Q 190, both 230 (tens)")
    who: WhoMelds = _key(WhoMelds.ALL, "'all', 'bidder' or 'trick-winner'")
    values: MeldValues = attrs.field(factory=MeldValues, metadata={"doc": "value overrides"})


@attrs.frozen
class Play:
    """``[play]``: the trick-play obligations."""

    first_lead: FirstLead = _key(FirstLead.BIDDER, "'bidder' or 'dealer-left'")
    beat: Beat = _key(Beat.ALWAYS, "'always', 'trump-led' or 'never'")
    beat_after_trump: bool = _key(False, "true: after a ruff, followers must still beat the suit")
    must_trump: bool = _key(True, "a player void in the led suit must trump")
    must_overtrump: bool = _key(True, "and must beat a trump already in the trick")
    trump_when_cannot_overtrump: bool = _key(True, "and must still trump when they cannot beat it")


@attrs.frozen
class Counting:
    """``[counting]``: the value of cards won in tricks."""

    method: CountingMethod = _key(CountingMethod.COUNTERS, "'counters', 'classic', 'simplified'")
    last_trick: int = _scaled(1, "bonus for winning the last trick")
    rounding: Rounding = _key(Rounding.NONE, "'none' or 'nearest-ten'")


@attrs.frozen
class Settlement:
    """``[settlement]``: how a hand is scored."""

    made: MadeRule = _key(MadeRule.ALL, "'all' or 'bid'")
    set: SetRule = _key(SetRule.MINUS_BID, "'minus-bid', 'opponents-score-bid', 'npa', 'zero'")
    save_meld: SaveMeld | int = _scaled(
        SaveMeld.COUNTER, "'counter', 'trick', 'scoring-trick', 'none' or trick points"
    )
    save_meld_applies_to: SaveApplies = _key(SaveApplies.DEFENDERS, "'defenders' or 'both'")
    nines_save_themselves: bool = _key(True, "meld made only of dixes counts without a trick")
    minimum_meld: int = _scaled(0, "meld below this counts nothing")
    out_of_reach: OutOfReach = _key(OutOfReach.NO_PLAY, "'no-play' or 'play'")
    throw_in: bool = _key(False, "the bidder may concede after meld")
    surrender_defenders_score: SurrenderScore = _key(SurrenderScore.MELD, "'meld' or 'nothing'")
    surrender_bonus: int = _scaled(0, "extra points to the defenders on a surrender")
    throw_in_at: ThrowInAt = _key(ThrowInAt.AFTER_MELD, "'after-meld' or 'after-trump'")
    min_trick_points: int = _scaled(
        0, "a side with fewer trick points scores nothing for the hand; bidders below it are set"
    )
    meld_makes_bid: bool = _key(
        False, "chips: a bidder whose meld reaches the bid wins without play"
    )
    opponents_concede: bool = _key(
        False, "chips: the opponents may concede after meld, before the first lead"
    )


@attrs.frozen
class ChipStep:
    """One row of the chip payment schedule: bids from `bid` up pay `pays` chips."""

    bid: int = _scaled(0, "the lowest bid of this row")
    pays: int = _key(1, "chips each opponent pays or receives")


@attrs.frozen
class SuitMultipliers:
    """``[chips.suit_multipliers]``: payments multiply by the trump suit's factor."""

    clubs: int = _key(1, "factor when clubs are trump")
    diamonds: int = _key(1, "factor when diamonds are trump")
    hearts: int = _key(1, "factor when hearts are trump")
    spades: int = _key(1, "factor when spades are trump")

    def of(self, suit: Suit) -> int:
        """The factor for this trump suit."""
        return int(getattr(self, suit.name.lower()))


@attrs.frozen
class Chips:
    """``[chips]``: per-hand chip settlement (used when ``game.scoring = "chips"``)."""

    schedule: tuple[ChipStep, ...] = attrs.field(
        default=(), metadata={"doc": "rows {bid, pays}, lowest bid first"}
    )
    concede: int = _key(1, "payment factor when the bidder concedes before play")
    set: int = _key(2, "payment factor when the bidder is set after play")
    suit_multipliers: SuitMultipliers = attrs.field(
        factory=SuitMultipliers, metadata={"doc": "factor per trump suit"}
    )


@attrs.frozen
class Game:
    """``[game]``: when the game ends and who wins."""

    scoring: GameScoring = _key(GameScoring.POINTS, "'points' or 'chips'")
    target: int | None = _scaled(150, "points to win, or false (chips)")
    both_reach: BothReach = _key(BothReach.BIDDER_WINS, "when several reach the target")
    raise_target_by: int = _scaled(0, "with both_reach = 'raise-target'")
    lose_at: int | None = _scaled(-300, "a side at or below this loses at once, or false")
    bid_and_out: bool = _key(False, "true: only the bidder can win by reaching the target")


# --- The profile -----------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Variant:
    """One table's complete rule set.

    Build one with `load_variant`, `Variant.from_toml` or `Variant.from_dict`; the
    defaults of every key are the default profile's. Every field is a section
    of the TOML file (see the key reference in the docs).

    Attributes:
        name: Short identifier, such as ``"pinochlerun"``.
        title: One-line human description.
        scale: 1 for the ones scale, 10 for the tens scale.
        source: Where the profile was loaded from (not part of equality).
    """

    name: str = "custom"
    title: str = ""
    scale: int = 1
    deal: Deal = attrs.field(factory=Deal)
    bidding: Bidding = attrs.field(factory=Bidding)
    trump: Trump = attrs.field(factory=Trump)
    passing: Passing = attrs.field(factory=Passing)
    kitty: Kitty = attrs.field(factory=Kitty)
    stock: Stock = attrs.field(factory=Stock)
    meld: MeldRules = attrs.field(factory=MeldRules)
    play: Play = attrs.field(factory=Play)
    counting: Counting = attrs.field(factory=Counting)
    settlement: Settlement = attrs.field(factory=Settlement)
    game: Game = attrs.field(factory=Game)
    chips: Chips = attrs.field(factory=Chips)
    source: str = attrs.field(default="<code>", eq=False, hash=False, repr=False)

    # Derived facts the rules need everywhere.

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 48 or 80."""
        return 48 if self.deal.deck is DeckKind.SINGLE else 80

    @property
    def copies(self) -> int:
        """Copies of each card in the deck: 2 or 4."""
        return copies_in_deck(self.deal.deck)

    @property
    def stock_size(self) -> int:
        """Cards left undealt as a stock (two-hand), else 0."""
        return self.deck_size - self.deal.hand * self.deal.players - self.deal.kitty

    @property
    def tricks_per_hand(self) -> int:
        """Tricks played in one hand: one per card in hand, or the whole deck with a stock."""
        if self.deal.stock:
            return self.deck_size // self.deal.players
        return self.deal.hand

    @property
    def sides(self) -> int:
        """Scoring sides: 2 with partnerships, else one per person seated (sit-outs too)."""
        return 2 if self.deal.partnerships else self.deal.seated

    @property
    def has_auction(self) -> bool:
        """Whether trump is bid for (false when a card is turned up for trump)."""
        return self.trump.rule is not TrumpRule.TURN_UP

    # Text and data forms.

    @classmethod
    def from_toml(
        cls, text: str | bytes, *, source: str = "<string>", base_dir: Path | str | None = None
    ) -> Variant:
        """Read a profile from TOML text.

        Args:
            text: The TOML document (bytes are read as UTF-8; a byte-order mark is allowed).
            source: A name for error messages (a file path or profile name).
            base_dir: The folder a relative ``extends`` path is looked up in. Without one the
                text may extend built-in profiles only: a document never makes the library
                read another file unless the caller says where from.

        Raises:
            VariantError: The text is not valid TOML (or not text at all) or not a valid
                profile; it lists every problem found (see `VariantError.problems`).
        """
        source = _source_name(source)
        data = parse_toml(text, _whole(source))
        return _resolve(data, source, _base_dir(base_dir, source), ())

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        *,
        source: str = "<dict>",
        base_dir: Path | str | None = None,
    ) -> Variant:
        """Build a profile from a mapping shaped like the TOML file (``extends`` allowed).

        Args:
            data: The profile's keys, nested as in the TOML file.
            source: A name for error messages.
            base_dir: The folder a relative ``extends`` path is looked up in; without one
                ``extends`` may name built-in profiles only (see `from_toml`).

        Raises:
            VariantError: Not a valid profile; it lists every problem found.
        """
        source = _source_name(source)
        if not isinstance(data, Mapping):
            raise VariantError(
                source, "", f"expected a table of profile keys, found {_describe(data)}"
            )
        return _resolve(dict(data), source, _base_dir(base_dir, source), ())

    def to_dict(self) -> dict[str, Any]:
        """The profile as plain data shaped like the TOML file (``None`` written as ``False``)."""
        data = _converter().unstructure(self)
        del data["source"]
        # An absent meld value means "the table's value"; only overrides are written.
        values = data["meld"]["values"]
        data["meld"]["values"] = {k: v for k, v in values.items() if v is not None}
        return typing.cast(dict[str, Any], _nones_to_false(data))

    def to_toml(self) -> str:
        """The fully resolved profile as TOML; `Variant.from_toml` reads it back equal."""
        import tomli_w  # only writing TOML needs it: `import pinochle` stays lean

        return tomli_w.dumps(self.to_dict())

    def override(self, changes: Mapping[str, Any], *, source: str | None = None) -> Variant:
        """A new profile with some keys changed, validated like a file that extends this one.

        Args:
            changes: Nested mapping shaped like the TOML file, such as
                ``{"bidding": {"minimum": 30}}``; a new ``scale`` converts every number.
            source: A name for error messages (default: this profile's source).
        """
        return _overlay(self, dict(changes), source or self.source)

    def with_scale(self, scale: int) -> Variant:
        """The same rules on the ones (1) or tens (10) scale; every number follows."""
        return self.override({"scale": scale})


# --- Converting and validating ---------------------------------------------------------


@functools.cache
def _converter() -> Any:
    """The cattrs converter, built on first use (importing cattrs costs ~20 ms at start-up)."""
    import cattrs

    converter = cattrs.Converter()
    converter.register_unstructure_hook(enum.Enum, lambda e: e.value)
    return converter


def _nones_to_false(value: Any) -> Any:
    if value is None:
        return False
    if isinstance(value, dict):
        return {k: _nones_to_false(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_nones_to_false(v) for v in value]
    return value


def _describe(value: Any) -> str:
    kind = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}.get(
        type(value), "a table" if isinstance(value, Mapping) else "a list"
    )
    if value is None:
        return "nothing (None)"
    if isinstance(value, list | tuple | Mapping | str | int | float | bool):
        return f"{_SHORT.repr(value)} ({kind})"
    return f"a {type(value).__name__}"


class _ShortRepr(reprlib.Repr):
    """Bounded reprs for messages: no huge list, string or integer is ever written out."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxdict, self.maxstring = 3, 6, 4, 60

    def repr_int(self, x: int, level: int) -> str:
        return _number(x)


_SHORT = _ShortRepr()


def _number(value: int) -> str:
    """An integer as text, or its size when it is too long to read (or even to print)."""
    if abs(value) < 10**15:
        return str(value)
    digits = int(value.bit_length() * 0.30103) + 1
    return f"an integer of about {digits:,} digits"


def _key_name(key: object) -> str:
    """A key as written in messages: a long or odd key is shortened."""
    if isinstance(key, str):
        text = key
    elif isinstance(key, int) and not isinstance(key, bool):
        text = _number(key)
    else:
        text = f"<a {type(key).__name__} key>"
    return text if len(text) <= 60 else f"{text[:57]}..."


class _Builder:
    """Checks raw TOML data against the section classes and builds them."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> VariantError:
        return VariantError(self.source, key, problem)

    def build(self, cls: type[Any], data: Any, path: str) -> Any:
        """Build one section; every bad key is reported, not only the first."""
        if not isinstance(data, dict):
            raise self.fail(path, f"expected a table, found {_describe(data)}")
        fields = {f.name: f for f in attrs.fields(cls) if f.name != "source"}
        hints = typing.get_type_hints(cls)
        kwargs: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for key, value in data.items():
            if len(problems) >= MAX_PROBLEMS:
                break
            name = _key_name(key)
            where = f"{path}.{name}" if path else name
            if key not in fields:
                hint = _did_you_mean(key, fields) if isinstance(key, str) else ""
                problems.append((where, "unknown key" + hint))
                continue
            try:
                kwargs[key] = self.value(hints[key], value, where)
            except VariantError as exc:
                problems.extend(exc.problems)
        if problems:
            raise VariantError.of(self.source, problems[:MAX_PROBLEMS])
        return cls(**kwargs)

    def value(self, hint: Any, value: Any, where: str) -> Any:
        origin = typing.get_origin(hint)
        if origin in (Union, types.UnionType):
            return self.union(typing.get_args(hint), value, where)
        if attrs.has(hint):
            return self.build(hint, value, where)
        if origin is tuple:
            (item,) = {a for a in typing.get_args(hint) if a is not Ellipsis}
            if not isinstance(value, list):
                raise self.fail(where, f"expected a list, found {_describe(value)}")
            return tuple(self.value(item, v, f"{where}[{i}]") for i, v in enumerate(value))
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            choices = [m.value for m in hint]
            if value not in choices:
                shown = ", ".join(repr(c) for c in choices)
                hint_text = ""
                if isinstance(value, str):
                    close = difflib.get_close_matches(value, choices, n=1)
                    hint_text = f"; did you mean {close[0]!r}?" if close else ""
                raise self.fail(
                    where, f"expected one of {shown}, found {_describe(value)}{hint_text}"
                )
            return hint(value)
        if hint is bool:
            if not isinstance(value, bool):
                raise self.fail(where, f"expected true or false, found {_describe(value)}")
            return value
        if hint is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(where, f"expected an integer, found {_describe(value)}")
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise self.fail(where, _out_of_range(value))
            return value
        if hint is str:
            if not isinstance(value, str):
                raise self.fail(where, f"expected a string, found {_describe(value)}")
            return value
        raise TypeError(f"no rule to read {hint!r}")  # pragma: no cover - schema bug

    def union(self, options: tuple[Any, ...], value: Any, where: str) -> Any:
        if type(None) in options and value is False:
            return None
        candidates = [o for o in options if o is not type(None)]
        errors = []
        for option in candidates:
            try:
                return self.value(option, value, where)
            except VariantError as exc:
                errors.append(exc.problem)
        if type(None) in options:
            errors.append("or false for none")
        raise self.fail(where, "; ".join(errors))


def _out_of_range(value: int) -> str:
    return f"expected a number from {-MAX_NUMBER:,} to {MAX_NUMBER:,}, found {_number(value)}"


def _did_you_mean(key: str, fields: Mapping[str, Any]) -> str:
    close = difflib.get_close_matches(key, list(fields), n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    for name, section in typing.get_type_hints(Variant).items():
        if attrs.has(section) and key in {f.name for f in attrs.fields(section)}:
            return f"; it belongs in the [{name}] table"
    return f"; known keys here: {', '.join(fields)}"


def _rescale(variant: Variant, new_scale: int) -> Variant:
    """Convert every number on the profile's scale to another scale."""
    if new_scale == variant.scale:
        return variant
    old = variant.scale

    def convert(value: Any, where: str) -> Any:
        if isinstance(value, bool) or value is None or isinstance(value, enum.Enum):
            return value
        if isinstance(value, tuple):
            return tuple(convert(v, f"{where}[{i}]") for i, v in enumerate(value))
        if (value * new_scale) % old:
            raise VariantError(
                variant.source,
                where,
                f"{value} on scale {old} has no exact value on scale {new_scale}",
            )
        return value * new_scale // old

    def walk(obj: Any, path: str) -> Any:
        changes: dict[str, Any] = {}
        for f in attrs.fields(type(obj)):
            if f.name == "source":
                continue
            value = getattr(obj, f.name)
            where = f"{path}.{f.name}" if path else f.name
            if attrs.has(type(value)):
                changes[f.name] = walk(value, where)
            elif isinstance(value, tuple) and value and attrs.has(type(value[0])):
                changes[f.name] = tuple(walk(v, f"{where}[{i}]") for i, v in enumerate(value))
            elif f.metadata.get("scaled"):
                changes[f.name] = convert(value, where)
        return attrs.evolve(obj, **changes)

    rescaled: Variant = walk(variant, "")
    return attrs.evolve(rescaled, scale=new_scale)


def _deep_merge(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _overlay(parent: Variant, data: dict[str, Any], source: str) -> Variant:
    """Apply a file's or mapping's keys on top of a resolved parent profile."""
    scale = data.get("scale", parent.scale)
    if scale not in (1, 10):
        raise VariantError(
            source, "scale", f"expected 1 (ones) or 10 (tens), found {_describe(scale)}"
        )
    if scale != parent.scale:
        parent = _rescale(attrs.evolve(parent, source=source), scale)
    merged = _deep_merge(parent.to_dict(), data)
    variant: Variant = _Builder(source).build(Variant, merged, "")
    variant = attrs.evolve(variant, source=source)
    _check(variant)
    return variant


def _resolve(
    data: dict[str, Any], source: str, base_dir: Path | None, seen: tuple[str, ...]
) -> Variant:
    """Resolve ``extends`` (recursively) and build the profile.

    ``base_dir`` is where a path in ``extends`` is looked up; None allows built-in names only.
    ``seen`` is the chain of profiles that extend this one, the first one first.
    """
    extends = data.pop("extends", "")
    if not isinstance(extends, str):
        raise VariantError(
            source, "extends", f"expected a profile name or path, found {_describe(extends)}"
        )
    if extends:
        if len(seen) + 1 >= MAX_EXTENDS:
            raise VariantError(
                source,
                "extends",
                f"profiles may extend each other at most {MAX_EXTENDS} deep; this chain "
                f"starts {' -> '.join(seen[:3])} -> ...",
            )
        parent = _load(extends, base_dir, (*seen, source), wanted_by=source)
    else:
        parent = Variant(source=source)
    if "name" not in data and source.endswith(".toml"):
        data["name"] = Path(source).stem
    if extends and "title" not in data:
        # The parent's title describes the parent, not this house's changes.
        data["title"] = f"house rules based on {parent.name}"
    return _overlay(parent, data, source)


def _whole(source: str, key: str = "") -> Callable[[str], VariantError]:
    """The error factory of `pinochle.documents` for a profile (the key: where it points)."""
    return lambda problem: VariantError(source, key, problem)


def _source_name(source: object) -> str:
    return source if isinstance(source, str) else f"<{type(source).__name__}>"


def _base_dir(base_dir: object, source: str) -> Path | None:
    if base_dir is None:
        return None
    return check_path(base_dir, _whole(source, "extends"))  # type: ignore[arg-type]


# --- Cross-key checks ------------------------------------------------------------------

_Check = Callable[[Variant], Iterator[tuple[str, str]]]
_CHECKS: list[_Check] = []


def _rule(check: _Check) -> _Check:
    _CHECKS.append(check)
    return check


def _check(variant: Variant) -> None:
    """Run every cross-key rule; raise one error listing all the problems found."""
    problems: list[tuple[str, str]] = []
    for check in _CHECKS:
        problems.extend(check(variant))
        if len(problems) >= MAX_PROBLEMS:
            break
    if problems:
        raise VariantError.of(variant.source, problems[:MAX_PROBLEMS])


@_rule
def _check_number_ranges(v: Variant) -> Iterator[tuple[str, str]]:
    """Every number stays within `MAX_NUMBER` (also after a change of scale)."""
    stack: list[tuple[Any, str]] = [(v, "")]
    while stack:
        obj, path = stack.pop()
        for f in attrs.fields(type(obj)):
            value = getattr(obj, f.name)
            where = f"{path}.{f.name}" if path else f.name
            items = value if isinstance(value, tuple) else (value,)
            for i, item in enumerate(items):
                at = f"{where}[{i}]" if isinstance(value, tuple) else where
                if attrs.has(type(item)):
                    stack.append((item, at))
                elif _is_number(item) and not -MAX_NUMBER <= item <= MAX_NUMBER:
                    yield at, _out_of_range(item)


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool | enum.Enum)


@_rule
def _check_deal(v: Variant) -> Iterator[tuple[str, str]]:
    d = v.deal
    if d.players not in (2, 3, 4):
        yield "deal.players", f"expected 2, 3 or 4, found {d.players}"
        return  # the rest of the deal depends on it
    if d.partnerships and d.players != 4:
        yield "deal.partnerships", f"partnerships need 4 players, found {d.players}"
    if d.seated != d.players and not (d.players == 3 and d.seated in (4, 5)):
        yield (
            "deal.seated",
            f"expected {d.players} (everyone plays), or 4 or 5 around a three-hand game "
            f"(sit-outs), found {d.seated}",
        )
    if d.hand < 1:
        yield "deal.hand", f"expected at least 1 card, found {d.hand}"
    if d.kitty < 0:
        yield "deal.kitty", f"expected 0 or more cards, found {d.kitty}"
    if d.kitty and d.stock:
        yield "deal.stock", "a game with a stock has no kitty (set deal.kitty = 0)"
    if d.hand < 1 or d.kitty < 0:
        return
    dealt = d.hand * d.players + d.kitty
    if d.stock:
        if dealt >= v.deck_size:
            yield (
                "deal.hand",
                f"{d.hand} × {d.players} leaves no stock in the {v.deck_size}-card deck",
            )
    elif dealt != v.deck_size:
        fits = (v.deck_size - d.kitty) / d.players
        advice = (
            f"with a {d.kitty}-card kitty each player gets {fits:g}"
            if fits == int(fits)
            else f"a {d.kitty}-card kitty does not divide the deal evenly"
        )
        yield (
            "deal.hand",
            f"{d.hand} cards × {d.players} players + {d.kitty} kitty = {dealt}, but the "
            f"{d.deck.value} deck has {v.deck_size} cards; {advice}",
        )
    if not 1 <= d.packet <= d.hand:
        # A packet that does not divide the hand is fine: the last round is smaller.
        yield "deal.packet", f"expected 1 to {d.hand} cards at a time, found {d.packet}"


@_rule
def _check_stock(v: Variant) -> Iterator[tuple[str, str]]:
    """A stock game is the two-hand game: two players, and hands that outlast a trick."""
    d = v.deal
    if not d.stock:
        return
    if d.players != 2:
        yield "deal.stock", f"a stock game is for 2 players, found deal.players = {d.players}"
    elif d.hand < 2:
        yield (
            "deal.hand",
            f"a stock game needs at least 2 cards in each hand (a hand ends when the hands "
            f"are empty), found {d.hand}",
        )


@_rule
def _check_kitty_has_a_taker(v: Variant) -> Iterator[tuple[str, str]]:
    """The kitty goes to the high bidder, so a kitty needs an auction."""
    if v.deal.kitty > 0 and not v.has_auction:
        yield (
            "deal.kitty",
            f"the {v.deal.kitty}-card kitty goes to the high bidder, but with "
            "trump.rule = 'turn-up' there is no auction (set deal.kitty = 0)",
        )


@_rule
def _check_bidding(v: Variant) -> Iterator[tuple[str, str]]:
    b = v.bidding
    if b.minimum < 1:
        yield "bidding.minimum", f"expected a positive bid, found {b.minimum}"
    if b.step < 1:
        yield "bidding.step", f"expected a positive step, found {b.step}"
    if b.maximum is not None and b.maximum < b.minimum:
        yield "bidding.maximum", f"maximum {b.maximum} is below the minimum {b.minimum}"
    if (b.step_threshold is None) != (b.step_above is None):
        yield "bidding.step_above", "step_threshold and step_above go together: set both or neither"
    if b.step_above is not None and b.step_above < 1:
        yield "bidding.step_above", f"expected a positive step, found {b.step_above}"
    if b.step_threshold is not None and b.step_threshold < b.minimum:
        # Raises from the threshold would start below the opening bid, even below zero.
        yield (
            "bidding.step_threshold",
            f"the threshold {b.step_threshold} is below bidding.minimum {b.minimum}: the "
            "bids above it would start under the minimum",
        )


@_rule
def _check_dealer_minimum(v: Variant) -> Iterator[tuple[str, str]]:
    """The dealer's lower opening is a positive bid under the minimum (WP three-hand: 19)."""
    low = v.bidding.dealer_minimum
    if low is not None and not 1 <= low < v.bidding.minimum:
        yield (
            "bidding.dealer_minimum",
            f"expected a bid from 1 to {v.bidding.minimum - 1} (below bidding.minimum "
            f"{v.bidding.minimum}), or false, found {low}",
        )
    elif (
        low is not None
        and v.game.scoring is GameScoring.CHIPS
        and v.chips.schedule
        and v.chips.schedule[0].bid > low
    ):
        yield (
            "bidding.dealer_minimum",
            f"the dealer may bid {low}, but the chip schedule starts at "
            f"{v.chips.schedule[0].bid}: that bid would pay nothing",
        )


@_rule
def _check_misdeal(v: Variant) -> Iterator[tuple[str, str]]:
    """The nines misdeals need nines: the double deck has none."""
    rule = v.deal.misdeal
    if rule not in (Misdeal.NONE, Misdeal.TECHNICAL) and v.deal.deck is not DeckKind.SINGLE:
        yield (
            "deal.misdeal",
            f"{rule.value!r} counts nines, but the double deck has none (use 'technical' or "
            "'none')",
        )


@_rule
def _check_trump_and_passing(v: Variant) -> Iterator[tuple[str, str]]:
    n = v.passing.cards
    if n < 0:
        yield "passing.cards", f"expected 0 or more, found {n}"
    elif n and not v.deal.partnerships:
        yield "passing.cards", "passing cards needs partnerships (set passing.cards = 0)"
    elif n > v.deal.hand:
        yield "passing.cards", f"cannot pass {n} cards from a hand of {v.deal.hand}"
    if v.deal.stock and v.trump.rule is not TrumpRule.TURN_UP:
        yield "trump.rule", "a stock game turns up trump: set trump.rule = 'turn-up'"


@_rule
def _check_dix_exchanges(v: Variant) -> Iterator[tuple[str, str]]:
    """The turned-trump exchange needs a turned card, no stock and nines in the deck."""
    if v.trump.dix_exchange is not DixExchange.NONE:
        if v.trump.rule is not TrumpRule.TURN_UP:
            yield (
                "trump.dix_exchange",
                "a dix is exchanged for a turned card: set trump.rule = 'turn-up'",
            )
        elif v.deal.stock:
            yield (
                "trump.dix_exchange",
                "a stock game exchanges the dix during play (stock.dix_exchange): "
                "set trump.dix_exchange = 'none'",
            )
        if v.deal.deck is not DeckKind.SINGLE:
            yield "trump.dix_exchange", "the double deck has no nines, so no dix to exchange"
    if v.stock.first_dix_exchanged and not v.stock.dix_exchange:
        yield (
            "stock.first_dix_exchanged",
            "the first dix must be exchanged, but stock.dix_exchange = false forbids exchanges",
        )


@_rule
def _check_meld(v: Variant) -> Iterator[tuple[str, str]]:
    m = v.meld
    single = v.deal.deck is DeckKind.SINGLE
    if single != (m.table is MeldTable.SINGLE):
        fit = "'single'" if single else "'double-pagat', 'double-npa' or 'double-many-books'"
        yield (
            "meld.table",
            f"table {m.table.value!r} does not fit the {v.deal.deck.value} deck; use {fit}",
        )
    if not single and m.values.dix:
        yield "meld.values.dix", "the double deck has no nines, so no dix value"
    if not single and m.run_extras:
        yield "meld.run_extras", "Dailey's run extras are a single-deck rule"
    if m.run_extras and not m.run_absorbs_royal_marriage:
        yield (
            "meld.run_extras",
            "run extras already value the run's spare K and Q; they cannot be combined with "
            "run_absorbs_royal_marriage = false",
        )
    for f in attrs.fields(MeldValues):
        value = getattr(m.values, f.name)
        if isinstance(value, tuple) and len(value) != v.copies:
            yield (
                f"meld.values.{f.name}",
                f"expected {v.copies} values (one per number of copies), found {len(value)}",
            )
        items = value if isinstance(value, tuple) else (value,) if value is not None else ()
        if any(x < 0 for x in items):
            yield f"meld.values.{f.name}", f"meld values cannot be negative, found {list(items)}"


@_rule
def _check_counting(v: Variant) -> Iterator[tuple[str, str]]:
    c = v.counting
    if c.method is not CountingMethod.COUNTERS and v.scale != 10:
        yield (
            "counting.method",
            f"{c.method.value!r} counting exists only on the tens scale (scale = 10); "
            "on the ones scale use 'counters'",
        )
    if c.rounding is Rounding.NEAREST_TEN and v.scale != 10:
        yield "counting.rounding", "rounding to tens needs the tens scale (scale = 10)"
    if c.last_trick < 0:
        yield "counting.last_trick", f"expected 0 or more, found {c.last_trick}"


@_rule
def _check_settlement_and_game(v: Variant) -> Iterator[tuple[str, str]]:
    s, g = v.settlement, v.game
    if isinstance(s.save_meld, int) and s.save_meld < 0:
        yield "settlement.save_meld", f"expected 0 or more trick points, found {s.save_meld}"
    if s.minimum_meld < 0:
        yield "settlement.minimum_meld", f"expected 0 or more, found {s.minimum_meld}"
    if g.scoring is GameScoring.POINTS and g.target is None:
        yield "game.target", "a points game needs a target"
    if g.target is not None and g.target < 1:
        yield "game.target", f"expected a positive target, found {g.target}"
    if g.lose_at is not None and g.target is not None and g.lose_at >= g.target:
        yield "game.lose_at", f"the losing floor {g.lose_at} is not below the target {g.target}"
    if g.both_reach is BothReach.RAISE_TARGET and g.raise_target_by < 1:
        yield "game.raise_target_by", "both_reach = 'raise-target' needs a positive raise_target_by"
    if g.raise_target_by < 0:
        yield "game.raise_target_by", f"expected 0 or more, found {g.raise_target_by}"
    if s.surrender_bonus < 0:
        yield "settlement.surrender_bonus", f"expected 0 or more, found {s.surrender_bonus}"
    if s.min_trick_points < 0:
        yield "settlement.min_trick_points", f"expected 0 or more, found {s.min_trick_points}"


@_rule
def _check_chips(v: Variant) -> Iterator[tuple[str, str]]:
    """Chip payments are counts of chips; under chip scoring every bid has a schedule row."""
    c = v.chips
    for key in ("concede", "set"):
        if getattr(c, key) < 0:
            yield f"chips.{key}", f"expected a factor of 0 or more, found {getattr(c, key)}"
    for suit in ("clubs", "diamonds", "hearts", "spades"):
        factor = getattr(c.suit_multipliers, suit)
        if factor < 0:
            yield f"chips.suit_multipliers.{suit}", f"expected 0 or more, found {factor}"
    for i, row in enumerate(c.schedule):
        if row.bid < 0:
            yield f"chips.schedule[{i}].bid", f"expected a bid of 0 or more, found {row.bid}"
        if row.pays < 0:
            yield f"chips.schedule[{i}].pays", f"expected 0 or more chips, found {row.pays}"
    if v.game.scoring is not GameScoring.CHIPS:
        return
    if not c.schedule:
        yield "chips.schedule", "chip scoring needs a payment schedule"
        return
    bids = [row.bid for row in c.schedule]
    if bids != sorted(set(bids)):
        yield "chips.schedule", f"rows must go from the lowest bid up, found bids {bids}"
    elif v.has_auction and bids[0] > v.bidding.minimum:
        yield (
            "chips.schedule",
            f"the first row is for bids from {bids[0]}, but bidding.minimum is "
            f"{v.bidding.minimum}: a bid of {v.bidding.minimum} would pay nothing (add a row "
            f"from {v.bidding.minimum} or raise bidding.minimum)",
        )


@_rule
def _check_shortcuts(v: Variant) -> Iterator[tuple[str, str]]:
    """The auction shortcuts (rules/three-hand#auction-pinochle) are chip rules."""
    if v.game.scoring is GameScoring.CHIPS:
        return
    for key in ("meld_makes_bid", "opponents_concede"):
        if getattr(v.settlement, key):
            yield (
                f"settlement.{key}",
                "a hand won without play is settled in chips (rules/three-hand#auction-pinochle): "
                "it needs "
                "game.scoring = 'chips'",
            )


# --- Loading ---------------------------------------------------------------------------


def _variants_dir() -> Path:
    """Where the built-in profiles are: inside the wheel, or the checkout's variants/."""
    from importlib import resources  # ~30 ms to import: only when a profile is loaded

    packaged = resources.files("pinochle") / "variants"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "variants"


@functools.cache  # the shipped folder does not change while the program runs
def builtin_variants() -> tuple[str, ...]:
    """The names of the profiles shipped with the library, sorted."""
    return tuple(sorted(p.stem for p in _variants_dir().glob("*.toml")))


def _is_path(name_or_path: str | Path) -> bool:
    if isinstance(name_or_path, Path):
        return True
    return name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, say
        return False


def _load(
    name_or_path: str | Path, base_dir: Path | None, seen: tuple[str, ...], wanted_by: str
) -> Variant:
    key = "extends" if seen else ""
    is_path = _is_path(name_or_path)
    name_or_path = check_path(name_or_path, _whole(wanted_by, key))
    given = str(name_or_path)
    if is_path:
        if base_dir is None:
            # A record, a sheet or a text from the network must not make us read a file.
            raise VariantError(
                wanted_by,
                "extends",
                "a profile document may extend only a built-in profile, not a file path "
                "(pass base_dir to allow files)",
            )
        try:
            path = (base_dir / name_or_path).resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: a symbolic link loop
            raise VariantError(wanted_by, key, f"cannot find {given!r}: {exc}") from None
        # The file as the user named it at the top; resolved when another file extends it.
        label = str(path) if seen else given
        if not _is_file(path):
            raise VariantError(wanted_by, key, f"no profile file {given!r} ({path})")
    else:
        path = _variants_dir() / f"{given}.toml"
        label = given
        if not _is_file(path):
            known = ", ".join(builtin_variants())
            close = difflib.get_close_matches(given, builtin_variants(), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            shown = given if len(given) <= 60 else f"{given[:57]}..."
            raise VariantError(
                wanted_by, key, f"no built-in profile {shown!r}{hint} (known: {known})"
            )
    if label in seen or (is_path and seen and _resolved(seen[0]) == label):
        chain = " -> ".join((*seen, label))
        raise VariantError(wanted_by, "extends", f"profiles extend each other in a cycle: {chain}")
    text = read_text(path, _whole(label))
    data = parse_toml(text, _whole(label))
    return _resolve(data, label, path.parent, seen)


def _resolved(label: str) -> str:
    """The top-level file's label (as the user named it) as a resolved path."""
    try:
        return str(Path(label).resolve())
    except (OSError, RuntimeError, ValueError):
        return label


@functools.lru_cache(maxsize=64)
def _load_builtin(name: str) -> Variant:
    return _load(name, Path.cwd(), (), wanted_by=name if len(name) <= 60 else f"{name[:57]}...")


def load_variant(name_or_path: str | os.PathLike[str] = DEFAULT_VARIANT) -> Variant:
    """Load a built-in profile by name, or a profile file by path.

    Args:
        name_or_path: A built-in name such as ``"pagat-partnership"`` (see
            `builtin_variants`), or the path of a ``.toml`` file, which may ``extends`` a
            built-in profile or another file (relative paths are relative to the file), at
            most `MAX_EXTENDS` profiles in a chain.

    Raises:
        VariantError: Unknown name, missing or unreadable file (not UTF-8 text, too large),
            not a name or path at all, or an invalid profile; the message names the file and
            the key, and lists every problem found (see `VariantError.problems`).
    """
    if isinstance(name_or_path, os.PathLike):
        name_or_path = check_path(name_or_path, _whole("<path>"))
    if not isinstance(name_or_path, str | Path):
        raise VariantError(
            "<argument>",
            "",
            f"expected a profile name or a file path, found {type(name_or_path).__name__}",
        )
    if _is_path(name_or_path):
        source = str(name_or_path)[:MAX_PATH_CHARS]
        return _load(name_or_path, Path.cwd(), (), wanted_by=source)
    name = str(name_or_path)
    check_path(name, _whole(name[:60] or "<empty name>"))
    return _load_builtin(name)
