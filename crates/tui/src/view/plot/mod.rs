//! The chart's lines as Braille dots, written straight into the frame's cells. They are the
//! dots ratatui's `Chart` draws for a line dataset (each point placed as its canvas places it,
//! the segments between them drawn by Bresenham's rule, a later series' cell over an earlier
//! one's), but each point is placed once rather than once for each segment it ends, a run of
//! dots down a column is set a cell at a time, and no layer is built for each series: a chart
//! of a long run is drawn in less than half the time. The axes, labels, title and legend stay
//! ratatui's: [`graph_area`] gives the rectangle `Chart` keeps for its lines, and the chart is
//! rendered over the dots with no data of its own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::braille::BRAILLE;
use ratatui::text::Line;

/// One line of the chart: its points, in order, and its colour.
pub struct Series<'a> {
    /// (x, y), in the order the line joins them.
    pub points: &'a [(f64, f64)],
    /// The dots' colour.
    pub color: Color,
}

impl<'a> Series<'a> {
    /// A line in a style's colour, as `Chart` takes a dataset's (the terminal's own without one).
    pub fn of(points: &'a [(f64, f64)], style: Style) -> Series<'a> {
        Series {
            points,
            color: style.fg.unwrap_or(Color::Reset),
        }
    }
}

/// The largest finite value of `values`, at least `floor`: what an axis from 0 must reach (a
/// value that is not finite is left out of the chart).
pub fn highest(values: impl Iterator<Item = f64>, floor: f64) -> f64 {
    values.filter(|v| v.is_finite()).fold(floor, f64::max)
}

/// The top of an axis that reaches `high` with a twentieth to spare, within the doubles.
pub fn headroom(high: f64) -> f64 {
    (high * 1.05).min(f64::MAX)
}

/// Where `y` lies from `lo` (0) to `hi` (1), measured in halves so that no span overflows; a
/// flat series lies at 0, a value that is not finite is not a number (left out).
pub fn share(y: f64, lo: f64, hi: f64) -> f64 {
    if !y.is_finite() {
        return f64::NAN;
    }
    if hi > lo {
        (y / 2.0 - lo / 2.0) / (hi / 2.0 - lo / 2.0)
    } else {
        0.0
    }
}

/// The lines of a chart whose block's inner area is `inner` and whose axes have `labels` (x,
/// then y), drawn where `Chart` would draw them; the chart, given no data, is rendered over
/// them next.
pub fn lines(
    buf: &mut Buffer,
    inner: Rect,
    (x_labels, y_labels): (&[Line], &[Line]),
    bounds: ([f64; 2], [f64; 2]),
    series: &[Series],
) {
    if let Some(area) = graph_area(inner, x_labels, y_labels) {
        draw(buf, area, bounds, series);
    }
}

/// Where `Chart` draws its lines inside `inner` (its block's inner area), given the labels of
/// its x axis and y axis (the x labels aligned left, as by default); `None` when it draws none.
pub fn graph_area(inner: Rect, x_labels: &[Line], y_labels: &[Line]) -> Option<Rect> {
    if inner.is_empty() {
        return None;
    }
    let mut x = inner.left();
    let mut y = inner.bottom() - 1;
    if !x_labels.is_empty() && y > inner.top() {
        y -= 1;
    }
    // the widest y label, or what the first x label needs left of the y axis, at most a third
    let left_of_axis = y_labels.iter().map(Line::width).max().unwrap_or(0) as u16;
    let first_x = x_labels.first().map_or(0, |l| {
        (l.width() as u16).saturating_sub(u16::from(!y_labels.is_empty()))
    });
    x += left_of_axis.max(first_x).min(inner.width / 3);
    if !x_labels.is_empty() && y > inner.top() {
        y -= 1;
    }
    if !y_labels.is_empty() && x + 1 < inner.right() {
        x += 1;
    }
    let area = Rect::new(
        x,
        inner.top(),
        inner.right().saturating_sub(x),
        y.saturating_sub(inner.top()).saturating_add(1),
    );
    (!area.is_empty()).then_some(area)
}

/// The dots of `series` within `x` and `y` (each `[low, high]`), written into `area` of `buf`.
pub fn draw(buf: &mut Buffer, area: Rect, (x, y): ([f64; 2], [f64; 2]), series: &[Series]) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    let canvas = Canvas::new(area, x, y);
    // the last series with a dot in a cell gives the cell its pattern and colour
    let mut top: Vec<(u8, Option<Color>)> = vec![(0, None); canvas.cells()];
    let mut dots = vec![0u8; canvas.cells()];
    for s in series {
        dots.fill(0);
        canvas.series(s.points, &mut dots);
        for (cell, &d) in top.iter_mut().zip(&dots) {
            if d != 0 {
                *cell = (d, Some(s.color));
            }
        }
    }
    let width = area.width as usize;
    for (i, &(pattern, color)) in top.iter().enumerate() {
        if let Some(color) = color {
            let at = (area.x + (i % width) as u16, area.y + (i / width) as u16);
            buf[at].set_char(BRAILLE[pattern as usize]).set_fg(color);
        }
    }
}

