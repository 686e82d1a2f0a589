"""Compile the browser's Python files to bytecode ahead of time (run inside Pyodide).

Pyodide's npm core ships its standard library as ``.py`` sources, and the wheels from
PyPI are sources too: without bytecode, every module a page imports is compiled in the
browser, on every visit (sympy alone took 20 s or more of a cold start here). This script
runs in Pyodide itself (``tools/lite_pycompile.mjs`` starts it in Node), so the bytecode
is exactly the browser's Python version, and rewrites each archive sourceless (``x.pyc``
in place of ``x.py``), as Pyodide's own distributions are: smaller, nothing to check, and
a traceback still names the file and line. A file that does not compile (a template, a
Python 2 leftover) is kept as it was.

Unpacking a wheel costs time per file on every visit, so files no page reads are left
out: each third-party package's own test suite (``tests`` folders) and the folders given
with ``--drop`` (for example the thousands of type stubs jedi ships for other packages).

Usage (inside Pyodide): ``python lite_pycompile.py OUT_DIR ARCHIVE... [--drop PREFIX]``
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc  # type: ignore[attr-defined]
from pathlib import Path

SITE = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages/"
STDLIB = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _is_code(name: str) -> bool:
    top = name.split("/")[0]
    return name.endswith(".py") and not top.endswith((".dist-info", ".data"))


def _is_test(name: str) -> bool:
    """A package's own test suite (``sympy/core/tests/...``): never imported by a page."""
    parts = name.split("/")
    return len(parts) > 2 and "tests" in parts[1:-1]


def compile_archive(source: Path, out: Path, *, prefix: str, drop: tuple[str, ...] = ()) -> int:
    """Write ``out``: ``source`` with its modules compiled and the files under ``drop``
    left out; return how many modules were compiled."""
    compiled = 0
    files: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            data = archive.read(info)
            name = info.filename
            if name.startswith(drop) or (prefix == SITE and _is_test(name)):
                continue
            if not _is_code(name):
                files.append((name, data))
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    code = compile(data, prefix + name, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                files.append((name, data))
                continue
            compiled += 1
            files.append((name + "c", bytes(_code_to_timestamp_pyc(code, 0, 0))))
    record = next((n for n, _ in files if n.endswith(".dist-info/RECORD")), None)
    if record is not None:
        lines = [_record_line(n, d) for n, d in files if n != record]
        files = [(n, d) for n, d in files if n != record]
        files.append((record, ("\n".join([*lines, f"{record},,"]) + "\n").encode()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return compiled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("archives", type=Path, nargs="+")
    parser.add_argument("--drop", action="append", default=[], help="a path prefix to leave out")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    drop = tuple(args.drop)
    for archive in args.archives:
        prefix = STDLIB if archive.suffix == ".zip" else SITE
        count = compile_archive(archive, args.out / archive.name, prefix=prefix, drop=drop)
        print(f"{archive.name}: {count} modules compiled", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
