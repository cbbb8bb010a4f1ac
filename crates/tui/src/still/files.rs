//! Stills written as files: SVG and PNG side by side.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::prelude::*;
use plotters::style::FontStyle;
use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

use super::screen;
use crate::App;
use crate::screen_svg::{color, page_colors, still_svg};
use crate::theme::Palette;

/// Pixels per character cell, and the font's size in them.
const CELL_W: u32 = 10;
const CELL_H: u32 = 20;
const FONT_PX: f64 = 16.0;
const MONO: &str = "sudoscope-mono";

/// A still of what `app` shows at `width` x `height` (`W`), under the next free name in its
/// still directory; what the status line says of it.
pub fn of_app(app: &App, width: u16, height: u16) -> String {
    let lang = app.lang();
    let buf = screen(app, width, height);
    let stem = next_stem(&app.files_dir());
    match write(&buf, app.theme().palette, &stem) {
        Ok((svg, png)) => tr!(
            lang,
            "still-written",
            svg = svg.display().to_string(),
            png = png.display().to_string()
        ),
        Err(e) => e,
    }
}

/// Write `buf` as `stem.svg` and `stem.png`; returns the two paths.
pub fn write(buf: &Buffer, palette: Palette, stem: &Path) -> Result<(PathBuf, PathBuf), String> {
    let svg = stem.with_extension("svg");
    let png = stem.with_extension("png");
    std::fs::write(&svg, still_svg(buf, palette))
        .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
    write_png(buf, palette, &png).map_err(|e| format!("cannot write {}: {e}", png.display()))?;
    Ok((svg, png))
}

/// The first `sudoscope-still-N` in `dir` with neither an .svg nor a .png yet.
pub fn next_stem(dir: &Path) -> PathBuf {
    (1..)
        .map(|n| dir.join(format!("sudoscope-still-{n}")))
        .find(|s| !s.with_extension("svg").exists() && !s.with_extension("png").exists())
        .expect("a free name")
}

