"""The palette (ART.md) for UI code, and the pygame-gui theme built from it.

Colours come from ``crimson_table.ui.art.palette`` so menus, widgets and the drawn art share
one palette.  :func:`gui_theme` returns the theme as a dict that ``pygame_gui.UIManager`` loads
directly; fonts point at the Noto Sans files found by :mod:`fonts`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from crimson_table.ui.art.palette import (
    CRIMSON,
    CRIMSON_DARK,
    FELT_CENTRE,
    FELT_EDGE,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    PARCHMENT_LIGHT,
    STONE,
    WALNUT,
    Colour,
    seat_colour,
    seat_pattern,
)
from crimson_table.ui.widgets import fonts

__all__ = [
    "CRIMSON",
    "CRIMSON_DARK",
    "FELT_CENTRE",
    "FELT_EDGE",
    "GOLD",
    "GOLD_DARK",
    "GOLD_LIGHT",
    "INK",
    "PARCHMENT",
    "PARCHMENT_DARK",
    "PARCHMENT_LIGHT",
    "STONE",
    "WALNUT",
    "SHADOW",
    "ERROR",
    "Colour",
    "gui_theme",
    "hexa",
    "seat_colour",
    "seat_pattern",
]

SHADOW: Colour = (12, 10, 8)
ERROR: Colour = (0xB0, 0x1E, 0x2E)
FONT_NAME = "crimson_noto"


DROP_DOWN_ITEM_HEIGHT = 34  # a dropdown's list rows, tall enough for a line of body text


def hexa(colour: Colour, alpha: int | None = None) -> str:
    """``#rrggbb`` (or ``#rrggbbaa``) text for pygame-gui themes."""
    text = "#{:02x}{:02x}{:02x}".format(*colour)
    return text if alpha is None else f"{text}{alpha:02x}"


def _font(size: int, bold: bool = False) -> dict[str, str]:
    out = {"name": FONT_NAME, "size": str(size)}
    if bold:
        out["bold"] = "1"
    paths = {
        "regular_path": fonts.font_path(False, False),
        "bold_path": fonts.font_path(True, False),
        "italic_path": fonts.font_path(False, True),
        "bold_italic_path": fonts.font_path(True, True),
    }
    out.update({key: str(path) for key, path in paths.items() if path is not None})
    return out


def _button_colours(bg: Colour, text: Colour, border: Colour) -> dict[str, str]:
    return {
        "normal_bg": hexa(bg),
        "hovered_bg": hexa(_lift(bg)),
        "active_bg": hexa(_sink(bg)),
        "selected_bg": hexa(_lift(bg)),
        "disabled_bg": hexa((0x4A, 0x47, 0x40)),
        "normal_text": hexa(text),
        "hovered_text": hexa(text),
        "active_text": hexa(text),
        "selected_text": hexa(text),
        "disabled_text": hexa((0x9C, 0x96, 0x88)),
        "normal_border": hexa(border),
        "hovered_border": hexa(GOLD_LIGHT),
        "active_border": hexa(GOLD_LIGHT),
        "selected_border": hexa(GOLD_LIGHT),
        "disabled_border": hexa(STONE),
    }


def _lift(c: Colour) -> Colour:
    return (min(255, c[0] + 28), min(255, c[1] + 22), min(255, c[2] + 18))


def _sink(c: Colour) -> Colour:
    return (max(0, c[0] - 30), max(0, c[1] - 30), max(0, c[2] - 30))


def _misc(radius: int = 8, border: int = 2, align: str = "center") -> dict[str, str]:
    return {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(radius),
        "border_width": str(border),
        "shadow_width": "0",
        "text_horiz_alignment": align,
        "text_horiz_alignment_padding": "12",
        "tool_tip_delay": "0.6",
    }


