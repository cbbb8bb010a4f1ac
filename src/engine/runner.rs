//! A runner drives one search on its own worker thread: control messages in, frames out.
//!
//! Frames go out over a bounded channel at most about once per frame interval; when the screen
//! lags, the runner skips sending rather than queueing. The cost history is downsampled (min and
//! max per bucket, buckets merging as the run grows), so an hour-long run holds as much history
//! as a minute-long one; the rewind buffer keeps the last few hundred boards.
//!
//! Runners are long-lived loops, so each gets its own thread rather than a rayon worker: four racing
//! runners on a two-core pool would otherwise starve each other.

use std::collections::VecDeque;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, TrySendError};

use super::words::describe;
use crate::board::{Grid, Puzzle};
use crate::search::{AlgoInfo, Params, Preset, Search, Snapshot};

/// What a runner is asked to do.
#[derive(Clone, Debug)]
pub enum Control {
    Pause,
    Resume,
    /// Take this many steps, then pause.
    Step(u64),
    /// Steps per second; `None` for as fast as possible.
    Speed(Option<f64>),
    /// Continue from the board on screen with another algorithm, preset or parameters.
    Switch {
        algo: &'static AlgoInfo,
        preset: Preset,
        params: Params,
    },
    /// Start again from a fresh state with this seed.
    Reset {
        seed: u64,
    },
    /// Go back this many steps (as far as the rewind buffer reaches) and pause there.
    Rewind(usize),
    Stop,
}

/// One point of the cost history: the step it ends at, the lowest and highest cost seen in its
/// bucket, the best so far, and the family's extra series (temperature or population mean).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub step: u64,
    pub low: f64,
    pub high: f64,
    pub best: f64,
    pub extra: Option<f64>,
    /// The population's worst cost in the bucket (beam and genetic).
    pub worst: Option<f64>,
}

/// A downsampled history: at most `2 * capacity` points whatever the run's length.
#[derive(Clone, Debug)]
pub struct History {
    points: Vec<Point>,
    capacity: usize,
    bucket: u64,
    open: Option<Point>,
}

impl History {
    pub fn new(capacity: usize) -> History {
        History {
            points: Vec::with_capacity(2 * capacity),
            capacity,
            bucket: 1,
            open: None,
        }
    }

