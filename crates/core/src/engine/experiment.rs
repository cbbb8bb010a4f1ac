//! Many independent restarts on a rayon pool (or, without threads, one after another in turns
//! on the page's thread). Each run is seeded from (base seed, algorithm, preset, puzzle, run
//! index), and results come back in run order, so the records (all but the timings) are
//! identical at any thread count, and in a web page.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

#[cfg(feature = "native")]
use rayon::prelude::*;

use crate::clock::Instant;

use crossbeam_channel::Receiver;

use super::result::{Ending, Metrics, RunResult};
use crate::board::Puzzle;
use crate::rng::derive_seed;
use crate::run::Method;
use crate::search::Search;

/// One row of an experiment: an algorithm with its preset and parameters.
#[derive(Clone)]
pub struct Arm {
    /// The algorithm, preset and parameters.
    pub method: Method,
    /// Parameters the label names whatever their value (the one an experiment varies).
    pub named: Vec<&'static str>,
}

impl Arm {
    /// An arm of a method as it stands.
    pub fn of(method: Method) -> Arm {
        Arm {
            method,
            named: Vec::new(),
        }
    }

    /// The same arm with `name` always in its label.
    pub fn naming(mut self, name: &str) -> Arm {
        if let Some(spec) = self.method.params.specs().iter().find(|s| s.name == name) {
            self.named.push(spec.name);
        }
        self
    }

    /// The algorithm, preset and every non-default (or named) parameter: `beam (classic, k=5)`.
    pub fn label(&self) -> String {
        self.method.label(&self.named)
    }
}

/// What to run.
pub struct Plan<'a> {
    /// The algorithms, each with its settings.
    pub arms: &'a [Arm],
    /// The puzzles.
    pub puzzles: &'a [Puzzle],
    /// Runs of each arm on each puzzle.
    pub runs: usize,
    /// The base seed every run's seed derives from.
    pub seed: u64,
    /// The step budget of a run.
    pub max_steps: u64,
    /// The time budget of a run, in seconds (none when `None`).
    pub max_seconds: Option<f64>,
    /// Worker threads.
    pub threads: usize,
}

