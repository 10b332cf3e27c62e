//! The results report of a phase (and of a prediction).

use crate::adjudicate::{Note, OrderResult, Outcome, Position, ResultKind};
use crate::game::powers::pname;
use crate::map::PowerId;
use crate::order::Order;
use crate::report::Templates;
use crate::report::say::results as say;
pub use crate::store::values::ReportFormat;
use crate::timing;
use chrono_tz::Tz;
use minijinja::context;

impl ReportFormat {
    /// The template that writes it.
    pub fn template(self) -> &'static str {
        match self {
            ReportFormat::Text => "report.txt",
            ReportFormat::Markdown => "report.md",
            ReportFormat::BBCode => "report.bbcode",
        }
    }

    /// Reads `TEXT`, `MARKDOWN` (or `MD`), `BBCODE` (any case).
    pub fn parse(word: &str) -> Option<ReportFormat> {
        match word.to_ascii_lowercase().as_str() {
            "text" | "plain" => Some(ReportFormat::Text),
            "markdown" | "md" => Some(ReportFormat::Markdown),
            "bbcode" => Some(ReportFormat::BBCode),
            _ => None,
        }
    }
}

/// A phase's outcome, as a results report shows it.
pub struct Results<'a> {
    pub game: &'a crate::game::Game,
    /// The position the orders were given in.
    pub pos: &'a Position,
    pub out: &'a Outcome,
    pub orders: &'a [(PowerId, Order)],
    /// A preview of the phase (`PREDICT`), not its results.
    pub prediction: bool,
    /// The next phase's deadline.
    pub deadline: Option<i64>,
    /// In a blind game, the phase as one seat sees it (its results, the
    /// units it glimpsed, the board left it): the report shows that, and no
    /// other power's missing orders. `None`: the whole phase.
    pub seen: Option<&'a crate::game::blind::Tailored>,
}

/// The report of an outcome, and the powers that sent no orders, in `format`
/// (`tz`: the time zone of the deadline it names).
pub fn render_report(templates: &Templates, tz: Tz, r: &Results, format: ReportFormat) -> String {
    let Results { game, pos, out, orders, prediction, deadline, seen } = *r;
    let v = game.v();
    let out = seen.map_or(out, |t| &t.out);
    let in_seat = |p: PowerId| seen.is_none_or(|t| t.seat.contains(&p));
    let mut powers = Vec::new();
    let mut nmr = Vec::new();
    // removals nobody ordered, on a map where they are the GM's (E18)
    let gm_removes = crate::game::removals::gm_removes(&game.rules);
    let owing = crate::game::owing(game, pos, orders);
    for p in 0..v.powers.len() as PowerId {
        let rows: Vec<minijinja::Value> = out
            .results
            .iter()
            .filter(|r| r.power == p)
            .map(|r| context! { text => r.order.canonical(v), result => result_text(v, gm_removes, pos, out, r) })
            .chain(
                seen.iter()
                    .flat_map(|t| t.glimpsed.iter())
                    .filter(|g| g.unit.power == p)
                    .map(|g| context! { text => v.unit_code(&g.unit), result => say::glimpse(g.how) }),
            )
            .collect();
        // a neutral power (a game for fewer players) has no one to send orders
        if owing[p as usize].needs.needs && owing[p as usize].silent && in_seat(p) {
            nmr.push(pname(v, p));
        }
        if !rows.is_empty() {
            powers.push(context! { name => pname(v, p), orders => rows });
        }
    }
    let finished = out.winner().map(|w| match v.victory {
        crate::map::Victory::Centers(_) => say::won_by_centres(&pname(v, w), out.position.center_count(w)),
        crate::map::Victory::Units(_) => say::won_by_units(&pname(v, w), out.position.unit_count(w)),
    });
    // an end the game added after the phase (an alliance, a draw, the short
    // game's last year): the sentence the game records
    let finished =
        finished.or_else(|| out.end.as_ref().filter(|e| !matches!(e, crate::end::GameEnd::NoMorePhases)).and_then(|_| crate::report::say::game::result(game)));
    let title = say::title(&v.calendar.long_name(pos.phase));
    templates.render(
        format.template(),
        context! {
            game => game.name.clone(), variant => v.name.clone(), title => title, powers => powers, nmr => nmr,
            board => board_of(game, out, seen).to_value(),
            next => out.next_phase.map(|n| v.calendar.long_name(n)).unwrap_or_default(),
            deadline => deadline.map(|d| timing::format_time(d, tz)).unwrap_or_default(),
            finished => finished, prediction => prediction,
        },
    )
}

