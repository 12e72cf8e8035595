"""The base figures of the metamorphic suite: fixed names and numbers, deterministic.

Each builds a :class:`Figure` from a small spec; values come from a seeded generator
(rounded to one decimal, distinct within a figure), so the suite never changes unless
this file does.
"""

from __future__ import annotations

import random

from tests.metamorphic.render import Figure, Panel, Point, Series

__all__ = ["FIGURES", "FIGURE_BY_NAME"]

_COLOURS = ("Blue", "Orange", "Green", "Red", "Purple", "Brown")
_MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star")


def _series(labels: list[str], *, model: str | None = None, method_key: str | None = None,
            params: list[float] | None = None) -> tuple[Series, ...]:
    out = []
    for i, label in enumerate(labels):
        setting = ((method_key, label),) if method_key else ()
        out.append(Series(label, model, setting, _COLOURS[i % len(_COLOURS)], _MARKERS[i % len(_MARKERS)],
                          params[i] if params else None))
    return tuple(out)


def _points(key: str | None, cells: list[str]) -> tuple[Point, ...]:
    """One-key points: canonical value = the cell (numbers as plain decimals)."""
    if key is None:
        return (Point((), ()),)
    return tuple(Point(((key, _canonical(c)),), (c,)) for c in cells)


def _canonical(cell: str) -> str:
    try:
        number = float(cell)
    except ValueError:
        return cell
    return f"{number:g}" if number != int(number) else str(int(number))


def _fill(name: str, panels: int, series: int, points: int, low: float, high: float, step: float = 0.1,
          drop: set[tuple[int, int, int]] | None = None) -> dict[tuple[int, int, int], float]:
    """Distinct seeded values in [low, high], rounded to `step`."""
    rng = random.Random(name)
    seen: set[float] = set()
    values = {}
    for p in range(panels):
        for s in range(series):
            for x in range(points):
                if drop and (p, s, x) in drop:
                    continue
                while True:
                    v = round(round(rng.uniform(low, high) / step) * step, 6)
                    if v not in seen:
                        break
                seen.add(v)
                values[(p, s, x)] = v
    return values


def _figure(name: str, title: str, kind: str, x_label: str, y_label: str, columns: tuple[str, ...],
            series: tuple[Series, ...], points: tuple[Point, ...], panels: tuple[Panel, ...],
            low: float, high: float, step: float = 0.1, model: str | None = None, noun: str = "model",
            drop: set[tuple[int, int, int]] | None = None,
            values: dict[tuple[int, int, int], float] | None = None) -> Figure:
    return Figure(name, title, kind, x_label, y_label, columns, series, points, panels,
                  values if values is not None else _fill(name, len(panels), len(series), len(points), low, high,
                                                          step, drop),
                  model, noun)


def _kv_two_models() -> Figure:
    """Models as columns of the paper's table, rows = method × budget, FullKV with no budget."""
    cells = [("FullKV", "–"), ("SnapKV", "1024"), ("SnapKV", "2048"), ("H2O", "1024"), ("H2O", "2048")]
    points = tuple(Point(tuple(sorted([("method", m)] + ([("kv_budget", b)] if b != "–" else []))), (m, b))
                   for m, b in cells)
    return _figure("kv_method_budget", "MATH-500 Accuracy by KV Compression Method and Budget", "Bar Chart",
                   "Method / KV Budget (tokens)", "MATH-500 Accuracy (%)", ("Method", "KV Budget"),
                   _series(["Qwen3-8B", "Llama-3.1-8B-Instruct"]), points,
                   (Panel("MATH-500", "MATH-500", "accuracy", "Accuracy", "%"),), 40, 80)


