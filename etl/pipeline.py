"""`refresh`: description files to the published DuckDB warehouse.

The published file is never written in place. A refresh takes an exclusive lock, copies
the published file to a staging file next to it (or starts an empty one), upgrades its
schema, parses only new and changed documents, rebuilds the star from the per-document
cache, rebuilds the views, checkpoints, closes, and publishes with an atomic
``os.replace``. Readers with the old file open keep their snapshot; a crash at any
moment leaves the published file as it was.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import duckdb
import pandas as pd
from filelock import FileLock, Timeout

from etl import __version__
from etl.extract.document import read_document
from etl.extract.parse import parse_chart
from etl.load.loader import bulk_insert, recreate_tables
from etl.load.views import apply_views
from etl.transform.interpret import DocumentFacts, interpret
from etl.transform.names import name_key, name_params
from etl.transform.reference import Reference, load_reference
from etl.transform.resolve import canonical_benchmarks, canonical_models, model_family, model_params
from schema import tables as t
from schema.migrate import current_revision, engine_for, upgrade

SUFFIXES = (".txt", ".md")


class RefreshError(RuntimeError):
    """A refresh that could not publish anything."""


class RefreshLocked(RefreshError):
    """Another refresh holds the lock."""


class RefreshRefused(RefreshError):
    """The staged warehouse failed validation; the published one was left as it was."""


@dataclass
class RefreshSummary:
    """What a refresh did, for the CLI summary and `refresh_run`."""

    run_id: int | None = None
    documents_seen: int = 0
    documents_new: int = 0
    documents_changed: int = 0
    documents_unchanged: int = 0
    documents_removed: int = 0
    documents_failed: int = 0
    documents_empty: int = 0
    measurements: int = 0
    measurements_added: int = 0
    measurements_removed: int = 0
    values_skipped: int = 0
    skip_reasons: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)
    published: bool = False
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        data = {k: v for k, v in self.__dict__.items() if k not in ("skip_reasons", "failures")}
        data["skip_reasons"] = dict(self.skip_reasons)
        data["failures"] = [{"source": s, "error": e} for s, e in self.failures]
        return data


def scan_sources(root: Path) -> list[Path]:
    """Description files under `root`, recursively, in a stable order."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES
                  and not any(part.startswith(".") for part in p.relative_to(root).parts))


def staging_path(db: Path) -> Path:
    return db.with_name(db.name + ".staging")


def _extract(data: bytes, ref: Reference) -> tuple[DocumentFacts | None, str | None, int | None]:
    """Parse one document's bytes: (facts, error, error_line); never raises."""
    try:
        text, problem = read_document(data)
        if text is None:
            return None, problem, None
        chart = parse_chart(text)
        facts = interpret(chart, ref)
        if problem:
            facts.skipped.append(_note(problem))
        return facts, None, None
    except Exception as exc:  # a parser bug must not stop the run; it is recorded per document
        return None, f"{type(exc).__name__}: {exc}", None


def _note(text: str):
    from etl.extract.chart import Skip
    return Skip(None, "", "note", text)


DEFAULT_MAX_SHRINK = 0.5


def refresh(source: Path, db: Path, *, progress: Callable[[int, int], None] | None = None,
            lock_timeout: float = 0.0, reference: Reference | None = None, allow_shrink: bool = False,
            max_shrink: float = DEFAULT_MAX_SHRINK) -> RefreshSummary:
    """Refresh the warehouse `db` from the descriptions under `source`. See module docs.

    Raises RefreshLocked when another refresh holds the lock past `lock_timeout` seconds,
    RefreshRefused when the staged warehouse fails validation (among others: it would
    drop more than `max_shrink` of the published measurements and `allow_shrink` is
    false), and RefreshError when nothing could be published."""
    started = dt.datetime.now()
    source = source.resolve()
    db = db.resolve()
    if not source.is_dir():
        raise RefreshError(f"source folder not found: {source}")
    db.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(db) + ".lock")
    try:
        lock.acquire(timeout=lock_timeout)
    except Timeout as exc:
        raise RefreshLocked(f"another refresh of {db} is running (lock {db}.lock)") from exc
    try:
        return _refresh_locked(source, db, progress, reference or load_reference(), started,
                               Guard(allow_shrink=allow_shrink, max_shrink=max_shrink))
    finally:
        lock.release()


