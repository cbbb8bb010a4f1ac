//! Words the screen shows for names the program keeps in English (a state, an ending, an
//! algorithm, a preset, a metric, a series): the catalog's `KIND-NAME` when it has one, else the
//! name as it is. The names stay what command lines, records and traces use; only the screen
//! speaks the class's language.

use crate::i18n;
use crate::spec::Method;

/// The catalog's word for `name` of `kind`, or `name` (see [`i18n::word`]).
pub fn word(kind: &str, name: &str) -> String {
    i18n::word(kind, name)
}

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
