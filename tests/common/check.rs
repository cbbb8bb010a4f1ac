//! The independent checker of a solution, written without the library's own checks so it can
//! catch their mistakes; shared by the tests at the top and the core's own
//! (`crates/core/tests`).

/// Independent check: `solution` is n² symbols, keeps every given of `puzzle`, and each row,
/// column and box holds each symbol once. Both are strings in the line format.
pub fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let p: Vec<char> = puzzle.chars().collect();
    let s: Vec<char> = solution.chars().collect();
    let n = (s.len() as f64).sqrt() as usize;
    let b = (n as f64).sqrt() as usize;
    if n * n != s.len() || b * b != n || p.len() != s.len() {
        return Err(format!("bad lengths {} / {}", p.len(), s.len()));
    }
    for (i, (&pc, &sc)) in p.iter().zip(&s).enumerate() {
        if pc != '.' && pc != '0' && pc != sc {
            return Err(format!("given {pc} at cell {i} became {sc}"));
        }
        if sc == '.' || sc == '0' {
            return Err(format!("cell {i} empty"));
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        groups.push((0..n).map(|j| i * n + j).collect());
        groups.push((0..n).map(|j| j * n + i).collect());
        let (r0, c0) = ((i / b) * b, (i % b) * b);
        groups.push((0..n).map(|j| (r0 + j / b) * n + c0 + j % b).collect());
    }
    for g in groups {
        let mut seen: Vec<char> = g.iter().map(|&c| s[c]).collect();
        seen.sort();
        seen.dedup();
        if seen.len() != n {
            return Err(format!("a unit repeats a symbol: cells {g:?}"));
        }
    }
    Ok(())
}
