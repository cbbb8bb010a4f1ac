//! The Python side (`python/`): its tests, under pytest when it is installed (CI installs it)
//! and the standard library's unittest otherwise, against the binary this build made.

use std::process::Command;

#[test]
fn the_python_helper_passes_its_tests() {
    let root = env!("CARGO_MANIFEST_DIR");
    let has_pytest = Command::new("python3")
        .args(["-c", "import pytest"])
        .output()
        .map(|o| o.status.success());
    let Ok(has_pytest) = has_pytest else {
        panic!("python3 is needed for the tests of the Python helper (python/)");
    };
    let mut cmd = Command::new("python3");
    if has_pytest {
        cmd.args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ]);
    } else {
        cmd.args(["-m", "unittest", "discover", "-s", "python/tests"]);
    }
    // the helper keeps a sender's secret in the user's configuration folder: here, one of
    // the test's own
    let config = tempfile::tempdir().unwrap();
    let out = cmd
        .current_dir(root)
        .env("XDG_CONFIG_HOME", config.path())
        .env_remove("APPDATA")
        .env_remove("SUDOSCOPE_KEY")
        .env_remove("SUDOSCOPE_TO")
        .env("SUDOSCOPE_BIN", env!("CARGO_BIN_EXE_sudoscope"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the Python tests failed:\n{text}");
    // a run that found no test is no pass
    assert!(
        text.contains("passed") || text.contains("\nOK"),
        "no Python test ran:\n{text}"
    );
}
