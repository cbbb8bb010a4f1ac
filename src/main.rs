//! Thin entry point: parse the command line, dispatch, turn errors into one line and an exit code.

fn main() {
    std::process::exit(sudoscope::cli::main());
}
