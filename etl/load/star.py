"""The star (dimensions, facts, resolved values, parameter evidence) from the per-document cache.

Set-based: only the distinct names go through Python (warehouse-wide identity
resolution, `etl.transform.resolve`); facts are joined and inserted by DuckDB. Two paths
share the same SQL:

- `rebuild_star` drops and rebuilds every star table;
- `patch_star` replaces the rows of a few changed or removed documents in place, when no
  written name's resolution moved (otherwise the caller rebuilds). DuckDB checks foreign
  keys against rows deleted earlier in the same transaction, so a patch never deletes
  dimension rows: a dimension row left without facts is invisible in the views and gone
  at the next rebuild.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import duckdb

from benchdb.etl.load.loader import bulk_insert, id_list, insert_records, recreate_tables
from benchdb.etl.transform.names import name_key, name_params
from benchdb.etl.transform.reference import KnownModel, Reference
from benchdb.etl.transform.resolve import (
    canonical_benchmarks,
    canonical_models,
    figure_scoped_benchmarks,
    model_family,
    model_params_sourced,
)

if TYPE_CHECKING:
    import sqlalchemy as sa

# Neither pandas nor SQLAlchemy is imported on the patch path (a refresh that changed a few
# documents): the schema tables are needed only to recreate the star in a rebuild.
_LIVE = "(SELECT document_id, path, content_sha256, figure_title, chart_kind FROM document WHERE status <> 'removed')"
_NUMERIC_SETTINGS = ("kv_budget", "thinking_budget", "batch_size")
_TEXT_SETTINGS = ("method", "precision", "difficulty")
#: A patch is used when at most this many documents (or 2% of them) changed.
PATCH_MAX_DOCUMENTS = 50


@dataclass
class Identity:
    """How every written name in the warehouse resolves, right now."""

    models: dict[str, str]                 # model_name as written -> canonical model
    measured: set[str]                     # model names that have values (not only parameters)
    # (benchmark_name, is_figure_scoped, path ('' unless scoped), benchmark) of every written benchmark
    benchmarks: list[tuple[str, bool, str, str]]

    def dim_benchmarks(self) -> dict[str, bool]:
        """benchmark -> is_figure_scoped, one entry per canonical benchmark (first spelling wins)."""
        found: dict[str, bool] = {}
        for _, scoped, _, benchmark in self.benchmarks:
            found.setdefault(benchmark, scoped)
        return found


def _column(con: duckdb.DuckDBPyConnection, sql: str) -> list:
    """The first column of a query's rows."""
    return [row[0] for row in con.execute(sql).fetchall()]


def resolve_identity(con: duckdb.DuckDBPyConnection, ref: Reference) -> Identity:
    """Resolve all written model and benchmark names of the documents in the warehouse."""
    written = dict(con.execute(f"""
        SELECT model_name, count(DISTINCT document_id) AS documents FROM (
            SELECT v.model_name, v.document_id FROM extracted_value v JOIN {_LIVE} d USING (document_id)
            UNION ALL
            SELECT p.model_name, p.document_id FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        ) GROUP BY model_name""").fetchall())
    models = canonical_models(written, ref) if written else {}
    measured = set(_column(con, f"SELECT DISTINCT v.model_name FROM extracted_value v JOIN {_LIVE} d USING "
                                f"(document_id)"))
    rows = con.execute(f"""
        SELECT v.benchmark_name, v.is_figure_scoped, CASE WHEN v.is_figure_scoped THEN d.path ELSE '' END AS path,
               count(DISTINCT v.document_id) AS documents,
               any_value(CASE WHEN v.is_figure_scoped THEN d.figure_title END) AS figure_title,
               list(DISTINCT v.metric) FILTER (WHERE v.is_figure_scoped) AS metrics
        FROM extracted_value v JOIN {_LIVE} d USING (document_id)
        GROUP BY ALL ORDER BY ALL""").fetchall()
    named: dict[str, int] = {}
    for name, scoped, _, documents, _, _ in rows:
        if not scoped:
            named[name] = named.get(name, 0) + int(documents)
    canonical = canonical_benchmarks(named, ref)
    scoped_names = figure_scoped_benchmarks(
        [(name, path, title, frozenset(metrics or ())) for name, scoped, path, _, title, metrics in rows if scoped],
        {canonical.get(n, n) for n in named})
    benchmarks = [(name, scoped, path, scoped_names[(name, path)] if scoped else canonical.get(name, name))
                  for name, scoped, path, *_ in rows]
    return Identity(models, measured, benchmarks)


