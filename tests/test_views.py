"""The warehouse views (sql/*.sql) on small synthetic star data.

The star is written directly (dims + facts), the views are applied with
``etl.load.views.apply_views``, and their rows are compared with a plain-Python
reference: medians per (model, benchmark, metric, setting, unit) and brute-force Pareto
frontiers. Hypothesis drives the frontier checks over small groups full of ties.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from benchdb.etl.load.star import build_resolved
from benchdb.etl.load.views import (
    ViewDefinitionError,
    ViewFile,
    apply_views,
    mentioned_names,
    order_views,
    read_view_file,
    view_files,
)
from benchdb.schema.tables import metadata
from tests._contract import CONTRACT_COLUMNS

# metric -> (is_higher_better, kind)
METRICS: dict[str, tuple[bool, str]] = {
    "accuracy": (True, "score"),
    "pass@1": (True, "score"),
    "win_rate": (True, "score"),
    "throughput": (True, "throughput"),
    "latency": (False, "latency"),
    "cost": (False, "cost"),
    "loss": (False, "loss"),
}
SCORE_METRICS = {m for m, (hib, kind) in METRICS.items() if hib and kind == "score"}
PARAM_KINDS = ("total", "active", "non_embedding")

Params = tuple[float | None, float | None, float | None]  # total, active, non_embedding (billions)



@dataclass(frozen=True)
class M:
    """One synthetic measurement, names canonical."""

    model: str
    benchmark: str
    metric: str
    value: float
    setting: str = ""
    unit: str | None = "%"
    source: str = "doc_a.txt"
    line: int = 1


# --------------------------------------------------------------------------- fixtures


def empty_warehouse(path: Path) -> duckdb.DuckDBPyConnection:
    """A connection to a new warehouse file at `path`: the full schema (created from the
    metadata) and the views applied, no rows."""
    engine = sa.create_engine(f"duckdb:///{path}")
    metadata.create_all(engine)
    engine.dispose()
    connection = duckdb.connect(str(path))
    apply_views(connection)
    return connection


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    """A warehouse file with the full schema and the views applied."""
    connection = empty_warehouse(tmp_path_factory.mktemp("views") / "bench.duckdb")
    yield connection
    connection.close()


@contextmanager
def star(
    con: duckdb.DuckDBPyConnection, ms: Sequence[M], params: dict[str, Params] | None = None
) -> Iterator[duckdb.DuckDBPyConnection]:
    """The (empty) star holding ``ms`` for the duration of the block, in a transaction rolled back after."""
    con.begin()
    try:
        load_star(con, ms, params or {})
        yield con
    finally:
        con.rollback()


def load_star(con: duckdb.DuckDBPyConnection, ms: Sequence[M], params: dict[str, Params]) -> None:
    """Insert ``ms`` into an empty star; ``params`` gives dim_model's counts (total, active, non_embedding)."""
    def ids(names: Iterable[str]) -> dict[str, int]:
        return {name: i for i, name in enumerate(sorted(set(names)), start=1)}

    model_ids = ids([m.model for m in ms] + list(params))
    benchmark_ids = ids(m.benchmark for m in ms)
    metric_ids = ids(METRICS)
    config_ids = ids(m.setting for m in ms)
    source_ids = ids(m.source for m in ms)

    con.executemany(
        "insert into dim_model (model_id, model, family, total_params_b, active_params_b, non_embedding_params_b,"
        " reference_total_params_b, reference_active_params_b, is_known) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(i, name, "fam", *params.get(name, (None, None, None)), None, None, False) for name, i in model_ids.items()],
    )
    if benchmark_ids:
        con.executemany(
            "insert into dim_benchmark (benchmark_id, benchmark, is_figure_scoped, is_known) values (?, ?, ?, ?)",
            [(i, name, False, True) for name, i in benchmark_ids.items()],
        )
    con.executemany(
        "insert into dim_metric (metric_id, metric, is_higher_better, kind) values (?, ?, ?, ?)",
        [(i, name, *METRICS[name]) for name, i in metric_ids.items()],
    )
    if config_ids:
        con.executemany(
            "insert into dim_config (config_id, setting) values (?, ?)", [(i, s) for s, i in config_ids.items()]
        )
    if source_ids:
        con.executemany(
            "insert into document (document_id, path, content_sha256, size_bytes, status) values (?, ?, ?, ?, ?)",
            [(i, path, f"sha{i}", 100, "loaded") for path, i in source_ids.items()],
        )
        con.executemany(
            "insert into dim_source (source_id, document_id, source, content_sha256, figure_title, chart_kind, panel)"
            " values (?, ?, ?, ?, ?, ?, ?)",
            [(i, i, path, f"sha{i}", "Figure", "bar", "") for path, i in source_ids.items()],
        )
    if ms:
        con.executemany(
            "insert into fact_measurement (measurement_id, source_id, model_id, benchmark_id, metric_id, config_id,"
            " value, unit, source_line, quote, is_approximate, model_as_written, benchmark_as_written)"
            " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (n, source_ids[m.source], model_ids[m.model], benchmark_ids[m.benchmark], metric_ids[m.metric],
                 config_ids[m.setting], m.value, m.unit, m.line, f"- {m.model}: {m.value}", False,
                 m.model.upper(), m.benchmark)
                for n, m in enumerate(ms, start=1)
            ],
        )
    build_resolved(con)  # the refresh resolves medians once, after loading the facts


