//! `sudoscope serve` on loopback, driven by an SSH client library: sessions draw at the
//! client's size and follow its resizes, keys work, `q` ends a session and not the server;
//! access (the password, keys, the delay after a wrong one, the host key kept); refusals
//! (exec, sftp, forwarding, agent, X11); limits (the class full, idle sessions); files never
//! touched from a student's keys; the mirror; hostile clients (garbage, absurd sizes, one that
//! never reads, one that hangs up mid-frame, a panic inside a session). Every server listens on
//! 127.0.0.1 on a free port and is stopped when its test ends.

use crate::ssh_client;

use std::time::{Duration, Instant};

use ssh_client::{PASSWORD, Server, Student, connect, runtime, signed_in};

/// The key line a session shows at the bottom, whatever the screen.
const KEY_LINE: &str = "space run/pause";

#[test]
fn a_session_draws_at_its_size_follows_resizes_and_q_ends_it_but_not_the_server() {
    let mut server = Server::start(&["--paused"], &[]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 100, 30).await;
        s.wait_for(KEY_LINE).await;
        s.wait_for("sudoku_7").await;
        // the key line is on the last row of a 30-row terminal
        let rows: Vec<String> = s.screen.screen().rows(0, 100).collect();
        assert!(rows[29].contains(KEY_LINE), "last row: {:?}", rows[29]);
        // a mouse click selects a cell: the panel tells about it
        s.keys(b"\x1b[<0;4;2M\x1b[<0;4;2m").await;
        s.wait_for("r1c1 holds").await;
        // arrows and the help's PageDown reach the app
        s.keys(b"?").await;
        s.wait_for("keys").await;
        s.keys(b"\x1b[6~").await;
        s.read_for(Duration::from_millis(300)).await;
        s.keys(b"\x1b").await;
        // a resize: the key line moves to the new last row
        s.resize(120, 40).await;
        let by = Instant::now() + ssh_client::PATIENCE;
        loop {
            s.read_for(Duration::from_millis(100)).await;
            let rows: Vec<String> = s.screen.screen().rows(0, 120).collect();
            if rows[39].contains(KEY_LINE) {
                break;
            }
            assert!(Instant::now() < by, "not redrawn at 120x40:\n{}", s.text());
        }
        s.keys(b"q").await;
        let said = s.wait_closed().await;
        assert!(said.contains("goodbye"), "{said:?}");
        assert_eq!(s.exit_status, Some(0));
        // the server goes on: another student gets in
        let mut t = Student::open(server.port, 80, 24).await;
        t.wait_for(KEY_LINE).await;
        // Ctrl-C ends that session too, not the server
        t.keys(b"\x03").await;
        t.wait_closed().await;
    });
    assert!(server.alive(), "the server ended with a session");
    server.wait_log("session 2 ends: quit");
}

#[test]
fn a_wrong_password_is_refused_after_a_delay_and_keys_in_the_file_are_let_in() {
    use russh::keys::PrivateKey;
    use russh::keys::ssh_key::private::Ed25519Keypair;
    let dir = tempfile::tempdir().unwrap();
    let theirs = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
    let stranger = PrivateKey::from(Ed25519Keypair::from_seed(&[8; 32]));
    let keys = dir.path().join("authorized_keys");
    std::fs::write(
        &keys,
        format!("{} student\n", ssh_client::key_line(theirs.public_key())),
    )
    .unwrap();
    let server = Server::start(
        &["--authorized-keys", keys.to_str().unwrap(), "--paused"],
        &[],
    );
    let rt = runtime();
    rt.block_on(async {
        let mut h = connect(server.port).await;
        let began = Instant::now();
        let r = h.authenticate_password("student", "not-it").await.unwrap();
        assert!(!r.success());
        // the server waits two seconds before it says no
        assert!(
            began.elapsed() >= Duration::from_millis(1500),
            "refused after {:?}",
            began.elapsed()
        );
        // with a password and keys both given, the password still works...
        let ok = h.authenticate_password("student", PASSWORD).await.unwrap();
        assert!(ok.success());
        // ...and so does a key in the file, but not another
        assert!(
            ssh_client::signed_in_with_key(server.port, theirs)
                .await
                .is_ok()
        );
        assert!(
            ssh_client::signed_in_with_key(server.port, stranger)
                .await
                .is_err()
        );
    });
    assert!(server.log().contains("wrong password"), "{}", server.log());
}

