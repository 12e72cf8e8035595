"""Layer 2 of extraction: recognizers for what one data line says.

A data line is split into an optional label (``**Qwen3-8B:**``, ``KV Budget 2500:``,
``GSM8K (Blue):``) and the rest, and the rest into readings: numbers with the words that
name them, coordinate tuples, values with their x category (``42.7 (2500)``) and bare
lists. Nothing here knows model or benchmark names; it only splits and labels.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from benchdb.etl._rx import rx as _rx
from benchdb.etl.extract.chart import Reading
from benchdb.etl.extract.numbers import Number, find_numbers, parse_number
from benchdb.etl.extract.styles import GLYPHS, LOOK, MARKS, SHAPES

_BOLD = re.compile(r"\*\*|__")
_CODE = re.compile(r"`")
_LEADING_LABEL = re.compile(
    r"^\s*(?:\*\*(?P<bold>[^*]+?)\*\*(?:\s*(?P<bnote>\([^)]*\))(?=\s*[:：]))?\s*[:：]?\s*(?:[-–—]\s+)?|"
    r"(?P<plain>[^:：→]{1,80}?)\s*[:：](?:[*_]{1,2}(?=\s))?(?:\s+|$)|"  # '*Trend:* ...': the emphasis closes after the colon
    r"(?P<dashed>[^\s:：—–→]{2,60}(?: [^\s:：—–→]{1,20}){0,3}?)\s+(?:[—–→⇒]|->|=>)\s+(?=\S))"
)
# Words that describe how a point looks or where it sits, not what it is.
DESCRIPTIVE_FIELDS = re.compile(
    r"^(?:position|location|placement|colou?r|marker|symbol|glyph|shape|size|style|error\s*bars?|"
    r"(?:(?:general|overall|main|visual)\s+)?trends?(?:\s+\w+){0,2}|"
    r"(?:[\w-]+\s+){0,2}verification|"
    r"note|notes|observation|description|appearance|visual|label|labels|annotation|line\s*style|"
    r"legend(?:\s+\w+)?|spatial\s+\w+|pattern|highlight|comment|remark|outliers?|range|spread|clustering|distribution|"
    r"extremes?|comparison|summary|(?:[xy]|horizontal|vertical)[\s-]*ax[ie]s(?:\s+(?:range|scale|ticks?|limits?|labels?|title))?|"
    r"count|number of points|total points|chart type|type|title|shaded (?:band|region|area)|band|region|"
    r"shading|annotation|arrow|inset|text|label text)$",
    re.IGNORECASE,
)
# The words of a header that only says data follows ('Data Points', 'Extracted values').
_DATA_WORDS = frozenset(
    "data table tables values value points point numerical numeric estimated estimates approximate extracted "
    "extraction reconstruction reconstructed readings reading raw summary full list from grid chart plot the of "
    "scores score results result series measurements numbers breakdown by detailed details transcription "
    "transcribed individual analysis key trends footer row reference references horizontal".split())
_MARK_WORDS = frozenset("line lines curve curves bar bars".split())  # data words only beside another ('Line Series Analysis')


def names_no_data(text: str) -> bool:
    """Whether `text` (a header or label) only says that data follows (``Data Points``,
    ``Approximate values``) and names no model, benchmark or setting."""
    words = {w.lower() for w in _rx(r"[A-Za-z]+").findall(text)}
    return bool(words - _MARK_WORDS) and not _rx(r"\d").search(text) and words <= _DATA_WORDS | _MARK_WORDS


# A label that prints a score beside its name: 'BF16 (GSM8K 84.6%)' is the series BF16, 84.6 on GSM8K.
PRINTED_SCORE = re.compile(r"(?P<name>[^()]*?\S)\s*\((?P<key>[A-Za-z][\w@.\- ]{0,30}?)[:=]?\s*"
                           r"(?P<value>[~≈]?\s*\d+\.\d+\s*%?|[~≈]?\s*\d+\s*%)\)")
# Numbers that annotate rather than measure: statistics, differences, counts.
_ANNOTATION_KEY = re.compile(
    r"(?:\b(?:r|r²|r\^2|rho|ρ|p|slope|intercept|correlation|coefficient|difference|diff|delta|gap|"
    r"improvement|gain|drop|decrease|increase|change|margin|speedup|n|count|points|std|sd|"
    r"variance|error|ci|interval)\s*[=:≈~]?\s*$)|[Δ±]\s*$",
    re.IGNORECASE,
)
# A number after these words locates a trend on the x axis (``flat after 2048``).
_TREND_POSITION = re.compile(
    r"\b(?:after|before|until|beyond|since|past|up to|between|exceeding|than|peaks? at|plateaus? at|from|"
    r"saturates? at|flattens? at|drops? at|onwards?|starting at|times|x)\s*$", re.IGNORECASE)
# Words that make the number in their clause a difference between values, not a value.
DIFFERENCE_START = r"(?=[gdwntlabhimsop])"  # first letters of the words below: a quick no elsewhere
_DIFFERENCE = re.compile(
    r"\b" + DIFFERENCE_START + r"(?:gap|difference|delta|widens?|narrows?|trails? by|leads? by|ahead by|behind by|lower by|higher by|"
    r"improves? by|improvement of|gains? of|drops? of|drop(?!\s+(?:back\s+)?to\b)|margin|speed-?up|more than|less than|"
    r"outperforms? by|points? (?:higher|lower|above|below))\b", re.IGNORECASE)
# a place and the relative clause that gives its value: 'up to 0.6, where it is near 23.9%'
_PLACE_THEN_WHERE = re.compile(r"(?i)\s*[A-Za-z/]{0,12}\s*,?\s*(?:where|at which point|by which point)\s+"
                               r"(?:it|the\s+\w+(?:\s+\w+)?|this\s+\w+)?\s*(?:is|sits|stands|reads|reaches|peaks|"
                               r"scores|hits|lands|rests|holds)?\s*(?:at|near|around|about)?\s*")
_PLACE_LEAD = re.compile(r"(?i)\b(?:at|to|up to|until|by|past|beyond|reaching)\s*$")
# the ends of an error bar or interval, written as its own range
_ERROR_RANGE = re.compile(r"(?i)\b(?:error bars?|confidence intervals?|whiskers?|CIs?)\b[^.;]{0,40}\b(?:from|between|spans?|"
                          r"spanning|extends?|extending|ranges?|ranging|covers?)\b(?:[^.;]|\.\d){0,40}$|"
                          # after a value, the spread around it: 'Average ~6900 tokens, range ~2,800 to ~12,400'
                          r"\d[^.;]*,\s*(?:(?:with\s+)?(?:a|the)\s+)?(?:range|spread|min(?:imum)?[-–/ ]max(?:imum)?)\s*(?:of|from|:)?\s*"
                          r"(?:[~≈]?\s*[\d.,]+\s*%?\s*[A-Za-z/]{0,12}\s*(?:to|-|–|and)\s*)?[~≈]?\s*$")
# a computation written out, '58.081 - 55.909 = 2.172', '61.2 / 58.9 ≈ 1.04': its numbers are derived, not read
_OPERAND = r"[~≈]?\s*\d[\d,]*(?:\.\d+)?%?"
ARITHMETIC = re.compile(r"(?<![\w.\-])" + _OPERAND + r"(?:\s*[-+−/×*÷]\s*" + _OPERAND + r")+\s*[=≈]\s*[-−]?" + _OPERAND)
_RATIO_AFTER = re.compile(r"(?i)\s*(?:times|×|x)\s+(?:the|as|that|more|less|higher|lower|larger|smaller|slower|faster|fewer|bigger|"
                          r"longer|shorter|cheaper|greater)\b")
_DIFFERENCE_AFTER = re.compile(r"(?i)\s*(?:%|percentage points?|points?|pts|pp)?\s+(?:below|above|higher than|lower than|"
                               r"less than|more than|ahead of|behind|apart|short of|(?:lower|higher)(?=\s*(?:[.,;)]|$)))\b")
# Points are a gap between two values, not a value: '8.8 points', '4.5 to 4.7 points', '1.4 pp'
_POINTS_AFTER = re.compile(r"(?i)(?:\s*(?:to|-|–)\s*[~≈]?\d[\d.]*)?\s*(?:percentage\s+)?(?:points?|pts|pp)\b")
_THRESHOLD = re.compile(r"(?i)\b(?:below|above|beyond|clears?|crosse?s?|exceeds?|surpass(?:es)?|breaks?)\s+(?:the\s+)?$")  # "the only bar below 8", "barely clears 30": a threshold
_WITHIN = re.compile(r"(?i)\bwithin\s+(?:about\s+|roughly\s+|approximately\s+|~\s*)?$")
_STOP_WORDS = {
    "a", "an", "the", "of", "at", "is", "are", "was", "with", "and", "to", "for", "on", "in", "by",
    "its", "it", "reaches", "reach", "scores", "score of", "value", "values", "approximate", "approximately",
    "about", "around", "roughly", "nearly", "which", "has", "had", "sits", "plotted", "located",
    "positioned", "at approximately", "just", "that", "this", "point", "be", "close",
}


@lru_cache(maxsize=1 << 14)
def clean(text: str) -> str:
    """Text without bold/italic/code markup and with normalised spaces (memoised: the
    same text is cleaned many times per document)."""
    if "*" in text or "_" in text:
        text = _BOLD.sub("", text)
        text = _rx(r"(?=[*_])(?:(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w))").sub("", text)
    if "`" in text:
        text = _CODE.sub("", text)
    if not text.isascii() and _DATA_BAR.search(text):  # '██▏ 21.4': an in-cell data bar of block characters
        text = _DATA_BAR.sub(" ", text)
    return " ".join(text.split())


_DATA_BAR = re.compile(r"[\u2580-\u259f]+")


def split_label(content: str) -> tuple[str | None, str | None, str]:
    """Split a data line into (label, note, rest).

    ``**Qwen3-8B (Ours):** (~8B, 81)`` gives ('Qwen3-8B', 'Ours', '(~8B, 81)');
    ``KV Budget 2500: Pass@1 ≈ 42.7`` gives ('KV Budget 2500', None, 'Pass@1 ≈ 42.7');
    a line without a label gives (None, None, line)."""
    match = _LEADING_LABEL.match(content)
    if not match:
        return None, None, clean(content)
    if match.group("bold") is not None:
        label = match.group("bold").strip()
        note_text = match.group("bnote")
    else:
        label = (match.group("plain") or match.group("dashed")).strip()
        note_text = None
        if len(label.split()) > 8 or _rx(r"[.!?]\s").search(label) or label.count("(") != label.count(")"):
            return None, None, clean(content)
        if match.group("dashed") is not None and find_numbers(label) and not _read_values(clean(content[match.end():]))[0]:
            return None, None, clean(content)  # 'SmolLM2-135M (135, 42.6) — purple circle': values, then a remark
    rest = clean(content[match.end():])
    label = clean(label).rstrip(":：").strip()
    if label[-1:] == ".":
        label = _LEAD_STOP.sub("", label)  # '**SnapKV (orange, triangles).**': a bold lead
    note = note_text.strip()[1:-1].strip() if note_text else None
    if note is None:
        label, note = split_note(label)
    return (label or None), note, rest


_LEAD_STOP = re.compile(r"(?<=[)A-Za-z0-9])\.$")  # "**Mistral-7B-Instruct-v0.3.**" too


def split_note(label: str) -> tuple[str, str | None]:
    """Split a trailing parenthetical from a label: 'Nova-3B (Ours)' -> ('Nova-3B', 'Ours')."""
    match = _rx(r"^(?P<name>.*?\S)\s*[\(\[](?P<note>[^()\[\]]*)[\)\]]\s*$").match(label) \
        if label.rstrip().endswith((")", "]")) else None
    if not match:
        return label, None
    return match.group("name").strip(), match.group("note").strip()


def _key_words(text: str) -> str:
    """The words of `text` that can name a quantity, without connectives and punctuation."""
    text = _rx(r"[\"'“”‘’]").sub("", text)
    text = _rx(r"[:=≈~∼(),;→⇒]+").sub(" ", text)
    words = [w for w in text.split() if w.lower() not in _STOP_WORDS]
    return " ".join(words).strip(" .-–—")


def after_text_raw(text: str, number: Number) -> str:
    """The text right after a number."""
    return text[number.end: number.end + 30]


_CATEGORIES_THEN_VALUES = re.compile(r"(?i)\s*(?P<unit>[a-z][\w\-]*)?\s+(?:read|reads|are|is|reach|reaches|score|scores|"
                                     r"give|gives|show|shows|come to|sit at|measure)\s+(?:about\s+|roughly\s+|approximately\s+)?"
                                     r"(?:[~≈]\s*)?")
_AXIS_KEY = re.compile(r"(?i)(?<![\w-])([xy])\s*(?:=|≈)\s*$")  # '... at y = 73.6': the value is a y coordinate
_LIST_SEP = re.compile(r"\s*(?:,|,?\s*and)\s*")
_FOR_KEY = re.compile(r"\s*,?\s+(?:for|at|with|under)\s+(?:the\s+)?(?P<key>[^\d,;.]{1,30}?)\s*(?=[~≈]?\d)")
_RESPECTIVELY = re.compile(r"(?i)\s*,?\s*respectively\b")


def _respective(rest: str, numbers: list[Number], used: set[int]) -> dict[int, str]:
    """Values listed with their categories listed after them, 'respectively': '28.4, 31.9 and
    33.6 for N = 4, N = 16 and N = 64, respectively' -> {value index: 'N = 4', ...}; marks the
    categories' numbers used."""
    found: dict[int, str] = {}
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and _LIST_SEP.fullmatch(rest, numbers[j].end, numbers[j + 1].start):
            j += 1
        size = j - i + 1
        lead = _FOR_KEY.match(rest, numbers[j].end) if size >= 2 and j + size < len(numbers) else None
        if lead is None or any(k in used for k in range(i, j + size + 1)):
            i = j + 1
            continue
        key = lead.group("key").strip()
        places = [j + 1]
        bare_key = _rx(r"\s*=\s*$").sub("", key)
        for k in range(j + 2, j + size + 1):
            between = rest[numbers[k - 1].end: numbers[k].start]
            if not _rx(r"\s*(?:,|,?\s*and)\s*(?:" + re.escape(bare_key) + r"\s*=?\s*)?").fullmatch(between):
                break
            places.append(k)
        tail = rest[numbers[places[-1]].end:]
        if len(places) == size and _RESPECTIVELY.match(tail) and not numbers[places[-1]].is_signed:
            for value, place in zip(range(i, j + 1), places):
                found[value] = f"{key} {numbers[place].raw}"
                used.add(place)
            i = places[-1] + 1
            continue
        i = j + 1
    return found


