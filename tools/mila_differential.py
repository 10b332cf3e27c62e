#!/usr/bin/env python3
"""Differential check: seeded random games on MILA's maps, every phase adjudicated twice.

For each map, games are played with the MILA `diplomacy` package (1.1.2) from the map's
start, with random but mostly legal orders of every kind (holds, moves, convoyed moves,
supports, convoys, retreats, disbands, builds, removals, waives, and a few illegal orders).
Before MILA processes a phase, the same position and orders go to
`mailjudge adjudicate --jsonl --variant MAP` as a case; MILA's outcome (order results,
dislodged units and their retreats, next position, centres, next phase) is compared with
mailjudge's.

MILA's known departures from the DATC (../shared/notes/MILA.md) are corrected or excluded:
  1. retreats after a convoyed attack: corrected (MILA's retreat list is filtered by the
     usual rules before the retreat phase, see `correct_convoy_retreats`);
  2. an explicit VIA move without a convoy route: phase excluded;
  3. a support naming a coast the supported fleet does not move to: phase excluded;
  4. civil-disorder removals: avoided (every power orders all its removals);
  5-7. a power's support for an attack on its own unit, when the attack is convoyed (5),
     a head-to-head (6) or against a convoying fleet (7): phase excluded;
  8. (found here) a convoyed army's attack on a unit supporting a convoying fleet: MILA
     never cuts that support (`Game._cut_support`, its exception C), the rules' exception
     covers only a support of an attack on a fleet of the route: phase excluded
     (docs/MILA-DIFFERENTIAL.md);
  9. (found here) MILA's convoy-paradox walk (`Game._detect_paradox`) follows supports
     past the unit at the army's destination and disrupts a convoy whose fleet a unit
     further down supports: phase excluded (docs/MILA-DIFFERENTIAL.md);
  10. (found here) MILA's convoy paths take a fleet in a port (DPjudge's PORT, ancmed's
     Baleares) as the first link of a chain only, and as a link carrying an army into
     its own port; DPjudge and mailjudge as any link but that one: phase excluded where
     the readings give a convoyed move different chains (docs/RULES.md, "Ports").

Usage: mila_differential.py --mailjudge BIN [--maps a,b=ours:N] [--phases N] [--seed S]
                            [--years Y] [--jobs J] [--show N] [--json FILE]
Exit 0 when every compared phase agrees, 1 when one differs, 2 on a setup error.
"""
import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib

import diplomacy
from diplomacy import Game

MAPS = [
    "standard", "ancmed", "modern", "pure", "world", "empire", "colonial", "known_world_901",
    "standard_fleet_rome=fleetrome", "standard_france_austria", "standard_germany_italy",
    "standard_age_of_empires", "standard_age_of_empires_2", "ancmed_age_of_empires",
]


# ---------------------------------------------------------------- departure 1, corrected

_resolve_moves = Game._resolve_moves
_move_results = Game._move_results
_CONVOYED = {}  # id(game) -> {dislodged unit: its attacker's origin} (Game has __slots__)


def _resolve_and_note_convoyed_attacks(self):
    """MILA's resolution, then the units dislodged by a convoyed army are noted."""
    _resolve_moves(self)
    _CONVOYED[id(self)] = {
        unit: site for unit, site in self.dislodged.items()
        if self._is_moving_via_convoy(self._occupant(site))
    }


def correct_convoy_retreats(self):
    """MILA's move results, then departure 1 undone: a unit dislodged by a convoyed army
    keeps only the retreats the usual rules allow: no contested or occupied province (the
    convoyed attacker's origin stays open, DATC 6.H.11); one left with none is destroyed."""
    out = _move_results(self)
    occupied = {u[2:5] for p in self.powers.values() for u in p.units}
    convoyed = _CONVOYED.pop(id(self), {})
    for power in self.powers.values():
        for unit in convoyed:
            if unit not in power.retreats:
                continue
            keep = [a for a in power.retreats[unit]
                    if not self.combat.get(a[:3]) and a[:3] not in occupied]
            if keep:
                power.retreats[unit] = keep
            else:
                del power.retreats[unit]
                self.popped.append(unit)
    return out


