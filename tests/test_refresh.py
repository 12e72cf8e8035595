"""`etl.pipeline.refresh` end to end: description folders to real DuckDB files in tmp_path.

Checks what the contract promises from outside: the published file (no staging or WAL
left behind), the counts on the seeds, the views and their columns, idempotency, the
warehouse mirroring its folder (changed and removed documents), bad input recorded per
document instead of stopping the run, hostile names stored verbatim, and the seeds' AIME
2025 frontier.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import duckdb
import pytest

from benchdb.etl.pipeline import RefreshSummary, refresh
from tests._contract import CONTRACT_COLUMNS, fetch

# Contract views and the columns (with types) each must have; more columns are allowed.

SEED_DOCUMENTS = 5
SEED_MEASUREMENTS = 135
EDITED_DOC = "001_472b75672e156450.txt"
EDITED_LINE_OLD = "- **Kimi-VL-A3B-Thinking-2506**: 3B parameters, 55 Pass@1 (top-left)."
EDITED_LINE_NEW = "- **Kimi-VL-A3B-Thinking-2506**: 3B parameters, 57.5 Pass@1 (top-left)."
REMOVED_DOC = "002_7279816a36193a6b.txt"
HOSTILE = "Robert'); DROP TABLE fact_measurement;--"

SCATTER_TEMPLATE = """## Scatter Plot: MMLU-Pro Accuracy vs. Total Parameters
### Overview
This scatter plot compares language models on MMLU-Pro against their size.
### Components/Axes
* **X-axis:** Total Parameters (B)
* **Y-axis:** MMLU-Pro Accuracy (%)
### Detailed Analysis
* **{first}:** (7B, 55.3)
* **{second}:** (13B, 61.0)
### Key Observations
* {first} trails {second} by a few points.
"""

NO_DATA_DOC = """## Line Chart: Training Loss over Steps
### Overview
This line chart shows the training loss of a model over its training steps.
### Components/Axes
* **X-axis:** Training Steps (0 to 10k)
* **Y-axis:** Loss (0 to 4)
### Key Observations
* The loss decreases steadily and flattens towards the end.
"""


# ----------------------------------------------------------------------------- helpers

def copy_seeds(seed_docs: Path, tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    shutil.copytree(seed_docs, docs)
    return docs




def content(db: Path, relation: str, where: str = "", params: list | None = None) -> list[tuple]:
    """All rows of `relation` without its id columns, sorted, so two builds compare equal."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        names = [d[0] for d in con.execute(f"SELECT * FROM {relation} LIMIT 0").description]
        keep = ", ".join(f'"{n}"' for n in names if not n.endswith("_id"))
        rows = con.execute(f"SELECT {keep} FROM {relation} {where}", params or []).fetchall()
    finally:
        con.close()
    return sorted(rows, key=repr)


def by_source(db: Path) -> Counter[str]:
    return Counter(dict(fetch(db, "SELECT source, count(*) FROM measurements GROUP BY source")))


def documents(db: Path) -> dict[str, tuple[str, str | None]]:
    return {path: (status, error) for path, status, error in fetch(db, "SELECT path, status, error FROM document")}


def leftovers(db: Path) -> list[Path]:
    names = [db.name + ".staging", db.name + ".staging.wal", db.name + ".wal"]
    return [db.with_name(n) for n in names if db.with_name(n).exists()]


# ----------------------------------------------------------------------------- tests

