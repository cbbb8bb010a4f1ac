//! Running searches: the runner that drives one search on its own thread for the visualiser
//! ([`runner`], with its downsampled [`history`] and the [`step_log`] in words), and many
//! independent runs on rayon for experiments ([`experiment`], written as [`run_record`]s,
//! summarised by [`stats`] and drawn by [`plot`]). Nothing here draws on a terminal.

pub mod experiment;
pub mod gate;
pub mod history;
pub mod plot;
pub mod resident;
pub mod run_record;
pub mod runner;
pub mod sheet;
pub mod stats;
pub mod step_log;
pub mod trace;