Game._resolve_moves = _resolve_and_note_convoyed_attacks
Game._move_results = correct_convoy_retreats


# ---------------------------------------------------------------- random orders

def kind(order):
    words = order.split()
    if len(words) < 3:
        return "?"
    return {"H": "H", "-": "M", "S": "S", "C": "C", "R": "R", "D": "D", "B": "B"}.get(words[2], "?")


def move_dest(order):
    """'A PAR - BUR' / 'A LON - BEL VIA' -> 'BUR' / 'BEL' (with its coast)."""
    words = order.split()
    return words[-2] if words[-1] == "VIA" else words[-1]


def supported_part(order):
    """'A MAR S A PAR - BUR' -> ('A PAR', 'BUR'); 'A MUN S A BUR' -> ('A BUR', None)."""
    words = order.split()
    target = " ".join(words[3:5])
    return target, (words[6] if len(words) > 6 else None)


def movement_orders(game, rng):
    possible = game.get_all_possible_orders()
    provinces = [loc.upper() for loc in game.map.locs if len(loc) == 3]
    chosen = {}  # unit -> order
    owner = {}
    deferred = []
    for power in game.powers.values():
        if power.name in game.map.dummies:
            continue  # a DUMMY power (no player) gives no orders: its units hold
        for unit in power.units:
            owner[unit] = power.name
            options = possible.get(unit[2:], [])
            if not options or rng.random() < 0.03:
                # an illegal order now and then: a move to a province picked anywhere
                chosen[unit] = f"{unit} - {rng.choice(provinces)}"
                continue
            by = {}
            for o in options:
                by.setdefault(kind(o), []).append(o)
            want = rng.choices(["H", "M", "S", "C"], [0.12, 0.5, 0.28, 0.1])[0]
            if want in ("S", "C") and by.get(want):
                deferred.append((unit, want, by[want]))
            elif by.get(want):
                chosen[unit] = rng.choice(by[want])
            elif by.get("M"):
                chosen[unit] = rng.choice(by["M"])
            else:
                chosen[unit] = rng.choice(options)
    for unit, want, options in deferred:
        matching = [o for o in options if matches(o, chosen)]
        if matching and rng.random() < 0.8:
            chosen[unit] = rng.choice(matching)
        else:
            chosen[unit] = rng.choice(options)
    join_convoys(possible, chosen, rng)
    for unit, order in chosen.items():
        # most route-less VIA moves to a neighbour become land moves (departure 2 excludes the rest)
        w = order.split()
        if (w[-1] == "VIA" and game.map.abuts("A", w[1], "-", w[3]) and rng.random() < 0.8
                and not convoy_chain(game, w[1], w[3], convoyers(w, chosen.values()))):
            chosen[unit] = " ".join(w[:-1])
    orders = {}
    for unit, order in chosen.items():
        if rng.random() < 0.03:
            continue  # no order: the default hold
        orders.setdefault(owner[unit], []).append(order)
    return orders


def join_convoys(possible, chosen, rng):
    """Most fleets that could carry an army's convoyed move are ordered to (so that convoy
    routes, disruptions and paradoxes come up often)."""
    for unit, order in list(chosen.items()):
        words = order.split()
        if words[0] != "A" or kind(order) != "M" or words[-1] != "VIA":
            continue
        want = f"C {unit} - {words[3]}"
        for fleet in chosen:
            if fleet[0] == "F" and f"{fleet} {want}" in possible.get(fleet[2:], []) and rng.random() < 0.7:
                chosen[fleet] = f"{fleet} {want}"


