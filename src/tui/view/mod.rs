//! Drawing: one file per screen area (the grid, the side panels, the chart, the experiment
//! table, the dialogs drawn over the screen). Reads the app state, never changes it (except to
//! note where the grid went, for mouse clicks).

pub mod chart;
pub mod experiment;
pub mod grid;
pub mod overlay;
pub mod panel;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{App, Overlay, Pane};
use super::keys;
use super::theme::Theme;

/// The smallest terminal each screen needs: (width, height).
pub fn needed(app: &App) -> (u16, u16) {
    let n = app.puzzle.geometry().n;
    let (gw, gh) = grid::grid_size(n, app.candidates);
    match app.panes.len() {
        // the grid beside panels that shrink to fit: 80×24 is enough at 9x9
        1 => (gw + 2 + 44, (gh + 2).max(20) + 1),
        2 => (2 * (gw + 2).max(36), gh + 2 + 12 + 1),
        _ => (2 * (gw + 2).max(36), 2 * (gh + 2 + 8) + 1),
    }
}

pub fn draw(f: &mut Frame, app: &mut App, theme: &Theme) {
    let area = f.area();
    let (w, h) = needed(app);
    if area.width < w || area.height < h {
        let msg = vec![
            Line::styled(format!("terminal too small: need {w}×{h}"), theme.error()),
            Line::from(format!(
                "now {}×{}; enlarge the window or shrink the font",
                area.width, area.height
            )),
            Line::styled("q quits", theme.dim()),
        ];
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        app.grid_origin = None;
        return;
    }
    let [main, status] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    if app.experiment.is_some() {
        experiment::draw(f, main, app, theme);
    } else if app.panes.len() == 1 {
        single(f, main, app, theme);
    } else {
        race(f, main, app, theme);
    }
    status_line(f, status, app, theme);
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => overlay::help(f, area, theme),
        Overlay::Command => overlay::command(f, area, &app.command_line(), theme),
        Overlay::Algorithms {
            index,
            preset,
            adding,
        } => overlay::algorithms(f, area, *index, *preset, *adding, theme),
        Overlay::Parameters {
            index,
            editing,
            error,
        } => {
            let pane = &app.panes[app.focus];
            overlay::parameters(
                f,
                area,
                pane,
                *index,
                editing.as_deref(),
                error.as_deref(),
                theme,
            )
        }
        Overlay::Puzzle { input, error } => {
            overlay::puzzle(f, area, input, error.as_deref(), theme)
        }
    }
}

fn pane_title(app: &App, pane: &Pane) -> String {
    let g = app.puzzle.geometry();
    if app.panes.len() == 1 {
        // the algorithm is named in the panel beside the grid
        return format!(" {} {} ", app.puzzle.name, g.label());
    }
    format!(" {} · {} {} ", pane.label(), app.puzzle.name, g.label())
}

/// Draw a pane's grid in `area` (a bordered block) and return where its first cell is.
fn grid_block(
    f: &mut Frame,
    area: Rect,
    app: &App,
    pane: &Pane,
    focused: bool,
    theme: &Theme,
) -> (u16, u16) {
    let block = Block::bordered()
        .title(pane_title(app, pane))
        .border_style(if focused {
            theme.title()
        } else {
            theme.border()
        });
    let inner = block.inner(area);
    f.render_widget(block, area);
    let Some(frame) = &pane.report else {
        f.render_widget(Paragraph::new("starting…"), inner);
        return (inner.x, inner.y);
    };
    if let Some(msg) = &frame.crashed {
        let text = vec![
            Line::styled("the search crashed", theme.error()),
            Line::from(msg.clone()),
            Line::styled("a: switch algorithm · r: restart", theme.dim()),
        ];
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), inner);
        return (inner.x, inner.y);
    }
    let marks = grid::Marks {
        changed: &frame.changed,
        solution: app.solution.as_ref(),
        show_wrong: app.show_wrong,
        candidates: app.candidates,
        selected: if focused { app.selected } else { None },
    };
    let lines = grid::lines(&app.puzzle, &frame.snapshot.grid, &marks, theme);
    f.render_widget(Paragraph::new(lines), inner);
    // the first cell's symbol sits one column in (each cell is " x")
    (inner.x + 1, inner.y)
}

