//! The Search contract, checked for every algorithm and preset at several orders: givens never
//! change, the reported cost equals a recount, a reported solution passes the independent
//! checker, and the same seed replays the same trajectory.

use crate::check;

use check::check_solution;
use sudoscope_core::board::cost::{Counted, cost};
use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::search::{ALGORITHMS, Event, Family, Outcome, Preset, Search, build};

/// sudoku_7 (9x9), tiny4 (4x4), and a 16x16 and a 25x25 instance with half their cells given.
fn puzzles() -> Vec<Puzzle> {
    ["sudoku_7", "tiny4", "la16:21", "la25:21"]
        .iter()
        .map(|r| resolve_one(r).unwrap())
        .collect()
}

fn grid_of(s: &dyn Search, p: &Puzzle) -> Grid {
    Grid::from_cells(p.geometry(), s.cells().to_vec()).unwrap()
}

/// Steps to take per algorithm: population methods do far more work per step.
fn steps_for(name: &str, p: &Puzzle) -> u64 {
    match (name, p.geometry().n) {
        ("genetic", 16 | 25) => 3,
        ("genetic" | "beam", _) => 8,
        (_, 16 | 25) => 300,
        _ => 2000,
    }
}

#[test]
fn givens_kept_costs_honest_solutions_valid() {
    for p in puzzles() {
        for algo in ALGORITHMS {
            for preset in [Preset::Classic, Preset::Tuned] {
                if algo.name == "genetic" && preset == Preset::Classic && p.geometry().n >= 16 {
                    continue; // all-pairs breeding of 200 16x16 individuals: 40k children a step
                }
                let mut s = build(algo.name, preset, &[], &p, 7, None).unwrap();
                let what = format!("{} {preset} on {}", algo.name, p.name);
                for _ in 0..steps_for(algo.name, &p) {
                    let step = s.step();
                    let g = grid_of(s.as_ref(), &p);
                    if algo.name != "backtrack" {
                        assert!(g.keeps_givens(&p.givens), "{what}: a given changed");
                    }
                    assert_eq!(step.cost, s.cost(), "{what}: step and search disagree");
                    assert_eq!(
                        s.cost(),
                        cost(&g, Counted::ALL),
                        "{what}: cost is not the recount"
                    );
                    let snap = s.snapshot();
                    assert_eq!(
                        snap.best_cost,
                        cost(&snap.best, Counted::ALL),
                        "{what}: best cost"
                    );
                    assert!(
                        snap.best_cost <= snap.cost || algo.family == Family::Exact,
                        "{what}"
                    );
                    if step.ended.is_some() {
                        break;
                    }
                }
                if s.ended() == Some(Outcome::Solved) {
                    let best = s.snapshot().best;
                    check_solution(&p.givens.to_line(), &best.to_line())
                        .unwrap_or_else(|e| panic!("{what}: claimed solution fails: {e}"));
                }
            }
        }
    }
}

/// The full trajectory (every step's event and cost) is a function of puzzle, parameters, seed.
#[test]
fn same_seed_same_trajectory_different_seed_different() {
    // a hard puzzle: propagation alone does not solve it, so every search has work to do
    let p = resolve_one("top95:7").unwrap();
    for algo in ALGORITHMS {
        for preset in [Preset::Classic, Preset::Tuned] {
            let trace = |seed: u64| {
                let mut s = build(algo.name, preset, &[], &p, seed, None).unwrap();
                let n = if algo.family.is_population() { 5 } else { 500 };
                let mut out = Vec::new();
                for _ in 0..n {
                    let st = s.step();
                    out.push(format!("{:?} {}", st.event, st.cost));
                }
                out.push(s.cells().iter().map(|v| v.to_string()).collect());
                out
            };
            assert_eq!(
                trace(11),
                trace(11),
                "{} {preset} does not replay",
                algo.name
            );
            if algo.family != Family::Exact {
                assert_ne!(
                    trace(11),
                    trace(12),
                    "{} {preset} ignores its seed",
                    algo.name
                );
            }
        }
    }
}

