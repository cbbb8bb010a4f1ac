//! Keys as data: one table of key → action → help text. Key matching, the help overlay, the
//! status line's hints and the README's key table all come from it, so a key cannot work
//! without being listed, nor be listed without working.
//!
//! The table covers the main screen; an open dialog (a picker, the parameter editor, the puzzle
//! prompt) reads its own few keys, which it shows in its own box.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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

    /// How help and README write the key.
    pub fn label(self) -> String {
        match self {
            Key::Char(' ') => "space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("ctrl-{c}"),
            Key::Code(KeyCode::Right) => "→".into(),
            Key::Code(KeyCode::Left) => "←".into(),
            Key::Code(KeyCode::Up) => "↑".into(),
            Key::Code(KeyCode::Down) => "↓".into(),
            Key::Code(KeyCode::Tab) => "tab".into(),
            Key::Code(KeyCode::PageDown) => "PgDn".into(),
            Key::Code(KeyCode::PageUp) => "PgUp".into(),
            Key::Code(KeyCode::Esc) => "esc".into(),
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
    /// What it does, in the help overlay and README.
    pub help: &'static str,
    /// What the status line shows for the actions worth a reminder there: the keys as written
    /// there (usually the first key's label) and a word.
    pub hint: Option<(&'static str, &'static str)>,
}

use Key::{Char, Code, Ctrl};

/// Every key of the main screen, in the order help lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[Char(' ')],
        action: Action::RunPause,
        help: "run / pause",
        hint: Some(("space", "run/pause")),
    },
    Binding {
        keys: &[Char('s'), Code(KeyCode::Right)],
        action: Action::Step,
        help: "step once (pauses)",
        hint: Some(("s", "step")),
    },
    Binding {
        keys: &[Char('n')],
        action: Action::StepMany,
        help: "step 100 times",
        hint: None,
    },
    Binding {
        keys: &[Char('+'), Char('='), Char(']')],
        action: Action::Faster,
        help: "faster: 1, 2, 5, 10, 30, 100, 1k, 10k, 100k steps/s, then unlimited",
        hint: Some(("+/-", "speed")),
    },
    Binding {
        keys: &[Char('-'), Char('[')],
        action: Action::Slower,
        help: "slower",
        hint: None,
    },
    Binding {
        keys: &[Char('u'), Code(KeyCode::Left)],
        action: Action::Undo,
        help: "undo one step (rewind; recorded at 2000 steps/s or slower)",
        hint: Some(("u", "undo")),
    },
    Binding {
        keys: &[Char('U')],
        action: Action::UndoMany,
        help: "undo 20 steps",
        hint: None,
    },
    Binding {
        keys: &[Char('r')],
        action: Action::Restart,
        help: "restart with a new seed",
        hint: None,
    },
    Binding {
        keys: &[Char('a')],
        action: Action::PickAlgorithm,
        help: "switch algorithm, continuing from the board",
        hint: Some(("a", "algorithm")),
    },
    Binding {
        keys: &[Char('p')],
        action: Action::TogglePreset,
        help: "toggle classic / tuned preset, continuing from the board",
        hint: Some(("p", "preset")),
    },
    Binding {
        keys: &[Char('e')],
        action: Action::EditParameter,
        help: "edit a parameter live (validated, continues from the board)",
        hint: Some(("e", "param")),
    },
    Binding {
        keys: &[Char('o')],
        action: Action::OpenPuzzle,
        help: "open another puzzle: name, set:N, a file, the puzzle text, or generate:hard",
        hint: Some(("o", "puzzle")),
    },
    Binding {
        keys: &[Char('c')],
        action: Action::Candidates,
        help: "candidates: pencil marks from the givens, then on this board, then off",
        hint: None,
    },
    Binding {
        keys: &[Char('d')],
        action: Action::Solution,
        help: "mark cells that differ from the solution",
        hint: None,
    },
    Binding {
        keys: &[Char('l')],
        action: Action::Landscape,
        help: "why it is stuck: the neighbours downhill, sideways and uphill",
        hint: Some(("l", "why stuck")),
    },
    Binding {
        keys: &[Char('v')],
        action: Action::CellMode,
        help: "cell cursor: arrows or hjkl move, the cell's candidates and conflicts show",
        hint: None,
    },
    Binding {
        keys: &[Char('f')],
        action: Action::FocusLayout,
        help: "focus layout: grid, cost chart and caption only",
        hint: None,
    },
    Binding {
        keys: &[Char('t')],
        action: Action::Theme,
        help: "theme: dark, light (for a white projector), mono",
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::PageDown)],
        action: Action::NextScene,
        help: "lesson: next scene",
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::PageUp)],
        action: Action::PreviousScene,
        help: "lesson: previous scene",
        hint: None,
    },
    Binding {
        keys: &[Char('R')],
        action: Action::AddRacer,
        help: "race: add an algorithm side by side (up to four, restarted together)",
        hint: Some(("R", "race")),
    },
    Binding {
        keys: &[Char('X')],
        action: Action::RemoveRacer,
        help: "race: remove the focused algorithm",
        hint: None,
    },
    Binding {
        keys: &[Code(KeyCode::Tab)],
        action: Action::NextPane,
        help: "race: focus the next pane",
        hint: None,
    },
    Binding {
        keys: &[Char('x')],
        action: Action::Experiment,
        help: "experiment: 100 restarts of each algorithm on screen, on all cores",
        hint: Some(("x", "experiment")),
    },
    Binding {
        keys: &[Char('y')],
        action: Action::ShowCommand,
        help: "show the command line that reproduces this view (a: append it to a lesson)",
        hint: None,
    },
    Binding {
        keys: &[Char('?'), Char('h')],
        action: Action::Help,
        help: "help: every key",
        hint: Some(("?", "help")),
    },
    Binding {
        keys: &[Char('q'), Ctrl('c')],
        action: Action::Quit,
        help: "quit",
        hint: Some(("q", "quit")),
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
pub fn keys_label(b: &Binding) -> String {
    b.keys
        .iter()
        .map(|k| k.label())
        .collect::<Vec<_>>()
        .join("  ")
}

/// The status line's reminders: (keys, word), in table order.
pub fn hints() -> impl Iterator<Item = (&'static str, &'static str)> {
    BINDINGS.iter().filter_map(|b| b.hint)
}

/// The table as README prints it (Markdown).
pub fn markdown() -> String {
    let mut out = String::from("| key | does |\n|---|---|\n");
    for b in BINDINGS {
        let keys: Vec<String> = b.keys.iter().map(|k| format!("`{}`", k.label())).collect();
        out.push_str(&format!("| {} | {} |\n", keys.join(" "), b.help));
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
        // and a key not in the table does nothing
        let z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE);
        assert_eq!(action(z), None);
    }
}
