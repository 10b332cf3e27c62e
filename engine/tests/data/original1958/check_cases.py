#!/usr/bin/env python3
"""Checks engine/tests/data/original1958/cases.jsonl for form and for the map facts
it relies on (it does not adjudicate). Run from the repository root:

    python3 engine/tests/data/original1958/check_cases.py [--review]

For every case: the fields the README describes; names that exist on the
1958 map; units that may stand where they are (an army on land or a coast,
a fleet at sea or on a coast with the right coast); spaces holding more than
one unit only as the 1958 rules allow (a power's own stack in its capital or
naval base, a carrying pair); orders whose unit exists; result words of the
contract; one result per written order; sorted lists; moves, supports and
retreat options that use a border of the map, and none of the borders the
map file lists as [[uncertain]]. --review prints, for every dislodged unit,
the free neighbours that are not among its retreat options, for a human to
confirm (attacker's origin or a stand-off). Exits 1 on any problem.
Standard library only (Python 3.11+ for tomllib).
"""
import json
import re
import sys
import tomllib
from collections import Counter

MAP = "config/variants/original1958.toml"
CASES = "engine/tests/data/original1958/cases.jsonl"
RESULTS = {"ok", "bounce", "cut", "dislodged", "void", "no_convoy", "disrupted", "disband"}

m = tomllib.load(open(MAP, "rb"))
PROV = {p["id"]: p for p in m["province"]}
POWERS = {p["name"]: p for p in m["power"]}
UNCERTAIN = {frozenset((u["a"], u["b"])): u["kinds"] for u in m.get("uncertain", [])}
# Borders the rules text itself settles, whatever the map's doubt: rule 13 says
# Constantinople and Ankara share no land border (the doubt left is the fleet move).
SETTLED = {(frozenset(("CON", "ANK")), "army")}
CENTRES = {k for k, p in PROV.items() if p.get("center")}
problems = []


def bad(cid, msg):
    problems.append(f"{cid}: {msg}")


def fleet_locs(prov):
    p = PROV[prov]
    if "coast" in p:
        return {f"{prov}/{c}" for c in p["coast"]}
    return {prov} if p["kind"] in ("sea", "coast") else set()


def fleet_nb(loc):
    prov, _, c = loc.partition("/")
    p = PROV[prov]
    return p["coast"][c] if c else p.get("fleet", [])


def army_nb(prov):
    return PROV[prov].get("army", [])


def uncertain(a, b, kind):
    pair = frozenset((a.split("/")[0], b.split("/")[0]))
    if (pair, kind) in SETTLED:
        return False
    k = UNCERTAIN.get(pair)
    return k is not None and k in (kind, "both")


def parse_unit(s):
    mm = re.fullmatch(r"([AF]) ([A-Z]{3}(?:/[NSEW]C)?)( ABOARD)?", s)
    if not mm:
        return None
    return mm.group(1), mm.group(2), bool(mm.group(3))


def unit_ok(cid, power, s):
    u = parse_unit(s)
    if not u:
        return bad(cid, f"bad unit {s!r}")
    t, loc, aboard = u
    prov = loc.split("/")[0]
    if prov not in PROV:
        return bad(cid, f"unknown province in {s!r}")
    if t == "A" and ("/" in loc or PROV[prov]["kind"] == "sea" and not aboard):
        return bad(cid, f"army cannot stand at {loc}")
    if t == "A" and aboard and PROV[prov]["kind"] == "land":
        return bad(cid, f"army on board inland at {loc}")
    if t == "F" and loc not in fleet_locs(prov):
        return bad(cid, f"fleet cannot stand at {loc}")
    if aboard and t != "A":
        bad(cid, f"only armies are on board: {s}")


def stacks_ok(cid, units, where):
    by = {}
    for power, lst in units.items():
        for s in lst:
            u = parse_unit(s)
            if u:
                by.setdefault(u[1].split("/")[0], []).append((power, u))
    for prov, us in by.items():
        aboard = [x for x in us if x[1][2]]
        fleets = [x for x in us if x[1][0] == "F"]
        if len(aboard) > 1:
            bad(cid, f"{where}: two armies on board in {prov}")
        if aboard and not fleets:
            bad(cid, f"{where}: army on board in {prov} without a fleet")
        free = [x for x in us if not x[1][2]]
        if len(free) <= 1:
            continue
        owners = {p for p, _ in free}
        if len(owners) > 1:
            bad(cid, f"{where}: units of several powers in {prov}")
            continue
        pw = POWERS[owners.pop()]
        if prov != pw["capital"] and prov not in {b.split("/")[0] for b in pw["naval_bases"]}:
            # a designated capital (rule 5) is the only other stacking place; not used by the cases
            bad(cid, f"{where}: stack outside {pw['name']}'s capital and naval bases in {prov}")


