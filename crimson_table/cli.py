"""Command line entry point: ``crimson-table`` / ``python -m crimson_table``.

* no arguments: open the app;
* ``--smoke [--screenshots DIR]``: the headless smoke run (``crimson_table.smoke.run_smoke``);
* ``simulate ...``: bot-vs-bot simulations (``crimson_table.play.simulate.main``);
* ``serve ...``: the headless online table server (``crimson_table.net.serve.main``; no pygame).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

# Switches read without argparse when a command line holds nothing else (a double-click holds
# nothing at all): importing argparse costs about a twentieth of the time to the first frame.
SWITCHES = ("--smoke", "--verbose", "--first-frame", "--first-pixels")


def quick_args(args: Sequence[str]) -> SimpleNamespace | None:
    """The options of a command line made of :data:`SWITCHES` only (None: argparse reads it).

    >>> quick_args([]).smoke, quick_args(["--first-pixels"]).first_pixels, quick_args(["--help"])
    (False, True, None)
    """
    if any(arg not in SWITCHES for arg in args):
        return None
    flags = {switch[2:].replace("-", "_"): switch in args for switch in SWITCHES}
    return SimpleNamespace(screenshots=None, **flags)


def build_parser() -> argparse.ArgumentParser:
    """The top-level options (``simulate`` takes its own arguments)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="crimson-table",
        description="Crimson Table: tabletop games with every rule enforced.",
        epilog="Commands: 'crimson-table simulate --help' (bot-vs-bot runs), "
        "'crimson-table serve --help' (the headless online table server).",
    )
    parser.add_argument("--smoke", action="store_true", help="run the headless smoke test and exit")
    parser.add_argument(
        "--screenshots", type=Path, metavar="DIR", help="with --smoke: save a screenshot of each scene to DIR"
    )
    parser.add_argument("--verbose", action="store_true", help="log more detail")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    parser.add_argument(
        "--first-frame",
        action="store_true",
        help="open the menu, draw one frame and exit (start-up benchmark)",
    )
    parser.add_argument(
        "--first-pixels",
        action="store_true",
        help="open the window, show the menu as it last looked and exit (start-up benchmark)",
    )
    return parser


def _version() -> str:
    from crimson_table import __version__

    return __version__


def _ensure_streams() -> None:
    """A windowed build on Windows has no console: give print() somewhere harmless to write."""
    import os

    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app or one of the tool commands; returns the process exit code."""
    if getattr(sys, "frozen", False):  # only a frozen build's bot process needs it (start-up cost)
        import multiprocessing

        multiprocessing.freeze_support()
    _ensure_streams()
    try:
        return _run(argv)
    finally:
        worker = sys.modules.get("crimson_table.play.bot_worker")  # imported only once a bot played
        if worker is not None:
            worker.shutdown()  # the bot process never outlives the app


def _run(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] == "simulate":
        from crimson_table.play.simulate import main as simulate_main

        return simulate_main(args_list[1:])
    if args_list and args_list[0] == "serve":
        from crimson_table.net.serve import main as serve_main

        return serve_main(args_list[1:])
    args = quick_args(args_list) or build_parser().parse_args(args_list)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )
    if args.screenshots is not None and not args.smoke:
        build_parser().error("--screenshots needs --smoke")
    if args.smoke:
        from crimson_table.smoke import run_smoke

        return int(run_smoke(args.screenshots))
    import pygame

    from crimson_table.ui import splash

    try:
        kept = splash.show_kept_menu()  # the menu as it last looked, before the app's code loads
        if args.first_pixels and kept is not None and kept.shown is not None:
            return 0  # the kept menu is on the screen (what bench/startup.py times)
        from crimson_table.ui.app import App

        app = App(splash=True, kept=kept, start_menu=not args.first_pixels)
        if args.first_pixels:
            if app.first_frame is not None and app.first_frame.shown is not None:
                return 0  # the kept menu is on the screen
            app.go_to_menu()
        if args.first_frame or args.first_pixels:
            app.step()
            app.keep_first_frame()
            app.clear()
            return 0
        return app.run()
    finally:
        pygame.quit()
