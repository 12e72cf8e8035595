"""Numbers as describers write them: ``~81``, ``≈ 1,310 TPS``, ``2.6k``, ``1.5×10⁵``, ``**47.9%**``.

`find_numbers` locates standalone numbers in a line (never digits inside a name such as
``Qwen2.5-7B`` or ``Pass@1``) and `parse_number` turns one into a value with its unit
suffix. Pure functions; no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from benchdb.etl._rx import rx as _rx

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")

# An approximation marker written before the number.
_APPROX = r"(?:(?:~|≈|∼|≃)\s*|(?i:approx(?:imately|\.)?|about|around|roughly|nearly|close\s+to|near|circa|ca\.)\s+(?:~|≈)?\s*)"
_MANTISSA = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+"
_EXPONENT = r"(?:\s*[×xX*]\s*10\s*(?:\^\s*[-+−]?\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)|[eE][-+]?\d+)"
_SUFFIX = r"(?:%|[kKMBbT](?![A-Za-z])|\s?(?:ms|s)(?![A-Za-z]))"
# What a number or its marker can start with: a quick no at most positions of a line. It must
# admit the first character of every alternative above (tests/test_prefilters.py checks).
QUICK_START = r"(?=[~≈∼≃\d.$€£+\-−aArRnNcC])"

NUMBER_RE = re.compile(
    r"(?<![\w.@/\-+³²¹±])"         # not inside a name (Qwen2.5, Pass@1, GPT-4o, 8x7B), not an error bar
    r"(?!(?<=\d,)\d{3}(?!\d))"        # nor the tail of a thousands group whose head was no number ('-1,500')
    + QUICK_START +
    r"(?P<approx>" + _APPROX + r")?"
    r"(?P<sign>[-+−](?=[\d.$]))?"
    r"(?P<currency>[$€£](?=[\d.]))?"
    r"(?:(?P<power>(?:10|2)[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+|2\^\d{1,2}(?![\d.]))|(?P<mantissa>" + _MANTISSA + r"))"
    r"(?P<exponent>" + _EXPONENT + r")?"
    r"(?P<suffix>" + _SUFFIX + r")?"
    # not followed by letters (7B-Instruct is a name part; 4o), nor the head of a thousands group
    # ('8,192-token' is no 8)
    r"(?:(?:(?<=\.\d)|(?<=\.\d\d)|(?<=\.\d\d\d))(?=[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}(?!\w))"  # '87.8²': a rank glued to a value
    r"|(?![\w@]|\.\d|-[A-Za-z]|,\d{3}(?!\d)))",
)

_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "b": 1e9, "T": 1e12}


@dataclass(frozen=True)
class Number:
    """One number as written: `value` is the plain number with `k` and `×10ⁿ` applied;
    a size suffix (M, B, T) is kept in `suffix` and not applied, because its meaning
    (parameters in billions, tokens) depends on the axis."""

    raw: str
    start: int
    end: int
    value: float
    is_approximate: bool
    suffix: str | None  # '%', 'B', 'M', 'T', 's', 'ms', a currency sign ('$') or None
    is_signed: bool

    def scaled(self, unit: str = "") -> float:
        """The value with its size suffix applied relative to `unit` ('B' gives billions)."""
        if self.suffix in ("M", "B", "T") or (self.suffix == "b"):
            factor = _SCALE[self.suffix if self.suffix != "b" else "B"]
            return self.value * factor / _SCALE.get(unit, 1.0)
        return self.value


def parse_match(m: re.Match[str]) -> Number:
    """Turn a `NUMBER_RE` match into a `Number`."""
    approx, sign, currency, power, mantissa, exponent, suffix = m.groups()  # one call: this runs for every number
    if power:  # an axis position written as a power of ten or two: 10¹, 2¹¹, 2^9
        base, exponent_text = ("10", power[2:]) if power.startswith("10") else ("2", power[1:].lstrip("^"))
        value = float(base) ** int(exponent_text.translate(SUPERSCRIPTS))
    else:
        value = float(mantissa.replace(",", "")) if "," in mantissa else float(mantissa)
    if exponent:
        exp_text = exponent.translate(SUPERSCRIPTS).replace("−", "-")
        power_text = _rx(r"^\s*[×xX*]\s*10\s*\^?\s*|^[eE]").sub("", exp_text)
        value = float(f"{mantissa or value}e{int(power_text.replace(' ', ''))}".replace(",", ""))
    if sign == "-" or sign == "−":
        value = -value
    if suffix is not None:
        suffix = suffix.strip() or None
    if currency and suffix is None:
        suffix = currency
    if suffix == "k" or suffix == "K":
        value *= 1e3
        suffix = None
    elif suffix == "b":
        suffix = "B"
    return Number(m.group(0), m.start(), m.end(), value, bool(approx), suffix, bool(sign))


def find_numbers(text: str) -> list[Number]:
    """All standalone numbers in `text`, left to right."""
    return list(_find_numbers(text))


@lru_cache(maxsize=1 << 15)
def _find_numbers(text: str) -> tuple[Number, ...]:
    return tuple(parse_match(m) for m in NUMBER_RE.finditer(text))


@lru_cache(maxsize=1 << 14)
def parse_number(text: str) -> Number | None:
    """The number that `text` consists of (markup, approximation words and a trailing
    unit word allowed), or None: ``'~1,310 TPS'`` gives 1310, ``'Qwen3'`` gives None."""
    cleaned = text.strip().strip("*_`").strip()
    if "±" in cleaned or "+/-" in cleaned:  # an error bar after the value: '46.2 (±0.2)', '3.5 ± 0.2'
        cleaned = _rx(r"\s*\(?\s*(?:±|\+/-)\s*[\d.,]+\s*(?:%|s|ms)?\s*\)?").sub("", cleaned)
    numbers = find_numbers(cleaned)
    if len(numbers) == 2 and cleaned[numbers[0].end: numbers[1].start].strip() == "(" and \
            any(abs(numbers[1].value - numbers[0].value * f) <= 0.01 * max(abs(numbers[0].value * f), 1)
                for f in (1, 100, 0.01)):
        cleaned = cleaned[: numbers[0].end]  # '~0.83 (83%)': the value, restated in another unit
        numbers = numbers[:1]
    if len(numbers) != 1:
        return None
    number = numbers[0]
    if cleaned[: number.start].strip(" *_`([:=~≈"):
        return None  # words before the number: 'Claude 3.5 Sonnet' is a name, not a number
    rest = cleaned[number.end:].strip(" *_`()[]:,.;")
    rest = _rx(r"(?i)\(?approx(?:imate(?:ly)?)?\.?\)?").sub("", rest).strip()
    rest = rest.rstrip("†‡§").strip(" *_`()[]:,.;")  # footnote marks after the value
    if rest and not _rx(r"[A-Za-z/%$\s.\-()]{0,20}").fullmatch(rest):
        return None
    return number
