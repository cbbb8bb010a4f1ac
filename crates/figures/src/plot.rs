//! Figures of an experiment (plotters), one figure per file, sized for a slide (1280x720), as SVG
//! or PNG.
//!
//! Made to be read from the back of a room: ticks in plain units (`1M`, `80`, `100 µs`), legends
//! beside the data rather than over it, every series its own colour *and* line pattern (so a
//! black-and-white print still tells them apart), and cost curves drawn one panel per family,
//! each against its own step (a genetic algorithm's generation is not a descent's move). PNG
//! text uses a font built into the program, so a figure looks the same on every machine.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::engine::experiment::checkpoints;
use crate::engine::result::RunResult;
use crate::engine::stats::{quantile, wilson};
use crate::search::{Family, find};
use i18n::Lang;

const SIZE: (u32, u32) = (1280, 720);
const FONT: &str = "sans-serif";
/// The width of the legend beside a chart.
const LEGEND_WIDTH: u32 = 330;
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];
/// Dash patterns (dash, gap) in pixels; `(0, 0)` is a solid line.
const DASHES: [(u32, u32); 4] = [(0, 0), (14, 7), (3, 5), (24, 6)];

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// The file format of the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// A bitmap, text drawn with the built-in font.
    Png,
}

impl ImageFormat {
    fn extension(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
        }
    }
}

/// The runs of one arm, under its label.
pub struct Group<'a> {
    /// The arm's label (algorithm, preset, non-default parameters).
    pub label: String,
    /// Its runs.
    pub runs: Vec<&'a RunResult>,
}

/// The look of series `i`: a colour and a line pattern, distinct for the first 32 series.
pub fn series_style(i: usize) -> (RGBColor, (u32, u32)) {
    (
        PALETTE[i % PALETTE.len()],
        DASHES[(i / PALETTE.len() + i) % DASHES.len()],
    )
}

/// Draw one figure into `path` in `format`: the same drawing code for both backends.
macro_rules! figure {
    ($path:expr, $format:expr, |$root:ident| $body:expr) => {{
        match $format {
            ImageFormat::Svg => {
                let $root = SVGBackend::new($path, SIZE).into_drawing_area();
                $root.fill(&WHITE)?;
                $body?;
                $root.present()?;
            }
            ImageFormat::Png => {
                let $root = BitMapBackend::new($path, SIZE).into_drawing_area();
                $root.fill(&WHITE)?;
                $body?;
                $root.present()?;
            }
        }
        Ok::<(), Box<dyn std::error::Error>>(())
    }};
}

/// Series `$i`'s line through `$points` (data coordinates) on `$chart`, in its style.
macro_rules! series_line {
    ($chart:expr, $points:expr, $i:expr) => {{
        let (color, dash) = series_style($i);
        let style = color.stroke_width(3);
        if dash.0 == 0 {
            $chart.draw_series(LineSeries::new($points, style))?;
        } else {
            $chart.draw_series(DashedLineSeries::new($points, dash.0, dash.1, style))?;
        }
    }};
}

/// Register the built-in font as "sans-serif" (once per process).
fn embed_font() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let bytes: &'static [u8] = include_bytes!("../../../assets/fonts/DejaVuSans-subset.ttf");
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, bytes);
        let _ = plotters::style::register_font(FONT, FontStyle::Bold, bytes);
    });
}

/// Write every figure that fits the data into `dir`; returns the files written.
pub fn write_all(
    lang: Lang,
    dir: &Path,
    groups: &[Group],
    max_steps: u64,
    format: ImageFormat,
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // text is measured (and, in a bitmap, drawn) with the built-in font in both formats
    embed_font();
    let mut written = Vec::new();
    let mut emit = |name: &str, f: &dyn Fn(&Path) -> PlotResult| -> Result<(), String> {
        let path = dir.join(format!("{name}.{}", format.extension()));
        f(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
        Ok(())
    };
    emit("success_rate", &|p| {
        figure!(p, format, |root| success_rate(lang, &root, groups))
    })?;
    emit("time_to_solution_cdf", &|p| {
        figure!(p, format, |root| time_cdf(lang, &root, groups))
    })?;
    let local: Vec<(usize, &Group)> = groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.runs.iter().all(|r| max_depth(r).is_none()))
        .collect();
    if !local.is_empty() {
        emit("cost_vs_step", &|p| {
            figure!(p, format, |root| cost_curves(
                lang, &root, &local, max_steps
            ))
        })?;
    }
    let exact: Vec<&Group> = groups
        .iter()
        .filter(|g| g.runs.iter().any(|r| max_depth(r).is_some()))
        .collect();
    if !exact.is_empty() {
        emit("exact_depth_histogram", &|p| {
            figure!(p, format, |root| depth_histogram(lang, &root, &exact))
        })?;
    }
    Ok(written)
}

