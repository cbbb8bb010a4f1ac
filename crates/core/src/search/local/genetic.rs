//! Genetic algorithm. One step is one generation.
//!
//! Classic, exactly as the course notebook: the chromosome is the n² values row by row; the
//! population (200) is sorted by cost and cut to its size; every pair breeds by one-point
//! crossover (cut in 1..=n²−2) giving both complementary children; each child mutates one random
//! free position to a different random value with probability exp(−1/T), T = 100; the next
//! generation is the best 10% of the parents plus all the children. Stop when solved, after 10
//! generations without a new best, or after 50 generations.
//!
//! Tuned: the course's two proposed fixes — a swap mutation, and diversity through fresh random
//! individuals and surviving weak ones — on a permutation-per-box representation with box-wise
//! uniform crossover (children stay permutations), parents chosen by binary tournament.

use super::start::{self, PermLayout, PermUnit};
use crate::board::cost::cost;
use crate::board::{Counted, Geometry, Grid, Puzzle};
use crate::rng::Rng;
use crate::search::contract::{
    Build, Event, Landscape, Outcome, Progress, Search, Secondary, Snapshot, Step, metric,
};
use crate::search::params::{ParamSpec, Preset};

/// The parameters of `preset`.
pub fn params(preset: Preset) -> Vec<ParamSpec> {
    let mut p = vec![ParamSpec::int(
        "population",
        "individuals per generation",
        200.0,
        4.0,
        100_000.0,
    )];
    match preset {
        Preset::Classic => p.extend([
            ParamSpec::real(
                "temperature",
                "mutation probability is exp(-1/temperature)",
                100.0,
                0.01,
                1e9,
            ),
            ParamSpec::real("elite", "fraction of parents that survive", 0.1, 0.0, 1.0),
            ParamSpec::int(
                "patience",
                "generations without a new best before stopping",
                10.0,
                1.0,
                1e9,
            ),
            ParamSpec::int(
                "max_generations",
                "generations before the run stops",
                50.0,
                1.0,
                1e9,
            ),
        ]),
        Preset::Tuned => p.extend([
            ParamSpec::real(
                "elite",
                "fraction of the best that survive unchanged",
                0.05,
                0.0,
                1.0,
            ),
            ParamSpec::real(
                "fresh",
                "fraction of each generation that is new random individuals",
                0.05,
                0.0,
                0.5,
            ),
            ParamSpec::real(
                "weak",
                "fraction of random non-elite parents that survive",
                0.05,
                0.0,
                0.5,
            ),
            ParamSpec::real(
                "mutation",
                "probability of each further swap mutation of a child",
                0.6,
                0.0,
                0.99,
            ),
            ParamSpec::int(
                "patience",
                "generations without a new best before the population is renewed",
                300.0,
                1.0,
                1e9,
            ),
            ParamSpec::int(
                "max_generations",
                "generations before the run stops",
                20_000.0,
                1.0,
                1e9,
            ),
        ]),
    }
    p
}

/// A genetic algorithm on whole grids.
pub struct Genetic {
    geo: &'static Geometry,
    puzzle: Puzzle,
    preset: Preset,
    counted: Counted,
    cells: usize,
    free: Vec<u16>,
    layout: PermLayout,
    /// `count` individuals, `cells` values each, back to back.
    pop: Vec<u8>,
    costs: Vec<u32>,
    next: Vec<u8>,
    next_costs: Vec<u32>,
    order: Vec<u32>,
    size: usize,
    elite: f64,
    fresh: f64,
    weak: f64,
    mutation: f64,
    patience: u64,
    max_generations: u64,
    progress: Progress,
    since_best: u64,
    renewals: u64,
    mean: f64,
    worst: u32,
    diversity: f64,
    rng: Rng,
}

impl Genetic {
    /// A random population, its first individual continuing from `build.start` when there is one.
    pub fn new(build: &Build) -> Genetic {
        let (puzzle, preset, params) = (build.puzzle, build.preset, build.params);
        let mut rng = Rng::new(build.seed);
        let geo = puzzle.geometry();
        let size = params.usize("population");
        let counted = match preset {
            Preset::Classic => Counted::ALL,
            Preset::Tuned => Counted::LINES,
        };
        let mut g = Genetic {
            geo,
            puzzle: puzzle.clone(),
            preset,
            counted,
            cells: geo.cells,
            free: puzzle.free_cells().map(|c| c as u16).collect(),
            layout: PermLayout::new(puzzle, PermUnit::Box),
            pop: Vec::with_capacity(size * geo.cells),
            costs: Vec::with_capacity(size),
            next: Vec::new(),
            next_costs: Vec::new(),
            order: Vec::new(),
            size,
            elite: params.get("elite"),
            fresh: if preset == Preset::Tuned {
                params.get("fresh")
            } else {
                0.0
            },
            weak: if preset == Preset::Tuned {
                params.get("weak")
            } else {
                0.0
            },
            mutation: match preset {
                Preset::Classic => libm::exp(-1.0 / params.get("temperature")),
                Preset::Tuned => params.get("mutation"),
            },
            patience: params.get("patience") as u64,
            max_generations: params.get("max_generations") as u64,
            progress: Progress::new(&[], u32::MAX),
            since_best: 0,
            renewals: 0,
            mean: 0.0,
            worst: 0,
            diversity: 1.0,
            rng: Rng::new(0),
        };
        // the first individual continues from the board on screen; the rest are random
        for i in 0..size {
            let ind = start::initial(puzzle, g.unit(), build.start.filter(|_| i == 0), &mut rng);
            g.costs.push(cost(&ind, counted));
            g.pop.extend_from_slice(ind.cells());
        }
        g.rng = rng;
        g.sort_and_cut();
        g.progress = Progress::new(&g.pop[..g.cells], g.costs[0]);
        g.summarise();
        g
    }

