"""Unit tests of the rules added for heldout10 and heldout13 failure classes, each in a
document of our own: per-panel axes, computations and ratios, run-failure cells, a number cut
inside its thousands, a panel's metadata subsection, places written after 'for' or 'at the
final ... tick', a metric in parentheses after a value, and one stated metric per sentence."""

from __future__ import annotations

from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.reference import Reference
from tests._facts import metric_rows as rows


def test_each_panel_reads_its_own_axes(ref: Reference) -> None:
    text = ("## Figure: MATH-500 accuracy (left) and speed (right)\n### Components/Axes\n"
            "**Panel (a) — accuracy**\n- Y-axis: \"Pass@1 (%)\", 0-100\n"
            "**Panel (b) — speed**\n- X-axis: \"Batch size\", ticks 1, 16\n- Y-axis: \"Throughput (tokens/s)\"\n"
            "### Detailed Analysis\n#### (a) Bars\n- Zeta-7B: 61.5\n"
            "#### (b) Lines\n- Zeta-7B: 75 at bs 1, 930 at bs 16\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "", 61.5), ("Zeta-7B", "throughput", "batch_size=1", 75.0),
                               ("Zeta-7B", "throughput", "batch_size=16", 930.0)}


def test_a_computation_and_a_ratio_are_not_values(ref: Reference) -> None:
    text = ("## Bar Chart: GPQA Diamond accuracy\n### Detailed Analysis\n- Zeta-7B: 52.25\n- Orca-8B: 48.5\n"
            "- **Comparison:** Zeta-7B leads by 52.25 - 48.5 = 3.75 points.\n"
            "- Orca-8B needs about 1.3 times the tokens of Zeta-7B.\n")
    assert {r[3] for r in rows(text, ref)} == {52.25, 48.5}
    reasons = {s.reason for s in interpret(parse_chart(text), ref).skipped}
    assert {"arithmetic", "ratio"} <= reasons


def test_a_failed_run_cell_holds_no_value(ref: Reference) -> None:
    text = ("## Line Chart: RULER accuracy vs. context length\n### Components/Axes\n"
            "- X-axis: \"Context length\", ticks 8K, 64K\n- Y-axis: \"Accuracy (%)\"\n### Detailed Analysis\n"
            "| Context | Zeta-7B | Orca-8B |\n|---|---|---|\n| 8K | 90.5 | 88.0 |\n| 64K | 71.25 | OOM |\n")
    found = rows(text, ref)
    assert len(found) == 3 and not any("OOM" in r[2] for r in found)


def test_a_number_cut_inside_its_thousands_is_dropped() -> None:
    chart = parse_chart("## Table: speed\n### Detailed Analysis\n| Metric | A-7B | B-8B |\n|---|---|---|\n"
                        "| Throughput (tok/s) | 2,310 | 1,1")
    assert chart.is_truncated
    values = {r.value for p in chart.points for r in p.readings}
    cells = [c for p in chart.points for _, c in p.fields]
    assert 1.0 not in values and "1" not in cells and "2,310" in cells


