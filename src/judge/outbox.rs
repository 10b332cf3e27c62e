//! The outbox handed out mail by mail, for `serve`'s sending lanes: which
//! mail goes next on a free lane (one mail of a game, or of a sender's
//! replies, on its way at a time, so a delivery that stalls holds up only
//! its own), what became of it, and when the next retry is due.

use super::{Judge, OutMail, compose};
use crate::mail::compose::Kind;
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

    /// Mail `id` (`m`) did not go (`e`): tried again after its own pause (1 s,
    /// 2 s, 4 s ... up to ten minutes between tries), or, once it has waited
    /// `give_up_secs`, given up and the keeper told.
    pub fn outbox_failed(&self, id: i64, m: &OutMail, e: &anyhow::Error, now: i64) -> anyhow::Result<()> {
        let (attempts, created) = store::outbox::attempts(&self.conn, id)?;
        if now - created >= self.ctx.cfg.give_up_secs {
            tracing::error!("outbox {id} to {}: {e:#}; giving up after {attempts} attempts", m.to);
            store::outbox::give_up(&self.conn, id, now, &format!("{e:#}"))?;
            let keeper = self.ctx.cfg.keeper.clone();
            if !m.to.eq_ignore_ascii_case(&keeper) {
                let since = crate::timing::format_time(created, self.ctx.cfg.timezone);
                let body = super::say::judge::undeliverable_notice(id, &m.to, &m.subject, attempts + 1, &since, &format!("{e:#}"));
                self.ctx.notice(&self.conn, &keeper, &super::say::judge::undeliverable_subject(), body, None, None)?;
            }
            return Ok(());
        }
        let wait = (1i64 << attempts.min(10)).min(600);
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
