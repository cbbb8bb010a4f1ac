//! The visualiser in a classroom, over ratatui's TestBackend: the grid grows with the screen,
//! the three themes (with per-cell style checks in `light`, the projector theme), lessons
//! paged scene by scene, the "why is it stuck" panel, the keyboard cell cursor, the focus
//! layout, and recordings for slides read back and checked.

use crate::common;
use crate::processes;
use crate::screen;

use std::collections::BTreeMap;
use std::time::Duration;

use crossbeam_channel::Receiver;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use screen::{mark_pos, options, render, settled, shown_value, text, wait};
use sudoscope_core::engine::runner::Report;
use sudoscope_core::search::Preset;
use sudoscope_i18n::Lang;
use sudoscope_tui::app::App;
use sudoscope_tui::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use sudoscope_tui::keys::Action;
use sudoscope_tui::lesson;
use sudoscope_tui::recording::{RecordOptions, record};
use sudoscope_tui::theme::{Palette, Theme};

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];
const PALETTES: [Palette; 3] = [Palette::Dark, Palette::Light, Palette::Mono];

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Every distinct style on screen with how many cells carry it: what a theme paints, in text.
fn styles(b: &Buffer) -> String {
    let mut census: BTreeMap<String, usize> = BTreeMap::new();
    for y in 0..b.area.height {
        for x in 0..b.area.width {
            let c = &b[(x, y)];
            let s = format!("fg {:?} bg {:?} {:?}", c.fg, c.bg, c.modifier);
            *census.entry(s).or_default() += 1;
        }
    }
    census
        .iter()
        .map(|(s, n)| format!("{n:>6}  {s}\n"))
        .collect()
}

/// The main screen at three sizes in each theme. The snapshot holds the text and the census of
/// styles, so a palette change shows; the assertions say what must hold whatever the layout.
#[test]
fn every_theme_at_every_size() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 1);
    let grid = screen::first_board(&app);
    for (w, h) in SIZES {
        for palette in PALETTES {
            app.set_theme(Theme::new(palette));
            let b = render(&mut app, w, h);
            let t = text(&b);
            assert!(t.contains(&format!("theme {}", palette.name())), "{t}");
            for cell in 0..81 {
                assert_eq!(
                    shown_value(&b, &app, cell),
                    Some(grid.get(cell)),
                    "{w}x{h} {palette:?}: cell {cell}"
                );
            }
            insta::assert_snapshot!(
                format!("main_{}_{w}x{h}", palette.name()),
                format!("{t}\n{}", styles(&b))
            );
        }
    }
}

/// On a projector-sized terminal the grid is big: its frame at least 30 rows of 60, and the
/// values drawn three rows tall. 16x16 and 25x25 grids use the height too.
#[test]
fn the_grid_fills_the_space_it_is_given() {
    let (mut app, _rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 0);
    render(&mut app, 200, 60);
    let layout = app.cursor().drawn_at().unwrap().2;
    assert!(layout.height() + 2 >= 30, "{layout:?}");
    assert!(layout.big, "{layout:?}");
    // the guide gives the figure
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/visualiser.md"))
        .unwrap();
    let claim = format!("the 9x9 grid's frame is {} rows tall", layout.height() + 2);
    assert!(
        guide.contains(&claim),
        "docs/visualiser.md should say {claim:?}"
    );
    let small = {
        render(&mut app, 80, 24);
        app.cursor().drawn_at().unwrap().2
    };
    assert!(layout.cell_w > small.cell_w && layout.cell_h > small.cell_h);
    for (puzzle, least) in [("la16:1", 2), ("la25:1", 2)] {
        let (mut app, _rx) = settled(options(puzzle, "annealing", Preset::Classic, &[]), 0);
        let b = render(&mut app, 200, 60);
        let layout = app.cursor().drawn_at().unwrap().2;
        assert!(
            layout.cell_h >= least && layout.height() + 2 >= 50,
            "{puzzle}: {layout:?}"
        );
        // the grid still reads back cell by cell
        let grid = &app.race().panes()[0].report.as_ref().unwrap().snapshot.grid;
        for cell in 0..grid.geometry().cells {
            assert_eq!(
                shown_value(&b, &app, cell),
                Some(grid.get(cell)),
                "{puzzle} cell {cell}"
            );
        }
    }
}

