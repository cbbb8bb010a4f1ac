//! The experiment view: restarts of every algorithm on screen running on all cores, with the
//! success table and a bar chart of success rates filling in as runs finish.

use std::sync::atomic::Ordering;

use ratatui::Frame;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Gauge, Row, Table};

use super::wrap;
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
                    .title(wrap::first_that_fits(
                        vec![
                            format!(" {} ", app.front().text(lang, "experiment-title", &[])),
                            format!(" {} ", tr!(lang, "experiment-title-short")),
                        ],
                        usize::from(head.width.saturating_sub(2)),
                    ))
                    .border_style(theme.title()),
            )
            .gauge_style(theme.good())
            .ratio(done as f64 / x.run.total.max(1) as f64)
            .label(label),
        head,
    );
    // each algorithm's figures, then its row in as many words and columns as the width allows
    let inner = usize::from(table_area.width.saturating_sub(2));
    let mut figures = Vec::new();
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
        // an algorithm not yet run has no rate, and no interval around one (not
        // "0,0% 0,0–100,0%")
        let rate = (n > 0).then(|| 100.0 * k as f64 / n as f64);
        let mut times: Vec<f64> = mine
            .iter()
            .filter(|r| r.solved)
            .map(|r| r.seconds)
            .collect();
        times.sort_by(f64::total_cmp);
        let med = times
            .get(times.len() / 2)
            .map_or("-".into(), |t| format!("{} ms", lang.num(t * 1e3, 1)));
        let [rate_said, interval] = rate.map_or(["-".into(), "-".into()], |r| {
            [
                format!("{}%", lang.num(r, 1)),
                // a range, not a pair: no comma to mistake for the decimal one
                format!("{}–{}%", lang.num(100.0 * lo, 1), lang.num(100.0 * hi, 1)),
            ]
        });
        figures.push((
            label,
            [format!("{n}"), format!("{k}"), rate_said, interval, med],
            rate,
        ));
    }
    let header = [
        tr!(lang, "experiment-algorithm"),
        tr!(lang, "experiment-runs"),
        tr!(lang, "experiment-solved"),
        tr!(lang, "experiment-rate"),
        tr!(lang, "experiment-interval"),
        tr!(lang, "experiment-median"),
    ];
    let least = [12, 5, 5, 6, 11, 8];
    // a narrow screen (a phone) gives up, in turn, the algorithms' long words, then the
    // median's column, then the interval's, rather than cut a name or a header in half
    let names = |form: usize| -> Vec<String> {
        figures
            .iter()
            .map(|(label, _, _)| match form {
                0 => lang.label(label),
                f => lang.short_label(label, f > 1),
            })
            .collect()
    };
    let ways = [(0, 6), (1, 6), (2, 6), (2, 5), (2, 4)];
    let table_of = |(form, columns): (usize, usize)| {
        let rows: Vec<Vec<String>> = names(form)
            .into_iter()
            .zip(&figures)
            .map(|(name, (_, cells, _))| {
                let mut row = vec![name];
                row.extend(cells.iter().take(columns - 1).cloned());
                row
            })
            .collect();
        // each column as wide as its header and its widest value
        let widths: Vec<u16> = (0..columns)
            .map(|i| {
                rows.iter()
                    .map(|r| r[i].chars().count())
                    .chain([header[i].chars().count(), least[i]])
                    .max()
                    .unwrap_or(least[i]) as u16
            })
            .collect();
        (rows, widths)
    };
    let fits = |widths: &[u16]| {
        widths.iter().map(|&w| usize::from(w)).sum::<usize>() + widths.len() - 1 <= inner
    };
    let (rows, widths) = ways
        .iter()
        .map(|&way| table_of(way))
        .find(|(_, widths)| fits(widths))
        .unwrap_or_else(|| table_of(ways[ways.len() - 1]));
    let columns = widths.len();
    let table = Table::new(
        rows.into_iter().map(Row::new),
        widths.into_iter().map(Constraint::Length),
    )
    .header(Row::new(header[..columns].to_vec()).style(theme.title()))
    .block(Block::bordered().border_style(theme.border()));
    f.render_widget(table, table_area);
    // a bar's name in the words that fit under it
    let bar_width = (bars_area.width.saturating_sub(4) / figures.len().max(1) as u16).clamp(3, 24);
    let (full, short, shortest) = (names(0), names(1), names(2));
    let bars: Vec<Bar> = figures
        .iter()
        .enumerate()
        .map(|(i, (_, _, rate))| {
            let rate = rate.unwrap_or(0.0);
            let name = wrap::first_that_fits(
                vec![full[i].clone(), short[i].clone(), shortest[i].clone()],
                usize::from(bar_width),
            );
            Bar::default()
                .value(rate.round() as u64)
                .label(name)
                .text_value(format!("{}%", lang.num(rate, 0)))
        })
        .collect();
    let chart = BarChart::default()
        .block(
            Block::bordered()
                .title(format!(" {} ", tr!(lang, "experiment-success")))
                .border_style(theme.border()),
        )
        .data(BarGroup::default().bars(&bars))
        .bar_width(bar_width)
        .bar_gap(2)
        .max(100)
        .bar_style(theme.series(1));
    f.render_widget(chart, bars_area);
    // a rate of 0 has no bar, and the chart draws its figure only on a bar: it is written where
    // the bar would stand, or the algorithm would look missing (the fifth trial)
    let inner = Block::bordered().inner(bars_area);
    let bottom = inner.bottom().saturating_sub(2);
    for (i, (_, _, rate)) in figures.iter().enumerate() {
        let x = inner.x + i as u16 * (bar_width + 2);
        let nothing = rate.is_some_and(|r| r.round() == 0.0);
        if nothing && x + bar_width <= inner.right() && bottom >= inner.y {
            let said = format!("{}%", lang.num(0.0, 0));
            let pad = bar_width.saturating_sub(said.chars().count() as u16) / 2;
            f.buffer_mut()
                .set_string(x + pad, bottom, said, theme.series(1));
        }
    }
}
