//! Many independent restarts on a rayon pool. Each run is seeded from (base seed, algorithm,
//! preset, puzzle, run index), and results come back in run order, so the records (all but the
//! timings) are identical at any thread count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::board::Puzzle;
use crate::rng::derive_seed;
use crate::search::registry::resolve_params;
use crate::search::{AlgoInfo, BuildError, Outcome, Params, Preset, Search};

/// One algorithm with its preset and parameters.
#[derive(Clone)]
pub struct Arm {
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
}

impl Arm {
    pub fn new(
        algo: &'static AlgoInfo,
        preset: Preset,
        overrides: &[String],
    ) -> Result<Arm, BuildError> {
        Ok(Arm {
            algo,
            preset,
            params: resolve_params(algo, preset, overrides)?,
        })
    }

    pub fn label(&self) -> String {
        format!("{} ({})", self.algo.name, self.preset)
    }
}

/// What to run.
pub struct Plan<'a> {
    pub arms: &'a [Arm],
    pub puzzles: &'a [Puzzle],
    pub runs: usize,
    pub seed: u64,
    pub max_steps: u64,
    pub threads: usize,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RunRecord {
    pub algorithm: &'static str,
    pub preset: Preset,
    pub puzzle: String,
    pub run: usize,
    pub seed: u64,
    pub solved: bool,
    pub outcome: Outcome,
    pub final_cost: u32,
    pub best_cost: u32,
    pub steps: u64,
    pub seconds: f64,
    /// Exact solver only: maximum depth and depth at the solution.
    pub max_depth: Option<u32>,
    pub solution_depth: Option<u32>,
    /// Best cost at the checkpoints of [`checkpoints`] (carried forward after the run ends).
    #[serde(skip)]
    pub curve: Vec<u32>,
}

impl RunRecord {
    /// The same record without timings, for comparing runs across thread counts.
    pub fn timeless(&self) -> RunRecord {
        RunRecord {
            seconds: 0.0,
            ..self.clone()
        }
    }
}

/// Steps at which a run's best cost is recorded: 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, ... (×1.25),
/// up to `max_steps`. Logarithmic, so short and long runs share one axis.
pub fn checkpoints(max_steps: u64) -> Vec<u64> {
    let mut out = vec![0];
    let mut x = 1.0f64;
    while (x as u64) <= max_steps {
        let s = x as u64;
        if *out.last().expect("starts with 0") != s {
            out.push(s);
        }
        x *= 1.25;
    }
    out
}

/// Where an experiment is: runs done, and whether to stop.
#[derive(Default)]
pub struct Progress {
    pub done: AtomicU64,
    pub stop: AtomicBool,
}

/// Run the plan. Returns the finished records in plan order; runs not started because `stop` was
/// raised are missing (a run in progress stops at its next check and is dropped).
pub fn run(plan: &Plan, progress: &Progress) -> Vec<RunRecord> {
    run_with(plan, progress, &|_| {})
}

/// As [`run`], calling `on_record` as each run finishes (from the worker that ran it).
pub fn run_with(
    plan: &Plan,
    progress: &Progress,
    on_record: &(dyn Fn(&RunRecord) + Sync),
) -> Vec<RunRecord> {
    let jobs: Vec<(usize, usize, usize)> = (0..plan.arms.len())
        .flat_map(|a| {
            (0..plan.puzzles.len()).flat_map(move |p| (0..plan.runs).map(move |r| (a, p, r)))
        })
        .collect();
    let marks = checkpoints(plan.max_steps);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads.max(1))
        .build()
        .expect("a thread pool");
    let results: Vec<Option<RunRecord>> = pool.install(|| {
        // one run per piece of work: a thread that runs out steals single runs, instead of
        // waiting while the other works through a block of runs rayon would not split again
        jobs.par_iter()
            .with_max_len(1)
            .map(|&(a, p, r)| {
                if progress.stop.load(Ordering::Relaxed) {
                    return None;
                }
                let rec = one_run(
                    &plan.arms[a],
                    &plan.puzzles[p],
                    p,
                    r,
                    plan,
                    &marks,
                    progress,
                );
                progress.done.fetch_add(1, Ordering::Relaxed);
                if let Some(r) = &rec {
                    on_record(r);
                }
                rec
            })
            .collect()
    });
    results.into_iter().flatten().collect()
}

/// The seed of one run.
pub fn run_seed(base: u64, arm: &Arm, puzzle_index: usize, run: usize) -> u64 {
    let name = arm
        .algo
        .name
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(131).wrapping_add(b as u64));
    derive_seed(&[
        base,
        name,
        arm.preset as u64,
        puzzle_index as u64,
        run as u64,
    ])
}

fn one_run(
    arm: &Arm,
    puzzle: &Puzzle,
    puzzle_index: usize,
    run: usize,
    plan: &Plan,
    marks: &[u64],
    progress: &Progress,
) -> Option<RunRecord> {
    let seed = run_seed(plan.seed, arm, puzzle_index, run);
    let start = Instant::now();
    let mut search: Box<dyn Search> = arm.algo.build(puzzle, arm.preset, &arm.params, seed, None);
    let mut curve = Vec::with_capacity(marks.len());
    let mut next_mark = 0;
    let outcome = loop {
        while next_mark < marks.len() && marks[next_mark] <= search.steps() {
            curve.push(search.best_cost());
            next_mark += 1;
        }
        if let Some(o) = search.ended() {
            break o;
        }
        if search.steps() >= plan.max_steps {
            break Outcome::BudgetSpent;
        }
        if progress.stop.load(Ordering::Relaxed) {
            return None;
        }
        // up to the next checkpoint or the budget, at most 4,096 steps between looks at `stop`
        let steps = search.steps();
        let until = marks
            .get(next_mark)
            .map_or(plan.max_steps, |&m| m.min(plan.max_steps));
        search.advance((until - steps).clamp(1, 4096));
    };
    let seconds = start.elapsed().as_secs_f64();
    let best = search.best_cost();
    curve.resize(marks.len(), best);
    let snap = search.snapshot();
    let exact = arm.algo.family == crate::search::Family::Exact;
    Some(RunRecord {
        algorithm: arm.algo.name,
        preset: arm.preset,
        puzzle: puzzle.name.clone(),
        run,
        seed,
        solved: outcome == Outcome::Solved,
        outcome,
        final_cost: search.cost(),
        best_cost: best,
        steps: search.steps(),
        seconds,
        max_depth: exact.then(|| snap.metric("max depth").unwrap_or(0.0) as u32),
        solution_depth: (exact && outcome == Outcome::Solved)
            .then(|| snap.metric("depth").unwrap_or(0.0) as u32),
        curve,
    })
}