/// A dot: across and down from the top left, in dots.
type Dot = (usize, usize);

/// Where the dots go: an area of Braille cells, two dots wide and four high each, showing
/// `x` by `y`.
struct Canvas {
    width: usize,
    height: usize,
    x: [f64; 2],
    y: [f64; 2],
}

impl Canvas {
    fn new(area: Rect, x: [f64; 2], y: [f64; 2]) -> Canvas {
        Canvas {
            width: area.width as usize,
            height: area.height as usize,
            x,
            y,
        }
    }

    fn cells(&self) -> usize {
        self.width * self.height
    }

    fn inside(&self, (x, y): (f64, f64)) -> bool {
        x >= self.x[0] && x <= self.x[1] && y >= self.y[0] && y <= self.y[1]
    }

    /// The dot a point inside the bounds falls on, counted from the top left; `None` for a
    /// point outside them or not a number, and for bounds that are empty or not numbers. Any
    /// finite bounds and point give a dot on the canvas: a span too wide for a double (from
    /// -1e308 to 1e308) is measured in halves.
    fn dot(&self, (x, y): (f64, f64)) -> Option<Dot> {
        if !self.inside((x, y)) {
            return None;
        }
        let across = (self.width * 2) as f64 - 1.0;
        let down = (self.height * 4) as f64 - 1.0;
        Some((
            along(x - self.x[0], self.x, across, || x / 2.0 - self.x[0] / 2.0)?,
            along(self.y[1] - y, self.y, down, || self.y[1] / 2.0 - y / 2.0)?,
        ))
    }

    fn paint(&self, dots: &mut [u8], (x, y): Dot) {
        self.column(dots, x, y, y);
    }

    /// The dots of column `x` from row `top` to `bottom`, a cell's worth at a time.
    fn column(&self, dots: &mut [u8], x: usize, top: usize, bottom: usize) {
        let (across, side) = (x / 2, x % 2);
        let mut y = top;
        while y <= bottom {
            let row = y / 4;
            let end = bottom.min(row * 4 + 3);
            // this side's dots (bits side, side + 2, side + 4, side + 6), rows y to end
            let mask =
                (0x55u8 << side) & (0xFFu8 << (2 * (y % 4))) & (0xFFu8 >> (6 - 2 * (end % 4)));
            if let Some(cell) = dots.get_mut(row * self.width + across) {
                *cell |= mask;
            }
            y = end + 1;
        }
    }

    /// Every point's dot, and a line between each two in turn (the part of it inside the
    /// bounds, when an end lies outside).
    fn series(&self, points: &[(f64, f64)], dots: &mut [u8]) {
        // the point before, and its dot when it is inside
        let mut last: Option<((f64, f64), Option<Dot>)> = None;
        for &p in points {
            if !(p.0.is_finite() && p.1.is_finite()) {
                // left out, and the line broken there: nothing is drawn towards it
                last = None;
                continue;
            }
            let here = self.dot(p);
            if let Some(d) = here {
                self.paint(dots, d);
            }
            if let Some((before, there)) = last {
                let ends = match (there, here) {
                    (Some(a), Some(b)) => Some((a, b)),
                    _ => self.clipped(before, p),
                };
                if let Some((a, b)) = ends {
                    line(a, b, |x, top, bottom| self.column(dots, x, top, bottom));
                }
            }
            last = Some((p, here));
        }
    }