/// `light` is for white screens: the theme paints every cell's background white and uses no
/// yellow or cyan; givens are bold in one colour in every state, free cells in conflict are
/// underlined in another, and a given in conflict stays a given.
#[test]
fn light_theme_cell_by_cell() {
    let mut opts = options("sudoku_7", "plateau", Preset::Classic, &["steepest"]);
    opts.theme = Theme::new(Palette::Light);
    let (mut app, _rx) = settled(opts, 1);
    for (w, h) in SIZES {
        let b = render(&mut app, w, h);
        let white = Color::Indexed(231);
        for y in 0..h {
            for x in 0..w {
                let c = &b[(x, y)];
                assert_eq!(c.bg, white, "background at ({x}, {y}) {w}x{h}");
                assert!(
                    !matches!(
                        c.fg,
                        Color::Yellow | Color::LightYellow | Color::Cyan | Color::LightCyan
                    ),
                    "{:?} text at ({x}, {y}) {w}x{h}: {:?}",
                    c.fg,
                    c.symbol()
                );
            }
        }
        let report = app.race().panes()[0].report.clone().unwrap();
        let grid = &report.snapshot.grid;
        let conflicts = sudoscope_core::board::cost::conflicts(grid);
        let given_fg = Theme::new(Palette::Light).given().fg.unwrap();
        let mut seen = (0, 0);
        for (cell, &in_conflict) in conflicts.iter().enumerate() {
            let (x, y) = mark_pos(&app, cell);
            let c = &b[(x, y)];
            if app.race().puzzle().is_given(cell) {
                assert_eq!(c.fg, given_fg, "given {cell} keeps its colour");
                assert!(c.modifier.contains(Modifier::BOLD), "given {cell} is bold");
                seen.0 += in_conflict as usize;
            } else {
                assert!(!c.modifier.contains(Modifier::BOLD), "free {cell}");
                if in_conflict && !report.changed.contains(&(cell as u16)) {
                    assert_ne!(c.fg, given_fg, "a conflict is not a given's colour");
                    assert!(c.modifier.contains(Modifier::UNDERLINED), "conflict {cell}");
                    seen.1 += 1;
                }
            }
        }
        assert!(
            seen.0 > 0 && seen.1 > 0,
            "both kinds of conflict drawn: {seen:?}"
        );
    }
}

/// `mono` paints no colour at all: every mark is a modifier.
#[test]
fn mono_uses_no_colour_and_t_cycles_the_themes() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 1);
    let b = render(&mut app, 120, 40);
    for c in b.content() {
        assert_eq!(
            (c.fg, c.bg),
            (Color::Reset, Color::Reset),
            "{:?}",
            c.symbol()
        );
    }
    let mut seen = vec![app.theme().palette];
    for _ in 0..3 {
        app.on_event(key(KeyCode::Char('t')));
        seen.push(app.theme().palette);
    }
    assert_eq!(
        seen,
        [Palette::Mono, Palette::Dark, Palette::Light, Palette::Mono]
    );
}

const TWO_SCENES: &str = r#"
title = "Two scenes"

[[scene]]
caption = "Steepest descent stops in a local minimum"
algo = "steepest"
seed = 3
speed = 10
paused = true

[[scene]]
caption = "Sideways moves walk the plateau"
puzzle = "tiny4"
algo = "plateau"
preset = "tuned"
race = ["stochastic"]
set = { max_sideways = 50 }
paused = true
"#;

fn lesson_app() -> (
    App,
    crossbeam_channel::Receiver<sudoscope_core::engine::runner::Report>,
) {
    let mut opts = options("sudoku_7", "annealing", Preset::Classic, &[]);
    opts.lesson = Some(lesson::parse(TWO_SCENES, "two.toml").unwrap());
    settled(opts, 0)
}

