"""Publish the built DuckDB warehouse to a PostgreSQL schema, atomically for its readers.

What lands on PostgreSQL, in schema ``benchdb`` (or the one named):

- the tables of :data:`PUBLISHED_TABLES` (the star with its keys, plus the document,
  skipped-value and refresh-run tables the views read), created by the same Alembic
  migrations as the DuckDB warehouse (``schema/migrations``), so their columns, keys,
  checks and comments come from the one SQLAlchemy definition; the incremental parse
  cache (:data:`UNPUBLISHED_TABLES`) is refresh-internal and left out;
- every public view of ``sql/``, transpiled from DuckDB's dialect with sqlglot (one
  source, no hand-written PostgreSQL copy); the frontier views (and score_per_parameter,
  which param_frontier reads) are materialized
  (:data:`MATERIALIZED_VIEWS`: tables built from the translated view in every publish,
  with an index), so they stay fast on tens of millions of measurements;
- the views' ``COMMENT ON VIEW/COLUMN`` text, read from the DuckDB file's catalog (comments
  do not travel with the data);
- ``benchdb_publish``: one row saying what was published (fingerprint, refresh run, time).

How: one PostgreSQL transaction creates a staging schema, migrates it, bulk-loads every
table with ``COPY ... FROM STDIN (FORMAT csv)`` streamed from DuckDB's Arrow batches (no
row inserts; keys are dropped for the load and re-added, which validates them in one
pass), creates the views, comments and grants, validates (row counts equal DuckDB's, keys,
every view builds, the shrink guard), then locks every served relation ``ACCESS
EXCLUSIVE`` and renames served -> old and staging -> served, and commits. A reader sees
the old warehouse or the new one, never a mix; a failure anywhere rolls everything back,
so the served schema is untouched. A fingerprint of the warehouse's content (not of its
refresh log) is stored in ``benchdb_publish``: publishing an unchanged warehouse again
does nothing.

The DuckDB file is opened read-only, so a publish never blocks a refresh.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import psycopg
import pyarrow.csv as pa_csv
import sqlalchemy as sa
import sqlglot
from psycopg import sql
from sqlglot import exp

from benchdb.etl import __version__
from benchdb.etl.defaults import DEFAULT_MAX_SHRINK
from benchdb.etl.load.views import ViewFile, order_views, read_view_file, view_files
from benchdb.schema import tables
from benchdb.schema.migrate import head_revision, upgrade

__all__ = [
    "DEFAULT_SCHEMA",
    "MATERIALIZED_VIEWS",
    "PUBLISHED_TABLES",
    "PUBLISH_TABLE",
    "PublishError",
    "PublishLocked",
    "PublishRefused",
    "PublishSummary",
    "postgres_view_sql",
    "publish",
    "redact",
]

DEFAULT_SCHEMA = "benchdb"

#: Tables copied to PostgreSQL, referenced before referencing (the load order).
PUBLISHED_TABLES: tuple[sa.Table, ...] = (tables.refresh_run, tables.document, tables.skipped_value,
                                          *tables.STAR_TABLES)

#: The incremental parse cache: refresh-internal, not published (dropped from the staging schema).
UNPUBLISHED_TABLES: tuple[sa.Table, ...] = tuple(
    t for t in tables.metadata.sorted_tables if t not in PUBLISHED_TABLES)

#: Views materialized on PostgreSQL, with the columns of their index: stored as tables
#: (``CREATE TABLE ... AS`` the translated view), built afresh by every publish.
MATERIALIZED_VIEWS: dict[str, tuple[str, ...]] = {
    # param_frontier reads it: materializing it once also builds the frontier from rows
    "score_per_parameter": ("benchmark", "param_kind", "metric"),
    "param_frontier_all": ("benchmark", "param_kind", "metric"),
    "param_frontier": ("benchmark", "param_kind", "metric"),
    "throughput_frontier_all": ("benchmark", "model"),
    "throughput_frontier": ("benchmark", "model"),
}

#: What each publish leaves in the served schema besides the warehouse.
PUBLISH_TABLE = "benchdb_publish"

# Tables whose rows do not count as a change: a no-change refresh adds a refresh_run row,
# and re-publishing only for that would make every scheduled publish a full one.
_NOT_FINGERPRINTED = {"refresh_run"}

_BATCH_ROWS = 200_000
_SWAP_ATTEMPTS = 30


class PublishError(RuntimeError):
    """A publish that changed nothing on the server (cannot connect, bad URL, no warehouse, ...)."""


class PublishLocked(PublishError):
    """Another publish to the same schema is running."""


class PublishRefused(PublishError):
    """The staged copy failed validation; the served schema was left as it was."""


@dataclass
class PublishSummary:
    """What a publish did (the CLI's report and ``--json``)."""

    target: str  # the URL, password removed
    schema: str
    published: bool = False
    reason: str = ""  # why nothing was published, when it was not
    fingerprint: str = ""
    refresh_run_id: int | None = None
    tables: dict[str, int] = field(default_factory=dict)  # rows per table
    views: list[str] = field(default_factory=list)
    materialized: list[str] = field(default_factory=list)
    granted: list[str] = field(default_factory=list)
    created_roles: list[str] = field(default_factory=list)
    swap_attempts: int = 0
    old_schema_dropped: bool = True
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        """The summary as JSON-ready values."""
        return {
            "target": self.target, "schema": self.schema, "published": self.published, "reason": self.reason,
            "fingerprint": self.fingerprint, "refresh_run_id": self.refresh_run_id, "tables": self.tables,
            "views": self.views, "materialized": self.materialized, "granted": self.granted,
            "created_roles": self.created_roles, "swap_attempts": self.swap_attempts,
            "old_schema_dropped": self.old_schema_dropped, "seconds": round(self.seconds, 3),
        }


# ---------------------------------------------------------------------------------------------
# URLs and names


def redact(url: str) -> str:
    """`url` with its password replaced by ``***`` (safe to print or log)."""
    try:
        return sa.make_url(url).render_as_string(hide_password=True)
    except Exception:  # not parseable: show only the scheme
        return url.split("://", 1)[0] + "://..." if "://" in url else "<unparseable URL>"


def _engine_url(url: str) -> sa.URL:
    """The SQLAlchemy URL (psycopg 3 driver) of a ``postgresql://`` URL; PublishError otherwise."""
    try:
        parsed = sa.make_url(url)
    except Exception as exc:
        raise PublishError(f"not a database URL: {redact(url)} (expected postgresql://USER@HOST:PORT/DB)") from exc
    if parsed.drivername not in ("postgresql", "postgres", "postgresql+psycopg"):
        raise PublishError(f"not a PostgreSQL URL: {redact(url)} (expected postgresql://USER@HOST:PORT/DB)")
    return parsed.set(drivername="postgresql+psycopg")


def _check_name(kind: str, name: str) -> None:
    # Names are always quoted as identifiers; this only keeps them printable and within
    # PostgreSQL's 63-byte limit once suffixed (_staging).
    if not name or len(name.encode()) > 50 or not name.isprintable() or '"' in name:
        raise PublishError(f"invalid {kind} name: {name!r}")


def _one_line(exc: BaseException, secret: str | None) -> str:
    text = " ".join(str(getattr(exc, "orig", None) or exc).split())
    if secret:
        text = text.replace(secret, "***")
    return text


# ---------------------------------------------------------------------------------------------
# The DuckDB side: what to publish


def postgres_view_sql(view: ViewFile) -> str:
    """The SELECT of `view` (a DuckDB ``create or replace view`` file) in PostgreSQL's dialect.

    Raises PublishError when sqlglot cannot translate a construct (the source view must then
    be rewritten in portable SQL: one source for both databases)."""
    try:
        statements = sqlglot.parse(view.text, read="duckdb")
    except sqlglot.errors.SqlglotError as exc:
        raise PublishError(f"view {view.name} does not parse for translation: {exc}") from exc
    for statement in statements:
        if isinstance(statement, exp.Create) and (statement.args.get("kind") or "").upper() == "VIEW":
            try:
                return statement.expression.sql(dialect="postgres", pretty=True,
                                                unsupported_level=sqlglot.ErrorLevel.RAISE)
            except sqlglot.errors.SqlglotError as exc:
                raise PublishError(f"view {view.name} does not translate to PostgreSQL: {exc}") from exc
    raise PublishError(f"{view.path}: no create view statement")


@dataclass(frozen=True)
class _View:
    name: str
    select: str  # PostgreSQL SELECT
    comment: str | None
    column_comments: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class _Warehouse:
    tables: dict[str, tuple[list[str], int]]  # name -> (columns, rows)
    views: list[_View]  # dependencies first
    fingerprint: str
    refresh_run_id: int | None
    measurements: int


def _read_warehouse(con: duckdb.DuckDBPyConnection) -> _Warehouse:
    """Describe the open DuckDB warehouse: tables, views (translated), comments, fingerprint."""
    present = {r[0] for r in con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND database_name = current_database()"
    ).fetchall()}
    missing = [t.name for t in PUBLISHED_TABLES if t.name not in present]
    if missing:
        raise PublishError(f"not a benchdb warehouse (no table {', '.join(missing)}): run benchdb refresh first")
    digest = hashlib.sha256()
    digest.update(json.dumps({"benchdb": __version__, "schema": head_revision(),
                              "materialized": MATERIALIZED_VIEWS}, sort_keys=True).encode())
    found: dict[str, tuple[list[str], int]] = {}
    for table in PUBLISHED_TABLES:
        columns = [r[0] for r in con.execute(
            "SELECT column_name FROM duckdb_columns() WHERE schema_name = 'main' AND table_name = ? "
            "AND database_name = current_database() ORDER BY column_index", [table.name]).fetchall()]
        expected = [c.name for c in table.columns]
        if sorted(columns) != sorted(expected):
            raise PublishError(f"table {table.name} of the warehouse does not match this benchdb's schema: "
                               "run benchdb refresh (it upgrades the file) first")
        quoted = ", ".join(f'"{c}"' for c in expected)
        rows, content = con.execute(f'SELECT count(*), coalesce(sum(hash({quoted})), 0)::VARCHAR '
                                    f'FROM "{table.name}"').fetchall()[0]
        found[table.name] = (expected, rows)
        if table.name not in _NOT_FINGERPRINTED:
            digest.update(f"{table.name}:{rows}:{content};".encode())

    duck_views = {r[0]: r[1] for r in con.execute(
        "SELECT view_name, comment FROM duckdb_views() WHERE NOT internal AND NOT temporary "
        "AND schema_name = 'main' AND database_name = current_database()").fetchall()}
    files = order_views([read_view_file(p) for p in view_files()])
    if sorted(duck_views) != sorted(vf.name for vf in files):
        raise PublishError("the warehouse's views differ from this benchdb's sql/ views: run benchdb refresh first")
    views: list[_View] = []
    for vf in files:
        column_comments = tuple((name, comment) for name, comment in con.execute(
            "SELECT column_name, comment FROM duckdb_columns() WHERE schema_name = 'main' AND table_name = ? "
            "AND database_name = current_database() AND comment IS NOT NULL ORDER BY column_index",
            [vf.name]).fetchall())
        view = _View(vf.name, postgres_view_sql(vf), duck_views[vf.name], column_comments)
        views.append(view)
        digest.update(json.dumps([view.name, view.select, view.comment, view.column_comments]).encode())
    run = con.execute("SELECT max(run_id) FROM refresh_run").fetchall()[0][0]
    return _Warehouse(found, views, digest.hexdigest(), run, found["fact_measurement"][1])


