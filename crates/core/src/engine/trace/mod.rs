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

use serde::{Deserialize, Serialize};

/// The format's version, `MAJOR.MINOR`. A reader takes any minor version of its major one
/// (fields it does not know are ignored) and refuses another major one.
pub const VERSION: &str = "1.2";
/// The major version this program reads.
pub const MAJOR: u32 = 1;
/// The header's key that holds the version; it marks the header line.
pub const HEADER_KEY: &str = "sudoscope_trace";

/// Which moves a search makes, so that a viewer can list the neighbours of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Neighbourhood {
    /// The course's: one free cell set to another value, or two free cells of a unit swapped.
    Course,
    /// One free cell set to another value.
    Set,
    /// Two free cells of one row swapped.
    SwapRow,
    /// Two free cells of one box swapped.
    SwapBox,
    /// No neighbourhood: populations, ants, exact search.
    None,
}

impl Neighbourhood {
    /// The name the header writes.
    pub fn name(self) -> &'static str {
        match self {
            Neighbourhood::Course => "course",
            Neighbourhood::Set => "set",
            Neighbourhood::SwapRow => "swap_row",
            Neighbourhood::SwapBox => "swap_box",
            Neighbourhood::None => "none",
        }
    }
}
