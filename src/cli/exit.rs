//! Exit codes, documented in docs/commands.md: 0 success; 1 the command ran but a puzzle was left
//! unsolved (no solution exists, several exist where one was required, or a local search did
//! not reach cost 0); 2 bad input or usage (unknown puzzle or algorithm, bad parameter,
//! unreadable or malformed file, no terminal for the visualiser); 3 `experiment --command`: a
//! run of the command failed; 101 a panic; 128 + N a signal N ended it (130 Ctrl-C, 143
//! SIGTERM, 129 SIGHUP).

/// Success.
pub const OK: i32 = 0;
/// The command ran, but a puzzle was left unsolved.
pub const UNSOLVED: i32 = 1;
/// Bad input or usage.
pub const BAD_INPUT: i32 = 2;
/// `experiment --command`: a run of the command failed (crashed, was killed, ran past its time
/// limit or wrote no trace header); the table counts it.
pub const RUNS_FAILED: i32 = 3;
/// Interrupted by Ctrl-C.
pub const INTERRUPTED: i32 = 130;

/// The exit status after signal `signal` ended the program: 128 + its number (143 after
/// SIGTERM), as shells and scripts expect.
pub fn by_signal(signal: i32) -> i32 {
    128 + signal
}
