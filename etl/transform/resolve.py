"""Warehouse-wide resolution: one canonical name per model and benchmark, parameter counts.

Pure functions over everything the warehouse holds, so the result never depends on the
order in which documents arrived.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from statistics import median

from benchdb.etl._rx import rx as _rx
from benchdb.etl.transform.names import alpha_tokens, name_key, name_params, skeleton
from benchdb.etl.transform.reference import Reference


def _plausibility(name: str, ref: Reference) -> tuple[int, int]:
    """How much a spelling looks right: (known families among its tokens, -suspicious chars)."""
    families = sum(1 for _, _, t in alpha_tokens(name) if t.lower() in ref.families)
    suspicious = len(_rx(r"(?<=[A-Z])[Il](?=[-\d.]|$)|(?<=\d)[Ol](?=\d)|(?<=[a-z])0|rn").findall(name))
    return families, -suspicious


def _correct_family(name: str, ref: Reference) -> str:
    """Replace an unknown token whose confusable skeleton is a known family (``Owen`` → ``Qwen``)."""
    result = name
    for start, end, token in reversed(alpha_tokens(name)):
        if token.lower() in ref.families:
            continue
        family = ref.family_skeletons.get(skeleton(token))
        if family and family.lower() != token.lower():
            result = result[:start] + family + result[end:]
    return result


def canonical_models(names: dict[str, int], ref: Reference) -> dict[str, str]:
    """Map every written model name (annotations already removed) to its canonical name.

    `names` counts documents per spelling. Spellings with the same `name_key` are one
    model; a spelling whose confusable skeleton equals a known name (reference data or
    another description's spelling) is corrected to it when that spelling is better
    supported; a name whose family token is a misread known family is corrected; a reference
    alias (``R1-Distill-Qwen-7B``) joins its reference entry when another description writes
    that entry (``DeepSeek-R1-Distill-Qwen-7B``), and keeps its own spelling otherwise."""
    by_key: dict[str, Counter[str]] = defaultdict(Counter)
    for name, count in names.items():
        by_key[name_key(name)][name] += count
    # family-level correction first: Owen-2.5-VL-7B -> Qwen-2.5-VL-7B
    corrected_key: dict[str, str] = {}
    for key, spellings in list(by_key.items()):
        spelling = spellings.most_common(1)[0][0]
        fixed = _correct_family(spelling, ref)
        corrected_key[key] = name_key(fixed)
        if fixed != spelling:
            by_key[name_key(fixed)][fixed] += 0
    for key in list(by_key):
        known = ref.model_skeletons.get(skeleton(key))
        if known and name_key(known) not in by_key:
            by_key[name_key(known)][known] += 0  # a reference spelling joins its confusable cluster
    clusters: dict[str, list[str]] = defaultdict(list)
    for key in list(by_key):
        clusters[skeleton(key)].append(key)
    def support(key: str) -> tuple:
        spellings = by_key[key]
        best = spellings.most_common(1)[0][0]
        return (key in ref.models, _plausibility(best, ref), sum(spellings.values()), -len(key), key)

    chosen: dict[str, str] = {}
    for keys in clusters.values():
        if len(keys) == 1:  # most names: nothing confusable to choose from
            chosen[keys[0]] = keys[0]
            continue
        scores = {key: support(key) for key in keys}
        winner = max(keys, key=scores.__getitem__)
        for key in keys:
            # a spelling is corrected only onto a better supported one; equals stay apart
            chosen[key] = winner if scores[winner][:3] > scores[key][:3] else key
    display: dict[str, str] = {}
    for key, spellings in by_key.items():
        if key in ref.models:
            display[key] = ref.models[key].model
        else:
            display[key] = sorted(spellings.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    result = {}
    for name in names:
        key = name_key(name)
        target = chosen.get(corrected_key.get(key, key), corrected_key.get(key, key))
        target = chosen.get(target, target)
        entry = ref.model_aliases.get(target)
        if entry is not None and sum(by_key.get(name_key(entry), Counter()).values()) > 0:
            target = name_key(entry)  # the entry is written by a description, not only joined above
        result[name] = display.get(target, name)
    return result


def canonical_benchmarks(names: dict[str, int], ref: Reference) -> dict[str, str]:
    """Map written benchmark names to canonical ones: reference aliases, then confusable
    matches against the reference or better supported spellings in the warehouse."""
    result: dict[str, str] = {}
    by_skeleton: dict[str, Counter[str]] = defaultdict(Counter)
    for name, count in names.items():
        known = ref.benchmarks.get(name_key(name)) or ref.benchmark_skeletons.get(skeleton(name))
        if known:
            result[name] = known
        else:
            by_skeleton[skeleton(name)][name] += count
    for spellings in by_skeleton.values():
        winner = sorted(spellings.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        for name in spellings:
            result[name] = winner
    return result


#: Where a resolved parameter count came from, in order of precedence.
PARAM_SOURCES = ("name", "figure", "reference")


def model_params(model: str, figure_evidence: list[tuple[str, float]],
                 reference: dict[str, float] | None = None) -> dict[str, float]:
    """Resolved parameter counts of one model by kind (see `model_params_sourced`)."""
    return {kind: value for kind, (value, _) in model_params_sourced(model, figure_evidence, reference).items()}


def model_params_sourced(model: str, figure_evidence: list[tuple[str, float]],
                         reference: dict[str, float] | None = None) -> dict[str, tuple[float, str]]:
    """Resolved parameter counts of one model by kind, with their source: a size in the
    name wins over the figures; several figures giving the same kind give their median;
    the reference data's count (`reference`, kind -> billions) is the last fallback."""
    resolved: dict[str, tuple[float, str]] = {kind: (value, "name") for kind, value in name_params(model).items()}
    by_kind: dict[str, list[float]] = defaultdict(list)
    for kind, value in figure_evidence:
        by_kind[kind].append(value)
    for kind, values in by_kind.items():
        if kind not in resolved:
            resolved[kind] = (float(median(values)), "figure")
    for kind, value in (reference or {}).items():
        if kind not in resolved and value is not None:
            resolved[kind] = (float(value), "reference")
    return resolved


_TITLE_MARKUP = re.compile(r"[*`#]+|\\n")
_TITLE_MAX = 80
UNTITLED_FIGURE = "Untitled figure"


def figure_title_name(title: str | None) -> str:
    """A figure title made fit to name a benchmark: markup and runs of spaces removed,
    trailing punctuation dropped, cut at a word boundary after 80 characters ('' for none)."""
    text = _TITLE_MARKUP.sub(" ", title or "")
    text = " ".join(text.split()).strip(" .,:;-–—")
    if len(text) > _TITLE_MAX:
        cut = text[:_TITLE_MAX].rsplit(" ", 1)[0].rstrip(" .,:;-–—")
        text = (cut or text[:_TITLE_MAX]) + "…"
    return text


def figure_scoped_benchmarks(scoped: list[tuple[str, str, str | None, frozenset[str]]],
                             taken: set[str]) -> dict[tuple[str, str], str]:
    """Names for the benchmarks that figures do not name, one per (written name, document).

    `scoped` lists (benchmark_name as interpreted: an axis label or the title, document
    path, figure title, the metrics of its values); `taken` holds the names of the named
    benchmarks. Each figure's quantities are one benchmark named after the figure's title
    (the written name when the figure has none), never the path; when two of them measure
    the same metric, each is a benchmark of its own, the title followed by the written name
    (``Title: Helpfulness``). Names shared by several figures, or equal to a named benchmark
    (case, spaces and hyphens aside), get `` [2]``, `` [3]``, ... in the order of the
    documents' paths (the first one keeps the plain name unless a named benchmark has it),
    so the result depends only on the warehouse's content."""
    per_path: dict[str, list[frozenset[str]]] = defaultdict(list)
    for _, path, _, metrics in scoped:
        per_path[path].append(metrics)
    shared_metric = {path: sum(len(m) for m in sets) != len(frozenset().union(*sets))
                     for path, sets in per_path.items()}
    base: dict[tuple[str, str], str] = {}
    for name, path, title, _ in scoped:
        title_name = figure_title_name(title)
        written = figure_title_name(name)
        text = title_name or written or UNTITLED_FIGURE
        if shared_metric[path] and title_name and written and name_key(written) != name_key(title_name):
            text = f"{title_name}: {written}"
        base[(name, path)] = text
    used = {name_key(n) for n in taken}
    result: dict[tuple[str, str], str] = {}
    groups: dict[str, dict[str, list[tuple[str, str]]]] = defaultdict(lambda: defaultdict(list))
    for key, text in base.items():
        groups[name_key(text)][key[1]].append(key)  # one name per figure: its quantities share it
    for by_path in groups.values():
        number = 1
        for path in sorted(by_path):
            members = by_path[path]
            text = base[members[0]]
            candidate = text
            while name_key(candidate) in used:
                number += 1
                candidate = f"{text} [{number}]"
            used.add(name_key(candidate))
            for member in members:
                result[member] = candidate
    return result


def model_family(model: str, ref: Reference) -> str | None:
    """The family of a model: reference data, else a known family token in its name."""
    known = ref.models.get(name_key(model))
    if known and known.family:
        return known.family
    for _, _, token in alpha_tokens(model):
        if token.lower() in ref.families:
            return ref.families[token.lower()]
    match = _rx(r"[A-Za-z]+").match(model)
    return match.group(0) if match else None
