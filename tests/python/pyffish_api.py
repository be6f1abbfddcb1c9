"""vdl's Python package against pyffish, function by function, along random games.

Usage: pyffish_api.py GAMES MAX_PLIES SEED [--every-san] [VARIANT...]

For every variant both know (or those named), plays GAMES random games (seeded)
with moves chosen among pyffish's legal moves, and at every position compares:
the legal moves, `get_fen` (and its SFEN in the shogi games), `get_san` and `is_capture` of every legal move (of 12,
sampled, where there are more; of 200 with `--every-san`), `gives_check`, and at the end `is_immediate_game_end` and
`game_result`; `get_fen` with `showPromoted`, and in counting games `get_fen` and
`is_optional_game_end` with the count started at other plies (`countStarted`).
GAMES games start from the variant's start and GAMES from each endgame below.
Along the fixed lines below (repetitions, by perpetual check or not), every
position's `is_optional_game_end` is compared too, up to the first end; and after
the first moves from the start with 99 half-moves counted (the move rule).
Prints a line per variant and `positions: N`; exits 1 at the first difference,
printing it.
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


# the variants whose FEN is also compared in the shogi form (SFEN)
SHOGI = {"shogi", "shoshogi", "checkshogi", "dobutsu", "torishogi", "minishogi", "mini", "euroshogi", "gorogoro", "judkins", "okisakishogi", "yarishogi"}


# starts besides the variant's own, taken in turn: endgames where counts run and
# pawns promote
ENDGAMES = {
    "chess": ["4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1"],
    "crazyhouse": ["4k3/1P6/8/8/8/8/6p1/4K3[] w - - 0 1"],
    "makruk": ["4k3/8/8/2P5/4p3/8/8/R2K2N1 w - - 0 30", "3k4/8/8/8/8/8/4r3/R2K2NS w - - 0 12",
               "3k4/8/8/3m4/8/8/8/R2K4 b - - 0 100", "8/3k4/8/5P2/8/8/8/3K4 w - - 0 1",
               "8/3k4/8/8/8/8/3r4/3K4 w - 32 29 40"],
    "asean": ["4k3/8/8/2P5/4p3/8/8/R2K2N1 w - - 0 30", "3k4/8/8/8/8/8/4r3/R2K2NB w - - 0 12"],
    # random arrays, the castling rooks named by their files too
    "caparandom": ["nrbkqbarcn/pppppppppp/10/10/10/10/PPPPPPPPPP/NRBKQBARCN w KQkq - 0 1",
                   "rkbqnbcanr/pppppppppp/10/10/10/10/PPPPPPPPPP/RKBQNBCANR w JAja - 0 1"],
    # no legal move: the player with fewer pieces wins, as many draw
    "suicide": ["8/8/8/8/8/p7/P7/8 w - - 0 1", "8/8/8/8/8/p7/P7/7k w - - 0 1",
                "7K/8/8/8/8/p7/P7/8 w - - 0 1", "8/8/8/5p2/8/8/p7/2K5 b - - 0 1",
                "8/8/3k4/8/8/2P5/6N1/8 w - - 0 1"],
    # a promotion resets the count, a pawn's step back does not
    "pawnback": ["4k3/1P6/8/8/8/8/6p1/4K3 w - - 7 20"],
    # a sideways step does not reset the count, a forward one does
    "pawnsideways": ["4k3/1P6/8/8/8/4P3/6p1/4K3 w - - 7 20", "4k3/8/3p4/8/8/4P3/8/4K3 b - - 95 80"],
    # a capture turns the piece to stone; kings side by side; a wall closes a mating net
    "petrified": ["4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1", "8/8/8/3kK3/8/8/8/Q6q w - - 0 1",
                  "k7/2*5/1Q6/8/8/8/8/4K3 w - - 0 1"],
    # promotion only to a captured piece: the wizard and the lion too
    "opulent": ["r8k/3P6/10/10/10/10/10/10/6p3/K3W3R1 w - - 0 1", "1w6wk/3P6/10/10/10/10/10/10/6p3/KL8 b - - 0 1"],
    # the pieces no array holds, set up by hand
    "fairy": ["4k3/1s1f4/2a5/8/3C4/4M3/8/4K3 w - - 0 1", "r1s1k2r/pppp1ppp/2c5/4f3/8/2A1M3/PPPP1PPP/R1S1K2R w KQkq - 0 1"],
    "ai-wok": ["4k3/8/8/2P5/4p3/8/8/R2K2N1 w - - 0 30", "3k4/8/8/8/8/8/4r3/R2K2NS w - - 0 12"],
    # a king in check may only take the checker
    # a capture that promotes and explodes: four moves in Fairy-Stockfish's list
    "atomic": ["r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"],
    # kings that survive blasts and may not take each other
    # a lion on the far rank wins where no enemy piece attacks it
    # no third swallow dropped on a file
    "torishogi": ["3k3/2s4/7/S6/S1S4/S6/3K3[SFs] w - - 0 1"],
    # an empty hand whose gates stay open: captures fill it
    "shouse": ["r3k2r/pp4pp/8/8/8/8/PP4PP/R3K2R[] w KQkq - 0 1"],
    # two kings, never both attacked; a hoplite's promotion to a third refused
    "spartan": ["k6k/1h6/8/8/8/8/1h6/R3K2R w - - 0 1", "k7/2g5/8/8/8/8/1h6/4K2R b - - 0 1"],
    # sergeants' double steps taken en passant by pawns, never by sergeants; a pawn's elephant
    "wolf": ["4k3/3ps3/8/3P1S2/8/8/1p1s4/8/1SP5/4K3 w - - 0 1", "7k/2P1s3/8/8/8/8/8/8/3S4/K7 w - - 0 1"],
    # king and crown prince: either may be lost, the last is royal
    "shoshogi": ["3rk4/4+e4/9/9/9/9/r8/4+E4/2G1K4 w - - 0 1", "4k4/2e6/9/9/4r4/9/9/4E4/2+E1K4 w - - 0 1"],
    # drops on the player's own half, on each piece's own points, never with check
    "supply": ["rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R[NNPABc] w - - 0 1",
               "3k5/9/9/9/9/9/9/9/4A4/3AK4[RNCPBr] w - - 0 1"],
    "dobutsu": ["1l1/3/L2/3[EGCegc] w - - 0 1", "2l/g2/1L1/3[EC] w - - 0 1"],
    # a knight on e5 wins at its owner's next turn, unless taken first
    "jesonmor": ["nnnn1nnnn/9/9/9/4N4/9/5n3/9/NNNN1NNNN b - - 0 5", "4n4/9/9/9/9/9/9/9/4N4 w - - 0 1"],
    # pieces in hand from the partner's board; captures leave the game
    "bughouse": ["r1bqk2r/ppp2ppp/2n5/3np3/1b6/2N2N2/PPPP1PPP/R1BQKB1R[QRNbp] w KQkq - 0 6", "k7/8/1Q6/8/8/8/8/K7[q] w - - 0 1"],
    # a pawn dropped with check where the king can step away: no drop mate, though
    # the check wins
    "checkshogi": ["2n6/l1psrs2l/2npg1bkn/Ppg1p3p/1P3Pp2/2PPP1P2/6NpP/LKR1G1S1L/B1SG5[PPp] w - - 1+1 0 49"],
    "atomar": ["8/8/2r5/3kK3/2pQn3/5b2/8/8 w - - 0 1", "r3k3/1p6/2n5/2bqK3/3P4/8/5N2/7R w q - 0 1"],
    "makpong": ["4k3/8/8/8/8/8/3r4/R2K2N1 w - - 0 1", "r3k3/8/8/3n4/8/2N5/8/R2K4 b - - 0 1"],
}

# fixed lines, each from a start: a cycle of checks by one player (who loses on
# the repetition that ends the game), of checks by both, and of quiet moves (a draw)
LINES = {
    "xiangqi": [
        ("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", ["a1a10", "e10e9", "a10a9", "e9e10"] + ["a9a10", "e10e9", "a10a9", "e9e10"] * 2),
        ("9/R3k4/9/9/9/9/9/9/9/3K5 b - - 0 1", ["e9e10", "a9a10", "e10e9", "a10a9"] * 3),
        # the checked player's move completes the repetition
        ("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
         ["d1d2", "e10f10"] + ["a9a10", "f10f9", "a10a9", "f9f10"] * 3),
        ("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", ["a1a2", "d10d9", "a2a1", "d9d10"] * 3),
    ],
    "shogi": [
        ("4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1",
         ["a1a9", "e9e8", "a9a8", "e8e9"] + ["a8a9", "e9e8", "a9a8", "e8e9"] * 4),
        ("4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1", ["a1a2", "e9e8", "a2a1", "e8e9"] * 4),
    ],
    # a quiet fourfold repetition loses for White, whoever completes it
    "minishogi": [
        ("4k/5/5/5/R3K[] w - - 0 1", ["a1a2", "e5d5", "a2a1", "d5e5"] * 4),
        ("4k/5/5/5/R3K[] b - - 0 1", ["e5d5", "a1a2", "d5e5", "a2a1"] * 4),
    ],
    "mini": [("4k/5/5/5/R3K[] b - - 0 1", ["e5d5", "a1a2", "d5e5", "a2a1"] * 4)],
    # a draw is a win for Black: by repetition, and by stalemate
    "armageddon": [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a2", "e8d8", "a2a1", "d8e8"] * 3),
        ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", ["e8d8", "a1a2", "d8e8", "a2a1"] * 3),
        ("7k/4Q3/6K1/8/8/8/8/8 w - - 0 1", ["e7f7"]),
        ("7K/4q3/6k1/8/8/8/8/8 b - - 0 1", ["e7f7"]),
    ],
    # what would be drawn goes by points (komi 1.5 for Black): a bikjang, a double
    # pass, a repetition; the traditional rules draw them
    "janggi": [
        ("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", ["e2e2"]),
        ("4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", ["e2e2"]),
        ("3k5/9/4p4/9/4n4/9/9/3P1P3/9/4K4 w - - 0 1", ["e1e1", "d10d10"]),
        ("3k5/9/4p4/9/4n4/9/9/3P1P3/9/4K4 w - - 0 1", ["e1e2", "d10e10", "e2e1", "e10d10"] * 2),
    ],
    # a piece that can enter the enemy palace, moved back and forth four times in a
    # row, loses (a pass just before the last move does not help); a guard's moves
    # do not count, and the fourfold repetition goes by points
    "janggimodern": [
        ("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", ["a1a2", "e10d10", "a2a3", "d10e10", "a3a2", "e10d10", "a2a3", "d10e10", "a3a2"]),
        ("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1",
         ["a1a2", "e10d10", "a2a3", "d10e10", "a3a2", "e10d10", "a2a3", "d10e10", "e2e2", "e10d10", "a3a2"]),
        ("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1",
         ["a1a2", "e10d10", "a2a3", "d10e10", "e2e2", "e10d10", "a3a2", "d10e10", "a2a3", "e10d10", "a3a2",
          "d10e10", "a2a3", "e10d10", "a3a2"]),
        ("4k4/9/9/9/9/9/9/9/3AK4/9 w - - 0 1", ["d2d1", "e10d10", "d1d2", "d10e10"] * 3),
        ("3k5/9/4p4/9/4n4/9/9/3P1P3/9/4K4 w - - 0 1", ["e1e2", "d10e10", "e2e1", "e10d10"] * 3),
    ],
    "janggitraditional": [
        ("4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", ["e2e2"]),
        ("3k5/9/4p4/9/4n4/9/9/3P1P3/9/4K4 w - - 0 1", ["e1e2", "d10e10", "e2e1", "e10d10"] * 2),
    ],
}

# single moves whose SAN, and the FEN after them, are compared: castling to the
# queen's side with a king that moves right (Chess960); a custom pawn's double step
# (its letter, and its cells in the en-passant field with no capture possible)
SAN_CASES = {
    "pawnback": [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4")],
    "fischerandom": [("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R b KQkq - 0 1", "b8a8"),
                     ("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", "b1h1")],
    "caparandom": [("rk7r/pppppppppp/10/10/10/10/PPPPPPPPPP/RK7R w JAja - 0 1", "b1a1")],
    # a promoted knight and a knight both reach d7: Fairy-Stockfish's SAN tells them apart
    "crazyhouse": [("rnbQbknr/p4p1p/pp1p2PP/4n~1b1/3p1Pp1/1P1p4/R2bN3/1QNK1R2[Pp] b - - 0 49", "e5d7")],
    # one move of vdl's engine, four of Fairy-Stockfish's list: each is read
    "atomic": [("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8r"), ("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q")],
}

# the variants with gating (Seirawan's)
GATING = {"seirawan", "shouse"}

# the variants with royal pieces by count whose promotion makes one (`royal last`)
ROYAL_BY_COUNT = {"shoshogi"}

# the variants whose king never captures (it would turn to stone: Petrified's)
KINGS_WITHOUT_CAPTURE = {"petrified"}

# the variants whose count may be started elsewhere (`countStarted`)
COUNTING = {"makruk", "asean", "ai-wok"}


def drop_mate(variant, start, moves):
    """Whether the last of `moves` is a drop after which pyffish's mated player wins."""
    return ("@" in moves[-1] and not sf.legal_moves(variant, start, moves)
            and sf.game_result(variant, start, moves) > 0)


