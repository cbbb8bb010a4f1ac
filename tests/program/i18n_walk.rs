//! Every screen of the visualiser in Spanish and Portuguese, drawn in-process at 80x24 and
//! 200x60: every algorithm in both presets with its why-stuck panel, every dialog, the help's
//! pages, a race, the parameter editor's status line, and the watch view of a trace (waiting,
//! running with metrics of its own, ended). A word that only the English catalog has fails the
//! test, naming the screen; every one found is listed at once.

use crate::screen;
use crate::words;

use std::collections::BTreeSet;

use screen::{options, render, settled, text, wait};
use sudoscope_core::engine::trace::feed::Closed;
use sudoscope_core::engine::trace::read::{self, Population, TraceEnd, TraceStep};
use sudoscope_core::engine::trace::source;
use sudoscope_core::search::{ALGORITHMS, Preset};
use sudoscope_i18n::Lang;
use sudoscope_tui::Launch;
use sudoscope_tui::app::App;
use sudoscope_tui::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use words::{english_only, screen_words};

/// Where the words are checked: the classic terminal and a projector's.
const SIZES: [(u16, u16); 2] = [(80, 24), (200, 60)];
/// Where nothing English shows whole may be cut: the classic terminal and a laptop's.
const CUT_SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// What the walk found: the screens with English on them.
struct Walk {
    lang: &'static str,
    /// The language every screen of the walk is drawn in.
    language: Lang,
    forbidden: BTreeSet<String>,
    /// What the guide says stays English: algorithm names as `--algo` takes them, parameter
    /// names and values as `--set` takes them.
    exempt: BTreeSet<String>,
    found: Vec<String>,
    screens: usize,
    /// Per screen and size, the lines cut short (ending in `…`), and the screen.
    cuts: Vec<(String, usize, String)>,
    /// Per screen and size, the key reminders the status line shows.
    hints: Vec<BTreeSet<String>>,
    /// The status line's key reminders: catalog id, word.
    hint_words: Vec<(String, String)>,
}

impl Walk {
    /// Draw the app at both sizes and note the English words it shows.
    fn look(&mut self, what: &str, app: &mut App) {
        for (w, h) in CUT_SIZES {
            let shown = text(&render(app, w, h));
            let cut = shown.matches('…').count();
            let status = shown.lines().last().unwrap_or("").to_string();
            let hints = self
                .hint_words
                .iter()
                .filter(|(_, word)| status.contains(&format!(" {word}")))
                .map(|(id, _)| id.clone())
                .collect();
            self.hints.push(hints);
            self.cuts.push((format!("{what} at {w}x{h}"), cut, shown));
        }
        if self.lang == "en" {
            return;
        }
        for (w, h) in SIZES {
            let shown = text(&render(app, w, h));
            self.screens += 1;
            let english: Vec<String> = screen_words(&shown)
                .intersection(&self.forbidden)
                .filter(|w| !self.exempt.contains(*w))
                .cloned()
                .collect();
            if !english.is_empty() {
                self.found.push(format!(
                    "{} {what} at {w}x{h}: {english:?}\n{shown}",
                    self.lang
                ));
            }
            let points = decimal_points(&shown);
            if !points.is_empty() {
                self.found.push(format!(
                    "{} {what} at {w}x{h}: decimal points {points:?}\n{shown}",
                    self.lang
                ));
            }
        }
    }
}

