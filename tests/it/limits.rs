//! What careless and hostile senders showed, each pinned at and past its limit:
//! a deadline in the past needs confirming, chained absences cannot push a
//! phase without end, orders on one line count as lines, a clock stepped back
//! brings deadlines back with it, old outbox bodies are pruned, a full disk is
//! reported as a full disk; and the newcomer's trial: the master's `*`
//! sign-on, the last joiner's preference, PREDICT, console output.

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::command::orders::MAX_ORDERS_PER_LINE;
use mailjudge::judge::OUTBOX_KEEP_SECS;
use mailjudge::play::deadline::{MAX_ABSENCE_PUSH_SECS, MAX_ABSENCES};

const DAY: i64 = 86_400;

#[test]
fn a_deadline_in_the_past_needs_confirming() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET DEADLINE 2026-11-22 12:00");
    assert!(r.contains("has already passed: the phase would be processed at once") && r.contains("SET DEADLINE 2026-11-22 12:00 !"), "{r}");
    let before = db::only_game(g.w.db()).deadline.unwrap();
    assert!(before > g.w.now, "unchanged");
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nSET DEADLINE 2026-11-22 12:00 !");
    assert!(r.contains("Deadline set to"), "{r}");
    assert!(
        sent.iter().any(|s| s.subject == "Game demo: Spring 1901 movement results")
            || db::only_game(g.w.db()).seq == 2
            || db::only_game(g.w.db()).deadline.unwrap() < g.w.now,
        "{r}"
    );
    // a future one needs nothing
    let (r, _) = g.send(GM, "SIGNON *demo gmpass\nSET DEADLINE +3 days");
    assert!(r.contains("Deadline set to"), "the `*` sign-on is the master's: {r}");
}

#[test]
fn chained_absences_are_capped() {
    let mut g = Game::started();
    let deadline = db::only_game(g.w.db()).deadline.unwrap();
    // each absence covers the deadline as it stands, 21 days long
    let mut body = String::from("SIGNON Fdemo pw-three\n");
    let mut start = deadline - DAY;
    for _ in 0..=MAX_ABSENCES {
        let (a, b) = (fmt(start), fmt(start + 20 * DAY));
        body.push_str(&format!("SET ABSENCE {a} TO {b}\n"));
        start += 20 * DAY;
    }
    let (r, sent) = g.send("p3@example.test", &body);
    assert_eq!(r.matches("Absence recorded").count(), MAX_ABSENCES, "{r}");
    assert!(r.contains(&format!("you have {MAX_ABSENCES} absences recorded already")), "{r}");
    let now_deadline = db::only_game(g.w.db()).deadline.unwrap();
    assert!(now_deadline > deadline, "moved");
    assert!(now_deadline <= deadline + MAX_ABSENCE_PUSH_SECS + DAY, "capped: moved {} days", (now_deadline - deadline) / DAY);
    let notices = to(&sent, "p1@example.test").into_iter().filter(|s| s.subject == "Game demo: deadline moved").count();
    assert!(notices <= MAX_ABSENCES, "{notices} notices");
}

fn fmt(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0).unwrap().format("%Y-%m-%d %H:%M").to_string()
}

#[test]
fn orders_separated_by_commas_count_as_lines() {
    let mut g = Game::started();
    let at_limit = vec!["A PAR H"; MAX_ORDERS_PER_LINE].join(", ");
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{at_limit}"));
    assert!(r.contains("A PAR H: accepted."), "{}", &r[..r.len().min(400)]);
    let past = vec!["A PAR H"; MAX_ORDERS_PER_LINE + 1].join(", ");
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{past}"));
    assert!(
        r.contains(&format!("{} orders on one line: a line may hold at most {MAX_ORDERS_PER_LINE}", MAX_ORDERS_PER_LINE + 1)),
        "{}",
        &r[..r.len().min(600)]
    );
    // the mail's limit counts orders: 400 lines of one order read, the 401st not
    let lines = vec!["A PAR H"; 401].join("\n");
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{lines}"));
    assert!(r.contains("more line(s) were not read: the judge reads at most 400 lines"), "{}", &r[r.len().saturating_sub(3000)..]);
    let many = vec![["A PAR H"; 10].join(", "); 41].join("\n");
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{many}"));
    assert!(r.contains("more than 400 orders in one mail"), "25,000 orders cannot hide behind commas");
}

#[test]
fn a_clock_stepped_back_brings_deadlines_back() {
    let mut g = Game::started();
    let t0 = g.w.now;
    // the clock runs a year ahead; the phase is processed then
    g.w.set_time(t0 + 365 * DAY);
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(r.contains("processed"), "{r}");
    let far = db::only_game(g.w.db()).deadline.unwrap();
    assert!(far > t0 + 365 * DAY);
    // the clock is put right: the next pass moves the deadline back by as much
    g.w.set_time(t0 + 60);
    g.w.step();
    let d = db::only_game(g.w.db()).deadline.unwrap();
    assert!(d > t0 && d <= t0 + 60 + (far - (t0 + 365 * DAY)) + 60, "deadline {} days away", (d - t0) / DAY);
    assert_eq!(count(db::phases(g.w.db()), |p| p.stored.processed > t0 + 60), 0);
}

