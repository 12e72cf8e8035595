"""The reference CSVs (seeds/reference): an edited file that cannot be read fails with the
file, the line and the fault, never a bare AttributeError or KeyError, and publishes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from benchdb.etl.cli import main
from benchdb.etl.paths import reference_dir
from benchdb.etl.transform import reference
from benchdb.etl.transform.reference import ReferenceDataError, load_reference


@pytest.fixture
def ref_copy(tmp_path: Path) -> Path:
    """A private copy of the bundled reference CSVs."""
    copy = tmp_path / "reference"
    shutil.copytree(reference_dir(), copy)
    return copy


def _append(path: Path, line: str) -> int:
    """Append one line to a CSV and return its line number."""
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    path.write_text(text + line + "\n", encoding="utf-8")
    return text.count("\n") + 1


def test_the_bundled_reference_loads(ref_copy: Path) -> None:
    ref = load_reference(ref_copy)
    assert ref.benchmarks and ref.metrics and ref.settings and ref.models


@pytest.mark.parametrize(("name", "line", "fault"), [
    ("models.csv", "Acme-7B,Acme,7,7,extra,fields,beyond,the,header,here", "more fields than the header"),
    ("metrics.csv", "widgets,(unclosed,score,true,", "is not a regular expression"),
    ("settings.csv", "odd_key,[a-,number,", "is not a regular expression"),
    ("benchmarks.csv", ",AliasOnly", "empty 'benchmark'"),
])
def test_a_malformed_row_names_its_file_and_line(ref_copy: Path, name: str, line: str, fault: str) -> None:
    number = _append(ref_copy / name, line)
    with pytest.raises(ReferenceDataError) as caught:
        load_reference(ref_copy)
    message = str(caught.value)
    assert f"{name}:{number}" in message and fault in message


def test_a_missing_column_is_named(ref_copy: Path) -> None:
    path = ref_copy / "metrics.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace("pattern", "regex")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ReferenceDataError, match=r"metrics\.csv: missing column\(s\) pattern"):
        load_reference(ref_copy)


def test_refresh_with_a_broken_reference_is_one_line_and_exit_1(ref_copy: Path, seeds_copy: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    line = _append(ref_copy / "models.csv", "Acme-7B,Acme,7,7,a,b,c,d,e,f")
    monkeypatch.setattr(reference, "reference_dir", lambda: ref_copy)
    load_reference.cache_clear()
    db = tmp_path / "bench.duckdb"
    try:
        result = CliRunner().invoke(main, ["refresh", "--source", str(seeds_copy), "--db", str(db)])
    finally:
        load_reference.cache_clear()
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert f"models.csv:{line}" in result.output
    assert not db.exists() or db.stat().st_size == 0
