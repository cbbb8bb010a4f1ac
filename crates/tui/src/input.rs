//! A terminal's keys and clicks: the bytes a terminal sends (this process's own, an SSH
//! client's, a browser tab's), read into the same events, so an app cannot tell them apart.
//! Reads what xterm-like terminals send (Windows Terminal, macOS Terminal and iTerm2, the Linux
//! consoles and PuTTY): printable text in UTF-8, control keys, CSI and SS3 sequences for arrows,
//! Home/End, PageUp/PageDown, Insert/Delete and F1–F12 with their modifiers, and SGR and X10
//! mouse reports. Anything else is dropped without a fuss: garbage never ends a session.

use crate::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The longest sequence kept waiting for its end across two reads.
const MAX_PENDING: usize = 32;

/// Reads a stream of bytes into events, keeping a sequence cut between two reads.
#[derive(Default, Debug)]
pub struct Parser {
    pending: Vec<u8>,
}

/// How reading at a position went.
enum Read {
    /// An event (or nothing, for bytes that mean nothing here), and the bytes it took.
    Done(Option<Event>, usize),
    /// The bytes end inside a sequence.
    Incomplete,
}

impl Parser {
    /// The events in `bytes` (with what an earlier read left unfinished).
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut buf = std::mem::take(&mut self.pending);
        buf.extend_from_slice(bytes);
        let mut events = Vec::new();
        let mut at = 0;
        while at < buf.len() {
            match read(&buf[at..]) {
                Read::Done(e, n) => {
                    events.extend(e);
                    at += n;
                }
                Read::Incomplete => {
                    let rest = &buf[at..];
                    if rest.len() <= MAX_PENDING && rest != [0x1b] {
                        self.pending = rest.to_vec();
                    } else if rest[0] == 0x1b {
                        // a lone Esc at the end of a read is the Esc key: a client sends a
                        // sequence in one piece
                        events.push(key(KeyCode::Esc, KeyModifiers::NONE));
                    }
                    break;
                }
            }
        }
        events
    }
}

fn key(code: KeyCode, mods: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, mods))
}

/// One event from the start of `b` (not empty).
fn read(b: &[u8]) -> Read {
    match b[0] {
        0x1b => escape(b),
        b'\r' | b'\n' => Read::Done(Some(key(KeyCode::Enter, KeyModifiers::NONE)), 1),
        b'\t' => Read::Done(Some(key(KeyCode::Tab, KeyModifiers::NONE)), 1),
        0x7f | 0x08 => Read::Done(Some(key(KeyCode::Backspace, KeyModifiers::NONE)), 1),
        0x00 => Read::Done(Some(key(KeyCode::Char(' '), KeyModifiers::CONTROL)), 1),
        c @ 0x01..=0x1a => Read::Done(
            Some(key(
                KeyCode::Char((b'a' + c - 1) as char),
                KeyModifiers::CONTROL,
            )),
            1,
        ),
        0x1c..=0x1f => Read::Done(None, 1),
        _ => utf8(b),
    }
}

/// A character in UTF-8; a byte that starts none is dropped.
fn utf8(b: &[u8]) -> Read {
    let len = match b[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Read::Done(None, 1),
    };
    if b.len() < len {
        return Read::Incomplete;
    }
    match std::str::from_utf8(&b[..len]) {
        Ok(s) => {
            let c = s.chars().next().expect("one character");
            let mods = if c.is_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            Read::Done(Some(key(KeyCode::Char(c), mods)), len)
        }
        Err(_) => Read::Done(None, 1),
    }
}

/// A sequence starting with Esc: CSI, SS3, Alt and a key, or Esc itself.
fn escape(b: &[u8]) -> Read {
    match b.get(1) {
        None => Read::Incomplete,
        Some(b'[') => csi(b),
        Some(b'O') => match b.get(2) {
            None => Read::Incomplete,
            Some(&f) => Read::Done(final_key(f, KeyModifiers::NONE), 3),
        },
        Some(0x1b) => Read::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
        Some(_) => match read(&b[1..]) {
            Read::Done(Some(Event::Key(mut k)), n) => {
                k.modifiers |= KeyModifiers::ALT;
                Read::Done(Some(Event::Key(k)), n + 1)
            }
            Read::Done(other, n) => Read::Done(other, n + 1),
            Read::Incomplete => Read::Incomplete,
        },
    }
}

