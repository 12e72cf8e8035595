"""`benchdb publish` against a real PostgreSQL server.

A throwaway cluster (tests/_pgcluster.py: initdb into a temporary folder, 127.0.0.1 on a
free port, stopped and deleted at the end) serves the session; every test gets its own
database. Without server binaries the tests skip, saying how to get them, except under
CI (env CI=true), where they fail: CI must run them.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import duckdb
import psycopg
import pytest
import sqlalchemy as sa

from benchdb.etl.load import postgres as pg
from benchdb.etl.load.views import order_views, read_view_file, view_files
from benchdb.etl.pipeline import refresh
from benchdb.schema.migrate import head_revision
from benchdb.schema.tables import metadata
from tests._pgcluster import Cluster, ClusterUnavailable, start_cluster
from tests._processes import run_benchdb

SCHEMA = "benchdb"


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for the session (skip without server binaries, fail under CI)."""
    try:
        running = start_cluster()
    except ClusterUnavailable as exc:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI must run the PostgreSQL tests: {exc}")
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def pg_url(cluster: Cluster) -> str:
    """A new, empty database of the session cluster (postgres superuser, trust authentication)."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(cluster.url, autocommit=True) as con:
        con.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    return cluster.database_url(name)


def _refresh(source: Path, db: Path) -> Path:
    summary = refresh(source, db)
    assert summary.published
    return db


@pytest.fixture(scope="session")
def smaller_seed_db(tmp_path_factory: pytest.TempPathFactory, seed_docs: Path) -> Path:
    """A warehouse of four of the five seed descriptions: a different, still valid publish."""
    folder = tmp_path_factory.mktemp("four_docs")
    for doc in sorted(seed_docs.iterdir())[1:]:
        shutil.copy(doc, folder / doc.name)
    return _refresh(folder, folder.parent / "four.duckdb")


@pytest.fixture(scope="session")
def one_doc_db(tmp_path_factory: pytest.TempPathFactory, seed_docs: Path) -> Path:
    """A warehouse of one seed description: publishing it over the seeds loses most measurements."""
    folder = tmp_path_factory.mktemp("one_doc")
    doc = sorted(seed_docs.iterdir())[-1]
    shutil.copy(doc, folder / doc.name)
    return _refresh(folder, folder.parent / "one.duckdb")


# ----------------------------------------------------------------------------- helpers


def _norm(value: object) -> object:
    if isinstance(value, float):
        return round(value, 9)
    if hasattr(value, "as_tuple"):  # Decimal
        return round(float(value), 9)  # type: ignore[arg-type]
    return value


def _sorted_rows(rows: list[tuple]) -> list[tuple]:
    normalized = [tuple(_norm(v) for v in row) for row in rows]
    return sorted(normalized, key=lambda r: [(v is None, repr(v)) for v in r])


def _duck(db: Path, query: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(query).fetchall()
    finally:
        con.close()


def _view_names() -> list[str]:
    return [vf.name for vf in order_views([read_view_file(p) for p in view_files()])]


def _pg(url: str, query: str, params: list | None = None) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as con:
        cur = con.execute(query, params)
        return cur.fetchall() if cur.description else []


def _schemas(url: str) -> set[str]:
    return {r[0] for r in _pg(url, "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'benchdb%'")}


def _served_oid_and_time(url: str) -> tuple[int, object]:
    return _pg(url, "SELECT (SELECT oid FROM pg_namespace WHERE nspname = 'benchdb'), "
                    "(SELECT published_at FROM benchdb.benchdb_publish)")[0]


def _sa_engine(url: str) -> sa.Engine:
    return sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1), poolclass=sa.NullPool)


# ----------------------------------------------------------------------------- tests without a server


def test_every_view_translates_to_postgres() -> None:
    """One source: every sql/ view translates with sqlglot, with no unsupported construct."""
    for path in view_files():
        select = pg.postgres_view_sql(read_view_file(path))
        assert select.lstrip().upper().startswith(("WITH", "SELECT")), path


def test_redact_hides_the_password() -> None:
    assert pg.redact("postgresql://bi:s3cret@db.example:5432/warehouse") == \
        "postgresql://bi:***@db.example:5432/warehouse"
    assert "s3cret" not in pg.redact("postgresql://bi:s3cret@db.example/warehouse?sslmode=require")


def test_finite_check_compiles_for_both_dialects() -> None:
    from sqlalchemy.dialects import postgresql
    from sqlalchemy.schema import CreateTable

    from benchdb.schema.tables import fact_measurement

    assert "CHECK (isfinite(value))" in str(CreateTable(fact_measurement).compile(dialect=sa.create_engine(
        "duckdb:///:memory:").dialect))
    assert "isfinite" not in str(CreateTable(fact_measurement).compile(dialect=postgresql.dialect()))


# ----------------------------------------------------------------------------- against the server


def test_publish_copies_tables_and_every_view(pg_url: str, built_seed_db: Path) -> None:
    summary = pg.publish(built_seed_db, pg_url)
    assert summary.published and summary.swap_attempts >= 1
    assert _schemas(pg_url) == {SCHEMA}  # no staging or old schema left behind
    for table in pg.PUBLISHED_TABLES:
        pg_rows = _pg(pg_url, f'SELECT {", ".join(c.name for c in table.columns)} FROM benchdb."{table.name}"')
        duck_rows = _duck(built_seed_db, f'SELECT {", ".join(c.name for c in table.columns)} FROM "{table.name}"')
        assert _sorted_rows(pg_rows) == _sorted_rows(duck_rows), table.name
    with psycopg.connect(pg_url) as con:
        for view in _view_names():
            duck_cols = [r[0] for r in _duck(built_seed_db, f"SELECT column_name FROM duckdb_columns() "
                                                            f"WHERE table_name = '{view}' ORDER BY column_index")]
            cur = con.execute(f"SELECT * FROM benchdb.{view}")
            assert [d.name for d in cur.description] == duck_cols, view
            rows = cur.fetchall()
            duck_rows = _duck(built_seed_db, f"SELECT * FROM {view}")
            assert len(rows) == len(duck_rows), view
            assert _sorted_rows(rows) == _sorted_rows(duck_rows), view


def test_frontier_flags_equal_row_by_row(pg_url: str, built_seed_db: Path) -> None:
    pg.publish(built_seed_db, pg_url)
    keys = {
        "param_frontier": "benchmark, metric, setting, coalesce(unit, ''), model, param_kind",
        "throughput_frontier": "model, benchmark, accuracy_metric, setting, coalesce(accuracy_unit, ''), "
                               "coalesce(throughput_unit, '')",
    }
    for view, key in keys.items():
        query = f"SELECT {key}, on_frontier FROM {{}}{view} ORDER BY {key}"
        duck_rows = _duck(built_seed_db, query.format(""))
        pg_rows = _pg(pg_url, query.format("benchdb."))
        assert duck_rows and pg_rows == duck_rows, view
        assert any(row[-1] for row in pg_rows) and not all(row[-1] for row in pg_rows)


def test_views_reflect_through_sqlalchemy_with_comments(pg_url: str, built_seed_db: Path) -> None:
    pg.publish(built_seed_db, pg_url)
    engine = _sa_engine(pg_url)
    inspector = sa.inspect(engine)
    relations = set(inspector.get_view_names(schema=SCHEMA)) | set(inspector.get_table_names(schema=SCHEMA))
    view_comments = dict(_duck(built_seed_db, "SELECT view_name, comment FROM duckdb_views() WHERE NOT internal "
                                              "AND schema_name = 'main'"))
    with engine.connect() as conn:
        for view in _view_names():
            assert view in relations, view
            table = sa.Table(view, sa.MetaData(), schema=SCHEMA, autoload_with=engine)
            count = conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
            assert count == _duck(built_seed_db, f"SELECT count(*) FROM {view}")[0][0], view
            assert inspector.get_table_comment(view, schema=SCHEMA)["text"] == view_comments[view], view
            duck_comments = dict(_duck(built_seed_db, f"SELECT column_name, comment FROM duckdb_columns() "
                                                      f"WHERE table_name = '{view}'"))
            reflected = {c["name"]: c.get("comment") for c in inspector.get_columns(view, schema=SCHEMA)}
            assert reflected == duck_comments, view
            assert all(reflected.values()), f"{view}: a column without a comment"
    engine.dispose()


def test_postgres_tables_equal_the_sqlalchemy_definition(pg_url: str, built_seed_db: Path) -> None:
    """The served tables come from the Alembic migrations; Alembic finds no difference from
    schema/tables.py (columns, types, keys, indexes, comments) for the published tables."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    pg.publish(built_seed_db, pg_url)
    engine = _sa_engine(pg_url)
    published = {t.name for t in pg.PUBLISHED_TABLES}
    extra = {pg.PUBLISH_TABLE, "alembic_version", *pg.MATERIALIZED_VIEWS}

    def include(obj: object, name: str | None, type_: str, reflected: bool, compare_to: object) -> bool:
        if type_ == "table":
            return name in published or (reflected and name not in extra)
        return True

    with engine.connect() as conn:
        conn.exec_driver_sql("SET search_path TO benchdb")
        context = MigrationContext.configure(conn, opts={"compare_type": True, "include_object": include})
        published_md = sa.MetaData()
        for table in pg.PUBLISHED_TABLES:
            table.to_metadata(published_md)
        assert compare_metadata(context, published_md) == []
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one() == head_revision()
        # the dialect-neutral finite check holds on PostgreSQL too
        with pytest.raises(sa.exc.IntegrityError, match="ck_fact_measurement_finite"):
            conn.exec_driver_sql(
                "INSERT INTO fact_measurement SELECT measurement_id + 1000000, source_id, model_id, benchmark_id, "
                "metric_id, config_id, 'Infinity'::float8, unit, source_line, quote, is_approximate, "
                "model_as_written, benchmark_as_written FROM fact_measurement LIMIT 1")
    assert {t.name for t in pg.UNPUBLISHED_TABLES} == set(metadata.tables) - published
    engine.dispose()


