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


def test_a_value_in_parentheses_after_its_tick_and_a_relative_place(ref: Reference) -> None:
    text = ("## Line Chart: LiveCodeBench Pass@1 vs. Temperature\n### Components/Axes\n"
            "* **X-axis:** \"Temperature\", with markers at 0.2, 0.6, 1.0.\n* **Y-axis:** \"Pass@1 (%)\".\n"
            "### Detailed Analysis\n**Zeta-7B (red).** The line is flat between 0.2 (31.5) and 0.6 (~31.25), "
            "then falls to about 27.75 at 1.0.\n\n**Kappa-7B (blue).** It starts near 28.5% at 0.2 and holds up to "
            "0.6, where it is near 29.25%.\n")
    assert rows(text, ref) == {
        ("Zeta-7B", "LiveCodeBench", "pass@1", "temperature=0.2", 31.5),
        ("Zeta-7B", "LiveCodeBench", "pass@1", "temperature=0.6", 31.25),
        ("Zeta-7B", "LiveCodeBench", "pass@1", "temperature=1", 27.75),
        ("Kappa-7B", "LiveCodeBench", "pass@1", "temperature=0.2", 28.5),
        ("Kappa-7B", "LiveCodeBench", "pass@1", "temperature=0.6", 29.25)}


def test_a_sentence_writes_its_unit_once_and_values_may_sit_in_code_marks(ref: Reference) -> None:
    text = ("## Bar Chart with Line Overlay: Pass@1 and Throughput vs. KV Budget\n### Overview\n"
            "Zeta-8B on MATH-500.\n### Components/Axes\n* **X-axis:** \"KV Budget\", markers at 1024, 2048.\n"
            "* **Left Y-axis:** \"Pass@1\".\n* **Right Y-axis:** \"Throughput (TPS)\".\n"
            "* **Legend:**\n    * Blue bars: Pass@1\n    * Orange line: Throughput\n### Detailed Analysis\n"
            "The bars read `71.5` at 1024 and `76.25` at 2048.\n\n"
            "The orange throughput line starts near 905 TPS at 1024 and falls, passing approximately 815 at 2048.\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MATH-500", "pass@1", "kv_budget=1024", 71.5), ("Zeta-8B", "MATH-500", "pass@1", "kv_budget=2048", 76.25),
        ("Zeta-8B", "MATH-500", "throughput", "kv_budget=1024", 905.0),
        ("Zeta-8B", "MATH-500", "throughput", "kv_budget=2048", 815.0)}


def test_trend_verb_labels_dashed_axis_titles_and_sloped_lines_name_nothing(ref: Reference) -> None:
    text = ("## Line Graph: Accuracy on AIME 2024 vs. Number of Samples\n### Components/Axes\n"
            "- **X-axis**: Number of samples — 1, 4, 16 (log scale)\n- **Y-axis**: \"Accuracy (%)\"\n"
            "- **Annotation**: a grey dashed diagonal line runs from [x=1, y=60] toward [x=16, y=80], labelled \"fit\".\n"
            "### Detailed Analysis\n1. **Zeta-32B (Red)**\n   - Starts at (1, 71.5).\n"
            "   - Flattens beyond 4 samples: (4, 78.25), (16, 79.5).\n")
    assert rows(text, ref) == {
        ("Zeta-32B", "AIME 2024", "accuracy", "num_samples=1", 71.5),
        ("Zeta-32B", "AIME 2024", "accuracy", "num_samples=4", 78.25),
        ("Zeta-32B", "AIME 2024", "accuracy", "num_samples=16", 79.5)}


