//! What opens over the main screen and takes the keys while open: help, the pickers, the
//! parameter editor, the puzzle prompt and the command line.

use ratatui::Frame;

use crate::words;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::app::Pane;
use crate::front::Front;
use crate::keys::{BINDINGS, keys_label};
use crate::theme::Theme;
use sudoscope_core::search::{ALGORITHMS, Preset};
use sudoscope_i18n::Lang;

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

/// The rows `lines` take in a box `width` wide as they wrap, its borders, and a row for words
/// that wrap early.
fn box_rows(lines: &[Line], width: u16) -> u16 {
    let inside = usize::from(width.saturating_sub(2).max(1));
    let rows: usize = lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(inside))
        .sum();
    (rows.min(usize::from(u16::MAX)) as u16).saturating_add(3)
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
pub fn help(lang: Lang, front: Front, f: &mut Frame, area: Rect, scroll: usize, theme: &Theme) {
    // each row, and where its description starts
    let rows: Vec<(String, usize)> = BINDINGS
        .iter()
        .map(|b| {
            let keys = format!("{:>10}  ", keys_label(lang, b));
            let at = keys.chars().count();
            (format!("{keys}{}", b.help(lang, front)), at)
        })
        .collect();
    // as wide as the longest line, or the screen; a longer line wraps under its description
    let natural = rows
        .iter()
        .map(|(r, _)| r.chars().count())
        .max()
        .unwrap_or(0);
    let inner = natural.min(area.width.saturating_sub(4) as usize).max(1);
    let mut lines: Vec<Line> = Vec::new();
    for (row, keys) in &rows {
        for (i, part) in super::wrap::wrap(row, inner, HELP_INDENT)
            .into_iter()
            .enumerate()
        {
            lines.push(if i == 0 {
                // the keys in their colour, then the description
                let at = part
                    .char_indices()
                    .nth(*keys)
                    .map_or(part.len(), |(i, _)| i);
                Line::from(vec![
                    Span::styled(part[..at].to_string(), theme.key()),
                    Span::raw(part[at..].to_string()),
                ])
            } else {
                Line::raw(part)
            });
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::styled(tr!(lang, "help-mouse"), theme.dim()));
    lines.push(Line::styled(tr!(lang, "help-grid"), theme.dim()));
    lines.push(Line::styled(tr!(lang, "help-close"), theme.dim()));
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
        .title(format!(" {} ", tr!(lang, "help-title")))
        .border_style(theme.title())
        .style(theme.base());
    if rows > shown {
        block = block.title_bottom(Line::styled(
            format!(
                " {} ",
                tr!(
                    lang,
                    "help-scroll",
                    first = scroll + 1,
                    last = (scroll + shown).min(rows),
                    rows = rows
                )
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

/// Where a help line's description starts: past the keys' column.
const HELP_INDENT: usize = 12;

/// The command line that gives the view (and on the page its address), and where `a`
/// appended it as a scene.
pub fn command(
    lang: Lang,
    front: Front,
    f: &mut Frame,
    area: Rect,
    (cmd, address): (&str, Option<&str>),
    appended: Option<&str>,
    theme: &Theme,
) {
    let mut lines = Vec::new();
    if let Some(address) = address {
        lines.extend([
            Line::from(tr!(lang, "command-address-intro")),
            Line::from(""),
            Line::styled(address.to_string(), theme.key()),
            Line::from(""),
        ]);
    }
    lines.extend([
        Line::from(front.text(lang, "command-intro", &[])),
        Line::from(""),
        Line::styled(cmd.to_string(), theme.key()),
        Line::from(""),
    ]);
    match appended {
        Some(where_) => lines.push(Line::styled(where_.to_string(), theme.good())),
        None => lines.push(Line::styled(
            front.text(lang, "command-keys", &[]),
            theme.dim(),
        )),
    }
    let width = area.width.saturating_sub(4).min(120);
    let height = box_rows(&lines, width).min(area.height);
    boxed(
        f,
        centered(area, width, height),
        &tr!(lang, "command-title"),
        lines,
        theme,
    );
}

/// What `y` says in a view of a student's runs sent to the class board: no command line opens
/// them elsewhere, and where the student sees them.
pub fn followed(lang: Lang, f: &mut Frame, area: Rect, name: &str, theme: &Theme) {
    let text = tr!(lang, "command-pushed", name = name.to_string());
    let lines = vec![
        Line::from(text.clone()),
        Line::from(""),
        Line::styled(tr!(lang, "command-pushed-keys"), theme.dim()),
    ];
    let width = area.width.saturating_sub(4).min(90);
    let height =
        (text.chars().count() as u16 / width.saturating_sub(4).max(1) + 6).min(area.height);
    boxed(
        f,
        centered(area, width, height),
        &tr!(lang, "command-title"),
        lines,
        theme,
    );
}

/// The algorithm picker: one row per algorithm (its name as `--algo` takes it and as the
/// class's language says it), the selected one's whole description below, scrolling to keep
/// the selection in view. Every line is whole: what is longer than the dialog goes on over
/// more lines.
pub fn algorithms(
    lang: Lang,
    f: &mut Frame,
    area: Rect,
    index: usize,
    preset: Preset,
    adding: bool,
    theme: &Theme,
) {
    let width = area.width.saturating_sub(4).min(110);
    let inner = width.saturating_sub(2) as usize;
    let keys = tr!(
        lang,
        "picker-keys",
        preset = lang.word("preset", &preset.to_string()),
        enter = if adding {
            tr!(lang, "picker-enter-race")
        } else {
            tr!(lang, "picker-enter-switch")
        }
    );
    let mut lines = wrapped(&keys, inner, theme.dim());
    let about = words::or(
        lang,
        "about",
        ALGORITHMS[index].name,
        ALGORITHMS[index].about,
    );
    let below = wrapped(&about, inner, theme.title());
    // the border, the header and the description take the rest of the rows
    let spare = area.height.saturating_sub(2) as usize;
    let rows = spare
        .saturating_sub(lines.len() + below.len() + 1)
        .clamp(1, ALGORITHMS.len());
    let first = scroll_offset(index, ALGORITHMS.len(), rows);
    for (i, a) in ALGORITHMS.iter().enumerate().skip(first).take(rows) {
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        // the name to type, and the language's own name where it is another (not
        // "steepest  steepest" in English)
        let own = lang.word("algo", a.name);
        let own = if own == a.name { String::new() } else { own };
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<11}", a.name), style),
            Span::styled(fit(&format!(" {own}"), inner - 12), theme.dim()),
        ]));
    }
    let more = if first + rows < ALGORITHMS.len() {
        format!("↓ {}", tr!(lang, "picker-more"))
    } else {
        String::new()
    };
    lines.push(Line::styled(more, theme.dim()));
    lines.extend(below);
    let title = if adding {
        tr!(lang, "picker-title-race")
    } else {
        tr!(lang, "picker-title-switch")
    };
    boxed(
        f,
        centered(area, width, lines.len() as u16 + 2),
        &title,
        lines,
        theme,
    );
}

/// `text` over as many lines of `width` as it needs, in `style`.
fn wrapped(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    super::wrap::wrap(text, width, 0)
        .into_iter()
        .map(|l| Line::styled(l, style))
        .collect()
}

/// The parameter editor: one row per parameter (its name and value), scrolling with the
/// selection, the selected one's meaning and range whole below.
pub fn parameters(
    f: &mut Frame,
    area: Rect,
    pane: &Pane,
    index: usize,
    editing: Option<&str>,
    error: Option<&str>,
    (lang, theme): (Lang, &Theme),
) {
    let width = area.width.saturating_sub(4).min(110);
    let inner = width.saturating_sub(2) as usize;
    let specs = pane.run.method.params.specs();
    let mut lines = wrapped(&tr!(lang, "params-keys"), inner, theme.dim());
    let mut below = Vec::new();
    if let Some(s) = specs.get(index) {
        let meaning = format!(
            "{}: {} [{}]",
            s.name,
            words::param_meaning(lang, &pane.run.method, s.name, s.meaning),
            words::valid(lang, &s.valid())
        );
        below = wrapped(&meaning, inner, theme.title());
    }
    if let Some(e) = error {
        below.extend(wrapped(e, inner, theme.error()));
    }
    let spare = area.height.saturating_sub(2) as usize;
    let rows = spare
        .saturating_sub(lines.len() + below.len())
        .clamp(1, specs.len().max(1));
    let first = scroll_offset(index, specs.len(), rows);
    for (i, s) in specs.iter().enumerate().skip(first).take(rows) {
        let value = match editing {
            Some(text) if i == index => format!("{text}▏"),
            _ => lang.localize(pane.run.method.params.show(s.name)),
        };
        let style = if i == index {
            theme.selected()
        } else {
            theme.free()
        };
        lines.push(Line::styled(
            format!(" {:<15} {:>12} ", s.name, value),
            style,
        ));
    }
    lines.extend(below);
    boxed(
        f,
        centered(area, width, lines.len() as u16 + 2),
        &tr!(
            lang,
            "params-title",
            method = super::panel::pane_label(lang, pane)
        ),
        lines,
        theme,
    );
}

/// The puzzle opener: what was typed, and why the last reference was refused.
pub fn puzzle(
    lang: Lang,
    front: Front,
    f: &mut Frame,
    area: Rect,
    input: &str,
    error: Option<&str>,
    theme: &Theme,
) {
    let mut lines = vec![
        Line::styled(front.text(lang, "opener-what", &[]), theme.dim()),
        Line::from(vec![
            Span::styled("> ", theme.key()),
            Span::raw(format!("{input}▏")),
        ]),
    ];
    if let Some(e) = error {
        lines.push(Line::styled(e.to_string(), theme.error()));
    }
    lines.push(Line::styled(
        front.text(lang, "opener-keys", &[]),
        theme.dim(),
    ));
    // as tall as its lines wrap to: a long answer (every set's name) is read whole on a phone
    let height = box_rows(&lines, 100.min(area.width)).max(8);
    boxed(
        f,
        centered(area, 100, height),
        &tr!(lang, "opener-title"),
        lines,
        theme,
    );
}

/// The scene's speaker notes in a box along the bottom of the screen (`N`), on the lecturer's
/// own screen only.
pub fn notes(lang: Lang, f: &mut Frame, app: &crate::App) {
    let theme = &app.theme();
    let area = f.area();
    let text = app.notes(lang).unwrap_or_else(|| tr!(lang, "notes-none"));
    let width = area.width.saturating_sub(2).max(1);
    let inner = width.saturating_sub(2).max(1) as usize;
    let rows = text
        .lines()
        .map(|l| l.chars().count().max(1).div_ceil(inner))
        .sum::<usize>() as u16;
    let height = (rows + 2).min(area.height.saturating_sub(2)).max(3);
    let rect = Rect::new(1, area.height.saturating_sub(height + 1), width, height);
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .style(theme.base())
            .block(
                Block::bordered()
                    .title(format!(" {} ", tr!(lang, "notes-title")))
                    .border_style(theme.key())
                    .style(theme.base()),
            ),
        rect,
    );
}
