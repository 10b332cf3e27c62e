#!/usr/bin/env python3
"""Build config/variants/standard.toml from the public standard-map data in
../shared/variants-source/standard/ (MILA standard.map for names, adjacency and
starting position; standard.svg province outlines for the clockwise order).

Run from the project root:  python3 tools/gen_standard_map.py ../shared/variants-source/standard
The output is committed; the loader validates it on every start and in tests.
"""
import math
import re
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "../shared/variants-source/standard"
lines = open(src + "/standard.map").read().splitlines()

POWERS = []  # (name, adjective, homes, units)
names = {}   # code -> full name
aliases = {}  # code -> [aliases]
entries = {}  # location(as written) -> (kind, [abuts as written])
i = 0
cur = None
for raw in lines:
    line = raw.strip()
    if not line or line.startswith("#") or line.startswith("BEGIN"):
        continue
    m = re.match(r"^(AUSTRIA|ENGLAND|FRANCE|GERMANY|ITALY|RUSSIA|TURKEY)\s+\((\w+)\)\s+(.*)$", line)
    if m:
        cur = [m.group(1), m.group(2).capitalize(), m.group(3).split(), []]
        POWERS.append(cur)
        continue
    if re.match(r"^[AF] [A-Z/]+$", line) and cur is not None:
        cur[3].append(line)
        continue
    if line.startswith("UNOWNED"):
        unowned = line.split()[1:]
        continue
    m = re.match(r"^(WATER|COAST|LAND|SHUT)\s+(\S+)\s+ABUTS\s+(.*)$", line)
    if m:
        entries[m.group(2)] = (m.group(1), m.group(3).split())
        continue
    m = re.match(r"^(.+?)\s+=\s+(.*)$", line)
    if m:
        full, al = m.group(1).strip(), m.group(2).split()
        if "(" in full:  # coast lines: the parser handles coasts itself
            continue
        code = al[0].upper()
        names[code] = full
        aliases[code] = [a.replace("+", " ") for a in al[1:]]
        continue
    raise SystemExit("unparsed line: " + raw)

# Alias corrections (documented in config/variants/README.md):
# "nor" and "na" are ambiguous by the rulebook's own warning, "liv" is the rulebook's
# abbreviation for Liverpool, "yonkers" is a joke entry.
DROP = {"NWY": ["nor"], "NAO": ["na"], "LVN": ["liv"], "YOR": ["yonkers"]}
ADD = {
    "LVP": ["liv"], "NWG": ["nrg"], "NAO": ["nat", "nar", "n atlantic", "n atl"], "TYS": ["tyn"], "LYO": ["gol", "gulf of lion", "gulf of lions"],
    "MAO": ["mat", "mid", "mid atlantic"], "STP": ["stp", "st petersburg", "saint petersburg", "st pete"],
    "HEL": ["heligoland bight", "helgoland"], "NAF": ["n africa", "nafr"],
    "EAS": ["eastern med", "east med", "e med"], "WES": ["western med", "west med", "w med"],
    "NTH": ["n sea"], "TRI": ["triest"],
    "BOT": ["gulf of bothnia"], "SKA": ["skagerak"], "MUN": ["munchen", "muenchen"],
}
for c, drop in DROP.items():
    aliases[c] = [a for a in aliases[c] if a not in drop]
for c, add in ADD.items():
    aliases[c] = [a for a in aliases[c] + add if a]

kind_of = {}
for loc, (k, _) in entries.items():
    base = loc.upper().split("/")[0]
    if "/" not in loc:
        kind_of[base] = {"WATER": "sea", "COAST": "coast", "LAND": "land", "SHUT": "impassable"}[k]

army = {p: set() for p in kind_of}
fleet = {}  # location -> set of locations
for loc, (k, abuts) in entries.items():
    base = loc.upper().split("/")[0]
    coastal_split = "/" in loc
    has_coasts = any(l.upper().startswith(base + "/") for l in entries)
    for a in abuts:
        tbase = a.upper().split("/")[0]
        if k in ("LAND", "COAST") and not coastal_split and kind_of[tbase] in ("land", "coast") and kind_of[base] != "impassable":
            army[base].add(tbase)
        if k == "SHUT":
            continue
        if a.isupper() and kind_of.get(tbase) not in ("land", "impassable") and k != "LAND" and not (has_coasts and not coastal_split):
            fleet.setdefault(loc.upper(), set()).add(a.upper())
# impassable: keep it as a neighbour for drawing order only
# symmetric army closure check is done by the Rust loader; here make sure MILA is symmetric
for p, s in army.items():
    for q in s:
        assert p in army[q], (p, q)
for l, s in fleet.items():
    for m in s:
        assert l in fleet.get(m, ()), (l, m)

# ---------- clockwise order from the SVG outlines ----------
svg = open(src + "/standard.svg").read()
paths = {}
for m in re.finditer(r'<path[^>]*?d="([^"]+)"[^>]*?id="_(\w+)"', svg):
    paths[m.group(2).upper()] = m.group(1)
for m in re.finditer(r'<path[^>]*?id="_(\w+)"[^>]*?d="([^"]+)"', svg):
    paths.setdefault(m.group(1).upper(), m.group(2))
