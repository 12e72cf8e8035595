"""The ledger as a gate: every number of a data section ends in exactly one state, and
every one that is not loaded is in `skipped_values` with its reason. Nothing is silent.

Checked over every shared corpus (../shared/corpus/*/docs), every test case
(tests/cases/**), synthetic documents from benchmarks/generate.py, and Hypothesis-made
documents; plus what single lines end as, and the rows a real refresh writes.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import duckdb
import pytest
from hypothesis import given

from benchdb.etl.extract.document import read_document
from benchdb.etl.extract.numbers import find_numbers
from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.load.cache import extract_bytes
from benchdb.etl.pipeline import refresh
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.ledger import STATES, UNATTRIBUTED, LedgerEntry, account, ledger, silent
from benchdb.etl.transform.reference import load_reference
from benchmarks.generate import render
from tests.test_parse_properties import PROPERTY, markdownish

REFERENCE = load_reference()
CASES = Path(__file__).parent / "cases"


def documents(shared_dir: Path | None) -> list[Path]:
    """Every description of the shared corpora and the test cases."""
    folders = sorted((shared_dir / "corpus").glob("*/docs")) if shared_dir is not None else []
    folders.append(CASES)
    return [p for folder in folders for p in sorted(folder.rglob("*")) if p.suffix in (".md", ".txt") and p.is_file()]


def check_ledger(text: str) -> list[LedgerEntry]:
    """Assert the ledger of `text` accounts for every number of its data sections; return it."""
    data = text.encode("utf-8", errors="replace")
    decoded, _ = read_document(data)
    if decoded is None:  # an empty file: nothing to account for
        assert not extract_bytes(data, REFERENCE).ok
        return []
    text = decoded
    chart = parse_chart(text)
    facts = interpret(chart, REFERENCE)
    entries = account(chart, facts, REFERENCE)
    # exactly one entry per number of every data-section line
    expected = Counter((scope.line, n.start) for scope in chart.scopes for n in find_numbers(scope.text))
    assert Counter((e.line, e.offset) for e in entries) == expected
    assert not silent(entries)
    assert all(e.state in STATES for e in entries)
    # every measurement and parameter count a fact was made of is a number of its line
    made_of = Counter((c.line, c.state) for c in facts.claims if c.state in ("measurement", "parameter"))
    found = Counter((e.line, e.state) for e in entries if e.by == "fact" and e.state in ("measurement", "parameter"))
    assert found == made_of
    # and every number not loaded is in skipped_values, with its reason
    result = extract_bytes(data, REFERENCE)
    assert result.ok, result.error
    rows = {(line, reason) for line, _quote, reason, _detail in result.skips}
    whole = {reason for line, _quote, reason, _detail in result.skips if line is None}
    for entry in entries:
        if entry.state in ("non-data", "unattributed"):
            reason = entry.reason if entry.by != "ledger" or entry.state == "non-data" else UNATTRIBUTED
            assert (entry.line, reason) in rows or reason in whole, entry
    return entries


def test_every_number_of_every_corpus_and_case_is_accounted_for(shared_dir: Path | None) -> None:
    paths = documents(shared_dir)
    assert len(paths) >= 60  # the test cases alone: golden and two held-out corpora
    totals: Counter[str] = Counter()
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            entries = check_ledger(text)
        except AssertionError as exc:
            raise AssertionError(f"{path}: {exc}") from exc
        totals.update(e.state for e in entries)
    assert totals["measurement"] > 0 and totals["non-data"] > 0


def test_every_number_of_generated_documents_is_accounted_for() -> None:
    for index in range(0, 4000, 20):  # 200 documents across every style of the generator
        check_ledger(render(index))


@PROPERTY
@given(markdownish)
def test_ledger_accounts_for_every_number_of_any_document(text: str) -> None:
    check_ledger(text)


DOCUMENT = """## Scatter Plot: AIME 2025 Pass@1 vs. Total Parameters

### Components/Axes
* **X-axis:** Total Parameters (B), log scale, ticks at 4, 10, 32
* **Y-axis:** AIME 2025 Pass@1 (%)
* **Legend:** Blue circle: Qwen 3 family

### Detailed Analysis
* **Qwen3-8B:** (8B, 76.0)
* **Claude 3.5 Sonnet:** (100B, 62.1 ± 1.5)
* KV Budget 2500: Pass@1 ≈ 42.7
* The plot contains 12 data points.
* Llama 3.1 70B (70B parameters, ~83.6 score)
The fit line rises about 6 points per doubling of parameters.
* Trend: flat after 2048

