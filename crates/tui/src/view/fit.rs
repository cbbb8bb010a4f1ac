//! Every cell as wide as the terminal will draw it. ratatui lays text out by `unicode-width`,
//! which reads an emoji sequence (a family joined by zero-width joiners, a flag of two regional
//! indicators, a heart with its emoji variation selector, a thumb with a skin tone) as one
//! character two cells wide; terminals draw such a sequence as the sum of its parts, or as one
//! emoji, or something between, and everything after it on the row shifts: a border moves. A
//! class's program names its search and its moves as it likes, so after each frame is drawn
//! every cell whose text a terminal may measure otherwise is replaced by text of the same width
//! that every terminal draws alike: a sequence by its first character (the family by its first
//! member, the heart by the heart), a flag by its two letters (`🇦🇷` reads `AR`), anything else
//! in doubt by `?`. Plain text, accents, CJK and the emoji every terminal draws two cells wide
//! stay as they are.

use ratatui::buffer::Buffer;
use unicode_width::UnicodeWidthChar;

/// Settle every cell of `buf`.
pub fn settle(buf: &mut Buffer) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let symbol = buf[(x, y)].symbol();
            let width = cells(symbol);
            if let Some(parts) = settled(symbol, width) {
                for (i, part) in parts.iter().enumerate() {
                    let at = x + i as u16;
                    if at < area.right() {
                        buf[(at, y)].set_char(*part);
                    }
                }
            }
            x += width.max(1);
        }
    }
}

/// The cells ratatui gives `symbol`.
fn cells(symbol: &str) -> u16 {
    if symbol.len() == 1 {
        return 1;
    }
    unicode_width::UnicodeWidthStr::width(symbol) as u16
}

/// What to draw instead of `symbol`, one character a cell over its `width` cells; `None` when
/// it is drawn alike everywhere as it is.
fn settled(symbol: &str, width: u16) -> Option<Vec<char>> {
    let mut chars = symbol.chars();
    let first = chars.next()?;
    let rest: Vec<char> = chars.collect();
    let marks_only = rest.iter().all(|&c| combining(c));
    if marks_only && sure(first) && UnicodeWidthChar::width(first) == Some(width as usize) {
        return None;
    }
    if regional(first) && rest.len() == 1 && regional(rest[0]) && width == 2 {
        return Some(vec![letter(first), letter(rest[0])]);
    }
    let mut parts = vec![' '; width.max(1) as usize];
    parts[0] = '?';
    if sure(first) && UnicodeWidthChar::width(first).is_some_and(|w| w as u16 <= width) {
        parts[0] = first;
        parts.truncate(width as usize + 1 - UnicodeWidthChar::width(first).unwrap_or(1));
    }
    Some(parts)
}

/// A mark that joins the character before it, drawn over it by every terminal (an accent),
/// not one of the joiners and selectors that make emoji sequences.
fn combining(c: char) -> bool {
    UnicodeWidthChar::width(c) == Some(0) && !sequencing(c)
}

/// The characters that build emoji sequences, which terminals count in their own ways.
fn sequencing(c: char) -> bool {
    matches!(c as u32,
        0x200C | 0x200D            // zero-width non-joiner and joiner
        | 0xFE00..=0xFE0F          // variation selectors
        | 0xE0100..=0xE01EF
        | 0x1F3FB..=0x1F3FF        // skin tones
        | 0xE0020..=0xE007F        // tags
        | 0x20E3                   // the keycap
    ) || regional(c)
}

fn regional(c: char) -> bool {
    ('\u{1F1E6}'..='\u{1F1FF}').contains(&c)
}

/// The letter a regional indicator stands for.
fn letter(c: char) -> char {
    char::from_u32('A' as u32 + (c as u32 - 0x1F1E6)).unwrap_or('?')
}

/// Whether every terminal draws `c` alone as wide as `unicode-width` says: one cell, or two
/// for the wide scripts and for the emoji and symbols wide since Unicode 9.
fn sure(c: char) -> bool {
    if sequencing(c) {
        return false;
    }
    let code = c as u32;
    // private use: its width is the font's
    if matches!(code, 0xE000..=0xF8FF | 0xF0000..=0x10FFFF) {
        return false;
    }
    match UnicodeWidthChar::width(c) {
        Some(1) => true,
        Some(2) => matches!(code,
            0x1100..=0x115F
            | 0x231A..=0x27BF          // the symbols Unicode 9 made wide (⌚, ⚡, ✅)
            | 0x2B1B..=0x2B55
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6
            | 0x1F300..=0x1F64F
            | 0x1F680..=0x1F6FF
            | 0x1F900..=0x1F9FF
            | 0x20000..=0x2FFFD
            | 0x30000..=0x3FFFD),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    fn row(text: &str, width: u16) -> String {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, 1));
        buf.set_string(0, 0, text, ratatui::style::Style::default());
        settle(&mut buf);
        buf.content().iter().map(|c| c.symbol()).collect()
    }

    #[test]
    fn sequences_become_text_of_the_same_width_that_every_terminal_draws_alike() {
        // each symbol keeps its cells: the border after it stays in its column
        assert_eq!(row("a👨‍👩‍👧b|", 6), "a👨 b| ");
        assert_eq!(row("❤️|", 4), "❤ | ");
        assert_eq!(row("🇦🇷|", 4), "AR| ");
        assert_eq!(row("👍🏽|", 4), "👍 | ");
        assert_eq!(row("1️⃣|", 4), "1 | ");
        for plain in ["e\u{301}|", "漢字|", "🔥|", "abc|", "⠒⠤|", "│─┼|", "⚡|"] {
            let mut buf = Buffer::empty(Rect::new(0, 0, 8, 1));
            buf.set_string(0, 0, plain, ratatui::style::Style::default());
            let before = buf.clone();
            settle(&mut buf);
            assert_eq!(buf, before, "{plain} stays as it is");
        }
        assert_eq!(row("\u{E000}|", 3), "?| ", "private use");
    }
}
