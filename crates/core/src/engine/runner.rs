//! A runner drives one search on its own thread: control messages in, reports out.
//!
//! Reports go out over a bounded channel at most about once per frame interval; when the screen
//! lags, the runner skips sending rather than queueing, so the search never waits for the
//! screen. The cost history is downsampled ([`History`]), so an hour-long run holds as much as a
//! minute-long one; the rewind buffer keeps the last few hundred boards.
//!
//! The loop has one place where controls arrive ([`Runner::next_control`], which also does the
//! waiting: blocking while paused, until the next step is due at a set speed, not at all at full
//! speed) and one function that builds a search ([`Runner::rebuild`]), from an [`Origin`] that
//! says exactly what the current search was built from: the visualiser's "show the command"
//! reproduces a view from it.
//!
//! Runners are long-lived loops, so each gets its own thread rather than a rayon worker: four
//! racing runners on a two-core pool would otherwise starve each other.

use std::collections::VecDeque;
#[cfg(feature = "native")]
use std::thread::JoinHandle;
use std::time::Duration;

#[cfg(feature = "native")]
use crossbeam_channel::RecvTimeoutError;
use crossbeam_channel::{Receiver, Sender, TryRecvError, TrySendError};

use crate::clock::Instant;

use super::gate;
use super::history::{History, Point};
use super::log::{LogLine, RunnerNote};
use super::trace::feed::Feed;
use super::trace::replay::Replay;
use super::trace::write::{StepWords, TraceWriter};
use crate::board::{Grid, Puzzle};
use crate::run::{Method, PaneRun, RunSpec};
use crate::search::{Landscape, Search, Snapshot};
use std::sync::Arc;

/// What a runner is asked to do.
#[derive(Clone, Debug)]
pub enum Control {
    /// Stop stepping.
    Pause,
    /// Step again at the set speed.
    Resume,
    /// Take this many steps, then pause.
    Step(u64),
    /// Steps per second; `None` for as fast as possible.
    Speed(Option<f64>),
    /// Continue from the board on screen with another algorithm, preset or parameters.
    Switch(Method),
    /// Start again from a fresh state with this seed.
    Reset {
        /// The new seed.
        seed: u64,
    },
    /// Start again from this board (every racer from the same one).
    Restart {
        /// The seed of the new search.
        seed: u64,
        /// The board to start from.
        start: Grid,
    },
    /// Go back this many steps (as far as the rewind buffer reaches) and pause there.
    Rewind(usize),
    /// Whether reports carry the neighbourhood of the current state (the `l` panel).
    Landscape(bool),
    /// End the runner.
    Stop,
}

/// Exactly what the current search was built from: running the same puzzle with these gives
/// the same steps.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The algorithm, preset and parameters, the seed, and the board it started from when it
    /// did not start fresh (after a switch, an edit or a rewind).
    pub run: PaneRun,
    /// Steps the pane had taken before this search began (a switch keeps counting).
    pub offset: u64,
    /// The trace the pane replays instead of a built-in search (`sudoscope watch`); `run` is
    /// then only what a switch starts from.
    pub feed: Option<Arc<Feed>>,
}

