//! The main screens drawn into ratatui's TestBackend at fixed sizes: whole-screen text snapshots
//! (insta) fix the layout, and per-cell style assertions check what text cannot: givens bold,
//! conflicts underlined, the last change reversed, all without colour (NO_COLOR).

use crate::screen;

use crossbeam_channel::Receiver;
use ratatui::style::Modifier;
use screen::{mark_pos, options, render, settled, shown_value, text};
use sudoscope_core::engine::runner::Report;
use sudoscope_core::search::Preset;
use sudoscope_i18n::Lang;
use sudoscope_tui::App;
use sudoscope_tui::event::{Event, KeyCode, KeyEvent};
use sudoscope_tui::keys::Action;

#[test]
/// The main screen: the snapshot fixes the layout; the assertions say what it must show.
fn main_screen_annealing() {
    let (mut app, _rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 0);
    let b = render(&mut app, 120, 40);
    let t = text(&b);
    let status = t.lines().last().unwrap();
    assert!(
        status.contains("? help") && status.contains("q quit"),
        "{status}"
    );
    assert!(t.contains("temperature") && t.contains("step log"), "{t}");
    insta::assert_snapshot!("main_annealing_120x40", t);
}

/// The classic terminal size still shows the whole grid and the panels beside it.
#[test]
fn main_screen_fits_80x24() {
    let (mut app, _rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 2);
    let b = render(&mut app, 80, 24);
    let t = text(&b);
    assert!(!t.contains("too small"), "{t}");
    // every row of the grid is drawn, with its nine values
    let grid = screen::first_board(&app);
    for cell in 0..81 {
        assert_eq!(
            shown_value(&b, &app, cell),
            Some(grid.get(cell)),
            "cell {cell}"
        );
    }
    assert!(
        t.contains("annealing (classic)") && t.contains("step log"),
        "{t}"
    );
    insta::assert_snapshot!("main_annealing_80x24", t);
}

#[test]
fn family_panels() {
    for (algo, preset, steps) in [
        ("genetic", Preset::Classic, 1),
        ("beam", Preset::Tuned, 1),
        ("backtrack", Preset::Tuned, 3),
        ("tabu", Preset::Classic, 5),
    ] {
        let (mut app, _rx) = settled(options("top95:3", algo, preset, &[]), steps);
        let b = render(&mut app, 120, 40);
        let t = text(&b);
        let snap = &app.race().panes()[0].report.as_ref().unwrap().snapshot;
        let metric = |name: &str| {
            snap.metrics
                .iter()
                .find(|m| m.name == name)
                .map(|m| m.value)
        };
        match algo {
            "beam" => {
                // the mean shown is the members' mean, and every member is listed
                let members = &snap.series.iter().find(|s| s.0 == "members").unwrap().1;
                let mean = members.iter().sum::<f64>() / members.len() as f64;
                assert_eq!(metric("mean"), Some(mean));
                assert!(t.contains(&format!("mean {mean:.3}")), "{t}");
                assert_eq!(members.len(), 20);
            }
            "genetic" => {
                assert_eq!(metric("generation"), Some(1.0));
                assert!(t.contains("generation 1"), "{t}");
            }
            "backtrack" => assert!(t.contains("depth"), "{t}"),
            _ => assert!(t.contains("tabu"), "{t}"),
        }
        insta::assert_snapshot!(format!("panel_{algo}_120x40"), t);
    }
}

#[test]
fn help_race_and_too_small() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    app.act(Action::Help);
    insta::assert_snapshot!("help_120x40", text(&render(&mut app, 120, 40)));
    app.on_event(Event::Key(KeyEvent::from(KeyCode::Esc)));
    let t = text(&render(&mut app, 60, 20));
    assert!(
        t.contains("terminal too small: need") && t.contains("q quits"),
        "{t}"
    );
    insta::assert_snapshot!("too_small_60x20", t);
    let (mut race, _rx2) = settled(
        options(
            "sudoku_7",
            "steepest",
            Preset::Classic,
            &["plateau", "genetic"],
        ),
        2,
    );
    let t = text(&render(&mut race, 120, 50));
    let seeds: Vec<u64> = race.race().panes().iter().map(|p| p.run.seed).collect();
    assert_eq!(seeds, [1, 2, 3], "each racer its own seed, in order");
    for name in [
        "steepest (classic)",
        "plateau (classic)",
        "genetic (classic)",
    ] {
        assert!(t.contains(name), "a pane titled {name}:\n{t}");
    }
    assert!(
        !t.contains("terminal too small"),
        "three panes fit 120x50:\n{t}"
    );
    assert_eq!(
        t.matches("step 2").count(),
        3,
        "every pane shows its step count:\n{t}"
    );
    insta::assert_snapshot!("race_3_panes_120x50", t);
}

