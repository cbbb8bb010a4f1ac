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

use super::feed::{Closed, Feed, Window};
use super::read::{Population, TraceStep};
use crate::board::cost::{CostTracker, cost};
use crate::board::{Counted, EMPTY, Geometry, Grid, Puzzle};
use crate::search::Moves;
use crate::search::{
    Change, Decision, Event, Landscape, Metric, Note, Outcome, Progress, Search, Secondary,
    Snapshot, Step, StepSaid,
};

/// How long a step waits for the next line before it gives up until the next call (the screen
/// stays responsive while a command thinks).
const WAIT: Duration = Duration::from_millis(20);

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

/// The names of the figures a replay gives of its own (beside the trace's metrics, which keep
/// their author's names): the screen has a word for each in every language.
pub const OWN_NAMES: &[&str] = &[
    "steps received",
    "reported cost",
    "reported best",
    "reported mean",
    "reported worst",
    "reported population",
    "reported diversity",
    "population",
    "best",
    "mean",
    "worst",
    "diversity",
    "members",
    "population mean",
];

/// A trace's own metric renamed when the replay gives a figure of the same name from the
/// step's population: the search's figures in its units beside the viewer's in its own.
fn reported(name: &str) -> Option<&'static str> {
    match name {
        "population" => Some("reported population"),
        "best" => Some("reported best"),
        "mean" => Some("reported mean"),
        "worst" => Some("reported worst"),
        "diversity" => Some("reported diversity"),
        _ => None,
    }
}

/// How a trace's run ended, as the search says and as the viewer judges it.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The search's own word on its closing line (`solved`, `stuck`, ...); `None` when the
    /// stream was cut short.
    pub said: Option<String>,
    /// Whether the board it is judged on (the board it returns, else its last) is a solution
    /// of the puzzle: cost 0, every given kept.
    pub solved: bool,
    /// That board's cost, counted by the viewer.
    pub cost: u32,
    /// Whether the search said which board it returns.
    pub returned: bool,
}

impl Verdict {
    /// Whether the search's word and the viewer's judgement disagree about success.
    pub fn disagree(&self) -> bool {
        self.said
            .as_deref()
            .is_some_and(|w| (w == "solved") != self.solved)
    }
}

/// Notes taken from the feed at once at most; the rest are counted in one line.
const NOTES_AT_ONCE: usize = 50;

/// A trace stepped as a search.
pub struct Replay {
    feed: Arc<Feed>,
    geo: &'static Geometry,
    givens: Vec<u8>,
    cells: Vec<u8>,
    tracker: CostTracker,
    /// The feed's index of the next step to take.
    next: u64,
    /// Steps before this replay began (they count in `steps`).
    offset: u64,
    /// Steps of the run before the feed's first ([`Feed::numbered_from`]): they count too.
    from: u64,
    /// Steps are counted as their lines number them (a run handed over by the program).
    numbered: bool,
    /// Notes taken from the feed so far (the next one's number).
    noted: u64,
    progress: Progress,
    metrics: Vec<Metric>,
    words: Option<StepSaid>,
    /// Notes before the next step.
    notes: Vec<Note>,
    /// Notes after the last step: the end.
    closing: Vec<Note>,
    /// Metric names as the trace writes them, with their names for the screen.
    names: Vec<(String, &'static str)>,
    /// The population the last step stood on (format 1.1), when it carried one.
    population: Option<Population>,
    /// Cells the last step changed, with their values before it.
    diff: Vec<(usize, u8)>,
    /// The cost before the last step.
    cost_before: u32,
    verdict: Option<Verdict>,
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
        let noted = {
            let w = feed.window(next, 0, Duration::ZERO);
            if next < w.first() {
                next = w.first();
                cells = w.base().to_vec();
            }
            // a replay that starts later does not show again the notes before its start
            if next > 0 { w.noted() } else { 0 }
        };
        let g = Grid::from_cells(geo, cells.clone()).expect("trace boards fit their puzzle");
        let tracker = CostTracker::new(&g, Counted::ALL);
        let c = tracker.cost();
        let mut progress = Progress::new(&cells, c);
        let from = feed.numbered_from();
        let numbered = matches!(feed.source, super::feed::SourceSpec::Pushed(_));
        progress.steps = from + next.saturating_sub(offset.min(next));
        // a trace ends when its stream says so, never because its first board is solved
        progress.ended = None;
        // a replay that starts past a step shows that step's figures and population, as the
        // replay that took it did; one at the start, those of the step-0 line
        let before = match next.checked_sub(1) {
            Some(i) => feed.window(next, 0, Duration::ZERO).step(i).cloned(),
            None => feed.start_step(),
        };
        let mut replay = Replay {
            progress,
            feed,
            geo,
            givens,
            cells,
            tracker,
            // steps() counts from `offset`, so a replay that had to skip ahead counts the skip
            offset: offset.min(next),
            from,
            numbered,
            next,
            noted,
            metrics: Vec::new(),
            words: None,
            notes: Vec::new(),
            closing: Vec::new(),
            names: Vec::new(),
            population: None,
            diff: Vec::new(),
            cost_before: c,
            verdict: None,
        };
        if let Some(s) = before {
            replay.metrics_of(&s);
        }
        replay
    }

