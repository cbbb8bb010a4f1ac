//! Searches: the exact solver and, behind one contract, every local search of the course.

pub mod exact;