/// What the screen receives from a runner.
#[derive(Clone, Debug)]
pub struct Report {
    /// The pane it belongs to.
    pub pane: usize,
    /// The search's state.
    pub snapshot: Snapshot,
    /// The downsampled cost history.
    pub history: Vec<Point>,
    /// Each named series the search charts besides (a trace's metrics), downsampled alike: the
    /// value is the point's `low`..`high`.
    pub series: Vec<(&'static str, Vec<Point>)>,
    /// The latest lines of the step log (newest last).
    pub log: Vec<LogLine>,
    /// Cells changed by the last step.
    pub changed: Vec<u16>,
    /// Steps per second over the last half second while running.
    pub steps_per_second: f64,
    /// Whether the search is stepping (not paused, not ended).
    pub running: bool,
    /// What the current search was built from.
    pub origin: Origin,
    /// The neighbourhood of the current state, when asked for.
    pub landscape: Option<Landscape>,
    /// Set when the search thread panicked: the message.
    pub crashed: Option<String>,
}

/// The UI's handle on a runner.
pub struct RunnerHandle {
    /// Where controls go.
    pub control: Sender<Control>,
    /// The runner's thread, joined when the handle is dropped (none for a runner that takes
    /// turns, [`spawn_local`]).
    #[cfg(feature = "native")]
    pub thread: Option<JoinHandle<()>>,
}

impl RunnerHandle {
    /// Send a control; a runner that has ended ignores it.
    pub fn send(&self, c: Control) {
        let _ = self.control.send(c);
    }
}

impl RunnerSetup {
    /// The first pane of `spec`, as pane 0.
    pub fn first_of(spec: &RunSpec) -> RunnerSetup {
        RunnerSetup {
            pane: 0,
            puzzle: spec.puzzle.clone(),
            run: spec.first(),
            speed: spec.speed,
            running: !spec.paused,
            feed: None,
            trace: None,
            shared: false,
        }
    }
}

impl Drop for RunnerHandle {
    fn drop(&mut self) {
        let _ = self.control.send(Control::Stop);
        #[cfg(feature = "native")]
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How a runner starts.
#[derive(Clone, Debug)]
pub struct RunnerSetup {
    /// The pane it reports to.
    pub pane: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The search: method, seed and start board.
    pub run: PaneRun,
    /// Steps per second; `None` for as fast as possible.
    pub speed: Option<f64>,
    /// Whether it starts stepping at once.
    pub running: bool,
    /// A trace to replay instead of a built-in search.
    pub feed: Option<Arc<Feed>>,
    /// Where to write the pane's run as a trace (`tui --trace`), step by step.
    pub trace: Option<TraceTo>,
    /// One of many screens' searches (a served session's): it takes turns at the compute
    /// gate, when one is installed. The lecturer's own do not: at full speed, one keeps a
    /// permit of its own instead ([`gate::keep`]). Both run at a lower priority than the
    /// screens when a gate is installed.
    pub shared: bool,
}

/// A trace a runner writes of its pane: where, the run its header names (the run on screen, as
/// `y` shows it), and the words each step gets as its `move` (the caller's: the engine has none).
#[derive(Clone, Debug)]
pub struct TraceTo {
    /// The file.
    pub path: std::path::PathBuf,
    /// The run the header describes; its first pane is the one traced.
    pub run: RunSpec,
    /// Each step's words.
    pub words: Option<StepWords>,
}

/// Runner threads are named with this prefix (the TUI's panic hook recognises them).
pub const RUNNER_THREAD: &str = "runner-";

const FRAME_INTERVAL: Duration = Duration::from_millis(33);
/// How long an idle runner waits for a control before sending a report again.
const IDLE_WAIT: Duration = Duration::from_millis(250);
const REWIND: usize = 512;
/// Steps a rewind replays at most to rebuild the exact state (well under a second).
const REPLAY: u64 = 20_000_000;
const LOG_LINES: usize = 12;
/// Named series a pane charts at most.
const MAX_SERIES: usize = 6;
/// Full speed steps this long between looks at the controls (and reports, a frame apart).
const BURST: Duration = Duration::from_millis(8);
/// Speeds up to this record every step (log in words, rewind buffer); faster runs only count.
pub const WATCHED_SPEED: f64 = 2000.0;

/// Start a runner: on its own thread where there are threads ([`spawn_thread`]), else taking
/// turns on this one ([`spawn_local`]).
pub fn spawn(setup: RunnerSetup, reports: Sender<Report>) -> RunnerHandle {
    #[cfg(feature = "native")]
    return spawn_thread(setup, reports);
    #[cfg(not(feature = "native"))]
    return spawn_local(setup, reports);
}

/// Start a runner that takes turns on this thread: each [`super::local::poll`] gives it a
/// share of the time, in which it takes the controls sent, the steps due and reports, as the
/// threaded runner does (a web page's searches, between two frames).
pub fn spawn_local(setup: RunnerSetup, reports: Sender<Report>) -> RunnerHandle {
    let (tx, rx) = crossbeam_channel::bounded(64);
    let mut runner = Runner::new(setup, reports, rx);
    super::local::add(Box::new(move |budget| runner.turn(budget)));
    RunnerHandle {
        control: tx,
        #[cfg(feature = "native")]
        thread: None,
    }
}

/// Start a runner on its own thread. Reports go to `reports`; a panic in the search is caught
/// and reported with `crashed` set.
#[cfg(feature = "native")]
pub fn spawn_thread(setup: RunnerSetup, reports: Sender<Report>) -> RunnerHandle {
    let (tx, rx) = crossbeam_channel::bounded(64);
    let pane = setup.pane;
    let crash_origin = Origin {
        run: PaneRun {
            start: None,
            ..setup.run.clone()
        },
        offset: 0,
        feed: setup.feed.clone(),
    };
    let geo = setup.puzzle.geometry();
    let thread = std::thread::Builder::new()
        .name(format!("{RUNNER_THREAD}{pane}"))
        .spawn(move || {
            let crash_reports = reports.clone();
            let provoke = std::env::var("SUDOSCOPE_TEST_PANIC").is_ok_and(|v| v == "worker");
            // every search of a process that serves screens, the lecturer's own too: the
            // screens come first
            gate::lower_priority();
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let runner = Runner::new(setup, reports, rx);
                if provoke {
                    panic!("provoked by SUDOSCOPE_TEST_PANIC=worker");
                }
                runner.run()
            }));
            if let Err(e) = result {
                let msg = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".into());
                let _ = crash_reports.send(crash_report(pane, geo, crash_origin, msg));
            }
        })
        .expect("a runner thread");
    RunnerHandle {
        control: tx,
        thread: Some(thread),
    }
}

