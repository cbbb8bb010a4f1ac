//! The lesson format's tests.

use std::path::Path;

use super::*;
use sudoscope_core::search::Preset;

const GOOD: &str = r#"
title = "t"
[[scene]]
caption = "steepest stops"
algo = "steepest"
seed = 3
speed = 10
race = ["plateau", "annealing:tuned:7"]

[[scene]]
caption = "beam, wider"
algo = "beam"
set = { k = 50 }
speed = "max"
paused = true
"#;

#[test]
fn scenes_resolve_with_the_command_lines_defaults() {
    let l = parse(GOOD, "l.toml").unwrap();
    assert_eq!(l.scenes.len(), 2);
    let (a, b) = (&l.scenes[0].run, &l.scenes[1].run);
    assert_eq!(
        (a.method.algo.name, a.seed, a.speed),
        ("steepest", 3, Some(10.0))
    );
    assert_eq!(a.puzzle.name, "sudoku_7");
    let race: Vec<_> = a
        .race
        .iter()
        .map(|r| (r.method.algo.name, r.method.preset, r.seed))
        .collect();
    assert_eq!(
        race,
        [
            ("plateau", Preset::Classic, None),
            ("annealing", Preset::Tuned, Some(7))
        ]
    );
    assert_eq!(b.method.params.get("k"), 50.0);
    assert_eq!(
        (b.speed, b.paused, b.method.preset),
        (None, true, Preset::Classic)
    );
}

#[test]
fn every_mistake_names_the_file_line_and_problem() {
    let cases = [
        (
            "[[scene]]\ncaption = \"x\"\nalgo = \"hillclimb\"\n",
            "l.toml:3: scene 1: unknown algorithm \"hillclimb\"",
        ),
        (
            "[[scene]]\ncaption = \"x\"\nalgo = \"aneal\"\n",
            "l.toml:3: scene 1: unknown algorithm \"aneal\" (did you mean annealing?)",
        ),
        (
            "[[scene]]\ncaption = \"x\"\nalgo = \"beam\"\nset = { k = 0 }\n",
            "l.toml:4: scene 1: beam (classic): k = 0 is out of range",
        ),
        (
            "[[scene]]\ncaption = \"x\"\npuzzle = \"nonsense\"\n",
            "l.toml:3: scene 1: unknown puzzle \"nonsense\"",
        ),
        (
            "[[scene]]\ncaption = \"x\"\nspeed = -2\n",
            "l.toml:3: scene 1: speed = -2",
        ),
        (
            "[[scene]]\nalgo = \"beam\"\n",
            "l.toml:1: missing field `caption`",
        ),
        (
            "[[scene]]\ncaption = \"x\"\ncolour = 1\n",
            "l.toml:3: unknown field `colour`",
        ),
        (
            "[[scene]]\ncaption = \"x\"\nrace = [\"beam:warm\"]\n",
            "l.toml:3: scene 1: beam:warm: unknown preset \"warm\"",
        ),
        ("title = \"x\"\n", "l.toml: no scene"),
        ("[[scene]\n", "l.toml:1:"),
    ];
    for (text, want) in cases {
        let e = parse(text, "l.toml").unwrap_err().to_string();
        assert!(e.starts_with(want), "{e:?} should start with {want:?}");
    }
}

#[test]
fn the_built_in_lesson_plays_by_name_and_every_scene_resolves() {
    let l = read(Path::new("local-search")).unwrap();
    assert_eq!(l.title, "Local search on sudoku_7");
    assert!(
        l.path.is_none(),
        "y cannot append to a lesson built into the program"
    );
    assert!(l.scenes.len() >= 8, "{}", l.scenes.len());
    let algos: Vec<&str> = l.scenes.iter().map(|s| s.run.method.algo.name).collect();
    for a in [
        "steepest",
        "stochastic",
        "plateau",
        "annealing",
        "beam",
        "genetic",
        "backtrack",
    ] {
        assert!(algos.contains(&a), "the lesson tells {a}'s part: {algos:?}");
    }
    assert!(
        l.scenes
            .iter()
            .any(|s| s.run.method.algo.name == "annealing"
                && s.run.method.params.show("bookkeeping") == "course"),
        "a scene shows the course's bookkeeping losing a solution"
    );
    let e = read(Path::new("no-such-lesson")).unwrap_err().to_string();
    assert_eq!(e, "no-such-lesson: no such file");
}

