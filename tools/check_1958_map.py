#!/usr/bin/env python3
"""Checks config/variants/original1958.toml, the hand transcription of the
Original 1958 Diplomacy map, against the rules text's lists and for internal
consistency. Run from the repository root (or pass the file):

    python3 tools/check_1958_map.py [config/variants/original1958.toml]

Prints every problem found and exits 1 if there is any; prints a summary and
exits 0 otherwise. Standard library only (Python 3.11+ for tomllib).
"""
import math
import re
import sys
import tomllib

# Section 21 of the rules text: every playable space and its abbreviation.
SPACES = {
    "ADR": "Adriatic Sea", "AEG": "Aegean Sea", "ALB": "Albania", "ALG": "Algeria",
    "ANA": "Anatolia", "ANK": "Ankara", "APU": "Apulia", "ARC": "Arctic Ocean",
    "BAV": "Bavaria", "BOB": "Bay of Biscay", "BOT": "Bay of Tunis", "BEL": "Belgium",
    "BER": "Berlin", "BLA": "Black Sea", "BOH": "Bohemia", "BRE": "Brest",
    "BUD": "Budapest", "BUL": "Bulgaria", "BUR": "Burgundy", "CAL": "Calabria",
    "FNT": "Cape Finistere", "CSV": "Cape St Vincent", "CAU": "Caucasia", "CLY": "Clyde",
    "COL": "Cologne", "CON": "Constantinople", "DEN": "Denmark",
    "EMS": "Eastern Mediterranean Sea", "EDI": "Edinburgh", "ENG": "English Channel",
    "ERZ": "Erzerum", "FIN": "Finland", "FLA": "Flanders", "GAL": "Galicia",
    "GAS": "Gascony", "GRE": "Greece", "GOL": "Gulf of Lyon", "HOL": "Holland",
    "ION": "Ionian Sea", "IRI": "Irish Sea", "KAT": "Kattegat", "KIE": "Kiel",
    "LVP": "Liverpool", "LVN": "Livonia", "LON": "London", "LOR": "Lorraine",
    "MAR": "Marseilles", "MES": "Mesopotamia", "MON": "Montenegro", "MOR": "Morocco",
    "MOS": "Moscow", "NAP": "Naples", "NAO": "North Atlantic Ocean", "NBS": "North Baltic Sea",
    "NTH": "North Sea", "NWY": "Norway", "PAR": "Paris", "PIE": "Piedmont",
    "PER": "Persia", "PSM": "Point St Martin", "PON": "Pontus", "POR": "Portugal",
    "PRU": "Prussia", "ROM": "Rome", "RUM": "Rumania", "MRM": "Sea of Marmara",
    "SER": "Serbia", "SEV": "Sevastopol", "SIL": "Silesia", "SKA": "Skagerrak",
    "SMY": "Smyrna", "SBS": "South Baltic Sea", "SPA": "Spain", "STP": "St Petersburg",
    "SWA": "Swabia", "SWE": "Sweden", "SWI": "Switzerland", "SYR": "Syria",
    "TRA": "Transylvania", "TRI": "Trieste", "TUN": "Tunis", "TUS": "Tuscany",
    "TYL": "Tyrolia", "TYS": "Tyrrhenian Sea", "VEN": "Venice", "VIE": "Vienna",
    "WAL": "Wales", "WAR": "Warsaw", "WMS": "Western Mediterranean Sea",
    "WRU": "White Russia", "WHS": "White Sea", "WSX": "Wessex", "YOR": "Yorkshire",
}
SEA_WORDS = ("Sea", "Ocean", "Channel", "Bay of", "Gulf of", "Cape ", "Point ", "Kattegat", "Skagerrak")