@dataclass(frozen=True)
class Guard:
    """Validation settings for a staged warehouse."""

    allow_shrink: bool = False
    max_shrink: float = DEFAULT_MAX_SHRINK


def validate(con: duckdb.DuckDBPyConnection, previous_measurements: int | None, guard: Guard) -> None:
    """Refuse to publish a staged warehouse that is broken or would lose too much.

    Checks: fact keys present and values finite, every view queryable, and (unless
    allowed) no drop of more than `guard.max_shrink` of the published measurements."""
    bad = con.execute(
        "SELECT count(*) FROM fact_measurement WHERE source_id IS NULL OR model_id IS NULL OR benchmark_id IS NULL "
        "OR metric_id IS NULL OR config_id IS NULL OR NOT isfinite(value)").fetchall()[0][0]
    if bad:
        raise RefreshRefused(f"{bad} measurements with a missing key or a non-finite value")
    views = [row[0] for row in con.execute(
        "SELECT view_name FROM duckdb_views() WHERE NOT internal AND schema_name = 'main'").fetchall()]
    for view in views:
        try:
            con.execute(f'SELECT count(*) FROM "{view}"').fetchall()
        except duckdb.Error as exc:
            raise RefreshRefused(f"view {view} does not build: {exc}") from exc
    now = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
    if previous_measurements and not guard.allow_shrink:
        lost = (previous_measurements - now) / previous_measurements
        if lost > guard.max_shrink:
            raise RefreshRefused(
                f"the refresh would drop {previous_measurements - now} of {previous_measurements} measurements "
                f"({lost:.0%} > {guard.max_shrink:.0%}); is the source folder right? Use --allow-shrink to accept")


def _copy_published(db: Path, staging: Path) -> None:
    """Copy the published file (and a WAL someone left beside it, which DuckDB replays)."""
    shutil.copyfile(db, staging)
    wal = Path(str(db) + ".wal")
    if wal.exists():
        shutil.copyfile(wal, Path(str(staging) + ".wal"))


