"""Helpers for the process-level tests: the real `benchdb` executable, corpora made from
the seed descriptions, and read-only looks at a published warehouse.

Not a test module (no `test_` prefix); imported by test_refresh_processes.py and
test_upgrade_in_place.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import sys
from dataclasses import dataclass
from pathlib import Path

import duckdb

from tests._contract import fetch  # noqa: F401  (re-exported to the process tests)

SEED_MEASUREMENTS = 135

# The contract views (README) plus the diagnostic ones; each must query on a published file.
VIEWS = ("measurements", "models", "resolved_values", "score_per_parameter", "param_frontier",
         "throughput_frontier", "skipped_values", "param_conflicts", "conflicts", "source_documents", "refresh_runs")


def benchdb_command() -> list[str]:
    """The installed console script next to this interpreter, else `python -m etl.cli`."""
    script = Path(sys.executable).with_name("benchdb")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "benchdb.etl.cli"]


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float

    def json(self) -> dict:
        return json.loads(self.stdout)

    def __str__(self) -> str:
        return f"exit {self.code} after {self.seconds:.1f} s\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}"


def run_benchdb(*args: str | Path, cwd: Path, timeout: float = 60.0) -> Run:
    """Run `benchdb ARGS` to completion in a separate process (bounded by `timeout`)."""
    import time

    started = time.monotonic()
    done = subprocess.run([*benchdb_command(), *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)
    return Run(done.returncode, done.stdout, done.stderr, time.monotonic() - started)


def start_benchdb(*args: str | Path, cwd: Path) -> subprocess.Popen:
    """Start `benchdb ARGS` in its own process group (its worker processes join it); the
    caller waits for or kills it. Like a command started in a terminal, it gets Ctrl-C's
    default disposition: an ignored SIGINT is inherited across exec, and the test process
    has been seen to run with SIGINT ignored late in the full suite."""
    ignored = threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # a handler is reset to the default by exec
    try:
        return subprocess.Popen([*benchdb_command(), *map(str, args)], cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, start_new_session=True)
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


HAVE_PROC = Path("/proc/self/stat").exists()


def group_members(pgid: int) -> set[int]:
    """Live (non-zombie) processes of the process group `pgid`, from /proc (empty elsewhere)."""
    members = set()
    if not HAVE_PROC:
        return members
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, _ppid, pgrp = stat[stat.rindex(")") + 2:].split()[:3]
        if int(pgrp) == pgid and state != "Z":
            members.add(int(entry))
    return members


def kill_group(pgid: int) -> None:
    """SIGKILL what is left of a process group this test started."""
    try:
        os.killpg(pgid, 9)
    except ProcessLookupError:
        pass


# ----------------------------------------------------------------------------- corpora

_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


@dataclass(frozen=True)
class SeedDoc:
    """A seed description and one value in it that a copy may change."""

    name: str
    text: str
    line: int  # 1-based line of the value
    value: float


def seed_edit_points(seed_docs: Path, seed_db: Path) -> list[SeedDoc]:
    """For every seed description, the first line holding a measurement and its value."""
    con = duckdb.connect(str(seed_db), read_only=True)
    try:
        rows = con.execute(
            "SELECT source, source_line, value FROM measurements "
            "QUALIFY row_number() OVER (PARTITION BY source ORDER BY source_line, value) = 1").fetchall()
    finally:
        con.close()
    points = {source: (line, value) for source, line, value in rows}
    docs = []
    for path in sorted(seed_docs.iterdir()):
        line, value = points[path.name]
        docs.append(SeedDoc(path.name, path.read_text(encoding="utf-8"), line, value))
    return docs


def edited(doc: SeedDoc, delta: float) -> str:
    """The seed text with its chosen value raised by `delta` (same number of values)."""
    lines = doc.text.split("\n")
    target = lines[doc.line - 1]
    matches = [m for m in _NUMBER.finditer(target) if float(m.group()) == doc.value]
    assert matches, f"{doc.name}:{doc.line}: value {doc.value} not found in {target!r}"
    m = matches[-1]
    lines[doc.line - 1] = f"{target[:m.start()]}{doc.value + delta:.2f}{target[m.end():]}"
    return "\n".join(lines)


def write_corpus(dst: Path, seeds: list[SeedDoc], copies: range, variant: int) -> int:
    """Write one edited copy of every seed per number in `copies` under `dst`.

    Copy i of a seed is named `<stem>_c<i>.txt`; its chosen value is moved by a small amount
    depending on i and `variant`, so two variants of a copy differ and are both parsed.
    Returns the number of files written."""
    dst.mkdir(parents=True, exist_ok=True)
    written = 0
    for i in copies:
        delta = ((i * 7 + variant * 13) % 89 + 1) / 100
        for doc in seeds:
            stem, suffix = os.path.splitext(doc.name)
            (dst / f"{stem}_c{i:04d}{suffix}").write_text(edited(doc, delta), encoding="utf-8")
            written += 1
    return written


def copy_tree(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


# ----------------------------------------------------------------------------- looks



def measurement_count(db: Path) -> int:
    return fetch(db, "SELECT count(*) FROM measurements")[0][0]


def check_published(db: Path) -> int:
    """Open the published file read-only, query every view; return the measurement count."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        for view in VIEWS:
            con.execute(f"SELECT count(*) FROM {view}").fetchall()
        total = con.execute("SELECT count(*) FROM measurements").fetchall()[0][0]
        assert con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0] == total
        return total
    finally:
        con.close()


def measurement_rows(db: Path) -> list[tuple]:
    """Every measurement with its source, sorted (ids left out)."""
    return sorted(fetch(db, "SELECT source, source_line, model, model_as_written, benchmark, metric, setting, "
                            "value, unit, quote FROM measurements"), key=repr)


def leftovers(db: Path) -> list[str]:
    names = [db.name + ".staging", db.name + ".staging.wal", db.name + ".wal"]
    return [n for n in names if db.with_name(n).exists()]