def check():
    seen = set()
    for n, line in enumerate(open(CASES), 1):
        c = json.loads(line)
        cid = c.get("id", f"line {n}")
        for k in ("id", "title", "rule", "section", "variant", "phase", "units", "centers", "retreats", "orders", "expect"):
            if k not in c:
                bad(cid, f"missing {k}")
        if cid in seen:
            bad(cid, "duplicate id")
        seen.add(cid)
        if c["variant"] != "original1958":
            bad(cid, "variant")
        if not re.fullmatch(r"\d+(\.\d+)?|open: see ORIGINAL1958\.md §D\d+", c["rule"]):
            bad(cid, f"rule field {c['rule']!r}")
        ph = c["phase"]
        if not re.fullmatch(r"[SFW]\d{4}[MRA]", ph):
            bad(cid, "phase")
        e = c["expect"]
        for k in ("phase", "results", "units", "retreats", "centers", "next_phase"):
            if k not in e:
                bad(cid, f"expect lacks {k}")
        if e["next_phase"] is None and "winner" not in e:
            bad(cid, "next_phase null without winner")
        for where, units in (("units", c["units"]), ("expect.units", e["units"])):
            for p, lst in units.items():
                if p not in POWERS:
                    bad(cid, f"unknown power {p}")
                if lst != sorted(lst):
                    bad(cid, f"{where} of {p} not sorted")
                for s in lst:
                    unit_ok(cid, p, s)
            stacks_ok(cid, units, where)
        for where, cs in (("centers", c["centers"]), ("expect.centers", e["centers"])):
            owned = Counter()
            for p, lst in cs.items():
                if lst != sorted(lst):
                    bad(cid, f"{where} of {p} not sorted")
                for x in lst:
                    if x not in CENTRES:
                        bad(cid, f"{where}: {x} is no centre")
                    owned[x] += 1
            for x, k in owned.items():
                if k > 1:
                    bad(cid, f"{where}: {x} owned twice")
        for where, rets in (("retreats", c["retreats"]), ("expect.retreats", e["retreats"])):
            for p, d in rets.items():
                for key, opts in d.items():
                    mm = re.fullmatch(r"(.*?)( x\d+)?", key)
                    unit_ok(cid, p, mm.group(1))
                    if opts != sorted(opts):
                        bad(cid, f"{where} options of {key} not sorted")
                    u = parse_unit(mm.group(1))
                    if not u:
                        continue
                    t, loc, aboard = u
                    kind = "fleet" if (t == "F" or aboard) else "army"
                    for o in opts:
                        if kind == "army" and o not in army_nb(loc):
                            bad(cid, f"{where}: {key} cannot retreat to {o}")
                        if kind == "fleet":
                            fl = loc
                            if aboard:
                                fl = next((x for x in d if x.startswith("F " + loc.split("/")[0])), "F " + loc)[2:].split(" ")[0]
                            if o not in fleet_nb(fl):
                                bad(cid, f"{where}: {key} cannot retreat to {o}")
                        if uncertain(loc, o, kind):
                            bad(cid, f"{where}: {key} -> {o} is an uncertain border")
        # orders
        if ph.endswith("M"):
            for p, lst in c["orders"].items():
                for o in lst:
                    check_move_order(cid, o)
        res = e["results"]
        for p, lst in res.items():
            for r in lst:
                if r["result"] not in RESULTS:
                    bad(cid, f"result word {r['result']}")
        for p, lst in c["orders"].items():
            got = Counter(r["order"] for r in res.get(p, []))
            for o, k in Counter(lst).items():
                if got[o] < k:
                    bad(cid, f"no result for {p} {o}")
    return problems


def check_move_order(cid, o):
    toks = o.split()
    if len(toks) < 3:
        return
    t, src = toks[0], toks[1]
    kind = "army" if t == "A" else "fleet"
    rest = toks[2:]
    pairs = []
    if rest[0] == "-":
        pairs.append((src, rest[1], kind))
    elif rest[0] == "S" and len(rest) >= 3:
        tgt = rest[4] if len(rest) >= 5 and rest[3] == "-" else rest[2]
        pairs.append((src, tgt, kind))
        if len(rest) >= 5 and rest[3] == "-":
            pairs.append((rest[2], rest[4], "army" if rest[1] == "A" else "fleet"))
    for a, b, k in pairs:
        if uncertain(a, b, k):
            bad(cid, f"order {o!r} uses the uncertain border {a}-{b}")


def review():
    for line in open(CASES):
        c = json.loads(line)
        e = c["expect"]
        occ = {parse_unit(s)[1].split("/")[0] for lst in e["units"].values() for s in lst}
        for p, d in e["retreats"].items():
            for key, opts in d.items():
                t, loc, aboard = parse_unit(key.split(" x")[0])
                prov = loc.split("/")[0]
                if t == "A" and not aboard:
                    nb = army_nb(prov)
                else:
                    fl = loc if t == "F" else next(k for k in d if k.startswith("F " + prov)).split()[1]
                    nb = [x.split("/")[0] for x in fleet_nb(fl)]
                free = [x for x in nb if x not in occ and x not in opts]
                print(f"{c['id']}: {p} {key}: options {opts}; free but excluded {free}")


if __name__ == "__main__":
    if "--review" in sys.argv:
        review()
    errs = check()
    for e in errs:
        print(e)
    n = sum(1 for _ in open(CASES))
    print(f"{n} cases, {len(errs)} problems")
    sys.exit(1 if errs else 0)