def test_panels_listed_under_one_axis_field_take_their_own_metric(ref: Reference) -> None:
    text = ("## Bar Chart Composite: Two models on two benchmarks\n### Components/Axes\n"
            "* **Y-Axes:**\n    * Panel 1: \"Pass@1 (%)\".\n    * Panel 2: \"Accuracy (%)\".\n"
            "* **X-Axes:** No category labels; bars are told apart by colour.\n### Detailed Analysis\n"
            "#### **Panel 1 (Left): AIME 2025**\n* **Zeta-8B:** 41.5\n* **Kappa-7B:** 33.25\n"
            "#### **Panel 2 (Right): GPQA Diamond**\n* **Zeta-8B:** 55.5\n* **Kappa-7B:** 48.75\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "AIME 2025", "pass@1", "", 41.5), ("Kappa-7B", "AIME 2025", "pass@1", "", 33.25),
        ("Zeta-8B", "GPQA Diamond", "accuracy", "", 55.5), ("Kappa-7B", "GPQA Diamond", "accuracy", "", 48.75)}


def test_a_caption_gives_each_clause_its_metric_and_an_em_dash_names_no_metric(ref: Reference) -> None:
    text = ("## Table: Results of two small models\n### Overview\nThe caption reads: \"Accuracy (%) on MMLU and GSM8K; "
            "pass@1 (%) on HumanEval.\" One cell holds an em dash.\n### Detailed Analysis\n"
            "| Model | MMLU | GSM8K | HumanEval |\n|---|---|---|---|\n| Zeta-3B | 61.5 | 70.25 | 50.5 |\n"
            "| Kappa-1B | 45.5 | 40.75 | — |\n")
    assert rows(text, ref) == {
        ("Zeta-3B", "MMLU", "accuracy", "", 61.5), ("Zeta-3B", "GSM8K", "accuracy", "", 70.25),
        ("Zeta-3B", "HumanEval", "pass@1", "", 50.5), ("Kappa-1B", "MMLU", "accuracy", "", 45.5),
        ("Kappa-1B", "GSM8K", "accuracy", "", 40.75)}


def test_a_chart_title_field_names_the_model_and_reference_lines_keep_their_name(ref: Reference) -> None:
    text = ("## Line Chart: MATH-500 Accuracy vs. KV Cache Budget\n### Components/Axes\n"
            "* **Chart Title:** \"Zeta-8B on MATH-500\" (top center).\n* **X-Axis:** Labeled \"KV Budget\", ticks 128, 256.\n"
            "* **Y-Axis:** Labeled \"Accuracy (%)\".\n* **Legend:**\n    * `SnapKV`: Solid blue line.\n"
            "    * `FullKV`: Black dashed horizontal line.\n* **Baseline:** A dashed grey line at 25, labeled \"Random\".\n"
            "### Detailed Analysis\n| KV Budget | SnapKV (Blue) |\n| :--- | :--- |\n| 128 | ~41.5 |\n| 256 | ~58.25 |\n\n"
            "* **FullKV reference line:** constant at **~84.5** across the entire x-range.\n")
    assert rows(text, ref) == {
        ("Zeta-8B", "MATH-500", "accuracy", "kv_budget=128, method=SnapKV", 41.5),
        ("Zeta-8B", "MATH-500", "accuracy", "kv_budget=256, method=SnapKV", 58.25),
        ("Zeta-8B", "MATH-500", "accuracy", "method=FullKV", 84.5)}


def test_columns_named_by_a_shortening_of_an_axis_by_their_point_label_or_developer(ref: Reference) -> None:
    text = ("## Scatter Plot: Pass@1 vs. Mean Response Length under Thinking Budgets (AIME 2025)\n"
            "### Components/Axes\n* **X-Axis:** `Mean Response Length (tokens)`\n* **Y-Axis:** `AIME 2025 Pass@1 (%)`\n"
            "* **Point Labels:** the thinking budget is printed beside each marker.\n### Detailed Analysis\n"
            "| Series | Developer | Point Label | Approx. Mean Length (tokens) | Approx. Pass@1 (%) |\n| :--- | :--- | :--- | :--- | :--- |\n"
            "| `Zeta-4B` | Acme | `1k` | ~960 | ~18.5 |\n| `Zeta-4B` | Acme | `2k` | ~1,890 | ~27.25 |\n")
    assert rows(text, ref) == {
        ("Zeta-4B", "AIME 2025", "cost", "thinking_budget=1000", 960.0),
        ("Zeta-4B", "AIME 2025", "pass@1", "thinking_budget=1000", 18.5),
        ("Zeta-4B", "AIME 2025", "cost", "thinking_budget=2000", 1890.0),
        ("Zeta-4B", "AIME 2025", "pass@1", "thinking_budget=2000", 27.25)}