def matches(order, chosen):
    """Whether a support or convoy order matches what the named unit was ordered to do."""
    words = order.split()
    if words[2] == "C":
        army = " ".join(words[3:5])
        got = chosen.get(army, "")
        return kind(got) == "M" and move_dest(got)[:3] == words[6][:3]
    target, dest = supported_part(order)
    got = chosen.get(target)
    if got is None:
        for unit in chosen:  # the supported fleet may be on a coast
            if unit[2:5] == target[2:5]:
                got = chosen[unit]
    if got is None:
        return False
    if dest is None:
        return kind(got) != "M"
    return kind(got) == "M" and move_dest(got)[:3] == dest[:3]


def retreat_orders(game, rng):
    orders = {}
    for power in game.powers.values():
        for unit, where in power.retreats.items():
            r = rng.random()
            if r < 0.1:
                continue
            if r < 0.25 or not where:
                orders.setdefault(power.name, []).append(f"{unit} D")
            else:
                orders.setdefault(power.name, []).append(f"{unit} R {rng.choice(where)}")
    return orders


def adjustment_orders(game, rng):
    state = game.get_state()
    possible = game.get_all_possible_orders()
    orders = {}
    for power in game.powers.values():
        count = state["builds"][power.name]["count"]
        mine = []
        if count > 0 and power.name not in game.map.dummies:  # a DUMMY power builds nothing
            sites = list(state["builds"][power.name]["homes"])
            rng.shuffle(sites)
            for site in sites[: rng.randint(0, count)]:
                builds = [o for o in possible.get(site, []) if o.endswith(" B")]
                if builds:
                    mine.append(rng.choice(builds))
            if len(mine) < count and rng.random() < 0.5:
                mine.append("WAIVE")
        elif count < 0:
            # every removal is ordered: MILA's civil-disorder choice is departure 4
            units = list(power.units)
            rng.shuffle(units)
            mine = [f"{u} D" for u in units[:-count]]
        if mine:
            orders[power.name] = mine
    return orders


# ---------------------------------------------------------------- exclusions

def convoyers(words, orders):
    """The locations of the fleets ordered to convoy the army move `words` (split)."""
    return [x.split()[1] for x in orders
            if x.split()[2:3] == ["C"] and x.split()[4] == words[1] and x.split()[6] == words[3]]


def convoy_chain(game, army_loc, dest, fleets, link=lambda g: True):
    """Whether the fleets (locations) ordered to convoy the army join army_loc to dest
    (`link`: whether a fleet may be reached from another one of the chain)."""
    frontier = [f for f in fleets if game.map.abuts("F", f, "-", army_loc)]
    seen = set(frontier)
    while frontier:
        f = frontier.pop()
        if game.map.abuts("F", f, "-", dest):
            return True
        for g in fleets:
            if g not in seen and link(g) and game.map.abuts("F", f, "-", g):
                seen.add(g)
                frontier.append(g)
    return False


def port_chain(game, army_loc, dest, fleets, mila):
    """Whether the fleets (locations at sea or in a port) join army_loc to dest: as DPjudge
    and mailjudge read a port (its fleet any link, but never one into its own space) or,
    with `mila`, as MILA's convoy paths do (a port's fleet the first link only)."""
    if mila:
        return convoy_chain(game, army_loc, dest, fleets, lambda g: game.map.area_type(g) != "PORT")
    return convoy_chain(game, army_loc, dest, [f for f in fleets if f[:3] != dest[:3]])


def port_departure(game, flat, owner):
    """Departure 10: a convoyed army move whose chains (through any fleets that could
    carry it, or through those ordered to) MILA reads otherwise than DPjudge and mailjudge
    because a fleet stands in a port (docs/RULES.md, "Ports")."""
    carriers = [u[2:] for u in owner if u[0] == "F" and game.map.area_type(u[2:]) in ("WATER", "PORT")]
    if not any(game.map.area_type(f) == "PORT" for f in carriers):
        return False
    for o in flat:
        w = o.split()
        if not (kind(o) == "M" and w[0] == "A" and (via_convoy(game, o) or convoy_ordered(o, flat))):
            continue
        dest = move_dest(o)
        ordered = [f for f in convoyers(w, flat) if f in carriers]
        for fleets in (carriers, ordered):
            if port_chain(game, w[1], dest, fleets, False) != port_chain(game, w[1], dest, fleets, True):
                return True
    return False


