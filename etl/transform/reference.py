"""Reference data shipped in ``seeds/reference``: benchmarks, metrics, settings, models.

Loaded once into frozen lookup structures; the transforms are pure functions of a chart
and this object.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from benchdb.etl.paths import reference_dir
from benchdb.etl.transform.names import name_key, skeleton


@dataclass(frozen=True)
class MetricRule:
    """A metric name and the pattern that recognises it in a quantity label."""

    metric: str
    pattern: re.Pattern[str]
    kind: str
    is_higher_better: bool
    default_unit: str | None


@dataclass(frozen=True)
class SettingRule:
    """A setting key and the pattern that recognises it in an axis or column label."""

    key: str
    pattern: re.Pattern[str]
    is_numeric: bool
    is_count: bool = False  # whole numbers only (a budget, a batch size): 80.6 is never one
    values: re.Pattern[str] | None = None  # the setting's own values, when their form names it ('FP8', 'W4A16')


@dataclass(frozen=True)
class KnownModel:
    model: str
    family: str
    total_params_b: float | None
    active_params_b: float | None


@dataclass(frozen=True, eq=False)  # hashed by identity, so lookups can be memoised per reference
class Reference:
    """All reference data, indexed for lookups by normalised key and confusable skeleton."""

    benchmarks: dict[str, str]            # name_key(alias) -> canonical
    benchmark_skeletons: dict[str, str]   # skeleton(alias) -> canonical
    benchmark_upper: frozenset[str]       # keys of all-caps aliases (MATH, DROP): must be written in caps
    metrics: tuple[MetricRule, ...]
    settings: tuple[SettingRule, ...]
    models: dict[str, KnownModel]          # name_key -> model
    model_skeletons: dict[str, str]        # skeleton -> canonical model
    families: dict[str, str]               # lower-case family -> spelling
    family_skeletons: dict[str, str] = field(default_factory=dict)
    metric_ranges: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)  # metric -> (min, max)
    model_aliases: dict[str, str] = field(default_factory=dict)  # name_key(alias without a vendor word) -> model

    def metric_rule(self, metric: str) -> MetricRule | None:
        """The rule of a canonical metric name (``pass@4`` -> the pass@k rule), or None."""
        return _metric_rule(self, metric)

    def metric_range(self, metric: str) -> tuple[float | None, float | None]:
        """The values a canonical metric can take on any scale its figures use, as (min, max)
        with None for no bound (``pass@4`` -> pass@k's (0, 100): a share, in percent or as a fraction)."""
        rule = _metric_rule(self, metric)
        return self.metric_ranges.get(rule.metric if rule else metric, (None, None))


@lru_cache(maxsize=1024)
def _metric_rule(ref: Reference, metric: str) -> MetricRule | None:
    base = re.sub(r"([@^])\d+$", r"\1k", "pass@k" if metric.startswith("pass@") else metric)
    return next((rule for rule in ref.metrics if rule.metric == base), None)


class ReferenceDataError(ValueError):
    """A reference CSV that cannot be read; the message names the file, the line and the fault."""


_REQUIRED = {
    "benchmarks.csv": ("benchmark",),
    "metrics.csv": ("metric", "pattern", "kind", "is_higher_better"),
    "settings.csv": ("key", "pattern", "kind"),
    "models.csv": ("model",),
    "metric_ranges.csv": ("metric",),
}


def _read(path: Path) -> list[dict[str, str]]:
    """The rows of one reference CSV, each with its line number under ``"#line"``; [] when the
    file is absent. Raises ReferenceDataError on a missing column or a row longer than the header."""
    if not path.exists():
        return []
    rows: list[dict[str, str]] = []
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in _REQUIRED.get(path.name, ()) if c not in (reader.fieldnames or ())]
        if missing:
            raise ReferenceDataError(f"{path}: missing column(s) {', '.join(missing)}")
        for row in reader:
            if None in row:  # DictReader files surplus fields under the key None
                raise ReferenceDataError(f"{path}:{reader.line_num}: more fields than the header has "
                                         f"({len(reader.fieldnames or ())}); quote a value that holds a comma")
            clean = {k: (v or "").strip() for k, v in row.items()}
            for column in _REQUIRED.get(path.name, ())[:1]:
                if not clean[column]:
                    raise ReferenceDataError(f"{path}:{reader.line_num}: empty {column!r}")
            clean["#line"] = str(reader.line_num)
            rows.append(clean)
    return rows


