"""`refresh`: description files to the published DuckDB warehouse.

The published file is never written in place. A refresh takes an exclusive lock, copies
the published file to a staging file next to it (or starts an empty one), upgrades its
schema, parses only new and changed documents, rebuilds the star from the per-document
cache (or patches it for a few documents), rebuilds the views, validates, checkpoints,
closes, and publishes with an atomic ``os.replace``. Readers with the old file open keep
their snapshot; a crash at any moment leaves the published file as it was.
"""

from __future__ import annotations

import datetime as dt
import errno
import os
import shutil
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import duckdb
from filelock import FileLock, Timeout

from benchdb.etl import __version__
from benchdb.etl.dbfile import NO_EXTENSION_AUTOLOAD, foreign_content
from benchdb.etl.defaults import DEFAULT_MAX_SHRINK
from benchdb.etl.load.cache import (
    PARALLEL_MIN_DOCUMENTS,
    CacheChanges,
    SourceFolderError,
    extract_all,
    extraction_pool,
    has_documents,
    known_documents,
    known_stats,
    pending,
    record_stats,
    scan,
    update_cache,
)
from benchdb.etl.load.views import apply_views
from benchdb.schema.state import STORAGE_COMPATIBILITY_VERSION, script_head, stored_revision

if TYPE_CHECKING:
    from sqlalchemy.engine import Dialect

    from benchdb.etl.transform.reference import Reference

# Start-up time: a refresh with nothing to parse touches neither the parser, the reference
# data, pandas, SQLAlchemy nor Alembic; they are imported where a change needs them.


class RefreshError(RuntimeError):
    """A refresh that could not publish anything."""


class RefreshLocked(RefreshError):
    """Another refresh holds the lock."""


class RefreshRefused(RefreshError):
    """The staged warehouse failed validation; the published one was left as it was."""


@dataclass
class RefreshSummary:
    """What a refresh did, for the CLI summary and `refresh_run`; the document and value
    counts are those of the cache update (`changes`)."""

    run_id: int | None = None
    documents_seen: int = 0
    measurements: int = 0
    values_skipped: int = 0
    published: bool = False
    seconds: float = 0.0
    star: str = "unchanged"  # 'rebuilt', 'patched' (a few documents replaced in place) or 'unchanged'
    changes: CacheChanges = field(default_factory=CacheChanges)

    documents_new = property(lambda self: self.changes.new)
    documents_changed = property(lambda self: self.changes.changed)
    documents_unchanged = property(lambda self: self.changes.unchanged)
    documents_removed = property(lambda self: self.changes.removed)
    documents_failed = property(lambda self: self.changes.failed)
    documents_empty = property(lambda self: self.changes.empty)
    measurements_added = property(lambda self: self.changes.values_added)
    measurements_removed = property(lambda self: self.changes.values_removed)
    skip_reasons = property(lambda self: self.changes.skip_reasons)
    failures = property(lambda self: self.changes.failures)

    def as_dict(self) -> dict[str, object]:
        """The summary as plain JSON-ready values (the `--json` output)."""
        return {
            "run_id": self.run_id, "published": self.published, "seconds": self.seconds, "star": self.star,
            "documents_seen": self.documents_seen, "documents_new": self.documents_new,
            "documents_changed": self.documents_changed, "documents_unchanged": self.documents_unchanged,
            "documents_removed": self.documents_removed, "documents_failed": self.documents_failed,
            "documents_empty": self.documents_empty, "measurements": self.measurements,
            "measurements_added": self.measurements_added, "measurements_removed": self.measurements_removed,
            "values_skipped": self.values_skipped, "skip_reasons": dict(self.skip_reasons),
            "failures": [{"source": src, "error": err} for src, err in self.failures],
        }


def staging_path(db: Path) -> Path:
    return db.with_name(db.name + ".staging")


# DuckDB may otherwise take up to 80% of RAM for its buffers; a refresh spills beyond this.
# No extension is ever installed or loaded on demand: a refresh must not reach the network.
DUCKDB_SETTINGS = {"memory_limit": "256MB", "preserve_insertion_order": "false", **NO_EXTENSION_AUTOLOAD}

