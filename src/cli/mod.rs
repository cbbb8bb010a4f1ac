//! The command line: clap definitions, dispatch, and the exit-code contract.
//!
//! Exit codes: 0 success; 1 the command ran but a puzzle was left unsolved (no solution exists,
//! several exist where one was required, or a local search did not reach cost 0); 2 bad input or
//! usage (unknown puzzle or algorithm, bad parameter, unreadable or malformed file); 130
//! interrupted by Ctrl-C.

use std::io::Write;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::search::Preset;

mod bench;
mod experiment;
mod local;
mod puzzles;
mod solve;

/// Exit codes, documented in README.
pub mod exit {
    pub const OK: i32 = 0;
    pub const UNSOLVED: i32 = 1;
    pub const BAD_INPUT: i32 = 2;
    pub const INTERRUPTED: i32 = 130;
}

#[derive(Parser, Debug)]
#[command(
    name = "sudoscope",
    version,
    about = "Watch Sudoku search algorithms work, live.",
    long_about = "Watch Sudoku search algorithms work, live: descent, simulated annealing, local beam \
                  search, a genetic algorithm, conflict-guided sampling, annealing with tabu, and exact \
                  backtracking. With no command it opens the visualiser on the default puzzle."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the visualiser (the default with no command).
    Tui(TuiArgs),
    /// Solve puzzles headless and print the grids and statistics.
    Solve(SolveArgs),
    /// List the built-in puzzle sets, or print the puzzles a reference names.
    Puzzles(PuzzlesArgs),
    /// Run many independent restarts on all cores: success table, records, figures.
    Experiment(experiment::ExperimentArgs),
    /// Measure the figures of BENCHMARKS.md.
    Bench(bench::BenchArgs),
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Grids and statistics for people.
    #[default]
    Text,
    /// One n²-symbol solution line per puzzle (`unsolvable`, `multiple` or `unsolved` instead).
    Lines,
    /// One JSON object per puzzle per line (JSON Lines).
    Json,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle: a built-in name (sudoku_7), set (top95) or set:N, a file (path or path:N), or the
    /// puzzle text itself.
    #[arg(short, long, default_value = crate::catalog::DEFAULT_PUZZLE)]
    pub puzzle: String,
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Exact solver only: use the naive variant (first empty cell, elimination only).
    #[arg(long, conflicts_with = "generic")]
    pub naive: bool,
    /// Exact solver only: use the generic solver (the one the TUI steps through: elimination,
    /// hidden singles, fewest candidates first) instead of the 9x9 band solver.
    #[arg(long)]
    pub generic: bool,
    /// Algorithm (see --list-algos); without it the exact solver counts solutions.
    #[arg(short, long)]
    pub algo: Option<String>,
    /// Preset of the algorithm.
    #[arg(long, value_enum, default_value_t = Preset::Tuned)]
    pub preset: Preset,
    /// Set a parameter, `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Random seed: the same seed gives the same run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a search after this many steps.
    #[arg(long, default_value_t = 100_000_000)]
    pub max_steps: u64,
    /// Write the per-step series (step, cost, best, the algorithm's metrics) to a CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub trace: Option<std::path::PathBuf>,
    /// With --trace: write one row every N steps.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub trace_every: u64,
    /// List every algorithm with its parameters and exit.
    #[arg(long)]
    pub list_algos: bool,
}

#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// A puzzle reference to print; without one, the built-in sets are listed.
    pub reference: Option<String>,
    /// Print one line per puzzle instead of grids.
    #[arg(long)]
    pub lines: bool,
}

#[derive(Args, Debug)]
pub struct TuiArgs {
    /// Puzzle reference (see `sudoscope puzzles`).
    #[arg(short, long, default_value = crate::catalog::DEFAULT_PUZZLE)]
    pub puzzle: String,
    /// Algorithm to start with (see `solve --list-algos`).
    #[arg(short, long, default_value = "annealing")]
    pub algo: String,
    #[arg(long, value_enum, default_value_t = Preset::Classic)]
    pub preset: Preset,
    /// Set a parameter of the first algorithm, `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Steps per second, or `max` for as fast as possible.
    #[arg(long, default_value = "5")]
    pub speed: String,
    /// Race these algorithms beside the first (comma-separated, up to three).
    #[arg(long, value_delimiter = ',')]
    pub race: Vec<String>,
    /// Start paused.
    #[arg(long)]
    pub paused: bool,
}

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
    let mut out = std::io::stdout().lock();
    let code = match cli.command {
        Some(Command::Solve(args)) => solve::run(&args, &mut out)?,
        Some(Command::Puzzles(args)) => puzzles::run(&args, &mut out)?,
        Some(Command::Experiment(args)) => experiment::run(&args, &mut out)?,
        Some(Command::Bench(args)) => bench::run(&args, &mut out)?,
        Some(Command::Tui(args)) => tui(&args)?,
        None => match Cli::parse_from(["sudoscope", "tui"]).command {
            Some(Command::Tui(args)) => tui(&args)?,
            _ => unreachable!("parsed a tui command"),
        },
    };
    out.flush()?;
    Ok(code)
}

fn tui(args: &TuiArgs) -> anyhow::Result<i32> {
    use crate::search::registry::{find, resolve_params};
    let puzzle = crate::catalog::resolve_one(&args.puzzle)?;
    let algo = find(&args.algo)?;
    let params = resolve_params(algo, args.preset, &args.set)?;
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
    crate::tui::run(crate::tui::Options {
        puzzle,
        algo,
        preset: args.preset,
        params,
        seed: args.seed,
        speed,
        race,
        paused: args.paused,
    })
}

/// `sudoscope solve ... | head` must end quietly, not with an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
