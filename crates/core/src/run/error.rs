//! What is wrong with a run's description, and where it was written.

use std::fmt;

/// Where a setting of a run was written: the command line, a file, or nowhere (a default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The program's own default.
    Default,
    /// A command-line flag, such as `--speed`.
    Flag(&'static str),
    /// A page's address, such as `?speed=fast`: named by its key, as the address writes it.
    Address,
    /// A file: a lesson's scene, a trace's header, a JSON record.
    File {
        /// The file, as the user named it.
        path: String,
        /// The line the setting is on, when known.
        line: Option<usize>,
        /// The lesson scene it belongs to, counted from 1.
        scene: Option<usize>,
    },
}

/// The settings of a run, by the name a lesson file gives them (the flag adds `--`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The puzzle reference.
    Puzzle,
    /// The algorithm's name.
    Algo,
    /// The preset, classic or tuned.
    Preset,
    /// A `NAME=VALUE` parameter.
    Set,
    /// The first pane's seed.
    Seed,
    /// The board the first pane continues from.
    Start,
    /// Steps per second.
    Speed,
    /// Whether the run starts paused.
    Paused,
    /// A race pane.
    Race,
    /// Where race panes start.
    RaceStart,
}

impl Field {
    /// The name a lesson file and a JSON header give the field.
    pub fn name(self) -> &'static str {
        match self {
            Field::Puzzle => "puzzle",
            Field::Algo => "algo",
            Field::Preset => "preset",
            Field::Set => "set",
            Field::Seed => "seed",
            Field::Start => "start",
            Field::Speed => "speed",
            Field::Paused => "paused",
            Field::Race => "race",
            Field::RaceStart => "race_start",
        }
    }

    /// The key a page's address gives the field: `race-start` where a lesson writes
    /// `race_start`.
    pub fn key(self) -> &'static str {
        match self {
            Field::RaceStart => "race-start",
            f => f.name(),
        }
    }
}

/// A setting that does not check: which field, the value given, what was expected instead, and
/// where it was written. It prints as one line that says all four, in the words the command line
/// and lesson files have always used: `--speed "fast": give steps per second …`, or
/// `lesson.toml:3: scene 1: speed = -2: give steps per second …`.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecError {
    /// The field.
    pub field: Field,
    /// The value as it was written.
    pub value: String,
    /// What was expected, or why the value does not fit (English, as programs read it).
    pub expected: String,
    /// Where it was written.
    pub from: Place,
    /// The typed error behind `expected`, where there is one: the floors above say it in the
    /// user's language where `expected` has it in English.
    pub cause: Option<Box<Cause>>,
}

/// The typed error behind a setting's error, whose text (English, as programs read it) is the
/// error's `expected`: the floors above say it in the user's language.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Cause {
    /// A parameter that the algorithm does not take, or a value out of its range (after the
    /// algorithm and preset it belongs to, in `expected`).
    #[error("{0}")]
    Param(crate::search::params::ParamError),
    /// A puzzle reference (the puzzle's, or the board a run starts from) that gives no puzzle.
    #[error("{0}")]
    Puzzle(crate::catalog::RefError),
    /// No algorithm of this name.
    #[error("{}", unknown_algorithm(.0))]
    Algo(String),
    /// No preset of this name.
    #[error("unknown preset {0:?}: valid are classic, tuned")]
    Preset(String),
    /// A speed that is neither a positive number nor `max`.
    #[error("give steps per second (a positive number) or max")]
    Speed,
    /// A seed that is not a whole number, 0 or more.
    #[error("give a whole number, 0 or more")]
    SeedNotWhole,
    /// A seed past the largest.
    #[error("too large: the largest seed is {}", u64::MAX)]
    SeedTooLarge,
    /// Neither `true` nor `false`.
    #[error("give true or false")]
    YesNo,
    /// Neither `same` nor `random`.
    #[error("valid are same, random")]
    RaceStart,
    /// More race panes than the screen holds (the most, in all).
    #[error("at most {} algorithms race beside the first ({} panes in all)", .0 - 1, .0)]
    Panes(usize),
}

/// The registry's own words for an algorithm it does not know.
fn unknown_algorithm(name: &str) -> String {
    crate::search::registry::BuildError::UnknownAlgorithm {
        name: name.to_string(),
    }
    .to_string()
}

