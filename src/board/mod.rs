//! The puzzle domain: geometry, grids, text formats and cost. No terminal, no threads.

pub mod cost;
pub mod geometry;
pub mod grid;
pub mod parse;

pub use cost::{CostTracker, Counted};
pub use geometry::Geometry;
pub use grid::{EMPTY, Grid, Puzzle};
pub use parse::{ParseError, parse_puzzles};
