//! SVG figures of an experiment (plotters), one figure per file, sized for a slide (1280x720).

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::experiment::{RunRecord, checkpoints};
use super::stats::{quantile, wilson};

const SIZE: (u32, u32) = (1280, 720);
const FONT: &str = "sans-serif";
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// The runs of one arm, under its label.
pub struct Group<'a> {
    pub label: String,
    pub runs: Vec<&'a RunRecord>,
}

/// Write every figure that fits the data into `dir`; returns the files written.
pub fn write_all(dir: &Path, groups: &[Group], max_steps: u64) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut written = Vec::new();
    let mut emit = |name: &str, f: &dyn Fn(&Path) -> PlotResult| -> Result<(), String> {
        let path = dir.join(name);
        f(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
        Ok(())
    };
    emit("success_rate.svg", &|p| success_rate(p, groups))?;
    emit("time_to_solution_cdf.svg", &|p| time_cdf(p, groups))?;
    let local: Vec<&Group> = groups
        .iter()
        .filter(|g| g.runs.iter().all(|r| r.max_depth.is_none()))
        .collect();
    if !local.is_empty() {
        emit("cost_vs_step.svg", &|p| cost_curves(p, &local, max_steps))?;
    }
    let exact: Vec<&Group> = groups
        .iter()
        .filter(|g| g.runs.iter().any(|r| r.max_depth.is_some()))
        .collect();
    if !exact.is_empty() {
        emit("exact_depth_histogram.svg", &|p| depth_histogram(p, &exact))?;
    }
    Ok(written)
}

/// The legend box every line figure uses.
fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .label_font((FONT, 22))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())
}

fn success_rate(path: &Path, groups: &[Group]) -> PlotResult {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let n = groups.len();
    // algorithm i sits at x = i; its bar spans i ± 0.35
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Success rate per algorithm (95% Wilson interval)",
            (FONT, 32),
        )
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.08f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n.max(1))
        .y_desc("runs solved")
        .x_desc("algorithm")
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                groups
                    .get(i as usize)
                    .map(|g| g.label.clone())
                    .unwrap_or_default()
            } else {
                String::new()
            }
        })
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 24))
        .draw()?;
    for (i, g) in groups.iter().enumerate() {
        let k = g.runs.iter().filter(|r| r.solved).count();
        let rate = k as f64 / g.runs.len().max(1) as f64;
        let color = PALETTE[i % PALETTE.len()];
        let x = i as f64;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(x - 0.35, 0.0), (x + 0.35, rate)],
            color.mix(0.7).filled(),
        )))?;
        let (lo, hi) = wilson(k, g.runs.len());
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x, lo), (x, hi)],
            BLACK.stroke_width(3),
        )))?;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x - 0.05, lo), (x + 0.05, lo)],
            BLACK.stroke_width(3),
        )))?;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x - 0.05, hi), (x + 0.05, hi)],
            BLACK.stroke_width(3),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            format!("{k}/{}", g.runs.len()),
            (x + 0.07, (hi + 0.03).min(1.05)),
            (FONT, 20),
        )))?;
    }
    root.present()?;
    Ok(())
}

/// Fraction of all runs solved within t seconds, per algorithm (log time axis).
fn time_cdf(path: &Path, groups: &[Group]) -> PlotResult {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let times: Vec<f64> = groups
        .iter()
        .flat_map(|g| g.runs.iter().filter(|r| r.solved).map(|r| r.seconds))
        .collect();
    let lo = times
        .iter()
        .cloned()
        .fold(f64::INFINITY, f64::min)
        .max(1e-7);
    let hi = times.iter().cloned().fold(0.0, f64::max).max(lo * 10.0);
    let lo = if lo.is_finite() { lo / 2.0 } else { 1e-6 };
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Time to solution: fraction of runs solved within t",
            (FONT, 32),
        )
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d((lo..hi * 2.0).log_scale(), 0.0..1.05f64)?;
    chart
        .configure_mesh()
        .x_desc("time t (seconds, log scale)")
        .y_desc("fraction of runs solved")
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_label_formatter(&|v| format!("{v:.0e}"))
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 24))
        .draw()?;
    for (i, g) in groups.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let mut solved: Vec<f64> = g
            .runs
            .iter()
            .filter(|r| r.solved)
            .map(|r| r.seconds.max(lo))
            .collect();
        solved.sort_by(f64::total_cmp);
        let n = g.runs.len().max(1) as f64;
        let mut pts = vec![(lo, 0.0)];
        for (k, t) in solved.iter().enumerate() {
            pts.push((*t, k as f64 / n));
            pts.push((*t, (k + 1) as f64 / n));
        }
        pts.push((hi * 2.0, solved.len() as f64 / n));
        chart
            .draw_series(LineSeries::new(pts, color.stroke_width(3)))?
            .label(g.label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 30, y)], color.stroke_width(3))
            });
    }
    legend(&mut chart, SeriesLabelPosition::LowerRight)?;
    root.present()?;
    Ok(())
}

