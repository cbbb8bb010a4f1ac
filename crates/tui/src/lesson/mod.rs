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
//!
//! The format is read and written in one place, [`format`]: what `y` appends as a scene reads
//! back as the same run.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;

use sudoscope_core::run::{RunSpec, SpecError};
use sudoscope_i18n::{self, Lang};

mod format;
#[cfg(test)]
mod tests;

pub use format::{append, parse, read, scene_added, scene_text};

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
    /// The text it was read from (the page, which writes no file, appends scenes to a copy).
    pub text: String,
}

/// Lessons built into the program, by name: `--lesson local-search` works anywhere.
pub const BUILTIN: &[(&str, &str)] = &[(
    "local-search",
    include_str!("../../../../assets/lessons/local-search.toml"),
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
    /// A shell command (the file's `watch` key) whose trace the first pane shows instead of
    /// `run`'s algorithm (run by `sh -c` when the scene starts, ended when it ends): a search the
    /// class wrote.
    pub command: Option<String>,
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

/// A text in `lang`, else its own.
fn in_lang(lang: Lang, plain: &str, by: &BTreeMap<Lang, String>) -> String {
    by.get(&lang).cloned().unwrap_or_else(|| plain.to_string())
}

impl Lesson {
    /// The title in the given language (else the lesson's own).
    pub fn title_in(&self, lang: Lang) -> String {
        in_lang(lang, &self.title, &self.titles)
    }
}

impl Scene {
    /// The caption in the given language (else the lesson's own).
    pub fn caption_in(&self, lang: Lang) -> String {
        in_lang(lang, &self.caption, &self.captions)
    }

    /// The speaker notes in the given language (else the lesson's own), if any.
    pub fn notes_in(&self, lang: Lang) -> Option<String> {
        self.notes
            .as_ref()
            .map(|n| in_lang(lang, n, &self.notes_by))
    }
}
