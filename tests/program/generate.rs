//! `sudoscope generate`: every puzzle has exactly one solution (counted here by an independent
//! solver at 9x9, and at 16x16 by the restarted matching search, which the generator does not
//! use), the same seed gives the same puzzles on any number of threads, `--minimal` puzzles
//! lose uniqueness without any one given, `--clues` is exact, and the difficulty matches what
//! the exact solver needs: no guess for easy, guesses for medium and hard.

use crate::common;

use common::{stderr, stdout, sudoscope};
use sudoscope_core::board::parse_puzzles;
use sudoscope_core::search::exact::{Solutions, Strategy, solve, solve_fastest};

/// Solutions of a puzzle line, counted up to `limit` by plain backtracking on the cell with the
/// fewest candidates: written here without the library's solvers, to check them.
fn count(line: &str, limit: usize) -> usize {
    let cells: Vec<u8> = line
        .chars()
        .map(|c| match c {
            '.' | '0' => 0,
            c if c.is_ascii_digit() => c as u8 - b'0',
            c => c as u8 - b'A' + 10,
        })
        .collect();
    let n = (cells.len() as f64).sqrt() as usize;
    let b = (n as f64).sqrt() as usize;
    fn fits(g: &[u8], n: usize, b: usize, cell: usize, v: u8) -> bool {
        let (r, c) = (cell / n, cell % n);
        let (br, bc) = (r / b * b, c / b * b);
        (0..n).all(|k| {
            g[r * n + k] != v && g[k * n + c] != v && g[(br + k / b) * n + bc + k % b] != v
        })
    }
    fn go(g: &mut Vec<u8>, n: usize, b: usize, limit: usize) -> usize {
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in 0..g.len() {
            if g[cell] != 0 {
                continue;
            }
            let opts: Vec<u8> = (1..=n as u8).filter(|&v| fits(g, n, b, cell, v)).collect();
            if best.as_ref().is_none_or(|(_, o)| opts.len() < o.len()) {
                let empty = opts.is_empty();
                best = Some((cell, opts));
                if empty {
                    return 0;
                }
            }
        }
        let Some((cell, opts)) = best else {
            return 1;
        };
        let mut found = 0;
        for v in opts {
            g[cell] = v;
            found += go(g, n, b, limit - found);
            g[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
    // a given that clashes with another leaves no solution
    for (cell, &v) in cells.iter().enumerate() {
        if v != 0 {
            let mut g = cells.clone();
            g[cell] = 0;
            if !fits(&g, n, b, cell, v) {
                return 0;
            }
        }
    }
    go(&mut cells.clone(), n, b, limit)
}

fn generate(args: &[&str]) -> Vec<String> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let out = sudoscope(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out).lines().map(String::from).collect()
}

#[test]
fn every_puzzle_has_one_solution_and_minimal_means_minimal() {
    for size in ["4", "9"] {
        let lines = generate(&["--count", "20", "--seed", "5", "--size", size]);
        assert_eq!(lines.len(), 20);
        for line in &lines {
            // the restarted matching search, which the generator does not use (it asks the stepping
            // solver): the independent counter above takes minutes at this size
            let p = &parse_puzzles(line.as_bytes(), "g").unwrap()[0];
            assert!(
                matches!(solve_fastest(p, 2).0, Solutions::Unique(_)),
                "{line}"
            );
            // without `--clues` or `--difficulty` every puzzle is minimal
            for (i, c) in line.char_indices().filter(|(_, c)| *c != '.') {
                let fewer = format!("{}.{}", &line[..i], &line[i + c.len_utf8()..]);
                assert!(
                    count(&fewer, 2) >= 2,
                    "{line}: the given at {i} is not needed"
                );
            }
        }
    }
    let big = generate(&["--count", "2", "--size", "16"]);
    for line in &big {
        assert_eq!(line.len(), 256);
        // the restarted matching search, which the generator does not use (it asks the stepping
        // solver): the independent counter above takes minutes at this size
        let p = &parse_puzzles(line.as_bytes(), "g").unwrap()[0];
        assert!(
            matches!(solve_fastest(p, 2).0, Solutions::Unique(_)),
            "{line}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_on_any_number_of_threads() {
    let one = |threads: &str, seed: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["generate", "--count", "12", "--seed", seed])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        stdout(&out)
    };
    let a = one("1", "9");
    assert_eq!(a, one("2", "9"));
    assert_eq!(a.lines().count(), 12);
    assert_ne!(a, one("2", "10"), "another seed, other puzzles");
    // puzzle i does not depend on how many were asked for
    assert_eq!(
        a.lines().next(),
        generate(&["--seed", "9"]).first().map(String::as_str)
    );
}

#[test]
fn clues_are_exact_and_minimal_holds_with_them() {
    for line in generate(&["--count", "5", "--clues", "30"]) {
        assert_eq!(line.chars().filter(|&c| c != '.').count(), 30, "{line}");
        assert_eq!(count(&line, 2), 1, "{line}");
    }
    for line in generate(&["--count", "3", "--clues", "23", "--minimal"]) {
        assert_eq!(line.chars().filter(|&c| c != '.').count(), 23, "{line}");
        assert_eq!(count(&line, 2), 1, "{line}");
        for (i, c) in line.char_indices().filter(|(_, c)| *c != '.') {
            let fewer = format!("{}.{}", &line[..i], &line[i + c.len_utf8()..]);
            assert!(
                count(&fewer, 2) >= 2,
                "{line}: the given at {i} is not needed"
            );
        }
    }
    let out = sudoscope(&["generate", "--clues", "90"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--clues 90: a 9x9 puzzle has 1 to 81 givens"));
}

/// Easy puzzles need no guess from the exact solver's propagation (naked and hidden singles);
/// medium and hard ones do. `--grade` prints the same grade.
#[test]
fn difficulty_matches_the_exact_solvers_guesses() {
    for (difficulty, guesses) in [("easy", false), ("medium", true), ("hard", true)] {
        let lines = generate(&["--count", "10", "--difficulty", difficulty, "--grade"]);
        for line in lines {
            let (puzzle, grade) = line.split_once("  ").unwrap();
            assert!(grade.ends_with(difficulty), "{line}");
            assert_eq!(count(puzzle, 2), 1, "{puzzle}");
            let p = &parse_puzzles(puzzle.as_bytes(), "g").unwrap()[0];
            let (_, stats) = solve(p, Strategy::FULL, 2);
            assert_eq!(
                stats.guesses > 0,
                guesses,
                "{difficulty}: {puzzle} {stats:?}"
            );
        }
    }
}

/// `generate:hard` is a puzzle reference like any other: the visualiser's `o` takes it too.
#[test]
fn generated_puzzles_are_references() {
    let out = sudoscope(&["puzzles", "--lines", "generate:hard:3"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let line = stdout(&out).trim().to_string();
    assert_eq!(count(&line, 2), 1);
    let again = stdout(&sudoscope(&["puzzles", "--lines", "generate:hard:3"]));
    assert_eq!(line, again.trim());
    let small = stdout(&sudoscope(&["puzzles", "--lines", "generate:4x4"]));
    assert_eq!(small.trim().len(), 16);
    let out = sudoscope(&["puzzles", "generate:tricky"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("\"tricky\" is neither a difficulty"),
        "{}",
        stderr(&out)
    );
}

/// A request that cannot be met is refused before any work: no 9x9 puzzle with one solution has
/// fewer than 17 givens, no 4x4 one fewer than 4. A rare one ends at its stated bound, saying so.
#[test]
fn impossible_requests_are_refused_and_rare_ones_end_at_their_bound() {
    for (size, clues, least) in [("9", "16", 17), ("9", "5", 17), ("4", "3", 4)] {
        let out = sudoscope(&["generate", "--size", size, "--clues", clues]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!(
                "--clues {clues}: no {size}x{size} puzzle with one solution has fewer than {least} givens"
            )),
            "{}",
            stderr(&out)
        );
    }
    let out = sudoscope(&["generate", "--clues", "17", "--max-seconds", "1"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no puzzle with 17 givens found in 1 s (--max-seconds)"),
        "{}",
        stderr(&out)
    );
}
