//! `sudoku`: the command line when built natively, the web app when Trunk builds it for wasm32.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

fn main() {
    #[cfg(target_arch = "wasm32")]
    ising_sudoku::web::start();
    #[cfg(not(target_arch = "wasm32"))]
    std::process::exit(cli::run(std::env::args_os()));
}
