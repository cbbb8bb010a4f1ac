//! The command line's shape: every subcommand and flag, as clap definitions. Parsing lives
//! here and nowhere below `cli`: the searches and the board know nothing of clap.

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::search::Preset;

/// Presets on the command line: `classic` or `tuned`.
impl ValueEnum for Preset {
    fn value_variants<'a>() -> &'a [Self] {
        &[Preset::Classic, Preset::Tuned]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Preset::Classic => {
                PossibleValue::new("classic").help("behaves as the course material describes")
            }
            Preset::Tuned => PossibleValue::new("tuned").help("as good as we know how to make it"),
        })
    }
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
    Experiment(ExperimentArgs),
    /// Measure the figures of BENCHMARKS.md.
    Bench(BenchArgs),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// The summary table on stdout.
    Table,
    /// One CSV record per run.
    Csv,
    /// One JSON object per run (JSON Lines).
    Json,
}

#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// Algorithms, comma-separated (see `solve --list-algos`).
    #[arg(short, long, value_delimiter = ',', required = true)]
    pub algo: Vec<String>,
    /// Presets, comma-separated; each algorithm runs in each.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "tuned")]
    pub preset: Vec<Preset>,
    /// Set a parameter for every algorithm that has it, `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// A puzzle or a whole set (see `sudoscope puzzles`).
    #[arg(short, long, default_value = crate::catalog::DEFAULT_PUZZLE)]
    pub puzzle: String,
    /// Independent runs per algorithm and puzzle.
    #[arg(short, long, default_value_t = 100)]
    pub runs: usize,
    /// Base seed; run i of algorithm A on puzzle P is seeded from (seed, A, preset, P, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(short, long)]
    pub threads: Option<usize>,
    /// Step budget per run.
    #[arg(long, default_value_t = 10_000_000)]
    pub max_steps: u64,
    /// What to print, or to write with --out.
    #[arg(short, long, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
    /// Write the per-run records (CSV or JSON by --format, CSV for table) to this file.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Write SVG figures into this directory.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    Exact,
    Search,
    Anneal,
    Scaling,
    Tui,
    /// A runner left at unlimited speed: resident memory at start and end (not part of `all`).
    Memory,
    All,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value_t = Suite::All)]
    pub suite: Suite,
    /// Puzzle sets (references) for `exact` and `anneal`; repeatable.
    #[arg(long = "set", value_name = "REF")]
    pub sets: Vec<String>,
    /// Take at most this many puzzles of each set.
    #[arg(long, default_value_t = 10_000)]
    pub limit: usize,
    /// Seconds of work per throughput measurement.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
}
