//! A JupyterLab server for the notebook tests: on 127.0.0.1, with a token, serving a folder of
//! its own, its kernels' files and the notebooks' trust in folders of its own too (so a test
//! never touches the user's Jupyter), started again on the same folders when asked (a restarted
//! server, a reopened notebook), and stopped with every kernel when dropped. Its command line
//! holds a marker, by which whatever it left is found and ended.
#![allow(dead_code)]

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::browser::{PATIENCE, free_port, http};

/// Whether JupyterLab can be started here; `.ci/run` installs it and sets
/// `SUDOSCOPE_REQUIRE_NOTEBOOK`, under which its absence fails rather than skips.
pub fn available() -> bool {
    let here = Command::new("python3")
        .args(["-c", "import jupyterlab, anywidget, nbconvert"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !here && std::env::var("SUDOSCOPE_REQUIRE_NOTEBOOK").is_ok_and(|v| v == "1") {
        panic!(
            "JupyterLab, anywidget and nbconvert are required here: pip install jupyterlab anywidget nbconvert"
        );
    }
    here
}

/// One JupyterLab at a time in a test binary: two at once, each with its browser and kernel,
/// starve each other on CI's two cores.
static TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub struct Lab {
    server: Option<Child>,
    pub port: u16,
    pub token: String,
    /// The folder it serves.
    pub root: PathBuf,
    /// Its own Jupyter folders (data, runtime, config, workspaces), kept across restarts.
    home: tempfile::TempDir,
    pub marker: String,
    lang: String,
    /// This server's turn, held until it is dropped (after it has stopped).
    _turn: std::sync::MutexGuard<'static, ()>,
}

impl Lab {
    /// A server for the notebooks in `root`, its kernels speaking `lang` (`es_AR.UTF-8`).
    pub fn start(root: &Path, lang: &str) -> Lab {
        // (a test that failed while holding the turn leaves it to the next all the same)
        let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
        let home = tempfile::Builder::new()
            .prefix("sudoscope-lab-")
            .tempdir()
            .unwrap();
        let marker = home
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .to_string();
        let mut lab = Lab {
            server: None,
            port: free_port(),
            token: format!("t{}", std::process::id()),
            root: root.to_path_buf(),
            home,
            marker,
            lang: lang.to_string(),
            _turn: turn,
        };
        lab.launch();
        lab
    }

    fn dir(&self, name: &str) -> PathBuf {
        let d = self.home.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The user's settings: every output of a cell rendered (JupyterLab renders the first 50
    /// by default) and every cell kept on the page.
    fn settings(&self) -> PathBuf {
        let dir = self.dir("settings");
        let notebook = dir.join("@jupyterlab").join("notebook-extension");
        std::fs::create_dir_all(&notebook).unwrap();
        std::fs::write(
            notebook.join("tracker.jupyterlab-settings"),
            r#"{"maxNumberOutputs": 1000, "windowingMode": "none"}"#,
        )
        .unwrap();
        let apputils = dir.join("@jupyterlab").join("apputils-extension");
        std::fs::create_dir_all(&apputils).unwrap();
        // no announcements asking for a click over the notebook
        std::fs::write(
            apputils.join("notification.jupyterlab-settings"),
            r#"{"fetchNews": "false", "checkForUpdates": false}"#,
        )
        .unwrap();
        dir
    }

    fn launch(&mut self) {
        let mut cmd = Command::new("python3");
        cmd.args(["-m", "jupyter", "lab", "--no-browser"])
            .arg(format!("--port={}", self.port))
            .arg("--ServerApp.ip=127.0.0.1")
            .arg(format!("--IdentityProvider.token={}", self.token))
            .arg(format!("--ServerApp.root_dir={}", self.root.display()))
            .arg(format!(
                "--LabApp.workspaces_dir={}",
                self.dir("workspaces").display()
            ))
            .arg(format!(
                "--LabApp.user_settings_dir={}",
                self.settings().display()
            ))
            .arg("--ServerApp.port_retries=0")
            .arg("--LabApp.news_url=")
            .arg("--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")
            .env("JUPYTER_DATA_DIR", self.dir("data"))
            .env("JUPYTER_RUNTIME_DIR", self.dir("runtime"))
            .env("JUPYTER_CONFIG_DIR", self.dir("config"))
            .env("LANG", &self.lang)
            .env("PYTHONDONTWRITEBYTECODE", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: uid 0 is asked of the kernel; nothing is touched
        if unsafe { libc_geteuid() } == 0 {
            cmd.arg("--allow-root");
        }
        self.server = Some(cmd.spawn().expect("python3 runs JupyterLab"));
        let began = Instant::now();
        loop {
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok()
                && self.api("GET", "/api/status", "").contains("200 OK")
            {
                return;
            }
            assert!(
                began.elapsed() < PATIENCE * 2,
                "JupyterLab did not start on port {}",
                self.port
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// A request to the server's REST API, with its token.
    pub fn api(&self, method: &str, path: &str, body: &str) -> String {
        http(
            self.port,
            method,
            path,
            &[("Authorization", &format!("token {}", self.token))],
            body,
        )
    }

    /// The page of a notebook in the server's folder.
    pub fn url(&self, notebook: &str) -> String {
        format!(
            "http://127.0.0.1:{}/lab/tree/{notebook}?token={}",
            self.port, self.token
        )
    }

    /// The ids of the kernels the server runs.
    fn kernels(&self) -> Vec<String> {
        let kernels = self.api("GET", "/api/kernels", "");
        let body = kernels.split("\r\n\r\n").nth(1).unwrap_or("[]");
        let list: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
        list.as_array()
            .into_iter()
            .flatten()
            .map(|k| k["id"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Interrupt every kernel the server runs.
    pub fn interrupt(&self) {
        for id in self.kernels() {
            self.api("POST", &format!("/api/kernels/{id}/interrupt"), "");
        }
    }

    /// Shut every kernel the server runs down (the server stays, at the same address).
    pub fn shut_kernels_down(&self) {
        for id in self.kernels() {
            self.api("DELETE", &format!("/api/kernels/{id}"), "");
        }
    }

    /// Stop the server and its kernels, and start it again on the same folders.
    pub fn restart(&mut self) {
        self.stop();
        self.port = free_port();
        self.launch();
    }

    fn stop(&mut self) {
        if let Some(mut s) = self.server.take() {
            // asked first: the server shuts its kernels down
            let _ = Command::new("kill")
                .args(["-TERM", &s.id().to_string()])
                .status();
            let began = Instant::now();
            while s.try_wait().ok().flatten().is_none() && began.elapsed() < PATIENCE {
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = s.kill();
            let _ = s.wait();
        }
        // whatever is left of it (a kernel holds the marker in its connection file's path)
        let _ = Command::new("pkill")
            .args(["-KILL", "-f", &self.marker])
            .status();
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        self.stop();
    }
}

unsafe extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}
