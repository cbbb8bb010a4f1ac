//! The lesson format, read and written: a TOML file's scenes checked into runs, and a run written
//! back as a scene.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::Spanned;

use super::{BUILTIN, Lesson, LessonError, RawLesson, Scene, localized};
use sudoscope_core::run::{Place, RunInput, RunSpec, SettingText};
use sudoscope_core::search::params::fmt_num;
use sudoscope_i18n::Lang;

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
        let at = |span: std::ops::Range<usize>| Place::File {
            path: name.to_string(),
            line: Some(line_of(span.start)),
            scene: Some(i + 1),
        };
        let given = |v: &Option<Spanned<toml::Value>>| {
            v.as_ref().map(|v| SettingText {
                text: text_of(v.get_ref()),
                from: at(v.span()),
            })
        };
        let set = match &s.set {
            None => Vec::new(),
            Some(set) => set
                .get_ref()
                .iter()
                .map(|(k, v)| SettingText {
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
                .map(|v| SettingText {
                    text: text_of(v.get_ref()),
                    from: at(r.span()),
                })
                .collect()
        });
        let input = RunInput {
            puzzle: given(&s.puzzle),
            algo: given(&s.algo),
            preset: given(&s.preset).map(Into::into),
            set,
            seed: given(&s.seed).map(Into::into),
            start: given(&s.start),
            speed: given(&s.speed),
            paused: given(&s.paused).map(Into::into),
            race,
            race_start: given(&s.race_start).map(Into::into),
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
            run: sudoscope_core::run::check(&input)?,
            command: s.watch.as_ref().map(|w| w.get_ref().clone()),
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
        text: text.to_string(),
    })
}

/// Append a scene to the lesson at `path` (creating it with a title in `lang` when it does
/// not exist); `puzzle` is the reference written for its puzzle. Returns the scene's number in
/// the file.
pub fn append(path: &Path, scene: &Scene, puzzle: &str, lang: Lang) -> Result<usize, String> {
    use std::io::Write;
    let existing = std::fs::read_to_string(path).unwrap_or_default();
    let (text, n) = scene_added(&existing, scene, puzzle, lang);
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    f.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(n)
}

/// What appending `scene` to a lesson that reads `existing` adds (when it is empty, a title
/// in `lang` first, and the lesson's `lang` when that is not English, so that its words and
/// the screen's agree), and the scene's number in it.
pub fn scene_added(existing: &str, scene: &Scene, puzzle: &str, lang: Lang) -> (String, usize) {
    let count = existing.lines().filter(|l| l.trim() == "[[scene]]").count();
    let mut text = String::new();
    if existing.trim().is_empty() {
        text.push_str(&format!(
            "title = {}\n",
            quoted(&tr!(lang, "lesson-recorded-title"))
        ));
        if lang != Lang::En {
            text.push_str(&format!("lang = {}\n", quoted(lang.code())));
        }
    }
    text.push_str(&scene_text(&scene.run, &scene.caption, puzzle));
    if let Some(w) = &scene.command {
        text.push_str(&format!("watch = {}\n", toml::Value::String(w.clone())));
    }
    (text, count + 1)
}

/// The run as a lesson scene (`[[scene]]` and its keys), with a caption.
pub fn scene_text(spec: &RunSpec, caption: &str, puzzle: &str) -> String {
    let mut t = format!(
        "\n[[scene]]\ncaption = {}\npuzzle = {}\nalgo = {}\npreset = {}\nseed = {}\nspeed = {}\npaused = {}\n",
        quoted(caption),
        quoted(puzzle),
        quoted(spec.method.algo.name),
        quoted(&spec.method.preset.to_string()),
        // TOML integers stop at i64::MAX: a larger seed is written as a string
        i64::try_from(spec.seed).map_or(format!("\"{}\"", spec.seed), |s| s.to_string()),
        spec.speed.map_or("\"max\"".to_string(), fmt_num),
        spec.paused,
    );
    if !spec.race.is_empty() {
        let names: Vec<String> = spec.race.iter().map(|r| quoted(&r.to_string())).collect();
        t.push_str(&format!("race = [{}]\n", names.join(", ")));
    }
    if !spec.same_start {
        t.push_str("race_start = \"random\"\n");
    }
    let changed = spec.method.params.changed_shown();
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
    if let Some(g) = &spec.start {
        t.push_str(&format!("start = {}\n", quoted(&g.to_line())));
    }
    t
}

/// A string as TOML writes it, quoted and escaped.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}
