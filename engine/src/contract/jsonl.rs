//! `adjudicate --jsonl`: one case a line in, one outcome a line out, in order.
//!
//! The loop takes the reader and writer it is given (the CLI passes locked
//! standard input and output, the benchmark and tests their own buffers): the
//! engine opens nothing itself. Output is buffered and flushed whenever the
//! input has no further line already waiting, so a caller that writes one
//! line and waits for its answer gets it, and a batch piped in is written in
//! large blocks.

use super::{Adjudicator, CaseError};
use std::io::{self, BufRead, BufReader, Read, Write};

/// The longest line (in bytes, without its newline) read as a case. A real
/// case is a few kilobytes (a board lists at most [`super::max_units`]
/// units); a longer line is answered with an error outcome and skipped
/// without being kept in memory.
pub const MAX_LINE: usize = 1 << 20;

/// What one read of a line gave.
enum Line {
    /// A line (without its newline) is in the buffer.
    Text,
    /// The line was longer than [`MAX_LINE`]; it was read and dropped.
    TooLong,
    End,
}

impl Adjudicator {
    /// Runs every case line of `input`, writing one outcome line each to
    /// `output` (`{"error": "..."}` for a case that cannot be read). Blank
    /// lines are skipped. Stops at the end of input, or with the error if
    /// `output` cannot be written.
    pub fn run_jsonl(&mut self, input: impl Read, output: impl Write) -> io::Result<()> {
        let mut input = BufReader::with_capacity(64 * 1024, input);
        let mut out = io::BufWriter::with_capacity(64 * 1024, output);
        let mut line = Vec::new();
        loop {
            // a whole line in the input's buffer is read where it is
            let end = memchr::memchr(b'\n', input.buffer());
            if let Some(i) = end.filter(|&i| strip_cr(&input.buffer()[..i]).len() <= MAX_LINE) {
                self.line(strip_cr(&input.buffer()[..i]), &mut out)?;
                input.consume(i + 1);
            } else {
                let read = match read_line(&mut input, &mut line) {
                    Ok(r) => r,
                    Err(e) => {
                        write_error(&mut out, &format!("unreadable input: {e}"))?;
                        break;
                    }
                };
                match read {
                    Line::End => break,
                    Line::TooLong => write_error(&mut out, &format!("line longer than {MAX_LINE} bytes"))?,
                    Line::Text => self.line(&line, &mut out)?,
                }
            }
            if input.buffer().is_empty() {
                out.flush()?;
            }
        }
        out.flush()
    }

    /// Answers one line (without its end): a blank line is skipped.
    fn line(&mut self, line: &[u8], out: &mut impl Write) -> io::Result<()> {
        match std::str::from_utf8(line) {
            Err(_) => write_error(out, "unreadable input: stream did not contain valid UTF-8"),
            Ok(text) if text.trim().is_empty() => Ok(()),
            Ok(text) => self.answer(text, out),
        }
    }

    /// Adjudicates one case line and writes its outcome line.
    fn answer(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        match guarded(|| self.run_to(text, out)) {
            Ok(written) => written.and_then(|()| out.write_all(b"\n")),
            Err(e) => write_error(out, &e.to_string()),
        }
    }
}

fn write_error(out: &mut impl Write, message: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &serde_json::json!({ "error": message }))?;
    out.write_all(b"\n")
}

/// Reads one line into `line` (cleared first; without the `\n` or `\r\n`),
/// keeping at most [`MAX_LINE`] bytes of it.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Line> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, used, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if !too_long && line.len() + chunk.len() <= MAX_LINE + 1 {
            line.extend_from_slice(chunk);
        } else {
            too_long = true;
            line.clear();
        }
        input.consume(used);
        if done {
            break;
        }
    }
    line.truncate(strip_cr(line).len());
    Ok(match () {
        _ if too_long || line.len() > MAX_LINE => Line::TooLong,
        _ if !any => Line::End,
        _ => Line::Text,
    })
}

/// A line without the `\r` of a `\r\n` end.
fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Runs `f`, turning a panic into an input error (a malformed case must
/// never crash a batch).
pub fn guarded<T>(f: impl FnOnce() -> Result<T, CaseError>) -> Result<T, CaseError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
        Err(CaseError::Internal(msg))
    })
}