def _copy_table(duck: duckdb.DuckDBPyConnection, cur: psycopg.Cursor, schema: str, table: str,
                columns: list[str]) -> None:
    """Stream one DuckDB table into the PostgreSQL table `schema.table` with COPY (CSV).

    CSV keeps NULL (an empty field) apart from '' (a quoted empty field)."""
    quoted = ", ".join(f'"{c}"' for c in columns)
    reader = duck.sql(f'SELECT {quoted} FROM "{table}"').to_arrow_reader(_BATCH_ROWS)
    options = pa_csv.WriteOptions(include_header=False)
    copy = sql.SQL("COPY {}.{} ({}) FROM STDIN (FORMAT csv)").format(
        sql.Identifier(schema), sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, columns)))
    with cur.copy(copy) as out:
        for batch in reader:
            buffer = io.BytesIO()
            pa_csv.write_csv(batch, buffer, options)
            out.write(buffer.getbuffer())


# ---------------------------------------------------------------------------------------------
# The PostgreSQL side


@dataclass(frozen=True)
class _Served:
    fingerprint: str | None
    measurements: int
    readers: tuple[str, ...]  # roles with USAGE on the served schema


def _schema_exists(cur: psycopg.Cursor, schema: str) -> bool:
    return cur.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [schema]).fetchone() is not None


