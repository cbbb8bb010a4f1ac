//! The side panels: algorithm and parameters, live metrics, the step log, the selected cell,
//! the legend under the grid (the panel that shows why a search is stuck is landscape.rs).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::grid::{CandidateView, candidates};
use crate::app::{App, Pane};
use crate::step_log::cell;
use crate::theme::Theme;
use crate::words;
use ratatui::style::Style;
use sudoscope_core::board::cost::conflicts;
use sudoscope_core::board::grid::symbol;
use sudoscope_core::engine::runner::Report;
use sudoscope_i18n::Lang;

/// A series' values: each one when they are few, else each value with how many times it
/// comes, from the lowest (`3×2 4×10 5×38`), so that a population of hundreds takes a line or
/// two.
fn series_text(lang: Lang, values: &[f64]) -> String {
    if values.len() <= 24 {
        return values
            .iter()
            .map(|x| words::figure(lang, *x))
            .collect::<Vec<_>>()
            .join(" ");
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        // the same value by its bits' order, so that a run of not-a-numbers is one run too
        let j = i + sorted[i..]
            .iter()
            .take_while(|&&x| x.total_cmp(&sorted[i]).is_eq())
            .count();
        out.push(format!("{}×{}", words::figure(lang, sorted[i]), j - i));
        i = j;
    }
    out.join(" ")
}

fn rate(lang: Lang, sps: f64) -> String {
    lang.localize(match sps {
        s if s >= 1e6 => format!("{:.1}M/s", s / 1e6),
        s if s >= 1e3 => format!("{:.1}k/s", s / 1e3),
        s => format!("{s:.0}/s"),
    })
}

/// A pane's algorithm as the screen names it.
pub fn pane_label(lang: Lang, pane: &Pane) -> String {
    match pane.watched() {
        Some(f) => format!(
            "{} ({})",
            words::algorithm(lang, &f.header.algorithm),
            tr!(lang, "pane-trace")
        ),
        None => words::method(lang, &pane.run.method),
    }
}

/// A search's state word, coloured: solved, another ending, running or paused; or what a
/// watched trace's source says instead (`instead`: stopped, cut short).
fn state_span(
    lang: Lang,
    fr: &Report,
    instead: Option<String>,
    theme: &Theme,
    running: Style,
) -> Span<'static> {
    if let Some(words) = instead {
        return Span::styled(words, theme.error());
    }
    match fr.snapshot.ended {
        Some(o) => Span::styled(
            words::ending(lang, o.word()),
            if o == sudoscope_core::search::Outcome::Solved {
                theme.good()
            } else {
                theme.error()
            },
        ),
        None if fr.running => Span::styled(words::state(lang, "running"), running),
        None => Span::styled(words::state(lang, "paused"), theme.key()),
    }
}

/// "stopped (SIGSTOP): it runs on after SIGCONT".
pub fn stopped_words(lang: Lang, signal: i32) -> String {
    let name = sudoscope_core::engine::trace::child::signal_name(signal)
        .map_or_else(|| format!("signal {signal}"), str::to_string);
    tr!(lang, "state-stopped", signal = name)
}

/// What a pane showing a trace says instead of its state word: that its command is stopped,
/// while the trace runs.
pub fn state_instead(lang: Lang, app: &App, pane: &Pane) -> Option<String> {
    pane.watched()?;
    if pane.report.as_ref()?.snapshot.ended.is_some() {
        return None;
    }
    app.watching()?.stopped().map(|s| stopped_words(lang, s))
}

/// "step 12  cost 4  best 3" as the catalog's message `id` words it.
fn step_cost_best(lang: Lang, id: &str, s: &sudoscope_core::search::Snapshot) -> String {
    lang.text(
        id,
        &[
            ("steps", s.steps.into()),
            ("cost", s.cost.into()),
            ("best", s.best_cost.into()),
        ],
    )
}

