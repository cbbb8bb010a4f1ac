//! Every algorithm by name, with its family, its parameters per preset, and how to build it.
//!
//! The command line, the visualiser's pickers and the experiments all read this one list, so an
//! algorithm added here is everywhere at once.

use super::anneal::course::{self, CourseAnnealing};
use super::anneal::perm_annealing::PermAnnealing;
use super::anneal::presets::{tabu_params, tabu_settings, tuned_params, tuned_settings};
use super::ants;
use super::contract::{Build, Search};
use super::exact::backtrack::{self, Backtrack};
use super::local::beam::{self, Beam};
use super::local::descent::{self, Descent, Rule};
use super::local::genetic::{self, Genetic};
use super::local::sampling::{self, Sampling};
use super::moves::Moves;
use super::params::{ParamSpec, Params, Preset};
use crate::board::{Grid, Puzzle};

/// The kinds of search: what a step is and what the screen shows beside the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// One step is one move (or the end in a local minimum).
    Descent,
    /// One step is one proposal, taken or not by the Metropolis rule.
    Annealing,
    /// One step pools the neighbours of k states and keeps k.
    Beam,
    /// One step is one generation.
    Genetic,
    /// One step is one sweep over every free cell.
    Sampling,
    /// Annealing that refuses recently visited states.
    Tabu,
    /// Exact backtracking: one propagation, guess or backtrack per step.
    Exact,
    /// Ant colony: one step is one ant's construction.
    Ants,
}

impl Family {
    /// The moves the family's searches make in `preset`.
    pub fn moves(self, preset: Preset) -> Moves {
        let tuned = preset == Preset::Tuned;
        match self {
            Family::Descent | Family::Annealing | Family::Beam if tuned => Moves::SwapBox,
            Family::Descent | Family::Annealing | Family::Beam => Moves::Course,
            Family::Tabu if tuned => Moves::SwapBox,
            Family::Tabu => Moves::SwapRow,
            Family::Sampling => Moves::Set,
            Family::Genetic | Family::Exact | Family::Ants => Moves::None,
        }
    }

    /// The family's name, as `--list-algos` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Family::Descent => "descent",
            Family::Annealing => "annealing",
            Family::Beam => "beam",
            Family::Genetic => "genetic",
            Family::Sampling => "sampling",
            Family::Tabu => "tabu",
            Family::Exact => "exact",
            Family::Ants => "ants",
        }
    }

    /// What one step is, in the plural, for a chart's axis: "moves", "generations", "ants".
    pub fn step_unit(self) -> &'static str {
        match self {
            Family::Descent => "moves",
            Family::Annealing | Family::Tabu => "proposals",
            Family::Sampling => "sweeps",
            Family::Beam => "beam iterations",
            Family::Genetic => "generations",
            Family::Exact => "propagations, guesses and backtracks",
            Family::Ants => "ants",
        }
    }

    /// Whether one step works on a whole population (so it costs far more than a move).
    pub fn is_population(self) -> bool {
        matches!(self, Family::Beam | Family::Genetic)
    }
}

/// Builds a search from its build context.
pub type Builder = fn(&Build) -> Box<dyn Search>;

/// One algorithm of the registry.
pub struct AlgoInfo {
    /// The name every command takes (`--algo NAME`).
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// One line on what it does.
    pub about: &'static str,
    params: fn(Preset) -> Vec<ParamSpec>,
    build: Builder,
}

impl AlgoInfo {
    /// The parameters it takes in `preset`, with their defaults and ranges.
    pub fn params(&self, preset: Preset) -> Vec<ParamSpec> {
        (self.params)(preset)
    }

    /// The default parameter values of `preset`.
    pub fn default_params(&self, preset: Preset) -> Params {
        Params::defaults(self.params(preset))
    }

    /// Build with resolved parameters.
    pub fn build(
        &self,
        puzzle: &Puzzle,
        preset: Preset,
        params: &Params,
        seed: u64,
        start: Option<&Grid>,
    ) -> Box<dyn Search> {
        (self.build)(&Build {
            puzzle,
            preset,
            params,
            seed,
            start,
        })
    }
}

/// Why an algorithm could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// No algorithm of that name.
    #[error(
        "unknown algorithm {name:?}{}: valid are {}",
        crate::suggest::hint(name, ALGORITHMS.iter().map(|a| a.name)),
        ALGORITHMS.iter().map(|a| a.name).collect::<Vec<_>>().join(", ")
    )]
    UnknownAlgorithm {
        /// The name asked for.
        name: String,
    },
    /// A parameter that the algorithm does not take, or a value out of its range.
    #[error("{algo} ({preset}): {error}")]
    BadParameter {
        /// The algorithm.
        algo: &'static str,
        /// Its preset.
        preset: Preset,
        /// What is wrong, with the valid range.
        error: crate::search::params::ParamError,
    },
    /// A `--set` argument without `=`.
    #[error("parameter {0:?} must be written name=value")]
    Malformed(String),
}

