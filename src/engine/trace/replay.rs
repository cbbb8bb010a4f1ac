//! A trace as a search: [`Replay`] steps through a [`Feed`] as a built-in search steps through
//! its moves, so a search written elsewhere gets everything the screen gives a built-in one:
//! pause, single steps, speed, rewind, the chart, the step log and the why-stuck panel.
//!
//! Nothing the trace says about the board is taken on trust: the cost shown is counted from the
//! board (the trace's own figure becomes the metric `reported cost`), conflicts are the grid's,
//! and the neighbours the why-stuck panel counts are made from the board by the moves the header
//! names.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use super::Neighbourhood;
use super::feed::{Closed, Feed, apply};
use crate::board::cost::cost;
use crate::board::{Counted, EMPTY, Geometry, Grid, Puzzle};
use crate::search::{
    Change, Decision, Event, Landscape, Metric, Outcome, Progress, Search, Secondary, Snapshot,
    Step,
};

/// How long a step waits for the next line before it gives up until the next call (the screen
/// stays responsive while a command thinks).
const WAIT: Duration = Duration::from_millis(20);

/// Notes kept until the step log takes them.
const MAX_NOTES: usize = 1000;

/// At most this many metric names are kept from one process's traces.
const MAX_NAMES: usize = 256;

/// A metric's name for the life of the program: the screen's metrics are named by `&'static
/// str`, and a trace's names are few (each kept once, at most [`MAX_NAMES`] in all).
fn interned(name: &str) -> Option<&'static str> {
    static NAMES: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(|| Mutex::new(HashSet::new()))
        .lock()
        .expect("the metric names");
    if let Some(&n) = names.get(name) {
        return Some(n);
    }
    if names.len() >= MAX_NAMES {
        return None;
    }
    let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(leaked);
    Some(leaked)
}

/// A trace stepped as a search.
pub struct Replay {
    feed: Arc<Feed>,
    geo: &'static Geometry,
    givens: Vec<u8>,
    cells: Vec<u8>,
    /// The feed's index of the next step to take.
    next: u64,
    /// Steps before this replay began (they count in `steps`).
    offset: u64,
    /// The item (step or note) position within the feed's items is found again from `next`.
    cost: u32,
    progress: Progress,
    metrics: Vec<Metric>,
    words: Option<String>,
    notes: Vec<String>,
}

impl Replay {
    /// A replay of `feed` from its beginning, or from step `offset` on the board `start` (after a
    /// rewind or a restart from a board). Steps the feed no longer keeps are skipped: it starts
    /// at the first it has.
    pub fn new(feed: Arc<Feed>, offset: u64, start: Option<&Grid>) -> Replay {
        let puzzle: &Puzzle = feed.puzzle();
        let geo = puzzle.geometry();
        let givens = puzzle.givens.cells().to_vec();
        let (mut next, mut cells) = match start {
            Some(g) => (offset, g.cells().to_vec()),
            None => (0, feed.start_board()),
        };
        {
            let w = feed.window(next, Duration::ZERO);
            if next < w.first() {
                next = w.first();
                cells = w.base().to_vec();
            }
        }
        let g = Grid::from_cells(geo, cells.clone()).expect("trace boards fit their puzzle");
        let c = cost(&g, Counted::ALL);
        Replay {
            progress: Progress::new(&cells, c),
            feed,
            geo,
            givens,
            cells,
            // steps() counts from `offset`, so a replay that had to skip ahead counts the skip
            offset: offset.min(next),
            next,
            cost: c,
            metrics: Vec::new(),
            words: None,
            notes: Vec::new(),
        }
    }

    /// The name the search gives itself in its header.
    pub fn name(&self) -> &str {
        &self.feed.header.algorithm
    }

    /// The next step, or how the stream ended, or `None` when neither has come yet; the notes
    /// before the step (or the end) are kept for the log once it has.
    fn take(
        &mut self,
        wait: Duration,
    ) -> Option<Result<crate::engine::trace::read::TraceStep, Closed>> {
        let w = self.feed.window(self.next, wait);
        let got = match w.step(self.next) {
            Some(s) => Ok(s.clone()),
            None => Err(w.closed().cloned()?),
        };
        self.notes.extend(w.notes_before(self.next).cloned());
        // notes wait for the log to take them; a driver that never does holds only the last few
        if self.notes.len() > MAX_NOTES {
            let extra = self.notes.len() - MAX_NOTES;
            self.notes.drain(..extra);
        }
        Some(got)
    }

