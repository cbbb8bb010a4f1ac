//! The grid: givens, conflicts, changed cells, candidates, differences from the solution,
//! drawn as large as the space allows.
//!
//! A cell grows with the terminal, wider and taller together so the grid stays square-ish (a
//! terminal character is about twice as tall as it is wide): one row and two columns on a small
//! terminal, three rows and six or seven columns on a projector's 200×60, where the digits are
//! drawn three rows tall in half blocks. Boxes are separated by single-width rules. A given keeps
//! its colour and weight in every state; a conflict, the last change, a difference from the
//! solution and the selection are each a modifier on top.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::theme::Theme;
use sudoscope_core::board::cost::conflicts;
use sudoscope_core::board::grid::symbol;
use sudoscope_core::board::{EMPTY, Grid, Puzzle};

pub use super::glyph::big_glyph;
use super::glyph::big_glyph_chars;
use sudoscope_i18n::Lang;

/// Which candidates a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CandidateView {
    /// Values only.
    #[default]
    Off,
    /// Pencil marks from the givens: the values no given peer holds.
    Givens,
    /// The values no peer holds on the board on screen.
    Board,
}

impl CandidateView {
    /// The next view (`c`).
    pub fn next(self) -> CandidateView {
        match self {
            CandidateView::Off => CandidateView::Givens,
            CandidateView::Givens => CandidateView::Board,
            CandidateView::Board => CandidateView::Off,
        }
    }

    /// What the legend says it shows.
    pub fn describe(self, lang: Lang) -> String {
        match self {
            CandidateView::Off => String::new(),
            CandidateView::Givens => tr!(lang, "candidates-givens"),
            CandidateView::Board => tr!(lang, "candidates-board"),
        }
    }
}

/// What to mark on a grid besides its values.
pub struct Marks<'a> {
    /// Cells the last step changed (reverse video).
    pub changed: &'a [u16],
    /// The solution, to mark cells that differ from it.
    pub solution: Option<&'a Grid>,
    /// Whether to mark cells that differ from the solution.
    pub show_wrong: bool,
    /// Pencil marks.
    pub candidates: CandidateView,
    /// The cell under the cursor or the last click.
    pub selected: Option<usize>,
}

/// How a grid is laid out in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLayout {
    /// Box size.
    pub b: u16,
    /// Side: cells a row.
    pub n: u16,
    /// Columns per cell.
    pub cell_w: u16,
    /// Rows per cell.
    pub cell_h: u16,
    /// Characters between two boxes side by side: ` │` for the narrowest cells, `│` otherwise.
    pub sep_w: u16,
    /// Values drawn three rows tall.
    pub big: bool,
    /// Candidates drawn in the cells.
    pub candidates: bool,
}

impl GridLayout {
    /// The smallest layout of an n×n grid: two columns a cell, one row, no candidates.
    pub fn smallest(n: usize) -> GridLayout {
        GridLayout {
            b: (n as f64).sqrt() as u16,
            n: n as u16,
            cell_w: 2,
            cell_h: 1,
            sep_w: 2,
            big: false,
            candidates: false,
        }
    }

    /// The largest layout of an `n`×`n` grid that fits in `w`×`h` characters (`None` when not
    /// even one character per cell row fits). Candidates need a cell of `b` rows and `b`
    /// symbols; when they do not fit, the values are drawn and `candidates` is false.
    pub fn fit(n: usize, w: u16, h: u16, candidates: bool) -> Option<GridLayout> {
        let b = (n as f64).sqrt() as u16;
        let n = n as u16;
        let make = |cell_w: u16, cell_h: u16, cand: bool| GridLayout {
            b,
            n,
            cell_w,
            cell_h,
            sep_w: if cell_w == 2 { 2 } else { 1 },
            big: !cand && cell_h >= 3 && cell_w >= 5,
            candidates: cand,
        };
        let fits = |l: &GridLayout| l.width() <= w && l.height() <= h;
        if candidates {
            // b rows of b symbols, with a space between symbols when there is room
            for cell_h in (b..=b + 3).rev() {
                for cell_w in [2 * b + 1, b + 1] {
                    let l = make(cell_w, cell_h, true);
                    if fits(&l) {
                        return Some(l);
                    }
                }
            }
        }
        for cell_h in (1..=8u16).rev() {
            for cell_w in [2 * cell_h + 1, 2 * cell_h] {
                let l = make(cell_w.max(2), cell_h, false);
                if fits(&l) {
                    return Some(l);
                }
            }
        }
        None
    }

