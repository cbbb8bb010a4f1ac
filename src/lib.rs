//! sudoscope: watch Sudoku search algorithms work, live.
//!
//! Data flows one way: [`board`] ← [`search`] ← [`generate`] ← [`catalog`] ← [`engine`] ←
//! [`tui`] ← [`cli`].
//! Nothing in `board` or `search` prints, sleeps, spawns threads or knows about terminals.

pub mod board;
pub mod catalog;
pub mod cli;
pub mod cpu;
pub mod engine;
pub mod generate;
pub mod rng;
pub mod search;
pub mod suggest;
pub mod tui;
