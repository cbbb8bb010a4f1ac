//! The partial grid an ant fills: candidates per cell and constraint propagation.
//!
//! A cell is *fixed* (it holds a value), *open* (values remain possible) or *failed* (nothing is
//! possible any more; an ant leaves it empty). Fixing a value removes it from the peers (a peer
//! left with one value is fixed in turn), and a value that only one open cell of a row, column or
//! box can still take is fixed there. Fixed values never clash, because a value is only ever
//! fixed where it is still possible. Every buffer is sized once; filling again from the
//! propagated puzzle ([`AntGrid::copy_from`]) and propagating never allocate.
//!
//! Besides each cell's candidates, the grid keeps for each value the set of open cells that can
//! still take it ([`CellSet`]): a value's open peers, and the one place left for a value in a
//! unit, are then a few word operations away instead of a walk over the cells.

use std::sync::Arc;

use super::cell_set::CellSet;
use crate::board::{EMPTY, Geometry, Grid};

/// Each cell's peers and each unit's cells, as sets: shared by every grid of a colony.
#[derive(Debug)]
struct Masks<S> {
    peers: Vec<S>,
    units: Vec<S>,
}

/// Candidates and propagation for one ant's grid, with sets of cells `S` that hold the grid.
#[derive(Debug)]
pub struct AntGrid<S: CellSet> {
    geo: &'static Geometry,
    n: usize,
    /// Per cell: the values still possible, as a mask (bit v−1); the value's bit once fixed.
    cand: Vec<u32>,
    /// Per cell: the fixed value, or `EMPTY`.
    value: Vec<u8>,
    /// Per (unit, value): how many open cells of the unit can still take the value.
    count: Vec<u8>,
    /// Per unit: the values fixed in it, as a mask.
    placed: Vec<u32>,
    /// Per value (v−1): the open cells that can still take it.
    open: Vec<S>,
    /// The open cells.
    open_cells: S,
    masks: Arc<Masks<S>>,
    fixed: u32,
    failed: u32,
    /// Cells to fix, with their value.
    pending: Vec<(u16, u8)>,
    /// (unit, value) pairs whose count has dropped to one.
    lonely: Vec<(u16, u8)>,
}

impl<S: CellSet> Clone for AntGrid<S> {
    /// A copy with its queues at full size, so that propagating on it never allocates.
    fn clone(&self) -> AntGrid<S> {
        let mut pending = Vec::with_capacity(self.pending.capacity().max(self.geo.cells));
        pending.extend_from_slice(&self.pending);
        let mut lonely = Vec::with_capacity(self.lonely.capacity().max(3 * self.n * self.n));
        lonely.extend_from_slice(&self.lonely);
        AntGrid {
            geo: self.geo,
            n: self.n,
            cand: self.cand.clone(),
            value: self.value.clone(),
            count: self.count.clone(),
            placed: self.placed.clone(),
            open: self.open.clone(),
            open_cells: self.open_cells,
            masks: Arc::clone(&self.masks),
            fixed: self.fixed,
            failed: self.failed,
            pending,
            lonely,
        }
    }
}

impl<S: CellSet> AntGrid<S> {
    /// The givens of `grid`, fixed and propagated. `S` must hold the grid's cells.
    pub fn propagated(grid: &Grid) -> AntGrid<S> {
        let geo = grid.geometry();
        assert!(
            geo.cells <= S::ROOM,
            "{} cells in sets of {}",
            geo.cells,
            S::ROOM
        );
        let n = geo.n;
        let all = geo.all_values_mask();
        let set = |cells: &[u16]| S::of(cells.iter().map(|&c| c as usize));
        let mut b = AntGrid {
            geo,
            n,
            cand: vec![all; geo.cells],
            value: vec![EMPTY; geo.cells],
            count: vec![n as u8; 3 * n * n],
            placed: vec![0; 3 * n],
            open: vec![S::of(0..geo.cells); n],
            open_cells: S::of(0..geo.cells),
            masks: Arc::new(Masks {
                peers: geo.peers.iter().map(|p| set(p)).collect(),
                units: geo.units.iter().map(|u| set(u)).collect(),
            }),
            fixed: 0,
            failed: 0,
            pending: Vec::with_capacity(geo.cells),
            lonely: Vec::with_capacity(3 * n * n),
        };
        for (c, &v) in grid.cells().iter().enumerate() {
            if v != EMPTY {
                b.fix(c, v);
            }
        }
        // a lone place for a value in a unit is only noticed when a count drops; look once
        for u in 0..3 * n {
            for v in 1..=n as u8 {
                if b.count[u * n + v as usize - 1] == 1 {
                    b.lonely.push((u as u16, v));
                }
            }
        }
        b.propagate();
        b
    }

