//! A Maildir spool: mail arrives in `new/`; processed mail is deleted (or, if
//! kept, moved to `cur/` with the Seen flag); mail that cannot be read goes to
//! `quarantine/`. Outgoing mail is written to `tmp/` and renamed into `new/`.
//!
//! One bad entry in `new/` never stops the rest: entries that are not regular
//! files (directories, FIFOs, sockets, devices, symlinks) are skipped without
//! being opened, at most `max_bytes + 1` bytes of a file are read, and a file
//! that cannot be read is moved to `quarantine/` (or, if even that fails,
//! skipped for the life of the process).

use super::{Inbound, Outbound, RawMail};
use anyhow::Context;
use std::collections::{HashSet, VecDeque};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The default cap on the bytes read of one inbound mail (64 MiB).
pub const DEFAULT_MAX_BYTES: usize = 64 * 1024 * 1024;

/// The most mails the quarantine keeps (`quarantine/` here, the quarantine
/// folder over IMAP): past it, or past [`QUARANTINE_MAX_BYTES`], the mails
/// set aside first are dropped (logged), so that a flood of unreadable mail
/// cannot fill the disk.
pub const QUARANTINE_MAX_MAILS: usize = 1000;

/// The most bytes the quarantine keeps (see [`QUARANTINE_MAX_MAILS`]).
pub const QUARANTINE_MAX_BYTES: u64 = 100_000_000;

/// Of the mails in a quarantine, oldest first, by their sizes: how many of
/// the oldest go so that at most `max_mails` mails and `max_bytes` bytes
/// stay.
pub fn quarantine_overflow(sizes: &[u64], max_mails: usize, max_bytes: u64) -> usize {
    let mut total: u64 = sizes.iter().sum();
    let mut drop = sizes.len().saturating_sub(max_mails);
    total -= sizes[..drop].iter().sum::<u64>();
    while total > max_bytes && drop < sizes.len() {
        total -= sizes[drop];
        drop += 1;
    }
    drop
}

pub struct Maildir {
    root: PathBuf,
    /// Names listed from `new/` and not yet handed out (a directory of
    /// thousands of mails is listed once, not once per batch).
    pending: VecDeque<String>,
    /// At most this many bytes of a mail are kept, plus one to show it is over.
    max_bytes: usize,
    /// Keep processed mail in `cur/` (else it is deleted).
    keep_processed: bool,
    /// A tag in outgoing file names, unique to this spool's database.
    instance: Option<String>,
    /// Entries of `new/` skipped as not regular files, already warned about.
    warned: HashSet<String>,
    /// Unreadable files that could not be moved to `quarantine/` either:
    /// skipped for the life of the process.
    stuck: HashSet<String>,
    /// The modification time of `new/` when it was last listed: [`Inbound::wait`]
    /// wakes as soon as it changes (a delivery renames a file into `new/`).
    listed_at: Option<std::time::SystemTime>,
    /// The watch on `new/` (inotify), set up by the first wait; `Err`: it
    /// could not be, and the wait looks at `new/` every [`WAKE_CHECK`].
    watch: Option<Result<Watch, ()>>,
    /// The judge's own text, for redacting the mail kept in `cur/`.
    judge_text: super::redact::JudgeText,
    /// The most mails and bytes `quarantine/` keeps (the oldest go first).
    quarantine_limits: (usize, u64),
}

/// How often [`Inbound::wait`] looks at `new/` for a delivery when it cannot
/// watch it.
pub const WAKE_CHECK: std::time::Duration = std::time::Duration::from_millis(100);

/// How often a watched `new/` is looked at all the same (a lost event, a
/// watch that stopped): the slow fallback.
pub const WATCHED_CHECK: std::time::Duration = std::time::Duration::from_secs(1);

/// A watch on `new/`: the directory alone, not what is in it (nothing is
/// followed or opened; an event only says "look again").
struct Watch {
    _watcher: notify::RecommendedWatcher,
    events: std::sync::mpsc::Receiver<notify::Result<notify::Event>>,
}

