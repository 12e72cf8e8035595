"""Layer 3 of extraction: a whole description to a typed `Chart`.

Sections are recognised by what their headings say (``Components/Axes``, ``2. Axes``,
``Detailed Analysis or Content Details``, ``Key Observations``), not by position, so both
templates (``## Chart: ...`` with ``###`` sections, ``# Technical Document Extraction``
with numbered ``##`` sections) parse. Within data sections a stack of group headers
(panel titles, ``**Model: X**``, ``* **4B:**``, ``#### SnapKV``) gives every data line
its context; describers flatten nesting, so a header governs the lines after it until a
header of the same or a higher rank replaces it. Commentary (Key Observations,
Interpretation) is never read for values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from benchdb.etl._rx import rx as _rx
from benchdb.etl.extract.chart import Axis, Chart, LegendEntry, Point, Reading, Scope, Skip, Span
from benchdb.etl.extract.numbers import find_numbers, parse_number
from benchdb.etl.extract.recognize import (
    ARITHMETIC,
    AT_PHRASE,
    DESCRIPTIVE_FIELDS,
    LIST_PLACES,
    PRINTED_SCORE,
    clean,
    named_clauses,
    names_no_data,
    read_values,
    split_label,
)
from benchdb.etl.extract.structure import SourceLine, split_cells, split_lines
from benchdb.etl.extract.styles import COLOURS, GLYPH_SHAPES, GLYPHS, LINE_STYLES, LOOK, MARKS, POSITIONS, SHADES, SHAPES

_COMMENTARY = re.compile(
    r"observ|interpret|insight|takeaway|conclusion|summary|implication|trend|discussion|analysis of trends|"
    r"notable|highlights?\b|caveat|limitation",
    re.IGNORECASE,
)
_PER_SUBJECT = re.compile(r"(?i)\bspecific\b|\bper[-\s](?:benchmark|model|panel|dataset|task|chart|series|subplot)|"
                          r"\bby\s+(?:benchmark|model|panel|dataset|task|chart|series|subplot)")
_NON_DATA = re.compile(r"spatial|colou?r verification|grounding|layout|visual style|styling", re.IGNORECASE)
_COMPONENTS = re.compile(r"component|\baxes\b|\baxis\b|legend|structure|chart type|elements|labels?\b|setup|colou?rs?\b|"
                         r"\bnotes?\b|footnotes?|remarks?|metadata|specifications?|properties",
                         re.IGNORECASE)
_OVERVIEW = re.compile(r"overview|description|introduction|context|caption|\bheader\b|(?:document|image|figure) type", re.IGNORECASE)
_DATA = re.compile(r"detail|\bdata|content|values?|points?|series|table|extraction|results?|breakdown|"
                   r"measurements?|readings?|bars?|panels?|subplots?", re.IGNORECASE)
_CHART_TITLE = re.compile(r"(?i)^\s*\[?[^:\]]{0,40}\b(?:chart|plot|graph|diagram|heatmap|histogram)s?\b[^:\]]{0,20}\]?\s*:\s*\S")
_TITLE_KIND = re.compile(r"^\s*\[?(?P<kind>[^:\]]{2,60}?)\]?\s*:\s*(?P<title>.+)$")
_AXIS_LINE = re.compile(
    r"^(?P<role>(?:(?:shared|common|global)\s+)?(?:(?:primary|secondary|left|right|top|bottom)\s+)?"
    r"(?:[xy]|horizontal|vertical)[\s-]*ax[ie]s"
    r"(?:\s*\([^()]{1,30}\))?|colou?r\s*bar|spokes?(?:\s*\([^()]{1,50}\))?|"
    r"(?:left|right)\s+y|(?:left|right)\s+(?:vertical\s+)?ax[ie]s|[xy](?=\s*(?::|\(|-\s)))(?![\w])",
    re.IGNORECASE,
)
_STYLE_WORDS = f"(?:{COLOURS}|{SHADES}|{LINE_STYLES}|{SHAPES}|{MARKS}|x|with|and|,|-|/|\\(|\\))"  # 'Blue line (circle markers)'

_REFERENCE_STYLE = re.compile(r"(?i)\b(?:dashed|dotted|horizontal|reference|baseline)\b")
_LEGEND_LEVEL = re.compile(r"(?P<name>[^()]*?\S)\s*\((?P<value>[~≈]?\s*\d+(?:\.\d+)?\s*%?)\)")
_CHANCE = re.compile(r"(?i)(?:random(?:\s+(?:chance|guess(?:ing)?|baseline|level))?|(?:random\s+)?chance(?:\s+level)?|"
                     r"majority[\s-]class)")
_STYLE_ONLY_TEXT = re.compile(r"(?:" + _STYLE_WORDS + r"|\s)*", re.IGNORECASE)
_LEGEND_ENTRY = re.compile(
    r"(?<![\w-])(?P<style>(?:" + _STYLE_WORDS + r"\s*)+?)\s*(?:[:=→]|\s-\s|\s–\s)\s*(?P<label>[^;,=]+?)\s*(?=;|,\s*"
    + r"(?:" + _STYLE_WORDS + r"\s*)+[:=]|$)",
    re.IGNORECASE,
)
_REFERENCE_LINE = re.compile(
    r"(?:reference|horizontal|vertical|dashed|dotted|baseline)\b[^.]{0,40}?\bline\b(?:[^.]|\.(?=\d)){0,60}?(?:\b(?:at|of)\b|=|≈|~|\bvalue\s+label\b|\blabell?ed\s+[\"“][^\"”()]{1,40}\()\s*"
    r"(?:[xy]\s*)?(?:=|≈|~|value of|approximately)?\s*[\d.~≈]",
    re.IGNORECASE)
_QUOTED = re.compile(r"[\"“”']([^\"“”']{2,80})[\"“”']")
_HEADER_NOISE = re.compile(r"^(?:(?:(?:(?:left|right|top|bottom|upper|lower|middle|center|first|second|third|fourth)\s+)?"
                           r"(?:chart|panel|plot|subplot|figure|graph|group|section|series|curve)\s*(?:\d+|\([a-h]\)|[a-h])?"
                           r"(?:\s*\((?:left|right|top|bottom|upper|lower|middle|cent(?:er|re))[\w\s-]{0,12}\))?"  # 'Panel 1 (left):'
                           r"\s*[:.\-–—]\s*|"
                           r"(?:chart|panel|plot|subplot|figure|graph)\s*\([a-h0-9]\)\s*[:.\-–—]?\s*|"  # 'Panel (a) BF16'
                           r"(?:top|bottom|upper|lower|left|right|middle|cent(?:er|re))(?:[-\s](?:left|right|middle|cent(?:er|re)))?"
                           r"\s*[:\-–—]\s+|"  # 'Top-left — Qwen3-4B · AIME24': a grid position
                           r"\d{1,2}[.)]\s+|\d{1,2}(?:\.\d{1,2}){1,2}\.?\s+(?=[A-Z])|\(?[a-h]\)\s+))+", re.IGNORECASE)
# '2. Chart 1: ...': both; '4.1 Qwen3-4B (Orange)': a numbered subsection
# the mark of a panel a header names: 'Panel (b) — ...', '(b) Lines', '**Chart 2: ...**'
_SIDE = r"left|right|top|bottom|upper|lower|middle|cent(?:er|re)"  # where a panel sits in the figure
_PANEL_NOUN = r"panel|subplot|chart|plot|graph"
_PANEL_KEY = re.compile(r"(?i)^[\W_]*(?:(?:(?:" + _SIDE + r")\s+)?(?:" + _PANEL_NOUN + r")\s*\(?(?P<mark>[a-h]|\d{1,2})\)?|"
                        r"\((?P<paren>[a-h])\)|(?P<pos>" + _SIDE + r")\s+(?:" + _PANEL_NOUN + r")\b)(?![\w])")


def _panel_key(text: str) -> str:
    """The panel mark a header starts with ('a', '2'), or ''."""
    text = text.lstrip()
    match = _PANEL_KEY.match(_ENUMERATOR.sub("", text) if text[:1].isdigit() else text)  # '3. Chart (b): ...' too
    return _mark(match) if match else ""


def _mark(match: re.Match[str]) -> str:
    """The panel mark a `_PANEL_KEY` match holds: its letter or number, else its position ('left')."""
    return (match.group("mark") or match.group("paren") or match.group("pos")).lower()


_PANEL_COMPONENTS = re.compile(r"(?i)metadata|\bax[ie]s\b|legend|components?")
_HEADER_TAIL = re.compile(r"(?<=\S)\s+(?:group|cluster|column|" + _PANEL_NOUN + r")(?:\s*\(?(?:[a-h0-9]|" + _SIDE
                          + r")\)?)?\s*:?\s*$", re.IGNORECASE)  # 'Qwen3-8B Panel'
_INLINE_HTML = re.compile(r"(?i)</?(?:u|i|em|ins|mark|small|big|span|font|s|del)\b[^<>]{0,80}>")
_THIN_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:[\u2009\u202f]\d{3})+(?![\d.,])")
_VALUE_AT_VALUE = re.compile(r"@(?=\d)(?<=\d@)")  # the literal first: a fast scan
_STD_SUB = re.compile(r"<sub>\s*((?:±|\+/-)\s*[\d.,]{1,8}\s*%?)\s*</sub>")
_FOOTNOTE_SUP = re.compile(r"<sup>\s*[a-zA-Z*†‡§¶]{1,2}\s*</sup>")
_POWER = re.compile(r"(?<![\d.])(\d{1,2})\s*<sup>\s*(\d{1,2})\s*</sup>")
_SCIENTIFIC_SUP = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([x×X*·])\s*10\s*<sup>\s*([-−]?\d{1,2})\s*</sup>")
_TITLE_SECTION = re.compile(r"(?i)^\W*(?:\d+[.)]\s*)?(?:chart\s+|figure\s+|plot\s+)?title\W*$")
_LITERAL_NEWLINE = re.compile(r"\\n")
# A data section headed by what its panel shows: 'Panel (a): AIME 2024', '(b) MATH-500'.
_PANEL_HEADING = re.compile(r"^(?:(?:(?:left|right|top|bottom|upper|lower)\s+)?(?:panel|subplot|plot|chart|graph)"
                            r"\s*(?:\d+|\(?[a-h]\)?)?(?:\s*\([^()]{1,20}\))?\s*[:.\-–—]|"
                            r"(?:(?:panel|subplot|plot|chart|graph)\s*)?\(?[a-h]\))\s*(?P<name>\S.*)$",
                            re.IGNORECASE)  # 'Plot 2 (Right Panel): IFEval' too
_HAS_DIGIT = re.compile(r"\d").search


def _scope_text(content: str) -> str:
    """A data line's text as the recognizers read it (`clean`), without a memo lookup for
    the common line that has no markup and no runs of spaces."""
    if "*" in content or "_" in content or "`" in content or "  " in content or "\t" in content:
        return clean(content)
    return content


# '$k=4$', '$2^{10}$', '$\times 10^3$': short inline math with something mathematical in it
# (a letter, a command, a power), so that '$0.50/$1.20' stays two prices
_INLINE_MATH = re.compile(r"(?<![\\$\w])\$(?=[^\s$])(?P<math>[^$\n]{0,60}?[A-Za-z\\^_{}][^$\n]{0,60}?)(?<=\S)\$(?![\w$])")


def _unmath(match: re.Match[str]) -> str:
    """The text an inline-math span reads as: the span without its dollars, LaTeX commands
    turned into their characters (``\\approx`` → ≈, ``\\text{k}`` → k) by pylatexenc."""
    math = match.group("math")
    if "\\" not in math and "{" not in math:
        return math
    try:
        text = _latex_text()(math)
    except Exception:  # pylatexenc refuses some malformed input; the span is then kept as written
        return match.group(0)
    return " ".join(text.split("\n"))  # '\\' is a line break in LaTeX; the line numbers must not move


@lru_cache(maxsize=1)  # only documents with LaTeX commands import and pay for it
def _latex_text() -> Callable[[str], str]:
    from pylatexenc.latex2text import LatexNodes2Text

    return LatexNodes2Text(math_mode="text").latex_to_text


_HYPHENED_PERCENT = re.compile(r"(?<=\d)-(?:percent|per\s?cent)\b")


_CODE_NUMBER = re.compile(r"`([~≈]?\s?[-+−]?\d[\d.,]*\s?[%kKMB]?)`")


def normalise_text(text: str) -> str:
    """Line endings to \\n, literal ``\\n`` escapes to newlines when the text is one escaped
    blob, and a lone literal ``\\n`` line (describer artefact) emptied."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    if "@" in text:  # '18.2@256': a value at its place, spaced so that neither number is read as part of a name
        text = _VALUE_AT_VALUE.sub(" @ ", text)
    if "`" in text:  # 'starts at `71.8` at 512 tokens': a value in code marks is the value
        text = _CODE_NUMBER.sub(r"\1", text)
    if "<sub>" in text:  # '69.2<sub>±1.8</sub>': a standard deviation, written as one
        text = _STD_SUB.sub(r" (\1)", text)
    if "<sup>" in text:  # a power written in HTML is its value: 2<sup>10</sup> → 1024
        text = _SCIENTIFIC_SUP.sub(r"\1×10^\3", text)  # '4.9 x 10<sup>3</sup>': 4.9×10^3, one number
        text = _POWER.sub(lambda m: str(int(m.group(1)) ** int(m.group(2))), text)
        text = _FOOTNOTE_SUP.sub("", text)  # '71.2<sup>a</sup>': a footnote mark, not part of the value
    if "\u2009" in text or "\u202f" in text:  # thousands grouped by thin spaces, as typeset: '12 900' is 12,900
        text = _THIN_THOUSANDS.sub(lambda m: m.group(0).replace("\u2009", ",").replace("\u202f", ","), text)
    if "</" in text:  # inline HTML emphasis around a value: '<u>55.5</u>' (second best), '<i>~7B models</i>'
        text = _INLINE_HTML.sub("", text)
    if "<br" in text:  # an HTML line break inside a table cell: 'Qwen3-8B<br>*(blue)*'
        text = _rx(r"(?i)<br\s*/?>").sub(" ", text)
    if "$" in text:  # inline LaTeX: 'Pass@$k$', '$k=4$', '$\approx 42.7\%$'
        text = _INLINE_MATH.sub(_unmath, text)
    if "-perc" in text or "-per c" in text:  # 'a 71.8-percent score': the value, then its unit
        text = _HYPHENED_PERCENT.sub(" percent", text)
    if "\\n" not in text:
        return text
    literal = len(_LITERAL_NEWLINE.findall(text))
    if literal >= 3 and literal > text.count("\n"):
        text = text.replace("\\n", "\n")
    return "\n".join("" if line.strip() in ("\\n", "\\n\\n") else line for line in text.split("\n"))


@lru_cache(maxsize=4096)
def _section_kind(heading: str) -> str:
    text = _rx(r"^\s*\d+[.)]\s*").sub("", heading)
    # 'Legend (Spatial Grounding: Top Left [x≈0.15])': the parenthetical remarks on where the part sits
    text = _rx(r"(?<=\S)\s*\([^()]*\)\s*$").sub("", text) or text
    if _NON_DATA.search(text):
        return "other"
    if _rx(r"(?i)\W*(?:(?:evaluated|compared)\s+)?(?:models?|benchmarks?|datasets?|tasks?)\W*").fullmatch(text):
        return "overview"  # '## Model' over the one line naming it: figure-level text
    if _rx(r"detail|data point|data series|data table|\bdata extraction|content|\bvalues\b|^\W*data\b", re.IGNORECASE).search(text):
        return "data"
    if _COMMENTARY.search(text):
        return "commentary"
    if _OVERVIEW.search(text) and not _DATA.search(text):
        return "overview"
    if _COMPONENTS.search(text):
        return "components"
    if _DATA.search(text):
        return "data"
    return ""


_ITALIC_LEAD = re.compile(r"\s*[*_][^\s*_][^*_]*[*_]\s*[:：]?\s")


def _is_bold_header(content: str) -> str | None:
    """The text of a line that is only a bold label (``**Chart 1: X | Y**``), else None."""
    match = _rx(r"\s*(?:\*\*|__)(?P<text>[^*]+?)(?:\*\*|__)\s*[:：]?\s*").fullmatch(content) or (
        _rx(r"\s*(?:\*|_)(?P<text>[^\s*_][^*_]*?[^\s*_])(?:\*|_)\s*[:：]?\s*").fullmatch(content)
        if content.lstrip()[:1] in "*_" and content.lstrip()[1:2] not in "*_" else None)  # '*Qwen3-8B*': italic heads too
    if match:
        return clean(match.group("text")).rstrip(":：").strip()  # '**Series 1: `SnapKV`**': no code marks
    return None


_CATEGORY_LEAD = re.compile(r"(?i)\b(?:groups?|categories|category|ticks?|tick labels|clusters?|positions|bars)\b")


_ENUMERATOR = re.compile(r"^\d{1,2}[.)]\s+")


