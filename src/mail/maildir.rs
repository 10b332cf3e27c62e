//! A Maildir spool: mail arrives in `new/`, processed mail moves to `cur/` with
//! the Seen flag; outgoing mail is written to `tmp/` and renamed into `new/`.

use super::{Inbound, Outbound, RawMail};
use anyhow::Context;
use std::path::{Path, PathBuf};

pub struct Maildir {
    root: PathBuf,
    /// Names listed from `new/` and not yet handed out (a directory of
    /// thousands of mails is listed once, not once per batch).
    pending: std::collections::VecDeque<String>,
}

impl Maildir {
    /// Opens (and creates, if needed) the Maildir at `root`.
    pub fn open(root: &Path) -> anyhow::Result<Maildir> {
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(root.join(sub)).with_context(|| format!("creating {}", root.join(sub).display()))?;
        }
        Ok(Maildir { root: root.to_path_buf(), pending: Default::default() })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Delivers a mail into `new/` atomically (tmp, then rename) under `name`.
    /// (No fsync: a crash of the judge cannot lose a renamed file; the outbox
    /// row is the durable record, and a resend rewrites the same name.)
    pub fn deliver(&self, name: &str, bytes: &[u8]) -> anyhow::Result<PathBuf> {
        let tmp = self.root.join("tmp").join(name);
        std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
        let dest = self.root.join("new").join(name);
        std::fs::rename(&tmp, &dest)?;
        Ok(dest)
    }

    /// File names in `new/`, oldest first (by modification time, then name).
    pub fn list_new(&self) -> anyhow::Result<Vec<String>> {
        let mut items = Vec::new();
        for e in std::fs::read_dir(self.root.join("new"))? {
            let e = e?;
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let t = e.metadata().and_then(|m| m.modified()).ok();
            items.push((t, name));
        }
        items.sort();
        Ok(items.into_iter().map(|(_, n)| n).collect())
    }
}

impl Inbound for Maildir {
    fn fetch(&mut self, max: usize) -> anyhow::Result<Vec<RawMail>> {
        if self.pending.is_empty() {
            self.pending = self.list_new()?.into();
        }
        let mut out = Vec::new();
        while out.len() < max {
            let Some(name) = self.pending.pop_front() else { break };
            let path = self.root.join("new").join(&name);
            match std::fs::read(&path) {
                Ok(bytes) => out.push(RawMail { key: name, bytes }),
                // taken away under us (another reader): skip it
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
            }
        }
        Ok(out)
    }

    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        let from = self.root.join("new").join(key);
        let base = key.split(":2,").next().unwrap_or(key);
        let to = self.root.join("cur").join(format!("{base}:2,S"));
        match std::fs::rename(&from, &to) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e).with_context(|| format!("moving {} to cur/", from.display())),
        }
    }
}

impl Outbound for Maildir {
    fn send(&mut self, id: i64, message: &[u8], _to: &str) -> anyhow::Result<()> {
        // the name depends only on the outbox id: sending twice overwrites, never duplicates
        self.deliver(&format!("out-{id:010}.eml"), message)?;
        Ok(())
    }
}
