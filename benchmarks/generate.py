"""Deterministic synthetic chart descriptions, for benchmarking refreshes at scale.

    python -m benchmarks.generate --out DIR --count N [--seed S]

writes ``DIR/00000/doc-0000000.txt`` ... (1000 documents per sub-folder). Document ``i``
depends only on ``(seed, i)``: a corpus of 50,000 documents starts with the corpus of
10,000, and :func:`render` rebuilds any single document.

The documents imitate what vision-language models write about benchmark figures, in the
styles of ``seeds/docs``, the shared dev corpus and the held-out cases: scatter plots of a
score against total / activated / non-embedding parameters (points grouped by x tick,
listed, numbered, ``~3B activated, Score: ~62.6``), dual-axis KV-budget panels
(``#### Model | AIME24`` with ``Pass@1: 42.7 (2500), ...`` and a throughput line, or
``KV Budget 1024: Pass@1 ≈ 81.4``), grouped bars by model or by benchmark, markdown tables
(model rows, or x-value rows with one column per method), prose paragraphs, the
"Technical Document Extraction" template, bare value lists aligned to the x categories,
reference lines, Key Observations / Interpretation sections that repeat values,
truncated endings (about 5%) and charts without any benchmark (about 3%). Names come from
``seeds/reference/models.csv`` and ``benchmarks.csv`` (canonical names and aliases) plus
synthetic families (``Zeta-7B-Instruct``, ``Orca3-14B``, ``Nimbus2-30B-A3B``), with the
occasional describer misreading (``Owen`` for ``Qwen``). Each document is 2-6 KB.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GENERATOR_VERSION", "SHARD_SIZE", "doc_path", "generate", "render"]

#: Bump when the output of :func:`render` changes, so cached corpora are rebuilt.
GENERATOR_VERSION = 2
SHARD_SIZE = 1000
MIN_BYTES = 2048
MAX_BYTES = 6144

_REFERENCE = Path(__file__).resolve().parents[1] / "seeds" / "reference"


# --------------------------------------------------------------------------- reference data

@dataclass(frozen=True)
class Model:
    name: str
    total: float | None  # billions
    active: float | None


@dataclass(frozen=True)
class Bench:
    name: str
    aliases: tuple[str, ...]
    base: float  # typical score of a mid-sized model, percent
    metric: str


def _crc(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))


def _reference_dir() -> Path:
    if (_REFERENCE / "models.csv").is_file():
        return _REFERENCE
    import benchdb.seeds as seeds  # the installed package, when run outside a checkout
    return Path(seeds.__file__).resolve().parent / "reference"


def _metric_for(name: str) -> str:
    low = name.lower()
    if any(k in low for k in ("aime", "amc", "hmmt", "humaneval", "mbpp", "livecode", "codeforces", "math-500",
                              "aider")):
        return "Pass@1"
    if "swe" in low:
        return "Resolved"
    if "alpaca" in low or "arena" in low:
        return "Win Rate"
    if "bfcl" in low or "tau" in low:
        return "Success Rate"
    if low in ("drop", "naturalquestions", "triviaqa", "simpleqa"):
        return "Exact Match"
    return "Accuracy"


_SKIP_BENCHMARKS = {"MT-Bench", "Codeforces", "FLORES"}  # not percent-valued


def _load_reference() -> tuple[list[Model], list[Model], list[Bench]]:
    ref = _reference_dir()
    sized: list[Model] = []
    unsized: list[Model] = []
    with open(ref / "models.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            total = float(row["total_params_b"]) if row["total_params_b"] else None
            active = float(row["active_params_b"]) if row["active_params_b"] else None
            (sized if total else unsized).append(Model(row["model"], total, active))
    benches: list[Bench] = []
    with open(ref / "benchmarks.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            name = row["benchmark"]
            if name in _SKIP_BENCHMARKS:
                continue
            aliases = tuple(a for a in (row["aliases"] or "").split("|") if a and a != name)
            base = 25.0 + (_crc(name) % 600) / 10.0  # 25 .. 85
            benches.append(Bench(name, aliases, base, _metric_for(name)))
    return sized, unsized, benches


_FAMILIES = ("Zeta", "Orca", "Nimbus", "Aurora", "Corvid", "Helix", "Lumen", "Quill", "Sable", "Tern", "Vesper",
             "Kestrel", "Marlin", "Onyx", "Pico", "Rhea", "Solace", "Tidal", "Umbra", "Wren", "Yarrow", "Basalt",
             "Cobalt", "Dune", "Ember", "Fjord", "Garnet", "Harbor", "Iris", "Juniper", "Lark", "Mosaic", "Nova",
             "Opal", "Pulsar", "Quasar", "Ranger", "Sprite", "Talon", "Vireo")
_VERSIONS = ("", "", "2", "3", "3.5", "4", "-2", "-3.1", "1.5", "-v2")
_SIZES = (0.36, 0.5, 1, 1.5, 1.8, 2, 3, 4, 7, 8, 9, 12, 13, 14, 22, 24, 27, 32, 34, 70, 72, 110)
_SUFFIXES = ("", "", "-Instruct", "-Instruct", "-Chat", "-it", "-Thinking", "-Base", "-Reasoning", "-Coder",
             "-Math", "-Preview", "-SFT", "-Edge")
_MOE = ((16, 2.4), (30, 3), (47, 13), (57, 14), (80, 3), (106, 12), (235, 22), (480, 35), (671, 37), (21, 3.6))


def size_label(size: float) -> str:
    """7 -> '7B', 1.5 -> '1.5B', 0.36 -> '360M'."""
    if size < 1:
        return f"{round(size * 1000)}M"
    return f"{size:g}B"


def _synthetic_pool(count: int = 2400) -> list[Model]:
    rng = random.Random(20250101)
    pool: dict[str, Model] = {}
    while len(pool) < count:
        family = rng.choice(_FAMILIES) + rng.choice(_VERSIONS)
        suffix = rng.choice(_SUFFIXES)
        if rng.random() < 0.14:
            total, active = rng.choice(_MOE)
            name = f"{family}-{total}B-A{active:g}B{suffix}"
            model = Model(name, float(total), float(active))
        else:
            size = rng.choice(_SIZES)
            model = Model(f"{family}-{size_label(size)}{suffix}", float(size), None)
        pool.setdefault(model.name, model)
    return list(pool.values())


_SIZED, _UNSIZED, _BENCHES = _load_reference()
_SYNTHETIC = _synthetic_pool()
_MOE_MODELS = [m for m in _SIZED + _SYNTHETIC if m.active]
_BENCH_BY_NAME = {b.name: b for b in _BENCHES}
_REASONING_BENCHES = [_BENCH_BY_NAME[n] for n in ("AIME 2024", "AIME 2025", "AMC 2023", "GPQA Diamond", "MATH-500",
                                                   "LiveCodeBench", "HMMT 2025", "OlympiadBench", "Minerva Math")
                      if n in _BENCH_BY_NAME]
_LONG_BENCHES = [_BENCH_BY_NAME[n] for n in ("LongBench", "RULER", "LongBench v2", "Needle in a Haystack",
                                              "InfiniteBench") if n in _BENCH_BY_NAME]

_COLORS = ("Blue", "Red", "Green", "Orange", "Purple", "Gray", "Teal", "Yellow", "Pink", "Brown", "Navy", "Cyan",
           "Dark Blue", "Light Blue", "Olive", "Magenta")
_MARKERS = ("circle", "square", "triangle", "diamond", "cross", "pentagon", "dot")
_METHODS = ("SnapKV", "H2O", "StreamingLLM", "PyramidKV", "R-KV", "FullKV", "Quest", "TOVA", "Ada-KV", "KIVI",
            "SFT", "DPO", "PPO", "GRPO", "Greedy", "Best-of-8", "Self-Consistency@8", "Short@8", "Think@8",
            "Baseline", "Curriculum", "Ours")
_MISREADS = (("Qwen", "Owen"), ("Llama", "LIama"), ("Gemma", "Gernma"), ("GPQA", "GPOA"), ("Z1", "ZI"),
             ("Mistral", "Mistrai"), ("Phi", "Phl"), ("DeepSeek", "DeepSeck"))


# --------------------------------------------------------------------------- numbers

def _clamp(value: float, low: float, high: float) -> float:
    return low if value < low else high if value > high else value


def _skill(name: str) -> float:
    return (_crc(name) % 1000) / 1000.0 - 0.5


def _score(rng: random.Random, model: Model, bench: Bench, jitter: float = 3.0) -> float:
    size = model.active or model.total or 20.0
    value = bench.base + 22 * _skill(model.name) + 5.0 * math.log2(max(size, 0.1) / 8.0) + rng.gauss(0, jitter)
    return round(_clamp(value, 3.0, 98.6), 1)


def _num(value: float, decimals: int = 1) -> str:
    return f"{value:.{decimals}f}"


def _thousands(value: float) -> str:
    return f"{value:,.0f}"


# --------------------------------------------------------------------------- document builder

class _Doc:
    """One document in the making: the per-document random state, bullet style, lines."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.lines: list[str] = []
        self.bullet = rng.choice(("*", "*", "-"))
        self.tde = False
        self.misread = rng.choice(_MISREADS) if rng.random() < 0.06 else None
        self.facts: list[tuple[str, float, str]] = []  # (label, value, formatted) for observations
        self.unit = "%"
        self.spellings: dict[str, str] = {}

    def name(self, name: str) -> str:
        if self.misread and self.misread[0] in name:
            return name.replace(self.misread[0], self.misread[1])
        return name

    def bench_label(self, bench: Bench) -> str:
        """The spelling this describer uses for `bench` (an alias about a third of the time), kept per document."""
        label = self.spellings.get(bench.name)
        if label is None:
            label = self.rng.choice(bench.aliases) if bench.aliases and self.rng.random() < 0.35 else bench.name
            self.spellings[bench.name] = label
        return label

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def heading(self, title: str, number: int | None = None) -> None:
        if self.tde:
            self.lines.append(f"## {number}. {title}" if number else f"## {title}")
        else:
            self.lines.append(f"### {title}")

    def fact(self, label: str, value: float, text: str) -> None:
        self.facts.append((label, value, text))


