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
    pub fn read(&self, text: &str) -> Result<f64, String> {
        let text = text.trim();
        if let Some(i) = self
            .choices
            .iter()
            .position(|c| c.eq_ignore_ascii_case(text))
        {
            return Ok(i as f64);
        }
        let value: f64 = text.parse().map_err(|_| {
            tr!(
                if self.choices.is_empty() {
                    "param-not-a-number"
                } else {
                    "param-not-a-choice"
                },
                name = self.name,
                text = format!("{text:?}"),
                valid = self.range_text()
            )
        })?;
        self.check(value)
    }

    /// "1 to 1000 (whole number)", "0.0001 to 1000000000", or "fixed or course".
    pub fn range_text(&self) -> String {
        if !self.choices.is_empty() {
            return self.choices.join(&format!(" {} ", tr!("param-or")));
        }
        let (min, max) = (
            crate::i18n::localize(fmt_num(self.min)),
            crate::i18n::localize(fmt_num(self.max)),
        );
        if self.integer {
            tr!("param-range-whole", min = min, max = max)
        } else {
            tr!("param-range", min = min, max = max)
        }
    }

    /// Check a value against the range.
    pub fn check(&self, value: f64) -> Result<f64, String> {
        if !value.is_finite()
            || value < self.min
            || value > self.max
            || (self.integer && value.fract() != 0.0)
        {
            return Err(tr!(
                "param-out-of-range",
                name = self.name,
                value = self.show(value),
                valid = self.range_text()
            ));
        }
        Ok(value)
    }
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
    pub fn set(&mut self, name: &str, text: &str) -> Result<(), String> {
        let Some(i) = self.specs.iter().position(|s| s.name == name) else {
            let names: Vec<&str> = self.specs.iter().map(|s| s.name).collect();
            return Err(if names.is_empty() {
                tr!("param-unknown-none", name = format!("{name:?}"))
            } else {
                tr!(
                    "param-unknown",
                    name = format!("{name:?}"),
                    hint = crate::suggest::hint(name, names.iter().copied()),
                    valid = names.join(", ")
                )
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
            p.set("k", "0").unwrap_err(),
            "k = 0 is out of range: valid values are 1 to 500 (whole number)"
        );
        assert_eq!(
            p.set("k", "2.5").unwrap_err(),
            "k = 2.5 is out of range: valid values are 1 to 500 (whole number)"
        );
        assert!(p.set("k", "abc").unwrap_err().contains("is not a number"));
        assert_eq!(
            p.set("width", "3").unwrap_err(),
            "unknown parameter \"width\": valid are k"
        );
        p.set("k", "30").unwrap();
        assert_eq!(p.get("k"), 30.0);
        assert_eq!(p.changed(), vec![("k", 30.0)]);
    }
}
