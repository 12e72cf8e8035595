"""Bad input and faults: a clear one-line error, nothing lost, never a blocked warehouse.

Non-finite values and BOM-less UTF-16 in-process; then the real `benchdb` executable
against faults of the machine: a `--db` that is SQLite or text, an empty source folder,
read-only and unreadable folders and files, a full disk (a small tmpfs when this process
may mount one, and a file-size limit, which any process may set), and SIGKILL at each
named phase of a refresh (the `BENCHDB_TEST_KILL_AT` hook of etl/pipeline.py). Every
failure must be one line on stderr, a JSON object on stdout with `--json`, a documented
exit code, and the published file byte for byte as it was. Last, Hypothesis fuzzes whole
documents through `refresh` (in-process, and a few through the executable).

Permissions: root ignores them, so as root the executable runs under `setpriv` without
the capabilities that bypass file permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchdb.etl.extract.document import read_document
from benchdb.etl.pipeline import PHASES, RefreshError, RefreshRefused, refresh
from tests._processes import (
    SEED_MEASUREMENTS,
    benchdb_command,
    check_published,
    fetch,
    group_members,
    kill_group,
    leftovers,
    measurement_rows,
    seed_edit_points,
    write_corpus,
)
from tests.test_parse_properties import FRAGMENTS, markdownish

EDITED_DOC = "001_472b75672e156450.txt"
EDITED_OLD = "- **Kimi-VL-A3B-Thinking-2506**: 3B parameters, 55 Pass@1 (top-left)."
EDITED_NEW = "- **Kimi-VL-A3B-Thinking-2506**: 3B parameters, 57.5 Pass@1 (top-left)."

NON_FINITE_DOC = """## Scatter Plot: MMLU-Pro Accuracy vs. Total Parameters
### Overview
This scatter plot compares language models on MMLU-Pro against their size; no NaN marks.
### Components/Axes
* **X-axis:** Total Parameters (B)
* **Y-axis:** MMLU-Pro Accuracy (%)
### Detailed Analysis
* **Alpha-7B:** (7B, 1e999)
* **Beta-13B:** (13B, inf)
* **Gamma-20B:** (20B, NaN)
* **Delta-30B:** (30B, 61.0)
* **Epsilon-40B:** (40B, -Infinity)
* **Zeta-50B:** (50B, 1{zeros})
* **Eta-60B:** (1e999B, 64.5)
* **Theta-70B:** (70B, 66.0)
### Key Observations
* NaN and inf never appear in the data; Delta-30B reaches 61.0.
""".replace("{zeros}", "0" * 400)  # 10**400: a plain integer that is no finite double


# ----------------------------------------------------------------------------- helpers

@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        return f"exit {self.code}\nstdout:\n{self.stdout}\nstderr:\n{self.stderr}"


def run_cli(*args: str | Path, cwd: Path, prefix: list[str] | None = None, env: dict[str, str] | None = None,
            preexec=None, timeout: float = 120) -> Run:
    """`benchdb ARGS` as a separate process (optionally under `prefix`, e.g. setpriv)."""
    done = subprocess.run([*(prefix or []), *benchdb_command(), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **(env or {})}, preexec_fn=preexec)
    return Run(done.returncode, done.stdout, done.stderr)


def assert_clean_failure(run: Run, code: int, *words: str) -> dict:
    """A failure as documented: exit `code`, one line on stderr naming `words`, and (the
    run used --json) one JSON object on stdout; returns that object."""
    assert run.code == code, run
    assert "Traceback" not in run.stderr, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchdb: "), run
    for word in words:
        assert word in lines[0], (word, run)
    out = run.stdout.strip().splitlines()
    assert len(out) == 1, run
    answer = json.loads(out[0])
    assert answer["published"] is False and answer["code"] == code and answer["error"] == lines[0][len("benchdb: "):]
    return answer


def published_state(db: Path) -> bytes | None:
    return db.read_bytes() if db.exists() else None


def _can_drop_permission_override() -> list[str] | None:
    """The command prefix under which file permissions apply to this user ([] unless root),
    or None when that cannot be arranged."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o500)
        probe = subprocess.run([*prefix, "sh", "-c", f"touch {folder}/x"], capture_output=True)
        os.chmod(folder, 0o700)
    return prefix if probe.returncode != 0 else None


UNPRIVILEGED = _can_drop_permission_override()
needs_permissions = pytest.mark.skipif(UNPRIVILEGED is None, reason="file permissions cannot be made to apply")


