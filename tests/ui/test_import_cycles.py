"""No import cycle in ``crimson_table.ui``: tables and the screens they open name each other through
the app's screen registry (``app.open("pause", game=...)``), never by import.

The graph counts every import that runs, at module level or inside a function; imports under
``if TYPE_CHECKING:`` never run and are left out.  A cycle is reported as the chain of modules
that closes it, so the import to remove is in the message.
"""

from __future__ import annotations

import grimp
import pytest

from crimson_table.ui.screen_names import SCREENS, resolve

UI = "crimson_table.ui"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("crimson_table", cache_dir=None, exclude_type_checking_imports=True)


def ui_cycles(graph: grimp.ImportGraph) -> list[tuple[str, ...]]:
    """For each ui module that some module it imports leads back to, the shortest chain back."""
    cycles = []
    for module in sorted(m for m in graph.modules if m == UI or m.startswith(UI + ".")):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            chain = graph.find_shortest_chain(importer=imported, imported=module)
            if chain is not None:
                cycles.append((module, *chain))
                break
    return cycles


def test_the_ui_package_has_no_import_cycle(graph: grimp.ImportGraph) -> None:
    cycles = ui_cycles(graph)
    assert cycles == [], "import cycles in ui/:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_cycle_finder_reports_two_modules_importing_each_other() -> None:
    """The check can fail: a table opening its pause menu by import, the menu importing the table."""
    graph = grimp.ImportGraph()
    graph.add_import(
        importer=f"{UI}.tables.base", imported=f"{UI}.screens.pause", line_number=1, line_contents=""
    )
    graph.add_import(
        importer=f"{UI}.screens.pause", imported=f"{UI}.tables.base", line_number=2, line_contents=""
    )
    assert (f"{UI}.screens.pause", f"{UI}.tables.base", f"{UI}.screens.pause") in ui_cycles(graph)


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_registered_screen_name_imports(name: str) -> None:
    assert callable(resolve(name))


def test_an_unknown_screen_name_says_which_names_exist() -> None:
    with pytest.raises(LookupError, match="pause"):
        resolve("no such screen")
