//! The exact solver against whole public puzzle sets, checked by an independent checker.

use crate::common;

use common::{check_solution, lines_of, repo};
use sudoscope_core::board::{Puzzle, parse_puzzles};
use sudoscope_core::search::exact::{
    Solutions, Strategy, band_solver, nine_by_nine_solver, solve, solve_fastest,
    solve_fastest_within,
};

const ROYLE_17: &str = "tests/data/royle17_first2000.txt.gz";
const TDOKU_17: &str = "tests/data/tdoku17_first10000.txt.gz";

/// One way of counting solutions up to two.
type Solver = fn(&Puzzle) -> Solutions;

const FULL: Solver = |p| solve(p, Strategy::FULL, 2).0;
const NAIVE: Solver = |p| solve(p, Strategy::NAIVE, 2).0;
/// What `solve` uses: the triad solver at 9x9 (the band solver without AVX2).
const FASTEST: Solver = |p| solve_fastest(p, 2).0;
/// The band solver, which answers at 9x9 where the triad solver cannot run.
const BANDS: Solver = |p| band_solver::solve(p, 2).expect("9x9").0;

/// Solve the first `take` puzzles of a file; each must have a unique solution that passes the
/// independent checker. Returns how many were solved.
fn solve_all(file: &str, take: usize, solver: Solver) -> usize {
    let puzzles = sudoscope_core::catalog::read_file(repo(file).to_str().unwrap()).unwrap();
    let mut solved = 0;
    for p in puzzles.iter().take(take) {
        match solver(p) {
            Solutions::Unique(g) => {
                check_solution(&p.givens.to_line(), &g.to_line())
                    .unwrap_or_else(|e| panic!("{}: {e}", p.name));
                solved += 1;
            }
            other => panic!("{}: expected a unique solution, got {other:?}", p.name),
        }
    }
    solved
}

#[test]
fn top95_easy50_hardest_with_every_solver() {
    for s in [FULL, NAIVE, FASTEST, BANDS] {
        assert_eq!(solve_all("assets/puzzles/top95.txt", usize::MAX, s), 95);
        assert_eq!(solve_all("assets/puzzles/easy50.txt", usize::MAX, s), 50);
        assert_eq!(solve_all("assets/puzzles/hardest.txt", usize::MAX, s), 11);
    }
}

#[test]
fn project_euler_96() {
    for s in [FULL, FASTEST, BANDS] {
        assert_eq!(solve_all("assets/puzzles/euler96.txt", usize::MAX, s), 50);
    }
}

#[test]
fn seventeen_clue_puzzles() {
    for s in [FULL, FASTEST, BANDS] {
        assert_eq!(solve_all(ROYLE_17, 2000, s), 2000);
        assert_eq!(solve_all(TDOKU_17, 2000, s), 2000);
    }
    // the fast solvers are fast enough for the whole benchmark slice
    assert_eq!(solve_all(TDOKU_17, 10_000, FASTEST), 10_000);
    assert_eq!(solve_all(TDOKU_17, 10_000, BANDS), 10_000);
}

/// The benchmark's two hard sets, whole (forum hardest 1106 is named for its date, June 2011,
/// and holds 375 puzzles), with the fast solvers (the generic one is covered on the sets above;
/// this is where the guessing goes deep).
#[test]
fn magictour_and_forum_hardest_with_the_fast_solvers() {
    for s in [FASTEST, BANDS] {
        assert_eq!(solve_all("assets/puzzles/top1465.txt", usize::MAX, s), 1465);
        assert_eq!(
            solve_all("assets/puzzles/forum1106.txt", usize::MAX, s),
            375
        );
    }
}

