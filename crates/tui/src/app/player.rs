//! The lesson player component: which scene of a lesson is on screen, its caption and speaker
//! notes, turning to the next or previous scene, and sending each scene's notes to `--notes`.

use std::path::PathBuf;

use crate::lesson::{Lesson, Scene};
use sudoscope_i18n::Lang;

/// A lesson being played.
pub struct Player {
    lesson: Lesson,
    scene: usize,
    /// Where each scene's speaker notes go as it starts (`--notes`).
    notes_out: Option<PathBuf>,
}

impl Player {
    /// Play `lesson` from its first scene; notes go to `notes_out` when given.
    pub fn new(lesson: Lesson, notes_out: Option<PathBuf>) -> Player {
        Player {
            lesson,
            scene: 0,
            notes_out,
        }
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The scene on screen.
    pub fn scene(&self) -> &Scene {
        &self.lesson.scenes[self.scene]
    }

    /// "title · caption", in `lang`.
    pub fn caption(&self, lang: Lang) -> String {
        format!(
            "{} · {}",
            self.lesson.title_in(lang),
            self.scene().caption_in(lang)
        )
    }

    /// The scene's speaker notes, if it has any.
    pub fn notes(&self, lang: Lang) -> Option<String> {
        self.scene().notes_in(lang)
    }

    /// "scene 2/6".
    pub fn label(&self, lang: Lang) -> String {
        tr!(
            lang,
            "scene-label",
            n = self.scene + 1,
            of = self.lesson.scenes.len()
        )
    }

    /// Turn to the next or previous scene; the scene now on screen, or what the status line
    /// says when there is none that way.
    pub fn turn(&mut self, lang: Lang, forward: bool) -> Result<&Scene, String> {
        let last = self.lesson.scenes.len() - 1;
        let next = if forward {
            (self.scene + 1).min(last)
        } else {
            self.scene.saturating_sub(1)
        };
        if next == self.scene {
            return Err(if forward {
                tr!(lang, "status-last-scene")
            } else {
                tr!(lang, "status-first-scene")
            });
        }
        self.scene = next;
        Ok(self.scene())
    }

    /// The scene's notes to `--notes`' file or terminal, with its number and caption; what went
    /// wrong, if writing failed.
    pub fn send_notes(&self, lang: Lang) -> Option<String> {
        use std::io::Write;
        let path = self.notes_out.as_ref()?;
        let text = format!(
            "── {} · {} ──\n{}\n\n",
            self.label(lang),
            self.scene().caption_in(lang),
            self.notes(lang).unwrap_or_else(|| tr!(lang, "notes-none"))
        );
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        written.err().map(|e| {
            tr!(
                lang,
                "cannot-write",
                path = path.display().to_string(),
                reason = e.to_string()
            )
        })
    }
}
