//! The command line's shape: every subcommand and flag, as clap definitions. Parsing lives
//! here and nowhere below `cli`: the searches and the board know nothing of clap.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use sudoscope_core::search::{ALGORITHMS, Preset};

/// Presets on the command line: `classic` or `tuned`, each with its help (the preset is the
/// core's; its parsing is the command line's).
fn presets() -> impl TypedValueParser<Value = Preset> {
    PossibleValuesParser::new([
        PossibleValue::new("classic").help("behaves as the course material describes"),
        PossibleValue::new("tuned").help("as good as we know how to make it"),
    ])
    .map(|name| Preset::from_name(&name).expect("one of the possible values"))
}

/// The algorithm names, as clap's possible values: `--help` and completions list them.
fn algorithms() -> PossibleValuesParser {
    PossibleValuesParser::new(
        ALGORITHMS
            .iter()
            .map(|a| PossibleValue::new(a.name).help(a.about)),
    )
}

const EXIT_CODES: &str = "\
Exit codes:
  0    success
  1    the command ran, but a puzzle was left unsolved: no solution, several solutions, or a
       local search that did not reach cost 0
  2    bad input or usage: unknown puzzle or algorithm, bad parameter value, unreadable or
       malformed file, no terminal for the visualiser
  3    experiment --command: a run of the command failed (crashed, was killed, ran past its
       time, or wrote no trace header); it is counted in the table
  101  a panic (a bug: please report it); the terminal is restored first
  130  interrupted (Ctrl-C); 143 and 129: ended by SIGTERM or SIGHUP (an experiment prints
       the table of the runs that finished, marked partial)

Puzzles: a built-in name (sudoku_7), a set (top95) or one of its puzzles (top95:12), a file
(path or path:N, gzip or plain), the puzzle text itself, or - for standard input.";

#[derive(Parser, Debug)]
#[command(
    name = "sudoscope",
    version,
    about = "Watch Sudoku search algorithms work, live.",
    long_about = "Watch Sudoku search algorithms work, live: descent, simulated annealing, local beam \
                  search, a genetic algorithm, conflict-guided sampling, annealing with tabu, an ant \
                  colony and exact backtracking, and a search of your own (`sudoscope watch`). With \
                  no command it opens the visualiser (and takes its flags: `sudoscope --paused \
                  --algo plateau`).",
    after_help = EXIT_CODES,
    args_conflicts_with_subcommands = true
)]
/// The whole command line.
pub struct Cli {
    /// The language of the screen: es, pt or en (default: from LC_ALL, LC_MESSAGES or LANG,
    /// English when they name another or none; a lesson's own `lang` before that). Output for
    /// programs (JSON, CSV, traces, command lines) never changes with it.
    #[arg(
        long,
        global = true,
        value_enum,
        ignore_case = true,
        value_name = "LANG"
    )]
    pub lang: Option<LangName>,
    /// The visualiser's flags, for the bare command.
    #[command(flatten)]
    pub tui: TuiArgs,
    /// The subcommand, if one was given.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
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
    /// Render a run to a recording for slides, without a terminal: asciicast (.cast) or an
    /// animated SVG (.svg). The clock is simulated, so the same flags give the same bytes.
    Record(RecordArgs),
    /// Make new puzzles with exactly one solution, one line each: for exercises and exams.
    Generate(GenerateArgs),
    /// Show a search written elsewhere, live: a trace file (docs/trace-format.md), standard input
    /// (-), or a command whose output is a trace (`watch -- python3 mine.py`).
    Watch(WatchArgs),
    /// Serve the visualiser over SSH to a class: every student types one `ssh` line and gets
    /// their own session (or, with --mirror, watches this screen and may try it alone).
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Serve the visualiser to browsers (phones and tablets too): every student opens one link
    /// (or scans its code) and gets their own session, as with `serve`.
    #[cfg(feature = "serve")]
    Web(WebArgs),
    /// Write the visualiser as a web page that needs no server: a folder of static files
    /// (index.html and what it loads) and the same page as one self-contained file
    /// (sudoscope.html) that works opened from the disk.
    Site(SiteArgs),
    /// Print a shell completion script (docs/commands.md says where to put it).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `sudoscope man > sudoscope.1`.
    Man,
}