#[test]
fn givens_conflicts_and_changes_carry_modifiers() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 1);
    let b = render(&mut app, 120, 40);
    let frame = app.race().panes()[0].report.clone().unwrap();
    let grid = &frame.snapshot.grid;
    let conflicts = sudoscope_core::board::cost::conflicts(grid);
    let mut checked = (0, 0);
    for (cell, &in_conflict) in conflicts.iter().enumerate() {
        let (x, y) = mark_pos(&app, cell);
        assert_eq!(
            shown_value(&b, &app, cell),
            Some(grid.get(cell)),
            "cell {cell}"
        );
        let m = b[(x, y)].modifier;
        if app.race().puzzle().is_given(cell) {
            assert!(m.contains(Modifier::BOLD), "given {cell} is bold");
            checked.0 += 1;
        } else {
            assert!(!m.contains(Modifier::BOLD), "free {cell} is not bold");
        }
        assert_eq!(
            m.contains(Modifier::UNDERLINED),
            conflicts[cell],
            "conflict mark of {cell}"
        );
        assert_eq!(
            m.contains(Modifier::REVERSED),
            frame.changed.contains(&(cell as u16)),
            "change mark of {cell}"
        );
        checked.1 += in_conflict as usize;
    }
    assert_eq!(checked.0, 38, "sudoku_7 has 38 givens");
    assert!(checked.1 > 0, "a random start has conflicts to check");
    assert!(!frame.changed.is_empty(), "one plateau step changes a cell");
    // an underline stops short of its cell's edges: two conflicts side by side are two marks,
    // not one rule across the grid (the fifth trial), at every size of grid, and so does the
    // legend's
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let b = render(&mut app, w, h);
        let (_, _, layout) = app.cursor().drawn_at().unwrap();
        let longest = (0..h)
            .flat_map(|y| {
                let b = &b;
                (0..w)
                    // (the last change, reversed, covers its whole cell)
                    .map(move |x| {
                        let m = b[(x, y)].modifier;
                        m.contains(Modifier::UNDERLINED) && !m.contains(Modifier::REVERSED)
                    })
                    .collect::<Vec<_>>()
                    .split(|u| !u)
                    .map(<[bool]>::len)
                    .max()
            })
            .max()
            .unwrap_or(0);
        assert!(
            longest as u16 <= layout.cell_w - 2,
            "{w}x{h}: an underline {longest} long in cells {} wide",
            layout.cell_w
        );
    }
}

#[test]
fn selecting_a_cell_with_the_mouse_shows_its_candidates() {
    use sudoscope_tui::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    render(&mut app, 120, 40);
    let (x, y) = mark_pos(&app, 1); // r1c2
    app.on_event(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.cursor().selected(), Some(1));
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("r1c2 holds"), "{t}");
    assert!(t.contains("candidates on this board:"), "{t}");
    assert!(t.contains("pencil marks from the givens:"), "{t}");
}

#[test]
fn an_unsolvable_puzzle_is_labelled_and_local_search_still_runs() {
    let unsolvable = format!(".23456789{}1........", ".".repeat(63));
    let (mut app, _rx) = settled(options(&unsolvable, "annealing", Preset::Tuned, &[]), 3);
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("this puzzle has no solution"), "{t}");
    assert!(t.contains("cannot reach cost 0"), "{t}");
    let frame = app.race().panes()[0].report.as_ref().unwrap();
    assert_eq!(frame.snapshot.steps, 3, "the search took its steps");
    assert!(frame.snapshot.cost > 0);
}

/// The guide's key table (docs/keys.md) is the key table: generated from `tui::keys`, so a key
/// cannot work without being documented there (regenerate with `sudoscope_tui::keys::markdown()`).
#[test]
fn the_guide_lists_every_key_of_the_key_table() {
    let keys =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/keys.md")).unwrap();
    let table = sudoscope_tui::keys::markdown();
    assert!(
        keys.contains(&table),
        "docs/keys.md's table differs from the key table; it should read:\n{table}"
    );
}

/// The help overlay lists every binding of the key table, keys and words.
#[test]
fn help_lists_every_key_of_the_key_table() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    app.act(Action::Help);
    let t = text(&render(&mut app, 160, 50));
    for b in sudoscope_tui::keys::BINDINGS {
        let line = format!(
            "{}  {}",
            sudoscope_tui::keys::keys_label(Lang::En, b),
            b.help(Lang::En, sudoscope_tui::Front::Own)
        );
        assert!(t.contains(&line), "help lacks {line:?}:\n{t}");
    }
}

