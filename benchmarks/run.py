"""Measure benchdb on this machine against the project's performance targets.

    python -m benchmarks.run [--sizes 1000,10000,50000] [--measurements 1000000,10000000]
                             [--repeat N] [--quick] [--out results.json] [--seed 0] [--workdir DIR]

Figures (each refresh runs in a child process, so that its peak resident memory can be read
with ``os.wait4`` and the interpreter start-up and imports are not counted):

- full refresh rate, documents per second, at every corpus size: the synthetic corpus of
  :mod:`benchmarks.generate` (cached in the work folder by size, seed and generator
  version), refreshed into a fresh database (``--repeat N``: N times, the fastest reported, as
  timeit does on a shared machine); and the peak memory of that child and its workers;
- at 10,000 documents (or the largest size not above it): a refresh with nothing changed,
  and a refresh after one number in one file was edited (the file is restored afterwards);
- frontier view query times at 1M and 10M measurements: a synthetic star built directly in
  DuckDB with ``generate_series`` (schema from the Alembic migrations, views from
  ``etl.load.views.apply_views``), then ``select count(*), count(*) filter (where on_frontier)``
  over ``param_frontier`` and ``throughput_frontier`` and ``count(*), max(value_per_b_param)``
  over ``score_per_parameter`` (it has no ``on_frontier``), best of 3, each on a fresh connection;
- with ``--publish``: ``benchdb publish`` to PostgreSQL (a throwaway cluster, see
  ``tests/_pgcluster.py``, or ``--pg-url``) of the seed warehouse, of the 10,000-document
  warehouse (the incremental size) and of each synthetic star: a first publish, a publish
  replacing the served schema (the figure), a no-change publish; and on each star the
  frontier view queries on PostgreSQL, best of 3, each on a fresh connection;
- whole-process wall-clock times, as a user sees them (``--wall-repeat N`` runs each, the
  fastest reported): the installed ``benchdb`` console script run as a subprocess for
  ``benchdb query "select 1"`` and ``benchdb views`` on the 10,000-document warehouse,
  ``benchdb refresh`` with nothing changed and with one document changed (the edit and its
  undo are each a one-document change), interpreter start-up and imports included;
- with 1,000 documents among the sizes: a cProfile of ``etl.pipeline.refresh`` at 1,000
  documents (top 15 functions by cumulative and by own time), in a separate child run.

Prints a markdown table (figure, value, target, pass/fail) and writes everything as JSON
(``--out``, rewritten after every step so a stopped run keeps what it measured).
``--quick``: sizes 1000 and 1M measurements only, a smoke check of under two minutes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.generate import GENERATOR_VERSION, doc_path, generate

ROOT = Path(__file__).resolve().parents[1]

TARGET_RATE = 1000.0  # documents per second, full refresh
TARGET_NO_CHANGE_S = 1.0
TARGET_ONE_CHANGE_S = 2.0
TARGET_VIEW_S = 2.0  # each frontier view over 10M measurements
TARGET_PEAK_MB = 1024.0  # refresh of 50k documents
INCREMENTAL_SIZE = 10_000
TARGET_VIEW_MEASUREMENTS = 10_000_000
TARGET_PEAK_SIZE = 50_000
TARGET_PG_VIEW_S = 2.0  # each frontier view on PostgreSQL over 10M measurements
# whole-process wall-clock targets (interpreter start-up and imports included)
TARGET_QUERY_WALL_S = 0.3  # benchdb query "select 1", benchdb views
TARGET_NO_CHANGE_WALL_S = 1.0
TARGET_ONE_CHANGE_WALL_S = 1.5

# The child: import, time refresh() alone, report as one JSON line. argv: source db [profile]
_CHILD = r"""
import json, sys, time
from pathlib import Path
started = time.perf_counter()
from benchdb.etl.pipeline import refresh
# what a refresh may import lazily (parser, reference data, pandas, SQLAlchemy, Alembic),
# loaded before the clock starts so that refresh_s stays the time of the work alone (the
# whole-process figures count these imports)
import benchdb.etl.load.star, benchdb.etl.extract.parse, benchdb.etl.transform.interpret, benchdb.schema.migrate
from benchdb.etl.transform.reference import load_reference
load_reference()
imported = time.perf_counter()
profile = len(sys.argv) > 3 and sys.argv[3] == "profile"
serial = False
if profile:
    # parse in this process, so the profile sees the per-document work instead of pool waits
    import benchdb.etl.pipeline as pipeline
    if hasattr(pipeline, "extraction_pool"):
        pipeline.extraction_pool = lambda count: None
        serial = True
    import cProfile
    profiler = cProfile.Profile()
    profiler.enable()