    /// Width in characters, without a surrounding block.
    pub fn width(&self) -> u16 {
        self.n * self.cell_w + (self.b - 1) * self.sep_w
    }

    /// Height in characters, without a surrounding block.
    pub fn height(&self) -> u16 {
        self.n * self.cell_h + (self.b - 1)
    }

    /// The top-left character of `cell`, relative to the grid's origin.
    pub fn cell_origin(&self, cell: usize) -> (u16, u16) {
        let (r, c) = ((cell as u16) / self.n, (cell as u16) % self.n);
        (
            c * self.cell_w + (c / self.b) * self.sep_w,
            r * self.cell_h + r / self.b,
        )
    }

    /// Where a cell's value is drawn, relative to the grid's origin: its one character, or
    /// the middle of its big glyph (candidates off).
    pub fn value_at(&self, cell: usize) -> (u16, u16) {
        let (x, y) = self.cell_origin(cell);
        if self.big {
            return (x + (self.cell_w - 3) / 2 + 1, y + (self.cell_h - 3) / 2 + 1);
        }
        let dx = if self.cell_w == 2 {
            1
        } else {
            (self.cell_w - 1) / 2
        };
        (x + dx, y + (self.cell_h - 1) / 2)
    }

    /// The cell at `(dx, dy)` from the grid's origin, if that is a cell and not a rule.
    pub fn cell_at(&self, dx: u16, dy: u16) -> Option<usize> {
        let box_w = self.b * self.cell_w + self.sep_w;
        let box_h = self.b * self.cell_h + 1;
        let (bx, rx) = (dx / box_w, dx % box_w);
        let (by, ry) = (dy / box_h, dy % box_h);
        if bx >= self.b || by >= self.b || rx >= self.b * self.cell_w || ry >= self.b * self.cell_h
        {
            return None;
        }
        let col = bx * self.b + rx / self.cell_w;
        let row = by * self.b + ry / self.cell_h;
        Some((row * self.n + col) as usize)
    }
}

/// Values no peer of `cell` holds on `grid` (the cell's own value aside), as a mask.
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