#[test]
fn the_host_key_is_kept_from_one_class_to_the_next() {
    let first = Server::start(&[], &[]);
    let fingerprint = |log: &str| {
        log.split("host key ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .expect("the log names the host key")
            .to_string()
    };
    let key_file = first.dir.path().join("host_ed25519");
    let printed = fingerprint(&first.log());
    let kept = std::fs::read(&key_file).unwrap();
    drop(first);
    // a second server given the same file uses the same key
    let dir = tempfile::tempdir().unwrap();
    let again = dir.path().join("host_ed25519");
    std::fs::write(&again, &kept).unwrap();
    let second = Server::start(&["--host-key", again.to_str().unwrap()], &[]);
    assert_eq!(fingerprint(&second.log()), printed);
}

#[test]
fn only_the_interactive_session_is_served() {
    let server = Server::start(&["--paused"], &[]);
    let rt = runtime();
    rt.block_on(async {
        let h = signed_in(server.port).await;
        // a command
        let mut ch = h.channel_open_session().await.unwrap();
        ch.exec(true, "cat /etc/passwd").await.unwrap();
        assert!(matches!(ch.wait().await, Some(russh::ChannelMsg::Failure)));
        // a second session channel on the same connection is refused
        assert!(h.channel_open_session().await.is_err());
        drop(ch);
        let h = signed_in(server.port).await;
        let mut ch = h.channel_open_session().await.unwrap();
        ch.request_subsystem(true, "sftp").await.unwrap();
        assert!(matches!(ch.wait().await, Some(russh::ChannelMsg::Failure)));
        ch.agent_forward(true).await.unwrap();
        assert!(matches!(ch.wait().await, Some(russh::ChannelMsg::Failure)));
        ch.request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
            .await
            .unwrap();
        assert!(matches!(ch.wait().await, Some(russh::ChannelMsg::Failure)));
        // forwarding either way
        assert!(h.tcpip_forward("127.0.0.1", 0).await.is_err());
        assert!(
            h.channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 5000)
                .await
                .is_err()
        );
    });
    let log = server.log();
    for refused in ["exec", "sftp", "agent", "X11", "port forwarding"] {
        assert!(log.contains(refused), "{refused} not refused:\n{log}");
    }
}

#[test]
fn the_class_full_and_an_idle_session_get_a_clear_message() {
    let server = Server::start(
        &["--paused", "--max-sessions", "2", "--idle-timeout", "3s"],
        &[],
    );
    let rt = runtime();
    rt.block_on(async {
        let mut a = Student::open(server.port, 80, 24).await;
        let mut b = Student::open(server.port, 80, 24).await;
        a.wait_for(KEY_LINE).await;
        b.wait_for(KEY_LINE).await;
        let mut c = Student::open(server.port, 80, 24).await;
        let said = c.wait_closed().await;
        assert!(said.contains("the class is full (2 sessions"), "{said:?}");
        assert_eq!(c.exit_status, Some(1));
        // b keeps typing; a does not, and is closed after three seconds
        let began = Instant::now();
        let said = loop {
            b.keys(b"s").await;
            b.read_for(Duration::from_millis(250)).await;
            a.read_for(Duration::from_millis(250)).await;
            if a.closed {
                break a.wait_closed().await;
            }
            assert!(began.elapsed() < ssh_client::PATIENCE, "never closed");
        };
        assert!(
            said.contains("closed after 3 seconds without a key"),
            "{said:?}"
        );
        assert!(!b.closed, "a session in use was closed");
        // its place is free again
        let mut d = Student::open(server.port, 80, 24).await;
        d.wait_for(KEY_LINE).await;
    });
}

