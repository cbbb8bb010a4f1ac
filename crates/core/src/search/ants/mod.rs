//! Ant colony system with best value evaporation (Lloyd & Amos, "Solving Sudoku with Ant
//! Colony Optimization", IEEE Transactions on Games, 2019). One step is one ant's construction.
//!
//! Each ant starts from the propagated puzzle at a random cell and visits the cells in turn.
//! At an open cell it picks a value: with probability q0 the one with the most pheromone, else
//! one drawn in proportion to pheromone; the choice wears its pheromone back towards τ0 (the
//! local update), and constraint propagation follows. A cell left with no possible value stays
//! empty. An ant's cost is the canonical one: with no clashes, three per empty cell. After every
//! iteration of `ants` ants the iteration's best ant replaces the colony's reference ant when
//! its deposit, cells / empty cells, beats the reference's; the reference then lays its deposit
//! on its values (fraction ρ), and the deposit it lays is evaporated by `bve` per iteration, so
//! that a stagnant reference ant is replaced by fresher ones.
//!
//! Classic: the paper's parameters (10 ants, q0 = 0.9, ρ = 0.9, ξ = 0.1, best value evaporation
//! 0.005, τ0 = 1 / cells) and its fixed visiting order. Tuned: an ant visits the open cell with
//! the fewest candidates next, and the colony resets its pheromone after 500 iterations without
//! a new best (BENCHMARKS.md measures what each is worth).

mod ant_grid;
mod cell_set;
pub mod event;
mod pheromone;

pub use ant_grid::AntGrid;
pub use cell_set::{CellSet, Words};
pub use event::{AntEvent, Deposit};
pub use pheromone::Pheromone;

use crate::board::cost::{Counted, conflicts, cost};
use crate::board::{EMPTY, Geometry, Grid};
use crate::rng::Rng;
use crate::search::contract::{
    Build, Event, Landscape, Outcome, Progress, Search, Snapshot, Step, metric,
};
use crate::search::params::{ParamSpec, Preset};

/// The order an ant visits the cells in.
const ORDERS: &[&str] = &["cyclic", "fewest"];

/// The parameters of `preset`.
pub fn params(preset: Preset) -> Vec<ParamSpec> {
    let (order, reset) = match preset {
        Preset::Classic => (0, 0.0),
        Preset::Tuned => (1, 500.0),
    };
    vec![
        ParamSpec::int("ants", "ants per iteration", 10.0, 1.0, 1000.0),
        ParamSpec::real(
            "q0",
            "probability of taking the value with the most pheromone",
            0.9,
            0.0,
            1.0,
        ),
        ParamSpec::real(
            "rho",
            "global update: share of the way towards the deposit",
            0.9,
            0.0,
            1.0,
        ),
        ParamSpec::real(
            "xi",
            "local update: share of the way back to the starting level",
            0.1,
            0.0,
            1.0,
        ),
        ParamSpec::real(
            "bve",
            "best value evaporation: the deposit shrinks by this share per iteration",
            0.005,
            0.0,
            1.0,
        ),
        ParamSpec::choice(
            "order",
            "cells an ant visits: cyclic from a random cell, or the fewest candidates first",
            order,
            ORDERS,
        ),
        ParamSpec::int(
            "reset_after",
            "iterations without a new best before the pheromone starts over (0 = never)",
            reset,
            0.0,
            1e9,
        ),
        ParamSpec::int(
            "max_iterations",
            "iterations before the run stops",
            20_000.0,
            1.0,
            1e9,
        ),
    ]
}

/// A colony for `build`'s puzzle, with sets of cells as small as its grid allows.
pub fn build(build: &Build) -> Box<dyn Search> {
    match build.puzzle.geometry().cells {
        0..=128 => Box::new(Ants::<u128>::new(build)),
        129..=256 => Box::new(Ants::<Words<4>>::new(build)),
        _ => Box::new(Ants::<Words<10>>::new(build)),
    }
}

/// The ant colony: one ant's construction per step, on grids of at most `S::ROOM` cells.
pub struct Ants<S: CellSet> {
    geo: &'static Geometry,
    /// The puzzle's givens, fixed and propagated: where every ant starts.
    template: AntGrid<S>,
    ant: AntGrid<S>,
    pheromone: Pheromone,
    /// The iteration's best ant so far (the start board before the first ant).
    current: Vec<u8>,
    current_cost: u32,
    iteration_best: u32,
    best_filled: u32,
    /// The ant that lays pheromone, and the deposit it lays.
    reference: Vec<u8>,
    reference_filled: u32,
    reference_amount: f64,
    progress: Progress,
    rng: Rng,
    iteration: u32,
    ant_index: u16,
    since_best: u32,
    handovers: u64,
    resets: u64,
    ants: u16,
    q0: f64,
    rho: f64,
    xi: f64,
    bve: f64,
    fewest_first: bool,
    reset_after: u32,
    max_iterations: u32,
}

