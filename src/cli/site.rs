//! `sudoscope site`: the visualiser as a web page with no server. The page is the WebAssembly
//! module (`crates/page`), the terminal a `sudoscope web` tab draws in (`term.js`), its way in
//! (`local.js`, in place of the socket) and the style; written as a folder of static files
//! (`index.html` loads the others) and as one self-contained file (`sudoscope.html`: the module
//! in base64, the scripts and the style inline) for a course's LMS or a USB stick. Nothing is
//! fetched from elsewhere at run time; the page's words come in every language, picked by the
//! browser's (or `?lang=`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use super::args::SiteArgs;
use sudoscope_i18n::LANGS;

const TEMPLATE: &str = include_str!("../../assets/web/page.html");
const STYLE: &str = include_str!("../../assets/web/style.css");
const TERM: &str = include_str!("../../assets/web/term.js");
const LOCAL: &str = include_str!("../../assets/web/local.js");

/// The page's own words (the screen's come from the module).
pub const WORDS: &[&str] = &[
    "web-ended",
    "web-again",
    "web-keys",
    "web-keyboard",
    "page-open-lesson",
    "page-loading",
    "page-cannot-load",
    "page-cannot-start",
    "page-lesson-refused",
    "page-no-wasm",
];

/// Where cargo leaves the module it builds for the page.
const BUILT: &str = "target/wasm32-unknown-unknown/page/sudoscope_page.wasm";

/// `sudoscope site`: the page written to `--out`, a folder and a single file, with their sizes.
pub fn run(args: &SiteArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    let wasm = match &args.wasm {
        Some(path) => std::fs::read(path).with_context(|| format!("--wasm {}", path.display()))?,
        None => build()?,
    };
    if !wasm.starts_with(b"\0asm") {
        bail!("the page's module is not WebAssembly (it does not begin with \\0asm)");
    }
    let dir = &args.out;
    std::fs::create_dir_all(dir).with_context(|| format!("--out {}", dir.display()))?;
    let write = |name: &str, bytes: &[u8]| -> anyhow::Result<PathBuf> {
        let path = dir.join(name);
        std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(path)
    };
    let words = words();
    let folder = page(
        "<link rel=\"stylesheet\" href=\"style.css\">",
        "",
        "<script src=\"local.js\" defer></script>\n<script src=\"term.js\" defer></script>",
        &words,
    );
    write("style.css", STYLE.as_bytes())?;
    write("term.js", TERM.as_bytes())?;
    write("local.js", LOCAL.as_bytes())?;
    write("sudoscope.wasm", &wasm)?;
    let index = write("index.html", folder.as_bytes())?;
    let single = page(
        &format!("<style>\n{STYLE}</style>"),
        &format!(
            "<script>window.sudoscopeWasm = \"{}\";</script>",
            sudoscope_tui::base64(&wasm)
        ),
        &format!(
            "<script>\n{}</script>\n<script>\n{}</script>",
            inline(LOCAL),
            inline(TERM)
        ),
        &words,
    );
    let one = write("sudoscope.html", single.as_bytes())?;
    let folder_bytes: usize = [
        STYLE.len(),
        TERM.len(),
        LOCAL.len(),
        wasm.len(),
        folder.len(),
    ]
    .iter()
    .sum();
    let folder_zipped: usize = [
        STYLE.as_bytes(),
        TERM.as_bytes(),
        LOCAL.as_bytes(),
        &wasm,
        folder.as_bytes(),
    ]
    .iter()
    .map(|b| gzipped(b))
    .sum();
    writeln!(
        out,
        "{}  (and style.css, term.js, local.js, sudoscope.wasm): {} KB, {} KB gzipped",
        index.display(),
        folder_bytes / 1024,
        folder_zipped / 1024
    )?;
    writeln!(
        out,
        "{}  (one file, opened from the disk too): {} KB, {} KB gzipped",
        one.display(),
        single.len() / 1024,
        gzipped(single.as_bytes()) / 1024
    )?;
    Ok(super::exit::OK)
}

/// The page with its style, its module (inline, or none: fetched beside it) and its scripts.
fn page(style: &str, wasm: &str, scripts: &str, words: &str) -> String {
    TEMPLATE
        .replace("{{style}}", style)
        .replace("{{wasm}}", wasm)
        .replace("{{words}}", &inline(words))
        .replace("{{scripts}}", scripts)
}

/// Text safe inside a `<script>` element: no `</` that could end it early.
fn inline(text: &str) -> String {
    text.replace("</", "<\\/")
}

/// The page's words in every language, as JSON: `{"en": {"web-ended": "…"}, …}`.
fn words() -> String {
    let all: serde_json::Map<String, serde_json::Value> = LANGS
        .iter()
        .map(|&l| {
            let w: serde_json::Map<String, serde_json::Value> = WORDS
                .iter()
                .map(|k| (k.to_string(), l.text(k, &[]).into()))
                .collect();
            (l.code().to_string(), w.into())
        })
        .collect();
    serde_json::Value::Object(all).to_string()
}

fn gzipped(bytes: &[u8]) -> usize {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = z.write_all(bytes);
    z.finish().map(|v| v.len()).unwrap_or(0)
}

/// Build the page's module with cargo, from this program's source (`cargo site` runs this
/// program through cargo, which says where it is); the WebAssembly target is added first if
/// rustup does not have it.
fn build() -> anyhow::Result<Vec<u8>> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var_os("CARGO");
    if cargo.is_none() || !source.join("crates/page/Cargo.toml").exists() {
        bail!(
            "the page's module is built from the source: run `cargo site` in a clone of \
             sudoscope, or give one built already with --wasm FILE"
        );
    }
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("wasm32-unknown-unknown"))
        .unwrap_or(true);
    if !installed {
        let added = Command::new("rustup")
            .args(["target", "add", "wasm32-unknown-unknown"])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !added {
            bail!(
                "could not add the wasm32-unknown-unknown target: run `rustup target add wasm32-unknown-unknown`"
            );
        }
    }
    let status = Command::new(cargo.expect("checked"))
        .args([
            "build",
            "--profile",
            "page",
            "--lib",
            "-p",
            "sudoscope-page",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .current_dir(source)
        .status()
        .context("cargo did not start")?;
    if !status.success() {
        bail!("building the page's module failed (see cargo's words above)");
    }
    let built = std::env::var_os("CARGO_TARGET_DIR")
        .map(|d| {
            source
                .join(d)
                .join("wasm32-unknown-unknown/page/sudoscope_page.wasm")
        })
        .unwrap_or_else(|| source.join(BUILT));
    std::fs::read(&built).with_context(|| format!("{}", built.display()))
}
