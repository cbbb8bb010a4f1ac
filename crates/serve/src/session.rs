//! One student's screen: a thread of its own running the visualiser's loop on the SSH
//! channel's terminal, at that terminal's size. With a mirror it first shows the lecturer's
//! screen, read-only, until the student presses `t` to go on alone from the board on screen.
//! A panic here ends this session only, with a message to its client.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, bounded, select, tick};
use ratatui::Terminal;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::crossterm::{execute, queue};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line as TextLine;
use ratatui::widgets::{Clear as Blank, Paragraph};
use sudoscope_tui::event::{Event, KeyCode, KeyEventKind, KeyModifiers};

use super::Class;
use super::out::{Line, Out};
use sudoscope_core::engine::trace::source::Source;
use sudoscope_i18n::Lang;
use sudoscope_tui::remote::{Remote, Screen as _};
use sudoscope_tui::theme::{Palette, Theme};
use sudoscope_tui::{self, Ended, Host, Launch, Stage};

/// What the client said of its terminal.
#[derive(Clone, Debug)]
pub struct TermInfo {
    /// Columns and rows.
    pub size: (u16, u16),
    /// `TERM` (from the pty request).
    pub term: String,
    /// The client set `NO_COLOR`.
    pub no_color: bool,
    /// The locale variables the client sent (`LANG`, `LC_ALL`, `LC_MESSAGES`), at most these.
    pub locale: Vec<(String, String)>,
}

impl TermInfo {
    /// The language the client's locale asks for, when it names one this program speaks.
    pub fn language(&self) -> Option<sudoscope_i18n::Lang> {
        sudoscope_i18n::Lang::from_locale(|name| {
            self.locale
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        })
    }

    /// The theme for this terminal: the server's, or `mono` where colour is unwanted or
    /// unknown (`NO_COLOR`, `TERM=dumb` or none), or where the server's theme needs the
    /// 256-colour table (`light`) and the terminal names only the basic colours.
    pub fn theme(&self, server: Theme) -> Theme {
        let term = self.term.to_ascii_lowercase();
        let dumb = term.is_empty() || term == "dumb";
        let wide = ["256color", "truecolor", "direct", "24bit"]
            .iter()
            .any(|w| term.contains(w));
        if self.no_color || dumb || (server.palette == Palette::Light && !wide) {
            Theme::new(Palette::Mono)
        } else {
            server
        }
    }
}

/// Everything a session starts with.
pub struct Start {
    /// Its number, for the log.
    pub id: u64,
    /// The class it belongs to.
    pub class: Arc<Class>,
    /// Its terminal.
    pub info: TermInfo,
    /// Keys, clicks and resizes from the client.
    pub input: Receiver<Event>,
    /// Raised when the connection ends.
    pub stop: Arc<AtomicBool>,
    /// Where frames go.
    pub out: Out,
    /// Runs to show instead of a search of its own or the mirror: a student's own search,
    /// sent to the class board (`sudoscope web`, a link with `t=NAME`).
    pub source: Option<Source>,
}

type Screen = Terminal<Remote<Out>>;

/// Keys waiting for a busy session at most; a client typing faster loses keys, not memory.
const KEYS_QUEUED: usize = 256;

/// A running session, as its connection (SSH or a browser's) reaches it.
pub struct Link {
    input: Sender<Event>,
    stop: Arc<AtomicBool>,
}

impl Link {
    /// A key, click or resize for the session; dropped when it is that far behind.
    pub fn send(&self, e: Event) {
        let _ = self.input.try_send(e);
    }

