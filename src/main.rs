//! `sudoku`: the command line when built natively, the web app when Trunk builds it for wasm32.

fn main() {
    #[cfg(target_arch = "wasm32")]
    ising_sudoku::web::start();
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(ising_sudoku::cli::run(std::env::args_os()));
}