def test_second_publish_with_no_change_does_nothing(pg_url: str, built_seed_db: Path, seed_docs: Path,
                                                    tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    shutil.copy(built_seed_db, db)
    first = pg.publish(db, pg_url)
    assert first.published
    before = _served_oid_and_time(pg_url)
    again = pg.publish(db, pg_url)
    assert not again.published and again.reason and again.fingerprint == first.fingerprint
    # a refresh that changes nothing still logs a run: still nothing to publish
    assert refresh(seed_docs, db).published
    after_refresh = pg.publish(db, pg_url)
    assert not after_refresh.published and after_refresh.refresh_run_id == first.refresh_run_id + 1
    assert _served_oid_and_time(pg_url) == before
    forced = pg.publish(db, pg_url, force=True)
    assert forced.published and _served_oid_and_time(pg_url) != before


def test_failed_publish_leaves_the_served_schema(pg_url: str, built_seed_db: Path, one_doc_db: Path) -> None:
    pg.publish(built_seed_db, pg_url)
    served = _served_oid_and_time(pg_url)
    measurements = _pg(pg_url, "SELECT count(*) FROM benchdb.measurements")[0][0]

    with pytest.raises(pg.PublishRefused, match="would drop .* --allow-shrink"):
        pg.publish(one_doc_db, pg_url)  # the shrink guard
    assert _served_oid_and_time(pg_url) == served and _schemas(pg_url) == {SCHEMA}

    def crash() -> None:
        raise RuntimeError("simulated crash just before the swap")

    with pytest.raises(pg.PublishError, match="simulated crash"):
        pg.publish(one_doc_db, pg_url, allow_shrink=True, before_swap=crash)
    assert _served_oid_and_time(pg_url) == served and _schemas(pg_url) == {SCHEMA}
    assert _pg(pg_url, "SELECT count(*) FROM benchdb.measurements")[0][0] == measurements

    small = pg.publish(one_doc_db, pg_url, allow_shrink=True)
    assert small.published
    assert _pg(pg_url, "SELECT count(*) FROM benchdb.measurements")[0][0] == \
        _duck(one_doc_db, "SELECT count(*) FROM measurements")[0][0] < measurements


def test_a_schema_not_made_by_benchdb_is_never_replaced(pg_url: str, built_seed_db: Path) -> None:
    _pg(pg_url, "CREATE SCHEMA benchdb; CREATE TABLE benchdb.mine (x int); INSERT INTO benchdb.mine VALUES (1)")
    with pytest.raises(pg.PublishError, match="not made by benchdb publish"):
        pg.publish(built_seed_db, pg_url)
    assert _pg(pg_url, "SELECT x FROM benchdb.mine") == [(1,)]
    assert pg.publish(built_seed_db, pg_url, schema="bench_other").published


def test_reader_sees_old_or_new_never_a_mix(pg_url: str, built_seed_db: Path, smaller_seed_db: Path) -> None:
    """A reader looping over a query of several tables and views while publishes swap the
    schema back and forth sees one whole warehouse or the other, never an error."""
    query = ("SELECT (SELECT count(*) FROM benchdb.measurements), (SELECT count(*) FROM benchdb.fact_resolved), "
             "(SELECT count(*) FROM benchdb.source_documents), (SELECT count(*) FROM benchdb.param_frontier), "
             "(SELECT fingerprint FROM benchdb.benchdb_publish)")
    pg.publish(built_seed_db, pg_url)
    full = _pg(pg_url, query)[0]
    pg.publish(smaller_seed_db, pg_url, allow_shrink=True)
    small = _pg(pg_url, query)[0]
    assert full != small and full[:4] != small[:4]

    seen: list[tuple] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def read() -> None:
        try:
            with psycopg.connect(pg_url, autocommit=True) as con:
                while not stop.is_set():
                    seen.append(con.execute(query).fetchone())
        except BaseException as exc:  # noqa: BLE001  (reported by the test)
            errors.append(exc)

    readers = [threading.Thread(target=read) for _ in range(2)]
    for thread in readers:
        thread.start()
    try:
        # at least six swaps, and on a loaded machine more until the readers have met both warehouses
        for i in range(24):
            if i >= 6 and i % 2 == 0 and {full, small} <= set(seen) and len(seen) > 20:
                break
            pg.publish(built_seed_db if i % 2 == 0 else smaller_seed_db, pg_url, allow_shrink=True, force=True)
    finally:
        time.sleep(0.2)
        stop.set()
        for thread in readers:
            thread.join(timeout=30)
    assert not errors, errors
    assert len(seen) > 20
    assert set(seen) <= {full, small}, set(seen) - {full, small}
    assert {full, small} <= set(seen)


def test_read_only_role_cannot_write(pg_url: str, built_seed_db: Path, smaller_seed_db: Path) -> None:
    role, login = f"bi_read_{uuid.uuid4().hex[:8]}", f"bi_user_{uuid.uuid4().hex[:8]}"  # roles are cluster-wide
    summary = pg.publish(built_seed_db, pg_url, grant_read=[role])
    assert summary.granted == [role] and summary.created_roles == [role]
    _pg(pg_url, f'CREATE ROLE "{login}" LOGIN IN ROLE "{role}"')
    bi_url = pg_url.replace("postgresql://postgres@", f"postgresql://{login}@", 1)

    def can_read() -> int:
        return _pg(bi_url, "SELECT count(*) FROM benchdb.param_frontier WHERE on_frontier")[0][0]

    assert can_read() > 0
    writes = [
        "INSERT INTO benchdb.dim_metric VALUES (999, 'x', true, 'score')",
        "UPDATE benchdb.fact_measurement SET value = 0",
        "DELETE FROM benchdb.dim_model",
        "DROP VIEW benchdb.measurements",
        "CREATE TABLE benchdb.mine (x int)",
        "ALTER SCHEMA benchdb RENAME TO mine",
        "TRUNCATE benchdb.param_frontier",
    ]
    for statement in writes:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            _pg(bi_url, statement)
    # the grant survives later publishes (the new objects are granted before the swap)
    pg.publish(smaller_seed_db, pg_url, allow_shrink=True)
    assert can_read() >= 0
    assert _pg(bi_url, "SELECT count(*) FROM benchdb.measurements")[0][0] == \
        _duck(smaller_seed_db, "SELECT count(*) FROM measurements")[0][0]
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        _pg(bi_url, writes[0])


def test_publish_as_an_ordinary_role(pg_url: str, built_seed_db: Path, smaller_seed_db: Path) -> None:
    """No superuser needed: CREATE on the database, CREATEROLE for a new --grant-read role."""
    suffix = uuid.uuid4().hex[:8]
    publisher, reader = f"publisher_{suffix}", f"reader_{suffix}"
    database = pg_url.rsplit("/", 1)[1]
    _pg(pg_url, f'CREATE ROLE "{publisher}" LOGIN CREATEROLE')
    _pg(pg_url, f'GRANT CREATE ON DATABASE "{database}" TO "{publisher}"')
    publisher_url = pg_url.replace("postgresql://postgres@", f"postgresql://{publisher}@", 1)
    assert _pg(publisher_url, "SELECT current_setting('is_superuser')") == [("off",)]
    assert pg.publish(built_seed_db, publisher_url, grant_read=[reader]).published
    assert pg.publish(smaller_seed_db, publisher_url, allow_shrink=True).published
    _pg(pg_url, f'CREATE ROLE "login_{suffix}" LOGIN IN ROLE "{reader}"')
    login_url = pg_url.replace("postgresql://postgres@", f"postgresql://login_{suffix}@", 1)
    assert _pg(login_url, "SELECT count(*) FROM benchdb.measurements")[0][0] == \
        _duck(smaller_seed_db, "SELECT count(*) FROM measurements")[0][0]


def test_cli_publish(pg_url: str, built_seed_db: Path, tmp_path: Path) -> None:
    # a password in the URL (trust authentication ignores it) is never printed
    secret_url = pg_url.replace("postgresql://postgres@", "postgresql://postgres:pw-s3cret-42@", 1)
    first = run_benchdb("publish", "--to", secret_url, "--db", built_seed_db, "--grant-read", "bi_read",
                        cwd=tmp_path)
    assert first.code == 0, first
    assert "published" in first.stdout and "bi_read" in first.stdout
    second = run_benchdb("publish", "--to", secret_url, "--db", built_seed_db, "--json", cwd=tmp_path)
    assert second.code == 0, second
    assert second.json()["published"] is False
    for run in (first, second):
        assert "pw-s3cret-42" not in run.stdout + run.stderr

    # BENCHDB_PUBLISH_URL and BENCHDB_DB stand for --to and --db
    env_run = _run_with_env(tmp_path, {"BENCHDB_PUBLISH_URL": secret_url, "BENCHDB_DB": str(built_seed_db)},
                            "publish", "--force")
    assert env_run.returncode == 0, env_run.stderr
    assert "pw-s3cret-42" not in env_run.stdout + env_run.stderr

    # errors: one line, documented codes, no password
    unreachable = run_benchdb("publish", "--to", "postgresql://u:pw-s3cret-42@127.0.0.1:1/x", "--db",
                              built_seed_db, cwd=tmp_path)
    assert unreachable.code == 1 and len(unreachable.stderr.strip().splitlines()) == 1, unreachable
    assert "pw-s3cret-42" not in unreachable.stderr and "Traceback" not in unreachable.stderr
    missing = run_benchdb("publish", "--db", built_seed_db, cwd=tmp_path)
    assert missing.code == 2 and "BENCHDB_PUBLISH_URL" in missing.stderr
    with psycopg.connect(pg_url, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(hashtext('benchdb publish benchdb'))")
        locked = run_benchdb("publish", "--to", pg_url, "--db", built_seed_db, "--force", cwd=tmp_path)
    assert locked.code == 3 and "another publish" in locked.stderr, locked


def _run_with_env(cwd: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    from tests._processes import benchdb_command

    return subprocess.run([*benchdb_command(), *args], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, **env})


def test_refresh_publish_to(pg_url: str, seed_docs: Path, tmp_path: Path) -> None:
    db = tmp_path / "bench.duckdb"
    first = run_benchdb("refresh", "--source", seed_docs, "--db", db, "--publish-to", pg_url, cwd=tmp_path,
                        timeout=120)
    assert first.code == 0, first
    assert "postgres: published" in first.stdout
    assert _pg(pg_url, "SELECT count(*) FROM benchdb.measurements")[0][0] == \
        _duck(db, "SELECT count(*) FROM measurements")[0][0]
    second = _run_with_env(tmp_path, {"BENCHDB_PUBLISH_URL": pg_url}, "refresh", "--source", str(seed_docs),
                           "--db", str(db), "--json")
    assert second.returncode == 0, second.stderr
    report = json.loads(second.stdout)
    assert report["published"] is True and report["postgres"]["published"] is False
    failed = run_benchdb("refresh", "--source", seed_docs, "--db", db, "--publish-to",
                         "postgresql://u@127.0.0.1:1/x", cwd=tmp_path, timeout=120)
    assert failed.code == 5 and "publish to PostgreSQL failed" in failed.stderr, failed


def test_frontier_values_are_finite_and_match(pg_url: str, built_seed_db: Path) -> None:
    """Doubles survive the CSV copy exactly (shortest round-trip text)."""
    pg.publish(built_seed_db, pg_url)
    duck = _duck(built_seed_db, "SELECT measurement_id, value FROM fact_measurement ORDER BY 1")
    served = _pg(pg_url, "SELECT measurement_id, value FROM benchdb.fact_measurement ORDER BY 1")
    assert served == duck and all(math.isfinite(v) for _, v in served)
