#!/usr/bin/env python3
"""Checks a `mailjudge export --format mila` file with the MILA diplomacy package.

Loads it with diplomacy.utils.export.from_saved_game_format (MILA reads it),
then replays it in MILA's own engine: from the first phase's board, each
phase's orders are set and processed, and MILA's next board (units, centres,
dislodged units) must be the one the export recorded. Exit 0 if all agree.

Usage: check_mila.py FILE
"""
import json
import sys

from diplomacy import Game
from diplomacy.utils.export import from_saved_game_format

saved = json.load(open(sys.argv[1]))
game = from_saved_game_format(saved)
assert game.map_name == saved["map"], (game.map_name, saved["map"])
assert len(game.get_phase_history()) + 1 == len(saved["phases"]), "MILA reads every phase"

replay = Game(map_name=saved["map"], rules=saved.get("rules", []))
phases = saved["phases"]
bad = 0
for i, phase in enumerate(phases[:-1]):
    if replay.get_current_phase() != phase["name"]:
        print(f"{phase['name']}: MILA is at {replay.get_current_phase()}")
        bad += 1
        break
    for power, orders in phase["orders"].items():
        if orders:
            replay.set_orders(power, orders)
    replay.process()
    want = phases[i + 1]["state"]
    got = replay.get_state()
    for key in ("units", "centers"):
        a = {p: sorted(v) for p, v in got[key].items() if v}
        b = {p: sorted(v) for p, v in want[key].items() if v}
        if a != b:
            print(f"{phase['name']} -> {phases[i + 1]['name']}: {key} differ\n  MILA: {a}\n  ours: {b}")
            bad += 1
print(f"{len(phases) - 1} phase(s) replayed in MILA's engine, {bad} difference(s)")
sys.exit(1 if bad else 0)
