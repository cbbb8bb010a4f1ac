//! `sudoscope bench trace`: how fast a trace is read, against serde_json's plain parse of the
//! same lines into a `Value`, and how much memory replaying a long trace file takes.

use std::io::Write;
use std::time::Instant;

use sudoscope_core::engine::trace::read::line;
use sudoscope_core::rng::Rng;

/// Lines of a 9x9 trace like a swap search writes them: two changed cells, a cost, a decision,
/// words and a temperature; or, with `boards`, the whole board each step.
fn lines(count: usize, boards: bool) -> Vec<String> {
    let mut rng = Rng::new(7);
    (0..count)
        .map(|i| {
            let (a, b) = (rng.below(81), rng.below(81));
            if boards {
                let board: String = (0..81).map(|_| (b'1' + rng.below(9) as u8) as char).collect();
                format!(r#"{{"step":{i},"board":"{board}","cost":{},"accepted":true}}"#, rng.below(60))
            } else {
                format!(
                    r#"{{"step":{i},"changed":[[{a},{}],[{b},{}]],"cost":{},"accepted":{},"move":"swap r{}c{} and r{}c{}","metrics":{{"temperature":{:.4}}}}}"#,
                    1 + rng.below(9),
                    1 + rng.below(9),
                    rng.below(60),
                    rng.below(2) == 0,
                    a / 9 + 1,
                    a % 9 + 1,
                    b / 9 + 1,
                    b % 9 + 1,
                    rng.below(1000) as f64 / 1000.0,
                )
            }
        })
        .collect()
}

/// Lines per second of `parse` over `lines`, best of three passes.
fn rate(lines: &[String], parse: &dyn Fn(&str) -> bool) -> f64 {
    let mut best = 0.0f64;
    for _ in 0..3 {
        let t = Instant::now();
        let ok = lines.iter().filter(|l| parse(l)).count();
        assert_eq!(ok, lines.len(), "every line reads");
        best = best.max(lines.len() as f64 / t.elapsed().as_secs_f64());
    }
    best
}

/// A trace file of `steps` steps of sudoku_7, each changing one free cell, or each the whole
/// board (`boards`), as a search writes it.
fn write_file(path: &std::path::Path, steps: usize, boards: bool) -> anyhow::Result<()> {
    let puzzle = sudoscope_core::catalog::resolve_one("sudoku_7")?;
    let givens = puzzle.givens.cells().to_vec();
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(
        f,
        r#"{{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"bench"}}"#
    )?;
    let mut rng = Rng::new(11);
    for i in 1..=steps {
        if boards {
            let board: String = givens
                .iter()
                .map(|&g| {
                    if g == 0 {
                        (b'1' + rng.below(9) as u8) as char
                    } else {
                        (b'0' + g) as char
                    }
                })
                .collect();
            writeln!(
                f,
                r#"{{"step":{i},"board":"{board}","cost":{}}}"#,
                rng.below(60)
            )?;
        } else {
            // free cells of sudoku_7, so no step changes a given
            let c = [1, 5, 7, 8, 12, 13][rng.below(6)];
            writeln!(
                f,
                r#"{{"step":{i},"changed":[[{c},{}]],"cost":{}}}"#,
                1 + rng.below(9),
                rng.below(60)
            )?;
        }
    }
    writeln!(f, r#"{{"end":"stuck"}}"#)?;
    Ok(())
}

/// Replay a file to its end as `watch --check` does (a reader thread parsing, the replay
/// counting every board's cost): steps, seconds, and the resident memory before and at most.
fn replay_file(path: &std::path::Path) -> anyhow::Result<(u64, f64, u64, u64)> {
    let before = sudoscope_core::engine::resident::rss_kib().unwrap_or(0);
    let started = Instant::now();
    let (feed, _guard) = sudoscope_core::engine::trace::source::open(
        sudoscope_core::engine::trace::feed::SourceSpec::File {
            path: path.to_path_buf(),
            follow: false,
        },
        |r| sudoscope_core::catalog::resolve_one(r).map_err(|e| e.to_string()),
    )
    .map_err(anyhow::Error::msg)?;
    let mut replay = sudoscope_core::engine::trace::replay::Replay::new(feed, 0, None);
    use sudoscope_core::search::Search;
    let mut peak = before;
    while replay.ended().is_none() {
        replay.advance(1 << 16);
        replay.notes();
        peak = peak.max(sudoscope_core::engine::resident::rss_kib().unwrap_or(0));
    }
    Ok((
        replay.steps(),
        started.elapsed().as_secs_f64(),
        before,
        peak,
    ))
}

/// The suite: `long` is the step count of the changed-cell file replayed for speed and memory
/// (the whole-board file has a third as many steps).
pub fn run(out: &mut impl Write, long: usize) -> anyhow::Result<()> {
    let puzzle = sudoscope_core::catalog::resolve_one("sudoku_7")?;
    let dir = tempfile::tempdir()?;
    writeln!(
        out,
        "\n## replaying a trace file to its end, as `watch --check` does"
    )?;
    writeln!(
        out,
        "| lines | steps | MB | seconds | steps/s | resident KiB before / at most |"
    )?;
    writeln!(out, "|---|---:|---:|---:|---:|---:|")?;
    for (name, boards, steps) in [
        ("changed cells", false, long),
        ("whole boards", true, long / 3),
    ] {
        let path = dir.path().join("long.jsonl");
        write_file(&path, steps, boards)?;
        let size = std::fs::metadata(&path)?.len();
        let (taken, secs, before, peak) = replay_file(&path)?;
        writeln!(
            out,
            "| {name} | {taken} | {:.0} | {secs:.2} | {:.2} M | {before} / {peak} |",
            size as f64 / 1e6,
            taken as f64 / secs / 1e6,
        )?;
        std::fs::remove_file(&path)?;
    }
    writeln!(
        out,
        "\n## trace reading (one core, 9x9, best of three passes)"
    )?;
    writeln!(
        out,
        "| lines | sudoscope reader | serde_json::Value | ratio |"
    )?;
    writeln!(out, "|---|---:|---:|---:|")?;
    for (name, boards, count) in [
        ("changed cells", false, 1_000_000),
        ("whole boards", true, 200_000),
    ] {
        let ls = lines(count, boards);
        let ours = rate(&ls, &|l| line(l, 2, &puzzle).is_ok());
        let plain = rate(&ls, &|l| {
            serde_json::from_str::<serde_json::Value>(l).is_ok()
        });
        drop(ls);
        writeln!(
            out,
            "| {name} ({count}) | {:.2} M lines/s | {:.2} M lines/s | {:.2} |",
            ours / 1e6,
            plain / 1e6,
            ours / plain
        )?;
    }
    Ok(())
}
