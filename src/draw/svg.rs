//! `vdl show --svg`: a position drawn as SVG. Square and hexagonal cells as the
//! definition places them (removed cells left out), capture-only zones tinted, one
//! element per cell (`class="cell" data-cell="e4"`) and per piece (`<g class="piece">`, a two-cell piece one element over its
//! two cells), the common pieces as chess glyphs and the rest as labelled discs,
//! the drop queues as a reserve board to its right (as `vdl show` draws them) and
//! captured pieces off the board listed below, and with
//! `--moves CELL` the moves of one piece marked: a dot for a quiet move, a ring for
//! a capture, a cross on each piece a capture removes away from its landing cell.

use vdl::model::{Coord, Side, Tiling};
use vdl::Cell;
use vdl::{Move, Position};

/// The distance between neighbouring cell centres.
const CELL: f64 = 48.0;
const MARGIN: f64 = 28.0;

/// The glyphs of the pieces chess players know, by the piece's name.
fn glyph(name: &str, side: Side) -> Option<char> {
    let white = match name.to_ascii_lowercase().as_str() {
        "king" => '♔',
        "queen" => '♕',
        "rook" => '♖',
        "bishop" => '♗',
        "knight" => '♘',
        "pawn" => '♙',
        _ => return None,
    };
    // the black glyphs follow the white ones by six code points
    match side {
        Side::White => Some(white),
        Side::Black => char::from_u32(white as u32 + 6),
    }
}

/// Where cells are drawn: centres in SVG coordinates (y down).
struct Layout {
    tiling: Tiling,
    centres: Vec<(f64, f64)>,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(pos: &Position) -> Layout {
        let rules = pos.rules();
        let tiling = rules.definition.board.tiling;
        let raw: Vec<(f64, f64)> = rules
            .board
            .cells
            .iter()
            .map(|c| {
                let (x, y) = (f64::from(c.file), f64::from(c.rank));
                match tiling {
                    Tiling::Square => (x * CELL, -y * CELL),
                    Tiling::Hex => ((x + y / 2.0) * CELL, -y * CELL * 3f64.sqrt() / 2.0),
                }
            })
            .collect();
        let min_x = raw.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let min_y = raw.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let max_x = raw.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let max_y = raw.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let pad = MARGIN + CELL / 2.0;
        Layout {
            tiling,
            centres: raw
                .iter()
                .map(|&(x, y)| (x - min_x + pad, y - min_y + pad))
                .collect(),
            width: max_x - min_x + 2.0 * pad,
            height: max_y - min_y + 2.0 * pad,
        }
    }

    fn centre(&self, c: Cell) -> (f64, f64) {
        self.centres[c as usize]
    }

    /// The cell's outline: a square, or a pointy-topped hexagon.
    fn outline(&self, c: Cell) -> String {
        let (x, y) = self.centre(c);
        match self.tiling {
            Tiling::Square => format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{CELL}\" height=\"{CELL}\"",
                x - CELL / 2.0,
                y - CELL / 2.0
            ),
            Tiling::Hex => {
                let r = CELL / 3f64.sqrt();
                let points: Vec<String> = (0..6)
                    .map(|i| {
                        let a =
                            std::f64::consts::PI / 3.0 * f64::from(i) + std::f64::consts::PI / 6.0;
                        format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
                    })
                    .collect();
                format!("<polygon points=\"{}\"", points.join(" "))
            }
        }
    }
}

