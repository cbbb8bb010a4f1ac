//! The visualiser on a page's screen: the same [`App`] as the terminal's, its searches taking
//! turns on the page's thread, its frames written as a terminal's bytes for the page's own
//! terminal (the text one `sudoscope web` draws in). The page calls [`Screen::frame`] at every
//! animation frame with a share of it to compute in; nothing here waits.

use std::time::Duration;

use crossbeam_channel::{Receiver, bounded};
use ratatui::Terminal;
use sudoscope_core::clock::Instant;
use sudoscope_core::engine::local;
use sudoscope_core::engine::runner::Report;
use sudoscope_i18n::{Lang, tr};
use sudoscope_tui::ansi::Ansi;
use sudoscope_tui::app::Download;
use sudoscope_tui::input::Parser;
use sudoscope_tui::lesson::{self, Lesson};
use sudoscope_tui::theme::{Palette, Theme};
use sudoscope_tui::{App, Event, Front, Launch, words};

use crate::options::Options;

/// How often the app's clock ticks (lessons' timing, the rate shown), as the terminal's loop.
const TICK: Duration = Duration::from_millis(33);

/// What a frame produced, besides the bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Produced {
    /// The person quit (`q`).
    pub quit: bool,
    /// A still was asked for (`W`): [`Screen::take_text`] gives its SVG.
    pub still: bool,
    /// A file is to be downloaded (`y` then `w` or `a`): [`Screen::take_file`] gives it.
    pub file: bool,
}

/// The app, its terminal and its reports.
pub struct Screen {
    app: App,
    reports: Receiver<Report>,
    terminal: Terminal<Ansi>,
    parser: Parser,
    dirty: bool,
    ticked: Instant,
    text: Option<String>,
    file: Option<Download>,
}

/// A lesson from a file the person chose, or built in by name.
pub enum LessonFrom<'a> {
    /// Built into the program.
    Builtin(&'a str),
    /// A file's text, and its name.
    Text(&'a str, &'a str),
}

/// A lesson read; an error in words (in `lang`, where the page's own).
pub fn lesson_of(from: LessonFrom<'_>, lang: Lang) -> Result<Lesson, String> {
    let (text, name) = match from {
        LessonFrom::Builtin(name) => {
            let Some((_, text)) = lesson::BUILTIN.iter().find(|(n, _)| *n == name) else {
                let names: Vec<&str> = lesson::BUILTIN.iter().map(|(n, _)| *n).collect();
                return Err(tr!(
                    lang,
                    "address-lesson",
                    name = name,
                    names = names.join(", ")
                ));
            };
            (*text, name)
        }
        LessonFrom::Text(text, name) => (text, name),
    };
    lesson::parse(text, name).map_err(|e| words::lesson_error(lang, Front::Page, &e))
}

impl Screen {
    /// The visualiser at `cols` x `rows`, as `options` ask; an error in words when a setting
    /// is wrong. `lesson` plays instead of the run (its first scene).
    pub fn new(
        cols: u16,
        rows: u16,
        options: Options,
        lesson: Option<Lesson>,
    ) -> Result<Screen, String> {
        // the language asked for, else the lesson's own, else the browser's (the command
        // line's order: `--lang`, the lesson's, the system's)
        let lang = options
            .lang
            .or(lesson.as_ref().and_then(|l| l.lang))
            .or(options.browser_lang)
            .unwrap_or(Lang::En);
        let run = sudoscope_core::run::check(&options.run)
            .map_err(|e| words::spec_error(lang, Front::Page, &e))?;
        let mut launch = Launch::of(run, Theme::new(options.palette.unwrap_or(Palette::Dark)));
        // the page reads no file by its path: a lesson comes from the file picker, and what
        // would be written goes to the browser's downloads
        launch.lang = lang;
        launch.front = Front::Page;
        launch.lesson = lesson;
        let (tx, reports) = bounded(64);
        let app = App::new(launch, tx);
        let terminal = Terminal::new(Ansi::new(cols, rows)).map_err(|e| e.to_string())?;
        Ok(Screen {
            app,
            reports,
            terminal,
            parser: Parser::default(),
            dirty: true,
            ticked: Instant::now(),
            text: None,
            file: None,
        })
    }

    /// The page is at `address` (without its query): `y` gives the view as a link to it.
    pub fn at_address(&mut self, address: &str) {
        if !address.is_empty() {
            self.app.at_address(address);
        }
    }

    /// A terminal's bytes from the page: keys, clicks, the wheel, pastes.
    pub fn input(&mut self, bytes: &[u8]) {
        for e in self.parser.feed(bytes) {
            self.event(e);
        }
    }

    /// The page's screen is now `cols` x `rows`.
    pub fn resize(&mut self, cols: u16, rows: u16) {
        self.event(Event::Resize(cols, rows));
    }

    fn event(&mut self, e: Event) {
        if let Event::Resize(w, h) = e {
            self.terminal.backend_mut().resized(w, h);
        }
        self.app.on_event(e);
        self.dirty = true;
    }

    /// One animation frame: the searches take turns for about `budget`, their reports are
    /// taken, and the screen is drawn if anything shown changed; the bytes to write go to
    /// `out`.
    pub fn frame(&mut self, budget: Duration, out: &mut Vec<u8>) -> Produced {
        local::poll(budget);
        while let Ok(r) = self.reports.try_recv() {
            self.dirty |= self.app.on_report(r);
        }
        if self.ticked.elapsed() >= TICK {
            self.ticked = Instant::now();
            self.dirty |= self.app.on_tick();
        }
        let mut produced = Produced::default();
        if self.app.take_still() {
            let size = self.terminal.size().unwrap_or_default();
            self.text = Some(sudoscope_tui::still::svg(
                &self.app,
                size.width,
                size.height,
            ));
            self.app
                .say(sudoscope_i18n::tr!(self.app.lang(), "still-downloaded"));
            produced.still = true;
            self.dirty = true;
        }
        if let Some(d) = self.app.take_download() {
            self.file = Some(d);
        }
        produced.file = self.file.is_some();
        if self.dirty {
            self.dirty = false;
            let app = &mut self.app;
            if self.terminal.draw(|f| sudoscope_tui::draw(f, app)).is_err() {
                produced.quit = true;
            }
        }
        out.extend(self.terminal.backend_mut().take());
        if let Some(text) = self.app.take_clipboard() {
            // OSC 52: the page puts it on the clipboard, as a terminal would
            out.extend_from_slice(b"\x1b]52;c;");
            out.extend_from_slice(sudoscope_tui::base64(text.as_bytes()).as_bytes());
            out.push(0x07);
        }
        produced.quit |= self.app.quit();
        produced
    }

    /// The smallest screen the app is drawn on now (a race needs more rows than one search).
    pub fn needs(&self) -> (u16, u16) {
        let width = self.terminal.size().map(|s| s.width).unwrap_or(80);
        sudoscope_tui::view::needs(self.app.lang(), &self.app, width).unwrap_or((72, 24))
    }

    /// The text a frame left (a still's SVG), once.
    pub fn take_text(&mut self) -> Option<String> {
        self.text.take()
    }

    /// The file a frame left for the browser's downloads, once.
    pub fn take_file(&mut self) -> Option<Download> {
        self.file.take()
    }

    /// The app, to look at (tests).
    pub fn app(&self) -> &App {
        &self.app
    }
}
