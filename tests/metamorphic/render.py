"""Render one gold figure in many layouts (issue 11's metamorphic suite).

A :class:`Figure` is what a chart plots: series (models, or methods of one model), the x
categories (settings) and the panels (benchmark and metric), with a value per cell. Its
gold rows (:meth:`Figure.rows`) are what any correct extraction of any rendering yields.
Each layout in :data:`LAYOUTS` writes the same figure as a full description document in
the describer template (``## Line Chart: ...``, ``### Overview``, ``### Components/Axes``,
``### Detailed Analysis``, ``### Key Observations`` repeating some values as commentary,
``### Interpretation``), so every layout must yield the same rows.

:func:`render` returns the document's bytes together with, for each gold row, the byte
span of the text that states it (the number with its notation and any label written after
it), which the truncation test uses: a row may be loaded from a cut document only when its
span lies within the cut (a number must be followed by something; a label written after
the number must be complete).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Figure", "LAYOUT_BY_NAME", "LAYOUTS", "Layout", "Panel", "Point", "Rendered", "Row", "Series", "render"]

Setting = tuple[tuple[str, str], ...]


# --------------------------------------------------------------------------- the gold figure

@dataclass(frozen=True)
class Row:
    """One gold tuple: model (as written), benchmark (canonical, None when the figure names none),
    metric (canonical), setting (canonical pairs, sorted by key), value, unit."""

    model: str
    benchmark: str | None
    metric: str
    setting: Setting
    value: float
    unit: str | None

    @property
    def setting_label(self) -> str:
        """The canonical configuration label: ``key=value`` pairs joined by ``, `` (``''`` for none)."""
        return ", ".join(f"{k}={v}" for k, v in self.setting)


@dataclass(frozen=True)
class Series:
    """A plotted series: its label as written, the model it measures (its own label unless it
    is a method of the figure's model), setting pairs it adds, its colour and marker."""

    label: str
    model: str | None = None
    setting: Setting = ()
    colour: str = "Blue"
    marker: str = "circle"
    params_b: float | None = None  # the x position when the x axis plots parameters

    @property
    def model_name(self) -> str:
        return self.model or self.label


@dataclass(frozen=True)
class Point:
    """An x category: its setting pairs and how each setting column writes it (`cells`, one
    per :attr:`Figure.setting_columns`, ``–`` where the point has no such key)."""

    setting: Setting
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Panel:
    """A benchmark and metric the figure plots (one panel, or one y axis of a dual-axis chart)."""

    benchmark: str | None  # canonical
    written: str  # the benchmark as the figure writes it ('' when it names none)
    metric: str  # canonical
    metric_written: str  # Pass@1, Accuracy, Throughput, ...
    unit: str | None  # '%', 'tokens/s', None for a 0-1 fraction or a plain score

    @property
    def heading(self) -> str:
        unit = f" ({self.unit})" if self.unit else ""
        return f"{self.written} {self.metric_written}{unit}".strip()


@dataclass(frozen=True)
class Figure:
    """A chart: title, kind, axes, series × points × panels and the plotted values."""

    name: str
    title: str
    kind: str  # "Line Chart", "Bar Chart", "Scatter Plot", ...
    x_label: str  # "KV Budget (tokens)", "Difficulty", "Total Parameters (B)"
    y_label: str
    setting_columns: tuple[str, ...]  # how the setting keys are named ("KV Budget", "Method")
    series: tuple[Series, ...]
    points: tuple[Point, ...]
    panels: tuple[Panel, ...]
    values: dict[tuple[int, int, int], float]  # (panel, series, point) -> value; missing = not plotted
    model: str | None = None  # the model named in the title, when the series are its methods
    series_noun: str = "model"

    def rows(self) -> list[Row]:
        """The gold rows, in (panel, series, point) order."""
        out: list[Row] = []
        for (p, s, x), value in sorted(self.values.items()):
            panel, series, point = self.panels[p], self.series[s], self.points[x]
            setting = tuple(sorted(dict(point.setting + series.setting).items()))
            out.append(Row(series.model or self.model or series.label, panel.benchmark, panel.metric, setting,
                           value, panel.unit))
        return out

    def row_index(self) -> dict[tuple[int, int, int], int]:
        """Cell -> index of its row in :meth:`rows`."""
        return {cell: i for i, cell in enumerate(sorted(self.values))}

    @property
    def x_is_setting(self) -> bool:
        return len(self.points) > 1


# --------------------------------------------------------------------------- the document being built

_MARK = re.compile("\x02(\\d+):(\\d+)\x03")


@dataclass
class Rendered:
    """A rendered document: its bytes, the gold rows and, per row, the byte span that must be
    present for the row to be loadable (from its number to one byte past its last digit, or to
    the end of a label written after it)."""

    figure: str
    layout: str
    data: bytes
    rows: list[Row]
    spans: list[tuple[int, int]]


@dataclass
class _Doc:
    fig: Figure
    rng: random.Random
    notation: str = "plain"
    lines: list[str] = field(default_factory=list)
    index: dict[tuple[int, int, int], int] = field(default_factory=dict)
    footnotes: set[str] = field(default_factory=set)

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def value(self, cell: tuple[int, int, int], after: str = "", notation: str | None = None) -> str:
        """The value of `cell` in the document's notation followed by `after` (a label written
        after the number), marked with how much of it must be present for the row to be loadable."""
        text = fmt(self.fig.values[cell], self.fig.panels[cell[0]], notation or self.notation, self)
        item = text + after
        if after:  # the label must be complete (a cut inside it makes a different, wrong row)
            need = len(item)
        else:  # the number must be followed by something (a number that ends the document is cut)
            need = _NUMBER.search(text).end() + 1
        return f"\x02{self.index[cell]}:{need}\x03{item}"


_NUMBER = re.compile(r"\d[\d.,]*k?")


def fmt(value: float, panel: Panel, notation: str, doc: _Doc | None = None) -> str:
    """`value` written in `notation` (plain, tilde, approx, pm, pct, bold, footnote, k)."""
    text = _plain(value, panel)
    if notation == "tilde":
        return "~" + text
    if notation == "approx":
        return "≈ " + text
    if notation == "pm":
        return f"{text} (±{abs(value) * 0.013 + 0.1:.1f})"
    if notation == "pct":
        return text + "%" if panel.unit == "%" else text
    if notation == "bold":
        return f"**{text}**"
    if notation == "footnote":
        mark = "*" if int(value * 10) % 2 else "†"
        if doc is not None:
            doc.footnotes.add(mark)
        return text + mark
    if notation == "k":
        return _k(value) or text
    return text


def _plain(value: float, panel: Panel) -> str:
    if panel.unit is None and value < 1.5:
        return f"{value:.2f}"
    if value >= 100 and value == int(value):
        return str(int(value))
    return f"{value:.1f}"


def _k(value: float) -> str | None:
    """1200 -> '1.2k'; None when the value is not a round multiple of 100 above 1000."""
    if value >= 1000 and value % 100 == 0:
        return f"{value / 1000:g}k"
    return None


# --------------------------------------------------------------------------- the template

def _cells(fig: Figure) -> list[tuple[str | None, int | None, list[tuple[str, str, int, int]]]]:
    """The data as blocks: (heading, panel or None, columns); a column is (short label, long
    label, panel, point). With several points each panel is a block whose columns are the
    points; with one point the panels are the columns of a single block."""
    if fig.x_is_setting:
        blocks = []
        for p, panel in enumerate(fig.panels):
            cols = [(_short(fig, pt), _long(fig, pt), p, x) for x, pt in enumerate(fig.points)]
            blocks.append((panel.heading if len(fig.panels) > 1 else None, p, cols))
        return blocks
    return [(None, None, [(pn.written or pn.metric_written, pn.written or pn.metric_written, p, 0)
                          for p, pn in enumerate(fig.panels)])]


def _short(fig: Figure, point: Point, k: bool = False) -> str:
    return " / ".join(_k_label(c) if k else c for c in point.cells if c != "–")


def _long(fig: Figure, point: Point, k: bool = False) -> str:
    """The category with its key's name: 'KV Budget 2048', 'SnapKV, KV Budget 1024', 'FullKV'."""
    parts = []
    for name, cell in zip(fig.setting_columns, point.cells):
        if cell == "–":
            continue
        cell = _k_label(cell) if k else cell
        parts.append(cell if _is_text_column(fig, name) else f"T = {cell}" if name == "Temperature"
                     else f"{name} {cell}")
    return ", ".join(parts)


def _is_text_column(fig: Figure, name: str) -> bool:
    return name.lower() in ("method", "difficulty", "precision", "decoding")


def _k_label(cell: str) -> str:
    try:
        return _k(float(cell)) or cell
    except ValueError:
        return cell


def _header(doc: _Doc, legend: list[str] | None = None, fields: bool = False) -> None:
    fig = doc.fig
    doc.add(f"## {fig.kind}: {fig.title}", "### Overview")
    names = ", ".join(s.label for s in fig.series)
    doc.add(f"The image is a {fig.kind.lower()} titled \"{fig.title}\". It compares {len(fig.series)} "
            f"{fig.series_noun}s ({names})" + (f" across {fig.x_label.split(' (')[0].lower()}." if fig.x_is_setting
                                              else "."), "---", "### Components/Axes")
    ticks = ", ".join(_short(fig, pt) for pt in fig.points) if fig.x_is_setting else None
    if fields:
        doc.add(f"- **X-Axis Label:** {fig.x_label}")
        if ticks:
            doc.add(f"- **X-Axis Markers:** {ticks}")
        doc.add(f"- **Y-Axis Label:** {fig.y_label}")
    else:
        doc.add(f"- **X-axis**: \"{fig.x_label}\"" + (f", categories {ticks}" if ticks else ""),
                f"- **Y-axis**: \"{fig.y_label}\"")
    if legend:
        doc.add("- **Legend** (top right):", *(f"  - {entry}" for entry in legend))
    doc.add("---", "### Detailed Analysis")


def _footer(doc: _Doc) -> None:
    fig, rng = doc.fig, doc.rng
    if doc.footnotes:
        doc.add("")
        if "*" in doc.footnotes:
            doc.add("\\* Reported by the original authors.")
        if "†" in doc.footnotes:
            doc.add("† Averaged over 3 runs.")
    doc.add("---", "### Key Observations")
    cells = sorted(fig.values)
    top = max(cells, key=lambda c: fig.values[c])
    low = min(cells, key=lambda c: fig.values[c])
    unit = fig.panels[top[0]].unit or ""
    unit = unit if unit == "%" else ""
    doc.add(f"- {fig.series[top[1]].label} reaches the highest value, {_plain(fig.values[top], fig.panels[top[0]])}{unit}.",
            f"- The lowest value is {_plain(fig.values[low], fig.panels[low[0]])} ({fig.series[low[1]].label}).")
    a, b = rng.sample(cells, 2) if len(cells) > 1 else (cells[0], cells[0])
    doc.add(f"- The gap between {fig.series[a[1]].label} ({_plain(fig.values[a], fig.panels[a[0]])}) and "
            f"{fig.series[b[1]].label} ({_plain(fig.values[b], fig.panels[b[0]])}) is "
            f"{abs(fig.values[a] - fig.values[b]):.1f} points.")
    doc.add("### Interpretation", f"The figure suggests that {fig.series[top[1]].label} is the strongest "
            f"{fig.series_noun} here, at {_plain(fig.values[top], fig.panels[top[0]])}; differences of a point or two "
            "are within noise.")


def _present(fig: Figure, s: int, cols: list[tuple[str, str, int, int]]) -> list[tuple[str, str, int, int]]:
    return [c for c in cols if (c[2], s, c[3]) in fig.values]


# --------------------------------------------------------------------------- layouts

Body = Callable[[_Doc], None]


def _table(doc: _Doc, style: str = "pipe", orient: str = "series_rows") -> None:
    """Tables: series as rows (columns = categories) or as columns (rows = categories);
    pipe, whitespace-aligned, or whitespace-aligned inside a code fence."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        if orient == "series_rows":
            extra = ["Params (B)"] if any(s.params_b for s in fig.series) else []
            header = [fig.series_noun.title()] + extra + [c[0] for c in cols]
            body = []
            for s, series in enumerate(fig.series):
                cells = [series.label] + ([f"{series.params_b:g}"] if extra else [])
                cells += [doc.value((p, s, x)) if (p, s, x) in fig.values else "–" for _, _, p, x in cols]
                body.append(cells)
        else:  # series as columns, one row per category (its setting columns on the left)
            if fig.x_is_setting:
                header = list(fig.setting_columns) + [s.label for s in fig.series]
                body = []
                for _, _, p, x in cols:
                    cells = list(fig.points[x].cells)
                    cells += [doc.value((p, s, x)) if (p, s, x) in fig.values else "–" for s in range(len(fig.series))]
                    body.append(cells)
            else:
                header = ["Benchmark"] + [s.label for s in fig.series]
                body = [[c[0]] + [doc.value((c[2], s, c[3])) if (c[2], s, c[3]) in fig.values else "–"
                                  for s in range(len(fig.series))] for c in cols]
        _write_table(doc, header, body, style)
        doc.add("")


def _visible(text: str) -> int:
    return len(_MARK.sub("", text))


def _write_table(doc: _Doc, header: list[str], body: list[list[str]], style: str) -> None:
    if style == "pipe":
        doc.add("| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|")
        doc.add(*("| " + " | ".join(row) + " |" for row in body))
        return
    widths = [max(_visible(r[i]) for r in [header] + body) for i in range(len(header))]

    def line(row: list[str]) -> str:
        return "  ".join(c + " " * (w - _visible(c)) for c, w in zip(row, widths)).rstrip()

    lines = [line(header), "  ".join("-" * w for w in widths)] + [line(r) for r in body]
    if style == "fenced":
        lines = ["```"] + lines + ["```"]
    doc.add(*lines)


def _list_per_series(doc: _Doc, form: str = "before", headings: str = "h4") -> None:
    """Per series: a group heading, then one line per category.
    form: before ('- KV Budget 2048: 42.7'), after ('- 42.7 at KV Budget 2048'),
    inline_after ('- **S:** 42.7 (2048), 46.0 (4096)'), inline_before ('- **S:** 2048: 42.7; ...'),
    aligned ('- **S:** 42.7, 46.0, ...' in x-axis order, labels only on the axis)."""
    fig, rng = doc.fig, doc.rng
    levels = ["####", "#####", "**", "###"]
    rng.shuffle(levels)  # sibling groups at mixed levels, in a per-document order
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}" if headings != "bold" else f"**{heading}**")
        for s, series in enumerate(fig.series):
            present = _present(fig, s, cols)
            if not present:
                continue
            if form.startswith("inline") or form == "aligned":
                if form == "inline_after":
                    items = [doc.value((p, s, x), f" ({short})") for short, _, p, x in present]
                elif form == "inline_before":
                    items = [f"{short}: {doc.value((p, s, x))}" for short, _, p, x in present]
                else:
                    items = [doc.value((p, s, x)) for _, _, p, x in present]
                sep = "; " if form == "inline_before" else ", "
                doc.add(f"- **{series.label}:** " + sep.join(items))
                continue
            if headings == "mixed":
                deeper = [lv for lv in levels if lv in ("#####", "**")]  # under a panel heading (####)
                level = levels[s % len(levels)] if heading is None else deeper[s % 2]
            elif headings == "bold":
                level = "**"
            else:
                level = "####" if heading is None else "#####"
            doc.add(f"**{series.label}**" if level == "**" else f"{level} {series.label}")
            for short, long, p, x in present:
                if form == "after":
                    doc.add(f"- {doc.value((p, s, x), f' at {long}')}")
                else:
                    doc.add(f"- {long}: {doc.value((p, s, x))}")
        if heading is None and rng.random() < 0.5:
            doc.add("")


def _list_per_category(doc: _Doc, inline: bool = False) -> None:
    """Per category: '**KV Budget 2048:**' then '- S: 42.7' lines, or inline pairs on one line
    ('- MMLU: GPT-4o ≈ 88.7, Claude 3.5 Sonnet ≈ 88.3')."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for short, long, p, x in cols:
            present = [s for s in range(len(fig.series)) if (p, s, x) in fig.values]
            if not present:
                continue
            if inline:
                doc.add(f"- {long}: " + ", ".join(f"{fig.series[s].label} {doc.value((p, s, x))}" for s in present))
            else:
                doc.add(f"**{long}:**", *(f"- {fig.series[s].label}: {doc.value((p, s, x))}" for s in present))


def _prose(doc: _Doc, by: str = "name", k: bool = False) -> None:
    """Sentences, one per category: 'At KV Budget 2048, SnapKV reaches about 42.7, H2O 40.1 and ...';
    by='colour' names the series by colour only ('At 2k tokens the blue line reaches about 31.5%');
    k writes numeric categories in k notation."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        sentences = []
        for short, long, p, x in cols:
            present = [s for s in range(len(fig.series)) if (p, s, x) in fig.values]
            if not present:
                continue
            if k:
                long = _long(fig, fig.points[x], k=True)
            names = [(f"the {fig.series[s].colour.lower()} line" if by == "colour" else fig.series[s].label, s)
                     for s in present]
            parts = [f"{n} reaches about {doc.value((p, s, x))}" if i == 0 else f"{n} {doc.value((p, s, x))}"
                     for i, (n, s) in enumerate(names)]
            joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
            text_key = fig.x_is_setting and all(_is_text_column(fig, c) for c in fig.setting_columns)
            where = f"On {long}" if not fig.x_is_setting else f"For {long}" if text_key else f"At {long}"
            sentences.append(f"{where}, {joined}.")
        if heading:
            doc.add(f"#### {heading}")
        doc.add(" ".join(sentences), "")


def _prose_per_series(doc: _Doc) -> None:
    """Sentences, one per series: 'SnapKV reaches about 25.2 at KV Budget 1024, 44.8 at KV Budget 2048
    and 36.1 at KV Budget 4096.' (the category after each value)."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        sentences = []
        for s, series in enumerate(fig.series):
            present = _present(fig, s, cols)
            if not present:
                continue
            where = "on" if not fig.x_is_setting else "with" if all(
                _is_text_column(fig, c) for c in fig.setting_columns) else "at"
            parts = [doc.value((p, s, x), f" {where} {long}") for _, long, p, x in present]
            joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
            sentences.append(f"{series.label} reaches about {joined}.")
        if heading:
            doc.add(f"#### {heading}")
        doc.add(" ".join(sentences), "")


def _colour_series(doc: _Doc, form: str = "at") -> None:
    """Series named by colour only (the legend maps colours to names, given once):
    'Blue: 84.6 at T = 0.0, 92.8 at T = 0.6' (form 'at') or '- **Blue line:** 42.7 (2048), ...' (form 'parens')."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for s, series in enumerate(fig.series):
            present = _present(fig, s, cols)
            if not present:
                continue
            if form == "at":
                doc.add(f"{series.colour}: " + ", ".join(doc.value((p, s, x), f" at {long}")
                                                        for _, long, p, x in present))
            else:
                doc.add(f"- **{series.colour} line:** " + ", ".join(doc.value((p, s, x), f" ({short})")
                                                                  for short, _, p, x in present))


def _colour_per_category(doc: _Doc, form: str = "parens") -> None:
    """Per category, series by colour only: one sentence of values each followed by its colour in
    parentheses ('At 2k the readings are 31.5 (blue), 28.2 (orange) and 17.9 (green).', form 'parens'),
    or one sentence per series with the place before its subject ('At 2k the blue line sits near 31.5.',
    form 'place_first')."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        sentences = []
        for _, long, p, x in cols:
            present = [s for s in range(len(fig.series)) if (p, s, x) in fig.values]
            if not present:
                continue
            where = f"At {long}" if fig.x_is_setting else f"On {long}"
            if form == "parens":
                parts = [f"{doc.value((p, s, x))} ({fig.series[s].colour.lower()})" for s in present]
                joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
                sentences.append(f"{where} the readings are {joined}.")
            else:
                sentences.extend(f"{where} the {fig.series[s].colour.lower()} line sits near {doc.value((p, s, x))}."
                                 for s in present)
        doc.add(" ".join(sentences), "")


def _numbered_series(doc: _Doc) -> None:
    """'**Series 1: SnapKV (Blue Line)**' then '- 2048: 42.7' lines."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for s, series in enumerate(fig.series):
            present = _present(fig, s, cols)
            if not present:
                continue
            doc.add(f"**Series {s + 1}: {series.label} ({series.colour} Line)**")
            doc.add(*(f"- {short}: {doc.value((p, s, x))}" for short, _, p, x in present))


def _tuples(doc: _Doc) -> None:
    """Scatter points: '- **S:** (7B, 55.3)'."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for s, series in enumerate(fig.series):
            for _, _, p, x in _present(fig, s, cols):
                doc.add(f"- **{series.label}:** ({series.params_b:g}B, {doc.value((p, s, x), ')')}")


def _name_size_parens(doc: _Doc) -> None:
    """A size in parentheses after each name: '- **Orca3-8B** (8B): 77.6' (the size is the x position)."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for s, series in enumerate(fig.series):
            for _, _, p, x in _present(fig, s, cols):
                doc.add(f"- **{series.label}** ({series.params_b:g}B): {doc.value((p, s, x))}")


def _k_categories(doc: _Doc) -> None:
    """Numeric categories in k notation ('2k'), values of 1000 and more too ('1.2k')."""
    fig = doc.fig
    for heading, _, cols in _cells(fig):
        if heading:
            doc.add(f"#### {heading}")
        for s, series in enumerate(fig.series):
            present = _present(fig, s, cols)
            if present:
                doc.add(f"{'#####' if heading else '####'} {series.label}")
                doc.add(*(f"- {_long(fig, fig.points[x], k=True)}: {doc.value((p, s, x))}" for _, _, p, x in present))


# --------------------------------------------------------------------------- the layout table

@dataclass(frozen=True)
class Layout:
    """A named way of writing a figure: the data section's body, its notation, whether the
    legend maps colours to names, and which figures it applies to."""

    name: str
    family: str
    body: Body
    notation: str = "plain"
    legend: bool = False
    fields: bool = False
    applies: Callable[[Figure], bool] = lambda fig: True


def _multi_series(fig: Figure) -> bool:
    return len(fig.series) > 1


def _multi_series_one_key(fig: Figure) -> bool:
    """Several series, and an x place that is one setting or category ('At 2k', not 'At SnapKV, KV Budget 1024')."""
    return len(fig.series) > 1 and len(fig.setting_columns) <= 1


def _aligned_ok(fig: Figure) -> bool:
    return fig.x_is_setting and len(fig.setting_columns) == 1 and len(fig.values) == (
        len(fig.panels) * len(fig.series) * len(fig.points))


def _has_params(fig: Figure) -> bool:
    return all(s.params_b for s in fig.series)


def _has_k(fig: Figure) -> bool:
    return any(_k(v) for v in fig.values.values())


def _has_k_categories(fig: Figure) -> bool:
    return fig.x_is_setting and any(_k_label(c) != c for pt in fig.points for c in pt.cells)


def _has_percent(fig: Figure) -> bool:
    return any(p.unit == "%" for p in fig.panels)


LAYOUTS: tuple[Layout, ...] = (
    Layout("table_series_rows", "table", lambda d: _table(d, "pipe", "series_rows")),
    Layout("table_series_cols", "table", lambda d: _table(d, "pipe", "series_cols")),
    Layout("table_whitespace", "table", lambda d: _table(d, "whitespace", "series_rows")),
    Layout("table_fenced", "table", lambda d: _table(d, "fenced", "series_rows")),
    Layout("table_fenced_cols", "table", lambda d: _table(d, "fenced", "series_cols")),
    Layout("list_category_before", "list", lambda d: _list_per_series(d, "before")),
    Layout("list_category_after", "list", lambda d: _list_per_series(d, "after")),
    Layout("inline_category_after", "list", lambda d: _list_per_series(d, "inline_after")),
    Layout("inline_category_before", "list", lambda d: _list_per_series(d, "inline_before")),
    Layout("list_aligned_to_axis", "list", lambda d: _list_per_series(d, "aligned"), applies=_aligned_ok),
    Layout("list_per_category", "list", lambda d: _list_per_category(d)),
    Layout("inline_pairs", "inline", lambda d: _list_per_category(d, inline=True), notation="approx"),
    Layout("prose", "prose", lambda d: _prose(d)),
    Layout("prose_per_series", "prose", _prose_per_series),
    Layout("prose_colour", "colour", lambda d: _prose(d, "colour"), legend=True, applies=_multi_series),
    Layout("prose_colour_k_pct", "colour", lambda d: _prose(d, "colour", k=True), notation="pct", legend=True,
           applies=lambda fig: _multi_series(fig) and _has_k_categories(fig) and _has_percent(fig)),
    Layout("colour_at", "colour", lambda d: _colour_series(d, "at"), legend=True, applies=_multi_series),
    Layout("colour_parens", "colour", lambda d: _colour_series(d, "parens"), legend=True, applies=_multi_series),
    Layout("series_numbered", "colour", _numbered_series),
    Layout("colour_value_then_look", "colour", lambda d: _colour_per_category(d, "parens"), legend=True,
           applies=_multi_series_one_key),
    Layout("colour_place_first", "colour", lambda d: _colour_per_category(d, "place_first"), legend=True,
           applies=_multi_series_one_key),
    Layout("headings_mixed", "headings", lambda d: _list_per_series(d, "before", "mixed")),
    Layout("headings_bold", "headings", lambda d: _list_per_series(d, "before", "bold")),
    Layout("axis_fields", "headings", lambda d: _list_per_series(d, "before"), fields=True),
    Layout("scatter_tuples", "list", _tuples, applies=_has_params),
    Layout("name_size_parens", "list", _name_size_parens, applies=_has_params),
    Layout("k_categories", "notation", _k_categories, notation="k", applies=_has_k_categories),
    Layout("notation_tilde", "notation", lambda d: _list_per_series(d, "before"), notation="tilde"),
    Layout("notation_approx", "notation", lambda d: _list_per_series(d, "before"), notation="approx"),
    Layout("notation_pm", "notation", lambda d: _list_per_series(d, "before"), notation="pm"),
    Layout("notation_pct", "notation", lambda d: _list_per_series(d, "before"), notation="pct", applies=_has_percent),
    Layout("notation_bold", "notation", lambda d: _list_per_series(d, "before"), notation="bold"),
    Layout("notation_footnote", "notation", lambda d: _list_per_series(d, "before"), notation="footnote"),
    Layout("notation_k", "notation", lambda d: _list_per_series(d, "before"), notation="k", applies=_has_k),
    Layout("table_pm", "notation", lambda d: _table(d, "pipe", "series_cols"), notation="pm"),
    Layout("table_bold", "notation", lambda d: _table(d, "pipe", "series_cols"), notation="bold"),
    Layout("table_footnote", "notation", lambda d: _table(d, "pipe", "series_rows"), notation="footnote"),
)

LAYOUT_BY_NAME = {layout.name: layout for layout in LAYOUTS}


def render(fig: Figure, layout: Layout, seed: int = 0) -> Rendered:
    """The document `layout` writes for `fig` (deterministic in `seed`), with its gold rows and spans."""
    doc = _Doc(fig, random.Random(f"{fig.name}/{layout.name}/{seed}"), layout.notation)
    doc.index = fig.row_index()
    legend = None
    if layout.legend:
        legend = [f"{s.colour} line ({s.marker} markers): {s.label}" for s in fig.series]
    _header(doc, legend, layout.fields)
    layout.body(doc)
    _footer(doc)
    marked = "\n".join(doc.lines).rstrip("\n") + "\n"
    text = _MARK.sub("", marked)
    spans: dict[int, tuple[int, int]] = {}
    removed = 0
    for match in _MARK.finditer(marked):
        start = match.start() - removed  # the item's offset in the clean text
        removed += match.end() - match.start()
        row, need = int(match.group(1)), int(match.group(2))
        begin = len(text[:start].encode("utf-8"))
        end = len(text[:start + need].encode("utf-8")) + max(0, start + need - len(text))
        spans.setdefault(row, (begin, end))
    rows = fig.rows()
    missing = [i for i in range(len(rows)) if i not in spans]
    if missing:
        raise AssertionError(f"{fig.name}/{layout.name} does not write rows {missing}")
    return Rendered(fig.name, layout.name, text.encode("utf-8"), rows, [spans[i] for i in range(len(rows))])
