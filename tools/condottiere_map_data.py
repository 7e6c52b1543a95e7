"""The hand-drawn geometry of the Condottiere map of Italy (used by make_condottiere_map.py).

Coordinates are permille of the map (0..1000 on both axes, origin top-left), the frame of
supplement table CO-T3.  ``CHAINS`` holds every border once; ``RINGS`` lists the chains
around each region.  See the generator's docstring for how they become polygons.
"""

from __future__ import annotations

Pt = tuple[float, float]

# CO-T3: suggested centres (label anchors), permille.
CENTRES: dict[str, Pt] = {
    "torino": (90, 200), "milano": (280, 120), "venezia": (620, 100), "genova": (220, 310),
    "mantova": (460, 180), "parma": (370, 250), "modena": (480, 280), "ferrara": (590, 220),
    "bologna": (550, 310), "lucca": (410, 390), "firenze": (520, 420), "siena": (480, 540),
    "urbino": (670, 430), "spoleto": (700, 570), "ancona": (800, 530), "roma": (680, 720),
    "napoli": (910, 900),
}  # fmt: skip

TITLES = {key: key.capitalize() for key in CENTRES}

# CO-T2: the 34 edges; the geometry below must reproduce exactly these.
CO_T2_EDGES = """
torino-milano  torino-genova   genova-milano   genova-parma    milano-parma
milano-modena  milano-mantova  milano-venezia  venezia-mantova venezia-ferrara
mantova-ferrara mantova-modena parma-modena    parma-lucca     modena-ferrara
modena-bologna modena-firenze  modena-lucca    ferrara-bologna bologna-firenze
bologna-urbino lucca-firenze   firenze-urbino  firenze-spoleto firenze-siena
firenze-roma   siena-roma      spoleto-urbino  spoleto-ancona  spoleto-napoli
spoleto-roma   urbino-ancona   ancona-napoli   roma-napoli
""".split()  # noqa: SIM905

# Junctions (triple points, coast and frame points), permille.
J: dict[str, Pt] = {
    "TL": (0, 0), "T1": (175, 0), "T2": (490, 0), "T3": (805, 0), "TR": (1000, 0), "BR": (1000, 1000),
    "tmg": (185, 215), "mgp": (290, 245), "mpm": (385, 205), "mmm": (420, 160), "mvm": (450, 100),
    "vmf": (535, 135), "mfm": (520, 215), "mfb": (540, 255), "pml": (415, 315), "mlf": (460, 345),
    "mbf": (510, 350), "bfu": (600, 375), "fus": (615, 490), "usa": (730, 490), "fsr": (605, 590),
    "fsi": (555, 610), "san": (800, 640), "srn": (775, 700),
    "k_left": (0, 450), "k_tg": (100, 392), "k_gp": (322, 352), "k_pl": (352, 368), "k_lf": (382, 428),
    "k_fs": (410, 485), "k_sr": (545, 668), "k_rn": (770, 850), "k_bot": (980, 1000),
    "k_right": (1000, 730), "k_an": (855, 598), "k_ua": (765, 423), "k_bu": (697, 370),
    "k_fb": (648, 285), "k_vf": (645, 180), "k_vs": (795, 78), "k_er": (1000, 270),
}  # fmt: skip

Item = str | Pt

