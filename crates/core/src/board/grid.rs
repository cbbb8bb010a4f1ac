//! Grids of values, puzzles (the givens plus where they came from) and the solution check.

use std::fmt;

use super::geometry::Geometry;

/// The value stored for an empty cell.
pub const EMPTY: u8 = 0;

/// A grid of cells holding 0 (empty) or a value `1..=n`.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    geo: &'static Geometry,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of the given geometry.
    pub fn empty(geo: &'static Geometry) -> Grid {
        Grid {
            geo,
            cells: vec![EMPTY; geo.cells],
        }
    }

    /// A grid from raw values; `None` if the length or a value does not fit the geometry.
    pub fn from_cells(geo: &'static Geometry, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == geo.cells && cells.iter().all(|&v| v as usize <= geo.n))
            .then_some(Grid { geo, cells })
    }

    /// The grid's shape.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// Every cell's value, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Every cell's value, to change in place (values must stay within the geometry).
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The value of a cell (0: empty).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Put a value (0: empty) in a cell.
    pub fn set(&mut self, cell: usize, value: u8) {
        debug_assert!(value as usize <= self.geo.n);
        self.cells[cell] = value;
    }

    /// How many cells hold a value.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != EMPTY).count()
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != EMPTY)
    }

    /// True when every cell is filled and every unit holds each value exactly once.
    pub fn is_valid_solution(&self) -> bool {
        let full = self.geo.all_values_mask();
        self.is_complete()
            && self.geo.units.iter().all(|unit| {
                unit.iter()
                    .fold(0u32, |m, &c| m | 1 << (self.cells[c as usize] - 1))
                    == full
            })
    }

    /// True when this grid keeps every given of `givens`.
    pub fn keeps_givens(&self, givens: &Grid) -> bool {
        self.geo == givens.geo
            && givens
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&g, &v)| g == EMPTY || g == v)
    }

    /// One line of n² symbols, `.` for empty cells: the format `solve --format lines` prints.
    pub fn to_line(&self) -> String {
        // every symbol is one ASCII byte
        let bytes = self.cells.iter().map(|&v| symbol(v) as u8).collect();
        String::from_utf8(bytes).expect("symbols are ASCII")
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

/// Rows of symbols with box borders, e.g. `3 7 4 | 5 6 1 | 9 2 8`.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, b) = (self.geo.n, self.geo.box_size);
        let rule = vec!["-".repeat(2 * b - 1); b].join("-+-");
        for r in 0..n {
            if r > 0 && r % b == 0 {
                writeln!(f, "{rule}")?;
            }
            let mut line = String::with_capacity(4 * n);
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % b == 0 { " | " } else { " " });
                }
                line.push(symbol(self.cells[r * n + c]));
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The printed symbol of a value: `1`-`9`, then `A`.. for 10 and above, `.` for empty.
pub fn symbol(value: u8) -> char {
    match value {
        EMPTY => '.',
        1..=9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

/// The value of a symbol: `Some(0)` for a blank (`.` or `0`), `Some(v)` for `1`-`9` and the
/// letters `A`-`P` (10-25, case-insensitive), `None` for anything else (no order uses Q-Z).
pub fn value_of(symbol: char) -> Option<u8> {
    let byte = u8::try_from(symbol).ok()?;
    Some(SYMBOL_VALUE[byte as usize]).filter(|&v| v != NOT_A_SYMBOL)
}

/// Each byte's value as a symbol: 0 for a blank (`.` `0`), 1-25 for `1`-`9` and `A`-`P` (either
/// case), and [`NOT_A_SYMBOL`] for anything else. [`value_of`] reads it, and so does the
/// parser's fast path, byte by byte.
pub(crate) static SYMBOL_VALUE: [u8; 256] = {
    let mut table = [NOT_A_SYMBOL; 256];
    table[b'.' as usize] = EMPTY;
    let mut b = b'0';
    while b <= b'9' {
        table[b as usize] = b - b'0';
        b += 1;
    }
    let mut k = 0;
    while k < 16 {
        table[(b'A' + k) as usize] = 10 + k;
        table[(b'a' + k) as usize] = 10 + k;
        k += 1;
    }
    table
};

/// Above every value of every size, so that one maximum catches both a symbol too large for the
/// grid and a byte that is no symbol.
pub(crate) const NOT_A_SYMBOL: u8 = u8::MAX;

/// A puzzle: its givens and a name saying where it came from (`top95:12`, `file.txt:3`, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Where it came from.
    pub name: String,
    /// The given values (empty elsewhere).
    pub givens: Grid,
}

impl Puzzle {
    /// A puzzle named `name` with these givens.
    pub fn new(name: impl Into<String>, givens: Grid) -> Puzzle {
        Puzzle {
            name: name.into(),
            givens,
        }
    }

    /// The puzzle's shape.
    pub fn geometry(&self) -> &'static Geometry {
        self.givens.geometry()
    }

    /// Whether a cell holds a given.
    pub fn is_given(&self, cell: usize) -> bool {
        self.givens.get(cell) != EMPTY
    }

    /// Cells an algorithm may change, in order.
    pub fn free_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.givens.cells().len()).filter(|&c| !self.is_given(c))
    }

    /// True when `grid` solves this puzzle.
    pub fn is_solved_by(&self, grid: &Grid) -> bool {
        grid.keeps_givens(&self.givens) && grid.is_valid_solution()
    }

    /// Why `start` cannot be a board this puzzle's search starts from: another size, or a
    /// given changed (blanks are fine; the search fills them).
    pub fn start_error(&self, start: &Grid) -> Option<String> {
        let geo = self.geometry();
        if start.geometry() != geo {
            return Some(format!(
                "the start board is {}; the puzzle is {}",
                start.geometry().label(),
                geo.label()
            ));
        }
        (0..geo.cells)
            .find(|&c| self.is_given(c) && start.get(c) != self.givens.get(c))
            .map(|c| {
                format!(
                    "the start board has {} at {}, where the puzzle gives {}",
                    match start.get(c) {
                        EMPTY => "a blank".to_string(),
                        v => symbol(v).to_string(),
                    },
                    geo.cell_name(c),
                    symbol(self.givens.get(c))
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_board_keeps_the_givens_and_the_size() {
        let geo = Geometry::for_box(2).unwrap();
        let givens =
            Grid::from_cells(geo, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]).unwrap();
        let p = Puzzle::new("p", givens.clone());
        assert_eq!(p.start_error(&givens), None);
        let mut s = givens.clone();
        s.set(1, 3);
        assert_eq!(p.start_error(&s), None, "free cells may hold anything");
        s.set(15, 4);
        assert_eq!(
            p.start_error(&s).unwrap(),
            "the start board has 4 at r4c4, where the puzzle gives 2"
        );
        s.set(15, EMPTY);
        assert!(p.start_error(&s).unwrap().contains("a blank at r4c4"));
        let nine = Grid::empty(Geometry::for_box(3).unwrap());
        assert_eq!(
            p.start_error(&nine).unwrap(),
            "the start board is 9x9; the puzzle is 4x4"
        );
    }

    #[test]
    fn symbols_round_trip_for_every_value_up_to_25() {
        for v in 0..=25u8 {
            assert_eq!(value_of(symbol(v)), Some(v));
        }
        assert_eq!(value_of('g'), Some(16));
        assert_eq!(value_of('x'), None);
        assert_eq!(value_of('?'), None);
    }

    #[test]
    fn display_draws_box_borders() {
        let geo = Geometry::for_box(2).unwrap();
        let g =
            Grid::from_cells(geo, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        assert!(g.is_valid_solution());
        assert_eq!(
            g.to_string(),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
    }
}
