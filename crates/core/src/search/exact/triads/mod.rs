//! A 9x9 exact solver on triads, in vector lanes: the fastest of our solvers where the processor
//! has AVX2 (x86-64-v3); [`super::band_solver`] answers elsewhere.
//!
//! Besides the cells it reasons about *triads*: the three cells a box shares with a row (or a
//! column) hold exactly three values. Two kinds of state carry the search:
//!
//! * **A box** is sixteen lanes laid out four by four. Lane `4r + c` (`r`, `c` < 3) holds cell
//!   `(r, c)`'s candidates; lane `4r + 3` the values that may be *missing* from the box's row
//!   `r`, lane `12 + c` those that may be missing from its column `c` (lane 15 stays full). Each
//!   row of four lanes is then an exactly-one rule per value: a value of the box's row `r` sits
//!   in one of its three cells, or it is missing from that row. Each column of four is the same
//!   rule for the box's column. On that layout hidden singles of the rows and columns, naked
//!   singles, and a missing-set down to six (so the row's three present values are known) come
//!   from a few whole-vector moves.
//! * **A band** (three boxes side by side, or stacked) puts each value once in each of its
//!   three rows (columns) and once in each of its three boxes: a permutation, one of six. Its
//!   eight lanes hold, per permutation, the values for which it is still possible. From them come
//!   the triads (which values may sit in row `r` of box `b`); a triad down to three values fixes
//!   them, which removes permutations; and the triads bound the boxes' cells and missing-sets.
//!
//! A box tells its two bands which values no cell of a row (column) can hold any more; a band
//! tells its three boxes what its triads allow. The two call each other until nothing changes.
//! The search branches on a band: the one with the fewest permutations left, on the value with
//! the fewest (nearly always two), one permutation against the rest, so a guess is a binary
//! choice. With every band down to one permutation per value the cells are all settled.
//!
//! This is the design of tdoku (t-dillon/tdoku, its "dpll triad simd" solver), the fastest
//! published, and its branching rule; the layout of the lanes and the messages between boxes and
//! bands are our own construction of it.

mod lanes;
mod propagate;
mod tables;

use super::solutions::{ExactStats, NineTally as Tally, Solutions};
use crate::board::Puzzle;
use lanes::{ALL, V8, V16};

/// The contradiction that ends a branch.
struct Dead;

/// The whole state of a node: nine boxes (box `3i + j` at box row `i`, box column `j`), then
/// the bands of rows (`i`) and of columns (`3 + j`), with the permutations each has been told to
/// drop and has not dropped yet.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct State {
    boxes: [V16; 9],
    perms: [V8; 6],
    drop: [V8; 6],
}

/// Count the solutions of a 9x9 puzzle up to `limit`; `None` when the puzzle is not 9x9 or the
/// processor lacks x86-64-v3 (then [`super::band_solver`] answers).
pub fn solve(puzzle: &Puzzle, limit: u32) -> Option<(Solutions, ExactStats)> {
    solve_as(puzzle, limit, crate::cpu::level())
}

/// [`solve`] with the copy compiled for `level` (x86-64-v3 or AVX-512): both take the same
/// steps, which the tests check. `None` also when the processor lacks that level.
pub fn solve_as(
    puzzle: &Puzzle,
    limit: u32,
    level: crate::cpu::Level,
) -> Option<(Solutions, ExactStats)> {
    use crate::cpu::Level;
    let geo = puzzle.geometry();
    if geo.n != 9 || level < Level::V3 || level > crate::cpu::level() {
        return None;
    }
    let mut tally = Tally::new(limit);
    let cells = puzzle.givens.cells();
    // SAFETY: the processor has the instructions of the copy called (`cpu::level` found them)
    unsafe {
        if level == Level::V4 {
            propagate::v4::run(cells, &mut tally);
        } else {
            propagate::v3::run(cells, &mut tally);
        }
    }
    Some(tally.answer(geo))
}

/// The value with the fewest permutations left among those with more than one (the lowest
/// such value on a tie).
fn fewest_choices(perms: V8) -> u32 {
    let [a, b] = perms.halves();
    // at_least[n]: the values with n or more permutations
    let mut at_least = [0u16; 8];
    at_least[0] = ALL;
    for lane in [a, a >> 16, a >> 32, a >> 48, b, b >> 16] {
        let lane = lane as u16;
        for n in (1..7).rev() {
            at_least[n] |= at_least[n - 1] & lane;
        }
    }
    for n in 2..7 {
        let exactly = at_least[n] & !at_least[n + 1];
        if exactly != 0 {
            return exactly.trailing_zeros();
        }
    }
    unreachable!("a band with more than nine permutations has a value with two")
}

/// Count a solution (every band settled makes every cell a single value), keeping the first.
fn record(s: &State, tally: &mut Tally, depth: u32) {
    let mut grid = [0u8; 81];
    // a cell with no value or several would be a fault of the propagation: no solution then
    let mut unsettled = 0u16;
    for (bx, b) in s.boxes.iter().enumerate() {
        let lanes = b.lanes();
        let corner = 27 * (bx / 3) + 3 * (bx % 3);
        for r in 0..3 {
            for c in 0..3 {
                let x = lanes[4 * r + c];
                unsettled |= (x & x.wrapping_sub(1)) | u16::from(x == 0);
                grid[corner + 9 * r + c] = x.trailing_zeros() as u8 + 1;
            }
        }
    }
    debug_assert_eq!(unsettled, 0, "a settled state with an unsettled cell");
    if unsettled != 0 {
        return;
    }
    if tally.found == 0 {
        tally.first = grid;
        tally.stats.solution_depth = Some(depth);
    }
    tally.found += 1;
}