def _pick_models(doc: _Doc, count: int, sized: bool = True, moe: bool = False) -> list[Model]:
    rng = doc.rng
    chosen: dict[str, Model] = {}
    tries = 0
    while len(chosen) < count and tries < count * 20:
        tries += 1
        if moe:
            model = rng.choice(_MOE_MODELS)
        elif not sized and rng.random() < 0.15:
            model = rng.choice(_UNSIZED)
        elif rng.random() < 0.55:
            model = rng.choice(_SIZED)
        else:
            model = _SYNTHETIC[int(len(_SYNTHETIC) * rng.random() ** 2)]
        chosen.setdefault(model.name, model)
    return list(chosen.values())


def _pick_benches(doc: _Doc, count: int, pool: list[Bench] | None = None) -> list[Bench]:
    pool = pool or _BENCHES
    return doc.rng.sample(pool, min(count, len(pool)))


def _fmt_score(doc: _Doc, value: float, style: str) -> str:
    if doc.unit == "fraction":
        return f"{value / 100:.2f}"
    text = _num(value)
    if style == "pct":
        return text + "%"
    if style == "tilde":
        return "~" + text
    if style == "approx":
        return "≈ " + text
    if style == "bold":
        return f"**{text}%**"
    return text


def _overview(doc: _Doc, what: str, extra: str = "") -> None:
    rng = doc.rng
    openers = (f"The image is {what}.", f"This image is {what}.", f"The figure shows {what}.",
               f"The chart presents {what}.", f"This is {what}.")
    doc.heading("Overview") if not doc.tde else doc.heading("Chart Type and Structure", 1)
    if doc.tde:
        doc.add(f"- **Chart Type**: {what[0].upper() + what[1:]}.")
        if extra:
            doc.add(f"- **Content**: {extra}")
    else:
        doc.add(rng.choice(openers) + (" " + extra if extra else ""))
    if not doc.tde and rng.random() < 0.3:
        doc.add("---")


def _axes(doc: _Doc, entries: list[tuple[str, str]], legend: list[str] | None = None) -> None:
    b = doc.bullet
    doc.heading("Components/Axes" if not doc.tde else "Axes", 2)
    for key, text in entries:
        doc.add(f"{b} **{key}:** {text}" if b == "*" else f"{b} **{key}**: {text}")
    if legend:
        doc.add(f"{b} **Legend:**" if b == "*" else f"{b} **Legend**:")
        indent = "    " if doc.rng.random() < 0.5 else ""
        doc.add(*(f"{indent}{b} {entry}" for entry in legend))
    if not doc.tde and doc.rng.random() < 0.2:
        doc.add("---")


def _data_heading(doc: _Doc) -> None:
    if doc.tde:
        doc.heading(doc.rng.choice(("Data Points", "Extracted Values", "Data Series", "Data Table")), 3)
    else:
        doc.heading(doc.rng.choice(("Detailed Analysis", "Detailed Analysis", "Detailed Analysis or Content Details",
                                    "Data Points")))


# --------------------------------------------------------------------------- styles

def _param_axis(doc: _Doc) -> tuple[str, str]:
    return doc.rng.choice((("total", "Total Parameters"), ("total", "Total Parameters (B)"),
                           ("total", "Model Size (B)"), ("total", "#Params (B)"), ("total", "Parameters (B)"),
                           ("active", "Activated Parameters (B)"), ("active", "Active Parameters per Token (B)"),
                           ("non_embedding", "Non-embedding parameter size (billion)")))