    /// The connection is gone: the session stops, which frees its threads and memory.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// Open a session for a connection from `peer` whose frames go to `out` (its pump already
/// running): counted into the class, or told the class is full and closed. Whatever the
/// transport, every session starts here. With a `source`, the session shows its runs (as
/// `watch` does) rather than the mirror or a search of its own.
pub fn open(
    class: &Arc<Class>,
    peer: &str,
    info: TermInfo,
    out: Out,
    frames: Arc<std::sync::atomic::AtomicU64>,
    source: Option<Source>,
) -> Option<Link> {
    let id = class.next_id();
    let stop = Arc::new(AtomicBool::new(false));
    if !class.join(id, frames, Arc::clone(&stop)) {
        let lang = class.language_for(&info);
        class.log(&format!(
            "{peer}: turned away, the class is full ({} sessions)",
            class.max_sessions
        ));
        let message = format!("{}\r\n", tr!(lang, "serve-full", n = class.max_sessions));
        let line = out.line();
        let _ = line.must_send(message.as_bytes());
        line.close(1);
        return None;
    }
    let (input_tx, input_rx) = bounded(KEYS_QUEUED);
    class.log(&format!(
        "{peer}: session {id} starts at {}x{} ({})",
        info.size.0,
        info.size.1,
        if info.term.is_empty() {
            "no TERM"
        } else {
            &info.term
        }
    ));
    let start = Start {
        id,
        class: Arc::clone(class),
        info,
        input: input_rx,
        stop: Arc::clone(&stop),
        out,
        source,
    };
    if let Err(e) = spawn(start) {
        class.left(id, &format!("could not start: {e}"));
        return None;
    }
    Some(Link {
        input: input_tx,
        stop,
    })
}

/// How a session ended, for its client and the log.
enum Outcome {
    Ended(Ended),
    Failed(String),
}

/// Start the session on a thread of its own. The class's session count already includes it;
/// it is given back when the session ends, whatever the way.
pub fn spawn(start: Start) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(format!("session-{}", start.id))
        .spawn(move || {
            let Start {
                id,
                class,
                info,
                input,
                stop,
                out,
                source,
            } = start;
            let lang = class.language_for(&info);
            let redraw = Arc::clone(&out.redraw);
            let line = out.line();
            let backend = Remote::new(out, info.size.0, info.size.1);
            let mut terminal = match Terminal::new(backend) {
                Ok(t) => t,
                Err(_) => {
                    class.left(id, "could not set up its screen");
                    return;
                }
            };
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let ends = (&input, &*stop, &*redraw);
                body(&mut terminal, &line, (&class, &info, lang), ends, source)
            }))
            .unwrap_or_else(|e| {
                let msg = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown panic".into());
                Outcome::Failed(tr!(lang, "serve-internal-error", message = msg))
            });
            let (message, status, why) = match &outcome {
                Outcome::Ended(Ended::Quit) => (tr!(lang, "serve-goodbye"), 0, "quit"),
                Outcome::Ended(Ended::Stopped) => (String::new(), 0, "connection ended"),
                Outcome::Ended(Ended::Idle) => (
                    tr!(lang, "serve-idle", time = describe(lang, class.idle)),
                    0,
                    "idle",
                ),
                Outcome::Failed(what) => (tr!(lang, "serve-failed", what = what), 1, "failed"),
            };
            let _ = terminal.flush();
            let mut bye = Vec::new();
            let _ = execute!(bye, DisableMouseCapture, LeaveAlternateScreen, Show);
            if !message.is_empty() {
                bye.extend_from_slice(message.as_bytes());
                bye.extend_from_slice(b"\r\n");
            }
            let _ = line.must_send(&bye);
            line.close(status);
            let detail = match &outcome {
                Outcome::Failed(what) => format!("{why}: {what}"),
                _ => why.to_string(),
            };
            class.left(id, &detail);
        })
        .map(|_| ())
}

/// A size a client claims, in cells: 0 is taken as 1 and anything past u16 as u16's most;
/// the screen draws at most [`sudoscope_tui::MAX_SIZE`] of it.
pub fn cells(v: u32) -> u16 {
    v.clamp(1, u16::MAX as u32) as u16
}

/// "30 minutes", "90 seconds".
fn describe(lang: Lang, d: Duration) -> String {
    let s = d.as_secs();
    if s >= 120 && s.is_multiple_of(60) {
        tr!(lang, "minutes", n = s / 60)
    } else {
        tr!(lang, "seconds", n = s)
    }
}