def test_amounts_at_places_lists_that_repeat_their_unit_and_printed_labels(ref: Reference) -> None:
    text = ("## Line Chart: Peak GPU Memory vs. Context Length\n### Overview\nZeta-12B on RULER with two KV strategies.\n"
            "### Components/Axes\n* **X-axis:** \"Context Length\", with markers at 16k, 32k and 64k.\n"
            "* **Y-axis:** \"Peak GPU Memory (GB)\".\n* **Legend:** Black solid line: FullKV; Blue dashed line: SnapKV\n"
            "### Detailed Analysis\n* **FullKV (Black):** Approximately 18.5 GB at 16k, 22.75 GB at 32k and 31.5 GB at 64k. "
            "The value \"31.5\" is printed at its end.\n"
            "* **SnapKV (Blue):** Going from 16k to 64k, the values are approximately 15.25 GB, 15.75 GB and 17.5 GB.\n")
    assert {row[3:] for row in rows(text, ref)} == {
        ("context_length=16000, method=FullKV", 18.5), ("context_length=32000, method=FullKV", 22.75),
        ("context_length=64000, method=FullKV", 31.5), ("context_length=16000, method=SnapKV", 15.25),
        ("context_length=32000, method=SnapKV", 15.75), ("context_length=64000, method=SnapKV", 17.5)}


def test_a_histogram_of_counts_a_family_header_and_signed_changes_are_no_results(ref: Reference) -> None:
    histogram = ("## Histogram: Response Length Distribution (Step 200)\n### Components/Axes\n"
                 "* **X-Axis:** \"Response Length (tokens)\", bins `0-1k`, `1k-2k`\n* **Y-Axis:** \"Number of Responses\"\n"
                 "### Detailed Analysis\n| Bin | Correct | Incorrect |\n| :--- | :--- | :--- |\n"
                 "| `0-1k` | ~2,450 | ~610 |\n| `1k-2k` | ~1,880 | ~720 |\n")
    assert rows(histogram, ref) == set()
    text = ("## Scatter Plot: GPQA Diamond vs. Latency\n### Components/Axes\n- **X-axis**: \"Latency (s)\"\n"
            "- **Y-axis**: \"GPQA Diamond Pass@1 (%)\"\n### Detailed Analysis\n- **Qwen (Orange)**:\n"
            "  - `QwQ-32B`: `(96, 65.5)`\n#### Gain Over Previous Model (points)\n- **GPQA**: +3.5 (QwQ-32B), -0.5 (Zeta-7B)\n")
    assert rows(text, ref) == {("QwQ-32B", "GPQA Diamond", "latency", "", 96.0), ("QwQ-32B", "GPQA Diamond", "pass@1", "", 65.5)}


def test_a_sentence_over_items_names_its_series_by_look_and_one_tick_places_one_value(ref: Reference) -> None:
    text = ("## Line Chart: AIME 2025 Pass@1 vs. Thinking Budget\n### Components/Axes\n"
            "* **X-axis Title:** \"Thinking Budget (tokens)\"\n  * Markers: 1k, 2k, 4k\n"
            "* **Y-axis Title:** \"AIME 2025 Pass@1 (%)\"\n* **Legend:**\n"
            "  * Blue line with circle markers: Zeta-8B\n  * Green line with triangle markers: Kappa-4B\n"
            "### Detailed Analysis\nThe green line is the flattest of the two:\n"
            "* At 1k, the green triangles sit at about 18.5.\n* Doubling the budget (to 2k) lifts the green line to 22.75.\n"
            "* It finishes at 25.5 on the far right (4k).\n")
    assert rows(text, ref) == {
        ("Kappa-4B", "AIME 2025", "pass@1", "thinking_budget=1000", 18.5),
        ("Kappa-4B", "AIME 2025", "pass@1", "thinking_budget=2000", 22.75),
        ("Kappa-4B", "AIME 2025", "pass@1", "thinking_budget=4000", 25.5)}


