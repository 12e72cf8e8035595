"""Charts of the frontier views, drawn with matplotlib (Agg backend, no display needed).

`plot_params`: score against parameter count (log x) for one benchmark, from
`param_frontier`. `plot_throughput`: accuracy against throughput across the settings of one
model and benchmark, from `throughput_frontier`. Both read only those views, with bound
parameters, on a read-only connection; both draw every point with its label and a line
through the points the view flags `on_frontier`, and return what they drew, so that
callers (and tests) can check the drawn frontier against the view.

A view's frontier is computed per group (param_frontier: benchmark, metric, setting, unit,
param_kind; throughput_frontier: model, benchmark, accuracy metric and units). A chart
shows one group: when the selection leaves several, PlotError lists them and the option
that picks one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from benchdb.etl.query import QueryError, read_only_connection

PLOT_SUFFIXES = (".png", ".svg", ".pdf")
PARAM_KINDS = ("total", "active", "non_embedding")


class PlotError(RuntimeError):
    """A chart that cannot be drawn: no rows, an ambiguous selection, a bad output path."""


@dataclass(frozen=True)
class PlotPoint:
    """One plotted point: its label (model or setting) and coordinates."""

    label: str
    x: float
    y: float


@dataclass
class PlotResult:
    """What a plot function drew: every point, the frontier line's points (sorted by x),
    the group shown (view columns and values), and the file written."""

    out: Path
    group: dict[str, object]
    points: list[PlotPoint] = field(default_factory=list)
    frontier: list[PlotPoint] = field(default_factory=list)


def _check_out(out: Path) -> Path:
    out = Path(out)
    if out.suffix.lower() not in PLOT_SUFFIXES:
        raise PlotError(f"--out must end in {', '.join(PLOT_SUFFIXES)}: {out}")
    if out.is_dir():
        raise PlotError(f"--out is a folder: {out}")
    if not out.parent.is_dir():
        raise PlotError(f"folder not found for --out: {out.parent}")
    return out


def _unit_text(unit: object) -> str:
    return "no unit" if unit is None else str(unit)


def _one_group(rows: list[tuple], keys: tuple[str, ...], options: dict[str, str], what: str) -> tuple:
    """The single group of `rows` (its leading len(keys) values); PlotError when there is
    none or several (naming them and the options that choose)."""
    groups = sorted({row[:len(keys)] for row in rows}, key=repr)
    if not groups:
        raise PlotError(f"no rows in {what}")
    if len(groups) > 1:
        listed = "; ".join(", ".join(f"{k}={'' if v is None else v!s}" for k, v in zip(keys, g)) for g in groups)
        choose = " / ".join(options[k] for k in keys if k in options)
        raise PlotError(f"{what} has {len(groups)} groups, choose one with {choose}: {listed}")
    return groups[0]


def _fetch(con: duckdb.DuckDBPyConnection, sql: str, params: dict[str, object]) -> list[tuple]:
    try:
        return con.execute(sql, params).fetchall()
    except duckdb.Error as exc:  # e.g. a file that is no benchdb warehouse
        raise PlotError(f"cannot read the view: {str(exc).strip()}") from exc


def _draw(points: list[PlotPoint], frontier: list[PlotPoint], *, title: str, xlabel: str, ylabel: str,
          out: Path, log_x: bool) -> None:
    from matplotlib.figure import Figure  # Agg canvas, no pyplot state, no display

    fig = Figure(figsize=(8, 5.5), dpi=120)
    ax = fig.subplots()
    on = {(p.label, p.x, p.y) for p in frontier}
    off = [p for p in points if (p.label, p.x, p.y) not in on]
    ax.scatter([p.x for p in off], [p.y for p in off], color="tab:gray", alpha=0.7, zorder=2,
               label="dominated")
    ax.scatter([p.x for p in frontier], [p.y for p in frontier], color="tab:red", zorder=3,
               label="on the frontier")
    ax.plot([p.x for p in frontier], [p.y for p in frontier], color="tab:red", linewidth=1.5, zorder=1,
            label="Pareto frontier")
    for p in points:
        ax.annotate(p.label, (p.x, p.y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    if log_x:
        ax.set_xscale("log")
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    try:
        fig.savefig(out)
    except OSError as exc:
        raise PlotError(f"cannot write {out}: {exc}") from exc


_PARAMS_SQL = """
SELECT metric, setting, unit, model, params_b, value, on_frontier
FROM param_frontier
WHERE benchmark = $benchmark
  AND param_kind = $param_kind
  AND ($metric IS NULL OR metric = $metric)
  AND ($setting IS NULL OR setting = $setting)
  AND ($unit IS NULL OR coalesce(unit, '') = $unit)
