//! The conventions of a polished command line, through the real binary: CSV quoting, atomic
//! output, puzzles from standard input and as an argument, the bare command taking the
//! visualiser's flags, completions and the man page, possible values in `--help`, one JSON
//! schema for every run, and figures in SVG and PNG.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{repo, stderr, stdout, sudoscope};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoscope-conv-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `sudoscope ARGS` with `input` on standard input.
fn with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// A puzzle file whose path holds a comma and a quote: every CSV row keeps the header's columns
/// and the name comes back whole.
#[test]
fn csv_records_quote_any_puzzle_name() {
    let dir = scratch("csv");
    let puzzle = dir.join("my,set \"one\".txt");
    let lines = common::lines_of("assets/puzzles/top95.txt");
    std::fs::write(&puzzle, format!("{}\n{}\n", lines[0], lines[1])).unwrap();
    let out = sudoscope(&[
        "experiment",
        puzzle.to_str().unwrap(),
        "-a",
        "steepest",
        "-r",
        "2",
        "-f",
        "csv",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let puzzle_col = header.iter().position(|h| h == "puzzle").unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 4);
    for r in &rows {
        assert_eq!(r.len(), header.len());
        assert!(r[puzzle_col].starts_with(puzzle.to_str().unwrap()), "{r:?}");
    }
}

/// Two experiments writing the same `--out` at once: the file is one of the two, whole.
#[test]
fn two_runs_writing_one_file_never_corrupt_it() {
    let dir = scratch("atomic");
    let out = dir.join("runs.json");
    let spawn = |seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args([
                "experiment",
                "-a",
                "plateau",
                "-r",
                "40",
                "--seed",
                seed,
                "-f",
                "json",
                "-o",
            ])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // each run's seed derives from the base seed, so the seeds in the file say whose it is
    let seeds_of = |round: &str| -> Vec<u64> {
        let text = std::fs::read_to_string(&out).unwrap();
        text.lines()
            .map(|l| {
                let r: serde_json::Value =
                    serde_json::from_str(l).unwrap_or_else(|e| panic!("{round}: {e}"));
                r["seed"].as_u64().unwrap()
            })
            .collect()
    };
    let mut alone = Vec::new();
    for seed in ["1", "2"] {
        assert!(spawn(seed).wait().unwrap().success());
        alone.push(seeds_of(seed));
    }
    assert_eq!(alone[0].len(), 40);
    assert_ne!(alone[0], alone[1], "the two writers' files differ");
    for round in 0..3 {
        let (mut a, mut b) = (spawn("1"), spawn("2"));
        assert!(a.wait().unwrap().success() && b.wait().unwrap().success());
        let seeds = seeds_of(&format!("round {round}"));
        assert!(
            seeds == alone[0] || seeds == alone[1],
            "round {round}: one run's file, not a mix: {seeds:?}"
        );
    }
    let leftovers = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".partial")
        })
        .count();
    assert_eq!(leftovers, 0, "no temporary file left behind");
}

/// `-` reads puzzles from standard input wherever a puzzle is taken; a puzzle can be the
/// argument of solve, experiment and puzzles.
#[test]
fn puzzles_from_standard_input_and_as_an_argument() {
    let top95 = std::fs::read(repo("assets/puzzles/top95.txt")).unwrap();
    let out = with_stdin(&["solve", "-", "-f", "lines"], &top95);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 95);
    let out = with_stdin(&["puzzles", "-:3", "--lines"], &top95);
    assert_eq!(
        stdout(&out).trim(),
        common::lines_of("assets/puzzles/top95.txt")[2]
    );
    let out = with_stdin(
        &["experiment", "--puzzle", "-:1", "-a", "steepest", "-r", "2"],
        &top95,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("stdin:1"), "{}", stdout(&out));
    // bad input on stdin is named as stdin
    let out = with_stdin(&["solve", "-"], b"12x\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("stdin:1:3: unknown symbol 'x'"),
        "{}",
        stderr(&out)
    );
    // positional references
    let a = sudoscope(&["solve", "top95:3", "-f", "lines"]);
    let b = sudoscope(&["solve", "--puzzle", "top95:3", "-f", "lines"]);
    assert_eq!(stdout(&a), stdout(&b));
    assert_eq!(stdout(&a).len(), 82);
    let out = sudoscope(&["puzzles", "top95:3", "--lines"]);
    assert_eq!(
        stdout(&out).trim(),
        common::lines_of("assets/puzzles/top95.txt")[2]
    );
    let out = sudoscope(&["solve", "top95:3", "--puzzle", "top95:4"]);
    assert_eq!(out.status.code(), Some(2), "both given is a usage error");
}

