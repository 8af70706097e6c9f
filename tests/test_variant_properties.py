"""Property tests of issue 11: whatever a profile says, it either is refused or plays.

`profile_documents` draws house profiles over wide ranges of every key; the fuzz tests
feed arbitrary bytes, text and mutations of the built-in profiles to the loaders. Each
example either raises `VariantError` or gives a profile whose short random games finish.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle as pn
from pinochle.errors import VariantError
from pinochle.testing import play_problem, profile_documents
from pinochle.variant import Variant

PROFILES = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
FAST = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))


def _plays(variant: Variant) -> None:
    problem = play_problem(variant, games=2, max_hands=2)
    assert problem is None, f"{problem}\n{variant.to_toml()}"


@given(profile_documents())
@PROFILES
def test_a_house_profile_is_refused_or_plays(document: dict[str, Any]) -> None:
    try:
        variant = Variant.from_dict(document, source="house.toml")
    except VariantError as exc:
        error = exc
    else:
        _plays(variant)
        assert Variant.from_toml(variant.to_toml()) == variant
        return
    assert error.source == "house.toml"
    assert error.problems
    assert all(isinstance(k, str) and p for k, p in error.problems)


def _builtin_texts() -> list[str]:
    return [pn.load_variant(name).to_toml() for name in pn.builtin_variants()]


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    """A built-in profile's TOML with a few random edits: cut, insert, swap a number."""
    text = draw(st.sampled_from(_builtin_texts()))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 3))
        at = draw(st.integers(0, len(text)))
        if kind == 0:
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif kind == 1:
            text = text[:at] + draw(st.text(max_size=12)) + text[at:]
        else:
            lines = text.splitlines()
            i = draw(st.integers(0, len(lines) - 1))
            if " = " in lines[i]:
                key = lines[i].split(" = ")[0]
                value = draw(st.one_of(st.integers(-(10**7), 10**7), st.just("9" * 5000)))
                lines[i] = f"{key} = {value}" if kind == 2 else f"{key} = {{}}"
            text = "\n".join(lines)
    return text


def _load_text(text: str | bytes) -> Variant | None:
    try:
        return Variant.from_toml(text)
    except VariantError:
        return None


@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
@FAST
def test_arbitrary_bytes_or_text_are_refused_or_play(data: str | bytes) -> None:
    variant = _load_text(data)
    if variant is not None:
        _plays(variant)


@given(_mutated())
@FAST
def test_a_mutated_builtin_profile_is_refused_or_plays(text: str) -> None:
    variant = _load_text(text)
    if variant is not None:
        _plays(variant)


@given(st.one_of(_mutated().map(str.encode), st.binary(max_size=200)))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_file_of_any_bytes_is_refused_or_plays(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        house = Path(folder) / "house.toml"
        house.write_bytes(data)
        try:
            variant = pn.load_variant(house)
        except VariantError as exc:
            source = exc.source
        else:
            _plays(variant)
            return
    assert source == str(house.resolve())


@pytest.mark.parametrize("name", pn.builtin_variants())
def test_every_builtin_profile_plays(name: str) -> None:
    assert play_problem(pn.load_variant(name)) is None


def test_play_problem_reports_an_engine_crash() -> None:
    # A profile that slipped past the checks (built without them): one card each in a
    # stock game ends the hand after the first trick.
    base = pn.load_variant("bicycle-two-handed")
    broken = attrs.evolve(base, deal=attrs.evolve(base.deal, hand=1, packet=1))
    problem = play_problem(broken)
    assert problem is not None
    assert problem.startswith("game 1 (seed 0): the engine raised SettlementError")