#[test]
fn a_students_keys_never_read_or_write_a_file_on_the_server() {
    let server = Server::start(&["--paused"], &[]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 120, 40).await;
        s.wait_for(KEY_LINE).await;
        // a file by name, through the puzzle opener
        s.keys(b"o").await;
        s.keys(b"/etc/hostname\r").await;
        s.wait_for("a served session opens no file").await;
        // a built-in one opens
        s.keys(&[0x7f; 40]).await;
        s.keys(b"hardest:2\r").await;
        s.wait_for("hardest").await;
        // the command dialog's w writes nothing; the command is on screen instead
        s.keys(b"y").await;
        s.wait_for("(a served session writes no file)").await;
        s.keys(b"w").await;
        s.wait_for("writes no file on the server").await;
        s.keys(b"\x1b").await;
        s.keys(b"y").await;
        s.keys(b"a").await;
        s.wait_for("writes no file on the server").await;
        // a still is a file too: said so, not offered as a command
        s.keys(b"\x1b").await;
        s.keys(b"W").await;
        s.wait_for("writes no file, so no still").await;
    });
    // nothing was written where the server runs
    assert!(!std::path::Path::new("sudoscope-command.txt").exists());
    assert!(!std::path::Path::new("lesson.toml").exists());
}

#[test]
fn hostile_clients_neither_crash_nor_block_the_server() {
    let mut server = Server::start(&["--speed", "30"], &[]);
    // counted once the server has started all its own threads (its first statistics line comes
    // a second after them): counted at once, a loaded CI run likely missed two of them, and the
    // count after seemed to keep two threads of the ended sessions
    server.wait_log("stats:");
    let threads_before = server.status("Threads");
    let rt = runtime();
    rt.block_on(async {
        let mut watcher = Student::open(server.port, 80, 24).await;
        watcher.wait_for(KEY_LINE).await;
        // garbage bytes, then absurd sizes, then a session that never reads
        let mut g = Student::open(server.port, 80, 24).await;
        g.wait_for(KEY_LINE).await;
        let mut junk = Vec::new();
        let mut x: u32 = 99;
        for _ in 0..20_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let b = (x >> 16) as u8;
            // no q or Ctrl-C: the session must live through the rest
            if b != b'q' && b != 3 {
                junk.push(b);
            }
        }
        g.keys(&junk).await;
        g.resize(0, 0).await;
        g.read_for(Duration::from_millis(300)).await;
        g.resize(65535, 65535).await;
        g.read_for(Duration::from_millis(300)).await;
        g.resize(80, 24).await;
        g.keys(b"\x1b\x1b").await;
        g.read_for(Duration::from_millis(300)).await;
        assert!(!g.closed, "garbage or sizes closed the session");
        // wrong passwords in a loop, from several connections at once, all through the rest
        // (from another address: one address's failures slow that address only)
        let port = server.port;
        let guessing = tokio::spawn(async move {
            let mut tries = Vec::new();
            for _ in 0..4 {
                tries.push(tokio::spawn(async move {
                    let mut refused = 0;
                    for guess in 0..3 {
                        let mut h = ssh_client::connect_from("127.0.0.2", port).await;
                        let r = h.authenticate_password("x", format!("guess-{guess}")).await;
                        if r.is_ok_and(|r| !r.success()) {
                            refused += 1;
                        }
                    }
                    refused
                }));
            }
            let mut refused = 0;
            for t in tries {
                refused += t.await.unwrap();
            }
            refused
        });
        // one that asks for a big screen and never reads a byte
        let never = Student::open(server.port, 400, 200).await;
        // one that hangs up in the middle of its frames
        let mut rude = Student::open(server.port, 200, 60).await;
        rude.read_for(Duration::from_millis(50)).await;
        rude.disconnect().await;
        // another keeps getting its screen, and keys work for it
        let before = watcher.frames;
        watcher.read_for(Duration::from_secs(3)).await;
        let got = watcher.frames - before;
        assert!(got >= 30, "only {got} frames in 3 s beside hostile clients");
        watcher.keys(b"?").await;
        watcher.wait_for("keys").await;
        drop(never);
        assert_eq!(guessing.await.unwrap(), 12, "a wrong password was let in");
        g.keys(b"q").await;
        g.wait_closed().await;
        watcher.keys(b"\x1b").await;
        watcher.read_for(Duration::from_millis(100)).await;
        watcher.keys(b"q").await;
        watcher.wait_closed().await;
    });
    drop(rt);
    assert!(server.alive());
    // every session's threads are gone once its connection is
    let began = Instant::now();
    while server.status("Threads") > threads_before {
        assert!(
            began.elapsed() < ssh_client::PATIENCE,
            "threads {} after, {threads_before} before:\n{}",
            server.status("Threads"),
            server.log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_panic_inside_a_session_ends_that_session_with_a_message_and_nothing_else() {
    let mut server = Server::start(&["--paused"], &[("SUDOSCOPE_TEST_PANIC", "session")]);
    let rt = runtime();
    rt.block_on(async {
        for _ in 0..2 {
            let mut s = Student::open(server.port, 80, 24).await;
            let said = s.wait_closed().await;
            assert!(said.contains("stopped on an internal error"), "{said:?}");
            assert!(said.contains("the server goes on"), "{said:?}");
            assert_eq!(s.exit_status, Some(1));
        }
    });
    assert!(server.alive());
    assert!(server.log().contains("provoked by SUDOSCOPE_TEST_PANIC"));
}

#[test]
fn the_servers_flags_are_every_sessions_start() {
    let server = Server::start(&["--lesson", "local-search"], &[]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 120, 40).await;
        s.wait_for("scene 1/").await;
        s.keys(b"\x1b[6~").await;
        s.wait_for("scene 2/").await;
    });
}

