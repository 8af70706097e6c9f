"""The cross-key rules: combinations of keys a profile may not hold, each one function.

Every section's own values are checked as the profile is read (`pinochle.variant._loading`);
these rules look across keys, so that every profile that loads also plays: a kitty with no
one to take it, a minimum bid below what the dealer is forced to, a stock game for four.
Each rule yields ``(key, problem)`` pairs; `check` runs them all and raises one error
listing every problem (docs/reference/keys.md#cross-key-rules lists them for users).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from pinochle.cards import DeckKind, deck_has_nines
from pinochle.errors import MAX_PROBLEMS, VariantError
from pinochle.variant._model import (
    MAX_NUMBER,
    BothReach,
    CountingMethod,
    DixExchange,
    GameScoring,
    MeldTable,
    MeldValues,
    Misdeal,
    OpeningLead,
    OutOfReach,
    Partner,
    QuadrupleWin,
    RenegePenalty,
    Rounding,
    TrumpRule,
    Variant,
    WhoMelds,
)
from pinochle.variant._text import out_of_range

_Check = Callable[[Variant], Iterator[tuple[str, str]]]
_CHECKS: list[_Check] = []


def _rule(check: _Check) -> _Check:
    _CHECKS.append(check)
    return check


def check(variant: Variant) -> None:
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
                    yield at, out_of_range(item)


def _is_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool | enum.Enum)


@_rule
def _check_deal(v: Variant) -> Iterator[tuple[str, str]]:
    d = v.deal
    if d.players not in (2, 3, 4, 5, 6, 8):
        yield "deal.players", f"expected 2, 3, 4, 5, 6 or 8, found {d.players}"
        return  # the rest of the deal depends on it
    if d.partnerships and d.players not in (4, 6, 8):
        yield "deal.partnerships", f"partnerships need 4, 6 or 8 players, found {d.players}"
    elif d.partnerships and (d.teams < 2 or d.players % d.teams or d.players // d.teams < 2):
        splits = [t for t in range(2, d.players // 2 + 1) if d.players % t == 0]
        yield (
            "deal.teams",
            f"{d.players} players make teams of equal size, at least two in each: expected "
            f"{' or '.join(map(str, splits))}, found {d.teams}",
        )
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
    if b.rounds is not None and b.rounds < 1:
        yield "bidding.rounds", f"expected 1 or more bids each, or false, found {b.rounds}"
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
    """The nines misdeals are single-deck rules: they count the single deck's eight nines."""
    rule = v.deal.misdeal
    if rule not in (Misdeal.NONE, Misdeal.TECHNICAL) and v.deal.deck is not DeckKind.SINGLE:
        has = "has none" if not deck_has_nines(v.deal.deck) else "is not the single deck"
        yield (
            "deal.misdeal",
            f"{rule.value!r} counts nines, but the {v.deal.deck.value} deck {has} (use "
            "'technical' or 'none')",
        )


@_rule
def _check_trump_and_passing(v: Variant) -> Iterator[tuple[str, str]]:
    n = v.passing.cards
    if n < 0:
        yield "passing.cards", f"expected 0 or more, found {n}"
    elif n and not v.deal.partnerships:
        yield "passing.cards", "passing cards needs partnerships (set passing.cards = 0)"
    elif n and v.deal.players in (6, 8):
        # The partner opposite passes: the four-hand rule (rules/passing-and-kitty).
        yield (
            "passing.cards",
            f"passing between the bidder and the partner opposite is a four-hand rule, found "
            f"{v.deal.players} players (set passing.cards = 0)",
        )
    elif n > v.deal.hand:
        yield "passing.cards", f"cannot pass {n} cards from a hand of {v.deal.hand}"
    if v.deal.stock and v.trump.rule is not TrumpRule.TURN_UP:
        yield "trump.rule", "a stock game turns up trump: set trump.rule = 'turn-up'"
    if v.deal.stock and v.play.opening_lead is not OpeningLead.ANY:
        yield (
            "play.opening_lead",
            "a stock game's tricks have no duty while the stock lasts: set "
            "play.opening_lead = 'any'",
        )


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
        if not deck_has_nines(v.deal.deck):
            yield (
                "trump.dix_exchange",
                f"the {v.deal.deck.value} deck has no nines, so no dix to exchange",
            )
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
    if not deck_has_nines(v.deal.deck) and m.values.dix:
        yield "meld.values.dix", f"the {v.deal.deck.value} deck has no nines, so no dix value"
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
    if g.scoring is GameScoring.POINTS and g.target is None and g.hands is None:
        yield "game.target", "a points game needs a target (or a number of hands, game.hands)"
    if g.hands is not None and g.hands < 1:
        yield "game.hands", f"expected a positive number of hands, or false, found {g.hands}"
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
    if g.slide_out is not None:
        yield from _check_slide_out(v)


