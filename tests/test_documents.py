"""pinochle.documents: hostile bytes end in the caller's own error, with a useful message."""

from __future__ import annotations

import pytest

from pinochle.documents import parse_json, parse_toml
from pinochle.errors import VariantError


def _error(problem: str) -> VariantError:
    return VariantError("doc", "", problem)


@pytest.mark.parametrize("parse", [parse_json, parse_toml])
def test_an_integer_with_thousands_of_digits_is_named_without_python_advice(parse: object) -> None:
    text = (
        ("a = " if parse is parse_toml else '{"a": ')
        + "9" * 5000
        + ("" if parse is parse_toml else "}")
    )
    with pytest.raises(VariantError) as info:
        parse(text, _error)  # type: ignore[operator]
    assert "too many digits" in info.value.problem
    assert "set_int_max_str_digits" not in str(info.value)
