//! Cost, conflicting cells, and move deltas computed from per-unit value counts.
//!
//! The canonical cost is the number of (unit, value) pairs where the value is missing from the
//! unit, summed over the counted units (0 ⇔ solved). The course notebooks report this times 0.1.
//! Representations that keep some units valid by construction count only the others.

use super::geometry::{Geometry, UnitKind};
use super::grid::{EMPTY, Grid};

/// Which kinds of unit a cost counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Rows count.
    pub rows: bool,
    /// Columns count.
    pub columns: bool,
    /// Boxes count.
    pub boxes: bool,
}

impl Counted {
    /// Every unit: the canonical cost.
    pub const ALL: Counted = Counted {
        rows: true,
        columns: true,
        boxes: true,
    };
    /// For a permutation per box: rows and columns.
    pub const LINES: Counted = Counted {
        rows: true,
        columns: true,
        boxes: false,
    };
    /// For a permutation per row: columns and boxes.
    pub const COLUMNS_AND_BOXES: Counted = Counted {
        rows: false,
        columns: true,
        boxes: true,
    };

    /// Whether units of `kind` count.
    pub fn counts(self, kind: UnitKind) -> bool {
        match kind {
            UnitKind::Row => self.rows,
            UnitKind::Column => self.columns,
            UnitKind::Box => self.boxes,
        }
    }
}

/// The cost of a whole grid, counted from scratch. Empty cells count as missing values.
pub fn cost(grid: &Grid, counted: Counted) -> u32 {
    let geo = grid.geometry();
    let mut total = 0;
    for (u, unit) in geo.units.iter().enumerate() {
        if !counted.counts(geo.unit_kind(u)) {
            continue;
        }
        let present = unit.iter().fold(0u32, |m, &c| match grid.get(c as usize) {
            EMPTY => m,
            v => m | 1 << (v - 1),
        });
        total += geo.n as u32 - present.count_ones();
    }
    total
}

/// Cells whose value appears more than once in one of their units (all units checked).
pub fn conflicts(grid: &Grid) -> Vec<bool> {
    let geo = grid.geometry();
    let mut out = vec![false; geo.cells];
    let mut count = [0u8; 26];
    for unit in &geo.units {
        count.fill(0);
        for &c in unit {
            count[grid.get(c as usize) as usize] += 1;
        }
        for &c in unit {
            let v = grid.get(c as usize);
            if v != EMPTY && count[v as usize] > 1 {
                out[c as usize] = true;
            }
        }
    }
    out
}

/// Per-unit value counts that give the cost change of a move in O(1), without a recount.
#[derive(Clone, Debug)]
pub struct CostTracker {
    geo: &'static Geometry,
    counted: Counted,
    stride: usize,
    /// `counts[u * stride + v]`: how many cells of unit u hold v (index 0 = empty, unused).
    counts: Vec<u16>,
    cost: u32,
}

impl CostTracker {
    /// The counts of `grid`, for the units `counted` names.
    pub fn new(grid: &Grid, counted: Counted) -> CostTracker {
        let geo = grid.geometry();
        let stride = geo.n + 1;
        let mut counts = vec![0u16; 3 * geo.n * stride];
        for (cell, &v) in grid.cells().iter().enumerate() {
            for &u in &geo.cell_units[cell] {
                counts[u as usize * stride + v as usize] += 1;
            }
        }
        CostTracker {
            geo,
            counted,
            stride,
            counts,
            cost: cost(grid, counted),
        }
    }

    /// The cost now.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// The units it counts.
    pub fn counted(&self) -> Counted {
        self.counted
    }

    /// How many cells of `unit` hold `value`.
    pub fn count(&self, unit: usize, value: u8) -> u16 {
        self.counts[unit * self.stride + value as usize]
    }

    fn unit_counts(&self, kind: usize) -> bool {
        match kind {
            0 => self.counted.rows,
            1 => self.counted.columns,
            _ => self.counted.boxes,
        }
    }

    /// Cost change in one unit when one cell of it goes from `old` to `new`.
    #[inline]
    fn unit_delta(&self, unit: usize, old: u8, new: u8) -> i32 {
        let base = unit * self.stride;
        let mut d = 0;
        if old != EMPTY && self.counts[base + old as usize] == 1 {
            d += 1;
        }
        if new != EMPTY && self.counts[base + new as usize] == 0 {
            d -= 1;
        }
        d
    }

    /// Cost change if `cell` (holding `old`) were set to `new`.
    #[inline]
    pub fn delta_set(&self, cell: usize, old: u8, new: u8) -> i32 {
        if old == new {
            return 0;
        }
        let mut d = 0;
        for (k, &u) in self.geo.cell_units[cell].iter().enumerate() {
            if self.unit_counts(k) {
                d += self.unit_delta(u as usize, old, new);
            }
        }
        d
    }

    /// Record that `cell` went from `old` to `new`; returns the cost change.
    #[inline]
    pub fn apply_set(&mut self, cell: usize, old: u8, new: u8) -> i32 {
        let d = self.delta_set(cell, old, new);
        for &u in &self.geo.cell_units[cell] {
            let base = u as usize * self.stride;
            self.counts[base + old as usize] -= 1;
            self.counts[base + new as usize] += 1;
        }
        self.cost = (self.cost as i32 + d) as u32;
        d
    }

    /// Cost change if the values `va` of cell `a` and `vb` of cell `b` were exchanged.
    /// Units the two cells share are unchanged by a swap and are skipped.
    #[inline(always)]
    pub fn delta_swap(&self, a: usize, va: u8, b: usize, vb: u8) -> i32 {
        if va == vb {
            return 0;
        }
        let (ua, ub) = (&self.geo.cell_units[a], &self.geo.cell_units[b]);
        let mut d = 0;
        for k in 0..3 {
            if ua[k] != ub[k] && self.unit_counts(k) {
                d += self.unit_delta(ua[k] as usize, va, vb);
                d += self.unit_delta(ub[k] as usize, vb, va);
            }
        }
        d
    }

    /// Record that cells `a` (was `va`) and `b` (was `vb`) exchanged values; returns the change.
    #[inline]
    pub fn apply_swap(&mut self, a: usize, va: u8, b: usize, vb: u8) -> i32 {
        let d = self.delta_swap(a, va, b, vb);
        let (ua, ub) = (self.geo.cell_units[a], self.geo.cell_units[b]);
        for k in 0..3 {
            if ua[k] != ub[k] {
                let (ba, bb) = (ua[k] as usize * self.stride, ub[k] as usize * self.stride);
                self.counts[ba + va as usize] -= 1;
                self.counts[ba + vb as usize] += 1;
                self.counts[bb + vb as usize] -= 1;
                self.counts[bb + va as usize] += 1;
            }
        }
        self.cost = (self.cost as i32 + d) as u32;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse::parse_puzzles;

    #[test]
    fn sudoku_7_solution_costs_zero_and_blanks_count_as_missing() {
        let sol =
            "374561928185429763962378415827613549649257831531984672496832157218745396753196284";
        let g = parse_puzzles(sol.as_bytes(), "s").unwrap().remove(0).givens;
        assert_eq!(cost(&g, Counted::ALL), 0);
        let mut h = g.clone();
        h.set(0, EMPTY);
        assert_eq!(cost(&h, Counted::ALL), 3);
        h.set(0, 7); // 7 twice in row A, column 1 and box 1; 3 missing there
        assert_eq!(cost(&h, Counted::ALL), 3);
        let c = conflicts(&h);
        assert!(c[0] && c[1] && !c[80]);
    }
}
