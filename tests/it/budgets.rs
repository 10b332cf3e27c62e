//! Budgets charged to the sender (issue 34, part 4), by mail: press and
//! broadcasts count against their sender's hourly budget and take at most
//! half of a recipient's, so the recipient's own replies always get through;
//! a sender whose press is held back is told so.

use crate::common;
use common::game::{Game, flat};

/// England's one-word press to France, `n` times; the replies' texts.
fn press_to_france(g: &mut Game, n: usize) -> Vec<String> {
    (0..n).map(|i| g.as_power('E', &format!("PRESS TO F\nzqpress{i}\nENDPRESS")).0).collect()
}

#[test]
fn a_flood_of_press_never_silences_the_recipients_own_replies() {
    let mut g = Game::started();
    // 120 one-word press mails from England to France, each answered
    let replies = press_to_france(&mut g, 120);
    assert!(replies.iter().all(|r| r.contains("Press sent") || r.contains("Held back")), "{:?}", replies.last());
    // France's own order replies get through, whatever England sent
    for i in 0..10 {
        let (r, _) = g.as_power('F', if i % 2 == 0 { "A PAR-BUR" } else { "A PAR H" });
        assert!(r.contains("Signed on as France"), "{r}");
    }
}

#[test]
fn press_is_charged_to_its_sender_who_is_told_when_it_is_held_back() {
    let mut g = Game::started();
    g.w.daemon.judge.ctx.cfg.limits.press_bytes_per_sender_per_hour = 20_000;
    let replies = press_to_france(&mut g, 40);
    let sent = replies.iter().filter(|r| r.contains("Press sent")).count();
    let held =
        replies.iter().position(|r| flat(r).contains("Held back: your press made this judge send others 20 KB within the last hour")).expect("held back");
    assert!(sent >= 5 && sent == held, "{sent} sent, then held back at {held}");
    assert!(replies[held..].iter().all(|r| !r.contains("Press sent")), "nothing more says sent");
    // the press held back reached nobody
    let to_france = common::db::count(common::db::outbox(g.w.db()), |m| m.to_addr == "p3@example.test" && m.body.contains("zqpress"));
    assert_eq!(to_france as usize, sent);
    // France's replies still come, and England's press goes again an hour later
    let (r, _) = g.as_power('F', "A PAR H");
    assert!(r.contains("Signed on as France"), "{r}");
    g.w.set_time(g.w.now + 3601);
    let r = press_to_france(&mut g, 1).remove(0);
    assert!(r.contains("Press sent"), "{r}");
}

#[test]
fn press_to_one_address_takes_at_most_half_its_hourly_budget() {
    let mut g = Game::started();
    g.w.daemon.judge.ctx.cfg.limits.bytes_per_address_per_hour = 100_000;
    let big = "x".repeat(4_000);
    let mut held = 0;
    let mut went = 0;
    // five senders, each within its own budget, press France
    for round in 0..4 {
        for l in ['A', 'E', 'G', 'I', 'R'] {
            let (r, _) = g.as_power(l, &format!("PRESS TO F\n{big}{round}\nENDPRESS"));
            if flat(&r).contains("Held back from a recipient who had 50 KB of press within the last hour") {
                held += 1;
            } else if r.contains("Press sent") {
                went += 1;
            }
        }
    }
    assert!(held > 0 && went > 0, "{went} went, {held} held back");
    let bytes: u64 =
        common::db::outbox(g.w.db()).iter().filter(|m| m.to_addr == "p3@example.test" && m.body.contains(&big)).map(|m| m.body.len() as u64 + 1024).sum();
    assert!(bytes <= 50_000 + 5_200, "{bytes}");
    // France's replies have the rest
    for _ in 0..5 {
        let (r, _) = g.as_power('F', "A PAR H");
        assert!(r.contains("Signed on as France"), "{r}");
    }
}