/// The style of `cell`: a given keeps its colour and weight whatever else is marked.
pub fn style_of(
    puzzle: &Puzzle,
    grid: &Grid,
    cell: usize,
    conflict: bool,
    marks: &Marks,
    theme: &Theme,
) -> Style {
    let v = grid.get(cell);
    let given = puzzle.is_given(cell);
    let mut s = if given {
        theme.given()
    } else if v == EMPTY {
        theme.empty()
    } else {
        theme.free()
    };
    if conflict {
        s = s.patch(if given {
            theme.given_conflict()
        } else {
            theme.conflict()
        });
    }
    if marks.show_wrong
        && !given
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

/// Draw `grid` with `layout` into `buf` at `(x, y)`, clipped to `area`.
///
/// Every character a grid shows is one column wide (digits, letters, rules, half blocks, the
/// candidates' dot), so each is put straight into its cell: no string is built or measured, as
/// a served session draws its grid thirty times a second.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    buf: &mut Buffer,
    area: Rect,
    layout: &GridLayout,
    puzzle: &Puzzle,
    grid: &Grid,
    marks: &Marks,
    theme: &Theme,
) {
    let conflict = conflicts(grid);
    let clip = area.intersection(buf.area);
    let (ox, oy) = (area.x, area.y);
    let l = layout;
    // rules between boxes
    for k in 1..l.b {
        let y = oy + k * l.b * l.cell_h + k - 1;
        let crossing = |dx: u16| (1..l.b).any(|j| dx == j * l.b * l.cell_w + j * l.sep_w - 1);
        let rule = (0..l.width()).map(|dx| if crossing(dx) { '┼' } else { '─' });
        put(buf, clip, ox, y, rule, theme.border());
    }
    let sep: &[char] = if l.sep_w == 2 {
        &[' ', '│']
    } else {
        &['│']
    };
    // a big value is underlined once, under its last row
    let underline_row = (l.cell_h as usize).saturating_sub(3) / 2 + 2;
    let mut text = CellText::default();
    for (cell, &in_conflict) in conflict.iter().enumerate() {
        let (cx, cy) = l.cell_origin(cell);
        let (x, y) = (ox + cx, oy + cy);
        // the rule before this cell's box, on each of its rows
        let col = cell as u16 % l.n;
        if col > 0 && col.is_multiple_of(l.b) {
            for dy in 0..l.cell_h {
                put(
                    buf,
                    clip,
                    x - l.sep_w,
                    y + dy,
                    sep.iter().copied(),
                    theme.border(),
                );
            }
        }
        let style = style_of(puzzle, grid, cell, in_conflict, marks, theme);
        text.fill(puzzle, grid, cell, l, marks.candidates);
        // a reversed mark covers the whole cell so it reads at any size
        let whole = style
            .add_modifier
            .contains(ratatui::style::Modifier::REVERSED);
        for dy in 0..l.cell_h as usize {
            let own = text.own[dy];
            let row_style = if whole {
                style
            } else if own && l.big && dy != underline_row {
                style.remove_modifier(ratatui::style::Modifier::UNDERLINED)
            } else if own {
                style
            } else {
                // padding and other candidates: dim, without the cell's marks
                theme.dim()
            };
            let row = &text.rows[dy][..l.cell_w as usize];
            let under = ratatui::style::Modifier::UNDERLINED;
            if !whole && row.len() >= 3 && row_style.add_modifier.contains(under) {
                // an underline stops short of the cell's edges, so that two conflicts side by
                // side read as two marks, not as one rule across the grid
                let plain = row_style.remove_modifier(under);
                let last = row.len() - 1;
                put(buf, clip, x, y + dy as u16, row[..1].iter().copied(), plain);
                let inner = row[1..last].iter().copied();
                put(buf, clip, x + 1, y + dy as u16, inner, row_style);
                let end = row[last..].iter().copied();
                put(buf, clip, x + last as u16, y + dy as u16, end, plain);
            } else {
                put(buf, clip, x, y + dy as u16, row.iter().copied(), row_style);
            }
        }
    }
}

/// Put one-column `chars` in a row from `(x, y)` on, in `style`, as far as `clip` reaches.
fn put(
    buf: &mut Buffer,
    clip: Rect,
    x: u16,
    y: u16,
    chars: impl Iterator<Item = char>,
    style: Style,
) {
    if y < clip.top() || y >= clip.bottom() || x < clip.left() {
        return;
    }
    for (x, c) in (x..clip.right()).zip(chars) {
        buf[(x, y)].set_char(c).set_style(style);
    }
}

/// The widest cell [`GridLayout::fit`] makes, in columns.
const MAX_CELL_W: usize = 17;
/// The tallest, in rows.
const MAX_CELL_H: usize = 8;

/// One cell's text: its rows of `cell_w` characters, each with whether it shows the cell's own
/// value (drawn in the cell's style; padding and other candidates are dim). Filled again for
/// every cell, with nothing allocated.
struct CellText {
    rows: [[char; MAX_CELL_W]; MAX_CELL_H],
    own: [bool; MAX_CELL_H],
}

impl Default for CellText {
    fn default() -> CellText {
        CellText {
            rows: [[' '; MAX_CELL_W]; MAX_CELL_H],
            own: [false; MAX_CELL_H],
        }
    }
}