# Borders between two regions: "a|b".  Coast chains run along the Tyrrhenian from the
# French border to the bottom edge, and along the Adriatic from the right edge to Venice.
CHAINS: dict[str, list[Item]] = {
    "torino|milano": ["T1", (195, 55), (172, 115), (192, 170), "tmg"],
    "torino|genova": ["tmg", (160, 255), (130, 300), (112, 350), "k_tg"],
    "milano|genova": ["tmg", (230, 232), "mgp"],
    "genova|parma": ["mgp", (305, 290), (318, 325), "k_gp"],
    "milano|parma": ["mgp", (330, 222), "mpm"],
    "milano|modena": ["mpm", (405, 185), "mmm"],
    "milano|mantova": ["mmm", (430, 130), "mvm"],
    "milano|venezia": ["mvm", (478, 62), (470, 30), "T2"],
    "venezia|mantova": ["mvm", (495, 118), "vmf"],
    "venezia|ferrara": ["vmf", (580, 150), (615, 168), "k_vf"],
    "mantova|ferrara": ["vmf", (530, 178), "mfm"],
    "mantova|modena": ["mfm", (470, 205), "mmm"],
    "modena|ferrara": ["mfm", (528, 235), "mfb"],
    "ferrara|bologna": ["mfb", (580, 270), (620, 280), "k_fb"],
    "modena|bologna": ["mfb", (525, 300), "mbf"],
    "parma|modena": ["mpm", (410, 260), "pml"],
    "modena|lucca": ["pml", (438, 335), "mlf"],
    "modena|firenze": ["mlf", (485, 343), "mbf"],
    "parma|lucca": ["pml", (385, 340), "k_pl"],
    "lucca|firenze": ["mlf", (455, 390), (425, 420), "k_lf"],
    "bologna|firenze": ["mbf", (555, 360), "bfu"],
    "bologna|urbino": ["bfu", (650, 362), "k_bu"],
    "firenze|urbino": ["bfu", (622, 430), "fus"],
    "urbino|spoleto": ["fus", (670, 500), "usa"],
    "urbino|ancona": ["usa", (745, 450), "k_ua"],
    "firenze|spoleto": ["fus", (610, 540), "fsr"],
    "firenze|siena": ["k_fs", (470, 490), (520, 500), (548, 550), "fsi"],
    "firenze|roma": ["fsi", (580, 598), "fsr"],
    "siena|roma": ["fsi", (562, 640), "k_sr"],
    "spoleto|roma": ["fsr", (650, 630), (700, 650), "srn"],
    "spoleto|ancona": ["usa", (760, 550), (780, 600), "san"],
    "spoleto|napoli": ["san", (790, 672), "srn"],
    "roma|napoli": ["srn", (790, 760), (780, 810), "k_rn"],
    "ancona|napoli": ["san", (830, 620), "k_an"],
    # Tyrrhenian coast, north-west to south-east.
    "coast:torino": ["k_left", (20, 440), (45, 422), (70, 407), "k_tg"],
    "coast:genova": ["k_tg", (125, 382), (150, 368), (175, 356), (205, 347), (235, 343), (265, 346),
                     (295, 348), "k_gp"],
    "coast:parma": ["k_gp", (338, 360), "k_pl"],
    "coast:lucca": ["k_pl", (362, 385), (372, 405), "k_lf"],
    "coast:firenze": ["k_lf", (388, 448), (398, 468), "k_fs"],
    "coast:siena": ["k_fs", (418, 510), (420, 535), (416, 552), (432, 560), (450, 575), (468, 600),
                    (480, 622), (490, 638), (480, 650), (494, 661), (515, 655), "k_sr"],
    "coast:roma": ["k_sr", (575, 692), (605, 718), (630, 745), (643, 765), (660, 785), (690, 810),
                   (715, 830), (740, 845), "k_rn"],
    "coast:napoli-west": ["k_rn", (800, 852), (825, 866), (845, 885), (858, 905), (872, 918), (885, 925),
                          (893, 945), (905, 952), (925, 946), (945, 937), (960, 955), (972, 980), "k_bot"],
    # Adriatic coast, south-east to north-west.
    "coast:napoli-east": ["k_right", (975, 712), (955, 700), (940, 690), (915, 672), (895, 655), (880, 635),
                          (865, 615), "k_an"],
    "coast:ancona": ["k_an", (845, 572), (838, 548), (832, 515), (825, 485), (815, 458), (808, 447),
                     (795, 438), (780, 430), "k_ua"],
    "coast:urbino": ["k_ua", (745, 410), (728, 396), (712, 383), "k_bu"],
    "coast:bologna": ["k_bu", (680, 358), (666, 340), (656, 318), (650, 300), "k_fb"],
    "coast:ferrara": ["k_fb", (650, 262), (655, 245), (668, 236), (682, 222), (676, 208), (662, 200),
                      (650, 192), "k_vf"],
    "coast:venezia": ["k_vf", (643, 160), (648, 140), (660, 128), (680, 120), (700, 112), (722, 102),
                      (745, 96), (770, 88), "k_vs"],
    # Edges of the map and the border with the lands east of the Adriatic.
    "frame:torino-top": ["TL", "T1"],
    "frame:milano-top": ["T1", "T2"],
    "frame:venezia-top": ["T2", "T3"],
    "frame:torino-left": ["k_left", "TL"],
    "frame:napoli-right": ["k_right", "BR"],
    "frame:napoli-bottom": ["BR", "k_bot"],
    "frame:east-top": ["T3", "TR"],
    "frame:east-right": ["TR", "k_er"],
    "border:venezia-east": ["k_vs", (788, 55), (800, 28), "T3"],
    "coast:east": ["k_er", (975, 252), (950, 232), (928, 205), (905, 180), (885, 160), (868, 148),
                   (856, 160), (850, 180), (845, 200), (835, 225), (822, 226), (812, 205), (805, 185),
                   (800, 160), (797, 135), (803, 113), (818, 100), (826, 90), (810, 82), "k_vs"],
}  # fmt: skip

