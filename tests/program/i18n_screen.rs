//! The real screen in Spanish and Portuguese, in tmux, at 80x24 and 200x60: none of the English
//! catalog's words that the other catalog translates shows (parameters stay as `--set` takes
//! them: `cooling=0.1`), numbers take a decimal comma, and the longer words do not cut what the
//! English screen shows (the legend whole, the same key reminders, every panel's title).

use crate::tmux;

use crate::words;

use tmux::Tmux;
use words::{english_only, messages, screen_words, text_of};

const LANGS: [&str; 3] = ["en", "es", "pt"];

/// The screens of one language at one size: the main screen running, with the why-stuck
/// panel, and with the help open.
fn screens(test: &str, lang: &str, w: u16, h: u16, by_env: bool) -> Vec<String> {
    let (env, flag) = if by_env {
        (
            format!(
                "LC_ALL= LC_MESSAGES= LANG={}",
                if lang == "es" {
                    "es_AR.UTF-8"
                } else {
                    "pt_BR.UTF-8"
                }
            ),
            String::new(),
        )
    } else {
        (String::new(), format!("--lang {lang}"))
    };
    let t = Tmux::start(
        &format!("i18n-{test}-{lang}-{w}-{by_env}"),
        w,
        h,
        &format!(
            "{env} exec {} {flag} --speed 5 --seed 1",
            env!("CARGO_BIN_EXE_sudoscope")
        ),
    );
    let quit = text_of(lang, "hint-quit");
    // the step log has a swap in words: the screen has its sentences
    let swap = text_of(lang, "log-swap");
    let verb = swap.split_whitespace().next().unwrap().to_string();
    let first = t.wait_for(&format!("q {quit}"));
    let running = t.wait_for(&format!("  {verb} r"));
    t.keys(&["l"]);
    let stuck = t.wait_for(&text_of(lang, "stuck-title").replace(" (l)", ""));
    t.keys(&["?"]);
    let help = t.wait_for(&text_of(lang, "key-run-pause"));
    vec![first, running, stuck, help]
}

#[test]
fn spanish_and_portuguese_screens_show_no_english_the_catalogs_translate() {
    for lang in ["es", "pt"] {
        let forbidden = english_only(lang);
        assert!(
            forbidden.len() > 100,
            "{lang}: only {} English words to look for",
            forbidden.len()
        );
        for (w, h) in [(80, 24), (200, 60)] {
            for (i, screen) in screens("english", lang, w, h, w == 200).iter().enumerate() {
                let shown = screen_words(screen);
                let english: Vec<&String> = shown.intersection(&forbidden).collect();
                assert!(
                    english.is_empty(),
                    "{lang} at {w}x{h}, screen {i}: English words {english:?}:\n{screen}"
                );
            }
        }
    }
}

#[test]
fn numbers_on_screen_take_a_decimal_comma() {
    let t = Tmux::start(
        "i18n-comma",
        200,
        60,
        &format!(
            "exec {} --lang es --speed 5 --seed 1",
            env!("CARGO_BIN_EXE_sudoscope")
        ),
    );
    // the cost chart's axis labels and the annealing's figures, once the run has drawn them (on
    // a busy machine the first frames come before any)
    let running = t.wait_until("a number with a decimal comma", |s| {
        s.contains(",50") || s.contains(",00")
    });
    assert!(!running.contains("71.00"), "{running}");
    assert!(
        !running.contains(".50") && !running.contains(".00"),
        "{running}"
    );
}

/// What the 80x24 screen shows whole in English, it shows whole in the others.
#[test]
fn longer_words_do_not_cut_what_english_shows_at_80x24() {
    let mut reminders = Vec::new();
    for lang in LANGS {
        let s = screens("cut", lang, 80, 24, false);
        let running = &s[1];
        let lines: Vec<&str> = running.lines().collect();
        let legend = lines[lines.len() - 2];
        for id in [
            "legend-given",
            "legend-conflict",
            "legend-given-conflict",
            "legend-last-change",
        ] {
            assert!(
                legend.contains(&text_of(lang, id)),
                "{lang}: {id} cut from the legend: {legend:?}"
            );
        }
        let theme =
            text_of(lang, "legend-on-theme").replace("{ $theme }", &text_of(lang, "theme-dark"));
        assert!(legend.ends_with(&theme), "{lang}: legend cut: {legend:?}");
        for id in ["panel-algorithm", "panel-step-log", "chart-title"] {
            assert!(
                running.contains(&text_of(lang, id)),
                "{lang}: the {id} title is cut:\n{running}"
            );
        }
        // the key reminders on the status line: the same ones in every language
        let status = lines[lines.len() - 1];
        let shown: Vec<String> = messages(lang)
            .into_iter()
            .filter(|(id, _)| id.starts_with("hint-"))
            .filter(|(_, word)| status.contains(&format!(" {word}")))
            .map(|(id, _)| id)
            .collect();
        assert!(
            shown.contains(&"hint-quit".to_string()),
            "{lang}: {status:?}"
        );
        assert!(
            shown.contains(&"hint-help".to_string()),
            "{lang}: {status:?}"
        );
        reminders.push((lang, shown));
    }
    for (lang, shown) in &reminders[1..] {
        assert_eq!(
            shown, &reminders[0].1,
            "{lang} shows other key reminders than English at 80x24"
        );
    }
}