def _made_by_benchdb(cur: psycopg.Cursor, schema: str) -> bool:
    """True when `schema` is missing, empty, or holds a benchdb publish (its benchdb_publish table):
    a schema of someone else's is never renamed or dropped."""
    if not _schema_exists(cur, schema):
        return True
    if cur.execute("SELECT to_regclass(%s)", [f'"{schema}"."{PUBLISH_TABLE}"']).fetchone()[0]:
        return True
    return cur.execute("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                       "WHERE n.nspname = %s", [schema]).fetchone()[0] == 0


def _served_state(cur: psycopg.Cursor, schema: str) -> _Served | None:
    """What the served schema holds now, or None when there is none."""
    if not _schema_exists(cur, schema):
        return None
    readers = tuple(r[0] for r in cur.execute(
        "SELECT DISTINCT r.rolname FROM pg_namespace n, aclexplode(n.nspacl) a JOIN pg_roles r ON r.oid = a.grantee "
        "WHERE n.nspname = %s AND a.privilege_type = 'USAGE' AND a.grantee <> n.nspowner ORDER BY 1",
        [schema]).fetchall())
    fingerprint, measurements = None, 0
    if cur.execute("SELECT to_regclass(%s)", [f'"{schema}"."{PUBLISH_TABLE}"']).fetchone()[0]:
        row = cur.execute(sql.SQL("SELECT fingerprint, measurements FROM {}.{} ORDER BY published_at DESC LIMIT 1")
                          .format(sql.Identifier(schema), sql.Identifier(PUBLISH_TABLE))).fetchone()
        if row:
            fingerprint, measurements = row
    elif cur.execute("SELECT to_regclass(%s)", [f'"{schema}"."fact_measurement"']).fetchone()[0]:
        measurements = cur.execute(sql.SQL("SELECT count(*) FROM {}.fact_measurement")
                                   .format(sql.Identifier(schema))).fetchone()[0]
    return _Served(fingerprint, measurements, readers)


def _key_constraints(cur: psycopg.Cursor, schema: str) -> list[tuple[str, str, str, str]]:
    """(table, name, kind, definition) of the primary, unique and foreign keys in `schema`."""
    return [tuple(r) for r in cur.execute(  # type: ignore[misc]
        "SELECT c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid) "
        "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = %s AND k.contype IN ('p', 'u', 'f') ORDER BY k.contype, c.relname, k.conname",
        [schema]).fetchall()]


def _ensure_roles(cur: psycopg.Cursor, roles: Iterable[str]) -> list[str]:
    """Create the roles that do not exist yet (NOLOGIN: grant them to BI logins); return those created."""
    created = []
    for role in roles:
        if cur.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [role]).fetchone() is None:
            cur.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(role)))
            created.append(role)
    return created