#[cfg(feature = "native")]
fn crash_report(
    pane: usize,
    geo: &'static crate::board::Geometry,
    origin: Origin,
    message: String,
) -> Report {
    let empty = Grid::empty(geo);
    Report {
        pane,
        snapshot: Snapshot {
            grid: empty.clone(),
            best: empty,
            cost: 0,
            best_cost: 0,
            steps: 0,
            ended: None,
            metrics: Vec::new(),
            series: Vec::new(),
        },
        history: Vec::new(),
        series: Vec::new(),
        log: vec![LogLine::Runner(RunnerNote::Crashed {
            message: message.clone(),
        })],
        changed: Vec::new(),
        steps_per_second: 0.0,
        running: false,
        origin,
        landscape: None,
        crashed: Some(message),
    }
}

/// What waiting for a control gave.
#[cfg(feature = "native")]
enum Next {
    Control(Control),
    Nothing,
    Gone,
}

/// One search and what the screen shows of it: the history, the step log in words, the rewind
/// buffer, the cells the last step changed. Nothing here waits, sleeps or reads a clock, so the
/// threaded runner drives it in real time and the recorder on a simulated clock, alike.
pub struct ShownSearch {
    pane: usize,
    puzzle: Puzzle,
    origin: Origin,
    search: Box<dyn Search>,
    history: History,
    log: VecDeque<LogLine>,
    rewind: VecDeque<Vec<u8>>,
    changed: Vec<u16>,
    /// Whether reports carry the neighbourhood of the current state.
    landscape: bool,
    /// The search's named series, each downsampled as the cost is (at most [`MAX_SERIES`]).
    series: Vec<(&'static str, History)>,
    /// The trace being written of every step shown, when asked.
    trace: Option<TraceWriter<std::io::BufWriter<std::fs::File>>>,
}

impl ShownSearch {
    /// The search `setup` describes, with its first log line.
    pub fn new(setup: &RunnerSetup) -> ShownSearch {
        let origin = Origin {
            run: setup.run.clone(),
            offset: 0,
            feed: setup.feed.clone(),
        };
        let mut c = ShownSearch {
            pane: setup.pane,
            search: build(&setup.puzzle, &origin),
            puzzle: setup.puzzle.clone(),
            origin,
            history: History::new(256),
            log: VecDeque::new(),
            rewind: VecDeque::new(),
            changed: Vec::new(),
            landscape: false,
            series: Vec::new(),
            trace: None,
        };
        if let Some(to) = &setup.trace {
            let path = &to.path;
            let opened = std::fs::File::create(path).and_then(|f| {
                TraceWriter::start(
                    std::io::BufWriter::new(f),
                    &to.run,
                    &setup.puzzle.name,
                    c.search.as_ref(),
                    to.words,
                )
            });
            match opened {
                Ok(w) => c.trace = Some(w),
                Err(e) => c.note(LogLine::Runner(RunnerNote::TraceUnwritable {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })),
            }
        }
        let first = match &c.origin.feed {
            Some(f) => RunnerNote::StartsTrace {
                algo: f.header.algorithm.clone(),
                source: f.source.args(),
                cost: c.search.cost(),
            },
            None => RunnerNote::Starts {
                algo: c.origin.run.method.algo.name,
                preset: c.origin.run.method.preset,
                seed: c.origin.run.seed,
                cost: c.search.cost(),
            },
        };
        c.note(LogLine::Runner(first));
        c.record_history();
        c
    }