# ----------------------------------------------------------------------------- non-finite values

@pytest.mark.parametrize("published_before", [False, True], ids=["first build", "patch of a warehouse"])
def test_non_finite_values_are_recorded_skips_and_the_rest_publishes(seeds_copy: Path, built_seed_db: Path,
                                                                     tmp_path: Path, published_before: bool) -> None:
    db = tmp_path / "bench.duckdb"
    if published_before:  # a new document patched into the published star (it failed there before)
        shutil.copyfile(built_seed_db, db)
    (seeds_copy / "nonfinite.md").write_text(NON_FINITE_DOC, encoding="utf-8")
    summary = refresh(seeds_copy, db)
    assert summary.published
    assert summary.documents_failed == 0
    assert summary.skip_reasons["not finite"] == 6
    assert fetch(db, "SELECT model_as_written, value FROM measurements WHERE source = 'nonfinite.md' "
                     "ORDER BY value") == [("Delta-30B", 61.0), ("Eta-60B", 64.5), ("Theta-70B", 66.0)]
    skipped = fetch(db, "SELECT source_line, detail, document_status FROM skipped_values "
                        "WHERE source = 'nonfinite.md' AND reason = 'not finite' ORDER BY source_line")
    assert [(line, detail[:6], status) for line, detail, status in skipped] == [
        (8, "1e999", "loaded"), (9, "inf", "loaded"), (10, "NaN", "loaded"), (12, "-Infin", "loaded"),
        (13, "100000", "loaded"), (14, "1e999B", "loaded")]
    # the Overview's and Key Observations' "NaN" are words, not values: neither loaded nor skipped
    assert fetch(db, "SELECT count(*) FROM skipped_values WHERE source = 'nonfinite.md' "
                     "AND source_line IN (3, 17)") == [(0,)]
    assert fetch(db, "SELECT count(*) FROM measurements WHERE NOT isfinite(value)") == [(0,)]
    assert fetch(db, "SELECT count(*) FROM measurements WHERE source <> 'nonfinite.md'") == [(SEED_MEASUREMENTS,)]
    # an unbounded parameter count is skipped too: Eta-60B's name still gives 60B
    assert fetch(db, "SELECT total_params_b FROM models WHERE model = 'Eta-60B'") == [(60.0,)]
    assert check_published(db) == SEED_MEASUREMENTS + 3


def test_non_finite_values_through_the_cli_exit_0(seeds_copy: Path, db_copy: Path, tmp_path: Path) -> None:
    (seeds_copy / "nonfinite.md").write_text(NON_FINITE_DOC, encoding="utf-8")
    run = run_cli("refresh", "--source", seeds_copy, "--db", db_copy, "--json", cwd=tmp_path)
    assert run.code == 0, run
    assert run.stderr == ""
    summary = json.loads(run.stdout)
    assert summary["published"] is True and summary["skip_reasons"]["not finite"] == 6


# ----------------------------------------------------------------------------- decoding

@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_utf16_without_bom_loads_like_utf8(seeds_copy: Path, built_seed_db: Path, tmp_path: Path,
                                          encoding: str) -> None:
    original = seeds_copy / EDITED_DOC
    text = original.read_text(encoding="utf-8")
    wide = seeds_copy / "wide.txt"
    wide.write_bytes(text.encode(encoding))
    assert not wide.read_bytes().startswith((b"\xff\xfe", b"\xfe\xff"))
    assert read_document(wide.read_bytes()) == (text, f"decoded as {encoding} (no byte-order mark)")
    db = tmp_path / "bench.duckdb"
    summary = refresh(seeds_copy, db)
    assert summary.documents_failed == 0
    as_utf8 = [row[1:] for row in measurement_rows(db) if row[0] == EDITED_DOC]
    as_wide = [row[1:] for row in measurement_rows(db) if row[0] == "wide.txt"]
    assert as_wide == as_utf8 and as_wide
    assert fetch(db, "SELECT reason, detail FROM skipped_values WHERE source = 'wide.txt' AND reason = 'note'") == [
        ("note", f"decoded as {encoding} (no byte-order mark)")]


def test_nul_bytes_without_a_wide_pattern_are_still_binary() -> None:
    assert read_document(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8) == (
        None, "binary file (contains NUL bytes)")
    assert read_document(b"ab\x00cd\x00\x00\x00xyz" * 50)[0] is None


