//! Where things are: coordinates, sides, the board's shape and tiling, offsets.

use serde::Serialize;

/// A cell by its file and rank index (0-based, rank 0 is the first player's side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Coord {
    /// The file, from 0.
    pub file: i32,
    /// The rank, from 0.
    pub rank: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
/// A player.
pub enum Side {
    /// The first player.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Side {
    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// White for 0, Black otherwise.
    pub fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// The board's shape: a grid of labelled files and ranks, less the removed cells.
#[derive(Clone, Debug, Default)]
pub struct BoardShape {
    /// The files' names, left to right.
    pub files: Vec<String>,
    /// The ranks' names, first player's side first.
    pub ranks: Vec<String>,
    /// Cells of the rectangle that are not on the board.
    pub removed: Vec<Coord>,
    /// Square or hexagonal cells.
    pub tiling: Tiling,
}

impl Tiling {
    /// The board's rotations and reflections as integer matrices `[a, b, c, d]`
    /// ((x, y) -> (a·x + b·y, c·x + d·y)), the identity first.
    pub fn symmetries(self) -> Vec<[i32; 4]> {
        match self {
            Tiling::Square => {
                let mut out = Vec::with_capacity(8);
                for swap in [false, true] {
                    for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                        out.push(if swap { [0, sx, sy, 0] } else { [sx, 0, 0, sy] });
                    }
                }
                out
            }
            Tiling::Hex => {
                // A sixth of a turn in axial coordinates is (q, r) -> (-r, q + r); the
                // reflection swapping the two axes is (q, r) -> (r, q).
                let turn = |[a, b, c, d]: [i32; 4]| [-c, -d, a + c, b + d];
                let mut out = Vec::with_capacity(12);
                for start in [[1, 0, 0, 1], [0, 1, 1, 0]] {
                    let mut m = start;
                    for _ in 0..6 {
                        out.push(m);
                        m = turn(m);
                    }
                }
                out
            }
        }
    }

    /// The steps across a cell's edges, going round anticlockwise: four on squares,
    /// six on hexagons (the ends of a two-cell piece are so joined).
    pub fn edge_steps(self) -> Vec<Offset> {
        Offset::new(1, 0).circle(true, self)
    }

    /// The steps to a cell's neighbours: across edges and corners on squares (a
    /// king's steps), across edges on hexagons.
    pub fn neighbours(self) -> Vec<Offset> {
        match self {
            Tiling::Square => {
                let mut v = Offset::new(1, 1).images(self);
                v.extend(Offset::new(1, 0).images(self));
                v
            }
            Tiling::Hex => Offset::new(1, 0).images(self),
        }
    }
}

/// The shape of the cells, which fixes the neighbours and the symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Tiling {
    /// Squares: four neighbours across edges, eight images of an offset.
    #[default]
    Square,
    /// Hexagons in axial coordinates: the six neighbours are (0,±1), (±1,0), (−1,+1)
    /// and (+1,−1); twelve images of an offset. Ranks are rows; each rank is drawn
    /// half a cell to the right of the one below, so (0,+1) is up-right and (−1,+1)
    /// up-left.
    Hex,
}

impl BoardShape {
    /// The files a FEN row of this rank lists, lowest first: every file on squares
    /// (removed cells are written as empty), only the rank's cells on hexagons.
    pub fn row_files(&self, rank: i32) -> Vec<i32> {
        (0..self.width())
            .filter(|&file| self.tiling == Tiling::Square || self.contains(Coord { file, rank }))
            .collect()
    }

    /// The number of files.
    pub fn width(&self) -> i32 {
        self.files.len() as i32
    }
    /// The number of ranks.
    pub fn height(&self) -> i32 {
        self.ranks.len() as i32
    }

    /// Whether the coordinate is a cell of the board (inside the grid, not removed).
    pub fn contains(&self, c: Coord) -> bool {
        c.file >= 0
            && c.rank >= 0
            && c.file < self.width()
            && c.rank < self.height()
            && !self.removed.contains(&c)
    }

    /// A cell's name: its file's name, then its rank's.
    pub fn cell_name(&self, c: Coord) -> String {
        format!(
            "{}{}",
            self.files[c.file as usize], self.ranks[c.rank as usize]
        )
    }