def _check_slide_out(v: Variant) -> Iterator[tuple[str, str]]:
    """``game.slide_out`` counts failed bids toward a bid-and-out target."""
    g = v.game
    if g.slide_out is not None and g.slide_out < 1:
        yield "game.slide_out", f"expected a positive number of failed bids, found {g.slide_out}"
    elif not g.bid_and_out or g.target is None or not v.has_auction:
        yield (
            "game.slide_out",
            "slide-out is a bid-and-out rule (rules/game-end#slide-out): it needs an auction, "
            "a target and game.bid_and_out = true",
        )


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


@_rule
def _check_renege(v: Variant) -> Iterator[tuple[str, str]]:
    """The renege keys' own values (a table needs points and an auction: `_NEEDS`)."""
    r = v.renege
    if r.meld_over < 0:
        yield "renege.meld_over", f"expected 0 or more, found {r.meld_over}"
    if r.double_set < 1:
        yield "renege.double_set", f"expected a factor of 1 or more, found {r.double_set}"
    if r.correction and not r.accept:
        yield (
            "renege.correction",
            "only a renege the engine accepts can be corrected: set renege.accept = true",
        )
    if r.penalty is RenegePenalty.NONE and r.accept:
        yield (
            "renege.accept",
            "a called renege is settled by the renege table: choose renege.penalty",
        )


@_rule
def _check_meld_extras(v: Variant) -> Iterator[tuple[str, str]]:
    """The extra melds (rules/meld#other-extras): each fits the deck and the run rules."""
    m = v.meld
    if m.roundhouse_bonus < 0:
        yield "meld.roundhouse_bonus", f"expected 0 or more, found {m.roundhouse_bonus}"
    if m.values.grand_pinochle is not None and not m.grand_pinochle:
        yield "meld.values.grand_pinochle", "a value for grand pinochle needs grand_pinochle = true"
    if m.run_joins_marriages and m.run_extras:
        yield (
            "meld.run_joins_marriages",
            "the run's spare K and Q are valued either by run_extras or by joining them to the "
            "run's; choose one",
        )
    if m.run_joins_marriages and not m.run_absorbs_royal_marriage:
        yield (
            "meld.run_joins_marriages",
            "a run whose K and Q score a royal marriage of their own cannot also join them to "
            "the spare ones (run_absorbs_royal_marriage = false)",
        )
    wins = m.quadruple_wins
    if len(set(wins)) != len(wins):
        yield "meld.quadruple_wins", f"names a meld twice: {[w.value for w in wins]}"
    if wins and v.copies < 4:
        yield (
            "meld.quadruple_wins",
            f"a quadruple needs four copies of each card: the {v.deal.deck.value} deck holds "
            f"{v.copies}",
        )
    if wins and m.who is WhoMelds.TRICK_WINNER:
        yield "meld.quadruple_wins", "melds declared a trick at a time (two-hand) are not counted"
    for win in wins:  # the base tables rise with the copies: only an override can fall
        row: tuple[int, ...] = getattr(m.values, _ROW_OF_WIN[win]) or ()
        if len(row) == 4 and row[3] < row[2]:
            # Meld never falls when a card is added: the bid limits rest on it.
            yield (
                f"meld.values.{_ROW_OF_WIN[win]}",
                f"a quadruple that wins the game scores at least the triple, found {list(row)}",
            )


