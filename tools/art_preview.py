"""Render contact sheets of Crimson Table's generated art, for looking at (not shipped).

Usage: ``python tools/art_preview.py [OUT_DIR]`` (default /tmp/art).  Runs headless (dummy video driver)
and writes cards.png, zoom.png, backs_dice.png, tiles_icons.png and table.png.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from crimson_table.engine.registry import BUILTIN_GAMES  # noqa: E402
from crimson_table.ui.art import cards, dice, icons, palette, patterns, table  # noqa: E402
from crimson_table.ui.art.cards import CardSpec  # noqa: E402

TC, CC, CO = "two_crowns", "crimson_company", "condottiere"


def two_crowns_cards() -> list[CardSpec]:
    """A sample of the Two Crowns deck (TC-R1)."""
    out = [CardSpec(TC, "Knight", v, "strength", "knight", None, "") for v in (1, 2, 3)]
    out.append(
        CardSpec(
            TC,
            "Feint",
            None,
            None,
            "feint",
            "battle",
            "Free. If the opposing group has at least as many cards as yours, its strongest **Knight** goes to Rest.",
        )
    )
    out += [CardSpec(TC, "Gold", v, "gold", "coin", None, "", subtitle=f"{v} gold") for v in (1, 2)]
    out.append(
        CardSpec(
            TC,
            "Vassal",
            None,
            None,
            "vassal",
            "battle",
            "Pay 2 gold: your Knight total is doubled. Vassals do not stack.",
            subtitle="Costs 2 gold",
        )
    )
    out.append(
        CardSpec(
            TC,
            "Bishop",
            None,
            None,
            "bishop",
            "battle",
            "Pay 3 gold: take the strongest **Knight** from the opposing group into your hand.",
            subtitle="Costs 3 gold",
        )
    )
    out.append(
        CardSpec(
            TC,
            "Catapult",
            None,
            None,
            "catapult",
            "battle",
            "Pay 4 gold: 10 damage to the opposing castle, whatever the outcome.",
            subtitle="Costs 4 gold",
        )
    )
    return out


def crimson_company_cards() -> list[CardSpec]:
    """Ten Crimson Company sellswords, including the longest effect texts (CC supplement section 2)."""
    rows = [
        (
            "Alchemist",
            3,
            "potion",
            "deploy",
            "Destroy one card in play (either side, any active lane, face-down allowed, this card allowed). Then that card's owner gains coins equal to the base strength it had when it was destroyed (face-down: 0).",
        ),
        (
            "Banshee",
            3,
            "undead",
            "destruction",
            "When this card is destroyed, flip one card in play (either side, any active lane).",
        ),
        (
            "Berserker",
            7,
            "axe",
            "score",
            "Every other card in this lane, on both sides, gets -1 strength (never below 0).",
        ),
        (
            "Clumsy Ogre",
            7,
            "ogre",
            "income",
            "Flip the card directly below this card on your side of its lane (one position further from the castle), if there is one.",
        ),
        (
            "Dodgy Dealer",
            2,
            "coin",
            "income",
            "Compare the total base strength of both sides of this lane: if yours is higher, gain 2 coins; if your opponent's is higher, your opponent gains 2 coins; if they are equal, nothing happens.",
        ),
        (
            "Fortune Teller",
            2,
            "scroll",
            "recruit",
            "In your Recruitment phase you may bid on the deck's top card as if it were a fifth card on offer. Your opponent may Match that bid but can never bid on that card themselves.",
        ),
        (
            "Undead",
            3,
            "skull",
            "destruction",
            "When destroyed, return this card from the discard pile, face-up, to the bottom of your side of another active lane of your choice (not the lane it was destroyed in). If there is none, it stays in the discard pile.",
        ),
        (
            "Standard Bearer",
            2,
            "banner",
            "score",
            "Every other face-up card on your side of this lane gets +1 strength.",
        ),
        ("Stone Giant", 8, "generic", None, ""),
        ("Demon", 6, "demon", "deploy", "Flip one card in this lane (either side; this card allowed)."),
    ]
    return [CardSpec(CC, t, v, "strength", e, k, x) for t, v, e, k, x in rows]


def condottiere_cards() -> list[CardSpec]:
    """Condottiere mercenaries 1-10 and every special card (CO-T1, CO-R20..R30)."""
    out = [
        CardSpec(CO, f"Mercenary {v}", v, "strength", "mercenary", None, "", subtitle="Mercenary")
        for v in (1, 2, 3, 4, 5, 6, 10)
    ]
    specials = [
        (
            "Winter",
            None,
            "winter",
            "passive",
            "Every Mercenary in every line counts as 1. Discards every Spring in play.",
        ),
        (
            "Spring",
            None,
            "spring",
            "passive",
            "The highest Mercenaries in play get +3. Discards every Winter in play.",
        ),
        ("Drummer", None, "drummer", "passive", "Every Mercenary in your line counts double."),
        (
            "Heroine",
            10,
            "heroine",
            None,
            "Strength 10. Not a Mercenary: Winter, Spring, Drummer and Bishop ignore her.",
        ),
        (
            "Bishop",
            None,
            "bishop",
            "special",
            "Discard the highest Mercenaries in play. Then take the Favor of the Pope.",
        ),
        ("Courtesan", 1, "courtesan", None, "Strength 1. Most Courtesans in a battle win the Pope's token."),
        ("Scarecrow", None, "scarecrow", "special", "Take one Mercenary from your line back into your hand."),
        ("Surrender", None, "surrender", "special", "The battle ends at once."),
    ]
    out += [
        CardSpec(CO, t, v, "strength" if v else None, e, k, x, subtitle="Special")
        for t, v, e, k, x in specials
    ]
    return out


def other_cards() -> list[CardSpec]:
    """A few emblems for the other two games."""
    return [
        CardSpec(
            "crimson_keep",
            "Red Dragon",
            9,
            "strength",
            "dragon",
            "deploy",
            "Flies over the battlefield and burns the first enemy card below it.",
        ),
        CardSpec(
            "crimson_keep",
            "Keep Tower",
            None,
            None,
            "tower",
            "passive",
            "Adds 2 defence to every card in this column.",
        ),
        CardSpec(
            "crusader_kingdoms",
            "Templar",
            4,
            "strength",
            "cross",
            "battle",
            "+1 die in attack when a Knight is present.",
        ),
        CardSpec(
            "crusader_kingdoms", "Siege Engine", None, None, "catapult", "response", "Reroll one defence die."
        ),
    ]


def sheet(size: tuple[int, int], colour: tuple[int, int, int] = palette.FELT_CENTRE) -> pygame.Surface:
    """A blank sheet on felt colour."""
    surface = pygame.Surface(size)
    surface.fill(colour)
    return surface


def caption(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    """A parchment caption with a dark shadow."""
    from crimson_table.ui.art._text import label

    surface.blit(label(text, 16, palette.PARCHMENT, shadow=palette.INK), pos)


def grid(
    surface: pygame.Surface, images: list[pygame.Surface], x0: int, y0: int, cols: int, gap: int = 10
) -> int:
    """Blit images in rows; returns the y below the last row."""
    if not images:
        return y0
    cw = max(i.get_width() for i in images) + gap
    ch = max(i.get_height() for i in images) + gap
    for n, image in enumerate(images):
        surface.blit(image, (x0 + (n % cols) * cw, y0 + (n // cols) * ch))
    return y0 + ((len(images) + cols - 1) // cols) * ch


def cards_sheet(out: Path) -> float:
    """Every sample card at base size; returns the mean render time in ms."""
    groups = [two_crowns_cards(), crimson_company_cards(), condottiere_cards(), other_cards()]
    start = time.perf_counter()
    rendered = [[cards.render_card(s) for s in g] for g in groups]
    elapsed = (time.perf_counter() - start) * 1000 / sum(len(g) for g in groups)
    surface = sheet((1340, 1060))
    y = 10
    for title, images in zip(
        ("Two Crowns", "Crimson Company", "Condottiere", "Crusader Kingdoms / Crimson Keep"),
        rendered,
        strict=True,
    ):
        caption(surface, title, (10, y))
        y = grid(surface, images, 10, y + 24, 10) + 4
    pygame.image.save(surface, str(out / "cards.png"))
    return elapsed


def zoom_sheet(out: Path) -> None:
    """Long-text cards at the 2.5x hover zoom."""
    specs = [
        crimson_company_cards()[0],
        crimson_company_cards()[4],
        condottiere_cards()[6],
        two_crowns_cards()[2],
    ]
    surface = sheet((1300, 460))
    for i, spec in enumerate(specs):
        surface.blit(cards.render_card(spec, 2.5), (10 + i * 320, 20))
    pygame.image.save(surface, str(out / "zoom.png"))


def backs_dice_sheet(out: Path) -> None:
    """Backs, resting and lifted cards, dice, badges and castles."""
    surface = sheet((1340, 760))
    games = list(BUILTIN_GAMES)
    backs = [cards.render_back(g) for g in games]
    backs.append(cards.render_back("crusader_kingdoms", 1.0, (0x1F, 0x5A, 0x3A)))
    caption(surface, "Card backs", (10, 6))
    grid(surface, backs, 10, 30, 6)
    knight = two_crowns_cards()[2]
    caption(surface, "resting / lifted", (800, 6))
    surface.blit(cards.desaturate(cards.render_card(knight)), (800, 30))
    surface.blit(pygame.transform.rotate(cards.desaturate(cards.render_card(knight)), 90), (930, 30))
    surface.blit(cards.lifted_card(knight), (1120 - cards.shadow_pad(), 30 - cards.shadow_pad()))
    caption(surface, "d20 faces, tumble frames, d6", (10, 214))
    faces = [
        dice.d20_face(v, 96, t)
        for v, t in (
            (20, palette.CRIMSON),
            (1, palette.BLUE),
            (9, (0xF0, 0xE8, 0xD0)),
            (13, palette.BLUISH_GREEN),
            (6, palette.INK),
        )
    ]
    grid(surface, faces, 10, 240, 6)
    grid(surface, list(dice.d20_tumble_frames(17, 64, 10)), 560, 240, 10, 4)
    grid(surface, [dice.d6_face(v, 56) for v in range(1, 7)], 560, 312, 6)
    grid(
        surface,
        [dice.d6_face(v, 56, (0xC0, 0x39, 0x2B), palette.PARCHMENT_LIGHT) for v in (3, 5)],
        980,
        312,
        2,
    )
    caption(surface, "player badges (plain / patterned) and pattern fills", (10, 390))
    grid(surface, [patterns.player_badge(s, 48, False) for s in range(6)], 10, 416, 6)
    grid(surface, [patterns.player_badge(s, 48, True) for s in range(6)], 10, 474, 6)
    for s in range(6):
        patterns.fill_pattern(surface, pygame.Rect(360 + s * 90, 416, 80, 100), s)
    caption(surface, "castles", (10, 540))
    grid(surface, [table.castle(120, v, s) for v, s in ((20, 0), (13, 1), (7, 4), (0, 3))], 10, 566, 4)
    surface.blit(table.panel((320, 180)), (560, 560))
    pygame.image.save(surface, str(out / "backs_dice.png"))


def tiles_sheet(out: Path) -> None:
    """Menu tiles, the app icon at several sizes, UI icons and effect badges."""
    surface = sheet((1340, 720), (0x22, 0x1C, 0x18))
    grid(surface, [icons.game_tile(g, (360, 220)) for g in BUILTIN_GAMES], 10, 10, 3, 16)
    x = 780
    for s in (256, 64, 48, 32, 16):
        surface.blit(icons.app_icon(s), (x, 480))
        x += s + 12
    caption(surface, "UI icons (32, 24) and effect badges", (10, 480))
    grid(surface, [icons.ui_icon(n, 32) for n in icons.UI_ICON_NAMES], 10, 506, 22, 6)
    grid(surface, [icons.ui_icon(n, 24) for n in icons.UI_ICON_NAMES], 10, 548, 22, 6)
    kinds = [
        "deploy",
        "income",
        "score",
        "destruction",
        "recruit",
        "passive",
        "special",
        "battle",
        "response",
        "cost",
    ]
    grid(surface, [icons.effect_icon(k, 40) for k in kinds], 10, 590, 10, 8)
    pygame.image.save(surface, str(out / "tiles_icons.png"))


def table_sheet(out: Path) -> float:
    """A mock table at 1600 x 900: felt, a hand of cards, a lifted card, a log panel; returns felt ms."""
    start = time.perf_counter()
    surface = table.felt((1600, 900)).copy()
    felt_ms = (time.perf_counter() - start) * 1000
    hand = condottiere_cards()[:10]
    for i, spec in enumerate(hand):
        image = pygame.transform.rotate(cards.render_card(spec), (i - 4.5) * -3)
        surface.blit(image, (300 + i * 84, 690 + abs(i - 4.5) * 4))
    surface.blit(cards.lifted_card(crimson_company_cards()[5], 1.0), (620, 330))
    surface.blit(table.panel((320, 852)), (1256, 24))
    surface.blit(table.castle(150, 20, 0), (40, 60))
    surface.blit(table.castle(150, 14, 1), (40, 300))
    surface.blit(dice.d20_face(12, 90), (900, 360))
    pygame.image.save(surface, str(out / "table.png"))
    keep = table.walnut((1600, 900)).copy()
    keep.blit(cards.render_card(other_cards()[0], 1.5), (700, 300))
    pygame.image.save(keep, str(out / "walnut.png"))
    return felt_ms


def main() -> int:
    """Render all sheets into the output folder."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/art")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    card_ms = cards_sheet(out)
    zoom_sheet(out)
    backs_dice_sheet(out)
    tiles_sheet(out)
    felt_ms = table_sheet(out)
    print(f"mean card render {card_ms:.1f} ms; felt 1600x900 {felt_ms:.0f} ms; sheets in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
