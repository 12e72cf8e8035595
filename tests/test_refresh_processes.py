"""`benchdb refresh` as separate operating-system processes, against real DuckDB files:
readers during a refresh, kill -9 at any moment, Ctrl-C, one refresh at a time, the
shrink guard, idempotency, and bad input, each process with a bounded timeout.

Corpora: copy i of each seed is `<seed stem>_c<i>.txt` with one value moved by a small
amount, so corpus A (copies 0..COPIES_A-1, variant 0) and corpus B (copies 0..COPIES_B-1,
variant 1) differ in every document and in their totals (COPIES_A and COPIES_B x 135
measurements: 135 per set of the 5 seeds).
"""

# SLOW TESTS, AND WHY THEY EXIST. The publication contract of etl/pipeline.py is about
# *other processes*: DuckDB's file locks are per process (a read-only reader blocks any
# writer of the same file), the refresh lock is a file lock, extraction runs in forked
# worker processes, and "a crash at any moment leaves the published file as it was" only
# means something for a real SIGKILL. None of that can be checked in-process or with
# mocks, so every test here runs the installed `benchdb` executable (or a reader script
# with `python -c`) as its own process, on a corpus large enough (450-500 edited copies of
# the seeds, above the size at which extraction goes parallel) that a refresh lasts a few
# seconds and readers, killers and rival refreshes really overlap it. About 50 s on 2
# cores; COPIES_A, KILL_ITERATIONS and BENCHDB_LARGE_DOC_MB are the knobs.

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests._processes import (
    HAVE_PROC,
    SEED_MEASUREMENTS,
    Run,
    check_published,
    copy_tree,
    fetch,
    group_members,
    kill_group,
    leftovers,
    measurement_count,
    measurement_rows,
    run_benchdb,
    seed_edit_points,
    start_benchdb,
    write_corpus,
)

try:  # refreshes of at least this many documents parse in forked worker processes
    from benchdb.etl.load.cache import PARALLEL_MIN_DOCUMENTS
except ImportError:  # an older pipeline without workers
    PARALLEL_MIN_DOCUMENTS = 0
try:  # larger files are refused (recorded as failed with the reason) instead of parsed
    from benchdb.etl.load.cache import MAX_DOCUMENT_BYTES
except ImportError:
    MAX_DOCUMENT_BYTES = None

# Copies of the 5 seeds: above the parallel threshold, so the forked workers are killed,
# locked out and overlapped too (90 and 100 copies with the threshold at 400 documents).
COPIES_A = max(60, PARALLEL_MIN_DOCUMENTS // 5 + 10)
COPIES_B = COPIES_A + 10  # all of A's names edited again plus 50 new documents
TOTAL_A = COPIES_A * SEED_MEASUREMENTS  # 135 measurements per set of 5 seeds
TOTAL_B = COPIES_B * SEED_MEASUREMENTS
KILL_ITERATIONS = 8
HOSTILE = "x'); DROP TABLE document; --"

SCATTER = """## Scatter Plot: MMLU-Pro Accuracy vs. Total Parameters
### Overview
This scatter plot compares language models on MMLU-Pro against their size.
### Components/Axes
* **X-axis:** Total Parameters (B)
* **Y-axis:** MMLU-Pro Accuracy (%)
### Detailed Analysis
{points}### Key Observations
* Larger models score higher.
"""


@dataclass
class Base:
    """A warehouse published from corpus A by the CLI, and the two corpora."""

    root: Path
    corpus_a: Path
    corpus_b: Path
    db: Path
    build_seconds: float  # wall time of the `benchdb refresh` process that built it

    def copy_to(self, tmp_path: Path) -> Path:
        db = tmp_path / "bench.duckdb"
        shutil.copyfile(self.db, db)
        return db


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory, seed_docs: Path, built_seed_db: Path) -> Base:
    root = tmp_path_factory.mktemp("processes")
    seeds = seed_edit_points(seed_docs, built_seed_db)
    corpus_a, corpus_b = root / "corpus_a", root / "corpus_b"
    assert write_corpus(corpus_a, seeds, range(COPIES_A), variant=0) == COPIES_A * 5
    assert write_corpus(corpus_b, seeds, range(COPIES_B), variant=1) == COPIES_B * 5
    db = root / "base.duckdb"
    run = run_benchdb("refresh", "--source", corpus_a, "--db", db, "--json", cwd=root, timeout=120)
    assert run.code == 0, run
    summary = run.json()
    assert summary["measurements"] == TOTAL_A, "the edited copies should read like their seeds"
    assert summary["documents_failed"] == 0
    return Base(root, corpus_a, corpus_b, db, run.seconds)