/// How one run is set up: the same flags for `solve --algo` and the visualiser, so one command
/// line gives the same run in both.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Preset of the algorithm: classic everywhere unless asked (this is a teaching tool).
    #[arg(long, value_parser = presets(), default_value_t = sudoscope_core::run::defaults::PRESET)]
    pub preset: Preset,
    /// Set a parameter, `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Random seed: the same seed gives the same run.
    #[arg(long, default_value_t = sudoscope_core::run::defaults::SEED)]
    pub seed: u64,
    /// Continue from this board instead of a fresh start: a line of n² symbols (or any puzzle
    /// reference). It must keep the puzzle's givens; blanks are filled as at a fresh start.
    /// `y` in the visualiser prints it after a switch or an edit.
    #[arg(long, value_name = "BOARD")]
    pub start: Option<String>,
}

/// A puzzle reference, given as an argument or with `--puzzle`.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArg {
    /// The puzzle: a name, set, set:N, file, file:N, puzzle text, or - for standard input.
    #[arg(
        value_name = "PUZZLE",
        conflicts_with = "puzzle",
        allow_hyphen_values = true
    )]
    pub reference: Option<String>,
    /// The same as the argument.
    #[arg(short, long, value_name = "PUZZLE")]
    pub puzzle: Option<String>,
}

impl PuzzleArg {
    /// The reference given, if one was.
    pub fn given(&self) -> Option<&str> {
        self.reference.as_deref().or(self.puzzle.as_deref())
    }

    /// The reference given, or the default puzzle.
    pub fn get(&self) -> &str {
        self.reference
            .as_deref()
            .or(self.puzzle.as_deref())
            .unwrap_or(sudoscope_core::catalog::DEFAULT_PUZZLE)
    }
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Grids and statistics for people.
    #[default]
    Text,
    /// One n²-symbol solution line per puzzle (`unsolvable`, `multiple` or `unsolved` instead).
    Lines,
    /// One JSON object per puzzle per line (JSON Lines; docs/commands.md lists the keys).
    Json,
    /// One CSV record per puzzle, the columns of `experiment -f csv`.
    Csv,
}

/// `sudoscope solve`.
#[derive(Args, Debug)]
#[command(after_help = EXIT_CODES)]
pub struct SolveArgs {
    /// The puzzles.
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Exact solver only: use the naive variant (first empty cell, elimination only).
    #[arg(long, conflicts_with = "generic")]
    pub naive: bool,
    /// Exact solver only: use the plain generic solver (the one the TUI steps through:
    /// elimination, hidden singles, fewest candidates first) instead of the 9x9 triad solver, or
    /// at other sizes instead of the restarted matching search.
    #[arg(long)]
    pub generic: bool,
    /// Algorithm; without it the exact solver counts solutions.
    #[arg(short, long, value_parser = algorithms(), ignore_case = true)]
    pub algo: Option<String>,
    /// How the search is set up.
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop a search after this many steps. The default is enough for tuned annealing on every
    /// top95 run measured, many times over (the most any of 475 needed was 9.2 million).
    #[arg(long, default_value_t = 400_000_000)]
    pub max_steps: u64,
    /// Stop a search after this many seconds (the outcome then says `time spent`).
    #[arg(long, value_name = "SECONDS")]
    pub max_seconds: Option<f64>,
    /// Write the run step by step: a trace (JSON Lines, docs/trace-format.md: every step's
    /// changed cells, cost, move and metrics), or with a `.csv` name the per-step series (step,
    /// cost, best, the algorithm's metrics).
    #[arg(long, value_name = "FILE.jsonl|FILE.csv")]
    pub trace: Option<std::path::PathBuf>,
    /// With --trace FILE.csv: write one row every N steps.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub trace_every: u64,
    /// List every algorithm with its parameters and exit.
    #[arg(long)]
    pub list_algos: bool,
}

/// `sudoscope puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// A puzzle reference to print; without one, the built-in sets are listed.
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// Print one line per puzzle instead of grids.
    #[arg(long)]
    pub lines: bool,
    /// Print a symmetric variant of each puzzle (relabelled, rows, columns, bands and stacks
    /// permuted, maybe transposed), drawn from this seed and the puzzle's place: a held-out copy
    /// of a set, as `bench exact --variant` times it.
    #[arg(long, default_value_t = 0)]
    pub variant: u64,
    /// Write a handout instead: the puzzles a few to an A4 page, then an answer key, as a
    /// `.pdf` or an `.svg`.
    #[arg(long, value_name = "FILE.pdf|.svg")]
    pub sheet: Option<std::path::PathBuf>,
    /// Puzzles on a page of the handout: 1, 2, 4 or 6.
    #[arg(long, default_value_t = 4, requires = "sheet")]
    pub per_page: usize,
}

