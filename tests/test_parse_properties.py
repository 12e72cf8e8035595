"""Property tests: extraction never crashes and is deterministic, whatever the input.

Describer output varies without limit, so the parser must take any text: arbitrary
unicode, and markdown-ish documents assembled from the fragments real descriptions are
made of (titles, section headings, bold labels, tuples, tables, notations, unicode digits,
unbalanced brackets). Files are bytes: `read_document` and the whole per-document step
`etl.load.cache.extract_bytes` must take any bytes.
"""

from __future__ import annotations

import codecs
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchdb.etl.extract.chart import Chart
from benchdb.etl.extract.document import read_document
from benchdb.etl.extract.parse import normalise_text, parse_chart
from benchdb.etl.load.cache import extract_bytes
from benchdb.etl.transform.interpret import ValueFact
from benchdb.etl.transform.reference import load_reference

REFERENCE = load_reference()

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FRAGMENTS = (
    # titles and sections, both templates
    "## Scatter Plot: X", "## Chart: AIME 2025 Pass@1 vs. Total Parameters", "## [Combination Chart]: Y",
    "# Technical Document Extraction", "## 1. Overview", "## 2. Axes", "## 3. Detailed Analysis",
    "### Overview", "### Components/Axes", "### Detailed Analysis", "### Detailed Analysis or Content Details",
    "### Key Observations", "### Interpretation", "#### SnapKV", "#### Data Points and Trends", "---",
    # axes, legends, headers
    "* **X-axis:** Total Parameters (Scale: 4B, 10B, 32B, 100B)", "* **Y-axis:** AIME 2025 Pass@1 Score (%)",
    "* **Y-axis (right):** Throughput (tokens/s)", "* **X-axis:** KV Budget (2500, 3000, 3500)",
    "* **Legend:**", "* Gray Circle: Open-Weights Only", "Red Star: Our Model", "**Model: R1-Qwen**",
    "* **4B:**", "1. **Kimi Models**:", "(a) MATH-500", "Panel 2: GPQA-D",
    # data lines
    "* **Model-7B:** (7B, 55.3)", "* POLARIS-4B: Approximately (4B, 81). Gray circle.",
    "- **Kimi-VL-A3B-Thinking-2506**: 3B parameters, 55 Pass@1 (top-left).", "* DASD-4B-Thinking (Ours): (4B, 84)",
    "* **SnapKV:** 30.0, 33.3, 36.0", "Values: 1.2k, 750, 700", "* GPT-4o-mini: dashed line at 63.1",
    "| a | b |", "|---|---|", "| Model | AIME24 | GPQA-D |", "| Qwen3-8B | 76.0 | 62.0 |", "| | |",
    "Trend: flat after 2048", "error bars of ±2", "A FullKV reference line at 41.2",
    # notations and troublemakers
    "≈ 42.7", "~0.63", "1.5×10⁵", "14.0s (±1.0s)", "**47.9%**", "\\n", "(", ")", "**", "*", ":", "|", "[", "]",
    "(7B,", "(4B, 8", "١٢٣٫٤", "٣", "²³", "¹⁰⁵", "½", "−3.5", "1e309", "-0", "NaN", "inf", "0x1F", "1,234.5",
    "Ⅻ", "𝟕𝟎.𝟓", "\u00a0", "\ufeff", "\u200b", "\r\n", "\r", "\t", "\x00", "\ud7ff", "🙂",
)

numbers = st.one_of(
    st.integers(min_value=-10**12, max_value=10**12).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.floats(min_value=0, max_value=1e6).map(lambda f: f"{f:.3g}"),
    st.tuples(st.floats(0, 500), st.sampled_from(["B", "b", "M", "k", "%", "s", " tokens/s", "×"])).map(
        lambda t: f"{t[0]:.1f}{t[1]}"),
)
pieces = st.one_of(st.sampled_from(FRAGMENTS), numbers, st.text(max_size=12))
separators = st.sampled_from(["\n", "\n", "\n", " ", "", ", ", "\n\n", "\n* ", "\n- "])
fragment_soup = st.lists(st.tuples(pieces, separators), max_size=60).map(
    lambda parts: "".join(piece + sep for piece, sep in parts))

# documents shaped like real descriptions (title, axes, data lines), with noise mixed in,
# so that the properties also run over documents that do yield values
model_names = st.one_of(
    st.sampled_from(["Qwen3-8B", "R1-Owen", "GLM-ZI-9B", "Kimi-VL-A3B-Thinking", "DASD-4B-Thinking (Ours)",
                     "Llama-3.2-11B-Inst.", "Mixtral-8x7B", "Model*", "Café-7B", "30B-A3B", "GPT-4o-mini"]),
    st.from_regex(r"[A-Z][a-zA-Z]{1,8}(-[0-9]{1,3}(\.[0-9])?[BbMm])?(-[A-Za-z]{2,6})?", fullmatch=True),
)
small_numbers = st.one_of(st.integers(0, 1000).map(str), st.floats(0, 1000).map(lambda f: f"{f:.1f}"),
                          st.sampled_from(["1.2k", "≈ 42.7", "~0.63", "47.9%", "1.5×10⁵", "−3", "٤٢", "½"]))
