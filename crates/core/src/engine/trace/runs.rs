//! Many runs of a search written elsewhere, for statistics: `experiment --command 'python3
//! mine.py --seed {seed}'` runs the command once per run with that run's seed in place of
//! `{seed}`, reads its trace to the closing line, and keeps a record of each run as for a
//! built-in algorithm (the cost counted from its last board, not taken from it).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::child::Exit;
use super::feed::{Closed, SourceSpec};
use super::replay::Replay;
use super::source::{self, NotReady, Source};
use super::tail::Stream;
use crate::board::Puzzle;
use crate::engine::experiment::{Progress, stop_reason};
use crate::engine::result::{Ending, Failure, Metrics, RunResult};
use crate::rng::derive_seed;
use crate::search::{Note, Search};

/// Seconds a run of a command may take when the experiment does not say: long enough for the
/// course's searches written plainly in Python, short enough that a command that hangs costs
/// minutes, not the afternoon.
pub const DEFAULT_SECONDS: f64 = 120.0;

/// Lines of a failed run's error output (and of its output before its trace) its record keeps.
const STDERR_KEPT: usize = 8;

/// What to run.
pub struct CommandPlan<'a> {
    /// The command, `{seed}` standing for each run's seed; its words run directly, or by
    /// `sh -c` when it needs a shell ([`super::child::argv_of`]).
    pub template: &'a str,
    /// How many runs.
    pub runs: usize,
    /// The base seed every run's seed derives from.
    pub seed: u64,
    /// Steps after which a run is stopped (its command ended): its outcome is `budget_spent`.
    pub max_steps: u64,
    /// Seconds after which a run is stopped, from its start (a command that hangs before its
    /// header included): its outcome is `failed`.
    pub max_seconds: f64,
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

/// The label of the runs of a search that calls itself `name` (a run that failed before its
/// header has no name: [`name_runs`] gives it its command's).
pub fn label(name: &str) -> String {
    format!("{name} (command)")
}

