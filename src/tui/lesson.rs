//! Lessons: a TOML file of scenes a teacher prepares in advance and pages through in class.
//!
//! ```toml
//! title = "Local search on sudoku_7"
//! [[scene]]
//! caption = "Steepest descent stops in a local minimum"
//! puzzle = "sudoku_7"      # every key but caption is optional, with the command line's defaults
//! algo = "steepest"
//! preset = "classic"
//! seed = 1
//! speed = 10               # steps per second, or "max"
//! paused = false
//! race = ["plateau", "beam:tuned:7:k=5"]   # NAME[:PRESET[:SEED]][:PARAM=VALUE...]
//! race_start = "same"      # or "random": each racer from its own random board
//! set = { max_iterations = 500 }
//! ```
//!
//! Every scene is checked when the file is read, before the screen opens: an unknown
//! algorithm, parameter or puzzle is reported with the file and line. Each scene starts fresh
//! from its settings, so a lesson plays the same every time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::board::{Grid, Puzzle};
use crate::catalog;
use crate::search::params::fmt_num;
use crate::search::registry::{find, resolve_params};
use crate::search::{AlgoInfo, Params, Preset};

pub use super::racer::Racer;

/// A lesson: its title and scenes, and the file it came from.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub title: String,
    pub scenes: Vec<Scene>,
    /// The file it came from (`None` for a lesson built into the program).
    pub path: Option<PathBuf>,
}

/// Lessons built into the program, by name: `--lesson local-search` works anywhere.
pub const BUILTIN: &[(&str, &str)] = &[(
    "local-search",
    include_str!("../../assets/lessons/local-search.toml"),
)];

/// One scene, every setting resolved.
#[derive(Clone, Debug)]
pub struct Scene {
    pub caption: String,
    pub puzzle: Puzzle,
    pub algo: &'static AlgoInfo,
    pub preset: Preset,
    pub params: Params,
    pub seed: u64,
    /// Steps per second; `None` for as fast as possible.
    pub speed: Option<f64>,
    pub paused: bool,
    pub race: Vec<Racer>,
    /// Racers start from the first pane's board (else each from its own random one).
    pub same_start: bool,
    /// A board to start from instead of a fresh one.
    pub start: Option<Grid>,
}

/// What is wrong with a lesson file, and where.
#[derive(Debug, thiserror::Error)]
#[error("{path}{}: {message}", line.map_or(String::new(), |l| format!(":{l}")))]
pub struct LessonError {
    pub path: String,
    pub line: Option<usize>,
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    title: Option<String>,
    #[serde(default)]
    scene: Vec<Spanned<RawScene>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    caption: Spanned<String>,
    puzzle: Option<Spanned<String>>,
    algo: Option<Spanned<String>>,
    preset: Option<Spanned<String>>,
    seed: Option<Spanned<i64>>,
    speed: Option<Spanned<toml::Value>>,
    paused: Option<bool>,
    race: Option<Spanned<Vec<String>>>,
    race_start: Option<Spanned<String>>,
    set: Option<Spanned<BTreeMap<String, toml::Value>>>,
    start: Option<Spanned<String>>,
}

/// Read and check a lesson file, or a built-in lesson by name when no such file exists.
pub fn read(path: &Path) -> Result<Lesson, LessonError> {
    let name = path.display().to_string();
    if !path.exists()
        && let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name)
    {
        return parse(text, &name);
    }
    let fail = |line: Option<usize>, message: String| LessonError {
        path: name.clone(),
        line,
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| {
        fail(
            None,
            match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".into(),
                std::io::ErrorKind::InvalidData => "not UTF-8 text".into(),
                _ => e.to_string(),
            },
        )
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    parse(text, &name)
}

