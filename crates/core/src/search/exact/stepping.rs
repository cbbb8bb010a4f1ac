//! The exact solver of the C article, as a machine that advances one propagation, guess or
//! backtrack at a time, so the same code serves the stepping view and the headless solve at
//! every size.
//!
//! Candidates are bit masks (bit v-1 = value v possible), sized for every order up to 25x25.
//! Propagation eliminates each determined value from its peers to a fixpoint; the full strategy
//! also places hidden singles (a value with one place left in a unit) and guesses on the cell
//! with the fewest candidates. The naive strategy guesses on the first undetermined cell.

use super::solutions::{ExactStats, Solutions};
use crate::board::{EMPTY, Geometry, Grid, Puzzle};

/// How the solver propagates and where it guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// Place values that have a single possible cell in a unit.
    pub hidden_singles: bool,
    /// Guess on the undetermined cell with fewest candidates (else the first one).
    pub fewest_candidates: bool,
}

impl Strategy {
    /// The C article's first version: elimination to a fixpoint, guess on the first empty cell.
    pub const NAIVE: Strategy = Strategy {
        hidden_singles: false,
        fewest_candidates: false,
    };
    /// Elimination plus hidden singles, guessing on the most constrained cell.
    pub const FULL: Strategy = Strategy {
        hidden_singles: true,
        fewest_candidates: true,
    };
}

/// What the solver did in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactEvent {
    /// Propagation determined `placed` cells; `contradiction` when a cell or value ran out.
    Propagated {
        /// Cells determined by this propagation.
        placed: u16,
        /// Whether it ended in a cell (or a value in a unit) with no possibility left.
        contradiction: bool,
    },
    /// Tried `value` in `cell`, which had `options` candidates, at `depth` (1 = first guess).
    Guess {
        /// The cell guessed on.
        cell: u16,
        /// The value tried.
        value: u8,
        /// How many values the cell had.
        options: u8,
        /// Open guesses, this one included.
        depth: u16,
    },
    /// Undid the guess at `depth` and tried the next `value` of `cell` (`value` 0: none left,
    /// went up a level).
    Backtrack {
        /// The cell whose guess was undone.
        cell: u16,
        /// The next value tried there, or 0 when none was left.
        value: u8,
        /// The depth of the undone guess.
        depth: u16,
    },
    /// A complete grid was found (solution number `count`).
    Solution {
        /// How many solutions so far.
        count: u32,
    },
    /// The search is over: the tree is exhausted or the solution limit reached.
    Finished,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Propagate,
    Guess,
    Backtrack,
    Done,
}

/// A guess on the stack: the cell, the values still to try, and (in `saved`) the state before it.
#[derive(Clone, Copy, Debug)]
struct Guess {
    cell: u16,
    untried: u32,
}

/// The solver's whole state; `step` advances it.
#[derive(Clone, Debug)]
pub struct ExactSolver {
    geo: &'static Geometry,
    strategy: Strategy,
    limit: u32,
    cand: Vec<u32>,
    value: Vec<u8>,
    placed: usize,
    queue: Vec<u16>,
    frames: Vec<Guess>,
    saved_cand: Vec<u32>,
    saved_value: Vec<u8>,
    saved_placed: Vec<usize>,
    phase: Phase,
    stats: ExactStats,
    solutions: u32,
    first_solution: Option<Vec<u8>>,
}

impl ExactSolver {
    /// A solver that stops after `limit` solutions (2 is enough to tell unique from several).
    pub fn new(puzzle: &Puzzle, strategy: Strategy, limit: u32) -> ExactSolver {
        let geo = puzzle.geometry();
        let full = geo.all_values_mask();
        let mut s = ExactSolver {
            geo,
            strategy,
            limit: limit.max(1),
            cand: vec![full; geo.cells],
            value: vec![EMPTY; geo.cells],
            placed: 0,
            queue: Vec::with_capacity(geo.cells),
            frames: Vec::new(),
            saved_cand: Vec::new(),
            saved_value: Vec::new(),
            saved_placed: Vec::new(),
            phase: Phase::Propagate,
            stats: ExactStats::default(),
            solutions: 0,
            first_solution: None,
        };
        for (cell, &v) in puzzle.givens.cells().iter().enumerate() {
            if v != EMPTY {
                s.place(cell, v);
            }
        }
        s
    }