def rows(con: duckdb.DuckDBPyConnection, query: str) -> list[dict[str, object]]:
    """Run ``query`` and return its rows as dicts."""
    cursor = con.execute(query)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, r)) for r in cursor.fetchall()]


# ----------------------------------------------------------------- Python reference

ResolvedKey = tuple[str, str, str, str, str | None]  # model, benchmark, metric, setting, unit


def resolve(ms: Sequence[M]) -> dict[ResolvedKey, float]:
    """Median per (model, benchmark, metric, setting, unit); None is a unit of its own."""
    groups: dict[ResolvedKey, list[float]] = defaultdict(list)
    for m in ms:
        groups[(m.model, m.benchmark, m.metric, m.setting, m.unit)].append(m.value)
    return {k: statistics.median(v) for k, v in groups.items()}


def pareto(points: dict[str, tuple[float, float]]) -> dict[str, bool]:
    """Brute force: a point (x, y), both higher-is-better, is on the frontier unless another point has
    x' >= x and y' >= y with one strict."""
    return {
        key: not any(
            x2 >= x and y2 >= y and (x2 > x or y2 > y) for other, (x2, y2) in points.items() if other != key
        )
        for key, (x, y) in points.items()
    }


SppKey = tuple[str, str, str, str | None, str, str]  # benchmark, metric, setting, unit, model, param_kind


def expected_param_frontier(ms: Sequence[M], params: dict[str, Params]) -> dict[SppKey, tuple[float, float, bool]]:
    """(benchmark, metric, setting, unit, model, param_kind) -> (params_b, value, on_frontier)."""
    spp: dict[SppKey, tuple[float, float]] = {}
    for (model, benchmark, metric, setting, unit), value in resolve(ms).items():
        if metric not in SCORE_METRICS:
            continue
        for kind, params_b in zip(PARAM_KINDS, params.get(model, (None, None, None))):
            if params_b is not None and params_b > 0:
                spp[(benchmark, metric, setting, unit, model, kind)] = (params_b, value)
    groups: dict[tuple[object, ...], dict[str, tuple[float, float]]] = defaultdict(dict)
    for key, (params_b, value) in spp.items():
        groups[key[:4] + key[5:]][key[4]] = (-params_b, value)  # fewer params is better
    flags = {g + (model,): flag for g, pts in groups.items() for model, flag in pareto(pts).items()}
    return {
        key: (params_b, value, flags[key[:4] + key[5:] + (key[4],)]) for key, (params_b, value) in spp.items()
    }


TfKey = tuple[str, str, str, str, str | None, str | None]  # model, benchmark, accuracy_metric, setting, units


def expected_throughput_frontier(ms: Sequence[M]) -> dict[TfKey, tuple[float, float, bool]]:
    """(model, benchmark, accuracy_metric, setting, accuracy_unit, throughput_unit) -> (acc, tput, on_frontier)."""
    resolved = resolve(ms)
    paired: dict[TfKey, tuple[float, float]] = {}
    for (model, benchmark, metric, setting, unit), acc in resolved.items():
        if metric not in SCORE_METRICS:
            continue
        for (t_model, t_bench, t_metric, t_setting, t_unit), tput in resolved.items():
            if (t_model, t_bench, t_metric, t_setting) == (model, benchmark, "throughput", setting):
                paired[(model, benchmark, metric, setting, unit, t_unit)] = (acc, tput)
    # one row per (model, benchmark, metric, setting): of several unit pairs, the one with most settings
    counts: dict[tuple[object, ...], int] = defaultdict(int)
    for key in paired:
        counts[key[:3] + key[4:]] += 1

    def rank(units: tuple[object, ...]) -> tuple[object, ...]:
        unit, t_unit = units[3], units[4]
        return (-counts[units], 0 if unit == "%" else 2 if unit is None else 1, unit is None, unit or "",
                t_unit is None, t_unit or "")

    kept = {min((u for u in counts if u[:3] == key[:3]), key=rank) for key in counts}
    paired = {key: point for key, point in paired.items() if key[:3] + key[4:] in kept}
    groups: dict[tuple[object, ...], dict[str, tuple[float, float]]] = defaultdict(dict)
    for key, point in paired.items():
        groups[key[:3] + key[4:]][key[3]] = point
    flags = {g: pareto(pts) for g, pts in groups.items()}
    return {key: (*point, flags[key[:3] + key[4:]][key[3]]) for key, point in paired.items()}