/// The triad solver's two compiled copies (x86-64-v3 and AVX-512) take the same steps: the same
/// answer, the same first solution and the same counters on every puzzle of a hard set. Where
/// the processor lacks AVX-512 there is nothing to compare, and the test says it skipped (CI
/// fails it instead when the processor has AVX-512: `cpu::runs_or_skip`).
#[cfg(target_arch = "x86_64")]
#[test]
fn the_triad_solver_copies_take_the_same_steps() {
    use sudoscope_core::cpu::{Level, runs_or_skip};
    use sudoscope_core::search::exact::triads;
    if !runs_or_skip(
        Level::V4,
        "the triad solver's AVX-512 copy against its x86-64-v3 copy",
    ) {
        return;
    }
    for set in ["top1465", "forum1106"] {
        for p in sudoscope_core::catalog::resolve(set).unwrap() {
            let v3 = triads::solve_as(&p, 2, Level::V3);
            let v4 = triads::solve_as(&p, 2, Level::V4).expect("the AVX-512 copy runs");
            assert_eq!(v3.as_ref(), Some(&v4), "{}", p.name);
        }
    }
}

/// tdoku's test file: `puzzle:solution count:one solution`; we must classify 0 / 1 / several.
#[test]
fn tdoku_test_puzzles_are_classified() {
    let mut seen = [0usize; 3];
    for line in lines_of("tests/data/tdoku_test_puzzles.txt") {
        let mut parts = line.split(':');
        let (puzzle, count) = (parts.next().unwrap(), parts.next().unwrap());
        let count: u64 = count.parse().unwrap();
        let p = parse_puzzles(puzzle.as_bytes(), "tdoku").unwrap().remove(0);
        for solver in [FULL, NAIVE, FASTEST, BANDS] {
            match (count, solver(&p)) {
                (0, Solutions::None) => {}
                (1, Solutions::Unique(g)) => check_solution(puzzle, &g.to_line()).unwrap(),
                (c, Solutions::Several(g)) if c >= 2 => {
                    check_solution(puzzle, &g.to_line()).unwrap()
                }
                (c, v) => panic!("{puzzle}: {c} solutions, solver said {v:?}"),
            }
        }
        seen[count.min(2) as usize] += 1;
    }
    assert_eq!(seen, [10, 18, 15], "the file's documented mix");
}

/// The larger orders: every built-in 16x16 instance, and the 25x25 ones with 50% given, have a
/// solution the checker accepts. (25x25 at 40-45% given sits at the hard phase transition, where
/// plain backtracking can take seconds per instance; the local searches cover those.)
#[test]
fn lloyd_amos_instances_at_16_and_25() {
    for set in ["la16", "la25:21", "la25:25", "la25:30"] {
        for p in sudoscope_core::catalog::resolve(set).unwrap() {
            match solve(&p, Strategy::FULL, 1).0 {
                Solutions::Unique(g) | Solutions::Several(g) => {
                    check_solution(&p.givens.to_line(), &g.to_line()).unwrap()
                }
                Solutions::None => panic!("{}: no solution", p.name),
            }
        }
    }
}

/// Every la25 instance settled, 25x25 at the hard phase transition included: `solve_fastest` at
/// sizes other than 9x9 (a short plain search, then restarted matching searches) within a million
/// steps (a matching guess counted as 5; the slowest measured, la25:14, used about 32,000), each
/// grid returned a solution the checker accepts. At 16x16 it tells none / one / several as the
/// plain search does.
#[test]
fn every_la25_instance_is_settled_and_la16_agrees_with_the_plain_search() {
    for p in sudoscope_core::catalog::resolve("la25").unwrap() {
        let (verdict, _) = solve_fastest_within(&p, 2, 1_000_000)
            .unwrap_or_else(|| panic!("{} not settled within the budget", p.name));
        match verdict {
            Solutions::Unique(g) | Solutions::Several(g) => {
                check_solution(&p.givens.to_line(), &g.to_line())
                    .unwrap_or_else(|e| panic!("{}: {e}", p.name))
            }
            Solutions::None => panic!("{}: no solution", p.name),
        }
    }
    let kind = |v: &Solutions| match v {
        Solutions::None => 0,
        Solutions::Unique(_) => 1,
        Solutions::Several(_) => 2,
    };
    for p in sudoscope_core::catalog::resolve("la16").unwrap() {
        assert_eq!(
            kind(&solve_fastest(&p, 2).0),
            kind(&solve(&p, Strategy::FULL, 2).0),
            "{}",
            p.name
        );
    }
}