def _model_row(model_id: int, model: str, evidence: list[tuple[str, float]], ref: Reference) -> dict[str, object]:
    known = ref.models.get(name_key(model))
    resolved = {kind: value for kind, (value, _) in
                model_params_sourced(model, evidence, _reference_params(known)).items()}
    return dict(model_id=model_id, model=model, family=model_family(model, ref),
                total_params_b=resolved.get("total"), active_params_b=resolved.get("active"),
                non_embedding_params_b=resolved.get("non_embedding"),
                reference_total_params_b=known.total_params_b if known else None,
                reference_active_params_b=known.active_params_b if known else None,
                is_known=known is not None)


def _reference_params(known: KnownModel | None) -> dict[str, float]:
    """The parameter counts the reference data gives a model, by kind."""
    if known is None:
        return {}
    counts = {"total": known.total_params_b, "active": known.active_params_b}
    return {kind: value for kind, value in counts.items() if value is not None}


def _metric_row(metric_id: int, metric: str, ref: Reference) -> dict[str, object]:
    rule = ref.metric_rule(metric)
    return dict(metric_id=metric_id, metric=metric, is_higher_better=rule.is_higher_better if rule else True,
                kind=rule.kind if rule else "other")


def _evidence(con: duckdb.DuckDBPyConnection, model_ids: list[int] | None = None,
              spelling: str = "model_spelling") -> dict[int, list[tuple[str, float]]]:
    """Figure parameter evidence by model id (all models, or those in `model_ids`), with
    written names mapped to ids by the table or registered frame `spelling`."""
    where = ""
    if model_ids is not None:
        id_list(con, "_models_of_interest", model_ids)
        where = "WHERE s.model_id IN (SELECT id FROM _models_of_interest)"
    rows = con.execute(f"""
        SELECT s.model_id, p.param_kind, p.params_b FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        JOIN {spelling} s ON s.model_name = p.model_name {where}""").fetchall()
    if model_ids is not None:
        con.execute("DROP TABLE _models_of_interest")
    found: dict[int, list[tuple[str, float]]] = {}
    for model_id, kind, value in rows:
        found.setdefault(model_id, []).append((kind, float(value)))
    return found


def _insert_facts(con: duckdb.DuckDBPyConnection, documents: str) -> None:
    """Insert dim_source rows (missing ones) and the facts of the documents selected by the
    SQL expression `documents` (a subquery of document ids)."""
    con.execute(f"""
        INSERT INTO dim_source (source_id, document_id, source, content_sha256, figure_title, chart_kind, panel)
        SELECT (SELECT coalesce(max(source_id), 0) FROM dim_source) + row_number() OVER (ORDER BY document_id, panel),
               document_id, path, content_sha256, figure_title, chart_kind, panel
        FROM (SELECT DISTINCT v.document_id, v.panel, d.path, d.content_sha256, d.figure_title, d.chart_kind
              FROM extracted_value v JOIN {_LIVE} d USING (document_id)
              WHERE v.document_id IN {documents}
                AND NOT EXISTS (SELECT 1 FROM dim_source s WHERE s.document_id = v.document_id AND s.panel = v.panel))""")
    con.execute(f"""
        INSERT INTO fact_measurement (measurement_id, source_id, model_id, benchmark_id, metric_id, config_id, value,
                                      unit, source_line, quote, is_approximate, model_as_written, benchmark_as_written)
        SELECT (SELECT coalesce(max(measurement_id), 0) FROM fact_measurement)
               + row_number() OVER (ORDER BY v.document_id, v.ordinal), s.source_id, n.model_id, b.benchmark_id,
               m.metric_id, c.config_id, v.value, v.unit, v.source_line, v.quote, v.is_approximate,
               v.model_as_written, v.benchmark_as_written
        FROM extracted_value v
        JOIN {_LIVE} d USING (document_id)
        JOIN dim_source s ON s.document_id = v.document_id AND s.panel = v.panel
        JOIN model_spelling n ON n.model_name = v.model_name
        JOIN benchmark_spelling b ON b.benchmark_name = v.benchmark_name AND b.is_figure_scoped = v.is_figure_scoped
             AND b.path = CASE WHEN v.is_figure_scoped THEN d.path ELSE '' END
        JOIN dim_metric m ON m.metric = v.metric
        JOIN dim_config c ON c.setting = v.setting
        WHERE v.document_id IN {documents}""")


