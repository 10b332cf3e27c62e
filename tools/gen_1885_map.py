#!/usr/bin/env python3
"""Writes config/variants/1885.toml (Davis's 1885-III, a reconstruction).

Starts from config/variants/standard.toml (provinces, adjacency, positions),
drops the spaces 1885 splits or renames, adds the new ones, and writes every
clockwise ring by the bearing from a space's `pos` to each neighbour's `pos`.
Every border not given by the rules text and not kept unchanged from the
standard map is written as an [[uncertain]] entry (docs/1885-MAP.md).
Run: python3 tools/gen_1885_map.py  (then `mailjudge check-variant` the file).
"""
import math
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
STD = tomllib.loads((ROOT / "config/variants/standard.toml").read_text())

# standard spaces that 1885 drops (their codes ALB and TRI are reused for new spaces)
DROPPED = {"ALB", "ANK", "DEN", "NAF", "NWY", "SWE", "SPA", "TRI"}

# kept standard spaces: code -> (name, kind, centre, aliases, pos)
prov = {}
std_army, std_fleet = set(), set()
for p in STD["province"]:
    code = p["id"]
    for n in p.get("army", []):
        std_army.add(frozenset((code, n.split("/")[0])))
    fl = p.get("fleet", []) + [x for c in p.get("coast", {}).values() for x in c]
    for n in fl:
        std_fleet.add(frozenset((code, n.split("/")[0])))
    if code in DROPPED:
        continue
    prov[code] = dict(name=p["name"], kind=p["kind"], center=p.get("center", False), aliases=list(p.get("aliases", [])), pos=list(p["pos"]))

# Switzerland is passable and a centre in 1885
prov["SWI"].update(kind="land", center=True)
# Tunis (French protectorate since 1881) and Bulgaria (an Ottoman vassal
# principality in 1885) are taken as the two standard neutral centres that are
# not centres here: the text's starred names leave seventeen candidates for
# fifteen neutral centres (a guess; docs/1885-MAP.md)
prov["TUN"]["center"] = False
prov["BUL"]["center"] = False
# positions moved to make room for the new spaces (standard frame)
prov["BUD"]["pos"] = [1125, 1100]
prov["LVN"]["pos"] = [1262, 712]
prov["SYR"]["pos"] = [1830, 1395]
prov["MUN"]["pos"] = [905, 1030]

NEW = {
    # code: (name, kind, centre, aliases, pos)
    "ALB": ("Alboran Sea", "sea", False, ["alboran"], [455, 1395]),
    "ALG": ("Algeria", "coast", False, [], [640, 1475]),
    "ARA": ("Arabia", "coast", False, [], [1930, 1660]),
    "ARK": ("Archangel", "coast", True, [], [1720, 250]),
    "ARO": ("Arctic Ocean", "sea", False, ["arctic", "artic ocean"], [1250, 90]),
    "AST": ("Asturia", "coast", False, ["asturias"], [425, 1165]),
    "AZO": ("Azores", "coast", True, [], [120, 1160]),
    "BOB": ("Bay of Biscay", "sea", False, ["biscay", "bay of biscay"], [510, 1070]),
    "CAD": ("Cadiz", "coast", True, [], [420, 1320]),
    "CAT": ("Catalonia", "coast", False, [], [625, 1205]),
    "CLU": ("Cluj", "land", True, ["transylvania"], [1232, 1085]),
    "COP": ("Copenhagen", "coast", True, ["kobenhavn"], [975, 762]),
    "COU": ("Courland", "coast", False, [], [1160, 835]),
    "CRO": ("Croatia", "coast", False, [], [1030, 1160]),
    "DRE": ("Dresden", "land", True, ["saxony"], [965, 950]),
    "EGY": ("Egypt", "coast", True, ["suez"], [1500, 1660]),
    "GOT": ("Gothenburg", "coast", True, ["goteborg"], [1005, 672]),
    "HEB": ("Hebridean Sea", "sea", False, ["hebrides", "hebrides sea"], [560, 560]),
    "HOB": ("High Ocean Box", "sea", False, ["high ocean"], [60, 1620]),
    "ICE": ("Iceland", "coast", True, [], [430, 230]),
    "IND": ("Indian Ocean", "sea", False, ["indian"], [2020, 1860]),
    "IRE": ("Ireland", "coast", True, ["eire"], [470, 770]),
    "JAM": ("Jamtland", "coast", False, ["jämtland", "jäm", "jaemtland"], [1065, 455]),
    "JUT": ("Jutland", "coast", False, [], [895, 742]),
    "LAP": ("Lapland", "coast", False, [], [1135, 320]),
    "LEV": ("Levant", "coast", False, ["palestine"], [1700, 1520]),
    "MAC": ("Macedonia", "coast", True, [], [1200, 1305]),
    "MAD": ("Madrid", "land", True, [], [505, 1240]),
    "MAL": ("Malta Sea", "sea", False, ["malta"], [945, 1500]),
    "MOR": ("Morocco", "coast", True, ["morrocco"], [360, 1460]),
    "NAV": ("Navarre", "coast", False, [], [540, 1150]),
    "OSL": ("Oslo", "coast", True, ["christiania", "norway"], [955, 560]),
    "PER": ("Persia", "coast", True, [], [2060, 1360]),
    "RDO": ("Rio de Oro", "coast", False, ["rio de oro"], [200, 1560]),
    "RED": ("Red Sea", "sea", False, ["red"], [1710, 1720]),
    "RIG": ("Riga Sea", "sea", False, ["gulf of riga", "riga"], [1185, 765]),
    "SAO": ("South Atlantic Ocean", "sea", False, ["south atlantic"], [110, 1430]),
    "SIB": ("Siberia", "coast", False, [], [1930, 560]),
    "SIC": ("Sicily", "coast", False, [], [965, 1405]),
    "SIN": ("Sinope", "coast", True, [], [1515, 1288]),
    "SMS": ("Southern Mediterranean Sea", "sea", False, ["southern med", "southern mediterranean"], [1200, 1570]),
    "SPL": ("Split", "coast", True, ["spalato"], [1095, 1248]),
    "STO": ("Stockholm", "coast", True, [], [1095, 598]),
    "SUD": ("Sudan", "coast", False, [], [1640, 1830]),
    "SWA": ("Swabia", "land", False, ["wurttemberg"], [858, 1035]),
    "TRI": ("Tripolitania", "coast", False, ["tripoli", "libya"], [1010, 1575]),
    "VAL": ("Valencia", "coast", True, [], [570, 1290]),
    "ZAR": ("Zara", "coast", True, [], [1058, 1205]),
}
for code, (name, kind, center, aliases, pos) in NEW.items():
    prov[code] = dict(name=name, kind=kind, center=center, aliases=aliases, pos=pos)