DATA_TEMPLATES = (
    "* **{m}:** ({x}B, {y})", "* {m}: Approximately ({x}B, {y}). Gray circle.", "- **{m}**: {x}B parameters, {y} Pass@1.",
    "| {m} | {y} | {x} |", "* {m} ({y})", "* **{m}:** {y}, {x}", "{m}: {y}", "* **{m}:** ({x}B, {y}",
    "  * KV budget {x}: {y}", "#### {m}", "**Model: {m}**", "* **{x}B:**",
)
data_lines = st.tuples(st.sampled_from(DATA_TEMPLATES), model_names, small_numbers, small_numbers).map(
    lambda t: t[0].format(m=t[1], x=t[2], y=t[3]))
structured = st.tuples(
    st.sampled_from(["## Scatter Plot: AIME 2025 Performance vs. Total Parameters", "## Chart: GPQA-D by KV Budget",
                     "## Bar Chart: MATH500 accuracy", "# Technical Document Extraction", "## Line Chart: X", ""]),
    st.lists(st.sampled_from([
        "### Components/Axes", "* **X-axis:** Total Parameters (4B, 10B, 32B)", "* **Y-axis:** Pass@1 (%)",
        "* **X-axis:** KV Budget", "* **Y-axis (right):** Throughput (tokens/s)", "* **Legend:** SnapKV, FullKV",
        "* **X-axis:** Models", "| Model | AIME24 | GPQA-D |", "|---|---|---|"]), max_size=6),
    st.sampled_from(["### Detailed Analysis", "## 3. Detailed Analysis", "### Data Points", "### Table"]),
    st.lists(st.one_of(data_lines, data_lines, pieces), min_size=1, max_size=25),
    st.lists(pieces, max_size=5),
).map(lambda t: "\n".join([t[0], *t[1], t[2], *t[3], "### Key Observations", *t[4]]))

markdownish = st.one_of(fragment_soup, structured)

# bytes that look like files: encodings with and without BOMs, cut anywhere
encoded = st.tuples(markdownish, st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "utf-32",
                                                  "cp1252", "latin-1"]),
                    st.integers(min_value=0, max_value=2000), st.booleans()).map(
    lambda t: _encode(t[0], t[1])[: None if t[3] else t[2]])


def _encode(text: str, encoding: str) -> bytes:
    data = text.encode(encoding, errors="replace")
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    return data


def _same(a: Chart, b: Chart) -> bool:
    """Equal charts; repr as well so that a NaN value does not make equal charts differ."""
    return a == b or repr(a) == repr(b)


@PROPERTY
@given(st.text())
def test_parse_chart_takes_any_text(text: str) -> None:
    chart = parse_chart(text)
    assert isinstance(chart, Chart)
    assert _same(chart, parse_chart(text))


@PROPERTY
@given(markdownish)
def test_parse_chart_takes_markdownish_documents_deterministically(text: str) -> None:
    chart = parse_chart(text)
    assert isinstance(chart, Chart)
    assert _same(chart, parse_chart(text))


@PROPERTY
@given(st.one_of(st.binary(max_size=4096), encoded))
def test_read_document_takes_any_bytes(data: bytes) -> None:
    text, note = read_document(data)
    assert text is None or isinstance(text, str)
    assert note is None or isinstance(note, str)
    if text is None:
        assert note, "an unreadable file needs a reason"
    assert read_document(data) == (text, note)


def _check_extract(data: bytes) -> None:
    result = extract_bytes(data, REFERENCE)
    error = result.error
    assert result.ok == (error is None)
    text, note = read_document(data)
    if text is None:
        assert error == note
    else:
        # a readable file is parsed: an error here is a parser or interpreter crash that _extract caught
        assert error is None, f"extraction crashed: {error}"
    assert extract_bytes(data, REFERENCE) == result


@PROPERTY
@given(st.one_of(st.binary(max_size=4096), encoded))
def test_extract_takes_any_bytes(data: bytes) -> None:
    _check_extract(data)


@PROPERTY
@given(markdownish)
def test_extract_of_markdownish_documents_never_crashes(text: str) -> None:
    _check_extract(text.encode("utf-8", errors="replace"))


@PROPERTY
@given(markdownish)
def test_every_value_quotes_the_line_it_was_read_from(text: str) -> None:
    result = extract_bytes(text.encode("utf-8", errors="replace"), REFERENCE)
    if not result.ok:
        return
    lines = normalise_text(text).split("\n")
    raw_lines = text.split("\n")
    plain = not any(c in text for c in ("\r", "\ufeff", "\\n"))
    for value in (ValueFact(*row) for row in result.values):
        # the quote is the line's text without its surrounding whitespace (indentation, trailing blanks)
        assert 1 <= value.source_line <= len(lines), value
        assert value.quote == lines[value.source_line - 1].strip(), value
        if plain:  # nothing for the normaliser to change: the quote is the line as written
            assert value.quote == raw_lines[value.source_line - 1].strip(), value
        assert math.isfinite(value.value), value


def test_input_that_made_the_markdown_parser_panic_is_parsed() -> None:
    """A Hypothesis find: markdown-it-pyrs's inline backtick scanner panicked on this text."""
    text = "V\x11[ R\x93\x07\U000dc45eª\x83O½¹Z`\U000512a5\U000a2180"
    assert parse_chart(text) == parse_chart(text)