/// The key of a CSI or SS3 sequence's final byte.
fn final_key(f: u8, mods: KeyModifiers) -> Option<Event> {
    let code = match f {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'Z' => return Some(key(KeyCode::BackTab, mods | KeyModifiers::SHIFT)),
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    };
    Some(key(code, mods))
}

/// The modifiers xterm encodes as 1 + a bit set (2 Shift, 3 Alt, 5 Ctrl…).
fn modifiers(p: u16) -> KeyModifiers {
    let bits = p.saturating_sub(1);
    let mut m = KeyModifiers::NONE;
    if bits & 1 != 0 {
        m |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        m |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        m |= KeyModifiers::CONTROL;
    }
    m
}

/// `Esc [ …`: keys with parameters, and mouse reports.
fn csi(b: &[u8]) -> Read {
    if b.get(2) == Some(&b'M') {
        // X10 mouse: three raw bytes, each 32 more than its value
        if b.len() < 6 {
            return Read::Incomplete;
        }
        let (button, x, y) = (b[3].wrapping_sub(32), b[4], b[5]);
        let e = mouse(
            button as u16,
            x.saturating_sub(33) as u16,
            y.saturating_sub(33) as u16,
            button & 3 == 3,
        );
        return Read::Done(e, 6);
    }
    let sgr = b.get(2) == Some(&b'<');
    let start = if sgr { 3 } else { 2 };
    let mut end = start;
    while end < b.len() && matches!(b[end], b'0'..=b'9' | b';' | b':') {
        end += 1;
        if end - start > MAX_PENDING {
            return Read::Done(None, end);
        }
    }
    let Some(&f) = b.get(end) else {
        return Read::Incomplete;
    };
    let params: Vec<u16> = std::str::from_utf8(&b[start..end])
        .unwrap_or("")
        .split(';')
        .map(|p| p.split(':').next().unwrap_or("").parse().unwrap_or(0))
        .collect();
    let p = |i: usize| params.get(i).copied().unwrap_or(0);
    let taken = end + 1;
    if sgr {
        let e = match f {
            b'M' | b'm' => mouse(
                p(0),
                p(1).saturating_sub(1),
                p(2).saturating_sub(1),
                f == b'm',
            ),
            _ => None,
        };
        return Read::Done(e, taken);
    }
    let mods = modifiers(p(1));
    let e = match f {
        b'~' => {
            let code = match p(0) {
                1 | 7 => Some(KeyCode::Home),
                2 => Some(KeyCode::Insert),
                3 => Some(KeyCode::Delete),
                4 | 8 => Some(KeyCode::End),
                5 => Some(KeyCode::PageUp),
                6 => Some(KeyCode::PageDown),
                n @ 11..=15 => Some(KeyCode::F((n - 10) as u8)),
                n @ 17..=21 => Some(KeyCode::F((n - 11) as u8)),
                n @ 23..=24 => Some(KeyCode::F((n - 12) as u8)),
                _ => None,
            };
            code.map(|c| key(c, mods))
        }
        f => final_key(f, mods),
    };
    Read::Done(e, taken)
}

