//! The core's integration tests, in one binary: every search's contract, the cost's incremental
//! changes, the parsers against hostile input, and the statistical claims. `golden` and
//! `no_alloc` stay binaries of their own: one is rebuilt for this processor in CI, the other
//! counts a whole process's allocations.

// The independent checker of a solution, shared with the program's tests.
#[path = "../../../../tests/common/check.rs"]
mod check;

mod cost_delta;
mod parse_fuzz;
mod search_contract;
mod statistics;
