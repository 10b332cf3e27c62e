#!/usr/bin/env python3
"""Compares a variant's map facts as mailjudge reads them (JSON written by the test
`mila_maps::every_mila_map_reads_as_milas_own_reading_of_the_file`) with the MILA
`diplomacy` package's reading of the `.map` file of the same name: powers, home centres,
supply centres, starting units, provinces, and the locations an army and a fleet (coast by
coast) can move to (`Map.abuts`). Prints "MAP: the same facts" or every difference.

Usage: mila_map_facts.py FACTS.json...    Exit 0 when every map agrees, 1 otherwise.
"""
import json
import sys

from diplomacy.engine.map import Map


def mila_facts(name):
    m = Map(name)
    provinces = sorted({l.upper() for l in m.locs if "/" not in l and m.area_type(l) != "SHUT"})
    armies = [p for p in provinces if m.is_valid_unit(f"A {p}")]
    fleets = sorted({l.upper() for l in m.locs if m.is_valid_unit(f"F {l.upper()}")})
    return {
        "provinces": provinces,
        "centers": sorted(m.scs),
        "powers": {p: {"homes": sorted(m.homes.get(p, [])), "units": sorted(m.units.get(p, []))} for p in m.powers},
        "army": {a: sorted(b for b in armies if b != a and m.abuts("A", a, "-", b)) for a in armies},
        "fleet": {f: sorted(g for g in fleets if g != f and m.abuts("F", f, "-", g)) for f in fleets},
    }


def power_key(name):
    """A power's name as MILA keeps it (`Map.norm_power`: `BRITISH-COLUMBIA` is
    `BRITISHCOLUMBIA`; mailjudge's import keeps the `-`)."""
    return "".join(c for c in name.upper() if c.isalnum())


def ours(facts):
    return {
        "provinces": sorted(facts["provinces"]),
        "centers": sorted(facts["centers"]),
        "powers": {power_key(p): {k: sorted(v) for k, v in d.items()} for p, d in facts["powers"].items()},
        "army": {a: sorted(b) for a, b in facts["army"].items()},
        "fleet": {f: sorted(g) for f, g in facts["fleet"].items()},
    }


def differences(mila, mj):
    out = []
    for key in ("provinces", "centers"):
        if mila[key] != mj[key]:
            out.append(f"{key}: MILA only {sorted(set(mila[key]) - set(mj[key]))}, "
                       f"mailjudge only {sorted(set(mj[key]) - set(mila[key]))}")
    if sorted(mila["powers"]) != sorted(mj["powers"]):
        out.append(f"powers: MILA {sorted(mila['powers'])} / mailjudge {sorted(mj['powers'])}")
    for p in sorted(set(mila["powers"]) & set(mj["powers"])):
        for k in ("homes", "units"):
            if mila["powers"][p][k] != mj["powers"][p][k]:
                out.append(f"{p} {k}: MILA {mila['powers'][p][k]} / mailjudge {mj['powers'][p][k]}")
    for kind in ("army", "fleet"):
        a, b = mila[kind], mj[kind]
        if sorted(a) != sorted(b):
            out.append(f"{kind} locations: MILA only {sorted(set(a) - set(b))}, mailjudge only {sorted(set(b) - set(a))}")
        for loc in sorted(set(a) & set(b)):
            if a[loc] != b[loc]:
                out.append(f"{kind} from {loc}: MILA only {sorted(set(a[loc]) - set(b[loc]))}, "
                           f"mailjudge only {sorted(set(b[loc]) - set(a[loc]))}")
    return out


# Where mailjudge's built-in comes from another copy of the map than MILA's (DPjudge's
# `.map` files, config/variants/dpjudge/), differences between the two files themselves,
# each checked in both texts; printed, not counted.
FILE_DIFFERENCES = {
    "modern": {
        "RUSSIA units: MILA ['A GOR', 'A MOS', 'F MUR', 'F ROS', 'F STP'] / mailjudge "
        "['A GOR', 'A MOS', 'A MUR', 'F ROS', 'F STP']":
        "DPjudge's modern.map starts Russia with `A MUR` (line 42), MILA's copy with `F MUR`",
    },
    "empire": {
        "powers: MILA ['BRITISHCOLUMBIA', 'CALIFORNIA', 'CUBA', 'FLORIDA', 'HEARTLAND', 'MEXICO', "
        "'NEWYORK', 'PERU', 'QUEBEC', 'TEXAS'] / mailjudge ['BC', 'CALIFORNIA', 'CUBA', 'FLORIDA', "
        "'HEARTLAND', 'MEXICO', 'NEWYORK', 'PERU', 'QUEBEC', 'TEXAS']":
        "DPjudge's empire.map names the powers `B.C.` and `NEW+YORK` (lines 3, 23), MILA's copy "
        "`BRITISH-COLUMBIA` and `NEW-YORK` (names compared without their `.`, `-` and `+`; the "
        "same homes and units in both texts)",
        "fleet from BEF: MILA only ['NUN'], mailjudge only []":
        "MILA's empire.map adds BEF to NUN's line and NUN to BEF's (lines 237, 369); DPjudge's has not",
        "fleet from NUN: MILA only ['BEF'], mailjudge only []":
        "MILA's empire.map adds BEF to NUN's line and NUN to BEF's (lines 237, 369); DPjudge's has not",
    },
}


def main():
    bad = 0
    for path in sys.argv[1:]:
        facts = json.load(open(path))
        diffs = differences(mila_facts(facts["map"]), ours(facts))
        known = FILE_DIFFERENCES.get(facts["map"], {})
        for d in [d for d in diffs if d in known]:
            print(f"{facts['map']}: known difference of the files: {known[d]}")
        diffs = [d for d in diffs if d not in known]
        if diffs:
            bad += 1
            print(f"{facts['map']}: {len(diffs)} difference(s)")
            for d in diffs:
                print("  " + d)
        else:
            print(f"{facts['map']}: the same facts")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
