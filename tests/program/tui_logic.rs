//! What each input does to the visualiser, over its real runners and no terminal: rewind, the
//! race keys, the preset toggle, parameter edits, opening a puzzle, the overlays, the experiment
//! view, the repair a switch makes, and the `y` command line, which is run again headless and
//! must give the same panes, moves and step log.

use crate::screen;

use clap::Parser;
use crossbeam_channel::Receiver;
use screen::{options, render, settled, text, wait};
use sudoscope::cli::args::{Cli, Command};
use sudoscope_core::board::{EMPTY, Grid};
use sudoscope_core::engine::runner::{Report, ShownSearch};
use sudoscope_core::run::PaneSpec;
use sudoscope_core::search::Preset;
use sudoscope_tui::app::App;
use sudoscope_tui::dialog::Dialog;
use sudoscope_tui::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sudoscope_tui::keys::Action;

fn press(app: &mut App, code: KeyCode) {
    app.on_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// Step every pane `n` times and wait until each has reported it.
fn step(app: &mut App, rx: &Receiver<Report>, n: u64) {
    let before: Vec<u64> = app
        .race()
        .panes()
        .iter()
        .map(|p| steps(p.report.as_ref()))
        .collect();
    for _ in 0..n {
        app.act(Action::Step);
    }
    wait(app, rx, |a| {
        a.race().panes().iter().zip(&before).all(|(p, b)| {
            p.report
                .as_ref()
                .is_some_and(|r| r.snapshot.steps == b + n || r.snapshot.ended.is_some())
        })
    });
}

fn steps(r: Option<&Report>) -> u64 {
    r.map_or(0, |r| r.snapshot.steps)
}

fn grid(app: &App, pane: usize) -> Grid {
    app.race().panes()[pane]
        .report
        .as_ref()
        .unwrap()
        .snapshot
        .grid
        .clone()
}

fn cost(app: &App, pane: usize) -> u32 {
    app.race().panes()[pane]
        .report
        .as_ref()
        .unwrap()
        .snapshot
        .cost
}

/// Wait until the focused pane runs `algo` with `preset` (a switch has reached its runner).
fn wait_switched(app: &mut App, rx: &Receiver<Report>, pane: usize, algo: &str, preset: Preset) {
    wait(app, rx, |a| {
        a.race().panes()[pane].report.as_ref().is_some_and(|r| {
            r.origin.run.method.algo.name == algo && r.origin.run.method.preset == preset
        })
    });
}

#[test]
fn rewind_restores_the_earlier_board_and_cost() {
    let (mut app, rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 0);
    step(&mut app, &rx, 5);
    let (board, c) = (grid(&app, 0), cost(&app, 0));
    step(&mut app, &rx, 7);
    assert_ne!(grid(&app, 0), board, "seven more moves changed the board");
    for _ in 0..7 {
        app.act(Action::Undo);
    }
    wait(&mut app, &rx, |a| {
        steps(a.race().panes()[0].report.as_ref()) == 5
    });
    assert_eq!((grid(&app, 0), cost(&app, 0)), (board, c));
    // and stepping again from there replays the same moves
    step(&mut app, &rx, 7);
    let replayed = grid(&app, 0);
    let (mut again, rx2) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 12);
    wait(&mut again, &rx2, |a| {
        steps(a.race().panes()[0].report.as_ref()) == 12
    });
    assert_eq!(replayed, grid(&again, 0));
}

