"""From a typed `Chart` to facts: which part of the chart holds the model, the benchmark,
the metric, the setting and the value.

Pure functions of (chart, reference). Names stay as written here (annotations removed);
identity across documents is resolved later, over the whole warehouse (`resolve.py`).

The reasoning, in order:
1. Every axis gets a *quantity*: a parameter count (total / active / non-embedding), a
   setting (kv_budget, ...), a metric (with the benchmark its label names), or categories.
2. The figure's own model and benchmark, when its title, overview or panels name one.
3. For each point, its model, benchmark and setting come from the innermost place that
   names one: the point's label, its group headers, a table cell, then the figure.
4. Each reading becomes a measurement, a parameter count, or a setting value, by its
   position in a tuple, the words around it, its unit, or the one axis left.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

from benchdb.etl._rx import rx as _rx
from benchdb.etl.extract.chart import Axis, Chart, Claim, Point, Reading, Skip, Span
from benchdb.etl.extract.numbers import find_numbers, parse_number
from benchdb.etl.extract.recognize import LIST_PLACES, ORDINALS, PLACEHOLDER, PRINTED_SCORE, names_no_data
from benchdb.etl.extract.styles import COLOURS, GLYPHS, LINE_STYLES, LOOK, MARKS, POSITIONS, SHADES, SHAPES
from benchdb.etl.transform.names import (
    alpha_tokens,
    family_token,
    name_key,
    name_params,
    skeleton,
    strip_annotations,
)
from benchdb.etl.transform.reference import Reference

UNIT_WORDS = {
    "%": "%", "percent": "%", "pct": "%", "tps": "tokens/s", "tokens/s": "tokens/s", "tok/s": "tokens/s",
    "tokens/sec": "tokens/s", "token/s": "tokens/s", "s": "s", "sec": "s", "seconds": "s", "ms": "ms",
    "tokens": "tokens", "token": "tokens", "$": "$", "usd": "$", "flops": "FLOPs", "gb": "GB", "mb": "MB",
    "b": "B", "billion": "B", "billions": "B", "m": "M", "million": "M", "millions": "M", "t": "T",
    "trillion": "T", "k": "K", "thousand": "K", "thousands": "K",
}
# '(thousands of tokens)', '(K tokens)', '(in millions)': the scale of an axis's numbers, with what they count
_SCALED_COUNT = re.compile(r"(?i)\s*(?:(?:tokens?|samples?|steps?)\s*[,;]\s*)?(?:in\s+)?(?P<scale>thousands?|millions?|billions?|k|m|b)\s*(?:of\s+)?(?:tokens?|samples?|steps?)?\s*")
_SCALE = {"B": 1e9, "M": 1e6, "T": 1e12, "K": 1e3}
_PARAM_KIND = (
    ("non_embedding", re.compile(r"non[-\s]?embed", re.IGNORECASE)),
    ("active", re.compile(r"activ", re.IGNORECASE)),
    ("total", re.compile(r"param|#\s*params|model\s*size|size\s*\((?:b|billions?)\)|parameter\s*count|"
                         r"billions? of parameters|^\s*size\s*$", re.IGNORECASE)),
)
_PERCENT_METRICS = {"accuracy", "pass@k", "success_rate", "win_rate", "exact_match", "maj@k", "cons@k", "f1"}
_TRAINING_ONLY = {"loss", "perplexity"}
_GENERIC_WORDS = re.compile(
    r"^(?:benchmark|benchmarks|model|models|eval(?:uation)?|overall|average|avg\.?|mean|total|test|dev|val|"
    r"validation|set|split|task|tasks|score|scores|performance|results?|the|a|an|of|on|and|vs\.?|"
    r"(?:[a-z]+))$"
)
_HAS_DIGIT = re.compile(r"\d").search
_NOUN_LABEL = re.compile(r"[A-Za-z][a-z]+(?:\s[A-Za-z][a-z]+){0,2}")
_CATEGORY_AXIS = re.compile(r"^(?:benchmarks?|datasets?|tasks?|models?|methods?|categories|category|domains?)\b",
                            re.IGNORECASE)


@dataclass(frozen=True)
class Quantity:
    """What an axis (or a column, or a keyed reading) measures."""

    kind: str                     # 'params' | 'setting' | 'metric' | 'category' | 'unknown'
    label: str = ""
    param_kind: str | None = None
    setting_key: str | None = None
    metric: str | None = None
    benchmark: str | None = None  # canonical benchmark named by the label, if any
    benchmark_text: str | None = None  # an unknown benchmark-like name in the label
    unit: str | None = None
    scale: float = 1.0


@dataclass(slots=True)
class ValueFact:
    """One measurement read from a document, names as written."""

    panel: str
    source_line: int
    quote: str
    model_as_written: str
    model_name: str
    benchmark_as_written: str | None
    benchmark_name: str
    is_figure_scoped: bool
    metric: str
    setting: str
    value: float
    unit: str | None
    is_approximate: bool


@dataclass(frozen=True)
class ParamFact:
    """A parameter count a figure plots for a model."""

    model_name: str
    param_kind: str
    params_b: float
    source_line: int
    quote: str


@dataclass
class DocumentFacts:
    """Everything one document yields."""

    values: list[ValueFact] = field(default_factory=list)
    params: list[ParamFact] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)  # the numbers the facts were made of, for the ledger
    claimed_headers: set[int] = field(default_factory=set, repr=False)  # lines of headers whose setting is claimed
    title: str | None = None
    chart_kind: str | None = None


# -- recognising names -------------------------------------------------------------------

def find_benchmark(text: str, ref: Reference) -> tuple[str, int, int] | None:
    """The first known benchmark named in `text` (longest match, confusables allowed):
    (canonical, start, end)."""
    found = find_benchmarks(text, ref)
    return found[0] if found else None


def find_benchmarks(text: str, ref: Reference) -> list[tuple[str, int, int]]:
    """All known benchmarks named in `text`, left to right, longest match first."""
    return list(_find_benchmarks(text, ref))


@lru_cache(maxsize=8)
def _benchmark_prefixes(ref: Reference) -> tuple[frozenset[str], frozenset[str]]:
    """Every prefix of every benchmark key and skeleton: a token no name starts with is skipped."""
    keys = {k[:n] for k in ref.benchmarks for n in range(1, len(k) + 1)}
    skeletons = {k[:n] for k in ref.benchmark_skeletons for n in range(1, len(k) + 1)}
    return frozenset(keys), frozenset(skeletons)


@lru_cache(maxsize=1 << 15)
def _find_benchmarks(text: str, ref: Reference) -> tuple[tuple[str, int, int], ...]:
    tokens = [(m.start(), m.end(), m.group(0)) for m in _rx(r"[^\W_][\w.'+@∞]*(?<![.'])").finditer(text)]
    found: list[tuple[str, int, int]] = []
    keys, skeletons = _benchmark_prefixes(ref)
    i = 0
    while i < len(tokens):
        hit = None
        head = tokens[i][2]
        if name_key(head) not in keys and skeleton(head) not in skeletons:
            i += 1  # no benchmark name starts with this token
            continue
        for n in (4, 3, 2, 1):
            if i + n > len(tokens):
                continue
            start, end = tokens[i][0], tokens[i + n - 1][1]
            phrase = text[start:end]
            if _rx(r"[,;:()|/]").search(phrase):
                continue
            key = name_key(phrase)
            canonical = ref.benchmarks.get(key)
            if canonical is None and len(key) >= 4 and _rx(r"[A-Z]").search(phrase):
                canonical = ref.benchmark_skeletons.get(skeleton(phrase))
            if canonical is None:
                continue
            if key in ref.benchmark_upper and not phrase.isupper() and not _rx(r"\d").search(phrase):
                continue
            if _glued(text, start, end):  # 'Global-MMLU', 'MMLU-Redux': another benchmark, not MMLU
                continue
            hit = (canonical, start, end, n)
            break
        if hit:
            found.append(hit[:3])
            i += hit[3]
        else:
            i += 1
    return tuple(found)


def _glued(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is hyphen-joined to a word on either side (part of a longer name)."""
    return (start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha()) or (
        end + 1 < len(text) and text[end] == "-" and text[end + 1].isalpha()
        and not _VERSION_TAIL.match(text, end))  # 'LiveCodeBench-v6': the benchmark, in a version


_VERSION_TAIL = re.compile(r"-[vV]\d+(?:\.\d+)?(?![\w-])")


_K_METRICS = ("@k", "^k")  # the tails of metrics that take their k from the figure ('pass@k', 'pass^k')


@lru_cache(maxsize=1 << 15)
def match_metric(text: str, ref: Reference) -> str | None:
    """The canonical metric a quantity label names (``Pass@1 (%)`` → ``pass@1``), or None."""
    for rule in ref.metrics:
        match = rule.pattern.search(text)
        if match:
            if rule.metric.endswith(_K_METRICS):
                k = next((g for g in match.groups() if g), "1")
                return rule.metric[:-1] + (k if k[0].isdigit() else "k")  # 'Maj@N': the metric of N samples
            return rule.metric
    return None


@lru_cache(maxsize=1 << 16)
def is_model_like(name: str, ref: Reference) -> int:
    """How strongly `name` looks like a model name: 2 known or sized, 1 plausible, 0 not."""
    name = strip_annotations(name)
    if not name or len(name) > 80 or find_numbers(name) and parse_number(name) is not None:
        return 0
    key = name_key(name)
    if key in ref.models or skeleton(name) in ref.model_skeletons:
        return 2
    if ref.benchmarks.get(key) or (len(key) >= 4 and ref.benchmark_skeletons.get(skeleton(name))):
        return 0
    if "@" in name:
        return 0
    families = [tok for _, _, tok in alpha_tokens(name)]
    has_family = any(t.lower() in ref.families or skeleton(t) in ref.family_skeletons for t in families)
    if name_params(name) or (has_family and _rx(r"\d").search(name)):
        return 2
    if has_family:
        return 1
    if _rx(r"[A-Za-z]").search(name) and _rx(r"\d").search(name) and _rx(r"[-.]").search(name) \
            and not _rx(r"\s").search(name) and not _rx(r"[A-Z]+\d*-?INT\d+|FP\d+|BF\d+|INT\d+|W\d+A\d+").fullmatch(name):
        return 1
    return 0


# 'Model: X', 'Benchmark - Y', and the numbered entries describers write: 'Series 2: X',
# 'Data Series 1: X', 'Row 3 – X', 'Point 4: X' (a number alone after the word is an index),
# 'Reference Line: X'; a section number may come first ('3.1 Benchmark: HarmBench')
_ROLE_PREFIX = re.compile(
    r"^\s*(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?:(?:data|reference|baseline|horizontal|dashed|dotted)\s+)?(model|benchmark|dataset|task|method|setting|series|row|column|point|entry|item|curve|bar|line)"
    r"(?:\s*#?\d{1,3})?(?:\s*[:：–—]|\s+-)\s*(.+)$", re.IGNORECASE)  # not 'Point-by-point'
_PREFIX_ROLES = {"dataset": "benchmark", "task": "benchmark", "series": None, "row": None, "column": None, "point": None,
                 "entry": None, "item": None, "curve": None, "bar": None, "line": None}


_PLACE_LEAD = re.compile(r"(?i)^\s*(?:(?:at|with|under|for|on|in)\s+(?:(?:a|an|the)\s+(?:[a-z]+\s+){1,2}of\s+)?|@\s*)"
                         r"(?=[~≈]?\d)")


@lru_cache(maxsize=1 << 14)
def _strip_prefix(text: str) -> tuple[str, str | None]:
    """``Model: X`` → ('X', 'model'); ``Benchmark: Y`` → ('Y', 'benchmark'); ``Row 1 – X``
    → ('X', None)."""
    match = _ROLE_PREFIX.match(text)
    if match:
        role = match.group(1).lower()
        return match.group(2).strip(), _PREFIX_ROLES.get(role, role)
    lead = _PLACE_LEAD.match(text) if text[:1] in "AaWwUuFfOoIi@ " else None
    if lead:  # 'At 1024', '@1K', 'At a budget of 1,024 tokens': the category
        return text[lead.end():].strip(), None
    return text, None


@lru_cache(maxsize=1 << 14)
def _clean_label(text: str) -> tuple[str, str | None]:
    """A header or label without its role prefix and trailing descriptor: the name, and
    the descriptor (``Pass@1 (Blue Bars)`` → 'Pass@1', 'Blue Bars')."""
    text, _ = _strip_prefix(text)
    if "))" in text:  # 'Teal squares (fastest-2@k (Ours))': the annotation inside the look's parenthetical goes
        text = _NESTED_OURS.sub("", text)
    if text[-1:] in "eEnNsS" and (" line" in text or "aseline" in text or "eference" in text):
        text = _REFERENCE_TAIL.sub("", text)  # 'FullKV reference line', 'FullKV baseline': the line's name
    if text[-1:] in "sSxXeE" and (" axis" in text or " spoke" in text or " vertex" in text
                                  or " Axis" in text or " Spoke" in text):  # '`AIME25` axis': the radar axis
        text = _AXIS_WORD_TAIL.sub("", text)
    looked = _LOOK_NAMED_REMARK.match(text) if "(" in text and not text.rstrip().endswith(")") else None
    if looked:  # 'Orange line (Mistral 7B Instruct v0.3), point by point': the name, the look
        return looked.group("name").strip(), looked.group("look").strip()
    looked = _LOOK_THEN_NAME.match(text) if "," in text or " - " in text or "—" in text else None
    if looked:  # 'Purple line, AceReason Nemotron 7B'
        return looked.group("name").strip(), looked.group("look").strip()
    dashed = _rx(r"^(?P<name>.*?\S)\s+[-–—]\s+(?P<look>[^-–—]+)$").match(text) \
        if " - " in text or " – " in text or " — " in text else None
    if dashed and _LOOK_ONLY.fullmatch(dashed.group("look").strip()):
        return dashed.group("name").strip(), dashed.group("look").strip()  # 'Accuracy (%) - Red Line': the name, the look
    match = _rx(r"^(?P<name>.*?\S)\s*\((?P<note>[^()]*)\)\s*$").match(text) if text.rstrip().endswith(")") else None
    if match and not _rx(r"ours?\b|proposed", re.IGNORECASE).search(match.group("note")):
        name, note = match.group("name").strip(), match.group("note").strip()
        if _LOOK_ONLY.fullmatch(name) and not _LOOK_ONLY.fullmatch(note):
            parts = [p.strip() for p in note.split(",")]
            named = [p for p in parts if not alias_key(p)]
            if len(parts) > 1 and len(named) == 1:  # 'Teal Line (Diamond Markers, Qwen3-14B)': the look's rest
                return named[0], f"{name}, {', '.join(p for p in parts if p != named[0])}"
            return note, name  # 'Blue polygon (LLaMA3.3-70B-Instruct)': the look, then the name
        if _PANEL_ONLY.fullmatch(name) and _rx(r"[A-Za-z][\w.]*-?\d").search(note):
            return note, name  # '3.1 Left panel (Qwen3-30B-A3B)': the panel is named by its parenthetical
        printed = PRINTED_SCORE.fullmatch(name) if name[-1:] == ")" else None
        if printed:  # 'BF16 (GSM8K 84.6%) (Blue, solid)': the series, with a score its label prints
            return printed.group("name").strip(), note
        return name, note
    return text.strip(), None


_NESTED_OURS = re.compile(r"(?i)\s*\((?:ours|proposed|this work)\)(?=\s*\))")
_REFERENCE_TAIL = re.compile(r"(?i)(?<=\S)\s+(?:references?(?:\s+lines?)?|baselines?|(?:dashed|dotted|horizontal|flat)\s+lines?)$")
_PANEL_ONLY = re.compile(r"(?i)(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:left|right|top|bottom|upper|lower|middle|cent(?:re|er)|first|"
                         r"second|third|fourth)[\s-]+)*(?:panel|chart|subplot|plot|figure|graph|pane)(?:\s*\(?[a-h0-9]\)?)?")
_AXIS_WORD_TAIL = re.compile(r"(?i)(?<=\S)\s+(?:axis|spoke|vertex)$")
_LOOK_NAMED_REMARK = re.compile(r"(?i)^(?P<look>(?:the\s+)?(?:(?:" + LOOK + r")[\s-]+){1,3}(?:" + MARKS + "|" + SHAPES
                                + r"))\s*\((?P<name>[^()]{2,60})\)\s*[,;:—–-]")
_LOOK_THEN_NAME = re.compile(r"(?i)^(?P<look>(?:the\s+)?(?:(?:(?:" + LOOK + r")[\s-]+){1,3}(?:" + MARKS + "|" + SHAPES
                             + r")|(?:" + SHAPES + r")\s*\((?:(?:" + LOOK + r")[\s-]*){1,3}\)))"  # 'Squares (light blue)'
                             r"\s*(?:,|\s-\s|\s?[—–]\s?)\s*(?P<name>(?-i:[A-Z0-9])[^,;:()]{1,60})$")
_NUMBER_HYPHEN = re.compile(r"^(\d[\d.,]*[kK]?)-(?=[A-Za-z]+$)")
_LOOK_ONLY = re.compile(r"(?i)(?:the\s+)?(?:(?:" + LOOK + r")[\s-]+){1,3}(?:" + MARKS + "|" + SHAPES + r")"
                        r"(?:\s+with\s+(?:(?:" + LOOK + r")\s+)?(?:" + SHAPES + "|" + MARKS + r")(?:\s+(?:" + MARKS + r"))?)?")


# -- quantities --------------------------------------------------------------------------

def _unit_of(text: str) -> str | None:
    """A unit written in parentheses or after the label: ``Throughput (TPS)`` → tokens/s."""
    for inner in reversed(_rx(r"\(([^()]{1,20})\)").findall(text)):
        unit = UNIT_WORDS.get(inner.strip().lower())
        if unit:
            return unit
        scaled = _SCALED_COUNT.fullmatch(inner)
        if scaled:
            return UNIT_WORDS.get(scaled.group("scale").lower().rstrip("s")) or UNIT_WORDS.get(scaled.group("scale").lower())
        if "%" in inner:
            return "%"
        if _rx(r"\s*tokens?\s*/\s*s(?:ec)?\s*", re.IGNORECASE).fullmatch(inner):
            return "tokens/s"
    if _rx(r"%").search(text):
        return "%"
    if _rx(r"\bTPS\b|tokens?\s*/\s*s\b|tok/s", re.IGNORECASE).search(text):
        return "tokens/s"
    return None


_COUNTED_LABEL = re.compile(r"(?i)(?P<lead>max(?:imum)?\.?|number\s+of|num\.?(?:\s+of)?|#)\s*(?P<noun>[a-z][a-z\- ]{1,40}?)"
                            r"(?:\s+(?:per|for|in)\s+[a-z][a-z ]{0,30})?(?:\s*\([^()]*\))?")
_SCORED_NOUN = re.compile(r"(?i)correct|solved|passed|success|resolved|wins?\b|errors?|failures?|accepted|right")


@lru_cache(maxsize=1 << 14)
def quantity_of(label: str, ref: Reference) -> Quantity:
    """Interpret an axis or column label."""
    text = _rx(r"\s+").sub(" ", label).strip()
    if not text:
        return Quantity("unknown")
    if "_" in text and " " not in text:  # an identifier as a column name: 'thinking_budget', 'pass_at_1'
        text = _rx(r"(?i)_at_(?=\d|k\b)").sub("@", text).replace("_", " ")
    unit = _unit_of(text)
    scale = 1.0
    if unit in ("B", "M", "T", "K"):
        scale = _SCALE[unit]
    for kind, pattern in _PARAM_KIND:
        if pattern.search(text) and not _rx(r"token|cache|kv|budget|step|sample", re.IGNORECASE).search(text):
            if kind != "total" or _rx(r"param|size|#", re.IGNORECASE).search(text):
                return Quantity("params", text, param_kind=kind, unit=unit)
    benchmark = find_benchmark(text, ref)
    metric = match_metric(text, ref)
    for rule in ref.settings:
        # a label naming a metric is a metric, unless it is a budget ("KV cache budget (tokens)")
        if _free_match(rule.pattern, text) and not benchmark and (metric is None or rule.key in ("kv_budget",
                                                                                               "thinking_budget")):
            # a scale letter multiplies counts ('Budget (K)'); after a temperature, '(T)' is its symbol
            return Quantity("setting", text, setting_key=rule.key, unit=unit if rule.is_count or unit not in _SCALE else None,
                            scale=scale if rule.is_count else 1.0)
    if _CATEGORY_AXIS.match(text) and not metric:
        return Quantity("category", text)
    counted = _COUNTED_LABEL.fullmatch(text) if metric is None and benchmark is None and text[:1] in "MmNn#" else None
    if counted and not _SCORED_NOUN.search(counted.group("noun")):
        # 'Number of Candidate Tools', 'Max Turns per Task': a count the vocabulary lacks is a setting of that name
        lead = "max_" if counted.group("lead").lower().startswith("max") else "num_"
        return Quantity("setting", text, setting_key=lead + _setting_key(counted.group("noun")))
    if metric is None and benchmark is None:
        residue = _benchmark_residue(text, None)
        if residue and is_model_like(residue, ref) == 2:
            return Quantity("unknown", text, unit=unit)  # a model's name heads this column
        if residue:
            return Quantity("metric", text, metric=None, benchmark_text=residue, unit=unit)
        return Quantity("unknown", text, unit=unit)
    if metric == "cost" and unit is None:
        inner = _rx(r"\(([^()]{1,20})\)").findall(text)
        unit = inner[-1].strip() if inner else None
    if metric in ("throughput",) and unit is None:
        unit = "tokens/s"
    rule = ref.metric_rule(metric) if benchmark is None else None
    residue = _benchmark_residue(rule.pattern.sub(" ", text) if rule else text, None) if benchmark is None else None
    return Quantity("metric", text, metric=metric, benchmark=benchmark[0] if benchmark else None,
                    benchmark_text=residue, unit=unit)


