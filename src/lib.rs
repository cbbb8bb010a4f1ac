//! sudoscope: watch Sudoku search algorithms work, live.
//!
//! This package is the command line ([`cli`]), on top of the workspace's floors, each named by
//! its own crate wherever it is used:
//!
//! - `sudoscope_core`: data in, events and figures out; no terminal, SSH, HTTP or words for
//!   people;
//! - `sudoscope_i18n`: the words in the class's language;
//! - `sudoscope_tui`: the visualiser;
//! - `sudoscope_serve` (the `serve` feature): the visualiser served to a class;
//! - `sudoscope_figures`: figures and handouts.
//!
//! Cargo keeps the floors apart: a lower crate cannot name a higher one.

#[macro_use]
extern crate sudoscope_i18n;

pub mod cli;
