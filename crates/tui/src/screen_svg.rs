//! The screen as SVG, cell by cell: the recorder's animation (the rows that change, each with
//! the time it shows) and a still's single frame. Text runs keep their colours and modifiers;
//! backgrounds are rectangles.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use super::theme::Palette;

/// An animated SVG being built: for every screen row, the distinct contents it had and when
/// each began. Only rows that change are written again, so a minute of a run stays small.
pub(crate) struct Movie {
    w: u16,
    h: u16,
    palette: Palette,
    rows: Vec<Vec<(f64, String)>>,
}

/// Pixels per character cell (a 14 px monospace font).
const CELL_W: f64 = 8.4;
const CELL_H: f64 = 17.0;

impl Movie {
    pub(crate) fn new(w: u16, h: u16, palette: Palette) -> Movie {
        Movie {
            w,
            h,
            palette,
            rows: vec![Vec::new(); h as usize],
        }
    }

    fn default_fg(&self) -> &'static str {
        page_colors(self.palette).0
    }

    fn default_bg(&self) -> &'static str {
        page_colors(self.palette).1
    }

    /// Note the screen at simulated time `t`.
    pub(crate) fn frame(&mut self, t: f64, buf: &Buffer) {
        for y in 0..self.h {
            let svg = self.row_svg(buf, y);
            let row = &mut self.rows[y as usize];
            if row.last().is_none_or(|(_, last)| *last != svg) {
                row.push((t, svg));
            }
        }
    }

    /// One row as SVG: backgrounds other than the page's as rects (one per run of a colour),
    /// text runs as tspans at their columns.
    fn row_svg(&self, buf: &Buffer, y: u16) -> String {
        let mut rects = String::new();
        let mut text = String::new();
        let top = y as f64 * CELL_H;
        // the background run being drawn: first column, colour
        let mut fill: Option<(u16, String)> = None;
        let paint = |rects: &mut String, upto: u16, fill: &mut Option<(u16, String)>| {
            if let Some((from, bg)) = fill.take() {
                rects.push_str(&format!(
                    r#"<rect x="{:.1}" y="{top:.1}" width="{:.1}" height="{CELL_H}" fill="{bg}"/>"#,
                    from as f64 * CELL_W,
                    (upto - from) as f64 * CELL_W
                ));
            }
        };
        let mut x = 0;
        while x < self.w {
            let cell = &buf[(x, y)];
            let style = cell.style();
            let reversed = style.add_modifier.contains(Modifier::REVERSED);
            let (mut fg, mut bg) = (color(style.fg), color(style.bg));
            if reversed {
                std::mem::swap(&mut fg, &mut bg);
                fg = fg.or(Some(self.default_bg().to_string()));
                bg = bg.or(Some(self.default_fg().to_string()));
            }
            // a run of cells in the same style
            let mut run = String::new();
            let start = x;
            while x < self.w && buf[(x, y)].style() == style {
                run.push_str(buf[(x, y)].symbol());
                x += 1;
            }
            let px = start as f64 * CELL_W;
            let bg = bg.filter(|b| b != self.default_bg());
            if fill.as_ref().map(|f| &f.1) != bg.as_ref() {
                paint(&mut rects, start, &mut fill);
                fill = bg.map(|b| (start, b));
            }
            if run.trim().is_empty() {
                continue;
            }
            let mut attrs = format!(r#" x="{px:.1}""#);
            if let Some(fg) = fg {
                attrs.push_str(&format!(r#" fill="{fg}""#));
            }
            let m = style.add_modifier;
            if m.contains(Modifier::BOLD) {
                attrs.push_str(r#" font-weight="bold""#);
            }
            if m.contains(Modifier::ITALIC) {
                attrs.push_str(r#" font-style="italic""#);
            }
            if m.contains(Modifier::UNDERLINED) {
                attrs.push_str(r#" text-decoration="underline""#);
            }
            if m.contains(Modifier::DIM) {
                attrs.push_str(r#" opacity="0.6""#);
            }
            text.push_str(&format!("<tspan{attrs}>{}</tspan>", escape(&run)));
        }
        paint(&mut rects, self.w, &mut fill);
        let baseline = top + CELL_H * 0.78;
        format!(r#"{rects}<text y="{baseline:.1}">{text}</text>"#)
    }

    /// The whole animation, `end` seconds long; it plays once and holds its last frame.
    pub(crate) fn svg(&self, end: f64) -> String {
        let (pw, ph) = (self.w as f64 * CELL_W, self.h as f64 * CELL_H);
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw:.0}" height="{ph:.0}" viewBox="0 0 {pw:.1} {ph:.1}">
<style>text{{font-family:'DejaVu Sans Mono',Menlo,Consolas,'Liberation Mono',monospace;font-size:14px;white-space:pre;fill:{fg}}}</style>
<rect width="100%" height="100%" fill="{bg}"/>
"#,
            fg = self.default_fg(),
            bg = self.default_bg()
        );
        for versions in &self.rows {
            for (k, (start, svg)) in versions.iter().enumerate() {
                let stop = versions.get(k + 1).map_or(end, |(t, _)| *t);
                if k == 0 && versions.len() == 1 {
                    out.push_str(&format!("<g>{svg}</g>\n"));
                    continue;
                }
                let last = k + 1 == versions.len();
                out.push_str(&format!(
                    r#"<g visibility="hidden"><set attributeName="visibility" to="visible" begin="{start:.3}s" dur="{:.3}s" fill="{}"/>{svg}</g>
"#,
                    (stop - start).max(0.001),
                    if last { "freeze" } else { "remove" }
                ));
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

/// The page's text and background colours of a theme, as a terminal with that theme shows them.
pub(crate) fn page_colors(palette: Palette) -> (&'static str, &'static str) {
    match palette {
        Palette::Light => ("#000000", "#ffffff"),
        _ => ("#e4e4e4", "#1c1c1c"),
    }
}

/// One screen as a still SVG (the recorder's drawing, one frame that never changes).
pub fn still_svg(buf: &Buffer, palette: Palette) -> String {
    let mut movie = Movie::new(buf.area.width, buf.area.height, palette);
    movie.frame(0.0, buf);
    movie.svg(0.0)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A terminal colour as an SVG colour (`None`: the default).
pub(crate) fn color(c: Option<Color>) -> Option<String> {
    const BASIC: [&str; 16] = [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
    ];
    let hex = |r: u8, g: u8, b: u8| format!("#{r:02x}{g:02x}{b:02x}");
    Some(match c? {
        Color::Reset => return None,
        Color::Black => BASIC[0].into(),
        Color::Red => BASIC[1].into(),
        Color::Green => BASIC[2].into(),
        Color::Yellow => BASIC[3].into(),
        Color::Blue => BASIC[4].into(),
        Color::Magenta => BASIC[5].into(),
        Color::Cyan => BASIC[6].into(),
        Color::Gray => BASIC[7].into(),
        Color::DarkGray => BASIC[8].into(),
        Color::LightRed => BASIC[9].into(),
        Color::LightGreen => BASIC[10].into(),
        Color::LightYellow => BASIC[11].into(),
        Color::LightBlue => BASIC[12].into(),
        Color::LightMagenta => BASIC[13].into(),
        Color::LightCyan => BASIC[14].into(),
        Color::White => BASIC[15].into(),
        Color::Rgb(r, g, b) => hex(r, g, b),
        Color::Indexed(i) => match i {
            0..=15 => BASIC[i as usize].into(),
            16..=231 => {
                let k = i - 16;
                let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
                hex(level(k / 36), level(k / 6 % 6), level(k % 6))
            }
            _ => {
                let v = 8 + 10 * (i - 232);
                hex(v, v, v)
            }
        },
    })
}