/// On a narrow screen (70 columns) a help line longer than the box wraps under its description, past the
/// keys' column, never back at the box's edge; and every word of it shows.
#[test]
fn a_long_help_line_wraps_under_its_description() {
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    app.act(Action::Help);
    let t = text(&render(&mut app, 70, 80));
    let rows: Vec<Vec<char>> = t
        .lines()
        .skip_while(|l| !l.starts_with("┌ keys"))
        .skip(1)
        .take_while(|l| l.starts_with('│'))
        .map(|l| l.chars().skip(1).collect())
        .collect();
    let bindings = &rows[..rows
        .iter()
        .position(|r| r.iter().all(|c| *c == ' ' || *c == '│'))
        .unwrap()];
    assert!(
        bindings.len() > sudoscope_tui::keys::BINDINGS.len(),
        "some lines wrap at 70 columns:\n{t}"
    );
    for r in bindings {
        assert_eq!(
            &r[10..12],
            &[' ', ' '],
            "a row starts past the keys' column:\n{t}"
        );
    }
    let shown: String = bindings
        .iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let shown: Vec<&str> = shown.split_whitespace().filter(|w| *w != "│").collect();
    for b in sudoscope_tui::keys::BINDINGS {
        for word in b
            .help(Lang::En, sudoscope_tui::Front::Own)
            .split_whitespace()
        {
            assert!(
                shown.contains(&word),
                "{word:?} of {:?} is missing:\n{t}",
                b.help(Lang::En, sudoscope_tui::Front::Own)
            );
        }
    }
}

/// The status line reads the panes' own state: "ended" once every search has ended, even while
/// the app was told to run.
#[test]
fn status_line_says_ended_when_every_search_has_ended() {
    let (mut app, _rx) = settled(
        options("sudoku_7", "steepest", Preset::Classic, &["stochastic"]),
        0,
    );
    let t = text(&render(&mut app, 120, 50));
    assert!(t.contains("[paused,"), "{t}");
    // both descents stop in a local minimum within 100 moves on sudoku_7
    let (mut app, _rx) = settled(
        options("sudoku_7", "steepest", Preset::Classic, &["stochastic"]),
        100,
    );
    assert!(app.race().panes().iter().all(|p| p.ended()));
    if !app.race().running() {
        app.act(Action::RunPause);
    }
    let t = text(&render(&mut app, 120, 50));
    assert!(t.contains("[ended,"), "{t}");
}

/// Race panes start from the first pane's board by default (same start, different algorithm),
/// each from its own random board when asked; every pane has its own seed either way.
#[test]
fn race_panes_start_from_the_same_board_unless_asked_otherwise() {
    let boards = |same_start: bool| {
        let mut opts = options(
            "sudoku_7",
            "steepest",
            Preset::Classic,
            &["plateau", "annealing"],
        );
        opts.run.same_start = same_start;
        let (app, _rx) = settled(opts, 0);
        let seeds: Vec<u64> = app.race().panes().iter().map(|p| p.run.seed).collect();
        let distinct: std::collections::BTreeSet<u64> = seeds.iter().copied().collect();
        assert_eq!(distinct.len(), 3, "racers have distinct seeds: {seeds:?}");
        app.race()
            .panes()
            .iter()
            .map(|p| p.report.as_ref().unwrap().snapshot.grid.clone())
            .collect::<Vec<_>>()
    };
    let same = boards(true);
    assert!(same.windows(2).all(|w| w[0] == w[1]), "{same:?}");
    let random = boards(false);
    assert!(random.windows(2).all(|w| w[0] != w[1]), "{random:?}");
}

/// When propagation alone solves the puzzle, the pane says so and how to watch a search instead.
#[test]
fn a_puzzle_solved_by_propagation_alone_says_how_to_watch_the_search() {
    let (mut app, _rx) = settled(options("sudoku_7", "annealing", Preset::Tuned, &[]), 0);
    let r = app.race().panes()[0].report.as_ref().unwrap();
    assert_eq!(
        r.snapshot.cost, 0,
        "tuned annealing propagates sudoku_7 to its solution"
    );
    let t = text(&render(&mut app, 120, 40));
    assert!(t.contains("propagation alone solved this puzzle"), "{t}");
    assert!(t.contains("propagate to 0"), "{t}");
    let (mut classic, _rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 0);
    let t = text(&render(&mut classic, 120, 40));
    assert!(!t.contains("propagation alone"), "{t}");
}

/// `c` cycles pencil marks from the givens, candidates on the board, and off, and says which;
/// the legend line names the overlay while it is on.
#[test]
fn the_candidates_overlay_says_what_it_shows() {
    use sudoscope_tui::keys::Action;
    use sudoscope_tui::view::grid::CandidateView;
    let (mut app, _rx) = settled(options("sudoku_7", "plateau", Preset::Classic, &[]), 0);
    let mut seen = Vec::new();
    for _ in 0..3 {
        app.act(Action::Candidates);
        let t = text(&render(&mut app, 120, 40));
        if app.cursor().candidates() != CandidateView::Off {
            let what = app.cursor().candidates().describe(Lang::En);
            assert!(t.contains(&format!("showing {what}")), "{t}");
            assert!(t.contains(&what), "the legend names it:\n{t}");
        }
        seen.push(app.cursor().candidates());
    }
    assert_eq!(
        seen,
        [
            CandidateView::Givens,
            CandidateView::Board,
            CandidateView::Off
        ]
    );
}