for svg_id, code in {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG", "TYN": "TYS"}.items():
    paths[code] = paths.pop(svg_id)

def rings(d):
    out, cur = [], []
    toks = re.findall(r"[MCLZmclz]|-?\d+(?:\.\d+)?", d)
    nums, cmd = [], None
    for t in toks:
        if t in "MCLZmclz":
            if t in "Zz":
                if cur:
                    out.append(cur); cur = []
            elif t in "Mm" and cur:
                out.append(cur); cur = []
            cmd = t
            continue
        nums.append(float(t))
        if len(nums) == 2:
            cur.append(tuple(nums)); nums = []
    if cur:
        out.append(cur)
    return out

def centroid(ring):
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        c = x0 * y1 - x1 * y0
        a += c; cx += (x0 + x1) * c; cy += (y0 + y1) * c
    if abs(a) < 1e-9:
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring)), 0
    return (cx / (3 * a), cy / (3 * a)), abs(a) / 2

geo = {}
for p in kind_of:
    rs = rings(paths[p])
    best = max((centroid(r) for r in rs), key=lambda t: t[1])
    pts = [pt for r in rs for pt in r]
    geo[p] = (best[0], pts)

neighbours = {p: set(army[p]) for p in kind_of}
for l, s in fleet.items():
    for m in s:
        neighbours[l.split("/")[0]].add(m.split("/")[0])
for loc, (k, abuts) in entries.items():  # impassable borders, both ways
    if k == "SHUT":
        for a in abuts:
            neighbours[loc.upper()].add(a.upper()); neighbours[a.upper()].add(loc.upper())
for p in neighbours:
    neighbours[p].discard(p)

def clockwise(p):
    (cx, cy), pts = geo[p]
    out = []
    for q in neighbours[p]:
        _, qpts = geo[q]
        shared = [a for a in pts if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 6 for b in qpts)]
        if shared:
            mx = sum(a[0] for a in shared) / len(shared); my = sum(a[1] for a in shared) / len(shared)
        else:
            mx, my = geo[q][0]
        # SVG y grows downwards: atan2(dy, dx) grows clockwise on screen. Start at north.
        ang = (math.degrees(math.atan2(my - cy, mx - cx)) + 90) % 360
        out.append((ang, q))
    return [q for _, q in sorted(out)]

# ---------- write TOML ----------
def tl(xs):
    return "[" + ", ".join('"%s"' % x for x in xs) + "]"

centers = set(unowned)
for P in POWERS:
    centers.update(P[2])
o = []
o.append("# Standard Diplomacy map (1901), generated by tools/gen_standard_map.py from")
o.append("# ../shared/variants-source/standard (MILA diplomacy 1.1.2 standard.map + standard.svg).")
o.append("# Format: config/variants/README.md. Clockwise order: neighbours sorted by the bearing")
o.append("# of the shared border (or the neighbour's centroid) seen from the province centroid, from north.")
o.append('name = "standard"')
o.append('title = "Standard Diplomacy"')
o.append('start = "S1901M"')
o.append("")
o.append("[victory]")
o.append('kind = "centers"')
o.append("count = 18")
o.append("")
o.append("[calendar]")
o.append("first_year = 1901")
o.append('seasons = [')
o.append('  { code = "S", name = "Spring", phases = ["M", "R"] },')
o.append('  { code = "F", name = "Fall", phases = ["M", "R"] },')
o.append('  { code = "W", name = "Winter", phases = ["A"] },')
o.append("]")
o.append('# centres change hands after the retreats of these seasons')
o.append('ownership_after = ["F"]')
letters = {"AUSTRIA": "A", "ENGLAND": "E", "FRANCE": "F", "GERMANY": "G", "ITALY": "I", "RUSSIA": "R", "TURKEY": "T"}
for name, adj, homes, units in POWERS:
    o.append("")
    o.append("[[power]]")
    o.append('name = "%s"' % name)
    o.append('adjective = "%s"' % adj)
    o.append('letter = "%s"' % letters[name])
    o.append("home = %s" % tl(sorted(homes)))
    o.append("units = %s" % tl(units))
for p in sorted(kind_of):
    o.append("")
    o.append("[[province]]")
    o.append('id = "%s"' % p)
    o.append('name = "%s"' % names[p])
    o.append('kind = "%s"' % kind_of[p])
    if p in centers:
        o.append("center = true")
    al = sorted(set(a for a in aliases.get(p, []) if a.lower() != p.lower() and a.lower() != names[p].lower()))
    if al:
        o.append("aliases = %s" % tl(al))
    if army[p]:
        o.append("army = %s" % tl(sorted(army[p])))
    if p in fleet:
        o.append("fleet = %s" % tl(sorted(fleet[p])))
    cs = sorted(l for l in fleet if l.startswith(p + "/"))
    for c in cs:
        o.append("coast.%s = %s" % (c.split("/")[1], tl(sorted(fleet[c]))))
    o.append("clockwise = %s" % tl(clockwise(p)))
    (cx, cy), _ = geo[p]
    o.append("pos = [%.0f, %.0f]" % (cx, cy))
open("config/variants/standard.toml", "w").write("\n".join(o) + "\n")
print("wrote config/variants/standard.toml: %d provinces, %d centres" % (len(kind_of), len(centers)))
