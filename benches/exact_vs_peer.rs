//! The exact solver beside the `sudoku` crate (a port of jczsolve) on the same puzzles in the
//! same run: find a solution and prove it unique, one core, mean microseconds per puzzle.
//!
//! Run: `cargo bench --bench exact_vs_peer` (the sets are the repository's own: `assets/puzzles/`
//! and `tests/data/`).

use std::time::Instant;

use sudoscope_core::catalog::read_file;
use sudoscope_core::search::exact::{Solutions, solve_fastest};

/// (name, file of this repository).
const SETS: &[(&str, &str)] = &[
    ("top95", "assets/puzzles/top95.txt"),
    (
        "17-clue (first 10,000)",
        "tests/data/tdoku17_first10000.txt.gz",
    ),
    ("magictour top1465", "assets/puzzles/top1465.txt"),
    ("forum hardest 1106", "assets/puzzles/forum1106.txt"),
    ("serg (first 10,000)", "tests/data/serg_first10000.txt.gz"),
    (
        "forum hardest 1905 11+ (first 10,000)",
        "tests/data/forum1905_first10000.txt.gz",
    ),
];

/// Passes over each set per solver; the fastest counts.
const ROUNDS: usize = 15;

/// Time two passes over the same puzzles, interleaved round by round so that drift in the
/// machine's speed hits both alike; each side keeps its fastest round. Returns (seconds, what
/// the pass counted) for each.
fn time_pair(
    rounds: usize,
    mut ours: impl FnMut() -> usize,
    mut peer: impl FnMut() -> usize,
) -> ((f64, usize), (f64, usize)) {
    let mut best = [(f64::INFINITY, 0); 2];
    for _ in 0..rounds {
        for (side, pass) in [&mut ours as &mut dyn FnMut() -> usize, &mut peer]
            .into_iter()
            .enumerate()
        {
            let t = Instant::now();
            let count = pass();
            best[side] = (best[side].0.min(t.elapsed().as_secs_f64()), count);
        }
    }
    (best[0], best[1])
}

fn main() {
    println!(
        "{:<40} {:>8} {:>14} {:>14} {:>8}",
        "set", "puzzles", "sudoscope µs", "sudoku µs", "ratio"
    );
    for (name, file) in SETS {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let ours = read_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let lines: Vec<String> = ours.iter().map(|p| p.givens.to_line()).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("a 9x9 line"))
            .collect();
        let n = ours.len();
        let ((t_ours, u_ours), (t_peer, u_peer)) = time_pair(
            ROUNDS,
            || {
                ours.iter()
                    .filter(|p| matches!(solve_fastest(p, 2).0, Solutions::Unique(_)))
                    .count()
            },
            || theirs.iter().filter(|s| s.solution().is_some()).count(),
        );
        assert_eq!(
            u_ours, u_peer,
            "{name}: the solvers disagree on how many puzzles are unique"
        );
        let (a, b) = (t_ours / n as f64 * 1e6, t_peer / n as f64 * 1e6);
        println!("{name:<40} {n:>8} {a:>14.1} {b:>14.1} {:>7.2}x", a / b);
    }
}
