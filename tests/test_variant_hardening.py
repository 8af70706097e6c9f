"""Issue 11: every profile that loads also plays, and any bytes end in a VariantError.

The unplayable combinations below were each accepted before and then crashed or hung a
game; each is now refused at load time, naming the key.
"""

from __future__ import annotations

import enum
import pickle
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

import pinochle as pn
from pinochle.errors import MAX_PROBLEMS, VariantError
from pinochle.variant import MAX_EXTENDS, MAX_NUMBER, Variant

# --- Accepted means playable ------------------------------------------------------------

UNPLAYABLE: list[tuple[str, dict[str, Any], str, str]] = [
    # A dealer-forced bid of 25 has no row in a schedule that starts at 300.
    ("pagat-auction-3", {"bidding": {"minimum": 25}}, "chips.schedule", "bidding.minimum"),
    # Three players cannot share a two-hand stock; four cannot either.
    (
        "bicycle-two-handed",
        {"deal": {"players": 3, "seated": 3, "hand": 12}},
        "deal.stock",
        "2 players",
    ),
    (
        "bicycle-two-handed",
        {"deal": {"players": 4, "seated": 4, "hand": 6, "partnerships": True}},
        "deal.stock",
        "2 players",
    ),
    # One card each: the hands are empty after the first trick, before the draw.
    ("bicycle-two-handed", {"deal": {"hand": 1, "packet": 1}}, "deal.hand", "at least 2"),
    # A kitty and a turned-up trump: nobody takes the kitty, its cards vanish.
    ("pagat-auction-3", {"trump": {"rule": "turn-up"}}, "deal.kitty", "no auction"),
    (
        "pinochlerun",
        {
            "deal": {"players": 3, "seated": 3, "partnerships": False, "hand": 15, "kitty": 3},
            "passing": {"cards": 0},
            "trump": {"rule": "turn-up"},
        },
        "deal.kitty",
        "turn-up",
    ),
    # Raises from a threshold below the minimum start below it, down to negative bids.
    (
        "pinochlerun",
        {"bidding": {"step_threshold": -10, "step_above": 5}},
        "bidding.step_threshold",
        "below bidding.minimum",
    ),
    (
        "pinochlerun",
        {"bidding": {"step_threshold": 10, "step_above": 5}},
        "bidding.step_threshold",
        "below bidding.minimum",
    ),
    # Chips are counted, never negative.
    ("pagat-auction-3", {"chips": {"set": -1}}, "chips.set", "0 or more"),
    ("pagat-auction-3", {"chips": {"concede": -2}}, "chips.concede", "0 or more"),
    (
        "pagat-auction-3",
        {"chips": {"suit_multipliers": {"spades": -2}}},
        "chips.suit_multipliers.spades",
        "0 or more",
    ),
    (
        "pagat-auction-3",
        {"chips": {"schedule": [{"bid": 300, "pays": -1}]}},
        "chips.schedule[0].pays",
        "0 or more",
    ),
    (
        "pagat-auction-3",
        {"chips": {"schedule": [{"bid": -300, "pays": 1}]}},
        "chips.schedule[0].bid",
        "0 or more",
    ),
    ("pinochlerun", {"settlement": {"surrender_bonus": -5}}, "settlement.surrender_bonus", "0"),
    ("pinochlerun", {"game": {"raise_target_by": -5}}, "game.raise_target_by", "0 or more"),
    # Numbers beyond any table: a billion as the maximum bid, a huge last trick.
    ("pinochlerun", {"bidding": {"maximum": 10**9}}, "bidding.maximum", "1,000,000"),
    ("cutthroat-3", {"counting": {"last_trick": 10**9}}, "counting.last_trick", "1,000,000"),
    ("pinochlerun", {"deal": {"kitty": 10**1000}}, "deal.kitty", "digits"),
]


@pytest.mark.parametrize(("base", "changes", "key", "words"), UNPLAYABLE)
def test_a_profile_that_cannot_play_is_refused_naming_the_key(
    base: str, changes: dict[str, Any], key: str, words: str
) -> None:
    with pytest.raises(VariantError) as info:
        pn.load_variant(base).override(changes)
    problems = dict(info.value.problems)
    assert key in problems, info.value.problems
    assert words in problems[key]


def test_a_floor_at_or_above_the_target_is_refused() -> None:
    for lose_at in (150, 200):
        with pytest.raises(VariantError) as info:
            pn.load_variant("pinochlerun").override({"game": {"lose_at": lose_at}})
        assert info.value.key == "game.lose_at"


