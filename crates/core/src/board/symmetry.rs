//! The symmetries of a Sudoku grid: relabel the values, permute rows inside each band and the
//! bands, columns inside each stack and the stacks, and transpose. A puzzle and any of its
//! variants have the same number of solutions and the same difficulty for a person; a solver
//! that is fast on a set only because of how its puzzles happen to be written is slow on their
//! variants, which is why benchmarks time both.

use super::grid::{EMPTY, Grid};
use crate::rng::Rng;

/// One symmetry of an n×n grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// New value of value v is `relabel[v - 1]`.
    pub relabel: Vec<u8>,
    /// Row r of the result is row `rows[r]` of the original.
    pub rows: Vec<usize>,
    /// Column c of the result is column `cols[c]` of the original.
    pub cols: Vec<usize>,
    /// Transpose after permuting.
    pub transpose: bool,
}

impl Symmetry {
    /// The identity on an n×n grid.
    pub fn identity(n: usize) -> Symmetry {
        Symmetry {
            relabel: (1..=n as u8).collect(),
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
        }
    }

    /// A symmetry drawn uniformly from the group of an n×n grid with boxes of `b`×`b`.
    pub fn random(n: usize, rng: &mut Rng) -> Symmetry {
        let b = (n as f64).sqrt() as usize;
        let mut relabel: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut relabel);
        let lines = |rng: &mut Rng| {
            let mut blocks: Vec<usize> = (0..b).collect();
            rng.shuffle(&mut blocks);
            let mut out = Vec::with_capacity(n);
            for block in blocks {
                let mut inner: Vec<usize> = (0..b).collect();
                rng.shuffle(&mut inner);
                out.extend(inner.into_iter().map(|i| block * b + i));
            }
            out
        };
        let rows = lines(rng);
        let cols = lines(rng);
        Symmetry {
            relabel,
            rows,
            cols,
            transpose: rng.below(2) == 1,
        }
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let geo = grid.geometry();
        let n = geo.n;
        let mut out = Grid::empty(geo);
        for r in 0..n {
            for c in 0..n {
                let v = grid.get(self.rows[r] * n + self.cols[c]);
                let v = if v == EMPTY {
                    EMPTY
                } else {
                    self.relabel[v as usize - 1]
                };
                let (rr, cc) = if self.transpose { (c, r) } else { (r, c) };
                out.set(rr * n + cc, v);
            }
        }
        out
    }
}

/// Puzzle `index` of a held-out copy `seed` of a set: the image of `grid` under a symmetry drawn
/// from (seed, index). `bench exact --variant` and `puzzles --variant` draw the same ones.
pub fn variant(grid: &Grid, seed: u64, index: u64) -> Grid {
    let mut rng = Rng::new(crate::rng::derive_seed(&[seed, index]));
    Symmetry::random(grid.geometry().n, &mut rng).apply(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;

    #[test]
    fn a_variant_of_a_solution_is_a_solution_and_the_identity_changes_nothing() {
        let geo = Geometry::for_box(3).unwrap();
        let sol: Vec<u8> =
            "374561928185429763962378415827613549649257831531984672496832157218745396753196284"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        let g = Grid::from_cells(geo, sol).unwrap();
        assert_eq!(Symmetry::identity(9).apply(&g), g);
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            let s = Symmetry::random(9, &mut rng);
            let v = s.apply(&g);
            assert!(v.is_valid_solution());
            assert_ne!(v, g);
        }
    }
}
