//! The algorithm picker: every algorithm in a list, a preset to toggle, letters to jump.

use crate::event::{KeyCode, KeyEvent};

use super::{Reply, Typed, down, up};
use sudoscope_core::search::{ALGORITHMS, AlgoInfo, Preset};

/// The picker's state: the highlighted row, the preset, and whether it adds a race pane.
#[derive(Clone, Debug, PartialEq)]
pub struct AlgoPicker {
    /// The highlighted row of [`ALGORITHMS`].
    pub index: usize,
    /// The preset the choice takes.
    pub preset: Preset,
    /// A new race pane (else the focused pane switches).
    pub adding: bool,
    /// Letters typed to jump to a name.
    pub typed: Typed,
}

/// What the picker chose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chosen {
    /// The algorithm.
    pub algo: &'static AlgoInfo,
    /// Its preset.
    pub preset: Preset,
    /// Whether it is a new race pane.
    pub adding: bool,
}

impl AlgoPicker {
    /// The picker on the algorithm called `name`.
    pub fn on(name: &str, preset: Preset, adding: bool) -> AlgoPicker {
        AlgoPicker {
            index: ALGORITHMS.iter().position(|x| x.name == name).unwrap_or(0),
            preset,
            adding,
            typed: Typed::default(),
        }
    }

    /// Read a key.
    pub fn key(&mut self, k: KeyEvent) -> Reply<Chosen> {
        let n = ALGORITHMS.len();
        match k.code {
            KeyCode::Up => self.index = up(self.index, n),
            KeyCode::Down => self.index = down(self.index, n),
            KeyCode::Home | KeyCode::PageUp => self.index = 0,
            KeyCode::End | KeyCode::PageDown => self.index = n - 1,
            KeyCode::Left | KeyCode::Right | KeyCode::Tab => {
                self.preset = match self.preset {
                    Preset::Classic => Preset::Tuned,
                    Preset::Tuned => Preset::Classic,
                };
            }
            KeyCode::Char(c) if c.is_alphanumeric() => {
                let prefix = self.typed.push(c.to_ascii_lowercase());
                if let Some(found) = ALGORITHMS.iter().position(|a| a.name.starts_with(&prefix)) {
                    self.index = found;
                }
            }
            KeyCode::Enter => {
                return Reply::Done(Chosen {
                    algo: &ALGORITHMS[self.index],
                    preset: self.preset,
                    adding: self.adding,
                });
            }
            KeyCode::Esc => return Reply::Close,
            _ => {}
        }
        Reply::Stay
    }
}