def test_an_annotation_inside_a_look_parenthetical_and_a_clustering_remark(ref: Reference) -> None:
    text = ("## Scatter Plot: AIME 2025 Accuracy vs. Time to Answer\n### Overview\nZeta-32B under two methods.\n"
            "### Components/Axes\n- **X-axis**: \"Time to answer (s)\"\n- **Y-axis**: \"Accuracy\"\n"
            "### Detailed Analysis\n- **Teal squares (fastest-2 (Ours))**: (7.5, 0.655)\n"
            "- **Grey circles (majority)**: (12.5, 0.625)\n"
            "- **Clustering**: the two points sit between 0.6 and 0.7.\n")
    assert {(row[3], row[4]) for row in rows(text, ref) if row[2] != "latency"} == {
        ("method=fastest-2", 0.655), ("method=majority", 0.625)}


def test_a_table_told_with_no_blank_line_after_a_list_item_and_a_trend_verification_block(ref: Reference) -> None:
    text = ("## Dual-Axis Line Chart: AIME24 Pass@1 during RL Training\n### Overview\nZeta-1.5B over RL training.\n"
            "### Components/Axes\n* **X-Axis:** Labeled `RL Training Steps`.\n* **Y-Axis:** Labeled `AIME24 Pass@1 (%)`.\n"
            "### Detailed Analysis\n**Trend Verification:**\n"
            "* **AIME24 Pass@1 (Red):** Rises from just under 29% to almost 40%.\n"
            "**Approximate Data Points:**\n| RL Training Steps | AIME24 Pass@1 (Approx. %) |\n| :--- | :--- |\n"
            "| 0 | ~28.5 |\n| 50 | ~30.25 |\n")
    assert rows(text, ref) == {
        ("Zeta-1.5B", "AIME 2024", "pass@1", "training_steps=0", 28.5),
        ("Zeta-1.5B", "AIME 2024", "pass@1", "training_steps=50", 30.25)}


def test_an_x_axis_named_by_a_noun_keys_its_text_ticks_and_listed_columns_keep_their_metrics(ref: Reference) -> None:
    text = ("## Bar Chart: MGSM Accuracy by Language\n### Components/Axes\n"
            "- **X-axis (Language)**: Categorical: English, Thai, Swahili.\n- **Y-axis**: \"Accuracy (%)\"\n"
            "### Detailed Analysis\n#### **Zeta-7B** (Blue)\n- English: 88.5%\n- Thai: 70.25%\n- Swahili: 31.5%\n")
    assert {row[3] for row in rows(text, ref)} == {"language=English", "language=Thai", "language=Swahili"}
    table = ("## Table: Chat evaluation of two models\n### Components/Axes\n* **Columns:**\n    * Model\n"
             "    * IFEval (prompt-level strict acc., %)\n    * Arena-Hard (WR, %)\n    * MT-Bench (score, 1-10)\n"
             "### Detailed Analysis\n| Model | IFEval | Arena-Hard | MT-Bench |\n| :--- | :---: | :---: | :---: |\n"
             "| Zeta-8B | 76.5 | 27.25 | 8.1 |\n")
    assert rows(table, ref) == {("Zeta-8B", "IFEval", "accuracy", "", 76.5), ("Zeta-8B", "Arena-Hard", "win_rate", "", 27.25),
                                ("Zeta-8B", "MT-Bench", "score", "", 8.1)}