def _free_match(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern` matches `text` outside a hyphenated name: the 'reasoning length' of
    'Phi-4-reasoning Length' is the tail of a model's name, no setting."""
    return any(m.start() == 0 or text[m.start() - 1] not in "-_" for m in pattern.finditer(text))


@lru_cache(maxsize=1 << 12)
def _without_metrics(text: str, ref: Reference) -> str:
    """`text` without the words the metric vocabulary recognises (``Decoding Throughput`` → ``Decoding``)."""
    for rule in ref.metrics:
        text = rule.pattern.sub(" ", text)
    return text


def _benchmark_residue(text: str, benchmark: str | None) -> str | None:
    """An unknown benchmark's name left in a label once metric words and units are gone:
    ``C-Reason ZH (accuracy)`` → ``C-Reason ZH``; generic words give None."""
    residue = _rx(r"\([^()]*\)").sub(" ", text)
    residue = _rx(r"(?i)\s(?:vs\.?|versus|against|across)\s.*$").sub("", residue)  # 'pass@10 vs Temperature': the x axis
    residue = _rx(r"(?i)\b(?:(?:pass|maj|cons)\s*@\s*(?:\d+|[kn]\b)|accuracy|acc\.?|score|scores|avg\.?|average|mean|performance|"
                     r"success\s*rate|win\s*rate|rate|results?|evaluation|eval|percent|%|points?)\b").sub(" ", residue)
    residue = _rx(r"[%()\[\]:↑↓]|(?<=\s)\.(?=\s|$)").sub(" ", residue)
    residue = _rx(r"\s+").sub(" ", residue).strip(" -–,.·|/@")  # "1024 · Acc.": the budget, not "1024 ·"
    if not residue or len(residue) > 40:
        return None
    words = residue.split()
    if all(_GENERIC_WORDS.match(w) for w in words):
        return None  # 'Refusal', 'Benchmark performance': not a name
    if not _rx(r"[A-Z].*[A-Z]|\d|[A-Z][a-z]+[A-Z]").search(residue):
        return None
    return residue


# -- the figure ----------------------------------------------------------------------------

@dataclass
class Figure:
    """Figure-level facts every point falls back on."""

    axes: dict[str, Quantity]
    x_categories: tuple[str, ...]
    models: list[str]
    benchmarks: list[str]
    benchmark_text: str | None
    metric: str | None
    unit: str | None
    setting_key_for_labels: str
    labels_are_models: bool
    title: str
    aliases: dict[str, str] = field(default_factory=dict)
    x_ticks: frozenset[str] = frozenset()  # lower-cased text ticks of a setting or category x axis
    named_text: str = ""  # title and overview, where a numeric setting may be named
    noted_text: str = ""  # the notes (captions, components), where it is named when those name none
    series: frozenset[str] = frozenset()  # lower-cased legend labels that name series, not quantities
    cell_pair: tuple[Quantity, Quantity] | None = None  # what the two numbers of an 'a / b' cell measure
    symbols: dict[str, str] = field(default_factory=dict)  # 'N' -> 'num_samples', 'τ' -> 'temperature'
    panel_benchmarks: dict[str, tuple[str, str]] = field(default_factory=dict)  # 'b', 'right' -> (benchmark, as written)
    metric_exceptions: dict[str, str] = field(default_factory=dict)  # benchmark -> its metric, where a caption excepts it
    title_settings: dict[str, str] = field(default_factory=dict)  # 'KV budget = 1024' in the title: every value's
    _number_key: str | None | bool = False  # False: not looked up yet
    _title_name: str | None | bool = False

    def title_name(self, ref: Reference) -> str | None:
        """An unknown benchmark's name the title gives (``ALFWorld`` in 'ALFWorld Success Rate'), looked up once."""
        if self._title_name is False:
            self._title_name = _title_name(self.title, ref)
        return self._title_name  # type: ignore[return-value]

    def number_key(self, ref: Reference) -> str | None:
        """The setting a bare number in a label sets ('SnapKV @256'): the x axis's setting,
        else the one numeric setting the title or overview names ('under KV compression')."""
        if self._number_key is False:
            x_quantity = self.axes.get("x")
            if x_quantity is not None and x_quantity.kind == "setting":
                self._number_key = x_quantity.setting_key
            else:
                self._number_key = _numeric_setting_named(self.named_text, ref) or (
                    _numeric_setting_named(self.noted_text, ref) if self.noted_text else None)
        return self._number_key  # type: ignore[return-value]

    def alias(self, text: str) -> str | None:
        """The series a style reference names (``Blue``, ``the blue line``, ``orange
        squares``) through the legend, or None when no legend entry or several match."""
        if not self.aliases:
            return None
        tagged = self.aliases.get("=" + text.strip(" `*_'\"").lower())
        if tagged is not None:  # 'R1-7B' where a label key says 'R1-7B = DeepSeek-R1-Distill-Qwen-7B'
            return tagged
        place = _POSITION_REF.fullmatch(text.strip(" `*_'\".:"))
        if place is not None:  # 'Upper line' where the document says which series the upper line is
            return self.aliases.get("@" + place.group("pos").lower())
        ordinal = _LEGEND_ORDINAL.match(text.strip(" `*_'\"")) if "#0" in self.aliases else None
        if ordinal is not None:  # 'First legend entry (blue, circles)', 'the entry listed last': by legend order
            word = (ordinal.group(1) or ordinal.group(2)).lower()
            count = sum(1 for k in self.aliases if k.startswith("#"))
            index = ORDINALS.index(word) if word in ORDINALS else 0 if word == "top" else \
                count - 1 if word in ("bottom", "last", "final") else count // 2 if count % 2 else -1
            return self.aliases.get("#" + str(index))
        key = alias_key(text)
        if not key and _SHADES_ONLY.fullmatch(shade := text.strip(" `*_'\"").lower()):
            # 'Medium' where the legend has a 'Medium green': that look (alone, 'Medium' is a level)
            found = {label for k, label in self.aliases.items() if shade in k.split()}
            return found.pop() if len(found) == 1 else None
        if not key:
            return None
        if key in self.aliases:
            return self.aliases[key]
        words = set(key.split())
        line = _LINE_NOUN.search(text) is not None  # 'the diagonal red line' is no series of red stars
        found = {label for k, label in self.aliases.items() if words <= set(k.split())
                 and not (line and any(w in _SINGULAR_SHAPE.values() for w in k.split()))}
        return found.pop() if len(found) == 1 else None


# Nouns that say what kind of mark a style is, not which series: dropped from alias keys.
_MARK_NOUNS = re.compile(r"(?i)\b(?:the|a|an|with|and|lines?|curves?|bars?|markers?|points?|dots?|series|data|plots?|"
                         r"colou?r(?:ed)?|trend|trace)\b")
_LINE_NOUN = re.compile(r"(?i)\b(?:lines?|curves?)\b")
_SHADES_ONLY = re.compile(f"(?i)(?:{SHADES}|[\\s,/-])+")
_COLOUR_WORD = re.compile(f"(?i)\\b(?:{COLOURS})\\b")
_SINGULAR_SHAPE = {"circles": "circle", "squares": "square", "triangles": "triangle", "diamonds": "diamond",
                   "stars": "star", "crosses": "cross", "pentagons": "pentagon", "hexagons": "hexagon"}
_STYLE_ONLY = re.compile(f"(?i)(?:{COLOURS}|{SHADES}|{LINE_STYLES}|{SHAPES}|[\\s,/-])+")


_LEGEND_PLACE = LIST_PLACES + "|top|bottom|middle"
_LEGEND_ORDINAL = re.compile(r"(?i)(?:the\s+)?(?:(" + _LEGEND_PLACE + r")(?:most)?\s+(?:legend\s+)?(?:entry|item|series)\b|"
                             r"(?:legend\s+)?(?:entry|item|series)\s+(?:listed\s+|shown\s+)?(" + _LEGEND_PLACE + r")\b)")


@lru_cache(maxsize=1 << 14)
def alias_key(text: str) -> str:
    """The style words of a legend style or a reference to one, lowercased (``Blue
    dashed line`` gives ``blue dashed``); empty when `text` is more than a style."""
    key = " ".join(_MARK_NOUNS.sub(" ", text.lower()).replace("-", " ").replace(",", " ").replace("(", " ")
                   .replace(")", " ").split())  # 'Blue (circle)' in a marker column: blue circle
    key = " ".join(_SINGULAR_SHAPE.get(w, w) for w in key.split())  # 'grey crosses', 'grey cross markers': one series
    if not key or not _STYLE_ONLY.fullmatch(key) or _SHADES_ONLY.fullmatch(key):
        return ""  # 'Medium' alone is a level, not a look; 'medium green' is a look
    return key


_NAME_TOKEN = re.compile(r"[A-Za-z][\w.\-+³²@]*[\w+³²]|[A-Za-z]")


def _names_in(text: str, ref: Reference) -> list[str]:
    return list(_names_in_cached(text, ref))


@lru_cache(maxsize=1 << 12)
def _names_in_cached(text: str, ref: Reference) -> tuple[str, ...]:
    """Model-like names mentioned in free text (title, overview), in order of appearance.

    A name is one token (``Qwen2.5-32B-Instruct``) or a known family followed by
    version-like tokens (``Claude 3.5 Sonnet``, ``Llama 3.1 70B``)."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in _NAME_TOKEN.finditer(text)]
    numbers = [(m.start(), m.end()) for m in _rx(r"(?<![\w.])\d+(?:\.\d+)?[BbMK]?(?![\w.])").finditer(text)]
    found: list[str] = []
    i = 0
    while i < len(tokens):
        start, end, token = tokens[i]
        best = token if is_model_like(token, ref) == 2 else None
        if token.lower() in ref.families or family_token(token).lower() in ref.families:
            # extend over version-like pieces separated by single spaces
            j, stop = i, end
            pieces = [p for p in numbers if p[0] > end]
            while True:
                nxt = text[stop:stop + 1] == " " and next((p for p in pieces if p[0] == stop + 1), None)
                word = next((t for t in tokens if t[0] == stop + 1), None) if text[stop:stop + 1] == " " else None
                if nxt:
                    stop = nxt[1]
                elif word and (word[2][0].isdigit() or (word[2][0].isupper() and word[2].lower() not in
                                                           ("vs", "on", "and", "the", "during", "with", "for"))
                               and len(word[2]) > 2 and not find_benchmark(word[2], ref)) and stop - start < 40:
                    stop = word[1]
                    j += 1
                else:
                    break
            candidate = text[start:stop]
            if candidate != token and is_model_like(candidate, ref) == 2 and _rx(r"\d").search(candidate[len(token):]):
                best = candidate
        if best and not find_benchmark(best, ref):
            found.append(best)
        i += 1
    seen: list[str] = []
    for name in found:
        if name_key(name) not in {name_key(s) for s in seen}:
            seen.append(name)
    return tuple(seen)


def _stated_metric(texts: tuple[str, ...], ref: Reference) -> str | None:
    """The specific metric (not the generic ``score``) of the first sentence of `texts` that
    names exactly one, and one an earlier sentence naming several also named (``Each cell is
    an accuracy score; some also show the maj@8 score`` gives accuracy); else None."""
    several: set[str] = set()
    for text in texts:
        for sentence in _SENTENCE_END.split(text):
            named = set(_metrics_named(sentence, ref))
            if len(named) == 1 and (not several or named <= several):
                return named.pop()
            several |= named
    return None


_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
# a sentence ends at a stop before a capital or the end, not inside an abbreviation ('"Acc. (%)" under MMLU')
_CLAUSE_SENTENCE = re.compile(r"(?<!\d)[.!?](?:\s+(?=[A-Z\"“'])|\s*$)")
_METRIC_EXCEPT = re.compile(r"(?i)\bexcept(?:\s+for)?\s+(?P<bench>[^,;]{2,40}?)\s*,?\s*(?:which|where\s+it|that)\s+"
                            r"(?:reports?|uses?|is|shows?|measures?|gives?)\s+(?P<metric>[^,;]{2,40})")


# 'the blue line is Qwen3-14B', 'blue line = Qwen3-14B', 'the orange curve shows Magistral-Small'
_STYLE_IS_NAME = re.compile(
    r"(?i)\b(?:the\s+)?(?P<style>(?:" + LOOK + r"\s+){0,2}" + LOOK +
    r"(?:\s+(?:" + MARKS + "|" + SHAPES + r"))?)\s+"
    r"(?:is|=|:|for|represents?|shows|denotes?|marks|corresponds? to|stands? for)\s+(?:the\s+)?[\"“‘]?"
    r"(?P<name>(?-i:[A-Z0-9])[\w+/]*(?:[.\-][\w+/]+)*(?:\s(?-i:[A-Z0-9])[\w+/]*(?:[.\-][\w+/]+)*){0,3})")
_STYLE_TO_NAME = re.compile(r"(?i)\b(?P<style>(?:" + LOOK + r"\s+){0,2}" + LOOK + r"(?:\s+(?:" + MARKS + "|" + SHAPES + r"))?)\s+"
                            r"to\s+(?:the\s+)?(?P<name>(?-i:[A-Z])[\w+/]*(?:[.\-][\w+/]+)*)")
_ANY_STYLE_WORD = re.compile(r"(?i)\b" + LOOK + r"\b")
# 'Llama-3.1-8B-Instruct (blue)', 'SnapKV (Blue Line)'
_NAME_THEN_STYLE = re.compile(r"(?P<name>(?<![\w.\-])[A-Z][\w.\-+/]*(?:\s[A-Z0-9][\w.\-+/]*){0,3})\s*"
                              r"\((?P<style>[^()]{2,30})\)")


_TAG_IS_NAME = re.compile(r"\s*[`'\"]?(?P<tag>[\w.\-+]{1,16}|" + GLYPHS + r")[`'\"]?\s*(?:=|→|->|:|(?<=" + GLYPHS + r")\s)\s*"
                          r"[`'\"]?(?P<name>[A-Za-z][\w.\-+]{2,60})[`'\"]?\s*(?:\([^()]*\))?\s*\.?")


_GLYPH = re.compile(GLYPHS)
# a series told by where its curve runs: 'the upper line', 'Lower curve'
_POSITION_REF = re.compile(r"(?i)(?:the\s+)?(?P<pos>" + POSITIONS + r")(?:[\s-]?most)?\s+(?:line|curve|series|trace|one)")
_NAME_SPAN = r"(?P<name>(?-i:[A-Z])[\w.\-+/]*\d[\w.\-+/]*(?:\s(?-i:[A-Z0-9])[\w.\-+/]*){0,3}?|(?-i:[A-Z])[\w.\-+/]{2,})"
# 'The red QwQ-32B line is the upper line', 'upper curve = R-KV', 'the lower one is Zeta-7B'
_NAME_IS_POSITION = re.compile(r"(?i)(?:(?:" + LOOK + r")\s+)*" + _NAME_SPAN + r"(?:\s+(?:line|curve|series))?\s+(?:is|stays|remains)"
                               r"\s+(?:always\s+)?" + _POSITION_REF.pattern[4:])
_POSITION_IS_NAME = re.compile(_POSITION_REF.pattern + r"\s*(?:=|:|is|belongs\s+to|shows)\s+(?:the\s+)?" + _NAME_SPAN)


def _aliases(chart: Chart, overview: str, ref: Reference) -> dict[str, str]:
    """Style -> series name, from the legend, then from every place a document pairs a look
    with a name: a label with a style note or the reverse (``Blue (Llama-3.1-8B)``,
    ``Series 1: SnapKV (Blue Line)``), and sentences of the overview and components (``the
    blue line is Qwen3-14B``, ``Qwen2.5-7B (red)``). The first pairing of a style wins."""
    aliases: dict[str, str] = {}

    def add(style: str, name: str) -> None:
        key, name = alias_key(style), name.strip(" .,:;*`'\"")
        if sum(bool(_COLOUR_WORD.search(part)) for part in style.split(",")) >= 2:
            return  # 'three entries (light blue, salmon, dark red)': a list of looks, no one look
        if key and name and not alias_key(name):
            aliases.setdefault(key, name)
            line = " ".join(w for w in key.split() if w not in _SINGULAR_SHAPE.values())
            if line and line != key and _LINE_NOUN.search(style):  # 'Red line with circle markers': 'the red line' too
                aliases.setdefault(line, name)

    legend_labels = {entry.label for entry in chart.legend}
    for index, entry in enumerate(chart.legend):
        add(entry.style, entry.label)
        aliases.setdefault(f"#{index}", entry.label)
    labelled = [(p.label, p.note) for p in chart.points if p.label and p.note]
    labelled += [_clean_label(s.text) for p in chart.points for s in p.context]
    for label, note in labelled:
        if note:
            add(note, label)
            add(label, note)
            if "," in note:  # 'Qwen3-32B (Red Line, top-most position ...)': the look is the note's first part
                add(note.split(",", 1)[0], label)
    for text in (s.text for s in chart.notes):  # a label key: 'R1-7B = DeepSeek-R1-Distill-Qwen-7B'
        tag = _TAG_IS_NAME.fullmatch(text) if "=" in text or "→" in text or _GLYPH.match(text) else None
        if tag and len(tag.group("tag")) < len(tag.group("name")) and is_model_like(tag.group("name"), ref) == 2:
            aliases.setdefault("=" + tag.group("tag").lower(), tag.group("name"))
    for text in (overview, *(s.text for s in chart.notes)):
        for clause in _rx(r"[;,]\s+|\.\s+").split(text) if _POSITION_REF.search(text) else ():
            placed = _NAME_IS_POSITION.search(clause) or _POSITION_IS_NAME.search(clause)
            if placed and (is_model_like(placed.group("name"), ref) or placed.group("name") in legend_labels):
                aliases.setdefault("@" + placed.group("pos").lower(), placed.group("name"))
        if not _ANY_STYLE_WORD.search(text):
            continue
        for match in _STYLE_IS_NAME.finditer(text):
            add(match.group("style"), match.group("name"))
        for sentence in _SENTENCE_END.split(text) if "map" in text else ():
            if _rx(r"(?i)\bmaps?\b|\bmapping\b").search(sentence):  # 'The legend maps orange to Qwen3-8B and blue to ...'
                for match in _STYLE_TO_NAME.finditer(sentence):
                    add(match.group("style"), match.group("name"))
        for match in _NAME_THEN_STYLE.finditer(text):
            add(match.group("style"), match.group("name"))
    return aliases


@lru_cache(maxsize=1 << 12)
def _numeric_setting_named(text: str, ref: Reference) -> str | None:
    """The one numeric setting key `text` names, or None when none or several; a setting also named
    inside another one's phrase is that one's word ('Step' of 'Step Budgets' names no training steps)."""
    spans = {rule.key: [m.span() for m in rule.pattern.finditer(text)] for rule in ref.settings if rule.is_numeric}
    spans = {key: found for key, found in spans.items() if found}
    named = {key for key, found in spans.items()
             if not any(any(o != (a, b) and o[0] <= a and b <= o[1] for other, taken in spans.items() if other != key
                            for o in taken) for a, b in found)}
    return named.pop() if len(named) == 1 else None


@lru_cache(maxsize=1 << 12)
def _text_setting_named(text: str, ref: Reference) -> str | None:
    """The text setting (method, precision, reasoning effort, ...) `text` names first, or None:
    the key of a figure's labels that are no models ('H2O', 'low', 'FP8')."""
    keys, pattern = _text_settings(ref)
    match = pattern.search(text)  # one alternation: the leftmost setting named wins
    return next(keys[int(g[1:])] for g, v in match.groupdict().items() if v is not None) if match else None


@lru_cache(maxsize=1 << 12)
def _valued_setting(text: str, ref: Reference) -> str | None:
    """The text setting whose values `text` has the form of ('W4A16', 'FP8': precision), or None."""
    value = text.strip(" *_`")
    return next((rule.key for rule in ref.settings if rule.values is not None and rule.values.fullmatch(value)), None)


@lru_cache(maxsize=4)
def _text_settings(ref: Reference) -> tuple[tuple[str, ...], re.Pattern[str]]:
    """The text settings' keys and one pattern with a named group per key, in vocabulary order."""
    rules = [rule for rule in ref.settings if not rule.is_numeric]
    return tuple(r.key for r in rules), re.compile(
        "|".join(f"(?P<k{i}>{r.pattern.pattern})" for i, r in enumerate(rules)), re.IGNORECASE)


@lru_cache(maxsize=1 << 12)
def _metrics_named(text: str, ref: Reference) -> tuple[str, ...]:
    """The specific metrics `text` names anywhere, each once."""
    named = {match_metric(m.group(0), ref) for rule in ref.metrics if rule.metric != "score"
             for m in rule.pattern.finditer(text)}
    return tuple(sorted(n for n in named if n))


_COUNTED = re.compile(r"(?i)\b(?:number|count|step|steps|trial|trials|round|rounds|epoch|epochs|iteration|iterations|"
                      r"turn|turns|attempt|attempts|stage|level|size|length|ratio|rate)\b")


def _named_setting(axis: Axis, axes: dict[str, Quantity], ref: Reference) -> Quantity | None:
    """An x axis that no vocabulary names, over a metric on y, as the setting its label names
    (``Trial Number`` over 'Proportion of solved environments': the setting ``trial_number``),
    when its ticks are numbers or its label counts something; else None."""
    x, y = axes.get("x"), next((axes[r] for r in ("y", "y_left") if r in axes), None)
    if x is None or y is None or y.kind != "metric" or x.kind not in ("unknown", "metric") or x.metric or x.benchmark:
        return None
    words = _rx(r"\([^()]*\)|\s+per\s+\w+\s*$").sub(" ", axis.label).split()  # 'Max Turns per Task': max turns
    numeric = len(axis.ticks) >= 2 and all(parse_number(t) is not None for t in axis.ticks)
    if not 1 <= len(words) <= 3 or not (numeric or _COUNTED.search(axis.label)) or find_benchmark(axis.label, ref) \
            or is_model_like(axis.label, ref):
        return None
    key = _setting_key(" ".join(words))
    return Quantity("setting", axis.label, setting_key=key, unit=x.unit) if key and key[0].isalpha() else None


def _setting_key(name: str) -> str:
    """A setting the vocabulary does not know, keyed by its own name in snake case (``Trial Number`` → ``trial_number``)."""
    return _rx(r"[^a-z0-9]+").sub("_", name.lower()).strip("_")


_NAME_SHAPE = re.compile(r"[A-Z][a-z]*[A-Z]|\d|^[A-Z]{2,}")  # 'HotpotQA', 'ALFWorld', 'MGSM', 'HumanEval+'
_PROSE_WORDS = re.compile(r"(?i)\b(?:of|the|per|for|to|in|on|with|and|by|from|at)\b")


def _key_named(word: str, ref: Reference) -> str:
    """The setting a key word names: the vocabulary's (``Precision`` → precision), else its own
    name in snake case (``Language`` → language)."""
    return next((rule.key for rule in ref.settings if rule.pattern.search(word)), None) or _setting_key(word)


def _title_name(title: str, ref: Reference) -> str | None:
    """The name of an unknown benchmark a title gives beside its metric (``ALFWorld`` in
    'ALFWorld Success Rate Across Trials', ``HotpotQA`` in 'HotpotQA Accuracy and Latency vs.
    ...'): the residue up to its first prose word, at most three words, shaped like a name."""
    residue = quantity_of(title, ref).benchmark_text if title and not find_benchmark(title, ref) else None
    head = _PROSE_WORDS.split(residue)[0].strip(" -–—:,") if residue else ""
    return head if head and len(head.split()) <= 3 and _NAME_SHAPE.search(head) else None


def describe_figure(chart: Chart, ref: Reference) -> Figure:
    """Interpret the axes, title and overview of a chart."""
    axes: dict[str, Quantity] = {}
    for axis in chart.axes:
        quantity = quantity_of(axis.label, ref)
        if (axis.role in ("y_left", "y_right") and (quantity.kind == "setting" or _names_a_measure(quantity))
                or axis.role == "y" and quantity.unit == "%" and _names_a_measure(quantity)) and (key := _label_key(axis.label)):
            # a second y axis measures what it names ('KV Cache Length (k tokens)'), as does a share ('Safe Rate (%)')
            quantity = Quantity("metric", axis.label, metric=key, unit=quantity.unit)
        if axis.role == "x" and quantity.kind in ("unknown", "metric") and not quantity.metric and not quantity.benchmark \
                and _BENCHMARK_AXIS.search(axis.label) and any(parse_number(t) is None for t in axis.ticks):
            quantity = Quantity("category", axis.label)  # 'Safety Evaluation Suites' over 'HarmBench, XSTest'
        if not axis.label and quantity.kind == "unknown" and any(parse_number(t) is None for t in axis.ticks):
            quantity = Quantity("category", "")  # an axis given only by its text categories ('FullKV, H2O, ...')
        if axis.role == "x" and quantity.kind == "unknown" and _NOUN_LABEL.fullmatch(axis.label) and len(axis.ticks) >= 2 \
                and not any(_HAS_DIGIT(t) or find_benchmark(t, ref) or is_model_like(t, ref) for t in axis.ticks):
            # 'Language' over 'English, Chinese, Thai': the axis names the setting its text ticks are values of
            quantity = Quantity("setting", axis.label, setting_key=_setting_key(axis.label))
        axes.setdefault(axis.role, quantity)
    x_axis = chart.axis("x")
    x_categories = x_axis.ticks if x_axis else ()
    named = _named_setting(x_axis, axes, ref) if x_axis is not None else None
    if named is not None and not _numeric_setting_named(
            f"{chart.title.text if chart.title else ''} {' '.join(s.text for s in chart.overview)}", ref):
        axes["x"] = named
    title = chart.title.text if chart.title else ""
    overview = " ".join(s.text for s in chart.overview)
    title_models = _names_in(title, ref)
    overview_models = _names_in(overview, ref)
    models = title_models or overview_models
    benchmarks = [b for b, _, _ in find_benchmarks(title, ref)]
    # a heatmap's values are its colorbar's quantity, when neither axis is one
    value_axis = next((axes[r] for r in ("y", "y_left", "x", "y_right", "colorbar")
                       if r in axes and axes[r].kind == "metric"), None)
    if value_axis and value_axis.benchmark and value_axis.benchmark not in benchmarks:
        benchmarks.insert(0, value_axis.benchmark)
    for quantity in axes.values():
        if quantity.kind == "metric" and quantity.benchmark and quantity.benchmark not in benchmarks:
            benchmarks.append(quantity.benchmark)
    if not benchmarks:  # the overview's, else those the component notes name ('Evaluation set: MMLU-Pro')
        benchmarks = list(dict.fromkeys(b for b, _, _ in find_benchmarks(overview, ref))) or list(dict.fromkeys(
            b for note in chart.notes for b, _, _ in find_benchmarks(note.text, ref)))
    if not benchmarks and chart.legend:  # 'BF16 (GSM8K 84.6%)': a score printed in the legend names the benchmark
        legend_lines = {e.line for e in chart.legend}
        benchmarks = list(dict.fromkeys(b for p in chart.points if p.line in legend_lines for r in p.readings
                                        for b, _, _ in find_benchmarks(r.key_before, ref)))
    metric = value_axis.metric if value_axis else None
    if metric is None:
        metric = match_metric(title, ref)
        if metric in (None, "score", "accuracy"):  # a generic 'Results' title yields to a metric stated below
            stated = _stated_metric((" ".join(s.text for s in chart.notes), overview), ref)
            if metric != "accuracy" or stated and "@" in stated:  # 'Accuracy ...' over a caption's 'Pass@1 (%)'
                metric = stated or metric
    exceptions: dict[str, str] = {}
    for text in (overview, *(s.text for s in chart.notes)) if "xcept" in overview + " ".join(s.text for s in chart.notes) else ():
        for sentence in _SENTENCE_END.split(text):
            excepted = _METRIC_EXCEPT.search(sentence)
            found = find_benchmark(excepted.group("bench"), ref) if excepted else None
            bench = found[0] if found else None
            own, other = (match_metric(part, ref) for part in (sentence[: excepted.start()], excepted.group("metric"))) \
                if excepted else (None, None)
            if bench and own and other and own != other:
                # 'Accuracy (%) on all benchmarks except LiveCodeBench, which reports Pass@1 (%)'
                exceptions[bench] = other
                if metric in (None, "score"):
                    metric = own
    listed: dict[str, str] = {}
    for note in chart.notes if len(chart.notes) <= 40 else ():
        named = find_benchmarks(note.text, ref) if "(" in note.text else []
        own = match_metric(note.text[: named[0][1]] + " " + note.text[named[0][2]:], ref) if len(named) == 1 else None
        if own is not None:
            listed.setdefault(named[0][0], own)
    if len(listed) >= 2 and len(set(listed.values()) - {"score"}) >= 2:
        # '* IFEval (prompt-level strict acc., %)', '* Arena-Hard (WR, %)' among a table's columns: each its own metric
        for bench, own in listed.items():
            exceptions.setdefault(bench, own)
    captions = [t for t in (*(s.text for s in chart.notes), *(s.text for s in chart.overview)) if _CAPTION_WORD.search(t)]
    for text in (overview, *(s.text for s in chart.notes)):
        for sentence in _CLAUSE_SENTENCE.split(text) if ";" in text or " under " in text else ():
            # 'Accuracy (%) on MMLU, ARC-C and GSM8K; pass@1 (%) on HumanEval', '"Acc." under MMLU and GSM8K,
            # "Pass@1" under HumanEval': each clause's metric for its benchmarks
            told = [(m, bs) for m, bs in _told_metrics(_clauses(sentence, ref), ref) if m != "score"]
            named = [b for _, benchmarks in told for b in benchmarks]
            if len(told) >= 2 and len({m for m, _ in told}) >= 2 and all(benchmarks for _, benchmarks in told) \
                    and len(named) == len(set(named)):  # two metrics of one benchmark are two panels' quantities
                exceptions.update({b: m for m, benchmarks in told for b in benchmarks if b not in exceptions})
                if metric in (None, "score"):
                    metric = told[0][0]
    noted = " ".join(s.text for s in chart.notes[:40]) if captions else ""
    for text in captions:
        # a caption's 'Scores (%) on ... benchmarks. Arena-Hard: win rate (%).': the figure's metric, and one benchmark's own
        told = _told_metrics([c for s in _CLAUSE_SENTENCE.split(text) for c in _clauses(s, ref)], ref)
        general = [m for m, benchmarks in told if not benchmarks]
        general = [m for m in general if m != "score"] or general  # 'a results table ...; all other columns are accuracy'
        own = [(m, benchmarks) for m, benchmarks in told if benchmarks and m != "score" and m not in general]
        named = {b for b, _, _ in find_benchmarks(f"{title} {overview} {text} {noted}", ref)}  # 'Columns: Model, MMLU, ...'
        if general and own and len(own) < len(told) and len(named - {b for _, bs in own for b in bs}) >= 1:
            exceptions.update({b: m for m, benchmarks in own for b in benchmarks if b not in exceptions})
            if metric in (None, "score", *(m for m, _ in own)):
                metric = general[0]
    unit = value_axis.unit if value_axis else None
    benchmark_text = value_axis.benchmark_text if value_axis else None
    setting_key = _text_setting_named(f"{overview} {title}", ref) or "method"
    # every point's label and group headers, counted (a header shared by many points counts for each)
    labels = Counter(p.label for p in chart.points if p.label)
    for header, count in Counter(s.text for p in chart.points for s in p.context).items():
        labels[_clean_label(header)[0]] += count
    strong = sum(count for label, count in labels.items() if is_model_like(label, ref) == 2)
    has_param_axis = any(q.kind == "params" for q in axes.values())
    labels_are_models = has_param_axis or (strong > 0 and (len(models) != 1 or strong >= 2))
    aliases = _aliases(chart, overview, ref)
    x_quantity = axes.get("x")
    x_ticks = frozenset(c.strip().lower() for c in x_categories) \
        if x_quantity is not None and x_quantity.kind in ("setting", "category") else frozenset()
    legend_labels = [e.label for e in chart.legend]
    # legend entries are siblings: when one of them names no quantity, none of them does ('Greedy', 'Majority@8')
    series = frozenset(label.lower() for label in legend_labels) \
        if any(not match_metric(label, ref) and not _axis_measure(label, axes) for label in legend_labels) else frozenset()
    # so are the labels of one group's points ('Greedy', 'Best-of-8', 'Majority@8' under 'Left Plot (Qwen3-4B)')
    groups: dict[tuple[int, ...], set[str]] = {}
    for point in chart.points:
        if point.label and not point.is_table_row:
            groups.setdefault(tuple(s.line for s in point.context), set()).add(point.label)
    places = {c.strip().lower() for c in x_categories}
    for labels in groups.values():
        if len(labels) < 3 or not any(match_metric(label, ref) for label in labels):
            continue  # the quick no: a group with no label naming a metric has no role to share
        labels = {label for label in labels if label.strip().lower() not in places
                  and not is_category_label(label, ref)}  # places are no siblings
        quantities = [label for label in labels if match_metric(label, ref) or _axis_measure(label, axes)]
        if len(labels) >= 3 and quantities and 2 * len(quantities) < len(labels) \
                and not any(is_model_like(label, ref) == 2 for label in labels):
            series |= {label.lower() for label in labels}
    return Figure(axes, x_categories, models, benchmarks, benchmark_text, metric, unit, setting_key,
                  labels_are_models, title, aliases, x_ticks, f"{title} {overview}", series=series,
                  cell_pair=_cell_pair(chart, axes, ref), symbols=_symbols(chart, ref),
                  panel_benchmarks=_panel_benchmarks(chart, ref), metric_exceptions=exceptions,
                  title_settings=_title_settings(chart, ref),
                  noted_text=" ".join(s.text for s in chart.notes))


def _title_settings(chart: Chart, ref: Reference) -> dict[str, str]:
    """The numeric settings a chart's title field pins with ``key = value`` ('"DeepSeek-R1-Distill-Llama-8B,
    KV budget = 1024"'): where every value of the figure was measured."""
    titles = [s.text.split(":", 1)[1] for s in chart.notes if _TITLE_FIELD.match(s.text)]
    found: dict[str, str] = {}
    for part in (p.strip(' "“”*_') for title in titles if "=" in title for p in _rx(r"[,;|]").split(title)):
        keyed = _KEY_IS_VALUE.fullmatch(part)
        key = _numeric_key(keyed.group("key"), ref) if keyed else None
        if key is not None and find_numbers(keyed.group("value")):
            found.setdefault(key, _setting_value(keyed.group("value"), key, None))
    return found


def _numeric_key(word: str, ref: Reference, figure: Figure | None = None) -> str | None:
    """The numeric setting a key word names (``KV budget`` → kv_budget), else, with `figure`, the
    figure's own numeric setting for a generic word (``Budget``); None when it names none."""
    return next((r.key for r in ref.settings if r.is_numeric and r.pattern.search(word)), None) or (
        figure.number_key(ref) if figure is not None and _GENERIC_SETTING_WORD.search(word) else None)


_TITLE_FIELD = re.compile(r"(?i)^(?:chart\s+|figure\s+|plot\s+)?title\s*:")


def _told_metrics(pieces: list[str], ref: Reference) -> list[tuple[str, list[str]]]:
    """(metric, benchmarks) for each piece of a caption that names a metric before any 'on ...'
    (``Accuracy (%) on MMLU and GSM8K`` → accuracy, [MMLU, GSM8K]; ``"Pass@1" under HumanEval``)."""
    return [(m, [b for b, _, _ in find_benchmarks(piece, ref)]) for piece in pieces
            if (m := _clause_metric(piece, ref)) is not None]


def _clause_metric(piece: str, ref: Reference) -> str | None:
    """The metric a clause names before any 'on ...' or 'under ...' (its benchmarks), or None."""
    return match_metric(_rx(r"\b(?:on|under)\b.*").sub("", piece), ref)


def _clauses(sentence: str, ref: Reference) -> list[str]:
    """A sentence's clauses at ';', and inside one at commas and 'and' when it tells several
    metrics, a piece joined to the clause before it when it names no metric of its own
    ('"Acc." under MMLU and GSM8K, "Pass@1" under HumanEval'; 'on MMLU, ARC-C and GSM8K' stays one)."""
    clauses: list[str] = []
    for clause in sentence.split(";"):
        pieces = _rx(r"(,|\s+and\s+)").split(clause)
        joined: list[str] = []
        for separator, piece in zip(["", *pieces[1::2]], pieces[::2]):
            if joined and (_clause_metric(piece, ref) is None
                           or _rx(r"(?i)\s*(?:which|where|that|whose|except)\b").match(piece)):  # ', which reports ...'
                joined[-1] += separator + piece
            else:
                joined.append(piece)
        clauses.extend(joined if len(joined) >= 2 and match_metric(joined[0], ref) is not None else [clause])
    return clauses


def _label_key(label: str) -> str:
    """A measure or setting named by a label, keyed without its parenthesised notes
    (``KV Cache Length (k tokens)`` → ``kv_cache_length``)."""
    return _setting_key(_rx(r"\([^()]*\)").sub(" ", label))


def _names_a_measure(quantity: Quantity) -> bool:
    """Whether a label that names no known metric or benchmark reads as a measure's name, not a
    benchmark's ('Avg. Acceptance Length', not 'HotpotQA'): words, at least two, none shaped like a name."""
    if quantity.kind == "unknown":
        residue = _rx(r"\([^()]*\)").sub(" ", quantity.label).strip()
    elif quantity.kind == "metric" and quantity.metric in (None, "score") and quantity.benchmark is None:
        residue = quantity.benchmark_text or ""
    else:
        return False
    return 2 <= len(residue.split()) <= 4 and not _NAME_SHAPE.search(residue)


def _axis_measure(name: str, axes: dict[str, Quantity]) -> str | None:
    """The metric a y axis measures by its own title, when `name` repeats that title (a legend's
    ``KV Cache Length``, a header's ``Acceptance length`` for 'Avg. Acceptance Length (τ)'); else None."""
    words = name.lower().split()
    if len(words) > 1 and words[-1] in ("data", "values", "points", "series"):
        words = words[:-1]  # 'KV Cache Length Data (Line)': the values of that axis
    if not words or len(words) > 4:
        return None
    for role in ("y_right", "y_left", "y"):
        quantity = axes.get(role)
        if quantity is not None and quantity.metric and all(w in quantity.label.lower() for w in words) \
                and quantity.metric == _label_key(quantity.label):
            return quantity.metric
    return None


def _axis_word_measure(words: str, axes: dict[str, Quantity]) -> str | None:
    """The known metric of the one value axis whose title holds every word of `words` (a
    column's ``Length`` beside a right axis 'Avg. Response Length (tokens)' → cost); else None."""
    wanted = words.lower().split()
    found = {q.metric for role in ("y", "y_left", "y_right") for q in [axes.get(role)]
             if q is not None and q.metric and q.metric != "score" and wanted
             and all(w in q.label.lower().split() for w in wanted)}
    return found.pop() if len(found) == 1 else None


_UNIT_LETTERS = frozenset("k K M B T G s ms x GB MB".split())  # '(k)' after a label is a unit, not a symbol
_SYMBOL_IN_LABEL = re.compile(r"\(\s*(?P<sym>[^\W\d_]{1,2})\s*\)|(?<=\s)(?P<greek>[α-ωΑ-Ω])\s*$")  # '(N)', '... τ'
_SYMBOL_EQUALS = re.compile(r"(?<![\w.])(?P<sym>[^\W\d_]{1,2})\s*=\s*[~≈]?\.?\d")  # 'T = .2'


def _symbols(chart: Chart, ref: Reference) -> dict[str, str]:
    """The symbols a figure defines for its settings: an axis label's '(N)' or 'τ' in
    'Sampling temperature (τ)', or a sentence that names one setting and writes 'N = 4'
    (the legend, titled "Number of samples", ... N = 4, N = 16)."""
    symbols: dict[str, str] = {}
    texts = [a.label for a in chart.axes] + [s.text for s in (*chart.overview, *chart.notes)]
    for text in texts:
        if ("=" not in text or not _SYMBOL_EQUALS.search(text)) and ("(" not in text and text.isascii()
                                                                    or not _SYMBOL_IN_LABEL.search(text)):
            continue
        for sentence in _rx(r"(?<=[.!?])\s+").split(text):
            named = {m.group("sym") or m.group("greek") for m in _SYMBOL_IN_LABEL.finditer(sentence)} - _UNIT_LETTERS | \
                {m.group("sym") for m in _SYMBOL_EQUALS.finditer(sentence)}
            if len(named) != 1:
                continue
            unhyphened = sentence.replace("-", " ")  # 'thinking-budget setting'
            keys = {rule.key for rule in ref.settings if rule.pattern.search(unhyphened)}
            if len(keys) != 1:
                continue
            symbols.setdefault(named.pop(), keys.pop())
    # a symbol no sentence defines stands for the one setting the figure names with its initial
    # ('T = 0.6' where the figure speaks of temperature, 'N = 8' where it speaks of samples)
    quotes = [p.quote for p in chart.points if "=" in p.quote] + list(
        {h for p in chart.points if p.is_table_row for h, _ in p.fields if "=" in h})  # 'AIME 2024 T = 0.6' headers
    used = {m.group("sym") for text in (*texts, *quotes) if "=" in text for m in _SYMBOL_EQUALS.finditer(text)
            if len(m.group("sym")) == 1} - set(symbols) - {"x", "y", "X", "Y", "r", "R", "p", "k"}
    if used:
        whole = " ".join((chart.title.text if chart.title else "", *texts, *(p.quote for p in chart.points),
                          *(s.text for p in chart.points for s in p.context)))
        lowered = whole.lower()
        named_keys = {rule.key for rule in ref.settings if rule.pattern.search(whole)}
        worded_keys = {rule.key for rule in ref.settings
                       if rule.key.rsplit("_", 1)[-1].rstrip("s") in lowered}  # 'a sample count': num_samples
        for symbol in used:
            initial = symbol.lower()
            for candidates in (named_keys, worded_keys):  # a setting named outright first, then one by its word
                keys = {k for k in candidates if k.startswith(initial) or (initial == "n" and k.startswith("num_"))}
                if keys:
                    if len(keys) == 1:
                        symbols[symbol] = keys.pop()
                    break
    if "k" not in symbols and _rx(r"(?i)\b(?:pass|maj|cons|best-of)@[kn]\b").search(" ".join(texts + [chart.title.text if chart.title else ""])):
        symbols["k"] = "num_samples"  # the k of a pass@k figure: folded into the metric ('pass@4')
    return symbols


# '"(a) AIME 2024" on the left', 'Subplot (a) title: "AIME 2024"'
_PANEL_TITLED = re.compile(r"\((?P<key>[a-h])\)\s*(?:(?i:title)\s*:?\s*[\"“]?)?(?P<title>[^\"”(),;]{2,60})"
                           r"(?:[\"”]\s*(?:on|in|at)\s+the\s+(?P<side>left|right|top|bottom|upper|lower))?")
_SIDE_PANEL = re.compile(r"(?i)\b(?P<side>left|right|top|bottom|upper|lower|first|second)(?:[- ]hand)?\s+(?:panel|subplot|plot)\b"
                         r"(?P<rest>[^.;]*?)(?=\s+and\s+the\b|[.;]|$)")
_PANEL_NAMED = re.compile(r"(?i)\bpanel\s*\(?(?P<key>[a-h])\)?(?![\w])|\((?P<key2>[a-h])\)\s*panel\b|"
                          r"\b(?P<side>left|right|top|bottom|upper|lower|first|second)(?:[- ]hand)?\s+(?:panel|subplot|plot)\b")


def _panel_benchmarks(chart: Chart, ref: Reference) -> dict[str, tuple[str, str]]:
    """Panel key ('a', 'right') -> the one benchmark its title names, from the overview and notes
    ('"(a) AIME 2024" on the left', 'The left panel reports Pass@1 on AIME 2024')."""
    found: dict[str, tuple[str, str]] = {}
    for text in (*(s.text for s in chart.overview), *(s.text for s in chart.notes)):
        if "(" in text:
            for match in _PANEL_TITLED.finditer(text):
                named = find_benchmarks(match.group("title"), ref)
                if len({b for b, _, _ in named}) == 1:
                    pair = (named[0][0], match.group("title")[named[0][1]:named[0][2]])
                    found.setdefault(match.group("key"), pair)
                    if match.group("side"):
                        found.setdefault(match.group("side").lower(), pair)
        if "anel" in text or "plot" in text:
            for match in _SIDE_PANEL.finditer(text):
                named = find_benchmarks(match.group("rest"), ref)
                if len({b for b, _, _ in named}) == 1:
                    found.setdefault(match.group("side").lower(), (named[0][0], match.group("rest")[named[0][1]:named[0][2]]))
    return found


def _panels_named(text: str) -> set[str]:
    """The panel keys a sentence names ('panel (b)', 'the right panel')."""
    return {(m.group("key") or m.group("key2") or m.group("side")).lower() for m in _PANEL_NAMED.finditer(text)}


def _cell_pair(chart: Chart, axes: dict[str, Quantity], ref: Reference) -> tuple[Quantity, Quantity] | None:
    """What the two numbers of a table cell written ``38.5 / 1,310`` measure: the quantities
    a note names (``Each cell is written as Pass@1 (%) / Throughput (tok/s)``), else the
    left and the right y axis of a dual-axis chart."""
    for note in chart.notes:
        named = _CELL_PAIR_NOTE.search(note.text) if "/" in note.text else None
        if named:
            pair = quantity_of(named.group("a").strip(), ref), quantity_of(named.group("b").strip(), ref)
            if all(q.kind == "metric" and q.metric for q in pair):
                return pair
    left, right = axes.get("y_left") or axes.get("y"), axes.get("y_right")
    if left is not None and right is not None and left.kind == right.kind == "metric" and left.metric and right.metric:
        return left, right
    return None


_CELL_PAIR_NOTE = re.compile(r"(?i)\b(?:written|given|shown|formatted|read)\s+as\s+(?P<a>[^/]{2,40}?)\s*/\s*"
                             r"(?P<b>[^/,;]{2,40}?)(?:[,;]|\.\s|\.?$)")
_PAIR_CELL = re.compile(r"\s*(?P<a>[~≈]?\s*\d[\d.,]*\s*%?)\s*/\s*(?P<b>[~≈]?\s*\d[\d.,]*\s*[kK%]?)\s*")


# -- points ------------------------------------------------------------------------------

@dataclass
class _Slot:
    """The roles one point resolves to."""

    model: str | None = None
    model_written: str | None = None
    benchmark: str | None = None
    benchmark_written: str | None = None
    benchmark_text: str | None = None
    metric: str | None = None
    unit: str | None = None
    settings: dict[str, str] = field(default_factory=dict)
    panel: str = ""
    measures: Quantity | None = None  # what a table row's label says its values are


def _fork(slot: _Slot, **changes: object) -> _Slot:
    """A copy of `slot` (its settings copied too) with `changes` applied: a series of a point."""
    return replace(slot, settings=dict(slot.settings), **changes)


def _format_number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.10g}"


