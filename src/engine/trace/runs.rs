//! Many runs of a search written elsewhere, for statistics: `experiment --command 'python3
//! mine.py --seed {seed}'` runs the command once per run with that run's seed in place of
//! `{seed}`, reads its trace to the closing line, and keeps a record of each run as for a
//! built-in algorithm (the cost counted from its last board, not taken from it).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use rayon::prelude::*;

use super::feed::{self, SourceSpec};
use super::replay::Replay;
use crate::board::Puzzle;
use crate::engine::experiment::{Progress, stop_reason};
use crate::engine::run_record::{Metrics, Record};
use crate::rng::derive_seed;
use crate::search::{Outcome, Search};

/// What to run.
pub struct CommandPlan<'a> {
    /// The command, `{seed}` standing for each run's seed; run by `sh -c`.
    pub template: &'a str,
    /// How many runs.
    pub runs: usize,
    /// The base seed every run's seed derives from.
    pub seed: u64,
    /// Steps after which a run is stopped (its command ended).
    pub max_steps: u64,
    /// Seconds after which a run is stopped.
    pub max_seconds: Option<f64>,
    /// Worker threads (each runs one command at a time).
    pub threads: usize,
}

/// The seed of run `run`: from the base seed and the command's text, so two commands get other
/// seeds, and the same command the same ones at any thread count.
pub fn run_seed(plan: &CommandPlan, run: usize) -> u64 {
    let text = plan
        .template
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
    derive_seed(&[plan.seed, text, run as u64])
}

/// The label of the runs of a search that calls itself `name`.
pub fn label(name: &str) -> String {
    format!("{name} (command)")
}

/// Run the plan; the runs in order, each with its record or why it has none (the command did
/// not start, or wrote no trace), and the lines its reader flagged. Runs not started because
/// `progress.stop` was raised are missing.
pub fn run(
    plan: &CommandPlan,
    progress: &Progress,
    on_record: &(dyn Fn(&Record) + Sync),
) -> Vec<CommandRun> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.threads.max(1))
        .build()
        .expect("a thread pool");
    pool.install(|| {
        (0..plan.runs)
            .into_par_iter()
            .map(|r| {
                if progress.stop.load(Ordering::Relaxed) {
                    return None;
                }
                let run = one(plan, r);
                progress.done.fetch_add(1, Ordering::Relaxed);
                if let Ok(rec) = &run.record {
                    on_record(rec);
                }
                Some(run)
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// One run of the command: its record, or why it has none.
pub struct CommandRun {
    /// The run's index.
    pub run: usize,
    /// Its seed.
    pub seed: u64,
    /// The record, or what went wrong (the command did not start, wrote no trace).
    pub record: Result<Record, String>,
    /// Lines the trace's reader flagged (malformed lines, changed givens).
    pub problems: Vec<String>,
}

fn one(plan: &CommandPlan, run: usize) -> CommandRun {
    let seed = run_seed(plan, run);
    let command = plan.template.replace("{seed}", &seed.to_string());
    let argv = vec!["sh".to_string(), "-c".to_string(), command];
    let started = Instant::now();
    let resolve = |r: &str| crate::catalog::resolve_one(r).map_err(|e| e.to_string());
    let (feed, child) = match feed::open(SourceSpec::Command(argv), resolve) {
        Ok(x) => x,
        Err(e) => {
            return CommandRun {
                run,
                seed,
                record: Err(e.to_string()),
                problems: Vec::new(),
            };
        }
    };
    let mut replay = Replay::new(Arc::clone(&feed), 0, None);
    let mut problems = Vec::new();
    let ending = loop {
        if let Some(e) = stop_reason(&replay, plan.max_steps, plan.max_seconds, started) {
            break e;
        }
        replay.advance((plan.max_steps - replay.steps()).min(4096));
        problems.extend(
            replay
                .notes()
                .into_iter()
                .filter(|n| n.starts_with("line ")),
        );
    };
    problems.extend(
        replay
            .notes()
            .into_iter()
            .filter(|n| n.starts_with("line ")),
    );
    drop(child);
    let seconds = started.elapsed().as_secs_f64();
    let puzzle: &Puzzle = feed.puzzle();
    let snap = replay.snapshot();
    let mut r = Record::new(puzzle, &feed.header.algorithm, ending);
    r.label = label(&feed.header.algorithm);
    r.seed = Some(seed);
    r.run = Some(run);
    r.solved = replay.ended() == Some(Outcome::Solved) && replay.cost() == 0;
    r.solution = r.solved.then(|| snap.grid.to_line());
    r.cost = replay.cost();
    r.best_cost = replay.best_cost();
    r.steps = Some(replay.steps());
    r.seconds = seconds;
    r.metrics = Metrics::of(&snap.metrics);
    CommandRun {
        run,
        seed,
        record: Ok(r),
        problems,
    }
}
