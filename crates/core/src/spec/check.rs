//! The one function that turns a run's settings, as written, into a checked [`RunSpec`]: the
//! defaults for what is left out, and every rule, in one place for every way a run is described.

use super::error::{Field, Source, SpecError};
use super::{Method, PaneSpec, RunSpec, defaults, parse_speed};
use crate::board::Puzzle;
use crate::catalog;
use crate::search::Preset;
use crate::search::registry::{find, set_override};

/// One setting as it was written, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    /// The text as written (a TOML number or boolean as it prints).
    pub text: String,
    /// Where.
    pub from: Source,
}

impl Given {
    /// A setting from a command-line flag.
    pub fn flag(flag: &'static str, text: impl Into<String>) -> Given {
        Given {
            text: text.into(),
            from: Source::Flag(flag),
        }
    }
}

/// A run's settings as written, before any is checked; what is `None` (or empty) takes the
/// default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunInput {
    /// The puzzle reference (default: the built-in default puzzle).
    pub puzzle: Option<Given>,
    /// The algorithm's name (default: [`defaults::ALGO`]).
    pub algo: Option<Given>,
    /// The preset (default: classic).
    pub preset: Option<Given>,
    /// Parameters, each `NAME=VALUE`, applied in order over the preset's defaults.
    pub set: Vec<Given>,
    /// The first pane's seed (default: [`defaults::SEED`]).
    pub seed: Option<Given>,
    /// A board to continue from (default: a fresh start).
    pub start: Option<Given>,
    /// Steps per second or `max` (default: [`defaults::SPEED`]).
    pub speed: Option<Given>,
    /// `true` or `false` (default: false).
    pub paused: Option<Given>,
    /// Race panes, each in [`PaneSpec`]'s text form.
    pub race: Vec<Given>,
    /// `same` or `random` (default: same).
    pub race_start: Option<Given>,
}

fn wrong(field: Field, given: &Given, expected: impl Into<String>) -> SpecError {
    SpecError {
        field,
        value: given.text.clone(),
        expected: expected.into(),
        from: given.from.clone(),
        param: None,
    }
}

/// Check a run: resolve its puzzle, then [`check_on`] it.
pub fn check(input: &RunInput) -> Result<RunSpec, SpecError> {
    let puzzle = match &input.puzzle {
        Some(g) => {
            catalog::resolve_one(&g.text).map_err(|e| wrong(Field::Puzzle, g, e.to_string()))?
        }
        None => catalog::resolve_one(catalog::DEFAULT_PUZZLE).expect("the default puzzle exists"),
    };
    check_on(input, puzzle)
}

/// Check a run on a puzzle already read (the input's own puzzle reference is not read again).
pub fn check_on(input: &RunInput, puzzle: Puzzle) -> Result<RunSpec, SpecError> {
    let algo = match &input.algo {
        Some(g) => find(&g.text).map_err(|e| wrong(Field::Algo, g, e.to_string()))?,
        None => find(defaults::ALGO).expect("the default algorithm exists"),
    };
    let preset = match &input.preset {
        None => Preset::Classic,
        Some(g) => Preset::from_name(&g.text).ok_or_else(|| {
            wrong(
                Field::Preset,
                g,
                format!("unknown preset {:?}: valid are classic, tuned", g.text),
            )
        })?,
    };
    let mut params = algo.default_params(preset);
    for g in &input.set {
        set_override(&mut params, algo.name, preset, &g.text).map_err(|e| {
            let mut w = wrong(Field::Set, g, e.to_string());
            if let crate::search::registry::BuildError::BadParameter { error, .. } = e {
                w.param = Some(Box::new(error));
            }
            w
        })?;
    }
    let seed = match &input.seed {
        None => defaults::SEED,
        Some(g) => g
            .text
            .trim()
            .parse::<u64>()
            .map_err(|_| wrong(Field::Seed, g, "give a whole number, 0 or more"))?,
    };
    let speed = match &input.speed {
        None => parse_speed(defaults::SPEED).expect("the default speed reads"),
        Some(g) => parse_speed(&g.text).map_err(|e| wrong(Field::Speed, g, e))?,
    };
    let paused = match &input.paused {
        None => false,
        Some(g) => match g.text.trim() {
            "true" => true,
            "false" => false,
            _ => return Err(wrong(Field::Paused, g, "give true or false")),
        },
    };
    if input.race.len() > defaults::MAX_RACERS {
        let all: Vec<&str> = input.race.iter().map(|g| g.text.as_str()).collect();
        return Err(SpecError {
            field: Field::Race,
            value: all.join(","),
            expected: "at most three algorithms race beside the first (four panes in all)".into(),
            from: input.race[0].from.clone(),
            param: None,
        });
    }
    let race = input
        .race
        .iter()
        .map(|g| {
            let pane = PaneSpec::parse(&g.text, preset).map_err(|e| wrong(Field::Race, g, e))?;
            pane.check(&puzzle).map_err(|e| wrong(Field::Race, g, e))?;
            Ok(pane)
        })
        .collect::<Result<Vec<_>, SpecError>>()?;
    let same_start = match &input.race_start {
        None => true,
        Some(g) => match g.text.trim() {
            "same" => true,
            "random" => false,
            _ => return Err(wrong(Field::RaceStart, g, "valid are same, random")),
        },
    };
    let start = match &input.start {
        None => None,
        Some(g) => {
            let board = catalog::resolve_board(&g.text)
                .map_err(|e| wrong(Field::Start, g, e.to_string()))?;
            if let Some(e) = puzzle.start_error(&board) {
                return Err(wrong(Field::Start, g, e));
            }
            Some(board)
        }
    };
    Ok(RunSpec {
        puzzle,
        method: Method {
            algo,
            preset,
            params,
        },
        seed,
        start,
        speed,
        paused,
        race,
        same_start,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flag(f: &'static str, t: &str) -> Option<Given> {
        Some(Given::flag(f, t))
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
        let lesson = Source::File {
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
                speed: Some(Given {
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
    fn errors_name_field_value_and_place() {
        let input = RunInput {
            set: vec![Given::flag("--set", "k=0")],
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
                .map(|r| Given::flag("--race", *r))
                .collect(),
            ..RunInput::default()
        };
        let e = check(&input).unwrap_err();
        assert_eq!(e.field, Field::Race);
        assert!(
            e.to_string()
                .starts_with("--race beam,plateau,genetic,tabu: at most three")
        );
    }
}