def test_a_metadata_subsection_inside_a_panel_is_its_components(ref: Reference) -> None:
    text = ("# Technical Data Extraction: AIME-24 under KV budgets\n## Chart (a): Zeta-7B\n### Metadata\n"
            "- **X-Axis:** KV Budget (tokens) [Categories: 1024, 2048]\n"
            "- **Primary Y-Axis (Left):** Pass@1 (%) [Range: 30 to 70]\n### Key Data Points\n"
            "| KV Budget | Pass@1 |\n| :--- | :--- |\n| 1024 | ~48.25 |\n| 2048 | ~55.5 |\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "kv_budget=1024", 48.25), ("Zeta-7B", "pass@1", "kv_budget=2048", 55.5)}


def test_places_after_for_and_at_the_final_tick(ref: Reference) -> None:
    text = ("## Line Chart: RULER accuracy vs. context length\n### Components/Axes\n"
            "- **X-axis:** \"Context length (tokens)\", ticks 4096, 8192, 16384\n- **Y-axis:** \"Accuracy (%)\"\n"
            "### Detailed Analysis\nThe blue line for Zeta-7B reads 95.5% at the first tick (4096), drops by 8,192 "
            "(90.25%) and ends at 80.5% for 16,384 tokens.\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "context_length=4096", 95.5),
                               ("Zeta-7B", "accuracy", "context_length=8192", 90.25),
                               ("Zeta-7B", "accuracy", "context_length=16384", 80.5)}


def test_a_metric_after_a_value_and_one_metric_per_sentence(ref: Reference) -> None:
    text = ("## Data Table: Math results\n### Overview\nThe table compares two models. Each cell is an accuracy "
            "score; one model also shows its maj@8 score.\n### Detailed Analysis\n* **GSM8K:**\n"
            "* Zeta-7B: 90.5, 92.25 (maj@8)\n* Orca-8B: 88.75\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "", 90.5), ("Zeta-7B", "maj@8", "", 92.25),
                               ("Orca-8B", "accuracy", "", 88.75)}


def test_legend_series_under_a_category_opening(ref: Reference) -> None:
    text = ("## Line Chart: AIME24 accuracy vs. samples\n### Overview\nAccuracy against the number of samples N.\n"
            "### Components/Axes\n- **X-Axis:** Label: `N`. Markers at 4, 16\n"
            "- **Y-Axis:** Accuracy (%)\n- **Legend:**\n    * `Vote`: Blue line\n    * `Rerank`: Orange line\n"
            "### Detailed Analysis\n**Row 1: Zeta-7B**\n"
            "* **AIME24:** Rises. At N=4, Vote ~61.5%, Rerank ~60.25%; at N=16, Vote ~66.5%, Rerank ~64.75%.\n")
    found = rows(text, ref)
    assert ("Zeta-7B", "accuracy", "method=Vote, num_samples=4", 61.5) in found
    assert ("Zeta-7B", "accuracy", "method=Rerank, num_samples=16", 64.75) in found


def test_a_compound_column_and_a_rank_after_a_value(ref: Reference) -> None:
    text = ("## Data Table: Knowledge scores\n### Detailed Analysis\n"
            "| Model | Params (Total / Active) | MMLU-Pro |\n|---|---|---|\n| Zeta-30B-A3B | 30B / 3B | 70.5 (2) |\n")
    facts = interpret(parse_chart(text + "### Interpretation\nAs expected.\n"), ref)
    assert {(v.model_as_written, v.value) for v in facts.values} == {("Zeta-30B-A3B", 70.5)}
    assert {(p.param_kind, p.params_b) for p in facts.params} == {("total", 30.0), ("active", 3.0)}
    assert any(s.reason == "annotation" and s.token == "2" for s in facts.skipped)


def test_html_rows_spanning_rows_and_columns(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Table 2\n## Caption\n\"Pass@1 (%) on MATH-500 under KV budgets.\"\n"
            "## Transcription\n<table>\n<thead>\n"
            "<tr><th rowspan=\"2\">KV Budget</th><th colspan=\"2\">Zeta-7B</th></tr>\n"
            "<tr><th>H2O</th><th>SnapKV</th></tr>\n</thead>\n<tbody>\n"
            "<tr><td>512</td><td>38.5</td><td>41.25</td></tr>\n"
            "<tr><td><i>FullKV</i></td><td colspan=\"2\">62.5</td></tr>\n</tbody>\n</table>\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "kv_budget=512, method=H2O", 38.5),
                               ("Zeta-7B", "pass@1", "kv_budget=512, method=SnapKV", 41.25),
                               ("Zeta-7B", "pass@1", "method=FullKV", 62.5)}


def test_an_arrow_chain_is_a_list_and_thousands_stay_in_ticks(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 Pass@1 vs. thinking budget\n### Components/Axes\n"
            "* **X-axis:** \"Thinking Budget (tokens)\", with three categories: 1,024, 2,048 and 4,096.\n"
            "* **Y-axis:** \"Pass@1 (%)\"\n### Detailed Analysis\n* **Zeta-7B (blue):** 30.5 → 41.25 → 50.75\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", f"thinking_budget={b}", v)
                               for b, v in ((1024, 30.5), (2048, 41.25), (4096, 50.75))}


