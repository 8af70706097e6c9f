"""``pinochle review`` and ``pinochle stats``: a record's decisions reviewed, players counted.

docs/cli.md, "pinochle review": every seat by default (or ``--seat N``), every hand (or
``--hand N``); per hand its summary line and each decision with its mark, then a line with
the expected loss and the counts of "?" and "??"; ``--json`` the same as data. "pinochle
stats": each person's hands, bids made and set, average bid and meld, tricks, counters and
points taken, meld saved and lost, and with ``--review`` the points lost to marked
decisions. Exit codes as for ``pinochle replay``: 2 for bad options or a file that cannot
be read, 1 for a file that is not a sound record.
"""

from __future__ import annotations

import functools
import io
import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import pinochle as pn
from pinochle.analysis import WORLDS, Review, review
from pinochle.bots import make_bot
from pinochle.cli import main
from pinochle.cli._arguments import WORLDS_HELP
from pinochle.cli._review import player_stats
from pinochle.demo import person_names
from pinochle.records import GameRecord, record_of, replay_states
from pinochle.scoring import Outcome
from pinochle.tricks import card_points, deck_points

SUITS = "♣♦♥♠"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _file(tmp_path: Path, record: GameRecord, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record.to_json(), encoding="utf-8")
    return str(path)


@functools.cache
def _game(name: str, seed: int, hands: int, variant: pn.Variant | None = None) -> GameRecord:
    """The first ``hands`` hands of a game Hard players play (a whole game if it ends)."""
    variant = variant or pn.load_variant(name)
    state = pn.new_game(variant, seed)
    bots = [make_bot("hard", seed=seed + person) for person in range(variant.deal.seated)]
    while not state.is_over and state.hand.number < hands:
        assert state.to_act is not None
        state = pn.apply(state, bots[state.to_act].choose(pn.observe(state, state.to_act)))
    return record_of(state)


@functools.cache
def _overbid() -> GameRecord:
    """A hand-built hand: East opens at 100, the maximum, which ends the auction at once.

    No pinochlerun hand reaches 100 with its meld and the 25 trick points, so the hand is
    "not on the board": East's side is set, 100 down, and nobody plays a trick. Then a
    second hand played by Hard players.
    """
    variant = pn.load_variant("pinochlerun")
    state = pn.new_game(variant, 5)
    assert state.to_act == 1  # East speaks first
    state = pn.apply(state, pn.Bid(100))
    bot = make_bot("hard", seed=1)
    while state.hand.number < 2:
        assert state.to_act is not None
        state = pn.apply(state, bot.choose(pn.observe(state, state.to_act)))
    assert state.results[0].outcome is Outcome.NOT_ON_BOARD
    return record_of(state)


def _error(err: str) -> str:
    assert err.startswith("pinochle: error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# --- pinochle review ---------------------------------------------------------------------


def test_the_text_gives_each_hand_its_summary_then_each_decision_marked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 1, 1)
    code, out, err = run(capsys, "review", _file(tmp_path, record), "--seat", "2", "--worlds", "4")
    assert (code, err) == (0, "")
    found = review(record, 2, worlds=4)
    assert found.decisions  # the check has something to check
    lines = out.splitlines()
    assert lines[0] == (
        "pinochlerun: review of seat 2 (South), 4 deals imagined a decision, seed 0"
    )
    expected = []
    for hand in found.hands:
        expected.append(hand.summary)
        expected += [f"  {d.mark:<2}  {d.text}" for d in hand.decisions]
    assert lines[1:-1] == expected
    marks = Counter(d.mark for d in found.decisions)
    assert lines[-1] == (
        f"Seat 2 (South): {len(found.decisions)} decisions, expected loss {found.loss:.1f} "
        f"points; {marks['?!']} marked ?!, {marks['?']} marked ?, {marks['??']} marked ??"
    )


@pytest.mark.parametrize("name", ["cutthroat-3", "pagat-auction-3", "wikipedia-three-hand"])
def test_a_kitty_tables_bidder_is_reviewed_from_trump_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    # The bidder takes the kitty into its hand (rules/three-hand): its trump, bury and
    # cards are reviewed like any other decision.
    record = _game(name, 1, 1)  # seed 1: a hand played to its end on each of the three
    bidder = next(s.hand.bidder for s in replay_states(record) if s.phase is pn.Phase.TRICKS)
    assert bidder is not None
    code, out, err = run(
        capsys, "review", _file(tmp_path, record), "--seat", str(bidder), "--worlds", "2"
    )
    assert (code, err) == (0, "")
    phases = {d.phase for d in review(record, bidder, worlds=2).decisions}
    assert {pn.Phase.TRUMP, pn.Phase.TRICKS} <= phases
    assert out.splitlines()[1].startswith("hand 1: ")


