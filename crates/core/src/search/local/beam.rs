//! Local beam search.
//!
//! Classic (the course): k random states; each iteration pools every neighbour of all k states
//! and keeps the k cheapest (no de-duplication, ties broken by state then neighbour order); stop
//! when solved, after `patience` iterations without a new best, or after `max_iterations`.
//!
//! Tuned: box swaps on a permutation-per-box representation, successors kept distinct (by
//! Zobrist hash), and stochastic selection: k successors drawn without replacement with weight
//! exp(−(cost − cheapest)/τ), so the beam does not collapse onto one basin.

use super::neighbourhood::{Kind, Move, Neighbourhood, State};
use super::sample_order::SampleOrder;
use super::start::{self, PermUnit};
use super::zobrist::Zobrist;
use crate::board::{Counted, Geometry};
use crate::rng::Rng;
use crate::search::contract::{
    Build, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot, Step, metric,
};
use crate::search::params::{ParamSpec, Preset};

/// The parameters of `preset`.
pub fn params(preset: Preset) -> Vec<ParamSpec> {
    let (iters, patience) = match preset {
        Preset::Classic => (100.0, 6.0),
        Preset::Tuned => (5000.0, 200.0),
    };
    let mut p = vec![
        ParamSpec::int("k", "beam width (states kept)", 20.0, 1.0, 1000.0),
        ParamSpec::int(
            "patience",
            "iterations without a new best before stopping",
            patience,
            1.0,
            1e9,
        ),
        ParamSpec::int(
            "max_iterations",
            "iterations before the run stops",
            iters,
            1.0,
            1e9,
        ),
    ];
    if preset == Preset::Tuned {
        p.push(ParamSpec::real(
            "tau",
            "selection temperature: weight exp(-(cost - cheapest)/tau)",
            1.0,
            0.01,
            1000.0,
        ));
    }
    p
}

/// A successor: its cost, parent index and move index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Candidate {
    cost: u32,
    parent: u32,
    neighbour: u32,
}

/// Local beam search over k states.
pub struct Beam {
    geo: &'static Geometry,
    preset: Preset,
    hood: Neighbourhood,
    beam: Vec<State>,
    next: Vec<State>,
    hashes: Vec<u64>,
    zobrist: Zobrist,
    pool: Vec<Candidate>,
    /// The successors' keys (tuned).
    order: SampleOrder,
    chosen: Vec<u64>,
    progress: Progress,
    k: usize,
    patience: u64,
    max_iterations: u64,
    tau: f64,
    since_best: u64,
    rng: Rng,
}

impl Beam {
    /// k states, the first continuing from `build.start` when there is one.
    pub fn new(build: &Build) -> Beam {
        let (puzzle, preset, params) = (build.puzzle, build.preset, build.params);
        let mut rng = Rng::new(build.seed);
        let k = params.usize("k");
        let (kind, counted, unit) = match preset {
            Preset::Classic => (Kind::Classic, Counted::ALL, None),
            Preset::Tuned => (Kind::BoxSwap, Counted::LINES, Some(PermUnit::Box)),
        };
        // the first member continues from the board on screen; the others start fresh
        let beam: Vec<State> = (0..k)
            .map(|i| {
                let g = start::initial(puzzle, unit, build.start.filter(|_| i == 0), &mut rng);
                State::new(&g, counted)
            })
            .collect();
        let zobrist = Zobrist::new(puzzle.geometry());
        let hashes = beam.iter().map(|s| zobrist.hash(&s.cells)).collect();
        let first = beam.iter().min_by_key(|s| s.cost()).expect("k >= 1");
        let progress = Progress::new(&first.cells, first.cost());
        let hood = Neighbourhood::new(puzzle, kind);
        Beam {
            geo: puzzle.geometry(),
            preset,
            pool: Vec::with_capacity(k * hood.len()),
            hood,
            next: beam.clone(),
            beam,
            hashes,
            zobrist,
            order: SampleOrder::default(),
            chosen: Vec::with_capacity(k),
            progress,
            k,
            patience: params.get("patience") as u64,
            max_iterations: params.get("max_iterations") as u64,
            tau: if preset == Preset::Tuned {
                params.get("tau")
            } else {
                1.0
            },
            since_best: 0,
            rng,
        }
    }

    fn successor_hash(&self, parent: usize, m: Move) -> u64 {
        let s = &self.beam[parent];
        let h = self.hashes[parent];
        match m {
            Move::Swap(a, b) => {
                let (a, b) = (a as usize, b as usize);
                self.zobrist.after_swap(h, a, s.cells[a], b, s.cells[b])
            }
            Move::Set(c, v) => {
                let c = c as usize;
                h ^ self.zobrist.key(c, s.cells[c]) ^ self.zobrist.key(c, v)
            }
        }
    }