def wait_for(condition, timeout: float, what: str, interval: float = 0.01) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def finish(process: subprocess.Popen, timeout: float) -> Run:
    """Wait for a started process (killing it if it overruns) and collect its output."""
    started = time.monotonic()
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate(timeout=10)
        raise AssertionError(f"process {process.args} overran {timeout} s\nstdout:\n{out}\nstderr:\n{err}")
    return Run(process.returncode, out, err, time.monotonic() - started)


# ----------------------------------------------------------------------------- 1. readers

# Holds one read-only connection for its whole life and counts measurements in a loop;
# after the stop file appears it queries once more on the same connection.
SNAPSHOT_READER = r"""
import json, os, sys, time
import duckdb
db, stop, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
deadline = time.monotonic() + limit
con = duckdb.connect(db, read_only=True)
def count(relation="measurements"):
    return con.execute(f"SELECT count(*) FROM {relation}").fetchall()[0][0]
counts, errors = {}, []
first = count()
print("ready", flush=True)
while not os.path.exists(stop) and time.monotonic() < deadline:
    try:
        n = count()
        counts[n] = counts.get(n, 0) + 1
    except Exception as exc:
        errors.append(repr(exc))
    time.sleep(0.005)
after = {"measurements": count(), "fact_measurement": count("fact_measurement"),
         "refresh_run": count("refresh_run")}
print(json.dumps({"first": first, "counts": sorted(counts.items()), "errors": errors[:10],
                  "n_errors": len(errors), "after": after}))
"""

# What a BI tool does through duckdb_engine: a read-only URL, a new connection per query.
SQLALCHEMY_READER = r"""
import json, os, sys, time
import sqlalchemy as sa
db, stop, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
deadline = time.monotonic() + limit
engine = sa.create_engine(f"duckdb:///{db}?access_mode=read_only", poolclass=sa.pool.NullPool)
def count():
    with engine.connect() as conn:
        return conn.exec_driver_sql("SELECT count(*) FROM measurements").all()[0][0]
runs, errors = [], []
def note(n):
    if runs and runs[-1][0] == n:
        runs[-1][1] += 1
    else:
        runs.append([n, 1])
note(count())
print("ready", flush=True)
while not os.path.exists(stop) and time.monotonic() < deadline:
    try:
        note(count())
    except Exception as exc:
        errors.append(repr(exc))
    time.sleep(0.005)
print(json.dumps({"runs": runs, "errors": errors[:10], "n_errors": len(errors)}))
"""


def start_reader(script: str, db: Path, stop: Path) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", script, str(db), str(stop), "90"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()  # blocks until the first query succeeded (or the reader died)
    if line.strip() != "ready":
        process.kill()
        raise AssertionError(f"reader did not start: {line!r} {process.communicate(timeout=10)[1]}")
    return process


def test_readers_are_never_blocked_and_see_old_or_new(base: Base, tmp_path: Path) -> None:
    db = base.copy_to(tmp_path).resolve()
    stop = tmp_path / "stop"
    snapshot = start_reader(SNAPSHOT_READER, db, stop)
    try:
        per_query = start_reader(SQLALCHEMY_READER, db, stop)
    except BaseException:
        snapshot.kill()
        snapshot.communicate(timeout=10)
        raise
    try:
        run = run_benchdb("refresh", "--source", base.corpus_b, "--db", db, "--json", cwd=tmp_path, timeout=120)
        assert run.code == 0, run
        assert run.json()["measurements"] == TOTAL_B
        assert check_published(db) == TOTAL_B  # a new connection sees the new file at once
        time.sleep(0.5)  # let the per-query reader see the new file a few times
    finally:
        stop.touch()
        held, fresh = finish(snapshot, 30), finish(per_query, 30)
    assert held.code == 0, held
    assert fresh.code == 0, fresh
    held_out, fresh_out = json.loads(held.stdout), json.loads(fresh.stdout)

    # the long-lived connection: never an error, always the old snapshot, even afterwards
    assert held_out["n_errors"] == 0, held_out["errors"]
    assert held_out["first"] == TOTAL_A
    assert {n for n, _ in held_out["counts"]} == {TOTAL_A}, held_out["counts"]
    assert sum(k for _, k in held_out["counts"]) > 10, "the reader hardly ran during the refresh"
    assert held_out["after"] == {"measurements": TOTAL_A, "fact_measurement": TOTAL_A, "refresh_run": 1}

    # a new connection per query: never an error, old then new, never back, never between
    assert fresh_out["n_errors"] == 0, fresh_out["errors"]
    sequence = [n for n, _ in fresh_out["runs"]]
    assert sequence == [TOTAL_A, TOTAL_B], fresh_out["runs"]
    assert leftovers(db) == []