/// A count as people write it on an axis: 80, 1500, 20k, 1.5M, 3G.
pub fn count_tick(lang: Lang, x: f64) -> String {
    let a = x.abs();
    let (v, unit) = match a {
        a if a >= 1e9 => (x / 1e9, "G"),
        a if a >= 1e6 => (x / 1e6, "M"),
        a if a >= 1e4 => (x / 1e3, "k"),
        _ => (x, ""),
    };
    let text = if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else if v.abs() >= 10.0 {
        format!("{v:.0}")
    } else {
        lang.num(v, 1)
    };
    format!("{text}{unit}")
}

/// A log axis labelled at powers of ten only (1, 10, 100, 1k, ...), so ticks never crowd.
fn power_of_ten_tick(lang: Lang, x: f64) -> String {
    let e = x.log10();
    if x >= 1.0 && (e - e.round()).abs() < 1e-9 {
        count_tick(lang, x)
    } else {
        String::new()
    }
}

/// A duration on an axis: 100 µs, 2.5 ms, 1 s.
pub fn time_tick(lang: Lang, secs: f64) -> String {
    let (v, unit) = match secs {
        s if s >= 1.0 => (s, "s"),
        s if s >= 1e-3 => (s * 1e3, "ms"),
        s if s >= 1e-6 => (s * 1e6, "µs"),
        s => (s * 1e9, "ns"),
    };
    let text = if (v - v.round()).abs() < 1e-6 * v.max(1.0) {
        format!("{}", v.round() as i64)
    } else {
        lang.num(v, 1)
    };
    format!("{text} {unit}")
}

/// A chart area with a legend column at its right: (chart, legend).
fn with_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let w = root.dim_in_pixel().0;
    root.split_horizontally(w.saturating_sub(LEGEND_WIDTH))
}

/// A legend entry's sample: a line of the series' style (or a filled box for bars).
enum Sample {
    Line(usize),
    Bar(RGBColor),
}

/// The legend: one line per entry, in a column of its own beside the data.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    entries: &[(Sample, String)],
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    area.draw(&Text::new(
        title.to_string(),
        (10, 60),
        (FONT, 22).into_font().style(FontStyle::Bold),
    ))?;
    let mut y = 100;
    for (sample, label) in entries {
        match sample {
            Sample::Line(i) => {
                let (color, dash) = series_style(*i);
                draw_line(area, vec![(10, y), (50, y)], color, dash)?;
            }
            Sample::Bar(color) => {
                area.draw(&Rectangle::new([(10, y - 9), (50, y + 9)], color.filled()))?;
            }
        }
        // a long label (a Spanish algorithm's name) goes on over a second line, whole
        for line in wrap(label, LEGEND_CHARS, 3) {
            area.draw(&Text::new(line, (58, y - 10), (FONT, 19).into_font()))?;
            y += 22;
        }
        y += 12;
    }
    Ok(())
}

/// Characters of a legend line at most.
const LEGEND_CHARS: usize = 26;

/// A label over lines of at most `n` characters, broken between words, `most` lines at most
/// (the last then cut with an ellipsis).
fn wrap(s: &str, n: usize, most: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in s.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 1 + word.chars().count() <= n => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    let cut = lines.len() > most;
    lines.truncate(most);
    for (i, l) in lines.iter_mut().enumerate() {
        let last = i + 1 == most;
        if l.chars().count() > n || (last && cut) {
            let mut t: String = l.chars().take(n - 1).collect();
            t.push('…');
            *l = t;
        }
    }
    lines
}

