//! The panel that shows why a search is stuck: the current state's neighbours by their cost
//! change, a population's variety per cell, a colony's pheromone.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::theme::Theme;
use sudoscope_core::engine::runner::Report;
use sudoscope_core::search::Landscape;
use sudoscope_i18n::Lang;

/// Why the search is where it is: every neighbour of the current state by its cost change,
/// downhill, sideways and uphill, with a histogram of Δ and (for annealing) the chance each
/// uphill Δ is taken at the current temperature. A descent that has stopped shows 0 downhill:
/// the definition of a local minimum. For a genetic algorithm: how many distinct values the
/// population holds per cell.
pub fn landscape(lang: Lang, f: &mut Frame, area: Rect, report: &Report, theme: &Theme) {
    let block = Block::bordered()
        .title(format!(" {} ", tr!(lang, "stuck-title")))
        .border_style(theme.border());
    let room = area.height.saturating_sub(2) as usize;
    let mut lines = Vec::new();
    match &report.landscape {
        None => lines.push(Line::styled(tr!(lang, "stuck-none"), theme.dim())),
        Some(Landscape::Moves {
            deltas,
            temperature,
        }) => {
            let count = |f: &dyn Fn(i32) -> bool| -> u32 {
                deltas.iter().filter(|(d, _)| f(*d)).map(|(_, n)| n).sum()
            };
            let (down, side, up) = (count(&|d| d < 0), count(&|d| d == 0), count(&|d| d > 0));
            lines.push(Line::from(vec![
                Span::styled(
                    tr!(lang, "stuck-downhill", n = down),
                    if down == 0 {
                        theme.error()
                    } else {
                        theme.good()
                    },
                ),
                Span::raw(format!(
                    "  ·  {}  ·  {}  ",
                    tr!(lang, "stuck-sideways", n = side),
                    tr!(lang, "stuck-uphill", n = up)
                )),
                Span::styled(tr!(lang, "stuck-of", n = down + side + up), theme.dim()),
            ]));
            if down == 0 {
                lines.push(Line::styled(
                    if side == 0 {
                        tr!(lang, "stuck-strict-minimum")
                    } else {
                        tr!(lang, "stuck-minimum")
                    },
                    theme.error(),
                ));
            }
            let most = deltas.iter().map(|(_, n)| *n).max().unwrap_or(1).max(1);
            let width = area.width.saturating_sub(26).max(4) as u32;
            // the rows that fit under the sentences as they wrap; when not all do, those
            // around the sideways moves (the least downhill and the least uphill, what the
            // next step chooses among), and a row that says how many are left out
            let inner = usize::from(area.width.saturating_sub(2).max(1));
            let used: usize = lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum();
            let fit = room.saturating_sub(used);
            let (shown, hidden) = if deltas.len() <= fit {
                (0..deltas.len(), 0)
            } else {
                // the note's rows as it wraps, counted for the most it may say
                let note = tr!(lang, "stuck-rows-hidden", n = deltas.len());
                let keep = fit.saturating_sub(note.chars().count().max(1).div_ceil(inner));
                let zero = deltas
                    .iter()
                    .position(|(d, _)| *d >= 0)
                    .unwrap_or(deltas.len());
                let start = zero
                    .saturating_sub(keep.saturating_sub(1) / 2)
                    .min(deltas.len() - keep);
                (start..start + keep, deltas.len() - keep)
            };
            for &(d, n) in &deltas[shown] {
                let bar = "█".repeat(((n * width).div_ceil(most)) as usize);
                let p = match temperature {
                    // a temperature a trace gives may be anything: only a positive one says
                    Some(t) if d > 0 && *t > 0.0 && t.is_finite() => {
                        format!(" p={}", lang.num(libm::exp(-(d as f64) / t), 2))
                    }
                    _ => String::new(),
                };
                let style = match d.signum() {
                    -1 => theme.good(),
                    0 => theme.series(0),
                    _ => theme.dim(),
                };
                lines.push(Line::from(vec![
                    Span::raw(format!("Δ{d:+4} {n:>5} ")),
                    Span::styled(bar, style),
                    Span::raw(p),
                ]));
            }
            if hidden > 0 && fit > 0 {
                lines.push(Line::styled(
                    tr!(lang, "stuck-rows-hidden", n = hidden),
                    theme.dim(),
                ));
            }
        }
        Some(Landscape::Pheromone {
            share,
            strongest,
            open,
        }) => pheromone_lines(
            &mut lines,
            share,
            strongest,
            *open,
            room,
            area.width,
            (lang, theme),
        ),
        Some(Landscape::Diversity { per_cell, size }) => {
            let free: Vec<u8> = per_cell.iter().copied().filter(|&k| k > 1).collect();
            let converged = per_cell.iter().filter(|&&k| k == 1).count();
            let mean = free.iter().map(|&k| k as f64).sum::<f64>() / free.len().max(1) as f64;
            lines.push(Line::from(tr!(
                lang,
                "stuck-population",
                size = *size,
                converged = converged,
                cells = per_cell.len()
            )));
            lines.push(Line::from(tr!(
                lang,
                "stuck-population-others",
                mean = lang.num(mean, 1)
            )));
            // per cell, the number of distinct values across the population, where it fits
            let n = (per_cell.len() as f64).sqrt() as usize;
            if room > lines.len() + n && area.width as usize >= 2 * n + 2 {
                lines.push(Line::styled(
                    tr!(lang, "stuck-population-cells"),
                    theme.dim(),
                ));
                for row in per_cell.chunks(n) {
                    let spans: Vec<Span> = row
                        .iter()
                        .map(|&k| match k {
                            1 => Span::styled("· ", theme.dim()),
                            k => Span::styled(
                                format!("{} ", sudoscope_core::board::grid::symbol(k)),
                                if k as usize * 2 > n {
                                    theme.good()
                                } else {
                                    theme.series(1)
                                },
                            ),
                        })
                        .collect();
                    lines.push(Line::from(spans));
                }
            }
            let mut hist = [0usize; 26];
            for &k in per_cell {
                hist[k as usize] += 1;
            }
            let most = hist.iter().copied().max().unwrap_or(1).max(1);
            let width = area.width.saturating_sub(24).max(4) as usize;
            for (k, &n) in hist.iter().enumerate().skip(1).filter(|(_, n)| **n > 0) {
                if lines.len() >= room {
                    break;
                }
                lines.push(Line::from(vec![
                    Span::raw(format!("{k:>2} {} {n:>4} ", tr!(lang, "stuck-values"))),
                    Span::styled("█".repeat((n * width).div_ceil(most)), theme.series(1)),
                ]));
            }
        }
    }
    // a sentence longer than the panel is wide wraps rather than losing its end
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// The colony's memory: how many open cells lean on one value, and per cell a shade for the
/// share of its pheromone on its strongest value (darker = more settled).
fn pheromone_lines(
    lines: &mut Vec<Line<'static>>,
    share: &[f32],
    strongest: &[u8],
    open: usize,
    room: usize,
    width: u16,
    (lang, theme): (Lang, &Theme),
) {
    let n = (share.len() as f64).sqrt() as usize;
    let free: Vec<f32> = share.iter().copied().filter(|&s| s < 1.0).collect();
    let settled = free.iter().filter(|&&s| s >= 0.9).count();
    let mean = free.iter().map(|&s| s as f64).sum::<f64>() / free.len().max(1) as f64;
    lines.push(Line::from(tr!(
        lang,
        "stuck-settled",
        settled = settled,
        open = open
    )));
    lines.push(Line::from(tr!(
        lang,
        "stuck-share",
        share = lang.num(100.0 * mean, 0),
        n = n
    )));
    if room > lines.len() + n && width as usize >= 2 * n + 2 {
        lines.push(Line::styled(tr!(lang, "stuck-shade"), theme.dim()));
        for (row, values) in share.chunks(n).zip(strongest.chunks(n)) {
            let spans: Vec<Span> = row
                .iter()
                .zip(values)
                .map(|(&s, &v)| {
                    if s >= 1.0 {
                        return Span::styled(
                            format!("{} ", sudoscope_core::board::grid::symbol(v)),
                            theme.dim(),
                        );
                    }
                    let shade = match s {
                        s if s >= 0.9 => "█",
                        s if s >= 0.7 => "▓",
                        s if s >= 0.5 => "▒",
                        _ => "░",
                    };
                    Span::styled(format!("{shade} "), theme.series(1))
                })
                .collect();
            lines.push(Line::from(spans));
        }
    }
}