/// What the visualiser shows: the same flags for `tui` (and the bare command) and `record`, so a
/// view on screen and a recording of it are asked for alike.
#[derive(Args, Debug, Clone)]
pub struct ViewArgs {
    /// Puzzle reference (see `sudoscope puzzles`); - reads it from standard input.
    #[arg(short, long, default_value = sudoscope_core::catalog::DEFAULT_PUZZLE)]
    pub puzzle: String,
    /// Algorithm to start with.
    #[arg(short, long, default_value = sudoscope_core::run::defaults::ALGO, value_parser = algorithms(), ignore_case = true)]
    pub algo: String,
    /// How the first pane's search is set up.
    #[command(flatten)]
    pub run: RunArgs,
    /// Steps per second, or `max` for as fast as possible.
    #[arg(long, default_value = sudoscope_core::run::defaults::SPEED, allow_hyphen_values = true)]
    pub speed: String,
    /// Race up to three more panes beside the first, comma-separated, each
    /// `NAME[:PRESET[:SEED]][:PARAM=VALUE...][:start=BOARD]`: `beam`, `beam:tuned`,
    /// `beam:classic:7:k=5`. The preset defaults to --preset, the seeds follow the first pane's.
    #[arg(long, value_delimiter = ',', value_name = "RACER")]
    pub race: Vec<String>,
    /// Where race panes start: all from the same board (the first pane's), or each from its own
    /// random one.
    #[arg(long, value_enum, default_value_t = RaceStart::from_same(sudoscope_core::run::defaults::SAME_START))]
    pub race_start: RaceStart,
    /// Start paused.
    #[arg(long)]
    pub paused: bool,
    /// Colours: `dark` for a dark terminal, `light` for a white screen or projector, `mono` for
    /// none (the default when NO_COLOR is set; otherwise dark). `t` cycles them live.
    #[arg(long, value_enum, ignore_case = true)]
    pub theme: Option<ThemeName>,
}

/// `sudoscope tui`, and the bare command.
#[derive(Args, Debug, Clone)]
pub struct TuiArgs {
    /// What the screen shows.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Play a lesson: a TOML file of scenes (PageDown / PageUp page through them). Its scenes
    /// say the puzzle, algorithm and settings, so those flags are not given with it.
    #[arg(
        long,
        value_name = "FILE.toml",
        conflicts_with_all = ["puzzle", "algo", "race", "start", "preset", "set", "seed", "speed", "paused"]
    )]
    pub lesson: Option<std::path::PathBuf>,
    /// Send each scene's speaker notes here as the scene starts: a file, or another terminal's
    /// device (run `tty` in it: /dev/pts/3), so the notes stay off the projected screen.
    #[arg(long, value_name = "FILE|TTY", requires = "lesson")]
    pub notes: Option<std::path::PathBuf>,
    /// Where `y` then `a` appends the view as a lesson scene (default: the lesson played, or
    /// lesson.toml here).
    #[arg(long, value_name = "FILE.toml")]
    pub lesson_out: Option<std::path::PathBuf>,
    /// Record the session as an asciicast v2 file (play it with asciinema).
    #[arg(long, value_name = "FILE.cast")]
    pub record: Option<std::path::PathBuf>,
    /// Write the first pane's run to this file as a trace (docs/trace-format.md), every step
    /// shown, a switch or rewind as a jump; `sudoscope watch FILE` plays it again.
    #[arg(long, value_name = "FILE.jsonl")]
    pub trace: Option<std::path::PathBuf>,
}

/// The languages of `--lang`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LangName {
    /// Spanish.
    Es,
    /// Portuguese.
    Pt,
    /// English.
    En,
}

impl LangName {
    /// The language.
    pub fn lang(self) -> sudoscope_i18n::Lang {
        match self {
            LangName::Es => sudoscope_i18n::Lang::Es,
            LangName::Pt => sudoscope_i18n::Lang::Pt,
            LangName::En => sudoscope_i18n::Lang::En,
        }
    }
}

