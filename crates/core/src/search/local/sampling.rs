//! Conflict-guided sampling with annealing (the optuna sampler article). One step is one sweep.
//!
//! Each sweep resamples every free cell, in a random order, with P(v) ∝ exp(−λ·c_v), where c_v is
//! how many of the cell's peers hold v (later cells see earlier changes). The whole sweep is then
//! accepted by the annealing rule — always if the cost did not rise, else with probability
//! exp(−Δ/T) — and T ← 0.99·T. Classic: λ = 5, T0 = 100, every value may be drawn.
//! Tuned: only values no given peer holds may be drawn, and T is reheated after a stretch of
//! sweeps without a new best.

use super::neighbourhood::{Move, State};
use super::start;
use crate::board::{Counted, EMPTY, Geometry};
use crate::rng::Rng;
use crate::search::acceptance::{AcceptanceRate, metropolis, uphill};
use crate::search::contract::{
    Build, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot, Step, metric,
};
use crate::search::params::{ParamSpec, Preset};

/// The parameters of `preset`.
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

/// Conflict-guided sampling: one sweep per step.
pub struct Sampling {
    geo: &'static Geometry,
    free: Vec<u16>,
    /// Per free cell (same order as `free`): the values it may take, as a mask.
    allowed: Vec<u32>,
    state: State,
    saved: State,
    progress: Progress,
    weights: Vec<f64>,
    t0: f64,
    t: f64,
    cooling: f64,
    reheat_after: u64,
    since_best: u64,
    max_sweeps: u64,
    accept: AcceptanceRate,
    rng: Rng,
}

impl Sampling {
    /// A sampler from a random start, or from `build.start`.
    pub fn new(build: &Build) -> Sampling {
        let (puzzle, preset, params) = (build.puzzle, build.preset, build.params);
        let mut rng = Rng::new(build.seed);
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
        let grid = start::initial(puzzle, None, build.start, &mut rng);
        let state = State::new(&grid, Counted::ALL);
        let lambda = params.get("lambda");
        let max_peers = geo.peers[0].len();
        Sampling {
            geo,
            free,
            allowed,
            saved: state.clone(),
            progress: Progress::new(&state.cells, state.cost()),
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
        }
    }