    /// Indices into `pool` of the successors to keep.
    fn select(&mut self) -> Vec<usize> {
        match self.preset {
            Preset::Classic => {
                let k = self.k.min(self.pool.len());
                if k < self.pool.len() {
                    self.pool.select_nth_unstable(k);
                }
                self.pool[..k].sort_unstable();
                (0..k).collect()
            }
            Preset::Tuned => {
                let cheapest = self.pool.iter().map(|c| c.cost).min().unwrap_or(0);
                let dearest = self.pool.iter().map(|c| c.cost).max().unwrap_or(0);
                // the weight of each cost above the cheapest the pool holds: a few exponentials
                // a step, not one a successor
                let tau = self.tau;
                let mut order = std::mem::take(&mut self.order);
                order.start(
                    (0..=dearest - cheapest).map(|d| libm::exp(-(d as f64) / tau).max(1e-300)),
                );
                // Efraimidis–Spirakis: the k largest ln(u)/w are a weighted sample without
                // replacement ([`SampleOrder`] takes the logarithm only where it must)
                for c in &self.pool {
                    // (a comparison, not `f64::max`, which WebAssembly calls out of line)
                    let u = self.rng.unit();
                    let u = if u < f64::MIN_POSITIVE {
                        f64::MIN_POSITIVE
                    } else {
                        u
                    };
                    order.add(u, c.cost - cheapest);
                }
                // the successors by key, distinct states only; twice as many keys whenever the
                // first ones hold fewer than k distinct states
                self.chosen.clear();
                let mut out = Vec::with_capacity(self.k);
                let (mut m, mut done) = (2 * self.k, 0);
                loop {
                    let first = order.first(m);
                    for &(_, i) in &first[done..] {
                        let c = self.pool[i as usize];
                        let mv = self
                            .hood
                            .nth(c.neighbour as usize, &self.beam[c.parent as usize].cells);
                        let h = self.successor_hash(c.parent as usize, mv);
                        if !self.chosen.contains(&h) {
                            self.chosen.push(h);
                            out.push(i as usize);
                            if out.len() == self.k {
                                break;
                            }
                        }
                    }
                    done = first.len();
                    if out.len() == self.k || done == order.len() {
                        break;
                    }
                    m *= 2;
                }
                self.order = order;
                out
            }
        }
    }
}

impl Search for Beam {
    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary {
            label: "beam mean",
            value: self.beam.iter().map(|s| s.cost() as f64).sum::<f64>() / self.beam.len() as f64,
            worst: self.beam.iter().map(|s| s.cost()).max().map(f64::from),
        })
    }

    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.progress.best.cost(), self.progress.ended);
        }
        self.progress.steps += 1;
        self.pool.clear();
        for (p, s) in self.beam.iter().enumerate() {
            let pool = &mut self.pool;
            self.hood.each_delta(s, |i, d| {
                pool.push(Candidate {
                    cost: (s.cost() as i32 + d) as u32,
                    parent: p as u32,
                    neighbour: i as u32,
                })
            });
        }
        let keep = self.select();
        if keep.is_empty() {
            self.progress.ended = Some(Outcome::Stuck);
            return Step::idle(self.progress.best.cost(), self.progress.ended);
        }
        self.next.truncate(keep.len());
        let mut hashes = Vec::with_capacity(keep.len());
        for (slot, &i) in keep.iter().enumerate() {
            let c = self.pool[i];
            let parent = &self.beam[c.parent as usize];
            let m = self.hood.nth(c.neighbour as usize, &parent.cells);
            hashes.push(self.successor_hash(c.parent as usize, m));
            if slot < self.next.len() {
                self.next[slot].clone_from(parent);
            } else {
                self.next.push(parent.clone());
            }
            self.next[slot].apply(m);
        }
        std::mem::swap(&mut self.beam, &mut self.next);
        self.hashes = hashes;
        let costs = self.beam.iter().map(|s| s.cost());
        let (best_i, best_now) = costs
            .clone()
            .enumerate()
            .min_by_key(|&(_, c)| c)
            .expect("beam not empty");
        let worst = costs.clone().max().unwrap_or(0);
        let mean = costs.map(f64::from).sum::<f64>() / self.beam.len() as f64;
        if self.progress.best.offer(&self.beam[best_i].cells, best_now) {
            self.since_best = 0;
        } else {
            self.since_best += 1;
        }
        let p = &mut self.progress;
        if p.best.cost() == 0 {
            p.ended = Some(Outcome::Solved);
        } else if self.since_best >= self.patience {
            p.ended = Some(Outcome::Stuck);
        } else if p.steps >= self.max_iterations {
            p.ended = Some(Outcome::BudgetSpent);
        }
        Step {
            event: Event::Generation {
                index: p.steps as u32,
                best: best_now,
                mean,
                worst,
            },
            cost: best_now,
            ended: p.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let lead = self
            .beam
            .iter()
            .min_by_key(|s| s.cost())
            .expect("beam not empty");
        let costs: Vec<f64> = self.beam.iter().map(|s| s.cost() as f64).collect();
        let mean = costs.iter().sum::<f64>() / costs.len() as f64;
        let worst = costs.iter().cloned().fold(0.0, f64::max);
        let mut snap = Snapshot::of(
            self.geo,
            &lead.cells,
            lead.cost(),
            &self.progress,
            vec![
                metric("iteration", self.progress.steps as f64),
                metric("beam width", self.beam.len() as f64),
                metric("mean", mean),
                metric("worst", worst),
                metric("without progress", self.since_best as f64),
                metric("pool", self.pool.len() as f64),
            ],
        );
        snap.series.push(("members", costs));
        snap
    }

    /// The neighbourhood of the beam's cheapest member.
    fn landscape(&self) -> Option<Landscape> {
        let lead = self.beam.iter().min_by_key(|s| s.cost())?;
        Some(Landscape::moves(self.hood.deltas(lead), None))
    }

    fn cost(&self) -> u32 {
        self.beam.iter().map(|s| s.cost()).min().unwrap_or(0)
    }
    fn cells(&self) -> &[u8] {
        &self
            .beam
            .iter()
            .min_by_key(|s| s.cost())
            .expect("beam not empty")
            .cells
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}