    /// The population the last step taken stood on, when it carried one (format 1.1).
    pub fn population(&self) -> Option<&Population> {
        self.population.as_ref()
    }

    /// The name the search gives itself in its header.
    pub fn name(&self) -> &str {
        &self.feed.header.algorithm
    }

    /// How the run ended, as the search says and as the viewer judges, once it has.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// The notes in `w` up to the next step, taken once; many at once are counted, not kept.
    fn take_notes(&mut self, w: &Window<'_>) {
        let mut extra = 0usize;
        let mut last = None;
        for (n, text) in w.notes_until(self.next, self.noted) {
            if self.notes.len() < NOTES_AT_ONCE {
                self.notes.push(text.clone());
            } else {
                extra += 1;
            }
            last = Some(n);
        }
        if let Some(n) = last {
            self.noted = n + 1;
        }
        if extra > 0 {
            self.notes.push(Note::More(extra));
        }
    }

    /// Up to `n` steps from the feed under one lock, waiting up to `wait` for the first; the
    /// last one's words and event when `describe`. Returns the steps taken.
    fn take(&mut self, n: u64, wait: Duration, describe: bool) -> (u64, Option<Event>) {
        let feed = Arc::clone(&self.feed);
        let mut w = feed.window(self.next, self.noted, wait);
        let mut taken = 0;
        let mut event = None;
        while taken < n {
            self.take_notes(&w);
            let Some(s) = w.step(self.next) else { break };
            self.apply(s);
            self.next += 1;
            taken += 1;
            if taken == n || w.step(self.next).is_none() {
                self.metrics_of(s);
                self.words = s.words.clone().map(StepSaid::Own);
                if describe {
                    event = Some(self.event(s.accepted.unwrap_or(true)));
                }
            }
        }
        self.take_notes(&w);
        w.reached(self.next, self.noted);
        // the end, once the last step is taken and the closing line is in
        let closed = (w.received() <= self.next)
            .then(|| w.closed().cloned())
            .flatten();
        drop(w);
        if let Some(how) = closed {
            self.finish(how);
        }
        (taken, event)
    }

    fn finish(&mut self, how: Closed) {
        if self.progress.ended.is_some() {
            return;
        }
        let (said, result) = match &how {
            Closed::End(e) => {
                if let Some(error) = &e.error {
                    self.closing.push(Note::LastWords(error.clone()));
                }
                (Some(e.outcome.clone()), e.result.clone())
            }
            Closed::Cut { why, last_words } => {
                self.closing.push(Note::Cut(why.clone()));
                if let Some(l) = last_words {
                    self.closing.push(Note::LastWords(l.clone()));
                }
                (None, None)
            }
        };
        let returned = result.is_some();
        let board = result.unwrap_or_else(|| self.cells.clone());
        let g = Grid::from_cells(self.geo, board.clone()).expect("checked by the reader");
        let cost = cost(&g, Counted::ALL);
        let keeps_givens = self
            .givens
            .iter()
            .zip(&board)
            .all(|(&g, &b)| g == EMPTY || g == b);
        let solved = cost == 0 && keeps_givens;
        if let Some(word) = &said {
            self.closing.push(Note::Ends(word.clone()));
        }
        if returned && board != self.cells {
            self.closing.push(Note::Returns {
                cost,
                last: self.cost(),
            });
        }
        let verdict = Verdict {
            said: said.clone(),
            solved,
            cost,
            returned,
        };
        if verdict.disagree() {
            self.closing.push(if solved {
                Note::SolvedAfterAll(said.clone().unwrap_or_default())
            } else if cost == 0 {
                Note::ChangedAGiven
            } else {
                Note::NotSolved(cost)
            });
        }
        // cut short: by the reader (no closing line), or in the search's own words
        let cut = match &how {
            Closed::Cut { .. } => true,
            Closed::End(e) => e.broken(),
        };
        self.progress.ended = Some(if solved {
            Outcome::Solved
        } else if cut {
            Outcome::Cut
        } else {
            match said.as_deref() {
                Some("budget_spent" | "time_spent") => Outcome::BudgetSpent,
                Some("unsolvable") => Outcome::Unsolvable,
                _ => Outcome::Stuck,
            }
        });
        self.verdict = Some(verdict);
    }

