//! A run written back in the forms the core reads it from: a command line, and a JSON object
//! (the header of a trace, and the fields a JSON record shares with it). Each reads back,
//! through [`super::check`], as the same run. (A lesson scene is the visualiser's form: its
//! lesson module reads and writes it.)

use serde_json::{Map, Value, json};

use super::check::{RunInput, SettingText};
use super::error::Place;
use super::{PaneSpec, RunSpec, show_speed};

/// The arguments of `sudoscope tui` that give this run; `puzzle` is the reference to write for
/// its puzzle (a name that resolves to it, or its text).
pub fn command_args(spec: &RunSpec, puzzle: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        "--puzzle",
        puzzle,
        "--algo",
        spec.method.algo.name,
        "--preset",
        &spec.method.preset.to_string(),
        "--seed",
        &spec.seed.to_string(),
        "--speed",
        &show_speed(spec.speed),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (k, v) in spec.method.params.changed_shown() {
        args.push("--set".into());
        args.push(format!("{k}={v}"));
    }
    if let Some(g) = &spec.start {
        args.push("--start".into());
        args.push(g.to_line());
    }
    if !spec.race.is_empty() {
        let racers: Vec<String> = spec.race.iter().map(PaneSpec::to_string).collect();
        args.push("--race".into());
        args.push(racers.join(","));
    }
    if !spec.same_start {
        args.push("--race-start".into());
        args.push("random".into());
    }
    if spec.paused {
        args.push("--paused".into());
    }
    args
}

/// The command line that gives this run: `sudoscope tui --puzzle … --speed 5`.
pub fn command_line(spec: &RunSpec, puzzle: &str) -> String {
    format!("sudoscope tui {}", command_args(spec, puzzle).join(" "))
}

/// The run as a web page's address asks for it, after the `?`: `puzzle=sudoku_7&algo=…`, the
/// command line's settings under their flags' names (`--race-start` is `race-start=`,
/// `--paused` is `paused`), each value escaped where an address would misread it.
pub fn page_query(spec: &RunSpec, puzzle: &str) -> String {
    let args = command_args(spec, puzzle);
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i].trim_start_matches("--");
        match args.get(i + 1).filter(|_| key != "paused") {
            Some(value) => {
                pairs.push(format!("{key}={}", escaped(value)));
                i += 2;
            }
            None => {
                pairs.push(key.to_string());
                i += 1;
            }
        }
    }
    pairs.join("&")
}

/// `text` as an address's query may hold it: letters, digits and `-_.~,:=/` as they are, every
/// other byte as `%XX`.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~,:=/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The run as a JSON object. Its keys are the ones a JSON record of a run has (`puzzle`,
/// `algorithm`, `preset`, `params`, `seed`, and `start` when there is one), then what only a
/// whole run has: `speed`, `paused`, `race`, `race_start`.
pub fn to_json(spec: &RunSpec, puzzle: &str) -> Value {
    let params: Map<String, Value> = spec
        .method
        .params
        .pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    let mut o = json!({
        "puzzle": puzzle,
        "algorithm": spec.method.algo.name,
        "preset": spec.method.preset.to_string(),
        "params": params,
        "seed": spec.seed,
        "speed": show_speed(spec.speed),
        "paused": spec.paused,
        "race": spec.race.iter().map(PaneSpec::to_string).collect::<Vec<_>>(),
        "race_start": if spec.same_start { "same" } else { "random" },
    });
    if let Some(g) = &spec.start {
        o["start"] = json!(g.to_line());
    }
    o
}

/// A JSON object's settings, as [`to_json`] writes them or as a JSON record holds them (a
/// record has no speed or race: those take their defaults). Keys it does not know are left
/// for others; a key of the wrong kind is kept as text for [`super::check`] to refuse.
pub fn from_json(value: &Value, from: &Place) -> RunInput {
    let given = |v: &Value| SettingText {
        text: match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        },
        from: from.clone(),
    };
    let field = |key: &str| value.get(key).filter(|v| !v.is_null()).map(given);
    let mut set = Vec::new();
    if let Some(Value::Object(params)) = value.get("params") {
        for (k, v) in params {
            let text = match v {
                Value::String(s) => s.clone(),
                // a record writes every value as a number (a choice as its index)
                Value::Number(n) => n.as_f64().map_or(n.to_string(), |x| x.to_string()),
                other => other.to_string(),
            };
            set.push(SettingText {
                text: format!("{k}={text}"),
                from: from.clone(),
            });
        }
    }
    let race = match value.get("race") {
        Some(Value::Array(items)) => items.iter().map(given).collect(),
        _ => Vec::new(),
    };
    RunInput {
        puzzle: field("puzzle"),
        algo: field("algorithm"),
        preset: field("preset").map(Into::into),
        set,
        seed: field("seed").map(Into::into),
        start: field("start"),
        speed: field("speed"),
        paused: field("paused").map(Into::into),
        race,
        race_start: field("race_start").map(Into::into),
    }
}