def test_refresh_of_seeds_publishes_the_warehouse(seed_docs: Path, tmp_path: Path) -> None:
    db = tmp_path / "out" / "bench.duckdb"
    ticks: list[tuple[int, int]] = []
    summary = refresh(seed_docs, db, progress=lambda done, total: ticks.append((done, total)))
    assert isinstance(summary, RefreshSummary)
    assert ticks == [(n, SEED_DOCUMENTS) for n in range(1, SEED_DOCUMENTS + 1)]
    assert summary.published
    assert db.is_file()
    assert leftovers(db) == []
    assert (summary.documents_seen, summary.documents_new) == (SEED_DOCUMENTS, SEED_DOCUMENTS)
    assert (summary.documents_failed, summary.documents_empty, summary.documents_changed) == (0, 0, 0)
    assert summary.measurements == SEED_MEASUREMENTS
    assert summary.measurements_added == SEED_MEASUREMENTS
    assert fetch(db, "SELECT count(*) FROM measurements") == [(SEED_MEASUREMENTS,)]
    assert fetch(db, "SELECT count(*) FROM document WHERE status = 'loaded'") == [(SEED_DOCUMENTS,)]
    assert sorted(by_source(db)) == sorted(p.name for p in seed_docs.iterdir() if p.suffix == ".txt")


@pytest.mark.parametrize("view", sorted(CONTRACT_COLUMNS))
def test_contract_view_is_queryable_with_its_columns(built_seed_db: Path, view: str) -> None:
    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        described = {d[0]: str(d[1]) for d in con.execute(f"SELECT * FROM {view} LIMIT 0").description}
        rows = con.execute(f"SELECT {', '.join(CONTRACT_COLUMNS[view])} FROM {view}").fetchall()
    finally:
        con.close()
    for column, kind in CONTRACT_COLUMNS[view].items():
        assert column in described, f"{view}.{column} missing"
        assert described[column] == kind, f"{view}.{column} is {described[column]}, contract says {kind}"
    assert rows, f"{view} is empty on the seeds"


def test_second_refresh_with_unchanged_input_changes_nothing(seed_docs: Path, tmp_path: Path) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    before_view, before_fact = content(db, "measurements"), content(db, "fact_measurement")
    before_docs = fetch(db, "SELECT * FROM document ORDER BY path")

    second = refresh(docs, db)

    assert second.published
    assert second.documents_unchanged == SEED_DOCUMENTS
    assert (second.documents_new, second.documents_changed, second.documents_removed) == (0, 0, 0)
    assert (second.measurements_added, second.measurements_removed) == (0, 0)
    assert second.measurements == SEED_MEASUREMENTS
    assert content(db, "measurements") == before_view
    assert content(db, "fact_measurement") == before_fact
    assert fetch(db, "SELECT * FROM document ORDER BY path") == before_docs
    assert leftovers(db) == []


def test_changed_document_is_reloaded_and_others_untouched(seed_docs: Path, tmp_path: Path) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    others = "WHERE source <> ?"
    before_others = content(db, "measurements", others, [EDITED_DOC])
    before_count = by_source(db)[EDITED_DOC]
    model_values = ("SELECT value FROM measurements WHERE source = ? AND model_as_written = ? ORDER BY value")
    assert fetch(db, model_values, [EDITED_DOC, "Kimi-VL-A3B-Thinking-2506"]) == [(55.0,)]

    path = docs / EDITED_DOC
    text = path.read_text(encoding="utf-8")
    assert text.count(EDITED_LINE_OLD) == 1
    path.write_text(text.replace(EDITED_LINE_OLD, EDITED_LINE_NEW), encoding="utf-8")
    second = refresh(docs, db)

    assert second.published
    assert second.documents_changed == 1
    assert second.documents_unchanged == SEED_DOCUMENTS - 1
    assert (second.documents_new, second.documents_removed) == (0, 0)
    assert second.measurements_removed == before_count
    assert second.measurements_added == before_count
    assert fetch(db, model_values, [EDITED_DOC, "Kimi-VL-A3B-Thinking-2506"]) == [(57.5,)]
    assert fetch(db, "SELECT count(*) FROM measurements WHERE source = ? AND value = 55", [EDITED_DOC]) == [(0,)]
    assert fetch(db, "SELECT quote FROM measurements WHERE value = 57.5") == [(EDITED_LINE_NEW,)]
    assert by_source(db)[EDITED_DOC] == before_count
    assert content(db, "measurements", others, [EDITED_DOC]) == before_others
    assert leftovers(db) == []


