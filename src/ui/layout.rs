//! Where the board sits on the canvas: board size as data, square names, and the mapping
//! between CSS pixels and squares. Pure arithmetic, no browser calls.

use std::fmt;

/// The largest board the applet draws: the core's largest; files are named `a`..=`z` and on
/// as the Interactive Diagram names them ([`crate::geometry::file_letter`]).
pub const MAX_FILES: u32 = crate::geometry::MAX_SIDE as u32;
/// The largest number of ranks the applet draws.
pub const MAX_RANKS: u32 = 99;

/// A square on the board, counted from White's bottom-left corner (`a1` is `(0, 0)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// 0-based file, `a` = 0.
    pub file: u32,
    /// 0-based rank, rank `1` = 0.
    pub rank: u32,
}

impl Cell {
    /// `a1` is dark, and colours alternate from there.
    pub fn is_dark(self) -> bool {
        (self.file + self.rank).is_multiple_of(2)
    }

    /// The file's letter, `a` for file 0.
    pub fn file_letter(self) -> char {
        // `file` is below MAX_FILES for every cell a `BoardSize` hands out.
        crate::geometry::file_letter(self.file as u8)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_letter(), self.rank + 1)
    }
}

/// Board dimensions, checked once so the rest of the glue can trust them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSize {
    files: u32,
    ranks: u32,
}

/// Why a board size or a square name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// Files or ranks outside `1..=MAX_FILES` / `1..=MAX_RANKS`.
    Size { files: u32, ranks: u32 },
    /// A square name that is not a file letter followed by a rank number on this board.
    Square(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::Size { files, ranks } => write!(
                f,
                "board size {files}x{ranks} is not supported (files 1..={MAX_FILES}, ranks 1..={MAX_RANKS})"
            ),
            LayoutError::Square(name) => write!(f, "\"{name}\" is not a square of this board"),
        }
    }
}

impl std::error::Error for LayoutError {}

impl BoardSize {
    /// The applet's first board: 9 files by 9 ranks.
    pub const DEFAULT: BoardSize = BoardSize { files: 9, ranks: 9 };

    pub fn new(files: u32, ranks: u32) -> Result<BoardSize, LayoutError> {
        if (1..=MAX_FILES).contains(&files) && (1..=MAX_RANKS).contains(&ranks) {
            Ok(BoardSize { files, ranks })
        } else {
            Err(LayoutError::Size { files, ranks })
        }
    }

    pub fn files(self) -> u32 {
        self.files
    }

    pub fn ranks(self) -> u32 {
        self.ranks
    }

    /// Parses a name such as `e5` or `i10`.
    pub fn parse_cell(self, name: &str) -> Result<Cell, LayoutError> {
        let err = || LayoutError::Square(name.to_owned());
        let mut chars = name.chars();
        let letter = chars.next().ok_or_else(err)?;
        if !('a'..=crate::geometry::file_letter(MAX_FILES as u8 - 1)).contains(&letter) {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        let file = u32::from(letter as u8 - b'a');
        let rank = digits.parse::<u32>().map_err(|_| err())? - 1;
        if file < self.files && rank < self.ranks {
            Ok(Cell { file, rank })
        } else {
            Err(err())
        }
    }

    /// Every cell, rank 1 first.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.ranks).flat_map(move |rank| (0..self.files).map(move |file| Cell { file, rank }))
    }
}

/// A board placed in a rectangle of CSS pixels: square size and offset of the top-left corner.
/// White is at the bottom unless the board is flipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub board: BoardSize,
    /// Black at the bottom: rank 1 at the top, file `a` on the right.
    pub flipped: bool,
    /// Side of one square, CSS pixels.
    pub square: f64,
    /// Left edge of file `a`, CSS pixels from the canvas's left edge.
    pub left: f64,
    /// Top edge of the last rank, CSS pixels from the canvas's top edge.
    pub top: f64,
    /// Width of the strips left of and below the board where the coordinates go when the
    /// squares are too small to hold them in a corner beside a piece (16x16 on a phone); 0
    /// when they are drawn in the squares.
    pub gutter: f64,
    /// Height of each hand's strip (one above the board, one below, with its gap to the
    /// board), CSS pixels; 0 for a board without hands.
    pub hand: f64,
}