begun = time.perf_counter()
summary = refresh(Path(sys.argv[1]), Path(sys.argv[2]))
seconds = time.perf_counter() - begun
result = {"import_s": imported - started, "refresh_s": seconds, "summary": summary.as_dict()}
if profile:
    profiler.disable()
    import io, pstats
    stats = pstats.Stats(profiler)
    def top(key, n=15):
        stats.sort_stats(key)
        rows = []
        for func in stats.fcn_list[:n]:
            cc, nc, tt, ct, _ = stats.stats[func]
            rows.append({"function": pstats.func_std_string(func), "ncalls": nc, "tottime_s": round(tt, 4),
                         "cumtime_s": round(ct, 4)})
        return rows
    result["profile"] = {"cumulative": top("cumulative"), "tottime": top("tottime"), "serial": serial}
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(15)
    result["profile_text"] = text.getvalue()
print(json.dumps(result, default=str))
"""


def log(message: str) -> None:
    print(f"[{dt.datetime.now():%H:%M:%S}] {message}", file=sys.stderr, flush=True)


class StepTimeout(RuntimeError):
    pass


def _process_tree(root: int) -> list[int]:
    """`root` and its descendants (worker processes of a refresh), from /proc."""
    pids, index = [root], 0
    while index < len(pids):
        pid = pids[index]
        index += 1
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as handle:
                    pids.extend(int(child) for child in handle.read().split())
        except OSError:
            pass
    return pids


def _tree_memory_kb(pids: list[int]) -> tuple[int, int]:
    """Summed RSS and PSS (kB) of `pids`; PSS splits pages shared by forked workers fairly."""
    rss = pss = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
                        break
        except (OSError, ValueError):
            pass
    return rss, pss


def run_child(args: list[str], timeout: float) -> dict[str, Any]:
    """Run a Python child to completion; return its last JSON line plus wall time and memory.

    Memory: ``peak_rss_mb`` is the largest resident set of the child or of any process it
    waited for (``os.wait4``); ``peak_tree_pss_mb`` / ``peak_tree_rss_mb`` are the peaks of the
    summed PSS / RSS of the child and its worker processes, sampled every 250 ms (reading every
    process's PSS costs CPU the refresh needs on two cores: sampling every 50 ms made a full
    refresh 5-15% slower; memory peaks last seconds, so the slower sampling still sees them); and
    ``peak_memory_mb`` is the larger of ``peak_rss_mb`` and ``peak_tree_pss_mb``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, *args], stdout=out, stderr=err, cwd=ROOT)
        deadline = started + timeout
        timed_out = False
        tree_rss = tree_pss = processes = 0
        tick = 0
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()  # only the child this function started
                pid, status, usage = os.wait4(proc.pid, 0)
                timed_out = True
                break
            if tick % 25 == 0:
                pids = _process_tree(proc.pid)
                rss, pss = _tree_memory_kb(pids)
                tree_rss, tree_pss, processes = max(tree_rss, rss), max(tree_pss, pss), max(processes, len(pids))
            tick += 1
            time.sleep(0.01)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    if timed_out:
        raise StepTimeout(f"stopped after {timeout:.0f} s")
    if proc.returncode != 0:
        raise RuntimeError(f"child exited {proc.returncode}: {stderr.strip()[-2000:]}")
    lines = [line for line in stdout.splitlines() if line.startswith("{")]
    result = json.loads(lines[-1])
    result["wall_s"] = wall
    result["peak_rss_mb"] = usage.ru_maxrss / 1024.0  # Linux: kilobytes
    result["peak_tree_pss_mb"] = tree_pss / 1024.0
    result["peak_tree_rss_mb"] = tree_rss / 1024.0
    result["processes"] = processes
    result["peak_memory_mb"] = max(result["peak_rss_mb"], result["peak_tree_pss_mb"])
    return result


def benchdb_command() -> list[str]:
    """The installed console script (next to this interpreter, else on PATH)."""
    script = Path(sys.executable).with_name("benchdb")
    if script.is_file():
        return [str(script)]
    found = shutil.which("benchdb")
    if found:
        return [found]
    raise RuntimeError("the benchdb console script is not installed (pip install -e .)")