/// What a class is served with, over SSH or to browsers alike.
#[derive(Args, Debug, Clone)]
pub struct ClassArgs {
    /// Every session starts as these flags say (the visualiser's own: puzzle, algorithm,
    /// lesson...); --record, --trace and --lesson-out apply to the mirrored screen only.
    #[command(flatten)]
    pub tui: TuiArgs,
    /// The address to listen on (default: all of this machine's IPv4 addresses; 127.0.0.1 for
    /// this machine only).
    #[arg(long, default_value = "0.0.0.0", value_name = "ADDRESS")]
    pub listen: String,
    /// The name or address students are told to reach, when this machine's own are not the
    /// ones they see (a lab's router, a name in the school's DNS).
    #[arg(long, value_name = "HOST")]
    pub address: Option<String>,
    /// Show this terminal's session to every student, live and read-only; a student presses t
    /// to go on alone from the board on screen.
    #[arg(long)]
    pub mirror: bool,
    /// The class password (default: one is made up and printed at start).
    #[arg(long, value_name = "WORDS")]
    pub password: Option<String>,
    /// Sessions at once at most; the next student is told the class is full.
    #[arg(long, default_value_t = 80, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_sessions: u32,
    /// Close a session after this long without a key (90s, 30m, 2h); a student watching the
    /// mirror is never closed for it.
    #[arg(long, default_value = "30m", value_name = "TIME", value_parser = parse_duration)]
    pub idle_timeout: std::time::Duration,
    /// Keep every trace sent to the class board in this folder, one file per run (without
    /// it, nothing of a student's run outlives the server).
    #[arg(long, value_name = "DIR")]
    pub keep: Option<std::path::PathBuf>,
    /// Traces one address may send to the class board at once (a lab behind one router, or a
    /// proxy, is one address).
    #[arg(long, default_value_t = 200, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub traces_per_address: u32,
    /// Megabytes --keep writes at most in all; past them traces are no longer kept (the log
    /// says so once).
    #[arg(long, default_value_t = 512, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub keep_max_mb: u64,
    /// Files --keep writes at most.
    #[arg(long, default_value_t = 2000, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub keep_max_files: u32,
    /// The address of the proxy in front of the server (a TLS proxy, a JupyterHub): only
    /// from it is a client's address read from Forwarded or X-Forwarded-For.
    #[arg(long, value_name = "ADDRESS")]
    pub trust_proxy: Option<std::net::IpAddr>,
    /// How long a browser tab that lost its connection keeps its session for when it comes
    /// back (a phone locked, a Wi-Fi that roamed).
    #[arg(long, default_value = "2m", value_name = "TIME", value_parser = parse_duration)]
    pub resume_grace: std::time::Duration,
    /// Also serve at /page/ the page that computes its own searches in each browser: the
    /// folder `sudoscope site` writes (`cargo site`: target/site). A tab of it costs the server
    /// its files, once.
    #[arg(long, value_name = "DIR")]
    pub page: Option<std::path::PathBuf>,
    /// Close a connection (or a browser's tab) that has not signed in within this time.
    #[arg(long, default_value = "30s", value_name = "TIME", value_parser = parse_duration)]
    pub login_grace: std::time::Duration,
    /// Append the server's log here: connections, refusals, sessions ending (default: standard
    /// error, or nowhere with --mirror, whose screen it would cover).
    #[arg(long, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,
    /// Add a statistics line to the log this often: sessions, threads, memory, frames per
    /// second (off by default).
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub stats: Option<std::time::Duration>,
}

/// `sudoscope serve`: the visualiser over SSH.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The class: its sessions, password, limits and log.
    #[command(flatten)]
    pub class: ClassArgs,
    /// The port students connect to.
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// Also serve browsers on this port, as `sudoscope web` does (the same sessions, limits
    /// and password).
    #[arg(long, value_name = "PORT")]
    pub web: Option<u16>,
    /// Accept the public keys in this file (one per line, as in ~/.ssh/authorized_keys); no
    /// password is then accepted unless --password is also given.
    #[arg(long, value_name = "FILE")]
    pub authorized_keys: Option<std::path::PathBuf>,
    /// The server's host key, made on first use and kept (default: host_ed25519 in
    /// $XDG_DATA_HOME/sudoscope or ~/.local/share/sudoscope).
    #[arg(long, value_name = "FILE")]
    pub host_key: Option<std::path::PathBuf>,
}