def parse_axis(content: str, line: int) -> Axis | None:
    """An axis from a Components line (``**X-axis:** "Total Parameters (B)", log, ticks at 3, 10``)."""
    text = clean(content)
    if text[:1].isdigit():
        text = _ENUMERATOR.sub("", text)  # '**2. X-Axis (Bottom):**'
    match = _AXIS_LINE.match(text)
    if not match:
        return None
    role_text = match.group("role").lower()
    if "colo" in role_text:
        role = "colorbar"
    elif "right" in role_text or "secondary" in role_text:
        role = "y_right"
    elif "left" in role_text and not _rx(r"\bx\b|horizontal").search(role_text):
        role = "y_left"  # 'Left Y-axis', 'Left axis' (a slope graph's first column)
    elif _rx(r"\by\b|vertical").search(role_text):
        role = "y"
    else:
        role = "x"
    rest = text[match.end():].lstrip(" :：-–—")
    named = _rx(r"\(([^()]{1,30})\)").search(match.group("role"))
    if named and _AXIS_PLACE_WORDS.search(named.group(1)):
        named = None  # '(Bottom)', '(shared)': where the axis is, not what it measures
    titled = named.group(1).strip() if named and "," not in named.group(1) and not _rx(
        r"(?i)\b(?:columns?|rows?|categor(?:y|ies)|groups?|labels?)\b").search(named.group(1)) else ""
    # ('(Precision)' titles listed ticks; '(Columns, Benchmarks)' only says what the ticks are)
    field = _FIELD_LEAD.match(rest)
    if field:  # 'X-Axis Label: Difficulty', 'X-Axis Markers: Easy, Medium, Hard'
        value = rest[field.end():]
        if field.group("field").lower() in ("label", "title", "name"):
            rest = value
        else:
            ticks = _listed_ticks(value) or _axis_ticks(value, "")
            return Axis(role=role, label="", unit=None, scale=_scale(value), ticks=ticks, line=line)
    if rest[:1] in "LlTt":
        rest = _rx(r"(?i)^(?:labell?ed|titled)\s*:?\s+").sub("", rest)  # 'Labeled `Throughput (tokens/s)`'
    quoted = _QUOTED.search(rest)
    if quoted and _CATEGORY_LEAD.search(rest[: quoted.start()]) and len(_QUOTED.findall(rest)) >= 2:
        # 'two groups, "AIME25" (left) and "GPQA-D" (right)': the quotes are the categories, not a title
        ticks = tuple(q.strip() for q in _QUOTED.findall(rest))
        return Axis(role=role, label=titled, unit=None, scale=None, ticks=ticks,
                    line=line)
    named_ticks = _LABELLED_LIST.search(rest) if not quoted and "abel" in rest else None
    ticks_after = _listed_ticks(named_ticks.group("list")) if named_ticks else None
    if ticks_after and len(ticks_after) >= 2:
        # 'Difficulty levels labeled `Level 1`, `Level 2`, ... (easiest to hardest)': the title, then its ticks
        return Axis(role=role, label=rest[: named_ticks.start()].strip(" ,:;"), unit=None, scale=_scale(rest),
                    ticks=ticks_after, line=line)
    dashed = _DASHED_TITLE.match(rest) if not quoted and ("—" in rest or "–" in rest or " - " in rest) else None
    ticks_after = _listed_ticks(dashed.group("list")) if dashed else None
    if ticks_after and len(ticks_after) >= 2:  # 'Token Budget — 512, 1024, 2048 (log scale)': the title, then its ticks
        label = dashed.group("label").strip()
        return Axis(role=role, label=label, unit=_label_unit(label), scale=_scale(rest), ticks=ticks_after, line=line)
    listed = _listed_ticks(rest) if not quoted else None
    if listed:  # 'GSM8K, MATH-500, MMLU (labels at the top of the grid)': categories, titled only by
        # the role's parentheses if at all ('**X-axis (Precision)**: BF16, FP8, W8A8')
        return Axis(role=role, label=titled, unit=None, scale=None, ticks=listed,
                    line=line)
    if quoted:
        label = quoted.group(1).strip()
    else:
        # a comma inside the label's parentheses is the label's ('AIME 2024 (pass@1, %)'); outside, it ends it
        masked = _rx(r"\([^()]*\)").sub(lambda m: _rx(r"[,;:]").sub("_", m.group(0)) if m.group(0).count(",") < 2
                         else m.group(0), rest) if "(" in rest else rest  # two commas or more: a list of ticks
        end = _rx(r"\s*(?:[,;]|\[(?=[A-Za-z ]{2,20}:)|(?<![A-Z][a-z]{2})\.\s|\.$|\s[-–—]\s|\((?:scale|ranging|range|from|log|linear|ticks?|values?)|"
                  r"\b(?:ranging|ranges|from|with|ticks?|scale)\b|:)", re.IGNORECASE).search(masked)
        label = rest[:end.start() if end else len(rest)].strip()
        if label.count("(") > label.count(")"):
            label = label[: label.rfind("(")].strip()
    label = _rx(r"\s*\(\s*[-~≈.,\s–—to%]*\d[-~≈\d.,\s–—to%]*\)\s*$").sub("", label).strip()  # a range: (20–100)
    labelled = _rx(r"labell?ed\s+[\"“]([^\"”]+)[\"”]").search(rest)
    if labelled and (quoted is None or labelled.start(1) <= quoted.start(1)):
        # (a later 'labeled "FullKV"' names a column beside the ticks, not the axis)
        label = labelled.group(1).strip()
    if named and (
            not label or _SCALE_WORDS.match(label) or _rx(r"(?i)[\d.,\s%~≈–-]+(?:to[\d.,\s%]+)?").fullmatch(label)):
        label = named.group(1).strip()  # '**Y-axis (Accuracy %)**: Scaled from 0 to 100': the name is in the role
    if label[:1] in "Nn" and _rx(r"(?i)(?:no|none|not)\b").match(label):
        label = ""  # 'No category labels; bars are identified by colour only'
    return Axis(role=role, label=label, unit=_label_unit(label), scale=_scale(rest), ticks=_axis_ticks(rest, label),
                line=line)


def _label_unit(label: str) -> str | None:
    """The unit an axis label ends with in parentheses (``Throughput (tokens/s)``), else None."""
    found = _rx(r"\(([^()]{1,30})\)\s*$").search(label)
    return found.group(1).strip() if found else None


_AXIS_PLACE_WORDS = re.compile(r"(?i)\b(?:left|right|top|bottom|primary|secondary|horizontal|vertical|shared|both|each|"
                               r"all|panels?|subplots?|common|inner|outer|twin)\b")
_SCALE_WORDS = re.compile(r"(?i)(?:scaled?|ranging|ranges?|from|linear|log(?:arithmic)?(?:[-\s]?(?:2|10|e))?|categorical|"
                          r"ticks?|spans?|goes|runs|increments?|marked)\b")  # 'Log2 scale with ...' names no axis


_PANELS_LEAD = re.compile(r"(?i)(?:" + _PANEL_NOUN + r")s?\s+(?P<marks>\(?[a-h0-9]\)?(?:\s*(?:,|and|&|/)\s*\(?[a-h0-9]\)?)*)"
                          r"\s*[:=\-–—]\s*(?P<rest>\S.*)")
_DASHED_TITLE = re.compile(r"(?P<label>[^\d,;:—–]{2,60}?)\s+[—–-]\s+(?P<list>.*\d.*)$")
_LABELLED_LIST = re.compile(r"(?i)\s*,?\s*\blabell?ed\s+(?P<list>[^()]*?)\s*(?:\(.*)?\.?\s*$")
_CAPTION_FIELD = re.compile(r"(?i)^\W*(?:figure\s+|table\s+|chart\s+|plot\s+|main\s+)?(?:caption|subtitle|title|footer)\b[^:]{0,30}:")
_X_LEAD = re.compile(r"(?i)^[\s*_`]*(?:x|horizontal)\b")
_X_POSITIONS = re.compile(r"(?i)^(?:x|horizontal)[\s-]*(?:axis\s+)?(?:positions?|ticks?|values?|categories|points|"
                          r"locations?|labels?)$")


def _x_positions(content: str, line: int) -> Axis | None:
    """The x ticks a data line lists under a label that names them (``X positions (KV cache
    size): 256 / 512 / 1024``), as an axis whose label is the parenthesised note."""
    if content.lstrip(" *_`")[:1] not in ("x", "X", "h", "H") or not _X_LEAD.match(content):
        return None
    if "→" in content or "->" in content:  # '`x ticks → 0.0 | 0.3 | 0.6`'
        content = _rx(r"\s*(?:→|->)\s*").sub(": ", content.replace("`", ""), count=1)
    label, note, rest = split_label(content)
    if not label or not _X_POSITIONS.match(label) or not find_numbers(rest):
        return None
    ticks = _axis_ticks(_rx(r"\s+[/|]\s+").sub(", ", rest), "")
    return Axis(role="x", label=note or "", unit=None, scale=None, ticks=ticks, line=line) if ticks else None


def _axis_heading(content: str, line: int) -> Axis | None:
    """The axis a heading names with no label of its own (``Common X-Axis``, ``Y-Axis
    Information``): its fields follow as items."""
    text = _rx(r"(?i)^\s*(?:common|shared|global)\s+|\s+(?:information|info|details?|definition|description)\s*$").sub(
        "", clean(content))
    axis = parse_axis(text, line)
    return axis if axis is not None and not axis.label and not axis.ticks else None


def _listed_ticks(rest: str) -> tuple[str, ...] | None:
    """The categories of an axis line that is only a list of three or more names or ticks,
    each starting with a capital or a digit (a remark in parentheses may end it)."""
    if "→" in rest and rest.count("→") >= 2:  # 'MMLU-Pro → GPQA Diamond → IFEval': categories in drawing order
        rest = rest.replace("→", ",")
    if rest.count(",") < 2 or ":" in rest:  # 'KV cache budget (tokens): 512, 1024': a title, then ticks
        return None
    items = [i.strip(" .\"“”'") for i in _rx(r"[,;]").split(_rx(r"\s*\([^()]*\)\s*\.?\s*$").sub("", rest))]
    if len(items) >= 3 and all(0 < len(i) <= 40 and len(i.split()) <= 5 and (i[0].isupper() or i[0].isdigit())
           and not _AXIS_WORDS.search(i) for i in items):
        return tuple(items)
    return None


_FIELD_LEAD = re.compile(r"(?i)(?P<field>label|title|name|(?:tick\s*)?(?:markers?|labels?|values?)|ticks|categories)\s*[:：]\s*")
_AXIS_WORDS = re.compile(r"(?i)\b(?:from|to|scale|ticks?|range|ranging|log|linear|labell?ed|labels?|axis|with|per)\b")
_AXIS_FIELD = re.compile(r"(?i)(?:axis\s+)?(?:[\w ]{1,20}/\s*)?(?P<field>label|title|name|(?:major\s+|minor\s+)?(?:tick\s*(?:marks?|labels?|values?)"
                         r"|ticks|markers|categories|values|labels)|scale|range)$")


def _scale(text: str) -> str | None:
    """'log' or 'linear' when an axis description says which, else None."""
    if _rx(r"\blog", re.IGNORECASE).search(text):
        return "log"
    return "linear" if _rx(r"\blinear", re.IGNORECASE).search(text) else None


def _axis_field(axis: Axis, content: str, line: int) -> Axis | None:
    """`axis` completed by one of its field sub-items (``Label: "KV Budget"``, ``Scale: Log``,
    ``Major Tick Marks: 128, 256``), or None when the item is no such field."""
    label, _, rest = split_label(content)
    match = _AXIS_FIELD.match(label.strip()) if label else None
    if match is None:
        return None
    field = match.group("field").lower()
    if field in ("label", "title", "name"):
        quoted = _rx(r"[\"“](?P<q>[^\"“”]+)[\"”](?P<unit>\s*\([^()\s]{1,12}\))?").match(rest)
        if quoted:  # '"k" (centered below the axis)': the quoted label, a remark after it
            rest = quoted.group("q") + (quoted.group("unit") or "")
        named = parse_axis(f"{'Y' if axis.role.startswith('y') else 'X'}-axis: {rest}", line)
        if named is None or not named.label:
            return None
        return replace(axis, label=named.label, unit=named.unit, scale=axis.scale or named.scale,
                       ticks=axis.ticks or named.ticks, line=line)
    if field == "scale" or field == "range":  # 'Scale: 0.0, 0.3, 0.6, 0.9': its ticks too, when it lists them
        listed = _axis_ticks(rest, "") if field == "scale" and rest.count(",") >= 2 else ()
        return replace(axis, scale=axis.scale or _scale(rest), ticks=axis.ticks or listed)
    return replace(axis, ticks=axis.ticks or _axis_ticks(rest, axis.label) or _listed_ticks(rest) or ())


def _axis_ticks(rest: str, label: str) -> tuple[str, ...]:
    """Tick labels or categories listed on an axis line, in order."""
    body = rest.replace(label, " ", 1) if label else rest
    candidates = ""
    for pattern in (r"tick(?:\s*marks?|\s*labels?|s)?\s*(?:at|of|are|:|=)?", r"categories\s*(?:are|of|:)?",
                    r"values\s*(?:are|of|:)?", r"scale\s*:", r"labels?\s*(?:at|are|:)", r"markers?\s+at"):
        match = re.search(pattern + r"\s*(?P<list>[^;]*)", body, re.IGNORECASE)
        if match:
            candidates = _rx(r"\.(?:\s|$)|\)").split(match.group("list"))[0]
            if _rx(r"\bfrom\b.*\bto\b|ranging|\brange\b|^\s*every\b", re.IGNORECASE).search(candidates):
                candidates = ""
            break
    if not candidates:
        run = _rx(r"(?:(?<=[\s,:(])|^)((?:[~≈]?\d[\d.,]*\s*[kKMBT%]?\s*(?:,|\band\b)\s*){2,}[~≈]?\d[\d.,]*?\s*[kKMBT%]?)"
                        r"(?!\w|\.\d)").search(body)
        if run:
            candidates = run.group(1)
    if not candidates:
        parts = [p.strip(" .`\"'") for p in _rx(r",|;|\band\b").split(_rx(r"\s[—–-]\s|:").split(body)[-1])]
        if len(parts) >= 3 and all(len(find_numbers(p)) == 1 and len(p) <= 24 for p in parts):
            return tuple(parts)  # 'cache 512, cache 1024, cache 2048'
    if not candidates:
        paren = _rx(r"\((?P<list>(?![^()]*\b(?:from|ranging|range)\b)[^()]*,[^()]*)\)", re.IGNORECASE).search(body)
        listed = _rx(r":\s*(?P<list>[^.;]*(?:,|\band\b)[^.;]*)").search(body)
        candidates = paren.group("list") if paren else (listed.group("list") if listed else "")
    step = _rx(r"from\s+(?P<a>[\d.,]+k?)\s+to\s+(?P<b>[\d.,]+k?)\s+in\s+(?:increments|steps)\s+of\s+(?P<s>[\d.,]+k?)", re.IGNORECASE).search(body)
    if step and not candidates:
        a, b, s = (find_numbers(step.group(g))[0].value for g in ("a", "b", "s"))
        if s > 0 and (b - a) / s <= 50:
            count = int(round((b - a) / s)) + 1
            return tuple(_plain(a + k * s) for k in range(count))
    # in a list spaced after its commas, '1,024' is one number: its comma groups thousands
    separator = r",(?!\d{3}(?!\d))|\band\b|;" if ", " in candidates else r",|\band\b|;"
    parts = [_rx(r"\s*\((?:left|right|top|bottom|from)\b[^()]*\)?$").sub("", p).strip(" `\"'“”*()[]")
             for p in _rx(separator).split(candidates)]  # 'BigCodeBench (left to right)': the last tick, not a range
    parts = [p for p in parts if p and len(p) <= 40]
    numeric = [p for p in parts if find_numbers(p)]
    if numeric and len(numeric) * 2 >= len(parts) and not any(_rx(r"^[A-Za-z]{2,}(?:\s(?:19|20)\d\d|-\d+)$").match(p) for p in parts):
        # ticks that are numbers ('1k tokens'), not names with one ('AIME 2024')
        # a worded tick among them stays in its place ('No Budget, 1024, 2048'; 'Full, 512, 1024')
        return tuple(n.raw.strip("~≈ ") for p in parts for n in find_numbers(p)[:1]) if len(numeric) == len(parts) else \
            tuple(find_numbers(p)[0].raw.strip("~≈ ") if find_numbers(p) else p for p in parts
                  if find_numbers(p) or (len(p.split()) <= 3 and not _rx(r"(?i)\b(?:from|to|ranging|range|etc)\b|\.\.\.").search(p)))
    return tuple(p for p in parts if not _rx(r"\b(?:from|to|ranging|range)\b", re.IGNORECASE).search(p))


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