/// The cell's colour: two alternating shades on squares, three on hexagons.
fn shade(tiling: Tiling, c: Coord, capture_only: bool) -> &'static str {
    let i = match tiling {
        Tiling::Square => (c.file + c.rank).rem_euclid(2),
        Tiling::Hex => (c.file - c.rank).rem_euclid(3),
    };
    match (capture_only, i) {
        (true, 0) => "#c9b8d6",
        (true, _) => "#ddd0e6",
        (false, 0) => "#b58863",
        (false, 1) => "#f0d9b5",
        _ => "#d7b894",
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The position as an SVG document; `moves_from`: the cell whose piece's moves are marked.
pub fn draw(pos: &Position, legal: &[Move], moves_from: Option<Cell>) -> String {
    let layout = Layout::new(pos);
    let rules = pos.rules();
    let reserve = Reserve::of(pos, &layout);
    let extra = text_lines(pos, reserve.is_some());
    let height = layout.height + 18.0 * extra.len() as f64;
    let width = layout.width + reserve.as_ref().map_or(0.0, Reserve::width);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {w:.0} {height:.0}\" font-family=\"sans-serif\">\n\
         <title>{}</title>\n",
        escape(&format!("{}: {}", rules.definition.name, pos.fen())),
        w = width,
    );
    out.push_str(&format!(
        "<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#fbf8f1\"/>\n"
    ));
    cells(&mut out, pos, &layout);
    if let Some(from) = moves_from {
        marks(&mut out, legal, from, &layout);
    }
    pieces(&mut out, pos, &layout);
    if let Some(reserve) = &reserve {
        reserve.draw(&mut out, pos);
    }
    for (i, line) in extra.iter().enumerate() {
        out.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{:.0}\" font-size=\"13\">{}</text>\n",
            layout.height + 18.0 * i as f64,
            escape(line)
        ));
    }
    out.push_str("</svg>\n");
    out
}

/// Every cell, with its name: files and ranks along the edges of a square board,
/// inside each cell of a hexagonal one.
fn cells(out: &mut String, pos: &Position, layout: &Layout) {
    let rules = pos.rules();
    out.push_str("<g class=\"cells\" stroke=\"#8a7356\" stroke-width=\"0.6\">\n");
    for (i, &coord) in rules.board.cells.iter().enumerate() {
        let c = i as Cell;
        let zone = rules.capture.capture_only.iter().any(|z| z[i]);
        let name = escape(rules.cell_name(c));
        out.push_str(&format!(
            "{} class=\"cell\" data-cell=\"{name}\" fill=\"{}\"><title>{name}</title></{}>\n",
            layout.outline(c),
            shade(layout.tiling, coord, zone),
            if layout.tiling == Tiling::Square {
                "rect"
            } else {
                "polygon"
            }
        ));
    }
    out.push_str("</g>\n<g class=\"coordinates\" font-size=\"10\" fill=\"#5b4a36\">\n");
    let board = &rules.definition.board;
    for (i, &coord) in rules.board.cells.iter().enumerate() {
        let (x, y) = layout.centre(i as Cell);
        let name = escape(rules.cell_name(i as Cell));
        match layout.tiling {
            Tiling::Hex => out.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{name}</text>\n",
                y + CELL * 0.42
            )),
            Tiling::Square => {
                if coord.rank == 0
                    || !board.contains(Coord {
                        rank: coord.rank - 1,
                        ..coord
                    })
                {
                    out.push_str(&format!(
                        "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
                        y + CELL / 2.0 + 12.0,
                        escape(&board.files[coord.file as usize])
                    ));
                }
                if coord.file == 0
                    || !board.contains(Coord {
                        file: coord.file - 1,
                        ..coord
                    })
                {
                    out.push_str(&format!(
                        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n",
                        x - CELL / 2.0 - 4.0,
                        y + 4.0,
                        escape(&board.ranks[coord.rank as usize])
                    ));
                }
            }
        }
    }
    out.push_str("</g>\n");
}

/// One element per piece; a two-cell piece is drawn once, over both its cells.
fn pieces(out: &mut String, pos: &Position, layout: &Layout) {
    let rules = pos.rules();
    let pairs = pos.two_cell_pairs();
    for c in 0..rules.cell_count() as Cell {
        if pos.is_wall(c) {
            wall(out, rules.cell_name(c), layout, c);
            continue;
        }
        let Some(p) = pos.piece_at(c) else { continue };
        if pairs.iter().any(|&(_, b)| b == c) {
            continue;
        }
        let def = &rules.definition.pieces[p.kind];
        let label = rules.piece_label(p.kind, p.side);
        let (x, y) = layout.centre(c);
        let (fill, ink) = match p.side {
            Side::White => ("#ffffff", "#1d1d1d"),
            Side::Black => ("#1d1d1d", "#ffffff"),
        };
        out.push_str(&format!(
            "<g class=\"piece\" data-cell=\"{}\" data-piece=\"{}\"><title>{} {}</title>",
            escape(rules.cell_name(c)),
            escape(&label),
            p.side.name(),
            escape(&def.name)
        ));
        if let Some(&(_, other)) = pairs.iter().find(|&&(a, _)| a == c) {
            let (x2, y2) = layout.centre(other);
            out.push_str(&format!(
                "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#6b6b6b\" \
                 stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>\
                 <line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{fill}\" \
                 stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"14\" \
                 font-weight=\"bold\" fill=\"{ink}\">{}</text></g>\n",
                CELL * 0.74,
                CELL * 0.66,
                (x + x2) / 2.0,
                (y + y2) / 2.0 + 5.0,
                escape(&label)
            ));
            continue;
        }
        token(out, (x, y), &def.name, &label, p.side);
        out.push_str("</g>\n");
    }
}

