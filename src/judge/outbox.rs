//! The outbox handed out mail by mail, for `serve`'s sending lanes: which
//! mail goes next on a free lane (one mail of a game, or of a sender's
//! replies, on its way at a time, so a delivery that stalls holds up only
//! its own), what became of it, and when the next retry is due.

use super::{Judge, OutMail, compose};
use crate::mail::compose::Kind;
use crate::mail::smtp::Retry;
use crate::store;
use std::collections::HashSet;

/// What mail shares a lane: a game's mail goes one at a time, as do the
/// replies and notices to one mailbox; different ones go side by side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    Game(i64),
    Mailbox(String),
}

impl Lane {
    fn of(h: &store::outbox::Head) -> Lane {
        match h.game_id {
            Some(g) if h.kind != Kind::Reply.as_str() => Lane::Game(g),
            _ => Lane::Mailbox(crate::mail::mailbox_key(&h.to)),
        }
    }
}

/// A mail taken for a lane, composed.
pub struct Picked {
    pub id: i64,
    pub lane: Lane,
    pub mail: OutMail,
    pub bytes: Vec<u8>,
}

/// How many due mails one look at the outbox considers.
const LOOK: usize = 1000;

/// The longest pause between tries of a mail the server answered "not now"
/// (4xx): ten minutes.
pub const RETRY_LATER_MAX_SECS: i64 = 600;

/// The longest pause between tries while there is no server to speak to
/// (connection refused or cut, a timeout): the outbox goes within this of
/// the server's return, however long it was away.
pub const RETRY_SOON_MAX_SECS: i64 = 10;

/// The pause before the next try of a mail tried `attempts` times so far:
/// 1 s, 2 s, 4 s ..., doubling up to [`RETRY_SOON_MAX_SECS`] or
/// [`RETRY_LATER_MAX_SECS`] as the failure says. (A mail refused for good
/// is not tried again: this is not asked.)
pub fn retry_wait(attempts: i64, retry: Retry) -> i64 {
    let grown = 1i64 << attempts.clamp(0, 20);
    match retry {
        Retry::Soon => grown.min(RETRY_SOON_MAX_SECS),
        Retry::Later | Retry::Never => grown.min(RETRY_LATER_MAX_SECS),
    }
}

impl Judge {
    /// Up to `free` due mails for free lanes, oldest first, none of a lane in
    /// `busy` nor two of one lane, each composed (a mail that cannot be
    /// composed is recorded as failed). Also the ids of the due mail looked
    /// at, taken or not, but for those of a busy lane (they wait behind the
    /// mail on its way).
    pub fn outbox_pick(&mut self, busy: &HashSet<Lane>, flying: &HashSet<i64>, free: usize) -> anyhow::Result<(Vec<Picked>, Vec<i64>)> {
        let now = self.ctx.now();
        let heads = store::outbox::due_heads(&self.conn, now, LOOK)?;
        let mut taken: HashSet<Lane> = HashSet::new();
        let mut picked = Vec::new();
        let mut due = Vec::new();
        for h in heads {
            if flying.contains(&h.id) {
                continue;
            }
            let lane = Lane::of(&h);
            if busy.contains(&lane) {
                continue;
            }
            due.push(h.id);
            if picked.len() >= free || taken.contains(&lane) {
                continue;
            }
            let Some(mail) = store::outbox::unsent(&self.conn, h.id)? else { continue };
            let mut files = Vec::new();
            for a in &mail.attachments {
                match store::attachments::get(&self.conn, *a)? {
                    Some(f) => files.push(f),
                    // a file pruned under a mail that waited that long: the text goes alone
                    None => tracing::warn!("outbox {}: attachment {a} is gone; sending the text alone", h.id),
                }
            }
            let attached: Vec<&compose::Attachment> = files.iter().collect();
            match compose::compose(&self.ctx.cfg.name, &self.ctx.cfg.address, &mail, now.clamp(0, crate::timing::MAX_TIME), &attached) {
                Ok(bytes) => {
                    taken.insert(lane.clone());
                    picked.push(Picked { id: h.id, lane, mail, bytes });
                }
                Err(e) => self.outbox_failed(h.id, &mail, &e, now)?,
            }
        }
        Ok((picked, due))
    }