# Section 19: owner of each of the 35 centres (None = neutral).
CENTRES = {
    "ALB": None, "ANK": "TURKEY", "BEL": None, "BER": "GERMANY", "BRE": "FRANCE",
    "BUD": None, "BUL": None, "COL": "GERMANY", "CON": "TURKEY", "DEN": None,
    "EDI": "ENGLAND", "ERZ": "TURKEY", "GRE": None, "HOL": None, "KIE": "GERMANY",
    "LVP": "ENGLAND", "LON": "ENGLAND", "MAR": "FRANCE", "MOS": "RUSSIA", "NAP": "ITALY",
    "NWY": None, "PAR": "FRANCE", "POR": None, "ROM": "ITALY", "RUM": None, "SER": None,
    "SEV": "RUSSIA", "SPA": None, "STP": "RUSSIA", "SWE": None, "SWI": None,
    "TRI": "AUSTRIA", "VEN": "AUSTRIA", "VIE": "AUSTRIA", "WAR": None,
}
# Sections 2 and 19: capitals, naval bases and starting units.
BASES = {
    "AUSTRIA": ("VIE", ["TRI"], ["A VIE", "A VIE", "F TRI"]),
    "ENGLAND": ("LON", ["LON"], ["A LON", "F LON", "F LON"]),
    "FRANCE": ("PAR", ["BRE"], ["A PAR", "A PAR", "F BRE"]),
    "GERMANY": ("BER", ["KIE"], ["A BER", "A BER", "F KIE"]),
    "ITALY": ("ROM", ["NAP"], ["A ROM", "A ROM", "F NAP"]),
    "RUSSIA": ("STP", ["STP/SC", "SEV"], ["A STP", "A STP", "F SEV", "F STP/SC"]),
    "TURKEY": ("CON", ["CON"], ["A CON", "F CON", "F CON"]),
}
TWO_COASTS = {"SPA": {"NC", "SC"}, "STP": {"NC", "SC"}, "BUL": {"EC", "SC"}, "FIN": {"NC", "SC"}}
WIDTH, HEIGHT = 900, 640  # 1958.gif, the frame of `pos`


