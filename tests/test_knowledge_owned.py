"""Knowledge is owned by its caller: games played side by side decide as games played alone.

`pinochle.knowledge` is a function of the observation (docs/bots.md, "What a seat
knows"); a caller that asks at every step keeps a `pinochle.KnowledgeTracker` for the
seat, and Hard's card memory is such a tracker per seat, kept by the bot. Nothing a
decision depends on is kept between games, so several games interleaved step by step in
one thread, or played in threads, make exactly the decisions each makes alone (the
threaded web server and the arena run games so).
"""

from __future__ import annotations

import copy
import pickle
import threading
from collections.abc import Iterator

import pytest

import pinochle.sampling as sampling
from pinochle import (
    Action,
    KnowledgeTracker,
    Observation,
    Phase,
    apply,
    knowledge,
    load_variant,
    new_game,
    observe,
)
from pinochle.bots import Bot, ExpertBot, HardBot

# (profile, seed, seats played by Expert): two games share a profile and a seat number,
# and two are the same deal with other players (their views agree until play differs).
GAMES = (
    ("pinochlerun", 1, ()),
    ("pinochlerun", 2, (0,)),
    ("pinochlerun", 1, (2,)),
    ("cutthroat-3", 3, ()),
    ("bicycle-two-handed", 4, (1,)),
    ("pinochlerun-double-deck", 5, ()),
)

Decision = tuple[int, Action]


def _game(name: str, seed: int, experts: tuple[int, ...]) -> Iterator[Decision]:
    """One game's first hand, a decision at a time (each game has its own bots)."""
    variant = load_variant(name)
    bots: list[Bot] = [
        ExpertBot(seed * 10 + s, samples=6) if s in experts else HardBot(seed * 10 + s)
        for s in range(variant.deal.players)
    ]
    state = new_game(variant, seed)
    number = state.hand.number
    while not state.is_over and state.hand.number == number:
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(observe(state, seat))
        yield seat, action
        state = apply(state, action)


@pytest.fixture(scope="module")
def alone() -> list[list[Decision]]:
    """Each game's decisions, the game played on its own."""
    return [list(_game(*game)) for game in GAMES]


def test_games_interleaved_step_by_step_decide_as_alone(alone: list[list[Decision]]) -> None:
    running = [(i, _game(*game)) for i, game in enumerate(GAMES)]
    played: list[list[Decision]] = [[] for _ in GAMES]
    while running:
        ended = set()
        for i, game in running:  # one decision of each game in turn
            decision = next(game, None)
            if decision is None:
                ended.add(i)
            else:
                played[i].append(decision)
        running = [(i, game) for i, game in running if i not in ended]
    assert played == alone


def test_games_in_threads_decide_as_alone(alone: list[list[Decision]]) -> None:
    played: list[list[Decision]] = [[] for _ in GAMES]
    errors: list[BaseException] = []
    start = threading.Barrier(len(GAMES))

    def run(i: int) -> None:
        try:
            start.wait()
            played[i].extend(_game(*GAMES[i]))
        except BaseException as error:  # (reported below)
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(GAMES))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert played == alone


def _views(name: str, seed: int, seat: int) -> list[Observation]:
    """``seat``'s view at every step of a seeded first hand (Hard at every seat)."""
    variant = load_variant(name)
    bots = [HardBot(seed + s) for s in range(variant.deal.players)]
    state = new_game(variant, seed)
    views = [observe(state, seat)]
    while not state.is_over and state.hand.number == 0:
        to_act = state.to_act
        assert to_act is not None
        state = apply(state, bots[to_act].choose(observe(state, to_act)))
        views.append(observe(state, seat))
    return views


@pytest.mark.parametrize(
    ("name", "seeds"),
    [("pinochlerun", (1, 2)), ("cutthroat-3", (3, 4)), ("pinochlerun-double-deck", (1, 1))],
)
def test_trackers_of_alternating_games_keep_up_and_tell_what_knowledge_tells(
    name: str, seeds: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games' seat-0 views alternate, each fed to its own tracker.

    Every answer is what `knowledge` reads from a fresh copy of the view; and each tracker
    reads its game afresh only at its first look in trick play, bringing every later look
    up to date (a memo kept for the seat number alone would lose it at every alternation).
    """
    games = [_views(name, seed, 0) for seed in seeds]
    trackers = [KnowledgeTracker(), KnowledgeTracker()]
    readings = [0, 0]
    reading = sampling._Reading
    counted: list[int] = []

    def counting(view: Observation) -> sampling._Reading:
        counted.append(1)
        return reading(view)

    for step in range(max(map(len, games))):
        for g, views in enumerate(games):
            if step >= len(views):
                continue
            view = views[step]
            fresh = knowledge(view.from_json(view.to_json()))
            monkeypatch.setattr(sampling, "_Reading", counting)
            known = trackers[g].update(view)
            monkeypatch.setattr(sampling, "_Reading", reading)
            assert known == fresh, (name, g, step, view.phase)
            if view.phase is Phase.TRICKS:
                readings[g] += len(counted)
            counted.clear()
    assert readings == [1, 1]


def test_a_tracker_follows_copies_of_the_views_and_starts_over_on_another_view() -> None:
    """Views are compared by value: copies through the wire format are followed on; a
    view of another seat, or an earlier one, is read afresh; the answers are `knowledge`'s.
    """
    views = [v for v in _views("pinochlerun", 5, 1) if v.phase is Phase.TRICKS]
    others = [v for v in _views("pinochlerun", 5, 2) if v.phase is Phase.TRICKS]
    tracker = KnowledgeTracker()
    tracker.update(views[0].from_json(views[0].to_json()))
    notes = tracker._seen
    assert notes is not None
    for view in views[1:]:
        assert tracker.update(view.from_json(view.to_json())) == knowledge(view)
        assert tracker._seen is notes  # brought up to date, not read afresh
    for view in (others[5], views[3]):  # another seat's, an earlier one: read afresh
        assert tracker.update(view) == knowledge(view)
        assert tracker._seen is not notes
        notes = tracker._seen
    assert tracker.update(views[-1]) == knowledge(views[-1])  # on from views[3]
    assert tracker._seen is notes


def test_copies_and_pickles_of_a_tracker_follow_views_of_their_own() -> None:
    views = [v for v in _views("cutthroat-3", 2, 0) if v.phase is Phase.TRICKS]
    tracker = KnowledgeTracker()
    tracker.update(views[4])
    clones = [copy.copy(tracker), copy.deepcopy(tracker), pickle.loads(pickle.dumps(tracker))]
    for clone in clones:
        assert clone.update(views[9]) == knowledge(views[9])
    assert tracker._seen is not None
    assert tracker._seen.trick == views[4].trick  # the original is where it was
    assert tracker.update(views[6]) == knowledge(views[6])


def test_a_tracker_asks_for_an_observation() -> None:
    from pinochle import ArgumentError

    with pytest.raises(ArgumentError, match="observation"):
        KnowledgeTracker().update("view")  # type: ignore[arg-type]
