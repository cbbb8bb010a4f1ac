//! Which screen the visualiser is on: a terminal of the person's own, a session served to a
//! class, or the web page. What its keys may read and write, and how the screen speaks of it,
//! follow from it.

use sudoscope_i18n::{Arg, Lang};

/// Which screen the visualiser is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Front {
    /// A terminal of the person's own (`tui`, `watch`, the lecturer's screen): its keys read
    /// and write files where it runs.
    #[default]
    Own,
    /// A session served to a class (`serve`, `web`): nothing is read or written on the host;
    /// what would be written is shown on screen and put on the clipboard instead.
    Served,
    /// The web page, with no server: a lesson comes from the browser's file picker, what would
    /// be written goes to the browser's downloads, and the searches (an experiment's too)
    /// share the page's one thread.
    Page,
}

impl Front {
    /// Whether puzzles and files are read and written by their paths here.
    pub fn files(self) -> bool {
        self == Front::Own
    }

    /// The catalog's words `id` as this screen says them: `ID-in-page` or `ID-in-session` where
    /// the catalog has one, else `ID`.
    pub fn text(self, lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
        let own = match self {
            Front::Own => None,
            Front::Served => Some(format!("{id}-in-session")),
            Front::Page => Some(format!("{id}-in-page")),
        };
        match own.filter(|o| lang.has(o)) {
            Some(o) => lang.text(&o, args),
            None => lang.text(id, args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ids a catalog defines (`id = …` at the start of a line).
    fn ids(lang: Lang) -> Vec<&'static str> {
        lang.catalog()
            .lines()
            .filter_map(|l| l.split_once(" = ").map(|(id, _)| id))
            .filter(|id| {
                !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            })
            .collect()
    }

    #[test]
    fn a_screens_own_words_stand_for_words_the_terminal_has() {
        let all = ids(Lang::En);
        let own: Vec<&str> = all
            .iter()
            .copied()
            .filter(|id| id.ends_with("-in-page") || id.ends_with("-in-session"))
            .collect();
        assert!(own.len() >= 10, "{own:?}");
        for id in own {
            let base = id
                .trim_end_matches("-in-page")
                .trim_end_matches("-in-session");
            assert!(
                all.contains(&base),
                "{id} stands for {base}, which en.ftl lacks"
            );
        }
    }

    #[test]
    fn the_page_speaks_of_its_downloads_and_one_thread_not_files_or_cores() {
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            let own = Front::Own.text(lang, "key-still", &[]);
            let page = Front::Page.text(lang, "key-still", &[]);
            assert!(
                own.contains("PNG") && !page.contains("PNG"),
                "{lang:?}: {page}"
            );
            let cores = Front::Own.text(lang, "key-experiment", &[]);
            let one = Front::Page.text(lang, "key-experiment", &[]);
            assert_ne!(cores, one, "{lang:?}");
        }
        // where a screen has no words of its own, the terminal's are said
        assert_eq!(
            Front::Page.text(Lang::En, "key-quit", &[]),
            Front::Own.text(Lang::En, "key-quit", &[])
        );
        let small = Front::Page.text(Lang::En, "too-small", &[("w", 80.into()), ("h", 30.into())]);
        assert!(
            small.contains("80×30") && !small.contains("terminal"),
            "{small}"
        );
    }
}
