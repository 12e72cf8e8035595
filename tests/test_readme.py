"""The README's examples on the seeds are real: each query, run on the seed warehouse,
prints exactly the output shown under it (a newcomer runs them top to bottom)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchdb.etl.paths import seeds_dir
from benchdb.etl.pipeline import refresh
from benchdb.etl.query import format_result, run_query

README = Path(__file__).parents[1] / "README.md"


def examples() -> list[tuple[str, str]]:
    """(sql, expected output) for every `benchdb query "..."` block of 'Examples on the seeds'."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Examples on the seeds"):]
    section = section[: section.index("\n## ", 5)]
    found = []
    for match in re.finditer(r'^    benchdb query "(?P<sql>[^"]+)"\n\n(?P<out>(?:    .*\n)+)', section, re.MULTILINE):
        output = "".join(line[4:] + "\n" for line in match.group("out").splitlines())
        found.append((match.group("sql"), output))
    return found


@pytest.fixture(scope="module")
def readme_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The warehouse the README's first command builds: `benchdb refresh` on `seeds/`."""
    db = tmp_path_factory.mktemp("readme") / "bench.duckdb"
    refresh(seeds_dir(), db)
    return db


def test_the_readme_has_examples() -> None:
    assert len(examples()) >= 5


@pytest.mark.parametrize(("sql", "expected"), examples(), ids=lambda v: v[:40] if isinstance(v, str) else None)
def test_readme_example_output_is_current(readme_db: Path, sql: str, expected: str) -> None:
    columns, rows = run_query(readme_db, sql)
    assert format_result(columns, rows, "table") == expected
