//! The command line: parse ([`args`]), dispatch to one file per subcommand, and turn every
//! outcome into one line and an exit code ([`exit`]). This is the top layer: it may call into
//! the visualiser, the engine and the searches, and nothing calls into it.

use std::io::Write;

use clap::{CommandFactory, Parser};

pub mod args;
mod bench;
mod bench_large;
pub mod exit;
mod experiment;
mod generate;
mod human;
mod puzzles;
mod solve;
mod solve_algo;

use crate::tui::theme::Palette;
use args::{Cli, Command, RecordArgs, ThemeName, TuiArgs, ViewArgs};

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
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return exit::OK;
            }
            eprintln!("sudoscope: {e:#}");
            exit::BAD_INPUT
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<i32> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let code = match cli.command {
        Some(Command::Solve(args)) => solve::run(&args, &mut out)?,
        Some(Command::Puzzles(args)) => puzzles::run(&args, &mut out)?,
        Some(Command::Experiment(args)) => experiment::run(&args, &mut out)?,
        Some(Command::Bench(args)) => bench::run(&args, &mut out)?,
        Some(Command::Record(args)) => record(&args, &mut out)?,
        Some(Command::Generate(args)) => generate::run(&args, &mut out)?,
        Some(Command::Completions { shell }) => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "sudoscope", &mut out);
            exit::OK
        }
        Some(Command::Man) => {
            clap_mangen::Man::new(Cli::command()).render(&mut out)?;
            exit::OK
        }
        Some(Command::Tui(args)) => tui(&args)?,
        None => tui(&cli.tui)?,
    };
    out.flush()?;
    Ok(code)
}

fn tui(args: &TuiArgs) -> anyhow::Result<i32> {
    let mut opts = view_options(&args.view)?;
    if let Some(path) = &args.lesson {
        // checked before the screen opens: a bad file is a message and exit code 2
        opts.lesson = Some(crate::tui::lesson::read(path)?);
    }
    opts.lesson_out = args.lesson_out.clone();
    match crate::tui::run(opts, args.record.clone()) {
        Ok(()) => Ok(exit::OK),
        Err(e @ crate::tui::TuiError::NoTerminal) => {
            eprintln!("sudoscope: {e}");
            Ok(exit::BAD_INPUT)
        }
        Err(e) => Err(e.into()),
    }
}

fn record(args: &RecordArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    let app = view_options(&args.view)?;
    let size = parse_size(&args.size)?;
    if let Some(s) = args.seconds
        && !(s > 0.0 && s.is_finite())
    {
        anyhow::bail!("--seconds must be a positive number");
    }
    let done = crate::tui::record::record(crate::tui::record::RecordOptions {
        app,
        steps: args.steps,
        seconds: args.seconds,
        size,
        out: args.out.clone(),
    })
    .map_err(anyhow::Error::msg)?;
    writeln!(
        out,
        "wrote {}: {} frames, {:.1} s, {} steps",
        args.out.display(),
        done.frames,
        done.seconds,
        done.steps
    )?;
    Ok(exit::OK)
}

/// `120x40` → (120, 40) (the recorder checks the range).
fn parse_size(text: &str) -> anyhow::Result<(u16, u16)> {
    text.split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)))
        .ok_or_else(|| anyhow::anyhow!("--size {text:?}: give columns x rows, for example 120x40"))
}

/// The visualiser's options from its flags: every name, value and board checked here, so a
/// mistake is a message before any screen opens.
pub fn view_options(args: &ViewArgs) -> anyhow::Result<crate::tui::Options> {
    use crate::search::registry::{find, resolve_params};
    let puzzle = crate::catalog::resolve_one(&args.puzzle)?;
    let algo = find(&args.algo)?;
    let params = resolve_params(algo, args.run.preset, &args.run.set)?;
    let speed = match args.speed.trim() {
        "max" | "unlimited" | "0" => None,
        s => match s.parse::<f64>() {
            Ok(v) if v > 0.0 && v.is_finite() => Some(v),
            _ => anyhow::bail!("--speed {s:?}: give steps per second (a positive number) or max"),
        },
    };
    if args.race.len() > 3 {
        anyhow::bail!("--race takes at most three algorithms (four panes in all)");
    }
    let race = args
        .race
        .iter()
        .map(|r| {
            let r = crate::tui::racer::Racer::parse(r, args.run.preset)?;
            r.check(&puzzle).map(|_| r)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow::anyhow!("--race {e}"))?;
    let start = args
        .run
        .start
        .as_deref()
        .map(|text| start_board(&puzzle, text))
        .transpose()?;
    Ok(crate::tui::Options {
        puzzle,
        algo,
        preset: args.run.preset,
        params,
        seed: args.run.seed,
        speed,
        race,
        same_start: args.race_start == args::RaceStart::Same,
        paused: args.paused,
        start,
        theme: crate::tui::theme::Theme::from_env(args.theme.map(|t| match t {
            ThemeName::Dark => Palette::Dark,
            ThemeName::Light => Palette::Light,
            ThemeName::Mono => Palette::Mono,
        })),
        lesson: None,
        lesson_out: None,
    })
}

/// `--start BOARD`: a board of the puzzle's size that keeps its givens.
fn start_board(puzzle: &crate::board::Puzzle, text: &str) -> anyhow::Result<crate::board::Grid> {
    let board = crate::catalog::resolve_board(text).map_err(|e| anyhow::anyhow!("--start: {e}"))?;
    if let Some(e) = puzzle.start_error(&board) {
        anyhow::bail!("--start: {e}");
    }
    Ok(board)
}

/// `sudoscope solve ... | head` must end quietly, not with an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