def _style_scatter(doc: _Doc) -> None:
    """Score against parameter count: grouped by tick, listed, numbered, table or prose."""
    rng = doc.rng
    kind, xlabel = _param_axis(doc)
    bench = rng.choice(_BENCHES)
    metric = bench.metric
    blabel = doc.bench_label(bench)
    models = _pick_models(doc, rng.randint(6, 15), moe=kind == "active" and rng.random() < 0.7)
    models = [m for m in models if m.total]
    sizes = {m.name: (m.active or m.total) if kind == "active" else
             (round((m.total or 1) * rng.uniform(0.82, 0.97), 2) if kind == "non_embedding" else m.total)
             for m in models}
    models.sort(key=lambda m: sizes[m.name])
    ours = rng.choice(models).name if rng.random() < 0.4 else None
    ylabel = f"{blabel} {metric} (%)" if rng.random() < 0.7 else f"{blabel} {metric}"
    title = rng.choice((f"{blabel} {metric} vs. {xlabel.split(' (')[0]}", f"{blabel} Performance vs. Model Size",
                        f"Parameter Efficiency on {blabel}", f"{metric} on {blabel} Against Parameter Count"))
    doc.add(f"## Scatter Plot: {title}")
    _overview(doc, f"a scatter plot of {blabel} {metric} against {xlabel[0].lower() + xlabel[1:]} for {len(models)} models",
              (f"The proposed model \"{doc.name(ours)} (Ours)\" is drawn as a red star; all other models are "
               f"{rng.choice(_COLORS).lower()} circles.") if ours else "Each point is labeled with a model name.")
    ticks = sorted({_tick(sizes[m.name]) for m in models})
    reference = None
    if rng.random() < 0.3:
        ref_model = rng.choice(_UNSIZED or _SIZED)
        reference = (doc.name(ref_model.name), round(bench.base + rng.uniform(5, 15), 1))
    axes = [("Title", title), ("X-axis", f"\"{xlabel}\", logarithmic, with tick labels at "
                                         + ", ".join(size_label(t) for t in ticks)),
            ("Y-axis", f"\"{ylabel}\", linear, from {int(bench.base // 10 * 10 - 20)} to "
                       f"{min(100, int(bench.base // 10 * 10 + 30))}")]
    if reference:
        axes.append(("Reference line", f"Dashed gray horizontal line at y ≈ {reference[1]}, labeled "
                                       f"\"{reference[0]}\"."))
    legend = ["Red star: Ours", f"{rng.choice(_COLORS)} circle: Open models"] if ours else None
    _axes(doc, axes, legend)
    _data_heading(doc)
    variant = rng.choice(("grouped", "grouped", "located", "approx", "numbered", "named", "activated",
                          "labelled", "table", "prose", "family"))
    b = doc.bullet
    if variant == "grouped":
        doc.add("Points are grouped by the nearest x-axis tick:" if rng.random() < 0.5 else
                "Here's a breakdown of the data points, reading from left to right (increasing parameter count):")
    elif variant != "prose":
        doc.add(rng.choice(("Points are listed from left to right.", f"The plot contains {len(models)} data points.",
                            "Reading the markers from left to right:", "")))
    current_tick = None
    prose: list[str] = []
    if variant == "table":
        doc.add("", f"| Model | {xlabel} | {blabel} {metric} |", "| :--- | :--- | :--- |")
    for index, model in enumerate(models, start=1):
        size = sizes[model.name]
        name = doc.name(model.name) + (" (Ours)" if model.name == ours else "")
        score = _score(rng, model, bench) + (12 if model.name == ours else 0)
        score = round(min(score, 98.6), 1)
        value = _fmt_score(doc, score, "")
        doc.fact(name, score, value)
        marker = "Red star" if model.name == ours else f"{rng.choice(_COLORS)} {rng.choice(_MARKERS)}"
        xs = size_label(size)
        if variant == "grouped":
            tick = _tick(size)
            if tick != current_tick:
                doc.add(f"{b} **{size_label(tick)}:**")
                current_tick = tick
            doc.add(f"    {b} {name}: Approximately ({xs}, {value}). {marker}.")
        elif variant == "located":
            doc.add(f"{b} **{name}:** {marker}, located at approximately ({xs}, {value}).")
        elif variant == "approx":
            doc.add(f"{b} **{name}:** Approximately ({xs}, {value}).")
        elif variant == "numbered":
            doc.add(f"{index}. **{name}:** (~{xs}, ~{value})")
        elif variant == "named":
            doc.add(f"{b} {name} ({size:g}B parameters, ~{value} score), {marker.lower()}.")
        elif variant == "activated":
            word = "activated" if kind == "active" else "parameters"
            doc.add(f"{index}. **{name}:** ~{size:g}B {word}, Score: ~{value}. ({marker}).")
        elif variant == "labelled":
            doc.add(f"{index}. **{name} ({value}{'%' if doc.unit == '%' else ''})**: {marker}. "
                    f"Positioned at approximately {xs} on the x-axis and {value} on the y-axis.")
        elif variant == "table":
            doc.add(f"| {name} | {size:g} | ~{value} |")
        elif variant == "family":
            doc.add(f"{index}. **{name}**: {size:g}B parameters, {value} {metric}.")
        else:
            prose.append(rng.choice((f"{name} sits at about {xs} with a {blabel} score of roughly {value}.",
                                     f"{name} is plotted at {xs} and reaches approximately {value}.",
                                     f"Next, {name} appears at {xs} with {value}.",
                                     f"{name} lies at {xs} with about {value}.")))
    if prose:
        doc.add(" ".join(prose))
    if reference:
        doc.add(f"The dashed reference line for {reference[0]} sits at {reference[1]}.")


def _tick(size: float) -> float:
    for tick in (1, 2, 4, 8, 16, 32, 70, 100, 235, 671, 1000):
        if size <= tick * 1.2:
            return float(tick)
    return 1000.0


def _budgets(rng: random.Random) -> tuple[str, list[int]]:
    return rng.choice((("KV Budget", [2500, 3000, 3500, 4000, 4500, 5000]), ("KV Budget", [1024, 2048, 3072, 4096]),
                       ("KV Budget", [512, 1024, 2048]), ("KV Budget", [1024, 2048, 4096, 8192]),
                       ("KV Cache Size", [128, 256, 512, 1024, 2048]), ("KV Budget", [256, 512, 1024, 2048])))


def _kv_series(rng: random.Random, model: Model, bench: Bench, budgets: list[int]) -> tuple[list[float], list[float]]:
    top = _score(rng, model, bench, jitter=4)
    start = max(2.0, top - rng.uniform(6, 28))
    acc = []
    for step in range(len(budgets)):
        frac = 1 - math.exp(-1.6 * (step + 1) / len(budgets))
        acc.append(round(_clamp(start + (top - start) * frac / 0.8 + rng.gauss(0, 1.2), 1, 99), 1))
    t0 = rng.uniform(700, 3000)
    thr = [round(max(300.0, t0 * (0.82 ** step) + rng.gauss(0, 12)) / 5) * 5 for step in range(len(budgets))]
    return acc, thr


