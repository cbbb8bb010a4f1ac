//! Drawing: one file per screen area (the grid, the side panels, the chart, the experiment
//! table, the dialogs drawn over the screen). Reads the app state, never changes it: where the
//! focused grid went (for mouse clicks) is returned, and the caller hands it to the app.

pub mod chart;
pub mod experiment;
pub mod fit;
mod glyph;
pub mod grid;
pub mod landscape;
pub mod overlay;
pub mod panel;
pub mod plot;
mod room;
mod status;
pub mod waiting;
pub mod wrap;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{App, GridPlace, Pane};
use super::dialog::Dialog;
use crate::theme::Theme;
use chart::Scale;
use grid::GridLayout;
pub use room::needs;
use room::{
    RACE_BELOW_GRID, RACE_CHART_COMFORT, RACE_SIDE, caption_rows, compact, panels_min,
    race_row_width, too_small,
};
use sudoscope_i18n::{Lang, tr};

/// Draw the whole screen in the app's language; returns where the focused grid went, if it was
/// drawn.
pub fn draw(f: &mut Frame, app: &App) -> Option<GridPlace> {
    draw_in(app.lang(), f, app)
}

/// Draw the whole screen in `lang` (a mirrored screen, in each watcher's own language).
pub fn draw_in(lang: Lang, f: &mut Frame, app: &App) -> Option<GridPlace> {
    let theme = app.theme();
    let area = f.area();
    // the theme's own background under everything (light paints the screen white)
    f.render_widget(Block::new().style(theme.base()), area);
    if let Some((w, h)) = too_small(lang, app, area).filter(|_| !app.race().panes().is_empty()) {
        let msg = vec![
            Line::styled(
                app.front()
                    .text(lang, "too-small", &[("w", w.into()), ("h", h.into())]),
                theme.error(),
            ),
            Line::from(app.front().text(
                lang,
                "too-small-now",
                &[("w", area.width.into()), ("h", area.height.into())],
            )),
            Line::styled(tr!(lang, "too-small-quit"), theme.dim()),
        ];
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return None;
    }
    let caption_h = caption_rows(lang, app, area.width);
    let compact = compact(lang, app, area);
    // a message too long for the status line takes rows the screen has beyond its needs
    let spare =
        room::needs(lang, app, area.width).map_or(0, |(_, h)| area.height.saturating_sub(h));
    let status_h = status::rows(lang, app, area.width, spare);
    let [caption, main, legend, status] = Layout::vertical([
        Constraint::Length(caption_h),
        Constraint::Min(1),
        Constraint::Length(if compact { 0 } else { 1 }),
        Constraint::Length(status_h),
    ])
    .areas(area);
    if let Some(text) = app.caption(lang) {
        let line = Line::styled(format!(" {text} "), theme.banner());
        f.render_widget(
            Paragraph::new(line)
                .style(theme.banner())
                .wrap(Wrap { trim: true }),
            caption,
        );
    }
    let grid_at = if let Some(w) = app
        .watching()
        .as_ref()
        .filter(|_| app.race().panes().is_empty())
    {
        waiting::draw(lang, f, main, w, &theme);
        None
    } else if app.experiment().is_some() {
        experiment::draw(lang, f, main, app, &theme);
        None
    } else if app.race().panes().len() == 1 {
        single(lang, f, main, app, !compact)
    } else {
        race(lang, f, main, app)
    };
    if !compact {
        panel::legend(lang, f, legend, app, &theme);
    }
    status::status_line(lang, f, status, app);
    draw_overlay(lang, f, app);
    // widgets that clear their background (the chart's braille) get the theme's back
    if let Some(bg) = theme.base().bg {
        for cell in f.buffer_mut().content.iter_mut() {
            if cell.bg == ratatui::style::Color::Reset {
                cell.bg = bg;
            }
        }
    }
    // every cell as wide as the terminal will draw it, whatever a class's program named
    fit::settle(f.buffer_mut());
    grid_at
}

fn draw_overlay(lang: Lang, f: &mut Frame, app: &App) {
    let theme = app.theme();
    let area = f.area();
    match &app.dialog() {
        Dialog::None => {}
        Dialog::Help(scroll) => overlay::help(lang, app.front(), f, area, *scroll, &theme),
        Dialog::Errors(scroll) => {
            if let Some(w) = &app.watching() {
                waiting::overlay(lang, f, area, w, *scroll, &theme);
            }
        }
        Dialog::Command { .. } if app.followed().is_some() => {
            let name = app.followed().unwrap_or_default();
            overlay::followed(lang, f, area, name, &theme)
        }
        Dialog::Command { appended } => overlay::command(
            lang,
            app.front(),
            f,
            area,
            (&app.command_line(), app.page_address().as_deref()),
            appended.as_deref(),
            &theme,
        ),
        Dialog::Algorithms(p) => {
            overlay::algorithms(lang, f, area, p.index, p.preset, p.adding, &theme)
        }
        Dialog::Parameters(e) => {
            let pane = &app.race().panes()[app.race().focus()];
            overlay::parameters(
                f,
                area,
                pane,
                e.index,
                e.editing.as_deref(),
                e.error.as_deref(),
                (lang, &theme),
            )
        }
        Dialog::Puzzle(o) => overlay::puzzle(
            lang,
            app.front(),
            f,
            area,
            &o.input,
            o.error.as_deref(),
            &theme,
        ),
    }
}

