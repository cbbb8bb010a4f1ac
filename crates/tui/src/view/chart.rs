//! Cost and best cost over steps (with the family's extra series below), from the runner's
//! downsampled history, so the chart reads the same after a minute or an hour.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType};

use super::plot::{self, Series};
use crate::theme::Theme;
use sudoscope_core::engine::history::Point;
use sudoscope_i18n::Lang;

fn label(lang: Lang, x: f64) -> String {
    lang.localize(match x.abs() {
        a if !a.is_finite() => return lang.num(x, 0),
        a if a >= 1e12 => format!("{x:.1e}"),
        a if a >= 1e9 => format!("{:.1}G", x / 1e9),
        a if a >= 1e6 => format!("{:.1}M", x / 1e6),
        a if a >= 1e4 => format!("{:.0}k", x / 1e3),
        a if a >= 100.0 || x.fract() == 0.0 => format!("{x:.0}"),
        a if a >= 10.0 => format!("{x:.1}"),
        a if a >= 0.01 => format!("{x:.2}"),
        _ => format!("{x:.1e}"),
    })
}

fn axis_labels(lang: Lang, lo: f64, hi: f64) -> Vec<Line<'static>> {
    vec![
        Line::from(label(lang, lo)),
        Line::from(label(lang, (lo + hi) / 2.0)),
        Line::from(label(lang, hi)),
    ]
}

/// An axis of steps: whole numbers only (a step 12.5 does not exist), the middle one only
/// where it is a step of its own (not "0 1 1" one step in).
fn step_labels(lang: Lang, scale: &Scale) -> Vec<Line<'static>> {
    let (lo, hi) = scale.ends();
    let mut steps = [lo, (lo + hi) / 2.0, hi]
        .map(|at| scale.step_at(at).round())
        .to_vec();
    steps.dedup();
    steps
        .into_iter()
        .map(|s| Line::from(label(lang, s)))
        .collect()
}

/// The ranges a chart draws: steps from 0 to `steps`, cost from 0 to `cost`. A race's charts
/// share one, so that curves side by side compare: a pane that ended at step 29 ends a third of
/// the way along beside one at step 87, and the same height is the same cost in every pane.
/// When one pane has run ten times as many steps as another (a descent stuck at step 29 beside
/// annealing at step 4752, at full speed), the steps are on a logarithmic axis, still shared:
/// on a plain one the shorter courses would be a line at step 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The last step on the axis (at least 1).
    pub steps: f64,
    /// The highest cost on the axis (at least 1).
    pub cost: f64,
    /// Whether the steps are on a logarithmic axis (of 1 + step).
    pub log: bool,
}

/// How many times longer than the shortest the longest course may be on a plain axis.
const SPREAD: f64 = 10.0;

impl Scale {
    /// The scale that holds every one of `histories`.
    pub fn of<'a>(histories: impl IntoIterator<Item = &'a [Point]>) -> Scale {
        let mut s = Scale {
            steps: 1.0,
            cost: 1.0,
            log: false,
        };
        let mut shortest = f64::INFINITY;
        for h in histories {
            if let Some(p) = h.last() {
                s.steps = s.steps.max(p.step as f64);
                shortest = shortest.min(p.step as f64);
            }
            s.cost = plot::highest(h.iter().map(|p| p.high), s.cost);
        }
        s.log = s.steps > SPREAD * shortest.max(1.0);
        s
    }

    /// Where `step` lies on the axis.
    fn x(&self, step: u64) -> f64 {
        if self.log {
            (step as f64).ln_1p()
        } else {
            step as f64
        }
    }

    /// The axis' ends.
    fn ends(&self) -> (f64, f64) {
        (0.0, self.x(self.steps.max(1.0) as u64))
    }

    /// The step at `at` on the axis.
    fn step_at(&self, at: f64) -> f64 {
        if self.log { at.exp_m1() } else { at }
    }
}

