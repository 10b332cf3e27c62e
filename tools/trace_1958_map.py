#!/usr/bin/env python3
"""Writes config/maps/original1958.json by tracing the provinces of 1958.gif.

The scan (../shared/variants-source/original1958/1958.gif, 900x640 line art,
from the Diplomatic Pouch web site: woelpad/diplomatic-pouch
web/Online/maps/1958.gif, no licence stated) is the map whose pixels the `pos`
keys of config/variants/original1958.toml use. The lettering, centre dots and
stars next to each `pos` are erased; the borders the scan leaves open (lines
stopping short of the edge, a coast broken by a label) are drawn on
(`VIRTUAL`). Every pixel then goes to the province whose seed (at its `pos`)
is cheapest to reach, a step costing 1 in the open, much more near the ink
and most on it: the regions meet on the lines and in the gaps of the dashed
sea borders, and every pixel is in one region, so neighbours share their
borders. The unnamed islands (Ireland, Corsica, Sardinia, Sicily, Crete) get
seeds of their own and become holes in the seas. The regions are turned into
polygons and simplified together (shapely.coverage_simplify keeps shared
borders shared); units, labels, centre marks and dislodged units are placed
inside their province (units first, well away from its borders), labels
never under another province's mark.

Output coordinates are the scan's pixels times SCALE (the picture is drawn at
the standard map's size, so symbols keep their size).

Usage: python3 tools/trace_1958_map.py [--preview PNG] [--regions PNG]
The first run makes target/trace-venv (Pillow, numpy, scipy, scikit-image,
shapely from PyPI) and re-runs itself there. CI does not run it: the JSON is
committed and tests/it/map_1958_picture.rs checks it.
"""
import os
import subprocess
import sys

VENV = "target/trace-venv"
NEEDS = ["pillow", "numpy", "scipy", "scikit-image", "shapely>=2.1"]
try:
    import numpy as np
    import shapely
    from PIL import Image, ImageDraw, ImageFont
    from scipy import ndimage as ndi
    from shapely import affinity
    from shapely.geometry import MultiPolygon, box
    from skimage.graph import MCP_Geometric
except ImportError:
    py = os.path.join(VENV, "bin", "python")
    if sys.executable == os.path.abspath(py) or os.environ.get("TRACE_VENV_TRIED"):
        raise
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([py, "-m", "pip", "install", "-q", *NEEDS], check=True)
    os.environ["TRACE_VENV_TRIED"] = "1"
    os.execv(py, [py, *sys.argv])

import argparse
import json
import tomllib


