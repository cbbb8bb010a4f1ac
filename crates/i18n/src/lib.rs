//! The words on screen in the class's language: English, Spanish or Portuguese. Every sentence
//! a person reads comes from a message catalog per language (`assets/i18n/*.ftl`, Project
//! Fluent's format, through fluent-bundle), looked up by id with named arguments ([`tr!`]).
//! Numbers shown to people follow the language ([`Lang::num`]: a decimal comma in Spanish and
//! Portuguese); what machines read (JSON, CSV, traces, command lines) never goes through here.
//!
//! There is no language of the process: each front end chooses one (from `--lang`, a lesson's
//! `lang`, a served student's locale, the browser's, or the environment: [`Lang::from_env`])
//! and passes that [`Lang`] down to whatever it draws or writes, which asks it for its words
//! (`tr!(lang, "id")`, [`Lang::num`], [`Lang::word`]). Two sessions of one server, or two tests
//! of one process, each speak their own.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language the screen speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English, the program's own (and what a front end that was told nothing speaks).
    #[default]
    En,
    /// Spanish, as a Río de la Plata university class speaks it.
    Es,
    /// Portuguese, as a Brazilian university class speaks it.
    Pt,
}

/// Every language, English first.
pub const LANGS: [Lang; 3] = [Lang::En, Lang::Es, Lang::Pt];

impl Lang {
    /// Its code: `en`, `es`, `pt`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Pt => "pt",
        }
    }

    /// A language by code, or by a locale name such as `es_AR.UTF-8` or `pt-BR`; `None` for
    /// one this program does not speak.
    pub fn parse(name: &str) -> Option<Lang> {
        let code: String = name
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase();
        match code.as_str() {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            "pt" => Some(Lang::Pt),
            _ => None,
        }
    }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set; English when it is `C`, `POSIX`, unset or one this program does not speak.
    pub fn from_env() -> Lang {
        Lang::from_locale(|v| std::env::var(v).ok()).unwrap_or(Lang::En)
    }

    /// The language locale variables ask for, read by `var` (this process's environment, or
    /// what an SSH client sent): the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set,
    /// when it names a language this program speaks.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| var(v))
            .find(|v| !v.is_empty())
            .and_then(|v| Lang::parse(&v))
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The catalog's text.
    pub fn catalog(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/i18n/en.ftl"),
            Lang::Es => include_str!("../../../assets/i18n/es.ftl"),
            Lang::Pt => include_str!("../../../assets/i18n/pt.ftl"),
        }
    }

    /// The decimal separator its numbers use.
    pub fn decimal(self) -> char {
        match self {
            Lang::En => '.',
            Lang::Es | Lang::Pt => ',',
        }
    }
}

static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 3]> = OnceLock::new();

fn bundles() -> &'static [FluentBundle<FluentResource>; 3] {
    BUNDLES.get_or_init(|| LANGS.map(bundle))
}

/// One language's catalog, read. The catalogs are checked by the tests: a catalog that does
/// not parse fails them, and is read here as far as it parses.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(lang.catalog().to_string()).unwrap_or_else(|(r, _)| r);
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a language code");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // no Unicode isolation marks around arguments: a terminal would show them
    b.set_use_isolating(false);
    let _ = b.add_resource(resource);
    b
}

/// An argument of a message: text, or a count (which may choose a plural form).
#[derive(Clone, Debug)]
pub enum Arg {
    /// Shown as it is.
    Text(String),
    /// A whole number.
    Count(i64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

macro_rules! count_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Count(n as i64)
            }
        }
    )*};
}
count_from!(u8, u16, u32, u64, usize, i32, i64);