def _style_kv(doc: _Doc) -> None:
    """Dual-axis panels: Pass@1 bars and a throughput line per (model | benchmark)."""
    rng = doc.rng
    model = _pick_models(doc, 1)[0]
    mname = doc.name(rng.choice(("R1-Qwen", "R1-Llama")) if rng.random() < 0.25 else model.name)
    benches = _pick_benches(doc, rng.randint(2, 4), _REASONING_BENCHES)
    xname, budgets = _budgets(rng)
    thinking = rng.random() < 0.15
    if thinking:
        xname, budgets = "Thinking Budget", [1000, 2000, 4000, 8000]
    tps = rng.choice(("TPS", "tok/s", "tokens/s"))
    variant = rng.choice(("seed3", "seed4", "bars", "eq", "kvtps", "bare", "fullkv"))
    headers = [f"{mname} | {doc.bench_label(bench)}" for bench in benches]
    title = rng.choice((f"Pass@1 and Throughput Across {xname}s ({mname})",
                        f"{mname} Accuracy and Decoding Speed vs. {xname}",
                        f"Pass@1 vs. Throughput for Different {xname}s"))
    kind = rng.choice(("Bar Chart", "Bar and Line Charts", "Bar Chart with Line Overlay", "[Combination Chart]",
                       "Dual-Axis Bar & Line Chart"))
    doc.add(f"## {kind}: {title}")
    _overview(doc, f"{len(benches)} dual-axis charts for the model {mname}",
              f"Each panel plots Pass@1 as blue bars (left axis) and throughput as an orange line (right axis) "
              f"against the {xname.lower()}.")
    labels = [f"{x // 1000}k" if thinking else str(x) for x in budgets]
    _axes(doc, [("Panel titles", ", ".join(f"\"{h}\"" for h in headers)),
                ("X-axis", f"{xname} ({', '.join(labels)})"), ("Left Y-axis", "Pass@1 (%), 0 to 100"),
                ("Right Y-axis", f"Throughput ({tps}), 300 to 3,000")],
          ["Blue bars: Pass@1", "Orange line: Throughput"])
    _data_heading(doc)
    b = doc.bullet
    for header, bench in zip(headers, benches):
        acc, thr = _kv_series(rng, model, bench, budgets)
        fullkv = round(max(acc) + rng.uniform(0.5, 4), 1)
        doc.add(rng.choice((f"#### {header}", f"**Chart: {header}**", f"**{header}**")))
        for label, a in zip(labels, acc):
            doc.fact(f"{header.split(' | ')[1]} at {label}", a, _num(a))
        if variant == "seed3":
            doc.add("- **Pass@1**: " + ", ".join(f"{_num(a)} ({l})" for a, l in zip(acc, labels)),
                    "- **Throughput**: " + ", ".join(f"{t:.0f} ({l})" for t, l in zip(thr, labels)),
                    f"- **Trend**: Pass@1 {rng.choice(('rises', 'fluctuates', 'increases modestly'))}, while "
                    f"Throughput decreases steadily.")
        elif variant == "seed4":
            doc.add(f"{b} **Pass@1:** The bars show an increasing trend. Approximate values: "
                    + ", ".join(f"{_num(a)} ({xname} {l})" if i == 0 else f"{_num(a)} ({l})"
                                for i, (a, l) in enumerate(zip(acc, labels))) + ".",
                    f"{b} **Throughput:** The line slopes downward. Approximate values: "
                    + ", ".join(f"{t:.0f} ({xname} {l})" if i == 0 else f"{t:.0f} ({l})"
                                for i, (t, l) in enumerate(zip(thr, labels))) + ".")
        elif variant == "bars":
            doc.add(f"{b} Pass@1 (bars): " + ", ".join(f"{_num(a)} ({l})" for a, l in zip(acc, labels)),
                    f"{b} Throughput (line): " + ", ".join(f"{l} KV: {t:.0f}" for t, l in zip(thr, labels)))
        elif variant == "eq":
            doc.add(f"{b} **Pass@1 (Blue Bars):** Rises with the budget.")
            doc.add(*(f"    {b} {xname} {l}: Pass@1 ≈ {_num(a)}" for a, l in zip(acc, labels)))
            doc.add(f"{b} **Throughput (Orange Line):** Falls as the budget grows.")
            doc.add(*(f"    {b} {xname} {l}: Throughput ≈ {_thousands(t)} {tps}" for t, l in zip(thr, labels)))
        elif variant == "kvtps":
            doc.add("Bars (Pass@1), rising left to right:")
            doc.add(*(f"- {xname} {l}: Pass@1 ≈ {_num(a)}" for a, l in zip(acc, labels)))
            doc.add("Line (Throughput), falling left to right:")
            doc.add(*(f"- {'Budget' if thinking else 'KV'} {l}: ~{t:.0f} {tps}" for t, l in zip(thr, labels)))
        elif variant == "bare":
            doc.add(f"{b} **Pass@1 (Blue Bars):** The values increase with the {xname.lower()}: "
                    + ", ".join(_num(a) for a in acc) + ".",
                    f"{b} **Throughput (Orange Line):** The values decrease with the {xname.lower()}: approximately "
                    + ", ".join(f"{t:.0f}" for t in thr) + ".")
        else:
            doc.add(f"- FullKV (dashed line, labelled): {_num(fullkv)}")
            doc.add(*(f"- {l}: Pass@1 = {_num(a)}%, throughput ≈ {t / 1000:.2f}k tok/s"
                      for a, t, l in zip(acc, thr, labels)))
        doc.add("")
    if rng.random() < 0.3:
        doc.add(f"A bracket over the last two bars is annotated \"+{rng.uniform(0.5, 4):.1f}\".")