/// PageDown and PageUp page through a lesson; each scene starts fresh from its own settings
/// (so coming back replays it), shows its caption, and the status line says where we are.
#[test]
fn a_lesson_pages_scene_by_scene_and_replays() {
    let (mut app, rx) = lesson_app();
    let t = text(&render(&mut app, 120, 40));
    assert!(
        t.contains("Steepest descent stops in a local minimum"),
        "{t}"
    );
    assert!(t.contains("scene 1/2"), "{t}");
    assert_eq!(app.race().panes().len(), 1);
    assert_eq!(app.race().panes()[0].run.method.algo.name, "steepest");
    assert_eq!(app.race().panes()[0].run.seed, 3);
    let first_board = screen::first_board(&app);
    // keys keep working inside a scene
    for _ in 0..5 {
        app.act(Action::Step);
    }
    wait(&mut app, &rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.snapshot.steps == 5)
    });

    app.on_event(key(KeyCode::PageDown));
    wait(&mut app, &rx, |a| {
        a.race().panes().iter().all(|p| p.report.is_some())
    });
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("Sideways moves walk the plateau"), "{t}");
    assert!(t.contains("scene 2/2"), "{t}");
    assert_eq!(app.race().puzzle().geometry().n, 4);
    let names: Vec<_> = app
        .race()
        .panes()
        .iter()
        .map(|p| (p.run.method.algo.name, p.run.method.preset))
        .collect();
    assert_eq!(
        names,
        [("plateau", Preset::Tuned), ("stochastic", Preset::Tuned)]
    );
    assert_eq!(
        app.race().panes()[0].run.method.params.get("max_sideways"),
        50.0
    );
    app.on_event(key(KeyCode::PageDown));
    assert!(text(&render(&mut app, 120, 40)).contains("this is the last scene"));

    app.on_event(key(KeyCode::PageUp));
    wait(&mut app, &rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.snapshot.steps == 0)
    });
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("scene 1/2"), "{t}");
    assert_eq!(
        app.race().panes()[0].report.as_ref().unwrap().snapshot.grid,
        first_board,
        "a scene replays from the same board"
    );
}

/// Press `l`, wait until the runner reports the neighbourhood, and read the 120x40 screen.
fn landscape_screen(app: &mut App, rx: &Receiver<Report>) -> String {
    app.on_event(key(KeyCode::Char('l')));
    wait(app, rx, |a| {
        a.race().panes()[0]
            .report
            .as_ref()
            .is_some_and(|r| r.landscape.is_some())
    });
    text(&render(app, 120, 40))
}

/// On a short screen the panel keeps the rows around the sideways moves (the least uphill,
/// with its probability, is what a lesson asks about) and says how many it leaves out (the
/// third trial: on a phone on its side only the downhill rows showed, and nothing said more
/// were missing).
#[test]
fn a_short_landscape_panel_keeps_the_rows_near_zero_and_says_what_it_leaves_out() {
    let (mut app, rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 3);
    let _ = landscape_screen(&mut app, &rx);
    let Some(sudoscope_core::search::Landscape::Moves { deltas, .. }) = app.race().panes()[0]
        .report
        .as_ref()
        .unwrap()
        .landscape
        .clone()
    else {
        panic!("annealing reports its moves");
    };
    let rows = |t: &str| t.matches('Δ').count() - t.matches("of Δ").count();
    let tall = text(&render(&mut app, 120, 60));
    assert_eq!(rows(&tall), deltas.len(), "every row at 120x60:\n{tall}");
    // the first height, at 72 columns, with room for three rows but not for all
    let (short, shown) = (24..60)
        .map(|h| text(&render(&mut app, 72, h)))
        .map(|t| {
            let n = rows(&t);
            (t, n)
        })
        .find(|(_, n)| *n >= 3)
        .expect("three rows at some height");
    assert!(
        shown < deltas.len(),
        "a short screen has fewer rows:\n{short}"
    );
    assert!(
        short.contains(&format!("{} more rows of Δ left out", deltas.len() - shown)),
        "{short}"
    );
    // and one row left out is one row, in every language
    for (lang, one) in [
        (Lang::En, "1 more row of Δ left out"),
        (Lang::Es, "1 fila más de Δ queda afuera"),
        (Lang::Pt, "mais 1 linha de Δ fica de fora"),
    ] {
        let said = lang.text("stuck-rows-hidden", &[("n", 1.into())]);
        assert!(said.starts_with(one), "{lang:?}: {said}");
    }
    let least_uphill = deltas.iter().find(|(d, _)| *d > 0).unwrap().0;
    assert!(
        short.contains(&format!("Δ{least_uphill:+4} ")),
        "the least uphill row:\n{short}"
    );
}