def exclusion(game, orders):
    """The known MILA departure a movement phase's orders may reach, or None."""
    flat = [o for os in orders.values() for o in os]
    by_unit = {" ".join(o.split()[:2]): o for o in flat}
    owner = {u: p.name for p in game.powers.values() for u in p.units}
    at = {u[2:5]: u for u in owner}
    if port_departure(game, flat, owner):
        return "10: a port's fleet as a later link of a convoy chain, or carrying an army into its own port"
    for o in flat:
        w = o.split()
        if w[-1] == "VIA" and w[0] == "A" and game.map.abuts("A", w[1], "-", w[3]):
            if not convoy_chain(game, w[1], w[3], convoyers(w, flat)):
                return "2: explicit VIA move without a convoy route"
        if kind(o) == "S":
            target, dest = supported_part(o)
            got = by_unit.get(target)
            if dest and got and kind(got) == "M" and move_dest(got)[:3] == dest[:3] and move_dest(got) != dest:
                return "3: support naming another coast than the move's"
            if dest and got and kind(got) == "M" and "/" in move_dest(got) and move_dest(got) != dest:
                return "3: support naming another coast than the move's"
    for o in flat:
        w = o.split()
        if kind(o) == "M" and (via_convoy(game, o) or convoy_ordered(o, flat)):
            victim = by_unit.get(at.get(move_dest(o)[:3], ""), "")
            if kind(victim) == "S" and kind(by_unit.get(at.get(victim.split()[-1][:3], ""), "")) == "C":
                return "8: a convoyed army does not cut a support for or against a convoying fleet"
    for o in flat:
        w = o.split()
        if kind(o) == "C" and supports_through_chain(by_unit, at, w[-1][:3], w[1][:3]):
            return "9: a convoy taken as a paradox through a chain of supports"
    for o in flat:
        if kind(o) != "S":
            continue
        target, dest = supported_part(o)
        if dest is None:
            continue
        victim = at.get(dest[:3])
        if victim is None or owner.get(victim) != owner.get(" ".join(o.split()[:2])):
            continue
        mover = by_unit.get(target, "")
        if kind(mover) != "M":
            continue
        vorder = by_unit.get(victim, "")
        if via_convoy(game, mover):
            return "5: own support for a convoyed attack on the supporter's unit"
        if kind(vorder) == "M" and move_dest(vorder)[:3] == mover.split()[1][:3]:
            return "6: own support for a head-to-head attack on the supporter's unit"
        if kind(vorder) == "C":
            return "7: own support for an attack on the supporter's convoying fleet"
    return None


def supports_through_chain(by_unit, at, dest, fleet):
    """Departure 9: MILA's paradox test (`Game._detect_paradox`, called by
    `_check_disruptions`) walks from the unit at a convoyed army's destination to the
    province its support or convoy order ends with, and on; a unit on that walk that
    supports the convoying fleet (to hold) makes the convoy a paradox, disrupted when the
    fleet stands off an attack. Whether a unit past the first (whose support the army's
    attack cannot cut) supports the fleet `fleet` on the walk from `dest`."""
    seen = []
    unit = at.get(dest)
    while unit is not None and unit not in seen:
        order = by_unit.get(unit, f"{unit} H")
        w = order.split()
        if seen and kind(order) == "S" and len(w) == 5 and w[3] == "F" and w[4][:3] == fleet:
            return True
        if kind(order) not in ("S", "C"):
            return False
        seen.append(unit)
        unit = at.get(w[-1][:3])
    return False