/// The cost chart names its series in its title: no legend box covers the curve, whatever the
/// size (200x60, and the focus layout at 120x40).
#[test]
fn the_chart_legend_never_covers_the_curve() {
    for (w, h, focus) in [(200, 60, false), (120, 40, true)] {
        let (mut app, _rx) = settled(options("sudoku_7", "annealing", Preset::Classic, &[]), 30);
        if app.focus_layout() != focus {
            app.act(Action::FocusLayout);
        }
        let t = text(&render(&mut app, w, h));
        let rows: Vec<&str> = t.lines().collect();
        let title = rows
            .iter()
            .position(|r| r.contains("cost and best cost"))
            .unwrap_or_else(|| panic!("no chart at {w}x{h}:\n{t}"));
        assert!(rows[title].contains("━ cost") && rows[title].contains("━ best"));
        // below the title, inside the chart, no series name: a legend would put them there
        for r in &rows[title + 1..] {
            assert!(
                !r.contains("best") && !r.contains(" cost"),
                "a legend inside the chart at {w}x{h}:\n{t}"
            );
        }
    }
}

/// Three panes at 200x60: each top pane's figures and chart stand beside its grid, not below it
/// with fifty empty columns to the grid's right.
/// The course's annealing racing steepest descent and the genetic algorithm, five steps in.
fn three_pane_race() -> (App, Receiver<Report>) {
    settled(
        options(
            "sudoku_7",
            "annealing",
            Preset::Classic,
            &["steepest", "genetic"],
        ),
        5,
    )
}

#[test]
fn a_three_pane_race_leaves_no_wide_gap_beside_its_grids() {
    let (mut app, _rx) = three_pane_race();
    let t = text(&render(&mut app, 200, 60));
    let rows: Vec<&str> = t.lines().collect();
    // the rows of the top panes' grids: from the first border to the grid's bottom border;
    // right of the first grid's border, the pane's figures and chart begin at once
    let first = rows.iter().position(|r| r.starts_with('┌')).unwrap();
    let last = first
        + rows[first..]
            .iter()
            .position(|r| r.starts_with('└'))
            .unwrap();
    let edge = rows[first].chars().position(|c| c == '┐').unwrap();
    for r in &rows[first..=last] {
        let next = r.chars().nth(edge + 1).unwrap_or(' ');
        assert!(next != ' ', "an empty column beside the grid:\n{t}");
    }
}

/// A screen shows `n` charts, each eight rows tall or more (title to bottom border): a course,
/// not one row of it.
fn assert_each_chart_shows_a_course(t: &str, n: usize) {
    let charts = chart_heights(t);
    assert!(
        charts.len() == n && charts.iter().all(|&h| h >= 8),
        "{charts:?}\n{t}"
    );
}

/// The height of every chart on a screen, title row to bottom border.
fn chart_heights(t: &str) -> Vec<usize> {
    let rows: Vec<Vec<char>> = t.lines().map(|r| r.chars().collect()).collect();
    let mut heights = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for c in 0..row.len() {
            let title: String = row[c..].iter().skip(1).take(4).collect();
            if row[c] == '┌' && (title.starts_with("cost") || title.starts_with('━')) {
                let end = (r..rows.len()).find(|&e| rows[e].get(c) == Some(&'└'));
                heights.push(end.map_or(0, |e| e - r + 1));
            }
        }
    }
    heights
}

/// A race of three on a wide, short screen (a laptop's short terminal) puts its panes in one
/// row: every grid whole and the same size, every chart tall enough to show a course, where
/// two rows were "too small".
#[test]
fn a_race_of_three_on_a_wide_short_screen_goes_in_one_row() {
    let (mut app, _rx) = three_pane_race();
    let t = text(&render(&mut app, 118, 26));
    assert!(!t.contains("too small"), "{t}");
    let rows: Vec<&str> = t.lines().collect();
    for name in ["annealing", "steepest", "genetic"] {
        assert!(rows[0].contains(name), "{name} not in the first row\n{t}");
    }
    // the grids' bottom borders on one row, as wide as each other, under nine rows of digits
    let bottom = rows.iter().position(|r| r.starts_with('└')).unwrap();
    let widths: Vec<usize> = rows[bottom]
        .split(|c| c != '─' && c != '└' && c != '┘')
        .filter(|b| b.starts_with('└'))
        .map(|b| b.chars().count())
        .collect();
    assert_eq!(widths.len(), 3, "{:?}\n{t}", rows[bottom]);
    assert!(widths.iter().all(|&b| b == widths[0]), "{widths:?}\n{t}");
    let digits = rows[1..bottom]
        .iter()
        .filter(|r| r.chars().nth(2).is_some_and(|c| c.is_ascii_digit()))
        .count();
    assert_eq!(digits, 9, "a grid cut\n{t}");
    assert_each_chart_shows_a_course(&t, 3);
}