/// `sudoscope web`: the visualiser in a browser.
#[derive(Args, Debug, Clone)]
pub struct WebArgs {
    /// The class: its sessions, password, limits and log.
    #[command(flatten)]
    pub class: ClassArgs,
    /// The port browsers connect to.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Print no link with a token in it: every browser is asked for the class password.
    #[arg(long)]
    pub no_token: bool,
}

/// "90s", "30m", "2h", or plain seconds.
fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    let t = s.trim();
    let (number, unit) = match t
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit() && *c != '.')
    {
        Some((i, _)) => (&t[..i], &t[i..]),
        None => (t, "s"),
    };
    let n: f64 = number
        .parse()
        .map_err(|_| format!("{s:?} is not a time such as 90s, 30m or 2h"))?;
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("{s:?}: the unit is s, m or h (90s, 30m, 2h)")),
    };
    let secs = n * scale;
    if !(secs > 0.0 && secs <= 7.0 * 86_400.0) {
        return Err(format!("{s:?}: give a time above zero and at most a week"));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// `sudoscope record`: a run rendered without a terminal, on a simulated clock.
#[derive(Args, Debug, Clone)]
pub struct RecordArgs {
    /// What the recording shows.
    #[command(flatten)]
    pub view: ViewArgs,
    /// Stop after the first pane's search has taken this many steps.
    #[arg(long, required_unless_present = "seconds", conflicts_with = "seconds")]
    pub steps: Option<u64>,
    /// Stop after this many seconds of the simulated clock (steps come at --speed).
    #[arg(long)]
    pub seconds: Option<f64>,
    /// The screen, in columns x rows.
    #[arg(long, default_value = "120x40", value_name = "COLSxROWS")]
    pub size: String,
    /// The file to write: `.cast` (asciicast v2) or `.svg` (one animated, self-contained image).
    #[arg(long, short)]
    pub out: std::path::PathBuf,
    /// Write the run's last screen as a still for a slide instead: FILE.svg and FILE.png (the
    /// name given, its extension replaced).
    #[arg(long)]
    pub still: bool,
}

/// `sudoscope watch`: a trace on the visualiser.
#[derive(Args, Debug, Clone)]
pub struct WatchArgs {
    /// The trace: a file, or - for standard input. Leave it out and give a command after --.
    #[arg(value_name = "FILE", allow_hyphen_values = true)]
    pub file: Option<String>,
    /// Keep reading the file as it grows, until its closing line.
    #[arg(long, requires = "file")]
    pub follow: bool,
    /// No screen: read the whole trace, replay it, and print what it holds and every problem
    /// with its line and column (exit 2 when a line is malformed).
    #[arg(long)]
    pub check: bool,
    /// Steps per second, or `max` for as fast as possible.
    #[arg(long, default_value = sudoscope_core::run::defaults::SPEED, allow_hyphen_values = true)]
    pub speed: String,
    /// Start paused.
    #[arg(long)]
    pub paused: bool,
    /// Race built-in algorithms beside the watched search, from its first board, comma-separated
    /// as for `tui --race`: `--race annealing,plateau:tuned`.
    #[arg(long, value_delimiter = ',', value_name = "RACER")]
    pub race: Vec<String>,
    /// Colours, as for `tui --theme`.
    #[arg(long, value_enum, ignore_case = true)]
    pub theme: Option<ThemeName>,
    /// Record the session as an asciicast v2 file.
    #[arg(long, value_name = "FILE.cast")]
    pub record: Option<std::path::PathBuf>,
    /// The command to run, after `--`: its standard output is the trace, and it ends with the
    /// viewer.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// `sudoscope site`.
#[derive(Args, Debug, Clone)]
pub struct SiteArgs {
    /// The folder to write the page into.
    #[arg(long, default_value = "target/site", value_name = "DIR")]
    pub out: std::path::PathBuf,
    /// The page's WebAssembly module, already built (`cargo build --release --lib -p
    /// sudoscope-page --target wasm32-unknown-unknown`). Without it, run from the source
    /// through cargo (`cargo site`), it is built first.
    #[arg(long, value_name = "FILE")]
    pub wasm: Option<std::path::PathBuf>,
}

/// `sudoscope generate`.
#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    pub count: usize,
    /// Seed: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Grid side: 4, 9 or 16.
    #[arg(
        long,
        default_value = "9",
        value_parser = PossibleValuesParser::new(["4", "9", "16"])
            .map(|s| s.parse::<usize>().expect("listed sizes are numbers"))
    )]
    pub size: usize,
    /// Exactly this many givens.
    #[arg(long, conflicts_with = "difficulty")]
    pub clues: Option<usize>,
    /// What solving takes: easy (singles only), medium (locked candidates or pairs, no guess),
    /// hard (a guess is needed).
    #[arg(long, value_enum)]
    pub difficulty: Option<Difficulty>,
    /// No given can be removed without losing uniqueness (always so without --clues or
    /// --difficulty).
    #[arg(long)]
    pub minimal: bool,
    /// After each puzzle, its number of givens and its difficulty.
    #[arg(long)]
    pub grade: bool,
    /// Give up on a request after this many seconds per puzzle, saying so (a request can be
    /// rare: 9x9 puzzles with 18 givens are; 16 or fewer do not exist and are refused at once).
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub max_seconds: u64,
}