def _style_bars_by_model(doc: _Doc) -> None:
    """Grouped bars, one group per model: '**Model: X (Top Group)**' then one line per benchmark."""
    rng = doc.rng
    models = _pick_models(doc, rng.randint(2, 5), sized=False)
    benches = _pick_benches(doc, rng.randint(3, 5))
    labels = [doc.bench_label(bm) for bm in benches]
    colors = rng.sample(_COLORS, len(benches))
    metric = rng.choice(("Accuracy (%)", "Score (%)", "Pass@1 (%)"))
    doc.add(f"## {rng.choice(('Horizontal Grouped Bar Chart', 'Grouped Bar Chart', 'Bar Chart'))}: "
            f"{metric.split(' (')[0]} of {len(models)} Models on {len(benches)} Benchmarks")
    variant = rng.choice(("model", "model", "series"))
    if variant == "series":
        _overview(doc, f"vertical grouped bars comparing {len(models)} models; the x-axis groups are benchmarks",
                  "Every bar has its value printed on top.")
        _axes(doc, [("X-axis categories (left to right)", ", ".join(labels)),
                    ("Y-axis", f"\"{metric}\", 0 to 100, gridlines at 20-point intervals")],
                  [f"{c.lower()} = {doc.name(m.name)}" for c, m in zip(_COLORS, models)])
        _data_heading(doc)
        doc.add("Values from the bar-top labels, listed in x-axis order for each series:")
    else:
        _overview(doc, f"a grouped bar chart with one group of {len(benches)} bars per model",
                  "Values are printed at the end of each bar.")
        _axes(doc, [("Y-Axis (Vertical)", "Lists the models: " + ", ".join(f"`{doc.name(m.name)}`" for m in models)),
                    ("X-Axis (Horizontal)", f"\"{metric}\", from 0 to 100 with ticks every 20.")],
              [f"**{c}:** `{l}`" for c, l in zip(colors, labels)])
        _data_heading(doc)
    style = rng.choice(("bold", "pct", ""))
    b = doc.bullet
    positions = ("Top Group", "Second Group", "Third Group", "Fourth Group", "Bottom Group")
    for index, model in enumerate(models):
        name = doc.name(model.name)
        values = [_score(rng, model, bm) for bm in benches]
        for label, value in zip(labels, values):
            doc.fact(f"{name} on {label}", value, _num(value))
        if variant == "series":
            doc.add(f"{b} {name}: " + ", ".join(_num(v) for v in values))
            continue
        pos = positions[index] if index < len(positions) - 1 else "Bottom Group"
        doc.add(f"**Model: {name} ({pos})**")
        doc.add(f"{b} **Trend:** {rng.choice(('Strongest on', 'Highest bar on', 'Best on'))} "
                f"{labels[values.index(max(values))]}.")
        doc.add(f"{b} **Data Points:**")
        for label, color, value in zip(labels, colors, values):
            doc.add(f"    {b} {label} ({color}): {_fmt_score(doc, value, style)}")
        doc.add("")


def _style_bars_by_benchmark(doc: _Doc) -> None:
    """Grouped bars, one group per benchmark: '* **MATH-500 (Pass@1):**' then one line per model."""
    rng = doc.rng
    models = _pick_models(doc, rng.randint(2, 5), sized=False)
    benches = _pick_benches(doc, rng.randint(2, 5))
    colors = rng.sample(_COLORS, len(models))
    metric = rng.choice(("Pass@1", "Accuracy", "Score"))
    doc.add(f"## Bar Chart: {metric} of {len(models)} Models Across {len(benches)} Benchmarks")
    _overview(doc, f"a grouped bar chart comparing {len(models)} models on {len(benches)} benchmarks",
              f"The y-axis is {metric} (%), 0 to 100; each benchmark is one group of bars.")
    _axes(doc, [("Y-axis", f"{metric} (%)"),
                ("X-axis", "Benchmarks: " + ", ".join(doc.bench_label(bm) for bm in benches) + ".")],
          [f"{c}: {doc.name(m.name)}" for c, m in zip(colors, models)])
    _data_heading(doc)
    b = doc.bullet
    doc.add(rng.choice(("Here's the value printed on each bar:", "Values read from the bar labels:", "")))
    header = rng.choice(("{b} **{label} ({metric}):**", "**{label} ({metric}):**", "#### {label}"))
    indent = "    " if header.startswith("{b}") else ""  # indented lines after a heading would be code
    style = rng.choice(("", "", "pct", "bold"))
    for bench in benches:
        label = doc.bench_label(bench)
        doc.add(header.format(b=b, label=label, metric=metric))
        for model, color in zip(models, colors):
            value = _score(rng, model, bench)
            name = doc.name(model.name)
            doc.fact(f"{name} on {label}", value, _num(value))
            doc.add(f"{indent}{b} {name} ({color}): {_fmt_score(doc, value, style)}")
        doc.add("")


def _style_table(doc: _Doc) -> None:
    """Markdown tables: model rows with benchmark columns, or model rows with params and scores."""
    rng = doc.rng
    sized = rng.random() < 0.4
    models = _pick_models(doc, rng.randint(4, 10), sized=sized)
    benches = _pick_benches(doc, rng.randint(2, 4))
    labels = [doc.bench_label(bm) for bm in benches]
    doc.add(f"## {rng.choice(('Bar Chart', 'Grouped Bar Chart', 'Scatter Plot', 'Chart'))}: "
            f"{' / '.join(labels[:2])} Results of {len(models)} Models")
    _overview(doc, f"a chart comparing {len(models)} models on {', '.join(labels)}",
              "The table lists the values read from the labels next to each marker.")
    _axes(doc, [("X-Axis", "Models" if not sized else "Parameters (B), linear"),
                ("Y-Axis", "Accuracy (%), 0 to 100")], [f"{c}: {l}" for c, l in zip(_COLORS, labels)])
    _data_heading(doc)
    head = ["Model"] + (["Params (B)"] if sized else []) + labels
    doc.add("", "| " + " | ".join(head) + " |", "|" + "|".join(" :--- " for _ in head) + "|")
    approx = rng.random() < 0.4
    style = rng.choice(("", "", "pct"))
    best = {}
    for model in models:
        name = doc.name(model.name)
        values = [_score(rng, model, bm) for bm in benches]
        for label, value in zip(labels, values):
            doc.fact(f"{name} on {label}", value, _num(value))
            best[label] = max(best.get(label, 0), value)
        cells = [("~" if approx else "") + _fmt_score(doc, v, style) for v in values]
        doc.add("| " + " | ".join([name] + ([f"{model.total:g}"] if sized else []) + cells) + " |")
    doc.add("")


def _style_x_table(doc: _Doc) -> None:
    """x-value rows with one column per method (or per model): KV budgets, steps, k, tokens."""
    rng = doc.rng
    model = _pick_models(doc, 1)[0]
    name = doc.name(model.name)
    bench = rng.choice(_REASONING_BENCHES + _LONG_BENCHES)
    blabel = doc.bench_label(bench)
    xname, budgets = _budgets(rng)
    methods = rng.sample(_METHODS[:10], rng.randint(2, 4))
    doc.add(f"## Line Chart: {blabel} Accuracy of {name} Under {len(methods)} KV Cache Eviction Methods")
    _overview(doc, f"a line chart with one line per method ({', '.join(methods)}), all applied to {name}",
              f"The x-axis is the {xname.lower()} and the y-axis is Pass@1 on {blabel}.")
    _axes(doc, [("X", f"\"{xname}\", " + ", ".join(map(str, budgets))), ("Y", "\"Pass@1 (%)\", 20 to 100")],
          [f"{m} ({c.lower()}, {mk}s)" for m, c, mk in zip(methods, _COLORS, _MARKERS)])
    _data_heading(doc)
    doc.add(f"Trend verification: all {len(methods)} lines rise monotonically.", "")
    series = {m: _kv_series(rng, model, bench, budgets)[0] for m in methods}
    doc.add(f"| {xname} | " + " | ".join(methods) + " |", "|---|" + "---|" * len(methods))
    for index, budget in enumerate(budgets):
        doc.add(f"| {budget} | " + " | ".join(_num(series[m][index]) for m in methods) + " |")
        for m in methods:
            doc.fact(f"{m} at {budget}", series[m][index], _num(series[m][index]))
    doc.add("")