/// Parse and check a lesson's text; `name` names it in errors.
pub fn parse(text: &str, name: &str) -> Result<Lesson, LessonError> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let fail = |offset: Option<usize>, message: String| LessonError {
        path: name.to_string(),
        line: offset.map(line_of),
        message,
    };
    let raw: RawLesson = toml::from_str(text).map_err(|e| {
        fail(
            e.span().map(|s| s.start),
            e.message().trim().replace('\n', " "),
        )
    })?;
    if raw.scene.is_empty() {
        return Err(fail(
            None,
            "no scene: add at least one [[scene]] with a caption".into(),
        ));
    }
    let mut scenes = Vec::new();
    for (i, s) in raw.scene.iter().enumerate() {
        let at = |span: std::ops::Range<usize>, msg: String| {
            fail(Some(span.start), format!("scene {}: {msg}", i + 1))
        };
        let s = s.get_ref();
        let puzzle = match &s.puzzle {
            Some(p) => {
                catalog::resolve_one(p.get_ref()).map_err(|e| at(p.span(), e.to_string()))?
            }
            None => catalog::resolve_one(catalog::DEFAULT_PUZZLE).expect("the default exists"),
        };
        let algo = match &s.algo {
            Some(a) => find(a.get_ref()).map_err(|e| at(a.span(), e.to_string()))?,
            None => find("annealing").expect("annealing exists"),
        };
        let preset = match &s.preset {
            None => Preset::Classic,
            Some(p) => Preset::from_name(p.get_ref()).ok_or_else(|| {
                at(
                    p.span(),
                    format!("unknown preset {:?}: valid are classic, tuned", p.get_ref()),
                )
            })?,
        };
        let overrides: Vec<String> = match &s.set {
            None => Vec::new(),
            Some(set) => set
                .get_ref()
                .iter()
                .map(|(k, v)| match v {
                    toml::Value::Integer(x) => Ok(format!("{k}={x}")),
                    toml::Value::Float(x) => Ok(format!("{k}={x}")),
                    toml::Value::Boolean(b) => Ok(format!("{k}={}", *b as u8)),
                    toml::Value::String(t) => Ok(format!("{k}={t}")),
                    other => Err(at(
                        set.span(),
                        format!(
                            "{k} = {other}: a parameter's value is a number or a choice's name"
                        ),
                    )),
                })
                .collect::<Result<_, _>>()?,
        };
        let params = resolve_params(algo, preset, &overrides).map_err(|e| {
            at(
                s.set.as_ref().map_or(s.caption.span(), |x| x.span()),
                e.to_string(),
            )
        })?;
        let seed = match &s.seed {
            None => 1,
            Some(x) if *x.get_ref() >= 0 => *x.get_ref() as u64,
            Some(x) => return Err(at(x.span(), "seed must be 0 or more".into())),
        };
        let speed = match &s.speed {
            None => Some(5.0),
            Some(v) => match v.get_ref() {
                toml::Value::String(t) if t == "max" || t == "unlimited" => None,
                toml::Value::Integer(x) if *x > 0 => Some(*x as f64),
                toml::Value::Float(x) if *x > 0.0 && x.is_finite() => Some(*x),
                other => {
                    return Err(at(
                        v.span(),
                        format!(
                            "speed = {other}: give steps per second (a positive number) or \"max\""
                        ),
                    ));
                }
            },
        };
        let race = match &s.race {
            None => Vec::new(),
            Some(r) if r.get_ref().len() > 3 => {
                return Err(at(r.span(), "race takes at most three algorithms".into()));
            }
            Some(r) => r
                .get_ref()
                .iter()
                .map(|n| {
                    Racer::parse(n, preset)
                        .and_then(|x| x.check(&puzzle).map(|_| x))
                        .map_err(|e| at(r.span(), e))
                })
                .collect::<Result<_, _>>()?,
        };
        let same_start = match &s.race_start {
            None => true,
            Some(r) => match r.get_ref().as_str() {
                "same" => true,
                "random" => false,
                other => {
                    return Err(at(
                        r.span(),
                        format!("race_start = {other:?}: valid are \"same\", \"random\""),
                    ));
                }
            },
        };
        let start = match &s.start {
            None => None,
            Some(b) => {
                let g = catalog::resolve_board(b.get_ref())
                    .map_err(|e| at(b.span(), format!("start: {e}")))?;
                if let Some(e) = puzzle.start_error(&g) {
                    return Err(at(b.span(), e));
                }
                Some(g)
            }
        };
        scenes.push(Scene {
            caption: s.caption.get_ref().clone(),
            puzzle,
            algo,
            preset,
            params,
            seed,
            speed,
            paused: s.paused.unwrap_or(false),
            race,
            same_start,
            start,
        });
    }
    Ok(Lesson {
        title: raw.title.unwrap_or_else(|| name.to_string()),
        scenes,
        path: Some(PathBuf::from(name)).filter(|_| !BUILTIN.iter().any(|b| b.0 == name)),
    })
}

