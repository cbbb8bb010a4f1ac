//! A terminal reached through a byte stream (a served session's SSH channel): drawn as the
//! local one is, but its size is only what the client last said, and nothing is asked of it.

use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// What the screen's loop draws on: the local terminal or a remote one. A remote terminal is
/// told its new size on a resize; the local one asks the system.
pub trait Screen: Backend<Error = io::Error> + Write {
    /// The terminal is now this size.
    fn resized(&mut self, _width: u16, _height: u16) {}
}

impl<W: Write> Screen for CrosstermBackend<W> {}

/// The crossterm backend on any writer, of the size the client gave (clamped to
/// [`super::MAX_SIZE`]).
pub struct Remote<W: Write> {
    inner: CrosstermBackend<W>,
    size: Size,
}

impl<W: Write> Remote<W> {
    /// A terminal of `width` x `height` drawn on `out`.
    pub fn new(out: W, width: u16, height: u16) -> Remote<W> {
        Remote {
            inner: CrosstermBackend::new(out),
            size: super::drawn_size(width, height).as_size(),
        }
    }
}

impl<W: Write> Screen for Remote<W> {
    fn resized(&mut self, width: u16, height: u16) {
        self.size = super::drawn_size(width, height).as_size();
    }
}

impl<W: Write> Write for Remote<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl<W: Write> Backend for Remote<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    /// Never fails: a client that has gone has no cursor to show, and the screen's owner
    /// (ratatui's terminal, when dropped) must not write about it on the server's own terminal.
    /// The session says goodbye with the cursor shown in its last bytes anyway.
    fn show_cursor(&mut self) -> io::Result<()> {
        let _ = self.inner.show_cursor();
        Ok(())
    }

    /// Never asked of the client (only an inline viewport needs it, and none is used).
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}