impl Lang {
    /// The message `id` with its arguments; English where this language's catalog lacks it, and
    /// the id itself where both do (the tests make sure none do). [`tr!`] calls it.
    pub fn text(self, id: &str, args: &[(&str, Arg)]) -> String {
        let all = bundles();
        let here = &all[self.index()];
        let (bundle, message) = match here.get_message(id) {
            Some(m) => (here, m),
            None => match all[0].get_message(id) {
                Some(m) => (&all[0], m),
                None => return id.to_string(),
            },
        };
        let Some(pattern) = message.value() else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Text(s) => fluent_args.set(*name, FluentValue::from(s.as_str())),
                Arg::Count(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// Whether this language's catalog (or English) has `id`: for words looked up by a name
    /// that may have no entry (a search's metric), which are then shown as they are.
    pub fn has(self, id: &str) -> bool {
        let all = bundles();
        all[self.index()].has_message(id) || all[0].has_message(id)
    }

    /// Whether this language's own catalog has `id` (no falling back to English): what the
    /// tests hold every name the screen looks up to.
    pub fn has_own(self, id: &str) -> bool {
        bundles()[self.index()].has_message(id)
    }

    /// The catalog's word for a name the program keeps in English (`algo-annealing`,
    /// `ending-budget-spent`, `metric-temperature`): `KIND-NAME` in this language, or the name
    /// as it is when the catalog has none.
    pub fn word(self, kind: &str, name: &str) -> String {
        let id = word_id(kind, name);
        if self.has(&id) {
            self.text(&id, &[])
        } else {
            name.to_string()
        }
    }

    /// A run's label as tables name it (`beam (classic, k=5)`), as the screen and the figures
    /// show it: the algorithm and preset in this language, the parameters as `--set` takes them.
    pub fn label(self, label: &str) -> String {
        self.label_in(label, "algo", "preset")
    }

    /// A run's label in this language's shorter words, for a title with no room for the
    /// whole (a race's pane on a phone): the preset's short word (`preset-short-NAME`:
    /// `algoritmo genético (clás.)`), and with `algo_short` the algorithm's too
    /// (`algo-short-NAME`: `genético (clás.)`).
    pub fn short_label(self, label: &str, algo_short: bool) -> String {
        let algo = if algo_short { "algo-short" } else { "algo" };
        self.label_in(label, algo, "preset-short")
    }

    fn label_in(self, label: &str, algo: &str, preset: &str) -> String {
        let Some((name, rest)) = label.split_once(" (") else {
            return self.word(algo, label);
        };
        let rest = rest.trim_end_matches(')');
        let mut parts: Vec<String> = rest.split(", ").map(str::to_string).collect();
        if let Some(first) = parts.first_mut() {
            *first = self.word(preset, first);
        }
        format!("{} ({})", self.word(algo, name), parts.join(", "))
    }

    /// A number with `decimals` digits after this language's separator. Any double reads in a
    /// few characters: one of 10^15 or more in scientific notation (`1,00e307`), an infinite one
    /// as `∞` or `-∞`, one that is not a number as `?` (a class's program may report anything).
    pub fn num(self, x: f64, decimals: usize) -> String {
        if let Some(word) = not_finite(x) {
            return word.to_string();
        }
        if x.abs() >= 1e15 {
            return self.localize(format!("{x:.2e}"));
        }
        self.localize(format!("{x:.decimals$}"))
    }

    /// Text a number was written into by `format!` (a point for the decimal separator), with
    /// this language's separator instead.
    pub fn localize(self, s: String) -> String {
        match self.decimal() {
            '.' => s,
            c => s.replace('.', &c.to_string()),
        }
    }

    /// A number as a person typed it in this language, as programs read it: the language's
    /// decimal comma (`0,5` in Spanish and Portuguese) becomes a point. A point is read as
    /// well, so a value copied from a command line or a notebook is taken too.
    pub fn delocalize(self, s: &str) -> String {
        match self.decimal() {
            '.' => s.to_string(),
            c => s.replace(c, "."),
        }
    }
}

/// The catalog id [`Lang::word`] looks a name up by: `KIND-NAME`, the name's words joined by
/// dashes and lowercased (`metric-beam-mean` for the metric "beam mean").
pub fn word_id(kind: &str, name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    format!("{kind}-{}", words.join("-").to_ascii_lowercase())
}

/// The message `id` in the language `lang`, with named arguments:
/// `tr!(lang, "cell-conflicts", cells = "r1c1, r1c2")`. Counts (integers) may choose plural
/// forms; give other numbers as text made by [`Lang::num`].
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::Lang::text($lang, $id, &[])
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::Lang::text($lang, $id, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

/// How a value that is not finite reads: `∞`, `-∞`, or `?` for not a number; `None` for a
/// finite one.
pub fn not_finite(x: f64) -> Option<&'static str> {
    if x.is_nan() {
        Some("?")
    } else if x == f64::INFINITY {
        Some("∞")
    } else if x == f64::NEG_INFINITY {
        Some("-∞")
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