# ----------------------------------------------------------------------------- the --db file

def test_a_sqlite_db_is_refused_from_its_header_without_any_download(seeds_copy: Path, tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "warehouse.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.execute("INSERT INTO notes VALUES ('keep me')")
    con.commit()
    con.close()
    before = db.read_bytes()
    home = tmp_path / "home"  # DuckDB installs extensions under ~/.duckdb: it must stay empty
    home.mkdir()
    env = {"HOME": str(home), "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}
    run = run_cli("refresh", "--source", seeds_copy, "--db", db, "--json", cwd=tmp_path, env=env)
    answer = assert_clean_failure(run, 1, str(db), "not a valid DuckDB database", "SQLite")
    assert "extension" not in answer["error"].lower() and "download" not in answer["error"].lower()
    assert db.read_bytes() == before
    assert leftovers(db) == []
    query = run_cli("query", "select 1", "--db", db, cwd=tmp_path, env=env)
    assert query.code == 2 and query.stderr.strip() == f"benchdb: cannot open {db}: not a DuckDB database file " \
                                                         f"(it holds a SQLite database)", query
    assert list(home.iterdir()) == []


def test_a_text_file_as_db_is_refused_and_kept(seeds_copy: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    db.write_text("my notes, not a warehouse\n")
    run = run_cli("refresh", "--source", seeds_copy, "--db", db, "--json", cwd=tmp_path)
    assert_clean_failure(run, 1, str(db), "not a valid DuckDB database", "text", "--db")
    assert db.read_text() == "my notes, not a warehouse\n"
    assert leftovers(db) == []


def test_an_empty_file_as_db_becomes_the_warehouse(seeds_copy: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    db.touch()  # e.g. made by a deployment script: no data in it to lose
    assert refresh(seeds_copy, db).published
    assert check_published(db) == SEED_MEASUREMENTS


# ----------------------------------------------------------------------------- empty source

def test_an_empty_source_folder_publishes_nothing_unless_allowed(db_copy: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README").write_text("not a description")  # no *.txt / *.md
    before = db_copy.read_bytes()
    kept = assert_clean_failure(run_cli("refresh", "--source", empty, "--db", db_copy, "--json", cwd=tmp_path),
                                4, str(empty), "no descriptions", "--allow-empty")
    assert db_copy.read_bytes() == before

    new_db = tmp_path / "new.duckdb"
    with pytest.raises(RefreshRefused) as refused:
        refresh(empty, new_db)
    assert str(refused.value) == kept["error"]
    assert not new_db.exists() and leftovers(new_db) == []
    assert refresh(empty, new_db, allow_empty=True).published
    assert check_published(new_db) == 0
    # a warehouse with measurements also needs --allow-shrink to be emptied
    assert_clean_failure(run_cli("refresh", "--source", empty, "--db", db_copy, "--json", "--allow-empty",
                                 cwd=tmp_path), 4, "--allow-shrink")
    assert db_copy.read_bytes() == before


# ----------------------------------------------------------------------------- permissions

@contextlib.contextmanager
def chmod(path: Path, mode: int) -> Iterator[None]:
    old = path.stat().st_mode & 0o777
    os.chmod(path, mode)
    try:
        yield
    finally:
        os.chmod(path, old)


@needs_permissions
@pytest.mark.parametrize("existing", [True, False], ids=["published warehouse", "first build"])
def test_read_only_target_folder_is_one_line_and_changes_nothing(seeds_copy: Path, built_seed_db: Path, tmp_path: Path,
                                                                  existing: bool) -> None:
    target = tmp_path / "target"
    target.mkdir()
    db = target / "bench.duckdb"
    if existing:
        shutil.copyfile(built_seed_db, db)
    before = published_state(db)
    with chmod(target, 0o555):
        run = run_cli("refresh", "--source", seeds_copy, "--db", db, "--json", cwd=tmp_path, prefix=UNPRIVILEGED)
    answer = assert_clean_failure(run, 1, str(target), "writable", "--db")
    assert ("unchanged" if existing else "nothing was published") in answer["error"]
    assert published_state(db) == before
    assert sorted(p.name for p in target.iterdir()) == (["bench.duckdb"] if existing else [])


@needs_permissions
def test_read_only_source_folder_is_read(seeds_copy: Path, tmp_path: Path) -> None:
    for path in [*seeds_copy.iterdir(), seeds_copy]:
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
    try:
        run = run_cli("refresh", "--source", seeds_copy, "--db", tmp_path / "bench.duckdb", "--json", cwd=tmp_path,
                      prefix=UNPRIVILEGED)
    finally:
        os.chmod(seeds_copy, 0o755)
    assert run.code == 0, run
    assert json.loads(run.stdout)["measurements"] == SEED_MEASUREMENTS


@needs_permissions
def test_unreadable_document_is_recorded_and_retried(seeds_copy: Path, db_copy: Path, tmp_path: Path) -> None:
    locked = seeds_copy / EDITED_DOC
    locked.write_text(locked.read_text(encoding="utf-8").replace(EDITED_OLD, EDITED_NEW), encoding="utf-8")
    rows = fetch(db_copy, "SELECT count(*) FROM measurements WHERE source = ?", [EDITED_DOC])
    with chmod(locked, 0o000):
        runs = [run_cli("refresh", "--source", seeds_copy, "--db", db_copy, "--json", cwd=tmp_path, prefix=UNPRIVILEGED)
                for _ in range(2)]
    for run in runs:  # every refresh tries it again, and keeps its last good rows
        assert run.code == 0, run
        summary = json.loads(run.stdout)
        assert summary["failures"] == [{"source": EDITED_DOC, "error": "cannot read the file: Permission denied; "
                                                                       "fix its permissions or remove it"}]
        assert fetch(db_copy, "SELECT status FROM source_documents WHERE source = ?", [EDITED_DOC]) == [("stale",)]
        assert fetch(db_copy, "SELECT count(*) FROM measurements WHERE source = ?", [EDITED_DOC]) == rows
    readable = run_cli("refresh", "--source", seeds_copy, "--db", db_copy, "--json", cwd=tmp_path, prefix=UNPRIVILEGED)
    assert readable.code == 0 and json.loads(readable.stdout)["documents_failed"] == 0, readable
    assert fetch(db_copy, "SELECT value FROM measurements WHERE source = ? AND quote = ?",
                 [EDITED_DOC, EDITED_NEW.strip()]) == [(57.5,)]


@needs_permissions
def test_unlistable_source_subfolder_stops_the_refresh(seeds_copy: Path, db_copy: Path, tmp_path: Path) -> None:
    sub = seeds_copy / "more"
    sub.mkdir()
    for path in list(seeds_copy.glob("*.txt"))[:3]:
        path.rename(sub / path.name)  # those documents would otherwise look removed
    before = db_copy.read_bytes()
    with chmod(sub, 0o000):
        run = run_cli("refresh", "--source", seeds_copy, "--db", db_copy, "--json", cwd=tmp_path, prefix=UNPRIVILEGED)
    assert_clean_failure(run, 1, str(sub), "permissions")
    assert db_copy.read_bytes() == before


# ----------------------------------------------------------------------------- full disk

def resize_tmpfs(folder: Path, size: int) -> None:
    subprocess.run(["mount", "-o", f"remount,size={size}", str(folder)], check=True, capture_output=True)


@contextlib.contextmanager
def small_tmpfs(size: int) -> Iterator[Path]:
    """A tmpfs of `size` bytes mounted on a new folder (skips unless this process may mount)."""
    if os.geteuid() != 0 or not sys.platform.startswith("linux") or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root on Linux")
    folder = Path(tempfile.mkdtemp(prefix="benchdb-full-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        folder.rmdir()
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


def _file_size_limit(limit: int):
    def apply() -> None:  # in the child: writes past `limit` bytes fail (EFBIG; Python ignores SIGXFSZ)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def _disk_full_case(seeds_copy: Path, db: Path, tmp_path: Path, **how) -> None:
    edited = seeds_copy / EDITED_DOC
    edited.write_text(edited.read_text(encoding="utf-8").replace(EDITED_OLD, EDITED_NEW),
                      encoding="utf-8")
    before = published_state(db)
    run = run_cli("refresh", "--source", seeds_copy, "--db", db, "--json", cwd=tmp_path, **how)
    answer = assert_clean_failure(run, 1, "no space left", str(db.parent), "--db")
    assert ("unchanged" if before is not None else "nothing was published") in answer["error"]
    assert published_state(db) == before
    assert leftovers(db) == []
    if before is not None:
        assert check_published(db) == SEED_MEASUREMENTS


@pytest.mark.parametrize("existing", [True, False], ids=["published warehouse", "first build"])
def test_disk_full_on_a_small_tmpfs(seeds_copy: Path, built_seed_db: Path, tmp_path: Path, existing: bool) -> None:
    size = built_seed_db.stat().st_size
    # room for the published file and a little more, never for its staging copy
    with small_tmpfs(size + (2 << 20) if existing else 2 << 20) as disk:
        db = disk / "bench.duckdb"
        if existing:
            shutil.copyfile(built_seed_db, db)
        _disk_full_case(seeds_copy, db, tmp_path)
        resize_tmpfs(disk, 3 * size + (8 << 20))  # room again: the next refresh publishes
        run = run_cli("refresh", "--source", seeds_copy, "--db", db, "--json", cwd=tmp_path)
        assert run.code == 0, run
        assert fetch(db, "SELECT value FROM measurements WHERE quote = ?", [EDITED_NEW.strip()]) == [(57.5,)]
        assert leftovers(db) == []


@pytest.mark.parametrize("existing", [True, False], ids=["published warehouse", "first build"])
def test_disk_full_as_a_file_size_limit(seeds_copy: Path, built_seed_db: Path, tmp_path: Path, existing: bool) -> None:
    db = tmp_path / "bench.duckdb"
    if existing:
        shutil.copyfile(built_seed_db, db)
    _disk_full_case(seeds_copy, db, tmp_path, preexec=_file_size_limit(1 << 20))


# ----------------------------------------------------------------------------- kill -9 at each phase

def _killed_at(phase: str, source: Path, db: Path, cwd: Path) -> subprocess.CompletedProcess:
    process = subprocess.Popen([*benchdb_command(), "refresh", "--source", str(source), "--db", str(db)], cwd=cwd,
                               env={**os.environ, "BENCHDB_TEST_KILL_AT": phase}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=120)
        deadline = time.monotonic() + 10
        while group_members(process.pid) and time.monotonic() < deadline:  # forked workers die with it
            time.sleep(0.02)
        assert not group_members(process.pid), f"{phase}: workers outlived their killed refresh"
    finally:
        kill_group(process.pid)
    assert process.returncode == -signal.SIGKILL, f"{phase}: not killed there (exit {process.returncode})\n{err}"
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


@pytest.mark.parametrize("phase", PHASES)
def test_kill_9_at_each_phase_leaves_the_published_file_byte_identical(phase: str, seeds_copy: Path, db_copy: Path,
                                                                       tmp_path: Path) -> None:
    edited = seeds_copy / EDITED_DOC
    edited.write_text(edited.read_text(encoding="utf-8").replace(EDITED_OLD, EDITED_NEW), encoding="utf-8")
    before = db_copy.read_bytes()
    _killed_at(phase, seeds_copy, db_copy, tmp_path)
    assert not db_copy.with_name(db_copy.name + ".wal").exists()
    if phase == "published":  # killed just after the rename: the new warehouse, whole
        assert db_copy.read_bytes() != before
        assert fetch(db_copy, "SELECT value FROM measurements WHERE quote = ?", [EDITED_NEW.strip()]) == [(57.5,)]
    else:
        assert db_copy.read_bytes() == before, f"killed at {phase}: the published file changed"
    assert check_published(db_copy) == SEED_MEASUREMENTS
    after = refresh(seeds_copy, db_copy)  # no cleanup by hand: the next refresh just works
    assert after.published and after.documents_changed == (0 if phase == "published" else 1)
    assert fetch(db_copy, "SELECT value FROM measurements WHERE quote = ?", [EDITED_NEW.strip()]) == [(57.5,)]
    assert leftovers(db_copy) == []


@pytest.mark.parametrize("phase", ["built", "synced"])
def test_kill_9_during_a_first_build_publishes_nothing(phase: str, seeds_copy: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    _killed_at(phase, seeds_copy, db, tmp_path)
    assert not db.exists()
    assert refresh(seeds_copy, db).published
    assert check_published(db) == SEED_MEASUREMENTS
    assert leftovers(db) == []


def test_kill_9_while_worker_processes_parse(seed_docs: Path, built_seed_db: Path, db_copy: Path,
                                             tmp_path: Path) -> None:
    from benchdb.etl.load.cache import PARALLEL_MIN_DOCUMENTS

    corpus = tmp_path / "corpus"
    copies = PARALLEL_MIN_DOCUMENTS // 5 + 4  # above the threshold: parsed in forked workers
    write_corpus(corpus, seed_edit_points(seed_docs, built_seed_db), range(copies), variant=0)
    before = db_copy.read_bytes()
    _killed_at("parsing", corpus, db_copy, tmp_path)  # asserts the workers are gone too
    assert db_copy.read_bytes() == before


# ----------------------------------------------------------------------------- fuzzing whole documents

TROUBLE = ("1e999", "-1e999", "inf", "-inf", "Infinity", "NaN", "nan%", "-0", "0e0", "1" + "0" * 400, "9" * 40,
           "1e-999", "1.5×10³⁰⁸", "10⁹⁹⁹", "1e308B", "\x00", "\x00\x00", "\ufffd", "\u202e", "\U0001f600", "\r",
           "(NaN, inf)", "(7B, 1e999)", "| inf | NaN |", "~1e400%")
trouble_text = st.lists(st.one_of(st.sampled_from(TROUBLE), st.sampled_from(FRAGMENTS), markdownish),
                        min_size=1, max_size=8).map("\n".join)
document_text = st.one_of(markdownish, trouble_text)
document_bytes = st.one_of(
    document_text.map(lambda t: t.encode("utf-8", errors="surrogatepass")),
    st.tuples(document_text, st.sampled_from(["utf-16-le", "utf-16-be", "utf-16", "cp1252"])).map(
        lambda t: t[0].encode(t[1], errors="replace")),
    st.binary(max_size=512),
)
documents = st.lists(document_bytes, min_size=1, max_size=4)


@pytest.fixture(scope="module")
def fuzz_base(built_seed_db: Path, seed_docs: Path) -> tuple[Path, Path]:
    """(seed documents, the warehouse built from them), copied for each example."""
    return seed_docs, built_seed_db


FUZZ = settings(max_examples=int(os.environ.get("BENCHDB_FUZZ_EXAMPLES", "12")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(documents)
def test_fuzzed_documents_through_refresh_never_escape(fuzz_base: tuple[Path, Path], docs: list[bytes]) -> None:
    seed_docs, base = fuzz_base
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        source = root / "docs"
        shutil.copytree(seed_docs, source)
        for i, data in enumerate(docs):
            (source / f"fuzz_{i}.md").write_bytes(data)
        db = root / "bench.duckdb"
        shutil.copyfile(base, db)
        try:
            summary = refresh(source, db)
        except RefreshError as exc:  # documented; must leave the warehouse as it was
            assert "\n" not in str(exc)
            assert db.read_bytes() == base.read_bytes()
            return
        assert summary.published
        assert summary.documents_new == len(docs)
        assert check_published(db) == summary.measurements >= SEED_MEASUREMENTS
        assert all(math.isfinite(v) for (v,) in fetch(db, "SELECT value FROM measurements"))
        statuses = dict(fetch(db, "SELECT source, status FROM source_documents WHERE source LIKE 'fuzz_%'"))
        assert set(statuses) == {f"fuzz_{i}.md" for i in range(len(docs))}
        assert set(statuses.values()) <= {"loaded", "empty", "failed"}


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(documents)
def test_fuzzed_documents_through_the_cli_print_json_and_no_traceback(tmp_path_factory: pytest.TempPathFactory,
                                                                      docs: list[bytes]) -> None:
    root = tmp_path_factory.mktemp("cli_fuzz")
    source = root / "docs"
    source.mkdir()
    for i, data in enumerate(docs):
        (source / f"fuzz_{i}.txt").write_bytes(data)
    run = run_cli("refresh", "--source", source, "--db", root / "bench.duckdb", "--json", cwd=root)
    assert "Traceback" not in run.stderr, run
    answer = json.loads(run.stdout)
    assert isinstance(answer, dict) and "published" in answer, run
    if run.code == 0:
        assert answer["published"] is True and answer["documents_seen"] == len(docs)
    else:
        assert_clean_failure(run, run.code)


def test_a_file_as_source_is_one_line_with_json(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from benchdb.etl.cli import main

    notes = tmp_path / "notes.md"
    notes.write_text("a description, not a folder of them\n")
    result = CliRunner().invoke(main, ["refresh", "--source", str(notes), "--db", str(tmp_path / "b.duckdb"),
                                       "--json"])
    assert_clean_failure(Run(result.exit_code, result.stdout, result.stderr), 1, str(notes), "not a folder")
    assert not (tmp_path / "b.duckdb").exists()