fn body(
    terminal: &mut Screen,
    line: &Line,
    (class, info, lang): (&Class, &TermInfo, Lang),
    (input, stop, redraw): (&Receiver<Event>, &AtomicBool, &AtomicBool),
    source: Option<Source>,
) -> Outcome {
    if let Err(e) = enter(terminal, line) {
        return Outcome::Failed(e.to_string());
    }
    let opts = match (&class.mirror, source) {
        // the student's own search, shown as it is sent, up to the speed at which every
        // step is still recorded (its log, its rewind: a run that ended is replayed from its
        // start in seconds); pausing it skips steps, it never holds the sender back
        (_, Some(source)) => {
            let mut opts = class.template.clone();
            opts.run.speed = Some(sudoscope_core::engine::runner::WATCHED_SPEED);
            opts.run.paused = false;
            opts.run.race.clear();
            Launch {
                source: Some(source),
                ..opts
            }
        }
        (Some(stage), None) => match watch(lang, terminal, stage, input, stop, redraw) {
            Ok(Watched::Try(opts)) => *opts,
            Ok(Watched::Ended(e)) => return Outcome::Ended(e),
            Err(e) => return Outcome::Failed(e.to_string()),
        },
        (None, None) => class.template.clone(),
    };
    let opts = Launch {
        theme: info.theme(opts.theme),
        lang,
        ..opts
    };
    // a tab that only watches its student's own runs is never idle
    let watching = opts.source.is_some();
    if std::env::var("SUDOSCOPE_TEST_PANIC").is_ok_and(|v| v == "session") {
        panic!("provoked by SUDOSCOPE_TEST_PANIC=session");
    }
    let (stage, reports) = Stage::new(opts);
    let host = Host {
        input: input.clone(),
        stop,
        idle: (!watching).then_some(class.idle),
        recorder: None,
        redraw: Some(redraw),
    };
    let ended = sudoscope_tui::drive(terminal, &stage, reports, host);
    // the runners stop here, before the session says goodbye
    drop(stage);
    match ended {
        Ok(e) => Outcome::Ended(e),
        Err(e) => Outcome::Failed(e.to_string()),
    }
}

/// The alternate screen, the cursor hidden, clicks reported.
fn enter(terminal: &mut Screen, line: &Line) -> std::io::Result<()> {
    let mut hello = Vec::new();
    queue!(
        hello,
        EnterAlternateScreen,
        Hide,
        EnableMouseCapture,
        Clear(ClearType::All)
    )?;
    line.must_send(&hello)?;
    terminal.clear()
}

/// How watching the lecturer ended.
enum Watched {
    /// The student goes on alone, from this run.
    Try(Box<Launch>),
    /// The student left, or the connection ended.
    Ended(Ended),
}

/// Show the lecturer's screen at this terminal's size, drawn again when it changes (at most
/// about 30 times a second), until the student tries it alone or leaves.
fn watch(
    lang: Lang,
    terminal: &mut Screen,
    stage: &Stage,
    input: &Receiver<Event>,
    stop: &AtomicBool,
    redraw: &AtomicBool,
) -> std::io::Result<Watched> {
    let ticker = tick(Duration::from_millis(33));
    let mut shown = u64::MAX;
    loop {
        select! {
            recv(input) -> e => {
                let Ok(e) = e else { return Ok(Watched::Ended(Ended::Stopped)) };
                match e {
                    Event::Key(k) if k.kind != KeyEventKind::Release => match k.code {
                        KeyCode::Char('q') => return Ok(Watched::Ended(Ended::Quit)),
                        KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                            return Ok(Watched::Ended(Ended::Quit));
                        }
                        KeyCode::Char('t') | KeyCode::Enter => {
                            return Ok(Watched::Try(Box::new(now_you_try(&stage.read()))));
                        }
                        _ => {}
                    },
                    Event::Resize(w, h) => {
                        terminal.backend_mut().resized(w, h);
                        shown = u64::MAX;
                    }
                    _ => {}
                }
            }
            recv(ticker) -> _ => {
                if stop.load(Ordering::SeqCst) {
                    return Ok(Watched::Ended(Ended::Stopped));
                }
                if redraw.swap(false, Ordering::AcqRel) {
                    terminal.clear()?;
                    shown = u64::MAX;
                }
                let frames = stage.frames();
                if frames != shown {
                    shown = frames;
                    terminal.draw(|f| {
                        let app = stage.read();
                        sudoscope_tui::view::draw_in(lang, f, &app);
                        let area = f.area();
                        let last = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
                        let style = app.theme().base().add_modifier(Modifier::REVERSED);
                        // the whole row is the mirror's own: none of the lecturer's key hints
                        f.render_widget(Blank, last);
                        f.render_widget(
                            Paragraph::new(TextLine::from(watch_line(lang, area.width)))
                                .style(Style::default().patch(style)),
                            last,
                        );
                    })?;
                }
            }
        }
    }
}