/// A search's figures: `temperature 0,13 · acceptance 0,9`.
fn figures(lang: Lang, s: &sudoscope_core::search::Snapshot, most: usize) -> String {
    s.metrics
        .iter()
        .take(most)
        .map(|m| {
            format!(
                "{} {}",
                words::metric(lang, m.name),
                words::figure(lang, m.value)
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The focused pane's algorithm, parameters and live figures.
pub fn metrics(lang: Lang, f: &mut Frame, area: Rect, app: &App, pane: &Pane, theme: &Theme) {
    let mut lines = Vec::new();
    let (params, seed) = pane.shown_settings();
    let label = pane_label(lang, pane);
    let seed = seed.map(|s| tr!(lang, "panel-seed", seed = s));
    // "seed 1" beside the name when both fit the row, else on a row of its own: wrapped, the
    // number could be left alone on the next row
    let inner = usize::from(area.width.saturating_sub(2));
    match seed {
        Some(seed) if Span::raw(format!("{label}  {seed}")).width() > inner => {
            lines.push(Line::styled(label, theme.title()));
            lines.push(Line::styled(seed, theme.dim()));
        }
        seed => lines.push(Line::from(vec![
            Span::styled(label, theme.title()),
            Span::styled(
                seed.map_or(String::new(), |s| format!("  {s}")),
                theme.dim(),
            ),
        ])),
    }
    lines.push(Line::styled(
        if params.is_empty() {
            tr!(lang, "panel-no-parameters")
        } else {
            params.join(" ")
        },
        theme.dim(),
    ));
    if let Some(note) = app.race().puzzle_note() {
        lines.push(Line::styled(note.words(lang), theme.error()));
    }
    if let Some(note) = pane
        .report
        .as_ref()
        .and_then(|r| solved_before_moving(lang, r))
    {
        lines.push(Line::styled(note, theme.key()));
    }
    if let Some(fr) = &pane.report {
        let s = &fr.snapshot;
        let state = state_span(
            lang,
            fr,
            state_instead(lang, app, pane),
            theme,
            theme.good(),
        );
        lines.push(Line::from(vec![
            Span::raw(format!("{}  ", step_cost_best(lang, "panel-figures", s))),
            Span::raw(format!("{}  ", rate(lang, fr.steps_per_second))),
            state,
        ]));
        if let Some(e) = pane
            .watched()
            .and_then(|feed| app.watching()?.ended_badly_after_trace(feed))
        {
            lines.push(Line::styled(
                tr!(lang, "panel-ended-after-trace", how = words::exit(lang, e)),
                theme.error(),
            ));
        }
        lines.push(Line::from(figures(lang, s, usize::MAX)));
        for (name, values) in &s.series {
            lines.push(Line::styled(
                format!(
                    "{}: {}",
                    words::metric(lang, name),
                    series_text(lang, values)
                ),
                theme.dim(),
            ));
        }
    }
    let block = Block::bordered()
        .title(format!(" {} ", tr!(lang, "panel-algorithm")))
        .border_style(theme.border());
    f.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

/// When propagation alone solved the puzzle before the search made a single move (tuned
/// annealing locks the cells the givens determine), what to do to watch the search instead.
pub fn solved_before_moving(lang: Lang, r: &Report) -> Option<String> {
    let s = &r.snapshot;
    let propagates = r
        .origin
        .run
        .method
        .params
        .pairs()
        .iter()
        .any(|&(k, v)| k == "propagate" && v != 0.0);
    (s.ended == Some(sudoscope_core::search::Outcome::Solved) && s.steps == 0 && propagates)
        .then(|| tr!(lang, "panel-solved-before-moving"))
}

/// One line per race pane: cost, best, rate, state.
pub fn race_line(
    lang: Lang,
    f: &mut Frame,
    area: Rect,
    fr: &Report,
    instead: Option<String>,
    theme: &Theme,
) {
    let s = &fr.snapshot;
    // two columns kept clear on the right, so that two panes' lines never read as one (one
    // space between them reads as a word's), and each line says what fits whole: the rate
    // gives way first, then the best cost, then the cost, then figures from the last
    // (and drawn two columns short, so that even a line cut leaves them clear)
    let area = Rect {
        width: area.width.saturating_sub(2),
        ..area
    };
    let room = area.width as usize;
    let state = state_span(lang, fr, instead, theme, theme.key());
    let figures_of = step_cost_best(lang, "race-figures", s);
    let head = super::wrap::first_that_fits(
        vec![
            format!("{figures_of} {} ", rate(lang, fr.steps_per_second)),
            format!("{figures_of} "),
            format!("{} ", step_cost_best(lang, "race-figures-short", s)),
            format!("{} ", step_cost_best(lang, "race-figures-step", s)),
        ],
        room.saturating_sub(state.width()),
    );
    let more = (1..=3).rev().map(|n| figures(lang, s, n)).collect();
    let lines = vec![
        Line::from(vec![Span::raw(head), state]),
        Line::styled(super::wrap::first_that_fits(more, room), theme.dim()),
    ];
    f.render_widget(Paragraph::new(lines), area);
}

/// The step log, newest last, as many entries as fit whole: an entry longer than the panel is
/// wrapped under its words (past the step's number), never cut, in any language.
pub fn log(lang: Lang, f: &mut Frame, area: Rect, fr: &Report, theme: &Theme) {
    let room = area.height.saturating_sub(2) as usize;
    let width = area.width.saturating_sub(2) as usize;
    let geo = fr.snapshot.grid.geometry();
    let mut rows: Vec<String> = Vec::new();
    for (i, l) in fr.log.iter().rev().enumerate() {
        let entry = super::wrap::wrap(&crate::step_log::render(lang, l, geo), width, LOG_INDENT);
        // the newest entry shows even when it alone is taller than the panel (its end)
        if i > 0 && rows.len() + entry.len() > room {
            break;
        }
        rows.extend(entry.into_iter().rev());
        if rows.len() >= room {
            break;
        }
    }
    rows.truncate(room);
    rows.reverse();
    let lines: Vec<Line> = rows.into_iter().map(Line::from).collect();
    let block = Block::bordered()
        .title(format!(" {} ", tr!(lang, "panel-step-log")))
        .border_style(theme.border());
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// Where a wrapped step log entry's next lines start: past the step's number.
const LOG_INDENT: usize = 9;

/// The selected cell: its candidates and what it conflicts with.
/// The selected cell: its value, its candidates (on this board, and as the givens leave them)
/// and what it conflicts with.
pub fn cell_info(lang: Lang, f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if area.height < 3 {
        return;
    }
    let mut lines = Vec::new();
    let pane = &app.race().panes()[app.race().focus()];
    match (app.cursor().selected(), &pane.report) {
        // (a selection from a larger puzzle's layout, between a puzzle change and the next
        // frame, shows nothing)
        (Some(c), Some(fr))
            if c < fr.snapshot.grid.geometry().cells
                && c < app.race().puzzle().geometry().cells =>
        {
            let grid = &fr.snapshot.grid;
            let geo = grid.geometry();
            let v = grid.get(c);
            let listed = |mask: u32| -> String {
                let s: String = (1..=geo.n as u8)
                    .filter(|x| mask & 1 << (x - 1) != 0)
                    .map(symbol)
                    .collect();
                if s.is_empty() {
                    tr!(lang, "cell-none")
                } else {
                    s
                }
            };
            let holds = if app.race().puzzle().is_given(c) {
                "cell-holds-given"
            } else {
                "cell-holds"
            };
            lines.push(Line::from(lang.text(
                holds,
                &[
                    ("cell", cell(geo, c as u16).into()),
                    ("value", symbol(v).to_string().into()),
                ],
            )));
            lines.push(Line::from(tr!(
                lang,
                "cell-candidates",
                values = listed(candidates(grid, c))
            )));
            lines.push(Line::styled(
                tr!(
                    lang,
                    "cell-pencil-marks",
                    values = listed(candidates(&app.race().puzzle().givens, c))
                ),
                theme.dim(),
            ));
            if conflicts(grid)[c] {
                let clash: Vec<String> = geo.peers[c]
                    .iter()
                    .filter(|&&p| grid.get(p as usize) == v)
                    .map(|&p| cell(geo, p))
                    .collect();
                lines.push(Line::styled(
                    tr!(lang, "cell-conflicts", cells = clash.join(", ")),
                    theme.conflict(),
                ));
            }
        }
        _ => lines.push(Line::styled(tr!(lang, "cell-click"), theme.dim())),
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

/// One line under the grid: what each mark means, drawn in its own style, and which overlays
/// are on.
pub fn legend(lang: Lang, f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let sample = |s: &'static str, style| Span::styled(s, style);
    let mut spans = vec![
        sample("5", theme.given()),
        Span::raw(format!(" {}  ", tr!(lang, "legend-given"))),
        sample("5", theme.conflict()),
        Span::raw(format!(" {}  ", tr!(lang, "legend-conflict"))),
        sample("5", theme.given().patch(theme.given_conflict())),
        Span::raw(format!(" {}  ", tr!(lang, "legend-given-conflict"))),
        sample("5", theme.changed()),
        Span::raw(format!(" {}  ", tr!(lang, "legend-last-change"))),
    ];
    let mut on = Vec::new();
    if app.cursor().candidates() != CandidateView::Off {
        on.push(app.cursor().candidates().describe(lang).to_string());
    }
    if app.cursor().show_wrong() {
        spans.push(sample("5", theme.wrong()));
        spans.push(Span::raw(format!(" {}  ", tr!(lang, "legend-differs"))));
        on.push(tr!(lang, "legend-on-differences"));
    }
    if app.race().landscape() {
        on.push(tr!(lang, "legend-on-why-stuck"));
    }
    if app.cursor().cell_mode() {
        on.push(tr!(lang, "legend-on-cell-cursor"));
    }
    on.push(tr!(
        lang,
        "legend-on-theme",
        theme = lang.word("theme", app.theme().palette.name())
    ));
    // what is on, as much of it as the line has room for (the theme gives way first, being
    // last): never a word cut in half
    let used: usize = spans.iter().map(Span::width).sum();
    let forms = (0..=on.len())
        .rev()
        .map(|n| match n {
            0 => String::new(),
            n => format!("· {}", tr!(lang, "legend-on", what = on[..n].join(", "))),
        })
        .collect();
    let room = (area.width as usize).saturating_sub(used);
    spans.push(Span::styled(
        super::wrap::first_that_fits(forms, room),
        theme.dim(),
    ));
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}