/// Steps at which a run's best cost is recorded: 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, ... (×1.25),
/// up to `max_steps`. Logarithmic, so short and long runs share one axis.
pub fn checkpoints(max_steps: u64) -> Vec<u64> {
    let mut out = vec![0];
    let mut x = 1.0f64;
    // compared as floats: `x as u64` saturates, so with no budget (u64::MAX) it never passes it
    while x <= max_steps as f64 {
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
    /// Runs finished.
    pub done: AtomicU64,
    /// Raised to stop: runs not started are skipped, a run in progress stops at its next look.
    pub stop: AtomicBool,
}

/// Run the plan. Returns the finished records in plan order; runs not started because `stop` was
/// raised are missing (a run in progress stops at its next check and is dropped).
pub fn run(plan: &Plan, progress: &Progress) -> Vec<RunResult> {
    run_with(plan, progress, &|_| {})
}

/// As [`run`], calling `on_record` as each run finishes (from the worker that ran it).
pub fn run_with(
    plan: &Plan,
    progress: &Progress,
    on_record: &(dyn Fn(&RunResult) + Sync),
) -> Vec<RunResult> {
    let jobs: Vec<(usize, usize, usize)> = (0..plan.arms.len())
        .flat_map(|a| {
            (0..plan.puzzles.len()).flat_map(move |p| (0..plan.runs).map(move |r| (a, p, r)))
        })
        .collect();
    let marks = checkpoints(plan.max_steps);
    let one = |&(a, p, r): &(usize, usize, usize)| {
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
    };
    #[cfg(feature = "native")]
    let results: Vec<Option<RunResult>> = {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(plan.threads.max(1))
            .build()
            .expect("a thread pool");
        // one run per piece of work: a thread that runs out steals single runs, instead of
        // waiting while the other works through a block of runs rayon would not split again
        pool.install(|| jobs.par_iter().with_max_len(1).map(one).collect())
    };
    #[cfg(not(feature = "native"))]
    let results: Vec<Option<RunResult>> = jobs.iter().map(one).collect();
    results.into_iter().flatten().collect()
}

/// An experiment running on its own thread, as the visualiser starts one: records arrive on
/// `records` as runs finish. Dropping it stops the runs still going.
pub struct Background {
    /// Each arm's label, in order.
    pub labels: Vec<String>,
    /// Runs of each arm.
    pub runs: usize,
    /// Runs in all.
    pub total: usize,
    /// Runs done, and the stop flag.
    pub progress: Arc<Progress>,
    /// Finished runs, as they come.
    pub records: Receiver<RunResult>,
}

impl Drop for Background {
    fn drop(&mut self) {
        self.progress.stop.store(true, Ordering::SeqCst);
    }
}

/// Start `runs` runs of each arm on `puzzle` on a thread of their own, on every core, with at
/// most `max_steps` steps each; `seed` is the base seed. Without threads, the runs take turns
/// on this thread instead ([`spawn_local`]).
pub fn spawn(arms: Vec<Arm>, puzzle: Puzzle, runs: usize, seed: u64, max_steps: u64) -> Background {
    #[cfg(not(feature = "native"))]
    return spawn_local(arms, puzzle, runs, seed, max_steps);
    #[cfg(feature = "native")]
    {
        let labels = arms.iter().map(Arm::label).collect();
        let total = arms.len() * runs;
        let progress = Arc::new(Progress::default());
        let (tx, rx) = crossbeam_channel::unbounded();
        let worker_progress = Arc::clone(&progress);
        std::thread::Builder::new()
            .name("experiment".into())
            .spawn(move || {
                let puzzles = [puzzle];
                // behind a gate (a served session) one thread: the gate shares the cores
                let threads = if super::gate::permits().is_some() {
                    1
                } else {
                    std::thread::available_parallelism().map_or(1, |n| n.get())
                };
                let plan = Plan {
                    arms: &arms,
                    puzzles: &puzzles,
                    runs,
                    seed,
                    max_steps,
                    max_seconds: None,
                    threads,
                };
                run_with(&plan, &worker_progress, &|r| {
                    let _ = tx.send(r.clone());
                });
            })
            .expect("an experiment thread");
        Background {
            labels,
            runs,
            total,
            progress,
            records: rx,
        }
    }
}

/// As [`spawn`], the runs one after another in turns on this thread ([`super::local`]): each
/// turn steps the run in progress for its share of the time. The same records, in the same
/// order, as on threads.
pub fn spawn_local(
    arms: Vec<Arm>,
    puzzle: Puzzle,
    runs: usize,
    seed: u64,
    max_steps: u64,
) -> Background {
    let labels = arms.iter().map(Arm::label).collect();
    let total = arms.len() * runs;
    let progress = Arc::new(Progress::default());
    let (tx, rx) = crossbeam_channel::unbounded();
    let marks = checkpoints(max_steps);
    let worker_progress = Arc::clone(&progress);
    let mut next = 0usize;
    // the run in progress: its arm, index, search, driving and when it began
    type Current = (usize, usize, Box<dyn Search>, Driving, Instant);
    let mut current: Option<Current> = None;
    super::local::add(Box::new(move |budget| {
        let began = Instant::now();
        loop {
            if worker_progress.stop.load(Ordering::Relaxed) {
                return false;
            }
            let (a, r, search, driving, start) = match &mut current {
                Some(c) => c,
                None => {
                    if next >= total {
                        return false;
                    }
                    let (a, r) = (next / runs.max(1), next % runs.max(1));
                    next += 1;
                    let arm = &arms[a];
                    let m = &arm.method;
                    let s = m.algo.build(
                        &puzzle,
                        m.preset,
                        &m.params,
                        run_seed(seed, arm, 0, r),
                        None,
                    );
                    // from one step a batch: a step of some families (an ant's tour, a
                    // generation) takes more than a frame has
                    let driving = Driving {
                        batch: 1,
                        ..Driving::new(marks.len())
                    };
                    current.insert((a, r, s, driving, Instant::now()))
                }
            };
            let until = began + budget;
            match driving.go(
                search.as_mut(),
                max_steps,
                None,
                &marks,
                &worker_progress.stop,
                Some(until),
            ) {
                Driven::Paused => return true,
                Driven::Stopped => return false,
                Driven::Ended(ending) => {
                    let arm = &arms[*a];
                    let mut rec = record_of(
                        search.as_ref(),
                        &puzzle,
                        arm,
                        run_seed(seed, arm, 0, *r),
                        ending,
                        start.elapsed().as_secs_f64(),
                    );
                    rec.run = Some(*r);
                    rec.curve = std::mem::take(&mut driving.curve);
                    worker_progress.done.fetch_add(1, Ordering::Relaxed);
                    let _ = tx.send(rec);
                    current = None;
                    if began.elapsed() >= budget {
                        return true;
                    }
                }
            }
        }
    }));
    Background {
        labels,
        runs,
        total,
        progress,
        records: rx,
    }
}

/// The seed of one run.
pub fn run_seed(base: u64, arm: &Arm, puzzle_index: usize, run: usize) -> u64 {
    let name = arm
        .method
        .algo
        .name
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(131).wrapping_add(b as u64));
    derive_seed(&[
        base,
        name,
        arm.method.preset as u64,
        puzzle_index as u64,
        run as u64,
    ])
}

