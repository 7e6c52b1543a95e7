"""``python -m crimson_table``."""

from crimson_table.cli import main

raise SystemExit(main())
