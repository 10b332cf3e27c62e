//! The judge's record read back through the store's API (src/store), for
//! tests to check what the judge kept: games, seats, mail in and out,
//! orders, phases, webhook posts and files. Tests hold no SQL of their own;
//! what sets up a broken database on purpose is in [`super::raw`].

use mailjudge::game::Game;
use mailjudge::store::games::{Identity, Player};
use mailjudge::store::{self, attachments, mails, orders, outbox, phases, webhooks};
use rusqlite::Connection;
use std::path::Path;

/// Opens the judge's database at `path` (as the judge does).
pub fn open(path: &Path) -> Connection {
    store::open(path, false).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()))
}

/// Every game, by name, as known without loading it (any variant).
pub fn known(c: &Connection) -> Vec<Identity> {
    store::games::identities(c).unwrap()
}

/// The id of the game called `name` (found without loading it).
pub fn game_id(c: &Connection, name: &str) -> i64 {
    known(c).into_iter().find(|g| g.name == name).unwrap_or_else(|| panic!("no game {name}")).id
}

/// Every game, by name, loaded as the judge loads it (its variant built in).
pub fn games(c: &Connection) -> Vec<Game> {
    known(c).iter().map(|g| game(c, &g.name)).collect()
}

/// The game called `name`, loaded as the judge loads it (its variant
/// built in).
pub fn game(c: &Connection, name: &str) -> Game {
    loaded(c, name)
}

/// The game called `name`, loaded as the judge loads it (its variant
/// built in).
pub fn loaded(c: &Connection, name: &str) -> Game {
    mailjudge::game::load_named(c, &mut mailjudge::variants::Catalog::default(), name).unwrap().unwrap_or_else(|| panic!("no game {name}"))
}

/// The judge's only game.
pub fn only_game(c: &Connection) -> Game {
    let mut all = games(c);
    assert_eq!(all.len(), 1, "one game: {:?}", all.iter().map(|g| &g.name).collect::<Vec<_>>());
    all.remove(0)
}

/// How many games have status `status` (`forming`, `active`, `finished`).
pub fn games_in(c: &Connection, status: &str) -> i64 {
    count(known(c), |g| g.status.as_str() == status)
}

/// The players and observers of every game, in the order they came.
pub fn players(c: &Connection) -> Vec<Player> {
    let mut all: Vec<Player> = known(c).iter().flat_map(|g| Player::of_game(c, g.id).unwrap()).collect();
    all.sort_by_key(|p| p.id);
    all
}

/// The power (its number) of the seat of `email`.
pub fn power_of(c: &Connection, email: &str) -> Option<i64> {
    let seat: Vec<Player> = players(c).into_iter().filter(|p| p.email == email).collect();
    assert_eq!(seat.len(), 1, "one seat for {email}: {seat:?}");
    seat[0].power.map(i64::from)
}

/// A stored inbound mail as the tests read it: what came of it in the
/// keeper's words (`mailjudge::report::say::judge::outcome`).
#[derive(Clone, Debug)]
pub struct Mail {
    pub id: i64,
    pub message_id: String,
    pub sender: String,
    pub subject: Option<String>,
    pub raw: Vec<u8>,
    pub received: i64,
    pub outcome: String,
    pub handled: Option<i64>,
}

/// Every mail the judge received, as kept.
pub fn mails(c: &Connection) -> Vec<Mail> {
    mails::all(c)
        .unwrap()
        .into_iter()
        .map(|m| Mail {
            outcome: mailjudge::report::say::judge::outcome(&m.outcome),
            id: m.id,
            message_id: m.message_id,
            sender: m.sender,
            subject: m.subject,
            raw: m.raw,
            received: m.received,
            handled: m.handled,
        })
        .collect()
}

/// The outcome of the last mail kept with `message_id` (in words).
pub fn outcome(c: &Connection, message_id: &str) -> String {
    mails(c).into_iter().rev().find(|m| m.message_id == message_id).unwrap_or_else(|| panic!("no mail {message_id}")).outcome
}

/// Every mail the judge queued, sent or not.
pub fn outbox(c: &Connection) -> Vec<outbox::Queued> {
    outbox::all(c).unwrap()
}

/// The queued mail that answers `message_id` (the only one).
pub fn reply_to(c: &Connection, message_id: &str) -> outbox::Queued {
    let mut r: Vec<outbox::Queued> = outbox(c).into_iter().filter(|m| m.in_reply_to.as_deref() == Some(message_id)).collect();
    assert_eq!(r.len(), 1, "one reply to {message_id}");
    r.remove(0)
}

/// Every order version of every game, oldest first.
pub fn orders(c: &Connection) -> Vec<orders::Version> {
    orders::all(c).unwrap()
}

/// Every processed phase of every game, on a line or a branch.
pub fn phases(c: &Connection) -> Vec<phases::Kept> {
    phases::all(c).unwrap()
}

/// Every webhook post queued.
pub fn webhooks(c: &Connection) -> Vec<webhooks::Queued> {
    webhooks::all(c).unwrap()
}

/// The ids of the files kept for mail (maps).
pub fn files(c: &Connection) -> Vec<i64> {
    attachments::ids(c).unwrap()
}

/// What SQLite's checks say of the database: `("ok", 0)` when it is sound
/// (integrity_check, broken references).
pub fn integrity(c: &Connection) -> (String, i64) {
    store::integrity(c).unwrap()
}

/// How many of `rows` pass `f`.
pub fn count<T>(rows: impl IntoIterator<Item = T>, mut f: impl FnMut(&T) -> bool) -> i64 {
    rows.into_iter().filter(|r| f(r)).count() as i64
}

/// Whether `bytes` (a kept mail) hold `text`.
pub fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

/// Whether `text` matches `pattern` as SQL's `LIKE` matches it: `%` any run
/// of characters, `_` any one, ASCII letters in either case.
pub fn like(text: &str, pattern: &str) -> bool {
    let (t, p): (Vec<char>, Vec<char>) = (text.chars().collect(), pattern.chars().collect());
    // reach[j]: the text so far matches the pattern's first j characters
    let mut reach = vec![false; p.len() + 1];
    reach[0] = true;
    for j in 0..p.len() {
        reach[j + 1] = reach[j] && p[j] == '%';
    }
    for &c in &t {
        let mut next = vec![false; p.len() + 1];
        for j in 0..p.len() {
            next[j + 1] = match p[j] {
                '%' => next[j] || reach[j + 1],
                '_' => reach[j],
                q => reach[j] && q.eq_ignore_ascii_case(&c),
            };
        }
        reach = next;
    }
    reach[p.len()]
}

/// [`like`] on a kept mail's bytes, read as text.
pub fn bytes_like(bytes: &[u8], pattern: &str) -> bool {
    like(&String::from_utf8_lossy(bytes), pattern)
}

/// How many kept mails have a Message-ID starting with `prefix` (reads the
/// ids alone: cheap enough to poll).
pub fn mails_from(c: &Connection, prefix: &str) -> i64 {
    count(mails::message_ids(c).unwrap(), |id| id.starts_with(prefix))
}
