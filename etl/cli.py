"""The `benchdb` command line: a thin layer over `etl.pipeline`, `etl.query`, `etl.export`
and `etl.plot`, `etl.load.postgres` (the commands parse arguments and format output, nothing else).

Exit codes of `refresh`: 0 published (also when some documents failed; they are reported
and recorded), 1 nothing could be published (no source folder, a `--db` that is not a
DuckDB file, a full disk, a folder that cannot be written, an internal error), 3 another
refresh holds the lock, 4 validation refused to publish (an empty source folder without
`--allow-empty`, too large a shrink without `--allow-shrink`, a broken view), 5 refreshed
but the publish to PostgreSQL (`--publish-to`) failed, 130 interrupted. Every failure is
one line on stderr (and with `--json` one object `{"published": false, "error": ...,
"code": N}` on stdout) and leaves the published warehouse unchanged. `publish`: 0 published
or nothing to do, 1 failed, 2 usage, 3 another publish is running, 4 validation refused (the
served schema is unchanged). `query`, `views`, `export` and
`plot` exit 0 on success and 2 on a user error (bad SQL or parameters, missing database,
unknown view, empty or ambiguous selection, bad output path), with a one-line message on
stderr and no traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn

import click

from benchdb.etl.defaults import DEFAULT_DB, DEFAULT_MAX_SHRINK
from benchdb.etl.paths import seeds_dir
from benchdb.etl.query import (
    FORMATS,
    QueryError,
    describe_views,
    empty_result_hints,
    format_result,
    format_views,
    run_query,
)

if TYPE_CHECKING:
    from benchdb.etl.plot import PlotResult


def default_source() -> Path:
    """`seeds/` in the working directory when it exists (a checkout), else the installed seeds."""
    local = Path.cwd() / "seeds"
    return local if local.is_dir() else seeds_dir()


#: The environment variable that sets every command's default --db.
DB_ENVVAR = "BENCHDB_DB"


def db_option(help_text: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The --db option of every command: a DuckDB file, default $BENCHDB_DB, else bench.duckdb."""
    return click.option("--db", type=click.Path(path_type=Path, dir_okay=False), default=DEFAULT_DB,
                        envvar=DB_ENVVAR, show_envvar=True, show_default=True, help=help_text)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="benchdb")
def main() -> None:
    """benchdb: a benchmark warehouse built from chart descriptions.

    Every command's --db defaults to $BENCHDB_DB when it is set, else bench.duckdb."""


@main.command("refresh")
@click.option("--source", type=click.Path(path_type=Path), default=None,
              help="Folder of descriptions (*.txt, *.md, recursive). Default: ./seeds or the bundled seeds.")
@db_option("DuckDB file to create or update.")
@click.option("--json", "as_json", is_flag=True, help="Print the run's summary as one JSON object.")
@click.option("--wait", type=float, default=0.0, show_default=True,
              help="Seconds to wait for another refresh to finish before giving up.")
@click.option("--allow-shrink", is_flag=True, help="Publish even if many measurements would disappear.")
@click.option("--max-shrink", type=click.FloatRange(0.0, 1.0), default=DEFAULT_MAX_SHRINK, show_default=True,
              help="Largest share of the published measurements a refresh may drop without --allow-shrink.")
@click.option("--allow-empty", is_flag=True,
              help="Publish even if the source folder holds no descriptions (refused by default, exit 4).")
@click.option("--publish-to", "publish_to", envvar="BENCHDB_PUBLISH_URL", default=None, metavar="URL",
              help="After refreshing, publish to this PostgreSQL URL (as `benchdb publish --to`; "
                   "env BENCHDB_PUBLISH_URL). Exit 5 when that publish fails.")
