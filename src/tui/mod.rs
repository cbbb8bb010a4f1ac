//! The live visualiser (ratatui + crossterm). Knows nothing of how algorithms work inside: it
//! talks to runners through channels and draws their reports.
//!
//! The UI thread waits on input, runner reports and a frame tick at once (crossbeam `select!`),
//! so it never blocks on a solver. The terminal is restored on every exit: `q`, Ctrl-C, SIGTERM,
//! SIGHUP (through a signal flag checked every tick) and panics (our hook): the alternate screen
//! left, the cursor shown, raw mode and mouse capture off. [`app`] is the state and what each
//! input does to it, [`keys`] the key table, [`view`] the drawing, [`theme`] the styles,
//! [`dialog`] what opens over the screen, [`lesson`] the lesson files, [`cast`] and
//! [`recording`] the recordings. Errors are returned typed; the command line chooses the exit
//! code.

pub mod app;
pub mod cast;
pub mod dialog;
pub mod keys;
pub mod lesson;
pub mod recording;
mod signals;
pub mod theme;
pub mod view;

use std::io::{IsTerminal, Stdout, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossbeam_channel::{bounded, select, tick};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

pub use app::{App, Options};

use crate::engine::runner::RUNNER_THREAD;
use cast::{Cast, Recorder, Tee};

/// The terminal the visualiser draws on: standard output, recorded when asked.
type Screen = Terminal<CrosstermBackend<Tee<Stdout>>>;

/// Why the visualiser could not run.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Standard input or output is not a terminal.
    #[error(
        "the visualiser needs a terminal; for headless runs use `sudoscope solve` or `sudoscope experiment`"
    )]
    NoTerminal,
    /// Drawing or reading the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] std::io::Error),
}

/// Whether there is a terminal to draw on and read keys from: standard output is one, and keys
/// come from standard input or, when that holds a puzzle or a trace, from the terminal itself.
pub fn has_terminal() -> bool {
    std::io::stdout().is_terminal()
        && (std::io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok())
}

/// Draw the app, and keep where its grid went for the mouse.
pub fn draw(f: &mut ratatui::Frame, app: &mut App) {
    app.grid_at = view::draw(f, app);
}

/// Standard base64 (RFC 4648, with padding), for OSC 52.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Give the terminal back as it was: mouse capture off, the normal screen, the cursor shown,
/// raw mode off. Every exit path comes here, panics included.
pub fn restore() {
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Run the visualiser until the person quits; with `record`, the session is also written to
/// that file as asciicast v2. Returns the signal that ended it, if one did (SIGINT, SIGTERM or
/// SIGHUP: the caller exits with 128 + its number, as a shell expects).
pub fn run(opts: Options, record: Option<PathBuf>) -> Result<Option<i32>, TuiError> {
    if !has_terminal() {
        return Err(TuiError::NoTerminal);
    }
    let stop = Arc::new(AtomicBool::new(false));
    // SIGINT (outside raw mode), SIGTERM and SIGHUP all end the loop and restore the terminal
    signals::catch();
    let (w, h) = ratatui::crossterm::terminal::size()?;
    let recorder = match &record {
        Some(path) => Some(Recorder::new(Cast::create(path, w, h).map_err(|e| {
            TuiError::Io(std::io::Error::new(
                e.kind(),
                format!("cannot write {}: {e}", path.display()),
            ))
        })?)),
        None => None,
    };
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // a runner's panic is caught and shown in its pane: the screen must stay as it is
        if std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(RUNNER_THREAD))
        {
            return;
        }
        restore();
        previous(info);
    }));
    enable_raw_mode()?;
    let mut out = Tee::new(std::io::stdout(), recorder.clone());
    execute!(out, EnterAlternateScreen, EnableMouseCapture)?;
    let result = match Terminal::new(CrosstermBackend::new(out)) {
        Ok(mut terminal) => event_loop(&mut terminal, opts, &stop, recorder.as_ref()),
        Err(e) => Err(e.into()),
    };
    restore();
    if let Some(r) = &recorder {
        r.finish()?;
    }
    result.map(|()| signals::caught())
}

fn event_loop(
    terminal: &mut Screen,
    opts: Options,
    stop: &Arc<AtomicBool>,
    recorder: Option<&Recorder>,
) -> Result<(), TuiError> {
    let (reports_tx, reports_rx) = bounded(64);
    let (input_tx, input_rx) = bounded(256);
    let input_stop = Arc::clone(stop);
    let input_thread = std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            while !input_stop.load(Ordering::SeqCst) {
                match event::poll(Duration::from_millis(50)) {
                    Ok(true) => match event::read() {
                        Ok(e) => {
                            if input_tx.send(e).is_err() {
                                break;
                            }
                        }
                        Err(_) => break,
                    },
                    Ok(false) => {}
                    Err(_) => break,
                }
            }
            // no terminal to read any more: the whole program stops
            input_stop.store(true, Ordering::SeqCst);
        })?;
    let ticker = tick(Duration::from_millis(33));
    let provoke_ui_panic = std::env::var("SUDOSCOPE_TEST_PANIC").is_ok_and(|v| v == "ui");
    let mut app = App::new(opts, reports_tx);
    let mut ticks = 0u64;
    terminal.draw(|f| draw(f, &mut app))?;
    // drawn again at the next tick only when something it shows has changed: a paused screen
    // costs next to nothing
    let mut dirty = false;
    while !app.quit && !stop.load(Ordering::SeqCst) && signals::caught().is_none() {
        select! {
            recv(input_rx) -> e => {
                // the input thread ends when the terminal is gone (hang-up, closed window)
                let Ok(e) = e else { break };
                let mut pending = Some(e);
                while let Some(e) = pending.take() {
                    if let (Event::Resize(w, h), Some(r)) = (&e, recorder) {
                        r.resized(*w, *h);
                    }
                    app.on_event(e);
                    pending = input_rx.try_recv().ok();
                }
                terminal.draw(|f| draw(f, &mut app))?;
                if let Some(text) = app.clipboard.take() {
                    // OSC 52: the terminal puts the text on the system clipboard (where allowed)
                    let out = terminal.backend_mut();
                    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
                    out.flush()?;
                }
            }
            recv(reports_rx) -> r => {
                if let Ok(r) = r {
                    dirty |= app.on_report(r);
                }
            }
            recv(ticker) -> _ => {
                ticks += 1;
                if provoke_ui_panic && ticks == 15 {
                    panic!("provoked by SUDOSCOPE_TEST_PANIC=ui");
                }
                dirty |= app.on_tick();
                if dirty {
                    terminal.draw(|f| draw(f, &mut app))?;
                    dirty = false;
                }
            }
        }
    }
    stop.store(true, Ordering::SeqCst);
    drop(app); // stops and joins the runners
    // not joined: on a hung-up terminal crossterm's read can spin inside the input thread, and
    // waiting for it would keep the process alive; it ends with the process
    drop(input_thread);
    Ok(())
}
