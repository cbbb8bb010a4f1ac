//! Searches that move on full grids: every free cell holds a value, and a move changes one or
//! two of them.
//!
//! [`neighbourhood`] defines the moves and the course's neighbourhood, [`start`] the starting
//! fills (random, or the board on screen repaired into a representation) and [`zobrist`] the
//! hashing that tells states apart. The searches built on them are the descents ([`descent`]),
//! local beam search ([`beam`], its successors in [`sample_order`]'s order), the genetic
//! algorithm ([`genetic`]) and conflict-guided sampling ([`sampling`]).

pub mod beam;
pub mod descent;
pub mod genetic;
pub mod neighbourhood;
pub mod sample_order;
pub mod sampling;
pub mod start;
pub mod zobrist;
