//! One scripted game by mail for each of the rulebook's games for fewer
//! players (docs/RULES.md, "Games for fewer players"): `players=6`, `5`, `4`,
//! `3a`, `3b` and `2`. Each game is created by the master's mail, every seat
//! joins and signs on, and at least one whole game year is played by mailing
//! orders as players write them (Spring and Fall moves, a retreat, the Winter
//! adjustments). After each phase the stored position and the mails the judge
//! sent (replies and results mails) are checked; every seat's player gets
//! exactly one results mail a phase.

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::adjudicate::Position;
use mailjudge::map::Variant;

fn position(g: &Game) -> Position {
    g.row().position.unwrap()
}

/// The phase the game is in (compare with `at("S1901M")`).
fn phase(g: &Game) -> mailjudge::phase::Phase {
    position(g).phase
}

fn at(code: &str) -> mailjudge::phase::Phase {
    Variant::standard().calendar.parse(code).unwrap()
}

/// A power's units on the board, sorted (`A BUR`, `F STP/SC`).
fn units(g: &Game, power: &str) -> Vec<String> {
    let v = Variant::standard();
    let p = v.power_by_name(power).unwrap();
    let mut u: Vec<String> = position(g).units.iter().filter(|u| u.power == p).map(|u| v.unit_code(u)).collect();
    u.sort();
    u
}

/// A power's supply centres, sorted by code.
fn centres(g: &Game, power: &str) -> Vec<String> {
    let v = Variant::standard();
    let p = v.power_by_name(power).unwrap();
    let mut c: Vec<String> =
        position(g).centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.province(i as u16).code.to_ascii_uppercase()).collect();
    c.sort();
    c
}

fn p(n: usize) -> String {
    format!("p{n}@example.test")
}

/// The results mails of `subject` (`Spring 1901 movement`) among `sent`, by recipient.
fn results<'a>(sent: &'a [Sent], what: &str) -> Vec<&'a Sent> {
    let subject = format!("Game demo: {what} results");
    sent.iter().filter(|s| s.subject == subject).collect()
}