/// A race of four on a projector's 1024x768 gives each chart room to show a course, beside
/// its grid: under it, each had one row (the fourth trial), and the page shrank its letters
/// to 11.9 px to make the 42 rows that needed.
#[test]
fn a_race_of_four_on_a_projector_shows_each_course() {
    let (mut app, _rx) = settled(
        options(
            "sudoku_7",
            "annealing",
            Preset::Classic,
            &["steepest", "genetic", "beam"],
        ),
        5,
    );
    // (and on a screen only as tall as two rows of grids: each chart beside its grid)
    for (w, h) in [(115, 42), (108, 28)] {
        let t = text(&render(&mut app, w, h));
        assert!(!t.contains("too small"), "{w}x{h}\n{t}");
        assert_each_chart_shows_a_course(&t, 4);
    }
}

/// On a phone's screen (72 columns, panes 36 wide) a race's panes keep two columns between
/// their lines (one space would read as a word's), and every figure and the legend say whole
/// words: what does not fit gives way whole.
#[test]
fn a_narrow_race_cuts_no_figure_and_no_word_in_half() {
    let (mut app, _rx) = three_pane_race();
    // the same frame wide, where every figure has room: what the narrow one may shorten
    let wide = text(&render(&mut app, 400, 64));
    let narrow = text(&render(&mut app, 72, 64));
    // (a border's title is no figure)
    let figures: Vec<&str> = wide
        .lines()
        .filter(|r| !r.contains('┌'))
        .flat_map(|r| r.split('│').filter(|p| p.contains(" · ")))
        .map(str::trim)
        .collect();
    // the full figures line a pane's (maybe shortened) one begins as
    let full_of = |half: &str| {
        let first = half.split(" · ").next();
        figures.iter().find(|f| f.split(" · ").next() == first)
    };
    let mut seen = 0;
    for row in narrow.lines().filter(|r| !r.contains('┌')) {
        let halves = [
            row.chars().take(36).collect::<String>(),
            row.chars().skip(36).collect::<String>(),
        ];
        // the left pane's lines end before the right pane's begin
        let pane_line = row.starts_with("step ") || full_of(halves[0].trim()).is_some();
        if pane_line && row.chars().count() > 36 {
            assert!(
                halves[0].ends_with("  "),
                "two panes run together: {row:?}\n{narrow}"
            );
        }
        for half in halves.iter().map(|h| h.trim()) {
            // a pane's figures, shortened: the first of the full line's figures, whole
            if let Some(full) = full_of(half) {
                seen += 1;
                assert!(
                    full.starts_with(half)
                        && (full.len() == half.len() || full[half.len()..].starts_with(" · ")),
                    "{half:?} cuts {full:?}"
                );
            }
        }
    }
    assert_eq!(seen, 3, "three panes' figures:\n{narrow}");
    let legend = narrow.lines().find(|r| r.contains("given")).unwrap();
    assert!(
        legend.contains("theme dark") || !legend.contains("theme"),
        "{legend:?}"
    );
}

/// A race whose names are long in Spanish and Portuguese (annealing, genetic, tuned beam with
/// k=5), in `lang`, `steps` in.
fn race_of_three_names(lang: Lang, steps: u64) -> (App, Receiver<Report>) {
    let mut opts = options(
        "sudoku_7",
        "annealing",
        Preset::Classic,
        &["genetic", "beam:tuned:3:k=5"],
    );
    opts.lang = lang;
    settled(opts, steps)
}

/// On a phone's screen a race's pane titles and chart titles say whole words in every
/// language (the second trial: "simulated annealing (v. clás", "costo y mejor costo ━ costo ━
/// mejo"): a title too long gives way to shorter words, never to a cut.
#[test]
fn a_narrow_race_names_each_algorithm_whole_in_every_language() {
    for lang in [Lang::En, Lang::Es, Lang::Pt] {
        let (mut app, _rx) = race_of_three_names(lang, 5);
        let t = text(&render(&mut app, 72, 64));
        let titles: Vec<String> = t
            .lines()
            .flat_map(|row| row.split('┌').skip(1))
            .map(|title| {
                title
                    .split(['─', '┐'])
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string()
            })
            .collect();
        let panes: Vec<&String> = titles.iter().filter(|t| t.contains('(')).collect();
        assert_eq!(panes.len(), 3, "{lang:?}: {titles:?}\n{t}");
        // each names its algorithm whole, and its seed when there is room
        let seed = lang.text("panel-seed", &[]);
        let seed = seed.split(' ').next().unwrap();
        for title in panes {
            let named = title
                .rsplit_once(" · ")
                .filter(|(_, s)| s.starts_with(seed))
                .map_or(title.as_str(), |(n, _)| n);
            assert!(named.ends_with(')'), "{lang:?}: {title:?} is cut\n{t}");
        }
        let (cost, best) = (lang.text("chart-cost", &[]), lang.text("chart-best", &[]));
        let charts: Vec<&String> = titles.iter().filter(|t| t.contains('━')).collect();
        assert_eq!(charts.len(), 3, "{lang:?}: {titles:?}\n{t}");
        for title in charts {
            assert!(
                title.ends_with(&format!("━ {cost} ━ {best}")),
                "{lang:?}: {title:?} is cut\n{t}"
            );
        }
    }
}

