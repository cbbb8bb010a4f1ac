//! Searches: every local search of the course, the exact solver, and the contract they share.
//!
//! A reader looks for one of four things, and each has its folder: [`local`] holds the searches
//! that move on full grids (the neighbourhoods and starting fills they share, the descents,
//! local beam search, the genetic algorithm and conflict-guided sampling); [`anneal`] holds
//! simulated annealing, the course's and the permutation engine behind the tuned preset and
//! annealing with a tabu list; [`ants`] is the ant colony, which builds grids cell by cell with
//! propagation instead of moving on full ones; [`exact`] holds the exact solvers. [`contract`] is
//! what every search promises its drivers, [`registry`] names them all with their parameters.
//! Nothing here prints, sleeps, spawns threads or knows about terminals.
#![warn(missing_docs)]

pub mod acceptance;
pub mod anneal;
pub mod ants;
pub mod contract;
pub mod exact;
pub mod local;
pub mod moves;
pub mod params;
pub mod registry;

pub use contract::{
    Best, Build, Change, Decision, Event, Landscape, Metric, Note, Outcome, Progress, Search,
    Secondary, Snapshot, Step, StepSaid, metric, run_to_end,
};
pub use moves::Moves;
pub use params::{ParamSpec, Params, Preset};
pub use registry::{ALGORITHMS, AlgoInfo, BuildError, Family, build, find};
