//! The command line: parse ([`args`]), dispatch to one file per subcommand, and turn every
//! outcome into one line and an exit code ([`exit`]). This is the top layer: it may call into
//! the visualiser, the engine and the searches, and nothing calls into it.

use std::io::Write;

use clap::{CommandFactory, Parser};

pub mod args;
mod bench;
mod bench_large;
#[cfg(feature = "serve")]
mod bench_serve;
mod bench_trace;
pub mod exit;
mod experiment;
mod generate;
mod human;
mod man;
mod puzzles;
#[cfg(feature = "serve")]
mod serving;
pub mod site;
mod solve_exact;
mod solve_search;
mod watch;

use args::{Cli, Command, RecordArgs, ThemeName, TuiArgs, ViewArgs};
use sudoscope_core::run::{RunInput, SettingText, Written};
use sudoscope_i18n::Lang;
use sudoscope_tui::theme::Palette;

/// Parse the command line, run, and return the exit code. Errors are one line on stderr.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::BAD_INPUT
            } else {
                exit::OK
            };
            let _ = e.print();
            return code;
        }
    };
    // the language every word this run shows or prints is in: `--lang`, else the environment's
    // (a lesson's own may change the screen's, below)
    let lang = cli.lang.map_or_else(Lang::from_env, args::LangName::lang);
    match run(cli, lang) {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return exit::OK;
            }
            eprintln!("sudoscope: {}", said(lang, &e));
            exit::BAD_INPUT
        }
    }
}

/// An error as one line in `lang`: the engine's typed errors (a puzzle reference, a parameter)
/// put into words here, everything else as it says itself.
fn said(lang: Lang, e: &anyhow::Error) -> String {
    use sudoscope_tui::words;
    if let Some(r) = e.downcast_ref::<sudoscope_core::catalog::RefError>() {
        return words::ref_error(lang, r);
    }
    if let Some(sudoscope_core::search::registry::BuildError::BadParameter {
        algo,
        preset,
        error,
    }) = e.downcast_ref()
    {
        return format!("{algo} ({preset}): {}", words::param_error(lang, error));
    }
    if let Some(s) = e.downcast_ref::<sudoscope_core::run::SpecError>() {
        return words::spec_error(lang, sudoscope_tui::Front::Own, s);
    }
    if let Some(l) = e.downcast_ref::<sudoscope_tui::lesson::LessonError>() {
        return words::lesson_error(lang, sudoscope_tui::Front::Own, l);
    }
    format!("{e:#}")
}

fn run(cli: Cli, lang: Lang) -> anyhow::Result<i32> {
    // whether the lecturer chose the language (which a lesson's then does not change)
    let chosen = cli.lang.map(args::LangName::lang);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let code = match cli.command {
        Some(Command::Solve(args)) => solve(&args, lang, &mut out)?,
        Some(Command::Puzzles(args)) => puzzles::run(&args, lang, &mut out)?,
        Some(Command::Experiment(args)) => experiment::run(&args, lang, &mut out)?,
        Some(Command::Bench(args)) => bench::run(&args, &mut out)?,
        Some(Command::Record(args)) => record(&args, lang, &mut out)?,
        Some(Command::Generate(args)) => generate::run(&args, &mut out)?,
        Some(Command::Site(args)) => site::run(&args, &mut out)?,
        Some(Command::Completions { shell }) => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "sudoscope", &mut out);
            exit::OK
        }
        Some(Command::Man) => {
            man::render(&mut out)?;
            exit::OK
        }
        Some(Command::Tui(args)) => tui(&args, (lang, chosen))?,
        Some(Command::Watch(args)) => watch::run(&args, lang)?,
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => serving::serve(&args, (lang, chosen), &mut out)?,
        #[cfg(feature = "serve")]
        Some(Command::Web(args)) => serving::web(&args, (lang, chosen), &mut out)?,
        None => tui(&cli.tui, (lang, chosen))?,
    };
    out.flush()?;
    Ok(code)
}

/// `--notes`: checked writable before the screen opens (a message and exit code 2 if not).
pub(super) fn notes_out(args: &TuiArgs) -> anyhow::Result<Option<std::path::PathBuf>> {
    let Some(path) = &args.notes else {
        return Ok(None);
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| anyhow::anyhow!("--notes {}: {e}", path.display()))?;
    Ok(Some(path.clone()))
}

/// The language a screen speaks: `--lang`'s, else a lesson's own `lang`, else the
/// environment's (`lang`, as [`main`] chose it).
pub(super) fn screen_lang(
    (lang, chosen): (Lang, Option<Lang>),
    lesson: Option<&sudoscope_tui::lesson::Lesson>,
) -> Lang {
    chosen.or(lesson.and_then(|l| l.lang)).unwrap_or(lang)
}

fn tui(args: &TuiArgs, langs: (Lang, Option<Lang>)) -> anyhow::Result<i32> {
    let mut opts = view_options(&args.view, langs.0)?;
    if let Some(path) = &args.lesson {
        // checked before the screen opens: a bad file is a message and exit code 2
        opts.lesson = Some(sudoscope_tui::lesson::read(path)?);
    }
    opts.lang = screen_lang(langs, opts.lesson.as_ref());
    opts.lesson_out = args.lesson_out.clone();
    opts.notes_out = notes_out(args)?;
    if let Some(path) = &args.trace {
        // checked before the screen opens: an unwritable path is a message and exit code 2
        std::fs::File::create(path)
            .map_err(|e| anyhow::anyhow!("--trace {}: {e}", path.display()))?;
        opts.trace_out = Some(path.clone());
    }
    match sudoscope_tui::run(opts, args.record.clone()) {
        Ok(ended_by) => Ok(ended_by.map_or(exit::OK, exit::by_signal)),
        Err(e @ sudoscope_tui::TuiError::NoTerminal) => {
            eprintln!("sudoscope: {e}");
            Ok(exit::BAD_INPUT)
        }
        Err(e) => Err(e.into()),
    }
}