/// Median best cost against step, with the interquartile band, per algorithm (log step axis).
fn cost_curves(path: &Path, groups: &[&Group], max_steps: u64) -> PlotResult {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let marks = checkpoints(max_steps);
    let last = groups
        .iter()
        .flat_map(|g| g.runs.iter().map(|r| r.steps))
        .max()
        .unwrap_or(1)
        .max(2);
    let shown = marks.iter().take_while(|&&m| m <= last).count().max(2);
    let top = groups
        .iter()
        .flat_map(|g| g.runs.iter().filter_map(|r| r.curve.first().copied()))
        .max()
        .unwrap_or(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Best cost against step: median and interquartile band",
            (FONT, 32),
        )
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d((1.0..marks[shown - 1] as f64).log_scale(), 0.0..top * 1.05)?;
    chart
        .configure_mesh()
        .x_desc("step (log scale)")
        .y_desc("best cost (missing unit values)")
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 24))
        .draw()?;
    for (i, g) in groups.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
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
        chart.draw_series(std::iter::once(Polygon::new(poly, color.mix(0.2).filled())))?;
        chart
            .draw_series(LineSeries::new(
                band.iter().map(|b| (b.0, b.2)),
                color.stroke_width(3),
            ))?
            .label(g.label.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 30, y)], color.stroke_width(3))
            });
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present()?;
    Ok(())
}

/// The exact solver: histograms of maximum depth and of depth at the solution.
fn depth_histogram(path: &Path, groups: &[&Group]) -> PlotResult {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let runs: Vec<&RunRecord> = groups.iter().flat_map(|g| g.runs.iter().copied()).collect();
    let max_d = runs.iter().filter_map(|r| r.max_depth).max().unwrap_or(1) + 1;
    let count = |f: &dyn Fn(&RunRecord) -> Option<u32>| {
        let mut h = vec![0u32; max_d as usize + 1];
        for r in &runs {
            if let Some(d) = f(r) {
                h[d as usize] += 1;
            }
        }
        h
    };
    let maxd = count(&|r| r.max_depth);
    let sold = count(&|r| r.solution_depth);
    let top = maxd.iter().chain(&sold).copied().max().unwrap_or(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Exact solver: maximum depth and depth at the solution",
            (FONT, 32),
        )
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..(max_d + 1) as f64, 0.0..top * 1.1)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("depth (open guesses)")
        .y_desc("puzzles")
        .label_style((FONT, 20))
        .axis_desc_style((FONT, 24))
        .draw()?;
    for (k, (h, name, color)) in [
        (&maxd, "maximum depth", PALETTE[3]),
        (&sold, "depth at solution", PALETTE[0]),
    ]
    .into_iter()
    .enumerate()
    {
        let off = k as f64 * 0.4;
        chart
            .draw_series(h.iter().enumerate().map(|(d, &c)| {
                Rectangle::new(
                    [(d as f64 + off, 0.0), (d as f64 + off + 0.4, c as f64)],
                    color.mix(0.75).filled(),
                )
            }))?
            .label(name)
            .legend(move |(x, y)| Rectangle::new([(x, y - 8), (x + 20, y + 8)], color.filled()));
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)?;
    root.present()?;
    Ok(())
}
