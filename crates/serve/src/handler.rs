//! One SSH connection: who it is, its terminal, and its one session. Only an interactive
//! session is served: exec, subsystems (sftp), X11, agent and port forwarding are refused.

use std::sync::Arc;

use russh::keys::PublicKey;
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Pty};
use sudoscope_tui::event::Event;

use super::Class;
use super::out::{Out, pump};
use super::session::{self, TermInfo};
use sudoscope_tui::input::Parser;

/// The server's side of one connection.
pub struct Conn {
    class: Arc<Class>,
    peer: String,
    ip: Option<std::net::IpAddr>,
    signed_in: Arc<std::sync::atomic::AtomicBool>,
    channel: Option<(ChannelId, Option<ChannelWriteHalf<Msg>>)>,
    info: TermInfo,
    session: Option<session::Link>,
    parser: Parser,
}

impl Conn {
    /// A connection from `peer`; `signed_in` is raised when it signs in.
    pub fn new(
        class: Arc<Class>,
        peer: Option<std::net::SocketAddr>,
        signed_in: Arc<std::sync::atomic::AtomicBool>,
    ) -> Conn {
        Conn {
            class,
            signed_in,
            peer: peer.map_or("?".into(), |p| p.to_string()),
            ip: peer.map(|p| p.ip()),
            channel: None,
            info: TermInfo {
                size: (80, 24),
                term: String::new(),
                no_color: false,
                locale: Vec::new(),
            },
            session: None,
            parser: Parser::default(),
        }
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel.as_ref().is_some_and(|(id, _)| *id == channel)
    }

    fn send(&self, e: Event) {
        if let Some(l) = &self.session {
            l.send(e);
        }
    }

    fn refuse(&self, channel: ChannelId, what: &str, session: &mut Session) {
        self.class.log(&format!("{}: refused {what}", self.peer));
        let _ = session.channel_failure(channel);
    }
}

/// The connection is gone (closed, dropped, or the server stopping): its session stops, which
/// frees its threads and memory.
impl Drop for Conn {
    fn drop(&mut self) {
        if let Some(l) = &self.session {
            l.stop();
        }
    }
}

impl Handler for Conn {
    type Error = russh::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        // one attempt at a time from an address, slower after repeated failures (browsers'
        // attempts count with these)
        let ip = self.ip.unwrap_or(std::net::Ipv4Addr::UNSPECIFIED.into());
        let Some(wait) = self.class.throttle.attempt(ip).await else {
            self.class.log(&format!(
                "{}: {user}: refused, attempts from there keep failing and wait their turn",
                self.peer
            ));
            return Ok(Auth::reject());
        };
        tokio::time::sleep(wait).await;
        let passed = self.class.access.password_ok(password);
        self.class.throttle.end_attempt(ip, passed);
        if passed {
            self.class
                .log(&format!("{}: {user} in (password)", self.peer));
            self.signed_in
                .store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(Auth::Accept)
        } else {
            self.class
                .log(&format!("{}: {user}: wrong password", self.peer));
            Ok(Auth::reject())
        }
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.class.access.key_ok(offer.public_key) {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let k: &PublicKey = key.public_key;
        if self.class.access.key_ok(k) {
            self.class.log(&format!("{}: {user} in (key)", self.peer));
            self.signed_in
                .store(true, std::sync::atomic::Ordering::SeqCst);
            Ok(Auth::Accept)
        } else {
            Ok(Auth::reject())
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            // one screen per connection
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        reply.accept().await;
        let id = channel.id();
        // input comes through the callbacks below; the read half is not needed
        let (_read, write) = channel.split();
        self.channel = Some((id, Some(write)));
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) {
            let _ = session.channel_failure(channel);
            return Ok(());
        }
        self.info.term = term.chars().take(64).collect();
        self.info.size = (session::cells(col_width), session::cells(row_height));
        let _ = session.channel_success(channel);
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) && name == "NO_COLOR" {
            self.info.no_color = !value.is_empty();
            let _ = session.channel_success(channel);
        } else if self.ours(channel)
            && ["LANG", "LC_ALL", "LC_MESSAGES"].contains(&name)
            && value.len() <= 64
        {
            // the student's language, for a session whose lecturer chose none
            self.info.locale.retain(|(n, _)| n != name);
            self.info.locale.push((name.to_string(), value.to_string()));
            let _ = session.channel_success(channel);
        } else {
            let _ = session.channel_failure(channel);
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let write = match &mut self.channel {
            Some((id, write)) if *id == channel && self.session.is_none() => write.take(),
            _ => None,
        };
        let Some(write) = write else {
            let _ = session.channel_failure(channel);
            return Ok(());
        };
        let frames = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let (out, rx) = Out::new(Arc::clone(&frames));
        tokio::spawn(pump(rx, write));
        let _ = session.channel_success(channel);
        self.session = session::open(
            &self.class,
            &self.peer,
            self.info.clone(),
            out,
            frames,
            None,
        );
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            for e in self.parser.feed(data) {
                self.send(e);
            }
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.info.size = (session::cells(col_width), session::cells(row_height));
            self.send(Event::Resize(self.info.size.0, self.info.size.1));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel)
            && let Some(l) = &self.session
        {
            l.stop();
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channel_eof(channel, _session).await
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(channel, "a command (exec)", session);
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let what = format!(
            "the subsystem {:?}",
            name.chars().take(32).collect::<String>()
        );
        self.refuse(channel, &what, session);
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(channel, "X11 forwarding", session);
        Ok(())
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse(channel, "agent forwarding", session);
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.class
            .log(&format!("{}: refused remote port forwarding", self.peer));
        Ok(false)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.class
            .log(&format!("{}: refused local port forwarding", self.peer));
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }
}