def _insert_param_evidence(con: duckdb.DuckDBPyConnection, models: dict[int, str], ref: Reference) -> None:
    """model_param rows (name, figure and reference evidence) of the models given by id -> name."""
    name_rows = [dict(model_id=i, param_kind=k, origin="name", params_b=v)
                 for i, m in models.items() for k, v in name_params(m).items()]
    reference_rows = [dict(model_id=i, param_kind=k, origin="reference", params_b=v)
                      for i, m in models.items()
                      for k, v in _reference_params(ref.models.get(name_key(m))).items()]
    insert_records(con, "model_param", name_rows + reference_rows)
    id_list(con, "_evidence_models", list(models))
    con.execute(f"""
        INSERT INTO model_param (model_id, param_kind, origin, params_b, source_id, source_line, quote)
        SELECT s.model_id, p.param_kind, 'figure', p.params_b,
               (SELECT min(ds.source_id) FROM dim_source ds WHERE ds.document_id = p.document_id),
               p.source_line, p.quote
        FROM extracted_param p JOIN {_LIVE} d USING (document_id)
        JOIN model_spelling s ON s.model_name = p.model_name
        WHERE s.model_id IN (SELECT id FROM _evidence_models)""")
    con.execute("DROP TABLE _evidence_models")


def rebuild_star(con: duckdb.DuckDBPyConnection, dialect: sa.engine.Dialect, ref: Reference) -> int:
    """Drop and rebuild the star tables from the cache of the documents still in the
    warehouse. Returns the number of facts loaded."""
    from benchdb.schema import tables as t

    recreate_tables(con, dialect, t.STAR_TABLES)
    identity = resolve_identity(con, ref)
    if not identity.measured:
        return 0
    models = sorted({identity.models[name] for name in identity.measured})
    model_ids = {model: i for i, model in enumerate(models, start=1)}
    spelling = [(name, model_ids[model]) for name, model in identity.models.items() if model in model_ids]

    dim_benchmark = sorted(identity.dim_benchmarks().items())
    benchmark_ids = {benchmark: i for i, (benchmark, _) in enumerate(dim_benchmark, start=1)}
    metrics = sorted(_column(con, f"SELECT DISTINCT metric FROM extracted_value v JOIN {_LIVE} d USING (document_id)"))
    settings = sorted(_column(con, f"SELECT DISTINCT setting FROM extracted_value v JOIN {_LIVE} d USING "
                                   f"(document_id)"))

    bulk_insert(con, "dim_benchmark", ["benchmark_id", "benchmark", "is_figure_scoped", "is_known"],
                [(benchmark_ids[b], b, scoped, name_key(b) in ref.benchmarks) for b, scoped in dim_benchmark])
    insert_records(con, "dim_metric", [_metric_row(i, m, ref) for i, m in enumerate(metrics, start=1)])
    insert_records(con, "dim_config", [_config_row(i, s) for i, s in enumerate(settings, start=1)])
    insert_records(con, "config_value", [row for i, s in enumerate(settings, start=1) for row in _config_values(i, s)])
    # the figures' parameter evidence, read through the spellings before dim_model is written
    con.execute("CREATE OR REPLACE TEMP TABLE _spelling (model_name VARCHAR, model_id BIGINT)")
    bulk_insert(con, "_spelling", ["model_name", "model_id"], spelling)
    evidence = _evidence(con, spelling="_spelling")
    con.execute("DROP TABLE _spelling")
    insert_records(con, "dim_model", [_model_row(model_ids[m], m, evidence.get(model_ids[m], []), ref)
                                      for m in models])
    bulk_insert(con, "model_spelling", ["model_name", "model_id"], spelling)
    bulk_insert(con, "benchmark_spelling", ["benchmark_name", "is_figure_scoped", "path", "benchmark_id"],
                [(n, scoped, path, benchmark_ids[b]) for n, scoped, path, b in identity.benchmarks])
    _insert_facts(con, f"(SELECT document_id FROM {_LIVE})")
    flag_implausible(con, ref, f"(SELECT document_id FROM {_LIVE})")
    _insert_param_evidence(con, {i: m for m, i in model_ids.items()}, ref)
    build_resolved(con)
    return con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]


