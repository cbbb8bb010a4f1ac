//! Parameters declared per algorithm: name, meaning, default and valid range.
//!
//! Each algorithm declares its parameters as data ([`ParamSpec`]), so the command line, the
//! visualiser's editor and `--list-algos` all check and describe values the same way.

use std::fmt;

/// The two presets every algorithm has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// Behaves as the course material describes, failures included.
    Classic,
    /// As good as the literature knows how to make it.
    Tuned,
}

impl Preset {
    /// The preset of that name (`classic`, `tuned`; case ignored).
    pub fn from_name(name: &str) -> Option<Preset> {
        [Preset::Classic, Preset::Tuned]
            .into_iter()
            .find(|p| p.to_string().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Classic => "classic",
            Preset::Tuned => "tuned",
        })
    }
}

/// One parameter: what it is called, what it means, its default and the values it accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    /// The name `--set` takes.
    pub name: &'static str,
    /// What it does, in a line.
    pub meaning: &'static str,
    /// Its value unless set.
    pub default: f64,
    /// The smallest value accepted.
    pub min: f64,
    /// The largest value accepted.
    pub max: f64,
    /// Whole numbers only.
    pub integer: bool,
    /// For a parameter that names one of a few choices, their names (the value is the index);
    /// empty for a number.
    pub choices: &'static [&'static str],
}

impl ParamSpec {
    /// A whole-number parameter.
    pub const fn int(
        name: &'static str,
        meaning: &'static str,
        default: f64,
        min: f64,
        max: f64,
    ) -> Self {
        ParamSpec {
            name,
            meaning,
            default,
            min,
            max,
            integer: true,
            choices: &[],
        }
    }
    /// A parameter naming one of `choices`, `default` the index of the default one.
    pub const fn choice(
        name: &'static str,
        meaning: &'static str,
        default: usize,
        choices: &'static [&'static str],
    ) -> Self {
        ParamSpec {
            name,
            meaning,
            default: default as f64,
            min: 0.0,
            max: choices.len() as f64 - 1.0,
            integer: true,
            choices,
        }
    }
    /// A real-valued parameter.
    pub const fn real(
        name: &'static str,
        meaning: &'static str,
        default: f64,
        min: f64,
        max: f64,
    ) -> Self {
        ParamSpec {
            name,
            meaning,
            default,
            min,
            max,
            integer: false,
            choices: &[],
        }
    }

    /// A value as people write it: the choice's name, or the number.
    pub fn show(&self, value: f64) -> String {
        match self.choices.get(value as usize) {
            Some(name) if !self.choices.is_empty() => name.to_string(),
            _ => fmt_num(value),
        }
    }

    /// Read a value as people write it: a choice by name (or index), or a number.
    pub fn read(&self, text: &str) -> Result<f64, ParamError> {
        let text = text.trim();
        if let Some(i) = self
            .choices
            .iter()
            .position(|c| c.eq_ignore_ascii_case(text))
        {
            return Ok(i as f64);
        }
        let value: f64 = text.parse().map_err(|_| {
            let (name, text, valid) = (self.name, text.to_string(), self.valid());
            if self.choices.is_empty() {
                ParamError::NotANumber { name, text, valid }
            } else {
                ParamError::NotAChoice { name, text, valid }
            }
        })?;
        self.admit(value)
    }

    /// The values it takes.
    pub fn valid(&self) -> Valid {
        if self.choices.is_empty() {
            Valid::Range {
                min: self.min,
                max: self.max,
                whole: self.integer,
            }
        } else {
            Valid::Choices(self.choices)
        }
    }

    /// The value when the range admits it, else why not.
    pub fn admit(&self, value: f64) -> Result<f64, ParamError> {
        if !value.is_finite()
            || value < self.min
            || value > self.max
            || (self.integer && value.fract() != 0.0)
        {
            return Err(ParamError::OutOfRange {
                name: self.name,
                value: self.show(value),
                valid: self.valid(),
            });
        }
        Ok(value)
    }
}

/// The values a parameter takes: figures the screen and the command line put into words.
#[derive(Clone, Debug, PartialEq)]
pub enum Valid {
    /// One of these names.
    Choices(&'static [&'static str]),
    /// A number from `min` to `max`, a whole one when `whole`.
    Range {
        /// The least.
        min: f64,
        /// The most.
        max: f64,
        /// Whole numbers only.
        whole: bool,
    },
}

impl std::fmt::Display for Valid {
    /// In English, as programs read it: `1 to 1000 (whole number)`, `fixed or course`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Valid::Choices(c) => f.write_str(&c.join(" or ")),
            Valid::Range { min, max, whole } => {
                write!(f, "{} to {}", fmt_num(*min), fmt_num(*max))?;
                if *whole {
                    f.write_str(" (whole number)")?;
                }
                Ok(())
            }
        }
    }
}