fn pane_title(lang: Lang, app: &App, pane: &Pane, width: u16) -> String {
    let g = app.race().puzzle().geometry();
    let puzzle = app.race().puzzle().name.as_str();
    if app.race().panes().len() == 1 {
        // the algorithm is named in the panel beside the grid
        return format!(" {puzzle} {} ", g.label());
    }
    // in a race every pane has the same puzzle: what gives way first when the title is longer
    // than its border (a language's longer name for the algorithm) is the puzzle, then the
    // seed (each pane's own: `R` and `r` give new ones), never the algorithm, which then takes
    // its short words (a phone's panes in Spanish), keeping its seed where it can
    let label = pane.label(lang);
    let mut forms = Vec::new();
    if pane.watched().is_none() {
        let seed = tr!(lang, "panel-seed", seed = pane.run.seed);
        forms.push(format!(" {label} · {seed} · {puzzle} {} ", g.label()));
        forms.push(format!(" {label} · {seed} · {puzzle} "));
        forms.push(format!(" {label} · {seed} "));
        forms.push(format!(" {label} "));
        for algo_short in [false, true] {
            let short = crate::words::method_short(lang, &pane.run.method, algo_short);
            forms.push(format!(" {short} · {seed} "));
            forms.push(format!(" {short} "));
        }
    } else {
        forms.push(format!(" {label} · {puzzle} {} ", g.label()));
        forms.push(format!(" {label} · {puzzle} "));
        forms.push(format!(" {label} "));
    }
    wrap::first_that_fits(forms, usize::from(width.saturating_sub(2)))
}

/// Draw a pane's grid, as large as `layout`, in `area` (a bordered block, or without its border
/// for a large grid on a short screen); returns where its first cell is.
fn grid_block(
    lang: Lang,
    f: &mut Frame,
    area: Rect,
    app: &App,
    pane: &Pane,
    layout: &GridLayout,
    (focused, bordered): (bool, bool),
) -> (u16, u16) {
    let theme = &app.theme();
    // without its border the grid has no title either (a title takes a row of its own)
    let block = if bordered {
        Block::bordered().title(pane_title(lang, app, pane, area.width))
    } else {
        Block::new()
    };
    let block = block.border_style(if focused {
        theme.title()
    } else {
        theme.border()
    });
    let inner = block.inner(area);
    f.render_widget(block, area);
    let Some(report) = &pane.report else {
        f.render_widget(Paragraph::new(tr!(lang, "pane-starting")), inner);
        return (inner.x, inner.y);
    };
    if let Some(msg) = &report.crashed {
        let text = vec![
            Line::styled(tr!(lang, "pane-crashed"), theme.error()),
            Line::from(msg.clone()),
            Line::styled(tr!(lang, "pane-crashed-keys"), theme.dim()),
        ];
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), inner);
        return (inner.x, inner.y);
    }
    let marks = grid::Marks {
        changed: &report.changed,
        solution: app.race().solution(),
        show_wrong: app.cursor().show_wrong(),
        candidates: app.cursor().candidates(),
        selected: if focused {
            app.cursor().selected()
        } else {
            None
        },
    };
    grid::draw(
        f.buffer_mut(),
        inner,
        layout,
        app.race().puzzle(),
        &report.snapshot.grid,
        &marks,
        theme,
    );
    (inner.x, inner.y)
}

/// The largest grid that fits in `w`×`h` characters, block border included.
fn fit(app: &App, w: u16, h: u16) -> GridLayout {
    let n = app.race().puzzle().geometry().n;
    let want = app.cursor().candidates() != grid::CandidateView::Off;
    GridLayout::fit(n, w.saturating_sub(2), h.saturating_sub(2), want)
        .or_else(|| GridLayout::fit(n, w.saturating_sub(2), h.saturating_sub(2), false))
        .unwrap_or(GridLayout::smallest(n))
}

/// A screen taller than it is wide (a phone held upright: a character is about twice as tall
/// as it is wide), with room below the grid for the panels.
fn portrait(area: Rect) -> bool {
    area.height >= 40 && u32::from(area.height) * 2 > u32::from(area.width) * 5 / 4
}

