//! Words the screen shows for names the program keeps in English (a state, an ending, an
//! algorithm, a preset, a metric, a series): the catalog's `KIND-NAME` when it has one, else the
//! name as it is. The names stay what command lines, records and traces use; only the screen
//! speaks the class's language.

use sudoscope_core::run::Method;

pub use sudoscope_i18n::word;

/// The catalog's text for `name` of `kind`, or `fallback` (the English the program carries).
pub fn or(kind: &str, name: &str, fallback: &str) -> String {
    let w = word(kind, name);
    if w == name { fallback.to_string() } else { w }
}

/// "running", "paused", "ended".
pub fn state(name: &str) -> String {
    word("state", name)
}

/// How a search ended: "solved", "stuck", ...
pub fn ending(name: &str) -> String {
    word("ending", name)
}

/// A metric's or a series' name.
pub fn metric(name: &str) -> String {
    word("metric", name)
}

/// An algorithm's name as the screen shows it.
pub fn algorithm(name: &str) -> String {
    word("algo", name)
}

/// A method as the screen shows it: `simulated annealing (clásico, k=5)`. Parameter names stay
/// as `--set` takes them.
pub fn method(m: &Method) -> String {
    label(&m.label(&[]))
}

pub use sudoscope_i18n::label;

/// What parameter `name` of `m`'s algorithm means, in the language spoken: the catalog's
/// `param-ALGO-PRESET-NAME` (where the presets mean different things by it), else
/// `param-ALGO-NAME`, else the English the program carries.
pub fn param_meaning(m: &Method, name: &str, english: &str) -> String {
    let preset = m.preset.to_string();
    [
        format!("param-{}-{preset}-{name}", m.algo.name),
        format!("param-{}-{name}", m.algo.name),
    ]
    .iter()
    .find(|id| sudoscope_i18n::has(id))
    .map_or_else(|| english.to_string(), |id| sudoscope_i18n::text(id, &[]))
}

/// `" (¿quisiste decir sudoku_7?)"`: the nearest known name to a mistyped one, in the language
/// spoken now; nothing when none is near.
pub fn hint<'a>(asked: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    sudoscope_core::suggest::closest(asked, names).map_or(String::new(), |n| {
        format!(" ({})", tr!("did-you-mean", name = n))
    })
}

/// The values a parameter takes, in the language spoken now: `1 a 1000 (número entero)`.
pub fn valid(v: &sudoscope_core::search::params::Valid) -> String {
    use sudoscope_core::search::params::{Valid, fmt_num};
    match v {
        Valid::Choices(c) => c.join(&format!(" {} ", tr!("param-or"))),
        Valid::Range { min, max, whole } => {
            let (min, max) = (
                sudoscope_i18n::localize(fmt_num(*min)),
                sudoscope_i18n::localize(fmt_num(*max)),
            );
            if *whole {
                tr!("param-range-whole", min = min, max = max)
            } else {
                tr!("param-range", min = min, max = max)
            }
        }
    }
}

/// What is wrong with a parameter, in the language spoken now.
pub fn param_error(e: &sudoscope_core::search::params::ParamError) -> String {
    use sudoscope_core::search::params::ParamError;
    match e {
        ParamError::NotANumber {
            name,
            text,
            valid: v,
        } => tr!(
            "param-not-a-number",
            name = *name,
            text = format!("{text:?}"),
            valid = valid(v)
        ),
        ParamError::NotAChoice {
            name,
            text,
            valid: v,
        } => tr!(
            "param-not-a-choice",
            name = *name,
            text = format!("{text:?}"),
            valid = valid(v)
        ),
        ParamError::OutOfRange {
            name,
            value,
            valid: v,
        } => tr!(
            "param-out-of-range",
            name = *name,
            value = value.clone(),
            valid = valid(v)
        ),
        ParamError::UnknownNone { name } => {
            tr!("param-unknown-none", name = format!("{name:?}"))
        }
        ParamError::Unknown { name, valid: v } => tr!(
            "param-unknown",
            name = format!("{name:?}"),
            hint = hint(name, v.iter().copied()),
            valid = v.join(", ")
        ),
    }
}

/// Why a puzzle reference gave no puzzles, in the language spoken now.
pub fn ref_error(e: &sudoscope_core::catalog::RefError) -> String {
    use sudoscope_core::catalog::{RefError, builtin_names, known_names, set_names};
    match e {
        RefError::Unreadable { path, reason } => tr!(
            "ref-unreadable",
            path = path.clone(),
            reason = reason.clone()
        ),
        RefError::Directory { path } => tr!("ref-directory", path = path.clone()),
        RefError::OutOfRange { what, index, count } => tr!(
            "ref-out-of-range",
            what = what.clone(),
            count = *count,
            index = *index
        ),
        RefError::NotOne { what, count } => {
            tr!("ref-not-one", what = what.clone(), count = *count)
        }
        RefError::NoFiles(what) => tr!(
            "ref-no-files",
            what = format!("{what:?}"),
            names = builtin_names(),
            sets = set_names()
        ),
        RefError::Unknown(what) => tr!(
            "ref-unknown",
            what = format!("{what:?}"),
            hint = hint(what, known_names()),
            names = builtin_names(),
            sets = set_names()
        ),
        // a parse error and a generator's error name their line, column or reason in English,
        // as they always have
        other => other.to_string(),
    }
}

/// How a command ended, in the language spoken now: "exited with status 3", "was killed by
/// signal 9 (SIGKILL)".
pub fn exit(e: sudoscope_core::engine::trace::child::Exit) -> String {
    use sudoscope_core::engine::trace::child::{Exit, signal_name};
    match e {
        Exit::Code(c) => tr!("exit-status", status = c as i64),
        Exit::Signal(s) => tr!(
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
                    .find(|id| sudoscope_i18n::has(id))
                    .unwrap_or_else(|| panic!("no meaning of {} {} in en.ftl", a.name, s.name));
                    assert_eq!(
                        sudoscope_i18n::text_in(Lang::En, &id, &[]),
                        s.meaning,
                        "{id}"
                    );
                    for lang in [Lang::Es, Lang::Pt] {
                        assert_ne!(
                            sudoscope_i18n::text_in(lang, &id, &[]),
                            s.meaning,
                            "{id} is not translated in {lang:?}"
                        );
                    }
                }
            }
        }
    }
}
