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

// a web page's build: no call that needs an operating system (clippy.toml)
#![cfg_attr(not(feature = "native"), deny(clippy::disallowed_methods))]

#[macro_use]
extern crate sudoscope_i18n;

pub mod ansi;
pub mod app;
pub mod cast;
pub mod dialog;
pub mod event;
pub mod input;
pub mod keys;
pub mod lesson;
#[cfg(feature = "native")]
pub mod recording;
#[cfg(feature = "native")]
pub mod remote;
mod screen_svg;
#[cfg(feature = "native")]
mod terminal_keys;
#[cfg(feature = "native")]
mod watchdog;

pub mod step_log;
pub mod still;
pub mod theme;
pub mod view;
pub mod words;

#[cfg(feature = "native")]
use std::io::{IsTerminal, Write};
#[cfg(feature = "native")]
use std::path::PathBuf;
#[cfg(feature = "native")]
use std::sync::OnceLock;
#[cfg(feature = "native")]
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
#[cfg(feature = "native")]
use std::thread::ThreadId;
#[cfg(feature = "native")]
use std::time::Duration;

use crossbeam_channel::{Receiver, bounded};
#[cfg(feature = "native")]
use crossbeam_channel::{select, tick};
#[cfg(feature = "native")]
use ratatui::Terminal;
#[cfg(feature = "native")]
use ratatui::backend::CrosstermBackend;
#[cfg(feature = "native")]
use ratatui::crossterm::cursor::Show;
#[cfg(feature = "native")]
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
#[cfg(feature = "native")]
use ratatui::crossterm::execute;
#[cfg(feature = "native")]
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;

pub use app::{App, Launch};
pub use event::Event;

#[cfg(feature = "native")]
use cast::{Cast, Recorder, Tee};
#[cfg(feature = "native")]
use sudoscope_core::clock::Instant;
use sudoscope_core::engine::runner::{RUNNER_THREAD, Report};

/// Threads whose panics stay inside them: a runner's is shown in its pane, a served session's
/// ends that session only. The screen must stay as it is.
pub const CONTAINED_THREADS: &[&str] = &[RUNNER_THREAD, "session-", "viewer-"];

#[cfg(feature = "native")]
/// The thread drawing this process's own terminal, whose panic restores it.
static LOCAL_SCREEN: OnceLock<ThreadId> = OnceLock::new();

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

#[cfg(feature = "native")]
/// Whether there is a terminal to draw on and read keys from: standard output is one, and keys
/// come from standard input or, when that holds a puzzle or a trace, from the terminal itself.
pub fn has_terminal() -> bool {
    std::io::stdout().is_terminal()
        && (std::io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok())
}

/// Draw the app, and keep where its grid went for the mouse.
pub fn draw(f: &mut ratatui::Frame, app: &mut App) {
    let at = view::draw(f, app);
    app.drawn(at);
    // the speaker notes are this screen's own: a mirror draws the view alone
    if app.show_notes() {
        view::overlay::notes(f, app);
        view::fit::settle(f.buffer_mut());
    }
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

#[cfg(feature = "native")]
/// Give the terminal back as it was: mouse capture off, the normal screen, the cursor shown,
/// raw mode off. Every exit path comes here, panics included.
pub fn restore() {
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// An app on a stage: the screen's loop changes it; others may look (a mirror draws it at its
/// own size). Counts the frames drawn of it.
pub struct Stage {
    app: RwLock<App>,
    frames: AtomicU64,
}

impl Stage {
    /// The app for `opts`, its runners started; their reports come on the receiver.
    pub fn new(opts: Launch) -> (Arc<Stage>, Receiver<Report>) {
        let (reports_tx, reports_rx) = bounded(64);
        let app = App::new(opts, reports_tx);
        (
            Arc::new(Stage {
                app: RwLock::new(app),
                frames: AtomicU64::new(0),
            }),
            reports_rx,
        )
    }

    /// The app, to read (a mirror drawing it).
    pub fn read(&self) -> RwLockReadGuard<'_, App> {
        self.app.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The app, to change (the screen's loop; the server's first status line).
    pub fn write(&self) -> RwLockWriteGuard<'_, App> {
        self.app.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Frames drawn so far: a mirror draws again when this changes.
    pub fn frames(&self) -> u64 {
        self.frames.load(Ordering::Acquire)
    }
}

/// Why a screen's loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The person quit (`q`, Ctrl-C).
    Quit,
    /// The input ended or `stop` was raised (the terminal is gone, a signal, the server).
    Stopped,
    /// No key for the idle time.
    Idle,
}

/// Where a screen's loop runs: its keys, and what ends it from outside.
#[cfg(feature = "native")]
pub struct Host<'a> {
    /// Keys, clicks and resizes.
    pub input: Receiver<Event>,
    /// Raised to end the loop from outside.
    pub stop: &'a AtomicBool,
    /// End after this long without a key.
    pub idle: Option<Duration>,
    /// The local session's recording, told of resizes.
    pub recorder: Option<&'a Recorder>,
    /// Raised when frames were lost on the way (a slow client): the next frame is drawn whole.
    pub redraw: Option<&'a AtomicBool>,
}

