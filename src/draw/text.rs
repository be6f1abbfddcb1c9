//! Text diagrams of a position for the terminal: square and hexagonal boards,
//! drop queues beside the board, pieces in hand, two-cell pieces.

use vdl::model::Side;
use vdl::Position;

/// The drop queues drawn as a second board beside the first, one row per rank: White's
/// from the bottom row up and Black's from the top row down, each row read left to
/// right in drop order (UC-40's reserve board). None when they do not fit.
pub(crate) fn queue_board(pos: &Position, fw: usize) -> Option<Vec<String>> {
    let rules = pos.rules();
    if !rules.flags.drops {
        return None;
    }
    let board = &rules.definition.board;
    let (w, h) = (board.width() as usize, board.height() as usize);
    let rows_of = |n: usize| n.div_ceil(w);
    let white = pos.queue(Side::White);
    let black = pos.queue(Side::Black);
    if rows_of(white.len()) + rows_of(black.len()) > h {
        return None;
    }
    let mut rows = vec![" .".repeat(w).replace('.', &format!("{:>fw$}", ".")); h];
    let mut draw = |side: Side, queue: &[u8], row_of: &dyn Fn(usize) -> usize| {
        for chunk in 0..rows_of(queue.len()) {
            let cells: Vec<String> = (0..w)
                .map(|f| {
                    queue
                        .get(chunk * w + f)
                        .map_or(format!("{:>fw$}", "."), |&k| {
                            format!("{:>fw$}", rules.piece_label(usize::from(k), side))
                        })
                })
                .collect();
            rows[row_of(chunk)] = format!(" {}", cells.join(" "));
        }
    };
    draw(Side::White, white, &|chunk| chunk);
    draw(Side::Black, black, &|chunk| h - 1 - chunk);
    Some(rows)
}

/// What the queue board shows, the credits, and the queues as text when not drawn.
pub(crate) fn queue_legend(pos: &Position, drawn: bool) -> String {
    let rules = pos.rules();
    let mut out = String::new();
    if drawn {
        out.push_str("right: the drop queues, White's from the bottom row up, Black's from the top row down, in drop order\n");
    }
    for side in [Side::White, Side::Black] {
        let queue: Vec<String> = pos
            .queue(side)
            .iter()
            .map(|&k| rules.piece_label(usize::from(k), side))
            .collect();
        if !drawn {
            out.push_str(&format!("{} queue: {}\n", side.name(), queue.join(" ")));
        }
        out.push_str(&format!(
            "{} drop credits: {}\n",
            side.name(),
            pos.drop_credits(side)
        ));
    }
    out
}

/// What a cell shows: its piece's label, `*` for a wall, `:` for an empty cell of
/// a `capture-only` zone, `.` otherwise.
pub(crate) fn cell_text(pos: &Position, c: vdl::Cell) -> String {
    let rules = pos.rules();
    match pos.piece_at(c) {
        Some(p) => rules.piece_label(p.kind, p.side),
        None if pos.is_wall(c) => "*".to_string(),
        None if rules.capture.capture_only.iter().any(|z| z[c as usize]) => ":".to_string(),
        None => ".".to_string(),
    }
}

/// A hexagonal board: each rank a row, drawn half a cell to the right of the rank
/// below (so a cell's six neighbours touch it), the first and last cell of each rank
/// named at the row's ends.
pub(crate) fn hex_diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let board = &rules.definition.board;
    let fw = rules
        .definition
        .pieces
        .iter()
        .map(|p| p.label.len())
        .max()
        .unwrap_or(1);
    // An even pitch, so that half a cell is a whole number of columns.
    let pitch = (fw + 2) / 2 * 2;
    let name_w = (0..board.height())
        .flat_map(|rank| {
            board
                .row_files(rank)
                .into_iter()
                .map(move |file| (file, rank))
        })
        .map(|(file, rank)| board.cell_name(vdl::model::Coord { file, rank }).len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for rank in (0..board.height()).rev() {
        let files = board.row_files(rank);
        let (Some(&first), Some(&last)) = (files.first(), files.last()) else {
            continue;
        };
        let name = |file| board.cell_name(vdl::model::Coord { file, rank });
        let indent = (first as usize) * pitch + (rank as usize) * pitch / 2;
        out.push_str(&format!("{:>name_w$} {}", name(first), " ".repeat(indent)));
        for file in first..=last {
            let text = rules
                .cell_at(vdl::model::Coord { file, rank })
                .map_or_else(|| " ".to_string(), |c| cell_text(pos, c));
            out.push_str(&format!("{text:^pitch$}"));
        }
        out.push_str(&format!(" {}\n", name(last)));
    }
    out
}

