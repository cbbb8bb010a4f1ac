//! Traces (docs/trace-format.md): what `solve --trace` writes reads back line by line into the
//! same run: replaying the changed cells from the first board gives, at every step, a board
//! whose cost (counted here, never taken from the trace) is the cost the line states, and the
//! closing line states the steps and the cost the JSON record of the same run reports.

use crate::common;

use common::{stdout, sudoscope};
use sudoscope_core::board::cost::cost;
use sudoscope_core::board::{Counted, Grid};
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::engine::trace::read::{TraceLine, header, line};

fn resolve(name: &str) -> Result<sudoscope_core::board::Puzzle, String> {
    resolve_one(name).map_err(|e| e.to_string())
}

/// A closing line: outcome, steps, cost.
type End = (String, Option<u64>, Option<f64>);

/// Replay a trace: the stated cost and the board after every step, and the closing line.
fn replay(text: &str) -> (Vec<(f64, Vec<u8>)>, Option<End>) {
    let mut lines = text.lines();
    let h = header(lines.next().unwrap(), 1, &resolve).unwrap();
    let mut board: Vec<u8> = h.puzzle.givens.cells().to_vec();
    let mut boards = Vec::new();
    let mut end = None;
    for (i, l) in lines.enumerate() {
        match line(l, i + 2, &h.puzzle).unwrap() {
            TraceLine::Step(s) => {
                assert!(
                    s.changed_givens.is_empty(),
                    "line {}: a given changed",
                    i + 2
                );
                if let Some(b) = s.board {
                    board = b;
                }
                for (c, v) in s.changed {
                    board[c as usize] = v;
                }
                boards.push((s.cost.unwrap(), board.clone()));
            }
            TraceLine::End(e) => end = Some((e.outcome, e.steps, e.cost)),
        }
    }
    (boards, end)
}

#[test]
fn a_built_in_run_reads_back_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    for (algo, preset, steps, extra) in [
        ("plateau", "classic", "300", None),
        // propagation alone would solve the puzzle at step 0
        ("annealing", "tuned", "3000", Some("propagate=0")),
        ("beam", "classic", "5", None),
        ("genetic", "classic", "5", None),
        ("tabu", "classic", "500", None),
    ] {
        let path = dir.path().join(format!("{algo}.jsonl"));
        let mut args = vec![
            "solve",
            "sudoku_7",
            "--algo",
            algo,
            "--preset",
            preset,
            "--max-steps",
            steps,
            "--trace",
            path.to_str().unwrap(),
            "-f",
            "json",
        ];
        if let Some(set) = extra {
            args.extend(["--set", set]);
        }
        let out = sudoscope(&args);
        assert_ne!(
            out.status.code(),
            Some(2),
            "{algo}: {}",
            common::stderr(&out)
        );
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let (boards, end) = replay(&text);
        let geo = sudoscope_core::board::Geometry::for_box(3).unwrap();
        for (i, (stated, cells)) in boards.iter().enumerate() {
            let g = Grid::from_cells(geo, cells.clone()).unwrap();
            assert_eq!(
                cost(&g, Counted::ALL) as f64,
                *stated,
                "{algo}: step {i}'s board and its cost"
            );
        }
        let (outcome, steps_done, final_cost) = end.expect("a closing line");
        assert_eq!(outcome, record["outcome"].as_str().unwrap(), "{algo}");
        assert_eq!(steps_done, record["steps"].as_u64(), "{algo}");
        assert_eq!(final_cost, record["cost"].as_f64(), "{algo}");
        assert_eq!(
            boards.len() as u64,
            steps_done.unwrap() + 1,
            "{algo}: step 0 and every step"
        );
    }
}

