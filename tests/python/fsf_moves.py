"""vdl's legal moves against Fairy-Stockfish's (pyffish, its Python binding).

Usage: fsf_moves.py VDL_BINARY DEFINITION VARIANT GAMES [MAX_PLIES [FEN]]

Plays GAMES random games (seeded, the same every run) with pyffish choosing the
moves, from the variant's start or FEN, and asks `vdl uci DEFINITION` at every position for
its legal moves (`go perft 1`, one line per move in the engines' notation,
`e2e4,e4d5`) and its FEN. At each position both must list the same moves, and the
FEN's board (walls as `*`), side to move and castling rights must be the same. A
game ends where Fairy-Stockfish ends it (vdl must then list no move) or after
MAX_PLIES plies (default 200).
Prints a line per game and `positions: N`; exits 1 on the first disagreement.
"""

import random
import subprocess
import sys

import pyffish as sf


def legal_moves_of(engine, position):
    """vdl's FEN and sorted legal moves (engine notation) after a UCI `position`
    command, asked of a running `vdl uci`; None when it has ended."""
    engine.stdin.write(position + "\nd\ngo perft 1\n")
    engine.stdin.flush()
    fen, listed = None, []
    for line in engine.stdout:
        if line.startswith("info string fen "):
            fen = line[len("info string fen "):].strip()
        elif line.startswith("Nodes searched"):
            return fen, sorted(listed)
        elif ": " in line and fen is not None:
            listed.append(line.split(": ")[0].strip())
    return None


def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)


def main():
    vdl, definition, variant, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    max_plies = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    given = sys.argv[6] if len(sys.argv) > 6 else None
    engine = subprocess.Popen([vdl, "uci", definition], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(moves):
        position = ("position fen " + given if given else "position startpos") + (
            " moves " + " ".join(moves) if moves else "")
        answer = legal_moves_of(engine, position)
        if answer is None:
            fail("vdl ended")
        return answer

    start = given or sf.start_fen(variant)
    positions = 0
    for g in range(games):
        rng = random.Random(g)
        moves = []
        while len(moves) < max_plies:
            fen, ours = ask(moves)
            theirs_fen = sf.get_fen(variant, start, moves)
            if fen.split()[:3] != theirs_fen.split()[:3]:
                fail(f"game {g} ply {len(moves)}: vdl's FEN {fen}, Fairy-Stockfish's {theirs_fen}")
            over = sf.is_immediate_game_end(variant, start, moves)[0]
            theirs = [] if over else sorted(sf.legal_moves(variant, start, moves))
            positions += 1
            if ours != theirs:
                only_ours = sorted(set(ours) - set(theirs))[:5]
                only_theirs = sorted(set(theirs) - set(ours))[:5]
                fail(f"game {g} ply {len(moves)} at {theirs_fen}: {len(ours)} moves vs {len(theirs)}; "
                     f"only vdl's {only_ours}, only Fairy-Stockfish's {only_theirs}")
            if not theirs:
                break
            moves.append(rng.choice(theirs))
        print(f"game {g}: {len(moves)} plies")
    print(f"positions: {positions}")
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