impl SpecError {
    /// The part that names the field and value, unless `expected` already quotes the value
    /// (`unknown algorithm "hillclimb"`) or the value is a board too long to repeat.
    fn subject(&self) -> Option<String> {
        let file_style = !matches!(self.from, Place::Flag(_));
        if let Place::Address = self.from {
            // `speed=fast`, as the address has it; the key alone where the value is a board
            // too long to repeat or already quoted
            let quoted = !self.value.is_empty() && self.expected.contains(&self.value);
            return Some(if self.field == Field::Start || quoted {
                self.field.key().to_string()
            } else {
                format!("{}={}", self.field.key(), self.value)
            });
        }
        if self.field == Field::Start {
            return file_style.then(|| "start".to_string());
        }
        if file_style && self.field == Field::Set {
            // a parameter's message names it and its value: `k = 0 is out of range`
            return None;
        }
        if !self.value.is_empty() && self.expected.contains(&self.value) {
            return None;
        }
        Some(match (&self.from, self.field) {
            (Place::Flag(_), Field::Race | Field::Set) => self.value.clone(),
            (Place::Flag(_), _) => format!("{:?}", self.value),
            (_, Field::Seed | Field::Speed | Field::Paused) => {
                format!("{} = {}", self.field.name(), self.value)
            }
            (_, f) => format!("{} = {:?}", f.name(), self.value),
        })
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let subject = self.subject();
        match &self.from {
            Place::Flag(flag) => match subject {
                Some(s) => write!(f, "{flag} {s}: {}", self.expected),
                None if self.field == Field::Start => write!(f, "{flag}: {}", self.expected),
                None => write!(f, "{flag} {}", self.expected),
            },
            Place::Default | Place::File { .. } | Place::Address => {
                if let Place::File { path, line, scene } = &self.from {
                    write!(f, "{path}")?;
                    if let Some(l) = line {
                        write!(f, ":{l}")?;
                    }
                    write!(f, ": ")?;
                    if let Some(s) = scene {
                        write!(f, "scene {s}: ")?;
                    }
                }
                match subject {
                    Some(s) => write!(f, "{s}: {}", self.expected),
                    None => write!(f, "{}", self.expected),
                }
            }
        }
    }
}

impl std::error::Error for SpecError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(field: Field, value: &str, expected: &str, from: Place) -> String {
        SpecError {
            field,
            value: value.into(),
            expected: expected.into(),
            from,
            cause: None,
        }
        .to_string()
    }

    #[test]
    fn flags_and_files_say_where_and_what() {
        let lesson = Place::File {
            path: "l.toml".into(),
            line: Some(3),
            scene: Some(1),
        };
        assert_eq!(
            error(Field::Speed, "fast", "give steps", Place::Flag("--speed")),
            "--speed \"fast\": give steps"
        );
        assert_eq!(
            error(Field::Speed, "-2", "give steps", lesson.clone()),
            "l.toml:3: scene 1: speed = -2: give steps"
        );
        assert_eq!(
            error(Field::Algo, "x", "unknown algorithm \"x\"", lesson.clone()),
            "l.toml:3: scene 1: unknown algorithm \"x\""
        );
        assert_eq!(
            error(
                Field::Race,
                "b:w",
                "b:w: unknown preset",
                Place::Flag("--race")
            ),
            "--race b:w: unknown preset"
        );
        assert_eq!(
            error(Field::Start, "1234", "too small", Place::Flag("--start")),
            "--start: too small"
        );
        assert_eq!(
            error(Field::Start, "1234", "too small", lesson),
            "l.toml:3: scene 1: start: too small"
        );
        // a page's address: its keys, as the address writes them, never a flag
        for (field, value, expected, said) in [
            (Field::Speed, "fast", "give steps", "speed=fast: give steps"),
            (
                Field::Race,
                "b:w",
                "b:w: unknown preset",
                "race: b:w: unknown preset",
            ),
            (
                Field::RaceStart,
                "both",
                "valid are same, random",
                "race-start=both: valid are same, random",
            ),
            (Field::Start, "1234", "too small", "start: too small"),
        ] {
            assert_eq!(error(field, value, expected, Place::Address), said);
        }
    }
}