# ---- adjacency: start from the standard map among kept spaces
army, fleet = set(), set()
for e in std_army:
    if not (e & DROPPED):
        army.add(e)
for e in std_fleet:
    if not (e & DROPPED):
        fleet.add(e)


def pairs(s):
    for item in s.split():
        a, b = item.split("-")
        yield frozenset((a, b))


def add(kind, s):
    for e in pairs(s):
        if kind in "AB":
            army.add(e)
        if kind in "FB":
            fleet.add(e)


def drop(kind, s):
    for e in pairs(s):
        if kind in "AB":
            army.discard(e)
        if kind in "FB":
            fleet.discard(e)


# Given by the rules text (not uncertain): the four four-point meets, Naples-Sicily
# for armies, Egypt's two waters, Egypt-Arabia, the High Ocean Box, the waters
# of Copenhagen, Jutland and Gothenburg.
TEXT_F = ("HEB-EDI HEB-NTH HEB-CLY EDI-NTH EDI-CLY NTH-CLY "
          "VAL-LYO VAL-WES VAL-ALB LYO-WES LYO-ALB WES-ALB "
          "ION-MAL ION-SMS ION-TRI MAL-SMS MAL-TRI SMS-TRI "
          "TYS-SIC TYS-NAP TYS-ION SIC-NAP SIC-ION NAP-ION "
          "EGY-SMS EGY-RED HOB-NAO HOB-MAO HOB-SAO HOB-RED HOB-IND "
          "COP-JUT COP-GOT JUT-GOT")
TEXT_A = "NAP-SIC EGY-ARA"
add("F", TEXT_F)
add("A", TEXT_A)
CERTAIN_F, CERTAIN_A = set(pairs(TEXT_F)), set(pairs(TEXT_A))
# Red Sea does not touch Levant (text)
CERTAIN_NOT = set(pairs("RED-LEV"))

# ---- guesses from geography (each becomes an [[uncertain]] entry)
# British Isles: the Hebridean Sea cuts the Norwegian Sea off Scotland
drop("F", "NWG-CLY NWG-EDI")
add("F", "HEB-NAO HEB-NWG IRE-NAO IRE-IRI IRE-MAO ICE-NAO ICE-NWG")
# Scandinavia
add("B", "OSL-GOT OSL-LAP GOT-STO STO-JAM JAM-FIN")
add("A", "OSL-JAM LAP-JAM GOT-JAM LAP-FIN LAP-ARK COP-JUT COP-GOT JUT-KIE FIN-ARK")
add("F", "OSL-NWG OSL-NTH OSL-SKA GOT-SKA GOT-BAL STO-BAL STO-BOT JAM-BOT "
         "LAP-NWG LAP-BAR LAP-ARK COP-BAL JUT-NTH JUT-HEL JUT-SKA JUT-KIE "
         "ARK-BAR ARO-NWG ARO-BAR ARO-SIB")