# ----------------------------------------------------------------------------- 2. kill -9

def test_kill_9_at_any_moment_leaves_the_old_or_the_new_warehouse(base: Base, tmp_path: Path) -> None:
    db = base.copy_to(tmp_path)
    corpora = {TOTAL_A: base.corpus_a, TOTAL_B: base.corpus_b}
    seed = int(os.environ.get("BENCHDB_KILL_SEED", random.randrange(2**32)))
    rng = random.Random(seed)
    typical = base.build_seconds  # a whole `benchdb refresh` process parsing corpus A
    # one delay in each eighth of [0, typical], shuffled: kills land in every phase
    delays = [typical * (i + rng.random()) / KILL_ITERATIONS for i in range(KILL_ITERATIONS)]
    rng.shuffle(delays)
    history = []
    stale_staging_seen = 0
    for delay in delays:
        before = measurement_count(db)
        target = TOTAL_B if before == TOTAL_A else TOTAL_A  # always a refresh with work to do
        process = start_benchdb("refresh", "--source", corpora[target], "--db", db, cwd=tmp_path)
        where = f"kill seed {seed}, delay {delay:.2f} s of {typical:.2f} s, history {history}"
        workers: set[int] = set()
        try:
            deadline = time.monotonic() + delay
            while process.poll() is None and time.monotonic() < deadline:
                workers |= group_members(process.pid) - {process.pid}
                time.sleep(0.02)
            process.send_signal(signal.SIGKILL)  # a no-op if it has just exited by itself
            try:  # the pipes close once the worker processes have gone too
                out, err = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"{where}: worker processes {group_members(process.pid)} still run "
                                     f"30 s after their refresh was killed") from None
            wait_for(lambda: not group_members(process.pid), 10, f"{where}: the workers of a killed refresh to exit")
        finally:
            kill_group(process.pid)
        killed = process.returncode == -signal.SIGKILL
        assert killed or process.returncode == 0, f"{where}: exit {process.returncode}\n{out}\n{err}"
        stale_staging_seen += (db.name + ".staging") in leftovers(db)
        assert not db.with_name(db.name + ".wal").exists(), f"{where}: a WAL beside the published file"
        after = check_published(db)  # opens read-only, every view queries
        assert after in (before, target), f"{where}: {after} measurements, expected {before} or {target}"
        if not killed:
            assert after == target, where
        history.append((round(delay, 2), "killed" if killed else "finished", f"{len(workers)} workers", after))

    # no manual cleanup: the next refresh removes the stale staging files and publishes
    staging, staging_wal = db.with_name(db.name + ".staging"), db.with_name(db.name + ".staging.wal")
    if not staging.exists():  # no kill landed inside the staging window: leave one anyway
        staging.write_bytes(b"stale staging of a killed refresh")
    if not staging_wal.exists():  # as if killed with a transaction in flight: a WAL of another file
        staging_wal.write_bytes(b"stale write-ahead log of a killed refresh")
    before = measurement_count(db)
    target = TOTAL_B if before == TOTAL_A else TOTAL_A
    run = run_benchdb("refresh", "--source", corpora[target], "--db", db, "--json", cwd=tmp_path, timeout=120)
    assert run.code == 0, f"{run}\nhistory {history}"
    assert run.json()["measurements"] == target
    assert check_published(db) == target
    assert leftovers(db) == []
    print(f"kill seed {seed}; typical {typical:.2f} s; {stale_staging_seen} kills left a staging file; {history}")