SCAN = "../shared/variants-source/original1958/1958.gif"
VARIANT = "config/variants/original1958.toml"
OUT = "config/maps/original1958.json"
FONT = "config/maps/fonts/DejaVuSans.ttf"
SCALE = 2
# the scan's seeds for land that is no province (holes in the seas around it)
ISLANDS = {"Ireland": (190, 277), "Corsica": (332, 473), "Sardinia": (327, 510), "Sicily": (392, 543), "Crete": (530, 573)}
# borders the scan leaves open (a line stopping short of the edge, or a dotted
# border too sparse to close), drawn on as ink: polylines in scan pixels,
# each continuing the scan's own line to where it plainly goes
VIRTUAL = {
    "ARC/NAO to the top edge": [(218, 122), (182, 0)],
    "ARC/WHS to the top edge": [(461, 26), (461, 0)],
    "WHS/STP to the top edge": [(592, 24), (600, 0)],
    "STP/MOS to the east edge": [(695, 170), (900, 127)],
    "MOS/CAU to the east edge": [(715, 245), (900, 245)],
    "CAU/PER to the east edge": [(815, 437), (900, 437)],
    "ION/EMS to the foot": [(495, 565), (495, 640)],
    "AEG/EMS to the foot": [(585, 550), (585, 640)],
    "EMS/SYR to the foot": [(651, 618), (651, 640)],
    "SYR/MES to the foot": [(725, 598), (725, 640)],
    "MES/PER to the foot": [(800, 597), (805, 640)],
    "ION/BOT to the foot": [(425, 620), (430, 640)],
    "MOR/ALG to the foot": [(173, 620), (173, 640)],
    "ALG/TUN to the foot": [(317, 624), (318, 640)],
    "TUN/BOT to the foot": [(363, 628), (364, 640)],
    "YOR/NTH under the label Yor": [(262, 281), (261, 294)],
    "TYS/BOT to Sicily": [(360, 512), (366, 516)],
    "TYS/BOT to Sicily's coast": [(379, 526), (384, 538)],
    "ALG/WMS coast gap": [(295, 553), (304, 553)],
    "NAP/TYS coast under Nap, the star and the dot": [(379, 491), (386, 500), (397, 510)],
    "DEN/NTH coast under the label Den": [(341, 255), (340, 267)],
    "CSV/MOR to the west edge": [(40, 620), (30, 640)],
    "PSM/NAO to the west edge": [(10, 335), (0, 335)],
    "FNT/CSV to the west edge": [(10, 487), (0, 487)],
}
# seeds moved off a `pos` that sits on lettering or too near a border
# lettering within this of a `pos` (x, y) is erased before tracing
LABEL_REACH = (16, 9)
# step costs: 1 in the open, up to 1 + WALL within NEAR px of the ink, INK_COST on it
WALL, NEAR, INK_COST = 500.0, 4.0, 5000.0
SEED = {"YOR": (254, 275), "TYS": (345, 492), "LON": (262, 303), "ENG": (242, 336), "CON": (538, 473)}
# the renderer's footprints at symbol scale 1 (src/render/svg.rs), with a margin
UNIT_LAND = (35, 35)
UNIT_SEA = (43, 35)
CENTER = (18, 18)
LABEL_SIZES = (18, 15, 12)
# a province smaller than this (output px) has its label at its edge
SMALL = 4000
EDGE = 3  # a placed point keeps this far from its province's edge (output px)
# a unit's place keeps this far from its province's edge (output px), or, in a
# province too narrow for that, DEEP_SHARE of the deepest point's distance:
# a unit (an army's circle is 16 px round) then stands plainly in its own
# province, not on a border (Wales's army stood on Liverpool's border)
UNIT_DEEP, DEEP_SHARE = 12.0, 0.6


def label_box(code, size):
    """Half-width, height above and below the baseline of a label's text."""
    fs = size * 0.75
    return 0.36 * fs * len(code) + 1, 0.78 * fs + 1, 0.12 * fs + 1


def load_variant(path):
    with open(path, "rb") as f:
        v = tomllib.load(f)
    return v["province"]


def seeds(provs, ink, reach=6):
    """One seed pixel a province: near `pos`, a little clear of the ink, and
    in an open area (not a pocket inside a letter); then the islands' seeds
    as given."""
    dist = ndi.distance_transform_edt(~ink)
    comp, n = ndi.label(~ink)
    sizes = np.bincount(comp.ravel(), minlength=n + 1)
    open_area = (sizes >= 150)[comp] & ~ink
    out = []
    for p in provs:
        x, y = SEED.get(p["id"], p["pos"])
        y0, x0 = max(y - reach, 0), max(x - reach, 0)
        win = dist[y0 : y + reach + 1, x0 : x + reach + 1]
        good = open_area[y0 : y + reach + 1, x0 : x + reach + 1]
        yy, xx = np.mgrid[y0 : y0 + win.shape[0], x0 : x0 + win.shape[1]]
        off = np.hypot(xx - x, yy - y)
        score = np.where((off <= reach) & good, np.minimum(win, 5) - 0.2 * off, -1e9)
        k = np.unravel_index(np.argmax(score), score.shape)
        out.append((p["id"], int(xx[k]), int(yy[k])))
    return out + [(name, x, y) for name, (x, y) in ISLANDS.items()]


