//! The puzzle opener: a reference typed in (a name, set:N, a file, the puzzle text,
//! generate:hard), read when Enter is pressed.

use crate::event::{KeyCode, KeyEvent};

use super::Reply;
use crate::front::Front;
use sudoscope_core::board::Puzzle;
use sudoscope_core::catalog;
use sudoscope_i18n::Lang;

/// The longest reference the opener takes (a 25x25 puzzle's text fits).
const MAX_INPUT: usize = 4096;

/// The opener's state: what was typed, and why the last reference was refused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleOpener {
    /// The reference typed so far.
    pub input: String,
    /// Why the last reference was refused.
    pub error: Option<String>,
    /// The screen it is on: only a terminal of the person's own opens files; a served
    /// session and the page open built-in puzzles, `generate:` and puzzle text.
    pub front: Front,
}

impl PuzzleOpener {
    /// Read a key.
    pub fn key(&mut self, lang: Lang, k: KeyEvent) -> Reply<Puzzle> {
        match k.code {
            KeyCode::Enter if self.input.trim() == "-" || self.input.trim().starts_with("-:") => {
                self.error = Some(self.front.text(lang, "puzzle-stdin-here", &[]));
            }
            KeyCode::Enter if !self.front.files() => match catalog::resolve_builtin(&self.input) {
                Ok(p) => return Reply::Done(p),
                Err(e) => self.error = Some(crate::words::ref_error_on(lang, self.front, &e)),
            },
            KeyCode::Enter => match catalog::resolve_one(&self.input) {
                Ok(p) => return Reply::Done(p),
                Err(e) => self.error = Some(crate::words::ref_error_on(lang, self.front, &e)),
            },
            KeyCode::Esc => return Reply::Close,
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c) if self.input.len() < MAX_INPUT => {
                self.input.push(c);
                self.error = None;
            }
            _ => {}
        }
        Reply::Stay
    }
}
