"""BI and ad hoc access: `benchdb query` formats and parameters, `benchdb views`, the
data-quality views, the read-only SQLAlchemy URL that Superset-style tools use (also while
a real refresh publishes in another process), and a real DuckDB 1.5 client (the version
bundled with BI connectors) opening the published warehouse.

The DuckDB 1.5 client lives in its own virtual environment (it cannot share one with
duckdb 2.0), created once and cached under ~/.cache/benchdb-tests/ (or
$BENCHDB_TEST_CACHE), keyed by version; the first run pip-installs it (a few seconds), and
the test is skipped only when the package index cannot be reached.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa
from click.testing import CliRunner, Result
from filelock import FileLock
from sqlalchemy.pool import NullPool

from benchdb.etl.cli import main
from benchdb.etl.export import export_views
from benchdb.etl.query import QueryError, describe_views, public_views, run_query
from tests._contract import fetch

SEED_MEASUREMENTS = 135
CONTRACT_VIEWS = {"measurements", "models", "score_per_parameter", "param_frontier", "throughput_frontier"}
QUALITY_VIEWS = {"conflicts", "param_conflicts", "skipped_values"}

DUCKDB_15 = "1.5.6"  # what Metabase's, Tableau's, Power BI's and Grafana's DuckDB drivers bundle (1.5.x)


def run(*args: str | Path, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)




def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


def read_only_url(db: Path) -> str:
    """The SQLAlchemy URL documented in the README: four slashes before an absolute path."""
    return f"duckdb:///{db.resolve()}?access_mode=read_only"


# ----------------------------------------------------------------------------- query

def test_query_markdown_is_a_pipe_table(built_seed_db: Path) -> None:
    result = run("query", "select model, params_b, value from param_frontier where benchmark = $b and "
                 "param_kind = 'total' and on_frontier order by params_b", "-p", "b", "AIME 2025",
                 "--db", built_seed_db, "--format", "markdown")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [c.strip() for c in lines[0].strip("|").split("|")] == ["model", "params_b", "value"]
    assert set(lines[1]) <= {"|", "-"}
    body = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
    assert body == [["Mistral3-3B", "3", "71"], ["DASD-4B-Thinking", "4", "84"]]


def test_query_markdown_escapes_pipes(built_seed_db: Path) -> None:
    result = run("query", "select 'a|b' as x", "--db", built_seed_db, "--format", "markdown")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2] == "| a\\|b |"


def test_query_jsonl_is_one_object_per_line(built_seed_db: Path) -> None:
    result = run("query", "select source, source_line, value, unit from measurements order by source, source_line, "
                 "value", "--db", built_seed_db, "--format", "jsonl")
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == SEED_MEASUREMENTS
    assert all(set(r) == {"source", "source_line", "value", "unit"} for r in records)
    assert all(isinstance(r["source_line"], int) and isinstance(r["value"], float) for r in records)
    assert records == json.loads(run("query", "select source, source_line, value, unit from measurements order by "
                                     "source, source_line, value", "--db", built_seed_db, "--format",
                                     "json").stdout)


def test_query_table_is_aligned(built_seed_db: Path) -> None:
    result = run("query", "select model, total_params_b from models where model like 'Qwen-2.5-VL%' order by model",
                 "--db", built_seed_db)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["model", "total_params_b"]
    dashes = lines[1].split("  ")
    assert all(set(d) == {"-"} for d in dashes)
    assert lines[2].rindex(" 32") + 1 == lines[0].index("total_params_b")  # values start under their header
    assert lines[-1] == "(4 rows)"


def test_query_parameters_bind_as_text_literals_cast_by_context(built_seed_db: Path) -> None:
    want = fetch(built_seed_db, "select count(*) from measurements where value > 50 and source_line <= 20")[0][0]
    result = run("query", "select count(*) as n from measurements where value > $v and source_line <= $line",
                 "-p", "v", "50", "-p", "line", "20", "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"n\n{want}\n"
    # a numeric-looking value compared with text stays text (no conversion error)
    text = run("query", "select count(*) as n from measurements where model = $m", "-p", "m", "7",
               "--db", built_seed_db, "--format", "csv")
    assert text.exit_code == 0, text.output
    assert text.stdout == "n\n0\n"
    typed = run("query", "select $v::DOUBLE * 2 as x", "-p", "v", "2.5", "--db", built_seed_db, "--format", "csv")
    assert typed.stdout == "x\n5.0\n"


def test_query_missing_parameter_is_a_clear_error(built_seed_db: Path) -> None:
    result = run("query", "select * from measurements where model = $m", "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert result.output.startswith("benchdb: ") and "m" in result.output


def test_query_runs_one_statement_only(built_seed_db: Path) -> None:
    result = run("query", "select 1; select 2", "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    assert "one SQL statement" in result.output


def test_query_cannot_write_or_read_other_files(built_seed_db: Path, tmp_path: Path) -> None:
    target = tmp_path / "leak.csv"
    for sql in (f"copy (select * from measurements) to '{target}'",
                f"attach '{tmp_path / 'other.duckdb'}' as other",
                "select * from read_csv('/etc/hostname')"):
        result = run("query", sql, "--db", built_seed_db)
        assert result.exit_code == 2, (sql, result.output)
        no_traceback(result)
        assert "disabled by configuration" in result.output, result.output
    assert not target.exists() and not (tmp_path / "other.duckdb").exists()


def test_run_query_is_the_library_behind_the_cli(built_seed_db: Path) -> None:
    columns, rows = run_query(built_seed_db, "select model from models where model = $m", {"m": "R1-Qwen"})
    assert (columns, rows) == (["model"], [("R1-Qwen",)])
    with pytest.raises(QueryError, match="no_such_view"):
        run_query(built_seed_db, "select * from no_such_view")


# ----------------------------------------------------------------------------- views

def test_views_lists_every_public_view_with_comments_and_columns(built_seed_db: Path) -> None:
    result = run("views", "--db", built_seed_db, "--format", "json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    names = [v["name"] for v in listed]
    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        assert names == public_views(con)
        columns = {(t, c): (d, m) for t, c, d, m in con.execute(
            "select table_name, column_name, data_type, comment from duckdb_columns() where table_name in "
            "(select view_name from duckdb_views() where not internal)").fetchall()}
    finally:
        con.close()
    assert CONTRACT_VIEWS | QUALITY_VIEWS <= set(names)
    for view in listed:
        assert view["comment"], view["name"]
        assert view["columns"], view["name"]
        for column in view["columns"]:
            assert (column["type"], column["comment"]) == columns[(view["name"], column["name"])]
            assert column["comment"], (view["name"], column["name"])


def test_views_text_shows_descriptions_and_column_types(built_seed_db: Path) -> None:
    result = run("views", "param_frontier", "--db", built_seed_db)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("param_frontier: The rows of score_per_parameter with on_frontier")
    on_frontier = next(line for line in lines if line.split()[0] == "on_frontier")
    assert on_frontier.split()[1] == "BOOLEAN" and "True when" in on_frontier
    assert len(lines) == 1 + len(describe_views(built_seed_db, ["param_frontier"])[0].columns)


def test_views_markdown(built_seed_db: Path) -> None:
    result = run("views", "conflicts", "skipped_values", "--db", built_seed_db, "--format", "markdown")
    assert result.exit_code == 0, result.output
    assert result.stdout.index("### `conflicts`") < result.stdout.index("### `skipped_values`")
    assert "| `spread` " in result.stdout


def test_views_unknown_name_exits_2(built_seed_db: Path) -> None:
    result = run("views", "nope", "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert "no such view: nope" in result.output and "measurements" in result.output


def test_views_of_missing_db_exits_2(tmp_path: Path) -> None:
    result = run("views", "--db", tmp_path / "missing.duckdb")
    assert result.exit_code == 2, result.output
    assert "not found" in result.output
    assert not (tmp_path / "missing.duckdb").exists()


# ----------------------------------------------------------------------------- data-quality views

def test_conflicts_has_every_value_of_groups_that_sources_disagree_on(built_seed_db: Path) -> None:
    groups = fetch(built_seed_db, """
        select model, benchmark, metric, setting, unit, count(*), count(distinct source), min(value), max(value)
        from measurements group by all
        having count(distinct source) > 1 and min(value) < max(value)""")
    assert groups, "the seeds have two describers of the same figure that disagree"
    rows = fetch(built_seed_db, """
        select model, benchmark, metric, setting, unit, value, source, source_line, quote, spread, min_value,
               max_value, median_value, deviation, n_values, n_sources
        from conflicts""")
    assert len(rows) == sum(g[5] for g in groups)
    by_group = {g[:5]: g for g in groups}
    for row in rows:
        group = by_group[row[:5]]
        assert row[9] == pytest.approx(group[8] - group[7]) and row[9] > 0
        assert (row[10], row[11], row[14], row[15]) == (group[7], group[8], group[5], group[6])
        assert row[13] == pytest.approx(row[5] - row[12])
        assert row[8]  # the quote
    # every value of a conflicting group is there with its own line and quote
    measured = fetch(built_seed_db, "select source, source_line, quote, value from measurements where model = "
                     "'R1-Qwen' and benchmark = 'AIME 2024' and metric = 'pass@1' and setting = 'kv_budget=2500'")
    listed = fetch(built_seed_db, "select source, source_line, quote, value from conflicts where model = 'R1-Qwen' "
                   "and benchmark = 'AIME 2024' and metric = 'pass@1' and setting = 'kv_budget=2500'")
    assert sorted(listed) == sorted(measured) and len({r[0] for r in listed}) == 2


def test_conflicts_ignores_agreement_and_single_sources(tmp_path: Path, seed_docs: Path) -> None:
    from benchdb.etl.pipeline import refresh

    docs = tmp_path / "docs"
    docs.mkdir()
    one = next(p for p in sorted(seed_docs.iterdir()) if p.name.startswith("000_"))
    shutil.copyfile(one, docs / "a.txt")
    shutil.copyfile(one, docs / "b.txt")  # two sources giving identical values: no conflict
    db = tmp_path / "bench.duckdb"
    refresh(docs, db)
    assert fetch(db, "select count(*) from measurements")[0][0] > 0
    assert fetch(db, "select count(*) from conflicts") == [(0,)]


def test_param_conflicts_and_skipped_values_are_queryable(built_seed_db: Path) -> None:
    conflicts = fetch(built_seed_db, "select model, param_kind, name_params_b, figure_median_params_b, "
                      "resolved_params_b from param_conflicts order by model")
    assert ("Qwen3-14B", "total", 14.0, 32.0, 14.0) in conflicts  # the name wins over the figure
    models = dict(fetch(built_seed_db, "select model, total_params_b from models"))
    for model, kind, name_b, _figure_b, resolved in conflicts:
        if kind == "total":
            assert models[model] == resolved
    skipped = fetch(built_seed_db, "select source, source_line, reason from skipped_values")
    assert skipped and all(reason for _s, _l, reason in skipped)


# ----------------------------------------------------------------------------- SQLAlchemy, read-only

def test_sqlalchemy_read_only_url_queries_views_and_refuses_writes(built_seed_db: Path) -> None:
    want = fetch(built_seed_db, "select count(*) from measurements where model = 'R1-Qwen'")[0][0]
    engine = sa.create_engine(read_only_url(built_seed_db), poolclass=NullPool)
    try:
        with engine.connect() as conn:
            count = conn.execute(sa.text("select count(*) from measurements where model = :m"),
                                 {"m": "R1-Qwen"}).scalar_one()
            assert count == want
            assert set(sa.inspect(conn).get_view_names()) >= CONTRACT_VIEWS | QUALITY_VIEWS
            with pytest.raises(sa.exc.DBAPIError, match="read-only|read only"):
                conn.execute(sa.text("create table scratch (x integer)"))
    finally:
        engine.dispose()


# ----------------------------------------------------------------------------- SQLAlchemy reflection

#: DuckDB column types and the SQLAlchemy type classes they must reflect as.
REFLECTED_TYPES = {"VARCHAR": sa.String, "INTEGER": sa.Integer, "BIGINT": sa.BigInteger, "DOUBLE": sa.Float,
                   "BOOLEAN": sa.Boolean, "TIMESTAMP": sa.DateTime}


def benchdb_url(db: Path) -> str:
    """The reflection-capable URL documented in the README (etl/dialect.py)."""
    return f"duckdb+benchdb:///{db.resolve()}?access_mode=read_only"


def _catalog(db: Path) -> tuple[list[str], list[str], dict[str, list[tuple[str, str, str | None]]], dict]:
    """(public views: those with a COMMENT ON VIEW, base tables, {relation: [(column, type, comment)]},
    {relation: comment}) straight from DuckDB's catalog."""
    views = [r[0] for r in fetch(db, "select view_name from duckdb_views() where not internal and schema_name = "
                                     "'main' and comment is not null order by 1")]
    tables = [r[0] for r in fetch(db, "select table_name from duckdb_tables() where not internal and schema_name = "
                                      "'main' order by 1")]
    columns: dict[str, list[tuple[str, str, str | None]]] = {}
    for table, name, dtype, comment in fetch(db, "select table_name, column_name, data_type, comment from "
                                                 "duckdb_columns() where schema_name = 'main' and not internal "
                                                 "order by table_name, column_index"):
        columns.setdefault(table, []).append((name, dtype, comment))
    comments = dict(fetch(db, "select view_name, comment from duckdb_views() where schema_name = 'main' union all "
                              "select table_name, comment from duckdb_tables() where schema_name = 'main'"))
    return views, tables, columns, comments


