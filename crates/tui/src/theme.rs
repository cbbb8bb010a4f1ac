//! Styles, in three themes: `dark` for a dark terminal, `light` for a white projector screen
//! (dark text on a white background the theme paints itself, and no yellow or cyan text), and
//! `mono`, which uses modifiers only (chosen when `NO_COLOR` is set). Every meaning carries a
//! modifier as well as a colour, so mono and washed-out projectors still show givens, conflicts
//! and changes.

use ratatui::style::{Color, Modifier, Style};

/// The three themes, in the order `t` cycles through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Palette {
    /// Light text on the terminal's own dark background.
    #[default]
    Dark,
    /// Dark text on a white background.
    Light,
    /// No colour at all: bold, underline, reverse, italic, dim.
    Mono,
}

impl Palette {
    /// The name `--theme` takes and the legend shows.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Dark => "dark",
            Palette::Light => "light",
            Palette::Mono => "mono",
        }
    }
}

/// The colours of one theme (`None` leaves the terminal's own).
#[derive(Clone, Copy, Debug)]
struct Colors {
    background: Option<Color>,
    text: Option<Color>,
    given: Color,
    conflict: Color,
    wrong: Color,
    border: Color,
    accent: Color,
    key: Color,
    dim: Color,
    good: Color,
    series: [Color; 4],
}

const DARK: Colors = Colors {
    background: None,
    text: None,
    given: Color::Cyan,
    conflict: Color::Red,
    wrong: Color::Magenta,
    border: Color::Gray,
    accent: Color::Cyan,
    key: Color::Yellow,
    dim: Color::DarkGray,
    good: Color::Green,
    series: [Color::Yellow, Color::Green, Color::Magenta, Color::Blue],
};

/// Dark, saturated colours from the 256-colour table, on white: every one has strong contrast
/// against the background, and none is yellow or cyan.
const LIGHT: Colors = Colors {
    background: Some(Color::Indexed(231)),
    text: Some(Color::Indexed(16)),
    given: Color::Indexed(19),
    conflict: Color::Indexed(124),
    wrong: Color::Indexed(90),
    border: Color::Indexed(241),
    accent: Color::Indexed(19),
    key: Color::Indexed(90),
    dim: Color::Indexed(240),
    good: Color::Indexed(22),
    // cost blue, best green as the dark theme's best; red only for the worst member, as a
    // conflict is red: a best cost in the conflicts' red read as an alarm
    series: [
        Color::Indexed(19),
        Color::Indexed(22),
        Color::Indexed(90),
        Color::Indexed(124),
    ],
};

/// The styles the screen is drawn with.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    /// Which theme.
    pub palette: Palette,
}

impl Theme {
    /// A theme by name.
    pub fn new(palette: Palette) -> Theme {
        Theme { palette }
    }

    /// The theme asked for, or `mono` when the NO_COLOR convention asks for no colour, or `dark`.
    pub fn from_env(asked: Option<Palette>) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme::new(asked.unwrap_or(if no_color {
            Palette::Mono
        } else {
            Palette::Dark
        }))
    }

    /// The next theme (`t`).
    pub fn next(self) -> Theme {
        Theme::new(match self.palette {
            Palette::Dark => Palette::Light,
            Palette::Light => Palette::Mono,
            Palette::Mono => Palette::Dark,
        })
    }

    fn colors(&self) -> Option<&'static Colors> {
        match self.palette {
            Palette::Dark => Some(&DARK),
            Palette::Light => Some(&LIGHT),
            Palette::Mono => None,
        }
    }

    fn fg(&self, pick: fn(&Colors) -> Color) -> Style {
        self.colors()
            .map_or(Style::new(), |c| Style::new().fg(pick(c)))
    }

    /// The whole screen's base: the theme's background and text (light paints its own white).
    pub fn base(&self) -> Style {
        let mut s = Style::new();
        if let Some(c) = self.colors() {
            if let Some(bg) = c.background {
                s = s.bg(bg);
            }
            if let Some(fg) = c.text {
                s = s.fg(fg);
            }
        }
        s
    }

    /// A given: its own colour and bold, in every state.
    pub fn given(&self) -> Style {
        self.fg(|c| c.given).add_modifier(Modifier::BOLD)
    }
    /// A free cell's value.
    pub fn free(&self) -> Style {
        Style::new()
    }
    /// An empty cell.
    pub fn empty(&self) -> Style {
        self.fg(|c| c.dim).add_modifier(Modifier::DIM)
    }
    /// A free cell in conflict: red and underlined.
    pub fn conflict(&self) -> Style {
        self.fg(|c| c.conflict).add_modifier(Modifier::UNDERLINED)
    }
    /// A given in conflict: underlined, keeping its own colour and weight.
    pub fn given_conflict(&self) -> Style {
        Style::new().add_modifier(Modifier::UNDERLINED)
    }
    /// The cells the last step changed: reversed.
    pub fn changed(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    /// A value that differs from the solution: italic.
    pub fn wrong(&self) -> Style {
        self.fg(|c| c.wrong).add_modifier(Modifier::ITALIC)
    }
    /// The selected cell (mouse or keyboard cursor).
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    /// Box borders and frames.
    pub fn border(&self) -> Style {
        self.fg(|c| c.border)
    }
    /// Titles and the focused pane's frame.
    pub fn title(&self) -> Style {
        self.fg(|c| c.accent).add_modifier(Modifier::BOLD)
    }
    /// Keys in hints.
    pub fn key(&self) -> Style {
        self.fg(|c| c.key).add_modifier(Modifier::BOLD)
    }
    /// Secondary text.
    pub fn dim(&self) -> Style {
        match self.palette {
            Palette::Mono => Style::new().add_modifier(Modifier::DIM),
            _ => self.fg(|c| c.dim),
        }
    }
    /// Errors and endings other than solved.
    pub fn error(&self) -> Style {
        self.fg(|c| c.conflict).add_modifier(Modifier::BOLD)
    }
    /// Solved, running.
    pub fn good(&self) -> Style {
        self.fg(|c| c.good).add_modifier(Modifier::BOLD)
    }
    /// Chart series `i`.
    pub fn series(&self, i: usize) -> Style {
        match self.colors() {
            Some(c) => Style::new().fg(c.series[i % c.series.len()]),
            None => Style::new(),
        }
    }
    /// A lesson's caption banner.
    pub fn banner(&self) -> Style {
        self.title().add_modifier(Modifier::REVERSED)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cost chart's curves are never in the conflicts' colour: a best cost drawn in red
    /// read as an alarm (the fifth trial, light theme).
    #[test]
    fn the_cost_curves_are_not_in_the_conflicts_colour() {
        for c in [DARK, LIGHT] {
            assert!(c.series[..3].iter().all(|&s| s != c.conflict));
        }
    }
}
