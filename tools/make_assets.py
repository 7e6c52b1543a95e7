"""Generate Crimson Table's committed assets from code: sounds (.wav) and the application icon.

Writes, under ``assets/`` (or ``--out``):
  sounds/<name>.wav   card_slide, card_place, card_flip, coin_clink, die_roll, victory_sting, error_buzz, click
  icon.png            256 x 256
  icon.ico            Windows: PNG-compressed entries at 16, 24, 32, 48, 64, 128 and 256 px
  icon.icns           macOS: PNG-compressed ic07/ic08/ic09 (128, 256, 512 px)

Everything is drawn and synthesised by ``crimson_table.ui.art``; the output is deterministic, so running
the tool twice gives the same bytes.  Usage: ``python tools/make_assets.py [--out DIR] [--only sounds|icons]``
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from crimson_table.ui.art import icons, sounds  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512))


def png_bytes(surface: pygame.Surface) -> bytes:
    """Encode a Surface as PNG in memory."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO container holding PNG images: ICONDIR, one ICONDIRENTRY per image, then the data."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    blobs = b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO format
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS container of PNG-compressed elements (type, data)."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_sounds(out: Path) -> list[Path]:
    """Synthesise every sound into ``out/sounds``."""
    written = []
    for name in sounds.SOUND_NAMES:
        path = out / "sounds" / f"{name}.wav"
        sounds.write_wav(path, sounds.synthesize(name))
        written.append(path)
    return written


def write_icons(out: Path) -> list[Path]:
    """Render the app icon and write the PNG, ICO and ICNS files."""
    out.mkdir(parents=True, exist_ok=True)
    png = out / "icon.png"
    png.write_bytes(png_bytes(icons.app_icon(256)))
    ico = out / "icon.ico"
    ico.write_bytes(ico_bytes([(s, png_bytes(icons.app_icon(s))) for s in ICO_SIZES]))
    icns = out / "icon.icns"
    icns.write_bytes(icns_bytes([(kind, png_bytes(icons.app_icon(s))) for kind, s in ICNS_TYPES]))
    return [png, ico, icns]


def write_prerendered(out: Path) -> list[Path]:
    """Images the first frame needs, rendered once here so start-up only loads them."""
    from crimson_table.ui import artwork

    folder = out / "prerendered"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (render, size) in artwork.prerender_jobs().items():
        path = folder / artwork.prerendered_file(name)
        pygame.image.save(render(size), str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "assets", help="assets folder to write into")
    parser.add_argument("--only", choices=("sounds", "icons", "prerendered"), help="generate just one kind")
    args = parser.parse_args(argv)
    pygame.font.init()
    written: list[Path] = []
    if args.only in (None, "sounds"):
        written += write_sounds(args.out)
    if args.only in (None, "icons"):
        written += write_icons(args.out)
    if args.only in (None, "prerendered"):
        written += write_prerendered(args.out)
    for path in written:
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
