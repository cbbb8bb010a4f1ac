//! The course's simulated annealing, on the classic neighbourhood.
//!
//! The neighbourhood is examined in random order (a lazy shuffle, one neighbour per step); the
//! first neighbour with Δ < 0, or with rand < exp(−Δ/T), is taken and T ← 0.1·T; the run stops
//! when a whole pass takes nothing. T0 = 0.01 in the notebooks' units, where a missing pair costs
//! 0.1, hence 0.1 here. The best state is kept apart from the current one, since uphill moves
//! are accepted.

use crate::board::{Counted, Geometry};
use crate::rng::Rng;
use crate::search::acceptance::{AcceptanceRate, metropolis, uphill};
use crate::search::contract::{
    Build, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot, Step, metric,
};
use crate::search::local::neighbourhood::{Kind, Neighbourhood, State};
use crate::search::local::start;
use crate::search::params::ParamSpec;

/// The parameters of the classic preset.
pub fn params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::real(
            "t0",
            "initial temperature (cost units; the notebooks' 0.01)",
            0.1,
            1e-9,
            1e9,
        ),
        ParamSpec::real(
            "cooling",
            "T is multiplied by this after each accepted move",
            0.1,
            1e-6,
            1.0,
        ),
    ]
}

/// The course's annealing on the classic neighbourhood.
pub struct CourseAnnealing {
    geo: &'static Geometry,
    hood: Neighbourhood,
    order: Vec<u32>,
    next: usize,
    state: State,
    progress: Progress,
    t: f64,
    alpha: f64,
    rng: Rng,
    accept: AcceptanceRate,
}

impl CourseAnnealing {
    /// From a random start, or from `build.start`.
    pub fn new(build: &Build) -> Self {
        let mut rng = Rng::new(build.seed);
        let grid = start::initial(build.puzzle, None, build.start, &mut rng);
        let hood = Neighbourhood::new(build.puzzle, Kind::Classic);
        let state = State::new(&grid, Counted::ALL);
        CourseAnnealing {
            geo: build.puzzle.geometry(),
            order: (0..hood.len() as u32).collect(),
            next: 0,
            hood,
            progress: Progress::new(&state.cells, state.cost()),
            state,
            t: build.params.get("t0"),
            alpha: build.params.get("cooling"),
            rng,
            accept: AcceptanceRate::new(100.0),
        }
    }
}

impl Search for CourseAnnealing {
    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary::temperature(self.t))
    }

    fn step(&mut self) -> Step {
        let p = &mut self.progress;
        if p.ended.is_some() || self.hood.is_empty() {
            p.ended.get_or_insert(Outcome::Stuck);
            return Step::idle(self.state.cost(), p.ended);
        }
        p.steps += 1;
        // lazy Fisher–Yates: the next neighbour in a fresh random order
        let j = self.next + self.rng.below(self.order.len() - self.next);
        self.order.swap(self.next, j);
        let m = self
            .hood
            .nth(self.order[self.next] as usize, &self.state.cells);
        self.next += 1;
        let d = self.state.delta(m);
        let t = self.t;
        let (accepted, decision) = metropolis(d, t, || uphill(d, t), || self.rng.bits53());
        self.accept.record(accepted);
        let change = m.change(&self.state.cells);
        if accepted {
            self.state.apply(m);
            self.t *= self.alpha;
            self.next = 0;
            p.best.offer(&self.state.cells, self.state.cost());
            if self.state.cost() == 0 {
                p.ended = Some(Outcome::Solved);
            }
        } else if self.next == self.order.len() {
            p.ended = Some(Outcome::Stuck); // a whole pass took nothing
        }
        Step {
            event: Event::Move {
                change,
                delta: d,
                decision,
            },
            cost: self.state.cost(),
            ended: p.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot::of(
            self.geo,
            &self.state.cells,
            self.state.cost(),
            &self.progress,
            vec![
                metric("temperature", self.t),
                metric("acceptance", self.accept.value()),
                metric("examined this pass", self.next as f64),
                metric("neighbours", self.hood.len() as f64),
            ],
        )
    }

    fn landscape(&self) -> Option<Landscape> {
        Some(Landscape::moves(
            self.hood.deltas(&self.state),
            Some(self.t),
        ))
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
