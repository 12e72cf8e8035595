"""The per-document cache: which files changed, their extraction (in parallel when the
batch is large), and bulk loading of their rows in batches, so memory stays flat.
"""

from __future__ import annotations

import ctypes
import gc
import hashlib
import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING

import duckdb

from benchdb.etl.load.loader import bulk_insert, id_list, insert_records

if TYPE_CHECKING:
    from benchdb.etl.transform.reference import Reference

# The parser is imported by the functions that use it: a refresh with nothing to parse
# needs none of it; neither pandas nor SQLAlchemy is used here (start-up time).

SUFFIXES = (".txt", ".md")
PARALLEL_MIN_DOCUMENTS = 400  # below this, starting worker processes costs more than it saves
MAX_DOCUMENT_BYTES = 4 << 20  # chart descriptions are a few KB; a file this big is not one
BATCH_DOCUMENTS = 500         # rows of this many documents are loaded at once (the last batch waits for no worker)



@lru_cache(maxsize=None)
def _fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The field names of ValueFact and ParamFact, the columns of the cached rows."""
    from benchdb.etl.transform.interpret import ParamFact, ValueFact

    return tuple(ValueFact.__dataclass_fields__), tuple(ParamFact.__dataclass_fields__)


@lru_cache(maxsize=None)
def _row_getters() -> tuple[Callable[[object], tuple], Callable[[object], tuple]]:
    """Functions giving a ValueFact's and a ParamFact's fields as a tuple, in column order."""
    value_fields, param_fields = _fields()
    return attrgetter(*value_fields), attrgetter(*param_fields)


@dataclass(frozen=True)
class SourceFile:
    """A description file found under the source folder."""

    rel: str
    path: str  # on disk (a plain string: tens of thousands are listed on every refresh)
    sha256: str
    size: int
    mtime_ns: int = 0


@dataclass(frozen=True)
class Extracted:
    """What one document yielded, in a compact picklable form."""

    ok: bool
    error: str | None
    title: str | None
    chart_kind: str | None
    values: tuple[tuple, ...]
    params: tuple[tuple, ...]
    skips: tuple[tuple, ...]
    sha256: str = ""  # of the bytes read, when the worker read the file itself


@dataclass
class CacheChanges:
    """Counts of what `update_cache` did."""

    new: int = 0
    changed: int = 0
    unchanged: int = 0
    removed: int = 0
    failed: int = 0
    empty: int = 0
    values_added: int = 0
    values_removed: int = 0
    skip_reasons: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[str, str]] = field(default_factory=list)
    touched: list[int] = field(default_factory=list)  # documents whose cached rows were replaced or removed
    hashes: dict[str, str] = field(default_factory=dict)  # content hashes computed while parsing new files

    @property
    def any(self) -> bool:
        return bool(self.new or self.changed or self.removed or self.failed)


def scan(root: Path, stats: dict[str, tuple[int, int, str]] | None = None,
         known_paths: set[str] | None = None) -> list[SourceFile]:
    """Every description under `root` (recursively, ``*.txt`` and ``*.md``, hidden paths
    skipped), in a stable order, with its content hash. `stats` (path -> size, mtime_ns,
    sha256 from the last refresh) spares re-hashing files whose size and time are unchanged;
    a path not in `known_paths` is new and is hashed later, by the worker that parses it
    (its `sha256` is '' until then)."""
    stats = stats or {}
    files = []
    for entry, rel in _walk(str(root), ""):
        try:
            info = entry.stat()
        except OSError:  # removed since the folder was listed
            continue
        path = entry.path
        known = stats.get(rel)
        if known is not None and known[0] == info.st_size and known[1] == info.st_mtime_ns:
            files.append(SourceFile(rel, path, known[2], info.st_size, info.st_mtime_ns))
            continue
        if known_paths is not None and rel not in known_paths:
            files.append(SourceFile(rel, path, "", info.st_size, info.st_mtime_ns))
            continue
        digest = hashlib.sha256()
        size = 0
        try:
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
                    size += len(block)
        except OSError:  # unreadable (permissions) or gone: parsed again, and recorded as failed
            files.append(SourceFile(rel, path, "", info.st_size, info.st_mtime_ns))
            continue
        files.append(SourceFile(rel, path, digest.hexdigest(), size, info.st_mtime_ns))
    return files


class SourceFolderError(OSError):
    """A folder under the source root that cannot be listed (its documents would look removed)."""


def _walk(folder: str, prefix: str) -> Iterator[tuple[os.DirEntry[str], str]]:
    """(directory entry, relative posix path) of description files below `folder`, sorted,
    no hidden parts."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError as exc:
        raise SourceFolderError(exc.errno, f"cannot list the source folder {folder}: {exc.strerror}") from exc
    for entry in entries:
        if entry.name.startswith("."):
            continue
        rel = prefix + entry.name
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(entry.path, rel + "/")
        elif entry.name.lower().endswith(SUFFIXES) and entry.is_file():
            yield entry, rel