/// A descent stuck in a local minimum shows 0 downhill neighbours: the definition, on screen.
/// Annealing adds the acceptance probability of each uphill change; the genetic algorithm
/// shows how many distinct values each cell holds across the population.
#[test]
fn the_landscape_panel_says_why_a_search_is_stuck() {
    let (mut app, rx) = settled(options("sudoku_7", "steepest", Preset::Classic, &[]), 200);
    assert!(
        app.race().panes()[0].ended(),
        "steepest descent stops within 200 moves"
    );
    let t = landscape_screen(&mut app, &rx);
    assert!(t.contains("downhill 0"), "{t}");
    assert!(t.contains("sideways") && t.contains("uphill"), "{t}");
    assert!(t.contains("local minimum"), "{t}");

    let (mut app, rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 3);
    let t = landscape_screen(&mut app, &rx);
    assert!(t.contains("downhill") && t.contains("p="), "{t}");

    let (mut app, rx) = settled(options("sudoku_7", "genetic", Preset::Classic, &[]), 2);
    let t = landscape_screen(&mut app, &rx);
    assert!(t.contains("distinct values per cell"), "{t}");
    // one map row per grid row, a mark per cell: givens agree in every member
    let Some(sudoscope_core::search::Landscape::Diversity { per_cell, .. }) =
        &app.race().panes()[0].report.as_ref().unwrap().landscape
    else {
        panic!("the genetic algorithm reports its diversity");
    };
    assert_eq!(per_cell.len(), 81);
    for cell in app
        .race()
        .puzzle()
        .givens
        .cells()
        .iter()
        .enumerate()
        .filter(|c| *c.1 != 0)
    {
        assert_eq!(
            per_cell[cell.0], 1,
            "given {} is the same in every member",
            cell.0
        );
    }
    assert!(
        per_cell.iter().any(|&k| k > 1),
        "a young population is diverse"
    );
}

/// `v` starts a keyboard cursor on the grid; arrows and hjkl move it and the cell's candidates
/// and conflicts show as for a click; Esc leaves.
#[test]
fn the_cell_cursor_moves_with_arrows_and_hjkl() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    render(&mut app, 120, 40);
    app.on_event(key(KeyCode::Char('v')));
    assert!(app.cursor().cell_mode());
    let start = app.cursor().selected().expect("the cursor is on a cell");
    app.on_event(key(KeyCode::Right));
    app.on_event(key(KeyCode::Char('j')));
    assert_eq!(app.cursor().selected(), Some(start + 1 + 9));
    app.on_event(key(KeyCode::Char('h')));
    app.on_event(key(KeyCode::Up));
    assert_eq!(app.cursor().selected(), Some(start));
    let t = text(&render(&mut app, 120, 40));
    let name = format!("r{}c{} ", start / 9 + 1, start % 9 + 1);
    assert!(t.contains(&name), "{name}: {t}");
    assert!(t.contains("pencil marks from the givens"), "{t}");
    app.on_event(key(KeyCode::Esc));
    assert!(!app.cursor().cell_mode());
    assert!(!app.quit(), "Esc leaves the cursor, not the program");
}

/// `f` keeps the grid, the cost chart and the caption, and gives the grid the room the panels
/// took: on a screen where the panels bound the grid's width (100x60) it grows; where the
/// height bounds it (120x40) it stays as large as it was.
#[test]
fn focus_layout_keeps_grid_chart_and_caption() {
    let (mut app, _rx) = lesson_app();
    let mut sizes = Vec::new();
    for (w, h) in [(100, 60), (120, 40)] {
        if app.focus_layout() {
            app.act(Action::FocusLayout);
        }
        render(&mut app, w, h);
        let normal = app.cursor().drawn_at().unwrap().2;
        app.on_event(key(KeyCode::Char('f')));
        let t = text(&render(&mut app, w, h));
        let focused = app.cursor().drawn_at().unwrap().2;
        assert!(t.contains("Steepest descent stops"), "{t}");
        assert!(t.contains("cost"), "{t}");
        assert!(!t.contains("step log"), "{t}");
        sizes.push((normal, focused));
    }
    let (normal, focused) = sizes[0];
    assert!(
        focused.width() > normal.width() && focused.height() > normal.height(),
        "at 100x60 the grid grows: {focused:?} from {normal:?}"
    );
    let (normal, focused) = sizes[1];
    assert_eq!(focused, normal, "at 120x40 the height bounds it already");
}

