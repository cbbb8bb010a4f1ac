//! Every algorithm by name, with its parameters per preset and how to build it.

use super::params::{ParamSpec, Params, Preset};
use super::{Search, annealing, backtrack, beam, descent, genetic, gibbs, tabu};
use crate::board::{Grid, Puzzle};

/// Builds a search: puzzle, preset, parameters, seed, optional starting grid.
pub type Builder = fn(&Puzzle, Preset, &Params, u64, Option<&Grid>) -> Box<dyn Search>;

/// One algorithm of the registry.
pub struct AlgoInfo {
    pub name: &'static str,
    pub family: &'static str,
    pub about: &'static str,
    params: fn(Preset) -> Vec<ParamSpec>,
    build: Builder,
}

impl AlgoInfo {
    pub fn params(&self, preset: Preset) -> Vec<ParamSpec> {
        (self.params)(preset)
    }

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
        (self.build)(puzzle, preset, params, seed, start)
    }
}

/// Why an algorithm could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("unknown algorithm {name:?}: valid are {}", ALGORITHMS.iter().map(|a| a.name).collect::<Vec<_>>().join(", "))]
    UnknownAlgorithm { name: String },
    #[error("{algo} ({preset}): {message}")]
    BadParameter {
        algo: &'static str,
        preset: Preset,
        message: String,
    },
    #[error("parameter {0:?} must be written name=value")]
    Malformed(String),
}

pub const ALGORITHMS: &[AlgoInfo] = &[
    AlgoInfo {
        name: "steepest",
        family: "descent",
        about: "steepest descent: the best strictly improving neighbour, stop in a local minimum",
        params: |p| descent::params(descent::Rule::Steepest, p),
        build: |pz, pr, pa, s, st| {
            Box::new(descent::Descent::new(
                pz,
                descent::Rule::Steepest,
                pr,
                pa,
                s,
                st,
            ))
        },
    },
    AlgoInfo {
        name: "stochastic",
        family: "descent",
        about: "stochastic descent: a random strictly improving neighbour",
        params: |p| descent::params(descent::Rule::Stochastic, p),
        build: |pz, pr, pa, s, st| {
            Box::new(descent::Descent::new(
                pz,
                descent::Rule::Stochastic,
                pr,
                pa,
                s,
                st,
            ))
        },
    },
    AlgoInfo {
        name: "plateau",
        family: "descent",
        about: "stochastic descent that also takes sideways (equal-cost) moves",
        params: |p| descent::params(descent::Rule::Plateau, p),
        build: |pz, pr, pa, s, st| {
            Box::new(descent::Descent::new(
                pz,
                descent::Rule::Plateau,
                pr,
                pa,
                s,
                st,
            ))
        },
    },
    AlgoInfo {
        name: "annealing",
        family: "annealing",
        about: "simulated annealing (course: geometric T from 0.01; tuned: box swaps, Lewis schedule, reheats)",
        params: |p| match p {
            Preset::Classic => annealing::course_params(),
            Preset::Tuned => annealing::tuned_params(),
        },
        build: |pz, pr, pa, s, st| match pr {
            Preset::Classic => Box::new(annealing::CourseAnnealing::new(pz, pa, s, st)),
            Preset::Tuned => Box::new(annealing::PermAnnealing::new(
                pz,
                annealing::tuned_settings(pa),
                s,
                st,
            )),
        },
    },
    AlgoInfo {
        name: "beam",
        family: "beam",
        about: "local beam search: pool all neighbours of k states, keep k",
        params: beam::params,
        build: |pz, pr, pa, s, st| Box::new(beam::Beam::new(pz, pr, pa, s, st)),
    },
    AlgoInfo {
        name: "genetic",
        family: "genetic",
        about: "genetic algorithm (course: all pairs breed, one-point crossover; tuned: box-wise, swap mutation, diversity)",
        params: genetic::params,
        build: |pz, pr, pa, s, st| Box::new(genetic::Genetic::new(pz, pr, pa, s, st)),
    },
    AlgoInfo {
        name: "sampling",
        family: "sampling",
        about: "conflict-guided sampling: resample every cell by softmax of peer conflicts, anneal the sweep",
        params: gibbs::params,
        build: |pz, pr, pa, s, st| Box::new(gibbs::Gibbs::new(pz, pr, pa, s, st)),
    },
    AlgoInfo {
        name: "tabu",
        family: "tabu",
        about: "annealing with a tabu list of recent states (classic: permutation per row, swaps in a row)",
        params: tabu::params,
        build: |pz, pr, pa, s, st| {
            Box::new(annealing::PermAnnealing::new(
                pz,
                tabu::settings(pr, pa),
                s,
                st,
            ))
        },
    },
    AlgoInfo {
        name: "backtrack",
        family: "exact",
        about: "exact backtracking with candidate masks (classic: naive; tuned: hidden singles, fewest candidates)",
        params: |_| backtrack::params(),
        build: |pz, pr, pa, _, _| Box::new(backtrack::Backtrack::new(pz, pr, pa)),
    },
];

pub fn find(name: &str) -> Result<&'static AlgoInfo, BuildError> {
    ALGORITHMS
        .iter()
        .find(|a| a.name == name)
        .ok_or_else(|| BuildError::UnknownAlgorithm {
            name: name.to_string(),
        })
}

/// Resolve `name=value` overrides against an algorithm's parameters.
pub fn resolve_params(
    algo: &'static AlgoInfo,
    preset: Preset,
    overrides: &[String],
) -> Result<Params, BuildError> {
    let mut params = algo.default_params(preset);
    for o in overrides {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| BuildError::Malformed(o.clone()))?;
        params
            .set(k.trim(), v)
            .map_err(|message| BuildError::BadParameter {
                algo: algo.name,
                preset,
                message,
            })?;
    }
    Ok(params)
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

impl std::fmt::Debug for AlgoInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AlgoInfo({})", self.name)
    }
}
