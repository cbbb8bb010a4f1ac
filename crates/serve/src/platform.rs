//! What serving asks of the operating system beyond the standard library: this machine's name
//! and its interfaces' addresses, for the line students type, and how long a connection whose
//! network has gone may hold its place. On a system without these calls the answers are empty
//! and the banner says so in other words.

use std::net::IpAddr;
use std::time::Duration;

/// How long data sent on a connection may stay unacknowledged before the system gives the
/// connection up: a laptop whose network vanished mid-frame frees its place this long after,
/// as one that stops reading does (`out::STALL`).
pub const DEAD_NETWORK: Duration = Duration::from_secs(20);

/// Tune an accepted connection: `TCP_NODELAY` (a key's frame goes at once); and on Linux,
/// keepalive probes after 10 s of silence and `TCP_USER_TIMEOUT` of [`DEAD_NETWORK`], so that
/// a peer that no longer acknowledges anything (its network gone, not merely slow to read) is
/// dropped by the kernel within that time, whatever is still buffered for it.
pub fn tune(tcp: &tokio::net::TcpStream) {
    let _ = tcp.set_nodelay(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let fd = tcp.as_raw_fd();
        let set = |level: libc::c_int, name: libc::c_int, value: libc::c_int| {
            // SAFETY: setsockopt on a socket this connection owns, with an int it reads.
            unsafe {
                libc::setsockopt(
                    fd,
                    level,
                    name,
                    (&value as *const libc::c_int).cast(),
                    std::mem::size_of::<libc::c_int>() as libc::socklen_t,
                )
            }
        };
        set(libc::SOL_SOCKET, libc::SO_KEEPALIVE, 1);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPIDLE, 10);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPINTVL, 5);
        set(libc::IPPROTO_TCP, libc::TCP_KEEPCNT, 2);
        set(
            libc::IPPROTO_TCP,
            libc::TCP_USER_TIMEOUT,
            DEAD_NETWORK.as_millis() as libc::c_int,
        );
    }
}

/// The addresses a student can reach this machine at, for the banner: the one the server
/// listens on when it is a single address, else each IPv4 address of this machine's
/// interfaces but loopback (loopback when there is no other).
pub fn addresses(listen: &str) -> Vec<String> {
    match listen.parse::<IpAddr>() {
        Ok(ip) if !ip.is_unspecified() => return vec![ip.to_string()],
        Err(_) => return vec![listen.to_string()],
        _ => {}
    }
    let mut found = interface_addresses();
    found.retain(|ip| ip.is_ipv4() && !ip.is_loopback());
    found.sort();
    found.dedup();
    if found.is_empty() {
        vec!["127.0.0.1".into()]
    } else {
        found.iter().map(|ip| ip.to_string()).collect()
    }
}

/// This machine's name, when the system tells it.
#[cfg(unix)]
pub fn host_name() -> Option<String> {
    let mut buf = [0u8; 256];
    // SAFETY: gethostname writes at most buf.len() bytes into our buffer.
    let ok = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0;
    if !ok {
        return None;
    }
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let name = String::from_utf8_lossy(&buf[..end]).into_owned();
    (!name.is_empty()).then_some(name)
}

/// This machine's name, when the system tells it.
#[cfg(not(unix))]
pub fn host_name() -> Option<String> {
    std::env::var("COMPUTERNAME").ok().filter(|n| !n.is_empty())
}