def _update_params(con: duckdb.DuckDBPyConnection, model_ids: dict[str, int],
                   evidence: dict[int, list[tuple[str, float]]], ref: Reference) -> None:
    """Set the resolved parameter counts of the given models (name wins, else figure median)."""
    rows = [_model_row(i, m, evidence.get(i, []), ref) for m, i in model_ids.items()]
    if not rows:
        return
    con.execute("CREATE OR REPLACE TEMP TABLE _params (model_id BIGINT, total_params_b DOUBLE, "
                "active_params_b DOUBLE, non_embedding_params_b DOUBLE)")
    columns = ["model_id", "total_params_b", "active_params_b", "non_embedding_params_b"]
    bulk_insert(con, "_params", columns, [tuple(row[c] for c in columns) for row in rows])
    con.execute("""
        UPDATE dim_model SET total_params_b = p.total_params_b, active_params_b = p.active_params_b,
               non_embedding_params_b = p.non_embedding_params_b
        FROM _params p WHERE dim_model.model_id = p.model_id""")
    con.execute("DROP TABLE _params")


def patch_star(con: duckdb.DuckDBPyConnection, ref: Reference, documents: list[int]) -> bool:
    """Replace the star rows of `documents` (changed, new or removed) in place.

    Returns False, having changed nothing, when a patch would not give what a rebuild
    gives: a written name now resolves differently (identity moved), or the star has no
    resolution recorded yet. Then the caller rebuilds."""
    if not documents or not con.execute("SELECT count(*) FROM model_spelling").fetchall()[0][0]:
        return False
    identity = resolve_identity(con, ref)
    old_models = dict(con.execute(
        "SELECT s.model_name, m.model FROM model_spelling s JOIN dim_model m USING (model_id)").fetchall())
    if any(identity.models.get(name, model) != model for name, model in old_models.items()):
        return False
    old_bench = {(n, sc, p): b for n, sc, p, b in con.execute(
        "SELECT s.benchmark_name, s.is_figure_scoped, s.path, b.benchmark FROM benchmark_spelling s "
        "JOIN dim_benchmark b USING (benchmark_id)").fetchall()}
    for name, scoped, path, benchmark in identity.benchmarks:
        if old_bench.get((name, scoped, path), benchmark) != benchmark:
            return False

    id_list(con, "_patched", documents)
    con.execute("CREATE OR REPLACE TEMP TABLE _touched_keys AS "
                "SELECT DISTINCT model_id, benchmark_id, metric_id, config_id, unit FROM fact_measurement "
                "WHERE source_id IN (SELECT source_id FROM dim_source WHERE document_id IN "
                "(SELECT id FROM _patched))")
    touched_models = {row[0] for row in con.execute(
        "SELECT DISTINCT model_id FROM model_param WHERE source_id IN (SELECT source_id FROM dim_source "
        "WHERE document_id IN (SELECT id FROM _patched)) UNION SELECT model_id FROM _touched_keys"
    ).fetchall()}
    con.execute("DELETE FROM fact_measurement WHERE source_id IN (SELECT source_id FROM dim_source "
                "WHERE document_id IN (SELECT id FROM _patched))")
    # the surviving sources of the patched documents describe their new content
    con.execute(f"""
        UPDATE dim_source SET content_sha256 = d.content_sha256, figure_title = d.figure_title,
               chart_kind = d.chart_kind
        FROM {_LIVE} d WHERE dim_source.document_id = d.document_id
          AND d.document_id IN (SELECT id FROM _patched)""")

    # new dimension rows (existing ones are never deleted: see the module docstring)
    known_models = dict(con.execute("SELECT model, model_id FROM dim_model").fetchall())
    next_model = max(known_models.values(), default=0)
    new_models = sorted({identity.models[n] for n in identity.measured} - set(known_models))
    for model in new_models:
        next_model += 1
        known_models[model] = next_model
    insert_records(con, "dim_model", [_model_row(known_models[m], m, [], ref) for m in new_models])
    known_spellings = set(old_models)
    new_spellings = [(n, known_models[m]) for n, m in identity.models.items()
                     if n not in known_spellings and m in known_models]
    bulk_insert(con, "model_spelling", ["model_name", "model_id"], new_spellings)
    known_benchmarks = dict(con.execute("SELECT benchmark, benchmark_id FROM dim_benchmark").fetchall())
    next_benchmark = max(known_benchmarks.values(), default=0)
    fresh = []
    for benchmark, scoped in identity.dim_benchmarks().items():
        if benchmark not in known_benchmarks:
            next_benchmark += 1
            known_benchmarks[benchmark] = next_benchmark
            fresh.append(dict(benchmark_id=next_benchmark, benchmark=benchmark, is_figure_scoped=scoped,
                              is_known=name_key(benchmark) in ref.benchmarks))
    insert_records(con, "dim_benchmark", fresh)
    new_bench_spellings = [dict(benchmark_name=n, is_figure_scoped=sc, path=p, benchmark_id=known_benchmarks[b])
                           for n, sc, p, b in identity.benchmarks if (n, sc, p) not in old_bench]
    insert_records(con, "benchmark_spelling", new_bench_spellings)
    metrics = dict(con.execute("SELECT metric, metric_id FROM dim_metric").fetchall())
    new_metrics = sorted(set(_column(con, "SELECT DISTINCT metric FROM extracted_value WHERE document_id IN "
                                          "(SELECT id FROM _patched)")) - set(metrics))
    insert_records(con, "dim_metric", [_metric_row(max(metrics.values(), default=0) + i, m, ref)
                                       for i, m in enumerate(new_metrics, start=1)])
    configs = dict(con.execute("SELECT setting, config_id FROM dim_config").fetchall())
    new_configs = sorted(set(_column(con, "SELECT DISTINCT setting FROM extracted_value WHERE document_id IN "
                                          "(SELECT id FROM _patched)")) - set(configs))
    new_config_ids = {s: max(configs.values(), default=0) + i for i, s in enumerate(new_configs, start=1)}
    insert_records(con, "dim_config", [_config_row(i, s) for s, i in new_config_ids.items()])
    insert_records(con, "config_value", [row for s, i in new_config_ids.items() for row in _config_values(i, s)])

    _insert_facts(con, "(SELECT id FROM _patched)")
    flag_implausible(con, ref, "(SELECT id FROM _patched)")
    con.execute("INSERT INTO _touched_keys SELECT DISTINCT model_id, benchmark_id, metric_id, config_id, unit "
                "FROM fact_measurement WHERE source_id IN (SELECT source_id FROM dim_source WHERE document_id IN "
                "(SELECT id FROM _patched))")
    touched_models |= {row[0] for row in con.execute("SELECT DISTINCT model_id FROM _touched_keys").fetchall()}
    touched_models |= {row[0] for row in con.execute(
        "SELECT DISTINCT s.model_id FROM extracted_param p JOIN model_spelling s ON s.model_name = p.model_name "
        "WHERE p.document_id IN (SELECT id FROM _patched)").fetchall()}
    touched_models |= set(known_models[m] for m in new_models)

    # parameter counts and evidence of every model the patched documents touch, recomputed
    by_id = {i: m for m, i in known_models.items()}
    ids = sorted(touched_models)
    id_list(con, "_touched_models", ids)
    con.execute("DELETE FROM model_param WHERE model_id IN (SELECT id FROM _touched_models)")
    con.execute("DROP TABLE _touched_models")
    _update_params(con, {by_id[i]: i for i in ids}, _evidence(con, ids), ref)
    _insert_param_evidence(con, {i: by_id[i] for i in ids}, ref)
    build_resolved(con, "_touched_keys")
    con.execute("DROP TABLE _touched_keys")
    con.execute("DROP TABLE _patched")
    return True