    /// The dots at the ends of the part of a segment inside the bounds.
    fn clipped(&self, a: (f64, f64), b: (f64, f64)) -> Option<(Dot, Dot)> {
        use line_clipping::{LineSegment, Point, Window, cohen_sutherland};
        let window = Window::new(self.x[0], self.x[1], self.y[0], self.y[1]);
        let segment = LineSegment::new(Point::new(a.0, a.1), Point::new(b.0, b.1));
        let part = cohen_sutherland::clip_line(segment, window)?;
        Some((
            self.dot((part.p1.x, part.p1.y))?,
            self.dot((part.p2.x, part.p2.y))?,
        ))
    }
}

/// How many of `dots` a point lies along an axis of `bounds`, `offset` from its start: `offset`
/// scaled as the canvas scales it, or, where that overflows, `halved()` (the same offset in
/// halves) over the half span; clamped to the axis. `None` for bounds that are empty or not
/// numbers.
fn along(offset: f64, bounds: [f64; 2], dots: f64, halved: impl Fn() -> f64) -> Option<usize> {
    let span = bounds[1] - bounds[0];
    if !(bounds[0].is_finite() && bounds[1].is_finite() && span > 0.0) {
        return None;
    }
    let mut at = offset * dots / span;
    if !at.is_finite() {
        at = halved() / (bounds[1] / 2.0 - bounds[0] / 2.0) * dots;
    }
    at.is_finite().then(|| round(at.clamp(0.0, dots)))
}

/// `v` (at least 0, or not a number) to the nearest whole number, halves away from zero, as
/// `f64::round` does, without its call into the maths library (a conversion to a signed
/// integer truncates in one instruction); not a number gives 0, too large the largest.
fn round(v: f64) -> usize {
    // from 2^52 on every value is whole; not a number goes the same way (to 0)
    if v.is_nan() || v >= 4_503_599_627_370_496.0 {
        return v as usize;
    }
    let whole = v as i64 as f64;
    (if v - whole >= 0.5 { whole + 1.0 } else { whole }) as usize
}

/// Bresenham's line from `a` to `b`, drawn from the end with the lower coordinate along its
/// longer extent, as runs of dots down one column each: `column(x, top, bottom)`.
fn line(a: Dot, b: Dot, mut column: impl FnMut(usize, usize, usize)) {
    let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    if dx == 0 {
        column(a.0, a.1.min(b.1), a.1.max(b.1));
    } else if dy == 0 {
        (a.0.min(b.0)..=a.0.max(b.0)).for_each(|x| column(x, a.1, a.1));
    } else if dy < dx {
        let (s, e) = if a.0 > b.0 { (b, a) } else { (a, b) };
        let (dx, dy) = (dx as isize, dy as isize);
        let mut d = 2 * dy - dx;
        let mut y = s.1;
        for x in s.0..=e.0 {
            column(x, y, y);
            if d > 0 {
                // (after the last dot the step is taken but not used)
                y = if s.1 > e.1 {
                    y.saturating_sub(1)
                } else {
                    y + 1
                };
                d -= 2 * dx;
            }
            d += 2 * dy;
        }
    } else {
        let (s, e) = if a.1 > b.1 { (b, a) } else { (a, b) };
        let (dx, dy) = (dx as isize, dy as isize);
        let mut d = 2 * dx - dy;
        let (mut x, mut from) = (s.0, s.1);
        for y in s.1..=e.1 {
            if d > 0 {
                column(x, from, y);
                from = y + 1;
                x = if s.0 > e.0 {
                    x.saturating_sub(1)
                } else {
                    x + 1
                };
                d -= 2 * dy;
            }
            d += 2 * dx;
        }
        if from <= e.1 {
            column(x, from, e.1);
        }
    }
}

#[cfg(test)]
mod tests;
