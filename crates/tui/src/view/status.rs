//! The status line: the state, the speed, the lesson's scene and the key reminders, as many as
//! the width allows in the language drawn.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use sudoscope_i18n::Lang;

use crate::app::App;
use crate::keys;

/// The state, the speed and key reminders; `? help` and `q quit` always show, the other
/// reminders as far as the width allows. Every language shows the reminders English shows at
/// this width: a language whose words are longer writes its speed shorter (`5/s`) to make room,
/// and drops a reminder only when even that does not fit.
pub(super) fn status_line(lang: Lang, f: &mut Frame, area: Rect, app: &App) {
    let theme = &app.theme();
    let said = app.status().map(|s| format!("{s}  ")).unwrap_or_default();
    let scene = app
        .scene_label(lang)
        .map(|s| format!("{s}  "))
        .unwrap_or_default();
    let speed = app.race().speed();
    let state = app.race().state_word();
    // the state and the speed as `lang` writes them: whole, short (`5/s`, `∞`), or the state
    // alone
    let bracket = |lang: Lang, short: u8| {
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
    };
    let width = |s: &str| Span::raw(s).width();
    let hint_width =
        |(k, what, _): &(String, String, keys::Action)| width(&format!("{k} {what}  "));
    let always = |a: &keys::Action| matches!(*a, keys::Action::Help | keys::Action::Quit);
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
