//! The shape of a grid: its order (box size), units and peers, computed once per order.
//!
//! Every algorithm walks the same tables, so they are built once and shared as `&'static`.
//! Units are numbered rows first (`0..n`), then columns (`n..2n`), then boxes (`2n..3n`).

use std::fmt;
use std::sync::OnceLock;

/// The smallest box size we support (4x4).
pub const MIN_BOX: usize = 2;
/// The largest box size we support (25x25).
pub const MAX_BOX: usize = 5;

/// Which of the three kinds of unit a unit index belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

/// Precomputed tables for one order.
pub struct Geometry {
    /// Box size: 2, 3, 4 or 5.
    pub box_size: usize,
    /// Side of the grid and number of values: box_size².
    pub n: usize,
    /// Number of cells: n².
    pub cells: usize,
    /// `units[u]` lists the n cells of unit u.
    pub units: Vec<Vec<u16>>,
    /// `cell_units[c]` = [row unit, column unit, box unit] of cell c.
    pub cell_units: Vec<[u16; 3]>,
    /// `unit_slots[c]` = `cell_units[c]` times n + 1: where c's units start in a table of n + 1
    /// counts per unit (a value's count follows at its offset), so a count costs no multiply.
    pub unit_slots: Vec<[u16; 3]>,
    /// `peers[c]`: every other cell sharing a unit with c, without repeats.
    pub peers: Vec<Vec<u16>>,
}

static GEOMETRIES: [OnceLock<Geometry>; MAX_BOX - MIN_BOX + 1] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

impl Geometry {
    /// The shared tables for a box size in `2..=5`; `None` for anything else.
    pub fn for_box(box_size: usize) -> Option<&'static Geometry> {
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) {
            return None;
        }
        Some(GEOMETRIES[box_size - MIN_BOX].get_or_init(|| Geometry::build(box_size)))
    }

    /// The geometry whose side is `n` (4, 9, 16 or 25).
    pub fn for_side(n: usize) -> Option<&'static Geometry> {
        (MIN_BOX..=MAX_BOX)
            .find(|b| b * b == n)
            .and_then(Geometry::for_box)
    }

    /// The geometry with `cells` cells (16, 81, 256 or 625).
    pub fn for_cells(cells: usize) -> Option<&'static Geometry> {
        (MIN_BOX..=MAX_BOX)
            .find(|b| b * b * b * b == cells)
            .and_then(Geometry::for_box)
    }

    fn build(box_size: usize) -> Geometry {
        let n = box_size * box_size;
        let cells = n * n;
        let mut units = vec![Vec::with_capacity(n); 3 * n];
        let mut cell_units = Vec::with_capacity(cells);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let b = (r / box_size) * box_size + c / box_size;
            let ids = [r, n + c, 2 * n + b];
            for &u in &ids {
                units[u].push(cell as u16);
            }
            cell_units.push(ids.map(|u| u as u16));
        }
        let peers = (0..cells)
            .map(|cell| {
                let mut seen = vec![false; cells];
                let mut list = Vec::new();
                for &u in &cell_units[cell] {
                    for &p in &units[u as usize] {
                        if p as usize != cell && !seen[p as usize] {
                            seen[p as usize] = true;
                            list.push(p);
                        }
                    }
                }
                list.sort_unstable();
                list
            })
            .collect();
        Geometry {
            box_size,
            n,
            cells,
            units,
            unit_slots: cell_units
                .iter()
                .map(|ids| ids.map(|u| u * (n as u16 + 1)))
                .collect(),
            cell_units,
            peers,
        }
    }

    /// The row of a cell (from 0).
    pub fn row(&self, cell: usize) -> usize {
        cell / self.n
    }

    /// The column of a cell (from 0).
    pub fn col(&self, cell: usize) -> usize {
        cell % self.n
    }

    /// The box of a cell (from 0, left to right, top down).
    pub fn box_of(&self, cell: usize) -> usize {
        self.cell_units[cell][2] as usize - 2 * self.n
    }

    /// Whether unit `unit` is a row, a column or a box.
    pub fn unit_kind(&self, unit: usize) -> UnitKind {
        match unit / self.n {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }

    /// Human name of a cell, in the one notation used everywhere: `r3c2` is row 3, column 2.
    pub fn cell_name(&self, cell: usize) -> CellName {
        CellName {
            row: self.row(cell),
            col: self.col(cell),
        }
    }

    /// Human name of a unit: "row 3", "column 4", "box 7" (boxes counted 1.. left to right, top down).
    pub fn unit_name(&self, unit: usize) -> String {
        let i = unit % self.n;
        match self.unit_kind(unit) {
            UnitKind::Row => format!("row {}", i + 1),
            UnitKind::Column => format!("column {}", i + 1),
            UnitKind::Box => format!("box {}", i + 1),
        }
    }

    /// A bit mask with one bit per value 1..=n.
    pub fn all_values_mask(&self) -> u32 {
        if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        }
    }

    /// "9x9" and friends.
    pub fn label(&self) -> String {
        format!("{}x{}", self.n, self.n)
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{})", self.n, self.n)
    }
}

impl Eq for Geometry {}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.box_size == other.box_size
    }
}

/// A printable cell name such as `r3c2` (row and column from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// The row, from 0.
    pub row: usize,
    /// The column, from 0.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_textbook_sizes() {
        for b in MIN_BOX..=MAX_BOX {
            let g = Geometry::for_box(b).unwrap();
            let n = b * b;
            assert_eq!(g.units.len(), 3 * n);
            assert!(g.units.iter().all(|u| u.len() == n));
            // peers = row + column + box, minus overlaps and the cell itself
            let expected_peers = 3 * (n - 1) - 2 * (b - 1);
            assert!(g.peers.iter().all(|p| p.len() == expected_peers));
        }
        assert_eq!(Geometry::for_box(3).unwrap().peers[0].len(), 20);
        assert!(Geometry::for_box(6).is_none());
        assert!(Geometry::for_box(1).is_none());
    }

    #[test]
    fn names_follow_the_course_notation() {
        let g = Geometry::for_box(3).unwrap();
        assert_eq!(g.cell_name(2 * 9 + 1).to_string(), "r3c2");
        assert_eq!(g.unit_name(2), "row 3");
        assert_eq!(g.unit_name(9 + 3), "column 4");
        assert_eq!(g.unit_name(18 + 6), "box 7");
        assert_eq!(g.box_of(80), 8);
        assert_eq!(g.box_of(3 * 9 + 4), 4);
    }
}