/// A piece's picture centred on (x, y): its chess glyph, or a disc with its label.
fn token(out: &mut String, (x, y): (f64, f64), name: &str, label: &str, side: Side) {
    let (fill, ink) = match side {
        Side::White => ("#ffffff", "#1d1d1d"),
        Side::Black => ("#1d1d1d", "#ffffff"),
    };
    match glyph(name, side) {
        Some(g) => out.push_str(&format!(
            "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"{:.0}\" \
             fill=\"#1d1d1d\">{g}</text>",
            y + CELL * 0.3,
            CELL * 0.8
        )),
        None => out.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"#1d1d1d\" \
             stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
             font-size=\"{}\" font-weight=\"bold\" fill=\"{ink}\">{}</text>",
            CELL * 0.38,
            y + 5.5,
            if label.len() > 1 { 12 } else { 16 },
            escape(label)
        )),
    }
}

/// Where the reserve board stands: its left edge, its files and ranks.
struct Reserve {
    left: f64,
    files: usize,
    ranks: usize,
}

impl Reserve {
    /// The drop queues as a second board right of the first, as `vdl show` draws
    /// them (UC-40's reserve board): none when the board is not square or they do
    /// not fit in its ranks.
    fn of(pos: &Position, layout: &Layout) -> Option<Reserve> {
        let rules = pos.rules();
        let board = &rules.definition.board;
        if !rules.flags.drops || layout.tiling != Tiling::Square {
            return None;
        }
        let (files, ranks) = (board.width() as usize, board.height() as usize);
        let rows = |side| pos.queue(side).len().div_ceil(files);
        (rows(Side::White) + rows(Side::Black) <= ranks).then_some(Reserve {
            left: layout.width,
            files,
            ranks,
        })
    }

    fn width(&self) -> f64 {
        self.files as f64 * CELL + MARGIN
    }

    /// The centre of a place: White's from the bottom row up, Black's from the top
    /// row down, each row left to right in drop order.
    fn centre(&self, side: Side, place: usize) -> (f64, f64) {
        let (row, file) = (place / self.files, place % self.files);
        let from_top = match side {
            Side::White => self.ranks - 1 - row,
            Side::Black => row,
        };
        let pad = MARGIN + CELL / 2.0;
        (
            self.left + file as f64 * CELL + CELL / 2.0,
            pad + from_top as f64 * CELL,
        )
    }

    fn draw(&self, out: &mut String, pos: &Position) {
        let rules = pos.rules();
        out.push_str("<g class=\"reserve\" stroke=\"#8a7356\" stroke-width=\"0.6\">\n");
        for row in 0..self.ranks {
            for file in 0..self.files {
                let (x, y) = self.centre(Side::Black, row * self.files + file);
                out.push_str(&format!(
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#efe6d2\"/>\n",
                    x - CELL / 2.0,
                    y - CELL / 2.0
                ));
            }
        }
        out.push_str("</g>\n");
        for side in [Side::White, Side::Black] {
            for (place, &k) in pos.queue(side).iter().enumerate() {
                let kind = usize::from(k);
                let label = rules.piece_label(kind, side);
                let name = &rules.definition.pieces[kind].name;
                out.push_str(&format!(
                    "<g class=\"queued\" data-side=\"{}\" data-place=\"{}\" data-piece=\"{}\"><title>{} {}, {} in the queue</title>",
                    side.name().to_ascii_lowercase(),
                    place + 1,
                    escape(&label),
                    side.name(),
                    escape(name),
                    place + 1
                ));
                token(out, self.centre(side, place), name, &label, side);
                out.push_str("</g>\n");
            }
        }
    }
}