@click.option("--publish-schema", default="benchdb", show_default=True, help="PostgreSQL schema for --publish-to.")
def refresh_command(source: Path | None, db: Path, as_json: bool, wait: float, allow_shrink: bool,
                    max_shrink: float, allow_empty: bool, publish_to: str | None, publish_schema: str) -> None:
    """Parse every description under SOURCE into the warehouse DB and publish it.

    Exit codes: 0 published, 1 nothing could be published, 3 locked by another refresh,
    4 validation refused (the published warehouse is unchanged), 5 refreshed but the publish
    to PostgreSQL failed, 130 interrupted."""
    import logging
    import os

    # SQLAlchemy's pool logs a second error when it cannot roll back a connection that the
    # first one invalidated (a full disk); the first is reported, in one line.
    logging.getLogger("sqlalchemy").addHandler(logging.NullHandler())
    from benchdb.etl.pipeline import (  # heavy: only here
        RefreshError,
        RefreshLocked,
        RefreshRefused,
        refresh,
    )
    from benchdb.etl.transform.reference import ReferenceDataError

    source = source or default_source()
    try:
        # a progress bar only on a terminal (rich is imported only then: start-up time)
        if not as_json and sys.stderr.isatty():
            summary = _refresh_with_progress(refresh, source, db, wait, allow_shrink, max_shrink, allow_empty)
        else:
            summary = refresh(source, db, lock_timeout=wait, allow_shrink=allow_shrink, max_shrink=max_shrink,
                              allow_empty=allow_empty)
    except RefreshLocked as exc:
        _fail(as_json, exc, 3)
    except RefreshRefused as exc:
        _fail(as_json, exc, 4)
    except RefreshError as exc:
        _fail(as_json, exc, 1)
    except ReferenceDataError as exc:  # an edited seeds/reference CSV: say where, publish nothing
        _fail(as_json, RuntimeError(f"{exc}; the published warehouse is unchanged"), 1)
    except KeyboardInterrupt:
        _fail(as_json, RuntimeError("interrupted; the published warehouse is unchanged"), 130)
    except Exception as exc:  # a bug: still one line and a JSON answer; BENCHDB_DEBUG=1 shows the traceback
        if os.environ.get("BENCHDB_DEBUG"):
            raise
        _fail(as_json, RuntimeError(f"internal error ({type(exc).__name__}: {exc}); the published warehouse is "
                                    f"unchanged. Please report it; BENCHDB_DEBUG=1 shows the traceback"), 1)
    report = summary.as_dict()
    publish_line, publish_code = None, 0
    if publish_to:
        publish_line, publish_code, report["postgres"] = _publish_after_refresh(db, publish_to, publish_schema,
                                                                                allow_shrink, max_shrink)
    if as_json:
        click.echo(json.dumps(report, default=str))
        if publish_code:
            click.echo(f"benchdb: {publish_line}", err=True)
            sys.exit(publish_code)
        return
    lines = [
        f"benchdb refresh: published {db} (run {summary.run_id}, {summary.seconds:.2f} s)",
        f"  documents: {summary.documents_seen} seen, {summary.documents_new} new, {summary.documents_changed} changed, "
        f"{summary.documents_unchanged} unchanged, {summary.documents_removed} removed, "
        f"{summary.documents_failed} failed, {summary.documents_empty} with no measurements",
        f"  measurements: {summary.measurements} in the warehouse ({summary.measurements_added} added, "
        f"{summary.measurements_removed} removed)",
    ]
    if summary.skip_reasons:
        reasons = ", ".join(f"{reason} {count}" for reason, count in summary.skip_reasons.most_common())
        lines.append(f"  skipped (this run): {reasons}  -- see the skipped_values view")
    for source_name, error in summary.failures[:10]:
        lines.append(f"  failed: {source_name}: {error}")
    if len(summary.failures) > 10:
        lines.append(f"  ... and {len(summary.failures) - 10} more failures (see source_documents)")
    if publish_line and not publish_code:
        lines.append(f"  {publish_line}")
    click.echo("\n".join(lines))
    if publish_code:
        click.echo(f"benchdb: {publish_line}", err=True)
        sys.exit(publish_code)


def _refresh_with_progress(refresh: Callable[..., Any], source: Path, db: Path, wait: float, allow_shrink: bool,
                           max_shrink: float, allow_empty: bool) -> Any:
    """`refresh` with a transient progress bar of the documents parsed, on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("parsing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("parse", total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return refresh(source, db, progress=tick, lock_timeout=wait, allow_shrink=allow_shrink,
                       max_shrink=max_shrink, allow_empty=allow_empty)


def _publish_after_refresh(db: Path, url: str, schema: str, allow_shrink: bool,
                           max_shrink: float) -> tuple[str, int, dict[str, object]]:
    """Publish the refreshed warehouse to PostgreSQL: (one-line report, exit code 0 or 5, JSON part)."""
    from benchdb.etl.load.postgres import PublishError, publish  # heavy: only here

    try:
        result = publish(db, url, schema, allow_shrink=allow_shrink, max_shrink=max_shrink)
    except PublishError as exc:
        return (f"refreshed, but the publish to PostgreSQL failed: {exc}", 5,
                {"published": False, "error": str(exc)})
    return _publish_headline(db, result), 0, result.as_dict()


def _publish_headline(db: Path, result: object) -> str:
    """The first line of a publish report (`result` is a PublishSummary)."""
    r = result  # typed loosely: etl.load.postgres is imported lazily
    if not r.published:  # type: ignore[attr-defined]
        return (f"postgres: nothing to publish, schema {r.schema} of {r.target} already holds "  # type: ignore[attr-defined]
                f"this warehouse (refresh run {r.refresh_run_id})")  # type: ignore[attr-defined]
    return (f"postgres: published {db} (refresh run {r.refresh_run_id}) to schema {r.schema} of "  # type: ignore[attr-defined]
            f"{r.target} in {r.seconds:.2f} s")  # type: ignore[attr-defined]


def _fail(as_json: bool, exc: Exception, code: int) -> NoReturn:
    """Report a refresh that published nothing in one line on stderr (and, with --json, as
    one JSON object on stdout: published, error, code, and exit_code as older versions
    named it), then exit with `code`."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    click.echo(f"benchdb: {message}", err=True)
    if as_json:
        click.echo(json.dumps({"published": False, "error": message, "code": code, "exit_code": code}))
    sys.exit(code)


