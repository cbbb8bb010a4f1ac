//! `sudoscope watch`: a trace on the visualiser, from a file, standard input or a command.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use sudoscope_i18n::Lang;

use super::args::WatchArgs;
use super::exit;
use sudoscope_core::engine::trace::feed::SourceSpec;
use sudoscope_core::engine::trace::replay::Replay;
use sudoscope_core::engine::trace::source::{self, NotReady, Source};
use sudoscope_core::run::{RunInput, SettingText, Written, check_on};

/// How long a file or standard input may take to give its header before the screen opens on it
/// (a file at hand gives it at once; a bad one is then an error before any screen).
const AT_HAND: Duration = Duration::from_secs(2);

fn resolve(r: &str) -> Result<sudoscope_core::board::Puzzle, String> {
    sudoscope_core::catalog::resolve_one(r).map_err(|e| e.to_string())
}

/// Open the screen at once, then the trace in it as it comes; the command (if any) and its
/// process group end when the screen does, by any path.
pub fn run(args: &WatchArgs, lang: Lang) -> anyhow::Result<i32> {
    let spec = match (&args.file, args.command.is_empty()) {
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
    // a path that is no file is said as such, terminal or not
    if let SourceSpec::File { path, .. } = &spec
        && let Ok(meta) = std::fs::metadata(path)
        && let Some(why) = sudoscope_core::engine::trace::lines::unreadable(&meta)
    {
        eprintln!("sudoscope: {}: {why}", path.display());
        return Ok(exit::BAD_INPUT);
    }
    if args.check {
        return verify(lang, spec);
    }
    if !sudoscope_tui::has_terminal() {
        eprintln!("sudoscope: {}", sudoscope_tui::TuiError::NoTerminal);
        return Ok(exit::BAD_INPUT);
    }
    // the run the panes start from: the default algorithm with the flags given, on the default
    // puzzle until the trace's header names its own
    let input = RunInput {
        speed: Some(SettingText::flag("--speed", &args.speed)),
        paused: Some(Written::Value(args.paused)),
        race: args
            .race
            .iter()
            .map(|r| SettingText::flag("--race", r))
            .collect(),
        ..RunInput::default()
    };
    let puzzle = sudoscope_core::catalog::resolve_one(sudoscope_core::catalog::DEFAULT_PUZZLE)?;
    let run = check_on(&input, puzzle)?;
    let at_hand = matches!(
        spec,
        SourceSpec::Stdin | SourceSpec::File { follow: false, .. }
    );
    let (source, mut guard) = source::start(spec, resolve).map_err(anyhow::Error::msg)?;
    if at_hand
        && let Err(NotReady::Failed(f)) =
            source.ready(Some(Instant::now() + AT_HAND), &AtomicBool::new(false))
    {
        eprintln!("sudoscope: {f}");
        return Ok(exit::BAD_INPUT);
    }
    let opts = sudoscope_tui::Launch {
        source: Some(source.clone()),
        lang,
        ..sudoscope_tui::Launch::of(run, super::theme(args.theme))
    };
    let result = sudoscope_tui::run(opts, args.record.clone());
    guard.end();
    match result {
        Ok(Some(signal)) => Ok(exit::by_signal(signal)),
        Ok(None) => Ok(source.failure().map_or(exit::OK, |f| {
            eprintln!("sudoscope: {f}");
            exit::BAD_INPUT
        })),
        Err(e @ sudoscope_tui::TuiError::NoTerminal) => {
            eprintln!("sudoscope: {e}");
            Ok(exit::BAD_INPUT)
        }
        Err(e) => Err(e.into()),
    }
}

/// Notes `watch --check` prints at most (every problem is counted).
const SHOWN: usize = 200;

/// `watch --check`: the trace replayed without a screen; what it holds, and its problems. A
/// signal (Ctrl-C, SIGTERM, SIGHUP) ends it, and its command, at once.
fn verify(lang: Lang, spec: SourceSpec) -> anyhow::Result<i32> {
    use sudoscope_core::search::Search;
    sudoscope_core::signals::catch();
    let (source, mut guard) = source::start(spec, resolve).map_err(anyhow::Error::msg)?;
    let stop = AtomicBool::new(false);
    let feed = loop {
        match source.ready(Some(Instant::now() + Duration::from_millis(100)), &stop) {
            Ok(feed) => break feed,
            Err(NotReady::Failed(f)) => {
                guard.end();
                eprintln!("sudoscope: {f}");
                print_errors(&source);
                return Ok(exit::BAD_INPUT);
            }
            Err(_) => {
                if let Some(s) = sudoscope_core::signals::caught() {
                    guard.end();
                    return Ok(exit::by_signal(s));
                }
            }
        }
    };
    let started = Instant::now();
    let mut replay = Replay::new(std::sync::Arc::clone(&feed), 0, None);
    // every problem is counted; the first notes are kept to print
    let (mut notes, mut problems, mut more) = (Vec::new(), 0usize, 0usize);
    let mut take = |ns: Vec<sudoscope_core::search::Note>| {
        for n in ns {
            problems += n.is_problem() as usize;
            if notes.len() < SHOWN {
                // in the user's language, as the step log says it
                notes.push(sudoscope_tui::step_log::note(lang, &n));
            } else {
                more += 1;
            }
        }
    };
    while replay.ended().is_none() {
        if let Some(s) = sudoscope_core::signals::caught() {
            guard.end();
            return Ok(exit::by_signal(s));
        }
        replay.advance(1 << 16);
        take(replay.notes());
    }
    take(replay.notes());
    take(replay.closing_notes());
    let whole = matches!(
        feed.closed(),
        Some(sudoscope_core::engine::trace::feed::Closed::End(_))
    );
    // a command that wrote its whole trace is given a moment to end by itself: its own status
    let own = if whole {
        guard.end_after(source::AFTER_TRACE)
    } else {
        guard.end();
        None
    };
    let exited_badly = own.filter(|e| !e.success());
    let seconds = started.elapsed().as_secs_f64();
    let reported = replay
        .snapshot()
        .metric("reported cost")
        .map_or(String::new(), |c| format!(" (the trace said {c})"));
    let verdict = replay.verdict().cloned();
    let judged = match &verdict {
        Some(v) if v.returned => format!("; the board it returns has cost {}", v.cost),
        _ => String::new(),
    };
    let word = match &verdict {
        Some(v) => {
            let viewer = if v.solved { "solved" } else { "not solved" };
            match &v.said {
                Some(said) if v.disagree() => {
                    format!("the search says {said}; the viewer: {viewer}")
                }
                Some(said) => said.clone(),
                None => format!("cut short; the viewer: {viewer}"),
            }
        }
        None => replay.ended().map_or("not ended", |o| o.word()).to_string(),
    };
    println!(
        "{}: {} steps of {} on {} in {:.3} s; the last board has cost {}{reported}{judged}; best {}; {word}",
        feed.header.algorithm,
        replay.steps(),
        feed.puzzle().geometry().label(),
        feed.puzzle().name,
        seconds,
        replay.cost(),
        replay.best_cost(),
    );
    if let Some(line) = replay.population().map(population_line) {
        println!("  {line}");
    }
    for n in &notes {
        println!("  {n}");
    }
    if more > 0 {
        println!("  … and {more} more");
    }
    if let Some(e) = exited_badly {
        println!(
            "  after its whole trace, the command {}",
            source::ended_words(e)
        );
        print_errors(&source);
        return Ok(exit::RUNS_FAILED);
    }
    let cut = verdict.as_ref().is_some_and(|v| v.said.is_none());
    if cut {
        print_errors(&source);
    }
    Ok(if problems > 0 || cut {
        exit::BAD_INPUT
    } else {
        exit::OK
    })
}

/// What the last step's population was (format 1.1): its size, and the best, mean and worst
/// of its members' costs as counted from their boards.
fn population_line(p: &sudoscope_core::engine::trace::read::Population) -> String {
    let size = p.total;
    match (p.counted, p.diversity()) {
        (Some((best, mean, worst)), Some(diversity)) => format!(
            "its last population: {size} members, cost best {best}, mean {}, worst {worst} (counted from their boards), {:.0}% distinct",
            (mean * 1000.0).round() / 1000.0,
            diversity * 100.0
        ),
        _ => format!("its last population: {size} members, their costs as the trace gives them"),
    }
}

/// A command's last lines of error output, on standard error, the last one last.
fn print_errors(source: &Source) {
    let lines = source.tail().lines();
    if lines.is_empty() {
        return;
    }
    eprintln!("its last lines of error output:");
    for l in lines.iter().skip(lines.len().saturating_sub(20)) {
        eprintln!("  {l}");
    }
}
