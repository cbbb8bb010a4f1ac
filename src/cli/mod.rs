//! The command line: parse ([`args`]), dispatch to one file per subcommand, and turn every
//! outcome into one line and an exit code ([`exit`]). This is the top layer: it may call into
//! the visualiser, the engine and the searches, and nothing calls into it.

use std::io::Write;

use clap::{CommandFactory, Parser};

pub mod args;
mod bench;
pub mod exit;
mod experiment;
mod human;
mod puzzles;
mod solve;
mod solve_algo;

use args::{Cli, Command, TuiArgs};

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
        .map(|n| find(n.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    let opts = crate::tui::Options {
        puzzle,
        algo,
        preset: args.run.preset,
        params,
        seed: args.run.seed,
        speed,
        race,
        same_start: args.race_start == args::RaceStart::Same,
        paused: args.paused,
    };
    match crate::tui::run(opts) {
        Ok(()) => Ok(exit::OK),
        Err(e @ crate::tui::TuiError::NoTerminal) => {
            eprintln!("sudoscope: {e}");
            Ok(exit::BAD_INPUT)
        }
        Err(e) => Err(e.into()),
    }
}

/// `sudoscope solve ... | head` must end quietly, not with an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
