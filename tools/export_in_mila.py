#!/usr/bin/env python3
"""Checks how the MILA diplomacy package loads a `mailjudge export --format mila` file.

Beside tools/check_mila.py (which replays the phases in MILA's engine), this
checks what MILA keeps of the file: every message (MILA drops them all
under NO_PRESS, and keys them by time), a finished game loaded as finished
(phase COMPLETED), and, in each retreat phase, only dislodged units that
have somewhere to go (MILA refuses a retreat phase listing others).

Usage: export_in_mila.py FILE   (run with the venv tools/check_mila.sh makes)
Exit 0 if MILA keeps everything.
"""
import json
import sys

from diplomacy.utils.export import from_saved_game_format

saved = json.load(open(sys.argv[1]))
game = from_saved_game_format(saved)
bad = []
want = sum(len(p["messages"]) for p in saved["phases"])
kept = sum(len(p.messages) for p in game.get_phase_history()) + len(game.messages)
if kept != want:
    bad.append(f"MILA kept {kept} of {want} messages (rules {saved['rules']})")
if saved["phases"][-1]["name"] == "COMPLETED" and not game.is_game_done:
    bad.append(f"a finished game loads at phase {game.get_current_phase()}, not as done")
for p in saved["phases"]:
    for power, retreats in p["state"]["retreats"].items():
        for unit, options in retreats.items():
            if not options:
                bad.append(f"{p['name']}: {power} {unit} is listed as retreating with nowhere to go")
for b in bad:
    print(b)
print(f"MILA loaded {len(saved['phases'])} phase(s) and {kept} message(s), {len(bad)} problem(s)")
sys.exit(1 if bad else 0)
