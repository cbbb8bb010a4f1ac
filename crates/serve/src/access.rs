//! Who may come in, and who the server is: the class password (made up at start unless given),
//! the authorized keys, and the host key, made once and kept in the user's data directory so
//! that students' `known_hosts` stay valid from one class to the next.

use std::collections::HashMap;
use std::io::Read;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use russh::keys::ssh_key::authorized_keys::AuthorizedKeys;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::ssh_key::{HashAlg, LineEnding};
use russh::keys::{PrivateKey, PublicKey};

/// Why the server cannot start with the access it was given.
#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    /// A file could not be read or written.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
    /// A line of the authorized keys is not a key.
    #[error(
        "{path}:{line}: not a public key ({reason}); each line is one key as in ~/.ssh/authorized_keys"
    )]
    BadKey {
        /// The file.
        path: String,
        /// Its line, from 1.
        line: usize,
        /// What the key reader said.
        reason: String,
    },
    /// The authorized keys hold no key.
    #[error("{0}: holds no public key")]
    NoKeys(String),
    /// The password given is unusable.
    #[error("--password: {0}")]
    Password(String),
    /// The host key file is not a private key.
    #[error("{path}: not an OpenSSH private key ({reason}); move it away and a new one is made")]
    BadHostKey {
        /// The file.
        path: String,
        /// What the key reader said.
        reason: String,
    },
}

/// How students prove they belong to the class.
#[derive(Clone, Debug)]
pub struct Access {
    /// The class password, when passwords are accepted.
    pub password: Option<String>,
    /// The keys accepted (`--authorized-keys`).
    pub keys: Vec<PublicKey>,
    /// The token in the link a browser is given (`sudoscope web`), when there is one.
    pub token: Option<String>,
    /// The token in the lecturer's link to the class board and its controls (students' links
    /// do not open it).
    pub lecturer: Option<String>,
}

impl Access {
    /// Whether `password` is the class password (compared in time independent of where the
    /// first difference is).
    pub fn password_ok(&self, password: &str) -> bool {
        self.password
            .as_deref()
            .is_some_and(|ours| same(ours, password))
    }

    /// Whether `token` is the link's token (compared as a password is).
    pub fn token_ok(&self, token: &str) -> bool {
        self.token.as_deref().is_some_and(|ours| same(ours, token))
    }

    /// Whether `token` is the lecturer's (compared as a password is).
    pub fn lecturer_ok(&self, token: &str) -> bool {
        self.lecturer
            .as_deref()
            .is_some_and(|ours| same(ours, token))
    }

    /// Whether `key` is one of the authorized keys.
    pub fn key_ok(&self, key: &PublicKey) -> bool {
        self.keys.iter().any(|k| k.key_data() == key.key_data())
    }
}

/// Bytes from the system's random source.
fn random_bytes<const N: usize>() -> Result<[u8; N], AccessError> {
    let mut b = [0u8; N];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut b))
        .map_err(|e| AccessError::File {
            path: "/dev/urandom".into(),
            reason: e.to_string(),
        })?;
    Ok(b)
}

/// A class password easy to read off a board and type: three groups of four lowercase letters
/// without look-alikes (no l, o), about 54 bits.
pub fn make_password() -> Result<String, AccessError> {
    const LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    // twelve letters from 128 random bits: 24^12 is under 2^56, so the remainders are as good
    // as uniform (a bias under 2^-72)
    let mut v = u128::from_le_bytes(random_bytes::<16>()?);
    let mut out = String::new();
    for i in 0..12 {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        out.push(LETTERS[(v % 24) as usize] as char);
        v /= 24;
    }
    Ok(out)
}

/// Wrong passwords from one address before its attempts are slowed down.
const FREE_FAILURES: u32 = 3;
/// How long a slowed-down address waits before each answer.
const SLOWED: Duration = Duration::from_secs(2);
/// An attempt waits this long at most for its turn behind others from its address.
pub const TURN_WAIT: Duration = Duration::from_secs(20);
/// Failures older than this are forgotten.
const FORGET: Duration = Duration::from_secs(300);

/// Password attempts by address: after a few failures from an address, its attempts are
/// answered slowly and one at a time (before that, a class behind one router signs in at once).
#[derive(Default)]
pub struct Throttle {
    attempts: Mutex<HashMap<IpAddr, Attempts>>,
}

/// One address's recent attempts at the password.
#[derive(Default)]
struct Attempts {
    failures: u32,
    last: Option<Instant>,
    in_flight: u32,
}

