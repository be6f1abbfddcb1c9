"""The package's own facts: the seeds through the API, the Pythonic layer, the
errors. Prints `ok` at the end; any failed check raises."""

import threading
import warnings

import vdl

UC40 = ("rgrkdrgncanse/pppppppp/8/8/8/8/PPPPPPPP/RGRKDRGNCANSE{DAHRWDWAXEQIMFDAFXFDKHVDHXWAMXDLEE"
        "SCHXGAACQBUWISWLLMASIDFADARCI/dahrwdwaxeqimfdafxfdkhvdhxwamxdleeschxgaacqbuwiswllmasidfad"
        "arci} w - - 0 1")
PANOPLY = ("rcgkgcr/b(b12)bs1hsb(h12)b/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/B(g2)BSH1SB(m2)B/"
           "RCGKGCR w - - 0 1")

# the seeds' perft, from tests/perft/*.epd
SEEDS = [
    ("baroque", None, [32, 944, 42762]),
    ("rococo", None, [25, 625, 23863]),
    ("takeover64", None, [20, 400, 8914]),
    ("uc40", UC40, [25, 601, 16164]),
    ("panoply", PANOPLY, [118, 13391]),
]


def raises(code, f, *args):
    try:
        f(*args)
    except ValueError as e:
        assert code in str(e), f"{code} not in {e}"
        return str(e)
    raise AssertionError(f"no ValueError from {f.__name__}{args}")


for name, fen, counts in SEEDS:
    assert name in vdl.variants(), name
    game = vdl.Game(name, fen)
    for depth, count in enumerate(counts, 1):
        assert game.perft(depth) == count, (name, depth, game.perft(depth), count)
    start = fen or vdl.start_fen(name)
    assert len(vdl.legal_moves(name, start, [])) == counts[0], name
    assert vdl.get_fen(name, start, []) == game.fen, name

# Baroque through pyffish's string API: the pincer pawn's capture
moves = ["e2e4", "d7d5", "e4e5", "d5d4", "d2d3", "c7c5"]
assert vdl.get_fen("baroque", "startpos", moves).startswith("rnbkqbnm/pp2pppp/8/2p1P3/3p4/3P4/PPP2PPP/"), \
    vdl.get_fen("baroque", "startpos", moves)

# the Pythonic layer
g = vdl.Game("chess")
assert g.turn == "w" and len(g.legal_moves) == 20
m = g.push("e2e4")
assert (m.uci, m.san, m.from_square, m.to_square, m.is_capture) == ("e2e4", "e4", "e2", "e4", False)
g.push("e7e5")
g.push("Qh5")  # SAN is read too
assert g.moves == ["e2e4", "e7e5", "d1h5"]
for text in ["b8c6", "f1c4", "g8f6"]:
    g.push(text)
assert g.san("h5f7") == "Qxf7#"
g.push("h5f7")
assert g.result == ("1-0", "checkmate", "Black is checkmated"), g.result
assert g.legal_moves == []
assert g.pop() == "h5f7" and g.result is None
assert str(g.legal_moves[0]) == g.legal_moves[0].uci
copy = g.copy()
copy.push("h5f7")
assert g.result is None and copy.result is not None
assert isinstance(vdl.Position("chess"), vdl.Game)

# shogi through the string API: FSF's conventions
assert vdl.start_fen("shogi") == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
moves = ["c3c4", "g7g6", "b2h8+"]
assert vdl.get_san_moves("shogi", "startpos", moves) == ["P-76", "P-34", "Bx22+"]
assert vdl.get_fen("shogi", "startpos", moves) == \
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
assert "B@e5" in vdl.legal_moves("shogi", "startpos", moves + ["i9i8"])
# the shogi form (SFEN), as pyffish writes it
assert vdl.get_fen("shogi", "startpos", moves + ["b8h8", "B@e5"], False, True) == \
    "lnsgkgsnl/7r1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"

# a definition of one's own, as text (no file access but the shipped bases)
name = vdl.load_variant("""
variant "Rook ending"
board { files a b c d ranks 1 2 3 4 }
piece King K { royal moves "K" }
piece Rook R { moves "R" }
setup "3k/4/4/KR2 w"
end { checkmate loss stalemate draw }
""")
assert name == "rookending" and len(vdl.legal_moves(name, "startpos", [])) == 7
text = raises("vdl::unknown_piece", vdl.load_variant, 'variant "Bad"\nboard { files a b ranks 1 2 }\nsetup "Q1/2 w"\n')
assert ":3:" in text, text  # the error's line
raises("vdl::", vdl.load_variant, 'variant "Base"\nextends "/etc/passwd"\n')
# a shipped network may be named, as a shipped file may be extended; no other
netted = 'extends "chess.vdl"\nevaluation { network "chess.net" }\n'
assert vdl.load_variant(netted, "nettedchess") == "nettedchess"
assert len(vdl.legal_moves("nettedchess", "startpos", [])) == 20
text = raises("vdl::bad_network", vdl.load_variant, netted.replace("chess.net", "other.net"), "othernet")
assert "other.net" in text, text