def time_command(args: list[str], repeat: int, timeout: float, before: Any = None) -> dict[str, Any]:
    """Wall-clock seconds of `benchdb ARGS` as a subprocess, `repeat` times; the fastest
    counts. `before(i)`, when given, runs untimed before run i (to make a change)."""
    times = []
    for i in range(repeat):
        if before is not None:
            before(i)
        started = time.perf_counter()
        done = subprocess.run([*benchdb_command(), *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout, cwd=ROOT)
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            raise RuntimeError(f"benchdb {' '.join(args[:2])} exited {done.returncode}: "
                               f"{done.stderr.decode('utf-8', 'replace').strip()[-500:]}")
        times.append(elapsed)
    return {"best_s": min(times), "times_s": times, "command": ["benchdb", *args]}


def time_wall_clock(source: Path, db: Path, size: int, repeat: int, timeout: float) -> dict[str, Any]:
    """Whole-process figures on the refreshed warehouse `db` of `source` (see the module doc)."""
    wall: dict[str, Any] = {"size": size, "repeat": repeat}
    wall["query"] = time_command(["query", "select 1", "--db", str(db)], repeat, timeout)
    wall["views"] = time_command(["views", "--db", str(db)], repeat, timeout)
    refresh_args = ["refresh", "--source", str(source), "--db", str(db), "--json"]
    time_command(refresh_args, 1, timeout)  # settle: the warehouse matches the folder from here on
    wall["no_change"] = time_command(refresh_args, repeat, timeout)
    edits: list[tuple[Path, bytes]] = []

    def toggle(i: int) -> None:  # even runs change one number, odd runs put it back
        if i % 2 == 0:
            edits.append(edit_one_number(source, size))
        else:
            path, original = edits.pop()
            path.write_bytes(original)

    try:
        # an odd count: the last edit is undone untimed below, so the warehouse is left one
        # document behind the folder, as the one-change profile after this expects
        wall["one_change"] = time_command(refresh_args, max(3, repeat | 1), timeout, before=toggle)
    finally:
        for path, original in edits:
            path.write_bytes(original)
    return wall


# --------------------------------------------------------------------------- corpora and databases

def corpus(workdir: Path, size: int, seed: int) -> Path:
    """The cached corpus of `size` documents (generated when missing or incomplete)."""
    folder = workdir / f"corpus-v{GENERATOR_VERSION}-s{seed}-n{size}"
    marker = workdir / f"{folder.name}.complete"
    if marker.exists() and folder.is_dir():
        return folder
    if folder.exists():
        shutil.rmtree(folder)
    started = time.perf_counter()
    generate(folder, size, seed)
    marker.write_text(json.dumps({"size": size, "seed": seed, "generator_version": GENERATOR_VERSION}))
    log(f"generated {size} documents in {time.perf_counter() - started:.1f} s: {folder}")
    return folder


def fresh_db(path: Path) -> Path:
    for suffix in ("", ".wal", ".lock", ".staging", ".staging.wal"):
        candidate = Path(str(path) + suffix)
        if candidate.exists():
            candidate.unlink()
    return path


_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})\.(\d)(?![\d])")