def convoy_ordered(order, flat):
    """Whether some fleet is ordered to convoy this army's move (MILA then takes even a
    move to an adjacent province without VIA as convoyed)."""
    w = order.split()
    return w[0] == "A" and any(x.split()[2:] == ["C", "A", w[1], "-", w[3][:3]] for x in flat)


def via_convoy(game, order):
    w = order.split()
    if w[0] != "A":
        return False
    return w[-1] == "VIA" or not game.map.abuts("A", w[1], "-", w[3])


# ---------------------------------------------------------------- comparison

def position(game):
    state = game.get_state()
    units = {p: sorted(u for u in us if not u.startswith("*")) for p, us in state["units"].items()}
    centers = {p: sorted(cs) for p, cs in state["centers"].items()}
    retreats = {p: {u: sorted(w) for u, w in rs.items()} for p, rs in state["retreats"].items()}
    return ({p: u for p, u in units.items() if u}, {p: c for p, c in centers.items() if c},
            {p: r for p, r in retreats.items() if r})


# Rules MILA's copy of a map has and the copy mailjudge ships (DPjudge's `.map` file,
# config/variants/dpjudge/) does not: phases they decide are excluded, not compared.
FILE_RULES = {"modern": "BUILD_ANY"}


def file_difference(game, name, orders):
    """An adjustment phase where MILA's copy of the map differs from mailjudge's: a build
    outside the builder's home centres on a map whose MILA file alone has BUILD_ANY."""
    if FILE_RULES.get(name) != "BUILD_ANY":
        return None
    for power, os in orders.items():
        for o in os:
            w = o.split()
            if w[-1] == "B" and w[1][:3] not in game.map.homes.get(power, []):
                return "file: a build outside the home centres (MILA's modern.map has RULES BUILD_ANY, DPjudge's has not)"
    return None


def phase_key(phase):
    """A phase name read as (season, year, kind): MILA writes year 1 as `0001`."""
    if phase == "COMPLETED":
        return phase
    return (phase[0], int(phase[1:-1]), phase[-1])


def compare(case, mila_after, mila_results, mj):
    """The differences between MILA's outcome and mailjudge's, as lines."""
    diffs = []
    if "error" in mj:
        return [f"mailjudge refused the case: {mj['error']}"]
    units, centers, retreats, phase = mila_after
    mj_units = {p: sorted(u) for p, u in mj.get("units", {}).items() if u}
    if mj_units != units:
        diffs.append(f"units: MILA {units} / mailjudge {mj_units}")
    mj_centers = {p: sorted(c) for p, c in mj.get("centers", {}).items() if c}
    if mj_centers != centers:
        diffs.append(f"centres: MILA {centers} / mailjudge {mj_centers}")
    mj_retreats = {p: {u: sorted(w) for u, w in rs.items() if w} for p, rs in mj.get("retreats", {}).items()}
    mj_retreats = {p: r for p, r in mj_retreats.items() if r}
    if mj_retreats != retreats:
        diffs.append(f"retreats: MILA {retreats} / mailjudge {mj_retreats}")
    mj_next = mj.get("next_phase") or "COMPLETED"
    if phase_key(mj_next) != phase_key(phase):
        diffs.append(f"next phase: MILA {phase} / mailjudge {mj_next}")
    if case["phase"].endswith("M"):
        diffs += compare_results(case, mila_results, mj)
    return diffs


def given(words, power, own, ordered, mj_result):
    """Whether a support MILA marks void is one mailjudge counts as given: it matches the
    supported move, and either the move attacks the supporter's own unit (MILA voids the
    support it cannot count) or the move is a convoyed one without a route (MILA voids the
    support, the DATC only fails the move)."""
    if len(words) <= 6:
        return False
    target = " ".join(words[3:5])
    supported = ordered.get(target, "A X H")
    if kind(supported) != "M" or move_dest(supported)[:3] != words[6][:3]:
        return False
    return own.get(words[6][:3]) == power or mj_result.get(target) == "no_convoy"


