#!/usr/bin/env python3
"""Checks engine/tests/data/1885/cases.jsonl (the 1885-III position cases) against the
reconstructed map config/variants/1885.toml. It does not adjudicate: the
expectations come from docs/RULES1885.md. Run from the repository root:

    python3 tools/check_1885_cases.py [--review]

For every line: valid JSON with the fields of engine/tests/data/1885/README.md; ids
e85-001, e85-002, ... in order; names of the map (powers, provinces, phases of
its calendar; centres only where the map has a supply centre); units that may
stand where they are (armies on land or a coast, or `A <sea> ABOARD` beside a
fleet; fleets at sea or on a coast; one unit a space except fleets in the High
Ocean Box); sorted lists; result words of the contract; a result for every
written order, and in a movement phase a result line for every unit not on
board. For every order the case expects to succeed (`ok`), the border it uses
exists in the map: moves, Fast Ferries, embarkations, landings (from the A/F's
space or from its fleet's destination), supports, convoys, retreats and
retreat options. Every border a case uses (whatever its result) that the map
lists as [[uncertain]] is reported; a case that relies on one must say so in
its title (the word "guess"), or the check fails. A defaulted retreat in a
retreat phase is compared with the first open space of Just's right-hand rule
(the map's clockwise rings, as the engine reads them).

Cases relying on uncertain borders are always listed; --review also prints each
right-hand choice.
Exits 1 on any problem. Standard library only (Python 3.11+ for tomllib).
"""
import json
import re
import sys
import tomllib

MAP = "config/variants/1885.toml"
CASES = "engine/tests/data/1885/cases.jsonl"
RESULTS = {"ok", "bounce", "cut", "dislodged", "void", "no_convoy", "disrupted", "disband"}
FIELDS = ["id", "title", "rule", "section", "variant", "phase", "units", "centers", "retreats", "orders", "expect"]
OPTIONAL = {"dislodged_by", "owners"}
EXPECT = {"phase", "results", "units", "retreats", "centers", "next_phase"}
BOX = "HOB"

m = tomllib.load(open(MAP, "rb"))
PROV = {p["id"]: p for p in m["province"]}
POWERS = [p["name"] for p in m["power"]]
CENTRES = {k for k, p in PROV.items() if p.get("center")}
UNCERTAIN = {}
for u in m.get("uncertain", []):
    UNCERTAIN[frozenset((u["a"], u["b"]))] = (u["kinds"], u["reading"])
SEASONS = {s["code"]: s["phases"] for s in m["calendar"]["seasons"]}
SEASON_ORDER = [s["code"] for s in m["calendar"]["seasons"]]
UNIT = re.compile(r"([AF]) ([A-Z]{3})( ABOARD)?$")
POWER_RE = "|".join(POWERS)

problems = []
review = "--review" in sys.argv


def bad(cid, msg):
    problems.append(f"{cid}: {msg}")


def kind(p):
    return PROV[p]["kind"]


def army_adj(a, b):
    return b in PROV[a].get("army", [])


def fleet_adj(a, b):
    return b in PROV[a].get("fleet", [])


class Uses:
    """Borders a case uses, to report the uncertain ones."""

    def __init__(self):
        self.pairs = set()

    def add(self, a, b, k):
        if a in PROV and b in PROV and a != b:
            self.pairs.add((frozenset((a, b)), k))

    def uncertain(self):
        out = []
        for pair, k in sorted(self.pairs, key=lambda x: (sorted(x[0]), x[1])):
            u = UNCERTAIN.get(pair)
            if u and (u[0] == "both" or u[0] == k):
                a, b = sorted(pair)
                out.append(f"{a}-{b} ({k}, guessed {u[1]})")
        return out


def parse_phase(s):
    mm = re.fullmatch(r"([A-Z]{3})(\d{4})([MRA])", s or "")
    if not mm or mm.group(1) not in SEASONS or mm.group(3) not in SEASONS[mm.group(1)]:
        return None
    return mm.group(1), int(mm.group(2)), mm.group(3)