def erase_labels(ink, provs):
    """Ink that is lettering, a centre dot or a naval-base star next to a
    province's `pos` (small pieces near it) is not a border: erase it, so a
    seed is not boxed in by its own label."""
    comp, n = ndi.label(ink, structure=np.ones((3, 3)))
    boxes = ndi.find_objects(comp)
    near = np.zeros(ink.shape, dtype=bool)
    for p in provs:
        x, y = p["pos"]
        near[max(y - LABEL_REACH[1], 0) : y + LABEL_REACH[1] + 1, max(x - LABEL_REACH[0], 0) : x + LABEL_REACH[0] + 1] = True
    sizes = np.bincount(comp.ravel(), minlength=n + 1)
    lines = (sizes > 60)[comp] & ink
    close_to_line = ndi.binary_dilation(lines, iterations=2)
    for i, b in enumerate(boxes):
        h, w = b[0].stop - b[0].start, b[1].stop - b[1].start
        piece = comp[b] == i + 1
        # a dash of a dashed border is thin, and a mark on a coast closes it: keep them
        if h <= 12 and w <= 12 and min(h, w) >= 3 and near[b].all() and not (close_to_line[b] & piece).any():
            ink[b][piece] = False


def draw_virtual(ink):
    img = Image.new("1", (ink.shape[1], ink.shape[0]), 0)
    d = ImageDraw.Draw(img)
    for line in VIRTUAL.values():
        d.line(line, fill=1, width=2)
    ink |= np.array(img, dtype=bool)


def disk(r):
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    return xx * xx + yy * yy <= r * r + r


def regions(ink, seed_list):
    """Every pixel's region: the seed it is cheapest to reach, where a step
    costs 1 in the open, more near the ink and most on it, so regions meet
    on the border lines and in the gaps of the dashed ones."""
    dist = ndi.distance_transform_edt(~ink)
    cost = 1.0 + WALL * np.clip(NEAR - dist, 0, None) / NEAR
    cost[ink] = INK_COST
    best = np.full(ink.shape, np.inf)
    lab = np.zeros(ink.shape, dtype=np.int32)
    for i, (_, x, y) in enumerate(seed_list):
        cum, _ = MCP_Geometric(cost).find_costs([(y, x)])
        closer = cum < best
        best[closer] = cum[closer]
        lab[closer] = i + 1
    return lab


def polygons(lab, n):
    """Each label's pixels as one polygon (unions of row runs)."""
    runs = [[] for _ in range(n + 1)]
    for y in range(lab.shape[0]):
        row = lab[y]
        cut = np.flatnonzero(np.diff(row)) + 1
        starts = np.concatenate(([0], cut))
        ends = np.concatenate((cut, [row.size]))
        for s, e in zip(starts, ends):
            runs[row[s]].append(box(s, y, e, y + 1))
    return [shapely.union_all(runs[i]) for i in range(1, n + 1)]


def path(geom):
    parts = geom.geoms if isinstance(geom, MultiPolygon) else [geom]
    rings = []
    for p in parts:
        for r in [p.exterior, *p.interiors]:
            pts = list(r.coords)[:-1]
            rings.append("M" + " L".join(f"{x:g} {y:g}" for x, y in pts) + " Z")
    return " ".join(rings)


