"""The wheel as a user gets it: built from this checkout, installed into a fresh virtual
environment next to PyPI's `schema` package, it refreshes the bundled seeds and answers a
query, and it installs nothing at the top level but `benchdb` (so `import schema` still
means the user's library).

This is the slowest test (a wheel build and a fresh install, about a minute); it needs the
package index, as the README's install command does.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a command, failing the test with its output when it exits non-zero."""
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"{args} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", out, ROOT, cwd=out)
    (built,) = out.glob("benchdb-*.whl")
    return built


def test_wheel_installs_only_the_benchdb_namespace(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        tops = {name.split("/")[0] for name in zf.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"benchdb"}


def test_wheel_beside_pypi_schema_refreshes_and_queries(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    bin_dir = venv / "bin"
    run(bin_dir / "pip", "install", "-q", "schema", wheel, cwd=tmp_path)

    work = tmp_path / "work"  # no seeds/ here: the installed seeds are used
    work.mkdir()
    probe = run(bin_dir / "python", "-c",
                "import schema, importlib.util as u; print(schema.__file__); "
                "print(hasattr(schema, 'Schema')); print([m for m in ('etl', 'sql', 'seeds') if u.find_spec(m)])",
                cwd=work).stdout.splitlines()
    assert str(venv) in probe[0] and probe[1] == "True" and probe[2] == "[]", probe

    run(bin_dir / "benchdb", "refresh", "--db", work / "bench.duckdb", cwd=work)
    out = run(bin_dir / "benchdb", "query", "select count(*) as n from measurements", "--db", work / "bench.duckdb",
              "--format", "csv", cwd=work).stdout
    assert out.splitlines()[0] == "n" and int(out.splitlines()[1]) > 100
