"""The profile model: `Variant` and its sections and options, one frozen value per TOML table.

A `Variant` is made of one frozen section per TOML table (`Deal`, `Bidding`, `Trump`, ...),
each key a field with its default (the default profile's) and a line of documentation; an
option with a fixed set of values is a string enum. Reading and writing profiles (TOML,
``extends``, the change of scale, the cross-key checks) build on this model in
`pinochle.variant._loading`; the model reaches them only when one of its conversions is
called.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from pinochle._pickles import fills_new_fields
from pinochle.cards import DeckKind, Suit, copies_in_deck, deck_size

if TYPE_CHECKING:  # annotations only: pathlib costs `import pinochle` milliseconds
    from pathlib import Path

__all__ = [
    "DEFAULT_VARIANT",
    "MAX_EXTENDS",
    "MAX_NUMBER",
    "AllPass",
    "Beat",
    "Bidding",
    "BothReach",
    "ChapmanDefenders",
    "Checks",
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
    "NpaBidders",
    "OpeningLead",
    "OutOfReach",
    "Passing",
    "PassingOrder",
    "Play",
    "QuadrupleWin",
    "Renege",
    "RenegePenalty",
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
    RUN_MARRIAGE_OR_DIX = "run-marriage-or-dix"
    """The high bidder may name only a suit in which they hold a run, a marriage or the dix
    (WP's "some house rules"); a run holds a marriage, so it is a marriage or the dix."""


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


class OpeningLead(enum.StrEnum):
    """What the first lead of a hand must be (rules/trick-play#first-lead)."""

    ANY = "any"
    """Any card."""
    TRUMP = "trump"
    """A trump, if the leader holds one (WP: "some rules")."""
    TRUMP_UNLESS_MINIMUM = "trump-unless-minimum"
    """A trump, if the leader holds one, unless the bid was the minimum (or the dealer's
    lower forced bid): an old double-deck help text, "unless the bid was 50"."""


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


class RenegePenalty(enum.StrEnum):
    """The penalty table the keeper applies to a hand that ended on a called renege.

    rules/reneges
    """

    NONE = "none"
    """No penalty table: a renege cannot be recorded (every table where only legal cards are
    played; seed 000: "online play enforces legal moves")."""
    NPA = "npa"
    """NPA tournaments: play stops; every side but the offender's scores the bid plus its
    meld; the offender scores by ``renege.npa_bidders`` (bidders) or nothing."""
    SPOKANE = "spokane"
    """Spokane tournament: a renege is a set; the other side gets every trick point plus its
    meld if over ``renege.meld_over``."""
    CHAPMAN = "chapman"
    """Chapman tournament rules: the bidders' renege ends the hand as the table's set
    (``settlement.set``); a defenders' renege by ``renege.chapman_defenders``."""
    WIKIPEDIA_THREE_HAND = "wikipedia-three-hand"
    """Wikipedia's three-hand game: a bidder's renege is a double set; an opponent's makes
    the bid and costs the offender its meld and a single set."""


class NpaBidders(enum.StrEnum):
    """Under NPA's renege table, what bidders who renege score (the source does not say)."""

    MINUS_BID = "minus-bid"
    """They lose the bid, as a set side does (the reading of NPA's set in rules/settlement#set)."""
    NOTHING = "nothing"
    """They score nothing: the text names only what the other side gets."""


class ChapmanDefenders(enum.StrEnum):
    """Under Chapman's renege table, what bidders score when a defender reneges (cut off)."""

    BID = "bid"
    """The bidders make the bid: they score the bid plus their meld."""
    ALL_POINTS = "all-points"
    """The bidders score every trick point plus their meld."""


# --- Sections --------------------------------------------------------------------------


class Partner(enum.StrEnum):
    """Five hands: how the bidder finds a partner for the hand (rules/deck-and-deal#five-hands)."""

    NONE = "none"
    """No called partner: fixed partnerships or everyone alone."""
    CALLED = "called"
    """WP's five-hand game: after naming trump the bidder calls a trump card; the first other
    player to play a copy of it is the bidder's partner for the hand (alone if none does)."""
    ASKED = "asked"
    """A house five-hand game (easafamily's notes): after naming trump the bidder asks for a
    card, starting with the player on the bidder's right; the first other player holding a
    copy is the partner for the hand, known to every seat at once (alone if none holds one)."""


@fills_new_fields
@attrs.frozen
class Deal:
    """``[deal]``: the deck, the players and how the cards are dealt."""

    deck: DeckKind = _key(
        DeckKind.SINGLE,
        "'single' (48 cards), 'double' (80, no nines), 'double-nines' (96), 'triple' (120), "
        "'one-and-a-half' (60, no nines) or 'one-and-a-half-nines' (72)",
    )
    players: int = _key(4, "players in each hand: 2, 3, 4, 5 (called partner), 6 or 8")
    seated: int = _key(4, "people at the table: more than players means sit-outs (3 of 4 or 5)")
    partnerships: bool = _key(True, "true: fixed teams of partners (4, 6 or 8 players; see teams)")
    hand: int = _key(12, "cards dealt to each player")
    packet: int = _key(3, "cards dealt at a time")
    kitty: int = _key(0, "cards dealt to a widow / kitty")
    stock: bool = _key(False, "true: the undealt cards form a stock (two-hand)")
    misdeal: Misdeal = _key(
        Misdeal.NONE,
        "'none', 'five-nines', 'five-nines-no-ace', 'six-nines-one-ace' or 'technical'",
    )
    teams: int = _key(
        2, "with partnerships: how many teams; seat s plays for team s % teams (8 hands: 2 or 4)"
    )
    partner: Partner = _key(
        Partner.NONE,
        "'none', 'called' (five hands: the bidder calls a trump card; its first other player"
        " is the partner) or 'asked' (the first holder of the asked card from the bidder's right)",
    )


@fills_new_fields
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
    rounds: int | None = _key(
        None, "bids each player may make (1 firehouse, 2 racehorse), or false: no limit"
    )


@fills_new_fields
@attrs.frozen
class Trump:
    """``[trump]``: how trump is named."""

    rule: TrumpRule = _key(TrumpRule.ANY, "'any', 'marriage', 'turn-up' or 'run-marriage-or-dix'")
    without_marriage: WithoutMarriage = _key(
        WithoutMarriage.SURRENDER,
        "under 'marriage' ('run-marriage-or-dix'): 'surrender' or 'any-suit'",
    )
    dix_exchange: DixExchange = _key(
        DixExchange.NONE, "turned trump, no stock: 'none' or 'first-holder' (swap a dix for it)"
    )


@fills_new_fields
@attrs.frozen
class Stock:
    """``[stock]``: the two-hand stock game (used when ``deal.stock`` is true)."""

    dix_exchange: bool = _key(True, "a trick winner may swap the dix for the turned-up card")
    dealer_dix: bool = _key(True, "the dealer scores the dix when the turned-up card is one")
    last_draw: LastDraw = _key(LastDraw.FACE_DOWN, "'face-down' or 'winner-chooses'")
    first_dix_exchanged: bool = _key(False, "the first dix melded must be exchanged")


@fills_new_fields
@attrs.frozen
class Passing:
    """``[passing]``: cards passed between partners after trump is named."""

    cards: int = _key(4, "partner passes this many to the bidder, who returns as many; 0 = none")
    order: PassingOrder = _key(PassingOrder.PARTNER_FIRST, "'partner-first' or 'simultaneous'")


@fills_new_fields
@attrs.frozen
class Kitty:
    """``[kitty]``: the widow (cat, kitty) of ``deal.kitty`` cards, taken by the high bidder.

    The bidder shows it (or not), adds it to the hand, names trump, melds, then buries as
    many cards as the kitty held.
    """

    shown: bool = _key(True, "the bidder shows the kitty to everyone before taking it")
    buried_count: bool = _key(True, "the buried cards' points count for the bidder")
    bury_meld: bool = _key(False, "the bidder may bury cards used in meld")
    bury_trump_aces: bool = _key(
        True, "the bidder may bury trump and aces; false: only when forced, and announced"
    )
    trump_first: bool = _key(False, "the bidder names trump before taking the kitty (BC-3D)")
    share: bool = _key(
        False, "the bidder keeps one kitty card and gives one to each other player (BC-PA)"
    )


@fills_new_fields
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
    grand_pinochle: int | None = _scaled(None, "grand_pinochle: K♠ Q♠ J♦")


class QuadrupleWin(enum.StrEnum):
    """A meld whose quadruple (all four copies, double deck) wins the game outright."""

    RUN = "run"
    """Four runs in trump (a house table: "a quadruple run wins the game")."""
    ROYAL_MARRIAGE = "royal-marriage"
    """Four K Q of trump (Wikipedia's racehorse: a quadruple marriage is "the game")."""
    PINOCHLE = "pinochle"
    """Four Q♠ and four J♦ (Wikipedia's racehorse)."""


@fills_new_fields
@attrs.frozen
class MeldRules:
    """``[meld]``: which meld counts and for how much."""

    table: MeldTable = _key(MeldTable.SINGLE, "the base value table")
    doubles: Doubles = _key(Doubles.SPECIAL, "'special' or 'additive'")
    run_absorbs_royal_marriage: bool = _key(True, "false: a run also scores its royal marriage")
    run_extras: bool = _key(False, "Dailey: run + extra K or Q 190, both 230 (tens)")
    who: WhoMelds = _key(WhoMelds.ALL, "'all', 'bidder' or 'trick-winner'")
    values: MeldValues = attrs.field(factory=MeldValues, metadata={"doc": "value overrides"})
    grand_pinochle: bool = _key(False, "Parlett: K♠ Q♠ J♦ scores 6 (60), a pinochle 4 (40)")
    roundhouse_bonus: int = _scaled(0, "added for each roundhouse (K Q in every suit)")
    run_joins_marriages: bool = _key(
        False, "a run's K Q join the spare K Q of trump as a double (triple, ...) royal marriage"
    )
    quadruple_wins: tuple[QuadrupleWin, ...] = _key(
        (), "melds whose quadruple wins the game: 'run', 'royal-marriage', 'pinochle'"
    )


@fills_new_fields
@attrs.frozen
class Play:
    """``[play]``: the trick-play obligations."""

    first_lead: FirstLead = _key(FirstLead.BIDDER, "'bidder' or 'dealer-left'")
    beat: Beat = _key(Beat.ALWAYS, "'always', 'trump-led' or 'never'")
    beat_after_trump: bool = _key(False, "true: after a ruff, followers must still beat the suit")
    must_trump: bool = _key(True, "a player void in the led suit must trump")
    must_overtrump: bool = _key(True, "and must beat a trump already in the trick")
    trump_when_cannot_overtrump: bool = _key(True, "and must still trump when they cannot beat it")
    opening_lead: OpeningLead = _key(
        OpeningLead.ANY, "the first lead: 'any', 'trump' or 'trump-unless-minimum'"
    )


@fills_new_fields
@attrs.frozen
class Counting:
    """``[counting]``: the value of cards won in tricks."""

    method: CountingMethod = _key(CountingMethod.COUNTERS, "'counters', 'classic', 'simplified'")
    last_trick: int = _scaled(1, "bonus for winning the last trick")
    rounding: Rounding = _key(Rounding.NONE, "'none' or 'nearest-ten'")


@fills_new_fields
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
    bidder_minimum_meld: int = _scaled(
        0, "bidders whose meld is under this are set without play (Spokane: 20)"
    )
    shoot_the_moon: bool = _key(
        False, "the bidder may promise every trick after meld, before the first lead"
    )
    moon_bonus: int = _scaled(25, "added to the bidders' score when the moon is made")
    moon_penalty: int = _scaled(50, "the bidders' loss when the moon fails (meld and tricks void)")
    defenders_pool_tricks: bool = _key(
        False,
        "with a called or asked partner: each defender scores its own meld plus all the"
        " defenders' trick points",
    )


@fills_new_fields
@attrs.frozen
class ChipStep:
    """One row of the chip payment schedule: bids from `bid` up pay `pays` chips."""

    bid: int = _scaled(0, "the lowest bid of this row")
    pays: int = _key(1, "chips each opponent pays or receives")


@fills_new_fields
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


@fills_new_fields
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


@fills_new_fields
@attrs.frozen
class Game:
    """``[game]``: when the game ends and who wins."""

    scoring: GameScoring = _key(GameScoring.POINTS, "'points' or 'chips'")
    target: int | None = _scaled(150, "points to win, or false (chips)")
    both_reach: BothReach = _key(BothReach.BIDDER_WINS, "when several reach the target")
    raise_target_by: int = _scaled(0, "with both_reach = 'raise-target'")
    lose_at: int | None = _scaled(-300, "a side at or below this loses at once, or false")
    bid_and_out: bool = _key(False, "true: only the bidder can win by reaching the target")
    hands: int | None = _key(None, "the game ends after this many hands, or false")
    all_tricks_win: bool = _key(False, "true: a side taking every trick wins the game at once")
    slide_out: int | None = _key(
        None, "bid and out: a side over the target wins once the others fail this many bids"
    )


@fills_new_fields
@attrs.frozen
class Renege:
    """``[renege]``: the penalty for a called renege (rules/reneges)."""

    penalty: RenegePenalty = _key(
        RenegePenalty.NONE, "'none', 'npa', 'spokane', 'chapman' or 'wikipedia-three-hand'"
    )
    npa_bidders: NpaBidders = _key(
        NpaBidders.MINUS_BID, "npa: bidders who renege score 'minus-bid' or 'nothing'"
    )
    chapman_defenders: ChapmanDefenders = _key(
        ChapmanDefenders.BID, "chapman: a defender's renege gives the bidders 'bid' or 'all-points'"
    )
    meld_over: int = _scaled(20, "spokane: the wronged side's meld counts only above this")
    double_set: int = _key(2, "wikipedia-three-hand: a bidder who reneges loses this many bids")
    accept: bool = _key(
        False, "the engine accepts a card against the trick duty as a renege; seats may call it"
    )
    correction: bool = _key(
        False, "with accept: a seat may correct its renege with a legal card until the trick closes"
    )


@fills_new_fields
@attrs.frozen
class Checks:
    """``[checks]``: check pinochle's side payments, in checks; all 0 (the default): none.

    Each side's checks for a hand are its meld's checks plus the bidder's for losing; the
    side that wins the game gains ``game`` more (rules/settlement#checks).
    """

    run: int = _key(0, "a run (flush) in trump")
    aces: int = _key(0, "aces around (one of each suit, not doubled)")
    roundhouse: int = _key(0, "a marriage in every suit")
    double_marriage: int = _key(0, "each suit holding two marriages")
    double_pinochle: int = _key(0, "a double pinochle")
    double_around: int = _key(0, "each double aces, kings, queens or jacks around")
    seven_nines: int = _key(0, "seven or eight of the nines in one hand")
    game: int = _key(0, "winning the game")
    lost_after_talon: int = _key(0, "the bidder took the widow and lost the hand (a loss: < 0)")
    lost_playing: int = _key(0, "and again when the bidder played and was set (< 0)")

    @property
    def played(self) -> bool:
        """Whether the profile plays checks at all (any of them is not 0)."""
        return any(attrs.astuple(self))


# --- The profile -----------------------------------------------------------------------


@fills_new_fields
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
    renege: Renege = attrs.field(factory=Renege)
    checks: Checks = attrs.field(factory=Checks)
    source: str = attrs.field(default="<code>", eq=False, hash=False, repr=False)

    # Derived facts the rules need everywhere.

    @property
    def deck_size(self) -> int:
        """Cards in the deck: 48, 80, 96 or 120."""
        return deck_size(self.deal.deck)

    @property
    def copies(self) -> int:
        """Copies of each card in the deck: 2, 4 or 6."""
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
        if self.kitty.share:  # BC-PA: the kitty goes round, one card to each seat
            return self.deal.hand + 1
        return self.deal.hand

    @property
    def sides(self) -> int:
        """Scoring sides: the teams with partnerships, else one per person seated (sit-outs too)."""
        return self.deal.teams if self.deal.partnerships else self.deal.seated

    def side_of(self, person: int) -> int:
        """The side (score index) a person plays for: the one rule of sides.

        With partnerships (no sit-outs) person ``p`` plays for team ``p % deal.teams``: at four
        hands persons 0 and 2 are side 0 and 1 and 3 side 1; at six, 0 2 4 against 1 3 5; at
        eight with four teams, partners sit opposite (0 and 4, 1 and 5, ...). Otherwise each
        person at the table, sit-outs too, is a side of their own. `State.side_of` and
        `Observation.side_of` give a seat's side through it.
        """
        return person % self.deal.teams if self.deal.partnerships else person

    def partners_of(self, person: int) -> tuple[int, ...]:
        """The other persons on this person's team, nearest to the left first (none alone)."""
        if not self.deal.partnerships:
            return ()
        teams, players = self.deal.teams, self.deal.players
        return tuple((person + k) % players for k in range(teams, players, teams))

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
        from pinochle.variant import _loading as loading

        return loading.from_toml(text, source=source, base_dir=base_dir)

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
        from pinochle.variant import _loading as loading

        return loading.from_dict(data, source=source, base_dir=base_dir)

    def to_dict(self) -> dict[str, Any]:
        """The profile as plain data shaped like the TOML file (``None`` written as ``False``)."""
        from pinochle.variant import _loading as loading

        return loading.to_dict(self)

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
        from pinochle.variant import _loading as loading

        return loading.overlay(self, dict(changes), source or self.source)

    def with_scale(self, scale: int) -> Variant:
        """The same rules on the ones (1) or tens (10) scale; every number follows."""
        return self.override({"scale": scale})
