//! The supply-centre chart of a game: a row a year, each power's centres
//! once the year's ownership is settled. The summary writes it as njudge's
//! table (`play::end`), the HTML site as a table and a picture.

use crate::adjudicate::Position;
use crate::map::{PowerId, Variant};
use crate::phase::{Phase, PhaseKind};

/// One row: a year and each power's centres (by power number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub year: i32,
    pub counts: Vec<usize>,
}

/// Whether `p` (an adjustment phase) is its year's last in `v`'s calendar
/// (1885's December builds, the standard map's only Winter).
fn last_adjustment_of_year(v: &Variant, p: Phase) -> bool {
    let mut q = v.calendar.successor(p);
    while q.year == p.year {
        if q.kind == PhaseKind::Adjustment {
            return false;
        }
        q = v.calendar.successor(q);
    }
    true
}

/// The rows of a game's line `all` (the board before each processed phase,
/// then the board now). Year Y's row holds the counts after Y's last
/// adjustment: at that adjustment phase, or (a year whose adjustments were
/// skipped, having nothing to build or remove) at the first board of a
/// later year. A year still being played has no row; a game over
/// (`finished`) has its final counts, on a row of the last year played if
/// the last row does not hold them already.
pub fn rows(v: &Variant, all: &[Position], finished: bool) -> Vec<Row> {
    let count = |pos: &Position| (0..v.powers.len() as PowerId).map(|p| pos.center_count(p)).collect::<Vec<_>>();
    let mut out: Vec<Row> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    let settled = |out: &[Row], year: i32| out.last().is_some_and(|r| r.year >= year);
    for (i, pos) in all.iter().enumerate() {
        let year = pos.phase.year;
        // a year left behind with no row: settled at this first board of a later year
        if let Some(prev) = i.checked_sub(1).map(|j| all[j].phase.year)
            && prev < year
            && !settled(&out, prev)
        {
            out.push(Row { year: prev, counts: count(pos) });
            at.push(i);
        }
        if pos.phase.kind == PhaseKind::Adjustment && last_adjustment_of_year(v, pos.phase) && !settled(&out, year) {
            out.push(Row { year, counts: count(pos) });
            at.push(i);
        }
    }
    if finished && let Some(end) = all.len().checked_sub(1) {
        let year = all[end.saturating_sub(1)].phase.year;
        let last = count(&all[end]);
        if out.last().is_none_or(|r| r.counts != last) && at.last() != Some(&end) {
            match out.last_mut().filter(|r| r.year == year) {
                Some(r) => r.counts = last,
                None => out.push(Row { year, counts: last }),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards at each phase code, Austria owning that many centres more
    /// than at the start.
    fn line(v: &Variant, boards: &[(&str, usize)]) -> Vec<Position> {
        boards
            .iter()
            .map(|&(c, n)| {
                let mut pos = Position::initial(v);
                pos.phase = v.calendar.parse(c).unwrap();
                let free: Vec<usize> = (0..pos.centers.len()).filter(|&i| v.is_center(i as _) && pos.centers[i].is_none()).take(n).collect();
                for i in free {
                    pos.centers[i] = Some(0);
                }
                pos
            })
            .collect()
    }

    fn austria(rows: &[Row]) -> Vec<(i32, usize)> {
        rows.iter().map(|r| (r.year, r.counts[0])).collect()
    }

    #[test]
    fn a_row_a_year_once_its_centres_are_settled() {
        let v = Variant::standard();
        // 1901: two centres taken, settled at W1901A; 1902 none to build
        // (its counts at S1903M: one more); 1903 being played
        let year = [("S1901M", 0), ("F1901M", 0), ("W1901A", 2), ("S1902M", 2), ("F1902M", 2), ("S1903M", 3), ("F1903M", 3)];
        assert_eq!(austria(&rows(&v, &line(&v, &year), false)), [(1901, 5), (1902, 6)]);
        // over after Fall 1901's adjustments: no 1902 row
        assert_eq!(austria(&rows(&v, &line(&v, &year[..4]), true)), [(1901, 5)]);
        // over in Spring 1901 (terminated): the final counts are shown
        assert_eq!(austria(&rows(&v, &line(&v, &year[..2]), true)), [(1901, 3)]);
        assert_eq!(austria(&rows(&v, &line(&v, &year[..2]), false)), []);
        // over in Fall 1902 after a move that took a centre (a solo, say):
        // the final counts on a row of 1902
        let won = [("S1901M", 0), ("F1901M", 0), ("W1901A", 2), ("S1902M", 2), ("F1902M", 2), ("F1902M", 4)];
        assert_eq!(austria(&rows(&v, &line(&v, &won), true)), [(1901, 5), (1902, 7)]);
    }

    #[test]
    fn a_monthly_calendar_has_a_row_a_year_after_its_last_builds() {
        let v = Variant::builtin("1885").unwrap();
        let base = Position::initial(&v).center_count(0);
        let months = [("NOV1885M", 0), ("DEC1885M", 0), ("DEC1885A", 1), ("JAN1886M", 1), ("MAR1886M", 1), ("MAR1886A", 3), ("APR1886M", 3)];
        // 1885 at December's builds; March 1886's builds do not settle 1886
        assert_eq!(austria(&rows(&v, &line(&v, &months), false)), [(1885, base + 1)]);
        // over in April 1886: its counts so far on a row of 1886
        assert_eq!(austria(&rows(&v, &line(&v, &months), true)), [(1885, base + 1), (1886, base + 3)]);
    }
}
