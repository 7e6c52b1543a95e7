"""Release builds: one archive per OS named with the version, the Linux desktop entry, the
workflow that attaches them to a GitHub Release on a version tag, the version on screen."""

from __future__ import annotations

import configparser
import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from crimson_table import __version__

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"

spec = importlib.util.spec_from_file_location("package_release", ROOT / "tools" / "package_release.py")
assert spec is not None and spec.loader is not None
package_release = importlib.util.module_from_spec(spec)
spec.loader.exec_module(package_release)


def _fake_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    onedir = dist / "CrimsonTable"
    (onedir / "_internal").mkdir(parents=True)
    (onedir / "CrimsonTable").write_text("#!/bin/sh\n")
    (onedir / "CrimsonTable").chmod(0o755)
    (onedir / "_internal" / "libfoo.so.1").write_text("lib")
    if hasattr(os, "symlink"):
        os.symlink("libfoo.so.1", onedir / "_internal" / "libfoo.so")
    app = dist / "Crimson Table.app" / "Contents" / "MacOS"
    app.mkdir(parents=True)
    (app / "CrimsonTable").write_text("bin")
    return dist


def test_the_linux_archive_is_a_tar_gz_named_with_the_version_keeping_modes_and_links(tmp_path: Path) -> None:
    archive = package_release.package(_fake_dist(tmp_path), tmp_path / "out", "linux")
    assert archive.name == f"CrimsonTable-{__version__}-linux.tar.gz"
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert members["CrimsonTable/CrimsonTable"].mode & 0o111
    if hasattr(os, "symlink"):
        assert members["CrimsonTable/_internal/libfoo.so"].issym()


@pytest.mark.parametrize(("system", "top"), [("windows", "CrimsonTable/"), ("macos", "Crimson Table.app/")])
def test_windows_and_macos_archives_are_zips_of_the_app(tmp_path: Path, system: str, top: str) -> None:
    archive = package_release.package(_fake_dist(tmp_path), tmp_path / "out", system)
    assert archive.name == f"CrimsonTable-{__version__}-{system}.zip"
    with zipfile.ZipFile(archive) as zipped:
        assert all(name.startswith(top) for name in zipped.namelist())


def test_a_tag_that_does_not_match_the_version_stops_the_release() -> None:
    script = ROOT / "tools" / "package_release.py"
    bad = subprocess.run(
        [sys.executable, str(script), "--check-tag", "v0.0.0-nope"], capture_output=True, text=True
    )
    good = subprocess.run(
        [sys.executable, str(script), "--check-tag", f"v{__version__}"], capture_output=True, text=True
    )
    assert bad.returncode != 0 and "does not match" in bad.stderr
    assert good.returncode == 0


def test_the_linux_desktop_entry_names_the_app_its_executable_and_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(ROOT / "build_specs" / "crimson-table.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Crimson Table"
    assert desktop["Exec"] == "CrimsonTable" and desktop["Icon"] == "crimson-table"
    assert "Game;" in desktop["Categories"]


def test_the_desktop_installer_points_the_entry_at_the_unpacked_app(tmp_path: Path) -> None:
    folder = tmp_path / "CrimsonTable"
    folder.mkdir()
    for name in ("crimson-table.desktop", "install-desktop-entry.sh"):
        (folder / name).write_bytes((ROOT / "build_specs" / name).read_bytes())
    (folder / "crimson-table.png").write_bytes((ROOT / "assets" / "icon.png").read_bytes())
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "share")}
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh")], env=env, check=True, capture_output=True)
    installed = (home / "share" / "applications" / "crimson-table.desktop").read_text()
    assert f'Exec="{folder}/CrimsonTable"' in installed
    assert (home / "share" / "icons" / "hicolor" / "256x256" / "apps" / "crimson-table.png").is_file()


def test_the_spec_carries_icon_and_version_for_every_os() -> None:
    text = (ROOT / "build_specs" / "crimson_table.spec").read_text(encoding="utf-8")
    assert "VSVersionInfo" in text and "version=windows_version_info()" in text  # Windows exe version info
    assert '"CFBundleShortVersionString": VERSION' in text and "version=VERSION" in text  # macOS plist
    assert "crimson-table.desktop" in text and "icon.png" in text  # Linux entry and icon
    assert '"0.1.0"' not in text  # the version is read from the package, never repeated


def test_a_version_tag_builds_archives_and_attaches_them_to_a_release() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text
    assert "windows-latest, macos-latest, ubuntu-latest" in text
    assert "tools/package_release.py --dist dist --out release" in text
    assert "if: startsWith(github.ref, 'refs/tags/v')" in text and "contents: write" in text
    assert "gh release create" in text and "*.zip" in text and "*.tar.gz" in text
    assert "actionlint" in text and "actionlint" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_menu_s_about_line_shows_the_version() -> None:
    from crimson_table.ui.screens.menu import about_line

    assert __version__ in about_line() and "Crimson Table" in about_line()


def test_the_command_line_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    from crimson_table.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and __version__ in capsys.readouterr().out