# Tests only: `BENCHDB_TEST_KILL_AT=<phase>` makes a refresh SIGKILL itself when it reaches
# that phase (one of PHASES), so a test can check what a crash there leaves behind.
KILL_AT_ENV = "BENCHDB_TEST_KILL_AT"
PHASES = ("locked", "staged", "migrated", "parsing", "parsed", "built", "validated", "recorded", "committed",
          "checkpointed", "synced", "published")


def check_database_file(db: Path) -> None:
    """Refuse a `db` that exists but is not a DuckDB database, from its header alone
    (`etl.dbfile`), before DuckDB opens it. A missing or empty file is fine: a new
    warehouse is built."""
    try:
        what = foreign_content(db)
    except IsADirectoryError:
        raise RefreshError(f"--db {db} is a folder, not a DuckDB database file; give a file path") from None
    except OSError as exc:
        raise RefreshError(f"cannot read --db {db}: {exc.strerror}; fix its permissions or use another --db") from exc
    if what is not None:
        raise RefreshError(f"{db} is not a valid DuckDB database file (it holds {what}); benchdb leaves it "
                           f"untouched: use another --db, or move that file away")


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def environment_error(exc: BaseException, db: Path, path: Path) -> RefreshError | None:
    """A clear one-line RefreshError for a failure of the machine rather than of benchdb
    (disk full, permissions, a read-only file system, an unlistable source folder, DuckDB
    I/O), raised while writing `path` beside the warehouse `db`; None for anything else."""
    cause = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's error
    folder = path.parent
    if isinstance(cause, SourceFolderError):
        return RefreshError(f"{cause.strerror}; fix its permissions (a refresh stops rather than treat the "
                            f"documents it cannot see as removed)")
    if isinstance(cause, OSError):
        code, reason = cause.errno, cause.strerror or str(cause)
    elif isinstance(cause, duckdb.Error) and isinstance(
            cause, (duckdb.IOException, duckdb.FatalException, duckdb.OutOfMemoryException)):
        text = str(cause)
        code = next((c for c, words in ((errno.ENOSPC, "No space left"), (errno.EFBIG, "File too large"),
                                        (errno.EDQUOT, "quota exceeded"), (errno.EROFS, "Read-only file system"),
                                        (errno.EACCES, "Permission denied")) if words in text), None)
        reason = os.strerror(code) if code is not None else _one_line(text)
    else:
        return None
    unchanged = "the published warehouse is unchanged" if db.exists() else "nothing was published"
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        size = f" of {db.stat().st_size / 1e6:.0f} MB" if db.exists() else ""
        return RefreshError(f"no space left to write {path} ({reason}); {unchanged}. Free space in {folder} "
                            f"(a refresh first writes a whole new copy of the warehouse{size} beside it) "
                            f"or use a --db on another disk")
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return RefreshError(f"cannot write {path} ({reason}); {unchanged}. A refresh writes {db.name}.lock and "
                            f"{db.name}.staging beside the warehouse: make {folder} writable or use another --db")
    return RefreshError(f"cannot refresh {db}: {_one_line(reason)}; {unchanged}")


def refresh(source: Path, db: Path, *, progress: Callable[[int, int], None] | None = None,
            lock_timeout: float = 0.0, reference: Reference | None = None, allow_shrink: bool = False,
            max_shrink: float = DEFAULT_MAX_SHRINK, allow_empty: bool = False) -> RefreshSummary:
    """Refresh the warehouse `db` from the descriptions under `source`. See module docs.

    `reference` overrides the shipped reference data for in-process parsing (tests);
    worker processes, used for large batches, read the shipped reference data.
    Raises RefreshLocked when another refresh holds the lock past `lock_timeout` seconds,
    RefreshRefused when the staged warehouse fails validation (among others: it would
    drop more than `max_shrink` of the published measurements and `allow_shrink` is
    false) or when `source` holds no description and `allow_empty` is false, and
    RefreshError when nothing could be published (a message of one line saying what to
    do: a missing source folder, a `db` that is not a DuckDB file, a full disk, a folder
    that cannot be written). The published file is unchanged whenever it raises."""
    started = dt.datetime.now()
    source = source.resolve()
    db = db.resolve()
    if not source.is_dir():
        raise RefreshError(f"source folder not found: {source}" if not source.exists() else
                           f"--source {source} is a file, not a folder of descriptions")
    check_database_file(db)
    try:
        empty = not has_documents(source)
    except SourceFolderError as exc:
        raise environment_error(exc, db, db) from exc
    if empty and not allow_empty:
        raise RefreshRefused(f"the source folder {source} holds no descriptions (*.txt, *.md); nothing was "
                             f"published. Check --source, or pass --allow-empty to publish a warehouse without them")
    lock = FileLock(str(db) + ".lock")
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=lock_timeout)
    except Timeout as exc:
        raise RefreshLocked(f"another refresh of {db} is running (lock {db}.lock)") from exc
    except OSError as exc:
        raise (environment_error(exc, db, Path(str(db) + ".lock")) or RefreshError(str(exc))) from exc
    try:
        _reached("locked")
        return _refresh_locked(source, db, progress, reference, started,
                               Guard(allow_shrink=allow_shrink, max_shrink=max_shrink))
    finally:
        lock.release()