FIGURES: tuple[Figure, ...] = (
    _figure("kv_budget_methods", "AIME24 Pass@1 of R1-Distill-Qwen-7B under KV Cache Compression", "Line Chart",
            "KV Budget (tokens)", "AIME24 Pass@1 (%)", ("KV Budget",),
            _series(["SnapKV", "H2O", "StreamingLLM", "PyramidKV"], model="R1-Distill-Qwen-7B", method_key="method"),
            _points("kv_budget", ["1024", "2048", "4096", "8192"]),
            (Panel("AIME 2024", "AIME24", "pass@1", "Pass@1", "%"),), 20, 55, model="R1-Distill-Qwen-7B",
            noun="method"),
    _kv_two_models(),
    _figure("params_scatter", "AIME 2025 Pass@1 vs. Total Parameters", "Scatter Plot", "Total Parameters (B)",
            "AIME 2025 Pass@1 (%)", (),
            _series(["Zeta-3B-Instruct", "Orca3-8B", "Nimbus-14B", "Helix2-32B", "Lumen-70B-Chat", "Quill-1.5B"],
                    params=[3, 8, 14, 32, 70, 1.5]),
            _points(None, []), (Panel("AIME 2025", "AIME 2025", "pass@1", "Pass@1", "%"),), 30, 85),
    _figure("benchmarks_bars", "Accuracy of Frontier Models on Knowledge and Reasoning Benchmarks", "Bar Chart",
            "Benchmark", "Accuracy (%)", (),
            _series(["GPT-4o", "Claude 3.5 Sonnet", "Gemini-1.5-Pro", "Llama-3.1-70B-Instruct"]),
            _points(None, []),
            (Panel("MMLU", "MMLU", "accuracy", "", "%"), Panel("GPQA Diamond", "GPQA-D", "accuracy", "", "%"),
             Panel("MATH-500", "MATH-500", "accuracy", "", "%")), 45, 92),
    _figure("difficulty_levels", "MATH-500 Accuracy by Difficulty Level", "Bar Chart", "Difficulty",
            "MATH-500 Accuracy (%)", ("Difficulty",),
            _series(["Kestrel-7B", "Marlin-14B-Instruct", "Onyx-32B"]),
            _points("difficulty", ["Easy", "Medium", "Hard", "Expert"]),
            (Panel("MATH-500", "MATH-500", "accuracy", "Accuracy", "%"),), 15, 95),
    _figure("temperature", "HumanEval Pass@1 vs. Sampling Temperature", "Line Chart", "Temperature (T)",
            "HumanEval Pass@1 (%)", ("Temperature",),
            _series(["Pico-2B", "Rhea-9B", "Solace-27B"]),
            _points("temperature", ["0.0", "0.3", "0.6", "1.0"]),
            (Panel("HumanEval", "HumanEval", "pass@1", "Pass@1", "%"),), 40, 93),
    _figure("throughput_accuracy", "AIME25 Accuracy and Throughput of R1-Distill-Llama-8B vs. KV Budget",
            "Dual-Axis Line Chart", "KV Budget (tokens)", "Pass@1 (%) / Throughput (tokens/s)", ("KV Budget",),
            _series(["R1-Distill-Llama-8B"]), _points("kv_budget", ["2048", "3072", "4096", "5120"]),
            (Panel("AIME 2025", "AIME25", "pass@1", "Pass@1", "%"),
             Panel("AIME 2025", "AIME25", "throughput", "Throughput", "tokens/s")), 0, 0,
            values={(0, 0, 0): 21.3, (0, 0, 1): 24.7, (0, 0, 2): 27.9, (0, 0, 3): 28.4,
                    (1, 0, 0): 1800.0, (1, 0, 1): 1500.0, (1, 0, 2): 1200.0, (1, 0, 3): 950.0}),
    _figure("thinking_budget", "AIME 2024 Pass@1 vs. Thinking Budget", "Line Chart", "Thinking Budget (tokens)",
            "AIME 2024 Pass@1 (%)", ("Thinking Budget",),
            _series(["Tern-4B-Thinking", "Vesper-8B-Reasoning", "Wren-32B-Thinking"]),
            _points("thinking_budget", ["1000", "2000", "4000", "8000"]),
            (Panel("AIME 2024", "AIME 2024", "pass@1", "Pass@1", "%"),), 10, 75),
    _figure("precision", "GSM8K Accuracy under Weight Quantization", "Bar Chart", "Precision",
            "GSM8K Accuracy (%)", ("Precision",),
            _series(["Basalt-7B", "Cobalt-13B", "Dune-34B"]),
            _points("precision", ["BF16", "FP8", "INT4"]), (Panel("GSM8K", "GSM8K", "accuracy", "Accuracy", "%"),),
            55, 92),
    _figure("win_rate", "AlpacaEval 2.0 Win Rate of Chat Models", "Bar Chart", "Model", "Win Rate (%)", (),
            _series(["Ember-7B-Chat", "Fjord-13B-Chat", "Garnet-70B-Chat", "Harbor-8B-it", "Iris-2B-it"]),
            _points(None, []), (Panel("AlpacaEval 2.0", "AlpacaEval 2.0", "win_rate", "Win Rate", "%"),), 8, 55),
    _figure("context_length", "RULER Accuracy vs. Context Length", "Line Chart", "Context Length (tokens)",
            "RULER Accuracy (%)", ("Context Length",),
            _series(["Juniper-7B", "Lark-14B", "Mosaic-70B"]),
            _points("context_length", ["4096", "8192", "16384", "32768"]),
            (Panel("RULER", "RULER", "accuracy", "Accuracy", "%"),), 35, 96),
    _figure("few_shot", "MMLU-Pro Accuracy vs. Number of Shots", "Line Chart", "Shots", "MMLU-Pro Accuracy (%)",
            ("Shots",), _series(["Nova-3B", "Opal-8B", "Pulsar-22B"]), _points("num_shots", ["0", "1", "5"]),
            (Panel("MMLU-Pro", "MMLU-Pro", "accuracy", "Accuracy", "%"),), 20, 70),
    _figure("fraction_steps", "LiveCodeBench Pass@1 over RL Training Steps", "Line Chart", "Training Steps",
            "LiveCodeBench Pass@1 (fraction)", ("Training Steps",),
            _series(["Quasar-7B", "Ranger-14B"]), _points("training_steps", ["100", "200", "300", "400"]),
            (Panel("LiveCodeBench", "LiveCodeBench", "pass@1", "Pass@1", None),), 0.2, 0.6, step=0.01),
    _figure("params_active_scatter", "GPQA Diamond Accuracy vs. Activated Parameters", "Scatter Plot",
            "Activated Parameters (B)", "GPQA Diamond Accuracy (%)", (),
            _series(["Nimbus2-30B-A3B", "Aurora-16B-A2.4B-Chat", "Corvid3-235B-A22B", "Talon-80B-A3B-Instruct"],
                    params=[3, 2.4, 22, 3]),
            _points(None, []), (Panel("GPQA Diamond", "GPQA-Diamond", "accuracy", "Accuracy", "%"),), 25, 75),
    _figure("throughput_two_models", "AIME25 Pass@1 and Decoding Throughput vs. KV Budget", "Dual-Axis Line Chart",
            "KV Budget (tokens)", "Pass@1 (%) / Throughput (tokens/s)", ("KV Budget",),
            _series(["R1-Distill-Qwen-14B", "Vireo-14B-Reasoning"]),
            _points("kv_budget", ["1000", "2000", "3000", "4000"]),
            (Panel("AIME 2025", "AIME25", "pass@1", "Pass@1", "%"),
             Panel("AIME 2025", "AIME25", "throughput", "Throughput", "tokens/s")), 0, 0,
            values={**{(0, s, x): v for (s, x), v in zip([(s, x) for s in range(2) for x in range(4)],
                                                         [31.2, 36.5, 40.1, 42.8, 28.4, 33.9, 38.7, 41.6])},
                    **{(1, s, x): v for (s, x), v in zip([(s, x) for s in range(2) for x in range(4)],
                                                         [2400.0, 2100.0, 1800.0, 1500.0, 2600.0, 2200.0, 1900.0,
                                                          1700.0])}}),
    _figure("unnamed_benchmark", "Average Score of Open Chat Models", "Bar Chart", "Model", "Average Score", (),
            _series(["Yarrow-7B-Chat", "Umbra-12B-it", "Solace-3.5-24B", "Sable-9B-Instruct", "Rhea-2-70B-Chat"]),
            _points(None, []), (Panel(None, "", "score", "Average Score", None),), 40, 80),
    _figure("gpqa_methods", "GPQA-Diamond Accuracy of Sprite-8B by Decoding Method", "Bar Chart", "Method",
            "GPQA-Diamond Accuracy (%)", ("Method",), _series(["Sprite-8B"]),
            _points("method", ["Greedy", "Best-of-8", "Self-Consistency"]),
            (Panel("GPQA Diamond", "GPQA-Diamond", "accuracy", "Accuracy", "%"),), 30, 60),
)

FIGURE_BY_NAME = {fig.name: fig for fig in FIGURES}
