//! The attacks of issue 34 as figures (a bench binary): each on a fresh
//! judge with the shipped configuration as the tests build it, its players
//! and strangers on `far.example` (a domain no configuration trusts), mail
//! in through the Maildir spool and out to the outbox Maildir.
//!
//! - `strangers_one_mail`: one forged mail (CREATE, SET PRIVATE, six INVITEs,
//!   six SET LISTs): the addresses other than the keeper it reached;
//! - `strangers_ten_mails`: ten such mails from ten forged senders;
//! - `game_in_strangers_names`: a game made and joined from eight forged
//!   addresses and played two phases by deadline: the mails the most-mailed
//!   stranger got, and all of them together;
//! - `owners_signed_on`: a started game whose eight seats (seven powers and
//!   the master) get five wrong sign-ons an hour each from throw-away
//!   addresses for three hours; then how many owners sign on with their own
//!   passwords (of 8);
//! - `replies_withheld`: England's 120 one-word press mails to France, then
//!   ten order mails from France: France's replies that did not come.
//!
//! It uses only what every version of the judge has (the daemon, the spool,
//! the configuration's text), so the same file measures the code before a
//! change. Run: `cargo bench --bench attacks`.

#[path = "../tests/it/common/mod.rs"]
#[allow(unused_imports)]
mod common;

use common::{Sent, World, mail_text};
use std::collections::{BTreeMap, BTreeSet};

const KEEPER: &str = "keeper@example.test";

struct Judge {
    w: World,
    n: usize,
    all: Vec<Sent>,
}

impl Judge {
    fn new() -> Judge {
        Judge { w: World::new(1_795_000_000), n: 0, all: Vec::new() }
    }

    /// Sends `body` from `from`; returns the reply's body ("" if none came) and what was sent.
    fn send(&mut self, from: &str, body: &str) -> (String, Vec<Sent>) {
        self.n += 1;
        let id = format!("<a{}@far.example>", self.n);
        self.w.deliver_bytes(&format!("a{:05}", self.n), &mail_text(from, &id, "x", "", body));
        let (_, sent) = self.w.step();
        self.all.extend(sent.iter().cloned());
        let reply = sent.iter().find(|m| m.in_reply_to.as_deref() == Some(id.as_str())).map(|m| m.body.clone()).unwrap_or_default();
        (reply, sent)
    }

    /// Answers the code in `reply`, if there is one (a judge without consent has none).
    fn confirm(&mut self, from: &str, reply: &str) {
        let code = reply.lines().map(str::trim).find(|l| l.starts_with("CONFIRM ") && l.split_whitespace().count() == 2).map(|l| l[8..].to_string());
        if let Some(c) = code {
            self.send(from, &format!("CONFIRM {c}"));
        }
    }

    fn pass(&mut self, secs: i64) {
        let t = self.w.now + secs;
        self.w.set_time(t);
        let (_, sent) = self.w.step();
        self.all.extend(sent);
    }
}

fn reached(sent: &[Sent]) -> BTreeSet<String> {
    sent.iter().map(|m| m.to.to_ascii_lowercase()).filter(|a| a != KEEPER).collect()
}

fn attack_mail(i: usize) -> String {
    let mut b = format!("CREATE ?atk{i} secret standard\nSIGNON Matk{i} secret\nSET PRIVATE joinpass\n");
    for k in 0..6 {
        b.push_str(&format!("INVITE inv{i}-{k}@far.example\n"));
    }
    for k in 0..6 {
        b.push_str(&format!("SET LIST list{i}-{k}@far.example\n"));
    }
    b
}

fn figure(name: &str, value: usize, unit: &str) {
    println!("FIGURE {{\"name\": \"{name}\", \"value\": {value}, \"unit\": \"{unit}\"}}");
}

const PLAYERS: [&str; 7] = ["pa@far.example", "pb@far.example", "pc@far.example", "pd@far.example", "pe@far.example", "pf@far.example", "pg@far.example"];
const LETTERS: [char; 7] = ['A', 'E', 'F', 'G', 'I', 'R', 'T'];

/// A started game `g` whose master (gm@far.example, `gmpass`) and players
/// (`pw-N`, each asking for the power of its letter) confirmed where the
/// judge asks for it.
fn started() -> Judge {
    let mut j = Judge::new();
    let (r, _) = j.send("gm@far.example", "CREATE ?g gmpass standard");
    j.confirm("gm@far.example", &r);
    for (i, p) in PLAYERS.iter().enumerate() {
        let (r, _) = j.send(p, &format!("SIGNON ?g pw-{i}\nSET PREFERENCE {}", LETTERS[i]));
        j.confirm(p, &r);
    }
    j
}

fn main() {
    // one forged mail, then ten from ten senders
    let mut j = Judge::new();
    let (_, sent) = j.send("victim0@far.example", &attack_mail(0));
    figure("strangers_one_mail", reached(&sent).len(), "addresses");
    let mut j = Judge::new();
    let t = std::time::Instant::now();
    for i in 0..10 {
        j.send(&format!("victim{i}@far.example"), &attack_mail(i));
    }
    figure("strangers_ten_mails", reached(&j.all).len(), "addresses");
    eprintln!("ten mails in {:.2} s", t.elapsed().as_secs_f64());

    // a game made and joined in strangers' names, played two phases by deadline
    let mut j = Judge::new();
    j.send("victim@far.example", "CREATE ?rc secret standard");
    for (i, p) in PLAYERS.iter().enumerate() {
        j.send(p, &format!("SIGNON ?rc pw-{i}"));
    }
    for _ in 0..2 {
        j.pass(4 * 86_400);
    }
    let mut per: BTreeMap<String, usize> = BTreeMap::new();
    for m in j.all.iter().filter(|m| m.to != KEEPER) {
        *per.entry(m.to.clone()).or_default() += 1;
    }
    figure("game_in_strangers_names_most", per.values().copied().max().unwrap_or(0), "mails");
    figure("game_in_strangers_names_all", per.values().sum(), "mails");

    // guessers from throw-away addresses against every seat
    let mut j = started();
    for hour in 0..3 {
        for i in 0..5 {
            for (k, l) in LETTERS.iter().map(|l| l.to_string()).chain(["M".to_string()]).enumerate() {
                j.send(&format!("throw{hour}-{i}-{k}@far.example"), &format!("SIGNON {l}g wrong-{i}"));
            }
        }
        j.pass(3600);
    }
    let mut signed = 0;
    for (i, p) in PLAYERS.iter().enumerate() {
        // a power's letter is the one its player asked for
        let (r, _) = j.send(p, &format!("SIGNON {}g pw-{i}", LETTERS[i]));
        signed += usize::from(r.contains("Signed on as"));
    }
    let (r, _) = j.send("gm@far.example", "SIGNON Mg gmpass");
    signed += usize::from(r.contains("Signed on as the master"));
    figure("owners_signed_on", signed, "of 8");

    // England's press flood against France's own replies
    let mut j = started();
    for i in 0..120 {
        j.send(PLAYERS[1], &format!("SIGNON Eg pw-1\nPRESS TO F\nw{i}\nENDPRESS"));
    }
    let mut missing = 0;
    for i in 0..10 {
        let (r, _) = j.send(PLAYERS[2], &format!("SIGNON Fg pw-2\n{}", if i % 2 == 0 { "A PAR-BUR" } else { "A PAR H" }));
        missing += usize::from(r.is_empty());
    }
    figure("replies_withheld", missing, "of 10");
}
