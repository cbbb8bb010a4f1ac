//! The contract every search keeps, and the small types it is written in.
//!
//! A search is built from a [`Build`]: the puzzle, the preset and parameters, a seed, and
//! optionally a starting grid (the board on screen, which is what lets a person switch algorithm
//! mid-run). [`Search::step`] does the unit a person presses a key for and says what happened in
//! an [`Event`]; [`Search::snapshot`] gives what the screen shows. The bookkeeping every search
//! shares (best grid so far, steps, how it ended) lives in one [`Progress`], so that no search
//! keeps it its own way. Events are small and `Copy`, so stepping never allocates.

use super::ants::event::AntEvent;
use super::exact::stepping::ExactEvent;
use super::params::{Params, Preset};
use crate::board::{Geometry, Grid, Puzzle};

/// Everything a search is built from.
#[derive(Clone, Copy, Debug)]
pub struct Build<'a> {
    /// The puzzle: its givens are never changed.
    pub puzzle: &'a Puzzle,
    /// Classic (the course's behaviour) or tuned.
    pub preset: Preset,
    /// The algorithm's parameters, resolved for the preset.
    pub params: &'a Params,
    /// The seed of every random choice the search makes.
    pub seed: u64,
    /// A board to continue from instead of a fresh start; repaired into the search's
    /// representation with the fewest changes.
    pub start: Option<&'a Grid>,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Cost 0: a valid solution.
    Solved,
    /// A local minimum, a frozen temperature or no improvement for too long.
    Stuck,
    /// The algorithm's own step budget ran out, or the one its driver set.
    BudgetSpent,
    /// The exact solver proved there is no solution.
    Unsolvable,
    /// A trace replayed ended without its closing line (its command crashed or was ended, its
    /// file was cut or could no longer be read): no search that got stuck.
    Cut,
}

impl Outcome {
    /// The outcome in the words the screen and the tables use.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Stuck => "stuck",
            Outcome::BudgetSpent => "budget spent",
            Outcome::Unsolvable => "unsolvable",
            Outcome::Cut => "cut short",
        }
    }
}

/// Why a proposed move was taken or not, in the words the step log uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decision {
    /// The cost went down: taken.
    Downhill,
    /// The cost stayed the same: taken.
    Sideways,
    /// Uphill, taken with probability `p` at temperature `t`.
    UphillAccepted {
        /// The probability it was taken with.
        p: f64,
        /// The temperature then.
        t: f64,
    },
    /// Uphill, refused; it would have been taken with probability `p` at temperature `t`.
    UphillRejected {
        /// The probability it would have been taken with.
        p: f64,
        /// The temperature then.
        t: f64,
    },
    /// Uphill and taken, by a search that did not say with what probability (a trace).
    UphillTaken,
    /// Sideways, refused: the temperature has reached exactly 0, where the course's rule
    /// (rand < exp(−0/0)) takes nothing that is not downhill.
    SidewaysFrozen,
    /// Refused: the resulting state is on the tabu list.
    Tabu,
    /// No neighbour qualifies (a local minimum for a descent).
    NoMove,
}

impl Decision {
    /// Whether the move was taken.
    pub fn accepted(self) -> bool {
        matches!(
            self,
            Decision::Downhill
                | Decision::Sideways
                | Decision::UphillAccepted { .. }
                | Decision::UphillTaken
        )
    }
}

/// A line a search gives its step log between steps or at its end (a replayed trace's): what
/// happened, for the screen to put into words. It prints in English for programs (the problems
/// of a JSON record, `watch --check`'s report before the words go through the catalogs).
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A line the command printed that is not part of its trace.
    Output(String),
    /// A trace line that could not be read.
    Unreadable {
        /// Its number, counted from 1.
        line: usize,
        /// The column at fault, when known.
        column: Option<usize>,
        /// Why (the reader's detail, in English).
        why: String,
    },
    /// A step that changes givens.
    ChangesGivens {
        /// Its line.
        line: usize,
        /// The cells it changes (the first few), as `r1c2`.
        cells: Vec<String>,
    },
    /// A step whose population holds members that change givens.
    MembersChangeGivens {
        /// Its line.
        line: usize,
        /// How many of its members do.
        members: u32,
    },
    /// More lines came at once than the log shows: how many were left out.
    More(usize),
    /// Why the run was cut short (the command's exit, a new run in the file), in English.
    Cut(String),
    /// The last line a run cut short wrote.
    LastWords(String),
    /// The search's own word for how it ended (`stuck`, `solved`).
    Ends(String),
    /// The board it returns is not its last one: the costs of both.
    Returns {
        /// The returned board's cost.
        cost: u32,
        /// The last board's cost.
        last: u32,
    },
    /// It says it ended with this word, but the board it returns is solved.
    SolvedAfterAll(String),
    /// It says solved, but the board it returns changes a given.
    ChangedAGiven,
    /// It says solved, but the board it returns has this cost.
    NotSolved(u32),
}