mod agreement {
    use super::*;
    use proptest::prelude::{Just, ProptestConfig, prop_assert_eq, proptest};
    use proptest::strategy::Strategy as _;
    use sudoscope_core::board::{Geometry, Grid};
    use sudoscope_core::search::exact::{matching, restarts};

    /// The copies the comparisons below make: each that does not run here is a visible skip,
    /// and a failure where `SUDOSCOPE_EXPECT_ISA` says the processor has it.
    #[test]
    fn the_triad_copies_run_where_expected() {
        use sudoscope_core::cpu::{Level, runs_or_skip};
        let v3 = runs_or_skip(
            Level::V3,
            "the triad solver's x86-64-v3 copy in the comparisons",
        );
        let v4 = runs_or_skip(
            Level::V4,
            "the triad solver's AVX-512 copy in the comparisons",
        );
        let p = sudoscope_core::catalog::resolve_one("top95:1").unwrap();
        assert_eq!(triad_copies(&p).len(), v3 as usize + v4 as usize);
    }

    /// A solved grid to carve puzzles from (sudoku_7's solution).
    const SOLVED: &str =
        "374561928185429763962378415827613549649257831531984672496832157218745396753196284";

    /// The triad solver's answer from each of its compiled copies this processor can run
    /// (`the_triad_copies_run_where_expected` says which those are, and fails in CI when one
    /// the processor has is missing).
    fn triad_copies(p: &Puzzle) -> Vec<(Solutions, sudoscope_core::search::exact::ExactStats)> {
        #[cfg(target_arch = "x86_64")]
        {
            use sudoscope_core::cpu::Level;
            use sudoscope_core::search::exact::triads;
            [Level::V3, Level::V4]
                .into_iter()
                .filter(|&level| sudoscope_core::cpu::level() >= level)
                .map(|level| triads::solve_as(p, 2, level).expect("a level in use runs"))
                .collect()
        }
        #[cfg(not(target_arch = "x86_64"))]
        Vec::new()
    }

