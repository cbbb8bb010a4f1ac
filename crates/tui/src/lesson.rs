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
//! watch = "python3 mine.py"  # a search the class wrote, shown live (its trace's puzzle)
//! ```
//!
//! Every scene is checked when the file is read, before the screen opens: an unknown
//! algorithm, parameter or puzzle is reported with the file and line. Each scene starts fresh
//! from its settings, so a lesson plays the same every time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::i18n::{self, Lang};
use crate::spec::{Given, RunInput, RunSpec, Source, SpecError, print};

/// A lesson: its title and scenes, and the file it came from.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The title, shown before each caption (in the lesson's own language).
    pub title: String,
    /// The title in other languages, where the file gives them.
    pub titles: BTreeMap<Lang, String>,
    /// The language the lesson is written in (`lang = "es"`): the screen speaks it unless
    /// `--lang` says otherwise.
    pub lang: Option<Lang>,
    /// The scenes, in order.
    pub scenes: Vec<Scene>,
    /// The file it came from (`None` for a lesson built into the program).
    pub path: Option<PathBuf>,
}

/// Lessons built into the program, by name: `--lesson local-search` works anywhere.
pub const BUILTIN: &[(&str, &str)] = &[(
    "local-search",
    include_str!("../../../assets/lessons/local-search.toml"),
)];

/// One scene: its caption and the run it plays, every setting checked.
#[derive(Clone, Debug)]
pub struct Scene {
    /// What the banner says while the scene plays (in the lesson's own language).
    pub caption: String,
    /// The caption in other languages, where the file gives them.
    pub captions: BTreeMap<Lang, String>,
    /// Speaker notes: for the lecturer's eyes (a key shows them on the lecturer's own screen,
    /// `--notes` sends them to another terminal), never on a mirrored or recorded screen.
    pub notes: Option<String>,
    /// The notes in other languages, where the file gives them.
    pub notes_by: BTreeMap<Lang, String>,
    /// The run.
    pub run: RunSpec,
    /// A command whose trace the first pane shows instead of `run`'s algorithm (run by `sh -c`
    /// when the scene starts, ended when it ends): a search the class wrote.
    pub watch: Option<String>,
}

/// What is wrong with a lesson file, and where.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// The file could not be read, or is not a lesson's TOML.
    #[error("{path}{}: {message}", line.map_or(String::new(), |l| format!(":{l}")))]
    File {
        /// The file.
        path: String,
        /// The line, when known.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// A scene's setting does not check.
    #[error(transparent)]
    Setting(#[from] SpecError),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    title: Option<Spanned<Localized>>,
    lang: Option<Spanned<String>>,
    #[serde(default)]
    scene: Vec<Spanned<RawScene>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    caption: Spanned<Localized>,
    puzzle: Option<Spanned<toml::Value>>,
    algo: Option<Spanned<toml::Value>>,
    preset: Option<Spanned<toml::Value>>,
    seed: Option<Spanned<toml::Value>>,
    speed: Option<Spanned<toml::Value>>,
    paused: Option<Spanned<toml::Value>>,
    race: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    race_start: Option<Spanned<toml::Value>>,
    set: Option<Spanned<BTreeMap<String, toml::Value>>>,
    start: Option<Spanned<toml::Value>>,
    watch: Option<Spanned<String>>,
    notes: Option<Spanned<Localized>>,
}

/// A text in one language, or in several: `caption = "..."` or `caption.es = "..."`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Localized {
    One(String),
    Many(BTreeMap<String, String>),
}

/// A text's own version and its other languages: the plain string is in `own`; a table gives
/// one per language code, the lesson's own language (or English) being the plain one.
fn localized(
    v: &Localized,
    own: Lang,
    what: &str,
) -> Result<(String, BTreeMap<Lang, String>), String> {
    match v {
        Localized::One(t) => Ok((t.clone(), BTreeMap::new())),
        Localized::Many(m) => {
            let mut by = BTreeMap::new();
            for (code, text) in m {
                let lang = Lang::parse(code)
                    .filter(|l| l.code() == code.as_str())
                    .ok_or_else(|| format!("{what}.{code}: the languages are en, es and pt"))?;
                by.insert(lang, text.clone());
            }
            let plain = by
                .get(&own)
                .or_else(|| by.get(&Lang::En))
                .or_else(|| by.values().next())
                .cloned()
                .ok_or_else(|| format!("{what}: give the text in at least one language"))?;
            Ok((plain, by))
        }
    }
}