@main.command("publish")
@click.option("--to", "url", envvar="BENCHDB_PUBLISH_URL", default=None, metavar="URL",
              help="postgresql://USER@HOST:PORT/DB (env BENCHDB_PUBLISH_URL). The password comes from the URL, "
                   "PGPASSWORD or ~/.pgpass; it is never printed.")
@click.option("--schema", default="benchdb", show_default=True, help="PostgreSQL schema to serve the warehouse in.")
@click.option("--db", type=click.Path(path_type=Path, dir_okay=False), envvar="BENCHDB_DB", default=DEFAULT_DB,
              show_default=True, help="The DuckDB warehouse to publish (env BENCHDB_DB); opened read-only.")
@click.option("--grant-read", "grant_read", multiple=True, metavar="ROLE",
              help="Give ROLE read-only access (USAGE on the schema, SELECT on every table and view); "
                   "created NOLOGIN when missing. Repeatable; kept by later publishes.")
@click.option("--allow-shrink", is_flag=True, help="Publish even if many served measurements would disappear.")
@click.option("--max-shrink", type=click.FloatRange(0.0, 1.0), default=DEFAULT_MAX_SHRINK, show_default=True,
              help="Largest share of the served measurements a publish may drop without --allow-shrink.")
@click.option("--force", is_flag=True, help="Publish even when the server already holds this warehouse.")
@click.option("--json", "as_json", is_flag=True, help="Print the publish's summary as one JSON object.")
def publish_command(url: str | None, schema: str, db: Path, grant_read: tuple[str, ...], allow_shrink: bool,
                    max_shrink: float, force: bool, as_json: bool) -> None:
    """Copy the warehouse DB (star tables, every view, comments) into a PostgreSQL schema,
    atomically for its readers. Exit 0 published or nothing to do, 1 failed, 2 usage,
    3 another publish is running, 4 validation refused (the served schema is unchanged)."""
    if not url:
        _user_error(click.UsageError("give --to postgresql://USER@HOST:PORT/DB or set BENCHDB_PUBLISH_URL"))
    from benchdb.etl.load.postgres import (  # heavy: only here
        PublishError,
        PublishLocked,
        PublishRefused,
        publish,
    )

    try:
        result = publish(db, url, schema, grant_read=grant_read, allow_shrink=allow_shrink, max_shrink=max_shrink,
                         force=force)
    except PublishLocked as exc:
        _fail(as_json, exc, 3)
    except PublishRefused as exc:
        _fail(as_json, exc, 4)
    except PublishError as exc:
        _fail(as_json, exc, 1)
    except KeyboardInterrupt:
        _fail(as_json, RuntimeError("interrupted; the served schema is unchanged"), 130)
    if as_json:
        click.echo(json.dumps(result.as_dict(), default=str))
        return
    lines = ["benchdb publish: " + _publish_headline(db, result).removeprefix("postgres: ")]
    if result.published:
        measurements = result.tables.get("fact_measurement", 0)
        lines.append(f"  tables: {len(result.tables)} ({measurements} measurements); views: {len(result.views)} "
                     f"({', '.join(result.materialized)} materialized)")
    if result.granted:
        lines.append(f"  read access: {', '.join(result.granted)}")
    if result.created_roles:
        lines.append(f"  created roles (NOLOGIN; grant them to BI logins): {', '.join(result.created_roles)}")
    if not result.old_schema_dropped:
        lines.append(f"  note: readers still held {schema}_old; the next publish drops it")
    click.echo("\n".join(lines))


@main.command("query")
@click.argument("sql")
@db_option("Warehouse to query (opened read-only).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="table (aligned), csv, json (one array), jsonl (one object per line) or markdown (pipe table).")
@click.option("-p", "--param", "params", type=(str, str), multiple=True,
              help="Named parameter: -p name value, written $name or :name in the SQL (bound, never interpolated).")
def query_command(sql: str, db: Path, fmt: str, params: tuple[tuple[str, str], ...]) -> None:
    """Run one read-only SQL statement (or '-' to read it from stdin) and print the result.

    The database is opened read-only and the statement cannot touch other files. -p values
    are bound as text literals: DuckDB casts them as the context needs (write $v::DOUBLE
    where the type is ambiguous, e.g. in arithmetic). When no row matches a filter on a
    benchmark or model name that is not canonical, a hint names the likely one on stderr."""
    if sql == "-":
        sql = sys.stdin.read()
    try:
        columns, rows = run_query(db, sql, dict(params))
    except QueryError as exc:
        _user_error(exc)
    click.echo(format_result(columns, rows, fmt), nl=False)
    if columns and not rows:
        try:
            hints = empty_result_hints(db, sql, dict(params))
        except QueryError:
            hints = []  # the file was replaced or removed meanwhile: the result stands
        for hint in hints:
            click.echo(f"benchdb: {hint}", err=True)


@main.command("views")
@click.argument("names", nargs=-1)
@db_option("Warehouse to describe (opened read-only).")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text",
              show_default=True)