def carried(words, ordered):
    """Whether the army a convoy order names is ordered to the convoy's destination."""
    army = ordered.get(" ".join(words[3:5]), "A X H")
    return kind(army) == "M" and move_dest(army)[:3] == words[-1][:3]


def compare_results(case, mila_results, mj):
    """Order results. MILA's conventions read as mailjudge's: an order MILA refused when it
    was set is void; a support of an attack on the supporter's own unit, which MILA marks
    void when it cannot count, is given (ok); a void order of a dislodged unit is void."""
    diffs = []
    own = {u[2:5]: p for p, us in case["units"].items() for u in us}
    ordered = {" ".join(o.split()[:2]): o for os in case["orders"].values() for o in os}
    mj_result = {" ".join(r["order"].split()[:2]): r["result"] for rs in mj.get("results", {}).values() for r in rs}
    for power, results in mj.get("results", {}).items():
        for r in results:
            unit = " ".join(r["order"].split()[:2])
            mila = [str(s) for s in mila_results["status"].get(power, {}).get(unit, [])]
            if unit in mila_results["refused"]:
                mila = mila + ["void"]
            words = r["order"].split()
            ours = r["result"]
            if words[2:3] == ["S"] and "void" in mila and given(words, power, own, ordered, mj_result):
                # MILA voids it before looking for cuts: given, it may also be cut
                mila.remove("void")
                if ours == "cut" and not mila:
                    continue
            if words[2:3] == ["C"] and ours != "void" and "void" in mila and carried(words, ordered):
                mila.remove("void")  # MILA voids a convoy off the route the army takes
            if "no convoy" in mila and (ours == "disrupted" or (kind(r["order"]) != "M" and ours != "void")):
                # MILA marks a disrupted convoy, its fleets and the army's supports 'no convoy'
                mila.remove("no convoy")
                mila += ["disrupted"] if ours == "disrupted" else []
            if ours == "ok":
                agree = not mila
            elif ours == "dislodged":
                agree = "dislodged" in mila
            else:
                agree = ours.replace("_", " ") in mila
            if not agree:
                diffs.append(f"{power} {r['order']}: MILA {mila or ['ok']} / mailjudge {ours}")
    return diffs


# ---------------------------------------------------------------- one map

def adjudicate(binary, variant, cases):
    """mailjudge's outcomes for the cases, in one `adjudicate --jsonl` run (it writes its
    answers buffered, so the cases go in one batch); `variant`: the command's arguments
    naming the map (`--variant NAME`, with `--variants-dir DIR` for an imported one)."""
    text = "".join(json.dumps(c) + "\n" for c in cases)
    run = subprocess.run([binary, "adjudicate", "--jsonl", *variant],
                         input=text, capture_output=True, text=True, check=False)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or len(lines) != len(cases):
        raise RuntimeError(f"mailjudge adjudicate {' '.join(variant)}: exit {run.returncode}, "
                           f"{len(lines)} outcome(s) for {len(cases)} case(s): {run.stderr.strip()}")
    return [json.loads(line) for line in lines]


# `not_implemented` entries of an imported map that do not touch adjudication, as MILA
# plays the map: a DUMMY power (no player) is, in MILA's Game, a power like any other
# (`Map.dummies` is read and never used), so the differential orders it like the rest.
IMPORT_IGNORED = ("DUMMY powers",)