def _assert_reflected_columns(reflected: list[dict], expected: list[tuple[str, str, str | None]], what: str) -> None:
    assert [c["name"] for c in reflected] == [name for name, _t, _c in expected], what
    for column, (name, dtype, comment) in zip(reflected, expected, strict=True):
        assert not isinstance(column["type"], sa.types.NullType), (what, name, dtype)
        if dtype in REFLECTED_TYPES:
            assert isinstance(column["type"], REFLECTED_TYPES[dtype]), (what, name, dtype, column["type"])
        assert column.get("comment") == comment, (what, name)


def test_sqlalchemy_reflects_every_public_view(built_seed_db: Path) -> None:
    """What Superset and pandas call first, through the real driver: every public view's
    name, columns with types and comments, definition and comment; read_sql_table and
    read_sql_query return its rows."""
    import pandas as pd

    views, _tables, columns, comments = _catalog(built_seed_db)
    assert CONTRACT_VIEWS | QUALITY_VIEWS <= set(views)
    counts = {v: fetch(built_seed_db, f'select count(*) from "{v}"')[0][0] for v in views}
    engine = sa.create_engine(benchdb_url(built_seed_db), poolclass=NullPool)
    try:
        inspector = sa.inspect(engine)
        assert set(inspector.get_view_names()) >= set(views)
        for view in views:
            _assert_reflected_columns(inspector.get_columns(view), columns[view], view)
            assert inspector.get_table_comment(view) == {"text": comments[view]}
            definition = inspector.get_view_definition(view)
            assert definition.startswith("CREATE VIEW") and view in definition
            assert inspector.get_pk_constraint(view)["constrained_columns"] == []
            with engine.connect() as conn:
                table = sa.Table(view, sa.MetaData(), autoload_with=conn)
                assert table.comment == comments[view]
                frame = pd.read_sql_table(view, conn)
                assert list(frame.columns) == [name for name, _t, _c in columns[view]]
                assert len(frame) == counts[view]
                queried = pd.read_sql_query(sa.text(f'select count(*) as n from "{view}"'), conn)
                assert int(queried["n"][0]) == counts[view]
    finally:
        engine.dispose()
    frontier = pd.read_sql_query(
        sa.text("select model, params_b from param_frontier where benchmark = :b and param_kind = 'total' "
                "and on_frontier order by params_b"), benchdb_url(built_seed_db), params={"b": "AIME 2025"})
    assert list(frontier.itertuples(index=False, name=None)) == [("Mistral3-3B", 3.0), ("DASD-4B-Thinking", 4.0)]