    /// Become a copy of `other` (same geometry) without allocating.
    #[inline]
    pub fn copy_from(&mut self, other: &AntGrid<S>) {
        self.cand.copy_from_slice(&other.cand);
        self.value.copy_from_slice(&other.value);
        self.count.copy_from_slice(&other.count);
        self.placed.copy_from_slice(&other.placed);
        self.open.copy_from_slice(&other.open);
        self.open_cells = other.open_cells;
        self.fixed = other.fixed;
        self.failed = other.failed;
        self.pending.clear();
        self.lonely.clear();
    }

    /// The values `cell` can still take (its own value's bit once fixed; 0 once failed).
    #[inline]
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Whether `cell` is open: not fixed and not failed.
    #[inline]
    pub fn is_open(&self, cell: usize) -> bool {
        self.value[cell] == EMPTY && self.cand[cell] != 0
    }

    /// The open cells.
    #[inline]
    pub fn open_cells(&self) -> S {
        self.open_cells
    }

    /// The values, `EMPTY` where none is fixed.
    pub fn cells(&self) -> &[u8] {
        &self.value
    }

    /// How many cells hold a value.
    pub fn fixed(&self) -> u32 {
        self.fixed
    }

    /// How many cells can take no value any more.
    pub fn failed(&self) -> u32 {
        self.failed
    }

    /// Fix `value` at `cell` and propagate. Nothing happens unless the value is still possible
    /// there.
    #[inline]
    pub fn set(&mut self, cell: usize, value: u8) {
        self.fix(cell, value);
        self.propagate();
    }

    /// Fix without propagating further than the peers' candidates.
    fn fix(&mut self, cell: usize, value: u8) {
        let bit = 1u32 << (value - 1);
        if self.value[cell] != EMPTY || self.cand[cell] & bit == 0 {
            return;
        }
        let geo = self.geo;
        let n = self.n;
        self.value[cell] = value;
        self.fixed += 1;
        self.open_cells.remove(cell);
        let units = geo.cell_units[cell];
        // the cell stops counting for every value it could have taken
        let mut others = self.cand[cell];
        while others != 0 {
            let w = others.trailing_zeros() as usize;
            others &= others - 1;
            self.open[w].remove(cell);
            for &u in &units {
                let k = &mut self.count[u as usize * n + w];
                *k -= 1;
                if *k == 1 && w as u8 + 1 != value {
                    self.lonely.push((u, w as u8 + 1));
                }
            }
        }
        self.cand[cell] = bit;
        for &u in &units {
            self.placed[u as usize] |= bit;
        }
        // the open peers that could take the value, in increasing order
        let mut hit = self.open[value as usize - 1].and(self.masks.peers[cell]);
        while let Some(p) = hit.pop_first() {
            debug_assert!(
                self.value[p] == EMPTY && self.cand[p] & bit != 0,
                "cell {p} beside {cell}, fixed with {value}"
            );
            self.eliminate(p, value);
        }
    }

    /// `value` is no longer possible at open `cell`.
    #[inline]
    fn eliminate(&mut self, cell: usize, value: u8) {
        let n = self.n;
        let c = self.cand[cell] & !(1u32 << (value - 1));
        self.cand[cell] = c;
        self.open[value as usize - 1].remove(cell);
        for &u in &self.geo.cell_units[cell] {
            let k = &mut self.count[u as usize * n + value as usize - 1];
            *k -= 1;
            if *k == 1 {
                self.lonely.push((u, value));
            }
        }
        if c == 0 {
            self.failed += 1;
            self.open_cells.remove(cell);
        } else if c & (c - 1) == 0 {
            self.pending
                .push((cell as u16, c.trailing_zeros() as u8 + 1));
        }
    }