impl Throttle {
    /// Start checking an attempt from `ip`: `None` when the address is slowed down and one
    /// attempt from it is already being checked (parallel guesses are refused), else how long
    /// to wait before answering.
    pub fn begin_attempt(&self, ip: IpAddr) -> Option<Duration> {
        let mut all = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        all.retain(|_, a| a.in_flight > 0 || a.last.is_some_and(|t| t.elapsed() < FORGET));
        let a = all.entry(ip).or_default();
        let slowed = a.failures >= FREE_FAILURES;
        if slowed && a.in_flight > 0 {
            return None;
        }
        a.in_flight += 1;
        Some(if slowed { SLOWED } else { Duration::ZERO })
    }

    /// Wait for `ip`'s turn to have an attempt checked (attempts from an address that keeps
    /// failing are checked one at a time), then how long to wait before answering; `None`
    /// after [`TURN_WAIT`] without a turn.
    pub async fn attempt(&self, ip: IpAddr) -> Option<Duration> {
        let began = Instant::now();
        loop {
            if let Some(wait) = self.begin_attempt(ip) {
                return Some(wait);
            }
            if began.elapsed() >= TURN_WAIT {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The attempt from `ip` is answered.
    pub fn end_attempt(&self, ip: IpAddr, passed: bool) {
        let mut all = self.attempts.lock().unwrap_or_else(|e| e.into_inner());
        let a = all.entry(ip).or_default();
        a.in_flight = a.in_flight.saturating_sub(1);
        a.last = Some(Instant::now());
        if passed {
            a.failures = 0;
        } else {
            a.failures += 1;
        }
    }
}

/// Whether two secrets are the same, in time independent of where the first difference is.
fn same(ours: &str, given: &str) -> bool {
    let (a, b) = (ours.as_bytes(), given.as_bytes());
    let mut diff = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        diff |= (a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0)) as usize;
    }
    diff == 0
}

/// A token for the link a browser opens: 128 random bits in hexadecimal.
pub fn make_token() -> Result<String, AccessError> {
    Ok(hex(&random_bytes::<16>()?))
}

/// The class's token and the lecturer's, from the class password: a server started again with
/// the same password gives the same links, so students' `to=` links and open tabs keep working.
/// Each is the first 128 bits of SHA-256 over its purpose and the password; a token is worth
/// the password it comes from, no more.
pub fn tokens_of(password: &str) -> (String, String) {
    let of = |purpose: &str| {
        let mut text = purpose.as_bytes().to_vec();
        text.push(0);
        text.extend_from_slice(password.as_bytes());
        hex(&ring::digest::digest(&ring::digest::SHA256, &text).as_ref()[..16])
    };
    (of("sudoscope class link"), of("sudoscope lecturer link"))
}

/// A short public id for a sender's secret (`X-Sudoscope-Key`): what a student's own tab names
/// its sender by, without the secret itself.
pub fn public_id(secret: &str) -> String {
    hex(&ring::digest::digest(&ring::digest::SHA256, secret.as_bytes()).as_ref()[..6])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Check a password given with `--password`.
pub fn given_password(p: &str) -> Result<String, AccessError> {
    if p.is_empty() {
        return Err(AccessError::Password(
            "empty; leave --password out and one is made up".into(),
        ));
    }
    Ok(p.to_string())
}

/// The keys in an authorized_keys file; errors name the file and the line.
pub fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, AccessError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| AccessError::File {
        path: shown.clone(),
        reason: e.to_string(),
    })?;
    let mut keys = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match AuthorizedKeys::new(t).next() {
            Some(Ok(entry)) => keys.push(entry.public_key().clone()),
            Some(Err(e)) => {
                return Err(AccessError::BadKey {
                    path: shown,
                    line: i + 1,
                    reason: e.to_string(),
                });
            }
            None => {}
        }
    }
    if keys.is_empty() {
        return Err(AccessError::NoKeys(shown));
    }
    Ok(keys)
}

/// Where the host key is kept: `$XDG_DATA_HOME/sudoscope`, or `~/.local/share/sudoscope`.
pub fn data_dir() -> Option<PathBuf> {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("sudoscope"))
}

/// The host key at `path`, made (Ed25519) and kept there, readable by its owner only, when
/// there is none yet. Says whether it was made now.
pub fn host_key(path: &Path) -> Result<(PrivateKey, bool), AccessError> {
    let shown = path.display().to_string();
    let file_err = |e: std::io::Error| AccessError::File {
        path: shown.clone(),
        reason: e.to_string(),
    };
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let key =
                PrivateKey::from_openssh(text.as_bytes()).map_err(|e| AccessError::BadHostKey {
                    path: shown.clone(),
                    reason: e.to_string(),
                })?;
            return Ok((key, false));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(file_err(e)),
    }
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&random_bytes::<32>()?));
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| AccessError::File {
            path: shown.clone(),
            reason: e.to_string(),
        })?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(file_err)?;
    }
    write_private(path, text.as_bytes()).map_err(file_err)?;
    Ok((key, true))
}

