//! The command line's argument handling: any arguments (split at NUL bytes) are read to a
//! command or a usage error, help or version text; nothing is run, so no input is read and no
//! solver started.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use sudoku_cli as cli;

fuzz_target!(|bytes: &[u8]| {
    let args = std::iter::once(OsString::from("sudoku")).chain(
        bytes
            .split(|&b| b == 0)
            .map(|arg| OsString::from(String::from_utf8_lossy(arg).into_owned())),
    );
    if let Err(e) = cli::parse(args) {
        let _ = e.render();
    }
});
