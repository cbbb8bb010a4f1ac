//! Descent: steepest, stochastic, and stochastic with sideways (plateau) moves.
//!
//! One step is one iteration of the course's loop: evaluate the whole neighbourhood by deltas,
//! then move (steepest: the best strictly improving neighbour, first found on ties; stochastic: a
//! uniformly random strictly improving one; plateau: a random one that does not worsen) or stop
//! in a local minimum. Classic uses the course neighbourhood on free values; tuned swaps inside
//! boxes on a permutation-per-box representation, and bounds runs of sideways moves.

use super::neighbourhood::{Kind, Move, Neighbourhood, State};
use super::start::{self, PermUnit};
use crate::board::{Counted, Geometry};
use crate::rng::Rng;
use crate::search::contract::{
    Build, Change, Decision, Event, Landscape, Outcome, Progress, Search, Snapshot, Step, metric,
};
use crate::search::params::{ParamSpec, Preset};

/// Which neighbour a descent takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The best strictly improving neighbour.
    Steepest,
    /// A random strictly improving neighbour.
    Stochastic,
    /// A random neighbour that does not worsen.
    Plateau,
}

/// The parameters of a descent with `rule` in `preset`.
pub fn params(rule: Rule, preset: Preset) -> Vec<ParamSpec> {
    let iters = match preset {
        Preset::Classic => 1000.0,
        Preset::Tuned => 100_000.0,
    };
    let mut specs = vec![ParamSpec::int(
        "max_iterations",
        "iterations (moves) before the run stops",
        iters,
        1.0,
        1e9,
    )];
    if rule == Rule::Plateau {
        let sideways = match preset {
            Preset::Classic => 1e9,
            Preset::Tuned => 200.0,
        };
        specs.push(ParamSpec::int(
            "max_sideways",
            "consecutive sideways moves allowed before stopping",
            sideways,
            0.0,
            1e9,
        ));
    }
    specs
}

/// A descent of one of the three rules.
pub struct Descent {
    geo: &'static Geometry,
    rule: Rule,
    hood: Neighbourhood,
    state: State,
    progress: Progress,
    rng: Rng,
    max_iterations: u64,
    max_sideways: u64,
    sideways_run: u64,
    candidates: Vec<u32>,
}

impl Descent {
    /// A descent following `rule`, built as `build` says.
    pub fn new(build: &Build, rule: Rule) -> Descent {
        let mut rng = Rng::new(build.seed);
        let (kind, counted, unit) = match build.preset {
            Preset::Classic => (Kind::Classic, Counted::ALL, None),
            Preset::Tuned => (Kind::BoxSwap, Counted::LINES, Some(PermUnit::Box)),
        };
        let grid = start::initial(build.puzzle, unit, build.start, &mut rng);
        let hood = Neighbourhood::new(build.puzzle, kind);
        let state = State::new(&grid, counted);
        Descent {
            progress: Progress::new(&state.cells, state.cost()),
            candidates: Vec::with_capacity(hood.len()),
            hood,
            state,
            geo: build.puzzle.geometry(),
            rule,
            rng,
            max_iterations: build.params.get("max_iterations") as u64,
            max_sideways: if rule == Rule::Plateau {
                build.params.get("max_sideways") as u64
            } else {
                0
            },
            sideways_run: 0,
        }
    }

    fn choose(&mut self) -> Option<(Move, i32)> {
        let cells = &self.state.cells;
        match self.rule {
            Rule::Steepest => {
                let (i, d) = self.hood.first_best(&self.state)?;
                Some((self.hood.nth(i, cells), d))
            }
            Rule::Stochastic | Rule::Plateau => {
                let limit = if self.rule == Rule::Plateau && self.sideways_run < self.max_sideways {
                    0
                } else {
                    -1
                };
                self.candidates.clear();
                let candidates = &mut self.candidates;
                self.hood.each_delta(&self.state, |i, d| {
                    if d <= limit {
                        candidates.push(i as u32);
                    }
                });
                let &i = self.rng.pick(&self.candidates)?;
                let m = self.hood.nth(i as usize, cells);
                Some((m, self.state.delta(m)))
            }
        }
    }
}

impl Search for Descent {
    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.state.cost(), self.progress.ended);
        }
        self.progress.steps += 1;
        let event = match self.choose() {
            None => {
                self.progress.ended = Some(Outcome::Stuck);
                Event::Move {
                    change: Change::Nothing,
                    delta: 0,
                    decision: Decision::NoMove,
                }
            }
            Some((m, d)) => {
                let change = m.change(&self.state.cells);
                self.state.apply(m);
                self.sideways_run = if d == 0 { self.sideways_run + 1 } else { 0 };
                self.progress
                    .best
                    .offer(&self.state.cells, self.state.cost());
                Event::Move {
                    change,
                    delta: d,
                    decision: if d < 0 {
                        Decision::Downhill
                    } else {
                        Decision::Sideways
                    },
                }
            }
        };
        if self.state.cost() == 0 {
            self.progress.ended = Some(Outcome::Solved);
        } else if self.progress.ended.is_none() && self.progress.steps >= self.max_iterations {
            self.progress.ended = Some(Outcome::BudgetSpent);
        }
        Step {
            event,
            cost: self.state.cost(),
            ended: self.progress.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot::of(
            self.geo,
            &self.state.cells,
            self.state.cost(),
            &self.progress,
            vec![
                metric("neighbours", self.hood.len() as f64),
                metric("sideways run", self.sideways_run as f64),
            ],
        )
    }

    fn landscape(&self) -> Option<Landscape> {
        Some(Landscape::moves(self.hood.deltas(&self.state), None))
    }

    fn cost(&self) -> u32 {
        self.state.cost()
    }
    fn cells(&self) -> &[u8] {
        &self.state.cells
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}
