//! Keys: one table that both the handler and the help overlay read.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Everything a key can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    RunPause,
    Step,
    StepMany,
    Faster,
    Slower,
    Restart,
    Undo,
    UndoMany,
    PickAlgorithm,
    TogglePreset,
    EditParameter,
    OpenPuzzle,
    Candidates,
    Solution,
    AddRacer,
    RemoveRacer,
    NextPane,
    Experiment,
    ShowCommand,
    Help,
    Quit,
}

/// (keys as shown, action, what it does)
pub const KEYS: &[(&str, Action, &str)] = &[
    ("space", Action::RunPause, "run / pause"),
    ("s  →", Action::Step, "step once (pauses)"),
    ("n", Action::StepMany, "step 100 times"),
    ("+  ]", Action::Faster, "faster (1 step/s … unlimited)"),
    ("-  [", Action::Slower, "slower"),
    ("r", Action::Restart, "restart with a new seed"),
    ("u  ←", Action::Undo, "undo one step (rewind)"),
    ("U", Action::UndoMany, "undo 20 steps"),
    (
        "a",
        Action::PickAlgorithm,
        "switch algorithm, continuing from the board",
    ),
    ("p", Action::TogglePreset, "toggle classic / tuned preset"),
    ("e", Action::EditParameter, "edit a parameter live"),
    (
        "o",
        Action::OpenPuzzle,
        "open another puzzle (name, set:N or file)",
    ),
    ("c", Action::Candidates, "candidates overlay"),
    (
        "d",
        Action::Solution,
        "mark cells that differ from the solution",
    ),
    (
        "R",
        Action::AddRacer,
        "race: add an algorithm side by side (up to 4)",
    ),
    (
        "X",
        Action::RemoveRacer,
        "race: remove the focused algorithm",
    ),
    ("tab", Action::NextPane, "race: focus the next pane"),
    (
        "x",
        Action::Experiment,
        "experiment: 100 restarts of each algorithm on all cores",
    ),
    (
        "y",
        Action::ShowCommand,
        "show the command line that reproduces this view",
    ),
    ("?", Action::Help, "this help"),
    ("q  ctrl-c", Action::Quit, "quit"),
];

pub fn action(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c')).then_some(Action::Quit);
    }
    Some(match key.code {
        KeyCode::Char(' ') => Action::RunPause,
        KeyCode::Char('s') | KeyCode::Right => Action::Step,
        KeyCode::Char('n') => Action::StepMany,
        KeyCode::Char('+') | KeyCode::Char('=') | KeyCode::Char(']') => Action::Faster,
        KeyCode::Char('-') | KeyCode::Char('[') => Action::Slower,
        KeyCode::Char('r') => Action::Restart,
        KeyCode::Char('u') | KeyCode::Left => Action::Undo,
        KeyCode::Char('U') => Action::UndoMany,
        KeyCode::Char('a') => Action::PickAlgorithm,
        KeyCode::Char('p') => Action::TogglePreset,
        KeyCode::Char('e') => Action::EditParameter,
        KeyCode::Char('o') => Action::OpenPuzzle,
        KeyCode::Char('c') => Action::Candidates,
        KeyCode::Char('d') => Action::Solution,
        KeyCode::Char('R') => Action::AddRacer,
        KeyCode::Char('X') => Action::RemoveRacer,
        KeyCode::Tab => Action::NextPane,
        KeyCode::Char('x') => Action::Experiment,
        KeyCode::Char('y') => Action::ShowCommand,
        KeyCode::Char('?') | KeyCode::Char('h') => Action::Help,
        KeyCode::Char('q') => Action::Quit,
        _ => return None,
    })
}
