"""Definitions imported from a Fairy-Stockfish configuration file against
Fairy-Stockfish itself (pyffish, its Python binding, with the same file loaded).

Usage: fsf_import.py VDL_BINARY INI OUT_DIR GAMES MAX_PLIES [--survey] [SECTION ...]

Runs `vdl import-fsf INI --out OUT_DIR`, loads INI into pyffish with
`load_variant_config`, and for every written section plays GAMES random games
(seeded, the same every run) of at most MAX_PLIES plies with pyffish choosing the
moves, after comparing the start position's perft to depth 2. At every position vdl (`vdl uci`, `go perft 1`) must list the same legal
moves as Fairy-Stockfish, no move where Fairy-Stockfish ends the game, and the
same board, hand and side to move in its FEN (a hole, which vdl writes as an
empty cell and Fairy-Stockfish as `*`, counts as empty; a hand's order is free).

Prints a line per section (`ok NAME: N positions` or `FAIL NAME: ...`) and
`agree: A of W written (R refused)`. Exits 1 when a section disagrees, unless
--survey (then it only reports).
"""

import os
import random
import re
import subprocess
import sys

import pyffish as sf
from fsf_moves import legal_moves_of


class Disagree(Exception):
    pass


def normal(fen):
    """A FEN's board (holes and walls as empty cells: vdl writes a removed cell as
    empty, Fairy-Stockfish as `*`), its hand sorted, and the side to move."""
    fields = fen.split()
    board, _, hand = fields[0].partition("[")
    rows = []
    for row in board.split("/"):
        cells, number = [], ""
        for c in row:
            if c.isdigit():
                number += c
                continue
            if number:
                cells += ["."] * int(number)
                number = ""
            if c == "*":
                cells.append(".")
            elif c == "~" and cells:
                cells[-1] += "~"
            elif cells and cells[-1] == "+":
                cells[-1] += c
            else:
                cells.append(c)
        if number:
            cells += ["."] * int(number)
        rows.append("".join(cells))
    return "/".join(rows), "".join(sorted(hand.rstrip("]"))), fields[1] if len(fields) > 1 else "w"


def one_per_effect(variant, start, moves, theirs, ours):
    """Fairy-Stockfish's moves, those with the same effect (the same position after
    them, as a promotion that explodes at once) counted once: vdl lists a move by
    its effect. The one vdl lists is kept."""
    by_fen = {}
    for m in theirs:
        by_fen.setdefault(sf.get_fen(variant, start, moves + [m]), []).append(m)
    kept = []
    for same in by_fen.values():
        listed = [m for m in same if m in ours]
        kept.append(listed[0] if listed else same[0])
    return sorted(kept)


def perft2(variant, start, by_effect):
    """Fairy-Stockfish's perft 2 from the start; with `by_effect`, each node's
    moves counted once per effect (as vdl counts them), which is slower."""
    def moves(fen, played):
        if sf.is_immediate_game_end(variant, fen, played)[0]:
            return []
        listed = sf.legal_moves(variant, fen, played)
        if not by_effect:
            return listed
        return sorted({sf.get_fen(variant, fen, played + [m]): m for m in listed}.values())
    return sum(len(moves(start, [m])) for m in moves(start, []))


def positions_of(vdl, definition, variant, games, max_plies):
    engine = subprocess.Popen([vdl, "uci", definition], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)

    def ask(moves):
        answer = legal_moves_of(engine, "position startpos" + (" moves " + " ".join(moves) if moves else ""))
        if answer is None:
            raise Disagree("vdl ended")
        return answer

    start = sf.start_fen(variant)
    positions = 0
    try:
        # the start position's perft to depth 2, the moves by their effect
        engine.stdin.write("position startpos\ngo perft 2\n")
        engine.stdin.flush()
        ours_perft = None
        for line in engine.stdout:
            if line.startswith("Nodes searched"):
                ours_perft = int(line.split(":")[1])
                break
        theirs_perft = perft2(variant, start, False)
        if ours_perft != theirs_perft:
            theirs_perft = perft2(variant, start, True)
        if ours_perft != theirs_perft:
            raise Disagree(f"start perft 2: vdl {ours_perft}, Fairy-Stockfish {theirs_perft}")
        for g in range(games):
            rng = random.Random(g)
            moves = []
            while len(moves) < max_plies:
                fen, ours = ask(moves)
                theirs_fen = sf.get_fen(variant, start, moves)
                if fen is None or normal(fen) != normal(theirs_fen):
                    raise Disagree(f"game {g} ply {len(moves)}: vdl's FEN {fen}, Fairy-Stockfish's {theirs_fen}")
                over = sf.is_immediate_game_end(variant, start, moves)[0]
                theirs = [] if over else sorted(sf.legal_moves(variant, start, moves))
                positions += 1
                if ours != theirs:
                    theirs = one_per_effect(variant, start, moves, theirs, ours)
                if ours != theirs:
                    only_ours = sorted(set(ours) - set(theirs))[:5]
                    only_theirs = sorted(set(theirs) - set(ours))[:5]
                    raise Disagree(f"game {g} ply {len(moves)} at {theirs_fen}: {len(ours)} moves vs {len(theirs)}; "
                                   f"only vdl's {only_ours}, only Fairy-Stockfish's {only_theirs}")
                if not theirs:
                    break
                moves.append(rng.choice(theirs))
    finally:
        try:
            engine.stdin.write("quit\n")
            engine.stdin.close()
        except BrokenPipeError:
            pass
        engine.wait()
    return positions


def one(vdl, ini, out, games, max_plies, name):
    """Checks one section, in a process of its own: a crash of Fairy-Stockfish's
    (some configurations crash it) ends only this check."""
    with open(ini) as f:
        sf.load_variant_config(f.read())
    try:
        n = positions_of(vdl, os.path.join(out, name + ".vdl"), name, games, max_plies)
        print(f"ok {name}: {n} positions", flush=True)
    except Disagree as e:
        print(f"FAIL {name}: {e}", flush=True)
    except Exception as e:  # Fairy-Stockfish refusing the section, for one
        print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)


def main():
    vdl, ini, out, games, max_plies = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    rest = sys.argv[6:]
    if rest[:1] == ["--one"]:
        one(vdl, ini, out, games, max_plies, rest[1])
        return
    survey = "--survey" in rest
    only = [a for a in rest if a != "--survey"]
    command = [vdl, "import-fsf", ini, "--out", out, "--force"]
    for name in only:
        command += ["--variant", name]
    done = subprocess.run(command, capture_output=True, text=True)
    written = re.findall(r"^wrote .*/([^/]+)\.vdl$", done.stdout, re.M)
    refused = re.findall(r"^refused \[(.+)\]$", done.stdout, re.M)
    agree = 0
    for name in written:
        child = subprocess.run([sys.executable, __file__, vdl, ini, out, str(games), str(max_plies), "--one", name],
                               capture_output=True, text=True)
        line = next((l for l in child.stdout.splitlines() if l.startswith(("ok ", "FAIL "))),
                    f"FAIL {name}: Fairy-Stockfish ended with status {child.returncode}")
        print(line, flush=True)
        agree += line.startswith("ok ")
    print(f"agree: {agree} of {len(written)} written ({len(refused)} refused)")
    if agree != len(written) and not survey:
        sys.exit(1)


if __name__ == "__main__":
    main()
