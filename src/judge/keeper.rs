//! The keeper told of mail set aside (unreadable, or its handling failed):
//! the first at once, those after it within the hour in one digest.

use super::Judge;
use crate::context::Ctx;
use crate::report::say;
use crate::store;
use rusqlite::Connection;

/// How often at most the keeper is told of mail set aside (unreadable, or
/// its handling failed): the first such mail is told at once, those within
/// this time after a notice wait for one digest ([`Judge::keeper_digest`]).
pub const KEEPER_NOTICE_SECS: i64 = 3600;

/// The most mails a digest to the keeper lists (the rest are counted).
pub const DIGEST_LISTED: usize = 50;

/// The most characters of an error or a reason a digest's line shows.
const MAX_WHY_CHARS: usize = 300;

/// Tells the keeper of a mail set aside: `body` at once when the keeper was
/// not told of one within [`KEEPER_NOTICE_SECS`] (with what waits for the
/// digest, if anything does: then the digest goes instead), else the mail
/// waits for the next digest.
pub(super) fn tell_keeper(conn: &Connection, ctx: &Ctx, mut m: store::mails::SetAside, subject: &str, body: String) -> anyhow::Result<()> {
    let now = ctx.now();
    let mut d = store::mails::keeper_digest(conn)?;
    m.why = m.why.chars().take(MAX_WHY_CHARS).collect();
    // a notice "from the future" (the clock went back) holds nothing back
    let due = d.last_told.is_none_or(|t| t <= now - KEEPER_NOTICE_SECS || t > now);
    let id = m.mail_id;
    if d.waiting.len() < DIGEST_LISTED {
        d.waiting.push(m);
    } else {
        d.more += 1;
    }
    if !due {
        tracing::warn!("mail #{id} set aside; the keeper was told of one within the hour: it waits for the digest");
    } else if d.waiting.len() == 1 && d.more == 0 {
        ctx.notice(conn, &ctx.cfg.keeper, subject, body, None, None)?;
        d = store::mails::KeeperDigest { last_told: Some(now), ..Default::default() };
    } else {
        send_digest(conn, ctx, &mut d)?;
    }
    store::mails::set_keeper_digest(conn, &d)?;
    Ok(())
}

/// Queues the keeper's digest of `d`'s waiting mail, and empties it.
fn send_digest(conn: &Connection, ctx: &Ctx, d: &mut store::mails::KeeperDigest) -> rusqlite::Result<()> {
    let n = d.waiting.len() + d.more;
    let body = say::judge::set_aside_digest(&d.waiting, d.more, KEEPER_NOTICE_SECS);
    ctx.notice(conn, &ctx.cfg.keeper, &say::judge::set_aside_digest_subject(n), body, None, None)?;
    tracing::info!("the keeper's digest of {n} mail(s) set aside queued");
    *d = store::mails::KeeperDigest { last_told: Some(ctx.now()), ..Default::default() };
    Ok(())
}

impl Judge {
    /// Sends the keeper the digest of mail set aside since the last notice
    /// (see [`tell_keeper`]) once [`KEEPER_NOTICE_SECS`] have passed since
    /// it. The daemon calls this after the deadlines. Returns whether one
    /// was queued.
    pub fn keeper_digest(&mut self) -> anyhow::Result<bool> {
        let now = self.ctx.now();
        let d = store::mails::keeper_digest(&self.conn)?;
        let waiting = !d.waiting.is_empty() || d.more > 0;
        if !waiting || d.last_told.is_some_and(|t| t > now - KEEPER_NOTICE_SECS && t <= now) {
            return Ok(false);
        }
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        self.ctx.gate.borrow_mut().begin(None);
        let mut d = store::mails::keeper_digest(&tx)?;
        send_digest(&tx, &self.ctx, &mut d)?;
        store::mails::set_keeper_digest(&tx, &d)?;
        tx.commit()?;
        Ok(true)
    }
}
