"""vdl's engine protocols and notation driven by python-chess, an independent client.

Usage: engine_games.py VDL_BINARY CHECK [ARGS]

Checks:
  uci-games N      N complete chess games of `vdl uci` against itself through
                   chess.engine (every move checked legal by python-chess)
  xboard-games N   the same through `vdl xboard`
  uci-perft        `go perft` over UCI, move by move, against python-chess's own
                   move generator, in positions with castling, en passant and
                   promotions
  uci960-perft     `go perft` of `vdl uci definitions/chess960.vdl`, move by
                   move, against python-chess's Chess960 board (castling as the
                   king taking its rook)
  uci960-games N   N Chess960 games of `vdl uci` against itself from python-
                   chess's arrays 0, 1, ..., each move checked legal
  san GAMES SEED   GAMES random games refereed by `vdl referee --pgn`: every
                   move's SAN equals python-chess's and reads back as the same
                   move, and the result is python-chess's
Prints one line per check and exits 1 on the first disagreement.
"""

import json
import random
import subprocess
import sys

import chess
import chess.engine

CHESS = "definitions/chess.vdl"
CHESS960 = "definitions/chess960.vdl"

PERFT_POSITIONS = [
    (chess.STARTING_FEN, 3),
    # Kiwipete: castling both ways, en passant, promotions nearby.
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2),
]


def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)


CHESS960_PERFT_POSITIONS = [
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3),
    ("4k3/8/8/8/8/8/8/R5KR w HA - 0 1", 3),
    ("rk5r/8/8/8/8/8/8/RK4R1 w GAha - 0 1", 3),
    ("nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9", 3),
]


def play_games(engine, games, limit, start=lambda g: chess.Board()):
    for g in range(games):
        board = start(g)
        while not board.is_game_over(claim_draw=False):
            result = engine.play(board, limit, game=g)
            if result.move is None or result.move not in board.legal_moves:
                fail(f"game {g}: {result.move} is not legal in {board.fen()}")
            board.push(result.move)
        print(f"game {g}: {board.result(claim_draw=False)} in {board.ply()} plies")


def uci_games(vdl, games):
    with chess.engine.SimpleEngine.popen_uci([vdl, "uci", CHESS]) as engine:
        play_games(engine, games, chess.engine.Limit(time=0.02))


def xboard_games(vdl, games):
    with chess.engine.SimpleEngine.popen_xboard([vdl, "xboard", CHESS]) as engine:
        play_games(engine, games, chess.engine.Limit(time=0.02))


def python_divide(board, depth):
    def count(b, d):
        if d == 0:
            return 1
        if d == 1:
            return b.legal_moves.count()
        n = 0
        for m in list(b.legal_moves):
            b.push(m)
            n += count(b, d - 1)
            b.pop()
        return n

    out = {}
    for m in list(board.legal_moves):
        board.push(m)
        out[m.uci()] = count(board, depth - 1)
        board.pop()
    return out


