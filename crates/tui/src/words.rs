//! Words the screen shows for names the program keeps in English (a state, an ending, an
//! algorithm, a preset, a metric, a series): the catalog's `KIND-NAME` when it has one, else the
//! name as it is. The names stay what command lines, records and traces use; only the screen
//! speaks the class's language.

use crate::front::Front;
use sudoscope_core::run::Method;
use sudoscope_i18n::Lang;

/// The catalog's text for `name` of `kind`, or `fallback` (the English the program carries).
pub fn or(lang: Lang, kind: &str, name: &str, fallback: &str) -> String {
    let w = lang.word(kind, name);
    if w == name { fallback.to_string() } else { w }
}

/// "running", "paused", "ended".
pub fn state(lang: Lang, name: &str) -> String {
    lang.word("state", name)
}

/// How a search ended: "solved", "stuck", ...
pub fn ending(lang: Lang, name: &str) -> String {
    lang.word("ending", name)
}

/// A metric's or a series' name.
pub fn metric(lang: Lang, name: &str) -> String {
    lang.word("metric", name)
}

/// An algorithm's name as the screen shows it.
pub fn algorithm(lang: Lang, name: &str) -> String {
    lang.word("algo", name)
}

/// A method as the screen shows it: `simulated annealing (clásico, k=5)`. Parameter names stay
/// as `--set` takes them.
pub fn method(lang: Lang, m: &Method) -> String {
    lang.label(&m.label(&[]))
}

/// A method in `lang`'s shorter words (see [`Lang::short_label`]), for a title with no room
/// for the whole.
pub fn method_short(lang: Lang, m: &Method, algo_short: bool) -> String {
    lang.short_label(&m.label(&[]), algo_short)
}

/// What parameter `name` of `m`'s algorithm means, in `lang`: the catalog's
/// `param-ALGO-PRESET-NAME` (where the presets mean different things by it), else
/// `param-ALGO-NAME`, else the English the program carries.
pub fn param_meaning(lang: Lang, m: &Method, name: &str, english: &str) -> String {
    let preset = m.preset.to_string();
    [
        format!("param-{}-{preset}-{name}", m.algo.name),
        format!("param-{}-{name}", m.algo.name),
    ]
    .iter()
    .find(|id| lang.has(id))
    .map_or_else(|| english.to_string(), |id| lang.text(id, &[]))
}

/// `" (¿quisiste decir sudoku_7?)"`: the nearest known name to a mistyped one, in `lang`;
/// nothing when none is near.
pub fn hint<'a>(lang: Lang, asked: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    sudoscope_core::suggest::closest(asked, names).map_or(String::new(), |n| {
        format!(" ({})", tr!(lang, "did-you-mean", name = n))
    })
}

/// The values a parameter takes, in `lang`: `1 a 1000 (número entero)`.
pub fn valid(lang: Lang, v: &sudoscope_core::search::params::Valid) -> String {
    use sudoscope_core::search::params::{Valid, fmt_num};
    match v {
        Valid::Choices(c) => c.join(&format!(" {} ", tr!(lang, "param-or"))),
        Valid::Range { min, max, whole } => {
            let (min, max) = (lang.localize(fmt_num(*min)), lang.localize(fmt_num(*max)));
            if *whole {
                tr!(lang, "param-range-whole", min = min, max = max)
            } else {
                tr!(lang, "param-range", min = min, max = max)
            }
        }
    }
}

/// What is wrong with a parameter, in `lang`.
pub fn param_error(lang: Lang, e: &sudoscope_core::search::params::ParamError) -> String {
    use sudoscope_core::search::params::ParamError;
    match e {
        ParamError::NotANumber {
            name,
            text,
            valid: v,
        } => tr!(
            lang,
            "param-not-a-number",
            name = *name,
            text = format!("{text:?}"),
            valid = valid(lang, v)
        ),
        ParamError::NotAChoice {
            name,
            text,
            valid: v,
        } => tr!(
            lang,
            "param-not-a-choice",
            name = *name,
            text = format!("{text:?}"),
            valid = valid(lang, v)
        ),
        ParamError::OutOfRange {
            name,
            value,
            valid: v,
        } => tr!(
            lang,
            "param-out-of-range",
            name = *name,
            value = value.clone(),
            valid = valid(lang, v)
        ),
        ParamError::UnknownNone { name } => {
            tr!(lang, "param-unknown-none", name = format!("{name:?}"))
        }
        ParamError::Unknown { name, valid: v } => tr!(
            lang,
            "param-unknown",
            name = format!("{name:?}"),
            hint = hint(lang, name, v.iter().copied()),
            valid = v.join(", ")
        ),
    }
}

/// Why a puzzle reference gave no puzzles, in `lang`.
pub fn ref_error(lang: Lang, e: &sudoscope_core::catalog::RefError) -> String {
    ref_error_on(lang, Front::Own, e)
}