/// Why a search driven step by step stops now, if it does: it ended, or it spent the step
/// budget, or the time budget (counted from `started`).
pub fn stop_reason(
    search: &dyn Search,
    max_steps: u64,
    max_seconds: Option<f64>,
    started: Instant,
) -> Option<Ending> {
    if let Some(o) = search.ended() {
        return Some(Ending::of(o));
    }
    if search.steps() >= max_steps {
        return Some(Ending::BudgetSpent);
    }
    max_seconds
        .is_some_and(|s| started.elapsed().as_secs_f64() >= s)
        .then_some(Ending::TimeSpent)
}

/// A search run to its end or a budget: how it ended, and the best-cost curve at `marks`
/// (carried forward after the end). `stop` is looked at between batches; `None` when it was
/// raised. Solve and experiments share it, so both end runs the same way.
pub fn drive(
    search: &mut dyn Search,
    max_steps: u64,
    max_seconds: Option<f64>,
    marks: &[u64],
    stop: &AtomicBool,
) -> Option<(Ending, Vec<u32>)> {
    let mut driving = Driving::new(marks.len());
    match driving.go(search, max_steps, max_seconds, marks, stop, None) {
        Driven::Ended(ending) => Some((ending, driving.curve)),
        Driven::Stopped | Driven::Paused => None,
    }
}

/// A search being driven to its end or a budget, a batch at a time, which may be left and
/// taken up again ([`Driving::go`]): a web page drives a run a frame's share at a time.
pub struct Driving {
    /// The best cost at each mark reached so far (carried forward to every mark at the end).
    pub curve: Vec<u32>,
    next_mark: usize,
    /// Steps between looks at the clock and at the stop.
    batch: u64,
    start: Instant,
}

/// Where driving a search got to.
pub enum Driven {
    /// It ended so: its curve is complete.
    Ended(Ending),
    /// The stop was raised.
    Stopped,
    /// The time given is up: go on later.
    Paused,
}

impl Driving {
    /// A run about to be driven, with `marks` marks to record.
    pub fn new(marks: usize) -> Driving {
        Driving {
            curve: Vec::with_capacity(marks),
            next_mark: 0,
            batch: 64,
            start: Instant::now(),
        }
    }