class Placer:
    """Places boxes inside provinces on a raster of the traced regions. Labels
    are hard obstacles (nothing may cover a label); units, dislodged units and
    centre marks are soft ones (avoided while there is room)."""

    def __init__(self, lab2):
        self.lab = lab2
        self.hard = np.zeros(lab2.shape, dtype=bool)
        self.soft = np.zeros(lab2.shape, dtype=bool)
        self.owner = np.zeros(lab2.shape, dtype=np.int32)
        self.label_owner = np.zeros(lab2.shape, dtype=np.int32)
        self.failed = []

    def place(self, idx, name, half_w, up, down, pref, hard=False, centre_bias=0.5, allow_own=False, edge=EDGE, first=0, deep=None):
        """Anchor point for a box [x-half_w, x+half_w] x [y-up, y+down] whose
        anchor is inside region idx, nearest `pref` (with a pull to the
        middle). Tried in turn: the box inside the province and clear of
        everything; the box clear of everything; clear of labels; clear of
        other provinces' labels; anywhere
        (each fallback is recorded in `failed`). `deep`: the anchor keeps at
        least that far inside (or DEEP_SHARE of the deepest point's depth, in
        a narrower province), whatever the fallback."""
        ys, xs = np.nonzero(self.lab == idx)
        y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        pad = 40
        y0, x0 = max(y0 - pad, 0), max(x0 - pad, 0)
        y1, x1 = min(y1 + pad, self.lab.shape[0]), min(x1 + pad, self.lab.shape[1])
        mine = self.lab[y0:y1, x0:x1] == idx
        hard_b = self.hard[y0:y1, x0:x1]
        soft_b = self.soft[y0:y1, x0:x1]
        if allow_own:
            soft_b = soft_b & (self.owner[y0:y1, x0:x1] != idx)
        inner = ndi.distance_transform_edt(np.pad(mine, 1))[1:-1, 1:-1]
        if deep is not None:
            edge = max(edge, min(deep, DEEP_SHARE * inner.max()))
        hw, hu, hd = int(np.ceil(half_w)), int(np.ceil(up)), int(np.ceil(down))
        others = hard_b & (self.label_owner[y0:y1, x0:x1] != idx)
        tries = (mine & ~hard_b & ~soft_b, ~hard_b & ~soft_b, ~hard_b, ~others)
        why = ("leaves its province", "overlaps a unit or centre", "overlaps its own label", "overlaps another's label")
        ok, step = None, 0
        for step, free in enumerate(tries):
            if step < first:
                continue
            ok = boxes_clear(free, hw, hu, hd) & (inner >= edge)
            if ok.any():
                break
        else:
            step = len(tries)
            ok = inner >= edge
            if not ok.any():
                ok = inner == inner.max()
        yy, xx = np.nonzero(ok)
        gx, gy = xx + x0 + 0.5, yy + y0 + 0.5
        clear = np.minimum(inner[yy, xx], 15)
        score = np.hypot(gx - pref[0], gy - pref[1]) - centre_bias * clear
        k = int(np.argmin(score))
        x, y = gx[k], gy[k]
        self.last_step = step
        if step:
            self.failed.append((name, why[step - 1]))
        bx0, bx1 = int(max(x - hw, 0)), int(min(x + hw + 1, self.lab.shape[1]))
        by0, by1 = int(max(y - hu, 0)), int(min(y + hd + 1, self.lab.shape[0]))
        (self.hard if hard else self.soft)[by0:by1, bx0:bx1] = True
        if hard:
            self.label_owner[by0:by1, bx0:bx1] = idx
        self.owner[by0:by1, bx0:bx1] = idx
        return [round(float(x), 1), round(float(y), 1)]


def boxes_clear(free, hw, hu, hd):
    """Where a box (hw each side, hu above, hd below the anchor) holds only
    free pixels (a summed-area table of the blocked ones)."""
    blocked = np.pad((~free).astype(np.int32), ((hu + 1, hd), (hw + 1, hw)), constant_values=1)
    s = blocked.cumsum(0).cumsum(1)
    h, w = free.shape
    a = s[hu + hd + 1 : hu + hd + 1 + h, 2 * hw + 1 : 2 * hw + 1 + w]
    b = s[0:h, 2 * hw + 1 : 2 * hw + 1 + w]
    c = s[hu + hd + 1 : hu + hd + 1 + h, 0:w]
    d = s[0:h, 0:w]
    return (a - b - c + d) == 0


def coast_prefs(provs, lab, index):
    """For each coast CODE/XX: the middle of its province's pixels that touch
    the seas its fleets reach (scan pixels)."""
    out = {}
    for p in provs:
        for key, val in p.items():
            if not key == "coast":
                continue
            for c, nbrs in val.items():
                seas = [index[n.split("/")[0]] for n in nbrs if provs[index[n.split("/")[0]] - 1]["kind"] == "sea"]
                near = ndi.binary_dilation(np.isin(lab, seas), iterations=3) & (lab == index[p["id"]])
                ys, xs = np.nonzero(near)
                out[f"{p['id']}/{c}"] = (xs.mean() + 0.5, ys.mean() + 0.5)
    return out


