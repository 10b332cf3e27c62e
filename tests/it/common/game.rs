//! A started seven-player game `demo` on a fresh judge, and mail to it.
//! Players: p1 Austria (pw-one), p2 England (pw-two), p3 France (pw-three),
//! p4 Germany (pw-four), p5 Italy (pw-five), p6 Russia (pw-six), p7 Turkey
//! (pw-seven); master gm@example.test (gmpass).

use super::*;

pub const GM: &str = "gm@example.test";

/// The started game's seats: each player's mailbox name, password and power letter.
pub const SEATS: [(&str, &str, char); 7] = [
    ("p1", "pw-one", 'A'),
    ("p2", "pw-two", 'E'),
    ("p3", "pw-three", 'F'),
    ("p4", "pw-four", 'G'),
    ("p5", "pw-five", 'I'),
    ("p6", "pw-six", 'R'),
    ("p7", "pw-seven", 'T'),
];
pub const KEEPER: &str = "keeper@example.test";

/// Each power's holding orders (by letter), as its player mails them.
pub const HOLDS: [(char, &str); 7] = [
    ('A', "A VIE H\nA BUD H\nF TRI H"),
    ('E', "F LON H\nF EDI H\nA LVP H"),
    ('F', "F BRE H\nA PAR H\nA MAR H"),
    ('G', "F KIE H\nA BER H\nA MUN H"),
    ('I', "F NAP H\nA ROM H\nA VEN H"),
    ('R', "F STP/SC H\nA MOS H\nA WAR H\nF SEV H"),
    ('T', "F ANK H\nA CON H\nA SMY H"),
];