def test_removed_document_loses_its_rows(seed_docs: Path, tmp_path: Path) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    removed_count = by_source(db)[REMOVED_DOC]
    assert removed_count > 0
    only_there = {m for (m,) in fetch(
        db, "SELECT model FROM measurements GROUP BY model HAVING bool_and(source = ?)", [REMOVED_DOC])}
    assert only_there, "the removed document should have models of its own"
    others_before = content(db, "measurements", "WHERE source <> ?", [REMOVED_DOC])

    saved = (docs / REMOVED_DOC).read_bytes()
    (docs / REMOVED_DOC).unlink()
    second = refresh(docs, db)

    assert second.documents_removed == 1
    assert second.documents_unchanged == SEED_DOCUMENTS - 1
    assert second.measurements == SEED_MEASUREMENTS - removed_count
    assert set(by_source(db)) == {p.name for p in docs.iterdir()}
    assert fetch(db, "SELECT count(*) FROM measurements WHERE source = ?", [REMOVED_DOC]) == [(0,)]
    assert fetch(db, "SELECT count(*) FROM fact_measurement") == [(SEED_MEASUREMENTS - removed_count,)]
    models = {m for (m,) in fetch(db, "SELECT model FROM models")}
    assert not only_there & models, "models of the removed document must leave the models view"
    assert content(db, "measurements", "WHERE source <> ?", [REMOVED_DOC]) == others_before
    assert documents(db)[REMOVED_DOC][0] == "removed"

    (docs / REMOVED_DOC).write_bytes(saved)  # and back again: the mirror follows the folder
    third = refresh(docs, db)
    assert third.documents_new == 1
    assert third.measurements == SEED_MEASUREMENTS
    assert by_source(db)[REMOVED_DOC] == removed_count
    assert documents(db)[REMOVED_DOC][0] == "loaded"


def test_bad_input_is_recorded_per_document(seed_docs: Path, built_seed_db: Path, tmp_path: Path) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    original = "000_5c4edbf02b2a4d93.txt"
    (docs / "empty.txt").write_bytes(b"")
    noise = random.Random(20261122).randbytes(4096)
    (docs / "binary.txt").write_bytes(b"\x00\x01\x02\x00" + noise + b"\x00" * 64)
    (docs / "utf16_copy.txt").write_bytes((docs / original).read_text(encoding="utf-8").encode("utf-16"))
    (docs / "latin.md").write_bytes(SCATTER_TEMPLATE.format(first="Café-7B", second="Señor-13B").encode("cp1252"))
    (docs / "no_data.md").write_text(NO_DATA_DOC, encoding="utf-8")
    assert (docs / "utf16_copy.txt").read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")

    db = tmp_path / "bench.duckdb"
    summary = refresh(docs, db)

    assert summary.published and db.is_file() and leftovers(db) == []
    assert summary.documents_seen == SEED_DOCUMENTS + 5
    assert summary.documents_failed == 2
    assert summary.documents_empty == 1
    assert {s for s, _ in summary.failures} == {"empty.txt", "binary.txt"}
    counts = by_source(db)
    seed_counts = Counter({p.name: counts[p.name] for p in seed_docs.iterdir()})
    assert sum(seed_counts.values()) == SEED_MEASUREMENTS
    assert all(seed_counts[p.name] > 0 for p in seed_docs.iterdir())
    seeds_only = "WHERE source IN (SELECT unnest(?))"
    seed_names = [p.name for p in seed_docs.iterdir()]
    assert content(db, "measurements", seeds_only, [seed_names]) == content(built_seed_db, "measurements")
    status = documents(db)
    assert status["empty.txt"][0] == "failed"
    assert "empty" in (status["empty.txt"][1] or "").lower()
    assert status["binary.txt"][0] == "failed"
    assert "binary" in (status["binary.txt"][1] or "").lower()
    assert status["utf16_copy.txt"][0] == "loaded"
    assert counts["utf16_copy.txt"] == counts[original]
    assert content(db, "measurements", "WHERE source = ?", ["utf16_copy.txt"]) == [
        (("utf16_copy.txt",) + row[1:]) for row in content(db, "measurements", "WHERE source = ?", [original])]
    assert status["latin.md"][0] == "loaded"
    assert {m for (m,) in fetch(db, "SELECT model_as_written FROM measurements WHERE source = 'latin.md'")} == {
        "Café-7B", "Señor-13B"}
    assert status["no_data.md"][0] == "empty"
    assert counts["no_data.md"] == 0
    assert counts["empty.txt"] == counts["binary.txt"] == 0