def uci960_games(vdl, games):
    # By hand, not through chess.engine: python-chess would name the variant
    # `chess` (UCI_Variant), and vdl's is `chess960`.
    engine = subprocess.Popen([vdl, "uci", CHESS960], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    def answer(command, starts):
        send(command)
        for line in engine.stdout:
            if line.startswith(starts):
                return line
        fail(f"vdl ended after `{command}`")

    if "UCI_Chess960" not in answer("uci", "option name UCI_Chess960"):
        fail("vdl does not offer UCI_Chess960")
    answer("setoption name UCI_Chess960 value true\nisready", "readyok")
    castlings = 0
    for g in range(games):
        board = chess.Board.from_chess960_pos(g * 97 % 960)
        start = board.fen()
        while not board.is_game_over(claim_draw=True) and board.ply() < 200:
            moves = " ".join(m.uci() for m in board.move_stack)
            send(f"position fen {start}" + (f" moves {moves}" if moves else ""))
            reply = answer("go movetime 20", "bestmove").split()[1]
            move = chess.Move.from_uci(reply)
            if move not in board.legal_moves:
                fail(f"game {g}: {reply} is not legal in {board.fen()}")
            castlings += board.is_castling(move)
            board.push(move)
        print(f"game {g}: {board.result(claim_draw=True)} in {board.ply()} plies from {start}")
    print(f"castlings {castlings}")
    send("quit")
    engine.wait()


def uci_perft(vdl, definition=CHESS, positions=PERFT_POSITIONS, chess960=False):
    for fen, depth in positions:
        # no `quit`: it would stop the count; the end of input lets it finish
        script = f"position fen {fen}\ngo perft {depth}\n"
        out = subprocess.run([vdl, "uci", definition], input=script, capture_output=True, text=True, check=True).stdout
        ours = {}
        total = None
        for line in out.splitlines():
            if line.startswith("Nodes searched:"):
                total = int(line.split(":")[1])
            elif ": " in line:
                move, n = line.split(": ")
                ours[move] = int(n)
        theirs = python_divide(chess.Board(fen, chess960=chess960), depth)
        if ours != theirs:
            diff = set(ours.items()) ^ set(theirs.items())
            fail(f"perft {depth} of {fen}: differs in {sorted(diff)}")
        if total != sum(theirs.values()):
            fail(f"perft {depth} of {fen}: total {total}, expected {sum(theirs.values())}")
        print(f"perft {depth} {total} {fen}")


def san_games(vdl, games, seed):
    """Random games written as records of engine moves, refereed by `vdl referee
    --pgn`; the PGN's SAN must be python-chess's SAN, move for move, and read back
    by python-chess as the same moves, with the same result."""
    import io
    import os
    import tempfile

    import chess.pgn

    rng = random.Random(seed)
    moves = 0
    claims = 0
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "game.game")
        for g in range(games):
            board = chess.Board()
            # vdl's chess ends a game where python-chess's is_game_over does: mate,
            # stalemate, dead position, fivefold repetition, seventy-five moves.
            while not board.is_game_over() and board.ply() < 600:
                board.push(rng.choice(list(board.legal_moves)))
            with open(record, "w") as f:
                f.write(" ".join(m.uci() for m in board.move_stack) + "\n")
            out = subprocess.run([vdl, "referee", "--pgn", CHESS, record], capture_output=True, text=True)
            if out.returncode != 0:
                fail(f"game {g}: vdl referee --pgn failed: {out.stderr}")
            read = chess.pgn.read_game(io.StringIO(out.stdout))
            if read is None or read.errors:
                fail(f"game {g}: python-chess cannot read vdl's PGN: {read.errors if read else out.stdout}")
            replay = chess.Board()
            expected = []
            for m in board.move_stack:
                expected.append(replay.san(m))
                replay.push(m)
            text = out.stdout.split("\n\n", 1)[1]
            got = [w for w in text.split() if not w[0].isdigit() and w != "*"]
            if got != expected:
                for i, (a, b) in enumerate(zip(got, expected)):
                    if a != b:
                        fail(f"game {g} ply {i + 1}: vdl writes {a}, python-chess {b}")
                fail(f"game {g}: {len(got)} moves written, {len(expected)} played")
            if list(read.mainline_moves()) != board.move_stack:
                fail(f"game {g}: the PGN reads back as other moves")
            ours = read.headers.get("Result")
            theirs = board.result(claim_draw=False)
            if ours != theirs:
                fail(f"game {g}: vdl's result {ours}, python-chess's {theirs} ({board.fen()})")
            claims += check_claim(vdl, record, board, rng, g)
            moves += len(expected)
    print(f"san {games} games {moves} moves agree; {claims} of the draw claims allowed")


def check_claim(vdl, record, board, rng, g):
    """A draw written after the moves is a claim: vdl allows it where python-chess's
    can_claim_draw does (threefold repetition or fifty moves, now or by the next
    move). Asked just before the end of a game that ended by repetition or the move
    rule, else at a random ply. Returns 1 if the claim was allowed."""
    n = len(board.move_stack)
    if n == 0:
        return 0
    reason = board.outcome(claim_draw=False)
    by_rule = reason is not None and reason.termination in (
        chess.Termination.FIVEFOLD_REPETITION,
        chess.Termination.SEVENTYFIVE_MOVES,
    )
    k = n - 1 if by_rule else rng.randrange(n)
    at = chess.Board()
    for m in board.move_stack[:k]:
        at.push(m)
    allowed = at.can_claim_draw()
    with open(record, "w") as f:
        f.write(" ".join(m.uci() for m in board.move_stack[:k]) + " 1/2-1/2\n")
    out = subprocess.run([vdl, "referee", "--json", CHESS, record], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"game {g}: vdl referee --json failed: {out.stderr}")
    ours = json.loads(out.stdout)["score"]
    if ours != ("1/2-1/2" if allowed else "*"):
        fail(f"game {g} ply {k}: vdl gives {ours} to a draw claim, python-chess can_claim_draw {allowed} ({at.fen()})")
    return int(allowed)


def main():
    vdl, check, *args = sys.argv[1:]
    if check == "uci-games":
        uci_games(vdl, int(args[0]))
    elif check == "xboard-games":
        xboard_games(vdl, int(args[0]))
    elif check == "uci-perft":
        uci_perft(vdl)
    elif check == "uci960-perft":
        uci_perft(vdl, CHESS960, CHESS960_PERFT_POSITIONS, chess960=True)
    elif check == "uci960-games":
        uci960_games(vdl, int(args[0]))
    elif check == "san":
        san_games(vdl, int(args[0]), int(args[1]))
    else:
        fail(f"unknown check {check}")


if __name__ == "__main__":
    main()