impl Note {
    /// Whether the note is a problem of the trace itself (a line that could not be read, a
    /// step that changes givens), as an experiment's record counts them.
    pub fn is_problem(&self) -> bool {
        matches!(
            self,
            Note::Unreadable { .. } | Note::ChangesGivens { .. } | Note::MembersChangeGivens { .. }
        )
    }

    /// Its text cut to `chars` characters (a note is kept whole up to that).
    pub fn cut(self, chars: usize) -> Note {
        let cut = |t: String| {
            if t.chars().count() > chars {
                format!("{}…", t.chars().take(chars).collect::<String>())
            } else {
                t
            }
        };
        match self {
            Note::Output(t) => Note::Output(cut(t)),
            Note::Unreadable { line, column, why } => Note::Unreadable {
                line,
                column,
                why: cut(why),
            },
            Note::Cut(t) => Note::Cut(cut(t)),
            Note::LastWords(t) => Note::LastWords(cut(t)),
            other => other,
        }
    }
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::Output(t) => write!(f, "output: {t}"),
            Note::Unreadable {
                line,
                column: Some(c),
                why,
            } => write!(f, "line {line}, column {c}: {why}"),
            Note::Unreadable { line, why, .. } => write!(f, "line {line}: {why}"),
            Note::ChangesGivens { line, cells } => write!(
                f,
                "line {line}: this step changes the given at {}",
                cells.join(", ")
            ),
            Note::MembersChangeGivens { line, members } => write!(
                f,
                "line {line}: {members} of this step's members change a given"
            ),
            Note::More(n) => write!(f, "… {n} more lines"),
            Note::Cut(why) => write!(f, "{why}"),
            Note::LastWords(l) => write!(f, "its last words: {l}"),
            Note::Ends(word) => write!(f, "the search ends: {word}"),
            Note::Returns { cost, last } => write!(
                f,
                "it returns a board of cost {cost}; its last board has cost {last}"
            ),
            Note::SolvedAfterAll(said) => {
                write!(
                    f,
                    "the search says {said}, but the board it returns is solved"
                )
            }
            Note::ChangedAGiven => write!(
                f,
                "the search says solved, but the board it returns changes a given"
            ),
            Note::NotSolved(cost) => write!(
                f,
                "the search says solved, but the board it returns has cost {cost}"
            ),
        }
    }
}

/// A step as a search that has its own words says it: a trace's `move` as written, or, where
/// the trace gave none and its change is not one move, what the replay saw, for the screen to
/// put into words.
#[derive(Clone, Debug, PartialEq)]
pub enum StepSaid {
    /// The search's own words (a trace's `move`), shown as they are.
    Own(String),
    /// A move was proposed and not taken.
    NotTaken,
    /// The step changed no cell.
    NoChange,
    /// The step changed this many cells at once.
    Cells(usize),
}

/// What a proposed move changes, with the values before it (whether or not it was taken).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// No move was proposed.
    Nothing,
    /// `cell` from value `from` to value `to`.
    Set {
        /// The cell.
        cell: u16,
        /// Its value before.
        from: u8,
        /// Its value after.
        to: u8,
    },
    /// The values of cells `a` and `b` exchanged.
    Swap {
        /// One cell.
        a: u16,
        /// The other.
        b: u16,
        /// `a`'s value before (afterwards `b`'s).
        a_value: u8,
        /// `b`'s value before (afterwards `a`'s).
        b_value: u8,
    },
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// One move proposal: what it changes, the cost change and the decision.
    Move {
        /// The proposed change.
        change: Change,
        /// The cost change it causes (or would have caused).
        delta: i32,
        /// Taken or not, and why.
        decision: Decision,
    },
    /// A sweep that resampled `changed` cells (conflict-guided sampling).
    Sweep {
        /// How many cells the sweep gave a new value.
        changed: u16,
        /// The cost change of the whole sweep.
        delta: i32,
        /// Whether the sweep was kept, and why.
        decision: Decision,
    },
    /// One iteration of a population method.
    Generation {
        /// Which iteration (from 1).
        index: u32,
        /// The cheapest member's cost.
        best: u32,
        /// The members' mean cost.
        mean: f64,
        /// The dearest member's cost.
        worst: u32,
    },
    /// One step of the exact solver.
    Exact(ExactEvent),
    /// One ant's construction (ant colony).
    Ant(AntEvent),
    /// The course's annealing ends and returns the state its bookkeeping kept (which is not
    /// always the best it reached).
    Returned {
        /// The cost of the state returned.
        cost: u32,
        /// The step at which the search first stood on a solution, if it did.
        zero_at: Option<u64>,
    },
    /// Nothing happened (the search had already ended).
    Idle,
}

