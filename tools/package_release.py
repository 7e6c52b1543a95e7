"""Pack the PyInstaller build into this OS's release archive.

    python tools/package_release.py [--dist dist] [--out release]

Windows: ``CrimsonTable-<version>-windows.zip`` of ``dist/CrimsonTable``; macOS:
``CrimsonTable-<version>-macos.zip`` of ``dist/Crimson Table.app`` (made with ``ditto`` so the
bundle's symlinks survive); Linux: ``CrimsonTable-<version>-linux.tar.gz`` of
``dist/CrimsonTable`` (with the .desktop file, icon and installer the spec puts there).
Prints the archive's path.  The release workflow (.github/workflows/build.yml) attaches it.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def app_version() -> str:
    """``__version__`` from the package, read without importing it."""
    text = (ROOT / "crimson_table" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'__version__ = "([^"]+)"', text)
    if found is None:
        raise SystemExit("no __version__ in crimson_table/__init__.py")
    return found.group(1)


def os_name(platform: str = sys.platform) -> str:
    """``windows``, ``macos`` or ``linux``."""
    if platform == "win32":
        return "windows"
    return "macos" if platform == "darwin" else "linux"


def _zip_folder(folder: Path, archive: Path) -> None:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.rglob("*")):
            out.write(path, path.relative_to(folder.parent))


def package(dist: Path, out: Path, system: str | None = None) -> Path:
    """Build the archive of ``system`` (default: this OS) from ``dist``; returns its path."""
    system = system or os_name()
    out.mkdir(parents=True, exist_ok=True)
    stem = f"CrimsonTable-{app_version()}-{system}"
    if system == "linux":
        archive = out / f"{stem}.tar.gz"
        with tarfile.open(archive, "w:gz") as tar:
            tar.add(dist / "CrimsonTable", arcname="CrimsonTable")  # keeps symlinks and modes
        return archive
    archive = out / f"{stem}.zip"
    if system == "macos" and shutil.which("ditto"):
        subprocess.run(
            [
                "ditto",
                "-c",
                "-k",
                "--sequesterRsrc",
                "--keepParent",
                str(dist / "Crimson Table.app"),
                str(archive),
            ],
            check=True,
        )
        return archive
    _zip_folder(dist / ("Crimson Table.app" if system == "macos" else "CrimsonTable"), archive)
    return archive


def main() -> None:
    """Command line entry."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "release")
    parser.add_argument("--check-tag", metavar="TAG", help="only check that TAG is v<version>")
    args = parser.parse_args()
    if args.check_tag is not None:
        if args.check_tag != f"v{app_version()}":
            raise SystemExit(f"tag {args.check_tag} does not match the app version {app_version()}")
        print(f"tag {args.check_tag} matches the app version")
        return
    print(package(args.dist, args.out))


if __name__ == "__main__":
    main()
