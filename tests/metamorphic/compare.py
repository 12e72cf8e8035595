"""Run the real per-document extraction on a rendered document and compare with its gold rows.

The comparison follows the shared scorer (/work/shared/tools/score.py): a row matches a
gold row when its value (to 1e-6 + 0.1 %), canonical benchmark and metric (case,
spaces and punctuation aside), and setting pairs (numbers compared as numbers) agree, and
its model is the gold's name as written or its canonical form (normalised the same way).
A gold benchmark of None (the figure names none) accepts any benchmark.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from benchdb.etl.load.cache import extract_bytes
from benchdb.etl.transform.interpret import ValueFact
from benchdb.etl.transform.reference import Reference, load_reference
from tests.metamorphic.render import Rendered, Row

__all__ = ["Outcome", "Truncated", "check_truncation", "cut_points", "evaluate", "extract_rows", "name_key"]

_FIELDS = tuple(ValueFact.__dataclass_fields__)


@lru_cache(maxsize=1)
def _reference() -> Reference:
    return load_reference()


def name_key(text: object) -> str:
    """Case, spaces and punctuation aside (the scorer's `key`)."""
    return re.sub(r"[^0-9a-z]+", "", unicodedata.normalize("NFKC", str(text or "")).casefold())


def setting_key(text: str) -> frozenset[tuple[str, str]]:
    """A setting label as a set of (key, value) pairs; numbers compare as numbers."""
    pairs = set()
    for part in re.split(r"[;,]", text or ""):
        part = part.strip()
        if not part:
            continue
        name, _, value = part.partition("=")
        value = value.strip()
        try:
            value = repr(float(value))
        except ValueError:
            value = name_key(value)
        pairs.add((name_key(name), value))
    return frozenset(pairs)


@dataclass(frozen=True)
class Got:
    """An extracted row, reduced to what the comparison reads."""

    model: str
    model_as_written: str
    benchmark: str
    metric: str
    setting: str
    value: float
    line: int
    quote: str

    def describe(self) -> str:
        return (f"{self.model_as_written} | {self.benchmark} | {self.metric} | {self.setting!r} | {self.value:g}"
                f"  (line {self.line}: {self.quote.strip()[:80]!r})")


def extract_rows(data: bytes) -> list[Got]:
    """The measurements the real extraction (`extract_bytes`) reads from one document."""
    result = extract_bytes(data, _reference())
    if not result.ok:
        raise AssertionError(f"extraction failed: {result.error}")
    out = []
    for values in result.values:
        v = dict(zip(_FIELDS, values))
        out.append(Got(v["model_name"], v["model_as_written"], v["benchmark_name"], v["metric"], v["setting"],
                       float(v["value"]), v["source_line"], v["quote"]))
    return out


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 + 1e-3 * abs(b)


def matches(gold: Row, got: Got) -> bool:
    """Does `got` state `gold` (the scorer's rule)?"""
    want = name_key(gold.model)
    if want not in (name_key(got.model), name_key(got.model_as_written)):
        return False
    if gold.benchmark is not None and name_key(gold.benchmark) != name_key(got.benchmark):
        return False
    if name_key(gold.metric) != name_key(got.metric):
        return False
    if setting_key(gold.setting_label) != setting_key(got.setting):
        return False
    return _close(got.value, gold.value)


def pair(gold: list[Row], got: list[Got]) -> tuple[list[int], list[int], list[Got]]:
    """Greedy one-to-one matching: (matched gold indices, missed gold indices, extra rows)."""
    used = [False] * len(got)
    matched, missed = [], []
    for i, row in enumerate(gold):
        for j, candidate in enumerate(got):
            if not used[j] and matches(row, candidate):
                used[j] = True
                matched.append(i)
                break
        else:
            missed.append(i)
    return matched, missed, [g for g, u in zip(got, used) if not u]


@dataclass(frozen=True)
class Outcome:
    """How one rendered document fared."""

    gold: int
    extracted: int
    matched: int
    missed: tuple[Row, ...]
    extra: tuple[Got, ...]

    @property
    def exact(self) -> bool:
        return not self.missed and not self.extra

    def explain(self) -> str:
        lines = [f"{self.matched} of {self.gold} gold rows matched, {self.extracted} extracted"]
        lines += [f"  missed: {r.model} | {r.benchmark} | {r.metric} | {r.setting_label!r} | {r.value:g}"
                  for r in self.missed]
        lines += [f"  extra:  {g.describe()}" for g in self.extra]
        return "\n".join(lines)


def evaluate(doc: Rendered) -> Outcome:
    """Extract `doc` and compare with its gold rows."""
    got = extract_rows(doc.data)
    matched, missed, extra = pair(doc.rows, got)
    return Outcome(len(doc.rows), len(got), len(matched), tuple(doc.rows[i] for i in missed), tuple(extra))


@dataclass(frozen=True)
class Truncated:
    """How a document cut at `cut` bytes fared: `wrong` rows are not gold rows at all, `early`
    rows are gold rows whose text is not complete before the cut; `complete` counts the gold
    rows whose text is, `loaded` how many of those were loaded."""

    cut: int
    wrong: tuple[Got, ...]
    early: tuple[Got, ...]
    complete: int
    loaded: int

    @property
    def ok(self) -> bool:
        return not self.wrong and not self.early

    def explain(self, data: bytes) -> str:
        tail = data[max(0, self.cut - 60):self.cut].decode("utf-8", "replace")
        lines = [f"cut at byte {self.cut} (…{tail!r})"]
        lines += [f"  not a gold row: {g.describe()}" for g in self.wrong]
        lines += [f"  loaded although cut: {g.describe()}" for g in self.early]
        return "\n".join(lines)


def check_truncation(doc: Rendered, cut: int) -> Truncated:
    """Extract `doc` cut after `cut` bytes: every row must be a gold row whose text is complete
    before the cut (its number followed by something, any label written after it complete)."""
    got = extract_rows(doc.data[:cut])
    complete = [i for i, (_, end) in enumerate(doc.spans) if end <= cut]
    matched, _, wrong = pair(doc.rows, got)
    # a row matching a gold row whose text is cut is loaded too early; rematch against complete rows only
    ok_rows = [doc.rows[i] for i in complete]
    in_time, _, not_in_time = pair(ok_rows, got)
    early = [g for g in not_in_time if g not in wrong]
    return Truncated(cut, tuple(wrong), tuple(early), len(complete), len(in_time))


def cut_points(doc: Rendered, seed: int = 0, random_cuts: int = 4, targeted: int = 2) -> list[int]:
    """Where to cut `doc`: `random_cuts` uniform byte offsets, and for `targeted` random rows cuts
    inside the number, and just before, at and after the point where the row becomes complete."""
    rng = random.Random(f"{doc.figure}/{doc.layout}/{seed}")
    size = len(doc.data)
    cuts = {rng.randrange(1, size) for _ in range(random_cuts)}
    for i in rng.sample(range(len(doc.spans)), min(targeted, len(doc.spans))):
        start, end = doc.spans[i]
        cuts.update({start + 1, end - 1, end, end + 1})
    return sorted(c for c in cuts if 0 < c < size)