fn rgb(hex: &str) -> RGBColor {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    RGBColor((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The screen as a PNG: a cell's background as a rectangle, its symbol in the embedded
/// monospace font, braille (the charts' dots) as dots.
fn write_png(buf: &Buffer, palette: Palette, path: &Path) -> Result<(), String> {
    static FONT: OnceLock<()> = OnceLock::new();
    FONT.get_or_init(|| {
        let bytes: &'static [u8] =
            include_bytes!("../../../../assets/fonts/DejaVuSansMono-subset.ttf");
        let _ = plotters::style::register_font(MONO, FontStyle::Normal, bytes);
        let _ = plotters::style::register_font(MONO, FontStyle::Bold, bytes);
    });
    let (w, h) = (buf.area.width as u32, buf.area.height as u32);
    let (page_fg, page_bg) = page_colors(palette);
    let root = BitMapBackend::new(path, (w * CELL_W, h * CELL_H)).into_drawing_area();
    let err = |e: DrawingAreaErrorKind<_>| e.to_string();
    root.fill(&rgb(page_bg)).map_err(err)?;
    for y in 0..h as u16 {
        for x in 0..w as u16 {
            let cell = &buf[(x, y)];
            let style = cell.style();
            let (mut fg, mut bg) = (color(style.fg), color(style.bg));
            if style.add_modifier.contains(Modifier::REVERSED) {
                std::mem::swap(&mut fg, &mut bg);
                fg = fg.or(Some(page_bg.to_string()));
                bg = bg.or(Some(page_fg.to_string()));
            }
            let fg = rgb(fg.as_deref().unwrap_or(page_fg));
            let (x0, y0) = (x as i32 * CELL_W as i32, y as i32 * CELL_H as i32);
            if let Some(bg) = bg.filter(|b| b != page_bg) {
                root.draw(&Rectangle::new(
                    [(x0, y0), (x0 + CELL_W as i32, y0 + CELL_H as i32)],
                    rgb(&bg).filled(),
                ))
                .map_err(err)?;
            }
            let symbol = cell.symbol();
            let c = symbol.chars().next().unwrap_or(' ');
            if ('\u{2800}'..='\u{28ff}').contains(&c) {
                braille(&root, c as u32 - 0x2800, x0, y0, fg).map_err(err)?;
            } else if let Some(shape) = drawn(c) {
                // lines and blocks drawn to the cell's edges, so they join as in a terminal
                for [(a, b), (c, d)] in shape {
                    let px = |f: f64, size: u32| (f * size as f64).round() as i32;
                    root.draw(&Rectangle::new(
                        [
                            (x0 + px(a, CELL_W), y0 + px(b, CELL_H)),
                            (x0 + px(c, CELL_W), y0 + px(d, CELL_H)),
                        ],
                        fg.filled(),
                    ))
                    .map_err(err)?;
                }
            } else if !symbol.trim().is_empty() {
                let mut font = (MONO, FONT_PX).into_font();
                if style.add_modifier.contains(Modifier::BOLD) {
                    font = font.style(FontStyle::Bold);
                }
                root.draw(&Text::new(
                    symbol.to_string(),
                    (x0, y0 + 1),
                    font.color(&fg),
                ))
                .map_err(err)?;
            }
            if style.add_modifier.contains(Modifier::UNDERLINED) {
                root.draw(&Rectangle::new(
                    [
                        (x0, y0 + CELL_H as i32 - 3),
                        (x0 + CELL_W as i32, y0 + CELL_H as i32 - 2),
                    ],
                    fg.filled(),
                ))
                .map_err(err)?;
            }
        }
    }
    root.present().map_err(err)
}

/// Box-drawing lines and block elements as rectangles in the cell (fractions of its width and
/// height), so that they meet their neighbours; `None` for any other symbol.
fn drawn(c: char) -> Option<Vec<[(f64, f64); 2]>> {
    // a thin line is 1/10 of the width (1/20 of the height) across the centre; a thick one twice
    let (t, th) = (0.05, 0.025);
    let left = |w: f64| [(0.0, 0.5 - w), (0.5 + t, 0.5 + w)];
    let right = |w: f64| [(0.5 - t, 0.5 - w), (1.0, 0.5 + w)];
    let up = [(0.5 - t, 0.0), (0.5 + t, 0.5 + th)];
    let down = [(0.5 - t, 0.5 - th), (0.5 + t, 1.0)];
    Some(match c {
        '─' => vec![left(th), right(th)],
        '━' => vec![left(2.0 * th), right(2.0 * th)],
        '│' => vec![up, down],
        '┌' => vec![right(th), down],
        '┐' => vec![left(th), down],
        '└' => vec![right(th), up],
        '┘' => vec![left(th), up],
        '├' => vec![up, down, right(th)],
        '┤' => vec![up, down, left(th)],
        '┬' => vec![left(th), right(th), down],
        '┴' => vec![left(th), right(th), up],
        '┼' => vec![left(th), right(th), up, down],
        '█' => vec![[(0.0, 0.0), (1.0, 1.0)]],
        '▀' => vec![[(0.0, 0.0), (1.0, 0.5)]],
        '▄' => vec![[(0.0, 0.5), (1.0, 1.0)]],
        '▌' => vec![[(0.0, 0.0), (0.5, 1.0)]],
        '▐' => vec![[(0.5, 0.0), (1.0, 1.0)]],
        '▏' => vec![[(0.0, 0.0), (0.125, 1.0)]],
        _ => return None,
    })
}

/// A braille cell's dots (bits 0–7: dots 1–8, two columns of four).
fn braille<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    bits: u32,
    x0: i32,
    y0: i32,
    fg: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    const AT: [(i32, i32); 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (0, 3),
        (1, 3),
    ];
    for (bit, (col, row)) in AT.iter().enumerate() {
        if bits & (1 << bit) != 0 {
            let x = x0 + 2 + col * (CELL_W as i32 / 2);
            let y = y0 + 2 + row * (CELL_H as i32 / 4);
            root.draw(&Rectangle::new([(x, y), (x + 3, y + 3)], fg.filled()))?;
        }
    }
    Ok(())
}