#[test]
fn race_add_focus_remove_and_restart() {
    let (mut app, rx) = settled(options("sudoku_7", "steepest", Preset::Classic, &[]), 0);
    app.act(Action::AddRacer);
    assert!(matches!(
        &app.dialog(),
        Dialog::Algorithms(p) if p.adding
    ));
    typed(&mut app, "plat");
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.dialog(), Dialog::None);
    let names: Vec<&str> = app
        .race()
        .panes()
        .iter()
        .map(|p| p.run.method.algo.name)
        .collect();
    assert_eq!(names, ["steepest", "plateau"]);
    // adding restarts the race: wait for reports of the searches it started, not for the
    // first pane's report from before or the new runner's own first board
    wait(&mut app, &rx, |a| {
        a.race().panes().iter().all(|p| {
            p.report
                .as_ref()
                .is_some_and(|r| r.origin.run.seed == p.run.seed)
        })
    });
    assert_eq!(
        grid(&app, 0),
        grid(&app, 1),
        "a new racer starts from the same board"
    );
    assert_ne!(
        app.race().panes()[0].run.seed,
        app.race().panes()[1].run.seed
    );
    assert_eq!(app.race().focus(), 1, "the new pane has the focus");
    app.act(Action::NextPane);
    assert_eq!(app.race().focus(), 0);
    app.act(Action::NextPane);
    assert_eq!(app.race().focus(), 1);
    app.act(Action::NextPane);

    step(&mut app, &rx, 3);
    let seeds: Vec<u64> = app.race().panes().iter().map(|p| p.run.seed).collect();
    app.act(Action::Restart);
    wait(&mut app, &rx, |a| {
        a.race().panes().iter().all(|p| {
            p.report
                .as_ref()
                .is_some_and(|r| r.snapshot.steps == 0 && r.origin.run.seed == p.run.seed)
        })
    });
    let new: Vec<u64> = app.race().panes().iter().map(|p| p.run.seed).collect();
    assert!(
        seeds.iter().zip(&new).all(|(a, b)| a != b),
        "{seeds:?} {new:?}"
    );
    assert_eq!(
        grid(&app, 0),
        grid(&app, 1),
        "restarted together, from one board"
    );

    app.act(Action::NextPane);
    app.act(Action::RemoveRacer);
    assert_eq!(app.race().panes().len(), 1);
    assert_eq!(app.race().panes()[0].run.method.algo.name, "steepest");
    assert_eq!(app.race().focus(), 0);
    app.act(Action::RemoveRacer);
    assert_eq!(app.race().panes().len(), 1, "the last pane stays");
    assert!(text(&render(&mut app, 120, 40)).contains("the last algorithm stays"));
    for _ in 0..3 {
        app.act(Action::AddRacer);
        press(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.race().panes().len(), 4);
    app.act(Action::AddRacer);
    assert_eq!(app.race().panes().len(), 4);
    assert!(text(&render(&mut app, 160, 50)).contains("at most four"));
}

#[test]
fn the_preset_toggle_continues_from_the_board() {
    let (mut app, rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    step(&mut app, &rx, 4);
    let board = grid(&app, 0);
    app.act(Action::TogglePreset);
    wait_switched(&mut app, &rx, 0, "plateau", Preset::Tuned);
    let r = app.race().panes()[0].report.as_ref().unwrap();
    assert_eq!(
        r.origin.run.start.as_ref(),
        Some(&board),
        "continues from the board on screen"
    );
    assert_eq!(r.snapshot.steps, 4, "the pane's steps keep counting");
    assert_eq!(
        r.origin.run.seed,
        app.race().panes()[0].run.seed,
        "and its seed"
    );
    app.act(Action::TogglePreset);
    wait_switched(&mut app, &rx, 0, "plateau", Preset::Classic);
}

#[test]
fn parameter_edits_valid_and_invalid() {
    let (mut app, rx) = settled(options("sudoku_7", "beam", Preset::Classic, &[]), 0);
    let k = app.race().panes()[0].run.method.params.get("k");
    app.act(Action::EditParameter);
    assert!(matches!(
        &app.dialog(),
        Dialog::Parameters(e) if e.editing.is_none()
    ));
    press(&mut app, KeyCode::Enter); // edit k
    for _ in 0..6 {
        press(&mut app, KeyCode::Backspace);
    }
    typed(&mut app, "0");
    press(&mut app, KeyCode::Enter);
    let Dialog::Parameters(editor) = &app.dialog() else {
        panic!("k = 0 is refused and the dialog stays: {:?}", app.dialog());
    };
    let e = editor
        .error
        .clone()
        .expect("k = 0 is refused with a reason");
    assert!(e.contains("out of range"), "{e}");
    assert!(text(&render(&mut app, 120, 40)).contains("out of range"));
    assert_eq!(
        app.race().panes()[0].run.method.params.get("k"),
        k,
        "nothing changed"
    );
    press(&mut app, KeyCode::Backspace);
    typed(&mut app, "5");
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.dialog(), Dialog::None);
    wait(&mut app, &rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.origin.run.method.params.get("k") == 5.0)
    });
    let t = text(&render(&mut app, 120, 40));
    assert!(
        t.contains("beam (classic, k=5)"),
        "the label names the setting:\n{t}"
    );
    // Esc leaves the value, then the dialog, changing nothing
    app.act(Action::EditParameter);
    press(&mut app, KeyCode::Enter);
    typed(&mut app, "9");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(
        &app.dialog(),
        Dialog::Parameters(e) if e.editing.is_none()
    ));
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.dialog(), Dialog::None);
    assert_eq!(app.race().panes()[0].run.method.params.get("k"), 5.0);
}