def _setting_value(text: str, key: str, quantity: Quantity | None) -> str:
    """Canonical form of a setting value: numbers as plain decimals (``1k`` → 1000)."""
    text = _RATIO_SIGN.sub("", text.strip()) if text[-1:] in "×✕xX" else text
    number = parse_number(_rx(r"(?i)\b(?:kv|budget|tokens?|steps?|cache|size)\b").sub(" ", text))
    if number is None:
        numbers = find_numbers(text)
        if len(numbers) != 1:
            return text.strip()
        number = numbers[0]  # "N = 4", "budget 1k"
    value = number.value
    if number.suffix in ("B", "M", "T"):
        value = value * _SCALE[number.suffix]
    elif quantity is not None and quantity.scale != 1.0 and not _rx(r"[A-Za-z]").search(number.raw) and (
            key == "training_tokens" or _SPELLED_SCALE.search(quantity.label)):
        value = value * quantity.scale  # '0.5' on a 'Thinking Budget (thousands of tokens)' axis: 500
    return _format_number(value)


_SPELLED_SCALE = re.compile(r"(?i)\b(?:thousands?|millions?|billions?)\b|\(\s*[kKM]\s+tokens?\s*\)")  # not '(b)', '(k)'
_RATIO_NOTATION = re.compile(r"(\d+(?:\.\d+)?)\s*:\s*1")
_RATIO_SIGN = re.compile(r"(?<=\d)\s*[×✕xX]$")  # '2×', '4x' in a compression-ratio column: the number 2
_CONFIG_HEADER = re.compile(r"(?i)(?:config(?:uration)?|setting|budget|(?:point\s+|data\s+|marker\s+)?label)s?\b")
_COORDINATE_HEADER = re.compile(r"(?i)([xy])(?:[\s_-]*(?:value|val|coord(?:inate)?|pos(?:ition)?))?(?:\s*\([^()]{1,20}\))?")
_PINNED_AT = re.compile(r"\s[@·]\s*(?P<value>\d[\d.,]*\s*[kK]?)\s*$")  # space before '@': not pass@1; 'MATH-500 · 4k'
_PINNED = re.compile(r"(?<![\w.])(?P<key>[^\W\d_][\w-]{0,20}?)\s*=\s*(?P<value>[~≈]?\d[\d.,]*\s*[kK]?)(?![\w.])")