def known_stats(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[int, int, str]]:
    """path -> (size_bytes, mtime_ns, content_sha256) recorded when each file was last hashed."""
    return {row[0]: (row[1], row[2], row[3]) for row in con.execute(
        "SELECT path, size_bytes, mtime_ns, content_sha256 FROM document_stat").fetchall()}


STATS_ROW_WRITES = 200  # at most this many changed stat rows are written one by one, more in bulk


def record_stats(con: duckdb.DuckDBPyConnection, files: list[SourceFile], hashes: dict[str, str],
                 previous: dict[str, tuple[int, int, str]] | None = None) -> None:
    """Remember size, time and hash of every file seen, for the next refresh (`hashes`
    fills in the files hashed while parsing). With `previous` (what `known_stats` read
    before), only the rows that differ are written: nothing when no file changed."""
    rows = [(f.rel, f.size, f.mtime_ns, f.sha256 or hashes.get(f.rel) or _hash_file(f.path)) for f in files]
    if previous is not None:
        changed = [row for row in rows if previous.get(row[0]) != row[1:]]
        gone = set(previous) - {row[0] for row in rows}
        if len(changed) + len(gone) <= STATS_ROW_WRITES:
            for path in [*gone, *(row[0] for row in changed)]:
                con.execute("DELETE FROM document_stat WHERE path = ?", [path])
            if changed:
                con.executemany("INSERT INTO document_stat (path, size_bytes, mtime_ns, content_sha256) "
                                "VALUES (?, ?, ?, ?)", changed)
            return
    con.execute("DELETE FROM document_stat")
    bulk_insert(con, "document_stat", ["path", "size_bytes", "mtime_ns", "content_sha256"], rows)


def has_documents(root: Path) -> bool:
    """Whether `root` holds at least one description file (stops at the first)."""
    return next(_walk(str(root), ""), None) is not None


def extract_bytes(data: bytes, ref: Reference) -> Extracted:
    """Decode, parse and interpret one document. Never raises: a failure is a result."""
    from benchdb.etl.extract.chart import Skip
    from benchdb.etl.extract.document import read_document
    from benchdb.etl.extract.parse import parse_chart
    from benchdb.etl.transform.interpret import interpret
    from benchdb.etl.transform.ledger import account, ledger_skips

    value_row, param_row = _row_getters()
    try:
        text, problem = read_document(data)
        if text is None:
            return Extracted(False, problem, None, None, (), (), ())
        chart = parse_chart(text)
        facts = interpret(chart, ref)
        # every number of a data section ends loaded or in skipped_values: the ledger adds the rows
        skips = [*facts.skipped, *ledger_skips(account(chart, facts, ref), chart)]
        if problem:
            skips.append(Skip(None, "", "note", problem))
        return Extracted(True, None, facts.title, facts.chart_kind,
                         tuple(map(value_row, facts.values)), tuple(map(param_row, facts.params)),
                         tuple((s.line, s.quote, s.reason, s.detail) for s in skips))
    except Exception as exc:  # a parser bug must not stop the run; it is recorded per document
        return Extracted(False, f"internal error while parsing: {type(exc).__name__}: {exc}", None, None, (), (), ())


