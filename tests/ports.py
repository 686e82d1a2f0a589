"""Ports for the servers the tests and benchmarks start on 127.0.0.1.

A port found by binding to port 0 comes from the system's ephemeral range, the range every
outgoing connection and every Jupyter kernel's sockets take theirs from. Between the test
picking such a port and its server binding it, a kernel of a test running beside it could
take it (CI once saw the class service's address answered by a kernel's socket). The ports
given here come from below the ephemeral range, where nothing takes a port unasked; each
test worker has its own share of them, and a port is given once per process and only when
it is free.
"""

from __future__ import annotations

import os
import random
import socket
from pathlib import Path

LOWEST = 20000
"""The first port given out (well above the ports system services listen on)."""


def _ephemeral_start() -> int:
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768  # Linux's default
    return low if low > LOWEST + 1000 else 32768


def _share() -> range:
    """This process's ports: its test worker's share of the range below the ephemeral
    ports (``gw0``, ``gw1`` ... of pytest-xdist; a process that is no worker has the
    first share)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    count = os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")
    index = int(worker) if worker.isdigit() else 0
    shares = max(int(count) if count.isdigit() else 1, index + 1)
    size = (_ephemeral_start() - LOWEST) // shares
    return range(LOWEST + index * size, LOWEST + (index + 1) * size)


_given: set[int] = set()
_next: list[int] = []


def free_port() -> int:
    """A port of 127.0.0.1 that is free now and was not given before in this process."""
    share = _share()
    if not _next:  # start at a random place, so runs one after another do not meet
        _next.append(random.randrange(len(share)))
    for _ in range(len(share)):
        port = share[_next[0] % len(share)]
        _next[0] += 1
        if port in _given:
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        _given.add(port)
        return port
    raise RuntimeError(f"no free port left in {share}")