def actual_param_frontier(con: duckdb.DuckDBPyConnection) -> dict[SppKey, tuple[float, float, bool]]:
    got: dict[SppKey, tuple[float, float, bool]] = {}
    for r in rows(con, "select * from param_frontier"):
        key = (r["benchmark"], r["metric"], r["setting"], r["unit"], r["model"], r["param_kind"])
        assert key not in got, f"duplicate param_frontier row {key}"
        got[key] = (r["params_b"], r["value"], r["on_frontier"])  # type: ignore[assignment]
    return got


def actual_throughput_frontier(con: duckdb.DuckDBPyConnection) -> dict[TfKey, tuple[float, float, bool]]:
    got: dict[TfKey, tuple[float, float, bool]] = {}
    for r in rows(con, "select * from throughput_frontier"):
        key = (r["model"], r["benchmark"], r["accuracy_metric"], r["setting"], r["accuracy_unit"],
               r["throughput_unit"])
        assert key[:4] not in {k[:4] for k in got}, f"two throughput_frontier rows for {key[:4]}"  # the contract's grain
        got[key] = (r["accuracy"], r["throughput"], r["on_frontier"])  # type: ignore[assignment]
    return got


# ------------------------------------------------------------------ apply_views


def test_view_files_are_the_sql_package_files() -> None:
    names = {p.stem for p in view_files()}
    assert set(CONTRACT_COLUMNS) <= names
    assert all(p.suffix == ".sql" and p.is_file() for p in view_files())


def test_apply_views_orders_dependencies_first_and_reruns(con: duckdb.DuckDBPyConnection) -> None:
    applied = apply_views(con)
    assert sorted(applied) == sorted(p.stem for p in view_files())
    position = {name: i for i, name in enumerate(applied)}
    for path in view_files():
        vf = read_view_file(path)
        for dep in vf.depends:
            assert position[dep] < position[vf.name], f"{dep} must be applied before {vf.name}"
    assert apply_views(con) == applied  # idempotent, runs on every refresh
    views = {r[0] for r in con.execute("select view_name from duckdb_views() where not internal").fetchall()}
    assert set(applied) <= views


def test_each_file_declares_every_view_it_reads() -> None:
    files = [read_view_file(p) for p in view_files()]
    names = {vf.name for vf in files}
    for vf in files:
        assert mentioned_names(vf.text, names) - {vf.name} == set(vf.depends), vf.path


def _vf(name: str, body: str, depends: tuple[str, ...] = ()) -> ViewFile:
    return ViewFile(name=name, path=Path(f"{name}.sql"), text=body, depends=depends)


def test_order_views_rejects_cycles_and_undeclared_reads() -> None:
    a = _vf("a", "create or replace view a as select * from b", ("b",))
    b = _vf("b", "create or replace view b as select * from a", ("a",))
    with pytest.raises(ViewDefinitionError, match="circular"):
        order_views([a, b])
    c = _vf("c", "create or replace view c as select * from d")
    d = _vf("d", "create or replace view d as select 1 as x")
    with pytest.raises(ViewDefinitionError, match="not declared"):
        order_views([c, d])
    with pytest.raises(ViewDefinitionError, match="unknown"):
        order_views([_vf("e", "create or replace view e as select 1 as x", ("nope",))])


def test_mentions_ignore_comments_and_literals() -> None:
    text = "-- reads d\ncreate or replace view c as select 'd; -- d' as x /* d */ from t"
    assert mentioned_names(text, {"c", "d"}) == {"c"}
    assert [vf.name for vf in order_views([_vf("c", text), _vf("d", "select 1")])] == ["c", "d"]


