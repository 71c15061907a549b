//! `app`: the web app, built by Trunk for wasm32 (natively it only says so).

fn main() {
    #[cfg(target_arch = "wasm32")]
    sudoku_app::start();
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("app is the web app; `trunk build` builds it for the browser.");
        std::process::exit(2);
    }
}
