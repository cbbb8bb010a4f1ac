//! Words the screen shows for names the program keeps in English (a state, an ending, an
//! algorithm, a preset, a metric, a series): the catalog's `KIND-NAME` when it has one, else the
//! name as it is. The names stay what command lines, records and traces use; only the screen
//! speaks the class's language.

use crate::i18n;
use crate::spec::Method;

pub use crate::i18n::word;

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

/// A run's label as tables name it (`beam (classic, k=5)`), as the screen shows it: the
/// algorithm and preset in the language spoken, the parameters as `--set` takes them.
pub fn label(label: &str) -> String {
    let Some((name, rest)) = label.split_once(" (") else {
        return algorithm(label);
    };
    let rest = rest.trim_end_matches(')');
    let mut parts: Vec<String> = rest.split(", ").map(str::to_string).collect();
    if let Some(first) = parts.first_mut() {
        *first = word("preset", first);
    }
    format!("{} ({})", algorithm(name), parts.join(", "))
}

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
    .find(|id| i18n::has(id))
    .map_or_else(|| english.to_string(), |id| i18n::text(id, &[]))
}

#[cfg(test)]
mod tests {
    use crate::i18n::{self, Lang};
    use crate::search::{ALGORITHMS, Preset};
    use crate::spec::Method;

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
                    .find(|id| i18n::has(id))
                    .unwrap_or_else(|| panic!("no meaning of {} {} in en.ftl", a.name, s.name));
                    assert_eq!(i18n::text_in(Lang::En, &id, &[]), s.meaning, "{id}");
                    for lang in [Lang::Es, Lang::Pt] {
                        assert_ne!(
                            i18n::text_in(lang, &id, &[]),
                            s.meaning,
                            "{id} is not translated in {lang:?}"
                        );
                    }
                }
            }
        }
    }
}
