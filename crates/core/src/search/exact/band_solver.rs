//! A 9x9-only exact solver on band bitboards, for when speed is all that is asked (`solve`,
//! `bench exact`, telling unique from several puzzles) on a processor without AVX2, where the
//! faster [`super::triads`] solver cannot run. The [`super::stepping`] solver stays the one
//! people step through, and the one for other sizes.
//!
//! The representation follows the one the fastest published 9x9 solvers use (zhouyundong's
//! JCZSolve and its descendants): the grid is cut into three bands of three rows, and for every
//! digit and band one 27-bit word says where that digit may still go (bit `9 * row + column`,
//! row and column inside the band; a placed digit keeps its bit). Reasoning then happens on
//! whole words:
//!
//! * inside a band a digit must sit once in each of its three rows and once in each of its
//!   three boxes, so the rows × boxes pattern of the word must hold a permutation; every
//!   segment (three cells of a row in a box) that is in no such permutation is cleared, in one
//!   table lookup (pointing and claiming locked candidates at once);
//! * a box of the band left with a single column fixes the digit's column there, which clears
//!   that column in the two other bands;
//! * a row left with a single cell places the digit: the cell is cleared for the other digits;
//! * counting over the nine words of a band finds empty cells (contradiction), naked singles
//!   and the two-candidate cells the search guesses on.
//!
//! The tables are computed at compile time from those rules.

use super::solutions::{ExactStats, NineTally as Tally, Solutions};
use crate::board::Puzzle;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW0: u32 = 0o777;

/// Row pattern (9 bits) -> the boxes (3 bits) it touches.
const BOXES_OF_ROW: [u32; 512] = {
    let mut t = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if (row >> (3 * b)) & 7 != 0 {
                t[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    t
};

/// Segment pattern (bit `3 * row + box`) -> the cells of the segments that take part in at
/// least one placement of the digit once per row and once per box; 0 when none exists.
const PERMUTABLE: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut keep = 0u32;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if pattern & (1 << (3 * row + boxes[row])) == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    keep |= 7 << (9 * row + 3 * boxes[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        t[pattern] = keep;
        pattern += 1;
    }
    t
};

/// The columns (9 bits) a digit may use in a band -> what the other two bands keep: a box with
/// one column left owns that column.
const OTHER_BANDS_KEEP: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = BAND;
        let mut b = 0;
        while b < 3 {
            let within = ((cols >> (3 * b)) & 7) as u32;
            if within.count_ones() == 1 {
                let col = 3 * b + within.trailing_zeros() as usize;
                keep &= !(0o001_001_001 << col);
            }
            b += 1;
        }
        t[cols] = keep;
        cols += 1;
    }
    t
};

/// Cell of a band (0..27) -> the band's cells that stay possible for the digit placed there:
/// everything but the cell's row, box and column, plus the cell itself. (Sized 32 so that a
/// bit position indexes it without a bounds check; the last five entries are never used.)
const AFTER_PLACING: [u32; 32] = {
    let mut t = [0; 32];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let boxed = 0o007_007_007 << (3 * (col / 3));
        let column = 0o001_001_001 << col;
        t[cell] = (BAND & !(ROW0 << (9 * row)) & !boxed & !column) | (1 << cell);
        cell += 1;
    }
    t
};

/// Row pattern (9 bits) -> 1 when it holds exactly one cell.
const SINGLE_CELL: [u32; 512] = {
    let mut t = [0; 512];
    let mut row = 0;
    while row < 512 {
        t[row] = (row.count_ones() == 1) as u32;
        row += 1;
    }
    t
};

/// Rows of a band (3 bits) -> their cells.
const ROW_CELLS: [u32; 8] = {
    let mut t = [0; 8];
    let mut rows = 0;
    while rows < 8 {
        let mut r = 0;
        while r < 3 {
            if rows & (1 << r) != 0 {
                t[rows] |= ROW0 << (9 * r);
            }
            r += 1;
        }
        rows += 1;
    }
    t
};

/// The contradiction that ends a branch.
struct Dead;

/// The whole search state of one node: 27 words (index `3 * digit + band`), the words as they
/// were when last reasoned about, the unsolved cells and the two-candidate cells per band.
#[derive(Clone, Copy)]
struct Board {
    words: [u32; 27],
    seen: [u32; 27],
    open: [u32; 3],
    pairs: [u32; 3],
}

