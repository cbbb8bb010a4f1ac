//! The visualiser over ratatui's TestBackend, for the screen tests: an app set up as the
//! command line would, its runners settled, frames rendered and read back as text, values and
//! styles.
#![allow(dead_code)]

use std::time::Duration;

use crossbeam_channel::{Receiver, bounded};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::engine::runner::Report;
use sudoscope_core::run::{Method, PaneSpec, RunSpec};
use sudoscope_core::search::{Preset, find};
use sudoscope_tui::app::{App, Launch};
use sudoscope_tui::keys::Action;
use sudoscope_tui::theme::{Palette, Theme};
use sudoscope_tui::view;

/// The options `tui --puzzle P --algo A --preset X --race ... --paused --theme mono` gives.
pub fn options(puzzle: &str, algo: &str, preset: Preset, race: &[&str]) -> Launch {
    let a = find(algo).unwrap();
    Launch::of(
        RunSpec {
            puzzle: resolve_one(puzzle).unwrap(),
            method: Method::new(a, preset),
            seed: 1,
            speed: Some(5.0),
            race: race
                .iter()
                .map(|n| PaneSpec::parse(n, preset).unwrap())
                .collect(),
            same_start: true,
            paused: true,
            start: None,
        },
        Theme::new(Palette::Mono),
    )
}

/// An app whose panes have each delivered a frame after `steps` single steps.
pub fn settled(opts: Launch, steps: u64) -> (App, Receiver<Report>) {
    let (tx, rx) = bounded(256);
    let mut app = App::new(opts, tx);
    for _ in 0..steps {
        app.act(Action::Step);
    }
    wait(&mut app, &rx, |app| {
        app.race().panes().iter().all(|p| {
            p.report.as_ref().is_some_and(|f| {
                f.snapshot.steps == steps || f.snapshot.ended.is_some() && steps > 0
            })
        })
    });
    (app, rx)
}

/// Feed the runners' reports to the app, and tick it as the screen's loop does (a trace's run
/// is taken up on a tick), until `ready` holds (ten seconds at most).
pub fn wait(app: &mut App, rx: &Receiver<Report>, ready: impl Fn(&App) -> bool) {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        app.on_tick();
        while let Ok(f) = rx.try_recv() {
            app.on_report(f);
        }
        if ready(app) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the runners did not report in time"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The board the first pane last reported.
pub fn first_board(app: &App) -> sudoscope_core::board::Grid {
    let report = app.race().panes()[0].report.as_ref();
    report
        .expect("the first pane has reported")
        .snapshot
        .grid
        .clone()
}

pub fn render(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| sudoscope_tui::draw(f, app)).unwrap();
    t.backend().buffer().clone()
}

pub fn text(b: &Buffer) -> String {
    let area = b.area;
    let mut s = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width)
            .map(|x| b[(x, y)].symbol().to_string())
            .collect();
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// Where a cell's value is drawn, in buffer coordinates (the focused grid): its character, or
/// the middle of its big glyph.
pub fn cell_pos(app: &App, cell: usize) -> (u16, u16) {
    let (x0, y0, layout) = app.cursor().drawn_at().expect("the grid was drawn");
    let (dx, dy) = layout.value_at(cell);
    (x0 + dx, y0 + dy)
}

/// Where a cell's marks all show, in buffer coordinates: its character, or the last row of its
/// big glyph (a big value is underlined once, under that row).
pub fn mark_pos(app: &App, cell: usize) -> (u16, u16) {
    let (x, y) = cell_pos(app, cell);
    if app.cursor().drawn_at().unwrap().2.big {
        (x, y + 1)
    } else {
        (x, y)
    }
}

/// The value a cell shows on screen, read back from the buffer: its one character, or the
/// big glyph decoded against the glyph table.
pub fn shown_value(b: &Buffer, app: &App, cell: usize) -> Option<u8> {
    let (x, y) = cell_pos(app, cell);
    let layout = app.cursor().drawn_at().unwrap().2;
    if !layout.big {
        return sudoscope_core::board::grid::value_of(b[(x, y)].symbol().chars().next()?);
    }
    let rows: Vec<String> = (0..3)
        .map(|dy| {
            (0..3)
                .map(|dx| b[(x - 1 + dx, y - 1 + dy)].symbol())
                .collect()
        })
        .collect();
    (1..=app.race().puzzle().geometry().n as u8)
        .find(|&v| view::grid::big_glyph(v).to_vec() == rows)
}