#[test]
fn opening_a_puzzle_keeps_the_seeds_and_refuses_bad_references() {
    let (mut app, rx) = settled(
        options("sudoku_7", "plateau", Preset::Classic, &["stochastic"]),
        0,
    );
    let seeds: Vec<u64> = app.race().panes().iter().map(|p| p.run.seed).collect();
    app.act(Action::OpenPuzzle);
    typed(&mut app, "nonsense");
    press(&mut app, KeyCode::Enter);
    let Dialog::Puzzle(opener) = &app.dialog() else {
        panic!("{:?}", app.dialog());
    };
    let e = opener
        .error
        .clone()
        .expect("the reference is refused with a reason");
    assert!(e.starts_with("unknown puzzle \"nonsense\""), "{e}");
    // the answer is read whole on a phone's 72 columns, and the keys under it (the third
    // trial: the box kept 8 rows and lost the answer's end and the keys)
    let t = text(&render(&mut app, 72, 44));
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = words(&t.replace('│', " "));
    assert!(shown.contains(&words(&e)), "{e}\n{t}");
    assert!(shown.contains("enter opens · esc cancels"), "{t}");
    assert_eq!(app.race().puzzle().name, "sudoku_7");
    for _ in 0.."nonsense".len() {
        press(&mut app, KeyCode::Backspace);
    }
    typed(&mut app, "TOP95:3");
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.dialog(), Dialog::None);
    assert_eq!(app.race().puzzle().name, "top95:3");
    let now: Vec<u64> = app.race().panes().iter().map(|p| p.run.seed).collect();
    assert_eq!(now, seeds, "o changes the puzzle, nothing else");
    wait(&mut app, &rx, |a| {
        a.race().panes().iter().all(|p| p.report.is_some())
    });
    assert_eq!(grid(&app, 0), grid(&app, 1), "racers start together again");
    assert!(grid(&app, 0).keeps_givens(&app.race().puzzle().givens));
}

#[test]
fn overlays_open_show_and_close() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    for (action, shown) in [
        (Action::Help, "this help"),
        (
            Action::ShowCommand,
            "sudoscope tui --puzzle sudoku_7 --algo plateau",
        ),
        (Action::PickAlgorithm, "backtrack"),
        (Action::EditParameter, "max_sideways"),
        (Action::OpenPuzzle, "open a puzzle"),
    ] {
        app.act(action);
        assert_ne!(*app.dialog(), Dialog::None, "{action:?}");
        let t = text(&render(&mut app, 120, 40));
        assert!(t.contains(shown), "{action:?} shows {shown:?}:\n{t}");
        press(&mut app, KeyCode::Esc);
        assert_eq!(*app.dialog(), Dialog::None, "Esc closes {action:?}");
    }
    // the algorithm picker keeps the selection visible at 80x24 and reaches every algorithm
    app.act(Action::PickAlgorithm);
    press(&mut app, KeyCode::End);
    let t = text(&render(&mut app, 80, 24));
    assert!(t.contains("backtrack"), "{t}");
    press(&mut app, KeyCode::Home);
    let t = text(&render(&mut app, 80, 24));
    assert!(t.contains("steepest"), "{t}");
}