@pytest.mark.skipif(not HAVE_PROC or PARALLEL_MIN_DOCUMENTS == 0, reason="needs /proc and parallel extraction")
def test_ctrl_c_during_parallel_extraction_aborts_cleanly(base: Base, tmp_path: Path) -> None:
    # Regression: `finally: pool.join()` on a pool neither closed nor terminated turned
    # Ctrl-C into "ValueError: Pool is still running" and left the staging file behind.
    db = base.copy_to(tmp_path)
    published = db.read_bytes()
    corpus = copy_tree(base.corpus_b, tmp_path / "corpus")
    # parsed first and for seconds: the refresh is surely waiting on its workers when interrupted
    (corpus / "000_slow.md").write_text(huge_document(1.0)[0], encoding="utf-8")
    process = start_benchdb("refresh", "--source", corpus, "--db", db, cwd=tmp_path)
    try:
        wait_for(lambda: len(group_members(process.pid)) > 1 or process.poll() is not None, 60,
                 "the refresh to start its worker processes")
        time.sleep(0.5)
        assert process.poll() is None, "precondition: the refresh ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does to the foreground group
        interrupted = finish(process, 60)
        wait_for(lambda: not group_members(process.pid), 10, "the workers to exit")
    finally:
        kill_group(process.pid)
    # the conventional exit status of an interrupted command, with one line and no traceback
    assert interrupted.code == 130, interrupted
    assert interrupted.stderr.strip() == "benchdb: interrupted; the published warehouse is unchanged", interrupted
    assert "Traceback" not in interrupted.stderr and "Pool is still running" not in interrupted.stderr
    assert leftovers(db) == []
    assert db.read_bytes() == published


# ----------------------------------------------------------------------------- 3. one at a time

def test_one_refresh_at_a_time(base: Base, tmp_path: Path) -> None:
    db = base.copy_to(tmp_path)
    staging = db.with_name(db.name + ".staging")
    started: list[subprocess.Popen] = []
    try:
        first = start_benchdb("refresh", "--source", base.corpus_b, "--db", db, "--json", cwd=tmp_path)
        started.append(first)
        # the staging file appears once the first refresh holds the lock
        wait_for(lambda: staging.exists() or first.poll() is not None, 60, "the first refresh to take the lock")
        assert first.poll() is None, "the first refresh ended before a second could be started"
        second = start_benchdb("refresh", "--source", base.corpus_b, "--db", db, "--json", cwd=tmp_path)
        waiting = start_benchdb("refresh", "--source", base.corpus_b, "--db", db, "--json", "--wait", "120",
                                cwd=tmp_path)
        started += [second, waiting]
        refused = finish(second, 60)
        first_still_running = first.poll() is None
        waiting_still_waiting = waiting.poll() is None
        done = finish(first, 120)
        waited = finish(waiting, 150)
    finally:
        for process in started:
            if process.poll() is None:
                process.kill()
                process.communicate(timeout=10)

    assert first_still_running, "precondition: the second refresh must have run while the first held the lock"
    assert refused.code == 3, refused
    answer = refused.json()
    assert (set(answer), answer["published"], answer["code"], answer["exit_code"]) == (
        {"published", "error", "code", "exit_code"}, False, 3, 3)
    assert "another refresh" in refused.stderr and str(db.resolve()) + ".lock" in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr

    assert done.code == 0, done
    assert done.json()["published"] is True
    assert done.json()["measurements"] == TOTAL_B

    assert waiting_still_waiting, "the --wait refresh should still be waiting while the first runs"
    assert waited.code == 0, waited
    summary = waited.json()
    # it ran on what the first one published: nothing left to parse
    assert summary["published"] is True
    assert summary["documents_unchanged"] == COPIES_B * 5
    assert (summary["documents_new"], summary["documents_changed"]) == (0, 0)
    assert summary["measurements"] == TOTAL_B

    assert check_published(db) == TOTAL_B
    assert leftovers(db) == []
    runs = fetch(db, "SELECT run_id, documents_new + documents_changed, measurements_total FROM refresh_run "
                     "ORDER BY run_id")
    assert runs == [(1, COPIES_A * 5, TOTAL_A), (2, COPIES_B * 5, TOTAL_B), (3, 0, TOTAL_B)]


