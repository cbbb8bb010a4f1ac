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

    /// Whether each kind of unit counts, in the order of a cell's units: rows, columns, boxes.
    #[inline(always)]
    pub fn by_kind(self) -> [bool; 3] {
        [self.rows, self.columns, self.boxes]
    }

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
    /// `counts[u * stride + v]`: how many cells of unit u hold v; for v = 0, the empty cells
    /// plus [`EMPTY_BIAS`].
    counts: Vec<u16>,
    cost: u32,
}

/// Added to each unit's count of empty cells, so that count is never 0 or 1 and a move's delta
/// needs no test for an empty cell (a unit's last copy of a value is the count 1, a missing value
/// the count 0: neither holds for the empties).
const EMPTY_BIAS: u16 = 2;

impl CostTracker {
    /// The counts of `grid`, for the units `counted` names.
    pub fn new(grid: &Grid, counted: Counted) -> CostTracker {
        let geo = grid.geometry();
        let stride = geo.n + 1;
        let mut counts = vec![0u16; 3 * geo.n * stride];
        for unit in counts.chunks_exact_mut(stride) {
            unit[EMPTY as usize] = EMPTY_BIAS;
        }
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
        let n = self.counts[unit * self.stride + value as usize];
        if value == EMPTY { n - EMPTY_BIAS } else { n }
    }

    /// Cost change in one unit, whose counts start at `slot`, when one cell of it goes from
    /// `old` to `new`: +1 if it held the unit's last `old`, -1 if `new` was missing. An empty
    /// cell's count is biased ([`EMPTY_BIAS`]), so neither holds for it.
    #[inline(always)]
    fn unit_delta(&self, slot: usize, old: u8, new: u8) -> i32 {
        let c = &self.counts;
        (c[slot + old as usize] == 1) as i32 - (c[slot + new as usize] == 0) as i32
    }

    /// Cost change if `cell` (holding `old`) were set to `new`.
    #[inline]
    pub fn delta_set(&self, cell: usize, old: u8, new: u8) -> i32 {
        if old == new {
            return 0;
        }
        let mut d = 0;
        for (&slot, counted) in self.geo.unit_slots[cell].iter().zip(self.counted.by_kind()) {
            if counted {
                d += self.unit_delta(slot as usize, old, new);
            }
        }
        d
    }

    /// Record that `cell` went from `old` to `new`; returns the cost change.
    #[inline]
    pub fn apply_set(&mut self, cell: usize, old: u8, new: u8) -> i32 {
        let d = self.delta_set(cell, old, new);
        for &slot in &self.geo.unit_slots[cell] {
            let base = slot as usize;
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
        self.swap_delta_over(&self.counted.by_kind(), a, va, b, vb)
    }

    /// [`delta_swap`](Self::delta_swap) for two cells of one box when rows and columns are
    /// counted (the box swaps of the tuned descents and beam): no box to look at, no kind to test.
    #[inline(always)]
    pub fn delta_swap_in_box(&self, a: usize, va: u8, b: usize, vb: u8) -> i32 {
        debug_assert!(self.counts_lines());
        debug_assert_eq!(self.geo.cell_units[a][2], self.geo.cell_units[b][2]);
        self.swap_delta_over(&[true, true], a, va, b, vb)
    }

    /// The swap's cost change over the unit kinds `kinds` marks counted (rows, columns, boxes;
    /// a shorter list leaves the last out). Inlined, so a constant list costs no test.
    #[inline(always)]
    fn swap_delta_over(&self, kinds: &[bool], a: usize, va: u8, b: usize, vb: u8) -> i32 {
        if va == vb {
            return 0;
        }
        let (sa, sb) = (self.geo.unit_slots[a], self.geo.unit_slots[b]);
        let mut d = 0;
        for (k, &counted) in kinds.iter().enumerate() {
            if counted && sa[k] != sb[k] {
                d += self.delta_swap_across(sa[k] as usize, va, sb[k] as usize, vb);
            }
        }
        d
    }

    /// A swap's cost change in two units that hold one of the cells each, at count slots `sa`
    /// (a's, holding `va`) and `sb` (b's, holding `vb`).
    #[inline(always)]
    pub fn delta_swap_across(&self, sa: usize, va: u8, sb: usize, vb: u8) -> i32 {
        self.unit_delta(sa, va, vb) + self.unit_delta(sb, vb, va)
    }

    /// Whether rows and columns are both counted.
    pub fn counts_lines(&self) -> bool {
        self.counted.rows && self.counted.columns
    }

    /// Record that cells `a` (was `va`) and `b` (was `vb`) exchanged values; returns the change.
    #[inline]
    pub fn apply_swap(&mut self, a: usize, va: u8, b: usize, vb: u8) -> i32 {
        let d = self.delta_swap(a, va, b, vb);
        let (sa, sb) = (self.geo.unit_slots[a], self.geo.unit_slots[b]);
        for k in 0..3 {
            if sa[k] != sb[k] {
                let (ba, bb) = (sa[k] as usize, sb[k] as usize);
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