/// `advance(n)` (the batched path experiments, the runner and benchmarks use) takes the same
/// steps as `step()` called n times: same board, costs and step count after every batch.
#[test]
fn advance_takes_the_same_steps_as_step() {
    let p = resolve_one("top95:7").unwrap();
    for algo in ALGORITHMS {
        for preset in [Preset::Classic, Preset::Tuned] {
            let mut one = build(algo.name, preset, &[], &p, 5, None).unwrap();
            let mut batched = build(algo.name, preset, &[], &p, 5, None).unwrap();
            let per_batch = if algo.family.is_population() { 2 } else { 97 };
            for _ in 0..6 {
                let mut stepped = 0;
                while stepped < per_batch && one.ended().is_none() {
                    one.step();
                    stepped += 1;
                }
                assert_eq!(
                    batched.advance(per_batch),
                    stepped,
                    "{} {preset}",
                    algo.name
                );
                assert_eq!(one.cells(), batched.cells(), "{} {preset}", algo.name);
                assert_eq!(
                    (one.cost(), one.best_cost(), one.steps(), one.ended()),
                    (
                        batched.cost(),
                        batched.best_cost(),
                        batched.steps(),
                        batched.ended()
                    ),
                    "{} {preset}",
                    algo.name
                );
            }
        }
    }
}

/// Switching: every algorithm continues from a given board, repaired with the fewest changes.
#[test]
fn every_algorithm_starts_from_the_board_on_screen() {
    let p = resolve_one("sudoku_7").unwrap();
    let solution = resolve_one(
        "374561928185429763962378415827613549649257831531984672496832157218745396753196284",
    )
    .unwrap()
    .givens;
    for algo in ALGORITHMS.iter().filter(|a| a.family != Family::Exact) {
        for preset in [Preset::Classic, Preset::Tuned] {
            let s = build(algo.name, preset, &[], &p, 3, Some(&solution)).unwrap();
            // the solved board is in every representation, so nothing needs repairing
            assert_eq!(
                s.best_cost(),
                0,
                "{} {preset} lost the board it was given",
                algo.name
            );
            assert_eq!(s.ended(), Some(Outcome::Solved), "{} {preset}", algo.name);
        }
    }
}

#[test]
fn bad_parameters_list_the_valid_range() {
    let p = resolve_one("sudoku_7").unwrap();
    let e = build("beam", Preset::Classic, &["k=0".into()], &p, 1, None)
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "beam (classic): k = 0 is out of range: valid values are 1 to 1000 (whole number)"
    );
    let e = build(
        "annealing",
        Preset::Tuned,
        &["cooling=2".into()],
        &p,
        1,
        None,
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("valid values are 0.5 to 1"), "{e}");
    let e = build("annealing", Preset::Tuned, &["nope=2".into()], &p, 1, None)
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .contains("unknown parameter \"nope\": valid are t0, cooling"),
        "{e}"
    );
    let e = build("hillclimb", Preset::Tuned, &[], &p, 1, None)
        .err()
        .unwrap();
    assert!(
        e.to_string()
            .starts_with("unknown algorithm \"hillclimb\": valid are steepest"),
        "{e}"
    );
}

/// The exact search, stepped, reports guesses and ends with the solution on a hard puzzle.
#[test]
fn stepping_backtracking_reports_guesses_and_depth() {
    let p = resolve_one("top95:1").unwrap();
    for preset in [Preset::Classic, Preset::Tuned] {
        let mut s = build("backtrack", preset, &[], &p, 0, None).unwrap();
        let mut guesses = 0;
        while s.ended().is_none() {
            if let Event::Exact(sudoscope_core::search::exact::ExactEvent::Guess { .. }) =
                s.step().event
            {
                guesses += 1;
            }
        }
        assert_eq!(s.ended(), Some(Outcome::Solved));
        assert!(guesses > 0);
        let snap = s.snapshot();
        assert!(snap.metric("max depth").unwrap() >= 1.0);
        check_solution(&p.givens.to_line(), &snap.best.to_line()).unwrap();
    }
}