def check_units(cid, where, units):
    """Unit lists: names, placement, sorting, one unit a space."""
    if not isinstance(units, dict):
        return bad(cid, f"{where}: not an object")
    seen = {}
    carried = {}
    fleets_at = {}
    for p, lst in units.items():
        if p not in POWERS:
            bad(cid, f"{where}: unknown power {p}")
            continue
        if lst != sorted(lst):
            bad(cid, f"{where}: {p} list not sorted")
        for s in lst:
            mm = UNIT.match(s)
            if not mm or mm.group(2) not in PROV:
                bad(cid, f"{where}: bad unit {s!r}")
                continue
            t, loc, aboard = mm.group(1), mm.group(2), bool(mm.group(3))
            k = kind(loc)
            if aboard:
                if t != "A" or k != "sea":
                    bad(cid, f"{where}: {s} (only an army, at sea, is on board)")
                if loc in carried:
                    bad(cid, f"{where}: two armies on board in {loc}")
                carried[loc] = p
                continue
            if t == "A" and k == "sea":
                bad(cid, f"{where}: army at sea {s}")
            if t == "F" and k == "land":
                bad(cid, f"{where}: fleet inland {s}")
            if t == "F":
                fleets_at.setdefault(loc, []).append(p)
            if loc in seen and not (loc == BOX and t == "F" and seen[loc] == "F"):
                bad(cid, f"{where}: two units in {loc}")
            seen[loc] = t
    for loc in carried:
        if loc not in fleets_at:
            bad(cid, f"{where}: army on board in {loc} without a fleet")
        elif loc == BOX and len(fleets_at[loc]) > 1 and carried[loc] not in fleets_at[loc]:
            bad(cid, f"{where}: army on board in the Box: which fleet carries it?")
    return seen, carried, fleets_at


def check_centres(cid, where, centres):
    allc = []
    for p, lst in centres.items():
        if p not in POWERS:
            bad(cid, f"{where}: unknown power {p}")
        if lst != sorted(lst):
            bad(cid, f"{where}: {p} list not sorted")
        for c in lst:
            if c not in CENTRES:
                bad(cid, f"{where}: {c} is no supply centre")
            allc.append(c)
    if len(allc) != len(set(allc)):
        bad(cid, f"{where}: a centre owned twice")


def unit_list(units):
    out = []
    for p, lst in units.items():
        for s in lst:
            mm = UNIT.match(s)
            if mm:
                out.append((p, mm.group(1), mm.group(2), bool(mm.group(3))))
    return out


def has_unit(units, p, t, loc, aboard=False):
    return any(u == (p, t, loc, aboard) for u in unit_list(units))


def retreat_option_ok(t, at, opt, aboard_key, own_fleet_seas):
    """May a dislodged unit of type t in `at` retreat to `opt` on this map?"""
    if t == "F" or aboard_key:
        return fleet_adj(at, opt)
    if army_adj(at, opt):
        return True
    # an army onto its own fleet in an adjacent sea (E12)
    return kind(opt) == "sea" and fleet_adj(opt, at) and opt in own_fleet_seas


def preference(at, frm):
    """Just's right-hand rule as the engine orders the neighbours."""
    cw = PROV[at].get("clockwise", [])
    n = len(cw)
    if frm not in cw or n == 0:
        return None
    i = cw.index(frm)
    right, left = (i + 1) % n, (i + n - 1) % n
    out = []
    for k in range(n):
        for p in (cw[(right + k) % n], cw[(left + n - k) % n]):
            if p != frm and p not in out:
                out.append(p)
    return out


def main():
    lines = [l for l in open(CASES, encoding="utf-8").read().split("\n") if l.strip()]
    for n, line in enumerate(lines, 1):
        try:
            c = json.loads(line)
        except json.JSONDecodeError as e:
            bad(f"line {n}", f"invalid JSON: {e}")
            continue
        cid = c.get("id", f"line {n}")
        check_case(n, cid, c)
    for p in problems:
        print("PROBLEM", p)
    print(f"{len(lines)} cases, {len(problems)} problems")
    return 1 if problems else 0