/// Difficulties, by what solving needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Difficulty {
    /// Naked and hidden singles solve it.
    Easy,
    /// It needs locked candidates or pairs, but no guess.
    Medium,
    /// It needs a guess.
    Hard,
}

/// The themes, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeName {
    /// Light text on a dark terminal.
    Dark,
    /// Dark text on white: for projectors and light terminals.
    Light,
    /// No colour; bold, underline and reverse carry every meaning.
    Mono,
}

/// Where the panes of a race start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RaceStart {
    /// Every pane from the same board: same start, different algorithm.
    Same,
    /// Each pane from its own random board.
    Random,
}

impl RaceStart {
    /// `Same` when `same` is true.
    pub fn from_same(same: bool) -> RaceStart {
        if same {
            RaceStart::Same
        } else {
            RaceStart::Random
        }
    }
}

/// What `experiment` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// The summary table on stdout.
    Table,
    /// One CSV record per run.
    Csv,
    /// One JSON object per run (JSON Lines, the keys of `solve --format json`).
    Json,
}

/// How figures are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PlotFormat {
    /// Scalable vector graphics.
    #[default]
    Svg,
    /// Bitmaps, drawn with a font built into the program (the same on every machine).
    Png,
}

/// `sudoscope experiment`.
#[derive(Args, Debug)]
#[command(after_help = EXIT_CODES)]
pub struct ExperimentArgs {
    /// The puzzles.
    #[command(flatten)]
    pub puzzle: PuzzleArg,
    /// Algorithms, comma-separated (names as in `solve --help`), each with its own preset and
    /// parameters if wanted: `NAME[:PRESET][:PARAM=VALUE...]`, as in
    /// `-a annealing,annealing:bookkeeping=course,beam:tuned:k=50`.
    #[arg(
        short,
        long,
        value_delimiter = ',',
        required_unless_present = "command",
        value_name = "ALGO"
    )]
    pub algo: Vec<String>,
    /// A search written elsewhere, run once per run: a shell command whose standard output is a
    /// trace (docs/trace-format.md), `{seed}` replaced by each run's seed:
    /// `--command 'python3 mine.py --seed {seed}'`. Its rows sit beside --algo's in the table.
    #[arg(long, value_name = "COMMAND")]
    pub command: Option<String>,
    /// Presets, comma-separated; each algorithm runs in each. Classic unless asked.
    #[arg(long, value_parser = presets(), value_delimiter = ',', default_value = "classic")]
    pub preset: Vec<Preset>,
    /// Set a parameter for every algorithm that has it, `name=value` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Run one row per value of a parameter: `--vary k=5,20,50` (with one --algo).
    #[arg(long, value_name = "NAME=V1,V2,...")]
    pub vary: Option<String>,
    /// Independent runs per algorithm and puzzle.
    #[arg(short, long, default_value_t = 100)]
    pub runs: usize,
    /// Base seed; run i of algorithm A on puzzle P is seeded from (seed, A, preset, P, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(short, long)]
    pub threads: Option<usize>,
    /// Step budget per run. The default is enough for tuned annealing on every top95 run
    /// measured, many times over (the most any of 475 needed was 9.2 million); runs that end on
    /// their own stop sooner.
    #[arg(long, default_value_t = 400_000_000)]
    pub max_steps: u64,
    /// Time budget per run, in seconds (the outcome then says `time_spent`). A run of
    /// --command has 120 s unless told, its wait for a header included; past it, it is ended
    /// and counted as `failed`.
    #[arg(long, value_name = "SECONDS")]
    pub max_seconds: Option<f64>,
    /// What to print, or to write with --out.
    #[arg(short, long, value_enum, default_value_t = TableFormat::Table)]
    pub format: TableFormat,
    /// Write the per-run records (CSV or JSON by --format, CSV for table) to this file.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Write figures into this directory.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<std::path::PathBuf>,
    /// The figures' format.
    #[arg(long, value_enum, default_value_t = PlotFormat::Svg)]
    pub plot_format: PlotFormat,
}

