//! One inbound mail, inside the batch's transaction: read, known or new,
//! ignored, deferred or dropped by its sender's rate, or answered (its
//! commands run, its reply queued); what came of it kept as a typed
//! [`Outcome`].

use super::MailOutcome;
use super::keeper::tell_keeper;
use super::kept::{KEPT_TIGHT_BYTES, Kept, WAITING_BYTES_PER_SENDER};
use crate::context::Ctx;
use crate::context::gate::Cause;
use crate::mail::compose::{Kind, OutMail};
use crate::mail::read::{self, ReadLimits, Verdict};
use crate::report::say;
use crate::store;
use crate::store::mails::{Full, Outcome};
use rusqlite::Connection;

/// Who sent a mail, and what it is called.
#[derive(Clone, Copy)]
struct Envelope<'a> {
    message_id: &'a str,
    sender: &'a str,
    subject: &'a str,
}

/// Stores an inbound mail. `raw` is what is kept: the mail with its passwords
/// redacted as [`Kept::stored`] keeps it (small mail whole, of a large one its
/// headers and the text read), or, for a deferred mail, as received (it is
/// read again when its turn comes); cut to the size limit (a deferred mail
/// one byte more, so that it is still seen as too large).
fn store_mail(conn: &Connection, ctx: &Ctx, env: Envelope, raw: &[u8], content_hash: &str, outcome: &Outcome) -> rusqlite::Result<i64> {
    let Envelope { message_id, sender, subject } = env;
    let deferred = *outcome == Outcome::Deferred;
    let max = ctx.cfg.limits.max_message_bytes + usize::from(deferred);
    let keep = &raw[..raw.len().min(max)];
    let now = ctx.now();
    let handled = outcome.handled().then_some(now);
    store::mails::insert(conn, &store::mails::MailRow { message_id, sender, subject, raw: keep, received: now, outcome, content_hash, handled })
}

/// Records a mail as `kept` keeps it ([`Kept::stored`]) with `outcome`: the
/// deferred row `deferred` settled in place, or a new row. Returns its id.
fn record_kept(conn: &Connection, ctx: &Ctx, deferred: Option<i64>, env: Envelope, kept: &Kept, outcome: &Outcome) -> rusqlite::Result<i64> {
    let keep = kept.stored(conn, ctx, env.sender)?;
    match deferred {
        Some(id) => {
            store::mails::settle(conn, id, &keep, outcome, outcome.handled().then_some(ctx.now()))?;
            Ok(id)
        }
        None => store_mail(conn, ctx, env, &keep, &kept.hash, outcome),
    }
}