/// The one results mail of `what` that `addr` got, flattened.
fn results_to(sent: &[Sent], what: &str, addr: &str) -> String {
    let r: Vec<&Sent> = results(sent, what).into_iter().filter(|s| s.to == addr).collect();
    assert_eq!(r.len(), 1, "one {what} results mail to {addr}: {:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    flat(&r[0].body)
}

fn contains(text: &str, want: &[&str]) {
    for w in want {
        assert!(text.contains(&flat(w)), "lacks {w:?}:\n{text}");
    }
}

/// The master creates `demo` with `players=...`; the players join in turn,
/// p1, p2, ..., each asking for the power letter given; the last join starts
/// the game. Returns the start mails.
fn create_and_join(g: &mut Game, players: &str, prefs: &[char]) -> Vec<Sent> {
    let (r, _) = g.send(GM, &format!("CREATE ?demo gmpass standard players={players}"));
    assert!(r.contains(&format!("the game starts when all {} seats are taken", prefs.len())), "{r}");
    let mut sent = Vec::new();
    for (i, c) in prefs.iter().enumerate() {
        let (r, s) = g.send(&p(i + 1), &format!("SIGNON ?demo pw-{}\nSET PREFERENCE {c}", i + 1));
        if i + 1 < prefs.len() {
            assert!(r.contains(&format!("You joined game demo ({} of {} seats taken)", i + 1, prefs.len())), "{r}");
        }
        sent = s;
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "the last join starts the game");
    sent
}

/// Mails each body from its player (p1, p2, ...) in turn; the sign-on must
/// work and no line may be refused. Returns the replies' bodies flattened (in
/// the order mailed) and the mails sent in the last pass (where the phase the
/// last orders completed is processed, with its results mails).
fn mail_orders(g: &mut Game, mails: &[(usize, &str)]) -> (Vec<String>, Vec<Sent>) {
    let mut replies = Vec::new();
    let mut last = Vec::new();
    for (n, body) in mails {
        let (r, sent) = g.send(&p(*n), body);
        assert!(!r.contains("Error") && !r.contains("refused") && r.contains("Signed on as"), "p{n}'s mail:\n{body}\nreply: {r}");
        replies.push(r);
        last = sent;
    }
    (replies, last)
}

/// Six players: Italy is neutral. Its units hold whatever is written for them
/// and do not support each other: an Austrian attack with one support
/// dislodges A VEN although A ROM stands beside it. The dislodged Italian
/// army is disbanded in the retreat phase held for Russia's fleet (it gets no
/// retreat, and no one waits for Italy), Austria takes Venice, and Italy,
/// with two centres and two units, neither builds nor is waited for in the
/// Winter.
#[test]
fn six_players_one_year_with_italy_neutral() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard players=6");
    assert!(r.contains("A game for 6 players: Italy left out"), "{r}");
    drop(g);
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "6", &['A', 'E', 'F', 'G', 'R', 'T']);
    for (n, power) in [(1, "Austria"), (2, "England"), (3, "France"), (4, "Germany"), (5, "Russia"), (6, "Turkey")] {
        let notes: Vec<&Sent> = to(&sent, &p(n)).into_iter().filter(|s| s.subject.contains("has started")).collect();
        assert_eq!(notes.len(), 1, "one start notice for p{n}");
        assert_eq!(notes[0].subject, format!("Game demo has started: you are {power}"));
    }
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Game demo has started").expect("the master's notice");
    let body = flat(&gm.body);
    assert!(body.contains("Turkey p6@example.test Neutral, played by no one: Italy. First phase: Spring 1901 movement."), "{body}");
    assert_eq!(count(db::players(g.w.db()), |p| p.power == Some(4)), 0, "no seat for Italy");
    assert_eq!(g.row().settings.neutral, ["ITALY"]);

    // --- Spring 1901. Nobody may order the Italian units, not even the master.
    let (r, _) = g.send(&p(3), "SIGNON Fdemo pw-3\nA Rom - Tus");
    assert!(r.contains("the unit belongs to another power"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nBECOME Italy\nA Ven - Tyr");
    assert!(r.contains("Italy is neutral in this game: its units hold and take no orders, so no one may act for it"), "{r}");
    assert!(!r.contains("accepted"), "{r}");
    assert!(g.orders(4).is_empty(), "no order stored for Italy");
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nA Vie-Tyr\nA Bud-Ser\nF Tri H"),
            (2, "SIGNON Edemo pw-2\nF Lon-Nth\nF Edi-Nwg\nA Lvp-Yor"),
            (3, "SIGNON Fdemo pw-3\nA Mar-Pie\nA Par-Bur\nF Bre-Mid"),
            (4, "SIGNON Gdemo pw-4\nA Mun-Ruh\nA Ber-Kie\nF Kie-Den"),
            (5, "SIGNON Rdemo pw-5\nF Sev-Rum\nA Mos-Ukr\nA War-Gal\nF StP/sc-Bot"),
            (6, "SIGNON Tdemo pw-6\nF Ank-Bla\nA Con-Bul\nA Smy-Arm"),
        ],
    );
    assert_eq!(phase(&g), at("F1901M"), "processed once the six seats had ordered, without Italy");
    assert_eq!(units(&g, "ITALY"), ["A ROM", "A VEN", "F NAP"]);
    assert_eq!(units(&g, "AUSTRIA"), ["A SER", "A TYR", "F TRI"]);
    assert_eq!(units(&g, "RUSSIA"), ["A GAL", "A UKR", "F BOT", "F RUM"]);
    for n in 1..=6 {
        let rep = results_to(&sent, "Spring 1901 movement", &p(n));
        contains(&rep, &["A VEN H (no order: the unit holds)", "A MAR - PIE", "F SEV - RUM", "Next phase: Fall 1901 movement"]);
        assert!(!rep.contains("No orders received from"), "Italy is not late: {rep}");
    }

    // --- Fall 1901. Austria attacks Venice with one support; Turkey dislodges
    // the Russian fleet in Rumania.
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nF Tri-Ven\nA Tyr S F Tri-Ven\nA Ser H"),
            (2, "SIGNON Edemo pw-2\nF Nwg-Nwy\nF Nth H\nA Yor H"),
            (3, "SIGNON Fdemo pw-3\nF Mao-Por\nA Bur H\nA Pie H"),
            (4, "SIGNON Gdemo pw-4\nA Kie-Hol\nF Den H\nA Ruh H"),
            (5, "SIGNON Rdemo pw-5\nF Bot-Swe\nF Rum H\nA Ukr H\nA Gal H"),
            (6, "SIGNON Tdemo pw-6\nA Bul-Rum\nF Bla S A Bul-Rum\nA Arm H"),
        ],
    );
    assert_eq!(phase(&g), at("F1901R"));
    // Italian A ROM, beside Venice, gave it no support: Austria's two beat one
    let v = Variant::standard();
    let pos = position(&g);
    let dislodged: Vec<(String, Vec<String>)> = pos
        .dislodged
        .iter()
        .map(|d| (format!("{} {}", v.powers[d.unit.power as usize].name, v.unit_code(&d.unit)), d.options.iter().map(|l| v.loc_code(*l)).collect()))
        .collect();
    assert_eq!(dislodged, [("ITALY A VEN".to_string(), vec![]), ("RUSSIA F RUM".to_string(), vec!["SEV".to_string()])]);
    assert_eq!(units(&g, "AUSTRIA"), ["A SER", "A TYR", "F VEN"]);
    for n in 1..=6 {
        let rep = results_to(&sent, "Fall 1901 movement", &p(n));
        contains(
            &rep,
            &[
                "A ROM H (no order: the unit holds)",
                "A VEN H (dislodged by Austrian F TRI; no order: the unit holds; no retreat possible: destroyed)",
                "F RUM H (dislodged by Turkish A BUL)",
                "Italy A VEN no retreat possible: it will be disbanded",
                "Russia F RUM may retreat to SEV",
                "Next phase: Fall 1901 retreats",
            ],
        );
    }

    // --- Fall 1901 retreats: only Russia is asked; Italy's army is disbanded
    let (r, sent) = g.send(&p(5), "SIGNON Rdemo pw-5\nF Rum - Sev");
    assert!(r.contains("F RUM R SEV: accepted."), "{r}");
    assert_eq!(phase(&g), at("W1901A"), "processed without waiting for Italy");
    assert_eq!(units(&g, "ITALY"), ["A ROM", "F NAP"], "the dislodged Italian army is gone, not replaced");
    assert_eq!(units(&g, "RUSSIA"), ["A GAL", "A UKR", "F SEV", "F SWE"]);
    assert_eq!(centres(&g, "AUSTRIA"), ["BUD", "SER", "TRI", "VEN", "VIE"], "Venice taken");
    assert_eq!(centres(&g, "ITALY"), ["NAP", "ROM"]);
    assert_eq!(centres(&g, "TURKEY"), ["ANK", "CON", "RUM", "SMY"]);
    for n in 1..=6 {
        let rep = results_to(&sent, "Fall 1901 retreats", &p(n));
        contains(
            &rep,
            &[
                "Italy: A VEN D (no retreat possible: destroyed)",
                "Russia: F RUM R SEV",
                "Austria 5 centres 3 units builds 2",
                "Italy 2 centres 2 units Units: A ROM F NAP Centres: NAP ROM Russia",
                "Next phase: Winter 1901 adjustments",
            ],
        );
    }

    // --- Winter 1901: builds; England waives; Italy owes nothing and is not waited for
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nBuild A Vie\nBuild F Tri"),
            (2, "SIGNON Edemo pw-2\nWaive"),
            (3, "SIGNON Fdemo pw-3\nBuild F Bre"),
            (4, "SIGNON Gdemo pw-4\nBuild A Ber\nBuild F Kie"),
            (5, "SIGNON Rdemo pw-5\nBuild A War"),
            (6, "SIGNON Tdemo pw-6\nBuild A Con"),
        ],
    );
    assert!(replies[0].contains("A VIE B: accepted.") && replies[0].contains("F TRI B: accepted."), "{}", replies[0]);
    assert!(replies[1].contains("WAIVE: accepted."), "{}", replies[1]);
    assert_eq!(phase(&g), at("S1902M"));
    assert_eq!(units(&g, "AUSTRIA"), ["A SER", "A TYR", "A VIE", "F TRI", "F VEN"]);
    assert_eq!(units(&g, "ENGLAND"), ["A YOR", "F NTH", "F NWY"]);
    assert_eq!(units(&g, "GERMANY"), ["A BER", "A HOL", "A RUH", "F DEN", "F KIE"]);
    assert_eq!(units(&g, "ITALY"), ["A ROM", "F NAP"], "a neutral power never builds");
    assert_eq!(units(&g, "TURKEY"), ["A ARM", "A CON", "A RUM", "F BLA"]);
    for n in 1..=6 {
        let rep = results_to(&sent, "Winter 1901 adjustments", &p(n));
        contains(&rep, &["A VIE B", "F TRI B", "F BRE B", "A BER B", "F KIE B", "A WAR B", "A CON B", "Next phase: Spring 1902 movement"]);
        assert!(!rep.contains("Italy: "), "Italy has no adjustment: {rep}");
    }
}