/// A TOML string literal.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A scene as lesson text, appended by `y` so a teacher builds a lesson by playing.
pub fn scene_text(scene: &Scene, puzzle_ref: &str) -> String {
    let mut t = format!(
        "\n[[scene]]\ncaption = {}\npuzzle = {}\nalgo = {}\npreset = {}\nseed = {}\nspeed = {}\npaused = {}\n",
        quoted(&scene.caption),
        quoted(puzzle_ref),
        quoted(scene.algo.name),
        quoted(&scene.preset.to_string()),
        scene.seed,
        scene.speed.map_or("\"max\"".to_string(), fmt_num),
        scene.paused,
    );
    if !scene.race.is_empty() {
        let names: Vec<String> = scene.race.iter().map(|r| quoted(&r.to_string())).collect();
        t.push_str(&format!("race = [{}]\n", names.join(", ")));
        if !scene.same_start {
            t.push_str("race_start = \"random\"\n");
        }
    }
    let changed = scene.params.changed_shown();
    if !changed.is_empty() {
        let pairs: Vec<String> = changed
            .iter()
            .map(|(k, v)| match v.parse::<f64>() {
                Ok(_) => format!("{k} = {v}"),
                Err(_) => format!("{k} = {}", quoted(v)),
            })
            .collect();
        t.push_str(&format!("set = {{ {} }}\n", pairs.join(", ")));
    }
    if let Some(g) = &scene.start {
        t.push_str(&format!("start = {}\n", quoted(&g.to_line())));
    }
    t
}