def _pattern(path: Path, row: dict[str, str], column: str) -> re.Pattern[str]:
    """Compile a row's regular expression, or raise ReferenceDataError naming where it is."""
    try:
        return re.compile(row[column], re.IGNORECASE)
    except re.error as exc:
        raise ReferenceDataError(f"{path}:{row['#line']}: {column} {row[column]!r} is not a regular "
                                 f"expression ({exc})") from exc


def _float(text: str) -> float | None:
    try:
        return float(text) if text else None
    except ValueError:
        return None


@lru_cache(maxsize=4)
def load_reference(directory: Path | None = None) -> Reference:
    """Read the reference CSVs from `directory` (default: the installed seeds/reference).
    Raises ReferenceDataError, naming file and line, on a CSV that cannot be read."""
    root = directory or reference_dir()
    benchmarks: dict[str, str] = {}
    skeletons: dict[str, str] = {}
    upper: set[str] = set()
    for row in _read(root / "benchmarks.csv"):
        canonical = row["benchmark"]
        for alias in [canonical, *[a for a in row.get("aliases", "").split("|") if a.strip()]]:
            alias = alias.strip()
            benchmarks.setdefault(name_key(alias), canonical)
            skeletons.setdefault(skeleton(alias), canonical)
            if re.fullmatch(r"[A-Z]{2,6}", alias):
                upper.add(name_key(alias))
    metrics = tuple(
        MetricRule(row["metric"], _pattern(root / "metrics.csv", row, "pattern"), row["kind"],
                   row["is_higher_better"].lower() == "true", row.get("default_unit") or None)
        for row in _read(root / "metrics.csv"))
    settings = tuple(
        SettingRule(row["key"], _pattern(root / "settings.csv", row, "pattern"), row["kind"] in ("number", "count"),
                    row["kind"] == "count", _pattern(root / "settings.csv", row, "values") if row.get("values") else None)
        for row in _read(root / "settings.csv"))
    families: dict[str, str] = {}
    for row in _read(root / "families.csv"):
        if row.get("family"):
            families[row["family"].lower()] = row["family"]
    models: dict[str, KnownModel] = {}
    model_aliases: dict[str, str] = {}
    model_skeletons: dict[str, str] = {}
    for row in _read(root / "models.csv"):
        known = KnownModel(row["model"], row.get("family", ""), _float(row.get("total_params_b", "")),
                           _float(row.get("active_params_b", "")))
        if known.family:
            families.setdefault(known.family.lower(), known.family)
        # A paper's own spelling is kept as the model's name; an alias joins its reference
        # entry only where another description writes that entry (see resolve.canonical_models).
        models.setdefault(name_key(row["model"]), known)
        for alias in (a.strip() for a in row.get("aliases", "").split("|")):
            # only an alias that drops a leading vendor word ('R1-Distill-Qwen-7B'): a dropped
            # 'Instruct' or version is another model by the contract
            if alias and name_key(alias) != name_key(row["model"]) and name_key(row["model"]).endswith(name_key(alias)):
                model_aliases.setdefault(name_key(alias), known.model)
        model_skeletons.setdefault(skeleton(row["model"]), known.model)
    family_skeletons = {skeleton(f): f for f in families.values()}
    metric_ranges = {row["metric"]: (_float(row.get("min_value", "")), _float(row.get("max_value", "")))
                     for row in _read(root / "metric_ranges.csv")}
    return Reference(benchmarks, skeletons, frozenset(upper), metrics, settings, models, model_skeletons,
                     families, family_skeletons, metric_ranges, model_aliases)
