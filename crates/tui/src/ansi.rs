//! A terminal that is only bytes: a ratatui backend writing the escape sequences of an
//! xterm-like terminal into a buffer, with no system beneath it (no crossterm, no file). A web
//! page draws the visualiser through it: the page's own terminal (the text one `sudoscope web`
//! draws in) reads the bytes. Cells are written as the terminal backends write them: a move
//! only where a cell does not follow the last, attributes and colours only where they change,
//! everything reset at the end of a frame.

use std::io;

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};

/// A terminal of a given size whose output is kept until taken.
pub struct Ansi {
    out: Vec<u8>,
    size: Size,
    cursor: Position,
}

impl Ansi {
    /// A terminal of `width` x `height` cells (as drawn: at least one, at most
    /// [`crate::MAX_SIZE`]).
    pub fn new(width: u16, height: u16) -> Ansi {
        Ansi {
            out: Vec::new(),
            size: crate::drawn_size(width, height).as_size(),
            cursor: Position::default(),
        }
    }

    /// The terminal is now this size.
    pub fn resized(&mut self, width: u16, height: u16) {
        self.size = crate::drawn_size(width, height).as_size();
    }

    /// The bytes written since the last take.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    /// Add bytes of one's own (a clipboard's OSC 52).
    pub fn push(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    fn csi(&mut self, text: &str) {
        self.out.extend_from_slice(b"\x1b[");
        self.out.extend_from_slice(text.as_bytes());
    }
}

/// A colour's SGR parameters, for the foreground (`base` 30) or the background (`base` 40).
fn colour(c: Color, base: u8) -> String {
    let indexed = |i: u8| format!("{};5;{i}", base + 8);
    match c {
        Color::Reset => format!("{}", base + 9),
        Color::Black => indexed(0),
        Color::Red => indexed(1),
        Color::Green => indexed(2),
        Color::Yellow => indexed(3),
        Color::Blue => indexed(4),
        Color::Magenta => indexed(5),
        Color::Cyan => indexed(6),
        Color::Gray => indexed(7),
        Color::DarkGray => indexed(8),
        Color::LightRed => indexed(9),
        Color::LightGreen => indexed(10),
        Color::LightYellow => indexed(11),
        Color::LightBlue => indexed(12),
        Color::LightMagenta => indexed(13),
        Color::LightCyan => indexed(14),
        Color::White => indexed(15),
        Color::Indexed(i) => indexed(i),
        Color::Rgb(r, g, b) => format!("{};2;{r};{g};{b}", base + 8),
    }
}

/// The SGR parameters that take a cell's attributes from `from` to `to`.
fn modifiers(from: Modifier, to: Modifier) -> Vec<&'static str> {
    let mut out = Vec::new();
    let removed = from - to;
    let added = to - from;
    if removed.contains(Modifier::REVERSED) {
        out.push("27");
    }
    let intensity = removed.intersects(Modifier::BOLD | Modifier::DIM);
    if intensity {
        // bold and dim go together: what stays of them is set again
        out.push("22");
        if to.contains(Modifier::DIM) {
            out.push("2");
        }
        if to.contains(Modifier::BOLD) {
            out.push("1");
        }
    }
    if removed.contains(Modifier::ITALIC) {
        out.push("23");
    }
    if removed.contains(Modifier::UNDERLINED) {
        out.push("24");
    }
    if removed.contains(Modifier::CROSSED_OUT) {
        out.push("29");
    }
    if removed.contains(Modifier::HIDDEN) {
        out.push("28");
    }
    if removed.intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK) {
        out.push("25");
    }
    if added.contains(Modifier::REVERSED) {
        out.push("7");
    }
    if added.contains(Modifier::BOLD) && !intensity {
        out.push("1");
    }
    if added.contains(Modifier::ITALIC) {
        out.push("3");
    }
    if added.contains(Modifier::UNDERLINED) {
        out.push("4");
    }
    if added.contains(Modifier::DIM) && !intensity {
        out.push("2");
    }
    if added.contains(Modifier::CROSSED_OUT) {
        out.push("9");
    }
    if added.contains(Modifier::HIDDEN) {
        out.push("8");
    }
    if added.contains(Modifier::SLOW_BLINK) {
        out.push("5");
    }
    if added.contains(Modifier::RAPID_BLINK) {
        out.push("6");
    }
    out
}

