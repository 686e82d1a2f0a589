"""The test servers' ports (tests/ports.py): never from the ephemeral range the kernels
take theirs from, never given twice, and each test worker's its own."""

from __future__ import annotations

import socket

import pytest

from tests import ports


def test_ports_are_free_distinct_and_below_the_ephemeral_range() -> None:
    given = [ports.free_port() for _ in range(50)]
    assert len(set(given)) == 50
    assert all(ports.LOWEST <= port < ports._ephemeral_start() for port in given)
    for port in given[:5]:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))


def test_a_port_in_use_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    monkeypatch.setattr(ports, "_share", lambda: range(port, port + 6))
    monkeypatch.setattr(ports, "_next", [0])
    monkeypatch.setattr(ports, "_given", set())
    try:
        assert ports.free_port() in range(port + 1, port + 6)
    finally:
        taken.close()


def test_each_worker_has_its_own_share(monkeypatch: pytest.MonkeyPatch) -> None:
    shares = []
    for worker in ("gw0", "gw1", "gw2"):
        monkeypatch.setenv("PYTEST_XDIST_WORKER", worker)
        monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "3")
        shares.append(set(ports._share()))
    assert all(len(share) > 1000 for share in shares)
    assert not (shares[0] & shares[1] or shares[1] & shares[2] or shares[0] & shares[2])
