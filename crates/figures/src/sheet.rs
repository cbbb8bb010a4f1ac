//! Handouts for exercises and exams (`puzzles … --sheet FILE.pdf|.svg`): the puzzles laid out
//! a few to a page (1, 2, 4 or 6) on A4, each numbered with its name and size, then an answer
//! key: every solution, twelve to a page, the givens in bold. A puzzle without exactly one
//! solution says so in the key. The same layout is drawn to PDF (pdf-writer, the standard
//! Helvetica) or to one SVG with the pages one under the other.

use std::path::Path;

use i18n::Lang;

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

use crate::board::grid::symbol;
use crate::board::{Grid, Puzzle};
use crate::search::exact::{Solutions, solve_fastest_within};

/// A4 in points.
const PAGE: (f64, f64) = (595.0, 842.0);
const MARGIN: f64 = 48.0;
/// Steps the exact solver may take for one answer before the key says it did not settle.
const ANSWER_STEPS: u64 = 50_000_000;

/// How many puzzles a page may hold, and how they sit: (columns, rows).
pub const PER_PAGE: [(usize, (usize, usize)); 4] =
    [(1, (1, 1)), (2, (1, 2)), (4, (2, 2)), (6, (2, 3))];

/// What a page shows, in the page's own points (origin top left, y down).
enum Mark {
    Line {
        from: (f64, f64),
        to: (f64, f64),
        width: f64,
    },
    Text {
        at: (f64, f64),
        size: f64,
        bold: bool,
        centred: bool,
        text: String,
    },
}

/// A handout's pages, drawn once and written as PDF or SVG.
struct Sheet {
    pages: Vec<Vec<Mark>>,
}

/// Why a handout could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// The file name does not say PDF or SVG.
    #[error("{0}: write a .pdf or an .svg")]
    Kind(String),
    /// The number a page holds is not one of 1, 2, 4, 6.
    #[error("--per-page {0}: a page holds 1, 2, 4 or 6 puzzles")]
    PerPage(usize),
    /// The file could not be written.
    #[error("cannot write {path}: {reason}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// Write the handout of `puzzles` (`per_page` to a page, then the answer key) to `path`.
/// Returns the number of pages.
pub fn write(
    lang: Lang,
    puzzles: &[Puzzle],
    per_page: usize,
    path: &Path,
) -> Result<usize, SheetError> {
    let kind = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let (cols, rows) = PER_PAGE
        .iter()
        .find(|(n, _)| *n == per_page)
        .map(|(_, layout)| *layout)
        .ok_or(SheetError::PerPage(per_page))?;
    let pdf = match kind.as_deref() {
        Some("pdf") => true,
        Some("svg") => false,
        _ => return Err(SheetError::Kind(path.display().to_string())),
    };
    let sheet = lay_out(lang, puzzles, cols, rows);
    let bytes = if pdf {
        sheet.pdf()
    } else {
        sheet.svg().into_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| SheetError::Write {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    Ok(sheet.pages.len())
}

/// The puzzles, `cols` x `rows` a page, then their answers twelve to a page.
fn lay_out(lang: Lang, puzzles: &[Puzzle], cols: usize, rows: usize) -> Sheet {
    let mut pages = Vec::new();
    for (p, chunk) in puzzles.chunks(cols * rows).enumerate() {
        let mut marks = Vec::new();
        for (k, puzzle) in chunk.iter().enumerate() {
            let index = p * cols * rows + k;
            let slot = slot(k, cols, rows, 26.0);
            grid(&mut marks, slot, &puzzle.givens, None);
            marks.push(caption(slot, &number(lang, index, puzzle), 11.0));
        }
        pages.push(marks);
    }
    let answers: Vec<(usize, &Puzzle, Option<Grid>)> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let solved = match solve_fastest_within(p, 2, ANSWER_STEPS) {
                Some((Solutions::Unique(g), _)) => Some(g),
                _ => None,
            };
            (i, p, solved)
        })
        .collect();
    for (p, chunk) in answers.chunks(12).enumerate() {
        let mut marks = vec![Mark::Text {
            at: (MARGIN, MARGIN - 14.0),
            size: 14.0,
            bold: true,
            centred: false,
            text: if p == 0 {
                tr!(lang, "sheet-answers")
            } else {
                tr!(lang, "sheet-answers-more")
            },
        }];
        for (k, (index, puzzle, solution)) in chunk.iter().enumerate() {
            let slot = slot(k, 3, 4, 20.0);
            match solution {
                Some(g) => grid(&mut marks, slot, g, Some(&puzzle.givens)),
                None => marks.push(Mark::Text {
                    at: (slot.0 + slot.2 / 2.0, slot.1 + slot.2 / 2.0),
                    size: 9.0,
                    bold: false,
                    centred: true,
                    text: tr!(lang, "sheet-no-answer"),
                }),
            }
            marks.push(caption(slot, &format!("{}", index + 1), 9.0));
        }
        pages.push(marks);
    }
    Sheet { pages }
}

