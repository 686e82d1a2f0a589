"""The Pyodide lock of the JupyterLite site (tools/lite_lock.py), on small wheels made here.

The lock must list each wheel with its checksum, modules and the dependencies Pyodide
needs (markers evaluated for the browser), and the build must stop when a wheel needs a
package no wheel provides: otherwise the browser would go looking for it at run time.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_lock", ROOT / "tools" / "lite_lock.py")
assert _spec is not None and _spec.loader is not None
lite_lock = importlib.util.module_from_spec(_spec)
sys.modules["lite_lock"] = lite_lock
_spec.loader.exec_module(lite_lock)


def make_wheel(folder: Path, name: str, version: str, requires: list[str]) -> Path:
    module = name.replace("-", "_")
    path = folder / f"{module}-{version}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{module}/__init__.py", "")
        archive.writestr(f"{module}-{version}.dist-info/METADATA", meta)
    return path


def make_core(folder: Path) -> Path:
    core = folder / "core"
    core.mkdir()
    for name in lite_lock.CORE_FILES:
        (core / name).write_text(name)
    info = {"python": "3.14.2", "platform": "emscripten_5_0_3", "arch": "wasm32"}
    lock = {"info": info, "packages": {"numpy": {"file_name": "numpy.whl"}}}
    (core / "pyodide-lock.json").write_text(json.dumps(lock))
    return core


def test_the_lock_lists_exactly_the_wheels_with_what_pyodide_needs(tmp_path: Path) -> None:
    wheels = [
        make_wheel(
            tmp_path,
            "Game_Kit",
            "1.0",
            [
                "tiny-maths>=2",
                "pexpect; sys_platform != 'emscripten'",
                "colours; python_version < '3.12'",
                "testing-tool; extra == 'test'",
            ],
        ),
        make_wheel(tmp_path, "tiny-maths", "2.1", []),
    ]
    out = tmp_path / "pyodide"
    lock = lite_lock.build(make_core(tmp_path), out, wheels)
    packages = lock["packages"]
    assert sorted(packages) == ["game-kit", "tiny-maths"]  # the core's CDN entries are gone
    kit = packages["game-kit"]
    assert kit["depends"] == ["tiny-maths"]
    assert kit["imports"] == ["Game_Kit"]
    assert kit["sha256"] == hashlib.sha256(wheels[0].read_bytes()).hexdigest()
    assert (out / wheels[0].name).is_file() and (out / "pyodide.mjs").is_file()
    assert json.loads((out / "pyodide-lock.json").read_text())["info"]["python"] == "3.14.2"


def test_a_dependency_no_wheel_provides_stops_the_build(tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, "game-kit", "1.0", ["missing-thing"])
    with pytest.raises(SystemExit, match="game-kit needs missing-thing"):
        lite_lock.build(make_core(tmp_path), tmp_path / "pyodide", [wheel])
