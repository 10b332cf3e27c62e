//! Mail as a whole: rate limits, mail too large, failures, replies cut, and
//! the keeper's notices.

/// The keeper's notice of an unreadable mail: subject.
pub fn unreadable_subject() -> String {
    "mailjudge: an unreadable mail was set aside".into()
}

/// The keeper's notice of an unreadable mail: text.
pub fn unreadable_notice(mail_id: i64, message_id: &str, bytes: usize, reason: &str) -> String {
    format!(
        "Mail #{mail_id} ({message_id}, {bytes} bytes) could not be read: {reason}.\nIt is kept in the database (table mails) and, with IMAP, in the quarantine folder.\n"
    )
}

/// The notice that mail is deferred: title.
pub fn too_many_mails_title() -> String {
    "Too many mails".into()
}

/// The notice that mail is deferred: the limit, and what becomes of the mail.
pub fn too_many_mails(limit: i64) -> Vec<String> {
    vec![
        format!("You have sent {limit} mails to this judge within an hour: that is its limit."),
        "This mail, and any more you send, is kept and will be read in the order they came as soon as the hour allows; each will be answered then. This notice is sent once."
            .to_string(),
    ]
}

/// The note to an address whose byte budget is spent: subject.
pub fn budget_note_subject(judge: &str) -> String {
    format!("{judge}: no more mail to this address for now")
}

/// The note to an address whose byte budget is spent (`limit` bytes an hour,
/// or a day; `games`: the budget of games' own mail), with the time by
/// which mail goes again.
pub fn budget_note(limit: u64, day: bool, games: bool, until: &str) -> String {
    let mb = limit as f64 / 1_000_000.0;
    let per = if day { "a day" } else { "an hour" };
    let (what, stopped) = if games {
        (" of games' results, reminders and deadlines", "no more of games' own mail (results, reminders, deadlines)")
    } else {
        ("", "nothing more here (no replies, maps or notices), except the results, reminders and deadlines of games you play or watch")
    };
    format!(
        "This judge has sent this address {mb:.1} MB{what} within {per}, the most it sends one address.\nUntil {until} it sends {stopped}.\nYour mail is still read: orders you send are taken. This note is sent once.\n"
    )
}

/// The answer to a mail too large: title.
pub fn too_large_title() -> String {
    "Mail too large".into()
}

/// The answer to a mail too large: the limit, and what to do.
pub fn too_large(max: usize) -> Vec<String> {
    vec![
        format!("Your mail is larger than {max} bytes, the most this judge reads."),
        "Nothing in it was read. Send your commands as plain text, without attachments.".to_string(),
    ]
}

/// The subject of a reply to a mail without one (`judge`: the judge's name).
pub fn reply_subject_untitled(judge: &str) -> String {
    format!("{judge}: your mail")
}

/// The subject of a reply.
pub fn reply_subject(subject: &str) -> String {
    format!("Re: {subject}")
}

/// The apology for a mail whose handling failed: title.
pub fn internal_error_title() -> String {
    "Internal error".into()
}

/// The apology for a mail whose handling failed: what happened, and what now.
pub fn internal_error() -> Vec<String> {
    vec![
        "The judge could not process your mail because of an internal error. Nothing in it took effect.".to_string(),
        "Your mail is kept and the judge's keeper has been told; please send it again later.".to_string(),
    ]
}

/// The keeper's notice of a failed mail: subject.
pub fn mail_failed_subject() -> String {
    "mailjudge: a mail failed".into()
}

/// The keeper's notice of a failed mail: text.
pub fn mail_failed_notice(mail_id: i64, message_id: &str, error: &str) -> String {
    format!("Mail #{mail_id} ({message_id}) failed:\n{error}\n")
}

/// The line that ends a reply cut at `max` bytes.
pub fn reply_cut(max: usize) -> String {
    format!(
        "\n[This reply was cut here: it is longer than {max} bytes, the most the judge sends in one mail. Ask for less at a time: HISTORY game FROM phase TO phase, one game at a time.]\n"
    )
}

/// The keeper's notice of a mail given up: subject.
pub fn undeliverable_subject() -> String {
    "mailjudge: a mail could not be delivered".into()
}

/// The keeper's notice of a mail given up: text.
pub fn undeliverable_notice(outbox_id: i64, to: &str, subject: &str, attempts: i64, since: &str, error: &str) -> String {
    format!("The judge gave up sending mail #{outbox_id} to {to} (\"{subject}\") after {attempts} attempts since {since}.\nLast error: {error}\n")
}

/// The keeper's notice of a mail the server refused for good (a permanent
/// reply to its recipient or its text), given up at its first try: text.
pub fn refused_notice(outbox_id: i64, to: &str, subject: &str, error: &str) -> String {
    format!(
        "The judge gave up sending mail #{outbox_id} to {to} (\"{subject}\"): the mail server refused it for good, so it is not tried again.\nThe server's answer: {error}\n"
    )
}