def test_read_view_file_requires_matching_view(tmp_path: Path) -> None:
    path = tmp_path / "foo.sql"
    path.write_text("-- depends: bar\ncreate or replace view foobar as select 1;\n")
    with pytest.raises(ViewDefinitionError):
        read_view_file(path)
    path.write_text("-- foo: one row\n-- depends: bar, baz\ncreate or replace view foo as select 1;\n")
    assert read_view_file(path).depends == ("bar", "baz")


# ------------------------------------------------------------- contract and comments


@pytest.mark.parametrize("view", sorted(CONTRACT_COLUMNS))
def test_contract_columns_and_types(con: duckdb.DuckDBPyConnection, view: str) -> None:
    got = dict(
        con.execute(
            "select column_name, data_type from duckdb_columns() where table_name = ? order by column_index", [view]
        ).fetchall()
    )
    for column, data_type in CONTRACT_COLUMNS[view].items():
        assert got.get(column) == data_type, f"{view}.{column}: {got.get(column)} != {data_type}"
    if view == "measurements":  # the contract's columns come first, in its order
        assert list(got)[: len(CONTRACT_COLUMNS[view])] == list(CONTRACT_COLUMNS[view])


def test_every_view_and_column_has_a_comment(con: duckdb.DuckDBPyConnection) -> None:
    names = [p.stem for p in view_files()]
    view_comments = dict(
        con.execute("select view_name, comment from duckdb_views() where not internal").fetchall()
    )
    for name in names:
        assert (view_comments.get(name) or "").strip(), f"view {name} has no comment"
        columns = con.execute(
            "select column_name, comment from duckdb_columns() where table_name = ?", [name]
        ).fetchall()
        assert columns, name
        missing = [c for c, comment in columns if not (comment or "").strip()]
        assert not missing, f"{name}: columns without comment: {missing}"


# ------------------------------------------------------------------ measurements, models


def test_measurements_one_row_per_fact(con: duckdb.DuckDBPyConnection) -> None:
    ms = [
        M("Qwen-7B", "MATH-500", "accuracy", 70.0, source="a.txt", line=3),
        M("Qwen-7B", "MATH-500", "accuracy", 70.0, source="b.txt", line=5),  # duplicates stay
        M("Qwen-7B", "MATH-500", "throughput", 1200.0, setting="kv_budget=2500", unit="tokens/s", source="a.txt"),
    ]
    with star(con, ms):
        got = rows(con, "select * from measurements order by measurement_id")
        assert len(got) == 3
        assert got[0]["source"] == "a.txt" and got[0]["source_line"] == 3
        assert got[1]["source"] == "b.txt" and got[1]["source_line"] == 5
        assert got[2]["setting"] == "kv_budget=2500" and got[2]["unit"] == "tokens/s" and got[2]["value"] == 1200.0
        assert got[0]["model_as_written"] == "QWEN-7B" and got[0]["quote"] == "- Qwen-7B: 70.0"


def test_models_only_measured_with_dim_params(con: duckdb.DuckDBPyConnection) -> None:
    ms = [M("A-7B", "X", "accuracy", 1.0), M("A-7B", "Y", "accuracy", 2.0), M("B", "X", "accuracy", 3.0)]
    with star(con, ms, {"A-7B": (7.0, None, 6.5), "B": (None, 3.0, None), "Unmeasured-1B": (1.0, None, None)}):
        got = {r["model"]: r for r in rows(con, "select * from models")}
        assert set(got) == {"A-7B", "B"}
        assert (got["A-7B"]["total_params_b"], got["A-7B"]["active_params_b"], got["A-7B"]["non_embedding_params_b"]) \
            == (7.0, None, 6.5)
        assert (got["B"]["total_params_b"], got["B"]["active_params_b"]) == (None, 3.0)
        assert got["A-7B"]["n_measurements"] == 2 and got["B"]["n_measurements"] == 1


# ------------------------------------------------------------ resolution and units


def test_median_across_sources(con: duckdb.DuckDBPyConnection) -> None:
    ms = [
        M("A", "X", "accuracy", 70.0, source="s1.txt"),
        M("A", "X", "accuracy", 90.0, source="s2.txt"),
        M("A", "X", "accuracy", 72.0, source="s3.txt"),
        M("B", "X", "accuracy", 70.0, source="s1.txt"),
        M("B", "X", "accuracy", 80.0, source="s2.txt"),
    ]
    with star(con, ms, {"A": (7.0, None, None), "B": (8.0, None, None)}):
        got = {r["model"]: r["value"] for r in rows(con, "select * from score_per_parameter")}
        assert got == {"A": 72.0, "B": 75.0}
        assert con.execute("select count(*) from measurements").fetchone() == (5,)
        resolved = rows(con, "select * from resolved_values where model = 'A'")
        assert len(resolved) == 1 and resolved[0]["n_values"] == 3 and resolved[0]["n_sources"] == 3