    /// Draw a value for `cell` from the softmax of peer counts over `allowed`. (Two passes
    /// over the allowed values' bits, and no array of weights to clear: clearing two arrays a
    /// cell was a fifth of a sweep natively, a quarter in WebAssembly.)
    fn sample(&mut self, cell: usize, allowed: u32) -> u8 {
        let mut held = [0u8; 32];
        for &p in &self.geo.peers[cell] {
            held[self.state.cells[p as usize] as usize & 31] += 1;
        }
        let allowed = allowed & self.geo.all_values_mask();
        let weight = |v: usize| self.weights[held[v] as usize];
        let values = || {
            let mut bits = allowed;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let v = bits.trailing_zeros() as usize + 1;
                    bits &= bits - 1;
                    v
                })
            })
        };
        let total: f64 = values().map(weight).fold(0.0, |t, w| t + w);
        let mut x = self.rng.unit() * total;
        if total == 0.0 {
            // every allowed value's weight underflowed (a sharpness near its top on a large
            // grid): the softmax's limit, the value the fewest peers hold (the first on a tie),
            // not an empty cell
            if let Some(v) = values().min_by_key(|&v| held[v]) {
                return v as u8;
            }
        }
        let mut last = 0;
        for v in values() {
            let wv = weight(v);
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

impl Search for Sampling {
    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary::temperature(self.t))
    }

    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.state.cost(), self.progress.ended);
        }
        self.progress.steps += 1;
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
                self.state.apply(Move::Set(c, v));
                changed += 1;
            }
        }
        self.free = order;
        self.allowed = allowed;
        let delta = self.state.cost() as i32 - before as i32;
        let t = self.t;
        let (accepted, decision) = metropolis(delta, t, || uphill(delta, t), || self.rng.bits53());
        if !accepted {
            self.state.clone_from(&self.saved);
        }
        self.accept.record(accepted);
        self.t *= self.cooling;
        if self
            .progress
            .best
            .offer(&self.state.cells, self.state.cost())
        {
            self.since_best = 0;
        } else {
            self.since_best += 1;
            if self.reheat_after > 0 && self.since_best >= self.reheat_after {
                self.t = self.t0;
                self.since_best = 0;
            }
        }
        if self.state.cost() == 0 {
            self.progress.ended = Some(Outcome::Solved);
        } else if self.progress.steps >= self.max_sweeps {
            self.progress.ended = Some(Outcome::BudgetSpent);
        }
        Step {
            event: Event::Sweep {
                changed,
                delta,
                decision,
            },
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
                metric("temperature", self.t),
                metric("acceptance", self.accept.value()),
                metric("sweep", self.progress.steps as f64),
                metric("free cells", self.free.len() as f64),
            ],
        )
    }

    /// A sweep changes cells one at a time: the cost change of every single change it could
    /// make (each free cell to each other value it may draw).
    fn landscape(&self) -> Option<Landscape> {
        let n = self.geo.n as u8;
        let deltas = self.free.iter().zip(&self.allowed).flat_map(|(&c, &mask)| {
            let old = self.state.cells[c as usize];
            (1..=n)
                .filter(move |&v| v != old && mask & 1 << (v - 1) != 0)
                .map(move |v| self.state.delta(Move::Set(c, v)))
        });
        Some(Landscape::moves(deltas, Some(self.t)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::resolve_one;
    use crate::search::params::Params;

    /// `sample` as it was written first: a count and a weight per value in arrays, then one
    /// pass over every value.
    fn sample_before(s: &Sampling, rng: &mut Rng, cell: usize, allowed: u32) -> u8 {
        let mut peers_holding = [0usize; 26];
        for &p in &s.geo.peers[cell] {
            peers_holding[s.state.cells[p as usize] as usize] += 1;
        }
        let mut w = [0.0f64; 26];
        let mut total = 0.0;
        for v in 1..=s.geo.n {
            if allowed & 1 << (v - 1) != 0 {
                w[v] = s.weights[peers_holding[v]];
                total += w[v];
            }
        }
        let mut x = rng.unit() * total;
        let mut last = 0;
        for (v, &wv) in w.iter().enumerate().take(s.geo.n + 1).skip(1) {
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

    /// The two-pass draw gives the value the first one gave, with the same generator after it,
    /// on every size, at the sharpness's ends (where weights underflow to 0), with masks that
    /// hold bits past the grid's values.
    #[test]
    fn sampling_draws_as_it_first_did() {
        for name in ["top95:4", "la16:1", "la25:1"] {
            let puzzle = resolve_one(name).unwrap();
            for (preset, lambda) in [
                (Preset::Classic, "0"),
                (Preset::Tuned, "50"),
                (Preset::Tuned, "5"),
            ] {
                let mut params = Params::defaults(super::params(preset));
                params.set("lambda", lambda).unwrap();
                let build = Build {
                    puzzle: &puzzle,
                    preset,
                    params: &params,
                    seed: 3,
                    start: None,
                };
                let mut s = Sampling::new(&build);
                let mut masks = Rng::new(8);
                for k in 0..2000 {
                    let cell = s.free[k % s.free.len()] as usize;
                    let allowed = match k % 3 {
                        0 => s.allowed[k % s.free.len()],
                        1 => masks.next_u64() as u32 | 1,
                        _ => u32::MAX,
                    };
                    let mut before = s.rng.clone();
                    let want = sample_before(&s, &mut before, cell, allowed);
                    let got = s.sample(cell, allowed);
                    if want == EMPTY {
                        // (the first version left the cell empty when every weight underflowed)
                        assert!(got != EMPTY && allowed >> (got - 1) & 1 == 1);
                    } else {
                        assert_eq!(got, want, "{name} λ={lambda} draw {k}");
                    }
                    assert_eq!(s.rng.next_u64(), before.next_u64());
                    // move the board on, so that peers hold other values
                    let v = want.max(1);
                    s.state.apply(Move::Set(cell as u16, v));
                }
            }
        }
    }

    /// When every allowed value is held by so many peers that its weight underflows to 0, the
    /// draw is the value the fewest hold: a sampled cell is never left empty.
    #[test]
    fn a_sharp_draw_on_a_large_grid_never_empties_a_cell() {
        let puzzle = resolve_one("la25:1").unwrap();
        let mut params = Params::defaults(super::params(Preset::Classic));
        params.set("lambda", "50").unwrap();
        let build = Build {
            puzzle: &puzzle,
            preset: Preset::Classic,
            params: &params,
            seed: 1,
            start: None,
        };
        let mut s = Sampling::new(&build);
        let cell = s.free[0] as usize;
        // every free peer holds 1 or 2, about half each
        for (k, &p) in s.geo.peers[cell].iter().enumerate() {
            if !puzzle.is_given(p as usize) {
                s.state.apply(Move::Set(p, 1 + (k % 2 == 0) as u8));
            }
        }
        let holders = |v: u8| {
            s.geo.peers[cell]
                .iter()
                .filter(|&&p| s.state.cells[p as usize] == v)
                .count()
        };
        assert!(
            holders(1) >= 15 && holders(2) >= 15,
            "{} {}",
            holders(1),
            holders(2)
        );
        let want = if holders(2) < holders(1) { 2 } else { 1 };
        assert_eq!(s.sample(cell, 0b11), want);
    }
}
