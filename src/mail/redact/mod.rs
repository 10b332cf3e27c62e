//! Passwords out of stored mail: the judge keeps every inbound mail raw (table
//! `mails`, and so in every backup), and sign-on mail carries passwords.
//!
//! Which words of a line are secrets is the sign-on grammar's answer
//! ([`crate::mail::signon`]: sign-on lines however mistyped, `SET PASSWORD`,
//! `PASSWORD`, `judge=`, never the judge's own text quoted back), taken
//! generously: a stored mail with a word too many masked costs little; a
//! password kept in clear is a leak. A sign-on line that lacks its password
//! is joined with the lines holding the missing words ([`join_signons`]), by
//! the reader and here alike: the password on the line after is a secret, and
//! the reply echoes the joined line masked. A subject is masked only if it is
//! itself a sign-on line, its `Re:` and `Fwd:` prefixes left out
//! ([`redact_text`]), read strictly, as it is shown back ([`Reading::Subject`]:
//! "SIGNON Fdemo pw" and "CREATE ?rc pw" are masked, "Join game rc" is not);
//! in the stored mail, a Subject field whose secret is in an RFC 2047 encoded
//! word is written anew.
//!
//! [`mask_line`] shows a line with its secrets as `******` (for the reply's
//! echo). [`redact`] returns a mail's raw bytes with every secret of its lines
//! (the command lines the judge read, and every line of every text part, quoted
//! or not, `format=flowed` text also with its soft-wrapped lines joined)
//! replaced by as many `*`, where the secret appears literally. If it
//! does not (a base64 or quoted-printable body, HTML entities), or the
//! replacement would change the mail's MIME structure, the mail is stored as its
//! headers plus its decoded text body, redacted, with a [`REDACTED_HEADER`]
//! saying so (other parts are dropped).

mod raw;
mod store;

pub use crate::mail::signon::{JudgeText, MASK, Reading, join_signons, lacks_password, mask_line, secret_spans, secrets, subject_spans};
pub use store::{mail_secrets, redact, redact_secrets, redact_text, subject_text};

#[cfg(test)]
mod tests;

/// The most secrets taken from one mail ([`mail_secrets`]): each is looked for
/// in the whole mail, so a mail made of thousands of sign-on lines must not cost
/// thousands of passes over it. A real mail has a few.
pub const MAX_SECRETS: usize = 100;

/// The header added to a mail whose body was decoded and re-encoded to redact it.
pub const REDACTED_HEADER: &str = "X-Mailjudge-Redacted";
