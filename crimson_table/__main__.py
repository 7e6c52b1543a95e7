"""``python -m crimson_table``."""

import multiprocessing

from crimson_table.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a bot's process in the frozen build starts here too
    raise SystemExit(main())
