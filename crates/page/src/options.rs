//! What a page's address asks for, `?algo=annealing&race=steepest,genetic&lang=es`: the same
//! settings as the command line's flags, read by the same check, so a link in a course's site
//! opens the run it names or says what is wrong with it.

use sudoscope_core::run::{RunInput, SettingText, Written};
use sudoscope_i18n::{Lang, tr};
use sudoscope_tui::theme::Palette;

/// A page's settings besides the run.
#[derive(Debug, Default, PartialEq)]
pub struct Options {
    /// The run as written.
    pub run: RunInput,
    /// The language asked for (`lang=`): before a lesson's own.
    pub lang: Option<Lang>,
    /// The browser's language: after a lesson's own, as the system's is on the command line.
    pub browser_lang: Option<Lang>,
    /// The colours (`theme=dark|light|mono`).
    pub palette: Option<Palette>,
    /// A lesson built into the program (`lesson=local-search`).
    pub lesson: Option<String>,
}

/// `%XX` and `+` read back into text; an undecodable escape is kept as written.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Read a page's query (the address after `?`, without it). An unknown key or a value that
/// does not read is an error naming it; the run's settings are checked later, by the run's
/// own check, as the command line's are.
pub fn read(query: &str, browser_lang: &str) -> Result<Options, String> {
    let mut o = Options::default();
    // a mistake is said in the language asked for, wherever in the address it is asked,
    // else the browser's
    // each setting as `(key, value)`, decoded; a value of `None` where there is no `=`
    let pairs = || {
        query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|p| match p.split_once('=') {
                Some((k, v)) => (decode(k), Some(decode(v))),
                None => (decode(p), None),
            })
    };
    let said = pairs()
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::parse(&v?))
        .or(Lang::parse(browser_lang))
        .unwrap_or(Lang::En);
    for (k, given) in pairs() {
        let alone = given.is_none();
        let v = given.unwrap_or_default();
        match k.as_str() {
            "puzzle" => o.run.puzzle = Some(SettingText::address(&v)),
            "algo" => o.run.algo = Some(SettingText::address(&v)),
            "preset" => o.run.preset = Some(Written::Text(SettingText::address(&v))),
            "set" => o.run.set.push(SettingText::address(&v)),
            "seed" => o.run.seed = Some(Written::Text(SettingText::address(&v))),
            "start" => o.run.start = Some(SettingText::address(&v)),
            "speed" => o.run.speed = Some(SettingText::address(&v)),
            // `?paused` alone is `--paused`, as on the command line
            "paused" if alone => o.run.paused = Some(Written::Text(SettingText::address("true"))),
            "paused" => o.run.paused = Some(Written::Text(SettingText::address(&v))),
            "race" => o.run.race.extend(
                v.split(',')
                    .filter(|r| !r.trim().is_empty())
                    .map(|r| SettingText::address(r.trim())),
            ),
            "race-start" => o.run.race_start = Some(Written::Text(SettingText::address(&v))),
            "lang" => {
                o.lang = Some(
                    Lang::parse(&v).ok_or_else(|| tr!(said, "address-lang", value = v.clone()))?,
                );
            }
            "theme" => {
                // as `lang=ES` is Spanish, `theme=Light` is light
                o.palette = Some(match v.to_ascii_lowercase().as_str() {
                    "dark" => Palette::Dark,
                    "light" => Palette::Light,
                    "mono" => Palette::Mono,
                    _ => return Err(tr!(said, "address-theme", value = v.clone())),
                });
            }
            "lesson" => o.lesson = Some(v),
            _ => {
                return Err(tr!(
                    said,
                    "address-not-a-setting",
                    key = k,
                    keys = "puzzle, algo, preset, set, seed, start, speed, paused, race, \
                            race-start, lang, theme, lesson"
                ));
            }
        }
    }
    o.browser_lang = Lang::parse(browser_lang);
    // `set=t0=0,5`: in Spanish and Portuguese a value may take the decimal comma, as `--set`
    // takes it (the language asked for, else the browser's)
    let typed = o.lang.or(o.browser_lang).unwrap_or(Lang::En);
    for s in &mut o.run.set {
        if let Some((k, v)) = s.text.split_once('=') {
            s.text = format!("{k}={}", typed.delocalize(v));
        }
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_reads_as_the_flags_do_and_says_what_it_does_not_know() {
        let o = read(
            "algo=annealing&race=steepest,%20genetic&set=t0%3D0.5&theme=light",
            "es-AR",
        )
        .unwrap();
        assert_eq!(o.run.algo.unwrap().text, "annealing");
        let race: Vec<String> = o.run.race.iter().map(|g| g.text.clone()).collect();
        assert_eq!(race, ["steepest", "genetic"]);
        assert_eq!(o.run.set[0].text, "t0=0.5");
        assert_eq!(o.palette, Some(Palette::Light));
        assert_eq!(o.lang, None, "none asked");
        assert_eq!(o.browser_lang, Lang::parse("es"), "the browser's language");
        assert_eq!(read("lang=pt", "es").unwrap().lang, Lang::parse("pt"));
        let set = |q: &str, l: &str| read(q, l).unwrap().run.set[0].text.clone();
        assert_eq!(
            set("set=t0%3D0,5", "es-AR"),
            "t0=0.5",
            "the decimal comma in Spanish"
        );
        assert_eq!(
            set("set=t0=0,5&lang=pt", "en"),
            "t0=0.5",
            "and in Portuguese, asked"
        );
        assert_eq!(
            set("set=t0=0,5", "en-US"),
            "t0=0,5",
            "kept in English, and refused later"
        );
        let paused = |q: &str| read(q, "en").unwrap().run.paused.map(|p| format!("{p:?}"));
        assert_eq!(paused("paused"), paused("paused=true"), "`?paused` alone");
        assert_ne!(
            paused("paused="),
            paused("paused=true"),
            "an empty value stays one"
        );
        assert!(read("colour=red", "en").unwrap_err().starts_with("colour:"));
        assert!(read("theme=pink", "en").is_err());
        assert_eq!(
            read("theme=Light", "en").unwrap().palette,
            Some(Palette::Light),
            "as lang=ES is Spanish"
        );
        assert_eq!(decode("a%2"), "a%2", "a cut escape is kept");
        assert_eq!(decode("%e2%9c%93+x"), "✓ x");
    }
}