#[test]
fn the_experiment_view_starts_and_cancels() {
    let (mut app, _rx) = settled(
        options("tiny4", "steepest", Preset::Classic, &["plateau"]),
        0,
    );
    app.act(Action::Experiment);
    let x = app.experiment().expect("the experiment view opens");
    let progress = std::sync::Arc::clone(&x.run.progress);
    let t = text(&render(&mut app, 120, 40));
    assert!(
        t.contains("steepest (classic)") && t.contains("plateau (classic)"),
        "{t}"
    );
    press(&mut app, KeyCode::Esc);
    assert!(app.experiment().is_none(), "Esc closes the view");
    assert!(
        progress.stop.load(std::sync::atomic::Ordering::SeqCst),
        "and stops its workers"
    );
}

/// A race with the same algorithm twice makes one row of it: its restarts would be the same
/// runs, and two rows of one label would each count both.
#[test]
fn an_experiment_of_a_race_counts_a_repeated_algorithm_once() {
    let (mut app, _rx) = settled(
        options(
            "tiny4",
            "steepest",
            Preset::Classic,
            &["steepest", "plateau"],
        ),
        0,
    );
    app.act(Action::Experiment);
    let x = app.experiment().expect("the experiment view opens");
    assert_eq!(x.run.total, 200, "100 restarts of each of two algorithms");
    let progress = std::sync::Arc::clone(&x.run.progress);
    let t = text(&render(&mut app, 120, 40));
    let rows = |name: &str| {
        t.lines()
            .filter(|l| l.starts_with(&format!("│{name} ")))
            .count()
    };
    assert_eq!(
        (rows("steepest (classic)"), rows("plateau (classic)")),
        (1, 1),
        "{t}"
    );
    press(&mut app, KeyCode::Esc);
    assert!(progress.stop.load(std::sync::atomic::Ordering::SeqCst));
}

/// Switching from a board the new representation does not hold keeps every cell it can: per
/// row (classic tabu's unit), every free value that is not a repeat or a given's value stays.
#[test]
fn a_switch_repairs_the_board_with_the_fewest_changes() {
    let (mut app, rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    step(&mut app, &rx, 3);
    let before = grid(&app, 0);
    app.act(Action::PickAlgorithm);
    typed(&mut app, "tabu");
    press(&mut app, KeyCode::Enter);
    wait_switched(&mut app, &rx, 0, "tabu", Preset::Classic);
    let r = app.race().panes()[0].report.as_ref().unwrap();
    assert_eq!(
        r.snapshot.steps, 3,
        "the new search starts where the old one stood"
    );
    let after = &r.snapshot.grid;
    let geo = app.race().puzzle().geometry();
    let mut changed_somewhere = false;
    for row in 0..geo.n {
        let cells: Vec<usize> = (0..geo.n).map(|c| row * geo.n + c).collect();
        let givens: Vec<u8> = cells
            .iter()
            .map(|&c| app.race().puzzle().givens.get(c))
            .filter(|&v| v != EMPTY)
            .collect();
        let free: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| !app.race().puzzle().is_given(c))
            .collect();
        let mut keepable: Vec<u8> = free
            .iter()
            .map(|&c| before.get(c))
            .filter(|v| !givens.contains(v))
            .collect();
        keepable.sort();
        keepable.dedup();
        let kept = free
            .iter()
            .filter(|&&c| after.get(c) == before.get(c))
            .count();
        assert_eq!(
            kept,
            keepable.len(),
            "row {}: kept {kept} of {free:?}",
            row + 1
        );
        changed_somewhere |= kept < free.len();
        let mut values: Vec<u8> = cells.iter().map(|&c| after.get(c)).collect();
        values.sort();
        assert_eq!(
            values,
            (1..=9).collect::<Vec<u8>>(),
            "row {} is a permutation",
            row + 1
        );
    }
    assert!(after.keeps_givens(&app.race().puzzle().givens));
    assert!(changed_somewhere, "a random board has repeats to repair");
}