/// Numbers written with a decimal point, outside `name=value` settings (which stay as `--set`
/// takes them) and the command line.
fn decimal_points(screen: &str) -> Vec<String> {
    let mut after_flag = false;
    screen
        .split_whitespace()
        .filter(|t| {
            let bare = t.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '-');
            let flag = bare.starts_with("--");
            let keep = !flag && !after_flag && !t.contains('=');
            after_flag = flag;
            keep
        })
        .filter(|t| {
            let c: Vec<char> = t.chars().collect();
            c.windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

fn key(app: &mut App, code: KeyCode) {
    app.on_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn char(app: &mut App, c: char) {
    key(app, KeyCode::Char(c));
}

/// Every algorithm in both presets, a few steps in, with and without the why-stuck panel.
fn algorithms(walk: &mut Walk) {
    for a in ALGORITHMS {
        for preset in [Preset::Classic, Preset::Tuned] {
            let (mut app, _rx) = settled(
                options_in(walk.language, "sudoku_7", a.name, preset, &[]),
                3,
            );
            let what = format!("{} ({preset:?})", a.name);
            walk.look(&what, &mut app);
            char(&mut app, 'l');
            walk.look(&format!("{what}, why stuck"), &mut app);
        }
    }
}

/// The dialogs and overlays, from annealing's screen.
fn dialogs(walk: &mut Walk) {
    let (mut app, rx) = settled(
        options_in(walk.language, "sudoku_7", "annealing", Preset::Classic, &[]),
        2,
    );
    let open = |app: &mut App, keys: &[KeyCode], what: &str, walk: &mut Walk| {
        for k in keys {
            key(app, *k);
        }
        walk.look(what, app);
        key(app, KeyCode::Esc);
    };
    let c = KeyCode::Char;
    open(&mut app, &[c('?')], "help", walk);
    for page in 1..4 {
        let mut keys = vec![c('?')];
        keys.extend(std::iter::repeat_n(KeyCode::PageDown, page));
        open(&mut app, &keys, &format!("help, page {}", page + 1), walk);
    }
    open(&mut app, &[c('a')], "the algorithm picker", walk);
    open(&mut app, &[c('e')], "the parameter editor", walk);
    open(&mut app, &[c('o')], "the puzzle opener", walk);
    open(&mut app, &[c('y')], "the command line", walk);
    open(&mut app, &[c('x')], "the experiment dialog", walk);
    open(&mut app, &[c('c')], "candidates", walk);
    open(&mut app, &[c('v'), KeyCode::Right], "a cell", walk);
    open(&mut app, &[c('d')], "the solution", walk);
    open(&mut app, &[c('N')], "notes", walk);
    open(&mut app, &[c('W')], "a still", walk);
    open(&mut app, &[c('f')], "the focus layout", walk);
    key(&mut app, KeyCode::Char('f'));
    // a parameter edited with the language's decimal mark: the status line after it
    char(&mut app, 'e');
    key(&mut app, KeyCode::Enter);
    for _ in 0..8 {
        key(&mut app, KeyCode::Backspace);
    }
    for ch in format!("0{}5", walk.language.decimal()).chars() {
        char(&mut app, ch);
    }
    key(&mut app, KeyCode::Enter);
    walk.look("after editing a parameter", &mut app);
    // the other preset, then a racer added
    char(&mut app, 'p');
    walk.look("the preset switched", &mut app);
    char(&mut app, 'R');
    walk.look("adding a racer", &mut app);
    key(&mut app, KeyCode::Enter);
    // both panes drawn from a report (not "starting…", which English and the others would
    // show or not by the timing alone)
    wait(&mut app, &rx, |a| {
        a.race().panes().len() == 2 && a.race().panes().iter().all(|p| p.report.is_some())
    });
    walk.look("a racer added", &mut app);
}

/// A race of three, run to its end.
fn race(walk: &mut Walk) {
    let (mut app, rx) = settled(
        options_in(
            walk.language,
            "sudoku_7",
            "steepest",
            Preset::Classic,
            &["stochastic", "beam"],
        ),
        1,
    );
    walk.look("a race", &mut app);
    // every pane's algorithm whole in its title, where three panes fit side by side
    for (w, h) in [(200, 60), (160, 50)] {
        let shown = text(&render(&mut app, w, h));
        for p in app.race().panes() {
            let label = p.label(walk.language);
            if !shown.contains(&format!(" {label} ")) {
                walk.found.push(format!(
                    "{} a race at {w}x{h}: the title {label:?} is cut\n{shown}",
                    walk.lang
                ));
            }
        }
    }
    char(&mut app, 'n');
    wait(&mut app, &rx, |a| {
        a.race().panes().iter().any(|p| {
            p.report
                .as_ref()
                .is_some_and(|r| r.snapshot.ended.is_some())
        })
    });
    walk.look("a race, one ended", &mut app);
}

/// A watch view of the runs handed to the program under `name` (as a followed tab's), running
/// at full speed; the pusher that hands them over.
fn pushed(
    lang: Lang,
    name: &str,
) -> (
    App,
    crossbeam_channel::Receiver<sudoscope_core::engine::runner::Report>,
    source::Pusher,
) {
    let (src, pusher) = source::pushed(name);
    let mut opts = options_in(lang, "sudoku_7", "steepest", Preset::Classic, &[]);
    opts.source = Some(src);
    opts.run.paused = false;
    opts.run.speed = None;
    let (tx, rx) = crossbeam_channel::bounded(256);
    (App::new(opts, tx), rx, pusher)
}

/// Begin a run of the trace whose header is `json`; the puzzle's givens.
fn begin(pusher: &mut source::Pusher, json: &str) -> Vec<u8> {
    let resolve = |r: &str| sudoscope_core::catalog::resolve_builtin(r).map_err(|e| e.to_string());
    let header = read::header(json, 1, &resolve).unwrap();
    let givens = header.puzzle.givens.cells().to_vec();
    pusher.begin(header, None);
    givens
}

/// Wait until the first pane has shown `n` steps.
fn wait_steps(
    app: &mut App,
    rx: &crossbeam_channel::Receiver<sudoscope_core::engine::runner::Report>,
    n: u64,
) {
    wait(app, rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.snapshot.steps >= n)
    });
}

/// The watch view of a trace: waiting for it, running (with metrics of its own), ended.
fn watching(walk: &mut Walk) {
    let (mut app, rx, mut pusher) = pushed(walk.language, "ana");
    walk.look("waiting for a trace", &mut app);
    let givens = begin(
        &mut pusher,
        r#"{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"recocido","neighbourhood":"course"}"#,
    );
    let empty: Vec<usize> = (0..81).filter(|&i| givens[i] == 0).collect();
    for (i, &cell) in empty.iter().take(30).enumerate() {
        pusher.step(TraceStep {
            step: Some(i as u64 + 1),
            changed: vec![(cell as u16, 1 + (i % 9) as u8)],
            cost: Some(50.0 - i as f64),
            accepted: Some(i % 3 != 0),
            metrics: vec![
                ("temperatura".into(), 1.5 / (i + 1) as f64),
                ("population mean".into(), 20.0 - i as f64 / 3.0),
            ],
            ..TraceStep::default()
        });
    }
    wait_steps(&mut app, &rx, 30);
    walk.look("a trace, running", &mut app);
    char(&mut app, 'l');
    walk.look("a trace, why stuck", &mut app);
    char(&mut app, 'l');
    pusher.end(Closed::End(TraceEnd {
        outcome: "stuck".into(),
        steps: Some(30),
        cost: Some(20.0),
        result: None,
        error: None,
    }));
    wait(&mut app, &rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.snapshot.ended.is_some())
    });
    walk.look("a trace, ended", &mut app);
    // y: these runs were sent to the class board, so there is no command line to give
    char(&mut app, 'y');
    walk.look("the command line of runs sent to the board", &mut app);
    let shown = text(&render(&mut app, 120, 40));
    assert!(
        shown.contains("ana") && !shown.contains("watch --speed"),
        "{shown}"
    );
    assert!(app.take_clipboard().is_none(), "nothing to copy");
    // and, as it says, any key closes it: w writes nothing
    char(&mut app, 'w');
    assert_eq!(*app.dialog(), sudoscope_tui::dialog::Dialog::None);
}

