"""vdl's counting rules against Fairy-Stockfish's (pyffish, its Python binding).

Usage: fsf_counting.py VDL_BINARY DEFINITION VARIANT GAMES

Plays GAMES random games (seeded, the same every run) with pyffish choosing the
moves, from the variant's start, and asks `vdl uci DEFINITION` for the position
after every move. At each position both must agree whether the count has run out:
vdl's FEN writes the running count as PLY/LIMIT, and Fairy-Stockfish ends the game
by it in `is_optional_game_end`. A game stops at the first end either reports;
an end Fairy-Stockfish reaches by a repetition or its move rule (where vdl's FEN
shows no count past its limit) is no disagreement.
Prints a line per game and `ended by counting: N`; exits 1 on the first disagreement.
"""

import random
import subprocess
import sys

import pyffish as sf


def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)


def count_passed(fen):
    for field in fen.split()[2:]:
        ply, sep, limit = field.partition("/")
        if sep and ply.isdigit() and limit.isdigit():
            return int(ply) > int(limit)
    return False


def main():
    vdl, definition, variant, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    engine = subprocess.Popen([vdl, "uci", definition], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def vdl_fen(moves):
        engine.stdin.write("position startpos" + (" moves " + " ".join(moves) if moves else "") + "\nd\n")
        engine.stdin.flush()
        for line in engine.stdout:
            if line.startswith("info string fen "):
                return line[len("info string fen "):].strip()
        fail("vdl ended")

    start = sf.start_fen(variant)
    counted = 0
    for g in range(games):
        rng = random.Random(g)
        moves = []
        seen = {}
        while len(moves) < 600:
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
            fen = sf.get_fen(variant, start, moves)
            key = " ".join(fen.split()[:2])
            seen[key] = seen.get(key, 0) + 1
            theirs = sf.is_optional_game_end(variant, start, moves)[0]
            ours_fen = vdl_fen(moves)
            ours = count_passed(ours_fen)
            other_end = theirs and not ours and (seen[key] >= 3 or fen.split()[4] == "100")
            if theirs != ours and not other_end:
                fail(f"game {g} ply {len(moves)}: Fairy-Stockfish {theirs}, vdl {ours} at {ours_fen} ({fen})")
            if theirs or ours:
                counted += ours
                break
        print(f"game {g}: {len(moves)} plies")
    print(f"ended by counting: {counted}")
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
