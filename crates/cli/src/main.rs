//! `sudoku`: the command line.

fn main() {
    std::process::exit(sudoku_cli::run(std::env::args_os()));
}