    /// The search.
    pub fn search(&self) -> &dyn Search {
        self.search.as_ref()
    }

    /// Steps the pane has taken (a switch keeps counting).
    pub fn total_steps(&self) -> u64 {
        self.origin.offset + self.search.steps()
    }

    /// Whether the search has ended.
    pub fn ended(&self) -> bool {
        self.search.ended().is_some()
    }

    /// The only place a search is built after the start: from `origin`, which becomes the
    /// core's; the history and the rewind buffer start again when the pane's steps do.
    fn rebuild(&mut self, origin: Origin) {
        self.search = build(&self.puzzle, &origin);
        if let Some(w) = &mut self.trace {
            // the board jumps (a switch, a restart, a rewind): the trace says so with the board
            let words = match &origin.feed {
                Some(f) => format!("now {}, from this board", f.header.algorithm),
                None => format!(
                    "now {} ({}), seed {}, from this board",
                    origin.run.method.algo.name, origin.run.method.preset, origin.run.seed
                ),
            };
            if w.jump(self.search.as_ref(), &words).is_err() {
                self.trace = None;
            }
        }
        if origin.offset == 0 {
            self.history = History::new(256);
            self.series.clear();
            self.rewind.clear();
        }
        self.origin = origin;
        self.changed.clear();
        self.record_history();
    }

    /// Paused: the notes a search has gathered since (a watched command's prints) into the log;
    /// says whether any came.
    pub fn poll_notes(&mut self) -> bool {
        self.search.poll_notes();
        let notes = self.search.notes();
        let closing = self.search.closing_notes();
        let any = !notes.is_empty() || !closing.is_empty();
        for n in notes.into_iter().chain(closing) {
            self.note(LogLine::Search(n));
        }
        any
    }

    fn note(&mut self, line: LogLine) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    fn record_history(&mut self) {
        let step = self.total_steps();
        for (name, value) in self.search.series() {
            let at = match self.series.iter().position(|(n, _)| *n == name) {
                Some(i) => i,
                None if self.series.len() < MAX_SERIES => {
                    self.series.push((name, History::new(128)));
                    self.series.len() - 1
                }
                None => continue,
            };
            self.series[at].1.push(step, value, value, None);
        }
        self.history.push(
            step,
            self.search.cost() as f64,
            self.search.best_cost() as f64,
            self.search.secondary(),
        );
    }

    /// The current board as a grid.
    fn board(&self) -> Grid {
        Grid::from_cells(self.puzzle.geometry(), self.search.cells().to_vec())
            .expect("search cells fit")
    }

