//! Conflict-guided sampling with annealing (the optuna sampler article). One step is one sweep.
//!
//! Each sweep resamples every free cell, in a random order, with P(v) ∝ exp(−λ·c_v), where c_v is
//! how many of the cell's peers hold v (later cells see earlier changes). The whole sweep is then
//! accepted by the annealing rule — always if the cost did not rise, else with probability
//! exp(−Δ/T) — and T ← 0.99·T. Classic: λ = 5, T0 = 100, every value may be drawn.
//! Tuned: only values no given peer holds may be drawn, and T is reheated after a stretch of
//! sweeps without a new best.

use super::neighbourhood::State;
use super::params::{ParamSpec, Params, Preset};
use super::repr;
use super::{
    AcceptanceRate, Event, Outcome, Search, Snapshot, Step, idle, metric, metropolis, uphill,
};
use crate::board::{Counted, EMPTY, Geometry, Grid, Puzzle};
use crate::rng::Rng;

pub fn params(preset: Preset) -> Vec<ParamSpec> {
    let (sweeps, reheat) = match preset {
        Preset::Classic => (1000.0, 0.0),
        Preset::Tuned => (100_000.0, 200.0),
    };
    vec![
        ParamSpec::real(
            "lambda",
            "sharpness: P(v) ∝ exp(-lambda · peers holding v)",
            5.0,
            0.0,
            50.0,
        ),
        ParamSpec::real(
            "t0",
            "initial temperature of the sweep acceptance",
            100.0,
            1e-6,
            1e9,
        ),
        ParamSpec::real(
            "cooling",
            "T is multiplied by this after each sweep",
            0.99,
            0.5,
            1.0,
        ),
        ParamSpec::int(
            "reheat_after",
            "sweeps without a new best before T returns to T0 (0 = never)",
            reheat,
            0.0,
            1e9,
        ),
        ParamSpec::int(
            "max_sweeps",
            "sweeps before the run stops",
            sweeps,
            1.0,
            1e9,
        ),
    ]
}

pub struct Gibbs {
    geo: &'static Geometry,
    free: Vec<u16>,
    /// Per free cell (same order as `free`): the values it may take, as a mask.
    allowed: Vec<u32>,
    state: State,
    saved: State,
    best: Vec<u8>,
    best_cost: u32,
    weights: Vec<f64>,
    t0: f64,
    t: f64,
    cooling: f64,
    reheat_after: u64,
    since_best: u64,
    max_sweeps: u64,
    accept: AcceptanceRate,
    rng: Rng,
    steps: u64,
    ended: Option<Outcome>,
}

impl Gibbs {
    pub fn new(
        puzzle: &Puzzle,
        preset: Preset,
        params: &Params,
        seed: u64,
        start: Option<&Grid>,
    ) -> Gibbs {
        let mut rng = Rng::new(seed);
        let geo = puzzle.geometry();
        let free: Vec<u16> = puzzle.free_cells().map(|c| c as u16).collect();
        let all = geo.all_values_mask();
        let allowed: Vec<u32> = free
            .iter()
            .map(|&c| match preset {
                Preset::Classic => all,
                Preset::Tuned => {
                    let taken = geo.peers[c as usize].iter().fold(0u32, |m, &p| {
                        match puzzle.givens.get(p as usize) {
                            EMPTY => m,
                            v => m | 1 << (v - 1),
                        }
                    });
                    // a contradictory puzzle can leave a cell nothing; then allow everything
                    if all & !taken == 0 { all } else { all & !taken }
                }
            })
            .collect();
        let grid = repr::initial(puzzle, None, start, &mut rng);
        let state = State::new(&grid, Counted::ALL);
        let lambda = params.get("lambda");
        let max_peers = geo.peers[0].len();
        let best_cost = state.cost();
        Gibbs {
            geo,
            free,
            allowed,
            saved: state.clone(),
            best: state.cells.clone(),
            best_cost,
            state,
            weights: (0..=max_peers)
                .map(|k| libm::exp(-lambda * k as f64))
                .collect(),
            t0: params.get("t0"),
            t: params.get("t0"),
            cooling: params.get("cooling"),
            reheat_after: params.get("reheat_after") as u64,
            since_best: 0,
            max_sweeps: params.get("max_sweeps") as u64,
            accept: AcceptanceRate::new(20.0),
            rng,
            steps: 0,
            ended: (best_cost == 0).then_some(Outcome::Solved),
        }
    }

    /// Draw a value for `cell` from the softmax of peer counts over `allowed`.
    fn sample(&mut self, cell: usize, allowed: u32) -> u8 {
        let mut peers_holding = [0usize; 26];
        for &p in &self.geo.peers[cell] {
            peers_holding[self.state.cells[p as usize] as usize] += 1;
        }
        let mut w = [0.0f64; 26];
        let mut total = 0.0;
        for v in 1..=self.geo.n {
            if allowed & 1 << (v - 1) != 0 {
                w[v] = self.weights[peers_holding[v]];
                total += w[v];
            }
        }
        let mut x = self.rng.unit() * total;
        let mut last = 0;
        for (v, &wv) in w.iter().enumerate().take(self.geo.n + 1).skip(1) {
            if wv > 0.0 {
                last = v;
                if x < wv {
                    return v as u8;
                }
                x -= wv;
            }
        }
        last as u8
    }
}

impl Search for Gibbs {
    fn chart_value(&self) -> Option<f64> {
        Some(self.t)
    }

    fn step(&mut self) -> Step {
        if self.ended.is_some() {
            return idle(self.state.cost(), self.ended);
        }
        self.steps += 1;
        self.saved.clone_from(&self.state);
        let before = self.state.cost();
        // random sweep order: shuffle a copy of the free cells in place
        let mut order = std::mem::take(&mut self.free);
        let mut allowed = std::mem::take(&mut self.allowed);
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i + 1);
            order.swap(i, j);
            allowed.swap(i, j);
        }
        let mut changed = 0u16;
        for (&c, &mask) in order.iter().zip(&allowed) {
            let v = self.sample(c as usize, mask);
            if v != self.state.cells[c as usize] {
                self.state.apply(super::neighbourhood::Move::Set(c, v));
                changed += 1;
            }
        }
        self.free = order;
        self.allowed = allowed;
        let delta = self.state.cost() as i32 - before as i32;
        let t = self.t;
        let (accepted, verdict) = metropolis(delta, t, || uphill(delta, t), || self.rng.bits53());
        if !accepted {
            self.state.clone_from(&self.saved);
        }
        self.accept.record(accepted);
        self.t *= self.cooling;
        if self.state.cost() < self.best_cost {
            self.best_cost = self.state.cost();
            self.best.copy_from_slice(&self.state.cells);
            self.since_best = 0;
        } else {
            self.since_best += 1;
            if self.reheat_after > 0 && self.since_best >= self.reheat_after {
                self.t = self.t0;
                self.since_best = 0;
            }
        }
        if self.state.cost() == 0 {
            self.ended = Some(Outcome::Solved);
        } else if self.steps >= self.max_sweeps {
            self.ended = Some(Outcome::BudgetSpent);
        }
        Step {
            event: Event::Sweep {
                changed,
                delta,
                accepted,
                verdict,
            },
            cost: self.state.cost(),
            ended: self.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        state_snapshot!(
            self,
            vec![
                metric("temperature", self.t),
                metric("acceptance", self.accept.value()),
                metric("sweep", self.steps as f64),
                metric("free cells", self.free.len() as f64),
            ]
        )
    }

    state_accessors!();
}
