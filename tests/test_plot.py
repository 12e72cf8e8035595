"""`benchdb plot` / `etl.plot`: the files are written, and the frontier drawn is the
view's (the plot functions return what they drew; compared with a query of the view)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner, Result

from benchdb.etl.cli import main
from benchdb.etl.plot import PlotError, PlotPoint, plot_params, plot_throughput
from tests._contract import fetch

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])




@pytest.mark.parametrize(("benchmark", "param_kind"), [("AIME 2025", "total"), ("MathVision", "active"),
                                                       ("MathVision", "total")])
def test_params_plot_draws_the_views_frontier(built_seed_db: Path, tmp_path: Path, benchmark: str,
                                              param_kind: str) -> None:
    out = tmp_path / "params.png"
    result = plot_params(built_seed_db, benchmark, out, param_kind=param_kind)
    assert out.read_bytes().startswith(PNG_MAGIC) and out.stat().st_size > 10_000
    want = fetch(built_seed_db, "select model, params_b, value from param_frontier where benchmark = $b and "
                 "param_kind = $k and on_frontier order by params_b", {"b": benchmark, "k": param_kind})
    assert want, "the seeds have a frontier here"
    assert [(p.label, p.x, p.y) for p in result.frontier] == want
    every = fetch(built_seed_db, "select model, params_b, value from param_frontier where benchmark = $b and "
                  "param_kind = $k", {"b": benchmark, "k": param_kind})
    assert sorted((p.label, p.x, p.y) for p in result.points) == sorted(every)
    assert result.group["benchmark"] == benchmark and result.group["param_kind"] == param_kind


def test_throughput_plot_draws_the_views_frontier(built_seed_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "throughput.svg"
    result = plot_throughput(built_seed_db, "R1-Qwen", "AIME 2025", out)
    text = out.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    want = fetch(built_seed_db, "select setting, throughput, accuracy from throughput_frontier where model = $m "
                 "and benchmark = $b and on_frontier order by throughput", {"m": "R1-Qwen", "b": "AIME 2025"})
    assert len(want) >= 2
    assert [(p.label, p.x, p.y) for p in result.frontier] == want
    assert len(result.points) == fetch(built_seed_db, "select count(*) from throughput_frontier where model = "
                                       "'R1-Qwen' and benchmark = 'AIME 2025'")[0][0]
    for label in {p.label for p in result.points}:
        assert label in text  # every point is labelled


def test_plot_cli_writes_the_file_and_names_the_frontier(built_seed_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "aime.png"
    result = run("plot", "params", "--benchmark", "AIME 2025", "--param-kind", "total", "--out", out,
                 "--db", built_seed_db)
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(PNG_MAGIC)
    assert "2 on the frontier: Mistral3-3B, DASD-4B-Thinking" in result.stdout
    out2 = tmp_path / "kv.png"
    result = run("plot", "throughput", "--model", "R1-Qwen", "--benchmark", "AIME 2025", "--out", out2,
                 "--db", built_seed_db)
    assert result.exit_code == 0, result.output
    assert out2.read_bytes().startswith(PNG_MAGIC)
    assert "on the frontier: kv_budget=4500, kv_budget=3000, kv_budget=2500" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["params", "--benchmark", "No Such Bench"], "no total-parameter scores for benchmark 'No Such Bench'"),
    (["params", "--benchmark", "AIME 2025", "--metric", "accuracy"], "with that selection"),
    (["throughput", "--model", "Nobody", "--benchmark", "AIME 2025"], "no accuracy/throughput pairs"),
])
def test_plot_of_nothing_exits_2(built_seed_db: Path, tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "x.png"
    result = run("plot", *args, "--out", out, "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and message in result.output
    assert not out.exists()


@pytest.mark.parametrize("name", ["chart.jpg", "missing-folder/chart.png"])
def test_plot_bad_output_path_exits_2(built_seed_db: Path, tmp_path: Path, name: str) -> None:
    result = run("plot", "params", "--benchmark", "AIME 2025", "--out", tmp_path / name, "--db", built_seed_db)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("benchdb: --out") or "folder not found" in result.output


@pytest.fixture
def two_settings_db(tmp_path: Path) -> Path:
    """A file whose param_frontier (a plain table: the plots read only that name) holds one
    benchmark under two settings, with a tie on the frontier."""
    db = tmp_path / "tiny.duckdb"
    con = duckdb.connect(str(db))
    con.execute("""create table param_frontier as select * from (values
        ('B', 'accuracy', 'method=A', '%', 'm1', 'total', 1.0, 50.0, true),
        ('B', 'accuracy', 'method=A', '%', 'm2', 'total', 2.0, 60.0, true),
        ('B', 'accuracy', 'method=A', '%', 'm2b', 'total', 2.0, 60.0, true),
        ('B', 'accuracy', 'method=A', '%', 'm3', 'total', 3.0, 55.0, false),
        ('B', 'accuracy', 'method=B', '%', 'm1', 'total', 1.0, 40.0, true)
        ) as t(benchmark, metric, setting, unit, model, param_kind, params_b, value, on_frontier)""")
    con.close()
    return db


def test_params_plot_asks_to_choose_between_frontier_groups(two_settings_db: Path, tmp_path: Path) -> None:
    with pytest.raises(PlotError, match="2 groups, choose one with --metric / --setting / --unit") as info:
        plot_params(two_settings_db, "B", tmp_path / "b.png")
    assert "setting=method=A" in str(info.value) and "setting=method=B" in str(info.value)
    result = plot_params(two_settings_db, "B", tmp_path / "b.png", setting="method=A")
    assert result.frontier == [PlotPoint("m1", 1.0, 50.0), PlotPoint("m2", 2.0, 60.0), PlotPoint("m2b", 2.0, 60.0)]
    assert len(result.points) == 4
    assert plot_params(two_settings_db, "B", tmp_path / "c.png", setting="method=A", unit="%").frontier == \
        result.frontier
    with pytest.raises(PlotError, match="with that selection"):
        plot_params(two_settings_db, "B", tmp_path / "d.png", unit="")


def test_plot_of_a_file_without_the_views_exits_2(tmp_path: Path) -> None:
    db = tmp_path / "other.duckdb"
    con = duckdb.connect(str(db))
    con.execute("create table t (x integer)")
    con.close()
    result = run("plot", "params", "--benchmark", "B", "--out", tmp_path / "x.png", "--db", db)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "cannot read the view" in result.output
