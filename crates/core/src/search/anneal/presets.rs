//! The presets the permutation engine runs: tuned annealing, and annealing with a tabu list
//! (classic: the article's, on a permutation per row; tuned: the tuned schedule with a short
//! list). Each turns its parameters into the engine's [`PermSettings`].
//!
//! Classic tabu: each row is a permutation (free cells get the row's missing values), the cost
//! counts columns and boxes, a move swaps two free cells of one row, a list of the last 200
//! states (cyclic) forbids revisits, and T cools geometrically every proposal from 10⁹ until it
//! falls below 10⁻⁹ (the article's "below 1/temperature") or a million steps pass. The cooling
//! factor is not given in the article; 0.99996 takes T from 10⁹ to 10⁻⁹ in about a million steps.

use super::perm_annealing::PermSettings;
use crate::search::local::start::{PermUnit, Propagation};
use crate::search::params::{ParamSpec, Params, Preset};

/// The parameters of tuned annealing.
pub fn tuned_params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::real(
            "t0",
            "initial temperature; 0 = the spread of random move deltas",
            0.0,
            0.0,
            1e12,
        ),
        ParamSpec::real(
            "cooling",
            "T is multiplied by this after each Markov chain",
            0.99,
            0.5,
            1.0,
        ),
        ParamSpec::real(
            "chain",
            "chain length as a multiple of Σ (free cells per box)²",
            1.0,
            0.01,
            100.0,
        ),
        ParamSpec::int(
            "reheat_after",
            "chains without a new best before reheating (0 = never)",
            20.0,
            0.0,
            1e9,
        ),
        ParamSpec::real("reheat", "reheat to this fraction of T0", 0.5, 0.01, 10.0),
        ParamSpec::real(
            "min_conflicts",
            "probability that the first cell is drawn among conflicting cells",
            0.8,
            0.0,
            1.0,
        ),
        ParamSpec::int(
            "propagate",
            "before moving, lock the cells the givens determine and swap only within \
             candidates: 0 = off, 1 = by singles, 2 = also by subsets and locked candidates",
            2.0,
            0.0,
            2.0,
        ),
        ParamSpec::real(
            "escape",
            "with propagation, probability that a swap's partner may be any free cell of the \
             box, not only one keeping both values within candidates",
            0.1,
            0.0,
            1.0,
        ),
    ]
}

/// The tuned preset of annealing.
pub fn tuned_settings(params: &Params) -> PermSettings {
    PermSettings {
        unit: PermUnit::Box,
        t0: params.get("t0"),
        alpha: params.get("cooling"),
        chain_factor: params.get("chain"),
        reheat_after: params.get("reheat_after") as u64,
        reheat: params.get("reheat"),
        freeze: 0.0,
        min_conflicts: params.get("min_conflicts"),
        tabu: 0,
        propagate: Propagation::from_level(params.get("propagate")),
        escape: params.get("escape"),
    }
}

/// The parameters of annealing with a tabu list, per preset.
pub fn tabu_params(preset: Preset) -> Vec<ParamSpec> {
    let tabu = ParamSpec::int(
        "tabu",
        "length of the tabu list (recent states forbidden)",
        200.0,
        0.0,
        100_000.0,
    );
    match preset {
        Preset::Classic => vec![
            ParamSpec::real("t0", "initial temperature", 1e9, 1e-9, 1e15),
            ParamSpec::real(
                "cooling",
                "T is multiplied by this after every proposal",
                0.99996,
                0.5,
                1.0,
            ),
            ParamSpec::real("freeze", "stop when T falls below this", 1e-9, 0.0, 1e6),
            tabu,
        ],
        Preset::Tuned => {
            let mut p = tuned_params();
            p.push(ParamSpec::int(
                "tabu",
                "length of the tabu list (recent states forbidden)",
                50.0,
                0.0,
                100_000.0,
            ));
            p
        }
    }
}

/// The engine's settings for annealing with a tabu list.
pub fn tabu_settings(preset: Preset, params: &Params) -> PermSettings {
    match preset {
        Preset::Classic => PermSettings {
            unit: PermUnit::Row,
            t0: params.get("t0"),
            alpha: params.get("cooling"),
            chain_factor: 0.0,
            reheat_after: 0,
            reheat: 1.0,
            freeze: params.get("freeze"),
            min_conflicts: 0.0,
            tabu: params.usize("tabu"),
            propagate: Propagation::None,
            escape: 0.0,
        },
        Preset::Tuned => PermSettings {
            tabu: params.usize("tabu"),
            ..tuned_settings(params)
        },
    }
}
