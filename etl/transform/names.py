"""Names: normalised keys, annotations, recognition-error skeletons, sizes in names.

Pure functions. The contract: names that differ only in case, spaces, hyphens or
underscores are one (`name_key`); confusable characters (O/Q, I/1/l, rn/m, 0/O) are
folded by `skeleton`, which is used only to *find* a known name, never to invent one.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from benchdb.etl._rx import rx as _rx

_ANNOTATION = re.compile(
    r"\s*[\(\[](?:ours?|our model|our method|proposed|this work|new|ours,[^)\]]*|highlighted|red star|baseline model)"
    r"[\)\]]\s*$|\s*[*†‡§¹²]+\s*$",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 16)
def name_key(text: str) -> str:
    """Case-, space-, hyphen- and underscore-insensitive key of a name."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _rx(r"[\s\-_–—]+").sub("", text)


_SKELETON_FOLDS = str.maketrans("q01i|", "oolll")


@lru_cache(maxsize=1 << 16)
def skeleton(text: str) -> str:
    """`name_key` with confusable characters folded: rn→m, q→o, 0→o, 1/i/|→l."""
    key = name_key(text).replace("rn", "m")
    return key.translate(_SKELETON_FOLDS)


@lru_cache(maxsize=1 << 14)
def strip_annotations(name: str) -> str:
    """A model name without describer annotations: ``DASD-4B (Ours)`` → ``DASD-4B``,
    ``Model*`` → ``Model``; quotes, backticks and trailing punctuation removed."""
    text = name.strip()
    previous = None
    while previous != text:
        previous = text
        text = _ANNOTATION.sub("", text).strip().strip("`\"'“”‘’").strip()
    return text.rstrip(" .,:;").strip()


_SIZE = re.compile(r"^(?P<n>\d+(?:\.\d+)?)(?P<u>[BbMmTt])$")
_ACTIVE = re.compile(r"^[Aa](?P<n>\d+(?:\.\d+)?)[Bb]$")
_TOTAL_ACTIVE = re.compile(r"^(?P<t>\d+(?:\.\d+)?)[Bb]?[Aa](?P<a>\d+(?:\.\d+)?)[Bb]$")
_UNIT = {"b": 1.0, "m": 1e-3, "t": 1e3}


@lru_cache(maxsize=1 << 14)
def _name_params(name: str) -> tuple[tuple[str, float], ...]:
    return tuple(_scan_params(name).items())


def name_params(name: str) -> dict[str, float]:
    """Parameter counts a model name states, in billions, by kind ('total', 'active').

    A size is a whole token between separators (hyphen, space, underscore, ends):
    ``Qwen3-30B-A3B`` gives total 30 and active 3, ``SmolLM2-360M`` total 0.36,
    ``Math7B`` and ``8x7B`` nothing, ``DeepSeek-VL2-A4.5B`` active 4.5 only."""
    return dict(_name_params(name))


def _scan_params(name: str) -> dict[str, float]:
    """Parameter counts a model name states, in billions, by kind ('total', 'active').

    A size is a whole token between separators (hyphen, space, underscore, ends):
    ``Qwen3-30B-A3B`` gives total 30 and active 3, ``SmolLM2-360M`` total 0.36,
    ``Math7B`` and ``8x7B`` nothing, ``DeepSeek-VL2-A4.5B`` active 4.5 only."""
    found: dict[str, float] = {}
    for token in _rx(r"[\s\-_]+").split(name.strip()):
        token = token.strip("()[],;:")
        match = _TOTAL_ACTIVE.match(token)
        if match:
            found.setdefault("total", float(match.group("t")))
            found.setdefault("active", float(match.group("a")))
            continue
        match = _ACTIVE.match(token)
        if match:
            found.setdefault("active", float(match.group("n")))
            continue
        match = _SIZE.match(token)
        if match:
            found.setdefault("total", round(float(match.group("n")) * _UNIT[match.group("u").lower()], 6))
    return found


def family_token(name: str) -> str:
    """The leading alphabetic run of a name: ``Qwen2.5-7B`` → ``Qwen``, ``R1-Qwen`` → ``R``."""
    match = _rx(r"[A-Za-z]+").match(name.strip())
    return match.group(0) if match else ""


def alpha_tokens(name: str) -> list[tuple[int, int, str]]:
    """Alphabetic runs of at least three letters that start a separator-delimited token,
    with their positions: the places a family name can stand (``R1-Owen`` → ``Owen``)."""
    tokens = []
    for match in _rx(r"(?:(?<=^)|(?<=[\s\-_/]))([A-Za-z]{3,})").finditer(name):
        tokens.append((match.start(1), match.end(1), match.group(1)))
    return tokens