def edit_one_number(source: Path, size: int) -> tuple[Path, bytes]:
    """Change the last digit of the first decimal number in a data line of one document; return
    the path and its original bytes (for restoring)."""
    for index in list(range(size // 2, size)) + list(range(0, size // 2)):
        path = doc_path(source, index)
        original = path.read_bytes()
        lines = original.decode("utf-8").split("\n")
        for number, line in enumerate(lines):
            if number < 5 or line.startswith("#") or "Interpretation" in line:
                continue
            match = _NUMBER.search(line)
            if match:
                digit = str((int(match.group(2)) + 1) % 10)
                lines[number] = line[:match.start(2)] + digit + line[match.end(2):]
                path.write_bytes("\n".join(lines).encode("utf-8"))
                return path, original
    raise RuntimeError("no document with a decimal number to edit")


# --------------------------------------------------------------------------- synthetic star

def _star_sql(n: int) -> list[str]:
    """Statements that fill the star with `n` measurements (see build_star)."""
    models = max(1000, n // 500)
    benches = 70
    sources = max(1, (n + 19) // 20)
    return [
        "INSERT INTO document (document_id, path, content_sha256, size_bytes, status, values_extracted) "
        f"VALUES (1, 'synthetic/star.txt', 'synthetic', 0, 'loaded', {n})",
        # models: 0.3B .. ~1000B total, 15% with an active count (MoE), 10% non-embedding, 5% unknown size (API)
        f"""INSERT INTO dim_model
            SELECT i, 'SynthModel-' || i || 'B', 'Family' || (i % 40),
                   CASE WHEN hash(i, 'api') % 20 = 0 THEN NULL
                        ELSE round(exp(ln(0.3) + (hash(i, 'size') % 10000) / 10000.0 * ln(3500.0)), 1) END,
                   CASE WHEN hash(i, 'moe') % 100 < 15
                        THEN round(exp(ln(0.3) + (hash(i, 'size') % 10000) / 10000.0 * ln(3500.0)) / 10, 1) END,
                   CASE WHEN hash(i, 'ne') % 10 = 0
                        THEN round(exp(ln(0.3) + (hash(i, 'size') % 10000) / 10000.0 * ln(3500.0)) * 0.9, 2) END,
                   NULL, NULL, false
            FROM range(1, {models} + 1) t(i)""",
        f"""INSERT INTO dim_benchmark SELECT i, 'Benchmark-' || i, false, true FROM range(1, {benches} + 1) t(i)""",
        """INSERT INTO dim_metric VALUES (1, 'pass@1', true, 'score'), (2, 'accuracy', true, 'score'),
                                          (3, 'throughput', true, 'throughput'), (4, 'latency', false, 'latency')""",
        """INSERT INTO dim_config (config_id, setting, kv_budget, thinking_budget)
            SELECT 1, '', NULL, NULL
            UNION ALL SELECT 1 + k, 'kv_budget=' || b, b, NULL
                FROM (SELECT row_number() OVER () AS k, b
                      FROM unnest([256, 512, 1024, 1536, 2048, 2500, 3000, 4096, 5000, 8192]) u(b))
            UNION ALL SELECT 11 + k, 'thinking_budget=' || b, NULL, b
                FROM (SELECT row_number() OVER () AS k, b FROM unnest([1000, 2000, 4000, 8000]) u(b))""",
        """INSERT INTO config_value
            SELECT config_id, split_part(setting, '=', 1), split_part(setting, '=', 2),
                   TRY_CAST(split_part(setting, '=', 2) AS DOUBLE)
            FROM dim_config WHERE setting <> ''""",
        f"""INSERT INTO dim_source
            SELECT s, 1, 'synthetic/star.txt', 'synthetic', 'Figure ' || (s // 2),
                   CASE WHEN hash(s // 2, 'kind') % 10 < 3 THEN 'bar chart' ELSE 'scatter plot' END, 'p' || s
            FROM range(1, {sources} + 1) t(s)""",
        # Two describers (sources 2f, 2f+1) per figure f, 20 values per source. Scatter figures (70%):
        # 20 models on one benchmark, one score metric, no setting (or a thinking budget).
        # KV figures (30%): one model and benchmark, 10 KV budgets x (pass@1, throughput).
        f"""INSERT INTO fact_measurement
            WITH rows AS (
                SELECT i, (i - 1) // 20 + 1 AS s, (i - 1) % 20 AS j, ((i - 1) // 20 + 1) // 2 AS f
                FROM range(1, {n} + 1) t(i)
            ), shaped AS (
                SELECT i, s, j, f, hash(f, 'kind') % 10 < 3 AS is_kv,
                       hash(f, 'bench') % {benches} + 1 AS benchmark_id
                FROM rows
            ), keyed AS (
                SELECT *,
                       CASE WHEN is_kv THEN hash(f, 'model') % {models} + 1
                            ELSE hash(f, j, 'model') % {models} + 1 END AS model_id,
                       CASE WHEN is_kv THEN CASE WHEN j % 2 = 0 THEN 1 ELSE 3 END
                            ELSE 1 + hash(f, 'metric') % 2 END AS metric_id,
                       CASE WHEN is_kv THEN 2 + (j // 2) % 10
                            WHEN hash(f, 'think') % 10 = 0 THEN 12 + j % 4
                            ELSE 1 END AS config_id
                FROM shaped
            )
            SELECT i, s, model_id, benchmark_id, metric_id, config_id,
                   CASE WHEN metric_id = 3
                        THEN round(3000 * pow(0.85, config_id - 2) + (hash(i) % 100)::INTEGER - 50, 0)
                        ELSE round(least(99.5, 15 + (hash(model_id, benchmark_id) % 6000) / 100.0
                                   + CASE WHEN config_id > 1 THEN (config_id % 12) * 1.5 ELSE 0 END
                                   + ((hash(i) % 200)::INTEGER - 100) / 100.0), 1) END,
                   CASE WHEN metric_id = 3 THEN 'tokens/s' ELSE '%' END,
                   10 + j, '* SynthModel-' || model_id || 'B: Approximately (' || j || 'B, ' || i % 100 || ')',
                   hash(i) % 3 = 0, 'SynthModel-' || model_id || 'B', 'Benchmark-' || benchmark_id,
                   NULL  -- implausible_reason: the synthetic values are all plausible
            FROM keyed""",
    ]


def build_star(path: Path, n: int) -> dict[str, Any]:
    """A warehouse file with the real schema and views and `n` synthetic measurements."""
    from benchdb.etl.load.star import build_resolved
    from benchdb.etl.load.views import apply_views
    from benchdb.schema.migrate import engine_for, upgrade

    fresh_db(path)
    started = time.perf_counter()
    engine = engine_for(path)
    try:
        with engine.begin() as conn:
            upgrade(conn)
        with engine.begin() as conn:
            con = conn.connection.driver_connection
            for statement in _star_sql(n):
                con.execute(statement)
            build_resolved(con)
            apply_views(con)
        with engine.connect() as conn:
            conn.exec_driver_sql("CHECKPOINT")
    finally:
        engine.dispose()
    seconds = time.perf_counter() - started
    import duckdb
    with duckdb.connect(str(path), read_only=True) as con:
        counts = dict(zip(("measurements", "models", "sources"), con.execute(
            "SELECT (SELECT count(*) FROM fact_measurement), (SELECT count(*) FROM dim_model), "
            "(SELECT count(*) FROM dim_source)").fetchone()))
    return {"build_s": seconds, "file_mb": path.stat().st_size / 1e6, **counts}


VIEW_QUERIES = {
    "param_frontier": "select count(*), count(*) filter (where on_frontier) from param_frontier",
    "throughput_frontier": "select count(*), count(*) filter (where on_frontier) from throughput_frontier",
    # no on_frontier column: max() forces value_per_b_param to be computed for every row
    "score_per_parameter": "select count(*), max(value_per_b_param) from score_per_parameter",
}


def time_views(path: Path, repeats: int = 3) -> dict[str, Any]:
    import duckdb
    results: dict[str, Any] = {}
    for view, sql in VIEW_QUERIES.items():
        times = []
        row = None
        for _ in range(repeats):
            con = duckdb.connect(str(path), read_only=True)
            try:
                started = time.perf_counter()
                row = con.execute(sql).fetchone()
                times.append(time.perf_counter() - started)
            finally:
                con.close()
        results[view] = {"best_s": min(times), "times_s": times, "result": list(row) if row else None}
    return results


# --------------------------------------------------------------------------- publish to PostgreSQL

def start_postgres(url: str | None) -> tuple[str, Any]:
    """(URL, stop function): the given server, or a throwaway cluster (tests/_pgcluster.py)."""
    if url:
        return url, lambda: None
    sys.path.insert(0, str(ROOT))
    from tests._pgcluster import start_cluster

    cluster = start_cluster()
    log(f"started a throwaway PostgreSQL cluster on port {cluster.port}")
    return cluster.url, cluster.stop


def time_publish(db: Path, url: str, schema: str) -> dict[str, Any]:
    """A first publish of `db`, a publish replacing the served schema (forced), and a no-change one."""
    from benchdb.etl.load.postgres import publish

    timings: dict[str, Any] = {"schema": schema}
    for key, force in (("first_publish_s", True), ("publish_s", True), ("no_change_s", False)):
        started = time.perf_counter()
        summary = publish(db, url, schema, force=force, allow_shrink=True)
        timings[key] = time.perf_counter() - started
        if force:
            assert summary.published, summary
            timings["tables"] = summary.tables
        else:
            assert not summary.published, summary
    return timings


def time_pg_views(url: str, schema: str, repeats: int = 3) -> dict[str, Any]:
    """VIEW_QUERIES on the published schema, best of `repeats`, each on a fresh connection."""
    import psycopg
    from psycopg import sql

    results: dict[str, Any] = {}
    for view, text in VIEW_QUERIES.items():
        times, row = [], None
        for _ in range(repeats):
            with psycopg.connect(url, autocommit=True) as con:
                con.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
                started = time.perf_counter()
                row = con.execute(text).fetchone()  # type: ignore[arg-type]
                times.append(time.perf_counter() - started)
        results[view] = {"best_s": min(times), "times_s": times, "result": list(row) if row else None}
    return results


def publish_entry(results: dict[str, Any], label: str, db: Path, url: str, schema: str,
                  views: bool = False) -> None:
    """Time publishing `db` (and optionally the PostgreSQL views) into results["publish"][label]."""
    log(f"publishing {label} to PostgreSQL ...")
    try:
        entry = time_publish(db, url, schema)
        if views:
            entry["queries"] = time_pg_views(url, schema)
        log(f"  {entry['publish_s']:.2f} s (first {entry['first_publish_s']:.2f} s, no change "
            f"{entry['no_change_s']:.2f} s)" + ("; " + ", ".join(f"{v} {q['best_s']:.2f} s"
                                                              for v, q in entry["queries"].items()) if views else ""))
    except Exception as exc:  # report and go on with the other figures
        log(f"  {type(exc).__name__}: {exc}")
        entry = {"error": f"{type(exc).__name__}: {exc}"}
    results["publish"][label] = entry


# --------------------------------------------------------------------------- report

def rows_for(results: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    rows: list[tuple[str, str, str, str]] = []

    def verdict(ok: bool | None) -> str:
        return "n/a" if ok is None else ("pass" if ok else "FAIL")

    for size, entry in sorted(results["refresh"].items(), key=lambda kv: int(kv[0])):
        if "error" in entry:
            rows.append((f"full refresh, {int(size):,} docs", entry["error"], f">= {TARGET_RATE:.0f} docs/s", "FAIL"))
            continue
        rate = entry["docs_per_s"]
        rows.append((f"full refresh rate, {int(size):,} docs", f"{rate:,.0f} docs/s ({entry['refresh_s']:.2f} s)",
                     f">= {TARGET_RATE:.0f} docs/s", verdict(rate >= TARGET_RATE)))
        if "wall_best_s" in entry:
            rows.append((f"whole process: full refresh, {int(size):,} docs", f"{entry['wall_best_s']:.2f} s", "-",
                         "n/a"))
        peak = entry["peak_memory_mb"]
        target = int(size) == TARGET_PEAK_SIZE
        detail = (f" (largest process {entry['peak_rss_mb']:,.0f} MB, {entry['processes']} processes)"
                  if entry["processes"] > 1 else "")
        rows.append((f"peak memory, full refresh of {int(size):,} docs", f"{peak:,.0f} MB{detail}",
                     f"< {TARGET_PEAK_MB:.0f} MB" if target else "-", verdict(peak < TARGET_PEAK_MB) if target else "n/a"))
    inc = results.get("incremental")
    if inc:
        size = inc["size"]
        for key, label, limit in (("no_change", "no-change refresh", TARGET_NO_CHANGE_S),
                                  ("one_change", "one-document-change refresh", TARGET_ONE_CHANGE_S)):
            entry = inc.get(key)
            if entry is None:
                continue
            if "error" in entry:
                rows.append((f"{label}, {size:,} docs", entry["error"], f"< {limit:g} s", "FAIL"))
                continue
            rows.append((f"{label}, {size:,} docs", f"{entry['refresh_s']:.2f} s", f"< {limit:g} s"
                         + ("" if size == INCREMENTAL_SIZE else f" (at {INCREMENTAL_SIZE:,})"),
                         verdict(entry["refresh_s"] < limit)))
    wall = results.get("wall_clock")
    if wall and "error" not in wall:
        size = wall["size"]
        for key, label, limit in (
                ("query", 'whole process: `benchdb query "select 1"`', TARGET_QUERY_WALL_S),
                ("views", "whole process: `benchdb views`", TARGET_QUERY_WALL_S),
                ("no_change", f"whole process: no-change `benchdb refresh`, {size:,} docs", TARGET_NO_CHANGE_WALL_S),
                ("one_change", f"whole process: one-document-change `benchdb refresh`, {size:,} docs",
                 TARGET_ONE_CHANGE_WALL_S)):
            if key in wall:
                best = wall[key]["best_s"]
                rows.append((label, f"{best:.2f} s (best of {len(wall[key]['times_s'])})", f"< {limit:g} s",
                             verdict(best < limit)))
    elif wall:
        rows.append(("whole-process timings", wall["error"], "-", "FAIL"))
    for n, entry in sorted(results["views"].items(), key=lambda kv: int(kv[0])):
        if "error" in entry:
            rows.append((f"frontier views, {int(n):,} measurements", entry["error"], f"< {TARGET_VIEW_S:g} s", "FAIL"))
            continue
        target = int(n) == TARGET_VIEW_MEASUREMENTS
        for view in VIEW_QUERIES:
            best = entry["queries"][view]["best_s"]
            rows.append((f"{view}, {int(n):,} measurements", f"{best:.2f} s",
                         f"< {TARGET_VIEW_S:g} s" if target else "-",
                         verdict(best < TARGET_VIEW_S) if target else "n/a"))
    for label, entry in (results.get("publish") or {}).items():
        if "error" in entry:
            rows.append((f"publish to PostgreSQL, {label}", entry["error"], "-", "FAIL"))
            continue
        rows.append((f"publish to PostgreSQL, {label}", f"{entry['publish_s']:.2f} s (first "
                     f"{entry['first_publish_s']:.2f} s, no change {entry['no_change_s']:.2f} s)", "-", "n/a"))
        at_target_size = label == f"{TARGET_VIEW_MEASUREMENTS:,} measurements"
        for view, query in (entry.get("queries") or {}).items():
            target = at_target_size and view.endswith("_frontier")  # the target is the frontier views'

            rows.append((f"{view} on PostgreSQL, {label}", f"{query['best_s']:.2f} s",
                         f"< {TARGET_PG_VIEW_S:g} s" if target else "-",
                         verdict(query["best_s"] < TARGET_PG_VIEW_S) if target else "n/a"))
    return rows


def markdown(rows: list[tuple[str, str, str, str]]) -> str:
    out = ["| figure | value | target | result |", "| --- | --- | --- | --- |"]
    out.extend(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)
    return "\n".join(out)


def environment() -> dict[str, Any]:
    import duckdb
    commit = modified = None
    try:  # read-only git: --no-optional-locks keeps even the index's stat cache untouched
        commit = subprocess.run(["git", "--no-optional-locks", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, timeout=10).stdout.strip() or None
        modified = subprocess.run(["git", "--no-optional-locks", "diff", "--name-only", "HEAD", "--", "etl", "schema",
                                   "sql"], cwd=ROOT, capture_output=True, text=True, timeout=10).stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    mem_gb = None
    try:
        with open("/proc/meminfo") as handle:
            mem_gb = round(int(handle.readline().split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return {"python": platform.python_version(), "duckdb": duckdb.__version__, "platform": platform.platform(),
            "cpus": os.cpu_count(), "memory_gb": mem_gb, "commit": commit,
            "uncommitted_changes": modified, "load_average": os.getloadavg(),
            "generator_version": GENERATOR_VERSION, "started_at": dt.datetime.now().isoformat(timespec="seconds")}


# --------------------------------------------------------------------------- main

def print_profile(profile: dict[str, Any], what: str) -> None:
    mode = "parsing in-process" if profile.get("serial") else "as configured"
    print(f"\nProfile of refresh(), {what} ({profile['refresh_s']:.2f} s under cProfile, {mode}), "
          "top 15 by cumulative time:\n")
    print("| cumtime s | tottime s | calls | function |\n| ---: | ---: | ---: | --- |")
    for row in profile["cumulative"]:
        print(f"| {row['cumtime_s']:.3f} | {row['tottime_s']:.3f} | {row['ncalls']} | `{row['function']}` |")
    print("\nTop 15 by own time:\n")
    print("| tottime s | cumtime s | calls | function |\n| ---: | ---: | ---: | --- |")
    for row in profile["tottime"]:
        print(f"| {row['tottime_s']:.3f} | {row['cumtime_s']:.3f} | {row['ncalls']} | `{row['function']}` |")


def _ints(text: str) -> list[int]:
    return sorted({int(part.replace("_", "")) for part in text.split(",") if part.strip()})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,50000", help="corpus sizes for full refreshes")
    parser.add_argument("--measurements", default="1000000,10000000", help="star sizes for the frontier views")
    parser.add_argument("--quick", action="store_true", help="sizes 1000 and 1M measurements only (smoke check)")
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON here")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "benchdb-benchmarks",
                        help="cached corpora and scratch databases (default: %(default)s)")
    parser.add_argument("--no-profile", action="store_true", help="skip the cProfile of the 1,000-document refresh")
    parser.add_argument("--step-timeout", type=float, default=1800.0,
                        help="stop a refresh child after this many seconds (default %(default)s)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch databases")
    parser.add_argument("--repeat", type=int, default=1,
                        help="full refreshes per size; the fastest is reported, all are kept in the JSON, "
                             "and the peak memory is the largest of them (default %(default)s)")
    parser.add_argument("--publish", action="store_true",
                        help="also time benchdb publish to PostgreSQL (seeds, the 10,000-document warehouse, "
                             "each star) and the frontier views there")
    parser.add_argument("--pg-url", default=None,
                        help="PostgreSQL server for --publish (default: a throwaway cluster on this machine)")
    parser.add_argument("--wall-repeat", type=int, default=5,
                        help="runs of each whole-process timing (0: skip them); the fastest counts "
                             "(default %(default)s)")
    args = parser.parse_args(argv)
    sizes = [1000] if args.quick else _ints(args.sizes)
    measurements = [1_000_000] if args.quick else _ints(args.measurements)
    workdir = args.workdir.resolve()
    workdir.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {"environment": environment(), "sizes": sizes, "measurements": measurements,
                               "targets": {"full_refresh_docs_per_s": TARGET_RATE, "no_change_s": TARGET_NO_CHANGE_S,
                                           "one_change_s": TARGET_ONE_CHANGE_S, "frontier_view_s": TARGET_VIEW_S,
                                           "peak_rss_mb_50k": TARGET_PEAK_MB},
                               "refresh": {}, "incremental": None, "views": {}, "profile": None, "publish": {},
                               "wall_clock": None}
    pg_url, stop_postgres = start_postgres(args.pg_url) if args.publish else (None, lambda: None)
    try:
        return _run(args, sizes, measurements, workdir, results, pg_url)
    finally:
        stop_postgres()


def _run(args: argparse.Namespace, sizes: list[int], measurements: list[int], workdir: Path,
         results: dict[str, Any], pg_url: str | None) -> int:

    def save() -> None:
        if args.out:
            args.out.write_text(json.dumps(results, indent=2, default=str))

    if pg_url:
        from benchdb.etl.paths import seeds_dir
        from benchdb.etl.pipeline import refresh

        seeds_db = fresh_db(workdir / "publish-seeds.duckdb")
        refresh(seeds_dir() / "docs", seeds_db)
        publish_entry(results, "seeds", seeds_db, pg_url, "bench_seeds")
        fresh_db(seeds_db)
        save()

    incremental_size = max([s for s in sizes if s <= INCREMENTAL_SIZE], default=None)
    for size in sizes:
        source = corpus(workdir, size, args.seed)
        log(f"full refresh of {size:,} documents ..." + (f" (best of {args.repeat})" if args.repeat > 1 else ""))
        runs: list[dict[str, Any]] = []
        try:
            for _ in range(args.repeat):
                db = fresh_db(workdir / f"refresh-{size}.duckdb")
                runs.append(run_child([str(source), str(db)], args.step_timeout))
        except (StepTimeout, RuntimeError) as exc:
            log(f"  {exc}")
            results["refresh"][str(size)] = {"error": str(exc)}
            save()
            continue
        child = min(runs, key=lambda run: run["refresh_s"])
        child["peak_memory_mb"] = max(run["peak_memory_mb"] for run in runs)
        child["peak_rss_mb"] = max(run["peak_rss_mb"] for run in runs)
        summary = child["summary"]
        entry = {"documents": summary["documents_seen"], "refresh_s": child["refresh_s"], "wall_s": child["wall_s"],
                 "import_s": child["import_s"], "docs_per_s": summary["documents_seen"] / child["refresh_s"],
                 "runs_s": [run["refresh_s"] for run in runs],
                 "wall_best_s": min(run["wall_s"] for run in runs),  # the child process, imports included
                 "peak_memory_mb": child["peak_memory_mb"], "peak_rss_mb": child["peak_rss_mb"],
                 "peak_tree_pss_mb": child["peak_tree_pss_mb"], "peak_tree_rss_mb": child["peak_tree_rss_mb"],
                 "processes": child["processes"], "measurements": summary["measurements"],
                 "documents_empty": summary["documents_empty"], "documents_failed": summary["documents_failed"],
                 "values_skipped": summary["values_skipped"], "db_mb": db.stat().st_size / 1e6}
        results["refresh"][str(size)] = entry
        log(f"  {entry['docs_per_s']:,.0f} docs/s ({child['refresh_s']:.2f} s), peak memory "
            f"{entry['peak_memory_mb']:,.0f} MB (largest process {entry['peak_rss_mb']:,.0f} MB, "
            f"{entry['processes']} processes), "
            f"{entry['measurements']:,} measurements")
        save()
        if size == incremental_size:
            inc: dict[str, Any] = {"size": size}
            results["incremental"] = inc
            log(f"no-change refresh of {size:,} documents ...")
            try:
                child = run_child([str(source), str(db)], args.step_timeout)
                inc["no_change"] = {"refresh_s": child["refresh_s"], "wall_s": child["wall_s"],
                                    "peak_memory_mb": child["peak_memory_mb"],
                                    "documents_unchanged": child["summary"]["documents_unchanged"]}
                log(f"  {child['refresh_s']:.2f} s")
            except (StepTimeout, RuntimeError) as exc:
                inc["no_change"] = {"error": str(exc)}
            save()
            if not args.no_profile:  # where the time of a refresh with nothing to parse goes (still nothing changed)
                log(f"profiling a no-change refresh of {size:,} documents ...")
                try:
                    child = run_child([str(source), str(db), "profile"], args.step_timeout)
                    inc["no_change_profile"] = {"refresh_s": child["refresh_s"], **child["profile"],
                                                "text": child["profile_text"]}
                except (StepTimeout, RuntimeError) as exc:
                    inc["no_change_profile"] = {"error": str(exc)}
                save()
            path, original = edit_one_number(source, size)
            log(f"one-document-change refresh ({path.relative_to(source)}) ...")
            try:
                child = run_child([str(source), str(db)], args.step_timeout)
                inc["one_change"] = {"refresh_s": child["refresh_s"], "wall_s": child["wall_s"],
                                     "peak_memory_mb": child["peak_memory_mb"], "edited": str(path.relative_to(source)),
                                     "documents_changed": child["summary"]["documents_changed"]}
                log(f"  {child['refresh_s']:.2f} s")
            except (StepTimeout, RuntimeError) as exc:
                inc["one_change"] = {"error": str(exc)}
            finally:
                path.write_bytes(original)
            save()
            if args.wall_repeat > 0:
                log(f"whole-process timings on {size:,} documents (best of {args.wall_repeat}) ...")
                try:
                    results["wall_clock"] = time_wall_clock(source, db, size, args.wall_repeat, args.step_timeout)
                    log("  " + ", ".join(f"{k} {v['best_s']:.2f} s" for k, v in results["wall_clock"].items()
                                         if isinstance(v, dict)))
                except (subprocess.SubprocessError, RuntimeError) as exc:
                    results["wall_clock"] = {"error": str(exc)}
                save()
            if not args.no_profile:  # restoring the file made it a one-document change again
                log(f"profiling a one-document-change refresh of {size:,} documents ...")
                try:
                    child = run_child([str(source), str(db), "profile"], args.step_timeout)
                    inc["one_change_profile"] = {"refresh_s": child["refresh_s"], **child["profile"],
                                                 "text": child["profile_text"]}
                except (StepTimeout, RuntimeError) as exc:
                    inc["one_change_profile"] = {"error": str(exc)}
                save()
            if pg_url:
                publish_entry(results, f"{size:,} documents", db, pg_url, f"bench_docs_{size}")
                save()
        if not args.keep:
            fresh_db(db)

    for n in measurements:
        path = workdir / f"star-{n}.duckdb"
        log(f"building a star of {n:,} measurements ...")
        try:
            build = build_star(path, n)
            log(f"  built in {build['build_s']:.1f} s ({build['file_mb']:.0f} MB); timing views ...")
            queries = time_views(path)
            results["views"][str(n)] = {"build": build, "queries": queries}
            log("  " + ", ".join(f"{v} {q['best_s']:.2f} s" for v, q in queries.items()))
            if pg_url:
                publish_entry(results, f"{n:,} measurements", path, pg_url, f"bench_star_{n}", views=True)
        except Exception as exc:  # report and go on with the other figures
            log(f"  {type(exc).__name__}: {exc}")
            results["views"][str(n)] = {"error": f"{type(exc).__name__}: {exc}"}
        if not args.keep:
            fresh_db(path)
        save()

    if 1000 in sizes and not args.no_profile:
        log("profiling the refresh of 1,000 documents ...")
        db = fresh_db(workdir / "profile-1000.duckdb")
        try:
            child = run_child([str(corpus(workdir, 1000, args.seed)), str(db), "profile"], args.step_timeout)
            results["profile"] = {"refresh_s": child["refresh_s"], **child["profile"],
                                  "text": child["profile_text"]}
        except (StepTimeout, RuntimeError) as exc:
            results["profile"] = {"error": str(exc)}
        fresh_db(db)
        save()

    table = markdown(rows_for(results))
    results["table"] = table
    save()
    print(table)
    profiles = [(results["profile"], "a full refresh of 1,000 documents")]
    if results["incremental"]:
        size = results["incremental"]["size"]
        profiles.append((results["incremental"].get("no_change_profile"), f"a no-change refresh of {size:,} documents"))
        profiles.append((results["incremental"].get("one_change_profile"),
                         f"a one-document-change refresh of {size:,} documents"))
    for profile, what in profiles:
        if profile and "cumulative" in profile:
            print_profile(profile, what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
