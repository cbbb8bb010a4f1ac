//! Running searches: the runner that drives one search on its own thread for the visualiser
//! ([`runner`], with its downsampled [`history`] and its [`log`] of events, which the visualiser
//! puts into words), and many
//! independent runs on rayon for experiments ([`experiment`], written as [`result`]s and
//! summarised by [`stats`]; the command line draws them). Nothing here draws on a terminal.

pub mod experiment;
pub mod gate;
pub mod history;
pub mod local;
pub mod log;
pub mod resident;
pub mod result;
pub mod runner;
pub mod stats;
pub mod throughput;
pub mod trace;