def views_command(names: tuple[str, ...], db: Path, fmt: str) -> None:
    """List the public views (or just NAMES) with their descriptions and columns, from the
    comments stored in the database."""
    try:
        views = describe_views(db, list(names))
    except QueryError as exc:
        _user_error(exc)
    click.echo(format_views(views, fmt), nl=False)


@main.command("export")
@db_option("Warehouse to export (opened read-only).")
@click.option("--format", "fmt", type=click.Choice(["parquet", "csv"]), default="parquet", show_default=True)
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Folder to write <view>.<format> files and manifest.json into (created if needed).")
def export_command(db: Path, fmt: str, out: Path) -> None:
    """Write every public view to OUT as Parquet or CSV, plus manifest.json (view, file,
    rows, columns, refresh run id). Opens the database read-only."""
    from benchdb.etl.export import MANIFEST_NAME, ExportError, export_views

    try:
        manifest = export_views(db, out, fmt)
    except ExportError as exc:
        _user_error(exc)
    width = max([len(v.view) for v in manifest.views] + [4])
    lines = [f"benchdb export: {len(manifest.views)} views of {db} (refresh run {manifest.refresh_run_id}) "
             f"to {out}/ as {fmt}"]
    lines += [f"  {v.view.ljust(width)}  {v.rows:>6} rows  {len(v.columns):>2} columns  {v.file}"
              for v in manifest.views]
    lines.append(f"  manifest: {out / MANIFEST_NAME}")
    click.echo("\n".join(lines))


@main.group("plot")
def plot_group() -> None:
    """Draw the frontier views as charts (PNG, SVG or PDF, chosen by the --out suffix)."""


@plot_group.command("params")
@click.option("--benchmark", required=True, help="Canonical benchmark name, e.g. 'AIME 2025'.")
@click.option("--metric", default=None, help="Score metric, when the benchmark has several.")
@click.option("--param-kind", type=click.Choice(["total", "active", "non_embedding"]), default="total",
              show_default=True)
@click.option("--setting", default=None, help="Setting, when the benchmark's scores have several.")
@click.option("--unit", default=None, help="Unit of the scores, when there are several ('' for none).")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True)
@db_option("Warehouse to plot from (opened read-only).")
def plot_params_command(benchmark: str, metric: str | None, param_kind: str, setting: str | None,
                        unit: str | None, out: Path, db: Path) -> None:
    """Score against parameter count (log x) with the frontier line, from param_frontier."""
    from benchdb.etl.plot import PlotError, plot_params

    try:
        result = plot_params(db, benchmark, out, metric=metric, param_kind=param_kind, setting=setting, unit=unit)
    except (PlotError, QueryError) as exc:
        _user_error(exc)
    _report_plot(result)


@plot_group.command("throughput")
@click.option("--model", required=True, help="Canonical model name, e.g. R1-Qwen.")
@click.option("--benchmark", required=True, help="Canonical benchmark name.")
@click.option("--metric", default=None, help="Accuracy metric, when there are several.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), required=True)
@db_option("Warehouse to plot from (opened read-only).")
def plot_throughput_command(model: str, benchmark: str, metric: str | None, out: Path, db: Path) -> None:
    """Accuracy against throughput across settings with the frontier line, from throughput_frontier."""
    from benchdb.etl.plot import PlotError, plot_throughput

    try:
        result = plot_throughput(db, model, benchmark, out, metric=metric)
    except (PlotError, QueryError) as exc:
        _user_error(exc)
    _report_plot(result)


def _report_plot(result: PlotResult) -> None:
    group = ", ".join(f"{k}={'' if v is None else v}" for k, v in result.group.items())
    frontier = ", ".join(p.label for p in result.frontier)
    click.echo(f"benchdb plot: wrote {result.out} ({len(result.points)} points, {len(result.frontier)} on the "
               f"frontier: {frontier})\n  {group}")


def _user_error(exc: Exception) -> NoReturn:
    """Report a user error on stderr, without a traceback, and exit 2."""
    click.echo(f"benchdb: {exc}", err=True)
    sys.exit(2)


if __name__ == "__main__":
    main()