/// The largest terminal a screen draws on (a larger one is drawn at this size, top left): a
/// client claiming 65535x65535 costs no more than this.
pub const MAX_SIZE: (u16, u16) = (400, 200);

/// A terminal size as drawn: at least one cell, at most [`MAX_SIZE`].
pub fn drawn_size(w: u16, h: u16) -> Rect {
    Rect::new(0, 0, w.clamp(1, MAX_SIZE.0), h.clamp(1, MAX_SIZE.1))
}

#[cfg(feature = "native")]
/// Run the visualiser until the person quits; with `record`, the session is also written to
/// that file as asciicast v2. Returns the signal that ended it, if one did (SIGINT, SIGTERM or
/// SIGHUP: the caller exits with 128 + its number, as a shell expects).
pub fn run(opts: Launch, record: Option<PathBuf>) -> Result<Option<i32>, TuiError> {
    let (stage, reports) = Stage::new(opts);
    run_stage(&stage, reports, record)
}

#[cfg(feature = "native")]
/// As [`run`], on a stage others may look at (`serve --mirror`).
pub fn run_stage(
    stage: &Stage,
    reports: Receiver<Report>,
    record: Option<PathBuf>,
) -> Result<Option<i32>, TuiError> {
    if !has_terminal() {
        return Err(TuiError::NoTerminal);
    }
    let stop = Arc::new(AtomicBool::new(false));
    // SIGINT (outside raw mode), SIGTERM, SIGHUP and SIGQUIT all end the loop and restore the
    // terminal; the watchdog does it when the loop does not answer within a second
    sudoscope_core::signals::catch();
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
    let _ = LOCAL_SCREEN.set(std::thread::current().id());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let me = std::thread::current();
        // a runner's or a served session's panic is caught where it happened: this screen
        // stays as it is
        if me
            .name()
            .is_some_and(|n| CONTAINED_THREADS.iter().any(|p| n.starts_with(p)))
        {
            return;
        }
        if LOCAL_SCREEN.get() == Some(&me.id()) {
            restore();
            // the commands this screen watches end with it, whatever unwinding does next
            sudoscope_core::engine::trace::child::end_all();
        }
        previous(info);
    }));
    watchdog::keep_modes();
    enable_raw_mode()?;
    watchdog::start();
    let mut out = Tee::new(std::io::stdout(), recorder.clone());
    execute!(out, EnterAlternateScreen, EnableMouseCapture)?;
    let result = match Terminal::new(CrosstermBackend::new(out)) {
        Ok(mut terminal) => {
            let input = local_input(Arc::clone(&stop))?;
            let host = Host {
                input,
                stop: &stop,
                idle: None,
                recorder: recorder.as_ref(),
                redraw: None,
            };
            drive(&mut terminal, stage, reports, host).map(|_| ())
        }
        Err(e) => Err(e.into()),
    };
    stop.store(true, Ordering::SeqCst);
    restore();
    watchdog::restored();
    if let Some(r) = &recorder {
        r.finish()?;
    }
    result.map(|()| sudoscope_core::signals::caught())
}