def _extract_path(path: str, ref: Reference | None = None) -> Extracted:
    """Worker entry point: read and extract one file (refusing one too large to be a description)."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_DOCUMENT_BYTES:
                return Extracted(False, f"too large for a chart description: {size / 1e6:.1f} MB "
                                        f"(limit {MAX_DOCUMENT_BYTES / 1e6:.1f} MB)", None, None, (), (), (),
                                 _hash_file(path))
            data = handle.read()
    except OSError as exc:  # kept as a failed (or stale) document; retried on the next refresh
        return Extracted(False, f"cannot read the file: {exc.strerror or exc}; fix its permissions or remove it",
                         None, None, (), (), ())
    if ref is None:
        from benchdb.etl.transform.reference import load_reference

        ref = load_reference()
    return replace(extract_bytes(data, ref), sha256=hashlib.sha256(data).hexdigest())


def extraction_pool(count: int, sample: Sequence[str] = ()) -> multiprocessing.pool.Pool | None:
    """A pool of worker processes for a batch of `count` documents, or None to parse inline.

    Forked workers inherit the loaded code and reference data, and the regular expressions a
    few small `sample` documents compiled (each worker would compile them again otherwise);
    the caller creates the pool before it opens a DuckDB connection, so no database state is
    forked."""
    workers = os.cpu_count() or 1
    if count < PARALLEL_MIN_DOCUMENTS or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    ref = _reference()
    extract_bytes(b"", ref)  # the parser's modules and the reference data, loaded once for all workers
    for path in [p for p in sample if _small(p)][:WARM_DOCUMENTS]:
        try:
            with open(path, "rb") as handle:
                extract_bytes(handle.read(), ref)
        except OSError:
            pass  # read again, and reported, by the worker that parses it
    gc.freeze()  # the inherited objects stay out of the workers' collections (fewer copied pages, shorter pauses)
    try:
        return multiprocessing.get_context("fork").Pool(workers, initializer=_worker_init)
    finally:
        gc.unfreeze()


WARM_DOCUMENTS = 4
WARM_MAX_BYTES = 64 * 1024


def _small(path: str) -> bool:
    try:
        return os.path.getsize(path) <= WARM_MAX_BYTES
    except OSError:
        return False


def _hash_file(path: str) -> str:
    """SHA-256 of the file, or '' when it cannot be read (such a file is parsed again, and
    fails again, on every refresh until it can be read)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return ""
    return digest.hexdigest()


