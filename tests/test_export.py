"""`benchdb export` / `etl.export.export_views`: every public view to Parquet or CSV plus a
manifest, read back with DuckDB and pyarrow and compared with the views."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner, Result

from benchdb.etl.cli import main
from benchdb.etl.export import MANIFEST_NAME, ExportError, export_views, quote_identifier
from benchdb.etl.query import public_views


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def view_rows(db: Path) -> dict[str, tuple[list[tuple[str, str]], list[tuple]]]:
    """Every public view's (column name, type) list and its rows, sorted."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        out = {}
        for view in public_views(con):
            columns = con.execute("select column_name, data_type from duckdb_columns() where table_name = ? "
                                  "order by column_index", [view]).fetchall()
            rows = con.execute(f"select * from {quote_identifier(view)}").fetchall()
            out[view] = (columns, sorted(rows, key=repr))
        return out
    finally:
        con.close()


@pytest.fixture(scope="module")
def parquet_export(built_seed_db: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("export") / "parquet"
    return out, export_views(built_seed_db, out, "parquet")


def test_parquet_files_hold_every_view_with_its_rows_and_types(built_seed_db: Path, parquet_export) -> None:
    out, manifest = parquet_export
    views = view_rows(built_seed_db)
    assert sorted(p.name for p in out.iterdir()) == sorted([f"{v}.parquet" for v in views] + [MANIFEST_NAME])
    con = duckdb.connect()
    try:
        for view, (columns, rows) in views.items():
            path = str(out / f"{view}.parquet")
            described = con.execute("select column_name, column_type from (describe select * from read_parquet(?))",
                                    [path]).fetchall()
            assert described == columns, view  # same names, same DuckDB types, same order
            back = sorted(con.execute("select * from read_parquet(?)", [path]).fetchall(), key=repr)
            assert back == rows, view
    finally:
        con.close()


def test_parquet_types_seen_by_pyarrow(parquet_export) -> None:
    out, _manifest = parquet_export
    measurements = pq.read_table(out / "measurements.parquet")
    assert measurements.schema.field("value").type == pa.float64()
    assert measurements.schema.field("source_line").type == pa.int32()
    assert measurements.schema.field("model").type in (pa.string(), pa.large_string())
    assert measurements.schema.field("is_approximate").type == pa.bool_()
    frontier = pq.read_table(out / "param_frontier.parquet")
    assert frontier.schema.field("on_frontier").type == pa.bool_()
    runs = pq.read_table(out / "refresh_runs.parquet")
    assert pa.types.is_timestamp(runs.schema.field("started_at").type)
    assert measurements.num_rows == 135


def test_manifest_names_views_rows_columns_and_refresh_run(built_seed_db: Path, parquet_export) -> None:
    out, manifest = parquet_export
    saved = json.loads((out / MANIFEST_NAME).read_text())
    assert saved == manifest.as_dict()
    views = view_rows(built_seed_db)
    assert [v["view"] for v in saved["views"]] == sorted(views)
    for entry in saved["views"]:
        columns, rows = views[entry["view"]]
        assert entry["file"] == f"{entry['view']}.parquet"
        assert entry["rows"] == len(rows)
        assert [(c["name"], c["type"]) for c in entry["columns"]] == columns
    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        run_id = con.execute("select max(run_id) from refresh_runs").fetchall()[0][0]
    finally:
        con.close()
    assert saved["refresh_run_id"] == run_id
    assert saved["format"] == "parquet" and saved["database"] == str(built_seed_db.resolve())


def test_csv_export_reads_back_equal(built_seed_db: Path, tmp_path: Path) -> None:
    manifest = export_views(built_seed_db, tmp_path / "csv", "csv")
    views = view_rows(built_seed_db)
    assert {v.view for v in manifest.views} == set(views)
    con = duckdb.connect()
    try:
        for view, (columns, rows) in views.items():
            path = str(tmp_path / "csv" / f"{view}.csv")
            # every column back with the view's own types; "" is an empty string, an empty field NULL
            types = "{" + ", ".join(f"'{name}': '{dtype}'" for name, dtype in columns) + "}"
            back = con.execute(f"select * from read_csv(?, header = true, allow_quoted_nulls = false, "
                               f"columns = {types})", [path]).fetchall()
            assert len(back) == len(rows), view
            for got, want in zip(sorted(back, key=repr), rows):
                for g, w in zip(got, want):
                    if isinstance(w, float):
                        assert g == pytest.approx(w, rel=1e-12) or (math.isnan(g) and math.isnan(w)), view
                    else:
                        assert g == w, view
    finally:
        con.close()
    header = (tmp_path / "csv" / "measurements.csv").read_text().splitlines()[0]
    assert header.split(",")[:4] == ["source", "source_line", "quote", "model"]
    frontier = (tmp_path / "csv" / "param_frontier.csv").read_text()
    assert 'AIME 2025,pass@1,"",%,' in frontier  # setting '' is "", distinct from NULL (an empty field)


def test_export_replaces_previous_files_and_leaves_no_partials(built_seed_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "measurements.parquet").write_text("stale")
    export_views(built_seed_db, out, "parquet")
    assert pq.read_table(out / "measurements.parquet").num_rows == 135
    assert not [p for p in out.iterdir() if p.name.endswith(".partial")]


def test_export_cli(built_seed_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "bi"
    result = run("export", "--db", built_seed_db, "--format", "parquet", "--out", out)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("benchdb export: ") and "as parquet" in lines[0]
    measurements = next(line for line in lines if line.split()[0] == "measurements")
    assert measurements.split()[1:3] == ["135", "rows"]
    assert (out / MANIFEST_NAME).is_file()


def test_export_does_not_change_the_database(built_seed_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    before = db.read_bytes()
    export_views(db, tmp_path / "out", "csv")
    assert db.read_bytes() == before
    assert not (tmp_path / "bench.duckdb.wal").exists()


@pytest.mark.parametrize("case", ["missing db", "out is a file", "bad format"])
def test_export_errors_exit_2_without_traceback(built_seed_db: Path, tmp_path: Path, case: str) -> None:
    db, out = built_seed_db, tmp_path / "out"
    if case == "missing db":
        db = tmp_path / "missing.duckdb"
    elif case == "out is a file":
        out.write_text("x")
    if case == "bad format":
        with pytest.raises(ExportError, match="unknown export format"):
            export_views(db, out, "xlsx")
        result = run("export", "--db", db, "--format", "xlsx", "--out", out)
        assert result.exit_code == 2  # click's own usage error
        return
    result = run("export", "--db", db, "--format", "parquet", "--out", out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.output.startswith("benchdb: ")
    assert not (tmp_path / "missing.duckdb").exists()


def test_quote_identifier_doubles_quotes() -> None:
    assert quote_identifier('we"ird') == '"we""ird"'
    name = quote_identifier('we"ird view')
    con = duckdb.connect()
    try:
        con.execute(f"create view {name} as select 1 as x")
        assert con.execute(f"select x from {name}").fetchall() == [(1,)]
    finally:
        con.close()
