//! The grid: givens, conflicts, changed cells, candidates, differences from the solution.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::board::cost::conflicts;
use crate::board::grid::symbol;
use crate::board::{EMPTY, Grid, Puzzle};
use crate::tui::theme::Theme;

/// What to mark on a grid besides its values.
pub struct Marks<'a> {
    pub changed: &'a [u16],
    pub solution: Option<&'a Grid>,
    pub show_wrong: bool,
    pub candidates: bool,
    pub selected: Option<usize>,
}

/// Cell size in characters: (width, height).
pub fn cell_size(n: usize, candidates: bool) -> (u16, u16) {
    if candidates && n <= 9 {
        let b = (n as f64).sqrt() as u16;
        (b + 1, b)
    } else {
        (2, 1)
    }
}

/// Width and height of the drawn grid, without a surrounding block.
pub fn grid_size(n: usize, candidates: bool) -> (u16, u16) {
    let b = (n as f64).sqrt() as u16;
    let (w, h) = cell_size(n, candidates);
    (n as u16 * w + (b - 1) * 2, n as u16 * h + (b - 1))
}

/// Values no peer holds (the cell's own value aside), as a mask.
pub fn candidates(grid: &Grid, cell: usize) -> u32 {
    let geo = grid.geometry();
    let taken = geo.peers[cell]
        .iter()
        .fold(0u32, |m, &p| match grid.get(p as usize) {
            EMPTY => m,
            v => m | 1 << (v - 1),
        });
    geo.all_values_mask() & !taken
}

fn style_of(
    puzzle: &Puzzle,
    grid: &Grid,
    cell: usize,
    conflict: bool,
    marks: &Marks,
    theme: &Theme,
) -> Style {
    let v = grid.get(cell);
    let mut s = if puzzle.is_given(cell) {
        theme.given()
    } else if v == EMPTY {
        theme.empty()
    } else {
        theme.free()
    };
    if conflict {
        s = s.patch(theme.conflict());
    }
    if marks.show_wrong
        && !puzzle.is_given(cell)
        && v != EMPTY
        && marks.solution.is_some_and(|sol| sol.get(cell) != v)
    {
        s = s.patch(theme.wrong());
    }
    if marks.changed.contains(&(cell as u16)) {
        s = s.patch(theme.changed());
    }
    if marks.selected == Some(cell) {
        s = s.patch(theme.selected());
    }
    s
}

/// The grid as lines of styled text, box borders drawn with single-width characters.
pub fn lines(puzzle: &Puzzle, grid: &Grid, marks: &Marks, theme: &Theme) -> Vec<Line<'static>> {
    let geo = grid.geometry();
    let (n, b) = (geo.n, geo.box_size);
    let conflict = conflicts(grid);
    let (w, h) = cell_size(n, marks.candidates);
    let mut out = Vec::new();
    for r in 0..n {
        if r > 0 && r % b == 0 {
            // under each box its cells' width, under each separator ` │` the crossing `─┼`
            let rule: Vec<String> = (0..b).map(|_| "─".repeat(b * w as usize)).collect();
            out.push(Line::styled(rule.join("─┼"), theme.border()));
        }
        for sub in 0..h as usize {
            let mut spans = Vec::new();
            for c in 0..n {
                if c > 0 && c % b == 0 {
                    spans.push(Span::styled(" │", theme.border()));
                }
                let cell = r * n + c;
                let style = style_of(puzzle, grid, cell, conflict[cell], marks, theme);
                if h == 1 {
                    spans.push(Span::raw(" "));
                    spans.push(Span::styled(symbol(grid.get(cell)).to_string(), style));
                } else {
                    spans.push(Span::raw(" "));
                    spans.push(candidate_row(puzzle, grid, cell, sub, b, style, theme));
                }
            }
            out.push(Line::from(spans));
        }
    }
    out
}

/// One text row of a cell drawn as its candidates: `b` values per row; the cell's own value
/// keeps the cell's style, other candidates are dim; a given shows only its value.
fn candidate_row(
    puzzle: &Puzzle,
    grid: &Grid,
    cell: usize,
    sub: usize,
    b: usize,
    style: Style,
    theme: &Theme,
) -> Span<'static> {
    let v = grid.get(cell);
    if puzzle.is_given(cell) {
        let mut text = " ".repeat(b);
        if sub == b / 2 {
            text.replace_range(b / 2..b / 2 + 1, &symbol(v).to_string());
        }
        return Span::styled(text, style);
    }
    let mask = candidates(grid, cell);
    let text: String = (0..b)
        .map(|k| {
            let val = (sub * b + k + 1) as u8;
            if val == v || mask & 1 << (val - 1) != 0 {
                symbol(val)
            } else {
                '·'
            }
        })
        .collect();
    let own = v != EMPTY && (v as usize - 1) / b == sub;
    Span::styled(text, if own { style } else { style.patch(theme.dim()) })
}