def test_an_opening_bid_that_cannot_be_made_is_marked_double(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # East's bid of 100 cannot be made (the hand is not on the board: East's side scores
    # -100, and the other side nothing below 0), so the review must call it a blunder.
    file = _file(tmp_path, _overbid())
    code, out, _ = run(capsys, "review", file, "--seat", "1", "--hand", "1", "--worlds", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("pinochlerun: review of seat 1 (East), hand 1, 4 deals ")
    assert lines[1].startswith("hand 1: auction: bid 100 cost about ")
    assert re.match(r"  \?\?  auction: bid 100 cost about \d+ points: .* was best$", lines[2])
    code, out, _ = run(
        capsys, "review", file, "--seat", "1", "--hand", "1", "--worlds", "4", "--json"
    )
    decision = json.loads(out)["reviews"][0]["hands"][0]["decisions"][0]
    assert (decision["phase"], decision["action"], decision["mark"]) == ("auction", "bid 100", "??")
    assert decision["value"] <= -100
    assert decision["loss"] >= deck_points(pn.load_variant("pinochlerun")) / 3


def test_json_gives_every_decision_with_its_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 1, 1)
    file = _file(tmp_path, record)
    argv = ["--seat", "2", "--worlds", "4", "--json", "--seed", "3"]
    code, out, _ = run(capsys, "review", file, *argv)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"variant", "worlds", "seed", "reviews"}
    assert (data["variant"], data["worlds"], data["seed"]) == ("pinochlerun", 4, 3)
    [seat] = data["reviews"]
    assert set(seat) == {"seat", "name", "loss", "marks", "hands"}
    found = review(record, 2, worlds=4, seed=3)
    assert (seat["seat"], seat["name"]) == (2, "South")
    assert seat["loss"] == round(found.loss, 2)
    marks = Counter(d.mark for d in found.decisions)
    assert seat["marks"] == {"?!": marks["?!"], "?": marks["?"], "??": marks["??"]}
    assert [h["hand"] for h in seat["hands"]] == [h.hand for h in found.hands]
    decisions = [d for h in seat["hands"] for d in h["decisions"]]
    assert len(decisions) == len(found.decisions)
    # The decisions are South's own actions in the record, in order.
    taken = [
        action
        for state, action in zip(replay_states(record), record.actions, strict=False)
        if state.to_act == 2
    ]
    actions = iter(taken)
    assert all(pn.parse_action(d["action"]) in actions for d in decisions)
    full = deck_points(record.variant)
    for shown, d in zip(decisions, found.decisions, strict=True):
        assert set(shown) == {
            "hand",
            "trick",
            "phase",
            "action",
            "best",
            "text",
            "loss",
            "mark",
            "value",
            "best_value",
            "measure",
            "worlds",
        }
        assert (shown["hand"], shown["trick"], shown["phase"]) == (d.hand, d.trick, str(d.phase))
        assert pn.parse_action(shown["action"]) == d.action
        assert pn.parse_action(shown["best"]) == d.best
        assert (shown["text"], shown["mark"]) == (d.text, d.mark)
        assert (shown["measure"], shown["worlds"]) == (d.hint.measure, 4)
        assert shown["measure"] == ("trick points" if d.trick else "score margin")
        assert shown["loss"] == pytest.approx(shown["best_value"] - shown["value"], abs=0.02)
        # docs/analysis.md#marks: shares of the hand's points (twice them for a margin),
        # reached with confidence, so the loss itself is at least the share; "?!" from half
        # a counter (1 point on pinochlerun's ones scale), nothing below it
        stake = full * (2 if d.trick is None else 1)
        floor = 0.5 * (2 if d.trick is None else 1)
        least = {"??": stake / 3, "?": stake / 10, "?!": floor}
        if shown["mark"]:
            assert d.loss >= least[shown["mark"]]
        else:
            assert d.loss < floor