def import_map(binary, name, into):
    """MILA's own `.map` file of a map mailjudge does not ship, imported with
    `mailjudge variant import` into the folder `into` (`NAME.toml`); the entries of its
    `not_implemented` in IMPORT_IGNORED are taken out. An error when the import fails."""
    source = os.path.join(os.path.dirname(diplomacy.__file__), "maps", f"{name}.map")
    run = subprocess.run([binary, "variant", "import", source, "--out", into],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"mailjudge variant import {name}.map: {run.stderr.strip()}")
    path = os.path.join(into, f"{name}.toml")
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("not_implemented = "):
            left = [x for x in json.loads(line.split(" = ", 1)[1]) if not x.startswith(IMPORT_IGNORED)]
            lines[i] = f"not_implemented = {json.dumps(left)}" if left else ""
    open(path, "w").write("\n".join(lines))


def mailjudge_variant(binary, name, ours, into):
    """The `adjudicate` arguments for the map: the variant mailjudge ships, or, when it
    knows no variant of that name, MILA's file imported into `into`; (arguments, None) or
    (None, why mailjudge cannot adjudicate it)."""
    probe_case = [{"phase": "S1901M", "units": {}, "centers": {}, "orders": {}}]

    def probe(args):
        try:
            return adjudicate(binary, args, probe_case)[0].get("error")
        except RuntimeError as e:
            return str(e)
    if ours != "@":  # `NAME=@`: MILA's own file, even where mailjudge ships another copy
        builtin_error = probe(["--variant", ours])
        if builtin_error is None:
            return ["--variant", ours], None
        if ours != name or "unknown variant" not in builtin_error:
            return None, builtin_error  # shipped, and refused: said, never replaced by MILA's file
    try:
        import_map(binary, name, into)
    except RuntimeError as e:
        return None, str(e)
    args = ["--variants-dir", into, "--variant", name]
    error = probe(args)
    return (None, error) if error else (args, None)


def power_names(into, name):
    """MILA's name of each power of an imported map -> the name mailjudge's import gives
    it (MILA drops the `-` and `+` of a name, `BRITISH-COLUMBIA` -> `BRITISHCOLUMBIA`;
    mailjudge keeps the `-`)."""
    with open(os.path.join(into, f"{name}.toml"), "rb") as f:
        powers = [p["name"] for p in tomllib.load(f)["power"]]
    return {"".join(c for c in p.upper() if c.isalnum()): p for p in powers}


def renamed(value, names):
    """A case's or an outcome's power-keyed maps with the powers renamed by `names`."""
    out = dict(value)
    for key in ("units", "centers", "orders", "retreats", "results"):
        if isinstance(value.get(key), dict):
            out[key] = {names.get(p, p): v for p, v in value[key].items()}
    return out


def play_map(job):
    name, ours, binary = job[:3]
    started = time.time()
    tally = {"map": name if ours == name else f"{name} (mailjudge {ours})", "phases": 0, "agree": 0, "differ": 0, "excluded": {}, "examples": []}
    with tempfile.TemporaryDirectory(prefix=f"mila-{name}-") as into:
        variant, why = mailjudge_variant(binary, name, ours, into)
        if variant is None:
            tally["skipped"] = f"mailjudge does not adjudicate it: {why}"
            return tally
        names = {}
        if variant[0] == "--variants-dir":
            tally["map"] += " (imported)"
            names = {m: o for m, o in power_names(into, name).items() if m != o}
        return play_games(tally, (variant, names), job, started)


def play_games(tally, mailjudge, job, started):
    """The map's seeded games played by MILA and the phases compared (tally filled in);
    `mailjudge`: the `adjudicate` arguments and the power names it takes, by MILA's name."""
    variant, names = mailjudge
    back = {o: m for m, o in names.items()}
    name, _, binary, phases, seed, years, show = job
    played = []
    game_no = 0
    while len(played) < phases:
        rng = random.Random(f"{seed}/{name}/{game_no}")
        game = Game(map_name=name)
        first_year = int(game.get_current_phase()[1:-1])
        while not game.is_game_done and len(played) < phases:
            if int(game.get_current_phase()[1:-1]) >= first_year + years:
                break
            played.append(one_phase(game, rng, name))
        game_no += 1
    tally["games"] = game_no
    tally["phases"] = len(played)
    kept = []
    for case, after, results, excluded in played:
        if excluded:
            tally["excluded"][excluded] = tally["excluded"].get(excluded, 0) + 1
        else:
            kept.append((case, after, results))
    outcomes = adjudicate(binary, variant, [renamed(k[0], names) for k in kept])
    for (case, after, results), mj in zip(kept, outcomes):
        mj = renamed(mj, back)
        diffs = compare(case, after, results, mj)
        if diffs:
            tally["differ"] += 1
            if len(tally["examples"]) < show:
                tally["examples"].append({"case": case, "differences": diffs})
        else:
            tally["agree"] += 1
    tally["seconds"] = round(time.time() - started, 1)
    return tally


