//! What opens over the main screen and takes the keys while open. Each dialog keeps its own
//! state and reads its own keys; what it asks of the app (switch the algorithm, open a puzzle,
//! append a scene) comes back as a [`Reply`], which [`super::App`] carries out. The drawing of
//! each lives in `view::overlay` and only reads this state.

pub mod algorithms;
pub mod parameters;
pub mod puzzle;

use std::time::Duration;

use sudoscope_core::clock::Instant;

use crate::event::{KeyCode, KeyEvent};

pub use algorithms::AlgoPicker;
pub use parameters::ParamEditor;
pub use puzzle::PuzzleOpener;

/// How long typed letters keep narrowing a picker's choice before they start over.
const TYPING: Duration = Duration::from_millis(1200);

/// The dialog open over the main screen, if any.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// No dialog: keys go to the main screen.
    None,
    /// The key list, scrolled this many rows down; the arrows and PgUp/PgDn scroll it, any
    /// other key closes it.
    Help(usize),
    /// Choosing an algorithm (for the focused pane, or a new race pane).
    Algorithms(AlgoPicker),
    /// Choosing a parameter of the focused pane, or typing its value.
    Parameters(ParamEditor),
    /// Typing a puzzle reference.
    Puzzle(PuzzleOpener),
    /// The watched command's error output, newest first, scrolled this many rows down.
    Errors(usize),
    /// The command line that reproduces the view; `appended` says where `a` wrote it as a
    /// scene.
    Command {
        /// Where the scene was appended, once it was.
        appended: Option<String>,
    },
}

/// What a key in a dialog asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply<T> {
    /// The dialog stays open, its state updated.
    Stay,
    /// The dialog closes; nothing else happens.
    Close,
    /// The dialog closes and the app does this.
    Done(T),
}

/// Letters typed in a picker to jump to a name, and when the last one came.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Typed {
    /// The letters so far.
    pub text: String,
    at: Option<Instant>,
}

impl Typed {
    /// Add a letter (starting over after a pause), and return the text to match.
    pub fn push(&mut self, c: char) -> String {
        if self.at.is_none_or(|t| t.elapsed() > TYPING) {
            self.text.clear();
        }
        self.text.push(c);
        self.at = Some(Instant::now());
        self.text.clone()
    }
}

/// Rows the help can scroll past its first (its lines, and room for the ones that wrap).
const HELP_ROWS: usize = 64;

/// A key in the help: the new scroll, or `None` when the key closes it.
pub fn help_key(k: KeyEvent, scroll: usize) -> Option<usize> {
    Some(match k.code {
        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
        KeyCode::Down | KeyCode::Char('j') => (scroll + 1).min(HELP_ROWS),
        KeyCode::PageUp => scroll.saturating_sub(10),
        KeyCode::PageDown | KeyCode::Char(' ') => (scroll + 10).min(HELP_ROWS),
        KeyCode::Home => 0,
        KeyCode::End => HELP_ROWS,
        _ => return None,
    })
}

/// The row above `index` in a list of `n`, wrapping.
fn up(index: usize, n: usize) -> usize {
    (index + n - 1) % n
}

/// The row below `index` in a list of `n`, wrapping.
fn down(index: usize, n: usize) -> usize {
    (index + 1) % n
}
