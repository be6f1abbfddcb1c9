"""vdl from Python: any chess-variant definition, with Fairy-Stockfish's pyffish API.

The module functions answer pyffish's (same names, arguments, defaults and return
types), so that a program written for pyffish runs on vdl by changing its import::

    import vdl as sf
    sf.legal_moves("chess", sf.start_fen("chess"), ["e2e4"])

Variants are named as Fairy-Stockfish names them where it has them ("chess",
"crazyhouse", "shogi", "xiangqi", "3check", ...), and use its FEN and move
conventions there (holdings ``[...]``, promoted ``~``, check counts, ``P@e4``,
``e7e8q``, shogi's ``+``, the duck's ``,``). Every shipped definition is also named
by its file ("baroque", "rococo", "uc40", "panoply", "takeover64", ...); variants
only vdl has use vdl's own FEN and notation. ``load_variant`` adds any definition
file, ``load_variant_config`` a Fairy-Stockfish ``variants.ini`` text.

``Game`` (also ``Position``) keeps a game between calls: ``push``, ``pop``,
``legal_moves`` as ``Move`` objects, ``fen``, ``san``, ``result`` and ``perft``.

Bad input (an unknown variant, a bad FEN, an illegal move, a definition with
errors) raises ``ValueError`` carrying vdl's diagnostic.
"""

from ._vdl import *  # noqa: F401,F403
from ._vdl import Game, Move, error  # noqa: F401

__all__ = [
    "FEN_OK",
    "FEN_INVALID_PROMOTED_PIECE",
    "Game",
    "Move",
    "NOTATION_DEFAULT",
    "NOTATION_JANGGI",
    "NOTATION_LAN",
    "NOTATION_SAN",
    "NOTATION_SHOGI_HODGES",
    "NOTATION_SHOGI_HODGES_NUMBER",
    "NOTATION_SHOGI_HOSKING",
    "NOTATION_THAI_LAN",
    "NOTATION_THAI_SAN",
    "NOTATION_XIANGQI_WXF",
    "Position",
    "VALUE_DRAW",
    "VALUE_MATE",
    "captures_to_hand",
    "error",
    "game_result",
    "get_fen",
    "get_fog_fen",
    "get_san",
    "get_san_moves",
    "gives_check",
    "has_insufficient_material",
    "info",
    "is_capture",
    "is_immediate_game_end",
    "is_optional_game_end",
    "legal_moves",
    "load_variant",
    "load_variant_config",
    "piece_to_partner",
    "set_option",
    "start_fen",
    "two_boards",
    "validate_fen",
    "variants",
    "version",
]


class Position(Game):
    """A ``Game`` named for code that thinks in positions: the same object."""