def _grant_read(cur: psycopg.Cursor, schema: str, roles: Iterable[str]) -> None:
    """USAGE on `schema` and SELECT on everything in it (tables and views), nothing more."""
    for role in roles:
        cur.execute(sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(sql.Identifier(schema), sql.Identifier(role)))
        cur.execute(sql.SQL("GRANT SELECT ON ALL TABLES IN SCHEMA {} TO {}").format(
            sql.Identifier(schema), sql.Identifier(role)))


def _build_staging(cur: psycopg.Cursor, conn: sa.Connection, duck: duckdb.DuckDBPyConnection, wh: _Warehouse,
                   staging: str) -> None:
    """Create, migrate and fill the staging schema, with views, comments and the publish row."""
    ident = sql.Identifier(staging)
    cur.execute(sql.SQL("CREATE SCHEMA {}").format(ident))
    cur.execute(sql.SQL("SET LOCAL search_path TO {}").format(ident))
    upgrade(conn)  # the same Alembic migrations as the DuckDB warehouse, inside this transaction
    for table in UNPUBLISHED_TABLES:
        cur.execute(sql.SQL("DROP TABLE {}.{}").format(ident, sql.Identifier(table.name)))

    keys = _key_constraints(cur, staging)
    for table, name, _kind, _definition in sorted(keys, key=lambda k: k[2] != "f"):  # foreign keys first
        cur.execute(sql.SQL("ALTER TABLE {}.{} DROP CONSTRAINT {}").format(
            ident, sql.Identifier(table), sql.Identifier(name)))
    for table in PUBLISHED_TABLES:
        columns, _rows = wh.tables[table.name]
        _copy_table(duck, cur, staging, table.name, columns)
    for table, name, _kind, definition in sorted(keys, key=lambda k: k[2] == "f"):  # then they validate
        cur.execute(sql.SQL("ALTER TABLE {}.{} ADD CONSTRAINT {} ").format(
            ident, sql.Identifier(table), sql.Identifier(name)) + sql.SQL(definition))  # definition: from pg
    _analyze(cur, staging, [t.name for t in PUBLISHED_TABLES])  # statistics before the views are materialized

    for view in wh.views:
        if view.name in MATERIALIZED_VIEWS:
            # a table, not a MATERIALIZED VIEW: PostgreSQL cannot LOCK a materialized view, and the swap
            # must lock everything readers read
            cur.execute(sql.SQL("CREATE TABLE {}.{} AS ").format(ident, sql.Identifier(view.name))
                        + sql.SQL(view.select))  # type: ignore[arg-type]  (translated from sql/, not user input)
            cur.execute(sql.SQL("CREATE INDEX ON {}.{} ({})").format(
                ident, sql.Identifier(view.name),
                sql.SQL(", ").join(map(sql.Identifier, MATERIALIZED_VIEWS[view.name]))))
            _analyze(cur, staging, [view.name])  # the views built on it plan with statistics
            kind = sql.SQL("TABLE")
        else:
            cur.execute(sql.SQL("CREATE VIEW {}.{} AS ").format(ident, sql.Identifier(view.name))
                        + sql.SQL(view.select))  # type: ignore[arg-type]
            kind = sql.SQL("VIEW")
        if view.comment is not None:
            cur.execute(sql.SQL("COMMENT ON {} {}.{} IS {}").format(
                kind, ident, sql.Identifier(view.name), sql.Literal(view.comment)))
        for column, comment in view.column_comments:
            cur.execute(sql.SQL("COMMENT ON COLUMN {}.{}.{} IS {}").format(
                ident, sql.Identifier(view.name), sql.Identifier(column), sql.Literal(comment)))

    publish_table = sql.Identifier(PUBLISH_TABLE)
    cur.execute(sql.SQL(
        "CREATE TABLE {}.{} (published_at timestamptz NOT NULL, fingerprint text NOT NULL, "
        "refresh_run_id integer, measurements bigint NOT NULL, benchdb_version text NOT NULL, "
        "schema_revision text NOT NULL)").format(ident, publish_table))
    cur.execute(sql.SQL("COMMENT ON TABLE {}.{} IS {}").format(ident, publish_table, sql.Literal(
        "One row: what benchdb publish copied here (the fingerprint lets an unchanged warehouse skip the publish).")))
    cur.execute(sql.SQL("INSERT INTO {}.{} VALUES (now(), %s, %s, %s, %s, %s)").format(ident, publish_table),
                [wh.fingerprint, wh.refresh_run_id, wh.measurements, __version__, head_revision()])