    /// One step, with the words and the rewind buffer when someone can follow it (`watched`).
    /// Says whether a step was taken (a trace's next step may not have arrived yet).
    pub fn step(&mut self, watched: bool) -> bool {
        if !watched {
            let step = self.search.step();
            self.take_notes();
            self.take_closing_notes();
            if !taken(&step) {
                return false;
            }
            self.write_trace(&step);
            // the last step's own words (how the search gave back its state: the course's
            // annealing losing its cost 0) are kept when the steps went by too fast to follow
            if step.ended.is_some() {
                let line = self.step_line(step);
                self.note(line);
            }
            self.record_history();
            return true;
        }
        let before = self.search.cells().to_vec();
        let step = self.search.step();
        self.take_notes();
        if !taken(&step) {
            self.take_closing_notes();
            return false;
        }
        self.write_trace(&step);
        if self.rewind.len() == REWIND {
            self.rewind.pop_front();
        }
        let ended = step.ended;
        let line = self.step_line(step);
        self.note(line);
        self.take_closing_notes();
        self.changed.clear();
        self.changed.extend(
            before
                .iter()
                .zip(self.search.cells())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, _)| i as u16),
        );
        // the board before the step is also the rewind point
        self.rewind.push_back(before);
        if let Some(how) = ended {
            self.note(LogLine::Runner(RunnerNote::Ended {
                how,
                best: self.search.best_cost(),
            }));
        }
        self.record_history();
        true
    }

    /// A step as the step log shows it: the search's own words for it, else its event.
    fn step_line(&self, step: crate::search::Step) -> LogLine {
        match self.search.words() {
            Some(words) => LogLine::Words {
                index: self.total_steps(),
                words,
                cost: step.cost,
            },
            None => LogLine::Step {
                index: self.total_steps(),
                step,
            },
        }
    }

    /// The step into the trace being written, if one is; its closing line once the search ends.
    fn write_trace(&mut self, step: &crate::search::Step) {
        let Some(w) = &mut self.trace else { return };
        let mut ok = w.step(self.search.as_ref(), step).is_ok();
        if let Some(o) = step.ended
            && let Some(w) = self.trace.take()
        {
            ok = w
                .end(self.search.as_ref(), super::result::Ending::of(o))
                .is_ok();
        }
        if !ok {
            self.trace = None;
            self.note(LogLine::Runner(RunnerNote::TraceStopped));
        }
    }

    /// The search's notes between steps into the log.
    fn take_notes(&mut self) {
        for n in self.search.notes() {
            self.note(LogLine::Search(n));
        }
    }

    /// The search's notes after its last step (how it ended) into the log.
    fn take_closing_notes(&mut self) {
        for n in self.search.closing_notes() {
            self.note(LogLine::Search(n));
        }
    }

    /// Up to `n` steps at full speed, nothing recorded but the history; notes the ending. (With
    /// a trace being written, every step is taken one by one, to be written.)
    pub fn advance(&mut self, n: u64) -> u64 {
        if self.trace.is_some() {
            let mut taken = 0;
            while taken < n && !self.ended() && self.step(false) {
                taken += 1;
            }
            return taken;
        }
        let was_running = self.search.ended().is_none();
        let taken = self.search.advance(n);
        self.take_notes();
        self.take_closing_notes();
        self.record_history();
        if let Some(how) = self.search.ended().filter(|_| was_running) {
            // the last step's own words, when they say how the search gave back its state
            if let Some(event) = self.search.ending_event() {
                let step = crate::search::Step {
                    event,
                    cost: self.search.cost(),
                    ended: Some(how),
                };
                let line = self.step_line(step);
                self.note(line);
            }
            self.note(LogLine::Runner(RunnerNote::EndedAfter {
                how,
                steps: self.total_steps(),
                best: self.search.best_cost(),
            }));
        }
        taken
    }

    /// What the screen shows now. `running` and `rate` are the driver's: the runner's real
    /// clock, or the recorder's simulated one.
    pub fn report(&self, running: bool, rate: f64) -> Report {
        let mut snapshot = self.search.snapshot();
        snapshot.steps = self.total_steps();
        Report {
            pane: self.pane,
            snapshot,
            history: self.history.points(),
            series: self.series.iter().map(|(n, h)| (*n, h.points())).collect(),
            log: self.log.iter().cloned().collect(),
            changed: self.changed.clone(),
            steps_per_second: if running { rate } else { 0.0 },
            running: running && self.search.ended().is_none(),
            origin: self.origin.clone(),
            landscape: if self.landscape {
                self.search.landscape()
            } else {
                None
            },
            crashed: None,
        }
    }

    /// Apply a control that changes the search (not pausing or speed): switch, reset,
    /// restart, rewind, or the landscape request.
    pub fn apply(&mut self, c: Control) {
        match c {
            Control::Switch(method) => {
                let (name, preset) = (method.algo.name, method.preset);
                let origin = Origin {
                    run: PaneRun {
                        method,
                        seed: self.origin.run.seed,
                        start: Some(self.board()),
                    },
                    offset: self.total_steps(),
                    feed: None,
                };
                self.rebuild(origin);
                self.note(LogLine::Runner(RunnerNote::Switched {
                    algo: name,
                    preset,
                    cost: self.search.cost(),
                }));
            }
            Control::Reset { seed } => {
                self.rebuild(Origin {
                    run: PaneRun {
                        seed,
                        start: None,
                        ..self.origin.run.clone()
                    },
                    offset: 0,
                    ..self.origin.clone()
                });
                self.note(LogLine::Runner(RunnerNote::Restarted {
                    seed,
                    cost: self.search.cost(),
                }));
            }
            Control::Restart { seed, start } => {
                self.rebuild(Origin {
                    run: PaneRun {
                        seed,
                        start: Some(start),
                        ..self.origin.run.clone()
                    },
                    offset: 0,
                    ..self.origin.clone()
                });
                self.note(LogLine::Runner(RunnerNote::RestartedShared {
                    seed,
                    cost: self.search.cost(),
                }));
            }
            Control::Rewind(n) => self.rewind_by(n),
            Control::Landscape(on) => self.landscape = on,
            Control::Pause
            | Control::Resume
            | Control::Step(_)
            | Control::Speed(_)
            | Control::Stop => {}
        }
    }

    /// Go back `n` steps. Within the current search the search is built again from its origin
    /// and replayed to that step, so everything comes back as it was (temperature, population,
    /// random stream) and stepping on repeats the same moves. Past a switch, or further than
    /// [`REPLAY`] steps from the origin, the search continues from the recorded board instead.
    fn rewind_by(&mut self, n: usize) {
        let n = n.min(self.rewind.len());
        if n == 0 {
            self.note(LogLine::Runner(RunnerNote::NothingToRewind));
            return;
        }
        let mut board = None;
        for _ in 0..n {
            board = self.rewind.pop_back();
        }
        let target = self.total_steps() - n as u64;
        let own = target
            .checked_sub(self.origin.offset)
            .filter(|&k| k <= REPLAY);
        match own {
            Some(own) => {
                self.search = build(&self.puzzle, &self.origin);
                // a replay that no longer has its first steps begins past them
                let have = self.search.steps();
                self.search.advance(own.saturating_sub(have));
                self.history.truncate(target);
                for (_, h) in &mut self.series {
                    h.truncate(target);
                }
                self.changed.clear();
            }
            None => {
                let grid = Grid::from_cells(self.puzzle.geometry(), board.expect("n > 0"))
                    .expect("recorded cells fit");
                let rewound = std::mem::take(&mut self.rewind);
                self.history.truncate(target);
                self.rebuild(Origin {
                    run: PaneRun {
                        seed: self.origin.run.seed.wrapping_add(target),
                        start: Some(grid),
                        ..self.origin.run.clone()
                    },
                    offset: target,
                    ..self.origin.clone()
                });
                // the boards before the one rewound to can still be reached
                self.rewind = rewound;
            }
        }
        self.note(LogLine::Runner(RunnerNote::Rewound {
            n,
            cost: self.search.cost(),
        }));
    }
}

