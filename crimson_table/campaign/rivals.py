"""The rivals of the chronicle: who they are, how they look, what they say (our own words).

An encounter of ``maps/campaign.tmx`` names its rival by key (its ``rival`` property).  The
portrait is a list of features the UI draws from simple shapes (``ui/screens/campaign_art.py``):
skin and hair colours, headwear, beard, robe.  Where the rival is a rulebook's automaton (the
Muslim Bot of Crusader Kingdoms, Kai of Crimson Keep), the persona is the voice behind it.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

HEADWEAR = ("none", "crown", "hood", "helm", "veil", "turban", "circlet", "hat")
BEARDS = ("none", "short", "long", "moustache")


@dataclass(frozen=True)
class Portrait:
    """The features a portrait is drawn from."""

    skin: Colour
    hair: Colour
    robe: Colour
    headwear: str = "none"
    beard: str = "none"
    scar: bool = False
    backdrop: Colour = (0x2B, 0x1D, 0x14)


@dataclass(frozen=True)
class Rival:
    """A named opponent: name, epithet, portrait and three short texts."""

    key: str
    name: str
    epithet: str
    portrait: Portrait
    intro: str
    win: str  # said when the player wins
    loss: str  # said when the player loses
    members: tuple[str, ...] = ()  # short seat names when the rival fills several seats


_FAIR, _OLIVE, _BROWN, _DARK = (0xF0, 0xC8, 0xA8), (0xD2, 0xA6, 0x7A), (0xA8, 0x74, 0x4E), (0x6E, 0x48, 0x30)
_BLACK, _GREY, _RED, _BLOND, _WHITE = (
    (0x2A, 0x22, 0x1C),
    (0x8C, 0x86, 0x80),
    (0x9A, 0x42, 0x22),
    (0xD8, 0xB4, 0x6A),
    (0xEE, 0xEA, 0xE0),
)

RIVALS: dict[str, Rival] = {
    r.key: r
    for r in (
        Rival("odo", "Sir Odo", "keeper of the Burnt Gate",
              Portrait(_FAIR, _GREY, (0x5A, 0x4A, 0x3A), "helm", "short"),
              "The old knight has held this gate since the fires. He fights by the book and expects you to.",
              "Odo lowers his sword. \"The gate is yours. Go on, before I change my mind.\"",
              "\"Walls stand because someone stands behind them,\" says Odo. \"Come back stronger.\""),
        Rival("brisa", "Mother Brisa", "ferrywoman of the Ford",
              Portrait(_OLIVE, _WHITE, (0x3E, 0x5A, 0x4A), "hood"),
              "Nobody crosses the reeds without a bargain. Brisa hires her sellswords cheap and spends them cheaper.",
              "Brisa laughs and waves you across. \"A fair crossing, for once.\"",
              "\"The river keeps what it is given,\" Brisa says, counting your coin."),
        Rival("cask", "The Cask Brothers", "merchants of Ash Market",
              Portrait(_BROWN, _RED, (0x7A, 0x3A, 0x22), "hat", "moustache"),
              "Two brothers, one ledger. They bid together and bluff together; watch the scarecrows.",
              "The brothers argue over whose fault it was. The market is yours.",
              "\"Business is business,\" say the brothers, in the same breath.", ("Bertil", "Osric")),
        Rival("ashar", "Vizier Ashar", "warden of the southern sands",
              Portrait(_BROWN, _BLACK, (0x1F, 0x6A, 0x4A), "turban", "long"),
              "Ashar's armies answer to no single lord: they come in waves, as the cards fall. Hold the coast.",
              "Ashar bows. \"The coast is yours this season. Seasons turn.\"",
              "\"You built on sand,\" Ashar says. \"We are patient.\""),
        Rival("kai_salt", "Kai", "of the Salt Clan",
              Portrait(_FAIR, _BLOND, (0x4A, 0x5A, 0x7A), "circlet"),
              "Kai digs for runes beneath the saltworks and means to wake the Dragon first.",
              "Kai's diggers down tools. \"The Dragon chose you. This time.\"",
              "Kai smiles as the Dragon stirs. \"Salt preserves. Remember that.\""),
        Rival("merrow", "Captain Merrow", "harbour-master",
              Portrait(_OLIVE, _BLACK, (0x22, 0x3A, 0x5A), "hat", "short", scar=True),
              "Merrow bought the harbour with bribes and keeps it with knights. A careful, greedy player.",
              "Merrow tips his hat. \"Take the harbour. I'll take the next ship out.\"",
              "\"Every wall has a price,\" says Merrow. \"Yours was low.\""),
        Rival("axes", "The Three Axes", "woodcutters turned condottieri",
              Portrait(_BROWN, _RED, (0x5A, 0x3A, 0x1A), "hood", "long"),
              "Three captains, three banners, one forest. They will fight each other only when you are beaten.",
              "The three axes are buried. The woods are quiet again.",
              "\"Timber falls,\" the woodcutters chant, \"and so do you.\"", ("Hagen", "Wulf", "Ivo")),
        Rival("clemence", "Abbess Clemence", "of the Still Bells",
              Portrait(_FAIR, _WHITE, (0x2E, 0x2A, 0x3A), "veil"),
              "The abbess buys swords with the abbey's silver and prays over every bid.",
              "Clemence rings a single bell for you. \"Go with grace.\"",
              "\"Patience is also a blade,\" the abbess says softly."),
        Rival("kai_thorn", "Kai", "thorn-crowned",
              Portrait(_FAIR, _BLOND, (0x3A, 0x2A, 0x3A), "crown", scar=True),
              "Kai has grown hard. In Thornkeep a failed fire costs the Dragon dearly (Hard Mode).",
              "Kai's thorn crown falls. \"Again you. Always you.\"",
              "\"Thorns hold what hands cannot,\" says Kai."),
        Rival("sadiq", "Emir Sadiq", "the hermit of the hills",
              Portrait(_DARK, _GREY, (0x6A, 0x5A, 0x2A), "turban", "short"),
              "Sadiq left the court for the hills, but his armies did not forget him: they come harder here.",
              "Sadiq nods from his doorway. \"Keep the hills, then. Keep them well.\"",
              "\"The hills were here before your castles,\" Sadiq says."),
        Rival("hild", "Warden Hild", "of the High Pass",
              Portrait(_FAIR, _BLOND, (0x4A, 0x4A, 0x5A), "helm", scar=True),
              "Hild reads a battle three turns ahead. She never spends a coin she cannot win back.",
              "Hild salutes. \"The pass is open. The queen will hear of this.\"",
              "\"You played the move in front of you,\" says Hild. \"I played the next one.\""),
        Rival("council", "The Iron Council", "four captains of the fortress",
              Portrait(_OLIVE, _BLACK, (0x3A, 0x3A, 0x3A), "helm", "moustache"),
              "Four captains share the fortress and the map. Every region you take, four hands reach for.",
              "The Council's seal breaks. The fortress gates swing open.",
              "\"One banner against four,\" the Council says. \"Arithmetic.\"", ("Brand", "Cato", "Dorn", "Edda")),
        Rival("ashar_grand", "Grand Vizier Ashar", "returned",
              Portrait(_BROWN, _GREY, (0x14, 0x4A, 0x34), "turban", "long", scar=True),
              "Ashar has come back with the greatest host the sands can raise. This is his last season.",
              "Ashar turns his horse south. \"The citadel is yours. I will not see it again.\"",
              "\"Sand is patient,\" Ashar says, \"and there is so much of it.\""),
        Rival("tavish", "Wyrmlord Tavish", "of the Dragonspire",
              Portrait(_DARK, _BLACK, (0x6A, 0x12, 0x20), "crown", "long"),
              "Tavish's clan builds its keep on the Dragon's own mountain, and fights with Hard Mode's rule.",
              "Tavish kneels to the Dragon you woke. The spire is yours.",
              "\"The Dragon knows its own,\" says Tavish."),
        Rival("morwen", "Queen Morwen", "the usurper",
              Portrait(_FAIR, _BLACK, (0x7A, 0x10, 0x22), "crown"),
              "Morwen took the Crimson Throne by the rules of the game. Beat her at it, best of three.",
              "Morwen sets the crown on the table between you. The chronicle is written.",
              "\"A crown is a game that never ends,\" says Morwen. \"Play again.\""),
    )
}  # fmt: skip