impl Placement {
    /// Squares smaller than this (CSS pixels) get their coordinates outside the board.
    pub const SMALL_SQUARE: f64 = 28.0;
    /// The strip for coordinates outside the board.
    pub const GUTTER: f64 = 14.0;
    /// A hand's strip in squares: a row of pieces a square high and the gap to the board.
    pub const HAND_ROWS: f64 = 1.25;

    /// The largest board of square cells that fits in `width` x `height`, centred; with
    /// squares under [`Placement::SMALL_SQUARE`], beside a [`Placement::GUTTER`] on the left
    /// and at the bottom for the coordinates.
    pub fn fit(board: BoardSize, width: f64, height: f64) -> Placement {
        Self::fit_with_hands(board, width, height, false)
    }

    /// As [`Placement::fit`], with a strip for a hand above the board and one below it when
    /// `hands` (each [`Placement::HAND_ROWS`] squares high), all centred together.
    pub fn fit_with_hands(board: BoardSize, width: f64, height: f64, hands: bool) -> Placement {
        let extra = if hands { 2.0 * Self::HAND_ROWS } else { 0.0 };
        let (files, ranks) = (f64::from(board.files), f64::from(board.ranks));
        let side = |w: f64, h: f64| (w / files).min(h / (ranks + extra)).max(0.0);
        let mut gutter = 0.0;
        let mut square = side(width, height);
        if square < Self::SMALL_SQUARE && width > 4.0 * Self::GUTTER {
            gutter = Self::GUTTER;
            square = side(width - gutter, height - gutter);
        }
        let hand = if hands { square * Self::HAND_ROWS } else { 0.0 };
        Placement {
            board,
            flipped: false,
            square,
            left: gutter + (width - gutter - square * files) / 2.0,
            top: (height - gutter - square * (ranks + extra)) / 2.0 + hand,
            gutter,
            hand,
        }
    }

    /// The row of a hand's pieces, `(x, y, width, height)` in CSS pixels: above the board, or
    /// below it (under the coordinates' gutter, if any); None for a board without hands.
    pub fn hand_row(&self, below: bool) -> Option<(f64, f64, f64, f64)> {
        if self.hand <= 0.0 {
            return None;
        }
        let width = self.square * f64::from(self.board.files);
        let gap = self.hand - self.square;
        let y = if below {
            self.top + self.square * f64::from(self.board.ranks) + self.gutter + gap
        } else {
            self.top - self.hand
        };
        Some((self.left, y, width, self.square))
    }

    /// Where the `i`th of `n` pieces of a hand's row is drawn, `(x, y, size)`: a square each,
    /// from the row's left end, smaller when `n` squares would not fit in the row.
    pub fn hand_slot(&self, below: bool, i: usize, n: usize) -> Option<(f64, f64, f64)> {
        let (x, y, width, height) = self.hand_row(below)?;
        let size = height.min(width / n.max(1) as f64);
        Some((x + size * i as f64, y + (height - size) / 2.0, size))
    }

    /// The cell under a point given in CSS pixels from the canvas's top-left corner.
    pub fn cell_at(&self, x: f64, y: f64) -> Option<Cell> {
        if self.square <= 0.0 {
            return None;
        }
        let col = ((x - self.left) / self.square).floor();
        let row = ((y - self.top) / self.square).floor();
        let (files, ranks) = (f64::from(self.board.files), f64::from(self.board.ranks));
        if !(0.0..files).contains(&col) || !(0.0..ranks).contains(&row) {
            return None;
        }
        // In range, so the casts are exact.
        Some(self.cell_at_grid(col as u32, row as u32))
    }

    /// The cell shown at a column (from the left) and row (from the top) of the drawn grid.
    pub fn cell_at_grid(&self, col: u32, row: u32) -> Cell {
        let (files, ranks) = (self.board.files, self.board.ranks);
        if self.flipped {
            Cell {
                file: files - 1 - col,
                rank: row,
            }
        } else {
            Cell {
                file: col,
                rank: ranks - 1 - row,
            }
        }
    }

    /// The column (from the left) and row (from the top) where a cell is drawn.
    pub fn grid_of(&self, cell: Cell) -> (u32, u32) {
        let (files, ranks) = (self.board.files, self.board.ranks);
        if self.flipped {
            (files - 1 - cell.file, cell.rank)
        } else {
            (cell.file, ranks - 1 - cell.rank)
        }
    }