impl Watch {
    fn new(dir: &Path) -> notify::Result<Watch> {
        use notify::Watcher;
        let (tx, events) = std::sync::mpsc::channel();
        let mut watcher = notify::recommended_watcher(tx)?;
        watcher.watch(dir, notify::RecursiveMode::NonRecursive)?;
        Ok(Watch { _watcher: watcher, events })
    }

    /// Forgets the events so far (`new/` is about to be listed).
    fn drain(&self) {
        while self.events.try_recv().is_ok() {}
    }
}

/// Whether an event may be a mail arriving in `new/` (a file created or
/// renamed into it, or the watch's own trouble, such as a lost event), not
/// our own removals and moves out, nor a file's writes.
fn arrival(event: &notify::Result<notify::Event>) -> bool {
    use notify::EventKind;
    use notify::event::{ModifyKind, RenameMode};
    match event {
        Ok(e) => match e.kind {
            EventKind::Create(_) | EventKind::Any | EventKind::Other => true,
            EventKind::Modify(ModifyKind::Name(mode)) => mode != RenameMode::From,
            EventKind::Modify(_) | EventKind::Access(_) | EventKind::Remove(_) => false,
        },
        Err(_) => true,
    }
}

impl Maildir {
    /// The modification time of `new/`, if it can be read.
    fn new_mtime(&self) -> Option<std::time::SystemTime> {
        std::fs::metadata(self.root.join("new")).and_then(|m| m.modified()).ok()
    }