/// A wall: its cell filled dark.
fn wall(out: &mut String, name: &str, layout: &Layout, c: Cell) {
    out.push_str(&format!(
        "{} class=\"wall\" data-cell=\"{}\" fill=\"#4a4038\" stroke=\"#1d1d1d\" \
         stroke-width=\"1\"><title>wall</title></{}>\n",
        layout.outline(c),
        escape(name),
        if layout.tiling == Tiling::Square {
            "rect"
        } else {
            "polygon"
        }
    ));
}

/// The moves of the piece on `from`: its cell outlined, a dot on each quiet move's
/// cell, a ring on each capturing move's, a cross on each piece taken elsewhere.
fn marks(out: &mut String, legal: &[Move], from: Cell, layout: &Layout) {
    let (fx, fy) = layout.centre(from);
    out.push_str(&format!(
        "<g class=\"moves\"><circle cx=\"{fx:.1}\" cy=\"{fy:.1}\" r=\"{:.1}\" fill=\"#f6f669\" \
         opacity=\"0.8\"/>\n",
        CELL * 0.46
    ));
    let mine: Vec<&Move> = legal.iter().filter(|m| m.from == from).collect();
    let mut victims: Vec<Cell> = Vec::new();
    let mut targets: Vec<(Cell, bool)> = Vec::new();
    for m in &mine {
        let taking = !m.captures().is_empty() || m.converted().is_some();
        match targets.iter_mut().find(|t| t.0 == m.to) {
            Some(t) => t.1 |= taking,
            None => targets.push((m.to, taking)),
        }
        for &v in m.captures().iter().chain(m.converted().iter()) {
            if v != m.to && !victims.contains(&v) {
                victims.push(v);
            }
        }
    }
    for (c, taking) in targets {
        let (x, y) = layout.centre(c);
        out.push_str(&if taking {
            format!(
                "<circle class=\"capture\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" \
                 stroke=\"#c0392b\" stroke-width=\"4\" opacity=\"0.8\"/>\n",
                CELL * 0.44
            )
        } else {
            format!(
                "<circle class=\"quiet\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#2e7d32\" \
                 opacity=\"0.6\"/>\n",
                CELL * 0.14
            )
        });
    }
    for v in victims {
        let (x, y) = layout.centre(v);
        let d = CELL * 0.3;
        out.push_str(&format!(
            "<path class=\"victim\" d=\"M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}\" \
             stroke=\"#c0392b\" stroke-width=\"4\" opacity=\"0.8\"/>\n",
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        ));
    }
    out.push_str("</g>\n");
}

/// The side to move, the drop queues (unless drawn as the reserve board) and the
/// pieces off the board, as lines of text.
fn text_lines(pos: &Position, reserve_drawn: bool) -> Vec<String> {
    let rules = pos.rules();
    let mut lines = vec![format!("{} to move", pos.side_to_move().name())];
    if reserve_drawn {
        lines.push("right: the drop queues, White's from the bottom row up, Black's from the top row down, in drop order".into());
    }
    if rules.flags.drops {
        lines.push(format!(
            "drop credits: White {}, Black {}",
            pos.drop_credits(Side::White),
            pos.drop_credits(Side::Black)
        ));
    }
    for side in [Side::White, Side::Black] {
        if rules.flags.drops && !reserve_drawn {
            let queue: Vec<String> = pos
                .queue(side)
                .iter()
                .map(|&k| rules.piece_label(usize::from(k), side))
                .collect();
            lines.push(format!("{}'s drop queue: {}", side.name(), queue.join(" ")));
        }
        let off: Vec<String> = (0..rules.kinds)
            .filter(|&k| pos.reserve_count(side, k) > 0)
            .map(|k| {
                format!(
                    "{}×{}",
                    rules.piece_label(k, side),
                    pos.reserve_count(side, k)
                )
            })
            .collect();
        if !off.is_empty() {
            let what = if rules.flags.hand {
                "hand"
            } else {
                "pieces off the board"
            };
            lines.push(format!("{}'s {what}: {}", side.name(), off.join(" ")));
        }
    }
    lines
}