_PLACE_NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:\s?[kKM])?"
# A place on the x axis written around a number, never a value of its own: a compound adjective
# ('the 2k-token budget', 'the 65,536-token context'), a number before a tick noun ('the 4k mark'),
# or a setting and a verb ('when the temperature is 0.2', 'at a temperature of 0.4', 'when T reaches 0.8'); each
# form with the words it cannot be without, so that it is tried only where they are.
_PLACE_FORMS = tuple((guards, re.compile(pattern), group) for guards, pattern, group in (
    (("-",), r"(?<![\w.,\-])(?P<compound>" + _PLACE_NUMBER + r")-(?P<unit>tokens?|toks?|samples?|shots?|steps?|bits?|words?)\b",
     "compound"),
    (("mark", "tick", "position", "setting", "level", "budget", "context", "cache", "window"),
     r"\b(?i:the|an?)\s+(?P<ticked>" + _PLACE_NUMBER + r")(?:[\s-]+(?:token|sample))?\s+(?:mark|tick|position|setting|"
     r"level|budget|context|cache|window)\b", "ticked"),
    ((", at", ",at"), r",\s*at\s+(?P<aside>" + _PLACE_NUMBER + r")\s*,(?=\s*[a-z])", "aside"),  # 'Its first marker, at 0.2, reads'
    (("tick,", "Tick,", "tick (", "Tick ("), r"(?i:\b(?:at\s+|by\s+)?the\s+[a-z]+\s+tick(?:,\s*|\s*\(\s*))(?P<named>"
     + _PLACE_NUMBER + r")(?!\w|\.\d)", "named"),  # 'at the rightmost tick, 1.2', 'By the second tick (2k)'
    (("is", "of", "reach", "hit", "equal", "rise", "increase", "grow"),
     r"(?i:\b(?:when|where|at|for|with|once|as|until)\s+(?:the\s+|an?\s+)?"
     r"(?:temperature|budget|context(?:\s+length)?|(?-i:[A-Zτλ]))\s*(?:is|of|reaches|hits|equals|rises\s+to|"
     r"increases\s+to|grows\s+to)\s*)(?P<keyed>(?:\d+(?:\.\d+)?|\.\d+)(?:\s?[kK])?)(?!\w|\.\d)", "keyed"),
    (("=",), r"(?i:\b(?:at|when|where)\s+)(?-i:[A-Zτλ])\s*=\s*(?P<symbol>" + _PLACE_NUMBER + r")(?!\w|\.\d)",
     "symbol"),  # 'Rises to a peak at τ = 0.6': a place, no value
    (("at ", "At ", "AT "), r"(?i:\bat\s+)(?:[A-Za-zτ]\s*=\s*)?(?P<lead>" + _PLACE_NUMBER + r")(?:[\s-]+(?i:tokens?|samples?|steps?|shots?))?"
     r"\s+(?=(?i:it|its|they|this|the)\s)",
     "lead"),  # 'and at 1.2 it ends at 50.6', 'and at x = 4k it is about 55.3'
    (("arker", "oint", "eading", "ot ", "ots ", "ircle", "quare", "riangle", "iamond", "tar ", "line at", "curve at", "tick at"),
     r"(?i:\b(?:marker|point|dot|reading|circle|square|triangle|diamond|star|(?:grid\s*)?line|curve|tick)s?\s+(?:at|for)\s+)"
     r"(?P<marked>" + _PLACE_NUMBER
     + r")(?!\w|\.\d|\s*(?:,|and\b|or\b)\s*\d)", "marked"),  # 'the marker at 8k sits at roughly 63.9'
))
# Between a value and the place right after it: '71.4% under the ', '90.5% at the '
_VALUE_THEN_PLACE = re.compile(r"\s*%?\s*,?\s*(?:(?:[a-z]+)\s+){0,3}")
# Where a clause ends inside a sentence: a place does not reach across it
_CLAUSE_END = re.compile(r"[;:]|,\s*(?:and|then|but|while|whereas|before|after|which|so)\b|\.\s")


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
LIST_PLACES = "|".join(ORDINALS) + "|last|final"  # a place in a list: the legend's entries, the x ticks
# A place by its order on the x axis: 'The first marker is at ...', 'the fifth approximately 35.2%',
# 'the sixth and final marker'; not 'the first panel', 'the first doubling' or 'the second triangle' (a
# series' marker) or 'the third bar' (a series in its cluster)
_ORDINAL_PLACE = re.compile(
    r"(?i)\bthe\s+(?P<ordinal>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)"
    r"(?P<final>\s+and\s+(?:final|last))?(?:\s+(?:marker|point|data point|tick)s?\b"
    r"|(?=\s+(?:is|sits|reads|lies|at|approximately|about|roughly|around|near|~|≈)\b|\s*[~≈]|\s+\d))")


