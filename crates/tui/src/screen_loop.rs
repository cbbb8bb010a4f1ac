//! The screen's loop: this process's own terminal taken and given back ([`run`],
//! [`restore`]), and the loop that draws a stage on any terminal that takes bytes ([`drive`]):
//! keys, the runners' reports and a frame tick at once, drawing only when something shown
//! changed, until the person quits or the host ends it.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::ThreadId;
use std::time::Duration;

use crossbeam_channel::{Receiver, bounded, select, tick};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use sudoscope_core::clock::Instant;
use sudoscope_core::engine::runner::Report;

use crate::app::Launch;
use crate::cast::{Cast, Recorder, Tee};
use crate::stage::Stage;
use crate::{
    CONTAINED_THREADS, Event, TuiError, base64, draw, remote, still, terminal_keys, watchdog,
};

/// The thread drawing this process's own terminal, whose panic restores it.
static LOCAL_SCREEN: OnceLock<ThreadId> = OnceLock::new();

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

/// Whether there is a terminal to draw on and read keys from: standard output is one, and keys
/// come from standard input or, when that holds a puzzle or a trace, from the terminal itself.
pub fn has_terminal() -> bool {
    std::io::stdout().is_terminal()
        && (std::io::stdin().is_terminal() || std::fs::File::open("/dev/tty").is_ok())
}

/// Give the terminal back as it was: mouse capture off, the normal screen, the cursor shown,
/// raw mode off. Every exit path comes here, panics included.
pub fn restore() {
    let mut out = std::io::stdout();
    let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Where a screen's loop runs: its keys, and what ends it from outside.
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

/// Run the visualiser until the person quits; with `record`, the session is also written to
/// that file as asciicast v2. Returns the signal that ended it, if one did (SIGINT, SIGTERM or
/// SIGHUP: the caller exits with 128 + its number, as a shell expects).
pub fn run(opts: Launch, record: Option<PathBuf>) -> Result<Option<i32>, TuiError> {
    let (stage, reports) = Stage::new(opts);
    run_stage(&stage, reports, record)
}

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

/// This terminal's keys, read on a thread of their own ([`terminal_keys`]): the channel closes
/// when the terminal is gone or its reads keep failing, and the screen's loop then ends.
fn local_input(stop: Arc<AtomicBool>) -> std::io::Result<Receiver<Event>> {
    let (input_tx, input_rx) = bounded(256);
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || terminal_keys::read(&stop, &input_tx))?;
    Ok(input_rx)
}

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
        stage.drawn();
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