def one_phase(game, rng, name):
    """One phase played by MILA: (the case, MILA's outcome, MILA's order results, the
    departure that excludes it or None)."""
    phase = game.get_current_phase()
    units, centers, retreats = position(game)
    kind_ = phase[-1]
    if kind_ == "M":
        orders = movement_orders(game, rng)
    elif kind_ == "R":
        orders = retreat_orders(game, rng)
    else:
        orders = adjustment_orders(game, rng)
    case = {"phase": phase, "units": units, "centers": centers, "orders": orders}
    if retreats:
        case["retreats"] = retreats
    excluded = exclusion(game, orders) if kind_ == "M" else file_difference(game, name, orders) if kind_ == "A" else None
    for power, os in orders.items():
        game.set_orders(power, os)
    taken = {" ".join(o.split()[:2]) for p in orders for o in game.get_orders(p)}
    refused = {" ".join(o.split()[:2]) for os in orders.values() for o in os} - taken
    game.process()
    results = {"status": game.get_order_status(), "refused": refused}
    return case, position(game) + (game.get_current_phase(),), results, excluded


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mailjudge", required=True)
    ap.add_argument("--maps", default=",".join(MAPS))
    ap.add_argument("--phases", type=int, default=2000)
    ap.add_argument("--seed", default="mailjudge")
    ap.add_argument("--years", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--json")
    a = ap.parse_args()
    work = []
    for spec in a.maps.split(","):
        # MILA_NAME[=MAILJUDGE_NAME][:PHASES]: a map mailjudge ships under its own name;
        # MILA_NAME=@: MILA's own file imported, though mailjudge ships the map (empire:
        # DPjudge's file, with other power names)
        name, _, n = spec.partition(":")
        name, _, ours = name.partition("=")
        work.append((name, ours or name, a.mailjudge, int(n) if n else a.phases, a.seed, a.years, a.show))
    # MILA builds a map's convoy-path cache the first time the map is loaded, with a
    # process pool of its own, which a pool's worker may not start: built here first
    for name in dict.fromkeys(w[0] for w in work):
        Game(map_name=name)
    with multiprocessing.Pool(a.jobs) as pool:
        tallies = pool.map(play_map, work, chunksize=1)
    bad = report(tallies)
    if a.json:
        json.dump(tallies, open(a.json, "w"), indent=1)
    sys.exit(1 if bad else 0)


def report(tallies):
    bad = 0
    for t in tallies:
        if "skipped" in t:
            print(f"{t['map']}: skipped ({t['skipped']})")
            continue
        excluded = sum(t["excluded"].values())
        print(f"{t['map']}: {t['phases']} phases in {t['games']} games, {t['agree']} agree, "
              f"{t['differ']} differ, {excluded} excluded ({t['seconds']} s)")
        for why, n in sorted(t["excluded"].items()):
            print(f"  excluded, departure {why}: {n}")
        for ex in t["examples"]:
            print("  differs: " + json.dumps(ex["case"]))
            for d in ex["differences"]:
                print("    " + d)
        bad += t["differ"]
    print(f"mila_differential: {sum(t['phases'] for t in tallies)} phases, {bad} differ")
    return bad


if __name__ == "__main__":
    main()