impl Backend for Ansi {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let (mut fg, mut bg, mut modifier) = (Color::Reset, Color::Reset, Modifier::empty());
        let mut last: Option<Position> = None;
        for (x, y, cell) in content {
            if !matches!(last, Some(p) if x == p.x + 1 && y == p.y) {
                self.csi(&format!("{};{}H", y + 1, x + 1));
            }
            last = Some(Position { x, y });
            if cell.modifier != modifier {
                let params = modifiers(modifier, cell.modifier);
                if !params.is_empty() {
                    self.csi(&format!("{}m", params.join(";")));
                }
                modifier = cell.modifier;
            }
            if cell.fg != fg || cell.bg != bg {
                let text = format!("{};{}m", colour(cell.fg, 30), colour(cell.bg, 40));
                self.csi(&text);
                fg = cell.fg;
                bg = cell.bg;
            }
            self.out.extend_from_slice(cell.symbol().as_bytes());
        }
        self.csi("39;49;0m");
        if let Some(p) = last {
            self.cursor = Position {
                x: (p.x + 1).min(self.size.width.saturating_sub(1)),
                y: p.y,
            };
        }
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.csi("?25l");
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.csi("?25h");
        Ok(())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let p = position.into();
        self.csi(&format!("{};{}H", p.y + 1, p.x + 1));
        self.cursor = p;
        Ok(())
    }

    fn clear(&mut self) -> io::Result<()> {
        self.csi("2J");
        Ok(())
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        let code = match clear_type {
            ClearType::All => "2J",
            ClearType::AfterCursor => "0J",
            ClearType::BeforeCursor => "1J",
            ClearType::CurrentLine => "2K",
            ClearType::UntilNewLine => "0K",
        };
        self.csi(code);
        Ok(())
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            // the page's cells are about 8 by 16 pixels; nothing here draws by the pixel
            pixels: Size::new(self.size.width * 8, self.size.height * 16),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::style::Style;
    use ratatui::text::{Line, Span};
    use ratatui::widgets::Paragraph;

    #[test]
    fn a_frame_is_moves_attributes_and_text_then_a_reset() {
        let mut t = Terminal::new(Ansi::new(20, 2)).unwrap();
        t.draw(|f| {
            let line = Line::from(vec![
                Span::raw("ab "),
                Span::styled("7", Style::new().fg(Color::Red).bold()),
                Span::styled("x", Style::new().bg(Color::Rgb(1, 2, 3))),
            ]);
            f.render_widget(Paragraph::new(line), f.area());
        })
        .unwrap();
        let text = String::from_utf8(t.backend_mut().take()).unwrap();
        assert!(text.starts_with("\x1b[1;1H"), "{text:?}");
        // the blank between, as the screen already holds it, is a move over it
        assert!(
            text.contains("ab\x1b[1;4H\x1b[1m\x1b[38;5;1;49m7"),
            "{text:?}"
        );
        assert!(text.contains("\x1b[22m\x1b[39;48;2;1;2;3mx"), "{text:?}");
        // the attributes reset at the frame's end (then the cursor hidden, as ratatui asks)
        assert!(
            text.ends_with("\x1b[39;49;0m") || text.ends_with("\x1b[39;49;0m\x1b[?25l"),
            "{text:?}"
        );
        // the next frame writes only what changed
        t.draw(|f| f.render_widget(Paragraph::new("ab 8"), f.area()))
            .unwrap();
        let text = String::from_utf8(t.backend_mut().take()).unwrap();
        assert!(text.starts_with("\x1b[1;4H"), "{text:?}");
        assert!(!text.contains("ab"), "{text:?}");
    }
}