def _reached(phase: str) -> None:
    """Test hook: die by SIGKILL at `phase` when KILL_AT_ENV names it (tests/test_faults.py)."""
    if os.environ.get(KILL_AT_ENV) == phase:
        os.kill(os.getpid(), signal.SIGKILL)


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
            con.execute(f'SELECT * FROM "{view}" LIMIT 0').fetchall()  # binds and plans: the view builds
        except duckdb.Error as exc:
            raise RefreshRefused(f"view {view} does not build: {exc}") from exc
    now = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
    if previous_measurements and not guard.allow_shrink:
        lost = (previous_measurements - now) / previous_measurements
        if lost > guard.max_shrink:
            raise RefreshRefused(
                f"the refresh would drop {previous_measurements - now} of {previous_measurements} measurements "
                f"({lost:.0%} > {guard.max_shrink:.0%}); is the source folder right? Use --allow-shrink to accept")


def _killing_progress(progress: Callable[[int, int], None] | None) -> Callable[[int, int], None]:
    """`progress`, first reaching the test phase 'parsing' (when the first document is done)."""
    def tick(done: int, total: int) -> None:
        _reached("parsing")
        if progress is not None:
            progress(done, total)
    return tick


def _copy_published(db: Path, staging: Path) -> None:
    """Copy the published file (and a WAL someone left beside it, which DuckDB replays)."""
    shutil.copyfile(db, staging)
    wal = Path(str(db) + ".wal")
    if wal.exists():
        shutil.copyfile(wal, Path(str(staging) + ".wal"))


def _connect(path: Path) -> duckdb.DuckDBPyConnection:
    """A read-write connection to `path` (created if missing) in the v1.5.0 storage format,
    with the refresh's memory settings."""
    return duckdb.connect(str(path), config={"storage_compatibility_version": STORAGE_COMPATIBILITY_VERSION,
                                             **DUCKDB_SETTINGS})


def _migrate(staging: Path) -> tuple[str | None, str | None]:
    """Upgrade the staging file to the head revision with Alembic; return its revision
    before and after. Called only when the file is not at the head already."""
    from benchdb.schema.migrate import current_revision, engine_for, upgrade

    engine = engine_for(staging, settings=DUCKDB_SETTINGS)
    try:
        with engine.connect() as conn:
            before = current_revision(conn)
            upgrade(conn)
            return before, current_revision(conn)
    finally:
        engine.dispose()


def _ddl_dialect() -> Dialect:
    """duckdb_engine's dialect, initialised as on a real connection, to compile the star's DDL."""
    import sqlalchemy as sa

    engine = sa.create_engine("duckdb:///:memory:", poolclass=sa.NullPool)
    try:
        with engine.connect():
            pass  # initialises the dialect (server version, features) as a file connection would
        return engine.dialect
    finally:
        engine.dispose()