/// The two-cell pieces by their ends, which the drawing cannot pair when they touch.
pub(crate) fn two_cell_legend(pos: &Position) -> String {
    let rules = pos.rules();
    let pairs: Vec<String> = pos
        .two_cell_pairs()
        .into_iter()
        .filter_map(|(a, b)| {
            let p = pos.piece_at(a)?;
            Some(format!(
                "{} {}{}",
                rules.piece_label(p.kind, p.side),
                rules.cell_name(a),
                rules.cell_name(b)
            ))
        })
        .collect();
    if pairs.is_empty() {
        String::new()
    } else {
        format!("two-cell pieces: {}\n", pairs.join(", "))
    }
}

/// Each side's hand, when the variant has hands: `White's hand: P×2 N`.
pub(crate) fn hand_legend(pos: &Position) -> String {
    let rules = pos.rules();
    if !rules.flags.hand {
        return String::new();
    }
    let mut out = String::new();
    for side in [vdl::model::Side::White, vdl::model::Side::Black] {
        let held: Vec<String> = (0..rules.kinds)
            .filter(|&k| pos.reserve_count(side, k) > 0)
            .map(|k| match pos.reserve_count(side, k) {
                1 => rules.piece_label(k, side),
                n => format!("{}×{n}", rules.piece_label(k, side)),
            })
            .collect();
        let held = if held.is_empty() {
            "-".to_string()
        } else {
            held.join(" ")
        };
        out.push_str(&format!("{}'s hand: {held}\n", side.name()));
    }
    out
}

pub(crate) fn diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let board = &rules.definition.board;
    if board.tiling == vdl::model::Tiling::Hex {
        return format!(
            "{}{}{} to move\nFEN: {}\n",
            hex_diagram(pos),
            two_cell_legend(pos),
            pos.side_to_move().name(),
            pos.fen()
        );
    }
    // a column as wide as the widest file name or piece label
    let fw = board
        .files
        .iter()
        .map(String::len)
        .chain(rules.definition.pieces.iter().map(|p| p.label.len()))
        .max()
        .unwrap_or(1);
    let rw = board.ranks.iter().map(String::len).max().unwrap_or(1);
    let restricted = |c: vdl::Cell| rules.capture.capture_only.iter().any(|z| z[c as usize]);
    let mut out = String::new();
    let queues = queue_board(pos, fw);
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>rw$} ", board.ranks[rank as usize]));
        for file in 0..board.width() {
            let coord = vdl::model::Coord { file, rank };
            let text = match rules.cell_at(coord) {
                None => " ".to_string(),
                Some(c) => match pos.piece_at(c) {
                    Some(p) => rules.piece_label(p.kind, p.side),
                    None if pos.is_wall(c) => "*".to_string(),
                    None if restricted(c) => ":".to_string(),
                    None => ".".to_string(),
                },
            };
            out.push_str(&format!(" {text:>fw$}"));
        }
        if let Some(rows) = &queues {
            out.push_str("   |");
            out.push_str(&rows[rank as usize]);
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rw + 1));
    for f in &board.files {
        out.push_str(&format!(" {f:>fw$}"));
    }
    out.push('\n');
    if rules.flags.drops {
        out.push_str(&queue_legend(pos, queues.is_some()));
    }
    out.push_str(&two_cell_legend(pos));
    out.push_str(&hand_legend(pos));
    for (name, _) in &rules.definition.capture_only_zones {
        out.push_str(&format!(
            "`:` zone {name}: a move may end there only when its capture needs it\n"
        ));
    }
    out.push_str(&format!(
        "{} to move\nFEN: {}\n",
        pos.side_to_move().name(),
        pos.fen()
    ));
    out
}