fn recording(out: &std::path::Path, palette: Palette) -> sudoscope_tui::recording::Recorded {
    let mut app = options("sudoku_7", "steepest", Preset::Classic, &["plateau"]);
    app.theme = Theme::new(palette);
    app.run.speed = Some(10.0);
    app.run.paused = false;
    record(RecordOptions {
        app,
        steps: Some(20),
        seconds: None,
        size: (100, 30),
        out: out.to_path_buf(),
        still: false,
    })
    .unwrap()
}

/// A recording is asciicast v2: a header line with version, width and height, then
/// `[seconds, "o", text]` events in time order; the simulated clock makes it byte-identical
/// from one run to the next. The SVG is one self-contained, animated image.
#[test]
fn recordings_are_asciicast_and_animated_svg_and_repeat_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let cast = dir.path().join("run.cast");
    let done = recording(&cast, Palette::Dark);
    assert_eq!(done.steps, 20);
    let common::Cast {
        size,
        last,
        output: screen,
    } = common::read_cast(&cast);
    assert_eq!(size, (100, 30));
    // 20 steps at 10 per second: two simulated seconds, then the last frame held two more
    assert_eq!(last, 4.0);
    assert_eq!(done.seconds, 4.0);
    assert!(screen.contains("steepest (classic)") && screen.contains("plateau (classic)"));
    let again = dir.path().join("again.cast");
    recording(&again, Palette::Dark);
    assert_eq!(
        std::fs::read(&cast).unwrap(),
        std::fs::read(&again).unwrap()
    );

    let svg_path = dir.path().join("run.svg");
    recording(&svg_path, Palette::Light);
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains("<set attributeName=\"visibility\""),
        "animated"
    );
    assert!(
        !svg.contains("href="),
        "self-contained: no external reference"
    );
    assert!(svg.contains("fill=\"#ffffff\""), "light paints white");
}

/// A lesson scene may show a search the class wrote: `watch = "COMMAND"` starts it with the
/// scene (its trace's puzzle on screen), and the next scene ends it.
#[test]
fn a_lesson_scene_watches_a_command_and_ends_it_with_the_scene() {
    let example = common::repo("python/examples/steepest.py");
    // a seed no other test gives the example (experiment's test runs it with seeds 1 to 4 at
    // once), so its command line marks this test's command
    let seed = 4_000_000 + std::process::id();
    let command = format!("{} --seed {seed}", example.display());
    let text_of = format!(
        "title = \"Yours\"\n[[scene]]\ncaption = \"your descent\"\nwatch = \"python3 {command}\"\nspeed = 100\npaused = false\n\n[[scene]]\ncaption = \"ours\"\nalgo = \"steepest\"\n"
    );
    let mut opts = options("tiny4", "annealing", Preset::Classic, &[]);
    opts.lesson = Some(lesson::parse(&text_of, "yours.toml").unwrap());
    let (mut app, rx) = settled(opts, 0);
    wait(&mut app, &rx, |a| {
        a.race()
            .panes()
            .first()
            .and_then(|p| p.report.as_ref())
            .is_some_and(|r| r.snapshot.steps >= 3)
    });
    assert_eq!(app.race().puzzle().name, "sudoku_7", "the trace's puzzle");
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("gradiente descendente (trace)"), "{t}");
    let pids: Vec<u32> = processes::marked(&command)
        .into_iter()
        .map(|(pid, _)| pid)
        .collect();
    assert!(!pids.is_empty(), "the scene's command is not running");
    app.on_event(key(KeyCode::PageDown));
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("scene 2/2"), "{t}");
    // gone, or a zombie waiting for a parent that is not ours to reap it; a loaded machine may
    // take a while to end it, but it must end
    let state = |pid: u32| {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_default()
            .lines()
            .find(|l| l.starts_with("State:"))
            .unwrap_or("State: gone")
            .to_string()
    };
    let ended = |pid: u32| {
        let s = state(pid);
        s.contains("gone") || s.contains("zombie")
    };
    let began = std::time::Instant::now();
    while !pids.iter().all(|&p| ended(p)) && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pid in pids {
        assert!(
            ended(pid),
            "the scene's command {pid} still ran 30 s after the scene: {}",
            state(pid)
        );
    }
}