    /// Solutions kind and the grid it carries, checked against the givens.
    fn kind(givens: &Grid, v: &Solutions) -> u8 {
        match v {
            Solutions::None => 0,
            Solutions::Unique(g) | Solutions::Several(g) => {
                assert!(g.is_valid_solution() && g.keeps_givens(givens), "{g}");
                if matches!(v, Solutions::Unique(_)) {
                    1
                } else {
                    2
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        /// Random carvings of a solved grid, some with a few givens changed (which may clash or
        /// leave no solution): the triad solver (both compiled copies, which must also agree
        /// on the solution and the counters), the band solver, the generic solver, the matching
        /// search (in order and shuffled) and its restarts tell none / one / several alike, and
        /// every grid they return is a solution that keeps the givens.
        #[test]
        fn every_exact_solver_agrees(
            keep in proptest::collection::vec(0u8..100, 81),
            density in 15u8..60,
            edits in proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
            relabel in Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let geo = Geometry::for_box(3).unwrap();
            let mut cells: Vec<u8> = SOLVED
                .bytes()
                .zip(&keep)
                .map(|(b, &k)| if k < density { relabel[(b - b'1') as usize] } else { 0 })
                .collect();
            for (cell, v) in edits {
                cells[cell] = v;
            }
            let givens = Grid::from_cells(geo, cells).unwrap();
            let p = Puzzle::new("carved", givens.clone());
            let generic = kind(&givens, &solve(&p, Strategy::FULL, 2).0);
            let fastest = kind(&givens, &solve_fastest(&p, 2).0);
            prop_assert_eq!(generic, fastest, "{}", givens.to_line());
            let bands = kind(&givens, &band_solver::solve(&p, 2).expect("9x9").0);
            prop_assert_eq!(generic, bands, "{}", givens.to_line());
            let copies = triad_copies(&p);
            for answer in &copies {
                prop_assert_eq!(generic, kind(&givens, &answer.0), "{}", givens.to_line());
            }
            if let [v3, v4] = &copies[..] {
                prop_assert_eq!(v3, v4, "{}", givens.to_line());
            }
            for seed in [None, Some(seed)] {
                let options = matching::Options { seed, weight: None };
                let count = matching::count(&p, 2, u64::MAX, options);
                let settled = count.settled.expect("no budget");
                prop_assert_eq!(generic, kind(&givens, &settled), "{} {:?}", givens.to_line(), seed);
            }
            let (restarted, _) = restarts::count_within(&p, 2, u64::MAX).expect("no budget");
            prop_assert_eq!(generic, kind(&givens, &restarted), "{}", givens.to_line());
        }
    }
}

/// `solve` answers 9x9 puzzles with the triad solver (the band solver on a processor without
/// AVX2), `--generic` and `--naive` with the solver the TUI steps through; all three print the
/// same solution.
#[test]
fn solve_names_the_solver_it_used() {
    let mut solutions = Vec::new();
    for (flag, name) in [
        (None, nine_by_nine_solver()),
        (Some("--generic"), "generic"),
        (Some("--naive"), "naive"),
    ] {
        let mut args = vec!["solve", "-p", "top95:2", "-f", "json"];
        args.extend(flag);
        let out = common::sudoscope(&args);
        assert!(out.status.success(), "{}", common::stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&common::stdout(&out)).unwrap();
        assert_eq!(v["solver"], name);
        assert_eq!(v["outcome"], "solved");
        solutions.push(v["solution"].as_str().unwrap().to_string());
    }
    assert!(solutions.windows(2).all(|w| w[0] == w[1]), "{solutions:?}");
    // other sizes use restarted matching searches when a short plain search does not settle the
    // puzzle; `--generic` asks for the plain search alone
    let tiny = sudoscope_core::catalog::resolve_one("tiny4")
        .unwrap()
        .givens
        .to_line();
    let mut small = Vec::new();
    for (flag, name) in [(None, "matching"), (Some("--generic"), "generic")] {
        let mut args = vec!["solve", "-p", "tiny4", "-f", "json"];
        args.extend(flag);
        let out = common::sudoscope(&args);
        assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&common::stdout(&out)).unwrap();
        assert_eq!(v["solver"], name);
        assert_eq!(
            (v["outcome"].as_str(), v["solved"].as_bool()),
            (Some("solved"), Some(true))
        );
        let solution = v["solution"].as_str().unwrap().to_string();
        common::check_solution(&tiny, &solution).unwrap();
        small.push(solution);
    }
    assert_eq!(small[0], small[1], "one solution, whichever solver");
}

/// The visualiser asks for the solution with a budget, so that a 25x25 puzzle at the phase
/// transition cannot hold the screen: a budget that runs out says so, one that does not gives
/// the unbudgeted answer.
#[test]
fn a_budgeted_count_says_when_it_ran_out() {
    let hard = sudoscope_core::catalog::resolve_one("la25:12").unwrap();
    assert!(solve_fastest_within(&hard, 2, 1_000).is_none());
    for name in ["la16:1", "top95:3"] {
        let p = sudoscope_core::catalog::resolve_one(name).unwrap();
        let (within, _) = solve_fastest_within(&p, 2, u64::MAX).unwrap();
        assert_eq!(
            format!("{within:?}"),
            format!("{:?}", solve_fastest(&p, 2).0),
            "{name}"
        );
    }
}