def test_bold_lines_as_sections_and_italic_group_headers(ref: Reference) -> None:
    text = ("## Bar Chart: Scores of two models\n\n**Overview**\n\nThe chart shows GPQA Diamond accuracy.\n\n"
            "**Components/Axes**\n\n* **Y-axis:** \"Accuracy (%)\"\n\n**Detailed Analysis:**\n\n*Zeta-7B*\n"
            "* GPQA Diamond (blue): ~40.5%\n\n*Orca-8B*\n* GPQA Diamond (blue): ~45.25%\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "", 40.5), ("Orca-8B", "accuracy", "", 45.25)}


def test_a_label_row_heads_the_table_rows_below_it(ref: Reference) -> None:
    text = ("## Table: GSM8K accuracy and speed\n### Detailed Analysis\n| Precision | Zeta-7B |\n|---|---|\n"
            "| ***GSM8K accuracy (%)*** | |\n| BF16 | 84.5 |\n| ***Decode throughput (tok/s)*** | |\n| BF16 | 92.25 |\n")
    assert rows(text, ref) == {("Zeta-7B", "accuracy", "precision=BF16", 84.5),
                               ("Zeta-7B", "throughput", "precision=BF16", 92.25)}


def test_heatmap_cells_labelled_by_their_two_settings(ref: Reference) -> None:
    text = ("## Heatmap: AIME 2025 Pass@1 by temperature and top-p (Zeta-7B)\n### Components/Axes\n"
            "* **Y-axis Label:** \"Temperature\". The axis markers are 0.4 and 0.8.\n"
            "* **X-axis Label:** \"Top-p\". The axis markers are 0.9 and 1.0.\n"
            "* **Colorbar:** labelled \"Pass@1 (%)\".\n### Detailed Analysis\n"
            "* **(0.4, 0.9):** Pass@1 = 58.5\n* **(0.8, 1.0):** Pass@1 = 61.25\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "temperature=0.4, top_p=0.9", 58.5),
                               ("Zeta-7B", "pass@1", "temperature=0.8, top_p=1", 61.25)}


def test_a_value_at_its_place_written_with_at_signs(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2024 Pass@1 under KV budgets (Zeta-7B)\n### Components/Axes\n"
            "* **X-Axis:** `KV Budget` with ticks `256`, `512`\n* **Y-Axis:** `Pass@1 (%)`\n### Detailed Analysis\n"
            "* `SnapKV`: 18.25@256, 25.5@512\n")
    assert rows(text, ref) == {("Zeta-7B", "pass@1", "kv_budget=256, method=SnapKV", 18.25),
                               ("Zeta-7B", "pass@1", "kv_budget=512, method=SnapKV", 25.5)}


def test_a_sentence_about_one_category_places_its_values(ref: Reference) -> None:
    text = ("## Bar Chart: MMLU-Pro accuracy under weight quantization\n### Overview\nThe bars share the same x-axis "
            "categories, the precisions BF16, FP8 and INT4. The caption states that blue bars belong to Zeta-70B and "
            "grey bars to Orca-72B.\n### Components/Axes\nThe y-axis is labelled \"Accuracy (%)\"; the x-axis label "
            "\"Precision\" is written below.\n### Detailed Analysis\nThe FP8 cluster is almost unchanged, with labels "
            "of 68.25 for Zeta-70B and 70.5 for Orca-72B.\n")
    found = rows(text, ref)
    assert ("Zeta-70B", "accuracy", "precision=FP8", 68.25) in found
    assert ("Orca-72B", "accuracy", "precision=FP8", 70.5) in found


def test_a_panel_named_by_its_position_and_mark(ref: Reference) -> None:
    text = ("## Scatter Plots: Scores against parameters\n### Components/Axes\n* **Left plot (a):**\n"
            "    * **X-axis:** \"Total Parameters (B)\"\n    * **Y-axis:** \"MATH-500 Pass@1 (%)\"\n* **Right plot (b):**\n"
            "    * **X-axis:** \"Activated Parameters (B)\"\n    * **Y-axis:** \"AIME 2025 Pass@1 (%)\"\n"
            "### Detailed Analysis\n**Left plot (a): MATH-500**\n* **Zeta-MoE:** Approximately (120, 80.5).\n"
            "**Right plot (b): AIME 2025**\n* **Zeta-MoE:** Approximately (12, 60.25).\n")
    facts = interpret(parse_chart(text + "### Interpretation\nAs expected.\n"), ref)
    assert {(p.param_kind, p.params_b) for p in facts.params} == {("total", 120.0), ("active", 12.0)}
