//! When the judge next has deadline work: the serve loop's timer sleeps
//! until then ([`mailjudge::judge::Judge::next_due`]).

use crate::common;
use common::game::Game;

#[test]
fn the_next_deadline_work_is_the_reminder_then_the_deadline_then_the_end_of_the_grace_period() {
    let g = Game::started();
    let row = g.row();
    let deadline = row.deadline.expect("a started game has a deadline");
    let remind = deadline - row.settings.reminder_secs;
    let grace = row.grace_until.expect("and the end of its grace period");
    assert_eq!(grace, deadline + row.settings.grace_secs);
    let now = g.w.now;
    assert!(now < remind && remind < deadline && deadline < grace, "{now} {remind} {deadline} {grace}");
    let j = &g.w.daemon.judge;
    assert_eq!(j.next_due(now).unwrap(), Some(remind));
    assert_eq!(j.next_due(remind - 1).unwrap(), Some(remind), "just before the reminder");
    assert_eq!(j.next_due(remind).unwrap(), Some(deadline), "at the reminder's time: the deadline is next");
    assert_eq!(j.next_due(deadline).unwrap(), Some(grace));
    assert_eq!(j.next_due(grace).unwrap(), None, "nothing after the grace period");
    // reminded already: the deadline is next
    common::raw::reminded(&j.conn);
    assert_eq!(j.next_due(now).unwrap(), Some(deadline));
}

#[test]
fn a_paused_game_or_one_waiting_for_its_master_has_no_deadline_work() {
    let g = Game::started();
    let j = &g.w.daemon.judge;
    let mut row = g.row();
    row.paused = true;
    row.save(&j.conn).unwrap();
    assert_eq!(j.next_due(g.w.now).unwrap(), None);
    row.paused = false;
    row.mark(mailjudge::game::Mark::WaitingForMaster);
    row.save(&j.conn).unwrap();
    assert_eq!(j.next_due(g.w.now).unwrap(), None);
    row.unmark(mailjudge::game::Mark::WaitingForMaster);
    row.save(&j.conn).unwrap();
    assert!(j.next_due(g.w.now).unwrap().is_some());
}