def build_resolved(con: duckdb.DuckDBPyConnection, keys: str | None = None) -> None:
    """Fill fact_resolved from fact_measurement: one row per (model, benchmark, metric,
    config, unit) with the median and spread, aggregated on integer keys. A NULL unit is a
    group of its own; values in different units are never resolved together. With `keys`
    (a table of such keys), only those groups are recomputed."""
    match = "" if keys is None else (
        f"WHERE (model_id, benchmark_id, metric_id, config_id, coalesce(unit, '')) IN "
        f"(SELECT model_id, benchmark_id, metric_id, config_id, coalesce(unit, '') FROM {keys})")
    con.execute(f"DELETE FROM fact_resolved {match}")
    con.execute(f"""
        INSERT INTO fact_resolved (resolved_id, model_id, benchmark_id, metric_id, config_id, unit, value, n_values,
                                   n_sources, min_value, max_value)
        SELECT (SELECT coalesce(max(resolved_id), 0) FROM fact_resolved)
               + row_number() OVER (ORDER BY model_id, benchmark_id, metric_id, config_id, unit),
               model_id, benchmark_id, metric_id, config_id, unit,
               median(value), count(*), count(DISTINCT s.document_id), min(value), max(value)
        FROM fact_measurement f JOIN dim_source s USING (source_id)
        {match}
        GROUP BY model_id, benchmark_id, metric_id, config_id, unit""")


