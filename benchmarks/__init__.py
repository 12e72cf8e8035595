"""Performance benchmarks for benchdb (not tests: pytest never collects this package).

- ``python -m benchmarks.generate --out DIR --count N [--seed S]``: a deterministic corpus of
  synthetic chart descriptions in the styles of the seed, dev and held-out documents.
- ``python -m benchmarks.run [--quick]``: refresh rate, incremental refresh times, peak memory
  and frontier-view query times on this machine, against the project's targets.
"""