/// On a phone's screen two panes' step lines side by side keep two spaces between them in
/// every language and at any step (the third trial: "… rodando passo 12 …" read as one line),
/// and each keeps its state: what does not fit gives way whole.
#[test]
fn a_narrow_race_keeps_its_panes_step_lines_apart() {
    for lang in [Lang::En, Lang::Es, Lang::Pt] {
        let step = format!(
            "{} ",
            lang.text("race-figures", &[]).split(' ').next().unwrap()
        );
        for steps in [12, 1500] {
            let (mut app, _rx) = race_of_three_names(lang, steps);
            let t = text(&render(&mut app, 72, 64));
            let rows: Vec<&str> = t.lines().filter(|r| r.starts_with(&step)).collect();
            assert_eq!(
                rows.len(),
                2,
                "{lang:?}, step {steps}: the panes' lines\n{t}"
            );
            let beside = rows.iter().find(|r| r[1..].contains(&format!(" {step}")));
            let row = beside.unwrap_or_else(|| panic!("{lang:?}: no two lines side by side\n{t}"));
            let at = row[1..].find(&format!(" {step}")).unwrap() + 1;
            assert!(
                row[..=at].ends_with("  "),
                "{lang:?}, step {steps}: two panes' lines read as one: {row:?}"
            );
            // each line ends with its state, whole
            let states = [
                lang.text("state-paused", &[]),
                lang.word("ending", "stuck"),
                lang.word("ending", "solved"),
            ];
            for half in [&row[..at], &row[at..]] {
                assert!(
                    states
                        .iter()
                        .any(|s| half.trim_end().ends_with(&format!(" {s}"))),
                    "{lang:?}, step {steps}: {half:?} has no state"
                );
            }
        }
    }
}

/// On a phone's screen the experiment view names every algorithm, header and its title in whole
/// words in every language (the third trial: rows "Simulated", "algoritmo", a header "mediana
/// até resolv"): the table takes shorter names, then fewer columns.
#[test]
fn a_narrow_experiment_cuts_no_name_and_no_header() {
    for lang in [Lang::En, Lang::Es, Lang::Pt] {
        let (mut app, _rx) = race_of_three_names(lang, 0);
        app.act(Action::Experiment);
        let labels = app.experiment().unwrap().run.labels.clone();
        let t = text(&render(&mut app, 72, 44));
        app.act(Action::Experiment);
        let table: Vec<&str> = t.lines().filter(|l| l.starts_with('│')).collect();
        for label in &labels {
            let forms = [
                lang.label(label),
                lang.short_label(label, false),
                lang.short_label(label, true),
            ];
            assert!(
                table
                    .iter()
                    .any(|row| forms.iter().any(|f| row.starts_with(&format!("│{f} ")))),
                "{lang:?}: no whole name of {label}\n{t}"
            );
        }
        // an algorithm not yet run has no rate and no interval: never "0,0% 0,0–100,0%",
        // which no run's interval is
        let nothing = format!("{}–{}%", lang.num(0.0, 1), lang.num(100.0, 1));
        assert!(!t.contains(&nothing), "{lang:?}: {nothing} in\n{t}");
        let header = table
            .iter()
            .find(|r| r.contains(&lang.text("experiment-runs", &[])))
            .unwrap_or_else(|| panic!("{lang:?}: no header\n{t}"));
        for id in [
            "experiment-algorithm",
            "experiment-runs",
            "experiment-solved",
            "experiment-rate",
            "experiment-interval",
            "experiment-median",
        ] {
            let words = lang.text(id, &[]);
            let first = words.split(' ').next().unwrap();
            assert!(
                header.contains(&words) || !header.contains(first),
                "{lang:?}: {words:?} cut in {header:?}"
            );
        }
        let top = t.lines().next().unwrap();
        let title = top
            .trim_start_matches('┌')
            .trim_end_matches(['─', '┐'])
            .trim();
        assert!(
            title == lang.text("experiment-title", &[])
                || title == lang.text("experiment-title-short", &[]),
            "{lang:?}: {title:?}"
        );
    }
}

/// A 16x16 grid fits 80x24 and a 25x25 one 100x30: the panels give way, and on a short screen
/// the large grid its border and the legend line; every row of the grid and the key line show.
#[test]
fn large_grids_fit_80x24_and_100x30() {
    for (puzzle, n, w, h) in [("la16:1", 16, 80, 24), ("la25:1", 25, 100, 30)] {
        let (mut app, _rx) = settled(options(puzzle, "annealing", Preset::Classic, &[]), 2);
        let t = text(&render(&mut app, w, h));
        assert!(!t.contains("too small"), "{puzzle} at {w}x{h}:\n{t}");
        let b = (n as f64).sqrt() as usize;
        // a row of the grid crosses every box border: b - 1 separators before the panels
        let rows = t
            .lines()
            .filter(|l| {
                let grid: String = l.chars().take(w as usize - 36).collect();
                grid.matches('│').count() >= b - 1 && grid.chars().any(|c| c.is_alphanumeric())
            })
            .count();
        assert!(rows >= n, "{puzzle} at {w}x{h}: {rows} of {n} rows:\n{t}");
        assert!(t.lines().last().unwrap().contains("q quit"), "{t}");
        // the panels beside it: the algorithm and the step log
        assert!(t.contains("algorithm") && t.contains("step log"), "{t}");
    }
}