def test_hostile_model_name_is_stored_verbatim(seed_docs: Path, tmp_path: Path) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    (docs / "hostile.md").write_text(SCATTER_TEMPLATE.format(first=HOSTILE, second="Alice-13B"), encoding="utf-8")
    db = tmp_path / "bench.duckdb"
    summary = refresh(docs, db)
    assert summary.published
    assert summary.documents_failed == 0
    rows = fetch(db, "SELECT model, model_as_written, value FROM measurements WHERE source = 'hostile.md' "
                     "ORDER BY value")
    assert rows == [(HOSTILE, HOSTILE, 55.3), ("Alice-13B", "Alice-13B", 61.0)]
    assert fetch(db, "SELECT count(*) FROM models WHERE model = ?", [HOSTILE]) == [(1,)]
    tables = {n for (n,) in fetch(db, "SELECT table_name FROM information_schema.tables")}
    for name in ("fact_measurement", "document", "dim_model", "dim_benchmark", "extracted_value", *CONTRACT_COLUMNS):
        assert name in tables, f"{name} is gone"
    assert fetch(db, "SELECT count(*) FROM fact_measurement") == [(SEED_MEASUREMENTS + 2,)]


def test_aime_2025_total_parameter_frontier_on_seeds(built_seed_db: Path) -> None:
    rows = fetch(built_seed_db, "select model from param_frontier where benchmark='AIME 2025' "
                                "and param_kind='total' and on_frontier")
    assert {m for (m,) in rows} == {"Mistral3-3B", "DASD-4B-Thinking"}
    assert len(rows) == 2