impl CellText {
    fn fill(
        &mut self,
        puzzle: &Puzzle,
        grid: &Grid,
        cell: usize,
        l: &GridLayout,
        view: CandidateView,
    ) {
        let (w, h) = (l.cell_w as usize, l.cell_h as usize);
        for r in 0..h {
            self.rows[r][..w].fill(' ');
            self.own[r] = false;
        }
        let v = grid.get(cell);
        if l.candidates && !puzzle.is_given(cell) && view != CandidateView::Off {
            let b = l.b as usize;
            let mask = match view {
                CandidateView::Board => candidates(grid, cell),
                _ => candidates(&puzzle.givens, cell),
            };
            let spaced = w > 2 * b;
            let top = (h - b) / 2;
            let mut line = [' '; MAX_CELL_W];
            for sub in 0..b {
                let mut len = 0;
                for k in 0..b {
                    let val = (sub * b + k + 1) as u8;
                    line[len] = if val == v || mask & 1 << (val - 1) != 0 {
                        symbol(val)
                    } else {
                        '·'
                    };
                    len += 1;
                    if spaced && k + 1 < b {
                        line[len] = ' ';
                        len += 1;
                    }
                }
                self.centre(top + sub, &line[..len], w);
                self.own[top + sub] = v != EMPTY && (v as usize - 1) / b == sub;
            }
        } else if l.big {
            let top = (h - 3) / 2;
            for (k, line) in big_glyph_chars(v).iter().enumerate() {
                self.centre(top + k, line, w);
                self.own[top + k] = true;
            }
        } else {
            let middle = (h - 1) / 2;
            if w == 2 {
                // the narrowest cells read " 3", as the course notebooks print grids
                self.rows[middle][1] = symbol(v);
            } else {
                self.centre(middle, &[symbol(v)], w);
            }
            self.own[middle] = true;
        }
    }

    /// `chars` in the middle of row `r`, `w` wide (the extra space on the right).
    fn centre(&mut self, r: usize, chars: &[char], w: usize) {
        let left = w.saturating_sub(chars.len()) / 2;
        let n = chars.len().min(w - left);
        self.rows[r][left..left + n].copy_from_slice(&chars[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_grows_with_the_space_and_stays_square_ish() {
        // the smallest: two columns and a row per cell
        let small = GridLayout::fit(9, 22, 11, false).unwrap();
        assert_eq!((small.cell_w, small.cell_h, small.width()), (2, 1, 22));
        // a little more room: taller and wider cells together
        let mid = GridLayout::fit(9, 44, 20, false).unwrap();
        assert_eq!((mid.cell_w, mid.cell_h), (4, 2));
        // a projector's 200×60 terminal gives the grid about 56 rows: at least 30 of them
        let big = GridLayout::fit(9, 120, 56, false).unwrap();
        assert!(big.height() >= 28 && big.big, "{big:?}");
        assert!(big.cell_w >= 2 * big.cell_h - 1 && big.cell_w <= 2 * big.cell_h + 1);
        // 25x25 on 200×60 still uses the space
        let huge = GridLayout::fit(25, 130, 56, false).unwrap();
        assert!(huge.cell_h >= 2, "{huge:?}");
        // every cell maps back to itself
        for l in [small, mid, big, huge] {
            for cell in 0..(l.n * l.n) as usize {
                let (x, y) = l.cell_origin(cell);
                assert_eq!(l.cell_at(x, y), Some(cell));
                assert_eq!(l.cell_at(x + l.cell_w - 1, y + l.cell_h - 1), Some(cell));
            }
        }
        assert_eq!(GridLayout::fit(9, 10, 5, false), None);
    }

    #[test]
    fn big_glyphs_are_three_rows_of_three() {
        for v in 0..=25u8 {
            let g = big_glyph(v);
            assert!(g.iter().all(|r| r.chars().count() == 3), "{v}: {g:?}");
        }
        assert_eq!(big_glyph(1), ["▄█ ", " █ ", "▀▀▀"].map(String::from));
        assert_eq!(big_glyph(8), ["█▀█", "█▀█", "▀▀▀"].map(String::from));
    }

    #[test]
    fn every_layout_fits_the_cell_text_drawn_into() {
        for n in [4, 9, 16, 25] {
            for w in (1..=420).step_by(3) {
                for h in 1..=160 {
                    for candidates in [false, true] {
                        if let Some(l) = GridLayout::fit(n, w, h, candidates) {
                            assert!(l.cell_w as usize <= MAX_CELL_W, "{l:?}");
                            assert!(l.cell_h as usize <= MAX_CELL_H, "{l:?}");
                        }
                    }
                }
            }
        }
    }
}
