//! Running searches: many independent runs on rayon (experiments), and the runner that drives one
//! search on a worker for the visualiser.

pub mod experiment;
pub mod plot;
pub mod runner;

pub mod stats;
pub mod words;
