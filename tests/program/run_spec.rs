//! A run written in each of the forms it is read from — a command line, a web page's address, a
//! lesson scene, a JSON object, and (for a single search) a JSON record — reads back as the same run. The specs are
//! drawn at random: every algorithm and preset, parameters anywhere in their ranges, any seed,
//! start boards, speeds, pauses and races of up to three panes.

use clap::Parser;
use proptest::prelude::*;
use sudoscope::cli::args::{Cli, Command};
use sudoscope_core::board::{Grid, Puzzle};
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::engine::experiment::{Arm, record_of};
use sudoscope_core::engine::result::{Ending, write_json};
use sudoscope_core::run::{Method, PaneSpec, Place, RunSpec, check, print};
use sudoscope_core::search::exact::{Solutions, solve_fastest};
use sudoscope_core::search::{ALGORITHMS, Params, Preset};

/// Built-in puzzles of three sizes, each named as a reference resolves it.
const PUZZLES: &[&str] = &["sudoku_7", "tiny4", "top95:3", "optuna"];

fn puzzle(name: &str) -> Puzzle {
    resolve_one(name).unwrap()
}

/// A board that keeps the puzzle's givens: the givens alone, or the solution.
fn board(p: &Puzzle, which: u8) -> Option<Grid> {
    match which {
        0 => None,
        1 => Some(p.givens.clone()),
        _ => match solve_fastest(p, 2).0 {
            Solutions::Unique(g) => Some(g),
            _ => Some(p.givens.clone()),
        },
    }
}

/// Parameters of `algo` in `preset`, each left at its default or set to a value drawn from its
/// range (`draws` supplies the fractions).
fn params(m: &Method, draws: &[(bool, f64)]) -> Params {
    let mut params = m.algo.default_params(m.preset);
    for (spec, &(set, x)) in m.algo.params(m.preset).iter().zip(draws.iter().cycle()) {
        if !set {
            continue;
        }
        let mut v = spec.min + x * (spec.max - spec.min);
        if spec.integer {
            v = v.round().clamp(spec.min, spec.max);
        }
        params.set(spec.name, &v.to_string()).unwrap();
    }
    params
}

/// One pane's draw: algorithm, tuned or not, parameter draws, its own seed, which board.
type PaneDraw = (usize, bool, Vec<(bool, f64)>, Option<u64>, u8);

/// The parts a spec is drawn from; everything else follows from them.
#[derive(Clone, Debug)]
struct Draw {
    puzzle: usize,
    panes: Vec<PaneDraw>,
    seed: u64,
    start: u8,
    speed: Option<f64>,
    paused: bool,
    same_start: bool,
}

