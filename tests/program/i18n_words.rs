//! Words the program names in English and the screen shows in the class's language: every
//! metric, chart series and panel name a search or a replayed trace gives has its entry in every
//! catalog (a missing one would show English on a Spanish screen), and the screen's own
//! sentences take the language's plurals and decimal comma.

use sudoscope_core::catalog::resolve_one;
use sudoscope_core::search::{ALGORITHMS, Preset};
use sudoscope_i18n::{Arg, LANGS, Lang};

/// Every name each algorithm shows in its panel and charts, in both presets, over its first
/// steps on a 9x9 and a 4x4 puzzle.
fn shown_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for reference in ["sudoku_7", "tiny4"] {
        let puzzle = resolve_one(reference).unwrap();
        for algo in ALGORITHMS {
            for preset in [Preset::Classic, Preset::Tuned] {
                let params = algo.default_params(preset);
                let mut search = algo.build(&puzzle, preset, &params, 1, None);
                for _ in 0..300 {
                    let snapshot = search.snapshot();
                    names.extend(snapshot.metrics.iter().map(|m| m.name));
                    names.extend(snapshot.series.iter().map(|(n, _)| *n));
                    names.extend(search.secondary().map(|s| s.label));
                    if search.ended().is_some() {
                        break;
                    }
                    search.step();
                }
            }
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}

#[test]
fn every_metric_and_series_name_has_an_entry_in_every_catalog() {
    let mut names = shown_names();
    // a replayed trace's own figures (the trace's metrics keep the names its author gave them)
    names.extend(sudoscope_core::engine::trace::replay::OWN_NAMES);
    assert!(
        names.len() > 20,
        "the searches show their figures: {names:?}"
    );
    let mut missing = Vec::new();
    for lang in LANGS {
        for name in &names {
            let id = sudoscope_i18n::word_id("metric", name);
            if !lang.has_own(&id) {
                missing.push(format!("{}: {id}", lang.code()));
            }
        }
    }
    assert!(missing.is_empty(), "no entry for {missing:?}");
}

#[test]
fn counts_take_the_languages_plurals() {
    let say = |lang: Lang, n: i64| lang.text("log-propagated", &[("n", Arg::Count(n))]);
    assert_eq!(say(Lang::Es, 1), "la propagación ubicó 1 celda");
    assert_eq!(say(Lang::Es, 3), "la propagación ubicó 3 celdas");
    assert_eq!(say(Lang::Pt, 1), "a propagação colocou 1 célula");
    assert_eq!(say(Lang::En, 2), "propagation placed 2 cells");
    let threads = |lang: Lang, n: i64| {
        lang.text(
            "experiment-summary",
            &[
                ("done", Arg::Count(5)),
                ("total", Arg::Count(5)),
                ("threads", Arg::Count(n)),
                ("time", "1 s".into()),
            ],
        )
    };
    assert!(
        threads(Lang::Es, 1).contains(" 1 hilo "),
        "{}",
        threads(Lang::Es, 1)
    );
    assert!(
        threads(Lang::Es, 2).contains(" 2 hilos "),
        "{}",
        threads(Lang::Es, 2)
    );
    assert!(!threads(Lang::Es, 2).contains("(s)"));
}

/// In Spanish the parameter editor shows a value with a decimal comma and takes one typed with
/// it (`0,5`, as the course's notebooks write it), or with a point; the status line says the
/// edit in Spanish.
#[test]
fn the_parameter_editor_reads_and_writes_a_decimal_comma_in_spanish() {
    use sudoscope_tui::dialog::Reply;
    use sudoscope_tui::dialog::parameters::ParamEditor;
    use sudoscope_tui::event::{KeyCode, KeyEvent};

    let algo = sudoscope_core::search::find("annealing").unwrap();
    let params = algo.default_params(Preset::Classic);
    let index = params
        .specs()
        .iter()
        .position(|s| s.name == "cooling")
        .expect("annealing has a cooling rate");
    let mut editor = ParamEditor::default();
    let key = |e: &mut ParamEditor, code: KeyCode| e.key(Lang::Es, KeyEvent::from(code), &params);
    for _ in 0..index {
        key(&mut editor, KeyCode::Down);
    }
    key(&mut editor, KeyCode::Enter);
    let shown = editor.editing.clone().expect("editing the value");
    assert!(
        shown.contains(',') && !shown.contains('.'),
        "the value as Spanish writes it: {shown}"
    );
    for typed in ["0,5", "0.5"] {
        editor.editing = Some(String::new());
        for c in typed.chars() {
            key(&mut editor, KeyCode::Char(c));
        }
        match key(&mut editor, KeyCode::Enter) {
            Reply::Done(edited) => assert_eq!(edited.params.get("cooling"), 0.5, "{typed}"),
            other => panic!("{typed} refused: {other:?} {:?}", editor.error),
        }
        editor.editing = None;
        key(&mut editor, KeyCode::Enter);
    }
}

/// The notebook view's words (`python/sudoscope/view_words.json`, for the helper, which has no
/// catalogs) are the catalogs' `nb-` and `metric-` entries, exactly: a change to one without the other fails
/// here, saying what the file should hold.
#[test]
fn the_notebook_views_words_are_the_catalogs() {
    let path = format!(
        "{}/python/sudoscope/view_words.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let copy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut want = serde_json::Map::new();
    for lang in LANGS {
        let catalog = std::fs::read_to_string(format!(
            "{}/assets/i18n/{}.ftl",
            env!("CARGO_MANIFEST_DIR"),
            lang.code()
        ))
        .unwrap();
        let words: serde_json::Map<String, serde_json::Value> = catalog
            .lines()
            .filter_map(|l| l.split_once(" = "))
            .filter(|(k, _)| k.starts_with("nb-") || k.starts_with("metric-"))
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(v)))
            .collect();
        assert!(
            words.len() > 15,
            "{}: {} nb- entries",
            lang.code(),
            words.len()
        );
        want.insert(lang.code().to_string(), words.into());
    }
    let want = serde_json::Value::Object(want);
    assert_eq!(
        copy,
        want,
        "{path} should hold:\n{}",
        serde_json::to_string_pretty(&want).unwrap()
    );
}
