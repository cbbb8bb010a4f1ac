//! What opens over the main screen and takes the keys while open: help, the pickers, the
//! parameter editor, the puzzle prompt and the command line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::search::params::fmt_num;
use crate::search::{ALGORITHMS, Preset};
use crate::tui::app::Pane;
use crate::tui::keys::{BINDINGS, keys_label};
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
    let mut lines: Vec<Line> = BINDINGS
        .iter()
        .map(|b| {
            Line::from(vec![
                Span::styled(format!("{:>10}  ", keys_label(b)), theme.key()),
                Span::raw(b.help),
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
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    boxed(
        f,
        centered(area, width, lines.len() as u16 + 2),
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
