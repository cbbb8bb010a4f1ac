//! The core of sudoscope: boards, searches, new puzzles, puzzle references, the run
//! description, runners, experiments and traces. Data in, events and figures out: nothing here
//! draws on a terminal, serves a connection or speaks a language; the visualiser, serving and
//! the command line above it put what it returns into words.
//!
//! The modules in layers, lowest first; a module uses only its own layer and those below it
//! (`tests/program/architecture.rs` reads this list and checks every import against it):
//!
//! 1. [`clock`], [`cpu`], [`rng`], [`signals`], [`suggest`], [`board`]: the time, the
//!    processor's instruction set, the seeded generator, the signals that end the program, "did
//!    you mean", and the puzzle domain
//! 2. [`search`]: every algorithm
//! 3. [`generate`]: new puzzles with one solution
//! 4. [`catalog`]: built-in puzzle sets and puzzle references
//! 5. [`run`]: a run described once, and checked once
//! 6. [`engine`]: runners, experiments, records, statistics, traces
//!
//! Nothing in `board` or `search` prints, sleeps, spawns threads or knows about terminals.
//!
//! Threads, processes, signals and rayon are behind the `native` feature (on by default); a web
//! page's build leaves it out, and its searches and experiments take turns on the page's one
//! thread ([`engine::local`]), timed by [`clock`]. Without the feature, clippy refuses any call
//! that needs an operating system (`clippy.toml`), so such a call breaks that build, not the
//! page.

// a web page's build: no call that needs an operating system (clippy.toml)
#![cfg_attr(not(feature = "native"), deny(clippy::disallowed_methods))]

pub mod board;
pub mod catalog;
pub mod clock;
pub mod cpu;
pub mod engine;
pub mod generate;
pub mod rng;
pub mod run;
pub mod search;
pub mod signals;
pub mod suggest;