/// A scene whose command does not start says so, and its panes wait, paused on its puzzle: no
/// built-in search moves under a caption about the class's program. The next scene runs.
#[test]
fn a_scene_whose_command_does_not_start_waits_paused() {
    let text_of = "title = \"Yours\"\n[[scene]]\ncaption = \"your descent\"\nwatch = \"sudoscope-test-no-such-program --seed 1\"\n\n[[scene]]\ncaption = \"ours\"\nalgo = \"steepest\"\n";
    let mut opts = options("sudoku_7", "annealing", Preset::Classic, &[]);
    opts.lesson = Some(lesson::parse(text_of, "yours.toml").unwrap());
    let (mut app, _rx) = settled(opts, 0);
    let said = app.status().expect("the scene says why").to_string();
    assert!(
        said.starts_with("this scene's command did not start, so the board waits, paused"),
        "{said}"
    );
    assert!(!app.race().running(), "a search runs under the scene");
    // the message, longer than the status line, takes rows of its own above it: every word
    // shows, and the state beside the key reminders
    let t = text(&render(&mut app, 100, 40));
    let words = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let whole = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains(&whole), "{whole}\n{t}");
    assert!(t.contains("[paused"), "{t}");
    // run, the built-in search runs, and the caption says, for as long as the scene is on
    // screen, that it is not the scene's program
    app.on_event(key(KeyCode::Char(' ')));
    assert!(app.race().running());
    let caption = app.caption(app.lang()).unwrap();
    assert!(
        caption.ends_with("(its program does not run here; on screen: annealing (classic))"),
        "{caption}"
    );
    app.on_event(key(KeyCode::PageDown));
    assert!(app.race().running(), "the next scene runs");
    assert_eq!(app.caption(app.lang()).unwrap(), "Yours · ours");
    app.on_event(key(KeyCode::PageUp));
    assert!(!app.race().running(), "back to the scene, paused again");
}

/// A lesson's caption wraps instead of being cut (round two: the built-in lesson's long captions
/// lost their ends at 120x40), at 120x40 and at 80x24.
#[test]
fn long_captions_wrap_whole() {
    let mut opts = options("sudoku_7", "annealing", Preset::Classic, &[]);
    opts.lesson = Some(lesson::read(std::path::Path::new("local-search")).unwrap());
    let (mut app, _rx) = settled(opts, 0);
    let caption = app.caption(app.lang()).unwrap();
    for (w, h) in [(120, 40), (80, 24)] {
        let t = text(&render(&mut app, w, h));
        assert!(!t.contains("terminal too small"), "{w}x{h}:\n{t}");
        // the banner's rows, joined: the whole caption, word for word
        let banner: Vec<&str> = t.lines().take(3).flat_map(str::split_whitespace).collect();
        let words: Vec<&str> = caption.split_whitespace().collect();
        assert!(
            banner.windows(words.len()).any(|s| s == words.as_slice()),
            "{w}x{h}: the whole caption:\n{t}"
        );
    }
}

/// `l` works in a race too (round two: the status line said "why stuck" and no panel showed):
/// the focused pane's neighbourhood takes its chart's place; and at 120x40 the panel's first
/// sentence is whole.
#[test]
fn the_landscape_panel_shows_in_a_race_and_its_sentence_whole() {
    let (mut app, rx) = settled(
        options("sudoku_7", "steepest", Preset::Classic, &["genetic"]),
        200,
    );
    let t = landscape_screen(&mut app, &rx);
    assert!(
        t.contains("downhill 0"),
        "the focused pane's panel in the race:\n{t}"
    );
    let (mut app, rx) = settled(options("sudoku_7", "steepest", Preset::Classic, &[]), 200);
    let t = landscape_screen(&mut app, &rx);
    assert!(t.contains("neighbours)"), "the sentence's end:\n{t}");
}