/// The bare command takes the visualiser's flags (here it ends for want of a terminal, after
/// parsing them), and rejects them beside a subcommand.
#[test]
fn the_bare_command_takes_the_visualisers_flags() {
    let out = sudoscope(&["--paused", "--algo", "plateau", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the visualiser needs a terminal"),
        "{}",
        stderr(&out)
    );
    let out = sudoscope(&["--algo", "nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value 'nonsense'"),
        "{}",
        stderr(&out)
    );
}

/// Completion scripts for every shell, a bash one that bash accepts, and a man page.
#[test]
fn completions_and_the_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = sudoscope(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = stdout(&out);
        assert!(
            script.contains("sudoscope") && script.contains("experiment"),
            "{shell}"
        );
        // the algorithm names are offered (clap's PowerShell script completes flags only)
        if shell != "powershell" {
            assert!(
                script.contains("plateau"),
                "{shell} completes algorithm names"
            );
        }
    }
    let out = sudoscope(&["completions", "bash"]);
    let path = scratch("completions").join("sudoscope.bash");
    std::fs::write(&path, &out.stdout).unwrap();
    let check = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let man = stdout(&sudoscope(&["man"]));
    assert!(
        man.contains(".TH sudoscope"),
        "{}",
        &man[..200.min(man.len())]
    );
    assert!(man.contains("experiment"));
}

/// The manual page stands alone: every command with its own options (no `sudoscope-solve(1)`
/// pages that do not exist), every key of the visualiser, the lesson format.
#[test]
fn the_manual_page_has_every_command_its_options_every_key_and_the_lesson_format() {
    let man = stdout(&sudoscope(&["man"]));
    assert!(!man.contains("sudoscope-tui(1)") && !man.contains("sudoscope-solve("));
    for (command, option) in [
        ("solve", "max-steps"),
        ("experiment", "vary"),
        ("serve", "max-sessions"),
        ("watch", "follow"),
        ("record", "size"),
        ("generate", "clues"),
    ] {
        let at = man
            .find(&format!(".SS \"sudoscope {command}\""))
            .unwrap_or_else(|| panic!("no {command} section"));
        let rest = &man[at + 4..];
        let section = &rest[..rest.find(".SS").or_else(|| rest.find(".SH")).unwrap()];
        assert!(
            // roff writes every hyphen of an option as \-
            section.contains(&format!("\\-\\-{}", option.replace('-', "\\-"))),
            "{command} without --{option}:\n{section}"
        );
    }
    for b in sudoscope_tui::keys::BINDINGS {
        let help = b.help(sudoscope_i18n::Lang::En, sudoscope_tui::Front::Own);
        let first = help.split_whitespace().next().unwrap();
        assert!(man.contains(first), "the key for {help:?}");
    }
    for heading in [
        ".SH KEYS",
        "LESSON FILES",
        "SERVING A CLASS",
        ".SH LANGUAGE",
        "EXIT STATUS",
    ] {
        assert!(man.contains(heading), "{heading}");
    }
    for field in ["caption", "race_start", "notes", "caption.es"] {
        assert!(man.contains(field), "the lesson field {field}");
    }
}