_PROSE_AXIS = re.compile(
    r"\b(?P<role>[xy]|horizontal|vertical)[- ]axis\b\s*(?:\([^)]*\)\s*)?(?:is|shows|lists|represents|plots|measures|runs|gives|denotes|"
    r"label(?=\s+[\"“])|categories(?=\s*[,:])|"
    r"displays|encodes|covers|spans|has|holds|reports|:)\s*(?P<body>[^;]*?)"
    r"(?=;|\.\s|\.$|,?\s+(?:and|while|whereas)\s+(?:the\s+)?(?:[xy]|horizontal|vertical)[- ]axis|$)",
    re.IGNORECASE)


# 'Both panels plot Pass@1 (%) of R1-Qwen-7B against the KV cache budget (tokens)'
_PLOTTED_AGAINST = re.compile(
    r"\b(?:plots?|plotting|shows?|showing|tracks?|tracking|compares?|comparing|reports?|graphs?)\s+(?:the\s+)?"
    r"(?P<y>(?:[^.;]|\.(?=\w)){2,80}?)\s+(?:against|versus|vs\.?|as a function of)\s+(?:the\s+|an?\s+)?"
    r"(?P<x>(?:[^.;,]|\.(?=\w)){2,60}?)(?=\s*(?:[.;,]|\s(?:for|across|on|with|in)\s|$))",
    re.IGNORECASE)


# '"Accuracy (%)" on the y-axis and the thinking budget in tokens on the x-axis (512, 1024)'
_ON_THE_AXIS = re.compile(
    r"(?:^|\b(?:has|have|shows?|with|plots?|and|while|;|,)\s+)(?:the\s+)?(?P<body>[\"“]?[^\"“”;,.]{2,60}?[\"”]?)"
    r"\s+(?:is\s+)?(?:on|along)\s+the\s+(?P<role>[xy])[- ]axis(?P<ticks>\s*\([^()]*\d[^()]*\))?",
    re.IGNORECASE)


def prose_axes(text: str, line: int) -> list[Axis]:
    """Axes described in a sentence (``The x-axis lists the precision formats BF16, FP8 and
    INT4; the y-axis is AIME 2024 Pass@1 in percent``; ``plots Pass@1 (%) of R1-Qwen-7B
    against the KV cache budget (tokens)``: y, then x)."""
    axes: list[Axis] = []
    lowered = text.lower()
    for match in _ON_THE_AXIS.finditer(clean(text)) if "axis" in lowered else ():
        label = match.group("body").strip(" \"“”")
        label = _rx(r"\s+in\s+(tokens|seconds|percent|%)$", re.IGNORECASE).sub(r" (\1)", label)
        axis = parse_axis(f"{match.group('role').upper()}-axis: {label}{match.group('ticks') or ''}", line)
        if axis is not None:
            axes.append(axis)
    if axes:
        return axes
    plotted = _PLOTTED_AGAINST.search(clean(text)) if _rx(r"against|versus|vs\b|function of").search(lowered) \
        else None
    if plotted and not _rx(r"\b[xy][- ]axis\b", re.IGNORECASE).search(text):
        y_label = _rx(r"\s+(?:of|for)\s+\S.*$").sub("", plotted.group("y")).strip()
        for role, label in (("y", y_label), ("x", plotted.group("x").strip())):
            if role == "x" and _rx(r"(?i)\baxis\b").search(label):
                continue  # 'against the left axis': a side of the chart, not what x is
            axis = parse_axis(f"{role.upper()}-axis: {label}", line)
            if axis is not None:
                axes.append(axis)
    for match in _PROSE_AXIS.finditer(clean(text)):
        body = match.group("body").strip(" ,")
        if not body:
            continue
        body = _rx(r"^(?:the|a|an)\s+", re.IGNORECASE).sub("", body)
        body = _rx(r"\s+in percent\b", re.IGNORECASE).sub(" (%)", body)
        items = _rx(r"(?P<list>(?:[\w.\-@+]+,\s*){1,}[\w.\-@+]+,?\s+and\s+[\w.\-@+]+)\s*(?:\(.*\))?$").search(body)
        ticks: tuple[str, ...] = ()
        label = body
        if items:
            ticks = tuple(p.strip() for p in _rx(r",\s*(?:and\s+)?|\s+and\s+").split(items.group("list")) if p.strip())
            label = body[: items.start()].strip()
        quoted = _rx(r"^(?:(?:labell?ed|titled|named)\s+)?[\"“](?P<q>[^\"“”]{1,80})[\"”]").match(body)
        if quoted:  # 'is labeled "Accuracy (%)" and runs from 0 to 80'
            label = quoted.group("q")
        axis = parse_axis(f"{match.group('role').upper()}-axis: {label}", line)
        if axis is not None:
            if not ticks:
                ticks = axis.ticks
            axes.append(Axis(axis.role, _rx(r"\s*\bfrom\s+[\d.]+\s+to\s+[\d.]+.*$").sub("", axis.label).strip(),
                             axis.unit, axis.scale, ticks, line))
    return axes


def parse_legend_entries(text: str, line: int) -> list[LegendEntry]:
    """Legend entries written as ``style: label`` (``Blue bars: Pass@1; Orange line: Throughput``)."""
    body = clean(text)
    body = _rx(r"^\s*(?:legend|key)\b[^:]*:\s*", re.IGNORECASE).sub("", body)
    # 'Hatched bar (diagonal lines ///): X': a remark on the look before the colon is not part of the style
    if "(" in body:
        body = _rx(r"\s*\((?P<inner>[^()]*)\)(?=\s*[:=])").sub(
            lambda m: m.group(0) if _STYLE_ONLY_TEXT.fullmatch(m.group("inner"))
            or PRINTED_SCORE.fullmatch(f"x {m.group(0)}") else "", body)
    entries = []
    for match in _LEGEND_ENTRY.finditer(body):
        label = match.group("label").strip(" .`\"'“”")
        style = " ".join(match.group("style").replace("(", " ").replace(")", " ").split()).strip(" ,-/")
        if label and style and not _rx(r"(?:with|and)", re.IGNORECASE).fullmatch(style):
            entries.append(LegendEntry(style=style, label=label, line=line))
    if not entries:  # 'Greedy (black ×), Majority@8 (blue circle)': names with their look
        for match in _NAME_WITH_LOOK.finditer(body):
            entries.append(LegendEntry(style=match.group("style").strip(), label=match.group("label").strip(), line=line))
    if not entries:  # '`Top`: Red line with circle markers.': the name first, then its look
        match = _NAME_THEN_LOOK.match(body)
        if match:
            entries.append(LegendEntry(style=match.group("style").strip(" ."), label=match.group("label").strip(), line=line))
    return entries


# A look in a clause ('a lighter sky blue', 'the dashed orange line'), and the words that tie it to its name
_LOOK_RUN = re.compile(r"(?i)(?<![\w-])(?:(?:" + LOOK + r")[\s-]+)*(?:" + LOOK + r")(?:[\s-]+(?:" + MARKS + "|" + SHAPES
                       + r"))*(?:\s+with\s+(?:(?:" + LOOK + r")[\s-]+)*(?:" + SHAPES + r")(?:\s+(?:" + MARKS + r"))?)?(?![\w-])")
_LOOK_SHADE = f"(?:{SHADES})"
_LOOK_LEAD = re.compile(r"(?i)^(?:\W|and|or|a|an|the|with|then|its|" + _LOOK_SHADE + r")*$")
_LOOK_TIE_AFTER = re.compile(r"(?i)^[\s:=→(-]*(?:(?:is|are|for|with|belongs? to|labell?ed|named|called|represents?|denotes?|marks?|shows?|stands? for|=|→|:)\s+)?"
                             r"(?:the\s+)?")
_LOOK_TIE_BEFORE = re.compile(r"(?i)\s*(?:(?:is|are)\s+)?(?:(?:drawn|shown|plotted|rendered|coloured|colored)\s+)?"
                              r"(?:in|as|with|by)?\s*(?:an?\s+|the\s+)?(?:" + _LOOK_SHADE + r"\s+)?[:=(]?\s*$")
_GLYPH_LEAD = re.compile(r"\s*(?:and\s+)?(?P<glyph>" + GLYPHS + r")\s*[=:→]?\s*(?P<label>[^,;()]{1,40}?)\s*$")
_CLAUSES = re.compile(r"\s*(?:[,;:]|\.\s)\s*")
_SENTENCE_VERB = re.compile(r"(?i)\b(?:is|are|was|were|has|have|reads?|follows?|shows?|appears?|sits?|order)\b")


def _name_like(text: str) -> bool:
    """A short text that can be a series name: it starts with a capital or a digit, or
    holds a digit, and is no sentence."""
    words = text.split()
    return (0 < len(words) <= 8 and (text[0].isupper() or text[0].isdigit() or _HAS_DIGIT(text) is not None)
            and not _SENTENCE_VERB.search(text) and not alias_words(text))


def alias_words(text: str) -> bool:
    """Whether `text` is made only of look words (a look, not a name)."""
    return _STYLE_ONLY_TEXT.fullmatch(text) is not None


def paired_looks(text: str, line: int) -> list[LegendEntry]:
    """Legend entries from clauses that each pair one look with one name, in either order
    (``navy for Llama 3.1 8B, a lighter sky blue for Qwen2.5-7B``, ``Qwen3-8B in red``)."""
    entries = []
    for clause in _CLAUSES.split(text):
        looks = list(_LOOK_RUN.finditer(clause))
        glyph = _GLYPH_LEAD.match(clause) if not looks else None
        if glyph and _name_like(label := glyph.group("label").strip(" .`\"'“”*_")):  # '● SnapKV': a circle marker
            entries.append(LegendEntry(style=GLYPH_SHAPES.get(glyph.group("glyph"), glyph.group("glyph")), label=label,
                                       line=line))
            continue
        if len(looks) != 1:
            continue
        look = looks[0]
        before, after = clause[:look.start()], clause[look.end():]
        if _LOOK_LEAD.fullmatch(before):
            label = after[_LOOK_TIE_AFTER.match(after).end():]
        elif not after.strip(" .)"):
            label = before[:_LOOK_TIE_BEFORE.search(before).start()]
        else:
            continue
        label = _rx(r"(?i)^(?:and|or)\s+").sub("", label.strip(" .`\"'“”*_"))
        if _name_like(label):
            entries.append(LegendEntry(style=look.group(0), label=label, line=line))
    return entries


_NAME_THEN_LOOK = re.compile(r"^[\s`*_\"']*(?P<label>[^:`*\"']{1,40}?)[\s`*_\"']*(?:[:=]|\s[—–-])\s*(?P<style>(?:(?:" + LOOK + r")[\s-]+)+"
                             r"(?:" + MARKS + "|" + SHAPES + r")\b.*)$", re.IGNORECASE)
_NAME_WITH_LOOK = re.compile(r"(?:^|[,;]\s*)(?P<label>[A-Za-z][^,;()]{0,40}?)\s*\((?P<style>[^()]*\b(?:" + COLOURS + "|"
                             + LINE_STYLES + r")\b[^()]*)\)", re.IGNORECASE)


_PROSE_LEGEND = re.compile(
    r"(?i)\b(?:the\s+)?(?P<style>(?:(?:" + LOOK + r")[\s-]+){1,3}(?:" + MARKS + "|" + SHAPES + r"|ones?))\s+"
    r"(?:are|is|belongs?\s+to|represents?|shows?|denotes?|stands?\s+for|corresponds?\s+to|(?:is|are)\s+for|to|=)\s+"
    r"(?:the\s+)?(?P<label>(?-i:[A-Z0-9])[^,;:()]{1,50}?)(?=\s*(?:,|;|\.\s|\.$|\band\b|\(|$|\s[\"“]))")


def prose_legend(text: str, line: int) -> list[LegendEntry]:
    """Legend entries a sentence gives (``the teal bars are Qwen3 235B A22B, the coral ones
    are DeepSeek R1, and the slate-grey bars belong to Phi 4 reasoning plus``)."""
    return [LegendEntry(style=m.group("style").strip(), label=m.group("label").strip(" .\"'“”"), line=line)
            for m in _PROSE_LEGEND.finditer(text)]


def _reference_point(line: SourceLine, context: tuple[Span, ...], series: tuple[str, ...] = ()) -> Point | Skip | None:
    """A labelled reference line (``dashed line at y ≈ 63.1, labeled "GPT-4o-mini"``) as a point;
    a line named by the one legend `series` its text mentions (``the dashed FullKV line``) too."""
    text = clean(line.content)
    if not _rx(r"(?i)line").search(text) or not _REFERENCE_LINE.search(text):  # the first test is quick
        return None
    field, field_note, _ = split_label(line.content)
    if field and (DESCRIPTIVE_FIELDS.match(field) or _SERIES_ORDINAL.fullmatch(field)):
        return None
    numbers = find_numbers(text)
    if not numbers:
        return None
    if field_note and _rx(r"(?i)dashed|dotted").search(field_note) and len(numbers) >= 2:
        # '**Qwen3-14B (Teal Dashed Line):** begins at ... 60.8%, ... 64.5%': a series drawn dashed, no reference
        # line (which holds one value: '**GPT-4o (dashed line):** Horizontal at approximately 72.6')
        return None
    if _rx(r"(?i)\bvertical\b").search(text) and not _rx(r"(?i)\bhorizontal\b").search(text):
        return Skip(line.number, line.text.strip(), "axis position", "a vertical line marks a place on the x axis")
    if _rx(r"(?i)\b(?:diagonal|sloped?|sloping|trend|fit(?:ted)?|regression)\b").search(text) \
            and not _rx(r"(?i)\bhorizontal\b").search(text):
        # 'A grey dashed diagonal line runs from [x=2, y=25] toward [x=50, y=85], labelled "dense trend"'
        return Skip(line.number, line.text.strip(), "trend line", "a sloped line is a fit, not a level")
    if _rx(r"(?i)\bunlabell?ed\b|\bno (?:text|label|legend entry)\b|without (?:a |any )?label|not labell?ed").search(text):
        return Skip(line.number, line.text.strip(), "unlabelled reference line")
    labelled = _rx(r"\b(?:labell?ed|marked|annotated|for|denoting|representing|indicating)\s+(?:as\s+)?"
                         r"[\"“']?(?P<name>[A-Za-z][\w.\-+@]*(?:\s(?!(?:sits|is|lies|at|marks|shows|stands|reaches|"
                         r"with|and|of|on|in)\b)[\w.\-+@]+)*)[\"”']?").search(text)
    label, _, _ = split_label(line.content)
    name = labelled.group("name").strip().rstrip(".") if labelled else None
    quoted = _QUOTED.search(text)
    if name is None and quoted and not find_numbers(quoted.group(1)) or (
            quoted and name and name.startswith(quoted.group(1)[:3]) and len(quoted.group(1)) > len(name)):
        name = quoted.group(1).strip()  # 'Dashed line "Claude 3.7 Sonnet*" at y = 66.2'
    elif name and quoted and quoted.group(1).strip().startswith(name):
        name = quoted.group(1).strip()
    if name is None and label and not _rx(r"reference|line|baseline", re.IGNORECASE).search(label):
        name = label
    if name is None:
        mentioned = {s for s in series if s and _rx(r"(?i)\b(?:reference|horizontal|dashed|dotted|baseline)\s+(?:[a-z]+\s+)?"
                                                     + re.escape(s) + r"\s+line\b|(?<![\w.\-])" + re.escape(s)
                                                     + r"\s+(?:reference|baseline)\b").search(text)}
        name = mentioned.pop() if len(mentioned) == 1 else None
    if name is None:
        return Skip(line.number, line.text.strip(), "unlabelled reference line")
    if _CHANCE.fullmatch(name):  # 'a dashed line at 0.25, labeled "Random"': the chance level, no result
        return Skip(line.number, line.text.strip(), "chance level", f"the line labelled {name} marks chance")
    # the number the 'at y ≈' points to, not the last one: 'at y ≈ 55.4, labeled "Gemini 2.5 Pro"'
    at = _REFERENCE_LINE.search(text)
    value = next((n for n in numbers if at is not None and n.end >= at.end()), numbers[-1])
    return Point(line=line.number, quote=line.text.strip(), context=context, label=name,
                 readings=(Reading(value, position="y"),), is_reference_line=True)