ORDER BY params_b, value DESC, model
"""


def plot_params(db: Path, benchmark: str, out: Path, *, metric: str | None = None, param_kind: str = "total",
                setting: str | None = None, unit: str | None = None) -> PlotResult:
    """Draw score against `param_kind` parameter count (log x) for `benchmark` into `out`
    (.png, .svg or .pdf), from `param_frontier`, with every model labelled and the frontier
    line. `metric`, `setting` and `unit` ('' for no unit) narrow the rows to one frontier
    group. Returns the points and the frontier drawn (the view's on_frontier rows, by
    params_b). Raises PlotError (or QueryError for the database) on bad input."""
    out = _check_out(out)
    if param_kind not in PARAM_KINDS:
        raise PlotError(f"unknown parameter kind {param_kind!r} (one of {', '.join(PARAM_KINDS)})")
    params = {"benchmark": benchmark, "param_kind": param_kind, "metric": metric, "setting": setting, "unit": unit}
    with read_only_connection(db) as con:
        rows = _fetch(con, _PARAMS_SQL, params)
        if not rows:
            known = [r[0] for r in con.execute(
                "SELECT DISTINCT benchmark FROM param_frontier WHERE param_kind = $param_kind ORDER BY 1",
                {"param_kind": param_kind}).fetchall()]
            raise PlotError(f"no {param_kind}-parameter scores for benchmark {benchmark!r} in param_frontier"
                            + (" with that selection" if metric or setting or unit is not None else "")
                            + f"; benchmarks with {param_kind} parameters: {', '.join(known) or 'none'}")
    chosen_metric, chosen_setting, chosen_unit = _one_group(
        rows, ("metric", "setting", "unit"), {"metric": "--metric", "setting": "--setting", "unit": "--unit"},
        f"param_frontier for {benchmark!r} ({param_kind} parameters)")
    points = [PlotPoint(r[3], float(r[4]), float(r[5])) for r in rows]
    frontier = sorted((PlotPoint(r[3], float(r[4]), float(r[5])) for r in rows if r[6]),
                      key=lambda p: (p.x, -p.y, p.label))
    group = {"benchmark": benchmark, "metric": chosen_metric, "setting": chosen_setting, "unit": chosen_unit,
             "param_kind": param_kind}
    setting_text = f", {chosen_setting}" if chosen_setting else ""
    _draw(points, frontier, out=out, log_x=True,
          title=f"{benchmark}: {chosen_metric}{setting_text} against {param_kind} parameters",
          xlabel=f"{param_kind.replace('_', '-')} parameters (billions, log scale)",
          ylabel=f"{chosen_metric} ({_unit_text(chosen_unit)})")
    return PlotResult(out=out, group=group, points=points, frontier=frontier)


_THROUGHPUT_SQL = """
SELECT accuracy_metric, accuracy_unit, throughput_metric, throughput_unit, setting, throughput, accuracy, on_frontier
FROM throughput_frontier
WHERE model = $model
  AND benchmark = $benchmark
  AND ($metric IS NULL OR accuracy_metric = $metric)
ORDER BY throughput, accuracy DESC, setting
"""


def plot_throughput(db: Path, model: str, benchmark: str, out: Path, *, metric: str | None = None) -> PlotResult:
    """Draw accuracy against throughput across the settings of `model` on `benchmark` into
    `out`, from `throughput_frontier`, with every setting labelled and the frontier line.
    `metric` picks the accuracy metric when there are several. Returns the points and the
    frontier drawn (the view's on_frontier rows, by throughput)."""
    out = _check_out(out)
    params = {"model": model, "benchmark": benchmark, "metric": metric}
    with read_only_connection(db) as con:
        rows = _fetch(con, _THROUGHPUT_SQL, params)
        if not rows:
            known = [f"{m} on {b}" for m, b in con.execute(
                "SELECT DISTINCT model, benchmark FROM throughput_frontier ORDER BY 1, 2").fetchall()]
            raise PlotError(f"no accuracy/throughput pairs for model {model!r} on {benchmark!r}"
                            + (f" with metric {metric!r}" if metric else "")
                            + f" in throughput_frontier; available: {', '.join(known) or 'none'}")
    acc_metric, acc_unit, tp_metric, tp_unit = _one_group(
        rows, ("accuracy_metric", "accuracy_unit", "throughput_metric", "throughput_unit"),
        {"accuracy_metric": "--metric"}, f"throughput_frontier for {model!r} on {benchmark!r}")
    points = [PlotPoint(r[4] or "(no setting)", float(r[5]), float(r[6])) for r in rows]
    frontier = sorted((PlotPoint(r[4] or "(no setting)", float(r[5]), float(r[6])) for r in rows if r[7]),
                      key=lambda p: (p.x, -p.y, p.label))
    group = {"model": model, "benchmark": benchmark, "accuracy_metric": acc_metric, "accuracy_unit": acc_unit,
             "throughput_metric": tp_metric, "throughput_unit": tp_unit}
    _draw(points, frontier, out=out, log_x=False,
          title=f"{model} on {benchmark}: {acc_metric} against {tp_metric} across settings",
          xlabel=f"{tp_metric} ({_unit_text(tp_unit)})", ylabel=f"{acc_metric} ({_unit_text(acc_unit)})")
    return PlotResult(out=out, group=group, points=points, frontier=frontier)


__all__ = ["PlotError", "PlotPoint", "PlotResult", "QueryError", "plot_params", "plot_throughput"]