/// "3. top95:12 (9x9, 24 givens)".
fn number(lang: Lang, index: usize, p: &Puzzle) -> String {
    tr!(
        lang,
        "sheet-caption",
        n = index + 1,
        name = p.name.clone(),
        size = p.geometry().label(),
        givens = p.givens.cells().iter().filter(|&&v| v != 0).count()
    )
}

/// The square of the `k`-th puzzle of a `cols` x `rows` page: left, top, side; `gap` points
/// between squares for the caption under each.
fn slot(k: usize, cols: usize, rows: usize, gap: f64) -> (f64, f64, f64) {
    let (w, h) = (PAGE.0 - 2.0 * MARGIN, PAGE.1 - 2.0 * MARGIN);
    let cell_w = w / cols as f64;
    let cell_h = h / rows as f64;
    let side = (cell_w - gap).min(cell_h - 2.0 * gap);
    let (c, r) = (k % cols, k / cols);
    (
        MARGIN + c as f64 * cell_w + (cell_w - side) / 2.0,
        MARGIN + r as f64 * cell_h + gap / 2.0,
        side,
    )
}

fn caption(slot: (f64, f64, f64), text: &str, size: f64) -> Mark {
    Mark::Text {
        at: (slot.0, slot.1 + slot.2 + size + 4.0),
        size,
        bold: false,
        centred: false,
        text: text.to_string(),
    }
}

/// A grid in `slot`: thin cell lines, thick box lines, its values; with `givens`, those in bold
/// (an answer), else every value is a given (a puzzle).
fn grid(marks: &mut Vec<Mark>, (x, y, side): (f64, f64, f64), g: &Grid, givens: Option<&Grid>) {
    let geo = g.geometry();
    let (n, b) = (geo.n, geo.box_size);
    let cell = side / n as f64;
    for i in 0..=n {
        let width = if i % b == 0 { 1.6 } else { 0.4 };
        let t = i as f64 * cell;
        marks.push(Mark::Line {
            from: (x, y + t),
            to: (x + side, y + t),
            width,
        });
        marks.push(Mark::Line {
            from: (x + t, y),
            to: (x + t, y + side),
            width,
        });
    }
    let size = cell * 0.62;
    for (i, &v) in g.cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (i / n, i % n);
        marks.push(Mark::Text {
            at: (
                x + (c as f64 + 0.5) * cell,
                y + (r as f64 + 0.5) * cell + size * 0.36,
            ),
            size,
            bold: givens.is_none_or(|gv| gv.get(i) != 0),
            centred: true,
            text: symbol(v).to_string(),
        });
    }
}

/// Text in the PDF's WinAnsi encoding (Latin-1 for what a caption holds; anything else `?`).
fn win_ansi(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| if (c as u32) < 256 { c as u8 } else { b'?' })
        .collect()
}