impl<S: CellSet> Ants<S> {
    /// A colony on `build.puzzle`, whose cells `S` must hold; with a start board, that board's
    /// values are laid down as pheromone first, as if an ant had built it.
    pub fn new(build: &Build) -> Ants<S> {
        let (puzzle, params) = (build.puzzle, build.params);
        let geo = puzzle.geometry();
        let template = AntGrid::propagated(&puzzle.givens);
        let tau0 = 1.0 / geo.cells as f64;
        let mut pheromone = Pheromone::new(geo.cells, geo.n, tau0);
        let rho = params.get("rho");
        let start = match build.start {
            Some(start) => {
                let mut cells = start.cells().to_vec();
                for c in 0..geo.cells {
                    if puzzle.is_given(c) {
                        cells[c] = puzzle.givens.get(c);
                    }
                }
                let grid = Grid::from_cells(geo, cells).expect("same geometry");
                let clean = conflicts(&grid)
                    .iter()
                    .zip(grid.cells())
                    .filter(|&(&bad, &v)| !bad && v != EMPTY)
                    .count()
                    .min(geo.cells - 1);
                let amount = geo.cells as f64 / (geo.cells - clean) as f64;
                pheromone.deposit(grid.cells(), rho, amount);
                grid
            }
            None => Grid::from_cells(geo, template.cells().to_vec()).expect("same geometry"),
        };
        let current_cost = cost(&start, Counted::ALL);
        let current = start.cells().to_vec();
        Ants {
            geo,
            ant: template.clone(),
            template,
            pheromone,
            progress: Progress::new(&current, current_cost),
            reference: vec![EMPTY; geo.cells],
            current,
            current_cost,
            iteration_best: 0,
            best_filled: 0,
            reference_filled: 0,
            reference_amount: 0.0,
            rng: Rng::new(build.seed),
            iteration: 1,
            ant_index: 0,
            since_best: 0,
            handovers: 0,
            resets: 0,
            ants: params.usize("ants") as u16,
            q0: params.get("q0"),
            rho,
            xi: params.get("xi"),
            bve: params.get("bve"),
            fewest_first: params.usize("order") == 1,
            reset_after: params.get("reset_after") as u32,
            max_iterations: params.get("max_iterations") as u32,
        }
    }

    /// One ant fills the grid; returns how many values it chose.
    fn construct(&mut self) -> u16 {
        self.ant.copy_from(&self.template);
        let cells = self.geo.cells;
        let start = self.rng.below(cells);
        let mut chosen = 0;
        if self.fewest_first {
            loop {
                // the open cell with the fewest candidates, the first at or after `start` (wrapping
                // round) on a tie
                let mut pick = usize::MAX;
                let mut fewest = u32::MAX;
                for c in self.ant.open_cells().round_from(start) {
                    let m = self.ant.candidates(c).count_ones();
                    if m < fewest {
                        (pick, fewest) = (c, m);
                        if m == 2 {
                            break;
                        }
                    }
                }
                if pick == usize::MAX {
                    break;
                }
                self.place(pick);
                chosen += 1;
            }
        } else {
            // from `start` to the last cell, then from the first; a cell placing another fixed
            // on the way is passed over (cells only ever stop being open)
            for c in self.ant.open_cells().round_from(start) {
                if self.ant.is_open(c) {
                    self.place(c);
                    chosen += 1;
                }
            }
        }
        chosen
    }

    /// The ant picks a value at open `cell`, wears its pheromone and propagates.
    #[inline]
    fn place(&mut self, cell: usize) {
        let v = self
            .pheromone
            .choose(cell, self.ant.candidates(cell), self.q0, &mut self.rng);
        self.pheromone.wear(cell, v, self.xi);
        self.ant.set(cell, v);
    }

    /// The end of an iteration: the reference ant may change, lays its pheromone, and its
    /// deposit evaporates.
    fn end_iteration(&mut self) -> Deposit {
        let cells = self.geo.cells as f64;
        let amount = cells / (cells - self.iteration_best as f64);
        let replaced = amount > self.reference_amount;
        if replaced {
            self.reference.copy_from_slice(&self.current);
            self.reference_amount = amount;
            self.reference_filled = self.iteration_best;
            self.handovers += 1;
        }
        self.pheromone
            .deposit(&self.reference, self.rho, self.reference_amount);
        let deposit = Deposit {
            filled: self.reference_filled as u16,
            amount: self.reference_amount,
            replaced,
            reset: false,
        };
        self.reference_amount *= 1.0 - self.bve;
        self.iteration += 1;
        self.ant_index = 0;
        if self.reset_after > 0 && self.since_best >= self.reset_after {
            self.pheromone.reset();
            self.reference_amount = 0.0;
            self.since_best = 0;
            self.resets += 1;
            return Deposit {
                reset: true,
                ..deposit
            };
        }
        deposit
    }
}

