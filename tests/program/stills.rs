//! A still for a slide: `record --still` writes the last screen of a run, and `W` the screen on
//! the terminal, as SVG and PNG at the screen's size, in its theme.

use crate::common;
use crate::tmux;

use common::{stderr, sudoscope};
use tmux::Tmux;

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}

#[test]
fn record_still_writes_the_last_screen_as_svg_and_png_in_its_theme() {
    let dir = tempfile::tempdir().unwrap();
    for (theme, page) in [("light", "#ffffff"), ("dark", "#1c1c1c")] {
        let out = dir.path().join(format!("slide-{theme}.png"));
        let o = sudoscope(&[
            "record",
            "--algo",
            "plateau",
            "--steps",
            "40",
            "--size",
            "100x30",
            "--theme",
            theme,
            "--still",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let svg = std::fs::read_to_string(out.with_extension("svg")).unwrap();
        // the screen's own words and its theme's page
        assert!(svg.contains("plateau (classic)"), "{svg}");
        assert!(svg.contains(&format!(r#"fill="{page}""#)), "{theme}");
        // one frame: nothing animates
        assert!(!svg.contains("<set "), "a still has no animation");
        let png = std::fs::read(out.with_extension("png")).unwrap();
        // ten by twenty pixels a cell
        assert_eq!(png_size(&png), (1000, 600));
    }
}

#[test]
fn w_writes_the_terminals_screen_at_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let cmd = format!(
        "cd {} && exec {} --paused",
        dir.path().display(),
        env!("CARGO_BIN_EXE_sudoscope")
    );
    let t = Tmux::start("still", 110, 35, &cmd);
    t.wait_for("q quit");
    t.keys(&["W"]);
    t.wait_for("still written: sudoscope-still-1.svg and sudoscope-still-1.png");
    // a second one takes the next name
    t.keys(&["W"]);
    t.wait_for("sudoscope-still-2.svg");
    t.keys(&["q"]);
    drop(t);
    let png = std::fs::read(dir.path().join("sudoscope-still-1.png")).unwrap();
    assert_eq!(png_size(&png), (1100, 700));
    let svg = std::fs::read_to_string(dir.path().join("sudoscope-still-1.svg")).unwrap();
    assert!(svg.contains("sudoku_7"));
    assert!(svg.contains(r#"width="924""#), "110 columns of 8.4 px");
}
