"""The typed chart representation that extraction produces and transformation consumes.

Everything keeps the 1-based line it came from, so that every loaded value can be traced
back to its quote. These are plain dataclasses with no behaviour beyond small helpers, and are
never modified after construction (`dataclasses.replace` makes a changed copy). The many
built per document (spans, points, skips) use slots instead of frozen=True, whose
construction costs about four times as much; readings, which are memoised and shared, stay frozen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from benchdb.etl.extract.numbers import Number


@dataclass(slots=True)
class Span:
    """A piece of text on one line of the description."""

    line: int
    text: str


@dataclass(frozen=True)
class Axis:
    """An axis as the Components section describes it.

    `role` is 'x', 'y', 'y_left', 'y_right' or 'colorbar'; `ticks` are tick labels or
    categories as written, in order; `panel` marks an axis described under one panel's
    header ('**Panel (b)**'), which holds for the data under that panel's header."""

    role: str
    label: str
    unit: str | None
    scale: str | None
    ticks: tuple[str, ...]
    line: int
    panel: str = ""  # the panel mark ('a', '2') when the axis belongs to one panel of several


@dataclass(frozen=True)
class LegendEntry:
    """One legend entry: the marker style (colour, shape) and the series it names."""

    style: str
    label: str
    line: int


@dataclass(frozen=True, slots=True)  # frozen: memoised readings are shared between lines
class Reading:
    """One number of a data line with what the line says about it.

    `key_before` / `key_after` are the words naming the quantity (``Pass@1 ≈ 81.4``,
    ``55 Pass@1``, ``~3B activated``); `position` is 'x', 'y' or 'z' inside a coordinate
    tuple; `category` is the x category written with the value (``42.7 (2500)``);
    `is_listed` marks a value of a bare list that must be aligned to the x categories;
    `after_text` is the text that follows the number up to the next one (``in BF16``);
    `slot` places a listed value in a list that has gaps (``47.0 / n/a / 73.1``);
    `at` is the number written after ``at`` (``31.0 at 512``, ``0.64 at 6×10⁴ tokens``), which
    only the figure's axes can tell to be an x category or an x quantity."""

    number: Number
    key_before: str = ""
    key_after: str = ""
    position: str | None = None
    category: str | None = None
    is_listed: bool = False
    after_text: str = ""
    at: Number | None = None  # '31.0 at 512': the number after 'at', an x category or an x quantity
    at_unit: str = ""         # the word after it ('tokens')
    # a listed value's place in a list with placeholders and that list's length; (k, -1) is the k-th
    # x category named by its order ('the third marker'; k = -1 the last)
    slot: tuple[int, int] | None = None

    @property
    def value(self) -> float:
        return self.number.value


@dataclass(slots=True)
class Point:
    """One data line (or table row, or prose clause) with its enclosing group headers.

    `context` runs from the outermost header (a panel title) to the innermost (a series);
    `label` is the line's own label (a model, a series, a category) as written; `note` is a
    parenthetical that followed the label (``Ours``, ``Blue Bars``); `fields` are the
    non-numeric cells of a table row by column header; `clauses` are the line's
    ``name ≈ value`` clauses when it is a run of them (``GPT-4o ≈ 88.7, Claude 3.5 Sonnet ≈
    88.3``), each with its own readings: transformation decides whether the names are
    series (then each clause is a point of its own) or quantities of one series; `topics`
    are the sentences before a prose point's own in its paragraph, which may name the
    benchmark its values are on (``The middle cluster, LiveCodeBench, ...``)."""

    line: int
    quote: str
    context: tuple[Span, ...]
    label: str | None
    readings: tuple[Reading, ...]
    note: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    is_reference_line: bool = False
    is_table_row: bool = False
    clauses: tuple[tuple[str, tuple[Reading, ...]], ...] = ()
    topics: tuple[Span, ...] = ()


@dataclass(slots=True)
class Skip:
    """Something the extractor saw but did not load, with the reason.

    `token` is the number as written when the skip is about one number of the line (an
    annotation, a range, a value with no model); None when it is about the whole line."""

    line: int | None
    quote: str
    reason: str
    detail: str = ""
    token: str | None = None


@dataclass(slots=True)
class Scope:
    """A line of a data section (Components/Axes, Detailed Analysis, tables, legends) with
    what the parser took it for; every number in `text` must end in the ledger.

    `text` is the line's content as the recognizers read it (markup removed); `role` is
    'axis', 'legend', 'note' (a Components line that is none of the others), 'header' (a
    group header), 'table header', 'field' (a descriptive field: `field` holds its name,
    ``Trend``, ``Error bars``), 'data' (a data line, table row or reference line), 'prose' (a
    sentence read for names and values) or 'unread'
    (a code block inside a data section); `quote` is the line as written."""

    line: int
    text: str
    role: str
    field: str = ""
    quote: str = ""  # the line as written (with its indentation)


@dataclass(slots=True)
class Claim:
    """A number of a data line that became part of a fact: `state` is 'measurement',
    'parameter' or 'setting'; `token` is the number as written."""

    line: int
    token: str
    state: str
    reason: str = ""


@dataclass(frozen=True)
class Chart:
    """A chart description, typed: title, kind, axes, legend, data points, and skips."""

    title: Span | None
    kind: str | None
    overview: tuple[Span, ...]
    axes: tuple[Axis, ...]
    legend: tuple[LegendEntry, ...]
    points: tuple[Point, ...]
    skipped: tuple[Skip, ...] = ()
    is_truncated: bool = False
    n_lines: int = 0
    notes: tuple[Span, ...] = field(default=())
    scopes: tuple[Scope, ...] = field(default=())
    panel_axes: tuple[Axis, ...] = field(default=())  # axes of single panels, when panels differ
    panels: tuple[tuple[int, str], ...] = field(default=())  # (line of a data group header, its panel mark)

    def axis(self, *roles: str) -> Axis | None:
        """The first axis with one of `roles`, in the order given."""
        for role in roles:
            for axis in self.axes:
                if axis.role == role:
                    return axis
        return None