/// A malformed line is an error naming its line and column; the lines after it still read.
#[test]
fn a_bad_line_is_named_and_the_rest_still_reads() {
    let p = resolve("sudoku_7").unwrap();
    let text = [
        r#"{"step":1,"changed":[[1,7]],"cost":40}"#,
        r#"{"step":2,"changed":[[1,7]],"cost":"forty"}"#,
        r#"{"step":3,"changed":[[3,2]],"cost":39}"#,
    ];
    let results: Vec<_> = text
        .iter()
        .enumerate()
        .map(|(i, l)| line(l, i + 2, &p))
        .collect();
    assert!(results[0].is_ok() && results[2].is_ok());
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.column > 30, "{e}");
    assert!(e.to_string().starts_with("line 3, column"), "{e}");
}

/// `experiment --command`: a search written in Python, run once per run with the run's seed; its
/// rows beside the built-in algorithm's, the same records at any thread count.
#[test]
fn experiment_runs_a_command_once_per_seed() {
    let example = common::repo("python/examples/steepest.py");
    let template = format!("python3 {} --seed {{seed}}", example.display());
    let run = |threads: &str| {
        let out = sudoscope(&[
            "experiment",
            "--command",
            &template,
            "--algo",
            "steepest",
            "--runs",
            "4",
            "--threads",
            threads,
            "-f",
            "json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
        stdout(&out)
            .lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["seconds"] = serde_json::Value::Null;
                v
            })
            .collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one, run("2"), "the same runs at any thread count");
    let mine: Vec<&serde_json::Value> = one
        .iter()
        .filter(|r| r["label"] == "gradiente descendente (command)")
        .collect();
    assert_eq!(mine.len(), 4);
    assert_eq!(one.len(), 8, "four built-in runs beside them");
    let seeds: std::collections::BTreeSet<u64> =
        mine.iter().map(|r| r["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds.len(), 4, "each run its own seed");
    for r in &mine {
        assert_eq!(r["puzzle"], "sudoku_7");
        assert!(r["steps"].as_u64().unwrap() > 0, "{r}");
        // a descent that stopped: stuck with a cost above 0, or solved at 0
        assert_eq!(
            r["solved"].as_bool(),
            Some(r["cost"].as_u64() == Some(0)),
            "{r}"
        );
    }
}

/// A built-in run and the replay of its trace show the same thing at every step: the board, its
/// cost and best cost, the cells the step changed (the reversed cells on screen), the step log's
/// line, and the chart's history.
#[test]
fn a_replayed_trace_shows_what_the_live_run_showed_step_by_step() {
    use sudoscope_core::engine::runner::{RunnerSetup, ShownSearch};
    use sudoscope_core::engine::trace::feed::SourceSpec;
    use sudoscope_core::engine::trace::source;
    use sudoscope_core::run::{RunInput, SettingText, check};
    let dir = tempfile::tempdir().unwrap();
    for (algo, preset, steps) in [
        ("plateau", "classic", 120),
        ("annealing", "classic", 300),
        ("genetic", "tuned", 6),
        ("sampling", "classic", 40),
        ("beam", "classic", 8),
    ] {
        let path = dir.path().join(format!("{algo}.jsonl"));
        let out = sudoscope(&[
            "solve",
            "sudoku_7",
            "--algo",
            algo,
            "--preset",
            preset,
            "--seed",
            "4",
            "--max-steps",
            &steps.to_string(),
            "--trace",
            path.to_str().unwrap(),
        ]);
        assert_ne!(out.status.code(), Some(2), "{}", common::stderr(&out));
        let spec = check(&RunInput {
            algo: Some(SettingText::flag("--algo", algo)),
            preset: Some(SettingText::flag("--preset", preset).into()),
            seed: Some(sudoscope_core::run::Written::Value(4)),
            ..RunInput::default()
        })
        .unwrap();
        let mut live = ShownSearch::new(&RunnerSetup::first_of(&spec));
        let (fed, _none) = source::open(
            SourceSpec::File {
                path: path.clone(),
                follow: false,
            },
            resolve,
        )
        .unwrap();
        let mut replay = ShownSearch::new(&RunnerSetup {
            feed: Some(fed),
            ..RunnerSetup::first_of(&spec)
        });
        for i in 0..=steps {
            let (a, b) = (live.report(false, 0.0), replay.report(false, 0.0));
            let at = format!("{algo} ({preset}), step {i}");
            assert_eq!(a.snapshot.grid, b.snapshot.grid, "{at}: the board");
            assert_eq!(
                (a.snapshot.cost, a.snapshot.best_cost, a.snapshot.steps),
                (b.snapshot.cost, b.snapshot.best_cost, b.snapshot.steps),
                "{at}: cost, best, steps"
            );
            assert_eq!(a.changed, b.changed, "{at}: the cells the step changed");
            // (at the budget's last step the trace says the run stopped there: its log adds the
            // ending, which the live run, stopped by its driver, does not know)
            if i > 0 && i < steps {
                // the live run's events and the trace's English words read the same
                let geo = a.snapshot.grid.geometry();
                let said = |r: &sudoscope_core::engine::runner::Report| {
                    r.log
                        .last()
                        .map(|l| sudoscope_tui::step_log::render(sudoscope_i18n::Lang::En, l, geo))
                };
                assert_eq!(said(&a), said(&b), "{at}: the step log");
            }
            let points = |r: &sudoscope_core::engine::runner::Report| -> Vec<(u64, f64, f64)> {
                r.history.iter().map(|p| (p.step, p.low, p.best)).collect()
            };
            assert_eq!(points(&a), points(&b), "{at}: the chart");
            // a beam's or a population's members' costs, written with each step
            let members = |r: &sudoscope_core::engine::runner::Report| {
                r.snapshot
                    .series
                    .iter()
                    .find(|(n, _)| *n == "members")
                    .map(|(_, v)| v.clone())
            };
            assert_eq!(members(&a), members(&b), "{at}: the members");
            if matches!(algo, "beam" | "genetic") {
                assert!(members(&b).is_some_and(|m| !m.is_empty()), "{at}");
            }
            if live.ended() {
                break;
            }
            live.step(true);
            step_taken(&mut replay);
        }
    }
}

/// `tui --trace`: the first pane's run written as it is shown, a switch as a jump with the board,
/// and a closing line when the screen closes first; it reads back with no problem.
#[test]
fn the_visualiser_writes_what_it_shows_as_a_trace() {
    use sudoscope_core::engine::runner::{Control, RunnerSetup, ShownSearch};
    use sudoscope_core::run::{Method, RunSpec};
    use sudoscope_core::search::{Preset, find};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shown.jsonl");
    let spec = RunSpec {
        method: Method::new(find("plateau").unwrap(), Preset::Classic),
        ..RunSpec::on(resolve("sudoku_7").unwrap())
    };
    {
        let mut core = ShownSearch::new(&RunnerSetup {
            trace: Some(sudoscope_core::engine::runner::TraceTo {
                path: path.clone(),
                run: spec.clone(),
                words: None,
            }),
            ..RunnerSetup::first_of(&spec)
        });
        for _ in 0..10 {
            core.step(true);
        }
        core.apply(Control::Switch(Method::new(
            find("steepest").unwrap(),
            Preset::Classic,
        )));
        core.advance(5);
    }
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["algorithm"], "plateau");
    assert_eq!(lines[1]["step"], 0, "the start board");
    let jump = lines
        .iter()
        .position(|l| {
            l["move"]
                .as_str()
                .is_some_and(|m| m.starts_with("now steepest"))
        })
        .expect("the switch, as a jump with the board");
    assert_eq!(jump, 12, "after the header, the start and ten steps");
    assert!(lines[jump]["board"].is_string());
    let last = lines.last().unwrap();
    assert!(last["end"] == "stopped" || last["end"] == "stuck", "{last}");
    let out = sudoscope(&["watch", "--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

/// A trace's named metrics each become a series of their own on the pane's chart, beside the
/// temperature (which keeps its place under the cost).
#[test]
fn each_named_metric_is_its_own_series() {
    use sudoscope_core::engine::runner::{RunnerSetup, ShownSearch};
    use sudoscope_core::engine::trace::feed::SourceSpec;
    use sudoscope_core::engine::trace::source;
    use sudoscope_core::run::RunSpec;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("metrics.jsonl");
    let mut text = String::from(
        "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"neighbourhood\":\"set\"}\n",
    );
    for i in 1..=20 {
        text.push_str(&format!(
            "{{\"step\":{i},\"changed\":[[1,{}]],\"metrics\":{{\"temperature\":{},\"generation\":{i},\"diversity\":{}}}}}\n",
            1 + i % 9,
            1.0 / i as f64,
            40 - i
        ));
    }
    text.push_str("{\"end\":\"stuck\"}\n");
    std::fs::write(&path, text).unwrap();
    let (fed, _) = source::open(
        SourceSpec::File {
            path,
            follow: false,
        },
        resolve,
    )
    .unwrap();
    let mut core = ShownSearch::new(&RunnerSetup {
        feed: Some(fed),
        ..RunnerSetup::first_of(&RunSpec::on(resolve("sudoku_7").unwrap()))
    });
    for _ in 0..20 {
        step_taken(&mut core);
    }
    let r = core.report(false, 0.0);
    let names: Vec<&str> = r.series.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        ["diversity", "generation"],
        "in the order of their names"
    );
    let generation = &r.series[1].1;
    assert_eq!(generation.len(), 20, "a point a step");
    assert_eq!((generation[0].high, generation[19].high), (1.0, 20.0));
    let last = r.history.last().unwrap();
    assert_eq!(
        last.secondary.map(|s| (s.label, s.value)),
        Some(("temperature", 1.0 / 20.0))
    );
}

/// A trace's run on a core, from its text, as the visualiser's runner drives it.
fn core_of(
    text: &str,
) -> (
    sudoscope_core::engine::runner::ShownSearch,
    tempfile::TempDir,
) {
    use sudoscope_core::engine::runner::{RunnerSetup, ShownSearch};
    use sudoscope_core::engine::trace::feed::SourceSpec;
    use sudoscope_core::engine::trace::source;
    use sudoscope_core::run::RunSpec;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, text).unwrap();
    let (fed, _guard) = source::open(
        SourceSpec::File {
            path,
            follow: false,
        },
        resolve,
    )
    .unwrap();
    let core = ShownSearch::new(&RunnerSetup {
        feed: Some(fed),
        ..RunnerSetup::first_of(&RunSpec::on(resolve("sudoku_7").unwrap()))
    });
    (core, dir)
}

/// One step of a trace's core: its reader is a thread of its own, so on a busy machine the line
/// may not have come within one call's wait; it is waited for (ten seconds at most).
fn step_taken(core: &mut sudoscope_core::engine::runner::ShownSearch) {
    let began = std::time::Instant::now();
    while !core.step(true) && !core.ended() {
        assert!(
            began.elapsed() < std::time::Duration::from_secs(10),
            "the trace's next step never came"
        );
    }
}

/// Step a trace's core until its stream has ended (the end line may come after the last step
/// was taken: the reader is a thread of its own), at most a few seconds.
fn to_the_end(core: &mut sudoscope_core::engine::runner::ShownSearch) {
    let began = std::time::Instant::now();
    while !core.ended() {
        assert!(
            began.elapsed() < std::time::Duration::from_secs(10),
            "the trace never ended"
        );
        core.step(true);
    }
}

/// A trace's whole run on a core, and its step log as the screen words it.
fn log_to_the_end(text: &str) -> Vec<String> {
    let (mut core, _dir) = core_of(text);
    to_the_end(&mut core);
    let r = core.report(false, 0.0);
    let geo = r.snapshot.grid.geometry();
    r.log
        .iter()
        .map(|l| sudoscope_tui::step_log::render(sudoscope_i18n::Lang::En, l, geo))
        .collect()
}

const HEADER: &str =
    "{\"sudoscope_trace\":\"1.0\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"mine\"}\n";

/// How a trace ends is said after its last step, not before it; an uphill step taken with no
/// temperature given says so without a made-up probability.
#[test]
fn the_end_is_told_after_the_last_step_and_an_uphill_step_has_no_nan() {
    // r1c2 (cell 1) is free in sudoku_7: 7 is its solution's value, 3 a conflict in row 1
    let text = format!(
        "{HEADER}{{\"step\":1,\"changed\":[[1,7]]}}\n{{\"step\":2,\"changed\":[[1,3]],\"move\":null}}\n{{\"end\":\"stuck\"}}\n"
    );
    let log = log_to_the_end(&text);
    let last_step = log
        .iter()
        .rposition(|l| l.trim_start().starts_with("2 "))
        .unwrap_or_else(|| panic!("the second step's line: {log:?}"));
    let ends = log
        .iter()
        .position(|l| l.contains("the search ends: stuck"))
        .unwrap_or_else(|| panic!("the end is told: {log:?}"));
    assert!(ends > last_step, "the end after the last step: {log:?}");
    assert!(log[last_step].contains("taken"), "{log:?}");
    assert!(log.iter().all(|l| !l.contains("NaN")), "{log:?}");
}

/// A run whose first step solves the puzzle took one step; one that starts solved took none and
/// is solved all the same.
#[test]
fn steps_are_counted_when_the_first_board_is_solved() {
    let solution =
        "374561928185429763962378415827613549649257831531984672496832157218745396753196284";
    let (mut core, _dir) = core_of(&format!(
        "{HEADER}{{\"step\":1,\"board\":\"{solution}\"}}\n{{\"end\":\"solved\"}}\n"
    ));
    to_the_end(&mut core);
    let r = core.report(false, 0.0);
    assert_eq!((r.snapshot.steps, r.snapshot.cost), (1, 0));
    assert_eq!(
        r.snapshot.ended,
        Some(sudoscope_core::search::Outcome::Solved)
    );
    let (mut core, _dir) = core_of(&format!(
        "{HEADER}{{\"step\":0,\"board\":\"{solution}\"}}\n{{\"end\":\"solved\"}}\n"
    ));
    to_the_end(&mut core);
    let r = core.report(false, 0.0);
    assert_eq!((r.snapshot.steps, r.snapshot.cost), (0, 0));
    assert_eq!(
        r.snapshot.ended,
        Some(sudoscope_core::search::Outcome::Solved)
    );
}

/// A step the trace gives no words for, and which is not one move, is told by the screen in its
/// own words (the engine only says what it saw): three cells at once, nothing changed, a move
/// not taken.
#[test]
fn a_step_without_words_is_told_by_what_the_replay_saw() {
    let puzzle = resolve("sudoku_7").unwrap();
    let free: Vec<usize> = (0..81).filter(|&c| !puzzle.is_given(c)).take(3).collect();
    let three: Vec<String> = free.iter().map(|c| format!("[{c},1]")).collect();
    let three = three.join(",");
    let text = format!(
        "{HEADER}{{\"step\":1,\"changed\":[{three}]}}\n{{\"step\":2,\"changed\":[{three}]}}\n{{\"step\":3,\"accepted\":false}}\n{{\"end\":\"stuck\"}}\n"
    );
    let log = log_to_the_end(&text);
    let step = |n: u64| {
        log.iter()
            .find(|l| l.trim_start().starts_with(&format!("{n} ")))
            .unwrap_or_else(|| panic!("step {n}'s line: {log:?}"))
            .clone()
    };
    assert!(step(1).contains("3 cells changed"), "{log:?}");
    assert!(step(2).contains("no cell changed"), "{log:?}");
    assert!(step(3).contains("a move proposed and not taken"), "{log:?}");
}

/// Format 1.1: a step's population. Every member's cost is counted from its board (the trace's
/// own figures kept as `reported ...`), the panel's mean, worst and diversity are the members',
/// the chart's second series is their mean and worst, the why-stuck panel their per-cell
/// diversity; a step of members alone stands on its cheapest one; a member that changes a
/// given is flagged; costs alone are shown as the search gives them.
#[test]
fn a_population_is_counted_from_its_boards() {
    use sudoscope_core::engine::runner::Control;
    use sudoscope_core::search::Landscape;
    let puzzle = resolve("sudoku_7").unwrap();
    let geo = puzzle.geometry();
    let givens = puzzle.givens.cells().to_vec();
    // members: the givens with every free cell filled by a simple rule of the member's index,
    // so that they differ from one another and their costs are counted here
    let member = |k: usize| -> Vec<u8> {
        givens
            .iter()
            .enumerate()
            .map(|(i, &g)| {
                if g != 0 {
                    g
                } else {
                    ((i * (k + 2) + k) % 9 + 1) as u8
                }
            })
            .collect()
    };
    let line_of = |cells: &[u8]| Grid::from_cells(geo, cells.to_vec()).unwrap().to_line();
    let boards: Vec<Vec<u8>> = (0..30).map(member).collect();
    let costs: Vec<f64> = boards
        .iter()
        .map(|b| cost(&Grid::from_cells(geo, b.clone()).unwrap(), Counted::ALL) as f64)
        .collect();
    let members: Vec<String> = boards
        .iter()
        .map(|b| format!("\"{}\"", line_of(b)))
        .collect();
    let members = members.join(",");
    let mut breaking = boards[3].clone();
    let given = givens.iter().position(|&g| g != 0).unwrap();
    breaking[given] = breaking[given] % 9 + 1;
    let header = "{\"sudoscope_trace\":\"1.1\",\"puzzle\":\"sudoku_7\",\"algorithm\":\"haz\",\"neighbourhood\":\"course\"}\n";
    let text = format!(
        "{header}\
         {{\"step\":1,\"board\":\"{}\",\"cost\":0.5,\"members\":[{members}],\"member_costs\":[0.5,0.7],\"members_total\":200,\"metrics\":{{\"mean\":0.9,\"generation\":1,\"population\":199,\"diversity\":0.25}}}}\n\
         {{\"step\":2,\"members\":[\"{}\",\"{}\"]}}\n\
         {{\"step\":3,\"board\":\"{}\",\"member_costs\":[1.5,2.5,3.5]}}\n\
         {{\"end\":\"stuck\"}}\n",
        line_of(&boards[0]),
        line_of(&boards[5]),
        line_of(&breaking),
        line_of(&boards[1]),
    );
    let (mut core, _dir) = core_of(&text);
    core.apply(Control::Landscape(true));
    step_taken(&mut core);
    let r = core.report(false, 0.0);
    let s = &r.snapshot;
    let metric = |name: &str| s.metrics.iter().find(|m| m.name == name).map(|m| m.value);
    let shown = &s.series.iter().find(|(n, _)| *n == "members").unwrap().1;
    assert_eq!(shown, &costs, "each member's cost, counted from its board");
    let mean = costs.iter().sum::<f64>() / costs.len() as f64;
    let worst = costs.iter().cloned().fold(0.0, f64::max);
    let best = costs.iter().cloned().fold(f64::MAX, f64::min);
    assert_eq!(metric("best"), Some(best));
    assert_eq!(metric("mean"), Some(mean));
    assert_eq!(metric("worst"), Some(worst));
    assert_eq!(
        metric("reported mean"),
        Some(0.9),
        "the search's own, renamed"
    );
    assert_eq!(metric("generation"), Some(1.0));
    assert_eq!(metric("population"), Some(200.0), "members_total");
    assert_eq!(metric("reported population"), Some(199.0));
    assert_eq!(metric("reported diversity"), Some(0.25));
    let mut names: Vec<&str> = s.metrics.iter().map(|m| m.name).collect();
    names.sort_unstable();
    let all = names.len();
    names.dedup();
    assert_eq!(names.len(), all, "each figure once: {names:?}");
    let distinct: std::collections::HashSet<_> = boards.iter().collect();
    assert_eq!(
        metric("diversity"),
        Some(distinct.len() as f64 / boards.len() as f64)
    );
    let second = r.history.last().unwrap().secondary.unwrap();
    assert_eq!(
        (second.label, second.value, second.worst),
        ("population mean", mean, Some(worst))
    );
    let Some(Landscape::Diversity { per_cell, size }) = &r.landscape else {
        panic!("the why-stuck panel shows the diversity: {:?}", r.landscape)
    };
    assert_eq!(*size, 30);
    for (i, &k) in per_cell.iter().enumerate() {
        let values: std::collections::HashSet<u8> = boards.iter().map(|b| b[i]).collect();
        assert_eq!(k as usize, values.len(), "cell {i}");
    }
    assert_eq!(per_cell[given], 1, "a given holds one value");

    // members alone: the board shown is the cheapest member
    step_taken(&mut core);
    let r = core.report(false, 0.0);
    let two = [
        cost(
            &Grid::from_cells(geo, boards[5].clone()).unwrap(),
            Counted::ALL,
        ),
        cost(
            &Grid::from_cells(geo, breaking.clone()).unwrap(),
            Counted::ALL,
        ),
    ];
    let cheapest = if two[1] < two[0] {
        &breaking
    } else {
        &boards[5]
    };
    assert_eq!(r.snapshot.grid.cells(), &cheapest[..]);
    let log: Vec<String> = r
        .log
        .iter()
        .map(|l| sudoscope_tui::step_log::render(sudoscope_i18n::Lang::En, l, geo))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("one member of this step changes a given")),
        "{log:?}"
    );

    // costs alone: as the search gives them, its mean and worst when it gives none
    step_taken(&mut core);
    let r = core.report(false, 0.0);
    let s = &r.snapshot;
    let metric = |name: &str| s.metrics.iter().find(|m| m.name == name).map(|m| m.value);
    let shown = &s.series.iter().find(|(n, _)| *n == "members").unwrap().1;
    assert_eq!(shown, &[1.5, 2.5, 3.5]);
    assert_eq!(
        (metric("best"), metric("mean"), metric("worst")),
        (Some(1.5), Some(2.5), Some(3.5))
    );
    assert!(!matches!(r.landscape, Some(Landscape::Diversity { .. })));

    // rewound to the first step, its population shows again
    core.apply(Control::Rewind(2));
    let r = core.report(false, 0.0);
    let shown = &r
        .snapshot
        .series
        .iter()
        .find(|(n, _)| *n == "members")
        .unwrap()
        .1;
    assert_eq!((r.snapshot.steps, shown), (1, &costs));

    // and so does a replay that starts past it, from its board (a rewind beyond the steps a
    // search is built again for)
    use sudoscope_core::search::Search;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, &text).unwrap();
    let (fed, _guard) = sudoscope_core::engine::trace::source::open(
        sudoscope_core::engine::trace::feed::SourceSpec::File {
            path,
            follow: false,
        },
        resolve,
    )
    .unwrap();
    let began = std::time::Instant::now();
    while fed.received() < 3 {
        assert!(began.elapsed() < std::time::Duration::from_secs(10));
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let board = Grid::from_cells(geo, boards[0].clone()).unwrap();
    let replay = sudoscope_core::engine::trace::replay::Replay::new(fed, 1, Some(&board));
    let shown = &replay
        .snapshot()
        .series
        .iter()
        .find(|(n, _)| *n == "members")
        .unwrap()
        .1
        .clone();
    assert_eq!(shown, &costs);
}

