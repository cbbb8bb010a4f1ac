//! What opens over the main screen: help, pickers, the command line, the experiment view.

use std::sync::atomic::Ordering;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Clear, Gauge, Paragraph, Row, Table, Wrap};

use crate::engine::stats::wilson;
use crate::search::params::fmt_num;
use crate::search::{ALGORITHMS, Preset};
use crate::tui::app::{App, Pane};
use crate::tui::input::KEYS;
use crate::tui::theme::Theme;

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

fn boxed(f: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, theme: &Theme) {
    f.render_widget(Clear, area);
    let block = Block::bordered()
        .title(format!(" {title} "))
        .border_style(theme.title());
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

pub fn help(f: &mut Frame, area: Rect, theme: &Theme) {
    let mut lines: Vec<Line> = KEYS
        .iter()
        .map(|(k, _, what)| {
            Line::from(vec![
                Span::styled(format!("{k:>10}  "), theme.key()),
                Span::raw(*what),
            ])
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::styled(
        "mouse: click a cell to see its candidates and conflicts",
        theme.dim(),
    ));
    lines.push(Line::styled(
        "grid: givens bold, conflicts underlined, last change reversed",
        theme.dim(),
    ));
    lines.push(Line::styled("any key closes this help", theme.dim()));
    boxed(
        f,
        centered(area, 72, lines.len() as u16 + 2),
        "keys",
        lines,
        theme,
    );
}

pub fn command(f: &mut Frame, area: Rect, cmd: &str, theme: &Theme) {
    let lines = vec![
        Line::from(
            "this command opens the same view (puzzle, algorithm, preset, parameters, seed):",
        ),
        Line::from(""),
        Line::styled(cmd.to_string(), theme.key()),
        Line::from(""),
        Line::styled("any key closes", theme.dim()),
    ];
    boxed(
        f,
        centered(area, area.width.saturating_sub(4).min(120), 9),
        "command line",
        lines,
        theme,
    );
}

pub fn algorithms(
    f: &mut Frame,
    area: Rect,
    index: usize,
    preset: Preset,
    adding: bool,
    theme: &Theme,
) {
    let mut lines = vec![Line::styled(
        format!(
            "preset: {preset}   (p or ←/→ toggles; enter {}; esc cancels)",
            if adding {
                "adds to the race"
            } else {
                "continues from the board"
            }
        ),
        theme.dim(),
    )];
    for (i, a) in ALGORITHMS.iter().enumerate() {
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<11}", a.name), style),
            Span::styled(format!(" {}", a.about), theme.dim()),
        ]));
    }
    let title = if adding {
        "add to the race"
    } else {
        "switch algorithm"
    };
    boxed(
        f,
        centered(area, 110, lines.len() as u16 + 2),
        title,
        lines,
        theme,
    );
}

pub fn parameters(
    f: &mut Frame,
    area: Rect,
    pane: &Pane,
    index: usize,
    editing: Option<&str>,
    error: Option<&str>,
    theme: &Theme,
) {
    let mut lines = vec![Line::styled(
        "↑/↓ choose · enter edit · enter again applies (from the board) · esc",
        theme.dim(),
    )];
    for (i, s) in pane.params.specs().iter().enumerate() {
        let value = match editing {
            Some(text) if i == index => format!("{text}▏"),
            _ => fmt_num(pane.params.get(s.name)),
        };
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<15} {:>12} ", s.name, value), style),
            Span::styled(format!(" [{}] {}", s.range_text(), s.meaning), theme.dim()),
        ]));
    }
    if let Some(e) = error {
        lines.push(Line::styled(e.to_string(), theme.error()));
    }
    boxed(
        f,
        centered(area, 110, lines.len() as u16 + 3),
        &format!("parameters of {} ({})", pane.algo.name, pane.preset),
        lines,
        theme,
    );
}