_ORDINAL_HINT = re.compile(r"(?i)\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)\s")


class _Place(NamedTuple):
    """An x place written in a text: where it starts (for a value's distance to it) and ends,
    and either its number (with the unit word after it) or its order on the x axis."""

    start: int
    end: int
    number: Number | None = None
    unit: str = ""
    order: int | None = None  # 'the third marker': 2; 'the last': -1
    span_end: bool = False  # the second place of 'between 8 and 32': a value alone after them is there


_LIST_BEFORE = re.compile(r"\d\s*(?:,|\band|\bor)\s*$")


_BETWEEN_KEYED = re.compile(r"(?i)\bbetween\s+(?P<key>[a-zτλ])\s*=\s*(?P<a>" + _PLACE_NUMBER + r")\s+and\s+(?:(?P=key)\s*=\s*)?"
                            r"(?P<b>" + _PLACE_NUMBER + r")(?![\w%]|\.\d)")


@lru_cache(maxsize=64)
def _between_places(nouns: str) -> re.Pattern[str]:
    """Two places on x that open a clause: 'Between 8 and 32 it continues to 1,620', 'between batch
    sizes 1 and 8 the blue line climbs from 68 to 495' (not a range of values: 'varies between 45 and 50')."""
    return _rx(r"(?i)(?:^|(?<=[.;,:]\s)|(?<=\band\s)|(?<=\bthen\s))between\s+(?:(?:the\s+)?(?:" + nouns + r")s?[\s-]+){0,3}"
               r"(?P<a>" + _PLACE_NUMBER + r")\s+and\s+(?P<b>" + _PLACE_NUMBER + r")(?![\w%]|\.\d)"
               r"(?=\s*,?\s+(?:it|its|they|the|this|that|from|[a-z]+\s+(?:line|curve|bar|series)s?)\b)")


def _places(rest: str, units: tuple[str, ...] = (), nouns: tuple[str, ...] = ()) -> list[_Place]:
    """The x places written in `rest`, in order: `_PLACE_FORMS` (each tried only where its words
    are), ordinal places (`_ORDINAL_PLACE`), numbers in the x axis's `units` ('16,384 tokens') and
    numbers after the words of the x axis's name ('at budget 128', 'by a KV budget of 1024')."""
    found: list[_Place] = []
    for match in _ORDINAL_PLACE.finditer(rest) if _ORDINAL_HINT.search(rest) else ():
        word = match.group("ordinal").lower()  # 'the sixth and final': the sixth
        found.append(_Place(match.start(), match.end(), order=ORDINALS.index(word) if word in ORDINALS else -1))
    taken: list[tuple[int, int]] = []  # the numbers already placed: an earlier form wins an overlap

    def placed(a: int, b: int) -> bool:
        return any(x < b and a < y for x, y in taken)

    for guards, pattern, group in _PLACE_FORMS:
        if not any(g in rest for g in guards):
            continue
        for match in pattern.finditer(rest):
            a, b = match.span(group)
            number = parse_number(match.group(group).replace(" ", ""))
            if number is None or placed(a, b):
                continue
            taken.append((a, b))
            found.append(_Place(a if group not in ("keyed", "named", "symbol") else match.start(), b, number,
                                match.group("unit") or "" if group == "compound" else ""))
    lowered = rest.lower() if nouns else ""
    if nouns and any(noun in lowered for noun in nouns):
        named = "|".join(re.escape(noun) for noun in nouns)
        for match in _rx(r"(?i)\b(?:at|by|for|with|under|on|in)\s+(?:(?:a|an|the)\s+)?(?:(?:" + named + r")[\s-]+){1,3}"
                         r"(?:of\s+|=\s*|:\s*|is\s+)?(?P<n>" + _PLACE_NUMBER + r")(?![\w%]|\.\d)").finditer(rest):
            number = parse_number(match.group("n").replace(" ", ""))
            if number is not None and not placed(*match.span("n")):
                taken.append(match.span("n"))
                found.append(_Place(match.start(), match.end("n"), number, ""))
    if "etween" in rest:  # 'Between batch sizes 1 and 8 the blue line climbs from 68 to 495 tokens/s'
        for match in _BETWEEN_KEYED.finditer(rest):  # 'crosses above it between k=1 and k=2': two places, no values
            for group in ("a", "b"):
                number = parse_number(match.group(group).replace(" ", ""))
                if number is not None and not placed(*match.span(group)):
                    taken.append(match.span(group))
                    found.append(_Place(match.start(group), match.end(group), number, ""))
        named = "|".join(re.escape(noun) for noun in nouns) if nouns else "(?!)"
        for match in _between_places(named).finditer(rest):
            pair = [parse_number(match.group(g).replace(" ", "")) for g in ("a", "b")]
            if None in pair or placed(match.start("a"), match.end("b")):
                continue
            taken.append((match.start("a"), match.end("b")))
            found.append(_Place(match.start(), match.end("a"), pair[0], ""))
            found.append(_Place(match.start("b"), match.end("b"), pair[1], "", span_end=True))
    for unit in units if any(u in rest for u in units) else ():
        for match in _rx(r"(?<![\w.,\-])(?P<n>" + _PLACE_NUMBER + r")\s+" + unit + r"s?\b(?![/-]|\s+per\b)").finditer(rest):
            number = parse_number(match.group("n").replace(" ", ""))
            if _LIST_BEFORE.search(rest, 0, match.start("n")):
                continue  # '1, 3, 5 and 8 shots read 52.7, ...': the last of a list of places, bound in order
            if number is not None and not placed(*match.span("n")):
                taken.append(match.span("n"))
                found.append(_Place(match.start("n"), match.end("n"), number, ""))
    found.sort(key=lambda place: place.start)
    return found