/// Cost and best cost, and below them (when `secondary` and there is room) the family's second
/// series under its own label: the latest point's label, so a pane that switched family shows
/// the series of the search on screen. A search's named series (a trace's metrics) are drawn
/// there too, each scaled to its own range, which the legend gives. The steps run from 0 (a
/// long run's first point is the end of its first bucket, not its first step) to `scale`'s.
pub fn draw(
    f: &mut Frame,
    area: Rect,
    history: &[Point],
    named: &[(&'static str, Vec<Point>)],
    scale: Scale,
    secondary: bool,
    (lang, theme): (Lang, &Theme),
) {
    let label = history
        .last()
        .and_then(|p| p.secondary)
        .map(|s| s.label)
        .filter(|_| secondary && area.height >= 14);
    let named: &[(&'static str, Vec<Point>)] = if secondary && area.height >= 14 {
        named
    } else {
        &[]
    };
    let has_extra = label.is_some() || !named.is_empty();
    let [top, bottom] = if has_extra {
        Layout::vertical([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(area)
    } else {
        [area, Rect::default()]
    };
    let (x0, x1) = scale.ends();
    let x = |step| scale.x(step);
    let high: Vec<(f64, f64)> = history.iter().map(|p| (x(p.step), p.high)).collect();
    let low: Vec<(f64, f64)> = history.iter().map(|p| (x(p.step), p.low)).collect();
    let best: Vec<(f64, f64)> = history.iter().map(|p| (x(p.step), p.best)).collect();
    let ymax = scale.cost;
    // the series are named in the title, in their colours: a legend inside the chart would
    // cover the curve where it starts, top left, or where it ends, top right
    // the title gives way whole where the border is too short for it: the series' names say
    // what is drawn
    let mut title = Line::from(vec![
        Span::raw(format!("{} ", tr!(lang, "chart-title"))),
        Span::styled(format!("━ {}", tr!(lang, "chart-cost")), theme.series(0)),
        Span::raw(" "),
        Span::styled(format!("━ {} ", tr!(lang, "chart-best")), theme.series(1)),
    ]);
    if title.width() + 2 > usize::from(area.width) {
        title.spans.remove(0);
    }
    let block = Block::bordered().title(title).border_style(theme.border());
    let (xl, yl) = (step_labels(lang, &scale), axis_labels(lang, 0.0, ymax));
    let bounds = ([x0, x1], [0.0, plot::headroom(ymax)]);
    plot::lines(
        f.buffer_mut(),
        block.inner(top),
        (&xl, &yl),
        bounds,
        &[
            Series::of(&high, theme.series(0)),
            Series::of(&low, theme.series(0)),
            Series::of(&best, theme.series(1)),
        ],
    );
    let chart = Chart::new(Vec::new())
        .legend_position(None)
        .block(block)
        .x_axis(
            Axis::default()
                .title(if scale.log {
                    tr!(lang, "chart-step-log")
                } else {
                    tr!(lang, "chart-step")
                })
                .bounds(bounds.0)
                .labels(xl)
                .style(theme.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds(bounds.1)
                .labels(yl)
                .style(theme.dim()),
        );
    f.render_widget(chart, top);
    if !named.is_empty() {
        draw_named(f, bottom, history, named, label, &scale, (lang, theme));
    } else if has_extra {
        let of_label = || {
            history.iter().filter_map(|p| {
                p.secondary
                    .filter(|s| Some(s.label) == label)
                    .map(|s| (x(p.step), s))
            })
        };
        let extra: Vec<(f64, f64)> = of_label().map(|(x, s)| (x, s.value)).collect();
        let worst: Vec<(f64, f64)> = of_label()
            .filter_map(|(x, s)| s.worst.map(|w| (x, w)))
            .collect();
        let emax = plot::highest(extra.iter().chain(&worst).map(|p| p.1), f64::MIN_POSITIVE);
        let name = label
            .map(|l| crate::words::metric(lang, l))
            .unwrap_or_default();
        let mut title = vec![Span::styled(format!("━ {name} "), theme.series(2))];
        let mut series = vec![Series::of(&extra, theme.series(2))];
        if !worst.is_empty() {
            title.push(Span::styled(
                format!("━ {} ", tr!(lang, "chart-worst")),
                theme.series(3),
            ));
            series.push(Series::of(&worst, theme.series(3)));
        }
        let block = Block::bordered()
            .title(Line::from(title))
            .border_style(theme.border());
        let yl = axis_labels(lang, 0.0, emax);
        let bounds = ([x0, x1], [0.0, plot::headroom(emax)]);
        plot::lines(
            f.buffer_mut(),
            block.inner(bottom),
            (&[], &yl),
            bounds,
            &series,
        );
        let chart = Chart::new(Vec::new())
            .legend_position(None)
            .block(block)
            .x_axis(Axis::default().bounds(bounds.0).style(theme.dim()))
            .y_axis(
                Axis::default()
                    .bounds(bounds.1)
                    .labels(yl)
                    .style(theme.dim()),
            );
        f.render_widget(chart, bottom);
    }
}

/// The lower chart with named series: the family's second series (if any) and each named one,
/// every one scaled to its own range (`name lo–hi` in the legend), so numbers of any size share
/// one panel.
fn draw_named(
    f: &mut Frame,
    area: Rect,
    history: &[Point],
    named: &[(&'static str, Vec<Point>)],
    second: Option<&'static str>,
    scale: &Scale,
    (lang, theme): (Lang, &Theme),
) {
    let (x0, x1) = scale.ends();
    let mut lines: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    if let Some(l) = second {
        let pts = history
            .iter()
            .filter_map(|p| {
                p.secondary
                    .filter(|s| s.label == l)
                    .map(|s| (scale.x(p.step), s.value))
            })
            .collect();
        lines.push((l.to_string(), pts));
    }
    for (name, pts) in named {
        lines.push((
            name.to_string(),
            pts.iter().map(|p| (scale.x(p.step), p.high)).collect(),
        ));
    }
    let scaled: Vec<(String, Vec<(f64, f64)>)> = lines
        .into_iter()
        .map(|(name, pts)| {
            // each series on its own scale, from its finite values (the rest left out)
            let finite = || pts.iter().map(|p| p.1).filter(|y| y.is_finite());
            let lo = finite().fold(f64::INFINITY, f64::min);
            let hi = finite().fold(f64::NEG_INFINITY, f64::max);
            let data = pts
                .iter()
                .map(|&(x, y)| (x, plot::share(y, lo, hi)))
                .collect();
            let legend = if lo > hi {
                name
            } else {
                format!(
                    "{} {}–{}",
                    crate::words::metric(lang, &name),
                    label(lang, lo),
                    label(lang, hi)
                )
            };
            (legend, data)
        })
        .collect();
    let block = Block::bordered()
        .title(tr!(lang, "chart-metrics-title"))
        .border_style(theme.border());
    let bounds = ([x0, x1], [0.0, 1.05]);
    let series: Vec<Series> = scaled
        .iter()
        .enumerate()
        .map(|(i, (_, data))| Series::of(data, theme.series(2 + i % 4)))
        .collect();
    plot::lines(
        f.buffer_mut(),
        block.inner(area),
        (&[], &[]),
        bounds,
        &series,
    );
    // the datasets carry only their names, for the legend: the lines are drawn above
    let sets: Vec<Dataset> = scaled
        .iter()
        .enumerate()
        .map(|(i, (name, _))| {
            Dataset::default()
                .name(name.clone())
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.series(2 + i % 4))
        })
        .collect();
    let chart = Chart::new(sets)
        .block(block)
        // the legend is the only place a series' range is said: always shown
        .hidden_legend_constraints((Constraint::Percentage(100), Constraint::Percentage(100)))
        .x_axis(Axis::default().bounds(bounds.0).style(theme.dim()))
        .y_axis(Axis::default().bounds(bounds.1).style(theme.dim()));
    f.render_widget(chart, area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_axis_names_each_step_once() {
        let said = |lo: f64, hi: f64| {
            let scale = Scale {
                steps: hi,
                cost: 1.0,
                log: false,
            };
            assert_eq!(lo, 0.0, "an axis of steps starts at 0");
            step_labels(Lang::En, &scale)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(said(0.0, 1.0), ["0", "1"]);
        assert_eq!(said(0.0, 2.0), ["0", "1", "2"]);
        assert_eq!(said(0.0, 8.0), ["0", "4", "8"]);
    }

    /// A long run's history begins at the end of its first bucket (step 1023 here), but its
    /// steps are counted from 0, and so is the axis.
    #[test]
    fn the_step_axis_starts_at_step_0() {
        use ratatui::{Terminal, backend::TestBackend};
        let history: Vec<Point> = (1..=8u64)
            .map(|i| Point {
                step: i * 1024 - 1,
                low: 10.0,
                high: 20.0,
                best: 10.0,
                secondary: None,
            })
            .collect();
        let scale = Scale::of([&history[..]]);
        assert_eq!((scale.steps, scale.cost, scale.log), (8191.0, 20.0, false));
        let mut t = Terminal::new(TestBackend::new(60, 12)).unwrap();
        t.draw(|f| {
            let theme = Theme::new(crate::theme::Palette::Mono);
            draw(f, f.area(), &history, &[], scale, false, (Lang::En, &theme));
        })
        .unwrap();
        let b = t.backend().buffer();
        let row = |y| -> String { (0..60).map(|x| b[(x, y)].symbol()).collect() };
        let labels: Vec<String> = row(10)
            .split(['│', ' '])
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        assert_eq!(labels, ["0", "4096", "8191"], "{}", row(10));
    }

    /// A descent stuck at step 29 beside annealing at step 4752 (a race at full speed): on a
    /// plain axis the descent's course is a line at step 0; the shared axis goes logarithmic,
    /// and says so. Within ten times of each other, it stays plain.
    #[test]
    fn courses_of_very_different_lengths_share_a_logarithmic_axis() {
        let course = |last: u64| -> Vec<Point> {
            (0..=last)
                .map(|step| Point {
                    step,
                    low: 1.0,
                    high: 1.0,
                    best: 1.0,
                    secondary: None,
                })
                .collect()
        };
        let (short, long) = (course(29), course(4752));
        let scale = Scale::of([&short[..], &long[..]]);
        assert!(scale.log && scale.steps == 4752.0);
        let said: Vec<String> = step_labels(Lang::En, &scale)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(said, ["0", "68", "4752"]);
        // the descent's last step lies 40 % of the way along, not at 0.6 %
        let (_, end) = scale.ends();
        let at = scale.x(29) / end;
        assert!((0.39..0.41).contains(&at), "{at}");
        assert!(!Scale::of([&course(29)[..], &course(290)[..]]).log);
    }
}