/// A double of any kind: the awkward ones (±0, subnormal, the largest, ±∞, not a number) often,
/// any other bit pattern too.
fn any_double() -> impl proptest::strategy::Strategy<Value = f64> {
    use proptest::prelude::*;
    prop_oneof![
        3 => prop::sample::select(vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE / 8.0,
            1e-300,
            1e307,
            -1e307,
            1.7e308,
            f64::MAX,
            -f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ]),
        1 => any::<f64>(),
        1 => -1e6..1e6f64,
    ]
}

proptest::proptest! {
    // the same cases on every run
    #![proptest_config(proptest::test_runner::Config {
        cases: 32,
        rng_seed: proptest::test_runner::RngSeed::Fixed(54),
        ..Default::default()
    })]

    /// Every number a trace may carry (a temperature, any metric, a cost, a population's costs)
    /// is drawn, clamped or left out, in the chart, the panel and the step log, at every size,
    /// each frame within a bound: never a loop, never a panic.
    #[test]
    fn a_trace_of_any_numbers_is_drawn_in_bounded_time(
        steps in proptest::collection::vec(
            (any_double(), any_double(), any_double(), proptest::collection::vec(any_double(), 0..40)),
            1..12,
        ),
    ) {
        use sudoscope_core::engine::trace::{read, source};
        let (src, mut pusher) = source::pushed("numbers");
        let mut opts = options("sudoku_7", "steepest", Preset::Classic, &[]);
        opts.source = Some(src);
        opts.run.paused = false;
        opts.run.speed = None;
        let (tx, rx) = crossbeam_channel::bounded(256);
        let mut app = sudoscope_tui::App::new(opts, tx);
        let resolve = |r: &str| sudoscope_core::catalog::resolve_builtin(r).map_err(|e| e.to_string());
        let header = read::header(
            r#"{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"numbers"}"#,
            1,
            &resolve,
        )
        .unwrap();
        pusher.begin(header, None);
        // whatever was drawn, a step with the worst of them all, and a population long enough
        // to be listed by value
        let mut steps = steps;
        let mut worst: Vec<f64> = [f64::NAN, f64::INFINITY, -f64::INFINITY, 1.7e308, -0.0, 5e-324]
            .repeat(6);
        worst.push(f64::NAN);
        steps.push((f64::NAN, 1.7e308, -f64::MAX, worst));
        let n = steps.len() as u64;
        for (i, (cost, temperature, other, members)) in steps.into_iter().enumerate() {
            let population = (!members.is_empty()).then(|| {
                Box::new(read::Population {
                    total: members.len() as u64,
                    reported: members,
                    ..Default::default()
                })
            });
            pusher.step(read::TraceStep {
                step: Some(i as u64 + 1),
                changed: vec![(1, 1 + (i % 9) as u8)],
                cost: Some(cost),
                metrics: vec![
                    ("temperature".into(), temperature),
                    ("energy".into(), other),
                    ("mean".into(), other),
                    ("worst".into(), temperature),
                ],
                population,
                ..Default::default()
            });
        }
        screen::wait(&mut app, &rx, |a| {
            a.race().panes().first().and_then(|p| p.report.as_ref()).is_some_and(|r| r.snapshot.steps >= n)
        });
        // drawn on a thread of its own, so that a drawing that never ends fails the test
        let (done_tx, done_rx) = crossbeam_channel::bounded(1);
        std::thread::spawn(move || {
            let frames: Vec<String> = [(80, 24), (120, 40), (200, 60), (41, 13)]
                .into_iter()
                .map(|(w, h)| text(&render(&mut app, w, h)))
                .collect();
            let _ = done_tx.send(frames);
        });
        let frames = done_rx.recv_timeout(std::time::Duration::from_secs(20));
        proptest::prop_assert!(frames.is_ok(), "four frames were not drawn in 20 s");
        for frame in &frames.unwrap()[..3] {
            proptest::prop_assert!(frame.contains("numbers (trace)"), "{frame}");
        }
    }
}

/// Each chart's highest cost label (its first row inside) and its step labels (the row above
/// its bottom border), read within its own border.
fn chart_labels(t: &str) -> Vec<(String, Vec<String>)> {
    let rows: Vec<&str> = t.lines().collect();
    let mut charts = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, _) in row.match_indices("┌cost") {
            let c = row[..c].chars().count();
            let cut = |row: &str| -> String {
                row.chars()
                    .skip(c + 1)
                    .take_while(|&ch| ch != '│')
                    .collect()
            };
            let bottom = r + rows[r..]
                .iter()
                .position(|l| l.chars().nth(c) == Some('└'))
                .unwrap();
            let steps = cut(rows[bottom - 1])
                .split_whitespace()
                .map(String::from)
                .collect();
            charts.push((cut(rows[r + 1]).trim().to_string(), steps));
        }
    }
    charts
}