def _analyze(cur: psycopg.Cursor, schema: str, names: Sequence[str]) -> None:
    """ANALYZE these tables of `schema` (new tables have no statistics until autovacuum comes by)."""
    cur.execute(sql.SQL("ANALYZE {}").format(
        sql.SQL(", ").join(sql.Identifier(schema, name) for name in names)))


def _validate(cur: psycopg.Cursor, duck: duckdb.DuckDBPyConnection, staging: str, wh: _Warehouse,
              served: _Served | None, allow_shrink: bool, max_shrink: float) -> None:
    """The DuckDB publish's gates on the staged copy: counts, keys, views, shrink."""
    ident = sql.Identifier(staging)
    for name, (_columns, rows) in wh.tables.items():
        got = cur.execute(sql.SQL("SELECT count(*) FROM {}.{}").format(ident, sql.Identifier(name))).fetchone()[0]
        if got != rows:
            raise PublishRefused(f"table {name}: {got} rows on PostgreSQL, {rows} in DuckDB")
    bad = cur.execute(sql.SQL(
        "SELECT count(*) FROM {}.fact_measurement WHERE source_id IS NULL OR model_id IS NULL "
        "OR benchmark_id IS NULL OR metric_id IS NULL OR config_id IS NULL").format(ident)).fetchone()[0]
    if bad:
        raise PublishRefused(f"{bad} measurements with a missing key")
    for view in wh.views:
        cur.execute(sql.SQL("SELECT * FROM {}.{} LIMIT 0").format(ident, sql.Identifier(view.name)))
        if view.name in MATERIALIZED_VIEWS:
            got = cur.execute(sql.SQL("SELECT count(*) FROM {}.{}").format(
                ident, sql.Identifier(view.name))).fetchone()[0]
            rows = duck.execute(f'SELECT count(*) FROM "{view.name}"').fetchall()[0][0]
            if got != rows:
                raise PublishRefused(f"view {view.name}: {got} rows on PostgreSQL, {rows} in DuckDB")
    if served and served.measurements and not allow_shrink:
        lost = (served.measurements - wh.measurements) / served.measurements
        if lost > max_shrink:
            raise PublishRefused(
                f"the publish would drop {served.measurements - wh.measurements} of {served.measurements} served "
                f"measurements ({lost:.0%} > {max_shrink:.0%}); use --allow-shrink to accept")


