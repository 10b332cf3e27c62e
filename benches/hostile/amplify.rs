//! Part 4: amplification attacks, the bytes that reach a victim.

use super::*;

// ---------------------------------------------------------------- amplification

/// The amplification attacks of issue 20, each in a child of its own (its
/// peak memory its own): a running judge (`Daemon::run`, real time) with a
/// started seven-player game `amp`, a real player (England's) sending orders
/// once a second during the attack, and the attack's mail dropped in the inbox.
pub(super) const AMP_ATTACKS: [&str; 4] = ["map", "list", "process", "guess"];

pub(super) struct Amp {
    pub(super) dir: PathBuf,
    pub(super) inbox: Maildir,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) daemon: Option<std::thread::JoinHandle<()>>,
    pub(super) watch: Watch,
    pub(super) db: rusqlite::Connection,
    pub(super) n: usize,
}

impl Amp {
    pub(super) fn start(dir: &Path) -> Amp {
        let cfg = config(dir, 60);
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = stop.clone();
        let daemon = std::thread::spawn(move || {
            let mut d = Daemon::new(cfg, Clock::System).unwrap();
            d.run(&s2);
        });
        let inbox = Maildir::open(&dir.join("inbox")).unwrap();
        // the database exists once the daemon has opened it
        let t = Instant::now();
        while !dir.join("judge.db").exists() && t.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(200));
        let db = rusqlite::Connection::open(dir.join("judge.db")).unwrap();
        db.busy_timeout(Duration::from_secs(30)).unwrap();
        Amp { dir: dir.to_path_buf(), inbox, stop, daemon: Some(daemon), watch: Watch::new(&dir.join("outbox")), db, n: 0 }
    }

    /// Drops a mail from `from`; returns its id.
    pub(super) fn drop(&mut self, from: &str, body: &str) -> String {
        self.n += 1;
        let id = format!("amp{}", self.n);
        self.inbox.deliver(&format!("a{:06}", self.n), &mail(from, &id, body)).unwrap();
        id
    }

    /// Sends and waits for the reply.
    pub(super) fn send(&mut self, from: &str, body: &str) {
        let id = self.drop(from, body);
        self.watch.expect(&id, Instant::now(), "setup");
        assert!(self.watch.wait_all(Duration::from_secs(120)), "no reply to {body:?}");
    }

    pub(super) fn count(&self, sql: &str) -> i64 {
        self.db.query_row(sql, [], |r| r.get(0)).unwrap()
    }

    /// Waits until the inbox is empty and every queued mail is sent.
    pub(super) fn settle(&mut self) {
        let t = Instant::now();
        let mut quiet = 0;
        while t.elapsed() < Duration::from_secs(1800) {
            self.watch.poll();
            let busy = inbox_len(&self.dir) > 0 || self.count("SELECT count(*) FROM outbox WHERE sent IS NULL AND gave_up IS NULL") > 0;
            quiet = if busy { 0 } else { quiet + 1 };
            if quiet >= 10 {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the judge did not settle within 30 minutes");
    }

    /// Bytes of the outbox files addressed to `addr`, and their number.
    pub(super) fn bytes_to(&self, addr: &str) -> (u64, usize) {
        let mut total = (0, 0);
        for e in std::fs::read_dir(self.dir.join("outbox/new")).unwrap().flatten() {
            let Ok(f) = std::fs::File::open(e.path()) else { continue };
            let mut head = vec![0u8; 4096];
            let n = std::io::Read::read(&mut std::io::BufReader::new(f), &mut head).unwrap_or(0);
            let head = String::from_utf8_lossy(&head[..n]).to_ascii_lowercase();
            if head.lines().any(|l| l.starts_with("to:") && l.contains(&addr.to_ascii_lowercase())) {
                total.0 += e.metadata().map(|m| m.len()).unwrap_or(0);
                total.1 += 1;
            }
        }
        total
    }

    pub(super) fn all_bytes(&self) -> u64 {
        std::fs::read_dir(self.dir.join("outbox/new")).unwrap().flatten().filter_map(|e| e.metadata().ok()).map(|m| m.len()).sum()
    }

    pub(super) fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.daemon.take().unwrap().join().unwrap();
    }
}

/// A started game `amp`: the master gm@amp.test (gmpass), seven players
/// pK@amp.test (passK). Returns France's and England's (address, password).
pub(super) fn amp_game(a: &mut Amp) -> ((String, String), (String, String)) {
    a.send("gm@amp.test", "CREATE ?amp gmpass standard");
    for k in 1..=7 {
        a.send(&format!("p{k}@amp.test"), &format!("SIGNON ?amp pass{k}"));
    }
    a.settle();
    assert_eq!(a.count("SELECT count(*) FROM games WHERE name = 'amp' AND status = 'active'"), 1, "amp started");
    let seat = |a: &Amp, power: i64| -> (String, String) {
        let email: String = a.db.query_row("SELECT email FROM players WHERE power = ?1 AND role = 'player'", [power], |r| r.get(0)).unwrap();
        let k = email.trim_start_matches('p').split('@').next().unwrap().to_string();
        (email, format!("pass{k}"))
    };
    (seat(a, 2), seat(a, 1))
}