def _truncate_tail(lines: list[SourceLine], open_end: bool) -> tuple[list[SourceLine], list[Skip], bool]:
    """Cut what a mid-value truncation left: an unclosed bracket or a number ending the text
    (``7.`` too: a decimal cut after its point). When the text stops without a line break
    (`open_end`), a final line that stops mid-word is cut too, and whatever was cut takes its
    whole last clause with it (``55.7 at INT`` may have been ``55.7 at INT4``)."""
    for index in range(len(lines) - 1, -1, -1):
        last = lines[index]
        if not last.content.strip():
            continue
        content = last.content
        cut = False
        whole_clause = False  # whether what is left of the line ends with a whole clause
        if content.count("(") > content.count(")"):
            content = content[: content.rfind("(")]
            cut = True
            whole_clause = content.rstrip()[-1:] in (",", ";", "|", "·")  # '(2048, 78.8), (4096, 8
        if not cut and last.kind == "table_row" and content.rstrip().endswith("|"):
            return lines, [], False  # a table row closed by its pipe is complete
        stripped = content.rstrip().rstrip("|").rstrip()
        if open_end and _rx(r"(?<![\d.])\d+\.$").search(stripped):  # '7.' cut before its decimals, not '... at 4096.\n'
            stripped = stripped[:-1]
        numbers = find_numbers(stripped)
        # a number that ends the text may have lost digits, unless a unit after it shows it whole ('~70%')
        if numbers and numbers[-1].end == len(stripped) and not cut and numbers[-1].suffix is None:
            content = stripped[: numbers[-1].start]
            if (grouped := _GROUP_CUT.search(content)) is not None:
                content = content[: grouped.start()]  # '| 1,1' cut inside '1,184': the digits before the comma go too
            cut = True
            whole_clause = content.rstrip()[-1:] in (",", ";", "|", "·")  # '..., 2048, 6': a new value was cut
        if not cut and open_end and last.kind != "heading" and (
                content.rstrip()[-1:].isalnum() or content.rstrip()[-1:] in "-_@/+=~≈,;(:"):
            cut = True  # 'Blue: 73.1 at BF16, 55.7 at INT'
        if not cut:
            return lines, [], False
        skip = Skip(last.number, last.text.strip(), "truncated", "the document ends inside this value")
        pair = _CUT_PAIR.search(content) if cut else None
        if pair:  # 'Located at approximately x=16,400, y=6': half a coordinate pair is no point
            content = content[: pair.start()]
            whole_clause = True
        content = content.rstrip(" ,:;=~≈") if whole_clause else _without_last_clause(content)
        cut_list = _CUT_LIST.match(content)
        if cut_list and len(find_numbers(last.content[cut_list.end("label"):])) >= 2:
            content = cut_list.group("label")  # 'Name: 28.0, 6': what is left of a list no longer aligns
        fixed = replace(last, content=content)
        if last.kind == "table_row":
            fixed = replace(fixed, cells=tuple(c for c in split_cells(content) if c) if content.strip("| ") else ())
        lines = lines[:index] + [fixed] + lines[index + 1:]
        return lines, [skip], True
    return lines, [], False


_CUT_PAIR = re.compile(r"(?i)(?:\b(?:located\s+)?at\s+(?:approximately\s+|about\s+|roughly\s+)?)?\bx\s*[=≈:~]\s*[~≈]?\s*[\d.,]+"
                       r"[^\d=≈:]{0,12}\by\s*[=≈:~]\s*[~≈]?\s*$")
_GROUP_CUT = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})*,$")
_AT_TAIL = re.compile(r"\b(?:at|@)\s+[A-Z][\w.\-@+]*\s*$")
_VALUE_FIRST = re.compile(r"\s*(?:[^:]{0,40}:\s*)?[~≈]?\s*\d")
_CUT_LIST = re.compile(r"(?P<label>[^:]*:[*_]*)\s*(?:[~≈]?\s*\d[\d.]*\s*%?\s*,?\s*)+$")
_CLAUSE_END = re.compile(r"[,;·|]|\s(?:and|while)\s|\.\s")


def _without_last_clause(content: str) -> str:
    """`content` without its last clause (clauses end at a comma, semicolon, '·', '|', 'and',
    a full stop); when that clause may continue a category named after 'at' before it
    ('60.9 at H2O, KV Budg'), without that value's clause too."""
    content, clause = _drop_clause(content)
    if content and not _VALUE_FIRST.match(clause) and _AT_TAIL.search(content):
        content, _ = _drop_clause(content)
    return content


def _drop_clause(content: str) -> tuple[str, str]:
    """(`content` up to its last clause boundary, the clause after it); ('', content) when
    it is one clause. A trailing comma closes nothing: the text was cut after it."""
    content = content.rstrip(" ,;·")
    ends = list(_CLAUSE_END.finditer(content))
    if not ends:
        return "", content
    last = ends[-1]
    kept = content[: last.start() + 1] if last.group() == "|" else content[: last.start()].rstrip(" ,;·")
    return kept, content[last.end():]


_XY_VALUES = re.compile(r"(?i)(?<![\w.])[xy]\s*(?:=|≈|~|:)\s*[~≈]?\s*[-+]?\.?\d")
_PLACE_DASH_KEY = re.compile(r"(?P<place>(?!(?i:group|panel|chart|figure|plot|subplot|row|column|series|set|part|section|point|"
                             r"bar|cluster|block|item|entry|line|case|table)\b)[^—–]{0,20}\d[^—–]{0,12}?)\s+[—–]\s+"
                             r"(?P<key>[^—–\d]\S*(?:\s\S+){0,3})")  # 'Budget 2k — Pass@1', not 'Group 2 — GPQA'

_NAME_THEN_PAIRS = re.compile(r"\s*(?P<name>[^|:]{1,60}?)\s*\|\s*(?P<rest>[^|]*?:.*)$")
_CARD_FIELD = re.compile(r"[A-Z][a-z]{2,15}(?:[ _][a-z]{2,15})?")
_CARD_VALUE = re.compile(r"[^\s:]*[A-Za-z][^\s:]*(?: [^\s:]+){0,3}")  # a name, not a number or a sentence
_BULLET = re.compile(r"\s*(?:[-*+•]|\d{1,2}[.)])\s")
_RECORD_NAME = re.compile(r"(?i)(?:series\s+|point\s+|data\s+|model\s+|bar\s+)?(?:label|name|model|series|method|system)"
                          r"(?:\s+(?:name|label))?")


_NUMERIC_CELL = re.compile(r"\s*[~≈]?\s*[-+−]?\d[\d.,]*\s*[%kKMB]?\s*")


_DITTO_MARKS = frozenset(("", "〃", '"', "''", "“", "”", "〃〃", "ditto", "do.", "-do-", "same"))


def _ditto(cells: tuple[str, ...], above: tuple[str, ...]) -> tuple[str, ...]:
    """A row's empty or ditto-marked leading label cells filled from the row above: describers
    leave a merged cell ('| **AIME 2024** | Qwen3-8B | ...' then '| | Qwen3-8B | ...') empty
    below its first row, or write 〃 / " for 'same as above'."""
    if not above or len(above) != len(cells) or cells[:1][0] not in _DITTO_MARKS:
        return cells
    filled = list(cells)
    for index, cell in enumerate(cells):
        if cell not in _DITTO_MARKS:
            break
        if not above[index] or _NUMERIC_CELL.fullmatch(above[index]):
            return cells
        filled[index] = above[index]
    return tuple(filled)


def _sub_header(header: tuple[str, ...], cells: tuple[str, ...]) -> tuple[str, ...] | None:
    """The header of a table whose first body row is a second header row (an empty corner
    cell, no numbers: ``| | Pass@1 | Pass@16 |`` under ``| Model | AIME 2025 | |``): each
    column named by its spanning cell, filled in from the left, and its own, or None."""
    if len(cells) != len(header) or len(cells) < 3 or cells[0] or not any(header[1:]) or any(
            not c or find_numbers(c) and not _rx(r"[A-Za-z]").search(c) for c in cells[1:]):
        return None
    if all(header[1:]) and len(set(header[1:])) == len(header) - 1:
        return None  # no cell spans (neither left empty nor repeated in each column it spans): a first row of text
    combined, top = [header[0]], ""
    for above, below in zip(header[1:], cells[1:]):
        top = above or top
        combined.append(f"{top} {below}".strip())
    return tuple(combined)


_DECLARED = re.compile(r"(?i)\b(?:models?|methods?|series|variants?|approaches|baselines|systems|strategies|"
                       r"configurations|settings)\s*\((?P<names>[^()]{3,240})\)")


def _declared_series(overview: list[Span]) -> tuple[str, ...]:
    """Series the overview lists by name: 'It compares 4 methods (SnapKV, H2O, StreamingLLM,
    PyramidKV)', so prose can find them though their names carry no digits."""
    names: list[str] = []
    for span in overview:
        for match in _DECLARED.finditer(span.text):
            parts = _rx(r",\s*(?:and\s+)?|\s+and\s+").split(match.group("names"))
            names.extend(p.strip(" .\"'") for p in parts if 2 <= len(p.strip()) <= 40 and not find_numbers(p))
    return tuple(names)


_SECTION_NAMES = re.compile(r"(?i)^\W*(?:\d+[.)]\s*)?(?:overview|components?(?:\s*/\s*axes)?|axes|detailed analysis|"
                            r"data points|key observations|interpretation|legend|content details)\W*$")


def _bold_sections(lines: list[SourceLine]) -> list[SourceLine]:
    """A document whose sections are bold lines (``**Overview**``, ``**Detailed Analysis:**``)
    and not headings: those lines as level-3 headings, when at least two of them name sections
    and no section heading comes before them."""
    bold = [(i, text) for i, ln in enumerate(lines) if ln.kind == "paragraph" and ln.content.lstrip()[:2] in ("**", "__")
            and (text := _is_bold_header(ln.content)) is not None]
    numbered = [i for i, text in bold if _ENUMERATOR.match(text.lstrip())]
    # '**1. X-Axis (Horizontal):**', '**4. Data Series**': three or more numbered bold lines are sections too
    found = [i for i, text in bold if _SECTION_NAMES.match(text) or len(numbered) >= 3 and i in numbered]
    if len(found) < 2 or any(ln.kind == "heading" and _section_kind(ln.content) and not _CHART_TITLE.match(
            clean(ln.content)) for ln in lines[: found[0]]):
        return lines
    lines = list(lines)
    for i in found:
        lines[i] = replace(lines[i], kind="heading", depth=3, content=_is_bold_header(lines[i].content) or "")
    return lines


def _push_header(context: list[tuple[float, Span]], line: SourceLine, text: str) -> list[tuple[float, Span]]:
    """`context` with the item `line` as the innermost group header (its siblings and deeper
    headers closed): an item with a label of its own heads the items under it."""
    rank = _header_rank(line)
    return [*((r, s) for r, s in context if r < rank), (rank, Span(line.number, text))]


_PARAGRAPH_RANK = 6.5
_INTRO_RANK = 6.75  # a paragraph that introduces the series of the items under it: below bold lines, above items


def _introduce(context: list[tuple[float, Span]], line: SourceLine, after: SourceLine | None,
               series: str | None) -> list[tuple[float, Span]]:
    """`context` after the paragraph `line`: a paragraph about one `series` heads the items right
    under it, and any other paragraph closes the series an earlier one introduced."""
    context = [(r, s) for r, s in context if r != _INTRO_RANK]
    if series and after is not None and after.kind == "item" and after.number == line.number + 1:
        context = [(r, s) for r, s in context if r < _INTRO_RANK] + [(_INTRO_RANK, Span(line.number, series))]
    return context


def _header_rank(line: SourceLine) -> float:
    """Rank of a group header: headings by level, then bold lines, then list items by depth.

    Ordered items rank above bullets of the same depth, because describers hang bullet
    fields under numbered entries without indenting them."""
    if line.kind == "heading":
        return float(line.depth)
    if line.kind == "paragraph":
        return _PARAGRAPH_RANK
    return 7.0 + 2 * line.depth + (0.0 if line.is_ordered else 1.0)