    /// Top-left corner of a cell in CSS pixels.
    pub fn origin_of(&self, cell: Cell) -> (f64, f64) {
        let (col, row) = self.grid_of(cell);
        (
            self.left + f64::from(col) * self.square,
            self.top + f64::from(row) * self.square,
        )
    }

    /// Centre of a cell in CSS pixels.
    pub fn centre_of(&self, cell: Cell) -> (f64, f64) {
        let (x, y) = self.origin_of(cell);
        (x + self.square / 2.0, y + self.square / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_and_colours() {
        let size = BoardSize::DEFAULT;
        let a1 = size.parse_cell("a1").unwrap();
        assert_eq!(a1, Cell { file: 0, rank: 0 });
        assert!(a1.is_dark());
        assert!(!size.parse_cell("b1").unwrap().is_dark());
        assert_eq!(size.parse_cell("i9").unwrap().to_string(), "i9");
        for bad in ["", "j1", "a0", "a10", "A1", "a01", "e", "5e", "e5x"] {
            assert!(size.parse_cell(bad).is_err(), "{bad:?} accepted");
        }
        let big = BoardSize::new(12, 10).unwrap();
        assert_eq!(big.parse_cell("l10").unwrap(), Cell { file: 11, rank: 9 });
        assert!(BoardSize::new(0, 8).is_err());
        assert!(BoardSize::new(31, 8).is_err());
        // Files past `z` as the Interactive Diagram names them.
        let widest = BoardSize::new(30, 8).unwrap();
        assert_eq!(widest.parse_cell("{1").unwrap(), Cell { file: 26, rank: 0 });
        assert_eq!(Cell { file: 29, rank: 7 }.to_string(), "~8");
    }

    /// A 16x16 board in a phone's 328 px: squares under SMALL_SQUARE, so a gutter on the left
    /// and at the bottom holds the coordinates, and board plus gutter fit the box; 9x9 in the
    /// same box has 36 px squares and its coordinates in them.
    #[test]
    fn small_squares_leave_room_for_coordinates_outside() {
        let big = Placement::fit(BoardSize::new(16, 16).unwrap(), 328.0, 328.0);
        assert_eq!(big.gutter, Placement::GUTTER);
        assert_eq!(big.square, (328.0 - Placement::GUTTER) / 16.0);
        assert_eq!(big.left, Placement::GUTTER);
        assert_eq!(big.top + 16.0 * big.square + big.gutter, 328.0);
        assert_eq!(
            big.cell_at(big.left + 1.0, big.top + 1.0)
                .unwrap()
                .to_string(),
            "a16"
        );
        assert_eq!(big.cell_at(big.left - 1.0, big.top + 1.0), None);
        let small = Placement::fit(BoardSize::DEFAULT, 328.0, 328.0);
        assert_eq!((small.gutter, small.left, small.top), (0.0, 0.0, 0.0));
    }

    #[test]
    fn placement_maps_points_to_cells_and_back_both_ways_up() {
        let size = BoardSize::new(10, 8).unwrap();
        // A wide box: the board is centred horizontally.
        let mut placement = Placement::fit(size, 500.0, 240.0);
        assert_eq!(placement.square, 30.0);
        assert_eq!(placement.left, 100.0);
        assert_eq!(placement.top, 0.0);
        assert_eq!(placement.cell_at(101.0, 239.0).unwrap().to_string(), "a1");
        assert_eq!(placement.cell_at(399.0, 1.0).unwrap().to_string(), "j8");
        assert_eq!(placement.cell_at(99.0, 100.0), None);
        assert_eq!(placement.cell_at(401.0, 100.0), None);
        for flipped in [false, true] {
            placement.flipped = flipped;
            for cell in size.cells() {
                let (x, y) = placement.origin_of(cell);
                assert_eq!(placement.cell_at(x + 15.0, y + 15.0), Some(cell));
            }
        }
        // Flipped: Black at the bottom, j8 in the bottom-left corner.
        assert_eq!(placement.cell_at(101.0, 239.0).unwrap().to_string(), "j8");
        assert_eq!(placement.cell_at(399.0, 1.0).unwrap().to_string(), "a1");
    }
}