def test_sqlalchemy_reflects_the_star_tables_with_keys(built_seed_db: Path) -> None:
    _views, tables, columns, comments = _catalog(built_seed_db)
    keys = {}
    for table, kind, cols in fetch(built_seed_db, "select table_name, constraint_type, constraint_column_names "
                                                  "from duckdb_constraints() where constraint_type in "
                                                  "('PRIMARY KEY', 'UNIQUE') and schema_name = 'main'"):
        keys.setdefault((table, kind), []).append(list(cols))
    engine = sa.create_engine(benchdb_url(built_seed_db), poolclass=NullPool)
    try:
        inspector = sa.inspect(engine)
        assert inspector.get_table_names() == tables
        star = {"fact_measurement", "dim_model", "dim_benchmark", "dim_metric", "dim_config", "dim_source"}
        assert star <= set(tables)
        for table in tables:
            _assert_reflected_columns(inspector.get_columns(table), columns[table], table)
            pk = inspector.get_pk_constraint(table)
            assert [pk["constrained_columns"]] == keys.get((table, "PRIMARY KEY"), [[]]), table
            uniques = [u["column_names"] for u in inspector.get_unique_constraints(table)]
            assert sorted(uniques) == sorted(keys.get((table, "UNIQUE"), [])), table
            assert inspector.get_table_options(table) == {}
            assert inspector.get_table_comment(table) == {"text": comments[table]}
        referred = {fk["referred_table"] for fk in inspector.get_foreign_keys("fact_measurement")}
        assert {"dim_model", "dim_benchmark", "dim_metric", "dim_config", "dim_source"} <= referred
        with engine.connect() as conn:
            fact = sa.Table("fact_measurement", sa.MetaData(), autoload_with=conn)
            assert [c.name for c in fact.primary_key] == ["measurement_id"]
            model = sa.Table("dim_model", sa.MetaData(), autoload_with=conn)
            rows = conn.execute(sa.select(model.c.model).where(model.c.model == "R1-Qwen")).all()
            assert rows == [("R1-Qwen",)]
    finally:
        engine.dispose()