/// Five players: Germany and Italy are neutral. France takes Munich with
/// Austrian support (Berlin and Kiel, beside it, give it none); the German
/// army is disbanded at once, as a neutral unit dislodged alone makes no
/// retreat phase: the Fall goes straight to the Winter. A Russian attack on
/// Berlin bounces off the holding army. No one waits for Germany or Italy, and
/// neither builds.
#[test]
fn five_players_one_year_with_germany_and_italy_neutral() {
    let mut g = Game::empty();
    // before the start: a preference naming the neutral powers drops them
    g.send(GM, "CREATE ?demo gmpass standard players=5");
    let (r, _) = g.send(&p(9), "SIGNON ?demo pw-9\nSET PREFERENCE GIA");
    assert!(r.contains("Preference recorded: Austria. Not played in this game, so dropped from the list: Germany, Italy."), "{r}");
    let (r, _) = g.send(&p(9), "SIGNON ?demo pw-9\nSET PREFERENCE I");
    assert!(r.contains("Error: no one plays Italy in this game: name powers that are played"), "{r}");
    assert_eq!(count(db::players(g.w.db()), |p| p.email == "p9@example.test" && p.preference.as_deref() == Some("A")), 1);
    drop(g);
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "5", &['A', 'E', 'F', 'R', 'T']);
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Game demo has started").expect("the master's notice");
    let body = flat(&gm.body);
    assert!(body.contains("Neutral, played by no one: Germany and Italy."), "{body}");
    assert!(!body.contains("Germany p") && !body.contains("Italy p"), "{body}");
    assert_eq!(count(db::players(g.w.db()), |p| matches!(p.power, Some(3 | 4))), 0, "no seats for Germany and Italy");

    // --- Spring 1901; a German unit cannot be ordered
    let (r, _) = g.send(&p(3), "SIGNON Fdemo pw-3\nA Mun - Bur");
    assert!(r.contains("the unit belongs to another power"), "{r}");
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nA Vienna -> Tyrolia\nA Bud - Ser\nF Tri - Alb"),
            (2, "SIGNON Edemo pw-2\nF Lon-Nth, F Edi-Nwg, A Lvp-Yor"),
            (3, "SIGNON Fdemo pw-3\nA Par - Burgundy\nA Mar - Spa\nF Bre - MAt"),
            (4, "SIGNON Rdemo pw-4\nA War - Sil\nA Mos - Ukr\nF Sev - Rum\nF StP/sc - GoB"),
            (5, "SIGNON Tdemo pw-5\nA Con - Bul\nF Ank - Bla\nA Smy - Arm"),
        ],
    );
    assert_eq!(phase(&g), at("F1901M"));
    assert_eq!(units(&g, "GERMANY"), ["A BER", "A MUN", "F KIE"]);
    assert_eq!(units(&g, "FRANCE"), ["A BUR", "A SPA", "F MAO"]);
    for n in 1..=5 {
        let rep = results_to(&sent, "Spring 1901 movement", &p(n));
        contains(&rep, &["Germany: A BER H (no order: the unit holds) A MUN H (no order: the unit holds) F KIE H (no order: the unit holds)", "A PAR - BUR"]);
    }

    // --- Fall 1901: Munich falls to France, Berlin holds against Russia
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nA Tyr S A Bur - Mun\nF Alb - Gre\nA Ser H"),
            (2, "SIGNON Edemo pw-2\nF Nth - Hol\nF Nwg - Nwy\nA Yor H"),
            (3, "SIGNON Fdemo pw-3\nA Bur - Mun\nF Mao - Por\nA Spa H"),
            (4, "SIGNON Rdemo pw-4\nA Sil - Ber\nF Bot - Swe\nF Rum H\nA Ukr H"),
            (5, "SIGNON Tdemo pw-5\nA Bul H\nF Bla H\nA Arm H"),
        ],
    );
    assert_eq!(phase(&g), at("W1901A"), "no retreat phase for a neutral unit alone");
    assert_eq!(units(&g, "GERMANY"), ["A BER", "F KIE"], "the dislodged German army is disbanded");
    assert_eq!(units(&g, "RUSSIA"), ["A SIL", "A UKR", "F RUM", "F SWE"]);
    assert_eq!(centres(&g, "GERMANY"), ["BER", "KIE"]);
    assert_eq!(centres(&g, "FRANCE"), ["BRE", "MAR", "MUN", "PAR", "POR", "SPA"]);
    assert_eq!(centres(&g, "ENGLAND"), ["EDI", "HOL", "LON", "LVP", "NWY"]);
    for n in 1..=5 {
        let rep = results_to(&sent, "Fall 1901 movement", &p(n));
        contains(
            &rep,
            &[
                "A BER H (no order: the unit holds)",
                "A MUN H (dislodged by French A BUR; no order: the unit holds; no retreat possible: destroyed)",
                "A SIL - BER (bounce",
                "France 6 centres 3 units builds 3",
                "Germany 2 centres 2 units Units: A BER F KIE Centres: BER KIE Italy",
                "Next phase: Winter 1901 adjustments",
            ],
        );
        assert!(!rep.contains("Dislodged units"), "{rep}");
    }

    // --- Winter 1901: the five build; nothing for Germany or Italy
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Ademo pw-1\nBuild A Vie\nBuild A Bud"),
            (2, "SIGNON Edemo pw-2\nBuild F Lon\nBuild F Edi"),
            (3, "SIGNON Fdemo pw-3\nBuild A Par\nBuild A Mar\nBuild F Bre"),
            (4, "SIGNON Rdemo pw-4\nBuild A War\nBuild A Mos"),
            (5, "SIGNON Tdemo pw-5\nBuild F Ank"),
        ],
    );
    assert_eq!(phase(&g), at("S1902M"));
    assert_eq!(units(&g, "FRANCE"), ["A MAR", "A MUN", "A PAR", "A SPA", "F BRE", "F POR"]);
    assert_eq!(units(&g, "GERMANY"), ["A BER", "F KIE"]);
    assert_eq!(units(&g, "ITALY"), ["A ROM", "A VEN", "F NAP"]);
    for n in 1..=5 {
        let rep = results_to(&sent, "Winter 1901 adjustments", &p(n));
        contains(&rep, &["A VIE B", "F EDI B", "F BRE B", "A MOS B", "F ANK B", "Next phase: Spring 1902 movement"]);
        assert!(!rep.contains("Germany: ") && !rep.contains("Italy: "), "{rep}");
    }
}