def _clause_stop(rest: str, place: _Place) -> int:
    """Where the clause that goes on after `place` ends (its values are the place's)."""
    stop = _CLAUSE_END.search(rest, place.end)
    return stop.start() if stop else len(rest)


def _bind_places(rest: str, readings: list[Reading], places: list[_Place]) -> list[Reading]:
    """Each value without a place takes the x place written right after it ('71.4% under the 1k-token
    budget'), else the nearest unused one before it in its clause ('At the 4k mark it posts 86.9%')."""
    free = [k for k, r in enumerate(readings) if r.category is None and r.at is None and r.position is None
            and not r.is_listed and r.number.suffix not in ("B", "M", "T")]  # a size is no value at a place
    used: set[int] = set()
    bound: dict[int, int] = {}
    for j, place in enumerate(places):
        if not place.span_end or j == 0:
            continue
        # the values of the clause the pair opens: 'from 68 to 495' are at both, 'continues to 1,620' at the second
        stop = _clause_stop(rest, place)
        after = [k for k in free if place.end <= readings[k].number.start < stop
                 and not any(place.end <= p.start < readings[k].number.start for p in places)]
        if len(after) == 2:
            bound[after[0]], bound[after[1]] = j - 1, j
            used.update((j - 1, j))
        elif len(after) == 1:
            bound[after[0]] = j
            used.update((j - 1, j))
    for k in free:
        if k in bound:
            continue
        number = readings[k].number
        after = next((j for j, p in enumerate(places) if p.start >= number.end), None)
        if after is not None and places[after].order is not None:
            continue  # an ordinal place opens its clause ('..., the fifth approximately 35.2%'): it binds forward
        if after is not None and after not in used and _VALUE_THEN_PLACE.fullmatch(rest, number.end, places[after].start) \
                and not _CLAUSE_END.search(rest, number.end, places[after].start) \
                and not any(number.end <= r.number.start < places[after].start for r in readings):
            bound[k] = after
            used.add(after)
    for k in free:
        if k in bound:
            continue
        number = readings[k].number
        before = [j for j, p in enumerate(places) if p.end <= number.start and j not in used
                  and not _CLAUSE_END.search(rest, p.end, number.start)
                  and not any(p.end <= r.number.start < number.start for r in readings)]
        if before:
            bound[k] = before[-1]
            used.add(before[-1])
    placed = {k: places[j] for k, j in bound.items()}
    return [r if k not in placed else replace(r, at=placed[k].number, at_unit=placed[k].unit)
            if placed[k].order is None else replace(r, is_listed=True, slot=(placed[k].order, -1))  # the k-th x category
            for k, r in enumerate(readings)]


def read_values(rest: str, place_units: tuple[str, ...] = (),
                place_nouns: tuple[str, ...] = ()) -> tuple[list[Reading], list[tuple[Number, str]]]:
    """Readings in the value part of a data line, and the numbers left out with why.

    Tuples ``(4B, 81)`` give positioned readings; ``42.7 (2500)`` gives a value with its
    x category; ``Pass@1 ≈ 81.4`` and ``55 Pass@1`` give keyed readings; a bare list
    ``21.3, 33.8, 45.0`` after a colon gives listed readings. Numbers after ± or behind a
    statistic (``r = -0.77``) are left out. A number followed by one of `place_units` (the x
    axis's unit, ``tokens`` on a context-length axis) is a place on x, not a value; so is a
    number after words of the x axis's name, `place_nouns` (``at budget 128``)."""
    if place_nouns:  # only the nouns the text holds: the memo then serves the same text read without them
        lowered = rest.lower()
        place_nouns = tuple(noun for noun in place_nouns if noun in lowered)
    readings, dropped = _read_values(rest, place_units, place_nouns)
    return list(readings), list(dropped)