def test_reflection_under_the_schema_names_the_dialect_lists(built_seed_db: Path) -> None:
    """Superset lists schemas first and reflects within one: 'bench.main' (database.schema)."""
    views, tables, columns, _comments = _catalog(built_seed_db)
    n_models = fetch(built_seed_db, "select count(*) from models")[0][0]
    engine = sa.create_engine(benchdb_url(built_seed_db), poolclass=NullPool)
    try:
        inspector = sa.inspect(engine)
        schema = f"{built_seed_db.stem}.main"
        assert schema in inspector.get_schema_names()
        assert set(inspector.get_view_names(schema=schema)) >= set(views)
        assert inspector.get_table_names(schema=schema) == tables
        _assert_reflected_columns(inspector.get_columns("measurements", schema=schema), columns["measurements"],
                                  "measurements")
        assert inspector.get_pk_constraint("dim_model", schema=schema)["constrained_columns"] == ["model_id"]
        with engine.connect() as conn:
            models = sa.Table("models", sa.MetaData(), schema=schema, autoload_with=conn)
            assert conn.execute(sa.select(sa.func.count()).select_from(models)).scalar_one() == n_models
    finally:
        engine.dispose()


def test_benchdb_dialect_is_duckdb_engine_with_its_name(built_seed_db: Path) -> None:
    """The registered dialect keeps duckdb_engine's name (Alembic's impl, @compiles rules)
    and its read-only URL settings."""
    engine = sa.create_engine(benchdb_url(built_seed_db), poolclass=NullPool)
    try:
        assert (engine.dialect.name, engine.dialect.driver) == ("duckdb", "benchdb")
        with engine.connect() as conn:
            with pytest.raises(sa.exc.DBAPIError, match="read-only|read only"):
                conn.execute(sa.text("create table scratch (x integer)"))
    finally:
        engine.dispose()