/// Four players: England; Austria/France; Germany/Turkey; Italy/Russia. Each
/// pair is ordered in one mail and gets one results mail a phase. Germany
/// dislodges the French army in Burgundy (a retreat, ordered by the
/// Austria/France player with the power named); Italy takes Trieste, which
/// Austria left, so Austria owes a removal that its player does not order:
/// the phase waits for it to the deadline, a late notice names Austria, and
/// after the grace period the civil-disorder rule removes the Austrian unit
/// farthest from its owned centres (F ADR), while the seat's French builds
/// stand.
#[test]
fn four_players_one_year_with_pairs_and_a_civil_disorder_removal() {
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "4", &['E', 'F', 'T', 'I']);
    let subjects: Vec<(String, String)> = sent.iter().filter(|s| s.subject.contains("has started:")).map(|s| (s.to.clone(), s.subject.clone())).collect();
    assert_eq!(
        subjects,
        [
            (p(1), "Game demo has started: you are England".to_string()),
            (p(2), "Game demo has started: you are Austria and France".to_string()),
            (p(3), "Game demo has started: you are Germany and Turkey".to_string()),
            (p(4), "Game demo has started: you are Italy and Russia".to_string()),
        ]
    );

    // --- Spring 1901: each pair in one mail
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nF Lon-Nth\nF Edi-Nwg\nA Lvp-Yor"),
            (2, "SIGNON Fdemo pw-2\nA Par-Bur\nA Mar H\nF Bre-Mao\nA Vie-Tyr\nA Bud-Gal\nF Tri-Adr"),
            (3, "SIGNON Tdemo pw-3\nA Mun-Ruh\nA Ber-Mun\nF Kie-Den\nA Con-Bul\nF Ank-Bla\nA Smy H"),
            (4, "SIGNON Idemo pw-4\nA Ven H\nA Rom-Apu\nF Nap-Ion\nF Sev-Rum\nA Mos-Ukr\nA War H\nF StP/sc-Bot"),
        ],
    );
    assert!(replies[1].contains("Signed on as Austria and France in game demo."), "{}", replies[1]);
    assert!(replies[1].contains("France: A PAR - BUR: accepted.") && replies[1].contains("Austria: F TRI - ADR: accepted."), "{}", replies[1]);
    assert!(replies[3].contains("Italy: F NAP - ION: accepted.") && replies[3].contains("Russia: F STP/SC - BOT: accepted."), "{}", replies[3]);
    assert_eq!(phase(&g), at("F1901M"));
    assert_eq!(units(&g, "AUSTRIA"), ["A GAL", "A TYR", "F ADR"]);
    assert_eq!(units(&g, "GERMANY"), ["A MUN", "A RUH", "F DEN"]);
    for n in 1..=4 {
        let rep = results_to(&sent, "Spring 1901 movement", &p(n));
        contains(&rep, &["A BUD - GAL", "A BER - MUN", "F SEV - RUM", "Next phase: Fall 1901 movement"]);
    }

    // --- Fall 1901
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nF Nwg-Nwy\nF Nth H\nA Yor H"),
            (2, "SIGNON Ademo pw-2\nFrance: A Bur H, F Mao-Por, A Mar-Spa\nAustria: F Adr H, A Tyr H, A Gal H"),
            (3, "SIGNON Gdemo pw-3\nA Ruh-Bur\nA Mun S A Ruh-Bur\nF Den H\nA Bul H\nF Bla H\nA Smy H"),
            (4, "SIGNON Rdemo pw-4\nA Ven-Tri\nA Apu H\nF Ion-Tun\nF Bot-Swe\nF Rum H\nA Ukr H\nA War H"),
        ],
    );
    assert_eq!(phase(&g), at("F1901R"));
    let v = Variant::standard();
    let pos = position(&g);
    assert_eq!(pos.dislodged.len(), 1);
    assert_eq!(v.unit_code(&pos.dislodged[0].unit), "A BUR");
    let mut opts: Vec<String> = pos.dislodged[0].options.iter().map(|l| v.loc_code(*l)).collect();
    opts.sort();
    assert_eq!(opts, ["BEL", "GAS", "MAR", "PAR", "PIC"]);
    assert_eq!(units(&g, "ITALY"), ["A APU", "A TRI", "F TUN"]);
    for n in 1..=4 {
        let rep = results_to(&sent, "Fall 1901 movement", &p(n));
        contains(&rep, &["A BUR H (dislodged by German A RUH)", "A MUN S A RUH - BUR", "A VEN - TRI", "Next phase: Fall 1901 retreats"]);
    }

    // --- Fall 1901 retreats: only the Austria/France player has one
    let (replies, sent) = mail_orders(&mut g, &[(2, "SIGNON Ademo pw-2\nFrance: A Bur - Gas")]);
    assert!(replies[0].contains("France: A BUR R GAS: accepted."), "{}", replies[0]);
    assert_eq!(phase(&g), at("W1901A"));
    assert_eq!(units(&g, "FRANCE"), ["A GAS", "A SPA", "F POR"]);
    assert_eq!(centres(&g, "AUSTRIA"), ["BUD", "VIE"]);
    assert_eq!(centres(&g, "ITALY"), ["NAP", "ROM", "TRI", "TUN", "VEN"]);
    for n in 1..=4 {
        let rep = results_to(&sent, "Fall 1901 retreats", &p(n));
        contains(
            &rep,
            &["France: A BUR R GAS", "Austria 2 centres 3 units removes 1", "France 5 centres 3 units builds 2", "Italy 5 centres 3 units builds 2"],
        );
    }

    // --- Winter 1901: every build comes in; Austria's removal does not
    let (replies, _) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nBuild F Lon"),
            (2, "SIGNON Fdemo pw-2\nBuild A Par\nBuild F Bre"),
            (3, "SIGNON Tdemo pw-3\nBuild F Kie\nBuild A Con"),
            (4, "SIGNON Idemo pw-4\nBuild A Ven\nBuild F Nap\nBuild A Mos\nBuild F Sev"),
        ],
    );
    assert!(replies[1].contains("France: A PAR B: accepted.") && replies[1].contains("France: F BRE B: accepted."), "{}", replies[1]);
    assert!(replies[2].contains("Germany: F KIE B: accepted.") && replies[2].contains("Turkey: A CON B: accepted."), "{}", replies[2]);
    assert!(replies[3].contains("Italy: F NAP B: accepted.") && replies[3].contains("Russia: F SEV B: accepted."), "{}", replies[3]);
    assert!(
        flat(&replies[1]).contains("Game demo, Austria: Winter 1901 adjustments You have no orders in yet. Still to order: 1 removal(s)"),
        "{}",
        replies[1]
    );
    assert!(
        crate::common::game::flat_unsealed(&replies[1])
            .contains("Game demo, France: Winter 1901 adjustments Your orders now: A PAR B F BRE B Your orders are complete."),
        "{}",
        replies[1]
    );
    assert_eq!(phase(&g), at("W1901A"), "Austria's removal is missing");
    // the deadline passes: one late notice, for Austria, and the master's
    let d = g.deadline();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    let late: Vec<&Sent> = to(&sent, &p(2));
    assert_eq!(late.len(), 1, "{sent:#?}");
    assert_eq!(late[0].subject, "Late: orders missing in game demo");
    contains(&flat(&late[0].body), &["your orders for Austria are not complete", "removals not ordered are chosen for you"]);
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Late powers in game demo").expect("the master's late notice");
    contains(&flat(&gm.body), &["Orders missing from: Austria."]);
    // the other players hear who is late (the game is not quiet), nothing more
    for other in [p(1), p(3), p(4)] {
        let told = to(&sent, &other);
        assert!(told.len() == 1 && told[0].subject == "Late powers in game demo", "{other}: {told:#?}");
    }
    // after the grace period: the civil-disorder removal, and the builds
    let grace = db::only_game(g.w.db()).grace_until.unwrap();
    g.w.set_time(grace + 60);
    let (_, sent) = g.w.step();
    assert_eq!(phase(&g), at("S1902M"));
    assert_eq!(units(&g, "AUSTRIA"), ["A GAL", "A TYR"], "F ADR, two steps from Vienna and Budapest, is removed");
    assert_eq!(units(&g, "FRANCE"), ["A GAS", "A PAR", "A SPA", "F BRE", "F POR"]);
    assert_eq!(units(&g, "ITALY"), ["A APU", "A TRI", "A VEN", "F NAP", "F TUN"]);
    assert_eq!(units(&g, "RUSSIA"), ["A MOS", "A UKR", "A WAR", "F RUM", "F SEV", "F SWE"]);
    assert_eq!(units(&g, "TURKEY"), ["A BUL", "A CON", "A SMY", "F BLA"]);
    for n in 1..=4 {
        let rep = results_to(&sent, "Winter 1901 adjustments", &p(n));
        contains(
            &rep,
            &[
                "Austria: F ADR D (removal not ordered: chosen by the civil-disorder rule)",
                "France: A PAR B F BRE B",
                "Germany: F KIE B",
                "No orders received from: Austria (their units took the default orders).",
                "Next phase: Spring 1902 movement",
            ],
        );
    }
}