impl Board {
    /// The board with the givens placed, or `Dead` when two of them clash.
    fn new(cells: &[u8]) -> Result<Board, Dead> {
        let mut board = Board {
            words: [BAND; 27],
            seen: [0; 27],
            open: [BAND; 3],
            pairs: [0; 3],
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (band, at) = (cell / 27, cell % 27);
            let bit = 1 << at;
            let word = 3 * (v as usize - 1) + band;
            if board.words[word] & bit == 0 {
                return Err(Dead);
            }
            board.open[band] &= !bit;
            for digit in 0..9 {
                board.words[3 * digit + band] &= !bit;
            }
            board.words[word] |= bit;
            board.words[word] &= AFTER_PLACING[at];
            let column = !(0o001_001_001 << (at % 9));
            let (a, b) = others(word);
            board.words[a] &= column;
            board.words[b] &= column;
        }
        Ok(board)
    }

    fn solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Reason about word `W` if it changed since it was last looked at; says whether it did.
    /// (A constant index lets every word get its own straight-line code.)
    #[inline(always)]
    fn reason<const W: usize>(&mut self) -> Result<bool, Dead> {
        let word = W;
        let w = self.words[word];
        if w == self.seen[word] {
            return Ok(false);
        }
        let segments = BOXES_OF_ROW[(w & ROW0) as usize]
            | BOXES_OF_ROW[((w >> 9) & ROW0) as usize] << 3
            | BOXES_OF_ROW[((w >> 18) & ROW0) as usize] << 6;
        let w = w & PERMUTABLE[(segments & 0o777) as usize];
        if w == 0 {
            return Err(Dead);
        }
        self.seen[word] = w;
        let cols = (w | w >> 9 | w >> 18) & ROW0;
        let keep = OTHER_BANDS_KEEP[cols as usize];
        let (a, b) = others(word);
        self.words[a] &= keep;
        self.words[b] &= keep;
        let single_rows = SINGLE_CELL[(w & ROW0) as usize]
            | SINGLE_CELL[((w >> 9) & ROW0) as usize] << 1
            | SINGLE_CELL[((w >> 18) & ROW0) as usize] << 2;
        let placed = ROW_CELLS[(single_rows & 7) as usize] & w;
        let band = word % 3;
        self.open[band] &= !placed;
        let mut other = band;
        while other < 27 {
            self.words[other] &= !placed;
            other += 3;
        }
        // the loop cleared the placed cells from this word too: store it whole
        self.words[word] = w;
        Ok(true)
    }

    /// Reason about every changed word until none changes.
    #[inline(always)]
    fn settle(&mut self) -> Result<(), Dead> {
        macro_rules! each_word {
            ($($w:literal)*) => {
                loop {
                    let mut changed = false;
                    $(changed |= self.reason::<$w>()?;)*
                    if !changed {
                        return Ok(());
                    }
                }
            };
        }
        each_word!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    }

