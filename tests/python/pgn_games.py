"""Read PGN files with python-chess and print, for every game, one line of JSON:
the plies of its main line, the final position's FEN and the recorded result.
The records tests compare these with what `vdl referee --json` reads."""
import json
import sys

import chess.pgn

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            if game.errors:
                raise SystemExit(f"{path}: python-chess: {game.errors}")
            board = game.end().board()
            print(json.dumps({
                "file": path,
                "plies": board.ply() - game.board().ply(),
                "fen": board.fen(),
                "result": game.headers.get("Result", "*"),
            }))
