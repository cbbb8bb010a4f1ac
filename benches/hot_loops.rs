//! Hot loops under divan: one step of each local search family, exact solves, and the cost
//! chart and the whole screen a served session draws at each frame.
//! Run: `cargo bench --bench hot_loops`.

use divan::Bencher;
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::search::exact::{Strategy, solve, solve_fastest};
use sudoscope_core::search::{Preset, build};

fn main() {
    divan::main();
}

/// 10,000 steps of a search on top95:1 through `advance` (set up outside the timed part). Only searches that keep
/// stepping that long are here: the descents other than plateau stop in a local minimum first.
/// The tuned ones propagate singles alone (`propagate=1`), as every earlier figure was measured:
/// their default propagation settles top95:1 before a single move.
#[divan::bench(args = ["annealing", "tabu", "plateau"])]
fn ten_thousand_steps(bencher: Bencher, algo: &str) {
    let puzzle = resolve_one("top95:1").unwrap();
    let (preset, overrides) = match algo {
        "plateau" => (
            Preset::Classic,
            vec!["max_iterations=1000000000".to_string()],
        ),
        _ => (Preset::Tuned, vec!["propagate=1".to_string()]),
    };
    bencher
        .with_inputs(|| build(algo, preset, &overrides, &puzzle, 1, None).unwrap())
        .bench_local_values(|mut s| {
            assert_eq!(
                s.advance(10_000),
                10_000,
                "{algo} ended before 10,000 steps"
            );
            s
        });
}

/// Find and prove unique with the generic solver (the one the TUI steps through): one hard
/// and one easy puzzle.
#[divan::bench(args = ["top95:1", "hardest:1", "easy50:1"])]
fn exact_solve(bencher: Bencher, reference: &str) {
    let puzzle = resolve_one(reference).unwrap();
    bencher.bench_local(|| solve(divan::black_box(&puzzle), Strategy::FULL, 2));
}

/// The same with the 9x9 band solver.
#[divan::bench(args = ["top95:1", "hardest:1", "easy50:1"])]
fn band_solve(bencher: Bencher, reference: &str) {
    let puzzle = resolve_one(reference).unwrap();
    bencher.bench_local(|| solve_fastest(divan::black_box(&puzzle), 2));
}

/// The puzzle reader on magictour top1465 (1,465 lines of 81 symbols, comments first), in bytes
/// per second: the work `solve FILE` does before any solving.
#[divan::bench]
fn parse_top1465(bencher: Bencher) {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/puzzles/top1465.txt"
    ))
    .unwrap();
    bencher
        .counter(divan::counter::BytesCount::of_slice(&text))
        .bench_local(|| {
            sudoscope_core::board::parse_puzzles(divan::black_box(&text), "top1465.txt")
                .unwrap()
                .len()
        });
}

/// The cost chart of a genetic run as a screen draws it at each frame: a full history (511
/// points, as a long run keeps) with the population's mean and worst below, in a chart of a
/// lab terminal's width (`narrow`, 50 columns) and of a projector's (`wide`, 110), 24 rows.
#[divan::bench(args = ["narrow", "wide"])]
fn draw_chart(bencher: Bencher, width: &str) {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::layout::Rect;
    use sudoscope_core::engine::history::History;
    use sudoscope_core::search::Secondary;
    use sudoscope_tui::theme::{Palette, Theme};
    let w = if width == "narrow" { 50 } else { 110 };
    let mut history = History::new(256);
    // buckets of 4 steps after 2,044 steps: 511 points
    for step in 1..=2_044u64 {
        let cost = 40.0 - 30.0 * (step as f64 / 2_044.0) + (step % 7) as f64;
        let mean = cost + 5.0 + (step % 3) as f64;
        history.push(
            step,
            cost,
            cost.min(30.0),
            Some(Secondary {
                label: "population mean",
                value: mean,
                worst: Some(mean + 10.0),
            }),
        );
    }
    let points = history.points();
    assert_eq!(points.len(), 511);
    let theme = Theme::new(Palette::Dark);
    let mut terminal = Terminal::new(TestBackend::new(w, 24)).unwrap();
    let area = Rect::new(0, 0, w, 24);
    bencher.bench_local(|| {
        terminal
            .draw(|f| {
                sudoscope_tui::view::chart::draw(
                    f,
                    area,
                    &points,
                    &[],
                    sudoscope_tui::view::chart::Scale::of([&points[..]]),
                    true,
                    (sudoscope_i18n::Lang::En, &theme),
                )
            })
            .unwrap();
    });
}

/// A whole screen as a served session draws it at each frame: tuned genetic on hardest:1 after
/// 300 generations (its board, panels, step log and chart), drawn through crossterm into escape
/// codes as a session's channel takes them (written nowhere), at the sizes `bench serve`'s
/// students have. Each iteration draws two frames, a generation apart, so that every frame has
/// changes to write.
#[divan::bench(args = ["80x24", "100x30", "120x40", "160x50"])]
fn draw_screen(bencher: Bencher, size: &str) {
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use ratatui::{Terminal, TerminalOptions, Viewport};
    use sudoscope_core::run::{Method, RunSpec};
    use sudoscope_core::search::find;
    use sudoscope_tui::app::{App, Launch};
    use sudoscope_tui::keys::Action;
    use sudoscope_tui::theme::{Palette, Theme};
    let (w, h) = size.split_once('x').unwrap();
    let area = Rect::new(0, 0, w.parse().unwrap(), h.parse().unwrap());
    let app_at = |steps: u64| {
        let launch = Launch::of(
            RunSpec {
                puzzle: resolve_one("hardest:1").unwrap(),
                method: Method::new(find("genetic").unwrap(), Preset::Tuned),
                seed: 1,
                speed: None,
                race: Vec::new(),
                same_start: true,
                paused: true,
                start: None,
            },
            Theme::new(Palette::Dark),
        );
        let (tx, rx) = crossbeam_channel::bounded(1024);
        let mut app = App::new(launch, tx);
        // one step at a time, each asked for once the last one's report has come
        let mut asked = 0;
        let began = std::time::Instant::now();
        loop {
            app.on_tick();
            while let Ok(r) = rx.try_recv() {
                app.on_report(r);
            }
            let at = app.race().panes()[0]
                .report
                .as_ref()
                .map_or(0, |r| r.snapshot.steps);
            if at >= steps {
                assert_eq!(at, steps, "stepped past the generation asked for");
                break;
            }
            if at == asked {
                app.act(Action::Step);
                asked += 1;
            }
            assert!(began.elapsed().as_secs() < 60, "the search did not step");
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        (app, rx)
    };
    let (mut a, _ra) = app_at(300);
    let (mut b, _rb) = app_at(301);
    let mut terminal = Terminal::with_options(
        CrosstermBackend::new(std::io::sink()),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )
    .unwrap();
    bencher.bench_local(|| {
        for app in [&mut a, &mut b] {
            terminal.draw(|f| sudoscope_tui::draw(f, app)).unwrap();
        }
    });
}