# ----------------------------------------------------------------------------- 4. validation

def test_shrinking_refresh_is_refused_unless_allowed(seed_docs: Path, tmp_path: Path) -> None:
    full = copy_tree(seed_docs, tmp_path / "full")
    kept = sorted(p.name for p in full.iterdir())[0]
    one = tmp_path / "one"
    one.mkdir()
    shutil.copy(full / kept, one / kept)
    db = tmp_path / "bench.duckdb"
    assert run_benchdb("refresh", "--source", full, "--db", db, cwd=tmp_path).code == 0
    published = db.read_bytes()
    rows = measurement_rows(db)
    assert len(rows) == SEED_MEASUREMENTS

    refused = run_benchdb("refresh", "--source", one, "--db", db, "--json", cwd=tmp_path)
    assert refused.code == 4, refused
    lines = refused.stdout.strip().splitlines()
    assert len(lines) == 1, refused.stdout
    answer = json.loads(lines[0])
    assert answer["published"] is False and answer["exit_code"] == 4
    assert "--allow-shrink" in answer["error"] and "drop" in answer["error"]
    assert "Traceback" not in refused.stderr
    assert db.read_bytes() == published
    assert measurement_rows(db) == rows
    assert leftovers(db) == []

    allowed = run_benchdb("refresh", "--source", one, "--db", db, "--json", "--allow-shrink", cwd=tmp_path)
    assert allowed.code == 0, allowed
    assert allowed.json()["published"] is True
    assert allowed.json()["documents_removed"] == 4
    mirrored = measurement_rows(db)
    assert mirrored == [row for row in rows if row[0] == kept]
    assert {source for source, *_ in mirrored} == {kept}
    assert fetch(db, "SELECT source, status FROM source_documents WHERE status <> 'removed'") == [(kept, "loaded")]
    assert fetch(db, "SELECT allow_shrink FROM refresh_run ORDER BY run_id") == [(False,), (True,)]
    assert check_published(db) == len(mirrored)


# ----------------------------------------------------------------------------- 5. idempotent

def test_unchanged_input_changes_no_rows_and_records_a_run(base: Base, tmp_path: Path) -> None:
    db = base.copy_to(tmp_path)
    corpus = copy_tree(base.corpus_a, tmp_path / "corpus_a")  # same files, another folder
    facts = fetch(db, "SELECT * FROM fact_measurement ORDER BY measurement_id")
    docs = fetch(db, "SELECT path, content_sha256, status, values_extracted, last_loaded_run FROM document "
                     "ORDER BY path")
    run = run_benchdb("refresh", "--source", corpus, "--db", db, "--json", cwd=tmp_path)
    assert run.code == 0, run
    summary = run.json()
    assert summary["documents_unchanged"] == COPIES_A * 5
    assert (summary["measurements_added"], summary["measurements_removed"]) == (0, 0)
    assert fetch(db, "SELECT * FROM fact_measurement ORDER BY measurement_id") == facts
    assert fetch(db, "SELECT path, content_sha256, status, values_extracted, last_loaded_run FROM document "
                     "ORDER BY path") == docs
    runs = fetch(db, "SELECT run_id, documents_seen, documents_new, documents_changed, documents_unchanged, "
                     "documents_removed, measurements_added, measurements_removed FROM refresh_runs ORDER BY run_id")
    n = COPIES_A * 5
    assert runs == [(1, n, n, 0, 0, 0, TOTAL_A, 0), (2, n, 0, 0, n, 0, 0, 0)]
    assert fetch(db, "SELECT measurements_total FROM refresh_run ORDER BY run_id") == [(TOTAL_A,), (TOTAL_A,)]


# ----------------------------------------------------------------------------- 6. bad input

def huge_document(megabytes: float) -> tuple[str, int]:
    """A valid scatter-plot description padded to `megabytes` with data lines; (text, lines)."""
    size = int(megabytes * 1_000_000)
    points, length, i = [], 0, 0
    while length < size:
        line = f"* **Padmodel-{i}-7B:** ({7 + i % 50}B, {40 + (i % 400) / 10:.1f})\n"
        points.append(line)
        length += len(line)
        i += 1
    return SCATTER.format(points="".join(points)), i