#[test]
fn old_outbox_bodies_are_pruned_at_the_limit() {
    let mut g = Game::started();
    let sent_at = db::outbox(g.w.db()).iter().filter_map(|m| m.sent).max().expect("mail sent");
    let with_body = |g: &Game| count(db::outbox(g.w.db()), |m| m.sent == Some(sent_at) && !m.body.is_empty());
    let n = with_body(&g);
    assert!(n > 0);
    g.w.set_time(sent_at + OUTBOX_KEEP_SECS);
    g.w.step();
    assert_eq!(with_body(&g), n, "kept up to the limit");
    g.w.set_time(sent_at + OUTBOX_KEEP_SECS + 1);
    g.w.step();
    assert_eq!(with_body(&g), 0, "pruned past it");
    assert!(count(db::outbox(g.w.db()), |m| m.sent == Some(sent_at)) >= n, "the record stays");
}

#[test]
fn a_full_disk_is_reported_as_such() {
    let mut g = Game::started();
    raw::cap_size(g.w.db());
    // what is kept of a large mail is bounded (issue 34, part 5): enough of
    // them to fill the capped database
    let big = "x".repeat(200_000);
    for _ in 0..30 {
        g.drop_mail("p3@example.test", &format!("SIGNON Fdemo pw-three\nPRESS TO E\n{big}\nENDPRESS"));
    }
    let err = g.w.daemon.step().expect_err("the disk is full");
    let msg = format!("{err:#}");
    assert!(msg.contains("full"), "{msg}");
    // room again: the mails are handled, once each
    raw::uncap_size(g.w.db());
    let (s, _) = g.w.step();
    assert_eq!(s.mails, 30);
}

#[test]
fn the_last_joiner_can_still_give_a_preference() {
    let mut w = World::new(mailjudge::timing::parse_date("2026-11-23 12:00", chrono_tz::Tz::UTC, 1_790_000_000, false).unwrap());
    let mail = |w: &World, n: usize, from: &str, body: &str| {
        let raw = format!("From: {from}\r\nTo: {JUDGE}\r\nSubject: j\r\nMessage-ID: <j{n}@example.test>\r\n\r\n{}\r\n", body.replace('\n', "\r\n"));
        w.deliver_bytes(&format!("j{n:02}"), raw.as_bytes());
    };
    mail(&w, 0, GM, "CREATE ?solo gmpass");
    for i in 1..=6 {
        mail(&w, i, &format!("q{i}@example.test"), &format!("SIGNON ?solo pass{i}"));
    }
    w.step();
    mail(&w, 7, "q7@example.test", "SIGNON ?solo pass7\nSET PREFERENCE T");
    let (_, sent) = w.step();
    let r = flat(&reply(&sent, "<j7@example.test>").body);
    assert!(r.contains("Preference recorded: Turkey."), "{r}");
    assert!(r.contains("the game has started. You are Turkey"), "{r}");
}

#[test]
fn predict_says_prediction_once_and_the_console_has_no_mail_framing() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPREDICT");
    assert_eq!(r.matches("PREDICTION").count() + r.matches("What would happen").count(), 1, "{r}");
    let j = &mut g.w.daemon.judge;
    let text = mailjudge::command::run_anonymous(&j.conn, &mut j.ctx, &["LIST".to_string()]).unwrap();
    assert!(!text.contains("received your mail"), "{text}");
    assert!(text.starts_with("> LIST"), "{text}");
}

#[test]
fn two_judges_on_one_database_or_spool_are_refused() {
    let g = Game::started();
    let cfg = config(g.w.dir.path(), 1000);
    let e = mailjudge::daemon::Daemon::new(cfg, mailjudge::context::Clock::System).err().expect("a second judge is refused");
    assert!(format!("{e:#}").contains("another mailjudge is already running"), "{e:#}");
}

#[test]
fn a_new_database_beside_a_used_spool_needs_init() {
    let Game { w, .. } = Game::started();
    let World { dir: tmp, daemon, .. } = w;
    drop(daemon);
    let dir = tmp.path().to_path_buf();
    // the database is lost (or replaced); the spool remembers another one
    std::fs::remove_file(dir.join("judge.db")).unwrap();
    let cfg = config(&dir, 1000);
    let e = mailjudge::daemon::Daemon::open(cfg.clone(), mailjudge::context::Clock::System, false).err().expect("refused");
    assert!(format!("{e:#}").contains("start once with --init"), "{e:#}");
    let d = mailjudge::daemon::Daemon::open(cfg.clone(), mailjudge::context::Clock::System, true).expect("with --init");
    drop(d);
    mailjudge::daemon::Daemon::open(cfg, mailjudge::context::Clock::System, false).expect("and from then on without it");
}