/// `y`'s command, parsed by the program's own command line and started headless, gives the
/// same panes as the view: each continuing from the board it stands on, with its own algorithm,
/// preset, parameters and seed; the next moves and step log lines are the view's.
#[test]
fn the_printed_command_reproduces_the_view() {
    let mut opts = options("sudoku_7", "plateau", Preset::Classic, &[]);
    opts.run.race = vec![
        PaneSpec::parse("steepest", Preset::Classic).unwrap(),
        PaneSpec::parse("beam:classic:9:k=5", Preset::Classic).unwrap(),
    ];
    let (mut app, rx) = settled(opts, 0);
    step(&mut app, &rx, 4);
    // switch the first pane; toggle the second's preset; edit nothing on the third
    app.act(Action::PickAlgorithm);
    typed(&mut app, "anneal");
    press(&mut app, KeyCode::Enter);
    wait_switched(&mut app, &rx, 0, "annealing", Preset::Classic);
    app.act(Action::NextPane);
    app.act(Action::TogglePreset);
    wait_switched(&mut app, &rx, 1, "steepest", Preset::Tuned);
    app.act(Action::NextPane);
    app.act(Action::NextPane);
    step(&mut app, &rx, 2);

    let command = app.command_line();
    assert!(command.contains(" --start "), "{command}");
    assert!(command.contains("beam:classic:9:k=5"), "{command}");
    let cli = Cli::try_parse_from(command.split_whitespace()).unwrap();
    let Some(Command::Tui(args)) = cli.command else {
        panic!("a tui command: {command}");
    };
    let headless = App::detached(
        sudoscope::cli::view_options(&args.view, sudoscope_i18n::Lang::En).unwrap(),
        crossbeam_channel::bounded(1).0,
    );
    assert_eq!(headless.race().panes().len(), app.race().panes().len());

    // both go on for 6 more steps: the view through its runners, headless through cores
    step(&mut app, &rx, 6);
    for (i, (seen, pane)) in app
        .race()
        .panes()
        .iter()
        .zip(headless.race().panes())
        .enumerate()
    {
        let seen = seen.report.as_ref().unwrap();
        let mut core = ShownSearch::new(&pane.setup(headless.race().puzzle(), None, true, false));
        let own_steps = seen.snapshot.steps - seen.origin.offset;
        for _ in 0..own_steps {
            core.step(true);
        }
        let again = core.report(false, 0.0);
        assert_eq!(
            (
                again.origin.run.method.algo.name,
                again.origin.run.method.preset,
                again.origin.run.seed
            ),
            (
                seen.origin.run.method.algo.name,
                seen.origin.run.method.preset,
                seen.origin.run.seed
            ),
            "pane {i}"
        );
        assert_eq!(
            again.origin.run.method.params, seen.origin.run.method.params,
            "pane {i}"
        );
        assert_eq!(
            again.snapshot.grid, seen.snapshot.grid,
            "pane {i}: {command}"
        );
        assert_eq!(again.snapshot.cost, seen.snapshot.cost, "pane {i}");
        // the step log, without the step numbers (the view's count from the pane's start)
        let geo = seen.snapshot.grid.geometry();
        let words = |log: &[sudoscope_core::engine::log::LogLine]| -> Vec<String> {
            log.iter()
                .map(|l| sudoscope_tui::step_log::render(sudoscope_i18n::Lang::En, l, geo))
                .filter_map(|l| l.trim_start().split_once("  ").map(|(_, w)| w.to_string()))
                .collect()
        };
        let (a, b) = (words(&again.log), words(&seen.log));
        let n = a.len().min(b.len()).min(own_steps as usize);
        assert!(n >= 6, "pane {i}: log lines to compare");
        assert_eq!(a[a.len() - n..], b[b.len() - n..], "pane {i}");
    }
}