fn single(lang: Lang, f: &mut Frame, area: Rect, app: &App, bordered: bool) -> Option<GridPlace> {
    if app.focus_layout() {
        return focus(lang, f, area, app);
    }
    let border = if bordered { 2 } else { 0 };
    let (layout, grid_area, info_area, right) = if portrait(area) {
        // upright: the grid across the width, up to three fifths of the height; the panels
        // below it
        let layout = fit(
            app,
            area.width + 2 - border,
            area.height * 3 / 5 + 2 - border,
        );
        let (gw, gh) = (layout.width() + border, layout.height() + border);
        let [top, below] =
            Layout::vertical([Constraint::Length(gh), Constraint::Min(0)]).areas(area);
        let [grid_area, info_area] =
            Layout::horizontal([Constraint::Length(gw), Constraint::Min(0)]).areas(top);
        (layout, grid_area, info_area, below)
    } else {
        // the grid takes what the panels leave, up to three fifths of the width (more for a
        // large grid, whose panels give way)
        let panels = panels_min(app.race().puzzle().geometry().n);
        let room = (area.width.saturating_sub(panels)).min(area.width * 3 / 5);
        let layout = fit(app, room + 2 - border, area.height + 2 - border);
        let (gw, gh) = (layout.width() + border, layout.height() + border);
        let [left, right] =
            Layout::horizontal([Constraint::Length(gw), Constraint::Min(panels)]).areas(area);
        let [grid_area, info_area] =
            Layout::vertical([Constraint::Length(gh), Constraint::Min(0)]).areas(left);
        (layout, grid_area, info_area, right)
    };
    let theme = app.theme();
    let origin = grid_block(
        lang,
        f,
        grid_area,
        app,
        &app.race().panes()[0],
        &layout,
        (true, bordered),
    );
    // beside an upright grid, the cell's words only where they have room to be read
    if info_area.width >= 16 {
        panel::cell_info(lang, f, info_area, app, &theme);
    }
    panels(lang, f, right, app, &theme);
    Some((origin.0, origin.1, layout))
}

/// The single search's metrics, cost chart and log (or neighbourhood) in `area`.
fn panels(lang: Lang, f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let pane = &app.race().panes()[0];
    // on a short screen the metrics and then the log give up rows before the chart does: 9
    // each from 26 rows up, 7 and 6 on an 80×24 terminal
    let short = 26u16.saturating_sub(area.height);
    let metrics_h = 9 - short.min(2);
    let mut log_h = (9 + area.height.saturating_sub(40) / 3) - short.saturating_sub(2).min(5);
    if app.race().landscape() {
        // the neighbourhood panel takes the room of the second chart: eight rows stay for cost
        log_h = log_h.max(area.height.saturating_sub(metrics_h + 8));
    }
    let [head, chart_area, log_area] = Layout::vertical([
        Constraint::Length(metrics_h),
        Constraint::Min(6),
        Constraint::Length(log_h),
    ])
    .areas(area);
    panel::metrics(lang, f, head, app, pane, theme);
    if let Some(report) = &pane.report {
        chart::draw(
            f,
            chart_area,
            &report.history,
            &report.series,
            Scale::of([&report.history[..]]),
            !app.race().landscape(),
            (lang, theme),
        );
        if app.race().landscape() {
            landscape::landscape(lang, f, log_area, report, theme);
        } else {
            panel::log(lang, f, log_area, report, theme);
        }
    }
}

/// The focus layout (`f`): the grid as large as it goes, the cost chart beside it, and the
/// caption above; nothing else.
fn focus(lang: Lang, f: &mut Frame, area: Rect, app: &App) -> Option<GridPlace> {
    let theme = app.theme();
    let room = area.width.saturating_sub(30).min(area.width * 2 / 3);
    let layout = fit(app, room, area.height);
    let [left, right] =
        Layout::horizontal([Constraint::Length(layout.width() + 2), Constraint::Min(20)])
            .areas(area);
    let [grid_area, _] =
        Layout::vertical([Constraint::Length(layout.height() + 2), Constraint::Min(0)]).areas(left);
    let origin = grid_block(
        lang,
        f,
        grid_area,
        app,
        &app.race().panes()[0],
        &layout,
        (true, true),
    );
    if let Some(report) = &app.race().panes()[0].report {
        let scale = Scale::of([&report.history[..]]);
        chart::draw(f, right, &report.history, &[], scale, false, (lang, &theme));
    }
    Some((origin.0, origin.1, layout))
}