def _relations_in_reader_order(cur: psycopg.Cursor, schema: str, view_order: Sequence[str]) -> list[str]:
    """Every relation of `schema` in the order readers lock them: views (the most dependent
    first), then tables."""
    rows = cur.execute(
        "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        # materialized views cannot be locked (benchdb creates none; an older publish's would be dropped)
        "WHERE n.nspname = %s AND c.relkind IN ('r', 'v', 'p')", [schema]).fetchall()
    rank = {name: i for i, name in enumerate(reversed(list(view_order)))}
    kind_rank = {"v": 0, "r": 1, "p": 1}
    return [name for name, kind in sorted(rows, key=lambda r: (kind_rank[r[1]], rank.get(r[0], len(rank)), r[0]))]


def _swap(cur: psycopg.Cursor, schema: str, staging: str, old: str, view_order: Sequence[str],
          lock_timeout_s: float, may_set_deadlock_timeout: bool) -> int:
    """Inside the publish's transaction: served -> old, staging -> served, under ACCESS EXCLUSIVE
    locks on every served relation, retried (from a savepoint) on lock timeout or deadlock.
    Returns the number of attempts."""
    for attempt in range(1, _SWAP_ATTEMPTS + 1):
        cur.execute("SAVEPOINT benchdb_swap")
        try:
            cur.execute(sql.SQL("SET LOCAL lock_timeout = {}").format(sql.Literal(f"{int(lock_timeout_s * 1000)}ms")))
            if may_set_deadlock_timeout:
                # we, not a reader, notice a deadlock first and give way
                cur.execute("SET LOCAL deadlock_timeout = '100ms'")
            if _schema_exists(cur, schema):
                relations = _relations_in_reader_order(cur, schema, view_order)
                if relations:
                    cur.execute(sql.SQL("LOCK TABLE {} IN ACCESS EXCLUSIVE MODE").format(
                        sql.SQL(", ").join(sql.Identifier(schema, r) for r in relations)))
                cur.execute(sql.SQL("ALTER SCHEMA {} RENAME TO {}").format(sql.Identifier(schema),
                                                                         sql.Identifier(old)))
            cur.execute(sql.SQL("ALTER SCHEMA {} RENAME TO {}").format(sql.Identifier(staging),
                                                                     sql.Identifier(schema)))
            cur.execute("RELEASE SAVEPOINT benchdb_swap")
            return attempt
        except (psycopg.errors.LockNotAvailable, psycopg.errors.DeadlockDetected):
            cur.execute("ROLLBACK TO SAVEPOINT benchdb_swap")
            time.sleep(min(0.05 * attempt, 1.0))
    raise PublishError(f"readers kept schema {schema} locked through {_SWAP_ATTEMPTS} attempts; nothing was changed")


