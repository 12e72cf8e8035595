"""Rebuild the star (dimensions, facts, parameter evidence) from the per-document cache.

Set-based: only the distinct names go through Python (warehouse-wide identity
resolution, `etl.transform.resolve`); the facts are joined and inserted by DuckDB, so the
cost grows with the number of distinct names, not with the number of values.
"""

from __future__ import annotations

import duckdb
import pandas as pd
import sqlalchemy as sa

from etl.load.loader import bulk_insert, recreate_tables
from etl.transform.names import name_key, name_params
from etl.transform.reference import Reference
from etl.transform.resolve import (
    canonical_benchmarks,
    canonical_models,
    model_family,
    model_params,
)
from schema import tables as t

_LIVE = "(SELECT document_id, path, content_sha256, figure_title, chart_kind FROM document WHERE status <> 'removed')"
_NUMERIC_SETTINGS = ("kv_budget", "thinking_budget", "batch_size")
_TEXT_SETTINGS = ("method", "precision", "difficulty")


def _frame(con: duckdb.DuckDBPyConnection, sql: str) -> pd.DataFrame:
    return con.execute(sql).df()


def _register(con: duckdb.DuckDBPyConnection, name: str, frame: pd.DataFrame) -> None:
    con.register(name, frame)


def rebuild_star(con: duckdb.DuckDBPyConnection, dialect: sa.engine.Dialect, ref: Reference) -> int:
    """Drop and rebuild the star tables from `extracted_value` and `extracted_param` of
    documents still in the warehouse. Returns the number of facts loaded."""
    recreate_tables(con, dialect, t.STAR_TABLES)
    spellings = _frame(con, f"""
        SELECT model_name, count(DISTINCT document_id) AS documents FROM (
            SELECT v.model_name, v.document_id FROM extracted_value v JOIN {_LIVE} d USING (document_id)
            UNION ALL
            SELECT p.model_name, p.document_id FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        ) GROUP BY model_name""")
    if spellings.empty:
        return 0
    written = dict(zip(spellings["model_name"], spellings["documents"].astype(int)))
    model_map = canonical_models(written, ref)
    measured = set(_frame(con, f"SELECT DISTINCT v.model_name FROM extracted_value v JOIN {_LIVE} d USING "
                               f"(document_id)")["model_name"])
    if not measured:
        return 0
    models = sorted({model_map[name] for name in measured})
    model_ids = {model: i for i, model in enumerate(models, start=1)}
    names = pd.DataFrame({"model_name": list(model_map), "model": list(model_map.values())})
    names = names[names["model"].isin(model_ids)]
    names["model_id"] = names["model"].map(model_ids).astype("int64")
    _register(con, "_model_names", names)

    benchmarks = _frame(con, f"""
        SELECT v.benchmark_name, v.is_figure_scoped, d.path, count(DISTINCT v.document_id) AS documents
        FROM extracted_value v JOIN {_LIVE} d USING (document_id)
        GROUP BY v.benchmark_name, v.is_figure_scoped, d.path""")
    named = benchmarks[~benchmarks["is_figure_scoped"]].groupby("benchmark_name")["documents"].sum()
    bench_map = canonical_benchmarks({k: int(v) for k, v in named.items()}, ref)
    benchmarks["benchmark"] = [
        f"{name} [{path}]" if scoped else bench_map.get(name, name)
        for name, scoped, path in zip(benchmarks["benchmark_name"], benchmarks["is_figure_scoped"], benchmarks["path"])]
    dim_benchmark = benchmarks.drop_duplicates("benchmark")[["benchmark", "is_figure_scoped"]].sort_values("benchmark")
    dim_benchmark = dim_benchmark.assign(benchmark_id=range(1, len(dim_benchmark) + 1),
                                         is_known=[name_key(b) in ref.benchmarks for b in dim_benchmark["benchmark"]])
    bench_keys = benchmarks.merge(dim_benchmark[["benchmark", "benchmark_id"]], on="benchmark")[
        ["benchmark_name", "is_figure_scoped", "path", "benchmark_id"]]
    _register(con, "_benchmark_keys", bench_keys)

    metrics = sorted(_frame(con, f"SELECT DISTINCT metric FROM extracted_value v JOIN {_LIVE} d USING (document_id)")[
        "metric"])
    metric_rows = []
    for metric_id, metric in enumerate(metrics, start=1):
        rule = ref.metric_rule(metric)
        metric_rows.append(dict(metric_id=metric_id, metric=metric,
                                is_higher_better=rule.is_higher_better if rule else True,
                                kind=rule.kind if rule else "other"))
    settings = sorted(_frame(con, f"SELECT DISTINCT setting FROM extracted_value v JOIN {_LIVE} d USING "
                                  f"(document_id)")["setting"])
    dim_config = pd.DataFrame([_config_row(i, s) for i, s in enumerate(settings, start=1)])

    evidence = _frame(con, f"""
        SELECT n.model, p.param_kind, p.params_b FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        JOIN _model_names n ON n.model_name = p.model_name""")
    figure_values: dict[str, list[tuple[str, float]]] = {m: [] for m in models}
    for model, kind, value in evidence.itertuples(index=False):
        figure_values[model].append((kind, float(value)))
    model_rows = []
    for model in models:
        resolved = model_params(model, figure_values[model])
        known = ref.models.get(name_key(model))
        model_rows.append(dict(model_id=model_ids[model], model=model, family=model_family(model, ref),
                               total_params_b=resolved.get("total"), active_params_b=resolved.get("active"),
                               non_embedding_params_b=resolved.get("non_embedding"),
                               reference_total_params_b=known.total_params_b if known else None,
                               reference_active_params_b=known.active_params_b if known else None,
                               is_known=known is not None))

    bulk_insert(con, t.dim_model, pd.DataFrame(model_rows))
    bulk_insert(con, t.dim_benchmark, dim_benchmark)
    bulk_insert(con, t.dim_metric, pd.DataFrame(metric_rows))
    bulk_insert(con, t.dim_config, dim_config)
    con.execute(f"""
        INSERT INTO dim_source (source_id, document_id, source, content_sha256, figure_title, chart_kind, panel)
        SELECT row_number() OVER (ORDER BY document_id, panel), document_id, path, content_sha256, figure_title,
               chart_kind, panel
        FROM (SELECT DISTINCT v.document_id, v.panel, d.path, d.content_sha256, d.figure_title, d.chart_kind
              FROM extracted_value v JOIN {_LIVE} d USING (document_id))""")
    con.execute(f"""
        INSERT INTO fact_measurement (measurement_id, source_id, model_id, benchmark_id, metric_id, config_id, value,
                                      unit, source_line, quote, is_approximate, model_as_written, benchmark_as_written)
        SELECT row_number() OVER (ORDER BY v.document_id, v.ordinal), s.source_id, n.model_id, b.benchmark_id,
               m.metric_id, c.config_id, v.value, v.unit, v.source_line, v.quote, v.is_approximate,
               v.model_as_written, v.benchmark_as_written
        FROM extracted_value v
        JOIN {_LIVE} d USING (document_id)
        JOIN dim_source s ON s.document_id = v.document_id AND s.panel = v.panel
        JOIN _model_names n ON n.model_name = v.model_name
        JOIN _benchmark_keys b ON b.benchmark_name = v.benchmark_name AND b.is_figure_scoped = v.is_figure_scoped
             AND b.path = d.path
        JOIN dim_metric m ON m.metric = v.metric
        JOIN dim_config c ON c.setting = v.setting""")
    name_rows = [dict(model_id=model_ids[m], param_kind=k, origin="name", params_b=v)
                 for m in models for k, v in name_params(m).items()]
    bulk_insert(con, t.model_param, pd.DataFrame(name_rows))
    con.execute(f"""
        INSERT INTO model_param (model_id, param_kind, origin, params_b, source_id, source_line, quote)
        SELECT n.model_id, p.param_kind, 'figure', p.params_b,
               (SELECT min(s.source_id) FROM dim_source s WHERE s.document_id = p.document_id),
               p.source_line, p.quote
        FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        JOIN _model_names n ON n.model_name = p.model_name""")
    build_resolved(con)
    facts = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
    for name in ("_model_names", "_benchmark_keys"):
        con.unregister(name)
    return facts


