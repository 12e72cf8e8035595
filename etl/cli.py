"""The `benchdb` command line: a thin layer over `etl.pipeline` and `etl.query`.

Exit codes: 0 published (also when some documents failed; they are reported and
recorded), 1 nothing could be published, 2 bad usage or SQL error, 3 another refresh holds
the lock, 4 validation refused to publish (the published warehouse is unchanged).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from etl.paths import seeds_dir
from etl.pipeline import DEFAULT_MAX_SHRINK, RefreshError, RefreshLocked, RefreshRefused, refresh
from etl.query import QueryError, format_result, run_query

DEFAULT_DB = "bench.duckdb"


def default_source() -> Path:
    """`seeds/` in the working directory when it exists (a checkout), else the installed seeds."""
    local = Path.cwd() / "seeds"
    return local if local.is_dir() else seeds_dir()


@click.group()
@click.version_option(package_name="benchdb")
def main() -> None:
    """benchdb: a benchmark warehouse built from chart descriptions."""


@main.command("refresh")
@click.option("--source", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder of descriptions (*.txt, *.md, recursive). Default: ./seeds or the bundled seeds.")
@click.option("--db", type=click.Path(path_type=Path, dir_okay=False), default=DEFAULT_DB, show_default=True,
              help="DuckDB file to create or update.")
@click.option("--json", "as_json", is_flag=True, help="Print the run's summary as one JSON object.")
@click.option("--wait", type=float, default=0.0, show_default=True,
              help="Seconds to wait for another refresh to finish before giving up.")
@click.option("--allow-shrink", is_flag=True, help="Publish even if many measurements would disappear.")
@click.option("--max-shrink", type=click.FloatRange(0.0, 1.0), default=DEFAULT_MAX_SHRINK, show_default=True,
              help="Largest share of the published measurements a refresh may drop without --allow-shrink.")
def refresh_command(source: Path | None, db: Path, as_json: bool, wait: float, allow_shrink: bool,
                    max_shrink: float) -> None:
    """Parse every description under SOURCE into the warehouse DB and publish it."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    source = source or default_source()
    console = Console(stderr=True)
    show = not as_json and console.is_terminal
    try:
        with Progress(TextColumn("parsing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console, disable=not show, transient=True) as bar:
            task = bar.add_task("parse", total=None)

            def tick(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            summary = refresh(source, db, progress=tick, lock_timeout=wait, allow_shrink=allow_shrink,
                              max_shrink=max_shrink)
    except RefreshLocked as exc:
        _fail(as_json, exc, 3)
    except RefreshRefused as exc:
        _fail(as_json, exc, 4)
    except RefreshError as exc:
        _fail(as_json, exc, 1)
    if as_json:
        click.echo(json.dumps(summary.as_dict(), default=str))
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
    click.echo("\n".join(lines))


def _fail(as_json: bool, exc: Exception, code: int) -> None:
    """Report a refresh that published nothing, on stderr (and stdout as JSON with --json)."""
    click.echo(f"benchdb: {exc}", err=True)
    if as_json:
        click.echo(json.dumps({"published": False, "error": str(exc), "exit_code": code}))
    sys.exit(code)


@main.command("query")
@click.argument("sql")
@click.option("--db", type=click.Path(path_type=Path, dir_okay=False), default=DEFAULT_DB, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json", "jsonl", "markdown"]), default="table",
              show_default=True)
@click.option("-p", "--param", "params", type=(str, str), multiple=True,
              help="Named parameter: -p name value, used as $name in the SQL (bound, never interpolated).")
def query_command(sql: str, db: Path, fmt: str, params: tuple[tuple[str, str], ...]) -> None:
    """Run one read-only SQL statement (or '-' to read it from stdin) and print the result."""
    if sql == "-":
        sql = sys.stdin.read()
    try:
        columns, rows = run_query(db, sql, dict(params))
    except QueryError as exc:
        click.echo(f"benchdb: {exc}", err=True)
        sys.exit(2)
    click.echo(format_result(columns, rows, fmt), nl=False)


if __name__ == "__main__":
    main()
