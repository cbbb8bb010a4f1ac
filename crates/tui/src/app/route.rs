//! The router: a key, a click or a resize goes to the component it concerns. The open dialog
//! takes keys first; then the grid's cursor in cell mode; then the key table, whose actions go
//! to the race, the cursor, the lesson player, the experiment view or the screen.

use crate::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use super::App;
use crate::dialog::algorithms::Chosen;
use crate::dialog::parameters::Edited;
use crate::dialog::{AlgoPicker, Dialog, ParamEditor, PuzzleOpener, Reply};
use crate::front::Front;
use crate::keys::{Action, action};
use crate::view::grid::CandidateView;
use sudoscope_core::run::Method;

impl App {
    /// A key, a click or a resize.
    pub fn on_event(&mut self, e: Event) {
        match e {
            Event::Key(k) if k.kind != KeyEventKind::Release => self.on_key(k),
            Event::Mouse(m) if matches!(m.kind, MouseEventKind::Down(MouseButton::Left)) => {
                let cells = self.race.puzzle().geometry().cells;
                self.cursor.click(m.column, m.row, cells);
            }
            _ => {}
        }
    }

    /// A key goes to the open dialog, else to the cell cursor or the key table.
    fn on_key(&mut self, k: KeyEvent) {
        let lang = self.lang;
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.ask_or_quit();
            return;
        }
        // asked whether to end: any key but q goes on
        if self.quit_asked && action(k) != Some(Action::Quit) {
            self.quit_asked = false;
            self.status = None;
        }
        if self.waiting() && matches!(self.dialog, Dialog::None) {
            self.waiting_key(k);
            return;
        }
        let mut dialog = std::mem::replace(&mut self.dialog, Dialog::None);
        let keep = match &mut dialog {
            Dialog::None => {
                let n = self.race.puzzle().geometry().n;
                if !self.cursor.key(k, n) {
                    if let Some(a) = action(k) {
                        self.act(a);
                    } else if k.code == KeyCode::Esc {
                        self.experiment = None;
                        self.cursor.deselect();
                    }
                }
                return;
            }
            Dialog::Help(scroll) | Dialog::Errors(scroll) => {
                match crate::dialog::help_key(k, *scroll) {
                    Some(s) => {
                        *scroll = s;
                        true
                    }
                    None => false,
                }
            }
            // runs sent to the class board have no command line to write: any key closes
            Dialog::Command { .. } if self.followed().is_some() => false,
            Dialog::Command { appended } => match k.code {
                KeyCode::Char('a') => {
                    *appended = Some(self.append_scene());
                    true
                }
                KeyCode::Char('w') => {
                    *appended = Some(self.write_command());
                    true
                }
                _ => false,
            },
            Dialog::Algorithms(picker) => match picker.key(k) {
                Reply::Stay => true,
                Reply::Close => false,
                Reply::Done(chosen) => {
                    self.chosen(chosen);
                    false
                }
            },
            Dialog::Parameters(editor) => {
                let params = self.race.focused().run.method.params.clone();
                match editor.key(lang, k, &params) {
                    Reply::Stay => true,
                    Reply::Close => false,
                    Reply::Done(edited) => {
                        self.edited(edited);
                        false
                    }
                }
            }
            Dialog::Puzzle(opener) => match opener.key(lang, k) {
                Reply::Stay => true,
                Reply::Close => false,
                Reply::Done(p) => {
                    self.load_puzzle(p);
                    false
                }
            },
        };
        if keep {
            self.dialog = dialog;
        }
    }

    /// A key while the screen waits for a trace: the error output scrolls; leaving, the lesson's
    /// scenes, help and the theme work; the rest waits for the run.
    fn waiting_key(&mut self, k: KeyEvent) {
        let lang = self.lang;
        if self.watching.as_mut().is_some_and(|w| w.key(k)) {
            return;
        }
        match action(k) {
            Some(
                a @ (Action::Quit
                | Action::NextScene
                | Action::PreviousScene
                | Action::Help
                | Action::Theme
                | Action::Notes),
            ) => self.act(a),
            _ => self.status = Some(tr!(lang, "watch-waiting-key")),
        }
    }

    /// End, or first ask when ending closes a class's sessions (`q` or Ctrl-C again ends).
    fn ask_or_quit(&mut self) {
        let lang = self.lang;
        if self.confirm_quit && !self.quit_asked {
            self.quit_asked = true;
            self.status = Some(tr!(lang, "quit-class-ask"));
        } else {
            self.quit = true;
        }
    }

    /// Do what a key of the table asks.
    pub fn act(&mut self, a: Action) {
        let lang = self.lang;
        self.status = None;
        match a {
            Action::Quit => self.ask_or_quit(),
            Action::RunPause => self.race.run_pause(),
            Action::Step => self.race.step(1),
            Action::StepMany => self.race.step(100),
            Action::Faster | Action::Slower => self.race.change_speed(a == Action::Faster),
            Action::Restart => self.race.restart_all(),
            Action::Undo => self.race.rewind(1),
            Action::UndoMany => self.race.rewind(20),
            Action::PickAlgorithm => {
                let m = &self.race.focused().run.method;
                self.dialog = Dialog::Algorithms(AlgoPicker::on(m.algo.name, m.preset, false));
            }
            Action::TogglePreset | Action::EditParameter
                if self.race.focused().watched().is_some() =>
            {
                self.status = Some(tr!(lang, "status-watched-settings"));
            }
            Action::OpenPuzzle if self.race.watches() => {
                self.status = Some(tr!(lang, "status-watched-puzzle"));
            }
            Action::TogglePreset => {
                let m = &self.race.focused().run.method;
                let preset = match m.preset {
                    sudoscope_core::search::Preset::Classic => {
                        sudoscope_core::search::Preset::Tuned
                    }
                    sudoscope_core::search::Preset::Tuned => {
                        sudoscope_core::search::Preset::Classic
                    }
                };
                self.race.switch_to(Method::new(m.algo, preset));
            }
            Action::EditParameter => {
                let m = &self.race.focused().run.method;
                if m.params.specs().is_empty() {
                    self.status = Some(tr!(
                        lang,
                        "status-no-parameters",
                        algo = crate::words::algorithm(lang, m.algo.name)
                    ));
                } else {
                    self.dialog = Dialog::Parameters(ParamEditor::default());
                }
            }
            Action::OpenPuzzle => {
                self.dialog = Dialog::Puzzle(PuzzleOpener {
                    front: self.front,
                    ..PuzzleOpener::default()
                })
            }
            Action::Candidates => {
                let shown = self.cursor.next_candidates();
                if shown != CandidateView::Off {
                    self.status = Some(tr!(lang, "status-showing", what = shown.describe(lang)));
                }
            }
            Action::Solution => {
                self.cursor.toggle_wrong();
                if self.race.solution().is_none() {
                    self.status = Some(tr!(lang, "status-no-solution"));
                }
            }
            Action::AddRacer => match self.race.next_racer() {
                None => self.status = Some(tr!(lang, "status-race-full")),
                Some(next) => {
                    let preset = self.race.focused().run.method.preset;
                    self.dialog = Dialog::Algorithms(AlgoPicker::on(next, preset, true));
                }
            },
            Action::RemoveRacer => {
                if !self.race.remove_focused() {
                    self.status = Some(tr!(lang, "status-last-algorithm"));
                }
            }
            Action::NextPane => self.race.next_pane(),
            Action::Experiment => self.toggle_experiment(),
            Action::ShowCommand => {
                self.dialog = Dialog::Command { appended: None };
                // the terminal's clipboard takes it whole, however the dialog wraps it (the
                // page's takes its link; runs sent to the class board have none to give)
                if self.followed().is_none() {
                    self.clipboard =
                        Some(self.page_address().unwrap_or_else(|| self.command_line()));
                }
            }
            Action::Help => self.dialog = Dialog::Help(0),
            Action::ErrorOutput => {
                if self.watching.is_some() {
                    self.dialog = Dialog::Errors(0);
                } else {
                    self.status = Some(self.front.text(lang, "status-no-command", &[]));
                }
            }
            Action::Theme => {
                self.theme = self.theme.next();
                self.status = Some(tr!(
                    lang,
                    "legend-on-theme",
                    theme = lang.word("theme", self.theme.palette.name())
                ));
            }
            Action::FocusLayout => self.focus_layout = !self.focus_layout,
            Action::Landscape => {
                self.race.toggle_landscape();
            }
            Action::CellMode => {
                if self.cursor.toggle_cell_mode() {
                    self.status = Some(tr!(lang, "status-cell-mode"));
                }
            }
            Action::NextScene | Action::PreviousScene => self.change_scene(a == Action::NextScene),
            Action::Still => {
                if self.front == Front::Served {
                    self.status = Some(tr!(lang, "served-no-still"));
                } else {
                    self.still_wanted = true;
                }
            }
            // the notes are the lecturer's: a student's served session does not show them (the
            // page is its reader's own screen and does)
            Action::Notes if self.front == Front::Served => {
                self.status = Some(tr!(lang, "notes-lecturer"))
            }
            // with no lesson there are no notes to show: said, and no panel
            Action::Notes if self.player.is_none() && !self.show_notes => {
                self.status = Some(tr!(lang, "notes-no-lesson"))
            }
            Action::Notes => {
                self.show_notes = !self.show_notes;
                if self.show_notes && self.notes(self.lang).is_none() {
                    self.status = Some(tr!(lang, "notes-none"));
                }
            }
        }
    }

    /// The algorithm picker's choice: a new race pane, or the focused pane switched.
    fn chosen(&mut self, c: Chosen) {
        let lang = self.lang;
        let method = Method::new(c.algo, c.preset);
        if !c.adding {
            self.race.switch_to(method);
        } else if !self.race.add_racer(method) {
            self.status = Some(tr!(lang, "status-race-full"));
        }
    }

    /// The parameter editor's accepted value: the focused pane continues with it.
    fn edited(&mut self, e: Edited) {
        let lang = self.lang;
        let m = &self.race.focused().run.method;
        let method = Method {
            algo: m.algo,
            preset: m.preset,
            params: e.params,
        };
        self.race.switch_to(method);
        self.status = Some(tr!(
            lang,
            "status-edited",
            name = e.name,
            value = lang.localize(e.text)
        ));
    }
}