    /// The representation: free values (classic) or a permutation per box (tuned).
    fn unit(&self) -> Option<PermUnit> {
        (self.preset == Preset::Tuned).then_some(PermUnit::Box)
    }

    fn random_individual(&self, rng: &mut Rng) -> Grid {
        start::initial(&self.puzzle, self.unit(), None, rng)
    }

    fn individual(&self, i: usize) -> &[u8] {
        &self.pop[i * self.cells..(i + 1) * self.cells]
    }

    /// Sort by cost (ties by position, so runs replay) and keep the best `size`.
    fn sort_and_cut(&mut self) {
        let count = self.costs.len();
        self.order.clear();
        self.order.extend(0..count as u32);
        let costs = &self.costs;
        self.order.sort_by_key(|&i| (costs[i as usize], i));
        let keep = count.min(self.size);
        self.next.clear();
        self.next_costs.clear();
        for &i in &self.order[..keep] {
            let i = i as usize;
            self.next
                .extend_from_slice(&self.pop[i * self.cells..(i + 1) * self.cells]);
            self.next_costs.push(self.costs[i]);
        }
        std::mem::swap(&mut self.pop, &mut self.next);
        std::mem::swap(&mut self.costs, &mut self.next_costs);
    }

    fn summarise(&mut self) {
        let k = self.costs.len();
        self.mean = self.costs.iter().map(|&c| c as f64).sum::<f64>() / k as f64;
        self.worst = self.costs.iter().copied().max().unwrap_or(0);
        let mut hashes: Vec<u64> = (0..k)
            .map(|i| {
                self.individual(i)
                    .iter()
                    .fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
                        (h ^ v as u64).wrapping_mul(0x100_0000_01b3)
                    })
            })
            .collect();
        hashes.sort_unstable();
        hashes.dedup();
        self.diversity = hashes.len() as f64 / k as f64;
    }

    /// Push a child onto `next`, mutated, with its cost.
    fn push_child(&mut self, child_start: usize) {
        let child = &mut self.next[child_start..child_start + self.cells];
        match self.preset {
            Preset::Classic => {
                if self.rng.chance(self.mutation) && !self.free.is_empty() {
                    let c = self.free[self.rng.below(self.free.len())] as usize;
                    let n = self.geo.n;
                    let mut v = 1 + self.rng.below(n - 1) as u8;
                    if v >= child[c] {
                        v += 1;
                    }
                    child[c] = v;
                }
            }
            Preset::Tuned => {
                let mut first = true;
                while !self.layout.movable.is_empty() && (first || self.rng.chance(self.mutation)) {
                    first = false;
                    let g = self.layout.movable[self.rng.below(self.layout.movable.len())] as usize;
                    let cells = &self.layout.groups[g];
                    let i = self.rng.below(cells.len());
                    let mut j = self.rng.below(cells.len() - 1);
                    if j >= i {
                        j += 1;
                    }
                    child.swap(cells[i] as usize, cells[j] as usize);
                }
            }
        }
        let grid = Grid::from_cells(self.geo, child.to_vec()).expect("values in range");
        self.next_costs.push(cost(&grid, self.counted));
    }

    fn breed_classic(&mut self) {
        let k = self.costs.len();
        let n_elite = (k as f64 * self.elite) as usize;
        let cells = self.cells;
        self.next.clear();
        self.next_costs.clear();
        self.next.extend_from_slice(&self.pop[..n_elite * cells]);
        self.next_costs.extend_from_slice(&self.costs[..n_elite]);
        for a in 0..k {
            for b in a + 1..k {
                let cut = 1 + self.rng.below(cells - 2);
                for (x, y) in [(a, b), (b, a)] {
                    let start = self.next.len();
                    self.next
                        .extend_from_slice(&self.pop[x * cells..x * cells + cut]);
                    self.next
                        .extend_from_slice(&self.pop[y * cells + cut..(y + 1) * cells]);
                    self.push_child(start);
                }
            }
        }
    }

    fn tournament(&mut self) -> usize {
        let k = self.costs.len();
        let (a, b) = (self.rng.below(k), self.rng.below(k));
        if self.costs[a] <= self.costs[b] { a } else { b }
    }

    fn breed_tuned(&mut self) {
        let k = self.costs.len();
        let cells = self.cells;
        let n_elite = ((k as f64 * self.elite) as usize).max(1);
        let n_fresh = (k as f64 * self.fresh) as usize;
        let n_weak = (k as f64 * self.weak) as usize;
        self.next.clear();
        self.next_costs.clear();
        self.next.extend_from_slice(&self.pop[..n_elite * cells]);
        self.next_costs.extend_from_slice(&self.costs[..n_elite]);
        for _ in 0..n_weak.min(k - n_elite) {
            let i = n_elite + self.rng.below(k - n_elite);
            self.next
                .extend_from_slice(&self.pop[i * cells..(i + 1) * cells]);
            self.next_costs.push(self.costs[i]);
        }
        let mut rng = std::mem::replace(&mut self.rng, Rng::new(0));
        for _ in 0..n_fresh {
            let g = self.random_individual(&mut rng);
            self.next_costs.push(cost(&g, self.counted));
            self.next.extend_from_slice(g.cells());
        }
        self.rng = rng;
        while self.next_costs.len() < k {
            let (a, b) = (self.tournament(), self.tournament());
            let start = self.next.len();
            self.next
                .extend_from_slice(&self.pop[a * cells..(a + 1) * cells]);
            // box-wise uniform crossover: each box's free cells from one parent
            for g in 0..self.geo.n {
                if self.rng.chance(0.5) {
                    for &c in &self.layout.groups[g] {
                        self.next[start + c as usize] = self.pop[b * cells + c as usize];
                    }
                }
            }
            self.push_child(start);
        }
    }

    fn renew(&mut self) {
        // keep the best few, refill the rest with fresh individuals
        let keep = ((self.costs.len() as f64 * self.elite) as usize).max(1);
        self.pop.truncate(keep * self.cells);
        self.costs.truncate(keep);
        let mut rng = std::mem::replace(&mut self.rng, Rng::new(0));
        while self.costs.len() < self.size {
            let g = self.random_individual(&mut rng);
            self.costs.push(cost(&g, self.counted));
            self.pop.extend_from_slice(g.cells());
        }
        self.rng = rng;
        self.renewals += 1;
        self.since_best = 0;
    }
}

