//! Keys as data: one table of key → action → help text. Key matching, the help overlay, the
//! status line's hints and the guide's key table (docs/keys.md) all come from it, so a key cannot work
//! without being listed, nor be listed without working.
//!
//! The table covers the main screen; an open dialog (a picker, the parameter editor, the puzzle
//! prompt) reads its own few keys, which it shows in its own box.

use crate::event::{KeyCode, KeyEvent, KeyModifiers};
use crate::front::Front;

use sudoscope_i18n::{self, Lang};

/// Everything a key can ask for on the main screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Run or pause every pane.
    RunPause,
    /// One step, then pause.
    Step,
    /// A hundred steps, then pause.
    StepMany,
    /// The next faster speed.
    Faster,
    /// The next slower speed.
    Slower,
    /// Every pane again with a new seed.
    Restart,
    /// Back one step.
    Undo,
    /// Back twenty steps.
    UndoMany,
    /// Open the algorithm picker for the focused pane.
    PickAlgorithm,
    /// The focused pane in the other preset, from its board.
    TogglePreset,
    /// Open the parameter editor.
    EditParameter,
    /// Open another puzzle.
    OpenPuzzle,
    /// Cycle the pencil marks.
    Candidates,
    /// Mark the cells that differ from the solution.
    Solution,
    /// Add a race pane.
    AddRacer,
    /// Remove the focused pane.
    RemoveRacer,
    /// Focus the next pane.
    NextPane,
    /// Start (or stop) restarts of every pane's algorithm on all cores.
    Experiment,
    /// Show the command line that gives this view.
    ShowCommand,
    /// Show every key.
    Help,
    /// Leave.
    Quit,
    /// The next colour theme.
    Theme,
    /// The grid, chart and caption only.
    FocusLayout,
    /// The why-stuck panel.
    Landscape,
    /// A cursor on the grid.
    CellMode,
    /// The lesson's next scene.
    NextScene,
    /// The lesson's previous scene.
    PreviousScene,
    /// The scene's speaker notes, on this screen only.
    Notes,
    /// A still of the screen, as SVG and PNG.
    Still,
    /// The watched command's error output, newest first.
    ErrorOutput,
}

/// A key as a person presses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character key (with shift where the character needs it).
    Char(char),
    /// Control and a letter.
    Ctrl(char),
    /// A named key: arrows, tab, page keys.
    Code(KeyCode),
}

impl Key {
    fn matches(self, ev: KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match self {
            Key::Ctrl(c) => ctrl && ev.code == KeyCode::Char(c),
            Key::Char(c) => !ctrl && ev.code == KeyCode::Char(c),
            Key::Code(code) => !ctrl && ev.code == code,
        }
    }

    /// How help (and, in English, the guide) writes the key, in `lang`.
    pub fn label(self, lang: Lang) -> String {
        match self {
            Key::Char(' ') => lang.text("keyname-space", &[]),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => lang.text("keyname-ctrl", &[("key", c.to_string().into())]),
            Key::Code(KeyCode::Right) => "→".into(),
            Key::Code(KeyCode::Left) => "←".into(),
            Key::Code(KeyCode::Up) => "↑".into(),
            Key::Code(KeyCode::Down) => "↓".into(),
            Key::Code(KeyCode::Tab) => lang.text("keyname-tab", &[]),
            Key::Code(KeyCode::PageDown) => lang.text("keyname-page-down", &[]),
            Key::Code(KeyCode::PageUp) => lang.text("keyname-page-up", &[]),
            Key::Code(KeyCode::Esc) => lang.text("keyname-esc", &[]),
            Key::Code(other) => format!("{other:?}"),
        }
    }
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys that do it (the first is the one the status line shows).
    pub keys: &'static [Key],
    /// What they ask for.
    pub action: Action,
    /// For the actions worth a reminder on the status line: the keys as written there
    /// (usually the first key's label); the word beside them is the catalog's `hint-ACTION`.
    pub hint: Option<&'static str>,
}

impl Binding {
    /// The action's name in the catalogs: `run-pause` for [`Action::RunPause`].
    pub fn id(&self) -> String {
        let name = format!("{:?}", self.action);
        let mut id = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                id.push('-');
            }
            id.push(c.to_ascii_lowercase());
        }
        id
    }

    /// What it does, in the help overlay (the catalog's `key-ACTION`), in `lang`, as the
    /// screen `front` does it.
    pub fn help(&self, lang: Lang, front: Front) -> String {
        front.text(lang, &format!("key-{}", self.id()), &[])
    }
}

use Key::{Char, Code, Ctrl};