# Russia
drop("B", "LVN-PRU LVN-BAL")
add("B", "COU-PRU COU-LVN")
add("A", "COU-WAR ARK-STP ARK-MOS ARK-SIB SIB-MOS SIB-SEV SIB-PER")
add("F", "COU-BAL COU-RIG LVN-RIG RIG-BAL")
drop("F", "STP-BAR")  # Archangel has the northern coast; St Petersburg's is the Gulf of Finland
# Germany
drop("A", "MUN-BUR MUN-SIL")
add("A", "DRE-BER DRE-SIL DRE-BOH DRE-MUN SWA-MUN SWA-RUH SWA-BUR SWA-SWI "
         "SWI-BUR SWI-MAR SWI-PIE SWI-TYR SWI-MUN")
# Austria, the Balkans
add("B", "CRO-VEN ZAR-CRO SPL-ZAR SPL-MAC MAC-GRE MAC-CON")
add("A", "CRO-TYR CRO-VIE CRO-BUD CRO-SER SPL-SER MAC-SER MAC-BUL CLU-BUD CLU-GAL CLU-RUM")
add("F", "CRO-ADR ZAR-ADR SPL-ADR MAC-ADR MAC-ION MAC-AEG")
drop("A", "GRE-BUL GRE-SER")
drop("F", "BUL-AEG BUL-GRE")
# Turkey, the Levant, Egypt, Persia
add("B", "SIN-ARM SIN-CON LEV-SYR EGY-TRI EGY-SUD EGY-LEV EGY-ARA")
add("A", "SIN-SMY LEV-ARA SYR-ARA PER-ARM PER-SYR PER-ARA")
add("F", "SIN-BLA LEV-EAS EGY-EAS SMS-EAS ARA-RED ARA-IND SUD-RED PER-IND RED-IND")
# Iberia
add("B", "AST-POR AST-NAV CAT-VAL CAT-MAR VAL-CAD CAD-POR NAV-GAS")
add("A", "AST-MAD NAV-MAD NAV-CAT CAT-MAD CAT-GAS VAL-MAD CAD-MAD POR-MAD")
add("F", "AST-MAO AST-BOB NAV-BOB CAT-LYO CAD-MAO CAD-ALB BOB-MAO BOB-BRE BOB-GAS")
drop("F", "GAS-MAO WES-MAO")
# North Africa, the Atlantic
add("B", "MOR-ALG ALG-TUN MOR-RDO TUN-TRI")
add("F", "MOR-MAO MOR-ALB ALG-ALB ALG-WES RDO-MAO RDO-SAO SAO-MAO AZO-MAO AZO-SAO AZO-NAO "
         "MAL-TUN MAL-TYS MAL-SIC")
drop("F", "ION-TUN")

# ---- checks
for e in army | fleet:
    for c in e:
        assert c in prov, (c, e)
for e in army:
    for c in e:
        assert prov[c]["kind"] in ("land", "coast"), ("army edge to sea", e)
for e in fleet:
    for c in e:
        assert prov[c]["kind"] in ("sea", "coast"), ("fleet edge to land", e)
for e in CERTAIN_NOT:
    assert e not in army and e not in fleet


def bearing(a, b):
    (x1, y1), (x2, y2) = prov[a]["pos"], prov[b]["pos"]
    return math.degrees(math.atan2(x2 - x1, -(y2 - y1))) % 360


def nbrs(code, s):
    return sorted(n for e in s if code in e for n in e if n != code)


# ---- powers (rules text; default types for the player's choices, docs/1885-MAP.md)
POWERS = [
    ("AUSTRIA", "Austrian", "A", ["BUD", "CLU", "SPL", "VIE"], ["A BUD", "A VIE", "A CLU", "F SPL"]),
    ("ENGLAND", "English", "E", ["EDI", "LON", "LVP"], ["F EDI", "F LON", "F LVP"]),
    ("FRANCE", "French", "F", ["BRE", "MAR", "PAR"], ["F BRE", "A MAR", "A PAR"]),
    ("GERMANY", "German", "G", ["BER", "DRE", "KIE", "MUN"], ["F KIE", "A BER", "A MUN", "A DRE"]),
    ("ITALY", "Italian", "I", ["NAP", "ROM", "VEN"], ["F NAP", "F ROM", "A VEN"]),
    ("RUSSIA", "Russian", "R", ["ARK", "MOS", "SEV", "STP", "WAR"], ["A WAR", "A MOS", "F SEV", "F STP", "A SIB"]),
    ("SPAIN", "Spanish", "S", ["CAD", "MAD", "VAL"], ["A MAD", "F CAD", "F VAL"]),
    ("SWEDEN", "Swedish", "W", ["GOT", "OSL", "STO"], ["A STO", "F GOT", "F OSL"]),
    ("TURKEY", "Turkish", "T", ["CON", "MAC", "SIN", "SMY"], ["F SIN", "A CON", "A SMY"]),
]