/// A mouse report: the button code (low bits the button, 32 motion, 64 wheel) at a 0-based
/// cell.
fn mouse(code: u16, column: u16, row: u16, released: bool) -> Option<Event> {
    let button = match code & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        _ => MouseButton::Right,
    };
    let kind = if code & 64 != 0 {
        match code & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            _ => return None,
        }
    } else if code & 32 != 0 {
        MouseEventKind::Drag(button)
    } else if released {
        MouseEventKind::Up(button)
    } else {
        MouseEventKind::Down(button)
    };
    let mut modifiers = KeyModifiers::NONE;
    if code & 4 != 0 {
        modifiers |= KeyModifiers::SHIFT;
    }
    if code & 8 != 0 {
        modifiers |= KeyModifiers::ALT;
    }
    if code & 16 != 0 {
        modifiers |= KeyModifiers::CONTROL;
    }
    Some(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        Parser::default()
            .feed(bytes)
            .into_iter()
            .map(|e| match e {
                Event::Key(k) => (k.code, k.modifiers),
                other => panic!("not a key: {other:?}"),
            })
            .collect()
    }

    const NONE: KeyModifiers = KeyModifiers::NONE;

    #[test]
    fn text_control_keys_and_utf8() {
        assert_eq!(
            keys("q é\r\x7f\t".as_bytes()),
            [
                (KeyCode::Char('q'), NONE),
                (KeyCode::Char(' '), NONE),
                (KeyCode::Char('é'), NONE),
                (KeyCode::Enter, NONE),
                (KeyCode::Backspace, NONE),
                (KeyCode::Tab, NONE),
            ]
        );
        assert_eq!(keys(b"\x03"), [(KeyCode::Char('c'), KeyModifiers::CONTROL)]);
        assert_eq!(keys(b"R"), [(KeyCode::Char('R'), KeyModifiers::SHIFT)]);
    }

    #[test]
    fn arrows_pages_home_end_and_function_keys_in_both_spellings() {
        assert_eq!(
            keys(b"\x1b[A\x1bOB\x1b[C\x1b[D\x1b[5~\x1b[6~\x1b[H\x1b[4~\x1bOP\x1b[15~\x1b[3~"),
            [
                (KeyCode::Up, NONE),
                (KeyCode::Down, NONE),
                (KeyCode::Right, NONE),
                (KeyCode::Left, NONE),
                (KeyCode::PageUp, NONE),
                (KeyCode::PageDown, NONE),
                (KeyCode::Home, NONE),
                (KeyCode::End, NONE),
                (KeyCode::F(1), NONE),
                (KeyCode::F(5), NONE),
                (KeyCode::Delete, NONE),
            ]
        );
        assert_eq!(
            keys(b"\x1b[1;5C"),
            [(KeyCode::Right, KeyModifiers::CONTROL)]
        );
    }

    #[test]
    fn esc_alone_at_the_end_of_a_read_is_the_esc_key_and_esc_before_a_key_is_alt() {
        assert_eq!(keys(b"\x1b"), [(KeyCode::Esc, NONE)]);
        assert_eq!(
            keys(b"\x1b\x1b"),
            [(KeyCode::Esc, NONE), (KeyCode::Esc, NONE)]
        );
        assert_eq!(keys(b"\x1bx"), [(KeyCode::Char('x'), KeyModifiers::ALT)]);
    }

    #[test]
    fn a_sequence_cut_between_two_reads_is_joined() {
        let mut p = Parser::default();
        assert!(p.feed(b"\x1b[5").is_empty());
        let e = p.feed(b"~");
        assert!(matches!(e[..], [Event::Key(k)] if k.code == KeyCode::PageUp));
        assert!(p.feed("\u{e9}".as_bytes()[..1].as_ref()).is_empty());
        let e = p.feed(&"\u{e9}".as_bytes()[1..]);
        assert!(matches!(e[..], [Event::Key(k)] if k.code == KeyCode::Char('é')));
    }

    #[test]
    fn sgr_and_x10_mouse_clicks_at_zero_based_cells() {
        let e = Parser::default().feed(b"\x1b[<0;12;5M\x1b[<0;12;5m\x1b[M !\"");
        let kinds: Vec<_> = e
            .iter()
            .map(|e| match e {
                Event::Mouse(m) => (m.kind, m.column, m.row),
                other => panic!("not a click: {other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (MouseEventKind::Down(MouseButton::Left), 11, 4),
                (MouseEventKind::Up(MouseButton::Left), 11, 4),
                (MouseEventKind::Down(MouseButton::Left), 0, 1),
            ]
        );
    }

    #[test]
    fn garbage_never_panics_and_never_grows_the_pending_bytes() {
        let mut p = Parser::default();
        let mut x: u32 = 12345;
        for _ in 0..20_000 {
            let mut chunk = Vec::new();
            for _ in 0..(x % 40) {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                chunk.push((x >> 16) as u8);
            }
            let _ = p.feed(&chunk);
            assert!(p.pending.len() <= MAX_PENDING);
        }
        // a run of digits that never ends is dropped, not kept
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 500));
        let _ = p.feed(&long);
        assert!(p.pending.len() <= MAX_PENDING);
    }
}