def test_every_seat_is_reviewed_by_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Hand 1 of the hand-built record: East bids, names trump and returns cards, West
    # passes cards; North and South have no decision in it.
    file = _file(tmp_path, _overbid())
    code, out, _ = run(capsys, "review", file, "--hand", "1", "--worlds", "2", "--json")
    assert code == 0
    reviews = json.loads(out)["reviews"]
    assert [(r["seat"], r["name"]) for r in reviews] == [
        (0, "North"),
        (1, "East"),
        (2, "South"),
        (3, "West"),
    ]
    phases = [[d["phase"] for h in r["hands"] for d in h["decisions"]] for r in reviews]
    assert phases == [[], ["auction", "trump", "return"], [], ["pass"]]
    code, out, _ = run(capsys, "review", file, "--hand", "1", "--worlds", "2", "--ascii")
    blocks = out.split("\n\n")
    assert [block.splitlines()[0].split(",")[0] for block in blocks] == [
        "pinochlerun: review of seat 0 (North)",
        "pinochlerun: review of seat 1 (East)",
        "pinochlerun: review of seat 2 (South)",
        "pinochlerun: review of seat 3 (West)",
    ]
    assert blocks[0].splitlines()[1:] == [
        "  No decision with a choice that a hint values.",
        "Seat 0 (North): 0 decisions, expected loss 0.0 points; "
        "0 marked ?!, 0 marked ?, 0 marked ??",
    ]
    assert not any(symbol in out for symbol in SUITS)
    assert re.search(r"^      trump: trump [CDHS] ", out, re.M)


def test_a_progress_line_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    file = _file(tmp_path, _overbid())
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["review", file, "--seat", "3", "--worlds", "2"]) == 0
    shown = terminal.getvalue()
    assert "\rreviewing seat 3, hand 1 (1 of 2)..." in shown
    assert "\rreviewing seat 3, hand 2 (2 of 2)..." in shown
    assert shown.endswith("\r\x1b[K")  # cleared before the review is printed
    out = capsys.readouterr().out
    assert "reviewing" not in out


# --- pinochle stats ----------------------------------------------------------------------


def _facts(record: GameRecord) -> list[tuple[pn.State, pn.State]]:
    """Each settled hand as (the state before its last step, the state after)."""
    states = list(replay_states(record))
    return [
        (before, after)
        for before, after in itertools.pairwise(states)
        if len(after.results) > len(before.results)
    ]


def _counted_by_hand(record: GameRecord) -> dict[str, Counter[str]]:
    """Each person's hands, bids, made, set, tricks, counters and points, counted here."""
    variant = record.variant
    names = person_names(variant)
    counts: dict[str, Counter[str]] = {name: Counter() for name in names}
    for before, after in _facts(record):
        hand, result = before.hand, after.results[-1]
        for person in hand.persons:
            counts[names[person]]["hands"] += 1
            side = variant.side_of(person)
            counts[names[person]]["meld"] += result.sides[side].meld
        bids = [seat for seat, call in hand.auction if isinstance(call, pn.Bid)]
        if result.bidder is not None:
            seat = bids[-1] if bids else hand.bidder  # no bid: the dealer is stuck with it
            assert seat is not None
            bidder = names[hand.persons[seat]]
            counts[bidder]["bids"] += 1
            counts[bidder]["bid"] += result.bid
            made = result.outcome in (Outcome.MADE, Outcome.MADE_ON_MELD, Outcome.CONCEDED)
            counts[bidder]["made" if made else "set"] += 1
        for trick in after.game.last_tricks:
            taker = names[hand.persons[trick.winner]]
            counts[taker]["tricks"] += 1
            counts[taker]["points"] += trick.points
            counts[taker]["counters"] += sum(
                card_points([card], variant) > 0 for _, card in trick.plays
            )
    return counts


@pytest.mark.parametrize(
    ("name", "seed", "hands", "variant"),
    [
        ("pinochlerun", 2, 3, None),
        ("cutthroat-3", 4, 2, None),
        ("sit-outs", 3, 4, pn.load_variant("pagat-auction-3").override({"deal": {"seated": 4}})),
    ],
    ids=["partners", "three-hand", "sit-outs"],
)
def test_stats_count_what_the_hands_say(
    name: str, seed: int, hands: int, variant: pn.Variant | None
) -> None:
    record = _game(name, seed, hands, variant)
    people = {p.name: p for p in player_stats([record, record])}
    counts = _counted_by_hand(record)
    assert list(people) == list(person_names(record.variant))
    for person, count in counts.items():
        stats = people[person]
        assert stats.games == 2
        assert (stats.hands, stats.bids, stats.made, stats.set) == (
            2 * count["hands"],
            2 * count["bids"],
            2 * count["made"],
            2 * count["set"],
        )
        assert (stats.tricks, stats.counters, stats.points) == (
            2 * count["tricks"],
            2 * count["counters"],
            2 * count["points"],
        )
        assert stats.average_bid == (count["bid"] / count["bids"] if count["bids"] else None)
        assert stats.average_meld == pytest.approx(count["meld"] / count["hands"])
    # What every hand adds up to: its tricks, its counters, its trick points by side.
    settled = _facts(record)
    played = [after.game.last_tricks for _, after in settled if after.game.last_tricks]
    variant = record.variant
    assert sum(p.tricks for p in people.values()) == 2 * len(played) * variant.tricks_per_hand

    def counters(cards: tuple[pn.Card, ...]) -> int:
        return sum(card_points([card], variant) > 0 for card in cards)

    # Every counter is in a trick but those the bidder buried (they count for the bidder).
    in_tricks = sum(
        counters(pn.make_deck(variant.deal.deck)) - counters(before.hand.buried)
        for before, after in settled
        if after.game.last_tricks
    )
    assert sum(p.counters for p in people.values()) == 2 * in_tricks
    assert sum(p.bids for p in people.values()) == 2 * sum(
        after.results[-1].bidder is not None for _, after in settled
    )


