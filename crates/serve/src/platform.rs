//! What serving asks of the operating system beyond the standard library: this machine's name
//! and its interfaces' addresses, for the line students type. On a system without these calls
//! the answers are empty and the banner says so in other words.

use std::net::IpAddr;

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
