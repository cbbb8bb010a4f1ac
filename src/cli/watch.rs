//! `sudoscope watch`: a trace on the visualiser, from a file, standard input or a command.

use super::args::WatchArgs;
use super::exit;
use crate::engine::trace::feed::{self, SourceSpec};
use crate::engine::trace::replay::Replay;
use crate::spec::{Given, Method, RunInput, Source, check_on, print};

/// Open the trace, then the screen; the command (if any) ends when the screen does.
pub fn run(args: &WatchArgs) -> anyhow::Result<i32> {
    let source = match (&args.file, args.command.is_empty()) {
        (Some(f), true) if f == "-" => SourceSpec::Stdin,
        (Some(f), true) => SourceSpec::File {
            path: f.into(),
            follow: args.follow,
        },
        (None, false) => SourceSpec::Command(args.command.clone()),
        (Some(_), false) => anyhow::bail!("give a trace file or a command after --, not both"),
        (None, true) => anyhow::bail!(
            "give a trace file, - for standard input, or a command after --: sudoscope watch -- python3 mine.py"
        ),
    };
    if args.check {
        return check(source);
    }
    if !crate::tui::has_terminal() {
        eprintln!("sudoscope: {}", crate::tui::TuiError::NoTerminal);
        return Ok(exit::BAD_INPUT);
    }
    let (feed, child) = feed::open(source, |r| {
        crate::catalog::resolve_one(r).map_err(|e| e.to_string())
    })?;
    let puzzle = feed.puzzle().clone();
    // the header's run, when it is a built-in algorithm's (a trace `solve --trace` wrote): a
    // switch then starts from its settings; else the default algorithm stands by
    let from = Source::File {
        path: "header".into(),
        line: Some(1),
        scene: None,
    };
    let mut input = print::from_json(&feed.header.json, &from);
    if check_on(&input, puzzle.clone()).is_err() {
        input = RunInput::default();
    }
    input.speed = Some(Given::flag("--speed", &args.speed));
    input.paused = Some(Given::flag("--paused", args.paused.to_string()));
    input.race = args.race.iter().map(|r| Given::flag("--race", r)).collect();
    let mut run = check_on(&input, puzzle)?;
    run.start = None;
    if run.method.algo.name != feed.header.algorithm {
        run.method = Method::new(
            crate::search::find(crate::spec::defaults::ALGO).expect("the default exists"),
            run.method.preset,
        );
    }
    let opts = crate::tui::Options {
        run,
        theme: super::theme(args.theme),
        lesson: None,
        lesson_out: None,
        notes_out: None,
        guest: false,
        watch: Some(feed),
        trace: None,
    };
    let result = crate::tui::run(opts, args.record.clone());
    drop(child);
    match result {
        Ok(ended_by) => Ok(ended_by.map_or(exit::OK, exit::by_signal)),
        Err(e @ crate::tui::TuiError::NoTerminal) => {
            eprintln!("sudoscope: {e}");
            Ok(exit::BAD_INPUT)
        }
        Err(e) => Err(e.into()),
    }
}

/// Notes `watch --check` prints at most (every problem is counted).
const SHOWN: usize = 200;

/// `watch --check`: the trace replayed without a screen; what it holds, and its problems.
fn check(source: SourceSpec) -> anyhow::Result<i32> {
    use crate::search::Search;
    let (feed, child) = feed::open(source, |r| {
        crate::catalog::resolve_one(r).map_err(|e| e.to_string())
    })?;
    let started = std::time::Instant::now();
    let mut replay = Replay::new(std::sync::Arc::clone(&feed), 0, None);
    // every problem is counted; the first thousand notes are kept to print
    let (mut notes, mut problems, mut more) = (Vec::new(), 0usize, 0usize);
    let mut take = |ns: Vec<String>| {
        for n in ns {
            problems += n.starts_with("line ") as usize;
            if notes.len() < SHOWN {
                notes.push(n);
            } else {
                more += 1;
            }
        }
    };
    while replay.ended().is_none() {
        replay.advance(1 << 16);
        take(replay.notes());
    }
    take(replay.notes());
    drop(child);
    let seconds = started.elapsed().as_secs_f64();
    let reported = replay
        .snapshot()
        .metric("reported cost")
        .map_or(String::new(), |c| format!(" (the trace said {c})"));
    println!(
        "{}: {} steps of {} on {} in {:.3} s; the last board has cost {}{reported}; best {}; {}",
        feed.header.algorithm,
        replay.steps(),
        feed.puzzle().geometry().label(),
        feed.puzzle().name,
        seconds,
        replay.cost(),
        replay.best_cost(),
        replay.ended().map_or("not ended", |o| o.word()),
    );
    for n in &notes {
        println!("  {n}");
    }
    if more > 0 {
        println!("  … and {more} more");
    }
    Ok(if problems > 0 {
        exit::BAD_INPUT
    } else {
        exit::OK
    })
}