fn draw() -> impl Strategy<Value = Draw> {
    let pane = (
        0..ALGORITHMS.len(),
        any::<bool>(),
        prop::collection::vec((any::<bool>(), 0.0f64..=1.0), 1..6),
        prop::option::of(any::<u64>()),
        0u8..3,
    );
    (
        0..PUZZLES.len(),
        prop::collection::vec(pane, 1..=4),
        any::<u64>(),
        0u8..3,
        prop::option::of(prop_oneof![
            Just(1.0),
            Just(5.0),
            Just(100_000.0),
            1e-3f64..1e7
        ]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(puzzle, panes, seed, start, speed, paused, same_start)| Draw {
                puzzle,
                panes,
                seed,
                start,
                speed,
                paused,
                same_start,
            },
        )
}

fn spec(d: &Draw) -> RunSpec {
    let p = puzzle(PUZZLES[d.puzzle]);
    let panes: Vec<PaneSpec> = d
        .panes
        .iter()
        .map(|(algo, tuned, draws, seed, start)| {
            let preset = if *tuned {
                Preset::Tuned
            } else {
                Preset::Classic
            };
            let mut method = Method::new(&ALGORITHMS[*algo], preset);
            method.params = params(&method, draws);
            PaneSpec {
                method,
                seed: *seed,
                start: board(&p, *start),
            }
        })
        .collect();
    RunSpec {
        method: panes[0].method.clone(),
        seed: d.seed,
        start: board(&p, d.start),
        speed: d.speed,
        paused: d.paused,
        race: panes[1..].to_vec(),
        same_start: d.same_start,
        puzzle: p,
    }
}

fn name(s: &RunSpec) -> &str {
    &s.puzzle.name
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_command_line_reads_back_as_the_same_run(d in draw()) {
        let s = spec(&d);
        let mut argv = vec!["sudoscope".to_string(), "tui".to_string()];
        argv.extend(print::command_args(&s, name(&s)));
        let cli = Cli::try_parse_from(&argv).unwrap();
        let Some(Command::Tui(tui)) = cli.command else { panic!("{argv:?}") };
        let back = sudoscope::cli::view_options(&tui.view, sudoscope_i18n::Lang::En).unwrap();
        prop_assert_eq!(back.run, s);
    }

    #[test]
    fn a_page_address_reads_back_as_the_same_run(d in draw()) {
        let s = spec(&d);
        let query = print::page_query(&s, name(&s));
        let options = sudoscope_page::options::read(&query, "en").unwrap();
        prop_assert_eq!(check(&options.run).unwrap(), s, "{}", query);
    }

    #[test]
    fn a_lesson_scene_reads_back_as_the_same_run(d in draw()) {
        let s = spec(&d);
        let text = sudoscope_tui::lesson::scene_text(&s, "a caption", name(&s));
        let lesson = sudoscope_tui::lesson::parse(&text, "drawn.toml").unwrap();
        prop_assert_eq!(lesson.scenes.len(), 1);
        prop_assert_eq!(&lesson.scenes[0].caption, "a caption");
        prop_assert_eq!(&lesson.scenes[0].run, &s);
    }

    #[test]
    fn a_json_object_reads_back_as_the_same_run(d in draw()) {
        let s = spec(&d);
        let text = print::to_json(&s, name(&s)).to_string();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let from = Place::File { path: "drawn.json".into(), line: Some(1), scene: None };
        prop_assert_eq!(check(&print::from_json(&value, &from)).unwrap(), s);
    }

    /// A JSON record holds one search (no speed, pause or race): the record of the first pane
    /// reads back as that pane on the same puzzle, every other setting at its default.
    #[test]
    fn a_json_record_reads_back_as_the_same_search(d in draw()) {
        let s = spec(&d);
        let m = &s.method;
        let search = m.algo.build(&s.puzzle, m.preset, &m.params, s.seed, s.start.as_ref());
        let mut record = record_of(search.as_ref(), &s.puzzle, &Arm::of(m.clone()), s.seed, Ending::BudgetSpent, 0.0);
        record.start = s.start.as_ref().map(Grid::to_line);
        let mut bytes = Vec::new();
        write_json(&mut bytes, &[record]).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let from = Place::File { path: "runs.jsonl".into(), line: Some(1), scene: None };
        let back = check(&print::from_json(&value, &from)).unwrap();
        let single = RunSpec {
            method: s.method.clone(),
            seed: s.seed,
            start: s.start.clone(),
            ..RunSpec::on(s.puzzle.clone())
        };
        prop_assert_eq!(back, single);
    }
}

/// A value of the wrong kind in a JSON header is refused with the field, value and file named.
#[test]
fn a_bad_json_value_names_its_field_and_place() {
    let value: serde_json::Value =
        serde_json::from_str(r#"{"algorithm": "annealing", "speed": -3, "seed": 1}"#).unwrap();
    let from = Place::File {
        path: "header.json".into(),
        line: Some(1),
        scene: None,
    };
    let e = check(&print::from_json(&value, &from)).unwrap_err();
    assert_eq!(e.field, sudoscope_core::run::Field::Speed);
    assert_eq!(e.value, "-3");
    assert_eq!(
        e.to_string(),
        "header.json:1: speed = -3: give steps per second (a positive number) or max"
    );
}