#[test]
fn run_stops_when_told_and_finishes_its_mail() {
    let mut g = Game::started();
    let id = g.drop_mail("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = stop.clone();
    let outbox = g.w.dir.path().join("outbox");
    let want = id.clone();
    // a watcher stops the loop once the mail is answered (or after 20 s)
    let watcher = std::thread::spawn(move || {
        let start = std::time::Instant::now();
        let mut answered = false;
        while start.elapsed().as_secs() < 20 {
            if all_sent(&outbox).iter().any(|s| s.in_reply_to.as_deref() == Some(want.as_str())) {
                answered = true;
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        answered
    });
    g.w.daemon.run(&stop);
    assert!(watcher.join().unwrap(), "the mail was answered before the stop");
    assert_eq!(count(db::orders(g.w.db()), |o| o.text == "A PAR - BUR"), 1);
}

#[test]
fn durations_that_once_crash_looped_the_judge_are_refused_with_a_reason() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, "CREATE ?huge pw-huge standard movement=99999999999d");
    assert!(r.contains("Error:") && !r.contains("Game huge created"), "{r}");
    assert_eq!(count(db::games(g.w.db()), |r| r.name == "huge"), 0, "nothing of the refused CREATE is kept");
    for bad in [
        "SET MOVEMENT 99999999999d",
        "SET MOVEMENT 10000000000000 hours",
        "SET RETREAT cron: * * * * * *",
        "SET ADJUSTMENT 30 minutes",
        "SET DEADLINE +99999999999d",
    ] {
        let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\n{bad}"));
        assert!(r.contains("Error:"), "{bad}: {r}");
    }
    // the game still runs: its deadline passes and it is processed
    let t = db::game(g.w.db(), "demo").grace_until.unwrap() + 1;
    g.w.set_time(t);
    let (s, _) = g.w.step();
    assert_eq!(s.phases, 1);
}

#[test]
fn three_hundred_password_changes_in_one_mail_do_three_hundred_times_nothing() {
    let mut g = Game::started();
    let body: String = (0..300).map(|i| format!("SET PASSWORD newpass{i}\n")).collect();
    let before = g.w.daemon.judge.ctx.passwords.work_done();
    let (r, _) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{body}"));
    assert!(g.w.daemon.judge.ctx.passwords.work_done() - before <= mailjudge::command::MAX_PASSWORD_WORK_PER_MAIL);
    assert!(r.contains("too many password commands in one mail"), "{}", &r[..r.len().min(2000)]);
}

/// Bytes of the mail in the outbox to `addr` (as sent, attachments included).
fn bytes_to(g: &Game, addr: &str) -> u64 {
    all_sent(&g.w.dir.path().join("outbox"))
        .iter()
        .filter(|s| s.to == addr)
        .map(|s| std::fs::metadata(g.w.dir.path().join("outbox/new").join(&s.file)).unwrap().len())
        .sum()
}

#[test]
fn forged_map_mails_reach_a_player_within_the_byte_budget_then_one_note() {
    let mut g = Game::started();
    g.w.daemon.judge.ctx.cfg.limits.mails_per_sender_per_hour = 1000;
    let hour = g.w.daemon.judge.ctx.cfg.limits.bytes_per_address_per_hour;
    // forged with France's own address: each asks for three maps
    for k in 0..60 {
        g.drop_mail("p3@example.test", &format!("MAP demo\nMAP demo\nMAP demo\nHELP {k}"));
    }
    g.w.step();
    let sent = all_sent(&g.w.dir.path().join("outbox"));
    let to_p3: Vec<&Sent> = sent.iter().filter(|s| s.to == "p3@example.test").collect();
    let notes = to_p3.iter().filter(|s| s.subject.contains("no more mail to this address for now")).count();
    assert!(notes <= 1, "one note at most");
    // once the budget has no room for a map, none is drawn: the reply says so
    assert!(to_p3.iter().any(|s| flat(&s.body).contains("No map of game demo attached")), "refused before drawing");
    let total = bytes_to(&g, "p3@example.test");
    assert!(total <= hour + 10_000, "{total} bytes to the victim within an hour, budget {hour}");
    assert!(total >= hour / 2, "the budget is used, not a small cap: {total}");
    // an hour on, replies go again (and no second note in the new window yet)
    let now = g.w.now;
    g.w.set_time(now + 3601);
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR H");
    assert!(r.contains("A PAR H: accepted"), "{r}");
    // the game's own results are never held back
    let (_, sent) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(sent.iter().any(|s| s.to == "p3@example.test" && s.subject.contains("results")), "results go whatever the budget");
}

#[test]
fn the_byte_budget_at_and_past_its_limit() {
    let mut g = Game::started();
    let hour = 150_000;
    g.w.daemon.judge.ctx.cfg.limits.bytes_per_address_per_hour = hour;
    g.w.daemon.judge.ctx.cfg.limits.mails_per_sender_per_hour = 1000;
    // HELP replies of a known size, until the next would pass the hour's budget
    let mut n = 0;
    let send = |g: &mut Game| {
        g.drop_mail("p5@example.test", "HELP");
        g.w.step().1
    };
    loop {
        let before = bytes_to(&g, "p5@example.test");
        let sent = send(&mut g);
        n += 1;
        if sent.iter().any(|s| s.subject.contains("no more mail")) {
            assert!(before <= hour, "at the limit: everything sent so far fits ({before} <= {hour})");
            assert!(sent.iter().all(|s| s.in_reply_to.is_none()), "past it: no reply, the note alone");
            break;
        }
        assert!(n < 100, "the budget never ran out");
    }
    let sent = send(&mut g);
    assert!(sent.is_empty(), "then nothing");
    // the day's budget: past it, even an hour on, nothing but one note a day
    g.w.daemon.judge.ctx.cfg.limits.bytes_per_address_per_day = hour;
    let now = g.w.now;
    g.w.set_time(now + 3601);
    let sent = send(&mut g);
    assert!(sent.iter().all(|s| s.in_reply_to.is_none()), "still over the day's budget: {sent:?}");
}

#[test]
fn one_process_a_mail_and_the_masters_table_mail_is_rate_limited() {
    let mut g = Game::started();
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\n{}", vec!["PROCESS!"; 20].join("\n")));
    assert_eq!(r.matches("one mail processes at most one phase").count(), 19, "{r}");
    assert_eq!(db::phases(g.w.db()).len() as i64, 1, "one phase processed");
    // the master's commands that mail the table: the limit, then refused
    let limit = g.w.daemon.judge.ctx.cfg.limits.table_mails_per_game_per_hour as usize;
    let mut done = 1; // the PROCESS above
    while done < limit {
        let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPAUSE\n");
        assert!(!r.contains("Not done"), "{r}");
        done += 1;
    }
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(r.contains("mailed the whole table 6 times within the last hour"), "{r}");
    assert_eq!(sent.len(), 1, "the master's reply alone");
    let now = g.w.now;
    g.w.set_time(now + 3601);
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nRESUME");
    assert!(!r.contains("Not done"), "{r}");
}

#[test]
fn a_password_on_the_line_after_a_bare_signon_is_never_echoed() {
    let mut g = Game::started();
    let (r, _) = g.send("p3@example.test", "SIGNON\nhunter2-pw\nA PAR H");
    assert!(!r.contains("hunter2-pw"), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo\ns3cond-pw");
    assert!(!r.contains("s3cond-pw"), "{r}");
    // the line after it is not run: its answer would quote it
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR\nSIGNON Gdemo\nhunter3-pw x");
    assert!(!r.contains("hunter3-pw") && r.contains("not read: the line after a SIGNON"), "{r}");
    // a line with more than the missing words: not joined, still never echoed
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo\nth1rd-pw and more");
    assert!(!r.contains("th1rd-pw"), "{r}");
    // nor stored
    assert_eq!(count(db::mails(g.w.db()), |m| ["%hunter2-pw%", "%s3cond-pw%", "%th1rd-pw%"].iter().any(|p| db::bytes_like(&m.raw, p))), 0);
}

#[test]
fn a_games_own_mail_has_a_budget_of_its_own() {
    let mut g = Game::started();
    // results count against the game budget, not the other; at its limit they stop, one note
    g.w.daemon.judge.ctx.cfg.limits.game_bytes_per_address_per_day = 1_000_000;
    let mut notes = 0;
    let mut results = 0;
    for _ in 0..12 {
        let id = g.drop_mail(GM, "SIGNON Mdemo gmpass\nPROCESS!");
        let (_, sent) = g.w.step();
        assert_eq!(reply(&sent, &id).to, GM);
        results += sent.iter().filter(|s| s.to == "p3@example.test" && s.subject.contains("results")).count();
        notes += sent.iter().filter(|s| s.to == "p3@example.test" && s.subject.contains("no more mail to this address")).count();
        let now = g.w.now;
        g.w.set_time(now + 3601);
    }
    assert!((2..12).contains(&results), "some results, then none: {results}");
    assert_eq!(notes, 1, "one note");
    assert!(bytes_to(&g, "p3@example.test") <= 1_000_000 + 5_000, "{}", bytes_to(&g, "p3@example.test"));
}
