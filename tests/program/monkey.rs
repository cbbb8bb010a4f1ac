//! A monkey at the keyboard: random keys (every key of the table, and the keys dialogs read),
//! mouse clicks and terminal resizes fed to the app over TestBackend, with the runners' reports
//! flowing in between. Whatever the sequence, nothing panics and the panes stay between one and
//! four after every event; a frame is drawn after every eighth event and after every resize
//! (drawing after each of the 100,000 would take minutes), and each of those draws. Half the
//! seeds play a two-scene lesson, so paging and the scenes' restarts are in the mix.
//!
//! A failure names its seed and event. The seed fixes the events, but not the reports: the
//! runners step on their own threads, so which reports have arrived at a given event depends on
//! timing, and a replay of the seed gives the same keys over possibly different boards.

use std::time::Duration;

use crossbeam_channel::{Receiver, bounded};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sudoscope_core::catalog::resolve_one;
use sudoscope_core::engine::runner::Report;
use sudoscope_core::rng::Rng;
use sudoscope_core::run::{Method, RunSpec};
use sudoscope_core::search::{Preset, find};
use sudoscope_tui::app::{App, Launch};
use sudoscope_tui::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use sudoscope_tui::keys::{BINDINGS, Key};
use sudoscope_tui::lesson;
use sudoscope_tui::theme::{Palette, Theme};

/// Events per seed, and seeds: 100,000 events in all.
const EVENTS: usize = 25_000;
const SEEDS: [u64; 4] = [1, 2, 3, 4];

fn app(seed: u64) -> (App, Receiver<Report>) {
    let algo = find("plateau").unwrap();
    let (tx, rx) = bounded(256);
    let run = RunSpec {
        puzzle: resolve_one(if seed.is_multiple_of(2) {
            "tiny4"
        } else {
            "sudoku_7"
        })
        .unwrap(),
        method: Method::new(algo, Preset::Classic),
        seed,
        speed: Some(100.0),
        race: Vec::new(),
        same_start: true,
        paused: seed.is_multiple_of(3),
        start: None,
    };
    let opts = Launch {
        lesson: (seed % 4 >= 2).then(|| {
            lesson::parse(
                "[[scene]]\ncaption = \"one\"\nalgo = \"steepest\"\nspeed = 50\n\
                 [[scene]]\ncaption = \"two\"\npuzzle = \"tiny4\"\nrace = [\"beam\"]\nspeed = \"max\"\n",
                "monkey.toml",
            )
            .unwrap()
        }),
        // `y` then `a` appends scenes: somewhere that is not the working tree
        lesson_out: Some(std::env::temp_dir().join(format!("sudoscope-monkey-{}.toml", std::process::id()))),
        ..Launch::of(run, Theme::new(Palette::Dark))
    };
    (App::new(opts, tx), rx)
}

/// A random event: mostly keys of the table, often the keys dialogs read (arrows, enter,
/// escape, digits and letters to type), sometimes a click or a resize.
fn event(rng: &mut Rng, size: (u16, u16)) -> Option<Event> {
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    Some(match rng.below(100) {
        0..=49 => {
            let b = &BINDINGS[rng.below(BINDINGS.len())];
            match b.keys[rng.below(b.keys.len())] {
                // quitting is checked separately; here it would only end the test early
                Key::Char('q') | Key::Ctrl(_) => return None,
                Key::Char(c) => key(KeyCode::Char(c)),
                Key::Code(code) => key(code),
            }
        }
        50..=79 => key([
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::Tab,
        ][rng.below(12)]),
        80..=89 => key(KeyCode::Char(
            b"0123456789.=,:abcdekmopt_ "[rng.below(26)] as char,
        )),
        90..=96 => Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: rng.below(size.0 as usize + 5) as u16,
            row: rng.below(size.1 as usize + 5) as u16,
            modifiers: KeyModifiers::NONE,
        }),
        _ => Event::Resize(20 + rng.below(200) as u16, 8 + rng.below(62) as u16),
    })
}

fn run(seed: u64) {
    let (mut app, mut rx) = app(seed);
    let mut rng = Rng::new(seed);
    let mut size = (120u16, 40u16);
    let mut term = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    for i in 0..EVENTS {
        let Some(e) = event(&mut rng, size) else {
            continue;
        };
        let resized = matches!(e, Event::Resize(..));
        if let Event::Resize(w, h) = e {
            size = (w, h);
            term.backend_mut().resize(w, h);
        }
        app.on_event(e);
        while let Ok(r) = rx.try_recv() {
            app.on_report(r);
        }
        app.on_tick();
        let panes = app.race().panes().len();
        assert!(
            (1..=4).contains(&panes),
            "seed {seed} event {i}: {panes} panes"
        );
        if i.is_multiple_of(8) || resized {
            term.draw(|f| sudoscope_tui::draw(f, &mut app))
                .unwrap_or_else(|err| panic!("seed {seed} event {i}: frame failed: {err}"));
        }
        if app.quit() {
            (app, rx) = self::app(seed.wrapping_add(i as u64));
        }
        if i.is_multiple_of(1000) {
            // let the runners report now and then, as a screen does
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[test]
fn random_keys_clicks_and_resizes_never_break_the_app() {
    for seed in SEEDS {
        if let Err(e) = std::panic::catch_unwind(|| run(seed)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("the monkey broke the app with seed {seed}: {msg}");
        }
    }
}
