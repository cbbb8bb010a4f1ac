//! The one function that turns a run's settings, as written, into a checked [`RunSpec`]: the
//! defaults for what is left out, and every rule, in one place for every way a run is described.

use super::error::{Cause, Field, Place, SpecError};
use super::{Method, PaneSpec, RunSpec, defaults, parse_seed, parse_speed};
use crate::board::Puzzle;
use crate::catalog;
use crate::search::registry::{BuildError, Setting, find, set_override};
use crate::search::{AlgoInfo, Preset};

/// One setting as it was written, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingText {
    /// The text as written (a TOML number or boolean as it prints).
    pub text: String,
    /// Where.
    pub from: Place,
}

impl SettingText {
    /// A setting from a command-line flag.
    pub fn flag(flag: &'static str, text: impl Into<String>) -> SettingText {
        SettingText {
            text: text.into(),
            from: Place::Flag(flag),
        }
    }

    /// A setting from a page's address (`?speed=fast`).
    pub fn address(text: impl Into<String>) -> SettingText {
        SettingText {
            text: text.into(),
            from: Place::Address,
        }
    }
}

/// A setting the check reads from text (a lesson's, a header's), or one a typed reader (the
/// command line's) has already read: either way it meets the check's rules once, and a typed
/// value is never turned back into text to be read again.
#[derive(Clone, Debug, PartialEq)]
pub enum Written<T> {
    /// As written, with where; the check reads it.
    Text(SettingText),
    /// Already read.
    Value(T),
}

impl<T> From<SettingText> for Written<T> {
    fn from(g: SettingText) -> Written<T> {
        Written::Text(g)
    }
}

/// A typed setting's value: `default` when left out, `value` when already read, else its text
/// read by `read` (an error says why the text does not fit).
fn read<T: Clone>(
    setting: &Option<Written<T>>,
    default: T,
    field: Field,
    read: impl Fn(&str) -> Result<T, Cause>,
) -> Result<T, SpecError> {
    match setting {
        None => Ok(default),
        Some(Written::Value(v)) => Ok(v.clone()),
        Some(Written::Text(g)) => read(g.text.trim()).map_err(|c| because(field, g, c)),
    }
}

/// A run's settings as written, before any is checked; what is `None` (or empty) takes the
/// default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunInput {
    /// The puzzle reference (default: the built-in default puzzle).
    pub puzzle: Option<SettingText>,
    /// The algorithm's name (default: [`defaults::ALGO`]).
    pub algo: Option<SettingText>,
    /// The preset (default: [`defaults::PRESET`]).
    pub preset: Option<Written<Preset>>,
    /// Parameters, each `NAME=VALUE`, applied in order over the preset's defaults.
    pub set: Vec<SettingText>,
    /// The first pane's seed (default: [`defaults::SEED`]).
    pub seed: Option<Written<u64>>,
    /// A board to continue from (default: a fresh start).
    pub start: Option<SettingText>,
    /// Steps per second or `max` (default: [`defaults::SPEED`]).
    pub speed: Option<SettingText>,
    /// `true` or `false` (default: [`defaults::PAUSED`]).
    pub paused: Option<Written<bool>>,
    /// Race panes, each in [`PaneSpec`]'s text form.
    pub race: Vec<SettingText>,
    /// `same` or `random`, read as whether race panes start from the first pane's board
    /// (default: [`defaults::SAME_START`]).
    pub race_start: Option<Written<bool>>,
}

fn wrong(field: Field, given: &SettingText, expected: impl Into<String>) -> SpecError {
    SpecError {
        field,
        value: given.text.clone(),
        expected: expected.into(),
        from: given.from.clone(),
        cause: None,
    }
}

/// [`wrong`], with the typed error behind it.
fn caused(field: Field, given: &SettingText, expected: impl Into<String>, c: Cause) -> SpecError {
    SpecError {
        cause: Some(Box::new(c)),
        ..wrong(field, given, expected)
    }
}