/// The threaded driver of a [`ShownSearch`]: controls in, reports out, steps at the set speed.
struct Runner {
    core: ShownSearch,
    speed: Option<f64>,
    reports: Sender<Report>,
    control: Receiver<Control>,
    running: bool,
    pending_steps: u64,
    rate: f64,
    rate_mark: (Instant, u64),
    /// When the next step is due at a set speed.
    next_due: Instant,
    last_report: Instant,
    /// Whether a report has gone: a paused search shows its first board at once.
    reported: bool,
    /// Takes turns at the gate (see [`RunnerSetup::shared`]).
    shared: bool,
    /// Steps between looks at the clock during a turn, adapted to what a step costs.
    batch: u64,
    /// A permit of the gate kept while this search, which does not take turns, runs at full
    /// speed (see [`gate::keep`]).
    kept: Option<gate::Kept>,
}

impl Runner {
    fn new(setup: RunnerSetup, reports: Sender<Report>, control: Receiver<Control>) -> Runner {
        Runner {
            core: ShownSearch::new(&setup),
            speed: setup.speed,
            reports,
            control,
            running: setup.running,
            pending_steps: 0,
            rate: 0.0,
            rate_mark: (Instant::now(), 0),
            next_due: Instant::now(),
            last_report: Instant::now() - FRAME_INTERVAL,
            reported: false,
            shared: setup.shared,
            batch: 16,
            kept: None,
        }
    }

    fn watched(&self) -> bool {
        !self.running || self.speed.is_some_and(|s| s <= WATCHED_SPEED)
    }

    fn idle(&self) -> bool {
        self.pending_steps == 0 && (!self.running || self.core.ended())
    }

