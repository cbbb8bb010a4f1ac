//! Searches: the exact solver and, behind one contract, every local search of the course.
//!
//! A [`Search`] is built from a puzzle, parameters, a seed and optionally a starting grid (the
//! board on screen, which is what lets a person switch algorithm mid-run). [`Search::step`] does
//! the unit a person presses a key for and says what happened; [`Search::snapshot`] gives what
//! the screen shows. Nothing here prints, sleeps or spawns.

/// The five accessors of a search over one [`neighbourhood::State`] with fields `state`,
/// `best_cost`, `steps` and `ended`.
macro_rules! state_accessors {
    () => {
        fn cost(&self) -> u32 {
            self.state.cost()
        }
        fn best_cost(&self) -> u32 {
            self.best_cost
        }
        fn steps(&self) -> u64 {
            self.steps
        }
        fn cells(&self) -> &[u8] {
            &self.state.cells
        }
        fn ended(&self) -> Option<Outcome> {
            self.ended
        }
    };
}

/// A search over one [`neighbourhood::State`] snapshots its current and best cells with these
/// metrics (fields `geo`, `state`, `best`, `best_cost`, `steps`, `ended`).
macro_rules! state_snapshot {
    ($s:ident, $metrics:expr) => {
        Snapshot::from_cells(
            $s.geo,
            &$s.state.cells,
            &$s.best,
            $s.state.cost(),
            $s.best_cost,
            $s.steps,
            $s.ended,
            $metrics,
        )
    };
}

pub mod annealing;
pub mod backtrack;
pub mod bands;
pub mod beam;

pub mod descent;
pub mod exact;
pub mod genetic;
pub mod gibbs;
pub mod neighbourhood;
pub mod params;
pub mod perm;
pub mod registry;
pub mod repr;
pub mod tabu;

use crate::board::Grid;

pub use params::{ParamSpec, Params, Preset};
pub use registry::{ALGORITHMS, AlgoInfo, BuildError, build, find};

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Cost 0: a valid solution.
    Solved,
    /// A local minimum, a frozen temperature or no improvement for too long.
    Stuck,
    /// The step budget (the algorithm's own or `--max-steps`) ran out.
    BudgetSpent,
    /// The exact solver proved there is no solution.
    Unsolvable,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Stuck => "stuck",
            Outcome::BudgetSpent => "budget spent",
            Outcome::Unsolvable => "unsolvable",
        }
    }
}

/// Why a proposed move was taken or not, in the words the step log uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    Downhill,
    Sideways,
    /// Uphill, accepted with probability `p` at temperature `t`.
    UphillAccepted {
        p: f64,
        t: f64,
    },
    UphillRejected {
        p: f64,
        t: f64,
    },
    /// The resulting state is on the tabu list.
    Tabu,
    /// No neighbour qualifies (a local minimum for descent).
    NoMove,
}

impl Verdict {
    /// Whether the move was taken.
    pub fn accepted(&self) -> bool {
        matches!(
            self,
            Verdict::Downhill | Verdict::Sideways | Verdict::UphillAccepted { .. }
        )
    }
}

/// What one step did. Small and `Copy` so that stepping never allocates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Event {
    /// One move proposal: up to two cells, the cost change, and the verdict.
    Move {
        cells: [u16; 2],
        n_cells: u8,
        delta: i32,
        accepted: bool,
        verdict: Verdict,
    },
    /// A sweep that resampled `changed` cells (conflict-guided sampling).
    Sweep {
        changed: u16,
        delta: i32,
        accepted: bool,
        verdict: Verdict,
    },
    /// One iteration of a population method.
    Generation {
        index: u32,
        best: u32,
        mean: f64,
        worst: u32,
    },
    /// One step of the exact solver.
    Exact(exact::ExactEvent),
    /// Nothing happened (the search had already ended).
    Idle,
}

/// The result of one [`Search::step`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub event: Event,
    pub cost: u32,
    pub ended: Option<Outcome>,
}

/// A named number an algorithm reports (temperature, acceptance rate, depth, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Metric {
    pub name: &'static str,
    pub value: f64,
}