_ROW_OF_WIN = {
    QuadrupleWin.RUN: "run",
    QuadrupleWin.ROYAL_MARRIAGE: "royal_marriage",
    QuadrupleWin.PINOCHLE: "pinochle",
}


@_rule
def _check_checks(v: Variant) -> Iterator[tuple[str, str]]:
    """Check pinochle's side payments (rules/settlement#checks) need melds laid at once."""
    c = v.checks
    if not c.played:
        return
    if v.meld.who is WhoMelds.TRICK_WINNER:
        yield "checks", "checks are counted on the meld laid after trump, not declared by tricks"
    if c.seven_nines and v.deal.deck is not DeckKind.SINGLE:
        deck = v.deal.deck.value
        yield (
            "checks.seven_nines",
            f"the {deck} deck has no nines"
            if not deck_has_nines(v.deal.deck)
            else f"seven nines is a single-deck check: the {deck} deck holds {v.copies * 4}",
        )


@_rule
def _check_moon(v: Variant) -> Iterator[tuple[str, str]]:
    """The moon's bonus and penalty are points (the rule itself: `_NEEDS`)."""
    s = v.settlement
    for key in ("moon_bonus", "moon_penalty"):
        if getattr(s, key) < 0:
            yield f"settlement.{key}", f"expected 0 or more points, found {getattr(s, key)}"


@_rule
def _check_share(v: Variant) -> Iterator[tuple[str, str]]:
    """BC-PA's shared widow (rules/passing-and-kitty#share): one card a seat, seen by the bidder.

    The bidder "looks at the four cards, keeps one and gives one face down to each other
    player": the kitty holds one card per seat, nobody else sees it, and the bidder sees it
    before naming trump.
    """
    k, players = v.kitty, v.deal.players
    if not k.share:
        return
    if v.deal.kitty != players:
        yield (
            "kitty.share",
            f"the bidder keeps one kitty card and gives one to each other player: the kitty "
            f"needs one card a seat (deal.kitty = {players}), found deal.kitty = {v.deal.kitty}",
        )
    if k.shown:
        yield (
            "kitty.shown",
            "a shared kitty is given face down: only the bidder sees it (set kitty.shown = false)",
        )
    if k.trump_first:
        yield (
            "kitty.trump_first",
            "the bidder shares the kitty having seen it, before naming trump (set "
            "kitty.trump_first = false)",
        )


@_rule
def _check_called_partner(v: Variant) -> Iterator[tuple[str, str]]:
    """Five hands play with a called (or asked) partner, and such a partner needs five hands.

    WP's five-hand game (rules/deck-and-deal#five-hands): the bidder calls a trump card after
    naming trump, and its first other player partners the bidder for the hand. The side is
    known only once that card is played, so the rules that end a hand on the bidders' meld
    or sides before the first trick do not apply. The house game that asks for a card
    (``'asked'``, rules/deck-and-deal#two-winners) knows the pair at once, but its notes play
    every hand out and say nothing of those rules, so the same ones are refused.
    """
    d = v.deal
    if d.players == 5 and d.partner is Partner.NONE:
        yield (
            "deal.players",
            "five hands play with a called partner (rules/deck-and-deal#five-hands): set "
            "deal.partner = 'called' or 'asked'",
        )
    if d.partner is Partner.NONE:
        if v.settlement.defenders_pool_tricks:
            yield (
                "settlement.defenders_pool_tricks",
                "only the defenders against a called or asked partner pool their tricks: set "
                "deal.partner (five hands) or false",
            )
        return
    how = f"a{'n' if d.partner is Partner.ASKED else ''} {d.partner.value} partner"
    if d.players != 5:
        yield "deal.partner", f"{how} is a five-hand rule, found {d.players} players"
    if d.partnerships:
        yield (
            "deal.partnerships",
            f"{how} changes with every hand: set deal.partnerships = false",
        )
    if not v.has_auction:
        yield "deal.partner", f"only a high bidder finds {how}: a turned-up trump has no auction"
    s = v.settlement
    if d.partner is Partner.CALLED:
        unknown = "the partner is unknown until the called card is played"
    else:
        unknown = "the house notes play every hand out"
    if v.game.scoring is GameScoring.CHIPS:
        yield "game.scoring", f"{how} is a points game: {unknown}"
    if s.out_of_reach is OutOfReach.NO_PLAY:
        yield "settlement.out_of_reach", f"expected 'play' with {how}: {unknown}"
    for key in ("throw_in", "opponents_concede", "meld_makes_bid", "shoot_the_moon"):
        if getattr(s, key):
            yield f"settlement.{key}", f"expected false with {how}: {unknown}"
    if s.bidder_minimum_meld:
        yield "settlement.bidder_minimum_meld", f"expected 0 with {how}: {unknown}"
    if v.renege.penalty is not RenegePenalty.NONE:
        yield "renege.penalty", f"expected 'none' with {how}: {unknown}"
    if v.checks.played:
        # WP's checks are paid player to player (rules/settlement#checks); a called or asked pair
        # shares a score for one hand, and no source says how it would share checks.
        yield (
            "checks",
            "check pinochle's checks are paid player to player (rules/settlement#checks), and "
            "no source says how a called or asked pair would share them: set every [checks] "
            "key to 0",
        )


