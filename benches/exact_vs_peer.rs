//! The exact solver beside the `sudoku` crate (a port of jczsolve) on the same puzzles in the
//! same run: find a solution and prove it unique, one core, mean microseconds per puzzle.
//!
//! Run: `cargo bench --bench exact_vs_peer` (reads ../shared/puzzles; set SUDOSCOPE_PUZZLES to
//! another folder holding the same files).

use std::path::PathBuf;
use std::time::Instant;

use sudoscope::board::parse_puzzles;
use sudoscope::search::exact::{Verdict, solve_fastest};

const SETS: &[(&str, &str, usize)] = &[
    ("top95", "top95.txt", 95),
    (
        "17-clue (first 10,000)",
        "tdoku_puzzles2_17_clue.txt",
        10_000,
    ),
    (
        "magictour top1465",
        "tdoku_puzzles3_magictour_top1465.txt",
        1465,
    ),
    (
        "forum hardest 1106",
        "tdoku_puzzles6_forum_hardest_1106.txt",
        1106,
    ),
];

/// Passes over each set per solver; the fastest counts.
const ROUNDS: usize = 15;

fn folder() -> PathBuf {
    std::env::var_os("SUDOSCOPE_PUZZLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"))
}

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
        "{:<24} {:>8} {:>14} {:>14} {:>8}",
        "set", "puzzles", "sudoscope µs", "sudoku µs", "ratio"
    );
    for (name, file, take) in SETS {
        let path = folder().join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ours: Vec<_> = parse_puzzles(&bytes, file)
            .unwrap()
            .into_iter()
            .take(*take)
            .collect();
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
                    .filter(|p| matches!(solve_fastest(p, 2).0, Verdict::Unique(_)))
                    .count()
            },
            || theirs.iter().filter(|s| s.solution().is_some()).count(),
        );
        assert_eq!(
            u_ours, u_peer,
            "{name}: the solvers disagree on how many puzzles are unique"
        );
        let (a, b) = (t_ours / n as f64 * 1e6, t_peer / n as f64 * 1e6);
        println!("{name:<24} {n:>8} {a:>14.1} {b:>14.1} {:>7.2}x", a / b);
    }
}
