"""Variant profiles: loading, extends, the scale switch and every kind of bad profile."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle import Variant, VariantError, builtin_variants, load_variant
from pinochle.testing import variants


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def error_of(text: str) -> VariantError:
    with pytest.raises(VariantError) as info:
        Variant.from_toml(text, source="house.toml")
    return info.value


# --- Key errors ------------------------------------------------------------------------


def test_misspelt_key_names_file_key_and_suggestion() -> None:
    err = error_of("[bidding]\nminimun = 20\n")
    assert err.source == "house.toml"
    assert err.key == "bidding.minimun"
    assert "did you mean 'minimum'" in str(err)


def test_misspelt_table_gets_suggestion() -> None:
    err = error_of("[biding]\nminimum = 20\n")
    assert err.key == "biding"
    assert "did you mean 'bidding'" in str(err)


def test_key_in_wrong_table_says_where_it_belongs() -> None:
    err = error_of("minimum = 20\n")
    assert "[bidding]" in str(err)


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ('[bidding]\nminimum = "twenty"\n', "bidding.minimum", "expected an integer"),
        ("[bidding]\nminimum = true\n", "bidding.minimum", "expected an integer"),
        ("[bidding]\nminimum = 2.5\n", "bidding.minimum", "expected an integer"),
        ('[play]\nbeat = "alway"\n', "play.beat", "did you mean 'always'"),
        ("[play]\nmust_trump = 1\n", "play.must_trump", "expected true or false"),
        ("bidding = 3\n", "bidding", "expected a table"),
        ("[meld.values]\nrun = 15\n", "meld.values.run", "expected a list"),
        ('[settlement]\nsave_meld = "counters"\n', "settlement.save_meld", "'counter'"),
        ("scale = 100\n", "scale", "expected 1 (ones) or 10 (tens)"),
        ("extends = 3\n", "extends", "profile name or path"),
    ],
)
def test_wrong_values_name_the_key_and_what_was_found(text: str, key: str, expected: str) -> None:
    err = error_of(text)
    assert err.key == key
    assert expected in err.problem


def test_invalid_toml_is_a_variant_error() -> None:
    err = error_of("[bidding\nminimum = 20\n")
    assert "not valid TOML" in str(err)


# --- Contradictions (issue: "contradictory settings ... are rejected") ------------------


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("[bidding]\nminimum = 30\nmaximum = 20\n", "bidding.maximum", "below the minimum"),
        ("[passing]\ncards = 13\n", "passing.cards", "from a hand of 12"),
        (
            '[deal]\ndeck = "double"\nhand = 20\npacket = 4\n[meld]\ntable = "double-pagat"\n'
            "[meld.values]\ndix = [1, 2, 3, 4]\n",
            "meld.values.dix",
            "no nines",
        ),
        ("[deal]\nkitty = 4\n", "deal.hand", "each player gets 11"),
        ("[deal]\nkitty = 5\nhand = 10\n", "deal.hand", "does not divide"),
        ('[counting]\nmethod = "classic"\nlast_trick = 10\n', "counting.method", "tens scale"),
        ("[deal]\nplayers = 3\nhand = 16\n", "deal.partnerships", "need 4, 6 or 8 players"),
        (
            "[deal]\nplayers = 3\nhand = 16\npartnerships = false\n",
            "passing.cards",
            "needs partnerships",
        ),
        ('[deal]\ndeck = "double"\nhand = 20\n', "meld.table", "does not fit the double deck"),
        ("[deal]\npacket = 13\n", "deal.packet", "1 to 12 cards at a time"),
        ("[bidding]\nstep_threshold = 60\n", "bidding.step_above", "go together"),
        ("[game]\nlose_at = 200\n", "game.lose_at", "not below the target"),
        ('[game]\nscoring = "chips"\ntarget = false\n', "chips.schedule", "payment schedule"),
        ("[game]\ntarget = false\n", "game.target", "needs a target"),
        (
            "[meld]\nrun_extras = true\nrun_absorbs_royal_marriage = false\n",
            "meld.run_extras",
            "cannot be combined",
        ),
        (
            "[meld.values]\nrun = [15, 150, 225, 300]\n",
            "meld.values.run",
            "expected 2 values",
        ),
    ],
)
def test_contradictory_settings_are_rejected(text: str, key: str, expected: str) -> None:
    err = error_of(text)
    assert err.key == key, str(err)
    assert expected in err.problem


@given(
    st.recursive(
        st.one_of(st.integers(-5, 500), st.booleans(), st.text(max_size=5)),
        lambda inner: st.dictionaries(
            st.sampled_from(["deal", "bidding", "minimum", "hand", "players", "beat", "x"]),
            inner,
            max_size=4,
        ),
        max_leaves=10,
    )
)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_any_junk_gives_variant_error_or_a_valid_profile(junk: Any) -> None:
    # Issue: "Never a bare KeyError or cattrs traceback".
    data = junk if isinstance(junk, dict) else {"bidding": junk}
    with contextlib.suppress(VariantError):
        Variant.from_dict(data)


# --- Built-ins and loading -------------------------------------------------------------


def test_unknown_profile_name_lists_the_known_ones() -> None:
    with pytest.raises(VariantError) as info:
        load_variant("pagat-partnershp")
    message = str(info.value)
    assert "did you mean 'pagat-partnership'" in message
    for name in builtin_variants():
        assert name in message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="no profile file"):
        load_variant(tmp_path / "nope.toml")


def test_default_profile_is_pinochlerun() -> None:
    assert load_variant().name == "pinochlerun"


# --- extends ---------------------------------------------------------------------------


def test_house_profile_extends_a_builtin_and_overrides_a_few_keys(tmp_path: Path) -> None:
    path = write(
        tmp_path / "house.toml",
        'extends = "pinochlerun"\n[bidding]\nminimum = 30\n[game]\ntarget = 200\n',
    )
    house = load_variant(path)
    base = load_variant("pinochlerun")
    assert house.name == "house"
    assert house.bidding.minimum == 30
    assert house.game.target == 200
    assert house.play == base.play
    assert house.meld == base.meld


def test_extends_chain_of_relative_paths(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub" / "club.toml", 'extends = "pagat-partnership"\n[game]\ntarget = 1000\n')
    write(tmp_path / "table.toml", 'extends = "sub/club.toml"\n[passing]\ncards = 3\n')
    table = load_variant(tmp_path / "table.toml")
    assert table.game.target == 1000
    assert table.passing.cards == 3
    assert table.bidding.minimum == 250  # inherited from pagat-partnership, tens


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    write(tmp_path / "a.toml", 'extends = "b.toml"\n')
    write(tmp_path / "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(VariantError, match="cycle"):
        load_variant(tmp_path / "a.toml")


def test_error_in_parent_names_the_parent_file(tmp_path: Path) -> None:
    write(tmp_path / "parent.toml", "[bidding]\nminimum = -1\n")
    write(tmp_path / "child.toml", 'extends = "parent.toml"\n')
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "child.toml")
    assert info.value.source.endswith("parent.toml")
    assert info.value.key == "bidding.minimum"


def test_unknown_builtin_in_extends(tmp_path: Path) -> None:
    write(tmp_path / "h.toml", 'extends = "pinochelrun"\n')
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "h.toml")
    assert info.value.key == "extends"
    assert "did you mean 'pinochlerun'" in str(info.value)


# --- The scale switch ------------------------------------------------------------------


def test_one_key_switches_ones_to_tens(tmp_path: Path) -> None:
    # Issue: "meld values, card points, last trick, bids, targets, floors all follow".
    tens = load_variant(write(tmp_path / "t.toml", 'extends = "pinochlerun"\nscale = 10\n'))
    ones = load_variant("pinochlerun")
    assert tens.scale == 10
    assert tens.bidding.minimum == 10 * ones.bidding.minimum
    assert tens.bidding.step == 10 * ones.bidding.step
    assert tens.game.target == 10 * (ones.game.target or 0)
    assert tens.counting.last_trick == 10 * ones.counting.last_trick
    assert ones.game.lose_at is not None
    assert tens.game.lose_at == 10 * ones.game.lose_at
    assert ones.bidding.maximum is not None
    assert tens.bidding.maximum == 10 * ones.bidding.maximum
    assert tens.play == ones.play


def test_child_values_are_on_the_childs_scale(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.toml",
        'extends = "pinochlerun"\nscale = 10\n[bidding]\nminimum = 300\n'
        "[meld.values]\npinochle = [60, 300]\n",
    )
    house = load_variant(path)
    assert house.bidding.minimum == 300
    assert house.meld.values.pinochle == (60, 300)


def test_tens_to_ones_needs_exact_values(tmp_path: Path) -> None:
    write(tmp_path / "odd.toml", 'extends = "pagat-partnership"\n[bidding]\nminimum = 255\n')
    write(tmp_path / "ones.toml", 'extends = "odd.toml"\nscale = 1\n')
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "ones.toml")
    assert info.value.key == "bidding.minimum"
    assert "no exact value" in info.value.problem


def test_classic_counting_cannot_move_to_ones() -> None:
    with pytest.raises(VariantError, match="tens scale"):
        load_variant("hoyle-1914").with_scale(1)


def test_with_scale_round_trips() -> None:
    for name in builtin_variants():
        v = load_variant(name)
        if v.counting.method.value == "counters":
            other = 10 if v.scale == 1 else 1
            assert v.with_scale(other).with_scale(v.scale) == v


# --- Round trips -----------------------------------------------------------------------


@pytest.mark.parametrize("name", builtin_variants())
def test_builtin_round_trips_through_toml(name: str) -> None:
    v = load_variant(name)
    text = v.to_toml()
    assert "extends" not in text
    assert Variant.from_toml(text) == v


@given(variants())
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_random_valid_profile_loads_dumps_and_reloads_equal(v: Variant) -> None:
    again = Variant.from_toml(v.to_toml())
    assert again == v
    assert hash(again) == hash(v)


def test_override_validates() -> None:
    base = load_variant("pinochlerun")
    assert base.override({"passing": {"cards": 3}}).passing.cards == 3
    with pytest.raises(VariantError, match=r"passing\.cards"):
        base.override({"passing": {"cards": 20}})
    assert base.passing.cards == 4  # the old value is untouched
