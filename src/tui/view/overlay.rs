//! What opens over the main screen and takes the keys while open: help, the pickers, the
//! parameter editor, the puzzle prompt and the command line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

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
        .border_style(theme.title())
        .style(theme.base());
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The first row to show of a list of `len` rows in `rows` lines, so that `selected` is
/// visible: a picker scrolls with its selection.
pub fn scroll_offset(selected: usize, len: usize, rows: usize) -> usize {
    if len <= rows || rows == 0 {
        0
    } else {
        selected.saturating_sub(rows / 2).min(len - rows)
    }
}

/// `text` cut to `width` characters with an ellipsis: a picker's rows never wrap.
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(width.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// Every key with what it does, scrolled `scroll` rows down when the screen is too short for
/// all of them (the bottom border says how to scroll).
pub fn help(f: &mut Frame, area: Rect, scroll: usize, theme: &Theme) {
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
    lines.push(Line::styled("any other key closes this help", theme.dim()));
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let rect = centered(area, width, lines.len() as u16 + 2);
    // rows the text takes at this width (long lines wrap), against the rows there are
    let inner_w = rect.width.saturating_sub(2).max(1) as usize;
    let rows: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inner_w))
        .sum();
    let shown = rect.height.saturating_sub(2) as usize;
    let scroll = scroll.min(rows.saturating_sub(shown));
    f.render_widget(Clear, rect);
    let mut block = Block::bordered()
        .title(" keys ")
        .border_style(theme.title())
        .style(theme.base());
    if rows > shown {
        block = block.title_bottom(Line::styled(
            format!(
                " ↑↓ PgUp PgDn scroll · rows {}–{} of {rows} ",
                scroll + 1,
                (scroll + shown).min(rows)
            ),
            theme.key(),
        ));
    }
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll as u16, 0)),
        rect,
    );
}

/// The command line that gives the view, and where `a` appended it as a scene.
pub fn command(f: &mut Frame, area: Rect, cmd: &str, appended: Option<&str>, theme: &Theme) {
    let mut lines = vec![
        Line::from(
            "this command opens the same view (puzzle, algorithm, preset, parameters, seed, the board it continued from):",
        ),
        Line::from(""),
        Line::styled(cmd.to_string(), theme.key()),
        Line::from(""),
    ];
    match appended {
        Some(where_) => lines.push(Line::styled(where_.to_string(), theme.good())),
        None => lines.push(Line::styled(
            "copied to the clipboard (OSC 52) · w writes it to a file · a appends it as a lesson scene · any other key closes",
            theme.dim(),
        )),
    }
    let width = area.width.saturating_sub(4).min(120);
    let height = (cmd.chars().count() as u16 / width.saturating_sub(2).max(1) + 8).min(area.height);
    boxed(
        f,
        centered(area, width, height),
        "command line",
        lines,
        theme,
    );
}

/// The algorithm picker: one row per algorithm (its description cut to fit), the selected
/// one's whole description below, scrolling to keep the selection in view.
pub fn algorithms(
    f: &mut Frame,
    area: Rect,
    index: usize,
    preset: Preset,
    adding: bool,
    theme: &Theme,
) {
    let width = area.width.saturating_sub(4).min(110);
    let inner = width.saturating_sub(2) as usize;
    let mut lines = vec![Line::styled(
        fit(
            &format!(
                "preset {preset} (←/→ or tab toggles) · type a name's first letters · enter {} · esc cancels",
                if adding {
                    "adds to the race"
                } else {
                    "continues from the board"
                }
            ),
            inner,
        ),
        theme.dim(),
    )];
    // header, the selection's description, and the border take four rows
    let rows = (area.height.saturating_sub(6) as usize).clamp(1, ALGORITHMS.len());
    let first = scroll_offset(index, ALGORITHMS.len(), rows);
    for (i, a) in ALGORITHMS.iter().enumerate().skip(first).take(rows) {
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<11}", a.name), style),
            Span::styled(
                fit(&format!(" {}", a.about), inner.saturating_sub(12)),
                theme.dim(),
            ),
        ]));
    }
    lines.push(Line::styled(
        fit(
            &format!(
                "{}{}",
                if first + rows < ALGORITHMS.len() {
                    "↓ more · "
                } else {
                    ""
                },
                ALGORITHMS[index].about
            ),
            inner,
        ),
        theme.title(),
    ));
    let title = if adding {
        "add to the race"
    } else {
        "switch algorithm"
    };
    boxed(
        f,
        centered(area, width, lines.len() as u16 + 2),
        title,
        lines,
        theme,
    );
}

/// The parameter editor: one row per parameter (cut to fit), scrolling with the selection, the
/// selected one's range and meaning in full below.
pub fn parameters(
    f: &mut Frame,
    area: Rect,
    pane: &Pane,
    index: usize,
    editing: Option<&str>,
    error: Option<&str>,
    theme: &Theme,
) {
    let width = area.width.saturating_sub(4).min(110);
    let inner = width.saturating_sub(2) as usize;
    let specs = pane.method.params.specs();
    let mut lines = vec![Line::styled(
        fit(
            "↑/↓ or type a name · enter edits · enter again applies (from the board) · esc",
            inner,
        ),
        theme.dim(),
    )];
    let rows = (area.height.saturating_sub(7) as usize).clamp(1, specs.len().max(1));
    let first = scroll_offset(index, specs.len(), rows);
    for (i, s) in specs.iter().enumerate().skip(first).take(rows) {
        let value = match editing {
            Some(text) if i == index => format!("{text}▏"),
            _ => pane.method.params.show(s.name),
        };
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<15} {:>12} ", s.name, value), style),
            Span::styled(
                fit(&format!(" {}", s.meaning), inner.saturating_sub(30)),
                theme.dim(),
            ),
        ]));
    }
    if let Some(s) = specs.get(index) {
        lines.push(Line::styled(
            fit(
                &format!("{}: {} [{}]", s.name, s.meaning, s.range_text()),
                inner,
            ),
            theme.title(),
        ));
    }
    if let Some(e) = error {
        lines.push(Line::styled(fit(e, inner), theme.error()));
    }
    boxed(
        f,
        centered(area, width, lines.len() as u16 + 2),
        &format!("parameters of {}", pane.label()),
        lines,
        theme,
    );
}

/// The puzzle opener: what was typed, and why the last reference was refused.
pub fn puzzle(f: &mut Frame, area: Rect, input: &str, error: Option<&str>, theme: &Theme) {
    let mut lines = vec![
        Line::styled(
            "a name (sudoku_7), set:N (top95:12), a file (path or path:N), a puzzle string, or a new one: generate:hard",
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
