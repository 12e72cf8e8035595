"""The ledger: every number of a data section, and what became of it.

Every numeric token (as `find_numbers` finds it) on a line of a data section (Components/
Axes, Detailed Analysis, tables, legends; see `Chart.scopes`) ends in exactly one state:

- ``measurement``: it is the value of a loaded measurement;
- ``parameter``: it is a parameter count the figure plots for a model;
- ``setting``: it is part of a setting label (``KV Budget 2500``, a table's budget column);
- ``non-data``: it is not a data value, with the reason (an axis tick, an error bar, a
  difference, a statistic, a count, a version inside a name, a position, a legend label...);
- ``unattributed``: it looks like a data value but could not be tied to a fact, with the
  role that was missing (no model, no quantity, no x category, not recognised, ...).

There is no silent state. Stages record what they consume: the facts' `Claim`s and the
skips with a `token`; a skip about a whole line (``no model``, ``unalignable list``,
``truncated``) covers the numbers of that line nothing else took. The rest is classified
here with cheap rules on the line's own text, and whatever is still left is
``unattributed``. `ledger_skips` turns the entries no skip row records yet into rows of
`skipped_values` (one per line and reason, listing the tokens), so the view accounts for
every number. Pure functions; O(numbers) per document, no re-parsing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from benchdb.etl._rx import rx as _rx
from benchdb.etl.extract.chart import Chart, Scope, Skip
from benchdb.etl.extract.numbers import NUMBER_RE, Number, parse_match
from benchdb.etl.extract.recognize import DESCRIPTIVE_FIELDS, read_values, split_label
from benchdb.etl.transform.interpret import DocumentFacts, find_benchmark, is_model_like
from benchdb.etl.transform.reference import Reference

STATES = ("measurement", "parameter", "setting", "non-data", "unattributed")

#: Reasons of the extractor's own skips, by the state they put their numbers in.
SKIP_STATES = {
    "annotation": "non-data", "axis position": "non-data", "range": "non-data", "trend position": "non-data",
    "truncated": "non-data", "unlabelled reference line": "non-data", "no benchmark result": "non-data",
    "error bar": "non-data", "index": "non-data", "ignored column": "non-data", "not finite": "non-data",
    "difference": "non-data", "threshold": "non-data", "arithmetic": "non-data", "ratio": "non-data",
    "reference": "non-data", "count": "non-data",
    "no model": "unattributed", "unassigned value": "unattributed", "unalignable list": "unattributed",
    "unparsed line with numbers": "unattributed",
}
#: The reason of the rows `ledger_skips` adds for unattributed numbers (the detail names the missing role).
UNATTRIBUTED = "unattributed"


@dataclass(slots=True)
class LedgerEntry:
    """One number of a data line and its end state.

    `offset` is the token's character offset in the line's text as read (`Scope.text`);
    `reason` says why a number is non-data, or which role was missing for an unattributed
    one; `by` says who accounted for it: 'fact' (a stage's claim), 'skip' (a skip of the
    extractor about this number), 'line skip' (a skip about its whole line or document) or
    'ledger' (the rules here, for a number no stage took)."""

    line: int
    token: str
    offset: int
    state: str
    reason: str = ""
    by: str = "ledger"
    detail: str = ""  # more about the reason: the name a version is part of, the missing role's context

    @property
    def recorded(self) -> bool:
        """True when a skip row of the extractor already accounts for this number."""
        return self.by in ("skip", "line skip")


_ROLE_REASONS = {"axis": "axis tick or label", "legend": "legend label"}
_FIELD_REASONS = (
    (re.compile(r"(?i)trend"), "trend"), (re.compile(r"(?i)error"), "error bar"),
    (re.compile(r"(?i)count|number of|total points"), "count"),
    (re.compile(r"(?i)position|location|placement|spatial"), "position"),
    (re.compile(r"(?i)range|spread|band|region|shad"), "range"),
)
_INDEX_BEFORE = re.compile(
    r"(?i)\b(?:series|panel|chart|figure|fig\.|plot|subplot|group|point|entry|row|column|table|step|rank|item|"
    r"section|part|line|bar|marker|cluster|quadrant|category|option|tier|level)\s*#?\s*$|#\s*$")
_COUNT_AFTER = re.compile(
    r"(?i)\s*(?:\w+\s+)?(?:data\s+)?(?:points?|models?|bars?|series|lines?|markers?|entries|categories|groups|"
    r"benchmarks?|methods?|panels?|subplots?|items?|columns?|rows?|clusters?|circles?|dots?|curves?|colou?rs?|"
    r"shapes?|labels?|ticks?)\b")
_PLUS_MINUS = re.compile(r"±\s*$")
_DELTA_BEFORE = re.compile(r"(?i)(?:Δ|delta|diff(?:erence)?|gap|vs\.?|→|->)\s*[:=]?\s*$")
_NAME_WORD = r"(?:[A-Z][\w.\-+@']*|\d+(?:\.\d+)*[A-Za-z]*)"
# up to three name words joined by single spaces or hyphens, right before or after a number
_NAME_BEFORE = re.compile(r"(?<![\w.\-+@'])(?:" + _NAME_WORD + r"[ \-]){1,3}$")
_NAME_AFTER = re.compile(r"(?:[ \-]" + _NAME_WORD + r"(?![\w.\-+@'])){1,3}")
_CATEGORY = re.compile(
    r"(?i)^(?:[a-z][\w\- ]{0,24}?\s*[=:]?\s*)?[~≈]?\d[\d.,]*\s*[kmbt%]?(?:\s*[a-z/]{1,12}){0,2}$")
_ENUMERATOR_AFTER = re.compile(r"[.)]\s")
_NOT_A_COUNT = re.compile(r"(?i)\s*(?:tokens?|steps?|shots?|samples?)\b")
_POINTS_AFTER = re.compile(r"(?i)\s*(?:percentage\s+)?(?:points?|pp|pts?)\b")
_RANGE_AROUND = re.compile(r"(?i)\bfrom\s+(?:[~≈]\s*|approx\w*\s+)?$|\d\S*\s+to\s+(?:[~≈]\s*)?$|\bfrom\s+[~≈]?\S+\s+to\s+(?:[~≈]\s*|approx\w*\s+)?$|"
                           r"\bbetween\s+\S+\s+and\s+$")
_RANGE_AROUND_AFTER = re.compile(r"(?i)\s*(?:%|[a-z]{1,3}\b)?\s*(?:to|–|—)\s*[~≈]?\d")
_YEAR = re.compile(r"(?:19|20)\d\d")
_DATE_NEAR = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*$|\b(?:in|since|year)\s+$")


def account(chart: Chart, facts: DocumentFacts, ref: Reference) -> list[LedgerEntry]:
    """The ledger of one interpreted document: one entry per number of every data line,
    in line order. Never raises on a well-formed chart."""
    claims: dict[int, list[tuple[str, str, str, str]]] = {}
    for claim in facts.claims:  # measurements and parameters first: they take a number before a setting does
        if claim.state != "setting":
            claims.setdefault(claim.line, []).append((claim.token, claim.state, claim.reason, "fact"))
    for claim in facts.claims:
        if claim.state == "setting":
            claims.setdefault(claim.line, []).append((claim.token, claim.state, claim.reason, "fact"))
    line_skips: dict[int, Skip] = {}
    whole_document: Skip | None = None
    for skip in facts.skipped:
        state = SKIP_STATES.get(skip.reason, "unattributed")
        if skip.line is None:
            if skip.reason == "no benchmark result" and whole_document is None:
                whole_document = skip
        elif skip.token is not None:
            claims.setdefault(skip.line, []).append((skip.token, state, skip.reason, "skip"))
        elif skip.line not in line_skips:
            line_skips[skip.line] = skip
    entries: list[LedgerEntry] = []
    append = entries.append
    finditer = NUMBER_RE.finditer
    for scope in chart.scopes:
        # the same tokens as find_numbers, as bare matches: most are claimed and need no Number
        matches = list(finditer(scope.text))
        if not matches:
            continue
        line = scope.line
        raws = [m.group(0) for m in matches]
        found: list[LedgerEntry | None] = [None] * len(matches)
        taken: list[str] = []
        single = len(raws) == 1
        for token, state, reason, by in claims.get(line, ()):
            if single:  # the common case: one number on the line
                index = 0 if found[0] is None and (raws[0] == token or _core(raws[0]) == _core(token)) else None
            else:
                index = _match(raws, matches, found, token, scope.text, ref)
            if index is not None:
                found[index] = LedgerEntry(line, raws[index], matches[index].start(), state, reason, by)
                if by == "fact":
                    taken.append(token)
        line_skip = line_skips.get(line)
        role_reason = _ROLE_REASONS.get(scope.role)
        for index, match in enumerate(matches):
            entry = found[index]
            if entry is None:
                if whole_document is not None:
                    entry = LedgerEntry(line, raws[index], match.start(), "non-data", whole_document.reason,
                                        "line skip")
                elif role_reason is not None:  # an axis or legend line: no need to look closer
                    entry = LedgerEntry(line, raws[index], match.start(), "non-data", role_reason)
                else:
                    state, reason, detail = classify(scope, parse_match(match), ref, taken, line_skip)
                    by = "line skip" if line_skip is not None and reason == line_skip.reason else "ledger"
                    entry = LedgerEntry(line, raws[index], match.start(), state, reason, by, detail)
            append(entry)
    return entries


def _match(raws: list[str], matches: list[re.Match[str]], found: list[LedgerEntry | None], token: str, text: str,
           ref: Reference) -> int | None:
    """The first free number written as `token`, preferring one outside a name when the
    line writes it twice (``Llama 3.1 70B (70B parameters, ...)``); else the first free one
    with the same digits (a token read from a differently marked-up part of the line)."""
    candidates = [i for i, raw in enumerate(raws) if raw == token and found[i] is None]
    if len(candidates) > 1:
        for index in candidates:
            name = _name_around(text, matches[index].start(), matches[index].end())
            if name is None or not is_model_like(name, ref):
                return index
    if candidates:
        return candidates[0]
    core = _core(token)
    for index, raw in enumerate(raws):
        if found[index] is None and _core(raw) == core:
            return index
    return None


@lru_cache(maxsize=1 << 12)
def _core(raw: str) -> str:
    return _rx(r"^\D*?(?=[\d.])").sub("", raw).strip()


def classify(scope: Scope, number: Number, ref: Reference, taken: list[str],
             line_skip: Skip | None) -> tuple[str, str, str]:
    """(state, reason, detail) of a number no stage took, from its line's role and its own
    text; `taken` are the tokens of the line that became facts, `line_skip` a skip about
    the whole line (its reason applies to a number the rules here do not explain)."""
    text = scope.text
    before = text[: number.start]
    after = text[number.end:]
    role = scope.role
    if role in _ROLE_REASONS:
        return "non-data", _ROLE_REASONS[role], ""
    field = scope.field if role == "field" else None
    if role in ("note", "data", "prose"):
        label = split_label(text)[0]
        if label is not None and number.start >= len(label) and DESCRIPTIVE_FIELDS.match(label):
            field = label  # 'Error bars: 95% confidence interval'
    if field is not None:
        for pattern, reason in _FIELD_REASONS:
            if pattern.search(field):
                return "non-data", reason, ""
        return "non-data", "descriptive field", field
    if _PLUS_MINUS.search(before):
        return "non-data", "error bar", ""
    if role != "data":  # a data line's dropped numbers are skips already; prose and headers drop silently
        for dropped, reason in read_values(text)[1]:
            if dropped.start == number.start and dropped.raw == number.raw:
                return "non-data", reason, ""
    if _DELTA_BEFORE.search(before) or number.is_signed and number.raw.lstrip("~≈ ").startswith("+"):
        return "non-data", "annotation", ""
    plain = not number.is_approximate and number.suffix is None and "." not in number.raw
    if plain and (_INDEX_BEFORE.search(before) or (not before.strip(" *_([") and _ENUMERATOR_AFTER.match(after))):
        return "non-data", "index", ""
    if plain and _COUNT_AFTER.match(after) and not _NOT_A_COUNT.match(after):
        return "non-data", "count", ""
    if role == "table header":
        if _CATEGORY.match(_cell_of(text, number)):
            return "setting", "column header", ""
        return "non-data", "column header", ""
    name = _name_around(text, number.start, number.end)
    if name is not None and (find_benchmark(name, ref) or is_model_like(name, ref)):
        return "non-data", "version inside a name", name
    if plain and _YEAR.fullmatch(number.raw) and _DATE_NEAR.search(before):
        return "non-data", "date", ""
    if number.raw in taken:
        return "non-data", "repeated value", "the line gives this value twice"
    if _RANGE_AROUND.search(before) or _RANGE_AROUND_AFTER.match(after):
        return "non-data", "range", ""
    if not plain and _POINTS_AFTER.match(after):
        return "non-data", "annotation", "a difference in points"
    if line_skip is not None:
        return SKIP_STATES.get(line_skip.reason, "unattributed"), line_skip.reason, ""
    if role == "header":
        return "non-data", "group header", ""
    if role in ("data", "prose"):
        label, _, rest = split_label(text)
        if label is not None and number.end <= len(text) - len(rest):
            return "non-data", "label", ""
    if role == "unread":
        return "unattributed", "not read", "inside a code block"
    if role == "note":
        return "unattributed", "not read", "a Components line that is no axis, legend or data line"
    if role == "prose":
        return "unattributed", "no model", "no model name before it in its sentence"
    if taken:
        return "unattributed", "no quantity", "the line's other numbers were read, this one was not"
    return "unattributed", "not recognised", "no recognizer read a value from this line"


def _cell_of(text: str, number: Number) -> str:
    """The table cell of `text` the number is in."""
    start = text.rfind("|", 0, number.start) + 1
    end = text.find("|", number.end)
    return text[start: end if end >= 0 else len(text)].strip(" *_`")


def _name_around(text: str, start: int, end: int) -> str | None:
    """The name-like words the number stands between (``Claude 3.5 Sonnet``, ``AIME 2025``,
    ``Llama 3.1 70B``): up to three capitalised or numeric words right before or after it,
    or None when it has none."""
    before = _NAME_BEFORE.search(text, 0, start) if start else None
    after = _NAME_AFTER.match(text, end)
    if before is None and after is None:
        return None
    return text[before.start() if before is not None else start: after.end() if after is not None else end].strip()


def ledger_skips(entries: list[LedgerEntry], chart: Chart) -> list[Skip]:
    """Rows for `skipped_values` for the entries that no skip row of the extractor records:
    one per line and reason, the tokens as written in `detail` (``1; 10; 100``). A
    non-data number keeps its reason (``axis tick or label``); an unattributed one gets the
    reason ``unattributed`` and a detail that starts with the missing role (``no model:
    48.4% (no model name before it in its sentence)``)."""
    grouped: dict[tuple[int, str, str, str], list[str]] = {}
    for entry in entries:
        if entry.by in ("skip", "line skip") or entry.state not in ("non-data", "unattributed"):
            continue
        if entry.state == "non-data":
            key = (entry.line, entry.reason, "", entry.detail)
        else:
            key = (entry.line, UNATTRIBUTED, entry.reason, entry.detail)
        grouped.setdefault(key, []).append(entry.token)
    if not grouped:
        return []
    quotes = {scope.line: scope.quote.strip() for scope in chart.scopes}
    skips = []
    for (line, reason, role, more), tokens in grouped.items():
        detail = "; ".join(tokens)
        if role:
            detail = f"{role}: {detail}"
        if more:
            detail = f"{detail} ({more})"
        skips.append(Skip(line, quotes.get(line, ""), reason, detail))
    return skips


def silent(entries: list[LedgerEntry]) -> list[LedgerEntry]:
    """Entries in no known state (always empty: a test gate)."""
    return [e for e in entries if e.state not in STATES or (e.state in ("non-data", "unattributed") and not e.reason)]


def ledger(text: str, ref: Reference | None = None) -> list[LedgerEntry]:
    """Parse, interpret and account for one description's text (a convenience for tests
    and reports; the loader uses `account` on the chart and facts it already has)."""
    from benchdb.etl.extract.parse import parse_chart
    from benchdb.etl.transform.interpret import interpret
    from benchdb.etl.transform.reference import load_reference

    ref = ref or load_reference()
    chart = parse_chart(text)
    return account(chart, interpret(chart, ref), ref)