/// A polyline in pixel coordinates, solid or dashed.
fn draw_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    points: Vec<(i32, i32)>,
    color: RGBColor,
    dash: (u32, u32),
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    let style = color.stroke_width(3);
    if dash.0 == 0 {
        area.draw(&PathElement::new(points, style))?;
    } else {
        area.draw(&DashedPathElement::new(points, dash.0, dash.1, style))?;
    }
    Ok(())
}

fn success_rate<DB: DrawingBackend>(
    lang: Lang,
    root: &DrawingArea<DB, Shift>,
    groups: &[Group],
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    let (chart_area, legend_area) = with_legend(root);
    let n = groups.len();
    // arm i sits at x = i; its bar spans i ± 0.35
    let mut chart = ChartBuilder::on(&chart_area)
        .caption(tr!(lang, "plot-success-title"), (FONT, 32))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.08f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(n.max(1))
        .y_desc(tr!(lang, "plot-runs-solved"))
        .x_desc(tr!(lang, "plot-run-setting"))
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n {
                format!("{}", i as usize + 1)
            } else {
                String::new()
            }
        })
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 22))
        .draw()?;
    let mut entries = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let k = g.runs.iter().filter(|r| r.solved).count();
        let rate = k as f64 / g.runs.len().max(1) as f64;
        let (color, _) = series_style(i);
        let x = i as f64;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(x - 0.35, 0.0), (x + 0.35, rate)],
            color.mix(0.75).filled(),
        )))?;
        let (lo, hi) = wilson(k, g.runs.len());
        for segment in [
            vec![(x, lo), (x, hi)],
            vec![(x - 0.05, lo), (x + 0.05, lo)],
            vec![(x - 0.05, hi), (x + 0.05, hi)],
        ] {
            chart.draw_series(std::iter::once(PathElement::new(
                segment,
                BLACK.stroke_width(3),
            )))?;
        }
        chart.draw_series(std::iter::once(Text::new(
            format!("{k}/{}", g.runs.len()),
            (x + 0.07, (hi + 0.03).min(1.05)),
            (FONT, 20),
        )))?;
        entries.push((
            Sample::Bar(color),
            format!("{}  {}", i + 1, shown(lang, &g.label)),
        ));
    }
    draw_legend(&legend_area, &tr!(lang, "plot-settings"), &entries)
}

/// A run's time as the time axis takes it: from a nanosecond to a day (a record read back may
/// hold any number; a time that is not one counts as the longest).
fn seconds(s: f64) -> f64 {
    if s.is_nan() {
        return 86_400.0;
    }
    s.clamp(1e-9, 86_400.0)
}

/// Fraction of all runs solved within t seconds, per arm (log time axis).
fn time_cdf<DB: DrawingBackend>(
    lang: Lang,
    root: &DrawingArea<DB, Shift>,
    groups: &[Group],
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    let (chart_area, legend_area) = with_legend(root);
    let times: Vec<f64> = groups
        .iter()
        .flat_map(|g| {
            g.runs
                .iter()
                .filter(|r| r.solved)
                .map(|r| seconds(r.seconds))
        })
        .collect();
    let lo = times
        .iter()
        .cloned()
        .fold(f64::INFINITY, f64::min)
        .max(1e-7);
    let lo = if lo.is_finite() { lo / 2.0 } else { 1e-6 };
    let hi = times.iter().cloned().fold(0.0, f64::max).max(lo * 20.0) * 2.0;
    let mut chart = ChartBuilder::on(&chart_area)
        .caption(tr!(lang, "plot-time-title"), (FONT, 32))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d((lo..hi).log_scale(), 0.0..1.05f64)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .x_desc(tr!(lang, "plot-time-axis"))
        .y_desc(tr!(lang, "plot-fraction-solved"))
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_label_formatter(&|v| time_tick(lang, *v))
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 22))
        .draw()?;
    let mut entries = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let mut solved: Vec<f64> = g
            .runs
            .iter()
            .filter(|r| r.solved)
            .map(|r| seconds(r.seconds).max(lo))
            .collect();
        solved.sort_by(f64::total_cmp);
        let n = g.runs.len().max(1) as f64;
        let mut pts = vec![(lo, 0.0)];
        for (k, t) in solved.iter().enumerate() {
            pts.push((*t, k as f64 / n));
            pts.push((*t, (k + 1) as f64 / n));
        }
        pts.push((hi, solved.len() as f64 / n));
        series_line!(chart, pts, i);
        entries.push((Sample::Line(i), shown(lang, &g.label)));
    }
    draw_legend(&legend_area, &tr!(lang, "plot-settings"), &entries)
}

