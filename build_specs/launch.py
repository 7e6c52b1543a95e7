"""PyInstaller entry script: the frozen app starts here."""

import multiprocessing
import sys

from crimson_table.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the bot process (spawn) re-enters the executable here
    sys.exit(main(sys.argv[1:]))