def test_units_never_mixed(con: duckdb.DuckDBPyConnection) -> None:
    # A scores 85 %, B a median 0.5 (a fraction, no unit): compared together, A would dominate B
    ms = [
        M("A", "X", "accuracy", 85.0, unit="%"),
        M("B", "X", "accuracy", 0.75, unit=None),
        M("B", "X", "accuracy", 0.25, unit=None, source="doc_b.txt"),
        M("B", "X", "accuracy", 80.0, unit="%"),
    ]
    with star(con, ms, {"A": (1.0, None, None), "B": (7.0, None, None)}):
        resolved = {(r["model"], r["unit"]): r["value"] for r in rows(con, "select * from resolved_values")}
        assert resolved == {("A", "%"): 85.0, ("B", None): 0.5, ("B", "%"): 80.0}
        flags = {(r["model"], r["unit"]): r["on_frontier"] for r in rows(con, "select * from param_frontier")}
        assert flags == {("A", "%"): True, ("B", "%"): False, ("B", None): True}


def test_only_higher_is_better_scores_per_parameter(con: duckdb.DuckDBPyConnection) -> None:
    ms = [M("A", "X", metric, 5.0, unit=None) for metric in METRICS]
    with star(con, ms, {"A": (2.0, 1.0, 0.0)}):  # a zero count is no count
        got = rows(con, "select * from score_per_parameter")
        assert {r["metric"] for r in got} == SCORE_METRICS
        assert {r["param_kind"] for r in got} == {"total", "active"}
        for r in got:
            assert r["value_per_b_param"] == pytest.approx(r["value"] / r["params_b"])  # type: ignore[operator]
        accuracy_metrics = {r["accuracy_metric"] for r in rows(con, "select * from throughput_frontier")}
        assert accuracy_metrics == SCORE_METRICS


# ------------------------------------------------------------------ frontiers


def test_param_frontier_ties(con: duckdb.DuckDBPyConnection) -> None:
    scores = {  # model: (total params, value)
        "dup1": (1.0, 50.0), "dup2": (1.0, 50.0),  # exact duplicates: both on
        "same_params_lower": (1.0, 40.0),  # equal params, lower value: off
        "bigger_same_value": (2.0, 50.0),  # equal value, more params: off
        "bigger_better": (2.0, 60.0),  # on
        "bigger_better_twin": (2.0, 60.0),  # on
        "smallest": (0.5, 10.0),  # on
    }
    ms = [M(model, "X", "accuracy", value) for model, (_, value) in scores.items()]
    params = {model: (p, None, None) for model, (p, _) in scores.items()}
    with star(con, ms, params):
        flags = {r["model"]: r["on_frontier"] for r in rows(con, "select * from param_frontier")}
        assert flags == {
            "dup1": True, "dup2": True, "same_params_lower": False, "bigger_same_value": False,
            "bigger_better": True, "bigger_better_twin": True, "smallest": True,
        }
        assert actual_param_frontier(con) == expected_param_frontier(ms, params)


def test_throughput_frontier_ties(con: duckdb.DuckDBPyConnection) -> None:
    points = {  # setting: (accuracy, throughput)
        "kv_budget=1": (50.0, 100.0), "kv_budget=2": (50.0, 100.0),  # duplicates: both on
        "kv_budget=3": (50.0, 90.0),  # same accuracy, slower: off
        "kv_budget=4": (40.0, 100.0),  # same speed, less accurate: off
        "kv_budget=5": (60.0, 80.0),  # on
        "kv_budget=6": (30.0, 200.0),  # on
    }
    ms = [M("A", "X", "accuracy", acc, setting=s) for s, (acc, _) in points.items()]
    ms += [M("A", "X", "throughput", tput, setting=s, unit="tokens/s") for s, (_, tput) in points.items()]
    ms += [M("A", "X", "latency", 1.0, setting=s, unit="s") for s in points]  # never an accuracy
    ms += [M("A", "X", "accuracy", 99.0, setting="kv_budget=7")]  # no throughput: no row
    with star(con, ms):
        flags = {r["setting"]: r["on_frontier"] for r in rows(con, "select * from throughput_frontier")}
        assert flags == {
            "kv_budget=1": True, "kv_budget=2": True, "kv_budget=3": False, "kv_budget=4": False,
            "kv_budget=5": True, "kv_budget=6": True,
        }
        assert actual_throughput_frontier(con) == expected_throughput_frontier(ms)


