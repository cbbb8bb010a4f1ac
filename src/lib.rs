//! sudoscope: watch Sudoku search algorithms work, live.
//!
//! This package is the command line ([`cli`]), on top of the workspace's floors, which it
//! re-exports under their old names so that its tests and benches read as before:
//!
//! - `sudoscope-core` ([`board`], [`search`], [`generate`], [`catalog`], [`run`], [`engine`],
//!   and [`cpu`], [`rng`], [`signals`], [`suggest`]): data in, events and figures out; no
//!   terminal, SSH, HTTP or words for people;
//! - `sudoscope-i18n` ([`i18n`]): the words in the class's language;
//! - `sudoscope-tui` ([`tui`]): the visualiser;
//! - `sudoscope-serve` ([`serve`]): the visualiser served to a class.
//!
//! Cargo keeps the floors apart: a lower crate cannot name a higher one.

pub use sudoscope_core::{
    board, catalog, cpu, engine, generate, rng, run, search, signals, suggest,
};
#[cfg(feature = "serve")]
pub use sudoscope_serve as serve;
pub use sudoscope_tui as tui;

#[macro_use]
pub extern crate sudoscope_i18n as i18n;

pub mod cli;
