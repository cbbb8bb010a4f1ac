//! `sudoscope bench trace`: how fast a trace is read, against serde_json's plain parse of the
//! same lines into a `Value`, and how much memory replaying a long trace file takes.

use std::io::Write;
use std::time::Instant;

use crate::engine::trace::read::line;
use crate::rng::Rng;

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

/// The suite: `long` is the step count of the file replayed for memory.
pub fn run(out: &mut impl Write, long: usize) -> anyhow::Result<()> {
    let puzzle = crate::catalog::resolve_one("sudoku_7")?;
    // memory: a long file replayed to its end, as `watch --check` does
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("long.jsonl");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&path)?);
        writeln!(
            f,
            r#"{{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"bench"}}"#
        )?;
        let mut rng = Rng::new(11);
        for i in 0..long {
            // free cells of sudoku_7, so no step changes a given
            let c = [1, 5, 7, 8, 12, 13][rng.below(6)];
            writeln!(
                f,
                r#"{{"step":{i},"changed":[[{c},{}]],"cost":{}}}"#,
                1 + rng.below(9),
                rng.below(60)
            )?;
        }
        writeln!(f, r#"{{"end":"stuck"}}"#)?;
    }
    let size = std::fs::metadata(&path)?.len();
    let before = crate::engine::resident::rss_kib().unwrap_or(0);
    let started = Instant::now();
    let (source, _guard) = crate::engine::trace::source::start(
        crate::engine::trace::feed::SourceSpec::File {
            path: path.clone(),
            follow: false,
        },
        |r| crate::catalog::resolve_one(r).map_err(|e| e.to_string()),
    )
    .map_err(anyhow::Error::msg)?;
    let feed = source
        .ready(None, &std::sync::atomic::AtomicBool::new(false))
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut replay = crate::engine::trace::replay::Replay::new(feed, 0, None);
    use crate::search::Search;
    let mut peak = before;
    while replay.ended().is_none() {
        replay.advance(1 << 16);
        replay.notes();
        peak = peak.max(crate::engine::resident::rss_kib().unwrap_or(0));
    }
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "\nreplaying {} steps ({:.0} MB of trace) to the end: {:.1} s ({:.2} M steps/s), resident memory {} KiB before, at most {} KiB during",
        replay.steps(),
        size as f64 / 1e6,
        secs,
        replay.steps() as f64 / secs / 1e6,
        before,
        peak
    )?;
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