/// The result of one [`Search::step`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// What happened.
    pub event: Event,
    /// The cost after the step.
    pub cost: u32,
    /// The ending, once there is one.
    pub ended: Option<Outcome>,
}

impl Step {
    /// The step returned once a search has ended.
    pub fn idle(cost: u32, ended: Option<Outcome>) -> Step {
        Step {
            event: Event::Idle,
            cost,
            ended,
        }
    }
}

/// A named number an algorithm reports (temperature, acceptance rate, depth, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    /// What it is, in words.
    pub name: &'static str,
    /// Its value now.
    pub value: f64,
}

/// `Metric` shorthand.
pub fn metric(name: &'static str, value: f64) -> Metric {
    Metric { name, value }
}

/// A family's second chart series beside the cost: its name, its value now, and for a
/// population the cost of its worst member.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Secondary {
    /// What the series is ("temperature", "population mean").
    pub label: &'static str,
    /// Its value now.
    pub value: f64,
    /// The population's worst cost, drawn beside a mean.
    pub worst: Option<f64>,
}

impl Secondary {
    /// The temperature of an annealing-like search.
    pub fn temperature(t: f64) -> Secondary {
        Secondary {
            label: "temperature",
            value: t,
            worst: None,
        }
    }
}

/// The neighbourhood of the current state: what the panel that shows why a search is stuck
/// draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Landscape {
    /// Every neighbour's cost change: (Δ, how many neighbours), sorted by Δ; the temperature for
    /// an annealing search.
    Moves {
        /// The histogram of Δ.
        deltas: Vec<(i32, u32)>,
        /// The temperature the uphill moves are weighed at.
        temperature: Option<f64>,
    },
    /// A population's diversity: how many distinct values its members hold in each cell.
    Diversity {
        /// Distinct values per cell (1 for a given).
        per_cell: Vec<u8>,
        /// Members.
        size: usize,
    },
    /// An ant colony's memory: per cell, the share of its pheromone on its strongest value.
    Pheromone {
        /// Per cell, that share (1 for a given).
        share: Vec<f32>,
        /// Per cell, the strongest value (the given for a given).
        strongest: Vec<u8>,
        /// How many cells the ants choose values for (not settled by the puzzle's propagation).
        open: usize,
    },
}

impl Landscape {
    /// The histogram of some cost changes.
    pub fn moves(deltas: impl Iterator<Item = i32>, temperature: Option<f64>) -> Landscape {
        let mut counts = std::collections::BTreeMap::new();
        for d in deltas {
            *counts.entry(d).or_insert(0u32) += 1;
        }
        Landscape::Moves {
            deltas: counts.into_iter().collect(),
            temperature,
        }
    }
}

/// The best grid a search has seen, and its cost.
#[derive(Clone, Debug)]
pub struct Best {
    cells: Vec<u8>,
    cost: u32,
}

impl Best {
    /// The starting grid as the best so far.
    pub fn new(cells: &[u8], cost: u32) -> Best {
        Best {
            cells: cells.to_vec(),
            cost,
        }
    }

    /// Keep `cells` if they are strictly cheaper than the best so far; says whether they were.
    #[inline]
    pub fn offer(&mut self, cells: &[u8], cost: u32) -> bool {
        let better = cost < self.cost;
        if better {
            self.cells.copy_from_slice(cells);
            self.cost = cost;
        }
        better
    }

    /// The best cost so far.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// The best grid's cells.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Keep `cells` whatever their cost (a bookkeeping of its own decides).
    pub fn replace(&mut self, cells: &[u8], cost: u32) {
        self.cells.copy_from_slice(cells);
        self.cost = cost;
    }
}

/// What every search keeps besides its own state: the best grid so far, the steps taken and
/// how it ended.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The best grid so far.
    pub best: Best,
    /// Steps taken.
    pub steps: u64,
    /// The ending, once there is one.
    pub ended: Option<Outcome>,
}

impl Progress {
    /// A search starting on `cells` of cost `cost` (solved already when the cost is 0).
    pub fn new(cells: &[u8], cost: u32) -> Progress {
        Progress {
            best: Best::new(cells, cost),
            steps: 0,
            ended: (cost == 0).then_some(Outcome::Solved),
        }
    }
}