def _style_lines(doc: _Doc) -> None:
    """Line chart per method or benchmark, values per x tick or as a bare list in x order."""
    rng = doc.rng
    model = _pick_models(doc, 1)[0]
    name = doc.name(model.name)
    thinking = rng.random() < 0.5
    if thinking:
        xname, xs = "Thinking Budget (tokens)", ["2K", "4K", "8K", "16K", "32K"][: rng.randint(3, 5)]
        series_names = [doc.bench_label(bm) for bm in _pick_benches(doc, rng.randint(2, 3), _REASONING_BENCHES)]
        title = f"{name} Accuracy Under Different Thinking Budgets"
    else:
        xname, xs = "KV Cache Size (tokens)", ["128", "512", "2048"]
        series_names = rng.sample(_METHODS[:10], rng.randint(2, 4))
        bench = rng.choice(_LONG_BENCHES or _BENCHES)
        title = f"{doc.bench_label(bench)} Average Score vs. KV Cache Size ({name})"
    doc.add(f"## Line Chart: {title}")
    _overview(doc, f"a line chart with {len(series_names)} series for the model {name}",
              f"The x-axis is {xname.lower()}.")
    _axes(doc, [("X-axis", f"\"{xname}\", ticks at {', '.join(xs)}"), ("Y-axis", "\"Pass@1 (%)\", 20 to 90")],
          [f"{c} line, {mk} markers: {s}" for s, c, mk in zip(series_names, _COLORS, _MARKERS)])
    _data_heading(doc)
    variant = rng.choice(("ticks", "bare", "bare", "errors"))
    for series in series_names:
        start = rng.uniform(20, 60)
        values = [round(_clamp(start + 30 * (1 - math.exp(-0.7 * (i + 1))) + rng.gauss(0, 1), 1, 99), 1)
                  for i in range(len(xs))]
        for x, v in zip(xs, values):
            doc.fact(f"{series} at {x}", v, _num(v))
        if variant == "ticks":
            doc.add(f"#### {series} ({rng.choice(_COLORS)} Line)")
            doc.add(*(f"- {x} {'tokens' if not thinking else 'budget'}: {_num(v)}" for x, v in zip(xs, values)))
        elif variant == "bare":
            doc.add(rng.choice((f"- **{series}:** the values increase with {xname.split(' (')[0]}: ",
                                f"- **{series}:** read from left to right: ")) + ", ".join(map(_num, values)) + ".")
        else:
            doc.add(f"**{series}**")
            doc.add(*(f"- {x}: {_num(v)}% (±{rng.uniform(0.4, 2):.1f})" for x, v in zip(xs, values)))
        doc.add("")
    if rng.random() < 0.35:
        doc.add("#### FullKV (Black Dashed Line)", f"- Constant at {rng.uniform(40, 90):.1f} across all sizes.")


def _style_prose(doc: _Doc) -> None:
    """Values in running text, no lists."""
    rng = doc.rng
    bench = rng.choice(_BENCHES)
    blabel = doc.bench_label(bench)
    models = _pick_models(doc, rng.randint(5, 9), sized=rng.random() < 0.6)
    models.sort(key=lambda m: -(m.total or 0))
    doc.add(f"## {rng.choice(('Bar Chart', 'Chart', 'Scatter Plot'))}: {blabel} Results for {len(models)} Models")
    doc.add("### Overview", f"A single-series chart ranks {len(models)} models by {blabel} {bench.metric.lower()}.")
    doc.add("### Components/Axes", f"The horizontal axis is labelled \"{bench.metric} (%)\" and runs from 0 to 100 "
                                    "with gridlines every 10 points; model names are on the vertical axis.")
    _data_heading(doc)
    scored = sorted(((_score(rng, m, bench), doc.name(m.name)) for m in models), reverse=True)
    parts = []
    for index, (value, name) in enumerate(scored):
        doc.fact(name, value, _num(value) + "%")
        text = _num(value) + "%"
        if index == 0:
            parts.append(f"The top bar belongs to {name}, which reaches {text}.")
        elif index == len(scored) - 1:
            parts.append(f"The last bar, {name}, closes the ranking at {text}.")
        else:
            parts.append(rng.choice((f"Directly below it, {name} comes in at roughly {text}.",
                                     f"{name} follows with {text}.", f"{name} reaches about {text}.",
                                     f"Next is {name} at approximately {text}, a little further down.")))
    doc.add(" ".join(parts))


def _style_ranking(doc: _Doc) -> None:
    """Horizontal bar ranking, bold values or a rank table."""
    rng = doc.rng
    bench = rng.choice(_BENCHES)
    blabel = doc.bench_label(bench)
    models = _pick_models(doc, rng.randint(5, 10), sized=False)
    doc.add(f"## Horizontal Bar Chart: {blabel} {bench.metric} of {len(models)} Models")
    _overview(doc, f"a horizontal bar chart ranking {len(models)} models by {blabel} {bench.metric.lower()}",
              "One bar per model, value at the end of each bar.")
    _axes(doc, [("Y-axis (categories)", f"{len(models)} model names"),
                ("X-axis", f"\"{bench.metric} (%)\", 0 to 100, gridlines every 20")])
    if rng.random() < 0.4:
        doc.add(f"{doc.bullet} A vertical dashed line at 50 marks parity; no model name is attached to it.")
    _data_heading(doc)
    scored = sorted(((_score(rng, m, bench), doc.name(m.name)) for m in models), reverse=True)
    if rng.random() < 0.5:
        doc.add(f"| Rank | Model | {blabel} {bench.metric} |", "|------|-------|------|")
        for rank, (value, name) in enumerate(scored, start=1):
            doc.fact(name, value, _num(value) + "%")
            doc.add(f"| {rank} | {name} | {_num(value)}%{' (approximate)' if rng.random() < 0.3 else ''} |")
    else:
        doc.add("Model entries, top to bottom:")
        for value, name in scored:
            doc.fact(name, value, _num(value) + "%")
            doc.add(f"- **{name}**: **{_num(value)}%**")


