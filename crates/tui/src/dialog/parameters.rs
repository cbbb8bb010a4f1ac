//! The parameter editor: the focused pane's parameters in a list, one value typed at a time and
//! checked before anything changes.

use crate::event::{KeyCode, KeyEvent};

use super::{Reply, Typed, down, up};
use sudoscope_core::search::Params;
use sudoscope_i18n::Lang;

/// The longest value the editor takes.
const MAX_VALUE: usize = 24;

/// The editor's state: the highlighted parameter, the value being typed, the last refusal.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ParamEditor {
    /// The highlighted parameter.
    pub index: usize,
    /// The value being typed, once Enter opened it.
    pub editing: Option<String>,
    /// Why the last value was refused.
    pub error: Option<String>,
    /// Letters typed to jump to a name.
    pub typed: Typed,
}

/// A value the editor accepted: the parameters with it set, and its name and text.
#[derive(Clone, Debug, PartialEq)]
pub struct Edited {
    /// Every parameter, the new value among them.
    pub params: Params,
    /// The parameter set.
    pub name: &'static str,
    /// Its value as typed.
    pub text: String,
}

impl ParamEditor {
    /// Read a key; `params` are the focused pane's.
    pub fn key(&mut self, lang: Lang, k: KeyEvent, params: &Params) -> Reply<Edited> {
        let specs = params.specs();
        let n = specs.len();
        match self.editing.take() {
            None => match k.code {
                KeyCode::Up => self.index = up(self.index, n),
                KeyCode::Down => self.index = down(self.index, n),
                KeyCode::Home | KeyCode::PageUp => self.index = 0,
                KeyCode::End | KeyCode::PageDown => self.index = n - 1,
                KeyCode::Char(c) if c.is_alphanumeric() || c == '_' => {
                    let prefix = self.typed.push(c.to_ascii_lowercase());
                    if let Some(found) = specs.iter().position(|s| s.name.starts_with(&prefix)) {
                        self.index = found;
                    }
                }
                KeyCode::Enter => {
                    // the value as the language writes it (0,5 in Spanish and Portuguese)
                    self.editing = Some(lang.localize(params.show(specs[self.index].name)));
                    self.error = None;
                }
                KeyCode::Esc => return Reply::Close,
                _ => {}
            },
            Some(mut text) => match k.code {
                KeyCode::Enter => {
                    let name = specs[self.index].name;
                    let mut edited = params.clone();
                    match edited.set(name, &lang.delocalize(&text)) {
                        Ok(()) => {
                            return Reply::Done(Edited {
                                params: edited,
                                name,
                                text,
                            });
                        }
                        Err(e) => {
                            self.error = Some(crate::words::param_error(lang, &e));
                            self.editing = Some(text);
                        }
                    }
                }
                // Esc leaves the value, keeping the list open
                KeyCode::Esc => self.error = None,
                KeyCode::Backspace => {
                    text.pop();
                    self.editing = Some(text);
                }
                KeyCode::Char(c) if text.len() < MAX_VALUE => {
                    text.push(c);
                    self.editing = Some(text);
                }
                _ => self.editing = Some(text),
            },
        }
        Reply::Stay
    }
}
