//! `vdl play`: a game in the terminal, against a person or the computer.

use crate::cli::Opponent;
use crate::draw::text::diagram;
use crate::Failure;
use vdl::model::Side;
use vdl::referee::{self, Game, Rng};
use vdl::{Position, Ruleset};

pub(crate) const PLAY_HELP: &str = "\
Enter a move (`P e2-e4`, `e2-e4`, `e7-e8; Q-e8`) or a command:
  moves          list the legal moves      moves CELL   the moves of one piece
  undo           take back a move          fen          print the position as FEN
  claim          claim a draw (repetition or move rule, where the definition allows it)
  save FILE      write a game record       board        draw the board again
  help           this text                 quit         leave";

/// The computer player of `vdl play`.
pub(crate) struct Computer {
    searcher: Option<vdl::search::Searcher>,
    limits: vdl::search::Limits,
    rng: Rng,
}

impl Computer {
    pub(crate) fn new(rules: &Ruleset, opponent: Opponent, movetime: u64, seed: u64) -> Computer {
        Computer {
            searcher: (opponent == Opponent::Search).then(|| vdl::search::Searcher::new(rules, 64)),
            limits: vdl::search::Limits {
                movetime: Some(std::time::Duration::from_millis(movetime.max(1))),
                ..Default::default()
            },
            rng: Rng::new(seed),
        }
    }

    fn choose(&mut self, game: &Game) -> Option<vdl::Move> {
        match &mut self.searcher {
            Some(s) => referee::ai::search(s, game, &self.limits, &mut |_| {}).and_then(|f| f.best),
            None => referee::ai::two_ply(game, &mut self.rng),
        }
    }
}

pub(crate) fn play(
    start: Position,
    ai: Option<Side>,
    computer: Computer,
    pgn: Option<&str>,
) -> Result<(), Failure> {
    let mut game = Game::new(start);
    let result = play_session(&mut game, ai, computer);
    if let Some(path) = pgn {
        let computer_tag = |side| if ai == Some(side) { "vdl" } else { "?" };
        let tags = [
            ("White", computer_tag(Side::White)),
            ("Black", computer_tag(Side::Black)),
        ];
        std::fs::write(path, referee::pgn::write(&game, &tags))
            .map_err(|e| Failure::Usage(format!("cannot write {path}: {e}")))?;
        outln!("wrote the game as PGN to {path}");
    }
    result
}

/// Where the game started, for a saved record.
struct Start {
    fen: String,
    side: Side,
    number: u32,
}

pub(crate) fn play_session(
    game: &mut Game,
    ai: Option<Side>,
    mut computer: Computer,
) -> Result<(), Failure> {
    use std::io::{BufRead, Write};
    let start = game.position();
    let rules = start.rules();
    let from = Start {
        fen: start.fen(),
        side: start.side_to_move(),
        number: start.fullmove_number(),
    };
    outln!("{PLAY_HELP}\n");
    out!("{}", diagram(game.position()));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if let Some(r) = game.result() {
            outln!("Game over: {r}");
        } else if Some(game.position().side_to_move()) == ai {
            if let Some(m) = computer.choose(game) {
                outln!(
                    "{} plays {}",
                    game.position().side_to_move().name(),
                    game.notation(&m)
                );
                let taken = captured_text(game.position(), &m);
                game.play(m);
                out!("{taken}{}", diagram(game.position()));
                continue;
            }
        }
        out!("{}> ", game.position().side_to_move().name());
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            outln!();
            break;
        };
        let line = line.trim();
        let (word, arg) = line
            .split_once(' ')
            .map_or((line, ""), |(w, a)| (w, a.trim()));
        match word {
            "" => {}
            "quit" | "exit" => break,
            "help" => outln!("{PLAY_HELP}"),
            "board" => out!("{}", diagram(game.position())),
            "fen" => outln!("{}", game.position().fen()),
            "moves" => list_moves(game, arg),
            "undo" => undo(game, ai.is_some()),
            "claim" => match game.claim() {
                Some(r) => outln!("Result: {r}"),
                None => outln!("no draw can be claimed now"),
            },
            "save" => save(game, &from, arg),
            _ => play_line(game, rules, word, line),
        }
    }
    Ok(())
}