pub fn puzzle(f: &mut Frame, area: Rect, input: &str, error: Option<&str>, theme: &Theme) {
    let mut lines = vec![
        Line::styled(
            "a built-in name (sudoku_7), set:N (top95:12), a file (path or path:N) or a puzzle string",
            theme.dim(),
        ),
        Line::from(vec![
            Span::styled("> ", theme.key()),
            Span::raw(format!("{input}▏")),
        ]),
    ];
    if let Some(e) = error {
        lines.push(Line::styled(e.to_string(), theme.error()));
    }
    lines.push(Line::styled(
        "enter opens · esc cancels · `sudoscope puzzles` lists the sets",
        theme.dim(),
    ));
    boxed(f, centered(area, 100, 8), "open a puzzle", lines, theme);
}

/// Live experiment: progress, the success table and a bar chart of success rates.
pub fn experiment(f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let Some(x) = &app.experiment else { return };
    let done = x.records.len();
    let [head, table_area, bars_area] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(x.arms.len() as u16 + 3),
        Constraint::Min(6),
    ])
    .areas(area);
    let stopped = x.progress.stop.load(Ordering::SeqCst);
    let label = format!(
        "{done} / {} runs on {}{}",
        x.total,
        app.puzzle.name,
        if stopped {
            " (stopped)"
        } else if done == x.total {
            " (done)"
        } else {
            ""
        }
    );
    f.render_widget(
        Gauge::default()
            .block(
                Block::bordered()
                    .title(" experiment: 100 restarts each on all cores · x stops · esc closes ")
                    .border_style(theme.title()),
            )
            .gauge_style(theme.good())
            .ratio(done as f64 / x.total.max(1) as f64)
            .label(label),
        head,
    );
    let mut rows = Vec::new();
    let mut bars = Vec::new();
    for label in &x.arms {
        let mine: Vec<_> = x
            .records
            .iter()
            .filter(|r| &format!("{} ({})", r.algorithm, r.preset) == label)
            .collect();
        let k = mine.iter().filter(|r| r.solved).count();
        let n = mine.len();
        let (lo, hi) = wilson(k, n);
        let rate = if n > 0 {
            100.0 * k as f64 / n as f64
        } else {
            0.0
        };
        let mut times: Vec<f64> = mine
            .iter()
            .filter(|r| r.solved)
            .map(|r| r.seconds)
            .collect();
        times.sort_by(f64::total_cmp);
        let med = times
            .get(times.len() / 2)
            .map_or("-".into(), |t| format!("{:.1} ms", t * 1e3));
        rows.push(Row::new(vec![
            label.clone(),
            format!("{n}"),
            format!("{k}"),
            format!("{rate:.1}%"),
            format!("[{:.1}%, {:.1}%]", 100.0 * lo, 100.0 * hi),
            med,
        ]));
        bars.push(
            Bar::default()
                .value(rate.round() as u64)
                .label(label.clone())
                .text_value(format!("{rate:.0}%")),
        );
    }
    let table = Table::new(
        rows,
        [
            Constraint::Length(24),
            Constraint::Length(6),
            Constraint::Length(7),
            Constraint::Length(8),
            Constraint::Length(18),
            Constraint::Length(14),
        ],
    )
    .header(
        Row::new(vec![
            "algorithm",
            "runs",
            "solved",
            "rate",
            "95% interval",
            "median solve",
        ])
        .style(theme.title()),
    )
    .block(Block::bordered().border_style(theme.border()));
    f.render_widget(table, table_area);
    let chart = BarChart::default()
        .block(
            Block::bordered()
                .title(" success rate (%) ")
                .border_style(theme.border()),
        )
        .data(BarGroup::default().bars(&bars))
        .bar_width(((bars_area.width.saturating_sub(4)) / bars.len().max(1) as u16).clamp(3, 24))
        .bar_gap(2)
        .max(100)
        .bar_style(theme.series(1));
    f.render_widget(chart, bars_area);
}
