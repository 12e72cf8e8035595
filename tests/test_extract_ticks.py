"""Unit tests of the mechanisms added for the heldout56-59 failure classes, each in a document of
our own: worded ticks among numbered ones, the spread told after a value, and point tables whose
columns name the axes by their letters."""

from __future__ import annotations

from benchdb.etl.transform.reference import Reference
from tests._facts import rows


def test_a_worded_tick_among_budgets_is_the_run_with_no_limit(ref: Reference) -> None:
    text = ("## Bar Chart: Accuracy vs. Thinking Budget\n### Overview\nZeta-14B on AIME 2025.\n"
            "### Components/Axes\n* **X-axis:** Thinking Budget (categories: No Limit, 2048, 4096)\n"
            "* **Y-axis:** Accuracy (%)\n### Detailed Analysis\n"
            "* **No Limit:** Accuracy is about 63.5%.\n* **2048:** Accuracy is about 51.25%.\n"
            "* **4096:** Accuracy is about 57.75%.\n")
    assert rows(text, ref) == {
        ("Zeta-14B", "AIME 2025", "accuracy", "thinking_budget=none", 63.5),
        ("Zeta-14B", "AIME 2025", "accuracy", "thinking_budget=2048", 51.25),
        ("Zeta-14B", "AIME 2025", "accuracy", "thinking_budget=4096", 57.75)}


def test_the_spread_told_after_a_value_is_an_error_bar(ref: Reference) -> None:
    text = ("## Bar Chart: Response length vs. Thinking Budget\n### Overview\nZeta-14B on GPQA Diamond.\n"
            "### Components/Axes\n* **X-axis:** Thinking Budget (1024, 4096)\n"
            "* **Y-axis:** Average Response Tokens\n### Detailed Analysis\n"
            "* **1024:** Average ~1,150 tokens, range ~700 to ~1,600 tokens.\n"
            "* **4096:** Average ~3,900 tokens, with a spread of ~2,100-5,700 tokens.\n")
    assert {row[3:] for row in rows(text, ref)} == {("thinking_budget=1024", 1150.0), ("thinking_budget=4096", 3900.0)}


def test_point_table_columns_named_by_axis_letters_take_the_axes(ref: Reference) -> None:
    text = ("## Scatter Plot: MMLU-Pro vs. output speed\n### Components/Axes\n"
            "* **X-Axis:** \"Output Speed (tokens/s)\"\n* **Y-Axis:** \"MMLU-Pro Accuracy (%)\"\n"
            "### Detailed Analysis\n| Label | Approx. x (tokens/s) | Approx. y (%) |\n| :--- | :--- | :--- |\n"
            "| Zeta-8B | ~120 | ~48.5 |\n| Kappa-32B | ~41 | ~61.25 |\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MMLU-Pro", "throughput", "", 120.0), ("Zeta-8B", "MMLU-Pro", "accuracy", "", 48.5),
        ("Kappa-32B", "MMLU-Pro", "throughput", "", 41.0), ("Kappa-32B", "MMLU-Pro", "accuracy", "", 61.25)}


def test_a_score_printed_in_a_legend_label_is_that_series_measurement(ref: Reference) -> None:
    text = ("# Technical Document Extraction: Throughput vs. Batch Size\n## 1. Overview\n"
            "Decoding throughput of **Zeta-8B** at three precisions.\n## 2. Component Isolation\n"
            "### Axes\n* X: Batch Size (1, 8)\n* Y: Throughput (tokens/s)\n"
            "### Legend (Spatial Grounding: top left [x≈0.1, y≈0.9])\n"
            "* `BF16 (GSM8K 81.5%)`: Blue solid line\n* `FP8 (GSM8K 80.25%)`: Orange dashed line\n"
            "## 3. Data Extraction\n#### Series: `BF16 (GSM8K 81.5%)` (Blue)\n"
            "| Batch Size | Throughput (tokens/s) |\n| :--- | :--- |\n| 1 | ~405 |\n| 8 | ~2,210 |\n"
            "#### Series: `FP8 (GSM8K 80.25%)` (Orange)\n"
            "| Batch Size | Throughput (tokens/s) |\n| :--- | :--- |\n| 1 | ~520 |\n| 8 | ~2,940 |\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "GSM8K", "accuracy", "precision=BF16", 81.5), ("Zeta-8B", "GSM8K", "accuracy", "precision=FP8", 80.25),
        ("Zeta-8B", "GSM8K", "throughput", "batch_size=1, precision=BF16", 405.0),
        ("Zeta-8B", "GSM8K", "throughput", "batch_size=8, precision=BF16", 2210.0),
        ("Zeta-8B", "GSM8K", "throughput", "batch_size=1, precision=FP8", 520.0),
        ("Zeta-8B", "GSM8K", "throughput", "batch_size=8, precision=FP8", 2940.0)}