/// What the screen shows of a search.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub grid: Grid,
    pub best: Grid,
    pub cost: u32,
    pub best_cost: u32,
    pub steps: u64,
    pub ended: Option<Outcome>,
    pub metrics: Vec<Metric>,
    /// Named series such as the beam members' costs.
    pub series: Vec<(&'static str, Vec<f64>)>,
}

impl Snapshot {
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
    fn best_cost(&self) -> u32;
    /// Steps taken so far.
    fn steps(&self) -> u64;
    /// The current grid's cells, without copying.
    fn cells(&self) -> &[u8];
    /// The ending, once there is one.
    fn ended(&self) -> Option<Outcome>;
    /// The family's extra chart series, cheap to read: the temperature for annealing and
    /// sampling, the population mean for beam and genetic; `None` for the others.
    fn chart_value(&self) -> Option<f64> {
        None
    }
    /// The population's worst cost, for beam and genetic (charted beside the mean).
    fn chart_worst(&self) -> Option<f64> {
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

/// The annealing (Metropolis) rule: downhill and sideways moves are taken; an uphill move is taken
/// with probability p = exp(−Δ/T), which the caller supplies with [`below_of`] it (some keep a
/// table of both), against a uniform draw u = x·2⁻⁵³ given by its 53-bit integer x: u < p exactly
/// when x < ⌈p·2⁵³⌉, so the test is made on integers.
#[inline]
pub fn metropolis(
    delta: i32,
    t: f64,
    p: impl FnOnce() -> (f64, u64),
    draw53: impl FnOnce() -> u64,
) -> (bool, Verdict) {
    match delta {
        d if d < 0 => (true, Verdict::Downhill),
        0 => (true, Verdict::Sideways),
        _ => {
            let (p, below) = p();
            if draw53() < below {
                (true, Verdict::UphillAccepted { p, t })
            } else {
                (false, Verdict::UphillRejected { p, t })
            }
        }
    }
}

/// ⌈p·2⁵³⌉: a 53-bit integer x is below it exactly when x·2⁻⁵³ is below p.
pub fn below_of(p: f64) -> u64 {
    (p * (1u64 << 53) as f64).ceil() as u64
}

/// exp(−Δ/T) for an uphill Δ, with [`below_of`] it, as [`metropolis`] takes it.
pub fn uphill(delta: i32, t: f64) -> (f64, u64) {
    let p = libm::exp(-(delta as f64) / t);
    (p, below_of(p))
}

/// Exponential moving average of acceptance, over roughly the last `1/alpha` proposals.
#[derive(Clone, Copy, Debug)]
pub struct AcceptanceRate {
    value: f64,
    alpha: f64,
}

impl AcceptanceRate {
    pub fn new(window: f64) -> AcceptanceRate {
        AcceptanceRate {
            value: 1.0,
            alpha: 1.0 / window.max(1.0),
        }
    }
    #[inline]
    pub fn record(&mut self, accepted: bool) {
        let x = if accepted { 1.0 } else { 0.0 };
        self.value += self.alpha * (x - self.value);
    }
    pub fn value(&self) -> f64 {
        self.value
    }
}

impl Snapshot {
    /// A snapshot from raw cells; metrics and series are added by the caller.
    #[allow(clippy::too_many_arguments)]
    pub fn from_cells(
        geo: &'static crate::board::Geometry,
        cells: &[u8],
        best: &[u8],
        cost: u32,
        best_cost: u32,
        steps: u64,
        ended: Option<Outcome>,
        metrics: Vec<Metric>,
    ) -> Snapshot {
        Snapshot {
            grid: Grid::from_cells(geo, cells.to_vec()).expect("searches keep values in range"),
            best: Grid::from_cells(geo, best.to_vec()).expect("searches keep values in range"),
            cost,
            best_cost,
            steps,
            ended,
            metrics,
            series: Vec::new(),
        }
    }
}

/// `Metric` shorthand.
pub fn metric(name: &'static str, value: f64) -> Metric {
    Metric { name, value }
}

/// The step returned once a search has ended.
pub fn idle(cost: u32, ended: Option<Outcome>) -> Step {
    Step {
        event: Event::Idle,
        cost,
        ended,
    }
}