/// Three players, the rulebook's first seating: Russia; England/France/Germany;
/// Austria/Italy/Turkey. The triples order their three powers in one mail
/// each (signed on with any of their letters) and get one results mail a
/// phase. Turkey dislodges the Russian fleet in Rumania (it retreats to
/// Sevastopol); in the Winter each triple builds for its three powers in one
/// mail, every build going to the power whose home centre it is in, and
/// Russia waives its build.
#[test]
fn three_players_a_one_year_with_triples() {
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "3a", &['R', 'F', 'I']);
    let subjects: Vec<(String, String)> = sent.iter().filter(|s| s.subject.contains("has started:")).map(|s| (s.to.clone(), s.subject.clone())).collect();
    assert_eq!(
        subjects,
        [
            (p(1), "Game demo has started: you are Russia".to_string()),
            (p(2), "Game demo has started: you are England, France and Germany".to_string()),
            (p(3), "Game demo has started: you are Austria, Italy and Turkey".to_string()),
        ]
    );

    // --- Spring 1901
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Rdemo pw-1\nF Sev-Rum\nA Mos-Ukr\nA War-Gal\nF StP/sc-Bot"),
            (
                2,
                "SIGNON Gdemo pw-2\nF Lon-Nth; F Edi-Nwg; A Lvp-Yor\nA Par-Bur; A Mar-Spa; F Bre-Mao\nF Kie-Den; A Ber-Kie; A Mun-Ruh\n\n-- \nBerta, for the West\nA Par-Pic",
            ),
            (3, "SIGNON Idemo pw-3\nF Tri-Alb\nA Bud-Ser\nA Vie H\nF Nap-Ion\nA Rom-Apu\nA Ven H\nA Con-Bul\nF Ank-Bla\nA Smy-Arm"),
        ],
    );
    assert!(replies[1].contains("Signed on as England, France and Germany in game demo."), "{}", replies[1]);
    for line in ["England: F LON - NTH: accepted.", "France: A MAR - SPA: accepted.", "Germany: A MUN - RUH: accepted."] {
        assert!(replies[1].contains(line), "{line}: {}", replies[1]);
    }
    for line in ["Austria: A BUD - SER: accepted.", "Italy: F NAP - ION: accepted.", "Turkey: F ANK - BLA: accepted."] {
        assert!(replies[2].contains(line), "{line}: {}", replies[2]);
    }
    assert_eq!(phase(&g), at("F1901M"));
    assert_eq!(units(&g, "TURKEY"), ["A ARM", "A BUL", "F BLA"]);
    assert_eq!(units(&g, "RUSSIA"), ["A GAL", "A UKR", "F BOT", "F RUM"]);
    assert_eq!(units(&g, "FRANCE"), ["A BUR", "A SPA", "F MAO"], "nothing after the signature is read");
    for n in 1..=3 {
        let rep = results_to(&sent, "Spring 1901 movement", &p(n));
        contains(&rep, &["F KIE - DEN", "F TRI - ALB", "F SEV - RUM", "Next phase: Fall 1901 movement"]);
    }

    // --- Fall 1901
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Rdemo pw-1\nF Rum H\nF Bot-Swe\nA Ukr H\nA Gal H"),
            (2, "SIGNON Edemo pw-2\nF Nwg-Nwy\nF Nth H\nA Yor H\nF Mao-Por\nA Spa H\nA Bur H\nA Kie-Hol\nF Den H\nA Ruh H"),
            (3, "SIGNON Tdemo pw-3\nF Alb-Gre\nA Ser H\nA Vie H\nF Ion-Tun\nA Apu H\nA Ven H\nA Bul-Rum\nF Bla S A Bul-Rum\nA Arm H"),
        ],
    );
    assert_eq!(phase(&g), at("F1901R"));
    let v = Variant::standard();
    let pos = position(&g);
    assert_eq!(pos.dislodged.len(), 1);
    assert_eq!(v.unit_code(&pos.dislodged[0].unit), "F RUM");
    assert_eq!(pos.dislodged[0].options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>(), ["SEV"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Fall 1901 movement", &p(n));
        contains(&rep, &["F RUM H (dislodged by Turkish A BUL)", "F BLA S A BUL - RUM", "Russia F RUM may retreat to SEV", "Next phase: Fall 1901 retreats"]);
    }

    // --- Fall 1901 retreats
    let (replies, sent) = mail_orders(&mut g, &[(1, "SIGNON Rdemo pw-1\nF Rum - Sev")]);
    assert!(replies[0].contains("F RUM R SEV: accepted."), "{}", replies[0]);
    assert_eq!(phase(&g), at("W1901A"));
    assert_eq!(centres(&g, "AUSTRIA"), ["BUD", "GRE", "SER", "TRI", "VIE"]);
    assert_eq!(centres(&g, "GERMANY"), ["BER", "DEN", "HOL", "KIE", "MUN"]);
    assert_eq!(centres(&g, "TURKEY"), ["ANK", "CON", "RUM", "SMY"]);
    assert_eq!(centres(&g, "RUSSIA"), ["MOS", "SEV", "STP", "SWE", "WAR"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Fall 1901 retreats", &p(n));
        contains(&rep, &["F RUM R SEV", "France 5 centres 3 units builds 2", "Italy 4 centres 3 units builds 1", "Russia 5 centres 4 units builds 1"]);
    }

    // --- Winter 1901: ten builds for six powers in two mails; Russia waives
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Rdemo pw-1\nWaive"),
            (2, "SIGNON Fdemo pw-2\nBuild F Edi\nBuild F Bre\nBuild A Par\nBuild A Ber\nBuild F Kie"),
            (3, "SIGNON Ademo pw-3\nBuild A Bud\nBuild F Tri\nBuild F Nap\nBuild A Con"),
        ],
    );
    for line in [
        "England: F EDI B: accepted.",
        "France: F BRE B: accepted.",
        "France: A PAR B: accepted.",
        "Germany: A BER B: accepted.",
        "Germany: F KIE B: accepted.",
    ] {
        assert!(replies[1].contains(line), "{line}: {}", replies[1]);
    }
    for line in ["Austria: A BUD B: accepted.", "Austria: F TRI B: accepted.", "Italy: F NAP B: accepted.", "Turkey: A CON B: accepted."] {
        assert!(replies[2].contains(line), "{line}: {}", replies[2]);
    }
    assert_eq!(phase(&g), at("S1902M"));
    assert_eq!(units(&g, "ENGLAND"), ["A YOR", "F EDI", "F NTH", "F NWY"]);
    assert_eq!(units(&g, "FRANCE"), ["A BUR", "A PAR", "A SPA", "F BRE", "F POR"]);
    assert_eq!(units(&g, "GERMANY"), ["A BER", "A HOL", "A RUH", "F DEN", "F KIE"]);
    assert_eq!(units(&g, "AUSTRIA"), ["A BUD", "A SER", "A VIE", "F GRE", "F TRI"]);
    assert_eq!(units(&g, "ITALY"), ["A APU", "A VEN", "F NAP", "F TUN"]);
    assert_eq!(units(&g, "TURKEY"), ["A ARM", "A CON", "A RUM", "F BLA"]);
    assert_eq!(units(&g, "RUSSIA"), ["A GAL", "A UKR", "F SEV", "F SWE"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Winter 1901 adjustments", &p(n));
        contains(&rep, &["Russia: WAIVE", "Germany: A BER B F KIE B", "Turkey: A CON B", "Next phase: Spring 1902 movement"]);
    }
}