def _refresh_locked(source: Path, db: Path, progress, ref: Reference, started: dt.datetime,
                    guard: Guard) -> RefreshSummary:
    summary = RefreshSummary()
    staging = staging_path(db)
    for leftover in (staging, Path(str(staging) + ".wal")):
        if leftover.exists():
            leftover.unlink()  # a killed refresh's staging file: the lock says nobody owns it
    if db.exists():
        _copy_published(db, staging)
    engine = engine_for(staging)
    try:
        with engine.connect() as conn:
            upgrade(conn)
            revision = current_revision(conn)
        with engine.begin() as conn:
            con = conn.connection.driver_connection
            previous = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
            changed = _update_cache(con, source, ref, summary, progress)
            if changed or not db.exists():
                _rebuild_star(con, conn.dialect, ref)
            apply_views(con)
            validate(con, previous, guard)
            summary.measurements = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
            summary.values_skipped = con.execute(
                "SELECT count(*) FROM skipped_value s JOIN document d USING (document_id) "
                "WHERE d.status <> 'removed'").fetchall()[0][0]
            run_id = con.execute(
                "INSERT INTO refresh_run (started_at, finished_at, status, source_root, documents_seen, "
                "documents_new, documents_changed, documents_unchanged, documents_removed, documents_failed, "
                "measurements_added, measurements_removed, benchdb_version, schema_revision, measurements_total, "
                "duration_s, allow_shrink) "
                "VALUES (?, ?, 'published', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING run_id",
                [started, dt.datetime.now(), str(source), summary.documents_seen, summary.documents_new,
                 summary.documents_changed, summary.documents_unchanged, summary.documents_removed,
                 summary.documents_failed, summary.measurements_added, summary.measurements_removed,
                 __version__, revision, summary.measurements,
                 (dt.datetime.now() - started).total_seconds(), guard.allow_shrink]).fetchall()[0][0]
            summary.run_id = run_id
            con.execute("UPDATE document SET last_loaded_run = ? WHERE last_loaded_run = -1", [run_id])
            con.execute("UPDATE document SET first_seen_run = ? WHERE first_seen_run = -1", [run_id])
        with engine.connect() as conn:
            conn.exec_driver_sql("CHECKPOINT")
    except Exception as exc:
        engine.dispose()
        for leftover in (staging, Path(str(staging) + ".wal")):
            if leftover.exists():
                leftover.unlink()
        cause = getattr(exc, "orig", exc)  # SQLAlchemy wraps the driver's error
        if isinstance(cause, duckdb.IOException):  # not a DuckDB file, unreadable, disk full: no traceback
            raise RefreshError(f"cannot refresh {db}: {str(cause).strip()}") from exc
        raise
    engine.dispose()
    wal = Path(str(staging) + ".wal")
    if wal.exists():
        raise RefreshError(f"staging file left a WAL after checkpoint: {wal}")
    with open(staging, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(staging, db)
    summary.published = True
    summary.seconds = (dt.datetime.now() - started).total_seconds()
    return summary


def _update_cache(con: duckdb.DuckDBPyConnection, source: Path, ref: Reference, summary: RefreshSummary,
                  progress) -> bool:
    """Bring the per-document cache in line with the source folder; True when anything changed."""
    known = {row[0]: (row[1], row[2], row[3]) for row in con.execute(
        "SELECT path, document_id, content_sha256, status FROM document").fetchall()}
    files = scan_sources(source)
    summary.documents_seen = len(files)
    seen_paths: set[str] = set()
    value_rows: list[dict] = []
    param_rows: list[dict] = []
    skip_rows: list[dict] = []
    doc_updates: list[dict] = []
    replaced_ids: list[int] = []
    changed = False
    next_id = con.execute("SELECT coalesce(max(document_id), 0) FROM document").fetchall()[0][0]
    for index, path in enumerate(files):
        if progress:
            progress(index + 1, len(files))
        rel = path.relative_to(source).as_posix()
        seen_paths.add(rel)
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        previous = known.get(rel)
        if previous and previous[1] == digest and previous[2] != "removed":
            summary.documents_unchanged += 1
            continue
        changed = True
        if previous is None:
            summary.documents_new += 1
            next_id += 1
            document_id = next_id
        else:
            document_id = previous[0]
            if previous[2] == "removed":
                summary.documents_new += 1
            else:
                summary.documents_changed += 1
        facts, error, error_line = _extract(data, ref)
        had_values = previous is not None and previous[2] in ("loaded", "stale")
        if facts is None:
            summary.documents_failed += 1
            summary.failures.append((rel, error or "unreadable"))
            status = "stale" if had_values else "failed"
            doc_updates.append(dict(document_id=document_id, path=rel, content_sha256=digest, size_bytes=len(data), status=status, error=error,
                                    error_line=error_line, figure_title=None, chart_kind=None,
                                    values_extracted=0, values_skipped=0, is_new=previous is None))
            continue
        replaced_ids.append(document_id)
        for ordinal, value in enumerate(facts.values):
            value_rows.append(dict(document_id=document_id, ordinal=ordinal, **value.__dict__))
        for ordinal, param in enumerate(facts.params):
            param_rows.append(dict(document_id=document_id, ordinal=ordinal, **param.__dict__))
        for ordinal, skip in enumerate(facts.skipped):
            skip_rows.append(dict(document_id=document_id, ordinal=ordinal, source_line=skip.line,
                                  quote=skip.quote, reason=skip.reason, detail=skip.detail))
            summary.skip_reasons[skip.reason] += 1
        status = "loaded" if facts.values else "empty"
        if status == "empty":
            summary.documents_empty += 1
        doc_updates.append(dict(document_id=document_id, path=rel, content_sha256=digest, size_bytes=len(data),
                                status=status, error=None if facts.values else _empty_reason(facts),
                                error_line=None, figure_title=facts.title, chart_kind=facts.chart_kind,
                                values_extracted=len(facts.values), values_skipped=len(facts.skipped),
                                is_new=previous is None))
    removed = [(path, info[0]) for path, info in known.items() if path not in seen_paths and info[2] != "removed"]
    summary.documents_removed = len(removed)
    if removed:
        changed = True
        replaced_ids.extend(doc_id for _, doc_id in removed)
    if replaced_ids:
        ids = pd.DataFrame({"document_id": replaced_ids})
        con.register("_replaced", ids)
        summary.measurements_removed = con.execute(
            "SELECT count(*) FROM extracted_value WHERE document_id IN (SELECT document_id FROM _replaced)"
        ).fetchall()[0][0]
        for table in ("extracted_value", "extracted_param", "skipped_value"):
            con.execute(f"DELETE FROM {table} WHERE document_id IN (SELECT document_id FROM _replaced)")
        con.unregister("_replaced")
    if removed:
        con.executemany("UPDATE document SET status = 'removed', error = NULL WHERE document_id = ?",
                        [[doc_id] for _, doc_id in removed])
    new_docs = [d for d in doc_updates if d.pop("is_new")]
    for update in doc_updates:
        con.execute("UPDATE document SET content_sha256 = ?, size_bytes = ?, status = ?, error = ?, error_line = ?, "
                    "figure_title = ?, chart_kind = ?, values_extracted = ?, values_skipped = ?, "
                    "last_loaded_run = CASE WHEN ? IN ('loaded', 'empty') THEN -1 ELSE last_loaded_run END "
                    "WHERE document_id = ?",
                    [update["content_sha256"], update["size_bytes"], update["status"], update["error"],
                     update["error_line"], update["figure_title"], update["chart_kind"],
                     update["values_extracted"], update["values_skipped"], update["status"], update["document_id"]])
    if new_docs:
        frame = pd.DataFrame(new_docs)
        frame["first_seen_run"] = -1
        frame["last_loaded_run"] = [-1 if s in ("loaded", "empty") else None for s in frame["status"]]
        bulk_insert(con, t.document, frame)
    bulk_insert(con, t.extracted_value, pd.DataFrame(value_rows))
    bulk_insert(con, t.extracted_param, pd.DataFrame(param_rows))
    bulk_insert(con, t.skipped_value, pd.DataFrame(skip_rows))
    summary.measurements_added = len(value_rows)
    return changed


def _empty_reason(facts: DocumentFacts) -> str:
    reasons = Counter(s.reason for s in facts.skipped)
    if reasons:
        return "no measurements: " + ", ".join(f"{r} ({n})" for r, n in reasons.most_common())
    return "no measurements: no data points found"


def _rebuild_star(con: duckdb.DuckDBPyConnection, dialect, ref: Reference) -> None:
    """Rebuild the star tables from the cache, resolving identity over the whole warehouse."""
    values = con.execute(
        "SELECT v.*, d.path, d.content_sha256, d.figure_title, d.chart_kind FROM extracted_value v "
        "JOIN document d USING (document_id) WHERE d.status <> 'removed' ORDER BY v.document_id, v.ordinal").df()
    params = con.execute(
        "SELECT p.*, d.path FROM extracted_param p JOIN document d USING (document_id) "
        "WHERE d.status <> 'removed' ORDER BY p.document_id, p.ordinal").df()
    recreate_tables(con, dialect, t.STAR_TABLES)
    if values.empty:
        return
    spellings = Counter()
    for name, docs in values.groupby("model_name")["document_id"].nunique().items():
        spellings[name] += int(docs)
    for name, docs in params.groupby("model_name")["document_id"].nunique().items() if not params.empty else []:
        spellings[name] += 0 if name in spellings else int(docs)
    model_map = canonical_models(dict(spellings), ref)
    named = values[~values["is_figure_scoped"]]
    bench_counts = named.groupby("benchmark_name")["document_id"].nunique().to_dict() if not named.empty else {}
    bench_map = canonical_benchmarks({k: int(v) for k, v in bench_counts.items()}, ref)
    values["model"] = values["model_name"].map(model_map)
    values["benchmark"] = [
        f"{name} [{path}]" if scoped else bench_map.get(name, name)
        for name, scoped, path in zip(values["benchmark_name"], values["is_figure_scoped"], values["path"])]
    # dimensions
    models = sorted(set(values["model"]))
    evidence: dict[str, list[tuple[str, float]]] = {m: [] for m in models}
    if not params.empty:
        params["model"] = params["model_name"].map(lambda n: model_map.get(n, n))
        for model, kind, value in zip(params["model"], params["param_kind"], params["params_b"]):
            if model in evidence:
                evidence[model].append((kind, float(value)))
    model_rows = []
    for model_id, model in enumerate(models, start=1):
        resolved = model_params(model, evidence[model])
        known = ref.models.get(name_key(model))
        model_rows.append(dict(model_id=model_id, model=model, family=model_family(model, ref),
                               total_params_b=resolved.get("total"), active_params_b=resolved.get("active"),
                               non_embedding_params_b=resolved.get("non_embedding"),
                               reference_total_params_b=known.total_params_b if known else None,
                               reference_active_params_b=known.active_params_b if known else None,
                               is_known=known is not None))
    dim_model = pd.DataFrame(model_rows)
    model_ids = dict(zip(dim_model["model"], dim_model["model_id"]))
    bench_rows = values.drop_duplicates("benchmark")[["benchmark", "is_figure_scoped"]].sort_values("benchmark")
    bench_rows = bench_rows.assign(benchmark_id=range(1, len(bench_rows) + 1),
                                   is_known=[name_key(b) in ref.benchmarks for b in bench_rows["benchmark"]])
    bench_ids = dict(zip(bench_rows["benchmark"], bench_rows["benchmark_id"]))
    metric_rows = []
    for metric_id, metric in enumerate(sorted(set(values["metric"])), start=1):
        rule = ref.metric_rule(metric)
        metric_rows.append(dict(metric_id=metric_id, metric=metric,
                                is_higher_better=rule.is_higher_better if rule else True,
                                kind=rule.kind if rule else "other"))
    dim_metric = pd.DataFrame(metric_rows)
    metric_ids = dict(zip(dim_metric["metric"], dim_metric["metric_id"]))
    config_rows = []
    for config_id, setting in enumerate(sorted(set(values["setting"])), start=1):
        pairs = dict(p.split("=", 1) for p in setting.split(", ") if "=" in p)
        row = dict(config_id=config_id, setting=setting)
        for key in ("kv_budget", "thinking_budget", "batch_size"):
            row[key] = float(pairs.pop(key)) if key in pairs and _is_number(pairs[key]) else None
        for key in ("method", "precision", "difficulty"):
            row[key] = pairs.pop(key, None)
        row["other_settings"] = ", ".join(f"{k}={v}" for k, v in sorted(pairs.items())) or None
        config_rows.append(row)
    dim_config = pd.DataFrame(config_rows)
    config_ids = dict(zip(dim_config["setting"], dim_config["config_id"]))
    sources = values.drop_duplicates(["document_id", "panel"])[
        ["document_id", "panel", "path", "content_sha256", "figure_title", "chart_kind"]].reset_index(drop=True)
    sources = sources.rename(columns={"path": "source"})
    sources["source_id"] = range(1, len(sources) + 1)
    source_ids = {(d, p): s for d, p, s in zip(sources["document_id"], sources["panel"], sources["source_id"])}
    fact = pd.DataFrame({
        "measurement_id": range(1, len(values) + 1),
        "source_id": [source_ids[(d, p)] for d, p in zip(values["document_id"], values["panel"])],
        "model_id": values["model"].map(model_ids),
        "benchmark_id": values["benchmark"].map(bench_ids),
        "metric_id": values["metric"].map(metric_ids),
        "config_id": values["setting"].map(config_ids),
        "value": values["value"], "unit": values["unit"], "source_line": values["source_line"],
        "quote": values["quote"], "is_approximate": values["is_approximate"],
        "model_as_written": values["model_as_written"], "benchmark_as_written": values["benchmark_as_written"],
    })
    evidence_rows = []
    for model in models:
        for kind, value in name_params(model).items():
            evidence_rows.append(dict(model_id=model_ids[model], param_kind=kind, origin="name", params_b=value))
    if not params.empty:
        first_source = {d: s for (d, _), s in source_ids.items()}
        for row in params.itertuples():
            if row.model in model_ids:
                evidence_rows.append(dict(model_id=model_ids[row.model], param_kind=row.param_kind, origin="figure",
                                          params_b=row.params_b, source_id=first_source.get(row.document_id),
                                          source_line=row.source_line, quote=row.quote))
    bulk_insert(con, t.dim_model, dim_model)
    bulk_insert(con, t.dim_benchmark, bench_rows)
    bulk_insert(con, t.dim_metric, dim_metric)
    bulk_insert(con, t.dim_config, dim_config)
    bulk_insert(con, t.dim_source, sources)
    bulk_insert(con, t.fact_measurement, fact)
    bulk_insert(con, t.model_param, pd.DataFrame(evidence_rows))


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False
