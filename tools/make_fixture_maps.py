#!/usr/bin/env python3
"""Writes the test maps in tests/data/fixtures/: small made-up variants that
exercise the general engine apart from any real map (issue 9, section 5).

Every map is a ring: an inner sea MID, a ring of N coastal provinces around
it, and a ring of N inland provinces outside those. Coastal province i borders
its two ring neighbours, the inland province behind it and the sea; inland
province i borders its two ring neighbours and the coast in front of it.

  ninepowers.toml  nine powers, two home centres each (one army, one fleet);
                   alliance victories of two (12 centres, 5 each) and three
                   (15, 4 each)
  monthly.toml     two powers, twelve monthly seasons with adjustments in
                   MAR, JUN, SEP and DEC (as Davis's 1885-III), first year 1885
  unitsvictory.toml two powers, victory with 4 units on the map
  capacity2.toml   one space holding two units: refused, named (not built yet)

Run: python3 tools/make_fixture_maps.py (the tests read the files, not this).
"""
import math
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "fixtures")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def code(prefix, i):
    return prefix + LETTERS[i // 26] + LETTERS[i % 26]


def ring(n):
    coast = [code("C", i) for i in range(n)]
    inland = [code("L", i) for i in range(n)]
    pos = {"MID": (0.0, 0.0)}
    for i in range(n):
        a = 2 * math.pi * i / n
        pos[coast[i]] = (100 * math.cos(a), 100 * math.sin(a))
        pos[inland[i]] = (200 * math.cos(a), 200 * math.sin(a))
    army, fleet = {}, {}
    for i in range(n):
        c, l = coast[i], inland[i]
        cn = [coast[(i - 1) % n], coast[(i + 1) % n]]
        ln = [inland[(i - 1) % n], inland[(i + 1) % n]]
        army[c] = sorted(set(cn + [l]))
        fleet[c] = sorted(set(cn + ["MID"]))
        army[l] = sorted(set(ln + [c]))
    fleet["MID"] = sorted(coast)
    return coast, inland, pos, army, fleet


def clockwise(p, neighbours, pos):
    # screen coordinates (y down): a growing angle turns clockwise
    x0, y0 = pos[p]
    return sorted(neighbours, key=lambda q: math.atan2(pos[q][1] - y0, pos[q][0] - x0))


def write(name, title, powers, n, centres, victory, calendar, extra_rules="", capacity=None, alliances=()):
    coast, inland, pos, army, fleet = ring(n)
    lines = [
        f"# Test fixture written by tools/make_fixture_maps.py: {title}.",
        "# A made-up ring map (see the tool); not a real variant.",
        f'name = "{name}"',
        f'title = "{title}"',
        f'start = "{calendar["start"]}"',
        "",
        "[victory]",
        f'kind = "{victory[0]}"',
        f"count = {victory[1]}",
        "",
    ]
    for (k, count, each) in alliances:
        lines += ["[[victory.alliance]]", f"powers = {k}", f"count = {count}", f"each = {each}", ""]
    lines += [
        "[calendar]",
        f'first_year = {calendar["first_year"]}',
        "seasons = [",
    ]
    for s in calendar["seasons"]:
        ph = ", ".join(f'"{k}"' for k in s[2])
        lines.append(f'  {{ code = "{s[0]}", name = "{s[1]}", phases = [{ph}] }},')
    lines.append("]")
    lines.append("ownership_after = [" + ", ".join(f'"{s}"' for s in calendar["ownership"]) + "]")
    lines.append("")
    lines.append("[rules]")
    lines.append('retreat_default = "disband"')
    if extra_rules:
        lines.append(extra_rules)
    lines.append("")
    for (pname, adj, letter, home, units) in powers:
        lines += [
            "[[power]]",
            f'name = "{pname}"',
            f'adjective = "{adj}"',
            f'letter = "{letter}"',
            "home = [" + ", ".join(f'"{h}"' for h in home) + "]",
            "units = [" + ", ".join(f'"{u}"' for u in units) + "]",
            "",
        ]
    def prov(p, kind, name):
        out = ["[[province]]", f'id = "{p}"', f'name = "{name}"', f'kind = "{kind}"']
        if p in centres:
            out.append("center = true")
        if p in army:
            out.append("army = [" + ", ".join(f'"{q}"' for q in army[p]) + "]")
        if p in fleet:
            out.append("fleet = [" + ", ".join(f'"{q}"' for q in fleet[p]) + "]")
        nb = sorted(set(army.get(p, [])) | set(fleet.get(p, [])))
        out.append("clockwise = [" + ", ".join(f'"{q}"' for q in clockwise(p, nb, pos)) + "]")
        out.append(f"pos = [{round(pos[p][0] + 300)}, {round(pos[p][1] + 300)}]")
        if capacity and p in capacity:
            out.append(f"capacity = {capacity[p]}")
        out.append("")
        return out
    lines += prov("MID", "sea", "Middle Sea")
    for i in range(n):
        lines += prov(coast[i], "coast", f"Coast {i}")
        lines += prov(inland[i], "land", f"Inland {i}")
    with open(os.path.join(OUT, f"{name}.toml"), "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")


STANDARD = {
    "start": "S1901M",
    "first_year": 1901,
    "seasons": [("S", "Spring", "MR"), ("F", "Fall", "MR"), ("W", "Winter", "A")],
    "ownership": ["F"],
}
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
MONTHLY = {
    "start": "JAN1885M",
    "first_year": 1885,
    "seasons": [(m, NAMES[i], "MRA" if m in ("MAR", "JUN", "SEP", "DEC") else "MR") for i, m in enumerate(MONTHS)],
    "ownership": ["MAR", "JUN", "SEP", "DEC"],
}


def two_powers(n):
    # power 0 at the ring's start, power 1 opposite
    return [
        ("NORTH", "Northern", "N", [code("C", 0), code("L", 0)], [f"F {code('C', 0)}", f"A {code('L', 0)}"]),
        ("SOUTH", "Southern", "S", [code("C", n // 2), code("L", n // 2)], [f"F {code('C', n // 2)}", f"A {code('L', n // 2)}"]),
    ]


def main():
    os.makedirs(OUT, exist_ok=True)
    # nine powers on a ring of 27: each power owns coast and inland i = 3k
    names = ["ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO", "FOXTROT", "GOLF", "HOTEL", "INDIA"]
    powers = []
    centres = set()
    for k, nm in enumerate(names):
        i = 3 * k
        c, l = code("C", i), code("L", i)
        powers.append((nm, nm.capitalize() + "n", nm[0], [c, l], [f"F {c}", f"A {l}"]))
        centres |= {c, l}
    for k in range(9):  # one neutral centre between each pair of powers
        centres.add(code("L", 3 * k + 1))
    write("ninepowers", "Nine powers (test fixture)", powers, 27, centres, ("centers", 14), STANDARD, alliances=[(2, 12, 5), (3, 15, 4)])

    n = 8
    base = {code("C", 0), code("L", 0), code("C", 4), code("L", 4), code("L", 2), code("L", 6), code("C", 2), code("C", 6)}
    write("monthly", "A monthly calendar (test fixture)", two_powers(n), n, base, ("centers", 6), MONTHLY)
    write("unitsvictory", "A units victory (test fixture)", two_powers(n), n, base, ("units", 4), STANDARD)
    write("capacity2", "A space holding two units (test fixture)", two_powers(n), n, base, ("centers", 6), STANDARD, capacity={code("L", 2): 2})


if __name__ == "__main__":
    main()