/// Three players, the rulebook's second seating: England/Germany/Austria;
/// Russia/Italy; France/Turkey. Powers of different seats work together:
/// Austria (first seat) supports the Russian fleet (second seat) into
/// Bulgaria, dislodging the Turkish army (third seat), which the
/// France/Turkey player retreats to Constantinople, its only way out; Turkey's
/// fleet takes Rumania behind the Russian one. Lines name their power
/// (`France: Build A Par`), and a plain `Waive` goes to the power of the seat
/// that still owes a build after the others' builds.
#[test]
fn three_players_b_one_year_across_seats() {
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "3b", &['A', 'I', 'T']);
    let subjects: Vec<(String, String)> = sent.iter().filter(|s| s.subject.contains("has started:")).map(|s| (s.to.clone(), s.subject.clone())).collect();
    assert_eq!(
        subjects,
        [
            (p(1), "Game demo has started: you are England, Germany and Austria".to_string()),
            (p(2), "Game demo has started: you are Russia and Italy".to_string()),
            (p(3), "Game demo has started: you are France and Turkey".to_string()),
        ]
    );

    // --- Spring 1901
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nF Lon-Nth, F Edi-Nwg, A Lvp-Yor\nA Mun-Ruh, A Ber-Kie, F Kie-Den\nA Bud-Ser, A Vie-Gal, F Tri-Alb"),
            (2, "SIGNON Idemo pw-2\nRussia: F Sev-Rum, A Mos-Ukr, A War H, F StP/sc-Bot\nItaly: A Ven H, A Rom-Apu, F Nap-Ion"),
            (3, "SIGNON Tdemo pw-3\nA Par-Bur\nA Mar-Spa\nF Bre-Mao\nA Con-Bul\nF Ank-Bla\nA Smy H"),
        ],
    );
    assert!(replies[0].contains("Signed on as England, Germany and Austria in game demo."), "{}", replies[0]);
    assert!(replies[1].contains("Russia: F SEV - RUM: accepted.") && replies[1].contains("Italy: F NAP - ION: accepted."), "{}", replies[1]);
    assert!(replies[2].contains("France: A PAR - BUR: accepted.") && replies[2].contains("Turkey: A CON - BUL: accepted."), "{}", replies[2]);
    assert_eq!(phase(&g), at("F1901M"));
    assert_eq!(units(&g, "AUSTRIA"), ["A GAL", "A SER", "F ALB"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Spring 1901 movement", &p(n));
        contains(&rep, &["A VIE - GAL", "F SEV - RUM", "A CON - BUL", "Next phase: Fall 1901 movement"]);
    }

    // --- Fall 1901: Russia into Bulgaria with Austrian support; Turkey's
    // fleet takes the Rumania Russia left
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Gdemo pw-1\nF Nwg-Nwy, F Nth H, A Yor H\nA Kie-Hol, F Den H, A Ruh H\nA Ser S F Rum-Bul, F Alb-Gre, A Gal H"),
            (2, "SIGNON Rdemo pw-2\nF Rum-Bul\nF Bot-Swe\nA Ukr H\nA War H\nF Ion-Tun\nA Apu H\nA Ven H"),
            (3, "SIGNON Fdemo pw-3\nF Mao-Por\nA Spa H\nA Bur H\nA Bul H\nF Bla-Rum\nA Smy H"),
        ],
    );
    assert_eq!(phase(&g), at("F1901R"));
    let v = Variant::standard();
    let pos = position(&g);
    assert_eq!(pos.dislodged.len(), 1);
    assert_eq!(v.unit_code(&pos.dislodged[0].unit), "A BUL");
    assert_eq!(pos.dislodged[0].options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>(), ["CON"]);
    assert_eq!(units(&g, "RUSSIA"), ["A UKR", "A WAR", "F BUL/EC", "F SWE"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Fall 1901 movement", &p(n));
        contains(&rep, &["A SER S F RUM - BUL", "A BUL H (dislodged by Russian F RUM)", "F BLA - RUM", "Turkey A BUL may retreat to CON"]);
    }

    // --- Fall 1901 retreats: the France/Turkey player retreats the Turkish army
    let (replies, sent) = mail_orders(&mut g, &[(3, "SIGNON Fdemo pw-3\nA Bul - Con")]);
    assert!(replies[0].contains("Turkey: A BUL R CON: accepted."), "{}", replies[0]);
    assert_eq!(phase(&g), at("W1901A"));
    assert_eq!(units(&g, "TURKEY"), ["A CON", "A SMY", "F RUM"]);
    assert_eq!(centres(&g, "RUSSIA"), ["BUL", "MOS", "SEV", "STP", "SWE", "WAR"]);
    assert_eq!(centres(&g, "TURKEY"), ["ANK", "CON", "RUM", "SMY"]);
    assert_eq!(centres(&g, "AUSTRIA"), ["BUD", "GRE", "SER", "TRI", "VIE"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Fall 1901 retreats", &p(n));
        contains(
            &rep,
            &["Turkey: A BUL R CON", "Austria 5 centres 3 units builds 2", "Russia 6 centres 4 units builds 2", "Turkey 4 centres 3 units builds 1"],
        );
    }

    // --- Winter 1901: England, Germany and Austria build four and waive one
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nBuild F Edi\nBuild A Ber\nBuild F Kie\nBuild A Bud\nWaive"),
            (2, "SIGNON Rdemo pw-2\nRussia: Build F Sev, Build A Mos\nItaly: Build F Nap"),
            (3, "SIGNON Tdemo pw-3\nFrance: Build A Par\nFrance: Build F Bre\nTurkey: Build F Ank"),
        ],
    );
    assert!(replies[0].contains("Austria: WAIVE: accepted."), "the waive goes to Austria, the one still owing: {}", replies[0]);
    assert!(replies[1].contains("Russia: A MOS B: accepted.") && replies[1].contains("Italy: F NAP B: accepted."), "{}", replies[1]);
    assert!(replies[2].contains("France: A PAR B: accepted.") && replies[2].contains("Turkey: F ANK B: accepted."), "{}", replies[2]);
    assert_eq!(phase(&g), at("S1902M"));
    assert_eq!(units(&g, "AUSTRIA"), ["A BUD", "A GAL", "A SER", "F GRE"]);
    assert_eq!(units(&g, "GERMANY"), ["A BER", "A HOL", "A RUH", "F DEN", "F KIE"]);
    assert_eq!(units(&g, "RUSSIA"), ["A MOS", "A UKR", "A WAR", "F BUL/EC", "F SEV", "F SWE"]);
    assert_eq!(units(&g, "TURKEY"), ["A CON", "A SMY", "F ANK", "F RUM"]);
    assert_eq!(units(&g, "FRANCE"), ["A BUR", "A PAR", "A SPA", "F BRE", "F POR"]);
    for n in 1..=3 {
        let rep = results_to(&sent, "Winter 1901 adjustments", &p(n));
        contains(&rep, &["Austria: A BUD B WAIVE", "England: F EDI B", "Italy: F NAP B", "Turkey: F ANK B", "Next phase: Spring 1902 movement"]);
    }
}