### Key Observations
* Qwen3-8B leads with 76.0, ahead by 13.9 points.
"""


def entries_of(text: str) -> dict[tuple[int, str], LedgerEntry]:
    return {(e.line, e.token): e for e in ledger(text, REFERENCE)}


def test_each_number_ends_in_the_state_its_role_gives() -> None:
    found = entries_of(DOCUMENT)
    states = {key: (e.state, e.reason) for key, e in found.items()}
    assert states[(4, "4")] == ("non-data", "axis tick or label")
    assert states[(4, "32")] == ("non-data", "axis tick or label")
    assert states[(5, "2025")] == ("non-data", "axis tick or label")
    assert states[(9, "8B")][0] == "parameter"
    assert states[(9, "76.0")][0] == "measurement"
    assert states[(10, "3.5")] == ("non-data", "version inside a name")
    assert states[(10, "1.5")] == ("non-data", "annotation")  # the error bar, dropped by the recognizer
    assert states[(10, "62.1")][0] == "measurement"
    assert states[(11, "2500")] == ("setting", "setting in a label")
    assert states[(12, "12")] == ("non-data", "count")
    assert states[(13, "3.1")] == ("non-data", "version inside a name")
    assert states[(13, "~83.6")][0] == "measurement"
    assert states[(14, "about 6")] == ("non-data", "difference")  # '6 points per doubling': a gap, not a value
    assert states[(15, "2048")] == ("non-data", "trend")
    # commentary is not a data section: its numbers are not in the ledger
    assert not [key for key in found if key[0] >= 17]
    assert not silent(list(found.values()))


def test_the_size_a_name_states_is_not_the_count_the_line_plots() -> None:
    entries = [e for e in ledger(DOCUMENT, REFERENCE) if e.line == 13 and e.token == "70B"]
    # 'Llama 3.1 70B (70B parameters, ...)': the second 70B is the plotted count, the first is the name's
    assert [(e.state, e.reason) for e in entries] == [("non-data", "version inside a name"), ("parameter", "")]


def test_a_number_nothing_can_tie_to_a_fact_is_unattributed_with_the_missing_role() -> None:
    entry = entries_of(DOCUMENT)[(11, "≈ 42.7")]  # 'KV Budget 2500: Pass@1 ≈ 42.7' names no model
    assert (entry.state, entry.reason) == ("unattributed", "no model")
    line = "The top bar belongs to LIMO, which reaches 48.4%. Qwen2-7B-Instruct reaches about 46.0%."
    text = f"## Chart: MMLU accuracy\n\n### Detailed Analysis\n{line}\n"
    found = entries_of(text)
    assert found[(4, "about 46.0%")].state == "measurement"
    assert (found[(4, "48.4%")].state, found[(4, "48.4%")].reason) == ("unattributed", "no model")
    skips = extract_bytes(text.encode(), REFERENCE).skips
    assert (4, line, UNATTRIBUTED, "no model: 48.4% (no model name before it in its sentence)") in skips


def test_a_reference_line_is_read_at_its_position_not_at_a_version_in_its_label() -> None:
    text = ("## Chart: MATH-500 Pass@1\n\n### Components/Axes\n* **Y-axis:** MATH-500 Pass@1 (%)\n"
            "* **Reference line:** Dashed gray horizontal line at y ≈ 55.4, labeled \"Gemini 2.5 Pro\".\n")
    facts = interpret(parse_chart(text), REFERENCE)
    assert [(v.model_name, v.value) for v in facts.values] == [("Gemini 2.5 Pro", 55.4)]
    found = entries_of(text)
    assert found[(5, "≈ 55.4")].state == "measurement"
    assert (found[(5, "2.5")].state, found[(5, "2.5")].reason) == ("non-data", "version inside a name")


def test_skipped_values_holds_every_number_the_warehouse_does_not_load(tmp_path: Path, seed_docs: Path) -> None:
    db = tmp_path / "ledger.duckdb"
    refresh(seed_docs, db)
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("select source, source_line, reason, detail from skipped_values").fetchall()
        loaded = con.execute("select count(*) from measurements").fetchall()[0][0]
    finally:
        con.close()
    by_line = {(source, line, reason) for source, line, reason, _ in rows}
    measured = 0
    for path in sorted(seed_docs.glob("*.txt")):
        for entry in ledger(path.read_text(encoding="utf-8"), REFERENCE):
            measured += entry.state == "measurement"
            if entry.state in ("non-data", "unattributed"):
                reason = entry.reason if entry.by != "ledger" or entry.state == "non-data" else UNATTRIBUTED
                assert (path.name, entry.line, reason) in by_line, entry
    assert measured == loaded  # the seeds state no value twice
    ticks = [detail for source, line, reason, detail in rows if reason == "axis tick or label"]
    assert "2500; 3000; 3500; 4000; 4500; 5000" in ticks


@pytest.mark.parametrize("reason", ["axis tick or label", "version inside a name", "count", UNATTRIBUTED])
def test_the_view_comment_lists_the_ledger_reasons(reason: str) -> None:
    from benchdb.etl.paths import sql_dir

    comment = (sql_dir() / "skipped_values.sql").read_text(encoding="utf-8")
    assert reason in comment


def test_the_ledger_report_counts_every_state_and_no_silent_number() -> None:
    from benchmarks.ledger import report

    counts = report(CASES / "golden")
    assert counts["documents"] == len(list((CASES / "golden").glob("*.md"))) and counts["silent"] == 0
    assert counts["tokens"] == sum(counts.get(state, 0) for state in STATES)