/// Write a file only its owner can read, never over an existing one.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options.open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// The host key's fingerprint as `ssh` shows it (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_guesses_are_refused_and_repeated_failures_slowed() {
        let web = Throttle::default();
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        // a class behind one address signs in at once
        assert_eq!(web.begin_attempt(ip), Some(Duration::ZERO));
        assert_eq!(web.begin_attempt(ip), Some(Duration::ZERO));
        web.end_attempt(ip, true);
        web.end_attempt(ip, true);
        for _ in 0..FREE_FAILURES {
            assert_eq!(web.begin_attempt(ip), Some(Duration::ZERO));
            web.end_attempt(ip, false);
        }
        // then slowly, one at a time
        assert_eq!(web.begin_attempt(ip), Some(SLOWED));
        assert_eq!(
            web.begin_attempt(ip),
            None,
            "a second guess while one is checked"
        );
        assert_eq!(
            web.begin_attempt(other),
            Some(Duration::ZERO),
            "others are not slowed"
        );
        web.end_attempt(ip, true);
        assert_eq!(
            web.begin_attempt(ip),
            Some(Duration::ZERO),
            "a success forgives"
        );
    }

    #[test]
    fn the_same_password_gives_the_same_links_and_the_lecturers_is_apart() {
        let (class, lecturer) = tokens_of("cuatro gatos");
        assert_eq!(tokens_of("cuatro gatos"), (class.clone(), lecturer.clone()));
        assert_eq!(class.len(), 32);
        assert_ne!(class, lecturer);
        assert_ne!(tokens_of("cuatro gatas").0, class);
        assert_eq!(public_id("a secret").len(), 12);
    }

    #[test]
    fn passwords_are_three_groups_of_four_and_differ() {
        let a = make_password().unwrap();
        let b = make_password().unwrap();
        assert_eq!(a.len(), 14);
        assert!(
            a.split('-')
                .all(|g| g.len() == 4 && g.bytes().all(|c| c.is_ascii_lowercase()))
        );
        assert_ne!(a, b);
    }

    #[test]
    fn only_the_class_password_passes() {
        let access = Access {
            password: Some("abcd-efgh".into()),
            keys: Vec::new(),
            token: Some("0123abcd".into()),
            lecturer: Some("9999ffff".into()),
        };
        assert!(access.password_ok("abcd-efgh"));
        for wrong in ["", "abcd-efg", "abcd-efghi", "ABCD-EFGH", "abcd-efgx"] {
            assert!(!access.password_ok(wrong), "{wrong:?} passed");
        }
        assert!(access.token_ok("0123abcd"));
        for wrong in ["", "0123abc", "0123abcd0", "abcd-efgh"] {
            assert!(!access.token_ok(wrong), "the token {wrong:?} passed");
        }
        let keys_only = Access {
            password: None,
            keys: Vec::new(),
            token: None,
            lecturer: None,
        };
        assert!(!keys_only.password_ok(""));
        assert!(!keys_only.token_ok(""));
    }

    #[test]
    fn the_host_key_is_made_once_and_read_back_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/host_ed25519");
        let (made, new) = host_key(&path).unwrap();
        assert!(new);
        let (again, new) = host_key(&path).unwrap();
        assert!(!new);
        assert_eq!(fingerprint(&made), fingerprint(&again));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key").unwrap();
        let e = host_key(&path).unwrap_err().to_string();
        assert!(e.contains("not an OpenSSH private key"), "{e}");
    }

    #[test]
    fn authorized_keys_errors_name_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let (key, _) = host_key(&dir.path().join("k")).unwrap();
        let line = key.public_key().to_openssh().unwrap();
        let path = dir.path().join("authorized_keys");
        std::fs::write(&path, format!("# the class\n\n{line} teacher\n")).unwrap();
        let keys = read_authorized_keys(&path).unwrap();
        assert_eq!(keys.len(), 1);
        assert!(
            Access {
                password: None,
                keys,
                token: None,
                lecturer: None,
            }
            .key_ok(key.public_key())
        );
        std::fs::write(&path, format!("{line}\nssh-ed25519 AAAAnotbase64!\n")).unwrap();
        let e = read_authorized_keys(&path).unwrap_err().to_string();
        assert!(e.contains("authorized_keys:2: not a public key"), "{e}");
        std::fs::write(&path, "# nothing\n").unwrap();
        let e = read_authorized_keys(&path).unwrap_err().to_string();
        assert!(e.contains("holds no public key"), "{e}");
    }
}
