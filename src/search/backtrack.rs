//! Exact backtracking as a stepping search: one propagation, guess or backtrack per step.
//!
//! Classic is the C article's naive solver (first undetermined cell, elimination only); tuned
//! adds hidden singles and guesses on the cell with the fewest candidates. The grid shown is the
//! determined values (blanks elsewhere), so its cost counts the blanks as missing values; the
//! search stops at the first solution unless `solutions` asks for more.

use super::exact::{ExactEvent, ExactSolver, Strategy};
use super::params::{ParamSpec, Params, Preset};
use super::{Event, Outcome, Search, Snapshot, Step, idle, metric};
use crate::board::cost::cost;
use crate::board::{Counted, Geometry, Grid, Puzzle};

pub fn params() -> Vec<ParamSpec> {
    vec![ParamSpec::int(
        "solutions",
        "stop after this many solutions (2 proves uniqueness)",
        1.0,
        1.0,
        1e9,
    )]
}

pub struct Backtrack {
    geo: &'static Geometry,
    solver: ExactSolver,
    cost: u32,
    best: Vec<u8>,
    best_cost: u32,
    steps: u64,
    ended: Option<Outcome>,
}

impl Backtrack {
    /// A starting grid is not used: the exact search always starts from the givens.
    pub fn new(puzzle: &Puzzle, preset: Preset, params: &Params) -> Backtrack {
        let strategy = match preset {
            Preset::Classic => Strategy::NAIVE,
            Preset::Tuned => Strategy::FULL,
        };
        let solver = ExactSolver::new(puzzle, strategy, params.get("solutions") as u32);
        let c = cost(&puzzle.givens, Counted::ALL);
        Backtrack {
            geo: puzzle.geometry(),
            best: puzzle.givens.cells().to_vec(),
            solver,
            cost: c,
            best_cost: c,
            steps: 0,
            ended: None,
        }
    }

    pub fn solver(&self) -> &ExactSolver {
        &self.solver
    }
}

impl Search for Backtrack {
    fn step(&mut self) -> Step {
        if self.ended.is_some() {
            return idle(self.cost, self.ended);
        }
        self.steps += 1;
        let event = self.solver.step();
        let grid =
            Grid::from_cells(self.geo, self.solver.values().to_vec()).expect("values in range");
        self.cost = cost(&grid, Counted::ALL);
        if self.cost < self.best_cost {
            self.best_cost = self.cost;
            self.best.copy_from_slice(self.solver.values());
        }
        if self.solver.is_done() {
            self.ended = Some(if self.solver.solutions() > 0 {
                Outcome::Solved
            } else {
                Outcome::Unsolvable
            });
            if let Some(g) = self.solver.first_solution() {
                self.best.copy_from_slice(g.cells());
                self.best_cost = 0;
                // show the solution, not the state the search backtracked to while counting
                if matches!(event, ExactEvent::Finished) {
                    self.cost = 0;
                }
            }
        }
        Step {
            event: Event::Exact(event),
            cost: self.cost,
            ended: self.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let s = self.solver.stats();
        Snapshot::from_cells(
            self.geo,
            self.solver.values(),
            &self.best,
            self.cost,
            self.best_cost,
            self.steps,
            self.ended,
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
    fn best_cost(&self) -> u32 {
        self.best_cost
    }
    fn steps(&self) -> u64 {
        self.steps
    }
    fn cells(&self) -> &[u8] {
        self.solver.values()
    }
    fn ended(&self) -> Option<Outcome> {
        self.ended
    }
}
