//! "Did you mean ...?": the known name closest to a mistyped one.

/// The name of `names` closest to `asked` (ignoring case), when it is close enough to be a
/// typo: at most a third of its letters off (one at least), from the whole name or from its
/// start, or `asked` is the start of it.
pub fn closest<'a>(asked: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let asked = asked.trim().to_lowercase();
    if asked.is_empty() {
        return None;
    }
    let limit = (asked.chars().count() / 3).max(1);
    names
        .into_iter()
        .filter_map(|name| {
            let lower = name.to_lowercase();
            let d = if lower.starts_with(&asked) {
                0
            } else {
                // a typo in the start of a name counts as the typo alone: "aneal" is one edit
                // from "anneal", the start of "annealing"
                let n = asked.chars().count();
                let starts = (n.saturating_sub(1)..=n + 1).map(|k| {
                    let start: String = lower.chars().take(k).collect();
                    distance(&asked, &start)
                });
                starts.fold(distance(&asked, &lower), usize::min)
            };
            (d <= limit).then_some((d, name))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// `" (did you mean sudoku_7?)"`, or nothing when no name is close: in English, as programs
/// read it (the visualiser and the command line say it in the user's language).
pub fn hint<'a>(asked: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    closest(asked, names).map_or(String::new(), |n| format!(" (did you mean {n}?)"))
}

/// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows i-2, i-1 and i of the table
    let mut two_up = vec![0; b.len() + 1];
    let mut up: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (up[j] + 1).min(row[j - 1] + 1).min(up[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(two_up[j - 2] + 1);
            }
        }
        std::mem::swap(&mut two_up, &mut up);
        std::mem::swap(&mut up, &mut row);
    }
    up[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typo_at_the_start_of_a_long_name_is_caught() {
        let algos = ["steepest", "annealing", "sampling", "backtrack"];
        assert_eq!(closest("aneal", algos), Some("annealing"));
        assert_eq!(closest("backtrak", algos), Some("backtrack"));
        assert_eq!(closest("genetic", algos), None);
    }

    #[test]
    fn edits_are_counted() {
        assert_eq!(distance("sudoku_7", "sudoku_7"), 0);
        assert_eq!(distance("sudoku7", "sudoku_7"), 1);
        assert_eq!(distance("suodku_7", "sudoku_7"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn typos_find_the_name_and_strangers_find_nothing() {
        let names = ["sudoku_7", "optuna", "tiny4", "top95", "top1465"];
        assert_eq!(closest("Sudoku_7", names), Some("sudoku_7"));
        assert_eq!(closest("sudoku7", names), Some("sudoku_7"));
        assert_eq!(closest("top9", names), Some("top95"));
        assert_eq!(closest("optnua", names), Some("optuna"));
        assert_eq!(closest("banana", names), None);
        assert_eq!(hint("tiny", names), " (did you mean tiny4?)");
        assert_eq!(hint("zzz", names), "");
    }
}
