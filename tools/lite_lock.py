"""A Pyodide distribution for the JupyterLite site: the npm core plus a lock of our wheels.

The npm ``pyodide`` package carries the interpreter and the standard library only; its
``pyodide-lock.json`` names hundreds of packages whose files live on a CDN. This tool
writes a distribution folder that needs nothing else: the core's files, the given
pure-Python wheels, and a ``pyodide-lock.json`` that lists exactly those wheels with
their checksums, the modules they provide and their dependencies (read from each wheel's
metadata, with the markers evaluated for Pyodide). A dependency that no wheel provides
stops the build, so the browser never goes looking for a package at run time.

Usage: ``python tools/lite_lock.py CORE_DIR OUT_DIR WHEEL...``
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from packaging.requirements import Requirement

CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
"""The files of the npm package a browser loads (the rest are typings and demos)."""

NOT_NEEDED_IN_BROWSER = {
    "jupyterlab-widgets": "ipywidgets' JupyterLab extension: the site bundles it as a page asset",
    "pexpect": "IPython's terminal helper, unused in a kernel",
    "jupyterlab": "cardmath's server side (make serve), not its engines or widgets",
    "voila": "cardmath's server side (make serve), not its engines or widgets",
    "matplotlib": "no Pyodide build offline: lesson charts are drawn when the site is built",
    "numpy": "no Pyodide build offline: the engines and bots take their pure-Python path",
    "sqlalchemy": "the class server's shared store (progress, rooms), imported only there",
    "psycopg": "PostgreSQL for the class server's shared store, imported only there",
}
"""Declared dependencies no browser kernel imports, with the reason they are left out."""


LOADED_ON_FIRST_USE = {
    "sympy": "a thousand modules no dashboard needs to open: fetched in the background by "
    "widgets' warm_sympy, or when a notebook cell imports it",
}
"""Packages in the lock that their dependents do not pull in when they load."""


def canonical(name: str) -> str:
    """PEP 503's normal form of a distribution name, as Pyodide looks names up.

    >>> canonical("Typing_Extensions")
    'typing-extensions'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass
class Wheel:
    """One wheel's lock entry, read from the wheel itself."""

    path: Path
    name: str
    version: str
    imports: list[str]
    requires: list[Requirement] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Wheel:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
            meta = email.parser.Parser().parsestr(archive.read(meta_name).decode())
            top_level = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
            if top_level:
                imports = archive.read(top_level).decode().split()
            else:
                imports = sorted(
                    {
                        n.split("/")[0].removesuffix(".py")
                        for n in names
                        if not n.split("/")[0].endswith((".dist-info", ".data"))
                        and (n.endswith(".py") or "/" in n)
                    }
                )
        imports = [i for i in imports if i.isidentifier()]
        return cls(
            path=path,
            name=meta["Name"],
            version=meta["Version"],
            imports=imports,
            requires=[Requirement(r) for r in meta.get_all("Requires-Dist") or []],
        )


PYODIDE_MARKERS = {
    "implementation_name": "cpython",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_system": "Emscripten",
    "sys_platform": "emscripten",
    "extra": "",
}


def depends(wheel: Wheel, python: str) -> list[str]:
    """The canonical names a wheel needs in Pyodide (markers evaluated, extras dropped)."""
    env = dict(PYODIDE_MARKERS)
    env["python_version"] = ".".join(python.split(".")[:2])
    env["python_full_version"] = python
    needed = []
    for requirement in wheel.requires:
        if requirement.marker is None or requirement.marker.evaluate(env):
            needed.append(canonical(requirement.name))
    return sorted(set(needed))


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def build(
    core: Path, out: Path, wheel_paths: list[Path], stdlib: Path | None = None
) -> dict[str, object]:
    """Write the distribution to ``out``; return the lock it wrote. ``stdlib`` replaces the
    core's ``python_stdlib.zip`` (the same modules, compiled: tools/lite_pycompile.py)."""
    core_lock = json.loads((core / "pyodide-lock.json").read_text())
    python = core_lock["info"]["python"]
    wheels: dict[str, Wheel] = {}
    for path in wheel_paths:
        wheel = Wheel.read(path)
        key = canonical(wheel.name)
        if key in wheels:
            raise SystemExit(f"two wheels for {key}: {wheels[key].path.name} and {path.name}")
        wheels[key] = wheel
    packages: dict[str, object] = {}
    missing: list[str] = []
    for key, wheel in sorted(wheels.items()):
        needs = [d for d in depends(wheel, python) if d not in NOT_NEEDED_IN_BROWSER]
        missing += [f"{wheel.name} needs {d}" for d in needs if d not in wheels]
        needs = [d for d in needs if d not in LOADED_ON_FIRST_USE]
        packages[key] = {
            "name": key,
            "version": wheel.version,
            "file_name": wheel.path.name,
            "install_dir": "site",
            "sha256": sha256(wheel.path),
            "package_type": "package",
            "imports": wheel.imports,
            "depends": needs,
            "unvendored_tests": False,
        }
    if missing:
        raise SystemExit("no wheel for: " + "; ".join(missing))
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, out / name)
    if stdlib is not None:
        shutil.copy2(stdlib, out / "python_stdlib.zip")
    for wheel in wheels.values():
        shutil.copy2(wheel.path, out / wheel.path.name)
    lock = {"info": core_lock["info"], "packages": packages}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("core", type=Path, help="the npm pyodide package folder")
    parser.add_argument("out", type=Path, help="the distribution folder to write")
    parser.add_argument("wheels", type=Path, nargs="+", help="pure-Python wheels")
    args = parser.parse_args(argv)
    lock = build(args.core, args.out, args.wheels)
    print(f"pyodide-lock.json: {len(lock['packages'])} packages in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