def _benchdb() -> list[str]:
    script = Path(sys.executable).with_name("benchdb")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "benchdb.etl.cli"]


def _corpus(seed_docs: Path, dst: Path, copies: int) -> Path:
    """The seeds plus `copies` renamed copies of each (identical values: every copy is a new document)."""
    shutil.copytree(seed_docs, dst)
    for i in range(copies):
        for doc in sorted(seed_docs.iterdir()):
            shutil.copyfile(doc, dst / f"{doc.stem}_copy{i:03d}{doc.suffix}")
    return dst


def test_sqlalchemy_connections_keep_working_while_a_refresh_publishes(built_seed_db: Path, seed_docs: Path,
                                                                      tmp_path: Path) -> None:
    """A real `benchdb refresh` runs in another process while this one queries the same file
    through SQLAlchemy, a new read-only connection per query (Superset's default): every
    query succeeds and sees one consistent version, old before the publish and new after."""
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    copies = 100  # 505 documents: a refresh of a few seconds on 2 cores
    corpus = _corpus(seed_docs, tmp_path / "docs", copies)
    new_total = SEED_MEASUREMENTS * (copies + 1)
    old_run = fetch(db, "select max(run_id) from refresh_runs")[0][0]
    snapshot_sql = sa.text("select (select count(*) from measurements), (select max(run_id) from refresh_runs)")

    engine = sa.create_engine(read_only_url(db), poolclass=NullPool)
    observations: list[tuple[bool, tuple[int, int]]] = []
    proc = subprocess.Popen([*_benchdb(), "refresh", "--source", corpus, "--db", db, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            running_before = proc.poll() is None
            with engine.connect() as conn:
                seen = tuple(conn.execute(snapshot_sql).one())
            observations.append((running_before and proc.poll() is None, seen))
            if not running_before:
                break
            time.sleep(0.05)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, 9)
            proc.wait()
    try:
        assert proc.returncode == 0, err
        summary = json.loads(out)
        assert summary["published"] and summary["measurements"] == new_total
        during = [seen for concurrent, seen in observations if concurrent]
        assert len(during) >= 3, f"only {len(during)} queries overlapped the refresh: {observations}"
        for _concurrent, seen in observations:
            assert seen in {(SEED_MEASUREMENTS, old_run), (new_total, summary["run_id"])}, seen
        assert during[0] == (SEED_MEASUREMENTS, old_run)
        assert observations[-1][1] == (new_total, summary["run_id"])  # a new connection sees the new file
    finally:
        engine.dispose()
    assert not db.with_name(db.name + ".staging").exists() and not db.with_name(db.name + ".wal").exists()


def test_a_connection_held_open_pins_the_old_file_for_its_whole_process(built_seed_db: Path,
                                                                          tmp_path: Path) -> None:
    """What the README warns BI setups about: DuckDB shares one database instance between
    all connections of a process to the same path, so while any of them stays open, new
    connections in that process keep seeing the file as it was; once all are closed, a new
    connection sees the published replacement."""
    db = tmp_path / "bench.duckdb"
    shutil.copyfile(built_seed_db, db)
    replacement = tmp_path / "new.duckdb"
    shutil.copyfile(built_seed_db, replacement)
    con = duckdb.connect(str(replacement))
    con.execute("delete from fact_measurement where model_id in (select model_id from dim_model "
                "where model = 'R1-Qwen')")
    con.close()
    fewer = fetch(replacement, "select count(*) from measurements")[0][0]
    assert fewer < SEED_MEASUREMENTS

    engine = sa.create_engine(read_only_url(db), poolclass=NullPool)
    count = sa.text("select count(*) from measurements")
    held = engine.connect()
    try:
        assert held.execute(count).scalar_one() == SEED_MEASUREMENTS
        os.replace(replacement, db)  # what a refresh's publish does
        with engine.connect() as conn:
            assert conn.execute(count).scalar_one() == SEED_MEASUREMENTS  # pinned by `held`
    finally:
        held.close()
    with engine.connect() as conn:
        assert conn.execute(count).scalar_one() == fewer
    engine.dispose()


# ----------------------------------------------------------------------------- DuckDB 1.5 client

_NETWORK_TROUBLE = ("Could not find a version that satisfies", "No matching distribution", "NewConnectionError",
                    "Max retries exceeded", "Temporary failure in name resolution", "Name or service not known",
                    "Network is unreachable", "Connection refused", "timed out", "ProxyError")


def _cache_root() -> Path:
    return Path(os.environ.get("BENCHDB_TEST_CACHE") or Path.home() / ".cache" / "benchdb-tests")


def duckdb_15_python() -> Path:
    """The interpreter of a cached virtual environment holding duckdb==DUCKDB_15 (created
    on first use, under a lock; a half-built one is rebuilt). Skips the calling test when
    the package index cannot be reached; fails on any other installation error."""
    root = _cache_root()
    root.mkdir(parents=True, exist_ok=True)
    venv = root / f"duckdb-{DUCKDB_15}-py{sys.version_info.major}{sys.version_info.minor}"
    python = venv / "bin" / "python"
    ready = venv / ".benchdb-ready"
    with FileLock(str(venv) + ".lock", timeout=900):
        if ready.is_file() and python.exists():
            return python
        shutil.rmtree(venv, ignore_errors=True)
        base = getattr(sys, "_base_executable", sys.executable)
        subprocess.run([base, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=300)
        install = subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"duckdb=={DUCKDB_15}"],
            capture_output=True, text=True, timeout=900)
        if install.returncode != 0:
            shutil.rmtree(venv, ignore_errors=True)
            output = install.stdout + install.stderr
            if any(marker in output for marker in _NETWORK_TROUBLE):
                pytest.skip(f"package index unreachable, cannot install duckdb=={DUCKDB_15}: "
                            f"{output.strip().splitlines()[-1]}")
            raise AssertionError(f"pip install duckdb=={DUCKDB_15} failed:\n{output}")
        ready.write_text(DUCKDB_15 + "\n")
    return python