/// Handles one inbound mail inside the caller's transaction: a new one, or a
/// deferred one given again by [`super::Judge::handle_deferred`].
///
/// - The same Message-ID with the same content (passwords redacted) as a stored
///   mail: a duplicate, nothing done. With other content: a new mail.
/// - Ignored mail (bounces, auto-replies, ...) is stored and never counts
///   towards the sender's rate limit.
/// - A sender who had `limits.mails_per_sender_per_hour` mails handled in the
///   last hour, or who has deferred mail waiting, has the mail stored `deferred`
///   (one notice when deferral starts); it is handled later, in the order mail
///   came, as soon as the sender is under the limit.
/// - Otherwise the commands run and the reply is queued to the From address.
///
/// Passwords are redacted before anything is stored (see [`crate::mail::redact`]).
pub fn handle_mail(conn: &Connection, ctx: &mut Ctx, raw: &[u8]) -> anyhow::Result<MailOutcome> {
    // files a reply carries belong to this mail alone (a mail whose handling
    // failed leaves none behind for the next one's reply)
    ctx.reply_files.clear();
    ctx.gate.borrow_mut().begin(None);
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits, &ctx.judge_text);
    let kept = Kept::new(&verdict, raw, &ctx.judge_text);
    let now = ctx.now();
    if !verdict.from().is_empty() {
        store::mails::clamp_future(conn, verdict.from(), now)?;
    }
    let deferred = match known(conn, &kept.message_id, raw, &kept.hash)? {
        Known::New => None,
        Known::Deferred(id) => Some(id),
        Known::Duplicate => return Ok(MailOutcome::Duplicate),
    };
    let mut inc = match verdict {
        Verdict::Ignore { from, reason, unreadable, .. } => {
            let message_id = kept.message_id.clone();
            let outcome = Outcome::Ignored(reason.clone());
            // a deferred mail now ignored (the configuration changed) is settled as ignored
            let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &message_id, sender: &from, subject: "" }, &kept, &outcome)?;
            tracing::info!("ignored mail {message_id} from {from}: {reason}");
            if unreadable {
                let set_aside = store::mails::SetAside { mail_id, message_id: message_id.clone(), bytes: raw.len(), why: reason.clone(), failed: false };
                let kept_bytes = kept.redacted.len().min(KEPT_TIGHT_BYTES);
                let body = say::judge::unreadable_set_aside_notice(mail_id, &message_id, raw.len(), &reason, kept_bytes);
                tell_keeper(conn, ctx, set_aside, &say::judge::unreadable_subject(), body)?;
                return Ok(MailOutcome::Unreadable(reason));
            }
            return Ok(MailOutcome::Ignored(reason));
        }
        Verdict::Answer(i) => i,
    };
    // the keeper's own server on the From: forged is refused unanswered, proven consents
    match read::auth::from_proof(raw, &ctx.cfg.consent.authserv_id, &inc.from) {
        read::auth::FromProof::Forged => {
            let outcome = Outcome::Forged;
            record_kept(conn, ctx, deferred, Envelope { message_id: &kept.message_id, sender: &inc.from, subject: "" }, &kept, &outcome)?;
            tracing::warn!("mail {} from {}: the keeper's server says dmarc=fail; not answered", kept.message_id, inc.from);
            return Ok(MailOutcome::Ignored(say::judge::outcome(&outcome)));
        }
        read::auth::FromProof::Proven => {
            crate::context::gate::grant(conn, &crate::mail::mailbox_key(&inc.from), crate::store::consent::How::Proven, now)?;
        }
        read::auth::FromProof::Unknown => {}
    }
    // the judge answers the From address only, for replies and for the
    // commands' own mail alike (see `reply_to`); a subject with a password in
    // it is neither stored nor echoed in the reply's subject
    inc.reply_to = inc.from.clone();
    inc.subject = kept.subject(&inc.subject, &ctx.judge_text);
    inc.message_id = kept.message_id.clone();
    let limit = ctx.cfg.limits.mails_per_sender_per_hour as i64;
    let recent = store::mails::count_recent(conn, &inc.from, now - 3600)?;
    let oldest = store::mails::oldest_deferred(conn, &inc.from)?;
    let full = if deferred.is_none() && (recent >= limit || oldest.is_some()) { waiting_full(conn, ctx, &inc.from, raw.len())? } else { None };
    // over the limit with as many waiting (mails or bytes) as a sender may
    // have: dropped (kept as seen, so a copy delivered again is a
    // duplicate), never answered
    if let (None, Some(full)) = (deferred, full) {
        let outcome = Outcome::Dropped(full);
        // its Message-ID and hash only: a flood of dropped mail does not fill the database
        store_mail(conn, ctx, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, b"", &kept.hash, &outcome)?;
        let said = say::judge::outcome(&outcome);
        tracing::warn!("mail {} from {} {said}", inc.message_id, inc.from);
        return Ok(MailOutcome::Ignored(said));
    }
    match deferred {
        // over the limit, or behind the sender's deferred mail: deferred too
        None if recent >= limit || oldest.is_some() => {
            let mail_id =
                store_mail(conn, ctx, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, raw, &kept.hash, &Outcome::Deferred)?;
            tracing::info!("mail {} from {} deferred: {recent} mail(s) handled in the last hour", inc.message_id, inc.from);
            if oldest.is_none() {
                // deferral starts: one notice, not one per mail
                let body = ctx
                    .templates
                    .render("notice.txt", minijinja::context! { title => say::judge::too_many_mails_title(), lines => say::judge::too_many_mails(limit) });
                send_reply(conn, ctx, &inc, body, mail_id)?;
            }
            return Ok(MailOutcome::RateLimited);
        }
        // a deferred mail waits for its turn: the sender's oldest, under the limit
        Some(id) if recent >= limit || oldest != Some(id) => return Ok(MailOutcome::RateLimited),
        _ => {}
    }
    let answered = Outcome::Answered { withheld: false };
    let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &inc.message_id, sender: &inc.from, subject: &inc.subject }, &kept, &answered)?;
    ctx.gate.borrow_mut().begin(Some(Cause { sender: crate::mail::mailbox_key(&inc.from), mail_id }));
    let body = if inc.too_large {
        ctx.templates.render(
            "notice.txt",
            minijinja::context! { title => say::judge::too_large_title(), lines => say::judge::too_large(ctx.cfg.limits.max_message_bytes) },
        )
    } else {
        crate::command::run(conn, ctx, &inc, mail_id)?
    };
    let body = with_offer(conn, ctx, body)?;
    if !send_reply(conn, ctx, &inc, body, mail_id)? {
        store::mails::set_outcome(conn, mail_id, &Outcome::Answered { withheld: true })?;
    }
    Ok(MailOutcome::Answered)
}