@lru_cache(maxsize=1 << 14)
def _read_values(rest: str, place_units: tuple[str, ...] = (),
                 place_nouns: tuple[str, ...] = ()) -> tuple[tuple[Reading, ...], tuple[tuple[Number, str], ...]]:
    # memoised: parse_chart asks about the same text more than once (a line, then its value part)
    numbers = find_numbers(rest)
    if not numbers:
        return (), ()
    readings: list[Reading] = []
    dropped: list[tuple[Number, str]] = []
    used: set[int] = set()
    # a year that ends a name (AIME 2024, AMC 2023) is part of the name, not a value
    name_parts = {i for i, number in enumerate(numbers)
                  if not number.is_approximate and number.suffix is None and _rx(r"20[0-3]\d").fullmatch(number.raw)
                  and _rx(r"[A-Z][\w\-]*'?\s$").search(rest[: number.start])}
    used.update(name_parts)
    if '"' in rest or "“" in rest:
        for i, number in enumerate(numbers):
            if i and rest[number.start - 1: number.start] in ('"', "“") and rest[number.end: number.end + 1] in ('"', "”") \
                    and any(n.value == number.value for n in numbers[:i]):
                dropped.append((number, "printed label"))  # 'Constant at ~81.6%. The value "81.6" is printed at its end'
                used.add(i)
    if "↑" in rest or "↓" in rest or "▲" in rest or "▼" in rest:
        for i, number in enumerate(numbers):
            if i not in used and _rx(r"[↑↓▲▼]\s*[+\-−]?\s*$").search(rest, 0, number.start):
                dropped.append((number, "difference"))  # '91.6% (↑6.2%)': the change since the base, no value
                used.add(i)
    x_places = _places(rest, place_units, place_nouns)
    spanned: set[int] = set()  # the values of a clause opened by two places: 'Between 1 and 8 it goes from 74 to 540'
    for place in x_places:
        if place.span_end:
            stop = _clause_stop(rest, place)
            spanned.update(i for i, n in enumerate(numbers) if place.end <= n.start < stop)
    for i, number in enumerate(numbers):
        if any(place.start <= number.start < place.end for place in x_places):
            dropped.append((number, "axis position"))  # 'when the temperature is 0.2': a place, not a value
            used.add(i)
    # coordinate tuples: ( n , n [, n] ), and pairs in brackets: [4K, 0.587]
    brackets = (*_rx(r"\(([^()]*)\)").finditer(rest), *(_rx(r"\[([^\[\]]*)\]").finditer(rest) if "[" in rest else ()))
    for match in brackets:
        inside = [i for i, n in enumerate(numbers) if match.start() < n.start and n.end <= match.end()]
        if len(inside) < 2 or len(inside) > (3 if match.group(0)[0] == "(" else 2):
            continue
        inner = rest[match.start() + 1: match.end() - 1]
        if "tok" in inner or "param" in inner or "tps" in inner or "GB" in inner:  # '(0.9k tokens, 31.4%)': a unit
            inner = _rx(r"(?i)\b(?:(?:tokens?|toks?)(?:\s*/\s*s(?:ec)?\b)?|tps|GB|parameters?|params?)\b").sub(" ", inner)
        if "x" in inner or "y" in inner:  # '(x ≈ 8, y ≈ 44.3)': the coordinates named
            inner = _rx(r"(?i)(?<![a-z])[xy]\s*[=≈~:]").sub(" ", inner)
        between = _rx(r"[\d.,%~≈∼\s×^⁰¹²³⁴⁵⁶⁷⁸⁹⁻kKMBbTs+\-−]").sub("", inner)
        if _rx(r"(?i)approx(imately)?|about").sub("", between).strip(" :=;"):
            continue
        # the name right before the bracket, after the last ';' ('Qwen3-4B (x ≈ 4, y ≈ 58.0); Qwen3-8B (...)')
        lead = _TUPLE_LEAD.search(rest, 0, match.start())
        for position, index in zip(("x", "y", "z"), inside):
            readings.append(Reading(numbers[index], position=position,
                                    key_before=lead.group(1) if lead and position == "x" else ""))
            used.add(index)
    # a value followed by its category in parentheses: 42.7 (2500), 27.0 (KV Budget 2500)
    categories: dict[int, str] = _respective(rest, numbers, used) if "respectively" in rest else {}
    if "(" in rest and "," in rest:  # a tuple whose x is a name: '(Qwen3-4B, 88%)' on an axis of models
        for match in _NAMED_TUPLE.finditer(rest):
            inside = [i for i, n in enumerate(numbers) if match.start("value") <= n.start < match.end("value")]
            if len(inside) == 1 and inside[0] not in used:
                categories[inside[0]] = match.group("cat")
                used.add(inside[0])
    # a clause opened by its category holds for the values up to the next such opening:
    # 'At N=4, Self-Certainty ~68.1%, Majority Vote ~66.4%; at N=16, ...'
    openings = list(_AT_OPENING.finditer(rest)) if ("At " in rest or "at " in rest) and ("," in rest or ":" in rest) else []
    for k, opening in enumerate(openings):
        stop = openings[k + 1].start() if k + 1 < len(openings) else len(rest)
        keyed = _rx(r"^([A-Za-z][\w-]{0,20})\s*=").match(opening.group("cat"))
        again = _rx(r"\b" + re.escape(keyed.group(1)) + r"\s*=").search(rest, opening.end(), stop) if keyed else None
        if again:  # 'At x = 2k, ... 42.7, and at x = 4k it is ... 55.3': the next 'x =' starts another place
            stop = again.start()
        for j, number in enumerate(numbers):
            if opening.start("cat") <= number.start < opening.end("cat"):
                used.add(j)
            elif opening.end() <= number.start < stop and j not in used and number.suffix not in ("B", "M"):
                categories.setdefault(j, opening.group("cat").strip())
    for i, number in enumerate(numbers):
        if i in used:
            continue
        after = rest[number.end:]
        paren = _rx(r"\s*\((?P<cat>[^()]*\d[^()]*)\)").match(after) or (
            _rx(_UNIT_AFTER + r"\s*\((?P<cat>[^()\s]+(?:\s[^()\s]+){0,2})\)").match(after)  # '59 tokens/s (bs 1)'
            if "(" in after[:16] else None)
        named = _NAMED_PAREN.match(after) if "(" in after[:3] else None
        if named and _LOOK_WORDS.fullmatch(named.group("cat")):
            named = None  # '22.6 (Light Yellow)': the colour of its cell, not a category
        if named and not any(number.end < n.start < number.end + named.end() for n in numbers[i + 1:]):
            # a category named in parentheses: '91.5 (MMLU)', '61.4 (FullKV)', '87.3 (MATH-500)'
            categories[i] = named.group("cat")
            continue
        if paren and i + 1 < len(numbers) and numbers[i + 1].start > number.end:
            cat_numbers = [j for j in range(i + 1, len(numbers))
                           if numbers[j].start < number.end + paren.end()]
            cat_text = paren.group("cat").strip()
            if cat_numbers and _ERROR_BAR.search(cat_text):  # '84.9 (95% CI: -1.8, +1.6)'
                dropped.extend((numbers[j], "error bar") for j in cat_numbers)
                used.update(cat_numbers)
            elif len(cat_numbers) == 1 and (numbers[cat_numbers[0]].suffix == "%" or numbers[cat_numbers[0]].is_approximate) \
                    and number.suffix is None and not number.is_approximate and cat_text == numbers[cat_numbers[0]].raw \
                    and (_PLACE_BEFORE.search(rest, 0, number.start) or number.raw[-1:] in "kK"):
                # 'drops by 16,384 (90.1%)', 'stays close through 16K (~89.7)': the place, then its value
                categories[cat_numbers[0]] = number.raw
                used.add(i)
            elif cat_numbers and _WHERE_DRAWN.search(cat_text):
                dropped.extend((numbers[j], "axis position") for j in cat_numbers)  # '(just below the 72 gridline)'
                used.update(cat_numbers)
            elif cat_numbers and _rx(r"(?i)^\s*(?:out of\b|of\s+\d|max\b|/)").match(cat_text):
                dropped.extend((numbers[j], "annotation") for j in cat_numbers)  # '8.64 (out of 10)': the scale
                used.update(cat_numbers)
            elif cat_numbers and not _rx(r"(?i)^\s*(?:[±+\-−Δ~≈↑↓▲▼]|diff|delta|change|gain|drop|vs\b|n\s*=|"
                                         r"p\s*[<=]|ci\b|std|sd\b)").match(cat_text):
                categories[i] = cat_text
                used.update(cat_numbers)
    # a category before its value: "at 8k with 58.4", "at T = 0.6 it is 41.2"
    for i in range(len(numbers) - 1):
        if i in used or i in categories or (i + 1) in used or (i + 1) in categories or numbers[i].suffix in (
                "B", "M", "T", "%"):  # 'at 7B with 91.6%': a size is a quantity of its own
            continue
        between = rest[numbers[i].end: numbers[i + 1].start]
        if (_rx(r"(?i)\s+(?:with|it is|is|it reaches|reaches)\s+(?:about\s+|approximately\s+|roughly\s+)?(?:[~≈]\s*)?").fullmatch(
                between) or between.isspace() and numbers[i + 1].suffix == "%") and _rx(r"(?i)\b(?:at|@)\s+(?:[A-Za-z][\w\-]*\s*=?\s*)?$").search(
                rest[max(0, numbers[i].start - 24): numbers[i].start]) \
                and not _rx(r"(?i)\s*-?(?:tokens?|samples?|shots?|steps?)\b").match(rest, numbers[i + 1].end):
            # ('begins at 94.1 with 4,096 tokens': the place is the one with the unit)
            lead = _rx(r"(?i)\b(?:at|@)\s+(?P<key>(?:[A-Za-z][\w\-]*\s*=?\s*)?)$").search(rest[: numbers[i].start])
            categories[i + 1] = f"{lead.group('key') if lead else ''}{numbers[i].raw}".strip()
            used.add(i)
    # a value 'at' its category: keyed ("84.6 at T = 0.6", "41.0 @ budget=4096") or named up to the clause's
    # end ("42.7 at KV Budget 2048", "22.2 at AlpacaEval 2.0"); a bare "31.0 at 512" is left to the axes
    for i, number in enumerate(numbers):
        if i in used or i in categories or number.is_signed:
            continue
        phrase = AT_PHRASE.match(rest, number.end) or _WITH_AMOUNT.match(rest, number.end) or \
            (_KEYED_AFTER.match(rest, number.end) if "=" in rest else None) or \
            (_FOR_NAME.match(rest, number.end) if " for " in rest else None)
        if phrase:
            word = phrase.group("cat").rsplit(None, 1)
            categories[i] = f"{_NUMBER_WORDS.get(word[0].lower(), word[0])} {word[1]}" if len(word) == 2 \
                and word[0].lower() in _NUMBER_WORDS else phrase.group("cat")  # 'with one sample': 1 sample
            used.update(j for j in range(i + 1, len(numbers)) if numbers[j].start < phrase.end())
    # a value 'at' a bare number: "31.0 at 512", "0.64 at 0.6×10⁵ tokens"; the axes decide what it is
    at_numbers: dict[int, tuple[Number, str]] = {}
    for i, number in enumerate(numbers[:-1]):
        if i in used or i in categories or (i + 1) in used or number.is_signed or numbers[i + 1].is_signed:
            continue
        if numbers[i + 1].is_approximate and numbers[i + 1].suffix == "%":
            continue  # 'above 90% at approximately 94.6%': a hedged share is a value, not a place
        if _AT_NUMBER.fullmatch(rest[number.end: numbers[i + 1].start]):
            tail = _rx(r"\)?\s*(?P<word>[A-Za-z][\w\-/]*)?").match(rest[numbers[i + 1].end:])
            word = tail.group("word") if tail and tail.group("word") and not _rx(
                r"(?i)and|while|with|but|then|at|for|in|on|to|the|a|than|vs|ticks?|marks?|points?|positions?"
            ).fullmatch(tail.group("word")) else ""
            if word and _rx(r"(?i)[a-z]+/(?:s|sec)|tps|ms|s|secs?|seconds?|gb|mb|gib").fullmatch(word):
                continue  # '94.7% at 1,160 tokens/s': a rate or an amount is a quantity of its own, no place
            at_numbers[i] = (numbers[i + 1], word or "")
            used.add(i + 1)
    # a score over its scale: '8.05 / 10', '4.2/5' (the scale is no value)
    for i in range(len(numbers) - 1):
        if i in used or (i + 1) in used or numbers[i + 1].value not in (5.0, 10.0, 100.0) \
                or not 0 <= numbers[i].value <= numbers[i + 1].value or numbers[i].value == numbers[i + 1].value:
            continue
        if _rx(r"\s*/\s*").fullmatch(rest, numbers[i].end, numbers[i + 1].start) and not (
                _rx(r"\s*/").match(rest, numbers[i + 1].end) or _rx(r"/\s*$").search(rest, 0, numbers[i].start)):
            dropped.append((numbers[i + 1], "annotation"))
            used.add(i + 1)
    for i, number in enumerate(numbers[1:], 1) if "(" in rest else ():
        if number.is_signed and i not in used and _SIGNED_AFTER.fullmatch(rest, numbers[i - 1].end, number.start) \
                and rest[number.end:number.end + 2].lstrip()[:1] == ")":
            dropped.append((number, "difference"))  # '79.3 → 66.9 (−12.4)': the change, printed beside the value
            used.add(i)
    for i, number in enumerate(numbers) if "olumn" in rest or " row" in rest else ():
        if i not in used and _NAMES_A_PART.match(rest, number.end):
            dropped.append((number, "axis position"))  # 'The 32000 column is uniformly dark green': a tick, named
            used.add(i)
    for i, number in enumerate(numbers) if "→" in rest or "->" in rest or "⇒" in rest else ():
        if i not in used and _ARROW_TO_WORD.match(rest, number.end):
            dropped.append((number, "axis position"))  # '`131,072` → OOM': a place whose value is no number
            used.add(i)
    # a chain of three or more bare numbers joined by arrows is a list ('34.6 → 45.1 → 57.3'), not pairs
    arrowed = [i for i in range(len(numbers) - 1) if _ARROW.fullmatch(rest, numbers[i].end, numbers[i + 1].start)] \
        if "→" in rest or "->" in rest or "⇒" in rest else []
    chain = {j for i in arrowed if i + 1 in arrowed or i - 1 in arrowed for j in (i, i + 1)}
    # category-value pairs: "1024 KV: 740, 2048 KV: 610", "KV 1024 = 44.2", "1K → 21.4"
    for i in range(len(numbers) - 1):
        if i in used or i in categories or (i + 1) in used or i in chain:
            continue
        if "where" in rest or "which point" in rest:
            if numbers[i].suffix != "%" and _PLACE_THEN_WHERE.fullmatch(rest, numbers[i].end, numbers[i + 1].start) \
                    and _PLACE_LEAD.search(rest, 0, numbers[i].start):
                categories[i + 1] = numbers[i].raw  # 'up to 0.6, where it is near 23.9%': the place, then its value
                used.add(i)
                continue
        between = rest[numbers[i].end: numbers[i + 1].start]
        lead = _rx(r"[,;(|:\[\]]").split(rest[: numbers[i].start])[-1]
        approx_sign = between.isspace() and numbers[i + 1].raw[:1] in "≈~" and not numbers[i].is_approximate  # '2K ≈ 38.5'
        if (approx_sign or _rx(r"\s*(?:[A-Za-z][A-Za-z\-]{0,11}\s*){0,2}\s*(?::|=|→|->|⇒)\s*(?:[~≈]\s*)?").fullmatch(between)) \
                and _rx(r"\s*(?:[A-Za-z][A-Za-z\-]{0,11}\s*){0,2}(?:=\s*)?").fullmatch(lead) \
                and not _rx(r"[A-Za-z]").search(between.split(":")[-1] if ":" in between else ""):
            word_before = lead.strip()
            word_after = _rx(r"[:=→>⇒~≈\-]").sub(" ", between).strip()
            if not _rx(r"→|->|⇒").search(between) and _key_words(word_before + " " + word_after) and not _rx(r"(?i)kv|budget|tokens?|steps?|k\b|n\b|shots?|batch|size|level|samples?|epochs?|bits?|cache|"
                    r"context|length").search(word_before + " " + word_after):
                continue  # "Score: 5, Pass@1: 7" is keyed values, not categories
            categories[i + 1] = (word_before + " " + numbers[i].raw + " " + word_after).strip()
            used.add(i)
    # bare lists: n, n, n (and n) with nothing else between
    listed: set[int] = set()
    runs: list[list[int]] = []
    free = [i for i in range(len(numbers)) if i not in used]
    run: list[int] = []
    gaps: dict[int, int] = {}  # list member -> placeholders ('n/a', '–') written right before it
    placeholders = ("–" in rest or "—" in rest or "/a" in rest or "/A" in rest or "- " in rest or "one" in rest
                    or "ull" in rest or "issing" in rest or "OO" in rest or "✗" in rest) and _PLACEHOLDER.search(rest) is not None
    for slot in [*free, None]:
        gap = rest[numbers[run[-1]].end: numbers[slot].start] if slot is not None and run else ""
        unit = _LIST_UNIT.match(gap) if gap[:1] == " " and gap[1:2].isalpha() else None
        if unit and _rx(r"\s*" + re.escape(unit.group("unit")) + r"(?![\w/])").match(rest, numbers[slot].end):
            gap = gap[unit.end():]  # '15.2 GB, 15.9 GB and 17.3 GB': a list that repeats its unit
        between = _LIST_GAP.fullmatch(gap) if slot is not None and run else None
        if between is not None and slot not in categories and run[-1] not in categories:
            run.append(slot)
            if between.group("gaps"):
                gaps[slot] = len(_PLACEHOLDER.findall(between.group("gaps")))
            continue
        pair_list = len(run) == 2 and (
            _rx(r":\s*$").search(rest[: numbers[run[0]].start].rstrip(" ~≈"))
            or (_rx(r"\s*and\s*|\s+/\s+").fullmatch(rest[numbers[run[0]].end: numbers[run[1]].start])
                and numbers[run[0]].suffix == numbers[run[1]].suffix and numbers[run[0]].suffix not in ("B", "M")))
        tail = _LIST_TAIL.match(rest, numbers[run[-1]].end) if len(run) == 2 and placeholders else None
        if len(run) >= 3 or pair_list or (len(run) == 2 and (run[1] in gaps or tail)):  # '47.0, 58.9, –, –'
            listed.update(run)
            runs.append(run)
        run = [slot] if slot is not None else []
    # a list with placeholders ('~47.0 / ~58.9 / n/a / ~73.1'): each value's place in it, and the list's length
    slots: dict[int, tuple[int, int]] = {}
    for members in runs if placeholders else ():
        tail = _LIST_TAIL.match(rest, numbers[members[-1]].end)
        trailing = len(_PLACEHOLDER.findall(tail.group(0))) if tail else 0
        head = _LIST_HEAD.search(rest, 0, numbers[members[0]].start)
        leading = len(_PLACEHOLDER.findall(head.group(0))) if head else 0
        if trailing or leading or any(m in gaps for m in members):
            places = [leading + k + sum(gaps.get(m, 0) for m in members[: k + 1]) for k in range(len(members))]
            slots.update((m, (place, places[-1] + 1 + trailing)) for m, place in zip(members, places))
    # a list of values and the list of their categories: '4.3 s, 4.9 s and 6.6 s at batch sizes 1, 8 and 32'
    for values, places in zip(runs, runs[1:]):
        key = _rx(r"\s+(?:at|for)\s+(?P<key>(?:[A-Za-z][\w\-]*\s+){1,3})$").fullmatch(
            rest[numbers[values[-1]].end: numbers[places[0]].start])
        if key and len(values) == len(places):
            for value, place in zip(values, places):
                categories[value] = f"{key.group('key').strip()} {numbers[place].raw}"
                used.add(place)
            listed.difference_update(values + places)
            continue
        # the categories first: 'the markers at 1, 3, 5 and 8 shots read 52.7, 61.4, 64.0 and 64.9'
        places, values = values, places
        lead = _rx(r"(?i)\b(?:at|for|with)\s+$").search(rest[max(0, numbers[places[0]].start - 6): numbers[places[0]].start])
        verb = _CATEGORIES_THEN_VALUES.fullmatch(rest[numbers[places[-1]].end: numbers[values[0]].start])
        if lead and verb and len(values) == len(places) and not any(numbers[p].suffix == "%" for p in places):
            for value, place in zip(values, places):
                categories[value] = f"{numbers[place].raw} {verb.group('unit') or ''}".strip()
                used.add(place)
            listed.difference_update(values + places)
    previous_end = 0
    compares = "below" in rest or "above" in rest or "than" in rest or "ahead" in rest or "behind" in rest \
        or "apart" in rest or "short of" in rest or "beyond" in rest or "clear" in rest or "cross" in rest \
        or "xceed" in rest or "urpass" in rest or "break" in rest or " lower" in rest or " higher" in rest
    for i, number in enumerate(numbers):
        if i in name_parts:
            continue
        if i in used and i not in categories:
            previous_end = max(previous_end, number.end)
            continue
        before_text = rest[previous_end: number.start]
        # the key before a number ends at the previous clause boundary
        clause = _rx(r"(?=[,;.aw|·])(?:[,;|·]|\.\s(?=\S)|\band\b|\bwith\b|\bwhile\b)").split(before_text)[-1]
        after_match = _rx(r"\s*([A-Za-z@][\w@/%.\-]*(?:\s+[A-Za-z@][\w@/%.\-]*){0,3})").match(rest[number.end:])
        after_text = after_match.group(1) if after_match else ""
        after_text = _rx(r"\b(?:and|with|at|while|which|for|in|from|to)\b").split(after_text)[0].strip(" .")
        sentence_before = _rx(r"(?=[.;!?])(?:(?<!\d)\.\s|[;!?])").split(rest[: number.start])[-1]
        if _ANNOTATION_KEY.search(clause) or number.is_signed and (number.raw.lstrip("~≈ ").startswith("+") or any(
                # '+1.1 (32B), -0.1 (72B)': among changes signed '+', a negative one is a change too
                n.is_signed and n.raw.lstrip("~≈ ").startswith("+") for n in numbers)) \
                or _DIFFERENCE.search(sentence_before) and (  # the whole sentence first: a quick no
                    "," not in sentence_before or _DIFFERENCE.search(_NEW_CLAUSE.split(sentence_before)[-1])):
            dropped.append((number, "annotation"))
            previous_end = number.end
            continue
        if ("rror" in sentence_before or "nterval" in sentence_before or "hisker" in sentence_before
                or "CI" in sentence_before or "range" in sentence_before or "spread" in sentence_before
                or "max" in sentence_before) and _ERROR_RANGE.search(sentence_before):  # 'The error bar extends from 75.6% to
            dropped.append((number, "error bar"))
            previous_end = number.end
            continue
        if ("point" in rest or "pts" in rest or "pp" in rest) and _POINTS_AFTER.match(rest, number.end):
            dropped.append((number, "difference"))  # 'lose 4.5 to 4.7 points', 'at most 1.4 points lost'
            previous_end = number.end
            continue
        if (compares and _DIFFERENCE_AFTER.match(rest, number.end)) or ("within" in clause and _WITHIN.search(clause)):
            dropped.append((number, "difference"))  # 'stays about 25% below the solid one', 'within about 1.2 points'
            previous_end = number.end
            continue
        if compares and _THRESHOLD.search(clause):
            dropped.append((number, "threshold"))  # 'the only bar below 8', 'barely clears 30, at about 30.8'
            previous_end = number.end
            continue
        if _rx(r"\s*(?:-?\s*)?(?:[a-z]+[\s-])?(?:ticks?|gridlines?|grid lines?|tick marks?|marks?|lines?)\b", re.IGNORECASE).match(
                after_text_raw(rest, number)) or _rx(r"\b(?:left|right) of (?:the )?$|\b(?:above|below|near) the $").search(clause):
            # '50 gridline', 'the 80 score mark', 'left of the 40': where a mark is drawn, no value
            dropped.append((number, "axis position"))
            previous_end = number.end
            continue
        if ("times" in rest or "×" in rest or "x " in rest) and _RATIO_AFTER.match(rest, number.end):
            dropped.append((number, "ratio"))  # 'about 1.6 times the latency of the others'
            previous_end = number.end
            continue
        if i not in categories and (" at" in clause or " for" in clause) and _PLACE_OF_VALUE.search(clause):
            dropped.append((number, "axis position"))  # 'from its starting value at 128 it rises to ...': a place
            previous_end = number.end
            continue
        if _rx(r"\s*[-–]\s*\d").match(rest[number.end:]) and not number.is_signed:
            dropped.append((number, "range"))  # '45-47' is a band, not a value
            previous_end = number.end
            continue
        if _TREND_POSITION.search(clause) and not number.is_approximate and i not in categories and i not in at_numbers \
                and i not in spanned:
            dropped.append((number, "trend position"))
            previous_end = number.end
            continue
        following = rest[number.end: numbers[i + 1].start if i + 1 < len(numbers) else len(rest)]
        following = _rx(r"[;]|\.\s").split(following)[0][:60]
        if i in listed:
            readings.append(Reading(number, key_before=_key_words(clause), is_listed=True, slot=slots.get(i)))
        else:
            at_number, at_unit = at_numbers.get(i, (None, ""))
            axis_key = _AXIS_KEY.search(clause) if "=" in clause or "≈" in clause else None
            readings.append(Reading(number, key_before=axis_key.group(1).lower() if axis_key else _key_words(clause),
                                    key_after=_key_words(after_text),
                                    category=categories.get(i), after_text=following, at=at_number, at_unit=at_unit))
        previous_end = number.end
    readings.sort(key=lambda r: r.number.start)
    if x_places:
        readings = _bind_places(rest, readings, x_places)
    return tuple(readings), tuple(dropped)


