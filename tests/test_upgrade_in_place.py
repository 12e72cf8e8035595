"""A warehouse made by an earlier schema revision is upgraded in place by `benchdb refresh`:
a file built at revision 0001 with rows in it, and a built warehouse downgraded to 0001.
"""

# PROCESS TESTS, AND WHY. Users upgrade benchdb and run the new `refresh` on the file the
# old one published; the file is migrated inside the refresh's staging copy and published
# as a whole. These tests build real files at revision 0001 and run the installed
# executable on them, checking that nothing recorded before the upgrade is lost. About 7 s.

from __future__ import annotations

import datetime as dt
import hashlib
import json
import shutil
from pathlib import Path

import duckdb
import sqlalchemy as sa

from benchdb.schema.migrate import (
    current_revision,
    downgrade,
    engine_for,
    head_revision,
    upgrade,
)
from tests._processes import (
    SEED_MEASUREMENTS,
    check_published,
    fetch,
    leftovers,
    measurement_rows,
    run_benchdb,
)

AUDIT_COLUMNS = ("measurements_total", "duration_s", "allow_shrink")  # added by 0002
RUN_0001_COLUMNS = ("run_id, started_at, finished_at, status, source_root, documents_seen, documents_new, "
                    "documents_changed, documents_unchanged, documents_removed, documents_failed, "
                    "measurements_added, measurements_removed, benchdb_version, schema_revision")
LEGACY_PATH = "legacy/old-chart.md"
LEGACY_TEXT = b"## Bar Chart: legacy\n### Detailed Analysis\n* **Old-Model-7B:** 42.0\n"


def columns(db: Path, table: str) -> list[str]:
    return [name for (name,) in fetch(db, "SELECT column_name FROM duckdb_columns() WHERE table_name = ? "
                                          "ORDER BY column_index", [table])]


def revision_of(db: Path) -> str | None:
    engine = engine_for(db, read_only=True)
    try:
        with engine.connect() as conn:
            return current_revision(conn)
    finally:
        engine.dispose()


def build_0001_with_data(db: Path) -> None:
    """An empty file migrated to 0001, then rows written the way 0001-era code wrote them."""
    engine = engine_for(db)
    try:
        with engine.connect() as conn:
            upgrade(conn, "0001")
        with engine.begin() as conn:
            conn.execute(sa.text(
                "INSERT INTO refresh_run (started_at, finished_at, status, source_root, documents_seen, "
                "documents_new, measurements_added, benchdb_version, schema_revision) "
                "VALUES (:started, :finished, 'published', '/old/source', 1, 1, 1, '0.1.0', '0001')"),
                {"started": dt.datetime(2026, 1, 2, 3, 4, 5), "finished": dt.datetime(2026, 1, 2, 3, 4, 6)})
            conn.execute(sa.text(
                "INSERT INTO document (path, content_sha256, size_bytes, status, figure_title, chart_kind, "
                "values_extracted, first_seen_run, last_loaded_run) "
                "VALUES (:path, :sha, :size, 'loaded', 'legacy', 'bar chart', 1, 1, 1)"),
                {"path": LEGACY_PATH, "sha": hashlib.sha256(LEGACY_TEXT).hexdigest(), "size": len(LEGACY_TEXT)})
            conn.execute(sa.text(
                "INSERT INTO extracted_value (document_id, ordinal, source_line, quote, model_as_written, "
                "model_name, benchmark_as_written, benchmark_name, is_figure_scoped, metric, value, unit, "
                "is_approximate) SELECT document_id, 0, 3, '* **Old-Model-7B:** 42.0', 'Old-Model-7B', "
                "'Old-Model-7B', NULL, 'legacy', true, 'score', 42.0, NULL, false FROM document"))
    finally:
        engine.dispose()
    assert revision_of(db) == "0001"
    assert not any(c in columns(db, "refresh_run") for c in AUDIT_COLUMNS)


def test_refresh_upgrades_a_0001_warehouse_with_data(seed_docs: Path, built_seed_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    build_0001_with_data(db)
    old_run = fetch(db, f"SELECT {RUN_0001_COLUMNS} FROM refresh_run")
    assert len(old_run) == 1

    run = run_benchdb("refresh", "--source", seed_docs, "--db", db, "--json", cwd=tmp_path)
    assert run.code == 0, run
    summary = json.loads(run.stdout)
    assert summary["documents_new"] == 5 and summary["documents_removed"] == 1

    assert fetch(db, "SELECT version_num FROM alembic_version") == [(head_revision(),)]
    assert set(AUDIT_COLUMNS) <= set(columns(db, "refresh_run"))
    runs = fetch(db, f"SELECT {RUN_0001_COLUMNS}, {', '.join(AUDIT_COLUMNS)} FROM refresh_run ORDER BY run_id")
    assert len(runs) == 2
    assert runs[0] == old_run[0] + (None, None, None)  # the old run, untouched; no audit data invented
    new = dict(zip([c.strip() for c in RUN_0001_COLUMNS.split(",")] + list(AUDIT_COLUMNS), runs[1]))
    assert new["run_id"] == 2 and new["schema_revision"] == head_revision()
    assert new["measurements_total"] == SEED_MEASUREMENTS and new["allow_shrink"] is False
    assert new["documents_removed"] == 1  # the legacy document is gone from the source folder

    assert check_published(db) == SEED_MEASUREMENTS
    assert measurement_rows(db) == measurement_rows(built_seed_db)
    assert fetch(db, "SELECT status FROM document WHERE path = ?", [LEGACY_PATH]) == [("removed",)]
    assert fetch(db, "SELECT count(*) FROM extracted_value v JOIN document d USING (document_id) "
                     "WHERE d.path = ?", [LEGACY_PATH]) == [(0,)]
    assert leftovers(db) == []


def test_downgraded_warehouse_is_refreshed_without_loss(seed_docs: Path, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(seed_docs, docs)
    db = tmp_path / "bench.duckdb"
    assert run_benchdb("refresh", "--source", docs, "--db", db, cwd=tmp_path).code == 0
    rows = measurement_rows(db)
    facts = fetch(db, "SELECT * FROM fact_measurement ORDER BY measurement_id")
    runs_before = fetch(db, f"SELECT {RUN_0001_COLUMNS} FROM refresh_run ORDER BY run_id")
    assert len(rows) == SEED_MEASUREMENTS and len(runs_before) == 1

    engine = engine_for(db)
    try:
        with engine.connect() as conn:
            downgrade(conn, "0001")
    finally:
        engine.dispose()
    assert revision_of(db) == "0001"
    assert not any(c in columns(db, "refresh_run") for c in AUDIT_COLUMNS)
    assert leftovers(db) == []
    duckdb.connect(str(db), read_only=True).close()  # still a valid file

    run = run_benchdb("refresh", "--source", docs, "--db", db, "--json", cwd=tmp_path)
    assert run.code == 0, run
    summary = json.loads(run.stdout)
    assert summary["documents_unchanged"] == 5
    assert (summary["measurements_added"], summary["measurements_removed"]) == (0, 0)

    assert revision_of(db) == head_revision()
    assert set(AUDIT_COLUMNS) <= set(columns(db, "refresh_run"))
    assert measurement_rows(db) == rows
    assert fetch(db, "SELECT * FROM fact_measurement ORDER BY measurement_id") == facts
    runs_after = fetch(db, f"SELECT {RUN_0001_COLUMNS} FROM refresh_run ORDER BY run_id")
    assert runs_after[:1] == runs_before
    assert len(runs_after) == 2 and runs_after[1][0] == 2
    assert check_published(db) == SEED_MEASUREMENTS
    assert leftovers(db) == []