/// Median best cost against step, with the interquartile band, one panel per family (each
/// against its own kind of step, log scale).
fn cost_curves<DB: DrawingBackend>(
    lang: Lang,
    root: &DrawingArea<DB, Shift>,
    groups: &[(usize, &Group)],
    max_steps: u64,
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    let (chart_area, legend_area) = with_legend(root);
    let family = |g: &Group| {
        g.runs
            .first()
            .and_then(|r| find(&r.algorithm).ok())
            .map_or(Family::Descent, |a| a.family)
    };
    let mut families: Vec<Family> = Vec::new();
    for (_, g) in groups {
        let f = family(g);
        if !families.iter().any(|x| x.step_unit() == f.step_unit()) {
            families.push(f);
        }
    }
    // panels side by side, two to a row
    let cols = families.len().min(2);
    let rows = families.len().div_ceil(2);
    let panels = chart_area.split_evenly((rows, cols));
    let marks = checkpoints(max_steps);
    let top = groups
        .iter()
        .flat_map(|(_, g)| g.runs.iter().filter_map(|r| r.curve.first().copied()))
        .max()
        .unwrap_or(1) as f64;
    for (panel, &f) in panels.iter().zip(&families) {
        let mine: Vec<&(usize, &Group)> = groups
            .iter()
            .filter(|(_, g)| family(g).step_unit() == f.step_unit())
            .collect();
        let last = mine
            .iter()
            .flat_map(|(_, g)| g.runs.iter().filter_map(|r| r.steps))
            .max()
            .unwrap_or(1)
            .max(2);
        let shown = marks.iter().take_while(|&&m| m <= last).count().max(2);
        let title = if families.len() == 1 {
            tr!(lang, "plot-cost-title")
        } else {
            tr!(
                lang,
                "plot-cost-by",
                unit = lang.word("unit", f.step_unit())
            )
        };
        let small = families.len() > 2;
        let mut chart = ChartBuilder::on(panel)
            .caption(title, (FONT, if small { 22 } else { 28 }))
            .margin(12)
            .x_label_area_size(if small { 48 } else { 60 })
            .y_label_area_size(60)
            .build_cartesian_2d((1.0..marks[shown - 1] as f64).log_scale(), 0.0..top * 1.05)?;
        chart
            .configure_mesh()
            .light_line_style(TRANSPARENT)
            .x_desc(tr!(
                lang,
                "plot-log-scale",
                unit = lang.word("unit", f.step_unit())
            ))
            .y_desc(if small {
                tr!(lang, "plot-best-cost")
            } else {
                tr!(lang, "plot-best-cost-units")
            })
            .x_label_formatter(&|v| power_of_ten_tick(lang, *v))
            .y_label_formatter(&|v| count_tick(lang, *v))
            .label_style((FONT, 18))
            .axis_desc_style((FONT, if small { 18 } else { 20 }))
            .draw()?;
        for &&(i, g) in &mine {
            let (color, _) = series_style(i);
            let band: Vec<(f64, f64, f64, f64)> = (1..shown)
                .map(|k| {
                    let mut v: Vec<f64> = g.runs.iter().map(|r| r.curve[k] as f64).collect();
                    v.sort_by(f64::total_cmp);
                    let q = |p| quantile(&v, p).unwrap_or(0.0);
                    (marks[k] as f64, q(0.25), q(0.5), q(0.75))
                })
                .collect();
            let mut poly: Vec<(f64, f64)> = band.iter().map(|b| (b.0, b.3)).collect();
            poly.extend(band.iter().rev().map(|b| (b.0, b.1)));
            chart.draw_series(std::iter::once(Polygon::new(
                poly,
                color.mix(0.15).filled(),
            )))?;
            series_line!(chart, band.iter().map(|b| (b.0, b.2)), i);
        }
    }
    let entries: Vec<(Sample, String)> = groups
        .iter()
        .map(|(i, g)| (Sample::Line(*i), shown(lang, &g.label)))
        .collect();
    draw_legend(&legend_area, &tr!(lang, "plot-settings"), &entries)
}