def _style_pairs(doc: _Doc) -> None:
    """Two benchmarks as the two axes: '(IFEval, MT-Bench)' coordinates or 'Name: (0.31, 0.35)'."""
    rng = doc.rng
    bx, by = _pick_benches(doc, 2)
    lx, ly = doc.bench_label(bx), doc.bench_label(by)
    models = _pick_models(doc, rng.randint(5, 9))
    doc.add(f"## Scatter Plot: {ly} vs. {lx}")
    _overview(doc, f"a scatter plot placing {len(models)} models by {lx} (x-axis) and {ly} (y-axis)",
              "Point labels give the model names.")
    _axes(doc, [("X-axis", f"\"{lx} Accuracy (%)\", 0 to 100"), ("Y-axis", f"\"{ly} Accuracy (%)\", 0 to 100")])
    _data_heading(doc)
    doc.add(f"Coordinates are given as ({lx}, {ly}):")
    for model in models:
        name = doc.name(model.name)
        x, y = _score(rng, model, bx), _score(rng, model, by)
        doc.fact(f"{name} on {ly}", y, _num(y))
        if rng.random() < 0.5:
            doc.add(f"- {name}: ({_num(x)}, {_num(y)}).")
        else:
            doc.add(f"- {name}: {lx} ≈ {_num(x)}, {ly} ≈ {_num(y)}.")


def _style_no_benchmark(doc: _Doc) -> None:
    """Charts that report no benchmark result: loss curves, data mixtures, diagrams, latency."""
    rng = doc.rng
    kind = rng.choice(("loss", "pie", "diagram", "latency"))
    name = doc.name(_pick_models(doc, 1)[0].name)
    if kind == "loss":
        doc.add("## Line Graph: Training Loss vs. Optimization Steps",
                "### Overview", f"The line graph shows the training loss of two runs of {name}, \"baseline\" and "
                                "\"curriculum\", over 10,000 optimization steps.",
                "### Components/Axes", "- **X-axis**: \"Steps\", 0 to 10,000.", "- **Y-axis**: \"Training Loss\".",
                "### Detailed Analysis")
        for run in ("Baseline (Blue)", "Curriculum (Orange)"):
            loss = rng.uniform(3.6, 4.2)
            doc.add(f"- **{run}**:")
            for step in (0, 2000, 4000, 6000, 8000, 10000):
                doc.add(f"  - {step:,} steps: {loss:.2f}")
                loss *= rng.uniform(0.8, 0.97)
    elif kind == "pie":
        doc.add(f"## Pie Chart: Pre-training Data Mixture of {name}", "### Overview",
                f"The pie chart breaks down the pre-training corpus of {name} by data source.", "### Detailed Analysis")
        shares = [rng.uniform(2, 30) for _ in range(7)]
        total = sum(shares)
        for source, share in zip(("Web", "Code", "Math", "Multilingual web", "Academic papers", "Books", "Synthetic"),
                                 shares):
            doc.add(f"- {source}: {100 * share / total:.1f}%, {rng.choice(_COLORS).lower()}.")
    elif kind == "diagram":
        doc.add(f"# Technical Document Extraction: {name} Architecture Diagram", "## 1. Diagram Type",
                "- Block diagram of one decoder layer stack.", "## 2. Components (bottom to top)",
                f"1. **Token Embedding**: vocabulary of {rng.choice((32000, 65536, 151936)):,} entries.",
                f"2. **Decoder Block x {rng.choice((24, 28, 32, 40))}**: attention followed by a SwiGLU MLP.",
                "3. **RMSNorm** before each mixer and each MLP.", "## 3. Numerical Annotations",
                f"- Attention heads: {rng.choice((16, 32))} query heads, {rng.choice((4, 8))} KV heads.",
                f"- Context window: {rng.choice((8, 32, 128))}K tokens.")
    else:
        doc.add("# Technical Document Extraction: Serving Latency by Batch Size", "## 1. Document Type",
                f"- Line chart of per-request latency for {name} on a single GPU.", "## 2. Extracted Values",
                "| Batch Size | Latency (s) |", "|---:|---:|")
        latency = rng.uniform(1, 3)
        for batch in (1, 8, 32, 128):
            doc.add(f"| {batch} | {latency:.1f} |")
            latency *= rng.uniform(1.1, 1.5)
    doc.add("", "### Key Observations", "- The chart reports no evaluation results.")


_STYLES = ((_style_scatter, 24), (_style_kv, 13), (_style_bars_by_model, 10), (_style_bars_by_benchmark, 10),
           (_style_table, 9), (_style_x_table, 6), (_style_lines, 8), (_style_prose, 7), (_style_ranking, 6),
           (_style_pairs, 4))
_STYLE_FUNCS = [f for f, _ in _STYLES]
_STYLE_WEIGHTS = [w for _, w in _STYLES]


# --------------------------------------------------------------------------- commentary and padding

_FILLER = (
    "The spread of the data points highlights the importance of factors beyond model size, such as training data "
    "quality, architecture and optimisation.",
    "Architectural innovations or training methodology can lead to substantial gains even with limited parameters.",
    "The plot provides a comparative snapshot of the current landscape of open and proprietary models.",
    "Focusing solely on increasing parameters may not be the most effective strategy for improving performance.",
    "Differences of one or two points are within the noise of a benchmark of this size.",
    "For serving, the operating point should balance accuracy against decoding speed and memory.",
    "The figure supports the claim that careful data curation closes much of the gap to larger models.",
    "Long chain-of-thought training helps most on problems of medium and high difficulty.",
    "Knowledge-heavy evaluations keep rewarding scale, whereas saturated benchmarks separate models less.",
    "A log-scaled x-axis compresses the large models, so visual distances overstate differences among small ones.",
    "The authors present their own model as an efficiency outlier, which should be checked against independent runs.",
    "No error bars are shown, so small differences should not be over-interpreted.",
    "Most of the benefit is realised early; later increments buy comparatively little.",
    "The chart is typical of a model card: it selects baselines that make the proposed model look strong.",
    "Readers should note that the evaluation settings (prompting, sampling temperature) are not stated in the figure.",
    "Overall, the results argue for reporting both accuracy and efficiency rather than a single headline number.",
    "Instruction tuning mainly sharpens the output distribution toward answers the base model could already produce.",
    "Sparse mixture-of-experts models sit on the efficiency frontier when activated parameters are counted.",
    "Distillation from a stronger teacher remains the most effective route at the small end of the scale.",
    "Scale alone does not guarantee a higher score: several larger models trail smaller, better-trained ones.",
    "The benchmark appears close to saturation for the strongest entries, which compresses their differences.",
    "Competition mathematics profits far more from a longer chain of thought than knowledge recall does.",
    "The reported numbers are read from the image and may be off by a point or so where no labels are printed.",
    "A fair comparison would also account for the inference cost of each model, which the chart does not show.",
    "The proprietary reference models are drawn for context only; their sizes are not disclosed.",
    "Taken together, the chart suggests diminishing returns beyond the mid-sized models.",
    "The trade-off between accuracy and speed is the central message of the figure.",
    "Where the same model family appears at several sizes, the curve flattens at the largest sizes.",
)

