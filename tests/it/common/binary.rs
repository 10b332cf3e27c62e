//! The `mailjudge` binary run as a user runs it.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `mailjudge ARGS` with `input` on standard input: its exit code,
/// standard output and standard error.
pub fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_mailjudge")).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}