_LEVEL_CELL = re.compile(r"(?i)(?:level|tier|grade|stage)\s*\d{1,2}")
_PANEL_LEAD_MARK = re.compile(r"\(([a-h])\)\s+(?=\S)")  # '(b) Qwen2.5-7B': panel (b)'s series
_SETTING_VALUE_HEADER = re.compile(r"(?P<key>[A-Za-z][A-Za-z\- ]{0,24}?)\s*:?\s*(?P<value>\d[\d.,]*\s*[kKM]?)(?:\s*tokens)?")
_SETTING_LEAD = re.compile(r"(?P<key>[A-Za-z][A-Za-z\- ]{1,24}?)\s*[:=]?\s*(?P<value>\d[\d.,]*\s*[kKM]?)\s+(?P<rest>\S.*)")
_GENERIC_SETTING_WORD = re.compile(r"(?i)\b(?:budget|size|length|limit)\b")


def _pinned_settings(text: str, figure: Figure, ref: Reference) -> tuple[dict[str, str], str]:
    """The ``key = value`` settings written inside a label (``AIME 2024 T = 0.6``, ``T = 0.6,
    N = 8``), each key a symbol the figure defines or a setting's name, and the label without
    them; ({}, text) when it has none."""
    at = _PINNED_AT.search(text) if " @" in text or " ·" in text else None
    if at is not None:  # 'AIME24 @ 2k' where the figure is about thinking budgets
        key = figure.number_key(ref)
        head = text[: at.start()].strip()
        if key is not None and head and find_benchmark(head, ref):  # 'SnapKV @256' is a method's column, read elsewhere
            return {key: _setting_value(at.group("value"), key, None)}, head
    if "=" not in text:
        # 'KV 128', 'Budget 2k': a column of values at that setting; 'Budget 512 Pass@1': a column of a two-row
        # header, the budget above the metric
        found = _SETTING_VALUE_HEADER.fullmatch(text) if text[:1].isalpha() and text[-1:].isalnum() else None
        rest = ""
        if found is None and text[:1].isalpha() and (found := _SETTING_LEAD.fullmatch(text)) is not None:
            rest = found.group("rest")
            if not (match_metric(rest, ref) or find_benchmark(rest, ref)):
                found = None
        key = _numeric_key(found.group("key"), ref, figure) if found else None
        return ({key: _setting_value(found.group("value"), key, None)}, rest) if key else ({}, text)
    pinned: dict[str, str] = {}
    rest = text
    for match in _PINNED.finditer(text):
        word = match.group("key")
        key = figure.symbols.get(word) or next((r.key for r in ref.settings if r.pattern.fullmatch(word.lower())
                                                or r.key == word.lower()), None)
        if key is None:
            return {}, text
        pinned[key] = _setting_value(match.group("value"), key, None)
        rest = rest.replace(match.group(0), " ")
    return pinned, _rx(r"\s+").sub(" ", rest.strip(" ,;")).strip(" ,;")


def _category_setting(text: str, figure: Figure, ref: Reference) -> tuple[str, str] | None:
    """A category label (``KV Budget 2500``, ``128 tokens``, ``1k``) as a (key, value) setting."""
    x = figure.axes.get("x")
    key = None
    symbol = _SYMBOL_EQUALS.match(text.strip()) if figure.symbols else None
    if symbol is not None:
        key = figure.symbols.get(symbol.group("sym"))  # 'N = 16' where the legend defines N
    for rule in ref.settings if key is None else ():
        if rule.pattern.search(text):
            key = rule.key
            break
    if key is not None and (named := figure.number_key(ref)) not in (None, key) and _is_count(key, ref):
        # '15 steps' in a figure 'under Different Step Budgets': the budget the figure names, not training steps
        rule = next((r for r in ref.settings if r.key == named and r.is_count), None)
        phrase = rule.pattern.search(figure.named_text) if rule is not None else None
        words = {w.rstrip("s") for w in _rx(r"[a-z]{3,}").findall(text.lower())}
        if phrase and any(w and w in phrase.group(0).lower() for w in words):
            key = named
    if key is None and x is not None and x.kind == "setting":
        key = x.setting_key
        if not _HAS_DIGIT(text) and _is_numeric(key, ref):
            return _worded_tick(key, text, figure, ref)
    if key is None and x is not None and x.kind == "category" and _is_x_tick(text, figure, ref):
        key = _valued_setting(text, ref) or figure.setting_key_for_labels  # 'FullKV' on an axis of method categories
    if key is None and find_numbers(text):
        key = figure.number_key(ref)  # '4k budget' in a figure about thinking budgets
    if key is None:
        return None
    return key, _setting_value(text, key, x if x is not None and x.setting_key == key else None)


def _worded_tick(key: str, text: str, figure: Figure, ref: Reference) -> tuple[str, str]:
    """The setting a worded tick or cell names where setting `key` takes numbers: the unlimited
    run (``No Budget`` → ``key=none``), a setting its form names (``FP8``), else a baseline
    method (``FullKV`` in the KV Budget column)."""
    text = text.strip(" *_")
    if _NO_LIMIT.fullmatch(text):
        return key, "none"
    valued = _valued_setting(text, ref)
    return (valued, text) if valued else (figure.setting_key_for_labels, text)


_TOKENS_TAIL = re.compile(r"(?i)\W*(?:(?:avg\.?|average|mean)\s+)?(?:(?:output|response|generated)\s+)?tokens?\W*")
_CAPTION_WORD = re.compile(r"(?i)\bcaption(?:ed|s)?\b")
_NO_LIMIT = re.compile(r"(?i)[\"'`]?(?:no|none|without|unlimited|unconstrained|unbounded|infinite|∞)"
                       r"(?:\s+(?:budget|limit|cap|constraint|restriction)s?)?[\"'`]?")
_CATEGORY_LABEL = re.compile(
    r"(?i)^(?:[^\W\d_][\w\- ]{0,20}?\s*[=:]?\s*)?[~≈]?(?:\d[\d.,]*(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\d{1,2})?|\.\d+)\s*[kmbt%×]?(?:[\s-]*[a-z/]{1,12}){0,2}$")


def is_category_label(name: str, ref: Reference, figure: Figure | None = None) -> bool:
    """A label that is an x category: ``2500``, ``KV=128``, ``1k tokens``, ``KV Budget 4096``
    (but not a name with a version: ``Claude 3.5``)."""
    text = name.strip()
    if len(find_numbers(text)) != 1 or not _CATEGORY_LABEL.match(text):
        return False
    if _column_benchmark(text, ref):  # 'AIME 2025' names a benchmark, whatever the axis says
        return False
    words = _rx(r"[~≈\d]").split(text, maxsplit=1)[0].strip(" =:")
    if not words or "=" in text or ":" in text:
        return True
    x_axis = figure.axes.get("x") if figure else None
    if x_axis is not None and words.lower() in x_axis.label.lower():
        return True
    if any(rule.pattern.search(words) for rule in ref.settings):
        return True
    # 'Budget 1k' in a figure about thinking budgets: a word of the figure's numeric setting
    key = figure.number_key(ref) if figure is not None else None
    return key is not None and words.lower() in key.split("_")


def _is_x_tick(name: str, figure: Figure, ref: Reference) -> bool:
    """Whether `name` is one of the x axis's text ticks on a setting or category axis
    (``Easy``, ``FullKV``), and names no benchmark or model (an axis of benchmarks is no setting)."""
    if not figure.x_ticks or name.strip().lower() not in figure.x_ticks:
        return False
    return not find_benchmark(name, ref) and is_model_like(name, ref) < 2


_GENERIC_METRICS = ("accuracy", "score")
_NAME_DASH_NUMBER = re.compile(r"(?P<name>.*[A-Za-z].*?)-(?P<number>\d+(?:\.\d+)?[kK]?)")
_NAME_AT_NUMBER = re.compile(r"(?P<name>[^@]*[A-Za-z][^@]*?)\s*@\s*(?P<number>\d+(?:[.,]\d+)?\s*[kK]?)")


_SETTING_PAIR = re.compile(r"\(\s*(?P<a>[~≈]?\d[\d.,]*\s*[kK]?)\s*,\s*(?P<b>[~≈]?\d[\d.,]*\s*[kK]?)\s*\)")


def _pair_settings(a: str, b: str, figure: Figure, slot: _Slot) -> bool:
    """Fill `slot` with the settings of a cell labelled by its two axis values, when both axes
    are settings: (row, column) unless only (column, row) fits the x ticks. False when not."""
    x_axis, y_axis = figure.axes.get("x"), figure.axes.get("y") or figure.axes.get("y_left")
    if x_axis is None or y_axis is None or x_axis.kind != "setting" or y_axis.kind != "setting" \
            or not x_axis.setting_key or not y_axis.setting_key:
        return False
    first, second = parse_number(a), parse_number(b)
    if first is None or second is None:
        return False
    columns = {n.value for t in figure.x_categories for n in [parse_number(t)] if n is not None}
    row_first = not (first.value in columns and second.value not in columns)
    (row_key, row_value), (column_key, column_value) = ((y_axis.setting_key, a), (x_axis.setting_key, b)) if row_first \
        else ((y_axis.setting_key, b), (x_axis.setting_key, a))
    slot.settings.setdefault(row_key, _setting_value(row_value, row_key, y_axis))
    slot.settings.setdefault(column_key, _setting_value(column_value, column_key, x_axis))
    return True


_BARE_SIZE = re.compile(r"(?i)\d+(?:\.\d+)?\s?[BM](?:-A\d+(?:\.\d+)?B)?")


_SIZED_NAME = re.compile(r"(?i)(?<![a-z])\d+(?:\.\d+)?\s?[BM](?![a-z])")  # a name that gives its own size
_QUOTED_SIZE = re.compile(r"^[\w\s-]{0,30}?[\"“'](?P<size>" + _BARE_SIZE.pattern[4:] + r")[\"”']$")  # 'Marker annotated "0.5B"'


def _sized_member(label: str, family: str | None) -> str | None:
    """``0.6B`` (or ``30B-A3B``) under a model family (``Qwen3``, the figure's one model or a
    group header): that family's member of that size, ``Qwen3-0.6B``; else None."""
    label = label.strip(" *_`")
    if family is None or not _BARE_SIZE.fullmatch(label) or _BARE_SIZE.search(family):
        return None
    variant = _FAMILY_VERSION.fullmatch(family)
    tail = variant.group("variant") or "" if variant else ""  # 'Qwen2.5-Instruct' over '1.5B': Qwen2.5-1.5B-Instruct
    return f"{family[:len(family) - len(tail)]}-{label.replace(' ', '')}{tail}"


# a family, its version, and the variant its members share ('Qwen2.5-Instruct', 'Gemma-2-it')
_FAMILY_VERSION = re.compile(r"(?P<family>[A-Za-z]+)(?:[\s-]?\d+(?:\.\d+)?)?(?P<variant>[\s-](?:Instruct|Chat|it|Base))?")


def _family(name: str | None, ref: Reference) -> str | None:
    """`name` when it names a model family and at most its version (``Qwen3``, ``Llama 3.1``), not one model."""
    match = _FAMILY_VERSION.fullmatch(name) if name else None
    return name if match and match.group("family").lower() in ref.families else None


def _figure_family(figure: Figure, ref: Reference) -> str | None:
    """The family a figure is about, when its one model name is a family (``... across the Qwen3 family``)."""
    return _family(figure.models[0], ref) if len(figure.models) == 1 else None


_PART_OF_FIGURE = re.compile(r"(?i)(.*\S)\s+(?:column|row|panel|subplot|plot|group|cluster)")
_BENCHMARK_AXIS = re.compile(r"(?i)\b(?:benchmarks?|datasets?|tasks?|suites?|evaluation sets?|test sets?)\b")
_KEYED_GROUP = re.compile(r"(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?P<key>[A-Z][a-z]{2,15}(?:\s[A-Za-z][a-z]{1,15})?)\s*:\s*"
                          r"(?P<value>[^:=]{1,40})")  # '3.1 Language: English', 'Category: HarmBench'
_GROUPING_WORD = re.compile(r"(?i)\b(?:category|group|subset|split|domain|suite|section|cluster|block|part|reference|baseline)$")
_KEY_IS_VALUE = re.compile(r"(?P<key>[A-Za-z][A-Za-z \-]{0,40}?)\s*=\s*(?P<value>[^=,;]{1,30}?)")
_SIZE_KEY = re.compile(r"(?i)\bsize\b|\bparam")
_FAMILY_GROUP = re.compile(r"(?i)(.+?)\s+(?:family|series|models)")
_METRIC_TAIL = re.compile(r"(?P<head>\S+)\s+(?P<tail>[A-Za-z][\w@/.%-]*(?:\s[\w@/.%()-]+){0,2})")


def _assign_name(slot: _Slot, text: str, figure: Figure, ref: Reference, is_label: bool) -> None:
    """Give `text` (a label or group header) the role it has, if its slot is free."""
    role = _strip_prefix(text.strip())[1]  # 'Benchmark: HarmBench': the role the prefix gives, which cleaning drops
    name, note = _clean_label(text)
    name, inner = _strip_prefix(name)
    role = role or inner
    if not name:
        return
    if " " in name and (subject := _subject_look(name, figure)) is not None:
        name = text = subject  # 'The green line is the flattest of the three:' over its items: the series of that look
    keyed = _KEYED_GROUP.fullmatch(name) if ":" in name else None
    if keyed and not is_model_like(keyed.group("key"), ref) and not match_metric(keyed.group("key"), ref) \
            and not find_benchmark(keyed.group("key"), ref):
        key, value = keyed.group("key").strip(), keyed.group("value").strip()
        if _GROUPING_WORD.search(key) or find_benchmark(value, ref) or is_model_like(value, ref) == 2 or (
                _BARE_SIZE.fullmatch(value) and _SIZE_KEY.search(key)):  # 'Model Size: 1.5B': the family's member
            # 'Category: HarmBench', 'Upper block: AIME 2025': the group is its value
            _assign_name(slot, value, figure, ref, is_label)
        else:  # '3.1 Language: English': a setting, by the name the vocabulary or the heading gives it
            setting = _key_named(key, ref)
            slot.settings.setdefault(setting, _setting_value(value, setting, None))
        return
    if name[-3:].lower() in ("umn", "row", "nel", "lot", "oup", "ter") and (part := _PART_OF_FIGURE.fullmatch(name)) \
            and (name[-3:].lower() not in ("oup", "ter") or find_benchmark(part.group(1), ref)
                 or _is_x_tick(part.group(1), figure, ref)):
        name = part.group(1)  # 'MATH-500 column', 'Qwen3-8B panel', 'MATH500 group': what that part is about
        if _GROUPING_WORD.fullmatch(name):
            return  # 'Reference row: FullKV: 49.2': a role of the row, the key names its series
    quoted = _QUOTED_SIZE.match(name) if '"' in name or "“" in name or "'" in name else None
    if quoted:  # 'Marker annotated "0.5B"': the size printed at the marker names it
        name = quoted.group("size")
    family = _family(slot.model, ref) if quoted or name[:1].isdigit() else None
    if (quoted or name[:1].isdigit()) and (slot.model is None or family is not None):
        # a legend of sizes under a family's title ('Qwen3' over '0.6B', '4B') or a group header ('**Qwen2.5:**')
        member = _sized_member(name, family or _figure_family(figure, ref))
        if member or quoted:
            slot.model, slot.model_written = member or name, name  # a bare size waits for its family's header
            return
    if slot.model is not None and slot.model[:1].isdigit() and _BARE_SIZE.fullmatch(slot.model) and _family(name, ref):
        slot.model = _sized_member(slot.model, name) or f"{name}-{slot.model}"  # '0.5B' under '**Qwen2.5 (Blue):**'
        return
    if name[:1].isdigit() and "-" in name:
        name = _NUMBER_HYPHEN.sub(r"\1 ", name)  # '1-shot', '512-token': a number and its unit
    if name[:1].isdigit() and ":" in name and (ratio := _RATIO_NOTATION.fullmatch(name)):
        name = ratio.group(1)  # '10:1' on a compression-ratio axis: the ratio 10
    pair = _SETTING_PAIR.fullmatch(text.strip()) if text.lstrip()[:1] == "(" else None
    if pair and _pair_settings(pair.group("a"), pair.group("b"), figure, slot):
        return  # '(0.4, 0.95)' on a heatmap of temperature by top-p: the cell's two settings
    joined = _NAME_AT_NUMBER.fullmatch(name) if "@" in name else None
    if joined and not match_metric(name, ref) and (key := figure.number_key(ref)):
        # 'Qwen3-8B@4k': that series at a budget of 4k
        slot.settings.setdefault(key, _setting_value(joined.group("number"), key, None))
        _assign_name(slot, joined.group("name"), figure, ref, is_label)
        return
    if " vs" in name or " versus " in name:
        sides = _rx(r"\s+(?:vs\.?|versus)\s+").split(name)
        if len(sides) == 2 and all(find_benchmark(side, ref) or match_metric(side, ref) for side in sides):
            return  # 'Panel 3: AIME 2025 vs LiveCodeBench': the panel's two axes, no series or setting
    hyphened = _NAME_DASH_NUMBER.fullmatch(name) if "-" in name and figure.aliases else None
    if hyphened and hyphened.group("name") in figure.aliases.values() and is_model_like(name, ref) < 2 \
            and (key := figure.number_key(ref)):
        # 'SnapKV-512' where the legend's series is SnapKV: that series at a budget of 512
        slot.settings.setdefault(key, _setting_value(hyphened.group("number"), key, None))
        _assign_name(slot, hyphened.group("name"), figure, ref, is_label)
        return
    if "|" in name or " · " in name:  # a panel title: 'R1-Qwen | AIME24', 'Qwen3-4B · MATH500'
        slot.panel = slot.panel or text
        for part in _rx(r"\||\s·\s").split(name):
            _assign_name(slot, part.strip(), figure, ref, is_label)
        return
    if note:
        metric = match_metric(note, ref)
        if metric and slot.metric is None and role != "model":
            slot.metric = metric
        if note.lower() in figure.series and is_model_like(name, ref):  # 'Qwen3-14B (BF16)': a series of the legend
            _assign_name(slot, name, figure, ref, is_label)
            _assign_name(slot, note, figure, ref, is_label)
            return
        if _BARE_SIZE.fullmatch(note.strip()) and is_model_like(name, ref) and not _SIZED_NAME.search(name):
            name = f"{name}-{note.strip().replace(' ', '')}"  # 'StarCoder2 (3B)': that family's 3B model
            note = None
        elif (key := _valued_setting(note, ref)) and is_model_like(name, ref) == 2:
            _assign_name(slot, name, figure, ref, is_label)  # 'Qwen3-8B (W4A16)': that model in that format
            slot.settings.setdefault(key, note.strip(" *_`"))
            return
    if _is_descriptive_group(name, ref) and not (is_label and name.lower() in figure.series):  # a legend's 'Top' labels a series
        models = _names_in(_rx(r"\([^()]*\)").sub(" ", name), ref) if slot.model is None and _HAS_DIGIT(name) else []
        if len(models) == 1 and is_model_like(models[0], ref) == 2:
            # '**1. Qwen2.5-Math-7B (Blue Line) Trend & Data Points:**': the one model the remark's header names
            slot.model, slot.model_written = strip_annotations(models[0]), models[0]
        named = find_benchmark(note, ref) if note and slot.benchmark is None else None
        if named is not None:  # 'Right Plot (GPQA Diamond)': the panel's benchmark, in its note
            slot.benchmark, slot.benchmark_written, slot.benchmark_text = named[0], note[named[1]:named[2]], None
        return
    if ", " in name or " / " in name:
        parts = [p.strip() for p in _rx(r",|\s/\s").split(name)]
        if not is_model_like(name, ref) and any(is_category_label(p, ref, figure) or _is_x_tick(p, figure, ref)
                                                for p in parts) or len(parts) <= 3 and all(
                is_model_like(p, ref) == 2 or match_metric(p, ref) or find_benchmark(p, ref) for p in parts):
            for part in parts:  # 'SnapKV, KV Budget 1024': a method and a budget; 'Qwen3-4B, Pass@1'
                _assign_name(slot, part, figure, ref, is_label)
            return
    if slot.benchmark is None and (role == "benchmark" and not find_benchmark(name, ref) or _is_x_tick(name, figure, ref)
                                   and (x := figure.axes.get("x")) is not None and x.kind != "setting"
                                   and _BENCHMARK_AXIS.search(x.label)):
        # 'XSTest' on an axis of 'Safety Evaluation Suites'; 'Benchmark: HarmBench', a name the vocabulary lacks
        slot.benchmark_written = slot.benchmark_text = name
        return
    if is_category_label(name, ref, figure) or _is_x_tick(name, figure, ref):
        setting = _category_setting(name, figure, ref)
        if setting and setting[0] not in slot.settings:
            slot.settings[setting[0]] = setting[1]
        return
    benchmark = find_benchmark(name, ref)
    if not is_label and slot.benchmark is None and is_model_like(name, ref) < 2 and not (
            benchmark and benchmark[2] - benchmark[1] >= len(name.strip()) - 2):
        named = find_benchmarks(name, ref)
        if len(named) == 1:  # a header that mentions one benchmark: 'In the MathVista group'
            slot.benchmark, slot.benchmark_written = named[0][0], name
            if slot.metric is None:  # 'MATH-500 accuracy (%)': and the metric it names
                slot.metric = match_metric(name[:named[0][1]] + " " + name[named[0][2]:], ref)
            return
    if role == "benchmark" or (benchmark and benchmark[2] - benchmark[1] >= len(name.strip()) - 2):
        if slot.benchmark is None:
            slot.benchmark = benchmark[0] if benchmark else None
            slot.benchmark_written = name
            if benchmark is None:
                slot.benchmark_text = name
        return
    metric = match_metric(name, ref) if name.lower() not in figure.series else None
    if metric is None and is_model_like(name, ref) < 2 and name.lower() not in figure.series \
            and _rx(r"(?i)^(?:total|activ\w*|non[-\s]?embedding)?\s*param(?:eter)?s?(?:\s*\([^()]*\))?$").match(name.strip()):
        return  # 'Left Plot (Total Parameters)': the panel's x quantity, no series or setting
    by_axis = metric is None and is_model_like(name, ref) < 2
    if by_axis:
        metric = _axis_measure(name, figure.axes)  # 'Acceptance length' heading the values of that y axis
    if metric and role != "model" and is_model_like(name, ref) < 2:
        # 'Decoding Throughput vs. Context Length' names a metric and the x axis, no benchmark
        residue = None if by_axis else _benchmark_residue(_without_metrics(name, ref), None)
        if slot.metric is None and not (metric in _GENERIC_METRICS and figure.metric not in (None, *_GENERIC_METRICS)):
            slot.metric = metric  # a panel titled 'Accuracy vs. ...' over a 'Pass@1' axis keeps the axis's metric
        if residue and slot.benchmark is None and slot.benchmark_text is None:
            slot.benchmark_text = residue
        return
    tail = _METRIC_TAIL.fullmatch(name) if " " in name else None
    if tail and is_model_like(tail.group("head"), ref) == 2 and (metric := match_metric(tail.group("tail"), ref)):
        name = tail.group("head")  # 'Qwen3-32B throughput' in a legend: that model's series of that metric
        if slot.metric is None:
            slot.metric = metric
    grouped = _FAMILY_GROUP.fullmatch(name) if name[-1:] in "ysYS" else None
    if grouped and _family(grouped.group(1), ref):
        if slot.model is None:  # '**Qwen3 Family**' over bare sizes: the family names them
            _assign_name(slot, grouped.group(1), figure, ref, is_label)
        return  # '**Llama Family** (Blue):' over named items: a family groups models, no method
    strength = is_model_like(name, ref)
    if role == "model" or (strength == 2) or (strength == 1 and figure.labels_are_models and not _is_sentence(name)) \
            or (is_label and figure.labels_are_models and not figure.models and not _is_sentence(name)):
        if slot.model is None:
            if (_is_sentence(name) or name.count("(") != name.count(")") or _CONNECTIVE_LEAD.match(name)) \
                    and len(named := _names_in(name, ref)) == 1:
                # 'followed by Llama-3.1-70B-Instruct (Teal' cut from '..., followed by X (Teal, ~71)': the name in it
                name = text = named[0]  # 'The Llama-3.1-8B-Instruct bars are much shorter:' heads that model's values
            slot.model = strip_annotations(name)
            slot.model_written = text if is_label else name
            return
        if role == "model" or strength == 2:
            return
        # a weaker name under a model's header ('SnapKV (circles)' under 'Llama-3.1-8B-Instruct'): a method
    keyed = _KEY_IS_VALUE.fullmatch(name) if "=" in name else None
    if keyed and not is_model_like(keyed.group("key"), ref) and not match_metric(keyed.group("key"), ref):
        # 'language = English' titling a panel: a setting, by the name the vocabulary or the title gives it
        key = _key_named(keyed.group("key"), ref)
        slot.settings.setdefault(key, _setting_value(keyed.group("value"), key, None))
        return
    if role in ("method", "setting") or (figure.models and strength < 2) or not figure.labels_are_models \
            or slot.model is not None:
        key = _valued_setting(name, ref) or figure.setting_key_for_labels
        if key not in slot.settings and not _rx(r"(?i)data\s*points?.*|(?:[xy][\s-]*)?values?|approximate.*|models?|"
                                                            r"results?|series|data").fullmatch(name):
            if not (is_label and name.lower() in figure.series) and (_is_descriptive_group(name, ref) or not _looks_like_a_name(name)):
                return
            slot.settings[key] = name
        return


