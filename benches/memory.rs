//! Memory over a long game (a bench binary: one run, figures printed).
//!
//! One standard game played through the judge for 100 phases on a Maildir
//! spool, as a running judge plays it: each movement phase every power mails
//! its orders (some armies move, the rest hold), the deadline is processed
//! (`Judge::tick`: adjudication, the map drawn as SVG and PNG, the results
//! mailed) and the outbox is flushed to the outbound Maildir; retreats and
//! adjustments go by their defaults. The resident memory (VmRSS, and its
//! peak VmHWM, from /proc/self/status) is printed at phase 0, 10, 50 and
//! 100, beside the bytes of map pieces the renderer keeps.
//!
//! Run: `cargo bench --bench memory`.

#[path = "support/play.rs"]
mod play;
#[path = "support/shipped.rs"]
mod shipped;
use mailjudge::context::Clock;
use mailjudge::judge::Judge;
use mailjudge::mail::RawMail;
use mailjudge::mail::maildir::Maildir;
use mailjudge::map::Variant;
use play::{Dice, memory_in, movement_orders};
use shipped::{LETTERS, config, mail};

/// VmRSS and VmHWM of this process, in MB.
fn memory() -> (f64, f64) {
    memory_in("/proc/self/status")
}

/// The game's board now, and whether it is still being played.
fn board(j: &Judge, v: &Variant) -> (mailjudge::adjudicate::Position, bool) {
    let (position, status): (String, String) =
        j.conn.query_row("SELECT position, status FROM games WHERE name = 'g0'", [], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    let value: serde_json::Value = serde_json::from_str(&position).unwrap();
    (mailjudge::contract::position_from_json(v, &value).unwrap(), status == "active")
}

/// This phase's orders of every power, one mail each: a third of the
/// armies move to a neighbour, every other unit holds.
fn orders(v: &Variant, pos: &mailjudge::adjudicate::Position, phase: usize, dice: &mut Dice) -> Vec<RawMail> {
    let mut mails = Vec::new();
    for (p, l) in LETTERS.chars().enumerate() {
        let mut body = format!("SIGNON {l}g0 pass{p}\n");
        for o in movement_orders(v, pos, p, dice) {
            body.push_str(&format!("{o}\n"));
        }
        mails.push(RawMail { key: format!("o{phase}-{p}"), bytes: mail(&format!("p{p}@example.test"), &format!("o{phase}-{p}"), &body) });
    }
    mails
}

fn main() {
    // `cargo test --benches` runs bench binaries with --bench absent: keep that quick
    if !std::env::args().any(|a| a == "--bench") {
        println!("memory benchmark: run with `cargo bench --bench memory`");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut j = Judge::open(config(dir.path()), Clock::System).unwrap();
    let mut out = Maildir::open(&dir.path().join("outbox")).unwrap();
    let v = Variant::standard();
    let mut setup = vec![RawMail { key: "c".into(), bytes: mail("gm@example.test", "create", "CREATE ?g0 gmpass\n") }];
    for (i, l) in LETTERS.chars().enumerate() {
        setup.push(RawMail {
            key: format!("j{i}"),
            bytes: mail(&format!("p{i}@example.test"), &format!("join{i}"), &format!("SIGNON ?g0 pass{i}\nSET PREFERENCE {l}\n")),
        });
    }
    j.handle_batch(&setup).unwrap();
    while j.flush_outbox(&mut out).unwrap() > 0 {}
    let mut play = Play { j, out, dice: Dice(0x9E37_79B9_7F4A_7C15), mailed: 0, v };
    // as `serve` works: each deadline's work on a blocking thread of its own
    // (tokio's idle blocking threads end after 10 s; deadlines are hours apart)
    let threads = std::env::var_os("MAILJUDGE_BENCH_THREADS").is_some();
    let t = std::time::Instant::now();
    let report = |phase: usize| {
        let (rss, hwm) = memory();
        println!(
            "memory: phase {phase:3}: VmRSS {rss:6.1} MB, VmHWM {hwm:6.1} MB; map pieces kept {:.1} MB; {:.1} s",
            mailjudge::render::pieces_kept() as f64 / 1048576.0,
            t.elapsed().as_secs_f64()
        );
    };
    println!("memory: one standard game, 100 phases{}", if threads { ", each on a new thread" } else { "" });
    report(0);
    for phase in 1..=100 {
        let (p, ended) = if threads {
            std::thread::spawn(move || {
                let ended = play.phase(phase);
                (play, ended)
            })
            .join()
            .unwrap()
        } else {
            let ended = play.phase(phase);
            (play, ended)
        };
        play = p;
        if ended {
            println!("memory: the game ended before phase {phase}");
            break;
        }
        // the outbound Maildir is the mail server's: emptied as it takes the mail
        for e in std::fs::read_dir(dir.path().join("outbox/new")).unwrap() {
            let _ = std::fs::remove_file(e.unwrap().path());
        }
        if [10, 50, 100].contains(&phase) {
            report(phase);
        }
    }
}

/// The judge and what the game's play needs between phases.
struct Play {
    j: Judge,
    out: Maildir,
    dice: Dice,
    /// Movement phases whose orders were mailed.
    mailed: usize,
    v: Variant,
}

impl Play {
    fn phases(&self) -> usize {
        self.j.conn.query_row("SELECT count(*) FROM phases", [], |r| r.get::<_, i64>(0)).unwrap() as usize
    }

    /// Plays phase `phase` (1, 2, ...): its orders mailed, its deadline
    /// processed, the mail sent; `true` if the game has ended.
    fn phase(&mut self, phase: usize) -> bool {
        let (pos, active) = board(&self.j, &self.v);
        if !active {
            return true;
        }
        // the orders, if all are in, process the phase at once; else its deadline does
        if pos.phase.kind == mailjudge::phase::PhaseKind::Movement {
            let mails = orders(&self.v, &pos, self.mailed, &mut self.dice);
            self.j.handle_batch(&mails).unwrap();
            self.mailed += 1;
        }
        if self.phases() < phase {
            self.j.conn.execute("UPDATE games SET deadline = 1, grace_until = 2 WHERE name = 'g0'", []).unwrap();
            self.j.tick().unwrap();
        }
        assert_eq!(self.phases(), phase, "phase {phase} was not processed");
        while self.j.flush_outbox(&mut self.out).unwrap() > 0 {}
        false
    }
}