# a Fairy-Stockfish configuration: what vdl can play is loaded, the rest is warned of
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    vdl.load_variant_config("[passchess:chess]\npass = true\n[spinning:chess]\nflipEnclosedPieces = ataxx\n")
assert "passchess" in vdl.variants() and "spinning" not in vdl.variants()
assert any("spinning" in str(w.message) for w in caught), [str(w.message) for w in caught]
assert "e1e1" in vdl.legal_moves("passchess", "startpos", [])

# errors: ValueError with vdl's diagnostic
raises("vdl::unknown_variant", vdl.legal_moves, "chesss", "startpos", [])
raises("vdl::illegal_move", vdl.legal_moves, "chess", "startpos", ["e2e5"])
raises("vdl::bad_fen", vdl.get_fen, "chess", "rnbqkbnr/pppppppp/8/8 w - - 0 1", [])
raises("vdl::unknown_piece", vdl.get_fen, "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", [])
raises("vdl::illegal_move", vdl.Game("chess").push, "e2e5")
raises("vdl::bad_depth", vdl.Game("chess").perft, 65)
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess") == vdl.FEN_OK
assert vdl.validate_fen("", "chess") == vdl.FEN_EMPTY
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "chess") == vdl.FEN_INVALID_CHAR

# makruk's count, in Fairy-Stockfish's FEN: its limit where the en-passant cell
# goes, the count where the half-move count goes (as pyffish writes it), read back
counting = vdl.get_fen("makruk", "4k3/8/8/8/8/8/3n4/R3K2R w - - 0 1", ["e1d2", "e8d8"])
assert counting == "3k4/8/8/8/8/8/3K4/R6R w - 16 9 2", counting
assert vdl.get_fen("makruk", counting, ["a1a2"]) == "3k4/8/8/8/8/8/R2K4/7R b - 16 10 2"

# Fairy-Stockfish's two-cell en-passant field (a Berolina pawn passed b6 to a5)
assert len(vdl.legal_moves("berolina", "rnbqkbnr/pp1ppppp/8/p7/8/2P5/P1PPPPPP/RNBQKBNR w KQkq a5b6 0 2", [])) == 28

# Grand under Fairy-Stockfish's FEN: no reserve shown; a pawn promotes to the
# kinds the board has fewer of than the start (here only the cardinal)
promotions = [m for m in vdl.legal_moves("grand", "k9/9P/10/10/10/10/10/10/10/KQCRRBBNN1 w - - 0 1", [])
              if m.startswith("j9")]
assert promotions == ["j9j10a"], promotions

