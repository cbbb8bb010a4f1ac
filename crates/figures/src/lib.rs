//! sudoscope's figures and handouts: an experiment's records drawn as SVG or PNG figures
//! ([`plot`]) and puzzles laid out as PDF handouts ([`sheet`]). Above the core and the words,
//! beside the visualiser: the command line's `experiment --plot` and `puzzles --sheet` call it.

#[macro_use]
extern crate sudoscope_i18n as i18n;

pub use sudoscope_core::{board, catalog, engine, search};

pub mod plot;
pub mod sheet;