/// What the built-in lesson's notes tell the lecturer a scene will show ("stops at step 29,
/// cost 13") is what its run does: the notes are read back and the scene is run to its end.
#[test]
fn the_built_in_lessons_notes_say_where_a_scene_stops() {
    let l = read(Path::new("local-search")).unwrap();
    let mut told = 0;
    for scene in &l.scenes {
        let Some(notes) = &scene.notes else { continue };
        let Some(said) = notes.split("stops at step ").nth(1) else {
            continue;
        };
        let numbers: Vec<u64> = said
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .take(2)
            .collect();
        let run = &scene.run;
        let m = &run.method;
        let mut search = m
            .algo
            .build(&run.puzzle, m.preset, &m.params, run.seed, None);
        sudoscope_core::search::run_to_end(search.as_mut(), 1_000_000);
        assert_eq!(
            numbers,
            [search.steps(), search.snapshot().cost as u64],
            "{notes}"
        );
        told += 1;
    }
    assert!(told >= 1, "no note says where a scene stops");
}

#[test]
fn an_appended_scene_reads_back_as_the_same_scene() {
    let l = parse(GOOD, "l.toml").unwrap();
    let dir = std::env::temp_dir().join(format!("sudoscope-lesson-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("built.toml");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        append(&path, &l.scenes[0], "sudoku_7", Lang::En).unwrap(),
        1
    );
    assert_eq!(
        append(&path, &l.scenes[1], "sudoku_7", Lang::En).unwrap(),
        2
    );
    let back = read(&path).unwrap();
    for (a, b) in back.scenes.iter().zip(&l.scenes) {
        assert_eq!(a.run, b.run);
        assert_eq!(a.caption, b.caption);
    }
}

#[test]
fn a_caption_per_language_and_the_lessons_own_language() {
    let text = r#"
title.en = "Local search"
title.es = "Búsqueda local"
lang = "es"
[[scene]]
caption = "El gradiente descendente se estanca"
algo = "steepest"
[[scene]]
caption.pt = "A descida estagna"
caption.es = "El gradiente se estanca"
algo = "steepest"
"#;
    let l = parse(text, "t.toml").unwrap();
    assert_eq!(l.lang, Some(Lang::Es));
    // the plain text is the lesson's own language; a table's, that language's entry
    assert_eq!(l.title, "Búsqueda local");
    assert_eq!(l.titles[&Lang::En], "Local search");
    assert_eq!(l.scenes[0].caption, "El gradiente descendente se estanca");
    assert!(l.scenes[0].captions.is_empty());
    assert_eq!(l.scenes[1].caption, "El gradiente se estanca");
    assert_eq!(
        in_lang(
            Lang::En,
            &l.scenes[1].caption,
            &BTreeMap::from([(Lang::Pt, "x".to_string())])
        ),
        "El gradiente se estanca".to_string()
    );
    // a language the screen does not speak, or a table with no text, is an error with its line
    let bad = parse(
        "[[scene]]\ncaption.fr = \"non\"\nalgo = \"steepest\"\n",
        "b.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        bad.contains("b.toml:2") && bad.contains("en, es and pt"),
        "{bad}"
    );
    let bad = parse("lang = \"de\"\n[[scene]]\ncaption = \"x\"\n", "c.toml")
        .unwrap_err()
        .to_string();
    assert!(
        bad.contains("c.toml:1") && bad.contains("en, es and pt"),
        "{bad}"
    );
}

#[test]
fn the_built_in_lesson_speaks_all_three_languages() {
    let l = read(Path::new("local-search")).unwrap();
    for lang in [Lang::En, Lang::Es, Lang::Pt] {
        assert!(l.titles.contains_key(&lang), "title in {lang:?}");
        for (i, s) in l.scenes.iter().enumerate() {
            assert!(
                s.captions.contains_key(&lang),
                "scene {} in {lang:?}",
                i + 1
            );
        }
    }
}

/// A lesson `y a` starts from a screen in Spanish or Portuguese has its title in that language
/// and says so (`lang`), so that its words and the screen's agree when it is played; one
/// started in English names no language, and plays in the reader's.
#[test]
fn a_new_lesson_is_titled_in_the_screens_language() {
    let scene = Scene {
        caption: "una escena".into(),
        captions: Default::default(),
        notes: None,
        notes_by: Default::default(),
        run: parse(
            "title = \"t\"\n[[scene]]\ncaption = \"c\"\npuzzle = \"sudoku_7\"\n",
            "t.toml",
        )
        .unwrap()
        .scenes[0]
            .run
            .clone(),
        command: None,
    };
    for (lang, title) in [
        (Lang::Es, "Una clase grabada en sudoscope"),
        (Lang::Pt, "Uma aula gravada no sudoscope"),
        (Lang::En, "A lesson recorded in sudoscope"),
    ] {
        let (text, n) = scene_added("", &scene, "sudoku_7", lang);
        assert_eq!(n, 1);
        let back = parse(&text, "new.toml").unwrap();
        assert_eq!(back.title, title, "{text}");
        let named = (lang != Lang::En).then_some(lang);
        assert_eq!(back.lang, named, "{text}");
        // a scene added to it later writes no second title
        let (more, n) = scene_added(&text, &scene, "sudoku_7", lang);
        assert_eq!((n, more.contains("title")), (2, false), "{more}");
    }
}