/// Append `scene` to the lesson at `path` (creating it with a title when it does not exist);
/// returns the scene's number in the file.
pub fn append(path: &Path, scene: &Scene, puzzle_ref: &str) -> Result<usize, String> {
    use std::io::Write;
    let existing = std::fs::read_to_string(path).unwrap_or_default();
    let count = existing.lines().filter(|l| l.trim() == "[[scene]]").count();
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let mut text = String::new();
    if existing.trim().is_empty() {
        text.push_str("title = \"A lesson recorded in sudoscope\"\n");
    }
    text.push_str(&scene_text(scene, puzzle_ref));
    f.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(count + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
title = "t"
[[scene]]
caption = "steepest stops"
algo = "steepest"
seed = 3
speed = 10
race = ["plateau", "annealing:tuned:7"]

[[scene]]
caption = "beam, wider"
algo = "beam"
set = { k = 50 }
speed = "max"
paused = true
"#;

    #[test]
    fn scenes_resolve_with_the_command_lines_defaults() {
        let l = parse(GOOD, "l.toml").unwrap();
        assert_eq!(l.scenes.len(), 2);
        let (a, b) = (&l.scenes[0], &l.scenes[1]);
        assert_eq!((a.algo.name, a.seed, a.speed), ("steepest", 3, Some(10.0)));
        assert_eq!(a.puzzle.name, "sudoku_7");
        let race: Vec<_> = a
            .race
            .iter()
            .map(|r| (r.algo.name, r.preset, r.seed))
            .collect();
        assert_eq!(
            race,
            [
                ("plateau", Preset::Classic, None),
                ("annealing", Preset::Tuned, Some(7))
            ]
        );
        assert_eq!(b.params.get("k"), 50.0);
        assert_eq!((b.speed, b.paused, b.preset), (None, true, Preset::Classic));
    }

    #[test]
    fn every_mistake_names_the_file_line_and_problem() {
        let cases = [
            (
                "[[scene]]\ncaption = \"x\"\nalgo = \"hillclimb\"\n",
                "l.toml:3: scene 1: unknown algorithm \"hillclimb\"",
            ),
            (
                "[[scene]]\ncaption = \"x\"\nalgo = \"beam\"\nset = { k = 0 }\n",
                "l.toml:4: scene 1: beam (classic): k = 0 is out of range",
            ),
            (
                "[[scene]]\ncaption = \"x\"\npuzzle = \"nonsense\"\n",
                "l.toml:3: scene 1: unknown puzzle \"nonsense\"",
            ),
            (
                "[[scene]]\ncaption = \"x\"\nspeed = -2\n",
                "l.toml:3: scene 1: speed = -2",
            ),
            (
                "[[scene]]\nalgo = \"beam\"\n",
                "l.toml:1: missing field `caption`",
            ),
            (
                "[[scene]]\ncaption = \"x\"\ncolour = 1\n",
                "l.toml:3: unknown field `colour`",
            ),
            (
                "[[scene]]\ncaption = \"x\"\nrace = [\"beam:warm\"]\n",
                "l.toml:3: scene 1: beam:warm: unknown preset \"warm\"",
            ),
            ("title = \"x\"\n", "l.toml: no scene"),
            ("[[scene]\n", "l.toml:1:"),
        ];
        for (text, want) in cases {
            let e = parse(text, "l.toml").unwrap_err().to_string();
            assert!(e.starts_with(want), "{e:?} should start with {want:?}");
        }
    }

    #[test]
    fn the_built_in_lesson_plays_by_name_and_every_scene_resolves() {
        let l = read(Path::new("local-search")).unwrap();
        assert_eq!(l.title, "Local search on sudoku_7");
        assert!(
            l.path.is_none(),
            "y cannot append to a lesson built into the program"
        );
        assert!(l.scenes.len() >= 8, "{}", l.scenes.len());
        let algos: Vec<&str> = l.scenes.iter().map(|s| s.algo.name).collect();
        for a in [
            "steepest",
            "stochastic",
            "plateau",
            "annealing",
            "beam",
            "genetic",
            "backtrack",
        ] {
            assert!(algos.contains(&a), "the lesson tells {a}'s part: {algos:?}");
        }
        assert!(
            l.scenes
                .iter()
                .any(|s| s.algo.name == "annealing" && s.params.show("bookkeeping") == "course"),
            "a scene shows the course's bookkeeping losing a solution"
        );
        let e = read(Path::new("no-such-lesson")).unwrap_err().to_string();
        assert_eq!(e, "no-such-lesson: no such file");
    }

    #[test]
    fn an_appended_scene_reads_back_as_the_same_scene() {
        let l = parse(GOOD, "l.toml").unwrap();
        let dir = std::env::temp_dir().join(format!("sudoscope-lesson-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("built.toml");
        let _ = std::fs::remove_file(&path);
        assert_eq!(append(&path, &l.scenes[0], "sudoku_7").unwrap(), 1);
        assert_eq!(append(&path, &l.scenes[1], "sudoku_7").unwrap(), 2);
        let back = read(&path).unwrap();
        let names = |s: &Scene| -> Vec<(&str, Preset, Option<u64>)> {
            s.race
                .iter()
                .map(|r| (r.algo.name, r.preset, r.seed))
                .collect()
        };
        for (a, b) in back.scenes.iter().zip(&l.scenes) {
            assert_eq!(
                (a.algo.name, a.preset, a.seed, a.speed, a.paused, names(a)),
                (b.algo.name, b.preset, b.seed, b.speed, b.paused, names(b))
            );
            assert_eq!(a.params, b.params);
            assert_eq!(a.caption, b.caption);
        }
    }
}