fn record(args: &RecordArgs, lang: Lang, out: &mut impl Write) -> anyhow::Result<i32> {
    let app = view_options(&args.view, lang)?;
    let size = parse_size(&args.size)?;
    if let Some(s) = args.seconds
        && !(s > 0.0 && s.is_finite())
    {
        anyhow::bail!("--seconds must be a positive number");
    }
    let done = sudoscope_tui::recording::record(sudoscope_tui::recording::RecordOptions {
        app,
        steps: args.steps,
        seconds: args.seconds,
        size,
        out: args.out.clone(),
        still: args.still,
    })
    .map_err(anyhow::Error::msg)?;
    if args.still {
        writeln!(
            out,
            "wrote {} and {}: the screen after {} steps",
            args.out.with_extension("svg").display(),
            args.out.with_extension("png").display(),
            done.steps
        )?;
    } else {
        writeln!(
            out,
            "wrote {}: {} frames, {:.1} s, {} steps",
            args.out.display(),
            done.frames,
            done.seconds,
            done.steps
        )?;
    }
    Ok(exit::OK)
}

/// `120x40` → (120, 40) (the recorder checks the range).
fn parse_size(text: &str) -> anyhow::Result<(u16, u16)> {
    let numbers = text
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u64>().ok()?, h.trim().parse::<u64>().ok()?)));
    match numbers {
        // any size of two whole numbers reaches the recorder, which says the range
        Some((w, h)) => Ok((w.min(u16::MAX as u64) as u16, h.min(u16::MAX as u64) as u16)),
        None => anyhow::bail!("--size {text:?}: give columns x rows, for example 120x40"),
    }
}

/// `sudoscope solve`: the algorithm list, a search per puzzle with `--algo`, else the exact
/// solver.
fn solve(args: &args::SolveArgs, lang: Lang, out: &mut impl Write) -> anyhow::Result<i32> {
    if args.list_algos {
        solve_search::list_algos(lang, out)?;
        return Ok(exit::OK);
    }
    let puzzles = sudoscope_core::catalog::resolve(args.puzzle.get())?;
    if let Some(algo) = &args.algo {
        return solve_search::run(args, (algo, lang), &puzzles, out);
    }
    if args.run.start.is_some() {
        anyhow::bail!("--start is a board for a search to continue from: give it with --algo");
    }
    solve_exact::run(args, &puzzles, out)
}

/// A `--set name=value` as a person typed it: in Spanish or Portuguese the value may take the
/// decimal comma (`cooling=0,5`), read as the point programs write.
pub(crate) fn typed_setting(lang: Lang, kv: &str) -> SettingText {
    let text = match kv.split_once('=') {
        Some((k, v)) => format!("{k}={}", lang.delocalize(v)),
        None => kv.to_string(),
    };
    SettingText::flag("--set", text)
}

/// A run's settings from the flags `solve --algo` and the visualiser share, each marked with
/// the flag it came from.
fn run_input(lang: Lang, run: &args::RunArgs) -> RunInput {
    RunInput {
        preset: Some(Written::Value(run.preset)),
        set: run.set.iter().map(|s| typed_setting(lang, s)).collect(),
        seed: Some(Written::Value(run.seed)),
        start: run.start.as_ref().map(|s| SettingText::flag("--start", s)),
        ..RunInput::default()
    }
}

/// The visualiser's options from its flags, its words in `lang`: the run checked by
/// [`sudoscope_core::run::check`], so a mistake is a message before any screen opens.
pub fn view_options(args: &ViewArgs, lang: Lang) -> anyhow::Result<sudoscope_tui::Launch> {
    let input = RunInput {
        puzzle: Some(SettingText::flag("--puzzle", &args.puzzle)),
        algo: Some(SettingText::flag("--algo", &args.algo)),
        speed: Some(SettingText::flag("--speed", &args.speed)),
        paused: Some(Written::Value(args.paused)),
        race: args
            .race
            .iter()
            .map(|r| SettingText::flag("--race", r))
            .collect(),
        race_start: Some(Written::Value(args.race_start == args::RaceStart::Same)),
        ..run_input(lang, &args.run)
    };
    Ok(sudoscope_tui::Launch {
        lang,
        ..sudoscope_tui::Launch::of(sudoscope_core::run::check(&input)?, theme(args.theme))
    })
}

/// The theme `--theme` names, or the one the environment asks for (NO_COLOR: mono).
fn theme(name: Option<ThemeName>) -> sudoscope_tui::theme::Theme {
    sudoscope_tui::theme::Theme::from_env(name.map(|t| match t {
        ThemeName::Dark => Palette::Dark,
        ThemeName::Light => Palette::Light,
        ThemeName::Mono => Palette::Mono,
    }))
}

/// `sudoscope solve ... | head` must end quietly, not with an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
