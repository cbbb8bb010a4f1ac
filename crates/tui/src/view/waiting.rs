//! A trace source on screen before its first run: what the screen waits for and for how long
//! (or why nothing will come), and the command's error output as it comes, newest first; and
//! the same error output over the screen later (`E`).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::app::watching::Watching;
use crate::theme::Theme;
use sudoscope_core::engine::trace::feed::SourceSpec;
use sudoscope_i18n::Lang;

/// The waiting view in `area`.
pub fn draw(lang: Lang, f: &mut Frame, area: Rect, w: &Watching, theme: &Theme) {
    let source = w.source();
    let what = source.spec().what();
    let seconds = w.since().elapsed().as_secs() as i64;
    let headline = match w.failure() {
        Some(failure) => Line::styled(failure.why, theme.error()),
        None => Line::from(match source.spec() {
            SourceSpec::Command(_) => tr!(
                lang,
                "watch-waiting-command",
                what = what.clone(),
                seconds = seconds
            ),
            SourceSpec::File { .. } => {
                tr!(
                    lang,
                    "watch-waiting-file",
                    what = what.clone(),
                    seconds = seconds
                )
            }
            SourceSpec::Stdin => tr!(lang, "watch-waiting-input", seconds = seconds),
            SourceSpec::Pushed(_) => {
                tr!(
                    lang,
                    "watch-waiting-board",
                    what = what.clone(),
                    seconds = seconds
                )
            }
        }),
    };
    let block = Block::bordered()
        .title(format!(" {} ", tr!(lang, "watch-waiting-title")))
        .border_style(theme.title())
        .style(theme.base());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let [top, rest, keys] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    let mut head = vec![headline];
    if let Some(signal) = w.stopped() {
        head.push(Line::styled(
            super::panel::stopped_words(lang, signal),
            theme.error(),
        ));
    }
    f.render_widget(Paragraph::new(head).wrap(Wrap { trim: false }), top);
    if w.has_errors() {
        errors_in(
            lang,
            f,
            rest,
            w,
            w.scroll,
            &tr!(lang, "watch-errors"),
            theme,
        );
    }
    f.render_widget(
        Paragraph::new(Line::styled(tr!(lang, "watch-waiting-keys"), theme.dim())),
        keys,
    );
}

/// The error output over the screen (`E`), scrolled `scroll` lines.
pub fn overlay(lang: Lang, f: &mut Frame, area: Rect, w: &Watching, scroll: usize, theme: &Theme) {
    let rect = Rect {
        x: area.x + area.width / 12,
        y: area.y + area.height / 8,
        width: area.width - area.width / 6,
        height: area.height - area.height / 4,
    };
    f.render_widget(Clear, rect);
    let title = tr!(lang, "watch-errors-title", what = w.source().spec().what());
    let block = Block::bordered()
        .title(format!(" {title} "))
        .border_style(theme.title())
        .style(theme.base());
    let inner = block.inner(rect);
    f.render_widget(block, rect);
    errors_in(lang, f, inner, w, scroll, "", theme);
}

/// The error output, newest first, each line whole (wrapped, never cut), from line `scroll`.
fn errors_in(
    lang: Lang,
    f: &mut Frame,
    area: Rect,
    w: &Watching,
    scroll: usize,
    title: &str,
    theme: &Theme,
) {
    let errors = w.errors_newest_first();
    let mut lines = Vec::new();
    if !title.is_empty() {
        lines.push(Line::styled(title.to_string(), theme.title()));
    }
    if errors.is_empty() {
        lines.push(Line::styled(tr!(lang, "watch-errors-none"), theme.dim()));
    }
    let skip = scroll.min(errors.len().saturating_sub(1));
    for (i, e) in errors.into_iter().skip(skip).enumerate() {
        let style = if i == 0 && skip == 0 {
            theme.error()
        } else {
            theme.base()
        };
        lines.push(Line::styled(e, style));
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}
