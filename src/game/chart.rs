//! The supply-centre chart of a game: a row a year (or at each of
//! several adjustments a year, as 1885's), each power's centres once the
//! ownership is settled. The summary writes it as njudge's
//! table (`play::end`), the HTML site as a table and a picture.

use crate::adjudicate::Position;
use crate::map::{PowerId, Variant};
use crate::phase::{Phase, PhaseKind};

/// One row: a year (and, on a calendar with several adjustments a year,
/// the season of its adjustment: 1885's March, June, September and
/// December) and each power's centres (by power number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub year: i32,
    pub season: Option<u8>,
    pub counts: Vec<usize>,
}

impl Row {
    /// The row's name in a chart: the year, or the season's first three
    /// letters and the year (`Mar 1886`).
    pub fn label(&self, v: &Variant) -> String {
        match self.season.and_then(|s| v.calendar.seasons.get(s as usize)) {
            Some(s) => format!("{} {}", s.name.chars().take(3).collect::<String>(), v.calendar.year_name(self.year)),
            None => v.calendar.year_name(self.year),
        }
    }

    fn key(&self) -> (i32, Option<u8>) {
        (self.year, self.season)
    }
}

/// Whether `v`'s calendar adjusts more than once a year (1885): its chart
/// then has a row at each adjustment, not a row a year.
fn several_a_year(v: &Variant) -> bool {
    v.calendar.seasons.iter().filter(|s| s.phases.contains(&PhaseKind::Adjustment)).count() > 1
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

/// The row phase `p` settles, if it is one of the chart's points: the
/// year's last adjustment, or every adjustment where there are several.
fn point(v: &Variant, p: Phase) -> Option<(i32, Option<u8>)> {
    if p.kind != PhaseKind::Adjustment {
        return None;
    }
    if several_a_year(v) {
        return Some((p.year, Some(p.season)));
    }
    last_adjustment_of_year(v, p).then_some((p.year, None))
}

/// The most phases looked at between two boards for points skipped (a
/// record's boards are a phase or a few apart).
const MAX_SKIPPED: usize = 64;

/// The points strictly between two boards' phases: adjustments skipped,
/// having nothing to build or remove.
fn skipped(v: &Variant, from: Phase, to: Phase) -> Vec<(i32, Option<u8>)> {
    let mut out = Vec::new();
    let mut q = v.calendar.successor(from);
    for _ in 0..MAX_SKIPPED {
        if q >= to {
            break;
        }
        out.extend(point(v, q));
        q = v.calendar.successor(q);
    }
    out
}

/// The rows of a game's line `all` (the board before each processed phase,
/// then the board now). A row holds the counts after its adjustment (the
/// year's last, or each of several a year): at that adjustment phase, or
/// (an adjustment skipped, having nothing to build or remove) at the next
/// board. A year still being played has no row; a game over (`finished`)
/// has its final counts, on a row of the last phase played if the last row
/// does not hold them already.
pub fn rows(v: &Variant, all: &[Position], finished: bool) -> Vec<Row> {
    let count = |pos: &Position| (0..v.powers.len() as PowerId).map(|p| pos.center_count(p)).collect::<Vec<_>>();
    let mut out: Vec<Row> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    for (i, pos) in all.iter().enumerate() {
        let passed = i.checked_sub(1).map(|j| skipped(v, all[j].phase, pos.phase)).unwrap_or_default();
        for key in passed.into_iter().chain(point(v, pos.phase)) {
            if out.last().is_none_or(|r| r.key() < key) {
                out.push(Row { year: key.0, season: key.1, counts: count(pos) });
                at.push(i);
            }
        }
    }
    if finished && let Some(end) = all.len().checked_sub(1) {
        let played = all[end.saturating_sub(1)].phase;
        let key = (played.year, several_a_year(v).then_some(played.season));
        let last = count(&all[end]);
        if out.last().is_none_or(|r| r.counts != last) && at.last() != Some(&end) {
            match out.last_mut().filter(|r| r.key() == key) {
                Some(r) => r.counts = last,
                None => out.push(Row { year: key.0, season: key.1, counts: last }),
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

    fn labelled(v: &Variant, rows: &[Row]) -> Vec<(String, usize)> {
        rows.iter().map(|r| (r.label(v), r.counts[0])).collect()
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
    fn a_calendar_adjusting_four_times_a_year_has_a_row_at_each_adjustment() {
        let v = Variant::builtin("1885").unwrap();
        let base = Position::initial(&v).center_count(0);
        let months = [("NOV1885M", 0), ("DEC1885M", 0), ("DEC1885A", 1), ("JAN1886M", 1), ("MAR1886M", 1), ("MAR1886A", 3), ("APR1886M", 3)];
        let rows_of = |n: usize, over: bool| labelled(&v, &rows(&v, &line(&v, &months[..n]), over));
        assert_eq!(rows_of(7, false), [("Dec 1885".to_string(), base + 1), ("Mar 1886".to_string(), base + 3)]);
        // June's adjustments skipped (nothing to build): settled at July's board
        let skipped = [("MAR1886A", 3), ("JUN1886M", 3), ("JUL1886M", 4)];
        assert_eq!(labelled(&v, &rows(&v, &line(&v, &skipped), false)), [("Mar 1886".to_string(), base + 3), ("Jun 1886".to_string(), base + 4)]);
        // over in April 1886 with a centre more: a row of April
        let mut won = months.to_vec();
        won.push(("APR1886M", 5));
        let got = labelled(&v, &rows(&v, &line(&v, &won), true));
        assert_eq!(got.last().unwrap(), &("Apr 1886".to_string(), base + 5), "{got:?}");
        // the standard map keeps a row a year, named by the year
        let s = Variant::standard();
        let year = [("S1901M", 0), ("F1901M", 0), ("W1901A", 2), ("S1902M", 2)];
        assert_eq!(labelled(&s, &rows(&s, &line(&s, &year), false)), [("1901".to_string(), 5)]);
    }
}
