//! The last lines a command wrote to its standard error (and, before its trace began, the lines
//! of its standard output that were not a trace, each marked as output so that a record keeps
//! the two apart), kept in a fixed number of bytes whatever it writes: [`LINES`] lines of at most [`LINE_BYTES`] bytes each. A line with no end (a stream of
//! bytes without newlines) is cut at [`LINE_BYTES`] and the rest of it counted, not kept; a
//! carriage return ends a line too, so a progress bar redrawn in place is one line per redraw.

use std::collections::VecDeque;
use std::io::Read;
use std::sync::{Arc, Mutex};

/// Lines kept.
pub const LINES: usize = 200;
/// The longest line kept, in bytes; a longer one is cut.
pub const LINE_BYTES: usize = 2000;

/// Which stream a line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output, before the trace began.
    Output,
    /// Standard error.
    Error,
}

#[derive(Default)]
struct State {
    lines: VecDeque<(Stream, String)>,
    /// The line still being written.
    partial: Vec<u8>,
    /// Bytes of the partial line past [`LINE_BYTES`], dropped.
    dropped: usize,
    /// Lines seen in all.
    count: u64,
}

/// The last lines of a stream, shared between the thread that reads it and whoever shows it.
#[derive(Clone, Default)]
pub struct Tail {
    state: Arc<Mutex<State>>,
}

impl Tail {
    /// An empty tail.
    pub fn new() -> Tail {
        Tail::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Bytes as they come.
    pub fn feed(&self, bytes: &[u8]) {
        let mut s = self.lock();
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                finish(&mut s);
            } else if s.partial.len() < LINE_BYTES {
                s.partial.push(b);
            } else {
                s.dropped += 1;
            }
        }
    }

    /// A whole line of standard output (before the trace began).
    pub fn push(&self, line: &str) {
        let mut s = self.lock();
        finish(&mut s);
        let text = text(
            &line.as_bytes()[..line.len().min(LINE_BYTES)],
            line.len().saturating_sub(LINE_BYTES),
        );
        keep(&mut s, Stream::Output, text);
    }

    /// The stream has ended: its last line, if it had no newline, is kept as it is.
    pub fn close(&self) {
        finish(&mut self.lock());
    }

    /// The lines kept of both streams as they came, oldest first, with the error line still
    /// being written last.
    pub fn lines(&self) -> Vec<String> {
        self.marked().into_iter().map(|(_, l)| l).collect()
    }

    /// The lines kept of one stream, oldest first.
    pub fn lines_of(&self, stream: Stream) -> Vec<String> {
        self.marked()
            .into_iter()
            .filter(|(s, _)| *s == stream)
            .map(|(_, l)| l)
            .collect()
    }

    fn marked(&self) -> Vec<(Stream, String)> {
        let s = self.lock();
        let mut out: Vec<(Stream, String)> = s.lines.iter().cloned().collect();
        if !s.partial.is_empty() {
            out.push((Stream::Error, text(&s.partial, s.dropped)));
        }
        out
    }

    /// The last error line that says something (a traceback's last line names the error), or
    /// else the last output line that does.
    pub fn last(&self) -> Option<String> {
        let said = |stream| {
            self.lines_of(stream)
                .into_iter()
                .rev()
                .find(|l| !l.trim().is_empty())
        };
        said(Stream::Error).or_else(|| said(Stream::Output))
    }

    /// Lines seen in all, kept or not.
    pub fn count(&self) -> u64 {
        self.lock().count
    }

    /// Read `from` to its end into the tail, in chunks.
    pub fn read_all(&self, mut from: impl Read) {
        let mut buf = [0u8; 8192];
        loop {
            match from.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => self.feed(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            }
        }
        self.close();
    }
}

fn text(bytes: &[u8], dropped: usize) -> String {
    let mut t = String::from_utf8_lossy(bytes).into_owned();
    if dropped > 0 {
        t.push_str(&format!(" … (+{dropped} bytes)"));
    }
    t
}

/// The error line being written, ended.
fn finish(s: &mut State) {
    if s.partial.is_empty() && s.dropped == 0 {
        return;
    }
    let line = text(&s.partial, s.dropped);
    s.partial.clear();
    s.dropped = 0;
    keep(s, Stream::Error, line);
}

fn keep(s: &mut State, stream: Stream, line: String) {
    s.count += 1;
    if s.lines.len() == LINES {
        s.lines.pop_front();
    }
    s.lines.push_back((stream, line));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_without_newlines_is_kept_in_a_bounded_line() {
        let t = Tail::new();
        for _ in 0..1000 {
            t.feed(&[b'x'; 10_000]);
        }
        let lines = t.lines();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].len() < LINE_BYTES + 40, "{}", lines[0].len());
        assert!(
            lines[0].ends_with("(+9998000 bytes)"),
            "{}",
            &lines[0][1990..]
        );
    }

    #[test]
    fn only_the_last_lines_are_kept_and_a_carriage_return_ends_one() {
        let t = Tail::new();
        for i in 0..(LINES + 50) {
            t.feed(format!("line {i}\n").as_bytes());
        }
        t.feed(b"10%\r20%\rTraceback\nZeroDivisionError: division by zero");
        let lines = t.lines();
        assert_eq!(lines.len(), LINES + 1, "the kept lines and the partial one");
        assert_eq!(lines[LINES - 1], "Traceback");
        assert_eq!(
            t.last().as_deref(),
            Some("ZeroDivisionError: division by zero")
        );
        assert!(lines.contains(&"20%".to_string()));
        assert_eq!(t.count(), LINES as u64 + 53);
    }

    #[test]
    fn output_and_error_lines_are_kept_apart() {
        let t = Tail::new();
        t.push("loading data");
        t.feed(b"Warning: slow\n");
        t.push("ready");
        t.feed(b"Traceback\nValueError: bad");
        assert_eq!(
            t.lines(),
            [
                "loading data",
                "Warning: slow",
                "ready",
                "Traceback",
                "ValueError: bad"
            ]
        );
        assert_eq!(t.lines_of(Stream::Output), ["loading data", "ready"]);
        assert_eq!(
            t.lines_of(Stream::Error),
            ["Warning: slow", "Traceback", "ValueError: bad"]
        );
        assert_eq!(t.last().as_deref(), Some("ValueError: bad"));
        let quiet = Tail::new();
        quiet.push("only a print");
        assert_eq!(quiet.last().as_deref(), Some("only a print"));
    }
}