# '28.6% for DeepSeek-R1-Distill-Qwen-1.5B': the value of the name-shaped token after 'for' (a version digit or a hyphen)
_FOR_NAME = re.compile(r"\s*%?\s+for\s+(?P<cat>(?=[A-Z][\w.+\-]*[\d-])[A-Z][\w+]*(?:[.\-][\w+]+)*)(?=[\s,;.)]|$)")
_NAMED_TUPLE = re.compile(r"\((?P<cat>[A-Za-z][\w.\-+]*(?:\s[\w.\-+]+){0,2})\s*,\s*"
                          r"(?P<value>[~≈]?\s*\d[\d.,]*\s*%?)\s*\)")
_TUPLE_LEAD = re.compile(r"(?:^|;)\s*([A-Za-z0-9][\w.\-+]*\d[\w.\-+]*)\s*$")  # a model-like token
_AT_OPENING = re.compile(r"(?i)(?:^|[;.]\s+)at\s+(?P<cat>[A-Za-z][\w-]{0,20}\s*=\s*[~≈]?\d[\d.,]*\s*[kKM]?|"
                         r"[~≈]?\d[\d.,]*[⁰¹²³⁴⁵⁶⁷⁸⁹]*\s*[kKM]?(?:\s+[a-z]+)?)\s*[,:]\s")  # 'At 2⁹, y ≈ 48.8'
