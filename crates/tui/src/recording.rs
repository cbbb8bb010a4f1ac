//! Recordings made without a terminal, for slides: a run drawn at a fixed size, frame by frame
//! on a simulated clock, written as asciicast v2 (`.cast`) or as one self-contained animated SVG
//! (`.svg`). No thread and no wall clock take part, so the same flags give the same bytes.
//!
//! The app is the visualiser's own, detached from runners: this module drives each pane's
//! [`ShownSearch`] itself, `speed` steps per simulated second, and feeds the reports as a runner would.

use std::path::PathBuf;

use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::app::{App, Launch};
use super::cast::{Cast, Shared};
use super::screen_svg::Movie;
use sudoscope_core::engine::runner::{ShownSearch, WATCHED_SPEED};

/// Frames per simulated second.
const FPS: u32 = 20;
/// The simulated speed of `--speed max`.
const MAX_SPEED: f64 = 100_000.0;
/// How long the last frame is held after the run, in seconds.
const HOLD: f64 = 2.0;

/// What to record.
pub struct RecordOptions {
    /// The view: puzzle, algorithm, preset, parameters, seed, speed, theme, race.
    pub app: Launch,
    /// Stop after this many steps of the first pane (or when every search ends).
    pub steps: Option<u64>,
    /// Stop after this many simulated seconds.
    pub seconds: Option<f64>,
    /// The screen size: columns and rows.
    pub size: (u16, u16),
    /// `.cast` or `.svg` (or, for a still, the name its .svg and .png take).
    pub out: PathBuf,
    /// Write the last frame as a still (SVG and PNG) instead of a recording.
    pub still: bool,
}

/// What a recording holds.
#[derive(Debug)]
pub struct Recorded {
    /// Frames written.
    pub frames: usize,
    /// Simulated seconds the recording lasts.
    pub seconds: f64,
    /// Steps the first pane took.
    pub steps: u64,
}

/// Record a run; the output's format follows its extension.
pub fn record(opts: RecordOptions) -> Result<Recorded, String> {
    if opts.steps.is_none() && opts.seconds.is_none() {
        return Err("say how long: --steps N or --seconds S".into());
    }
    let ext = opts.out.extension().and_then(|e| e.to_str());
    let svg = match ext.map(str::to_ascii_lowercase).as_deref() {
        _ if opts.still => true,
        Some("cast") => false,
        Some("svg") => true,
        _ => {
            return Err(format!(
                "{}: write a .cast (asciicast v2) or a .svg (an animation)",
                opts.out.display()
            ));
        }
    };
    let (w, h) = opts.size;
    if w < 40 || h < 12 || w > 400 || h > 200 {
        return Err(format!(
            "--size {}: give columns x rows between 40x12 and 400x200",
            if w == u16::MAX || h == u16::MAX {
                "larger than 400x200".to_string()
            } else {
                format!("{w}x{h}")
            }
        ));
    }
    let (tx, _rx) = crossbeam_channel::bounded(1);
    let mut app = App::detached(opts.app.clone(), tx);
    let speed = app.race().speed().unwrap_or(MAX_SPEED);
    let mut cores: Vec<ShownSearch> = app
        .race()
        .panes()
        .iter()
        .map(|p| ShownSearch::new(&p.setup(app.race().puzzle(), Some(speed), true, false)))
        .collect();
    let watched = speed <= WATCHED_SPEED;
    let area = Rect::new(0, 0, w, h);
    let bytes_out = Shared::default();
    let mut ansi = Terminal::with_options(
        CrosstermBackend::new(bytes_out.clone()),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )
    .map_err(|e| e.to_string())?;
    let mut test = Terminal::new(TestBackend::new(w, h)).map_err(|e| e.to_string())?;
    let mut cast = if svg || opts.still {
        None
    } else {
        Some(Cast::create(&opts.out, w, h).map_err(|e| cannot(&opts, e))?)
    };
    let mut movie = Movie::new(w, h, opts.app.theme.palette);
    let budget_steps = opts.steps.unwrap_or(u64::MAX);
    let budget_seconds = opts.seconds.unwrap_or(f64::INFINITY);
    let mut frame = 0u32;
    let mut owed = 0.0f64;
    loop {
        let t = frame as f64 / FPS as f64;
        for c in &cores {
            app.on_report(c.report(true, speed));
        }
        if svg {
            test.draw(|f| super::draw(f, &mut app))
                .map_err(|e| e.to_string())?;
            movie.frame(t, test.backend().buffer());
        } else {
            ansi.draw(|f| super::draw(f, &mut app))
                .map_err(|e| e.to_string())?;
            let bytes = bytes_out.take();
            if let Some(c) = &mut cast
                && !bytes.is_empty()
            {
                c.output(t, &String::from_utf8_lossy(&bytes))
                    .map_err(|e| cannot(&opts, e))?;
            }
        }
        let done = cores.iter().all(ShownSearch::ended)
            || cores[0].total_steps() >= budget_steps
            || t >= budget_seconds;
        if done {
            break;
        }
        // the steps of the next frame, on the simulated clock
        owed += speed / FPS as f64;
        let n = owed.floor() as u64;
        owed -= n as f64;
        for c in &mut cores {
            let n = n.min(budget_steps.saturating_sub(c.total_steps()));
            if watched {
                for _ in 0..n {
                    if c.ended() {
                        break;
                    }
                    c.step(true);
                }
            } else if n > 0 {
                c.advance(n);
            }
        }
        frame += 1;
    }
    let end = frame as f64 / FPS as f64 + HOLD;
    if let Some(c) = &mut cast {
        // an empty event holds the last frame on screen
        c.output(end, "").map_err(|e| cannot(&opts, e))?;
        c.finish().map_err(|e| cannot(&opts, e))?;
    }
    if opts.still {
        super::still::write(test.backend().buffer(), opts.app.theme.palette, &opts.out)?;
    } else if svg {
        std::fs::write(&opts.out, movie.svg(end)).map_err(|e| cannot(&opts, e))?;
    }
    Ok(Recorded {
        frames: frame as usize + 1,
        seconds: end,
        steps: cores[0].total_steps(),
    })
}

fn cannot(opts: &RecordOptions, e: std::io::Error) -> String {
    format!("cannot write {}: {e}", opts.out.display())
}