def place_all(provs, lab, index, polys):
    """Units and coasts first, each well inside its province (`UNIT_DEEP`),
    then labels (clear of the units where there is room: in the smallest
    provinces, APU, EDI, LON, MON and ROM, a label lies under its own unit;
    never under another province's), centre marks and dislodged units;
    smallest province first in each pass. (Labels went first until units
    were kept off the borders: a small province's unit was then pushed onto
    its border, Wales's army into Liverpool.)"""
    lab2 = np.kron(lab, np.ones((SCALE, SCALE), dtype=lab.dtype))
    pl = Placer(lab2)
    coasts = coast_prefs(provs, lab, index)
    order = sorted(provs, key=lambda p: polys[index[p["id"]] - 1].area)
    pos = {p["id"]: (p["pos"][0] * SCALE, p["pos"][1] * SCALE) for p in provs}
    units, dislodged, centers, labels = {}, {}, {}, {}

    def place_units(p):
        code, i = p["id"], index[p["id"]]
        uw, uh = UNIT_LAND if p["kind"] == "land" else UNIT_SEA
        # a small province's unit takes its middle (its label then goes beside)
        bias = 2.0 if small(p) else 0.5
        units[code] = pl.place(i, f"{code} unit", uw / 2, uh / 2, uh / 2, pos[code], centre_bias=bias, edge=2 if small(p) else EDGE, deep=UNIT_DEEP)
        for c in sorted(k for k in coasts if k.startswith(code + "/")):
            pref = (coasts[c][0] * SCALE, coasts[c][1] * SCALE)
            units[c] = pl.place(i, f"{c} unit", UNIT_SEA[0] / 2, UNIT_SEA[1] / 2, UNIT_SEA[1] / 2, pref, centre_bias=0.1, deep=UNIT_DEEP)

    def small(p):
        return (lab2 == index[p["id"]]).sum() < SMALL

    for p in order:
        place_units(p)
    for p in order:
        # a small province's label keeps to its edge, leaving the middle to the unit
        bias = -3.0 if small(p) else 0.5
        labels[p["id"]] = place_label(pl, p["id"], index[p["id"]], pos[p["id"]], bias, small(p))
    for p in order:
        if p.get("center"):
            code = p["id"]
            centers[code] = pl.place(index[code], f"{code} centre", CENTER[0] / 2, CENTER[1] / 2, CENTER[1] / 2, units[code])
    for p in order:
        code = p["id"]
        uw, uh = UNIT_LAND if p["kind"] == "land" else UNIT_SEA
        pref = (units[code][0] + 20, units[code][1] + 20)
        dislodged[code] = pl.place(index[code], f"{code} dislodged", uw / 2, uh / 2, uh / 2, pref, allow_own=True)
    return units, dislodged, centers, labels, pl.failed


def place_label(pl, code, i, pref, bias, small):
    """A label at the largest size whose box fits inside its province clear of
    everything; else the smallest size wherever it goes clear of labels."""
    for size in LABEL_SIZES:
        hw, up, down = label_box(code, size)
        saved = pl.hard.copy(), pl.owner.copy(), len(pl.failed), pl.label_owner.copy()
        # a small province's label may stand out of it (its anchor inside)
        at = pl.place(i, f"{code} label", hw + 2, up + 2, down + 2, pref, hard=True, centre_bias=bias, edge=2 if small else EDGE, first=int(small))
        if pl.last_step <= int(small) or size == LABEL_SIZES[-1]:
            return [at[0], at[1], size]
        pl.hard, pl.owner, pl.label_owner = saved[0], saved[1], saved[3]
        del pl.failed[saved[2] :]
    return [at[0], at[1], size]