# --- Rules of a hand bid for in points ------------------------------------------------------


class _Lacks(enum.Enum):
    """What a rule of a bid hand finds missing: the auction, or the points."""

    AUCTION = enum.auto()  # a turned-up trump (rules/trump): no high bidder
    POINTS = enum.auto()  # game.scoring = 'chips': no points to score


@attrs.frozen
class _Need:
    """A key whose rule needs an auction, points, or both, and the problem when it lacks one.

    ``problem`` may name the profile's values (``{v.deal.kitty}``: `str.format` with ``v``).
    """

    on: Callable[[Variant], bool]
    lacks: _Lacks
    key: str
    problem: str


_NEEDS = (
    _Need(
        lambda v: v.deal.kitty > 0,
        _Lacks.AUCTION,
        "deal.kitty",
        "the {v.deal.kitty}-card kitty goes to the high bidder, but with trump.rule = "
        "'turn-up' there is no auction (set deal.kitty = 0)",
    ),
    _Need(
        lambda v: v.renege.penalty is not RenegePenalty.NONE,
        _Lacks.AUCTION,
        "renege.penalty",
        "every renege table settles against the bid, and this profile has no auction "
        "(trump.rule = 'turn-up'): use 'none'",
    ),
    _Need(
        lambda v: v.renege.penalty is not RenegePenalty.NONE,
        _Lacks.POINTS,
        "renege.penalty",
        "no source gives a renege payment in chips: a renege table needs "
        "game.scoring = 'points' (or use 'none')",
    ),
    _Need(
        lambda v: bool(v.meld.quadruple_wins),
        _Lacks.POINTS,
        "meld.quadruple_wins",
        "a chip game never ends: nothing can win it outright",
    ),
    _Need(
        lambda v: v.settlement.shoot_the_moon,
        _Lacks.POINTS,
        "settlement.shoot_the_moon",
        "shooting the moon scores a bonus or a penalty in points (rules/auction#conventions): "
        "it needs game.scoring = 'points'",
    ),
    _Need(
        lambda v: v.settlement.shoot_the_moon,
        _Lacks.AUCTION,
        "settlement.shoot_the_moon",
        "only a high bidder may shoot the moon: a turned-up trump has no auction",
    ),
)
"""The rules of a hand bid for in points, each refused where the profile lacks what it needs.

A kitty goes to the high bidder; a renege table settles against the bid in points; a
quadruple wins a game that ends; the moon is shot by a bidder for points. (What a called or
asked partner needs is `_check_called_partner`'s.)
"""


@_rule
def _check_needs_points_and_auction(v: Variant) -> Iterator[tuple[str, str]]:
    """Each rule of `_NEEDS` the profile holds has the auction and the points it needs."""
    lacks = set[_Lacks]()
    if not v.has_auction:
        lacks.add(_Lacks.AUCTION)
    if v.game.scoring is GameScoring.CHIPS:
        lacks.add(_Lacks.POINTS)
    if not lacks:
        return
    for need in _NEEDS:
        if need.lacks in lacks and need.on(v):
            yield need.key, need.problem.format(v=v)
