//! Recordings made without a terminal, for slides: a run drawn at a fixed size, frame by frame
//! on a simulated clock, written as asciicast v2 (`.cast`) or as one self-contained animated SVG
//! (`.svg`). No thread and no wall clock take part, so the same flags give the same bytes.
//!
//! The app is the visualiser's own, detached from runners: this module drives each pane's
//! [`Core`] itself, `speed` steps per simulated second, and feeds the reports as a runner would.

use std::path::PathBuf;

use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::app::{App, Options};
use super::cast::{Cast, Shared};
use super::theme::Palette;
use crate::engine::runner::{Core, WATCHED_SPEED};

/// Frames per simulated second.
const FPS: u32 = 20;
/// The simulated speed of `--speed max`.
const MAX_SPEED: f64 = 100_000.0;
/// How long the last frame is held after the run, in seconds.
const HOLD: f64 = 2.0;

/// What to record.
pub struct RecordOptions {
    /// The view: puzzle, algorithm, preset, parameters, seed, speed, theme, race.
    pub app: Options,
    /// Stop after this many steps of the first pane (or when every search ends).
    pub steps: Option<u64>,
    /// Stop after this many simulated seconds.
    pub seconds: Option<f64>,
    /// The screen size: columns and rows.
    pub size: (u16, u16),
    /// `.cast` or `.svg` (or, for a still, the name its .svg and .png take).
    pub out: PathBuf,
    /// Write the last frame as a still (SVG and PNG) instead of a recording.
    pub still: bool,
}

/// What a recording holds.
#[derive(Debug)]
pub struct Recorded {
    /// Frames written.
    pub frames: usize,
    /// Simulated seconds the recording lasts.
    pub seconds: f64,
    /// Steps the first pane took.
    pub steps: u64,
}

/// Record a run; the output's format follows its extension.
pub fn record(opts: RecordOptions) -> Result<Recorded, String> {
    if opts.steps.is_none() && opts.seconds.is_none() {
        return Err("say how long: --steps N or --seconds S".into());
    }
    let ext = opts.out.extension().and_then(|e| e.to_str());
    let svg = match ext.map(str::to_ascii_lowercase).as_deref() {
        _ if opts.still => true,
        Some("cast") => false,
        Some("svg") => true,
        _ => {
            return Err(format!(
                "{}: write a .cast (asciicast v2) or a .svg (an animation)",
                opts.out.display()
            ));
        }
    };
    let (w, h) = opts.size;
    if w < 40 || h < 12 || w > 400 || h > 200 {
        return Err(format!(
            "--size {}: give columns x rows between 40x12 and 400x200",
            if w == u16::MAX || h == u16::MAX {
                "larger than 400x200".to_string()
            } else {
                format!("{w}x{h}")
            }
        ));
    }
    let (tx, _rx) = crossbeam_channel::bounded(1);
    let mut app = App::detached(opts.app.clone(), tx);
    let speed = app.speed().unwrap_or(MAX_SPEED);
    let mut cores: Vec<Core> = app
        .panes
        .iter()
        .map(|p| Core::new(&p.setup(&app.puzzle, Some(speed), true, false)))
        .collect();
    let watched = speed <= WATCHED_SPEED;
    let area = Rect::new(0, 0, w, h);
    let bytes_out = Shared::default();
    let mut ansi = Terminal::with_options(
        CrosstermBackend::new(bytes_out.clone()),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )
    .map_err(|e| e.to_string())?;
    let mut test = Terminal::new(TestBackend::new(w, h)).map_err(|e| e.to_string())?;
    let mut cast = if svg || opts.still {
        None
    } else {
        Some(Cast::create(&opts.out, w, h).map_err(|e| cannot(&opts, e))?)
    };
    let mut movie = Movie::new(w, h, opts.app.theme.palette);
    let budget_steps = opts.steps.unwrap_or(u64::MAX);
    let budget_seconds = opts.seconds.unwrap_or(f64::INFINITY);
    let mut frame = 0u32;
    let mut owed = 0.0f64;
    loop {
        let t = frame as f64 / FPS as f64;
        for c in &cores {
            app.on_report(c.report(true, speed));
        }
        if svg {
            test.draw(|f| super::draw(f, &mut app))
                .map_err(|e| e.to_string())?;
            movie.frame(t, test.backend().buffer());
        } else {
            ansi.draw(|f| super::draw(f, &mut app))
                .map_err(|e| e.to_string())?;
            let bytes = bytes_out.take();
            if let Some(c) = &mut cast
                && !bytes.is_empty()
            {
                c.output(t, &String::from_utf8_lossy(&bytes))
                    .map_err(|e| cannot(&opts, e))?;
            }
        }
        let done = cores.iter().all(Core::ended)
            || cores[0].total_steps() >= budget_steps
            || t >= budget_seconds;
        if done {
            break;
        }
        // the steps of the next frame, on the simulated clock
        owed += speed / FPS as f64;
        let n = owed.floor() as u64;
        owed -= n as f64;
        for c in &mut cores {
            let n = n.min(budget_steps.saturating_sub(c.total_steps()));
            if watched {
                for _ in 0..n {
                    if c.ended() {
                        break;
                    }
                    c.step(true);
                }
            } else if n > 0 {
                c.advance(n);
            }
        }
        frame += 1;
    }
    let end = frame as f64 / FPS as f64 + HOLD;
    if let Some(c) = &mut cast {
        // an empty event holds the last frame on screen
        c.output(end, "").map_err(|e| cannot(&opts, e))?;
        c.finish().map_err(|e| cannot(&opts, e))?;
    }
    if opts.still {
        super::still::write(test.backend().buffer(), opts.app.theme.palette, &opts.out)?;
    } else if svg {
        std::fs::write(&opts.out, movie.svg(end)).map_err(|e| cannot(&opts, e))?;
    }
    Ok(Recorded {
        frames: frame as usize + 1,
        seconds: end,
        steps: cores[0].total_steps(),
    })
}

fn cannot(opts: &RecordOptions, e: std::io::Error) -> String {
    format!("cannot write {}: {e}", opts.out.display())
}

/// An animated SVG being built: for every screen row, the distinct contents it had and when
/// each began. Only rows that change are written again, so a minute of a run stays small.
struct Movie {
    w: u16,
    h: u16,
    palette: Palette,
    rows: Vec<Vec<(f64, String)>>,
}

/// Pixels per character cell (a 14 px monospace font).
const CELL_W: f64 = 8.4;
const CELL_H: f64 = 17.0;

impl Movie {
    fn new(w: u16, h: u16, palette: Palette) -> Movie {
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
    fn frame(&mut self, t: f64, buf: &Buffer) {
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
    fn svg(&self, end: f64) -> String {
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
