//! `sudoscope generate`: new puzzles with one solution, one line each.

use std::io::Write;

use super::args::{Difficulty, GenerateArgs};
use super::exit;
use sudoscope_core::generate::{Grade, Request, generate, grade};

pub fn run(args: &GenerateArgs, out: &mut impl Write) -> anyhow::Result<i32> {
    let req = Request {
        box_size: (args.size as f64).sqrt() as usize,
        clues: args.clues,
        difficulty: args.difficulty.map(|d| match d {
            Difficulty::Easy => Grade::Easy,
            Difficulty::Medium => Grade::Medium,
            Difficulty::Hard => Grade::Hard,
        }),
        minimal: args.minimal,
        budget: std::time::Duration::from_secs(args.max_seconds),
    };
    let puzzles = generate(&req, args.seed, args.count).map_err(anyhow::Error::msg)?;
    for p in &puzzles {
        if args.grade {
            writeln!(
                out,
                "{}  {} givens, {}",
                p.givens.to_line(),
                p.givens.filled(),
                grade(p).name()
            )?;
        } else {
            writeln!(out, "{}", p.givens.to_line())?;
        }
    }
    Ok(exit::OK)
}