    /// Fix every cell left with one value and every value left with one place, to a fixpoint.
    fn propagate(&mut self) {
        loop {
            if let Some((c, v)) = self.pending.pop() {
                self.fix(c as usize, v);
            } else if let Some((u, v)) = self.lonely.pop() {
                let (u, bit) = (u as usize, 1u32 << (v - 1));
                if self.placed[u] & bit != 0 || self.count[u * self.n + v as usize - 1] != 1 {
                    continue;
                }
                // the unit's one open cell that can take the value
                if let Some(c) = self.open[v as usize - 1].and(self.masks.units[u]).first() {
                    self.fix(c, v);
                }
            } else {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Puzzle;
    use crate::board::parse::parse_puzzles;
    use crate::search::ants::Words;

    fn puzzle(line: &str) -> Puzzle {
        parse_puzzles(line.as_bytes(), "test").unwrap().remove(0)
    }

    #[test]
    fn propagation_alone_solves_an_easy_puzzle() {
        let p = puzzle(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        );
        let b = AntGrid::<u128>::propagated(&p.givens);
        assert_eq!(b.fixed(), 81);
        assert_eq!(b.failed(), 0);
        let g = Grid::from_cells(p.geometry(), b.cells().to_vec()).unwrap();
        assert_eq!(
            crate::board::cost::cost(&g, crate::board::Counted::ALL),
            0,
            "{g}"
        );
    }

    /// Fill every open cell of `p` with a candidate chosen by `pick` (conflicts never appear,
    /// failures may); the grid's values at the end, after checking its counts.
    fn fill<S: CellSet>(p: &Puzzle, mut pick: impl FnMut(u32) -> u8) -> Vec<u8> {
        let template = AntGrid::<S>::propagated(&p.givens);
        let mut b = template.clone();
        let cells = p.geometry().cells;
        for c in 0..cells {
            if b.is_open(c) {
                b.set(c, pick(b.candidates(c)));
            }
        }
        let g = Grid::from_cells(p.geometry(), b.cells().to_vec()).unwrap();
        let conflicts = crate::board::cost::conflicts(&g);
        assert!(conflicts.iter().all(|&x| !x), "{g}");
        let empty = g.cells().iter().filter(|&&v| v == EMPTY).count() as u32;
        assert_eq!(empty, cells as u32 - b.fixed());
        assert_eq!(b.failed(), empty, "every empty cell has failed");
        let filled = b.cells().to_vec();
        // copying back gives the propagated puzzle again
        b.copy_from(&template);
        assert_eq!(b.cells(), template.cells());
        assert_eq!(b.fixed(), template.fixed());
        filled
    }

    /// The k-th of a mask's values, k from a simple stream.
    fn chooser(seed: u64) -> impl FnMut(u32) -> u8 {
        let mut x = seed;
        move |mask| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut m = mask;
            for _ in 0..(x >> 33) as u32 % mask.count_ones() {
                m &= m - 1;
            }
            m.trailing_zeros() as u8 + 1
        }
    }

    #[test]
    fn sets_of_any_width_propagate_alike() {
        // a wider set than the grid needs walks the same cells in the same order
        for (name, narrow, wide) in [
            ("top95:3", 81, 128),
            ("la16:2", 256, 640),
            ("la25:2", 625, 1024),
        ] {
            let p = crate::catalog::resolve_one(name).unwrap();
            for seed in 0..20 {
                let (a, b) = match narrow {
                    81 => (
                        fill::<u128>(&p, chooser(seed)),
                        fill::<Words<2>>(&p, chooser(seed)),
                    ),
                    256 => (
                        fill::<Words<4>>(&p, chooser(seed)),
                        fill::<Words<10>>(&p, chooser(seed)),
                    ),
                    _ => (
                        fill::<Words<10>>(&p, chooser(seed)),
                        fill::<Words<16>>(&p, chooser(seed)),
                    ),
                };
                assert_eq!(a, b, "{name}, {narrow} against {wide} cells, seed {seed}");
            }
        }
    }

    #[test]
    fn a_fixed_value_is_never_repeated_and_a_bad_choice_fails_cells() {
        let p = puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        // fill every open cell with its smallest candidate
        let filled = fill::<u128>(&p, |mask| mask.trailing_zeros() as u8 + 1);
        assert!(filled.contains(&EMPTY), "this order fails some cells");
    }
}
