#!/usr/bin/env python3
"""Writes config/maps/standard.json from the MILA/jDip standard map SVG.

Reads ../shared/variants-source/standard/standard.svg (MILA diplomacy 1.1.2,
diplomacy/maps/svg/standard.svg, AGPL-3.0-or-later; drawn by jDip, GPL) and
keeps only geometry: each province's outline (its SVG path data), where its
units, dislodged units, supply centre and label stand. No bitmap, no styling.

Usage: python3 tools/extract_standard_map.py [SVG] [OUT]
"""
import json
import sys
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
JDIP_NS = "{svg.dtd}"

src = sys.argv[1] if len(sys.argv) > 1 else "../shared/variants-source/standard/standard.svg"
out = sys.argv[2] if len(sys.argv) > 2 else "config/maps/standard.json"
root = ET.parse(src).getroot()


def loc(name):
    # jDip writes coasts as stp-nc; the engine as STP/NC
    return name.upper().replace("-", "/")


units, dislodged = {}, {}
for p in root.iter(JDIP_NS + "PROVINCE"):
    u = p.find(JDIP_NS + "UNIT")
    d = p.find(JDIP_NS + "DISLODGED_UNIT")
    if u is not None:
        units[loc(p.get("name"))] = [float(u.get("x")), float(u.get("y"))]
    if d is not None:
        dislodged[loc(p.get("name"))] = [float(d.get("x")), float(d.get("y"))]

# outlines: the MapLayer group is drawn translated by its transform
provinces = {}
layer = next(g for g in root.iter(SVG_NS + "g") if g.get("id") == "MapLayer")
tx, ty = [float(x) for x in layer.get("transform").replace("translate(", "").rstrip(")").split()]
kinds = {"nopower": "land", "water": "sea", "impassable": "impassable", "neutral": "land"}
# the outlines' ids that differ from the codes the variant file uses
renamed = {"GOL": "LYO", "MID": "MAO", "NAT": "NAO", "NRG": "NWG", "TYN": "TYS"}
for path in layer.iter(SVG_NS + "path"):
    pid = path.get("id") or ""
    if not pid.startswith("_"):
        continue
    code = pid[1:].upper()
    provinces[renamed.get(code, code)] = {"kind": kinds[path.get("class")], "d": " ".join(path.get("d").split())}

centers = {}
for use in root.iter(SVG_NS + "use"):
    uid = use.get("id") or ""
    if uid.startswith("sc_"):
        w, h = float(use.get("width")), float(use.get("height"))
        centers[uid[3:].upper()] = [float(use.get("x")) + w / 2, float(use.get("y")) + h / 2]

labels = {}
brief = next(g for g in root.iter(SVG_NS + "g") if g.get("id") == "BriefLabelLayer")
for t in brief.iter(SVG_NS + "text"):
    size = 18 if t.get("class") == "labeltext18" else 24
    x, y = float(t.get("x")), float(t.get("y"))
    # a few labels are placed by a transform (rotated along a coast): keep
    # its translation, drawn level
    tr = t.get("transform") or ""
    if tr.startswith("translate("):
        dx, dy = [float(v) for v in tr[len("translate("):tr.index(")")].replace(",", " ").split()]
        x, y = x + dx, y + dy
    labels[t.text.strip().upper()] = [x, y, size]

vb = [float(x) for x in root.get("viewBox").split()]
data = {
    "source": "MILA diplomacy 1.1.2 diplomacy/maps/svg/standard.svg (AGPL-3.0-or-later), drawn by jDip (GPL); geometry only, extracted by tools/extract_standard_map.py",
    "view_box": vb,
    "outline_offset": [tx, ty],
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