def parse_chart(text: str) -> Chart:
    """Parse one description into a `Chart`. Never raises on any input text."""
    text = normalise_text(text)
    lines = split_lines(text)
    lines, skipped, truncated = _truncate_tail(lines, not text.endswith("\n"))
    skips: list[Skip] = list(skipped)
    # the line the text ends inside, when it held a run of clauses: one clause of the run may be left
    cut_line = skipped[0].line if skipped and len(_rx(r"[:=≈~]").findall(skipped[0].quote)) >= 2 else -1
    title: Span | None = None
    kind: str | None = None
    overview: list[Span] = []
    axes: list[Axis] = []
    open_axis: tuple[Axis, int] | None = None  # an axis item whose label and ticks come as sub-items
    remark: str | None = None  # the remark header ('Trend Verification') whose lines are commentary
    told: tuple[Span, ...] = ()  # the paragraphs of the group so far: the benchmark the prose is about
    legend: list[LegendEntry] = []
    points: list[Point] = []
    notes: list[Span] = []
    panel_axes: list[Axis] = []  # the axes described under one panel's header
    components_panel = ""  # the panel whose axes the components lines describe now
    panels: dict[int, str] = {}  # data group header line -> its panel mark
    heading_items: set[int] = set()  # items with a label that head the items under them

    lines = _bold_sections(lines)
    headings = [ln for ln in lines if ln.kind == "heading"]
    if headings and not _CHART_TITLE.match(clean(headings[0].content)):
        # '### Visual Description' over '## Grouped Bar Chart: ...': the chart's own heading is the title
        titled = next((h for h in headings[1:3] if _CHART_TITLE.match(clean(h.content))
                       and not _panel_key(clean(h.content))), None)  # not '## 2. Chart (a): ...'
        if titled is not None:
            headings = [titled, *(h for h in headings if h is not titled)]
    section_level = None
    for heading in headings:
        if _section_kind(heading.content) and heading is not headings[0]:
            section_level = heading.depth
            break
    if headings:
        first = headings[0]
        if not _section_kind(first.content) or section_level is None or first.depth < section_level:
            match = _TITLE_KIND.match(clean(first.content))
            if match:
                kind = match.group("kind").strip().strip("[]").lower()
                title = Span(first.number, match.group("title").strip())
            else:
                title = Span(first.number, clean(first.content))
    for index, heading in enumerate(lines[:40]):  # a '## 1. Chart Title' section: its first line is the title
        if heading.kind == "heading" and _TITLE_SECTION.match(heading.content):
            body = next((ln for ln in lines[index + 1:index + 4] if ln.content.strip()), None)
            if body is not None and body.kind != "heading":
                title = Span(body.number, clean(body.content).strip(" \"“”'"))
            break
    if title is None:  # no heading title: a '**Title:** ...' field names the figure
        for ln in lines[:12]:
            field = _rx(r"^\W*(?:chart |figure |plot )?title\W*[:：]\s*(?P<t>.+)$", re.IGNORECASE).match(clean(ln.content))
            if field:
                title = Span(ln.number, field.group("t").strip())
                break
    has_data_section = any(_section_kind(h.content) == "data" for h in headings
                           if (section_level is None or h.depth <= section_level)
                           and (title is None or h.number != title.line))

    # with no section headings at all, everything after the title is read as data
    section = "overview" if headings and section_level is not None else "data"
    opened_depth = 0  # the depth of the heading that opened the current section
    context: list[tuple[float, Span]] = []
    in_legend = False
    table_header: tuple[str, ...] | None = None
    last_header: tuple[str, ...] = ()  # the header of the latest table, for rows that continue it
    table_above: tuple[str, ...] = ()  # the cells of the table's previous row, for merged cells
    header_line = -1  # the line of the table header row read last
    table_block: Span | None = None  # a label row of the table ('| **Throughput (tok/s)** | | |') over the rows below
    prose_axis_candidates: list[Axis] = []
    scopes: list[Scope] = []  # the data-section lines with digits, for the ledger
    present = [ln for ln in lines if ln.kind != "blank"]
    previous = {b.number: a.number for a, b in zip(present, present[1:])}  # the non-blank line before each
    following = {a.number: b for a, b in zip(present, present[1:])}  # and the one after
    by_number = {line.number: line for line in present}
    # items with deeper items under them: group headers, whatever text follows their label
    parents = {a.number for a, b in zip(present, present[1:]) if a.kind == "item" and b.kind == "item"
               and b.depth > a.depth}
    for line in lines:
        if line.kind == "heading":
            if title is not None and line.number == title.line:
                continue
            kind_of = _section_kind(line.content)
            if kind_of == "overview" and _panel_key(clean(line.content)):
                kind_of = ""  # '## Chart (b): Decoding Throughput vs. Context Length': a panel, whatever its words
            if kind_of == "commentary" and not has_data_section and _PER_SUBJECT.search(line.content):
                kind_of = "data"  # 'Benchmark-Specific Observations' in a document with no other data section
            is_section = section_level is not None and line.depth <= section_level and not (
                section == "data" and not kind_of)  # a heading that names no section inside data: a group
            # a data subheading ('### Numerical Data Points') holds data whatever section it is in
            # a panel's own axes subsection ('## Chart (a): X' over '### Metadata'): components, inside the panel
            panel_components = section == "data" and kind_of == "components" and bool(_PANEL_COMPONENTS.search(line.content))
            # a non-data heading beside the one that opened the data section ('### Spatial Grounding' after
            # '### Data Series and Trends' under '## Chart Overview') ends it, whatever the top level is
            sibling = kind_of in ("other", "components") and section == "data" and line.depth <= opened_depth
            if is_section or (kind_of and kind_of != "data" and section != "data") or panel_components or (
                    kind_of and section_level is None) or (kind_of == "data" and section != "data") or sibling:
                section = kind_of or ("data" if not has_data_section or _panel_key(clean(line.content)) else "other")
                opened_depth = line.depth if not panel_components else opened_depth
                rank = _header_rank(line)
                context = [(r, s) for r, s in context if r < rank]  # a subsection stays in its panel
                # the axes of a panel's own components subsection are that panel's
                components_panel = next((panels[s.line] for _, s in reversed(context) if s.line in panels), "") \
                    if panel_components else ""
                remark = None
                told = ()
                axis = _axis_heading(line.content, line.number) if section == "components" else None
                if axis is not None:  # '### Common X-Axis' over '* **Title:** ...' fields
                    same = next((a for a in axes if a.role == axis.role), None)
                    if same is None:
                        axes.append(axis)
                    open_axis = (same or axis, -1)
                panel = _PANEL_HEADING.match(_ENUMERATOR.sub("", clean(line.content))) if section == "data" else None
                if panel:
                    context = [(_header_rank(line), Span(line.number, panel.group("name").strip()))]
                    if key := _panel_key(clean(line.content)):
                        panels[line.number] = key
                elif section == "data" and (key := _panel_key(clean(line.content))) \
                        and _HEADER_NOISE.sub("", clean(line.content)).strip() == "":
                    context = [(_header_rank(line), Span(line.number, ""))]  # '## Subplot (b)': a panel, named below
                    panels[line.number] = key
                # '### Common Legend' over its '* **Dark Blue:** Qwen2.5-Coder (7B)' entries
                in_legend = section == "components" and bool(_LEGEND_HEADING.fullmatch(clean(line.content)))
                table_header = None
                continue
            if kind_of == "commentary":
                section = "commentary"
                context = []
                continue
        if section == "components" and ("(" in line.content or "anel" in line.content or "hart" in line.content
                                        or "lot" in line.content or "raph" in line.content) \
                and (line.kind in ("heading", "paragraph") or _is_bold_header(line.content)) \
                and (key := _panel_key(clean(line.content))):
            components_panel = key  # '**Panel (b) — "Decoding throughput"**': the axes below are that panel's
        if section in ("components", "other") and line.kind != "heading" and ("itle" in line.content or "aption" in
                                                                               line.content) \
                and _CAPTION_FIELD.match(clean(line.content)):
            overview.append(Span(line.number, clean(line.content)))  # '* **Title (top):** "AIME 2024: ..."': figure text
        if section in ("commentary", "other"):
            continue
        content = line.content
        if line.kind in ("blank", "other") or not content.strip():
            table_header = None if line.kind == "blank" else table_header
            if section != "overview" and _HAS_DIGIT(content):
                scopes.append(Scope(line.number, _scope_text(content), "unread", quote=line.text))
            continue
        if section == "overview":
            overview.append(Span(line.number, clean(content)))
            prose_axis_candidates.extend(prose_axes(content, line.number))
            continue
        scope = Scope(line.number, _scope_text(content), "data", quote=line.text) if _HAS_DIGIT(content) else None
        if scope is not None:
            scopes.append(scope)
        if open_axis is not None and line.kind == "item" and line.depth > open_axis[1] and section == "components":
            per_panel = _PANELS_LEAD.match(clean(content))
            if per_panel:  # '* Panels 1, 2 and 4: "Pass@1 (%)"' under '* **Y-Axes:**': those panels' axis
                role = {"x": "X-axis", "y_left": "Left Y-axis", "y_right": "Right Y-axis"}.get(open_axis[0].role, "Y-axis")
                axis = parse_axis(f"{role}: {per_panel.group('rest')}", line.number)
                if axis is not None and axis.label:
                    panel_axes.extend(replace(axis, panel=mark.lower())
                                      for mark in _rx(r"(?<![A-Za-z])[A-Ha-h]\b|\d+").findall(per_panel.group("marks")))
                    if not open_axis[0].label:
                        axes = [axis if a is open_axis[0] else a for a in axes]
                        open_axis = (axis, open_axis[1])
                    if scope is not None:
                        scope.role = "axis"
                    continue
            field = _axis_field(open_axis[0], content, line.number)
            if field is not None:  # '* **Label:** ...' under '* **X-Axis (Horizontal):**'
                axes = [field if a is open_axis[0] else a for a in axes]
                open_axis = (field, open_axis[1])
                if scope is not None:
                    scope.role = "axis"
                continue
        open_axis = None
        if section == "components" and line.kind == "table_row":
            if line.is_table_header or table_header is None:
                table_header = tuple(clean(c).lower() for c in line.cells)
            else:  # '| x | Average output tokens per problem | linear | ... |' under '| Axis | Label | Scale | ... |'
                row = dict(zip(table_header, (clean(c) for c in line.cells)))
                # 'x', 'y (left)', 'Left y', 'x (both panels)'
                role = _rx(r"(?i)((?:left|right|primary|secondary)\s*)?([xy])(?:[\s-]*axis)?\s*(\([^()]{1,30}\))?"
                           ).fullmatch(row.get("axis", "").strip())
                axis = parse_axis(f"{role.group(1) or ''}{role.group(2)}-axis {role.group(3) or ''}: "
                                  f"{row.get('label') or row.get('title') or ''}", line.number) if role else None
                if axis is not None and axis.label and not any(a.role == axis.role for a in axes):
                    axes.append(axis)
            if scope is not None:
                scope.role = "axis"
            continue
        if section == "data" and line.kind == "item" and (in_legend or "egend" in content):
            # a legend among a panel's fields in a document without sections ('- **Legend**:' over '- Orange: Owen2.5-7B')
            field, _, rest = split_label(content)
            if field and _LEGEND_HEADING.fullmatch(field):
                in_legend = True
                legend.extend(parse_legend_entries(rest, line.number))
                if scope is not None:
                    scope.role = "legend"
                continue
            entries = parse_legend_entries(content, line.number) if not content.lstrip().startswith(("**", "__")) else []
            if entries and not any(_VALUE_ITEM.match(e.label) for e in entries):
                legend.extend(entries)
                if scope is not None:
                    scope.role = "legend"
                continue
            in_legend = False
        if section == "components" or (section == "data" and _AXIS_LINE.match(clean(content)) and (
                not has_data_section or _QUOTED.search(content))):  # '- **Y-axis:** "MT-Bench score"' in a panel
            axis = parse_axis(content, line.number)
            own_panel = ""
            if axis is None and section == "components" and (marked := _PANEL_KEY.match(clean(content))):
                # '**Panel (b) Y-axis:** "MATH-500 Accuracy (%)"': that panel's axis
                axis = parse_axis(clean(content)[marked.end():].lstrip(" ,:-–—"), line.number)
                own_panel = _mark(marked)
            if axis is not None:
                if own_panel:
                    panel_axes.append(replace(axis, panel=own_panel))
                    if not any(a.role == axis.role for a in axes):
                        axes.append(axis)  # the first panel's axis stands for the figure where no panel is named
                    if scope is not None:
                        scope.role = "axis"
                    continue
                if section == "data" and context and axis.role != "x":
                    # an axis named inside a panel: that panel's quantity
                    rank = _header_rank(line)
                    context = [(r, s) for r, s in context if r < rank]
                    context.append((rank, Span(line.number, axis.label)))
                if section == "components" and components_panel:
                    panel_axes.append(replace(axis, panel=components_panel))
                elif section == "data" and (key := next((panels[s.line] for _, s in reversed(context) if s.line in panels), "")):
                    panel_axes.append(replace(axis, panel=key))  # '- **Y-Axis**: "Pass@1 (%)"' under '## Subplot (b)'
                same = next((a for a in axes if a.role == axis.role), None)
                if same is not None and (not same.label or not same.ticks):  # one axis described over two lines
                    axes = [replace(a, label=a.label or axis.label, unit=a.unit or axis.unit, scale=a.scale or axis.scale,
                                    ticks=a.ticks or axis.ticks) if a is same else a for a in axes]
                elif same is None:
                    axes.append(axis)
                    if not axis.label and line.kind == "item":  # its fields follow as sub-items
                        open_axis = (axis, line.depth)
                    elif not axis.label and _is_bold_header(content) is not None:  # or as the items under it
                        open_axis = (axis, -1)
                in_legend = False
                if scope is not None:
                    scope.role = "axis"
                continue
            label, note, rest = split_label(content)
            if title is not None and line.number == title.line:
                if scope is not None:
                    scopes.pop()  # the title is not data
                continue
            field = _AXIS_FIELD.match(label.strip()) if label and axes and section == "components" else None
            latest = max(axes, key=lambda a: a.line) if field is not None else None
            if field is not None and (field.group("field").lower() not in ("label", "title", "name") or not latest.label):
                # '* **Axis Markers:** 30, 40, 50' after '* **Y-axis Title:** ...': a field of the axis just named;
                # '- **Title**: "Budget"' after '- **X-Axis (Horizontal)**:' with no label yet: its title
                completed = _axis_field(latest, content, line.number)
                if completed is not None:
                    axes = [completed if a is latest else a for a in axes]
                    if scope is not None:
                        scope.role = "axis"
                    continue
            if label and _rx(r"(?:chart|figure|plot)?\s*type", re.IGNORECASE).match(label) and kind is None:
                kind = rest.split(".")[0].split(" with ")[0].strip().lower()[:60] or None
            reference = _reference_point(line, (), tuple(e.label for e in legend))
            if isinstance(reference, Point):
                points.append(reference)
                continue
            if isinstance(reference, Skip):
                skips.append(reference)
                continue
            if label and _rx(r"legend|key\b|colou?r\s*(?:coding|key|legend)|series", re.IGNORECASE).match(label):
                in_legend = True
                told = parse_legend_entries(rest, line.number) or prose_legend(rest, line.number)
                paired = {e.label: e for e in paired_looks(rest, line.number)}
                # a clause that pairs a look with a name gives the whole look where a sentence's pattern cut it:
                # 'a teal line with filled circles is Qwen3-14B' is teal, not only 'filled circles'
                told = [replace(t, style=paired[t.label].style) if t.label in paired
                        and paired[t.label].style.endswith(t.style) else t for t in told]
                legend.extend(told)  # then the clauses that pair a look with a name in their own way
                legend.extend(e for e in paired.values() if e.label not in {t.label for t in told})
                if scope is not None:
                    scope.role = "legend"
                continue
            if in_legend or line.depth > 0:
                entries = parse_legend_entries(content, line.number)
                if entries:
                    for index, entry in enumerate(entries):
                        level = _LEGEND_LEVEL.fullmatch(entry.label) if _REFERENCE_STYLE.search(entry.style) else None
                        if level:  # 'Black dashed line: FullKV (84.1)': a reference line's value, given in its legend entry
                            entries[index] = replace(entry, label=level.group("name"))
                            points.append(Point(line.number, line.text.strip(), (), level.group("name"),
                                                (Reading(find_numbers(level.group("value"))[0], position="y"),),
                                                is_reference_line=True))

                    legend.extend(entries)
                    if scope is not None:
                        scope.role = "legend"
                    continue
            if label and not rest and line.kind == "item":
                in_legend = False
            if section == "components":
                if scope is not None:
                    scope.role = "note"
                notes.append(Span(line.number, clean(content)))
                prose_axis_candidates.extend(prose_axes(content, line.number))
                continue
        # -- data section -----------------------------------------------------------
        if line.kind == "table_row":
            if table_header is None and not line.is_table_header and len(line.cells) == len(last_header) > 1:
                table_header = last_header  # a block of rows with no header of its own continues the table above
            if line.is_table_header or table_header is None:
                cells = tuple(clean(c) for c in line.cells)
                if line.is_table_header and table_header is not None and previous.get(line.number) == header_line \
                        and len(cells) == len(table_header):  # a second header row: each column named by both
                    cells = tuple(a if a == b else f"{a} {b}".strip() for a, b in zip(table_header, cells))
                table_header, header_line = cells, line.number
                last_header = cells
                table_above, table_block = (), None
                if scope is not None:
                    scope.role = "table header"
                continue
            sub_header = _sub_header(table_header, tuple(clean(c) for c in line.cells))
            if sub_header is not None:  # a second header row under cells that span columns
                table_header = sub_header
                if scope is not None:
                    scope.role = "table header"
                continue
            raw_cells = tuple(clean(c) for c in line.cells)
            if len(raw_cells) == len(table_header) >= 2 and raw_cells[0].strip(" *_").lower() == \
                    table_header[0].strip(" *_").lower() and raw_cells != table_header and not any(
                    find_numbers(c) and parse_number(c) is not None for c in raw_cells):
                # '| Model | GSM8K | MATH |' again inside the body: a second block of the table under new headers
                table_header, header_line = raw_cells, line.number
                table_above, table_block = (), None
                if scope is not None:
                    scope.role = "table header"
                continue
            if len(raw_cells) >= 2 and raw_cells[0].strip(" *_") and not any(c.strip(" *_") for c in raw_cells[1:]) \
                    and not find_numbers(raw_cells[0]):
                # '| ***GSM8K accuracy (%) ↑*** | | | |': a label row heading the rows below it in this table
                table_block = Span(line.number, raw_cells[0].strip(" *_"))
                table_above = ()
                if scope is not None:
                    scope.role = "header"
                continue
            cells = _ditto(raw_cells, table_above)
            table_above = cells
            block = (table_block,) if table_block is not None else ()
            points.append(Point(line=line.number, quote=line.text.strip(), context=(*(s for _, s in context), *block),
                                label=None, readings=(), fields=tuple(zip(table_header, cells)), is_table_row=True))
            continue
        table_header = None
        if ("=" in content or "≈" in content) and (" - " in content or "/" in content or "+" in content or "×" in content
                                                   or "÷" in content or " * " in content or "−" in content) \
                and (sums := list(ARITHMETIC.finditer(content))):
            for match in reversed(sums):  # '58.081 - 55.909 = 2.172': a computation on values, none of them read
                skips.extend(Skip(line.number, line.text.strip(), "arithmetic", n.raw, token=n.raw)
                             for n in find_numbers(match.group(0)))
                content = f"{content[:match.start()]}…{content[match.end():]}"
            line = replace(line, content=content)
        positions = _x_positions(content, line.number)
        if positions is not None:  # '**X positions (KV cache size):** 256 / 512 / 1024': the x ticks, given with the data
            x_axis = next((a for a in axes if a.role == "x"), None)
            if x_axis is None:
                axes.append(positions)
            elif len(positions.ticks) > len(x_axis.ticks):  # the data's own list of ticks is the fuller one
                axes = [replace(a, ticks=positions.ticks) if a is x_axis else a for a in axes]
            if scope is not None:
                scope.role = "axis"
            continue
        reference = _reference_point(line, tuple(s for _, s in context), tuple(e.label for e in legend))
        if reference is not None and line.kind == "paragraph":
            # a paragraph is read sentence by sentence: only the sentence about the line is the reference line
            sentences = _rx(r"(?<=[.!?])\s+(?=[A-Z])").split(clean(content))
            if len(sentences) > 1:
                others = [t for t in sentences if not _REFERENCE_LINE.search(t)]
                for sentence in sentences:
                    if _REFERENCE_LINE.search(sentence):
                        found = _reference_point(replace(line, content=sentence), tuple(s for _, s in context),
                                                 tuple(e.label for e in legend))
                        if isinstance(found, Point):
                            points.append(found)
                        elif isinstance(found, Skip):
                            skips.append(found)
                if not others:
                    continue
                reference, content = None, " ".join(others)
                line = replace(line, content=content)
        if isinstance(reference, Point):
            points.append(reference)
            continue
        header_text = _is_bold_header(content) if line.kind != "heading" else clean(content)
        if header_text is None and line.kind == "paragraph" and _rx(r"(?:[^.;!?]|\.\d){3,90}:").fullmatch(clean(content)) \
                and not read_values(_rx(r"\([^()]*\)").sub(" ", clean(content)))[0]:
            header_text = clean(content).rstrip(":")  # 'In the MathVista group:'
        if header_text is None and line.kind == "paragraph" and _PANEL_MARK.match(clean(content)):
            header_text = clean(content)  # '(a) Pass@1 vs. cache size'
            line = replace(line, kind="heading", depth=5)
        name_only = header_text is None and line.kind == "item" and bool(_NAME_ONLY_ITEM.match(clean(content)))
        if name_only:
            header_text = clean(content)  # '* AIME 2024 (red)': a group named, no value
        label, note, rest = split_label(content)
        lead = _PANEL_LEAD.fullmatch(label) if label is not None and line.kind == "paragraph" \
            and content.lstrip().startswith(("**", "__")) else None
        key = _panel_key(clean(content)) if lead else ""
        if lead and (key or lead.group("pos") or not note):
            # '**Panel (a).** The orange line climbs ...', '**Right panel (response length).** ...': the lead opens its
            # panel (named by its note, if any); the prose after it is that panel's data
            rank = _header_rank(replace(line, kind="heading", depth=5))
            named = "" if note is None or _rx(r"(?i)[a-h]|\d{1,2}").fullmatch(note) else note
            context = [(r, s) for r, s in context if r < rank] + [(rank, Span(line.number, named))]
            if key:
                panels[line.number] = key
            label, note, content = None, None, rest
            line = replace(line, content=rest)
        if label is not None and note and _SERIES_ORDINAL.fullmatch(label):
            # '**Data Series 1 (Blue Solid Line, Qwen3-1.7B):** ...': the series the ordinal stands for, in its note
            parts = [p.strip() for p in note.split(",")]
            named = [p for p in parts if _ONE_NAME.search(p) and not _LOOK_LEAD_REFERENCE.fullmatch(p)]
            if len(named) == 1:
                label, note = named[0], ", ".join(p for p in parts if p != named[0]) or None
        placed = _PLACE_DASH_KEY.fullmatch(label) if label and note is None and ("—" in label or "–" in label) else None
        if placed:  # 'Budget 2k — Pass@1: 38.6; Latency: 21.4 s': the line's x place, then its first key
            label, rest = placed.group("place").strip(" *_`"), f"{placed.group('key')}: {rest}"
        named = _NAME_THEN_PAIRS.match(rest) if label is not None and note is None and "|" in rest else None
        if named and not read_values(named.group("name"))[0] and read_values(named.group("rest"))[0]:
            # 'Method: SnapKV | Pass@1: 38.1 | Throughput: 902 tok/s': the run's first field names its series
            label, rest = f"{label}: {named.group('name').strip()}", named.group("rest")
        if label is not None and "|" in rest and any(a.role == "x" and a.label and label.lower() in a.label.lower()
                                                     for a in axes):
            placed = _PLACE_THEN_PAIRS.match(rest)
            if placed:  # 'KV Budget: 256 | Accuracy: ~71.8%': the label's number is the x place of the pairs after it
                label, rest = f"{label} {placed.group('place')}", placed.group("rest")
        if label is None and line.kind == "item":
            label, rest = _label_before_values(rest, label)
        if label is None and line.kind == "item" and rest[:1] in "AaWwUuFfOoIiBb":
            opening = _opening(rest)  # '* At 1024 (1,024 tokens), the accuracy is 28.9%'
            if opening and read_values(rest[opening.end():])[0]:
                label, rest = opening.group("cat").strip(), rest[opening.end():]
        if header_text is None and label is not None and line.kind == "item" and _RECORD_NAME.fullmatch(label) \
                and rest.strip(" \"'“”*_`") and not _rx(r"^[\s\"'“”*_`]*[~≈]?\d|[(:=]\s*[~≈]?\d").search(rest):
            header_text = rest.strip(" \"'“”*_`.")  # '- Label: "Qwen3-30B-A3B"' under 'Point 1': the record's series
        elif header_text is None and label is not None and line.kind == "item" and _CARD_FIELD.fullmatch(label) \
                and _CARD_VALUE.fullmatch(rest.strip()) and not _BULLET.match(line.text) and not read_values(rest)[0]:
            header_text = f"{label}: {rest.strip()}"  # 'Precision: FP8' in a fenced configuration card over the data
        elif label and note is None and _TREND_LABEL.fullmatch(label):
            label = None  # '- Steady climb: ~26.7 at 1024 tokens': how the series moves, not what it is
        elif label and DESCRIPTIVE_FIELDS.match(label):
            if _PRINTED_LABEL.fullmatch(label) and _BARE_VALUE.match(rest):
                label = None  # '+ label: 56.3' under a bar's series: the value printed on the bar
            elif not _XY_VALUES.search(rest):
                if scope is not None:
                    scope.role, scope.field = "field", label
                if header_text is not None and not rest.strip() and line.kind == "paragraph" \
                        and ("erification" in label or _rx(r"(?i)(?:\w+\s+)?trends?").fullmatch(label)):
                    remark = label  # '**Trend Verification:**', '**Trends**:' alone on its line: what it heads is remarks
                unnamed = next(((k, s) for k, (_, s) in enumerate(context) if s.line in panels and not s.text), None)
                if unnamed is not None and label.lower() == "title" and rest.strip():
                    # '- **Title**: "AIME 2024" (top center)' under '## Subplot (a)': the panel's name
                    named_as = _rx(r"\s*\((?:top|bottom|above|below|centered|center|centre|left|right)[^()]*\)\s*$").sub(
                        "", rest).strip(" \"'“”*_`.")
                    if _rx(r"[A-Z]{2,}|\d|[a-z][A-Z]|\w-\w").search(named_as):  # a name ('AIME 2024'), not a theme ('Code')
                        context[unnamed[0]] = (context[unnamed[0]][0], Span(unnamed[1].line, named_as))
                continue
            label = None  # 'Position: x ≈ 3.3B, y ≈ 80.4': the record's coordinates, of its series
        readings, dropped = read_values(rest, place_nouns=_place_nouns(axes)) if header_text is None else ([], [])
        places_follow = header_text is None and label is not None and bool(readings) \
            and _places_follow(following.get(line.number), line, axes)
        if header_text is None and label is not None and readings and (line.number in parents or (
                line.kind == "paragraph" and following.get(line.number) is not None
                and following[line.number].kind == "item") or places_follow) \
                and (rest[:1].islower() or places_follow) \
                and content.lstrip().startswith(("**", "__")):
            # '- **Owen3-8B (dark red):** nearly overlaps the orange line at 16K.' over its own value items, or
            # '* **Qwen3-4B (Blue):** The line starts at ...' over flat '* Temperature 0.3: ~83.8%' siblings:
            # a group header with a remark, whose numbers are commentary
            header_text = label if note is None else f"{label} ({note})"
            readings, dropped = [], []
        elif header_text is None and label is not None and readings and line.kind == "item" \
                and content.lstrip().startswith(("**", "__")) and (after := following.get(line.number)) is not None \
                and after.kind == "item" and (line.number in parents or after.depth == line.depth
                                              and not after.content.lstrip().startswith(("**", "__"))) \
                and all(r.number.raw.strip("~≈ ").lower() in _known_categories(axes) for r in readings):
            # '* **Qwen3-30B-A3B (Green):** Trend: slightly above it at 32k.' over plain sibling items or its own
            # items: a group header whose only numbers are x ticks
            header_text = label if note is None else f"{label} ({note})"
            skips.extend(Skip(line.number, line.text.strip(), "axis position", r.number.raw, token=r.number.raw)
                         for r in readings)
            readings, dropped = [], []
        if header_text is None and label is not None and not readings and (
                not _label_has_value(label, note) or rest and not find_numbers(rest) and content.lstrip().startswith("**")) \
                and not (rest and find_numbers(rest) and not _rx(r"[A-Za-z]{2}").search(rest)) \
                and (line.kind == "item" and not rest or content.lstrip().startswith(("**", "__"))
                     or line.kind == "paragraph" and _ITALIC_LEAD.match(content)):  # '*Acceptance length (line):* ...'
            header_text = label if note is None else f"{label} ({note})"
        if header_text is not None and (line.kind in ("heading", "paragraph") or not readings or name_only):
            rank = _header_rank(line)
            bare = _HEADER_NOISE.sub("", _rx(r"\s*\([^()]*\)").sub("", header_text)).strip()
            remarks = DESCRIPTIVE_FIELDS.match(bare.rstrip(":")) is not None
            if names_no_data(bare) or remarks:
                # '*Data Points:*' under '**Panel 1: X**', '**Trend Verification:**': it closes deeper groups,
                # names nothing, replaces no sibling; what a remark header ('Trend Verification') heads is remarks
                context = [(r, s) for r, s in context if int(r * 2) <= int(rank * 2)]
                remark = bare.rstrip(":") if remarks else None
                if scope is not None:
                    scope.role = "header"
                continue
            remark = None
            if context and context[-1][1].line == previous.get(line.number) and int(context[-1][0] * 2) == int(rank * 2):
                rank = context[-1][0] + 0.01  # '**AIME25 Throughput**' right over '**R1-Distill-Llama-8B**': nested
            else:  # later, a header of that kind is a sibling of the deepest one (the nearest header wins a role)
                rank = max((r for r, _ in context if int(r * 2) == int(rank * 2)), default=rank)
            context = [(r, s) for r, s in context if r < rank]
            header_name = _HEADER_NOISE.sub("", header_text)
            if any(word in header_name[-16:].lower() for word in ("panel", "subplot", "group", "cluster", "column", "chart",
                                                                   "plot", "graph")):
                header_name = _HEADER_TAIL.sub("", header_name)  # 'Qwen3-8B Panel'; the test spares the regex
            context.append((rank, Span(line.number, header_name.strip())))
            if key := _panel_key(header_text):
                panels[line.number] = key
            told = ()
            if scope is not None:
                scope.role = "header"
            continue
        if remark is not None:  # '* **Qwen3-8B (blue):** rises steeply up to B=4k' under '**Trend Verification:**'
            if scope is not None:
                scope.role, scope.field = "field", remark
            continue
        if heading_items and line.kind == "item":  # a sibling or shallower item closes a heading item's group
            rank = _header_rank(line)
            context = [(r, s) for r, s in context if s.line not in heading_items or r < rank]
        if line.kind == "paragraph" and label and content.lstrip().startswith(("**", "__")):
            # '**Accuracy (red line):** ...' after '**Response length (gray bars):** The bars grow ...' and its items: a
            # sibling lead closes the one before (a bare bold header, '**GPQA-D**', stays over its lines)
            context = [(r, s) for r, s in context if not (_PARAGRAPH_RANK <= r < 7.0 and s.line in by_number
                                                          and split_label(by_number[s.line].content)[2].strip())]
        ctx = tuple(s for _, s in context)
        lead_series = label is not None and (_ONE_NAME.fullmatch(label.rstrip(". ")) is not None
                                             or label.rstrip(". ") in {e.label for e in legend}
                                             or _LOOK_LEAD_REFERENCE.fullmatch(label.rstrip(". ")) is not None)
        if label is not None and content.lstrip().startswith(("**", "__")) and len(readings) >= 2 and (
                line.kind == "paragraph" and (_STYLE_REFERENCE.search(rest) or _LOOK_NAMED.search(rest)
                                              or lead_series and _SENTENCE_BREAK.search(rest))
                or line.kind == "item" and _SENTENCE_BREAK.search(rest)
                and sum(1 for t in _rx(r"(?<=[.!?])\s+").split(rest) if _NAMED_SUBJECT.match(t)) >= 2):
            # '* **Level 3:** Qwen3-4B remains ... 94.6%. Qwen3-1.7B is at approximately 89.5%. ...': sentences
            # each led by the series they are about
            # '**AIME 2025 cluster.** The teal bar ... at roughly 81.5 percent, while the coral bar ...': a bold
            # lead naming the group, then prose about its series
            # a lead naming one series ('**Qwen3-14B (solid purple, circles).** In panel (a) this is the highest
            # line ...') is the subject of the sentences that name none
            found = prose_points(replace(line, content=rest), (*ctx, Span(line.number, label.rstrip(". "))),
                                 _known_categories(axes, prose_axis_candidates),
                                 (*(e.label for e in legend), *_declared_series(overview)),
                                 subject=label.rstrip(". ") if lead_series and line.kind == "paragraph" else None,
                                 place_units=_place_units(axes, prose_axis_candidates),
                                 place_nouns=_place_nouns(axes, prose_axis_candidates))
            if found:
                if scope is not None:
                    scope.role = "prose"
                points.extend(found)
                continue
        if label is None and line.kind == "paragraph" and not find_numbers(clean(content)):
            notes.append(Span(line.number, clean(content)))  # 'All cells are accuracy (%).'
            told = (*told[-7:], notes[-1])
            # 'The purple line (Zeta-7B) is the highest line throughout.' over its items
            context = _introduce(context, line, following.get(line.number), _introduced_series(
                clean(content), tuple(e.label for e in legend)) if section == "data" else None)
            continue
        if label is None and line.kind == "paragraph":
            if scope is not None:
                scope.role = "prose"
            if not has_data_section:
                prose_axis_candidates.extend(prose_axes(content, line.number))
            found = prose_points(line, ctx, _known_categories(axes, prose_axis_candidates),
                                 (*(e.label for e in legend), *_declared_series(overview)), told,
                                 place_units=_place_units(axes, prose_axis_candidates),
                                 place_nouns=_place_nouns(axes, prose_axis_candidates))
            told = (*told[-7:], Span(line.number, clean(content)))
            clauses = named_clauses(clean(content), prose=True) if not found else ()
            if clauses:  # 'Level 1 reaches 95.3, level 2 is 88.9, ...' under a series header
                found = [Point(line.number, line.text.strip(), ctx, None, (),
                               clauses=tuple((n, tuple(read_values(v)[0])) for n, v in clauses))]
            if not found:  # 'The bars rise from 42.0 at a budget of 2500 to ...': values placed on x, of the scope's series
                placed = _placed_readings(clean(content), _known_categories(axes, prose_axis_candidates))
                if placed:
                    found = [Point(line.number, line.text.strip(), ctx, None, placed)]
            if not found and not content.lstrip().startswith("|"):  # '71.1 / 49.0 / 84.1' under its series' header
                listed = read_values(clean(content))[0]
                if len(listed) >= 2 and all(r.is_listed for r in listed):
                    found = [Point(line.number, line.text.strip(), ctx, None, tuple(listed))]
            if not found and read_values(clean(content))[0]:
                skips.append(Skip(line.number, line.text.strip(), "unparsed line with numbers",
                                  "prose with numbers but no model name before them"))
            points.extend(found)
            introduced = {p.label for p in found if p.label}  # 'The purple line (Qwen3-8B) is ... 61.4' over its items
            context = _introduce(context, line, following.get(line.number),
                                 introduced.pop() if len(introduced) == 1 else None)
            continue
        if note is not None:
            note_number = find_numbers(note)
            if len(note_number) == 1 and _rx(r"\s*[~≈]?\s*[\d.,]+\s*%?\s*").fullmatch(note):
                if label is not None and readings and parse_number(label) is not None:
                    dropped.append((note_number[0], "axis tick or label"))  # '128 (3.1%): 31.6': the tick's second label
                elif not any(abs(r.value - note_number[0].value) < 1e-9 for r in readings):
                    readings.insert(0, Reading(note_number[0], position="label"))
                note = None
        if label is None and readings and _rx(r"^[A-Z][\w.\-+@]*\d[\w.\-+@]*\s+(?:reaches|scores|is|at|has|achieves|with|sits|gets|obtains)\b").match(rest):
            if scope is not None:
                scope.role = "prose"
            found = prose_points(line, ctx, _known_categories(axes, prose_axis_candidates),
                                 (*(e.label for e in legend), *_declared_series(overview)),
                                 place_units=_place_units(axes, prose_axis_candidates),
                                 place_nouns=_place_nouns(axes, prose_axis_candidates))
            if not found and read_values(clean(content))[0]:
                skips.append(Skip(line.number, line.text.strip(), "unparsed line with numbers",
                                  "prose with numbers but no model name before them"))
            points.extend(found)
            continue
        for number, reason in dropped:
            skips.append(Skip(line.number, line.text.strip(), reason, number.raw, token=number.raw))
        after = following.get(line.number)
        if line.kind == "item" and line.number in parents and label:
            # '* **Blue line (Majority Voting):** rises from 0.482 ...' over its '(2, 0.509)' items: an item with a
            # label heads the items under it, values of its own or not (this line's own context is `ctx`, above)
            context = _push_header(context, line, label if note is None else f"{label} ({note})")
            heading_items.add(line.number)
        elif line.kind == "item" and label and lead_series and content.lstrip().startswith(("**", "__")) \
                and after is not None and after.kind == "item" and after.depth == line.depth \
                and _VALUE_ITEM.match(clean(after.content)) and split_label(after.content)[0] is None:
            # a flat list: '* **Blue Line (Square Markers):** ... 0.276 at 2k ...' heads the unlabelled sibling
            # '* (2, 0.276)' items after it, up to the next such lead
            rank = _header_rank(line) - 0.01
            context = [*((r, s) for r, s in context if r < rank),
                       (rank, Span(line.number, label if note is None else f"{label} ({note})"))]
        if line.kind == "paragraph" and lead_series and content.lstrip().startswith(("**", "__")):
            # '**Qwen3-14B (purple, circles).** Rises to a peak at τ = 0.6.' over its '- τ = 0.0: ~60.2%' items
            context = _introduce(context, line, following.get(line.number), label.rstrip(". "))
        if not readings:
            if not dropped and find_numbers(clean(content)):
                skips.append(Skip(line.number, line.text.strip(), "unparsed line with numbers",
                                  "no value could be read from this line"))
            continue
        found: tuple[tuple[str, str], ...] = ()
        if len(readings) + len(dropped) >= 2 or len(find_numbers(clean(content))) >= 2 or line.number == cut_line:
            least = 1 if line.number == cut_line else 2
            found = named_clauses(clean(content), least=least)  # 'Level 1: 97.7 · Level 2: 93.3': the label is the first name
            if not (found and label and found[0][0] == clean(label).strip(" *_")):
                found = named_clauses(rest, least=least)
        clauses = tuple((name, tuple(read_values(value)[0])) for name, value in found)
        if legend and len(readings) >= 2:  # 'At N=4, Self-Certainty ~68.1%, Majority Vote ~66.4%': the legend's series
            series = {e.label.lower(): e.label for e in legend}
            if all(r.key_before.lower() in series for r in readings) and len({r.key_before for r in readings}) >= 2:
                clauses = tuple((series[r.key_before.lower()], (r,)) for r in readings)
        points.append(Point(line=line.number, quote=line.text.strip(), context=ctx, label=label,
                            readings=tuple(readings), note=note, clauses=clauses))
    if not legend:  # 'the teal bars are Qwen3 235B A22B, the coral ones are DeepSeek R1': a legend told in prose
        legend = [e for span in (*overview, *notes) for e in prose_legend(span.text, span.line)]
    roles = {a.role for a in axes}
    # an axis a sentence names outright ('The horizontal axis is titled "Temperature"') before one
    # inferred from what a chart 'plots against'
    naming_axes = {line.number for line in lines if "axis" in line.content.lower()}
    for axis in sorted(prose_axis_candidates, key=lambda a: a.line not in naming_axes):
        if axis.role not in roles and not (axis.role == "y" and "y_left" in roles):
            axes.append(axis)
            roles.add(axis.role)
    if len({a.panel for a in panel_axes}) < 2:
        panel_axes = []  # one panel's axes are the figure's
    legend = list(legend)
    for k, entry in enumerate(legend):
        short = _SHORT_NAME.search(entry.label) if "(" in entry.label else None
        if short:  # 'DeepSeek-R1-Distill-Qwen-7B (hereafter "R1-7B")': the name, and a key for the short name used below
            legend[k] = replace(entry, label=entry.label[: short.start()].strip())
            notes.append(Span(entry.line, f"{short.group('short').strip()} = {legend[k].label}"))
        printed = PRINTED_SCORE.fullmatch(entry.label) if entry.label.endswith(")") else None
        if printed:  # '`BF16 (GSM8K 84.6%)`: Blue solid line': the series, and a score its label prints
            legend[k] = replace(entry, label=printed.group("name"))
            quote = next(line.text.strip() for line in lines if line.number == entry.line)
            points.append(Point(entry.line, quote, (), printed.group("name"),
                                (Reading(find_numbers(printed.group("value"))[0], key_before=printed.group("key")),)))
    return Chart(title=title, kind=kind, overview=tuple(overview), axes=tuple(axes), legend=tuple(legend),
                 points=tuple(points), skipped=tuple(skips), is_truncated=truncated, n_lines=len(lines),
                 notes=tuple(notes), scopes=tuple(scopes), panel_axes=tuple(panel_axes), panels=tuple(panels.items()))


