//! Moves, the state they act on, and the two neighbourhoods the descents and annealings use.
//!
//! - *Classic* (the course): every swap of two free cells that share a unit, enumerated unit by
//!   unit (rows, columns, boxes) so a pair sharing two units appears twice, then every change of a
//!   free cell to each of its other values — 605 neighbours on `sudoku_7`.
//! - *Box swap* (Lewis 2007): every swap of two free cells inside one box, on a representation
//!   where each box is a permutation; only rows and columns can clash.
//!
//! Moves are addressed by index, so a search can scan or sample the neighbourhood without
//! building a list.

use crate::board::{CostTracker, Counted, Grid, Puzzle};
use crate::search::contract::Change;

/// One move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Exchange the values of two cells.
    Swap(u16, u16),
    /// Put a value in a cell.
    Set(u16, u8),
}

impl Move {
    /// The move as the step log reports it, with the values it finds on `cells` (call it
    /// before applying the move).
    pub fn change(self, cells: &[u8]) -> Change {
        match self {
            Move::Swap(a, b) => Change::Swap {
                a,
                b,
                a_value: cells[a as usize],
                b_value: cells[b as usize],
            },
            Move::Set(cell, to) => Change::Set {
                cell,
                from: cells[cell as usize],
                to,
            },
        }
    }
}

/// A grid with its cost tracker: applying or evaluating a move is O(1).
#[derive(Clone, Debug)]
pub struct State {
    /// Every cell's value, givens included.
    pub cells: Vec<u8>,
    /// Per-unit value counts, for move deltas.
    pub tracker: CostTracker,
}

impl State {
    /// The state of `grid`, counting the units `counted` names.
    pub fn new(grid: &Grid, counted: Counted) -> State {
        State {
            cells: grid.cells().to_vec(),
            tracker: CostTracker::new(grid, counted),
        }
    }

    /// The cost of the grid.
    pub fn cost(&self) -> u32 {
        self.tracker.cost()
    }

    /// The cost change `m` would cause.
    #[inline]
    pub fn delta(&self, m: Move) -> i32 {
        match m {
            Move::Swap(a, b) => {
                let (a, b) = (a as usize, b as usize);
                self.tracker.delta_swap(a, self.cells[a], b, self.cells[b])
            }
            Move::Set(c, v) => self
                .tracker
                .delta_set(c as usize, self.cells[c as usize], v),
        }
    }

    /// Make the move; returns the cost change.
    #[inline]
    pub fn apply(&mut self, m: Move) -> i32 {
        match m {
            Move::Swap(a, b) => {
                let (a, b) = (a as usize, b as usize);
                let (va, vb) = (self.cells[a], self.cells[b]);
                self.cells[a] = vb;
                self.cells[b] = va;
                self.tracker.apply_swap(a, va, b, vb)
            }
            Move::Set(c, v) => {
                let c = c as usize;
                let old = self.cells[c];
                self.cells[c] = v;
                self.tracker.apply_set(c, old, v)
            }
        }
    }
}

/// Which neighbourhood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The course's: swaps of free cells sharing a unit, and value changes.
    Classic,
    /// Swaps of two free cells inside a box.
    BoxSwap,
}

/// The moves of a neighbourhood, addressable by index.
#[derive(Clone, Debug)]
pub struct Neighbourhood {
    kind: Kind,
    pairs: Vec<(u16, u16)>,
    free: Vec<u16>,
    /// Value changes per free cell (n - 1 for classic, 0 for box swaps).
    changes_per_cell: usize,
    /// The box swaps whose cells share a row or a column, with their index (empty for
    /// classic): steepest descent's scan takes them in a loop of their own.
    line_pairs: Vec<LinePair>,
    /// The box swaps whose cells share no line, with their index (empty for classic).
    apart_pairs: Vec<ApartPair>,
}

/// A box swap whose cells share a row or a column: the count slots of the other line of each.
#[derive(Clone, Copy, Debug)]
struct LinePair {
    a: u16,
    b: u16,
    sa: u16,
    sb: u16,
    i: u32,
}

/// A box swap whose cells share no line: the count slots of both lines of each.
#[derive(Clone, Copy, Debug)]
struct ApartPair {
    a: u16,
    b: u16,
    ra: u16,
    rb: u16,
    ca: u16,
    cb: u16,
    i: u32,
}

impl Neighbourhood {
    /// The moves of `kind` on `puzzle`'s free cells.
    pub fn new(puzzle: &Puzzle, kind: Kind) -> Neighbourhood {
        let geo = puzzle.geometry();
        let units = match kind {
            Kind::Classic => 0..3 * geo.n,
            Kind::BoxSwap => 2 * geo.n..3 * geo.n,
        };
        let mut pairs = Vec::new();
        for u in units {
            let free: Vec<u16> = geo.units[u]
                .iter()
                .copied()
                .filter(|&c| !puzzle.is_given(c as usize))
                .collect();
            for i in 0..free.len() {
                for j in i + 1..free.len() {
                    pairs.push((free[i], free[j]));
                }
            }
        }
        let (mut line_pairs, mut apart_pairs) = (Vec::new(), Vec::new());
        if kind == Kind::BoxSwap {
            for (i, &(a, b)) in pairs.iter().enumerate() {
                let (sa, sb) = (geo.unit_slots[a as usize], geo.unit_slots[b as usize]);
                let i = i as u32;
                if sa[0] == sb[0] || sa[1] == sb[1] {
                    // the line they do not share: the column when the row is shared
                    let k = (sa[0] == sb[0]) as usize;
                    line_pairs.push(LinePair {
                        a,
                        b,
                        sa: sa[k],
                        sb: sb[k],
                        i,
                    });
                } else {
                    apart_pairs.push(ApartPair {
                        a,
                        b,
                        ra: sa[0],
                        rb: sb[0],
                        ca: sa[1],
                        cb: sb[1],
                        i,
                    });
                }
            }
        }
        Neighbourhood {
            kind,
            line_pairs,
            apart_pairs,
            pairs,
            free: puzzle.free_cells().map(|c| c as u16).collect(),
            changes_per_cell: if kind == Kind::Classic { geo.n - 1 } else { 0 },
        }
    }