def flag_implausible(con: duckdb.DuckDBPyConnection, ref: Reference, documents: str) -> None:
    """Set fact_measurement.implausible_reason for the facts of the documents selected by
    the SQL expression `documents`; values stay loaded either way. In order:

    - 'percent outside 0-100': a score in % below 0 or above 100;
    - 'fraction outside 0-1': a score outside 0-1 while at least two other values of the same
      metric and benchmark in the same figure panel, and all of them, lie within 0-1 (unitless,
      or in % when the extractor inferred the percent from that very value exceeding 1);
    - 'below the metric minimum' / 'above the metric maximum': outside what the metric can
      be on any scale (seeds/reference/metric_ranges.csv: a share such as accuracy never
      exceeds 100, a throughput, latency or cost is never negative)."""
    metrics = con.execute("SELECT metric_id, metric FROM dim_metric").fetchall()
    con.execute("CREATE OR REPLACE TEMP TABLE _metric_ranges (metric_id BIGINT, min_value DOUBLE, max_value DOUBLE)")
    bulk_insert(con, "_metric_ranges", ["metric_id", "min_value", "max_value"],
                [(i, *ref.metric_range(m)) for i, m in metrics])
    con.execute(f"""
        UPDATE fact_measurement SET implausible_reason = flagged.reason
        FROM (
            WITH facts AS (
                SELECT f.measurement_id, f.source_id, f.benchmark_id, f.metric_id, f.unit, f.value, m.kind,
                       r.min_value, r.max_value
                FROM fact_measurement f
                JOIN dim_metric m USING (metric_id)
                LEFT JOIN _metric_ranges r USING (metric_id)
                WHERE f.source_id IN (SELECT source_id FROM dim_source WHERE document_id IN {documents})
            ),
            peers AS (
                SELECT *,
                       count(*) OVER panel - 1 AS n_others,
                       count(*) FILTER (WHERE value BETWEEN 0 AND 1) OVER panel
                           - CASE WHEN value BETWEEN 0 AND 1 THEN 1 ELSE 0 END AS n_other_fractions
                FROM facts
                WINDOW panel AS (PARTITION BY source_id, metric_id, benchmark_id, unit)
            )
            SELECT measurement_id, CASE
                WHEN unit = '%' AND kind = 'score' AND (value < 0 OR value > 100) THEN 'percent outside 0-100'
                WHEN (unit IS NULL OR unit = '%') AND kind = 'score' AND (value < 0 OR value > 1)
                     AND n_others >= 2 AND n_other_fractions = n_others THEN 'fraction outside 0-1'
                WHEN value < min_value THEN 'below the metric minimum'
                WHEN value > max_value THEN 'above the metric maximum'
            END AS reason
            FROM peers
        ) flagged
        WHERE fact_measurement.measurement_id = flagged.measurement_id AND flagged.reason IS NOT NULL""")
    con.execute("DROP TABLE _metric_ranges")


def _config_values(config_id: int, setting: str) -> list[dict[str, object]]:
    """config_value rows of a setting label: one per key=value pair, the value also as a
    number when it is a finite one."""
    rows = []
    seen = set()
    for pair in setting.split(", "):
        key, sep, value = pair.partition("=")
        if not sep or not key or key in seen:
            continue
        seen.add(key)
        number = _number(value)
        rows.append(dict(config_id=config_id, setting_key=key, value_text=value,
                         value_number=number if number is not None and math.isfinite(number) else None))
    return rows


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
