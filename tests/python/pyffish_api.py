"""vdl's Python package against pyffish, function by function, along random games.

Usage: pyffish_api.py GAMES MAX_PLIES SEED [--every-san] [VARIANT...]

For every variant both know (or those named), plays GAMES random games (seeded)
with moves chosen among pyffish's legal moves, and at every position compares:
the legal moves, `get_fen` (and its SFEN in the shogi games), `get_san` and `is_capture` of every legal move (of 12,
sampled, where there are more; of 200 with `--every-san`), `gives_check`, and at the end `is_immediate_game_end` and
`game_result`. Prints a line per variant and `positions: N`; exits 1 at the
first difference, printing it.
"""

import random
import sys
import time

import pyffish as sf
import vdl


def fail(variant, moves, what, ours, theirs):
    print(f"FAIL {variant} after {moves}: {what}: vdl {ours!r}, pyffish {theirs!r}")
    sys.exit(1)


# the moves of a position whose SAN and capture are compared (all, up to this many)
SAN_SAMPLE = 12


# Where the FENs' en-passant fields differ by convention, not by rule: after a
# Berolina pawn's double step Fairy-Stockfish lists the cell it passed and the
# cell it reached (its custom pieces' form), vdl the cell it passed.
EP_FIELD_DIFFERS = {"berolina"}

# the variants whose FEN is also compared in the shogi form (SFEN)
SHOGI = {"shogi", "minishogi", "euroshogi"}


def without_ep(fen):
    fields = fen.split(" ")
    return " ".join(fields[:3] + fields[4:])


def compare_position(variant, start, moves):
    def same(what, ours, theirs):
        if ours != theirs:
            fail(variant, moves, what, ours, theirs)

    theirs = sorted(sf.legal_moves(variant, start, moves))
    over = sf.is_immediate_game_end(variant, start, moves)
    ours = vdl.is_immediate_game_end(variant, start, moves)
    # pyffish's value is meaningless (left as it was) when the game goes on
    same("is_immediate_game_end", ours if over[0] else ours[0], over if over[0] else over[0])
    if over[0]:
        return []
    same("legal_moves", sorted(vdl.legal_moves(variant, start, moves)), theirs)
    ours_fen, theirs_fen = vdl.get_fen(variant, start, moves), sf.get_fen(variant, start, moves)
    if variant in EP_FIELD_DIFFERS:
        ours_fen, theirs_fen = without_ep(ours_fen), without_ep(theirs_fen)
    same("get_fen", ours_fen, theirs_fen)
    if variant in SHOGI:
        same("get_fen sfen", vdl.get_fen(variant, start, moves, False, True),
             sf.get_fen(variant, start, moves, False, True))
    same("gives_check", vdl.gives_check(variant, start, moves), sf.gives_check(variant, start, moves))
    fen = sf.get_fen(variant, start, moves)
    ours_fen = vdl.get_fen(variant, start, moves)
    for m in random.Random(len(moves)).sample(theirs, min(len(theirs), SAN_SAMPLE)):
        same(f"get_san {m}", vdl.get_san(variant, ours_fen, m), sf.get_san(variant, fen, m))
        same(f"is_capture {m}", vdl.is_capture(variant, start, moves, m), sf.is_capture(variant, start, moves, m))
    if not theirs:
        same("game_result", vdl.game_result(variant, start, moves), sf.game_result(variant, start, moves))
    return theirs


def main():
    games, max_plies, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    global SAN_SAMPLE
    named = sys.argv[4:]
    if named[:1] == ["--every-san"]:
        # every move but in Amazons and Duck chess, whose positions have hundreds
        SAN_SAMPLE, named = 200, named[1:]
    both = [v for v in vdl.variants() if v in set(sf.variants())]
    variants = named or both
    positions = 0
    for variant in variants:
        began = time.time()
        start = sf.start_fen(variant)
        if vdl.start_fen(variant) != start:
            fail(variant, [], "start_fen", vdl.start_fen(variant), start)
        for g in range(games):
            rng = random.Random(f"{seed}/{variant}/{g}")
            moves = []
            while len(moves) < max_plies:
                legal = compare_position(variant, start, moves)
                positions += 1
                if not legal:
                    break
                moves.append(rng.choice(legal))
        print(f"{variant}: {games} games, {time.time() - began:.1f} s")
    print(f"positions: {positions}")


main()