/// What the screen shows of a search.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The current grid.
    pub grid: Grid,
    /// The best grid so far.
    pub best: Grid,
    /// The current cost.
    pub cost: u32,
    /// The best cost so far.
    pub best_cost: u32,
    /// Steps taken.
    pub steps: u64,
    /// The ending, once there is one.
    pub ended: Option<Outcome>,
    /// The algorithm's own numbers.
    pub metrics: Vec<Metric>,
    /// Named series such as the beam members' costs.
    pub series: Vec<(&'static str, Vec<f64>)>,
}

impl Snapshot {
    /// A snapshot of `cells` at `cost`, with the best grid, steps and ending of `progress`.
    pub fn of(
        geo: &'static Geometry,
        cells: &[u8],
        cost: u32,
        progress: &Progress,
        metrics: Vec<Metric>,
    ) -> Snapshot {
        let grid =
            |c: &[u8]| Grid::from_cells(geo, c.to_vec()).expect("searches keep values in range");
        Snapshot {
            grid: grid(cells),
            best: grid(progress.best.cells()),
            cost,
            best_cost: progress.best.cost(),
            steps: progress.steps,
            ended: progress.ended,
            metrics,
            series: Vec::new(),
        }
    }

    /// The value of a named metric.
    pub fn metric(&self, name: &str) -> Option<f64> {
        self.metrics
            .iter()
            .find(|m| m.name == name)
            .map(|m| m.value)
    }
}

/// One search, stepped by whoever drives it (the CLI, an experiment, a runner under the TUI).
pub trait Search: Send {
    /// One elementary step. After the search has ended it returns `Event::Idle`.
    fn step(&mut self) -> Step;
    /// The current state for display.
    fn snapshot(&self) -> Snapshot;
    /// Current cost (canonical: missing (unit, value) pairs; 0 ⇔ solved).
    fn cost(&self) -> u32;
    /// The current grid's cells, without copying.
    fn cells(&self) -> &[u8];
    /// The best grid so far, the steps taken and the ending.
    fn progress(&self) -> &Progress;
    /// The best cost so far.
    fn best_cost(&self) -> u32 {
        self.progress().best.cost()
    }
    /// Steps taken so far.
    fn steps(&self) -> u64 {
        self.progress().steps
    }
    /// The ending, once there is one.
    fn ended(&self) -> Option<Outcome> {
        self.progress().ended
    }
    /// The family's second chart series (temperature, population mean), cheap to read; `None`
    /// for families that have none.
    fn secondary(&self) -> Option<Secondary> {
        None
    }
    /// The neighbourhood of the current state, for the panel that shows why the search is
    /// stuck; `None` for searches without one (the exact solver). Costs a pass over every
    /// neighbour: called on request, not per step.
    fn landscape(&self) -> Option<Landscape> {
        None
    }
    /// The last step in the search's own words, when it has its own (a trace's `move`, or what
    /// a replay saw of a step its trace did not describe); the step log then shows them instead
    /// of describing the event.
    fn words(&self) -> Option<StepSaid> {
        None
    }
    /// Named numbers to chart each as its own series, beside [`Search::secondary`] (a trace's
    /// metrics); cheap to read, called every step.
    fn series(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// Lines for the step log that came between steps (a trace's malformed lines, a command's
    /// own output), taken once.
    fn notes(&mut self) -> Vec<Note> {
        Vec::new()
    }
    /// While no step is asked for (paused): gather the notes that have come since (a trace's
    /// command printing), for [`Search::notes`], without taking a step.
    fn poll_notes(&mut self) {}
    /// Lines for the step log that come after the step just taken (how a trace ended, in the
    /// search's words and the viewer's), taken once.
    fn closing_notes(&mut self) -> Vec<Note> {
        Vec::new()
    }
    /// The event of the step that ended the search, when it says more than the ending (the
    /// course's annealing giving back a state of cost 2 after it reached cost 0): a driver
    /// that advanced without looking at each step logs it. None for most searches.
    fn ending_event(&self) -> Option<Event> {
        None
    }
    /// Take up to `n` steps, fewer when the search ends; returns how many were taken. The same
    /// steps as calling [`Search::step`] `n` times; drivers that do not look at each step
    /// (experiments, the runner at full speed, benchmarks) use this, and a search whose steps
    /// are cheap overrides it with a loop that builds no per-step event.
    fn advance(&mut self, n: u64) -> u64 {
        let mut taken = 0;
        while taken < n && self.ended().is_none() {
            self.step();
            taken += 1;
        }
        taken
    }
}

/// Run until the search ends or `max_steps` steps have been taken in total.
pub fn run_to_end(search: &mut dyn Search, max_steps: u64) -> Outcome {
    loop {
        if let Some(o) = search.ended() {
            return o;
        }
        if search.steps() >= max_steps {
            return Outcome::BudgetSpent;
        }
        search.advance((max_steps - search.steps()).min(1 << 16));
    }
}