fn single(f: &mut Frame, area: Rect, app: &mut App, theme: &Theme) {
    let n = app.puzzle.geometry().n;
    let (gw, gh) = grid::grid_size(n, app.candidates);
    let [left, right] =
        Layout::horizontal([Constraint::Length(gw + 2), Constraint::Min(40)]).areas(area);
    let [grid_area, info_area] =
        Layout::vertical([Constraint::Length(gh + 2), Constraint::Min(0)]).areas(left);
    let origin = grid_block(f, grid_area, app, &app.panes[0], true, theme);
    let (cw, ch) = grid::cell_size(n, app.candidates);
    app.grid_origin = Some((origin.0, origin.1, cw, ch));
    panel::cell_info(f, info_area, app, theme);
    let pane = &app.panes[0];
    // on a short screen the metrics and then the log give up rows before the chart does: 9
    // each from 26 rows up, 7 and 6 on an 80×24 terminal
    let short = 26u16.saturating_sub(right.height);
    let metrics_h = 9 - short.min(2);
    let log_h = 9 - short.saturating_sub(2).min(5);
    let [head, chart_area, log_area] = Layout::vertical([
        Constraint::Length(metrics_h),
        Constraint::Min(6),
        Constraint::Length(log_h),
    ])
    .areas(right);
    panel::metrics(f, head, app, pane, theme);
    if let Some(report) = &pane.report {
        chart::draw(f, chart_area, &report.history, true, theme);
        panel::log(f, log_area, report, theme);
    }
}

fn race(f: &mut Frame, area: Rect, app: &mut App, theme: &Theme) {
    let n = app.puzzle.geometry().n;
    let (_, gh) = grid::grid_size(n, app.candidates);
    let rows = if app.panes.len() <= 2 { 1 } else { 2 };
    let row_areas = Layout::vertical(vec![Constraint::Ratio(1, rows); rows as usize]).split(area);
    let mut origin = None;
    for (i, pane) in app.panes.iter().enumerate() {
        let row = row_areas[i / 2];
        let [l, r] = Layout::horizontal([Constraint::Ratio(1, 2); 2]).areas(row);
        let cell = if i % 2 == 0 { l } else { r };
        let [g, m, c] = Layout::vertical([
            Constraint::Length(gh + 2),
            Constraint::Length(2),
            Constraint::Min(5),
        ])
        .areas(cell);
        let o = grid_block(f, g, app, pane, i == app.focus, theme);
        if i == app.focus {
            origin = Some(o);
        }
        if let Some(report) = &pane.report {
            panel::race_line(f, m, report, theme);
            chart::draw(f, c, &report.history, false, theme);
        }
    }
    let (cw, ch) = grid::cell_size(n, app.candidates);
    app.grid_origin = origin.map(|o| (o.0, o.1, cw, ch));
}

/// The state, the speed and key reminders; `? help` and `q quit` always show, the other
/// reminders as far as the width allows.
fn status_line(f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let mut spans = Vec::new();
    if let Some(s) = &app.status {
        spans.push(Span::styled(format!("{s}  "), theme.key()));
    }
    let speed = app
        .speed()
        .map_or("unlimited".to_string(), |s| format!("{s} steps/s"));
    spans.push(Span::styled(
        format!("[{}, {speed}] ", app.state_word()),
        theme.title(),
    ));
    let hint = |(k, what): (&'static str, &'static str)| {
        [
            Span::styled(k, theme.key()),
            Span::raw(format!(" {what}  ")),
        ]
    };
    let (always, rest): (Vec<_>, Vec<_>) =
        keys::hints().partition(|(_, w)| matches!(*w, "help" | "quit"));
    let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
    let tail: Vec<Span> = always.into_iter().flat_map(hint).collect();
    let room = (area.width as usize).saturating_sub(width(&spans) + width(&tail));
    let mut used = 0;
    for h in rest {
        let pair = hint(h);
        let w = width(&pair);
        if used + w > room {
            break;
        }
        used += w;
        spans.extend(pair);
    }
    spans.extend(tail);
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}
