//! Experiments: identical records at any thread count, well-formed output files, the course's
//! classic results reproduced within stated tolerances.

mod common;

use common::{stderr, stdout, sudoscope};
use sudoscope::catalog::resolve;
use sudoscope::engine::experiment::{Arm, Plan, Progress, run};
use sudoscope::engine::record::Record;
use sudoscope::search::{Preset, find};

fn records(threads: usize) -> Vec<Record> {
    let arms = vec![
        Arm::new(find("plateau").unwrap(), Preset::Classic, &[]).unwrap(),
        Arm::new(find("annealing").unwrap(), Preset::Tuned, &[]).unwrap(),
        Arm::new(find("genetic").unwrap(), Preset::Tuned, &[]).unwrap(),
    ];
    let puzzles = resolve("hardest:1").unwrap();
    let plan = Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs: 6,
        seed: 42,
        max_steps: 20_000,
        max_seconds: None,
        threads,
    };
    run(&plan, &Progress::default())
        .iter()
        .map(Record::timeless)
        .collect()
}

#[test]
fn one_and_two_threads_give_the_same_records() {
    let (a, b) = (records(1), records(2));
    assert_eq!(a.len(), 18);
    assert_eq!(a, b);
    // and the runs really differ from each other (seeds are per run)
    assert!(a.windows(2).any(|w| w[0].curve != w[1].curve));
}

#[test]
fn csv_and_json_records_are_complete_and_atomic() {
    let dir = std::env::temp_dir().join(format!("sudoscope-exp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("runs.csv");
    let out = sudoscope(&[
        "experiment",
        "-a",
        "steepest,plateau",
        "--preset",
        "classic",
        "-r",
        "5",
        "-o",
        csv.to_str().unwrap(),
        "--plot",
        dir.join("fig").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "label,algorithm,preset,puzzle,size,run,seed,outcome,solved,cost,best_cost,steps,seconds,solution"
    );
    assert_eq!(lines.len(), 11);
    assert!(lines[1].starts_with("steepest (classic),steepest,classic,sudoku_7,9x9,0,"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
    for f in [
        "success_rate.svg",
        "time_to_solution_cdf.svg",
        "cost_vs_step.svg",
    ] {
        let svg = std::fs::read_to_string(dir.join("fig").join(f)).unwrap();
        assert!(svg.contains("<svg") && svg.contains("<text"), "{f}");
    }
    // the table on stdout names both algorithms
    let table = stdout(&out);
    assert!(
        table.contains("steepest (classic)") && table.contains("plateau (classic)"),
        "{table}"
    );
    let out = sudoscope(&[
        "experiment",
        "-a",
        "backtrack",
        "-p",
        "hardest",
        "-r",
        "1",
        "-f",
        "json",
    ]);
    let rows: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 11);
    assert!(
        rows.iter()
            .all(|r| r["solved"] == true && r["metrics"]["max_depth"].is_number())
    );
}

#[test]
fn bad_experiment_arguments_are_one_line_errors() {
    for (args, expected) in [
        (
            vec!["experiment", "-a", "nope"],
            "invalid value 'nope' for '--algo <ALGO>'",
        ),
        (
            vec!["experiment", "-a", "beam", "--set", "k=0"],
            "k = 0 is out of range",
        ),
        (
            vec!["experiment", "-a", "beam", "-r", "0"],
            "--runs must be at least 1",
        ),
    ] {
        let out = sudoscope(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
    }
}

/// The course's classic experiment on sudoku_7, with 200 runs each: steepest and stochastic
/// descent almost never succeed (the notebook: 2 of 500 each), sideways moves fix that (most
/// runs), annealing and beam sit in between. Bounds are far outside the 95% intervals measured
/// with `experiment --preset classic --runs 100` (README), so only a real change trips them.
#[test]
fn classic_presets_reproduce_the_course() {
    let arms: Vec<Arm> = ["steepest", "stochastic", "plateau", "beam"]
        .iter()
        .map(|a| Arm::new(find(a).unwrap(), Preset::Classic, &[]).unwrap())
        .collect();
    let puzzles = resolve("sudoku_7").unwrap();
    let plan = Plan {
        arms: &arms,
        puzzles: &puzzles,
        runs: 200,
        seed: 7,
        max_steps: 100_000,
        max_seconds: None,
        threads: 2,
    };
    let recs = run(&plan, &Progress::default());
    let rate = |name: &str| {
        let mine: Vec<&Record> = recs.iter().filter(|r| r.algorithm == name).collect();
        mine.iter().filter(|r| r.solved).count() as f64 / mine.len() as f64
    };
    assert!(rate("steepest") < 0.05, "steepest {}", rate("steepest"));
    assert!(
        rate("stochastic") < 0.05,
        "stochastic {}",
        rate("stochastic")
    );
    assert!(rate("plateau") > 0.6, "plateau {}", rate("plateau"));
    assert!(
        rate("beam") > 0.08 && rate("beam") < 0.45,
        "beam {}",
        rate("beam")
    );
}
