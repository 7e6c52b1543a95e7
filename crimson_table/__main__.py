"""``python -m crimson_table``."""

from crimson_table.cli import main

if __name__ == "__main__":
    raise SystemExit(main())  # main() calls multiprocessing.freeze_support() in a frozen build
