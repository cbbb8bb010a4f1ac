//! What `y` gives: the screen as a command line, written to a file, or appended to a lesson as
//! a scene. Every one reads the run from [`super::race::Race::spec`].

use std::path::PathBuf;

use super::{App, Download};
use crate::front::Front;
use crate::lesson::{self, Scene};
use sudoscope_core::catalog;
use sudoscope_core::engine::trace::feed::Feed;
use sudoscope_core::run::{PaneSpec, print};

impl App {
    /// The puzzle as a reference a shell (and a lesson) can take: its name when that resolves
    /// to the same puzzle again, else the puzzle text.
    pub fn puzzle_ref(&self) -> String {
        let puzzle = self.race.puzzle();
        let name = &puzzle.name;
        let same = catalog::resolve_one(name).is_ok_and(|p| p.givens == puzzle.givens);
        if same && !name.contains(char::is_whitespace) && name != catalog::STDIN {
            name.clone()
        } else {
            puzzle.givens.to_line()
        }
    }

    /// Where the screen writes a file (`y`'s `w`, a still with `W`): beside the lesson being
    /// written, or here.
    pub fn files_dir(&self) -> PathBuf {
        self.lesson_out
            .as_ref()
            .and_then(|p| p.parent())
            .filter(|d| !d.as_os_str().is_empty())
            .map(PathBuf::from)
            .unwrap_or_default()
    }

    /// The command line that reproduces the view ([`super::race::Race::spec`], and the theme
    /// when it is not the default).
    pub fn command_line(&self) -> String {
        let mut cmd = match self.race.panes()[0].watched() {
            Some(feed) => self.watch_command(feed),
            None => print::command_line(&self.race.spec(), &self.puzzle_ref()),
        };
        if self.theme.palette != crate::theme::Palette::Dark {
            cmd.push_str(&format!(" --theme {}", self.theme.palette.name()));
        }
        cmd
    }

    /// The page is at `address` (without its query): `y` then gives the view as a link too.
    pub fn at_address(&mut self, address: &str) {
        self.address = Some(address.to_string());
    }

    /// The page's address that opens the same view in any browser: its own address with the
    /// run as [`print::page_query`] writes it, and the theme when it is not the default. None
    /// off the page, and for a trace's run, which no address opens.
    pub fn page_address(&self) -> Option<String> {
        let base = self.address.as_ref()?;
        if self.race.panes()[0].watched().is_some() {
            return None;
        }
        let mut query = print::page_query(&self.race.spec(), &self.puzzle_ref());
        if self.theme.palette != crate::theme::Palette::Dark {
            query.push_str(&format!("&theme={}", self.theme.palette.name()));
        }
        Some(format!("{base}?{query}"))
    }

    /// Whose runs the view follows when they were sent to the class board: then there is no
    /// command line to give, only where the student sees them.
    pub fn followed(&self) -> Option<&str> {
        self.watching.as_ref().and_then(|w| w.pushed_by())
    }

    /// Write the command line to `sudoscope-command.txt` on one line, beside `--lesson-out`'s
    /// file when one was given, else here; says where.
    pub(super) fn write_command(&mut self) -> String {
        let lang = self.lang;
        match self.front {
            Front::Served => return tr!(lang, "guest-writes"),
            Front::Page => {
                let name = "sudoscope-command.txt";
                self.download = Some(Download {
                    name: name.into(),
                    text: format!("{}\n", self.command_line()),
                });
                return tr!(lang, "command-downloaded", name = name);
            }
            Front::Own => {}
        }
        let path = self.files_dir().join("sudoscope-command.txt");
        match std::fs::write(&path, format!("{}\n", self.command_line())) {
            Ok(()) => tr!(lang, "command-written", path = path.display().to_string()),
            Err(e) => tr!(
                lang,
                "cannot-write",
                path = path.display().to_string(),
                reason = e.to_string()
            ),
        }
    }

    /// `sudoscope watch` with the speed, pause and race on screen, and the trace's source.
    fn watch_command(&self, feed: &Feed) -> String {
        let spec = self.race.spec();
        let mut cmd = format!(
            "sudoscope watch --speed {}",
            sudoscope_core::run::show_speed(spec.speed)
        );
        if spec.paused {
            cmd.push_str(" --paused");
        }
        if !spec.race.is_empty() {
            let racers: Vec<String> = spec.race.iter().map(PaneSpec::to_string).collect();
            cmd.push_str(&format!(" --race {}", racers.join(",")));
        }
        cmd.push(' ');
        cmd.push_str(&feed.source.args());
        cmd
    }

    /// Append the view as a scene to the lesson file (the lesson played, or the one given with
    /// `--lesson-out`, or `lesson.toml` here); says where.
    pub(super) fn append_scene(&mut self) -> String {
        let lang = self.lang;
        if self.front == Front::Served {
            return tr!(lang, "guest-writes");
        }
        let playing = self.player.as_ref();
        let scene = Scene {
            caption: playing.map_or(tr!(lang, "lesson-recorded-caption"), |p| {
                p.scene().caption_in(lang)
            }),
            captions: Default::default(),
            notes: None,
            notes_by: Default::default(),
            run: self.race.spec(),
            command: playing
                .and_then(|p| p.scene().command.clone())
                .filter(|_| self.race.panes()[0].watched().is_some()),
        };
        let path = self
            .lesson_out
            .clone()
            .or_else(|| playing.and_then(|p| p.lesson().path.clone()))
            .unwrap_or_else(|| PathBuf::from("lesson.toml"));
        if self.front == Front::Page {
            return self.download_scene(&path, &scene);
        }
        match lesson::append(&path, &scene, &self.puzzle_ref(), lang) {
            Ok(n) => tr!(
                lang,
                "command-appended",
                n = n,
                path = path.display().to_string()
            ),
            Err(e) => e,
        }
    }

    /// The page's "append as a scene": the lesson at `path` (the one opened, as it was read,
    /// or `lesson.toml`, new), with every scene added on this page so far and `scene`, goes
    /// to the browser's downloads whole.
    fn download_scene(&mut self, path: &std::path::Path, scene: &Scene) -> String {
        let name = path
            .file_name()
            .map_or("lesson.toml".into(), |n| n.to_string_lossy().into_owned());
        let opened = self
            .player
            .as_ref()
            .map(|p| p.lesson())
            .filter(|l| l.path.as_deref() == Some(path))
            .map(|l| l.text.clone());
        let puzzle = self.puzzle_ref();
        let text = self
            .written
            .entry(name.clone())
            .or_insert_with(|| opened.unwrap_or_default());
        let (added, n) = lesson::scene_added(text, scene, &puzzle, self.lang);
        text.push_str(&added);
        self.download = Some(Download {
            name: name.clone(),
            text: text.clone(),
        });
        tr!(self.lang, "scene-downloaded", n = n, name = name)
    }
}
