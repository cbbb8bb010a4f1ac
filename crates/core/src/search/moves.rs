//! Which moves a search makes: the kinds of neighbour a state has, as a trace's header names
//! them (`"neighbourhood": "swap_box"`), so that a viewer can list the neighbours of a state.
//! Each family says which it makes in each preset ([`super::Family::moves`]).

use serde::{Deserialize, Serialize};

/// Which moves a search makes, so that a viewer can list the neighbours of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Moves {
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

impl Moves {
    /// The name the header writes.
    pub fn name(self) -> &'static str {
        match self {
            Moves::Course => "course",
            Moves::Set => "set",
            Moves::SwapRow => "swap_row",
            Moves::SwapBox => "swap_box",
            Moves::None => "none",
        }
    }
}