/// `moves [CELL]`: the legal moves, or those of the piece on a cell.
fn list_moves(game: &Game, arg: &str) {
    let rules = game.position().rules();
    let from = if arg.is_empty() {
        None
    } else {
        rules.cell_by_name(arg).map(Some).unwrap_or(None)
    };
    if !arg.is_empty() && from.is_none() {
        outln!("`{arg}` is not a cell of this board");
        return;
    }
    let mut shown: Vec<String> = (game.legal_moves().iter())
        .filter(|m| from.is_none_or(|f| m.from == f))
        .map(|m| game.notation(m))
        .collect();
    shown.sort();
    if shown.is_empty() {
        let whence = if arg.is_empty() {
            String::new()
        } else {
            format!(" from {arg}")
        };
        outln!("no legal moves{whence}");
    } else {
        outln!("{}", shown.join(", "));
    }
}

/// `undo`: the last move taken back, and the computer's before it when it plays.
fn undo(game: &mut Game, against_computer: bool) {
    let steps = if against_computer && game.played().len() >= 2 {
        2
    } else {
        1
    };
    let mut undone = 0;
    for _ in 0..steps {
        if game.undo() {
            undone += 1;
        }
    }
    if undone == 0 {
        outln!("nothing to undo");
    } else {
        out!("{}", diagram(game.position()));
    }
}

/// `save FILE`: the game as a record.
fn save(game: &Game, from: &Start, arg: &str) {
    if arg.is_empty() {
        outln!("save needs a file name: save FILE");
        return;
    }
    let moves: Vec<String> = game.played().iter().map(|p| p.notation.clone()).collect();
    let mut record = referee::record::write(&from.fen, from.side, from.number, &moves);
    // A claimed draw is written as the result, which reads back as the claim.
    if let Some(r) = game.result().filter(|r| r.claimed) {
        record.push_str(&format!("{}\n", r.score()));
    }
    match std::fs::write(arg, record) {
        Ok(()) => outln!("saved {} moves to {arg}", moves.len()),
        Err(e) => outln!("cannot write {arg}: {e}"),
    }
}

/// A line that is no command: a move, or why it is none.
fn play_line(game: &mut Game, rules: &Ruleset, word: &str, line: &str) {
    let before = game.position().clone();
    match game.play_text(line) {
        Ok(m) => out!("{}{}", captured_text(&before, &m), diagram(game.position())),
        Err(_) if is_command_word(rules, word) => {
            outln!("unknown command `{word}`: `help` lists the commands; a move is written `e2-e4`")
        }
        Err(r) => {
            outln!("illegal: {}", r.message);
            if let Some(h) = r.help {
                outln!("  {h}");
            }
        }
    }
}

/// Whether a word that is neither a command nor a move looks like a mistyped
/// command rather than a move: a word of three or more lower-case letters that is
/// no cell of the board.
pub(crate) fn is_command_word(rules: &Ruleset, word: &str) -> bool {
    word.len() >= 3
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && rules.cell_by_name(word).is_none()
}

/// "takes the Pawn on d5" for each piece a move removes or converts, one line.
pub(crate) fn captured_text(pos: &Position, m: &vdl::Move) -> String {
    let rules = pos.rules();
    let name = |c| {
        pos.piece_at(c).map_or_else(
            || "piece".to_string(),
            |p| rules.definition.pieces[p.kind].name.clone(),
        )
    };
    let mut parts: Vec<String> = m
        .captures()
        .iter()
        .map(|&c| format!("takes the {} on {}", name(c), rules.cell_name(c)))
        .collect();
    if let Some(c) = m.converted() {
        parts.push(format!(
            "converts the {} on {}",
            name(c),
            rules.cell_name(c)
        ));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("{}\n", parts.join(", "))
    }
}