    /// Apply one step of the trace to the board, the cost and the best board.
    fn apply(&mut self, s: &TraceStep) {
        self.diff.clear();
        self.cost_before = self.tracker.cost();
        if let Some(b) = &s.board {
            for (i, (&new, old)) in b.iter().zip(self.cells.iter_mut()).enumerate() {
                if new != *old {
                    self.tracker.apply_set(i, *old, new);
                    self.diff.push((i, *old));
                    *old = new;
                }
            }
        }
        let board = s.board.is_some();
        for &(c, v) in &s.changed {
            let c = c as usize;
            let old = self.cells[c];
            if old != v {
                self.tracker.apply_set(c, old, v);
                if !((board || s.changed.len() > 1) && self.diff.iter().any(|&(d, _)| d == c)) {
                    self.diff.push((c, old));
                }
                self.cells[c] = v;
            }
        }
        let c = self.tracker.cost();
        self.progress.best.offer(&self.cells, c);
        self.progress.steps = self.from + self.next + 1 - self.offset;
        // a run handed over by the program (the class board's) is numbered as its sender
        // numbered it, whatever steps the network left out
        if self.numbered
            && let Some(n) = s.step
        {
            self.progress.steps = n;
        }
    }

    /// The step's named numbers, for the screen; with its population's counted in the
    /// viewer's units (a trace's own metric of the same name, as `best` or `population`, then
    /// reads `reported ...`).
    fn metrics_of(&mut self, s: &TraceStep) {
        self.metrics.clear();
        self.population = s.population.as_deref().cloned();
        for (k, v) in &s.metrics {
            let name = match self.names.iter().find(|(n, _)| n == k) {
                Some((_, name)) => Some(*name),
                None => interned(k).inspect(|&name| self.names.push((k.clone(), name))),
            };
            if let Some(name) = name {
                self.metrics.push(Metric { name, value: *v });
            }
        }
        if let Some(c) = s.cost {
            self.metrics.push(Metric {
                name: "reported cost",
                value: c,
            });
        }
        if let Some(p) = &self.population {
            let counted = population_metrics(p, &self.metrics);
            for m in &mut self.metrics {
                if counted.iter().any(|c| c.name == m.name) {
                    m.name = reported(m.name).unwrap_or(m.name);
                }
            }
            self.metrics.extend(counted);
        }
    }