def test_bad_input_loses_nothing(seed_docs: Path, built_seed_db: Path, tmp_path: Path,
                                 record_property) -> None:
    docs = copy_tree(seed_docs, tmp_path / "docs")
    # huge.md: ~20 MB of data lines (refused as too large when over the pipeline's limit);
    # large.md: as large as a test can afford to parse (BENCHDB_LARGE_DOC_MB raises it).
    huge_mb = float(os.environ.get("BENCHDB_HUGE_DOC_MB", "20"))
    large_mb = float(os.environ.get("BENCHDB_LARGE_DOC_MB", "0.5"))
    huge_text, huge_lines = huge_document(huge_mb)
    large_text, large_lines = huge_document(large_mb)
    (docs / "huge.md").write_text(huge_text, encoding="utf-8")
    (docs / "large.md").write_text(large_text, encoding="utf-8")
    (docs / "empty.txt").write_bytes(b"")
    (docs / "binary.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00" + random.Random(7).randbytes(8192))
    (docs / "latin1.md").write_bytes(
        SCATTER.format(points="* **Café-7B:** (7B, 55.3)\n* **Señor-13B:** (13B, 61.0)\n").encode("latin-1"))
    (docs / "hostile.md").write_text(
        SCATTER.format(points=f"* **{HOSTILE}:** (7B, 51.5)\n* **Alice-13B:** (13B, 60.5)\n"), encoding="utf-8")
    huge_refused = MAX_DOCUMENT_BYTES is not None and (docs / "huge.md").stat().st_size > MAX_DOCUMENT_BYTES
    assert MAX_DOCUMENT_BYTES is None or (docs / "large.md").stat().st_size <= MAX_DOCUMENT_BYTES
    db = tmp_path / "bench.duckdb"

    parsed_mb = large_mb + (0 if huge_refused else huge_mb)
    run = run_benchdb("refresh", "--source", docs, "--db", db, "--json", cwd=tmp_path, timeout=60 + 20 * parsed_mb)
    record_property("refresh_seconds", round(run.seconds, 2))
    print(f"refresh with a {huge_mb} MB document ({'refused' if huge_refused else 'parsed'}) and a {large_mb} MB "
          f"one ({large_lines} data lines): {run.seconds:.1f} s")
    if run.seconds > 60:  # reported, not asserted
        warnings.warn(f"performance: a refresh parsing {parsed_mb} MB of descriptions took {run.seconds:.0f} s",
                      stacklevel=1)

    assert run.code == 0, run
    summary = run.json()
    assert summary["published"] is True
    failures = {f["source"]: f["error"] for f in summary["failures"]}
    assert set(failures) == {"empty.txt", "binary.txt"} | ({"huge.md"} if huge_refused else set())

    seed_names = sorted(p.name for p in seed_docs.iterdir())
    assert [r for r in measurement_rows(db) if r[0] in seed_names] == measurement_rows(built_seed_db)
    assert fetch(db, "SELECT count(*) FROM measurements WHERE source = 'large.md'") == [(large_lines,)]

    status = {s: (st, e) for s, st, e in fetch(db, "SELECT source, status, error FROM source_documents")}
    assert status["empty.txt"] == ("failed", "empty file")
    assert status["binary.txt"][0] == "failed" and "binary" in status["binary.txt"][1]
    assert status["large.md"] == ("loaded", None)
    if huge_refused:
        assert status["huge.md"][0] == "failed" and "too large" in status["huge.md"][1], status["huge.md"]
        assert status["huge.md"][1] == failures["huge.md"]
    else:
        assert status["huge.md"] == ("loaded", None)
    assert status["latin1.md"][0] == "loaded"
    assert fetch(db, "SELECT model_as_written FROM measurements WHERE source = 'latin1.md' ORDER BY value") == [
        ("Café-7B",), ("Señor-13B",)]
    assert fetch(db, "SELECT model, model_as_written, value FROM measurements WHERE source = 'hostile.md' "
                     "ORDER BY value") == [(HOSTILE, HOSTILE, 51.5), ("Alice-13B", "Alice-13B", 60.5)]
    assert fetch(db, "SELECT count(*) FROM document") == [(len(seed_names) + 6,)]
    total = SEED_MEASUREMENTS + large_lines + 4 + (0 if huge_refused else huge_lines)
    assert check_published(db) == total
    assert leftovers(db) == []
