//! What an exact solve reports: how many solutions (none, one, several) and the counters the C
//! article reports. Shared by both exact solvers, so either can answer for the other.

use crate::board::{Geometry, Grid};

/// How many solutions a puzzle has, up to the limit asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No solution: the givens contradict each other, at once or after search.
    None,
    /// Exactly one.
    Unique(Grid),
    /// At least two: the first one found is kept.
    Several(Grid),
}

impl Solutions {
    /// The solution found (the first, when there are several).
    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Solutions::None => None,
            Solutions::Unique(g) | Solutions::Several(g) => Some(g),
        }
    }
}

/// Counters the C article reports, and ours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ExactStats {
    /// Values tried in a cell that had several (every value after the first is also a backtrack).
    pub guesses: u64,
    /// Guesses undone.
    pub backtracks: u64,
    /// Propagation passes.
    pub propagations: u64,
    /// The most guesses open at once.
    pub max_depth: u32,
    /// Depth (number of open guesses) when the first solution was found.
    pub solution_depth: Option<u32>,
}

/// Where a 9x9 count stands, for the two 9x9 solvers (triads and bands): solutions found up to
/// the limit, the first one's cells, and the counters.
pub(super) struct NineTally {
    pub limit: u32,
    pub found: u32,
    pub first: [u8; 81],
    pub stats: ExactStats,
}

impl NineTally {
    /// Nothing found yet; `limit` is at least one.
    pub fn new(limit: u32) -> NineTally {
        NineTally {
            limit: limit.max(1),
            found: 0,
            first: [0; 81],
            stats: ExactStats::default(),
        }
    }

    /// Whether the count has reached the limit.
    pub fn full(&self) -> bool {
        self.found >= self.limit
    }

    /// The verdict and the counters, the first solution found as the grid (of `geo`, 9x9).
    pub fn answer(&self, geo: &'static Geometry) -> (Solutions, ExactStats) {
        let grid = || Grid::from_cells(geo, self.first.to_vec()).expect("81 cells");
        let verdict = match self.found {
            0 => Solutions::None,
            1 => Solutions::Unique(grid()),
            _ => Solutions::Several(grid()),
        };
        (verdict, self.stats)
    }
}