_CLIENT_15 = r"""
import json, sys
import duckdb
db, parquet_dir, native_2_0 = sys.argv[1:4]
report = {"version": duckdb.__version__, "views": {}, "parquet": {}}
con = duckdb.connect(db, read_only=True)
views = [r[0] for r in con.execute(
    "select view_name from duckdb_views() where not internal and schema_name = 'main' order by 1").fetchall()]
for view in views:
    rows = con.execute('select * from "' + view.replace('"', '""') + '"').fetchall()  # every column decoded
    report["views"][view] = len(rows)
report["frontier"] = con.execute(
    "select model, params_b, value from param_frontier where benchmark = 'AIME 2025' and param_kind = 'total' "
    "and on_frontier order by params_b").fetchall()
con.close()
for view in views:
    report["parquet"][view] = duckdb.sql(
        "select count(*) from read_parquet($p)", params={"p": parquet_dir + "/" + view + ".parquet"}).fetchall()[0][0]
try:
    duckdb.connect(native_2_0, read_only=True).close()
    report["native_2_0"] = "opened"
except Exception as exc:
    report["native_2_0"] = str(exc)
print(json.dumps(report))
"""


def test_duckdb_15_client_opens_the_published_warehouse(built_seed_db: Path, tmp_path: Path) -> None:
    """DuckDB 1.5 (the version BI connectors bundle) opens the file a refresh published,
    queries every public view and reads the Parquet export; a file in DuckDB 2.0's own
    storage format, by contrast, it cannot open, which is why refresh writes v1.5.0."""
    python = duckdb_15_python()
    export = tmp_path / "export"
    export_views(built_seed_db, export, "parquet")
    native = tmp_path / "native-2.0.duckdb"
    con = duckdb.connect(str(native))  # DuckDB 2.0's default storage
    con.execute("create table t as select 1 as x")
    con.close()

    done = subprocess.run([str(python), "-c", _CLIENT_15, str(built_seed_db), str(export), str(native)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["version"] == DUCKDB_15

    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        views = public_views(con)
        counts = {v: con.execute(f'select count(*) from "{v}"').fetchall()[0][0] for v in views}
        frontier = con.execute("select model, params_b, value from param_frontier where benchmark = 'AIME 2025' "
                               "and param_kind = 'total' and on_frontier order by params_b").fetchall()
    finally:
        con.close()
    assert report["views"] == counts  # every public view, same rows
    assert report["parquet"] == counts
    assert [tuple(r) for r in report["frontier"]] == frontier
    assert report["native_2_0"] != "opened", "DuckDB 1.5 opened a 2.0-format file: is v1.5.0 still needed?"
    assert "version" in report["native_2_0"], report["native_2_0"]  # "... version number 69, ... 64 and 68"