/// Every key of the main screen, in the order help lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[Char(' ')],
        action: Action::RunPause,
        hint: Some("space"),
    },
    Binding {
        keys: &[Char('s'), Code(KeyCode::Right)],
        action: Action::Step,
        hint: Some("s"),
    },
    Binding {
        keys: &[Char('n')],
        action: Action::StepMany,
        hint: None,
    },
    Binding {
        keys: &[Char('+'), Char('='), Char(']')],
        action: Action::Faster,
        hint: Some("+/-"),
    },
    Binding {
        keys: &[Char('-'), Char('[')],
        action: Action::Slower,
        hint: None,
    },
    Binding {
        keys: &[Char('u'), Code(KeyCode::Left)],
        action: Action::Undo,
        hint: Some("u"),
    },
    Binding {
        keys: &[Char('U')],
        action: Action::UndoMany,
        hint: None,
    },
    Binding {
        keys: &[Char('r')],
        action: Action::Restart,
        hint: None,
    },
    Binding {
        keys: &[Char('a')],
        action: Action::PickAlgorithm,
        hint: Some("a"),
    },
    Binding {
        keys: &[Char('p')],
        action: Action::TogglePreset,
        hint: Some("p"),
    },
    Binding {
        keys: &[Char('e')],
        action: Action::EditParameter,
        hint: Some("e"),
    },
    Binding {
        keys: &[Char('o')],
        action: Action::OpenPuzzle,
        hint: Some("o"),
    },
    Binding {
        keys: &[Char('c')],
        action: Action::Candidates,
        hint: None,
    },
    Binding {
        keys: &[Char('d')],
        action: Action::Solution,
        hint: None,
    },
    Binding {
        keys: &[Char('l')],
        action: Action::Landscape,
        hint: Some("l"),
    },
    Binding {
        keys: &[Char('v')],
        action: Action::CellMode,
        hint: None,
    },
    Binding {
        keys: &[Char('f')],
        action: Action::FocusLayout,
        hint: None,
    },
    Binding {
        keys: &[Char('t')],
        action: Action::Theme,
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::PageDown)],
        action: Action::NextScene,
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::PageUp)],
        action: Action::PreviousScene,
        hint: None,
    },
    Binding {
        keys: &[Char('N')],
        action: Action::Notes,
        hint: None,
    },
    Binding {
        keys: &[Char('W')],
        action: Action::Still,
        hint: None,
    },
    Binding {
        keys: &[Char('E')],
        action: Action::ErrorOutput,
        hint: None,
    },
    Binding {
        keys: &[Char('R')],
        action: Action::AddRacer,
        hint: Some("R"),
    },
    Binding {
        keys: &[Char('X')],
        action: Action::RemoveRacer,
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::Tab)],
        action: Action::NextPane,
        hint: None,
    },
    Binding {
        keys: &[Char('x')],
        action: Action::Experiment,
        hint: Some("x"),
    },
    Binding {
        keys: &[Char('y')],
        action: Action::ShowCommand,
        hint: None,
    },
    Binding {
        keys: &[Char('?'), Char('h')],
        action: Action::Help,
        hint: Some("?"),
    },
    Binding {
        keys: &[Char('q'), Ctrl('c')],
        action: Action::Quit,
        hint: Some("q"),
    },
];

/// The action of a key pressed on the main screen.
pub fn action(ev: KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|b| b.keys.iter().any(|k| k.matches(ev)))
        .map(|b| b.action)
}

/// A binding's keys as help writes them: `s  →`.
pub fn keys_label(lang: Lang, b: &Binding) -> String {
    b.keys
        .iter()
        .map(|k| k.label(lang))
        .collect::<Vec<_>>()
        .join("  ")
}

/// The status line's reminders in `lang`: (keys, word, action), in table order.
pub fn hints_in(lang: Lang) -> impl Iterator<Item = (String, String, Action)> {
    BINDINGS.iter().filter_map(move |b| {
        b.hint.map(|k| {
            let keys = if k == "space" {
                Key::Char(' ').label(lang)
            } else {
                k.to_string()
            };
            (keys, lang.text(&format!("hint-{}", b.id()), &[]), b.action)
        })
    })
}

/// The table as the guide prints it (Markdown, docs/keys.md).
pub fn markdown() -> String {
    let mut out = String::from("| key | does |\n|---|---|\n");
    for b in BINDINGS {
        let keys: Vec<String> = b
            .keys
            .iter()
            .map(|k| format!("`{}`", k.label(Lang::En)))
            .collect();
        out.push_str(&format!(
            "| {} | {} |\n",
            keys.join(" "),
            b.help(Lang::En, Front::Own)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_of_the_table_does_its_action_and_no_key_is_listed_twice() {
        let mut seen = Vec::new();
        for b in BINDINGS {
            for &k in b.keys {
                let ev = match k {
                    Key::Char(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
                    Key::Ctrl(c) => KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL),
                    Key::Code(code) => KeyEvent::new(code, KeyModifiers::NONE),
                };
                assert_eq!(action(ev), Some(b.action), "{k:?}");
                assert!(!seen.contains(&k), "{k:?} listed twice");
                seen.push(k);
            }
        }
        // every action has its help and, where it has a reminder, its word in the catalog
        for b in BINDINGS {
            assert!(Lang::En.has(&format!("key-{}", b.id())), "key-{}", b.id());
            if b.hint.is_some() {
                assert!(Lang::En.has(&format!("hint-{}", b.id())), "hint-{}", b.id());
            }
        }
        // and a key not in the table does nothing
        let z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE);
        assert_eq!(action(z), None);
    }
}
