//! The chart's own drawing against ratatui's, and over any number.

use super::*;
use ratatui::layout::Constraint;
use ratatui::symbols::Marker;
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, LegendPosition, Widget};

/// A small deterministic source of numbers for the test's series.
struct Numbers(u64);
impl Numbers {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn labels(of: &[&'static str]) -> Vec<Line<'static>> {
    of.iter().map(|s| Line::from(*s)).collect()
}

/// The chart drawn by ratatui from the data, and drawn as `chart.rs` draws it: our dots,
/// then ratatui's chart with the same axes and no data over them (with the series' names
/// in a legend over the lines, when `legend`).
fn both(
    (size, legend): ((u16, u16), bool),
    sets: &[(Vec<(f64, f64)>, Color)],
    bounds: ([f64; 2], [f64; 2]),
    (xl, yl): (Vec<Line<'static>>, Vec<Line<'static>>),
) -> (Buffer, Buffer) {
    let area = Rect::new(0, 0, size.0, size.1);
    let chart = |with_data: bool| {
        let datasets = sets
            .iter()
            .enumerate()
            .map(|(k, (pts, c))| {
                let d = Dataset::default()
                    .name(format!("series {k}"))
                    .marker(Marker::Braille)
                    .graph_type(GraphType::Line)
                    .style(Style::default().fg(*c));
                if with_data { d.data(pts) } else { d }
            })
            .collect();
        let all = Constraint::Percentage(100);
        Chart::new(datasets)
            .legend_position(legend.then_some(LegendPosition::TopRight))
            .hidden_legend_constraints((all, all))
            .block(Block::bordered().title("cost"))
            .x_axis(
                Axis::default()
                    .title("step")
                    .bounds(bounds.0)
                    .labels(xl.clone()),
            )
            .y_axis(Axis::default().bounds(bounds.1).labels(yl.clone()))
    };
    let mut theirs = Buffer::empty(area);
    chart(true).render(area, &mut theirs);
    let mut ours = Buffer::empty(area);
    let inner = Block::bordered().inner(area);
    if let Some(graph) = graph_area(inner, &xl, &yl) {
        let series: Vec<Series> = sets
            .iter()
            .map(|(pts, c)| Series {
                points: pts,
                color: *c,
            })
            .collect();
        draw(&mut ours, graph, bounds, &series);
    }
    chart(false).render(area, &mut ours);
    (theirs, ours)
}

#[test]
fn the_dots_are_ratatuis_dots() {
    let mut n = Numbers(7);
    let sizes = [
        (50, 12),
        (110, 20),
        (7, 5),
        (30, 3),
        (12, 30),
        (3, 3),
        (80, 9),
    ];
    let label_sets = [
        (labels(&["0", "1024", "2048"]), labels(&["0", "20", "40"])),
        (vec![], labels(&["0", "12.5"])),
        (vec![], vec![]),
        (labels(&["123456", "7"]), vec![]),
    ];
    // what the rounds drew, so that the comparison is not of empty charts
    let (mut dotted, mut legends) = (0, 0);
    for round in 0..60 {
        let size = sizes[round % sizes.len()];
        let (xl, yl) = label_sets[round % label_sets.len()].clone();
        let len = [0, 1, 2, 5, 40, 511][round % 6];
        let x1 = 1.0 + n.next() * 5000.0;
        let ymax = 1.0 + n.next() * 80.0;
        // some rounds put points outside the bounds (a point that is not a number is left
        // out here, where ratatui puts it on an edge: `numbers_of_any_size_draw_in_bounds`)
        let wild = round % 5 == 4;
        let sets: Vec<(Vec<(f64, f64)>, Color)> = (0..3)
            .map(|k| {
                let pts = (0..len)
                    .map(|i| {
                        let x = x1 * i as f64 / len.max(2) as f64;
                        let mut y = n.next() * ymax * 1.05;
                        if wild && i % 7 == 3 {
                            y = if i % 2 == 0 { -ymax } else { ymax * 3.0 };
                        }
                        (x, y)
                    })
                    .collect();
                (pts, [Color::Red, Color::Green, Color::Blue][k])
            })
            .collect();
        let legend = round % 3 == 1;
        let (theirs, ours) = both(
            (size, legend),
            &sets,
            ([0.0, x1], [0.0, ymax * 1.05]),
            (xl, yl),
        );
        assert_eq!(theirs, ours, "round {round}: {size:?}, {len} points");
        let text: String = theirs.content().iter().map(|c| c.symbol()).collect();
        dotted += usize::from(text.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)));
        legends += usize::from(text.contains("series 2"));
    }
    assert!(dotted >= 40, "{dotted} of 60 charts had dots");
    assert!(legends >= 5, "{legends} charts showed a legend");
}

#[test]
fn rounding_is_the_standard_librarys() {
    let mut n = Numbers(3);
    let mut values = vec![
        0.0,
        0.5,
        1.5,
        2.5,
        0.49999999999999994,
        4503599627370495.5,
        9.3e18,
        1e300,
    ];
    values.extend((0..10_000).map(|i| n.next() * 10f64.powi(i % 8)));
    values.extend((0..1_000).map(|i| i as f64 / 2.0));
    for v in values {
        assert_eq!(round(v), v.round() as usize, "{v}");
    }
    assert_eq!(round(f64::NAN), 0);
}

#[test]
fn bounds_of_no_width_draw_nothing() {
    let area = Rect::new(0, 0, 10, 4);
    let mut buf = Buffer::empty(area);
    let pts = [(1.0, 1.0), (1.0, 2.0)];
    let series = [Series {
        points: &pts,
        color: Color::Red,
    }];
    draw(&mut buf, area, ([1.0, 1.0], [0.0, 3.0]), &series);
    assert_eq!(buf, Buffer::empty(area));
    draw(&mut buf, area, ([0.0, 3.0], [0.0, 3.0]), &series);
    assert_ne!(
        buf,
        Buffer::empty(area),
        "the same points are drawn in wider bounds"
    );
}

/// Every kind of double as a point and as a bound: the drawing ends, every dot on the
/// canvas, and a point that is not finite is left out with the lines to it.
#[test]
fn numbers_of_any_size_draw_in_bounds() {
    let odd = [
        0.0,
        -0.0,
        f64::MIN_POSITIVE / 4.0,
        1.0,
        -1.0,
        1e307,
        -1e307,
        1e308,
        f64::MAX,
        -f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    let area = Rect::new(0, 0, 17, 6);
    for &lo in &odd {
        for &hi in &odd {
            for &a in &odd {
                for &b in &odd {
                    let pts = [(lo, a), (a, b), (hi, hi), (b, lo), (0.0, a)];
                    let series = [Series {
                        points: &pts,
                        color: Color::Red,
                    }];
                    let mut buf = Buffer::empty(area);
                    draw(&mut buf, area, ([lo, hi], [lo, hi]), &series);
                    draw(&mut buf, area, ([-1.0, 1.0], [lo, hi]), &series);
                    draw(&mut buf, area, ([lo, hi], [-f64::MAX, f64::MAX]), &series);
                }
            }
        }
    }
    // the finite points of a line broken by one that is not
    let area = Rect::new(0, 0, 4, 1);
    let pts = [(0.0, 0.0), (1.0, f64::INFINITY), (2.0, 0.0)];
    let mut buf = Buffer::empty(area);
    let series = [Series {
        points: &pts,
        color: Color::Red,
    }];
    draw(&mut buf, area, ([0.0, 2.0], [0.0, 1.0]), &series);
    let drawn: String = buf.content().iter().map(|c| c.symbol()).collect();
    assert_eq!(drawn.chars().filter(|&c| c != ' ').count(), 2, "{drawn:?}");
    // a span wider than a double holds, measured in halves
    let pts = [(-f64::MAX, -f64::MAX), (f64::MAX, f64::MAX)];
    let series = [Series {
        points: &pts,
        color: Color::Red,
    }];
    let mut buf = Buffer::empty(area);
    draw(
        &mut buf,
        area,
        ([-f64::MAX, f64::MAX], [-f64::MAX, f64::MAX]),
        &series,
    );
    let drawn: String = buf.content().iter().map(|c| c.symbol()).collect();
    assert!(drawn.chars().all(|c| c != ' '), "a line across: {drawn:?}");
}