/// The benchmark suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// The exact solvers on whole sets.
    Exact,
    /// Local search throughput and the course's descents.
    Search,
    /// Tuned annealing's time to solution over sets.
    Anneal,
    /// Experiment throughput on 1 and 2 threads.
    Scaling,
    /// A search under the visualiser against the same search headless.
    Tui,
    /// `generate`: minimal and hard puzzles per second.
    Generate,
    /// A runner left at unlimited speed: resident memory at start and end (not part of `all`).
    Memory,
    /// Ant colony and tuned annealing on 16x16 and 25x25 sets, 5 s per puzzle (not part of
    /// `all`).
    Large,
    /// Reading traces: lines per second against serde_json's plain parse, and the memory of
    /// replaying a long file (not part of `all`; --limit sets the long file's steps).
    Trace,
    /// A class on loopback (`--sessions`, `--transport`): frames per second a session, key
    /// latency, the server's CPU and memory (not part of `all`).
    Serve,
    /// Each family's steps per second, measured as the web page measures them in WebAssembly
    /// (`python3 python/bench_wasm.py` compares the two; not part of `all`).
    Families,
    /// Every suite but memory, large, trace and serve.
    All,
}

/// `sudoscope bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which benchmark.
    #[arg(value_enum, default_value_t = Suite::All)]
    pub suite: Suite,
    /// Puzzle sets (references or files) for `exact`, `anneal` and `large`; repeatable.
    #[arg(long = "puzzle", short = 'p', value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
    /// Take at most this many puzzles of each set.
    #[arg(long, default_value_t = 10_000)]
    pub limit: usize,
    /// Seconds of work per throughput measurement.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// `exact`: time symmetric variants of the puzzles drawn from this seed (0: as written).
    #[arg(long, default_value_t = 0)]
    pub variant: u64,
    /// `exact`: which solver to time.
    #[arg(long, value_enum, default_value_t = SolverChoice::All)]
    pub solver: SolverChoice,
    /// `serve`: students connected at once.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub sessions: u32,
    /// `serve`: how they connect.
    #[arg(long, value_enum, default_value_t = Transport::Ssh)]
    pub transport: Transport,
    /// `families`: these algorithms only, comma-separated, in this order (the families' first
    /// algorithms unless told; any algorithm may be named), so each can be measured in turn
    /// with the page's (`python3 python/bench_wasm.py` does).
    #[arg(short, long, value_parser = algorithms(), ignore_case = true, value_delimiter = ',')]
    pub algo: Vec<String>,
    /// `serve`: every student presses the timed key at the same moment, each second (the
    /// worst case: every screen answers a key at once), instead of each at random moments of
    /// their own.
    #[arg(long)]
    pub keys_together: bool,
}

/// How `bench serve`'s students connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Transport {
    /// Over SSH, as `sudoscope serve` serves them.
    Ssh,
    /// As browsers do, over a WebSocket, as `sudoscope web` serves them.
    Web,
}

/// The exact solvers `bench exact` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverChoice {
    /// What `solve` uses: at 9x9 the triad solver (the band solver on a processor without
    /// AVX2), the restarted matching search at other sizes.
    Fastest,
    /// The 9x9 band solver, which answers where the triad solver cannot run (9x9 sets only).
    Bands,
    /// The stepping solver of every size (`solve --generic`).
    Generic,
    /// Every one of these that applies.
    All,
}