_CONNECTIVE_LEAD = re.compile(r"(?i)(?:followed by|then|and|while|whereas|with|ahead of|behind)\s")
_FUNCTION_WORDS = re.compile(
    r"(?i)\b(?:the|of|from|to|with|each|are|is|was|were|and|above|below|next|left|right|printed|shown|"
    r"listed|values?|points?|bars?|labels?|labelled|labeled|reading|read|its|their|per|every|all)\b")


_SENTENCE_WORDS = re.compile(r"(?i)^(?:the|a|an|this|that|is|are|was|were|has|have|of|with|than)$")


def _is_sentence(text: str) -> bool:
    """A label that is a clause of prose (``The AMC23 curve is flatter``), not a name."""
    words = [w.strip(",.;:()") for w in text.split()]
    return len(words) >= 3 and any(_SENTENCE_WORDS.match(w) for w in words)


def _looks_like_a_name(text: str) -> bool:
    """A method or series name (``Majority Voting``, ``LoRA r=16``), not a sentence."""
    words = text.split()
    return len(words) <= 4 and not any(_FUNCTION_WORDS.fullmatch(w.strip(",.;:()")) for w in words)


DESCRIPTIVE_GROUP = re.compile(
    r"(?i)^(?:data\s*points?|data|values?|coord(?:inate)?s?|positions?|locations?|readings?|approximate\s*values?|(?:solid |dashed |dotted )?(?:lines?|bars?|curves?|"
    r"markers?|dots?|columns?|scatter|area)|models?(?:\s*\(.*\))?|results?|series|"
    r"our models?|others?|baselines?|(?:open|closed)(?:[-\s&]+(?:weights?|source|data|models?|only)\b.*)?|"
    r"proprietary(?:\s.*)?|dense|moe|top\s*group|"
    r"(?:first|second|third|fourth|left|right|top|bottom)\b.*|group\s*\d*|.*\bmodels$|.*\bpoints$|"
    r"(?:configuration|config|settings?|setup|caption|info)(?:\s*(?:box|card|panel|block|details))?)$")
_COMMENTARY_TAIL = re.compile(r"(?i)\b(?:notes?|remarks?|comments?|observations?|descriptions?|verification|caveats?)$")
# 'High-Efficiency Outlier (Top Left)', 'Small-Activation Cluster': a part of the plot, unless its head
# names a benchmark or model ('ARC-Challenge group')
_PLOT_REGION = re.compile(r"(?i)^(?P<head>.*?)\s*\b(?:clusters?|outliers?|groups?|regions?|tiers?|quadrants?|corners?|zones?)"
                          r"(?:\s*\([^()]*\))?$")


# the header of a first column whose cells name what each row measures
_ROW_OF_QUANTITIES = re.compile(r"(?i)^(?:quantity|quantities|metric|metrics|measure|measures|variable|property|field|"
                                r"axis|dimension)$")
_HEDGE_STARTS = frozenset("AaRrEe~≈")  # what a hedged header starts with ('Approx.', 'about', 'roughly', 'est.', '~')
_HEDGED_HEADER = re.compile(r"(?i)(?:approx(?:\.|imately)?|about|around|roughly|est(?:\.|imated)?|[~≈])\s*"
                            r"(?:(?:values?|scores?|readings?)\s+)?(?:(?:at|@)\s*)?")


@lru_cache(maxsize=1 << 14)
def _is_descriptive_group(name: str, ref: Reference | None = None) -> bool:
    """A group header or label that describes points (``Data points``, ``Open models``,
    ``Data Table Reconstruction``; with `ref`, ``Small-Activation Cluster``) rather than naming them."""
    if DESCRIPTIVE_GROUP.match(name) is not None:
        return True
    if _COMMENTARY_TAIL.search(name) and (ref is None or is_model_like(name, ref) < 2):
        return True  # 'Language Note', 'Trend Verification': a remark about the figure, no group of its points
    region = _PLOT_REGION.match(name) if ref is not None else None
    if region is not None and not find_benchmark(region.group("head"), ref) and \
            is_model_like(region.group("head"), ref) < 2 and not find_numbers(region.group("head")):
        return True
    return len(_rx(r"[A-Za-z]+").findall(name)) >= 2 and names_no_data(name)



def _order_tuple(point: Point, figure: Figure) -> Point:
    """Swap a coordinate tuple written (y, x): its units tell (``(41.6, 0.37B)`` on a
    parameter x axis)."""
    left, right = figure.axes.get("y_left"), figure.axes.get("y_right")
    if "x" not in figure.axes and left is not None and right is not None and left.kind == right.kind == "metric":
        # '81.1 → 72.7' in a slope graph of two value axes and no x: the left axis's value, then the right's
        starts = [parse_number(r.category) if r.category else None for r in point.readings]
        starts = [n if n is not None and n.raw == r.category.strip() else None for n, r in zip(starts, point.readings)]
        if any(starts):
            readings: list[Reading] = []
            for start, r in zip(starts, point.readings):
                readings += [Reading(start, position="y_left"), replace(r, category=None, position="y_right")] \
                    if start is not None else [r]
            return replace(point, readings=tuple(readings))
    x = next((r for r in point.readings if r.position == "x"), None)
    y = next((r for r in point.readings if r.position == "y"), None)
    if x is None or y is None:
        return point
    x_axis, y_axis = figure.axes.get("x"), figure.axes.get("y") or figure.axes.get("y_left")
    sized = ("B", "M", "T")
    swap = (x_axis is not None and x_axis.kind == "params" and y.number.suffix in sized and x.number.suffix not in sized) \
        or (y_axis is not None and y_axis.kind == "params" and x.number.suffix in sized and y.number.suffix not in sized)
    if not swap:
        return point
    flipped = tuple(replace(r, position={"x": "y", "y": "x"}.get(r.position or "", r.position))
                    for r in point.readings)
    return replace(point, readings=flipped)


def _resolve_at(readings: tuple[Reading, ...], figure: Figure, ref: Reference) -> tuple[Reading, ...]:
    """'31.0 at 512': on a setting x axis the number after 'at' is the value's category;
    on a quantity x axis ('0.64 at 6×10⁴ tokens' over a cost axis) it is a reading of its own.
    A value written in parentheses after its x tick (``between 2k (47.9) and 4k (54.3)``) is
    turned round: the tick is its category."""
    x_axis = figure.axes.get("x")
    is_category = x_axis.kind in ("setting", "category") if x_axis is not None \
        else figure.number_key(ref) is not None
    ticks = {c.strip().lower() for c in figure.x_categories}
    bare = [r for r in readings if not r.category and r.at is None and not r.position and not r.is_listed]
    on_ticks = [r for r in bare if r.number.raw.lower() in ticks and not r.number.is_approximate]
    if is_category and len(readings) == 2 and len(bare) == 2 and len(on_ticks) == 1:
        # 'Doubling the budget (to 2k) lifts the green line to 22.8': one x tick and one value, the tick its place
        value = next(r for r in bare if r is not on_ticks[0])
        return (replace(value, category=on_ticks[0].number.raw),)
    resolved: list[Reading] = []
    placed: Reading | None = None  # an x tick whose value follows in parentheses: '0.6 (~31.25)'
    for index, reading in enumerate(readings):
        if placed is not None:
            reading, placed = replace(reading, category=placed.number.raw), None
        elif reading.category and ticks and reading.number.raw.lower() in ticks \
                and reading.category.strip().lower() not in ticks \
                and len(inner := find_numbers(reading.category)) == 1 and inner[0].raw == reading.category.strip():
            reading = replace(reading, number=inner[0], category=reading.number.raw)
        elif ticks and not reading.category and reading.at is None and reading.after_text.strip() == "(" \
                and reading.number.raw.lower() in ticks and index + 1 < len(readings) \
                and readings[index + 1].number.raw.strip("~≈ ").lower() not in ticks \
                and readings[index + 1].after_text.lstrip()[:1] == ")":
            placed = reading
            continue
        if reading.at is None:
            resolved.append(reading)
        elif is_category:
            text = f"{reading.at.raw} {reading.at_unit}".strip()
            resolved.append(replace(reading, category=reading.category or text, at=None, at_unit=""))
        else:
            resolved.append(replace(reading, at=None, at_unit=""))
            resolved.append(Reading(reading.at, key_after=reading.at_unit))
    return tuple(resolved)


def _shared_unit(readings: tuple[Reading, ...], ref: Reference) -> tuple[Reading, ...]:
    """A sentence writes a unit once: after ``starts near 905 TPS at 1024``, the values that
    follow it (``passing approximately 815 at 2048``) and name nothing of their own share it."""
    shared = ""
    out: list[Reading] = []
    for reading in readings:
        if reading.key_after and UNIT_WORDS.get(reading.key_after.lower()):
            shared = reading.key_after
        elif shared and not reading.key_after and reading.number.suffix is None and not reading.position \
                and (not reading.key_before or _names_nothing(reading.key_before, ref)):
            reading = replace(reading, key_after=shared)
        out.append(reading)
    return tuple(out)


def _names_nothing(words: str, ref: Reference) -> bool:
    """Whether `words` before a value name no quantity, look or name (``passing``, ``before ending``)."""
    return quantity_of(words, ref).kind == "unknown" and not _LOOK_PHRASE.search(words) \
        and not is_model_like(words, ref) and not find_benchmark(words, ref)


def _category_from_text(reading: Reading, figure: Figure) -> Reading:
    """A value followed by one of the x categories (``79.5 in BF16``, ``at 2K``) takes it."""
    words = [w.rstrip(".") for w in _rx(r"[\w.\-@+]+").findall(reading.after_text)[:4]]
    ticks = {t.lower(): t for t in figure.x_categories}
    for index, word in enumerate(words):
        if word.lower() in ticks and (index == 0 or words[index - 1].lower() in (
                "in", "under", "with", "at", "for", "using", "on", "via")):
            return Reading(reading.number, reading.key_before, reading.key_after, reading.position,
                           ticks[word.lower()], reading.is_listed, reading.after_text)
    return reading


def _category_slot(category: str, slot: _Slot, figure: Figure, ref: Reference) -> _Slot | None:
    """A copy of `slot` with an x category that names a benchmark or a model filled in, or
    None when the category is a setting value (``2500``, ``1k``)."""
    if parse_number(_rx(r"(?i)(?:\b|-)(?:kv|budget|tokens?)\b").sub(" ", category)) is not None \
            or _KEY_IS_VALUE.fullmatch(category.strip()):
        return None  # '2500', 'KV 1024', '512-token', 'temp=0.6'
    x_axis = figure.axes.get("x")
    if x_axis is not None and x_axis.kind == "setting" and _is_x_tick(category, figure, ref):
        return None  # 'Best-of-8' listed on a 'Method' axis is a method, however name-like
    benchmark = find_benchmark(category, ref)
    if benchmark is None and is_model_like(category, ref) == 0:
        return None
    copy = _fork(slot)
    if benchmark is not None:
        copy.benchmark, copy.benchmark_written, copy.benchmark_text = benchmark[0], category, None
    else:
        copy.model, copy.model_written = strip_annotations(category), category
    return copy


_LOOK_PHRASE = re.compile(r"(?i)\b(?:" + LOOK + r")(?:[\s-]+(?:" + LOOK + r"))?(?:\s+(?:" + MARKS + "|" + SHAPES + r"))?\b")


def _is_name_version(reading: Reading, ref: Reference) -> bool:
    """Whether a reading's number ends a benchmark name with the word before it (``AlpacaEval 2.0``)."""
    if reading.number.suffix or reading.number.is_approximate or reading.key_after:
        return False
    text = f"{reading.key_before.split()[-1]} {reading.number.raw}"
    found = find_benchmark(text, ref)
    return found is not None and found[2] == len(text)  # the name found runs through the number


_PAREN_KEY = re.compile(r"\s*\(([^()\d][^()]{0,30})\)")


def _word_in(part: str, whole: str) -> bool:
    """Whether `part` occurs in `whole` as whole words (not 'k' inside 'pass@k')."""
    return part in whole and _rx(r"(?<![\w@])" + re.escape(part) + r"(?![\w@])").search(whole) is not None


def _reading_quantity(reading: Reading, point_quantity: Quantity | None, figure: Figure,
                      free_axes: list[str], ref: Reference) -> tuple[str, Quantity] | None:
    """Which axis or quantity a reading measures: (role, quantity)."""
    axes = figure.axes
    if reading.position in ("y_left", "y_right") and axes.get(reading.position) is not None:
        return reading.position, axes[reading.position]  # one end of a slope graph's pair
    if reading.position in ("x", "y", "z"):
        role = {"x": "x", "y": "y", "z": "colorbar"}[reading.position]
        right = axes.get("y_right") if role == "y" and point_quantity is not None and point_quantity.metric else None
        if right is not None and right.metric == point_quantity.metric:
            return "y_right", right  # '[1024, 912]' under '#### Throughput (Orange Line)': the right axis's value
        quantity = axes.get(role) or (axes.get("y_left") if role == "y" else None)
        if quantity is None:
            quantity = Quantity("params", param_kind="total") if reading.number.suffix in ("B", "M") else \
                Quantity("metric", metric=None)
        return role, quantity
    if reading.number.suffix in ("s", "ms", "sec"):  # '14.8 s': a time, whatever the words around it
        return next(((r, q) for r, q in axes.items() if q.kind == "metric" and q.metric == "latency"),
                    ("key", Quantity("metric", "latency", metric="latency", unit=reading.number.suffix)))
    keys = " ".join(k for k in (reading.key_before, reading.key_after) if k)
    if not keys and "(" in reading.after_text[:3] and (paren := _PAREN_KEY.match(reading.after_text)) \
            and match_metric(paren.group(1), ref) not in (None, "score"):
        keys = paren.group(1)  # '95.7, 96.8 (maj@8)': a metric in parentheses after the value is its key
    if keys and reading.number.suffix == "%" and _rx(r"(?i)^tokens?$").match(reading.key_before) and not reading.key_after:
        keys = ""  # '6.9×10⁶ tokens for 80.4%': the unit of the value before it
    named_axis = reading.key_before.strip().lower()
    if named_axis in ("x", "y") and (named_axis in axes or named_axis == "y" and "y_left" in axes):
        return named_axis, axes.get(named_axis) or axes["y_left"]
    for role, quantity in axes.items():
        label_core = _rx(r"\([^()]*\)").sub("", quantity.label).strip().lower()
        if keys and label_core and len(keys) > 1 and (_word_in(label_core, keys.lower()) or _word_in(keys.lower(), label_core)):
            return role, quantity  # not 'k' (an axis named 'k (number of samples)') inside 'Pass@k'
    if keys and "across" in keys:  # 'Constant at ~81.6% across the whole x-axis': where the level holds, no key
        keys = _rx(r"(?i)\bacross\s+(?:the\s+)?(?:whole\s+|entire\s+|full\s+)?(?:x-axis|range|plot|chart)\b").sub(" ", keys).strip()
    if keys:
        if _rx(r"(?i)x-axis|horizontal").search(keys) and "x" in axes:
            return "x", axes["x"]
        if _rx(r"(?i)y-axis|vertical").search(keys):
            return "y", axes.get("y") or axes.get("y_left") or Quantity("metric")
        if _rx(r"(?i)param|activat|\bsize\b|billion").search(keys) or (reading.number.suffix in ("B", "M") and
                                                                      _rx(r"(?i)activ|param").search(keys)):
            kind = "active" if _rx(r"(?i)activ").search(keys) else None  # '~3.3B activated': whatever the axis says
            for role, quantity in axes.items():
                if quantity.kind == "params" and (kind is None or quantity.param_kind == kind):
                    return role, quantity
            return "x", Quantity("params", param_kind=kind or "total")
        looks = _LOOK_PHRASE.search(reading.key_before) if figure.aliases else None
        named = figure.alias(looks.group(0)) if looks else None
        if named:  # 'the orange bar reads 36.4' with 'orange square = GPQA Diamond' in the legend
            quantity = quantity_of(named, ref)
            if quantity.kind == "metric" and quantity.benchmark:
                return "key", quantity
        quantity = quantity_of(keys, ref)
        if quantity.kind == "metric" and quantity.metric == "score" and not quantity.benchmark:
            for role in ("y", "y_left", "x"):
                if role in axes and axes[role].kind == "metric" and role in free_axes:
                    return role, axes[role]
        if quantity.kind == "metric" and quantity.metric:
            for role, axis_quantity in axes.items():
                if axis_quantity.kind == "metric" and axis_quantity.metric == quantity.metric:
                    return role, axis_quantity
            return "key", quantity
        if quantity.kind == "metric" and quantity.benchmark:
            return "key", quantity
    suffix = reading.number.suffix
    if suffix in ("B", "M"):
        for role, quantity in axes.items():
            if quantity.kind == "params":
                return role, quantity
        return "x", Quantity("params", param_kind="total")
    if suffix in ("s", "ms", "$"):
        for role, quantity in axes.items():
            if quantity.kind == "metric" and (quantity.unit == suffix or suffix in ("s", "ms") and
                                              quantity.metric == "latency"):
                return role, quantity
    unit_after = UNIT_WORDS.get(reading.key_after.lower()) if reading.key_after else None
    if unit_after:
        for role, quantity in axes.items():
            if quantity.unit == unit_after:
                return role, quantity
    if point_quantity is not None:
        return "label", point_quantity
    if suffix == "%":
        for role in ("y", "y_left", "x", "y_right"):
            quantity = axes.get(role)
            if quantity and quantity.kind == "metric" and quantity.unit == "%":
                return role, quantity
        for role in ("y", "y_left"):
            if role in axes and axes[role].kind == "metric":
                return role, axes[role]
    # an unmarked number measures the value axis; a parameter axis needs a size (7B) or a position
    for role in sorted(free_axes, key=lambda r: axes[r].kind != "metric"):
        if axes[role].kind == "params" and suffix not in ("B", "M"):
            continue
        return role, axes[role]
    if not any(q.kind == "metric" for q in axes.values()):
        # no value axis described (prose components): the figure's value
        return "value", Quantity("metric", metric=None, unit="%" if suffix == "%" else None)
    return None


def _value_unit(reading: Reading, quantity: Quantity, metric: str) -> str | None:
    """The unit of a value: its own suffix, else what its metric or axis states, else None
    (percent-type metrics without a stated unit are settled per figure by `_infer_units`)."""
    suffix = reading.number.suffix
    if suffix == "%":
        return "%"
    if suffix in ("s", "ms", "$", "€", "£"):
        return suffix
    if metric == "throughput":
        return "tokens/s"
    if quantity.unit and quantity.unit not in ("B", "M", "T", "K"):
        return quantity.unit
    return None


def interpret(chart: Chart, ref: Reference) -> DocumentFacts:
    """All facts of one chart. Never raises on a well-formed `Chart`."""
    facts = DocumentFacts(skipped=list(chart.skipped), title=chart.title.text if chart.title else None,
                          chart_kind=chart.kind)
    figure = describe_figure(chart, ref)
    value_quantities = [q for q in figure.axes.values() if q.kind == "metric"]
    if value_quantities and all(q.metric in _TRAINING_ONLY for q in value_quantities if q.metric) and \
            any(q.metric in _TRAINING_ONLY for q in value_quantities):
        facts.skipped.append(Skip(None, figure.title, "no benchmark result",
                                  "the figure plots a training quantity, not an evaluation"))
        return facts
    if _plots_no_result(chart, figure, ref):
        facts.skipped.append(Skip(None, figure.title, "no benchmark result",
                                  "the figure names no benchmark and no evaluation metric, or shows a composition"))
        return facts
    panel_figures = _panel_figures(chart, figure, ref)
    panel_of = dict(chart.panels)
    subjects: dict[int, Point] = {}  # line -> the last point on it whose label is no bare look
    for point in _aligned(chart, figure, ref, facts):
        panel = next((panel_of[s.line] for s in reversed(point.context) if s.line in panel_of), "")
        panel_figure = panel_figures.get(panel, figure)
        if point.label and alias_key(point.label) and point.line in subjects and point.context == subjects[point.line].context \
                and (named := panel_figure.alias(point.label)) is not None and match_metric(named, ref):
            # 'With INT4 weights the accuracy bar drops to 92.2%, the red line reaches 3,880 tokens/s': a look the
            # legend gives a metric, not a series, goes on about the clause before it
            point = replace(point, label=subjects[point.line].label, note=subjects[point.line].note)
        elif point.label and not alias_key(point.label):
            subjects[point.line] = point
        _interpret_point(point, panel_figure, ref, facts)
    _infer_units(facts, ref)
    _dedupe(facts)
    return facts


