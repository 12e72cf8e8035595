"""Metamorphic suite (issue 11): the same gold figure written in many layouts must yield the same rows.

`tests/metamorphic` renders each base figure (`figures.py`) in every layout that applies to
it (`render.LAYOUTS`: tables with series as rows or columns, pipe / whitespace-aligned /
fenced, lists with the category before or after the value, inline pairs, prose, series named
by colour through a legend, numbered series, mixed heading levels, `Series 1:`-style fields,
notations ~ ≈ ± % k bold and footnote marks), runs the real per-document extraction
(`extract_bytes`, in process) and compares with the figure's gold rows the way the shared
scorer does: (model as written or canonical, canonical benchmark, metric, setting pairs,
value).

Two checks per (figure, layout):
- full: the extracted rows are exactly the gold rows (nothing missed, nothing extra);
- truncated: cut at random bytes and around values, every extracted row is a gold row whose
  text is complete before the cut (nothing wrong before the cut, nothing after it).

Every case runs. The cases that fail today are listed in KNOWN_GAPS, the one table of known
gaps, and marked `xfail(strict=True)`: when the extractor learns a layout, its cases pass, the
strict xfail fails the run, and the entry must be removed. The table only ever shrinks; never
add to it to make a run green. `python -m tests.metamorphic.report` prints the pass rates.
"""

from __future__ import annotations

import pytest

from tests.metamorphic.compare import check_truncation, cut_points, evaluate, name_key
from tests.metamorphic.figures import FIGURE_BY_NAME, FIGURES
from tests.metamorphic.render import LAYOUT_BY_NAME, LAYOUTS, Figure, Layout, render

CHECKS = ("full", "truncated")

#: (check, layout) -> (why it fails, the figures whose case fails it today). Only ever shrinks.
KNOWN_GAPS: dict[tuple[str, str], tuple[str, str]] = {}


def cases() -> list[tuple[Figure, Layout]]:
    """Every (figure, layout) pair whose layout applies to the figure (see `Layout.applies`)."""
    return [(fig, layout) for layout in LAYOUTS for fig in FIGURES if layout.applies(fig)]


def known_gap(check: str, fig: Figure, layout: Layout) -> str | None:
    """Why (check, figure, layout) fails today, or None when it must pass."""
    entry = KNOWN_GAPS.get((check, layout.name))
    return entry[0] if entry and fig.name in entry[1].split() else None


def _params(check: str) -> list[object]:
    """The cases of `check`, each known gap marked strict xfail."""
    params = []
    for fig, layout in cases():
        reason = known_gap(check, fig, layout)
        marks = [pytest.mark.xfail(strict=True, reason=f"known gap: {reason}")] if reason else []
        params.append(pytest.param(fig, layout, id=f"{fig.name}-{layout.name}", marks=marks))
    return params


@pytest.mark.parametrize(("fig", "layout"), _params("full"))
def test_layout_yields_the_gold_rows(fig: Figure, layout: Layout) -> None:
    outcome = evaluate(render(fig, layout))
    assert outcome.exact, outcome.explain()


@pytest.mark.parametrize(("fig", "layout"), _params("truncated"))
def test_truncated_layout_loads_only_complete_gold_rows(fig: Figure, layout: Layout) -> None:
    doc = render(fig, layout)
    failures = [t for t in (check_truncation(doc, cut) for cut in cut_points(doc)) if not t.ok]
    assert not failures, "\n".join(t.explain(doc.data) for t in failures[:3])


def test_known_gaps_name_real_cases() -> None:
    """Every entry names a check, a layout and figures that exist and to which the layout applies,
    so that no entry outlives its case unnoticed."""
    for (check, layout_name), (reason, figures) in KNOWN_GAPS.items():
        assert check in CHECKS, check
        assert layout_name in LAYOUT_BY_NAME, layout_name
        assert reason.strip(), (check, layout_name)
        names = figures.split()
        assert names and len(names) == len(set(names)), (check, layout_name)
        for name in names:
            assert name in FIGURE_BY_NAME, (check, layout_name, name)
            assert LAYOUT_BY_NAME[layout_name].applies(FIGURE_BY_NAME[name]), (check, layout_name, name)


def test_every_layout_and_figure_is_exercised() -> None:
    """No layout applies to no figure, no figure is left out, and most cases are asserted fully."""
    pairs = cases()
    assert {layout.name for _, layout in pairs} == {layout.name for layout in LAYOUTS}
    assert {fig.name for fig, _ in pairs} == {fig.name for fig in FIGURES}
    assert len(LAYOUT_BY_NAME) == len(LAYOUTS) and len(FIGURE_BY_NAME) == len(FIGURES)


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.name)
def test_renderer_states_each_gold_row_once(layout: Layout) -> None:
    """The measuring instrument itself: rendering is deterministic, every gold row is written at
    its own place with its number inside its span, and the commentary sections come after the data."""
    for fig in FIGURES:
        if not layout.applies(fig):
            continue
        doc = render(fig, layout)
        assert doc.data == render(fig, layout).data
        keys = [(name_key(r.model), r.benchmark, r.metric, r.setting, r.value) for r in doc.rows]
        assert len(keys) == len(set(keys)), fig.name
        starts = [start for start, _ in doc.spans]
        assert len(starts) == len(set(starts)), fig.name
        observations = doc.data.index(b"### Key Observations")
        assert doc.data.index(b"### Detailed Analysis") < min(starts)
        for (start, end), row in zip(doc.spans, doc.rows):
            assert start < end <= observations + 1, (fig.name, row)
            digits = doc.data[start:end].decode("utf-8", "replace")
            assert any(ch.isdigit() for ch in digits), (fig.name, row, digits)