    pub fn push(
        &mut self,
        step: u64,
        cost: f64,
        best: f64,
        extra: Option<f64>,
        worst: Option<f64>,
    ) {
        let p = self.open.get_or_insert(Point {
            step,
            low: cost,
            high: cost,
            best,
            extra,
            worst,
        });
        p.step = step;
        p.low = p.low.min(cost);
        p.high = p.high.max(cost);
        p.best = best;
        p.extra = extra;
        p.worst = match (p.worst, worst) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => b.or(a),
        };
        if step.is_multiple_of(self.bucket) {
            self.points.push(self.open.take().expect("just set"));
            if self.points.len() >= 2 * self.capacity {
                // merge neighbours: half the points, buckets twice as wide
                let merged: Vec<Point> = self
                    .points
                    .chunks(2)
                    .map(|c| {
                        let last = c[c.len() - 1];
                        Point {
                            step: last.step,
                            low: c.iter().map(|p| p.low).fold(f64::INFINITY, f64::min),
                            high: c.iter().map(|p| p.high).fold(f64::NEG_INFINITY, f64::max),
                            best: last.best,
                            extra: last.extra,
                            worst: c.iter().filter_map(|p| p.worst).reduce(f64::max),
                        }
                    })
                    .collect();
                self.points = merged;
                self.bucket *= 2;
            }
        }
    }

    /// The points, with the bucket still filling as the last one.
    pub fn points(&self) -> Vec<Point> {
        let mut v = self.points.clone();
        v.extend(self.open);
        v
    }

    pub fn len(&self) -> usize {
        self.points.len() + self.open.is_some() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the screen receives from a runner.
#[derive(Clone, Debug)]
pub struct Frame {
    pub pane: usize,
    pub snapshot: Snapshot,
    pub history: Vec<Point>,
    /// The latest lines of the step log (newest last).
    pub log: Vec<String>,
    /// Cells changed by the last step.
    pub changed: Vec<u16>,
    pub steps_per_second: f64,
    pub running: bool,
    pub algo: &'static str,
    pub family: &'static str,
    pub preset: Preset,
    pub params: Vec<(&'static str, f64)>,
    pub seed: u64,
    /// Set when the search thread panicked: the message.
    pub crashed: Option<String>,
}

/// The UI's handle on a runner.
pub struct RunnerHandle {
    pub control: Sender<Control>,
    pub thread: Option<JoinHandle<()>>,
}

impl RunnerHandle {
    pub fn send(&self, c: Control) {
        let _ = self.control.send(c);
    }
}

impl Drop for RunnerHandle {
    fn drop(&mut self) {
        let _ = self.control.send(Control::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How a runner starts.
pub struct RunnerSetup {
    pub pane: usize,
    pub puzzle: Puzzle,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
    pub speed: Option<f64>,
    pub running: bool,
    /// Start from this board instead of a fresh state.
    pub start: Option<Grid>,
}

/// Runner threads are named with this prefix (the TUI's panic hook recognises them).
pub const RUNNER_THREAD: &str = "runner-";

const FRAME_INTERVAL: Duration = Duration::from_millis(33);
const REWIND: usize = 512;
const LOG_LINES: usize = 12;
/// Speeds up to this record every step (log in words, rewind buffer); faster runs only count.
const WATCHED_SPEED: f64 = 2000.0;

/// Start a runner on its own thread. Frames go to `frames`; a panic in the search is caught and
/// reported as a frame with `crashed` set.
pub fn spawn(setup: RunnerSetup, frames: Sender<Frame>) -> RunnerHandle {
    let (tx, rx) = crossbeam_channel::bounded(64);
    let pane = setup.pane;
    let thread = std::thread::Builder::new()
        .name(format!("{RUNNER_THREAD}{pane}"))
        .spawn(move || {
            let crash_frames = frames.clone();
            let provoke = std::env::var("SUDOSCOPE_TEST_PANIC").is_ok_and(|v| v == "worker");
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let runner = Runner::new(setup, frames, rx);
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
                let _ = crash_frames.send(crash_frame(pane, msg));
            }
        })
        .expect("a runner thread");
    RunnerHandle {
        control: tx,
        thread: Some(thread),
    }
}

fn crash_frame(pane: usize, message: String) -> Frame {
    let geo = crate::board::Geometry::for_box(3).expect("9x9 exists");
    let empty = Grid::empty(geo);
    Frame {
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
        log: vec![format!("the search crashed: {message}")],
        changed: Vec::new(),
        steps_per_second: 0.0,
        running: false,
        algo: "",
        family: "",
        preset: Preset::Tuned,
        params: Vec::new(),
        seed: 0,
        crashed: Some(message),
    }
}

struct Runner {
    setup: RunnerSetup,
    search: Box<dyn Search>,
    frames: Sender<Frame>,
    control: Receiver<Control>,
    history: History,
    log: VecDeque<String>,
    rewind: VecDeque<Vec<u8>>,
    changed: Vec<u16>,
    running: bool,
    pending_steps: u64,
    rate: f64,
    rate_mark: (Instant, u64),
    /// Steps taken by earlier searches of this pane (switching keeps counting).
    step_offset: u64,
}

impl Runner {
    fn new(setup: RunnerSetup, frames: Sender<Frame>, control: Receiver<Control>) -> Runner {
        let search = setup.algo.build(
            &setup.puzzle,
            setup.preset,
            &setup.params,
            setup.seed,
            setup.start.as_ref(),
        );
        let running = setup.running;
        let mut r = Runner {
            search,
            frames,
            control,
            history: History::new(256),
            log: VecDeque::new(),
            rewind: VecDeque::new(),
            changed: Vec::new(),
            running,
            pending_steps: 0,
            rate: 0.0,
            rate_mark: (Instant::now(), 0),
            step_offset: 0,
            setup,
        };
        r.note(format!(
            "{} ({}) starts, seed {}, cost {}",
            r.setup.algo.name,
            r.setup.preset,
            r.setup.seed,
            r.search.cost()
        ));
        r.record_history();
        r
    }

    fn note(&mut self, line: String) {
        if self.log.len() == LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    fn total_steps(&self) -> u64 {
        self.step_offset + self.search.steps()
    }

    fn record_history(&mut self) {
        let snapshot_extra = self.extra();
        let step = self.total_steps();
        self.history.push(
            step,
            self.search.cost() as f64,
            self.search.best_cost() as f64,
            snapshot_extra,
            self.search.chart_worst(),
        );
    }

    fn extra(&self) -> Option<f64> {
        self.search.chart_value()
    }

    fn watched(&self) -> bool {
        !self.running || self.setup.speed.is_some_and(|s| s <= WATCHED_SPEED)
    }

    /// One step, with the words and the rewind buffer when someone can follow it.
    fn one_step(&mut self) {
        if self.watched() {
            if self.rewind.len() == REWIND {
                self.rewind.pop_front();
            }
            let before = self.search.cells().to_vec();
            let step = self.search.step();
            let geo = self.setup.puzzle.geometry();
            let line = describe(&step, geo, self.total_steps());
            self.note(line);
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
            if let Some(o) = step.ended {
                self.note(format!(
                    "ended: {} (best cost {})",
                    o.word(),
                    self.search.best_cost()
                ));
            }
        } else {
            self.search.step();
        }
    }

    fn send_frame(&mut self) {
        let now = Instant::now();
        let dt = now.duration_since(self.rate_mark.0).as_secs_f64();
        if dt >= 0.5 {
            self.rate = (self.total_steps() - self.rate_mark.1) as f64 / dt;
            self.rate_mark = (now, self.total_steps());
        }
        let mut snapshot = self.search.snapshot();
        snapshot.steps = self.total_steps();
        let frame = Frame {
            pane: self.setup.pane,
            snapshot,
            history: self.history.points(),
            log: self.log.iter().cloned().collect(),
            changed: self.changed.clone(),
            steps_per_second: if self.running { self.rate } else { 0.0 },
            running: self.running && self.search.ended().is_none(),
            algo: self.setup.algo.name,
            family: self.setup.algo.family,
            preset: self.setup.preset,
            params: self.setup.params.pairs(),
            seed: self.setup.seed,
            crashed: None,
        };
        match self.frames.try_send(frame) {
            Ok(()) | Err(TrySendError::Full(_)) => {}
            Err(TrySendError::Disconnected(_)) => self.running = false,
        }
    }

    /// Apply a control message; false when the runner must stop.
    fn handle(&mut self, c: Control) -> bool {
        match c {
            Control::Pause => self.running = false,
            Control::Resume => {
                self.running = true;
                self.rate_mark = (Instant::now(), self.total_steps());
            }
            Control::Step(n) => {
                self.running = false;
                self.pending_steps += n;
            }
            Control::Speed(s) => self.setup.speed = s,
            Control::Switch {
                algo,
                preset,
                params,
            } => {
                let board =
                    Grid::from_cells(self.setup.puzzle.geometry(), self.search.cells().to_vec())
                        .expect("search cells fit");
                self.step_offset = self.total_steps();
                self.setup.algo = algo;
                self.setup.preset = preset;
                self.setup.params = params;
                self.search = algo.build(
                    &self.setup.puzzle,
                    preset,
                    &self.setup.params,
                    self.setup.seed,
                    Some(&board),
                );
                self.note(format!(
                    "switched to {} ({}) from the board, cost {}",
                    algo.name,
                    preset,
                    self.search.cost()
                ));
                self.record_history();
            }
            Control::Reset { seed } => {
                self.setup.seed = seed;
                self.step_offset = 0;
                self.history = History::new(256);
                self.rewind.clear();
                self.changed.clear();
                self.search = self.setup.algo.build(
                    &self.setup.puzzle,
                    self.setup.preset,
                    &self.setup.params,
                    seed,
                    None,
                );
                self.note(format!(
                    "restarted with seed {seed}, cost {}",
                    self.search.cost()
                ));
                self.record_history();
            }
            Control::Rewind(n) => {
                let n = n.min(self.rewind.len());
                if n == 0 {
                    self.note(
                        "nothing to rewind: steps are recorded at 2000 steps/s or slower".into(),
                    );
                } else {
                    let mut board = None;
                    for _ in 0..n {
                        board = self.rewind.pop_back();
                    }
                    let grid =
                        Grid::from_cells(self.setup.puzzle.geometry(), board.expect("n > 0"))
                            .expect("recorded cells fit");
                    self.step_offset = self.total_steps().saturating_sub(n as u64);
                    self.search = self.setup.algo.build(
                        &self.setup.puzzle,
                        self.setup.preset,
                        &self.setup.params,
                        self.setup.seed.wrapping_add(self.step_offset),
                        Some(&grid),
                    );
                    self.running = false;
                    self.note(format!("rewound {n} steps, cost {}", self.search.cost()));
                }
            }
            Control::Stop => return false,
        }
        true
    }

    fn run(mut self) {
        let mut last_frame = Instant::now() - FRAME_INTERVAL;
        let mut next_due = Instant::now();
        loop {
            // 1. controls: block when idle, poll while running
            let idle = self.pending_steps == 0 && (!self.running || self.search.ended().is_some());
            let msg = if idle {
                self.send_frame();
                match self.control.recv_timeout(Duration::from_millis(250)) {
                    Ok(m) => Some(m),
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            } else {
                self.control.try_recv().ok()
            };
            if let Some(m) = msg {
                if !self.handle(m) {
                    return;
                }
                self.send_frame();
                continue;
            }
            // 2. steps
            if self.pending_steps > 0 {
                self.pending_steps -= 1;
                if self.search.ended().is_none() {
                    self.one_step();
                    self.record_history();
                }
                self.send_frame();
                continue;
            }
            match self.setup.speed {
                Some(speed) => {
                    let now = Instant::now();
                    if now < next_due {
                        let wait = (next_due - now).min(FRAME_INTERVAL);
                        match self.control.recv_timeout(wait) {
                            Ok(m) => {
                                if !self.handle(m) {
                                    return;
                                }
                                self.send_frame();
                            }
                            Err(RecvTimeoutError::Timeout) => {}
                            Err(RecvTimeoutError::Disconnected) => return,
                        }
                        continue;
                    }
                    next_due = (next_due + Duration::from_secs_f64(1.0 / speed.max(0.01)))
                        .max(now - FRAME_INTERVAL);
                    self.one_step();
                    self.record_history();
                }
                None => {
                    // as fast as possible: batches between looks at the controls and the clock
                    for _ in 0..16 {
                        let taken = self.search.advance(256);
                        self.record_history();
                        if taken < 256 {
                            break;
                        }
                    }
                }
            }
            if last_frame.elapsed() >= FRAME_INTERVAL || self.search.ended().is_some() {
                if let Some(o) = self.search.ended().filter(|_| !self.watched()) {
                    self.note(format!(
                        "ended: {} after {} steps (best cost {})",
                        o.word(),
                        self.total_steps(),
                        self.search.best_cost()
                    ));
                }
                self.send_frame();
                last_frame = Instant::now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded_and_keeps_extremes() {
        let mut h = History::new(64);
        for step in 1..=1_000_000u64 {
            let cost = if step == 777_777 {
                99.0
            } else {
                (step % 10) as f64
            };
            h.push(step, cost, 0.0, None, None);
        }
        assert!(h.len() <= 129, "{}", h.len());
        let pts = h.points();
        assert_eq!(pts.last().unwrap().step, 1_000_000);
        assert!(
            pts.iter().any(|p| p.high == 99.0),
            "a spike survives downsampling"
        );
        assert!(pts.windows(2).all(|w| w[0].step < w[1].step));
    }
}