def _may_set(cur: psycopg.Cursor, parameter: str) -> bool:
    """Whether this session may SET a superuser-level `parameter`: as superuser, or (PostgreSQL 15+)
    with GRANT SET ON PARAMETER."""
    if cur.execute("SELECT current_setting('is_superuser') = 'on'").fetchone()[0]:
        return True
    if cur.connection.info.server_version < 150000:
        return False
    return bool(cur.execute("SELECT has_parameter_privilege(%s, 'SET')", [parameter]).fetchone()[0])


def _drop_schema(conn: sa.Connection, cur: psycopg.Cursor, schema: str, lock_timeout_s: float,
                 view_order: Sequence[str] = ()) -> bool:
    """Drop `schema` if it exists (its own transaction, bounded wait); False when readers kept it.

    Its relations are locked first in the order readers lock them, as the swap does, and the
    drop gives way when it meets a deadlock anyway: a reader still finishing a query on the
    previous warehouse must never be the one that fails."""
    try:
        with conn.begin():
            cur.execute(sql.SQL("SET LOCAL lock_timeout = {}").format(sql.Literal(f"{int(lock_timeout_s * 1000)}ms")))
            if _may_set(cur, "deadlock_timeout"):
                cur.execute("SET LOCAL deadlock_timeout = '100ms'")
            relations = _relations_in_reader_order(cur, schema, view_order) if _schema_exists(cur, schema) else []
            if relations:
                cur.execute(sql.SQL("LOCK TABLE {} IN ACCESS EXCLUSIVE MODE").format(
                    sql.SQL(", ").join(sql.Identifier(schema, r) for r in relations)))
            cur.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
        return True
    except (psycopg.errors.LockNotAvailable, psycopg.errors.DeadlockDetected):
        return False


