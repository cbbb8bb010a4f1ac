//! Sets of cells, one bit a cell: one 128-bit word up to 9x9, 4 or 10 words beyond. The ants'
//! grid finds a value's open peers and a unit's last place for a value with a few word
//! operations instead of a loop over cells.

use std::fmt::Debug;

/// A set of cells of a grid of at most [`CellSet::ROOM`] cells, walked in increasing order.
pub trait CellSet: Copy + Debug + Send + Sync + 'static {
    /// How many cells the set can hold.
    const ROOM: usize;
    /// The empty set.
    const NONE: Self;

    /// The set of `cells`.
    fn of(cells: impl IntoIterator<Item = usize>) -> Self {
        let mut s = Self::NONE;
        for c in cells {
            s.insert(c);
        }
        s
    }

    /// Add `cell`.
    fn insert(&mut self, cell: usize);

    /// Take `cell` out.
    fn remove(&mut self, cell: usize);

    /// The cells in both.
    fn and(self, other: Self) -> Self;

    /// The cells from `cell` on, and those before it.
    fn split(self, cell: usize) -> (Self, Self);

    /// The smallest cell, taken out; `None` when the set is empty.
    fn pop_first(&mut self) -> Option<usize>;

    /// The cells from `cell` on, then those before it: a turn round the grid from `cell`.
    fn round_from(self, cell: usize) -> RoundFrom<Self> {
        let (from, before) = self.split(cell);
        RoundFrom { from, before }
    }

    /// The smallest cell.
    fn first(self) -> Option<usize> {
        let mut s = self;
        s.pop_first()
    }
}

/// The cells of a set from a cell on, then those before it ([`CellSet::round_from`]).
#[derive(Clone, Copy, Debug)]
pub struct RoundFrom<S> {
    from: S,
    before: S,
}

impl<S: CellSet> Iterator for RoundFrom<S> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        self.from.pop_first().or_else(|| self.before.pop_first())
    }
}

/// Up to 128 cells (4x4 and 9x9 grids) in one 128-bit word.
impl CellSet for u128 {
    const ROOM: usize = 128;
    const NONE: u128 = 0;

    #[inline(always)]
    fn insert(&mut self, cell: usize) {
        *self |= 1 << cell;
    }

    #[inline(always)]
    fn remove(&mut self, cell: usize) {
        *self &= !(1 << cell);
    }

    #[inline(always)]
    fn and(self, other: u128) -> u128 {
        self & other
    }

    #[inline(always)]
    fn split(self, cell: usize) -> (u128, u128) {
        let before = if cell >= 128 {
            u128::MAX
        } else {
            (1 << cell) - 1
        };
        (self & !before, self & before)
    }

    #[inline(always)]
    fn pop_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let c = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(c)
    }
}

/// Up to 64·W cells in W words (W = 4 for 16x16, 10 for 25x25).
#[derive(Clone, Copy, Debug)]
pub struct Words<const W: usize>([u64; W]);

impl<const W: usize> CellSet for Words<W> {
    const ROOM: usize = 64 * W;
    const NONE: Words<W> = Words([0; W]);

    #[inline(always)]
    fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline(always)]
    fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    #[inline(always)]
    fn and(self, other: Words<W>) -> Words<W> {
        Words(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    #[inline(always)]
    fn split(self, cell: usize) -> (Words<W>, Words<W>) {
        let mut before = Words::<W>::NONE;
        for (i, b) in before.0.iter_mut().enumerate() {
            *b = match cell.saturating_sub(64 * i) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1 << k) - 1,
            };
        }
        (
            Words(std::array::from_fn(|i| self.0[i] & !before.0[i])),
            Words(std::array::from_fn(|i| self.0[i] & before.0[i])),
        )
    }

    #[inline(always)]
    fn pop_first(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let c = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(64 * i + c);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of set agrees with a sorted list of its cells.
    fn agrees<S: CellSet>(cells: usize) {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let mut list = Vec::new();
            let mut other = Vec::new();
            for c in 0..cells {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(3) {
                    list.push(c);
                }
                if x % 5 < 2 {
                    other.push(c);
                }
            }
            let mut s = S::of(list.iter().copied());
            let both: Vec<usize> = list.iter().copied().filter(|c| other.contains(c)).collect();
            let mut and = s.and(S::of(other.iter().copied()));
            assert_eq!(and.first(), both.first().copied());
            let mut got = Vec::new();
            while let Some(c) = and.pop_first() {
                got.push(c);
            }
            assert_eq!(got, both);
            for at in [0, 1, cells / 2, cells - 1, cells, S::ROOM] {
                let (mut from, mut before) = s.split(at);
                let mut walked = Vec::new();
                while let Some(c) = from.pop_first() {
                    walked.push(c);
                }
                let mut earlier = Vec::new();
                while let Some(c) = before.pop_first() {
                    earlier.push(c);
                }
                let want: Vec<usize> = list.iter().copied().filter(|&c| c >= at).collect();
                let want_before: Vec<usize> = list.iter().copied().filter(|&c| c < at).collect();
                let round: Vec<usize> = s.round_from(at).collect();
                assert_eq!(
                    round,
                    [&want[..], &want_before[..]].concat(),
                    "round from {at}"
                );
                assert_eq!((walked, earlier), (want, want_before), "split at {at}");
            }
            if let Some(&c) = list.first() {
                s.remove(c);
                assert_eq!(s.first(), list.get(1).copied());
                s.insert(c);
                assert_eq!(s.first(), Some(c));
            }
        }
        assert_eq!(S::NONE.first(), None);
        let mut last = S::of([cells - 1]);
        assert_eq!(last.pop_first(), Some(cells - 1));
        assert_eq!(last.pop_first(), None);
    }

    #[test]
    fn sets_walk_their_cells_in_order() {
        agrees::<u128>(16);
        agrees::<u128>(81);
        agrees::<u128>(128);
        agrees::<Words<4>>(256);
        agrees::<Words<10>>(625);
        agrees::<Words<10>>(640);
    }
}