# the starting units whose type the player chooses (text; docs/RULES1885.md E3)
CHOICES = {"ITALY": (["ROM"], 1), "RUSSIA": (["STP", "SEV"], 1), "SWEDEN": (["OSL"], 1)}

HEADER = (ROOT / "tools/gen_1885_header.txt").read_text()


def q(xs):
    return "[" + ", ".join('"%s"' % x for x in xs) + "]"


# build sites besides home centres (E5, E6)
BUILD_SITES = {"ITALY": ["SIC"], "ENGLAND": ["IRE"], "SPAIN": ["POR"], "RUSSIA": ["PER"]}

out = [HEADER.rstrip("\n"), ""]
for name, adj, letter, home, units in POWERS:
    out += ["[[power]]", f'name = "{name}"', f'adjective = "{adj}"', f'letter = "{letter}"', f"home = {q(home)}", f"units = {q(units)}"]
    if name in CHOICES:
        sw, mx = CHOICES[name]
        out.append(f"choice = {{ switch = {q(sw)}, max = {mx} }}   # the player's choice of type (E3)")
    if name in BUILD_SITES:
        out.append(f"build_sites = {q(BUILD_SITES[name])}   # builds there while it owns it (E5, E6)")
    out.append("")
for code in sorted(prov):
    p = prov[code]
    out += ["[[province]]", f'id = "{code}"', f'name = "{p["name"]}"', f'kind = "{p["kind"]}"']
    if p["center"]:
        out.append("center = true")
    if p["aliases"]:
        out.append(f"aliases = {q(p['aliases'])}")
    a, f = nbrs(code, army), nbrs(code, fleet)
    if a:
        out.append(f"army = {q(a)}")
    if f:
        out.append(f"fleet = {q(f)}")
    ring = sorted(set(a) | set(f), key=lambda n: (bearing(code, n), n))
    out.append(f"clockwise = {q(ring)}")
    out.append(f"pos = [{p['pos'][0]}, {p['pos'][1]}]")
    if code == "HOB":
        out.append("ocean_box = true             # any number of fleets of any powers (text, E16)")
    if code == "SIC":
        out.append('owner = "ITALY"              # not a centre; its owner is tracked after every move (E5)')
    if code == "MAC":
        out.append('ownership_until = "FEB1885M" # taken by occupation after January and February 1885 too (E2)')
    out.append("")

# ---- uncertain borders: every border that is neither from the text nor the
# standard map unchanged between two spaces the standard map has
KEPT = set(prov) - set(NEW)
WHY = {}
for line in (ROOT / "tools/gen_1885_why.txt").read_text().splitlines():
    if line.strip() and not line.startswith("#"):
        k, v = line.split(":", 1)
        WHY[frozenset(k.strip().split("-"))] = v.strip()

entries = []
allpairs = {e for e in army | fleet | std_army | std_fleet}
for e in sorted(allpairs, key=lambda e: sorted(e)):
    if any(c not in prov for c in e):
        continue
    a_now, f_now = e in army, e in fleet
    old = e <= KEPT
    a_std, f_std = (e in std_army, e in std_fleet) if old else (False, False)
    if (a_now, f_now) == (a_std, f_std):
        continue
    a, b = sorted(e)
    why = WHY.get(e, "guessed from real geography on the standard map's frame; no map of 1885 was available")
    sure = {"army": e in CERTAIN_A, "fleet": e in CERTAIN_F}
    added = [k for k, now, was in (("army", a_now, a_std), ("fleet", f_now, f_std)) if now and not was and not sure[k]]
    removed = [k for k, now, was in (("army", a_now, a_std), ("fleet", f_now, f_std)) if was and not now]
    for reading, ks in (("adjacent", added), ("not adjacent", removed)):
        if ks:
            kinds = "both" if len(ks) == 2 else ks[0]
            entries.append((a, b, reading, kinds, why))
out.append("# Borders in doubt: every border not given by the rules text and not an unchanged")
out.append("# border of the standard map (docs/1885-MAP.md). A GM with the printed map checks these.")
out.append("")
for a, b, reading, kinds, why in entries:
    out += ["[[uncertain]]", f'a = "{a}"', f'b = "{b}"', f'reading = "{reading}"', f'kinds = "{kinds}"', f'why = "{why}"', ""]
(ROOT / "config/variants/1885.toml").write_text("\n".join(out).rstrip("\n") + "\n")
print(len(prov), "spaces,", sum(p["center"] for p in prov.values()), "centres,", len(entries), "uncertain entries")