/// Text with every run of white space made one space (replies wrap long lines).
pub fn flat(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `t` flattened ([`flat`]) without its receipts (`Receipt: HEX`, random:
/// tests/it/receipts.rs checks them), for a test that reads the words around them.
pub fn flat_unsealed(t: &str) -> String {
    let words: Vec<&str> = t.split_whitespace().collect();
    let hex = |w: &str| w.len() == 64 && w.bytes().all(|b| b.is_ascii_hexdigit());
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "Receipt:" && words.get(i + 1).is_some_and(|w| hex(w)) {
            i += 2;
            continue;
        }
        out.push(words[i]);
        i += 1;
    }
    out.join(" ")
}

pub struct Game {
    pub w: World,
    n: usize,
}

impl Game {
    /// A fresh judge at Mon 23 Nov 2026 12:00 UTC, with no game yet.
    pub fn empty() -> Game {
        Game { w: World::new(mailjudge::timing::parse_date("2026-11-23 12:00", chrono_tz::Tz::UTC, 1_790_000_000, false).unwrap()), n: 0 }
    }

    /// The started game's judge alone, for tests that write their own mail.
    pub fn started_world() -> World {
        Game::started().w
    }

    /// A game created by the master's `CREATE ?demo gmpass standard {options}`
    /// and started by the seven joins (no list address).
    pub fn started_with(options: &str) -> Game {
        Game::started_variant("standard", options)
    }

    /// The same for a game of `variant`, created by `CREATE ?demo gmpass {variant} {options}`.
    pub fn started_variant(variant: &str, options: &str) -> Game {
        let mut g = Game::empty();
        g.send(GM, &format!("CREATE ?demo gmpass {variant} {options}"));
        for name in super::script::JOINS {
            g.w.deliver(name);
        }
        g.w.step();
        assert_eq!(db::games_in(g.w.db(), "active"), 1, "the game started");
        g
    }

    /// A fresh judge (as [`Game::empty`]) whose variants directory is a
    /// directory of its own holding `files` (`NAME.toml`, text): a GM's maps.
    pub fn with_variants(files: &[(&str, &str)]) -> Game {
        let g = Game::empty();
        let dir = g.w.dir.path().join("variants");
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(format!("{name}.toml")), text).unwrap();
        }
        let mut g = g;
        g.w.daemon.judge.ctx.set_variants_dir(Some(dir));
        g
    }

    /// Stops the judge and starts a new one on the same database, spools and
    /// variants directory (what a restart after a crash finds).
    pub fn restart(&mut self) {
        let mut cfg = config(self.w.dir.path(), 1000);
        cfg.variants_dir = self.w.daemon.judge.ctx.cfg.variants_dir.clone();
        let now = self.w.now;
        let old = std::mem::replace(
            &mut self.w.daemon,
            mailjudge::daemon::Daemon::new(config(&self.w.dir.path().join("scratch"), 1000), mailjudge::context::Clock::Fixed(now)).unwrap(),
        );
        drop(old);
        self.w.daemon = mailjudge::daemon::Daemon::new(cfg, mailjudge::context::Clock::Fixed(now)).unwrap();
    }

    /// The game's deadline.
    pub fn deadline(&self) -> i64 {
        db::only_game(self.w.db()).deadline.expect("a deadline")
    }

    /// The game, started, at Mon 23 Nov 2026 12:00 UTC.
    pub fn started() -> Game {
        let mut w = Game::empty().w;
        for name in super::script::OPENING {
            w.deliver(name);
        }
        let (_, sent) = w.step();
        assert_eq!(db::games_in(w.db(), "active"), 1);
        let mut g = Game { w, n: 0 };
        // the game's list (SET LIST demo-list@example.test) confirmed from there
        let code = list_code(&sent, "demo-list@example.test");
        let (r, _) = g.send("demo-list@example.test", &format!("CONFIRM demo {code}"));
        assert!(r.contains("now gets game demo's results"), "{r}");
        g
    }

    /// Drops a mail with `body` from `from` into the inbox (not yet read); returns its Message-ID.
    pub fn drop_mail(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        let id = format!("<g{}@example.test>", self.n);
        self.w.deliver_bytes(&format!("g{:04}", self.n), &mail_text(from, &id, "test", "", body));
        id
    }

    /// Sends `text` from the player of the power with letter `l` (see
    /// [`SEATS`]), signed on; returns what [`Game::send`] does.
    pub fn as_power(&mut self, l: char, text: &str) -> (String, Vec<Sent>) {
        let (who, pw, _) = SEATS.iter().find(|(_, _, x)| *x == l).unwrap_or_else(|| panic!("no seat {l}"));
        self.send(&format!("{who}@example.test"), &format!("SIGNON {l}demo {pw}\n{text}"))
    }

    /// `who` observes game demo (asks, and confirms with the code mailed there).
    pub fn observe(&mut self, who: &str) {
        let (_, sent) = self.send(who, "OBSERVE demo");
        let mail = sent.iter().find(|s| s.to == who && s.subject == "Confirm: observe game demo").expect("the confirmation mail");
        let line = mail.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).unwrap().trim().to_string();
        let (r, _) = self.send(who, &line);
        assert!(r.contains("You now observe game demo"), "{r}");
    }

    /// Sends `text` from the master, signed on.
    pub fn as_master(&mut self, text: &str) -> (String, Vec<Sent>) {
        self.send(GM, &format!("SIGNON Mdemo gmpass\n{text}"))
    }

    /// Sends `body` from `from` and runs a pass; returns (the reply's flattened body, everything sent).
    pub fn send(&mut self, from: &str, body: &str) -> (String, Vec<Sent>) {
        let id = self.drop_mail(from, body);
        let (_, sent) = self.w.step();
        let r = flat(&reply(&sent, &id).body);
        (r, sent)
    }

    /// The active orders' texts of a power (by number in the powers' order: 0 Austria ...).
    pub fn orders(&self, power: i64) -> Vec<String> {
        db::orders(self.w.db()).into_iter().filter(|o| i64::from(o.power) == power && o.active).map(|o| o.text).collect()
    }

    /// The stored game `demo` (read back strictly: loaded as the judge loads it).
    pub fn row(&self) -> mailjudge::game::Game {
        self.loaded()
    }

    /// The game `demo` as the judge loads it (`mailjudge::game::load`),
    /// its variant found where the judge finds it.
    pub fn loaded(&self) -> mailjudge::game::Game {
        let judge = &self.w.daemon.judge;
        let mut variants = mailjudge::variants::Catalog::new(judge.ctx.cfg.variants_dir.clone());
        mailjudge::game::load_named(&judge.conn, &mut variants, "demo").unwrap().expect("game demo")
    }

    /// The current position of `demo` (of variant `_v`: the game's own).
    pub fn position(&self, _v: &mailjudge::map::Variant) -> mailjudge::adjudicate::Position {
        self.loaded().position.expect("a position")
    }

    /// The current phase's name (`S1901M`, `JAN1885M`).
    pub fn phase(&self, v: &mailjudge::map::Variant) -> String {
        v.calendar.name(self.position(v).phase)
    }

    /// The game's status as stored (`forming`, `active`, `finished`, ...).
    pub fn status(&self) -> String {
        self.row().status.as_str().to_string()
    }

    /// `power`'s units as codes, sorted (`A PAR`, `A LON ABOARD`).
    pub fn unit_codes(&self, v: &mailjudge::map::Variant, power: mailjudge::map::PowerId) -> Vec<String> {
        let mut u: Vec<String> = self.position(v).units.iter().filter(|u| u.power == power).map(|u| v.unit_code(u)).collect();
        u.sort();
        u
    }

    /// The number of phases processed (changes when a phase is).
    pub fn seq(&self) -> i64 {
        self.row().seq
    }

    /// Lets the deadline and its grace period pass; returns what was sent
    /// (printed with `DEBUG_MAIL` set).
    pub fn pass_deadline(&mut self) -> Vec<Sent> {
        let row = self.row();
        let t = row.deadline.max(row.grace_until).expect("a deadline") + 1;
        self.w.set_time(t);
        let sent = self.w.step().1;
        if std::env::var("DEBUG_MAIL").is_ok() {
            for s in &sent {
                eprintln!("=== to {} : {}\n{}", s.to, s.subject, s.body);
            }
        }
        sent
    }
}

/// The code in the request the judge mailed to a list address `to` among `sent`.
pub fn list_code(sent: &[Sent], to: &str) -> String {
    let req = sent.iter().find(|m| m.to == to && m.body.contains("CONFIRM")).unwrap_or_else(|| panic!("no request to {to}: {sent:#?}"));
    let line = req.body.lines().find(|l| l.trim_start().starts_with("CONFIRM")).unwrap();
    line.split_whitespace().nth(2).unwrap().to_string()
}

/// A broadcast from France in game 1's first phase, written to the store as
/// it is (no size limit).
pub fn broadcast(conn: &rusqlite::Connection, v: &mailjudge::map::Variant, body: &str) {
    use mailjudge::store::press::{Audience, PressRow, insert};
    let row = PressRow {
        game_id: 1,
        seq: 1,
        from_power: Some(2),
        by_master: false,
        by_observer: false,
        recipients: "everyone",
        audience: &Audience::All,
        shown: None,
        grey: false,
        postal: false,
        body,
        mail_id: None,
        created: 0,
    };
    insert(conn, v, &row).unwrap();
}

impl Game {
    /// Puts `demo` in the position `json` (the contract's JSON) through the
    /// store: a board set up directly.
    pub fn set_position(&self, json: &str) {
        let mut g = self.loaded();
        let pos = mailjudge::store::games::read_position(g.v(), json).unwrap();
        g.set_position(pos);
        g.save(self.w.db()).unwrap();
    }
}
