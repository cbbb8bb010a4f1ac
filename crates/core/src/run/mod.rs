//! A run, described once: the puzzle, the algorithm with its preset and parameters, the seed,
//! the board it continues from, the speed, and the panes racing beside it.
//!
//! Every way of starting a run builds a [`RunSpec`] through one function, [`check`], from a
//! [`RunInput`]: the settings as written, each with where it was written (a flag, a lesson's
//! line, a JSON header). So there is one set of defaults ([`defaults`]), one set of rules, and
//! one error type, [`SpecError`], that names the field, the value, what was expected and where.
//! The command line, lesson scenes, race panes, experiment rows, the visualiser's `y`, JSON
//! records and `record` read runs this way, and [`print`] writes a spec back as each of them.

pub mod check;
pub mod error;
pub mod pane;
pub mod print;

pub use check::{RunInput, SettingText, Written, check, check_method, check_on};
pub use error::{Cause, Field, Place, SpecError};
pub use pane::{PaneRun, PaneSpec};

use crate::board::{Grid, Puzzle};
use crate::search::{AlgoInfo, Params, Preset};

/// The defaults of every setting a run leaves out, for the command line and lesson files alike.
pub mod defaults {
    use crate::search::Preset;

    /// The algorithm a run uses unless told.
    pub const ALGO: &str = "annealing";
    /// The preset unless told: classic, as the course describes it (this is a teaching tool).
    pub const PRESET: Preset = Preset::Classic;
    /// Whether a run starts paused unless told.
    pub const PAUSED: bool = false;
    /// Whether race panes start from the first pane's board unless told (else each from its
    /// own random one).
    pub const SAME_START: bool = true;
    /// The first pane's seed.
    pub const SEED: u64 = 1;
    /// Steps per second, as the command line writes it.
    pub const SPEED: &str = "5";
    /// At most this many panes race on one screen, the first included.
    pub const MAX_PANES: usize = 4;
}

/// How a search is set up, apart from its seed and board: the algorithm, its preset and its
/// parameters. An experiment's row is one of these.
#[derive(Clone, Debug, PartialEq)]
pub struct Method {
    /// The algorithm.
    pub algo: &'static AlgoInfo,
    /// Its preset.
    pub preset: Preset,
    /// Its parameters.
    pub params: Params,
}

impl Method {
    /// The algorithm in a preset, with that preset's default parameters.
    pub fn new(algo: &'static AlgoInfo, preset: Preset) -> Method {
        Method {
            algo,
            preset,
            params: algo.default_params(preset),
        }
    }

    /// The algorithm, preset and every non-default parameter, and those in `named` whatever
    /// their value: `beam (classic, k=5)`. Tables, figures and records name runs by it.
    pub fn label(&self, named: &[&str]) -> String {
        let mut parts = vec![self.preset.to_string()];
        let changed = self.params.changed();
        parts.extend(
            self.params
                .shown()
                .into_iter()
                .filter(|(k, _)| named.contains(k) || changed.iter().any(|(c, _)| c == k))
                .map(|(k, v)| format!("{k}={v}")),
        );
        format!("{} ({})", self.algo.name, parts.join(", "))
    }
}

/// A whole run as the visualiser shows it, every setting checked.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSpec {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The first pane's algorithm, preset and parameters.
    pub method: Method,
    /// The first pane's seed; race panes without their own take the next ones.
    pub seed: u64,
    /// The board the first pane continues from, instead of a fresh start.
    pub start: Option<Grid>,
    /// Steps per second; `None` for as fast as possible.
    pub speed: Option<f64>,
    /// Whether the run starts paused.
    pub paused: bool,
    /// The panes racing beside the first (at most [`defaults::MAX_PANES`] panes in all).
    pub race: Vec<PaneSpec>,
    /// Race panes start from the first pane's board (else each from its own random one).
    pub same_start: bool,
}

impl RunSpec {
    /// The defaults on `puzzle`: what a run is when nothing else is said.
    pub fn on(puzzle: Puzzle) -> RunSpec {
        check_on(&RunInput::default(), puzzle).expect("the defaults check")
    }

    /// The first pane's search.
    pub fn first(&self) -> PaneRun {
        PaneRun {
            method: self.method.clone(),
            seed: self.seed,
            start: self.start.clone(),
        }
    }

    /// The seed pane `i` takes when it has none of its own: the first pane's, then the next
    /// ones in order.
    pub fn seed_of(&self, i: usize) -> u64 {
        self.seed.wrapping_add(i as u64)
    }

    /// Race pane `i` (counted from 1, as the screen counts panes) settled: its own seed or
    /// [`RunSpec::seed_of`], its own board or `shared` (the first pane's, when the race starts
    /// together).
    pub fn racer(&self, i: usize, shared: Option<&Grid>) -> PaneRun {
        let r = &self.race[i - 1];
        PaneRun {
            method: r.method.clone(),
            seed: r.seed.unwrap_or(self.seed_of(i)),
            start: r.start.clone().or_else(|| shared.cloned()),
        }
    }
}

/// Read a seed: a whole number from 0 to `u64::MAX`; why not.
pub fn parse_seed(text: &str) -> Result<u64, Cause> {
    use std::num::IntErrorKind;
    text.trim().parse::<u64>().map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow => Cause::SeedTooLarge,
        _ => Cause::SeedNotWhole,
    })
}

/// Read a speed as the command line and lesson files write it: steps per second, a positive
/// number, or `max` (`unlimited`) for as fast as possible.
pub fn parse_speed(text: &str) -> Result<Option<f64>, Cause> {
    match text.trim() {
        "max" | "unlimited" => Ok(None),
        s => match s.parse::<f64>() {
            Ok(v) if v > 0.0 && v.is_finite() => Ok(Some(v)),
            _ => Err(Cause::Speed),
        },
    }
}

/// A speed as [`parse_speed`] reads it back.
pub fn show_speed(speed: Option<f64>) -> String {
    speed.map_or("max".to_string(), crate::search::params::fmt_num)
}