def _panel_figures(chart: Chart, figure: Figure, ref: Reference) -> dict[str, Figure]:
    """The figure as each panel with axes of its own sees it: its axes over the shared ones, and
    the whole figure's benchmarks where its own name none (a throughput panel beside a RULER one)."""
    figures: dict[str, Figure] = {}
    for panel in dict.fromkeys(a.panel for a in chart.panel_axes):
        own = [a for a in chart.panel_axes if a.panel == panel]
        roles = {a.role for a in own}
        shared = [a for a in chart.axes if a.role not in roles and not (a.role == "y" and "y_left" in roles)]
        figures[panel] = described = describe_figure(replace(chart, axes=(*own, *shared)), ref)
        own_axis_benchmark = any(q.kind == "metric" and q.benchmark for q in described.axes.values())
        if panel in figure.panel_benchmarks and not own_axis_benchmark:
            described.benchmarks = [figure.panel_benchmarks[panel][0]]  # 'Panel (b) title: "MATH-5OO"': the panel's own
        elif not described.benchmarks and not described.benchmark_text:
            described.benchmarks = list(figure.benchmarks)
    return figures


def _aligned(chart: Chart, figure: Figure, ref: Reference, facts: DocumentFacts) -> list[Point]:
    """Points with listed values aligned to the x categories, when the counts match; a list
    under one x place (``**20 turns:** 30.7 / 31.2 / 23.0``) holds the legend's series in order."""
    points = []
    series = [e.label for e in chart.legend]
    for point in chart.points:
        listed = [r for r in point.readings if r.is_listed]
        if not listed:
            points.append(point)
            continue
        categories = figure.x_categories
        if len(series) >= 2 and len(listed) == len(series) and not any(
                r.slot is not None and r.slot[1] == -1 for r in listed) and _names_x_place(point.label, figure, ref):
            rest = tuple(r for r in point.readings if not r.is_listed)
            if rest:
                points.append(replace(point, readings=rest))
            points.extend(replace(point, label=name, readings=(Reading(r.number, category=point.label),))
                          for name, r in zip(series, listed))
            continue
        if categories and all(r.slot is not None and (r.slot[1] == len(categories) or r.slot[1] == -1
                                                      and r.slot[0] < len(categories)) for r in listed):
            listed = [r for r in listed if r.slot is not None]
            aligned = tuple(Reading(r.number, category=categories[r.slot[0]]) for r in listed)  # 'n/a' holds a place
            rest = tuple(r for r in point.readings if not r.is_listed)
            points.append(Point(point.line, point.quote, point.context, point.label, rest + aligned, point.note,
                                point.fields, point.is_reference_line, point.is_table_row))
        elif categories and len(categories) == len(listed):
            aligned = tuple(Reading(r.number, category=c) for r, c in zip(listed, categories))
            rest = tuple(r for r in point.readings if not r.is_listed)
            ticks = {c.strip().lower() for c in categories}
            for stray in (r for r in rest if not r.category and r.at is None and r.number.raw.lower() in ticks):
                # 'Going from 16k to 128k, the values are 15.2 GB, 15.9 GB, ...': the span's ends are places
                facts.skipped.append(Skip(point.line, point.quote, "axis position",
                                          f"{stray.number.raw} is an x tick beside the list of values", token=stray.number.raw))
            rest = tuple(r for r in rest if r.category or r.at is not None or r.number.raw.lower() not in ticks)
            points.append(Point(point.line, point.quote, point.context, point.label, rest + aligned, point.note,
                                point.fields, point.is_reference_line, point.is_table_row))
        else:
            facts.skipped.append(Skip(point.line, point.quote, "unalignable list",
                                      f"{len(listed)} values for {len(categories)} x categories"))
            rest = tuple(r for r in point.readings if not r.is_listed)
            if rest:
                points.append(Point(point.line, point.quote, point.context, point.label, rest, point.note,
                                    point.fields, point.is_reference_line, point.is_table_row))
    return points


def _ignored_column_reason(header: str) -> str:
    """Why the numbers of an ignored table column are not data: 'error bar', 'index', or 'ignored column'."""
    if _rx(r"(?i)\b(?:ci|confidence|interval|std|stderr|std\.? ?err|error|err|sd|se)\b|±").search(header):
        return "error bar"
    if _rx(r"(?i)^(?:rank|#|no\.?|index|id|position)$").match(header):
        return "index"
    if _DIFFERENCE_COLUMN.search(header):
        return "difference"
    return "ignored column"


# a column of differences between other columns ('Difference (orange − grey)', 'Δ', 'Gain'): not values
_DIFFERENCE_COLUMN = re.compile(r"(?i)^(?:(?:absolute|relative|abs\.?|rel\.?|net)\s+)?(?:difference|diff\.?|delta|Δ|change|"
                                r"gain|improvement|gap)\b|^Δ|\bΔ\s*$|"
                                r"(?:^|\s)(?:Δ|delta|change|diff\.?|gain|improvement)\s*(?:\([^()]{0,20}\))?$")  # 'GSM8K Δ (bar)'


_BASE_COLUMN = re.compile(r"(?i)(?:base(?:line)?|reference)(?:\s*(?:score|value|accuracy))?\s*(?:\([^()]{1,12}\))?")
_IGNORED_COLUMN = re.compile(
    r"(?i)^(?:(?:bar|line|marker|point|dot|series)\s+)?(?:colou?r|marker|shape|style|symbol|pattern|hatch(?:ing)?)$|"
    r"^(?:legend|line|rank|#|no\.?|index|id|position|category|group|domain|area|capability|skill)$|"
    r"\b(?:ci|confidence|interval|std|stderr|std\.? ?err|error|err|sd|se|notes?|comments?|remarks?|descriptions?|"
    r"observations?|source|trends?|shape|"
    r"reference|link|url|date|license|released?|organi[sz]ation|org|developer|vendor|provider|company|lab|creator|"
    r"type|open)\b|±|" + _DIFFERENCE_COLUMN.pattern.removeprefix("(?i)"))


def _names_axis(header: str, axis_label: str) -> bool:
    """Whether a table column header names the axis: the axis label is in the header
    (``KV budget (tokens)`` under ``KV budget``), or the header is a shortening of the
    label made of its words (``Budget`` for the axis ``KV cache budget (tokens)``)."""
    label = _rx(r"\([^()]*\)").sub("", axis_label).strip().lower()
    head = _rx(r"\([^()]*\)").sub("", header).strip().lower()
    if not label or not head:
        return False
    if label in header.lower():
        return True
    words = set(_rx(r"[\w@]+").findall(head))
    return bool(words) and words <= set(_rx(r"[\w@]+").findall(label))


_PLACEHOLDER_CELL = re.compile(r"(?i)\s*(?:" + PLACEHOLDER + r"|/|\.{1,3}|\*)\s*")
_COMPOUND_HEADER = re.compile(r"^(?P<name>.*?[A-Za-z].*?)\s*(?:@|\bat\b|,|/)\s*(?P<number>[~≈]?\d[\d.,]*\s*[kKM]?)"
                              r"(?:\s*[A-Za-z]{1,8})?$")


def _is_numeric(key: str, ref: Reference) -> bool:
    """Whether setting `key` takes numbers (a budget, a temperature), not names."""
    return any(rule.is_numeric for rule in ref.settings if rule.key == key)


def _is_count(key: str, ref: Reference) -> bool:
    """Whether setting `key` takes whole numbers only (a budget, a batch size)."""
    return any(rule.is_count for rule in ref.settings if rule.key == key)


def _column_benchmark(header: str, ref: Reference) -> str | None:
    """The known benchmark a column header names whole (``MGSM (Blue)``), else None."""
    benchmark = find_benchmark(header, ref)
    if benchmark and benchmark[2] - benchmark[1] >= len(_clean_label(header)[0]) - 2:
        return benchmark[0]
    return None


# a value with a note after it that is no value of its own: a rank '80.6 (1)', a speed-up '1,305 (×2.8 vs
# FullKV)', a change '91.5 (−0.3)', a share of a baseline '46.2 (96%)'
_NOTED_CELL = re.compile(r"\s*(?P<value>[^()]*\d[^()]*?)\s*\(\s*(?P<note>#?\d{1,3}(?:st|nd|rd|th)?|[×✕x]\s*\d[\d.]*[^()]*|"
                         r"[+\-−]\s*\d[\d.]*\s*%?[^()]*|\d[\d.]*\s*%[^()]*)\s*\)[*†‡§\s]*")
# marks a cell carries beside its value: citations '[1]', arrows, ranks written as superscripts, footnote signs
_CELL_MARKS = re.compile(r"\s*\[\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\]|\s*[▲▼△▽↑↓♠♣♥♦†‡§¶★☆✓✔✗✘\u2600-\u27bf\u2b50\ufe0f\U0001f300-\U0001faff]+|(?<=[\d\s])[¹²³⁴⁵⁶⁷⁸⁹⁰]+")
_MARK_DIGITS = re.compile(r"\d+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+")
_SPACED_SLASH = re.compile(r"\s+/\s+")
_SLASHED_NOTE = re.compile(r"^(?P<base>[^()]*?)\s*\((?P<parts>[^()]+\s/\s[^()]+)\)(?P<tail>.*)$")