    /// End now when the step just taken was the last and the closing line is in: the step that
    /// ends a search says so, as a built-in search's does.
    fn end_if_last(&mut self) {
        let closed = {
            let w = self.feed.window(self.next, Duration::ZERO);
            (w.received() <= self.next)
                .then(|| w.closed().cloned())
                .flatten()
        };
        if let Some(how) = closed {
            // the notes before the end (a last malformed line) come first
            let _ = self.take(Duration::ZERO);
            self.finish(how);
        }
    }

    fn finish(&mut self, how: Closed) {
        let outcome = match &how {
            Closed::End(o) if o == "solved" => {
                if self.cost == 0 {
                    Outcome::Solved
                } else {
                    self.notes.push(format!(
                        "the search says solved, but its board has cost {}",
                        self.cost
                    ));
                    Outcome::Stuck
                }
            }
            Closed::End(o) if o == "budget_spent" || o == "time_spent" => Outcome::BudgetSpent,
            Closed::End(_) => Outcome::Stuck,
            Closed::Cut(why) => {
                self.notes.push(why.clone());
                Outcome::Stuck
            }
        };
        if let Closed::End(o) = &how {
            self.notes.push(format!("the search ends: {o}"));
        }
        self.progress.ended = Some(if self.cost == 0 {
            Outcome::Solved
        } else {
            outcome
        });
    }

    /// Apply one step of the trace; returns the event the step log describes.
    fn apply(&mut self, s: &crate::engine::trace::read::TraceStep) -> Event {
        let before = self.cells.clone();
        apply(&mut self.cells, s);
        let g = Grid::from_cells(self.geo, self.cells.clone()).expect("checked by the reader");
        let was = self.cost;
        self.cost = cost(&g, Counted::ALL);
        self.progress.best.offer(&self.cells, self.cost);
        self.progress.steps = self.next + 1 - self.offset;
        self.metrics = s
            .metrics
            .iter()
            .filter_map(|(k, v)| interned(k).map(|k| Metric { name: k, value: *v }))
            .collect();
        if let Some(c) = s.cost {
            self.metrics.push(Metric {
                name: "reported cost",
                value: c,
            });
        }
        self.words = s.words.clone();
        let delta = self.cost as i32 - was as i32;
        let diff: Vec<usize> = (0..self.cells.len())
            .filter(|&i| before[i] != self.cells[i])
            .collect();
        let accepted = s.accepted.unwrap_or(true);
        let decision = match (accepted, delta) {
            (false, _) => Decision::NoMove,
            (true, d) if d < 0 => Decision::Downhill,
            (true, 0) => Decision::Sideways,
            (true, _) => Decision::UphillAccepted {
                p: f64::NAN,
                t: f64::NAN,
            },
        };
        let change = match diff[..] {
            [c] => Change::Set {
                cell: c as u16,
                from: before[c],
                to: self.cells[c],
            },
            [a, b] if before[a] == self.cells[b] && before[b] == self.cells[a] => Change::Swap {
                a: a as u16,
                b: b as u16,
                a_value: before[a],
                b_value: before[b],
            },
            _ => Change::Nothing,
        };
        if self.words.is_none() {
            self.words = Some(match (change, diff.len()) {
                (Change::Nothing, 0) if !accepted => "a move proposed and not taken".into(),
                (Change::Nothing, 0) => "no cell changed".into(),
                (Change::Nothing, n) => format!("{n} cells changed"),
                _ => String::new(),
            })
            .filter(|w| !w.is_empty());
        }
        Event::Move {
            change,
            delta,
            decision,
        }
    }