/// The board a report ends on: the whole one, or in a blind game the seat's.
fn board_of(game: &crate::game::Game, out: &Outcome, seen: Option<&crate::game::blind::Tailored>) -> crate::report::board::Board {
    let board = crate::report::board::board_in(game.v(), &game.rules, &out.position);
    match seen {
        Some(t) => board.seen_by(game.v(), &t.seat),
        None => board.with_disorder(&game.disorder_roll()),
    }
}

/// What happened to one order, as its result line says it.
fn result_text(v: &crate::map::Variant, gm_removes: bool, pos: &Position, out: &Outcome, r: &OrderResult) -> String {
    let by = r.by.map(|u| say::unit(v, &u));
    let no_retreat = |p: &[crate::adjudicate::Dislodged]| {
        r.order.unit().is_some_and(|s| p.iter().any(|d| d.unit.power == r.power && d.unit.loc.prov == s.loc.prov && !d.unit.aboard && d.options.is_empty()))
    };
    match (r.result, r.note, &r.order) {
        (_, Some(Note::CivilDisorder), _) if gm_removes && r.defaulted => crate::report::say::removals::judge_removed(),
        (ResultKind::Ok, Some(Note::DefaultRightHand), Order::Retreat { dest, .. }) => say::right_hand(&v.loc_code(*dest)),
        // a unit that could retreat nowhere: destroyed (njudge's word)
        (ResultKind::Dislodged, _, _) if no_retreat(&out.dislodged) => say::destroyed(&say::result(r.result, r.note, r.defaulted, by.as_deref())),
        (ResultKind::Disband, Some(Note::DefaultDisband), _) if no_retreat(&pos.dislodged) => say::destroyed_unordered(),
        _ => say::result(r.result, r.note, r.defaulted, by.as_deref()),
    }
}

#[cfg(test)]
mod tests {
    use super::render_report;
    use crate::adjudicate::{Position, process};
    use crate::config::Config;
    use crate::context::{Clock, Ctx};
    use crate::map::{PowerId, Unit, Variant};
    use crate::order::Order;
    use crate::parse::parse_order;
    use crate::phase::PhaseKind;
    use crate::rules::Rulebook;
    use crate::store::games::GameStatus;

    fn game(ctx: &Ctx, v: &Variant) -> crate::game::Game {
        let settings = crate::game::default_settings(&ctx.cfg);
        let mut g = crate::game::Game::forming("demo", std::sync::Arc::new(v.clone()), String::new(), "", settings, 0).expect("a game");
        (g.id, g.status) = (1, GameStatus::Active);
        g
    }

    /// The report of one phase of `v` with these units and orders.
    fn report(v: &Variant, pos: &Position, orders: &[(&str, &str)]) -> (String, crate::adjudicate::Outcome) {
        let ctx = Ctx::new(Config::default_config(), Clock::Fixed(1_790_000_000), Default::default()).expect("a context");
        let orders: Vec<(PowerId, Order)> =
            orders.iter().map(|(p, o)| (v.power_by_name(p).expect("a power"), parse_order(v, o, Some(pos.phase.kind)).expect("an order"))).collect();
        let out = process(v, &Rulebook::datc(), pos, &orders);
        let r = super::Results { game: &game(&ctx, v), pos, out: &out, orders: &orders, prediction: false, deadline: None, seen: None };
        (render_report(&ctx.templates, ctx.cfg.timezone, &r, super::ReportFormat::Text), out)
    }