/// A race's charts share one scale: side by side, the same place on two charts is the same step
/// and the same cost. Steepest descent is stuck long before annealing's 60th step, and with
/// starts of their own the two begin at different costs; both charts still run from step 0 to
/// step 60, and from cost 0 to the higher start. At step 400, ten times past the descent's
/// end, the shared step axis goes logarithmic (the descent's course would be a line at 0).
#[test]
fn a_race_draws_every_chart_on_one_scale() {
    let mut opts = options("sudoku_7", "steepest", Preset::Classic, &["annealing"]);
    opts.run.same_start = false;
    let (mut app, rx) = settled(opts, 60);
    let reports: Vec<&Report> = app
        .race()
        .panes()
        .iter()
        .map(|p| p.report.as_ref().unwrap())
        .collect();
    let steps: Vec<u64> = reports.iter().map(|r| r.snapshot.steps).collect();
    assert!(steps[0] < 40 && steps[1] == 60, "steps {steps:?}");
    let first = |r: &Report| r.history[0].high;
    let top = first(reports[0]).max(first(reports[1]));
    assert_ne!(first(reports[0]), first(reports[1]), "the same start twice");
    let t = text(&render(&mut app, 200, 60));
    let charts = chart_labels(&t);
    assert_eq!(charts.len(), 2, "{t}");
    for (y, x) in &charts {
        assert_eq!(*y, format!("{top}"), "{t}");
        assert_eq!(x, &["0", "30", "60"], "{t}");
    }
    assert!(!t.contains("(log)"), "{t}");
    for _ in 60..400 {
        app.act(Action::Step);
    }
    screen::wait(&mut app, &rx, |app| {
        app.race().panes()[1]
            .report
            .as_ref()
            .is_some_and(|r| r.snapshot.steps == 400)
    });
    let t = text(&render(&mut app, 200, 60));
    let charts = chart_labels(&t);
    assert_eq!(charts.len(), 2, "{t}");
    for (_, x) in &charts {
        assert_eq!(x, &["0", "19", "400"], "{t}");
    }
    assert_eq!(t.matches("step (log)").count(), 2, "{t}");
}

/// A race of two on a projector's short screen (the lesson's scene 5 at 1024x768 in a browser:
/// 113x32 left for the panes) takes its grids a step smaller rather than leave each chart a
/// row of dots (the fifth trial).
#[test]
fn a_race_of_two_on_a_short_screen_keeps_its_charts_readable() {
    let (mut app, _rx) = settled(
        options("sudoku_7", "steepest", Preset::Classic, &["plateau"]),
        5,
    );
    let t = text(&render(&mut app, 113, 32));
    assert!(!t.contains("too small"), "{t}");
    assert_each_chart_shows_a_course(&t, 2);
}

/// The algorithm picker names each algorithm once in English (the fifth trial saw "steepest
/// steepest"), and beside it the language's own name where it is another.
#[test]
fn the_algorithm_picker_names_each_algorithm_once() {
    for (lang, steepest) in [(Lang::En, None), (Lang::Es, Some("gradiente descendente"))] {
        let mut launch = options("sudoku_7", "annealing", Preset::Classic, &[]);
        launch.lang = lang;
        let (mut app, _rx) = settled(launch, 0);
        app.act(Action::PickAlgorithm);
        let t = text(&render(&mut app, 120, 40));
        let row = t
            .lines()
            .find(|l| l.contains(" steepest "))
            .unwrap_or_else(|| panic!("no steepest row\n{t}"));
        assert_eq!(row.matches("steepest").count(), 1, "{row}");
        if let Some(own) = steepest {
            assert!(row.contains(own), "{row}");
        }
    }
}

/// An algorithm whose restarts have all failed has no bar in the experiment's chart: its "0%"
/// stands where the bar would, or it would look missing (the fifth trial). Steepest descent's
/// first restart on sudoku_7 fails (the experiment's seeds are fixed).
#[test]
fn a_rate_of_zero_is_written_in_the_experiment_chart() {
    let (mut app, rx) = settled(options("sudoku_7", "steepest", Preset::Classic, &[]), 0);
    app.act(Action::Experiment);
    screen::wait(&mut app, &rx, |app| {
        app.experiment().is_some_and(|x| !x.records.is_empty())
    });
    let t = text(&render(&mut app, 100, 40));
    app.act(Action::Experiment);
    let rows: Vec<&str> = t.lines().collect();
    // the row above the bars' labels, which name the algorithm
    let label = rows
        .iter()
        .rposition(|r| r.contains("steepest (classic)"))
        .unwrap();
    assert!(rows[label - 1].contains("0%"), "{t}");
}