/// A paused screen is not drawn again for nothing: an idle runner's repeated report changes
/// nothing on screen (the event loop then skips the frame), and a step does.
#[test]
fn a_repeated_report_changes_nothing_and_a_step_does() {
    let (mut app, rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    let same = app.race().panes()[0].report.clone().unwrap();
    assert!(!app.on_report(same.clone()), "the same state again");
    step(&mut app, &rx, 1);
    let moved = app.race().panes()[0].report.clone().unwrap();
    assert!(app.on_report(same), "the older state is a change");
    assert!(app.on_report(moved), "and so is the step");
}

/// At 80x24 the key list is longer than the screen: it scrolls (arrows, PgUp/PgDn, Home/End),
/// says so on its border, reaches its last key, and any other key closes it.
#[test]
fn the_help_scrolls_on_a_small_screen() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    app.act(Action::Help);
    let top = text(&render(&mut app, 80, 24));
    assert!(top.contains("run / pause"), "{top}");
    assert!(
        top.contains("PgUp PgDn scroll"),
        "the border says it scrolls:\n{top}"
    );
    assert!(
        !top.contains("ctrl-c  quit"),
        "the last key is below the screen:\n{top}"
    );
    press(&mut app, KeyCode::End);
    let bottom = text(&render(&mut app, 80, 24));
    assert!(bottom.contains("ctrl-c  quit"), "{bottom}");
    assert!(
        bottom.contains("any other key closes this help"),
        "{bottom}"
    );
    press(&mut app, KeyCode::Home);
    assert!(text(&render(&mut app, 80, 24)).contains("run / pause"));
    press(&mut app, KeyCode::Char('x'));
    assert_eq!(*app.dialog(), Dialog::None);
    // at 200x60 it all fits, and nothing says to scroll
    app.act(Action::Help);
    let all = text(&render(&mut app, 200, 60));
    assert!(
        all.contains("run / pause") && all.contains("ctrl-c  quit"),
        "{all}"
    );
    assert!(!all.contains("PgUp PgDn scroll"), "{all}");
}

/// `y` offers the command whole: on the terminal's clipboard (OSC 52, base64) and, with `w`, in
/// a file on one line, however the dialog wraps it on screen.
#[test]
fn the_command_goes_to_the_clipboard_and_to_a_file_unwrapped() {
    assert_eq!(sudoscope_tui::base64(b"foobar"), "Zm9vYmFy");
    assert_eq!(sudoscope_tui::base64(b"fo"), "Zm8=");
    assert_eq!(sudoscope_tui::base64(b"f"), "Zg==");
    let dir = tempfile::tempdir().unwrap();
    let mut opts = options("sudoku_7", "plateau", Preset::Classic, &[]);
    opts.lesson_out = Some(dir.path().join("lesson.toml"));
    let (mut app, _rx) = settled(opts, 0);
    app.act(Action::ShowCommand);
    let command = app.command_line();
    assert_eq!(app.take_clipboard(), Some(command.clone()));
    press(&mut app, KeyCode::Char('w'));
    let written = std::fs::read_to_string(dir.path().join("sudoscope-command.txt")).unwrap();
    assert_eq!(written, format!("{command}\n"), "one line, unwrapped");
    assert!(text(&render(&mut app, 80, 24)).contains("written to"));
}
