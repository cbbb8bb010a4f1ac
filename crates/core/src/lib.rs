//! The core of sudoscope: boards, searches, new puzzles, puzzle references, the run
//! description, runners, experiments and traces. Data in, events and figures out: nothing here
//! draws on a terminal, serves a connection or speaks a language; the visualiser, serving and
//! the command line above it put what it returns into words.
//!
//! The modules in layers, lowest first; a module uses only its own layer and those below it
//! (`tests/architecture.rs` reads this list and checks every import against it):
//!
//! 1. [`cpu`], [`rng`], [`signals`], [`suggest`], [`board`]: the processor's instruction set,
//!    the seeded generator, the signals that end the program, "did you mean", and the puzzle
//!    domain
//! 2. [`search`]: every algorithm
//! 3. [`generate`]: new puzzles with one solution
//! 4. [`catalog`]: built-in puzzle sets and puzzle references
//! 5. [`run`]: a run described once, and checked once
//! 6. [`engine`]: runners, experiments, records, statistics, traces
//!
//! Nothing in `board` or `search` prints, sleeps, spawns threads or knows about terminals.

pub mod board;
pub mod catalog;
pub mod cpu;
pub mod engine;
pub mod generate;
pub mod rng;
pub mod run;
pub mod search;
pub mod signals;
pub mod suggest;