/// Every algorithm, in the order pickers and `--list-algos` show them.
pub const ALGORITHMS: &[AlgoInfo] = &[
    AlgoInfo {
        name: "steepest",
        family: Family::Descent,
        about: "steepest descent: the best strictly improving neighbour, stop in a local minimum",
        params: |p| descent::params(Rule::Steepest, p),
        build: |b| Box::new(Descent::new(b, Rule::Steepest)),
    },
    AlgoInfo {
        name: "stochastic",
        family: Family::Descent,
        about: "stochastic descent: a random strictly improving neighbour",
        params: |p| descent::params(Rule::Stochastic, p),
        build: |b| Box::new(Descent::new(b, Rule::Stochastic)),
    },
    AlgoInfo {
        name: "plateau",
        family: Family::Descent,
        about: "stochastic descent that also takes sideways (equal-cost) moves",
        params: |p| descent::params(Rule::Plateau, p),
        build: |b| Box::new(Descent::new(b, Rule::Plateau)),
    },
    AlgoInfo {
        name: "annealing",
        family: Family::Annealing,
        about: "simulated annealing (course: geometric T from 0.1; tuned: box swaps, Lewis schedule, reheats)",
        params: |p| match p {
            Preset::Classic => course::params(),
            Preset::Tuned => tuned_params(),
        },
        build: |b| match b.preset {
            Preset::Classic => Box::new(CourseAnnealing::new(b)),
            Preset::Tuned => Box::new(PermAnnealing::new(b, tuned_settings(b.params))),
        },
    },
    AlgoInfo {
        name: "beam",
        family: Family::Beam,
        about: "local beam search: pool all neighbours of k states, keep k",
        params: beam::params,
        build: |b| Box::new(Beam::new(b)),
    },
    AlgoInfo {
        name: "genetic",
        family: Family::Genetic,
        about: "genetic algorithm (course: all pairs breed, one-point crossover; tuned: box-wise, swap mutation, diversity)",
        params: genetic::params,
        build: |b| Box::new(Genetic::new(b)),
    },
    AlgoInfo {
        name: "sampling",
        family: Family::Sampling,
        about: "conflict-guided sampling: resample every cell by softmax of peer conflicts, anneal the sweep",
        params: sampling::params,
        build: |b| Box::new(Sampling::new(b)),
    },
    AlgoInfo {
        name: "tabu",
        family: Family::Tabu,
        about: "annealing with a tabu list of recent states (classic: permutation per row, swaps in a row)",
        params: tabu_params,
        build: |b| Box::new(PermAnnealing::new(b, tabu_settings(b.preset, b.params))),
    },
    AlgoInfo {
        name: "ants",
        family: Family::Ants,
        about: "ant colony system (Lloyd & Amos): ants fill cells with propagation, led by pheromone",
        params: ants::params,
        build: ants::build,
    },
    AlgoInfo {
        name: "backtrack",
        family: Family::Exact,
        about: "exact backtracking with candidate masks (classic: naive; tuned: hidden singles, fewest candidates)",
        params: |_| backtrack::params(),
        build: |b| Box::new(Backtrack::new(b)),
    },
];

/// The algorithm called `name`.
pub fn find(name: &str) -> Result<&'static AlgoInfo, BuildError> {
    ALGORITHMS
        .iter()
        .find(|a| a.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| BuildError::UnknownAlgorithm {
            name: name.to_string(),
        })
}

/// An algorithm with settings written as text, `NAME:A:B:KEY=VALUE:...` (what `--race` and
/// `experiment --algo` take): the algorithm, the parts without `=` in order (a preset, then a
/// seed where one is wanted), and the `KEY=VALUE` parts.
#[derive(Clone, Debug)]
pub struct Setting<'a> {
    /// The algorithm named first.
    pub algo: &'static AlgoInfo,
    /// The parts without `=`, in order.
    pub positional: Vec<&'a str>,
    /// The `KEY=VALUE` parts, in order.
    pub keyed: Vec<(&'a str, &'a str)>,
}

impl<'a> Setting<'a> {
    /// Split `text` into its parts; the algorithm must exist.
    pub fn parse(text: &'a str) -> Result<Setting<'a>, BuildError> {
        let mut parts = text.trim().split(':');
        let algo = find(parts.next().unwrap_or(""))?;
        let (keyed, positional): (Vec<&str>, Vec<&str>) = parts.partition(|p| p.contains('='));
        Ok(Setting {
            algo,
            positional,
            keyed: keyed
                .into_iter()
                .filter_map(|p| p.split_once('='))
                .map(|(k, v)| (k.trim(), v.trim()))
                .collect(),
        })
    }

    /// The preset the first positional part names, if there is one.
    pub fn preset(&self) -> Result<Option<Preset>, String> {
        self.positional
            .first()
            .map(|p| {
                Preset::from_name(p)
                    .ok_or_else(|| format!("unknown preset {p:?}; valid are classic, tuned"))
            })
            .transpose()
    }
}

/// Resolve `name=value` overrides against an algorithm's parameters.
pub fn resolve_params(
    algo: &'static AlgoInfo,
    preset: Preset,
    overrides: &[String],
) -> Result<Params, BuildError> {
    let mut params = algo.default_params(preset);
    for o in overrides {
        set_override(&mut params, algo.name, preset, o)?;
    }
    Ok(params)
}

/// Apply one `name=value` override to `params` of `algo` in `preset`.
pub fn set_override(
    params: &mut Params,
    algo: &'static str,
    preset: Preset,
    text: &str,
) -> Result<(), BuildError> {
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| BuildError::Malformed(text.to_string()))?;
    params
        .set(k.trim(), v)
        .map_err(|error| BuildError::BadParameter {
            algo,
            preset,
            error,
        })
}

/// Build a search by name, with `name=value` overrides.
pub fn build(
    name: &str,
    preset: Preset,
    overrides: &[String],
    puzzle: &Puzzle,
    seed: u64,
    start: Option<&Grid>,
) -> Result<Box<dyn Search>, BuildError> {
    let algo = find(name)?;
    let params = resolve_params(algo, preset, overrides)?;
    Ok(algo.build(puzzle, preset, &params, seed, start))
}

/// Algorithms are one each by name.
impl PartialEq for AlgoInfo {
    fn eq(&self, other: &AlgoInfo) -> bool {
        self.name == other.name
    }
}

impl std::fmt::Debug for AlgoInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AlgoInfo({})", self.name)
    }
}
