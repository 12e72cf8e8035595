"""The model of the data as an analyst meets it: figure-scoped benchmarks named after their
figure's title, the `benchmarks` view, frontiers with and without figure-scoped benchmarks
and reference parameter counts, parameter sources and impossible counts, plausibility
flags, and setting values as numbers.

Rules are tested as pure functions and on a hand-built star; the views on the seed
warehouse and on small documents written for these tests.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
import sqlalchemy as sa

from benchdb.etl.load.star import flag_implausible
from benchdb.etl.pipeline import refresh
from benchdb.etl.transform.reference import load_reference
from benchdb.etl.transform.resolve import (
    UNTITLED_FIGURE,
    figure_scoped_benchmarks,
    figure_title_name,
    model_params,
    model_params_sourced,
)
from benchdb.schema import migrate
from tests._contract import fetch
from tests.test_views import M, empty_warehouse, load_star, rows

# ----------------------------------------------------------------- pure rules


def test_figure_title_name_cleans_markup_and_cuts_long_titles() -> None:
    assert figure_title_name("  **Decode   speed** of small models: ") == "Decode speed of small models"
    assert figure_title_name(None) == ""
    long = "Accuracy " + " ".join(f"word{i}" for i in range(40))
    name = figure_title_name(long)
    assert len(name) <= 81 and name.endswith("…") and " " in name


SCORE = frozenset({"score"})


def test_scoped_benchmarks_are_named_after_the_title_never_the_path() -> None:
    names = figure_scoped_benchmarks(
        [("Accuracy (%)", "papers/a/fig1.md", "Reasoning Accuracy by Size", frozenset({"accuracy"})),
         ("Accuracy (%)", "papers/b/fig3.md", "Throughput of Tiny Models", frozenset({"accuracy"}))], set())
    assert names == {("Accuracy (%)", "papers/a/fig1.md"): "Reasoning Accuracy by Size",
                     ("Accuracy (%)", "papers/b/fig3.md"): "Throughput of Tiny Models"}
    assert not any("fig" in n or ".md" in n for n in names.values())


def test_figures_sharing_a_title_are_numbered_in_path_order() -> None:
    scoped = [("Score", "z.md", "Overall Results", SCORE), ("Score", "a.md", "Overall Results", SCORE),
              ("Score", "m.md", "overall  results", SCORE)]
    names = figure_scoped_benchmarks(scoped, set())
    assert names[("Score", "a.md")] == "Overall Results"
    assert names[("Score", "m.md")] == "overall results [2]"
    assert names[("Score", "z.md")] == "Overall Results [3]"
    # the same input in another order gives the same names
    assert figure_scoped_benchmarks(list(reversed(scoped)), set()) == names


def test_a_scoped_name_never_takes_a_named_benchmarks_name() -> None:
    names = figure_scoped_benchmarks([("y", "a.md", "Decode Latency", frozenset({"latency"}))], {"Decode-latency"})
    assert names == {("y", "a.md"): "Decode Latency [2]"}


def test_one_figures_quantities_share_its_benchmark_unless_they_share_a_metric() -> None:
    # accuracy and throughput of one figure: one benchmark, so the throughput frontier can pair them
    names = figure_scoped_benchmarks(
        [("Accuracy (%)", "a.md", "Serving Trade-offs", frozenset({"accuracy"})),
         ("Throughput (tokens/s)", "a.md", "Serving Trade-offs", frozenset({"throughput"})),
         ("Accuracy (%)", "b.md", "Serving Trade-offs", frozenset({"accuracy"}))], set())
    assert names == {("Accuracy (%)", "a.md"): "Serving Trade-offs",
                     ("Throughput (tokens/s)", "a.md"): "Serving Trade-offs",
                     ("Accuracy (%)", "b.md"): "Serving Trade-offs [2]"}
    # two scores of one figure: a benchmark each, told apart by their labels
    names = figure_scoped_benchmarks(
        [("Helpfulness", "a.md", "Chat Quality", SCORE), ("Harmlessness", "a.md", "Chat Quality", SCORE)], set())
    assert names == {("Helpfulness", "a.md"): "Chat Quality: Helpfulness",
                     ("Harmlessness", "a.md"): "Chat Quality: Harmlessness"}


def test_an_untitled_figure_is_named_after_its_label_or_untitled() -> None:
    names = figure_scoped_benchmarks([("Win rate vs. baseline", "a.md", None, SCORE), ("", "b.md", "", SCORE)], set())
    assert names == {("Win rate vs. baseline", "a.md"): "Win rate vs. baseline", ("", "b.md"): UNTITLED_FIGURE}


def test_parameter_sources_in_order_name_figure_reference() -> None:
    reference = {"total": 16.0, "active": 2.8}
    assert model_params_sourced("Tiny-A3B", [("total", 15.0), ("total", 17.0)], reference) == {
        "active": (3.0, "name"), "total": (16.0, "figure")}
    assert model_params_sourced("Tiny-A3B", [], reference) == {"active": (3.0, "name"), "total": (16.0, "reference")}
    assert model_params_sourced("Tiny", [("non_embedding", 1.2)], reference) == {
        "non_embedding": (1.2, "figure"), "total": (16.0, "reference"), "active": (2.8, "reference")}
    assert model_params("Tiny", [], None) == {}
    assert model_params("Tiny-7B", [("total", 9.0)], {"total": 8.0}) == {"total": 7.0}


# ----------------------------------------------------------- plausibility rules


@pytest.fixture(scope="module")
def star_con(tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    """An empty warehouse with the full schema and the views."""
    connection = empty_warehouse(tmp_path_factory.mktemp("quality") / "bench.duckdb")
    yield connection
    connection.close()


def flagged(con: duckdb.DuckDBPyConnection, ms: list[M]) -> dict[tuple[str, str, float], str | None]:
    """(model, metric, value) -> implausible_reason after flagging ``ms`` loaded into an empty star."""
    con.begin()
    try:
        load_star(con, ms, {})
        flag_implausible(con, load_reference(), "(SELECT document_id FROM document)")
        found = {(r["model"], r["metric"], r["value"]): r["implausible_reason"]
                 for r in rows(con, "select * from measurements")}
        listed = rows(con, "select * from implausible_values")
        assert sorted((r["model"], r["metric"], r["value"], r["reason"]) for r in listed) == sorted(
            (*k, v) for k, v in found.items() if v is not None)
        assert all(r["is_plausible"] == (r["implausible_reason"] is None)
                   for r in rows(con, "select * from measurements"))
        return found
    finally:
        con.rollback()


def test_percent_outside_0_100(star_con: duckdb.DuckDBPyConnection) -> None:
    found = flagged(star_con, [M("A", "X", "accuracy", 104.5), M("B", "X", "accuracy", -2.0),
                               M("C", "X", "accuracy", 100.0), M("D", "X", "accuracy", 0.0)])
    assert found == {("A", "accuracy", 104.5): "percent outside 0-100", ("B", "accuracy", -2.0): "percent outside 0-100",
                     ("C", "accuracy", 100.0): None, ("D", "accuracy", 0.0): None}


def test_fraction_outside_0_1_among_fractions_of_the_same_panel(star_con: duckdb.DuckDBPyConnection) -> None:
    same_panel = [M(m, "X", "pass@1", v, unit=None) for m, v in (("A", 0.41), ("B", 0.57), ("C", 0.63), ("D", 1.35))]
    found = flagged(star_con, same_panel)
    assert found[("D", "pass@1", 1.35)] == "fraction outside 0-1"
    assert [v for k, v in found.items() if k[0] != "D"] == [None, None, None]
    # the same when the extractor inferred '%' because of that very value
    found = flagged(star_con, [M(m, "X", "accuracy", v, unit="%") for m, v in (("A", 0.41), ("B", 0.57), ("D", 7.1))])
    assert found[("D", "accuracy", 7.1)] == "fraction outside 0-1"
    # one other fraction is not enough to call the panel's scale a fraction
    found = flagged(star_con, [M("A", "X", "pass@1", 0.41, unit=None), M("D", "X", "pass@1", 41.0, unit=None)])
    assert set(found.values()) == {None}
    # other panels (documents) do not count: each has one value
    found = flagged(star_con, [M(m, "X", "pass@1", v, unit=None, source=f"{m}.md")
                               for m, v in (("A", 0.41), ("B", 0.57), ("D", 41.0))])
    assert set(found.values()) == {None}


def test_a_generic_score_may_exceed_1_when_its_peers_do(star_con: duckdb.DuckDBPyConnection) -> None:
    # an unnamed 'score' on a 0-10 scale: nothing says it is a fraction
    found = flagged(star_con, [M(m, "X", "win_rate", v, unit=None) for m, v in (("A", 7.5), ("B", 8.1), ("C", 0.9))])
    assert set(found.values()) == {None}


def test_a_share_above_100_without_unit_and_negative_quantities(star_con: duckdb.DuckDBPyConnection) -> None:
    found = flagged(star_con, [
        M("A", "X", "accuracy", 146.0, unit=None), M("B", "X", "accuracy", 71.0, unit=None),
        M("A", "X", "throughput", -120.0, unit="tokens/s"), M("B", "X", "throughput", 950.0, unit="tokens/s"),
        M("A", "X", "latency", -0.5, unit="s"), M("A", "X", "cost", -3.0, unit="$"),
        M("B", "X", "cost", 2000.0, unit="tokens"),
    ])
    assert found == {
        ("A", "accuracy", 146.0): "above the metric maximum", ("B", "accuracy", 71.0): None,
        ("A", "throughput", -120.0): "below the metric minimum", ("B", "throughput", 950.0): None,
        ("A", "latency", -0.5): "below the metric minimum", ("A", "cost", -3.0): "below the metric minimum",
        ("B", "cost", 2000.0): None,
    }


# --------------------------------------------------------------- on the seeds


def test_benchmarks_view_on_the_seeds(built_seed_db: Path) -> None:
    columns = dict(fetch(built_seed_db, "select column_name, data_type from duckdb_columns() "
                                        "where table_name = 'benchmarks'"))
    assert {k: columns[k] for k in ("benchmark", "aliases", "metrics", "n_models", "n_measurements",
                                    "figure_scoped")} == {
        "benchmark": "VARCHAR", "aliases": "VARCHAR", "metrics": "VARCHAR", "n_models": "BIGINT",
        "n_measurements": "BIGINT", "figure_scoped": "BOOLEAN"}
    found = {r[0]: r[1:] for r in fetch(built_seed_db, "select benchmark, aliases, metrics, n_measurements, "
                                                       "figure_scoped from benchmarks")}
    assert found["GPQA Diamond"] == ("GPOA-D; GPQA-D", "pass@1; throughput", 23, False)
    assert found["AIME 2025"][0] == "AIME25"
    scoped = [b for b, r in found.items() if r[3]]
    assert scoped == ["Language Model Benchmark Performance vs. Parameter Size"]
    assert found[scoped[0]][0] == "Benchmark performance (avg eval score)"
    assert not any(".txt" in b or "/" in b for b in found)
    # one row per benchmark, counts agree with measurements
    assert fetch(built_seed_db, "select sum(n_measurements) from benchmarks") == fetch(
        built_seed_db, "select count(*) from measurements")
    assert fetch(built_seed_db, "select count(*) from benchmarks") == fetch(
        built_seed_db, "select count(distinct benchmark) from measurements")


def test_frontier_views_leave_figure_scoped_benchmarks_to_the_all_views(built_seed_db: Path) -> None:
    scoped = "Language Model Benchmark Performance vs. Parameter Size"
    assert fetch(built_seed_db, "select count(*) from param_frontier where benchmark = ?", [scoped]) == [(0,)]
    assert fetch(built_seed_db, "select count(distinct model), bool_and(figure_scoped) from param_frontier_all "
                                "where benchmark = ?", [scoped])[0] == (16, True)
    assert fetch(built_seed_db, "select count(*) from param_frontier where figure_scoped") == [(0,)]
    assert fetch(built_seed_db, "select count(*) from throughput_frontier where figure_scoped") == [(0,)]
    # the default throughput view is the all view without figure-scoped rows, flags unchanged
    assert sorted(fetch(built_seed_db, "select * from throughput_frontier")) == sorted(
        fetch(built_seed_db, "select * from throughput_frontier_all where not figure_scoped"))


def test_reference_counts_are_the_last_fallback_and_say_so(built_seed_db: Path) -> None:
    found = {r[0]: r[1:] for r in fetch(
        built_seed_db, "select model, total_params_b, total_params_source, active_params_b, active_params_source "
                       "from models where model like 'Kimi%' or model in ('Phi-2', 'Qwen3-14B')")}
    assert found["Kimi-VL-A3B-Thinking"] == (16.0, "reference", 3.0, "name")
    assert found["Phi-2"] == (2.7, "reference", None, None)
    assert found["Qwen3-14B"][:2] == (14.0, "name")  # the name wins over the figure's 32 and any reference
    # the default frontier uses counts the documents give; the all view has the reference ones
    assert fetch(built_seed_db, "select count(*) from param_frontier where params_source = 'reference'") == [(0,)]
    ref_rows = fetch(built_seed_db, "select model, on_frontier is not null, on_documented_frontier "
                                    "from param_frontier_all where params_source = 'reference'")
    assert {r[0] for r in ref_rows} == {"Kimi-VL-A3B-Thinking", "Kimi-VL-A3B-Thinking-2506", "Phi-2"}
    assert all(r[1] and r[2] is None for r in ref_rows)
    # a documented row's flag in the default view is its on_documented_frontier in the all view
    assert sorted(fetch(built_seed_db, "select benchmark, metric, setting, model, param_kind, on_frontier "
                                       "from param_frontier")) == sorted(fetch(
        built_seed_db, "select benchmark, metric, setting, model, param_kind, on_documented_frontier "
                       "from param_frontier_all where not figure_scoped and params_source <> 'reference'"))


def test_parameter_counts_agree_with_their_source(built_seed_db: Path) -> None:
    rows_ = fetch(built_seed_db, """
        select c.model, c.param_kind, c.params_b, c.params_source,
               max(p.params_b) filter (where p.origin = 'name'),
               median(p.params_b) filter (where p.origin = 'figure'),
               max(p.params_b) filter (where p.origin = 'reference')
        from parameter_counts c left join model_param p on p.model_id = c.model_id and p.param_kind = c.param_kind
        group by all""")
    assert rows_
    for model, kind, value, source, name, figure, reference in rows_:
        assert value == {"name": name, "figure": figure, "reference": reference}[source], (model, kind)
    assert fetch(built_seed_db, "select count(*) from models") == fetch(
        built_seed_db, "select count(distinct model) from measurements")


def test_impossible_parameter_counts_are_param_conflicts(built_seed_db: Path) -> None:
    found = {(r[0], r[1]): r[2:] for r in fetch(
        built_seed_db, "select model, conflict, param_kind, resolved_params_b, total_params_b, resolved_source "
                       "from param_conflicts where conflict like '%>%'")}
    assert found[("Qwen-2.5-VL-7B", "active > total")] == ("active", 10.0, 7.0, "figure")
    assert found[("Gemma-7B-it", "non_embedding > total")] == ("non_embedding", 8.0, 7.0, "figure")
    assert all(resolved > total for _, resolved, total, _ in found.values())
    kinds = {r[0] for r in fetch(built_seed_db, "select distinct conflict from param_conflicts")}
    assert kinds <= {"name and figures disagree", "figures disagree", "active > total", "non_embedding > total",
                     "not positive"}
    # the earlier rows are all still there: name against figure
    assert ("Qwen3-14B", "total", 14.0, 32.0) in fetch(
        built_seed_db, "select model, param_kind, name_params_b, figure_median_params_b from param_conflicts "
                       "where conflict = 'name and figures disagree'")


def test_setting_values_are_numbers(built_seed_db: Path) -> None:
    rows_ = fetch(built_seed_db, "select setting_key, setting_number, setting_text, setting from setting_values "
                                 "where model = 'R1-Qwen' and benchmark = 'AIME 2025' and metric = 'pass@1'")
    assert rows_ and all(k == "kv_budget" and n == float(t) and s == f"kv_budget={t}" for k, n, t, s in rows_)
    assert fetch(built_seed_db, "select count(*) from setting_values where setting_key = 'kv_budget' "
                                "and setting_number between 3000 and 4000 and metric = 'throughput'")[0][0] > 0
    # every measurement with a setting has one row per key; measurements carry the common keys typed
    assert fetch(built_seed_db, "select count(*) from setting_values") == fetch(
        built_seed_db, "select count(*) from measurements where setting <> ''")
    assert fetch(built_seed_db, "select count(*) from measurements m join setting_values s using (measurement_id) "
                                "where s.setting_key = 'kv_budget' and m.kv_budget is distinct from "
                                "s.setting_number") == [(0,)]
    types = dict(fetch(built_seed_db, "select column_name, data_type from duckdb_columns() "
                                      "where table_name = 'setting_values'"))
    assert (types["setting_key"], types["setting_number"], types["setting_text"]) == ("VARCHAR", "DOUBLE", "VARCHAR")


def test_seed_values_are_plausible(built_seed_db: Path) -> None:
    assert fetch(built_seed_db, "select count(*) from implausible_values") == [(0,)]
    assert fetch(built_seed_db, "select bool_and(is_plausible) from measurements") == [(True,)]


def test_views_command_lists_the_new_views(built_seed_db: Path) -> None:
    out = subprocess.run([str(Path(sys.executable).parent / "benchdb"), "views", "benchmarks", "setting_values",
                          "implausible_values", "parameter_counts", "param_frontier_all", "throughput_frontier_all",
                          "--db", str(built_seed_db)], capture_output=True, text=True, check=True).stdout
    for name in ("benchmarks:", "setting_values:", "implausible_values:", "parameter_counts:",
                 "param_frontier_all:", "throughput_frontier_all:", "figure_scoped", "setting_number"):
        assert name in out


# ------------------------------------------------------ on purpose-written documents

SAME_TITLE = """## Bar Chart: Helpfulness of Small Chat Models
### Components/Axes
* **Y-axis:** "Rating"
### Detailed Analysis
* **Zephyrine-3B:** {a}
* **Quokka-7B:** {b}
### Key Observations
The chart is written for the tests.
"""

IMPLAUSIBLE = """## Bar Chart: MMLU Accuracy of Pocket Models
### Components/Axes
* **X-axis:** Model
* **Y-axis:** "MMLU Accuracy (%)"
### Detailed Analysis
* **Pocket-1B:** 38.5%
* **Pocket-3B:** 104.2%
* **Pocket-8B:** 66.0%
### Key Observations
The chart is written for the tests.
"""

FRACTIONS = """## Bar Chart: GSM8K Accuracy of Pocket Models
### Components/Axes
* **X-axis:** Model
* **Y-axis:** "GSM8K Accuracy"
### Detailed Analysis
* **Pocket-1B:** 0.31
* **Pocket-3B:** 0.48
* **Pocket-8B:** 0.62
* **Pocket-14B:** 7.1
### Key Observations
The chart is written for the tests.
"""

REFERENCE_ONLY = """## Scatter Plot: ARC-Challenge Accuracy of Compact Models
### Components/Axes
* **X-axis:** "Model"
* **Y-axis:** "ARC-Challenge Accuracy (%)"
### Detailed Analysis
* **Phi-2:** 61.0%
* **Gemma-2B:** 48.5%
### Key Observations
The chart is written for the tests.
"""


SPEED = """## Line Chart: Accuracy and Decoding Speed of Qwen2.5-7B-Instruct across KV Cache Budgets
### Components/Axes
* **X-axis:** "KV Cache Budget", ticks at 512, 1024, 2048
* **Left Y-axis:** "Accuracy (%)"
* **Right Y-axis:** "Throughput (tokens/s)"
### Detailed Analysis
* **KV Budget 512:** Accuracy ≈ 41.0%, Throughput ≈ 1,850 tokens/s
* **KV Budget 1024:** Accuracy ≈ 47.5%, Throughput ≈ 1,620 tokens/s
* **KV Budget 2048:** Accuracy ≈ 46.0%, Throughput ≈ 1,400 tokens/s
### Key Observations
Written for the tests.
"""


@pytest.fixture(scope="module")
def written_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    docs = tmp_path_factory.mktemp("written") / "docs"
    (docs / "lab-a").mkdir(parents=True)
    (docs / "lab-b").mkdir()
    (docs / "lab-a" / "figure-7.md").write_text(SAME_TITLE.format(a="6.5", b="7.25"), encoding="utf-8")
    (docs / "lab-b" / "figure-2.md").write_text(SAME_TITLE.format(a="5.75", b="8.0"), encoding="utf-8")
    (docs / "implausible.md").write_text(IMPLAUSIBLE, encoding="utf-8")
    (docs / "fractions.md").write_text(FRACTIONS, encoding="utf-8")
    (docs / "reference.md").write_text(REFERENCE_ONLY, encoding="utf-8")
    (docs / "speed.md").write_text(SPEED, encoding="utf-8")
    db = docs.parent / "bench.duckdb"
    assert refresh(docs, db).published
    return db


def test_two_figures_with_one_title_get_two_benchmarks_named_after_it(written_db: Path) -> None:
    found = fetch(written_db, "select benchmark, figure_scoped, figure_source, n_measurements from benchmarks "
                              "where benchmark like 'Helpfulness%' order by benchmark")
    assert found == [("Helpfulness of Small Chat Models", True, "lab-a/figure-7.md", 2),
                     ("Helpfulness of Small Chat Models [2]", True, "lab-b/figure-2.md", 2)]
    by_source = dict(fetch(written_db, "select source, benchmark from measurements "
                                       "where model = 'Quokka-7B' and is_benchmark_figure_scoped"))
    assert by_source == {"lab-a/figure-7.md": "Helpfulness of Small Chat Models",
                         "lab-b/figure-2.md": "Helpfulness of Small Chat Models [2]"}


def test_a_figures_unnamed_accuracy_and_throughput_pair_in_the_all_view(written_db: Path) -> None:
    title = "Accuracy and Decoding Speed of Qwen2.5-7B-Instruct across KV Cache Budgets"
    assert fetch(written_db, "select metrics, aliases, n_measurements from benchmarks where benchmark = ?",
                 [title]) == [("accuracy; throughput", "Accuracy (%); Throughput (tokens/s)", 6)]
    assert sorted(fetch(written_db, "select setting, accuracy, throughput, on_frontier, figure_scoped "
                                    "from throughput_frontier_all where benchmark = ?", [title])) == [
        ("kv_budget=1024", 47.5, 1620.0, True, True), ("kv_budget=2048", 46.0, 1400.0, False, True),
        ("kv_budget=512", 41.0, 1850.0, True, True)]
    assert fetch(written_db, "select count(*) from throughput_frontier where benchmark = ?", [title]) == [(0,)]
    # setting values of the same figure, as numbers
    assert fetch(written_db, "select setting_number, value from setting_values where benchmark = ? and "
                             "metric = 'throughput' and setting_key = 'kv_budget' and setting_number >= 1024 "
                             "order by 1", [title]) == [(1024.0, 1620.0), (2048.0, 1400.0)]


def test_implausible_values_from_documents(written_db: Path) -> None:
    found = fetch(written_db, "select source, model, value, unit, reason from implausible_values order by source")
    assert found == [("fractions.md", "Pocket-14B", 7.1, "%", "fraction outside 0-1"),
                     ("implausible.md", "Pocket-3B", 104.2, "%", "percent outside 0-100")]
    # kept, resolved and counted like any value
    assert fetch(written_db, "select value from resolved_values where model = 'Pocket-3B' and "
                             "benchmark = 'MMLU'") == [(104.2,)]


def test_a_reference_count_fills_in_when_documents_give_none(written_db: Path) -> None:
    found = dict((r[0], r[1:]) for r in fetch(
        written_db, "select model, total_params_b, total_params_source from models where model in "
                    "('Phi-2', 'Gemma-2B')"))
    assert found == {"Phi-2": (2.7, "reference"), "Gemma-2B": (2.0, "name")}
    assert fetch(written_db, "select model from param_frontier where benchmark = 'ARC-Challenge'") == [("Gemma-2B",)]
    assert sorted(fetch(written_db, "select model, params_source, on_frontier from param_frontier_all "
                                    "where benchmark = 'ARC-Challenge'")) == [
        ("Gemma-2B", "name", True), ("Phi-2", "reference", True)]


# ------------------------------------------------------------------ migration


def test_0006_keeps_parameter_evidence_both_ways(tmp_path: Path) -> None:
    engine = migrate.engine_for(tmp_path / "bench.duckdb")
    with engine.begin() as conn:
        migrate.upgrade(conn, "0005")
        conn.exec_driver_sql("INSERT INTO dim_model (model_id, model, is_known) VALUES (1, 'Tiny-7B', false)")
        conn.exec_driver_sql("INSERT INTO model_param (model_id, param_kind, origin, params_b) "
                             "VALUES (1, 'total', 'name', 7), (1, 'total', 'figure', 8)")
        migrate.upgrade(conn, "0006")
        conn.exec_driver_sql("INSERT INTO model_param (model_id, param_kind, origin, params_b) "
                             "VALUES (1, 'active', 'reference', 1.5)")
        assert conn.exec_driver_sql("SELECT count(*) FROM model_param").scalar() == 3
        assert "implausible_reason" in {r[0] for r in conn.exec_driver_sql(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = 'fact_measurement'").all()}
        migrate.downgrade(conn, "0005")
        assert sorted(conn.exec_driver_sql("SELECT origin, params_b FROM model_param").all()) == [
            ("figure", 8.0), ("name", 7.0)]
        with pytest.raises(sa.exc.DBAPIError):
            conn.exec_driver_sql("INSERT INTO model_param (model_id, param_kind, origin, params_b) "
                                 "VALUES (1, 'active', 'reference', 1.5)")
    engine.dispose()
