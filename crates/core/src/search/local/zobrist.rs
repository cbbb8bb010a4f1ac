//! Zobrist hashing: a grid's hash changes in O(1) per changed cell, so a search can tell states
//! apart (local beam search keeps its successors distinct; annealing with a tabu list refuses
//! recent states) without comparing whole grids.

use crate::board::Geometry;
use crate::rng::Rng;

/// Zobrist hashing of grids: a state's hash changes in O(1) per changed cell.
#[derive(Clone, Debug)]
pub struct Zobrist {
    stride: usize,
    table: Vec<u64>,
}

impl Zobrist {
    /// Keys drawn from a fixed seed, so hashes (and tabu decisions) replay identically.
    pub fn new(geo: &Geometry) -> Zobrist {
        let mut rng = Rng::new(0x7AB0_2B15);
        let stride = geo.n + 1;
        Zobrist {
            stride,
            table: (0..geo.cells * stride).map(|_| rng.next_u64()).collect(),
        }
    }

    /// The key of `value` in `cell`: a state's hash is the XOR of its cells' keys.
    #[inline]
    pub fn key(&self, cell: usize, value: u8) -> u64 {
        self.table[cell * self.stride + value as usize]
    }

    /// The hash of a whole grid.
    pub fn hash(&self, cells: &[u8]) -> u64 {
        cells
            .iter()
            .enumerate()
            .fold(0, |h, (c, &v)| h ^ self.key(c, v))
    }

    /// The hash after the values of cells `a` (holding `va`) and `b` (holding `vb`) are exchanged.
    #[inline]
    pub fn after_swap(&self, h: u64, a: usize, va: u8, b: usize, vb: u8) -> u64 {
        h ^ self.key(a, va) ^ self.key(a, vb) ^ self.key(b, vb) ^ self.key(b, va)
    }
}