# a remark on where a mark is drawn, not a category: '(orange square, just below the 72 gridline)'
_WHERE_DRAWN = re.compile(r"(?i)grid\s*lines?|\b(?:just|slightly|right|exactly)\s+(?:below|above|under|over|on|at)\b|"
                          r"\b(?:below|above|under|over|on)\s+the\s+[~≈]?\d")
_PLACE_BEFORE = re.compile(r"(?i)\b(?:at|by|to|from|for|until|through)\s+$")
_PLACE_OF_VALUE = re.compile(r"(?i)\b(?:value|point|marker|reading)\s+(?:at|for)\s+$")
# a clause that moves on from a comparison: '6.7 points above SnapKV, then moves to 80.1 at 256'
_NEW_CLAUSE = re.compile(r"(?i),\s*(?:and\s+)?(?:then|while|before|but|whereas|followed by)\b")
_LOOK_WORDS = re.compile(r"(?i)(?:(?:" + LOOK + "|" + SHAPES + "|" + MARKS + r"|ish)[\s/-]*)+")
_ERROR_BAR = re.compile(r"(?i)\bCI\b|confidence|±|\berror\b|\bstd\b")
_NAMED_PAREN = re.compile(r"\s*\((?P<cat>[A-Z][\w.\-@+]*(?:\s[A-Z][\w.\-@+]*){0,2})\)")
# '63.7% with 512 tokens': an amount after the value, with its unit, is its x category
# what a list's members may be separated by, placeholders for a missing value included
# what describers write for a missing value, in a list or a table cell ('n/a', '–', 'none', 'OOM')
PLACEHOLDER = r"(?i:n/?a|none|null|missing|[–—−-]+|OOM|OOT|✗)"  # OOM, OOT: a run that ran out of memory or time
_PLACEHOLDER = re.compile(r"(?<![\w/])" + PLACEHOLDER + r"(?![\w/])")
_ARROW = re.compile(r"\s*(?:→|->|⇒)\s*")
_SIGNED_AFTER = re.compile(r"\s*%?\s*\(\s*")
_NAMES_A_PART = re.compile(r"(?:[`'\"*_]*\s*(?:,|\band\b|&|\bor\b)\s*[`'\"*_]*\d[\d.,]*[kK]?)*[`'\"*_]*\s+(?:columns?|rows?)\b")
_ARROW_TO_WORD = re.compile(r"[`'\"*_]*\s*(?:→|->|⇒)\s*[`*_(\"']*[A-Za-z–—][^\d,;]*(?:[,;]|$)")  # '→ OOM (...)', '→ n/a'
_LIST_SEPARATOR = r"\s*(?:,|;|,?\s*and|/|\||→|->|⇒)\s*"
_LIST_UNIT = re.compile(r"\s*(?P<unit>[A-Za-z][A-Za-z/]{0,7})(?=\s*(?:,|;|and\b|/|\|))")
_LIST_GAP = re.compile(_LIST_SEPARATOR + r"(?P<gaps>(?:" + PLACEHOLDER + _LIST_SEPARATOR + r")*)")
_LIST_HEAD = re.compile(r"(?:(?<![\w/])" + PLACEHOLDER + _LIST_SEPARATOR + r")+$")
_LIST_TAIL = re.compile(r"(?:" + _LIST_SEPARATOR + PLACEHOLDER + r"(?![\w/]))+")
_NUMBER_WORDS = {"a single": "1", "single": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                 "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}
_WITH_AMOUNT = re.compile(r"\s*(?:%|per\s*cent|percent)?\s*,?\s+(?:with|using|under|when|at)\s+"
                          r"(?:(?:a|an|the)\s+(?:[a-z]+\s+){1,2}of\s+)?(?P<cat>(?:\d+(?:[.,]\d+)*\s*[kKM]?|(?i:"
                          + "|".join(_NUMBER_WORDS) + r"))\s+"
                          r"(?:tokens?|samples?|shots?|exemplars?|examples?|demonstrations?|generations?|candidates?|"
                          r"rollouts?|attempts?))\b(?!/|\s+per\s)")  # '1,160 tokens/s' is a rate, no amount
# a keyed category after its value, behind a preposition: '75.0% for N = 1', '86.2%, at N = 64'
_KEYED_AFTER = re.compile(r"\s*,?\s+(?:at|@|for|with|when|under|using)\s+(?P<cat>(?![xyzXYZ]\s*=)[^\W\d_][\w\-]*\s*=\s*"
                          r"(?:[~≈]\s*)?\d+(?:[.,]\d+)*\s*[kKM]?)(?!\w|[.,]\d|\s*[×x]\s*10)")
_UNIT_AFTER = r"(?:\s*(?i:tps|tok/s|tokens?/s|s|ms|secs?|seconds|gb|gib|mb)(?![\w/]))?"  # '455 tokens/s at batch 8', '18.4 GB at 16k'
# what joins a value to the bare number of its place: '31.0 at 512', '90.8% for 4,096 tokens',
# '95.0% at the first tick (4096)', '77.2% at the final 131072 tick'
_AT_NUMBER = re.compile(_UNIT_AFTER + r"(?:\s*@\s*|\s+(?:at|for)\s+(?:(?i:the|its)\s+(?:(?i:first|final|last|"
                        r"second|third|next|leftmost|rightmost|smallest|largest|lowest|highest)\s+)?(?:(?i:tick|mark|point|"
                        r"position)\s+)?\(?)?)(?:[~≈]\s*)?")  # '18.2@256' too
AT_PHRASE = re.compile(
    _UNIT_AFTER + r"\s+(?:at|@)\s+(?P<cat>(?:[A-Za-zα-ωΑ-Ω][\w\-]*\s*){1,2}[=:]\s*(?:[~≈]\s*)?\d+(?:[.,]\d+)*\s*[kKM]?"  # 'T = 0.6'
    r"(?:\s+(?!(?i:and|while|with|but|then|at|for|in|on|to|the|a)\b)[A-Za-z][\w\-]*)?|"
    r"(?:[A-Z][\w\-@+]*(?:\.[\w\-@+]+)*|(?:an?\s+|the\s+)?[a-z][\w\-]*(?:\s+of)?(?=\s+[~≈]?\d))"
    r"(?:\s+(?:[A-Z][\w\-@+]*(?:\.[\w\-@+]+)*|\d+(?:[.,]\d+)*\s*[kKM]?|tokens?))*?"
    r"(?:,\s+(?:[A-Za-z][\w\-]*\s+){1,2}\d+(?:[.,]\d+)*\s*[kKM]?)?)"  # a second key: 'SnapKV, KV Budget 1024'
    r"(?=\s*(?:[,;·|(]|$|\s(?:and|while|with|to|then)\s|\.\s|\.$))")
_CLAUSE_SPLIT = re.compile(r"\s*[;,]\s+(?=[A-Za-z*_(])|\s+and\s+(?=[A-Z*_])|\s+[·•|]\s+")
_NAMED_CLAUSE = re.compile(r"^\s*(?P<name>(?:[A-Za-z*_]|" + GLYPHS + r")[^=≈~:]{0,60}?)\s*(?:=|≈|~|:)\s*(?P<value>[^=≈:]+?)\s*[.]?\s*$")
# Between '·' separators a name and its value may stand side by side: 'StreamingLLM 48.1%'.
_SPACED_CLAUSE = re.compile(r"^\s*(?P<name>(?:[A-Za-z*_]|" + GLYPHS + r")[^=≈~:·]{0,60}?)\s+(?P<value>[~≈]?\s*[\d.,]+\s*[%kK]?\S{0,8})\s*$")
# In prose the name and its value are joined by a short verb: 'level 2 is 88.9', 'level 5 drops to 49.3'.
_PROSE_CLAUSE = re.compile(
    r"^\s*(?P<name>[A-Za-z][^=≈~:,;]{0,40}?)\s+(?:is|was|reaches|reached|hits|gets|scores|sits at|stands at|"
    r"(?:drops|falls|rises|climbs|grows|jumps|dips|ends|peaks|plateaus|settles|levels off)\s+(?:to|at|near|around)|"
    r"is at|comes in at|at)\s+(?:about|around|roughly|approximately|nearly|~|≈)?\s*(?P<value>[^=≈:]+?)\s*[.]?\s*$",
    re.IGNORECASE)


def named_clauses(rest: str, prose: bool = False, least: int = 2) -> tuple[tuple[str, str], ...]:
    """A run of `least` (two) or more ``name ≈ value`` clauses (``GPT-4o ≈ 88.7, Claude 3.5
    Sonnet ≈ 88.3``; ``=``, ``~`` or ``:`` between name and value) as (name, value text)
    pairs, else (); one is a run where the text was cut after it. A name may hold numbers of
    its own (``Claude 3.5 Sonnet``); the value is one number with its decorations."""
    dotted = not prose and _rx(r"\s[·•|]\s").search(rest) is not None  # 'FullKV 66.9% · H2O 55.7%'
    if not prose and not dotted and rest.count("≈") + rest.count("=") + rest.count("~") + rest.count(":") < least:
        return ()
    clauses = []
    for part in _CLAUSE_SPLIT.split(rest.strip()):
        match = (_PROSE_CLAUSE if prose else _NAMED_CLAUSE).match(part) or (
            _SPACED_CLAUSE.match(part) if dotted else None)
        if not match:
            return ()
        name = clean(match.group("name")).strip(" *_")
        value = match.group("value")
        if not name or parse_number(value) is None or _rx(r"(?i)[xyz]|[xyz][- ]?axis").fullmatch(name):
            return ()
        clauses.append((name, value))
    return tuple(clauses) if len(clauses) >= least else ()