/// [`caused`], saying the cause as it says itself.
fn because(field: Field, given: &SettingText, c: Cause) -> SpecError {
    caused(field, given, c.to_string(), c)
}

/// Check a run: resolve its puzzle, then [`check_on`] it.
pub fn check(input: &RunInput) -> Result<RunSpec, SpecError> {
    let puzzle = match &input.puzzle {
        Some(g) => catalog::resolve_one(&g.text)
            .map_err(|e| caused(Field::Puzzle, g, e.to_string(), Cause::Puzzle(e)))?,
        None => catalog::resolve_one(catalog::DEFAULT_PUZZLE).expect("the default puzzle exists"),
    };
    check_on(input, puzzle)
}

/// Check a run on a puzzle already read (the input's own puzzle reference is not read again).
pub fn check_on(input: &RunInput, puzzle: Puzzle) -> Result<RunSpec, SpecError> {
    let algo = match &input.algo {
        Some(g) => find(&g.text).map_err(|e| match e {
            BuildError::UnknownAlgorithm { name } => because(Field::Algo, g, Cause::Algo(name)),
            other => wrong(Field::Algo, g, other.to_string()),
        })?,
        None => find(defaults::ALGO).expect("the default algorithm exists"),
    };
    let preset = read(&input.preset, defaults::PRESET, Field::Preset, |t| {
        Preset::from_name(t).ok_or_else(|| Cause::Preset(t.to_string()))
    })?;
    let method = check_method(algo, preset, &input.set)?;
    let seed = read(&input.seed, defaults::SEED, Field::Seed, parse_seed)?;
    let speed = match &input.speed {
        None => parse_speed(defaults::SPEED).expect("the default speed reads"),
        Some(g) => parse_speed(&g.text).map_err(|c| because(Field::Speed, g, c))?,
    };
    let paused = read(
        &input.paused,
        defaults::PAUSED,
        Field::Paused,
        |t| match t {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(Cause::YesNo),
        },
    )?;
    if input.race.len() >= defaults::MAX_PANES {
        let all: Vec<&str> = input.race.iter().map(|g| g.text.as_str()).collect();
        let cause = Cause::Panes(defaults::MAX_PANES);
        return Err(SpecError {
            field: Field::Race,
            value: all.join(","),
            expected: cause.to_string(),
            from: input.race[0].from.clone(),
            cause: Some(Box::new(cause)),
        });
    }
    let race = input
        .race
        .iter()
        .map(|g| {
            // a pane's algorithm that does not exist is the typo a race makes most: typed, so
            // that it is said in the user's language as the first pane's is
            if let Err(BuildError::UnknownAlgorithm { name }) = Setting::parse(&g.text) {
                return Err(because(Field::Race, g, Cause::Algo(name)));
            }
            let pane = PaneSpec::parse(&g.text, preset).map_err(|e| wrong(Field::Race, g, e))?;
            pane.fits(&puzzle).map_err(|e| wrong(Field::Race, g, e))?;
            Ok(pane)
        })
        .collect::<Result<Vec<_>, SpecError>>()?;
    let same_start = read(
        &input.race_start,
        defaults::SAME_START,
        Field::RaceStart,
        |t| match t {
            "same" => Ok(true),
            "random" => Ok(false),
            _ => Err(Cause::RaceStart),
        },
    )?;
    let start = match &input.start {
        None => None,
        Some(g) => {
            let board = catalog::resolve_board(&g.text)
                .map_err(|e| caused(Field::Start, g, e.to_string(), Cause::Puzzle(e)))?;
            if let Some(e) = puzzle.start_error(&board) {
                return Err(wrong(Field::Start, g, e));
            }
            Some(board)
        }
    };
    Ok(RunSpec {
        puzzle,
        method,
        seed,
        start,
        speed,
        paused,
        race,
        same_start,
    })
}

