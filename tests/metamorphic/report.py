"""Pass rates of the metamorphic suite, per layout: how well extraction generalizes.

    python -m tests.metamorphic.report [--family NAME] [-v]

For each layout: the (figure, layout) cases whose extraction is exactly the gold rows, the
row-level precision and recall over all its figures, and the cases whose truncated copies
(cut at random bytes and around values) load only complete gold rows. Then the totals per
layout family and overall, and the number of cases listed in the known-gaps table of
tests/test_metamorphic.py. -v lists each failing case with its missed and extra rows.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass

from tests.metamorphic.compare import check_truncation, cut_points, evaluate
from tests.metamorphic.figures import FIGURES
from tests.metamorphic.render import LAYOUTS, render


@dataclass
class Tally:
    """Counts for one layout (or family, or all)."""

    cases: int = 0
    exact: int = 0
    gold: int = 0
    extracted: int = 0
    matched: int = 0
    truncation_ok: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def cells(self) -> list[str]:
        precision = f"{self.matched / self.extracted:.2f}" if self.extracted else "–"  # nothing extracted
        recall = f"{self.matched / self.gold:.2f}" if self.gold else "–"
        return [f"{self.exact}/{self.cases}", precision, recall,
                f"{self.truncation_ok}/{self.cases}"]


def measure(verbose: bool = False, family: str | None = None) -> tuple[dict[str, Tally], list[str]]:
    """Run every case; per-layout tallies and, with `verbose`, the failure notes."""
    tallies: dict[str, Tally] = {}
    notes: list[str] = []
    for layout in LAYOUTS:
        if family and layout.family != family:
            continue
        tally = tallies.setdefault(layout.name, Tally())
        for fig in FIGURES:
            if not layout.applies(fig):
                continue
            doc = render(fig, layout)
            outcome = evaluate(doc)
            cuts = [check_truncation(doc, cut) for cut in cut_points(doc)]
            bad_cuts = [t for t in cuts if not t.ok]
            tally.cases += 1
            tally.exact += outcome.exact
            tally.gold += outcome.gold
            tally.extracted += outcome.extracted
            tally.matched += outcome.matched
            tally.truncation_ok += not bad_cuts
            if verbose and not outcome.exact:
                notes.append(f"## {fig.name} / {layout.name}: {outcome.explain()}")
            if verbose and bad_cuts:
                notes.append(f"## {fig.name} / {layout.name} truncated: {bad_cuts[0].explain(doc.data)}")
    return tallies, notes


def known_gap_count() -> tuple[int, int]:
    """(full, truncated) cases listed in the known-gaps table of tests/test_metamorphic.py."""
    from tests.test_metamorphic import KNOWN_GAPS  # imports pytest; only the report needs it

    counts = defaultdict(int)
    for (check, _), (_, figures) in KNOWN_GAPS.items():
        counts[check] += len(figures.split())
    return counts["full"], counts["truncated"]


def table(tallies: dict[str, Tally]) -> list[str]:
    """The per-layout, per-family and overall rows as a markdown table."""
    family_of = {layout.name: layout.family for layout in LAYOUTS}
    header = ["layout", "family", "exact cases", "row precision", "row recall", "truncation ok"]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    families: dict[str, Tally] = {}
    total = Tally()
    for name, tally in tallies.items():
        lines.append("| " + " | ".join([name, family_of[name]] + tally.cells()) + " |")
        families.setdefault(family_of[name], Tally()).add(tally)
        total.add(tally)
    for family, tally in families.items():
        lines.append("| " + " | ".join([f"**{family}** (family)", ""] + tally.cells()) + " |")
    lines.append("| " + " | ".join(["**all**", ""] + total.cells()) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.metamorphic.report", description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", help="only the layouts of this family (table, list, inline, prose, colour, "
                                         "headings, notation)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list each failing case")
    args = parser.parse_args(argv)
    tallies, notes = measure(args.verbose, args.family)
    if not tallies:
        print(f"no layout in family {args.family!r}", file=sys.stderr)
        return 2
    print("\n".join(table(tallies)))
    total = Tally()
    for tally in tallies.values():
        total.add(tally)
    full_gaps, truncated_gaps = known_gap_count()
    print(f"\n{len(FIGURES)} figures, {len(tallies)} layouts, {total.cases} cases x 2 checks "
          f"(full, truncated); known gaps (strict xfail): {full_gaps} full, {truncated_gaps} truncated")
    if notes:
        print("\n" + "\n".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