def _int_keys() -> list[tuple[str, ...]]:
    """The dotted path of every integer key of the schema (tuples and rows included)."""
    found: list[tuple[str, ...]] = []
    for section, cls in typing.get_type_hints(Variant).items():
        if not attrs.has(cls):
            if cls is int:
                found.append((section,))
            continue
        hints = typing.get_type_hints(cls)
        for f in attrs.fields(cls):
            args = {hints[f.name], *typing.get_args(hints[f.name])}
            if any(a is int or typing.get_origin(a) is tuple for a in args) and not any(
                isinstance(a, type) and issubclass(a, enum.Enum) for a in args
            ):
                found.append((section, f.name))
            elif attrs.has(hints[f.name]):
                sub = typing.get_type_hints(hints[f.name])
                found.extend((section, f.name, g) for g in sub if sub[g] is not str)
    return [*found, ("settlement", "save_meld")]  # an option or trick points


def _nested(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    data: Any = value
    for part in reversed(path):
        data = {part: data}
    return typing.cast(dict[str, Any], data)


@pytest.mark.parametrize("path", _int_keys(), ids=".".join)
@pytest.mark.parametrize(
    "huge", [10**1000, -(10**1000), MAX_NUMBER + 1], ids=["1e1000", "-1e1000", "max+1"]
)
def test_a_huge_number_in_any_key_is_a_clean_error(path: tuple[str, ...], huge: int) -> None:
    key = ".".join(path)
    value: Any = huge
    single = key.startswith("meld.values.run_extra") or key == "meld.values.grand_pinochle"
    if key.startswith("meld.values.") and not single:
        value = [huge, 1]
    if key == "chips.schedule":
        value = [{"bid": huge, "pays": 1}]
    with pytest.raises(VariantError) as info:
        Variant.from_dict(_nested(path, value))
    assert info.value.key.startswith(key), info.value.problems
    assert "1,000,000" in info.value.problem or key == "scale"
    assert len(str(info.value)) < 300


def test_a_change_of_scale_beyond_the_range_is_refused() -> None:
    ones = pn.load_variant("pinochlerun").override({"game": {"target": MAX_NUMBER}})
    with pytest.raises(VariantError) as info:
        ones.with_scale(10)
    assert info.value.key == "game.target"


# --- Every problem, not only the first --------------------------------------------------


def test_every_problem_is_reported_the_first_as_key_and_problem() -> None:
    text = "[deal]\nplayers = 7\n[bidding]\nminimum = 0\nstep = 0\n[game]\ntarget = -1\n"
    with pytest.raises(VariantError) as info:
        Variant.from_toml(text, source="house.toml")
    err = info.value
    keys = [key for key, _ in err.problems]
    assert keys[:4] == ["deal.players", "bidding.minimum", "bidding.step", "game.target"]
    assert (err.key, err.problem) == err.problems[0]
    lines = str(err).splitlines()
    assert len(lines) == len(err.problems)
    assert all(line.startswith("house.toml: ") for line in lines)


def test_every_misspelt_key_is_reported() -> None:
    text = "[bidding]\nminimun = 30\nstepp = 2\n[game]\ntraget = 100\n"
    with pytest.raises(VariantError) as info:
        Variant.from_toml(text)
    assert [k for k, _ in info.value.problems] == [
        "bidding.minimun",
        "bidding.stepp",
        "game.traget",
    ]
    assert "did you mean 'minimum'" in info.value.problems[0][1]


def test_at_most_max_problems_are_reported() -> None:
    data = {"deal": {f"key{i}": i for i in range(100)}}
    with pytest.raises(VariantError) as info:
        Variant.from_dict(data)
    assert len(info.value.problems) == MAX_PROBLEMS


def test_variant_error_pickles_with_every_problem() -> None:
    err = VariantError.of("house.toml", [("a.b", "one"), ("c", "two"), ("", "three")])
    back = pickle.loads(pickle.dumps(err))
    assert (back.source, back.key, back.problem) == ("house.toml", "a.b", "one")
    assert back.problems == err.problems
    assert str(back) == str(err) == "house.toml: a.b: one\nhouse.toml: c: two\nhouse.toml: three"
    single = VariantError("x.toml", "k", "bad")
    assert pickle.loads(pickle.dumps(single)).problems == (("k", "bad"),)
    assert str(single) == "x.toml: k: bad"


# --- Loaders never crash raw ------------------------------------------------------------


@pytest.mark.parametrize(
    "argument", [5, None, b"house.toml", 2.5, ["pinochlerun"], object()], ids=repr
)
def test_load_variant_of_a_wrong_type_is_a_variant_error(argument: Any) -> None:
    with pytest.raises(VariantError) as info:
        pn.load_variant(argument)
    assert "expected a profile name or a file path" in info.value.problem


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("pinochle\0run", "null"),
        ("house\0.toml", "null"),
        ("x" * 300, "no built-in profile"),
        ("x" * 300 + ".toml", "no profile file"),
        ("x" * 5000, "at most 4096"),
        ("d/" * 3000 + "h.toml", "at most 4096"),
    ],
    ids=["null-name", "null-path", "long-name", "long-file-name", "huge-name", "huge-path"],
)
def test_a_malformed_name_or_path_is_a_variant_error(name: str, words: str) -> None:
    with pytest.raises(VariantError) as info:
        pn.load_variant(name)
    assert words in str(info.value)
    assert len(info.value.source) <= 4096


