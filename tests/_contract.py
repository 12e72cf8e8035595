"""Shared test helpers: the contract's view columns, and read-only queries of a warehouse file."""

from __future__ import annotations

from pathlib import Path

import duckdb

# The views and columns (with DuckDB types) that ../shared/CONTRACT.md fixes.
CONTRACT_COLUMNS: dict[str, dict[str, str]] = {
    "measurements": {
        "source": "VARCHAR", "source_line": "INTEGER", "quote": "VARCHAR", "model": "VARCHAR",
        "model_as_written": "VARCHAR", "benchmark": "VARCHAR", "metric": "VARCHAR", "setting": "VARCHAR",
        "value": "DOUBLE", "unit": "VARCHAR",
    },
    "models": {
        "model": "VARCHAR", "total_params_b": "DOUBLE", "active_params_b": "DOUBLE",
        "non_embedding_params_b": "DOUBLE",
    },
    "score_per_parameter": {
        "benchmark": "VARCHAR", "metric": "VARCHAR", "setting": "VARCHAR", "unit": "VARCHAR", "model": "VARCHAR",
        "param_kind": "VARCHAR", "params_b": "DOUBLE", "value": "DOUBLE", "value_per_b_param": "DOUBLE",
    },
    "param_frontier": {
        "benchmark": "VARCHAR", "metric": "VARCHAR", "setting": "VARCHAR", "unit": "VARCHAR", "model": "VARCHAR",
        "param_kind": "VARCHAR", "params_b": "DOUBLE", "value": "DOUBLE", "value_per_b_param": "DOUBLE",
        "on_frontier": "BOOLEAN",
    },
    "throughput_frontier": {
        "model": "VARCHAR", "benchmark": "VARCHAR", "accuracy_metric": "VARCHAR", "setting": "VARCHAR",
        "accuracy": "DOUBLE", "throughput": "DOUBLE", "on_frontier": "BOOLEAN",
    },
    "benchmarks": {
        "benchmark": "VARCHAR", "aliases": "VARCHAR", "metrics": "VARCHAR", "n_models": "BIGINT",
        "n_measurements": "BIGINT", "figure_scoped": "BOOLEAN",
    },
}


def fetch(db: Path, sql: str, params: list | dict | None = None) -> list[tuple]:
    """Rows of `sql` on a read-only connection to `db`."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()