# a stranger's FEN with a megabyte en-passant field: an error at once
raises("vdl::bad_fen", vdl.legal_moves, "berolina",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq " + "a1" * 500000 + " 0 1", [])

# insufficient material, per side (pyffish's answers for these)
for variant, fen, expected in [
    ("chess", "k7/b7/8/8/8/8/8/K7 w - - 0 1", (True, True)),
    ("chess", "k7/r7/8/8/8/8/8/K7 w - - 0 1", (True, False)),
    ("chess", "8/8/8/8/8/6KN/8/6nk w - - 0 1", (False, False)),
    ("seirawan", "k7/8/8/8/8/8/8/KH6[] w - - 0 1", (False, True)),
    ("racingkings", "8/8/8/8/8/8/K6k/8 w - - 0 1", (False, False)),
    ("kingofthehill", "k7/8/8/8/8/8/8/K7 w - - 0 1", (False, False)),
    ("atomic", "8/8/8/8/3K4/3k4/8/8 b - - 0 1", (True, True)),
    ("atomic", "k7/q7/8/8/8/8/8/K7 w - - 0 1", (True, False)),
    ("3check", "k7/n7/8/8/8/8/8/K7 w - - 1+2 0 1", (True, False)),
    ("janggi", "4k4/9/9/9/9/4B4/4B4/9/9/4K4 w - - 0 1", (False, True)),
    ("crazyhouse", "k7/8/8/8/8/8/8/K7[] w - - 0 1", (False, False)),
    ("shatranj", "k7/8/8/8/8/8/8/K7 w - - 0 1", (False, False)),
]:
    assert vdl.has_insufficient_material(variant, fen, []) == expected, (variant, fen)

# Fairy-Stockfish's conventions: promoted pieces marked on request (`showPromoted`),
# `Q~` read in any variant; castling rights without their rook dropped, not refused
# (but `validate_fen` calls them invalid); xiangqi's `h`/`e` letters read; a
# Chess960 castling field by rook files
promoted = vdl.get_fen("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", ["a7a8q", "e8d7"], False, False, True)
assert promoted == "Q~7/3k4/8/8/8/8/8/4K3 w - - 1 2", promoted
assert vdl.get_fen("chess", "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1", ["a1a2"], False, False, True) == \
    "4k3/8/8/8/8/8/Q~7/4K3 b - - 1 1"
stray = "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
assert vdl.get_fen("chess", stray, []) == "8/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
assert vdl.validate_fen(stray, "chess") == vdl.FEN_INVALID_CASTLING_INFO
# every right stray: the field becomes `-`
assert vdl.get_fen("chess", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", []) == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
# a stranger's marked FEN with a run of digits past any number: an error, no overflow
raises("vdl::bad_fen", vdl.get_fen, "chess", "9" * 40 + "Q~/8/8/8/8/8/8/4K2k w - - 0 1", [])
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq  0 1", "chess") == vdl.FEN_INVALID_NB_PARTS
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPK w kq - 0 1", "horde") == \
    vdl.FEN_INVALID_NUMBER_OF_KINGS
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+4", "3check") != vdl.FEN_OK
assert vdl.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[HEhe] w KQBCDFGkqbcdfg - 0 1", "seirawan") != vdl.FEN_OK
assert vdl.get_fen("xiangqi", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", []) == \
    vdl.start_fen("xiangqi")
assert vdl.get_fen("chess", vdl.start_fen("chess"), [], True) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"

# makruk's board's-honour count started by a player at ply 1 (`countStarted`): by
# move 101 it has passed its 64 moves
late = "3k4/8/8/3m4/8/8/8/R2K4 b - - 0 100"
assert vdl.get_fen("makruk", late, ["d8e8"], False, False, False, 1) == "4k3/8/8/3m4/8/8/8/R2K4 w - 128 200 101"
assert vdl.is_optional_game_end("makruk", late, ["d8e8"], False, 1) == (True, 0)
assert vdl.is_optional_game_end("makruk", late, ["d8e8"], False, -1) == (False, 0)

# Cambodian chess (cases of pyffish's test.py): the pieces' honour, the board's
# honour with a pawn on the board, the board's honour taking over where, started at
# `countStarted`, it ends sooner; the king's right lost to a rook's aim
assert vdl.get_fen("cambodian", "8/3k4/8/2K1S1P1/8/8/8/8 w - - 0 1", ["g5g6m"], False, False, True) == \
    "8/3k4/6M~1/2K1S3/8/8/8/8 b - 86 8 1"
assert vdl.get_fen("cambodian", "3k4/2m5/8/4MP2/3KS3/8/8/8 w - - 0 1", ["f5f6m"], False, False, True) == \
    "3k4/2m5/5M~2/4M3/3KS3/8/8/8 b - 126 0 1"
assert vdl.get_fen("cambodian", "8/2K3k1/5m2/4S1S1/8/8/8/8 w - 126 101 80", ["e5f6"], False, False, True, 58) == \
    "8/2K3k1/5S2/6S1/8/8/8/8 b - 126 102 80"
assert vdl.get_fen("cambodian", "8/8/4k3/5P2/8/2RMK3/8/8 b - 126 42 50", ["e6f5"], False, False, True, 58) == \
    "8/8/8/5k2/8/2RMK3/8/8 w - 30 7 51"
assert vdl.get_fen("cambodian", "rnsmk1nr/4s3/pppppppp/8/8/PPPPPPPP/R7/1NSKMSNR w DEde - 2 2", ["a2e2"]) == \
    "rnsmk1nr/4s3/pppppppp/8/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 3 2"
# a count limit of 0 (Fairy-Stockfish's FEN) is no count
assert vdl.validate_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde 0 0 1", "cambodian") == 1
assert vdl.get_fen("cambodian", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde 0 0 1", []) == \
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"

# the search: mate in one found, a limit required
g = vdl.Game("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
assert g.search(depth=3) == ("a1a8", "mate", 1), g.search(depth=3)
raises("vdl::no_limit", g.search)

# threads: perft runs without the GIL, so a Python thread goes on meanwhile (5
# plies, a tenth of a second or more: on a busy machine 4 could end before this
# thread is given the processor at all)
counts = []
worker = threading.Thread(target=lambda: counts.append(vdl.Game("chess").perft(5)))
worker.start()
ticks = 0
while worker.is_alive():
    ticks += 1
worker.join()
assert counts == [4865609] and ticks > 0
print("ok")
