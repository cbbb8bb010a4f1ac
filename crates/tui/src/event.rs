//! The visualiser's own events: keys, clicks, the wheel, pastes and sizes, whatever front end
//! they come from. A terminal's bytes are read into them ([`crate::input`]: this process's own
//! terminal, an SSH client's, a browser tab's), crossterm's are translated at the edge
//! ([`from_crossterm`]), and a web page hands them over itself; the app takes nothing else. The
//! names are crossterm's, so a reader who knows one knows the other.

use std::ops::{BitOr, BitOrAssign};

/// Something that happened at the front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A key.
    Key(KeyEvent),
    /// A click, a release, a drag or the wheel.
    Mouse(MouseEvent),
    /// The screen is now this many columns and rows.
    Resize(u16, u16),
    /// Text pasted at once.
    Paste(String),
    /// The window took the focus.
    FocusGained,
    /// The window lost the focus.
    FocusLost,
}

/// A key, with the modifiers held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeyEvent {
    /// Which key.
    pub code: KeyCode,
    /// Shift, Control, Alt.
    pub modifiers: KeyModifiers,
    /// Pressed, repeated or released (terminals report presses only).
    pub kind: KeyEventKind,
}

impl KeyEvent {
    /// `code` pressed with `modifiers`.
    pub const fn new(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
        }
    }
}

impl From<KeyCode> for KeyEvent {
    /// `code` pressed alone.
    fn from(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }
}

/// Whether a key went down, repeated or came up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyEventKind {
    /// It went down.
    Press,
    /// It is held and repeats.
    Repeat,
    /// It came up.
    Release,
}

/// A key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    /// Backspace.
    Backspace,
    /// Enter.
    Enter,
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
    /// Up arrow.
    Up,
    /// Down arrow.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Tab.
    Tab,
    /// Shift+Tab.
    BackTab,
    /// Delete.
    Delete,
    /// Insert.
    Insert,
    /// A function key, F1 to F12.
    F(u8),
    /// A character.
    Char(char),
    /// Escape.
    Esc,
}

/// The modifiers held with a key or a click.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeyModifiers(u8);

impl KeyModifiers {
    /// None held.
    pub const NONE: KeyModifiers = KeyModifiers(0);
    /// Shift.
    pub const SHIFT: KeyModifiers = KeyModifiers(1);
    /// Control.
    pub const CONTROL: KeyModifiers = KeyModifiers(2);
    /// Alt (Option).
    pub const ALT: KeyModifiers = KeyModifiers(4);

    /// Whether every modifier of `other` is held.
    pub const fn contains(self, other: KeyModifiers) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether none is held.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl BitOr for KeyModifiers {
    type Output = KeyModifiers;
    fn bitor(self, other: KeyModifiers) -> KeyModifiers {
        KeyModifiers(self.0 | other.0)
    }
}

impl BitOrAssign for KeyModifiers {
    fn bitor_assign(&mut self, other: KeyModifiers) {
        self.0 |= other.0;
    }
}

/// A click, a release, a drag or a turn of the wheel, at a cell of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MouseEvent {
    /// What the mouse did.
    pub kind: MouseEventKind,
    /// The cell's column, from 0.
    pub column: u16,
    /// The cell's row, from 0.
    pub row: u16,
    /// The modifiers held.
    pub modifiers: KeyModifiers,
}

/// What the mouse did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseEventKind {
    /// A button went down.
    Down(MouseButton),
    /// A button came up.
    Up(MouseButton),
    /// It moved with a button down.
    Drag(MouseButton),
    /// It moved.
    Moved,
    /// The wheel turned towards the person.
    ScrollDown,
    /// The wheel turned away from the person.
    ScrollUp,
    /// The wheel turned left.
    ScrollLeft,
    /// The wheel turned right.
    ScrollRight,
}

/// A mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseButton {
    /// The left (primary) button.
    Left,
    /// The right button.
    Right,
    /// The middle button or the wheel pressed.
    Middle,
}

/// A crossterm event as the visualiser's own, at the edge where crossterm reads a terminal
/// (Windows' console); `None` for what the visualiser has no use for.
#[cfg(feature = "native")]
pub fn from_crossterm(e: ratatui::crossterm::event::Event) -> Option<Event> {
    use ratatui::crossterm::event as ct;
    let mods = |m: ct::KeyModifiers| {
        let mut out = KeyModifiers::NONE;
        if m.contains(ct::KeyModifiers::SHIFT) {
            out |= KeyModifiers::SHIFT;
        }
        if m.contains(ct::KeyModifiers::CONTROL) {
            out |= KeyModifiers::CONTROL;
        }
        if m.contains(ct::KeyModifiers::ALT) {
            out |= KeyModifiers::ALT;
        }
        out
    };
    let button = |b: ct::MouseButton| match b {
        ct::MouseButton::Left => MouseButton::Left,
        ct::MouseButton::Right => MouseButton::Right,
        ct::MouseButton::Middle => MouseButton::Middle,
    };
    Some(match e {
        ct::Event::Key(k) => Event::Key(KeyEvent {
            code: match k.code {
                ct::KeyCode::Backspace => KeyCode::Backspace,
                ct::KeyCode::Enter => KeyCode::Enter,
                ct::KeyCode::Left => KeyCode::Left,
                ct::KeyCode::Right => KeyCode::Right,
                ct::KeyCode::Up => KeyCode::Up,
                ct::KeyCode::Down => KeyCode::Down,
                ct::KeyCode::Home => KeyCode::Home,
                ct::KeyCode::End => KeyCode::End,
                ct::KeyCode::PageUp => KeyCode::PageUp,
                ct::KeyCode::PageDown => KeyCode::PageDown,
                ct::KeyCode::Tab => KeyCode::Tab,
                ct::KeyCode::BackTab => KeyCode::BackTab,
                ct::KeyCode::Delete => KeyCode::Delete,
                ct::KeyCode::Insert => KeyCode::Insert,
                ct::KeyCode::F(n) => KeyCode::F(n),
                ct::KeyCode::Char(c) => KeyCode::Char(c),
                ct::KeyCode::Esc => KeyCode::Esc,
                _ => return None,
            },
            modifiers: mods(k.modifiers),
            kind: match k.kind {
                ct::KeyEventKind::Press => KeyEventKind::Press,
                ct::KeyEventKind::Repeat => KeyEventKind::Repeat,
                ct::KeyEventKind::Release => KeyEventKind::Release,
            },
        }),
        ct::Event::Mouse(m) => Event::Mouse(MouseEvent {
            kind: match m.kind {
                ct::MouseEventKind::Down(b) => MouseEventKind::Down(button(b)),
                ct::MouseEventKind::Up(b) => MouseEventKind::Up(button(b)),
                ct::MouseEventKind::Drag(b) => MouseEventKind::Drag(button(b)),
                ct::MouseEventKind::Moved => MouseEventKind::Moved,
                ct::MouseEventKind::ScrollDown => MouseEventKind::ScrollDown,
                ct::MouseEventKind::ScrollUp => MouseEventKind::ScrollUp,
                ct::MouseEventKind::ScrollLeft => MouseEventKind::ScrollLeft,
                ct::MouseEventKind::ScrollRight => MouseEventKind::ScrollRight,
            },
            column: m.column,
            row: m.row,
            modifiers: mods(m.modifiers),
        }),
        ct::Event::Resize(w, h) => Event::Resize(w, h),
        ct::Event::Paste(text) => Event::Paste(text),
        ct::Event::FocusGained => Event::FocusGained,
        ct::Event::FocusLost => Event::FocusLost,
    })
}