def main(path):
    with open(path, "rb") as f:
        v = tomllib.load(f)
    problems = []
    err = problems.append

    # --- header tables
    if v.get("name") != "original1958":
        err("name must be original1958")
    if v.get("start") != "S1914M" or v.get("calendar", {}).get("first_year") != 1914:
        err("start must be S1914M in first_year 1914")
    if v.get("victory") != {"kind": "units", "count": 18}:
        err(f"victory must be 18 units, is {v.get('victory')}")
    rules = v.get("rules", {})
    for k, want in {"convoys": False, "boarding": True, "stacking": "home_bases", "retreat_default": "disband"}.items():
        if rules.get(k) != want:
            err(f"[rules] {k} must be {want!r}, is {rules.get(k)!r}")

    prov = {}
    for p in v.get("province", []):
        if p["id"] in prov:
            err(f"{p['id']} defined twice")
        prov[p["id"]] = p

    # --- names and abbreviations (section 21)
    if len(prov) != 93:
        err(f"{len(prov)} spaces, section 21 names 93")
    for ab, name in SPACES.items():
        if ab not in prov:
            err(f"missing space {ab} ({name})")
        elif prov[ab]["name"] != name:
            err(f"{ab}: name {prov[ab]['name']!r}, section 21 says {name!r}")
    for pid in prov:
        if pid not in SPACES:
            err(f"{pid} is not a section 21 abbreviation (rule 17: only named spaces are playable)")

    def kind(pid):
        return prov[pid]["kind"]

    def split(loc):
        return loc.split("/")[0], (loc.split("/")[1] if "/" in loc else None)

    # --- kinds
    for pid, p in prov.items():
        k = p["kind"]
        if k not in ("land", "coast", "sea"):
            err(f"{pid}: kind {k} (expected land, coast or sea)")
        is_sea_name = any(w in SPACES.get(pid, "") for w in SEA_WORDS)
        if (k == "sea") != is_sea_name:
            err(f"{pid}: kind {k} but its name {SPACES.get(pid)!r} says otherwise")
        if k == "sea" and p.get("army"):
            err(f"{pid}: a sea with army moves")
        if k == "land" and (p.get("fleet") or p.get("coast")):
            err(f"{pid}: an inland province with fleet moves")
        if p.get("fleet") and p.get("coast"):
            err(f"{pid}: both `fleet` and `coast.XX`")

    # --- adjacency tables
    army = {pid: set(p.get("army", [])) for pid, p in prov.items()}
    fleet = {}  # loc -> set of locs
    for pid, p in prov.items():
        if p.get("coast"):
            for c, lst in p["coast"].items():
                fleet[f"{pid}/{c}"] = set(lst)
        elif p["kind"] != "land":
            fleet[pid] = set(p.get("fleet", []))
    for pid, want in TWO_COASTS.items():
        got = set(prov.get(pid, {}).get("coast", {}))
        if got != want:
            err(f"{pid}: coasts {sorted(got)}, expected {sorted(want)}")
    for pid, p in prov.items():
        if p.get("coast") and pid not in TWO_COASTS:
            err(f"{pid}: has coasts but is not a two-coast province")

    for a, nb in army.items():
        for b in nb:
            if b not in prov:
                err(f"{a} army: unknown {b}")
                continue
            if kind(a) == "sea" or kind(b) == "sea":
                err(f"army edge {a}-{b} touches a sea")
            if a not in army[b]:
                err(f"asymmetric army adjacency {a}-{b}")
            if a == b:
                err(f"{a}: adjacent to itself")
    for a, nb in fleet.items():
        for b in nb:
            bp, bc = split(b)
            if bp not in prov:
                err(f"{a} fleet: unknown {b}")
                continue
            if kind(bp) == "land":
                err(f"fleet edge {a}-{b}: {bp} is inland")
            if bp in TWO_COASTS and not bc:
                err(f"fleet edge {a}-{b} must name the coast")
            if bp not in TWO_COASTS and bc:
                err(f"fleet edge {a}-{b}: {bp} has one coast")
            if b not in fleet or a not in fleet[b]:
                err(f"asymmetric fleet adjacency {a}-{b}")
            ap, _ = split(a)
            # a coastal fleet move needs a land border and a sea both coasts touch
            if kind(ap) != "sea" and kind(bp) != "sea":
                if bp not in army[ap]:
                    err(f"fleet edge {a}-{b} between provinces that share no land border")
                seas_a = {x for x in fleet[a] if kind(split(x)[0]) == "sea"}
                seas_b = {x for x in fleet.get(b, ()) if kind(split(x)[0]) == "sea"}
                if not seas_a & seas_b:
                    err(f"fleet edge {a}-{b}: the two coasts touch no common sea")
    for loc, nb in fleet.items():
        pid, _ = split(loc)
        if kind(pid) == "coast" and not any(kind(split(x)[0]) == "sea" for x in nb):
            err(f"{loc}: a coast that touches no sea")
        if kind(pid) == "sea" and len(nb) < 2:
            err(f"{loc}: a sea with fewer than two neighbours")
    for pid, p in prov.items():
        if kind(pid) == "coast" and pid not in TWO_COASTS and not p.get("fleet"):
            err(f"{pid}: kind coast without fleet moves")
        if kind(pid) != "sea" and not army[pid]:
            err(f"{pid}: a land space with no army neighbour")

    # --- clockwise rings and positions
    def neighbours(pid):
        s = set(army[pid])
        for loc, nb in fleet.items():
            if split(loc)[0] == pid:
                s |= {split(x)[0] for x in nb}
        return s
    for pid, p in prov.items():
        cw = p.get("clockwise", [])
        if len(cw) != len(set(cw)) or set(cw) != neighbours(pid):
            err(f"{pid}: clockwise {cw} is not exactly its neighbours {sorted(neighbours(pid))}")
        pos = p.get("pos")
        if not pos or not (0 <= pos[0] < WIDTH and 0 <= pos[1] < HEIGHT):
            err(f"{pid}: pos {pos} outside 1958.gif ({WIDTH}x{HEIGHT})")
    # rough sanity: a ring read clockwise should turn once around the space
    for pid, p in prov.items():
        cw = p.get("clockwise", [])
        if len(cw) < 3 or not p.get("pos"):
            continue
        x0, y0 = p["pos"]
        bearings = [math.degrees(math.atan2(prov[q]["pos"][0] - x0, -(prov[q]["pos"][1] - y0))) % 360 for q in cw]
        backward = sum(1 for i in range(len(cw)) if (bearings[(i + 1) % len(cw)] - bearings[i]) % 360 > 180)
        if backward > 1:
            err(f"{pid}: clockwise ring turns back {backward} times (by neighbour positions): {cw}")

    # --- centres and powers (sections 2 and 19)
    centres = {pid for pid, p in prov.items() if p.get("center")}
    if centres != set(CENTRES):
        err(f"centres differ from section 19: extra {sorted(centres - set(CENTRES))}, missing {sorted(set(CENTRES) - centres)}")
    powers = {w["name"]: w for w in v.get("power", [])}
    if set(powers) != set(BASES):
        err(f"powers {sorted(powers)}, expected {sorted(BASES)}")
    home_all = []
    for name, w in powers.items():
        want_home = sorted(c for c, o in CENTRES.items() if o == name)
        if sorted(w["home"]) != want_home:
            err(f"{name}: home {w['home']}, section 19 says {want_home}")
        home_all += w["home"]
        cap, nbases, units = BASES.get(name, (None, [], []))
        if w.get("capital") != cap:
            err(f"{name}: capital {w.get('capital')}, expected {cap}")
        if sorted(w.get("naval_bases", [])) != sorted(nbases):
            err(f"{name}: naval_bases {w.get('naval_bases')}, expected {nbases}")
        if sorted(w["units"]) != sorted(units):
            err(f"{name}: units {w['units']}, section 2 says {units}")
        for u in w["units"]:
            t, loc = u.split()
            where = [cap] if t == "A" else nbases
            if loc not in where:
                err(f"{name}: {u} is not in its {'capital' if t == 'A' else 'naval base'}")
            lp, lc = split(loc)
            if t == "F" and loc not in fleet:
                err(f"{name}: {u} stands where a fleet cannot")
            if t == "A" and kind(lp) == "sea":
                err(f"{name}: {u} is at sea")
    neutral = centres - set(home_all)
    if len(centres) != 35 or len(home_all) != 20 or len(neutral) != 15:
        err(f"centres {len(centres)} (want 35), home {len(home_all)} (want 20), neutral {len(neutral)} (want 15)")

    # --- map facts the rules text states
    if "CON" in prov and "ANK" in army.get("CON", ()):
        err("rule 13: no Constantinople-Ankara land link")
    if "CON" in prov and ("ANK" in neighbours("CON")):
        err("Constantinople and Ankara share no border")
    if "MRM" in prov and not {"BLA", "AEG"} <= neighbours("MRM"):
        err("rule 13: the Sea of Marmara must join the Black Sea and the Aegean")
    if not {"NTH", "SBS"} <= fleet.get("KIE", set()):
        err("rule 9: Kiel's canal needs fleet moves to the seas on both sides")
    if kind("DEN") != "coast" or kind("KAT") != "sea":
        err("rule 12: Denmark is a coastal province and the Kattegat a sea")
    if kind("SWI") != "land" or not army["SWI"]:
        err("rule 10: Switzerland is a passable province")
    if prov["TUN"].get("center"):
        err("rule 16: Tunis is not a centre")

    # --- names players write
    def norm(s):
        return re.sub(r"[^a-z0-9]", "", s.lower())
    owner = {}
    for pid, p in prov.items():
        for n in [pid, p["name"]] + p.get("aliases", []):
            k = norm(n)
            if k in owner and owner[k] != pid:
                err(f"name {n!r} names both {owner[k]} and {pid}")
            owner[k] = pid
    for w in powers.values():
        for n in (w["name"], w["adjective"]):
            if norm(n) in owner:
                err(f"power name {n!r} is also a space name")

    # --- the list of doubtful borders
    for u in v.get("uncertain", []):
        a, b, reading, kinds = u.get("a"), u.get("b"), u.get("reading"), u.get("kinds")
        if a not in prov or b not in prov:
            err(f"uncertain {a}-{b}: unknown space")
            continue
        if reading not in ("adjacent", "not adjacent") or kinds not in ("army", "fleet", "both") or not u.get("why"):
            err(f"uncertain {a}-{b}: needs reading, kinds and why")
            continue
        by_army = b in army[a]
        by_fleet = any(split(x)[0] == b for loc, nb in fleet.items() if split(loc)[0] == a for x in nb)
        got = {"army": by_army, "fleet": by_fleet, "both": by_army and by_fleet}[kinds]
        if reading == "not adjacent":
            got = not (by_army if kinds == "army" else by_fleet if kinds == "fleet" else by_army or by_fleet)
        if not got:
            err(f"uncertain {a}-{b}: the data does not say `{reading}` for {kinds}")

    if problems:
        for p in problems:
            print("PROBLEM:", p)
        print(f"{len(problems)} problem(s)")
        return 1
    seas = sum(1 for p in prov.values() if p["kind"] == "sea")
    coasts = sum(1 for p in prov.values() if p["kind"] == "coast")
    lands = sum(1 for p in prov.values() if p["kind"] == "land")
    army_edges = sum(len(s) for s in army.values()) // 2
    fleet_edges = sum(len(s) for s in fleet.values()) // 2
    print(f"{path}: ok: {len(prov)} spaces ({lands} land, {coasts} coast, {seas} sea), "
          f"{len(centres)} centres ({len(home_all)} home, {len(neutral)} neutral), "
          f"{army_edges} army edges, {fleet_edges} fleet edges, {len(v.get('uncertain', []))} uncertain borders")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "config/variants/original1958.toml"))