/// `--help` lists the algorithms, presets and formats as possible values, and the exit codes.
#[test]
fn help_lists_algorithms_presets_formats_and_exit_codes() {
    let top = stdout(&sudoscope(&["--help"]));
    for code in ["0 ", "1 ", "2 ", "101", "130"] {
        assert!(
            top.contains(&format!("  {code}")),
            "exit code {code} in:\n{top}"
        );
    }
    let solve = stdout(&sudoscope(&["solve", "--help"]));
    for name in sudoscope_core::search::ALGORITHMS.iter().map(|a| a.name) {
        assert!(solve.contains(name), "{name} in solve --help");
    }
    for word in ["classic", "tuned", "text", "lines", "json"] {
        assert!(solve.contains(word), "{word} in solve --help");
    }
    let exp = stdout(&sudoscope(&["experiment", "--help"]));
    assert!(exp.contains("svg") && exp.contains("png"), "{exp}");
}

/// One default preset everywhere, classic, and `--help` says so: `solve --algo steepest --seed 1`
/// is the run the visualiser shows with the same flags.
#[test]
fn the_classic_preset_is_the_default_everywhere() {
    let solve = stdout(&sudoscope(&[
        "solve", "sudoku_7", "--algo", "steepest", "--seed", "1", "--format", "json",
    ]));
    let v: serde_json::Value = serde_json::from_str(solve.trim()).unwrap();
    assert_eq!(v["preset"], "classic");
    let exp = stdout(&sudoscope(&[
        "experiment",
        "--puzzle",
        "sudoku_7",
        "--algo",
        "steepest",
        "--runs",
        "2",
        "--format",
        "json",
    ]));
    for line in exp.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["preset"], "classic", "{line}");
    }
    for cmd in ["solve", "tui", "experiment", "record"] {
        let help = stdout(&sudoscope(&[cmd, "--help"]));
        assert!(
            help.contains("[default: classic]"),
            "{cmd} --help states the default:\n{help}"
        );
    }
    let tui = sudoscope::cli::view_options(
        &match <sudoscope::cli::args::Cli as clap::Parser>::parse_from(["sudoscope", "tui"]).command
        {
            Some(sudoscope::cli::args::Command::Tui(t)) => t.view,
            _ => unreachable!("tui parses as tui"),
        },
        sudoscope_i18n::Lang::En,
    )
    .unwrap();
    assert_eq!(
        tui.run.method.preset,
        sudoscope_core::search::Preset::Classic
    );
}

/// One schema: the exact solver, a local search and an experiment write the same keys, with
/// snake_case metric names.
#[test]
fn one_json_schema_for_every_run() {
    let keys = |line: &str| -> Vec<String> {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        for k in v["metrics"].as_object().unwrap().keys() {
            assert!(
                k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "metric key {k:?}"
            );
        }
        v.as_object().unwrap().keys().cloned().collect()
    };
    let exact = stdout(&sudoscope(&["solve", "top95:3", "-f", "json"]));
    let local = stdout(&sudoscope(&[
        "solve",
        "top95:3",
        "-a",
        "annealing",
        "--preset",
        "tuned",
        "-f",
        "json",
    ]));
    let exp = stdout(&sudoscope(&[
        "experiment",
        "-a",
        "plateau",
        "-r",
        "1",
        "-f",
        "json",
    ]));
    let (ke, kl, kx) = (keys(exact.trim()), keys(local.trim()), keys(exp.trim()));
    assert_eq!(ke, kl);
    assert_eq!(kl, kx);
    for required in [
        "puzzle",
        "size",
        "algorithm",
        "preset",
        "outcome",
        "solution",
        "cost",
        "steps",
        "seconds",
        "seed",
        "metrics",
    ] {
        assert!(
            ke.iter().any(|k| k == required),
            "{required} missing: {ke:?}"
        );
    }
    let v: serde_json::Value = serde_json::from_str(exact.trim()).unwrap();
    assert_eq!(v["algorithm"], "exact");
    assert_eq!(v["outcome"], "solved");
    assert!(v["solution"].as_str().unwrap().len() == 81);
    let v: serde_json::Value = serde_json::from_str(local.trim()).unwrap();
    assert_eq!(v["preset"], "tuned");
    assert!(v["metrics"]["t0"].is_number(), "{v}");
}