/// `body` with the paragraph that offers an unconsented sender its code,
/// when the mail made it the recipient of something (see [`crate::context::gate`]).
fn with_offer(conn: &Connection, ctx: &Ctx, body: String) -> rusqlite::Result<String> {
    let offer = crate::context::gate::offer(conn, &ctx.cfg, &ctx.gate.borrow(), ctx.now())?;
    Ok(match offer {
        Some(paragraphs) => {
            let text: Vec<String> = paragraphs.iter().map(|p| if p.starts_with(' ') { p.clone() } else { crate::report::wrap(p, 76) }).collect();
            format!("{}\n\n{}\n", body.trim_end(), text.join("\n\n"))
        }
        None => body,
    })
}

/// The reply to `inc`, addressed to its From address.
///
/// Reply-To is not followed: the From address is what the rate limit counts and
/// what the judge knows a player by, while a forged Reply-To would aim the
/// judge's replies (each as long as a HISTORY) at a third party that never
/// wrote. A body longer than [`MAX_REPLY_BYTES`] is cut ([`cut_reply`]).
fn reply_to(ctx: &Ctx, inc: &read::Incoming, body: String) -> OutMail {
    let subject = if inc.subject.trim().is_empty() {
        say::judge::reply_subject_untitled(&ctx.cfg.name)
    } else if inc.subject.to_ascii_lowercase().starts_with("re:") {
        inc.subject.clone()
    } else {
        say::judge::reply_subject(&inc.subject)
    };
    let mut references = inc.references.clone();
    references.push(inc.message_id.clone());
    OutMail {
        to: inc.from.clone(),
        subject,
        body: cut_reply(body, MAX_REPLY_BYTES),
        message_id: ctx.new_message_id(),
        in_reply_to: Some(inc.message_id.clone()),
        references,
        list_id: None,
        unsubscribe: None,
        kind: Kind::Reply,
        attachments: Vec::new(),
    }
}

/// A mail whose handling failed: kept, marked, and (if it has a sender) answered
/// with an apology; the keeper is told. A deferred mail whose turn it was is
/// marked failed in place.
pub(super) fn record_failure(conn: &Connection, ctx: &mut Ctx, raw: &[u8], error: &str) -> anyhow::Result<MailOutcome> {
    let limits = ReadLimits { max_bytes: ctx.cfg.limits.max_message_bytes, max_lines: ctx.cfg.limits.max_lines };
    let verdict = read::read(raw, &ctx.cfg.address, limits, &ctx.judge_text);
    let kept = Kept::new(&verdict, raw, &ctx.judge_text);
    let outcome = Outcome::Failed(error.to_string());
    let deferred = match known(conn, &kept.message_id, raw, &kept.hash)? {
        Known::Duplicate => return Ok(MailOutcome::Duplicate),
        Known::Deferred(id) => Some(id),
        Known::New => None,
    };
    let mail_id = record_kept(conn, ctx, deferred, Envelope { message_id: &kept.message_id, sender: verdict.from(), subject: "" }, &kept, &outcome)?;
    if let Verdict::Answer(mut inc) = verdict {
        inc.subject = kept.subject(&inc.subject, &ctx.judge_text);
        inc.message_id = kept.message_id.clone();
        let body =
            ctx.templates.render("notice.txt", minijinja::context! { title => say::judge::internal_error_title(), lines => say::judge::internal_error() });
        // files the failed handling made were rolled back with it
        ctx.reply_files.clear();
        send_reply(conn, ctx, &inc, body, mail_id)?;
    }
    let set_aside = store::mails::SetAside { mail_id, message_id: kept.message_id.clone(), bytes: raw.len(), why: error.to_string(), failed: true };
    let body = say::judge::mail_failed_notice(mail_id, &kept.message_id, error);
    tell_keeper(conn, ctx, set_aside, &say::judge::mail_failed_subject(), body)?;
    Ok(MailOutcome::Unreadable(say::judge::outcome(&outcome)))
}

