//! Exact backtracking as a stepping search: one propagation, guess or backtrack per step.
//!
//! Classic is the C article's naive solver (first undetermined cell, elimination only); tuned
//! adds hidden singles and guesses on the cell with the fewest candidates. The grid shown is the
//! determined values (blanks elsewhere), so its cost counts the blanks as missing values; the
//! search stops at the first solution unless `solutions` asks for more. A starting grid is not
//! used: the exact search always starts from the givens.

use super::stepping::{ExactEvent, ExactSolver, Strategy};
use crate::board::cost::cost;
use crate::board::{Counted, Geometry, Grid};
use crate::search::contract::{Build, Event, Outcome, Progress, Search, Snapshot, Step, metric};
use crate::search::params::{ParamSpec, Preset};

/// The parameters of both presets.
pub fn params() -> Vec<ParamSpec> {
    vec![ParamSpec::int(
        "solutions",
        "stop after this many solutions (2 proves uniqueness)",
        1.0,
        1.0,
        1e9,
    )]
}

/// The stepping exact solver as a [`Search`].
pub struct Backtrack {
    geo: &'static Geometry,
    solver: ExactSolver,
    cost: u32,
    progress: Progress,
}

impl Backtrack {
    /// The solver at the givens of `build.puzzle`.
    pub fn new(build: &Build) -> Backtrack {
        let strategy = match build.preset {
            Preset::Classic => Strategy::NAIVE,
            Preset::Tuned => Strategy::FULL,
        };
        let puzzle = build.puzzle;
        let solver = ExactSolver::new(puzzle, strategy, build.params.get("solutions") as u32);
        let c = cost(&puzzle.givens, Counted::ALL);
        let mut progress = Progress::new(puzzle.givens.cells(), c);
        // even a full grid is found by the solver's first step, not at the start
        progress.ended = None;
        Backtrack {
            geo: puzzle.geometry(),
            solver,
            cost: c,
            progress,
        }
    }

    /// The solver inside, for views that show its candidates.
    pub fn solver(&self) -> &ExactSolver {
        &self.solver
    }
}

impl Search for Backtrack {
    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.cost, self.progress.ended);
        }
        self.progress.steps += 1;
        let event = self.solver.step();
        let grid =
            Grid::from_cells(self.geo, self.solver.values().to_vec()).expect("values in range");
        self.cost = cost(&grid, Counted::ALL);
        self.progress.best.offer(self.solver.values(), self.cost);
        if self.solver.is_done() {
            self.progress.ended = Some(if self.solver.solutions() > 0 {
                Outcome::Solved
            } else {
                Outcome::Unsolvable
            });
            if let Some(g) = self.solver.first_solution() {
                self.progress.best.offer(g.cells(), 0);
                // show the solution, not the state the search backtracked to while counting
                if matches!(event, ExactEvent::Finished) {
                    self.cost = 0;
                }
            }
        }
        Step {
            event: Event::Exact(event),
            cost: self.cost,
            ended: self.progress.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let s = self.solver.stats();
        Snapshot::of(
            self.geo,
            self.solver.values(),
            self.cost,
            &self.progress,
            vec![
                metric("depth", self.solver.depth() as f64),
                metric("max depth", s.max_depth as f64),
                metric("guesses", s.guesses as f64),
                metric("backtracks", s.backtracks as f64),
                metric("propagations", s.propagations as f64),
                metric("solutions", self.solver.solutions() as f64),
            ],
        )
    }

    fn cost(&self) -> u32 {
        self.cost
    }
    fn cells(&self) -> &[u8] {
        self.solver.values()
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}