_TICK_OPENING = re.compile(r"(?i)(?:at|on|for|with|under)\s+(?P<cat>[A-Za-z][\w.\-]*(?:\s(?-i:[A-Z0-9])[\w.\-]*)?)\s*,?\s+"
                           r"(?=the\b|(?-i:[a-z]))")
_PLACE_OPENER = re.compile(r"(?i)\s*(?:at|when|where|once|with|under|for)\s+(?:(?:a|an|the)\s+)?(?:[a-z]+\s+){0,3}"
                           r"(?:is\s+|of\s+|reaches\s+|=\s*)?[~≈]?\d")
_PANEL_LEAD = re.compile(r"(?i)(?:(?P<pos>" + _SIDE + r"|first|second|third|fourth)\s+)?(?:" + _PANEL_NOUN
                         + r")(?:\s*\(?[a-h0-9]\)?)?")
_SHORT_NAME = re.compile(r"(?i)\s*\((?:hereafter|henceforth|abbreviated(?:\s+as)?|shortened\s+to|short(?:\s+name)?:?|"
                         r"referred\s+to\s+as|called|aka|a\.k\.a\.)\s*[\"“'`]?(?P<short>[^\"”'`()]{1,24}?)[\"”'`]?\s*\)\s*$")
_PLACE_THEN_PAIRS = re.compile(r"\s*(?P<place>[~≈]?\d[\d.,]*\s*[kK]?)\s*\|\s*(?P<rest>\S.*)$")
_PRINTED_LABEL = re.compile(r"(?i)(?:(?:value|printed|bar|data)\s+)?labels?")
_BARE_VALUE = re.compile(r"^\s*[~≈]?\s*\d[\d.,]*\s*%?\s*(?:\([^()]*\))?\s*\.?\s*$")
_NAME_THEN_VALUES = re.compile(
    r"^(?P<name>[A-Za-z][^():;]{0,60}?(?:\s*\((?i:ours|our model|proposed|new)\))?)\s*"
    r"\((?P<inner>[^()]*\d[^()]*)\)\s*[.,;]?\s*(?P<tail>.*)$")