/// A trace whose steps carry their population (format 1.1): its members' costs, figures and
/// chart, and the population's diversity in the why-stuck panel.
fn population(walk: &mut Walk) {
    let (mut app, rx, mut pusher) = pushed(walk.language, "bea");
    let givens = begin(
        &mut pusher,
        r#"{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"algoritmo genético","neighbourhood":"none"}"#,
    );
    let empty: Vec<usize> = (0..81).filter(|&i| givens[i] == 0).collect();
    for (i, &cell) in empty.iter().take(12).enumerate() {
        let costs: Vec<u32> = (0..30).map(|k| 20 - i as u32 + k % 7).collect();
        pusher.step(TraceStep {
            step: Some(i as u64 + 1),
            changed: vec![(cell as u16, 1 + (i % 9) as u8)],
            cost: Some(2.0 - i as f64 / 10.0),
            metrics: vec![("generation".into(), i as f64 + 1.0), ("mean".into(), 2.4)],
            population: Some(Box::new(Population {
                per_cell: givens.iter().map(|&g| if g == 0 { 3 } else { 1 }).collect(),
                distinct: 25,
                reported: costs.iter().map(|&c| c as f64 / 10.0).collect(),
                total: 30,
                counted: Some((
                    *costs.iter().min().unwrap(),
                    costs.iter().sum::<u32>() as f64 / 30.0,
                    *costs.iter().max().unwrap(),
                )),
                costs,
                ..Population::default()
            })),
            ..TraceStep::default()
        });
    }
    wait_steps(&mut app, &rx, 12);
    walk.look("a population's trace", &mut app);
    char(&mut app, 'l');
    walk.look("a population's trace, why stuck", &mut app);
    let shown = text(&render(&mut app, 200, 60));
    let size = walk
        .language
        .text(&sudoscope_i18n::word_id("metric", "population"), &[]);
    assert!(shown.contains(&format!("{size} 30")), "{shown}");
}