    fn has_line(text: &str, line: &str) {
        assert!(text.lines().any(|l| l.trim_end() == line), "no line {line:?} in:\n{text}");
    }

    #[test]
    fn result_lines_say_which_unit_made_the_result() {
        let v = Variant::standard();
        let u = |p: &str, s: &str| v.parse_unit(v.power_by_name(p).unwrap(), s).unwrap();
        let mut units: Vec<Unit> = [
            ("FRANCE", "A PAR"),
            ("FRANCE", "A BUR"),
            ("FRANCE", "A BRE"),
            ("ENGLAND", "A BEL"),
            ("ENGLAND", "F NTH"),
            ("ENGLAND", "A PIC"),
            ("GERMANY", "A MUN"),
            ("GERMANY", "A RUH"),
            ("GERMANY", "F HEL"),
            ("GERMANY", "F DEN"),
        ]
        .iter()
        .map(|(p, s)| u(p, s))
        .collect();
        units.sort();
        let pos = Position { phase: v.start, units, centers: v.initial_centers(), owners: Vec::new(), dislodged: Vec::new() };
        let (text, _) = report(
            &v,
            &pos,
            &[
                ("FRANCE", "A PAR - PIC"),
                ("FRANCE", "A BUR S A PAR - PIC"),
                ("FRANCE", "A BRE - GAS"),
                ("ENGLAND", "A BEL - BUR"),
                ("ENGLAND", "F NTH H"),
                ("GERMANY", "A MUN - RUH"),
                ("GERMANY", "A RUH - MUN"),
                ("GERMANY", "F HEL - NTH"),
                ("GERMANY", "F DEN S F HEL - NTH"),
            ],
        );
        has_line(&text, "  A BUR S A PAR - PIC  (cut by English A BEL)");
        has_line(&text, "  A PAR - PIC  (bounce: stopped by English A PIC)");
        has_line(&text, "  A BEL - BUR  (bounce: stopped by French A BUR)");
        has_line(&text, "  F NTH H  (dislodged by German F HEL)");
        // own units swapping places head to head: each stopped by the other
        has_line(&text, "  A MUN - RUH  (bounce: stopped by German A RUH)");
        // a plain success says nothing
        has_line(&text, "  A BRE - GAS");
        has_line(&text, "  F HEL - NTH");

        // the retreat phase: two units to one space
        let mut units: Vec<Unit> =
            [("FRANCE", "A PAR"), ("FRANCE", "A BUR"), ("FRANCE", "F MAO"), ("ENGLAND", "A BRE"), ("GERMANY", "A MUN"), ("GERMANY", "A RUH")]
                .iter()
                .map(|(p, s)| u(p, s))
                .collect();
        units.sort();
        let pos = Position { phase: v.start, units, centers: v.initial_centers(), owners: Vec::new(), dislodged: Vec::new() };
        let (text, out2) =
            report(&v, &pos, &[("FRANCE", "F MAO - BRE"), ("FRANCE", "A PAR S F MAO - BRE"), ("GERMANY", "A MUN - BUR"), ("GERMANY", "A RUH S A MUN - BUR")]);
        // an unordered unit dislodged: the attacker and the default
        has_line(&text, "  A BUR H  (dislodged by German A MUN; no order: the unit holds)");
        assert_eq!(out2.position.phase.kind, PhaseKind::Retreat);
        let (text, _) = report(&v, &out2.position, &[("FRANCE", "A BUR - GAS"), ("ENGLAND", "A BRE - GAS")]);
        has_line(&text, "  A BUR R GAS  (disband: English A BRE retreated to the same space)");
        has_line(&text, "  A BRE R GAS  (disband: French A BUR retreated to the same space)");
    }
}