#[test]
fn speaker_notes_show_on_the_lecturers_screen_only_and_go_to_a_second_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    let server = Server::mirrored(
        "notes",
        120,
        40,
        &[
            "--lesson",
            "local-search",
            "--notes",
            notes.to_str().unwrap(),
        ],
    );
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 120, 40).await;
        s.wait_for("watching the lecturer's screen").await;
        // scene 2 has notes; the lecturer shows them
        server.lecturer_keys(&["PageDown"]);
        s.wait_for("Steepest descent takes").await;
        server.lecturer_keys(&["N"]);
        let began = Instant::now();
        while !server.lecturer_screen().contains("speaker notes") {
            assert!(
                began.elapsed() < ssh_client::PATIENCE,
                "{}",
                server.lecturer_screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(server.lecturer_screen().contains("Ask first"));
        // the mirror draws the lecturer's screen, but not the notes
        server.lecturer_keys(&["s"]);
        s.read_for(Duration::from_millis(800)).await;
        assert!(s.text().contains("Steepest descent takes"), "{}", s.text());
        assert!(!s.text().contains("Ask first"), "{}", s.text());
        assert!(!s.text().contains("speaker notes"), "{}", s.text());
        // in a session of the student's own, N says the notes are the lecturer's
        s.keys(b"t").await;
        s.wait_for("space run/pause").await;
        s.keys(b"N").await;
        s.wait_for("for the lecturer's screen only").await;
        assert!(!s.text().contains("Ask first"), "{}", s.text());
    });
    // and every scene's notes went to the file, as each scene started
    let sent = std::fs::read_to_string(&notes).unwrap();
    assert!(
        sent.contains("scene 1/10") && sent.contains("no speaker notes"),
        "{sent}"
    );
    assert!(
        sent.contains("scene 2/10") && sent.contains("Ask first"),
        "{sent}"
    );
}

