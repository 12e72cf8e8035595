"""A refresh that patches the star for a few changed documents gives exactly what a full
rebuild of the same folder gives, view by view (ids aside)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from benchdb.etl.paths import seeds_dir
from benchdb.etl.pipeline import refresh
from tests._contract import fetch

CASES = Path(__file__).parent / "cases"

# every public view, by the columns that are not surrogate keys
VIEWS = {
    "measurements": "source, source_line, quote, model, model_as_written, benchmark, metric, setting, value, unit, "
                    "is_plausible, implausible_reason, kv_budget, method",
    "models": "model, total_params_b, active_params_b, non_embedding_params_b, family, n_measurements, "
              "total_params_source, active_params_source, non_embedding_params_source",
    "resolved_values": "model, benchmark, metric, setting, unit, value, n_values, n_sources",
    "score_per_parameter": "benchmark, metric, setting, unit, model, param_kind, params_b, value",
    "param_frontier": "benchmark, metric, setting, unit, model, param_kind, params_b, value, on_frontier",
    "throughput_frontier": "model, benchmark, accuracy_metric, setting, accuracy, throughput, on_frontier",
    "param_conflicts": "model, param_kind, name_params_b, figure_median_params_b, n_figure_values, conflict, "
                       "resolved_params_b, resolved_source",
    "conflicts": "model, benchmark, metric, setting, unit, value, source, source_line",
    "skipped_values": "source, source_line, reason, detail",
    "benchmarks": "benchmark, aliases, metrics, n_models, n_measurements, figure_scoped, n_sources, figure_source",
    "parameter_counts": "model, param_kind, params_b, params_source, n_figure_values, reference_params_b",
    "param_frontier_all": "benchmark, metric, setting, unit, model, param_kind, params_b, value, on_frontier, "
                          "on_documented_frontier, params_source, figure_scoped",
    "throughput_frontier_all": "model, benchmark, accuracy_metric, setting, accuracy, throughput, on_frontier, "
                               "figure_scoped",
    "implausible_values": "source, source_line, model, benchmark, metric, setting, value, unit, reason",
    "setting_values": "source, source_line, model, benchmark, metric, setting, setting_key, setting_number, "
                      "setting_text, value",
}

NEW_DOCUMENT = """## Scatter Plot: GSM8K Accuracy vs. Total Parameters
### Components/Axes
* **X-axis:** "Total Parameters (B)"
* **Y-axis:** "GSM8K Accuracy (%)"
### Detailed Analysis
* **Zorblax-7B:** (7B, 61.5)
* **Qwen1.5-4B-Chat:** (4B, 57.0)
* **R1-Owen:** (9B, 70.2)
"""


def snapshot(db: Path) -> dict[str, list[tuple]]:
    return {view: sorted(fetch(db, f"SELECT {cols} FROM {view}"), key=repr) for view, cols in VIEWS.items()}


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    shutil.copytree(seeds_dir() / "docs", docs / "seeds")
    shutil.copytree(CASES / "heldout" / "docs", docs / "heldout")
    return docs


def edit_value(docs: Path) -> None:
    path = docs / "seeds" / "000_5c4edbf02b2a4d93.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("(4B, 81)", "(4B, 82.5)"), encoding="utf-8")


def add_document(docs: Path) -> None:
    (docs / "new.md").write_text(NEW_DOCUMENT, encoding="utf-8")


def remove_document(docs: Path) -> None:
    (docs / "heldout" / "h-05.txt").unlink()


def move_identity(docs: Path) -> None:
    # three documents spelling the seeds' 'Mistral3-3B' as 'mistral3 3b' outvote it: its canonical name moves
    for i in range(3):
        (docs / f"mistral-{i}.md").write_text(NEW_DOCUMENT.replace("Zorblax-7B", "mistral3 3b"), encoding="utf-8")


def add_same_title(docs: Path) -> None:
    # a figure naming no benchmark, titled like the seeds' figure-scoped one and listed before it:
    # it takes the plain title and the seeds' benchmark becomes '... [2]', so names move
    (docs / "another-lab.md").write_text(
        "## Scatter Plot: Language Model Benchmark Performance vs. Parameter Size\n"
        "### Components/Axes\n* **Y-axis:** \"Average evaluation score\"\n"
        "### Detailed Analysis\n* **Zorblax-7B:** 48.5\n* **Quibble-3B:** 39.0\n"
        "### Key Observations\nWritten for this test.\n", encoding="utf-8")


@pytest.mark.parametrize(("change", "star"), [
    (edit_value, "patched"),
    (add_document, "patched"),
    (remove_document, "patched"),
    (lambda docs: (edit_value(docs), add_document(docs), remove_document(docs)), "patched"),
    (move_identity, "rebuilt"),
    (add_same_title, "rebuilt"),
])
def test_patched_star_equals_a_rebuild(folder: Path, tmp_path: Path, change, star: str) -> None:
    db = tmp_path / "bench.duckdb"
    refresh(folder, db)
    change(folder)
    summary = refresh(folder, db)
    assert summary.star == star
    fresh = tmp_path / "fresh.duckdb"
    refresh(folder, fresh)
    assert snapshot(db) == snapshot(fresh)


def test_a_patched_warehouse_patches_again(folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    refresh(folder, db)
    for step in (add_document, edit_value, remove_document):
        step(folder)
        assert refresh(folder, db).star == "patched"
    fresh = tmp_path / "fresh.duckdb"
    refresh(folder, fresh)
    assert snapshot(db) == snapshot(fresh)
