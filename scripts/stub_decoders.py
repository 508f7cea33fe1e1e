"""Linux builds: SDL_mixer without the decoders of formats the game never plays.

pygame-ce's SDL_mixer is linked to decoders for MIDI (FluidSynth, which brings libstdc++ and
libsndfile), MOD, MP3, FLAC, Opus, Vorbis and WavPack: about 7 MB of the Linux bundle. The game
plays only the WAV sounds it synthesises (cardtable.ui.sound), which SDL_mixer reads itself.
Being linked, the decoders cannot simply be left out (SDL_mixer would not load), so each is
replaced by a stub library of the same name that defines the functions SDL_mixer takes from it;
libraries that only the decoders needed are then deleted. SDL_mixer calls them only to open a
file of such a format, which the game never does; if a later feature did, a stub says so on
stderr and aborts, so its own self-test step fails loudly instead of a sound going quiet. The
binary's self-test plays every sound through the mixer after this (build_binary.py).

Needs a C compiler and binutils (cc, nm, readelf); without them the decoders are kept as they are.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

FUNCTION_TYPES = set("TtWi")
"""nm's letters for code (text, weak, indirect): a stub can stand in for functions only."""
STUB_HEADER = """#include <stdio.h>
#include <stdlib.h>
static void refuse(const char *name) {
    fprintf(stderr, "CardTable: %s: this build has no decoder for that sound format\\n", name);
    abort();
}
"""


def _out(*cmd: str | Path) -> str:
    run = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, check=False)
    if run.returncode:
        raise RuntimeError(f"{' '.join(str(c) for c in cmd)} failed: {run.stderr.strip()}")
    return run.stdout


def _is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def _dynamic(path: Path, tag: str) -> list[str]:
    """Values of a dynamic-section tag (NEEDED, SONAME) of an ELF file."""
    lines = _out("readelf", "-d", "-W", path).splitlines()
    return [ln.split("[", 1)[1].rstrip("]") for ln in lines if f"({tag})" in ln]


def _symbols(path: Path, defined: bool) -> dict[str, tuple[str, str]]:
    """Dynamic symbols of ``path``: name -> (nm type letter, symbol version or ""); the version
    nodes a library defines are listed as symbols of type "A"."""
    out = _out("nm", "-D", "--defined-only" if defined else "--undefined-only", path)
    found = {}
    for line in out.splitlines():
        kind, versioned = line.split()[-2:]
        name, _, version = versioned.partition("@")
        found[name] = (kind, version.lstrip("@"))
    return found


def _libraries(internal: Path) -> dict[str, Path]:
    """Bundled shared libraries by file name (what DT_NEEDED names) -> the real file."""
    libs = {}
    for folder in (internal, *internal.glob("*.libs")):
        for f in folder.iterdir():
            if ".so" in f.name and f.resolve().is_file():
                libs[f.name] = f.resolve()
    return libs


def _closure(roots: list[Path], libs: dict[str, Path]) -> set[Path]:
    """Every bundled library reachable from ``roots`` through DT_NEEDED."""
    seen: set[Path] = set()
    todo = list(roots)
    while todo:
        for name in _dynamic(todo.pop(), "NEEDED"):
            lib = libs.get(name)
            if lib is not None and lib not in seen:
                seen.add(lib)
                todo.append(lib)
    return seen


def _version_node(version: str, symbols: list[str]) -> str:
    """One node of a linker version script (an empty one still defines the version)."""
    names = f"global: {' '.join(f'{s};' for s in symbols)} " if symbols else ""
    return f"{version} {{ {names}}};\n"


def _compile_stub(decoder: Path, wanted: dict[str, tuple[str, str]], workdir: Path) -> Path:
    """A library named as ``decoder`` defining what ``wanted`` takes from it, with the same
    symbol versions (SDL_mixer asks for libxmp's by version, and the loader checks them)."""
    defined = _symbols(decoder, defined=True)
    symbols = sorted(set(wanted) & set(defined))
    odd = [s for s in symbols if defined[s][0] not in FUNCTION_TYPES]
    if odd:
        raise RuntimeError(f"{decoder.name} lends data, not only functions: {', '.join(odd)}")
    source = workdir / f"{decoder.name}.c"
    source.write_text(STUB_HEADER + "".join(f'void {s}(void) {{ refuse("{s}"); }}\n' for s in symbols))
    versions = {n for n, (kind, _) in defined.items() if kind == "A"} | {v for _, v in defined.values() if v}
    script = workdir / f"{decoder.name}.map"
    script.write_text("".join(_version_node(v, [s for s in symbols if defined[s][1] == v])
                              for v in sorted(versions)))
    stub = workdir / decoder.name
    [soname] = _dynamic(decoder, "SONAME")
    _out("cc", "-shared", "-fPIC", "-O1", "-s", f"-Wl,-soname,{soname}",
         *([f"-Wl,--version-script={script}"] if versions else []), "-o", stub, source)
    return stub


def stub_decoders(bundle: Path) -> list[str]:
    """Replace SDL_mixer's decoders in the onedir ``bundle``; lines saying what was done."""
    if not all(shutil.which(tool) for tool in ("cc", "nm", "readelf")):
        return ["decoders kept: no C compiler or binutils (cc, nm, readelf) on this machine"]
    internal = bundle / "_internal"
    libs = _libraries(internal)
    mixers = [p for n, p in libs.items() if n.startswith("libSDL2_mixer")]
    if len(mixers) != 1:
        return [f"decoders kept: expected one SDL_mixer, found {len(mixers)}"]
    mixer = mixers[0]
    decoders = [libs[n] for n in _dynamic(mixer, "NEEDED") if n in libs and not n.startswith("libSDL2")]
    wanted = _symbols(mixer, defined=False)
    before = _closure(decoders, libs) | set(decoders)
    with tempfile.TemporaryDirectory() as tmp:
        stubs = {d: _compile_stub(d, wanted, Path(tmp)) for d in decoders}
        for decoder, stub in stubs.items():
            shutil.copyfile(stub, decoder)
    others = [f for f in internal.rglob("*") if f.is_file() and not f.is_symlink() and f not in before]
    roots = [f for f in others if _is_elf(f)] + [bundle / "CardTable"] + decoders
    needed = _closure(roots, libs)
    gone = sorted((p for p in before - set(decoders) if p not in needed), key=lambda p: p.name)
    freed = sum(p.stat().st_size for p in gone)
    for link in internal.iterdir():
        if link.is_symlink() and link.resolve() in gone:
            link.unlink()
    for lib in gone:
        lib.unlink()
    return [f"decoders stubbed: {', '.join(d.name.split('-')[0].split('.')[0] for d in decoders)}",
            f"libraries only they needed, deleted ({freed / 1e6:.1f} MB): "
            f"{', '.join(p.name for p in gone) or 'none'}"]