@pytest.mark.parametrize(
    ("extends", "words"),
    [
        ("pinochle\\u0000run", "null"),
        ("x" * 300, "no built-in profile"),
        ("x" * 5000, "at most 4096"),
        ("y" * 300 + ".toml", "no profile file"),
    ],
    ids=["null", "long-name", "huge", "long-file-name"],
)
def test_a_malformed_extends_is_a_variant_error_naming_the_key(
    tmp_path: Path, extends: str, words: str
) -> None:
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "{extends}"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        pn.load_variant(house)
    assert info.value.key == "extends"
    assert info.value.source.endswith("house.toml")
    assert words in info.value.problem


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("title = 'café'\n".encode("latin-1"), "not UTF-8"),
        ("title = 'x'\n".encode("utf-16"), "UTF-16"),
        (b"title = 'x'\n\0\0", "null character"),
        (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested"),
        (b"[bidding]\nminimum = " + b"9" * 5000 + b"\n", "too many digits"),
        (b"[bidding]\nminimum = " + b"9" * 50 + b"\n", "1,000,000"),
        (b"\x00\x01\x02\xff", "UTF-8"),
    ],
    ids=["latin-1", "utf-16", "nulls", "deep", "huge-int", "big-int", "binary"],
)
def test_any_bytes_in_a_file_end_in_a_variant_error_naming_it(
    tmp_path: Path, data: bytes, words: str
) -> None:
    house = tmp_path / "house.toml"
    house.write_bytes(data)
    with pytest.raises(VariantError) as info:
        pn.load_variant(house)
    assert info.value.source == str(house)
    assert words in str(info.value)
    with pytest.raises(VariantError):
        Variant.from_toml(data)


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_bytes(b'\xef\xbb\xbfextends = "pinochlerun"\n[bidding]\nminimum = 30\n')
    assert pn.load_variant(house).bidding.minimum == 30
    assert Variant.from_toml(house.read_bytes()).bidding.minimum == 30


def test_a_folder_is_not_a_profile(tmp_path: Path) -> None:
    folder = tmp_path / "house.toml"
    folder.mkdir()
    with pytest.raises(VariantError):
        pn.load_variant(folder)


@pytest.mark.parametrize("text", [5, None, ["a"], 2.5])
def test_from_toml_of_a_non_text_is_a_variant_error(text: Any) -> None:
    with pytest.raises(VariantError) as info:
        Variant.from_toml(text)
    assert "expected the document as text" in info.value.problem


@pytest.mark.parametrize(
    "data",
    [[], ["deal"], None, 5, "deal", b"x", {1: 2}, {"deal": [1, 2]}, {"bidding": {2: 3}}],
    ids=repr,
)
def test_from_dict_of_a_non_profile_is_a_variant_error(data: Any) -> None:
    with pytest.raises(VariantError):
        Variant.from_dict(data)


def test_from_dict_with_deep_or_huge_values_gives_a_short_message() -> None:
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    for value in (deep, list(range(100_000)), "x" * 100_000, {"a": deep}):
        with pytest.raises(VariantError) as info:
            Variant.from_dict({"bidding": {"minimum": value}})
        assert info.value.key == "bidding.minimum"
        assert len(str(info.value)) < 400


def test_a_thousand_file_extends_chain_is_capped(tmp_path: Path) -> None:
    for i in range(1000):
        parent = f"p{i + 1}.toml" if i < 999 else "pinochlerun"
        (tmp_path / f"p{i}.toml").write_text(f'extends = "{parent}"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        pn.load_variant(tmp_path / "p0.toml")
    assert info.value.key == "extends"
    assert f"at most {MAX_EXTENDS} deep" in info.value.problem
    # A chain within the cap loads.
    assert pn.load_variant(tmp_path / f"p{1000 - MAX_EXTENDS + 1}.toml").name.startswith("p")


def test_an_error_names_the_profile_file_as_the_user_gave_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README: `pinochle variants check bad.toml` says `bad.toml: bidding.minimun: ...`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.toml").write_text('extends = "pagat-partnership"\n[bidding]\nminimun = 250\n')
    with pytest.raises(VariantError) as info:
        pn.load_variant("bad.toml")
    assert str(info.value).startswith("bad.toml: bidding.minimun: unknown key")
    (tmp_path / "loop.toml").write_text('extends = "./loop.toml"\n')
    with pytest.raises(VariantError, match=r"cycle: loop\.toml -> "):
        pn.load_variant("loop.toml")