def _worker_init() -> None:
    """Workers leave Ctrl-C to the parent (which terminates them) and die with it (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: a killed refresh leaves no orphans parsing
    except (OSError, AttributeError):
        pass


def extract_all(work: list[SourceFile], pool: multiprocessing.pool.Pool | None,
                ref: Reference | None) -> Iterator[Extracted]:
    """The extraction of each file of `work`, in order: by the `pool`'s workers (who start
    at once, ahead of the consumer) or, without a pool, lazily in this process."""
    paths = [f.path for f in work]
    if pool is None:
        return (_extract_path(p, ref) for p in paths)
    return pool.imap(_extract_path, paths, chunksize=16)


def known_documents(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[int, str, str]]:
    """path -> (document_id, content_sha256, status) of every document the warehouse has seen."""
    return {row[0]: (row[1], row[2], row[3]) for row in con.execute(
        "SELECT path, document_id, content_sha256, status FROM document").fetchall()}


def pending(files: list[SourceFile], known: dict[str, tuple[int, str, str]]) -> list[SourceFile]:
    """The files that must be parsed: new, changed, or back after removal."""
    work = []
    for f in files:
        previous = known.get(f.rel)
        if previous is None or not f.sha256 or previous[1] != f.sha256 or previous[2] == "removed":
            work.append(f)
    return work


def _reference() -> Reference:
    from benchdb.etl.transform.reference import load_reference

    return load_reference()


def update_cache(con: duckdb.DuckDBPyConnection, files: list[SourceFile], pool: multiprocessing.pool.Pool | None,
                 progress: Callable[[int, int], None] | None = None, ref: Reference | None = None,
                 known: dict[str, tuple[int, str, str]] | None = None,
                 results: Iterator[Extracted] | None = None) -> CacheChanges:
    """Bring the cache in line with `files`: parse new and changed documents, replace
    their rows, keep the last good rows of a document that became unreadable (status
    'stale'), and mark documents no longer present as 'removed' (their rows deleted).
    `results`, when given, is `extract_all` of the pending files, already under way."""
    changes = CacheChanges()
    known = known_documents(con) if known is None else known
    work = pending(files, known)
    changes.unchanged = len(files) - len(work)
    present = {f.rel for f in files}
    next_id = con.execute("SELECT coalesce(max(document_id), 0) FROM document").fetchall()[0][0]
    batch: list[tuple[SourceFile, Extracted]] = []
    done = changes.unchanged
    if progress and done:
        progress(done, len(files))  # the unchanged documents, all at once
    for source_file, result in zip(work, extract_all(work, pool, ref) if results is None else results):
        if not source_file.sha256:  # a new file, hashed by the worker that read it
            source_file = replace(source_file, sha256=result.sha256 or _hash_file(source_file.path))
            changes.hashes[source_file.rel] = source_file.sha256
        batch.append((source_file, result))
        done += 1
        if progress:
            progress(done, len(files))
        if len(batch) >= BATCH_DOCUMENTS:
            next_id = _load_batch(con, batch, known, next_id, changes)
            batch = []
    if batch:
        _load_batch(con, batch, known, next_id, changes)
    removed = [info[0] for path, info in known.items() if path not in present and info[2] != "removed"]
    if removed:
        changes.removed = len(removed)
        changes.touched.extend(removed)
        id_list(con, "_removed", removed)
        changes.values_removed += _delete_rows(con, "_removed")
        con.execute("UPDATE document SET status = 'removed', error = NULL "
                    "WHERE document_id IN (SELECT id FROM _removed)")
        con.execute("DROP TABLE _removed")
    return changes


def _delete_rows(con: duckdb.DuckDBPyConnection, ids_view: str) -> int:
    """Delete the cached rows of the documents listed in the `id_list` table `ids_view`;
    returns values deleted."""
    deleted = con.execute(f"SELECT count(*) FROM extracted_value WHERE document_id IN "
                          f"(SELECT id FROM {ids_view})").fetchall()[0][0]
    for table in ("extracted_value", "extracted_param", "skipped_value"):
        con.execute(f"DELETE FROM {table} WHERE document_id IN (SELECT id FROM {ids_view})")
    return deleted


def _load_batch(con: duckdb.DuckDBPyConnection, batch: list[tuple[SourceFile, Extracted]],
                known: dict[str, tuple[int, str, str]], next_id: int, changes: CacheChanges) -> int:
    """Write one batch of extraction results; returns the next free document id."""
    value_fields, param_fields = _fields()
    new_docs: list[dict[str, object]] = []
    old_docs: list[dict[str, object]] = []
    values: list[tuple] = []
    params: list[tuple] = []
    skips: list[tuple] = []
    replaced: list[int] = []
    loaded_ids: list[int] = []
    for source_file, result in batch:
        previous = known.get(source_file.rel)
        if previous is None:
            next_id += 1
            document_id, docs = next_id, new_docs
            changes.new += 1
        else:
            document_id, docs = previous[0], old_docs
            if previous[2] == "removed":
                changes.new += 1
            else:
                changes.changed += 1
        row = dict(document_id=document_id, path=source_file.rel, content_sha256=source_file.sha256,
                   size_bytes=source_file.size)
        if not result.ok:
            changes.failed += 1
            changes.failures.append((source_file.rel, result.error or "unreadable"))
            had_values = previous is not None and previous[2] in ("loaded", "stale")
            docs.append({**row, "status": "stale" if had_values else "failed", "error": result.error,
                         "figure_title": None, "chart_kind": None, "values_extracted": 0, "values_skipped": 0,
                         "loaded": False})
            continue
        if previous is not None:  # a new document has no cached rows to replace
            replaced.append(document_id)
        loaded_ids.append(document_id)
        values.extend((document_id, i, *v) for i, v in enumerate(result.values))
        params.extend((document_id, i, *p) for i, p in enumerate(result.params))
        skips.extend((document_id, i, *s) for i, s in enumerate(result.skips))
        for skip in result.skips:
            changes.skip_reasons[skip[2]] += 1
        status = "loaded" if result.values else "empty"
        changes.empty += status == "empty"
        docs.append({**row, "status": status, "error": None if result.values else _empty_reason(result),
                     "figure_title": result.title, "chart_kind": result.chart_kind,
                     "values_extracted": len(result.values), "values_skipped": len(result.skips), "loaded": True})
    changes.touched.extend(loaded_ids)
    if replaced:
        id_list(con, "_replaced", replaced)
        changes.values_removed += _delete_rows(con, "_replaced")
        con.execute("DROP TABLE _replaced")
    for doc in new_docs:
        loaded = doc.pop("loaded")
        doc.update(first_seen_run=-1, last_loaded_run=-1 if loaded else None)
    insert_records(con, "document", new_docs)
    if old_docs:
        con.execute(_UPDATES_TABLE)
        insert_records(con, "_updates", old_docs)
        con.execute("""
            UPDATE document SET content_sha256 = u.content_sha256, size_bytes = u.size_bytes, status = u.status,
                   error = u.error, error_line = NULL, figure_title = coalesce(u.figure_title, document.figure_title),
                   chart_kind = coalesce(u.chart_kind, document.chart_kind),
                   values_extracted = CASE WHEN u.loaded THEN u.values_extracted ELSE document.values_extracted END,
                   values_skipped = CASE WHEN u.loaded THEN u.values_skipped ELSE document.values_skipped END,
                   last_loaded_run = CASE WHEN u.loaded THEN -1 ELSE document.last_loaded_run END
            FROM _updates u WHERE document.document_id = u.document_id""")
        con.execute("DROP TABLE _updates")
    bulk_insert(con, "extracted_value", ["document_id", "ordinal", *value_fields], values)
    bulk_insert(con, "extracted_param", ["document_id", "ordinal", *param_fields], params)
    bulk_insert(con, "skipped_value", ["document_id", "ordinal", "source_line", "quote", "reason", "detail"], skips)
    changes.values_added += len(values)
    return next_id


# the new state of documents parsed again, joined into `document` by one UPDATE
_UPDATES_TABLE = """
    CREATE OR REPLACE TEMP TABLE _updates (
        document_id BIGINT, path VARCHAR, content_sha256 VARCHAR, size_bytes BIGINT, status VARCHAR, error VARCHAR,
        figure_title VARCHAR, chart_kind VARCHAR, values_extracted INTEGER, values_skipped INTEGER, loaded BOOLEAN)"""


def _empty_reason(result: Extracted) -> str:
    # the extractor's reasons and unattributed values explain an empty document; axis ticks and the like do not
    from benchdb.etl.transform.ledger import SKIP_STATES, UNATTRIBUTED

    reasons = Counter(s[2] for s in result.skips if s[2] in SKIP_STATES or s[2] == UNATTRIBUTED)
    if reasons:
        return "no measurements: " + ", ".join(f"{r} ({n})" for r, n in reasons.most_common())
    return "no measurements: no data points found"
