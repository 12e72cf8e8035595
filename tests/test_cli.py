"""The `benchdb` command line through click's CliRunner: exit codes, output formats,
bound parameters, and read-only queries.

Exit codes (etl/cli.py): 0 published, 1 nothing could be published, 2 bad usage or SQL
error, 3 another refresh holds the lock.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click
import duckdb
import pytest
from click.testing import CliRunner, Result

from benchdb.etl.cli import main

SEED_MEASUREMENTS = 135


def run(*args: str | Path, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], input=stdin)


def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


# ----------------------------------------------------------------------------- refresh

def test_refresh_prints_a_summary(seeds_copy: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    result = run("refresh", "--source", seeds_copy, "--db", db)
    assert result.exit_code == 0, result.output
    no_traceback(result)
    assert db.is_file()
    out = result.stdout
    assert "published" in out
    assert "5 seen" in out and "5 new" in out
    assert f"{SEED_MEASUREMENTS} in the warehouse" in out

    again = run("refresh", "--source", seeds_copy, "--db", db)
    assert again.exit_code == 0, again.output
    assert "5 unchanged" in again.stdout


def test_refresh_json_prints_one_object(seeds_copy: Path, tmp_path: Path) -> None:
    result = run("refresh", "--source", seeds_copy, "--db", tmp_path / "bench.duckdb", "--json")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    summary = json.loads(lines[0])
    assert isinstance(summary, dict)
    assert summary["documents_seen"] == 5
    assert summary["measurements"] == SEED_MEASUREMENTS
    assert summary["published"] is True
    assert summary["failures"] == []


def test_refresh_defaults_to_the_bundled_seeds_and_bench_duckdb(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no ./seeds here: the seeds installed with the package are used
    result = run("refresh", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert (summary["documents_seen"], summary["measurements"]) == (5, SEED_MEASUREMENTS)
    assert (tmp_path / "bench.duckdb").is_file()
    query = run("query", "select count(*) as n from measurements", "--format", "csv")
    assert query.stdout == f"n\n{SEED_MEASUREMENTS}\n"


def test_refresh_of_missing_source_exits_1(tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    result = run("refresh", "--source", tmp_path / "no-such-folder", "--db", db)
    assert result.exit_code == 1, result.output
    no_traceback(result)
    assert "not found" in result.output
    assert not db.exists()


def test_refresh_reports_failed_documents_and_still_exits_0(seeds_copy: Path, tmp_path: Path) -> None:
    (seeds_copy / "empty.txt").write_bytes(b"")
    result = run("refresh", "--source", seeds_copy, "--db", tmp_path / "bench.duckdb")
    assert result.exit_code == 0, result.output
    assert "1 failed" in result.stdout
    assert "failed: empty.txt: empty file" in result.stdout


def test_refresh_while_another_holds_the_lock_exits_3(seeds_copy: Path, tmp_path: Path) -> None:
    from filelock import FileLock

    db = tmp_path / "bench.duckdb"
    with FileLock(str(db) + ".lock"):
        result = run("refresh", "--source", seeds_copy, "--db", db)
    assert result.exit_code == 3, result.output
    no_traceback(result)
    assert "another refresh" in result.output
    assert not db.exists()


def test_refresh_onto_a_file_that_is_not_a_database_exits_1(seeds_copy: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    db.write_text("my notes, not a warehouse\n")
    result = run("refresh", "--source", seeds_copy, "--db", db)
    assert result.exit_code == 1, result.output
    no_traceback(result)
    assert "not a valid DuckDB database" in result.output
    assert db.read_text() == "my notes, not a warehouse\n"


# ----------------------------------------------------------------------------- query

def test_query_csv(built_seed_db: Path) -> None:
    result = run("query", "select count(*) as n from measurements", "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"n\n{SEED_MEASUREMENTS}\n"


def test_query_json_parses(built_seed_db: Path) -> None:
    result = run("query", "select model, value from measurements order by model, value", "--db", built_seed_db,
                 "--format", "json")
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert isinstance(records, list) and len(records) == SEED_MEASUREMENTS
    assert set(records[0]) == {"model", "value"}
    assert all(isinstance(r["value"], float) for r in records)


def test_query_table_and_csv_quote_properly(built_seed_db: Path) -> None:
    table = run("query", "select count(*) as n from measurements", "--db", built_seed_db)
    assert table.exit_code == 0, table.output
    assert str(SEED_MEASUREMENTS) in table.stdout and "(1 row)" in table.stdout
    tricky = run("query", "select 'a,b' as x, 'say \"hi\"' as y, NULL as z", "--db", built_seed_db,
                 "--format", "csv")
    assert tricky.exit_code == 0, tricky.output
    assert list(csv.reader(io.StringIO(tricky.stdout))) == [["x", "y", "z"], ["a,b", 'say "hi"', ""]]


def test_query_binds_named_parameters(built_seed_db: Path) -> None:
    con = duckdb.connect(str(built_seed_db), read_only=True)
    try:
        want = con.execute("select count(*) from measurements where model = 'R1-Qwen'").fetchall()[0][0]
    finally:
        con.close()
    assert want > 0
    result = run("query", "select count(*) as n from measurements where model = $m", "-p", "m", "R1-Qwen",
                 "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"n\n{want}\n"


def test_query_parameters_are_bound_not_interpolated(built_seed_db: Path) -> None:
    result = run("query", "select count(*) as n from measurements where model = $m", "-p", "m",
                 "x' or '1'='1", "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == "n\n0\n"


def test_query_reads_sql_from_stdin(built_seed_db: Path) -> None:
    result = run("query", "-", "--db", built_seed_db, "--format", "csv",
                 stdin="select count(*) as n from measurements")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"n\n{SEED_MEASUREMENTS}\n"


def test_query_sql_error_exits_2_without_traceback(built_seed_db: Path) -> None:
    result = run("query", "select no_such_column from measurements", "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert "benchdb:" in result.output
    assert "no_such_column" in result.output


def test_query_of_missing_db_exits_2(tmp_path: Path) -> None:
    db = tmp_path / "missing.duckdb"
    result = run("query", "select 1", "--db", db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert "not found" in result.output
    assert not db.exists(), "a query must not create a database"


def test_query_of_a_file_that_is_not_a_database_exits_2(tmp_path: Path) -> None:
    db = tmp_path / "notes.duckdb"
    db.write_text("not a database\n")
    result = run("query", "select 1", "--db", db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert "cannot open" in result.output


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_query_json_is_strict_json_for_non_finite_values(built_seed_db: Path, fmt: str) -> None:
    result = run("query", "select 'nan'::double as x, 'inf'::double as y", "--db", built_seed_db, "--format", fmt)
    assert result.exit_code == 0, result.output

    def reject(constant: str) -> None:
        raise ValueError(f"not JSON: {constant}")

    for line in (result.stdout.splitlines() if fmt == "jsonl" else [result.stdout]):
        json.loads(line, parse_constant=reject)


@pytest.mark.parametrize("sql", [
    "insert into fact_measurement (measurement_id, value) values (999999, 1.0)",
    "create table scratch (x integer)",
    "drop view measurements",
])
def test_query_connection_is_read_only(db_copy: Path, sql: str) -> None:
    before = db_copy.read_bytes()
    result = run("query", sql, "--db", db_copy)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert "read-only" in result.output.lower() or "read only" in result.output.lower()
    assert db_copy.read_bytes() == before
    count = run("query", "select count(*) as n from measurements", "--db", db_copy, "--format", "csv")
    assert count.stdout == f"n\n{SEED_MEASUREMENTS}\n"


# ----------------------------------------------------------------------------- :name, -h, BENCHDB_DB

def test_query_binds_colon_parameters_like_dollar_ones(built_seed_db: Path) -> None:
    dollar = run("query", "select count(*) as n from measurements where model = $m and value > $v::DOUBLE",
                 "-p", "m", "R1-Qwen", "-p", "v", "30", "--db", built_seed_db, "--format", "csv")
    colon = run("query", "select count(*) as n from measurements where model = :m and value > :v::DOUBLE",
                "-p", "m", "R1-Qwen", "-p", "v", "30", "--db", built_seed_db, "--format", "csv")
    assert dollar.exit_code == colon.exit_code == 0, (dollar.output, colon.output)
    assert colon.stdout == dollar.stdout and colon.stdout != "n\n0\n"


def test_query_leaves_casts_strings_and_comments_alone(built_seed_db: Path) -> None:
    result = run("query", "select ':m' as literal, 'a:b' as colon, 41::INTEGER + 1 as cast_, :m as bound -- :m",
                 "-p", "m", "x", "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == "literal,colon,cast_,bound\n:m,a:b,42,x\n"


def test_query_colon_parameter_without_a_value_is_a_clear_error(built_seed_db: Path) -> None:
    result = run("query", "select * from measurements where model = :m", "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert result.stderr.startswith("benchdb: ") and "m" in result.stderr


def _command_paths(group: click.Group = main, prefix: tuple[str, ...] = ()) -> list[list[str]]:
    """Every command and group of the CLI, as the argument lists that reach it."""
    paths = [list(prefix)]
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            paths += _command_paths(command, (*prefix, name))
        else:
            paths.append([*prefix, name])
    return paths


def _commands_with_db() -> list[list[str]]:
    def command_at(path: list[str]) -> click.Command:
        command: click.Command = main
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        return command

    return [path for path in _command_paths()
            if any(p.name == "db" for p in command_at(path).params)]


def test_h_is_help_everywhere() -> None:
    assert {"refresh", "query", "views", "export"} <= {p[0] for p in _command_paths() if p}
    for args in _command_paths():
        short, long = (CliRunner().invoke(main, [*args, flag], prog_name="benchdb") for flag in ("-h", "--help"))
        assert short.exit_code == 0, (args, short.output)
        assert short.stdout == long.stdout and "Usage: benchdb" in short.stdout, args


def test_benchdb_db_sets_every_commands_default_database(built_seed_db: Path, seeds_copy: Path,
                                                         tmp_path: Path) -> None:
    """A scheduled job and a shell share one setting: BENCHDB_DB, shown in every --help."""
    import subprocess
    import sys

    env_db = tmp_path / "env" / "bench.duckdb"
    runner = CliRunner(env={"BENCHDB_DB": str(env_db)})
    refreshed = runner.invoke(main, ["refresh", "--source", str(seeds_copy), "--json"])
    assert refreshed.exit_code == 0, refreshed.output
    assert env_db.is_file()
    views = runner.invoke(main, ["views", "--format", "json"])
    assert views.exit_code == 0 and "measurements" in views.stdout
    exported = runner.invoke(main, ["export", "--out", str(tmp_path / "export")])
    assert exported.exit_code == 0, exported.output
    # the installed console script, in a folder with no bench.duckdb
    script = Path(sys.executable).with_name("benchdb")
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "benchdb.etl.cli"]
    done = subprocess.run([*command, "query", "select count(*) as n from measurements", "--format", "csv"],
                          cwd=tmp_path, env={**__import__("os").environ, "BENCHDB_DB": str(env_db)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"n\n{SEED_MEASUREMENTS}\n"
    assert not (tmp_path / "bench.duckdb").exists()
    # --db still wins over the environment
    explicit = runner.invoke(main, ["query", "select count(*) as n from measurements", "--db", str(built_seed_db),
                                    "--format", "csv"])
    assert explicit.stdout == f"n\n{SEED_MEASUREMENTS}\n"
    with_db = _commands_with_db()
    assert {"refresh", "query", "views", "export"} <= {p[0] for p in with_db}
    for args in with_db:  # every command that takes --db, also ones added later
        assert "BENCHDB_DB" in run(*args, "--help").stdout, args


# ----------------------------------------------------------------------------- error and empty-result hints

def _internal_tables(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [r[0] for r in con.execute("select table_name from duckdb_tables() where not internal").fetchall()]
    finally:
        con.close()


@pytest.mark.parametrize(("sql", "meant"), [
    ("select * from measurement", "measurements"),
    ("select * from dim_mod", None),
    ("select * from fact_measurment", "measurements"),
    ("select *\nfrom\n  param_frontiers\nwhere on_frontier", "param_frontier"),
])
def test_a_misspelt_table_is_answered_with_public_views_only(built_seed_db: Path, sql: str,
                                                              meant: str | None) -> None:
    result = run("query", sql, "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    no_traceback(result)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchdb: Catalog Error: Table with name"), result.stderr
    for table in _internal_tables(built_seed_db):
        assert f'"{table}"' not in lines[0], lines[0]
    if meant:
        assert f'Did you mean "{meant}"' in lines[0]
    else:
        assert "benchdb views" in lines[0]


def test_other_multi_line_errors_become_one_line(built_seed_db: Path) -> None:
    result = run("query", "select modle\nfrom measurements", "--db", built_seed_db)
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and '"model"' in result.stderr and "^" not in result.stderr


def test_an_empty_result_on_a_written_benchmark_spelling_hints_at_the_canonical_one(built_seed_db: Path) -> None:
    result = run("query", "select model, value from measurements where benchmark = 'AIME24'",
                 "--db", built_seed_db, "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout == "model,value\n"  # stdout stays machine-readable
    assert result.stderr.splitlines() == [
        "benchdb: no benchmark is named 'AIME24'; did you mean 'AIME 2024'? "
        f"(see {_benchmark_reference(built_seed_db)})"]


def _benchmark_reference(db: Path) -> str:
    con = duckdb.connect(str(db), read_only=True)
    try:
        has_view = con.execute("select count(*) from duckdb_views() where view_name = 'benchmarks'").fetchall()[0][0]
    finally:
        con.close()
    return "the benchmarks view" if has_view else "the benchmark column of measurements"


def test_empty_result_hints_for_bound_models_and_benchmarks(built_seed_db: Path) -> None:
    result = run("query", "select * from measurements where model = :m and benchmark = $b", "-p", "m", "r1 owen",
                 "-p", "b", "gpqa-d", "--db", built_seed_db, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == []
    hints = result.stderr.splitlines()
    assert len(hints) == 2, hints
    assert hints[0].startswith("benchdb: no model is named 'r1 owen'; did you mean 'R1-Qwen'?")
    assert hints[1].startswith("benchdb: no benchmark is named 'gpqa-d'; did you mean 'GPQA Diamond'?")


def test_no_hint_when_the_names_are_canonical_or_rows_match(built_seed_db: Path) -> None:
    empty = run("query", "select * from measurements where model = 'R1-Qwen' and benchmark = 'MathVision'",
                "--db", built_seed_db, "--format", "csv")
    assert empty.exit_code == 0 and empty.stderr == ""
    rows = run("query", "select count(*) from measurements where benchmark = 'AIME24'", "--db", built_seed_db)
    assert rows.exit_code == 0 and rows.stderr == ""
    unknown = run("query", "select * from measurements where model = 'Completely-Unheard-Of-9000'",
                  "--db", built_seed_db, "--format", "csv")
    assert unknown.stderr.splitlines() == ["benchdb: no model is named 'Completely-Unheard-Of-9000' "
                                           "(see the models view)"]