/// A text in the language spoken now, else its own.
fn in_current(plain: &str, by: &BTreeMap<Lang, String>) -> String {
    by.get(&i18n::current())
        .cloned()
        .unwrap_or_else(|| plain.to_string())
}

impl Lesson {
    /// The title in the language spoken now (else the lesson's own).
    pub fn title_now(&self) -> String {
        in_current(&self.title, &self.titles)
    }
}

impl Scene {
    /// The caption in the language spoken now (else the lesson's own).
    pub fn caption_now(&self) -> String {
        in_current(&self.caption, &self.captions)
    }

    /// The speaker notes in the language spoken now (else the lesson's own), if any.
    pub fn notes_now(&self) -> Option<String> {
        self.notes.as_ref().map(|n| in_current(n, &self.notes_by))
    }
}

/// A TOML value as the text a flag would give: strings without quotes, numbers and booleans as
/// written.
fn text_of(v: &toml::Value) -> String {
    match v {
        toml::Value::String(t) => t.clone(),
        toml::Value::Boolean(b) => b.to_string(),
        other => other.to_string(),
    }
}

/// Read and check a lesson file, or a built-in lesson by name when no such file exists.
pub fn read(path: &Path) -> Result<Lesson, LessonError> {
    let name = path.display().to_string();
    if !path.exists()
        && let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name)
    {
        return parse(text, &name);
    }
    let fail = |line: Option<usize>, message: String| LessonError::File {
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
    let fail = |offset: Option<usize>, message: String| LessonError::File {
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
    let lang = match &raw.lang {
        None => None,
        Some(l) => Some(Lang::parse(l.get_ref()).ok_or_else(|| {
            fail(
                Some(l.span().start),
                format!("lang = {:?}: the languages are en, es and pt", l.get_ref()),
            )
        })?),
    };
    let own = lang.unwrap_or(Lang::En);
    let mut scenes = Vec::new();
    for (i, s) in raw.scene.iter().enumerate() {
        let s = s.get_ref();
        let at = |span: std::ops::Range<usize>| Source::File {
            path: name.to_string(),
            line: Some(line_of(span.start)),
            scene: Some(i + 1),
        };
        let given = |v: &Option<Spanned<toml::Value>>| {
            v.as_ref().map(|v| Given {
                text: text_of(v.get_ref()),
                from: at(v.span()),
            })
        };
        let set = match &s.set {
            None => Vec::new(),
            Some(set) => set
                .get_ref()
                .iter()
                .map(|(k, v)| Given {
                    text: match v {
                        toml::Value::Boolean(b) => format!("{k}={}", *b as u8),
                        other => format!("{k}={}", text_of(other)),
                    },
                    from: at(set.span()),
                })
                .collect(),
        };
        let race = s.race.as_ref().map_or(Vec::new(), |r| {
            r.get_ref()
                .iter()
                .map(|v| Given {
                    text: text_of(v.get_ref()),
                    from: at(r.span()),
                })
                .collect()
        });
        let input = RunInput {
            puzzle: given(&s.puzzle),
            algo: given(&s.algo),
            preset: given(&s.preset),
            set,
            seed: given(&s.seed),
            start: given(&s.start),
            speed: given(&s.speed),
            paused: given(&s.paused),
            race,
            race_start: given(&s.race_start),
        };
        let (caption, captions) = localized(s.caption.get_ref(), own, "caption")
            .map_err(|m| fail(Some(s.caption.span().start), m))?;
        let (notes, notes_by) = match &s.notes {
            Some(n) => {
                let (plain, by) = localized(n.get_ref(), own, "notes")
                    .map_err(|m| fail(Some(n.span().start), m))?;
                (Some(plain), by)
            }
            None => (None, BTreeMap::new()),
        };
        scenes.push(Scene {
            caption,
            captions,
            notes,
            notes_by,
            run: crate::spec::check(&input)?,
            watch: s.watch.as_ref().map(|w| w.get_ref().clone()),
        });
    }
    let (title, titles) = match &raw.title {
        Some(t) => {
            localized(t.get_ref(), own, "title").map_err(|m| fail(Some(t.span().start), m))?
        }
        None => (name.to_string(), BTreeMap::new()),
    };
    Ok(Lesson {
        title,
        titles,
        lang,
        scenes,
        path: Some(PathBuf::from(name)).filter(|_| !BUILTIN.iter().any(|b| b.0 == name)),
    })
}

/// Append a scene to the lesson at `path` (creating it with a title when it does not exist);
/// `puzzle` is the reference written for its puzzle. Returns the scene's number in the file.
pub fn append(path: &Path, scene: &Scene, puzzle: &str) -> Result<usize, String> {
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
    text.push_str(&print::scene_text(&scene.run, &scene.caption, puzzle));
    if let Some(w) = &scene.watch {
        text.push_str(&format!("watch = {}\n", toml::Value::String(w.clone())));
    }
    f.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(count + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Preset;

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
        let (a, b) = (&l.scenes[0].run, &l.scenes[1].run);
        assert_eq!(
            (a.method.algo.name, a.seed, a.speed),
            ("steepest", 3, Some(10.0))
        );
        assert_eq!(a.puzzle.name, "sudoku_7");
        let race: Vec<_> = a
            .race
            .iter()
            .map(|r| (r.method.algo.name, r.method.preset, r.seed))
            .collect();
        assert_eq!(
            race,
            [
                ("plateau", Preset::Classic, None),
                ("annealing", Preset::Tuned, Some(7))
            ]
        );
        assert_eq!(b.method.params.get("k"), 50.0);
        assert_eq!(
            (b.speed, b.paused, b.method.preset),
            (None, true, Preset::Classic)
        );
    }

    #[test]
    fn every_mistake_names_the_file_line_and_problem() {
        let cases = [
            (
                "[[scene]]\ncaption = \"x\"\nalgo = \"hillclimb\"\n",
                "l.toml:3: scene 1: unknown algorithm \"hillclimb\"",
            ),
            (
                "[[scene]]\ncaption = \"x\"\nalgo = \"aneal\"\n",
                "l.toml:3: scene 1: unknown algorithm \"aneal\" (did you mean annealing?)",
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
        let algos: Vec<&str> = l.scenes.iter().map(|s| s.run.method.algo.name).collect();
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
                .any(|s| s.run.method.algo.name == "annealing"
                    && s.run.method.params.show("bookkeeping") == "course"),
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
        for (a, b) in back.scenes.iter().zip(&l.scenes) {
            assert_eq!(a.run, b.run);
            assert_eq!(a.caption, b.caption);
        }
    }

    #[test]
    fn a_caption_per_language_and_the_lessons_own_language() {
        let text = r#"
title.en = "Local search"
title.es = "Búsqueda local"
lang = "es"
[[scene]]
caption = "El gradiente descendente se estanca"
algo = "steepest"
[[scene]]
caption.pt = "A descida estagna"
caption.es = "El gradiente se estanca"
algo = "steepest"
"#;
        let l = parse(text, "t.toml").unwrap();
        assert_eq!(l.lang, Some(Lang::Es));
        // the plain text is the lesson's own language; a table's, that language's entry
        assert_eq!(l.title, "Búsqueda local");
        assert_eq!(l.titles[&Lang::En], "Local search");
        assert_eq!(l.scenes[0].caption, "El gradiente descendente se estanca");
        assert!(l.scenes[0].captions.is_empty());
        assert_eq!(l.scenes[1].caption, "El gradiente se estanca");
        assert_eq!(
            in_current(
                &l.scenes[1].caption,
                &BTreeMap::from([(Lang::Pt, "x".to_string())])
            ),
            "El gradiente se estanca".to_string()
        );
        // a language the screen does not speak, or a table with no text, is an error with its line
        let bad = parse(
            "[[scene]]\ncaption.fr = \"non\"\nalgo = \"steepest\"\n",
            "b.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            bad.contains("b.toml:2") && bad.contains("en, es and pt"),
            "{bad}"
        );
        let bad = parse("lang = \"de\"\n[[scene]]\ncaption = \"x\"\n", "c.toml")
            .unwrap_err()
            .to_string();
        assert!(
            bad.contains("c.toml:1") && bad.contains("en, es and pt"),
            "{bad}"
        );
    }

    #[test]
    fn the_built_in_lesson_speaks_all_three_languages() {
        let l = read(Path::new("local-search")).unwrap();
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            assert!(l.titles.contains_key(&lang), "title in {lang:?}");
            for (i, s) in l.scenes.iter().enumerate() {
                assert!(
                    s.captions.contains_key(&lang),
                    "scene {} in {lang:?}",
                    i + 1
                );
            }
        }
    }
}