/// Where each race pane goes: two side by side, in two rows for three or four; all in one row
/// when two rows would leave a grid too little room or a chart fewer than
/// [`RACE_CHART_COMFORT`] rows, and the screen is wide enough for each pane's figures (a
/// projector's 1024x768, a laptop's short window).
fn race_cells(app: &App, area: Rect) -> Vec<Rect> {
    let n = app.race().panes().len();
    let cells = |per_row: usize| -> Vec<Rect> {
        let rows = n.div_ceil(per_row).max(1);
        Layout::vertical(vec![Constraint::Ratio(1, rows as u32); rows])
            .split(area)
            .iter()
            .flat_map(|row| {
                Layout::horizontal(vec![Constraint::Ratio(1, per_row as u32); per_row])
                    .split(*row)
                    .to_vec()
            })
            .take(n)
            .collect()
    };
    let two = cells(2);
    let room = smallest(&two);
    let cramped = |cell: &Rect| {
        let (layout, _, _, chart) = pane_areas(app, *cell, room);
        layout.height() + 2 > cell.height || chart.height < RACE_CHART_COMFORT
    };
    if n > 2 && area.width >= race_row_width(app, n) && two.iter().any(cramped) {
        return cells(n);
    }
    two
}

/// The columns and rows of the smallest of `cells`.
fn smallest(cells: &[Rect]) -> (u16, u16) {
    cells.iter().fold((u16::MAX, u16::MAX), |(w, h), c| {
        (w.min(c.width), h.min(c.height))
    })
}

/// A race pane in `cell`: its grid's layout, and where its grid, its figures and its chart go
/// (the figures and the chart below the grid, or beside it in a wide cell). The layout is the
/// one `room` (columns, rows) takes: the smallest cell's, so that every pane's grid is the same
/// size when the cells differ by a column.
fn pane_areas(app: &App, cell: Rect, room: (u16, u16)) -> (GridLayout, Rect, Rect, Rect) {
    let (w, h) = room;
    let mut below = fit(app, w, h.saturating_sub(RACE_BELOW_GRID));
    // a wide cell (two rows of panes on a wide screen) puts the figures and the chart
    // beside the grid rather than leave the columns right of it empty (or beside a grid a
    // little smaller, when under the grid the chart would show no course)
    let side = fit(app, w.saturating_sub(RACE_SIDE), h);
    let two_rows = app.race().panes().len() > 2;
    let chart_below = h.saturating_sub(below.height() + 2 + 2);
    let cramped = chart_below < RACE_CHART_COMFORT;
    if cramped && !two_rows {
        // one row of two (a lesson's comparison on a projector) keeps its grids wide, and
        // takes them a step smaller rather than leave each chart a row of dots
        below = fit(app, w, h.saturating_sub(2 + RACE_CHART_COMFORT));
    }
    let beside = ((side.width() + 4 >= below.width() || two_rows && cramped)
        && side.width() + 2 + RACE_SIDE <= w)
        .then_some(side);
    match beside {
        Some(layout) => {
            let [g, side] = Layout::horizontal([
                Constraint::Length(layout.width() + 2),
                Constraint::Min(RACE_SIDE),
            ])
            .areas(cell);
            let [g, _] =
                Layout::vertical([Constraint::Length(layout.height() + 2), Constraint::Min(0)])
                    .areas(g);
            let [m, c] = Layout::vertical([Constraint::Length(2), Constraint::Min(5)]).areas(side);
            (layout, g, m, c)
        }
        None => {
            let [g, m, c] = Layout::vertical([
                Constraint::Length(below.height() + 2),
                Constraint::Length(2),
                Constraint::Min(5),
            ])
            .areas(cell);
            let [g, _] =
                Layout::horizontal([Constraint::Length(below.width() + 2), Constraint::Min(0)])
                    .areas(g);
            (below, g, m, c)
        }
    }
}

fn race(lang: Lang, f: &mut Frame, area: Rect, app: &App) -> Option<GridPlace> {
    let theme = app.theme();
    let mut grid_at = None;
    let cells = race_cells(app, area);
    let room = smallest(&cells);
    // one scale for every chart: the panes search one puzzle, and their costs are counted alike
    let scale = Scale::of(
        app.race()
            .panes()
            .iter()
            .filter_map(|p| p.report.as_ref().map(|r| &r.history[..])),
    );
    for (i, pane) in app.race().panes().iter().enumerate() {
        let (layout, g, m, c) = pane_areas(app, cells[i], room);
        let o = grid_block(
            lang,
            f,
            g,
            app,
            pane,
            &layout,
            (i == app.race().focus(), true),
        );
        if i == app.race().focus() {
            grid_at = Some((o.0, o.1, layout));
        }
        if let Some(report) = &pane.report {
            panel::race_line(
                lang,
                f,
                m,
                report,
                panel::state_instead(lang, app, pane),
                &theme,
            );
            // `l` in a race: the focused pane's neighbourhood takes the place of its chart
            if app.race().landscape() && i == app.race().focus() {
                landscape::landscape(lang, f, c, report, &theme);
            } else {
                chart::draw(f, c, &report.history, &[], scale, false, (lang, &theme));
            }
        }
    }
    grid_at
}
