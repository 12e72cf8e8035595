"""The ledger over corpora: how many numbers of data sections end in each state.

    python -m benchmarks.ledger DIR [DIR...] [--show STATE] [--limit N]

prints, per folder (recursively, ``*.txt`` and ``*.md``): documents, numeric tokens in data
sections, the count per state (measurement, parameter, setting, non-data, unattributed),
silent tokens (in no state: must be 0), and what was silent before the ledger: tokens that
went into no fact (as value, parameter count or setting) and into no skip of the extractor,
and data-section lines with numbers that had neither a fact nor a skip. `--show STATE` lists entries of that state (or `ledger` for the
ones the ledger's rules classified), with reason and line.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from benchdb.etl.extract.document import read_document
from benchdb.etl.extract.parse import parse_chart
from benchdb.etl.transform.interpret import interpret
from benchdb.etl.transform.ledger import STATES, account, silent
from benchdb.etl.transform.reference import load_reference

NEW_SKIP_REASONS = frozenset({"error bar", "index", "ignored column"})  # skips added with the ledger


def report(folder: Path, show: str | None = None, limit: int = 50) -> dict[str, int]:
    """Ledger counts over every description under `folder`; prints `show`n entries."""
    ref = load_reference()
    counts: Counter[str] = Counter()
    shown = 0
    for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in (".txt", ".md") and p.is_file()):
        text, _ = read_document(path.read_bytes())
        if text is None:
            continue
        chart = parse_chart(text)
        facts = interpret(chart, ref)
        entries = account(chart, facts, ref)
        counts["documents"] += 1
        counts["tokens"] += len(entries)
        counts.update(e.state for e in entries)
        counts["silent"] += len(silent(entries))
        # before the ledger: a number was accounted for only by a fact or by a skip of the extractor
        # (the skips the ledger work added, for ignored table columns, do not count)
        counts["unaccounted before the ledger"] += sum(
            e.by != "fact" and not (e.by in ("skip", "line skip") and e.reason not in NEW_SKIP_REASONS) for e in entries)
        covered = {v.source_line for v in facts.values} | {p.source_line for p in facts.params} | {
            s.line for s in facts.skipped if s.reason not in NEW_SKIP_REASONS}
        if not any(s.line is None and s.reason == "no benchmark result" for s in facts.skipped):
            counts["silent lines before the ledger"] += len({e.line for e in entries} - covered)
        if show:
            quotes = {s.line: s.text for s in chart.scopes}
            for e in entries:
                if (e.state == show or (show == "ledger" and e.by == "ledger")) and shown < limit:
                    shown += 1
                    print(f"  {path.name}:{e.line} {e.token!r} {e.state} ({e.reason}) | {quotes[e.line][:110]}")
    return dict(counts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--show", default=None, help="list entries of this state (or 'ledger')")
    parser.add_argument("--limit", type=int, default=50)
    args = parser.parse_args(argv)
    keys = ["documents", "tokens", *STATES, "silent", "unaccounted before the ledger", "silent lines before the ledger"]
    print(" | ".join(["folder", *keys]))
    for folder in args.folders:
        counts = report(folder, args.show, args.limit)
        print(" | ".join([str(folder), *(str(counts.get(k, 0)) for k in keys)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
