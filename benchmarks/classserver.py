"""A class server for the classroom benchmarks, started as ``make serve CLASS=N`` starts it.

``python -m deploy.classroom`` over a temporary folder holding the notebooks under test,
listening on 127.0.0.1 only (every request of a benchmark stays on this machine), with a
known class code. Helpers read the kernels Voilà started (by kernel id, from the
connection file on each kernel's command line) and their memory.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path(os.environ.get("CARDMATH_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CODE = "bench-class"
MB = 2**20


STUDENT_DEVICE_NICE = 19
"""The CPU priority of the class's Chromium pages in a benchmark: the lowest."""


def as_students_devices() -> int:
    """Put the Chromium processes this benchmark started at the lowest CPU priority.

    In class every student's browser runs on the student's own device; here the sample
    of real Chromium pages shares the server's cores. At the lowest priority they use only
    what the server and its kernels leave, so the server's figures are the server's (the
    pages' own time to interactive is then a starved browser's, an upper bound). Call it
    right after the browser is launched: the pages Chromium starts later inherit the
    priority. Chromium starts its own session, which Linux schedules as a group of its
    own (``sched_autogroup``) beside this one, whatever each process's nice value: the
    group's priority is lowered too. Returns how many processes were lowered.
    """
    lowered = 0
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" not in child.name():
                continue
            child.nice(STUDENT_DEVICE_NICE)
            with contextlib.suppress(OSError):  # no autogroups on this kernel
                Path(f"/proc/{child.pid}/autogroup").write_text(str(STUDENT_DEVICE_NICE))
            lowered += 1
        except psutil.Error:
            continue
    return lowered


@dataclass
class ClassServer:
    process: subprocess.Popen
    url: str
    root: Path
    log: Path
    size: int
    started: dict[str, float] = field(default_factory=dict)

    def kernels(self) -> dict[str, psutil.Process]:
        """Running kernels by kernel id."""
        found = {}
        try:
            children = psutil.Process(self.process.pid).children(recursive=True)
        except psutil.Error:
            return found
        for child in children:
            try:
                for part in child.cmdline():
                    name = os.path.basename(part)
                    if name.startswith("kernel-") and name.endswith(".json"):
                        found[name.removeprefix("kernel-").removesuffix(".json")] = child
            except psutil.Error:
                continue
        return found

    def memory_mb(self) -> tuple[float, float]:
        """(server RSS, sum of kernel RSS) in MB."""
        server = psutil.Process(self.process.pid).memory_info().rss / MB
        kernels = 0.0
        for process in self.kernels().values():
            try:
                kernels += process.memory_info().rss / MB
            except psutil.Error:
                continue
        return server, kernels

    def wait_warm(self, timeout: float = 600) -> float:
        """Wait until the pool holds ``size`` kernels that have run their notebook and
        sit idle (waiting for a visitor); returns the seconds it took."""
        started = time.monotonic()
        deadline = started + timeout
        while time.monotonic() < deadline:
            kernels = list(self.kernels().values())
            if len(kernels) >= self.size and all(_quiet(k) for k in kernels):
                return time.monotonic() - started
            time.sleep(1.0)
        raise RuntimeError(f"the class pool did not warm within {timeout:.0f} s (see {self.log})")

    def log_errors(self) -> list[str]:
        """The server log's errors: each traceback as its last line, and error lines."""
        errors: list[str] = []
        lines = self.log.read_text().splitlines()
        for number, line in enumerate(lines):
            if line.startswith("Traceback"):
                end = number + 1
                while end < len(lines) and lines[end][:1] in (" ", "\t"):
                    end += 1
                errors.append(lines[end] if end < len(lines) else line)
            elif any(m in line for m in (" ERROR ", "| ERROR", "500 GET", "500 POST")):
                errors.append(line)
        return errors


def _quiet(process: psutil.Process, seconds: float = 0.5) -> bool:
    try:
        before = process.cpu_times()
        time.sleep(seconds)
        after = process.cpu_times()
    except psutil.Error:
        return False
    return (after.user + after.system) - (before.user + before.system) < 0.05 * seconds


@contextmanager
def class_server(notebooks: dict[str, Path], size: int, *extra: str) -> Iterator[ClassServer]:
    """Serve ``notebooks`` (name in the served folder -> source) to a class of ``size``."""
    with tempfile.TemporaryDirectory(prefix="cardmath-class-") as tmp:
        folder = Path(tmp) / "lessons"
        folder.mkdir()
        for name, source in notebooks.items():
            (folder / name).write_bytes(source.read_bytes())
        port = free_port()
        log = Path(tmp) / "class-server.log"
        command = [
            *(sys.executable, "-m", "deploy.classroom", "--root", str(folder)),
            *("--size", str(size), "--port", str(port), "--code", CODE),
            *("--bind", "127.0.0.1", "--address", "127.0.0.1", *extra),
        ]
        with log.open("w") as handle:
            process = subprocess.Popen(command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        server = ClassServer(process, url, folder, log, size)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/login", timeout=5):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            f"class server did not start:\n{log.read_text()[-2000:]}"
                        ) from None
                    time.sleep(0.3)
            yield server
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
