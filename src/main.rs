//! The `mailjudge` binary: everything is in the library ([`mailjudge::cli`]).

fn main() -> std::process::ExitCode {
    mailjudge::cli::main()
}