/// An algorithm in a preset with `NAME=VALUE` parameters over the preset's defaults, in order:
/// the first pane's method, and each row of an experiment. A parameter that does not fit is a
/// [`SpecError`] on [`Field::Set`] that keeps the parameter's own error.
pub fn check_method(
    algo: &'static AlgoInfo,
    preset: Preset,
    set: &[SettingText],
) -> Result<Method, SpecError> {
    let mut params = algo.default_params(preset);
    for g in set {
        set_override(&mut params, algo.name, preset, &g.text).map_err(|e| {
            let expected = e.to_string();
            match e {
                crate::search::registry::BuildError::BadParameter { error, .. } => {
                    caused(Field::Set, g, expected, Cause::Param(error))
                }
                _ => wrong(Field::Set, g, expected),
            }
        })?;
    }
    Ok(Method {
        algo,
        preset,
        params,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag(f: &'static str, t: &str) -> Option<SettingText> {
        Some(SettingText::flag(f, t))
    }

    #[test]
    fn what_is_left_out_takes_the_defaults() {
        let spec = check(&RunInput::default()).unwrap();
        assert_eq!(spec.puzzle.name, "sudoku_7");
        assert_eq!(
            (
                spec.method.algo.name,
                spec.method.preset,
                spec.seed,
                spec.speed
            ),
            ("annealing", Preset::Classic, 1, Some(5.0))
        );
        assert!(!spec.paused && spec.same_start && spec.race.is_empty() && spec.start.is_none());
    }

    #[test]
    fn one_rule_for_speed_wherever_it_is_written() {
        let lesson = Place::File {
            path: "l.toml".into(),
            line: Some(2),
            scene: Some(1),
        };
        for text in ["0", "-1", "fast", "inf", "NaN"] {
            let from_flag = RunInput {
                speed: flag("--speed", text),
                ..RunInput::default()
            };
            let from_file = RunInput {
                speed: Some(SettingText {
                    text: text.into(),
                    from: lesson.clone(),
                }),
                ..RunInput::default()
            };
            let (a, b) = (
                check(&from_flag).unwrap_err(),
                check(&from_file).unwrap_err(),
            );
            assert_eq!((a.field, b.field), (Field::Speed, Field::Speed));
            assert_eq!(a.expected, b.expected, "{text}");
        }
        let max = RunInput {
            speed: flag("--speed", "max"),
            ..RunInput::default()
        };
        assert_eq!(check(&max).unwrap().speed, None);
    }

    #[test]
    fn a_seed_past_the_largest_is_said_to_be_too_large() {
        let seed = |t: &str| {
            check(&RunInput {
                seed: Some(Written::Text(SettingText::flag("--seed", t))),
                ..RunInput::default()
            })
        };
        assert_eq!(seed("18446744073709551615").unwrap().seed, u64::MAX);
        let e = seed("12345678901234567890123").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--seed \"12345678901234567890123\": too large: the largest seed is 18446744073709551615"
        );
        for t in ["-1", "1.5", "x"] {
            let e = seed(t).unwrap_err().to_string();
            assert!(e.ends_with("give a whole number, 0 or more"), "{e}");
        }
    }

    #[test]
    fn errors_name_field_value_and_place() {
        let input = RunInput {
            set: vec![SettingText::flag("--set", "k=0")],
            algo: flag("--algo", "beam"),
            ..RunInput::default()
        };
        let e = check(&input).unwrap_err();
        assert_eq!((e.field, e.value.as_str()), (Field::Set, "k=0"));
        assert_eq!(
            e.to_string(),
            "--set k=0: beam (classic): k = 0 is out of range: valid values are 1 to 1000 (whole number)"
        );
        let input = RunInput {
            race: ["beam", "plateau", "genetic", "tabu"]
                .iter()
                .map(|r| SettingText::flag("--race", *r))
                .collect(),
            ..RunInput::default()
        };
        let e = check(&input).unwrap_err();
        assert_eq!(e.field, Field::Race);
        assert!(
            e.to_string()
                .starts_with("--race beam,plateau,genetic,tabu: at most 3 algorithms race beside the first (4 panes in all)")
        );
    }
}
