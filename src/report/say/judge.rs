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