def _split_compound(fields: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Cells of a compound column as columns of their own: ``Params (Total / Active)`` over
    ``235B / 22B`` is 'Total Params' 235B and 'Active Params' 22B; ``EM / F1`` over ``71.2 / 80.5``
    is EM 71.2 and F1 80.5. Other cells are kept as they are."""
    if not any(" / " in cell for _, cell in fields):
        return fields
    split: list[tuple[str, str]] = []
    for header, cell in fields:
        cells = _SPACED_SLASH.split(cell.strip()) if " / " in cell else []
        note = _SLASHED_NOTE.match(header.strip()) if cells else None
        headers = [f"{part.strip()} {note.group('base')}{note.group('tail')}".strip()
                   for part in _SPACED_SLASH.split(note.group("parts"))] if note else _SPACED_SLASH.split(header.strip())
        if 2 <= len(cells) == len(headers) <= 4 and all(parse_number(c) is not None or _PLACEHOLDER_CELL.fullmatch(c)
                                                        for c in cells):
            split.extend(zip(headers, cells))
        else:
            split.append((header, cell))
    return tuple(split)


_COUNT_AXIS = re.compile(r"(?i)(?:response\s+|sample\s+|problem\s+)?(?:counts?|frequency|frequencies|density|"
                         r"(?:number|#)\s+of\s+(?:responses|samples|problems|questions|examples|outputs|runs|"
                         r"trajectories|episodes|rollouts))")
_PART_ONLY = re.compile(r"(?i)(?:(?:base|top|bottom|upper|lower|inner|outer|first|second|solid|hatched|stacked)\s+)?"
                        r"(?:segment|part|portion|total|cap|stack|layer|component|section|value|overall)s?")
_PANEL_NOTE = re.compile(r"\s*\(([a-h])\)\s*$")
_FLAG_CELL = re.compile(r"(?i)\s*(?:[✓✔✗✘☑☒✅❌]\ufe0f?|yes|no)\s*")


def _table_readings(point: Point, figure: Figure, slot: _Slot, ref: Reference,
                    facts: DocumentFacts) -> list[tuple[Reading, Quantity, _Slot | None]]:
    """Table cells: text cells fill the slot (model, benchmark, setting), numbers become
    readings keyed by their column. A numeric column named by neither a metric, a
    benchmark, a parameter count nor a setting is a series (a method or a model)."""
    numeric: list[tuple[str, Reading, Quantity]] = []
    column_key: str | None = None  # the setting every value column is a value of, when the corner says so
    row_quantity: Quantity | None = None  # what the row's values measure, when its label names it
    measures: dict[int, Quantity] = {}  # reading -> what it measures, for the parts of 'a / b' cells
    column_settings: dict[int, dict[str, str]] = {}  # reading -> the settings its column header pins
    column_benchmarks: dict[int, tuple[str, str]] = {}  # reading -> the benchmark of the panel its header marks
    fields = point.fields if figure.cell_pair else _split_compound(point.fields)
    for header, cell in fields:
        header_clean = _rx(r"\s+").sub(" ", header).strip()
        hedge = _HEDGED_HEADER.match(header_clean) if header_clean[:1] in _HEDGE_STARTS else None
        if hedge and hedge.end() < len(header_clean):  # 'Approx. at τ=0.2': the column is 'τ=0.2'
            header_clean = header_clean[hedge.end():]
        if "\\" in header_clean:  # a corner cell 'Method \ KV budget': the rows' role, then the columns'
            header_clean, columns = (part.strip() for part in header_clean.split("\\", 1))
            columns_quantity = quantity_of(columns, ref)
            if columns_quantity.kind == "setting" and columns_quantity.setting_key:
                column_key = columns_quantity.setting_key
        number = parse_number(cell)
        if number is None and _CELL_MARKS.search(cell):
            bare = _CELL_MARKS.sub(" ", cell).strip()
            if (number := parse_number(bare)) is not None:  # '70.3 [2] ▲', '87.8²', '75.8 ♠': marks around the value
                for mark in _CELL_MARKS.findall(cell):
                    for token in _MARK_DIGITS.findall(mark):
                        facts.skipped.append(Skip(point.line, point.quote, "annotation",
                                                  f"{mark.strip()} beside {bare} (a citation, rank or footnote mark)",
                                                  token=token))
                cell = bare
        noted = _NOTED_CELL.fullmatch(cell) if number is None and ")" in cell else None
        if noted and (number := parse_number(noted.group("value"))) is not None:
            # '80.6 (1)': a rank or footnote number after the value, no value of its own
            facts.skipped.append(Skip(point.line, point.quote, "annotation",
                                      f"{noted.group('note')} in parentheses after {number.raw}",
                                      token=next((n.raw for n in find_numbers(noted.group("note"))), noted.group("note"))))
        quantity = quantity_of(header_clean, ref)
        symbol = header_clean if header_clean in figure.symbols else _clean_label(header_clean)[0] \
            if quantity.kind == "unknown" and figure.symbols and header_clean.endswith(")") else None
        if quantity.kind == "unknown" and symbol in figure.symbols:  # a column headed 'k', 'N' or 'N (Samples)'
            quantity = Quantity("setting", header_clean, setting_key=figure.symbols[symbol])
        if quantity.kind == "metric" and quantity.benchmark and not quantity.metric \
                and (found := find_benchmark(header_clean, ref)) is not None \
                and _TOKENS_TAIL.fullmatch(header_clean[: found[1]] + header_clean[found[2]:]):
            # 'GSM8K Tokens' beside 'GSM8K Acc. (%)': the tokens spent on that benchmark
            quantity = replace(quantity, metric="cost", unit="tokens")
        if quantity.kind == "unknown" or quantity.kind == "metric" and quantity.metric == "score" and not quantity.benchmark:
            # 'Approx. Mean Length (tokens)' under an x axis 'Mean Response Length (tokens)': that axis's quantity
            quantity = next((q for q in figure.axes.values() if q.label and q.kind in ("metric", "params")
                             and _names_axis(header_clean, q.label)), quantity)
        pair = _PAIR_CELL.fullmatch(cell) if number is None and figure.cell_pair and "/" in cell else None
        if pair:  # '38.5 / 1,310': two readings of one column, each measuring its part of the pair
            for part, measure in zip((pair.group("a"), pair.group("b")), figure.cell_pair):
                part_number = parse_number(part)
                if part_number is not None:
                    reading = Reading(part_number)
                    measures[id(reading)] = measure
                    numeric.append((header_clean, reading, quantity))
            continue
        if number is None:
            if not cell or _PLACEHOLDER_CELL.fullmatch(cell):
                continue  # '–' for 'no budget' means absent
            if _FLAG_CELL.fullmatch(cell):
                continue  # '✓' in an 'On frontier' column: a flag the figure draws, no name or setting
            if alias_key(cell) and not figure.alias(cell) and not _valued_setting(cell, ref):
                continue  # 'Green circle' in a 'Series (Marker)' column whose colours the legend gives developers
            if cell.endswith(")") and any(alias_key(part) for part in _clean_label(cell) if part) \
                    and is_model_like(_clean_label(cell)[0], ref) < 2 and any(
                    is_model_like(other.strip(" `*_"), ref) == 2 for _, other in fields if other is not cell):
                continue  # 'Blue (DeepSeek)', 'MoE (purple circle)' beside the row's model: a look and its legend group
            pinned, rest = _pinned_settings(cell, figure, ref)
            if pinned and not rest:  # a row label 'T = 0.6, N = 8': the row's configuration
                for key, value in pinned.items():
                    slot.settings.setdefault(key, value)
                continue
            if _IGNORED_COLUMN.search(header_clean):
                reason = _ignored_column_reason(header_clean)
                for ignored in find_numbers(cell):
                    facts.skipped.append(Skip(point.line, point.quote, reason,
                                              f"{ignored.raw} in column {header_clean}", token=ignored.raw))
                continue
            row = quantity_of(_rx(r"^\(?[a-h]\)\s+").sub("", cell.strip()), ref) \
                if column_key is None and _ROW_OF_QUANTITIES.match(header_clean) else None
            if row is not None and (row.kind == "params" or row.kind == "metric" and (row.metric or row.benchmark)):
                row_quantity = row  # '| Activated Parameters (B) | 3.2 | 5.1 |' under models as columns
            elif _rx(r"(?i)(model|name|system)").match(header_clean):
                _assign_name(slot, cell, figure, ref, is_label=True)
            elif quantity.kind == "setting" and quantity.setting_key:
                value = _RATIO_SIGN.sub("", cell.strip())  # '2×' in a compression-ratio column
                if not _is_numeric(quantity.setting_key, ref):
                    # 'Level 1' in a Difficulty column is level 1, as a 'Level 1:' label reads
                    slot.settings.setdefault(quantity.setting_key, _setting_value(cell, quantity.setting_key, None)
                                             if _LEVEL_CELL.fullmatch(cell.strip()) else cell.strip())
                elif parse_number(value) is None:
                    worded = _worded_tick(quantity.setting_key, cell, figure, ref)
                    slot.settings.setdefault(*worded)
                else:
                    slot.settings.setdefault(quantity.setting_key, _setting_value(value, quantity.setting_key, quantity))
            elif _rx(r"(?i)(benchmark|dataset|task)").match(header_clean):
                _assign_name(slot, "Benchmark: " + cell, figure, ref, is_label=True)
            elif _rx(r"(?i)(panel|subplot|sub-plot|chart)s?$").match(header_clean):
                # '| (a) AIME 2024 | Qwen3-8B | ...' under 'Panel': the panel's title names the row's benchmark
                title = _rx(r"^\(?[a-h]\)\s*").sub("", cell.strip(" *_"))
                _assign_name(slot, "Benchmark: " + title if find_benchmark(title, ref) else title, figure, ref,
                             is_label=False)
            elif _rx(r"(?i)(method|approach|strategy|setting|config)").match(header_clean) and not any(
                    name_key(strip_annotations(cell)) == name_key(m) for m in figure.models):
                # (the figure's own model in a 'Configuration' column is the base row: no method, the model)
                slot.settings.setdefault(header_clean.lower().split()[0] if header_clean.lower().startswith(
                    ("method", "setting")) else "method", cell.strip())
            else:  # 'Cyan Diamond' in a 'Series (Marker)' column: the legend's series of that look
                _assign_name(slot, (figure.alias(cell) if figure.aliases and alias_key(cell) else None) or cell,
                             figure, ref, is_label=True)
            continue
        if _IGNORED_COLUMN.search(header_clean):
            facts.skipped.append(Skip(point.line, point.quote, _ignored_column_reason(header_clean),
                                      f"{number.raw} in column {header_clean}", token=number.raw))
            continue
        if header_clean[:1] in "BbRr" and _BASE_COLUMN.fullmatch(header_clean) \
                and any(_DIFFERENCE_COLUMN.search(h.strip()) for h, _ in point.fields) \
                and _rx(r"(?i)\W*(?:method|approach|strategy|setting|config|prompt)").match(point.fields[0][0]):
            # '| SC | 74.6 | +4.1 | 78.7 |' under 'Method | Base | Change | Performance': the baseline method's value,
            # which each method's change starts from (rows of models keep their own 'Base' value)
            facts.skipped.append(Skip(point.line, point.quote, "reference",
                                      f"{number.raw} in column {header_clean}, the baseline of a change column",
                                      token=number.raw))
            continue
        if quantity.kind == "unknown" and number.suffix in ("B", "T") and not figure.cell_pair:
            # '30B' in a 'Bubble label (total)' column: a size printed beside the point, no score of a series
            facts.skipped.append(Skip(point.line, point.quote, "annotation",
                                      f"{number.raw} in column {header_clean} (a size, not a score)", token=number.raw))
            continue
        lead = _SETTING_LEAD.fullmatch(header_clean) if quantity.kind == "setting" else None
        if lead and match_metric(lead.group("rest"), ref):
            quantity = quantity_of(lead.group("rest"), ref)  # 'KV budget 1024 Tok/s': a metric's column, pinned below
        pinned, rest = _pinned_settings(header_clean, figure, ref)
        if quantity.kind == "setting" and quantity.setting_key and pinned and not rest:
            quantity = Quantity("metric", "", metric=None)  # 'KV 128': the header holds the setting's value
        if quantity.kind == "setting" and quantity.setting_key and not (
                _is_count(quantity.setting_key, ref) and not float(number.value).is_integer()):
            slot.settings.setdefault(quantity.setting_key, _setting_value(cell, quantity.setting_key, quantity))
            facts.claims.append(Claim(point.line, number.raw, "setting", f"column {header_clean}"))
            continue
        if quantity.kind == "unknown" and _CONFIG_HEADER.match(header_clean) and figure.number_key(ref):
            key = figure.number_key(ref)  # '| Configuration | ... |' over '512': the figure's numeric setting
            slot.settings.setdefault(key, _setting_value(cell, key, None))
            facts.claims.append(Claim(point.line, number.raw, "setting", f"column {header_clean}"))
            continue
        x_axis = figure.axes.get("x")
        if quantity.kind == "unknown" and x_axis is not None and x_axis.kind == "setting" and \
                _names_axis(header_clean, x_axis.label):
            slot.settings.setdefault(x_axis.setting_key or "x", _setting_value(cell, x_axis.setting_key or "x", x_axis))
            facts.claims.append(Claim(point.line, number.raw, "setting", f"column {header_clean}"))
            continue
        coordinate = _COORDINATE_HEADER.fullmatch(header_clean) if len(header_clean) < 16 else None
        if coordinate:  # a record's 'x: 0.75', 'y: 27.9': what the figure's axes measure
            role = coordinate.group(1).lower()
            quantity = next((q for r in ((role,) if role == "x" else ("y", "y_left")) for q in [figure.axes.get(r)]
                             if q is not None), quantity)
        reading = Reading(number)
        if pinned and rest:  # 'AIME 2024 T = 0.6': the column is a benchmark at a temperature
            header_clean, quantity = rest, quantity_of(rest, ref)
            column_settings[id(reading)] = pinned
        elif pinned and quantity.kind != "setting":  # 'Approx. Value at T=0.0': the column is a setting's value
            quantity = Quantity("metric", "", metric=None)
            column_settings[id(reading)] = pinned
        panel_mark = (_PANEL_NOTE.search(header_clean) or _PANEL_LEAD_MARK.match(header_clean)) \
            if figure.panel_benchmarks and ")" in header_clean else None
        if panel_mark and panel_mark.group(1).lower() in figure.panel_benchmarks:
            # 'SnapKV (b)', '(b) Qwen2.5-7B' in a table reconstructing two panels: the series in panel (b), of its benchmark
            column_benchmarks[id(reading)] = figure.panel_benchmarks[panel_mark.group(1).lower()]
            header_clean = (header_clean[: panel_mark.start()] if panel_mark.start() else
                            header_clean[panel_mark.end():]).strip()
            quantity = quantity_of(header_clean, ref)
        numeric.append((header_clean, reading, quantity))
    readings: list[tuple[Reading, Quantity, _Slot | None]] = []
    # a model spanning several columns of a two-row header: 'Qwen3-8B H2O', 'Qwen3-8B SnapKV' are its methods
    heads = Counter(h.split(" ", 1)[0] for h, _ in fields if " " in h and " / " not in h)
    spanning = {head for head, count in heads.items() if count >= 2 and is_model_like(head, ref) == 2}
    # a grid's value columns share one role: beside 'SnapKV @256' columns, 'Full Cache' is a method too
    series_columns = any(_COMPOUND_HEADER.match(h) for h, _, _ in numeric) and bool(figure.number_key(ref))
    benchmark_columns = not series_columns and any(_column_benchmark(h, ref) for h, _, _ in numeric)
    for header_clean, reading, quantity in numeric:
        member = _sized_member(header_clean, _figure_family(figure, ref))
        if member:  # '| Thinking budget | 0.6B | 1.7B |' under a figure about Qwen3: a column per member
            readings.append((reading, Quantity("metric", header_clean, metric=None),
                             _fork(slot, model=member, model_written=header_clean)))
            continue
        if row_quantity is not None and quantity.kind == "unknown":  # the row names the quantity, the column the series
            series = _fork(slot, model=None, model_written=None, measures=row_quantity)
            _assign_name(series, header_clean, figure, ref, is_label=True)
            readings.append((reading, row_quantity, series))
            continue
        if column_key is not None and quantity.kind != "setting":  # 'Metric \ Precision' over 'BF16', 'FP8'
            series = _fork(slot)
            series.settings.setdefault(column_key, _setting_value(header_clean, column_key, None))
            readings.append((reading, Quantity("metric", header_clean, metric=None), series))
            continue
        column_name, column_note = _clean_label(header_clean)
        metric_tail = _METRIC_TAIL.fullmatch(column_name) if " " in column_name else None
        if metric_tail and is_model_like(metric_tail.group("head"), ref) == 2 \
                and (tail_metric := match_metric(metric_tail.group("tail"), ref)
                     or _axis_word_measure(metric_tail.group("tail"), figure.axes)):
            # 'Qwen3-14B Latency (s)': a model's column of the metric its header's tail names, spanning or not
            series = _fork(slot, model=strip_annotations(metric_tail.group("head")),
                           model_written=metric_tail.group("head"), metric=tail_metric)
            readings.append((reading, quantity_of(f"{metric_tail.group('tail')} ({column_note})" if column_note
                                                  else metric_tail.group("tail"), ref), series))
            continue
        head, _, tail = header_clean.partition(" ") if spanning else ("", "", "")
        if head in spanning and tail:
            series = _fork(slot, model=strip_annotations(head), model_written=head)
            series.settings.setdefault(figure.setting_key_for_labels, tail)
            readings.append((reading, Quantity("metric", header_clean, metric=None), series))
            continue
        parts = _SPACED_SLASH.split(header_clean) if " / " in header_clean else ()
        named = [p for p in parts if is_model_like(p, ref) == 2]
        if len(parts) == 2 and len(named) == 1:  # 'Qwen3-8B / AIME24': a model's column of a benchmark
            other = next(p for p in parts if p is not named[0])
            column = quantity_of(other, ref)
            series = _fork(slot, model=strip_annotations(named[0]), model_written=named[0],
                           measures=column if column.kind == "metric" else None)
            readings.append((reading, column, series))
            continue
        if column_note is not None and is_model_like(column_name, ref) == 2:
            # 'Qwen3-32B (tokens/s)': the column is a model's series of what the note names
            series = _fork(slot, model=strip_annotations(column_name), model_written=column_name,
                           metric=match_metric(column_note, ref) or slot.metric)
            readings.append((reading, quantity_of(column_note, ref), series))
            continue
        only_a_name = quantity.kind == "metric" and not quantity.metric and not quantity.benchmark
        if quantity.kind == "metric" and quantity.metric and quantity.benchmark_text and not quantity.benchmark \
                and (figure.benchmarks or slot.benchmark) and is_model_like(quantity.benchmark_text, ref) < 2:
            # 'SnapKV Acc. (%) ↑' where the figure names its benchmark: a method's column of one metric
            series = _fork(slot, benchmark_text=None, measures=replace(quantity, benchmark_text=None))
            number_key = figure.number_key(ref) if parse_number(quantity.benchmark_text) is not None else None
            if number_key:  # '2K Acc.' under a two-row header: the budget the column group is at
                series.settings.setdefault(number_key, _setting_value(quantity.benchmark_text, number_key, None))
            else:
                series.settings.setdefault(figure.setting_key_for_labels, quantity.benchmark_text)
            readings.append((reading, series.measures, series))
            continue
        if quantity.kind in ("metric", "params") and not (only_a_name and (figure.benchmarks or series_columns
                                                                            or _is_x_tick(header_clean, figure, ref))):
            readings.append((reading, quantity, None))
            continue
        benchmark = _column_benchmark(header_clean, ref)
        if benchmark:
            readings.append((reading, Quantity("metric", header_clean, metric=match_metric(header_clean, ref),
                                               benchmark=benchmark), None))
            continue
        label = _clean_label(header_clean)[0]
        if benchmark_columns and (quantity.kind == "unknown" or only_a_name) and is_model_like(label, ref) < 2 \
                and not is_category_label(label, ref, figure) and not _is_x_tick(label, figure, ref):
            # beside columns of known benchmarks, 'Belebele' is a benchmark too (a grid's columns share a role)
            readings.append((reading, Quantity("metric", header_clean, benchmark_text=label), None))
            continue
        series = _fork(slot)
        category = _category_setting(header_clean, figure, ref) if is_category_label(header_clean, ref, figure) \
            or _is_x_tick(header_clean, figure, ref) else None
        if category and (slot.model is not None or len(figure.models) == 1):  # a column per x tick: '128'
            series.settings.setdefault(*category)
            readings.append((reading, Quantity("metric", header_clean, metric=None), series))
            continue
        if (slot.model is not None or len(figure.models) == 1) and is_model_like(header_clean, ref) < 2:
            label = _clean_label(header_clean)[0]
            compound = _COMPOUND_HEADER.match(label)
            number_key = figure.number_key(ref) if compound else None
            if compound and number_key:  # 'SnapKV @256': a method at a budget
                label = compound.group("name")
                series.settings.setdefault(number_key, _setting_value(compound.group("number"), number_key, None))
            if not _is_descriptive_group(label):
                series.settings.setdefault(figure.setting_key_for_labels, label)
        else:
            series.model = None
            _assign_name(series, header_clean, figure, ref, is_label=True)
            if series.model is None:
                residue = _benchmark_residue(header_clean, None)
                readings.append((reading, Quantity("metric", header_clean, metric=None, benchmark_text=residue), None))
                continue
        readings.append((reading, Quantity("metric", header_clean, metric=None), series))
    if column_settings:
        pinned_readings = []
        for reading, quantity, series in readings:
            if id(reading) in column_settings:
                # a column of its own quantity ('AIME 2024') keeps measuring it under the pinned settings
                series = _fork(series) if series is not None else _fork(slot, measures=quantity)
                for key, value in column_settings[id(reading)].items():
                    series.settings.setdefault(key, value)
            pinned_readings.append((reading, quantity, series))
        readings = pinned_readings
    if column_benchmarks:
        marked = []
        for reading, quantity, series in readings:
            if id(reading) in column_benchmarks:
                series = _fork(series) if series is not None else _fork(slot, measures=quantity)
                series.benchmark, series.benchmark_written = column_benchmarks[id(reading)]
            marked.append((reading, quantity, series))
        readings = marked
    if measures:  # a series' reading measures its part of the pair, not the axis
        readings = [(r, q, series) if id(r) not in measures else (r, measures[id(r)], series if series is None else _Slot(
            series.model, series.model_written, series.benchmark, series.benchmark_written, series.benchmark_text,
            measures[id(r)].metric, measures[id(r)].unit, series.settings, series.panel)) for r, q, series in readings]
    return readings


NOT_FINITE = "not finite"
# `inf`, `Infinity`, `NaN` written where a value goes: no number to load, but not silently dropped
_NON_FINITE_WORD = re.compile(r"(?<![\w\-.])[-+−]?(?:inf(?:inity)?|nan)(?![\w\-])", re.IGNORECASE)


def _look_named(text: str, ref: Reference) -> str | None:
    """The name in a look's note: 'blue (Qwen3-8B)' gives Qwen3-8B; None otherwise."""
    look, note = _clean_label(text) if "(" in text else (text, None)
    return note if note and alias_key(look) and is_model_like(note, ref) == 2 else None


def _clause_points(point: Point, figure: Figure, ref: Reference) -> list[Point]:
    """The clauses of a line as points of their own when they name series (models, or
    legend styles): ``MMLU: GPT-4o ≈ 88.7, Claude 3.5 Sonnet ≈ 88.3`` is two models' MMLU
    scores, the line's label joining the clause's context. Clauses that name quantities
    (``Pass@1 ≈ 81.4, Tokens ≈ 1.2k``) stay one point: [] then."""
    names = [figure.alias(name) or _look_named(name, ref) or name for name, _ in point.clauses]
    outer = point.context
    if point.label and point.label.strip(" *_") != point.clauses[0][0]:
        outer = (*outer, Span(point.line, point.label if point.note is None else f"{point.label} ({point.note})"))
    if all(is_model_like(_clean_label(n)[0], ref) == 2 or _clean_label(n)[0].lower() in figure.series for n in names):
        # series named by the legend ('KV Budget = 256: SnapKV ≈ 61.4; PyramidKV ≈ 63.0') or models
        return [Point(point.line, point.quote, outer, name, readings)
                for name, (_, readings) in zip(names, point.clauses)]
    # 'Level 1: 97.7 · Level 2: 93.3'
    if all(is_category_label(n, ref, figure) or _is_x_tick(n, figure, ref) for n in names):
        return [Point(point.line, point.quote, outer, None, tuple(replace(r, category=name) for r in readings))
                for name, (_, readings) in zip(names, point.clauses)]
    # 'KV Budget 1024: SnapKV ≈ 25.2, H2O ≈ 30.8': names that are no quantity, benchmark or category are series
    if len(set(names)) == len(names) and all(_is_series_name(_clean_label(n)[0], figure, ref) for n in names):
        return [Point(point.line, point.quote, outer, name, readings)
                for name, (_, readings) in zip(names, point.clauses)]
    return []


def _is_series_name(name: str, figure: Figure, ref: Reference) -> bool:
    """A name that can only be a series: one to three words naming no metric, known
    benchmark, setting or category, and no descriptive word ('Average', 'Gap'); an unknown
    name is a benchmark of its own only in a figure that names none ('Belebele')."""
    if not 0 < len(name.split()) <= 3 or _is_descriptive_group(name) or _ANNOTATION_NAME.search(name):
        return False
    quantity = quantity_of(name, ref)
    unknown_benchmark = quantity.kind == "metric" and not quantity.metric and not quantity.benchmark
    return quantity.kind == "unknown" or (unknown_benchmark and bool(figure.benchmarks))


_ANNOTATION_NAME = re.compile(r"(?i)\b(?:average|avg|mean|median|total|overall|gap|difference|delta|gain|drop|"
                              r"improvement|std|variance|min|max|range)\b")


def _claim_setting(facts: DocumentFacts, line: int, text: str, reason: str) -> None:
    """Record that the numbers of `text` (on `line`) went into a setting."""
    for number in find_numbers(text):
        facts.claims.append(Claim(line, number.raw, "setting", reason))


def _interpret_point(point: Point, figure: Figure, ref: Reference, facts: DocumentFacts,
                     whole_line: bool = True) -> None:
    for word in _NON_FINITE_WORD.findall(point.quote) if whole_line and "n" in point.quote.lower() else ():
        facts.skipped.append(Skip(point.line, point.quote, NOT_FINITE, word))
    coordinate = _COORDINATE_HEADER.fullmatch(point.label.strip(" *_`")) if point.label and len(point.label) < 16 else None
    if coordinate and point.readings:  # a record's 'x: 0.75' / 'y: 27.9' lines: coordinates, not a series
        point = replace(point, label=None, note=None,
                        readings=tuple(replace(r, key_before=coordinate.group(1).lower()) for r in point.readings))
    if whole_line and figure.x_ticks and point.readings and not point.is_table_row:
        point = _ticks_in_keys(point, figure, ref)
    if point.clauses:
        split = _clause_points(point, figure, ref)
        if split:
            for clause in split:
                _interpret_point(clause, figure, ref, facts, whole_line=False)
            return
        if not point.readings and not point.fields:
            facts.skipped.append(Skip(point.line, point.quote, "unparsed line with numbers",
                                      "clauses whose names are neither series nor x categories"))
            return
    slot = _Slot()
    label = point.label and (figure.alias(point.label) or _subject_look(point.label, figure)
                             or point.label)  # 'Blue' -> the legend's series
    if label and label == point.label and alias_key(label):
        if point.readings:  # 'the gray circles' with no legend entry: a look, not a series
            facts.skipped.append(Skip(point.line, point.quote, "no model",
                                      f"'{label}' names no series of the legend"))
        return
    owner = None
    if label and point.note and _PART_ONLY.fullmatch(label) and is_model_like(point.note, ref) == 2:
        # '**Base segment (Qwen3-8B-Base):** 89.8', '**Total (Qwen3-8B):** 93.4': a part of the bar, named by its note
        label, point = point.note, replace(point, label=point.note, note=None)
    part = _PART_OF_FIGURE.fullmatch(label) if label and label[-3:].lower() == "row" else None
    if part and _GROUPING_WORD.fullmatch(part.group(1)) and len(point.readings) == 1 \
            and _looks_like_a_name(key := point.readings[0].key_before.strip(" *_`")) and key:
        label = key  # 'Reference row: **FullKV: 49.2**': the row's role, then the series it holds
    named = point.note if label and point.note and _LOOK_ONLY.fullmatch(label) else label
    if named and point.context and is_model_like(named, ref) < 2:
        # a model named by a header governs a weaker label under it: the label is then a method or setting
        owner = next((s for s in reversed(point.context) if is_model_like(_clean_label(s.text)[0], ref) == 2), None)
        if owner is not None:
            _assign_name(slot, owner.text, figure, ref, is_label=False)
    note_metric = match_metric(point.note, ref) if label and point.note else None
    if note_metric and not is_model_like(label, ref) and not find_benchmark(label, ref) and not match_metric(label, ref):
        slot.metric = slot.metric or note_metric  # 'Bubble size (memory): ≈ 29.6 GB': how the metric is drawn
    elif label:  # 'Qwen3-8B (Ours)' keeps its note; 'Blue polygon (LLaMA3.3-70B)' is named by it
        _assign_name(slot, f"{label} ({point.note})" if point.note and (
            _rx(r"(?i)ours|proposed").search(point.note) or _LOOK_ONLY.fullmatch(label)) else label,
            figure, ref, is_label=True)
        if slot.settings:  # 'KV Budget 2500: ...': the label's number is the setting's value
            _claim_setting(facts, point.line, label, "setting in a label")
        if point.note and slot.metric is None:
            slot.metric = match_metric(point.note, ref)
    for span in reversed(point.topics):  # the nearest sentence before the value that names one benchmark
        if slot.benchmark is None and slot.benchmark_text is None:
            named = [b for b in find_benchmarks(span.text, ref) if not _COMPARED_ON.search(span.text, 0, b[1])]
            panels = {figure.panel_benchmarks[k] for k in _panels_named(span.text) if k in figure.panel_benchmarks} \
                if figure.panel_benchmarks and "anel" in span.text else set()
            if len({b for b, _, _ in named}) == 1:
                slot.benchmark, slot.benchmark_written = named[0][0], span.text[named[0][1]:named[0][2]]
            elif not named and len(panels) == 1:  # 'Moving to panel (b), the same model starts at 29.7 at 2K'
                slot.benchmark, slot.benchmark_written = panels.pop()
    kinds_of_benchmarks = _benchmark_groups(point.context, figure, ref) if len(point.context) >= 2 else ()
    before_context = set(slot.settings)
    for span in reversed(point.context):
        if span is owner or span in kinds_of_benchmarks:
            continue
        count = len(slot.settings)
        text = (figure.alias(span.text) or figure.alias(_clean_label(span.text)[0]) or span.text) if figure.aliases \
            else span.text
        _assign_name(slot, text, figure, ref, is_label=False)
        if len(slot.settings) > count and span.line not in facts.claimed_headers:
            facts.claimed_headers.add(span.line)  # a header is claimed once, not for each of its points
            _claim_setting(facts, span.line, span.text, "setting in a group header")
    x_key = figure.number_key(ref) if point.is_reference_line and point.context else None
    if x_key is not None and x_key not in before_context:
        slot.settings.pop(x_key, None)  # 'the FullKV line is flat at 82.6' under '**KV Budget = 2048**': at every budget
    if point.context:
        panel_spans = [s.text for s in point.context if "|" in s.text]
        slot.panel = panel_spans[0] if panel_spans else slot.panel
    pairs: list[tuple[Reading, Quantity]] = []
    table: list[tuple[Reading, Quantity, _Slot | None]] = []
    if point.is_table_row:
        table = _table_readings(point, figure, slot, ref, facts)
        for reading, quantity, series in table:
            if series is not None:
                if series.model is None and len(figure.models) == 1:
                    series.model = strip_annotations(figure.models[0])
                    series.model_written = figure.models[0]
                if series.model is not None and series.measures is not None:
                    if series.measures.kind == "params":  # a row of parameter counts under models as columns
                        _emit_params(point, series.model, reading, series.measures, facts)
                    else:  # a row that names its benchmark and metric
                        _emit(point, series, reading, series.measures, figure, ref, facts, settings=series.settings)
                elif series.model is not None:
                    metric_quantity = next((q for r in ("y", "y_left", "x") for q in [figure.axes.get(r)]
                                            if q is not None and q.kind == "metric"), Quantity("metric"))
                    if series.metric and series.metric != metric_quantity.metric:
                        metric_quantity = Quantity("metric", metric=series.metric)  # the row names its metric
                    _emit(point, series, reading, metric_quantity, figure, ref, facts, settings=series.settings)
                else:
                    facts.skipped.append(Skip(point.line, point.quote, "no model", reading.number.raw,
                                              token=reading.number.raw))
            else:
                pairs.append((reading, quantity))
    unnamed = slot.model is None
    if slot.model is None and len(figure.models) == 1:
        slot.model = strip_annotations(figure.models[0])
        slot.model_written = figure.models[0]
    keyed: list[str | None] = []
    tuple_names = {r.key_before for r in point.readings if r.position == "x" and r.key_before}
    # 'Qwen3-1.7B (x ≈ 1.7, y ≈ 36.9); Qwen3-4B (...)' under a family's label: each tuple named by its own model
    named_tuples = bool(tuple_names) and (len(tuple_names) >= 2 or point.label is not None
                                          and is_model_like(point.label, ref) < 2) \
        and all(is_model_like(r.key_before, ref) == 2 for r in point.readings if r.position == "x")
    if (unnamed or named_tuples) and whole_line and len(point.readings) >= 2 and not point.is_table_row:
        # under an x place or a group (a benchmark's bars), or where each value is placed on x, a look names each
        # value's series ('**2k budget.** ... 45.9 for purple', 'Accuracy is 76.9% for the dark blue model')
        readings = _shared_place(point, figure, ref)
        by_look = _names_x_place(point.label, figure, ref) or bool(point.label and find_benchmark(point.label, ref)) \
            or all(r.at is not None or r.category for r in readings)
        keyed = [_reading_series(r, figure, ref, by_look=by_look) for r in readings]
    if sum(k is not None for k in keyed) >= (1 if named_tuples else 2):
        # 'MATH-500: Qwen3-8B: 94.2, Qwen3-14B: 96.1', '**2k budget.** the purple line starts at about 30.2 and the
        # green line at about 35.6': each value keyed by its series, under the line's label
        outer = (*point.context, Span(point.line, point.label)) if point.label else point.context
        groups: list[tuple[str, list[Reading]]] = []
        for reading, series in zip(readings, keyed):
            if series is None and reading.position in ("y", "z") and groups:
                groups[-1][1].append(reading)  # the rest of a named tuple: '(x ≈ 4, y ≈ 58.0)'
            elif series is not None:
                groups.append((series, [replace(reading, key_before="")]))
            else:
                facts.skipped.append(Skip(point.line, point.quote, "no model", reading.number.raw,
                                          token=reading.number.raw))
        for series, members in groups:
            _interpret_point(Point(point.line, point.quote, outer, series, tuple(members)), figure, ref, facts,
                             whole_line=False)
        return
    if slot.model is None and not (point.readings and not pairs and not point.is_table_row and all(
            r.category and is_model_like(r.category, ref) == 2 for r in point.readings)):
        # (unless each value's category names its model: '(Zeta-1B, 52.5%)' on an axis of models)
        if point.readings or pairs:
            facts.skipped.append(Skip(point.line, point.quote, "no model",
                                      "no model named by the line, its headers or the figure"))
        return
    point_quantity = None
    if slot.metric:
        point_quantity = Quantity("metric", metric=slot.metric, unit=None)
        for quantity in figure.axes.values():
            if quantity.kind == "metric" and quantity.metric == slot.metric:
                point_quantity = quantity
    if any(r.at is not None or r.category or r.after_text[:3] == " (" for r in point.readings) or (
            len(point.readings) == 2 and figure.x_categories and not point.is_table_row):
        point = replace(point, readings=_resolve_at(point.readings, figure, ref))
    if point.label is None and not point.is_table_row and len(point.readings) > 1:
        point = replace(point, readings=_shared_unit(point.readings, ref))
    versions = [r for r in point.readings if r.key_before and _is_name_version(r, ref)]
    if versions:  # '22.2 on AlpacaEval 2.0': the 2.0 is part of the benchmark's name
        for reading in versions:
            facts.skipped.append(Skip(point.line, point.quote, "annotation",
                                      f"{reading.number.raw} is part of the name {reading.key_before} "
                                      f"{reading.number.raw}", token=reading.number.raw))
        point = replace(point, readings=tuple(r for r in point.readings if r not in versions))
    if not point.is_table_row:
        point = _order_tuple(point, figure)
        free_axes = [role for role, q in figure.axes.items() if q.kind in ("metric", "params") and role != "colorbar"]
        if not free_axes and "colorbar" in figure.axes and figure.axes["colorbar"].kind == "metric":
            free_axes = ["colorbar"]  # a heatmap whose rows and columns are names: its cells measure the colorbar
        for reading in point.readings:
            if not reading.category and reading.after_text and figure.x_categories:
                reading = _category_from_text(reading, figure)
            if reading.category:
                local = dict(slot.settings)
                category_slot = _category_slot(reading.category, slot, figure, ref) \
                    if ", " not in reading.category and " / " not in reading.category else None
                if category_slot is not None:
                    local = category_slot.settings
                else:
                    setting = _category_setting(reading.category, figure, ref)
                    category_slot = slot
                    compound = ", " in reading.category or " / " in reading.category
                    if setting is None and not _HAS_DIGIT(reading.category) or compound:
                        # a text category: whatever role it names ('Average Score': the metric), if any
                        category_slot = replace(slot, settings=dict(slot.settings))
                        if compound or _is_x_tick(reading.category, figure, ref) \
                                or match_metric(reading.category, ref):
                            _assign_name(category_slot, reading.category, figure, ref, is_label=False)
                        local = category_slot.settings
                    else:
                        setting = setting or ("x", _setting_value(reading.category, "x", None))
                        local[setting[0]] = setting[1]
                found = _reading_quantity(Reading(reading.number, reading.key_before, reading.key_after), point_quantity,
                                          figure, [r for r in free_axes if figure.axes[r].kind == "metric"], ref)
                if found:
                    _emit(point, category_slot, reading, found[1], figure, ref, facts, settings=local)
                continue
            found = _reading_quantity(reading, point_quantity, figure, free_axes, ref)
            if found is None:
                facts.skipped.append(Skip(point.line, point.quote, "unassigned value", reading.number.raw,
                                          token=reading.number.raw))
                continue
            role, quantity = found
            if role in free_axes:
                free_axes.remove(role)
            pairs.append((reading, quantity))
    settings = dict(slot.settings)
    for reading, quantity in pairs:
        if quantity.kind == "setting" and quantity.setting_key:
            # a position on a setting axis sets it for the values after it: (256, 58.4), (512, 66.0)
            settings = {**settings, quantity.setting_key: _setting_value(reading.number.raw, quantity.setting_key,
                                                                        quantity)}
            facts.claims.append(Claim(point.line, reading.number.raw, "setting", "position on a setting axis"))
            continue
        if quantity.kind == "params":
            _emit_params(point, slot.model, reading, quantity, facts)
            continue
        _emit(point, slot, reading, quantity, figure, ref, facts, settings=settings)


# 'the ordering is the same as on MMLU-Pro': a benchmark the sentence compares with, not its own
_COMPARED_ON = re.compile(r"(?i)\b(?:as|than|like|unlike|versus|vs\.?)\s+(?:(?:on|in|for|with)\s+)?(?:the\s+)?\**$")


def _benchmark_groups(context: tuple[Span, ...], figure: Figure, ref: Reference) -> tuple[Span, ...]:
    """Headers that group benchmarks ('**1. Mathematical Reasoning**' over '* **AIME 2025:**'):
    an outer header naming no model, series or setting whose next header is a benchmark."""
    groups = []
    for outer, inner in zip(context, context[1:]):
        name = _clean_label(outer.text)[0]
        if find_benchmark(outer.text, ref) or is_model_like(name, ref) or name.lower() in figure.series \
                or _is_x_tick(name, figure, ref) or is_category_label(name, ref, figure):
            continue
        inner_name = _clean_label(inner.text)[0]
        named = find_benchmark(inner_name, ref)
        if named and named[2] - named[1] >= len(inner_name) - 2:
            groups.append(outer)
    return tuple(groups)


def _emit_params(point: Point, model: str, reading: Reading, quantity: Quantity, facts: DocumentFacts) -> None:
    """Append the parameter count `reading` gives `model` on a parameter quantity (in billions)."""
    value = reading.number.scaled("B") if reading.number.suffix in ("B", "M", "T") else reading.value * (
        _SCALE.get(quantity.unit or "", 1e9) / 1e9 if quantity.unit in ("M", "T") else 1.0)
    if not math.isfinite(value):
        facts.skipped.append(Skip(point.line, point.quote, NOT_FINITE, reading.number.raw, token=reading.number.raw))
        return
    facts.params.append(ParamFact(model, quantity.param_kind or "total", value, point.line, point.quote))
    facts.claims.append(Claim(point.line, reading.number.raw, "parameter"))


def _ticks_in_keys(point: Point, figure: Figure, ref: Reference) -> Point:
    """A point whose values each follow the one x tick their clause names (``the BF16 bar reaches
    approximately 71.8%, the FP8 bar ... 71.5%``): each value at that tick; a model written as
    every value's category (``For Qwen3-8B, ...``) is the point's series."""
    readings = list(point.readings)
    found = 0
    for k, r in enumerate(readings):
        if r.at is not None or r.is_listed or r.position or (r.category and is_model_like(r.category, ref) < 2):
            continue
        ticks = {w for w in _rx(r"[A-Za-z0-9][\w.\-]*").findall(r.key_before) if w.lower() in figure.x_ticks}
        if len(ticks) == 1:
            readings[k] = replace(r, category=ticks.pop())
            found += 1
    if found < 2:
        return point
    named = {r.category for r in point.readings if r.category}
    if point.label is None and len(named) == 1 and is_model_like(next(iter(named)), ref) == 2 \
            and all(r.category for r in point.readings):
        point = replace(point, label=next(iter(named)))
    return replace(point, readings=tuple(readings))


def _subject_look(label: str, figure: Figure) -> str | None:
    """The series a clause's subject look names (``The red line sits far lower``), or None."""
    if not figure.aliases or not label[:1].isalpha():
        return None
    lead = _LOOK_SUBJECT.match(label)
    return figure.alias(lead.group("look")) if lead else None


_LOOK_SUBJECT = re.compile(r"(?i)^(?:the\s+)?(?P<look>(?:(?:" + LOOK + r")[\s-]+){1,2}(?:" + MARKS + "|" + SHAPES
                           + r"))\s+(?:is|sits|stays|runs|remains|lies|reads|starts|ends|rises|falls|climbs|drops|"
                             r"holds|shows|reaches|keeps|goes)\b")


def _shared_place(point: Point, figure: Figure, ref: Reference) -> tuple[Reading, ...]:
    """The readings of a line whose values are each keyed by a series, all at the one x place the
    line gives: the first value's own (``The final tick, 16k, gives 54.6 (purple), 45.2 (teal)``), or
    the one x tick its label names (``Moving to 4k, the lines separate: 40.8 (purple), ...``)."""
    readings = point.readings
    if any(r.at is not None or r.category for r in readings[1:]):
        return readings
    first = readings[0]
    if first.at is not None or first.category:
        return tuple(r if k == 0 else replace(r, at=first.at, at_unit=first.at_unit, category=first.category)
                     for k, r in enumerate(readings))
    ticks = [n for n in find_numbers(point.label or "") if n.raw.lower() in figure.x_ticks]
    if len(ticks) == 1 and len(find_numbers(point.label or "")) == 1:
        return tuple(replace(r, at=ticks[0]) for r in readings)
    words = {w for w in _rx(r"[A-Za-z][\w.\-]*\d[\w.\-]*|[A-Za-z][\w\-]+").findall(point.label or "")
             if w.lower() in figure.x_ticks or _valued_setting(w, ref)}
    if len(words) == 1 and not find_numbers(_rx(r"[A-Za-z][\w.\-]*\d[\w.\-]*").sub(" ", point.label or "")):
        return tuple(replace(r, category=next(iter(words))) for r in readings)  # 'Moving to FP8, both bars ...'
    return readings


def _names_x_place(label: str | None, figure: Figure, ref: Reference) -> bool:
    """Whether a line's label is a place on x, not a series (``**20 turns:**``, ``**2k budget.**``)."""
    return bool(label) and is_model_like(label, ref) < 2 and (
        _is_x_tick(label, figure, ref) or is_category_label(label, ref, figure))


def _reading_series(reading: Reading, figure: Figure, ref: Reference, by_look: bool) -> str | None:
    """The series the words before a value name: a model (``Qwen3-8B: 94.2``) or, on a line
    under an x place (`by_look`), a legend look (``**2k budget.** the purple line starts at about
    30.2``, ``45.9 for purple``); None when they name neither."""
    if is_model_like(reading.key_before, ref) == 2:
        names = _names_in(reading.key_before, ref) if " " in reading.key_before else []
        # 'the table gives the red one (Qwen3-8B) as 55.6': the name in the phrase
        return names[0] if len(names) == 1 else reading.key_before
    if not by_look or not figure.aliases:
        return None
    looks = _LOOK_PHRASE.search(reading.key_before) if reading.key_before else None
    if looks is None and (after := _FOR_LOOK.match(reading.after_text)):  # '45.9 for purple', '51.2 s (purple)'
        looks = _LOOK_PHRASE.search(after.group("look"))
    named = figure.alias(looks.group(0)) if looks else None
    return named if named and (is_model_like(named, ref) or named.lower() in figure.series) else None


_FOR_LOOK = re.compile(r"(?i)\s*(?:for\s+(?:the\s+)?|\(\s*)(?P<look>[a-z][a-z -]{2,30}?)\s*(?:\)|,|;|\.|\band\b|$)")


def _is_family_of(label: str, model: str) -> bool:
    """Whether a series label only names the family of `model` ('Gemma' of 'Gemma-3-1B-it',
    'Qwen' of 'Qwen3-8B'): the label's words begin the model's name."""
    words = [skeleton(w) for w in _rx(r"[a-z]+").findall(label.lower())]  # 'Qwen' of 'Owen3-8B', a misread
    return bool(words) and len(words) <= 2 and [skeleton(w) for w in _rx(r"[a-z]+").findall(model.lower())][: len(words)] == words


def _emit(point: Point, slot: _Slot, reading: Reading, quantity: Quantity, figure: Figure, ref: Reference,
          facts: DocumentFacts, settings: dict[str, str]) -> None:
    """Append one measurement for `reading` measured as `quantity` (a value that is not
    finite, such as ``1e999``, is recorded as a skip instead)."""
    if not math.isfinite(reading.value):
        facts.skipped.append(Skip(point.line, point.quote, NOT_FINITE, reading.number.raw,
                                  token=reading.number.raw))
        return
    is_axis = any(quantity is axis for axis in figure.axes.values())
    value_axis = figure.axes.get("y") or figure.axes.get("y_left")
    if quantity.kind != "params" and (is_axis and quantity is value_axis or reading.category) and value_axis is not None \
            and _COUNT_AXIS.fullmatch(_rx(r"\([^()]*\)").sub("", value_axis.label).strip()):
        # a histogram's 'Count' axis: how many responses fall in a bin, no benchmark result
        facts.skipped.append(Skip(point.line, point.quote, "count", f"{reading.number.raw} on the axis {value_axis.label}",
                                  token=reading.number.raw))
        return
    if quantity.kind == "metric" and is_axis and quantity.benchmark and not quantity.metric:
        # an axis that names only a benchmark (x: "IFEval") plots its score, or the metric a title naming
        # the same benchmark gives it ('MMLU-Pro Accuracy vs. Model Size' over y: 'MMLU-Pro (%)')
        metric = figure.metric if figure.metric and any(
            b == quantity.benchmark for b, _, _ in find_benchmarks(figure.title, ref)) else "score"
    else:
        metric = quantity.metric or slot.metric or figure.metric or "score"
        if metric == "score":  # 'Score: 0.874' under an axis of strict accuracy: the generic word names no metric
            metric = next((m for m in (slot.metric, figure.metric) if m and m != "score"), "score")
        elif quantity.benchmark and not quantity.metric and reading.number.suffix == "%" \
                and (rule := ref.metric_rule(metric)) is not None and rule.kind in ("throughput", "latency", "cost"):
            # 'BF16 (GSM8K 84.6%)' printed in a throughput chart's legend: a share is the benchmark's score, not the
            # chart's measure
            metric = "accuracy"
    if quantity.kind != "metric":
        metric = slot.metric or figure.metric or "score"
    rule = ref.metric_rule(metric)
    if is_axis and slot.benchmark:  # a panel header's benchmark is nearer than the axis the first panel gave
        benchmark, benchmark_text = slot.benchmark, None
    else:
        benchmark = quantity.benchmark or slot.benchmark
        benchmark_text = quantity.benchmark_text or slot.benchmark_text
    if rule is not None and rule.kind in ("throughput", "latency", "cost") and benchmark is None and figure.benchmarks:
        benchmark_text = None  # not a score: it belongs to the benchmark scored in the same figure
    if benchmark is None and benchmark_text is None:
        if len(figure.benchmarks) >= 1:
            benchmark = figure.benchmarks[0]
        elif figure.benchmark_text:
            benchmark_text = figure.benchmark_text
    if rule is not None and rule.kind == "loss":
        facts.skipped.append(Skip(point.line, point.quote, "no benchmark result", f"{metric} is a training quantity",
                                  token=reading.number.raw))
        return
    if benchmark is None and benchmark_text is not None and figure.benchmarks and _PROSE_WORDS.search(benchmark_text):
        benchmark, benchmark_text = figure.benchmarks[0], None  # a measure's words, under a figure that names its benchmark
    if benchmark is None and (benchmark_text is None or _PROSE_WORDS.search(benchmark_text)) \
            and (named := figure.title_name(ref)):
        # 'HotpotQA Accuracy and End-to-End Latency vs. ...' over no benchmark, or 'ALFWorld Success Rate' over a
        # y axis of 'Proportion of Solved Environments': the name the title gives
        benchmark_text = named
    is_scoped = benchmark is None and benchmark_text is None
    if benchmark in figure.metric_exceptions and metric in (figure.metric, "score"):
        metric = figure.metric_exceptions[benchmark]  # the caption's exception: 'except LiveCodeBench, which reports Pass@1'
        rule = ref.metric_rule(metric)
    if is_scoped:
        benchmark_name = quantity.label or figure.title or "unnamed benchmark"
    else:
        benchmark_name = benchmark or benchmark_text or ""
    label_key = figure.setting_key_for_labels
    if label_key in settings and slot.model and (_is_family_of(settings[label_key], slot.model)
                                                 or settings[label_key].strip().lower() in ref.families):
        settings = {k: v for k, v in settings.items() if k != label_key}  # 'Gemma (Green)' over 'Gemma-3-1B-it': its family
    if figure.title_settings:
        settings = {**figure.title_settings, **settings}
    metric, settings = _bind_k(metric, settings, figure)
    setting = ", ".join(f"{k}={v}" for k, v in sorted(settings.items()))
    unit = _value_unit(reading, quantity, metric)
    model_written = slot.model_written or slot.model or ""
    facts.values.append(ValueFact(
        panel=slot.panel, source_line=point.line, quote=point.quote, model_as_written=_as_written(model_written),
        model_name=slot.model or "", benchmark_as_written=slot.benchmark_written or (
            benchmark_text if not is_scoped else None),
        benchmark_name=benchmark_name, is_figure_scoped=is_scoped, metric=metric, setting=setting,
        value=reading.value, unit=unit, is_approximate=reading.number.is_approximate or "approx" in point.quote.lower()))
    facts.claims.append(Claim(point.line, reading.number.raw, "measurement"))
    if reading.category:
        for number in find_numbers(reading.category):
            facts.claims.append(Claim(point.line, number.raw, "setting", "x category written with the value"))


def _bind_k(metric: str, settings: dict[str, str], figure: Figure) -> tuple[str, dict[str, str]]:
    """``pass@k`` with a point's k, from an x axis of k or a number of samples (``k=4``),
    goes into the metric (``pass@4``); the setting that gave it is dropped."""
    if not metric.endswith(_K_METRICS):
        return metric, settings
    x_axis = figure.axes.get("x")
    keys = [x_axis.setting_key or "x"] if x_axis is not None and _rx(r"(?i)\s*k\b").match(x_axis.label) else []
    key = next((k for k in (*keys, "num_samples") if k in settings), None)
    if key is None or not _rx(r"\d+").fullmatch(settings[key]):
        return metric, settings
    rest = {k: v for k, v in settings.items() if k != key}
    return metric[:-1] + settings[key], rest


def _plots_no_result(chart: Chart, figure: Figure, ref: Reference) -> bool:
    """A figure that plots no benchmark result: a composition (pie, data mix), a diagram, or
    one where neither a benchmark nor an evaluation metric is named anywhere."""
    text = " ".join([figure.title, chart.kind or ""])
    overview = " ".join(span.text for span in chart.overview)
    if _NO_RESULT_SAID.search(overview + " " + figure.title):
        return True
    values = [a.label for a in chart.axes if a.role in ("y", "y_left", "colorbar") and a.label] + [figure.title]
    if any(_NOT_A_RESULT.search(v) for v in values) and all(match_metric(v, ref) in (None, "score") for v in values):
        return True  # 'Selection Frequency (%)', 'Mean Token Entropy', 'Attention sink ratio': a statistic, not a score
    counted = [a.label for a in chart.axes if a.role in ("y", "y_left") and a.label]
    counts_only = bool(counted) and all(_COUNT_AXIS.fullmatch(_rx(r"\([^()]*\)").sub("", label).strip()) for label in counted)
    titled = match_metric(figure.title, ref)
    if counts_only and (titled is None or getattr(ref.metric_rule(titled), "kind", "score") != "score"):
        return True  # a histogram of 'Number of trajectories' per turn bin: counts, whatever benchmark they come from
    if figure.benchmarks or any(q.benchmark for q in figure.axes.values()):
        return False
    if _NO_RESULT_KIND.search(text) or counts_only:
        return True  # (counts, on no benchmark: 'Number of Responses' per length bin)
    x_axis = figure.axes.get("x")
    scores = [q for q in figure.axes.values() if q.kind == "metric" and q.metric and
              getattr(ref.metric_rule(q.metric), "kind", "score") == "score"]
    if x_axis is not None and x_axis.setting_key == "training_steps" and not scores:
        return True  # memory, loss or speed over training steps: a training curve
    named = [q for q in figure.axes.values() if q.kind == "metric" and (q.metric or q.benchmark_text)]
    labels = [p.label or "" for p in chart.points] + [c for p in chart.points for f in p.fields for c in f] + [
        s.text for p in chart.points for s in p.context]
    return not named and figure.metric is None and figure.benchmark_text is None and not any(
        match_metric(label, ref) or find_benchmark(label, ref) for label in labels)


_NO_RESULT_SAID = re.compile(r"(?i)\bno (?:evaluation|benchmark) (?:results?|scores?)\b|"
                             r"\bno (?:(?:accuracy|speed|throughput|latency|task|performance)(?:\s*,\s*|\s+or\s+|\s+and\s+))+"
                             r"(?:evaluation|benchmark) results?\b|"  # 'no accuracy, speed or benchmark result' (no 'score': speed may be)
                             r"\b(?:does not|doesn't|do not) (?:show|report|plot|give|include) (?:any )?(?:(?:end-)?task )?"
                             r"(?:evaluation|benchmark|accuracy|scores?)|"
                             r"\bno (?:accuracy|score)(?:\s+or\s+(?:accuracy|score))? (?:is |are )?(?:plotted|shown|reported)")
_NOT_A_RESULT = re.compile(r"(?i)\b(?:frequency|entropy|routing|attention (?:score|weight|sink|mass)s?|activation|expert load|"
                           r"norm|cosine similarity|density|histogram|distribution|proportion|share of|t-?sne|umap|"
                           r"pca|hidden (?:states?|representations?)|cka|representation similarity)\b")
# a projection of hidden states, or their similarity across layers (CKA), plots no score
_NO_RESULT_KIND = re.compile(r"(?i)\b(?:pie|donut|doughnut|mixture|data mix|composition|proportions?|allocation|"
                             r"architecture|diagram|flow ?chart|pipeline|timeline|schematic|word cloud|treemap)\b")


def _as_written(text: str) -> str:
    name, _ = _strip_prefix(text)
    match = _rx(r"^(?P<name>.*?\S)\s*\((?P<note>[^()]*)\)\s*$").match(name) if name.rstrip().endswith(")") else None
    if match and not _rx(r"(?i)ours?\b|proposed").search(match.group("note")):
        name = match.group("name")
    return name.strip().strip("`\"'“”")


def _infer_units(facts: DocumentFacts, ref: Reference) -> None:
    """Percent-type metrics with no stated unit: '%' when the figure's values exceed 1."""
    groups: dict[tuple[str, str], list[int]] = {}
    for index, fact in enumerate(facts.values):
        if fact.unit is None and (fact.metric in _PERCENT_METRICS or fact.metric.startswith("pass@")):
            groups.setdefault((fact.metric, fact.panel), []).append(index)
    for indices in groups.values():
        values = [facts.values[i].value for i in indices]
        if any(v > 1 for v in values) and all(0 <= v <= 100 for v in values):
            for i in indices:
                fact = facts.values[i]
                facts.values[i] = replace(fact, unit="%")


def _dedupe(facts: DocumentFacts) -> None:
    """A value the document states twice is loaded once: the same row again (label and prose),
    or a value read with fewer settings than its series also has it with ('starts at about
    85.7%' beside the table row at N = 1; '47.6 ... at KV 2048' beside SnapKV's cell at 2048)."""
    placed: dict[tuple, list[frozenset[str]]] = {}
    for f in facts.values:
        if f.setting:
            placed.setdefault((name_key(f.model_name), f.benchmark_name, f.metric, f.value), []).append(
                frozenset(f.setting.split(", ")))
    # 'moves from 59.4 to 76.8' under a pass@k table: pass@k with no k, beside the same value with its k
    with_k = {(name_key(f.model_name), f.benchmark_name, f.metric.split("@")[0], f.value) for f in facts.values
              if "@" in f.metric and not f.metric.endswith("@k")}
    # '**MMLU:** Qwen2.5-7B-Instruct is best (74.6)' beside its table cell read as accuracy: the generic score repeats it
    specific = {(name_key(f.model_name), f.benchmark_name, f.setting, f.value) for f in facts.values
                if f.metric != "score"}
    seen: set[tuple] = set()
    kept = []
    for fact in facts.values:
        key = (name_key(fact.model_name), fact.benchmark_name, fact.metric, fact.setting, fact.value, fact.unit)
        if fact.metric == "score" and (key[0], key[1], fact.setting, fact.value) in specific:
            continue
        fuller = placed.get(key[:3] + (fact.value,), ())
        if key in seen or fuller and any(s > frozenset(fact.setting.split(", ") if fact.setting else ()) for s in fuller) \
                or fact.metric.endswith(_K_METRICS) \
                and (key[0], key[1], fact.metric.split("@")[0], fact.value) in with_k:
            continue
        seen.add(key)
        kept.append(fact)
    facts.values = kept