/// The deepest a search can go: one guess a cell of the largest grid. A depth a record gives
/// past it (a command's trace may name a metric `max_depth` and give it any number) is left out
/// of the histogram, whose bars would otherwise be counted in billions.
const DEEPEST: f64 = 625.0;

/// A depth as the histogram counts it: a whole number of guesses from 0 to [`DEEPEST`].
fn depth(d: f64) -> Option<u32> {
    (d.is_finite() && (0.0..=DEEPEST).contains(&d)).then_some(d as u32)
}

/// The exact search's maximum depth (`None` for local searches).
fn max_depth(r: &RunResult) -> Option<u32> {
    r.metrics.get("max_depth").and_then(depth)
}

/// The exact search's depth when it found the solution.
fn solution_depth(r: &RunResult) -> Option<u32> {
    r.metrics.get("depth").filter(|_| r.solved).and_then(depth)
}

/// The exact solver: histograms of maximum depth and of depth at the solution.
fn depth_histogram<DB: DrawingBackend>(
    lang: Lang,
    root: &DrawingArea<DB, Shift>,
    groups: &[&Group],
) -> PlotResult
where
    DB::ErrorType: 'static,
{
    let (chart_area, legend_area) = with_legend(root);
    let runs: Vec<&RunResult> = groups.iter().flat_map(|g| g.runs.iter().copied()).collect();
    let max_d = runs.iter().filter_map(|r| max_depth(r)).max().unwrap_or(1) + 1;
    let count = |f: &dyn Fn(&RunResult) -> Option<u32>| {
        let mut h = vec![0u32; max_d as usize + 1];
        for r in &runs {
            if let Some(d) = f(r) {
                h[d as usize] += 1;
            }
        }
        h
    };
    let maxd = count(&max_depth);
    let sold = count(&solution_depth);
    let top = maxd.iter().chain(&sold).copied().max().unwrap_or(1) as f64;
    let mut chart = ChartBuilder::on(&chart_area)
        .caption(tr!(lang, "plot-depth-title"), (FONT, 32))
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..(max_d + 1) as f64, 0.0..top * 1.1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(tr!(lang, "plot-depth-axis"))
        .y_desc(tr!(lang, "plot-runs"))
        .x_label_formatter(&|v| count_tick(lang, *v))
        .y_label_formatter(&|v| count_tick(lang, *v))
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 22))
        .draw()?;
    let mut entries = Vec::new();
    for (k, (h, name, color)) in [
        (&maxd, tr!(lang, "plot-max-depth"), PALETTE[1]),
        (&sold, tr!(lang, "plot-solution-depth"), PALETTE[0]),
    ]
    .into_iter()
    .enumerate()
    {
        let off = k as f64 * 0.4;
        chart.draw_series(h.iter().enumerate().map(|(d, &c)| {
            Rectangle::new(
                [(d as f64 + off, 0.0), (d as f64 + off + 0.4, c as f64)],
                color.mix(0.75).filled(),
            )
        }))?;
        entries.push((Sample::Bar(color), name.to_string()));
    }
    draw_legend(&legend_area, "", &entries)
}