def test_identity_does_not_depend_on_arrival_order(seed_docs: Path, built_seed_db: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    db = tmp_path / "bench.duckdb"
    names = sorted(p.name for p in seed_docs.iterdir())
    for batch in (names[-1:], names[::-1]):  # R1-Owen's document first, the one writing R1-Qwen later
        for name in batch:
            shutil.copy(seed_docs / name, docs / name)
        refresh(docs, db)
    assert content(db, "measurements") == content(built_seed_db, "measurements")
    assert content(db, "models") == content(built_seed_db, "models")
    assert content(db, "param_frontier") == content(built_seed_db, "param_frontier")


def test_nested_folders_hidden_files_and_odd_names(seed_docs: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "sub dir" / "deeper").mkdir(parents=True)
    (docs / ".hidden").mkdir()
    original = "000_5c4edbf02b2a4d93.txt"
    shutil.copy(seed_docs / original, docs / "sub dir" / "deeper" / "it's; DROP TABLE document;--.MD")
    shutil.copy(seed_docs / original, docs / ".hidden" / "ignored.txt")
    shutil.copy(seed_docs / original, docs / ".dotfile.txt")
    shutil.copy(seed_docs / original, docs / "notes.csv")
    db = tmp_path / "bench.duckdb"
    summary = refresh(docs, db)
    assert summary.documents_seen == 1
    assert set(by_source(db)) == {"sub dir/deeper/it's; DROP TABLE document;--.MD"}
    assert set(documents(db)) == {"sub dir/deeper/it's; DROP TABLE document;--.MD"}


def test_failed_refresh_leaves_the_published_file_as_it_was(seed_docs: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    docs = copy_seeds(seed_docs, tmp_path)
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    published = db.read_bytes()
    (docs / EDITED_DOC).unlink()

    def broken_views(con: duckdb.DuckDBPyConnection) -> None:
        raise RuntimeError("simulated crash while building views")

    monkeypatch.setattr("benchdb.etl.pipeline.apply_views", broken_views)
    with pytest.raises(RuntimeError, match="simulated crash"):
        refresh(docs, db)
    assert db.read_bytes() == published
    assert leftovers(db) == []
    assert fetch(db, "SELECT count(*) FROM measurements") == [(SEED_MEASUREMENTS,)]

    monkeypatch.undo()
    summary = refresh(docs, db)
    assert summary.documents_removed == 1
    assert EDITED_DOC not in by_source(db)


def test_concurrent_refresh_is_refused_while_the_lock_is_held(seed_docs: Path, tmp_path: Path) -> None:
    from filelock import FileLock

    from benchdb.etl.pipeline import RefreshLocked

    db = tmp_path / "bench.duckdb"
    holder = FileLock(str(db) + ".lock")
    with holder:
        with pytest.raises(RefreshLocked):
            refresh(seed_docs, db, lock_timeout=0.0)
    assert not db.exists()
    assert refresh(seed_docs, db).published


def test_database_path_that_is_not_a_warehouse_is_a_refresh_error(seed_docs: Path, tmp_path: Path) -> None:
    from benchdb.etl.pipeline import RefreshError

    db = tmp_path / "bench.duckdb"
    db.write_bytes(b"not a database\n")
    with pytest.raises(RefreshError):
        refresh(seed_docs, db)
    assert db.read_bytes() == b"not a database\n"
    assert leftovers(db) == []


@pytest.mark.parametrize("view", ["skipped_values", "param_conflicts"])
def test_contract_diagnostic_views_exist(built_seed_db: Path, view: str) -> None:
    fetch(built_seed_db, f"SELECT * FROM {view} LIMIT 0")


def _emptied_seed_warehouse(seed_docs: Path, tmp_path: Path) -> tuple[Path, Path, bytes]:
    docs = copy_seeds(seed_docs, tmp_path)
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    saved = (docs / EDITED_DOC).read_bytes()
    (docs / EDITED_DOC).write_bytes(b"")
    first = refresh(docs, db)
    assert (first.documents_changed, first.documents_failed) == (1, 1)
    assert documents(db)[EDITED_DOC] == ("stale", "empty file")
    assert first.measurements == SEED_MEASUREMENTS  # the last good rows stay until the file is readable again
    return docs, db, saved


def test_unreadable_document_is_unchanged_on_the_next_refresh(seed_docs: Path, tmp_path: Path) -> None:
    docs, db, _ = _emptied_seed_warehouse(seed_docs, tmp_path)
    again = refresh(docs, db)
    assert (again.documents_changed, again.documents_unchanged) == (0, SEED_DOCUMENTS)


def test_restored_document_is_loaded_again(seed_docs: Path, tmp_path: Path) -> None:
    docs, db, saved = _emptied_seed_warehouse(seed_docs, tmp_path)
    (docs / EDITED_DOC).write_bytes(saved)
    refresh(docs, db)
    assert documents(db)[EDITED_DOC] == ("loaded", None)


def test_a_file_too_large_to_be_a_description_is_refused_quickly(seed_docs: Path, tmp_path: Path) -> None:
    """A 20 MB 'description' is recorded as failed with the reason; the rest loads."""
    import time

    from benchdb.etl.load.cache import MAX_DOCUMENT_BYTES

    docs = copy_seeds(seed_docs, tmp_path)
    line = "* **Model-7B:** (7B, 55.0)\n"
    (docs / "huge.md").write_text("## Scatter Plot: huge\n### Detailed Analysis\n" + line * (20_000_000 // len(line)))
    assert (docs / "huge.md").stat().st_size > MAX_DOCUMENT_BYTES
    db = tmp_path / "bench.duckdb"
    started = time.perf_counter()
    summary = refresh(docs, db)
    assert time.perf_counter() - started < 30
    assert summary.measurements == SEED_MEASUREMENTS
    assert [source for source, _ in summary.failures] == ["huge.md"]
    assert "too large" in summary.failures[0][1]


# ----------------------------------------------------------------------------- start-up

_HEAVY = ("pandas", "sqlalchemy", "alembic", "matplotlib", "rich", "benchdb.etl.extract.parse")

_IMPORTS_OF = r"""
import json, sys
from benchdb.etl.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
finally:
    print(json.dumps(sorted(m for m in %r if m in sys.modules)), file=sys.stderr)
""" % (_HEAVY,)


def _heavy_imports(*args: str) -> list[str]:
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _IMPORTS_OF, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_query_views_and_a_no_change_refresh_import_nothing_heavy(built_seed_db: Path, seed_docs: Path,
                                                                    tmp_path: Path) -> None:
    """Start-up time as the user sees it: `benchdb query`, `benchdb views` and a refresh
    with nothing to do load neither pandas, SQLAlchemy, Alembic, matplotlib, rich nor the
    parser (python -X importtime shows what each costs)."""
    assert _heavy_imports("query", "select 1", "--db", str(built_seed_db)) == []
    assert _heavy_imports("views", "--db", str(built_seed_db)) == []
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    assert _heavy_imports("refresh", "--source", str(seed_docs), "--db", str(db), "--json") == []
    assert fetch(db, "select documents_unchanged, documents_seen from refresh_runs order by run_id desc limit 1") \
        == [(5, 5)]


def test_a_one_document_change_imports_neither_pandas_nor_sqlalchemy(built_seed_db: Path, seed_docs: Path,
                                                                     tmp_path: Path) -> None:
    """A refresh that patches the star for one changed document loads its rows without
    pandas, SQLAlchemy, Alembic, matplotlib or rich (the parser it does need)."""
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    source = tmp_path / "docs"
    shutil.copytree(seed_docs, source)
    changed = sorted(source.iterdir())[0]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _heavy_imports("refresh", "--source", str(source), "--db", str(db), "--json") == [
        "benchdb.etl.extract.parse"]
    assert fetch(db, "select documents_changed, documents_unchanged from refresh_runs order by run_id desc limit 1") \
        == [(1, 4)]


def test_the_pool_warms_on_small_sample_documents_only(tmp_path: Path) -> None:
    """The parent parses a few small documents before forking (their regular expressions are
    then compiled once for all workers); a large, missing or unreadable sample is skipped."""
    from benchdb.etl.load import cache

    small = tmp_path / "small.md"
    small.write_text("## Bar Chart: AIME 2024\n### Detailed Analysis\n* Zeta-7B: 50.5\n", encoding="utf-8")
    large = tmp_path / "large.md"
    large.write_text("x" * (cache.WARM_MAX_BYTES + 1), encoding="utf-8")
    seen: list[int] = []
    original = cache.extract_bytes
    try:
        cache.extract_bytes = lambda data, ref: seen.append(len(data)) or original(data, ref)  # type: ignore[assignment]
        pool = cache.extraction_pool(cache.PARALLEL_MIN_DOCUMENTS, [str(large), str(tmp_path / "gone.md"), str(small)])
    finally:
        cache.extract_bytes = original  # type: ignore[assignment]
    if pool is None:
        pytest.skip("one CPU: no worker pool")
    pool.terminate()
    assert seen == [0, small.stat().st_size]  # the modules, then the one small sample