    /// Opens (and creates, if needed) the Maildir at `root`. Reads mails of up
    /// to [`DEFAULT_MAX_BYTES`], deletes processed mail, and names outgoing mail
    /// `out-{id}.eml`; see the `with_` methods to change that.
    pub fn open(root: &Path) -> anyhow::Result<Maildir> {
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(root.join(sub)).with_context(|| format!("creating {}", root.join(sub).display()))?;
        }
        clean_tmp(root);
        Ok(Maildir {
            root: root.to_path_buf(),
            pending: Default::default(),
            max_bytes: DEFAULT_MAX_BYTES,
            keep_processed: false,
            instance: None,
            warned: HashSet::new(),
            stuck: HashSet::new(),
            listed_at: None,
            watch: None,
            judge_text: Default::default(),
            quarantine_limits: (QUARANTINE_MAX_MAILS, QUARANTINE_MAX_BYTES),
        })
    }

    /// The most mails and bytes `quarantine/` keeps (default
    /// [`QUARANTINE_MAX_MAILS`], [`QUARANTINE_MAX_BYTES`]): past either, the
    /// mails set aside first are deleted (logged).
    pub fn with_quarantine_limits(mut self, max_mails: usize, max_bytes: u64) -> Maildir {
        self.quarantine_limits = (max_mails, max_bytes);
        self
    }

    /// Reads at most `max_bytes + 1` bytes of an inbound mail: a longer one is
    /// handed out cut to that length, so the reader sees that it is too large
    /// (wire to `limits.max_message_bytes`).
    pub fn with_max_bytes(mut self, max_bytes: usize) -> Maildir {
        self.max_bytes = max_bytes;
        self
    }

    /// The judge's own text ([`super::redact::JudgeText`]), which the mail
    /// kept in `cur/` is redacted with (the default: none beyond HELP's template).
    pub fn with_judge_text(mut self, own: super::redact::JudgeText) -> Maildir {
        self.judge_text = own;
        self
    }

    /// `true`: processed mail is moved to `cur/` with the Seen flag and kept.
    /// `false` (the default): it is deleted — the database keeps what the judge
    /// needs, and a spool of old mail (with passwords in it) is a liability.
    pub fn with_keep_processed(mut self, keep: bool) -> Maildir {
        self.keep_processed = keep;
        self
    }

    /// A tag for the names of outgoing mail, `out-{instance}-{id:010}.eml`, so
    /// that a new database (whose outbox ids start again at 1) cannot overwrite
    /// mail still waiting in the spool. ASCII letters, digits, `-` and `_` only,
    /// at most 64; empty means no tag (`out-{id:010}.eml`).
    pub fn with_instance(mut self, instance: &str) -> anyhow::Result<Maildir> {
        if instance.len() > 64 || !instance.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            anyhow::bail!("Maildir instance tag {instance:?}: use at most 64 ASCII letters, digits, `-` and `_`");
        }
        self.instance = (!instance.is_empty()).then(|| instance.to_string());
        Ok(self)
    }

    /// Writes `from` redacted into `cur/NAME` (through `tmp/`), then removes it.
    fn keep_redacted(&self, from: &Path, name: &str) -> std::io::Result<()> {
        let mut raw = Vec::new();
        std::fs::File::open(from)?.take(self.max_bytes as u64 + 1).read_to_end(&mut raw)?;
        let limits = super::read::ReadLimits { max_bytes: self.max_bytes, max_lines: usize::MAX };
        let lines = match super::read::read(&raw, "judge@invalid.invalid", limits, &self.judge_text) {
            super::read::Verdict::Answer(i) => i.lines,
            super::read::Verdict::Ignore { .. } => Vec::new(),
        };
        let redacted = super::redact::redact(&lines, &raw, &self.judge_text);
        let tmp = self.root.join("tmp").join(name);
        std::fs::write(&tmp, &redacted)?;
        std::fs::rename(&tmp, self.root.join("cur").join(name))?;
        std::fs::remove_file(from)
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The name `send` gives to outgoing mail `id`.
    pub fn out_name(&self, id: i64) -> String {
        match &self.instance {
            Some(tag) => format!("out-{tag}-{id:010}.eml"),
            None => format!("out-{id:010}.eml"),
        }
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

    /// Regular files in `new/`, oldest first (by modification time, then name).
    /// Hidden names and entries that are not regular files are left out.
    pub fn list_new(&self) -> anyhow::Result<Vec<String>> {
        Ok(self.scan()?.0)
    }

    /// The regular files in `new/` (oldest first) and the names of the other
    /// entries. Nothing is opened or followed (a symlink is not a regular file).
    fn scan(&self) -> anyhow::Result<(Vec<String>, Vec<String>)> {
        let mut items = Vec::new();
        let mut other = Vec::new();
        let dir = self.root.join("new");
        for e in std::fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))? {
            // an entry that vanished or cannot be listed: not ours to stop for
            let Ok(e) = e else { continue };
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            // DirEntry::metadata does not follow symlinks
            let Ok(meta) = e.metadata() else { continue };
            if !meta.file_type().is_file() {
                other.push(name);
                continue;
            }
            items.push((meta.modified().ok(), name));
        }
        items.sort();
        Ok((items.into_iter().map(|(_, n)| n).collect(), other))
    }

    /// Reads one mail from `new/`: `Ok(None)` if it is gone or no longer a
    /// regular file; an error if it cannot be read.
    fn read_new(&self, name: &str) -> std::io::Result<Option<Vec<u8>>> {
        let path = self.root.join("new").join(name);
        // checked again right before opening: opening a FIFO would hang, and a
        // symlink could lead anywhere (/dev/zero)
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        if !meta.file_type().is_file() {
            return Ok(None);
        }
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        // the file opened must be the one checked (not swapped for a link since)
        let opened = file.metadata()?;
        {
            use std::os::unix::fs::MetadataExt;
            if !opened.file_type().is_file() || opened.dev() != meta.dev() || opened.ino() != meta.ino() {
                return Ok(None);
            }
        }
        let cap = self.max_bytes.saturating_add(1);
        let mut bytes = Vec::with_capacity((opened.len() as usize).min(cap));
        file.take(cap as u64).read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// Moves `new/name` to `quarantine/` (created if needed), under a name not
    /// yet taken there, then keeps the quarantine within its limits
    /// ([`Maildir::prune_quarantine`]).
    fn move_to_quarantine(&self, name: &str) -> std::io::Result<()> {
        let dir = self.root.join("quarantine");
        std::fs::create_dir_all(&dir)?;
        let mut dest = dir.join(name);
        let mut k = 1;
        while std::fs::symlink_metadata(&dest).is_ok() {
            dest = dir.join(format!("{name}.{k}"));
            k += 1;
        }
        std::fs::rename(self.root.join("new").join(name), &dest)?;
        // moved: what follows only bounds the quarantine
        if let Err(e) = self.prune_quarantine() {
            tracing::warn!("{}: could not be kept within its limits: {e}", dir.display());
        }
        Ok(())
    }

    /// Deletes the mails set aside first while `quarantine/` holds more than
    /// its limits ([`Maildir::with_quarantine_limits`]). The order is the
    /// files' change time (a rename sets it: when each was set aside), then
    /// their names. Returns how many went.
    pub fn prune_quarantine(&self) -> std::io::Result<usize> {
        use std::os::unix::fs::MetadataExt;
        let dir = self.root.join("quarantine");
        let mut items = Vec::new();
        for e in std::fs::read_dir(&dir)? {
            let Ok(e) = e else { continue };
            let Ok(meta) = e.metadata() else { continue };
            let name = e.file_name().to_string_lossy().into_owned();
            if meta.file_type().is_file() && !name.starts_with('.') {
                items.push(((meta.ctime(), meta.ctime_nsec()), name, meta.len()));
            }
        }
        items.sort();
        let (max_mails, max_bytes) = self.quarantine_limits;
        let sizes: Vec<u64> = items.iter().map(|i| i.2).collect();
        let drop = quarantine_overflow(&sizes, max_mails, max_bytes);
        if drop == 0 {
            return Ok(0);
        }
        let mut gone = 0;
        for (_, name, _) in &items[..drop] {
            match std::fs::remove_file(dir.join(name)) {
                Ok(()) => gone += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        let names: Vec<&str> = items[..drop].iter().take(20).map(|i| i.1.as_str()).collect();
        let rest = if drop > names.len() { format!(" and {} more", drop - names.len()) } else { String::new() };
        tracing::warn!(
            "{}: {} mails, {} bytes, over its limits ({max_mails} mails, {max_bytes} bytes): the {gone} set aside first deleted: {}{rest}",
            dir.display(),
            items.len(),
            sizes.iter().sum::<u64>(),
            names.join(", ")
        );
        Ok(gone)
    }
}

impl Inbound for Maildir {
    /// Mail from `new/`, oldest first. Fails only if `new/` itself cannot be
    /// listed: an entry that is not a regular file is skipped (with one warning
    /// per name), one that cannot be read is moved to `quarantine/`.
    fn unfetch(&mut self, keys: &[&str]) {
        for k in keys.iter().rev() {
            self.pending.push_front(k.to_string());
        }
    }

    fn fetch(&mut self, max: usize) -> anyhow::Result<Vec<RawMail>> {
        if self.pending.is_empty() {
            // what the watch said so far is in the listing
            if let Some(Ok(w)) = &self.watch {
                w.drain();
            }
            // taken before listing: a mail delivered while we list changes it again
            self.listed_at = self.new_mtime();
            let (files, other) = self.scan()?;
            for name in &other {
                if !self.warned.contains(name) {
                    tracing::warn!("{}: not a regular file, skipped (not opened)", self.root.join("new").join(name).display());
                }
            }
            // remembered while present: a name that comes back is warned about again
            self.warned = other.into_iter().collect();
            self.pending = files.into_iter().filter(|n| !self.stuck.contains(n)).collect();
        }
        let mut out = Vec::new();
        while out.len() < max {
            let Some(name) = self.pending.pop_front() else { break };
            match self.read_new(&name) {
                Ok(Some(bytes)) => out.push(RawMail { key: name, bytes }),
                // taken away under us (another reader), or no longer a file: skip it
                Ok(None) => continue,
                Err(e) => {
                    let path = self.root.join("new").join(&name);
                    match self.move_to_quarantine(&name) {
                        Ok(()) => tracing::warn!("{}: cannot be read ({e}); moved to quarantine/", path.display()),
                        Err(e2) => {
                            tracing::warn!("{}: cannot be read ({e}) nor moved to quarantine/ ({e2}); skipped until the judge restarts", path.display());
                            self.stuck.insert(name);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Waits until a mail arrives in `new/` or `timeout` passes. `new/` is
    /// watched (inotify): a delivery wakes the wait at once; its
    /// modification time is looked at too, every [`WATCHED_CHECK`] (or every
    /// [`WAKE_CHECK`] where it cannot be watched), a fallback for an event
    /// lost. Our own removals change the time too, which costs one empty
    /// listing; what is in `new/` is judged by the listing as before (a
    /// FIFO, a link, a huge file only wake the wait).
    fn wait(&mut self, timeout: std::time::Duration) -> anyhow::Result<()> {
        let until = std::time::Instant::now() + timeout;
        if self.watch.is_none() {
            let dir = self.root.join("new");
            self.watch = Some(Watch::new(&dir).map_err(|e| tracing::warn!("{}: cannot be watched ({e}); looked at every 0.1 s", dir.display())));
        }
        loop {
            if !self.pending.is_empty() || self.listed_at.is_none() || self.new_mtime() != self.listed_at {
                return Ok(());
            }
            let now = std::time::Instant::now();
            if now >= until {
                return Ok(());
            }
            match &self.watch {
                Some(Ok(w)) => match w.events.recv_timeout(WATCHED_CHECK.min(until - now)) {
                    Ok(e) if arrival(&e) => return Ok(()),
                    Ok(_) | Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                        tracing::warn!("{}: the watch stopped; looked at every 0.1 s", self.root.join("new").display());
                        self.watch = Some(Err(()));
                    }
                },
                _ => std::thread::sleep(WAKE_CHECK.min(until - now)),
            }
        }
    }

    /// Deletes the processed mail, or, if processed mail is kept, writes it
    /// to `cur/` with its passwords redacted (as the database keeps it) and
    /// deletes the original.
    fn done(&mut self, key: &str) -> anyhow::Result<()> {
        let from = self.root.join("new").join(key);
        let r = if self.keep_processed {
            let base = key.split(":2,").next().unwrap_or(key);
            self.keep_redacted(&from, &format!("{base}:2,S"))
        } else {
            std::fs::remove_file(&from)
        };
        match r {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) if self.keep_processed => Err(e).with_context(|| format!("moving {} to cur/", from.display())),
            Err(e) => Err(e).with_context(|| format!("deleting {}", from.display())),
        }
    }

    /// Moves the mail to `quarantine/` for the keeper.
    fn quarantine(&mut self, key: &str) -> anyhow::Result<()> {
        match self.move_to_quarantine(key) {
            Ok(()) => Ok(()),
            // already gone from new/
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && std::fs::symlink_metadata(self.root.join("new").join(key)).is_err() => Ok(()),
            Err(e) => Err(e).with_context(|| format!("moving {} to quarantine/", self.root.join("new").join(key).display())),
        }
    }
}

/// Removes the judge's own outgoing files left in `tmp/` (`out-*`, regular
/// files): a write cut short (a full disk, a crash) leaves an empty or partial
/// file there that nothing else would ever remove; the outbox row is still
/// unsent, so the mail is written again. Other files in `tmp/` (a delivery
/// under way into an inbound spool) are not touched.
fn clean_tmp(root: &Path) {
    let Ok(rd) = std::fs::read_dir(root.join("tmp")) else { return };
    let mut n = 0;
    for e in rd.flatten() {
        let ours = e.file_name().to_str().is_some_and(|n| n.starts_with("out-"));
        if ours && e.file_type().is_ok_and(|t| t.is_file()) && std::fs::remove_file(e.path()).is_ok() {
            n += 1;
        }
    }
    if n > 0 {
        tracing::warn!("{}: removed {n} unfinished outgoing file(s) from tmp/", root.display());
    }
}

impl Outbound for Maildir {
    fn send(&mut self, id: i64, message: &[u8], _to: &str) -> anyhow::Result<()> {
        // the name depends only on the outbox id (and the instance tag): sending
        // twice overwrites, never duplicates
        self.deliver(&self.out_name(id), message)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    /// `wait` with an hour's timeout, run on a thread: Some(()) if it came
    /// back within `within` (a generous bound: this checks that it wakes, not
    /// how fast).
    fn wait_returns(mut md: Maildir, within: Duration, deliver_after: Option<&'static str>) -> (Maildir, bool) {
        let (tx, rx) = mpsc::channel();
        let root = md.root.clone();
        let h = std::thread::spawn(move || {
            md.wait(Duration::from_secs(3600)).unwrap();
            let _ = tx.send(());
            md
        });
        if let Some(name) = deliver_after {
            std::thread::sleep(Duration::from_millis(300));
            Maildir::open(&root).unwrap().deliver(name, b"From: a@b\n\nLIST\n").unwrap();
        }
        let woke = rx.recv_timeout(within).is_ok();
        if !woke {
            // unblock the thread so the test ends: a delivery wakes it
            Maildir::open(&root).unwrap().deliver("unblock", b"x").unwrap();
        }
        (h.join().unwrap(), woke)
    }

    #[test]
    fn wait_wakes_on_delivery_and_not_before() {
        let dir = tempfile::tempdir().unwrap();
        let mut md = Maildir::open(dir.path()).unwrap();
        assert!(md.fetch(10).unwrap().is_empty());
        // a mail delivered while waiting ends the wait
        let (mut md, woke) = wait_returns(md, Duration::from_secs(30), Some("m1"));
        assert!(woke, "a delivery into new/ must end the wait");
        assert_eq!(md.fetch(10).unwrap().len(), 1);
        md.done("m1").unwrap();
        // our own removal changed new/: one empty listing, then a real wait
        assert!(md.fetch(10).unwrap().is_empty());
        let (_, woke) = wait_returns(md, Duration::from_millis(700), None);
        assert!(!woke, "with nothing delivered the wait must last until its timeout");
    }

    #[test]
    fn wait_returns_at_once_with_mail_still_listed() {
        let dir = tempfile::tempdir().unwrap();
        let mut md = Maildir::open(dir.path()).unwrap();
        for i in 0..3 {
            md.deliver(&format!("m{i}"), b"From: a@b\n\nLIST\n").unwrap();
        }
        // one of three handed out: two are still pending
        assert_eq!(md.fetch(1).unwrap().len(), 1);
        let (_, woke) = wait_returns(md, Duration::from_secs(30), None);
        assert!(woke, "mail listed but not yet handed out must not wait");
    }

    #[test]
    fn a_fifo_or_a_link_dropped_in_new_wakes_the_wait_and_is_skipped_unopened_then_the_wait_holds() {
        let dir = tempfile::tempdir().unwrap();
        let mut md = Maildir::open(dir.path()).unwrap();
        assert!(md.fetch(10).unwrap().is_empty());
        let root = md.root.clone();
        let h = std::thread::spawn(move || {
            md.wait(Duration::from_secs(3600)).unwrap();
            md
        });
        std::thread::sleep(Duration::from_millis(200));
        assert!(std::process::Command::new("mkfifo").arg(root.join("new/fifo")).status().unwrap().success());
        std::os::unix::fs::symlink("/dev/zero", root.join("new/zero")).unwrap();
        // woken by the arrivals (the test would hang otherwise)
        let mut md = h.join().unwrap();
        // nothing opened: neither blocks nor reads forever
        assert!(md.fetch(10).unwrap().is_empty());
        // an event may come after the listing it is in (the watch's thread
        // forwards them): one empty listing more at most, then the wait holds
        let (mut md, woke) = wait_returns(md, Duration::from_millis(700), None);
        if woke {
            assert!(md.fetch(10).unwrap().is_empty());
            let (_, woke) = wait_returns(md, Duration::from_millis(700), None);
            assert!(!woke, "listed already: the wait lasts until its timeout");
        }
    }
}