def preview(path_png, provs, index, polys, units, centers, labels):
    img = Image.new("RGB", (900 * SCALE, 640 * SCALE), "#BFD9EC")
    d = ImageDraw.Draw(img)
    fill = {"sea": "#BFD9EC", "land": "#EFE6CF", "coast": "#EFE6CF"}
    for p in provs:
        g = polys[index[p["id"]] - 1]
        for part in g.geoms if isinstance(g, MultiPolygon) else [g]:
            d.polygon(list(part.exterior.coords), fill=fill[p["kind"]], outline="#333333")
            for r in part.interiors:
                d.polygon(list(r.coords), fill="#D8D8D8", outline="#333333")
    for code, (x, y) in units.items():
        d.ellipse([x - 16, y - 16, x + 16, y + 16], outline="#AA2222", width=2)
    for code, (x, y) in centers.items():
        d.ellipse([x - 7, y - 7, x + 7, y + 7], fill="white", outline="black", width=2)
    for code, (x, y, size) in labels.items():
        font = ImageFont.truetype(FONT, int(size * 0.75))
        d.text((x, y), code, fill="#333333", font=font, anchor="ms")
    img.save(path_png)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preview")
    ap.add_argument("--regions", help="write the raw traced regions over the scan to this PNG")
    a = ap.parse_args()
    provs = load_variant(VARIANT)
    index = {p["id"]: i + 1 for i, p in enumerate(provs)}
    ink = np.array(Image.open(SCAN)) == 0
    erase_labels(ink, provs)
    draw_virtual(ink)
    seed_list = seeds(provs, ink)
    lab = regions(ink, seed_list)
    sizes = np.bincount(lab.ravel(), minlength=len(seed_list) + 1)
    small = sorted((int(sizes[i + 1]), s[0]) for i, s in enumerate(seed_list))[:12]
    print("smallest regions (px):", small, file=sys.stderr)
    if a.regions:
        rng = np.random.default_rng(1)
        pal = rng.integers(60, 255, size=(len(seed_list) + 1, 3)).astype(np.uint8)
        rgb = pal[lab]
        rgb[ink] = 0
        big = Image.fromarray(rgb).resize((900 * 3, 640 * 3), Image.NEAREST)
        d = ImageDraw.Draw(big)
        for name, x, y in seed_list:
            d.text((x * 3, y * 3), name, fill="black", font=ImageFont.truetype(FONT, 14))
        big.save(a.regions)
    raw = polygons(lab, len(seed_list))
    simple = list(shapely.coverage_simplify(raw, tolerance=1.2))
    polys = [affinity.scale(g, SCALE, SCALE, origin=(0, 0)) for g in simple]
    # the islands are holes in the seas already (the coverage keeps them out)
    units, dislodged, centers, labels, failed = place_all(provs, lab, index, polys)
    for name, why in failed:
        print(f"placement: {name} {why}", file=sys.stderr)
    provinces = {p["id"]: {"kind": "sea" if p["kind"] == "sea" else "land", "d": path(polys[index[p["id"]] - 1])} for p in provs}
    data = {
        "source": "traced by tools/trace_1958_map.py from 1958.gif, the Diplomatic Pouch's 900x640 line map of Original (1958) Diplomacy "
        "(woelpad/diplomatic-pouch web/Online/maps/1958.gif, commit be647d2933c21762e52a8327664b101d6a5f66b4, no licence stated); "
        f"coordinates are the scan's pixels times {SCALE}; geometry only",
        "view_box": [0.0, 0.0, 900.0 * SCALE, 640.0 * SCALE],
        "outline_offset": [0.0, 0.0],
        "provinces": dict(sorted(provinces.items())),
        "units": dict(sorted(units.items())),
        "dislodged": dict(sorted(dislodged.items())),
        "centers": dict(sorted(centers.items())),
        "labels": dict(sorted(labels.items())),
    }
    with open(OUT, "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    if a.preview:
        preview(a.preview, provs, index, polys, units, centers, labels)
    print(f"{OUT}: {len(provinces)} outlines, {len(units)} unit places, {len(centers)} centres, {len(labels)} labels, {len(failed)} placements crowded")


if __name__ == "__main__":
    main()