#[test]
fn with_a_mirror_students_watch_the_lecturer_and_t_lets_one_go_on_alone() {
    let server = Server::mirrored("mirror", 120, 40, &["--paused"]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 90, 30).await;
        s.wait_for("watching the lecturer's screen").await;
        s.wait_for("sudoku_7").await;
        // the bottom row is the mirror's own, whole: none of the lecturer's key hints
        let rows: Vec<String> = s.screen.screen().rows(0, 90).collect();
        assert_eq!(
            rows[29].trim_end(),
            " watching the lecturer's screen · t: try it yourself from this board · q: leave"
                .trim_end(),
        );
        assert!(!s.text().contains(KEY_LINE), "{}", s.text());
        // narrower, a shorter wording keeps t and q whole
        s.resize(50, 20).await;
        s.wait_for("t: try it · q: leave").await;
        let rows: Vec<String> = s.screen.screen().rows(0, 50).collect();
        assert_eq!(
            rows[19].trim(),
            "watching the lecturer · t: try it · q: leave"
        );
        s.resize(90, 30).await;
        s.wait_for("from this board").await;
        // the lecturer opens the algorithm picker: the student sees it
        server.lecturer_keys(&["a"]);
        s.wait_for("algorithm").await;
        server.lecturer_keys(&["Escape"]);
        server.lecturer_keys(&["s"]);
        // the student's keys do not reach the lecturer (read-only)...
        s.keys(b"?").await;
        s.read_for(Duration::from_millis(500)).await;
        assert!(!server.lecturer_screen().contains("keys ─"));
        // ...until t: their own session, from the board on screen, with the keys at hand
        s.keys(b"t").await;
        s.wait_for(KEY_LINE).await;
        s.read_for(Duration::from_millis(300)).await;
        assert!(!s.text().contains("watching the lecturer"), "{}", s.text());
        s.keys(b"?").await;
        s.wait_for("keys").await;
        assert!(!server.lecturer_screen().contains("keys ─"));
        // Esc and q as two key presses (in one read, Esc q is Alt+q)
        s.keys(b"\x1b").await;
        s.read_for(Duration::from_millis(100)).await;
        s.keys(b"q").await;
        s.wait_closed().await;
    });
    // the lecturer's status line names the way in
    assert!(server.log().contains("listening on 127.0.0.1"));
}

/// Without `--lang`, each session speaks the language its student's SSH client sends (`LANG`,
/// `LC_ALL`), and one that sends none speaks the server's; with `--lang`, every session speaks
/// the lecturer's choice.
#[test]
fn each_session_speaks_its_students_language_unless_the_lecturer_chose_one() {
    let english_server = [("LC_ALL", ""), ("LC_MESSAGES", ""), ("LANG", "C")];
    let spanish_keys = "espacio corre/pausa";
    let server = Server::start(&["--paused"], &english_server);
    let rt = runtime();
    rt.block_on(async {
        let mut es = Student::open_with_env(server.port, 120, 40, &[("LANG", "es_AR.UTF-8")]).await;
        es.wait_for(spanish_keys).await;
        let mut pt =
            Student::open_with_env(server.port, 120, 40, &[("LC_ALL", "pt_BR.UTF-8")]).await;
        pt.wait_for("espaço").await;
        let mut en = Student::open(server.port, 120, 40).await;
        en.wait_for(KEY_LINE).await;
        // the sessions keep their own languages side by side
        es.read_for(Duration::from_millis(200)).await;
        assert!(es.text().contains(spanish_keys), "{}", es.text());
    });
    let chosen = Server::start(&["--paused", "--lang", "en"], &english_server);
    rt.block_on(async {
        let mut es = Student::open_with_env(chosen.port, 120, 40, &[("LANG", "es_AR.UTF-8")]).await;
        es.wait_for(KEY_LINE).await;
        assert!(!es.text().contains(spanish_keys), "{}", es.text());
    });
}

