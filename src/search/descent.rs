//! Descent: steepest, stochastic, and stochastic with sideways (plateau) moves.
//!
//! One step is one iteration of the course's loop: evaluate the whole neighbourhood by deltas,
//! then move (steepest: the best strictly improving neighbour, first found on ties; stochastic: a
//! uniformly random strictly improving one; plateau: a random one that does not worsen) or stop
//! in a local minimum. Classic uses the course neighbourhood on free values; tuned swaps inside
//! boxes on a permutation-per-box representation, and bounds runs of sideways moves.

use super::neighbourhood::{Kind, Move, Neighbourhood, State};
use super::params::{ParamSpec, Params, Preset};
use super::repr::{self, PermUnit};
use super::{Event, Outcome, Search, Snapshot, Step, Verdict, idle, metric};
use crate::board::{Counted, Geometry, Grid, Puzzle};
use crate::rng::Rng;

/// Which neighbour a descent takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    Steepest,
    Stochastic,
    Plateau,
}

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

pub struct Descent {
    geo: &'static Geometry,
    rule: Rule,
    hood: Neighbourhood,
    state: State,
    best: Vec<u8>,
    best_cost: u32,
    rng: Rng,
    steps: u64,
    max_iterations: u64,
    max_sideways: u64,
    sideways_run: u64,
    candidates: Vec<u32>,
    ended: Option<Outcome>,
}

impl Descent {
    pub fn new(
        puzzle: &Puzzle,
        rule: Rule,
        preset: Preset,
        params: &Params,
        seed: u64,
        start: Option<&Grid>,
    ) -> Descent {
        let mut rng = Rng::new(seed);
        let (kind, counted, unit) = match preset {
            Preset::Classic => (Kind::Classic, Counted::ALL, None),
            Preset::Tuned => (Kind::BoxSwap, Counted::LINES, Some(PermUnit::Box)),
        };
        let grid = repr::initial(puzzle, unit, start, &mut rng);
        let hood = Neighbourhood::new(puzzle, kind);
        let state = State::new(&grid, counted);
        let best_cost = state.cost();
        Descent {
            best: state.cells.clone(),
            best_cost,
            candidates: Vec::with_capacity(hood.len()),
            hood,
            state,
            geo: puzzle.geometry(),
            rule,
            rng,
            steps: 0,
            max_iterations: params.get("max_iterations") as u64,
            max_sideways: if rule == Rule::Plateau {
                params.get("max_sideways") as u64
            } else {
                0
            },
            sideways_run: 0,
            ended: (best_cost == 0).then_some(Outcome::Solved),
        }
    }

    fn choose(&mut self) -> Option<(Move, i32)> {
        let cells = &self.state.cells;
        match self.rule {
            Rule::Steepest => {
                let mut best: Option<(Move, i32)> = None;
                for i in 0..self.hood.len() {
                    let m = self.hood.nth(i, cells);
                    let d = self.state.delta(m);
                    if d < 0 && best.is_none_or(|(_, bd)| d < bd) {
                        best = Some((m, d));
                    }
                }
                best
            }
            Rule::Stochastic | Rule::Plateau => {
                let limit = if self.rule == Rule::Plateau && self.sideways_run < self.max_sideways {
                    0
                } else {
                    -1
                };
                self.candidates.clear();
                for i in 0..self.hood.len() {
                    if self.state.delta(self.hood.nth(i, cells)) <= limit {
                        self.candidates.push(i as u32);
                    }
                }
                let &i = self.rng.pick(&self.candidates)?;
                let m = self.hood.nth(i as usize, cells);
                Some((m, self.state.delta(m)))
            }
        }
    }
}

impl Search for Descent {
    fn step(&mut self) -> Step {
        if self.ended.is_some() {
            return idle(self.state.cost(), self.ended);
        }
        self.steps += 1;
        let event = match self.choose() {
            None => {
                self.ended = Some(Outcome::Stuck);
                Event::Move {
                    cells: [0, 0],
                    n_cells: 0,
                    delta: 0,
                    accepted: false,
                    verdict: Verdict::NoMove,
                }
            }
            Some((m, d)) => {
                self.state.apply(m);
                self.sideways_run = if d == 0 { self.sideways_run + 1 } else { 0 };
                if self.state.cost() < self.best_cost {
                    self.best_cost = self.state.cost();
                    self.best.copy_from_slice(&self.state.cells);
                }
                let (cells, n_cells) = m.cells();
                Event::Move {
                    cells,
                    n_cells,
                    delta: d,
                    accepted: true,
                    verdict: if d < 0 {
                        Verdict::Downhill
                    } else {
                        Verdict::Sideways
                    },
                }
            }
        };
        if self.state.cost() == 0 {
            self.ended = Some(Outcome::Solved);
        } else if self.ended.is_none() && self.steps >= self.max_iterations {
            self.ended = Some(Outcome::BudgetSpent);
        }
        Step {
            event,
            cost: self.state.cost(),
            ended: self.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        state_snapshot!(
            self,
            vec![
                metric("neighbours", self.hood.len() as f64),
                metric("sideways run", self.sideways_run as f64),
            ]
        )
    }

    state_accessors!();
}
