//! Traces: a run written down step by step, one JSON object a line, so that a search written in
//! any language can be shown and measured as a built-in one is, and a built-in run can be kept
//! and read back. `docs/trace-format.md` is the format's reference; [`write`] writes one from a
//! built-in search, [`read`] reads one line by line, with errors that name the line and column.
//!
//! A trace opens with a header (the run: puzzle, givens, algorithm, parameters, seed, and the
//! neighbourhood its moves come from), then one line per step (the cells that changed or the
//! whole board, the cost if known, accepted or not, the move in words, named metrics), and
//! closes with the outcome.

pub mod child;
pub mod feed;
pub mod lines;
pub mod read;
pub mod replay;
#[cfg(feature = "native")]
pub mod runs;
pub mod source;
pub mod tail;
pub mod write;

/// The format's version, `MAJOR.MINOR`. A reader takes any minor version of its major one
/// (fields it does not know are ignored) and refuses another major one.
pub const VERSION: &str = "1.2";
/// The major version this program reads.
pub const MAJOR: u32 = 1;
/// The header's key that holds the version; it marks the header line.
pub const HEADER_KEY: &str = "sudoscope_trace";