def check_case(n, cid, c):
    for f in FIELDS:
        if f not in c:
            bad(cid, f"missing field {f}")
    extra = set(c) - set(FIELDS) - OPTIONAL
    if extra:
        bad(cid, f"unknown fields {sorted(extra)}")
    if c.get("id") != f"e85-{n:03d}":
        bad(cid, f"id should be e85-{n:03d}")
    if c.get("variant") != "1885":
        bad(cid, "variant is not 1885")
    if not re.fullmatch(r"E\d+", str(c.get("rule", ""))):
        bad(cid, f"rule {c.get('rule')!r} is not an E-number")
    for f in ("title", "section"):
        if not isinstance(c.get(f), str) or not c.get(f):
            bad(cid, f"empty {f}")
    ph = parse_phase(c.get("phase"))
    if not ph:
        return bad(cid, f"bad phase {c.get('phase')!r}")
    exp = c.get("expect", {})
    if not isinstance(exp, dict):
        return bad(cid, "expect is not an object")
    missing = EXPECT - set(exp)
    if missing:
        bad(cid, f"expect lacks {sorted(missing)}")
    if set(exp) - EXPECT - {"winner", "owners"}:
        bad(cid, f"expect has unknown fields {sorted(set(exp) - EXPECT - {'winner', 'owners'})}")
    if exp.get("phase") != c["phase"]:
        bad(cid, "expect.phase differs from phase")
    nxt = exp.get("next_phase")
    if nxt is None:
        if exp.get("winner") not in POWERS:
            bad(cid, "next_phase null without a winner")
    elif not parse_phase(nxt):
        bad(cid, f"bad next_phase {nxt!r}")
    elif parse_phase(nxt) and not later(ph, parse_phase(nxt)):
        bad(cid, f"next_phase {nxt} does not follow {c['phase']}")
    for key in ("owners",):
        for where in (c.get(key), exp.get(key)):
            if where is not None:
                for prov, pw in where.items():
                    if prov != "SIC" or pw not in POWERS:
                        bad(cid, f"owners: {prov} -> {pw} (only Sicily's owner is tracked)")

    units = c.get("units", {})
    r0 = check_units(cid, "units", units)
    eunits = exp.get("units", {})
    check_units(cid, "expect.units", eunits)
    check_centres(cid, "centers", c.get("centers", {}))
    check_centres(cid, "expect.centers", exp.get("centers", {}))
    uses = Uses()

    # retreats (input, R phase) and expected retreats (after M)
    def check_retreats(where, rts, board):
        if not isinstance(rts, dict):
            return bad(cid, f"{where}: not an object")
        for p, mp in rts.items():
            if p not in POWERS:
                bad(cid, f"{where}: unknown power {p}")
            for key, opts in mp.items():
                mm = UNIT.match(key)
                if not mm or mm.group(2) not in PROV:
                    bad(cid, f"{where}: bad key {key!r}")
                    continue
                if opts != sorted(opts):
                    bad(cid, f"{where}: options of {key} not sorted")
                t, at, ab = mm.group(1), mm.group(2), bool(mm.group(3))
                if ab and mp.get(f"F {at}") is None and not any(f"F {at}" in m2 for m2 in rts.values()):
                    bad(cid, f"{where}: {key} without its dislodged fleet")
                if ab:
                    fl = [m2[f"F {at}"] for m2 in rts.values() if f"F {at}" in m2]
                    if fl and fl[0] != opts:
                        bad(cid, f"{where}: {key} options differ from its fleet's")
                own_seas = {loc for (pp, tt, loc, abd) in unit_list(board) if pp == p and tt == "F" and not abd
                            and not has_unit(board, p, "A", loc, True) and not any(
                                loc == l2 and abd2 for (_, _, l2, abd2) in unit_list(board))}
                for o in opts:
                    if o not in PROV:
                        bad(cid, f"{where}: unknown province {o}")
                        continue
                    if not retreat_option_ok(t, at, o, ab, own_seas):
                        bad(cid, f"{where}: {key} cannot retreat to {o}")
                    occupied = any(l2 == o and not abd for (_, _, l2, abd) in unit_list(board))
                    if occupied and not (t == "A" and not ab and kind(o) == "sea"):
                        bad(cid, f"{where}: {key} option {o} is occupied")
                    uses.add(at, o, "fleet" if (t == "F" or ab or kind(o) == "sea") else "army")

    check_retreats("retreats", c.get("retreats", {}), units)
    check_retreats("expect.retreats", exp.get("retreats", {}), eunits)
    if ph[2] != "R" and c.get("retreats"):
        bad(cid, "retreats given outside a retreat phase")
    if ph[2] != "M" and exp.get("retreats"):
        bad(cid, "expected retreats after a phase that is not a movement")

    # results: words, one line per written order
    orders = c.get("orders", {})
    results = exp.get("results", {})
    for p, rows in results.items():
        if p not in POWERS:
            bad(cid, f"results: unknown power {p}")
        for r in rows:
            if set(r) - {"order", "result"} or r.get("result") not in RESULTS:
                bad(cid, f"results: bad row {r}")
    for p, os_ in orders.items():
        if p not in POWERS:
            bad(cid, f"orders: unknown power {p}")
        got = [r["order"] for r in results.get(p, [])]
        for o in os_:
            if o in got:
                got.remove(o)
            else:
                bad(cid, f"no result for {p} {o!r}")
    if ph[2] == "M":
        for (p, t, loc, ab) in unit_list(units):
            if ab:
                if any(r["order"] == f"A {loc} H" for r in results.get(p, [])):
                    bad(cid, f"a default line for the army on board in {loc}")
                continue
            if not any(r["order"].startswith(f"{t} {loc} ") for r in results.get(p, [])):
                bad(cid, f"no result line for {p} {t} {loc}")

    # every order: names, the borders it uses, and for `ok` ones that they exist
    res_of = {}
    for p, rows in results.items():
        for r in rows:
            res_of.setdefault((p, r["order"]), []).append(r["result"])
    all_orders = [(p, r["order"], r["result"]) for p, rows in results.items() for r in rows]
    fleet_dest = {}
    for p, o, res in all_orders:
        mm = re.fullmatch(r"F ([A-Z]{3}) - ([A-Z]{3})", o)
        if mm:
            fleet_dest[mm.group(1)] = (mm.group(2), res)
    convoys = {}
    for p, o, res in all_orders:
        mm = re.fullmatch(r"F ([A-Z]{3}) C A ([A-Z]{3}) - ([A-Z]{3})", o)
        if mm:
            convoys.setdefault((mm.group(2), mm.group(3)), []).append(mm.group(1))
    for p, o, res in all_orders:
        check_order(cid, ph, p, o, res, units, c, uses, fleet_dest, convoys)

    # right-hand rule: defaulted retreats go to the first open space
    if ph[2] == "R":
        rts = c.get("retreats", {})
        by = c.get("dislodged_by", {})
        written = {(p, o.split(" ")[0] + " " + o.split(" ")[1]) for p, os_ in orders.items() for o in os_
                   if re.fullmatch(r"[AF] [A-Z]{3} R [A-Z]{3}", o)}
        for p, mp in rts.items():
            for key, opts in mp.items():
                if key.endswith("ABOARD") or (p, key) in written:
                    continue
                rows = [r for r in results.get(p, []) if r["order"].startswith(key + " R ") and r["result"] == "ok"]
                if not rows:
                    continue
                frm = by.get(p, {}).get(key)
                if not frm:
                    bad(cid, f"{key}: defaulted retreat without dislodged_by")
                    continue
                pref = preference(key.split()[1], frm)
                first = next((x for x in pref if x in opts), None) if pref else None
                dest = rows[0]["order"].split()[-1]
                if review:
                    print(f"  {cid} right-hand {key} from {frm}: ring {pref}, options {opts} -> {first}")
                if first != dest:
                    bad(cid, f"{key}: right-hand rule gives {first}, the case says {dest}")

    unc = uses.uncertain()
    if unc and "guess" not in c.get("title", "").lower():
        bad(cid, "relies on uncertain borders without saying so in its title: " + ", ".join(unc))
    if unc:
        print(f"{cid} relies on uncertain borders: {', '.join(unc)}")


