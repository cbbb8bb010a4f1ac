//! The side panels: algorithm and parameters, live metrics, the step log, the selected cell.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::grid::candidates;
use crate::board::cost::conflicts;
use crate::board::grid::symbol;
use crate::engine::runner::Report;
use crate::engine::step_log::cell;
use crate::search::params::fmt_num;
use crate::tui::app::{App, Pane};
use crate::tui::theme::Theme;

fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e12 {
        format!("{}", x as i64)
    } else if x.abs() >= 0.01 && x.abs() < 1e6 {
        format!("{x:.3}")
    } else {
        format!("{x:.2e}")
    }
}

fn rate(sps: f64) -> String {
    match sps {
        s if s >= 1e6 => format!("{:.1}M/s", s / 1e6),
        s if s >= 1e3 => format!("{:.1}k/s", s / 1e3),
        s => format!("{s:.0}/s"),
    }
}

pub fn metrics(f: &mut Frame, area: Rect, app: &App, pane: &Pane, theme: &Theme) {
    let mut lines = Vec::new();
    let params: Vec<String> = pane
        .params
        .pairs()
        .iter()
        .map(|(k, v)| format!("{k}={}", fmt_num(*v)))
        .collect();
    lines.push(Line::from(vec![
        Span::styled(pane.label(), theme.title()),
        Span::styled(format!("  seed {}", pane.seed), theme.dim()),
    ]));
    lines.push(Line::styled(
        if params.is_empty() {
            "no parameters".into()
        } else {
            params.join(" ")
        },
        theme.dim(),
    ));
    if let Some(note) = &app.puzzle_note {
        lines.push(Line::styled(note.clone(), theme.error()));
    }
    if let Some(fr) = &pane.report {
        let s = &fr.snapshot;
        let state = match s.ended {
            Some(o) => Span::styled(
                o.word().to_string(),
                if o.word() == "solved" {
                    theme.good()
                } else {
                    theme.error()
                },
            ),
            None if fr.running => Span::styled("running", theme.good()),
            None => Span::styled("paused", theme.key()),
        };
        lines.push(Line::from(vec![
            Span::raw(format!(
                "step {}  cost {}  best {}  ",
                s.steps, s.cost, s.best_cost
            )),
            Span::raw(format!("{}  ", rate(fr.steps_per_second))),
            state,
        ]));
        let ms: Vec<String> = s
            .metrics
            .iter()
            .map(|m| format!("{} {}", m.name, short(m.value)))
            .collect();
        lines.push(Line::from(ms.join(" · ")));
        for (name, values) in &s.series {
            let v: Vec<String> = values.iter().map(|x| short(*x)).collect();
            lines.push(Line::styled(
                format!("{name}: {}", v.join(" ")),
                theme.dim(),
            ));
        }
    }
    let block = Block::bordered()
        .title(" algorithm ")
        .border_style(theme.border());
    f.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
}

/// One line per race pane: cost, best, rate, state.
pub fn race_line(f: &mut Frame, area: Rect, fr: &Report, theme: &Theme) {
    let s = &fr.snapshot;
    let state = s
        .ended
        .map_or(if fr.running { "running" } else { "paused" }, |o| o.word());
    let extra: Vec<String> = s
        .metrics
        .iter()
        .take(3)
        .map(|m| format!("{} {}", m.name, short(m.value)))
        .collect();
    let lines = vec![
        Line::from(vec![
            Span::raw(format!(
                "step {} cost {} best {} {} ",
                s.steps,
                s.cost,
                s.best_cost,
                rate(fr.steps_per_second)
            )),
            Span::styled(
                state.to_string(),
                if state == "solved" {
                    theme.good()
                } else {
                    theme.key()
                },
            ),
        ]),
        Line::styled(extra.join(" · "), theme.dim()),
    ];
    f.render_widget(Paragraph::new(lines), area);
}

pub fn log(f: &mut Frame, area: Rect, fr: &Report, theme: &Theme) {
    let room = area.height.saturating_sub(2) as usize;
    let lines: Vec<Line> = fr
        .log
        .iter()
        .rev()
        .take(room)
        .rev()
        .map(|l| Line::from(l.clone()))
        .collect();
    let block = Block::bordered()
        .title(" step log ")
        .border_style(theme.border());
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// The selected cell: its candidates and what it conflicts with.
pub fn cell_info(f: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if area.height < 3 {
        return;
    }
    let mut lines = Vec::new();
    let pane = &app.panes[app.focus];
    match (app.selected, &pane.report) {
        (Some(c), Some(fr)) => {
            let grid = &fr.snapshot.grid;
            let geo = grid.geometry();
            let v = grid.get(c);
            let mask = candidates(grid, c);
            let cands: String = (1..=geo.n as u8)
                .filter(|x| mask & 1 << (x - 1) != 0)
                .map(symbol)
                .collect();
            lines.push(Line::from(format!(
                "{} holds {}{}",
                cell(geo, c as u16),
                symbol(v),
                if app.puzzle.is_given(c) {
                    " (given)"
                } else {
                    ""
                }
            )));
            lines.push(Line::from(format!(
                "candidates: {}",
                if cands.is_empty() {
                    "none".into()
                } else {
                    cands
                }
            )));
            if conflicts(grid)[c] {
                let clash: Vec<String> = geo.peers[c]
                    .iter()
                    .filter(|&&p| grid.get(p as usize) == v)
                    .map(|&p| cell(geo, p))
                    .collect();
                lines.push(Line::styled(
                    format!("conflicts with {}", clash.join(", ")),
                    theme.conflict(),
                ));
            }
        }
        _ => lines.push(Line::styled(
            "click a cell to see its candidates",
            theme.dim(),
        )),
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}