/// The addresses of this machine's interfaces that are up.
#[cfg(unix)]
pub fn interface_addresses() -> Vec<IpAddr> {
    let mut found = Vec::new();
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills `list` with a linked list we only read, then free once.
    if unsafe { libc::getifaddrs(&mut list) } != 0 {
        return found;
    }
    let mut at = list;
    while !at.is_null() {
        // SAFETY: `at` is a node of the list getifaddrs gave, not yet freed.
        let node = unsafe { &*at };
        let up = node.ifa_flags & (libc::IFF_UP as u32) != 0;
        if up && !node.ifa_addr.is_null() {
            // SAFETY: ifa_addr points to a sockaddr whose family says its true type.
            let family = unsafe { (*node.ifa_addr).sa_family } as i32;
            if family == libc::AF_INET {
                // SAFETY: the family is AF_INET, so the address is a sockaddr_in.
                let a = unsafe { &*(node.ifa_addr as *const libc::sockaddr_in) };
                found.push(IpAddr::from(u32::from_be(a.sin_addr.s_addr).to_be_bytes()));
            } else if family == libc::AF_INET6 {
                // SAFETY: the family is AF_INET6, so the address is a sockaddr_in6.
                let a = unsafe { &*(node.ifa_addr as *const libc::sockaddr_in6) };
                found.push(IpAddr::from(a.sin6_addr.s6_addr));
            }
        }
        at = node.ifa_next;
    }
    // SAFETY: the list came from getifaddrs and is freed once.
    unsafe { libc::freeifaddrs(list) };
    found
}

/// The addresses of this machine's interfaces that are up (none known on this system).
#[cfg(not(unix))]
pub fn interface_addresses() -> Vec<IpAddr> {
    Vec::new()
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use super::addresses;

    #[test]
    fn a_given_address_is_the_only_one_printed() {
        assert_eq!(addresses("127.0.0.1"), vec!["127.0.0.1"]);
        assert_eq!(addresses("lab.example"), vec!["lab.example"]);
        let all = addresses("0.0.0.0");
        assert!(!all.is_empty());
        for a in &all {
            let ip: IpAddr = a.parse().unwrap();
            assert!(ip.is_ipv4());
        }
    }
    #[cfg(unix)]
    #[test]
    fn loopback_is_among_the_interfaces() {
        let all = super::interface_addresses();
        assert!(
            all.iter().any(|ip| ip.is_loopback()),
            "no loopback address in {all:?}"
        );
    }
}

#[cfg(all(test, target_os = "linux"))]
mod connection_tests {
    use super::*;
    use std::os::fd::AsRawFd;

    fn get(fd: i32, level: libc::c_int, name: libc::c_int) -> libc::c_int {
        let mut value: libc::c_int = -1;
        let mut len = std::mem::size_of::<libc::c_int>() as libc::socklen_t;
        // SAFETY: getsockopt into an int of ours, on a socket of this test.
        let r = unsafe {
            libc::getsockopt(
                fd,
                level,
                name,
                (&mut value as *mut libc::c_int).cast(),
                &mut len,
            )
        };
        assert_eq!(r, 0);
        value
    }

    #[test]
    fn an_accepted_connection_gives_a_dead_network_up_within_the_stated_time() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            let _client = tokio::net::TcpStream::connect(addr).await.unwrap();
            let (tcp, _) = listener.accept().await.unwrap();
            let fd = tcp.as_raw_fd();
            assert_eq!(get(fd, libc::IPPROTO_TCP, libc::TCP_USER_TIMEOUT), 0);
            tune(&tcp);
            assert_eq!(
                get(fd, libc::IPPROTO_TCP, libc::TCP_USER_TIMEOUT),
                DEAD_NETWORK.as_millis() as i32
            );
            assert_eq!(get(fd, libc::SOL_SOCKET, libc::SO_KEEPALIVE), 1);
            assert_eq!(get(fd, libc::IPPROTO_TCP, libc::TCP_NODELAY), 1);
            // silence is noticed too: probes after 10 s, given up on within the same time
            let idle = get(fd, libc::IPPROTO_TCP, libc::TCP_KEEPIDLE);
            let probes = get(fd, libc::IPPROTO_TCP, libc::TCP_KEEPINTVL)
                * get(fd, libc::IPPROTO_TCP, libc::TCP_KEEPCNT);
            assert!(
                idle + probes <= DEAD_NETWORK.as_secs() as i32,
                "{idle} + {probes}"
            );
        });
    }
}