/// The names that stay as the command line takes them: every algorithm's, every parameter's
/// and every choice a parameter names, split into words as the screen's are.
fn command_line_names() -> BTreeSet<String> {
    let mut names = Vec::new();
    for a in ALGORITHMS {
        names.push(a.name.to_string());
        for preset in [Preset::Classic, Preset::Tuned] {
            for p in a.params(preset) {
                names.push(p.name.to_string());
                names.extend(p.choices.iter().map(|c| c.to_string()));
            }
        }
    }
    names.iter().flat_map(|n| words::words(n)).collect()
}

/// The screen tests' usual run, its words in `lang`.
fn options_in(lang: Lang, puzzle: &str, algo: &str, preset: Preset, race: &[&str]) -> Launch {
    Launch {
        lang,
        ..options(puzzle, algo, preset, race)
    }
}

/// Walk every screen in one language.
fn walk(lang: Lang, code: &'static str) -> Walk {
    let mut walk = Walk {
        lang: code,
        language: lang,
        forbidden: english_only(code),
        exempt: command_line_names(),
        found: Vec::new(),
        screens: 0,
        cuts: Vec::new(),
        hints: Vec::new(),
        hint_words: words::messages(code)
            .into_iter()
            .filter(|(id, _)| id.starts_with("hint-"))
            .collect(),
    };
    algorithms(&mut walk);
    dialogs(&mut walk);
    race(&mut walk);
    watching(&mut walk);
    population(&mut walk);
    walk
}

#[test]
fn every_screen_in_spanish_and_portuguese_shows_no_english_and_cuts_no_more_than_english() {
    let english = walk(Lang::En, "en");
    let mut found = Vec::new();
    for (lang, code) in [(Lang::Es, "es"), (Lang::Pt, "pt")] {
        let walk = walk(lang, code);
        assert!(walk.screens > 100, "{code}: {} screens", walk.screens);
        assert_eq!(walk.cuts.len(), english.cuts.len());
        // what English shows whole shows whole: no more lines cut short than in English
        for (((what, cut, shown), (_, en_cut, en_shown)), (hints, en_hints)) in walk
            .cuts
            .iter()
            .zip(&english.cuts)
            .zip(walk.hints.iter().zip(&english.hints))
        {
            if cut > en_cut {
                found.push(format!(
                    "{code} {what}: {cut} cut, {en_cut} in English\n{shown}\n{en_shown}"
                ));
            }
            // the same key reminders on the status line as English
            let dropped: Vec<&String> = en_hints.difference(hints).collect();
            if !dropped.is_empty() {
                found.push(format!(
                    "{code} {what}: the status line drops {dropped:?}\n{shown}\n{en_shown}"
                ));
            }
        }
        found.extend(walk.found);
    }
    assert!(
        found.is_empty(),
        "{} screens show English:\n\n{}",
        found.len(),
        found.join("\n\n")
    );
}

/// The words of an SVG figure's texts.
fn figure_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| t.split_once('>'))
        .filter_map(|(_, rest)| rest.split_once("</text>"))
        .map(|(inner, _)| inner.trim().to_string())
        .collect()
}

/// `experiment`'s table and figures in Spanish and Portuguese: no English the catalogs
/// translate, and no legend entry cut.
#[test]
fn experiment_tables_and_figures_speak_the_language_whole() {
    let exempt = command_line_names();
    let mut found = Vec::new();
    for lang in ["es", "pt"] {
        let forbidden = english_only(lang);
        let dir = tempfile::tempdir().unwrap();
        let figures = dir.path().join("figures");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["experiment", "--lang", lang, "-p", "sudoku_7"])
            .args(["-a", "steepest,annealing,genetic", "--runs", "3"])
            .args(["--plot", figures.to_str().unwrap(), "--plot-format", "svg"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let table = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut shown = vec![("the table".to_string(), table)];
        for f in std::fs::read_dir(&figures).unwrap().flatten() {
            let svg = std::fs::read_to_string(f.path()).unwrap();
            let texts = figure_texts(&svg);
            assert!(texts.len() > 5, "{:?}: {texts:?}", f.path());
            for t in &texts {
                if t.contains('…') {
                    found.push(format!("{lang} {:?}: cut: {t:?}", f.file_name()));
                }
            }
            shown.push((format!("{:?}", f.file_name()), texts.join("\n")));
        }
        assert_eq!(shown.len(), 4, "a table and three figures");
        for (what, text) in shown {
            let english: Vec<String> = screen_words(&text)
                .intersection(&forbidden)
                .filter(|w| !exempt.contains(*w))
                .cloned()
                .collect();
            if !english.is_empty() {
                found.push(format!("{lang} {what}: {english:?}\n{text}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n\n"));
}