    /// The moves the header names, as (cell, value) changes from the current board.
    fn neighbours(&self) -> Vec<Vec<(usize, u8)>> {
        let free: Vec<usize> = (0..self.cells.len())
            .filter(|&c| self.givens[c] == EMPTY)
            .collect();
        let n = self.geo.n as u8;
        let mut out = Vec::new();
        let set = |out: &mut Vec<Vec<(usize, u8)>>| {
            for &c in &free {
                for v in 1..=n {
                    if v != self.cells[c] {
                        out.push(vec![(c, v)]);
                    }
                }
            }
        };
        let swaps = |out: &mut Vec<Vec<(usize, u8)>>, units: &[Vec<u16>]| {
            for unit in units {
                let cells: Vec<usize> = unit
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.givens[c] == EMPTY)
                    .collect();
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        out.push(vec![(a, self.cells[b]), (b, self.cells[a])]);
                    }
                }
            }
        };
        let n = self.geo.n;
        match self.feed.header.neighbourhood {
            Neighbourhood::None => {}
            Neighbourhood::Set => set(&mut out),
            Neighbourhood::SwapRow => swaps(&mut out, &self.geo.units[..n]),
            Neighbourhood::SwapBox => swaps(&mut out, &self.geo.units[2 * n..]),
            Neighbourhood::Course => {
                swaps(&mut out, &self.geo.units);
                set(&mut out);
            }
        }
        out
    }

    fn metric(&self, name: &str) -> Option<f64> {
        self.metrics
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.value)
    }
}

impl Search for Replay {
    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.cost, self.progress.ended);
        }
        match self.take(WAIT) {
            Some(Ok(s)) => {
                let event = self.apply(&s);
                self.next += 1;
                self.end_if_last();
                Step {
                    event,
                    cost: self.cost,
                    ended: self.progress.ended,
                }
            }
            Some(Err(how)) => {
                self.finish(how);
                Step::idle(self.cost, self.progress.ended)
            }
            // not arrived yet: no step taken
            None => Step::idle(self.cost, None),
        }
    }

    fn advance(&mut self, n: u64) -> u64 {
        let mut taken = 0;
        while taken < n && self.progress.ended.is_none() {
            let wait = if taken == 0 { WAIT } else { Duration::ZERO };
            match self.take(wait) {
                Some(Ok(s)) => {
                    self.apply(&s);
                    self.next += 1;
                    taken += 1;
                    self.end_if_last();
                }
                Some(Err(how)) => self.finish(how),
                None => break,
            }
        }
        taken
    }

    fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::of(
            self.geo,
            &self.cells,
            self.cost,
            &self.progress,
            self.metrics.clone(),
        );
        s.metrics.insert(
            0,
            Metric {
                name: "steps received",
                value: self.feed.received() as f64,
            },
        );
        s
    }

    fn cost(&self) -> u32 {
        self.cost
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }

    fn secondary(&self) -> Option<Secondary> {
        if let Some(t) = self.metric("temperature") {
            return Some(Secondary::temperature(t));
        }
        self.metric("mean")
            .or(self.metric("population mean"))
            .map(|m| Secondary {
                label: "population mean",
                value: m,
                worst: self.metric("worst"),
            })
    }

    fn landscape(&self) -> Option<Landscape> {
        if self.feed.header.neighbourhood == Neighbourhood::None {
            return None;
        }
        let mut cells = self.cells.clone();
        let deltas: Vec<i32> = self
            .neighbours()
            .into_iter()
            .map(|m| {
                let old: Vec<(usize, u8)> = m.iter().map(|&(c, _)| (c, cells[c])).collect();
                for &(c, v) in &m {
                    cells[c] = v;
                }
                let g = Grid::from_cells(self.geo, cells.clone()).expect("values in range");
                let d = cost(&g, Counted::ALL) as i32 - self.cost as i32;
                for (c, v) in old {
                    cells[c] = v;
                }
                d
            })
            .collect();
        Some(Landscape::moves(
            deltas.into_iter(),
            self.metric("temperature"),
        ))
    }

    fn series(&self) -> Vec<(&'static str, f64)> {
        let charted = self.secondary().map(|s| s.label);
        self.metrics
            .iter()
            .filter(|m| m.name != "reported cost" && Some(m.name) != charted)
            .filter(|m| !(charted == Some("population mean") && matches!(m.name, "mean" | "worst")))
            .map(|m| (m.name, m.value))
            .collect()
    }

    fn words(&self) -> Option<String> {
        self.words.clone()
    }

    fn notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }
}
