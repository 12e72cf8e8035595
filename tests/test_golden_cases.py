"""Golden cases: one description per style in tests/cases/golden, with the rows it must yield.

Each `<case>.md` has a `<case>.csv` beside it (model_as_written, benchmark, metric,
setting, value, unit); the test runs extract and transform (no database) and compares.
Regenerate a case's expectation only after reading the description line by line.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.reference import load_reference

CASES = Path(__file__).parent / "cases" / "golden"


def rows_of(path: Path) -> list[tuple[str, str, str, str, float, str]]:
    facts = interpret(parse_chart(path.read_text(encoding="utf-8")), load_reference())
    return sorted((v.model_as_written, v.benchmark_name if not v.is_figure_scoped else "*", v.metric, v.setting,
                   round(v.value, 6), v.unit or "") for v in facts.values)


def expected_of(path: Path) -> list[tuple[str, str, str, str, float, str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return sorted((r["model_as_written"], r["benchmark"], r["metric"], r["setting"], round(float(r["value"]), 6),
                       r["unit"]) for r in csv.DictReader(handle))


@pytest.mark.parametrize("case", sorted(CASES.glob("*.md")), ids=lambda p: p.stem)
def test_golden_case(case: Path) -> None:
    assert rows_of(case) == expected_of(case.with_suffix(".csv"))
