//! The forums' posts: a game's results posted to its webhooks after the
//! commit, each target's in order, with the outbox's retries and give-up.

use super::{Judge, OUTBOX_KEEP_SECS};
use crate::report::say;
use crate::store;

impl Judge {
    /// Posts queued webhook posts through `poster` (each target's in order).
    /// A post the server takes is marked sent; 429, 5xx and no answer are
    /// retried with the outbox's backoff (or the server's Retry-After, up to
    /// ten minutes) until `give_up_secs`; a post refused alone is dropped
    /// alone; a webhook refused for good, or a URL the judge may no longer
    /// post to, gives the target's posts up; the game's master is told (once
    /// a day at most). Posting stops once `budget` has passed (the rest
    /// waits for the next call). Returns how many were sent.
    pub fn flush_webhooks(&mut self, poster: &mut dyn crate::publish::Poster, budget: Option<std::time::Duration>) -> anyhow::Result<usize> {
        use crate::publish::Posted;
        let now = self.ctx.now();
        store::webhooks::prune(&self.conn, now - OUTBOX_KEEP_SECS)?;
        let mut sent = 0;
        let started = std::time::Instant::now();
        let mut due = store::webhooks::due(&self.conn, now, 100)?;
        if let Some((game, url)) = self.webhook_resume.take()
            && let Some(i) = due.iter().position(|d| d.game_id == game && d.url == url)
        {
            due.rotate_left(i);
        }
        for (k, d) in due.iter().enumerate() {
            // the first post of a pass always goes
            if k > 0 && budget.is_some_and(|b| started.elapsed() >= b) {
                tracing::info!("webhooks: the pass's time is up; the rest wait for the next pass");
                self.webhook_resume = Some((d.game_id, d.url.clone()));
                break;
            }
            let queued: crate::publish::Webhook = match serde_json::from_str(&d.target) {
                Ok(t) => t,
                Err(e) => {
                    self.webhook_gave_up(d.id, d.game_id, &d.url, &say::judge::unreadable_webhook(&e.to_string()), true)?;
                    continue;
                }
            };
            // posted as the game's webhook is now: one removed since (SET NO
            // WEBHOOK) gets nothing more, one replaced gets its new key
            let webhooks = store::games::webhooks_of(&self.conn, d.game_id)?;
            let Some(target) = webhooks.into_iter().find(|w| w.url == queued.url) else {
                let n = store::webhooks::drop_waiting(&self.conn, d.game_id, &d.url)?;
                tracing::info!("webhook posts for game {}: the webhook was removed; {n} waiting post(s) dropped", d.game_id);
                continue;
            };
            let result = match crate::publish::check_url(&self.ctx.cfg.webhooks, &target.url) {
                Err(e) => Posted::Refused(e.to_string()),
                Ok(()) => {
                    let (headers, body) = crate::publish::request(&target, &d.content);
                    poster.post(&crate::publish::endpoint(&target), &headers, &body, self.ctx.cfg.webhooks.allow_private)
                }
            };
            match result {
                Posted::Sent => {
                    store::webhooks::mark_sent(&self.conn, d.id, now)?;
                    sent += 1;
                }
                Posted::Retry(e, after) if now - d.created < self.ctx.cfg.give_up_secs => {
                    let wait = (1i64 << d.attempts.min(10)).min(600).max(after.unwrap_or(0).min(600) as i64);
                    tracing::warn!("webhook post {} for game {}: {e}; retry in {wait} s", d.id, d.game_id);
                    store::webhooks::retry_at(&self.conn, d.id, now + wait, &e)?;
                }
                Posted::Rejected(e) => self.webhook_gave_up(d.id, d.game_id, &d.url, &e, false)?,
                Posted::Retry(e, _) | Posted::Refused(e) => self.webhook_gave_up(d.id, d.game_id, &d.url, &e, true)?,
            }
        }
        Ok(sent)
    }

    /// Gives post `id` up (`rest`: and its webhook's later posts), telling the
    /// master once a day a webhook.
    fn webhook_gave_up(&mut self, id: i64, game_id: i64, url: &str, error: &str, rest: bool) -> anyhow::Result<()> {
        tracing::error!("webhook post {id} for game {game_id}: {error}; given up");
        if !store::webhooks::give_up(&self.conn, id, self.ctx.now(), error, rest)? {
            let g = store::games::identity_of(&self.conn, game_id)?;
            let body = if rest { say::game::webhook_gave_up_notice(&g, url, error) } else { say::game::webhook_post_refused_notice(&g, url, error) };
            self.ctx.notice(&self.conn, &g.master_email, &say::game::webhook_gave_up_subject(&g), body, Some(g.id), None)?;
        }
        Ok(())
    }
}