def test_a_caption_states_the_figure_metric_and_one_benchmark_its_own(ref: Reference) -> None:
    text = ("## Table: Scores of two small models\n### Overview\nTwo models on MMLU-Pro, IFEval and Arena-Hard.\n"
            "### Components/Axes\n* **Columns:** Model, MMLU-Pro, IFEval, Arena-Hard (Win Rate %)\n"
            "* **Caption:** \"Scores (%) on knowledge and instruction-following benchmarks. Arena-Hard: win rate (%). "
            "Best in bold.\"\n### Detailed Analysis\n| Model | MMLU-Pro | IFEval | Arena-Hard | Tokens |\n"
            "| :--- | :--- | :--- | :--- | :--- |\n| Zeta-8B | 47.5 | 79.75 | 26.5 | — |\n")
    assert rows(text, ref) == {("Zeta-8B", "MMLU-Pro", "score", "", 47.5), ("Zeta-8B", "IFEval", "score", "", 79.75),
                               ("Zeta-8B", "Arena-Hard", "win_rate", "", 26.5)}


def test_benchmark_token_columns_sibling_leads_and_axis_range_fields(ref: Reference) -> None:
    table = ("## Table: Accuracy and Output Length on GSM8K\n### Detailed Analysis\n"
             "| Model | GSM8K Acc. (%) | GSM8K Tokens |\n|---|---|---|\n| Zeta-7B | 89.75 | 1,405 |\n")
    assert rows(table, ref) == {("Zeta-7B", "GSM8K", "accuracy", "", 89.75), ("Zeta-7B", "GSM8K", "cost", "", 1405.0)}
    leads = ("## Combination Chart: Response Length and Accuracy by Difficulty (Zeta-2B) on MATH-500\n"
             "### Components/Axes\n* **X-Axis:** `Difficulty Level`, categories `Level 1` to `Level 2`.\n"
             "* **Left Y-Axis:** `Avg. Output Tokens`\n* **Right Y-Axis:** `Accuracy (%)`\n"
             "### Detailed Analysis\n**Response length (gray bars):** The bars grow with every level.\n"
             "* `Level 1`: ~1,240 tokens\n* `Level 2`: ~1,870 tokens\n\n"
             "**Accuracy (red line):** The line starts at approximately 97.5% for Level 1 and drops to about 95.25% "
             "for Level 2.\n\n* **Y-Axis Range:** 0 to 100\n")
    assert {(row[2], row[4]) for row in rows(leads, ref)} == {("cost", 1240.0), ("cost", 1870.0), ("accuracy", 97.5),
                                                              ("accuracy", 95.25)}


def test_prose_names_a_legend_series_by_its_stems_and_a_net_change_column_is_a_difference(ref: Reference) -> None:
    text = ("## Bar Chart: AIME 2024 accuracy by decoding strategy\n### Components/Axes\n"
            "- **Y-axis:** \"Accuracy (%)\"\n- **Legend (top-right):** light gray = Greedy, medium blue = Majority Vote\n"
            "### Detailed Analysis\n**Zeta-8B.** The Greedy bar reaches 74.5%. Majority voting lifts it to 80.25%.\n")
    assert rows(text, ref) == {("Zeta-8B", "AIME 2024", "accuracy", "method=Greedy", 74.5),
                               ("Zeta-8B", "AIME 2024", "accuracy", "method=Majority Vote", 80.25)}
    table = ("## Bar Chart: GSM8K Accuracy\n### Detailed Analysis\n"
             "| Model | Accuracy (%) | Absolute Improvement (Fine-tuned - Original) |\n| :--- | :--- | :--- |\n"
             "| Zeta-8B | 84.75 | +8.5 |\n| Kappa-7B | 70.25 | -0.5 |\n")
    assert rows(table, ref) == {("Zeta-8B", "GSM8K", "accuracy", "", 84.75), ("Kappa-7B", "GSM8K", "accuracy", "", 70.25)}