_NEUTRAL = (
    "The figure is primarily descriptive and does not by itself support strong causal claims.",
    "Axis ranges were chosen by the authors and exaggerate some differences visually.",
    "The caption gives additional context that is not repeated in the image itself.",
    "All numbers are approximate readings from the rendered figure.",
    "The layout follows the conventions of the paper's other figures, with a shared color scheme.",
    "Gridlines make the values easy to read, although some labels overlap near the edges.",
    "Such figures are usually meant to motivate a design choice rather than to report final results.",
    "The chart would benefit from error bars or confidence intervals.",
    "Fonts are small but legible; the legend does not obscure any data.",
    "The overall shape of the curves is more informative than any single value.",
    "A reader comparing with other work should check that units and settings match before drawing conclusions.",
    "The visual encoding (color for series, position for value) is consistent throughout the figure.",
    "Nothing in the image indicates how many runs were averaged.",
    "The chart is self-contained: every series is labelled and the axes carry units.",
    "The figure sits next to a table in the source paper that lists further details.",
    "The description above lists every labelled element of the image from top to bottom.",
    "No annotations beyond the axis labels and the legend are present.",
    "The data would be easier to compare on a common scale.",
)


def _observations(doc: _Doc) -> None:
    rng = doc.rng
    b = doc.bullet
    facts = doc.facts
    doc.heading("Key Observations" if not doc.tde else "Key Trends and Observations", 4)
    if not facts:
        doc.add(f"{b} No numeric values could be read.")
        return
    ranked = sorted(facts, key=lambda f: -f[1])
    top, low = ranked[0], ranked[-1]
    doc.add(f"{b} **Top value:** {top[0]} reaches {top[2]}, the highest on the chart.")
    doc.add(f"{b} **Lowest value:** {low[0]} is the weakest entry at {low[2]}.")
    for _ in range(rng.randint(1, 3)):
        a, c = rng.sample(facts, 2) if len(facts) > 1 else (facts[0], facts[0])
        doc.add(f"{b} The gap between {a[0]} ({a[2]}) and {c[0]} ({c[2]}) is {abs(a[1] - c[1]):.1f} points.")
    doc.add(f"{b} {len(facts)} values are shown in total.")


def _interpretation(doc: _Doc, target: int, neutral: bool = False) -> None:
    rng = doc.rng
    doc.heading("Interpretation", 5 if doc.tde else None)
    facts = doc.facts
    if facts:
        top = max(facts, key=lambda f: f[1])
        doc.add(f"The data suggests that {top[0]} ({top[2]}) sets the bar in this comparison. "
                + rng.choice(_FILLER))
    size = sum(len(line) + 1 for line in doc.lines)
    pool = list(_NEUTRAL if neutral else _FILLER + _NEUTRAL)
    templates = ("{0} is reported at {1}.", "The reading for {0} is {1}.", "{0} comes in at {1}.",
                 "At {1}, {0} is worth noting.", "{0} ({1}) fits the overall pattern.")
    pool.extend(rng.choice(templates).format(label, text) for label, _, text in facts[:12])
    rng.shuffle(pool)
    if neutral:  # popped last: only when the neutral sentences are used up
        pool[:0] = rng.sample(_FILLER, len(_FILLER))
    paragraph: list[str] = []
    while size < target and pool:
        sentence = pool.pop()
        paragraph.append(sentence)
        size += len(sentence) + 1
        if len(paragraph) == 3:
            doc.add("", " ".join(paragraph))
            paragraph = []
    if paragraph:
        doc.add("", " ".join(paragraph))


# --------------------------------------------------------------------------- public API

def render(index: int, seed: int = 0) -> str:
    """The text of document `index` of the corpus of `seed` (independent of the corpus size)."""
    rng = random.Random((seed << 32) ^ (index * 2654435761 + 97))
    doc = _Doc(rng)
    if rng.random() < 0.08:
        doc.add("\\n")
    target = rng.randint(MIN_BYTES + 150, MAX_BYTES - 900)
    if rng.random() < 0.03:
        _style_no_benchmark(doc)
    else:
        doc.unit = "fraction" if rng.random() < 0.06 else "%"
        style = rng.choices(_STYLE_FUNCS, _STYLE_WEIGHTS)[0]
        doc.tde = style is not _style_prose and rng.random() < 0.12
        if doc.tde:
            doc.lines = [line for line in doc.lines if line != "\\n"]
        style(doc)
        if doc.tde:  # the TDE template: retitle '## Kind: title' as '# Technical Document Extraction: title'
            for i, line in enumerate(doc.lines):
                if line.startswith("## ") and ":" in line:
                    doc.lines[i] = "# Technical Document Extraction: " + line.split(":", 1)[1].strip()
                    break
        _observations(doc)
    _interpretation(doc, target, neutral=not doc.facts)
    text = "\n".join(doc.lines)
    if len(text.encode("utf-8")) > MAX_BYTES:  # too many points: cut whole trailing lines
        encoded = text.encode("utf-8")[:MAX_BYTES]
        text = encoded.decode("utf-8", errors="ignore").rsplit("\n", 1)[0]
    if rng.random() < 0.05:  # a describer that stopped mid-sentence
        cut = rng.randint(max(MIN_BYTES + 64, int(len(text) * 0.55)), max(MIN_BYTES + 65, len(text) - 10))
        text = text[:cut].rstrip("\n")
    elif rng.random() < 0.5:
        text += "\n"
    return text


def doc_path(out: Path, index: int) -> Path:
    """Where document `index` lives: ``out/NNNNN/doc-NNNNNNN.txt`` (1000 per folder)."""
    return out / f"{index // SHARD_SIZE:05d}" / f"doc-{index:07d}.txt"


def generate(out: Path, count: int, seed: int = 0) -> list[Path]:
    """Write documents 0..count-1 of the corpus of `seed` under `out`; return their paths."""
    out = Path(out)
    paths: list[Path] = []
    made: set[Path] = set()
    for index in range(count):
        path = doc_path(out, index)
        if path.parent not in made:
            path.parent.mkdir(parents=True, exist_ok=True)
            made.add(path.parent)
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(render(index, seed))
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.generate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="output folder (created)")
    parser.add_argument("--count", type=int, required=True, help="number of documents")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    args = parser.parse_args(argv)
    if args.count < 0:
        parser.error("--count must be >= 0")
    started = time.perf_counter()
    paths = generate(args.out, args.count, args.seed)
    elapsed = time.perf_counter() - started
    size = sum(os.path.getsize(p) for p in paths)
    print(f"wrote {len(paths)} documents ({size / 1e6:.1f} MB) to {args.out} in {elapsed:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