PROPERTY_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
SMALL_VALUES = st.sampled_from([10.0, 20.0, 30.0])
SIZES = st.sampled_from([None, 0.0, 1.0, 2.0, 3.0])


@PROPERTY_SETTINGS
@given(points=st.lists(st.tuples(st.sampled_from([1.0, 2.0, 3.0]), SMALL_VALUES), min_size=1, max_size=8))
@example(points=[(1.0, 10.0), (1.0, 10.0)])  # exact duplicates
@example(points=[(1.0, 10.0), (1.0, 20.0)])  # equal params, different values
@example(points=[(1.0, 10.0), (2.0, 10.0)])  # equal values, different params
@example(points=[(2.0, 30.0), (1.0, 20.0), (1.0, 20.0), (3.0, 30.0), (2.0, 10.0)])
def test_param_frontier_matches_brute_force_on_one_group(
    con: duckdb.DuckDBPyConnection, points: list[tuple[float, float]]
) -> None:
    ms = [M(f"m{i}", "X", "accuracy", value) for i, (_, value) in enumerate(points)]
    params: dict[str, Params] = {f"m{i}": (p, None, None) for i, (p, _) in enumerate(points)}
    with star(con, ms, params):
        assert actual_param_frontier(con) == expected_param_frontier(ms, params)


MEASUREMENTS = st.lists(
    st.builds(
        M,
        model=st.sampled_from(["m0", "m1", "m2", "m3"]),
        benchmark=st.sampled_from(["X", "Y"]),
        metric=st.sampled_from(["accuracy", "pass@1", "latency", "throughput"]),
        value=SMALL_VALUES,
        setting=st.sampled_from(["", "kv_budget=2500"]),
        unit=st.sampled_from(["%", None]),
        source=st.sampled_from(["a.txt", "b.txt", "c.txt"]),
    ),
    max_size=30,
)
MODEL_PARAMS = st.fixed_dictionaries({f"m{i}": st.tuples(SIZES, SIZES, SIZES) for i in range(4)})


@PROPERTY_SETTINGS
@given(ms=MEASUREMENTS, params=MODEL_PARAMS)
def test_views_match_python_reference(
    con: duckdb.DuckDBPyConnection, ms: list[M], params: dict[str, Params]
) -> None:
    with star(con, ms, params):
        resolved = {
            (r["model"], r["benchmark"], r["metric"], r["setting"], r["unit"]): r["value"]
            for r in rows(con, "select * from resolved_values")
        }
        assert resolved == resolve(ms)
        assert actual_param_frontier(con) == expected_param_frontier(ms, params)
        assert actual_throughput_frontier(con) == expected_throughput_frontier(ms)
        spp = rows(con, "select * from score_per_parameter")
        assert all(r["metric"] in SCORE_METRICS and r["params_b"] > 0 for r in spp)  # type: ignore[operator]


@PROPERTY_SETTINGS
@given(
    points=st.lists(
        st.tuples(SMALL_VALUES, st.sampled_from([100.0, 200.0, 300.0]), st.sampled_from(["%", None])),
        min_size=1, max_size=8,
    )
)
@example(points=[(10.0, 100.0, "%"), (10.0, 100.0, "%")])  # exact duplicates
@example(points=[(10.0, 100.0, "%"), (10.0, 200.0, "%")])  # equal accuracy
@example(points=[(10.0, 100.0, "%"), (20.0, 100.0, "%")])  # equal throughput
@example(points=[(30.0, 100.0, "%"), (10.0, 300.0, None)])  # units apart
@example(points=[(0.3, 100.0, None), (0.5, 300.0, None), (60.0, 200.0, "%")])  # a fraction's two settings stand
def test_throughput_frontier_matches_brute_force(
    con: duckdb.DuckDBPyConnection, points: list[tuple[float, float, str | None]]
) -> None:
    ms = []
    for i, (acc, tput, unit) in enumerate(points):
        ms += [M("A", "X", "accuracy", acc, setting=f"kv_budget={i}", unit=unit),
               M("A", "X", "throughput", tput, setting=f"kv_budget={i}", unit="tokens/s")]
    with star(con, ms):
        assert actual_throughput_frontier(con) == expected_throughput_frontier(ms)