/// Two players, World War I: England/France/Russia (p1) against
/// Austria/Germany/Turkey (p2), from Spring 1914, Italy neutral and its
/// territory closed. 1914 is played by mail: a French move into Piedmont is
/// refused, Germany dislodges the French army in Burgundy and Turkey the
/// Russian fleet in Rumania, both retreated by p1 in one mail; the coin is
/// flipped when those retreats lead to the Winter 1914 adjustments (announced
/// in that results mail, with what checks it, and stored), both sides build,
/// and in Spring 1915 Italy joins the winner of the toss, whose player then
/// orders it (Venice to the now open Piedmont).
///
/// The 24-centre victory: playing on by mail until a side owns 24 centres
/// would take many years, so after Spring 1915 the test rewrites the stored
/// position's supply-centre owners (units untouched; the judge has no master
/// command that sets a position, and none is added for the test): every
/// centre a loser's unit stands on stays the loser's, and so does one empty
/// centre beside a unit of the winner (Berlin beside the Russian army that
/// went to Silesia, or Marseilles beside the Italian army in Piedmont); the
/// loser keeps 11 centres and the winner's side, Italy's three counted, owns
/// 23. In Fall 1915 the winner mails the move into that centre, and the 24th
/// centre ends the game as the side's alliance victory.
#[test]
fn two_players_world_war_one_to_a_side_victory() {
    let mut g = Game::empty();
    let sent = create_and_join(&mut g, "2", &['E', 'A']);
    let allies = p(1);
    let central = p(2);
    let start = to(&sent, &allies).into_iter().find(|s| s.subject.contains("has started:")).expect("p1's start notice");
    assert_eq!(start.subject, "Game demo has started: you are England, France and Russia");
    contains(&flat(&start.body), &["First phase: Spring 1914 movement"]);
    let gm = to(&sent, GM).into_iter().find(|s| s.subject == "Game demo has started").expect("the master's notice");
    contains(
        &flat(&gm.body),
        &["England, France and Russia p1@example.test", "Austria, Germany and Turkey p2@example.test", "Neutral, played by no one: Italy."],
    );
    let start = to(&sent, &central).into_iter().find(|s| s.subject.contains("has started:")).expect("p2's start notice");
    assert_eq!(start.subject, "Game demo has started: you are Austria, Germany and Turkey");
    assert_eq!(phase(&g), at("S1914M"));
    assert_eq!(g.row().settings.neutral, ["ITALY"]);

    // --- Spring 1914: Italian territory is closed, Italian units take no orders
    let (r, _) = g.send(&allies, "SIGNON Fdemo pw-1\nA Mar-Pie");
    assert!(r.contains("A MAR - PIE") && r.contains("no unit may enter that province"), "{r}");
    let (r, _) = g.send(&central, "SIGNON Ademo pw-2\nA Ven-Tyr");
    assert!(r.contains("the unit belongs to another power"), "{r}");
    let (replies, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nF Lon-Nth\nF Edi-Nwg\nA Lvp-Yor\nA Par-Bur\nA Mar H\nF Bre-Mao\nF Sev-Rum\nA Mos-Ukr\nA War-Gal\nF StP/sc-Bot"),
            (2, "SIGNON Ademo pw-2\nA Vie-Gal\nA Bud-Ser\nF Tri-Alb\nA Mun-Ruh\nA Ber-Mun\nF Kie-Den\nA Con-Bul\nF Ank-Bla\nA Smy-Arm"),
        ],
    );
    assert!(replies[0].contains("Signed on as England, France and Russia in game demo."), "{}", replies[0]);
    assert!(replies[0].contains("France: A MAR H: accepted."), "the refused move was replaced: {}", replies[0]);
    assert_eq!(phase(&g), at("F1914M"));
    assert_eq!(units(&g, "RUSSIA"), ["A UKR", "A WAR", "F BOT", "F RUM"], "Galicia bounced");
    assert_eq!(units(&g, "AUSTRIA"), ["A SER", "A VIE", "F ALB"]);
    assert_eq!(units(&g, "ITALY"), ["A ROM", "A VEN", "F NAP"]);
    for addr in [&allies, &central] {
        let rep = results_to(&sent, "Spring 1914 movement", addr);
        contains(&rep, &["A WAR - GAL (bounce", "A VIE - GAL (bounce", "A VEN H (no order: the unit holds)", "Next phase: Fall 1914 movement"]);
    }

    // --- Fall 1914
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (
                1,
                "SIGNON Rdemo pw-1\nF Nwg-Nwy\nF Nth H\nA Yor H\nA Bur H\nF Mao-Por\nA Mar-Spa\nF Rum H\nF Bot-Swe\nA Ukr H\nA War H\n\nOn Mon, the judge wrote:\n> A Bur - Pic",
            ),
            (2, "SIGNON Gdemo pw-2\nF Alb-Gre\nA Ser H\nA Vie H\nA Ruh-Bur\nA Mun S A Ruh-Bur\nF Den H\nA Bul-Rum\nF Bla S A Bul-Rum\nA Arm H"),
        ],
    );
    assert_eq!(phase(&g), at("F1914R"));
    let v = Variant::standard();
    let pos = position(&g);
    let dislodged: Vec<String> = pos.dislodged.iter().map(|d| v.unit_code(&d.unit)).collect();
    assert_eq!(dislodged, ["A BUR", "F RUM"]);
    assert!(g.row().settings.world_war.unwrap().winner.is_none(), "the coin waits for the phase that leads to the Winter");
    for addr in [&allies, &central] {
        let rep = results_to(&sent, "Fall 1914 movement", addr);
        contains(&rep, &["A BUR H (dislodged by German A RUH)", "F RUM H (dislodged by Turkish A BUL)", "Next phase: Fall 1914 retreats"]);
        assert!(!rep.contains("coin"), "{rep}");
    }

    // --- Fall 1914 retreats, both in one mail; then the coin
    let (replies, sent) = mail_orders(&mut g, &[(1, "SIGNON Edemo pw-1\nA Bur - Gas\nF Rum - Sev")]);
    assert!(replies[0].contains("France: A BUR R GAS: accepted.") && replies[0].contains("Russia: F RUM R SEV: accepted."), "{}", replies[0]);
    assert_eq!(phase(&g), at("W1914A"));
    let game = g.row();
    let ww = game.settings.world_war.clone().expect("a World War I game");
    let (heads, digest) = mailjudge::play::world_war::coin(game.id, ww.seed);
    let (winner, loser, lead) = if heads { (1, 2, "ENGLAND") } else { (2, 1, "AUSTRIA") };
    assert_eq!(ww.winner.as_deref(), Some(lead), "the coin is stored");
    assert!(!ww.joined, "Italy joins only in 1915");
    assert_eq!(game.settings.neutral, ["ITALY"]);
    let side = if heads { "England, France and Russia" } else { "Austria, Germany and Turkey" };
    for addr in [&allies, &central, &GM.to_string()] {
        let rep = results_to(&sent, "Fall 1914 retreats", addr);
        contains(
            &rep,
            &[
                &format!("The coin of game demo is flipped: SHA-256 of `{}:{}`", game.id, ww.seed),
                &format!("is {digest}; its first byte is {}", if heads { "even" } else { "odd" }),
                &format!("Italy joins {side} in Spring 1915."),
                "Next phase: Winter 1914 adjustments",
            ],
        );
    }
    assert_eq!(count(db::phases(g.w.db()), |p| db::like(&p.stored.report, "%coin of game demo is flipped%")), 1, "kept in the history");
    assert_eq!(centres(&g, "TURKEY"), ["ANK", "CON", "RUM", "SMY"]);
    assert_eq!(centres(&g, "ITALY"), ["NAP", "ROM", "VEN"]);

    // --- Winter 1914: Italy, still neutral, does not build
    let (_, sent) = mail_orders(
        &mut g,
        &[
            (1, "SIGNON Edemo pw-1\nBuild F Edi\nBuild A Par\nBuild F Bre\nBuild A Mos"),
            (2, "SIGNON Ademo pw-2\nBuild A Bud\nBuild F Tri\nBuild F Kie\nBuild A Con"),
        ],
    );
    assert_eq!(phase(&g), at("S1915M"));
    assert_eq!(units(&g, "FRANCE"), ["A GAS", "A PAR", "A SPA", "F BRE", "F POR"]);
    assert_eq!(units(&g, "RUSSIA"), ["A MOS", "A UKR", "A WAR", "F SEV", "F SWE"]);
    assert_eq!(units(&g, "AUSTRIA"), ["A BUD", "A SER", "A VIE", "F GRE", "F TRI"]);
    assert_eq!(units(&g, "TURKEY"), ["A ARM", "A CON", "A RUM", "F BLA"]);
    assert_eq!(units(&g, "ITALY"), ["A ROM", "A VEN", "F NAP"]);
    let game = g.row();
    assert!(game.settings.world_war.as_ref().unwrap().joined && game.settings.neutral.is_empty() && game.settings.closed.is_empty());
    for addr in [&allies, &central] {
        let rep = results_to(&sent, "Winter 1914 adjustments", addr);
        contains(&rep, &["France: A PAR B F BRE B", "Turkey: A CON B", &format!("Italy has joined {side}"), "Next phase: Spring 1915 movement"]);
    }

    // --- Spring 1915: Italy is the winner's; the loser cannot order it
    let (wl, ll) = if heads { ('E', 'A') } else { ('A', 'E') };
    let (r, _) = g.send(&p(loser), &format!("SIGNON {ll}demo pw-{loser}\nItaly: A Ven - Pie"));
    assert!(r.contains("you do not play Italy in game demo"), "{r}");
    let italy = "Italy: A Ven - Pie\nItaly: F Nap - Ion\nItaly: A Rom H";
    let allied = "F Edi H\nF Nwy H\nF Nth H\nA Yor H\nA Gas H\nA Par H\nA Spa H\nF Bre H\nF Por H\nA Mos H\nA Ukr H\nA War - Sil\nF Sev H\nF Swe H";
    let centrals = "A Bud H\nA Ser H\nA Vie H\nF Gre H\nF Tri H\nA Bur H\nA Mun H\nF Den H\nF Kie H\nA Arm H\nA Con H\nA Rum H\nF Bla H";
    let (mine, theirs) = if heads { (allied, centrals) } else { (centrals, allied) };
    let (replies, sent) =
        mail_orders(&mut g, &[(loser, &format!("SIGNON {ll}demo pw-{loser}\n{theirs}")), (winner, &format!("SIGNON {wl}demo pw-{winner}\n{mine}"))]);
    assert_eq!(phase(&g), at("S1915M"), "Italy's orders are owed now");
    assert!(results(&sent, "Spring 1915 movement").is_empty());
    assert!(
        flat(&replies[1]).contains("Game demo, Italy: Spring 1915 movement You have no orders in yet. Still to order: A ROM, A VEN, F NAP"),
        "{}",
        replies[1]
    );
    assert!(replies[1].contains(&format!("Signed on as {} and Italy in game demo.", side.replace(" and ", ", "))), "{}", replies[1]);
    let (replies, sent) = mail_orders(&mut g, &[(winner, &format!("SIGNON {wl}demo pw-{winner}\n{italy}"))]);
    assert!(replies[0].contains("Italy: A VEN - PIE: accepted.") && replies[0].contains("Italy: F NAP - ION: accepted."), "{}", replies[0]);
    assert_eq!(phase(&g), at("F1915M"));
    assert_eq!(units(&g, "ITALY"), ["A PIE", "A ROM", "F ION"], "Piedmont is open");
    assert_eq!(units(&g, "RUSSIA"), ["A MOS", "A SIL", "A UKR", "F SEV", "F SWE"]);
    for addr in [&allies, &central] {
        let rep = results_to(&sent, "Spring 1915 movement", addr);
        contains(&rep, &["Italy: A VEN - PIE F NAP - ION A ROM H", "A WAR - SIL"]);
    }

    // --- the construction (see above): the winner's side owns 23 centres
    let names = |s: &[&str]| s.iter().map(|n| v.power_by_name(n).unwrap()).collect::<Vec<_>>();
    let (win_side, lose_side, target) = if heads {
        (names(&["ENGLAND", "FRANCE", "RUSSIA", "ITALY"]), names(&["AUSTRIA", "GERMANY", "TURKEY"]), "BER")
    } else {
        (names(&["AUSTRIA", "GERMANY", "TURKEY", "ITALY"]), names(&["ENGLAND", "FRANCE", "RUSSIA"]), "MAR")
    };
    let mut pos = position(&g);
    let target = v.prov_by_code(target).unwrap();
    assert!(pos.unit_at(target).is_none() && lose_side.contains(&pos.centers[target as usize].unwrap()));
    let mut kept = vec![target];
    for c in 0..pos.centers.len() as u16 {
        if v.province(c).center && pos.unit_at(c).is_some_and(|u| lose_side.contains(&u.power)) {
            assert!(lose_side.contains(&pos.centers[c as usize].unwrap()));
            kept.push(c);
        }
    }
    for c in 0..pos.centers.len() as u16 {
        if kept.len() < 11
            && v.province(c).center
            && !kept.contains(&c)
            && pos.centers[c as usize].is_some_and(|o| lose_side.contains(&o))
            && pos.unit_at(c).is_none()
        {
            kept.push(c);
        }
    }
    assert_eq!(kept.len(), 11);
    for c in 0..pos.centers.len() as u16 {
        if v.province(c).center && !kept.contains(&c) && !pos.centers[c as usize].is_some_and(|o| win_side.contains(&o)) {
            pos.centers[c as usize] = Some(win_side[0]);
        }
    }
    let count = |pos: &Position, side: &[u8]| pos.centers.iter().filter(|o| o.is_some_and(|o| side.contains(&o))).count();
    assert_eq!((count(&pos, &win_side), count(&pos, &lose_side)), (23, 11));
    assert_eq!(count(&pos, &win_side[..3]), 20, "Italy's three centres count for its side");
    let json = mailjudge::contract::position_to_json(&v, &pos).to_string();
    g.set_position(&json);

    // --- Fall 1915: the move into the 24th centre
    let allied = allied.replace("A War - Sil", if heads { "A Sil - Ber" } else { "A Sil H" });
    let italy = if heads {
        italy.replace("Ven - Pie", "Pie H").replace("Nap - Ion", "Ion H")
    } else {
        "Italy: A Pie - Mar\nItaly: F Ion H\nItaly: A Rom H".to_string()
    };
    let (mine, theirs) = if heads { (allied.as_str(), centrals) } else { (centrals, allied.as_str()) };
    let (_, sent) =
        mail_orders(&mut g, &[(loser, &format!("SIGNON {ll}demo pw-{loser}\n{theirs}")), (winner, &format!("SIGNON {wl}demo pw-{winner}\n{mine}\n{italy}"))]);
    let pos = position(&g);
    assert_eq!(count(&pos, &win_side), 24);
    assert_eq!(db::count(db::games(g.w.db()), |r| r.status.as_str() == "finished"), 1, "24 centres win");
    let end = g.row().ending.unwrap().end;
    let mut won = win_side.clone();
    won.sort();
    assert_eq!(end, mailjudge::end::GameEnd::Alliance(won));
    let names = if heads { "England, France, Italy, Russia" } else { "Austria, Germany, Italy, Turkey" };
    for addr in [&allies, &central, &GM.to_string()] {
        let rep = results_to(&sent, "Fall 1915 movement", addr);
        contains(&rep, &["Final position:", &format!("The game is over: {names} won together in Fall 1915 movement")]);
    }
}