def test_sit_outs_play_fewer_hands() -> None:
    four = pn.load_variant("pagat-auction-3").override({"deal": {"seated": 4}})
    record = _game("sit-outs", 3, 4, four)
    people = player_stats([record])
    settled = _facts(record)
    assert [p.name for p in people] == ["Ann", "Bob", "Cid", "Dee"]
    # With four at a three-hand table the dealer sits out (docs/three-hand.md).
    dealt = Counter(before.hand.dealer_person for before, _ in settled)
    assert [p.hands for p in people] == [len(settled) - dealt[person] for person in range(4)]
    assert sum(p.hands for p in people) == 3 * len(settled)


def test_stats_of_a_hand_built_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The first hand of the hand-built record alone: East bid 100 and was set before any
    # trick, and East-West's meld went with the bid; North-South's meld counts.
    record = _overbid()
    short = GameRecord(record.variant, record.seed, record.dealer, actions=record.actions[:4])
    [(_, after)] = _facts(short)
    north_south, east_west = (side.meld for side in after.results[0].sides)
    code, out, err = run(capsys, "stats", _file(tmp_path, short), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"records", "hands", "variants", "players"}
    assert (data["records"], data["hands"], data["variants"]) == (1, 1, ["pinochlerun"])
    players = {p.pop("name"): p for p in data["players"]}
    assert list(players) == ["North", "East", "South", "West"]
    nothing = {"tricks": 0, "counters": 0, "points": 0, "review": None}
    none = {"hands": 0, "points": 0}
    east_west_meld = {"meld_lost": {"hands": 1, "points": east_west}, "meld_saved": none}
    north_south_meld = {"meld_lost": none, "meld_saved": {"hands": 1, "points": north_south}}
    no_bid = {"bids": 0, "made": 0, "set": 0, "average_bid": None, "average_bidder_meld": None}
    assert players["East"] == {
        "games": 1,
        "hands": 1,
        "bids": 1,
        "made": 0,
        "set": 1,
        "average_bid": 100,
        "average_meld": east_west,
        "average_bidder_meld": east_west,
        **nothing,
        **east_west_meld,
    }
    assert players["West"] == {
        "games": 1,
        "hands": 1,
        **no_bid,
        "average_meld": east_west,
        **nothing,
        **east_west_meld,
    }
    for name in ("North", "South"):
        assert players[name] == {
            "games": 1,
            "hands": 1,
            **no_bid,
            "average_meld": north_south,
            **nothing,
            **north_south_meld,
        }
    assert north_south  # both sides melded, so both rows are tested
    assert east_west