    /// Mail `id` was taken by the server: marked sent (a crash before this
    /// sends it again, never loses it).
    pub fn outbox_sent(&mut self, id: i64) -> anyhow::Result<()> {
        let _relaxed = store::Relaxed::new(&self.conn, self.ctx.cfg.synchronous_full)?;
        store::outbox::mark_sent(&self.conn, id, self.ctx.now())?;
        Ok(())
    }

    /// Mail `id` (`m`) did not go (`e`): given up at once when the server
    /// refused it for good (a 5xx to its recipient or text), else tried again
    /// after its own pause ([`retry_wait`]), or, once it has waited
    /// `give_up_secs`, given up. A mail given up is told to the keeper.
    pub fn outbox_failed(&self, id: i64, m: &OutMail, e: &anyhow::Error, now: i64) -> anyhow::Result<()> {
        let (attempts, created) = store::outbox::attempts(&self.conn, id)?;
        let retry = crate::mail::smtp::retry_of(e);
        if retry == Retry::Never || now - created >= self.ctx.cfg.give_up_secs {
            tracing::error!("outbox {id} to {}: {e:#}; giving up after {} attempts", m.to, attempts + 1);
            store::outbox::give_up(&self.conn, id, now, &format!("{e:#}"))?;
            let keeper = self.ctx.cfg.keeper.clone();
            if !m.to.eq_ignore_ascii_case(&keeper) {
                let body = if retry == Retry::Never {
                    crate::report::say::judge::refused_notice(id, &m.to, &m.subject, &format!("{e:#}"))
                } else {
                    let since = crate::timing::format_time(created, self.ctx.cfg.timezone);
                    crate::report::say::judge::undeliverable_notice(id, &m.to, &m.subject, attempts + 1, &since, &format!("{e:#}"))
                };
                self.ctx.notice(&self.conn, &keeper, &crate::report::say::judge::undeliverable_subject(), body, None, None)?;
            }
            return Ok(());
        }
        let wait = retry_wait(attempts, retry);
        tracing::warn!("outbox {id} to {}: {e:#}; retry in {wait} s", m.to);
        store::outbox::retry_at(&self.conn, id, now + wait, &format!("{e:#}"))?;
        Ok(())
    }

    /// When the next mail waiting for a retry is due (after now), if any.
    pub fn outbox_next_try(&self) -> rusqlite::Result<Option<i64>> {
        store::outbox::next_try_after(&self.conn, self.ctx.now())
    }

    /// When the next webhook post waiting is due (it may be due already: a
    /// flush cut short by its time), if any.
    pub fn webhooks_next_try(&self) -> rusqlite::Result<Option<i64>> {
        store::webhooks::next_try(&self.conn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_double_up_to_ten_seconds_without_a_server_and_ten_minutes_for_a_4xx() {
        let soon: Vec<i64> = (0..8).map(|a| retry_wait(a, Retry::Soon)).collect();
        // at the cap (8 s, then 10 s) and past it: 10 s however long the outage
        assert_eq!(soon, [1, 2, 4, 8, 10, 10, 10, 10]);
        assert_eq!(retry_wait(3, Retry::Soon), 8);
        assert_eq!(retry_wait(4, Retry::Soon), RETRY_SOON_MAX_SECS);
        assert_eq!(retry_wait(10_000, Retry::Soon), RETRY_SOON_MAX_SECS);
        let later: Vec<i64> = (0..12).map(|a| retry_wait(a, Retry::Later)).collect();
        assert_eq!(later, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600]);
        assert_eq!(retry_wait(9, Retry::Later), 512);
        assert_eq!(retry_wait(10, Retry::Later), RETRY_LATER_MAX_SECS);
        assert_eq!(retry_wait(i64::MAX, Retry::Later), RETRY_LATER_MAX_SECS);
        assert_eq!(retry_wait(-1, Retry::Later), 1);
        // an outage of 70 s (tries at 0, 1, 3, 7, 15, 25 ... s): the first try after
        // the server's return comes within 10 s of it, not 57 s later
        let mut t = 0;
        let mut tries = vec![0];
        for a in 0.. {
            t += retry_wait(a, Retry::Soon);
            tries.push(t);
            if t >= 70 {
                break;
            }
        }
        assert!(tries.last().is_some_and(|&t| t - 70 <= RETRY_SOON_MAX_SECS), "{tries:?}");
        assert!(tries.windows(2).all(|w| w[1] - w[0] <= RETRY_SOON_MAX_SECS), "{tries:?}");
    }
}