/// A webhook host that resolved, when posting, to an address that is not public.
pub fn webhook_not_public(host: &str) -> String {
    format!("{host} resolves to an address that is not public; nothing was sent")
}

/// A queued webhook post whose stored target cannot be read (for the log and the master).
pub fn unreadable_webhook(e: &str) -> String {
    format!("the stored webhook cannot be read: {e}")
}

/// Why a mail over its sender's rate was dropped (the mail's stored outcome, for the keeper).
pub fn too_many_waiting(n: u32) -> String {
    format!("{n} mails of this sender already wait")
}

/// Why a mail is not answered: the keeper's server says its From is forged.
pub fn forged_from() -> String {
    "the keeper's mail server says its From is forged (dmarc=fail)".into()
}

/// Why a mail over its sender's rate was dropped: the bytes of the sender's
/// mail already waiting (the mail's stored outcome, for the keeper).
pub fn too_many_waiting_bytes(bytes: i64) -> String {
    format!("{bytes} bytes of this sender's mail already wait, the most kept for one sender")
}

/// What came of a stored mail, in words (for the keeper and the log: the
/// sentence the mails table kept before its outcome was typed).
pub fn outcome(o: &crate::store::mails::Outcome) -> String {
    use crate::store::mails::{Full, Outcome};
    match o {
        Outcome::Answered { withheld: false } => "answered".into(),
        Outcome::Answered { withheld: true } => "answered; reply withheld: too many replies to this address within an hour".into(),
        Outcome::Ignored(why) => format!("ignored: {why}"),
        Outcome::Forged => format!("ignored: {}", forged_from()),
        Outcome::Failed(error) => format!("failed: {error}"),
        Outcome::Deferred => "deferred".into(),
        Outcome::Dropped(Full::Mails(n)) => format!("dropped: {}", too_many_waiting(*n)),
        Outcome::Dropped(Full::Bytes(b)) => format!("dropped: {}", too_many_waiting_bytes(*b)),
    }
}

/// The keeper's notice of an unreadable mail: text (`kept`: the bytes of it
/// the database keeps).
pub fn unreadable_set_aside_notice(mail_id: i64, message_id: &str, bytes: usize, reason: &str, kept: usize) -> String {
    format!(
        "Mail #{mail_id} ({message_id}, {bytes} bytes) could not be read: {reason}.\nThe whole mail is in the quarantine (the inbox's quarantine/ or the IMAP quarantine folder, where the oldest are dropped past {} mails or {} MB); the database keeps its first {kept} bytes (table mails).\nMore mail set aside within the hour comes in one digest.\n",
        crate::mail::maildir::QUARANTINE_MAX_MAILS,
        crate::mail::maildir::QUARANTINE_MAX_BYTES / 1_000_000
    )
}

/// The keeper's digest of mail set aside since the last notice: subject.
pub fn set_aside_digest_subject(n: usize) -> String {
    format!("mailjudge: {n} more mail(s) set aside")
}

/// The keeper's digest of mail set aside since the last notice: one line a
/// mail listed, then how many more there were (`every`: the seconds between
/// two notices at most).
pub fn set_aside_digest(listed: &[crate::store::mails::SetAside], more: usize, every: i64) -> String {
    let mut out =
        format!("{} mail(s) were set aside since the last notice (the keeper is told at most once in {} minutes):\n\n", listed.len() + more, every / 60);
    for m in listed {
        if m.failed {
            out.push_str(&format!("- mail #{} ({}) failed: {}\n", m.mail_id, m.message_id, m.why));
        } else {
            out.push_str(&format!("- mail #{} ({}, {} bytes) could not be read: {}\n", m.mail_id, m.message_id, m.bytes, m.why));
        }
    }
    if more > 0 {
        out.push_str(&format!("- and {more} more, not listed\n"));
    }
    out.push_str("\nEach is kept in the database (table mails: its status and detail say why); unreadable mail also in the quarantine.\n");
    out
}

/// What a kept mail holds when it was larger than what is kept whole: its
/// headers and the text the judge read (`text`: its bytes; `cut`: cut short)
/// of a mail of `bytes` (the value of a header: one line).
pub fn kept_text_note(bytes: usize, text: usize, cut: bool) -> String {
    let cut = if cut { ", cut short" } else { "" };
    format!("the headers and the text read ({text} bytes{cut}) of a mail of {bytes} bytes; its other parts were dropped")
}

/// What a kept mail holds: its headers and the `lines` command lines the
/// judge read (`cut`: cut short), its text being too long to keep.
pub fn kept_lines_note(bytes: usize, lines: usize, cut: bool) -> String {
    let cut = if cut { ", cut short" } else { "" };
    format!("the headers and the {lines} command line(s) read{cut} of a mail of {bytes} bytes; the rest was dropped")
}

/// What a kept mail holds: its headers only, the mail being over the size
/// limit (nothing in it was read).
pub fn kept_head_note(bytes: usize) -> String {
    format!("the headers of a mail of {bytes} bytes, over the size limit: nothing in it was read, the rest was dropped")
}