impl<S: CellSet> Search for Ants<S> {
    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.current_cost, self.progress.ended);
        }
        self.progress.steps += 1;
        self.ant_index += 1;
        let chosen = self.construct();
        let filled = self.ant.fixed();
        // no two fixed values clash: each empty cell misses one value in each of its units
        let ant_cost = 3 * (self.geo.cells as u32 - filled);
        if self.ant_index == 1 || filled > self.iteration_best {
            self.current.copy_from_slice(self.ant.cells());
            self.current_cost = ant_cost;
            self.iteration_best = filled;
        }
        if self.progress.best.offer(&self.current, self.current_cost) {
            self.since_best = 0;
        }
        self.best_filled = self.best_filled.max(filled);
        let mut event = AntEvent {
            iteration: self.iteration,
            ant: self.ant_index,
            filled: filled as u16,
            chosen,
            failed: self.ant.failed() as u16,
            deposit: None,
        };
        if ant_cost == 0 {
            self.progress.ended = Some(Outcome::Solved);
        } else if self.ant_index >= self.ants {
            self.since_best += 1;
            event.deposit = Some(self.end_iteration());
            if self.iteration > self.max_iterations {
                self.progress.ended = Some(Outcome::BudgetSpent);
            }
        }
        Step {
            event: Event::Ant(event),
            cost: self.current_cost,
            ended: self.progress.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let free = (0..self.geo.cells).filter(|&c| self.template.is_open(c));
        Snapshot::of(
            self.geo,
            &self.current,
            self.current_cost,
            &self.progress,
            vec![
                metric("iteration", self.iteration as f64),
                metric("ant", self.ant_index as f64),
                metric("best cells filled", self.best_filled as f64),
                metric("reference filled", self.reference_filled as f64),
                metric("deposit", self.reference_amount),
                metric("pheromone entropy", self.pheromone.entropy(free)),
                metric("handovers", self.handovers as f64),
                metric("resets", self.resets as f64),
            ],
        )
    }

    /// The colony's memory: per cell, the share of its pheromone on its strongest value.
    fn landscape(&self) -> Option<Landscape> {
        let (share, strongest) = self
            .pheromone
            .strongest()
            .enumerate()
            .map(|(c, (s, v))| match self.template.cells()[c] {
                EMPTY => (s as f32, v),
                given => (1.0, given),
            })
            .unzip();
        Some(Landscape::Pheromone {
            share,
            strongest,
            open: (0..self.geo.cells)
                .filter(|&c| self.template.is_open(c))
                .count(),
        })
    }

    fn cost(&self) -> u32 {
        self.current_cost
    }

    fn cells(&self) -> &[u8] {
        &self.current
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse::parse_puzzles;
    use crate::search::params::Params;

    fn hard() -> crate::board::Puzzle {
        // top95's third puzzle: propagation alone places few cells
        parse_puzzles(
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "t",
        )
        .unwrap()
        .remove(0)
    }

    fn colony(preset: Preset, start: Option<&Grid>, seed: u64) -> Ants<u128> {
        let p = hard();
        let params = Params::defaults(params(preset));
        Ants::new(&Build {
            puzzle: &p,
            preset,
            params: &params,
            seed,
            start,
        })
    }

    fn mean_share(a: &Ants<u128>) -> f64 {
        match a.landscape() {
            Some(Landscape::Pheromone { share, .. }) => {
                let free: Vec<f32> = share.into_iter().filter(|&s| s < 1.0).collect();
                free.iter().map(|&s| s as f64).sum::<f64>() / free.len() as f64
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_iteration_ends_with_a_deposit_and_the_colony_converges() {
        let mut a = colony(Preset::Classic, None, 4);
        assert!(
            (mean_share(&a) - 1.0 / 9.0).abs() < 1e-6,
            "no preference at first"
        );
        for k in 1..=10 {
            let step = a.step();
            let Event::Ant(e) = step.event else {
                panic!("{step:?}")
            };
            assert_eq!((e.iteration, e.ant), (1, k));
            assert!(
                step.ended.is_none(),
                "this seed needs more than one iteration"
            );
            assert_eq!(e.deposit.is_some(), k == 10, "ant {k}");
            assert_eq!(
                e.filled as u32 + e.failed as u32,
                81,
                "every cell filled or failed"
            );
        }
        for _ in 0..100 {
            a.step();
        }
        assert!(mean_share(&a) > 0.3, "pheromone gathers on values");
    }

    #[test]
    fn a_start_board_is_laid_down_as_pheromone() {
        let p = hard();
        // a full board that keeps the givens but is not a solution
        let mut cells = p.givens.cells().to_vec();
        for (c, v) in cells.iter_mut().enumerate() {
            if *v == EMPTY {
                *v = (c % 9) as u8 + 1;
            }
        }
        let start = Grid::from_cells(p.geometry(), cells.clone()).unwrap();
        let a = colony(Preset::Tuned, Some(&start), 1);
        assert_eq!(a.cells(), &cells[..], "the board on screen is shown first");
        let Some(Landscape::Pheromone { strongest, .. }) = a.landscape() else {
            panic!()
        };
        let bad = conflicts(&start);
        for c in 0..81 {
            if !p.is_given(c) && a.template.is_open(c) && !bad[c] {
                assert_eq!(strongest[c], cells[c], "cell {c}");
            }
        }
    }
}
