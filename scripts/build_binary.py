"""Build the double-clickable CardTable and zip it: dist/CardTable-<version>-<os>-<arch>.zip.

    python scripts/build_binary.py

It makes a clean virtual environment (so numpy or Pillow lying around are never swept in),
installs the project and PyInstaller into it, builds from build/cardtable.spec and zips the
onedir bundle. It prints the bundle's size, the zip's size and the time taken.
"""

from __future__ import annotations

import os
import platform
import shutil
import stat
import subprocess
import sys
import time
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "work"
DIST = ROOT / "build" / "dist"
OUT = ROOT / "dist"
PYINSTALLER = "pyinstaller>=6.5"


def _venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def _run(*cmd: str | Path) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT)


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def _zip(bundle: Path, archive: Path) -> None:
    """Zip the bundle keeping symlinks as links (PyInstaller links shared libraries on Linux and
    macOS; following them would store each library twice)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for f in sorted(bundle.rglob("*")):
            name = str(f.relative_to(bundle.parent))
            if f.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # Unix, so the mode below is read as a symlink
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                z.writestr(info, os.readlink(f))
            else:
                z.write(f, name)


def _os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def main() -> int:
    start = time.perf_counter()
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    env = WORK / "venv"
    shutil.rmtree(WORK, ignore_errors=True)
    shutil.rmtree(DIST, ignore_errors=True)
    venv.create(env, with_pip=True, clear=True)
    py = _venv_python(env)
    _run(py, "-m", "pip", "install", "-q", "--upgrade", "pip")
    _run(py, "-m", "pip", "install", "-q", str(ROOT), PYINSTALLER)
    _run(py, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--workpath", WORK / "pyinstaller", "--distpath", DIST, ROOT / "build" / "cardtable.spec")
    bundle = DIST / ("CardTable.app" if sys.platform == "darwin" else "CardTable")
    OUT.mkdir(exist_ok=True)
    arch = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    archive = OUT / f"CardTable-{version}-{_os_name()}-{arch}.zip"
    _zip(bundle, archive)
    print(f"bundle: {bundle} ({_size(bundle) / 1e6:.1f} MB unpacked)")
    print(f"zip:    {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    print(f"time:   {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
