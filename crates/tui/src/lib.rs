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
pub mod front;
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

#[cfg(feature = "native")]
mod screen_loop;
mod stage;
pub mod step_log;
pub mod still;
pub mod theme;
pub mod view;
pub mod words;

use ratatui::layout::Rect;

pub use app::{App, Launch};
pub use event::Event;
pub use front::Front;
#[cfg(feature = "native")]
pub use screen_loop::{Ended, Host, drive, has_terminal, restore, run, run_stage};
pub use stage::Stage;

use sudoscope_core::engine::runner::RUNNER_THREAD;

/// Threads whose panics stay inside them: a runner's is shown in its pane, a served session's
/// ends that session only. The screen must stay as it is.
pub const CONTAINED_THREADS: &[&str] = &[RUNNER_THREAD, "session-", "viewer-"];

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

/// Draw the app, and keep where its grid went for the mouse.
pub fn draw(f: &mut ratatui::Frame, app: &mut App) {
    let at = view::draw(f, app);
    app.drawn(at);
    // the speaker notes are this screen's own: a mirror draws the view alone
    if app.show_notes() {
        view::overlay::notes(app.lang(), f, app);
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

/// The largest terminal a screen draws on (a larger one is drawn at this size, top left): a
/// client claiming 65535x65535 costs no more than this.
pub const MAX_SIZE: (u16, u16) = (400, 200);

/// A terminal size as drawn: at least one cell, at most [`MAX_SIZE`].
pub fn drawn_size(w: u16, h: u16) -> Rect {
    Rect::new(0, 0, w.clamp(1, MAX_SIZE.0), h.clamp(1, MAX_SIZE.1))
}