/// The text of an SVG's `<text>` elements.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find("</text>")?].trim().to_string())
        })
        .collect()
}

/// Figures in both formats: PNGs are PNG files; SVG ticks read 100 µs and 1k, not 1e-4 or
/// 1000000.0; every setting is in the legend.
#[test]
fn figures_in_svg_and_png() {
    let dir = scratch("plots");
    for format in ["svg", "png"] {
        let out = sudoscope(&[
            "experiment",
            "-a",
            "steepest,plateau,genetic",
            "-r",
            "4",
            "--plot",
            dir.join(format).to_str().unwrap(),
            "--plot-format",
            format,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        for name in ["success_rate", "time_to_solution_cdf", "cost_vs_step"] {
            let bytes = std::fs::read(dir.join(format).join(format!("{name}.{format}"))).unwrap();
            if format == "png" {
                assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{name}");
            } else {
                let svg = String::from_utf8(bytes).unwrap();
                for text in texts(&svg) {
                    let raw_float = text.ends_with(".0")
                        && text[..text.len() - 2].chars().all(|c| c.is_ascii_digit());
                    let exponent = text.contains("e-")
                        && text.chars().next().is_some_and(|c| c.is_ascii_digit());
                    assert!(!raw_float && !exponent, "{name}: tick {text:?}");
                }
                for label in [
                    "steepest (classic)",
                    "plateau (classic)",
                    "genetic (classic)",
                ] {
                    assert!(svg.contains(label), "{name} names {label}");
                }
            }
        }
    }
    let svg = std::fs::read_to_string(dir.join("svg").join("cost_vs_step.svg")).unwrap();
    // one panel per kind of step: moves for the descents, generations for genetic
    assert!(svg.contains("moves (log scale)") && svg.contains("generations (log scale)"));
    let cdf = std::fs::read_to_string(dir.join("svg").join("time_to_solution_cdf.svg")).unwrap();
    let ticks = texts(&cdf);
    assert!(
        ticks
            .iter()
            .any(|t| t.ends_with(" µs") || t.ends_with(" ms")),
        "time ticks in units: {ticks:?}"
    );
}

/// What a lecturer tripped on (round two), the small ones: `solve -f csv` writes one header and
/// a record per puzzle; `--speed -1` is a value refused with the rule, not an unknown flag; a
/// huge `--size` gets the range; `experiment --out` follows the umask like every other output;
/// the top-level help names the ant colony.
#[test]
fn csv_speeds_sizes_modes_and_help() {
    let out = common::sudoscope(&["solve", "hardest", "-f", "csv"]);
    assert_eq!(out.status.code(), Some(0));
    let text = common::stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("label,algorithm,preset,puzzle"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 12, "a header and the 11 puzzles");
    assert_eq!(lines.iter().filter(|l| l.starts_with("label,")).count(), 1);

    let out = common::sudoscope(&["record", "--speed", "-1", "--steps", "3", "--out", "x.cast"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::stderr(&out).contains("--speed \"-1\": give steps per second"),
        "{}",
        common::stderr(&out)
    );
    let out = common::sudoscope(&[
        "record",
        "--steps",
        "3",
        "--size",
        "100000x100000",
        "--out",
        "x.cast",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        common::stderr(&out)
            .contains("--size larger than 400x200: give columns x rows between 40x12 and 400x200"),
        "{}",
        common::stderr(&out)
    );

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("runs.csv");
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask 022; {} experiment -a steepest -r 2 --out {} >/dev/null 2>&1",
                env!("CARGO_BIN_EXE_sudoscope"),
                path.display()
            ))
            .status()
            .unwrap();
        assert!(status.success());
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "the umask's mode, not a temporary file's 0600");
    }

    let help = common::stdout(&common::sudoscope(&["--help"]));
    assert!(help.contains("an ant colony"), "{help}");
}