    /// A cell name as a grid coordinate (which may be a removed cell).
    pub fn parse_cell(&self, name: &str) -> Option<Coord> {
        for (f, file) in self.files.iter().enumerate() {
            if let Some(rank) = name.strip_prefix(file.as_str()) {
                if let Some(r) = self.ranks.iter().position(|x| x == rank) {
                    return Some(Coord {
                        file: f as i32,
                        rank: r as i32,
                    });
                }
            }
        }
        None
    }
}

/// A step on the board, oriented for the first player: `dy > 0` is forward, `dx > 0` is right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Offset {
    /// Files to the right.
    pub dx: i32,
    /// Ranks forward (towards the second player).
    pub dy: i32,
}

impl Offset {
    /// One cell along a file or a rank (the first four), or diagonally.
    pub const AROUND: [Offset; 8] = [
        Offset::new(1, 0),
        Offset::new(-1, 0),
        Offset::new(0, 1),
        Offset::new(0, -1),
        Offset::new(1, 1),
        Offset::new(-1, 1),
        Offset::new(1, -1),
        Offset::new(-1, -1),
    ];

    /// The offset `dx` files right, `dy` ranks forward.
    pub const fn new(dx: i32, dy: i32) -> Offset {
        Offset { dx, dy }
    }

    /// The steps to a cell's neighbours on a board of this tiling (a king's steps
    /// on squares, the six edge neighbours on hexagons).
    pub fn neighbours(tiling: Tiling) -> &'static [Offset] {
        const HEX: [Offset; 6] = [
            Offset::new(1, 0),
            Offset::new(0, 1),
            Offset::new(-1, 1),
            Offset::new(-1, 0),
            Offset::new(0, -1),
            Offset::new(1, -1),
        ];
        match tiling {
            Tiling::Square => &Offset::AROUND,
            Tiling::Hex => &HEX,
        }
    }

    /// The offset as seen by the second player, who faces the other way.
    pub fn rotated(self) -> Offset {
        Offset::new(-self.dx, -self.dy)
    }
    /// The images of the offset under the board's rotations and reflections: eight
    /// on squares, twelve on hexagons.
    pub fn images(self, tiling: Tiling) -> Vec<Offset> {
        let mut out: Vec<Offset> = Vec::with_capacity(12);
        for t in tiling.symmetries() {
            let o = self.transformed(t);
            if !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }

    /// The offset under a symmetry `[a, b, c, d]`: (x, y) -> (a·x + b·y, c·x + d·y).
    pub fn transformed(self, [a, b, c, d]: [i32; 4]) -> Offset {
        Offset::new(a * self.dx + b * self.dy, c * self.dx + d * self.dy)
    }

    /// Where the offset points as drawn: x to the right, y up, one cell apart.
    pub fn drawn(self, tiling: Tiling) -> (f64, f64) {
        let (x, y) = (f64::from(self.dx), f64::from(self.dy));
        match tiling {
            Tiling::Square => (x, y),
            Tiling::Hex => (x + y / 2.0, y * 3f64.sqrt() / 2.0),
        }
    }
}

impl Offset {
    /// The offset turned a quarter turn anticlockwise (left, for a piece moving along it).
    pub fn turned_left(self) -> Offset {
        Offset::new(-self.dy, self.dx)
    }

    /// The offset turned a quarter turn clockwise.
    pub fn turned_right(self) -> Offset {
        Offset::new(self.dy, -self.dx)
    }

    /// The offset's images in the order met going round a circle from this offset,
    /// anticlockwise or clockwise: the leaps of a circular rider (the rose's eight
    /// knight leaps, each turning the same way by the next angle).
    pub fn circle(self, anticlockwise: bool, tiling: Tiling) -> Vec<Offset> {
        let angle = |o: &Offset| {
            let (x, y) = o.drawn(tiling);
            y.atan2(x)
        };
        let mut round = self.images(tiling);
        round.sort_by(|a, b| angle(a).total_cmp(&angle(b)));
        if !anticlockwise {
            round.reverse();
        }
        let at = round.iter().position(|&o| o == self).unwrap_or(0);
        round.rotate_left(at);
        round
    }
}

impl std::ops::Add for Offset {
    type Output = Offset;
    fn add(self, o: Offset) -> Offset {
        Offset::new(self.dx + o.dx, self.dy + o.dy)
    }
}
