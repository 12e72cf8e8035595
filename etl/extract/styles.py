"""The words describers use for how a series looks (colour, line style, marker shape), as
regular-expression alternations. One vocabulary for every place that reads a look: legend
entries, alias keys, and series referred to by their look in labels and prose."""

from __future__ import annotations

COLOURS = (r"dark|light|pale|bright|deep|navy|sky|olive|teal|cyan|magenta|maroon|gold(?:en)?|blue|red|green|orange|"
           r"purple|violet|pink|gr[ae]y|black|white|yellow|brown|beige|turquoise|lime|indigo|salmon|tan|coral|slate|"
           r"crimson|scarlet|khaki|lavender|mint|peach|rose|amber|charcoal|silver|aqua|emerald|mustard|burgundy|ochre")
LINE_STYLES = r"solid|dashed|dotted|dash-dot|thick|thin|filled|hollow|open|striped|hatched|cross-hatched|shaded|plain|patterned"
SHAPES = r"circles?|squares?|triangles?|diamonds?|stars?|cross(?:es)?|plus|pentagons?|hexagons?|upward|downward|inverted"
MARKS = r"markers?|lines?|curves?|bars?|areas?|boxes?|shapes?|series|points?|dots?|polygons?|outlines?|regions?"

LOOK = f"(?:{COLOURS}|{LINE_STYLES})"  # a word that says how a series looks
GLYPHS = r"[①-⑳❶-❿●○■□▲△▼▽◆◇★☆♦✚✖]"  # a series marked by a glyph ('▲ = Qwen3-4B', 'Line ①')
POSITIONS = r"upper|lower|top|bottom|middle|uppermost|lowermost|topmost|bottommost|highest|lowest"  # 'the upper line'
GLYPH_SHAPES = {**dict.fromkeys("●○", "circle"), **dict.fromkeys("■□", "square"), **dict.fromkeys("▲△", "triangle"),
                **dict.fromkeys("▼▽", "downward triangle"), **dict.fromkeys("◆◇♦", "diamond"),
                **dict.fromkeys("★☆", "star"), "✚": "plus", "✖": "cross"}  # the shape a marker glyph draws
SHADES = r"lighter|darker|mid|medium|muted|soft|vivid"  # how light a colour is drawn: 'a lighter sky blue'