/// The mirror's bottom row at `width` columns: the longest of its three wordings that fits
/// whole, so that `t` and `q` are always there (cut only on a screen narrower than the
/// shortest).
fn watch_line(lang: Lang, width: u16) -> String {
    let forms = ["watch-line", "watch-line-short", "watch-line-keys"];
    sudoscope_tui::view::wrap::first_that_fits(
        forms
            .iter()
            .map(|id| format!(" {} ", tr!(lang, id)))
            .collect(),
        usize::from(width),
    )
}

/// The student's own run, from the lecturer's screen: the focused pane's algorithm and
/// parameters, from the board it shows now, paused so the student sees where it starts.
fn now_you_try(app: &sudoscope_tui::App) -> Launch {
    let mut run = app.spec();
    let pane = &app.race().panes()[app.race().focus()];
    let here = pane.current().clone();
    run.method = here.method;
    run.seed = here.seed;
    run.start = pane
        .report
        .as_ref()
        .map(|r| r.snapshot.grid.clone())
        .or(here.start);
    run.race.clear();
    run.paused = true;
    Launch {
        front: sudoscope_tui::Front::Served,
        ..Launch::of(run, app.theme())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(term: &str, no_color: bool, server: Palette) -> Palette {
        TermInfo {
            size: (80, 24),
            term: term.into(),
            no_color,
            locale: Vec::new(),
        }
        .theme(Theme::new(server))
        .palette
    }

    #[test]
    fn the_mirror_line_always_keeps_its_keys_whole() {
        for lang in sudoscope_i18n::LANGS {
            let mut seen = std::collections::BTreeSet::new();
            for width in 24..=200u16 {
                let line = watch_line(lang, width);
                assert!(
                    line.chars().count() <= usize::from(width),
                    "{lang:?} at {width}: {line:?}"
                );
                // t and q with their words, whatever the width
                assert!(line.contains("t: ") && line.contains("q: "), "{line:?}");
                seen.insert(line);
            }
            // the long wording at a lab's width, and each shorter one somewhere
            assert!(watch_line(lang, 120).contains(&tr!(lang, "watch-line")));
            assert_eq!(seen.len(), 3, "{lang:?}: {seen:?}");
        }
    }

    #[test]
    fn colours_as_the_terminal_supports() {
        assert_eq!(on("xterm-256color", false, Palette::Dark), Palette::Dark);
        assert_eq!(on("xterm-256color", false, Palette::Light), Palette::Light);
        // the basic colours only: dark uses just those, light needs the 256-colour table
        assert_eq!(on("xterm", false, Palette::Dark), Palette::Dark);
        assert_eq!(on("vt100", false, Palette::Light), Palette::Mono);
        assert_eq!(on("dumb", false, Palette::Dark), Palette::Mono);
        assert_eq!(on("", false, Palette::Dark), Palette::Mono);
        assert_eq!(on("xterm-256color", true, Palette::Dark), Palette::Mono);
    }
}