    /// Count candidates per cell: fail on an empty cell, note two-candidate cells, and place
    /// every naked single. Says whether anything was placed.
    #[inline(always)]
    fn singles(&mut self) -> Result<bool, Dead> {
        let mut placed_any = false;
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            let mut word = band;
            while word < 27 {
                let w = self.words[word];
                three |= two & w;
                two |= one & w;
                one |= w;
                word += 3;
            }
            if one != BAND {
                return Err(Dead);
            }
            self.pairs[band] = two & !three;
            let mut singles = one & !two & self.open[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let mut word = band;
                loop {
                    if word >= 27 {
                        return Err(Dead);
                    }
                    if self.words[word] & bit != 0 {
                        break;
                    }
                    word += 3;
                }
                self.place(word, bit);
                placed_any = true;
            }
        }
        Ok(placed_any)
    }

    /// Place every digit that has one cell left in a column.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<bool, Dead> {
        let mut placed_any = false;
        for digit in 0..9 {
            let (mut one, mut two) = (0u32, 0u32);
            for band in 0..3 {
                let w = self.words[3 * digit + band];
                for row in 0..3 {
                    let seg = (w >> (9 * row)) & ROW0;
                    two |= one & seg;
                    one |= seg;
                }
            }
            if one != ROW0 {
                return Err(Dead);
            }
            let single = one & !two;
            let spread = single | single << 9 | single << 18;
            for band in 0..3 {
                let word = 3 * digit + band;
                let mut cells = self.words[word] & spread & self.open[band];
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    cells ^= bit;
                    if self.words[word] & bit == 0 {
                        return Err(Dead);
                    }
                    self.place(word, bit);
                    placed_any = true;
                }
            }
        }
        Ok(placed_any)
    }

    /// Put the word's digit in the cell `bit`; the rest follows when the word is reasoned about.
    #[inline(always)]
    fn place(&mut self, word: usize, bit: u32) {
        self.words[word] &= AFTER_PLACING[bit.trailing_zeros() as usize];
    }

    /// Propagate to a fixpoint: locked candidates, placements, naked singles.
    #[inline(always)]
    fn propagate_body(&mut self, tally: &mut Tally) -> Result<(), Dead> {
        tally.stats.propagations += 1;
        loop {
            self.settle()?;
            if self.solved() {
                return Ok(());
            }
            if !self.singles()? && !self.column_singles()? {
                return Ok(());
            }
        }
    }

    fn record(&self, tally: &mut Tally, depth: u32) {
        if tally.found == 0 {
            tally.stats.solution_depth = Some(depth);
            for (word, &w) in self.words.iter().enumerate() {
                let (digit, band) = (word / 3, word % 3);
                let mut rest = w;
                while rest != 0 {
                    let at = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    tally.first[27 * band + at] = digit as u8 + 1;
                }
            }
        }
        tally.found += 1;
    }

    /// Search below a propagated board. Every candidate of the guessed cell but the last is
    /// tried on a copy; the last one continues on this board, with no copy.
    #[inline(always)]
    fn search_body<C: Compiled>(mut self, tally: &mut Tally, mut depth: u32) {
        loop {
            if self.solved() {
                self.record(tally, depth);
                return;
            }
            depth += 1;
            tally.stats.max_depth = tally.stats.max_depth.max(depth);
            let (band, bit) = self.guess_cell();
            let mut digits = 0u32;
            for digit in 0..9 {
                if self.words[3 * digit + band] & bit != 0 {
                    digits |= 1 << digit;
                }
            }
            while digits & (digits - 1) != 0 {
                let word = 3 * digits.trailing_zeros() as usize + band;
                digits &= digits - 1;
                let mut child = self;
                child.place(word, bit);
                self.words[word] &= !bit;
                tally.stats.guesses += 1;
                match C::propagate(&mut child, tally) {
                    Ok(()) => C::search(child, tally, depth),
                    Err(Dead) => tally.stats.backtracks += 1,
                }
                if tally.full() {
                    return;
                }
            }
            let word = 3 * digits.trailing_zeros() as usize + band;
            self.place(word, bit);
            tally.stats.guesses += 1;
            if C::propagate(&mut self, tally).is_err() {
                tally.stats.backtracks += 1;
                return;
            }
        }
    }

    /// The cell to guess on: one with the fewest candidates (nearly always a two-candidate
    /// cell, noted by the last count), see [`Board::pick`] for which of them.
    #[inline(always)]
    fn guess_cell(&self) -> (usize, u32) {
        if let Some(found) = self.pick(self.pairs) {
            return found;
        }
        let mut triples = [0; 3];
        for (band, t) in triples.iter_mut().enumerate() {
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for digit in 0..9 {
                let w = self.words[3 * digit + band];
                four |= three & w;
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            *t = three & !four & self.open[band];
        }
        self.pick(triples)
            .or_else(|| self.pick(self.open))
            .expect("an unsolved board has an open cell")
    }

    /// Among the cells of `mask` (per band), the one with the most unsolved cells around it:
    /// those of its band, its box, and twice those of its column. Measured on top95, magictour
    /// top1465, forum hardest and the first 10,000 17-clue puzzles, this needs 10-25% fewer
    /// guesses than taking the first such cell, and fewer than the other orders tried (row,
    /// box or column alone; every peer; the band first).
    #[inline(always)]
    fn pick(&self, mask: [u32; 3]) -> Option<(usize, u32)> {
        let mut open_in_column = [0u32; 9];
        for (col, n) in open_in_column.iter_mut().enumerate() {
            *n = self
                .open
                .iter()
                .map(|o| ((o >> col) & 0o001_001_001).count_ones())
                .sum();
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for (band, &cells) in mask.iter().enumerate() {
            let open = self.open[band];
            let mut rest = cells;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let col = bit.trailing_zeros() as usize % 9;
                let in_box = open & (0o007_007_007 << (3 * (col / 3)));
                let score = open.count_ones() + in_box.count_ones() + 2 * open_in_column[col];
                if best.is_none_or(|b| score > b.0) {
                    best = Some((score, band, bit));
                }
            }
        }
        best.map(|(_, band, bit)| (band, bit))
    }
}