/// What is wrong with a parameter and its value. Its text is English, as programs read it; the
/// visualiser and the command line say it in the user's language.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// A number was wanted.
    #[error("{name} = {text:?} is not a number: valid values are {valid}")]
    NotANumber {
        /// The parameter.
        name: &'static str,
        /// What was given.
        text: String,
        /// What it takes.
        valid: Valid,
    },
    /// One of the choices was wanted.
    #[error("{name} = {text:?} is not a choice: valid values are {valid}")]
    NotAChoice {
        /// The parameter.
        name: &'static str,
        /// What was given.
        text: String,
        /// What it takes.
        valid: Valid,
    },
    /// The value is outside what the parameter takes.
    #[error("{name} = {value} is out of range: valid values are {valid}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value as people write it.
        value: String,
        /// What it takes.
        valid: Valid,
    },
    /// The algorithm takes no parameters.
    #[error("unknown parameter {name:?}: this algorithm takes none")]
    UnknownNone {
        /// The name given.
        name: String,
    },
    /// The algorithm takes no parameter of that name.
    #[error("unknown parameter {name:?}{}: valid are {}", crate::suggest::hint(name, valid.iter().copied()), valid.join(", "))]
    Unknown {
        /// The name given.
        name: String,
        /// The names it takes.
        valid: Vec<&'static str>,
    },
}

/// Print numbers without noise: 200, 0.99, 1e9.
pub fn fmt_num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e7 {
        format!("{}", x as i64)
    } else if x.abs() >= 1e7 || (x != 0.0 && x.abs() < 1e-3) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// Resolved parameter values for one algorithm and preset, in declaration order.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    specs: Vec<ParamSpec>,
    values: Vec<f64>,
}

impl Params {
    /// The defaults of `specs`.
    pub fn defaults(specs: Vec<ParamSpec>) -> Params {
        let values = specs.iter().map(|s| s.default).collect();
        Params { specs, values }
    }

    /// Set `name` from text, checking name and range; errors list what is valid.
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), ParamError> {
        let Some(i) = self.specs.iter().position(|s| s.name == name) else {
            let valid: Vec<&'static str> = self.specs.iter().map(|s| s.name).collect();
            return Err(if valid.is_empty() {
                ParamError::UnknownNone {
                    name: name.to_string(),
                }
            } else {
                ParamError::Unknown {
                    name: name.to_string(),
                    valid,
                }
            });
        };
        self.values[i] = self.specs[i].read(text)?;
        Ok(())
    }

    /// The value of a declared parameter. Panics on an undeclared name: a programming error.
    pub fn get(&self, name: &str) -> f64 {
        let i = self
            .specs
            .iter()
            .position(|s| s.name == name)
            .unwrap_or_else(|| panic!("parameter {name} is not declared"));
        self.values[i]
    }

    /// The value of a declared parameter, as a whole number.
    pub fn usize(&self, name: &str) -> usize {
        self.get(name) as usize
    }

    /// The declarations, in order.
    pub fn specs(&self) -> &[ParamSpec] {
        &self.specs
    }

    /// `name=value` pairs, for the command line that reproduces a run.
    pub fn pairs(&self) -> Vec<(&'static str, f64)> {
        self.specs
            .iter()
            .map(|s| s.name)
            .zip(self.values.iter().copied())
            .collect()
    }

    /// Every value as people write it (`k=20`, `bookkeeping=course`), in order.
    pub fn shown(&self) -> Vec<(&'static str, String)> {
        self.specs
            .iter()
            .zip(&self.values)
            .map(|(s, v)| (s.name, s.show(*v)))
            .collect()
    }

    /// The values that differ from their default, as people write them.
    pub fn changed_shown(&self) -> Vec<(&'static str, String)> {
        self.specs
            .iter()
            .zip(&self.values)
            .filter(|(s, v)| s.default != **v)
            .map(|(s, v)| (s.name, s.show(*v)))
            .collect()
    }

    /// The value of `name` as people write it.
    pub fn show(&self, name: &str) -> String {
        let i = self
            .specs
            .iter()
            .position(|s| s.name == name)
            .unwrap_or_else(|| panic!("parameter {name} is not declared"));
        self.specs[i].show(self.values[i])
    }

    /// Only the values that differ from their default.
    pub fn changed(&self) -> Vec<(&'static str, f64)> {
        self.specs
            .iter()
            .zip(&self.values)
            .filter(|(s, v)| s.default != **v)
            .map(|(s, v)| (s.name, *v))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_values_name_the_valid_range() {
        let mut p = Params::defaults(vec![ParamSpec::int("k", "beam width", 20.0, 1.0, 500.0)]);
        assert_eq!(
            p.set("k", "0").unwrap_err().to_string(),
            "k = 0 is out of range: valid values are 1 to 500 (whole number)"
        );
        assert_eq!(
            p.set("k", "2.5").unwrap_err().to_string(),
            "k = 2.5 is out of range: valid values are 1 to 500 (whole number)"
        );
        assert!(
            p.set("k", "abc")
                .unwrap_err()
                .to_string()
                .contains("is not a number")
        );
        assert_eq!(
            p.set("width", "3").unwrap_err().to_string(),
            "unknown parameter \"width\": valid are k"
        );
        p.set("k", "30").unwrap();
        assert_eq!(p.get("k"), 30.0);
        assert_eq!(p.changed(), vec![("k", 30.0)]);
    }
}
