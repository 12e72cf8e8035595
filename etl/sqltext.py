"""A small SQL tokenizer for what `benchdb query` does to a statement's text before and
after running it: turning ``:name`` parameters into DuckDB's ``$name``, and finding the
filters that compare ``benchmark`` or ``model`` with a literal or a parameter.

It knows what can hide a colon or a name: string literals (``'...'`` with ``''``,
``E'...'`` with backslash escapes), dollar-quoted strings (``$$...$$``, ``$tag$...$tag$``),
quoted identifiers (``"..."``), line and (nested) block comments. Everything else is
words, numbers, parameters and operators. Stdlib only: imported on every query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORD = re.compile(r"[^\W\d]\w*", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?")
_DOLLAR_TAG = re.compile(r"\$([^\W\d]\w*)?\$", re.UNICODE)
_DOLLAR_PARAM = re.compile(r"\$(\w+)", re.UNICODE)
_OPERATORS = ("::", ":=", "==", "<>", "!=", ">=", "<=", "->", "->>", "=>", "||")
# A colon right after one of these is part of the syntax (slices x[a:b], struct and map
# literals {'k':v}, casts ::), never the start of a :name parameter.
_NOT_BEFORE_PARAMETER = set("'\"])}[.$:") | {"_"}


@dataclass(frozen=True)
class Token:
    """One lexical token: `kind` is one of space, comment, string, quoted (identifier),
    word, number, param (text ``$name`` / ``:name`` / ``$1``; `value` the name) or op."""

    kind: str
    text: str
    start: int
    value: str = ""


def _string_end(sql: str, i: int, backslash: bool) -> int:
    """Index just past the string literal whose opening quote is at `i` (or len(sql))."""
    j = i + 1
    while j < len(sql):
        ch = sql[j]
        if backslash and ch == "\\":
            j += 2
            continue
        if ch == "'":
            if j + 1 < len(sql) and sql[j + 1] == "'":
                j += 2
                continue
            return j + 1
        j += 1
    return len(sql)


def tokenize(sql: str) -> list[Token]:
    """The tokens of `sql`, covering it completely (their texts joined give `sql` back)."""
    tokens: list[Token] = []
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        nxt = sql[i + 1] if i + 1 < n else ""
        if ch.isspace():
            j = i + 1
            while j < n and sql[j].isspace():
                j += 1
            tokens.append(Token("space", sql[i:j], i))
        elif ch == "-" and nxt == "-":
            j = sql.find("\n", i)
            j = n if j < 0 else j
            tokens.append(Token("comment", sql[i:j], i))
        elif ch == "/" and nxt == "*":
            depth, j = 1, i + 2
            while j < n and depth:
                if sql.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif sql.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            tokens.append(Token("comment", sql[i:j], i))
        elif ch == "'":
            j = _string_end(sql, i, backslash=False)
            tokens.append(Token("string", sql[i:j], i, sql[i + 1:j - 1].replace("''", "'")))
        elif ch in "eE" and nxt == "'":
            j = _string_end(sql, i + 1, backslash=True)
            tokens.append(Token("string", sql[i:j], i))  # escapes not decoded: value left empty
        elif ch == '"':
            j = i + 1
            while j < n:
                if sql[j] == '"':
                    if j + 1 < n and sql[j + 1] == '"':
                        j += 2
                        continue
                    j += 1
                    break
                j += 1
            tokens.append(Token("quoted", sql[i:j], i, sql[i + 1:j - 1].replace('""', '"')))
        elif ch == "$":
            tag = _DOLLAR_TAG.match(sql, i)
            param = _DOLLAR_PARAM.match(sql, i)
            if tag:
                close = sql.find(tag.group(0), tag.end())
                j = n if close < 0 else close + len(tag.group(0))
                tokens.append(Token("string", sql[i:j], i, sql[tag.end():close if close >= 0 else n]))
            elif param:
                tokens.append(Token("param", param.group(0), i, param.group(1)))
                j = param.end()
            else:
                j = i + 1
                tokens.append(Token("op", ch, i))
        elif ch == ":" and nxt != ":" and nxt != "=" and (i == 0 or sql[i - 1] not in _NOT_BEFORE_PARAMETER
                                                          and not sql[i - 1].isalnum()) \
                and (word := _WORD.match(sql, i + 1)):
            j = word.end()
            tokens.append(Token("param", sql[i:j], i, word.group(0)))
        elif _WORD.match(sql, i):
            j = _WORD.match(sql, i).end()  # type: ignore[union-attr]
            tokens.append(Token("word", sql[i:j], i, sql[i:j].lower()))
        elif (number := _NUMBER.match(sql, i)):
            j = number.end()
            tokens.append(Token("number", sql[i:j], i))
        else:
            op = next((o for o in sorted(_OPERATORS, key=len, reverse=True) if sql.startswith(o, i)), ch)
            j = i + len(op)
            tokens.append(Token("op", op, i))
        i = j
    return tokens


def colon_to_dollar(sql: str) -> str:
    """`sql` with every ``:name`` parameter written ``$name`` (DuckDB's syntax); casts
    (``::``), ``:=``, slices, struct literals, strings, quoted names and comments are left
    as they are."""
    if ":" not in sql:
        return sql
    return "".join("$" + t.value if t.kind == "param" and t.text.startswith(":") else t.text
                   for t in tokenize(sql))


def compared_values(sql: str, columns: tuple[str, ...], params: dict[str, str] | None = None
                    ) -> list[tuple[str, str]]:
    """(column, value) for each filter of `sql` that compares one of `columns` (a bare,
    qualified or quoted name) for equality with a string literal or a named parameter:
    ``benchmark = 'X'``, ``'X' = m.benchmark``, ``model = $m``, ``"model" IN ('a', :b)``.
    Parameter values come from `params`; unknown parameters are skipped."""
    params = params or {}
    significant = [t for t in tokenize(sql) if t.kind not in ("space", "comment")]
    wanted = {c.lower() for c in columns}

    def column_at(k: int) -> str | None:
        token = significant[k] if 0 <= k < len(significant) else None
        if token is None or token.kind not in ("word", "quoted"):
            return None
        name = token.value.lower() if token.kind == "quoted" else token.value
        return name if name in wanted else None

    def value_of(token: Token) -> str | None:
        if token.kind == "string" and token.text.startswith("'"):
            return token.value
        if token.kind == "param" and not token.value.isdigit():
            return params.get(token.value)
        return None

    found: list[tuple[str, str]] = []
    for k, token in enumerate(significant):
        if token.kind == "op" and token.text in ("=", "=="):
            left, right = column_at(k - 1), column_at(k + 1)
            if left and k + 1 < len(significant) and (v := value_of(significant[k + 1])) is not None:
                # the left name must not be the tail of something else (a.b.model is fine, f(x).model too)
                found.append((left, v))
            elif right and k >= 1 and (v := value_of(significant[k - 1])) is not None \
                    and not (k + 2 < len(significant) and significant[k + 2].text == "."):
                found.append((right, v))
        elif token.kind == "word" and token.value == "in" and column_at(k - 1) \
                and not (k >= 2 and significant[k - 2].kind == "word" and significant[k - 2].value == "not") \
                and k + 1 < len(significant) and significant[k + 1].text == "(":
            column = column_at(k - 1)
            j = k + 2
            while j < len(significant) and significant[j].text != ")":
                if (v := value_of(significant[j])) is not None:
                    found.append((column, v))  # type: ignore[arg-type]
                elif significant[j].text != ",":
                    break  # a subquery or an expression: not a list of literals
                j += 1
    return found