    /// The grid's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The counters so far.
    pub fn stats(&self) -> ExactStats {
        self.stats
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u32 {
        self.solutions
    }

    /// Whether the search is over (tree exhausted or limit reached).
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// Number of open guesses.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// Values determined so far (0 where undetermined).
    pub fn values(&self) -> &[u8] {
        &self.value
    }

    /// Candidate mask of a cell.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// The first solution found, if any.
    pub fn first_solution(&self) -> Option<Grid> {
        self.first_solution
            .as_ref()
            .map(|v| Grid::from_cells(self.geo, v.clone()).expect("solver grids fit"))
    }

    /// Candidates after propagating the givens alone (no guess): a determined cell is one with
    /// a single candidate. `None` when the givens already contradict each other.
    pub fn root_candidates(puzzle: &Puzzle) -> Option<Vec<u32>> {
        let mut s = ExactSolver::new(puzzle, Strategy::FULL, 1);
        s.propagate().then_some(s.cand)
    }

    /// Run to the end and say how many solutions there are (up to the limit).
    pub fn solve(self) -> (Solutions, ExactStats) {
        self.solve_within(u64::MAX).expect("no budget")
    }

    /// [`ExactSolver::solve`] in at most `max_steps` steps; `None` when they run out first.
    pub fn solve_within(mut self, max_steps: u64) -> Option<(Solutions, ExactStats)> {
        let mut steps = 0;
        while !self.is_done() {
            if steps == max_steps {
                return None;
            }
            self.step();
            steps += 1;
        }
        let solutions = match (self.solutions, self.first_solution()) {
            (0, _) | (_, None) => Solutions::None,
            (1, Some(g)) => Solutions::Unique(g),
            (_, Some(g)) => Solutions::Several(g),
        };
        Some((solutions, self.stats))
    }

    /// Fix `cell` to `v` and queue it for elimination from its peers.
    fn place(&mut self, cell: usize, v: u8) {
        self.cand[cell] = 1 << (v - 1);
        self.value[cell] = v;
        self.placed += 1;
        self.queue.push(cell as u16);
    }

    /// Advance by one propagation, guess or backtrack.
    pub fn step(&mut self) -> ExactEvent {
        match self.phase {
            Phase::Done => ExactEvent::Finished,
            Phase::Propagate => {
                self.stats.propagations += 1;
                let before = self.placed;
                let ok = self.propagate();
                let placed = (self.placed - before) as u16;
                if !ok {
                    self.phase = Phase::Backtrack;
                } else if self.placed == self.geo.cells {
                    self.solutions += 1;
                    if self.first_solution.is_none() {
                        self.first_solution = Some(self.value.clone());
                        self.stats.solution_depth = Some(self.frames.len() as u32);
                    }
                    self.phase = if self.solutions >= self.limit {
                        Phase::Done
                    } else {
                        Phase::Backtrack
                    };
                    return ExactEvent::Solution {
                        count: self.solutions,
                    };
                } else {
                    self.phase = Phase::Guess;
                }
                ExactEvent::Propagated {
                    placed,
                    contradiction: !ok,
                }
            }
            Phase::Guess => {
                let cell = self.choose_cell();
                let options = self.cand[cell];
                self.saved_cand.extend_from_slice(&self.cand);
                self.saved_value.extend_from_slice(&self.value);
                self.saved_placed.push(self.placed);
                let v = options.trailing_zeros() as u8 + 1;
                self.frames.push(Guess {
                    cell: cell as u16,
                    untried: options & !(1 << (v - 1)),
                });
                self.stats.guesses += 1;
                let depth = self.frames.len() as u16;
                self.stats.max_depth = self.stats.max_depth.max(depth as u32);
                self.place(cell, v);
                self.phase = Phase::Propagate;
                ExactEvent::Guess {
                    cell: cell as u16,
                    value: v,
                    options: options.count_ones() as u8,
                    depth,
                }
            }
            Phase::Backtrack => {
                let depth = self.frames.len() as u16;
                let Some(frame) = self.frames.last_mut() else {
                    self.phase = Phase::Done;
                    return ExactEvent::Finished;
                };
                let cell = frame.cell;
                self.stats.backtracks += 1;
                let n = self.geo.cells;
                let at = self.saved_cand.len() - n;
                if frame.untried == 0 {
                    // every value of this guess failed: drop the level
                    self.frames.pop();
                    self.saved_cand.truncate(at);
                    self.saved_value.truncate(at);
                    self.saved_placed.pop();
                    if self.frames.is_empty() {
                        self.phase = Phase::Done;
                    }
                    return ExactEvent::Backtrack {
                        cell,
                        value: 0,
                        depth,
                    };
                }
                let v = frame.untried.trailing_zeros() as u8 + 1;
                frame.untried &= frame.untried - 1;
                self.cand.copy_from_slice(&self.saved_cand[at..]);
                self.value.copy_from_slice(&self.saved_value[at..]);
                self.placed = *self.saved_placed.last().expect("one per frame");
                self.queue.clear();
                self.place(cell as usize, v);
                self.stats.guesses += 1;
                self.phase = Phase::Propagate;
                ExactEvent::Backtrack {
                    cell,
                    value: v,
                    depth,
                }
            }
        }
    }

    fn choose_cell(&self) -> usize {
        let open = (0..self.geo.cells).filter(|&c| self.value[c] == EMPTY);
        if !self.strategy.fewest_candidates {
            return open
                .into_iter()
                .next()
                .expect("guess only when cells are open");
        }
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for c in open {
            let k = self.cand[c].count_ones();
            if k < best_count {
                best = c;
                best_count = k;
                if k <= 2 {
                    break;
                }
            }
        }
        best
    }

    /// Eliminate to a fixpoint; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(cell) = self.queue.pop() {
                let bit = 1u32 << (self.value[cell as usize] - 1);
                for &p in &self.geo.peers[cell as usize] {
                    let p = p as usize;
                    let m = self.cand[p];
                    if m & bit == 0 {
                        continue;
                    }
                    let m = m & !bit;
                    if m == 0 {
                        self.queue.clear();
                        return false;
                    }
                    self.cand[p] = m;
                    if m & (m - 1) == 0 && self.value[p] == EMPTY {
                        self.place(p, m.trailing_zeros() as u8 + 1);
                    }
                }
            }
            if !self.strategy.hidden_singles || self.placed == self.geo.cells {
                return true;
            }
            match self.hidden_singles() {
                Some(true) => continue,
                Some(false) => return true,
                None => return false,
            }
        }
    }

    /// Place every value that has one possible cell left in a unit. `Some(placed any)`, or `None`
    /// when a value has no place left in some unit.
    fn hidden_singles(&mut self) -> Option<bool> {
        let full = self.geo.all_values_mask();
        let mut any = false;
        for unit in &self.geo.units {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in unit {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != full {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // placing an earlier single may have taken this value's only cell
                let cell = unit
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)?;
                if self.value[cell] == EMPTY {
                    self.cand[cell] = bit;
                    self.value[cell] = bit.trailing_zeros() as u8 + 1;
                    self.placed += 1;
                    self.queue.push(cell as u16);
                    any = true;
                }
            }
            if any {
                // eliminate before looking further: later units see fresher candidates
                return Some(true);
            }
        }
        Some(false)
    }
}