def _label_before_values(rest: str, label: str | None) -> tuple[str | None, str]:
    """``Llama 3.1 70B (70B parameters, ~83.6 score)``: the name before a parenthetical of
    values is the label, the parenthetical the values."""
    match = _NAME_THEN_VALUES.match(rest)
    if not match or len(match.group("name").split()) > 6:
        return label, rest
    inner = match.group("inner")
    if not _rx(r"[,;]\s|\b(?:score|param|accuracy|pass|%)", re.IGNORECASE).search(inner):
        return label, rest
    name = match.group("name").strip()
    if _rx(r"\b(?:at|is|are|was|with|reaches|scores)\b").search(name):
        return label, rest
    if _BARE_PAIR.fullmatch(inner):  # '(135, 42.6)': a coordinate tuple stays one
        inner = f"({inner})"
    return name, (inner + " " + match.group("tail")).strip()


_BARE_PAIR = re.compile(r"\s*[~≈]?\s*\d[\d.,]*\s*[A-Za-z%]{0,2}\s*,\s*[~≈]?\s*\d[\d.]*\s*%?\s*")


_PANEL_MARK = re.compile(r"^(?:\([a-h]\)|[a-h]\)|(?:panel|subplot|plot|chart)\s*\(?[a-h0-9]\)?[:.)]?)\s+\S.{0,80}$",
                         re.IGNORECASE)
_NAME_ONLY_ITEM = re.compile(
    r"^[A-Za-z][A-Za-z0-9.\-+@]*(?: [A-Za-z][A-Za-z0-9.\-+@]*){0,4}(?: (?:19|20)\d\d)?\s*(?:\([^()\d]*\))?$")


def _label_has_value(label: str, note: str | None) -> bool:
    return bool(note and _rx(r"\s*[~≈]?\s*[\d.,]+\s*%?\s*").fullmatch(note)) or bool(find_numbers(label))


_NAME_TOKEN = re.compile(
    # a spaced name with a version (Claude Sonnet 4, Gemini 2.5 Pro, Llama 3.1 70B) or one token with a digit
    r"(?<![\w.\-])(?P<name>(?!(?:The|A|An|Top|Figure|Table|Chart|Panel|Section|Step|Group|Level|Rank|Only|All|Both|"
    r"At|In|On|With|From|For|By|Of|To|Each|Every|Above|Below|Beyond|After|Before|Past|Until|Over|Under|Near|Around|"
    r"Up|Between|Through)\b)[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)? \d+(?:\.\d+)?"
    r"(?: (?:[A-Z][A-Za-z]*|\d+(?:\.\d+)?[BbMm])){0,2}(?![\w\-])|"
    r"[A-Za-z][A-Za-z0-9.³²\-+_@]*(?:[\d\-][A-Za-z0-9.³²\-+_@]*)|[A-Z][a-z]+[A-Z][\w.\-]*)"
    r"(?![\w\-])"
)
# A series referred to by its look in prose: 'the blue line', 'the dashed orange curve'.
_STYLE_REFERENCE = re.compile(
    r"(?i)\b(?:the\s+)?(?P<name>(?:" + LOOK + r"\s+){1,3}(?:" + MARKS + "|" + SHAPES + r")|(?<=the )(?:" + SHAPES + r"))\b")
# A series referred to by its place in the legend or on the plot: 'the second series', 'the upper line'
_SERIES_REFERENCE = re.compile(r"(?i)\bthe\s+(?P<name>(?:" + LIST_PLACES + "|" + POSITIONS + r")\s+"
                               r"(?:legend\s+)?(?:series|line|curve|entry|item)|(?:legend\s+)?(?:entry|item)\s+listed\s+"
                               r"(?:" + LIST_PLACES + r"))\b(?=\s+(?:[a-z]{2,}s|is|was|has)\b|\s*,)")  # a subject
_IT = re.compile(r"\b(?:it|its|it's)\b")  # 'Doubling the cache to 256 brings it to 51.8': the series before
_APPOSITION = re.compile(r"(?i)\s*,\s*(?:(?:representing|denoting|showing|labell?ed|for|i\.e\.|namely)\s+)?(?:the\s+)?")
_APPOSITION_END = re.compile(r"\s*,")
_PREDICATE = re.compile(r"(?i)\b(?:is|are|was|were|remains|stays|becomes|as)\s+$")
_SERIES_HINT = re.compile(r"(?i)\b(?:series|line|curve|entry|item)\b")
# A lead that names a series by its look or where its curve runs: '**Upper line.**', '**The dashed orange curve.**'
_LOOK_LEAD_REFERENCE = re.compile(r"(?i)(?:the\s+)?(?:(?:" + LOOK + "|" + POSITIONS + r")[\s-]+){1,3}(?:" + MARKS + "|"
                                  + SHAPES + r")")
_SHAPE_REFERENCE = re.compile(r"(?i)" + SHAPES)  # 'The circles (SnapKV)': a series by its marker alone
# A series named between its look and its mark: 'the grey Majority Voting line', 'the red Qwen3-8B bars'.
_LOOK_NAMED = re.compile(
    r"(?i)\bthe\s+(?:" + LOOK + r"\s+){1,3}(?P<name>(?-i:[A-Z])[\w.\-+@]*(?:\s+(?-i:[A-Z0-9])[\w.\-+@]*){0,3})\s+(?:"
    + MARKS + r")\b")
# a colour as the subject of a verb ('the sky blue tops the cluster at 17.7'), not before a mark ('blue bars')
_COLOUR_SUBJECT = re.compile(r"(?i)\b(?:" + COLOURS + r")(?:[\s-](?:" + COLOURS + r"))?(?=\s+(?:(?!(?:" + MARKS + "|" + SHAPES
                             + r"|ones|across|plus|this|its)\b)[a-z]{2,}s|is at|comes in)\b)")
_SERIES_ORDINAL = re.compile(r"(?i)(?:data\s+)?series\s*\d{1,2}")
_ONE_NAME = re.compile(r"[A-Za-z][\w.\-+]*\d[\w.\-+]*")  # one model-like token: 'Qwen3-14B', not 'AIME 2025'
_SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]")
_LEGEND_HEADING = re.compile(r"(?i)[\W\d]*(?:(?:common|shared|global|chart|figure|plot)\s+)?(?:legend|key|series)(?:\s+\(.*\))?\W*")
_TREND_LABEL = re.compile(r"(?i)(?:(?:steady|sharp|steep|slight|gradual|gentle|rapid|quick|slow|modest|strong|small|big|large|"
                          r"moderate|initial|final|further|continued|consistent|then|and)\s+)*(?:climb|rise|increase|growth|"
                          r"gain|drop|decline|decrease|dip|fall|plateau|peak|jump|improvement|recovery|flatten|level|"
                          r"saturate|stabili[sz]e|slow)s?"
                          # a trend told as a verb phrase: 'Flattens beyond 8 samples', 'Levels off after 4k'
                          r"(?:\s+(?:off|out|down|up)\b)?(?:\s+(?:beyond|after|from|past|near|around|at|until|above|below)\b.{0,40})?")
_VALUE_ITEM = re.compile(r"\s*[(\[]?\s*[~≈]?\s*\d")  # '* (2, 0.318)': an item that is only a reading
_NAMED_SUBJECT = re.compile(r"[A-Z][\w.\-]*\d[\w.\-]*\b(?:\s*\([^()]*\))?\s+[a-z]")  # 'Qwen3-1.7B is at ...'
_GLYPH_CHAR = re.compile(GLYPHS)
_GLYPH_NAME = re.compile(r"(?:\b(?:[Ll]ine|[Ss]eries|[Cc]urve|[Mm]arker|[Bb]ar)\s+)?(?P<glyph>" + GLYPHS + r")")
_PRONOUN = re.compile(r"^(?:It|Its|This (?:line|curve|series|model))\b")
_VALUE_AT = re.compile(r"\d[\d.,]*\s*%?\s+(?:at|@|on|in)\s+$")  # '33.2 at KV 1000', '79.7 on AIME 2025': a category
_COMPARED_WITH = re.compile(r"(?i)\b(?:below|above|than|over|under|beneath|behind|beyond|ahead of|vs\.?|versus|tracks|follows|"
                            r"matches|mirrors|trails|overlaps(?: with)?|crosses|overtakes|surpasses|exceeds|beats|"
                            r"outperforms|approaches|(?:close|similar|next) to|near|like)\s+$")
# A sentence that opens with its x category: 'At 2k tokens, ...', 'With a 4,096-token budget ...'.
_NUMERIC_CATEGORY = r"(?:[A-Za-z][\w-]*\s+){0,2}?(?:[^\W\d_][\w-]*\s*=\s*)?(?:[~≈]\s*)?\d+(?:[.,]\d+)*\s*[kKM]?" \
    r"(?:[\s-]*(?!(?:group|panel|subplot|cluster|category)\b)[A-Za-z][\w-]*)?"
_OPENING_CATEGORY = re.compile(
    r"^(?P<prep>at|with|under|for|by|on|in)\s+(?:an?\s+|the\s+)?(?:(?:(?-i:[a-z])[\w-]*\s+){0,2}(?-i:[a-z])[\w-]*,\s+)?"
    r"(?P<cat>" + _NUMERIC_CATEGORY + r"|(?-i:[A-Z])[\w.\-@+]*(?:\s(?-i:[A-Z0-9])[\w.\-@+]*){0,2}"
    r"(?:,\s*" + _NUMERIC_CATEGORY + r")?(?=\s*,|\s+(?:group|panel|subplot|cluster|category)\b|(?P<the>(?=\s+(?-i:the)\s))))"
    r"(?:\s+(?:group|panel|subplot|cluster|category)\b)?(?:\s*\([^()]{1,30}\))?\s*,?\s+", re.IGNORECASE)
_METRIC_AFTER = re.compile(r"^\s*(?:accuracy|score|pass@\d+|success|performance|results?|rate|win|exact|f1)\b",
                           re.IGNORECASE)


def _opening(sentence: str) -> re.Match[str] | None:
    """The category a sentence opens with ('At 2k tokens,', 'On MMLU,'); a name followed by
    'the' is one only after 'on'/'in' ('On MATH-500 the gray bar', not 'For QwQ-32B the curve')."""
    opening = _OPENING_CATEGORY.match(sentence)
    if opening is not None and opening.group("the") is not None and opening.group("prep").lower() not in ("on", "in"):
        return None
    return opening


def _names_category(sentence: str, categories: frozenset[str]) -> bool:
    """Whether `sentence` names one of the text `categories` of the x axis."""
    lowered = sentence.lower()
    return any(c[:1].isalpha() and c in lowered for c in categories)


def _introduced_series(text: str, series: tuple[str, ...]) -> str | None:
    """The one series a paragraph names (a model-like name with a digit, or a legend label), or None."""
    names = {m.group("name").rstrip(".") for m in _NAME_TOKEN.finditer(text)
             if _HAS_DIGIT(m.group("name")) and not find_numbers(m.group("name")) and len(m.group("name")) >= 3}
    names |= {label for label in series if label and _rx(r"(?<![\w.\-])" + re.escape(label) + r"(?![\w\-])").search(text)}
    return names.pop() if len(names) == 1 else None


@lru_cache(maxsize=256)
def _worded_series(series: tuple[str, ...]) -> dict[str, re.Pattern[str]]:
    """Patterns for the legend labels of several words, as prose writes them: in any case and by
    their stems ('Majority Vote' as 'majority voting')."""
    found: dict[str, re.Pattern[str]] = {}
    for label in series:
        words = label.split()
        if len(words) < 2 or not all(_rx(r"[A-Za-z]{3,}").fullmatch(w) for w in words):
            continue  # one word, or names with digits or marks, are matched as written
        body = r"\s+".join(re.escape(w[: max(3, len(w) - 2)]) + r"[a-z]*" for w in words)
        found[label] = re.compile(r"(?i)(?<![\w.\-])" + body + r"(?![\w\-])")
    return found


def _overlaps(names: list[tuple[int, int, str]], start: int, end: int) -> bool:
    """Whether the span start..end overlaps a name already found in the sentence."""
    return any(a < end and start < b for a, b, _ in names)


def _in_category(reading: Reading, category: str) -> Reading:
    """`reading` under the category its sentence opens with; a category of its own comes first
    ('In the τ = 0.3 cluster, ... 28.4 ... for N = 4': both)."""
    if reading.at:
        return reading
    if not reading.category:
        return replace(reading, category=category)
    own, opening = (_rx(r"[^\W\d_]+").findall(c.lower()) for c in (reading.category, category))
    if not own or not opening or set(own) & set(opening) or ", " in reading.category:
        return reading  # '... at 1024 it reaches 66.9%' after 'With a 512-token budget': the same key, its own wins
    return replace(reading, category=f"{reading.category}, {category}")


