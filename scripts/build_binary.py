"""Build the double-clickable CardTable and zip it: dist/CardTable-<version>-<os>-<arch>.zip.

    python scripts/build_binary.py [--native DIR | --python-only]

It makes a clean virtual environment (so numpy or Pillow lying around are never swept in),
installs the project and PyInstaller into it, puts the compiled core over the installed package
(built there with scripts/build_native.py, or taken from DIR; where no C compiler is found, the
binary is the program as Python), builds from build/cardtable.spec, runs the
binary's self-test (which proves what the spec leaves out is never needed) and zips the onedir
bundle. It prints the largest files, the bundle's size, the zip's size and the time taken.
"""

from __future__ import annotations

import argparse
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
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from build_native import MYPY
from stub_decoders import stub_decoders

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "work"
DIST = ROOT / "build" / "dist"
OUT = ROOT / "dist"
PYINSTALLER = "pyinstaller>=6.5"


def _venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def _run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd, env=env)


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


def _largest(bundle: Path, count: int = 10) -> list[str]:
    files = sorted((f for f in bundle.rglob("*") if f.is_file() and not f.is_symlink()),
                   key=lambda f: f.stat().st_size, reverse=True)
    return [f"{f.stat().st_size / 1e6:6.2f} MB  {f.relative_to(bundle)}" for f in files[:count]]


def _program(bundle: Path) -> Path:
    if sys.platform == "darwin":
        return bundle / "Contents" / "MacOS" / "CardTable"
    return bundle / ("CardTable.exe" if sys.platform == "win32" else "CardTable")


def _os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def _site_packages(py: Path) -> Path:
    where = "import cardtable, pathlib; print(pathlib.Path(cardtable.__file__).parent)"
    out = subprocess.run([str(py), "-c", where], check=True, capture_output=True, text=True, cwd=WORK)
    return Path(out.stdout.strip()).parent


def _compiled_core(py: Path, native: Path | None, python_only: bool) -> str:
    """Put the compiled core (scripts/build_native.py) over the installed package: its compiled
    modules, the sources they were compiled from, and mypyc's shared runtime module. Built here
    unless ``native`` holds one (CI builds it once, for its tests and the binary). Where it cannot
    be built (no C compiler), the binary runs the program as Python, which is complete."""
    if python_only:
        return "Python (--python-only)"
    if native is None:
        native = WORK / "native"
        try:
            _run(py, "-m", "pip", "install", "-q", MYPY)
            _run(py, ROOT / "scripts" / "build_native.py", native)
        except subprocess.CalledProcessError as exc:
            print(f"build_binary: no compiled core ({exc}); the binary runs as Python", flush=True)
            return "Python (the compiled core did not build)"
    site = _site_packages(py)
    suffixes = tuple(EXTENSION_SUFFIXES)
    count = 0
    for f in sorted((native / "cardtable").rglob("*")):
        rel = f.relative_to(native)
        if f.name.endswith(suffixes) or (f.suffix == ".py" and (site / rel).is_file()
                                         and (site / rel).read_bytes() != f.read_bytes()):
            shutil.copy2(f, site / rel)
            count += f.name.endswith(suffixes)
    runtime = [f for f in native.glob("*__mypyc*") if f.name.endswith(suffixes)]
    if not count or len(runtime) != 1:
        raise SystemExit(f"build_binary: {native} holds no compiled core ({count} modules, "
                         f"{len(runtime)} runtimes)")
    shutil.copy2(runtime[0], site / runtime[0].name)
    os.environ["CARDTABLE_MYPYC_RUNTIME"] = runtime[0].name.split(".")[0]  # for the spec (PyInstaller)
    return f"compiled ({count} modules, from {native})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", type=Path, default=None,
                        help="a compiled core already built by scripts/build_native.py (else built here)")
    parser.add_argument("--python-only", action="store_true", help="build the binary without a compiled core")
    args = parser.parse_args()
    native = args.native.resolve() if args.native else None
    python_only = args.python_only
    start = time.perf_counter()
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    env = WORK / "venv"
    # setuptools builds the wheel through build/lib and never deletes from it: a module moved
    # or removed since the last build would still be installed, and frozen, from there.
    for stale in [WORK, DIST, ROOT / "build" / "lib", *ROOT.glob("build/bdist.*")]:
        shutil.rmtree(stale, ignore_errors=True)
    venv.create(env, with_pip=True, clear=True)
    py = _venv_python(env)
    _run(py, "-m", "pip", "install", "-q", "--upgrade", "pip")
    _run(py, "-m", "pip", "install", "-q", str(ROOT), PYINSTALLER)
    print(f"core:   {_compiled_core(py, native, python_only)}", flush=True)
    # Run from outside the checkout: from inside it, the source folder `cardtable/` would shadow
    # the installed package and its data files could go missing from the bundle.
    _run(py, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--workpath", WORK / "pyinstaller", "--distpath", DIST, ROOT / "build" / "cardtable.spec", cwd=WORK)
    bundle = DIST / ("CardTable.app" if sys.platform == "darwin" else "CardTable")
    if sys.platform.startswith("linux"):
        print(*stub_decoders(bundle), sep="\n")
    built = time.perf_counter() - start
    # SDL's dummy drivers: the same run with or without a screen and a sound card.
    _run(_program(bundle), "--self-test", cwd=WORK,
         env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    OUT.mkdir(exist_ok=True)
    arch = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    archive = OUT / f"CardTable-{version}-{_os_name()}-{arch}.zip"
    _zip(bundle, archive)
    print("largest files:", *_largest(bundle), sep="\n  ")
    print(f"bundle: {bundle} ({_size(bundle) / 1e6:.1f} MB unpacked; target <= 35 MB on Linux)")
    print(f"zip:    {archive} ({archive.stat().st_size / 1e6:.1f} MB; target <= 15 MB on Linux)")
    print(f"time:   {built:.0f} s to build, {time.perf_counter() - start:.0f} s with the self-test and zip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
