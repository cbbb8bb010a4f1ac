//! Simulated annealing, in its two shapes.
//!
//! [`course`] is the course's annealing on the classic neighbourhood, a faithful copy of its loop.
//! The permutation engine ([`perm_annealing`]) runs the tuned preset and both presets of annealing with a
//! tabu list: each box (or row) stays a permutation, its state is laid out for the inner loop in
//! [`permutation`], and recent states are refused through a [`tabu_list`]. [`presets`] turns each
//! preset's parameters into the engine's settings.

pub mod course;
pub mod perm_annealing;
pub mod permutation;
pub mod presets;
pub mod tabu_list;