def kings_side_by_side(fen):
    """Whether the two kings (`K`, `k`) of a FEN stand on neighbouring cells."""
    rows, at = fen.split()[0].split("/"), {}
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            if ch in "Kk":
                at[ch] = (r, f)
            f += 1
    (r1, f1), (r2, f2) = at.get("K", (0, 99)), at.get("k", (99, 0))
    return max(abs(r1 - r2), abs(f1 - f2)) == 1


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
    ours_moves = sorted(vdl.legal_moves(variant, start, moves))
    # a difference on purpose: a drop that mates where the rules forbid it (shogi's
    # pawn, tori shogi's swallow) is in Fairy-Stockfish's list, scored a loss for the
    # dropper once played; vdl's `no-drop-mate` makes it illegal
    theirs = [m for m in theirs if m in ours_moves or not drop_mate(variant, start, moves + [m])]
    # a difference on purpose: `royal last` counts the royal pieces on the board
    # the move leaves; Fairy-Stockfish keeps its king royal through a shogi-style
    # promotion that makes a second (Sho shogi's elephant into a prince), so there
    # such a promotion may not leave the king attacked, as the same move unpromoted
    # a difference on purpose: Fairy-Stockfish tests a gating move without the piece
    # it gates, so it refuses one whose gated piece blocks the line to the king that
    # the move opens; vdl plays the whole move (the plain move is illegal in both)
    if variant in GATING:
        ours_moves = [m for m in ours_moves if m in theirs or not (len(m) == 5 and m[1] in "18" and m[:4] not in ours_moves)]
    if variant in ROYAL_BY_COUNT:
        ours_moves = [m for m in ours_moves if m in theirs or not (m.endswith("+") and m[:-1] not in theirs)]
    same("legal_moves", ours_moves, theirs)
    ours_fen, theirs_fen = vdl.get_fen(variant, start, moves), sf.get_fen(variant, start, moves)
    same("get_fen", ours_fen, theirs_fen)
    same("get_fen showPromoted", vdl.get_fen(variant, start, moves, False, False, True),
         sf.get_fen(variant, start, moves, False, False, True))
    if variant in COUNTING:
        for started in (-1, 1, len(moves) // 2 + 1, len(moves) + 50):
            same(f"get_fen countStarted={started}", vdl.get_fen(variant, start, moves, False, False, False, started),
                 sf.get_fen(variant, start, moves, False, False, False, started))
            ours, theirs_end = (vdl.is_optional_game_end(variant, start, moves, False, started),
                                sf.is_optional_game_end(variant, start, moves, False, started))
            # pyffish's value is meaningless when the game goes on
            same(f"is_optional_game_end countStarted={started}",
                 ours if ours[0] else ours[0], theirs_end if theirs_end[0] else theirs_end[0])
    if variant in SHOGI:
        same("get_fen sfen", vdl.get_fen(variant, start, moves, False, True),
             sf.get_fen(variant, start, moves, False, True))
    # a difference on purpose: a king that never captures attacks nothing in vdl;
    # Fairy-Stockfish (whose king there is a pseudo-royal man that may not take)
    # still counts it as checking the king beside it, in `gives_check` and, with no
    # legal move left, in scoring mate, not stalemate
    side_by_side = variant in KINGS_WITHOUT_CAPTURE and kings_side_by_side(ours_fen)
    if not side_by_side:
        same("gives_check", vdl.gives_check(variant, start, moves), sf.gives_check(variant, start, moves))
    fen = sf.get_fen(variant, start, moves)
    ours_fen = vdl.get_fen(variant, start, moves)
    for m in random.Random(len(moves)).sample(theirs, min(len(theirs), SAN_SAMPLE)):
        same(f"get_san {m}", vdl.get_san(variant, ours_fen, m), sf.get_san(variant, fen, m))
        same(f"is_capture {m}", vdl.is_capture(variant, start, moves, m), sf.is_capture(variant, start, moves, m))
    if not theirs and not side_by_side:
        same("game_result", vdl.game_result(variant, start, moves), sf.game_result(variant, start, moves))
    return theirs


def compare_line(variant, start, line):
    """Every position of a fixed line compared, `is_optional_game_end` too, up to
    the first end (or a position without a legal move, where `game_result` is
    compared); the number of positions."""
    for n in range(len(line) + 1):
        moves = line[:n]
        if not compare_position(variant, start, moves) and n == len(line):
            return n + 1
        ours, theirs = (vdl.is_optional_game_end(variant, start, moves),
                        sf.is_optional_game_end(variant, start, moves))
        # pyffish's value is meaningless when the game goes on
        if (ours if ours[0] else ours[0]) != (theirs if theirs[0] else theirs[0]):
            fail(variant, moves, "is_optional_game_end", ours, theirs)
        if theirs[0]:
            return n + 1
    fail(variant, line, "the line's end", "none", "none")


# variants whose repetitions have rules of their own (perpetual check, points,
# moving a piece back and forth): their random games mostly take back the player's
# last move, and compare `is_optional_game_end` at every position
SHUTTLES = {"janggimodern", "janggi", "janggicasual", "janggitraditional", "xiangqi", "minixiangqi", "shogi", "minishogi"}


def choose(variant, rng, legal, moves):
    """A random legal move; under SHUTTLES, mostly the player's last move taken back."""
    if variant in SHUTTLES and len(moves) >= 2 and rng.random() < 0.8:
        cells = split_cells(moves[-2])
        if cells and cells[1] + cells[0] in legal:
            return cells[1] + cells[0]
    return rng.choice(legal)


def split_cells(move):
    """`a10a9` -> [`a10`, `a9`]; anything else (a drop, a gating) -> []."""
    letters = [i for i, c in enumerate(move) if c.isalpha()]
    if len(letters) != 2 or letters[0] != 0:
        return []
    return [move[:letters[1]], move[letters[1]:]]


def optional_end(variant, start, moves):
    """Whether the game may end here: pyffish's and vdl's `is_optional_game_end`
    compared."""
    ours, theirs = (vdl.is_optional_game_end(variant, start, moves),
                    sf.is_optional_game_end(variant, start, moves))
    if (ours if ours[0] else ours[0]) != (theirs if theirs[0] else theirs[0]):
        fail(variant, moves, "is_optional_game_end", ours, theirs)
    return theirs[0]


def compare_move_count(variant):
    """The start position with 99 half-moves counted: `is_optional_game_end` after
    each of its first legal moves (the move rule's end, or none); the positions."""
    fields = sf.start_fen(variant).split(" ")
    if len(fields) < 6:
        return 0
    start = " ".join(fields[:-2] + ["99", fields[-1]])
    for m in sf.legal_moves(variant, start, [])[:8]:
        ours, theirs = (vdl.is_optional_game_end(variant, start, [m]),
                        sf.is_optional_game_end(variant, start, [m]))
        if (ours if ours[0] else ours[0]) != (theirs if theirs[0] else theirs[0]):
            fail(variant, [m], f"is_optional_game_end from {start}", ours, theirs)
    return 1


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
        own = sf.start_fen(variant)
        if vdl.start_fen(variant) != own:
            fail(variant, [], "start_fen", vdl.start_fen(variant), own)
        for query in ("two_boards", "captures_to_hand"):
            if getattr(vdl, query)(variant) != getattr(sf, query)(variant):
                fail(variant, [], query, getattr(vdl, query)(variant), getattr(sf, query)(variant))
        starts = [own] + ENDGAMES.get(variant, [])
        for g in range(games * len(starts)):
            start = starts[g % len(starts)]
            rng = random.Random(f"{seed}/{variant}/{g}")
            moves = []
            while len(moves) < max_plies:
                legal = compare_position(variant, start, moves)
                positions += 1
                if not legal or variant in SHUTTLES and optional_end(variant, start, moves):
                    break
                moves.append(choose(variant, rng, legal, moves))
        positions += compare_move_count(variant)
        for start, line in LINES.get(variant, []):
            positions += compare_line(variant, start, line)
        for fen, m in SAN_CASES.get(variant, []):
            if vdl.get_san(variant, fen, m) != sf.get_san(variant, fen, m):
                fail(variant, [m], f"get_san {m}", vdl.get_san(variant, fen, m), sf.get_san(variant, fen, m))
            if vdl.get_fen(variant, fen, [m]) != sf.get_fen(variant, fen, [m]):
                fail(variant, [m], "get_fen", vdl.get_fen(variant, fen, [m]), sf.get_fen(variant, fen, [m]))
        print(f"{variant}: {games} games, {time.time() - began:.1f} s")
    print(f"positions: {positions}")


main()
