//! The puzzle domain: the shape of a grid ([`geometry`]), grids and puzzles ([`grid`]), the text
//! formats puzzles come in ([`parse`]) and what the searches minimise ([`cost`]). Everything the
//! searches share about Sudoku itself, and nothing about searching: no terminal, no threads, no
//! randomness.
#![warn(missing_docs)]

pub mod cost;
pub mod geometry;
pub mod grid;
pub mod parse;
pub mod symmetry;

pub use cost::{CostTracker, Counted};
pub use geometry::Geometry;
pub use grid::{EMPTY, Grid, Puzzle};
pub use parse::{ParseError, parse_boards, parse_puzzles};
