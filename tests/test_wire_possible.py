"""An observation that loads is a possible one (and so is a state read without its history).

The wire format page says the reader checks that the seats exist and the cards add up: a
document naming seat 4 at a four-hand table, a bidder 7, a trick card played by seat 9,
five A♠ in a single deck or a list of the wrong length is refused with a `WireError`
naming the field, so that no consumer of observations (the sampler, `knowledge`, the
pictures, the encodings, `explain_legal`, the bots) ever receives one and fails raw.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle import svg
from pinochle.bots import make_bot
from pinochle.testing import games
from seeded_games import decisions

THREE = pn.load_variant("pagat-auction-3")
HOUSE = {
    "sit-out of 4": THREE.override({"deal": {"seated": 4}}),
    "sit-out of 5": THREE.override({"deal": {"seated": 5}}),
    "misdeals": pn.load_variant("cutthroat-3").override({"deal": {"misdeal": "five-nines"}}),
    "throw-in": pn.load_variant("pinochlerun").override({"settlement": {"throw_in": True}}),
    "dix exchange": pn.load_variant("parlett-three-hand").override(
        {"trump": {"dix_exchange": "first-holder"}}
    ),
    "passing together": pn.load_variant("pinochlerun").override(
        {"passing": {"order": "simultaneous"}}
    ),
}


def _played(variant: pn.Variant, seed: int) -> Iterator[pn.State]:
    from pinochle.checking._players import play_random_game

    yield from play_random_game(variant, seed, max_hands=3)


# --- Real observations read back, exactly ---------------------------------------------------


@pytest.mark.parametrize("name", list(HOUSE))
def test_every_observation_of_a_house_game_reads_back_exactly(name: str) -> None:
    for number, state in enumerate(_played(HOUSE[name], seed=4)):
        if number % 3 and not state.is_over:
            continue
        for seat in state.seats():
            view = pn.observe(state, seat)
            assert pn.Observation.from_json(view.to_json()) == view
        assert pn.State.from_json(state.to_json(), verify=False) == state


# --- Impossible observations are refused ------------------------------------------------------


@functools.cache
def _game(name: str) -> tuple[pn.State, ...]:
    return tuple(decisions(name, seed=3, max_hands=1))


def _mid_trick() -> pn.State:
    """A state of the first hand with a trick played and two cards on the next."""
    return next(s for s in _game("pinochlerun") if len(s.trick) == 2 and s.tricks)


def _view() -> dict[str, Any]:
    state = _mid_trick()
    return pn.observe(state, state.to_act or 0).to_dict()


def _in_deck_order(cards: list[str]) -> list[str]:
    return [str(c) for c in sorted(pn.parse_cards(" ".join(cards)), key=lambda c: c.index)]


def _five_aces(data: dict[str, Any]) -> None:
    data["hand"] = _in_deck_order(["A♠"] * 5 + data["hand"][5:])


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _trick_seat(data: dict[str, Any]) -> None:
    data["trick"][0][0] = 9


def _grow(key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = [*data[key], data[key][-1]]

    return change


def _shrink(key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = data[key][:-1]

    return change


EXAMPLES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "seat 4": (_set("seat", 4), r"seat: seat 4 does not exist \(seats 0 to 3\)"),
    "seat -1": (_set("seat", -1), "seat: seat -1 does not exist"),
    "bidder 7": (_set("bidder", 7), "bidder: seat 7 does not exist"),
    "dealer 5": (_set("dealer", 5), "dealer: seat 5 does not exist"),
    "to_act 4": (_set("to_act", 4), "to_act: seat 4 does not exist"),
    "a trick card of seat 9": (_trick_seat, r"trick\[0\]\[0\]: seat 9 does not exist"),
    "five A♠": (_five_aces, "more copies of a card than the deck"),
    "hand_sizes too long": (_grow("hand_sizes"), "hand_sizes: expected 4 entries, found 5"),
    "persons too short": (_shrink("persons"), "persons: expected 4 entries, found 3"),
    "points too long": (_grow("points"), "points: expected 2 entries, found 3"),
    "scores too short": (_shrink("scores"), "scores: expected 2 entries, found 1"),
    "melds too short": (_shrink("melds"), "melds: expected 0 or 4 entries, found 3"),
    "a hand card too many": (_grow("hand"), r"hand: holds \d+ cards, but hand_sizes"),
    "a winner out of the table": (
        lambda d: d["tricks"][0].update(winner=6),
        r"tricks\[0\]\.winner: seat 6 does not exist",
    ),
    "a trick won by the wrong seat": (
        lambda d: d["tricks"][0].update(winner=(d["tricks"][0]["winner"] + 1) % 4),
        r"tricks\[0\]\.winner: seat \d won it, not seat \d",
    ),
    "a trick played out of turn": (
        lambda d: d["trick"].insert(0, [(d["trick"][0][0] + 2) % 4, "9♣"]),
        r"trick\[1\]\[0\]: seat \d plays after seat \d, out of turn",
    ),
    "a score of 401 digits": (
        _set("scores", [10**400, 0]),
        r"scores\[0\]: expected a whole number within ±2\*\*64",
    ),
    "a target of a trillion": (_set("target", 10**12), "target: expected a number within"),
    "winner before the game is over": (_set("winner", 0), "winner: the game has no winner"),
    "winner side 3": (_set("winner", 3), r"winner: side 3 does not exist \(sides 0 to 1\)"),
    "legal actions of a seat not to act": (
        lambda d: d.update(to_act=(d["to_act"] + 1) % 4),
        "legal_actions: seat . is not to act",
    ),
    "a result for a side that does not exist": (
        lambda d: d.update(results=[{**_result(), "bidder": 5}]),
        r"results\[0\]\.bidder: side 5 does not exist",
    ),
}


def _result() -> dict[str, Any]:
    data = _game("pinochlerun")[-1].results[0].to_dict()
    del data["format"], data["version"]
    return data


@pytest.mark.parametrize("case", list(EXAMPLES))
def test_an_impossible_observation_is_refused_naming_the_field(case: str) -> None:
    change, message = EXAMPLES[case]
    data = _view()
    change(data)
    with pytest.raises(pn.WireError, match=message):
        pn.Observation.from_dict(data)
    with pytest.raises(pn.WireError, match=message):
        pn.Observation.from_json(json.dumps(data))


def _consumers(view: pn.Observation) -> Iterator[tuple[str, Callable[[], object]]]:
    """Every consumer of an observation the issue names, ready to call."""
    yield "sample_state", lambda: pn.sample_state(view, random.Random(0))
    yield "knowledge", lambda: pn.knowledge(view)
    yield "svg.table", lambda: svg.table(view)
    yield "explain_legal", lambda: pn.explain_legal(view)
    try:
        from pinochle.env import ActionIndex, encode_observation
    except ImportError:  # pragma: no cover - the rl extra is not installed
        pass
    else:
        yield "encode_observation", lambda: encode_observation(view)
        yield "ActionIndex.mask", lambda: ActionIndex(view.variant).mask(view)
    if view.legal_actions:
        for level in ("random", "easy", "medium", "hard"):
            yield level, functools.partial(_choose, level, view)
        yield "expert", lambda: make_bot("expert", seed=1, samples=2).choose(view)


def _choose(level: str, view: pn.Observation) -> object:
    return make_bot(level, seed=1).choose(view)


def _load_and_consume(data: dict[str, Any]) -> bool:
    """Load the document; if it loads, every consumer takes it without failing raw."""
    try:
        view = pn.Observation.from_dict(data)
    except pn.WireError:
        return False
    for name, consume in _consumers(view):
        try:
            consume()
        except pn.PinochleError:
            pass
        except Exception as exc:  # what the test is about
            pytest.fail(f"{name} failed raw on a loaded observation: {exc!r}")
    return True


@pytest.mark.parametrize("case", list(EXAMPLES))
def test_no_consumer_receives_the_impossible_examples(case: str) -> None:
    change, _ = EXAMPLES[case]
    data = _view()
    change(data)
    assert not _load_and_consume(data)


def test_the_consumers_take_the_real_observation() -> None:
    assert _load_and_consume(_view())


# --- Any one field made impossible, in observations of random games ----------------------------


def _impossible(data: dict[str, Any], players: int, copies: int, choice: int) -> str:
    """Make one field impossible (which one: ``choice``); answer its name.

    ``copies`` is how many of each card the deck holds (2 single, 4 double).
    """
    fields: list[tuple[str, Callable[[], None]]] = [
        ("seat", lambda: data.update(seat=players + choice % 3)),
        ("seat", lambda: data.update(seat=-1 - choice % 2)),
        ("dealer", lambda: data.update(dealer=players + choice % 5)),
        ("bidder", lambda: data.update(bidder=players + choice % 4)),
        ("hand_sizes", lambda: data.update(hand_sizes=[*data["hand_sizes"], 0])),
        ("persons", lambda: data.update(persons=data["persons"][:-1])),
        ("points", lambda: data.update(points=[*data["points"], 0])),
        ("scores", lambda: data.update(scores=data["scores"][:-1])),
        (
            "hand",
            lambda: data.update(hand=[*data["hand"], data["hand"][0]] if data["hand"] else ["A♠"]),
        ),
    ]
    if data["hand"]:
        # One card more than the deck holds: every copy in the hand, its size kept.
        card = data["hand"][0]
        extra = [card] * (copies + 1)
        hand = _in_deck_order(extra + data["hand"][len(extra) :])
        if len(hand) == len(data["hand"]):
            fields.append(("hand", lambda: data.update(hand=hand)))
    if data["trick"]:
        fields.append(("trick", lambda: data["trick"][-1].__setitem__(0, players + choice % 7)))
    if data["tricks"]:
        fields.append(("tricks", lambda: data["tricks"][-1].update(winner=players)))
    if data["melds"]:
        fields.append(("melds", lambda: data.update(melds=data["melds"][:-1])))
    if data["to_act"] is not None:
        fields.append(("to_act", lambda: data.update(to_act=players + choice % 2)))
    name, change = fields[choice % len(fields)]
    change()
    return name


_VIEWS = st.sampled_from(pn.builtin_variants()).flatmap(lambda n: games(n, max_actions=120))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=_VIEWS, seat=st.integers(0, 3), choice=st.integers(0, 1000))
def test_one_impossible_field_in_a_real_observation_is_refused(
    state: pn.State, seat: int, choice: int
) -> None:
    players = state.variant.deal.players
    view = pn.observe(state, seat % players)
    data = view.to_dict()
    assert pn.Observation.from_dict(copy.deepcopy(data)) == view  # the real one reads back
    copies = pn.make_deck(state.variant.deal.deck).count(pn.parse_cards("AS")[0])
    name = _impossible(data, players, copies, choice)
    with pytest.raises(pn.WireError) as info:
        pn.Observation.from_dict(data)
    assert any(problem.startswith(name) for problem in info.value.problems), info.value


def _near(rng: random.Random, old: Any) -> Any:
    """A value near ``old``: one off, one item more or less, an item changed, another card."""
    options: list[Any] = [-1, 0, 1, 3, 4, 9, None, [], ["A♠"] * 5]
    if isinstance(old, bool):
        options.append(not old)
    elif isinstance(old, int):
        options += [old - 1, old + 1, old + 2] * 2
    elif isinstance(old, str) and len(old) <= 3:
        options += ["A♠", "9♣", "10♥", "Q♠", "J♦"] * 2
    elif isinstance(old, list) and old:
        items = copy.deepcopy(old)
        i = rng.randrange(len(old))
        items[i] = _near(rng, old[i])
        options += [old[:-1], [*old, old[-1]], old[::-1], *[items] * 6]
    elif isinstance(old, dict) and old:
        table = copy.deepcopy(old)
        key = rng.choice(sorted(old))
        table[key] = _near(rng, old[key])
        options += [table] * 6
    if old == [] or old is None:
        options += [["A♠"], [[0, "A♠"]], [[5, "A♠"]]]
    return rng.choice(options)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(["pinochlerun", "cutthroat-3", "bicycle-two-handed"]),
    step=st.integers(0, 200),
    seat=st.integers(0, 3),
    rng=st.randoms(use_true_random=False),
)
def test_an_observation_either_is_refused_or_every_consumer_takes_it(
    name: str, step: int, seat: int, rng: random.Random
) -> None:
    states = _game(name)
    state = states[step % len(states)]
    data = pn.observe(state, seat % state.variant.deal.players).to_dict()
    key = rng.choice([k for k in data if k not in ("format", "version", "variant")])
    data[key] = _near(rng, data[key])
    _load_and_consume(data)


# --- States read without their history, and results ------------------------------------------


def _state() -> dict[str, Any]:
    return _mid_trick().to_dict()


STATE_EXAMPLES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a trick card of seat 9": (
        lambda d: d["trick"][0].__setitem__(0, 9),
        r"trick\[0\]\[0\]: seat 9 does not exist",
    ),
    "five A♠": (
        lambda d: d["hands"][0].__setitem__(slice(0, 5), ["A♠"] * 5),
        "hands: the cards are not the deck: extra A♠",
    ),
    "to_act 7": (lambda d: d.update(to_act=7), "to_act: seat 7 does not exist"),
    "three hands": (lambda d: d["hands"].pop(), "hands: expected 4 entries, found 3"),
    "a bidder 6": (lambda d: d["hand"].update(bidder=6), r"hand\.bidder: seat 6 does not exist"),
    "scores of three sides": (
        lambda d: d["game"]["scores"].append(0),
        r"game\.scores: expected 2 entries, found 3",
    ),
    "a hand out of order": (
        lambda d: d["hands"][1].reverse(),
        r"hands\[1\]: expected the cards in deck order",
    ),
}


@pytest.mark.parametrize("case", list(STATE_EXAMPLES))
def test_an_impossible_state_is_refused_even_unverified(case: str) -> None:
    change, message = STATE_EXAMPLES[case]
    data = _state()
    change(data)
    for verify in (False, True):
        with pytest.raises(pn.WireError, match=message if not verify else None):
            pn.State.from_dict(copy.deepcopy(data), verify=verify)


def test_a_result_names_sides_that_exist() -> None:
    data = {"format": "pinochle.result", "version": 1, **_result()}
    assert pn.HandResult.from_dict(data).bidder == data["bidder"]
    with pytest.raises(pn.WireError, match=r"bidder: side 7 does not exist \(sides 0 to 1\)"):
        pn.HandResult.from_dict({**data, "bidder": 7})
    with pytest.raises(pn.WireError, match="sides: expected a result for each of 2 sides or more"):
        pn.HandResult.from_dict({**data, "sides": data["sides"][:1], "bidder": 0})
    huge = [{**data["sides"][0], "score": 10**12}, *data["sides"][1:]]
    with pytest.raises(pn.WireError, match=r"sides\[0\]\.score: expected a number within"):
        pn.HandResult.from_dict({**data, "sides": huge})


def test_the_schema_bounds_whole_numbers_as_the_reader_does() -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(pn.schema("observation"))
    data = _view()
    assert validator.is_valid(data)
    data["scores"] = [2**64, 0]
    assert not validator.is_valid(data)
    with pytest.raises(pn.WireError, match=r"scores\[0\]: expected a whole number within"):
        pn.Observation.from_dict(data)
