//! What this process holds in memory, for the benchmarks that measure it.

/// Resident set size of this process in KiB (Linux), from /proc.
pub fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
