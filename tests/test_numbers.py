"""Unit tests: numbers as describers write them."""

import pytest

from benchdb.etl.extract.numbers import find_numbers, parse_number


@pytest.mark.parametrize("text, value, suffix, approx", [
    ("~81", 81.0, None, True),
    ("≈ 42.7", 42.7, None, True),
    ("1,310 TPS", 1310.0, None, False),
    ("2.6k", 2600.0, None, False),
    ("1.5×10⁵", 150000.0, None, False),
    ("8×10⁻²", 0.08, None, False),
    ("1.5x10^5", 150000.0, None, False),
    ("3e4", 30000.0, None, False),
    ("**47.9%**", 47.9, "%", False),
    ("10¹", 10.0, None, False),
    ("0.63", 0.63, None, False),
    ("360M", 360.0, "M", False),
    ("approximately 7B", 7.0, "B", True),
    ("14.0s", 14.0, "s", False),
])
def test_parse_number(text, value, suffix, approx):
    number = parse_number(text)
    assert number is not None
    assert number.value == pytest.approx(value)
    assert number.suffix == suffix
    assert number.is_approximate == approx


@pytest.mark.parametrize("text", ["Qwen2.5-7B-Instruct", "Pass@1", "GPT-4o-mini", "Mixtral-8x7B", "Claude 3.5 Sonnet",
                                  "Memory³-2B-SFT", "Self-Consistency@8"])
def test_names_are_not_numbers(text):
    assert find_numbers(text) == [] or parse_number(text) is None


def test_error_bars_are_not_values():
    assert [n.value for n in find_numbers("14.0s (±1.0s)")] == [14.0]


def test_scaled_sizes():
    assert parse_number("360M").scaled("B") == pytest.approx(0.36)
    assert parse_number("1.5B").scaled("B") == pytest.approx(1.5)