def _refresh_locked(source: Path, db: Path, progress, reference: Reference | None, started: dt.datetime,
                    guard: Guard) -> RefreshSummary:
    summary = RefreshSummary()
    staging = staging_path(db)
    pool = None
    con: duckdb.DuckDBPyConnection | None = None
    ref = reference
    published = db.exists() and db.stat().st_size > 0  # an empty file is no warehouse: it is replaced
    if os.environ.get(KILL_AT_ENV) == "parsing":
        progress = _killing_progress(progress)

    def get_ref() -> Reference:
        nonlocal ref
        if ref is None:
            from benchdb.etl.transform.reference import load_reference

            ref = load_reference()
        return ref

    try:
        for leftover in (staging, Path(str(staging) + ".wal")):
            if leftover.exists():
                leftover.unlink()  # a killed refresh's staging file: the lock says nobody owns it
        results = None
        if published:
            _copy_published(db, staging)
            _reached("staged")
            con = _connect(staging)
            before = revision = stored_revision(con)
            if before is None or before != script_head():  # Alembic only when the schema must change
                con.close()
                before, revision = _migrate(staging)
                con = _connect(staging)
            known = known_documents(con)
            stats = known_stats(con)
            _reached("migrated")
            files = scan(source, stats, set(known))
            todo = pending(files, known)
            work = len(todo)
            if work >= PARALLEL_MIN_DOCUMENTS:  # no DuckDB connection open while worker processes fork
                con.close()
                pool = extraction_pool(work, [f.path for f in todo[:16]])
                con = _connect(staging)
        else:
            # a new warehouse: every document is new, so parsing starts at once, in worker
            # processes forked before any DuckDB connection exists, while Alembic builds the schema
            _reached("staged")
            known, stats = {}, {}
            files = scan(source, stats, set())
            work = len(files)
            pool = extraction_pool(work, [f.path for f in files[:16]])
            if pool is not None:
                results = extract_all(files, pool, None)
            before, revision = _migrate(staging)
            con = _connect(staging)
            _reached("migrated")
        summary.documents_seen = len(files)
        con.begin()
        previous = con.execute("SELECT count(*) FROM fact_measurement").fetchall()[0][0]
        if pool is not None:
            con.execute("SET threads = 1")  # the cores are the parsing workers' while they run
        changes = summary.changes = update_cache(con, files, pool, progress, get_ref() if work else None, known,
                                                 results)
        record_stats(con, files, changes.hashes, stats)
        if pool is not None:
            pool.close()
            con.execute("RESET threads")
        _reached("parsed")
        if changes.any or not published or before != revision:
            from benchdb.etl.load.star import PATCH_MAX_DOCUMENTS, patch_star, rebuild_star

            small = len(changes.touched) <= max(PATCH_MAX_DOCUMENTS, len(files) // 50)
            # a new schema, a first build or a large change rebuilds; a patch may decline too
            if published and before == revision and small and patch_star(con, get_ref(), changes.touched):
                summary.star = "patched"
            else:
                rebuild_star(con, _ddl_dialect(), get_ref())
                summary.star = "rebuilt"
        apply_views(con)
        _reached("built")
        validate(con, previous, guard)
        _reached("validated")
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
        _reached("recorded")
        con.commit()
        _reached("committed")
        con.execute("CHECKPOINT")
        con.close()
        con = None
        _reached("checkpointed")
        wal = Path(str(staging) + ".wal")
        if wal.exists():
            raise RefreshError(f"staging file left a WAL after checkpoint: {wal}")
        with open(staging, "rb") as handle:
            os.fsync(handle.fileno())
        _reached("synced")
        os.replace(staging, db)
    except BaseException as exc:  # also KeyboardInterrupt: stop the workers, drop the staging file, re-raise
        if pool is not None:
            pool.terminate()
        if con is not None:
            try:
                con.close()  # an open transaction is rolled back
            except Exception:  # a DuckDB invalidated by the failure itself (disk full) refuses to roll back
                pass
        for leftover in (staging, Path(str(staging) + ".wal")):
            try:
                leftover.unlink(missing_ok=True)
            except OSError:  # a folder that cannot be written cannot hold a staging file either
                pass
        error = environment_error(exc, db, staging) if isinstance(exc, Exception) else None
        if error is not None:
            raise error from exc
        raise
    finally:
        if pool is not None:
            pool.join()
    _reached("published")
    summary.published = True
    summary.seconds = (dt.datetime.now() - started).total_seconds()
    return summary