RINGS: dict[str, list[str]] = {
    "torino": ["frame:torino-top", "torino|milano", "torino|genova", "coast:torino", "frame:torino-left"],
    "milano": ["frame:milano-top", "milano|venezia", "milano|mantova", "milano|modena", "milano|parma",
               "milano|genova", "torino|milano"],
    "venezia": ["frame:venezia-top", "border:venezia-east", "coast:venezia", "venezia|ferrara",
                "venezia|mantova", "milano|venezia"],
    "genova": ["milano|genova", "genova|parma", "coast:genova", "torino|genova"],
    "mantova": ["venezia|mantova", "mantova|ferrara", "mantova|modena", "milano|mantova"],
    "parma": ["milano|parma", "parma|modena", "parma|lucca", "coast:parma", "genova|parma"],
    "modena": ["milano|modena", "mantova|modena", "modena|ferrara", "modena|bologna", "modena|firenze",
               "modena|lucca", "parma|modena"],
    "ferrara": ["venezia|ferrara", "coast:ferrara", "ferrara|bologna", "modena|ferrara", "mantova|ferrara"],
    "bologna": ["ferrara|bologna", "coast:bologna", "bologna|urbino", "bologna|firenze", "modena|bologna"],
    "lucca": ["modena|lucca", "lucca|firenze", "coast:lucca", "parma|lucca"],
    "firenze": ["modena|firenze", "bologna|firenze", "firenze|urbino", "firenze|spoleto", "firenze|roma",
                "firenze|siena", "coast:firenze", "lucca|firenze"],
    "siena": ["firenze|siena", "siena|roma", "coast:siena"],
    "urbino": ["bologna|urbino", "coast:urbino", "urbino|ancona", "urbino|spoleto", "firenze|urbino"],
    "spoleto": ["urbino|spoleto", "spoleto|ancona", "spoleto|napoli", "spoleto|roma", "firenze|spoleto"],
    "ancona": ["coast:ancona", "urbino|ancona", "spoleto|ancona", "ancona|napoli"],
    "roma": ["siena|roma", "coast:roma", "roma|napoli", "spoleto|roma", "firenze|roma"],
    "napoli": ["ancona|napoli", "coast:napoli-east", "frame:napoli-right", "frame:napoli-bottom",
               "coast:napoli-west", "roma|napoli", "spoleto|napoli"],
}  # fmt: skip

# Land that is not in play: the shore east of the Adriatic, Corsica, Sardinia, Elba.
FOREIGN_RING = ["frame:east-top", "frame:east-right", "coast:east", "border:venezia-east"]
ISLANDS: dict[str, list[Pt]] = {
    "corsica": [(293, 540), (300, 575), (299, 600), (306, 640), (311, 695), (300, 722), (293, 740),
                (278, 775), (263, 812), (248, 800), (232, 770), (220, 748), (212, 725), (200, 700),
                (195, 662), (205, 640), (215, 615), (240, 600), (262, 598), (280, 590), (286, 556)],
    "sardinia": [(262, 842), (285, 852), (311, 864), (305, 895), (325, 925), (335, 949), (341, 1000),
                 (170, 1000), (159, 956), (140, 949), (149, 890), (152, 864), (175, 880), (207, 895),
                 (238, 878)],
    "elba": [(380, 575), (398, 566), (424, 574), (418, 588), (396, 591)],
}  # fmt: skip

# The Apennine spine and the Alps, for the terrain glyphs (permille).
SPINE: list[Pt] = [(180, 285), (330, 300), (430, 335), (520, 380), (600, 450), (670, 530), (740, 610),
                   (800, 680), (880, 760), (960, 820)]  # fmt: skip