def publish(db: Path, url: str, schema: str = DEFAULT_SCHEMA, *, grant_read: Sequence[str] = (),
            allow_shrink: bool = False, max_shrink: float = DEFAULT_MAX_SHRINK, force: bool = False,
            lock_timeout_s: float = 2.0, before_swap: Callable[[], None] | None = None) -> PublishSummary:
    """Publish the DuckDB warehouse `db` to schema `schema` of the PostgreSQL database at `url`.

    See the module docs. `grant_read` roles (created NOLOGIN when missing) get USAGE on the
    schema and SELECT on everything in it; roles granted by earlier publishes keep their
    access. An unchanged warehouse (same fingerprint as the served one) is not published
    again unless `force`; new `grant_read` roles are still granted. `before_swap` is called
    just before the swap (tests use it to publish while readers run).

    Raises PublishLocked when another publish to `schema` runs, PublishRefused when
    validation fails, PublishError for anything else; the served schema is then unchanged.
    Messages never contain the password."""
    started = time.monotonic()
    engine_url = _engine_url(url)
    secret = engine_url.password
    shown = redact(url)
    summary = PublishSummary(target=shown, schema=schema)
    _check_name("schema", schema)
    for role in grant_read:
        _check_name("role", role)
    staging, old = f"{schema}_staging", f"{schema}_old"

    db = Path(db)
    if not db.is_file():
        raise PublishError(f"database not found: {db} (run benchdb refresh first)")
    try:
        duck = duckdb.connect(str(db), read_only=True)
    except duckdb.Error as exc:
        raise PublishError(f"cannot open {db}: {_one_line(exc, None)}") from exc
    engine = sa.create_engine(engine_url, poolclass=sa.NullPool)
    try:
        with duck:
            warehouse = _read_warehouse(duck)
            summary.fingerprint = warehouse.fingerprint
            summary.refresh_run_id = warehouse.refresh_run_id
            with engine.connect() as conn:
                # The raw psycopg connection does the work; SQLAlchemy's transaction blocks (conn.begin())
                # frame it, so that Alembic's migrations run inside the same transaction.
                raw: psycopg.Connection = conn.connection.driver_connection  # type: ignore[assignment]
                cur = raw.cursor()
                with conn.begin():
                    locked = cur.execute("SELECT pg_try_advisory_lock(hashtext(%s))",
                                         [f"benchdb publish {schema}"]).fetchone()[0]
                if not locked:
                    raise PublishLocked(f"another publish to schema {schema} of {shown} is running")
                with conn.begin():
                    foreign = [name for name in (schema, staging, old) if not _made_by_benchdb(cur, name)]
                if foreign:
                    raise PublishError(f"schema {foreign[0]} of {shown} exists and was not made by benchdb publish; "
                                       "choose another --schema")
                # what the last publish could not drop (readers held it), or one killed after its swap; the
                # staging schema never outlives its transaction
                if not _drop_schema(conn, cur, old, lock_timeout_s, [v.name for v in warehouse.views]):
                    raise PublishError(f"readers still use schema {old} of {shown} (the previous warehouse); "
                                       "nothing was changed, try again")
                with conn.begin():
                    served = _served_state(cur, schema)
                    may_set_deadlock_timeout = _may_set(cur, "deadlock_timeout")
                readers = sorted(set(served.readers if served else ()) | set(grant_read))
                if served and served.fingerprint == warehouse.fingerprint and not force:
                    new_roles = sorted(set(grant_read) - set(served.readers))
                    if new_roles:
                        with conn.begin():
                            summary.created_roles = _ensure_roles(cur, new_roles)
                            _grant_read(cur, schema, new_roles)
                    summary.granted = new_roles
                    summary.reason = "unchanged since the last publish"
                    summary.seconds = time.monotonic() - started
                    return summary
                with conn.begin():  # one transaction: build, validate, swap; any failure rolls it all back
                    # room for the key checks, index builds and the frontiers' sorts (user-settable)
                    cur.execute("SET LOCAL work_mem = '128MB'")
                    cur.execute("SET LOCAL maintenance_work_mem = '512MB'")
                    cur.execute("SET LOCAL client_encoding = 'UTF8'")  # what the CSV stream is in
                    summary.created_roles = _ensure_roles(cur, readers)
                    _build_staging(cur, conn, duck, warehouse, staging)
                    _grant_read(cur, staging, readers)
                    _validate(cur, duck, staging, warehouse, served, allow_shrink, max_shrink)
                    if before_swap is not None:
                        before_swap()
                    summary.swap_attempts = _swap(cur, schema, staging, old, [v.name for v in warehouse.views],
                                                  lock_timeout_s, may_set_deadlock_timeout)
                summary.published = True
                summary.granted = readers
                summary.tables = {name: rows for name, (_cols, rows) in warehouse.tables.items()}
                summary.views = [v.name for v in warehouse.views]
                summary.materialized = [v.name for v in warehouse.views if v.name in MATERIALIZED_VIEWS]
                summary.old_schema_dropped = _drop_schema(conn, cur, old, lock_timeout_s,
                                                          [v.name for v in warehouse.views])
    except PublishError:
        raise
    except (psycopg.Error, sa.exc.DBAPIError, sa.exc.SQLAlchemyError) as exc:
        raise PublishError(f"publish to {shown} failed: {_one_line(exc, secret)}") from None
    except duckdb.Error as exc:
        raise PublishError(f"cannot read {db}: {_one_line(exc, None)}") from None
    except Exception as exc:  # anything else (a migration, a translation, a hook): one line, schema unchanged
        raise PublishError(f"publish to {shown} failed: {type(exc).__name__}: {_one_line(exc, secret)}") from exc
    finally:
        engine.dispose()
    summary.seconds = time.monotonic() - started
    return summary
