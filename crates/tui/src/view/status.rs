//! The status line: the state, the speed, the lesson's scene and the key reminders, as many as
//! the width allows in the language drawn.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use sudoscope_i18n::Lang;

use super::wrap;
use crate::app::App;
use crate::keys;

/// Most rows a message takes above the status line.
const MAX_MESSAGE_ROWS: usize = 3;

/// The rows the status line takes at `width` columns with `spare` rows to give: one, or, when
/// what the app says would cost the line a key reminder, the message's own rows above it (as
/// many as it wraps to, up to three, as far as `spare` allows).
pub(super) fn rows(lang: Lang, app: &App, width: u16, spare: u16) -> u16 {
    let Some(said) = app.status() else {
        return 1;
    };
    let w = |s: &str| Span::raw(s).width();
    let scene = app.scene_label(lang).map_or(0, |s| w(&s) + 2);
    let state = app.race().state_word();
    let hints: usize = keys::hints_in(lang)
        .map(|(k, what, _)| w(&format!("{k} {what}  ")))
        .sum();
    let line = w(&bracket(lang, app.race().speed(), state, 1)) + scene + hints;
    if w(said) + 2 + line <= width as usize {
        return 1;
    }
    let message = wrap::wrap(said, width as usize, 0)
        .len()
        .min(MAX_MESSAGE_ROWS);
    1 + (message as u16).min(spare)
}

/// The state and the speed as `lang` writes them: whole (`short` 0), short (1: `5/s`, `∞`), or
/// the state alone (2).
fn bracket(lang: Lang, speed: Option<f64>, state: &str, short: u8) -> String {
    let state = lang.text(&sudoscope_i18n::word_id("state", state), &[]);
    let speed = match (speed, short) {
        (_, 2..) => return format!("[{state}] "),
        (None, 1) => "∞".to_string(),
        (None, _) => lang.text("speed-unlimited", &[]),
        (Some(s), 1) => format!("{}/s", lang.localize(s.to_string())),
        (Some(s), _) => lang.text(
            "speed-steps",
            &[
                ("speed", lang.localize(s.to_string()).into()),
                (
                    "n",
                    sudoscope_i18n::Arg::Count(if s == 1.0 { 1 } else { 2 }),
                ),
            ],
        ),
    };
    format!("[{state}, {speed}] ")
}

fn always(a: &keys::Action) -> bool {
    matches!(*a, keys::Action::Help | keys::Action::Quit)
}

/// The state, the speed and key reminders; `? help` and `q quit` always show, the other
/// reminders as far as the width allows. Every language shows the reminders English shows at
/// this width: a language whose words are longer writes its speed shorter (`5/s`) to make room,
/// and drops a reminder only when even that does not fit. What the app says comes first on
/// the line, or, given more than one row ([`rows`]), on its own rows above it, word by word.
pub(super) fn status_line(lang: Lang, f: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme();
    let above = area.height > 1;
    let area = if above {
        let [message, line] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
        let lines: Vec<Line> = wrap::wrap(app.status().unwrap_or_default(), area.width as usize, 0)
            .into_iter()
            .take(message.height as usize)
            .map(|l| Line::styled(l, theme.key()))
            .collect();
        f.render_widget(Paragraph::new(lines), message);
        line
    } else {
        area
    };
    let said = app
        .status()
        .filter(|_| !above)
        .map(|s| format!("{s}  "))
        .unwrap_or_default();
    let scene = app
        .scene_label(lang)
        .map(|s| format!("{s}  "))
        .unwrap_or_default();
    let speed = app.race().speed();
    let state = app.race().state_word();
    let bracket = |lang: Lang, short: u8| bracket(lang, speed, state, short);
    let width = |s: &str| Span::raw(s).width();
    let hint_width =
        |(k, what, _): &(String, String, keys::Action)| width(&format!("{k} {what}  "));
    // the reminders in English and in the language spoken, each read from its catalog once
    let english: Vec<_> = keys::hints_in(Lang::En).collect();
    let ours: Vec<_> = keys::hints_in(lang).collect();
    // how many of the other reminders of `all` fit after `lead` (`None`: not even `? help` and
    // `q quit` do)
    let fitting = |all: &[(String, String, keys::Action)], lead: usize| {
        let tail: usize = all.iter().filter(|h| always(&h.2)).map(hint_width).sum();
        let room = (area.width as usize).checked_sub(width(&said) + lead + width(&scene) + tail)?;
        let mut used = 0;
        Some(
            all.iter()
                .filter(|h| !always(&h.2))
                .take_while(|h| {
                    used += hint_width(h);
                    used <= room
                })
                .count(),
        )
    };
    let wanted = fitting(&english, width(&bracket(Lang::En, 0))).unwrap_or(0);
    let lead = (0..3)
        .map(|short| bracket(lang, short))
        .find(|lead| fitting(&ours, width(lead)).is_some_and(|n| n >= wanted))
        .unwrap_or_else(|| bracket(lang, 2));
    let shown = fitting(&ours, width(&lead)).unwrap_or(0);
    let mut spans = Vec::new();
    if !said.is_empty() {
        spans.push(Span::styled(said, theme.key()));
    }
    spans.push(Span::styled(lead, theme.title()));
    if !scene.is_empty() {
        spans.push(Span::styled(scene, theme.title()));
    }
    let hint = |(k, what, _): (String, String, keys::Action)| {
        [
            Span::styled(k, theme.key()),
            Span::raw(format!(" {what}  ")),
        ]
    };
    let (tail, rest): (Vec<_>, Vec<_>) = ours.into_iter().partition(|h| always(&h.2));
    spans.extend(rest.into_iter().take(shown).flat_map(hint));
    spans.extend(tail.into_iter().flat_map(hint));
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}