@lru_cache(maxsize=1)
def gui_theme() -> dict[str, Any]:
    """The pygame-gui theme: crimson buttons with gold borders, parchment fields, ink text."""
    parchment_fields = {
        "normal_bg": hexa(PARCHMENT_LIGHT),
        "dark_bg": hexa(PARCHMENT),
        "normal_text": hexa(INK),
        "selected_text": hexa(PARCHMENT_LIGHT),
        "selected_bg": hexa(CRIMSON),
        "text_cursor": hexa(CRIMSON),
        "normal_border": hexa(GOLD_DARK),
        "hovered_border": hexa(GOLD),
        "selected_border": hexa(GOLD),
        "disabled_bg": hexa(PARCHMENT_DARK),
        "disabled_text": hexa(STONE),
    }
    return {
        "defaults": {
            "colours": {
                **_button_colours(CRIMSON, PARCHMENT, GOLD),
                "dark_bg": hexa(PARCHMENT),
                "text_cursor": hexa(CRIMSON),
                "link_text": hexa(CRIMSON),
                "link_hover": hexa(CRIMSON_DARK),
                "filled_bar": hexa(GOLD),
                "unfilled_bar": hexa(PARCHMENT_DARK),
            },
            "font": _font(fonts.BODY),
            "misc": _misc(),
        },
        "button": {
            "colours": _button_colours(CRIMSON, PARCHMENT, GOLD),
            "font": _font(fonts.BODY, bold=True),
            "misc": _misc(9, 2),
        },
        "#secondary": {"colours": _button_colours((0x3A, 0x33, 0x2B), PARCHMENT, GOLD_DARK)},
        "#toggle_on": {"colours": _button_colours((0x2F, 0x5D, 0x46), PARCHMENT, GOLD)},
        "#small": {"font": _font(fonts.SMALL, bold=True), "misc": _misc(radius=6)},
        "label": {
            "colours": {"normal_text": hexa(INK), "dark_bg": hexa(PARCHMENT, 0)},
            "font": _font(fonts.BODY),
            "misc": {"text_horiz_alignment": "left"},
        },
        "#heading": {"font": _font(fonts.HEADING, bold=True)},
        "#felt_label": {"colours": {"normal_text": hexa(PARCHMENT), "dark_bg": hexa(INK, 0)}},
        "#hint": {"font": _font(fonts.SMALL), "colours": {"normal_text": hexa((0x5C, 0x55, 0x4A))}},
        "text_entry_line": {
            "colours": parchment_fields,
            "font": _font(fonts.BODY),
            "misc": _misc(6, 2, "left"),
        },
        "text_box": {
            "colours": {**parchment_fields, "dark_bg": hexa(PARCHMENT_LIGHT)},
            "font": _font(fonts.BODY),
            "misc": {**_misc(10, 2, "left"), "padding": "18,14"},
        },
        "drop_down_menu": {
            "colours": parchment_fields,
            "font": _font(fonts.BODY),
            # pygame-gui's 20 px rows cut a body-size line: items as tall as the text needs
            "misc": {**_misc(6, 2, "left"), "list_item_height": str(DROP_DOWN_ITEM_HEIGHT)},
        },
        "drop_down_menu.#expand_button": {"colours": _button_colours(CRIMSON, PARCHMENT, GOLD_DARK)},
        "drop_down_menu.#drop_down_options_list": {
            "colours": {**parchment_fields, "dark_bg": hexa(PARCHMENT_LIGHT)},
            "misc": {**_misc(6, 2, "left"), "list_item_height": str(DROP_DOWN_ITEM_HEIGHT)},
        },
        "drop_down_menu.#drop_down_options_list.@selection_list_item": {
            "colours": {
                **_button_colours(PARCHMENT_LIGHT, INK, PARCHMENT_DARK),
                "hovered_bg": hexa(GOLD_LIGHT),
                "selected_bg": hexa(GOLD_LIGHT),
            },
            "font": _font(fonts.BODY),
            "misc": {**_misc(0, 0, "left")},
        },
        "drop_down_menu.@selected_option": {
            "colours": {**_button_colours(PARCHMENT_LIGHT, INK, GOLD_DARK), "hovered_bg": hexa(PARCHMENT)},
            "font": _font(fonts.BODY),
            "misc": _misc(6, 2, "left"),
        },
        "horizontal_slider": {
            "colours": {**parchment_fields, "dark_bg": hexa(PARCHMENT_DARK)},
            "misc": _misc(6, 2),
        },
        "horizontal_slider.#sliding_button": {"colours": _button_colours(CRIMSON, PARCHMENT, GOLD)},
        "horizontal_slider.#left_button": {"colours": _button_colours(CRIMSON_DARK, PARCHMENT, GOLD_DARK)},
        "horizontal_slider.#right_button": {"colours": _button_colours(CRIMSON_DARK, PARCHMENT, GOLD_DARK)},
        "vertical_scroll_bar": {
            "colours": {"dark_bg": hexa(PARCHMENT_DARK), "normal_bg": hexa(PARCHMENT_DARK)}
        },
        "vertical_scroll_bar.#sliding_button": {"colours": _button_colours(CRIMSON, PARCHMENT, GOLD_DARK)},
        "tool_tip": {
            "colours": {"dark_bg": hexa(INK), "normal_text": hexa(PARCHMENT), "normal_border": hexa(GOLD)},
            "font": _font(fonts.SMALL),
        },
    }