#[cfg(feature = "native")]
/// This terminal's keys, read on a thread of their own ([`terminal_keys`]): the channel closes
/// when the terminal is gone or its reads keep failing, and the screen's loop then ends.
fn local_input(stop: Arc<AtomicBool>) -> std::io::Result<Receiver<Event>> {
    let (input_tx, input_rx) = bounded(256);
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || terminal_keys::read(&stop, &input_tx))?;
    Ok(input_rx)
}

#[cfg(feature = "native")]
/// The screen's loop: keys, runner reports and a frame tick at once, drawing only when
/// something shown changed, until the person quits or the host ends it. Any terminal that
/// takes bytes will do: this process's own, or a served session's channel.
pub fn drive<S: remote::Screen>(
    terminal: &mut Terminal<S>,
    stage: &Stage,
    reports: Receiver<Report>,
    host: Host<'_>,
) -> Result<Ended, TuiError> {
    let ticker = tick(Duration::from_millis(33));
    let provoke_ui_panic = std::env::var("SUDOSCOPE_TEST_PANIC").is_ok_and(|v| v == "ui");
    // a screen whose loop never comes back after its first frame (as a drawing stuck on
    // numbers no one foresaw), for the watchdog's test
    let provoke_stuck = std::env::var("SUDOSCOPE_TEST_STUCK").is_ok_and(|v| v == "ui");
    let mut ticks = 0u64;
    let draw_now = |terminal: &mut Terminal<S>| -> Result<(), TuiError> {
        if host.redraw.is_some_and(|r| r.swap(false, Ordering::AcqRel)) {
            terminal.clear()?;
        }
        let mut app = stage.write();
        terminal.draw(|f| draw(f, &mut app))?;
        stage.frames.fetch_add(1, Ordering::Release);
        Ok(())
    };
    draw_now(terminal)?;
    // (the first frame is on screen: from here on only the watchdog can answer a signal)
    if provoke_stuck {
        loop {
            std::thread::park();
        }
    }
    let mut last_key = Instant::now();
    // drawn again at the next tick only when something it shows has changed: a paused screen
    // costs next to nothing
    let mut dirty = false;
    let ended = loop {
        if stage.read().quit() {
            break Ended::Quit;
        }
        if host.stop.load(Ordering::SeqCst) || sudoscope_core::signals::caught().is_some() {
            break Ended::Stopped;
        }
        if host.idle.is_some_and(|d| last_key.elapsed() >= d) {
            break Ended::Idle;
        }
        select! {
            recv(host.input) -> e => {
                // the input ends when the terminal is gone (hang-up, closed window)
                let Ok(e) = e else { break Ended::Stopped };
                last_key = Instant::now();
                let mut pending = Some(e);
                while let Some(e) = pending.take() {
                    if let Event::Resize(w, h) = e {
                        if let Some(r) = host.recorder {
                            r.resized(w, h);
                        }
                        terminal.backend_mut().resized(w, h);
                    }
                    stage.write().on_event(e);
                    pending = host.input.try_recv().ok();
                }
                if stage.write().take_still() {
                    let size = terminal.size()?;
                    let said = still::of_app(&stage.read(), size.width, size.height);
                    stage.write().say(said);
                }
                draw_now(terminal)?;
                if let Some(text) = stage.write().take_clipboard() {
                    // OSC 52: the terminal puts the text on the system clipboard (where allowed)
                    let out = terminal.backend_mut();
                    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
                    Write::flush(out)?;
                }
            }
            recv(reports) -> r => {
                if let Ok(r) = r {
                    dirty |= stage.write().on_report(r);
                }
            }
            recv(ticker) -> _ => {
                ticks += 1;
                if provoke_ui_panic && ticks == 15 {
                    panic!("provoked by SUDOSCOPE_TEST_PANIC=ui");
                }

                dirty |= stage.write().on_tick();
                dirty |= host.redraw.is_some_and(|r| r.load(Ordering::Acquire));
                if dirty {
                    draw_now(terminal)?;
                    dirty = false;
                }
            }
        }
    };
    // the runners stop with the app, when the stage is dropped
    Ok(ended)
}