    /// Number of neighbours.
    pub fn len(&self) -> usize {
        self.pairs.len() + self.free.len() * self.changes_per_cell
    }

    /// The cost change of every move from `state`, in order.
    pub fn deltas(&self, state: &State) -> impl Iterator<Item = i32> + use<> {
        let mut all = Vec::with_capacity(self.len());
        self.each_delta(state, |_, d| all.push(d));
        all.into_iter()
    }

    /// `f(i, d)` for every move i from `state` and its cost change d, in order: the descents'
    /// and the beam's scans. The swaps come first and are read as the pairs they are, with no
    /// move to build (steepest descent made 1.28 times as many steps a second natively, 1.39
    /// times in the page); two plain loops, which the page runs faster than one over a chain.
    /// Box swaps with the lines counted (the tuned presets) have a loop of their own, with no
    /// box and no unit kind to test: the page's steepest descent 1.12-1.19 times as fast, native
    /// the same (benches/HISTORY.md, "A count table V8 reads well").
    #[inline]
    pub fn each_delta(&self, state: &State, mut f: impl FnMut(usize, i32)) {
        let cells = &state.cells;
        let tracker = &state.tracker;
        if self.kind == Kind::BoxSwap && tracker.counts_lines() {
            for (i, &(a, b)) in self.pairs.iter().enumerate() {
                let (a, b) = (a as usize, b as usize);
                f(i, tracker.delta_swap_in_box(a, cells[a], b, cells[b]));
            }
        } else {
            for (i, &(a, b)) in self.pairs.iter().enumerate() {
                let (a, b) = (a as usize, b as usize);
                f(i, tracker.delta_swap(a, cells[a], b, cells[b]));
            }
        }
        for i in self.pairs.len()..self.len() {
            f(i, state.delta(self.nth(i, cells)));
        }
    }

    /// The first strictly best move: the least (delta, index) with a delta below 0, if any;
    /// steepest descent's choice. Kept as one number, the delta above the index's 32 bits, so
    /// the scan keeps one value where it kept two (1.08 times as fast, natively and in the
    /// page). Box swaps with the lines counted are taken by the lines their cells share, each
    /// group in a loop of its own with no line to test: the page's steepest descent 1.05 times
    /// as fast, native the same (benches/HISTORY.md, "Steepest's box swaps by shared line").
    #[inline]
    pub fn first_best(&self, state: &State) -> Option<(usize, i32)> {
        let key = |d: i32, i: usize| ((d as i64) << 32) | i as i64;
        let mut best = 0i64;
        let cells = &state.cells;
        let tracker = &state.tracker;
        if self.kind == Kind::BoxSwap && tracker.counts_lines() {
            for p in &self.line_pairs {
                let (va, vb) = (cells[p.a as usize], cells[p.b as usize]);
                let d = tracker.delta_swap_across(p.sa as usize, va, p.sb as usize, vb);
                best = best.min(key(if va == vb { 0 } else { d }, p.i as usize));
            }
            for p in &self.apart_pairs {
                let (va, vb) = (cells[p.a as usize], cells[p.b as usize]);
                let d = tracker.delta_swap_across(p.ra as usize, va, p.rb as usize, vb)
                    + tracker.delta_swap_across(p.ca as usize, va, p.cb as usize, vb);
                best = best.min(key(if va == vb { 0 } else { d }, p.i as usize));
            }
        } else {
            self.each_delta(state, |i, d| best = best.min(key(d, i)));
        }
        (best < 0).then_some(((best & 0xffff_ffff) as usize, (best >> 32) as i32))
    }

    /// True when no move exists.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The i-th move from the grid `cells` (value changes depend on the current values).
    #[inline]
    pub fn nth(&self, i: usize, cells: &[u8]) -> Move {
        if i < self.pairs.len() {
            let (a, b) = self.pairs[i];
            return Move::Swap(a, b);
        }
        let k = i - self.pairs.len();
        let cell = self.free[k / self.changes_per_cell];
        // the k-th value other than the current one, in increasing order
        let mut v = (k % self.changes_per_cell) as u8 + 1;
        if v >= cells[cell as usize] {
            v += 1;
        }
        Move::Set(cell, v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::resolve_one;

    #[test]
    fn sudoku_7_has_605_classic_neighbours() {
        let p = resolve_one("sudoku_7").unwrap();
        let hood = Neighbourhood::new(&p, Kind::Classic);
        assert_eq!(hood.len(), 605);
        // every change move really changes the value, and each cell gets all 8 others
        let cells = p.givens.cells().to_vec();
        let mut cells = cells;
        for c in p.free_cells() {
            cells[c] = 5;
        }
        let sets: Vec<Move> = (0..hood.len())
            .map(|i| hood.nth(i, &cells))
            .filter(|m| matches!(m, Move::Set(..)))
            .collect();
        assert_eq!(sets.len(), 43 * 8);
        assert!(
            sets.iter()
                .all(|m| matches!(m, Move::Set(c, v) if cells[*c as usize] != *v))
        );
    }
}