/// Why a puzzle reference gave no puzzles, in `lang`, as the screen `front` says it.
pub fn ref_error_on(lang: Lang, front: Front, e: &sudoscope_core::catalog::RefError) -> String {
    use sudoscope_core::catalog::{RefError, builtin_names, known_names, set_names};
    match e {
        RefError::Unreadable { path, reason } => tr!(
            lang,
            "ref-unreadable",
            path = path.clone(),
            reason = reason.clone()
        ),
        RefError::Directory { path } => tr!(lang, "ref-directory", path = path.clone()),
        RefError::OutOfRange { what, index, count } => tr!(
            lang,
            "ref-out-of-range",
            what = what.clone(),
            count = *count,
            index = *index
        ),
        RefError::NotOne { what, count } => {
            tr!(lang, "ref-not-one", what = what.clone(), count = *count)
        }
        RefError::NoFiles(what) => front.text(
            lang,
            "ref-no-files",
            &[
                ("what", format!("{what:?}").into()),
                ("hint", hint(lang, what, known_names()).into()),
                ("names", builtin_names().into()),
                ("sets", set_names().into()),
            ],
        ),
        RefError::Unknown(what) => front.text(
            lang,
            "ref-unknown",
            &[
                ("what", format!("{what:?}").into()),
                ("hint", hint(lang, what, known_names()).into()),
                ("names", builtin_names().into()),
                ("sets", set_names().into()),
            ],
        ),
        // a parse error and a generator's error name their line, column or reason in English,
        // as they always have
        other => other.to_string(),
    }
}

/// A figure as the panel and the step log give it: a whole number whole, three decimals from
/// 0.01 up to a million, else three significant digits (`1.00e-31`), so that a temperature near
/// 0 reads the same in the figures and in the log.
pub fn figure(lang: Lang, x: f64) -> String {
    if !x.is_finite() {
        return lang.num(x, 0);
    }
    lang.localize(if x.fract() == 0.0 && x.abs() < 1e12 {
        format!("{}", x as i64)
    } else if x.abs() >= 0.01 && x.abs() < 1e6 {
        format!("{x:.3}")
    } else {
        format!("{x:.2e}")
    })
}

/// A setting's error in `lang`, as the screen `front` says it: its typed cause (a puzzle, an
/// algorithm or a parameter that does not exist) in the user's words, where and what as
/// written (`speed=fast`, `--speed "fast"`, `lesson.toml:3: scene 1:`).
pub fn spec_error(lang: Lang, front: Front, e: &sudoscope_core::run::SpecError) -> String {
    use sudoscope_core::run::Cause;
    use sudoscope_core::search::registry::ALGORITHMS;
    let Some(cause) = &e.cause else {
        return e.to_string();
    };
    let mut said = e.clone();
    said.expected = match &**cause {
        // the parameter's own words, after the algorithm and preset it belongs to
        Cause::Param(p) => e.expected.replace(&p.to_string(), &param_error(lang, p)),
        Cause::Puzzle(r) => ref_error_on(lang, front, r),
        Cause::Algo(name) => {
            let names = || ALGORITHMS.iter().map(|a| a.name);
            tr!(
                lang,
                "algo-unknown",
                name = format!("{name:?}"),
                hint = hint(lang, name, names()),
                valid = names().collect::<Vec<_>>().join(", ")
            )
        }
        Cause::Preset(name) => tr!(lang, "spec-preset", name = format!("{name:?}")),
        Cause::Speed => tr!(lang, "spec-speed"),
        Cause::SeedNotWhole => tr!(lang, "spec-seed-whole"),
        Cause::SeedTooLarge => tr!(lang, "spec-seed-large", most = u64::MAX.to_string()),
        Cause::YesNo => tr!(lang, "spec-yes-no"),
        Cause::RaceStart => tr!(lang, "spec-race-start"),
        Cause::Panes(all) => tr!(lang, "spec-panes", beside = all - 1, all = *all),
    };
    said.to_string()
}

/// Why a lesson did not open, in `lang`, as the screen `front` says it: a scene's setting by
/// [`spec_error`] (where it is, as the file has it, and why, in the user's words), the rest as
/// it says itself.
pub fn lesson_error(lang: Lang, front: Front, e: &crate::lesson::LessonError) -> String {
    match e {
        crate::lesson::LessonError::Setting(s) => spec_error(lang, front, s),
        other => other.to_string(),
    }
}

/// How a command ended, in `lang`: "exited with status 3", "was killed by
/// signal 9 (SIGKILL)".
pub fn exit(lang: Lang, e: sudoscope_core::engine::trace::child::Exit) -> String {
    use sudoscope_core::engine::trace::child::{Exit, signal_name};
    match e {
        Exit::Code(c) => tr!(lang, "exit-status", status = c as i64),
        Exit::Signal(s) => tr!(
            lang,
            "exit-signal",
            signal = s as i64,
            name = signal_name(s).unwrap_or("?")
        ),
    }
}

#[cfg(test)]
mod tests {
    use sudoscope_core::run::Method;
    use sudoscope_core::search::{ALGORITHMS, Preset};
    use sudoscope_i18n::{self, Lang};

    /// Every parameter of every algorithm and preset has its meaning in the catalogs (a new
    /// parameter without one fails here rather than showing English on a Spanish screen), and
    /// the English entry is the meaning the program carries.
    #[test]
    fn every_parameter_has_its_meaning_in_the_catalogs() {
        for a in ALGORITHMS {
            for preset in [Preset::Classic, Preset::Tuned] {
                let m = Method::new(a, preset);
                for s in m.params.specs() {
                    let id = [
                        format!("param-{}-{preset}-{}", a.name, s.name),
                        format!("param-{}-{}", a.name, s.name),
                    ]
                    .into_iter()
                    .find(|id| Lang::En.has(id))
                    .unwrap_or_else(|| panic!("no meaning of {} {} in en.ftl", a.name, s.name));
                    assert_eq!(Lang::En.text(&id, &[]), s.meaning, "{id}");
                    for lang in [Lang::Es, Lang::Pt] {
                        assert_ne!(
                            lang.text(&id, &[]),
                            s.meaning,
                            "{id} is not translated in {lang:?}"
                        );
                    }
                }
            }
        }
    }
}
