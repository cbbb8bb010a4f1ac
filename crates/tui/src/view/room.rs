//! How much room the screen needs: the smallest terminal each layout is drawn on, the rows a
//! lesson's caption takes, and when a large grid gives up its border.

use ratatui::layout::Rect;

use super::grid::GridLayout;
use crate::app::App;
use sudoscope_i18n::Lang;

/// Columns the panels beside a single grid keep at least.
const PANELS_MIN: u16 = 44;
/// The same beside a 16x16 or 25x25 grid.
const PANELS_MIN_LARGE: u16 = 38;
/// Rows a race pane keeps under its grid: two lines of figures and a chart of five.
pub(super) const RACE_BELOW_GRID: u16 = 7;
/// Columns a race pane's figures and chart take beside its grid, when the pane is wide.
pub(super) const RACE_SIDE: u16 = 30;
/// Columns a race pane keeps at least: its grid, and its line of figures.
const RACE_PANE_MIN: u16 = 36;
/// A race's chart this many rows tall or more shows a course (five show one row of it): fewer,
/// and three or four panes go in one row when the screen is wide enough.
pub(super) const RACE_CHART_COMFORT: u16 = 8;

/// Columns `n` race panes take in one row at least.
pub(super) fn race_row_width(app: &App, n: usize) -> u16 {
    let l = GridLayout::smallest(app.race().puzzle().geometry().n);
    (n as u16).saturating_mul((l.width() + 2).max(RACE_PANE_MIN))
}

/// Rows a lesson's caption takes at `width`: it wraps, up to three rows (0 without a lesson).
pub(super) fn caption_rows(lang: Lang, app: &App, width: u16) -> u16 {
    app.caption(lang).map_or(0, |c| {
        // word by word, as the paragraph wraps it (a space either side of the text)
        let width = (width as usize).max(1);
        let (mut rows, mut used) = (1usize, 1usize);
        for word in c.split_whitespace() {
            let w = word.chars().count();
            if used > 1 && used + 1 + w > width {
                rows += 1;
                used = 0;
            }
            used += if used == 0 { w } else { 1 + w };
        }
        (rows as u16).clamp(1, MAX_CAPTION_ROWS)
    })
}

/// Rows a caption may take before it is cut.
const MAX_CAPTION_ROWS: u16 = 3;

/// The smallest terminal: a 9x9 grid (or larger) at its smallest beside the panels.
pub(super) fn too_small(lang: Lang, app: &App, area: Rect) -> Option<(u16, u16)> {
    let need = needs(lang, app, area.width)?;
    (area.width < need.0 || area.height < need.1).then_some(need)
}

/// The smallest screen, in columns and rows, the app's screen is drawn on in `lang` at `width`
/// columns (a web page makes its font smaller to give it that many); `None` when no grid fits.
pub fn needs(lang: Lang, app: &App, width: u16) -> Option<(u16, u16)> {
    let n = app.race().puzzle().geometry().n;
    let smallest = GridLayout::fit(n, u16::MAX, u16::MAX, false).map(|_| {
        let l = GridLayout::smallest(n);
        (l.width() + 2, l.height() + 2)
    })?;
    // below the panes: the legend and the status line; above them a lesson's caption
    let lines = 2 + caption_rows(lang, app, width);
    // a race pane: its grid, two lines of figures and a chart of five rows
    let pane_h = smallest.1 + RACE_BELOW_GRID;
    let need = match app.race().panes().len() {
        // a large grid alone may lose its border and the legend (see `compact`)
        1 => {
            let full = smallest.1.max(18) + lines;
            let h = if n > 9 {
                full.min((smallest.1 - 2).max(18) + lines - 1)
            } else {
                full
            };
            (smallest.0 + panels_min(n), h)
        }
        2 => (2 * smallest.0.max(RACE_PANE_MIN), pane_h + lines),
        // three or four go in one row on a screen wide enough (see `race_cells`)
        n if width >= race_row_width(app, n) => (race_row_width(app, n), pane_h + lines),
        // else two rows, each pane's figures and chart beside its grid when that fits
        _ if width >= 2 * (smallest.0 + RACE_SIDE) => {
            (2 * (smallest.0 + RACE_SIDE), 2 * smallest.1 + lines)
        }
        _ => (2 * smallest.0.max(RACE_PANE_MIN), 2 * pane_h + lines),
    };
    Some(need)
}

/// The panels beside a single grid take at least this many columns: fewer beside a 16x16 or
/// 25x25 grid, so that one fits 80 columns and the other 100.
pub(super) fn panels_min(n: usize) -> u16 {
    if n > 9 { PANELS_MIN_LARGE } else { PANELS_MIN }
}

/// A single large grid on a short screen gives up its border and the legend line, so that a
/// 25x25 grid fits 30 rows; the legend's colours are the same as on any larger screen.
pub(super) fn compact(lang: Lang, app: &App, area: Rect) -> bool {
    let n = app.race().puzzle().geometry().n;
    let l = GridLayout::smallest(n);
    n > 9
        && app.race().panes().len() == 1
        && app.experiment().is_none()
        && !app.focus_layout()
        && area.height < l.height() + 2 + 2 + caption_rows(lang, app, area.width)
}