/// A population's line is checked as any board is: a bad member is named with its place.
#[test]
fn a_bad_member_is_named() {
    let p = resolve("sudoku_7").unwrap();
    let good = p.givens.to_line().replace('.', "1");
    let e = line(
        &format!("{{\"step\":1,\"members\":[\"{good}\",\"12x\"]}}"),
        4,
        &p,
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
    assert_eq!(e.column, 11, "the column of \"members\"");
    assert!(
        e.message.starts_with("members[1]: expected 81 symbols")
            || e.message.starts_with("members[1]: symbol 3"),
        "{e}"
    );
    let e = line("{\"step\":1,\"member_costs\":[1,\"a\"]}", 2, &p).unwrap_err();
    assert!(e.message.contains("expected a JSON object"), "{e}");
}

/// `experiment --command` keeps a population's figures in each run's record as it does a
/// built-in beam's: the members' size, mean and worst cost counted from their boards, and their
/// share of distinct boards, the same as reading the same run's last step.
#[test]
fn experiment_records_a_commands_population() {
    let example = common::repo("python/examples/beam.py");
    let template = format!("python3 {} --k 6 --seed {{seed}}", example.display());
    let out = sudoscope(&[
        "experiment",
        "--command",
        &template,
        "--runs",
        "2",
        "-f",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let records: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let puzzle = resolve("sudoku_7").unwrap();
    for r in &records {
        let seed = r["seed"].as_u64().unwrap().to_string();
        let dir = tempfile::tempdir().unwrap();
        let trace = dir.path().join("beam.jsonl");
        let ran = std::process::Command::new("python3")
            .args([example.to_str().unwrap(), "--k", "6", "--seed", &seed])
            .env("SUDOSCOPE_TRACE", &trace)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .output()
            .unwrap();
        assert!(ran.status.success(), "{ran:?}");
        let text = std::fs::read_to_string(&trace).unwrap();
        let last = text.lines().rfind(|l| l.contains("\"members\"")).unwrap();
        let TraceLine::Step(s) = line(last, 2, &puzzle).unwrap() else {
            panic!("a step")
        };
        let pop = s.population.unwrap();
        let m = &r["metrics"];
        let mean = pop.costs.iter().sum::<u32>() as f64 / pop.costs.len() as f64;
        assert_eq!(m["population"], 6.0, "{r}");
        assert_eq!(m["mean"].as_f64(), Some(mean), "{r}");
        assert_eq!(
            m["worst"].as_f64(),
            pop.costs.iter().max().map(|&w| w as f64),
            "{r}"
        );
        assert_eq!(
            m["diversity"].as_f64(),
            Some(pop.distinct as f64 / 6.0),
            "{r}"
        );
        assert!(m.get("reported_cost").is_some(), "{r}");
    }
}

/// `watch --check` says a run's last population only when its steps carried one: a trace's own
/// metric called `population` is not one.
#[test]
fn check_names_a_population_only_when_there_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.jsonl");
    let puzzle = resolve("sudoku_7").unwrap();
    let member = puzzle.givens.to_line().replace('.', "1");
    for (step, said) in [
        (
            r#"{"step":1,"changed":[[1,7]],"metrics":{"population":200}}"#.to_string(),
            false,
        ),
        (
            format!(r#"{{"step":1,"members":["{member}","{member}"]}}"#),
            true,
        ),
    ] {
        std::fs::write(
            &path,
            format!("{{\"sudoscope_trace\":\"1.1\",\"puzzle\":\"sudoku_7\"}}\n{step}\n{{\"end\":\"stuck\"}}\n"),
        )
        .unwrap();
        let out = sudoscope(&["watch", "--check", path.to_str().unwrap()]);
        let text = stdout(&out);
        assert_eq!(
            text.contains("its last population: 2 members"),
            said,
            "{text}"
        );
        if said {
            assert!(text.contains("50% distinct"), "{text}");
        }
    }
}
