//! Styles. Every meaning carries a modifier as well as a colour, so NO_COLOR terminals (and
//! projectors with washed-out colours) still show givens, conflicts and changes.

use ratatui::style::{Color, Modifier, Style};

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless the NO_COLOR convention asks otherwise.
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn given(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    pub fn free(&self) -> Style {
        Style::new()
    }
    pub fn empty(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }
    pub fn conflict(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::UNDERLINED)
    }
    pub fn changed(&self) -> Style {
        let s = Style::new().add_modifier(Modifier::REVERSED);
        if self.color { s.fg(Color::Yellow) } else { s }
    }
    pub fn wrong(&self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::ITALIC)
    }
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    pub fn border(&self) -> Style {
        self.fg(Color::Gray)
    }
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn dim(&self) -> Style {
        self.fg(Color::DarkGray)
    }
    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn good(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }
    pub fn series(&self, i: usize) -> Style {
        const C: [Color; 4] = [Color::Yellow, Color::Green, Color::Magenta, Color::Blue];
        self.fg(C[i % C.len()])
    }
}