/// Helvetica's advance widths (per 1000 units of size) for the characters a handout writes;
/// 556 (a digit) for the rest.
fn width(s: &str, size: f64, bold: bool) -> f64 {
    s.chars()
        .map(|c| match c {
            ' ' => 278.0,
            '.' | ',' | ':' => 278.0,
            '(' | ')' => 333.0,
            'A'..='Z' => {
                if bold {
                    722.0
                } else {
                    667.0
                }
            }
            _ => 556.0,
        })
        .sum::<f64>()
        * size
        / 1000.0
}

impl Sheet {
    fn pdf(&self) -> Vec<u8> {
        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let (regular, bold) = (Ref::new(3), Ref::new(4));
        let mut next = 5;
        let mut ids = Vec::new();
        for _ in &self.pages {
            ids.push((Ref::new(next), Ref::new(next + 1)));
            next += 2;
        }
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(ids.iter().map(|(page, _)| *page))
            .count(ids.len() as i32);
        for (font, name) in [(regular, "Helvetica"), (bold, "Helvetica-Bold")] {
            pdf.type1_font(font)
                .base_font(Name(name.as_bytes()))
                .encoding_predefined(Name(b"WinAnsiEncoding"));
        }
        for (marks, (page_id, content_id)) in self.pages.iter().zip(&ids) {
            let mut page = pdf.page(*page_id);
            page.media_box(Rect::new(0.0, 0.0, PAGE.0 as f32, PAGE.1 as f32));
            page.parent(tree);
            page.contents(*content_id);
            page.resources()
                .fonts()
                .pair(Name(b"F1"), regular)
                .pair(Name(b"F2"), bold);
            drop(page);
            let mut c = Content::new();
            // PDF's origin is the bottom left, y up
            let y = |v: f64| (PAGE.1 - v) as f32;
            for m in marks {
                match m {
                    Mark::Line { from, to, width } => {
                        c.set_line_width(*width as f32);
                        c.move_to(from.0 as f32, y(from.1));
                        c.line_to(to.0 as f32, y(to.1));
                        c.stroke();
                    }
                    Mark::Text {
                        at,
                        size,
                        bold,
                        centred,
                        text,
                    } => {
                        let x = if *centred {
                            at.0 - width(text, *size, *bold) / 2.0
                        } else {
                            at.0
                        };
                        c.begin_text();
                        c.set_font(Name(if *bold { b"F2" } else { b"F1" }), *size as f32);
                        c.next_line(x as f32, y(at.1));
                        c.show(Str(&win_ansi(text)));
                        c.end_text();
                    }
                }
            }
            pdf.stream(*content_id, &c.finish());
        }
        pdf.finish()
    }

    fn svg(&self) -> String {
        let gap = 24.0;
        let total = self.pages.len() as f64 * (PAGE.1 + gap) - gap;
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{total:.0}" viewBox="0 0 {w:.0} {total:.0}">
<style>text{{font-family:Helvetica,Arial,'DejaVu Sans',sans-serif;fill:#000}}</style>
"#,
            w = PAGE.0
        );
        for (i, marks) in self.pages.iter().enumerate() {
            let top = i as f64 * (PAGE.1 + gap);
            out.push_str(&format!(
                r##"<g transform="translate(0 {top:.1})"><rect width="{:.0}" height="{:.0}" fill="#fff" stroke="#bbb"/>"##,
                PAGE.0, PAGE.1
            ));
            for m in marks {
                match m {
                    Mark::Line { from, to, width } => out.push_str(&format!(
                        r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#000" stroke-width="{width}"/>"##,
                        from.0, from.1, to.0, to.1
                    )),
                    Mark::Text {
                        at,
                        size,
                        bold,
                        centred,
                        text,
                    } => out.push_str(&format!(
                        r#"<text x="{:.2}" y="{:.2}" font-size="{size:.1}"{}{}>{}</text>"#,
                        at.0,
                        at.1,
                        if *bold { r#" font-weight="bold""# } else { "" },
                        if *centred { r#" text-anchor="middle""# } else { "" },
                        text.replace('&', "&amp;").replace('<', "&lt;")
                    )),
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }
}