    /// Drive `search` on, until it ends, a budget is spent, `stop` is raised, or the time is
    /// `until` (then [`Driven::Paused`]).
    pub fn go(
        &mut self,
        search: &mut dyn Search,
        max_steps: u64,
        max_seconds: Option<f64>,
        marks: &[u64],
        stop: &AtomicBool,
        until: Option<Instant>,
    ) -> Driven {
        // steps between looks at the clock and at `stop`: doubled while a batch takes under a
        // millisecond, halved when one takes over ten, so that a budget in seconds or a stop
        // is seen within about ten milliseconds whatever a step costs (a move or a whole ant)
        let ending = loop {
            while self.next_mark < marks.len() && marks[self.next_mark] <= search.steps() {
                self.curve.push(search.best_cost());
                self.next_mark += 1;
            }
            if let Some(o) = search.ended() {
                break Ending::of(o);
            }
            if search.steps() >= max_steps {
                break Ending::BudgetSpent;
            }
            if max_seconds.is_some_and(|s| self.start.elapsed().as_secs_f64() >= s) {
                break Ending::TimeSpent;
            }
            if stop.load(Ordering::Relaxed) {
                return Driven::Stopped;
            }
            if until.is_some_and(|u| Instant::now() >= u) {
                return Driven::Paused;
            }
            // up to the next checkpoint or the budget, at most `batch` steps
            let steps = search.steps();
            let goal = marks
                .get(self.next_mark)
                .map_or(max_steps, |&m| m.min(max_steps));
            let turn = super::gate::slice();
            // a turn at the gate (a served screen's experiment) lasts about one slice, as a
            // runner's does; a turn on the page's thread (`until`) ends within about two
            // milliseconds of its time, for the frame's drawing; alone, a batch takes between
            // one and ten milliseconds
            let (short, long) = match (&turn, until) {
                (Some(t), _) => (t.budget() / 8, t.budget() / 2),
                (None, Some(_)) => (Duration::from_micros(250), Duration::from_millis(2)),
                (None, None) => (Duration::from_millis(1), Duration::from_millis(10)),
            };
            let began = Instant::now();
            search.advance((goal - steps).clamp(1, self.batch));
            drop(turn);
            let took = began.elapsed();
            if took < short {
                self.batch = (self.batch * 2).min(1 << 16);
            } else if took > long {
                self.batch = (self.batch / 2).max(1);
            }
        };
        self.curve.resize(marks.len(), search.best_cost());
        Driven::Ended(ending)
    }
}

/// The record of a search that ended with `ending` after `seconds`.
pub fn record_of(
    search: &dyn Search,
    puzzle: &Puzzle,
    arm: &Arm,
    seed: u64,
    ending: Ending,
    seconds: f64,
) -> RunResult {
    let snap = search.snapshot();
    let mut r = RunResult::new(puzzle, arm.method.algo.name, ending);
    r.preset = Some(arm.method.preset);
    r.label = arm.label();
    r.params = Metrics(
        arm.method
            .params
            .pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    );
    r.seed = Some(seed);
    r.solution = (ending == Ending::Solved).then(|| snap.best.to_line());
    r.cost = search.cost();
    r.best_cost = search.best_cost();
    r.steps = Some(search.steps());
    r.seconds = seconds;
    r.metrics = Metrics::of(&snap.metrics);
    r
}

fn one_run(
    arm: &Arm,
    puzzle: &Puzzle,
    puzzle_index: usize,
    run: usize,
    plan: &Plan,
    marks: &[u64],
    progress: &Progress,
) -> Option<RunResult> {
    let seed = run_seed(plan.seed, arm, puzzle_index, run);
    let start = Instant::now();
    let m = &arm.method;
    let mut search: Box<dyn Search> = m.algo.build(puzzle, m.preset, &m.params, seed, None);
    let (ending, curve) = drive(
        search.as_mut(),
        plan.max_steps,
        plan.max_seconds,
        marks,
        &progress.stop,
    )?;
    let seconds = start.elapsed().as_secs_f64();
    let mut r = record_of(search.as_ref(), puzzle, arm, seed, ending, seconds);
    r.run = Some(run);
    r.curve = curve;
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::checkpoints;

    #[test]
    fn checkpoints_grow_by_a_quarter_and_end_even_without_a_budget() {
        assert_eq!(checkpoints(10), vec![0, 1, 2, 3, 4, 5, 7, 9]);
        let all = checkpoints(u64::MAX);
        assert!(all.windows(2).all(|w| w[0] < w[1]), "strictly rising");
        assert!(all.len() < 300, "{}", all.len());
    }
}