#[test]
fn stopping_the_server_gives_every_student_their_terminal_back() {
    let mut server = Server::start(&[], &[]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 100, 30).await;
        s.wait_for("sudoku_7").await;
        assert!(s.screen.screen().alternate_screen());
        // SAFETY: a signal to the server, our own child.
        unsafe { libc::kill(server.pid as i32, libc::SIGTERM) };
        s.wait_closed().await;
        let screen = s.screen.screen();
        assert!(!screen.alternate_screen(), "left in the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor left hidden");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the mouse left reported"
        );
    });
    server.wait_stopped();
}

#[test]
fn students_who_vanish_leave_no_text_on_the_servers_terminal() {
    let server = Server::start(&[], &[]);
    let rt = runtime();
    rt.block_on(async {
        for _ in 0..3 {
            let mut s = Student::open(server.port, 80, 24).await;
            s.wait_for("sudoku_7").await;
            // the connection dropped, not closed: the session finds its client gone
            drop(s);
        }
    });
    server.wait_log("session 3 ends");
    // every session's goodbye was written to a client that had gone; nothing said so here,
    // up to the server's end (a session's screen is dropped after it has left the class)
    let mut server = server;
    // SAFETY: a signal to the server, our own child.
    unsafe { libc::kill(server.pid as i32, libc::SIGTERM) };
    server.wait_stopped();
    assert_eq!(server.stderr(), "", "log:\n{}", server.log());
}

#[test]
fn the_lecturers_q_asks_before_it_ends_the_class() {
    let mut server = Server::mirrored("ask", 120, 40, &["--paused"]);
    let rt = runtime();
    rt.block_on(async {
        let mut s = Student::open(server.port, 90, 30).await;
        s.wait_for("watching the lecturer's screen").await;
        let lecturer_shows = |what: &str| {
            let began = Instant::now();
            while !server.lecturer_screen().contains(what) {
                assert!(
                    began.elapsed() < ssh_client::PATIENCE,
                    "the lecturer's screen never showed {what:?}:\n{}",
                    server.lecturer_screen()
                );
                std::thread::sleep(Duration::from_millis(50));
            }
        };
        server.lecturer_keys(&["q"]);
        lecturer_shows("q again ends the class");
        // any other key goes on: the class is still there
        server.lecturer_keys(&["s"]);
        s.read_for(Duration::from_millis(300)).await;
        assert!(!s.closed, "one q ended the class");
        server.lecturer_keys(&["q"]);
        lecturer_shows("q again ends the class");
        server.lecturer_keys(&["q"]);
        s.wait_closed().await;
        assert!(!s.screen.screen().alternate_screen());
    });
    server.wait_stopped();
}

#[test]
fn a_connection_that_does_not_sign_in_in_time_is_closed() {
    let server = Server::start(&["--login-grace", "2s"], &[]);
    // one that says nothing at all, and one that shakes hands but never signs in
    let mut silent = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    silent.set_read_timeout(Some(ssh_client::PATIENCE)).unwrap();
    let rt = runtime();
    let began = Instant::now();
    rt.block_on(async {
        let h = connect(server.port).await;
        let by = Instant::now() + ssh_client::PATIENCE;
        while !h.is_closed() {
            assert!(
                Instant::now() < by,
                "a connection that never signed in stayed open"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    // the silent one reads the server's greeting, then the end
    let mut all = Vec::new();
    let _ = std::io::Read::read_to_end(&mut silent, &mut all);
    assert!(began.elapsed() < ssh_client::PATIENCE);
    assert!(String::from_utf8_lossy(&all).starts_with("SSH-2.0-"));
    server.wait_log("not signed in within 2 s");
    // a student who signs in in time stays
    rt.block_on(async {
        let mut s = Student::open(server.port, 80, 24).await;
        s.wait_for("sudoku_7").await;
        s.read_for(Duration::from_secs(3)).await;
        assert!(!s.closed, "a student who signed in was closed");
    });
}