/// A group's label as the figure's legend shows it: the algorithm and preset in the language
/// spoken, the parameters as `--set` takes them.
fn shown(lang: Lang, label: &str) -> String {
    lang.label(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_read_as_people_write_them() {
        assert_eq!(count_tick(Lang::En, 1_000_000.0), "1M");
        assert_eq!(count_tick(Lang::En, 80.0), "80");
        assert_eq!(count_tick(Lang::En, 1500.0), "1500");
        assert_eq!(count_tick(Lang::En, 20_000.0), "20k");
        assert_eq!(count_tick(Lang::En, 2_500_000.0), "2.5M");
        assert_eq!(time_tick(Lang::En, 1e-4), "100 µs");
        assert_eq!(time_tick(Lang::En, 0.0025), "2.5 ms");
        assert_eq!(time_tick(Lang::En, 1.0), "1 s");
    }

    #[test]
    fn ticks_take_the_languages_decimal_comma() {
        let (count, time) = (
            count_tick(Lang::Es, 2_500_000.0),
            time_tick(Lang::Es, 0.0025),
        );
        assert_eq!(count, "2,5M");
        assert_eq!(time, "2,5 ms");
    }

    #[test]
    fn a_long_legend_label_goes_on_over_lines_whole() {
        let label = "gradiente descendente (v. clásica)";
        assert_eq!(
            wrap(label, LEGEND_CHARS, 3),
            ["gradiente descendente (v.", "clásica)"]
        );
        assert_eq!(
            wrap("steepest (classic)", LEGEND_CHARS, 3),
            ["steepest (classic)"]
        );
        // too long for three lines: the third is cut, and says so
        let long = "a b c d e f g h i j k l m n o p q r s t u v w x y z ".repeat(3);
        let lines = wrap(&long, 10, 3);
        assert_eq!(lines.len(), 3);
        assert!(lines[2].ends_with('…'), "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 10), "{lines:?}");
    }

    #[test]
    fn every_series_of_a_figure_looks_different() {
        let styles: Vec<_> = (0..32).map(series_style).collect();
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert_ne!(a, b, "two series drawn alike");
            }
        }
        // neighbours differ in pattern too, not only in colour
        assert_ne!(series_style(0).1, series_style(1).1);
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config {
            cases: 12,
            rng_seed: proptest::test_runner::RngSeed::Fixed(54),
            ..Default::default()
        })]

        /// Records holding any numbers (a command's trace names its metrics as it likes, a
        /// record read back may hold any time) make every figure, in both formats, in bounded
        /// time: a depth past any grid, or not a number, is left out of the histogram.
        #[test]
        fn figures_of_records_with_any_numbers_are_drawn(
            runs in proptest::collection::vec(
                (
                    proptest::prop_oneof![
                        proptest::prelude::Just(f64::NAN),
                        proptest::prelude::Just(f64::INFINITY),
                        proptest::prelude::Just(1e308),
                        proptest::prelude::Just(-1.0),
                        proptest::prelude::Just(4e9),
                        0.0..700.0f64,
                        proptest::prelude::any::<f64>(),
                    ],
                    proptest::prelude::any::<f64>(),
                    proptest::prelude::any::<bool>(),
                    proptest::prelude::any::<u32>(),
                ),
                1..8,
            ),
            png in proptest::prelude::any::<bool>(),
        ) {
            let puzzle = crate::catalog::resolve_one("sudoku_7").unwrap();
            let marks = checkpoints(1000).len();
            let records: Vec<RunResult> = runs
                .iter()
                .enumerate()
                .map(|(i, &(depth, seconds, solved, cost))| {
                    let mut r = RunResult::new(&puzzle, if i % 2 == 0 { "exact" } else { "steepest" }, crate::engine::result::Ending::Solved);
                    r.label = format!("arm {}", i % 3);
                    r.solved = solved;
                    r.seconds = seconds;
                    r.steps = Some(cost as u64);
                    r.curve = vec![cost % 1000; marks];
                    r.metrics = crate::engine::result::Metrics(vec![
                        ("max_depth".into(), depth),
                        ("depth".into(), depth),
                    ]);
                    r
                })
                .collect();
            let groups: Vec<Group> = (0..3)
                .map(|a| Group {
                    label: format!("arm {a}"),
                    runs: records.iter().filter(|r| r.label == format!("arm {a}")).collect(),
                })
                .filter(|g| !g.runs.is_empty())
                .collect();
            let dir = tempfile::tempdir().unwrap();
            let format = if png { ImageFormat::Png } else { ImageFormat::Svg };
            let began = std::time::Instant::now();
            let written = write_all(Lang::En, dir.path(), &groups, 1000, format);
            proptest::prop_assert!(written.is_ok(), "{written:?}");
            proptest::prop_assert!(began.elapsed() < std::time::Duration::from_secs(60));
        }
    }
}