    /// The event the step log describes for the step just applied.
    fn event(&mut self, accepted: bool) -> Event {
        let cells = &self.cells;
        self.diff.retain(|&(c, old)| cells[c] != old);
        let delta = self.tracker.cost() as i32 - self.cost_before as i32;
        let decision = match (accepted, delta) {
            (false, _) => Decision::NoMove,
            (true, d) if d < 0 => Decision::Downhill,
            (true, 0) => Decision::Sideways,
            (true, _) => Decision::UphillTaken,
        };
        let change = match self.diff[..] {
            [(c, from)] => Change::Set {
                cell: c as u16,
                from,
                to: self.cells[c],
            },
            [(a, av), (b, bv)] if av == self.cells[b] && bv == self.cells[a] => Change::Swap {
                a: a as u16,
                b: b as u16,
                a_value: av,
                b_value: bv,
            },
            _ => Change::Nothing,
        };
        if self.words.is_none() {
            self.words = match (change, self.diff.len()) {
                (Change::Nothing, 0) if !accepted => Some(StepSaid::NotTaken),
                (Change::Nothing, 0) => Some(StepSaid::NoChange),
                (Change::Nothing, n) => Some(StepSaid::Cells(n)),
                _ => None,
            };
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
            Moves::None => {}
            Moves::Set => set(&mut out),
            Moves::SwapRow => swaps(&mut out, &self.geo.units[..n]),
            Moves::SwapBox => swaps(&mut out, &self.geo.units[2 * n..]),
            Moves::Course => {
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

/// The smallest, the mean and the largest of some costs the search gave (0 for none).
fn spread(costs: impl Iterator<Item = f64>) -> (f64, f64, f64) {
    let (mut sum, mut count, mut best, mut worst) = (0.0, 0usize, f64::MAX, f64::MIN);
    for c in costs {
        sum += c;
        count += 1;
        best = best.min(c);
        worst = worst.max(c);
    }
    if count == 0 {
        (0.0, 0.0, 0.0)
    } else {
        (best, sum / count as f64, worst)
    }
}

/// What the screen shows of a population beside a step's own metrics (`have`): its size, and
/// the best, mean and worst cost of its members with the share of distinct boards, counted
/// from the boards as a built-in population's; from the search's costs, in its units, when it
/// gave only those (and no `population`, `best`, `mean` or `worst` of its own: a figure it
/// gives is not shown twice).
fn population_metrics(p: &Population, have: &[Metric]) -> Vec<Metric> {
    let given = |name: &str| have.iter().any(|m| m.name == name);
    let mut out = Vec::new();
    // the size, unless the search gives its own and there are no boards to count
    if p.counted.is_some() || !given("population") {
        out.push(Metric {
            name: "population",
            value: p.total as f64,
        });
    }
    let (best, mean, worst) = if let Some((best, mean, worst)) = p.counted {
        (f64::from(best), mean, f64::from(worst))
    } else if !p.reported.is_empty() && !given("best") && !given("mean") && !given("worst") {
        spread(p.reported.iter().copied())
    } else {
        return out;
    };
    out.push(Metric {
        name: "best",
        value: best,
    });
    out.push(Metric {
        name: "mean",
        value: mean,
    });
    out.push(Metric {
        name: "worst",
        value: worst,
    });
    if let Some(value) = p.diversity() {
        out.push(Metric {
            name: "diversity",
            value,
        });
    }
    out
}

impl Search for Replay {
    fn step(&mut self) -> Step {
        if self.progress.ended.is_some() {
            return Step::idle(self.cost(), self.progress.ended);
        }
        let (taken, event) = self.take(1, WAIT, true);
        match event {
            Some(event) if taken == 1 => Step {
                event,
                cost: self.cost(),
                ended: self.progress.ended,
            },
            // not arrived yet, or only the end came: no step taken
            _ => Step::idle(self.cost(), self.progress.ended),
        }
    }

    fn advance(&mut self, n: u64) -> u64 {
        let mut taken = 0;
        while taken < n && self.progress.ended.is_none() {
            let wait = if taken == 0 { WAIT } else { Duration::ZERO };
            let (got, _) = self.take(n - taken, wait, false);
            taken += got;
            if got == 0 {
                break;
            }
        }
        taken
    }

    fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::of(
            self.geo,
            &self.cells,
            self.cost(),
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
        if let Some(p) = &self.population {
            let costs: Vec<f64> = if p.costs.is_empty() {
                p.reported.clone()
            } else {
                p.costs.iter().map(|&c| c as f64).collect()
            };
            s.series.push(("members", costs));
        }
        s
    }

    fn cost(&self) -> u32 {
        self.tracker.cost()
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }

    fn secondary(&self) -> Option<Secondary> {
        if let Some((_, mean, worst)) = self.population.as_ref().and_then(|p| p.counted) {
            return Some(Secondary {
                label: "population mean",
                value: mean,
                worst: Some(f64::from(worst)),
            });
        }
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
        if let Some(p) = self.population.as_ref().filter(|p| !p.per_cell.is_empty()) {
            return Some(Landscape::Diversity {
                per_cell: p.per_cell.clone(),
                size: p.costs.len(),
            });
        }
        if self.feed.header.neighbourhood == Moves::None {
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
                let d = cost(&g, Counted::ALL) as i32 - self.cost() as i32;
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
            .filter(|m| {
                !matches!(m.name, "reported cost" | "population") && Some(m.name) != charted
            })
            .filter(|m| {
                !(charted == Some("population mean") && matches!(m.name, "best" | "mean" | "worst"))
            })
            .map(|m| (m.name, m.value))
            .collect()
    }

    fn words(&self) -> Option<StepSaid> {
        self.words.clone()
    }

    fn notes(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.notes)
    }

    fn poll_notes(&mut self) {
        if self.progress.ended.is_none() {
            self.take(0, Duration::ZERO, false);
        }
    }

    fn closing_notes(&mut self) -> Vec<Note> {
        std::mem::take(&mut self.closing)
    }
}