/// Why `sender` may have no more mail deferred, if so: as many mails wait as
/// `limits.waiting_mails_per_sender`, or this one (`bytes`, as it would be
/// kept) would take the bytes waiting past [`WAITING_BYTES_PER_SENDER`]
/// (never less than one mail of the size limit).
fn waiting_full(conn: &Connection, ctx: &Ctx, sender: &str, bytes: usize) -> rusqlite::Result<Option<Full>> {
    let most = ctx.cfg.limits.waiting_mails_per_sender;
    if store::mails::count_deferred(conn, sender)? >= most as i64 {
        return Ok(Some(Full::Mails(most)));
    }
    let max = ctx.cfg.limits.max_message_bytes;
    let cap = WAITING_BYTES_PER_SENDER.max(max as i64 + 1);
    let waiting = store::mails::deferred_bytes(conn, sender)?;
    if waiting > 0 && waiting + bytes.min(max + 1) as i64 > cap {
        return Ok(Some(Full::Bytes(waiting)));
    }
    Ok(None)
}

/// The largest reply body the judge sends, in bytes (64 KiB): a longer one is
/// cut at a line end with a closing line saying so ([`cut_reply`]).
pub const MAX_REPLY_BYTES: usize = 64 * 1024;

/// Replies the judge sends to one mailbox per hour (`name@domain` and every
/// `name+tag@domain` together). Past it a mail is still handled, but its reply
/// is not queued (logged, and noted in the mail's outcome): with forged From
/// addresses, the judge could otherwise be made to flood a mailbox. The limit
/// is never below `limits.mails_per_sender_per_hour`, so that a judge
/// configured to take more mail from one sender answers all of it.
pub const MAX_REPLIES_PER_ADDRESS_PER_HOUR: u32 = 30;

/// `body` cut to at most `max` bytes: at the end of the last line that fits,
/// followed by a line saying that the reply was cut and how to ask for less.
/// A body within `max` is returned as it is.
pub fn cut_reply(body: String, max: usize) -> String {
    if body.len() <= max {
        return body;
    }
    let note = say::judge::reply_cut(max);
    let mut end = max.saturating_sub(note.len());
    while !body.is_char_boundary(end) {
        end -= 1;
    }
    let end = body[..end].rfind('\n').map(|i| i + 1).unwrap_or(end);
    let mut out = String::with_capacity(end + note.len());
    out.push_str(&body[..end]);
    out.push_str(&note);
    out
}

/// Queues the reply to `inc` (see [`reply_to`]) unless its mailbox had its
/// hourly share of replies ([`MAX_REPLIES_PER_ADDRESS_PER_HOUR`]). Returns
/// whether it was queued.
fn send_reply(conn: &Connection, ctx: &mut Ctx, inc: &read::Incoming, body: String, mail_id: i64) -> anyhow::Result<bool> {
    let mut m = reply_to(ctx, inc, body);
    m.attachments = std::mem::take(&mut ctx.reply_files);
    let key = crate::mail::mailbox_key(&m.to);
    let cap = MAX_REPLIES_PER_ADDRESS_PER_HOUR.max(ctx.cfg.limits.mails_per_sender_per_hour) as i64;
    let sent = store::mails::replies_since(conn, &key, ctx.now() - 3600)?;
    if sent >= cap {
        tracing::warn!("mail #{mail_id} ({}): no reply to {}: {sent} replies to {key} within the last hour, the most it gets", inc.message_id, m.to);
        return Ok(false);
    }
    Ok(ctx.queue(conn, &m, None, Some(mail_id))?)
}

/// What the store knows of an inbound mail.
enum Known {
    New,
    /// Stored before, handled or ignored: nothing to do.
    Duplicate,
    /// Stored as deferred (this id): handled when its turn comes.
    Deferred(i64),
}

fn known(conn: &Connection, message_id: &str, raw: &[u8], hash: &str) -> rusqlite::Result<Known> {
    // a deferred mail given again from the store: the bytes it was stored with
    // (found so whatever the configuration says now about reading it)
    if let Some(id) = store::mails::deferred_with(conn, message_id, raw)? {
        return Ok(Known::Deferred(id));
    }
    Ok(match store::mails::find(conn, message_id, hash)? {
        None => Known::New,
        Some((id, Outcome::Deferred)) => Known::Deferred(id),
        Some(_) => Known::Duplicate,
    })
}