/// The real player's order mails during an attack: one a second from
/// `start`, `n` of them; their reply latencies.
pub(super) fn real_player(a: &mut Amp, england: &(String, String), tag: &str, n: usize, attack: &mut dyn FnMut(&mut Amp, f64) -> bool) -> Vec<f64> {
    let t0 = Instant::now();
    let mut next = 0;
    let mut attacking = true;
    while next < n || attacking {
        let t = t0.elapsed().as_secs_f64();
        if attacking {
            attacking = attack(a, t);
        }
        if next < n && t >= 0.5 + next as f64 {
            let order = ["F LON-NTH", "F EDI-NWG", "A LVP-YOR", "F LON H", "A LVP H", "F EDI H"][next % 6];
            let id = a.drop(&england.0, &format!("SIGNON Eamp {}\n{order}", england.1));
            a.watch.expect(&id, Instant::now(), &format!("{tag}:{next}"));
            next += 1;
        }
        a.watch.poll();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(a.watch.wait_all(Duration::from_secs(1800)), "{tag}: the real player's replies are missing");
    a.watch.latencies(&format!("{tag}:"))
}

pub(super) fn amplify_child(dir: &Path, which: &str) {
    let mut a = Amp::start(dir);
    let (france, england) = amp_game(&mut a);
    let victim = france.0.clone();
    let base = a.bytes_to(&victim).0;
    let all_before = a.all_bytes();
    let t0 = Instant::now();
    let (what, latencies, extra) = match which {
        // 100 forged mails, each From France's own address, each asking for three maps
        "map" => {
            let mut k = 0;
            let l = real_player(&mut a, &england, "map", 5, &mut |a, t| {
                while k < 100 && t >= k as f64 * 0.03 {
                    a.drop(&victim, "MAP amp\nMAP amp\nMAP amp");
                    k += 1;
                }
                k < 100
            });
            ("100 forged MAP mails (3 maps each) From the victim's own address".to_string(), l, String::new())
        }
        // a game created to aim its list (results, broadcasts, the end) at a stranger
        "list" => {
            let stranger = "stranger@elsewhere.test";
            let mut step = 0;
            let l = real_player(&mut a, &england, "list", 5, &mut |a, _| {
                match step {
                    0 => {
                        a.drop("evil@evil.test", &format!("CREATE ?evil evilpass standard\nSET LIST {stranger}"));
                    }
                    1..=7 => {
                        a.drop(&format!("e{step}@evil.test"), &format!("SIGNON ?evil epass{step}"));
                    }
                    8..=11 => {
                        let text = "Read this. ".repeat(100);
                        a.drop("evil@evil.test", &format!("SIGNON Mevil evilpass\nBROADCAST\n{text}\nENDPRESS\nPROCESS!"));
                    }
                    12 => {
                        a.drop("evil@evil.test", "SIGNON Mevil evilpass\nTERMINATE");
                    }
                    _ => return false,
                }
                step += 1;
                true
            });
            a.settle();
            let (b, n) = a.bytes_to(stranger);
            (format!("SET LIST at a stranger ({stranger}), then broadcasts, 4 phases and the end"), l, format!("; the stranger got {n} mails, {b} bytes"))
        }
        // one master mail of 400 PROCESS! lines
        "process" => {
            let mut sent = false;
            let l = real_player(&mut a, &england, "process", 5, &mut |a, _| {
                if !sent {
                    a.drop("gm@amp.test", &format!("SIGNON Mamp gmpass\n{}", vec!["PROCESS!"; 400].join("\n")));
                    sent = true;
                }
                false
            });
            a.settle();
            let phases = a.count("SELECT count(*) FROM phases p JOIN games g ON g.id = p.game_id WHERE g.name = 'amp'");
            ("one master mail of 400 x PROCESS!".to_string(), l, format!("; {phases} phase(s) processed"))
        }
        // 40 wrong sign-ons forged with France's own address, then the right one with SET ADDRESS
        "guess" => {
            let mut k = 0;
            let pw = france.1.clone();
            let l = real_player(&mut a, &england, "guess", 5, &mut |a, t| {
                while k < 41 && t >= k as f64 * 0.05 {
                    if k < 40 {
                        a.drop(&victim, &format!("SIGNON Famp guess{k}"));
                    } else {
                        a.drop(&victim, &format!("SIGNON Famp {pw}\nSET ADDRESS attacker@evil.test"));
                    }
                    k += 1;
                }
                k < 41
            });
            a.settle();
            let moved = a.count("SELECT count(*) FROM players WHERE email = 'attacker@evil.test'") > 0;
            (
                "40 wrong sign-ons forged with the owner's address, then the right password with SET ADDRESS".to_string(),
                l,
                format!("; France's seat moved to the attacker: {}", if moved { "YES" } else { "no" }),
            )
        }
        other => panic!("unknown attack {other}"),
    };
    a.settle();
    let secs = t0.elapsed().as_secs_f64();
    let (to_victim, n_victim) = a.bytes_to(&victim);
    let outbox = a.all_bytes() - all_before;
    a.finish();
    let (hwm, _) = memory_kib();
    let max = latencies.last().copied().unwrap_or(f64::NAN);
    figure(
        &format!("amp_{which}_victim_bytes"),
        to_victim - base,
        "bytes",
        format!(
            "amplification, {what}: {} bytes ({n_victim} mails) reached France's address, {outbox} bytes in the outbox in all; settled in {secs:.1} s{extra}",
            to_victim - base
        ),
    );
    figure(
        &format!("amp_{which}_peak_mb"),
        (hwm as f64 / 1024.0 * 10.0).round() / 10.0,
        "MB",
        format!("amplification, {which}: the process's peak memory {:.1} MB", hwm as f64 / 1024.0),
    );
    figure(
        &format!("amp_{which}_latency_median_s"),
        (median(&latencies) * 1000.0).round() / 1000.0,
        "s",
        format!(
            "amplification, {which}: a real player's reply latency during it: median {:.2} s, max {max:.2} s over {} mails",
            median(&latencies),
            latencies.len()
        ),
    );
}