def later(a, b):
    ia = (a[1], SEASON_ORDER.index(a[0]), "MRA".index(a[2]))
    ib = (b[1], SEASON_ORDER.index(b[0]), "MRA".index(b[2]))
    return ib > ia


def check_order(cid, ph, p, o, res, units, c, uses, fleet_dest, convoys):
    kindp = ph[2]

    def need(cond, what):
        if res == "ok" and not cond:
            bad(cid, f"{p} {o!r} is ok but {what}")

    def exists(t, loc, aboard=False, pw=p):
        return has_unit(units, pw, t, loc, aboard)

    if o == "WAIVE":
        return
    if kindp == "A":
        mm = re.fullmatch(r"([AF]) ([A-Z]{3}) ([BD])", o)
        if not mm or mm.group(2) not in PROV:
            return bad(cid, f"bad adjustment order {o!r}")
        t, loc, b = mm.groups()
        if b == "D":
            need(exists(t, loc), "no such unit")
        else:
            need(not any(l2 == loc for (_, _, l2, _) in unit_list(units)), "the site is occupied")
            need(not (t == "A" and kind(loc) == "sea") and not (t == "F" and kind(loc) == "land"), "wrong unit type for the site")
        return
    if kindp == "R":
        mm = re.fullmatch(r"([AF]) ([A-Z]{3}) (?:R ([A-Z]{3})|D)", o)
        if not mm:
            return bad(cid, f"bad retreat order {o!r}")
        t, at, to = mm.groups()
        key = f"{t} {at}"
        opts = c.get("retreats", {}).get(p, {}).get(key)
        if opts is None:
            return bad(cid, f"{o!r}: {key} is not dislodged")
        if to:
            uses.add(at, to, "fleet" if (t == "F" or kind(to) == "sea") else "army")
            need(to in opts, "not among the retreat options")
        return
    # movement phase
    mm = re.fullmatch(r"([AF]) ([A-Z]{3}) (.*)", o)
    if not mm or mm.group(2) not in PROV:
        return bad(cid, f"bad order {o!r}")
    t, at, rest = mm.groups()
    aboard = t == "A" and kind(at) == "sea"
    if not exists(t, at, aboard):
        bad(cid, f"{o!r}: no such {p} unit")
    if rest == "H":
        return
    # embarkation, with an optional landing: A LON - ENG B [POWER] [- POR]
    mm = re.fullmatch(rf"- ([A-Z]{{3}}) B(?: ({POWER_RE}))?(?: - ([A-Z]{{3}}))?", rest)
    if mm:
        sea, pw, land = mm.groups()
        if sea not in PROV or (land and land not in PROV):
            return bad(cid, f"{o!r}: unknown province")
        uses.add(at, sea, "fleet")
        need(kind(sea) == "sea" and fleet_adj(sea, at), f"{at} does not touch {sea}")
        need(any(pp == (pw or p) and tt == "F" and l2 == sea and not ab for (pp, tt, l2, ab) in unit_list(units)),
             f"no {pw or p} fleet in {sea}")
        if land:
            d = fleet_dest.get(sea)
            frm = d[0] if d and d[1] == "ok" and not fleet_adj(sea, land) else sea
            uses.add(frm, land, "fleet")
            if frm != sea:
                uses.add(sea, frm, "fleet")
            need(fleet_adj(frm, land), f"{land} touches neither {sea} nor its fleet's destination")
        return
    # a fleet taking on a foreign army: F ENG B ENGLAND
    mm = re.fullmatch(rf"B ({POWER_RE})", rest)
    if mm:
        need(t == "F" and kind(at) == "sea", "only a fleet at sea takes an army on")
        return
    mm = re.fullmatch(r"- ([A-Z]{3})", rest)
    if mm:
        to = mm.group(1)
        if to not in PROV:
            return bad(cid, f"{o!r}: unknown province {to}")
        if t == "F":
            uses.add(at, to, "fleet")
            need(fleet_adj(at, to), f"{at}-{to} is no fleet border")
            need(not (has_unit(units, p, "A", at, True) and kind(to) != "sea") , "an A/F never enters a coast")
        elif aboard:
            d = fleet_dest.get(at)
            if fleet_adj(at, to):
                uses.add(at, to, "fleet")
            elif d:
                uses.add(d[0], to, "fleet")
                need(d[1] == "ok" and fleet_adj(d[0], to), f"{to} touches neither {at} nor the fleet's destination")
            else:
                need(False, f"{at} does not touch {to}")
        else:
            via = [s for s in convoys.get((at, to), [])]
            if army_adj(at, to) and not via:
                uses.add(at, to, "army")
            else:
                for s in via:
                    uses.add(at, s, "fleet")
                    uses.add(s, to, "fleet")
                need(army_adj(at, to) or (len(via) == 1 and fleet_adj(via[0], at) and fleet_adj(via[0], to)),
                     f"{at}-{to}: no army border and no one-fleet ferry")
        return
    mm = re.fullmatch(r"S ([AF]) ([A-Z]{3})(?: - ([A-Z]{3}))?", rest)
    if mm:
        st, sat, sto = mm.groups()
        if sat not in PROV or (sto and sto not in PROV):
            return bad(cid, f"{o!r}: unknown province")
        target = sto or sat
        if t == "F":
            uses.add(at, target, "fleet")
            need(fleet_adj(at, target), f"{at} cannot reach {target}")
        else:
            uses.add(at, target, "army")
            need(army_adj(at, target), f"{at} cannot reach {target}")
        if at == BOX or target == BOX:
            need(at == BOX and sat == BOX and sto and kind(sto) == "sea" or
                 (sat == BOX and sto and fleet_adj(at, BOX)), "a support from or into the Box that E16 does not allow")
        return
    mm = re.fullmatch(r"C A ([A-Z]{3}) - ([A-Z]{3})", rest)
    if mm:
        a, b = mm.groups()
        uses.add(at, a, "fleet")
        uses.add(at, b, "fleet")
        need(t == "F" and kind(at) == "sea" and fleet_adj(at, a) and fleet_adj(at, b), "the fleet's sea does not touch both ends")
        need(not has_unit(units, p, "A", at, True), "a carrying fleet may not convoy")
        return
    bad(cid, f"unknown order form {o!r}")


if __name__ == "__main__":
    sys.exit(main())