def test_the_text_table_has_a_column_a_person(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _game("pinochlerun", 2, 3)
    a, b = _file(tmp_path, record, "a.json"), _file(tmp_path, record, "b.json")
    code, out, _ = run(capsys, "stats", a, b)
    assert code == 0
    lines = out.splitlines()
    settled = len(_facts(record))
    assert lines[0] == f"2 records (pinochlerun), {2 * settled} hands settled"
    assert lines[1].split() == ["North", "East", "South", "West"]
    rows = {line[:20].strip(): line[20:].split() for line in lines[2:]}
    people = player_stats([record, record])
    assert rows["Hands played"] == [str(p.hands) for p in people]
    assert rows["Hands bid"] == [str(p.bids) for p in people]
    assert rows["Average bid"] == [
        f"{p.average_bid:.1f}" if p.average_bid is not None else "-" for p in people
    ]
    assert rows["Tricks taken"] == [str(p.tricks) for p in people]
    assert "Decisions reviewed" not in rows


def test_stats_review_counts_each_persons_marked_decisions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _overbid()
    short = GameRecord(record.variant, record.seed, record.dealer, actions=record.actions[:4])
    reviews = {seat: review(short, seat, worlds=2) for seat in range(4)}
    people = {p.name: p for p in player_stats([short], reviewer=_reviewer_of(2))}
    for seat, name in enumerate(("North", "East", "South", "West")):
        found = reviews[seat]
        marked = [d for d in found.marked if d.mark in ("?", "??")]
        assert (people[name].decisions, people[name].reviewed) == (len(found.decisions), True)
        assert people[name].mistakes == sum(d.mark == "?" for d in marked)
        assert people[name].blunders == sum(d.mark == "??" for d in marked)
        assert people[name].marked_loss == pytest.approx(sum(d.loss for d in marked))
    assert people["East"].blunders >= 1  # the bid of 100
    code, out, _ = run(capsys, "stats", _file(tmp_path, short), "--review", "--worlds", "2")
    assert code == 0
    rows = {line[:20].strip(): line[20:].split() for line in out.splitlines()[2:]}
    assert rows["marked ??"][1] == str(people["East"].blunders)
    assert rows["Points lost to ?/??"][1] == f"{people['East'].marked_loss:.1f}"
    code, out, _ = run(
        capsys, "stats", _file(tmp_path, short), "--review", "--worlds", "2", "--json"
    )
    east = json.loads(out)["players"][1]
    assert east["review"] == {
        "decisions": people["East"].decisions,
        "marks": {"?": people["East"].mistakes, "??": people["East"].blunders},
        "loss": round(people["East"].marked_loss, 2),
    }


def _reviewer_of(worlds: int) -> Callable[[GameRecord, int, int], Review]:
    def reviewer(record: GameRecord, seat: int, hand: int) -> Review:
        return review(record, seat, hand=hand, worlds=worlds)

    return reviewer


# --- Errors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "4"], "--seat: expected a seat from 0 to 3, found 4"),
        (["--seat", "-1"], "--seat: expected a seat from 0 to 3, found -1"),
        (["--hand", "3"], "--hand: the record has hands 1 to 2, not 3"),
        (["--hand", "0"], "--hand: the record has hands 1 to 2, not 0"),
        (["--worlds", "0"], "--worlds: expected a number from 1 to 10000, found 0"),
        (["--worlds", "10001"], "--worlds: expected a number from 1 to 10000, found 10001"),
        (["--seed", "-1"], "--seed: expected a number from 0 to 18446744073709551615, found -1"),
    ],
)
def test_bad_options_exit_2_naming_the_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    file = _file(tmp_path, _overbid())
    code, out, err = run(capsys, "review", file, *argv)
    assert (code, out) == (2, "")
    assert message in _error(err)
    if argv[0] in ("--worlds", "--seed"):
        code, out, err = run(capsys, "stats", file, *argv)
        assert (code, out) == (2, "")
        assert message in _error(err)


def test_a_file_that_cannot_be_read_exits_2_and_an_unsound_one_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = _file(tmp_path, _overbid())
    missing = str(tmp_path / "missing.json")
    for argv in (["review", missing], ["stats", good, missing]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "")
        assert f"pinochle: error: {missing}: " in _error(err)
    bad = tmp_path / "bad.json"
    data = _overbid().to_dict()
    data["actions"][0] = "bid 101"
    bad.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["review", str(bad)], ["stats", good, str(bad)]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (1, "")
        assert re.match(rf"pinochle: {re.escape(str(bad))}: step 1 ", err)


def test_a_hostile_profile_name_is_shown_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = _overbid()
    data = record.to_dict()
    data["variant"]["name"] = "evil\x1b[2Jname"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["review", str(path), "--seat", "0", "--hand", "1"], ["stats", str(path)]):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        assert "\x1b" not in out
        assert "evil\\x1b[2Jname" in out


def test_the_help_lists_the_verbs_and_the_worlds_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert re.search(r"^\s+review\s+each decision of a recorded game", out, re.M)
    assert re.search(r"^\s+stats\s+each player's hands, bids, meld and tricks", out, re.M)
    code, out, _ = run(capsys, "review", "--help")
    for option in ("--seat N", "--hand N", "--worlds W", "--seed S", "--json", "--ascii"):
        assert option in out
    code, out, _ = run(capsys, "stats", "--help")
    for option in ("--review", "--worlds W", "--seed S", "--json", "slow"):
        assert option in out
    # The help repeats pinochle.analysis.WORLDS so that parsing does not load the analysis.
    single, double = WORLDS[pn.DeckKind.SINGLE], WORLDS[pn.DeckKind.DOUBLE]
    said = f"deals imagined a decision (default: {single} for a single deck, {double} for a double)"
    assert said == WORLDS_HELP
