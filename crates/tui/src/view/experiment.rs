//! The experiment view: restarts of every algorithm on screen running on all cores, with the
//! success table and a bar chart of success rates filling in as runs finish.

use std::sync::atomic::Ordering;

use ratatui::Frame;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Gauge, Row, Table};

use crate::app::App;
use crate::theme::Theme;
use sudoscope_core::engine::stats::wilson;
use sudoscope_i18n::Lang;

/// Live experiment: progress, the success table and a bar chart of success rates.
pub fn draw(lang: Lang, f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let Some(x) = &app.experiment() else { return };
    let done = x.records.len();
    let [head, table_area, bars_area] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(x.run.labels.len() as u16 + 3),
        Constraint::Min(6),
    ])
    .areas(area);
    let stopped = x.run.progress.stop.load(Ordering::SeqCst);
    let label = format!(
        "{}{}",
        tr!(
            lang,
            "experiment-progress",
            done = done,
            total = x.run.total,
            puzzle = app.race().puzzle().name.clone()
        ),
        if stopped {
            format!(" ({})", tr!(lang, "experiment-stopped"))
        } else if done == x.run.total {
            format!(" ({})", tr!(lang, "experiment-done"))
        } else {
            String::new()
        }
    );
    f.render_widget(
        Gauge::default()
            .block(
                Block::bordered()
                    .title(format!(
                        " {} ",
                        app.front().text(lang, "experiment-title", &[])
                    ))
                    .border_style(theme.title()),
            )
            .gauge_style(theme.good())
            .ratio(done as f64 / x.run.total.max(1) as f64)
            .label(label),
        head,
    );
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut bars = Vec::new();
    for label in &x.run.labels {
        let mine: Vec<_> = x
            .records
            .iter()
            // the label names every non-default parameter: two settings never share a row
            .filter(|r| &r.label == label)
            .collect();
        let k = mine.iter().filter(|r| r.solved).count();
        let n = mine.len();
        let (lo, hi) = wilson(k, n);
        let rate: f64 = if n > 0 {
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
            .map_or("-".into(), |t| format!("{} ms", lang.num(t * 1e3, 1)));
        let shown = lang.label(label);
        rows.push(vec![
            shown.clone(),
            format!("{n}"),
            format!("{k}"),
            format!("{}%", lang.num(rate, 1)),
            // a range, not a pair: no comma to mistake for the decimal one
            format!("{}–{}%", lang.num(100.0 * lo, 1), lang.num(100.0 * hi, 1)),
            med,
        ]);
        bars.push(
            Bar::default()
                .value(rate.round() as u64)
                .label(shown)
                .text_value(format!("{}%", lang.num(rate, 0))),
        );
    }
    let header = [
        tr!(lang, "experiment-algorithm"),
        tr!(lang, "experiment-runs"),
        tr!(lang, "experiment-solved"),
        tr!(lang, "experiment-rate"),
        tr!(lang, "experiment-interval"),
        tr!(lang, "experiment-median"),
    ];
    // each column as wide as its header (the words are longer in Spanish and Portuguese) and
    // its widest value, so no header is cut and the labels tell the algorithms apart
    let widest = |i: usize, least: usize| {
        let values = rows.iter().map(|r| r[i].chars().count());
        values
            .chain([header[i].chars().count(), least])
            .max()
            .unwrap_or(least) as u16
    };
    let widths = [
        Constraint::Length(widest(0, 12).min(44)),
        Constraint::Length(widest(1, 5)),
        Constraint::Length(widest(2, 5)),
        Constraint::Length(widest(3, 6)),
        Constraint::Length(widest(4, 11)),
        Constraint::Length(widest(5, 8)),
    ];
    let table = Table::new(rows.into_iter().map(Row::new), widths)
        .header(Row::new(header.to_vec()).style(theme.title()))
        .block(Block::bordered().border_style(theme.border()));
    f.render_widget(table, table_area);
    let chart = BarChart::default()
        .block(
            Block::bordered()
                .title(format!(" {} ", tr!(lang, "experiment-success")))
                .border_style(theme.border()),
        )
        .data(BarGroup::default().bars(&bars))
        .bar_width(((bars_area.width.saturating_sub(4)) / bars.len().max(1) as u16).clamp(3, 24))
        .bar_gap(2)
        .max(100)
        .bar_style(theme.series(1));
    f.render_widget(chart, bars_area);
}