def build_resolved(con: duckdb.DuckDBPyConnection) -> None:
    """Fill fact_resolved from fact_measurement: one row per (model, benchmark, metric,
    config, unit) with the median and spread, aggregated on integer keys. A NULL unit is a
    group of its own; values in different units are never resolved together."""
    con.execute("DELETE FROM fact_resolved")
    con.execute("""
        INSERT INTO fact_resolved (resolved_id, model_id, benchmark_id, metric_id, config_id, unit, value, n_values,
                                   n_sources, min_value, max_value)
        SELECT row_number() OVER (ORDER BY model_id, benchmark_id, metric_id, config_id, unit),
               model_id, benchmark_id, metric_id, config_id, unit,
               median(value), count(*), count(DISTINCT s.document_id), min(value), max(value)
        FROM fact_measurement f JOIN dim_source s USING (source_id)
        GROUP BY model_id, benchmark_id, metric_id, config_id, unit""")


def _config_row(config_id: int, setting: str) -> dict[str, object]:
    """A dim_config row: typed columns for common keys, the rest in other_settings."""
    pairs = dict(p.split("=", 1) for p in setting.split(", ") if "=" in p)
    row: dict[str, object] = dict(config_id=config_id, setting=setting)
    for key in _NUMERIC_SETTINGS:
        row[key] = _number(pairs.pop(key)) if key in pairs and _number(pairs[key]) is not None else None
    for key in _TEXT_SETTINGS:
        row[key] = pairs.pop(key, None)
    row["other_settings"] = ", ".join(f"{k}={v}" for k, v in sorted(pairs.items())) or None
    return row


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None
