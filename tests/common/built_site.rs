//! The page `sudoscope site` writes (its module built by the cargo that runs the tests), built
//! once a test binary into the tests' own folder under target/.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The folder `sudoscope site` wrote: `index.html`, `sudoscope.wasm`, `sudoscope.html` and
/// what they load.
pub fn site() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site");
        let out = Command::new(env!("CARGO_BIN_EXE_sudoscope"))
            .args(["site", "--out"])
            .arg(&dir)
            // the module is built with the cargo that runs these tests
            .env("CARGO", env!("CARGO"))
            .output()
            .expect("sudoscope site runs");
        assert!(
            out.status.success(),
            "sudoscope site failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    })
}
