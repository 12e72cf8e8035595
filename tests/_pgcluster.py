"""A throwaway PostgreSQL cluster for tests and benchmarks (not a test module).

`start_cluster()` runs `initdb` into a fresh temporary folder (C locale, UTF-8, trust
authentication, no fsync), starts `postgres` on a free port bound to 127.0.0.1 with a
private socket folder, and returns a `Cluster`; `Cluster.stop()` stops it and deletes the
folder. The server refuses to run as root, so as root the folder is handed to the
`postgres` user and the binaries run as that user.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

INSTALL_HINT = "install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql), or put pg_config on PATH"


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def server_bindir() -> Path:
    """The folder holding `initdb` and `postgres`: `pg_config --bindir`, else the newest
    /usr/lib/postgresql/*/bin. Raises ClusterUnavailable when there is none."""
    candidates: list[Path] = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        if out:
            candidates.append(Path(out))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                           key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit()
                                           else 0, reverse=True)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "postgres").is_file():
            return folder
    raise ClusterUnavailable(f"no PostgreSQL server binaries (initdb, postgres) found: {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Cluster:
    """A running throwaway cluster; `url` connects as the superuser `postgres` to database `postgres`."""

    root: Path
    port: int
    process: subprocess.Popen
    user: str | None

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database_url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown: ends sessions; SIGTERM waits for them
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster(timeout: float = 30.0) -> Cluster:
    """Create and start a throwaway cluster (see module docs); raise ClusterUnavailable
    without server binaries, RuntimeError when the server does not come up."""
    bindir = server_bindir()
    as_root = os.geteuid() == 0
    user = "postgres" if as_root else None
    root = Path(tempfile.mkdtemp(prefix="benchdb-pg-"))
    data, sockets = root / "data", root / "sockets"
    data.mkdir()
    sockets.mkdir()
    if as_root:
        # mkdtemp folders are 0700 and owned by root: hand the whole tree to postgres
        shutil.chown(root, "postgres", "postgres")
        for folder in (data, sockets):
            shutil.chown(folder, "postgres", "postgres")
    try:
        subprocess.run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-E", "UTF8", "--locale=C",
                        "--no-sync", "-U", "postgres"], check=True, capture_output=True, user=user)
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {exc.stderr.decode(errors='replace').strip()}") from exc
    port = _free_port()
    log = open(root / "server.log", "wb")
    process = subprocess.Popen(
        [str(bindir / "postgres"), "-D", str(data), "-p", str(port), "-c", "listen_addresses=127.0.0.1",
         "-k", str(sockets), "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
         "-c", "max_connections=50"],
        stdout=log, stderr=subprocess.STDOUT, user=user)
    log.close()
    cluster = Cluster(root=root, port=port, process=process, user=user)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            text = (root / "server.log").read_text(errors="replace")
            cluster.stop()
            raise RuntimeError(f"postgres exited at start:\n{text}")
        ready = subprocess.run([str(bindir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"],
                               capture_output=True, check=False)
        if ready.returncode == 0:
            return cluster
        time.sleep(0.1)
    cluster.stop()
    raise RuntimeError(f"postgres did not accept connections within {timeout} s")
