"""PyInstaller entry script: the frozen app starts here."""

import sys

from crimson_table.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
