#!/usr/bin/env python3
"""Writes config/maps/NAME.json from one of MILA's map SVGs (ancmed, modern, pure).

Reads diplomacy/maps/svg/NAME.svg of the MILA `diplomacy` package (1.1.2,
AGPL-3.0-or-later; `tools/check_mila.sh` installs it into target/mila-venv)
and keeps only geometry, in the format of config/maps/standard.json: each
province's outline (SVG path data), where its units, dislodged units, supply
centre and label stand. No bitmap, no styling. Every coordinate is scaled so
the map is about as wide as the standard map (units and labels are drawn at one
size on every map). The province codes are checked against the provinces of
diplomacy/maps/NAME.map (the file the variant is imported from).

Usage: python3 tools/extract_mila_map.py NAME [MAPS_DIR] [OUT]
"""
import glob
import json
import re
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
JDIP_NS = "{svg.dtd}"
WIDTH = 1650.0  # about the standard map's width

name = sys.argv[1]
maps = sys.argv[2] if len(sys.argv) > 2 else glob.glob("target/mila-venv/lib/python3*/site-packages/diplomacy/maps")[0]
out = sys.argv[3] if len(sys.argv) > 3 else f"config/maps/{name}.json"
root = ET.parse(f"{maps}/svg/{name}.svg").getroot()
vb = [float(x) for x in root.get("viewBox").split()]
k = WIDTH / vb[2]
NUM = re.compile(r"-?\d*\.?\d+(?:[eE]-?\d+)?")


def r(x):
    return round(x * k, 1)


def scaled_path(d):
    # every number of a path without arcs scales alike (absolute and relative)
    if re.search(r"[AaHhVv]", d):
        raise SystemExit(f"{name}: a path with arcs or H/V: {d[:60]}")
    return NUM.sub(lambda m: f"{r(float(m.group())):g}", " ".join(d.split()))


def translate(el):
    t = el.get("transform") or ""
    m = re.fullmatch(r"\s*translate\(\s*([-\d.]+)(?:[ ,]+([-\d.]+))?\s*\)\s*", t)
    if t and not m:
        raise SystemExit(f"{name}: a transform other than translate: {t}")
    return (float(m.group(1)), float(m.group(2) or 0)) if m else (0.0, 0.0)


def outline(el):
    """The path data of a province element: a polygon, a path or a group of them."""
    tag = el.tag.replace(SVG_NS, "")
    if tag == "g":
        return " ".join(outline(c) for c in el if c.tag.replace(SVG_NS, "") in ("g", "path", "polygon"))
    if translate(el) != (0.0, 0.0):
        raise SystemExit(f"{name}: a translated outline {el.get('id')}")
    if tag == "polygon":
        pts = NUM.findall(el.get("points"))
        xy = [f"{r(float(pts[i])):g},{r(float(pts[i + 1])):g}" for i in range(0, len(pts) - 1, 2)]
        return "M" + " L".join(xy) + " Z"
    return scaled_path(el.get("d"))


def loc(code):
    return code.upper().replace("-", "/")


map_codes = set()
alias = {}  # an abbreviation the SVG may use -> the code the .map file gives
for line in open(f"{maps}/{name}.map"):
    m = re.match(r"\s*(LAND|WATER|COAST|PORT|SHUT)\s+([A-Za-z]{3})\b", line)
    if m:
        map_codes.add(m.group(2).upper())
    m = re.match(r"[^=#]+=\s*(\S+)(.*)", line)
    if m:
        for a in m.group(2).split():
            alias.setdefault(a.upper(), m.group(1).upper())

kinds = {"nopower": "land", "water": "sea", "impassable": "impassable", "neutral": "land"}
layer = next(g for g in root.iter(SVG_NS + "g") if g.get("id") == "MapLayer")
if translate(layer) != (0.0, 0.0):
    raise SystemExit(f"{name}: MapLayer is translated")
provinces = {}
for el in layer.iter():
    pid = el.get("id") or ""
    if not pid.startswith("_") or el.get("class") not in kinds:
        continue
    code = pid[1:].upper()
    provinces[code if code in map_codes else alias.get(code, code)] = {"kind": kinds[el.get("class")], "d": outline(el)}

# a unit's x and y are the top left corner of its symbol (MILA's renderer
# draws the symbol there at its SYMBOLSIZE): the place is the symbol's centre
size = {s.get("name"): (float(s.get("width")), float(s.get("height"))) for s in root.iter(JDIP_NS + "SYMBOLSIZE")}
units, dislodged = {}, {}
for p in root.iter(JDIP_NS + "PROVINCE"):
    for tag, into, symbol in (("UNIT", units, "Army"), ("DISLODGED_UNIT", dislodged, "DislodgedArmy")):
        u = p.find(JDIP_NS + tag)
        if u is not None:
            w, h = size[symbol]
            into[loc(p.get("name"))] = [r(float(u.get("x")) + w / 2), r(float(u.get("y")) + h / 2)]

centers = {}
for use in root.iter(SVG_NS + "use"):
    uid = use.get("id") or ""
    if uid.startswith("sc_"):
        w, h = float(use.get("width")), float(use.get("height"))
        dx, dy = translate(use)
        centers[uid[3:].upper()] = [r(float(use.get("x")) + dx + w / 2), r(float(use.get("y")) + dy + h / 2)]

labels = {}
brief = next((g for g in root.iter(SVG_NS + "g") if g.get("id") == "BriefLabelLayer"), None)
if brief is not None:
    bx, by = translate(brief)
    for t in brief.iter(SVG_NS + "text"):
        code = (t.text or "").strip().upper()
        code = code if code in map_codes else alias.get(code, code)
        if code in provinces:
            labels[code] = [r(float(t.get("x")) + bx), r(float(t.get("y")) + by), 18]

svg_codes = set(provinces)
if svg_codes != map_codes:
    raise SystemExit(f"{name}: outlines {sorted(svg_codes - map_codes)} not in {name}.map; {sorted(map_codes - svg_codes)} without an outline")
missing = sorted(c for c in provinces if c not in units)
if missing:
    raise SystemExit(f"{name}: no unit place for {missing}")

data = {
    "source": f"MILA diplomacy 1.1.2 diplomacy/maps/svg/{name}.svg (AGPL-3.0-or-later); geometry only, scaled by {k:.4f}, extracted by tools/extract_mila_map.py",
    "view_box": [0, 0, r(vb[2]), r(vb[3])],
    "outline_offset": [0, 0],
    "provinces": dict(sorted(provinces.items())),
    "units": dict(sorted(units.items())),
    "dislodged": dict(sorted(dislodged.items())),
    "centers": dict(sorted(centers.items())),
    "labels": dict(sorted(labels.items())),
}
with open(out, "w") as f:
    json.dump(data, f, separators=(",", ":"), sort_keys=False)
    f.write("\n")
print(f"{out}: {len(provinces)} outlines, {len(units)} unit places, {len(centers)} centres, {len(labels)} labels")