impl Search for Genetic {
    fn secondary(&self) -> Option<Secondary> {
        Some(Secondary {
            label: "population mean",
            value: self.mean,
            worst: Some(self.worst as f64),
        })
    }

    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.progress.best.cost(), self.progress.ended);
        }
        self.progress.steps += 1;
        match self.preset {
            Preset::Classic => self.breed_classic(),
            Preset::Tuned => self.breed_tuned(),
        }
        std::mem::swap(&mut self.pop, &mut self.next);
        std::mem::swap(&mut self.costs, &mut self.next_costs);
        self.sort_and_cut();
        self.summarise();
        let gen_best = self.costs[0];
        if self.progress.best.offer(&self.pop[..self.cells], gen_best) {
            self.since_best = 0;
        } else {
            self.since_best += 1;
        }
        if self.progress.best.cost() == 0 {
            self.progress.ended = Some(Outcome::Solved);
        } else if self.progress.steps >= self.max_generations {
            self.progress.ended = Some(Outcome::BudgetSpent);
        } else if self.since_best >= self.patience {
            match self.preset {
                Preset::Classic => self.progress.ended = Some(Outcome::Stuck),
                Preset::Tuned => self.renew(),
            }
        }
        Step {
            event: Event::Generation {
                index: self.progress.steps as u32,
                best: gen_best,
                mean: self.mean,
                worst: self.worst,
            },
            cost: gen_best,
            ended: self.progress.ended,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let mut snap = Snapshot::of(
            self.geo,
            self.individual(0),
            self.costs[0],
            &self.progress,
            vec![
                metric("generation", self.progress.steps as f64),
                metric("population", self.costs.len() as f64),
                metric("mean", self.mean),
                metric("worst", self.worst as f64),
                metric("diversity", self.diversity),
                metric("without progress", self.since_best as f64),
                metric("renewals", self.renewals as f64),
            ],
        );
        // each member's cost, cheapest first, as the beam gives its members'
        snap.series.push((
            "members",
            self.costs.iter().map(|&c| f64::from(c)).collect(),
        ));
        snap
    }

    /// How many distinct values the population holds in each cell: low numbers everywhere
    /// mean it has converged, and crossover can no longer bring anything new.
    fn landscape(&self) -> Option<Landscape> {
        let k = self.costs.len();
        let per_cell = (0..self.cells)
            .map(|c| {
                let seen = (0..k).fold(0u32, |m, i| m | 1 << self.pop[i * self.cells + c]);
                seen.count_ones() as u8
            })
            .collect();
        Some(Landscape::Diversity { per_cell, size: k })
    }

    fn cost(&self) -> u32 {
        self.costs[0]
    }
    fn cells(&self) -> &[u8] {
        self.individual(0)
    }
    fn progress(&self) -> &Progress {
        &self.progress
    }
}