def _placed_readings(text: str, categories: frozenset[str] = frozenset()) -> tuple[Reading, ...]:
    """The values of a sentence that are placed on x: written with their category (``42.0 at
    a budget of 2500``) or after an opening one (``At 1024 (1,024 tokens), the accuracy is 28.9%``,
    ``At Easy the readings are 72.7 (blue), ...`` where Easy is an x category)."""
    placed: list[Reading] = []
    for sentence in _rx(r"(?<=[.!?])\s+(?=[A-Z])").split(text):
        opening = _opening(sentence)
        ticked = _TICK_OPENING.match(sentence) if opening is None and categories else None
        if ticked and ticked.group("cat").lower() not in categories:
            ticked = None
        readings, _ = read_values(sentence[opening.end():] if opening else sentence[ticked.end():] if ticked else sentence)
        if opening or ticked:
            readings = [_in_category(r, (opening or ticked).group("cat").strip()) for r in readings]
        own = [r for r in readings if (r.category or r.at) and not r.is_listed]
        if own and own[0] is readings[0] and len(own) == 1 and len(readings) >= 2 \
                and all(_LOOK_AFTER.match(r.after_text) for r in readings):
            own = readings  # 'The final tick, 16k, gives 54.6 (purple), 45.2 (teal) and 33.8 (grey)': one place, told once
        placed.extend(own)
    return tuple(placed)


_LOOK_AFTER = re.compile(r"(?i)\s*\(\s*(?:" + LOOK + r")\b")


_COUNT_UNIT = re.compile(r"(?i)\b(token|sample|step|shot|generation|rollout|iteration|example|document|turn)s?\b")


def _place_units(*axis_lists: list[Axis]) -> tuple[str, ...]:
    """The count noun of the x axis's unit (``tokens`` in 'Context Length (tokens)'), when no
    y axis counts the same thing: a number written with it is a place on x."""
    x = next((a for axes in axis_lists for a in axes if a.role == "x"), None)
    unit = _COUNT_UNIT.search(f"{x.unit or ''} {x.label}") if x is not None else None
    if unit is None or any(a.role.startswith("y") and unit.group(1) in a.label.lower() for axes in axis_lists for a in axes):
        return ()
    return (unit.group(1),)


_NOT_A_PLACE_NOUN = frozenset("of the and in on per vs axis log scale linear number value values".split())


def _place_nouns(*axis_lists: list[Axis]) -> tuple[str, ...]:
    """The words of the x axis's name (``kv``, ``budget`` in 'KV Budget (tokens)'): a number right
    after them is a place on x (``at budget 128``)."""
    x = next((a for axes in axis_lists for a in axes if a.role == "x"), None)
    if x is None:
        return ()
    words = _rx(r"[a-z][a-z\-]+").findall(_rx(r"\([^()]*\)").sub(" ", x.label).lower())
    return tuple(sorted({w for w in words if w not in _NOT_A_PLACE_NOUN}))


def _places_follow(after: SourceLine | None, line: SourceLine, axes: list[Axis]) -> bool:
    """Whether the item after `line` is a plain sibling labelled by an x tick ('* Temperature 0.3: ~83.8%')."""
    if after is None or after.kind != "item" or after.depth != line.depth or after.content.lstrip().startswith(("**", "__")):
        return False
    label = split_label(after.content)[0]
    ticks = _known_categories(axes)
    return bool(label) and any(n.raw.lower() in ticks for n in find_numbers(label))


def _known_categories(*axis_lists: list[Axis]) -> frozenset[str]:
    return frozenset(t.lower() for axes in axis_lists for a in axes if a.role == "x" for t in a.ticks)


def prose_points(line: SourceLine, context: tuple[Span, ...], categories: frozenset[str] = frozenset(),
                 series: tuple[str, ...] = (), earlier: tuple[Span, ...] = (), subject: str | None = None,
                 place_units: tuple[str, ...] = (), place_nouns: tuple[str, ...] = ()) -> list[Point]:
    """Points from prose: each number belongs to the nearest model-like name before it in
    its sentence (``SmolLM2-1.7B-Instruct is plotted at 1.7B with about 48.2%``)."""
    text = clean(line.content)
    points: list[Point] = []
    # `subject`: the one series the previous sentence was about (at first, the series a lead names)
    opened_by = subject  # the series a bold lead names, if any
    topics: tuple[Span, ...] = earlier  # the sentences so far, for the benchmark a paragraph is about
    sentence_start = 0
    paragraph_place: str | None = None  # 'At **BF16**, ...' opening a paragraph: where its later sentences sit too
    for nth, sentence in enumerate(_rx(r"(?<=[.!?])\s+(?=[A-Z])").split(text)):
        sentence_start = text.find(sentence, sentence_start)
        # the sentence itself is the nearest topic: 'On AIME 2025 its curve is flatter: 22.4 at 2K, ...'
        topics = (*topics, Span(line.number, sentence))
        names = []
        # the categories values are written 'at' ('66.7 at SnapKV, KV Budget 1024') name no series
        at_spans = [(m.start("cat"), m.end("cat")) for n in find_numbers(sentence)
                    if (m := AT_PHRASE.match(sentence, n.end)) is not None] if " at " in sentence or "@" in sentence else []
        for match in _NAME_TOKEN.finditer(sentence):
            name = match.group("name").rstrip(".")
            head, _, tail = name.rpartition(" ")
            if head in series and parse_number(tail) is not None:
                continue  # 'StreamingLLM 42.5': a known series and its value, not a versioned name
            if (find_numbers(name) and " " not in name) or not _rx(r"\d").search(name) or len(name) < 3:
                continue
            if _rx(r"(?:[xyXY]-axis|\d+[A-Za-z]+|pass@\d+)", re.IGNORECASE).fullmatch(name) or name.lower() in categories:
                continue
            if _METRIC_AFTER.match(sentence[match.end():]):
                continue
            if _VALUE_AT.search(sentence, 0, match.start()) or any(a <= match.start() < b for a, b in at_spans):
                continue  # '33.2 at Thinking Budget 1000': the value's category, not a series
            if opened_by and _COMPARED_WITH.search(sentence, 0, match.start()):
                continue  # under a lead naming the series, 'three points above H2O' compares with another
            names.append((match.start(), match.end(), name))
        worded = _worded_series(series)
        for label in series:  # a series the legend names, written as it is there ('Greedy')
            at, end = sentence.find(label), 0
            if at >= 0:
                end = at + len(label)
            elif label in worded and (told := worded[label].search(sentence)):
                at, end = told.span()  # 'Majority voting lifts it to 80.1%' under a legend's 'Majority Vote'
            if at >= 0 and not _overlaps(names, at, end) and \
                    _rx(r"[^\w)]?").fullmatch(sentence[end: end + 1] or "") and \
                    sentence[at - 1: at] not in ("(", "-") and \
                    not (opened_by and _COMPARED_WITH.search(sentence, 0, at)):  # 'begins well above StreamingLLM with 30.6'
                names.append((at, end, label))
        for match in _LOOK_NAMED.finditer(sentence):  # the name, not the look, is the series
            if not _overlaps(names, match.start("name"), match.end("name")):
                names.append((match.start("name"), match.end("name"), match.group("name")))
        for match in _GLYPH_NAME.finditer(sentence) if _GLYPH_CHAR.search(sentence) else ():  # 'Line ① is the most stable'
            if not _overlaps(names, match.start(), match.end()) and not _COMPARED_WITH.search(sentence, 0, match.start()):
                names.append((match.start(), match.end(), match.group("glyph")))
        for match in _COLOUR_SUBJECT.finditer(sentence):  # 'teal reaches only ~62.5%': a colour as the subject
            if not _overlaps(names, match.start(), match.end()):
                names.append((match.start(), match.end(), match.group(0)))
        for match in _SERIES_REFERENCE.finditer(sentence) if not opened_by and _SERIES_HINT.search(sentence) else ():
            # 'The second series starts much lower', 'the upper line starts at': by legend order or by place (under
            # a lead that names the series, such a reference is that series again)
            if not _overlaps(names, match.start(), match.end()) and not _COMPARED_WITH.search(sentence, 0, match.start()) \
                    and not _PREDICATE.search(sentence, 0, match.start()):  # 'this is the highest line': no subject
                names.append((match.start("name"), match.end("name"), match.group("name")))
        for match in _STYLE_REFERENCE.finditer(sentence):
            if _COMPARED_WITH.search(sentence, 0, match.start()):
                continue  # 'slightly below the solid line': a comparison, not the subject
            if not _overlaps(names, match.start(), match.end()):
                names.append((match.start("name"), match.end("name"), match.group("name")))
        opening = _opening(sentence)
        if opening:  # 'At Thinking Budget 1000, ...': the opening is the category, not a name
            names = [n for n in names if n[0] >= opening.end("cat")]
        names.sort()
        for index, (start, end, name) in enumerate(names):  # 'the blue line (llama 3.1 8b instruct) opens at ...'
            aside = _rx(r"\s*\(([^()]{2,60})\)").match(sentence, end)
            if aside:
                named = (_STYLE_REFERENCE.fullmatch(name) or _SHAPE_REFERENCE.fullmatch(name)) is not None and (
                    _HAS_DIGIT(aside.group(1)) or aside.group(1).strip() in series)  # 'The circles (SnapKV)'
                names[index] = (start, aside.end(), aside.group(1).strip() if named else name)
        names = [n for i, n in enumerate(names) if not any(s < n[0] < e for s, e, _ in names[:i])]  # inside an aside
        # 'The middle legend entry, the blue hollow diamonds, follows ...', 'The largest blue point, Qwen3-14B, is
        # ...': two names in apposition are one series, told by the concrete name if there is one
        for i in range(len(names) - 1, 0, -1):
            if _APPOSITION.fullmatch(sentence, names[i - 1][1], names[i][0]) and _APPOSITION_END.match(sentence, names[i][1]):
                concrete = _HAS_DIGIT(names[i][2]) is not None or names[i][2] in series
                del names[i - 1 if concrete else i]
        if not names and subject and (_PRONOUN.match(sentence) or _IT.search(sentence)
                                      or not _names_category(sentence, categories)):
            # a sentence that names nothing goes on about the series the one before it was about ('The slope
            # then softens: the marker at (1024, 49.6) ...'), unless it is about x categories
            names = [(0, 0, subject)]  # 'The teal line moves the other way. It is highest ... about 35.0 at T = 0.2'
        elif names and subject and subject not in {n for _, _, n in names}:
            first_value = next((n.start for n in find_numbers(sentence[: names[0][0]])), None)
            if first_value is not None and not _VALUE_AT.search(sentence, 0, names[0][0]) \
                    and not _COMPARED_WITH.search(sentence, 0, names[0][0]) \
                    and not (_PLACE_OPENER.match(sentence) and len(find_numbers(sentence[: names[0][0]])) == 1):
                # (not 'When the budget is 8k the blue line sits near 34.6%': that number is the place of what follows)
                # 'It reaches 37.2 (256) ..., the closest any method gets to the FullKV line at 41.7': the values
                # before the first name are the subject's
                names = [(0, 0, subject), *names]
        subject = names[0][2] if len({n for _, _, n in names}) == 1 else None
        if nth == 0 and categories and not find_numbers(sentence):
            # 'The **W4A16** group shows the first visible drop.': the one x category a paragraph opens on
            told = [m.group(0) for c in categories if c[:1].isalpha()
                    for m in [_rx(r"(?<![\w.\-])" + re.escape(c) + r"(?![\w.\-])", re.IGNORECASE).search(sentence)] if m]
            paragraph_place = told[0] if len(told) == 1 else None
        if not names:
            continue
        sentence_category = opening.group("cat").strip() if opening and opening.end() <= names[0][0] else None
        if sentence_category is None and opening is None and categories:
            # 'The W8A8 cluster is almost indistinguishable ..., with labels of 68.2 for ...': the one text
            # category a sentence names before its first value is where its values sit
            first_value = next((n.start for n in find_numbers(sentence)), len(sentence))
            named = {sentence[m.start(): m.end()] for c in categories if c[:1].isalpha()
                     for m in [_rx(r"(?<![\w.\-])" + re.escape(c) + r"(?![\w.\-])", re.IGNORECASE).search(sentence, 0, first_value)]
                     if m is not None and not _overlaps(names, m.start(), m.end())  # a tick that names a series is none
                     and not _rx(r"\s*[≈~=:(]").match(sentence, m.end())}  # nor one with its own value ('X ≈ 1,480')
            if len({n.lower() for n in named}) == 1:
                sentence_category = named.pop()
        if opening is None and sentence_category is None:
            # 'Doubling the budget to 2k lifts the blue line to 31.5%': one x value before the names
            before = find_numbers(sentence[: names[0][0]])
            if len(before) == 1 and before[0].suffix != "%" and (_rx(r"(?i)\b(?:to|at|of|reaches|hits)\s+$").search(
                    sentence[: before[0].start]) and (before[0].raw[-1:] in ("k", "K") or before[0].raw.lower() in categories)
                    or _PLACE_OPENER.match(sentence) and not before[0].is_approximate):
                # 'When the budget is 8k the blue line sits near 34.6%', 'At 64K tokens the magenta marker sits near 83.9%'
                sentence_category = before[0].raw
        if nth == 0 and opening is not None and sentence_category is not None \
                and sentence_category.strip("*_` ").lower() in categories:
            paragraph_place = sentence_category  # an x tick, not 'At the far left, the 3.8-billion-parameter ...'
        elif sentence_category is None and opening is None and paragraph_place is not None \
                and not any(_rx(r"[A-Z][A-Z0-9\-]{1,6}").fullmatch(n) for _, _, n in names) \
                and not any(n.raw.lower() in categories for n in find_numbers(sentence)):
            # '... The light green bar (X) is slightly shorter at 94.8%': another series at the paragraph's place (a
            # sentence that goes on about the same series, 'Switching to FP8 costs ...', may move it)
            sentence_category = paragraph_place
        # 'approximately 39 for Gemma 3 4B IT, 50 for Gemma 3 12B IT': the value comes first
        value_first: dict[int, tuple[str, int]] = {}  # name index -> (its value, where that value starts)
        for index, (start, end, name) in enumerate(names):
            offset = names[index - 1][1] if index else 0
            lead = _rx(r"(?P<value>(?:[~≈]\s*)?\d[\d.,]*\s*%?(?:\s*(?:tokens?/s|tok/s|TPS|GB|ms|s|tokens?|points?))?)"
                       r"\s+(?:for|by|from|with|on)\s+$").search(sentence[offset:start])  # '1,540 tokens/s for X'
            if lead:
                value_first[index] = (lead.group("value"), offset + lead.start())
        for index, (start, end, name) in enumerate(names):
            if index in value_first:
                readings, _ = read_values(value_first[index][0], place_units, place_nouns)
            else:  # the values after the name, up to the next name or the value written before it
                stop = names[index + 1][0] if index + 1 < len(names) else len(sentence)
                if index + 1 in value_first:
                    stop = value_first[index + 1][1]
                readings, _ = read_values(sentence[end:stop], place_units, place_nouns)
            if sum(r.is_listed for r in readings) != len(categories) or not categories:
                # a list that is not one value per x category; a value at an ordinal place stays
                readings = [r for r in readings if not r.is_listed or (r.slot is not None and r.slot[1] == -1)]
            if sentence_category:
                readings = [_in_category(r, sentence_category) for r in readings]
            if readings and line.parts:  # a joined paragraph: each value on the physical line it was written on
                by_line: dict[tuple[int, str], list[Reading]] = {}
                base = value_first[index][1] if index in value_first else end  # where the read text starts
                for reading in readings:
                    core = _rx(r"\d[\d.,]*").search(reading.number.raw)  # 'about 60.5' may start on the line before
                    by_line.setdefault(_physical_line(line, sentence_start + base + reading.number.start,
                                                      core.group(0) if core else reading.number.raw), []).append(reading)
                points.extend(Point(line=number, quote=quote.strip(), context=context, label=name,
                                    readings=tuple(group), topics=topics) for (number, quote), group in by_line.items())
            elif readings:
                points.append(Point(line=line.number, quote=line.text.strip(), context=context, label=name,
                                    readings=tuple(readings), topics=topics))
    return points


def _physical_line(line: SourceLine, offset: int, raw: str) -> tuple[int, str]:
    """The physical line of a joined paragraph that holds the value written `raw` at or after
    `offset` of its cleaned content (cleaning only removes characters, so the raw offset is no
    smaller)."""
    first = line.part_at(offset)[0]
    for start, number, text in line.parts:
        # searched from the offset on: an earlier occurrence of the same number is another value ('~13%, ... ~13%')
        if number >= first and text.find(raw, max(0, offset - start)) >= 0:
            return number, text
    return line.part_at(offset)