/// Count solutions up to `limit` with the given strategy.
pub fn solve(puzzle: &Puzzle, strategy: Strategy, limit: u32) -> (Solutions, ExactStats) {
    ExactSolver::new(puzzle, strategy, limit).solve()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_puzzles;

    fn puzzle(s: &str) -> Puzzle {
        parse_puzzles(s.as_bytes(), "t").unwrap().remove(0)
    }

    #[test]
    fn both_strategies_solve_sudoku_7_and_agree() {
        let p = puzzle(
            "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8.",
        );
        let expected =
            "374561928185429763962378415827613549649257831531984672496832157218745396753196284";
        for s in [Strategy::NAIVE, Strategy::FULL] {
            let (v, _) = solve(&p, s, 2);
            match v {
                Solutions::Unique(g) => assert_eq!(g.to_line(), expected),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn empty_grid_has_several_and_a_forced_clash_has_none() {
        let p = puzzle(&".".repeat(81));
        let (v, _) = solve(&p, Strategy::FULL, 2);
        assert!(matches!(v, Solutions::Several(g) if g.is_valid_solution()));
        // A1 can only be 1 (the rest of row A is 2-9), but I1 already holds 1
        let p = puzzle(&format!(".23456789{}1........", ".".repeat(63)));
        for s in [Strategy::NAIVE, Strategy::FULL] {
            assert_eq!(solve(&p, s, 2).0, Solutions::None);
        }
    }
}