/// The two words of the same digit in the other bands.
#[inline(always)]
fn others(word: usize) -> (usize, usize) {
    let base = word - word % 3;
    ((base + (word + 1) % 3), (base + (word + 2) % 3))
}

/// Count the solutions of a 9x9 puzzle up to `limit` (None when the puzzle is not 9x9).
pub fn solve(puzzle: &Puzzle, limit: u32) -> Option<(Solutions, ExactStats)> {
    let geo = puzzle.geometry();
    if geo.n != 9 {
        return None;
    }
    let mut tally = Tally::new(limit);
    if let Ok(board) = Board::new(puzzle.givens.cells()) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::V3::detect().is_some() {
            // SAFETY: the processor has the instructions `V3Copy` is compiled for
            unsafe { run_v3(board, &mut tally) };
            return Some(tally.answer(geo));
        }
        run::<Baseline>(board, &mut tally);
    }
    Some(tally.answer(geo))
}

/// Propagate the givens and search, in copy `C`.
#[inline(always)]
fn run<C: Compiled>(mut board: Board, tally: &mut Tally) {
    if C::propagate(&mut board, tally).is_ok() {
        C::search(board, tally, 0);
    }
}

/// One compiled copy of the search: baseline x86-64, or x86-64-v3 where the processor has it
/// (population counts, bit scans and clears in one instruction each). The two make the same
/// moves; each recursion stays in its own copy.
trait Compiled {
    fn search(board: Board, tally: &mut Tally, depth: u32);
    fn propagate(board: &mut Board, tally: &mut Tally) -> Result<(), Dead>;
}

struct Baseline;

impl Compiled for Baseline {
    #[inline(never)]
    fn search(board: Board, tally: &mut Tally, depth: u32) {
        board.search_body::<Baseline>(tally, depth)
    }
    #[inline(never)]
    fn propagate(board: &mut Board, tally: &mut Tally) -> Result<(), Dead> {
        board.propagate_body(tally)
    }
}

#[cfg(target_arch = "x86_64")]
struct V3Copy;

#[cfg(target_arch = "x86_64")]
impl Compiled for V3Copy {
    #[inline(always)]
    fn search(board: Board, tally: &mut Tally, depth: u32) {
        // SAFETY: a V3Copy search only starts on a processor with these instructions
        unsafe { search_v3(board, tally, depth) }
    }
    #[inline(always)]
    fn propagate(board: &mut Board, tally: &mut Tally) -> Result<(), Dead> {
        // SAFETY: as above
        unsafe { propagate_v3(board, tally) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn run_v3(board: Board, tally: &mut Tally) {
    run::<V3Copy>(board, tally)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn search_v3(board: Board, tally: &mut Tally, depth: u32) {
    board.search_body::<V3Copy>(tally, depth)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn propagate_v3(board: &mut Board, tally: &mut Tally) -> Result<(), Dead> {
    board.propagate_body(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_the_rules_of_a_band() {
        // every segment possible: every cell stays
        assert_eq!(PERMUTABLE[0o777], BAND);
        // row r only in box r: one permutation, those three segments stay
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(PERMUTABLE[diagonal], 0o700_070_007);
        // the bottom row has no segment left: no placement at all
        assert_eq!(PERMUTABLE[0o077], 0);
        // rows 0 and 1 both only in box 0: impossible
        assert_eq!(PERMUTABLE[1 | 1 << 3 | 0o700], 0);
        // box 0 down to column 1, boxes 1 and 2 open: the other bands lose column 1
        assert_eq!(OTHER_BANDS_KEEP[0o772], BAND & !0o002_002_002);
        assert_eq!(OTHER_BANDS_KEEP[0o777], BAND);
        // placing in the band's middle cell (row 1, column 4) leaves rows 0 and 2 outside the
        // middle box, plus the cell
        assert_eq!(AFTER_PLACING[13], 0o707_000_707 | 1 << 13);
        assert_eq!(BOXES_OF_ROW[0o100], 0b100);
        assert_eq!(ROW_CELLS[0b101], 0o777_000_777);
    }

    #[test]
    fn only_nine_by_nine() {
        let p = crate::catalog::resolve_one("tiny4").unwrap();
        assert!(solve(&p, 2).is_none());
    }
}
