//! The grid's component: the selected cell and the keyboard cursor over it, and what is drawn
//! over the board (pencil marks, the cells that differ from the solution). It also keeps where
//! the grid was last drawn, so a click finds its cell.

use crate::event::{KeyCode, KeyEvent};

use crate::view::grid::{CandidateView, GridLayout};

/// Where the focused grid was drawn: its first cell's column and row, and its layout (for mouse
/// clicks). The view returns it; the app keeps it.
pub type GridPlace = (u16, u16, GridLayout);

/// The grid's cursor and overlays.
#[derive(Default)]
pub struct Cursor {
    candidates: CandidateView,
    show_wrong: bool,
    selected: Option<usize>,
    cell_mode: bool,
    drawn_at: Option<GridPlace>,
}

impl Cursor {
    /// Pencil marks on the grid.
    pub fn candidates(&self) -> CandidateView {
        self.candidates
    }

    /// Whether cells that differ from the solution are marked (`d`).
    pub fn show_wrong(&self) -> bool {
        self.show_wrong
    }

    /// The cell the mouse or the keyboard cursor selected.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Whether the keyboard moves a cursor over the grid (`v`).
    pub fn cell_mode(&self) -> bool {
        self.cell_mode
    }

    /// Where the grid was last drawn.
    pub fn drawn_at(&self) -> Option<GridPlace> {
        self.drawn_at
    }

    /// The view says where it drew the grid.
    pub fn drawn(&mut self, at: Option<GridPlace>) {
        self.drawn_at = at;
    }

    /// The next kind of pencil marks; the new one.
    pub fn next_candidates(&mut self) -> CandidateView {
        self.candidates = self.candidates.next();
        self.candidates
    }

    /// Mark the wrong cells, or stop.
    pub fn toggle_wrong(&mut self) {
        self.show_wrong = !self.show_wrong;
    }

    /// Cell mode on (the cursor on the selected cell, or the first) or off; says which.
    pub fn toggle_cell_mode(&mut self) -> bool {
        self.cell_mode = !self.cell_mode;
        self.selected = self.cell_mode.then_some(self.selected.unwrap_or(0));
        self.cell_mode
    }

    /// Nothing selected (a new puzzle, Esc).
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// Out of cell mode, nothing selected (a new scene).
    pub fn reset(&mut self) {
        self.selected = None;
        self.cell_mode = false;
    }

    /// A click at column `x`, row `y`: the cell there on a grid of `cells` cells, or none.
    pub fn click(&mut self, x: u16, y: u16, cells: usize) {
        let Some((x0, y0, layout)) = self.drawn_at else {
            return;
        };
        self.selected = if x < x0 || y < y0 {
            None
        } else {
            // the layout is the last frame's: after a change of puzzle it may be a larger grid's
            layout.cell_at(x - x0, y - y0).filter(|&c| c < cells)
        };
    }

    /// In cell mode, the arrows and hjkl move the cursor over an n×n grid and Esc or `v`
    /// leaves; says whether the key was one of those.
    pub fn key(&mut self, k: KeyEvent, n: usize) -> bool {
        if !self.cell_mode {
            return false;
        }
        let cell = self.selected.unwrap_or(0);
        let (r, c) = (cell / n, cell % n);
        let moved = match k.code {
            KeyCode::Up | KeyCode::Char('k') => ((r + n - 1) % n, c),
            KeyCode::Down | KeyCode::Char('j') => ((r + 1) % n, c),
            KeyCode::Left | KeyCode::Char('h') => (r, (c + n - 1) % n),
            KeyCode::Right | KeyCode::Char('l') => (r, (c + 1) % n),
            KeyCode::Esc | KeyCode::Char('v') => {
                self.cell_mode = false;
                self.selected = None;
                return true;
            }
            _ => return false,
        };
        self.selected = Some(moved.0 * n + moved.1);
        true
    }
}