/// Run the plan; the runs in order, each with its record (a failed run's says why) and the lines
/// its reader flagged. Runs not finished because `progress.stop` was raised are missing: a run
/// stopped midway is ended with its process group and left out, never counted.
pub fn run(
    plan: &CommandPlan,
    progress: &Progress,
    on_record: &(dyn Fn(&RunResult) + Sync),
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
                let run = one(plan, r, &progress.stop)?;
                progress.done.fetch_add(1, Ordering::Relaxed);
                on_record(&run.record);
                Some(run)
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// Give every run the name the command's search gives itself in its first header, so that runs
/// that failed before writing one are counted in the same row.
pub fn name_runs(runs: &mut [CommandRun], template: &str) {
    let name = runs
        .iter()
        .map(|r| r.record.algorithm.clone())
        .find(|a| !a.is_empty())
        .unwrap_or_else(|| template.to_string());
    let puzzle = runs
        .iter()
        .find(|r| !r.record.puzzle.is_empty())
        .map(|r| (r.record.puzzle.clone(), r.record.size.clone()));
    for r in runs {
        r.record.algorithm = name.clone();
        r.record.label = label(&name);
        if r.record.puzzle.is_empty()
            && let Some((p, size)) = &puzzle
        {
            r.record.puzzle = p.clone();
            r.record.size = size.clone();
        }
    }
}

/// One run of the command.
pub struct CommandRun {
    /// The run's index.
    pub run: usize,
    /// Its seed.
    pub seed: u64,
    /// The record; a run that failed has outcome `failed` and says why.
    pub record: RunResult,
    /// Lines the trace's reader flagged (malformed lines, changed givens).
    pub problems: Vec<String>,
    /// The last lines of its error output.
    pub stderr: Vec<String>,
}

/// The record of a run that failed before or while its trace was read.
fn failed(
    puzzle: Option<&Puzzle>,
    name: &str,
    reason: String,
    exit: Option<Exit>,
    source: Option<&Source>,
) -> RunResult {
    let fallback;
    let known = puzzle.is_some();
    let puzzle = match puzzle {
        Some(p) => p,
        None => {
            fallback = crate::catalog::resolve_one(crate::catalog::DEFAULT_PUZZLE)
                .expect("the default puzzle");
            &fallback
        }
    };
    let mut r = RunResult::new(puzzle, name, Ending::Failed);
    if !known {
        // no header named the puzzle
        r.puzzle.clear();
        r.size.clear();
    }
    let last = |stream| {
        source.map_or(Vec::new(), |s| {
            let lines = s.tail().lines_of(stream);
            lines[lines.len().saturating_sub(STDERR_KEPT)..].to_vec()
        })
    };
    r.failure = Some(Failure {
        reason,
        exit: exit.map(Exit::key),
        stderr: last(Stream::Error),
        stdout: last(Stream::Output),
    });
    r.exit = exit.map(Exit::key);
    r
}

fn one(plan: &CommandPlan, run: usize, stop: &AtomicBool) -> Option<CommandRun> {
    let seed = run_seed(plan, run);
    let command = plan.template.replace("{seed}", &seed.to_string());
    let argv = super::child::argv_of(&command);
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(plan.max_seconds);
    let resolve = |r: &str| crate::catalog::resolve_one(r).map_err(|e| e.to_string());
    let finish = |mut record: RunResult, problems, source: Option<&Source>| {
        record.label = label(&record.algorithm);
        record.seed = Some(seed);
        record.run = Some(run);
        record.seconds = started.elapsed().as_secs_f64();
        let stderr = source.map_or(Vec::new(), |s| {
            let lines = s.tail().lines_of(Stream::Error);
            lines[lines.len().saturating_sub(STDERR_KEPT)..].to_vec()
        });
        Some(CommandRun {
            run,
            seed,
            record,
            problems,
            stderr,
        })
    };
    let (source, mut guard) = match source::start(SourceSpec::Command(argv), resolve) {
        Ok(x) => x,
        Err(e) => return finish(failed(None, "", e, None, None), Vec::new(), None),
    };
    let feed = match source.ready(Some(deadline), stop) {
        Ok(feed) => feed,
        Err(NotReady::Stopped) => return None,
        Err(NotReady::TimedOut) => {
            let exit = guard.end();
            let why = format!(
                "wrote no trace header in {} s (its time limit)",
                plan.max_seconds
            );
            return finish(
                failed(None, "", why, exit, Some(&source)),
                Vec::new(),
                Some(&source),
            );
        }
        Err(NotReady::Failed(f)) => {
            let exit = guard.end().or(f.exit);
            return finish(
                failed(None, "", f.why, exit, Some(&source)),
                Vec::new(),
                Some(&source),
            );
        }
    };
    let name = feed.header.algorithm.clone();
    let mut replay = Replay::new(Arc::clone(&feed), 0, None);
    let mut problems = Vec::new();
    // the problems as a record writes them: in English, for programs
    let mut flagged = |notes: Vec<Note>| {
        problems.extend(
            notes
                .into_iter()
                .filter(Note::is_problem)
                .map(|n| n.to_string()),
        );
    };
    let ending = loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(e) = stop_reason(&replay, plan.max_steps, None, started) {
            break Some(e);
        }
        if Instant::now() >= deadline {
            break None;
        }
        replay.advance((plan.max_steps - replay.steps()).min(4096));
        flagged(replay.notes());
    };
    flagged(replay.notes());
    // a trace closed whole: the command's own status, when it exits within the grace; a run
    // ended here (its step budget) has no status of its own unless it had ended already
    let whole = ending.is_some() && matches!(feed.closed(), Some(Closed::End(_)));
    let own_before = source.exit();
    let exit = if whole {
        guard.end_after(source::AFTER_TRACE)
    } else {
        guard.end()
    };
    let own = if whole { exit } else { own_before };
    let puzzle: &Puzzle = feed.puzzle();
    let verdict = replay.verdict().cloned();
    let reason = match (&ending, &verdict) {
        (None, _) => Some(format!(
            "ran past its time limit of {} s and was ended",
            plan.max_seconds
        )),
        (Some(_), Some(v)) if v.said.is_none() => feed.closed().and_then(|c| match c {
            Closed::Cut { why, .. } => Some(why),
            Closed::End(_) => None,
        }),
        // the search's own word that it did not end by itself
        (Some(_), _) => feed.closed().and_then(|c| match c {
            Closed::End(e) if e.broken() => Some(match &e.error {
                Some(error) => format!("the search said it {}: {error}", e.outcome),
                None => format!("the search said it was {}", e.outcome),
            }),
            _ => None,
        }),
    };
    if let Some(reason) = reason {
        let mut r = failed(Some(puzzle), &name, reason, exit, Some(&source));
        r.cost = replay.cost();
        r.best_cost = replay.best_cost();
        r.steps = Some(replay.steps());
        return finish(r, problems, Some(&source));
    }
    let ending = ending.expect("a run that was not ended early has an ending");
    let snap = replay.snapshot();
    let mut r = RunResult::new(puzzle, &name, ending);
    r.solved = verdict.as_ref().is_some_and(|v| v.solved);
    r.solution = r.solved.then(|| snap.grid.to_line());
    r.said = verdict.and_then(|v| v.said);
    r.cost = replay.cost();
    r.best_cost = replay.best_cost();
    r.steps = Some(replay.steps());
    r.metrics = Metrics::of(&snap.metrics);
    r.exit = own.map(Exit::key);
    finish(r, problems, Some(&source))
}
