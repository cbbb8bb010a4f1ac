//! The reference for `solve --format lines`: the `sudoku` crate in the smallest harness that does
//! the same work — read 81-character lines from standard input, find each puzzle's solution and
//! prove it unique, print the solution (or `unsolved`) per line through a buffer.
//!
//! `cargo build --release --example peer_lines`, then time it against `sudoscope solve FILE
//! --format lines` (benches/whole_process.sh does both with hyperfine).

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match sudoku::Sudoku::from_str_line(line)
            .ok()
            .and_then(|s| s.solution())
        {
            Some(solution) => writeln!(out, "{}", solution.to_str_line())?,
            None => writeln!(out, "unsolved")?,
        }
    }
    out.flush()
}