    fn send_report(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.rate_mark.0).as_secs_f64();
        if dt >= 0.5 {
            self.rate = (self.core.total_steps() - self.rate_mark.1) as f64 / dt;
            self.rate_mark = (now, self.core.total_steps());
        }
        let report = self.core.report(self.running, self.rate);
        self.last_report = now;
        self.reported = true;
        match self.reports.try_send(report) {
            Ok(()) | Err(TrySendError::Full(_)) => {}
            Err(TrySendError::Disconnected(_)) => self.running = false,
        }
    }

    /// The one place controls arrive on a runner's own thread. It also does the waiting: blocks while idle (reporting
    /// first), waits until the next step is due at a set speed, and only looks at full speed.
    #[cfg(feature = "native")]
    fn next_control(&mut self) -> Next {
        // a kept permit goes back as soon as this search waits or steps at a set pace
        if self.idle() || self.pending_steps > 0 || self.speed.is_some() {
            self.kept = None;
        }
        let wait = if self.idle() {
            self.send_report();
            Some(IDLE_WAIT)
        } else if self.pending_steps > 0 || self.speed.is_none() {
            None
        } else {
            Some(
                self.next_due
                    .saturating_duration_since(Instant::now())
                    .min(FRAME_INTERVAL),
            )
        };
        let received = match wait {
            None | Some(Duration::ZERO) => self.control.try_recv().map_err(|e| e.is_disconnected()),
            Some(d) => self
                .control
                .recv_timeout(d)
                .map_err(|e| e == RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(c) => Next::Control(c),
            Err(true) => Next::Gone,
            Err(false) => Next::Nothing,
        }
    }

    /// Apply a control; false when the runner must stop.
    fn handle(&mut self, c: Control) -> bool {
        match c {
            Control::Pause => self.running = false,
            Control::Resume => {
                self.running = true;
                self.rate_mark = (Instant::now(), self.core.total_steps());
                self.next_due = Instant::now();
            }
            Control::Step(n) => {
                self.running = false;
                self.pending_steps += n;
            }
            Control::Speed(s) => self.speed = s,
            Control::Stop => return false,
            Control::Rewind(n) => {
                self.core.apply(Control::Rewind(n));
                self.running = false;
            }
            other => self.core.apply(other),
        }
        true
    }

    /// How long after a report the next one is due. Taking turns at the gate, a runner
    /// reports after any turn that comes half a frame after the last report: turns come round
    /// every 15 to 35 ms when many share the gate, and waiting a whole frame would skip every
    /// other one (a screen drawn at 20 frames a second where it could be at 30). Otherwise a
    /// burst before the frame: the runner looks after each burst, so its reports come 25 to
    /// 33 ms apart and every frame has one (due a whole frame after the last, they came 33 to
    /// 41 ms apart, and a screen at full speed drew 26 frames a second).
    fn report_every(&self) -> Duration {
        if self.shared && gate::permits().is_some() {
            FRAME_INTERVAL / 2
        } else {
            FRAME_INTERVAL - BURST
        }
    }

    /// Steps due now: a pending single step, one step at a set speed, or batches at full speed.
    fn work(&mut self) {
        if self.core.ended() {
            self.pending_steps = 0;
            return;
        }
        if self.pending_steps > 0 {
            // a step not taken (a trace's next line has not come) stays pending
            if self.core.step(true) {
                self.pending_steps -= 1;
            }
            self.send_report();
            return;
        }
        if !self.running {
            return;
        }
        match self.speed {
            Some(speed) => {
                let now = Instant::now();
                if now < self.next_due {
                    return;
                }
                self.next_due = (self.next_due + Duration::from_secs_f64(1.0 / speed.max(0.01)))
                    .max(now - FRAME_INTERVAL);
                let watched = self.watched();
                self.core.step(watched);
            }
            None => match self.shared.then(gate::slice).flatten() {
                Some(turn) => {
                    self.burst(turn.budget());
                    drop(turn);
                }
                None => {
                    if !self.shared && self.kept.is_none() {
                        self.kept = gate::keep();
                    }
                    self.burst(BURST)
                }
            },
        }
    }

    /// Steps as fast as possible for about `budget` (a turn at the gate, or the time between
    /// two looks at the controls), in batches sized so that the clock is looked at a few times
    /// meanwhile whatever a step costs (a swap or a whole generation).
    fn burst(&mut self, budget: Duration) {
        let began = Instant::now();
        loop {
            let t = Instant::now();
            let n = self.batch;
            let done = self.core.advance(n);
            let took = t.elapsed();
            if took < budget / 8 {
                self.batch = (self.batch * 2).min(1 << 16);
            } else if took > budget / 2 {
                self.batch = (self.batch / 2).max(1);
            }
            // stop when the next batch would end past the budget rather than on it
            if done < n || began.elapsed() + took.min(budget) / 2 >= budget {
                break;
            }
        }
    }

    /// A turn of about `budget` on a thread shared with others ([`spawn_local`]): the controls
    /// sent, then the steps due (as many as the budget allows at full speed, those due at a set
    /// speed, or a pending single step), and a report when one is due. False when the runner
    /// must stop.
    fn turn(&mut self, budget: Duration) -> bool {
        loop {
            match self.control.try_recv() {
                Ok(c) => {
                    if !self.handle(c) {
                        return false;
                    }
                    self.send_report();
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return false,
            }
        }
        if self.idle() {
            if !self.reported || self.last_report.elapsed() >= IDLE_WAIT {
                self.send_report();
            }
            return true;
        }
        if self.running && self.pending_steps == 0 && self.speed.is_none() && !self.core.ended() {
            self.burst(budget);
        } else {
            let began = Instant::now();
            loop {
                let before = (self.core.total_steps(), self.pending_steps);
                self.work();
                let moved = (self.core.total_steps(), self.pending_steps) != before;
                if !moved || self.idle() || began.elapsed() >= budget {
                    break;
                }
            }
        }
        if !self.idle() && self.last_report.elapsed() >= self.report_every() {
            self.send_report();
        }
        true
    }

    #[cfg(feature = "native")]
    fn run(mut self) {
        loop {
            match self.next_control() {
                Next::Gone => return,
                Next::Control(c) => {
                    if !self.handle(c) {
                        return;
                    }
                    self.send_report();
                    continue;
                }
                Next::Nothing => {
                    // paused, a watched command's prints still reach the log as they come
                    if !self.running && self.pending_steps == 0 && self.core.poll_notes() {
                        self.send_report();
                    }
                }
            }
            self.work();
            // (an idle runner reports as it starts waiting, in `next_control`)
            if !self.idle() && self.last_report.elapsed() >= self.report_every() {
                self.send_report();
            }
        }
    }
}

/// Whether a step was taken: a search that has not ended and returns `Idle` was waiting (a
/// trace's next line had not come).
fn taken(step: &crate::search::Step) -> bool {
    !(matches!(step.event, crate::search::Event::Idle) && step.ended.is_none())
}

/// The search `origin` describes, on `puzzle`: its trace's replay, or a built-in search.
fn build(puzzle: &Puzzle, origin: &Origin) -> Box<dyn Search> {
    if let Some(feed) = &origin.feed {
        return Box::new(Replay::new(
            Arc::clone(feed),
            origin.offset,
            origin.run.start.as_ref(),
        ));
    }
    let run = &origin.run;
    run.method.algo.build(
        puzzle,
        run.method.preset,
        &run.method.params,
        run.seed,
        run.start.as_ref(),
    )
}

/// A trace left open when its pane goes (the screen closed first) says so in its closing line.
impl Drop for ShownSearch {
    fn drop(&mut self) {
        if let Some(w) = self.trace.take() {
            let _ = w.stop(self.search.as_ref());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog;
    use crate::run::RunSpec;

    /// A paused search that takes turns (a web page's) shows its first board on its first
    /// turn, as a threaded one does, not a quarter of a second later.
    #[test]
    fn a_paused_runner_taking_turns_reports_on_its_first_turn() {
        let mut spec = RunSpec::on(catalog::resolve_one("sudoku_7").unwrap());
        spec.paused = true;
        let (tx, rx) = crossbeam_channel::bounded(8);
        let _handle = spawn_local(RunnerSetup::first_of(&spec), tx);
        super::super::local::poll(Duration::from_millis(1));
        let report = rx.try_recv().expect("a report after the first turn");
        assert!(!report.running);
        assert_eq!(report.snapshot.steps, 0);
        assert!(rx.try_recv().is_err(), "one report");
    }

    /// At full speed no step is logged, but the step that ends the course's annealing is: it
    /// says the run stood on cost 0 at step 4752 before its bookkeeping gave back cost 2 (the
    /// lesson's scene 7 tells the class to read it there).
    #[test]
    fn at_full_speed_the_log_keeps_how_the_courses_annealing_lost_its_solution() {
        let mut spec = RunSpec::on(catalog::resolve_one("sudoku_7").unwrap());
        spec.seed = 1;
        spec.method.params.set("bookkeeping", "course").unwrap();
        let mut shown = ShownSearch::new(&RunnerSetup::first_of(&spec));
        while !shown.ended() {
            shown.advance(1000);
        }
        let log = shown.report(false, 0.0).log;
        let returned = log.iter().find_map(|l| match l {
            LogLine::Step { index, step } => Some((*index, step.event)),
            _ => None,
        });
        let event = crate::search::Event::Returned {
            cost: 2,
            zero_at: Some(4752),
        };
        assert_eq!(returned, Some((4752 + 605 + 1, event)), "{log:?}");
    }
}
